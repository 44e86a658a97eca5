"""Scenario tests: a player met by another (source 002, « Ordre du jeu »; REFERENCE 3(a)6,
L4, L5, option meeting_destination)."""

from tests.helpers import blason_state, throw


def test_met_player_pays_and_goes_to_the_movers_starting_square_l4():
    # [002] «Celui qui sera rencontré d'un autre payera le prix convenu, & ira prendre la place
    # de son compagnon.» Seat 0: 4, then 4+3 = 7 where seat 1 stands.
    state, chance = blason_state("4 7 3", players=2)
    throw(state, chance, 3)
    assert state.position == [7, 4]
    assert state.match.counters == [19, 18]  # the mover pays nothing
    assert state.match.pots["pot"] == 3
    entry = state.match.ledger.entries[-1]
    assert (entry.source, entry.target, entry.amount) == (1, "pot", 1)
    assert entry.reason.startswith("met by another")
    move = state.public_view().moves[-1]
    assert (move.seat, move.origin, move.landed, move.dest) == (0, 4, 7, 7)
    assert "meets seat 1, who pays and goes to 4" in move.events
    assert state.statistics()["meetings"] == 1
    assert state.current_player() == 1


def test_met_by_a_player_entering_the_board_goes_back_to_the_start_l4():
    # L4: «If that square is "off-board" (start), he goes back to start.»
    state, chance = blason_state("4 4", players=2)
    throw(state, chance, 2)
    assert state.position == [0, 4]
    assert state.match.counters == [18, 19]


def test_meeting_uses_the_price_option():
    # [002] «payera le prix convenu» — the agreed price (L8).
    state, chance = blason_state("4 7 3", players=2, price=4)
    throw(state, chance, 3)
    assert state.match.counters == [19, 15]


def test_meeting_on_26_after_a_casque_jump_l5():
    # L5: «On 26 (after a jump): apply rule 6 (occupant of 26 pays and goes to the jumper's
    # starting square).» Seat 0: 5, then 5+4 = 9, a casque → 26 where seat 1 (first nine) stands.
    state, chance = blason_state("5 9 4", players=2)
    throw(state, chance, 3)
    assert state.position == [26, 5]
    assert state.match.counters == [18, 17]  # seat 0: entry, casque; seat 1: entry, nine, met
    assert state.match.pots["pot"] == 5
    move = state.public_view().moves[-1]
    assert (move.origin, move.landed, move.dest) == (5, 9, 26)


def test_meeting_on_26_after_a_jump_swap_option():
    # L4 option 'swap': the occupant goes where the mover landed before jumping (here the
    # casque on 9 — he is put there without paying it again).
    state, chance = blason_state("5 9 4", players=2, meeting_destination="swap")
    throw(state, chance, 3)
    assert state.position == [26, 9]
    assert state.match.counters == [18, 17]


def test_swap_option_without_a_jump_is_the_movers_start():
    # L4 'swap' only differs after a jump: a plain meeting still sends to the mover's start.
    state, chance = blason_state("4 7 3", players=2, meeting_destination="swap")
    throw(state, chance, 3)
    assert state.position == [7, 4]


def test_first_nine_onto_an_occupied_26_sends_the_occupant_to_the_start():
    # [002] «passera à 26» + «Celui qui sera rencontré … ira prendre la place de son compagnon»:
    # seat 1's first nine meets seat 0 on 26; seat 1 came from the start.
    state, chance = blason_state("9 9", players=2)
    throw(state, chance, 2)
    assert state.position == [0, 26]
    assert state.match.counters == [17, 18]
    assert state.match.pots["pot"] == 5


def test_meeting_on_12_after_the_jump_from_6():
    # [002] «passera au chiffre 12» then «Celui qui sera rencontré…»: the occupant of 12 goes
    # to the mover's start (2); the mover pays square 6, the met player the meeting.
    state, chance = blason_state("2 12 4", players=2)
    throw(state, chance, 3)
    assert state.position == [12, 2]
    assert state.match.counters == [18, 18]
    reasons = [e.reason for e in state.match.ledger.entries[-2:]]
    assert reasons[0].startswith("square 6")
    assert reasons[1].startswith("met by another")


def test_meeting_on_12_after_the_jump_from_6_swap_option():
    # L4 'swap': the occupant of 12 goes to 6, where the mover landed before jumping.
    state, chance = blason_state("2 12 4", players=2, meeting_destination="swap")
    throw(state, chance, 3)
    assert state.position == [12, 6]
