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
    bad_last = _edited().replace('"format": "academie-record"', '"format": "academie-record", "format": "x"', 1)
    with pytest.raises(RecordError, match="key 'format' is given twice"):  # not: format should be …
        GameRecord.loads(bad_last)


def test_replay_of_a_refused_record_prints_only_the_error(tmp_path):
    data = json.loads(_edited())
    data["actions"].append("knock")  # one action past the end of the match
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: "), result.output


# --- a bad outcome in a stacked deck says what an outcome is ------------------------------------
@pytest.mark.parametrize("gid", ["trente-et-un", "belle-flux-trente-un"])
def test_a_bad_card_in_a_stacked_deck_says_it_is_not_a_card_code(gid):
    from academie.core.record import PlayerRecord

    game = get_game(gid)
    record = GameRecord(
        game=gid, game_version=game.info.version, num_players=3,
        players=[PlayerRecord(name=f"P{s}", kind="random") for s in range(3)], decks=[["ZZ"]],
    )
    with pytest.raises(RecordError) as err:
        replay(record, game)
    assert str(err.value) == "stacked deck, deal 1, position 1: 'ZZ' is not a card code (e.g. AS, 10H, TH)"


@pytest.mark.parametrize("throw", ["13", "x", "²", "0"])
def test_a_bad_throw_in_a_stacked_deck_says_it_is_not_a_dice_total(throw):
    from academie.core.record import PlayerRecord

    game = get_game("blason")
    record = GameRecord(
        game="blason", game_version=game.info.version, num_players=2,
        players=[PlayerRecord(name="A", kind="random"), PlayerRecord(name="B", kind="random")],
        decks=[["7", throw]], actions=["throw", "throw"],
    )
    with pytest.raises(RecordError) as err:
        replay(record, game)
    assert str(err.value) == f"stacked deck, deal 1, position 2: {throw!r} is not a dice total (2–12)"


# --- Blason: a payment line comes right after the throw that causes it ----------------------------
def test_blason_payment_comes_before_the_turns_passed_over(tmp_path):
    path = tmp_path / "b.json"
    made = runner.invoke(app, ["play", "blason", "--demo", "--players", "3", "--seed", "3", "-o", "counters=3",
                               "--record", str(path)])
    assert made.exit_code == 0, made.output
    lines = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "400"}).output.splitlines()
    throw = next(i for i, line in enumerate(lines) if "18 Bastien throws 7" in line)
    assert "couronne: pays and goes to 26" in lines[throw]
    assert lines[throw + 1].startswith("  Bastien puts 1 jeton into the pot — square 54, couronne")
    assert lines[throw + 2] == "Camille rests (2 of 2)."
    # every throw's payments follow it at once: no payment line after a passed-over turn
    for i, line in enumerate(lines[1:], 1):
        if "into the pot — square" in line:
            assert "throws" in lines[i - 1] or "into the pot" in lines[i - 1], lines[i - 1 : i + 1]


# --- tables: shown cards still in hand, one minus sign, "1 jeton" ---------------------------------
def _plain(renderable, width: int = 200) -> str:
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_guimbarde_table_shows_beside_a_player_only_the_shown_cards_still_in_hand():
    from dataclasses import replace

    from academie.cards import parse_card
    from academie.presentation.render import guimbarde as render
    from academie.core.chance import SeededChance
    from academie.core.runner import advance_chance

    state = get_game("guimbarde").new_initial_state(3)
    advance_chance(state, SeededChance(1))
    kh, qh = parse_card("KH"), parse_card("QH")
    view = replace(state.public_view(), shown=((kh, qh), (), ()))
    text = _plain(render.render_turn(view, ["Anne", "Bastien", "Camille"]))
    assert "shows Q♥ K♥" in text or "shows K♥ Q♥" in text
    played = replace(view, log=(*view.log, ("play", 0, kh)))
    text = _plain(render.render_turn(played, ["Anne", "Bastien", "Camille"]))
    assert "K♥" not in text.split("Turned:")[0] and "shows Q♥" in text
    gone = replace(played, log=(*played.log, ("play", 0, qh)))
    assert "shows" not in _plain(render.render_turn(gone, ["Anne", "Bastien", "Camille"]))


