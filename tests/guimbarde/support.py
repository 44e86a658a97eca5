"""Shared bits of the Guimbarde scenario tests (source 004, REFERENCE.md §5).

Seats: seat 0 deals first; the deal and play go to the right (after seat s comes seat s-1), so
with four players the first deal is given in the order 3, 2, 1, 0 and seat 3 is the eldest.
The 32-card pack (7 to A) serves 3–5 players, the 52-card pack 6–8.
"""

from __future__ import annotations

from academie.core.runner import advance_chance
from tests.helpers import guimbarde_deck, guimbarde_state, play, refused  # noqa: F401 (shared)

__all__ = ["deal", "legal", "paid", "play", "play_out", "refused", "total", "trick_payments"]


def deal(hands, turned, *, later=(), dealer=0, seed=0, **options):
    """A Guimbarde state at the first lead of a stacked deal (``hands[s]`` is seat s's five
    cards); ``later`` are ``(hands, turned, dealer)`` for the next deals. One deal by default."""
    options.setdefault("deals", 1 + len(later))
    decks = [guimbarde_deck(hands, turned, dealer)] + [guimbarde_deck(h, t, d) for h, t, d in later]
    return guimbarde_state(decks, players=len(hands), seed=seed, **options)


def legal(state) -> list[str]:
    """The legal cards of the player to act, sorted by code."""
    return sorted(state.legal_action_strings())


def total(state) -> int:
    """Counters held by the seats plus those lying in the five boxes."""
    return sum(state.match.counters) + sum(state.match.pots.values())


def paid(state, words: str, deal: int | None = None) -> list[tuple]:
    """(source, target, amount) of the ledger entries whose reason contains ``words``."""
    return [(e.source, e.target, e.amount) for e in state.match.ledger.entries
            if words in e.reason and (deal is None or e.deal == deal)]


def trick_payments(state) -> list[tuple]:
    """Side payments made during trick play (marriages in play, the grand mariage on the
    table, the fou taken): (source, target, amount, reason)."""
    keys = ("marriage in play", "marriage won by trumping", "grand mariage on the table", "the fou taken")
    return [(e.source, e.target, e.amount, e.reason) for e in state.match.ledger.entries
            if any(k in e.reason for k in keys)]


def play_out(state, chance) -> None:
    """Finish the current deal, each player playing his lowest-coded legal card."""
    number = state.match.deal_number
    while not state.is_terminal() and state.match.deal_number == number:
        state.apply_action(min(state.legal_actions()))
        advance_chance(state, chance)


