"""Generated command lines for every ``academie`` command, and the judge of what each gives.

Used by ``tests/test_cli_limits.py`` (a bounded run) and ``benchmarks/fuzz_cli.py`` (≥ 600 lines).
A command line mixes valid and invalid values for every option of ``play``, ``simulate``,
``replay``, ``rules`` and ``games``: out-of-range and 300- or 5,000-digit integers, ``nan`` and
``inf``, 300-character file names (ENAMETOOLONG), folders, missing folders, files that are not
records, names with markup or lone surrogates (as a non-UTF-8 argument arrives), unknown options,
repeated or malformed ``-o`` pairs, flags, and sometimes stray words. Play reads a random script
on standard input. Each command line runs with a time budget: when it is spent, a
KeyboardInterrupt is raised in it, as Ctrl-C would (a simulation then prints its partial report).

:func:`judge` says what came out: ``ok`` (exit 0), ``refused`` (exit 1 or 2 with a one-line
``error:``), ``interrupted`` (130), or a problem: ``traceback`` (an exception escaped),
``bad-exit`` (another exit code), ``bad-error`` (an exit 2 without one short ``error:`` line).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from academie.cli.app import app
from academie.games import GAMES

GAME_IDS = tuple(GAMES)
EXIT_CODES = {0, 1, 2, 130}
LONG = "a" * 300
JUNK = ["", " ", "x", "-", "--", "-1", "[bold]x[/]", "[/]", "\udcff", "é" * 3, LONG, "1" * 5000, "a\nb", "\t"]
INTS = ["-1", "0", "1", "2", "3", "5", "12", "13", "100", str(2**63 - 1), str(2**63), str(-(2**63)), "9" * 300,
        "9" * 5000, "1e3", "0x10", "abc", "", " 4", "٣", "nan", "1_000", "1000000", "1000001", "1000000000000"]
FLOATS = ["0", "0.0", "0.01", "-1", "-0.0", "inf", "-inf", "nan", "1e309", "60", "61", "abc", ""]
OPTION_NAMES = ["lives", "deals", "counters", "stake", "bus", "brelan", "dice", "packet", "quinola_force",
                "price", "entry", "tie_rule", "ruleset", "", "x", LONG, "[bold]", "deals "]
OPTION_VALUES = ["0", "1", "2", "3", "10000", "10001", "-1", "true", "false", "yes", "abc", "", "1.5",
                 "9" * 300, "carry", "2d6", "later", "off", LONG, "\udcff"]
BOTS = ["random", "heuristic", "random,heuristic", "random,random,random", "heuristic,,random", ",",
        "nobody", "Random", LONG, "random," * 40, "[red]x[/]"]


@dataclass(frozen=True)
class Outcome:
    """What one command line gave."""

    args: tuple[str, ...]
    verdict: str
    exit_code: int | None
    detail: str = ""


def fixtures(folder: Path) -> dict[str, list[str]]:
    """Files the command lines name, made in ``folder``: a finished record, an unfinished one,
    a demo's, files that are no records, a folder, missing and unwritable places."""
    from academie.core.record import GameRecord

    runner = CliRunner()
    finished, unfinished, demo = folder / "done.json", folder / "open.json", folder / "demo.json"
    runner.invoke(app, ["play", "blason", "--seed", "2", "--record", str(finished)], input="auto\n")
    runner.invoke(app, ["play", "trente-et-un", "--seed", "2", "--record", str(unfinished)], input="s\nquit\n")
    runner.invoke(app, ["play", "guimbarde", "--demo", "--seed", "1", "-o", "deals=1", "--record", str(demo)])
    for path in (finished, unfinished, demo):
        GameRecord.load(path)  # the fixtures are real records
    # Load the slow modules now: a budget that ran out in the middle of a first import would leave
    # it half-loaded for every later command line of this process (a real run is a new process).
    runner.invoke(app, ["simulate", "blason", "--matches", "1", "--json"])
    runner.invoke(app, ["replay", str(unfinished), "--json"])
    (folder / "notes.txt").write_text("not a record\n")
    (folder / "empty.json").write_text("")
    (folder / "list.json").write_text(json.dumps([1, 2, 3]))
    (folder / "sub").mkdir(exist_ok=True)
    existing = [str(finished), str(unfinished), str(demo), str(folder / "notes.txt"), str(folder / "empty.json"),
                str(folder / "list.json")]
    odd = [str(folder / "sub"), str(folder / "missing" / "x.json"), str(folder / "notes.txt" / "x.json"),
           LONG + ".json", str(folder / (LONG + ".json")), "a/" * 2100 + "x.json", "/proc/x.json", "/dev/null",
           "", ".", "\udcff.json", "[bold]x[/].json", "/"]
    return {"existing": existing, "odd": odd}


