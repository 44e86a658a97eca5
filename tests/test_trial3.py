"""Faults found by a new player's trial of ``academie play``: what the table shows while you hold
four cards, the points taken at Reversis, the cards you receive named in your own lines (and
only there), and the Blason's special squares marked on the track."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from academie.cards import parse_card, parse_cards
from academie.presentation.render import trente_et_un as t31_render
from tests.helpers import play, t31_deck, t31_state

NAMES = ["Anne", "You", "Camille"]


def _plain(renderable, width: int = 200) -> str:
    out = StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


# --- Trente et un: the value you can keep while you hold four cards --------------------------------
DECK = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C", draws="QH")


def test_four_cards_show_the_value_kept_after_each_discard_and_the_best():
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "stock")  # seat 1 draws the Q♥: K♥ 9♥ 4♣ Q♥
    view = state.view(1)
    assert view.hand_value is None
    assert dict(view.discard_values) == {
        parse_card("KH"): 19, parse_card("9H"): 20, parse_card("4C"): 29, parse_card("QH"): 19,
    }
    assert state.view(0).discard_values == () and state.public_view().discard_values == ()
    text = _plain(t31_render.render_turn(view, NAMES))
    assert "worth 29 once you discard 4♣" in text
    assert "Discard 9♥ keeps 20 · Q♥ keeps 19 · K♥ keeps 19 · 4♣ keeps 29" in text


def test_the_card_taken_from_the_pile_is_no_discard_to_value_when_it_may_not_be_discarded():
    deck = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="QH")
    state, chance = t31_state([deck], players=3, forbid_same_discard=True)
    play(state, chance, "pile")
    values = dict(state.view(1).discard_values)
    assert parse_card("QH") not in values and values[parse_card("4C")] == 29
    assert "Q♥ keeps" not in _plain(t31_render.render_turn(state.view(1), NAMES))
    assert set(parse_cards("KH 9H 4C")) == set(values)


# --- Reversis: the points in the tricks each player took -------------------------------------------
def test_reversis_table_shows_the_points_each_player_took_so_far():
    from academie.presentation.render import reversis as render
    from tests.reversis.support import RENOUNCE, start

    state, chance = start(RENOUNCE)
    play(state, chance, "pass pass pass 2D")  # the écart
    # tricks 1-4: 0 takes 2H 3H 4H 5H, 1 takes the quinola (1 point), 3 takes no honour, 0 the J♠
    play(state, chance, "2H 3H 4H 5H 2S 3S JH 4S 5S 6S 7S 3C 8S 4C 9S JS")
    view = state.view(1)
    assert view.tricks_won == (2, 1, 0, 1) and view.points_won == (1, 1, 0, 0)
    assert state.public_view().points_won == (1, 1, 0, 0)
    names = ["Anne", "You", "Camille", "Denis"]
    table = _plain(render.render_turn(view, names)).splitlines()
    rows = {line.split()[1]: line for line in table if line[2:].split(" ")[0] in names}
    assert "2 tricks  1 point " in rows["Anne"] and "1 trick   1 point " in rows["You"]
    assert "0 tricks  0 points" in rows["Camille"] and "1 trick   0 points" in rows["Denis"]
    play(state, chance, " ".join(RENOUNCE.tricks[4:]))
    assert state.is_terminal() and state.public_view().points_won == (11, 17, 0, 0)
    assert state.finished_results()[0].points == (11, 17, 0, 0)  # the result counts the same


# --- the cards you receive, named in your own lines and only there --------------------------------
R_NAMES = ["Anne", "Bastien", "Camille", "You"]


def _told(render, state, chance, seat: int, move: str, viewer: int | None) -> str:
    """The line ``viewer`` (None: an onlooker) reads for ``seat``'s ``move``."""
    look = (lambda: state.public_view()) if viewer is None else (lambda: state.view(viewer))
    before = look()
    play(state, chance, move)
    return render.describe_action(before, seat, move, R_NAMES, after=look())


