"""Scenario tests: the play of the tricks — a heart first, follow suit, win or lose at will,
no trumps, in turn (source 001; REFERENCE.md §2 rules 3–5, 12, 13)."""

from tests.helpers import play
from tests.reversis.support import (
    LONE,
    LONE_TALON,
    QUIET,
    cards,
    dealt,
    refused,
    run,
    to_trick,
)


def test_the_premier_must_lead_a_heart_if_he_has_one():
    # [001] «Le premier en cartes doit toujours commencer par jouer du cœur s'il en a»
    state, _ = to_trick(QUIET, 1)
    assert state.current_player() == 3
    assert state.legal_action_strings() == ["2H", "6H", "AH"]
    err = refused(state, "3S")
    assert "the first lead must be a heart" in str(err)


def test_a_premier_without_hearts_may_lead_any_card():
    # [001] «…commencer par jouer du cœur s'il en a» — he has none after putting his lone K♥ in.
    state, chance = dealt(LONE, LONE_TALON)
    play(state, chance, "KH pass pass 8C")
    assert state.current_player() == 3
    assert sorted(state.legal_action_strings()) == sorted(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS", "QS", "QC"])


def test_after_the_first_trick_the_leader_may_lead_any_suit():
    # [001] «Le premier en cartes doit toujours commencer…» — only the first lead is bound.
    state, _ = to_trick(QUIET, 2)
    assert state.current_player() == 0
    assert len(state.legal_actions()) == len(state.hands[0]) == 10
    assert "9H" in state.legal_action_strings() and "2S" in state.legal_action_strings()


def test_a_player_must_follow_suit():
    # [001] «on est obligé de donner une carte de la couleur qu'on joue»
    state, chance = to_trick(QUIET, 2)
    play(state, chance, "2S")
    assert state.current_player() == 3
    assert state.legal_action_strings() == ["3S", "7S"]
    err = refused(state, "4C")
    assert "you must follow suit" in str(err)


def test_a_player_void_in_the_suit_led_may_play_any_card():
    # [001] «jetté en renonce» — no trump, no obligation once void (seat 0 has no heart left).
    state, chance = to_trick(QUIET, 9)
    play(state, chance, "AH KH QH")
    assert state.current_player() == 0
    assert sorted(state.legal_action_strings()) == ["JS", "KS", "QS"]


def test_a_player_may_win_or_lose_the_trick_as_he_pleases():
    # [001] «Celui qui a plusieurs cartes de la couleur de celle qu'on a jouée, peut la prendre
    # ou la gagner à son gré»
    state, chance = to_trick(QUIET, 1)
    play(state, chance, "2H")
    assert state.legal_action_strings() == ["3H", "7H", "KH"]
    play(state, chance, "KH 4H 5H")
    assert state.view(0).tricks_won == (0, 0, 1, 0)
    assert state.current_player() == 2


def test_the_highest_card_of_the_suit_led_wins_there_is_no_trump():
    # [001] «Les cartes ne changent point de valeur ; ce jeu n'a point de triomphe»: trick 9's
    # A♥ wins over the spades thrown on it; trick 11's K♦ wins over the K♠ thrown on it.
    state, chance = to_trick(QUIET, 11)
    play(state, chance, "JD KS QD KD")
    assert state.results[-1].tricks == (2, 3, 3, 3)


def test_nobody_may_play_out_of_turn():
    # [001] «On ne doit point jouer avant son tour» — the engine refuses it instead of fining.
    state, _ = to_trick(QUIET, 1)
    err = refused(state, "3H")  # seat 2's card; seat 3 is to lead
    assert "that card is not in your hand" in str(err)


def test_every_player_plays_eleven_cards_with_four_players():
    # R1: «everyone plays 11 tricks, talon 4 at start of play»
    state = run(QUIET)
    assert sum(state.results[-1].tricks) == 11
    assert len(state.results[-1].talon) == 4
    assert state.results[-1].talon == cards("JH AS AC AD")
