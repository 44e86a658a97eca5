"""Information Set Monte Carlo Tree Search, for every game with decisions.

After Cowling, Powley & Whitehouse, « Information Set Monte Carlo Tree Search », *IEEE
Transactions on Computational Intelligence and AI in Games* 4(2), 2012, pp. 120–143: the
single-observer variant (SO-ISMCTS). Each iteration samples a world — a full state its seat
could not tell from the real one — from the seat's view with :func:`academie.core.sampling.sample`,
then descends one tree shared by every world: at a player's node only the actions legal in this
world compete, by UCB1 with *availability counts* (an action's count of the times it was legal
when its node was visited, in place of the parent's visits); an untried legal action is expanded;
a chance node (a card drawn from the stock at Trente et un or Belle-Flux) draws its outcome with
its probability, and the tree keeps one child per outcome drawn. A playout then plays the world
to the end of the current deal, by uniform random choices (the compiled kernels of
:mod:`academie.fast` when installed and they play the game with these options, else the pure
engine) or by the game's heuristic bot in every seat. A heuristic playout has random numbers of
its own, two seeds drawn from the search's generator: one for the chance, one from which each
seat's bot is seeded at its first decision (:meth:`ISMCTSBot._heuristic_playout`); it is played
by the kernel's compiled heuristic (``heuristic_rollout``) when ``academie[fast]`` is installed
and the kernel plays the game with these options and these bots (Trente et un, Belle-Flux,
Reversis, the Guimbarde, the Guinguette; at Trente et un with any parameters of its heuristic,
elsewhere with the heuristic's defaults), else by the pure engine, each seat's bot given its view, built at
each decision — the same actions either way, so the same moves (since that change a search
with heuristic playouts moves differently from before for the same seed: its playouts drew
from the search's generator and shared the move's bots). The bot never sees the state: it gets
its seat's view and the legal actions.
At Reversis and at the Guimbarde, in the play of the cards, a search with random playouts and
the article's tree (``infer=none``, ``others=search``, ``depth=0``, ``paired=no``) runs whole in
compiled code when ``academie[fast]`` is installed (:mod:`academie.fast.reversis_search`,
:mod:`academie.fast.guimbarde_search`): the same worlds, expansions and playouts drawn from the
bot's generator, so the same move; the clock is read between runs of up to 1,024 iterations
rather than after each. With ``infer=particles`` it searches the beliefs' worlds, each iteration
drawing one by weight from the bot's generator as the Python tree draws it (the modules'
``run_particles``). An instance's ``compiled = False`` keeps the Python tree; ``last_compiled``
tells which searched the last move.

Rewards are per deal (at Trente et un, ``value=match`` values a deal's end by each seat's chance of
winning the match from the lives then left, :mod:`academie.bots.match_values`). A deal ends when ``match.deal_number`` changes or the
match ends (the engine's deal counter, the same for every game); a seat's *standing* is its
counters (jetons) plus its lives plus 1 while not eliminated, counters taken as the finished
deal's result records them (``counters``, before the next deal's stakes) when it does. A
playout's gain for each seat is its standing at the end of the deal minus its standing at the
start of the search: counters won or lost in the deal (Reversis, Guimbarde, Belle-Flux), lives
lost (Trente et un); its *reward* is its gain minus the mean gain of the other seats, so that a
life another player loses counts for a seat as its own life kept does, and what every seat pays
alike (stakes, antes) counts for nothing. Each node keeps the sum of the rewards of the player who chose the action
leading to it; for UCB these means are mapped to 0…1 by the smallest and largest rewards seen
in this search. The move played is the root's most visited action, the best mean reward among
equally visited ones (:func:`most_visited`).

Parameters (a bot spec, :mod:`academie.bots.spec`): ``iterations`` (worlds searched per move,
default 1000), ``seconds`` (an upper bound on the time per move, in seconds, default 1, always in
force: the time the sampler takes to draw the worlds is counted, the sampler stops at the deadline
too; the search stops at whichever comes first, and a move stopped by the clock depends on the
machine's speed), ``c`` (the exploration
constant, default 0.7 as in the article), ``rollout`` (``random`` or ``heuristic``), ``worlds``
(0, the default: a new world every iteration, as in the article; *k*: *k* worlds sampled per move
and searched in turn, the chance nodes still drawn afresh each time — for games whose exact
sampling costs more than a playout), ``others`` (``search``, the default: the other seats'
decisions in the tree are searched by UCB, as in the article; ``rollout``: they play the rollout
policy there too, the heuristic bot given their view in the world, or a uniform choice, so the
tree searches the seat's own decisions against that model of the others), ``infer`` (``none``,
the default: every world consistent with the view is equally likely; ``heuristic``: each world
kept is one of ``candidates`` exact samples, drawn in proportion to how likely the game's
heuristic bot makes the other seats' decisions of the deal in that world — see
:meth:`ISMCTSBot.likelihood`; the cards of a seat that kept its best cards are then less often
weak than uniform samples make them; ``mcmc``: the worlds are the states of a Markov chain
whose stationary distribution is that same posterior, :class:`academie.bots.belief.WorldChain`,
which walks from world to world by changing one hidden card at a time and so follows the
decisions of a whole deal where resampling finds few good worlds; ``particles``: each world is
drawn from the seat's beliefs, ``particles`` weighted worlds carried from move to move and
weighted by the other seats' moves under the heuristic softened by a ``mistake`` rate, see
:mod:`academie.bots.particles`), ``candidates`` (default 8,
with ``infer=heuristic``), ``moves`` (default 10, with ``infer=mcmc``: steps of the chain
between two worlds), ``particles`` (default 64) and ``mistake`` (0 to 1, default 0.1), with
``infer=particles``, and ``depth`` (0, the default: every decision of the seat in the tree is
searched; *k*: its first *k*, this move's counted, the later ones played by the rollout policy
as ``others=rollout`` plays the other seats — with ``depth=1`` each legal action is valued by
playouts of the rollout policy after it, a one-step improvement of that policy, whose values a
tree's untried later moves do not pull down), ``paired`` (``no``, the default; ``yes``, with
``rollout=heuristic``: no tree — each world is played out after every legal action with the same
random numbers, and the heuristic's move is kept unless another action's mean gain over it, less
``margin`` standard errors, is above 0: see :meth:`ISMCTSBot._paired`; ``c``, ``others`` and
``depth`` then have no effect and are refused), ``margin`` (default 1.0) and ``own`` (with
``paired=yes``: the spec of one of the game's own bots, its parts joined by ``/``, such as
``heuristic/knock_floor=32/cut_at=32``; the move kept unless beaten is that bot's, and it plays the
seat's later decisions in the playouts, where the other seats stay the game's heuristic, the
model of the others; default ``heuristic``). At Trente et un only (:data:`GAME_PARAMS`),
``knock_by`` (rounds, default 20, as the heuristic bot's): once that many rounds of the deal are
over the bot knocks on any total, without a search, so that every deal it plays ends — the sheet
ends a round only on a knock or a 31, and a weak search that never knocks, against a bot that
waits, played on for hundreds of moves; and ``value`` (``deal``, the default, or ``match``: see
above). ``mode`` (``ismcts``, the default, or ``pimc``: a tree of its own for each of ``worlds``
worlds, 16 when 0, the root's rewards averaged over them, :meth:`ISMCTSBot._pimc`). Seeded: the
same seed and the same views give the same moves when ``iterations`` ends the search before
``seconds`` does.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from academie import fast
from academie.bots import belief
from academie.bots.belief import WorldChain, extends
from academie.bots.roster import own_bots
from academie.bots.spec import Param
from academie.core.sampling import SamplingTimeout

PARAMS = {
    "iterations": Param("int", 1000, "worlds searched per move", low=1, high=1_000_000),
    "seconds": Param("float", 1.0, "upper bound on the time per move, in seconds, drawing the worlds included",
                     low=0, high=3600, low_open=True),
    "c": Param("float", 0.7, "UCB exploration constant (rewards mapped to 0…1)", low=0, high=100),
    "rollout": Param("choice", "random", "playout policy", choices=("random", "heuristic")),
    "worlds": Param("int", 0, "distinct worlds sampled per move, each searched in turn (0: a new one every iteration)",
                    low=0, high=1_000_000),
    "infer": Param("choice", "none", "what the other seats' actions tell of their cards: nothing (none) or what the "
                   "heuristic bot would have done, by resampling (heuristic), by a Markov chain (mcmc) or by weighted "
                   "worlds carried from move to move (particles)",
                   choices=("none", "heuristic", "mcmc", "particles")),
    "candidates": Param("int", 8, "worlds drawn for each world kept when infer=heuristic", low=1, high=1000,
                        requires=("infer", "heuristic")),
    "moves": Param("int", 10, "steps of the chain between two worlds when infer=mcmc", low=1, high=1000,
                   requires=("infer", "mcmc")),
    "particles": Param("int", 64, "worlds of the beliefs when infer=particles", low=1, high=10_000,
                       requires=("infer", "particles")),
    "mistake": Param("float", 0.1, "with infer=particles: the chance the model of the other seats (their heuristic) "
                     "plays a uniform move instead of its own", low=0, high=1, requires=("infer", "particles")),
    "others": Param("choice", "search", "the other seats' decisions in the tree: searched by UCB (search) or played by "
                    "the rollout policy (rollout)", choices=("search", "rollout")),
    "depth": Param("int", 0, "the seat's own decisions searched in the tree, this move's counted (0: all of them; "
                   "later ones play the rollout policy)", low=0, high=1000),
    "paired": Param("choice", "no", "yes: no tree; each world played out after every legal action with the same "
                    "random numbers, the heuristic's move kept unless another beats it by margin",
                    choices=("no", "yes"), requires=("rollout", "heuristic")),
    "margin": Param("float", 1.0, "with paired=yes: standard errors by which an action's paired gain over the "
                    "heuristic's move must exceed 0 to be played instead", low=0, high=100,
                    requires=("paired", "yes")),
    "own": Param("spec", "heuristic", "with paired=yes: the game's bot (a spec, / between its parts) whose move is "
                 "kept unless beaten and who plays the seat's later decisions in the playouts",
                 requires=("paired", "yes")),
    "mode": Param("choice", "ismcts", "one tree for every world (ismcts) or a tree of its own for each world, the "
                  "root's values averaged over the worlds (pimc: Perfect Information Monte Carlo)",
                  choices=("ismcts", "pimc")),
}

GAME_PARAMS = {
    "trente-et-un": {
        "knock_by": Param("int", 20, "the rounds of a deal after which it knocks on any total, without a search, as "
                          "the heuristic bot does", low=1, high=1000),
        "value": Param("choice", "deal", "what a playout's end is worth: the lives of the deal (deal) or each seat's "
                       "chance of winning the match from the lives then left (match)", choices=("deal", "match")),
    },
}
"""Parameters of the bot at one game only: at Trente et un, where the sheet ends a round only on a
knock or a 31, ``knock_by`` bounds every deal the bot plays (:func:`academie.bots.trente_et_un.knock_due`);
``value=match`` values a deal's end by the chance of winning the match (:mod:`academie.bots.match_values`)."""