def test_your_own_ecart_names_the_card_you_take_and_nobody_elses_does():
    from academie.presentation.render import reversis as render
    from tests.reversis.support import RENOUNCE, start

    for viewer, line in ((3, "You exchange 3♠ with the talon and take A♠."),
                         (0, "You exchange a card with the talon."), (None, "You exchange a card with the talon.")):
        state, chance = start(RENOUNCE)
        assert _told(render, state, chance, 3, "3S", viewer) == line
    state, chance = start(RENOUNCE)
    assert _told(render, state, chance, 3, "pass", 3) == \
        "You keep the hand; the talon card you would have taken is A♠."
    assert _told(render, state, chance, 2, "pass", 3) == "Camille keeps the hand."
    assert _told(render, state, chance, 1, "pass", 3) == "Bastien keeps the hand."
    names = ["You", *R_NAMES[1:3], "Denis"]
    before, public = state.view(0), state.public_view()
    play(state, chance, "2D")
    assert render.describe_action(before, 0, "2D", names, after=state.view(0)) == "You discard 2♦ onto the talon."
    assert render.describe_action(public, 0, "2D", R_NAMES, after=state.public_view()) == \
        "Anne discards one card onto the talon."


T31_ON_DRAW = t31_deck(["2S 3S 4S", "AH KH 2C", "5D 6D 7C"], up="8C", draws="QH")


def test_a_draw_that_makes_31_at_once_still_names_your_card_and_the_one_that_went_to_the_pile(tmp_path):
    from tests.test_narration import play_session

    out, code = play_session("trente-et-un", 3, [T31_ON_DRAW], tmp_path / "d.json", seat=1, answers=["s", "quit"],
                             thirty_one_check="on_draw")
    assert code == 0 and "You show 31!" in out
    assert "You draw Q♥ from the stock; 2♣ goes to the pile by itself." in out
    # the same when the 31 ends the match (the last deal: no next deal's view)
    state, chance = t31_state([T31_ON_DRAW], players=3, thirty_one_check="on_draw", lives=1, bus="none")
    names = ["Anne", "You", "Camille"]
    before = state.view(1)
    play(state, chance, "stock")
    assert state.is_terminal()
    assert t31_render.describe_action(before, 1, "stock", names, after=state.view(1)) == \
        "You draw Q♥ from the stock; 2♣ goes to the pile by itself."
    # another seat reads the draw without its card
    state, chance = t31_state([T31_ON_DRAW], players=3, thirty_one_check="on_draw")
    before = state.view(0)
    play(state, chance, "stock")
    told = t31_render.describe_action(before, 1, "stock", ["You", "Bastien", "Camille"], after=state.view(0))
    assert told == "Bastien draws from the stock."


# --- the Blason: the special squares marked on the track, from the board's own data ----------------
def _track(**options) -> str:
    from academie.presentation.render import blason as render
    from academie.games import get_game

    view = get_game("blason").new_initial_state(3, options).public_view()
    return _plain(render.render_turn(view, ["Anne", "Bastien", "Camille"]), width=100)


def test_the_blason_track_marks_every_special_square_with_a_key():
    text = _track()
    marked = ("6→12", "9→26", "18→26", "19‖2", "27→26", "30○", "36→26", "41$", "49‖2", "58→1", "63★")
    for cell in marked:
        assert cell in text, cell
    for plain in (" 7 ", " 12 ", " 26 ", " 62 "):
        assert plain in text  # no mark: no effect (12 and 26 are where jumps end)
    assert "→n pay, go to n" in text and "‖n pay, miss n turns" in text and "○ wait for another player" in text
    assert "$ pay the mois romains" in text and "★ the end" in text


def test_the_blason_marks_follow_the_options_that_change_the_board():
    text = _track(casque_squares="10,20", rest_reading="others_throw_twice", restart_square="start")
    assert "10→26" in text and "20→26" in text and "9→26" not in text and "18→26" not in text
    assert "19‖1" in text and "49‖1" in text and "58→start" in text
    from academie.presentation.render import blason as render
    from academie.games import get_game

    view = get_game("blason").new_initial_state(3, {"rest_reading": "others_throw_twice"}).public_view()
    legend = render.legend(view).plain
    assert "19 écus à l'antique (pay, miss 1)" in legend and "58 Templiers et Croissant (pay, back to 1)" in legend


def test_your_own_throw_is_told_with_your_verbs():
    from academie.presentation.render import blason as render
    from tests.helpers import blason_state, throw

    state, chance = blason_state("6 4 5", players=3)
    told = []
    for seat in range(3):
        before = state.public_view()
        throw(state, chance)
        told.append(render.describe_action(before, seat, "throw", ["You", "Bastien", "Camille"],
                                           after=state.public_view()))
    assert told[0] == "You throw 6: from the start via 6 to 12 — armes partagées: you pay and go to 12."
    state, chance = blason_state("6", players=2)
    before = state.public_view()
    throw(state, chance)
    assert render.describe_action(before, 0, "throw", ["Anne", "You"], after=state.public_view()) == \
        "Anne throws 6: from the start via 6 to 12 — armes partagées: pays and goes to 12."
