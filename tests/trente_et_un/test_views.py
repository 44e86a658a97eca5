"""Scenario tests: what each seat may see (its own hand and draws, the pile, cards others took
from the pile), and what it may not (others' hands, others' stock draws)."""

from academie.cards import parse_card, parse_cards
from tests.helpers import play, t31_deck, t31_state

DECK = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C", draws="QD")


def codes(text):
    return tuple(sorted(parse_cards(text)))


def test_a_seat_sees_its_own_hand_but_not_the_others():
    # [003] «Trois cartes chacun. Une carte est retournée» — the hands face down, the up card shown.
    state, _ = t31_state([DECK], players=3)
    view = state.view(1)
    assert view.seat == 1
    assert view.hand == codes("KH 9H 4C")
    assert view.hand_value == 19
    assert view.known == (codes(""), codes("KH 9H 4C"), codes(""))
    assert view.hand_sizes == (3, 3, 3)
    assert view.up_card == parse_card("7C")
    assert state.view(2).hand == codes("7D 8D 2H")
    public = state.public_view()
    assert public.hand == () and public.known == ((), (), ())


def test_a_card_taken_from_the_pile_is_known_to_everyone_until_discarded():
    # [003] «celle du dessus de la défausse» — taken face up: the table saw it.
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "pile 4C")
    assert state.view(2).known[1] == codes("7C")
    assert state.view(0).known[1] == codes("7C")
    assert state.public_view().known[1] == codes("7C")
    assert state.view(0).hand == codes("2S 3S 5D")
    # seat 2 takes the 4♣ and throws back the 2♥; then seat 0 takes the 2♥ and keeps it
    play(state, chance, "pile 2H pile 5D")
    assert state.view(1).known[2] == codes("4C")
    assert state.view(1).known[0] == codes("2H")
    # seat 1 takes the 5♦ and throws the 7♣ it took earlier: only the 5♦ is known now
    play(state, chance, "pile 7C")
    assert state.view(2).known[1] == codes("5D")


def test_own_stock_draw_is_visible_in_the_log_but_not_anothers():
    # [003] «Piochez la carte du dessus du talon» — face down: only the drawer sees it.
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "stock")
    qd = parse_card("QD")
    assert ("stock", 1, qd) in state.view(1).log
    assert qd in state.view(1).hand
    assert state.view(1).hand_value is None  # four cards in hand
    for view in (state.view(2), state.view(0), state.public_view()):
        assert ("stock", 1, None) in view.log
        assert all(card != qd for _, _, card in view.log)
        assert qd not in view.hand
        assert view.hand_sizes == (3, 4, 3)
    # once discarded, the Q♦ is public
    play(state, chance, "QD")
    assert ("discard", 1, qd) in state.view(2).log
    assert state.view(2).up_card == qd


def test_all_hands_are_shown_after_a_knock():
    # [003] «après quoi toutes les mains sont montrées»
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "knock pile 7C pile 7C")
    result = state.view(2).last_result
    assert result is not None and result.ending == "knock"
    assert {s: tuple(sorted(h)) for s, h in result.hands.items()} == {
        0: codes("2S 3S 5D"),
        1: codes("KH 9H 4C"),
        2: codes("7D 8D 2H"),
    }
    assert state.view(0).to_json()["last_result"]["hands"]["1"] == ["KH", "9H", "4C"]