def _new_path(rng: random.Random, folder: Path) -> str:
    """A file name that does not exist yet in ``folder``."""
    return str(folder / f"new-{rng.randrange(10**9)}.json")


def _valid_option(rng: random.Random, game_id: str) -> str:
    """A valid ``name=value`` for the game: an allowed choice, or a small number in range."""
    docs = GAMES[game_id].describe_options()
    doc = rng.choice(docs)
    allowed = str(doc.allowed)
    if isinstance(doc.default, bool):
        return f"{doc.name}={rng.choice(['true', 'false'])}"
    if isinstance(doc.default, int):
        small = {"deals": ["1", "2", "0"], "lives": ["1", "2"], "counters": ["30", "10000"]}.get(doc.name)
        return f"{doc.name}={rng.choice(small) if small else doc.default}"
    choices = [c.strip().strip("'") for c in allowed.split(",")] if allowed.startswith("'") else [str(doc.default)]
    return f"{doc.name}={rng.choice(choices)}"


def command_line(rng: random.Random, files: dict[str, list[str]], folder: Path) -> tuple[list[str], str]:
    """One generated command line and the text on its standard input. A line is wholly valid,
    has a few bad values, or mostly bad ones (each a third of the time)."""
    bad = rng.choice([0.0, 0.1, 0.5])

    def pick(good: list[str], junk: list[str]) -> str:
        return rng.choice(junk) if rng.random() < bad else rng.choice(good)

    game_id = rng.choice(GAME_IDS)
    info = GAMES[game_id].info
    players = rng.randint(info.min_players, min(info.max_players, 5))

    def path(kind: str) -> str:
        if kind == "new":
            return pick([_new_path(rng, folder)], files["existing"] + files["odd"])
        return pick(files["existing"], files["odd"])

    def options() -> list[str]:
        out: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            r = rng.random()
            if r >= bad:
                out += ["-o", _valid_option(rng, game_id)]
            elif r < bad * 0.6:
                out += [rng.choice(["-o", "--option"]), f"{rng.choice(OPTION_NAMES)}={rng.choice(OPTION_VALUES)}"]
            elif r < bad * 0.9:
                out += ["-o", rng.choice(JUNK + ["=", "=1", "lives", "lives==4"])]
            else:
                out += ["-o"]  # value missing (or the next token taken as it)
        return out

    def bots() -> str:
        good = [rng.choice(["random", "heuristic"]) if game_id != "blason" else "random"]
        good.append(",".join(rng.choice(["random", "heuristic" if game_id != "blason" else "random"])
                             for _ in range(players)))
        return pick(good, BOTS)

    command = rng.choice(["play"] * 4 + ["simulate"] * 3 + ["replay"] * 2 + ["rules", "games", "other"])
    if command == "other":
        command = rng.choice(["", "bogus", "--version", "--help", "help"])
    args: list[str] = [command] if command else []
    stdin = ""
    game = pick([game_id], JUNK)
    if command == "play":
        if rng.random() < 0.15:
            args += ["--resume", path("existing")]
            if rng.random() < 0.3:
                args.append(game)
        else:
            if rng.random() < 0.97:
                args.append(game)
            extra = {
                "--players": lambda: pick([str(players)], INTS), "--seat": lambda: pick(["0", "1"], INTS),
                "--seed": lambda: pick(["1", "7", str(2**63 - 1)], INTS), "--opponents": lambda: pick(["random"], BOTS),
                "--record": lambda: path("new"), "--delay": lambda: pick(["0", "0.0"], FLOATS),
            }
            for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
                args += [flag, extra[flag]()]
            args += options()
            for flag in ("--demo", "--force", "--ascii"):
                if rng.random() < 0.25:
                    args.append(flag)
        stdin = rng.choice(["quit\n", "", "q\n", "?\nhelp\nquit\n", "\x1b[A\x1b[B\nzz\nquit\n",
                            "auto\n" * 3 + "quit\n", "s\np\nk\n" * 5, "\n" * 20, "é\u00a0\n[bold]x[/]\n" + LONG + "\nquit\n",
                            ("\n".join(["auto", "s", "k", "p", "a", "pass", "\n"] + [r + s for r in "A23456789TJQK"
                                                                             for s in "SHDC"]) + "\n") * 30])
    elif command == "simulate":
        if rng.random() < 0.97:
            args.append(game)
        extra = {
            "--matches": lambda: pick(["1", "2", "3", "1", "2", "3", "500"], INTS),  # 500: stopped by Ctrl-C
            "--players": lambda: pick([str(players)], INTS), "--seed": lambda: pick(["1", "2", str(2**63 - 1)], INTS),
            "--bots": bots,
        }
        for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
            args += [flag, extra[flag]()]
        if "--matches" not in args:
            args += ["--matches", rng.choice(["1", "2", "3"])]  # the default (1,000) would take long here
        args += options()
        if rng.random() < 0.4:
            args.append("--json")
    elif command == "replay":
        if rng.random() < 0.97:
            args.append(path("existing"))
        for flag in ("--json", "--ascii"):
            if rng.random() < 0.3:
                args.append(flag)
    elif command in ("rules", "games"):
        if rng.random() < 0.9:
            args.append(game)
        if rng.random() < 0.4:
            args.append("--json")
    if rng.random() < bad * 0.3:
        args.insert(rng.randrange(1, len(args) + 1) if args else 0,
                    rng.choice(JUNK + ["--bogus", "--help", "-o", "--json", "--seed"]))
    return args, stdin


