"""Train a small policy for Trente et un on the batch API, then measure it against the random
bot in a duplicate tournament.

The policy is linear: a softmax over the adapters' action ids (``stock`` 52, ``pile`` 53,
``knock`` 54, a discard 64 + card) of ``x @ W + b``, ``x`` the observation tensor of the seat to
act (:mod:`academie.adapters.tensors.trente_et_un`, 452 floats at four seats) with its numbers
scaled to about 1, the illegal actions masked. It learns by REINFORCE with a linear value
baseline (Adam steps, numpy only) on :func:`academie.vector.make`'s batches: ``--envs`` matches
at once, the learner in seat 0 of each, random bots in the others (``env.random_actions()``).
Its reward: the change of its standing (lives, plus one while not eliminated) between two of its
decisions, read from its own observation, and at a match's end twice the match's return (the
winner +1, every other seat -1/(n-1)); returns discounted by ``--gamma`` a decision.

Then the weights are saved (``--out``, ``.npz``) and the policy plays the duplicate tournament
(:func:`academie.analysis.tournament.tournament`) as the bot ``trained``
(:func:`academie.bots.register_bot`, :class:`PolicyBot`): it sees its seat's view only and
encodes it with the same layout (the view encoders of :mod:`academie.adapters.tensors`, which the
batch API's observations equal), taking its likeliest legal action. The figure printed is the
tournament's pairwise difference: the trained policy's win rate minus the random bots', per
board, with its 95% interval over the boards (every board played in every rotation of the
lineup, the same cards for each).

Run: ``python examples/train_trente_et_un.py [--seconds 120] [--quick] [--boards 200] [--players 4]
[--envs 1024] [--out trente_et_un_policy.npz] [--seed 0]`` (needs ``academie[fast]`` for the batch
API and ``academie[tournament]`` for the tournament; ``--quick``: 20 seconds of training).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

GAME_ID = "trente-et-un"
BOT_NAME = "trained"
SCALES = {"lives": 3.0, "hand_sizes": 4.0, "stock_count": 45.0, "hand_value": 31.0, "turns_taken": 40.0}
"""The numbers of the observation divided by these (in their units: lives, cards, points, turns)."""


@dataclass
class Policy:
    """A linear softmax policy: ``weights`` ``(F, A)``, ``bias`` ``(A,)``, ``scale`` ``(F,)``
    (what each slot of the observation is multiplied by) for ``players`` seats."""

    weights: np.ndarray
    bias: np.ndarray
    scale: np.ndarray
    players: int

    @classmethod
    def zeros(cls, layout: Any, num_actions: int, players: int) -> Policy:
        """The uniform policy (every legal action alike, as the random bot) for ``layout``."""
        scale = np.ones(layout.size, dtype=np.float32)
        for name, unit in SCALES.items():
            piece = next(p for p in layout.pieces if p.name == name)
            at = layout.offset(name)
            scale[at: at + piece.size] = 1.0 / unit
        return cls(np.zeros((layout.size, num_actions), np.float32), np.zeros(num_actions, np.float32), scale,
                   players)

    def logits(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``(M, A)`` logits of ``obs`` ``(M, F)``, ``-inf`` where ``mask`` ``(M, A)`` is False."""
        out = (obs * self.scale) @ self.weights + self.bias
        return np.where(mask, out, -np.inf)

    def save(self, path: str) -> None:
        np.savez(path, weights=self.weights, bias=self.bias, scale=self.scale, players=self.players)

    @classmethod
    def load(cls, path: str) -> Policy:
        with np.load(path) as f:
            return cls(f["weights"], f["bias"], f["scale"], int(f["players"]))


def softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class Adam:
    """Adam's steps (ascent) for a list of arrays, in place."""

    def __init__(self, params: list[np.ndarray], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)


@dataclass
class Training:
    """What :func:`train` did: the policy, the wall seconds, the batch API's steps (one decision
    of one match each), the learner's decisions, the matches finished and the learner's win rate
    in the last tenth of them (a random bot wins ``1/players`` of them)."""

    policy: Policy
    seconds: float
    steps: int
    decisions: int
    matches: int
    last_win_rate: float


