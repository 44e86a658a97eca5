"""What a seat's trace of a Trente et un deal tells about the hidden cards, and histories drawn from it.

Used by :func:`academie.core.sampling.sample`. A seat sees its own cards and draws, the up card,
every card taken from the discard pile and every discard (« Piochez la carte du dessus du talon
ou celle du dessus de la défausse »), and the hands shown at the end of the deal. Card by card:

- a card discarded, or shown at the end, that did not come from the pile was drawn by its holder
  from the stock — at a draw of his before he let it go;
- when the stock runs out, the pile but its top card becomes the new stock (T7): everyone knows
  which cards it holds, so each stock is dealt apart, from the cards it held.

:func:`propose` deals each stock's hidden cards uniformly among the deals meeting these
conditions (:class:`academie.core.sampling.Assignment`); the cards of a hand shown at the end of
the deal come in the order shown (a hand keeps its cards in the order they came). What bears on whole hands — no 31 dealt
(« montrez-les aussitôt »), no 31 after a discard, the values shown — is left to
:func:`~academie.core.sampling.sample`, which replays each proposal and keeps it only when the
seat's view of it is the real one.
"""

from __future__ import annotations

import random
from typing import Any

from academie.core.sampling import HIDDEN, Assignment, fill_slots, slot_fits, slot_places


def derive(base: Any, seat: int, trace: tuple) -> list[dict[str, Any]]:
    """For each stock of the deal starting at ``base`` (the first, then each reshuffle): the
    places of its hidden cards, their sizes and which card fits which, from ``seat``'s trace."""
    from academie.games.trente_et_un.actions import DISCARD, KNOCK, PILE, STOCK

    n = base.num_players
    opts = base.options
    stocks: list[set[int]] = [set(range(52))]
    starts = [0]  # trace position where each stock starts
    slots: list[list[tuple[int, int]]] = [[]]
    known: list[set[int]] = [set()]
    shows: dict[int, list[int]] = {t: [] for t in range(n)}
    events: list[tuple[int, int, int]] = []  # (position, seat, card): a card let go or shown
    pile: list[int] = []
    left = 52
    for pos, entry in enumerate(trace):
        if len(entry) == 3:  # (REVEAL, seat, card): discarded by itself (T4) or shown at the end
            _, who, card = entry
            if card >= DISCARD:  # a discard by itself (T4)
                card -= DISCARD
                pile.append(card)
            events.append((pos, who, card))
            shows[who].append(pos)
            continue
        who, obs = entry
        if obs == PILE:
            pile.pop()
            continue
        if obs in (STOCK,):
            continue
        if obs == KNOCK or obs >= DISCARD:
            if obs >= DISCARD:
                events.append((pos, who, obs - DISCARD))
                shows[who].append(pos)
                pile.append(obs - DISCARD)
            if left == 0 and opts.stock_exhausted != "end_round" and len(pile) >= 2:
                top = pile.pop()  # T7: the pile but its top card becomes the new stock
                stocks.append(set(pile))
                starts.append(pos + 1)
                slots.append([])
                known.append(set())
                left, pile = len(pile), [top]
            continue
        # a card leaves the stock
        left -= 1
        if who == -1:  # the up card
            pile.append(obs)
            known[-1].add(obs)
        elif obs == HIDDEN:
            slots[-1].append((pos, who))
        else:
            known[-1].add(obs)
    # The hands shown at the end, each in the order its cards came (a hand keeps that order)
    at_end: dict[int, dict[int, int]] = {}
    last = len(trace)
    while last and len(trace[last - 1]) == 3 and trace[last - 1][2] < DISCARD:
        last -= 1
    for _, who, card in trace[last:]:
        at_end.setdefault(who, {})[card] = len(at_end.get(who, {}))
    out = []
    for e, stock in enumerate(stocks):
        pool = sorted(stock - known[e])
        start = starts[e]
        end = starts[e + 1] if e + 1 < len(starts) else len(trace)
        shown: dict[int, tuple[int, int]] = {}
        for pos, who, card in events:
            if start <= pos and card in stock and card not in shown and card not in known[e]:
                if pos >= end and e + 1 < len(stocks) and card in stocks[e + 1]:
                    continue
                shown[card] = (who, sum(1 for q in shows[who] if q < pos))
        places, caps, members = slot_places(slots[e], shows, len(pool) - len(slots[e]))
        out.append({"members": members, "places": places, "end": at_end,
                    "assignment": Assignment(pool, caps, slot_fits(places, shown, lambda t, c: False))})
    return out


def propose(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
    """A history of the deal starting at ``base`` drawn uniformly among those meeting what
    :func:`derive` found in ``seat``'s trace, or None when the hidden cards cannot be dealt so."""
    d = memo.get("trente_et_un")
    if d is None:
        d = memo["trente_et_un"] = derive(base, seat, trace)
    actions = [e[1] if len(e) == 2 else None for e in trace]
    for stock in d:
        dealt = stock["assignment"].draw(rng)
        if dealt is None:
            return None
        for (who, _), cards in zip(stock["places"], dealt):
            order = stock["end"].get(who)
            if order:  # the cards shown at the end came in the order shown
                at = [i for i, c in enumerate(cards) if c in order]
                for i, c in zip(at, sorted((cards[i] for i in at), key=order.__getitem__)):
                    cards[i] = c
        fill_slots(actions, stock["members"], dealt)
    return [a for a, e in zip(actions, trace) if len(e) == 2]
