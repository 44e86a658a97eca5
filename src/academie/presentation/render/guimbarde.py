"""Terminal rendering of the Guimbarde, from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.presentation.render.common import counter_standings, delta_column, jetons, left_in, match_over, nets_from, number, signed, suit_name
from academie.presentation.render.reversis import hand_by_suit, sorted_by_suit
from academie.presentation.render.trente_et_un import card_text, cards_text, verb
from academie.games.guimbarde import DealResult, GuimbardeView
from academie.games.guimbarde.rules import trick_winner

HELP = "Play a card by its code, e.g. [bold]QH[/] (the guimbarde), [bold]KS[/], [bold]TS[/]."
AUTO = "[bold]auto[/] (plays your card for you whenever you have only one, until the deal ends)"
"""The ``auto`` command as the help lists it."""


def pot_label(name: str) -> str:
    """A box in a sentence: ``'the fou box'``."""
    return f"the {name} box"


def displayed_hand(view: GuimbardeView) -> list[int]:
    """The viewer's cards in the order the table shows them (the prompt lists moves so)."""
    return sorted_by_suit(view.hand)


def _boxes(view: GuimbardeView) -> str:
    return " · ".join(f"{name} {amount}" for name, amount in view.boxes)


def _labels(cards: str) -> str:
    """``'KH QH'`` → ``'K♥ Q♥'`` (other words, such as ``'4 cards'``, as they are)."""
    out = []
    for word in cards.split():
        try:
            out.append(card_label(parse_card(word)))
        except Exception:  # not a card code
            out.append(word)
    return " ".join(out)


def _announced(announcements: Sequence[tuple[str, int, str]], names: Sequence[str]) -> str:
    return "; ".join(f"{names[seat]}: {what} ({_labels(cards)})" for what, seat, cards in announcements) or "none"


def _announcements(view: GuimbardeView, names: Sequence[str]) -> str:
    return _announced(view.announcements, names)


def still_shown(view: GuimbardeView, seat: int) -> list[int]:
    """The cards ``seat`` showed for a box or a marriage that are still in his hand (a card
    shown and since played is no longer beside his name)."""
    played = {card for kind, who, card in view.log if kind == "play" and who == seat}
    return [c for c in view.shown[seat] if c not in played]


def render_turn(view: GuimbardeView, names: Sequence[str]) -> Panel:
    """Players, boxes, the turned card and trumps, announcements, the trick, your hand."""
    table = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        marks = [m for m, on in (("dealer", seat == view.dealer), ("to play", seat == view.current_player)) if on]
        still = still_shown(view, seat)
        shown = Text("shows ").append_text(cards_text(sorted_by_suit(still))) if still else Text("")
        table.add_row(Text(name, style="bold cyan" if seat == view.seat else ""), jetons(view.counters[seat]),
                      f"{view.tricks_won[seat]} trick{'' if view.tricks_won[seat] == 1 else 's'}", shown,
                      ", ".join(marks))
    trick = Text("Trick: ")
    for seat, card in view.trick:
        trick.append(f"{names[seat]} ").append_text(card_text(card)).append("  ")
    if not view.trick:
        trick.append("(none yet)")
    turned = Text("Turned: ").append_text(card_text(view.turned) if view.turned is not None else Text("—"))
    trumps = suit_name(view.trump) if view.turned is not None else "—"
    turned.append(f" — trumps: {trumps}; Q♥ K♥ J♦ are always the three highest")
    lines: list[RenderableType] = [table, turned, Text(f"Boxes: {_boxes(view)}"),
                                   Text(f"Announced: {_announcements(view, names)}"), trick]
    if view.seat is not None:
        lines.append(Text("Your hand: ").append_text(hand_by_suit(view.hand)))
    return Panel(Group(*lines), title=f"Guimbarde — deal {view.deal_number + 1}, trick {view.trick_number + 1}", expand=False)


def describe_deal(view: GuimbardeView | None, names: Sequence[str], result: DealResult | None = None) -> str:
    """The line that opens a deal: dealer, turned card and trumps, what was announced (from the
    deal's ``result`` when it is already over)."""
    src = view if view is not None else result
    assert src is not None
    turned = card_label(src.turned) if src.turned is not None else "?"
    trumps = suit_name(src.trump) if src.turned is not None else "?"
    deal = view.deal_number if view is not None else result.deal  # type: ignore[union-attr]
    announced = _announced(src.announcements, names)
    # [004] «le plus haut l'emporte»: with no point of three cards, the point box stays
    stays = "" if any(what == "point" for what, _, _ in src.announcements) else \
        " No point announced: the point box stays."
    return (f"── Deal {deal + 1}: {verb(names[src.dealer], 'deals', 'deal')}; turned {turned},"
            f" trumps {trumps}. Announced: {announced}.{stays}")


def describe_action(view: GuimbardeView, seat: int, action: str, names: Sequence[str],
                    after: GuimbardeView | None = None) -> str:
    card = parse_card(action)
    text = verb(names[seat], "plays", "play") + f" {card_label(card)}"
    if len(view.trick) == view.num_players - 1:  # this card ends the trick
        taker = names[trick_winner((*view.trick, (seat, card)), view.trump)]
        text += " — " + verb(taker, "takes", "take", start=False) + " the trick"
    return text + "."


def describe_drawn(view: GuimbardeView) -> str | None:
    return None


def render_result(
    result: DealResult, names: Sequence[str], view: GuimbardeView | None = None, deltas: Sequence[int] | None = None
) -> Panel:
    """Tricks, counters and every player's +/− for the deal (stakes, boxes, marriages, the
    fou), who took the tricks contest, the boxes carried."""
    table = Table(header_style="bold")
    for col in ("player", "tricks", "jetons"):
        table.add_column(col, justify="left" if col == "player" else "right")
    shown = delta_column(table, deltas)
    for seat, name in enumerate(names):
        table.add_row(name, str(result.tricks[seat]), number(result.counters[seat]),
                      *([signed(deltas[seat])] if shown and deltas is not None else []))
    contest = names[result.trick_winner] if result.trick_winner is not None else "nobody (the box stays)"
    announced = _announced(result.announcements, names)
    lines = [Text(f"Announced: {announced}."), Text(f"Tricks contest: {contest}."),
             Text("Boxes now: " + " · ".join(f"{k} {v}" for k, v in result.boxes))]
    return Panel(Group(table, *lines), title=f"End of deal {result.deal + 1}", expand=False)


def render_end(
    view: GuimbardeView, names: Sequence[str], results: Sequence[DealResult] = (), ledger: Sequence = ()
) -> Panel:
    """The end of a match: places by counters, counters won or lost, what is left in the boxes."""
    notes = [match_over(len(results)), left_in("boxes", view.boxes)]
    return counter_standings("End of the match", names, view.counters, nets_from(ledger, len(names)), notes)
