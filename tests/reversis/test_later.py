"""Scenario tests: the later ruleset (1785 sources, not in the Encyclopédie) — the ace of
diamonds double instead of the ace of hearts, the talon 4 more with the quinola 4, the broken
reversis (REFERENCE.md §2 R7, R13, R15; option ruleset)."""


from academie.games.reversis.rules import talon_value
from tests.reversis.support import (
    ACES,
    BROKEN,
    QUIET,
    SLAM,
    cards,
    entries,
    run,
    to_trick,
)


def test_later_ruleset_the_ace_of_diamonds_is_double_on_a_renounce():
    # R13: «Later rules make the ace of diamonds special (5 in the party, 2 fish on a renounce)»
    state, _ = to_trick(SLAM, 4, ruleset="later")
    assert entries(state, "on a renounce [001] «on gagne") == [(3, 1, 1), (3, 0, 2)]


def test_later_ruleset_the_ace_of_hearts_is_single():
    # R13: «Seed: the ace of hearts pays double» — not in the later ruleset.
    state, _ = to_trick(ACES, 4, ruleset="later")
    assert entries(state, "AH on a renounce") == [(1, 2, 1)]
    assert entries(state, "AC forced out") == [(0, 1, 1)]


def test_later_ruleset_the_talon_is_worth_four_more_and_the_quinola_four():
    # R7: «party/talon counted… J♥ = 4, plus 4»
    assert talon_value(cards("JH AS AC AD"), later=True) == 21  # J♥ 4, A 4, A 4, A♦ 5, and 4
    state = run(QUIET, ruleset="later")
    assert state.results[-1].talon_value == 21
    assert state.match.counters == [119, 98, 98, 77]


def test_later_ruleset_the_talon_counts_the_later_scale():
    # R7: «Later sources: trick points A 4, K 3, Q 2, J 1…; party/talon counted with the same
    # values except A♦ = 5 and J♥ = 4, plus 4» — A♠ K♠ Q♠ J♠ = 4 + 3 + 2 + 1 + 4.
    assert talon_value(cards("AS KS QS JS"), later=True) == 14
    assert talon_value(cards("AD JH"), later=True) == 13


def test_later_ruleset_a_broken_reversis_pays_the_breaker():
    # R15: «reversis is "undertaken" after the first 9 tricks and breaking it costs» — seat 3
    # took the first nine tricks, seat 1 takes the tenth.
    state = run(BROKEN, ruleset="later")
    result = state.results[-1]
    assert result.tricks == (0, 2, 0, 9) and result.reversis is None
    assert entries(state, "broken reversis") == [(3, 1, 4)]
    assert result.pool_winner == 2  # the quinola on a renounce keeps its rights
    assert (result.talon_winner, result.talon_payers, result.talon_value) == (0, (3,), 12)
    assert state.match.counters == [112, 103, 108, 77]
    assert state.statistics()["broken_reversis"] == 1


def test_later_ruleset_the_broken_fee_follows_the_agreement():
    # R15: «breaking it costs (80 fish…)» — broken_fee 10
    state = run(BROKEN, ruleset="later", broken_fee=10)
    assert entries(state, "broken reversis") == [(3, 1, 10)]


def test_the_encyclopedie_knows_no_broken_reversis():
    # R15: «Seed has no "broken reversis" penalty»
    state = run(BROKEN)
    assert entries(state, "broken reversis") == []
    assert state.results[-1].talon_value == 11
    assert state.match.counters == [110, 99, 108, 83]


def test_later_ruleset_a_reversis_made_is_not_broken_and_gets_the_double_ace_back():
    # [001] «& ceux qu'on a pu payer dans le coup» — the A♦ paid 2 in the later ruleset.
    state = run(SLAM, ruleset="later")
    assert entries(state, "broken reversis") == []
    assert entries(state, "returned to the reversis") == [(1, 3, 1), (2, 3, 2), (0, 3, 2)]
    assert state.results[-1].reversis == 3
