"""Terminal rendering of Belle, Flux et Trente-un, from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.presentation.render.common import counter_standings, delta_column, jetons, match_over, nets_from, number, person, signed
from academie.presentation.render.glyphs import FACE_DOWN
from academie.presentation.render.trente_et_un import card_text, cards_text, verb
from academie.games.belle_flux import BelleFluxView, DealResult
from academie.sources import cite

TIE_WORDS = cite("000", "aucun d'eux ne tire le panier")
"""The source's words for a tie: nobody takes the basket, it stays for the next deal."""

HELP = (
    "At the trente-un: [bold]a[/] ask for a card (carte), [bold]s[/] stand (je m'y tiens)."
)
AUTO = "[bold]auto[/] (stands or asks for you whenever you have only one move, until the deal ends)"
"""The ``auto`` command as the help lists it."""


def pot_label(name: str) -> str:
    """A basket in a sentence: ``'the belle basket'``."""
    return f"the {name} basket"


def _baskets(view: BelleFluxView) -> str:
    return " · ".join(f"{name} {amount}" for name, amount in view.baskets)


def render_turn(view: BelleFluxView, names: Sequence[str]) -> Panel:
    """The table: counters, up cards, extra cards, who stood, baskets, your cards and point."""
    table = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        up = view.up[seat]
        extra = view.extra[seat]
        hidden_extra = view.extra_counts[seat] - len(extra)
        cards = Text("up ").append_text(card_text(up) if up is not None else Text("—"))
        if extra:
            cards.append(" + ").append_text(cards_text(extra))
        if hidden_extra:
            cards.append(" + " + " ".join([FACE_DOWN()] * hidden_extra))
        marks = [m for m, on in (("dealer", seat == view.dealer), ("stands", view.stood[seat]),
                                 ("to play", seat == view.current_player)) if on]
        table.add_row(
            Text(name, style="bold cyan" if seat == view.seat else ""),
            jetons(view.counters[seat]),
            cards,
            ", ".join(marks),
        )
    lines: list[RenderableType] = [
        table,
        Text(f"Deal {view.deal_number + 1} · baskets: {_baskets(view)}"),
        Text(_chances(view, names)),
    ]
    if view.seat is not None:
        mine = list(view.hidden) + [c for c in (view.up[view.seat],) if c is not None] + list(view.extra[view.seat])
        over = " (over 31: you can only stand)" if (view.point or 0) > 31 else ""
        lines.append(Text("Your cards: ").append_text(cards_text(mine)).append(f"  point {view.point}{over}"))
    return Panel(Group(*lines), title="Belle, Flux et Trente-un", expand=False)


def _chances(view: BelleFluxView, names: Sequence[str]) -> str:
    belle = f"belle to {person(names, view.belle)}" if view.belle is not None else "belle stays (tie)"
    shown = "; ".join(
        f"{names[s]} " + " ".join(card_text(c).plain for c in cards) + f" = {dict(view.fluxes)[s]}"
        for s, cards in view.flux_hands
    )
    if view.flux is not None:
        flux = f"flux to {person(names, view.flux)} ({shown})"
    else:
        flux = "flux stays (" + (f"tie: {shown}" if view.fluxes else "no flux") + ")"
    return f"{belle}; {flux}"


def describe_deal(view: BelleFluxView | None, names: Sequence[str], result: DealResult | None = None) -> str:
    """The line that opens the trente-un of a deal. Without a view (the deal ended before
    anyone asked or stood: a 31 in the first three cards), from its ``result``."""
    if view is None:
        assert result is not None
        ups = ", ".join(f"{names[s]} {card_text(c).plain}" for s, c in sorted(result.up.items()))
        dealer = verb(names[result.dealer], "deals", "deal")
        belle = f"belle to {person(names, result.belle)}" if result.belle is not None else "belle stays"
        flux = f"flux to {person(names, result.flux)}" if result.flux is not None else "flux stays"
        return f"── Deal {result.deal + 1}: {dealer}. Up cards: {ups}. {belle}; {flux}."
    ups = ", ".join(
        f"{names[s]} {card_text(c).plain}" for s, c in enumerate(view.up) if c is not None
    )
    dealer = verb(names[view.dealer], "deals", "deal")
    return f"── Deal {view.deal_number + 1}: {dealer}. Up cards: {ups}. {_chances(view, names)}."


