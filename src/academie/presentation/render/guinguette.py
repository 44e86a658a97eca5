"""Terminal rendering of the Guinguette (a reconstruction), from views only (no rules here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.presentation.render.common import counter_standings, delta_column, jetons, left_in, match_over, nets_from, number, signed
from academie.presentation.render.trente_et_un import card_text, cards_text, verb
from academie.games.guinguette import DealResult, GuinguetteView
from academie.games.guinguette.rules import ORDER, count, tierce, tierce_name

HELP = ("Stirring the cotillon: [bold]stay[/], or the code of the card you give up (e.g. [bold]KS[/],"
        " [bold]TS[/]) to stir it for 2 jetons. Raising the cabaret: [bold]demi-septier[/] (+1),"
        " [bold]chopine[/] (+2), [bold]pinte[/] (+4), [bold]pass[/]; after a raise [bold]hold[/] or"
        " [bold]drop[/]; [bold]renvi[/] raises the cotillon (option renvi_cotillon=raise).")

PHASES = {
    "stir": "Stirring the cotillon: stay, or give up a card (2 jetons) and take one unseen",
    "renvi": "Renvier le cotillon: stay, or stir again (4 jetons)",
    "cotillon": "Raising the cotillon (renvi): hold or drop",
    "cabaret": "Raising the cabaret: demi-septier +1, chopine +2, pinte +4; after a raise hold or drop",
}


def pot_label(name: str) -> str:
    """A basket in a sentence: ``'the cabaret basket'``."""
    return f"the {name} basket"


def sorted_hand(cards: Sequence[int]) -> list[int]:
    """Cards by suit (♠ ♥ ♦ ♣), each suit high to low, the ace lowest."""
    return sorted(cards, key=lambda c: (c // 13, -ORDER[c]))


def displayed_hand(view: GuinguetteView) -> list[int]:
    """The viewer's cards in the order the table shows them (the prompt lists moves so)."""
    return sorted_hand(view.hand)


def _baskets(baskets: Sequence[tuple[str, int]]) -> str:
    return " · ".join(f"{name} {amount}" for name, amount in baskets)


def _claims(view: GuinguetteView, seat: int) -> str:
    out = []
    if seat not in view.in_cabaret:
        out.append("out of the cabaret")
    if seat not in view.in_cotillon:
        out.append("no claim on the cotillon")
    return ", ".join(out)


def render_turn(view: GuinguetteView, names: Sequence[str]) -> Panel:
    """Players (counters, stirs, claims), the baskets, the raise to hold, your hand."""
    table = Table.grid(padding=(0, 2))
    betting = view.phase in ("cabaret", "cotillon")
    for seat, name in enumerate(names):
        marks = [m for m, on in (("dealer", seat == view.dealer), ("to play", seat == view.current_player)) if on]
        stirred = f"stirred {view.stirs[seat]}×" if view.stirs[seat] else ""
        put = f"put {view.put[seat]}" if betting and view.put[seat] else ""
        shown = Text("shows ").append_text(card_text(view.shown[1])) if view.shown and view.shown[0] == seat else Text("")
        table.add_row(Text(name, style="bold cyan" if seat == view.seat else ""), jetons(view.counters[seat]),
                      stirred, put, _claims(view, seat), shown, ", ".join(marks))
    lines: list[RenderableType] = [table, Text(f"Baskets: {_baskets(view.baskets)} · cotillon (stock): {view.stock} cards")]
    if view.phase in PHASES:
        lines.append(Text(PHASES[view.phase], style="italic"))
    if betting and view.level:
        lines.append(Text(f"The {view.betting} is raised by {jetons(view.level)} this deal."))
    if view.seat is not None:
        hand = Text("Your hand: ").append_text(cards_text(sorted_hand(view.hand)))
        top = tierce(view.hand, view.pack_size, *view.tierce_rule)
        hand.append(f"   ({tierce_name(top) or 'no tierce'}; count {count(view.hand)})")
        lines.append(hand)
        if view.my_discards:
            lines.append(Text("You gave up: ").append_text(cards_text(view.my_discards)))
        if betting and view.current_player == view.seat and view.level > view.put[view.seat]:
            lines.append(Text(f"To hold: {jetons(view.level - view.put[view.seat])}."))
    return Panel(Group(*lines), title=f"Guinguette (a reconstruction) — deal {view.deal_number + 1}", expand=False)


