"""Reversis (academie's pure Python engine) side by side with OpenSpiel's Hearts driven from Python.

Both run in this process, in alternating short rounds (so that the machine's load falls on both
alike), and the script prints each figure and the ratio to Hearts':

* random deals per second: every action picked at random among ``legal_actions()`` through the
  Python API (chance outcomes too: ``sample_chance`` for Reversis, a uniform pick among
  ``chance_outcomes()`` for Hearts); a Reversis match of 8 deals counts 8, a game of Hearts 1;
* ``clone()`` in µs: a Reversis state in the play of deal 1 and of deal 7, a Hearts state in play;
* a sample of the information set plus a random playout to the end of the deal, in µs: Reversis
  ``determinize`` (the exact sampler of :mod:`academie.core.sampling`, from the seat's view) then
  random play until the deal ends; Hearts ``resample_from_infostate`` then a Python rollout to the
  end of the game; from the same number of positions, each in the play of the cards (after the
  écart, after the passing), the player to act sampling. The positions come round again and
  again, as a search's iterations at one decision do: the first sample of a position (which
  replays the deal once) is in the first round, and the figure is the median of the rounds.

A third deals row measures the loop alone: a stand-in state that plays no rules (:class:`NullDeal`:
a Reversis deal's 96 actions, 48 cards drawn at random and 48 decisions among a fixed list, each
through the same calls), driven by the same code. What a deal may cost beyond it, for twice
Hearts' rate, is the time left for the rules, printed per action.

With the compiled kernels installed (``pip install 'academie[fast]'``), two more rows show the
same two measures through :mod:`academie.fast.reversis`: its random deals (``random_deals``, all in
compiled code), and the pure ``determinize`` followed by ``from_state`` and a compiled
``rollout`` to the end of the deal; and, for the compiled kernel's target, OpenSpiel's Hearts
played wholly in C++ (``pyspiel.evaluate_bots`` with ``pyspiel.make_uniform_random_bot`` bots: the
whole loop, chance and decisions, inside C++), in the same alternating rounds.

Times are this process's CPU time (``time.process_time``), steadier than wall time on a loaded
machine; each figure is the median over the rounds (the best run for ``clone``).

Targets (issue 10): Reversis deals/s at least 2× Hearts'; determinize plus playout no slower than
Hearts' resample plus rollout; a Reversis clone at most 10 µs whatever the deal; the compiled
kernel's random deals per second at least those of Hearts' all-C++ loop.

Run: ``.venv/bin/python benchmarks/vs_openspiel.py [--rounds 10] [--round-seconds 0.5]``.
OpenSpiel is an optional benchmark dependency: ``pip install 'academie[bench]'`` (``open_spiel``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable

from academie.games import get_game

REVERSIS = get_game("reversis")
CLOCK = time.process_time


# --- Reversis ----------------------------------------------------------------------------------
def reversis_step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.sample_chance(rng), trusted=True)
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))], trusted=True)


class ReversisDeals:
    """Random Reversis deals, one match after another."""

    def __init__(self, players: int, seed: int) -> None:
        self.players, self.rng = players, random.Random(seed)
        self.state = REVERSIS.new_initial_state(players)

    def one(self) -> int:
        """Play one deal (a new match when the last one is over); returns 1."""
        state, rng = self.state, self.rng
        if state.is_terminal():
            state = self.state = REVERSIS.new_initial_state(self.players)
        deal = state.match.deal_number
        while state.match.deal_number == deal and not state.is_terminal():
            reversis_step(state, rng)
        return 1


def reversis_position(players: int, seed: int, deal: int = 1):
    """A Reversis state at a random decision in the play of the cards of deal ``deal`` (1-based)."""
    rng = random.Random(seed)
    state = REVERSIS.new_initial_state(players)
    while state.match.deal_number < deal - 1 or state.phase != "play":
        reversis_step(state, rng)
    for _ in range(rng.randrange(state.hand_size * players - 1)):
        reversis_step(state, rng)
    assert state.phase == "play" and not state.is_chance_node()
    return state


def reversis_sample_and_playout(state, rng: random.Random) -> None:
    other = state.determinize(state.current_player(), rng)
    deal = other.match.deal_number
    while other.match.deal_number == deal and not other.is_terminal():
        reversis_step(other, rng)


class NullDeal:
    """The calls of a random Reversis deal of 4 players with no rules behind them: 48 chance
    nodes (a card drawn at random among those left) then 48 decisions (a fixed list of legal
    actions), driven by :func:`reversis_step` — the least any state driven so can cost."""

    ACTIONS = 96  # 48 cards dealt, 48 played (the écart's few actions left out: a lower bound)

    def __init__(self, seed: int) -> None:
        self.rng, self.k = random.Random(seed), 0
        self.cards, self.legal = list(range(48)), [0, 1, 2, 3, 4]

    def is_chance_node(self) -> bool:
        return self.k < 48

    def sample_chance(self, rng: random.Random) -> int:
        return self.cards[rng.randrange(48 - self.k)]

    def legal_actions(self) -> list[int]:
        return self.legal

    def apply_action(self, action: int, trusted: bool = False) -> None:
        self.k += 1

    def one(self) -> int:
        self.k, rng = 0, self.rng
        for _ in range(self.ACTIONS):
            reversis_step(self, rng)
        return 1


# --- Hearts (OpenSpiel) ------------------------------------------------------------------------
class Kernel:
    """The compiled Reversis (academie[fast]), or None when numba is not installed."""

    def __init__(self, players: int) -> None:
        from academie import fast
        from academie.fast import reversis as kernel

        self.K = kernel
        self.params = fast.reversis_params(REVERSIS.parse_options({}), players)
        kernel.random_deals(self.params, 0, 1)  # load or compile before measuring
        self.seed = 0

    def deals(self, batch: int = 200) -> int:
        self.seed += 1
        self.K.random_deals(self.params, self.seed, batch)
        return batch

    def sample_and_rollout(self, state, rng: random.Random) -> None:
        other = state.determinize(state.current_player(), rng)
        self.K.rollout(self.K.from_state(other, self.params), rng.getrandbits(32))

    @staticmethod
    def load(players: int) -> Kernel | None:
        try:
            from academie import fast
        except ImportError:
            return None
        if not fast.available() or not fast.supports(REVERSIS, REVERSIS.parse_options({}), players):
            return None
        return Kernel(players)


def hearts_step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


class HeartsDeals:
    def __init__(self, game, seed: int) -> None:
        self.game, self.rng = game, random.Random(seed)

    def one(self) -> int:
        state, rng = self.game.new_initial_state(), self.rng
        while not state.is_terminal():
            hearts_step(state, rng)
        return 1


def hearts_position(game, seed: int):
    """A Hearts state at a random decision in the play of the cards (after the passing): the
    history is the pass direction (0: no passing), 52 cards dealt, 12 cards passed, 52 played."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while len(state.history()) < 1:
        hearts_step(state, rng)
    start = 53 + (0 if state.history()[0] == 0 else 12)
    for _ in range(start + rng.randrange(51) - 1):
        hearts_step(state, rng)
    assert not state.is_chance_node() and not state.is_terminal()
    return state


