"""Fuzz the newer surfaces: ``tournament``, ``analyse``, ``simulate``'s outputs, bot specs, and the
OpenSpiel and PettingZoo adapters. Bounded (a number of cases and a time budget per surface) and
seeded; prints a tally per surface.

* ``cli``: generated command lines for ``tournament`` (bots, deals/matches, players, seed,
  workers, records, backend, duplicate, json/csv), ``analyse GAME TOPIC`` (every topic, players,
  samples, seed, plot, json/csv) and ``simulate`` with its outputs (json, jsonl, records, plot,
  workers, backend), valid and invalid values (out of range, huge integers, nan/inf, empty
  strings, 300-character names, ``/proc``, a file as a folder, missing folders, markup, lone
  surrogates, unknown and repeated options). Judged by ``tests/cli_fuzz.judge``: ok / refused /
  interrupted, else a traceback, another exit code or a malformed error.
* ``specs``: bot specs (``ismcts`` with every parameter, nested ``own=``, the heuristics'
  parameters, bad values) through :func:`academie.bots.make_bot`: an
  :class:`~academie.core.errors.UnknownBotError` or a bot; a bot made must play a legal move.
* ``openspiel``: random play of every registered game with bad actions (negative, huge, bool,
  float, str, None, numpy integers) thrown in at each step, which must be refused with the state
  unchanged; ``string_to_action``/``action_to_string``, serialize/deserialize with corrupted
  strings, ``clone``, tensors at every state (terminal included), ``resample_from_infostate``
  (the seat's own information-state tensor and string must not change: else a leak or a wrong
  world).
* ``pettingzoo``: ``env(game, **options)`` with bad options, ``reset`` with seeds, ``step`` with
  bad actions (the episode unchanged), after the end, ``observe`` (the agent's tensor must not
  depend on the other seats' hidden cards: checked against a determinization of its view).

A case is a finding when it is a traceback (an exception that is not one of ours, or not a
ValueError/KeyError/IndexError of ours), a wrong acceptance (an ill-typed or illegal input
accepted, a state changed by a refused input), a leak, or a hang (over the case budget).

Run: ``.venv/bin/python benchmarks/fuzz_new_surfaces.py [--cases 150] [--seed 1] [--seconds 240]
[--only cli,specs,openspiel,pettingzoo] [--processes 10]`` (every 10th command line also as a real
process, its arguments as bytes: a lone surrogate arrives as a byte that is not UTF-8).
Exit code 1 when anything was found (a refusal that is not ours is counted, shown, not a finding).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.cli_fuzz import ENVIRONMENTS, FLOATS, INTS, JUNK, LONG, budget, judge, judge_process  # noqa: E402

from academie.core.errors import AcademieError  # noqa: E402
from academie.games import GAMES  # noqa: E402

GAME_IDS = tuple(GAMES)
COLUMNS = ("cases", "ok", "refused", "not-ours", "interrupted", "traceback", "wrong-accept", "leak", "hang")
FINDINGS = ("traceback", "wrong-accept", "leak", "hang")


class Tally:
    def __init__(self) -> None:
        self.rows: dict[str, Counter[str]] = {}
        self.findings: list[tuple[str, str, str]] = []

    def add(self, surface: str, verdict: str, case: str = "", detail: str = "") -> None:
        row = self.rows.setdefault(surface, Counter())
        row["cases"] += 1
        row[verdict] += 1
        if verdict == "not-ours":
            row["refused"] += 1
        if verdict in FINDINGS or verdict == "not-ours":
            self.findings.append((surface, verdict, f"{case} -> {detail}"))

    def print(self) -> None:
        print(f"{'surface':<12}" + "".join(f"{c:>13}" for c in COLUMNS))
        for surface, row in self.rows.items():
            print(f"{surface:<12}" + "".join(f"{row[c]:>13}" for c in COLUMNS))
        kinds: dict[str, list[str]] = {}
        for surface, verdict, text in self.findings:  # one line per kind: numbers and quoted values aside
            case, _, detail = text.partition(" -> ")
            calls = re.findall(r"(\w+)\(", case.split(": ", 2)[-1] if "case" in case else case)
            key = f"[{surface}] {verdict}: {calls[0] if calls else case[:30]}: " + re.sub(
                r"\d+|'[^']*'|\"[^\"]*\"", "N", detail)[:42]
            kinds.setdefault(key, []).append(text)
        for key, texts in kinds.items():
            print(f"  {key[:120]}  ×{len(texts)}\n      e.g. {texts[0][:400]}")


# --- the command line ----------------------------------------------------------------------------

def _ismcts(rng: random.Random, bad: float) -> str:
    good = {
        "iterations": ["1", "2", "5"], "seconds": ["0.01", "0.05"], "c": ["0", "0.7", "100"],
        "rollout": ["random", "heuristic"], "worlds": ["0", "1", "3"], "infer": ["none", "heuristic", "mcmc"],
        "candidates": ["1", "2"], "moves": ["1", "3"], "others": ["search", "rollout"], "depth": ["0", "1"],
        "paired": ["no", "yes"], "margin": ["0", "1"], "own": ["heuristic", "random", "heuristic/knock_at=30",
                                                              "ismcts/iterations=2"],
    }
    junk = ["", "0", "-1", "nan", "inf", "-inf", "1e309", "9" * 300, "1000001", "3601", "abc", "[bold]", "\udcff",
            " 1", "１", "1_0", "0x1", "own/x", "ismcts/own=random", "heuristic/c=1", "a/b/c"]
    parts = ["ismcts"]
    for key in rng.sample(sorted(good), rng.randrange(0, 5)):
        value = rng.choice(junk) if rng.random() < bad else rng.choice(good[key])
        parts.append(f"{key}={value}")
    if "iterations" not in "".join(parts) and "seconds" not in "".join(parts):
        parts.append("iterations=2")
    if rng.random() < bad * 0.3:
        parts.append(rng.choice(["bogus=1", "iterations=3", "=", "x", "", LONG + "=1"]))
    return ":".join(parts)


def _bots(rng: random.Random, game_id: str, n: int, bad: float) -> str:
    names = ["random"] if game_id == "blason" else ["random", "heuristic", "random", "heuristic"]
    out = []
    for _ in range(n):
        if game_id != "blason" and rng.random() < 0.15:
            out.append(_ismcts(rng, bad))
        elif rng.random() < bad:
            out.append(rng.choice(["nobody", "", "[red]x[/]", LONG, "heuristic:c=1", "random:", "\udcff",
                                   "heuristic:knock_at=nan", "heuristic:knock_by=0", "ismcts:own=heuristic"]))
        else:
            out.append(rng.choice(names))
    return ",".join(out)


def _folder_args(rng: random.Random, folder: Path, bad: float, file: bool = False) -> str:
    new = str(folder / f"out-{rng.randrange(10**9)}" ) + (".jsonl" if file else "")
    odd = ["", ".", "/", "/proc", "/proc/x", "/dev/null", "/dev/full", str(folder / "notes.txt"),
           str(folder / "notes.txt" / "x"),
           str(folder / "missing" / "deeper" / "x"), str(folder / LONG), LONG, "\udcff", "[bold]x[/]",
           str(folder / "full"), str(folder / "empty")]
    return rng.choice(odd) if rng.random() < bad else new


def short_match(rng: random.Random) -> tuple[str, Any, int, dict[str, int]]:
    """A game drawn at random, its number of players (at most 5) and the options that make its
    match short (one deal, one life) where it has them."""
    game_id = rng.choice(GAME_IDS)
    game = GAMES[game_id]
    n = rng.randint(game.info.min_players, min(game.info.max_players, 5))
    return game_id, game, n, short_options(game_id)


def short_options(game_id: str) -> dict[str, int]:
    """``deals=1`` and ``lives=1``, those of the two that ``game_id`` has."""
    return {k: 1 for k in ("deals", "lives") if any(d.name == k for d in GAMES[game_id].describe_options())}


def cli_line(rng: random.Random, folder: Path) -> list[str]:
    bad = rng.choice([0.0, 0.15, 0.5])

    def pick(good: list[str], junk: list[str]) -> str:
        return rng.choice(junk) if rng.random() < bad else rng.choice(good)

    game_id = rng.choice(GAME_IDS)
    info = GAMES[game_id].info
    n = rng.randint(info.min_players, min(info.max_players, 4))
    game = pick([game_id], JUNK + ["Reversis", "trente_et_un"])
    command = rng.choice(["tournament"] * 4 + ["analyse"] * 3 + ["simulate"] * 3)
    args = [command, game]
    short = {"deals": "1", "lives": "1"}
    opts: list[str] = []
    for _ in range(rng.choice([0, 1, 1, 2])):
        if rng.random() < bad:
            opts += ["-o", rng.choice(["deals=0", "deals=-1", "x=1", "=", "", "lives=nan", "counters=" + "9" * 300,
                                       "deals=1", "deals=2"])]
    for name in ("deals", "lives"):
        if any(d.name == name for d in GAMES[game_id].describe_options()) and command != "analyse":
            opts += ["-o", f"{name}={short[name]}"]
    if command == "tournament":
        extra = {
            "--bots": lambda: _bots(rng, game_id, rng.randint(2, n), bad),
            "--players": lambda: pick([str(n), str(info.min_players)], INTS),
            "--seed": lambda: pick(["1", "7", str(2**63 - 1)], INTS),
            "--workers": lambda: pick(["1", "1", "2"], INTS),
            "--records": lambda: _folder_args(rng, folder, bad),
            "--backend": lambda: pick(["local"], ["ray", "", "Local", "dask", LONG]),
        }
        for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
            args += [flag, extra[flag]()]
        count = pick(["1", "2", "3"], INTS)
        args += [rng.choice(["--deals", "--matches"]), count]
        if rng.random() < bad:
            args += [rng.choice(["--deals", "--matches"]), pick(["1"], INTS)]  # both, or repeated
        for flag in ("--json", "--csv", "--no-duplicate"):
            if rng.random() < 0.25:
                args.append(flag)
        if "--workers" not in args:
            args += ["--workers", "1"]
    elif command == "analyse":
        topics = list(__import__("academie.analysis.topics", fromlist=["TOPICS"]).TOPICS.get(game_id, {}))
        if rng.random() < 0.9:
            args.append(pick(topics, JUNK + ["all", "check ", "Values"]))
        extra = {
            "--players": lambda: pick([str(n)], INTS),
            "--samples": lambda: pick(["1", "10", "50"], INTS),
            "--seed": lambda: pick(["1", "2"], INTS),
            "--plot": lambda: _folder_args(rng, folder, bad),
        }
        for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
            args += [flag, extra[flag]()]
        if "--samples" not in args:
            args += ["--samples", "20"]
        for flag in ("--json", "--csv"):
            if rng.random() < 0.3:
                args.append(flag)
    else:
        extra = {
            "--bots": lambda: _bots(rng, game_id, n, bad),
            "--players": lambda: pick([str(n)], INTS),
            "--seed": lambda: pick(["1", "3"], INTS),
            "--workers": lambda: pick(["1", "2"], INTS),
            "--backend": lambda: pick(["local"], ["ray", "", "Local", "dask"]),
            "--plot": lambda: _folder_args(rng, folder, bad),
            "--jsonl": lambda: (_folder_args(rng, folder, bad, file=True) if rng.random() > bad * 0.3
                                else args[args.index("--records") + 1] if "--records" in args else "/dev/full"),
            "--records": lambda: _folder_args(rng, folder, bad),
        }
        for flag in rng.sample(sorted(extra), rng.randrange(len(extra) + 1)):
            args += [flag, extra[flag]()]
        args += ["--matches", pick(["1", "2", "3", "70"], INTS)]
        for flag in ("--json", "--force"):
            if rng.random() < 0.3:
                args.append(flag)
        if "--workers" not in args:
            args += ["--workers", "1"]
    args += opts
    flags = [k for k, a in enumerate(args) if a.startswith("--") and k + 1 < len(args)
             and not args[k + 1].startswith("-")]
    if flags and rng.random() < bad * 0.4:  # an option given twice: the last one counts, as click does
        k = rng.choice(flags)
        args += [args[k], rng.choice([args[k + 1], *JUNK[:6], *INTS[:8]])]
    if rng.random() < bad * 0.3:
        args.insert(rng.randrange(1, len(args) + 1),
                    rng.choice(JUNK + ["--bogus", "--json", "--seed", "--help", "-o"] + FLOATS))
    return args


def fuzz_cli(rng: random.Random, cases: int, seconds: float, tally: Tally, processes: int = 0) -> None:
    folder = Path(tempfile.mkdtemp(prefix="academie-fuzz-new-"))
    (folder / "notes.txt").write_text("not a folder\n")
    (folder / "full").mkdir()
    (folder / "full" / "x.json").write_text("{}")
    (folder / "empty").mkdir()
    os.chdir(folder)
    # Load the slow modules and compile the kernels first, with no budget: a Ctrl-C in the middle
    # of a first import or of a compilation would leave it half done for every later line of this
    # process (a real run is a new process).
    from typer.testing import CliRunner

    from academie.cli.app import app

    runner = CliRunner()
    for game_id in GAME_IDS:
        bots = "random" if game_id == "blason" else "ismcts:iterations=2,heuristic"
        n = str(GAMES[game_id].info.min_players)
        runner.invoke(app, ["simulate", game_id, "--matches", "1", "--players", n, "--bots", bots, "--workers", "1",
                            "--plot", str(folder / f"warm-{game_id}"), "--jsonl", str(folder / f"warm-{game_id}.jsonl"),
                            "--json"])
        runner.invoke(app, ["analyse", game_id, "--samples", "5", "--seed", "1", "--plot", str(folder / "warm")])
    runner.invoke(app, ["tournament", "blason", "--matches", "1", "--players", "2", "--workers", "1", "--json",
                        "--records", str(folder / "warm-records")])
    end = time.monotonic() + seconds
    for _ in range(cases):
        if time.monotonic() > end:
            break
        args = cli_line(rng, folder)
        start = time.monotonic()
        outcome = judge(args, "", seconds=4.0)
        took = time.monotonic() - start
        verdict = outcome.verdict
        if verdict in ("bad-exit", "bad-error"):
            verdict = "traceback"
        if took > 20:
            verdict = "hang"
        shown = " ".join(repr(a) if len(a) < 50 else repr(a[:30] + "…") for a in args)
        tally.add(args[0], verdict, f"academie {shown}",
                  f"{outcome.verdict} exit {outcome.exit_code}: {outcome.detail}")
        if processes and tally.rows[args[0]]["cases"] % processes == 0:
            environment = rng.choice(sorted(ENVIRONMENTS))
            real = judge_process(args, "", environment, seconds=6.0)
            verdict = {"bad-exit": "traceback", "bad-error": "traceback"}.get(real.verdict, real.verdict)
            tally.add(f"{args[0]} ({environment})", verdict, f"academie {shown}",
                      f"{real.verdict} exit {real.exit_code}: {real.detail}")


# --- bot specs -----------------------------------------------------------------------------------

def fuzz_specs(rng: random.Random, cases: int, seconds: float, tally: Tally) -> None:
    from academie.bots import make_bot

    end = time.monotonic() + seconds
    for _ in range(cases):
        if time.monotonic() > end:
            break
        game_id = rng.choice([g for g in GAME_IDS if g != "blason"])
        bad = rng.choice([0.0, 0.3, 0.7])
        r = rng.random()
        if r < 0.6:
            spec = _ismcts(rng, bad)
        elif r < 0.8:
            key = rng.choice(["knock_at", "knock_floor", "cut_at", "knock_by", "c", "x"])
            spec = f"heuristic:{key}={rng.choice(['0', '32', '33', '27.5', 'nan', '-0', '1e3', '', '20'])}"
        else:
            spec = rng.choice(["ismcts:own=heuristic:paired=yes:rollout=heuristic:iterations=3",
                               "ismcts:paired=yes:rollout=heuristic:own=ismcts/iterations=2",
                               "ismcts:paired=yes:rollout=heuristic:own=ismcts/paired=yes/rollout=heuristic/own=x",
                               "ismcts:paired=yes:rollout=heuristic:own=heuristic/knock_at=40",
                               "ismcts:paired=yes:rollout=heuristic:own=random/x=1",
                               "ismcts:paired=yes:rollout=heuristic:own=" + "heuristic/" * 30,
                               "ismcts:paired=yes:rollout=heuristic:iterations=3",
                               "ismcts:paired=yes:rollout=heuristic:worlds=2:iterations=2",
                               "ismcts:paired=yes:rollout=heuristic:c=0.7:iterations=2",
                               "ismcts:paired=yes:rollout=heuristic:c=0.8:iterations=2",
                               "ismcts:paired=yes:margin=2", "ismcts:infer=mcmc:moves=2:iterations=2",
                               "ismcts:seconds=0", "ismcts:seconds=1e-300:iterations=1",
                               "ismcts::iterations=2", "ismcts:iterations=2:", ":", "ismcts:iterations=2,random"])
        case = f"make_bot({spec!r}, {game_id!r})"
        try:
            bot = make_bot(spec, game_id, seed=1)
        except AcademieError as exc:
            tally.add("specs", "refused" if isinstance(exc, ValueError) else "traceback", case, repr(exc)[:200])
            continue
        except Exception as exc:  # noqa: BLE001
            tally.add("specs", "traceback", case, f"{type(exc).__name__}: {exc}"[:300])
            continue
        # a bot made: it must choose a legal move at the first decision of a short match
        try:
            game = GAMES[game_id]
            state = game.new_initial_state(game.info.min_players, game.parse_options(short_options(game_id)))
            chance = random.Random(rng.randrange(10**6))
            while state.is_chance_node():
                state.apply_action(state.sample_chance(chance))
            if state.is_terminal():
                tally.add("specs", "ok", case)
                continue
            legal = state.legal_actions()
            with budget(8.0):
                move = bot.choose(state.view(state.current_player()), legal)
            tally.add("specs", "ok" if move in legal else "wrong-accept", case, f"move {move!r} not in {legal}")
        except KeyboardInterrupt:
            tally.add("specs", "hang", case, "no move in 8 s")
        except Exception as exc:  # noqa: BLE001
            tally.add("specs", "traceback", case, f"{type(exc).__name__}: {exc}"[:300])


# --- OpenSpiel -----------------------------------------------------------------------------------

def _ours(exc: BaseException) -> bool:
    return isinstance(exc, AcademieError) and isinstance(exc, (ValueError, KeyError, IndexError))


def _refusal(exc: BaseException) -> str:
    """``refused`` for an error of ours; ``not-ours`` for OpenSpiel's own refusals (a SpielError
    from its C++ checks, pybind's TypeError for an argument of another type) and for a plain
    ValueError (a refusal, but not one an ``except AcademieError`` catches); else ``traceback``."""
    if _ours(exc):
        return "refused"
    name = type(exc).__name__
    if name == "SpielError" or isinstance(exc, TypeError) and "incompatible function arguments" in str(exc):
        return "not-ours"
    if type(exc) is ValueError:
        return "not-ours"
    return "traceback"


def _bad_actions(rng: random.Random, legal: list[int], size: int) -> list[object]:
    import numpy as np

    illegal = [a for a in range(size) if a not in legal]
    out: list[object] = [-1, -2, size, size + 1, 2**31, 2**63, 10**30, True, False, 1.0, float(legal[0]), "0",
                         str(legal[0]), None, np.int64(-1), np.int32(size), np.uint8(255), np.float64(legal[0]),
                         np.bool_(True)]
    if illegal:
        out += [rng.choice(illegal), np.int64(rng.choice(illegal))]
    return rng.sample(out, min(4, len(out)))


def _info(state: object, player: int) -> tuple[bytes, str]:
    import numpy as np

    return (np.asarray(state.information_state_tensor(player), np.float32).tobytes(),
            state.information_state_string(player))


def fuzz_openspiel(rng: random.Random, cases: int, seconds: float, tally: Tally) -> None:
    import numpy as np
    import pyspiel

    import academie.adapters.openspiel as ours

    names = ours.register_all()
    differ = [0, 0]  # resampled worlds that differ from the state, of all resampled
    end = time.monotonic() + seconds
    for case_no in range(cases):
        if time.monotonic() > end:
            break
        game_id, game, n, short = short_match(rng)
        params: dict[str, object] = {"players": n, **short}
        where = f"{names[game_id]} {params} case {case_no}"
        try:
            g = pyspiel.load_game(names[game_id], params)
        except Exception as exc:  # noqa: BLE001
            tally.add("openspiel", "traceback", where, repr(exc)[:200])
            continue
        size = g.num_distinct_actions()
        state = g.new_initial_state()
        steps = 0
        try:
            while steps < 400 and time.monotonic() < end + 30:
                steps += 1
                legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                         else state.legal_actions())
                if not state.is_chance_node() and not state.is_terminal() and rng.random() < 0.3:
                    before = state.serialize()
                    for action in _bad_actions(rng, legal, size):
                        case = f"{where}: apply_action({action!r}) at step {steps}"
                        probe = state.clone()
                        try:
                            probe.apply_action(action)
                        except Exception as exc:  # noqa: BLE001
                            changed = probe.serialize() != before
                            if changed:
                                tally.add("openspiel", "wrong-accept", case, f"state changed by refused {exc!r}"[:200])
                            else:
                                tally.add("openspiel", _refusal(exc), case, f"{type(exc).__module__}."
                                          f"{type(exc).__name__}: {str(exc)[:160]}")
                            continue
                        tally.add("openspiel", "wrong-accept", case, f"accepted; legal {legal[:6]}…")
                    # string_to_action / action_to_string round trip, and junk
                    player = state.current_player()
                    a = rng.choice(legal)
                    text = state.action_to_string(player, a)
                    case = f"{where}: string_to_action({text!r})"
                    try:
                        back = state.string_to_action(text)
                        tally.add("openspiel", "ok" if back == a else "wrong-accept", case, f"gave {back}, not {a}")
                    except Exception as exc:  # noqa: BLE001
                        tally.add("openspiel", "traceback", case, repr(exc)[:200])
                    for junk in ["", "ZZ", "11H", text.lower(), " " + text, LONG, "\udcff", "knock"]:
                        case = f"{where}: string_to_action({junk!r})"
                        try:
                            got = state.string_to_action(junk)
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", _refusal(exc), case, f"{type(exc).__name__}: {str(exc)[:150]}")
                            continue
                        ok = got in legal or junk.strip().upper() == text.upper()
                        tally.add("openspiel", "ok" if ok else "wrong-accept", case, f"gave {got}")
                    for bad in [-1, size, 10**6, True, 1.5]:
                        case = f"{where}: action_to_string({player}, {bad!r})"
                        try:
                            got = state.action_to_string(player, bad)
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", _refusal(exc), case, f"{type(exc).__name__}: {str(exc)[:150]}")
                            continue
                        tally.add("openspiel", "wrong-accept", case, f"gave {got!r}")
                    # serialisation: a round trip, and corrupted strings
                    text = state.serialize()
                    case = f"{where}: deserialize_state(serialize()) at step {steps}"
                    try:
                        again = g.deserialize_state(text)
                        tally.add("openspiel", "ok" if again.serialize() == text and str(again) == str(state)
                                  else "wrong-accept", case, "round trip differs")
                    except Exception as exc:  # noqa: BLE001
                        tally.add("openspiel", "traceback", case, repr(exc)[:200])
                    for bad_text in _corrupt(rng, text):
                        case = f"{where}: deserialize_state(corrupted {bad_text[:60]!r}…)"
                        try:
                            with budget(10.0):
                                got = g.deserialize_state(bad_text)
                        except KeyboardInterrupt:
                            tally.add("openspiel", "hang", case, "over 10 s")
                            continue
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", "refused" if _ours(exc) else "traceback", case,
                                      f"{type(exc).__name__}: {str(exc)[:150]}")
                            continue
                        tally.add("openspiel", "ok", case)  # a corruption that is still a valid record
                    # clone independence
                    twin = state.clone()
                    twin.apply_action(rng.choice(legal))
                    tally.add("openspiel", "ok" if state.serialize() == before else "wrong-accept",
                              f"{where}: clone", "applying to a clone changed the original")
                    # leak: each seat's information state after resampling its own information set
                    for seat in range(n):
                        case = f"{where}: resample_from_infostate({seat}) at step {steps}"
                        try:
                            mine = _info(state, seat)
                            other = state.resample_from_infostate(seat, np.random.RandomState(steps).random_sample)
                            theirs = _info(other, seat)
                            ob = (np.asarray(state.observation_tensor(seat)).tobytes(),
                                  np.asarray(other.observation_tensor(seat)).tobytes())
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", "traceback", case, f"{type(exc).__name__}: {str(exc)[:150]}")
                            continue
                        if other.serialize() != state.serialize():
                            differ[0] += 1  # a world of its own: the check means something
                        differ[1] += 1
                        pub = g.make_py_observer(pyspiel.IIGObservationType(
                            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
                        pub.set_from(state, seat)
                        public = (pub.tensor.tobytes(), pub.string_from(state, seat))
                        pub.set_from(other, seat)
                        if public != (pub.tensor.tobytes(), pub.string_from(other, seat)):
                            tally.add("openspiel", "leak", case, "the public observation differs in another world")
                            continue
                        if state.observation_string(seat) != other.observation_string(seat):
                            tally.add("openspiel", "leak", case, "the observation string differs in a world of its"
                                      " own information set")
                            continue
                        if mine[0] != theirs[0] or ob[0] != ob[1]:
                            tally.add("openspiel", "leak", case, "the seat's tensor differs in a world of its own"
                                      " information set")
                        elif mine[1] != theirs[1]:
                            diff = next((i for i, (x, y) in enumerate(zip(mine[1], theirs[1])) if x != y), None)
                            tally.add("openspiel", "leak", case, f"information string differs at {diff}: "
                                      f"{mine[1][max(0, (diff or 0) - 60):(diff or 0) + 60]!r}")
                        else:
                            tally.add("openspiel", "ok", case)
                if state.is_terminal():
                    for seat in range(n):
                        case = f"{where}: tensors at the terminal state, seat {seat}"
                        try:
                            state.information_state_tensor(seat), state.observation_tensor(seat)
                            state.information_state_string(seat), state.observation_string(seat)
                            tally.add("openspiel", "ok", case)
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", "traceback", case, f"{type(exc).__name__}: {str(exc)[:150]}")
                    for action in [0, legal[0] if legal else 1]:
                        case = f"{where}: apply_action({action}) at the terminal state"
                        try:
                            state.clone().apply_action(action)
                            tally.add("openspiel", "wrong-accept", case, "accepted")
                        except Exception as exc:  # noqa: BLE001
                            tally.add("openspiel", _refusal(exc), case, f"{type(exc).__name__}: {str(exc)[:150]}")
                    break
                state.apply_action(rng.choice(legal))
        except Exception as exc:  # noqa: BLE001
            tally.add("openspiel", "traceback", f"{where} step {steps}", traceback.format_exc()[-400:])
    print(f"openspiel: {differ[0]} of {differ[1]} resampled worlds differ from the state they come from")


def _corrupt(rng: random.Random, text: str) -> list[str]:
    out = ["", "{", "null", "[]", "{}", "history=1\nmove_number=1\n__dict__=x", text[: len(text) // 2],
           text + "x", text.replace('"seed"', '"seeds"', 1), text.replace("1", "2", 1), "\udcff" + text,
           "history=\nmove_number=0\n__dict__=gARLAS4=", text.replace(":", ": [", 1)]
    chars = list(text)
    for _ in range(3):
        i = rng.randrange(len(chars))
        chars[i] = rng.choice("0123456789{}[],:\"ax")
    out.append("".join(chars))
    return rng.sample(out, 5)


# --- PettingZoo ----------------------------------------------------------------------------------

def fuzz_pettingzoo(rng: random.Random, cases: int, seconds: float, tally: Tally) -> None:
    import numpy as np

    from pettingzoo.utils.env_logger import EnvLogger

    from academie.adapters.pettingzoo import env as make_env

    EnvLogger.suppress_output()  # a step after the end warns, as it should: thousands of lines

    end = time.monotonic() + seconds
    bad_envs = [("nobody", None, {}), ("reversis", 3, {}), ("reversis", True, {}), ("reversis", 4.0, {}),
                ("reversis", "4", {}), ("blason", 2, {"dice": "3d6"}), ("guimbarde", 3, {"deals": -1}),
                ("guimbarde", 3, {"deals": True}), ("trente-et-un", 2, {"lives": 1.5}), ("trente-et-un", 2, {"x": 1}),
                ("trente-et-un", 2, {"lives": "3"}), ("trente-et-un", 10**30, {}), ("blason", None, {"render": 1})]
    for game_id, n, options in bad_envs:
        case = f"env({game_id!r}, {n!r}, **{options})"
        try:
            make_env(game_id, n, **options)
        except Exception as exc:  # noqa: BLE001
            tally.add("pettingzoo", "refused" if _ours(exc) else "traceback", case, f"{type(exc).__name__}: {exc}")
            continue
        tally.add("pettingzoo", "wrong-accept", case, "accepted")
    try:
        from pettingzoo.test import api_test

        for game_id in GAME_IDS:
            opts = short_options(game_id)
            with warnings.catch_warnings(), budget(60.0):
                warnings.simplefilter("ignore")
                api_test(make_env(game_id, **opts), num_cycles=30)
            tally.add("pettingzoo", "ok", f"api_test({game_id})")
    except KeyboardInterrupt:
        tally.add("pettingzoo", "hang", f"api_test({game_id})", "over 60 s")
    except Exception as exc:  # noqa: BLE001
        tally.add("pettingzoo", "traceback", f"api_test({game_id})", f"{type(exc).__name__}: {str(exc)[:200]}")
    for case_no in range(cases):
        if time.monotonic() > end:
            break
        game_id, game, n, opts = short_match(rng)
        e = make_env(game_id, n, render_mode=rng.choice([None, "ansi"]), **opts)
        if rng.random() < 0.2:  # no natural number: to be refused
            bad_seed = rng.choice(["3", -5, True, 1.5, np.float64(2), b"1", [1]])
            case = f"env({game_id!r}, {n}, **{opts}).reset(seed={bad_seed!r}) case {case_no}"
            try:
                e.reset(seed=bad_seed)
                tally.add("pettingzoo", "wrong-accept", case, "accepted")
            except Exception as exc:  # noqa: BLE001
                tally.add("pettingzoo", "refused" if _ours(exc) else "traceback", case, repr(exc)[:200])
        seed = rng.choice([None, 0, 1, 2**63 - 1, 2**70, rng.randrange(10**9), np.int64(7)])
        where = f"env({game_id!r}, {n}, **{opts}).reset(seed={seed!r}) case {case_no}"
        try:
            e.reset(seed=seed)
        except Exception as exc:  # noqa: BLE001
            tally.add("pettingzoo", "refused" if _ours(exc) else "traceback", where, repr(exc)[:200])
            continue
        steps = 0
        try:
            while e.agents and steps < 400:
                steps += 1
                agent = e.agent_selection
                obs = e.observe(agent)
                legal = list(np.flatnonzero(obs["action_mask"]))
                if e.terminations[agent] or e.truncations[agent]:
                    e.step(None)
                    continue
                if rng.random() < 0.25 and legal:
                    seat = e._seat[agent]
                    snap = (e.state_.history[:] if hasattr(e.state_, "history") else None, dict(e.rewards),
                            dict(e._cumulative_rewards), e.agent_selection)
                    for action in _bad_actions(rng, legal, e.num_actions):
                        case = f"{where}: step({action!r}) at step {steps}"
                        try:
                            e.step(action)
                        except Exception as exc:  # noqa: BLE001
                            now = (e.state_.history[:], dict(e.rewards), dict(e._cumulative_rewards),
                                   e.agent_selection)
                            if now != snap:
                                tally.add("pettingzoo", "wrong-accept", case,
                                          f"episode changed by refused {exc!r}"[:200])
                            else:
                                tally.add("pettingzoo", "refused" if _ours(exc) else "traceback", case,
                                          f"{type(exc).__module__}.{type(exc).__name__}: {str(exc)[:150]}")
                            continue
                        tally.add("pettingzoo", "wrong-accept", case, f"accepted; legal {legal[:6]}")
                        break
                    else:
                        # leak: the agent's tensor in a world drawn from its own view
                        case = f"{where}: observe({agent}) against a determinization at step {steps}"
                        try:
                            from academie.adapters.tensors import Context

                            other = e.state_.determinize(seat, random.Random(steps))
                            mine = obs["observation"].tobytes()
                            theirs = e.layout.encode(other.view(seat), Context(n, seat)).tobytes()
                            tally.add("pettingzoo", "ok" if mine == theirs else "leak", case,
                                      "the agent's tensor differs in a world of its own information set")
                        except Exception as exc:  # noqa: BLE001
                            tally.add("pettingzoo", "traceback", case, f"{type(exc).__name__}: {str(exc)[:150]}")
                        if e.render_mode == "ansi":
                            e.render()
                    if e.agent_selection != agent or not e.agents:
                        continue
                if not legal:
                    e.step(None)
                    continue
                e.step(int(rng.choice(legal)))
            if not e.agents:
                for action in [None, 0, 5]:
                    case = f"{where}: step({action!r}) after the end"
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        try:
                            e.step(action)
                            tally.add("pettingzoo", "ok", case)
                        except Exception as exc:  # noqa: BLE001
                            tally.add("pettingzoo", "traceback", case, repr(exc)[:200])
                case = f"{where}: observe/render after the end"
                try:
                    for agent in e.possible_agents:
                        e.observe(agent)
                    e.render()
                    tally.add("pettingzoo", "ok", case)
                except Exception as exc:  # noqa: BLE001
                    tally.add("pettingzoo", "traceback", case, repr(exc)[:200])
            else:
                tally.add("pettingzoo", "ok", f"{where}: {steps} steps")
        except Exception as exc:  # noqa: BLE001
            tally.add("pettingzoo", "traceback", f"{where} step {steps}", traceback.format_exc()[-400:])


SURFACES = {"cli": fuzz_cli, "specs": fuzz_specs, "openspiel": fuzz_openspiel, "pettingzoo": fuzz_pettingzoo}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=150, help="cases (command lines, specs, matches) per surface")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=240.0, help="time budget per surface")
    parser.add_argument("--only", default=",".join(SURFACES))
    parser.add_argument("--processes", type=int, default=10, metavar="K",
                        help="also run every K-th command line of each command as a real process (bytes arguments,"
                        " a UTF-8, Latin-1 or ASCII terminal, SIGINT after 6 s); 0: none")
    args = parser.parse_args()
    tally = Tally()
    start = time.monotonic()
    for name in args.only.split(","):
        rng = random.Random(f"{args.seed}-{name}")
        if name == "cli":
            fuzz_cli(rng, args.cases, args.seconds, tally, args.processes)
        else:
            SURFACES[name](rng, args.cases, args.seconds, tally)
    tally.print()
    print(f"({time.monotonic() - start:.0f} s)")
    return 1 if any(verdict in FINDINGS for _, verdict, _ in tally.findings) else 0


if __name__ == "__main__":
    sys.exit(main())
