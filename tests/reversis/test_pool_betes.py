"""Scenario tests: the pool (poule), its refreshing, and the bêtes carried from deal to deal,
lifted one at a time, the largest first (source 001; REFERENCE.md §2 rules 17, 20, 21, R9)."""

from tests.reversis.support import (
    CHOICE,
    FORCED,
    LED,
    LEDFORCED,
    QUIET,
    RENOUNCE,
    SLAM,
    SLAMQ,
    entries,
    rotated,
    run,
    start,
    total,
)


def test_each_player_antes_two_counters_to_form_the_pool():
    # R9(i): «each player antes P (default 2, cf. "deux jettons" rules 20 & 28) to form the poule»
    state, _ = start(QUIET)
    assert entries(state, "pool ante") == [(3, "poule", 2), (2, "poule", 2), (1, "poule", 2), (0, "poule", 2)]
    assert state.match.pots == {"poule": 8}
    assert state.public_view().pool == 8
    assert state.match.counters == [98, 98, 98, 98]


def test_the_ante_follows_the_pool_ante_option():
    # R9: «The seed… does not give its stake»: pool_ante agreed before play.
    state, _ = start(QUIET, pool_ante=5)
    assert state.match.pots == {"poule": 20}


def test_each_player_brings_the_agreed_counters():
    # R9: «counters each player brings» (counters 50: 48 left after the ante)
    state, _ = start(QUIET, counters=50)
    assert state.match.counters == [48, 48, 48, 48]


def test_the_pool_is_refreshed_when_the_quinola_was_forced_and_nobody_won_it():
    # [001] «Dans les cas où le quinola est écarté ou forcé, & que personne ne gagne la poule,
    # chacun remet deux jettons pour la rafraîchir»
    state = run(FORCED, total=2)
    assert entries(state, "pool refreshed") == [(3, "poule", 2), (2, "poule", 2), (1, "poule", 2), (0, "poule", 2)]
    assert state.match.pots["poule"] == 16


def test_the_pool_is_not_refreshed_when_the_holder_led_the_quinola_by_choice():
    # [001] «Dans les cas où le quinola est écarté ou forcé» (R18) — seat 3 leads the quinola
    # while he keeps the 6♥: a bête, but neither écarté nor forcé.
    state = run(LED, total=2)
    assert entries(state, "pool refreshed") == []
    assert state.match.pots == {"poule": 8, "bête 1": 8}


def test_with_refresh_every_bete_the_quinola_led_by_choice_refreshes_the_pool():
    # R18 option every_bete: every quinola that made the bête counts with the forced ones.
    state = run(LED, total=2, refresh="every_bete")
    assert entries(state, "pool refreshed") == [(3, "poule", 2), (2, "poule", 2), (1, "poule", 2), (0, "poule", 2)]
    assert state.match.pots == {"poule": 16, "bête 1": 8}


def test_the_quinola_given_on_hearts_by_choice_does_not_refresh_the_pool():
    # [001] «écarté ou forcé» (R18) — seat 2 gives the J♥ on trick 1 keeping the 5♥: the bête,
    # no forcer paid, and no refresh; the FORCED deal, where it was his only heart, refreshes.
    state = run(CHOICE, total=2)
    assert entries(state, "bête") == [(2, "bête 1", 8)]
    assert entries(state, "quinola forced") == []
    assert entries(state, "pool refreshed") == []
    assert state.match.pots == {"poule": 8, "bête 1": 8}
    assert len(entries(run(FORCED, total=2), "pool refreshed")) == 4


def test_the_quinola_led_as_the_only_heart_of_the_first_lead_is_forced():
    # [001] «Le premier en cartes doit toujours commencer par jouer du cœur s'il en a» — seat 3's
    # only heart is the quinola: he must lead it, so it is «forcé» and the pool is refreshed.
    state = run(LEDFORCED, total=2)
    assert state.results[-1].quinola == "bete"
    assert entries(state, "quinola forced") == []  # nobody made it go but the rule
    assert entries(state, "pool refreshed") == [(3, "poule", 2), (2, "poule", 2), (1, "poule", 2), (0, "poule", 2)]


def test_the_pool_is_not_refreshed_when_the_quinola_stayed_in_the_talon():
    # [001] «Dans les cas où le quinola est écarté ou forcé» — dealt to the talon and left there,
    # it was neither: the pool of 8 carries over and no new ante is made next deal.
    state = run([QUIET, rotated(QUIET, 3)])
    assert entries(state, "pool refreshed") == []
    assert entries(state, "pool ante", deal=1) == []
    assert state.match.pots == {"poule": 8}


def test_a_won_pool_is_formed_again_at_the_next_deal():
    # R9(i): the pool is formed by an ante each time it is empty.
    state = run([RENOUNCE, rotated(QUIET, 3)])
    assert state.results[0].pots == (("poule", 0),)
    assert entries(state, "pool ante", deal=1) == [(2, "poule", 2), (1, "poule", 2), (0, "poule", 2), (3, "poule", 2)]


