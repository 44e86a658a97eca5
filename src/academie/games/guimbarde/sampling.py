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

In the play of the cards, :func:`world` builds the world of each proposal at once, from a world
the replay accepted: what play made of the deal (tricks, boxes, counters, voids) is the same in
every world, so only the hidden cards are set, and the proposal is kept exactly when the replay
would keep it — the same numbers drawn, the same worlds kept, so a seed gives the same world
either way (``tests/guimbarde/test_world.py``).
"""

from __future__ import annotations

import random
from typing import Any

from academie.cards import HEARTS
from academie.core.sampling import HIDDEN, REVEAL, propose_slots, slot_fits, slot_places
from academie.games.boxes import best_of
from academie.games.guimbarde.rules import FOU, GUIMBARDE, ROI, point


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


def _plan(base: Any, seat: int, trace: tuple, w0: Any) -> dict[str, Any]:
    """What :func:`world` needs of the trace, once per view: the chance slots ``(position in
    the trace, recipient)`` (None: the turned card), the other seats' plays but their leads
    ``(seat, card, trick before it, cards it played before)``, the cards each seat played, the marriages in hand
    announced ``{(seat, suit)}`` and the point announced ``(seat, cards)`` (None: nobody had one)."""
    from academie.cards import parse_cards

    recipients = list(reversed(base.deal_queue))
    slots: list[tuple[int, int | None]] = []
    for pos, entry in enumerate(trace):
        if entry[0] != REVEAL and len(slots) < len(recipients):
            slots.append((pos, recipients[len(slots)]))
    plays: list[tuple[int, int, tuple, tuple]] = []
    played: dict[int, list[int]] = {t: [] for t in range(base.num_players)}
    trick: list[tuple[int, int]] = []
    for kind, who, card in w0.log:
        if kind != "play":
            continue
        if who != seat and trick:  # a lead may be any card of the hand
            plays.append((who, card, tuple(trick), tuple(played[who])))
        played[who].append(card)
        trick.append((who, card))
        if len(trick) == base.num_players:
            trick = []
    marriages = set()
    point_of = None
    for kind, who, cards in w0.announcements:
        if kind == "mariage en main":
            marriages.add((who, parse_cards(cards)[0] // 13))
        elif kind == "point":
            point_of = (who, int(cards.split()[0]))
    return {"slots": slots, "plays": plays, "played": played, "marriages": marriages,
            "point": point_of, "order": base.order()}


def world(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> Any:
    """In the play of the cards, the world of a proposal of :func:`propose` built at once from
    the world the replay accepted (``memo["world"]``), kept only when the replay would keep it:
    every other seat's plays legal with the hand the proposal gave it (:meth:`_playable`), no
    marriage in hand that was not announced (règle 1 « personne n'est excepté »), the same point
    announced (« chacun accuse son point, et le plus haut l'emporte »). Returns the world, None
    (refused: drawn again) or False (not in the play of the current deal: replay instead)."""
    w0 = memo["world"]
    if w0.phase != _PLAYING or w0.match.deal_number != base.match.deal_number:
        return False
    actions = propose(base, seat, trace, rng, memo)
    if actions is None:
        return None
    plan = memo.get("guimbarde_world")
    if plan is None:
        plan = memo["guimbarde_world"] = _plan(base, seat, trace, w0)
        plan["probe"], plan["legal"] = w0.clone(), {}
    n = base.num_players
    hands: list[list[int]] = [[] for _ in range(n)]
    for (_, who), card in zip(plan["slots"], actions):
        if who is not None:
            hands[who].append(card)
    # marriages in hand: each one announced (rule 1), none other
    marriages = plan["marriages"]
    for t in range(n):
        if t == seat:
            continue
        hand = hands[t]
        for suit in range(4):
            if suit != HEARTS and suit * 13 + 11 in hand and suit * 13 + 10 in hand and (t, suit) not in marriages:
                return None
    # the point: the same seat, the same number of cards (G4)
    order = plan["order"]
    points = {t: point(hands[t]) for t in order}
    if base.options.point_tiebreak == "eldest":
        points = {t: (p[0], 0) for t, p in points.items()}
    best, tied = best_of(order, points)
    if (((tied[0], best[0]) if best[0] >= 3 else None)) != plan["point"]:
        return None
    # every other seat's play legal with the hand it then held
    probe, legal = plan["probe"], plan["legal"]  # (play, hand then) -> legal: asked once
    if len(legal) > 100_000:
        legal.clear()
    for i, (who, card, before, earlier) in enumerate(plan["plays"]):
        held = tuple(sorted(c for c in hands[who] if c not in earlier))
        ok = legal.get((i, held))
        if ok is None:
            probe.trick = list(before)
            probe.hands[who] = list(held)
            ok = legal[(i, held)] = card in probe._playable(who)
        if not ok:
            return None
    w = w0.clone()
    d = w.__dict__
    played = plan["played"]
    d["hands"] = [w0.hands[t].copy() if t == seat else [c for c in hands[t] if c not in played[t]] for t in range(n)]
    dealt = set(actions[:len(plan["slots"])])
    d["stock"] = [c for c in base.stock if c not in dealt]
    traces = []
    for s in range(n):
        tr = list(w0.traces[s])
        for (pos, who), card in zip(plan["slots"], actions):
            if who is not None:
                tr[pos] = (who, card) if who == s else (who, HIDDEN)
        traces.append(tr)
    d["traces"] = traces
    d["history"] = [*base.history, *actions]
    d["_history_shared"] = False
    return w


from academie.games.guimbarde.actions import PLAY as _PLAY, PLAYING as _PLAYING  # noqa: E402
