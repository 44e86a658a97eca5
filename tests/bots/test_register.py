"""A bot of one's own, registered by name, is made by make_bot and seated by the tournaments;
the game's own names are refused."""

from __future__ import annotations

import pytest

from academie import bots
from academie.bots import RandomBot, bot_names, make_bot, register_bot
from academie.core.errors import UnknownBotError, UnknownGameError


class FirstLegal:
    name = "first"
    uses_view = False

    def __init__(self, seed=None) -> None:
        self.seed = seed

    def choose(self, view, legal):
        return legal[0]


@pytest.fixture
def first_legal():
    register_bot("trente-et-un", "first-legal", FirstLegal)
    yield
    bots._ADDED.pop("trente-et-un", None)


def test_a_registered_bot_is_made_by_name(first_legal) -> None:
    bot = make_bot("first-legal", "trente-et-un", seed=7)
    assert isinstance(bot, FirstLegal) and bot.seed == 7
    assert "first-legal" in bot_names("trente-et-un")
    assert "first-legal" not in bot_names("reversis")
    with pytest.raises(UnknownBotError, match="takes no parameters"):
        make_bot("first-legal:x=1", "trente-et-un")


def test_a_registered_bot_plays_a_tournament(first_legal) -> None:
    pytest.importorskip("openskill")
    from academie.analysis.tournament import tournament
    from academie.games import get_game

    result = tournament(get_game("trente-et-un"), ["first-legal", "random"], matches=2, seed=3)
    assert [b.bot for b in result.bots] == ["first-legal", "random"]
    assert result.matches == 4 and [b.seats for b in result.bots] == [[2, 2], [2, 2]]


def test_names_refused() -> None:
    for name in ("random", "heuristic", "ismcts", "easy"):
        with pytest.raises(ValueError, match="of its own"):
            register_bot("trente-et-un", name, RandomBot)
    for name in ("Trained", "a:b", "", "x" * 41, 3):
        with pytest.raises(ValueError, match="lower-case word"):
            register_bot("trente-et-un", name, RandomBot)
    with pytest.raises(UnknownGameError):
        register_bot("scat", "mine", RandomBot)
    assert "trente-et-un" not in bots._ADDED
