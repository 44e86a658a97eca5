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
(:func:`academie.fast.prepare`) before the bot's clock starts, and says when that clock starts (a
slot of shared memory per worker): the cap and the grace are counted from then, in every worker,
a new one (replacing a killed worker) as well as the first; the load itself is allowed
:data:`academie.fast.COMPILE_SECONDS` three times over.

**Shared fairly.** The processes take moves in turn by whoever made the tables (the address):
one address's many searching tables wait their turns behind each other, never ahead of another
address's move, which waits at most one move of each other address's (the moves being thought).
The bots that do not search (:func:`quick_kind`: ``random``, ``heuristic``, and the levels made
of them, ``easy`` and ``medium``) never queue in the processes at all.
"""

from __future__ import annotations

import asyncio
import collections
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


_CLOCKS: Any = None
"""In a worker: the pool's shared clocks (one ``double`` per slot: when the move in that slot
began to be thought, ``time.time()``; 0 while its kernels load)."""


def _timed(slot: int, task: Callable[..., int], *args: Any) -> int:
    """Run ``task(*args)`` in a worker in ``slot``: the task's ``prepare(*args)`` first, when it
    has one (:func:`think`'s loads its bot's kernels), then the slot's clock started, then the
    move thought."""
    prepare = getattr(task, "prepare", None)
    if prepare is not None:
        prepare(*args)
    if _CLOCKS is not None:
        _CLOCKS[slot] = time.time()
    return task(*args)


def think(kind: str, game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any,
          legal: Sequence[int], cap: float) -> int:
    """One move of bot ``kind`` (run in a worker process): one of ``legal``. Raises what the bot
    raises, or :class:`ValueError` when it chose an action that is not legal."""
    _warm(game_id, options, num_players, kind)
    action = capped_bot(kind, game_id, seed, cap).choose(view, list(legal))
    if action not in legal:
        raise ValueError(f"bot {kind} chose {action!r}, which is not legal")
    return action


think.prepare = lambda kind, game_id, options, num_players, *rest: _warm(game_id, options, num_players, kind)  # type: ignore[attr-defined]


HINT_SECONDS = 1.5
"""How long the hints of one move are computed for, in seconds (:func:`hint`)."""


def hint(game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any, legal: Sequence[int],
         seconds: float) -> list[tuple[int, float, float, int]]:
    """The hints of a seat's move (run in a worker process): ``(action, mean, half, worlds)``
    for each of ``legal``, best mean first — :func:`academie.bots.hints.hints`, the hard bot's
    worlds of ``view`` (the seat's view, never the state), for ``seconds``; the mean gain by
    the end of the deal and half its 95% interval, in counters (lives at Trente et un), over
    ``worlds`` deals the view allows. Raises :class:`~academie.core.errors.SamplingError` when
    no deal of the view can be drawn."""
    from academie.bots.hints import hints

    _warm(game_id, options, num_players, "hard")
    return [(h.action, h.mean, h.half, h.worlds) for h in hints(view, list(legal), game_id, seconds=seconds, seed=seed)]


hint.prepare = lambda game_id, options, num_players, *rest: _warm(game_id, options, num_players, "hard")  # type: ignore[attr-defined]


def _preload(clocks: Any = None) -> None:
    """Run in each new worker: the engine, the games and the bots imported once; ``clocks``:
    the pool's shared clocks (:data:`_CLOCKS`)."""
    global _CLOCKS
    _CLOCKS = clocks
    import academie.bots  # noqa: F401
    import academie.games  # noqa: F401


def quick_kind(kind: str, game_id: str) -> bool:
    """Whether bot spec ``kind`` plays without searching (a few milliseconds a move): ``random``,
    ``heuristic``, and a level (``easy``, ``medium``) that is one of them at ``game_id``."""
    from academie.bots.levels import NAMES, level_spec

    name = kind.split(":", 1)[0]
    if name in NAMES:
        try:
            name = level_spec(game_id, name).split(":", 1)[0]
        except ValueError:
            return False
    return name in QUICK_KINDS


class PoolUnavailable(Exception):
    """The bots' pool takes no task: it is closed (the server is stopping) or broken."""


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
        self.clocks = context.Array("d", self.processes, lock=False)
        self.pool = pebble.ProcessPool(max_workers=self.processes, initializer=_preload, initargs=(self.clocks,),
                                       context=context)
        self.free = list(range(self.processes))  # the slots (clocks) no move holds
        self.waiting: dict[str, collections.deque[asyncio.Future]] = {}  # the moves waiting, by address
        self.served: dict[str, int] = {}  # by address: the turn it was last given a slot at
        self.turns = 0
        self.moves = self.stopped = self.failed = 0

    def limit(self, kind: str, game_id: str) -> float:
        """How long a worker may take over a move of bot ``kind`` at ``game_id`` before it is
        killed, in seconds, its kernels' load included (three times :data:`academie.fast.COMPILE_SECONDS`
        for an ISMCTS bot): once the bot's clock has started, the cap and the grace."""
        from academie import fast

        loads = 3.0 * fast.COMPILE_SECONDS.get(game_id, 0) if kind.startswith(("ismcts", "hard")) else 0.0
        return self.cap + self.grace + loads

    async def _slot(self, turn_of: str) -> int:
        """A free slot (a process) for a move of the tables of ``turn_of``, when its turn comes:
        the waiting address served longest ago first, each address's moves in order."""
        if self.free and not self.waiting:
            self._served(turn_of)
            return self.free.pop()
        ticket = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(turn_of, collections.deque()).append(ticket)
        try:
            return await ticket
        except BaseException:
            if ticket.done() and not ticket.cancelled():
                self._release(ticket.result())  # given a slot as it was cancelled: pass it on
            else:
                queue = self.waiting.get(turn_of)
                if queue is not None and ticket in queue:
                    queue.remove(ticket)
                    if not queue:
                        del self.waiting[turn_of]
            raise

    def _served(self, turn_of: str) -> None:
        """Mark ``turn_of`` served now (the addresses served longest ago go first)."""
        self.turns += 1
        self.served[turn_of] = self.turns
        if len(self.served) > 4096:  # the addresses not waiting forgotten (they come back as new)
            self.served = {k: v for k, v in self.served.items() if k in self.waiting or v == self.turns}

    def _release(self, slot: int) -> None:
        """Give ``slot`` to the waiting address served longest ago (a new one first; its oldest
        move), else make it free."""
        while self.waiting:
            turn_of = min(self.waiting, key=lambda k: self.served.get(k, 0))
            queue = self.waiting[turn_of]
            ticket = queue.popleft()
            if not queue:
                del self.waiting[turn_of]
            if not ticket.done():
                self._served(turn_of)
                ticket.set_result(slot)
                return
        self.free.append(slot)

    async def choose(self, kind: str, game_id: str, options: dict[str, Any], num_players: int, seed: int,
                     view: Any, legal: Sequence[int], turn_of: str = "") -> Choice:
        """The move of bot ``kind`` (seeded ``seed``) from ``view`` among ``legal``, thought in a
        worker when the turn of ``turn_of`` (the address that made the table) comes; the quick
        bot's (:func:`quick_bot`) when the worker overran its cap and grace (counted from when
        its bot's clock started, after its kernels loaded: :meth:`limit`), died, or the bot
        failed, with a ``note`` saying so. Never raises but :class:`asyncio.CancelledError`."""
        legal = list(legal)
        if self.task is think and quick_kind(kind, game_id):
            return await self._lane(kind, game_id, seed, view, legal)
        slot = await self._slot(turn_of)
        try:
            return await self._think(slot, kind, game_id, options, num_players, seed, view, legal)
        finally:
            self._release(slot)

    async def _run(self, slot: int, task: Callable[..., Any], args: tuple, limit: float, budget: float) -> Any:
        """``task(*args)`` in a worker in ``slot`` (:func:`_timed`): its answer; ``TimeoutError``
        once it has thought ``budget`` seconds and the grace since its clock started, or taken
        ``limit`` seconds in all (its kernels' load included), the worker then killed (pebble
        starts another); :class:`PoolUnavailable` when the pool is closed; else what the task
        raised."""
        self.clocks[slot] = 0.0
        try:
            future = self.pool.schedule(_timed, args=(slot, task, *args), timeout=limit)
        except RuntimeError as exc:  # the pool is closed (the server is stopping) or broken
            raise PoolUnavailable(str(exc)) from None
        waiting = asyncio.wrap_future(future)
        try:
            while True:
                done, _ = await asyncio.wait({waiting}, timeout=0.1)
                if done:
                    return waiting.result()
                began = self.clocks[slot]
                if began and time.time() - began > budget + self.grace:
                    future.cancel()  # pebble stops the worker (and starts another)
                    raise TimeoutError(f"past {budget:g} s and {self.grace:g} s of grace")
        except (asyncio.CancelledError, CancelledError):
            future.cancel()
            raise

    async def _think(self, slot: int, kind: str, game_id: str, options: dict[str, Any], num_players: int,
                     seed: int, view: Any, legal: list[int]) -> Choice:
        started = time.perf_counter()
        try:
            action = await self._run(slot, self.task, (kind, game_id, options, num_players, seed, view, legal, self.cap),
                                     self.limit(kind, game_id), self.cap)
        except PoolUnavailable as exc:
            return await self._quick(game_id, seed, view, legal, f"the bots' pool is unavailable ({exc})")
        except TimeoutError:  # past the cap and the grace (seen here), or past the load's allowance (pebble)
            self.stopped += 1
            log.warning("bot %s at %s stopped after %.1f s (cap %.1f s)", kind, game_id,
                        time.perf_counter() - started, self.cap)
            return await self._quick(game_id, seed, view, legal,
                                     f"bot {kind} thought past {self.cap:g} s and was stopped; a quick move was played")
        except (asyncio.CancelledError, CancelledError):
            raise
        except Exception as exc:  # a bot's bug, or its worker died (pebble.ProcessExpired)
            self.failed += 1
            log.warning("bot %s at %s failed: %s: %s", kind, game_id, type(exc).__name__, exc)
            return await self._quick(game_id, seed, view, legal, f"bot {kind} failed; a quick move was played")
        self.moves += 1
        return Choice(action)

    async def hints(self, game_id: str, options: dict[str, Any], num_players: int, seed: int, view: Any,
                    legal: Sequence[int], seconds: float = HINT_SECONDS,
                    turn_of: str = "") -> list[tuple[int, float, float, int]] | None:
        """The hints of a person's move (:func:`hint`), computed in a worker for ``seconds`` when
        the turn of ``turn_of`` (the asker's address) comes, the event loop awaiting its future;
        None when they could not be had (no deal of the view could be drawn, the worker overran
        ``seconds`` and the grace, died, or the pool is closed). Never raises but
        :class:`asyncio.CancelledError`."""
        from academie import fast

        limit = seconds + self.grace + 3.0 * fast.COMPILE_SECONDS.get(game_id, 0)
        slot = await self._slot(turn_of)
        try:
            return await self._run(slot, hint, (game_id, options, num_players, seed, view, list(legal), seconds),
                                   limit, seconds)
        except (asyncio.CancelledError, CancelledError):
            raise
        except Exception as exc:  # SamplingError, TimeoutError, a worker's death, the pool closed
            log.warning("hints at %s failed: %s: %s", game_id, type(exc).__name__, exc)
            return None
        finally:
            self._release(slot)

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
"""The bots that do not search (and the levels made of them, :func:`quick_kind`): they play in
:data:`QUICK_LANE`, never queued behind a search."""

QUICK_LANE = ThreadPoolExecutor(max_workers=2, thread_name_prefix="academie-quick-bots")
"""The threads the quick bots think in (their moves take milliseconds)."""

_SHARED: BotPool | None = None


def shared_pool() -> BotPool:
    """A pool of :func:`default_processes` processes for the tables made without one (made on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = BotPool()
    return _SHARED
