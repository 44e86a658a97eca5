"""The invariants every registered game must keep, run over every game and every option value
that changes play (after pgx's ``api_test``).

For random matches: only legal actions are accepted (an illegal one raises and changes nothing),
chance outcomes are probabilities, cards and counters are conserved, the match ends with returns,
a record of the match replays to the same state, and a seat's view is unchanged when the cards
it cannot see are redistributed (no leak).
"""

from __future__ import annotations

import random
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from academie.core.chance import SeededChance
from academie.core.errors import IllegalActionError
from academie.core.record import GameRecord, PlayerRecord, replay
from academie.core.state import CHANCE, TERMINAL
from academie.games import GAMES

MAX_ACTIONS = 200_000


def option_variants(game) -> list[dict]:
    """The default options, then each option set in turn to each of its other values."""
    variants: list[dict] = [{}]
    for name, info in game.options_model.model_fields.items():
        if typing.get_origin(info.annotation) is typing.Literal:
            values = typing.get_args(info.annotation)
        elif info.annotation is bool:
            values = (True, False)
        else:
            continue
        variants += [{name: v} for v in values if v != info.default]
    return variants


CASES = [
    pytest.param(game, opts, id=f"{gid}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}")
    for gid, game in GAMES.items()
    for opts in option_variants(game)
]


def random_match(game, players: int, options: dict, seed: int, check):
    """Play a random match, calling ``check(state, rng)`` before every action."""
    rng = random.Random(seed)
    state = game.new_initial_state(players, options)
    chance = SeededChance(seed)
    cards = sorted(state.all_cards())
    total = state.match.total()
    start = ledger_base(state)
    actions: list[str] = []
    steps = 0
    while not state.is_terminal():
        assert sorted(state.all_cards()) == cards, "cards are conserved"
        assert state.match.total() == total, "counters are conserved"
        check(state, rng)
        legal = state.legal_actions()
        assert legal, "a state that is not terminal has legal actions"
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == legal
            action = chance.choose(state)
        else:
            assert 0 <= player < players
            assert state.chance_outcomes() == []
            action = rng.choice(legal)
            actions.append(state.action_to_string(action))
        state.apply_action(action)
        steps += 1
        assert steps < MAX_ACTIONS, "the match ends"
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert ledger_base(state) == start, "every movement of counters is in the ledger"
    return state, actions


def ledger_base(state):
    """Each account's holding minus its ledger net: constant when the ledger is complete."""
    net = state.match.ledger.nets()
    seats = [c - net.get(s, 0) for s, c in enumerate(state.match.counters)]
    pots = {name: amount - net.get(name, 0) for name, amount in state.match.pots.items()}
    pots = {name: base for name, base in pots.items() if base}  # pots opened later start at 0
    return seats, pots


def no_check(state, rng):
    pass


@pytest.mark.parametrize("game, options", CASES)
def test_random_matches_keep_the_invariants_and_replay(game, options):
    for players in sorted({game.info.min_players, game.info.default_players, game.info.max_players}):
        for seed in range(3):
            state, actions = random_match(game, players, options, seed, no_check)
            returns = state.returns()
            assert len(returns) == players
            # Zero-sum, but for counters left in the pots at the end (they belong to nobody).
            assert abs(sum(returns) + sum(state.match.pots.values())) < 1e-9
            record = GameRecord(
                game=game.info.id, game_version=game.info.version, num_players=players,
                options=game.parse_options(options).model_dump(),
                players=[PlayerRecord(name=f"p{s}", kind="random") for s in range(players)],
                seed=seed, actions=actions, complete=state.is_terminal(),
            )
            again = replay(GameRecord.loads(record.dumps()), game)
            assert again.history == state.history
            assert again.public_view() == state.public_view()
            assert again.returns() == returns