def params_for(game_id: str) -> dict[str, Param]:
    """The bot's parameters at ``game_id``: :data:`PARAMS`, then the game's own (:data:`GAME_PARAMS`)."""
    return {**PARAMS, **GAME_PARAMS.get(game_id, {})}

MISTAKE = 0.1
"""With ``infer=heuristic``: the chance that another seat picks uniformly among its legal actions
instead of playing as the heuristic bot would."""

COMPILED_SEARCHES = {"reversis": "reversis_search", "guimbarde": "guimbarde_search"}
"""Game id → module of :mod:`academie.fast` whose ``position`` and ``run`` search a move compiled
(:mod:`academie.fast.reversis_search`, :mod:`academie.fast.guimbarde_search`): used, when installed, by a bot whose spec asks for
nothing the compiled search lacks (random playouts, no inference or ``infer=particles`` when the
module has ``run_particles``, the other seats searched, every decision searched, no paired
search), else the Python tree."""

KERNEL_MODULES = {"trente-et-un": "trente_et_un", "belle-flux-trente-un": "belle_flux", "reversis": "reversis",
                  "guimbarde": "guimbarde", "guinguette": "guinguette"}
"""Game id → module of :mod:`academie.fast` holding ``from_state`` and ``rollout``."""


class Node:
    """A node of the search tree: ``children`` (action → node), ``chance`` (outcome → node),
    ``visits``, ``avail`` (times its action was legal when its parent was visited) and
    ``total`` (sum of the rewards of the player who chose its action)."""

    __slots__ = ("children", "chance", "visits", "avail", "total", "player")

    def __init__(self, player: int = -1) -> None:
        self.children: dict[int, Node] = {}
        self.chance: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.player = player