@contextmanager
def budget(seconds: float) -> Iterator[None]:
    """Raise KeyboardInterrupt (as Ctrl-C would) in whatever runs when ``seconds`` are spent."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(args: list[str], stdin: str, seconds: float = 2.0) -> Outcome:
    """Run one command line (at most ``seconds``, then Ctrl-C) and judge its outcome."""
    runner = CliRunner()
    key = tuple(args)
    try:
        with budget(seconds):
            result = runner.invoke(app, args, input=stdin, terminal_width=100)
    except KeyboardInterrupt:  # the budget ran out after the command had ended, in the runner
        return Outcome(key, "interrupted", 130)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Outcome(key, "traceback", result.exit_code,
                       f"{type(result.exception).__name__}: {str(result.exception)[:200]}")
    if "Traceback (most recent call last)" in output:
        return Outcome(key, "traceback", result.exit_code, output[-300:])
    code = result.exit_code
    if code not in EXIT_CODES:
        return Outcome(key, "bad-exit", code, output[-300:])
    if code == 2:
        errors = [line for line in output.splitlines() if line.startswith("error: ")]
        if not errors and "Usage:" in output:  # `academie` alone prints its help
            return Outcome(key, "refused", code)
        if len(errors) != 1 or len(errors[0]) > 700:
            return Outcome(key, "bad-error", code, output[-300:])
        return Outcome(key, "refused", code)
    if code == 1:
        return Outcome(key, "refused", code)
    return Outcome(key, "ok" if code == 0 else "interrupted", code)


ENVIRONMENTS = {
    "utf-8": {},
    "latin-1": {"LC_ALL": "C", "PYTHONIOENCODING": "latin-1"},
    "ascii": {"LC_ALL": "C", "PYTHONIOENCODING": "ascii"},
}
"""Terminals a real process runs under: Unicode, Latin-1, ASCII."""


def judge_process(args: list[str], stdin: str, environment: str = "utf-8", seconds: float = 3.0) -> Outcome:
    """Run one command line as a real ``academie`` process (arguments as bytes, so a lone
    surrogate arrives as the byte that is not UTF-8), in one of :data:`ENVIRONMENTS`; when
    ``seconds`` are spent it gets SIGINT (Ctrl-C). Judged as :func:`judge` does, on its exit
    status and standard error."""
    env = dict(os.environ, COLUMNS="100", **ENVIRONMENTS[environment])
    command = [sys.executable, "-m", "academie.cli.app", *(os.fsencode(a) for a in args)]
    key = tuple(args)
    process = subprocess.Popen(  # SIGINT as a terminal sends it, even from a shell that ignores it
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    data = stdin.encode("utf-8")
    try:
        _, err = process.communicate(data, timeout=seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return Outcome(key, "bad-exit", None, "still running 30 s after Ctrl-C")
    text = err.decode("utf-8", "replace")
    code = process.returncode
    if code == -signal.SIGINT:  # Ctrl-C while Python itself starts or shuts down (no handler then):
        code = 130  # the shell reports it as 128 + 2, the same as the command's own 130
    if "Traceback (most recent call last)" in text:
        return Outcome(key, "traceback", code, text[-300:])
    if code not in EXIT_CODES:
        return Outcome(key, "bad-exit", code, text[-300:])
    if code == 2 and not (not text.strip() and not args):  # `academie` alone: help, exit 2
        errors = [line for line in text.splitlines() if line.startswith("error: ")]
        if len(errors) != 1 or len(errors[0]) > 700:
            if not ("Usage:" in text and not errors):
                return Outcome(key, "bad-error", code, text[-300:])
    return Outcome(key, {0: "ok", 130: "interrupted"}.get(code, "refused"), code)
