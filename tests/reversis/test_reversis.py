"""Scenario tests: the reversis — one player takes every trick (source 001 «Faire le reversis»;
REFERENCE.md §2 rules 28, 29)."""

from tests.reversis.support import SLAM, ZERO, entries, run


def test_the_reversis_wins_the_pool_and_two_counters_from_each_player():
    # [001] «Faire le reversis… c'est gagner, en faisant toutes les levées, la poule, deux
    # jettons de chaque joueur»
    state = run(SLAM)
    result = state.results[-1]
    assert result.tricks == (0, 0, 0, 11)
    assert (result.reversis, result.pool_winner) == (3, 3)
    assert entries(state, "deux jettons de chaque joueur") == [(2, 3, 2), (1, 3, 2), (0, 3, 2)]
    assert entries(state, "the pool [001]") == [("poule", 3, 8)]


def test_the_reversis_gets_back_what_he_paid_during_the_deal():
    # [001] «& ceux qu'on a pu payer dans le coup» — the A♣ (1), the quinola (2), the A♦ (1)
    state = run(SLAM)
    paid = [(s, t, a) for s, t, a in entries(state, "[001]") if s == 3 and isinstance(t, int)]
    assert paid == [(3, 1, 1), (3, 2, 2), (3, 0, 1)]
    assert entries(state, "returned to the reversis") == [(1, 3, 1), (2, 3, 2), (0, 3, 1)]


def test_the_reversis_deprives_the_quinola_thrown_on_a_renounce_of_its_rights():
    # [001] «& priver le quinola jetté en renonce, de ses droits ordinaires» — seat 2 threw it on
    # trick 2, yet wins neither the pool nor the two marques.
    state = run(SLAM)
    result = state.results[-1]
    assert (result.quinola, result.claimant, result.pool_winner) == ("renounce", 2, 3)
    assert state.match.ledger.net(2) == -4  # his ante and the reversis fee; the marques returned


def test_the_reversis_is_exempt_from_paying_the_talon():
    # [001] «Le reversis est exempt de payer le talon» — he has every point; nobody pays.
    state = run(SLAM)
    result = state.results[-1]
    assert result.points == (0, 0, 0, 29)
    assert (result.talon_winner, result.talon_payers, result.talon_value) == (0, (), 15)
    assert entries(state, "the talon") == []
    assert state.match.counters == [96, 96, 96, 112]
    assert state.match.pots == {"poule": 0}


def test_with_talon_payer_all_others_the_reversis_still_pays_no_talon():
    # [001] «Le reversis est exempt de payer le talon» (R8 option all_others: 2 and 1 pay)
    state = run(SLAM, talon_payer="all_others")
    assert state.results[-1].talon_payers == (2, 1)
    assert entries(state, "the talon") == [(2, 0, 15), (1, 0, 15)]


def test_with_reversis_talon_next_most_the_next_highest_pays_the_talon():
    # [001] «Le reversis est exempt de payer le talon» (R20 option next_most): the others have
    # no point; the first of them from the dealer's right (seat 2) pays the talon of 15.
    state = run(SLAM, reversis_talon="next_most")
    assert state.results[-1].talon_payers == (2,)
    assert entries(state, "the talon") == [(2, 0, 15)]
    assert state.match.counters == [111, 96, 81, 112]


def test_the_reversis_fee_follows_the_agreement():
    # [001] «deux jettons de chaque joueur» (reversis_fee 5)
    state = run(SLAM, reversis_fee=5)
    assert entries(state, "deux jettons de chaque joueur") == [(2, 3, 5), (1, 3, 5), (0, 3, 5)]


def test_ten_tricks_of_eleven_are_no_reversis():
    # [001] «en faisant toutes les levées» — the dealer took the last trick: the quinola thrown
    # on a renounce keeps its rights and the ten-trick player pays the talon.
    state = run(ZERO)
    result = state.results[-1]
    assert result.reversis is None and result.pool_winner == 2
    assert entries(state, "reversis") == []
    assert entries(state, "quinola on a renounce") == [(3, 2, 2)]
    assert result.talon_payers == (3,)
    assert state.match.counters == [99, 114, 108, 79]