def describe_deal(view: GuinguetteView | None, names: Sequence[str], result: DealResult | None = None) -> str:
    """The line that opens a deal: the dealer, the pack, the guinguette if shown at the deal."""
    if view is not None:
        deal, dealer, size = view.deal_number, view.dealer, view.pack_size
        shown = view.shown
    else:
        assert result is not None
        deal, dealer, size, shown = result.deal, result.dealer, 36 if len(result.hands) <= 4 else 52, None
    text = f"── Deal {deal + 1}: {verb(names[dealer], 'deals', 'deal')} four cards each, two at a time ({size} cards)."
    if shown is not None:
        text += f" {verb(names[shown[0]], 'shows', 'show')} the guinguette {card_label(shown[1])}."
    return text


def describe_action(view: GuinguetteView, seat: int, action: str, names: Sequence[str],
                    after: GuinguetteView | None = None) -> str:
    """One move as the viewer of ``view`` saw it: a card given up is named only to its player."""
    word = action.lower()
    who = names[seat]
    if word == "stay":
        return verb(who, "stays", "stay") + "."
    if word == "pass":
        return verb(who, "passes", "pass") + "."
    if word == "hold":
        return verb(who, "holds", "hold") + f" the raise ({jetons(view.level - view.put[seat])})."
    if word == "drop":
        return verb(who, "drops", "drop") + f" out of the {view.betting}."
    if word in ("demi-septier", "chopine", "pinte"):
        by = {"demi-septier": 1, "chopine": 2, "pinte": 4}[word]
        held = view.level - view.put[seat]
        you = names[seat] == "You"
        hold = f"{'hold' if you else 'holds'} the {held} and " if held > 0 else ""
        return f"{who} {hold}{'raise' if you else 'raises'} the cabaret by a {word} (+{by})."
    if word == "renvi":
        return verb(who, "raises", "raise") + " the cotillon (« renvier le cotillon », +2)."
    again = view.phase == "renvi"
    text = verb(who, "stirs", "stir") + " the cotillon" + (" again" if again else "")
    if view.seat == seat and after is not None:
        drawn = [c for c in after.hand if c not in view.hand]
        text += f": {card_label(parse_card(action))} given up"
        if drawn:
            text += f", {card_label(drawn[0])} taken"
        return text + "."
    return text + " (a card given up face down, one taken unseen)."


def describe_drawn(view: GuinguetteView) -> str | None:
    return None


def _winners(result: DealResult, names: Sequence[str]) -> list[Text]:
    out = []
    for basket, seat, why in result.winners:
        who = names[seat] if seat is not None else "nobody (it stays)"
        out.append(Text(f"The {basket} basket: {who} — {why}."))
    return out


def render_result(
    result: DealResult, names: Sequence[str], view: GuinguetteView | None = None, deltas: Sequence[int] | None = None
) -> Panel:
    """Every hand with its tierce and count, the stirs, counters and +/−, who took each basket."""
    table = Table(header_style="bold")
    for col in ("player", "hand", "tierce", "count", "stirs", "jetons"):
        table.add_column(col, justify="left" if col in ("player", "hand", "tierce") else "right")
    shown = delta_column(table, deltas)
    for seat, name in enumerate(names):
        hand = cards_text(sorted_hand(result.hands[seat]))
        tag = "" if seat in result.in_cabaret else " (dropped)"
        table.add_row(name, hand, (tierce_name(result.tierces[seat]) or "—") + tag, str(result.counts[seat]),
                      str(result.stirs[seat]), number(result.counters[seat]),
                      *([signed(deltas[seat])] if shown and deltas is not None else []))
    lines = [*_winners(result, names), Text("Baskets now: " + _baskets(result.baskets))]
    return Panel(Group(table, *lines), title=f"End of deal {result.deal + 1}", expand=False)


def render_end(
    view: GuinguetteView, names: Sequence[str], results: Sequence[DealResult] = (), ledger: Sequence = ()
) -> Panel:
    """The end of a match: places by counters, counters won or lost, what is left in the baskets."""
    notes = [match_over(len(results)), left_in("baskets", view.baskets)]
    if view.short:
        who = ", ".join(names[s] for s in view.short)
        notes.insert(1, Text(f"{who} cannot pay the stakes of another deal: the match ends (our reconstruction,"
                             " GU14, option out_of_counters)."))
    return counter_standings("End of the match", names, view.counters, nets_from(ledger, len(names)), notes)

