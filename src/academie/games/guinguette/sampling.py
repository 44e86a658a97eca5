"""What a seat's trace of a Guinguette deal tells about the hidden cards, and histories drawn from it.

Used by :func:`academie.core.sampling.sample`. A seat sees its own four cards and what it draws,
the cards it gives up, the guinguette when shown at the deal (``guinguette_when`` 'deal'), every
word said (stay, the raises), that another player stirred the cotillon (not which card he gave up
nor what he took), and, at the end of the deal, every hand.

The deal being played (no hand shown yet): :func:`propose` walks the trace and draws each hidden
card uniformly among the cards the stock holds then — but the cards the seat itself receives later
(they are still there: with ``discard`` 'aside' a card leaves the stock for good) and, at the
deal, the guinguette when the rules say where it is (shown by a player: in one of his dealt places,
drawn uniformly; not shown with ``guinguette_when`` 'deal': dealt to nobody) — and each card given
up face down uniformly among the cards its player may give up. At every step the number of
choices is fixed by the trace, so every history meeting the trace is proposed with the same
probability; :func:`~academie.core.sampling.sample` replays each and keeps it only when the
seat's view of it is the real one: the sample is exact.

A finished deal (every hand shown): any history that gives the seat its trace and the deal its
result will do (the finished deals shape nothing but the counters, which are public). Each other
player's dealt cards are his final hand less the cards he drew, chosen among them at random, plus
the cards he gave up, drawn from the cards no hand shows; he gives those up in turn and draws
his kept cards.
"""

from __future__ import annotations

import random
from typing import Any

from academie.core.sampling import HIDDEN
from academie.games.guinguette.rules import GUINGUETTE


def _split(trace: tuple, num_players: int) -> tuple[list[tuple], dict[int, list[int]] | None, tuple[int, int] | None]:
    """The trace's moves and outcomes, the hands shown at the end (None while the deal goes on:
    the showdown shows all of them, four cards each) and the guinguette shown at the deal (seat,
    card) or None."""
    moves = [e for e in trace if len(e) == 2]
    last_move = max((i for i, e in enumerate(trace) if len(e) == 2), default=-1)
    tail = [e for e in trace[last_move + 1:] if len(e) == 3]
    hands: dict[int, list[int]] | None = None
    if len(tail) == 4 * num_players:
        hands = {}
        for _, who, card in tail:
            hands.setdefault(who, []).append(card)
    early = trace if hands is None else trace[:last_move + 1]
    shown = next(((e[1], e[2]) for e in early if len(e) == 3), None)
    return moves, hands, shown


def propose(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
    """A history of the deal starting at ``base`` for ``seat``'s trace (see the module's doc), or
    None when this draw cannot be completed."""
    split = memo.get("guinguette")
    if split is None:
        split = memo["guinguette"] = _split(trace, base.num_players)
    moves, hands, shown = split
    if hands is not None:
        return _finished(base, seat, moves, hands, shown, rng)
    return _current(base, seat, moves, shown, rng)


def _current(base: Any, seat: int, moves: list[tuple], shown: tuple[int, int] | None,
             rng: random.Random) -> list[int] | None:
    from academie.games.guinguette.actions import STIR, STIR_HIDDEN

    deal_size = 4 * base.num_players
    hidden = [i for i, (_, obs) in enumerate(moves) if obs == HIDDEN]
    fill: dict[int, int] = {}
    if base.options.discard == "aside":
        # A card leaves the stock for good: the hidden places get distinct cards of the pack
        # the seat has not received, a uniform arrangement (the guinguette shown: in one of its
        # holder's dealt places, drawn uniformly).
        own = {obs for _, obs in moves if 0 <= obs < 52}
        pool = [c for c in base.deck if c not in own]
        slots = list(hidden)
        if shown is not None and shown[0] != seat:
            places = [i for i in slots if i < deal_size and moves[i][0] == shown[0]]
            spot = places[rng.randrange(len(places))]
            fill[spot] = GUINGUETTE
            slots.remove(spot)
            pool.remove(GUINGUETTE)
        rng.shuffle(pool)
        fill.update(zip(slots, pool))
    world = base.clone()
    actions: list[int] = []
    for i, (who, obs) in enumerate(moves):
        if obs == HIDDEN:
            if i in fill:
                action = fill[i]
            else:  # 'into_cotillon': the stock as it is then, a card given up included
                action = world.stock[rng.randrange(len(world.stock))]
        elif obs == STIR_HIDDEN:
            hand = [c for c in sorted(world.hands[who]) if not (shown and shown == (who, c))]
            action = STIR + hand[rng.randrange(len(hand))]
        else:
            action = obs
        if not world.is_legal(action):
            return None
        world.apply_action(action, trusted=True)
        actions.append(action)
    return actions


def _finished(base: Any, seat: int, moves: list[tuple], hands: dict[int, list[int]],
              shown: tuple[int, int] | None, rng: random.Random) -> list[int] | None:
    from academie.games.guinguette.actions import STIR, STIR_HIDDEN

    n = base.num_players
    stirs = [0] * n
    for who, obs in moves:
        if obs == STIR_HIDDEN:
            stirs[who] += 1
    shown_cards = {c for cards in hands.values() for c in cards}
    own = {obs for who, obs in moves if who == seat and 0 <= obs < 52}
    own |= {obs - STIR for who, obs in moves if who == seat and obs >= STIR}
    free = [c for c in base.deck if c not in shown_cards and c not in own and c != GUINGUETTE]
    rng.shuffle(free)
    dealt: dict[int, list[int]] = {}
    draws: dict[int, list[int]] = {}
    gives: dict[int, list[int]] = {}
    for s in range(n):
        if s == seat:
            continue
        final = list(hands.get(s, []))
        rng.shuffle(final)
        keep = [c for c in final if not (shown and shown == (s, c))]
        if shown is None and base.options.guinguette_when == "deal":
            keep.sort(key=lambda c: c != GUINGUETTE)  # not shown at the deal: he drew it
        took = keep[:stirs[s]]
        gave = [free.pop() for _ in range(stirs[s])]
        dealt[s] = [c for c in final if c not in took] + gave
        rng.shuffle(dealt[s])
        draws[s], gives[s] = took, gave
    world = base.clone()
    actions: list[int] = []
    deal_left = {s: list(cards) for s, cards in dealt.items()}
    for who, obs in moves:
        if world.is_chance_node() and obs == HIDDEN:
            if world.phase == "deal":
                action = deal_left[who].pop()
            else:
                action = draws[who].pop(0)
        elif obs == STIR_HIDDEN:
            action = STIR + gives[who].pop(0)
        else:
            action = obs
        if not world.is_legal(action):
            return None
        world.apply_action(action, trusted=True)
        actions.append(action)
    return actions
