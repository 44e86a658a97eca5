"""The Guimbarde table: the turned trump face up, the cards shown (the fou, the roi, the
guimbarde, the mariages) before their holders, the trick by seat, the five boxes with their
counters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import (seat_namer, Heap, Line, N_, P, Pn, Phrase, Scene, base_seats, card_moves, counters, is_card,
                                         rule_words)

GAME = "guimbarde"
BOXES = {"point": N_("point"), "mariage": N_("mariage"), "fou": N_("fou"), "roi": N_("roi"), "guimbarde": N_("guimbarde")}
SUITS = {"pique": N_("pique (spades)"), "cœur": N_("cœur (hearts)"), "carreau": N_("carreau (diamonds)"),
         "trèfle": N_("trèfle (clubs)")}


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    shown, tricks = view.get("shown") or [[]] * n, view.get("tricks_won") or [0] * n
    hand = [c for c in view.get("hand") or [] if is_card(c)] if viewer is not None else None
    played = {int(s) for s, _ in view.get("trick") or []}
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        if not s.you:
            s.up, s.up_title = [c for c in shown[s.seat] if is_card(c)], P("shown")
            if hand is not None or viewer is None:
                # each holds as many cards as the viewer, one fewer once he has played to this trick
                size = len(hand) if hand is not None else None
                if size is not None:
                    mine_played = viewer in played
                    s.backs = max(0, size + (1 if mine_played else 0) - (1 if s.seat in played else 0))
        if tricks[s.seat]:
            s.marks.append(Pn("{n} trick", "{n} tricks", n=tricks[s.seat]))
    middle = []
    if is_card(view.get("turned")):
        middle.append(Heap("turned", P("Trump: {suit}", suit=P(SUITS.get(view.get("trump"), view.get("trump") or ""))),
                           cards=[view["turned"]], kind="pile", hint=P("The card turned up names the trump.")))
    for name, amount in (view.get("boxes") or {}).items():
        middle.append(Heap(name, P("Box: {name}", name=P(BOXES.get(name, name))), counters=amount, kind="basket"))
    moves = card_moves(legal, N_("Play the {card}"), N_("Lay the {card} on the trick; the trick's highest card wins it."))
    trick = [(int(s), c) for s, c in view.get("trick") or [] if is_card(c)]
    facts = []
    for kind, seat, what in view.get("announcements") or []:
        facts.append(P("{name} announces the {what} ({detail}).", name=names[seat] if 0 <= seat < n else "—",
                       what=P(BOXES.get(kind, kind)), detail=cards_words(what)))
    prompt = P("Play a card to the trick.") if moves else None
    title, sheet = result_sheet(view.get("last_result"), names)
    return Scene(GAME, seats, viewer, middle=middle, trick=trick, hand=hand, moves=moves, prompt=prompt, facts=facts,
                 sheet_title=title, sheet=sheet)


def cards_words(what: Any) -> str:
    """An announcement's detail (``'KC QC'``, ``'3 cards'``) written with the suits' symbols."""
    from academie.cards import card_label, parse_card

    words = []
    for w in str(what).split():
        words.append(card_label(parse_card(w)) if is_card(w) else w)
    return " ".join(words)


def result_sheet(result: Mapping[str, Any] | None, names: list[str]) -> tuple[Phrase | None, list[Line]]:
    if not result:
        return None, []

    name = seat_namer(names)
    lines = []
    for kind, seat, what in result.get("announcements") or []:
        lines.append(Line(P("{name} takes the {what} box ({detail}).", name=name(seat), what=P(BOXES.get(kind.split()[0], kind)),
                            detail=cards_words(what)), rule_words(GAME, kind.split()[0])))
    for s, t in enumerate(result.get("tricks") or []):
        lines.append(Line(Pn("{name} took {n} trick.", "{name} took {n} tricks.", name=name(s), n=t)))
    if result.get("trick_winner") is not None:
        lines.append(Line(P("{name} wins the tricks' reckoning.", name=name(result["trick_winner"])), rule_words(GAME, "trick")))
    for s, c in enumerate(result.get("counters_after") or []):
        lines.append(Line(Pn("{name} now holds {n} counter.", "{name} now holds {n} counters.", name=name(s), n=c)))
    return P("End of deal {n}", n=result.get("deal", "")), lines
