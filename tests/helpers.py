"""Test helpers: stacked decks and scripted moves."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from academie.cards import CARD_CODES, card_code, parse_card
from academie.core.chance import StackedChance
from academie.core.errors import IllegalActionError
from academie.core.runner import advance_chance
from academie.core.state import State
from academie.games import get_game

T31 = get_game("trente-et-un")


def t31_deck(
    hands: Sequence[str], up: str, draws: str = "", dealer: int = 0, step: int = 1
) -> list[str]:
    """The order in which cards leave the pack for one deal of Trente et un.

    ``hands[s]`` is seat ``s``'s three cards (``"KH 9H 4C"``); the deal goes one card at a time
    from the dealer's left (``step`` +1 clockwise), three rounds, then the up card; ``draws``
    are the next cards drawn from the stock, in order. The rest of the pack follows in a fixed
    order so that the stack is a whole pack.
    """
    n = len(hands)
    cards = [h.split() for h in hands]
    order = [(dealer + step * k) % n for k in range(1, n + 1)]
    seq = [cards[s][r] for r in range(3) for s in order] + [up] + draws.split()
    used = {parse_card(c) for c in seq}
    assert len(used) == len(seq), f"a card is stacked twice: {seq}"
    return [card_code(parse_card(c)) for c in seq] + [c for c in CARD_CODES if parse_card(c) not in used]


def t31_state(decks: Sequence[Sequence[str]], players: int, seed: int = 0, **options):
    """A Trente et un state with stacked decks; returns ``(state, chance)`` at the first decision.

    After the stacked decks run out, deals come from ``seed``."""
    state = T31.new_initial_state(players, options)
    chance = StackedChance(decks, seed)
    advance_chance(state, chance)
    return state, chance


def play(state: State, chance: StackedChance, moves: str | Sequence[str]) -> State:
    """Apply moves in string notation (a space-separated string or a list), resolving chance."""
    if isinstance(moves, str):
        moves = moves.split()
    for move in moves:
        advance_chance(state, chance)
        state.apply_string(move)
    advance_chance(state, chance)
    return state


BFT = get_game("belle-flux-trente-un")
BLASON = get_game("blason")


def bft_deck(hidden: Sequence[str], up: Sequence[str], extra: str = "", dealer: int = 0, step: int = -1) -> list[str]:
    """The order in which cards leave the pack for one deal of Belle, Flux et Trente-un.

    ``hidden[s]`` is seat ``s``'s two face-down cards (``"KH 9H"``), ``up[s]`` its face-up card;
    the dealer gives two face-down cards to each player starting on his right (``step`` -1,
    counter-clockwise, the default direction), then one face-up card to each in the same order;
    ``extra`` are the next cards asked for, in order. The rest of the pack follows.
    """
    n = len(hidden)
    order = [(dealer + step * k) % n for k in range(1, n + 1)]
    seq = [c for s in order for c in hidden[s].split()] + [up[s] for s in order] + extra.split()
    used = {parse_card(c) for c in seq}
    assert len(used) == len(seq), f"a card is stacked twice: {seq}"
    return [card_code(parse_card(c)) for c in seq] + [c for c in CARD_CODES if parse_card(c) not in used]


def bft_state(decks: Sequence[Sequence[str]], players: int, seed: int = 0, **options):
    """A Belle-Flux state with stacked decks; returns ``(state, chance)`` at the first decision."""
    state = BFT.new_initial_state(players, options)
    chance = StackedChance(decks, seed)
    advance_chance(state, chance)
    return state, chance


def blason_state(throws: str, players: int, **options):
    """A Blason state whose dice give ``throws`` (totals, space-separated, in order); returns
    ``(state, chance)`` with the first player to throw."""
    state = BLASON.new_initial_state(players, options)
    chance = StackedChance([throws.split()], None)
    return state, chance


def throw(state: State, chance: StackedChance, times: int = 1) -> State:
    """Let ``times`` players throw in turn (the stacked dice decide)."""
    for _ in range(times):
        state.apply_string("throw")
        advance_chance(state, chance)
    return state


REVERSIS = get_game("reversis")


def reversis_deck(hands: Sequence[str], talon: str, dealer: int = 0, step: int = -1, packet: int = 3) -> list[str]:
    """The order in which cards leave the pack for one deal of Reversis.

    ``hands[s]`` is seat ``s``'s cards (the dealer has one more), dealt by packets of ``packet``
    from the dealer's right (``step`` -1, counter-clockwise), the dealer last in each round;
    then the ``talon`` cards in order (card *i* is the premier en cartes' + i). The stack must
    name every card of the pack it deals.
    """
    n = len(hands)
    cards = [h.split() for h in hands]
    order = [(dealer + step * k) % n for k in range(1, n + 1)]
    pos = {s: 0 for s in order}
    seq: list[str] = []
    while any(pos[s] < len(cards[s]) for s in order):
        for s in order:
            take = cards[s][pos[s]:pos[s] + packet]
            seq += take
            pos[s] += len(take)
    seq += talon.split()
    used = [parse_card(c) for c in seq]
    assert len(set(used)) == len(used), f"a card is stacked twice: {seq}"
    return [card_code(c) for c in used]


def reversis_state(decks: Sequence[Sequence[str]], players: int = 4, seed: int = 0, **options):
    """A Reversis state with stacked decks; returns ``(state, chance)`` at the first decision."""
    state = REVERSIS.new_initial_state(players, options)
    chance = StackedChance(decks, seed)
    advance_chance(state, chance)
    return state, chance



GUIMBARDE = get_game("guimbarde")


def guimbarde_deck(hands: Sequence[str], turned: str, dealer: int = 0) -> list[str]:
    """The order in which cards leave the pack for one deal of Guimbarde: three cards to each
    player from the dealer's right (seat dealer-1, then dealer-2, …, the dealer last), then two
    to each, then the turned card; the rest of the pack follows (32 cards for 3–5 players, 52
    for 6–8)."""
    n = len(hands)
    cards = [h.split() for h in hands]
    order = [(dealer - k) % n for k in range(1, n + 1)]
    seq = [c for s in order for c in cards[s][:3]] + [c for s in order for c in cards[s][3:5]] + [turned]
    used = [parse_card(c) for c in seq]
    assert len(set(used)) == len(used), f"a card is stacked twice: {seq}"
    from academie.cards import pack
    rest = [c for c in pack(32 if n <= 5 else 52) if c not in set(used)]
    return [card_code(c) for c in used + rest]


def guimbarde_state(decks: Sequence[Sequence[str]], players: int, seed: int = 0, **options):
    """A Guimbarde state with stacked decks; returns ``(state, chance)`` at the first decision."""
    state = GUIMBARDE.new_initial_state(players, options)
    chance = StackedChance(decks, seed)
    advance_chance(state, chance)
    return state, chance


def snapshot(state: State) -> tuple:
    """Everything a refused action must leave unchanged: every view, the history, counters,
    pots, the ledger and the cards in every place."""
    return (
        [state.view(s) for s in range(state.num_players)],
        state.public_view(),
        list(state.history),
        dict(state.match.pots),
        list(state.match.counters),
        len(state.match.ledger.entries),
        sorted(state.all_cards()),
        state.legal_actions(),
    )


def refused(state: State, text: str) -> IllegalActionError:
    """Apply ``text``, expect IllegalActionError, check nothing changed; return the error."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_string(text)
    assert snapshot(state) == before
    return err.value
