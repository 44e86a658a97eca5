"""Exact samples of a seat's information set, drawn from its view alone.

:func:`sample` takes a seat's view and a ``random.Random`` and returns a *world*: a whole
:class:`~academie.core.state.State` whose history gives that seat, after every prefix of it, the
very view it had in the real match. Worlds are drawn uniformly among the histories the seat
cannot tell apart from the real one: every hidden card equally likely wherever what the seat has
seen allows it (a void, no trump, no heart, no quinola, no flux, no 31, a card seen in the écart,
the talon as dealt, a draw from the stock…). :meth:`State.determinize` is ``sample(view(seat))``.

What sampling needs comes with the view, in its :class:`Trail`: the game, the number of seats,
the options, the seat, and the seat's *trace* of every deal — its action-observation history:
each action as the seat saw it (a card dealt to another seat is :data:`HIDDEN`, a card put face
down in the écart by another is the game's masked action), and the cards the rules show (hands
at a showdown, a flux shown, the talon turned over) as ``(REVEAL, place, card)`` entries. The
public results of the finished deals come with it too. Nothing in a trail is hidden from the seat.

How a world is made. The finished deals are replayed once per trail (and kept, see
:func:`deal_start`): each deal's history is the first one the game proposes, from a fixed seed,
that gives the seat its trace and the deal its public result — the earlier deals only have to be
consistent; they shape nothing but the match's counters, which are public. The current deal is
then drawn by *exact rejection*: the game proposes a history uniformly among those that meet the
constraints it derives card by card from the trace (each game in its own package:
``State._sample_deal``), the history is replayed with every action checked legal, and the world
is kept only if the seat's view of it is the real view. The proposal is uniform over a set that
holds every consistent history, each consistent history is kept, every other refused: the
sample is uniform over the consistent histories. After :data:`MAX_TRIES` refusals in a row it
raises :class:`~academie.core.errors.SamplingError`; it never keeps an inconsistent world.
When the match is over and its last deal is among the finished ones (no deal is current), that
last deal is drawn so, as the current one: the seat may not have seen all of it.

Games without hidden information (Blason) give the state itself: their trace is their history.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from math import comb, perm
from typing import TYPE_CHECKING, Any

from academie.core import state as _state
from academie.core.errors import SamplingError
from academie.core.frozen import FrozenMap, snapshot
from academie.core.game import registered_game
from academie.core.state import _INLINE_SHUFFLE

if TYPE_CHECKING:
    from academie.core.state import State

HIDDEN = -1
"""A chance outcome (a card) the seat did not see, in its trace."""
REVEAL = -10
"""First item of a trace entry ``(REVEAL, place, card)``: the rules showed ``card`` at ``place``
(a seat, or a place the game names with a negative number)."""
MAX_TRIES = 50_000
"""Refused proposals in a row after which :func:`sample` gives up with an error."""
CHECK_EVERY = 64
"""Proposals between two looks at the clock, when a sample is drawn against a deadline."""


class SamplingTimeout(SamplingError):
    """No world was drawn before the deadline given to :func:`sample`: the time ran out, the
    view may still have worlds (nothing is remembered of it)."""


def _late(deadline: float | None, tries: int) -> bool:
    return deadline is not None and tries % CHECK_EVERY == CHECK_EVERY - 1 and time.perf_counter() >= deadline


@dataclass(frozen=True)
class Trail:
    """What a seat's view carries for sampling: ``game`` (its id), ``num_players``, ``options``
    (the validated options, as a FrozenMap of their values), ``seat`` (None for a game with nothing hidden), ``past`` (the seat's
    trace of each finished deal), ``results`` (the finished deals' public results) and ``deal``
    (the trace of the current deal). Entries of a trace are ``(who, action)`` pairs — ``who`` the
    seat acting or receiving the card, or a negative place — with the action as the seat saw it,
    and ``(REVEAL, place, card)`` triples."""

    game: str
    num_players: int
    options: Any
    seat: int | None
    past: tuple[tuple[Any, ...], ...]
    results: tuple[Any, ...]
    deal: tuple[Any, ...] = field(repr=False)

    def __post_init__(self) -> None:  # the options as a FrozenMap: a view is deeply frozen
        if not isinstance(self.options, FrozenMap):
            object.__setattr__(self, "options", _frozen_options(self.options))

    def __hash__(self) -> int:
        # Equal trails hash alike; the finished deals are counted, not hashed (their traces are
        # long, and the current deal's trace tells trails apart): a trail is hashed at every sample.
        return hash((self.game, self.num_players, self.options, self.seat, len(self.past), self.deal))


@lru_cache(maxsize=64)
def _frozen_options(options: Any) -> FrozenMap:
    """``options`` (a game's validated options, or a mapping) as a :class:`FrozenMap` of their values."""
    return FrozenMap(options.model_dump() if hasattr(options, "model_dump") else dict(options))


_OPTIONS: dict[int, tuple[Any, FrozenMap]] = {}  # id(options) -> (options, as a FrozenMap)


def trail_of(state: State, seat: int | None) -> Trail | None:
    """The trail of ``seat``'s view of ``state`` (None for the public view of a game with
    hidden cards). Games keep, per seat, ``traces`` (the current deal's, a list) and
    ``past_traces`` (a tuple of the finished deals' traces)."""
    if seat is None:
        return None
    options = state.options
    if not isinstance(options, FrozenMap):  # known by identity: hashing a pydantic model is slow
        known = _OPTIONS.get(id(options))
        if known is None or known[0] is not options:
            if len(_OPTIONS) >= 256:
                _OPTIONS.clear()
            known = _OPTIONS[id(options)] = (options, _frozen_options(options))
        options = known[1]
    # built without the dataclass's __init__ (one object.__setattr__ per field), as views are
    return snapshot(Trail, game=state.game.info.id, num_players=state.num_players, options=options, seat=seat,
                    past=state.past_traces[seat], results=state.finished_results(),
                    deal=tuple(state.traces[seat]))


# --- entry points ------------------------------------------------------------------------------


def sample(view: Any, rng: random.Random, deadline: float | None = None) -> State:
    """A world drawn uniformly from the information set of the seat whose view this is.

    ``view``: a seat's view (``state.view(seat)``; it carries a :class:`Trail`); ``rng``: the
    source of randomness (the same view and the same seed give the same world). Returns a new
    state whose ``history`` replays to it with every action legal, the seat's view of it equal to
    ``view``. Raises :class:`~academie.core.errors.SamplingError` for a view without a trail (a
    public view of a game with hidden cards) or when no consistent world turns up in
    :data:`MAX_TRIES` proposals (a finished deal that cannot be rebuilt is remembered: every
    later view of the match holding it fails at once, see :func:`deal_start`). ``deadline``
    (a :func:`time.perf_counter` reading, None for none) bounds the time spent: past it,
    :class:`SamplingTimeout` (a SamplingError) is raised, the clock read every
    :data:`CHECK_EVERY` proposals.
    """
    return _sampler_of(view, deadline).draw(view, rng, deadline)


def _sampler_of(view: Any, deadline: float | None = None) -> _Current:
    trail = getattr(view, "trail", None)
    if not isinstance(trail, Trail):
        raise SamplingError(f"{type(view).__name__} carries no trail: sample a seat's view (state.view(seat)), not the public view")
    cache = view.__dict__.get("_sampling")
    if cache is None:
        cache = _CURRENT.get(trail)  # an equal view seen lately (determinize builds a new one)
        if cache is None:
            cache = _CURRENT[trail] = _Current(deal_start(trail, deadline), trail, view, deadline)
            while len(_CURRENT) > _CURRENT_SIZE:
                _CURRENT.popitem(last=False)
        view.__dict__["_sampling"] = cache  # derived from the view alone; not a field: not compared
    return cache


def sampler(trail: Trail, view: Callable[[], Any]) -> _Current:
    """The sampler of the view whose trail is ``trail`` (``view`` makes that view, called only
    when no sampler of an equal view is kept): ``sampler(trail, view).draw(view, rng)`` is
    ``sample(view(), rng)``, the view made only if a world is drawn by replay. For a game's
    :meth:`~academie.core.state.State.determinize` that can make the trail alone, and keep the
    sampler of a position it is asked to sample again and again."""
    cache = _CURRENT.get(trail)
    return cache if cache is not None else _sampler_of(view())


_CURRENT: OrderedDict[Trail, _Current] = OrderedDict()
_CURRENT_SIZE = 64


class _Current:
    """The current deal's sampler for one view: the state at the deal's start, what the game
    derived from the trace (its ``memo``) and a first world, drawn by replay from a fixed seed
    (``memo["world"]``), from which a game may build the others at once. What it holds depends
    on the view alone, so a sample depends on the view and the seed only."""

    def __init__(self, base: State, trail: Trail, view: Any, deadline: float | None = None) -> None:
        if base.is_terminal() and not trail.deal and trail.past:
            # The match is over and its last deal finished: no deal is left to draw, but the seat
            # may not have seen every card of the last one. That deal is drawn as the current one,
            # from its start, its trace the seat's whole trace of it (what the rules showed at its
            # end too); the world is kept, as ever, only when the seat's view of it is the view.
            trail = replace(trail, past=trail.past[:-1], results=trail.results[:-1], deal=trail.past[-1])
            base = deal_start(trail)
        self.base = base
        self.trail = trail
        self.memo: dict[str, Any] = {}
        self.fixed: State | None = None  # the world, when nothing is hidden
        from academie.core.state import State

        self.builds = type(base)._sample_world is not State._sample_world
        if self.builds:  # the game builds its worlds from a first one
            self.memo["world"] = self._replayed(view, random.Random(0), deadline)

    def _replayed(self, view: Any, rng: random.Random, deadline: float | None = None) -> State:
        if callable(view):  # made when needed (sampler)
            view = view()
        base, trail, memo = self.base, self.trail, self.memo
        seat = trail.seat
        for tries in range(MAX_TRIES):
            if _late(deadline, tries):
                raise SamplingTimeout(f"no world of seat {seat}'s view turned up before the deadline ({tries + 1} proposals)")
            actions = base._sample_deal(seat, trail.deal, rng, memo)
            if actions is None:
                continue
            world = replay(base, actions)
            if world is not None and _seen(world, seat) == view:
                return world
        raise SamplingError(f"no world consistent with seat {seat}'s view turned up in {MAX_TRIES} proposals")

    def draw(self, view: Any, rng: random.Random, deadline: float | None = None) -> State:
        """A world for ``view`` (or a function making it, called only if a replay needs it);
        :class:`SamplingTimeout` past ``deadline``."""
        if self.fixed is not None:
            return self.fixed.clone()
        base, trail, memo = self.base, self.trail, self.memo
        if not self.builds:
            world = self._replayed(view, rng, deadline)
            if memo.get("deterministic"):
                self.fixed = world
                return world.clone()
            return world
        for tries in range(MAX_TRIES):
            if _late(deadline, tries):
                raise SamplingTimeout(f"no world of seat {trail.seat}'s view turned up before the deadline ({tries + 1} proposals)")
            world = base._sample_world(trail.seat, trail.deal, rng, memo)  # a game may build it at once
            if world is None:
                continue
            if world is False:
                return self._replayed(view, rng, deadline)
            return world
        raise SamplingError(f"no world consistent with seat {trail.seat}'s view turned up in {MAX_TRIES} proposals")


def _seen(world: State, seat: int | None) -> Any:
    return world.view(seat) if seat is not None else world.public_view()


def replay(base: State, actions: Sequence[int]) -> State | None:
    """A clone of ``base`` with ``actions`` applied, or None as soon as one is not legal."""
    world = base.clone()
    for action in actions:
        if not world.is_legal(action):
            return None
        world.apply_action(action, trusted=True)
    return world


_STARTS: OrderedDict[tuple, Any] = OrderedDict()
_STARTS_SIZE = 32
_FAILED: OrderedDict[tuple, str] = OrderedDict()  # finished deals that could not be rebuilt -> the error
_FAILED_SIZE = 256


def deal_start(trail: Trail, deadline: float | None = None) -> State:
    """The state at the start of the trail's current deal: the finished deals replayed, each
    with the first history the game proposes from ``random.Random(deal)`` that gives the seat
    its trace and the deal its public result. Kept for the last few trails (a match's views
    share their finished deals). Raises :class:`~academie.core.errors.SamplingError` if a
    finished deal cannot be rebuilt; that failure is remembered (for the last
    ``_FAILED_SIZE`` such deals), so that every later trail holding the same finished deals
    fails at once instead of paying the :data:`MAX_TRIES` proposals again (the proposals are
    drawn from a fixed seed: they would fail again). Past ``deadline`` (a
    :func:`time.perf_counter` reading) raises :class:`SamplingTimeout`, remembering nothing."""
    key = (trail.game, trail.num_players, trail.options, trail.seat, trail.past, trail.results)
    hit = _STARTS.get(key)
    if hit is not None:
        _STARTS.move_to_end(key)
        return hit

    # the longest cached prefix of finished deals, else the match's start
    state = None
    done = 0
    for k in range(len(trail.past) - 1, -1, -1):
        prefix = (trail.game, trail.num_players, trail.options, trail.seat, trail.past[:k], trail.results[:k])
        if prefix in _STARTS:
            state, done = _STARTS[prefix], k
            break
    if state is None:
        state = registered_game(trail.game).new_initial_state(trail.num_players, trail.options)
    seat = trail.seat
    for j in range(done, len(trail.past)):
        key_j = (trail.game, trail.num_players, trail.options, seat, trail.past[:j + 1], trail.results[:j + 1])
        failed = _FAILED.get(key_j)
        if failed is not None:
            raise SamplingError(failed)
        trace, result = trail.past[j], trail.results[j]
        rng, memo = random.Random(j), {}
        for tries in range(MAX_TRIES):
            if _late(deadline, tries):
                raise SamplingTimeout(f"deal {j + 1} of the trail was not rebuilt before the deadline")
            actions = state._sample_deal(seat, trace, rng, memo)
            if actions is None:
                continue
            world = replay(state, actions)
            if world is not None and (seat is None or world.past_traces[seat][j] == trace) \
                    and world.finished_results()[j] == result:
                break
        else:
            message = f"deal {j + 1} of the trail could not be rebuilt in {MAX_TRIES} proposals"
            _FAILED[key_j] = message
            while len(_FAILED) > _FAILED_SIZE:
                _FAILED.popitem(last=False)
            raise SamplingError(message)
        state = world
        _remember((trail.game, trail.num_players, trail.options, seat, trail.past[:j + 1], trail.results[:j + 1]), state)
    _remember(key, state)
    return state


def _remember(key: tuple, state: State) -> None:
    _STARTS[key] = state
    _STARTS.move_to_end(key)
    while len(_STARTS) > _STARTS_SIZE:
        _STARTS.popitem(last=False)


# --- exact constrained assignment -----------------------------------------------------------------


_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``, drawing the very same numbers from ``rng`` (so the same seed gives the
    same samples), with the loop of :meth:`random.Random.shuffle` and its ``_randbelow`` written
    in (see :func:`academie.core.state._inline_shuffler`): about four times faster on the
    sampler's short lists. Another generator class is left to its own ``shuffle``."""
    if type(rng) is not random.Random or not _INLINE_SHUFFLE:
        rng.shuffle(x)
        return
    n = len(x)
    steps = _STEPS.get(n)
    if steps is None:
        steps = _STEPS[n] = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n)))
    getrandbits = rng.getrandbits
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``, drawing the very same numbers (its ``_randbelow``
    written in, as in :func:`shuffle`)."""
    if type(rng) is not random.Random or not _INLINE_SHUFFLE:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def assign(cards: Sequence[int], caps: Sequence[int], fits: Callable[[int, int], bool],
           rng: random.Random) -> list[list[int]] | None:
    """``cards`` dealt to places of capacities ``caps`` (their sum is ``len(cards)``), uniformly
    among the deals in which ``fits(card, place)`` holds for every card; the order of the cards
    within a place is random. None if there is no such deal. (:class:`Assignment` once, then
    :meth:`Assignment.draw` for each deal, when the same problem comes again.)

    >>> rng = random.Random(1)
    >>> sorted(map(sorted, assign([0, 1, 2, 3], [2, 2], lambda c, p: p == 0 or c > 1, rng)))
    [[0, 1], [2, 3]]
    """
    return Assignment(cards, caps, fits).draw(rng)


LARGE = 5_000_000
"""Above this much counting (the rooms left in the places — the product of their sizes plus one
— times the most splits of a group among its places), a group of places is dealt by rejection
from a uniform shuffle instead of by counting."""


SHUFFLES = 2_000
"""Shuffles tried for a group of places too large to count before it is counted after all."""


HUGE = 40 * LARGE
"""Above this much counting, a group of places whose fits are too rare for rejection is not
counted (it would take minutes and gigabytes): :meth:`Assignment.draw` raises instead."""


class Assignment:
    """The deals of ``cards`` to places of capacities ``caps`` in which ``fits(card, place)``
    holds for every card, ready to be drawn uniformly (:meth:`draw`).

    Cards that fit one place only go there; the others are grouped by the set of places they
    fit; places linked by a group are dealt together, by exact counting (the number of deals of
    the groups from each one on, for each room left in the places) and sequential sampling:
    each group's split among its places drawn with the number of deals it leaves, then the
    group's cards shuffled into that split — or, when there are too many rooms to count
    (:data:`LARGE`), by a uniform shuffle kept only when every card fits its place. ``possible``
    is False when no deal exists (when the counting can tell)."""

    def __init__(self, cards: Sequence[int], caps: Sequence[int], fits: Callable[[int, int], bool]) -> None:
        n = len(caps)
        self.n = n
        room = list(caps)
        forced: list[list[int]] = [[] for _ in caps]
        groups: dict[tuple[int, ...], list[int]] = {}
        self.possible = sum(caps) == len(cards)
        for c in cards:
            sig = tuple(p for p in range(n) if caps[p] and fits(c, p))
            if len(sig) == 1:
                forced[sig[0]].append(c)
                room[sig[0]] -= 1
            elif sig:
                groups.setdefault(sig, []).append(c)
            else:
                self.possible = False
        if min(room, default=0) < 0:
            self.possible = False
        merged: dict[tuple[int, ...], list[int]] = {}
        for sig, cs in groups.items():  # without the places the forced cards filled
            left = tuple(p for p in sig if room[p])
            if not left:
                self.possible = False
            merged.setdefault(left, []).extend(cs)
        self.forced = forced
        parent = list(range(n))

        def find(j: int) -> int:
            while parent[j] != j:
                parent[j] = parent[parent[j]]
                j = parent[j]
            return j

        for sig in merged:
            for j in sig[1:]:
                parent[find(j)] = find(sig[0])
        components: dict[int, list[tuple[tuple[int, ...], list[int]]]] = {}
        for sig, cs in sorted(merged.items()):
            if sig:
                components.setdefault(find(sig[0]), []).append((sig, cs))
        for p in range(n):  # a place no card fits must be full already
            if room[p] and find(p) not in components:
                self.possible = False
        self.components: list[tuple[list[int], tuple[int, ...], list[tuple[tuple[int, ...], list[int]]]]] = []
        for types in components.values():
            local = sorted({j for sig, _ in types for j in sig})
            index = {j: i for i, j in enumerate(local)}
            lcaps = tuple(room[j] for j in local)
            if sum(len(cs) for _, cs in types) != sum(lcaps):
                self.possible = False
            ltypes = [(tuple(index[j] for j in sig), cs) for sig, cs in types]
            self.components.append((local, lcaps, ltypes))
        self.large: set[int] = set()  # components too large to count: drawn by exact rejection
        self.split: dict[int, tuple[list[int], list[tuple[list[int], tuple[int, ...], list]]]] = {}
        self.drawn: dict[int, list[tuple]] = {}  # per split component, what drawing each part takes
        self.by_place: dict[int, _ByPlace] = {}  # components counted place by place (see _ByPlace)
        if self.possible:
            for i, (local, lcaps, ltypes) in enumerate(self.components):
                if len(ltypes) == 1:
                    continue
                parts = _free_split(lcaps, ltypes)
                if parts is not None:  # a group fitting every place: the others counted apart
                    free, subs = parts
                    if all(_work(scaps, stypes) <= LARGE for _, scaps, stypes in subs):
                        self._use_split(i, parts)
                        continue
                if _work(lcaps, ltypes) > LARGE:
                    self.large.add(i)
                elif _counter(_shape(ltypes))(0, lcaps) == 0:
                    self.possible = False

    def draw(self, rng: random.Random, order: bool = True) -> list[list[int]] | None:
        """A deal drawn uniformly (lists of cards, one per place, each in random order unless
        ``order`` is False, for a caller that shuffles them itself), or None if there is none.
        Raises :class:`~academie.core.errors.SamplingError` when a group of places can neither
        be dealt by rejection nor counted (:data:`HUGE`)."""
        if not self.possible:
            return None
        dealt = [f.copy() for f in self.forced]
        if not self.deal_from(0, dealt, rng):
            return None
        if order:
            for hand in dealt:
                shuffle(rng, hand)
        return dealt

    def deal_from(self, start: int, dealt: list[list[int]], rng: random.Random) -> bool:
        """Deal the components from ``start`` on into ``dealt`` (the cards each place holds so
        far, added to), as :meth:`draw` does; False when there is no deal."""
        for i in range(start, len(self.components)):
            local, lcaps, ltypes = self.components[i]
            if i in self.large:  # a uniform shuffle kept when every card fits its place: exact
                fit = {c: set(sig) for sig, cs in ltypes for c in cs}
                cs = [c for _, group in ltypes for c in group]
                ok = False
                for _ in range(SHUFFLES):
                    shuffle(rng, cs)
                    k, ok = 0, True
                    for j, cap in enumerate(lcaps):
                        if not all(j in fit[c] for c in cs[k:k + cap]):
                            ok = False
                            break
                        k += cap
                    if ok:
                        k = 0
                        for j, cap in zip(local, lcaps):
                            dealt[j] += cs[k:k + cap]
                            k += cap
                        break
                if ok:
                    continue
                if not self.refused(i):
                    return False
            if i in self.by_place:
                hands = self.by_place[i].draw(rng)
                if hands is None:
                    self.possible = False
                    return False
                for j, hand in zip(local, hands):
                    dealt[j] += hand
                continue
            if i in self.split:  # the others' groups, place by place; the free group fills the rest
                free = self.split[i][0]
                room = list(lcaps)
                for where, places, scaps, stypes, shape in self.drawn[i]:
                    left = _deal_types(shape, stypes, scaps, rng, dealt, places)
                    for j, r in zip(where, left):
                        room[j] = r
                _shuffled_into(free, local, room, rng, dealt)
                continue
            if len(ltypes) == 1:  # every card fits every place of the component: a shuffle
                _shuffled_into(ltypes[0][1], local, lcaps, rng, dealt)
                continue
            _deal_types(_shape(ltypes), ltypes, None, rng, dealt, local, lcaps)
        return True

    def _use_split(self, i: int, parts: tuple) -> None:
        """Deal component ``i`` as :func:`_free_split` splits it: each part counted apart, the
        free cards filling the rest; ``possible`` False when a part has no deal."""
        local = self.components[i][0]
        self.split[i] = parts
        self.drawn[i] = [(where, [local[j] for j in where], scaps, stypes, _shape(stypes))
                         for where, scaps, stypes in parts[1]]
        if any(_counter(_shape(stypes), scaps)(0, scaps) == 0 for _, scaps, stypes in parts[1]):
            self.possible = False

    def refused(self, i: int) -> bool:
        """After :data:`SHUFFLES` refused shuffles of component ``i`` (dealt by rejection), count
        it from now on (group by group, or place by place when that is too large); False when
        there is no deal at all. Raises :class:`~academie.core.errors.SamplingError` when it can
        be counted neither way (:data:`HUGE`)."""
        local, lcaps, ltypes = self.components[i]
        if _work(lcaps, ltypes) > HUGE:  # too many splits to count group by group
            by_place = _ByPlace(lcaps, ltypes)
            parts = _free_split(lcaps, ltypes) if by_place.work > HUGE else None
            if parts is not None and all(_work(scaps, stypes, exact=True) <= HUGE for _, scaps, stypes in parts[1]):
                # the cards nobody showed fill what the others leave, the others counted apart
                # (their splits counted exactly: a card shown late fits many places, one at a time)
                self.large.discard(i)
                self._use_split(i, parts)
                return self.possible
            if by_place.work > HUGE:  # nor place by place: never hang
                raise SamplingError(f"{sum(len(cs) for _, cs in ltypes)} hidden cards over {len(lcaps)} places: "
                                    f"no fitting deal in {SHUFFLES} shuffles, and too many splits to count")
            self.large.discard(i)
            self.by_place[i] = by_place  # counted place by place from now on
        else:
            self.large.discard(i)  # too rare a fit: counted from now on
            if _counter(_shape(ltypes))(0, lcaps) == 0:
                self.possible = False
                return False
        return True


def _shuffled_into(cards: Sequence[int], places: Sequence[int], caps: Sequence[int], rng: random.Random,
                   dealt: list[list[int]]) -> None:
    """``cards`` (not changed) shuffled and dealt in turn to ``places``, ``caps[k]`` to each."""
    cs = list(cards)
    shuffle(rng, cs)
    k = 0
    for j, cap in zip(places, caps):
        dealt[j] += cs[k:k + cap]
        k += cap


class _ByPlace:
    """The deals of a group of places counted place by place, for few groups of cards over many
    places (where counting group by group, over the rooms left in every place, is too large):
    ``count(j, left)`` is the number of deals of the cards ``left`` (how many of each group are
    still to deal) to places ``j`` on — a sum, over what place ``j`` takes of each group that fits
    it (``x``, filling it), of ``prod(C(left_t, x_t)) * count(j + 1, left - x)``. :meth:`draw`
    takes each place's counts with the number of deals they leave, then that many cards of each
    group at random: uniform over the deals. ``work`` bounds the counting (the count vectors
    times the places times the most fillings of a place)."""

    def __init__(self, lcaps: Sequence[int], ltypes: Sequence[tuple[tuple[int, ...], list[int]]]) -> None:
        self.caps = tuple(lcaps)
        self.groups = [list(cs) for _, cs in ltypes]
        sizes = tuple(len(cs) for cs in self.groups)
        self.sizes = sizes
        fits = [[t for t, (sig, _) in enumerate(ltypes) if j in sig] for j in range(len(lcaps))]
        self.fillings = [list(_fillings(cap, ts, sizes)) for cap, ts in zip(self.caps, fits)]
        vectors = 1
        for m in sizes:
            vectors *= m + 1
        self.work = vectors * len(self.caps) * max((len(f) for f in self.fillings), default=1)
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, j: int, left: tuple[int, ...]) -> int:
        if j == len(self.caps):
            return 1 if not any(left) else 0
        key = (j, left)
        hit = self.memo.get(key)
        if hit is None:
            hit = sum(w for _, _, w in self._ways(j, left))
            self.memo[key] = hit
        return hit

    def _ways(self, j: int, left: tuple[int, ...]):
        for x in self.fillings[j]:
            if any(xt > lt for xt, lt in zip(x, left)):
                continue
            rest = tuple(lt - xt for lt, xt in zip(left, x))
            w = 1
            for lt, xt in zip(left, x):
                if xt:
                    w *= comb(lt, xt)
            w *= self.count(j + 1, rest)
            if w:
                yield x, rest, w

    def draw(self, rng: random.Random) -> list[list[int]] | None:
        """One deal, uniformly (a list of cards per place, in random order), or None."""
        left = self.sizes
        if self.count(0, left) == 0:
            return None
        pools = [cs.copy() for cs in self.groups]
        for pool in pools:
            shuffle(rng, pool)
        hands: list[list[int]] = []
        for j in range(len(self.caps)):
            ways = list(self._ways(j, left))
            totals = list(accumulate(w for _, _, w in ways))
            x, left, _ = ways[bisect_right(totals, below(rng, totals[-1]))]
            hand: list[int] = []
            for t, xt in enumerate(x):
                for _ in range(xt):
                    hand.append(pools[t].pop())
            shuffle(rng, hand)
            hands.append(hand)
        return hands


def _fillings(cap: int, groups: Sequence[int], sizes: Sequence[int]):
    """The count vectors (one entry per group, 0 for the groups not in ``groups``) that fill a
    place of size ``cap`` from ``groups``, each at most its size."""
    def rec(i: int, room: int, x: list[int]):
        if i == len(groups):
            if room == 0:
                yield tuple(x)
            return
        t = groups[i]
        for k in range(min(room, sizes[t]) + 1):
            x[t] = k
            yield from rec(i + 1, room - k, x)
        x[t] = 0

    yield from rec(0, cap, [0] * len(sizes))


def _shape(ltypes: Sequence[tuple[tuple[int, ...], list[int]]]) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple((sig, len(cs)) for sig, cs in ltypes)


def _work(lcaps: Sequence[int], ltypes: Sequence[tuple[tuple[int, ...], list[int]]], exact: bool = False) -> int:
    """The rooms left to count (the product of the places' sizes plus one), times the most
    splits of a group among its places: how much counting a group of places takes. The splits
    are bounded by the product of each place's choices, or with ``exact`` counted (a group of one
    card over 13 places has 13 splits, where the bound gives 2^13)."""
    work = 1
    for cap in lcaps:
        work *= cap + 1
    splits = 1
    for sig, cs in ltypes:
        if exact:
            n_splits = _split_count(len(cs), tuple(lcaps[j] for j in sig))
        else:
            n_splits = 1
            for j in sig:
                n_splits *= min(lcaps[j], len(cs)) + 1
        splits = max(splits, n_splits)
    return work * splits


def _split_count(m: int, caps: Sequence[int]) -> int:
    """How many ways to split ``m`` cards among places of capacities ``caps`` (how many
    :func:`_compositions` there are), counted without listing them.

    >>> _split_count(1, (1,) * 13), _split_count(2, (3, 1, 1)), len(_compositions(2, (3, 1, 1)))
    (13, 4, 4)
    """
    ways = [1] + [0] * m  # ways[k]: splits of k cards among the places so far
    for cap in caps:
        ways = [sum(ways[k - x] for x in range(min(cap, k) + 1)) for k in range(m + 1)]
    return ways[m]


def _free_split(lcaps: tuple[int, ...], ltypes: list[tuple[tuple[int, ...], list[int]]]):
    """When one group of cards fits every place of a component (the cards nobody showed), the
    deals of the other groups are counted apart, per set of places they link: the free cards
    then fill the rooms left in ``F! / prod(room!)`` ways, a product over places, so each part
    is drawn with weight ``ways * prod(cap! / room!)`` on its own. Returns the free cards and
    the parts (their places, capacities and groups in local numbering), or None."""
    every = tuple(range(len(lcaps)))
    free = [cs for sig, cs in ltypes if sig == every]
    if len(free) != 1:
        return None
    rest = [(sig, cs) for sig, cs in ltypes if sig != every]
    parent = list(range(len(lcaps)))

    def find(j: int) -> int:
        while parent[j] != j:
            parent[j] = parent[parent[j]]
            j = parent[j]
        return j

    for sig, _ in rest:
        for j in sig[1:]:
            parent[find(j)] = find(sig[0])
    parts: dict[int, list[tuple[tuple[int, ...], list[int]]]] = {}
    for sig, cs in rest:
        parts.setdefault(find(sig[0]), []).append((sig, cs))
    subs = []
    for types in parts.values():
        where = sorted({j for sig, _ in types for j in sig})
        index = {j: k for k, j in enumerate(where)}
        subs.append((where, tuple(lcaps[j] for j in where),
                     [(tuple(index[j] for j in sig), cs) for sig, cs in types]))
    return free[0], subs


def _deal_types(shape: tuple, ltypes: Sequence[tuple[tuple[int, ...], list[int]]], caps: tuple[int, ...] | None,
                rng: random.Random, dealt: list[list[int]], local: Sequence[int],
                start: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Each group's split among its places drawn by the number of deals it leaves (weighted as
    :func:`_counter` with ``caps``), its cards shuffled into that split; returns the rooms left."""
    left = start if start is not None else caps
    for t, (sig, cs) in enumerate(ltypes):
        totals, splits = _choices(shape, t, left, caps)
        _, xs, rest = splits[bisect_right(totals, below(rng, totals[-1]))]
        shuffled = cs.copy()
        shuffle(rng, shuffled)
        k = 0
        for j, x in zip(sig, xs):
            if x:
                dealt[local[j]] += shuffled[k:k + x]
                k += x
        left = rest
    return left


