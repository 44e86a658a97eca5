"""Terminal rendering of Trente et un, from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.presentation.render.common import places
from academie.presentation.render.glyphs import half
from academie.games.trente_et_un import DealResult, TrenteEtUnView

HELP = (
    "Commands: [bold]s[/] draw from the stock, [bold]p[/] take the top of the pile, "
    "[bold]k[/] knock (frapper); then a card to discard, e.g. [bold]KH[/], [bold]10S[/] or "
    "[bold]TS[/]."
)

_RED_SUITS = (1, 2)


def card_text(card: int) -> Text:
    """A card's label, hearts and diamonds in red."""
    return Text(card_label(card), style="bold red" if card // 13 in _RED_SUITS else "bold")


def cards_text(cards: Sequence[int]) -> Text:
    """Cards separated by spaces."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def _value(v: float) -> str:
    return half(v)


def lives_text(view: TrenteEtUnView, seat: int) -> str:
    """``'3 lives'``, ``'1 life'``, or 'on the bus' / 'out'."""
    if view.eliminated[seat]:
        return "out"
    if view.lives[seat] == 0:
        return "on the bus"
    return f"{view.lives[seat]} {'life' if view.lives[seat] == 1 else 'lives'}"


def displayed(cards: Sequence[int]) -> list[int]:
    """Cards in the one order every panel shows them (the hand, the result, the last hand): by
    suit (♠ ♥ ♦ ♣), then by rank."""
    return sorted(cards)


def displayed_hand(view: TrenteEtUnView) -> list[int]:
    """The viewer's cards in the order the table shows them (the prompt lists moves so)."""
    return displayed(view.hand)


def render_turn(view: TrenteEtUnView, names: Sequence[str]) -> Panel:
    """The human's table: the players and lives, the up card, the hand and its value."""
    table = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        marks = []
        if seat == view.dealer:
            marks.append("dealer")
        if seat == view.knocker:
            marks.append("knocked")
        if seat == view.current_player:
            marks.append("to play")
        known = view.known[seat] if seat != view.seat else ()
        table.add_row(
            Text(name, style="bold cyan" if seat == view.seat else ""),
            lives_text(view, seat),
            ", ".join(marks),
            Text("holds ").append_text(cards_text(known)) if known else Text(""),
        )
    up = view.up_card
    lines: list[RenderableType] = [
        table,
        Text(f"Deal {view.deal_number + 1} · stock {view.stock_count} card{'' if view.stock_count == 1 else 's'} · pile top: ").append_text(
            card_text(up) if up is not None else Text("(empty)")
        ),
        Text("Your hand: ")
        .append_text(cards_text(displayed(view.hand)))
        .append(f"  worth {_value(view.hand_value)}" if view.hand_value is not None else "")
        .append_text(_best_kept(view)),
    ]
    if len(view.hand) == 4:
        lines.append(Text("You have drawn: discard one card."))
        if view.discard_values:
            lines.append(_keeps(view))
    return Panel(Group(*lines), title="Trente et un", expand=False)


def _best_kept(view: TrenteEtUnView) -> Text:
    """With four cards: ``'  worth 21 once you discard 4♣'`` (the best value the discard can
    keep, and the discards that keep it), from the view's values per discard."""
    if not view.discard_values:
        return Text("")
    best = max(value for _, value in view.discard_values)
    cards = [card for card, value in view.discard_values if value == best]
    out = Text(f"  worth {_value(best)} once you discard ")
    for i, card in enumerate(displayed(cards)):
        if i:
            out.append(" or ")
        out.append_text(card_text(card))
    return out


def _keeps(view: TrenteEtUnView) -> Text:
    """``'Discard 7♠ keeps 12 · 3♦ keeps 11 · …'``, in the order the hand is shown."""
    values = dict(view.discard_values)
    out = Text("Discard ")
    for i, card in enumerate(c for c in displayed(view.hand) if c in values):
        if i:
            out.append(" · ")
        out.append_text(card_text(card)).append(f" keeps {_value(values[card])}")
    return out


def verb(name: str, third: str, base: str, start: bool = True) -> str:
    """``'Anne draws'`` but ``'You draw'`` (``'you draw'`` inside a sentence: ``start`` False)."""
    if name == "You":
        return f"{'You' if start else 'you'} {base}"
    return f"{name} {third}"


def pot_label(name: str) -> str:
    """A pot in a sentence (Trente et un is played for lives: no pot)."""
    return f"the {name}"


def describe_action(
    view: TrenteEtUnView, seat: int, action: str, names: Sequence[str], after: TrenteEtUnView | None = None
) -> str:
    """One line telling what ``seat`` did, as the viewer of ``view`` (taken before it) saw it."""
    who = names[seat]
    if action == "stock":
        # The viewer's own draw is told with its card (his view knows it), once: in play, in a
        # match taken up again (his draws retold from his seat), never to another seat.
        drawn, thrown = _own_draw(view, after, seat, None)
        text = verb(who, "draws", "draw") + (f" {card_label(drawn)}" if drawn is not None else "") + " from the stock"
        return text + _by_itself(thrown)
    if action == "pile":
        up = view.up_card
        _, thrown = _own_draw(view, after, seat, up)
        taken = card_label(up) if up is not None else "?"
        return verb(who, "takes", "take") + f" {taken} from the pile" + _by_itself(thrown)
    if action == "knock":
        return verb(who, "knocks", "knock") + "!"
    return verb(who, "discards", "discard") + f" {card_label(parse_card(action))}."


def describe_deal(
    view: TrenteEtUnView | None, names: Sequence[str], result: DealResult | None = None
) -> str:
    """The line that opens a deal: who deals and the up card. Without a view (the deal ended
    before anyone moved, e.g. on a 31 dealt), from its ``result``."""
    if view is None:
        assert result is not None
        return f"── Deal {result.deal + 1}: {verb(names[result.dealer], 'deals', 'deal')}."
    up = view.up_card
    turned = f"; the up card is {card_label(up)}" if up is not None else ""
    return f"── Deal {view.deal_number + 1}: {verb(names[view.dealer], 'deals', 'deal')}{turned}."


def _by_itself(thrown: int | None) -> str:
    """The end of a draw's line: ``'.'``, or the card that went to the pile by itself (a 31
    among four cards shown at once, option ``thirty_one_check``)."""
    return f"; {card_label(thrown)} goes to the pile by itself." if thrown is not None else "."


def _own_draw(
    before: TrenteEtUnView, after: TrenteEtUnView | None, seat: int, taken: int | None
) -> tuple[int | None, int | None]:
    """For the viewer's own draw (``after`` is his view once it is done; ``taken`` the card
    taken from the pile, None for the stock): the card he received and the card that went to
    the pile by itself, each None when there is none or when ``after`` is another seat's. When
    the draw ended the deal (a 31 shown at once), ``after`` is of the next deal: both are read
    from the deal's result, where his hand is shown."""
    if after is None or after.seat != seat:
        return None, None
    if after.deal_number == before.deal_number:
        new = after.log[len(before.log):]
        drawn = taken if taken is not None else next(
            (card for kind, who, card in new if kind == "stock" and who == seat), None)
        thrown = next((card for kind, who, card in new if kind == "discard" and who == seat), None)
        return drawn, thrown
    result = after.last_result
    if result is None or result.deal != before.deal_number or seat not in result.hands:
        return None, None
    kept = set(result.hands[seat])
    drawn = taken if taken is not None else next(iter(kept - set(before.hand)), None)
    held = set(before.hand) | ({drawn} if drawn is not None else set())
    return drawn, next(iter(held - kept), None)


def describe_drawn(view: TrenteEtUnView) -> str | None:
    """Nothing: the viewer's draw is told with its card by :func:`describe_action`."""
    return None


def render_result(
    result: DealResult, names: Sequence[str], view: TrenteEtUnView | None = None,
    deltas: Sequence[int] | None = None,
) -> Panel:
    """How a deal ended: hands shown, values, lives lost, eliminations; with the viewer's
    ``view``, also the viewer's own hand when it was not shown. Lives are the stake here:
    ``deltas`` (counters) are always zero and not shown."""
    shower = names[result.shown_by or 0]
    headline = {
        "thirty_one": verb(shower, "shows", "show") + " 31!",
        "dealt_thirty_one": verb(shower, "was", "were") + " dealt 31!",
        "knock": (f"Hands shown after {verb(names[result.knocker], 'knocked', 'knocked', start=False)}."
                  if result.knocker is not None else "Hands shown."),
        "stock_exhausted": "The stock is exhausted: hands shown.",
    }[result.ending]
    table = Table(show_header=True, header_style="bold")
    table.add_column("player")
    table.add_column("hand")
    table.add_column("value", justify="right")
    table.add_column("lives lost", justify="right")
    seats = sorted(set(result.hands) | set(result.lives_lost))
    for seat in seats:
        hand = result.hands.get(seat)
        table.add_row(
            names[seat],
            cards_text(displayed(hand)) if hand else Text("—"),
            _value(result.values[seat]) if seat in result.values else "",
            str(result.lives_lost.get(seat, 0)),
        )
    notes: list[Text] = [Text(f"Dealer: {names[result.dealer]}.")]
    if view is not None and view.seat is not None and view.seat not in result.hands and view.previous_hand:
        notes.append(Text("Your hand was ").append_text(cards_text(displayed(view.previous_hand))).append("."))
    if result.void:
        would = ", ".join(f"{names[s]} {n} {'life' if n == 1 else 'lives'}" for s, n in sorted(result.would_lose.items()))
        notes.append(Text("Everyone left would be out" + (f" (would lose: {would})" if would else "")
                          + ": the round is void, no life is lost, and it is dealt again."))
    for seat in result.eliminated:
        notes.append(Text(verb(names[seat], "is", "are") + " eliminated."))
    return Panel(
        Group(Text(headline, style="bold"), table, *notes),
        title=f"End of deal {result.deal + 1}",
        expand=False,
    )


def render_end(
    view: TrenteEtUnView, names: Sequence[str], results: Sequence[DealResult] = (), ledger: Sequence = ()
) -> Panel:
    """The end of a match: who won, and every player's place (the last one in first, then the
    others by the deal they went out in, later is better) with the lives left."""
    if view.winner is None:
        headline = "Nobody is left: the match has no winner."
    else:
        who = names[view.winner]
        headline = verb(who, "is", "are") + " the last player in and " + ("win" if who == "You" else "wins") + " the match."
    out_in = {s: r.deal for r in results if not r.void for s in r.eliminated}
    last = max(out_in.values(), default=0) + 1
    score = [out_in.get(s, last) for s in range(len(names))]
    place = places(score)
    table = Table(header_style="bold")
    for col in ("place", "player", "lives"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for seat in sorted(range(len(names)), key=lambda s: (-score[s], s)):
        lives = f"out in deal {out_in[seat] + 1}" if seat in out_in else lives_text(view, seat)
        table.add_row(place[seat], names[seat], lives)
    return Panel(Group(Text(headline, style="bold green"), table), title="End of the match", expand=False,
                 border_style="green")
