"""The race of one token at the Jeu du Blason as an absorbing Markov chain.

A lone token's move is the game's own rule, :func:`academie.games.blason.rules.token_move` (first
throw of nine, the bounce past 63, each square's effect, price and wait), called for every square
and every total of the dice; the chain's states are « before the first throw » and each square
after it, 63 absorbing. The wait on 30 (« jusqu'à ce que quelqu'un des joueurs arrive au même
chiffre ») and the meetings need other players: the lone token passes 30 as a plain square, and
the race between players is simulated (:func:`seats`).

>>> chain = Chain.of({"dice": "d12", "exact_finish": "stop"})
>>> round(chain.expected_throws(), 6) > 5
True
>>> abs(sum(chain.throws_distribution()) - 1) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from academie.analysis.tables import CHAIN, SIMULATED, Table, rate
from academie.games.blason.board import GOAL, make_board
from academie.games.blason.options import BlasonOptions
from academie.games.blason.rules import token_move
from academie.games.blason.state import DICE

START = 0
"""State 0: the token before its first throw; state ``1 + p``: on square ``p`` after it."""
GOOSE_CASQUES = "5,9,14,18,23,27,32,36,45,50,54,59"
"""The 13-goose layout the option ``casque_squares`` names (L1), for comparison."""
NAMED = (6, 12, 19, 26, 30, 41, 49, 58)
"""The squares the source names, 63 apart."""


@dataclass
class Chain:
    """The one-token chain under ``options``: ``P[i][j]`` the transient transition matrix,
    ``finish[i]`` the probability of reaching 63 from state ``i`` in one throw, and per state the
    expected counters paid, turns missed and landings on each square in one throw."""

    options: BlasonOptions
    board: Mapping[int, Any]
    P: Any
    finish: Any
    paid: Any
    missed: Any
    lands: Any  # state × square (0..63): probability that this throw lands there
    first_nine: Any

    @classmethod
    def of(cls, given: Mapping[str, Any] | BlasonOptions | None = None) -> Chain:
        """Build the chain for the game's options (a mapping is validated by the game's model)."""
        import numpy as np

        from academie.core.options import parse_options

        o = given if isinstance(given, BlasonOptions) else parse_options(BlasonOptions, given)
        board = make_board(o.casques, 1 if o.restart_square == "square_1" else 0)
        n = 1 + GOAL  # start + squares 0..62
        P = np.zeros((n, n))
        finish, paid, missed = np.zeros(n), np.zeros(n), np.zeros(n)
        lands, first_nine = np.zeros((n, GOAL + 1)), np.zeros(n)
        for state in range(n):
            origin, first = (0, True) if state == START else (state - 1, False)
            for total, p in DICE[o.dice]:
                move = token_move(board, origin, total, first, o.price, o.mois_romains, o.exact_finish, o.rest_reading)
                if move.effect == "first_nine":
                    first_nine[state] += p
                else:
                    lands[state, move.landed] += p
                if move.payment is not None:
                    paid[state] += p * move.payment[0]
                missed[state] += p * move.rest
                if move.dest == GOAL:
                    finish[state] += p
                else:
                    P[state, 1 + move.dest] += p
        return cls(o, board, P, finish, paid, missed, lands, first_nine)

    def _fundamental_row(self) -> Any:
        """Expected visits of each state from the start: row START of (I − P)⁻¹."""
        import numpy as np

        n = self.P.shape[0]
        e = np.zeros(n)
        e[START] = 1.0
        return np.linalg.solve((np.eye(n) - self.P).T, e)

    def expected_throws(self) -> float:
        """Expected throws from the start to 63."""
        return float(self._fundamental_row().sum())

    def expected_turns(self) -> float:
        """Expected turns: throws plus the turns passed over on 19 and 49."""
        visits = self._fundamental_row()
        return float(visits.sum() + visits @ self.missed)

    def expected_paid(self) -> float:
        """Expected counters paid into the pot over the race, the entry included."""
        return float(self._fundamental_row() @ self.paid + self.options.entry)

    def expected_landings(self) -> Any:
        """Expected landings on each square 0..63 over the race (first throws of nine apart)."""
        return self._fundamental_row() @ self.lands

    def landing_probability(self, square: int) -> float:
        """The probability that a throw lands on ``square`` at least once in the race."""
        import numpy as np

        n = self.P.shape[0]
        hit = self.lands[:, square]
        # staying in the chain without landing there: the moves whose throw reached another square
        keep = self.P.copy()
        for state in range(n):
            origin, first = (0, True) if state == START else (state - 1, False)
            for total, p in DICE[self.options.dice]:
                move = token_move(self.board, origin, total, first, self.options.price, self.options.mois_romains,
                                  self.options.exact_finish, self.options.rest_reading)
                if move.effect != "first_nine" and move.landed == square and move.dest != GOAL:
                    keep[state, 1 + move.dest] -= p
        h = np.linalg.solve(np.eye(n) - keep, hit)
        return float(h[START])

    def distribution(self, turns: bool = False, tail: float = 1e-12, most: int = 5000) -> list[float]:
        """P(the race ends on throw k) for k = 1, 2…, or on turn k with ``turns`` (a turn passed
        over on 19 or 49 counts), until less than ``tail`` is left."""
        import numpy as np

        n = self.P.shape[0]
        if not turns:
            P, finish = self.P, self.finish
            v = np.zeros(n)
        else:  # states (square, turns still to miss): 0..n-1 none, n..2n-1 one, 2n..3n-1 two
            P = np.zeros((3 * n, 3 * n))
            finish = np.zeros(3 * n)
            finish[:n] = self.finish
            for state in range(n):
                origin, first = (0, True) if state == START else (state - 1, False)
                for total, p in DICE[self.options.dice]:
                    o = self.options
                    move = token_move(self.board, origin, total, first, o.price, o.mois_romains, o.exact_finish, o.rest_reading)
                    if move.dest != GOAL:
                        P[state, move.rest * n + 1 + move.dest] += p
                P[n + state, state] = 1.0
                P[2 * n + state, n + state] = 1.0
            v = np.zeros(3 * n)
        v[START] = 1.0
        out = []
        while v.sum() > tail and len(out) < most:
            out.append(float(v @ finish))
            v = v @ P
        return out

    def throws_distribution(self) -> list[float]:
        return self.distribution()


def _options(opts: BlasonOptions) -> dict[str, Any]:
    return {"dice": opts.dice, "casque_squares": opts.casque_squares, "exact_finish": opts.exact_finish,
            "rest_reading": opts.rest_reading, "restart_square": opts.restart_square,
            "price": opts.price, "mois_romains": opts.mois_romains, "entry": opts.entry}


def _quantile(dist: list[float], q: float) -> int:
    """The least k with P(ends by k) >= q: a whole number of throws or turns."""
    acc = 0.0
    for k, p in enumerate(dist, 1):
        acc += p
        if acc >= q - 1e-12:
            return k
    return len(dist)


def compare(given: Mapping[str, Any]) -> Table:
    """The race under each option that shapes it: 2d6 or d12, bounce or stop, the casque squares."""
    rows = []
    for dice in ("2d6", "d12"):
        for layout in (BlasonOptions().casque_squares, GOOSE_CASQUES):
            for finish in ("bounce", "stop"):
                chain = Chain.of(dict(given, dice=dice, casque_squares=layout, exact_finish=finish))
                dist = chain.distribution()
                rows.append([dice, "every 9th" if layout == BlasonOptions().casque_squares else "13 geese", finish,
                             chain.expected_throws(), chain.expected_turns(), _quantile(dist, 0.5),
                             _quantile(dist, 0.95), chain.landing_probability(58), chain.expected_paid()])
    base = Chain.of(given).options
    return Table("blason/options", "One token's race under each option", {
        k: v for k, v in _options(base).items() if k not in ("dice", "casque_squares", "exact_finish")},
        CHAIN, ["dice", "casques", "exact finish", "mean throws", "mean turns", "median throws",
                "95th pct throws", "P(land on 58)", "mean counters paid"], rows,
        note="casques: every 9th = 9,18,27,36,45,54 (default); 13 geese = " + GOOSE_CASQUES + ".")


def tables(given: Mapping[str, Any]) -> list[Table]:
    """The chain's tables for the options given: throws and turns to finish, each named square,
    and the comparison of options."""
    chain = Chain.of(given)
    opts = _options(chain.options)
    throws, turns = chain.distribution(), chain.distribution(turns=True)
    most = max(_quantile(throws, 0.999), _quantile(turns, 0.999))
    rows = []
    acc_t = acc_u = 0.0
    for k in range(1, most + 1):
        p = throws[k - 1] if k <= len(throws) else 0.0
        u = turns[k - 1] if k <= len(turns) else 0.0
        acc_t, acc_u = acc_t + p, acc_u + u
        rows.append([k, p, acc_t, u, acc_u])
    dist_t = Table("blason/finish", "Throws and turns to reach 63 (one token)", opts, CHAIN,
                   ["k", "P(63 on throw k)", "P(by throw k)", "P(63 on turn k)", "P(by turn k)"], rows,
                   plot="lines", x="k", note=f"mean {chain.expected_throws():.3f} throws, {chain.expected_turns():.3f}"
                   " turns (turns passed over on 19 and 49 count); rows up to the 99.9th percentile.",
                   extra={"panels": [["P(63 on throw k)", "P(63 on turn k)"], ["P(by throw k)", "P(by turn k)"]]})
    expected = chain.expected_landings()
    rows = []
    for square in range(1, GOAL + 1):
        sq = chain.board[square]
        rows.append([square, sq.name, chain.landing_probability(square), float(expected[square])])
    board_t = Table("blason/squares", "Landing on each square (one token)", opts, CHAIN,
                    ["square", "name", "P(land at least once)", "mean landings"], rows, plot="board", x="square",
                    note="a throw's square before its effect; the first throw of nine goes to 26 and lands nowhere.")
    named = [r for r in rows if r[0] in NAMED or chain.board[r[0]].effect == "casque"]
    named_t = Table("blason/named", "The named squares (one token)", opts, CHAIN,
                    ["square", "name", "P(land at least once)", "mean landings"],
                    named + [[9, "first throw of nine", float(chain.first_nine[START]), float(chain.first_nine[START])]])
    summary = Table("blason/summary", "One token's race: expectations", opts, CHAIN, ["figure", "value"], [
        ["mean throws", chain.expected_throws()],
        ["mean turns", chain.expected_turns()],
        ["median throws", _quantile(throws, 0.5)],
        ["95th percentile of throws", _quantile(throws, 0.95)],
        ["median turns", _quantile(turns, 0.5)],
        ["95th percentile of turns", _quantile(turns, 0.95)],
        ["mean counters paid (entry included)", chain.expected_paid()],
    ])
    return [summary, dist_t, named_t, board_t, compare(given)]


def seats(given: Mapping[str, Any], players: int, samples: int, seed: int | None) -> Table:
    """Win rate by seat in races of ``players`` (simulated with the engine: meetings and the wait
    on 30 tie the tokens together), each with its 95% interval."""
    from academie.analysis.simulate import SimulationInterrupted, simulate
    from academie.games import get_game

    note = "seat 0 throws first."
    try:
        report = simulate(get_game("blason"), ["random"] * players, samples, seed, dict(given), workers=1)
    except SimulationInterrupted as stop:  # Ctrl-C: the races finished so far
        if stop.report is None:
            raise
        report = stop.report
        note = f"PARTIAL: interrupted after {report.matches:,} of {samples:,} races. " + note
    rows = [[s, rate(r.wins, r.trials)] for s, r in enumerate(report.seats)]
    o = _options(Chain.of(given).options)
    return Table(f"blason/seats-{players}", f"Win rate by seat, {players} players", dict(o, players=players),
                 SIMULATED, ["seat", "win rate"], rows, plot="bar", x="seat", samples=report.matches, seed=seed,
                 note=note, extra={"partial": report.partial})
