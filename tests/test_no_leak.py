"""No leak: two matches that differ only in cards a seat cannot see look the same to that seat.

A *twin* of a match is built at a chance node, while two cards ``a`` and ``b`` are both still in
the stock and neither shows in seat ``s``'s view: a clone in which, from then on, every action
has ``a`` and ``b`` exchanged (a chance outcome ``a`` becomes ``b``; a player who puts ``a`` in
the écart, discards or plays it, puts ``b`` instead). The two matches differ only in where ``a``
and ``b`` lie and in what was done with them, which ``s`` cannot know. So, after every action,
until either card shows in ``s``'s view in one of the two matches, ``s`` must get the same view,
both matches the same public view and the same ``statistics()``, and when ``s`` is to act the
same legal actions. A twin whose exchanged action is illegal (the two cards obey different
rules) is dropped: that is no leak.

Unlike the determinization test in ``test_conformance.py``, which moves the hidden cards of one
state and keeps everything else, a twin also changes *what the other players did* with hidden
cards: a quinola put in the écart in one match is a plain card put in the écart in the other.
That is how the leak of issue 9 showed (Reversis, ``quinola_force``: every seat saw
``quinola == 'ecarte'`` as soon as the J♥ went in the écart).

Twins exchange two cards of one suit (and must then make the same payments), or any two cards
(and stop at the first payment that differs: some payments tell a suit, by the rules). What the
rules announce without showing cards (:data:`DISCLOSED`) ends a twin too.

Every game with hidden cards is covered (Blason has none), over random matches — every player
count and each option value that changes play, about two seconds per game and kind of twin —
and over a stacked deal for the rare case of issue 9.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

import pytest

from academie.cards import card_code, parse_card
from academie.core.chance import SeededChance, StackedChance
from academie.core.errors import CardCodeError
from academie.core.state import CHANCE, State
from academie.games import GAMES
from academie.games.guimbarde.state import PLAY as GUIMBARDE_PLAY
from academie.games.reversis import ECART, PLAY as REVERSIS_PLAY, QUINOLA
from academie.games.trente_et_un.state import DISCARD
from tests.helpers import reversis_deck
from tests.test_conformance import option_variants

# --- what a seat sees: the cards the rules show it ----------------------------------------------
# A card is seen when an action shows it to all (SHOWN_BY: played, discarded), or when its view
# holds it in a field where a rule shows cards to this seat (its own cards, a card turned up, a
# hand shown): a card a view shows against the rules is not "seen" here, so the twins go on and
# the views differ.


def _cards(values: Iterable[int | None]) -> set[int]:
    return {c for c in values if c is not None}


def _codes(text: str) -> set[int]:
    found = set()
    for word in text.split():
        try:
            found.add(parse_card(word))
        except CardCodeError:
            pass
    return found


def _reversis_seen(view) -> set[int]:
    # Its hand, what it put in the écart, took or looked at (the cards played: SHOWN_BY).
    return set(view.hand) | _cards((view.my_ecart, view.my_taken, view.peeked))


def _reversis_result(result) -> set[int]:
    return set(result.talon)  # « Le talon se paye sur la valeur des cartes qu'il contient »


def _trente_et_un_seen(view) -> set[int]:
    # Its hand; the pile (face up); its own draws from the stock, not the others'.
    seen = set(view.hand) | set(view.pile) | set(view.previous_hand)
    return seen | _cards(c for kind, who, c in view.log if kind != "stock" or who == view.seat)


def _trente_et_un_result(result) -> set[int]:
    return {c for hand in result.hands.values() for c in hand}  # the hands shown


def _belle_flux_seen(view) -> set[int]:
    # Its face-down cards; every up card; its own extra cards, or all when dealt face up; the
    # fluxes shown at the judging.
    seen = set(view.hidden) | _cards(view.up)
    for s, extra in enumerate(view.extra):
        if s == view.seat or view.face_up_extras:
            seen |= set(extra)
    for _, hand in view.flux_hands:
        seen |= set(hand)
    return seen | _cards(c for kind, who, c in view.log
                         if kind != "card" or who == view.seat or view.face_up_extras)


def _belle_flux_result(result) -> set[int]:
    return set(result.up.values()) | {c for hand in result.hands.values() for c in hand}


def _guimbarde_seen(view) -> set[int]:
    # Its hand; the turned card; the cards spread for a box or a marriage (the cards played:
    # SHOWN_BY).
    seen = set(view.hand) | _cards([view.turned]) | _cards(c for kind, _, c in view.log if kind == "turned")
    for shown in view.shown:
        seen |= set(shown)
    for _, _, cards in view.announcements:
        seen |= _codes(cards)
    return seen


def _guimbarde_result(result) -> set[int]:
    seen = _cards([result.turned])
    for _, _, cards in result.announcements:
        seen |= _codes(cards)
    return seen


def _guinguette_seen(view) -> set[int]:
    # Its hand, the cards it gave up face down stirring the cotillon, the guinguette shown.
    return set(view.hand) | set(view.my_discards) | _cards([view.shown[1] if view.shown else None])


def _guinguette_result(result) -> set[int]:
    return {c for hand in result.hands for c in hand}  # every hand shown at the end


SEEN: dict[str, tuple[Callable[[Any], set[int]], Callable[[Any], set[int]]]] = {
    "reversis": (_reversis_seen, _reversis_result),
    "trente-et-un": (_trente_et_un_seen, _trente_et_un_result),
    "belle-flux-trente-un": (_belle_flux_seen, _belle_flux_result),
    "guimbarde": (_guimbarde_seen, _guimbarde_result),
    "guinguette": (_guinguette_seen, _guinguette_result),
}
CARD_GAMES = [gid for gid in GAMES if gid in SEEN]

# Player actions that show their card to the whole table: the card is seen even when the deal
# ends with it and the next deal's view no longer holds it (the last trick, the last discard).
SHOWN_BY: dict[str, Callable[[int], int | None]] = {
    "reversis": lambda a: a - REVERSIS_PLAY if a >= REVERSIS_PLAY else None,  # not the écart
    "guimbarde": lambda a: a - GUIMBARDE_PLAY if a >= GUIMBARDE_PLAY else None,
    "trente-et-un": lambda a: a - DISCARD if DISCARD <= a < DISCARD + 52 else None,
    "belle-flux-trente-un": lambda a: None,  # ask and stand name no card
    "guinguette": lambda a: None,  # a card given up to stir the cotillon goes face down
}

# What the rules make public about hidden cards without showing them. Twins that differ in it
# are told apart by the rules, not by a leak. Most twins exchange two cards of one suit, so that
# facts of suits (a player who cannot follow, a forced ace or quinola, the length of a point)
# are the same in both; facts of ranks are listed here. Twins of any two cards (to catch a leak
# of suits) also stop at the first payment that differs: payments are public, and some tell a
# suit (« Un joueur qui est forcé de lâcher l'as de la couleur jouée, paye à celui qui l'y
# force »); same-suit twins check the payments.
DISCLOSED: dict[str, Callable[[State], Any]] = {
    # Guimbarde, point_tiebreak=value: [004] «chacun accuse son point, et le plus haut l'emporte»:
    # who holds the best point is announced, its count of values deciding a tie.
    "guimbarde": lambda state: tuple(a for a in state.announcements if a[0] == "point"),
}


def test_every_game_with_hidden_cards_is_covered():
    """A new game with cards must say here what its views show."""
    for gid, game in GAMES.items():
        state = game.new_initial_state(game.info.default_players)
        assert (gid in SEEN) == bool(state.all_cards()), gid


# --- twins ---------------------------------------------------------------------------------


@dataclass
class Twin:
    seat: int
    a: int
    b: int
    state: State
    base_result: Any  # the last deal's result when the twin was made (its cards are old news)
    ledger_start: int = 0  # the ledger's length when the twin was made
    compared: int = 0


@dataclass
class Tally:
    twins: int = 0
    comparisons: int = 0
    revealed: int = 0
    diverged: int = 0
    deadline: float = 0.0  # the random matches stop making more matches then


def shows(game_id: str, state: State, twin: Twin) -> bool:
    """True when ``a`` or ``b`` shows in ``twin.seat``'s view of ``state`` (or in a deal result
    published since the twin was made)."""
    seen_of, result_of = SEEN[game_id]
    view = state.view(twin.seat)
    seen = seen_of(view)
    if view.last_result is not None and view.last_result != twin.base_result:
        seen |= result_of(view.last_result)
    return twin.a in seen or twin.b in seen


def exchanged(state: State, twin_state: State, action: int, a: int, b: int) -> int | None:
    """``action`` with the cards ``a`` and ``b`` exchanged, as an action of ``twin_state``, or
    None when that is not legal there. An action naming a card is an offset (deal, écart,
    discard, play…) plus the card: the offset is kept."""
    card = _card_of(state, action)
    if card in (a, b):
        action += {a: b - a, b: a - b}[card]
    return action if twin_state.is_legal(action) else None


def _card_of(state: State, action: int) -> int | None:
    try:
        return parse_card(state.action_to_string(action))
    except CardCodeError:
        return None


def compare(state: State, twin: Twin, tally: Tally) -> None:
    s = twin.seat
    other = twin.state
    mine, theirs = state.view(s), other.view(s)
    assert mine == theirs, f"seat {s}'s view depends on where {_pair(twin)} lie: {_diff(mine, theirs)}"
    public, public_twin = state.public_view(), other.public_view()
    assert public == public_twin, f"the public view depends on where {_pair(twin)} lie: {_diff(public, public_twin)}"
    assert state.statistics() == other.statistics(), (
        f"statistics() depend on where {_pair(twin)} lie: {state.statistics()} != {other.statistics()}")
    # What `replay --json` prints of a match besides: the deals' results, the match, the ledger
    # (the same in both twins up to the twin's making).
    assert state.finished_results() == other.finished_results(), f"the deal results depend on {_pair(twin)}"
    assert state.match.to_json() == other.match.to_json(), f"the match depends on {_pair(twin)}"
    assert _payments(state, twin) == _payments(other, twin), f"the ledger depends on {_pair(twin)}"
    assert state.current_player() == other.current_player()
    if state.current_player() == s:
        assert state.legal_actions() == other.legal_actions(), f"seat {s}'s legal actions depend on {_pair(twin)}"
    twin.compared += 1
    tally.comparisons += 1


def _payments(state: State, twin: Twin) -> list:
    """The ledger's entries since the twin was made."""
    return state.match.ledger.entries[twin.ledger_start:]


