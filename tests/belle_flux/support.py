"""Shared bits of the Belle, Flux et Trente-un scenario tests (source 000, REFERENCE.md §1).

Stacked decks (``tests.helpers.bft_deck``) list the cards in the order they leave the pack: the
two face-down cards of each player as a pair (two at a time, from the dealer's right, the dealer
last), then one face-up card to each in the same order, then the cards asked for.
"""

from __future__ import annotations

from academie.cards import parse_card, parse_cards
from tests.helpers import refused, snapshot  # noqa: F401 (shared by the tests)

# A neutral three-player deal (dealer 0, order 2, 1, 0): no flux, nobody dealt 31.
# seat 0: 2♠ 7♥ + K♣ up = 19, seat 1: 3♦ 8♠ + 9♥ up = 20, seat 2: 4♣ 9♦ + 5♠ up = 18.
NEUTRAL_HIDDEN = ["2S 7H", "3D 8S", "4C 9D"]
NEUTRAL_UP = ["KC", "9H", "5S"]

# Twelve hands of 2..10 only (36 cards): no flux, nobody can hold 31 with three cards; the
# stock is then exactly the sixteen figures and aces.
TWELVE_HIDDEN = [
    "2S 3H", "2H 3D", "2D 3C", "2C 3S", "4S 5H", "4H 5D",
    "4D 5C", "4C 5S", "6S 7H", "6H 7D", "6D 7C", "6C 7S",
]
TWELVE_UP = ["8D", "8C", "8S", "8H", "9C", "9S", "9H", "9D", "10H", "10D", "10C", "10S"]


def card(code: str) -> int:
    return parse_card(code)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def total(state) -> int:
    """Counters held by the seats plus those in the three baskets."""
    return sum(state.match.counters) + sum(state.match.pots.values())