def illegal_is_refused(state, rng):
    """An action outside the legal ones raises and leaves the state as it was."""
    if rng.random() > 0.1:
        return
    legal = set(state.legal_actions())
    wrong = next(a for a in range(-1, 1000) if a not in legal)
    before = (state.public_view(), list(state.history), state.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(wrong)
    assert "legal" in str(err.value)
    assert (state.public_view(), state.history, state.legal_actions()) == before


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_only_legal_actions_are_accepted(game):
    random_match(game, game.info.default_players, {}, 11, illegal_is_refused)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_views_leak_nothing(game, seed, data):
    """A seat's view is the same in every state of its information set (determinization)."""
    players = data.draw(st.integers(game.info.min_players, game.info.max_players))
    changed = []

    def check(state, rng):
        if rng.random() > 0.1:
            return
        for seat in range(players):
            other = state.determinize(seat, rng)
            assert other.view(seat) == state.view(seat)
            assert other.public_view() == state.public_view()
            assert sorted(other.all_cards()) == sorted(state.all_cards())
            changed.append(other.all_cards() != state.all_cards())

    random_match(game, players, {}, seed, check)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_determinization_does_move_hidden_cards(game):
    """Guards the no-leak test against a determinize() that changes nothing."""
    state = game.new_initial_state(game.info.default_players)
    chance = SeededChance(5)
    while state.is_chance_node():
        state.apply_action(chance.choose(state))
    moved = [state.determinize(0, random.Random(k)).all_cards() != state.all_cards() for k in range(5)]
    assert any(moved) or not state.all_cards()


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_finished_match_refuses_every_action(game):
    state, _ = random_match(game, game.info.min_players, {}, 2, no_check)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)


NOT_TEXT = (5, 0, 12, True, None, 5.0, b"KH", ["KH"], ("throw",))


def notation_is_a_str(state, rng):
    """Only a str is read as notation: an int (an action id, or Blason's total 5 at a roll), a
    bool, None, bytes or a list raise IllegalActionError naming the type, the state untouched;
    the legal actions' own notation reads back."""
    if rng.random() > 0.2:
        return
    before = (state.public_view(), list(state.history), state.legal_actions())
    import numpy as np

    for text in (*NOT_TEXT, *state.legal_actions()[:3], np.int64(5)):
        with pytest.raises(IllegalActionError, match=f"an action in notation is a str, not {type(text).__name__}"):
            state.string_to_action(text)
        with pytest.raises(IllegalActionError, match="is a str, not"):
            state.apply_string(text)
    assert (state.public_view(), state.history, state.legal_actions()) == before
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_only_a_str_is_read_as_notation(game):
    """Blason's string_to_action(5) was accepted at a roll (the total 5): every game read
    str(text). Checked at positions of random matches, chance nodes among them, and at the end."""
    state, _ = random_match(game, game.info.default_players, {}, 13, notation_is_a_str)
    for text in NOT_TEXT:
        with pytest.raises(IllegalActionError, match="is a str, not"):
            state.string_to_action(text)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_only_an_int_has_a_notation(game):
    """action_to_string(True) wrote action 1 ('3S'): a bool, a float, a str or None is no
    action, as apply_action already says."""
    import numpy as np

    state = game.new_initial_state()
    legal = state.legal_actions()
    for action in (True, False, float(legal[0]), str(legal[0]), None, np.int64(legal[0])):
        with pytest.raises(IllegalActionError, match=f"an action is an int, not {type(action).__name__}"):
            state.action_to_string(action)
    assert [state.string_to_action(state.action_to_string(a)) for a in legal] == legal


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_an_int_outside_the_action_space_is_refused_with_our_error(game):
    """action_to_string(-1) raised a plain ValueError, which ``except AcademieError`` (every
    interface's catch) let through: it is an IllegalActionError (a ValueError still)."""
    from academie.adapters.common import action_space

    state = game.new_initial_state()
    for action in (-1, action_space(game), 10**30):
        with pytest.raises(IllegalActionError, match=f"{action} is not an action of"):
            state.action_to_string(action)


def test_card_codes_and_outcomes_are_strs():
    from academie.cards import parse_card, parse_cards
    from academie.core.chance import StackedChance
    from academie.core.errors import CardCodeError, StackedDeckError

    for bad in (5, None, 1.5, b"AS"):
        with pytest.raises(CardCodeError, match=f"a card code is a str .*not {type(bad).__name__}"):
            parse_card(bad)
    with pytest.raises(CardCodeError, match="card codes are a str or a list of them, not int"):
        parse_cards(5)
    blason = GAMES["blason"].new_initial_state(2)
    blason.apply_action(blason.legal_actions()[0])  # the throw: a roll to come
    with pytest.raises(StackedDeckError, match="5 is of type int, not a dice total"):
        StackedChance([[5]]).choose(blason)
    reversis = GAMES["reversis"].new_initial_state(4)
    with pytest.raises(StackedDeckError, match="a card code is a str .*not int 0"):
        StackedChance([[0, *range(1, 48)]]).choose(reversis)