def most_visited(root: Node, legal: Sequence[int]) -> int:
    """The action of ``legal`` most visited from ``root``; among equally visited ones, the one of
    the best mean reward (with fewer iterations than legal actions every action tried has one
    visit, and the first in ``legal`` order would always be played: at Trente et un a search of
    2 or 3 iterations drew and never knocked); the first in ``legal`` order if those tie too."""
    def key(a: int) -> tuple[int, float]:
        child = root.children.get(a)
        return (-1, 0.0) if child is None else (child.visits, child.total / child.visits)

    return max(legal, key=key)


def pimc_choice(roots: Sequence[Node], legal: Sequence[int]) -> int:
    """The move of a PIMC search over the trees ``roots`` (one per world): the action of
    ``legal`` whose mean reward, averaged over the worlds where it was tried, is the best; among
    equal ones the most visited over all worlds, then the first in ``legal`` order."""
    def key(a: int) -> tuple[float, int]:
        means, visits = [], 0
        for root in roots:
            child = root.children.get(a)
            if child is not None and child.visits:
                means.append(child.total / child.visits)
                visits += child.visits
        return (sum(means) / len(means) if means else -math.inf, visits)

    best = legal[0]
    for a in legal[1:]:
        if key(a) > key(best):
            best = a
    return best


def standings(state: Any) -> list[float]:
    """Each seat's standing now: counters + lives + 1 while not eliminated."""
    m = state.match
    return [m.counters[s] + m.lives[s] + (not m.eliminated[s]) for s in range(m.num_players)]


def deal_end_standings(state: Any) -> list[float]:
    """Each seat's standing at the end of the deal just finished: as :func:`standings`, the
    counters taken from the deal's result when it keeps them (before the next deal's stakes)."""
    m = state.match
    results = state.finished_results()
    counters = getattr(results[-1], "counters", None) if results else None
    if not counters or len(counters) != m.num_players:
        counters = m.counters
    return [counters[s] + m.lives[s] + (not m.eliminated[s]) for s in range(m.num_players)]


