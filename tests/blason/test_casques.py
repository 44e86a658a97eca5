"""Scenario tests: casques and couronnes (source 002, « Loix du jeu » 7; REFERENCE 3(a)13,
L1, L10, option casque_squares)."""

import pytest

from academie.core.errors import OptionError
from tests.helpers import BLASON, blason_state, throw

# (throws, casque reached by seat 0, counters seat 0 paid besides the entry). Seat 1 walks on
# 2, 3 and 4 out of the way.
DEFAULT_CASQUES = [
    ("2 3 7", 9, 1),  # 2 + 7: forward to 26
    ("8 3 10", 18, 1),  # 8 + 10: forward
    ("5 2 12 2 10", 27, 1),  # 5, 17, 27: back to 26
    ("9 2 10", 36, 2),  # first nine → 26, then 36: back
    ("9 2 12 2 7", 45, 2),  # 26, 38, 45: back
    ("9 2 12 2 12 2 4", 54, 2),  # 26, 38, 50, 54: back
]


@pytest.mark.parametrize(("throws", "square", "paid"), DEFAULT_CASQUES)
def test_default_casques_pay_and_go_forward_or_back_to_26_l1(throws, square, paid):
    # [002] «On ne pourra rester sur les casques ni sur les couronnes, & celui qui y tombera
    # payera le prix convenu, & passera ou rétrogradera au nombre 26 chez les officiers du
    # souverain, & continuera son jeu.» L1: default casques 9, 18, 27, 36, 45, 54.
    state, chance = blason_state(throws, players=2)
    throw(state, chance, len(throws.split()))
    assert state.position[0] == 26
    assert state.match.counters[0] == 19 - paid
    move = state.public_view().moves[-1]
    assert (move.seat, move.landed, move.dest) == (0, square, 26)
    name = state.board[square].name
    assert name in ("casque", "couronne")
    entry = state.match.ledger.entries[-1]
    assert (entry.source, entry.target, entry.amount) == (0, "pot", 1)
    assert entry.reason.startswith(f"square {square}, {name}")
    assert state.statistics()[f"square_{square}"] == 1
    assert state.current_player() == 1  # «& continuera son jeu»: at his turn


def test_casque_price_option():
    # [002] «payera le prix convenu» (L8: price option).
    state, chance = blason_state("2 3 7", players=2, price=5)
    throw(state, chance, 3)
    assert state.position == [26, 3]
    assert state.match.counters == [14, 19]


def test_custom_casque_set_moves_the_casques_l1():
    # L1: «Make the set configurable»: with casques on 5 and 14, 14 sends to 26 and 18 is plain.
    state, chance = blason_state("2 3 12", players=2, casque_squares="5,14")
    throw(state, chance, 3)
    assert state.position == [26, 3]
    assert state.match.counters == [18, 19]
    state, chance = blason_state("8 3 10", players=2, casque_squares="5,14")
    throw(state, chance, 3)
    assert state.position == [18, 3]
    assert state.match.counters == [19, 19]
    assert "square_18" not in state.statistics()
    assert state.statistics()["square_14"] == 0


def test_thirteen_goose_layout_first_square_5():
    # L1 alternative layout 5, 9, 14, 18, 23, 27, 32, 36, 45, 50, 54, 59: a first throw of 5.
    state, chance = blason_state("5", players=2, casque_squares="5,9,14,18,23,27,32,36,45,50,54,59")
    throw(state, chance)
    assert state.position == [26, 0]
    assert state.match.counters == [18, 19]


def test_bounce_landing_on_a_casque_applies_its_effect_l10():
    # L10: «Bounce landing squares trigger normally» (bounce from 63 lands on 54 → 26).
    # Seat 0: 26, 38, 48, 60, then 12: 72 is 9 too many, back to 54, a couronne → 26.
    state, chance = blason_state("9 2 12 2 10 3 12 3 12", players=2)
    throw(state, chance, 9)
    assert state.position == [26, 10]
    assert state.match.counters == [17, 19]
    move = state.public_view().moves[-1]
    assert (move.origin, move.landed, move.dest) == (60, 54, 26)
    assert "past 63: back to 54" in move.events
    assert state.match.ledger.entries[-1].reason.startswith("square 54")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "must be square numbers separated by commas"),
        ("9;18", "must be square numbers separated by commas"),
        ("1.5", "must be square numbers separated by commas"),
        ("6", r"squares \[6\] cannot hold a casque"),
        ("9,30,41", r"squares \[30, 41\] cannot hold a casque"),
        ("0", r"squares \[0\] cannot hold a casque: use 1–62"),
        ("63", r"squares \[63\] cannot hold a casque"),
        ("-4", r"squares \[-4\] cannot hold a casque"),
        ("9,26", r"squares \[26\] cannot hold a casque: use 1–62 except the named squares"),
    ],
)
def test_bad_casque_squares_raise_option_error(value, message):
    # L1: the set is configurable, but never on the named squares nor off the board.
    with pytest.raises(OptionError, match=message) as info:
        BLASON.new_initial_state(2, {"casque_squares": value})
    assert "casque_squares" in str(info.value)
    with pytest.raises(OptionError):
        blason_state("", players=2, casque_squares=value)


def test_casque_squares_are_normalised():
    # L1: order, spaces around numbers and repeats do not matter.
    options = BLASON.parse_options({"casque_squares": " 18 , 9,9 "})
    assert options.casque_squares == "9,18"
    assert options.casques == (9, 18)


def test_square_1_cannot_hold_a_casque():
    # [002] «On ne pourra rester sur les casques» + «recommencera au chiffre 1»; L10: 1 is a
    # destination without effect, like 12 and 26, which options.SPECIAL refuses.
    with pytest.raises(OptionError, match="cannot hold a casque"):
        BLASON.new_initial_state(2, {"casque_squares": "1,9,18,27,36,45,54"})


def test_space_separated_casque_squares_are_not_glued_together():
    # L1 option casque_squares: «comma-separated»; '5 9' must be refused or read as 5 and 9.
    try:
        options = BLASON.parse_options({"casque_squares": "5 9"})
    except OptionError:
        return
    assert options.casques == (5, 9)
