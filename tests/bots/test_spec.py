"""Bot specs: a bot's name with parameters after colons, validated with clear errors."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from academie.bots import bot_names, bot_spec, has_decisions, make_bot
from academie.bots.ismcts import ISMCTSBot
from academie.bots.spec import parse_spec
from academie.cli.app import app, split_bots
from academie.core.errors import OptionError, RecordError, UnknownBotError
from academie.core.record import GameRecord, PlayerRecord, replay
from academie.games import GAMES, get_game

runner = CliRunner()


def test_plain_names_still_make_their_bots():
    assert make_bot("heuristic", "reversis", 1).name == "heuristic"
    assert make_bot("random", "blason", 1).name == "random"
    assert make_bot(" random ", "reversis").name == "random"


def test_a_spec_sets_the_bots_parameters():
    bot = make_bot("ismcts:iterations=250:c=1.5:rollout=heuristic", "guimbarde", 3)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.c, bot.policy, bot.seconds, bot.game_id) == (250, 1.5, "heuristic", 1.0, "guimbarde")
    default = make_bot("ismcts", "guimbarde")
    assert (default.iterations, default.c, default.policy) == (1000, 0.7, "random")
    assert make_bot("ismcts:seconds=0.25", "reversis").seconds == 0.25


def test_the_canonical_spec_orders_the_parameters_as_the_bot_declares_them():
    assert bot_spec("ismcts : rollout=heuristic : iterations=0300", "reversis") == "ismcts:iterations=300:rollout=heuristic"
    assert bot_spec("ismcts:c=1.0", "reversis") == "ismcts:c=1"
    assert bot_spec("ismcts:seconds=0.5", "reversis") == "ismcts:seconds=0.5"
    assert parse_spec("ismcts:c=2.5", "reversis").params == {"c": 2.5}


def test_ismcts_is_offered_for_every_game_with_decisions_and_only_those():
    for gid in GAMES:
        assert ("ismcts" in bot_names(gid)) == has_decisions(gid), gid
    assert {gid for gid in GAMES if has_decisions(gid)} >= {"trente-et-un", "belle-flux-trente-un", "reversis", "guimbarde"}
    assert not has_decisions("blason") and not has_decisions("no-such-game")


@pytest.mark.parametrize(
    "spec, message",
    [
        ("genius", "unknown bot 'genius' for reversis; the bots are: easy, hard, heuristic, ismcts, medium, random"),
        ("ismcts:depht=3", "ismcts has no parameter 'depht'; its parameters are: iterations, seconds, c, rollout, worlds"),
        ("ismcts:iterations", "parameter 'iterations' must be written key=value, e.g. ismcts:iterations=1000"),
        ("ismcts:=3", "must be written key=value"),
        ("ismcts:iterations=0", "iterations must be an integer from 1 to 1000000, not '0'"),
        ("ismcts:iterations=2.5", "iterations must be an integer from 1 to 1000000, not '2.5'"),
        ("ismcts:iterations=10000000", "iterations must be an integer from 1 to 1000000"),
        ("ismcts:seconds=0", "seconds must be a number greater than 0 to 3600, not '0'"),
        ("ismcts:c=nan", "c must be a number from 0 to 100, not 'nan'"),
        ("ismcts:c=-1", "c must be a number from 0 to 100"),
        ("ismcts:rollout=smart", "rollout must be one of random, heuristic, not 'smart'"),
        ("ismcts:c=1:c=2", "parameter 'c' is given twice"),
        ("heuristic:c=1", "heuristic takes no parameters"),
        ("random:", "random takes no parameters"),
        ("ismcts:" + "c=1:" * 30, "'ismcts:" + "c=1:" * 13 + "c…' (127 characters) is longer than 100 characters"),
        ("ismcts:candidates=16", "candidates works only with infer=heuristic, not infer=none; add infer=heuristic"),
        ("ismcts:infer=mcmc:candidates=8", "candidates works only with infer=heuristic, not infer=mcmc"),
        ("ismcts:infer=heuristic:moves=5", "moves works only with infer=mcmc, not infer=heuristic"),
        ("ismcts:moves=10", "moves works only with infer=mcmc, not infer=none"),
        ("ismcts:infer=mcmc:moves=0", "moves must be an integer from 1 to 1000"),
        ("ismcts:paired=yes", "paired works only with rollout=heuristic, not rollout=random; add rollout=heuristic"),
        ("ismcts:rollout=heuristic:margin=2", "margin works only with paired=yes, not paired=no; add paired=yes"),
        ("ismcts:rollout=heuristic:paired=yes:margin=-1", "margin must be a number from 0 to 100, not '-1'"),
        ("ismcts:rollout=heuristic:paired=yes:c=0.3", "c has no effect with paired=yes (no tree is searched)"),
        ("ismcts:rollout=heuristic:paired=yes:depth=1", "depth has no effect with paired=yes"),
        ("ismcts:rollout=heuristic:paired=yes:others=rollout", "others has no effect with paired=yes"),
        ("ismcts:iterations=\uff11\uff12", "iterations must be an integer from 1 to 1000000, not '\uff11\uff12'"),
        ("ismcts:c=\u0661", "c must be a number from 0 to 100"),  # an Arabic-Indic one, which float() takes
    ],
)
def test_bad_specs_are_refused_naming_what_is_legal(spec, message):
    with pytest.raises(UnknownBotError) as info:
        make_bot(spec, "reversis")
    assert message in str(info.value)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("heuristic:knock_at=33", "knock_at must be a number from 0 to 32, not '33'"),
        ("heuristic:patience=1", "heuristic has no parameter 'patience'; its parameters are: knock_at, knock_floor, cut_at"),
        ("ismcts:own=heuristic", "own works only with paired=yes, not paired=no; add paired=yes"),
        ("ismcts:rollout=heuristic:paired=yes:own=ismcts",
         "ismcts: own=ismcts: unknown bot 'ismcts' for trente-et-un; the bots are: heuristic, random"),
        ("ismcts:rollout=heuristic:paired=yes:own=heuristic/knock_at=40",
         "ismcts: own=heuristic/knock_at=40: bot spec 'heuristic:knock_at=40': knock_at must be a number from 0 to 32"),
        ("ismcts:rollout=heuristic:paired=yes:own=heuristic/cut=1",
         "heuristic has no parameter 'cut'; its parameters are: knock_at, knock_floor, cut_at"),
        ("ismcts:rollout=heuristic:paired=yes:own=heuristic knock_at=30",
         "own must be a bot spec with / between its parts, such as heuristic/knock_at=30, not 'heuristic knock_at=30'"),
    ],
)
def test_trente_et_un_bad_specs_are_refused_naming_what_is_legal(spec, message):
    with pytest.raises(UnknownBotError) as info:
        make_bot(spec, "trente-et-un")
    assert message in str(info.value)


def test_the_trente_et_un_heuristic_takes_its_thresholds_from_the_spec():
    bot = make_bot("heuristic:knock_floor=32:cut_at=32", "trente-et-un", 1)
    assert (bot.knock_at, bot.knock_floor, bot.cut_at) == (27, 32, 32)
    assert bot_spec(" heuristic : cut_at=32 : knock_floor = 32", "trente-et-un") == "heuristic:knock_floor=32:cut_at=32"
    own = "ismcts:rollout=heuristic:paired=yes:own=heuristic/knock_floor=32/cut_at=32"
    assert bot_spec(own, "trente-et-un") == own


def test_ismcts_is_refused_where_there_is_no_decision():
    with pytest.raises(UnknownBotError, match="unknown bot 'ismcts' for blason; the bots are: random"):
        make_bot("ismcts", "blason")


def test_the_bot_refuses_bad_parameters_given_directly():
    with pytest.raises(UnknownBotError, match="iterations must be an integer"):
        ISMCTSBot("reversis", 1, iterations=0)
    with pytest.raises(UnknownBotError, match="rollout must be one of random, heuristic"):
        ISMCTSBot("reversis", 1, rollout="greedy")


def test_split_bots_keeps_commas_between_bots_and_colons_inside_a_spec():
    assert split_bots("ismcts:iterations=20:rollout=heuristic, heuristic,random,random", 4, "reversis", "--bots") == [
        "ismcts:iterations=20:rollout=heuristic", "heuristic", "random", "random"]
    assert split_bots("ismcts:c=1.0", 3, "trente-et-un", "--opponents") == ["ismcts:c=1"] * 3
    with pytest.raises(UnknownBotError, match="iterations must be"):
        split_bots("ismcts:iterations=x,random", 2, "trente-et-un", "--bots")
    with pytest.raises(OptionError, match="needs one bot name or 4"):
        split_bots("ismcts:c=1,random", 4, "reversis", "--bots")
    with pytest.raises(UnknownBotError, match="moves works only with infer=mcmc"):  # the spec's own error first
        split_bots("ismcts:moves=5,random", 4, "reversis", "--bots")


@pytest.mark.parametrize("args, message", [
    (["simulate", "reversis", "--bots", "ismcts:iterations=-5,heuristic,heuristic,heuristic"], "iterations must be an integer"),
    (["play", "guimbarde", "--opponents", "ismcts:rollout=none"], "rollout must be one of random, heuristic"),
    (["simulate", "blason", "--bots", "ismcts"], "unknown bot 'ismcts' for blason"),
])
def test_the_command_line_reports_bad_specs(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.output


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_a_parameter_without_its_infer_is_refused_before_anything_is_made(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bots = "ismcts:iterations=10:moves=10,heuristic,heuristic,heuristic"  # moves given, even at its default
    count = ["--deals", "1"] if command == "tournament" else ["--matches", "1"]
    result = runner.invoke(app, [command, "reversis", "--bots", bots, *count, "--records", "recs"])
    assert result.exit_code == 2, result.output
    assert "moves works only with infer=mcmc, not infer=none; add infer=mcmc or leave moves out" in result.output
    assert not (tmp_path / "recs").exists()


def test_a_spec_too_long_is_echoed_cut_once_with_its_length(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    spec = "ismcts:iterations=000010:worlds=1:infer=mcmc:moves=1:rollout=heuristic:" + "c=1:" * 8 + "c=1"
    result = runner.invoke(app, ["simulate", "reversis", "--bots", f"{spec},random,random,random", "--matches", "1"])
    assert result.exit_code == 2, result.output
    assert f"bot spec '{spec[:60]}…' ({len(spec)} characters) is longer than 100 characters" in " ".join(result.output.split())
    assert result.output.count("characters)") == 1


def _record(kind: str) -> GameRecord:
    return GameRecord(game="reversis", game_version=get_game("reversis").info.version, num_players=4,
                      options={}, players=[PlayerRecord(name=f"P{s}", kind=kind if s else "human") for s in range(4)],
                      seed=1, actions=[])


def test_records_keep_specs_as_the_players_kind_and_check_them():
    state = replay(_record("ismcts:iterations=40:rollout=heuristic"), get_game("reversis"))
    assert not state.is_terminal()
    with pytest.raises(RecordError, match=r"players\[1\] is of kind 'ismcts:iterations=0'.*iterations must be"):
        replay(_record("ismcts:iterations=0"), get_game("reversis"))
    with pytest.raises(RecordError, match="a player is one of human, easy, hard, heuristic, ismcts, medium, random"):
        replay(_record("genius:x=1"), get_game("reversis"))


def test_play_keeps_the_spec_in_the_record_and_resume_rebuilds_the_same_bots(tmp_path):
    path = tmp_path / "m.json"
    first = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--players", "3", "--record", str(path),
                                "--opponents", "ismcts : iterations=20 : rollout=heuristic,heuristic"], input="s\nquit\n")
    assert first.exit_code == 0, first.output
    saved = GameRecord.load(path)
    assert [p.kind for p in saved.players] == ["human", "ismcts:iterations=20:rollout=heuristic", "heuristic"]
    again = runner.invoke(app, ["play", "--resume", str(path)], input="quit\n")
    assert again.exit_code == 0, again.output
    resumed = GameRecord.load(path)
    assert [p.kind for p in resumed.players] == [p.kind for p in saved.players]
    assert resumed.actions[: len(saved.actions)] == saved.actions