class ISMCTSBot:
    """SO-ISMCTS player (see the module docstring). ``game_id`` names the game (for the
    heuristic playouts and the compiled kernels); ``seed`` fixes every choice."""

    name = "ismcts"
    PARAMS = PARAMS

    def __init__(self, game_id: str, seed: int | None = None, iterations: int = 1000, seconds: float = 1.0,
                 c: float = 0.7, rollout: str = "random", worlds: int = 0, infer: str = "none",
                 candidates: int = 8, others: str = "search", moves: int = 10, depth: int = 0,
                 paired: str = "no", margin: float = 1.0, own: str = "heuristic", knock_by: int | None = None,
                 particles: int = 64, mistake: float = 0.1, value: str | None = None, mode: str = "ismcts") -> None:
        from academie.core.errors import UnknownBotError

        at_game = GAME_PARAMS.get(game_id, {})
        if knock_by is not None and "knock_by" not in at_game:
            raise UnknownBotError(f"ismcts: knock_by is a parameter at {', '.join(GAME_PARAMS)} only, not at {game_id}")
        if knock_by is not None:
            try:
                at_game["knock_by"].read(str(knock_by))
            except ValueError as exc:
                raise UnknownBotError(f"ismcts: knock_by must be {exc}, not {knock_by!r:.30}") from None
        elif "knock_by" in at_game:
            knock_by = at_game["knock_by"].default
        self.knock_by = knock_by  # None: no knock (a game without one)
        if value is not None and "value" not in at_game:
            raise UnknownBotError(f"ismcts: value is a parameter at {', '.join(GAME_PARAMS)} only (games of lives), "
                                  f"not at {game_id}, where a deal's counters are already the match's")
        if value is not None:
            try:
                at_game["value"].read(str(value))
            except ValueError as exc:
                raise UnknownBotError(f"ismcts: value must be {exc}, not {value!r:.30}") from None
        self.value = value or "deal"
        self._values: Callable[[Sequence[float]], list[float]] | None = None  # value=match: standings → chances

        for key, value in (("iterations", iterations), ("seconds", seconds), ("c", c), ("rollout", rollout),
                           ("worlds", worlds), ("infer", infer), ("candidates", candidates),
                           ("others", others), ("moves", moves), ("depth", depth), ("paired", paired),
                           ("margin", margin), ("own", own), ("particles", particles), ("mistake", mistake),
                           ("mode", mode)):
            try:
                PARAMS[key].read(str(value))
            except ValueError as exc:
                raise UnknownBotError(f"ismcts: {key} must be {exc}, not {value!r:.30}") from None
        # (a spec giving them without their infer is refused when read: academie.bots.spec)
        if infer != "heuristic" and candidates != PARAMS["candidates"].default:
            raise UnknownBotError(f"ismcts: candidates works only with infer=heuristic, not infer={infer}; "
                                  f"add infer=heuristic or leave candidates out")
        if infer != "mcmc" and moves != PARAMS["moves"].default:
            raise UnknownBotError(f"ismcts: moves works only with infer=mcmc, not infer={infer}; "
                                  f"add infer=mcmc or leave moves out")
        for key, value in (("particles", particles), ("mistake", mistake)):
            if infer != "particles" and value != PARAMS[key].default:
                raise UnknownBotError(f"ismcts: {key} works only with infer=particles, not infer={infer}; "
                                      f"add infer=particles or leave {key} out")
        if paired == "yes" and rollout != "heuristic":
            raise UnknownBotError(f"ismcts: paired works only with rollout=heuristic, not rollout={rollout}; "
                                  f"add rollout=heuristic or leave paired out")
        if paired != "yes" and margin != PARAMS["margin"].default:
            raise UnknownBotError(f"ismcts: margin works only with paired=yes, not paired={paired}; "
                                  f"add paired=yes or leave margin out")
        if paired == "yes":
            for key, value in (("c", c), ("others", others), ("depth", depth)):
                if value != PARAMS[key].default:
                    raise UnknownBotError(f"ismcts: {key} has no effect with paired=yes (no tree is searched); "
                                          f"leave {key} out")
        if paired != "yes" and own != PARAMS["own"].default:
            raise UnknownBotError(f"ismcts: own works only with paired=yes, not paired={paired}; "
                                  f"add paired=yes or leave own out")
        if mode == "pimc" and paired == "yes":
            raise UnknownBotError("ismcts: mode=pimc searches a tree per world and paired=yes no tree: give one of them")
        self.paired, self.margin = paired == "yes", margin
        self.pimc = mode == "pimc"
        self._own = None if own == PARAMS["own"].default else _own_factory(game_id, own)
        self.game_id, self.iterations, self.seconds, self.c, self.policy = game_id, iterations, seconds, c, rollout
        self.worlds, self.infer, self.candidates, self.others, self.moves = worlds, infer, candidates, others, moves
        self.depth = depth
        self.rng = random.Random(seed)
        self.belief = None  # infer=particles: the seat's Particles, carried from move to move
        if infer == "particles":
            from academie.bots.particles import OpponentModel, Particles

            self.belief = Particles(OpponentModel(game_id, mistake, self.rng.getrandbits(32)), particles,
                                    rng=random.Random(self.rng.getrandbits(32)))
        self._kernel: tuple[Any, Any, Any, int] | None = None  # (options, params, module, variant)
        self.last_iterations = 0
        self.compiled = True  # False: the Python tree always (the reference the compiled search is checked against)
        self.last_compiled = False  # whether the last search was the compiled one

    # --- the search -----------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """The most visited of ``legal`` after the search from ``view`` (a seat's view).

        The search stops after ``iterations`` worlds or ``seconds`` (default 1), whichever comes
        first, the time spent drawing worlds counted (the sampler is given the deadline). When
        no world of the view can be drawn in that time (:class:`~academie.core.errors.SamplingError`
        from the sampler: a rare long Trente et un deal whose hidden cards can neither be dealt
        by rejection nor counted in time, or a finished deal that cannot be rebuilt), the move
        is the policy's the search would have improved on — ``own``'s with ``paired=yes``, else
        the game's heuristic, else a uniform choice — drawn from the bot's own seeded generator,
        so that a seed still gives the same moves; ``fallbacks`` counts those moves. The failure
        is remembered for the rest of the deal: the seat's later decisions in it play the policy
        at once, without sampling again. A view without a trail (the public view) is still
        refused."""
        from academie.core.errors import SamplingError

        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if self.knock_by is not None:
            from academie.bots.trente_et_un import KNOCK, knock_due

            if knock_due(view, legal, self.knock_by):  # a deal between bots ends, as the heuristic's
                return KNOCK
        trail = getattr(view, "trail", None)
        if trail is not None and self._failed_in(trail):
            return self._fallback(view, legal)
        try:
            return self._search(view, legal)
        except SamplingError:
            if trail is None:
                raise
            self._failed = (trail.seat, trail.past, trail.deal)
            return self._fallback(view, legal)

    fallbacks = 0
    _failed: tuple[Any, Any, Any] | None = None  # (seat, finished deals, trace) of a deal whose worlds failed

    def _failed_in(self, trail: Any) -> bool:
        """Whether the sampler failed earlier in the deal of ``trail`` (the same seat, the same
        finished deals, a trace that extends the one that failed)."""
        failed = self._failed
        if failed is None:
            return False
        seat, past, deal = failed
        return (trail.seat == seat and (trail.past is past or trail.past == past)
                and extends(deal, trail.deal))

    def _fallback(self, view: Any, legal: list[int]) -> int:
        """The move of the policy the search improves on, seeded from the bot's generator."""
        self.fallbacks += 1
        seed = self.rng.getrandbits(32)
        if self._own is not None and self.paired:
            return self._own(seed).choose(view, legal)
        heuristics = self._heuristics(random.Random(seed))
        if heuristics is not None:
            return heuristics[view.seat].choose(view, legal)
        return legal[random.Random(seed).randrange(len(legal))]

    def _search(self, view: Any, legal: list[int]) -> int:
        rng = self.rng
        root = Node()
        heuristics = self._heuristics(rng) if self.policy == "heuristic" else None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        models = self._heuristics(rng) if self.infer in ("heuristic", "mcmc") else None
        if self.belief is not None:
            # the others' moves since the last decision, in at most half the time (the search gets the rest)
            self.belief.update(view, None if deadline is None else time.perf_counter() + self.seconds / 2)
            models = self.belief
        if models is not None and self.infer == "mcmc":
            models = WorldChain(view, models, rng, self.moves, chance_of=_chance_of)  # the worlds are the chain's
        # (seconds is None only when set so by code, not by a spec: academie.fast's warm-up compiles unhurried)
        if self.paired and heuristics is not None:  # (a game without a heuristic bot: the tree)
            return self._paired(view, legal, rng, heuristics, models, deadline)
        if self.pimc:
            return self._pimc(view, legal, rng, heuristics, models, deadline)
        self.last_compiled = False
        if (self.compiled and heuristics is None and (models is None or self.infer == "particles")
                and self.others == "search" and not self.depth
                and self.game_id in COMPILED_SEARCHES and fast.available()):
            move = self._compiled_search(view, legal, rng, deadline)
            if move is not None:
                return move
        pool: list[Any] = []

        def world_at(done: int) -> tuple[Node, Any]:
            if self.worlds and len(pool) >= self.worlds:
                return root, pool[(done - 1) % self.worlds].clone()
            world = self._world(view, rng, models, deadline)
            if self.worlds:
                pool.append(world.clone())
            return root, world

        self._iterations(view, legal, rng, heuristics, deadline, world_at)
        return most_visited(root, legal)

    _lo, _span = 0.0, 1.0

    def _compiled_search(self, view: Any, legal: list[int], rng: random.Random, deadline: float | None) -> int | None:
        """The search of :meth:`_search` compiled (:data:`COMPILED_SEARCHES`): the same worlds,
        expansions and playouts drawn from ``rng``, the clock read between runs of iterations
        (up to 1,024 at a time) rather than after each; None, ``rng`` untouched, when the position
        or one of its worlds is not for the compiled search (the Python tree then searches)."""
        from academie.core.errors import SamplingError

        module = importlib.import_module(f"academie.fast.{COMPILED_SEARCHES[self.game_id]}")
        clock = None if deadline is None else (lambda: time.perf_counter() >= deadline)
        if self.belief is not None:  # infer=particles: the beliefs' worlds, drawn by weight
            run_particles = getattr(module, "run_particles", None)
            found = None if run_particles is None else run_particles(
                self.belief, rng, legal, view.seat, self.iterations, self.c, self.worlds, self._kernel_for, clock)
            return None if found is None else self._compiled_move(found, legal)
        try:
            position = module.position(view, self._kernel_for, deadline)
        except SamplingError:  # (the Python tree meets it again and handles it)
            return None
        if position is None:
            return None
        found = module.run(position, rng, legal, view.seat, self.iterations, self.c, self.worlds, clock)
        if found is None:
            return None
        return self._compiled_move(found, legal)

    def _compiled_move(self, found: tuple, legal: list[int]) -> int:
        """The move of a compiled search's ``(iterations done, {action: (visits, total)}, (lower
        bound, span))``, as :meth:`_search` picks it from its tree."""
        done, stats, (self._lo, self._span) = found
        root = Node()
        for action, (visits, total) in stats.items():
            child = root.children[action] = Node()
            child.visits, child.total = visits, total
        self.last_iterations = done
        self.last_compiled = True
        return most_visited(root, legal)

    def _paired(self, view: Any, legal: list[int], rng: random.Random, heuristics: Any, models: Any,
                deadline: float | None) -> int:
        """``paired=yes``: the heuristic's move for ``view`` unless another of ``legal`` beats it.
        Each world is played out by the heuristic in every seat after each legal action with the
        same random numbers (the same chance outcomes drawn in the same order — at Trente et un
        the stock as one pack — and the same tie-breaks), so that the gains of two actions differ
        only by what the actions change (common random numbers). Another action is played when
        its mean gain over the heuristic's move, less ``margin`` standard errors of that mean,
        is above 0; the largest such wins. A one-step improvement of the heuristic (Tesauro &
        Galperin, « On-line policy improvement using Monte-Carlo search », NIPS 1996) over the
        worlds of the view."""
        me = view.seat
        factory = heuristics.factory
        own_factory = self._own
        if own_factory is None:
            own = heuristics[me].choose(view, legal)
        else:  # (seeded from the move's heuristics, so that a seed gives the same move)
            own = own_factory(heuristics.rng.getrandbits(32)).choose(view, legal)
        sums = dict.fromkeys(legal, 0.0)  # of the gain over ``own``, and of its square
        squares = dict.fromkeys(legal, 0.0)
        pool: list[Any] = []
        done = 0
        for done in range(1, self.iterations + 1):
            if self.worlds and len(pool) >= self.worlds:
                world = pool[(done - 1) % self.worlds]
            else:
                try:
                    world = self._world(view, rng, models, deadline)
                except SamplingTimeout:
                    if done == 1:
                        raise
                    done -= 1  # the time ran out drawing a world: the worlds so far decide
                    break
                if self.worlds:
                    pool.append(world.clone())  # (a chain's world may change with its next steps)
            base, deal = standings(world), world.match.deal_number
            self._values = self._values_of(world)
            chance_seed, policy_seed = rng.getrandbits(32), rng.getrandbits(32)
            gains = {}
            kernel = self._heuristic_kernel(world, factory, own_factory, me)
            array = None if kernel is None else kernel[1].from_state(world, kernel[0])
            for action in legal:
                if kernel is not None:  # the action and its playout compiled, from the world's array
                    params, module, variant, knobs = kernel
                    won = module.heuristic_rollout(array.copy(), chance_seed, policy_seed, knobs, variant, action)
                    end = [base[s] + int(won[s]) for s in range(len(base))]
                else:
                    state = world.clone()
                    state.apply_action(action, trusted=True)
                    if state.is_terminal() or state.match.deal_number != deal:
                        end = deal_end_standings(state)
                    else:
                        end = self._playout(state, deal, random.Random(chance_seed),
                                            _SeatBots(factory, policy_seed, own_factory, me))
                gains[action] = self._back([], end, base)[me]
            for action in legal:
                d = gains[action] - gains[own]
                sums[action] += d
                squares[action] += d * d
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        best, best_low = own, 0.0
        for action in legal:
            if action == own or done < 2:
                continue
            mean = sums[action] / done
            spread = max(squares[action] / done - mean * mean, 0.0) * done / (done - 1)
            low = mean - self.margin * math.sqrt(spread / done)
            if low > best_low:
                best, best_low = action, low
        return best

    def _pimc(self, view: Any, legal: list[int], rng: random.Random, heuristics: Any, models: Any,
              deadline: float | None) -> int:
        """``mode=pimc``: Perfect Information Monte Carlo (Ginsberg's GIB, « GIB: Imperfect
        information in a card game », JAIR 14, 2001; Long, Sturtevant, Buro & Furtak, « Understanding
        the success of perfect information Monte Carlo sampling in game tree search », AAAI 2010):
        ``worlds`` worlds (16 when 0) drawn from the view as :meth:`_search` draws them, each searched
        by a tree of its own (the same descent, expansion, playouts and rewards as one iteration of
        :meth:`_iterate`, in a tree where every node is a state of that world), the iterations dealt
        to the worlds in turn; the move played is the one of the best mean reward averaged over
        the worlds that tried it, the most visited among equal ones."""
        count = self.worlds or 16
        pool: list[Any] = []
        roots: list[Node] = []

        def world_at(done: int) -> tuple[Node, Any]:
            k = (done - 1) % count
            if k == len(pool):
                pool.append(self._world(view, rng, models, deadline))
                roots.append(Node())
            return roots[k], pool[k].clone()

        self._iterations(view, legal, rng, heuristics, deadline, world_at)
        return pimc_choice(roots, legal)

    def _iterations(self, view: Any, legal: list[int], rng: random.Random, heuristics: Any,
                    deadline: float | None, world_at: Callable[[int], tuple[Node, Any]]) -> None:
        """The iterations of :meth:`_search` and :meth:`_pimc`: ``world_at(done)`` gives the root
        and the world of iteration ``done`` (from 1), raising :class:`SamplingTimeout` when the
        time ran out drawing a world (then the iterations so far decide; on the first, it is
        raised); the rewards' range scales the exploration; ``last_iterations`` is set."""
        lo_hi = [math.inf, -math.inf]
        base: list[float] | None = None
        done = 0
        for done in range(1, self.iterations + 1):
            try:
                root, world = world_at(done)
            except SamplingTimeout:
                if done == 1:
                    raise
                done -= 1
                break
            if base is None:
                base = standings(world)
                self._values = self._values_of(world)
            rewards = self._iterate(root, world, legal, rng, heuristics, base, view.seat)
            lo_hi[0] = min(lo_hi[0], *rewards)
            lo_hi[1] = max(lo_hi[1], *rewards)
            self._lo, self._span = lo_hi[0], (lo_hi[1] - lo_hi[0]) or 1.0
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done

    # --- the worlds -----------------------------------------------------------------------
    def _world(self, view: Any, rng: random.Random, models: Any, deadline: float | None = None) -> Any:
        """A world for the search: an exact sample of the view's information set; with
        ``infer=heuristic``, one of ``candidates`` such samples drawn with probability in
        proportion to their :meth:`likelihood` (sampling-importance-resampling); with
        ``infer=mcmc`` (``models`` is then the move's :class:`~academie.bots.belief.WorldChain`),
        the chain's world after ``moves`` more steps. Raises
        :class:`~academie.core.sampling.SamplingTimeout` past ``deadline``."""
        from academie.core.sampling import sample

        if models is None:
            return sample(view, rng, deadline)
        if self.infer == "particles":
            return models.draw(rng)
        if self.infer == "mcmc":
            return models.world()
        if self.candidates == 1:
            return sample(view, rng, deadline)
        drawn = [sample(view, rng, deadline) for _ in range(self.candidates)]
        weights = [self.likelihood(view, world, models) for world in drawn]
        return drawn[rng.choices(range(len(drawn)), weights)[0]]

    @staticmethod
    def likelihood(view: Any, world: Any, models: Any) -> float:
        """How likely the heuristic bots ``models`` (one per seat) make the other seats'
        decisions of the current deal in ``world``, a sample of ``view``: the product, over each
        decision of another seat between two legal actions or more, of the chance of the action
        played (:func:`_chance_of`: ``1 - MISTAKE`` times the chance the seat's heuristic bot, given
        the seat's view in the world then, chooses it, plus ``MISTAKE`` shared among the legal
        actions). The worlds of one view differ only in what the seat did not see, so these
        weights give the seat's belief about the hidden cards when the others play as the
        heuristic does."""
        from academie.core.sampling import deal_start

        cache = view.__dict__.get("_sampling")  # the view's sampler keeps the deal's start
        base = cache.base if cache is not None else deal_start(view.trail)
        start = len(base.history)
        actions = world.history
        if len(actions) < start or actions[start - 1:start] != base.history[-1:]:  # not built on it: no weight
            return 1.0
        state = base.clone()
        me, weight = view.trail.seat, 1.0
        for action in actions[start:]:
            if not state.is_chance_node():
                seat = state.current_player()
                if seat != me:
                    legal = state.legal_actions()
                    if len(legal) > 1:
                        weight *= _chance_of(models[seat], state.view(seat), legal, action)
            state.apply_action(action, trusted=True)
        return weight

    def _iterate(self, root: Node, state: Any, legal_root: list[int], rng: random.Random,
                 heuristics: list[Any] | None, base: list[float], me: int) -> list[float]:
        """One iteration on the world ``state``: select, expand, play out, back up."""
        deal = state.match.deal_number
        path: list[Node] = []
        node = root
        first = True
        c, lo, span = self.c, self._lo, self._span
        by_policy = self.others == "rollout"
        depth, own = self.depth, 0  # the seat's own decisions met on the way down, this move's the first
        while True:
            if state.is_terminal() or state.match.deal_number != deal:
                return self._back(path, deal_end_standings(state), base)
            if state.is_chance_node():
                outcome = state.sample_chance(rng)
                state.apply_action(outcome, trusted=True)
                child = node.chance.get(outcome)
                if child is None:
                    child = node.chance[outcome] = Node()
                node = child
                continue
            player = state.current_player()
            legal = legal_root if first else state.legal_actions()
            first = False
            children = node.children
            if player == me:
                own += 1
            if (by_policy and player != me) or (depth and player == me and own > depth):
                # another seat (others=rollout), or the seat past ``depth``, plays as in the playouts; the edge kept
                if len(legal) == 1:
                    action = legal[0]
                elif heuristics is None:
                    action = legal[rng.randrange(len(legal))]
                else:
                    action = heuristics[player].choose(state.view(player), legal)
                child = children.get(action)
                if child is None:
                    child = children[action] = Node(player)
                node = child
                state.apply_action(action, trusted=True)
                continue
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                if heuristics is not None and len(untried) > 1:  # the playout policy's move first
                    chosen = heuristics[player].choose(state.view(player), legal)
                    if chosen in untried:
                        action = chosen
                child = children[action] = Node(player)
                child.avail = 1
                path.append(child)
                state.apply_action(action, trusted=True)
                break
            best, best_value = None, -math.inf
            for a in legal:
                child = children[a]
                value = ((child.total / child.visits) - lo) / span + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            path.append(node)
            state.apply_action(best, trusted=True)
        if state.is_terminal() or state.match.deal_number != deal:
            return self._back(path, deal_end_standings(state), base)
        if heuristics is None:
            end = self._playout(state, deal, rng, None)
        else:  # (a playout of its own, seeded from ``rng``: compiled when a kernel can play it)
            end = self._heuristic_playout(state, deal, rng.getrandbits(32), rng.getrandbits(32), heuristics.factory)
        return self._back(path, end, base)

    def _values_of(self, world: Any) -> Callable[[Sequence[float]], list[float]] | None:
        """``value=match``: the map from standings to chances of winning the match at ``world``'s
        options; None with ``value=deal``."""
        if self.value != "match":
            return None
        from academie.bots.match_values import match_values

        return match_values(self.game_id, world.options)

    def _back(self, path: list[Node], end: list[float], base: list[float]) -> list[float]:
        """Each seat's reward for a playout ending at standings ``end`` from ``base`` (its gain
        less the others' mean gain; with ``value=match`` gains in chances of winning the match),
        added to the nodes of ``path``."""
        if self._values is not None:
            end, base = self._values(end), self._values(base)
        won = [e - b for e, b in zip(end, base)]
        total, others = sum(won), len(won) - 1
        rewards = [w - (total - w) / others for w in won]
        for node in path:
            node.visits += 1
            node.total += rewards[node.player]
        return rewards

    # --- playouts -------------------------------------------------------------------------
    def _playout(self, state: Any, deal: int, rng: random.Random, heuristics: list[Any] | None) -> list[float]:
        """Play ``state`` to the end of deal ``deal``; each seat's standing then."""
        if heuristics is None:
            kernel = self._kernel_for(state)
            if kernel is not None:
                _, params, module, variant = kernel
                array = module.from_state(state, params)
                won = module.rollout(array, rng.getrandbits(32), variant)
                now = standings(state)
                return [now[s] + int(won[s]) for s in range(len(now))]
        while not (state.is_terminal() or state.match.deal_number != deal):
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            legal = state.legal_actions()
            if heuristics is None or len(legal) == 1:
                action = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            else:
                seat = state.current_player()
                action = heuristics[seat].choose(state.view(seat), legal)
            state.apply_action(action, trusted=True)
        return deal_end_standings(state)

    def _heuristic_playout(self, state: Any, deal: int, chance_seed: int, policy_seed: int,
                           factory: Callable[[int], Any], own: Callable[[int], Any] | None = None,
                           me: int = -1) -> list[float]:
        """Play ``state`` to the end of deal ``deal`` with the heuristic bots ``factory`` makes
        (seat ``me``'s by ``own`` when given) and return each seat's standing then: the chance
        drawn from ``random.Random(chance_seed)``, the bots made as ``_SeatBots(factory,
        policy_seed, own, me)`` makes them. Compiled (the kernel's ``heuristic_rollout``, the same
        actions and the same gains: ``tests/fast/test_heuristic_playouts.py``) when
        :meth:`_heuristic_kernel` finds a kernel for the game, its options and these bots; else
        the pure engine, one view built per decision."""
        kernel = self._heuristic_kernel(state, factory, own, me)
        if kernel is not None:
            params, module, variant, knobs = kernel
            won = module.heuristic_rollout(module.from_state(state, params), chance_seed, policy_seed, knobs, variant)
            now = standings(state)
            return [now[s] + int(won[s]) for s in range(len(now))]
        return self._playout(state, deal, random.Random(chance_seed), _SeatBots(factory, policy_seed, own, me))

    def _heuristic_kernel(self, state: Any, factory: Callable[[int], Any], own: Callable[[int], Any] | None,
                          me: int) -> tuple[Any, Any, int, Any] | None:
        """(params, module, variant, knobs) of the compiled heuristic playout of ``state``, or
        None: when no kernel plays the game and its options (:meth:`_kernel_for`), when
        ``factory`` is not the game's own heuristic bot, or when ``own`` is a bot or takes
        parameters the kernel's heuristic does not (:func:`heuristic_knobs`; at Trente et un
        every parameter of the heuristic is taken, at the other games none)."""
        kernel = self._kernel_for(state)
        if kernel is None or not hasattr(kernel[2], "heuristic_rollout"):
            return None
        if factory is not own_bots().get(self.game_id, {}).get("heuristic"):
            return None
        _, params, module, variant = kernel
        n = state.num_players
        default = heuristic_knobs(module, {})
        rows = [default] * n
        if own is not None:
            spec = getattr(own, "spec", None)
            mine = None if spec is None or spec[0] != "heuristic" else heuristic_knobs(module, spec[1])
            if mine is None:
                return None
            rows[me] = mine
        import numpy as np

        return params, module, variant, np.array(rows, dtype=np.float64).reshape(n, len(default))

    def _heuristics(self, rng: random.Random) -> list[Any] | None:
        """One heuristic bot per seat for the playouts (seeded from ``rng``), or None when the
        game has none (uniform random playouts then)."""
        factory = own_bots().get(self.game_id, {}).get("heuristic")
        if factory is None:
            return None
        return _SeatBots(factory, rng.getrandbits(32))

    def _kernel_for(self, state: Any) -> tuple[Any, Any, Any, int] | None:
        """The compiled kernel playing ``state``'s game and options, or None."""
        cached = self._kernel
        options = state.options
        if cached is not None and (cached[0] is options or cached[0] == options):
            return cached if cached[1] is not None else None
        entry: tuple[Any, Any, Any, int] = (options, None, None, 0)
        gid = state.game.info.id
        if gid in KERNEL_MODULES and fast.available() and fast.supports(state.game, options, state.num_players):
            module = importlib.import_module(f"academie.fast.{KERNEL_MODULES[gid]}")
            entry = (options, fast.PARAMS[gid](options, state.num_players), module, fast.randbelow_variant())
        self._kernel = entry
        return entry if entry[1] is not None else None


