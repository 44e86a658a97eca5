"""The generic board names players where a view holds seats: sets of seats still in, rows of
results and announcements holding a seat, mappings keyed by seats (real views of deal 2)."""

from __future__ import annotations

import random
import re

import pytest

from academie.games import get_game
from academie.web.present import board_html

NAMES = ["Anne", "Bruno", "Claire", "Denis"]


def second_deal_board(game_id: str, seed: int = 1) -> tuple[dict, str]:
    """The public view's JSON and its board as text at the first decision of deal 2 (random play)."""
    state, rng = get_game(game_id).new_initial_state(), random.Random(seed)
    while not state.is_terminal() and (state.match.deal_number < 1 or state.is_chance_node()):
        outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(outcomes))
    html = str(board_html(state.public_view(), NAMES, None))
    return state.public_view().to_json(), re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def players_table_head(html_text: str) -> str:
    return html_text.split(" Anne ", 1)[0]


@pytest.mark.parametrize("game_id", ["guinguette", "guimbarde", "trente-et-un", "reversis"])
def test_seats_are_drawn_as_names(game_id):
    data, text = second_deal_board(game_id)
    last = data["last_result"]
    assert last is not None and last["deal"] == 1
    if game_id == "guinguette":
        head = players_table_head(text)
        assert "in cabaret" not in head and "in cotillon" not in head  # a set of seats, not a column
        still_in = " · ".join(NAMES[s] for s in data["in_cabaret"])
        assert f"in cabaret {still_in}" in text
        basket, seat, why = last["winners"][0]
        assert seat is not None
        assert f"{basket} · {NAMES[seat]} · {why}" in text
    if game_id == "guimbarde":
        name, seat, _ = last["announcements"][0]
        assert f"{name} · {NAMES[seat]} ·" in text
        assert f"trick winner {NAMES[last['trick_winner']]}" in text
    if game_id == "trente-et-un":
        hands = text.split(" hands ", 1)[1]
        for k in last["hands"]:
            assert f" {NAMES[int(k)]} " in hands
        assert not re.match(r"\s*0\b", hands)
    if game_id == "reversis":
        result = text.split(" last result ", 1)[1]
        assert f"talon winner {NAMES[last['talon_winner']]}" in result
        payers = " · ".join(NAMES[s] for s in last["talon_payers"])
        assert f"talon payers {payers}" in result
        tricks = result.split(" tricks ", 1)[1]
        assert tricks.startswith(" ".join(f"{NAMES[s]} {t}" for s, t in enumerate(last["tricks"])))
