"""Game records: round trip to the same bytes, replay, and clear errors for bad records."""

from __future__ import annotations

import json

import pytest

from academie.bots import make_bot
from academie.core.chance import SeededChance
from academie.core.errors import RecordError
from academie.core.record import GameRecord, PlayerRecord, replay
from academie.core.runner import play_match
from academie.games import get_game
from tests.helpers import t31_deck

T31 = get_game("trente-et-un")


def played_record(seed: int = 4, players: int = 3, **options) -> tuple[GameRecord, object]:
    state = T31.new_initial_state(players, options)
    actions: list[str] = []
    bots = [make_bot("heuristic", T31.info.id, seed + s) for s in range(players)]
    play_match(state, SeededChance(seed), bots, actions=actions)
    record = GameRecord(
        game=T31.info.id, game_version=T31.info.version, num_players=players,
        options=T31.parse_options(options).model_dump(),
        players=[PlayerRecord(name=f"P{s}", kind="heuristic") for s in range(players)],
        seed=seed, actions=actions, complete=True,
    )
    return record, state


def test_save_load_save_gives_the_same_bytes(tmp_path):
    record, _ = played_record()
    path = record.save(tmp_path / "r.json")
    first = path.read_bytes()
    GameRecord.load(path).save(tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == first
    assert json.loads(first)["format"] == "academie-record"


def test_replay_reproduces_the_match():
    record, state = played_record(seed=9, players=4, brelan="30.5")
    again = replay(record, T31)
    assert again.is_terminal()
    assert again.history == state.history
    assert again.returns() == state.returns()
    assert again.deal_results() == state.deal_results()


def test_stacked_decks_replay_as_dealt():
    deck = t31_deck(["2S 3S 4S", "AH KH QH", "5D 6D 7D"], up="8C")
    record = GameRecord(
        game="trente-et-un", game_version=1, num_players=3,
        players=[PlayerRecord(name=n, kind="human") for n in "ABC"],
        decks=[deck], seed=1, actions=[],
    )
    state = replay(record, T31)
    first = state.results[0]
    assert first.ending == "dealt_thirty_one" and first.shown_by == 1
    assert first.lives_lost == {0: 1, 2: 1}
    assert state.match.lives == [2, 3, 2]


def test_an_illegal_action_names_its_index_the_action_and_the_legal_ones():
    record, _ = played_record()
    bad = record.model_copy(update={"actions": record.actions[:3] + ["knock", "knock"] + record.actions[5:]})
    with pytest.raises(RecordError) as err:
        replay(bad, T31)
    text = str(err.value)
    assert "actions[" in text and "'knock'" in text and "legal:" in text


def test_an_unknown_action_is_refused_with_the_legal_ones():
    record, _ = played_record()
    bad = record.model_copy(update={"actions": ["fly"] + record.actions[1:]})
    with pytest.raises(RecordError, match=r"actions\[0\] = 'fly'.*legal: stock, pile, knock"):
        replay(bad, T31)


def test_actions_after_the_end_are_refused():
    record, _ = played_record()
    bad = record.model_copy(update={"actions": record.actions + ["stock"]})
    with pytest.raises(RecordError, match="already over"):
        replay(bad, T31)


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"game": "trente-et-un"}', "game_version"),
        ('{"game": "trente-et-un", "game_version": 1, "num_players": "x", "players": []}', "num_players"),
        ('{"game": "trente-et-un", "game_version": 1, "num_players": 2, "players": [], "extra": 1}', "extra"),
    ],
)
def test_malformed_records_are_refused_with_the_field(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_a_record_of_another_version_or_with_bad_options_is_refused():
    record, _ = played_record()
    with pytest.raises(RecordError, match="version 2"):
        replay(record.model_copy(update={"game_version": 2}), T31)
    with pytest.raises(RecordError, match="lifes"):
        replay(record.model_copy(update={"options": {"lifes": 3}}), T31)
    with pytest.raises(RecordError, match="names 3 players"):
        replay(record.model_copy(update={"num_players": 4}), T31)


def test_a_stacked_card_dealt_twice_is_a_clear_error():
    record = GameRecord(
        game="trente-et-un", game_version=1, num_players=2,
        players=[PlayerRecord(name=n, kind="human") for n in "AB"],
        decks=[["AH", "AH"]], actions=["stock"],
    )
    with pytest.raises(RecordError, match="deal 1, position 2: 'AH'"):
        replay(record, T31)


def test_a_record_without_seed_or_decks_is_refused():
    record, _ = played_record()
    with pytest.raises(RecordError, match="neither a seed nor stacked decks"):
        replay(record.model_copy(update={"seed": None}), T31)


def test_a_record_that_the_replay_contradicts_is_refused():
    record, state = played_record()
    with pytest.raises(RecordError, match="complete, but it is not over"):
        replay(record.model_copy(update={"actions": record.actions[:10]}), T31)
    forged = {"returns": state.returns()[1:] + state.returns()[:1]}
    with pytest.raises(RecordError, match="differs from the replay"):
        replay(record.model_copy(update={"result": forged}), T31)
    assert replay(record.model_copy(update={"result": {"returns": state.returns()}}), T31).is_terminal()


def test_a_missing_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "nope.json")