def _chance_of(model: Any, view: Any, legal: Sequence[int], action: int) -> float:
    """The chance that ``model`` (a heuristic bot) plays ``action`` from ``view``, allowing for
    :data:`MISTAKE`: the bot's own ``probabilities(view, legal)`` when it has it (its random
    tie-breaks), else its choice taken as certain."""
    probabilities = getattr(model, "probabilities", None)
    if probabilities is not None:
        p = probabilities(view, legal).get(action, 0.0)
    else:
        p = 1.0 if model.choose(view, legal) == action else 0.0
    return (1.0 - MISTAKE) * p + MISTAKE / len(legal)




class _SeatBots:
    """Heuristic bots made on first use, one per seat, seeded in order from one seed; seat
    ``me``'s made by ``own`` instead when given (``own=`` of a paired search)."""

    def __init__(self, factory: Callable[[int], Any], seed: int, own: Callable[[int], Any] | None = None,
                 me: int = -1) -> None:
        self.factory, self.rng, self.bots = factory, random.Random(seed), {}
        self.own, self.me = own, me

    def __getitem__(self, seat: int) -> Any:
        bot = self.bots.get(seat)
        if bot is None:
            make = self.own if self.own is not None and seat == self.me else self.factory
            bot = self.bots[seat] = make(self.rng.getrandbits(32))
        return bot


