"""Terminal rendering of the Guimbarde, from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.cli.render.reversis import hand_by_suit
from academie.cli.render.trente_et_un import card_text, cards_text, verb
from academie.games.guimbarde import DealResult, GuimbardeView
from academie.games.guimbarde.rules import trick_winner

HELP = ("Play a card by its code, e.g. [bold]QH[/] (the guimbarde), [bold]KS[/], [bold]TS[/]. Also:"
        " [bold]?[/] legal moves, [bold]help[/], [bold]quit[/].")


def _boxes(view: GuimbardeView) -> str:
    return " · ".join(f"{name} {amount}" for name, amount in view.boxes)


def _announcements(view: GuimbardeView, names: Sequence[str]) -> str:
    return "; ".join(f"{names[seat]}: {what} ({cards})" for what, seat, cards in view.announcements) or "none"


def render_turn(view: GuimbardeView, names: Sequence[str]) -> Panel:
    """Players, boxes, the turned card and trumps, announcements, the trick, your hand."""
    table = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        marks = [m for m, on in (("dealer", seat == view.dealer), ("to play", seat == view.current_player)) if on]
        shown = Text("shows ").append_text(cards_text(view.shown[seat])) if view.shown[seat] else Text("")
        table.add_row(Text(name, style="bold cyan" if seat == view.seat else ""), f"{view.counters[seat]} jetons",
                      f"{view.tricks_won[seat]} tricks", shown, ", ".join(marks))
    trick = Text("Trick: ")
    for seat, card in view.trick:
        trick.append(f"{names[seat]} ").append_text(card_text(card)).append("  ")
    if not view.trick:
        trick.append("(none yet)")
    turned = Text("Turned: ").append_text(card_text(view.turned) if view.turned is not None else Text("—"))
    turned.append(f" — trumps: {view.trump_name} (Q♥ K♥ J♦ always the three highest)")
    lines: list[RenderableType] = [table, turned, Text(f"Boxes: {_boxes(view)}"),
                                   Text(f"Announced: {_announcements(view, names)}"), trick]
    if view.seat is not None:
        lines.append(Text("Your hand: ").append_text(hand_by_suit(view.hand)))
    return Panel(Group(*lines), title=f"Guimbarde — deal {view.deal_number + 1}, trick {view.trick_number + 1}", expand=False)


def describe_deal(view: GuimbardeView, names: Sequence[str]) -> str:
    turned = card_label(view.turned) if view.turned is not None else "?"
    return (f"── Deal {view.deal_number + 1}: {verb(names[view.dealer], 'deals', 'deal')}; turned {turned},"
            f" trumps {view.trump_name}. Announced: {_announcements(view, names)}.")


def describe_action(view: GuimbardeView, seat: int, action: str, names: Sequence[str],
                    after: GuimbardeView | None = None) -> str:
    card = parse_card(action)
    text = verb(names[seat], "plays", "play") + f" {card_label(card)}"
    if len(view.trick) == view.num_players - 1:  # this card ends the trick
        taker = names[trick_winner((*view.trick, (seat, card)), view.trump)]
        text += " — " + verb(taker, "takes", "take") + " the trick"
    return text + "."


def describe_drawn(view: GuimbardeView) -> str | None:
    return None


def render_result(result: DealResult, names: Sequence[str], view: GuimbardeView | None = None) -> Panel:
    table = Table(header_style="bold")
    for col in ("player", "tricks", "counters"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for seat, name in enumerate(names):
        table.add_row(name, str(result.tricks[seat]), str(result.counters[seat]))
    contest = names[result.trick_winner] if result.trick_winner is not None else "nobody (the box stays)"
    lines = [Text(f"Tricks contest: {contest}."),
             Text("Boxes now: " + " · ".join(f"{k} {v}" for k, v in result.boxes))]
    return Panel(Group(table, *lines), title=f"End of deal {result.deal + 1}", expand=False)


def render_end(view: GuimbardeView, names: Sequence[str]) -> str:
    ranking = sorted(range(len(names)), key=lambda s: -view.counters[s])
    return "Match over. Counters: " + ", ".join(f"{names[s]} {view.counters[s]}" for s in ranking) + "."
