"""Terminal rendering of Reversis, from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.presentation.render.common import counter_standings, delta_column, jetons, match_over, nets_from, number, person, signed
from academie.presentation.render.trente_et_un import card_text, cards_text, verb
from academie.games.reversis import DealResult, ReversisView
from academie.games.reversis.rules import trick_winner

HELP = (
    "Écart: a card code puts that card under the talon and takes yours ([bold]pass[/] keeps your"
    " hand and shows you the card you would have taken; the dealer must discard one). Play: a"
    " card code, e.g. [bold]9S[/], [bold]TS[/]."
)
AUTO = "[bold]auto[/] (plays your card for you whenever you have only one, until the deal ends)"
"""The ``auto`` command as the help lists it."""

_SUIT_ORDER = (1, 0, 2, 3)  # hearts first, then spades, diamonds, clubs


def sorted_by_suit(hand: Sequence[int]) -> list[int]:
    """The hand in the order it is shown: by suit (hearts first), high to low."""
    return [c for suit in _SUIT_ORDER for c in sorted((c for c in hand if c // 13 == suit), reverse=True)]


def hand_by_suit(hand: Sequence[int]) -> Text:
    """The hand sorted by suit (hearts first) and rank."""
    out = Text()
    for suit in _SUIT_ORDER:
        cards = sorted((c for c in hand if c // 13 == suit), reverse=True)
        if cards:
            if out:
                out.append("   ")
            out.append_text(cards_text(cards))
    return out


def displayed_hand(view: ReversisView) -> list[int]:
    """The viewer's cards in the order the table shows them (the prompt lists moves so)."""
    return sorted_by_suit(view.hand)


def pot_label(name: str) -> str:
    """A pot in a sentence: ``'the poule'``, ``'bête 2'`` (the bêtes are numbered)."""
    if name == "poule":
        return "the pool (poule)"
    return name if name.startswith("bête") else f"the {name}"


def render_turn(view: ReversisView, names: Sequence[str]) -> Panel:
    """Players (counters, tricks and the points in them, écart), the current trick, the pool and bêtes, your hand."""
    table = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        marks = [m for m, on in (("dealer", seat == view.dealer), ("to play", seat == view.current_player)) if on]
        table.add_row(
            Text(name, style="bold cyan" if seat == view.seat else ""), jetons(view.counters[seat]),
            f"{view.tricks_won[seat]} trick{'' if view.tricks_won[seat] == 1 else 's'}",
            f"{view.points_won[seat]} point{'' if view.points_won[seat] == 1 else 's'}", view.ecart[seat] or "",
            ", ".join(marks),
        )
    trick = Text("Trick: ")
    for seat, card in view.trick:
        trick.append(f"{names[seat]} ").append_text(card_text(card)).append("  ")
    if not view.trick:
        trick.append("(none yet)")
    betes = ", ".join(f"{n}: {v}" for n, v in islice(view.betes, NAMED_BETES)) or "none"
    if len(view.betes) > NAMED_BETES:
        betes += f" and {len(view.betes) - NAMED_BETES} more"
    quinola = {"renounce": "thrown on a renounce", "bete": "made a bête", "ecarte": "put in the écart"}
    lines: list[RenderableType] = [
        table,
        Text(f"Deal {view.deal_number + 1} · trick {view.trick_number + 1} · pool {view.pool} · bêtes: {betes}"
             f" · talon {view.talon_size} card{'' if view.talon_size == 1 else 's'}" + (f" · quinola {quinola[view.quinola]}" if view.quinola else "")),
        trick,
    ]
    if view.seat is not None:
        lines.append(Text("Your hand: ").append_text(hand_by_suit(view.hand)))
        if view.peeked is not None:
            lines.append(Text("The talon card you looked at: ").append_text(card_text(view.peeked)))
        if view.my_ecart is not None:
            took = Text(", took ").append_text(card_text(view.my_taken)) if view.my_taken is not None else Text("")
            lines.append(Text("You put in the talon: ").append_text(card_text(view.my_ecart)).append_text(took))
    if view.phase == "ecart":
        if view.current_player == view.dealer:
            lines.append(Text("Écart: the dealer puts one card on the talon (no heart)."))
        else:
            lines.append(Text("Écart: choose a card to put under the talon and take yours, or pass."))
    return Panel(Group(*lines), title="Reversis", expand=False)


def describe_deal(view: ReversisView | None, names: Sequence[str], result: DealResult | None = None) -> str:
    """The line that opens a deal (from its ``result`` when it is already over)."""
    if view is None:
        assert result is not None
        return f"── Deal {result.deal + 1}: {verb(names[result.dealer], 'deals', 'deal')}."
    return f"── Deal {view.deal_number + 1}: {verb(names[view.dealer], 'deals', 'deal')}. Pool {view.pool}."