def heuristic_knobs(module: Any, params: dict[str, Any]) -> list[float] | None:
    """The row of ``knobs`` a kernel's ``heuristic_rollout`` takes for its game's heuristic bot
    with ``params`` (a spec's parameters; the others at their defaults), in the order of the
    kernel's ``HEURISTIC_KNOBS``; None when one of ``params`` is not among them."""
    names = dict(module.HEURISTIC_KNOBS)
    if any(name not in names for name in params):
        return None
    return [float(params.get(name, default)) for name, default in module.HEURISTIC_KNOBS]


def _own_factory(game_id: str, text: str, label: str = "ismcts: own") -> Callable[[int], Any]:
    """``factory(seed)`` for ``own=`` ``text`` (a spec of one of ``game_id``'s own bots, its parts
    joined by ``/``; the factory's ``spec`` holds the bot's name and parameters); raises
    :class:`~academie.core.errors.UnknownBotError` naming the bots or the parameter at fault,
    after ``label`` (the bot and its parameter: ``montecarlo: others``)."""
    from academie.bots.spec import parse_spec
    from academie.core.errors import UnknownBotError

    bots = own_bots().get(game_id, {})
    try:
        spec = parse_spec(text.replace("/", ":"), game_id, bots)
    except UnknownBotError as exc:
        raise UnknownBotError(f"{label}={text}: {exc}") from None
    factory, params = bots[spec.name], spec.params

    def make(seed: int) -> Any:
        return factory(seed, **params)

    make.spec = (spec.name, dict(params))  # type: ignore[attr-defined]
    return make


