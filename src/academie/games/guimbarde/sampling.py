"""What a seat's trace of a Guimbarde deal tells about the hidden cards, and histories drawn from it.

Used by :func:`academie.core.sampling.sample`. A seat sees its five cards, the turned card, the
cards spread for the boxes and the marriages in hand, and every card played. What it knows of
each other hand, card by card:

- a card spread for a box or a marriage, or played, was dealt to the seat that showed it;
- the fou, the roi and the guimbarde nobody spread are in no hand (« en observant de les étaler
  sur la table avant que de les tirer »);
- a card played tells every card its player could not have held with it: the engine's own rule
  of play (:meth:`GuimbardeState._playable`) is asked whether the card played would still have
  been legal with that card beside it, in the very trick — so a player who did not follow holds
  none of the suit, one who did not trump holds no triomphe (the K♥, Q♥ and J♦ included under
  the ``triomphe`` rule), one who did not head the trick none that heads it, one who did not
  complete a marriage not the queen.

:func:`propose` deals the hidden cards uniformly among the deals meeting these conditions
(:class:`academie.core.sampling.Assignment`), each seat's cards in a random order. Conditions on a
whole hand (the point announced, the marriages in hand not announced) are left to
:func:`~academie.core.sampling.sample`, which replays each proposal and keeps it only when the
seat's view of it is the real one.
"""

from __future__ import annotations

import random
from typing import Any

from academie.core.sampling import HIDDEN, propose_slots, slot_fits, slot_places
from academie.games.guimbarde.rules import FOU, GUIMBARDE, ROI


def derive(base: Any, seat: int, trace: tuple) -> dict[str, Any]:
    """The places of the hidden cards of the deal starting at ``base``, their sizes and which
    card fits which (see the module's doc), from ``seat``'s trace."""
    from academie.games.guimbarde.actions import PLAY, PLAYING

    n = base.num_players
    recipients = list(reversed(base.deal_queue))  # first card first; None: the turned card
    slots: list[tuple[int, int]] = []
    shows: dict[int, list[int]] = {t: [] for t in range(n)}
    shown: dict[int, tuple[int, int]] = {}
    known: set[int] = set()
    plays: list[tuple[int, int, tuple]] = []  # (seat, card, trick before it)
    trick: list[tuple[int, int]] = []
    turned = None
    k = 0  # chance outcomes so far
    for pos, entry in enumerate(trace):
        if len(entry) == 3:  # (REVEAL, seat, card)
            _, who, card = entry
            if card not in shown:
                shown[card] = (who, len(shows[who]))
            shows[who].append(pos)
            continue
        who, obs = entry
        if k < len(recipients):
            if recipients[k] is None:
                turned = obs
            if obs == HIDDEN:
                slots.append((pos, who))
            else:
                known.add(obs)
            k += 1
            continue
        card = obs - PLAY
        if card not in shown:
            shown[card] = (who, len(shows[who]))
        shows[who].append(pos)
        plays.append((who, card, tuple(trick)))
        trick.append((who, card))
        if len(trick) == n:
            trick = []
    pool = [c for c in base.deck if c not in known]
    places, caps, members = slot_places(slots, shows, len(pool) - len(slots))  # the rest: the stock
    absent: set[int] = set()
    if turned is not None:  # the boxes are drawn: an honour nobody spread is in no hand
        absent = {c for c in (FOU, ROI, GUIMBARDE) if c not in shown}
    probe = base.clone()
    if turned is not None:
        probe.turned, probe.trump, probe.phase = turned, turned // 13, PLAYING
    barred: set[tuple[int, int]] = set()
    for who, card, before in plays:
        probe.trick = list(before)
        for c in pool:
            if c != card and c not in shown and (who, c) not in barred:
                probe.hands[who] = [card, c]
                if card not in probe._playable(who):
                    barred.add((who, c))
    fits = slot_fits(places, shown, lambda t, c: c in absent or (t, c) in barred)
    return {"places": places, "caps": caps, "members": members, "pool": pool, "fits": fits}


def propose(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
    """A history of the deal starting at ``base`` drawn uniformly among those meeting what
    :func:`derive` found in ``seat``'s trace, or None when the hidden cards cannot be dealt so."""
    return propose_slots(trace, rng, memo, "guimbarde", lambda: derive(base, seat, trace))
