"""The Jeu du Blason: the players' counters and squares around the board, the pot, the dice;
*jeter les dés* (throw) as the move. The board itself is drawn by the web (the 63 squares)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from academie.presentation.scene import Heap, Line, Move, P, Phrase, Pn, Scene, base_seats, counters

GAME = "blason"


EVENTS = (
    (re.compile(r"past 63: back to (\d+)$"), lambda m, names: P("past 63: back to square {n}", n=m[1])),
    (re.compile(r"past 63: it counts as 63$"), lambda m, names: P("past 63: it counts as 63")),
    (re.compile(r"(.+): pays and goes to (\d+)$"), lambda m, names: P("{square}: pays and goes to square {n}",
                                                                     square=m[1], n=m[2])),
    (re.compile(r"(.+): pays and misses (\d+) turns?$"), lambda m, names: Pn(
        "{square}: pays and misses {n} turn", "{square}: pays and misses {n} turns", square=m[1], n=int(m[2]))),
    (re.compile(r"pays the mois romains$"), lambda m, names: P("pays the mois romains")),
    (re.compile(r"frees seat (\d+) from the chancellerie \(back to (\d+)\); both pay$"),
     lambda m, names: P("frees {name} from the chancellerie (back to {n}); both pay", name=seat_name(names, m[1]),
                        n=m[2])),
    (re.compile(r"waits at the chancellerie$"), lambda m, names: P("waits at the chancellerie")),
    (re.compile(r"meets seat (\d+), who pays and goes to (\d+)$"),
     lambda m, names: P("meets {name}, who pays and goes to square {n}", name=seat_name(names, m[1]), n=m[2])),
    (re.compile(r"meets seat (\d+), who pays and goes to the start$"),
     lambda m, names: P("meets {name}, who pays and goes back to the start", name=seat_name(names, m[1]))),
)
"""The events of a throw (the game's words) as phrases."""


def seat_name(names: list[str], seat: str) -> str:
    return names[int(seat)] if int(seat) < len(names) else seat


def event_phrase(event: str, names: list[str]) -> Phrase:
    for pattern, phrase in EVENTS:
        m = pattern.match(event)
        if m:
            return phrase(m, names)
    return P("{event}", event=event)


def standings(view: Mapping[str, Any], names: Sequence[str]) -> list[Line]:
    """The race's final standings, from the view alone: the winner first (Lacombe, *Dictionnaire
    des jeux mathématiques*, art. « Blason (jeu du) »: « Qui arrivera à 63, qui est le terme du
    jeu, gagnera la partie »), then the others by the square reached, furthest first (a
    player still at the start last); players on the same square share a place. Each line says
    the square and the counters (jetons) held. ``[]`` when the view's ``positions`` or
    ``counters`` do not hold one number per player."""
    n = len(names)
    pos, held, winner = view.get("positions"), view.get("counters"), view.get("winner")
    if not (isinstance(pos, list) and isinstance(held, list) and len(pos) == len(held) == n):
        return []
    reach = [64 if s == winner else pos[s] for s in range(n)]
    lines = [Line(P("The race standings, the winner first, then by the square reached:"))]
    for s in sorted(range(n), key=lambda s: (-reach[s], s)):
        place = 1 + sum(1 for r in reach if r > reach[s])
        if s == winner:
            text = Pn("{place}. {name}, winner on square {square}, {n} counter",
                      "{place}. {name}, winner on square {square}, {n} counters",
                      place=place, name=names[s], square=pos[s], n=held[s])
        elif pos[s]:
            text = Pn("{place}. {name}, square {square}, {n} counter", "{place}. {name}, square {square}, {n} counters",
                      place=place, name=names[s], square=pos[s], n=held[s])
        else:
            text = Pn("{place}. {name}, at the start, {n} counter", "{place}. {name}, at the start, {n} counters",
                      place=place, name=names[s], n=held[s])
        lines.append(Line(text))
    return lines


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    pos, rest = view.get("positions") or [0] * n, view.get("rest") or [0] * n
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        s.marks.append(P("on square {n}", n=pos[s.seat]))
        if rest[s.seat]:
            s.marks.append(Pn("waits {n} turn", "waits {n} turns", n=rest[s.seat]))
        if view.get("well") == s.seat:
            s.marks.append(P("at the chancellerie"))  # square 30, « marques de la chancellerie »
        if view.get("winner") == s.seat:
            s.marks.append(P("wins the race"))
    middle = [Heap("pot", P("The pot"), counters=view.get("pot") or 0, kind="basket")]
    last = view.get("last_move")
    if isinstance(last, Mapping) and last.get("total"):
        middle.append(Heap("dice", P("The dice ({dice})", dice=view.get("dice") or "2d6"),
                           count=P("last throw: {n}", n=last["total"]), kind="dice"))
    moves = [Move(a, P("Throw the dice (jeter)"), P("Throw two dice and move your token by their total."))
             for a in legal if a == "throw"]
    facts, sheet = [], []
    last = view.get("last_move")
    if isinstance(last, Mapping) and isinstance(last.get("seat"), int) and 0 <= last["seat"] < n:
        who, total = names[last["seat"]], last.get("total")
        if last.get("from") == 0:  # the start, off the board, as the board and the history call it
            threw = P("{name} threw {total}: from the start to square {b}.", name=who, total=total, b=last.get("to"))
        else:
            threw = P("{name} threw {total}: from square {a} to square {b}.", name=who, total=total,
                      a=last.get("from"), b=last.get("to"))
        sheet.append(Line(threw))
        for event in last.get("events") or []:
            sheet.append(Line(event_phrase(str(event), names)))
    return Scene(GAME, seats, viewer, middle=middle, moves=moves,
                 prompt=P("Throw the dice.") if moves else None, facts=facts,
                 sheet_title=P("The last throw") if sheet else None, sheet=sheet)