def ismcts_factory(game_id: str) -> Callable[..., ISMCTSBot]:
    """``factory(seed, **params)`` making an :class:`ISMCTSBot` for ``game_id``; carries the
    bot's :data:`PARAMS` for :mod:`academie.bots.spec`."""

    def make(seed: int | None = None, **params: Any) -> ISMCTSBot:
        return ISMCTSBot(game_id, seed, **params)

    make.PARAMS = params_for(game_id)  # type: ignore[attr-defined]
    make.__doc__ = ISMCTSBot.__doc__
    return make


def _searches(game: Any, bot_names: Any, bots_of: Callable[[str], dict[str, Any]] | None = None) -> list[Any]:
    """One ISMCTS bot for each distinct ISMCTS spec of ``bot_names`` and ``hard``'s bot (seeded 0; an
    ISMCTS bot but at Belle-Flux, made from ``bots_of(game_id)``, the game's bots): what
    :func:`academie.fast.prepare` warms the kernels with."""
    from academie.bots.spec import parse_spec

    gid = game.info.id
    bots = {"ismcts": ismcts_factory(gid)}
    found = []
    for name in dict.fromkeys(bot_names):
        if name.split(":")[0].strip() == "ismcts":
            spec = parse_spec(name, gid, bots)
            found.append(bots[spec.name](0, **spec.params))
        elif name.strip() == "hard":  # the level is a search too (its spec: academie.bots.levels)
            from academie.bots.levels import level_factory

            found.append(level_factory(gid, "hard", {**(bots_of(gid) if bots_of else {}), **bots})(0))
    return found


def set_searches(bots_of: Callable[[str], dict[str, Any]]) -> None:
    """Hand :func:`academie.fast.prepare` the searches to warm, ``hard``'s bot made from
    ``bots_of(game_id)`` (:mod:`academie.bots`, which knows every bot, calls this)."""
    fast.SEARCHES = lambda game, bot_names: _searches(game, bot_names, bots_of)


belief.MOVE_CHANCE = _chance_of  # the chain's worlds weighed by the moves as the search sees them
fast.SEARCHES = _searches  # the kernels an ISMCTS bot calls, compiled before its first move
