"""Hints: each legal move's estimated value for the seat, from what its view allows only.

:func:`hints` draws worlds as the ``hard`` level does: from the seat's beliefs (worlds of the
view weighted by the others' moves, :mod:`academie.bots.particles`), or uniformly from the view
where ``hard`` has no beliefs (Reversis, the Guimbarde), plays each legal move in each
world and plays the deal out as the hard bot's playouts do (the same random numbers for every
move of one world, so that the moves are compared on the same cards), and gives for each move
the seat's mean gain by the end of the deal — counters won or lost, or at Trente et un lives
(a life lost is −1) — with a 95% interval (1.96 standard errors over the worlds), best first.
At Belle-Flux and at Trente et un, whose ``hard`` values its moves itself (its ``estimates``:
playouts over its beliefs — at Belle-Flux a basket nobody wins counted for the seat's share of
it in later deals; at Trente et un the lives gained by the round's end over its chains of the
others' hands), the hints are those values; where those values cannot be had (options the
compiled kernels do not play, no kernels, beliefs that explain nothing) the hints are the
search's, over worlds of the view played out by the heuristic. Only the view goes in: two
positions that give the seat the same view give the same hints, as long as the worlds are all
played before ``seconds`` run out; where the clock stops them first (the Guimbarde at 8 seats,
Trente et un with ``thirty_one_check=on_draw``), how many worlds are played, and so the figures,
depend on the machine's speed, never on what the view hides.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from academie.bots.ismcts import deal_end_standings, standings


@dataclass(frozen=True)
class Hint:
    """One legal move's estimate: ``move`` (its string notation), ``action`` (its id), ``mean``
    (the seat's mean gain by the end of the deal, in ``unit``), ``half`` (half the 95% interval)
    and ``worlds`` (how many it is measured over)."""

    move: str
    action: int
    mean: float
    half: float
    worlds: int
    unit: str

    def line(self) -> str:
        """``'KH  +1.20 ± 0.40 counters'``."""
        return f"{self.move}  {self.mean:+.2f} ± {self.half:.2f} {self.unit}"


def unit_of(game_id: str) -> str:
    """What a gain counts at ``game_id``: ``'lives'`` at Trente et un, else ``'counters'``."""
    return "lives" if game_id == "trente-et-un" else "counters"


def hints(view: Any, legal: list[int], game_id: str, seconds: float = 1.5, worlds: int = 400,
          seed: int = 0, describe: Any = None) -> list[Hint]:
    """The hints for ``view`` (a seat's view) and its ``legal`` actions, best mean first: at most
    ``worlds`` worlds, stopping after ``seconds`` (the beliefs' update counted). ``describe``
    (action → its string notation; default the action's number) names the moves. Raises
    :class:`~academie.core.errors.SamplingError` when no world of the view can be drawn, and
    ValueError for no legal action or an action given twice."""
    from academie.bots import make_bot

    if not legal:
        raise ValueError("hints need at least one legal action")
    twice = sorted({a for a in legal if list(legal).count(a) > 1})
    if twice:
        raise ValueError(f"hints need each legal action once; given more than once: {twice}")
    start = time.perf_counter()
    deadline = start + seconds
    bot = make_bot("hard", game_id, seed)
    estimates = getattr(bot, "estimates", None)
    if estimates is not None:  # a bot valuing the moves itself (montecarlo's playouts over its beliefs)
        found = estimates(view, seconds, seed)
        if found is not None:
            return _listed(found, legal, game_id, describe)
        # its values need the compiled kernels, or beliefs that explain the others' moves: the
        # search's worlds of the view instead, played out by the heuristic
        bot = make_bot("ismcts:rollout=heuristic", game_id, seed)
        seconds = max(deadline - time.perf_counter(), seconds / 2)
        deadline = time.perf_counter() + seconds
        start = time.perf_counter()
    rng = random.Random(seed)
    belief = getattr(bot, "belief", None)
    if belief is not None:
        belief.update(view, start + seconds / 3)
    heuristics = bot._heuristics(rng) if bot.policy == "heuristic" else None
    me = view.seat
    sums = dict.fromkeys(legal, 0.0)
    squares = dict.fromkeys(legal, 0.0)
    done = 0
    from academie.core.sampling import SamplingTimeout, sample

    for done in range(1, worlds + 1):
        try:
            world = belief.draw(rng) if belief is not None else sample(view, rng, deadline)
        except SamplingTimeout:
            if done == 1:
                raise
            done -= 1
            break
        base, deal = standings(world), world.match.deal_number
        seed_k = rng.getrandbits(32)
        for action in legal:
            state = world.clone()
            state.apply_action(action, trusted=True)
            if state.is_terminal() or state.match.deal_number != deal:
                end = deal_end_standings(state)
            else:
                end = bot._playout(state, deal, random.Random(seed_k),
                                   None if heuristics is None else type(heuristics)(heuristics.factory, seed_k))
            gain = end[me] - base[me]
            sums[action] += gain
            squares[action] += gain * gain
        if time.perf_counter() >= deadline:
            break
    found = {}
    for action in legal:
        mean = sums[action] / done
        spread = max(squares[action] / done - mean * mean, 0.0) * done / (done - 1) if done > 1 else 0.0
        found[action] = (mean, 1.96 * math.sqrt(spread / done) if done > 1 else math.inf, done)
    return _listed(found, legal, game_id, describe)


def _listed(found: dict[int, tuple[float, float, int]], legal: list[int], game_id: str, describe: Any) -> list[Hint]:
    """The hints of ``found`` (action → mean, half, worlds) for the ``legal`` actions, best first."""
    unit = unit_of(game_id)
    out = [Hint(describe(a) if describe is not None else str(a), a, *found[a], unit) for a in legal]
    out.sort(key=lambda h: -h.mean)
    return out
