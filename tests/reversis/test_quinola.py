"""Scenario tests: the quinola (J♥) — thrown on a renounce, forced on a heart lead, led by its
holder, forced in the first two tricks (source 001; REFERENCE.md §2 rules 15–19, R10–R12)."""


from tests.helpers import play
from tests.reversis.support import (
    FORCED,
    LATE,
    LATE_MOVES,
    LATE_TALON,
    LED,
    RENOUNCE,
    dealt,
    entries,
    refused,
    run,
    start,
    to_trick,
)

# FORCED's hands, played so that the quinola is the highest heart of trick 1 (it wins it).
QUINOLA_WINS = "pass pass pass 2D 2H JH 7H 3H"


def test_quinola_thrown_on_a_renounce_is_paid_two_marques_by_the_trick_winner():
    # [001] «Celui qui prend la levée où le quinola se trouve en renonce, paye deux marques ou
    # plus, à celui qui l'a jetté sur trefle, pique ou quarreau»
    state, _ = to_trick(RENOUNCE, 3)
    assert entries(state, "quinola on a renounce") == [(1, 2, 2)]
    assert state.quinola == "renounce" and state.claimant == 2
    assert state.public_view().quinola == "renounce"


def test_quinola_thrown_on_a_renounce_wins_the_pool():
    # [001] «Lorsque le valet de cœur ou le quinola est jetté en renonce, celui qui s'en défait,
    # gagne le jeu»
    state = run(RENOUNCE)
    result = state.results[-1]
    assert (result.quinola, result.claimant, result.pool_winner) == ("renounce", 2, 2)
    assert entries(state, "the pool [001]") == [("poule", 2, 8)]
    assert (result.talon_winner, result.talon_payers, result.talon_value) == (2, (1,), 15)
    assert state.match.counters == [98, 81, 123, 98]
    assert state.match.pots == {"poule": 0}


def test_the_quinola_fee_counts_marques_of_the_agreed_value():
    # [001] «paye deux marques ou plus» (R14: quinola_marques × marque counters)
    state, _ = to_trick(RENOUNCE, 3, quinola_marques=3, marque=5)
    assert entries(state, "quinola on a renounce") == [(1, 2, 15)]


def test_quinola_forced_on_a_heart_lead_makes_the_bete_and_pays_the_forcer():
    # [001] «Celui qui est forcé de donner le quinola sur du cœur… fait la bête de ce qu'il y a
    # sur le jeu» — «Celui qui fait partir le quinola, gagne à celui qui le lâche, quatre
    # jettons ou plus, & un à chaque joueur» (R10 default: the others pay the forcer 1 each;
    # R11 default: the forcer is the leader, seat 3)
    state, _ = to_trick(FORCED, 2)
    assert state.quinola == "bete"
    assert entries(state, "bête") == [(2, "bête 1", 8)]
    assert entries(state, "quinola forced") == [(2, 3, 4), (0, 3, 1), (1, 3, 1)]
    assert state.public_view().betes == (("bête 1", 8),)


def test_quinola_forced_settlement_of_the_deal():
    # [001] «fait la bête de ce qu'il y a sur le jeu» and «chacun remet deux jettons pour la
    # rafraîchir»: the bête stays on the game, the pool is refreshed.
    state = run(FORCED, total=2)  # a deal follows: the pool refreshed for it
    result = state.results[-1]
    assert (result.quinola, result.pool_winner) == ("bete", None)
    assert (result.talon_winner, result.talon_payers) == (2, (0,))
    assert state.match.counters == [80, 95, 99, 102]
    assert state.match.pots == {"poule": 16, "bête 1": 8}


def test_quinola_forced_holder_pays_each_player_one_with_holder_pays_each():
    # [001] «gagne à celui qui le lâche, quatre jettons ou plus, & un à chaque joueur» (R10
    # option: the holder pays 4 to the forcer and 1 to every other player)
    state, _ = to_trick(FORCED, 2, quinola_force_payers="holder_pays_each")
    assert entries(state, "quinola forced") == [(2, 3, 4), (2, 0, 1), (2, 1, 1)]


def test_quinola_forcer_is_the_trick_winner_with_forcer_trick_winner():
    # [001] «Celui qui fait partir le quinola» (R11 option: the winner of the trick, seat 0's K♥)
    state, _ = to_trick(FORCED, 2, forcer="trick_winner")
    assert entries(state, "quinola forced") == [(2, 0, 4), (1, 0, 1), (3, 0, 1)]


