"""The Jeu du Blason: the players' counters and squares around the board, the pot, the dice;
*jeter les dés* (throw) as the move. The board itself is drawn by the web (the 63 squares)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.presentation.scene import Heap, Line, Move, P, Scene, base_seats, counters

GAME = "blason"


def scene(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    seats = base_seats(view, names, viewer)
    n = len(names)
    pos, rest = view.get("positions") or [0] * n, view.get("rest") or [0] * n
    for s in seats:
        s.score = counters((view.get("counters") or [0] * n)[s.seat])
        s.marks.append(P("on square {n}", n=pos[s.seat]))
        if rest[s.seat]:
            s.marks.append(P("waits {n} turn", "waits {n} turns", n=rest[s.seat]))
        if view.get("well") == s.seat:
            s.marks.append(P("in the well"))
        if view.get("winner") == s.seat:
            s.marks.append(P("wins the race"))
    middle = [Heap("pot", P("The pot"), counters=view.get("pot") or 0, kind="basket")]
    moves = [Move(a, P("Throw the dice (jeter)"), P("Throw two dice and move your token by their total."))
             for a in legal if a == "throw"]
    facts, sheet = [], []
    last = view.get("last_move")
    if isinstance(last, Mapping) and isinstance(last.get("seat"), int) and 0 <= last["seat"] < n:
        sheet.append(Line(P("{name} threw {total}: from square {a} to square {b}.", name=names[last["seat"]],
                            total=last.get("total"), a=last.get("from"), b=last.get("to"))))
        for event in last.get("events") or []:
            sheet.append(Line(P("{event}", event=str(event))))
    return Scene(GAME, seats, viewer, middle=middle, moves=moves,
                 prompt=P("Throw the dice.") if moves else None, facts=facts,
                 sheet_title=P("The last throw") if sheet else None, sheet=sheet)
