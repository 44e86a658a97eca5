"""Shared bits of the Guinguette scenario tests (a reconstruction: source 004, cut off; the later
description; our readings GU1–GU12).

Seats: seat 0 deals first; the deal and the speaking go to the right (after seat s comes seat
s-1), so with four players the first deal is given in the order 3, 2, 1, 0 and seat 3 is the
eldest. Four cards each, two at a time: two to each player from the dealer's right, then two
more. 36 cards (A, 6 to K) for 3–4 players, 52 for 5–8.
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import card_code, parse_card
from academie.core.chance import StackedChance
from academie.core.runner import advance_chance
from academie.games import get_game
from academie.games.guinguette.rules import pack_for
from tests.helpers import play, refused  # noqa: F401 (shared)

GUINGUETTE = get_game("guinguette")

__all__ = ["GUINGUETTE", "deal", "guinguette_deck", "paid", "play", "refused", "total"]


def guinguette_deck(hands: Sequence[str], draws: str = "", dealer: int = 0) -> list[str]:
    """The order in which cards leave the pack for one deal: two cards to each player from the
    dealer's right (seat dealer-1, then dealer-2, …, the dealer last), then two more to each;
    then ``draws``, the cards taken from the cotillon by the players who stir it, in order (one
    may be a card given up, with ``discard`` 'into_cotillon'); then the rest of the pack."""
    n = len(hands)
    cards = [h.split() for h in hands]
    order = [(dealer - k) % n for k in range(1, n + 1)]
    dealt = [c for s in order for c in cards[s][:2]] + [c for s in order for c in cards[s][2:4]]
    assert len(set(dealt)) == len(dealt), f"a card is stacked twice: {dealt}"
    used = [parse_card(c) for c in dealt + draws.split()]  # a draw may repeat a card given up
    rest = [c for c in pack_for(n) if c not in set(used)]
    return [card_code(c) for c in used + rest]


def deal(hands, draws="", *, later=(), dealer=0, seed=0, **options):
    """A Guinguette state at the first decision of a stacked deal (``hands[s]`` is seat s's four
    cards; ``draws`` the cards the stirrers take, in order); ``later`` are ``(hands, draws,
    dealer)`` for the next deals. One deal by default. Returns ``(state, chance)``."""
    options.setdefault("deals", 1 + len(later))
    decks = [guinguette_deck(hands, draws, dealer)] + [guinguette_deck(h, d, dl) for h, d, dl in later]
    state = GUINGUETTE.new_initial_state(len(hands), options)
    chance = StackedChance(decks, seed)
    advance_chance(state, chance)
    return state, chance


def total(state) -> int:
    """Counters held by the seats plus those lying in the three baskets."""
    return sum(state.match.counters) + sum(state.match.pots.values())


def paid(state, words: str, deal: int | None = None) -> list[tuple]:
    """(source, target, amount) of the ledger entries whose reason contains ``words``."""
    return [(e.source, e.target, e.amount) for e in state.match.ledger.entries
            if words in e.reason and (deal is None or e.deal == deal)]
