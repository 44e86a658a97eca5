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
import random
import signal
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
    return str(folder / f"new-{rng.randrange(10**9)}.json")


def command_line(rng: random.Random, files: dict[str, list[str]], folder: Path) -> tuple[list[str], str]:
    """One generated command line and the text on its standard input."""

    def pick(pool: list[str]) -> str:
        return rng.choice(pool)

    def game() -> str:
        return pick(list(GAME_IDS)) if rng.random() < 0.8 else pick(JUNK)

    def path(kind: str) -> str:
        r = rng.random()
        if kind == "new" and r < 0.5:
            return _new_path(rng, folder)
        if r < 0.75:
            return pick(files["existing"])
        return pick(files["odd"])

    def options() -> list[str]:
        out: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            r = rng.random()
            if r < 0.7:
                out += [pick(["-o", "--option"]), f"{pick(OPTION_NAMES)}={pick(OPTION_VALUES)}"]
            elif r < 0.85:
                out += ["-o", pick(JUNK + ["=", "=1", "lives", "lives==4"])]
            else:
                out += ["-o"]  # value missing (or the next token taken as it)
        return out

    command = pick(["play", "play", "play", "simulate", "simulate", "simulate", "replay", "replay", "rules",
                    "games", "", "bogus", "--version", "--help"])
    args: list[str] = [command] if command else []
    stdin = ""
    if command == "play":
        if rng.random() < 0.15:
            args += ["--resume", path("existing")]
            if rng.random() < 0.5:
                args.append(game())
        else:
            if rng.random() < 0.95:
                args.append(game())
            extra = {
                "--players": lambda: pick(INTS), "--seat": lambda: pick(INTS), "--seed": lambda: pick(INTS),
                "--opponents": lambda: pick(BOTS), "--record": lambda: path("new"), "--delay": lambda: pick(FLOATS),
            }
            for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
                args += [flag, extra[flag]()]
            args += options()
            for flag in ("--demo", "--force", "--ascii"):
                if rng.random() < 0.25:
                    args.append(flag)
        stdin = pick(["quit\n", "", "q\n", "?\nhelp\nquit\n", "\x1b[A\x1b[B\nzz\nquit\n", "auto\n" * 3 + "quit\n",
                      "s\np\nk\n" * 5, "\n" * 20, "é\u00a0\n[bold]x[/]\n" + LONG + "\nquit\n"])
    elif command == "simulate":
        if rng.random() < 0.95:
            args.append(game())
        extra = {
            "--matches": lambda: pick(INTS[:8] + INTS[12:] if rng.random() < 0.5 else ["1", "2", "3", "4"]),
            "--players": lambda: pick(INTS), "--seed": lambda: pick(INTS), "--bots": lambda: pick(BOTS),
        }
        for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
            args += [flag, extra[flag]()]
        if "--matches" not in args:
            args += ["--matches", pick(["1", "2", "3"])]  # the default (1,000) would take too long here
        args += options()
        if rng.random() < 0.4:
            args.append("--json")
    elif command == "replay":
        if rng.random() < 0.95:
            args.append(path("existing"))
        for flag in ("--json", "--ascii"):
            if rng.random() < 0.3:
                args.append(flag)
    elif command in ("rules", "games"):
        if rng.random() < 0.9:
            args.append(game())
        if rng.random() < 0.4:
            args.append("--json")
    if rng.random() < 0.1:
        args.insert(rng.randrange(len(args) + 1), pick(JUNK + ["--bogus", "--help", "-o", "--json", "--seed"]))
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