def describe_action(
    view: ReversisView, seat: int, action: str, names: Sequence[str], after: ReversisView | None = None
) -> str:
    """One line: what ``seat`` did in the écart or which card it played, and who took the trick."""
    who = names[seat]
    if view.phase == "ecart":
        # The viewer's own écart names his cards (his view knows them): the one he put under the
        # talon and the one he took, or the one he looked at; another seat's, never.
        mine = view.seat == seat
        own = after if mine and after is not None and after.deal_number == view.deal_number else None
        if action == "pass":
            peeked = own.peeked if own is not None else None
            if peeked is None:
                return verb(who, "keeps", "keep") + " the hand."
            return verb(who, "keeps", "keep") + f" the hand; the talon card {person(names, seat)} would have taken is" \
                f" {card_label(peeked)}."
        if seat == view.dealer:
            return verb(who, "discards", "discard") + (
                f" {card_label(parse_card(action))}" if mine else " one card") + " onto the talon."
        taken = own.my_taken if own is not None else None
        return verb(who, "exchanges", "exchange") + (f" {card_label(parse_card(action))}" if mine else " a card") + (
            f" with the talon and {'take' if names[seat] == 'You' else 'takes'} {card_label(taken)}."
            if taken is not None else " with the talon.")
    card = parse_card(action)
    text = verb(who, "plays", "play") + f" {card_label(card)}"
    if len(view.trick) == view.num_players - 1:  # this card ends the trick
        taker = names[trick_winner((*view.trick, (seat, card)))]
        text += " — " + verb(taker, "takes", "take", start=False) + " the trick"
    return text + "."


def describe_drawn(view: ReversisView) -> str | None:
    return None


NAMED_BETES = 8
"""The most pots (the pool and the bêtes) a line names one by one; beyond, the other bêtes are
counted with their total (random players can leave thousands on the game, and a line per deal
naming them all would grow with the match)."""


def _on_the_game(pots: Sequence[tuple[str, int]]) -> str:
    """What lies on the game, each amount before its pot's name (a bête's number never runs
    into its amount); past :data:`NAMED_BETES` pots, the rest counted with their total.

    >>> _on_the_game([("poule", 16), ("bête 1", 8), ("bête 2", 0)])
    '16 in the pool (poule), 8 in bête 1'
    >>> _on_the_game([("poule", 0)] + [(f"bête {k}", k) for k in range(1, 12)]).split(", ")[-2:]
    ['8 in bête 8', 'and 3 more bêtes holding 30 jetons']
    """
    named: list[str] = []
    more = held = 0
    for name, amount in pots:
        if not amount:
            continue
        if len(named) < NAMED_BETES:
            named.append(f"{amount} in {pot_label(name)}")
        else:
            more, held = more + 1, held + amount
    text = ", ".join(named)
    if not more:
        return text
    return f"{text}, and {more} more bête{'' if more == 1 else 's'} holding {jetons(held)}"


def render_result(
    result: DealResult, names: Sequence[str], view: ReversisView | None = None, deltas: Sequence[int] | None = None
) -> Panel:
    """Tricks and points, every player's +/− for the deal, the talon, the quinola, the
    reversis, what is left on the game."""
    table = Table(header_style="bold")
    for col in ("player", "tricks", "points", "jetons"):
        table.add_column(col, justify="left" if col == "player" else "right")
    shown = delta_column(table, deltas)
    for seat, name in enumerate(names):
        table.add_row(name, str(result.tricks[seat]), str(result.points[seat]), number(result.counters[seat]),
                      *([signed(deltas[seat])] if shown and deltas is not None else []))
    lines = [Text("Talon: ").append_text(cards_text(sorted_by_suit(result.talon))).append(
        f" worth {result.talon_value}, won by {person(names, result.talon_winner)}"
        + (f", paid by {', '.join(person(names, s) for s in result.talon_payers)}" if result.talon_payers else ", unpaid"))]
    quinola = {"renounce": f"thrown on a renounce by {person(names, result.claimant or 0)}", "bete": "forced or led: a bête",
               "ecarte": "put in the écart", None: "stayed in the talon"}[result.quinola]
    lines.append(Text(f"Quinola: {quinola}."))
    if result.reversis is not None:
        lines.append(Text(verb(names[result.reversis], "makes", "make") + " the reversis!", style="bold"))
    left = _on_the_game(result.pots)
    lines.append(Text("Pool " + (f"won by {person(names, result.pool_winner)}" if result.pool_winner is not None else "carries")
                      + "; " + (f"on the game: {left}." if left else "nothing is left on the game.")))
    return Panel(Group(table, *lines), title=f"End of deal {result.deal + 1}", expand=False)


def render_end(
    view: ReversisView, names: Sequence[str], results: Sequence[DealResult] = (), ledger: Sequence = ()
) -> Panel:
    """The end of a match: places by counters, counters won or lost, what is left on the game."""
    left = _on_the_game(results[-1].pots if results else ())
    notes = [match_over(len(results)),
             Text(f"Left on the game (it belongs to nobody): {left}." if left else "Nothing is left on the game.")]
    if left:
        notes.append(Text("No deal won it before the match ended, so the players hold that much less than they brought."))
    return counter_standings("End of the match", names, view.counters, nets_from(ledger, len(names)), notes)