def test_the_forcing_fee_follows_the_agreement():
    # [001] «quatre jettons ou plus… selon la convention faite avant de jouer»
    state, _ = to_trick(FORCED, 2, quinola_force_fee=6)
    assert entries(state, "quatre jettons") == [(2, 3, 6)]


def test_quinola_forced_and_winning_its_trick_still_pays_the_leader():
    # [001] «Celui qui fait partir le quinola, gagne à celui qui le lâche» — the leader made it go
    # even though the J♥ is the best heart of the trick.
    state, chance = start(FORCED)
    play(state, chance, QUINOLA_WINS)
    assert state.view(0).tricks_won == (0, 0, 1, 0)
    assert entries(state, "quinola forced") == [(2, 3, 4), (0, 3, 1), (1, 3, 1)]


def test_quinola_forced_and_winning_its_trick_never_pays_its_holder_with_forcer_trick_winner():
    # [001] «Celui qui fait partir le quinola, gagne à celui qui le lâche, quatre jettons ou plus,
    # & un à chaque joueur» — the holder who lets it go pays; he never collects for it.
    state, chance = start(FORCED, forcer="trick_winner")
    play(state, chance, QUINOLA_WINS)
    assert state.view(0).tricks_won == (0, 0, 1, 0)
    assert all(target != 2 for _, target, _ in entries(state, "quinola forced"))


def test_quinola_led_by_its_holder_makes_the_bete_without_forcing_fee():
    # [001] «Celui qui est forcé de donner le quinola sur du cœur, ou qui le joue lui-même…
    # fait la bête» — nobody made it go, so nobody is paid the four counters; led by choice it
    # was not «écarté ou forcé», so the pool is not refreshed (R18).
    state = run(LED)
    assert entries(state, "bête") == [(3, "bête 1", 8)]
    assert entries(state, "quinola forced") == []
    assert state.results[-1].quinola == "bete"
    assert state.match.counters == [83, 98, 113, 90]
    assert state.match.pots == {"poule": 8, "bête 1": 8}


def test_quinola_must_go_on_the_first_renounce_in_the_first_two_tricks():
    # [001] «Quoiqu'on ne joue point au quinola forcé, il l'est toujours dans les deux premiers
    # tours» (R12(a): in tricks 1–2 its holder must throw it on his first renounce)
    state, chance = to_trick(RENOUNCE, 2)
    play(state, chance, "2S 3S")
    assert state.current_player() == 2
    assert state.legal_action_strings() == ["JH"]
    err = refused(state, "3C")
    assert "in the first two tricks the quinola goes on the first renounce" in str(err)


def test_after_two_tricks_the_holder_may_keep_the_quinola_on_a_renounce():
    # [001] «après lesquels il est libre de le garder ou de le jetter, fût-il seul»
    state, chance = dealt(LATE, LATE_TALON)
    play(state, chance, LATE_MOVES)
    assert state.trick_number == 2 and state.current_player() == 2
    legal = state.legal_action_strings()
    assert "JH" in legal and "6D" in legal and len(legal) == 9
    play(state, chance, "9D")
    assert state.quinola is None


def test_after_two_tricks_the_holder_may_throw_the_quinola_on_a_renounce():
    # [001] «il est libre de le garder ou de le jetter» — thrown on trick 3, won by 3's 8♠.
    state, chance = dealt(LATE, LATE_TALON)
    play(state, chance, LATE_MOVES + " JH")
    assert (state.quinola, state.claimant) == ("renounce", 2)
    assert entries(state, "quinola on a renounce") == [(3, 2, 2)]


def test_first_two_deals_leaves_the_quinola_free_in_the_first_two_tricks():
    # §2(d) reading (b) of «il l'est toujours dans les deux premiers tours»: rounds of deals,
    # not tricks — the holder need not throw it on his first renounce.
    state, chance = to_trick(RENOUNCE, 2, first_two="deals")
    play(state, chance, "2S 3S")
    legal = state.legal_action_strings()
    assert legal == ["8H", "JH", "KH", "3D", "8D", "KD", "3C", "4C", "7C", "QC"]


def test_a_guarded_quinola_given_on_a_heart_lead_makes_the_bete_but_pays_no_forcer():
    # [001] «Celui qui est forcé de donner le quinola sur du cœur, ou qui le joue lui-même… fait la
    # bête»: seat 2 keeps 3♥, so giving J♥ is his own choice — the bête, but §2(d): forcing means
    # having no other heart, so nobody «fait partir» it and no fee is paid.
    state, chance = dealt(LATE, LATE_TALON)
    play(state, chance, "pass pass pass KD 2H JH 4H 5H")
    assert entries(state, "bête") == [(2, "bête 1", 8)]
    assert entries(state, "quinola forced") == []