def _pair(twin: Twin) -> str:
    return f"{card_code(twin.a)}/{card_code(twin.b)} (hidden from seat {twin.seat})"


def _diff(one, two) -> str:
    return "; ".join(
        f"{f.name}: {getattr(one, f.name)!r} != {getattr(two, f.name)!r}"
        for f in fields(one) if getattr(one, f.name) != getattr(two, f.name)
    )


def run_with_twins(
    game_id: str, players: int, options: dict, chance, policy: Callable[[State], int],
    rng: random.Random, tally: Tally, per_node: float = 0.15, most: int = 8, pick=None,
    payments_disclose: bool = False, stop: float | None = None,
) -> None:
    """Play a match, making twins at chance nodes and comparing each with the match after
    every action."""
    game = GAMES[game_id]
    state = game.new_initial_state(players, options)
    twins: list[Twin] = []
    while not state.is_terminal() and (stop is None or time.monotonic() < stop):
        if state.current_player() == CHANCE and len(twins) < most and rng.random() < per_node:
            twin = make_twin(game_id, state, rng, pick)
            if twin is not None:
                twins.append(twin)
                tally.twins += 1
        chanced = state.is_chance_node()
        action = chance.choose(state) if chanced else policy(state)
        shown = None if chanced else SHOWN_BY[game_id](action)
        pairs = [(t, exchanged(state, t.state, action, t.a, t.b)) for t in twins]
        state.apply_action(action)
        alive = []
        for twin, twin_action in pairs:
            if twin_action is None:
                tally.diverged += 1
                continue
            if shown in (twin.a, twin.b):
                tally.revealed += 1
                continue
            twin.state.apply_action(twin_action)
            disclosed = DISCLOSED.get(game_id, lambda _: None)
            if (shows(game_id, state, twin) or shows(game_id, twin.state, twin)
                    or disclosed(state) != disclosed(twin.state)
                    or payments_disclose and _payments(state, twin) != _payments(twin.state, twin)):
                tally.revealed += 1
                continue
            compare(state, twin, tally)
            alive.append(twin)
        twins = alive


