"""The Belle, Flux et Trente-un table: each player's up card (and the cards he asked for) face up
before him, the other cards as backs, the three baskets — belle, flux, trente-un — with their
counters, *carte* (ask) and *je m'y tiens* (stand) as moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import seat_namer, N_, Heap, Line, Move, P, Pn, Phrase, Scene, base_seats, counters, is_card, rule_words

GAME = "belle-flux-trente-un"
OTHER_BASKET = N_("the {name} basket")
"""A basket not in :data:`BASKETS`, by its name."""
BASKETS = {"belle": N_("the belle basket"), "flux": N_("the flux basket"), "trente-un": N_("the trente-un basket")}


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    ups, extra = view.get("up") or [None] * n, view.get("extra") or [[]] * n
    counts, stood = view.get("extra_counts") or [0] * n, view.get("stood") or [False] * n
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        shown = [c for c in [ups[s.seat], *extra[s.seat]] if is_card(c)]
        if not s.you:
            s.up, s.up_title = shown, P("face up")
            s.backs = 2 + max(0, counts[s.seat] - len(extra[s.seat])) if view.get("phase") != "over" else 0
        if stood[s.seat]:
            s.marks.append(P("stands (s'y tient)"))
        if view.get("belle") == s.seat:
            s.marks.append(P("holds the belle"))
        if view.get("flux") == s.seat:
            s.marks.append(P("holds the flux"))
    middle = [Heap("stock", P("Stock (talon)"), backs=min(view.get("stock_count") or 0, 3),
                   count=Pn("{n} card", "{n} cards", n=view.get("stock_count") or 0), kind="stock")]
    for name, amount in (view.get("baskets") or {}).items():
        middle.append(Heap(name, P(BASKETS.get(name, OTHER_BASKET), name=name), counters=amount, kind="basket"))
    moves = []
    for a in legal:
        if a == "ask":
            moves.append(Move(a, P("Ask for a card (carte)"),
                              P("Take one more card, toward 31; over 31 you may only stand.")))
        elif a == "stand":
            moves.append(Move(a, P("Stand (je m'y tiens)"), P("Keep your point: ask for no more cards this deal.")))
    hand = None
    if viewer is not None:
        hand = [c for c in [*(view.get("hidden") or []), ups[viewer] if viewer < len(ups) else None,
                            *(extra[viewer] if viewer < len(extra) else [])] if is_card(c)]
    facts = []
    if viewer is not None and view.get("point") is not None:
        facts.append(P("Your point: {n}", n=view["point"]))
    prompt = P("The trente-un: ask for a card, or stand.") if moves else None
    title, sheet = result_sheet(view.get("last_result"), names)
    return Scene(GAME, seats, viewer, middle=middle, hand=hand, hand_title=P("Your cards"), moves=moves,
                 prompt=prompt, facts=facts, sheet_title=title, sheet=sheet)


def result_sheet(result: Mapping[str, Any] | None, names: list[str]) -> tuple[Phrase | None, list[Line]]:
    if not result:
        return None, []

    name = seat_namer(names)
    lines = []
    for key, winner, words in (("belle", result.get("belle"), rule_words(GAME, "belle")),
                               ("flux", result.get("flux"), rule_words(GAME, "flux")),
                               ("trente-un", result.get("trente_un"), rule_words(GAME, "31"))):
        basket = P(BASKETS[key])
        if winner is not None:
            lines.append(Line(P("{name} takes {basket}.", name=name(winner), basket=basket), words))
        else:
            tied = (result.get("ties") or {}).get(key) or []
            lines.append(Line(P("Nobody takes {basket}: it stays for the next deal.", basket=basket)
                              if not tied else
                              P("A tie between {names}: {basket} stays for the next deal.",
                                names=", ".join(name(s) for s in tied), basket=basket), words))
    if result.get("declared") is not None:
        lines.append(Line(P("{name} declared 31.", name=name(result["declared"]))))
    for s, p in sorted(((int(k), v) for k, v in (result.get("points") or {}).items())):
        lines.append(Line(P("{name}'s point: {n}.", name=name(s), n=p)))
    for s, c in enumerate(result.get("counters_after") or []):
        lines.append(Line(Pn("{name} now holds {n} counter.", "{name} now holds {n} counters.", name=name(s), n=c)))
    return P("End of deal {n}", n=result.get("deal", "")), lines
