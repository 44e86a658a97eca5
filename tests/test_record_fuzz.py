"""Records from outside: every bad record gets a one-line RecordError, never a traceback, and is
refused rather than accepted when the replay contradicts it. A hypothesis fuzzer mutates valid
records of every game (bounded: a few seconds in all)."""

from __future__ import annotations

import json
import random
import time
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.errors import RecordError
from academie.core.record import MAX_RECORD_BYTES, GameRecord, replay
from academie.games import get_game
from tests.record_fuzz import GAME_IDS, judge, mutate, valid_records


@cache
def bases(game_id: str) -> tuple[str, ...]:
    return tuple(json.dumps(r) for r in valid_records(game_id))


def base(game_id: str, which: int = 0) -> dict:
    """0: finished, seeded; 1: finished, stacked decks; 2: unfinished."""
    return json.loads(bases(game_id)[which])


def refused(data: dict | str, match: str = "") -> str:
    """The one-line RecordError that loading and replaying ``data`` gives."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as err:
        record = GameRecord.loads(text)
        replay(record, get_game(record.game))
    message = str(err.value)
    assert "\n" not in message and len(message) <= 300, message
    if match:
        assert match in message, message
    return message


def accepted(data: dict):
    record = GameRecord.loads(json.dumps(data))
    return replay(record, get_game(record.game))


# --- the fuzzer ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_mutated_records_are_refused_cleanly_or_replay_consistently(game_id, rng):
    mutant = mutate(json.loads(random.Random(rng.random()).choice(bases(game_id))), rng)
    verdict = judge(mutant)
    assert verdict.outcome in ("refused", "accepted"), verdict.detail


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_valid_records_replay(game_id):
    for which in range(3):
        state = accepted(base(game_id, which))
        assert state.is_terminal() == (which < 2)


# --- malformed values -----------------------------------------------------------------------------

@pytest.mark.parametrize("returns", [5, "1", {"a": 1}, [True, False], ["x"], None])
def test_result_returns_must_be_a_list_of_numbers(returns):
    data = base("trente-et-un")
    data["result"]["returns"] = returns
    refused(data, "returns")


@pytest.mark.parametrize("field", ["options", "actions", "players", "result", "decks"])
def test_nesting_deeper_than_json_allows_is_refused(field):
    text = json.dumps(dict(base("reversis"), **{field: "@"})).replace('"@"', "[" * 5000 + "]" * 5000)
    refused(text, "not JSON")


@pytest.mark.parametrize("field", ["seed", "num_players", "game_version"])
@pytest.mark.parametrize("digits", [25, 4301, 5000])
def test_huge_integers_are_refused_in_one_line(field, digits):
    text = json.dumps(dict(base("blason"), **{field: "@"})).replace('"@"', "7" * digits)
    message = refused(text)
    assert "777777777777" not in message


@pytest.mark.parametrize("name", ["\\ud800", "\\udfff", "a\\u0000b", "a\\nb", ""])
def test_a_player_name_with_a_lone_surrogate_or_control_character_is_refused(name):
    text = json.dumps(base("trente-et-un")).replace('"P1"', f'"{name}"', 1)
    message = refused(text)
    assert "players.1.name" in message or "not JSON" in message  # JSON itself refuses lone surrogates


def test_a_long_player_name_is_refused_at_once():
    data = base("trente-et-un")
    data["players"][1]["name"] = "x" * 1_000_000
    start = time.perf_counter()
    refused(data, "players.1.name")
    assert time.perf_counter() - start < 30  # a guard against quadratic work, loose for busy machines


def test_names_with_markup_characters_are_kept_as_written():
    data = base("guimbarde")
    data["players"][1]["name"] = "[bold]x[/]"
    data["players"][2]["name"] = "[/]"
    record = GameRecord.loads(json.dumps(data))
    assert [p.name for p in record.players][1:3] == ["[bold]x[/]", "[/]"]
    assert replay(record, get_game("guimbarde")).is_terminal()


@pytest.mark.parametrize(
    "field, value",
    [("game_version", True), ("game_version", "1"), ("game_version", 1.0), ("seed", "7"), ("seed", 7.0),
     ("complete", 0), ("complete", "true"), ("num_players", "3"), ("num_players", True),
     ("format_version", True), ("format_version", 1.0), ("format", "academie")],
)
def test_records_are_read_strictly(field, value):
    refused(dict(base("trente-et-un"), **{field: value}), field)


@pytest.mark.parametrize("seed", [2**63, -(2**63), 10**30])
def test_a_seed_out_of_range_is_refused(seed):
    refused(dict(base("trente-et-un"), seed=seed), "seed")


def test_unknown_fields_are_refused_in_the_result_too():
    data = base("belle-flux-trente-un")
    data["result"]["winner"] = 1
    refused(data, "winner")


# --- records the replay contradicts ---------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_complete_false_on_a_finished_match_is_refused(game_id):
    refused(dict(base(game_id), complete=False, result=None), "not complete, but it is over")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_result_on_an_unfinished_match_is_refused(game_id):
    finished, unfinished = base(game_id), base(game_id, 2)
    refused(dict(unfinished, result=finished["result"]), "gives a result, but the match is not over")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_result_statistics_that_differ_from_the_replay_are_refused(game_id):
    data = base(game_id)
    stats = data["result"]["statistics"]
    key = next(k for k, v in sorted(stats.items()) if isinstance(v, int) and not isinstance(v, bool))
    stats[key] += 1
    refused(data, f"statistics differ from the replay: '{key}'")
    stats[key] -= 1
    stats["invented"] = 0
    refused(data, "'invented'")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_result_without_statistics_is_still_checked(game_id):
    data = base(game_id)
    del data["result"]["statistics"]
    assert accepted(data).is_terminal()
    data["result"]["returns"] = [r + 1 for r in data["result"]["returns"]]
    refused(data, "differs from the replay")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("kind", ["alien", "Human", "HEURISTIC", "bot", "genius"])
def test_an_unknown_player_kind_is_refused(game_id, kind):
    data = base(game_id)
    data["players"][1]["kind"] = kind
    refused(data, "players[1] is of kind")


def test_known_kinds_are_human_and_the_games_bots():
    data = base("reversis")
    data["players"][0]["kind"], data["players"][1]["kind"] = "heuristic", "human"
    assert accepted(data).is_terminal()


def test_a_bot_spec_as_long_as_a_spec_may_be_is_a_kind_and_a_longer_one_is_refused():
    data = base("reversis")
    spec = "ismcts:iterations=300:rollout=heuristic:worlds=30:others=rollout:infer=heuristic:candidates=16"
    data["players"][0]["kind"] = spec
    assert 60 < len(spec) <= 100 and accepted(data).is_terminal()
    data["players"][0]["kind"] = spec + ":c=0.70000"
    refused(data, "100 characters")


# --- stacked decks ---------------------------------------------------------------------------------

CARD_GAMES = [g for g in GAME_IDS if g != "blason"]


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_card_stacked_twice_past_the_dealt_part_is_refused(game_id):
    data = base(game_id, 1)
    deck = data["decks"][0]
    deck[-1] = deck[-2]  # the end of the pack is never dealt
    refused(data, "deal 1")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("junk", ["ZZ", "11H", "²", "١٢", "0", "9" * 30])
def test_junk_past_the_dealt_part_is_refused(game_id, junk):
    data = base(game_id, 1)
    data["decks"][0].append(junk)
    message = refused(data)
    assert "deal 1" in message or "misdeal" in message, message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_valid_outcomes_past_the_pack_that_a_finished_deal_never_uses_are_refused(game_id):
    data = base(game_id, 1)
    deck = data["decks"][0]
    deck.append(deck[5])
    message = refused(data)
    assert "never dealt" in message or "misdeal" in message, message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deck_of_a_million_outcomes_is_refused_in_linear_time(game_id):
    data = base(game_id, 1)
    data["decks"][0] += [data["decks"][0][5]] * 1_000_000
    start = time.perf_counter()
    refused(data)
    assert time.perf_counter() - start < 60  # a guard against quadratic work, loose for busy machines


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deck_for_a_deal_never_reached_is_refused(game_id):
    data = base(game_id, 1)
    reached = len(data["decks"])
    data["decks"].append(list(data["decks"][0]))
    refused(data, f"deck for deal {reached + 1}, which the match never reached")
    data = base(game_id)  # seeded, with empty placeholders past the end
    data["decks"] = [[] for _ in range(reached + 3)]
    refused(data, "never reached")


def test_the_existing_stacked_decks_still_replay():
    for game_id in GAME_IDS:
        assert accepted(base(game_id, 1)).is_terminal()


def test_blason_throws_are_ascii_digits():
    state = get_game("blason").new_initial_state(2)
    state.apply_string("throw")
    for text in ("²", "١٢", "٧", "7" * 5000, "+7", " 7x", "007"):
        with pytest.raises(RecordError.__mro__[1]) as err:  # AcademieError (IllegalActionError)
            state.string_to_action(text)
        assert len(str(err.value)) < 300
    assert state.string_to_action(" 7 ") == 107
    assert state.string_to_action("12") == 112


# --- files and the command line --------------------------------------------------------------------

def test_replay_of_an_endless_file_reads_a_bounded_amount(tmp_path):
    start = time.perf_counter()
    with pytest.raises(RecordError, match="larger than 16 MiB"):
        GameRecord.load("/dev/zero")
    assert time.perf_counter() - start < 60  # a guard against quadratic work, loose for busy machines
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="larger than 16 MiB"):
        GameRecord.load(big)


def test_a_record_of_16_mib_costs_linear_time(tmp_path):
    data = base("trente-et-un", 2)
    data["actions"] = data["actions"] + ["stock"] * 1_500_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    assert path.stat().st_size < MAX_RECORD_BYTES
    start = time.perf_counter()
    with pytest.raises(RecordError, match="cannot be played"):
        replay(GameRecord.load(path), get_game("trente-et-un"))
    assert time.perf_counter() - start < 60  # a guard against quadratic work, loose for busy machines


@pytest.mark.parametrize(
    "mutation",
    [
        lambda d: d["result"].update(returns=5),
        lambda d: d.update(seed="7"),
        lambda d: d["players"][0].update(kind="alien"),
        lambda d: d.update(complete=False),
        lambda d: d["actions"].append("z" * 39),
        lambda d: d["options"].update(lives="x" * 1000),
    ],
)
def test_the_replay_command_gives_one_short_line_and_a_non_zero_exit(tmp_path, mutation):
    data = base("trente-et-un")
    mutation(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and len(errors[0]) <= 320, result.output
    assert result.output.rstrip().endswith(errors[0])


def test_the_replay_command_refuses_dev_zero():
    result = CliRunner().invoke(app, ["replay", "/dev/zero"])
    assert result.exit_code != 0 and "larger than 16 MiB" in result.output


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("junk", ["ZZ", "13", "١٢"])
def test_junk_in_a_deck_no_action_reaches_is_refused_up_front(game_id, junk):
    data = base(game_id, 2)
    data.update(seed=None, actions=[], decks=[[junk]])  # blason: no throw, no chance node reached
    refused(data, f"stacked deck, deal 1, position 1: {junk!r}")
    data.update(seed=3, decks=[[], ["ZZ"]])  # a later deal the record never reaches
    refused(data, "stacked deck, deal 2, position 1: 'ZZ' is not")


def test_a_blason_dice_total_out_of_range_is_refused_with_no_throw():
    data = base("blason", 2)
    data.update(seed=None, actions=[], decks=[["13"]])
    assert refused(data) == "stacked deck, deal 1, position 1: '13' is not a dice total (2–12)"
