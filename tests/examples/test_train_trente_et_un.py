"""examples/train_trente_et_un.py's code path on a tiny budget (not its strength): training on
the batch API moves the weights, they are saved and loaded, the trained policy plays from views
as a bot of the duplicate tournament, its figure is the tournament's pair."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import bots  # noqa: E402
from academie.core.chance import SeededChance  # noqa: E402
from academie.core.runner import play_match  # noqa: E402
from academie.games import get_game  # noqa: E402

PATH = Path(__file__).resolve().parents[2] / "examples" / "train_trente_et_un.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_trente_et_un", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


@pytest.fixture
def trained(example):
    lines: list[str] = []
    result = example.train(seconds=1.5, players=3, num_envs=32, seed=2, segment=16, log=lines.append, every=0.5)
    return result, lines


def test_training_moves_the_weights_and_saves_them(example, trained, tmp_path) -> None:
    result, lines = trained
    policy = result.policy
    assert policy.weights.shape == (216 + 59 * 3, 116) and policy.players == 3
    assert np.abs(policy.weights).sum() > 0 and np.abs(policy.bias).sum() > 0
    assert result.steps > 0 and result.steps % 32 == 0 and 0 < result.decisions < result.steps
    assert result.seconds >= 1.5 and lines and "learner's win rate" in lines[0]
    # the numbers are scaled, the cards' slots are not
    layout = __import__("academie.adapters.tensors", fromlist=["x"]).layouts(
        get_game("trente-et-un"), 3, get_game("trente-et-un").parse_options({})).observation
    assert policy.scale[layout.offset("hand_value")] == pytest.approx(1 / 31)
    assert policy.scale[layout.offset("hand")] == 1.0
    path = tmp_path / "policy.npz"
    policy.save(str(path))
    again = example.Policy.load(str(path))
    np.testing.assert_array_equal(again.weights, policy.weights)
    assert again.players == 3


def test_the_policy_plays_from_views_and_in_the_tournament(example, trained) -> None:
    policy = trained[0].policy
    game = get_game("trente-et-un")
    state = game.new_initial_state(3, {})
    seated = [example.PolicyBot(policy), bots.RandomBot(1), bots.RandomBot(2)]
    play_match(state, SeededChance(5), seated)  # every choice legal, else the runner raises
    assert state.is_terminal()
    pytest.importorskip("openskill")
    try:
        result = example.measure(policy, boards=5, seed=3)
    finally:
        bots._ADDED.pop("trente-et-un", None)
    assert result.boards == 5 and result.seatings == 3 and result.matches == 15
    assert [b.bot for b in result.bots] == ["trained", "random"]
    pair = next(p for p in result.pairs if p.bot == "trained")
    assert pair.versus == "random" and pair.difference.low is not None
