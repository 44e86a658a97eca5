"""play_match: legal actions computed once per decision, a bot's legal choice applied on the
trusted path, an illegal one refused, and no view built for a bot that never reads it."""

from __future__ import annotations

import pytest

from academie.bots import RandomBot
from academie.core.chance import SeededChance
from academie.core.errors import IllegalActionError
from academie.core.runner import play_match
from academie.games import get_game


class Watching:
    """Plays the first legal action and keeps what it was shown."""

    name = "watching"

    def __init__(self) -> None:
        self.views: list[object] = []

    def choose(self, view, legal):
        self.views.append(view)
        return legal[0]


class Blind(Watching):
    uses_view = False


def test_a_bot_that_reads_no_view_gets_none_and_plays_the_same():
    game = get_game("reversis")
    watching, blind = [Watching() for _ in range(4)], [Blind() for _ in range(4)]
    a = play_match(game.new_initial_state(4), SeededChance(5), watching)
    b = play_match(game.new_initial_state(4), SeededChance(5), blind)
    assert a.history == b.history and a.returns() == b.returns()
    assert all(v is None for bot in blind for v in bot.views)
    assert all(v is not None and v.seat == seat for seat, bot in enumerate(watching) for v in bot.views)
    assert RandomBot.uses_view is False


class Cheating:
    name = "cheating"

    def choose(self, view, legal):
        return max(legal) + 1  # never legal


@pytest.mark.parametrize("answer", [10_000, True, 3.0])
def test_an_illegal_choice_is_refused_and_changes_nothing(answer):
    game = get_game("guimbarde")

    class Bot:
        name = "bad"

        def choose(self, view, legal):
            return answer

    state = game.new_initial_state(4)
    with pytest.raises(IllegalActionError):
        play_match(state, SeededChance(1), [Bot()] * 4)
    history, ledger = list(state.history), list(state.match.ledger.entries)
    assert state.current_player() >= 0 and state.legal_actions()
    with pytest.raises(IllegalActionError):
        play_match(state, SeededChance(1), [Cheating()] * 4)
    assert state.history == history and state.match.ledger.entries == ledger
