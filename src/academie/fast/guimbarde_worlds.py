"""The Guimbarde's worlds of the play of the cards, compiled: the proposal of
:func:`academie.games.guimbarde.sampling.propose` (the hidden cards dealt by the seat's
:class:`academie.core.sampling.Assignment`, each place's cards then shuffled) and the checks
:func:`academie.games.guimbarde.sampling.world` makes before building a world — no marriage in
hand but those announced (règle 1 « personne n'est excepté »), the same point announced
(« chacun accuse son point, et le plus haut l'emporte »), every other seat's play legal with the
hand it then held (the kernel's rule of play, :func:`academie.fast.guimbarde._playable`) —
drawn from the same ``random.Random`` with the same numbers (:mod:`academie.fast.pyrandom`,
:mod:`academie.fast.assign`). The world is the kernel's array of the world the replay accepted
(:func:`academie.fast.guimbarde.from_state`) with each other seat's hand and the stock set.
The pure functions stay the reference; a lockstep test (``tests/fast/test_guimbarde_worlds.py``)
requires the same worlds and the generator left in the same state.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.fast import assign
from academie.fast import guimbarde as K
from academie.fast.pyrandom import njit, py_shuffle

PLAY_WIDTH = 4 + 8
"""A play's row in :attr:`Proposer.plays`: seat, card, the cards it played before (a mask), the
length of the trick before it, then the trick's cards."""


class Proposer:
    """The compiled proposals for one view (``d``: the sampler's ``memo["guimbarde"]``, with its
    final ``assignment``; ``plan``: what :func:`academie.games.guimbarde.sampling._plan` found;
    ``origin``: the kernel's array of the accepted world; ``code``: the assignment's program).
    Built by :func:`proposer`. Arrays: ``recipient[p]`` the seat place ``p`` is dealt to (-1: the
    stock); ``fixed[t]`` the cards dealt to seat ``t`` the seat saw (a mask; its own hand whole);
    ``played[t]`` the cards ``t`` played in the deal; ``married[t]`` the suits of the marriages in
    hand ``t`` announced (a bit per suit); ``order`` the seats from the eldest; ``head`` the
    number of seats, the seat, the point announced (seat, cards; -1, 0 for none) and whether
    points tie by value; ``plays`` the other seats' plays to check (:data:`PLAY_WIDTH`)."""

    def __init__(self, d: dict[str, Any], plan: dict[str, Any], origin: np.ndarray, code: np.ndarray,
                 recipient: list[int], seat: int, trace: tuple, by_value: bool) -> None:
        n = len(plan["played"])
        self.code = code
        places, most = assign.layout(code)
        self.out = np.zeros(places * (most + 1), dtype=np.int64)
        self.tmp = np.zeros(max(len(d["pool"]), 1), dtype=np.int64)
        self.room = np.zeros(places, dtype=np.int64)
        self.recipient = np.array(recipient, dtype=np.int64)
        hidden = {pos for members in d["members"] for pos in members}
        fixed = [0] * n
        for pos, who in plan["slots"]:
            if who is not None and pos not in hidden:
                fixed[who] |= 1 << trace[pos][1]
        self.fixed = np.array(fixed, dtype=np.int64)
        self.played = np.array([sum(1 << c for c in plan["played"][t]) for t in range(n)], dtype=np.int64)
        married = [0] * n
        for t, suit in plan["marriages"]:
            married[t] |= 1 << suit
        self.married = np.array(married, dtype=np.int64)
        self.order = np.array(plan["order"], dtype=np.int64)
        point_seat, point_cards = plan["point"] if plan["point"] is not None else (-1, 0)
        self.head = np.array([n, seat, point_seat, point_cards, int(by_value)], dtype=np.int64)
        rows = []
        for who, card, before, earlier in plan["plays"]:
            cards = [c for _, c in before]
            rows.append([who, card, sum(1 << c for c in earlier), len(cards), *cards, *[0] * (8 - len(cards))])
        self.plays = np.array(rows, dtype=np.int64).reshape(-1, PLAY_WIDTH)
        self.origin = origin
        self.variant = 0  # the kernel's generator variant (academie.fast.randbelow_variant)
        self.world = np.empty_like(origin)
        self.probe = origin.copy()

    def draw(self, state: np.ndarray) -> np.ndarray | None:
        """One proposal drawn from the generator ``state`` (:func:`academie.fast.pyrandom.state_of`):
        the world's array (:attr:`world`, overwritten by the next draw), or None when
        :func:`~academie.games.guimbarde.sampling.world` would refuse it. Raises
        :class:`Resumed` when a component dealt by rejection refused every shuffle (the
        generator then where the pure draw has it at that point)."""
        status = _propose(state, self.code, self.out, self.tmp, self.room, self.recipient, self.fixed, self.played,
                          self.married, self.order, self.head, self.plays, self.origin, self.world, self.probe)
        if status == 0:
            return None
        if status >= 2:
            raise Resumed(status - 2)
        return self.world


class Resumed(Exception):
    """The compiled draw stopped at ``component`` (dealt by rejection, every shuffle refused):
    the pure draw goes on from there (:meth:`academie.core.sampling.Assignment.refused`)."""

    def __init__(self, component: int) -> None:
        super().__init__(component)
        self.component = component


