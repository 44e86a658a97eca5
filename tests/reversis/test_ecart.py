"""Scenario tests: the écart — each non-dealer in turn exchanges with his own talon card or
declines and looks at it; no heart may go in, save a lone K♥ or Q♥, or a lone quinola under
the quinola forcé (source 001; REFERENCE.md §2 rules 8–10, R4, R12, §2(d))."""

import json

from academie.core.chance import StackedChance
from academie.core.runner import advance_chance
from tests.helpers import REVERSIS, play
from tests.reversis.support import (
    ECARTE,
    FIVE,
    LONE,
    LONE_TALON,
    QUIET,
    RENOUNCE,
    cards,
    dealt,
    entries,
    refused,
    run,
    start,
)


def shown(view) -> str:
    return json.dumps(view.to_json())


def test_each_non_dealer_exchanges_with_his_own_talon_card():
    # [001] «On peut écarter une carte de son jeu que l'on met dessous le talon, pour remplacer
    # celle qu'on en ôte… chacun selon son rang» (R4: non-dealer i takes talon card i)
    state, chance = start(RENOUNCE)  # talon A♠ A♣ A♦
    play(state, chance, "3S")
    assert cards("AS")[0] in state.hands[3] and cards("3S")[0] not in state.hands[3]
    play(state, chance, "3C")
    assert cards("AC")[0] in state.hands[2]
    play(state, chance, "4S")
    assert cards("AD")[0] in state.hands[1]
    play(state, chance, "2D")
    assert state.talon == list(cards("3S 3C 4S 2D"))
    assert state.view(3).my_ecart == cards("3S")[0] and state.view(3).my_taken == cards("AS")[0]
    assert state.view(2).my_taken == cards("AC")[0] and state.view(1).my_taken == cards("AD")[0]
    assert state.public_view().ecart == ("discarded", "exchanged", "exchanged", "exchanged")
    assert state.view(0).hand_sizes == (11, 11, 11, 11)


def test_a_player_takes_his_own_card_even_when_those_before_him_declined():
    # R4: «non-dealer i may exchange with original talon card i» — not the top of the talon.
    state, chance = start(RENOUNCE)
    play(state, chance, "pass 3C")
    assert state.view(2).my_taken == cards("AC")[0]
    assert cards("AS")[0] in state.talon


def test_declining_shows_the_card_he_would_have_taken_to_him_only():
    # [001] «si l'on ne veut point écarter, il est libre de voir au talon celle qu'on auroit prise»
    state, chance = start(RENOUNCE)
    play(state, chance, "pass")
    assert state.peeked[3] == cards("AS")[0]
    assert state.view(3).peeked == cards("AS")[0]
    assert '"peeked": "AS"' in shown(state.view(3))
    for seat in (0, 1, 2):
        assert state.view(seat).peeked is None
        assert '"AS"' not in shown(state.view(seat))
    assert state.public_view().peeked is None and '"AS"' not in shown(state.public_view())
    assert state.public_view().ecart[3] == "declined"


def test_a_declined_card_stays_hidden_to_the_others_until_the_end():
    # [001] «il est libre de voir au talon» — he alone; the others see only that he declined.
    state, chance = start(RENOUNCE)
    play(state, chance, "pass 3C 4S 2D 2H 3H")
    for seat in (0, 1, 2):
        assert '"AS"' not in shown(state.view(seat))
    assert state.view(1).my_taken == cards("AD")[0] and state.view(1).peeked is None


def test_no_heart_may_be_put_in_the_ecart():
    # [001] «Le premier en cartes doit toujours commencer par jouer du cœur s'il en a ; mais
    # personne n'en peut écarter»
    state, _ = start(QUIET)  # seat 3 holds 2♥ 6♥ A♥
    legal = state.legal_action_strings()
    assert legal == ["3S", "7S", "5D", "9D", "QD", "4C", "8C", "JC", "pass"]
    err = refused(state, "AH")
    assert "no heart may be put in the écart" in str(err)


