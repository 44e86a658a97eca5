"""Scenario tests: lives, the bus, elimination and the winner (source 003, « Les vies »;
REFERENCE T5, T6, T11)."""

import pytest

from academie.cards import parse_cards
from academie.core.errors import IllegalActionError
from tests.helpers import T31, play, t31_deck, t31_state

# Dealer 0, three seats: seat 1 knocks on 19, seats 2 and 0 throw the 6♣ back; seat 2 (5) is lowest.
SEAT2_LOWEST = t31_deck(["7S 8S 2D", "KH 9H 4C", "2S 3D 5C"], up="6C")
KNOCK_ROUND = "knock pile 6C pile 6C"


@pytest.mark.parametrize("lives", [1, 3, 4])
def test_lives_option_sets_the_starting_lives(lives):
    # [003] «On joue d'ordinaire avec trois vies chacun.» (T11: option lives)
    state, _ = t31_state([SEAT2_LOWEST], players=3, lives=lives)
    assert state.match.lives == [lives] * 3


def test_three_lives_by_default():
    # [003] «On joue d'ordinaire avec trois vies chacun.»
    state = T31.new_initial_state(3)
    assert state.match.lives == [3, 3, 3]


def test_at_no_life_left_a_player_is_on_the_bus_and_plays_on_then_next_loss_eliminates():
    # [003] «Perdez trois vies et vous êtes dans le bus : un dernier tour, et si vous le perdez
    # vous êtes éliminé.» (T5: at 0 lives he keeps playing; his next loss puts him out)
    # Deal 2, dealer 1: order 2, 0, 1; seat 0 knocks and seat 2 (5) is lowest again.
    deal2 = t31_deck(["KS QS 2H", "AD 9D 3S", "2C 3D 5H"], up="7C", dealer=1)
    state, chance = t31_state([SEAT2_LOWEST, deal2], players=3, lives=1)
    play(state, chance, KNOCK_ROUND)
    assert state.results[0].lives_lost == {2: 1}
    assert state.results[0].eliminated == ()
    assert state.match.lives == [1, 1, 0]
    assert state.match.eliminated == [False, False, False]
    # on the bus, seat 2 is dealt in and is first to play
    assert len(state.hands[2]) == 3
    assert state.current_player() == 2
    play(state, chance, "pile 7C knock pile 7C pile 7C")
    result = state.results[1]
    assert (result.knocker, result.lives_lost, result.eliminated) == (0, {2: 1}, (2,))
    assert state.match.eliminated == [False, False, True]
    assert not state.is_terminal()


