"""Compiles the kernels into numba's cache before a run's workers start.

In a fresh clone numba's cache is empty, and every process of the suite that plays a kernel —
each pytest-xdist worker, each ``academie simulate`` or server started by a test — compiled it
itself, the same functions several times over (about 25 s of a core a game). The run's first
process compiles each once instead, two games in each of two processes, and every later process
loads them from the cache (a second or two). Run as ``python -m tests.warm_kernels GAME ...``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

GROUPS = (("guimbarde", "belle-flux-trente-un"), ("reversis", "trente-et-un"))
"""The games whose kernels one process compiles, the two about even in time."""


def warm(game_ids: list[str]) -> None:
    """Plays one random match with each game's kernel, one with its compiled heuristic bots
    where it has them, and cut-short ISMCTS searches (an ``ismcts`` spec's and the ``hard``
    level's: their playouts, and at Reversis the worlds they draw), as
    :func:`academie.fast.prepare` does before ``simulate`` starts its workers."""
    import academie.bots  # noqa: F401  (the ISMCTS bot sets the searches that prepare plays)
    from academie import fast
    from academie.games import get_game

    for gid in game_ids:
        game = get_game(gid)
        n, options = game.info.default_players, game.parse_options({})
        fast.prepare(game, options, n, ["ismcts:iterations=4", "hard"], matches=True)
        if "heuristic" in fast.COMPILED_BOTS.get(gid, ()):  # the compiled heuristic bots' matches
            fast.prepare(game, options, n, ["heuristic"] * n, matches=True)


def warm_all() -> float:
    """Compiles (or loads) every game's kernels in two processes at once; the wall seconds."""
    start = time.time()
    root = Path(__file__).resolve().parent.parent
    procs = [subprocess.Popen([sys.executable, "-m", "tests.warm_kernels", *group], cwd=root) for group in GROUPS]
    for proc in procs:
        if proc.wait() != 0:
            raise RuntimeError(f"compiling the kernels failed (exit code {proc.returncode})")
    return time.time() - start


if __name__ == "__main__":
    from academie import fast

    if fast.available():
        warm(sys.argv[1:])