def hearts_sample_and_rollout(state, rng: random.Random) -> None:
    other = state.resample_from_infostate(state.current_player(), rng.random)
    while not other.is_terminal():
        hearts_step(other, rng)


# --- measuring ---------------------------------------------------------------------------------
def rate(one: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Call ``one`` until ``seconds`` have passed; returns (units, elapsed)."""
    units, start = 0, CLOCK()
    end = start + seconds
    while CLOCK() < end:
        units += one()
    return units, CLOCK() - start


def per_call(positions: list, work: Callable, rng: random.Random, seconds: float) -> float:
    """Mean µs of ``work(position, rng)`` over the positions, in turn, for about ``seconds``."""
    calls, start = 0, CLOCK()
    end = start + seconds
    while CLOCK() < end:
        for position in positions:
            work(position, rng)
        calls += len(positions)
    return (CLOCK() - start) / calls * 1e6


def clone_us(state, number: int = 2000) -> float:
    """µs per ``state.clone()``: the best of three runs of ``number`` clones."""
    return min(timeit.repeat(state.clone, timer=CLOCK, number=number, repeat=3)) / number * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds (default 10)")
    parser.add_argument("--round-seconds", type=float, default=0.5, help="seconds per measure per round (default 0.5)")
    parser.add_argument("--players", type=int, default=4, help="Reversis players (default 4, as Hearts)")
    parser.add_argument("--positions", type=int, default=20, help="positions for the sampling test (default 20)")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print(
            "OpenSpiel is not installed: this benchmark compares with OpenSpiel's Hearts.\n"
            "Install it with: pip install 'academie[bench]'   (or: pip install open_spiel)",
            file=sys.stderr,
        )
        return 2
    hearts = pyspiel.load_game("hearts")
    rev_deals, hearts_deals, null_deals = ReversisDeals(args.players, 1), HeartsDeals(hearts, 1), NullDeal(1)
    rev_positions = [reversis_position(args.players, s) for s in range(args.positions)]
    hearts_positions = [hearts_position(hearts, s) for s in range(args.positions)]
    rev_clone = {1: reversis_position(args.players, 7, deal=1), 7: reversis_position(args.players, 7, deal=7)}
    rng_r, rng_h, rng_k = random.Random(2), random.Random(2), random.Random(2)
    kernel = Kernel.load(args.players)
    if kernel is None:
        print("academie[fast] (numba) is not installed: pure engine rows only", file=sys.stderr)
    figures: dict[str, list[float]] = {k: [] for k in (
        "rev_deals", "hearts_deals", "rev_clone1", "rev_clone7", "hearts_clone", "rev_sample", "hearts_sample",
        "kernel_deals", "kernel_sample", "null_deals", "hearts_cpp")}
    cpp_bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    cpp_seed = [0]

    def hearts_cpp() -> int:
        cpp_seed[0] += 1
        pyspiel.evaluate_bots(hearts.new_initial_state(), cpp_bots, cpp_seed[0])
        return 1

    t = args.round_seconds
    print(f"{args.rounds} rounds of {t:g} s per measure, alternating Reversis ({args.players} players) and Hearts", flush=True)
    for k in range(args.rounds):
        first_reversis = k % 2 == 0  # alternate which goes first, too
        pairs = [
            (lambda: (figures["rev_deals"].append(_per_second(rate(rev_deals.one, t))),
                      figures["null_deals"].append(_per_second(rate(null_deals.one, t / 2)))),
             lambda: figures["hearts_deals"].append(_per_second(rate(hearts_deals.one, t)))),
            (lambda: (figures["rev_clone1"].append(clone_us(rev_clone[1])), figures["rev_clone7"].append(clone_us(rev_clone[7]))),
             lambda: figures["hearts_clone"].append(clone_us(hearts_positions[0]))),
            (lambda: figures["rev_sample"].append(per_call(rev_positions, reversis_sample_and_playout, rng_r, t)),
             lambda: figures["hearts_sample"].append(per_call(hearts_positions, hearts_sample_and_rollout, rng_h, t))),
        ]
        if kernel is not None:
            pairs[0] = (lambda r=pairs[0][0]: (r(), figures["kernel_deals"].append(_per_second(rate(kernel.deals, t)))),
                        lambda h=pairs[0][1]: (h(), figures["hearts_cpp"].append(_per_second(rate(hearts_cpp, t)))))
            pairs[2] = (lambda r=pairs[2][0]: (r(), figures["kernel_sample"].append(
                per_call(rev_positions, kernel.sample_and_rollout, rng_k, t))), pairs[2][1])
        for rev, hrt in pairs:
            for run in ((rev, hrt) if first_reversis else (hrt, rev)):
                run()
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)

    med = {k: statistics.median(v) for k, v in figures.items() if v}
    best_clone = {k: min(figures[k]) for k in ("rev_clone1", "rev_clone7", "hearts_clone")}
    deals_ratio = med["rev_deals"] / med["hearts_deals"]
    sample_ratio = med["rev_sample"] / med["hearts_sample"]
    rows = [
        ("random deals/s (median of rounds)", f"{med['rev_deals']:,.0f}", f"{med['hearts_deals']:,.0f}",
         f"{deals_ratio:.2f}×", "≥ 2×", deals_ratio >= 2),
        ("clone µs, deal 1 (best)", f"{best_clone['rev_clone1']:.2f}", f"{best_clone['hearts_clone']:.2f}",
         f"{best_clone['rev_clone1'] / best_clone['hearts_clone']:.1f}×", "≤ 10 µs", best_clone["rev_clone1"] <= 10),
        ("clone µs, deal 7 (best)", f"{best_clone['rev_clone7']:.2f}", f"{best_clone['hearts_clone']:.2f}",
         f"{best_clone['rev_clone7'] / best_clone['hearts_clone']:.1f}×", "≤ 10 µs", best_clone["rev_clone7"] <= 10),
        ("sample + playout µs (median of rounds)", f"{med['rev_sample']:,.0f}", f"{med['hearts_sample']:,.0f}",
         f"{sample_ratio:.2f}×", "≤ 1×", sample_ratio <= 1),
    ]
    if kernel is not None:
        kd, ks = med["kernel_deals"] / med["hearts_deals"], med["kernel_sample"] / med["hearts_sample"]
        rows += [
            ("academie[fast]: kernel random deals/s", f"{med['kernel_deals']:,.0f}", f"{med['hearts_deals']:,.0f}",
             f"{kd:.2f}×", "≥ 2×", kd >= 2),
            ("academie[fast]: determinize + rollout µs", f"{med['kernel_sample']:,.0f}", f"{med['hearts_sample']:,.0f}",
             f"{ks:.2f}×", "≤ 1×", ks <= 1),
            ("academie[fast]: kernel vs Hearts in C++", f"{med['kernel_deals']:,.0f}", f"{med['hearts_cpp']:,.0f}",
             f"{med['kernel_deals'] / med['hearts_cpp']:.2f}×", "≥ 1×", med["kernel_deals"] >= med["hearts_cpp"]),
        ]
    print()
    print(f"{'':<40}{'reversis':>10}{'hearts':>10}{'ratio':>9}  {'target':<9}met")
    for name, rev, hrt, ratio, target, met in rows:
        print(f"{name:<40}{rev:>10}{hrt:>10}{ratio:>9}  {target:<9}{'yes' if met else 'NO'}")
    null_ratio = med["null_deals"] / med["hearts_deals"]
    budget = (1 / (2 * med["hearts_deals"]) - 1 / med["null_deals"]) / NullDeal.ACTIONS * 1e6
    used = (1 / med["rev_deals"] - 1 / med["null_deals"]) / NullDeal.ACTIONS * 1e6
    print(f"{'the loop alone: a state with no rules':<40}{med['null_deals']:>10,.0f}{med['hearts_deals']:>10,.0f}"
          f"{null_ratio:>8.2f}×  (deals/s)")
    print()
    print(f"At twice Hearts' deals/s, a deal leaves its rules {budget:.2f} µs an action beyond the loop's own "
          f"calls; the pure engine's take {used:.2f} µs.")
    print()
    print("Ratios are Reversis / Hearts (for µs, lower is faster). Spread over rounds: deals/s "
          f"{min(figures['rev_deals']):,.0f}–{max(figures['rev_deals']):,.0f} vs "
          f"{min(figures['hearts_deals']):,.0f}–{max(figures['hearts_deals']):,.0f}; sample + playout µs "
          f"{min(figures['rev_sample']):,.0f}–{max(figures['rev_sample']):,.0f} vs "
          f"{min(figures['hearts_sample']):,.0f}–{max(figures['hearts_sample']):,.0f}.")
    return 0


def _per_second(units_elapsed: tuple[int, float]) -> float:
    units, elapsed = units_elapsed
    return units / elapsed


if __name__ == "__main__":
    raise SystemExit(main())
