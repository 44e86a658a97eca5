"""The course of a match as the terminal tells it, in ``play`` (a person or a demo) and in
``replay``: every deal's header and result however the deal ends, every counter that moves
explained, each deal's +/−, the options at the start and the standings at the end."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from academie.cli.app import app
from academie.cli.play import PlaySession
from academie.core.chance import StackedChance
from academie.core.record import GameRecord, PlayerRecord
from academie.games import get_game
from tests.helpers import bft_deck, guimbarde_deck, t31_deck
from tests.reversis.support import ACES

runner = CliRunner()


def console(buf: io.StringIO) -> Console:
    return Console(file=buf, width=120, highlight=False, color_system=None)


def scripted(lines: list[str]):
    """A ``read_line`` that answers from ``lines``, then as if input ended."""
    answers = iter(lines)

    def read_line(prompt) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read_line


def play_session(game_id: str, players: int, decks, path: Path, seat: int | None = None,
                 answers: list[str] = (), **options) -> tuple[str, int]:
    """Play with stacked ``decks`` (then seed 1); returns the output and the exit code."""
    buf = io.StringIO()
    bots = ["heuristic" if game_id != "blason" else "random"] * (players - (seat is not None))
    session = PlaySession(get_game(game_id), players, seat, bots, 1, options, path, console(buf),
                          read_line=scripted(list(answers)), decks=decks)
    code = session.run()
    return buf.getvalue(), code


def replayed(path: Path) -> str:
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


def deal_marks(text: str) -> list[str]:
    """``['head 1', 'end 1', 'head 2', …]`` in the order the output shows them."""
    marks = re.findall(r"── Deal (\d+)|End of deal (\d+)", text)
    return [f"head {h}" if h else f"end {e}" for h, e in marks]


def assert_every_deal_told(text: str, deals: int) -> None:
    marks = deal_marks(text)
    expected = [m for d in range(1, deals + 1) for m in (f"head {d}", f"end {d}")]
    assert marks[: len(expected)] == expected, marks


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the tables drawn in ``text`` (panels' borders dropped)."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")]
        cells = [c for c in cells if c]
        if len(cells) >= 3:
            rows.append(cells)
    return rows


def record_from(game_id: str, players: int, decks, options: dict) -> GameRecord:
    """A record of a match with stacked ``decks`` in which every seat plays its lowest legal
    action (no bot, no seed: the record must say exactly how the deals went)."""
    game = get_game(game_id)
    state = game.new_initial_state(players, options)
    chance = StackedChance(decks, None)
    actions = []
    while True:
        while state.is_chance_node():
            state.apply_action(chance.choose(state))
        if state.is_terminal():
            break
        action = min(state.legal_actions())
        actions.append(state.action_to_string(action))
        state.apply_action(action)
    return GameRecord(game=game_id, game_version=game.info.version, num_players=players, options=options,
                      players=[PlayerRecord(name=n, kind="human") for n in ("Anne", "Bastien", "Camille", "Denis")[:players]],
                      decks=decks, actions=actions, complete=True)


# Two deals in a row that end with no player move: 31 dealt (Trente et un), 31 in the first
# three cards (Belle, Flux et Trente-un). Before, the first deal's result and the second's
# header never appeared.
T31_DECKS = [t31_deck(["2C 3C 4C", "AH KH QH"], "9S"), t31_deck(["AS KS QS", "2D 3D 5H"], "9H", dealer=1)]
BFT_DECKS = [bft_deck(["2C 3C", "AH KH", "4D 5D"], ["9S", "QH", "7C"]),
             bft_deck(["AS KS", "2H 4H", "6D 5C"], ["QS", "8H", "7D"], dealer=2)]


@pytest.mark.parametrize("game_id, players, decks, options", [
    ("trente-et-un", 2, T31_DECKS, {}),
    ("belle-flux-trente-un", 3, BFT_DECKS, {"deals": 3}),
])
def test_deals_that_end_without_a_move_are_told_in_a_demo_and_in_its_replay(game_id, players, decks, options, tmp_path):
    path = tmp_path / "demo.json"
    out, code = play_session(game_id, players, decks, path, **options)
    assert code == 0, out
    assert_every_deal_told(out, 3)
    assert "31" in out.split("End of deal 1")[1].split("── Deal 2")[0]
    told = replayed(path)
    assert_every_deal_told(told, 3)
    assert deal_marks(told) == deal_marks(out)


def test_a_person_sees_both_deals_that_end_without_a_move_and_presses_enter_after_each(tmp_path):
    path = tmp_path / "t31.json"
    out, code = play_session("trente-et-un", 2, T31_DECKS, path, seat=0, answers=["", "", "quit"])
    assert code == 0
    assert deal_marks(out)[:5] == ["head 1", "end 1", "head 2", "end 2", "head 3"]
    assert "Bastien was dealt 31!" in out and "You were dealt 31!" in out
    assert out.count("Press Enter") == 0  # the prompt goes through read_line, not the console
    record = GameRecord.load(path)
    assert record.decks == T31_DECKS and not record.complete


def test_the_pause_after_each_deal_reads_a_line_and_quit_stops_there(tmp_path):
    prompts: list[str] = []

    def read_line(prompt) -> str:
        prompts.append(str(prompt))
        return "quit"

    buf = io.StringIO()
    session = PlaySession(get_game("trente-et-un"), 2, 0, ["heuristic"], 1, {}, tmp_path / "p.json", console(buf),
                          read_line=read_line, decks=T31_DECKS)
    assert session.run() == 0
    assert prompts == ["Press Enter for the next deal (or quit): "]
    assert "End of deal 1" in buf.getvalue() and "Match stopped" in buf.getvalue()


def test_text_typed_at_the_pause_after_a_deal_is_said_to_be_ignored_and_help_asks_again(tmp_path):
    path = tmp_path / "t31.json"
    out, code = play_session("trente-et-un", 2, T31_DECKS, path, seat=0, answers=["KH", "help", "auto", "quit"])
    assert code == 0
    # A move typed too early is not kept for a deal not seen yet: it is named as ignored.
    assert "(ignored 'KH': the next deal has not started yet; type your move when you are asked for it)" in out
    assert out.count("How to win:") == 2  # at the start, and for help at the second pause
    assert "auto is not a command in Trente et un" in out  # as at the move prompt
    assert deal_marks(out)[:5] == ["head 1", "end 1", "head 2", "end 2", "head 3"]
    out, code = play_session("belle-flux-trente-un", 3, BFT_DECKS, tmp_path / "b.json", seat=0,
                             answers=["auto", "quit"], deals=3)
    assert code == 0 and "auto is on for the next deal: it plays for you whenever you have only one move." in out


def test_belle_flux_result_panel_gives_every_players_plus_or_minus_and_the_payments(tmp_path):
    path = tmp_path / "bft.json"
    out, _ = play_session("belle-flux-trente-un", 3, BFT_DECKS, path, deals=3)
    first = out.split("End of deal 1")[0]
    assert "Each player puts 1 jeton into each of the belle, flux and trente-un baskets — stake (Encyclopédie méthodique:" in first
    assert "Bastien takes 3 jetons from the trente-un basket" in first
    panel = out.split("End of deal 1")[1].split("── Deal 2")[0]
    assert "this deal" in panel
    # Bastien's Q♥ is the highest up card (belle), A♥ K♥ Q♥ a flux and 31: he paid 3 stakes and
    # took the three baskets (9); the others paid their 3 stakes.
    assert "Bastien takes 3 jetons from the belle basket — belle (Encyclopédie méthodique: « la plus haute carte découverte »)" in first
    rows = {cells[0]: cells[-1] for cells in table_rows(panel)}
    assert rows == {"Anne": "−3", "Bastien": "+6", "Camille": "−3"}


def test_reversis_tells_an_ace_on_a_renounce_and_the_quinola_in_replay(tmp_path):
    # ACES (tests/reversis/support.py): on trick 2 Camille throws the A♥ on a renounce and
    # Bastien, who takes the trick, pays her double.
    record = GameRecord(game="reversis", game_version=get_game("reversis").info.version, num_players=4,
                        options={"deals": 1},
                        players=[PlayerRecord(name=n, kind="human") for n in ("Anne", "Bastien", "Camille", "Denis")],
                        decks=[ACES.stack()], actions=ACES.moves(), complete=True)
    path = tmp_path / "aces.json"
    record.save(path)
    told = replayed(path)
    assert "Bastien pays 2 jetons to Camille — A♥ on a renounce (Diderot & d'Alembert: « on gagne de celui qui leve »)" in told
    assert "Anne pays 1 jeton to Bastien — A♣ forced out (Diderot & d'Alembert: « paye à celui qui l'y force »)" in told
    assert_every_deal_told(told, 1)
    assert "End of the match" in told and "won/lost" in told


def test_guimbarde_tells_every_deal_and_marriages_in_hand(tmp_path):
    decks = [guimbarde_deck(["KS QS 7C 8C 9C", "7S 8S 9S 10S JS", "7D 8D 9D 10D AD"], "AC"),
             guimbarde_deck(["7C 8C 9C 10C JC", "KD QD 7S 8S 9S", "7H 8H 9H 10H AH"], "AS", dealer=2)]
    record = record_from("guimbarde", 3, decks, {"deals": 2})
    path = tmp_path / "g.json"
    record.save(path)
    told = replayed(path)
    assert_every_deal_told(told, 2)
    assert "Each other player pays 1 jeton to Anne — marriage in hand" in told
    assert "Each other player pays 1 jeton to Bastien — marriage in hand" in told
    assert "trumps ♣ clubs (trèfle)" in told
    out, code = play_session("guimbarde", 3, decks, tmp_path / "g2.json", deals=2)
    assert code == 0
    assert_every_deal_told(out, 2)
    assert "Each other player pays 1 jeton to Anne — marriage in hand" in out


def test_blason_tells_the_start_every_payment_and_the_pot_taken(tmp_path):
    path = tmp_path / "b.json"
    out, code = play_session("blason", 2, None, path)
    assert code == 0
    assert out.count("── The race begins.") == 1
    assert "Each player puts 1 jeton into the pot — entry (Lacombe: « mettre un chacun à l'entrée du jeu »)" in out
    taken = int(re.search(r"takes the pot: (\d+) jetons", out).group(1))
    # The pot taken is every counter told going into it: the two entries, then each payment.
    paid = sum(int(n) for n in re.findall(r"(?<!Each player) puts (\d+) jetons? into the pot", out))
    assert taken == 2 + paid
    assert re.search(rf"takes {taken} jetons from the pot — the pot to the winner", out)
    told = replayed(path)
    assert re.search(r"takes the pot: (\d+) jetons", told).group(1) == str(taken)
    assert "End of the race" in told


def test_options_in_force_are_shown_when_a_match_starts(tmp_path):
    out, _ = play_session("trente-et-un", 2, T31_DECKS, tmp_path / "o.json", lives=2)
    assert out.splitlines()[1].startswith("Options: lives=2 · bus=")
    assert "Options: lives=2" in replayed(tmp_path / "o.json")


def test_trente_et_un_end_gives_places_and_lives(tmp_path):
    out, code = play_session("trente-et-un", 2, T31_DECKS, tmp_path / "e.json")
    assert code == 0
    end = out.split("End of the match")[1]
    assert re.search(r"│\s+1 │ (Anne|Bastien)\s+│\s+(\d lives?|on the bus)", end)
    assert re.search(r"│\s+2 │ (Anne|Bastien)\s+│\s+out in deal \d+", end)


# --- wording ------------------------------------------------------------------------------------
def rendered(renderable, width: int = 120) -> str:
    buf = io.StringIO()
    console(buf).print(renderable)
    return buf.getvalue()


def test_the_person_is_you_inside_a_sentence_and_one_trick_is_a_trick():
    from academie.presentation.render import reversis, trente_et_un
    from tests.helpers import play, t31_state
    from tests.reversis.support import to_trick

    state, chance = t31_state([t31_deck(["2C 3C 4C", "5D 6D 8H"], "9S", draws="JS QS")], 2, seed=1)
    play(state, chance, "knock stock 2C")  # seat 1, on the dealer's left, knocks; seat 0 plays once more
    result = state.finished_results()[0]
    assert result.knocker == 1
    assert "Hands shown after you knocked." in rendered(trente_et_un.render_result(result, ["Anne", "You"]))
    assert "Hands shown after Bastien knocked." in rendered(trente_et_un.render_result(result, ["You", "Bastien"]))

    state, _ = to_trick(ACES, 2)  # Anne took trick 1
    text = rendered(reversis.render_turn(state.view(0), ["Anne", "Bastien", "Camille", "Denis"]))
    assert re.search(r"Anne +\d+ jetons +1 trick ", text) and "1 tricks" not in text
    assert "0 tricks" in text


def test_reversis_result_says_nothing_is_left_rather_than_an_empty_list(tmp_path):
    from academie.presentation.render import reversis
    from tests.reversis.support import run

    import dataclasses

    names = ["Anne", "Bastien", "Camille", "Denis"]
    result = run(ACES).finished_results()[0]
    emptied = dataclasses.replace(result, pots=(("poule", 0),))
    text = rendered(reversis.render_result(emptied, names))
    assert "nothing is left on the game." in text
    assert not re.search(r"on the game: *[│\n]", text)
    kept = dataclasses.replace(result, pots=(("bête 1", 8), ("poule", 0)))
    assert "on the game: 8 in bête 1." in rendered(reversis.render_result(kept, names))


def test_suits_are_named_in_english_and_french_next_to_their_symbol():
    from academie.presentation.render import guimbarde
    from tests.guimbarde.support import deal

    state, _ = deal(["KS QS 7C 8C 9C", "7S 8S 9S 10S JS", "7D 8D 9D 10D AD"], "AC")
    text = rendered(guimbarde.render_turn(state.view(0), ["You", "Bastien", "Camille"]))
    assert "trumps: ♣ clubs (trèfle)" in text
    assert "trèfle" not in text.replace("♣ clubs (trèfle)", "")


def test_the_belle_flux_face_down_card_keeps_the_table_in_line():
    from academie.presentation.render import belle_flux
    from tests.helpers import bft_state, play

    deck = bft_deck(["2C 3C", "4H 5H", "4D 5D"], ["9S", "8H", "7C"], extra="2D 6S")
    state, chance = bft_state([deck], 3, seed=1)
    play(state, chance, ["ask"])  # the first to speak asks: his card comes face down
    text = rendered(belle_flux.render_turn(state.view(0), ["You", "Bastien", "Camille"]))
    assert "▒▒" in text and "🂠" not in text
    widths = {len(line) for line in text.splitlines() if line}
    assert len(widths) == 1, text


def test_no_payment_told_names_a_card_not_yet_played(tmp_path):
    # Reversis payments name cards (an ace on a renounce, forced out): each must already be on
    # the table when its payment is told.
    path = tmp_path / "r.json"
    out, code = play_session("reversis", 4, None, path, deals=3)
    assert code == 0
    played: set[str] = set()
    told = 0
    for line in out.splitlines():
        move = re.search(r" plays? (\S+?)[ .]", line)
        if move:
            played.add(move.group(1).replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"))
        paid = re.search(r"— (\S+) (on a renounce|forced out)", line)
        if paid:
            card = "JH" if paid.group(1) == "quinola" else paid.group(1)
            card = card.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
            assert card in played, line
            told += 1
    assert told  # the match had such payments to check


def test_you_is_lower_case_inside_every_result_sentence():
    from academie.presentation.render import reversis
    from tests.reversis.support import run

    result = run(ACES).finished_results()[0]
    names = ["Anne", "Bastien", "Camille", "Denis"]
    names[result.talon_winner] = "You"
    text = rendered(reversis.render_result(result, names))
    assert "won by you" in text and "won by You" not in text


def test_the_belle_flux_result_panel_names_who_tied_and_the_sources_words():
    from academie.presentation.render import belle_flux
    from tests.helpers import bft_state, play

    deck = bft_deck(["2C 3C", "QD 10H", "10D QC"], ["7C", "KS", "KH"])  # Camille and Denis: K up, 30
    state, chance = bft_state([deck], 3, seed=1)
    play(state, chance, ["stand", "stand", "stand"])
    result = state.results[0]
    assert (result.trente_un, result.belle, result.flux) == (None, None, 0)
    # the game's judging says who tied, in deal order (Denis is served first); the panel only reads it
    assert dict(result.ties) == {"belle": (2, 1), "flux": (), "trente-un": (2, 1)}
    text = " ".join(rendered(belle_flux.render_result(result, ["Anne", "Camille", "Denis"])).replace("│", " ").split())
    words = ("(the basket stays, Encyclopédie méthodique, Dictionnaire des jeux (1792), art. « Belle, Flux et"
             " Trente-un »: « aucun d'eux ne tire le panier »)")
    assert f"Trente-un: nobody: Camille and Denis tie at 30 {words}" in text
    assert f"Belle: nobody: Camille and Denis tie with K♠ and K♥ {words}" in text
    assert "Flux: Anne" in text
