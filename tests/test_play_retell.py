"""What a person reads at the terminal, for every game: a match taken up again re-tells its
current deal after the standings so far, an unfinished replay ends on the standings, turns passed
over at the Blason are told, every card received at Belle-Flux is told, ``auto`` is described
once and only where it applies, ledger reasons name their source, errors wrap between words, and
the final view of a match over announces no deal that was never played."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from academie.cli.app import app
from academie.cli.narrate import reason_text
from academie.cli.play import PlaySession
from academie.presentation.render import RENDERERS, blason, guimbarde, reversis, trente_et_un
from academie.cli.terminal import print_error
from academie.core.record import GameRecord, replay
from academie.games import get_game
from tests.helpers import bft_deck, blason_state, guimbarde_deck, play, t31_state

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def console(buf: io.StringIO, width: int = 250) -> Console:
    return Console(file=buf, width=width, highlight=False, color_system=None)


def rendered(renderable, width: int = 200) -> str:
    buf = io.StringIO()
    console(buf, width).print(renderable)
    return buf.getvalue()


# --- 1. a void round of Trente et un takes no life ---------------------------------------------
def test_a_void_round_shows_no_life_lost_and_what_it_would_have_taken():
    tied = ["7S 8S 2D", "7H 8H 2C", "7D 8D 2S"]
    from tests.helpers import t31_deck

    state, chance = t31_state([t31_deck(tied, up="6C"), t31_deck(["KS QS 2H", "AD 9D 3S", "2C 3D 5H"], up="7C")],
                              players=3, lives=1, bus="none", all_out="replay")
    play(state, chance, "knock pile 6C pile 6C")
    result = state.results[0]
    assert result.void and result.lives_lost == {} and result.would_lose == {0: 1, 1: 2, 2: 1}
    text = rendered(trente_et_un.render_result(result, ["Anne", "Bastien", "Camille"]))
    rows = [re.split(r"\s*│\s*", line.strip("│ ")) for line in text.splitlines() if line.count("│") >= 5]
    assert [row[-1] for row in rows if row[0] in ("Anne", "Bastien", "Camille")] == ["0", "0", "0"]
    assert "would lose: Anne 1 life, Bastien 2 lives, Camille 1 life" in text
    assert "no life is lost" in text


# --- 2, 3, 7. a match taken up again; an unfinished replay ---------------------------------------
GAMES = [("trente-et-un", 3), ("belle-flux-trente-un", 3), ("guimbarde", 3), ("guinguette", 3), ("reversis", 4), ("blason", 3)]


def cut_demo(game_id: str, players: int, tmp_path: Path) -> tuple[Path, int, GameRecord]:
    """A demo between bots, cut three moves into its third deal (the Blason: its 12th throw),
    with seat 0 made the person's; returns the cut record's path, the deal it stops in, and the
    whole record."""
    game = get_game(game_id)
    whole = tmp_path / "demo.json"
    PlaySession(game, players, None, ["heuristic" if game_id != "blason" else "random"] * players, 4, {},
                whole, console(io.StringIO())).run()
    record = GameRecord.load(whole)
    deals: list[int] = []
    replay(record, game, lambda state, index, seat, action: deals.append(state.match.deal_number))
    target = 2 if max(deals) >= 2 else 0
    cut = deals.index(target) + 3 if target else 12
    record.actions = record.actions[:cut]
    record.complete, record.result = False, None
    record.players[0].kind = "human"
    path = tmp_path / "cut.json"
    record.save(path)
    return path, target, record


@pytest.mark.parametrize("game_id, players", GAMES)
def test_a_match_taken_up_again_retells_its_current_deal_after_the_standings(game_id, players, tmp_path):
    path, deal, record = cut_demo(game_id, players, tmp_path)
    game = get_game(game_id)
    told = runner.invoke(app, ["replay", str(path)], env=WIDE)
    assert told.exit_code == 0, told.output
    # 7: an unfinished replay ends on the standings so far
    tail = told.output.split("The record stops before the end of the match")[1]
    assert "Standings so far" in tail
    resumed = runner.invoke(app, ["play", "--resume", str(path)], input="quit\n", env=WIDE)
    assert resumed.exit_code == 0, resumed.output
    out = resumed.output
    marker = "── The race begins." if game_id == "blason" else f"── Deal {deal + 1}:"
    assert out.count(marker) == 1 and "── Deal 1:" not in out.replace(marker, "") or deal == 0
    # the current deal as the replay tells it, from its header: every line an onlooker reads
    # (the person's own moves may say more to him, the card he drew)
    current = told.output.split(marker)[1].split("The record stops")[0]
    header = told.output.split(marker)[1].splitlines()[0]
    assert marker + header in out
    state = replay(record, game)
    start = game.new_initial_state(players, {}).match
    names = [p.name for p in record.players]
    for line in current.splitlines():
        line = re.sub(r"^\s*\d+ ", "", line).rstrip()
        if line and not line.lstrip().startswith(names[0]) and "│" not in line and "╭" not in line:
            assert line in out, line
    if deal:
        standings = out.split("Standings so far")[1].split(marker)[0]
        assert out.index("Standings so far") < out.index(marker)
        assert standings.startswith(", after 2 deals:")
        if game_id != "trente-et-un":
            def net(seat: int, upto: int | None) -> int:
                return sum(e.amount if e.target == seat else -e.amount for e in state.match.ledger.entries
                           if (upto is None or e.deal < upto) and seat in (e.source, e.target))

            for seat, name in enumerate(names):
                at_start = state.match.counters[seat] - net(seat, None) + net(seat, deal)
                assert f"{name} {at_start} jetons" in standings, (name, standings)
        else:
            lost = [sum(r.lives_lost.get(s, 0) for r in state.results if r.deal < deal) for s in range(players)]
            for seat, name in enumerate(names):
                lives = start.lives[seat] - lost[seat]
                if lives > 0:
                    assert f"{name} {lives} li" in standings


def test_trente_et_un_taken_up_again_shows_the_real_up_card_and_the_moves_so_far(tmp_path):
    path = tmp_path / "pipe31.json"
    first = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--record", str(path)],
                          input="s\n2s\n?\nhelp\nfoo\nk\n\n", env=WIDE)
    assert first.exit_code == 1
    deal2 = first.output.split("── Deal 2:")[1].split("╭")[0]
    resumed = runner.invoke(app, ["play", "--resume", str(path)], input="quit\n", env=WIDE)
    assert "── Deal 2:" + deal2 in resumed.output  # the header (its up card) and the moves so far
    assert "Standings so far, after 1 deal: You 1 life · Bastien 3 lives · Camille 3 lives · Denis 3 lives" \
        in resumed.output


# --- 4, 6. the seed of a match that can be taken up again; input that ends ----------------------
def test_input_ending_early_exits_1_and_ctrl_c_keeps_the_seed_hidden(tmp_path):
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--record", str(tmp_path / "x.json")],
                           input="s\n2s\n")
    assert result.exit_code == 1
    assert "Input ended before the match was over." in result.output and "Seed 3" not in result.output

    def interrupted(prompt):
        raise KeyboardInterrupt

    buf = io.StringIO()
    session = PlaySession(get_game("trente-et-un"), 2, 0, ["heuristic"], 77, {}, tmp_path / "c.json", console(buf),
                          read_line=interrupted)
    assert session.run() == 130
    assert "Match interrupted." in buf.getvalue() and "77" not in buf.getvalue()


# --- 5. errors wrap between words ------------------------------------------------------------------
def test_an_error_on_a_terminal_wraps_only_between_words(monkeypatch):
    class Tty(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    stream = Tty()
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.delenv("NO_COLOR", raising=False)
    words = ", ".join(f"option_number_{k}" for k in range(12))
    message = f"unknown option 'deal'; the options are: {words}"
    print_error(message)
    text = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue())
    lines = text.rstrip("\n").splitlines()
    assert len(lines) > 2 and all(len(line) <= 50 for line in lines)
    assert [w for line in lines for w in line.split()] == ("error: " + message).split()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    print_error(message)
    assert piped.getvalue() == "error: " + message + "\n"  # a pipe gets one line


def test_an_unknown_option_error_keeps_every_option_name_whole():
    result = runner.invoke(app, ["play", "reversis", "-o", "deal=3"], env={"COLUMNS": "120"})
    assert result.exit_code == 2
    assert "trick_points" in result.output.replace("\n", "")
    assert "trick_points" in result.output  # not cut by a line break


# --- 8. the Blason tells the turns passed over --------------------------------------------------
def test_the_blason_tells_who_rests_and_who_waits_on_30():
    # Anne: 10, then 9 to the écus à l'antique (19: misses two turns); Bastien: 12, 11, then 7
    # to the chancellerie (30); Camille: 2, 3, 3, 4, 5.
    state, chance = blason_state("10 12 2 9 11 3 7 3 4 5", players=3)
    names = ["Anne", "Bastien", "Camille"]
    told = []
    for _ in range(9):
        seat, before = state.current_player(), state.public_view()
        state.apply_string("throw")
        while state.is_chance_node():
            state.apply_action(chance.choose(state))
        told.append(blason.describe_action(before, seat, "throw", names, after=state.public_view()))
    text = "\n".join(told)
    lines = text.splitlines()
    assert lines[lines.index(next(x for x in lines if x.startswith("Camille throws 3: from 2 to 5"))) + 1] == \
        "Anne rests (1 of 2)."
    assert "Anne rests (2 of 2).\nBastien waits on 30, at the chancellerie, until another player comes." in text
    assert text.count("Anne rests") == 2 and "Camille throws 4" in text


# --- 9. auto --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(RENDERERS))
def test_auto_is_listed_once_and_only_where_a_player_may_have_a_single_move(game_id, tmp_path):
    result = runner.invoke(app, ["play", game_id, "--seed", "2", "--record", str(tmp_path / "a.json")],
                           input="auto\nquit\n", env=WIDE)
    start = result.output.split("How to win")[0]
    if game_id in ("trente-et-un", "guinguette"):  # a player there always has a choice
        assert "auto" not in start.replace("auto\n", "")
        name = get_game(game_id).info.name
        assert f"auto is not a command in {name}" in result.output
    else:
        assert start.count("auto") == 1, start
        assert "choose this one" not in result.output


# --- 10. smaller faults ----------------------------------------------------------------------------
def test_trente_et_un_shows_cards_in_the_same_order_in_the_hand_and_the_result(tmp_path):
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--players", "2", "--record",
                                 str(tmp_path / "o.json")], input="k\n\nquit\n", env=WIDE)
    hand = re.search(r"Your hand: (\S+ \S+ \S+)", result.output).group(1)
    row = next(line for line in result.output.split("End of deal 1")[1].splitlines() if "│ You " in line)
    assert hand in row
    assert trente_et_un.displayed([parse("AS"), parse("10C"), parse("10S")]) == [parse(c) for c in ("10S", "AS", "10C")]


def parse(code: str) -> int:
    from academie.cards import parse_card

    return parse_card(code)


def test_belle_flux_tells_every_card_the_person_receives(tmp_path):
    # You (seat 0, the dealer) speak last: Camille and Bastien stand on 30.
    deck = bft_deck(["2C 3H", "KS QS", "KD QD"], ["4C", "10S", "10D"], extra="2S 3S 4S")
    buf = io.StringIO()
    session = PlaySession(get_game("belle-flux-trente-un"), 3, 0, ["heuristic", "heuristic"], 1, {"deals": 1},
                          tmp_path / "b.json", console(buf), read_line=lambda prompt, answers=iter(["a", "a", "a", "s", ""]): next(answers),
                          decks=[deck])
    session.run()
    out = buf.getvalue()
    for card in ("2♠", "3♠", "4♠"):
        assert f"You ask for a card and receive {card}." in out


def test_help_bullets_keep_their_indent_when_wrapped(tmp_path):
    result = runner.invoke(app, ["play", "guimbarde", "--seed", "2", "--record", str(tmp_path / "h.json")],
                           input="quit\n", env={"COLUMNS": "60"})
    bullets = result.output.split("How to win:")[1].split("──")[0].splitlines()[1:]
    assert any(not line.startswith("  • ") for line in bullets if line.strip())  # a bullet was wrapped
    for line in bullets:
        if line.strip():
            assert line.startswith("  • ") or line.startswith("    "), line


def test_ledger_reasons_name_their_source_in_english_then_french_words():
    assert reason_text("the fou taken [004] règle 5 «il paye un jeton à celui qui l'emporte»") == \
        "the fou taken (Larousse, rule 5: « il paye un jeton à celui qui l'emporte »)"
    assert reason_text("pool ante (R9) [001] «chacun remet deux jettons»") == \
        "pool ante (Diderot & d'Alembert: « chacun remet deux jettons »)"
    assert reason_text("AH on a renounce [001] «on gagne de celui qui leve»").startswith("A♥ on a renounce (Diderot")


@pytest.mark.parametrize("game_id", ["belle-flux-trente-un", "blason", "reversis", "guimbarde"])
def test_every_reason_in_replay_json_reads_phrase_then_source(game_id, tmp_path):
    path = tmp_path / "r.json"
    assert runner.invoke(app, ["play", game_id, "--demo", "--seed", "6", "--record", str(path)]).exit_code == 0
    import json

    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    reasons = {e["reason"] for e in data["ledger"]}
    assert reasons
    for reason in reasons:
        assert not re.search(r"\[\d{3}\]|règle|\bR\d+\b|«\S", reason), reason
        assert re.fullmatch(r"[^()«]+ \((Encyclopédie méthodique|Diderot & d'Alembert|Lacombe|Larousse|"
                            r"Almanach des jeux \(1785\))(, rule \d+)?(: « .+ »)?\)", reason), reason
    # the final public view announces no deal after the last one played
    if game_id != "blason":
        last = data["deals"][-1]
        assert (data["final_state"]["deal"], data["final_state"]["dealer"]) == (last["deal"], last["dealer"])


def test_reversis_says_what_is_on_the_game_with_each_betes_amount_apart():
    from tests.reversis.support import ACES, run

    import dataclasses

    result = dataclasses.replace(run(ACES).finished_results()[0], pots=(("bête 1", 8), ("poule", 16)))
    text = rendered(reversis.render_result(result, ["Anne", "Bastien", "Camille", "Denis"]))
    assert "on the game: 8 in bête 1, 16 in the pool (poule)." in text


def test_help_usage_lines_have_no_braces():
    for command in ("replay", "rules", "play", "simulate"):
        usage = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"}).output
        assert "{" not in usage and "}" not in usage, usage
    assert " replay [OPTIONS] FILE" in runner.invoke(app, ["replay", "--help"]).output


def test_guimbarde_header_says_when_no_point_is_announced():
    from tests.helpers import guimbarde_state

    # no player holds three cards of a suit: no point
    deck = guimbarde_deck(["7S 8H 9D 10C JS", "QS KD AC 7H 9C", "8S 9H 10D JC AS"], turned="AD")
    state, _ = guimbarde_state([deck], players=3)
    assert not any(what == "point" for what, _, _ in state.public_view().announcements)
    line = guimbarde.describe_deal(state.public_view(), ["Anne", "Bastien", "Camille"])
    assert line.endswith("No point announced: the point box stays.")