def proposer(view: Any, kernel_for: Any, deadline: float | None = None) -> Proposer | None:
    """The compiled proposals for ``view`` (a Guimbarde seat's view), or None when its worlds are
    not built from an accepted one in the play of the current deal, its assignment is not
    compiled (:func:`academie.fast.assign.program`), a place's slots go to more than one seat,
    or ``kernel_for(world)`` (``(options, params, module, variant)`` of the kernel playing a
    world, or None) gives no kernel. Kept in the sampler's memo while its assignment is the
    same. Raises what :func:`academie.core.sampling.sample` raises making the sampler
    (``deadline``: a :func:`time.perf_counter` reading)."""
    from academie.core.sampling import Assignment, _sampler_of
    from academie.games.guimbarde.actions import PLAYING
    from academie.games.guimbarde.sampling import _plan, derive

    cache = _sampler_of(view, deadline)
    if not cache.builds or cache.fixed is not None:
        return None
    memo, base, trail = cache.memo, cache.base, cache.trail
    w0 = memo.get("world")
    if w0 is None or w0.phase != PLAYING or w0.match.deal_number != base.match.deal_number:
        return None
    kernel = kernel_for(w0)
    if kernel is None:
        return None
    seat, trace = trail.seat, trail.deal
    d = memo.get("guimbarde")
    if d is None:  # (as propose_slots makes it)
        d = memo["guimbarde"] = derive(base, seat, trace)
        d["assignment"] = Assignment(d["pool"], d["caps"], d["fits"])
    plan = memo.get("guimbarde_world")
    if plan is None:  # (as world makes it)
        plan = memo["guimbarde_world"] = _plan(base, seat, trace, w0)
        plan["probe"], plan["legal"] = w0.clone(), {}
    a = d["assignment"]  # (its components dealt by rejection become counted ones when they refuse too often)
    key = (kernel[1].tobytes(), id(a), tuple(sorted(a.large)), tuple(sorted(a.by_place)), tuple(sorted(a.split)),
           a.possible)
    known = memo.get("guimbarde_fast")
    if known is not None and known[0] == key:
        return known[1]
    found = None
    code = assign.program(a)
    if code is not None:
        by_slot = dict(plan["slots"])
        recipient = []
        for members in d["members"]:
            seats = {by_slot[pos] for pos in members}
            recipient.append(-1 if not members else seats.pop() if len(seats) == 1 else -2)
        if -2 not in recipient and None not in recipient:
            origin = K.from_state(w0, kernel[1])
            found = Proposer(d, plan, origin, code, recipient, seat, trace, base.options.point_tiebreak == "value")
            found.variant = kernel[3]
    memo["guimbarde_fast"] = (key, found)
    return found


@njit(cache=True, _nrt=False)
def _propose(v, code, out, tmp, room, recipient, fixed, played, married, order, head, plays, origin, s, probe):
    """One proposal into ``s``: 1, 0 when refused, ``2 + component`` when a component dealt by
    rejection refused every shuffle."""
    stopped = assign.draw(v, code, out, tmp, room)
    if stopped >= 0:
        return 2 + stopped
    places, most = code[0], code[1]
    for p in range(places):  # each place's cards in a random order (Assignment.draw's order)
        at = places + p * most
        for k in range(out[p]):
            tmp[k] = out[at + k]
        py_shuffle(v, tmp, out[p])
        for k in range(out[p]):
            out[at + k] = tmp[k]
    n, me = head[0], head[1]
    for t in range(n):
        s[K.HANDS + t] = fixed[t]
    stock = 0
    for p in range(places):
        mask = 0
        for k in range(out[p]):
            mask |= 1 << out[places + p * most + k]
        if recipient[p] >= 0:
            s[K.HANDS + recipient[p]] |= mask
        else:
            stock |= mask
    for t in range(n):  # marriages in hand: each one announced (règle 1), none other
        if t == me:
            continue
        hand = s[K.HANDS + t]
        for suit in range(4):
            king = suit * 13 + 11
            if suit != K.HEARTS and (hand >> king) & 1 and (hand >> (king - 1)) & 1 and not (married[t] >> suit) & 1:
                return 0
    best, best_seat = 0, -1  # the point: the same seat, the same number of cards (G4)
    for k in range(n):
        t = order[k]
        p = K._point(s[K.HANDS + t], head[4] != 0)
        if p > best:
            best, best_seat = p, t
    if best_seat != head[2] or (best_seat >= 0 and best // 1000 != head[3]):
        return 0
    for r in range(plays.shape[0]):  # every other seat's play legal with the hand it then held
        who, card = plays[r, 0], plays[r, 1]
        probe[K.TRICKLEN] = plays[r, 3]
        for k in range(plays[r, 3]):
            probe[K.TRICK_CARD + k] = plays[r, 4 + k]
        probe[K.HANDS + who] = s[K.HANDS + who] & ~plays[r, 2]
        if not (K._playable(probe, who) >> card) & 1:
            return 0
    for i in range(origin.shape[0]):
        if i < K.HANDS or i >= K.HANDS + n:
            s[i] = origin[i]
    for t in range(n):
        s[K.HANDS + t] = origin[K.HANDS + t] if t == me else s[K.HANDS + t] & ~played[t]
    s[K.STOCK] = stock
    return 1
