"""Hints: each legal move's value for the seat from its view alone, best first, in the terminal."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from academie.bots.hints import hints
from academie.cli.app import app
from tests.helpers import t31_deck, t31_state

runner = CliRunner()


def test_two_positions_with_the_same_view_get_the_same_hints():
    # Seat 1 holds A♥ K♥ 5♣; seats 0 and 2 swap a card: seat 1 cannot tell the two apart.
    a, _ = t31_state([t31_deck(["7S 8D 2C", "AH KH 5C", "2S 3D 4C"], "QH")], 3)
    b, _ = t31_state([t31_deck(["7S 3D 2C", "AH KH 5C", "2S 8D 4C"], "QH")], 3)
    assert a.view(1) == b.view(1) and a.hands != b.hands
    found = [hints(s.view(1), s.legal_actions(), "trente-et-un", seconds=120, worlds=30, seed=4,
                   describe=s.action_to_string) for s in (a, b)]
    assert found[0] == found[1]
    assert {h.move for h in found[0]} == {a.action_to_string(x) for x in a.legal_actions()}
    means = [h.mean for h in found[0]]
    assert means == sorted(means, reverse=True)  # best first
    pile = next(h for h in found[0] if h.move == "pile")  # the Q♥ makes 31: no life lost, whatever the others hold
    assert pile.mean == 0 and pile.half == 0 and pile.mean == means[0]
    # (from the hard bot's own values: its 48 chains of the others' hands, whatever ``worlds`` asks)
    assert all(h.unit == "lives" and h.worlds == 48 and h.half >= 0 for h in found[0])


def test_hint_in_the_terminal_shows_every_move_with_its_interval(tmp_path):
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--players", "3",
                                 "--record", str(tmp_path / "m.json")], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hints: each move's mean gain by the end of the deal" in result.output
    for move in ("stock", "pile", "knock"):
        assert any(line.strip().startswith(move) and "±" in line and "lives" in line
                   for line in result.output.splitlines())


def test_where_the_hard_bot_cannot_value_the_moves_the_hints_come_from_worlds_of_the_view():
    # « a 31 among four cards is shown at once » (thirty_one_check=on_draw): no compiled kernel plays
    # it, so hard plays its patient policy and the hints are the search's, not a crash
    state, _ = t31_state([t31_deck(["7S 8D 2C", "AH KH 5C", "2S 3D 4C"], "QH")], 3, thirty_one_check="on_draw")
    found = hints(state.view(1), state.legal_actions(), "trente-et-un", seconds=5, worlds=40, seed=2,
                  describe=state.action_to_string)
    assert {h.move for h in found} == {"stock", "pile", "knock"}
    assert all(h.unit == "lives" and 1 <= h.worlds <= 40 and -2.0 <= h.mean <= 0.0 for h in found)
    assert [h.mean for h in found] == sorted((h.mean for h in found), reverse=True)


def test_hints_refuse_no_action_and_an_action_given_twice():
    a, _ = t31_state([t31_deck(["7S 8D 2C", "AH KH 5C", "2S 3D 4C"], "QH")], 3)
    legal = a.legal_actions()
    with pytest.raises(ValueError, match="at least one legal action"):
        hints(a.view(1), [], "trente-et-un")
    with pytest.raises(ValueError, match=rf"given more than once: \[{legal[0]}\]"):
        hints(a.view(1), [legal[0], *legal], "trente-et-un")
