"""Independent matches played on every core (a process pool) or on a Ray cluster, their
outcomes delivered in match order.

:func:`map_matches` takes a function of a *chunk* (a list of tasks, e.g. each match's seeds)
that returns one outcome per task, and the tasks; it hands chunks to the workers, a few at a
time per worker, and gives back the outcomes one by one in task order. The outcomes do not
depend on the number of workers nor on the backend: a caller that draws every task's seeds
before handing it out (as :func:`academie.analysis.simulate.simulate` does, from one master
seed) gets the same results on one core, on every core and on a cluster.

>>> with map_matches(square_all, range(6), workers=1) as outcomes:
...     list(outcomes)
[0, 1, 4, 9, 16, 25]

:func:`map_chunks` is the same for work summed up per chunk: ``fn(chunk)`` returns one result
for the chunk (``simulate``'s workers return the counts of their matches), given back in chunk
order.

The function must be picklable (a module-level function, or a :func:`functools.partial` of
one): the workers import it by name. Workers ignore Ctrl-C; the caller stops them with
:meth:`MatchMap.close` (leaving the ``with`` block does it), and :meth:`MatchMap.ready` gives
the outcomes already computed that follow the ones delivered, so that an interrupted run can
still report on every match finished in order.
"""

from __future__ import annotations

import itertools
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from academie.core.errors import AcademieError

BACKENDS = ("local", "ray")
"""``local``: a pool of processes on this machine; ``ray``: the tasks of a Ray cluster."""

START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"
"""How the pool's processes start: forked on Linux (at once, with every module already loaded);
elsewhere spawned, which imports the caller's main module again in each worker (so a script
that asks for workers keeps its main code under ``if __name__ == "__main__":``)."""

MAX_WORKERS_PER_CORE = 4
"""The local backend starts at most this many processes per core."""

IN_FLIGHT = 4
"""Chunks handed out per worker ahead of the one being read: enough to keep every worker busy,
few enough that memory does not grow with the number of matches."""


class CountingGuard:
    """Ctrl-C held back while an outcome is being counted, so that a report interrupted by it
    counts each outcome wholly or not at all (an interrupt in the middle of a board's tally
    once left half a board in the partial result). Outside :meth:`counting` Ctrl-C raises
    :class:`KeyboardInterrupt` at once, as usual; inside, at its end. Only Python's own SIGINT
    handler in the main thread is replaced, for the ``with`` block; elsewhere (another
    thread, a handler of the caller's) the guard does nothing.

    >>> with CountingGuard() as guard:
    ...     with guard.counting():
    ...         total = 1 + 1
    >>> total
    2
    """

    def __init__(self) -> None:
        self.inside, self.pending, self.previous = False, False, None

    def __enter__(self) -> CountingGuard:
        import threading

        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
            self.previous = None

    def _interrupt(self, signum: int, frame: Any) -> None:
        if self.inside:
            self.pending = True
            return
        raise KeyboardInterrupt

    def counting(self, then_raise: bool = True) -> _Counting:
        """A block in which Ctrl-C waits: raised at its end (``then_raise``), or dropped (a
        second Ctrl-C while the partial report is being made)."""
        return _Counting(self, then_raise)


class _Counting:
    def __init__(self, guard: CountingGuard, then_raise: bool) -> None:
        self.guard, self.then_raise = guard, then_raise

    def __enter__(self) -> None:
        self.guard.inside = True

    def __exit__(self, kind: object, *exc: object) -> None:
        guard = self.guard
        guard.inside = False
        if guard.pending:
            guard.pending = False
            if self.then_raise and kind is None:
                raise KeyboardInterrupt


class BackendError(AcademieError, RuntimeError):
    """A backend that cannot run: an unknown name, a bad number of workers, Ray missing, or a
    cluster that cannot be reached."""


def default_workers() -> int:
    """All the cores of this machine (``os.cpu_count()``, 1 if unknown)."""
    return os.cpu_count() or 1


