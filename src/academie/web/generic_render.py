"""A narration renderer for a game the terminal has no renderer for (the interface of
:mod:`academie.presentation.render`, drawn from public views and the ledger only): each move is told
as ``Anne: KH``, each deal's end with every player's +/−, the end with the counters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from academie.presentation.narration import card_labels
from academie.presentation.render.common import signed

HELP = "Choose one of the legal moves."


def describe_deal(view: Any, names: Sequence[str], result: Any = None) -> str:
    deal = getattr(view, "deal", None) if view is not None else getattr(result, "deal", None)
    return f"Deal {deal}." if isinstance(deal, int) else ""


def describe_action(view: Any, seat: int, action: str, names: Sequence[str], after: Any = None) -> str:
    return f"{names[seat]}: {card_labels(action)}"


def describe_drawn(view: Any) -> str | None:
    return None


def render_turn(view: Any, names: Sequence[str]) -> Text:
    return Text("")


def render_result(result: Any, names: Sequence[str], view: Any = None, deltas: Sequence[int] | None = None) -> Text:
    out = Text("Deal over.", style="bold")
    if deltas is not None:
        out.append(" " + " · ".join(f"{n} {signed(d)}" for n, d in zip(names, deltas)))
    return out


def render_end(view: Any, names: Sequence[str], results: Sequence = (), ledger: Sequence = ()) -> Text:
    nets = [0] * len(names)
    for e in ledger:
        if isinstance(e.source, int):
            nets[e.source] -= e.amount
        if isinstance(e.target, int):
            nets[e.target] += e.amount
    return Text("Match over. ", style="bold").append(" · ".join(f"{n} {signed(d)}" for n, d in zip(names, nets)))
