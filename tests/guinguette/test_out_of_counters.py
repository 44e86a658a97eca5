"""Running out of counters (our reconstruction GU14, option ``out_of_counters``): by default nobody
pays more than he holds and the match ends when a player cannot pay his stakes, as at Belle-Flux;
with 'debt' counters may go below zero."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.chance import SeededChance
from academie.core.runner import advance_chance
from academie.games.guinguette import CHOPINE, DEMI_SEPTIER, DROP, HOLD, PASS, PINTE, RENVI, STAY, STIR
from academie.cards import parse_card
from tests.guinguette.support import GUINGUETTE, deal, play, refused, total

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]


def leave(state, seat: int, counters: int) -> None:
    """Move counters between ``seat`` and the guinguette basket until he holds ``counters``
    (totals kept)."""
    gap = state.match.counters[seat] - counters
    if gap >= 0:
        state.match.pay(seat, "guinguette", gap, "test: a player nearly ruined")
    else:
        state.match.pay("guinguette", seat, -gap, "test: a player helped")
    state._legal = None  # the legal moves are computed once per state: ask again


def random_match(seed: int, players: int, **options):
    state = GUINGUETTE.new_initial_state(players, {"deals": 60, **options})
    chance, rng = SeededChance(seed), random.Random(seed)
    lowest = 30
    advance_chance(state, chance)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        advance_chance(state, chance)
        lowest = min(lowest, *state.match.counters)
    return state, lowest


@pytest.mark.parametrize("seed", range(6))
def test_counters_never_go_below_zero_and_the_match_ends_when_a_player_cannot_stake(seed):
    state, lowest = random_match(seed, 3 + seed % 3, renvi_cotillon=("raise", "stir_again")[seed % 2])
    assert lowest >= 0
    assert state.statistics()["deals"] < 60  # somebody could not stake: the match ended early
    view = state.public_view()
    assert view.short and all(state.match.counters[s] < 3 for s in view.short)
    assert state.returns() == [float(c - 30) for c in state.match.counters]


def test_with_debt_counters_go_below_zero_as_before():
    state, lowest = random_match(0, 4, out_of_counters="debt")
    assert lowest < 0 and state.statistics()["deals"] == 60 and state.public_view().short == ()


def test_a_player_who_cannot_pay_the_fee_is_not_offered_a_stir():
    state, chance = deal(HANDS)
    leave(state, 3, 1)  # the eldest holds 1 counter: a stir costs 2
    assert state.legal_actions() == [STAY]
    assert "stirring the cotillon costs 2 counters and you hold 1" in str(refused(state, "7S"))
    leave(state, 3, 2)  # with 2 he may stir
    assert state.legal_actions() == [STAY] + [STIR + parse_card(c) for c in ("7S", "8S", "9S", "10S")]


def test_the_renvi_of_four_needs_four_counters():
    state, chance = deal(HANDS, "KS", renvi_cotillon="stir_again")
    play(state, chance, ["7S", "stay", "stay", "stay"])  # seat 3 stirs (2), then the renvi
    assert state.phase == "renvi"
    assert state.legal_actions()[0] == STAY and len(state.legal_actions()) == 5
    leave(state, 3, 3)
    assert state.legal_actions() == [STAY]


def test_a_raise_is_offered_only_up_to_what_the_player_holds_and_a_raise_he_cannot_hold_he_drops():
    state, chance = deal(HANDS)
    play(state, chance, ["stay"] * 4)
    leave(state, 3, 2)
    assert state.legal_actions() == [PASS, DEMI_SEPTIER, CHOPINE]
    assert "a pinte costs 4 counters and you hold 2" in str(refused(state, "pinte"))
    play(state, chance, ["chopine"])  # seat 3 raises by 2; seat 2 holds 3 counters
    leave(state, 2, 1)
    assert state.legal_actions() == [DROP]
    assert "holding the raise costs 2 counters and you hold 1" in str(refused(state, "hold"))
    play(state, chance, ["drop"])
    assert state.current_player() == 1 and state.legal_actions() == [HOLD, DROP, DEMI_SEPTIER, CHOPINE, PINTE]
    assert total(state) == 120


def test_a_player_with_no_raise_he_can_pay_is_passed_over():
    state, chance = deal(HANDS)
    play(state, chance, ["stay"] * 4)
    leave(state, 2, 0)  # seat 2 cannot raise even a demi-septier
    play(state, chance, ["pass"])  # seat 3
    assert state.current_player() == 1


def test_the_cotillon_raise_needs_its_two_counters():
    state, chance = deal(HANDS, "KS", renvi_cotillon="raise")
    play(state, chance, ["7S", "stay", "stay", "stay"])
    assert state.phase == "cotillon" and state.legal_actions() == [PASS, RENVI]
    leave(state, 3, 1)
    assert state.phase == "cotillon"
    assert RENVI not in state.legal_actions()


def test_the_match_ends_before_a_deal_a_player_cannot_stake():
    state, chance = deal(HANDS, later=[(HANDS, "", 3)])
    leave(state, 1, 0)  # seat 1, with nothing, is passed over at the stirring and the raises
    play(state, chance, ["stay"] * 3 + ["pass"] * 3)
    assert state.is_terminal() and len(state.results) == 1
    assert state.public_view().short == (1,) and state.public_view().to_json()["short"] == [1]
    assert GUINGUETTE.info.version == 3


def test_the_rules_and_the_demo_say_it(tmp_path):
    runner = CliRunner()
    rules = runner.invoke(app, ["rules", "guinguette"], env={"COLUMNS": "200"})
    assert rules.exit_code == 0 and "nobody pays more than he holds" in rules.output
    assert "out_of_counters" in rules.output and "GU14" not in rules.output  # no working notes' tag
    out = runner.invoke(app, ["play", "guinguette", "--demo", "--seed", "1", "--record", str(tmp_path / "r.json")],
                        env={"COLUMNS": "200"}).output
    assert "−11" not in out and "Camille cannot pay the stakes of another deal: the match ends" in out