def test_losing_two_lives_with_one_left_eliminates():
    # T5: lives lost two at once are taken one by one: 1 → 0 (the bus) → out.
    # [003] «Celui qui a frappé et se révèle avoir le total le plus bas en perd deux.»
    deck = t31_deck(
        ["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C"
    )  # knocker 1 alone lowest
    state, chance = t31_state([deck], players=3, lives=1)
    play(state, chance, KNOCK_ROUND)
    assert state.results[0].lives_lost == {1: 2}
    assert state.results[0].eliminated == (1,)
    assert state.match.eliminated == [False, True, False]


def test_losing_two_lives_with_two_left_puts_a_player_on_the_bus():
    # T5: 2 → 1 → 0: on the bus, not out.
    deck = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")
    state, chance = t31_state([deck], players=3, lives=2)
    play(state, chance, KNOCK_ROUND)
    assert state.match.lives == [2, 0, 2]
    assert state.match.eliminated == [False, False, False]


def test_bus_none_eliminates_at_the_last_life():
    # T5 option bus='none': no bus ride, out as soon as the last life is gone.
    state, chance = t31_state([SEAT2_LOWEST], players=3, lives=1, bus="none")
    play(state, chance, KNOCK_ROUND)
    assert state.results[0].eliminated == (2,)
    assert state.match.lives == [1, 1, 0]
    assert state.match.eliminated == [False, False, True]


# Three equal totals (15 each): all three are lowest; with one life and no bus, all would be out.
ALL_TIED = t31_deck(["7S 8S 2D", "7H 8H 2C", "7D 8D 2S"], up="6C")


def test_all_out_replay_voids_the_round_and_the_same_dealer_deals_again():
    # T6 (seed silent): a round that would eliminate every remaining player is void, lives
    # unchanged, and the same dealer deals again.
    replay = t31_deck(["KS QS 2H", "AD 9D 3S", "2C 3D 5H"], up="7C", dealer=0)
    state, chance = t31_state(
        [ALL_TIED, replay], players=3, lives=1, bus="none", all_out="replay"
    )
    play(state, chance, KNOCK_ROUND)
    result = state.results[0]
    assert result.void is True
    assert result.eliminated == ()
    assert result.lives_lost == {}  # a void round takes no life
    assert result.would_lose == {0: 1, 1: 2, 2: 1}  # what it would have taken
    assert result.to_json()["lives_lost"] == {} and result.to_json()["would_lose"] == {"0": 1, "1": 2, "2": 1}
    assert state.match.lives == [1, 1, 1]
    assert state.match.eliminated == [False, False, False]
    assert state.winner is None and not state.is_terminal()
    # same dealer (0): the replay is dealt from seat 1 and seat 1 plays first
    assert state.match.dealer == 0
    assert result.dealer == 0
    assert state.current_player() == 1
    assert sorted(state.hands[1]) == sorted(parse_cards("AD 9D 3S"))


def test_all_out_eliminate_ends_the_match_with_no_winner():
    # T6 option all_out='eliminate': everyone is out, nobody wins, returns all zero.
    state, chance = t31_state(
        [ALL_TIED], players=3, lives=1, bus="none", all_out="eliminate"
    )
    play(state, chance, KNOCK_ROUND)
    assert state.results[0].void is False
    assert state.results[0].eliminated == (0, 1, 2)
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == [0.0, 0.0, 0.0]


def test_last_player_in_wins_and_returns_are_zero_sum():
    # [003] «Le dernier en lice gagne.» Returns: +1 winner, -1/(n-1) each other seat.
    # Deal 2: dealer 1; seat 2 is out, so seat 0 is dealt first and plays first; it knocks on 5.
    deal2 = t31_deck(
        ["2H 3H 4C", "KS QS 2D"], up="7C", dealer=1
    )  # order 0, 1 (seat 2 skipped)
    state, chance = t31_state([SEAT2_LOWEST, deal2], players=3, lives=1, bus="none")
    play(state, chance, KNOCK_ROUND)
    assert state.returns() == [0.0, 0.0, 0.0]  # not over yet
    assert state.current_player() == 0
    play(state, chance, "knock pile 7C")
    assert state.results[1].lives_lost == {0: 2}
    assert state.is_terminal()
    assert state.winner == 1
    assert state.returns() == [-0.5, 1.0, -0.5]
    assert sum(state.returns()) == 0
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_string("stock")


def test_two_players_winner_returns():
    # [003] «Le dernier en lice gagne.»
    deck = t31_deck(["2H 3H 4C", "KS QS 2D"], up="7C")
    state, chance = t31_state([deck], players=2, lives=1, bus="none")
    play(
        state, chance, "knock pile 7C"
    )  # seat 1 knocks on 20; seat 0 (5) loses its life
    assert state.winner == 1
    assert state.returns() == [-1.0, 1.0]


def test_a_31_that_takes_the_last_opponents_last_life_wins_the_match():
    # [003] «tous les autres perdent une vie» / «Le dernier en lice gagne.»
    deck = t31_deck(["2H 3H 4C", "AS KS 5D"], up="QS")
    state, chance = t31_state([deck], players=2, lives=1, bus="none")
    play(state, chance, "pile 5D")
    assert state.results[0].ending == "thirty_one"
    assert state.results[0].eliminated == (0,)
    assert state.winner == 1
    assert state.returns() == [-1.0, 1.0]
