"""Where the server's bots think: a bounded pool of processes of their own, with a time cap.

A bot's move is a task of its own (:func:`think`): a worker process rebuilds the bot from its spec,
the game and a seed drawn for that table, seat and move (:func:`move_seed`), so that a table's
bots play the same moves for the same seed whichever worker thinks, and after a restart (unless a
search is cut short by the cap: how far it got depends on the machine's load). Every bot that
takes a ``seconds`` parameter (ISMCTS) is given the cap (:data:`THINK_SECONDS`, or its own
``seconds`` when smaller); the cap is also enforced from outside: a worker still thinking
``cap + grace`` seconds after it started is killed (pebble's :class:`~pebble.ProcessPool`
replaces it), and the move is the quick bot's (:func:`quick_bot`: the game's heuristic, else the
random bot), so that the table goes on. The event loop never waits on a worker: it awaits the
task's future.

The first ISMCTS move of a game in a worker loads its compiled kernels (numba, from the cache on
disk; compiled the first time after an install, half a minute or more): the worker loads them
(:func:`academie.fast.prepare`) before the bot's clock starts, and until one move of that game has
been played the outside limit allows for the compile (:data:`academie.fast.COMPILE_SECONDS`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("academie.web")

THINK_SECONDS = 5.0
"""The most a bot thinks over one move at a server's table, in seconds."""

GRACE = 3.0
"""How long past its cap a worker may go on (starting a move, answering) before it is killed, in seconds."""


def default_processes() -> int:
    """The default size of the bots' pool: one process per core but one (the server's), at least 1."""
    return max(1, (os.cpu_count() or 2) - 1)


