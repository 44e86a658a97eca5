"""Scenario tests: the pack, the deal and the talon's size with 4 and 5 players (source 001,
REFERENCE.md §2 rules 1, 2, 6, 7, 9, R1–R3, R5)."""

import pytest

from academie.cards import card_code, pack
from academie.core.errors import OptionError, PlayerCountError
from academie.games.reversis import ReversisOptions, talon_size
from tests.helpers import REVERSIS, play, reversis_deck, reversis_state
from tests.reversis.support import QUIET, Deal, cards, rotated, start


def split_pack(deck: int, sizes: list[int]) -> tuple[list[str], str]:
    """Hands of ``sizes`` cut in pack order from a ``deck``-card pack, and the rest as talon."""
    codes = [card_code(c) for c in pack(deck)]
    hands, k = [], 0
    for n in sizes:
        hands.append(" ".join(codes[k:k + n]))
        k += n
    return hands, " ".join(codes[k:])


def dealt(deck: int, sizes: list[int], **options):
    hands, talon = split_pack(deck, sizes)
    stack = reversis_deck(hands, talon)
    state, _ = reversis_state([stack], players=len(sizes), seed=None, deck=str(deck), deals=1, **options)
    return state, hands, talon


def test_four_players_48_cards_eleven_each_dealer_twelve_talon_three():
    # [001] «quarante-huit cartes… excepté trois, lorsque l'on joue quatre» — «Celui qui mêle
    # les cartes, doit toujours s'en donner une de plus» (R1: 11, 11, 11 and 12)
    state, hands, talon = dealt(48, [12, 11, 11, 11])
    assert state.view(0).hand_sizes == (12, 11, 11, 11)
    assert state.public_view().talon_size == 3
    assert state.talon == list(cards(talon))
    for seat in range(4):
        assert state.view(seat).hand == tuple(sorted(cards(hands[seat])))


def test_the_tens_are_left_out_of_the_48_card_pack():
    # [001] «Il y a quarante-huit cartes dans le jeu, les dix n'y étant pas ordinairement»
    state, _, _ = dealt(48, [12, 11, 11, 11])
    assert "10S" not in [card_code(c) for c in state.all_cards()]
    assert len(state.all_cards()) == 48


def test_52_cards_four_players_twelve_each_dealer_thirteen_talon_three():
    # [001] «Il y a cependant des endroits où l'on les laisse» (R2: 12, 12, 12, 13, talon 3)
    state, _hands, _ = dealt(52, [13, 12, 12, 12])
    assert state.view(0).hand_sizes == (13, 12, 12, 12)
    assert state.public_view().talon_size == 3
    assert "10S" in [card_code(c) for c in state.all_cards()]


def test_five_players_48_cards_talon_two_by_default():
    # [001] «deux ou sept, si l'on est cinq, qui restent au talon» (R2 default: 2; hands 9, dealer 10)
    state, _, _ = dealt(48, [10, 9, 9, 9, 9])
    assert state.view(0).hand_sizes == (10, 9, 9, 9, 9)
    assert state.public_view().talon_size == 2


def test_five_players_48_cards_talon_seven_with_talon_five_large():
    # [001] «deux ou sept» (R2 option: talon 7; hands 8, dealer 9)
    state, _, _ = dealt(48, [9, 8, 8, 8, 8], talon_five="large")
    assert state.view(0).hand_sizes == (9, 8, 8, 8, 8)
    assert state.public_view().talon_size == 7


def test_five_players_52_cards_talon_six_by_default():
    # R2: «with 52 cards… 5 players → talon 1 (10/11) or 6 (9/10)… PROPOSED DEFAULT talon 6»
    state, _, _ = dealt(52, [10, 9, 9, 9, 9])
    assert state.view(0).hand_sizes == (10, 9, 9, 9, 9)
    assert state.public_view().talon_size == 6


def test_five_players_52_cards_talon_one_with_talon_five_small():
    # R2: «5 players → talon 1 (10/11)»
    state, _, _ = dealt(52, [11, 10, 10, 10, 10], talon_five="small")
    assert state.view(0).hand_sizes == (11, 10, 10, 10, 10)
    assert state.public_view().talon_size == 1


def test_talon_five_does_not_change_the_four_player_talon():
    # [001] «excepté trois, lorsque l'on joue quatre»
    state, _, _ = dealt(48, [12, 11, 11, 11], talon_five="large")
    assert state.public_view().talon_size == 3


@pytest.mark.parametrize("deck", ["48", "52"])
@pytest.mark.parametrize("talon_five", ["default", "small", "large"])
def test_every_pack_and_talon_option_deals_out_exactly(deck, talon_five):
    # [001] «Si le jeu n'est pas complet… l'on doit refaire»: no option combination misdeals,
    # so the misdeal check of the options (OptionError) can never be reached.
    options = ReversisOptions(deck=deck, talon_five=talon_five)
    for players in (4, 5):
        talon = talon_size(options, players)
        assert (int(deck) - talon - 1) % players == 0