def test_blason_table_says_1_jeton_and_writes_negatives_with_one_minus_sign():
    from dataclasses import replace

    from academie.presentation.render import blason as render
    from academie.presentation.render.common import jetons, number, signed

    state = get_game("blason").new_initial_state(3)
    view = replace(state.public_view(), counters=(1, -3, 0), pot=1)
    text = _plain(render.render_turn(view, ["Anne", "Bastien", "Camille"]))
    assert "1 jeton " in text or "1 jeton\n" in text or "1 jeton│" in text
    assert "1 jetons" not in text and "Pot: 1 jeton" in text
    assert "−3 jetons" in text and "-3" not in text
    assert (number(-3), signed(-3), jetons(-1)) == ("−3", "−3", "−1 jeton")


def test_ascii_terminal_writes_the_minus_sign_as_a_hyphen():
    from academie.presentation.render.common import jetons, signed
    from academie.cli.terminal import to_ascii

    assert to_ascii(jetons(-3)) == "-3 jetons" and to_ascii(signed(-6)) == "-6"


def test_replay_json_gives_the_lives_log_with_reasons(tmp_path):
    path = tmp_path / "t.json"
    made = runner.invoke(app, ["play", "trente-et-un", "--demo", "--players", "3", "--seed", "7", "--record", str(path)])
    assert made.exit_code == 0, made.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    lost = sum(e["lives"] for e in data["lives"] if e["kind"] == "lives")
    assert lost >= 3 * 2  # two of three players lose their three lives at least
    first = data["lives"][0]
    assert first["deal"] == 1 and first["kind"] == "lives"
    assert "« Règles de Trente et un »" in first["reason"] and "[003]" not in first["reason"]
    assert {e["kind"] for e in data["lives"]} >= {"lives", "bus", "out"}
    text = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "300"}).output
    assert text.count(" loses 1 life — ") + text.count(" loses 2 lives — ") >= 1
    assert " is out of the match — " in text


# --- Trente et un: one line per draw, the person's draws retold from his seat ---------------------
def test_a_draw_is_told_once_with_its_card_and_retold_so_after_resume(tmp_path):
    path = tmp_path / "r.json"
    first = runner.invoke(app, ["play", "trente-et-un", "--seed", "5", "--record", str(path)], input="s\n6S\nquit\n")
    assert first.exit_code == 0, first.output
    assert first.output.count("You draw 4♣ from the stock.") == 1
    assert "You draw from the stock." not in first.output and "You draw 4♣." not in first.output
    again = runner.invoke(app, ["play", "--resume", str(path)], input="s\nquit\n")
    assert again.exit_code == 0, again.output
    assert again.output.count("You draw 4♣ from the stock.") == 1  # retold from the person's seat
    assert again.output.count("You draw 10♦ from the stock.") == 1
    assert "You draw from the stock." not in again.output and "You draw 10♦." not in again.output
    assert "Bastien draws from the stock." in again.output  # another seat's card stays hidden



def test_an_outcome_that_cannot_be_dealt_now_is_told_without_the_list_of_every_outcome():
    from types import SimpleNamespace

    from academie.core.chance import StackedChance
    from academie.core.errors import IllegalActionError, StackedDeckError

    class Fake:
        match = SimpleNamespace(deal_number=0)

        def check_stacked_deck(self, outcomes):
            pass

        def stacked_deck_room(self):
            return 52

        def outcome_notation_error(self, text):
            return None

        def string_to_action(self, text):
            raise IllegalActionError(f"{text!r} is not a legal action now (already dealt); legal: 2S, 3S, 4S", text, ())

    with pytest.raises(StackedDeckError) as err:
        StackedChance([["AS"]]).choose(Fake())
    assert str(err.value) == "stacked deck, deal 1, position 1: 'AS' cannot be dealt now ('AS' is not a legal action now (already dealt))"