def test_a_lone_king_of_hearts_may_be_put_in_the_ecart():
    # [001] «on ne laisse pas de le faire, quand un joueur n'en porte que le roi ou la dame,
    # n'ayant plus dans son jeu de cœur»
    state, chance = dealt(LONE, LONE_TALON)
    assert "KH" in state.legal_action_strings()
    play(state, chance, "KH")
    assert state.talon == list(cards("KC AC KH"))
    assert not any(c // 13 == 1 for c in state.hands[3])


def test_a_lone_queen_of_hearts_may_be_put_in_the_ecart():
    # [001] «quand un joueur n'en porte que le roi ou la dame»
    state, chance = dealt(LONE, LONE_TALON)
    play(state, chance, "pass")
    assert state.current_player() == 2
    assert "QH" in state.legal_action_strings()


def test_the_dealer_may_not_put_a_guarded_heart_in_the_ecart():
    # [001] «personne n'en peut écarter» — the dealer with nine hearts discards another card.
    state, chance = dealt(LONE, LONE_TALON)
    play(state, chance, "pass pass pass")
    assert state.legal_action_strings() == ["8C", "9C", "JC"]


def test_a_lone_quinola_may_not_be_put_in_the_ecart_by_default():
    # [001] «personne n'en peut écarter» — the lone K♥/Q♥ exception does not cover the quinola.
    state, chance = dealt(LONE, LONE_TALON)
    play(state, chance, "pass pass")
    assert state.current_player() == 1
    assert "JH" not in state.legal_action_strings()
    refused(state, "JH")


def test_a_lone_quinola_may_be_put_in_the_ecart_under_quinola_force():
    # [001] «Si l'on joue au quinola forcé, celui qui l'a, manquant de cœur pour le défendre, a
    # droit de le jetter» (R12(b))
    state, chance = dealt(LONE, LONE_TALON, quinola_force=True)
    play(state, chance, "pass pass")
    assert "JH" in state.legal_action_strings()
    play(state, chance, "JH")
    assert state.quinola == "ecarte"
    assert cards("AC")[0] in state.hands[1]


def test_the_quinola_put_in_the_ecart_is_known_only_to_its_holder_until_the_talon_is_shown():
    # [001] «On peut écarter une carte de son jeu que l'on met dessous le talon»: face down; the
    # table learns it when the talon is shown to be paid («Le talon se paye sur la valeur des
    # cartes qu'il contient») — the deal's result —, not before (issue 9).
    state = run(ECARTE, quinola_force=True)
    assert state.results[-1].quinola == "ecarte"
    assert state.statistics()["quinola_ecarte"] == 1
    assert state.view(1).last_result.quinola == "ecarte"
    state, chance = start(ECARTE, quinola_force=True)
    play(state, chance, ECARTE.moves()[:2])  # seat 3 declines, seat 2 puts the J♥ in
    assert state.ecart_card[2] == cards("JH")[0]
    assert state.view(2).quinola == "ecarte"
    assert [state.view(s).quinola for s in (0, 1, 3)] == [None, None, None]
    assert state.public_view().quinola is None and "ecarte" not in shown(state.public_view())
    assert state.statistics()["quinola_ecarte"] == 0
    play(state, chance, ECARTE.moves()[2:-1])  # every trick but the last card
    assert state.view(0).quinola is None and state.statistics()["quinola_ecarte"] == 0


def test_a_sample_of_another_seat_s_information_does_not_keep_the_quinola_in_the_ecart():
    # What seat 2 put in the talon is hidden from seat 0: in a sample of seat 0's information
    # set, seat 2's écart is whatever card now lies in its place, and the quinola is «écarté»
    # only when it lies there (issue 9).
    import random
    state, chance = start(ECARTE, quinola_force=True)
    play(state, chance, ECARTE.moves()[:4])  # the whole écart; the dealer puts the A♣ in
    jh = cards("JH")[0]
    flags = set()
    for k in range(40):
        other = state.determinize(0, random.Random(k))
        assert other.ecart_card[0] == state.ecart_card[0] and other.hands[0] == state.hands[0]
        assert other.ecart_card[2] in other.talon and other.taken[2] in other.hands[2]
        assert (other.quinola == "ecarte") == (jh in other.talon and jh in other.ecart_card)
        flags.add(other.quinola)
    # an exact sample puts the J♥ in seat 2's écart only where seat 2 could have put it there
    # (a lone quinola, no other heart in its hand): rare in seat 0's information set
    assert None in flags
    assert state.determinize(2, random.Random(0)).quinola == "ecarte"  # seat 2 knows


def test_a_lone_quinola_may_be_put_in_the_ecart_in_the_first_two_rounds_with_first_two_deals():
    # [001] «il l'est toujours dans les deux premiers tours» — §2(d) reading (b): in the first
    # two rounds of deals an unguarded quinola may always be put in the écart.
    state, chance = dealt(LONE, LONE_TALON, first_two="deals")
    play(state, chance, "pass pass")
    assert "JH" in state.legal_action_strings()


def test_after_two_rounds_of_deals_the_lone_quinola_stays_with_first_two_deals():
    # §2(d)(b): «and afterwards only under the quinola forcé agreement» — deal 9 with 4 players.
    from tests.helpers import reversis_deck
    stack = reversis_deck(LONE, LONE_TALON)
    for force, expected in ((False, False), (True, True)):
        state = REVERSIS.new_initial_state(4, {"first_two": "deals", "deals": 9, "quinola_force": force})
        chance = StackedChance([[]] * 8 + [stack], seed=5)
        while state.match.deal_number < 8:
            advance_chance(state, chance)
            state.apply_action(state.legal_actions()[0])
        play(state, chance, "pass pass")
        assert state.match.dealer == 0 and state.current_player() == 1
        assert ("JH" in state.legal_action_strings()) is expected


def test_the_quinola_put_in_the_ecart_refreshes_the_pool_when_nobody_wins_it():
    # [001] «Dans les cas où le quinola est écarté… & que personne ne gagne la poule, chacun
    # remet deux jettons pour la rafraîchir»
    state = run(ECARTE, total=2, quinola_force=True)  # a deal follows: the pool refreshed for it
    result = state.results[-1]
    assert result.quinola == "ecarte" and result.pool_winner is None
    assert result.talon == cards("AS AD JH AC") and result.talon_value == 17
    assert entries(state, "pool refreshed") == [(3, "poule", 2), (2, "poule", 2), (1, "poule", 2), (0, "poule", 2)]
    assert state.match.pots == {"poule": 16}
    assert state.match.counters == [79, 96, 113, 96]


def test_the_pool_is_not_refreshed_after_the_matchs_last_deal():
    # The refresh is for the next deal (« pour la rafraîchir »): after the last one nobody
    # would play for it, and the counters would be lost to every player.
    state = run(ECARTE, quinola_force=True)  # a match of this one deal
    assert state.is_terminal() and state.results[-1].pool_winner is None
    assert entries(state, "pool refreshed") == []
    assert state.match.pots == {"poule": 8}
    assert state.match.counters == [81, 98, 115, 98]


def test_with_five_players_and_a_talon_of_two_only_the_first_two_may_exchange():
    # R4: «if there are fewer talon cards than non-dealers (5 players/talon 2), only the first t
    # players in order may exchange»
    state, chance = start(FIVE)
    assert state.current_player() == 4
    play(state, chance, "pass")
    assert state.current_player() == 3
    play(state, chance, "pass")
    assert state.current_player() == 0
    assert "pass" not in state.legal_action_strings()
    assert state.peeked[4] == cards("JH")[0] and state.peeked[3] == cards("AS")[0]
    assert state.public_view().ecart == (None, None, None, "declined", "declined")


ALL_HEARTS = ["2H 3H 4H 5H 6H 7H 8H 9H JH QH KH AH",
              "2S 3S 4S 5S 6S 7S 8S 9S JS QS KS",
              "AS 2D 3D 4D 5D 6D 7D 8D 9D JD QD",
              "KD AD 2C 3C 4C 5C 6C 7C 8C 9C JC"]


def test_a_dealer_holding_only_hearts_must_still_discard_one_of_them():
    # [001] «Mais il est obligé d'y mettre… celle de ses cartes qu'il juge à-propos» prevails
    # over «personne n'en peut écarter» when he has nothing else.
    state, chance = dealt(ALL_HEARTS, "QC KC AC")
    play(state, chance, "pass pass pass")
    assert state.legal_action_strings() == ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "JH", "QH", "KH", "AH"]
    play(state, chance, "2H")
    assert state.talon == list(cards("QC KC AC 2H"))