def test_betes_are_won_alone_one_per_deal_the_largest_first_and_the_pool_waits():
    # [001] «on ne paye les bêtes qui sont sur le jeu, qu'après les avoir levées, & encore l'une
    # après l'autre, faisant mettre la plus grosse la premiere. Il n'y a que les bêtes de renonce
    # qui se payent avec une autre ou avec la poule» (R19 default: alone)
    deals = [FORCED, rotated(FORCED, 3), rotated(RENOUNCE, 2), rotated(RENOUNCE, 1), RENOUNCE]
    state = run(deals)
    first, second, third, fourth, fifth = state.results
    assert dict(first.pots) == {"poule": 16, "bête 1": 8}
    assert dict(second.pots) == {"poule": 24, "bête 1": 8, "bête 2": 16}
    # deal 3: seat 0 throws the quinola on a renounce and wins the larger bête, not the pool
    assert (third.claimant, third.pool_winner) == (0, None)
    assert entries(state, "lifted", deal=2) == [("bête 2", 0, 16)]
    assert entries(state, "the pool [001]", deal=2) == []
    assert entries(state, "pool refreshed", deal=2) == []
    # the bête lifted is empty for good: it leaves the game, and the results that follow
    assert third.pots == (("poule", 24), ("bête 1", 8)) and "bête 2" not in state.match.pots
    # deal 4: seat 3 wins the last bête; deal 5: no bête is left, seat 2 wins the pool of 24
    assert entries(state, "lifted", deal=3) == [("bête 1", 3, 8)]
    assert (fourth.pool_winner, fifth.pool_winner) == (None, 2)
    assert entries(state, "the pool [001]", deal=4) == [("poule", 2, 24)]
    assert entries(state, "lifted", deal=4) == []
    assert state.match.counters == [110, 71, 127, 92]
    assert total(state) == 400


def test_with_betes_with_pool_the_pool_winner_also_lifts_the_largest_bete():
    # [001] «on ne paye les bêtes… qu'après les avoir levées, & encore l'une après l'autre,
    # faisant mettre la plus grosse la premiere» (R19 option with_pool, R9(iv): one per deal)
    deals = [FORCED, rotated(FORCED, 3), rotated(RENOUNCE, 2), rotated(RENOUNCE, 1)]
    state = run(deals, betes="with_pool")
    first, second, third, fourth = state.results
    # deal 1: seat 2 makes a bête of the pool (8); the pool is refreshed to 16
    assert dict(first.pots) == {"poule": 16, "bête 1": 8}
    # deal 2: seat 1 makes a bête of the pool, now 16; refreshed to 24
    assert entries(state, "bête", deal=1) == [(1, "bête 2", 16)]
    assert dict(second.pots) == {"poule": 24, "bête 1": 8, "bête 2": 16}
    # deal 3: seat 0 throws the quinola on a renounce: the pool and the larger bête only
    assert third.pool_winner == 0
    assert entries(state, "lifted", deal=2) == [("bête 2", 0, 16)]
    assert third.pots == (("poule", 0), ("bête 1", 8))
    # deal 4: a new pool of 8; seat 3 wins it and lifts the remaining bête
    assert fourth.pool_winner == 3
    assert entries(state, "the pool [001]", deal=3) == [("poule", 3, 8)]
    assert entries(state, "lifted", deal=3) == [("bête 1", 3, 8)]
    assert state.public_view().betes == ()
    assert total(state) == 400 and state.match.ledger.net("bête 1") == 0


def test_the_reversis_wins_the_pool_and_leaves_the_bete_on_the_game():
    # [001] «Faire le reversis… c'est gagner… la poule» — «Il n'y a que les bêtes de renonce qui
    # se payent… avec la poule» (R19 default): the bête of 8 stays.
    state = run([FORCED, rotated(SLAM, 3)])
    result = state.results[-1]
    assert result.reversis == 2 and result.pool_winner == 2
    assert entries(state, "the pool [001]", deal=1) == [("poule", 2, 16)]
    assert entries(state, "lifted") == []
    assert result.pots == (("poule", 0), ("bête 1", 8))


def test_with_betes_with_pool_the_reversis_lifts_the_largest_bete_with_the_pool():
    # [001] «Faire le reversis… c'est gagner… la poule» — and with it a bête on the game
    # (R19 option with_pool, R9(iv)).
    state = run([FORCED, rotated(SLAM, 3)], betes="with_pool")
    result = state.results[-1]
    assert result.reversis == 2 and result.pool_winner == 2
    assert entries(state, "the pool [001]", deal=1) == [("poule", 2, 16)]
    assert entries(state, "lifted", deal=1) == [("bête 1", 2, 8)]


def test_a_bete_the_reversis_made_in_the_deal_comes_back_to_him():
    # [001] «une remise de tous les jettons que celui qui fait le reversis, a pu payer dans le
    # coup» — seat 3 takes every trick but leads the quinola on the last one: the bête of 8 he
    # put on the game in that deal is returned to him with his other payments (A♣ and A♦ on a
    # renounce, 1 each), and the pool he won holds his ante.
    state = run(SLAMQ)
    assert state.results[-1].quinola == "bete" and state.results[-1].reversis == 3
    assert [e for e in entries(state) if "bête 1" in e] == [(3, "bête 1", 8), ("bête 1", 3, 8)]
    assert entries(state, "returned to the reversis") == [(1, 3, 1), (0, 3, 1), ("bête 1", 3, 8)]
    assert entries(state, "the pool [001]") == [("poule", 3, 8)]
    assert entries(state, "pool refreshed") == []
    assert state.match.pots == {"poule": 0}  # the bête emptied leaves the game
    assert state.results[-1].pots == (("poule", 0),)
    assert state.public_view().betes == ()
    assert state.match.counters == [96, 96, 96, 112]  # 98 after the ante, +8 pool, +6 fees
