"""The Trente et un table: lives around it, the stock and the pile in the middle, the cards
each player took from the pile face up before him, *frapper* (knock) as a move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import (seat_namer, Card, Heap, Line, Move, P, Pn, Phrase, Scene, base_seats, is_card, N_,
                                         rule_words)

GAME = "trente-et-un"


def lives(n: int) -> Phrase:
    return Pn("{n} life", "{n} lives", n=n)


def points(v: Any) -> str:
    """A hand's value: ``30½`` for a half point."""
    if isinstance(v, float) and not v.is_integer():
        return f"{int(v)}½"
    return str(int(v)) if isinstance(v, (int, float)) else str(v)


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    sizes, known = view.get("hand_sizes") or [], view.get("known") or []
    for s in seats:
        life, gone = (view.get("lives") or [0] * len(names))[s.seat], (view.get("eliminated") or [False] * len(names))[s.seat]
        s.out = bool(gone)
        s.score = P("out") if gone else P("on the bus") if life == 0 else lives(life)
        if view.get("knocker") == s.seat:
            s.marks.append(P("knocked (frappé)"))
        if not s.you and not gone:
            s.backs = sizes[s.seat] if s.seat < len(sizes) else 0
            s.up = [c for c in (known[s.seat] if s.seat < len(known) else []) if is_card(c)]
            s.up_title = P("taken from the pile") if s.up else None
    pile = [c for c in view.get("pile") or [] if is_card(c)]
    middle = [Heap("stock", P("Stock (talon)"), backs=min(view.get("stock_count") or 0, 3),
                   count=Pn("{n} card", "{n} cards", n=view.get("stock_count") or 0), kind="stock"),
              Heap("pile", P("Pile (the discards)"), cards=pile[-1:], count=Pn("{n} card", "{n} cards", n=len(pile)),
                   kind="pile")]
    values = {c: v for c, v in view.get("discard_values") or []}
    moves = []
    for a in legal:
        if a == "stock":
            moves.append(Move(a, P("Draw from the stock"), P("Take the top card of the stock, unseen by the others.")))
        elif a == "pile":
            top = pile[-1] if pile else None
            moves.append(Move(a, P("Take the {card}", card=Card(top)) if top else P("Take from the pile"),
                              P("Take the pile's top card, face up: the others see it.")))
        elif a == "knock":
            moves.append(Move(a, P("Knock (frapper)"),
                              P("End the round: every other player has one more turn, then the hands are shown.")))
        elif is_card(a):
            hint = (P("Put the {card} on the pile; your hand then counts {value}.", card=Card(a), value=points(values[a]))
                    if a in values else P("Put the {card} on the pile.", card=Card(a)))
            moves.append(Move(a, P("Discard the {card}", card=Card(a)), hint, card=a))
    phase = view.get("phase")
    prompt = None
    if moves:
        prompt = (P("Draw from the stock or the pile, or knock.") if phase == "draw"
                  else P("Discard one card onto the pile."))
    facts = []
    if viewer is not None and view.get("hand_value") is not None:
        facts.append(P("Your hand counts {value}.", value=points(view["hand_value"])))
    events = view.get("log") or []
    last = events[-1] if events and isinstance(events[-1], Mapping) else {}
    if viewer is not None and last.get("seat") == viewer and last.get("event") in ("stock", "pile") and is_card(last.get("card")):
        facts.append(P("You drew the {card} from the stock.", card=Card(last["card"])) if last["event"] == "stock"
                     else P("You took the {card} from the pile.", card=Card(last["card"])))
    hand = [c for c in view.get("hand") or [] if is_card(c)] if viewer is not None else None
    title, sheet = result_sheet(view.get("last_result"), names)
    return Scene(GAME, seats, viewer, middle=middle, hand=hand, moves=moves, prompt=prompt, facts=facts,
                 sheet_title=title, sheet=sheet)


HANDS_SHOWN = N_("Hands shown.")
"""The end of a deal :data:`ENDINGS` does not name."""
ENDINGS = {"thirty_one": N_("{name} shows 31!"), "dealt_thirty_one": N_("{name} was dealt 31!"),
           "knock": N_("Hands shown after {name} knocked."), "stock_exhausted": N_("The stock is exhausted: hands shown.")}


def result_sheet(result: Mapping[str, Any] | None, names: list[str]) -> tuple[Phrase | None, list[Line]]:
    """The last deal's score sheet: how it ended, each hand's value, the lives lost, who is out."""
    if not result:
        return None, []
    name = seat_namer(names)
    ending = result.get("ending")
    who = result.get("knocker") if ending == "knock" else result.get("shown_by")
    lines = [Line(P(ENDINGS.get(ending, HANDS_SHOWN), name=name(who)),
                  rule_words(GAME, "31") if ending in ("thirty_one", "dealt_thirty_one") else rule_words(GAME, "knock"))]
    values = result.get("values") or {}
    lost = result.get("lives_lost") or {}
    for s in sorted({int(k) for k in values} | {int(k) for k in lost}):
        v = values.get(str(s), values.get(s))
        n = lost.get(str(s), lost.get(s, 0))
        if v is not None:
            lines.append(Line(P("{name}'s hand counts {value}.", name=name(s), value=points(v))))
        if n:
            lines.append(Line(Pn("{name} loses {n} life.", "{name} loses {n} lives.", name=name(s), n=n),
                              rule_words(GAME, "life"), amount=-n))
    if result.get("void"):
        lines.append(Line(P("Everyone left would be out: the round is void, no life is lost, and it is dealt again.")))
    for s in result.get("eliminated") or []:
        lines.append(Line(P("{name} is out.", name=name(s))))
    return P("End of deal {n}", n=result.get("deal", "")), lines
