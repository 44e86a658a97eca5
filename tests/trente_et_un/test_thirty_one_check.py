"""T4: when a 31 is shown — after the discard (default) or as soon as the draw makes it."""

from academie.cards import parse_card
from tests.helpers import play, t31_deck, t31_state

DECK = t31_deck(["2S 3S 4S", "AH KH 2C", "5D 6D 8D"], up="QH")


def test_after_discard_the_player_still_chooses_the_discard():
    # [003] «Vous avez toujours exactement trois cartes» — 31 is checked with three cards (T4).
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "pile")
    assert state.current_player() == 1 and len(state.hands[1]) == 4
    assert state.results == []
    play(state, chance, "2C")
    assert state.results[0].ending == "thirty_one"
    assert state.results[0].lives_lost == {0: 1, 2: 1}


def test_on_draw_shows_the_31_at_once_and_discards_the_fourth_card():
    # [003] «Si vous détenez à un moment trois cartes… totalisant exactement 31, montrez-les
    # aussitôt» read as soon as the draw makes it (T4 option on_draw).
    state, chance = t31_state([DECK], players=3, thirty_one_check="on_draw")
    play(state, chance, "pile")
    result = state.results[0]
    assert result.ending == "thirty_one" and result.shown_by == 1
    assert sorted(result.hands[1]) == sorted(parse_card(c) for c in ("AH", "KH", "QH"))
    assert result.lives_lost == {0: 1, 2: 1}
