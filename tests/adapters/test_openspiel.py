"""Every game through OpenSpiel: OpenSpiel's own checks, views-only observations, records as
serialisation, and a match played by OpenSpiel's ISMCTSBot and MCTSBot."""

from __future__ import annotations

import base64
import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from academie.adapters import openspiel as osp  # noqa: E402  (registers the games)
from academie.adapters.common import action_space, from_record, to_record  # noqa: E402
from academie.adapters.tensors import layouts  # noqa: E402
from academie.core.errors import OptionError  # noqa: E402
from academie.core.record import replay  # noqa: E402
from academie.games import GAMES, get_game  # noqa: E402
from tests.adapters.support import GAME_IDS, short_options  # noqa: E402


def load(game_id: str, **extra: object) -> pyspiel.Game:
    return pyspiel.load_game(osp.short_name(game_id), {**short_options(game_id), **extra})


def played(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    """A state after up to ``steps`` random actions and outcomes."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered_under_its_name():
    names = set(pyspiel.registered_names())
    for game_id in GAMES:
        assert f"python_academie_{game_id.replace('-', '_')}" in names
    assert osp.short_name("belle-flux-trente-un") == "python_academie_belle_flux_trente_un"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sim_test_with_serialisation(game_id):
    pyspiel.random_sim_test(load(game_id), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info_comes_from_the_game(game_id):
    ours = get_game(game_id)
    game = load(game_id)
    kind = game.get_type()
    assert (kind.min_num_players, kind.max_num_players) == (ours.info.min_players, ours.info.max_players)
    assert game.num_players() == ours.info.default_players
    assert game.num_distinct_actions() == game.max_chance_outcomes() == action_space(ours)
    table = layouts(ours, game.num_players(), ours.parse_options(short_options(game_id)))
    assert game.observation_tensor_shape() == [table.observation.size]
    assert game.information_state_tensor_shape() == [table.information.size]


def test_action_spaces_of_the_five_games():
    sizes = {g: action_space(get_game(g)) for g in ("trente-et-un", "belle-flux-trente-un", "blason", "reversis", "guimbarde")}
    assert sizes == {"trente-et-un": 116, "belle-flux-trente-un": 54, "blason": 113, "reversis": 252, "guimbarde": 152}


def test_parameters_are_the_options_and_players():
    game = pyspiel.load_game("python_academie_reversis", {"players": 5, "deals": 1, "deck": 52})
    assert game.num_players() == 5
    assert game.academie_options.deck == "52" and game.academie_options.deals == 1
    params = game.get_parameters()
    assert params["players"] == 5 and params["deck"] == 52 and params["deals"] == 1
    # the game string reads back the same game (the digit choice as an int, commas as spaces)
    again = pyspiel.load_game(str(game))
    assert again.academie_options == game.academie_options
    blason = pyspiel.load_game(str(pyspiel.load_game("python_academie_blason", {"casque_squares": "5 9 14"})))
    assert blason.academie_options.casque_squares == get_game("blason").parse_options({"casque_squares": "5,9,14"}).casque_squares


def test_bad_parameters_are_refused_by_name():
    with pytest.raises(OptionError, match="deals"):
        pyspiel.load_game("python_academie_reversis", {"deals": 0})
    with pytest.raises(Exception, match="4 to 5 players"):
        pyspiel.load_game("python_academie_reversis", {"players": 3})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_outcomes_carry_the_games_probabilities(game_id):
    state = load(game_id).new_initial_state()
    while not state.is_chance_node():  # the Blason's first player throws before the dice roll
        state.apply_action(state.legal_actions()[0])
    ours = state.academie_state.chance_outcomes()
    assert state.chance_outcomes() == sorted(ours)
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_come_from_the_views_only(game_id):
    """A determinization of a seat's information set changes none of its tensors or strings."""
    game = load(game_id)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(3):
        state = played(game, seed, 40 + 13 * seed)
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
            if seat == state.current_player():
                assert other.legal_actions() == state.legal_actions()


def test_hidden_cards_differ_between_seats_and_public_observer():
    game = load("reversis")
    state = played(game, 1, 60)
    hand0 = np.array(state.observation_tensor(0))[:52]
    hand1 = np.array(state.observation_tensor(1))[:52]
    assert hand0.sum() > 0 and not np.array_equal(hand0, hand1)
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert public.dict["hand"].sum() == 0  # the public view holds no hand
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_serialisation_is_a_game_record(game_id):
    game = load(game_id)
    for steps in (0, 7, 60, 10_000):
        state = played(game, steps, steps)
        record = state.to_record()
        assert record.game == game_id and record.num_players == game.num_players()
        back = from_record(record.dumps())
        assert back.history == state.academie_state.history
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(state2) == str(state) and state2.history() == state.history()
        pickled = base64.b64decode(text.split("__dict__=", 1)[1])
        assert b"academie-record" in pickled  # the state's attribute is pickled as its record
        assert state.serialize() == record.dumps()  # the state's own serialisation: its record, no pickle
        assert game.deserialize_state(state.serialize()).history() == state.history()
        assert game.deserialize_state(text.split("[State]\n", 1)[1]).history() == state.history()
        assert pickle.loads(pickle.dumps(state)).history() == state.history()
        assert game.state_from_record(record).history() == state.history()
        if state.is_terminal():  # a finished match's record replays with the core's replay
            assert record.complete and replay(record, get_game(game_id)).returns() == state.returns()


def test_a_record_that_does_not_fit_is_refused():
    from academie.core.errors import RecordError

    record = to_record(played(load("reversis"), 3, 70).academie_state)
    bad = record.model_copy(update={"actions": [*record.actions, "pass", "pass"]})
    with pytest.raises(RecordError, match="cannot be played"):
        from_record(bad)


def test_ismcts_and_mcts_bots_play_a_match():
    """OpenSpiel's Python ISMCTSBot (our resampler) and MCTSBot (on a determinization of its
    seat's information, so it never sees hidden cards) against random seats, to the end."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("reversis", deals=1)
    rs = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    is_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)
    is_bot.set_resampler(osp.resampler)
    mc_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, solve=False, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(5)
    state = game.new_initial_state()
    moves = {0: 0, 1: 0}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        seat = state.current_player()
        if seat == 0:
            action = is_bot.step(state)
        elif seat == 1:
            action = mc_bot.step(state.resample_from_infostate(1, sampler))
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        moves[seat] = moves.get(seat, 0) + 1
        state.apply_action(int(action))
    assert moves[0] >= 10 and moves[1] >= 10
    assert state.returns() == state.academie_state.returns()
    assert state.academie_state.match.deal_number >= 0 and len(state.academie_state.deal_results()) == 1


def test_ismcts_bot_with_the_states_own_resample():
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("trente-et-un")
    rs = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 6, random_state=rs)
    state = played(game, 2, 8)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("game_id", ["trente-et-un", "belle-flux-trente-un", "blason", "reversis", "guimbarde"])
def test_layouts_are_documented(game_id):
    """Each layout module's docstring gives its sizes at the default table."""
    import importlib

    ours = get_game(game_id)
    n = ours.info.default_players
    table = layouts(ours, n, ours.parse_options({}))
    module = importlib.import_module(f"academie.adapters.tensors.{type(ours).__module__.rsplit('.', 1)[-1]}")
    doc = " ".join(module.__doc__.split())
    assert f"``n = {n}``: {table.observation.size} floats" in doc
    assert f"``n = {n}``: {table.information.size} floats" in doc
    for piece in table.information.pieces:
        assert piece.name in doc, piece.name
    text = osp.observation_layout(osp.short_name(game_id))
    assert text.count("\n") + 1 == len(table.observation.pieces)


# --- serialised states read back: every field checked -----------------------------------------


def _serialised(seed: int = 1, steps: int = 80):
    """A Reversis state some way into its deal, OpenSpiel's serialisation of it split into its
    header and the three lines of the state (history, move_number, __dict__), and the game."""
    game = load("reversis", deals=1)
    state = played(game, seed, steps)
    head, lines = pyspiel.serialize_game_and_state(game, state).split("[State]\n", 1)
    return game, state, head + "[State]\n", lines.rstrip("\n").split("\n")


class Carrier:
    """Pickles as the adapter's own box does: the record's JSON given to ``_unbox``."""

    def __init__(self, record_json: str) -> None:
        self.record_json = record_json

    def __reduce__(self):
        return (osp._unbox, (self.record_json,))


def _pickled_line(box: object) -> str:
    """A ``__dict__=`` line as OpenSpiel writes it, its ``_box`` attribute ``box`` pickled."""
    return "__dict__=" + base64.b64encode(pickle.dumps({"_box": box})).decode()


def _refused_both_ways(game, head: str, lines: list[str], match: str) -> None:
    """The three lines are refused by the game's deserialize_state and by OpenSpiel's own
    reading (deserialize_game_and_state), with StateStringError naming what is wrong."""
    from academie.core.errors import StateStringError

    text = "\n".join(lines)
    with pytest.raises(StateStringError, match=match):
        game.deserialize_state(text)
    with pytest.raises(StateStringError, match=match):
        pyspiel.deserialize_game_and_state(head + text)


def test_a_history_line_changed_is_refused():
    """The last action of the history= line replaced by 9999 was accepted: history()[-1] said
    9999 while the wrapped state's last action was another."""
    game, state, head, (history, number, attributes) = _serialised()
    last = state.history()[-1]
    changed = history.rsplit(":", 1)[0] + ":9999"
    _refused_both_ways(game, head, [changed, number, attributes],
                       rf"history item 80 is \d:9999 where the record replays \d:{last}")
    dropped = history.rsplit(",", 1)[0]
    _refused_both_ways(game, head, [dropped, number, attributes], "79 items, the replay 80")
    from academie.core.errors import StateStringError

    with pytest.raises(StateStringError, match="history item 1 is '0:x', not player:action"):
        game.deserialize_state("\n".join(["history=0:x", number, attributes]))  # (OpenSpiel's reading: its own error)


def test_a_move_number_changed_is_refused():
    game, _, head, (history, _, attributes) = _serialised()
    for bad in ("-5", "79", "81"):
        _refused_both_ways(game, head, [history, f"move_number={bad}", attributes],
                           f"move_number is {bad}, the record replays 80")
    from academie.core.errors import StateStringError

    with pytest.raises(StateStringError, match="move_number is '8x', not an integer"):
        game.deserialize_state("\n".join([history, "move_number=8x", attributes]))


def test_a_record_holding_other_hidden_cards_is_refused():
    """A pickled record whose deal gives other cards to the hidden hands (two cards dealt to two
    other seats swapped), under the real history= line, was accepted."""
    game, state, head, (history, number, _) = _serialised()
    record = state.to_record()
    deck = list(record.decks[0])
    deck[1], deck[2] = deck[2], deck[1]  # the second and third cards go to other seats
    other = record.model_copy(update={"decks": [deck]})
    assert from_record(other).history != state.academie_state.history  # a state of its own
    _refused_both_ways(game, head, [history, number, _pickled_line(Carrier(other.dumps()))], "history item 2 is -1:")


def test_a_truncated_string_is_refused_with_our_error():
    """A truncated string raised a raw UnpicklingError; now every cut gives StateStringError."""
    from academie.core.errors import StateStringError

    game, state, _, lines = _serialised()
    for text in ("\n".join(lines), state.serialize()):
        for cut in range(0, len(text), max(1, len(text) // 97)):
            with pytest.raises(StateStringError, match="not a serialised state of this game"):
                game.deserialize_state(text[:cut])


RAN: list[str] = []


def _ran(what: str) -> None:
    RAN.append(what)


class Plain:
    """A class of this module: the reading finds none."""


def test_a_crafted_pickle_runs_nothing():
    """The adapter unpickled whatever it was given: a crafted __dict__ line ran code. Its
    reading knows no function but the record's text."""
    from academie.core.errors import StateStringError

    class Crafted:
        def __reduce__(self):
            return (_ran, ("crafted",))

    game, _, _, (history, number, _) = _serialised()
    for attributes in (_pickled_line(Crafted()), _pickled_line(Carrier(5)), _pickled_line(5), _pickled_line(Plain()),
                       "__dict__=" + base64.b64encode(pickle.dumps({"_box": "{}", "other": 1})).decode()):
        with pytest.raises(StateStringError, match="__dict__ line"):
            game.deserialize_state("\n".join([history, number, attributes]))
    assert RAN == []


def test_a_record_json_corrupted_is_refused():
    """The record's JSON (what state.serialize() writes) is checked all through: an action, a
    chance outcome, the result, an undealt card of a finished deal, another table."""
    from academie.core.errors import StateStringError

    game = load("reversis", deals=1)
    over = played(game, 4, 10_000)
    assert over.is_terminal()
    record = over.to_record()
    deck = list(record.decks[0])
    renamed = [p.model_copy(update={"name": f"x{k}"}) for k, p in enumerate(record.players)]
    fifth = record.players[0].model_copy(update={"name": "seat 4"})
    cases = {
        "cannot be played": record.model_copy(update={"actions": [*record.actions[:-1], "pass"]}),
        "cannot be dealt": record.model_copy(update={"decks": [[deck[1], *deck[1:]]]}),
        "record's result is not what its replay writes": record.model_copy(update={"result": {"returns": [0.0] * 4}}),
        "record's players is not": record.model_copy(update={"players": renamed}),
        "it is a state of 5 players": record.model_copy(update={"num_players": 5, "players": [*record.players, fifth]}),
        "option deals is 2": record.model_copy(
            update={"options": {**record.options, "deals": 2}, "complete": False, "result": None}),
    }
    for match, bad in cases.items():
        with pytest.raises(StateStringError, match=match):
            game.deserialize_state(bad.dumps())
    with pytest.raises(StateStringError, match="it is a state of 'blason'"):
        game.deserialize_state(played(load("blason"), 1, 5).serialize())
    with pytest.raises(StateStringError, match="longer than 32 MiB"):
        game.deserialize_state("{" + " " * 2**25)
    for not_text in (b"{}", 5, None, ["history="]):
        with pytest.raises(StateStringError, match=f"expected a str, got {type(not_text).__name__}"):
            game.deserialize_state(not_text)
    assert game.deserialize_state(over.serialize()).returns() == over.returns()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_match_resamples_from_every_infostate(game_id):
    """At a finished Reversis match resample_from_infostate raised SamplingError (after 50,000
    proposals); every game now samples its end, each player's information kept."""
    game = load(game_id)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(2):
        state = played(game, seed, 10_000)
        assert state.is_terminal()
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.is_terminal() and other.returns() == state.returns()
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)


def test_actions_that_are_no_integer_or_not_legal_are_refused_with_our_error():
    """True was taken for action 1 and False for 0 (pybind reads a bool as an int), and
    ``action_to_string(player, True)`` named action 1; a negative or huge action gave OpenSpiel's
    SpielError or pybind's TypeError. Now each is our IllegalActionError, naming the legal
    actions, with the state as it was; a numpy integer is still read as the int it is."""
    from academie.core.errors import IllegalActionError

    game = load("blason", players=2)
    state = played(game, 1, 3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    assert 0 in legal  # the throw: False would have been taken for it
    before = state.serialize()
    for bad in (False, True, np.bool_(False), 0.0, 1.5, "0", None, -1, 2**63, 10**30, np.int64(-1)):
        with pytest.raises(IllegalActionError, match="legal: throw"):
            state.apply_action(bad)
        assert state.serialize() == before
    for bad in (False, True, 0.0):
        with pytest.raises(IllegalActionError, match="an action is an int, not"):
            state.action_to_string(state.current_player(), bad)
        with pytest.raises(IllegalActionError, match="an action is an int, not"):
            state.action_to_string(bad)
    assert state.action_to_string(state.current_player(), np.int64(0)) == state.action_to_string(0) == "throw"
    state.apply_action(np.int64(0))
    assert state.history()[-1] == 0