def make_twin(game_id: str, state: State, rng: random.Random, pick=None) -> Twin | None:
    """A twin for a random seat and two random cards of the stock it cannot see (``pick(state,
    seat, cards, rng)`` may choose them: ``(a, b)`` or None)."""
    seat = rng.randrange(state.num_players)
    seen_of, result_of = SEEN[game_id]
    view = state.view(seat)
    known = seen_of(view) | (result_of(view.last_result) if view.last_result is not None else set())
    stock = [c for c in state.stock if c not in known]
    if len(stock) < 2:
        return None
    pair = pick(state, seat, stock, rng) if pick else _same_suit(stock, rng)
    if pair is None:
        return None
    a, b = pair
    return Twin(seat, a, b, state.clone(), view.last_result, len(state.match.ledger.entries))


def _any_two(state: State, seat: int, cards: list[int], rng: random.Random) -> tuple[int, int]:
    a, b = rng.sample(cards, 2)
    return a, b


def _same_suit(cards: list[int], rng: random.Random) -> tuple[int, int] | None:
    a = rng.choice(cards)
    others = [c for c in cards if c // 13 == a // 13 and c != a]
    return (a, rng.choice(others)) if others else None


def random_policy(rng: random.Random) -> Callable[[State], int]:
    def choose(state: State) -> int:
        return rng.choice(state.legal_actions())
    return choose


# --- the tests -------------------------------------------------------------------------------

BUDGET = 4.0  # seconds per game for the random matches (half same-suit, half any two cards)


@pytest.mark.parametrize("any_two", [False, True], ids=["same-suit", "any-two"])
@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_seat_cannot_tell_twins_apart(game_id, any_two):
    """Random matches of each player count and each option value that changes play."""
    game = GAMES[game_id]
    tally = Tally(deadline=time.monotonic() + BUDGET / 2)
    variants = option_variants(game)
    counts = list(range(game.info.min_players, game.info.max_players + 1))
    k = 0
    while k < len(variants) or time.monotonic() < tally.deadline:  # each variant once, then more
        options = variants[k % len(variants)]
        players = counts[k % len(counts)]
        rng = random.Random(k)
        run_with_twins(game_id, players, {**options, **_short(game_id)}, SeededChance(k),
                       random_policy(rng), rng, tally, pick=_any_two if any_two else None,
                       payments_disclose=any_two, stop=None if k < len(variants) else tally.deadline)
        k += 1
    assert tally.comparisons > 300 and tally.twins > 30 and tally.revealed > 0, tally


def _short(game_id: str) -> dict:
    """Fewer deals per match: more matches, so more option values and deals, in the budget."""
    return {"reversis": {"deals": 3}, "guimbarde": {"deals": 3}, "guinguette": {"deals": 3}, "trente-et-un": {"lives": 2},
            "belle-flux-trente-un": {"deals": 4}}[game_id]


def _ecart_quinola(rng: random.Random) -> Callable[[State], int]:
    """Random play, but a seat that may put the quinola in the écart does."""
    def choose(state: State) -> int:
        legal = state.legal_actions()
        if ECART + QUINOLA in legal:
            return ECART + QUINOLA
        return rng.choice(legal)
    return choose


def test_the_quinola_put_in_the_ecart_is_secret_until_the_talon_is_shown():
    """Issue 9: seat 1 holds the J♥ as its only heart and, under the quinola forcé, puts it in
    the écart. No other seat, no onlooker and no statistic may know it before the deal ends."""
    hands = [
        "AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S",  # the dealer: twelve cards
        "JH AD KD QD JD 9D 8D 7D 6D 5D 4D",  # the quinola alone
        "AH KH QH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",
    ]
    deck = reversis_deck(hands, "2C 3D 2D")

    def quinola_and_another(state, seat, stock, rng):
        if seat == 1 or QUINOLA not in stock:
            return None
        hearts = [c for c in stock if c // 13 == QUINOLA // 13 and c != QUINOLA]
        return (QUINOLA, rng.choice(hearts)) if hearts else None

    tally = Tally()
    for seed in range(12):
        rng = random.Random(seed)
        run_with_twins("reversis", 4, {"quinola_force": True, "deals": 1}, StackedChance([deck], seed),
                       _ecart_quinola(rng), rng, tally, per_node=0.5, pick=quinola_and_another)
    assert tally.comparisons > 100, tally
