"""Scenario tests: bad input is refused with its reason and the legal actions, and the state is
left unchanged (source 001; engine contract)."""

import pytest

from academie.core.errors import IllegalActionError
from tests.helpers import play
from tests.reversis.support import QUIET, RENOUNCE, refused, run, start, to_trick

ECART_3 = ["3S", "7S", "5D", "9D", "QD", "4C", "8C", "JC", "pass"]


def test_a_heart_in_the_ecart_is_refused_naming_the_rule_and_the_legal_actions():
    # [001] «mais personne n'en peut écarter»
    state, _ = start(QUIET)
    err = refused(state, "6H")
    assert "'6H' is not a legal action now (no heart may be put in the écart" in str(err)
    assert err.legal == tuple(ECART_3)
    assert "legal: " + ", ".join(ECART_3) in str(err)


def test_a_card_not_in_hand_is_refused_in_the_ecart():
    # [001] «On peut écarter une carte de son jeu» — his own.
    state, _ = start(QUIET)
    err = refused(state, "2S")
    assert "that card is not in your hand" in str(err)


def test_the_dealer_may_not_pass():
    # [001] «Mais il est obligé d'y mettre… celle de ses cartes qu'il juge à-propos»
    state, chance = start(QUIET)
    play(state, chance, "pass pass pass")
    err = refused(state, "pass")
    assert "only a non-dealer may decline during the écart" in str(err)
    assert "pass" not in err.legal and len(err.legal) == 10


def test_pass_may_be_written_p_keep_or_garder():
    # [001] «si l'on ne veut point écarter» — the same decision, several words.
    state, chance = start(QUIET)
    play(state, chance, "p keep garder")
    assert state.public_view().ecart == (None, "declined", "declined", "declined")


def test_a_non_heart_first_lead_is_refused():
    # [001] «Le premier en cartes doit toujours commencer par jouer du cœur s'il en a»
    state, _ = to_trick(QUIET, 1)
    err = refused(state, "3S")
    assert "(the first lead must be a heart" in str(err)
    assert err.legal == ("2H", "6H", "AH")


def test_not_following_suit_is_refused():
    # [001] «on est obligé de donner une carte de la couleur qu'on joue» — «Celui qui renonce,
    # fait la bête»: the engine does not let a revoke happen.
    state, chance = to_trick(QUIET, 2)
    play(state, chance, "2S")
    err = refused(state, "JC")
    assert "(you must follow suit" in str(err)
    assert err.legal == ("3S", "7S")


def test_keeping_the_quinola_in_the_first_two_tricks_is_refused():
    # [001] «il l'est toujours dans les deux premiers tours»
    state, chance = to_trick(RENOUNCE, 2)
    play(state, chance, "2S 3S")
    err = refused(state, "KH")
    assert "deux premiers tours" in str(err)
    assert err.legal == ("JH",)


@pytest.mark.parametrize("text", ["hello", "", "11H", "ZZ", "RC"])
def test_garbage_is_refused(text):
    # [001] a move is a card of one's hand or, in the écart, declining.
    state, _ = start(QUIET)
    err = refused(state, text)
    assert "neither 'pass' nor a card code" in str(err)
    assert err.legal == tuple(ECART_3)


def test_pass_during_the_play_is_refused():
    # [001] «si l'on ne veut point écarter» — only in the écart.
    state, _ = to_trick(QUIET, 1)
    err = refused(state, "pass")
    assert err.legal == ("2H", "6H", "AH")


def test_an_illegal_action_number_is_refused():
    # engine contract: apply_action checks legality and names the legal actions.
    state, _ = to_trick(QUIET, 1)
    before = list(state.history)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(9999)
    assert err.value.legal == ("2H", "6H", "AH")
    assert state.history == before


def test_nothing_is_legal_once_the_match_is_over():
    # deals=1: the match ends with the deal.
    state = run(QUIET)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError) as err:
        state.apply_string("2H")
    assert "the match is over" in str(err.value)
    assert state.returns() == [15.0, -2.0, -2.0, -19.0]
