"""Fuzz the game records: thousands of mutated records per game, loaded and replayed.

Every mutant starts from a valid record (a finished match by seed, the same with stacked decks,
an unfinished one) and gets one to three random mutations: a field replaced by junk (huge or
deeply nested values, lone surrogates, markup, wrong types), removed or added; actions and
stacked cards replaced, doubled, dropped or moved; players, kinds, result, statistics and
``complete`` changed; the text cut short. Each must be refused with a one-line ``RecordError``
or replay consistently (see ``tests/record_fuzz.py``); spoilt ones must be refused.

With ``--cli K``, every K-th accepted mutant is also replayed by ``academie replay`` (text
output) to count the command's own tracebacks.

Run: ``.venv/bin/python benchmarks/fuzz_records.py [--records 2000] [--seed 1] [--cli 10]``.
Exit code 1 when any traceback or bad acceptance is found.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.record_fuzz import GAME_IDS, judge, mutate, valid_records  # noqa: E402


def replay_command(text: str, path: Path) -> str:
    """'' when ``academie replay`` handles the record, else the exception it ends with."""
    from typer.testing import CliRunner

    from academie.cli.app import app

    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = CliRunner().invoke(app, ["replay", str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"{type(result.exception).__name__}: {str(result.exception)[:160]}"
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000, help="mutated records per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli", type=int, default=0, help="also run `academie replay` on every K-th accepted mutant")
    args = parser.parse_args()
    total: Counter[str] = Counter()
    problems: list[str] = []
    cli_runs = cli_tracebacks = 0
    tmp = Path(tempfile.mkdtemp()) / "mutant.json"
    print(f"{'game':<22}{'records':>8}{'refused':>9}{'accepted':>9}{'tracebacks':>11}{'bad accepted':>13}{'seconds':>9}")
    for game_id in GAME_IDS:
        start = time.perf_counter()
        bases = valid_records(game_id, seeds=(1, 2, 3))
        rng = random.Random(f"{args.seed}-{game_id}")
        counts: Counter[str] = Counter()
        for _ in range(args.records):
            mutant = mutate(rng.choice(bases), rng)
            verdict = judge(mutant)
            counts[verdict.outcome] += 1
            if verdict.outcome in ("traceback", "bad"):
                problems.append(f"{game_id}: {verdict.outcome}: {verdict.detail}")
            if args.cli and verdict.outcome == "accepted" and counts["accepted"] % args.cli == 0:
                cli_runs += 1
                error = replay_command(mutant.text, tmp)
                if error:
                    cli_tracebacks += 1
                    problems.append(f"{game_id}: academie replay: {error} ({mutant.what})")
        total += counts
        print(f"{game_id:<22}{args.records:>8}{counts['refused']:>9}{counts['accepted']:>9}"
              f"{counts['traceback']:>11}{counts['bad']:>13}{time.perf_counter() - start:>9.1f}")
    print(f"{'all':<22}{args.records * len(GAME_IDS):>8}{total['refused']:>9}{total['accepted']:>9}"
          f"{total['traceback']:>11}{total['bad']:>13}")
    print(f"tracebacks: {total['traceback']}, bad accepted: {total['bad']}")
    if args.cli:
        print(f"academie replay on {cli_runs} accepted mutants: {cli_tracebacks} tracebacks")
    for line in problems[:20]:
        print("  " + line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