@lru_cache(maxsize=1024)
def _compositions(m: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``m`` items among places of capacities ``caps``."""
    out: list[tuple[int, ...]] = []

    def rec(j: int, left: int, acc: list[int]) -> None:
        if j == len(caps) - 1:
            if left <= caps[j]:
                out.append((*acc, left))
            return
        for x in range(min(left, caps[j]) + 1):
            acc.append(x)
            rec(j + 1, left - x, acc)
            acc.pop()

    if not caps:
        return () if m else ((),)
    rec(0, m, [])
    return tuple(out)


def _multinomial(m: int, xs: Sequence[int]) -> int:
    total, left = 1, m
    for x in xs:
        total *= comb(left, x)
        left -= x
    return total


@lru_cache(maxsize=64)
def _counter(types: tuple[tuple[tuple[int, ...], int], ...],
             caps: tuple[int, ...] | None = None) -> Callable[[int, tuple[int, ...]], int]:
    """The number of ways to deal the cards of ``types`` (places they fit, how many) from type
    ``t`` on into places with room ``left``: kept per shape of problem (ISMCTS asks the same
    one again and again). Without ``caps`` every room must be filled; with ``caps`` (the
    places' sizes) the rooms left are for free cards and each deal weighs ``prod(cap! / room!)``
    (see :func:`_free_split`)."""

    @lru_cache(maxsize=200_000)
    def count(t: int, left: tuple[int, ...]) -> int:
        if t == len(types):
            if caps is None:
                return 1 if not any(left) else 0
            weight = 1
            for cap, room in zip(caps, left):
                weight *= perm(cap, cap - room)
            return weight
        return sum(w for w, _, _ in _weighted(types, t, left, caps))

    return count


def _weighted(types: tuple[tuple[tuple[int, ...], int], ...], t: int,
              left: tuple[int, ...], caps: tuple[int, ...] | None = None) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Each split ``xs`` of type ``t`` among its places, with the number of deals it leaves
    (weight) and the room it leaves."""
    sig, m = types[t]
    count = _counter(types, caps)
    out = []
    for xs in _compositions(m, tuple(left[j] for j in sig)):
        rest = list(left)
        for j, x in zip(sig, xs):
            rest[j] -= x
        k = count(t + 1, tuple(rest))
        if k:
            out.append((_multinomial(m, xs) * k, xs, tuple(rest)))
    return out


@lru_cache(maxsize=4096)
def _choices(types: tuple[tuple[tuple[int, ...], int], ...], t: int, left: tuple[int, ...],
             caps: tuple[int, ...] | None = None) -> tuple[list[int], list[tuple[int, tuple[int, ...], tuple[int, ...]]]]:
    """The splits of :func:`_weighted` and their running totals, to draw one by its weight."""
    splits = _weighted(types, t, left, caps)
    return list(accumulate(w for w, _, _ in splits)), splits


# --- a deal whose hidden cards lie at chance slots ---------------------------------------------


def slot_places(
    slots: Sequence[tuple[int, int]], shows: dict[int, list[int]], stock: int,
) -> tuple[list[tuple[int, int]], list[int], list[list[int]]]:
    """Group the hidden chance slots of a deal into places: ``slots`` are ``(position in the
    trace, recipient)`` (recipient a seat, or a negative place that is no hand), ``shows[t]``
    the positions at which seat ``t`` showed a card (played, discarded, revealed). A place is
    ``(recipient, era)``: the recipient's slots between two of its shows (a card shown at its
    ``i``-th show lies in a place of era ``i`` or less). With ``stock`` undealt cards, a last
    place ``(STOCK, 0)`` holds them. Returns the places, their capacities, and the slot positions
    of each place."""
    from bisect import bisect_left

    index: dict[tuple[int, int], int] = {}
    places: list[tuple[int, int]] = []
    members: list[list[int]] = []
    for pos, who in slots:
        era = bisect_left(shows.get(who, ()), pos) if who >= 0 else 0
        key = (who, era)
        if key not in index:
            index[key] = len(places)
            places.append(key)
            members.append([])
        members[index[key]].append(pos)
    if stock:
        places.append((STOCK, 0))
        members.append([])
    caps = [len(m) for m in members]
    if stock:
        caps[-1] = stock
    return places, caps, members


STOCK = -99
"""The place of the cards not dealt yet, in :func:`slot_places`."""


def slot_fits(places: Sequence[tuple[int, int]], shown: dict[int, tuple[int, int]],
              excluded: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
    """Which card fits which place of :func:`slot_places`: a card shown first by seat ``t`` at
    its ``i``-th show (``shown[card] == (t, i)``) only ``t``'s places of era ``i`` or less; a card
    never shown any place but those where ``excluded(recipient, card)`` (a seat's hand it
    cannot be in: a void, no trump …); the stock only cards never shown."""

    def fits(card: int, place: int) -> bool:
        who, era = places[place]
        first = shown.get(card)
        if first is not None:
            return who == first[0] and era <= first[1]
        return not (who >= 0 and excluded(who, card))

    return fits


def fill_slots(actions: list[Any], members: Sequence[Sequence[int]], dealt: Sequence[list[int]]) -> None:
    """Put the cards ``dealt`` to each place (:func:`assign`) at its slots, in ``actions``
    (the trace's actions, indexed as the trace); the stock's cards stay out."""
    for slots, cards in zip(members, dealt):
        for pos, card in zip(slots, cards):
            actions[pos] = card


def propose_slots(trace: Sequence[Any], rng: random.Random, memo: dict[str, Any], key: str,
                  derive: Callable[[], dict[str, Any]]) -> list[int] | None:
    """A history of the deal whose trace is ``trace``: its hidden cards drawn uniformly by an
    :class:`Assignment` of what ``derive()`` found (kept in ``memo[key]`` across calls): the
    ``pool`` of hidden cards, the places' ``caps``, which card ``fits`` which place, the places'
    ``members`` (their slots in the trace) and, if any, ``pinned`` actions by position; the
    trace's own actions elsewhere. None when the hidden cards cannot be dealt so."""
    d = memo.get(key)
    if d is None:
        d = memo[key] = derive()
        d["assignment"] = Assignment(d["pool"], d["caps"], d["fits"])
    dealt = d["assignment"].draw(rng)
    if dealt is None:
        return None
    pinned = d.get("pinned", {})
    actions = [pinned.get(pos, e[1]) if len(e) == 2 else None for pos, e in enumerate(trace)]
    fill_slots(actions, d["members"], dealt)
    return [a for a, e in zip(actions, trace) if len(e) == 2]


_state._sampler = sample  # State.determinize draws its worlds here