def describe_action(
    view: BelleFluxView, seat: int, action: str, names: Sequence[str], after: BelleFluxView | None = None
) -> str:
    """One line telling what ``seat`` did; a card asked for is named when the viewer may see it
    (his own, or every card when the extra cards are dealt face up), each time."""
    if action == "ask":
        card = _received(view, seat, after)
        got = "" if card is None else " and " + ("receive" if names[seat] == "You" else "receives") + f" {card_text(card).plain}"
        return verb(names[seat], "asks", "ask") + f" for a card{got}."
    return verb(names[seat], "stands", "stand") + "."


def _received(view: BelleFluxView, seat: int, after: BelleFluxView | None) -> int | None:
    """The card ``seat`` was given for his request, as ``after`` shows it (from the deal's
    result when that card ended the deal), or None when the viewer may not see it."""
    if after is None:
        return None
    if after.deal_number == view.deal_number and len(after.extra[seat]) > len(view.extra[seat]):
        return after.extra[seat][-1]
    result = after.last_result
    if result is not None and result.deal == view.deal_number and seat in result.hands:
        extra_before = view.extra_counts[seat]
        cards = result.hands[seat]
        if len(cards) > 3 + extra_before:  # two hidden, one up, then the cards asked for in order
            return cards[3 + extra_before]
    return None


def describe_drawn(view: BelleFluxView) -> str | None:
    """Nothing: every card the viewer receives is told with his request."""
    return None


def _tied(result: DealResult, basket: str) -> tuple[tuple[int, ...], str]:
    """The seats tied for the best of a basket nobody won (the game's judging, in the result),
    and what they tied at (``'at 30'``, ``'with K♠ and K♥'`` for the belle); ``()`` when nobody
    tied (no flux, everyone over 31)."""
    tied = tuple(sorted(result.ties.get(basket, ())))  # named in seat order
    if not tied:
        return (), ""
    if basket == "belle":
        return tied, "with " + " and ".join(card_text(result.up[s]).plain for s in tied)
    values = result.points if basket == "trente-un" else result.fluxes
    return tied, f"at {values[tied[0]]}"


def _nobody(result: DealResult, names: Sequence[str], basket: str) -> str:
    """``'nobody: Camille and Denis tie at 30 (the basket stays, « … »)'``."""
    tied, at = _tied(result, basket)
    if not tied:
        why = {"flux": "no flux", "trente-un": "everyone over 31"}.get(basket, "no winner")
        return f"nobody ({why}, the basket stays)"
    who = ", ".join(names[s] for s in tied[:-1]) + f" and {names[tied[-1]]}"
    return f"nobody: {who} tie {at} (the basket stays, {TIE_WORDS})"


def render_result(
    result: DealResult, names: Sequence[str], view: BelleFluxView | None = None,
    deltas: Sequence[int] | None = None,
) -> Panel:
    """The three chances of a deal, the hands shown, every player's +/− for the deal (stakes
    included) and the baskets carried."""
    table = Table(header_style="bold")
    for col in ("player", "cards", "flux", "point", "jetons"):
        table.add_column(col, justify="left" if col in ("player", "cards") else "right")
    shown = delta_column(table, deltas)
    for seat in sorted(result.hands):
        row = [
            names[seat], cards_text(result.hands[seat]),
            str(result.fluxes.get(seat, "")), str(result.points[seat]) + (" (over)" if result.points[seat] > 31 else ""),
            number(result.counters[seat]),
        ]
        table.add_row(*row, *([signed(deltas[seat])] if shown and deltas is not None else []))
    if result.declared is not None and result.declared == result.trente_un:
        trente_un = f"{names[result.trente_un]} (declared 31)"
    else:
        trente_un = names[result.trente_un] if result.trente_un is not None else _nobody(result, names, "trente-un")
        if result.declared is not None:
            trente_un += f"; {person(names, result.declared)} declared 31"
    lines = [
        f"Belle: {names[result.belle] if result.belle is not None else _nobody(result, names, 'belle')}",
        f"Flux: {names[result.flux] if result.flux is not None else _nobody(result, names, 'flux')}",
        f"Trente-un: {trente_un}",
        "Baskets now: " + " · ".join(f"{k} {v}" for k, v in result.baskets.items()),
    ]
    return Panel(Group(table, *(Text(line) for line in lines)), title=f"End of deal {result.deal + 1}", expand=False)


def render_end(
    view: BelleFluxView, names: Sequence[str], results: Sequence[DealResult] = (), ledger: Sequence = ()
) -> Panel:
    """The end of a match: places by counters, each player's counters won or lost, and what is
    left in the baskets (it belongs to nobody)."""
    left = " · ".join(f"{k} {v}" for k, v in view.baskets)
    notes = [match_over(len(results)),
             Text(f"Left in the baskets: {left}.")]
    return counter_standings("End of the match", names, view.counters, nets_from(ledger, len(names)), notes)