@pytest.mark.parametrize("bad", [{"deck": "36"}, {"packet": 5}, {"packet": 0}, {"talon_five": "huge"},
                                 {"direction": "up"}, {"tens": True}])
def test_bad_options_are_refused_with_an_option_error(bad):
    # [001] «selon la convention faite avant de jouer» — only the listed agreements exist.
    with pytest.raises(OptionError):
        REVERSIS.new_initial_state(4, bad)


@pytest.mark.parametrize("players", [3, 6])
def test_only_four_or_five_players(players):
    # [001] «Pour jouer le reversis, on peut être quatre ou cinq personnes»
    with pytest.raises(PlayerCountError):
        REVERSIS.new_initial_state(players, {})


def test_packets_of_four_change_only_the_order_the_cards_leave_the_pack():
    # [001] «les partage toutes aux joueurs, trois à trois» (R3: packet is cosmetic)
    hands = QUIET.hands()
    stack4 = reversis_deck(hands, QUIET.talon, packet=4)
    state, _ = reversis_state([stack4], seed=None, packet=4, deals=1)
    for seat in range(4):
        assert state.view(seat).hand == tuple(sorted(cards(hands[seat])))
    other, _ = reversis_state([stack4], seed=None, packet=3, deals=1)
    assert other.view(3).hand != state.view(3).hand


def test_the_dealer_has_one_more_card_discards_one_and_takes_none():
    # [001] «Celui qui mêle… n'en prend jamais au talon. Mais il est obligé d'y mettre, après
    # l'examen de son jeu, celle de ses cartes qu'il juge à-propos» — the talon goes 3 → 4 cards.
    state, chance = start(QUIET)
    play(state, chance, "pass pass pass")
    assert state.current_player() == 0
    legal = state.legal_action_strings()
    assert "pass" not in legal
    assert legal == ["2S", "6S", "JS", "QS", "KS", "4D", "8D", "AD", "3C", "7C"]  # no heart (5♥ 9♥)
    before = set(state.hands[0])
    play(state, chance, "AD")
    assert set(state.hands[0]) == before - set(cards("AD"))
    assert state.view(0).hand_sizes == (11, 11, 11, 11)
    assert state.public_view().talon_size == 4
    assert state.talon == list(cards("JH AS AC AD"))
    assert state.view(0).my_ecart == cards("AD")[0] and state.view(0).my_taken is None
    assert state.public_view().ecart == ("discarded", "declined", "declined", "declined")


def test_the_premier_en_cartes_is_the_dealers_right_and_acts_first():
    # [001] «le premier en cartes ayant droit de commencer, le second ensuite» (R5: seat 3 when 0 deals)
    state, chance = start(QUIET)
    assert state.current_player() == 3
    play(state, chance, "pass")
    assert state.current_player() == 2
    play(state, chance, "pass")
    assert state.current_player() == 1
    play(state, chance, "pass AD")
    assert state.phase == "play" and state.current_player() == 3


def test_the_deal_passes_to_the_right_next_deal():
    # R5: «la donne circule toujours par la droite»: after seat 0, seat 3 deals; seat 2 is premier.
    state, chance = start([QUIET, rotated(QUIET, 3)])
    play(state, chance, QUIET.moves())
    assert state.match.dealer == 3 and state.match.deal_number == 1
    assert state.view(2).hand_sizes == (11, 11, 11, 12)
    assert state.current_player() == 2


def test_clockwise_direction_makes_the_dealers_left_premier():
    # R5 option: direction clockwise — play and the deal go the other way round.
    deal = Deal(tricks=QUIET.tricks, talon=QUIET.talon, ecart={0: "AD"}, step=1)
    state, chance = reversis_state([deal.stack()], seed=None, direction="clockwise", deals=1)
    assert state.current_player() == 1
    play(state, chance, "pass")
    assert state.current_player() == 2
    play(state, chance, deal.moves()[1:])
    assert state.is_terminal()
    result = state.results[-1]
    assert result.tricks == (2, 3, 3, 3)
    assert result.points == (0, 10, 9, 8)  # the mirror of (0, 8, 9, 10)
    assert (result.talon_winner, result.talon_payers) == (0, (1,))


def test_an_incomplete_or_false_stacked_pack_is_a_misdeal():
    # [001] «Si le jeu n'est pas complet, ou que les cartes soient mal mêlées, l'on doit refaire»:
    # an error naming the missing or foreign cards, never a silent completion.
    from academie.cards import card_code, pack
    from academie.core.errors import StackedDeckError
    from tests.helpers import reversis_state

    codes = [card_code(c) for c in pack(48)]
    with pytest.raises(StackedDeckError, match=r"misdeal: .* 47 cards, the pack 48: missing AC"):
        reversis_state([codes[:47]], seed=1)
    with pytest.raises(StackedDeckError, match=r"not in the pack 10H"):
        reversis_state([codes[:47] + ["10H"]], seed=1)
