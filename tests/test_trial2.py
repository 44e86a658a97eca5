"""Faults found by a second trial: records read strictly, seeds and names checked, replay
validating before it narrates, and messages that give both bounds."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.errors import RecordError
from academie.core.record import GameRecord, replay
from academie.games import GAMES, get_game
from tests.test_records import played_record

runner = CliRunner()
T31 = get_game("trente-et-un")


def _edited(**changes) -> str:
    record, _ = played_record(seed=4, players=3)
    data = json.loads(record.dumps())
    for key, value in changes.items():
        if key == "options":
            data["options"].update(value)
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("lives", "1", "record option 'lives' must be an integer, not \"1\""),
        ("lives", 1.0, "record option 'lives' must be an integer, not 1.0"),
        ("lives", True, "record option 'lives' must be an integer, not true"),
        ("no_knock_first_round", "false", "record option 'no_knock_first_round' must be true or false, not \"false\""),
        ("no_knock_first_round", 0, "record option 'no_knock_first_round' must be true or false, not 0"),
        ("brelan", 30.5, "record option 'brelan' must be a string (\"off\" or \"30.5\" or \"30\"), not 30.5"),
    ],
)
def test_record_options_are_read_in_their_json_types(option, value, message):
    record = GameRecord.loads(_edited(options={option: value}))
    with pytest.raises(RecordError) as err:
        replay(record, T31)
    assert str(err.value) == message


def test_records_written_by_the_program_keep_their_option_types_valid():
    for game in GAMES.values():
        options = game.parse_options({}).model_dump()
        from academie.core.options import check_json_types

        check_json_types(game.options_model, json.loads(json.dumps(options)))
    record, _ = played_record(seed=4, players=3, brelan="30.5", lives=2)
    assert json.loads(record.dumps())["options"]["brelan"] == "30.5"
    assert replay(GameRecord.loads(record.dumps()), T31).options.brelan == "30.5"
    reversis = get_game("reversis")
    from academie.core.options import check_json_types

    with pytest.raises(Exception, match="record option 'deck' must be a string"):
        check_json_types(reversis.options_model, {"deck": 48})
    check_json_types(reversis.options_model, {"deck": "48"})


def test_the_command_line_still_reads_option_strings():
    assert T31.parse_options({"lives": "4", "no_knock_first_round": "false"}).lives == 4


def test_replay_command_refuses_a_loose_option_with_one_line_and_exit_2(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(_edited(options={"lives": "1"}), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == "error: record option 'lives' must be an integer, not \"1\""


@pytest.mark.parametrize("seed", [-1, -(2**62), 2**63])
def test_a_record_seed_lies_from_0_to_2_63_minus_1(seed):
    with pytest.raises(RecordError, match="a seed is an integer from 0 to 9223372036854775807"):
        GameRecord.loads(_edited(seed=seed))
    assert GameRecord.loads(_edited(seed=2**63 - 1)).seed == 2**63 - 1


def test_command_line_seed_and_delay_errors_give_both_bounds():
    result = runner.invoke(app, ["play", "trente-et-un", "--demo", "--seed", "-1"])
    assert result.exit_code == 2
    assert "from 0 to 9223372036854775807" in result.output
    for delay in ("-1", "nan", "61"):
        result = runner.invoke(app, ["play", "trente-et-un", "--demo", "--delay", delay])
        assert result.exit_code == 2
        assert "from 0 to 60" in result.output, result.output


@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\u2028", "\u2029", "\u00ad"])
def test_player_names_hold_no_format_or_separator_character(char):
    data = json.loads(_edited())
    data["players"][0]["name"] = f"A{char}nn"
    with pytest.raises(RecordError, match="no control, format or separator character"):
        GameRecord.loads(json.dumps(data))


def test_two_players_may_not_share_a_name():
    data = json.loads(_edited())
    data["players"][1]["name"] = data["players"][0]["name"]
    with pytest.raises(RecordError, match="two players are named 'P0'"):
        GameRecord.loads(json.dumps(data))


def test_duplicate_keys_are_refused():
    text = _edited().replace('"seed": 4', '"seed": 5, "seed": 4', 1)
    assert text.count('"seed"') == 2
    with pytest.raises(RecordError, match="key 'seed' is given twice"):
        GameRecord.loads(text)
    inner = _edited().replace('"lives": 3', '"lives": 3, "lives": 2', 1)
    with pytest.raises(RecordError, match="key 'lives' is given twice"):
        GameRecord.loads(inner)


def test_replay_of_a_refused_record_prints_only_the_error(tmp_path):
    data = json.loads(_edited())
    data["actions"].append("knock")  # one action past the end of the match
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: "), result.output