def train(seconds: float = 120.0, players: int = 4, num_envs: int = 1024, seed: int = 0, segment: int = 64,
          gamma: float = 0.95, lr: float = 0.01, log: Callable[[str], None] | None = print,
          every: float = 10.0) -> Training:
    """Train a :class:`Policy` for ``seconds`` of wall clock (the compiled loops' first compile,
    or their load from numba's cache, comes before the clock starts) on ``num_envs`` matches of
    ``players`` seats, in segments of ``segment`` steps. ``log`` gets a line every ``every``
    seconds. Raises ``ImportError`` without numba."""
    from academie import vector

    env = vector.make(GAME_ID, num_envs=num_envs, seed=seed, num_players=players)
    obs, mask, player = env.reset()
    env.step(env.random_actions())  # compiled before the clock starts
    obs, mask, player = env.reset(seed=seed)
    layout, n = env.layout, env.num_actions
    policy = Policy.zeros(layout, n, players)
    value_w = np.zeros(layout.size, np.float32)
    value_b = np.zeros(1, np.float32)
    opt = Adam([policy.weights, policy.bias], lr)
    vopt = Adam([value_w, value_b], lr)
    lives_at, out_at = layout.offset("lives"), layout.offset("eliminated")
    start = float(env.options.lives) + 1.0
    prev = np.full(num_envs, start, np.float32)  # the learner's standing at its last decision
    rng = np.random.default_rng(seed)
    steps = decisions = matches = 0
    wins: list[float] = []
    t0 = time.perf_counter()
    next_log = every
    while time.perf_counter() - t0 < seconds:
        xs, acts, masks, where = [], [], [], []  # per step: the learner's rows
        rewards_tm = np.zeros((segment, num_envs), np.float32)
        decided = np.zeros((segment, num_envs), bool)
        ended = np.zeros((segment, num_envs), bool)
        last = np.full(num_envs, -1)  # the step of each match's last decision of the learner
        for t in range(segment):
            if time.perf_counter() - t0 >= seconds:
                break
            actions = env.random_actions()
            me = np.flatnonzero(player == 0)
            if me.size:
                x, m = obs[me].copy(), mask[me].copy()
                standing = x[:, lives_at] + 1.0 - x[:, out_at]
                seen = last[me] >= 0
                rewards_tm[last[me][seen], me[seen]] += standing[seen] - prev[me][seen]
                prev[me] = standing
                p = softmax(policy.logits(x, m))
                a = (p.cumsum(axis=1) > rng.random((me.size, 1))).argmax(axis=1)
                actions[me] = a
                xs.append(x)
                acts.append(a)
                masks.append(m)
                where.append((t, me))
                decided[t, me] = True
                last[me] = t
                decisions += me.size
            obs, mask, rewards, done, player = env.step(actions)
            steps += num_envs
            for i in np.flatnonzero(done):
                matches += 1
                wins.append(float(rewards[i, 0] > 0))
                if last[i] >= 0:
                    rewards_tm[last[i], i] += 2.0 * rewards[i, 0]
                    ended[last[i], i] = True
                last[i] = -1
                prev[i] = start
        if not xs:
            continue
        x_all = np.concatenate(xs) * policy.scale
        values = x_all @ value_w + value_b[0]
        # the returns, backwards; a match still going at the segment's end is valued by the baseline
        values_tm = np.zeros((segment, num_envs), np.float32)
        row = 0
        for t, me in where:
            values_tm[t, me] = values[row: row + me.size]
            row += me.size
        g = np.zeros(num_envs, np.float32)
        pending = last >= 0
        g[pending] = values_tm[last[pending], np.flatnonzero(pending)]
        returns_tm = np.zeros((segment, num_envs), np.float32)
        for t in range(segment - 1, -1, -1):
            is_last = (last == t) & pending
            nxt = np.where(ended[t], 0.0, g)
            new = rewards_tm[t] + gamma * nxt
            new = np.where(is_last, rewards_tm[t] + gamma * g, new)
            g = np.where(decided[t], new, g)
            returns_tm[t] = g
        returns = np.concatenate([returns_tm[t, me] for t, me in where])
        advantage = returns - values
        advantage /= advantage.std() + 1e-6
        m_all = np.concatenate(masks)
        a_all = np.concatenate(acts)
        probs = softmax(np.where(m_all, x_all @ policy.weights + policy.bias, -np.inf))
        probs[np.arange(a_all.size), a_all] -= 1.0
        coef = -probs * advantage[:, None] / a_all.size  # (onehot - p) * advantage, averaged
        opt.step([x_all.T @ coef, coef.sum(axis=0)])
        err = (returns - values) / a_all.size
        vopt.step([x_all.T @ err, np.array([err.sum()], np.float32)])
        elapsed = time.perf_counter() - t0
        if log is not None and elapsed >= next_log:
            recent = wins[-max(len(wins) // 10, 1):]
            log(f"{elapsed:6.1f} s  {steps:>10,} steps  {decisions:>9,} decisions  {matches:>7,} matches"
                f"  learner's win rate {np.mean(recent) if recent else 0.0:.3f} (random: {1 / players:.3f})")
            next_log += every
    elapsed = time.perf_counter() - t0
    recent = wins[-max(len(wins) // 10, 1):]
    return Training(policy, elapsed, steps, decisions, matches, float(np.mean(recent)) if recent else 0.0)


class PolicyBot:
    """The trained policy as a bot: from its seat's view only (a
    :class:`~academie.games.trente_et_un.view.TrenteEtUnView`), the observation tensor of the
    adapters' layout, then the likeliest legal action."""

    name = BOT_NAME

    def __init__(self, policy: Policy, seed: int | None = None) -> None:
        from academie.adapters.tensors import layouts
        from academie.games import get_game

        game = get_game(GAME_ID)
        self.policy = policy
        self.layout = layouts(game, policy.players, game.parse_options({})).observation
        self.buffer = np.zeros(self.layout.size, np.float32)

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        from academie.adapters.tensors import Context

        obs = self.layout.encode_into(view, Context(self.policy.players, view.seat), self.buffer)
        scores = (obs * self.policy.scale) @ self.policy.weights[:, list(legal)] + self.policy.bias[list(legal)]
        return legal[int(np.argmax(scores))]


def measure(policy: Policy, boards: int = 200, seed: int = 1) -> Any:
    """The duplicate tournament of the trained policy (bot ``trained``) against random bots in
    the other seats, ``boards`` boards of whole matches: its
    :class:`~academie.analysis.tournament.TournamentResult`."""
    from academie.analysis.tournament import tournament
    from academie.bots import register_bot
    from academie.games import get_game

    register_bot(GAME_ID, BOT_NAME, lambda seed=None: PolicyBot(policy, seed))
    bots = [BOT_NAME] + ["random"] * (policy.players - 1)
    return tournament(get_game(GAME_ID), bots, matches=boards, players=policy.players, seed=seed, workers=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="wall seconds of training (default 120)")
    parser.add_argument("--quick", action="store_true", help="20 seconds of training, 100 boards")
    parser.add_argument("--boards", type=int, default=200, help="boards of the tournament (default 200)")
    parser.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    parser.add_argument("--envs", type=int, default=1024, help="matches stepped at once (default 1024)")
    parser.add_argument("--out", default="trente_et_un_policy.npz", help="where the weights go (.npz)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seconds, boards = (20.0, 100) if args.quick else (args.seconds, args.boards)
    print(f"training for {seconds:g} s on {args.envs} matches of {args.players} seats at once")
    result = train(seconds, args.players, args.envs, args.seed)
    print(f"trained in {result.seconds:.1f} s: {result.steps:,} steps ({result.steps / result.seconds:,.0f}/s),"
          f" {result.decisions:,} decisions of the learner, {result.matches:,} matches;"
          f" its win rate at the end {result.last_win_rate:.3f} (random: {1 / args.players:.3f})")
    result.policy.save(args.out)
    print(f"weights saved to {args.out}")
    t0 = time.perf_counter()
    tour = measure(result.policy, boards, args.seed + 1)
    pair = next(p for p in tour.pairs if p.bot == BOT_NAME and p.versus == "random")
    mine = next(b for b in tour.bots if b.bot == BOT_NAME)
    other = next(b for b in tour.bots if b.bot == "random")
    d = pair.difference
    print(f"duplicate tournament: {tour.boards} boards of {tour.seatings} seatings, {tour.matches} matches,"
          f" {time.perf_counter() - t0:.0f} s; win rates: trained {mine.win_rate.mean:.3f}, random"
          f" {other.win_rate.mean:.3f}")
    print(f"trained policy vs random: {d.mean:+.3f} win rate [{d.low:+.3f}, {d.high:+.3f}] over {tour.boards} boards")
    return 0 if d.low is not None and d.low > 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
