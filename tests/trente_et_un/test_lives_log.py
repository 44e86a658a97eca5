"""Every life lost, going on the bus, out or a void round is in the match's lives log with its
rule and the rules sheet's words, told by the narrator and given by ``replay --json``."""

from io import StringIO

from rich.console import Console

from academie.cli.narrate import Narrator, lives_line
from academie.presentation.render import RENDERERS
import pytest

from academie.bots import make_bot
from academie.core.chance import SeededChance
from academie.core.runner import play_match
from academie.games import get_game
from tests.helpers import play, t31_deck, t31_state
from tests.trente_et_un.test_lives import ALL_TIED, KNOCK_ROUND, SEAT2_LOWEST

GAME = get_game("trente-et-un")


def _log(state):
    return [(e.deal, e.seat, e.kind, e.lives) for e in state.match.lives_log]


def test_the_lowest_total_loses_a_life_with_the_sheets_words():
    state, chance = t31_state([SEAT2_LOWEST], players=3)
    play(state, chance, KNOCK_ROUND)
    assert _log(state) == [(0, 2, "lives", 1)]
    reason = state.match.lives_log[0].reason
    assert "lowest total" in reason and "«Le total le plus bas perd une vie»" in reason


def test_the_knocker_lowest_loses_two_then_goes_on_the_bus():
    deck = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")  # knocker 1 alone lowest
    state, chance = t31_state([deck], players=3, lives=2)
    play(state, chance, KNOCK_ROUND)
    assert _log(state) == [(0, 1, "lives", 2), (0, 1, "bus", 0)]
    assert "en perd deux" in state.match.lives_log[0].reason
    assert "dans le bus" in state.match.lives_log[1].reason


def test_two_lives_with_one_left_put_the_knocker_out():
    deck = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")
    state, chance = t31_state([deck], players=3, lives=1)
    play(state, chance, KNOCK_ROUND)
    assert _log(state) == [(0, 1, "lives", 2), (0, 1, "bus", 0), (0, 1, "out", 0)]
    assert "en perd deux" in state.match.lives_log[0].reason
    assert "vous êtes éliminé" in state.match.lives_log[2].reason


def test_a_loss_on_the_bus_is_logged_with_its_count_and_cause_before_out():
    deck = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")  # knocker 1 alone lowest
    state, chance = t31_state([deck], players=3, lives=2)
    state.match.lives[1] = 0  # already on the bus
    play(state, chance, KNOCK_ROUND)
    assert _log(state) == [(0, 1, "lives", 2), (0, 1, "out", 0)]
    assert "en perd deux" in state.match.lives_log[0].reason
    assert state.results[0].lives_lost == {1: 2}


@pytest.mark.parametrize("options", [{}, {"lives": 1}, {"lives": 2, "bus": "none"}, {"knocker_tie": "lose1"}])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_logged_lives_add_up_to_every_deals_lives_lost(players, options):
    for seed in range(12):
        state = GAME.new_initial_state(players, options)
        bots = [make_bot("heuristic" if s % 2 else "random", GAME.info.id, seed * 7 + s) for s in range(players)]
        play_match(state, SeededChance(seed), bots)
        logged: dict[tuple[int, int], int] = {}
        for e in state.match.lives_log:
            if e.kind == "lives":
                logged[e.deal, e.seat] = logged.get((e.deal, e.seat), 0) + e.lives
        for r in state.results:
            for seat in range(players):
                assert logged.get((r.deal, seat), 0) == r.lives_lost.get(seat, 0), (seed, r.deal, seat)
            for seat in r.eliminated:  # out comes last, after the loss (and the bus)
                kinds = [e.kind for e in state.match.lives_log if e.deal == r.deal and e.seat == seat]
                assert kinds[0] == "lives" and kinds[-1] == "out"


def test_a_void_round_is_logged_and_takes_no_life():
    replay = t31_deck(["KS QS 2H", "AD 9D 3S", "2C 3D 5H"], up="7C", dealer=0)
    state, chance = t31_state([ALL_TIED, replay], players=3, lives=1, bus="none", all_out="replay")
    play(state, chance, KNOCK_ROUND)
    assert _log(state) == [(0, None, "void", 0)]
    assert "void" in state.match.lives_log[0].reason


def test_a_31_shown_takes_a_life_from_every_other_player():
    deck = t31_deck(["7S 8S 2D", "KH QH 4C", "2S 3D 5C"], up="AH")  # seat 1 takes the A♥: 31
    state, chance = t31_state([deck], players=3)
    play(state, chance, "pile 4C")
    assert sorted(_log(state)) == [(0, 0, "lives", 1), (0, 2, "lives", 1)]
    assert all("tous les autres perdent une vie" in e.reason for e in state.match.lives_log)


def test_the_narrator_explains_each_life_lost_before_the_result_panel():
    deck = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")
    state, chance = t31_state([deck], players=3, lives=2)
    out = StringIO()
    console = Console(file=out, width=300, color_system=None)
    names = ["Anne", "Bastien", "Camille"]
    teller = Narrator(state, RENDERERS["trente-et-un"], names, console)
    for word in KNOCK_ROUND.split():
        teller.before_decision()
        seat, before = state.current_player(), teller.view()
        state.apply_action(state.string_to_action(word))
        teller.moved(seat, word, before)
        teller.resolve(chance)
    text = out.getvalue()
    line = ("  Bastien loses 2 lives — the knocker has the lowest total (« Règles de Trente et un » (a modern"
            " rules sheet): « Celui qui a frappé et se révèle avoir le total le plus bas en perd deux »)")
    assert line in text.splitlines()
    assert "Bastien goes on the bus, out at the next loss" in text
    assert text.index("Bastien loses 2 lives") < text.index("lives lost")


def test_lives_line_speaks_to_the_person():
    from academie.core.ledger import LivesEntry

    line = lives_line(LivesEntry(0, 0, "lives", 1, "the lowest total"), ["You", "Anne"]).plain
    assert line == "  You lose 1 life — the lowest total"