def check_backend(backend: str, workers: int | None = None, address: str | None = None) -> None:
    """Raise :class:`BackendError` for a ``backend`` and ``workers`` that cannot run, before any
    work starts.

    >>> check_backend("local", 2)
    >>> check_backend("mpi")
    Traceback (most recent call last):
    ...
    academie.analysis.parallel.BackendError: unknown backend 'mpi'; the backends are: local, ray
    >>> check_backend("local", 0)
    Traceback (most recent call last):
    ...
    academie.analysis.parallel.BackendError: the number of workers must be at least 1, not 0
    >>> check_backend("local", 2, "10.0.0.1:6379")
    Traceback (most recent call last):
    ...
    academie.analysis.parallel.BackendError: --address names a Ray cluster: it goes with --backend ray
    """
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise BackendError(f"the number of workers must be at least 1, not {workers}")
    most = MAX_WORKERS_PER_CORE * default_workers()
    if backend == "local" and workers is not None and workers > most:
        raise BackendError(
            f"at most {most} workers on this machine ({default_workers()} cores), not {workers}:"
            " more processes than cores only share them"
        )
    if address is not None and backend != "ray":
        raise BackendError("--address names a Ray cluster: it goes with --backend ray")
    if backend == "ray":
        _import_ray()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray, which is not installed: install academie[ray]"
            " (pip install 'academie[ray]')"
        ) from None
    return ray


PROBE_SECONDS = 5.0
"""How long :func:`probe` waits for a cluster's head to answer."""


def probe(address: str | None) -> None:
    """Raise :class:`BackendError` at once when ``address`` is a ``HOST:PORT`` that accepts no
    connection (Ray itself would retry for minutes); other addresses (``auto``, ``local``,
    ``ray://…``, none) are left to Ray.

    >>> probe("127.0.0.1:1")
    Traceback (most recent call last):
    ...
    academie.analysis.parallel.BackendError: cannot reach a Ray cluster at 127.0.0.1:1: Connection refused (is `ray start --head` running there?)
    >>> probe("a-host:not-a-port")
    Traceback (most recent call last):
    ...
    academie.analysis.parallel.BackendError: --address must be HOST:PORT (e.g. 192.168.1.10:6379), 'auto' or 'local', not 'a-host:not-a-port'
    """
    if address is None or address in ("auto", "local") or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BackendError(
            f"--address must be HOST:PORT (e.g. 192.168.1.10:6379), 'auto' or 'local', not {address!r}"
        )
    import socket

    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_SECONDS).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BackendError(
            f"cannot reach a Ray cluster at {address}: {reason} (is `ray start --head` running there?)"
        ) from None


def square_all(chunk: list[int]) -> list[int]:
    """Each number squared: the doctests' chunk function."""
    return [x * x for x in chunk]


