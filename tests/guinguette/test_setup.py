"""Players, pack, counters, stakes and the deal (source 004; the later description; GU2–GU4)."""

from __future__ import annotations

import pytest

from academie.cards import card_code
from academie.core.errors import OptionError, PlayerCountError
from tests.guinguette.support import GUINGUETTE, deal, paid, total

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]


def test_three_to_eight_players():
    # [004] «On peut y jouer depuis trois jusqu'à huit personnes»
    for n in range(3, 9):
        GUINGUETTE.new_initial_state(n)
    for n in (2, 9):
        with pytest.raises(PlayerCountError, match="3 to 8 players"):
            GUINGUETTE.new_initial_state(n)


@pytest.mark.parametrize("players, size", [(3, 36), (4, 36), (5, 52), (8, 52)])
def test_36_cards_for_three_or_four_players_else_52(players, size):
    # [004] «si l'on ne jouait que trois ou quatre, on ne prendrait que trente-six cartes, en ôtant
    # les petites jusqu'aux cinq»
    state = GUINGUETTE.new_initial_state(players)
    assert len(state.all_cards()) == size
    codes = {card_code(c) for c in state.all_cards()}
    assert ("5H" in codes) == (size == 52) and ("2S" in codes) == (size == 52)
    assert {"AS", "6S", "KS"} <= codes


def test_counters_from_thirty_to_forty():
    # [004] «Chacun prend une prise de trente à quarante jetons»
    assert GUINGUETTE.new_initial_state(4).match.total() == 4 * 30
    assert GUINGUETTE.new_initial_state(4, {"counters": 40}).match.total() == 4 * 40
    for bad in (29, 41):
        with pytest.raises(OptionError, match="from 30 to 40"):
            GUINGUETTE.parse_options({"counters": bad})


def test_every_deal_each_player_stakes_the_three_baskets():
    # the later source: the guinguette basket, one counter or more by agreement (GU3); ours: one
    # in the cabaret and one in the cotillon (GU4)
    state, _ = deal(HANDS, guinguette_stake=2)
    assert state.match.pots == {"guinguette": 8, "cabaret": 4, "cotillon": 4}
    assert state.match.counters == [26] * 4 and total(state) == 120
    assert sorted(paid(state, "stake in the guinguette basket")) == [(s, "guinguette", 2) for s in range(4)]
    state, _ = deal(HANDS, basket_stake=0)
    assert state.match.pots == {"guinguette": 4, "cabaret": 0, "cotillon": 0}


def test_four_cards_each_two_at_a_time_from_the_dealers_right():
    # the later source: four cards to each, two at a time; the eldest on the dealer's right
    state, _ = deal(HANDS)
    assert [sorted(card_code(c) for c in h) for h in state.hands] == [sorted(h.split()) for h in HANDS]
    assert state.order() == [3, 2, 1, 0]
    assert state.current_player() == 3  # the eldest speaks first
    assert len(state.stock) == 36 - 16
    # the first four cards of the pack went two to seat 3, then two to seat 2
    hist = [card_code(a) for a in state.history[:4]]
    assert hist == ["7S", "8S", "9D", "10D"]


def test_the_deal_passes_to_the_right():
    # GU2 (ours): the next dealer is the dealer's right
    state, chance = deal(HANDS, later=((HANDS, "", 3),))
    from tests.guinguette.support import play
    play(state, chance, ["stay"] * 4 + ["pass"] * 4)
    assert state.match.deal_number == 1 and state.match.dealer == 3
    assert state.order() == [2, 1, 0, 3] and state.current_player() == 2