def move_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the bot of ``seat`` at move number ``version`` of a table seeded ``table_seed``
    (the table's secret): a 63-bit integer, the same for the same three, an HMAC-SHA256 keyed
    with the secret, so that a bot's moves tell nothing of the seed that deals the cards."""
    import hashlib
    import hmac

    key = (table_seed % 2**64).to_bytes(8, "big")
    digest = hmac.new(key, f"academie bot seat {seat} move {version}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def capped_bot(kind: str, game_id: str, seed: int, cap: float) -> Any:
    """The bot of spec ``kind`` for ``game_id`` seeded ``seed``, its ``seconds`` (for a bot that has
    this parameter) at most ``cap`` seconds. Raises :class:`~academie.core.errors.UnknownBotError`
    as :func:`academie.bots.make_bot` does."""
    from academie.bots import _bots_of
    from academie.bots.spec import parse_spec

    bots = _bots_of(game_id)
    parsed = parse_spec(kind, game_id, bots)
    factory = bots[parsed.name]
    params = dict(parsed.params)
    if "seconds" in (getattr(factory, "PARAMS", None) or {}):
        params["seconds"] = min(params.get("seconds") or cap, cap)
    return factory(seed, **params)


def quick_bot(game_id: str, seed: int, view: Any) -> Any:
    """The bot that plays when the table's own cannot (stopped at its cap, or failed): the game's
    ``heuristic`` when it has one and ``view`` is given, else ``random``."""
    from academie.bots import bot_names, make_bot

    name = "heuristic" if view is not None and "heuristic" in bot_names(game_id) else "random"
    return make_bot(name, game_id, seed)


_WARM: set[tuple[str, str]] = set()


def _warm(game_id: str, options: dict[str, Any], num_players: int, kind: str) -> None:
    """Load (or compile) in this process the kernels bot ``kind`` calls at ``game_id``, once."""
    if (game_id, kind) in _WARM:
        return
    _WARM.add((game_id, kind))
    try:
        from academie import fast
        from academie.games import GAMES

        game = GAMES[game_id]
        fast.prepare(game, game.parse_options(options), num_players, [kind])
    except Exception:  # the kernels are optional: the pure engine plays the same
        log.debug("kernels of %s not prepared", game_id, exc_info=True)


def think(kind: str, game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any,
          legal: Sequence[int], cap: float) -> int:
    """One move of bot ``kind`` (run in a worker process): one of ``legal``. Raises what the bot
    raises, or :class:`ValueError` when it chose an action that is not legal."""
    _warm(game_id, options, num_players, kind)
    action = capped_bot(kind, game_id, seed, cap).choose(view, list(legal))
    if action not in legal:
        raise ValueError(f"bot {kind} chose {action!r}, which is not legal")
    return action


HINT_SECONDS = 1.5
"""How long the hints of one move are computed for, in seconds (:func:`hint`)."""


def hint(game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any, legal: Sequence[int],
         seconds: float) -> list[tuple[int, float, float, int]]:
    """The hints of a seat's move (run in a worker process): ``(action, mean, half, worlds)``
    for each of ``legal``, best mean first — :func:`academie.bots.hints.hints`, the hard bot's
    beliefs over ``view`` (the seat's view, never the state), for ``seconds``; the mean gain by
    the end of the deal and half its 95% interval, in counters (lives at Trente et un), over
    ``worlds`` deals the view allows. Raises :class:`~academie.core.errors.SamplingError` when
    no deal of the view can be drawn."""
    from academie.bots.hints import hints

    _warm(game_id, options, num_players, "hard")
    return [(h.action, h.mean, h.half, h.worlds) for h in hints(view, list(legal), game_id, seconds=seconds, seed=seed)]


def _preload() -> None:
    """Run in each new worker: the engine, the games and the bots imported once."""
    import academie.bots  # noqa: F401
    import academie.games  # noqa: F401


@dataclass
class Choice:
    """A bot's move: the ``action`` and, when the table's own bot did not choose it, why (``note``)."""

    action: int
    note: str | None = None


class BotPool:
    """``processes`` worker processes (default :func:`default_processes`) in which bots think, at
    most ``cap`` seconds a move (killed ``grace`` seconds past it). Counts what it did:
    :attr:`moves`, :attr:`stopped` (killed past the cap), :attr:`failed` (a bot's error or a
    worker's death). ``task`` is what a worker runs for a move (:func:`think`'s arguments and
    answer; a module-level function, which the workers import)."""

    def __init__(self, processes: int | None = None, cap: float = THINK_SECONDS, grace: float = GRACE,
                 task: Callable[..., int] | None = None) -> None:
        import pebble

        if processes is not None and processes < 1:
            raise ValueError(f"the bots' pool needs at least 1 process, not {processes}")
        self.processes = processes or default_processes()
        self.cap, self.grace, self.task = cap, grace, task or think
        context = multiprocessing.get_context("forkserver")  # no fork of a process with threads
        context.set_forkserver_preload(["academie.web.thinking", "academie.bots", "academie.games"])
        self.pool = pebble.ProcessPool(max_workers=self.processes, initializer=_preload, context=context)
        self.played: set[str] = set()  # games a move was played at: their kernels are on disk
        self.moves = self.stopped = self.failed = 0

    def limit(self, kind: str, game_id: str) -> float:
        """How long a worker may think over a move of bot ``kind`` at ``game_id`` before it is
        killed, in seconds: the cap and the grace, and the first time an ISMCTS bot plays that
        game, time to compile its kernels."""
        from academie import fast

        compiles = kind.startswith("ismcts") and game_id not in self.played
        return self.cap + self.grace + (3.0 * fast.COMPILE_SECONDS.get(game_id, 0) if compiles else 0.0)

    async def choose(self, kind: str, game_id: str, options: dict[str, Any], num_players: int, seed: int,
                     view: Any, legal: Sequence[int]) -> Choice:
        """The move of bot ``kind`` (seeded ``seed``) from ``view`` among ``legal``, thought in a
        worker; the quick bot's (:func:`quick_bot`) when the worker overran its limit
        (:meth:`limit`), died, or the bot failed, with a ``note`` saying so. Never raises but
        :class:`asyncio.CancelledError`."""
        legal = list(legal)
        if self.task is think and kind.split(":", 1)[0] in QUICK_KINDS:
            return await self._lane(kind, game_id, seed, view, legal)
        started = time.perf_counter()
        try:
            future = self.pool.schedule(self.task, args=(kind, game_id, options, num_players, seed, view, legal, self.cap),
                                        timeout=self.limit(kind, game_id))
        except RuntimeError as exc:  # the pool is closed (the server is stopping) or broken
            return await self._quick(game_id, seed, view, legal, f"the bots' pool is unavailable ({exc})")
        try:
            action = await asyncio.wrap_future(future)
        except TimeoutError:
            self.stopped += 1
            self.played.add(game_id)
            log.warning("bot %s at %s stopped after %.1f s (cap %.1f s)", kind, game_id,
                        time.perf_counter() - started, self.cap)
            return await self._quick(game_id, seed, view, legal,
                                     f"bot {kind} thought past {self.cap:g} s and was stopped; a quick move was played")
        except (asyncio.CancelledError, CancelledError):
            future.cancel()
            raise
        except Exception as exc:  # a bot's bug, or its worker died (pebble.ProcessExpired)
            self.failed += 1
            log.warning("bot %s at %s failed: %s: %s", kind, game_id, type(exc).__name__, exc)
            return await self._quick(game_id, seed, view, legal, f"bot {kind} failed; a quick move was played")
        self.moves += 1
        self.played.add(game_id)
        return Choice(action)

    async def hints(self, game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any,
                    legal: Sequence[int], seconds: float = HINT_SECONDS) -> list[tuple[int, float, float, int]] | None:
        """The hints of a person's move (:func:`hint`), computed in a worker for ``seconds``, the
        event loop awaiting its future; None when they could not be had (no deal of the view
        could be drawn, the worker overran ``seconds`` and the grace, died, or the pool is
        closed). Never raises but :class:`asyncio.CancelledError`."""
        from academie import fast

        compiles = game_id not in self.played
        limit = seconds + self.grace + (3.0 * fast.COMPILE_SECONDS.get(game_id, 0) if compiles else 0.0)
        try:
            future = self.pool.schedule(hint, args=(game_id, options, num_players, seed, view, list(legal), seconds),
                                        timeout=limit)
        except RuntimeError:
            return None
        try:
            found = await asyncio.wrap_future(future)
        except (asyncio.CancelledError, CancelledError):
            future.cancel()
            raise
        except Exception as exc:  # SamplingError, TimeoutError, a worker's death
            log.warning("hints at %s failed: %s: %s", game_id, type(exc).__name__, exc)
            return None
        self.played.add(game_id)
        return found

    async def _lane(self, kind: str, game_id: str, seed: int, view: Any, legal: list[int]) -> Choice:
        """A move of a bot that does not search (:data:`QUICK_KINDS`: a few milliseconds), thought
        in a thread of :data:`QUICK_LANE` rather than queued behind the searches in the
        processes: a random bot at one table never waits for an ISMCTS at another."""
        def pick() -> int:
            action = capped_bot(kind, game_id, seed, self.cap).choose(view, list(legal))
            if action not in legal:
                raise ValueError(f"bot {kind} chose {action!r}, which is not legal")
            return action

        try:
            action = await asyncio.get_running_loop().run_in_executor(QUICK_LANE, pick)
        except Exception as exc:  # a bot's bug: the quick move, said
            self.failed += 1
            log.warning("bot %s at %s failed: %s: %s", kind, game_id, type(exc).__name__, exc)
            return await self._quick(game_id, seed, view, legal, f"bot {kind} failed; a quick move was played")
        self.moves += 1
        return Choice(action)

    async def _quick(self, game_id: str, seed: int, view: Any, legal: list[int], note: str) -> Choice:
        def pick() -> int:
            try:
                action = quick_bot(game_id, seed, view).choose(view, legal)
            except Exception:  # the heuristic's own failure: a uniform choice, seeded
                action = None
            return action if action in legal else legal[random.Random(seed).randrange(len(legal))]

        return Choice(await asyncio.to_thread(pick), note)

    def close(self) -> None:
        """Stop the workers (a move being thought is dropped)."""
        self.pool.stop()
        self.pool.join(timeout=10)


QUICK_KINDS = frozenset({"random", "heuristic"})
"""The bots that do not search: they play in :data:`QUICK_LANE`, never queued behind a search."""

QUICK_LANE = ThreadPoolExecutor(max_workers=2, thread_name_prefix="academie-quick-bots")
"""The threads the quick bots think in (their moves take milliseconds)."""

_SHARED: BotPool | None = None


def shared_pool() -> BotPool:
    """A pool of :func:`default_processes` processes for the tables made without one (made on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = BotPool()
    return _SHARED
