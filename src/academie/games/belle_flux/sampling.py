"""What a seat's trace of a Belle-Flux deal tells about the hidden cards, and histories drawn from it.

Used by :func:`academie.core.sampling.sample`. A seat sees its two face-down cards, every up
card, its own extra cards (every extra card when they are dealt face up), who asked and who
stood, the fluxes shown at « l'examen du flux » and every hand at the end of the deal. Card by
card: a card shown in a flux was one of its holder's first three, a card shown at the end one of
its holder's cards. What the judging says of whole hands — nobody else holds a flux when none is
shown, nobody holds 31 on his first three cards when none is declared (« il doit le déclarer »), a
player who asked held less than 31 (« il ne faut pas l'outre-passer ») — bears on whole hands:
:func:`propose` deals the hidden cards uniformly among the deals meeting the card-by-card
conditions, and :func:`~academie.core.sampling.sample` replays each one and keeps it only when
the seat's view of it is the real one, so these hold exactly in every sample. Hands are shown in
the order their cards were dealt: a card shown lies at its very place in the deal.
"""

from __future__ import annotations

import random
from typing import Any

from academie.core.sampling import HIDDEN, propose_slots, slot_fits, slot_places


def derive(base: Any, seat: int, trace: tuple) -> dict[str, Any]:
    """The places of the hidden cards of the deal starting at ``base``, their sizes and which
    card fits which, from ``seat``'s trace."""
    from academie.games.belle_flux.actions import ASK, STAND

    n = base.num_players
    dealt: dict[int, list[int]] = {t: [] for t in range(n)}  # each seat's cards, in order: positions
    pinned: dict[int, int] = {}  # position -> card shown there
    shown_count: dict[int, int] = {}
    for pos, entry in enumerate(trace):
        if len(entry) == 3:  # (REVEAL, seat, card): a seat's cards shown in order
            _, who, card = entry
            k = shown_count.get(who, 0)
            prev = trace[pos - 1]
            if not (len(prev) == 3 and prev[1] == who) or k >= len(dealt[who]) or pinned.get(dealt[who][0]) == card:
                k = 0  # a new showing starts with its first card (the same seat shown again at once too)
            pinned[dealt[who][k]] = card
            shown_count[who] = k + 1
            continue
        who, obs = entry
        if obs not in (ASK, STAND):
            dealt[who].append(pos)
    slots: list[tuple[int, int]] = []
    known: set[int] = set()
    for pos, entry in enumerate(trace):
        if len(entry) != 2 or entry[1] in (ASK, STAND):
            continue
        who, obs = entry
        if obs == HIDDEN and pos not in pinned:
            slots.append((pos, who))
        else:
            known.add(pinned.get(pos, obs))
    shows: dict[int, list[int]] = {}
    shown: dict[int, tuple[int, int]] = {}
    pool = [c for c in range(52) if c not in known]
    places, caps, members = slot_places(slots, shows, len(pool) - len(slots))  # the rest: the stock
    fits = slot_fits(places, shown, lambda t, c: False)
    return {"places": places, "caps": caps, "members": members, "pool": pool, "fits": fits, "pinned": pinned}


def propose(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
    """A history of the deal starting at ``base`` drawn uniformly among those meeting what
    :func:`derive` found in ``seat``'s trace, or None when the hidden cards cannot be dealt so."""
    return propose_slots(trace, rng, memo, "belle_flux", lambda: derive(base, seat, trace))
