"""The Reversis table: counters around it, the talon and each player's écart, the trick laid out
by seat, the pool (*poule*) and the bêtes with their counters; the quinola said."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import (seat_namer, Card, Heap, Line, Move, N_, P, Pn, Phrase, Scene, base_seats, card_moves,
                                         counters, is_card, rule_words)

GAME = "reversis"
ECART = {"discarded": N_("écart made"), "exchanged": N_("exchanged a card"), "declined": N_("kept his cards")}
QUINOLA = {"renounce": N_("The quinola (J♥) was thrown on a renounce."), "bete": N_("The quinola made a bête."),
           "ecarte": N_("The quinola was put in the écart.")}
QUINOLA_RULE = {"renounce": "scoring.1", "bete": "scoring.2", "ecarte": "scoring.4"}
"""The guide's rule each quinola outcome is paid by (its source words shown on hover)."""


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    sizes, marks = view.get("hand_sizes") or [0] * n, view.get("ecart") or [None] * n
    tricks, pts = view.get("tricks_won") or [0] * n, view.get("points_won") or [0] * n
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        if not s.you:
            s.backs = sizes[s.seat]
        if marks[s.seat] in ECART:
            s.marks.append(P(ECART[marks[s.seat]]))
        if tricks[s.seat]:
            s.marks.append(Pn("{n} trick", "{n} tricks", n=tricks[s.seat]))
            s.marks.append(Pn("{n} point", "{n} points", n=pts[s.seat]))
    middle = [Heap("talon", P("Talon"), backs=min(view.get("talon_size") or 0, 3),
                   count=Pn("{n} card", "{n} cards", n=view.get("talon_size") or 0), kind="stock"),
              Heap("poule", P("Pool (poule)"), counters=view.get("pool") or 0, kind="basket")]
    for name, amount in (view.get("betes") or {}).items():
        middle.append(Heap(name, P("{name}", name=name[:1].upper() + name[1:]), counters=amount, kind="basket",
                           hint=P("A bête: counters put on the game by the player who made it, won later one bête at a time, the largest first.")))
    mine = [c for c in (view.get("my_ecart"), view.get("my_taken"), view.get("peeked")) if is_card(c)]
    if viewer is not None and mine:
        shown = []
        if is_card(view.get("my_ecart")):
            shown.append(view["my_ecart"])
        middle.append(Heap("my-ecart", P("Your écart"), cards=shown, kind="pile",
                           hint=P("You took the {card} from the talon.", card=Card(view["my_taken"]))
                           if is_card(view.get("my_taken")) else None))
        if is_card(view.get("peeked")):
            middle.append(Heap("peeked", P("Seen in the talon"), cards=[view["peeked"]], kind="pile",
                               hint=P("The dealer may look at the talon's last card.")))
    phase = view.get("phase")
    dealing = viewer is not None and view.get("dealer") == viewer
    if phase == "ecart" and dealing:
        # « n'en prend jamais au talon. Mais il est obligé d'y mettre » (the dealer: guide deal.5)
        moves = card_moves(legal, N_("Écarter the {card}"),
                           N_("Put the {card} face down on the talon; the dealer takes nothing in exchange."))
        prompt = P("The écart: as the dealer you must put one card onto the talon, and you take none.") if moves else None
    elif phase == "ecart":
        moves = card_moves(legal, N_("Écarter the {card}"),
                           N_("Put the {card} face down in the talon and take its next card in exchange."))
        if "pass" in legal:
            moves.append(Move("pass", P("Keep your cards"), P("Make no écart: exchange no card with the talon.")))
        prompt = P("The écart: put one card in the talon for another, or keep your cards.") if moves else None
    else:
        moves = card_moves(legal, N_("Play the {card}"),
                           N_("Lay the {card} on the trick. At Reversis the fewest tricks and points win."))
        prompt = P("Play a card to the trick: follow suit if you can.") if moves else None
    trick = [(int(s), c) for s, c in view.get("trick") or [] if is_card(c)]
    facts = [P("Trick {n} of 11", n=min((view.get("trick_number") or 0) + 1, 11))] if phase == "play" else []
    if view.get("quinola") in QUINOLA:
        facts.append(P(QUINOLA[view["quinola"]]))
    hand = [c for c in view.get("hand") or [] if is_card(c)] if viewer is not None else None
    if phase == "ecart" and moves and any(c.endswith("H") and c not in legal for c in hand or ()):
        facts.append(P("Your hearts are dimmed: no heart may go in the écart, except a lone K♥ or Q♥."))  # guide deal.7
    title, sheet = result_sheet(view.get("last_result"), names, over=view.get("phase") == "over")
    return Scene(GAME, seats, viewer, middle=middle, trick=trick, hand=hand, moves=moves, prompt=prompt,
                 facts=facts, sheet_title=title, sheet=sheet)


def result_sheet(result: Mapping[str, Any] | None, names: list[str],
                 over: bool = False) -> tuple[Phrase | None, list[Line]]:
    """The score sheet of a deal's ``result``; ``over``: it was the match's last deal (no deal
    follows for a pool that carries)."""
    if not result:
        return None, []

    name = seat_namer(names)
    lines = []
    for s, (t, p) in enumerate(zip(result.get("tricks") or [], result.get("points") or [])):
        lines.append(Line(Pn("{name} took {n} trick ({p} in points).", "{name} took {n} tricks ({p} in points).",
                            name=name(s), n=t, p=p)))
    if result.get("talon_winner") is not None:
        payers = ", ".join(name(s) for s in result.get("talon_payers") or [])
        lines.append(Line(P("The talon ({value} points) goes to {name}, paid by {payers}.",
                            value=result.get("talon_value", 0), name=name(result["talon_winner"]), payers=payers or "—"),
                          rule_words(GAME, rule="scoring.6")))
    q = result.get("quinola")
    lines.append(Line(P(QUINOLA[q]) if q in QUINOLA else P("The quinola stayed in the talon."),
                      rule_words(GAME, rule=QUINOLA_RULE[q]) if q in QUINOLA else ""))
    if result.get("reversis") is not None:
        lines.append(Line(P("{name} makes the reversis!", name=name(result["reversis"])), rule_words(GAME, rule="scoring.8")))
    if result.get("pool_winner") is not None:
        lines.append(Line(P("{name} wins the pool.", name=name(result["pool_winner"])), rule_words(GAME, "pool")))
    elif over:
        lines.append(Line(P("Nobody wins the pool: the match is over, and what is on the game stays there.")))
    else:
        lines.append(Line(P("The pool carries to the next deal.")))
    for s, c in enumerate(result.get("counters_after") or []):
        lines.append(Line(Pn("{name} held {n} counter at the end of the deal.",
                             "{name} held {n} counters at the end of the deal.", name=name(s), n=c)))
    return P("End of deal {n}", n=result.get("deal", "")), lines
