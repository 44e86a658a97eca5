"""The Guinguette table: the cotillon (the stock) with its count, the three baskets — guinguette,
cabaret, cotillon — with their counters, who is still in the cabaret and the cotillon, the raises
in the game's words (*demi-septier*, *chopine*, *pinte*), stirring the cotillon."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import (seat_namer, Card, Heap, Line, Move, N_, P, Pn, Phrase, Scene, base_seats, counters,
                                         is_card, rule_words)

GAME = "guinguette"
BASKETS = {"guinguette": N_("the guinguette basket"), "cabaret": N_("the cabaret basket"),
           "cotillon": N_("the cotillon basket")}
WORDS = {
    "stay": (N_("Stay"), N_("Keep your four cards: do not stir the cotillon.")),
    "pass": (N_("Pass"), N_("Raise nothing now.")),
    "hold": (N_("Hold"), N_("Put as much as the raise and stay in.")),
    "drop": (N_("Drop out"), N_("Give up your claim to this basket; you keep your claim to the others.")),
    "demi-septier": (N_("Demi-septier (+1)"), N_("Raise the cabaret by one counter.")),
    "chopine": (N_("Chopine (+2)"), N_("Raise the cabaret by two counters.")),
    "pinte": (N_("Pinte (+4)"), N_("Raise the cabaret by four counters.")),
    "renvi": (N_("Renvier le cotillon (+2)"), N_("Raise the cotillon basket by two; the others hold or drop.")),
}
WHY = {"the best": N_("the best"), "the best, the eldest of equals": N_("the best, the eldest of equals"),
       "holds the Q♦": N_("holds the Q♦"), "nobody holds the Q♦": N_("nobody holds the Q♦"),
       "nobody has one": N_("nobody has one"), "equal best: nobody takes it": N_("equal best: nobody takes it"),
       "the others dropped": N_("the others dropped"), "nobody claims it": N_("nobody claims it"),
       "the only claimant": N_("the only claimant"), "the Q♦ shown at the deal": N_("the Q♦ shown at the deal"),
       "the Q♦ was not dealt": N_("the Q♦ was not dealt")}
"""The reasons a deal's result gives for a basket (the game's words), as message ids."""


def why_phrase(why: str) -> Phrase:
    """A basket's reason as a phrase (« no tierce wins (nobody has one) » included)."""
    if why.startswith("no tierce wins (") and why.endswith(")"):
        return P("no tierce wins ({why})", why=why_phrase(why[16:-1]))
    return P(WHY[why]) if why in WHY else P("{why}", why=why)


PROMPTS = {"stir": N_("Stir the cotillon: give up a card for the stock's next one (2 counters), or stay."),
           "renvi": N_("Stir again at twice the fee, or stay."),
           "cotillon": N_("The cotillon's raise: raise it, hold, drop or pass."),
           "cabaret": N_("The cabaret's raises: raise it, hold, drop or pass.")}


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    sizes, stirs = view.get("hand_sizes") or [0] * n, view.get("stirs") or [0] * n
    cab, cot, put = set(view.get("in_cabaret") or []), set(view.get("in_cotillon") or []), view.get("put") or [0] * n
    shown = view.get("shown")
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        if not s.you:
            s.backs = sizes[s.seat]
        if stirs[s.seat]:
            s.marks.append(Pn("stirred {n} time", "stirred {n} times", n=stirs[s.seat]))
        if s.seat not in cab:
            s.marks.append(P("out of the cabaret"))
        if s.seat not in cot:
            s.marks.append(P("out of the cotillon"))
        if put[s.seat]:
            s.marks.append(P("put {n} in this raise", n=put[s.seat]))
        if isinstance(shown, list) and len(shown) == 2 and shown[0] == s.seat and is_card(shown[1]):
            s.up, s.up_title = [shown[1]], P("the guinguette (Q♦)")
    middle = [Heap("cotillon-stock", P("The cotillon (the stock)"), backs=min(view.get("stock") or 0, 3),
                   count=Pn("{n} card", "{n} cards", n=view.get("stock") or 0), kind="stock")]
    for name, amount in (view.get("baskets") or {}).items():
        middle.append(Heap(name, P(BASKETS.get(name, name)), counters=amount, kind="basket"))
    moves = []
    phase = view.get("phase")
    fee = 4 if phase == "renvi" else 2
    for a in legal:
        if a in WORDS:
            label, hint = WORDS[a]
            moves.append(Move(a, P(label), P(hint)))
        elif is_card(a):
            moves.append(Move(a, P("Stir with the {card}", card=Card(a)),
                              P("Give up the {card} face down, pay {fee} counters to the cotillon basket and draw the stock's next card.",
                                card=Card(a), fee=fee), card=a))
    prompt = P(PROMPTS[phase]) if moves and phase in PROMPTS else (P("Your move.") if moves else None)
    facts = []
    if view.get("betting") and view.get("level"):
        facts.append(P("Raise to hold: {n}", n=view["level"]))
    hand = [c for c in view.get("hand") or [] if is_card(c)] if viewer is not None else None
    if viewer is not None and view.get("my_discards"):
        middle.append(Heap("my-discards", P("Your cards given up"), cards=[c for c in view["my_discards"] if is_card(c)],
                           kind="pile"))
    title, sheet = result_sheet(view.get("last_result"), names)
    return Scene(GAME, seats, viewer, middle=middle, hand=hand, moves=moves, prompt=prompt, facts=facts,
                 sheet_title=title, sheet=sheet)


def result_sheet(result: Mapping[str, Any] | None, names: list[str]) -> tuple[Phrase | None, list[Line]]:
    if not result:
        return None, []

    name = seat_namer(names)
    lines = []
    for basket, seat, why in result.get("winners") or []:
        b = P(BASKETS.get(basket, basket))
        if seat is None:
            lines.append(Line(P("Nobody takes {basket} ({why}): it stays.", basket=b, why=why_phrase(str(why))), rule_words(GAME, basket)))
        else:
            lines.append(Line(P("{name} takes {basket} ({why}).", name=name(seat), basket=b, why=why_phrase(str(why))), rule_words(GAME, basket)))
    for s, (t, c) in enumerate(zip(result.get("tierces") or [], result.get("counts") or [])):
        lines.append(Line(P("{name}: tierce {t}, count {c}.", name=name(s), t=t or "—", c=c)))
    for s, c in enumerate(result.get("counters_after") or []):
        lines.append(Line(Pn("{name} now holds {n} counter.", "{name} now holds {n} counters.", name=name(s), n=c)))
    return P("End of deal {n}", n=result.get("deal", "")), lines
