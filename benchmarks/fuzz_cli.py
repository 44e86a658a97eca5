"""Fuzz the command line: hundreds of generated command lines over every command, counted.

Each command line (``tests/cli_fuzz.py``) mixes valid and invalid values for ``play``,
``simulate``, ``replay``, ``rules`` and ``games``: out-of-range and 300- or 5,000-digit numbers,
``nan`` and ``inf``, 300-character file names, folders, missing folders, files that are not
records, markup, lone surrogates, unknown and malformed options, stray words; ``play`` reads a
random script on standard input. A command still running after its budget gets Ctrl-C (a
KeyboardInterrupt, as a person would), so simulations and matches are also stopped half-way.

Every outcome must be exit 0 (done), 1 or 2 (refused, with one short ``error:`` line for 2), or
130 (interrupted), and no exception may escape. Prints the counts per command and verdict.

With ``--processes K``, every K-th line also runs as a real ``academie`` process: its arguments
as bytes (a lone surrogate arrives as a byte that is not UTF-8), under a UTF-8, Latin-1 or ASCII
terminal, and SIGINT when its time is spent.

Run: ``.venv/bin/python benchmarks/fuzz_cli.py [--lines 600] [--seed 1] [--budget 2] [--processes 5]``.
Exit code 1 when any traceback, other exit code or malformed error is found.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.cli_fuzz import ENVIRONMENTS, command_line, fixtures, judge, judge_process  # noqa: E402

VERDICTS = ("ok", "refused", "interrupted", "traceback", "bad-exit", "bad-error")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=600, help="command lines to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds before a command gets Ctrl-C")
    parser.add_argument("--processes", type=int, default=0, metavar="K",
                        help="also run every K-th line as a real process (bytes arguments, a UTF-8, Latin-1 or"
                        " ASCII terminal, SIGINT when its time is spent)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="academie-fuzz-cli-"))
    os.chdir(folder)  # default records and relative names land here
    files = fixtures(folder)
    rng = random.Random(args.seed)
    counts: dict[str, Counter[str]] = {}
    codes: Counter[int | None] = Counter()
    problems = []
    processes: dict[str, Counter[str]] = {environment: Counter() for environment in ENVIRONMENTS}
    start = time.perf_counter()
    for _ in range(args.lines):
        line, stdin = command_line(rng, files, folder)
        outcome = judge(line, stdin, seconds=args.budget)
        command = line[0] if line and line[0] in ("play", "simulate", "replay", "rules", "games") else "other"
        counts.setdefault(command, Counter())[outcome.verdict] += 1
        codes[outcome.exit_code] += 1
        if outcome.verdict not in ("ok", "refused", "interrupted"):
            problems.append(outcome)
        if args.processes and (sum(codes.values()) % args.processes == 0):
            environment = rng.choice(sorted(ENVIRONMENTS))
            real = judge_process(line, stdin, environment, seconds=args.budget + 1.5)
            processes[environment][real.verdict] += 1
            if real.verdict not in ("ok", "refused", "interrupted"):
                problems.append(real)
    seconds = time.perf_counter() - start
    print(f"{'command':<10}{'lines':>7}" + "".join(f"{v:>13}" for v in VERDICTS))
    total: Counter[str] = Counter()
    for command in ("play", "simulate", "replay", "rules", "games", "other"):
        row = counts.get(command, Counter())
        total += row
        print(f"{command:<10}{sum(row.values()):>7}" + "".join(f"{row[v]:>13}" for v in VERDICTS))
    print(f"{'all':<10}{sum(total.values()):>7}" + "".join(f"{total[v]:>13}" for v in VERDICTS))
    print("exit codes: " + ", ".join(f"{code}: {n}" for code, n in sorted(codes.items(), key=lambda kv: str(kv[0]))))
    print(f"tracebacks: {total['traceback']}, other exit codes: {total['bad-exit']},"
          f" malformed errors: {total['bad-error']} ({seconds:.0f} s)")
    if args.processes:
        print(f"{'process':<10}{'lines':>7}" + "".join(f"{v:>13}" for v in VERDICTS))
        for environment, row in processes.items():
            print(f"{environment:<10}{sum(row.values()):>7}" + "".join(f"{row[v]:>13}" for v in VERDICTS))
            total += row
        print(f"with the processes: tracebacks: {total['traceback']}, other exit codes: {total['bad-exit']},"
              f" malformed errors: {total['bad-error']}")
    for outcome in problems[:20]:
        shown = " ".join(repr(a) if len(a) < 60 else repr(a[:40] + "…") for a in outcome.args)
        print(f"  {outcome.verdict} (exit {outcome.exit_code}): academie {shown}: {outcome.detail[:200]}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
