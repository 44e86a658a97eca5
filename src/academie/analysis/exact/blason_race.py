"""The race of two players at the Jeu du Blason, exactly: the engine's own states explored.

With two tokens the meetings (« Celui qui sera rencontré d'un autre… ira prendre la place de son
compagnon ») and the wait on 30 tie the tokens together, so the chain's states are the game's
states themselves: every state reachable from the start is reached by the engine
(:class:`~academie.games.blason.state.BlasonState`, each throw applied with its probability),
keyed by what decides the rest of the race (squares, turns to miss, first throws made, the player
waiting on 30, whose turn); counters do not move tokens and are left out. The probability that
each seat wins solves one sparse linear system (scipy). Three or more players have too many states
for this: their seats are simulated (:func:`academie.analysis.exact.blason.seats`).

>>> p = win_probabilities({"exact_finish": "stop"})
>>> round(sum(p), 9)
1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.analysis.tables import CHAIN, Table
from academie.games import get_game


def _key(state: Any) -> tuple:
    return (tuple(state.position), tuple(state.rest), tuple(state.thrown), state.well, state.turn)


def explore(given: Mapping[str, Any] | None = None, players: int = 2) -> tuple[list[tuple], dict]:
    """Every state of a race reachable from the start: the keys in the order found, and the
    transitions ``key → [(next key or ('won', seat), probability)]``."""
    game = get_game("blason")
    start = game.new_initial_state(players, dict(given or {}))
    order = [_key(start)]
    states = {order[0]: start}
    moves: dict[tuple, list[tuple[Any, float]]] = {}
    i = 0
    while i < len(order):
        key = order[i]
        i += 1
        state = states.pop(key)
        thrown = state.clone()
        thrown.apply_action(0)  # THROW: the chance node of the dice follows
        out = []
        for action, p in thrown.chance_outcomes():
            nxt = thrown.clone()
            nxt.apply_action(action, trusted=True)
            if nxt.is_terminal():
                out.append((("won", nxt.winner), p))
                continue
            k = _key(nxt)
            if k not in moves and k not in states:
                states[k] = nxt
                order.append(k)
            out.append((k, p))
        moves[key] = out
    return order, moves


def win_probabilities(given: Mapping[str, Any] | None = None) -> list[float]:
    """P(seat 0 wins), P(seat 1 wins) in a race of two players under the options ``given``."""
    return _solve(given)[0]


def _solve(given: Mapping[str, Any] | None) -> tuple[list[float], int]:
    import numpy as np
    from scipy.sparse import csr_matrix, identity
    from scipy.sparse.linalg import spsolve

    order, moves = explore(given, 2)
    index = {k: i for i, k in enumerate(order)}
    n = len(order)
    rows, cols, vals = [], [], []
    wins = np.zeros((n, 2))
    for k, out in moves.items():
        i = index[k]
        for nxt, p in out:
            if nxt[0] == "won":
                wins[i, nxt[1]] += p
            else:
                rows.append(i)
                cols.append(index[nxt])
                vals.append(p)
    Q = csr_matrix((vals, (rows, cols)), shape=(n, n))
    A = (identity(n, format="csr") - Q).tocsc()
    return [float(spsolve(A, wins[:, s])[0]) for s in range(2)], n


def table(given: Mapping[str, Any]) -> Table:
    """The two-player race: each seat's probability of winning, exactly."""
    from academie.analysis.exact.blason import Chain, _options

    p, states = _solve(given)
    return Table("blason/seats-2-exact", "Win probability by seat, 2 players (exact)",
                 dict(_options(Chain.of(given).options), players=2), CHAIN, ["seat", "win probability"],
                 [[0, p[0]], [1, p[1]]], plot="bar", x="seat",
                 note=f"the engine's {states:,} reachable states, meetings and the wait on 30 included;"
                 " seat 0 throws first.")