def test_a_dealer_holding_only_hearts_may_put_the_quinola_in_the_ecart():
    # [001] «celle de ses cartes qu'il juge à-propos» — any heart, the quinola too; it is then
    # «écarté» (R18) like any quinola put in the talon.
    state, chance = dealt(ALL_HEARTS, "QC KC AC")
    play(state, chance, "pass pass pass JH")
    assert state.quinola == "ecarte" and state.view(0).quinola == "ecarte"
    assert state.public_view().quinola is None  # face down: the others learn it at the end
    assert state.talon == list(cards("QC KC AC JH"))


def test_determinizing_keeps_the_card_a_decliner_looked_at():
    # [001] «il est libre de voir au talon celle qu'on auroit prise» — seat 3 knows the A♠ is
    # in the talon; a sample of his information set must keep it there.
    import random
    state, chance = start(RENOUNCE)
    play(state, chance, "pass")
    for k in range(5):
        other = state.determinize(3, random.Random(k))
        assert cards("AS")[0] in other.talon
        assert other.hands[3] == state.hands[3]


def test_replay_json_of_an_unfinished_match_does_not_tell_the_quinola_put_in_the_ecart(tmp_path):
    # Issue 9: the statistics and the final public view of `replay --json` hold only what the
    # table knows: before the talon is shown, nothing of the quinola put in the écart.
    from typer.testing import CliRunner

    from academie.cli.app import app
    from academie.core.record import GameRecord, PlayerRecord

    record = GameRecord(
        game="reversis", game_version=REVERSIS.info.version, num_players=4,
        options=REVERSIS.parse_options({"quinola_force": True, "deals": 1}).model_dump(),
        players=[PlayerRecord(name=f"p{s}", kind="random") for s in range(4)],
        decks=[ECARTE.stack()], actions=ECARTE.moves()[:8],
    )
    path = tmp_path / "ecarte.json"
    path.write_text(record.dumps())
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["complete"] is False
    assert data["statistics"]["quinola_ecarte"] == 0
    assert data["final_state"]["quinola"] is None