def chunked(tasks: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """``tasks`` in lists of ``size`` (the last one shorter), drawn lazily.

    >>> list(chunked(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    it = iter(tasks)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


class MatchMap:
    """The outcomes of ``fn`` over the chunks of ``tasks``, one by one in task order (an
    iterator). See :func:`map_matches`."""

    def __init__(self, fn: Callable[[list[Any]], list[Any]], tasks: Iterable[Any], workers: int,
                 backend: str, address: str | None, chunk_size: int | Callable[[int], int],
                 per_chunk: bool = False) -> None:
        self.fn, self.workers, self.backend, self.per_chunk = fn, workers, backend, per_chunk
        self.pending: deque[Any] = deque()  # chunks handed out, oldest first
        self.buffer: deque[Any] = deque()  # outcomes of the oldest finished chunk not yet delivered
        self.closed = False
        self.pool: Any = None
        self.ray: Any = None
        if backend == "ray":
            self._start_ray(address)
        elif workers > 1:
            import multiprocessing

            context = multiprocessing.get_context(START_METHOD)
            self.pool = context.Pool(workers, initializer=_ignore_ctrl_c)
        size = chunk_size(self.workers) if callable(chunk_size) else chunk_size
        self.chunks = chunked(tasks, max(1, size))
        self._hand_out()

    # --- backends -------------------------------------------------------------------------
    def _start_ray(self, address: str | None) -> None:
        ray = _import_ray()
        if not ray.is_initialized():
            probe(address)
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f"at {address}" if address else "(none running: could not start one here)"
                raise BackendError(f"cannot reach a Ray cluster {where}: {exc}") from None
        self.ray = ray
        self.remote = ray.remote(num_cpus=1, max_retries=3)(_run_chunk)
        if self.workers < 1:
            self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def _submit(self, chunk: list[Any]) -> Any:
        if self.ray is not None:
            return self.remote.remote(self.fn, chunk)
        if self.pool is not None:
            return self.pool.apply_async(self.fn, (chunk,))
        return chunk  # one worker: the chunk is played when it is read, in this process

    def _result(self, handle: Any) -> list[Any]:
        if self.ray is not None:
            return self.ray.get(handle)
        if self.pool is not None:
            return handle.get()
        return self.fn(handle)

    def _done(self, handle: Any) -> bool:
        if self.ray is not None:
            ready, _ = self.ray.wait([handle], timeout=0)
            return bool(ready)
        if self.pool is not None:
            return handle.ready()
        return False

    # --- the iterator ---------------------------------------------------------------------
    def _hand_out(self) -> None:
        ahead = self.workers * IN_FLIGHT if self.pool is not None or self.ray is not None else 1
        while len(self.pending) < ahead:
            chunk = next(self.chunks, None)
            if chunk is None:
                return
            self.pending.append(self._submit(chunk))

    def __iter__(self) -> MatchMap:
        return self

    def __next__(self) -> Any:
        while not self.buffer:
            if self.closed or not self.pending:
                raise StopIteration
            outcomes = self._result(self.pending[0])
            self.pending.popleft()
            self._keep(outcomes)
            self._hand_out()
        return self.buffer.popleft()

    def at_hand(self) -> bool:
        """True when the next outcome is there without waiting (its chunk is finished); so a
        caller can give its progress once per batch of outcomes rather than once per outcome,
        all of a batch coming at once."""
        return bool(self.buffer) or (not self.closed and bool(self.pending) and self._done(self.pending[0]))

    def ready(self) -> list[Any]:
        """The outcomes already computed that follow the ones delivered, in order, without
        waiting for any (after Ctrl-C: what the report may still count)."""
        out = list(self.buffer)
        self.buffer.clear()
        while self.pending and self._done(self.pending[0]):
            try:
                self._keep(self._result(self.pending.popleft()))
            except Exception:  # a chunk that failed: what came before it still counts
                break
        out.extend(self.buffer)
        self.buffer.clear()
        return out

    def _keep(self, outcomes: Any) -> None:
        if self.per_chunk:
            self.buffer.append(outcomes)
        else:
            self.buffer.extend(outcomes)

    def close(self) -> None:
        """Stop the workers (the chunks being played are dropped)."""
        if self.closed:
            return
        self.closed = True
        self.buffer.clear()
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
        if self.ray is not None:
            for handle in self.pending:
                try:
                    self.ray.cancel(handle, force=True)
                except Exception:  # already finished, or the cluster is gone
                    pass
        self.pending.clear()

    def __enter__(self) -> MatchMap:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def map_matches(fn: Callable[[list[Any]], list[Any]], tasks: Iterable[Any], workers: int | None = None,
                backend: str = "local", address: str | None = None,
                chunk_size: int | Callable[[int], int] = 16) -> MatchMap:
    """Apply ``fn`` to ``tasks`` in chunks of ``chunk_size`` and give back its outcomes one by
    one, in task order (a :class:`MatchMap`, to be closed: use it in a ``with`` block).

    ``fn(chunk)`` returns one outcome per task of ``chunk``; ``chunk_size`` may be a function of
    the number of workers (known once a cluster is reached). ``backend`` ``"local"`` runs the
    chunks on ``workers`` processes of this machine (default: every core; one worker plays them
    in this process); ``"ray"`` runs them as Ray tasks, ``workers`` chunks at a time (default:
    the cluster's CPUs), on the cluster at ``address`` (``"auto"``, ``"HOST:PORT"``; default:
    the ``RAY_ADDRESS`` environment variable, the Ray instance this process already started, or
    a new local one). Tasks are drawn lazily, a few chunks per worker ahead. Raises
    :class:`BackendError` when the backend cannot run; an exception in ``fn`` comes back out of
    the iteration.
    """
    check_backend(backend, workers, address)
    if workers is None:
        workers = 0 if backend == "ray" else default_workers()
    return MatchMap(fn, tasks, workers, backend, address, chunk_size)


def map_chunks(fn: Callable[[list[Any]], Any], tasks: Iterable[Any], workers: int | None = None,
               backend: str = "local", address: str | None = None,
               chunk_size: int | Callable[[int], int] = 16) -> MatchMap:
    """As :func:`map_matches`, but ``fn(chunk)`` returns one result for the whole chunk (e.g. the
    counts of its matches, so that less crosses between processes), and the iteration gives
    those results, in chunk order.

    >>> with map_chunks(sum, range(10), workers=1, chunk_size=4) as sums:
    ...     list(sums)
    [6, 22, 17]
    """
    check_backend(backend, workers, address)
    if workers is None:
        workers = 0 if backend == "ray" else default_workers()
    return MatchMap(fn, tasks, workers, backend, address, chunk_size, per_chunk=True)


def _run_chunk(fn: Callable[[list[Any]], list[Any]], chunk: list[Any]) -> list[Any]:
    """A Ray task: ``fn(chunk)``."""
    return fn(chunk)


def _ignore_ctrl_c() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command): the
    parent decides what to stop and stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
