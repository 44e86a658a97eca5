"""Compiled playouts (the optional extra ``academie[fast]``: numba and numpy).

The pure engine in :mod:`academie.games` is the reference; a kernel here plays the same rules
faster, for random playouts (simulations with random bots, rollouts) and simulations with each
game's heuristic bot too (:data:`COMPILED_BOTS`), and a lockstep test (``tests/fast``) requires
the same legal actions, returns, ledgers and statistics from both (and the heuristic bots' same
choice at every decision). Reversis, Trente et un, Belle-Flux, the Guimbarde and the Guinguette
have a kernel (:mod:`academie.fast.reversis`, ``trente_et_un``, ``belle_flux``, ``guimbarde``,
``guinguette``: a state as one numpy array, ``legal_mask`` and ``apply`` as the step API,
``play_matches`` for seeded random matches), each for the options it implements
(:func:`supports`); for anything else, callers fall back to the pure engine. Every kernel also
plays a tournament's matches from its stacked decks (:class:`DeckMatches`, the seats' bots any
mix of :data:`COMPILED_BOTS`), as :func:`academie.analysis.tournament.tournament` deals them.

>>> from academie.games import get_game
>>> game = get_game("reversis")
>>> supports(game, game.parse_options({"betes": "with_pool"}), 4)
False
>>> unsupported_reason(game, game.parse_options({"betes": "with_pool"}), 4)
"the compiled Reversis implements betes='alone' only (got 'with_pool')"
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

# Options each kernel plays as the pure engine does, whatever their value; every other option
# must have its default value.
FREE_OPTIONS = {
    "reversis": frozenset({
        "deck", "talon_five", "packet", "direction", "deals", "counters", "pool_ante", "marque",
        "quinola_marques", "quinola_force_fee", "ace_fee", "reversis_fee", "broken_fee",
    }),
    "trente-et-un": frozenset({
        "lives", "bus", "brelan", "no_knock_first_round", "knocker_tie", "thirty_one_after_knock",
        "dealt_thirty_one", "all_out", "stock_exhausted", "forbid_same_discard", "direction",
    }),
    "belle-flux-trente-un": frozenset({
        "stake", "counters", "deals", "tie_rule", "flux_carry_adds_stake", "belle_order", "trente_un_count",
        "stand_is_final", "extra_cards", "all_bust", "stock_exhausted", "direction",
    }),
    "guimbarde": frozenset({
        "follow_rules", "overtrump", "honours_keep_suit_in_play", "point_tiebreak", "trick_box", "rule3_card",
        "discard_marriages", "rule7_grand_mariage", "hand_marriages", "grand_mariage_table_payers", "deals",
        "counters",
    }),
    "guinguette": frozenset({
        "counters", "deals", "guinguette_stake", "basket_stake", "guinguette_when", "discard", "renvi_cotillon",
        "cotillon_award", "cotillon_contest", "ties", "tierce_suits", "ace_tierce", "out_of_counters",
    }),
}
NAMES = {"reversis": "Reversis", "trente-et-un": "Trente et un", "belle-flux-trente-un": "Belle, Flux et Trente-un",
         "guimbarde": "Guimbarde", "guinguette": "Guinguette"}


@lru_cache(maxsize=1)
def available() -> bool:
    """True when numba and numpy can be imported (``pip install 'academie[fast]'``) and numba
    has a folder to cache the kernels in (:func:`cache_folder`)."""
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return cache_folder() is not None


def _writable(folder: str) -> bool:
    """True when a file can be made in ``folder`` (made if missing), as numba checks it."""
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def cache_folder() -> str | None:
    """Where numba caches the kernels: ``NUMBA_CACHE_DIR`` when set, else the modules' own
    ``__pycache__``, else the user's cache folder (numba's order). When none of them can be
    written (an install in a read-only folder, run by a user without a home), numba refuses to
    compile a function it was asked to cache; the kernels are then cached in a folder of the
    system's temporary folder, set as numba's ``CACHE_DIR`` before any kernel is compiled. None
    when even that cannot be written: no kernels then (the pure engine plays the same)."""
    from numba.core import config

    if config.CACHE_DIR:
        return config.CACHE_DIR
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    if _writable(here):
        return here
    try:
        from numba.misc.appdirs import AppDirs

        user = AppDirs(appname="numba", appauthor=False).user_cache_dir
    except Exception:  # numba's own helper moved: its other places are not known
        user = None
    if user is not None and _writable(user):
        return user
    temp = os.path.join(tempfile.gettempdir(), f"academie-numba-{getattr(os, 'getuid', lambda: 0)()}")
    if not _writable(temp):
        return None
    config.CACHE_DIR = temp
    return temp


def unsupported_reason(game: Any, options: Any, num_players: int) -> str | None:
    """Why no kernel can play ``game`` with ``options`` (validated options) and
    ``num_players``, or None when one can (numba being installed is not checked here)."""
    gid = game.info.id
    if gid not in FREE_OPTIONS:
        return f"no compiled kernel for {gid} (only for {', '.join(FREE_OPTIONS)})"
    if not game.info.min_players <= num_players <= game.info.max_players:
        return f"{gid} is played by {game.info.min_players} to {game.info.max_players} players (got {num_players})"
    defaults = type(options)()
    for name in type(options).model_fields:
        if name in FREE_OPTIONS[gid]:
            continue
        value, default = getattr(options, name), getattr(defaults, name)
        if value != default:
            return f"the compiled {NAMES[gid]} implements {name}={default!r} only (got {value!r})"
    return None


def supports(game: Any, options: Any, num_players: int) -> bool:
    """True when a kernel plays ``game`` with these options exactly as the pure engine does."""
    return unsupported_reason(game, options, num_players) is None


def reversis_params(options: Any, num_players: int) -> Any:
    """The kernel's parameter vector for validated Reversis ``options``. Raises ValueError for
    options the kernel does not implement."""
    import numpy as np

    from academie.cards import pack
    from academie.games.reversis import GAME
    from academie.games.reversis.options import talon_size

    reason = unsupported_reason(GAME, options, num_players)
    if reason is not None:
        raise ValueError(reason)
    talon = talon_size(options, num_players)
    deck = pack(int(options.deck))
    hand = (len(deck) - talon - 1) // num_players
    mask = sum(1 << c for c in deck)
    step = -1 if options.direction == "counterclockwise" else 1
    return np.array([
        num_players, step, options.deals, hand, talon, options.packet, mask, options.counters,
        options.pool_ante, options.marque, options.quinola_marques, options.quinola_force_fee,
        options.ace_fee, options.reversis_fee,
    ], dtype=np.int64)


def trente_et_un_params(options: Any, num_players: int) -> Any:
    """The kernel's parameter vector for validated Trente et un ``options``. Raises ValueError
    for options the kernel does not implement."""
    import numpy as np

    from academie.fast.trente_et_un import KNOCKER_TIES
    from academie.games.trente_et_un import GAME

    reason = unsupported_reason(GAME, options, num_players)
    if reason is not None:
        raise ValueError(reason)
    brelan = {"off": 0, "30.5": 61, "30": 60}[options.brelan]
    return np.array([
        num_players, 1 if options.direction == "clockwise" else -1, options.lives, options.bus == "none",
        brelan, options.no_knock_first_round, KNOCKER_TIES.index(options.knocker_tie),
        options.thirty_one_after_knock == "knocker_loses_2", options.dealt_thirty_one == "all_safe",
        options.all_out == "eliminate", options.stock_exhausted == "end_round", options.forbid_same_discard,
    ], dtype=np.int64)


def belle_flux_params(options: Any, num_players: int) -> Any:
    """The kernel's parameter vector for validated Belle, Flux et Trente-un ``options``."""
    import numpy as np

    from academie.games.belle_flux import GAME
    from academie.games.belle_flux.options import OPEN_MATCH_DEALS

    reason = unsupported_reason(GAME, options, num_players)
    if reason is not None:
        raise ValueError(reason)
    return np.array([
        num_players, -1 if options.direction == "counterclockwise" else 1, options.deals or OPEN_MATCH_DEALS,
        options.stake, options.counters, options.tie_rule == "eldest_wins", options.flux_carry_adds_stake,
        options.belle_order == "ace_high", options.trente_un_count == "one_suit", options.stand_is_final,
        options.all_bust == "nearest_wins", options.stock_exhausted == "whole_rounds",
        options.extra_cards == "face_up",
    ], dtype=np.int64)


def guimbarde_params(options: Any, num_players: int) -> Any:
    """The kernel's parameter vector for validated Guimbarde ``options``."""
    import numpy as np

    from academie.cards import make_card, pack
    from academie.games.guimbarde import GAME

    reason = unsupported_reason(GAME, options, num_players)
    if reason is not None:
        raise ValueError(reason)
    deck = sum(1 << c for c in pack(32 if num_players <= 5 else 52))
    rule3 = make_card("J", "D") if options.rule3_card == "fou" else make_card("K", "D")
    return np.array([
        num_players, options.deals, deck, options.counters, options.follow_rules == "parlett_free",
        options.overtrump, options.honours_keep_suit_in_play, options.point_tiebreak == "value",
        options.trick_box == "first_to_two", rule3, options.discard_marriages, options.rule7_grand_mariage,
        options.hand_marriages == "announcement", options.grand_mariage_table_payers == "king_player",
    ], dtype=np.int64)


def guinguette_params(options: Any, num_players: int) -> Any:
    """The kernel's parameter vector for validated Guinguette ``options`` (see
    :func:`academie.fast.guinguette.new_state`). Raises ValueError for options the kernel does
    not implement."""
    import numpy as np

    from academie.games.guinguette import GAME

    reason = unsupported_reason(GAME, options, num_players)
    if reason is not None:
        raise ValueError(reason)
    renvi = ("stir_again", "raise", "off").index(options.renvi_cotillon)
    return np.array([
        num_players, options.deals, options.counters, options.guinguette_stake, options.basket_stake,
        options.guinguette_when == "deal", options.discard == "into_cotillon", renvi,
        options.cotillon_award == "suit_point", options.cotillon_contest == "stirrers", options.ties == "carry",
        options.tierce_suits == "same", options.ace_tierce == "bridge", options.out_of_counters == "debt",
    ], dtype=np.int64)


PARAMS = {"reversis": reversis_params, "trente-et-un": trente_et_un_params, "belle-flux-trente-un": belle_flux_params,
          "guimbarde": guimbarde_params, "guinguette": guinguette_params}


@lru_cache(maxsize=1)
def randbelow_variant() -> int:
    """How this interpreter's ``Random.randrange(n)`` asks for bits: 0 for ``n.bit_length()``,
    1 for ``(n - 1).bit_length()`` (found by comparing with the compiled generator)."""
    from academie.fast.mt import mt_randbelow, new_generator

    sizes = [1, 2, 3, 4, 5, 8, 16, 17, 32, 33, 48, 52] * 8
    for variant in (0, 1):
        py, mt = random.Random(20261130), new_generator(20261130)
        if all(py.randrange(n) == mt_randbelow(mt, n, variant) for n in sizes):
            return variant
    raise RuntimeError("this Python's random.randrange draws differently from the compiled generator")


class FastMatch:
    """A finished match played by the kernel: what :func:`academie.analysis.simulate.simulate`
    reads of a state (``returns()``, ``statistics()``)."""

    __slots__ = ("_returns", "_stats", "actions")

    def __init__(self, returns: list[float], stats: dict[str, Any], actions: int) -> None:
        self._returns, self._stats, self.actions = returns, stats, actions

    def returns(self) -> list[float]:
        return list(self._returns)

    def statistics(self) -> dict[str, Any]:
        stats = dict(self._stats)
        if "per_seat" in stats:
            stats["per_seat"] = {k: list(v) for k, v in stats["per_seat"].items()}
        return stats


def _statistics(row: Any, n: int) -> dict[str, Any]:
    """A compiled Reversis match's ``statistics()`` from its row of figures (``STATS`` then
    ``PER_SEAT``, as ``play_matches`` writes it) for ``n`` players."""
    from academie.fast.reversis import PER_SEAT_NAMES, STAT_NAMES

    stats: dict[str, Any] = {name: int(row[i]) for i, name in enumerate(STAT_NAMES)}
    base = len(STAT_NAMES)
    stats["per_seat"] = {name: [int(v) for v in row[base + j * n: base + (j + 1) * n]]
                         for j, name in enumerate(PER_SEAT_NAMES)}
    return stats


class MatchArrays:
    """Finished matches played by a kernel, kept in arrays, one row per match:

    * ``returns``: float64, shape ``(matches, players)``: each seat's return, as ``returns()``;
    * ``figures``: figure name → int64 array of shape ``(matches,)``, the numeric figures of
      ``statistics()`` in its order;
    * ``per_seat``: name → int64 array of shape ``(matches, players)``, the ``per_seat``
      figures (empty for a game without them);
    * ``winner``: int64 ``(matches,)``, the ``winner`` figure with -1 for None, or None for a
      game without it;
    * ``actions``: int64 ``(matches,)``, the actions applied;
    * ``deals``: int64 ``(matches,)``, the deals reached (the last deal's number + 1), or None
      when not kept (matches of :class:`RandomMatches`);
    * ``out_deals``: int64 ``(matches, players)``, the deal (0-based) each seat went out of the
      match (-1: never), or None (a game no one goes out of, or not kept).

    :meth:`statistics` and :meth:`match` give one match as the pure engine's state does."""

    __slots__ = ("returns", "figures", "per_seat", "winner", "actions", "deals", "out_deals")

    def __init__(self, returns: Any, figures: dict[str, Any], per_seat: dict[str, Any], winner: Any,
                 actions: Any, deals: Any = None, out_deals: Any = None) -> None:
        self.returns, self.figures, self.per_seat, self.winner, self.actions = (
            returns, figures, per_seat, winner, actions)
        self.deals, self.out_deals = deals, out_deals

    def __len__(self) -> int:
        return len(self.returns)

    def statistics(self, m: int) -> dict[str, Any]:
        """Match ``m``'s ``statistics()``: the figures (ints), then ``winner`` or ``per_seat``."""
        stats: dict[str, Any] = {name: int(values[m]) for name, values in self.figures.items()}
        if self.winner is not None:
            w = int(self.winner[m])
            stats["winner"] = None if w < 0 else w
        if self.per_seat:
            stats["per_seat"] = {name: [int(v) for v in values[m]] for name, values in self.per_seat.items()}
        return stats

    def match(self, m: int) -> FastMatch:
        """Match ``m`` as a :class:`FastMatch`."""
        return FastMatch([float(v) for v in self.returns[m]], self.statistics(m), int(self.actions[m]))


COMPILED_BOTS = {"reversis": ("random", "heuristic"), "trente-et-un": ("random", "heuristic"),
                 "belle-flux-trente-un": ("random", "heuristic"), "guimbarde": ("random", "heuristic"),
                 "guinguette": ("random", "heuristic")}
"""Per game: the bots a kernel plays in the seats, the same choices as the pure bots' from the
same seeds (``random``: uniform among the legal actions; the ``heuristic`` of each game:
:func:`academie.fast.reversis.heuristic_action`, :func:`academie.fast.trente_et_un.heuristic_action`,
:func:`academie.fast.belle_flux.heuristic_action`, :func:`academie.fast.guimbarde.heuristic_action`,
:func:`academie.fast.guinguette.heuristic_action`)."""


def compiled_bots(game_id: str, bot_names: Any) -> bool:
    """True when a kernel of ``game_id`` plays every one of ``bot_names`` (canonical bot specs,
    :func:`academie.bots.bot_spec`'s text: ``"heuristic"``, not ``" heuristic "``; anything else
    is False)."""
    allowed = COMPILED_BOTS.get(game_id, ())
    return all(name in allowed for name in bot_names)


class RandomMatches:
    """Plays matches of random bots (or other bots the kernel plays, :data:`COMPILED_BOTS`) with
    a kernel, each seeded as :func:`academie.analysis.simulate.simulate` seeds it (one seed per
    seat's bot, then the chance's), so a match is the one the pure engine would play.
    ``bot_names``: canonical bot specs, one per seat (default: all ``random``). Raises ValueError
    for a bot the kernel does not play."""

    def __init__(self, game: Any, options: Any, num_players: int, bot_names: Any = None) -> None:
        self.gid, self.n = game.info.id, num_players
        self.params = PARAMS[self.gid](options, num_players)
        self.variant = randbelow_variant()
        names = ["random"] * num_players if bot_names is None else list(bot_names)
        if len(names) != num_players or not compiled_bots(self.gid, names):
            raise ValueError(f"the compiled {NAMES[self.gid]} plays {', '.join(COMPILED_BOTS[self.gid])}"
                             f" bots, one per seat (got {', '.join(map(str, names))})")
        self.kinds = [COMPILED_BOTS[self.gid].index(name) for name in names]

    def play_arrays(self, seeds: Any) -> MatchArrays:
        """One match per row of ``seeds`` (``num_players + 1`` seeds each, below 2**63: the
        seats', then the chance's), their outcomes in arrays."""
        import numpy as np

        seeds = np.asarray(seeds, dtype=np.int64).reshape(-1, self.n + 1)
        n = self.n
        if self.gid == "trente-et-un":
            from academie.fast import trente_et_un as T

            if any(self.kinds):
                winners, stats, actions = T.play_bot_matches(self.params, seeds, self.variant,
                                                             np.array(self.kinds, dtype=np.int64))
            else:
                winners, stats, actions = T.play_matches(self.params, seeds, self.variant)
            returns = np.zeros((len(seeds), n), dtype=np.float64)
            won = winners >= 0
            returns[won] = -1.0 / (n - 1)
            returns[np.flatnonzero(won), winners[won]] = 1.0
            figures = {name: stats[:, i] for i, name in enumerate(T.STAT_NAMES)}
            return MatchArrays(returns, figures, {}, winners, actions)
        if self.gid in ("belle-flux-trente-un", "guimbarde", "guinguette"):
            from academie.fast import belle_flux, guimbarde, guinguette

            kernel = {"belle-flux-trente-un": belle_flux, "guimbarde": guimbarde, "guinguette": guinguette}[self.gid]
            if any(self.kinds):
                returns, stats, actions = kernel.play_bot_matches(self.params, seeds, self.variant,
                                                                  np.array(self.kinds, dtype=np.int64))
            else:
                returns, stats, actions = kernel.play_matches(self.params, seeds, self.variant)
            figures = {name: stats[:, i] for i, name in enumerate(kernel.STAT_NAMES)}
            return MatchArrays(returns.astype(np.float64), figures, {}, None, actions)
        from academie.fast.reversis import PER_SEAT_NAMES, STAT_NAMES, play_matches

        base = len(STAT_NAMES)
        if any(self.kinds):
            from academie.fast.reversis import play_bot_matches

            returns, stats, actions = play_bot_matches(self.params, seeds, self.variant, base + len(PER_SEAT_NAMES) * n,
                                                       np.array(self.kinds, dtype=np.int64))
        else:
            returns, stats, actions = play_matches(self.params, seeds, self.variant, base + len(PER_SEAT_NAMES) * n)
        figures = {name: stats[:, i] for i, name in enumerate(STAT_NAMES)}
        per_seat = {name: stats[:, base + j * n: base + (j + 1) * n] for j, name in enumerate(PER_SEAT_NAMES)}
        return MatchArrays(returns.astype(np.float64), figures, per_seat, None, actions)

    def play_seeds(self, seeds: Any) -> list[FastMatch]:
        """One match per row of ``seeds`` (``num_players + 1`` seeds: the seats', then the
        chance's), each as a :class:`FastMatch`."""
        played = self.play_arrays(seeds)
        return [played.match(m) for m in range(len(played))]

    def play(self, seeds: Any) -> FastMatch:
        """One match: ``seeds`` are each seat's bot's, then the chance's."""
        return self.play_seeds([seeds])[0]


DECK_KERNELS = ("reversis", "guimbarde", "belle-flux-trente-un", "guinguette", "trente-et-un")
"""The games whose kernel plays a match from stacked decks (:class:`DeckMatches`)."""


class DeckMatches:
    """Plays matches with a kernel from stacked decks, as
    :class:`academie.analysis.tournament.DealDecks` deals them: deal ``d`` of a match of chance
    seed ``seed`` takes the pack's cards in the order ``random.Random(f"{seed}:{d}")`` shuffles
    it (:meth:`deck`); past a deal's pack, the chance's generator seeded ``seed`` draws. The bots
    are those of :data:`COMPILED_BOTS`, any mix of them per match, each seeded as its pure bot.
    Raises ValueError for a game with no such kernel (:data:`DECK_KERNELS`) or options the
    kernel does not implement."""

    def __init__(self, game: Any, options: Any, num_players: int) -> None:
        import numpy as np

        self.gid, self.n = game.info.id, num_players
        if self.gid not in DECK_KERNELS:
            raise ValueError(f"no compiled {NAMES.get(self.gid, self.gid)} from stacked decks"
                             f" (only for {', '.join(NAMES[g] for g in DECK_KERNELS)})")
        self.params = PARAMS[self.gid](options, num_players)
        self.variant = randbelow_variant()
        state = game.new_initial_state(num_players, options)
        while not state.is_chance_node():  # pragma: no cover - every kernel's match opens on the deal
            state.apply_action(state.legal_actions()[0])
        self.pack = [a for a, _ in sorted(state.chance_outcomes())]
        self.kinds = {name: i for i, name in enumerate(COMPILED_BOTS[self.gid])}
        self._np = np

    def deck(self, seed: int, deal: int) -> list[int]:
        """Deal ``deal``'s deck (0-based) for chance seed ``seed``: the pack's action ids,
        shuffled by ``random.Random(f"{seed}:{deal}")`` (the permutation
        :func:`academie.analysis.tournament.shuffled_pack` gives the cards' codes)."""
        pack = list(self.pack)
        random.Random(f"{seed}:{deal}").shuffle(pack)
        return pack

    def play(self, chance_seeds: Any, bot_seeds: Any, bots: Any, deals: int = 1) -> MatchArrays:
        """One match per entry: ``chance_seeds[m]`` (the decks' and the chance's seed),
        ``bot_seeds[m]`` (one per seat), ``bots[m]`` (canonical specs of :data:`COMPILED_BOTS`,
        one per seat); every seed below 2**63. ``deals``: the decks made at first (a match that
        reaches a later deal is played again with twice as many). Returns the matches'
        outcomes (:class:`MatchArrays`). Raises ValueError for a bot the kernel does not play."""
        np = self._np
        n, count = self.n, len(chance_seeds)
        seeds = np.zeros((count, n + 1), dtype=np.int64)
        kinds = np.zeros((count, n), dtype=np.int64)
        for m in range(count):
            seeds[m, :n] = bot_seeds[m]
            seeds[m, n] = chance_seeds[m]
            try:
                kinds[m] = [self.kinds[b] for b in bots[m]]
            except KeyError:
                raise ValueError(f"the compiled {NAMES[self.gid]} plays {', '.join(COMPILED_BOTS[self.gid])}"
                                 f" bots (got {', '.join(map(str, bots[m]))})") from None
        built: dict[int, list[list[int]]] = {}
        returns = stats = actions = None
        todo = np.arange(count)
        deals = max(1, deals)
        while len(todo):
            decks = np.zeros((len(todo), deals, len(self.pack)), dtype=np.int64)
            for i, m in enumerate(todo):
                seed = int(seeds[m, n])
                have = built.setdefault(seed, [])
                while len(have) < deals:
                    have.append(self.deck(seed, len(have)))
                decks[i] = have[:deals]
            r, st, a = self._kernel(decks, seeds[todo], kinds[todo])
            if returns is None:
                returns, stats, actions = r, st, a
            else:
                returns[todo], stats[todo], actions[todo] = r, st, a
            todo = todo[a < 0]
            deals *= 2
        return self._arrays(returns, stats, actions)

    def _kernel(self, decks: Any, seeds: Any, kinds: Any) -> tuple[Any, Any, Any]:
        if self.gid == "trente-et-un":
            from academie.fast import trente_et_un

            return trente_et_un.play_deck_matches(self.params, decks, seeds, self.variant, kinds)
        if self.gid == "reversis":
            from academie.fast.reversis import PER_SEAT_NAMES, STAT_NAMES, play_deck_matches

            width = len(STAT_NAMES) + len(PER_SEAT_NAMES) * self.n
            return play_deck_matches(self.params, decks, seeds, self.variant, width, kinds)
        return self._module().play_deck_matches(self.params, decks, seeds, self.variant, kinds)

    def _module(self) -> Any:
        from academie.fast import belle_flux, guimbarde, guinguette

        return {"belle-flux-trente-un": belle_flux, "guimbarde": guimbarde, "guinguette": guinguette}[self.gid]

    def _arrays(self, returns: Any, stats: Any, actions: Any) -> MatchArrays:
        np, n = self._np, self.n
        if self.gid == "trente-et-un":
            from academie.fast import trente_et_un

            winners = returns[:, 0].copy()
            shares = np.zeros((len(returns), n), dtype=np.float64)
            won = winners >= 0
            shares[won] = -1.0 / (n - 1)
            shares[np.flatnonzero(won), winners[won]] = 1.0
            figures = {name: stats[:, i] for i, name in enumerate(trente_et_un.STAT_NAMES)}
            return MatchArrays(shares, figures, {}, winners, actions, returns[:, 1].copy(), returns[:, 2:2 + n].copy())
        if self.gid == "reversis":
            from academie.fast.reversis import PER_SEAT_NAMES, STAT_NAMES

            base = len(STAT_NAMES)
            figures = {name: stats[:, i] for i, name in enumerate(STAT_NAMES)}
            per_seat = {name: stats[:, base + j * n: base + (j + 1) * n] for j, name in enumerate(PER_SEAT_NAMES)}
            return MatchArrays(returns.astype(np.float64), figures, per_seat, None, actions, figures["deals"])
        figures = {name: stats[:, i] for i, name in enumerate(self._module().STAT_NAMES)}
        return MatchArrays(returns.astype(np.float64), figures, {}, None, actions, figures["deals"])


def deck_matches(game: Any, options: Any, num_players: int, bot_names: Any = None) -> DeckMatches | None:
    """A :class:`DeckMatches` when a kernel is installed and plays ``game`` from stacked decks
    with these validated options and players, and every one of ``bot_names`` (when given);
    otherwise None (use the pure engine: the matches are the same)."""
    gid = game.info.id
    if gid not in DECK_KERNELS or (bot_names is not None and not compiled_bots(gid, bot_names)):
        return None
    if not available() or not supports(game, options, num_players):
        return None
    return DeckMatches(game, options, num_players)


MIN_MATCHES = {"reversis": 200, "guimbarde": 200, "belle-flux-trente-un": 500, "trente-et-un": 1000,
               "guinguette": 1000}
"""Per game: fewer matches than this are played faster by the pure engine than by a kernel
loaded from numba's cache (a second or two)."""


def random_matches(game: Any, options: Any, num_players: int, bot_names: Any = None,
                   matches: int | None = None) -> RandomMatches | None:
    """A :class:`RandomMatches` when a kernel is installed and plays this game, these validated
    options and these bots (all ``random``, or others of :data:`COMPILED_BOTS`), for at least the
    game's :data:`MIN_MATCHES` ``matches`` (when given); otherwise None (use the pure engine: the
    results are the same)."""
    if bot_names is not None and not compiled_bots(game.info.id, bot_names):
        return None
    if matches is not None and matches < MIN_MATCHES.get(game.info.id, 0):
        return None
    if not available() or not supports(game, options, num_players):
        return None
    return RandomMatches(game, options, num_players, bot_names)


def play_random_matches(game: Any, options: Mapping[str, Any] | Any | None, n_players: int,
                        seed: int | None, n: int) -> tuple[list[list[float]], list[dict[str, Any]]]:
    """Play ``n`` matches of random bots with the kernel, seeded as ``simulate(game, ["random"]
    * n_players, n, seed, options)`` seeds them: the same matches. Returns each match's returns
    and statistics. Raises RuntimeError when numba is missing, ValueError for options the
    kernel does not implement."""
    if not available():
        raise RuntimeError("the compiled kernels need numba: pip install 'academie[fast]'")
    opts = options if hasattr(options, "model_dump") else game.parse_options(options)
    game.check_players(n_players)
    reason = unsupported_reason(game, opts, n_players)
    if reason is not None:
        raise ValueError(reason)
    runner = RandomMatches(game, opts, n_players)
    master = random.Random(seed)
    seeds = [[master.getrandbits(32) for _ in range(n_players + 1)] for _ in range(n)]
    played = runner.play_seeds(seeds) if n else []
    return [m.returns() for m in played], [m.statistics() for m in played]


COMPILE_SECONDS = {"reversis": 35, "trente-et-un": 35, "belle-flux-trente-un": 20, "guimbarde": 40, "guinguette": 15}
"""About how long compiling a game's kernels takes, once, in seconds (measured on a 2-core
machine): a later run loads them from numba's cache on disk in a second or two."""


def prepare(game: Any, options: Any, num_players: int, bot_names: Any = (), matches: bool = False,
            on_compile: Callable[[str, float], None] | None = None, decks: bool = False) -> None:
    """Compile in this process, or load from numba's cache, the kernels a run will call: the
    random matches' when ``matches`` (:class:`RandomMatches`), the matches from stacked decks'
    when ``decks`` (:class:`DeckMatches`), and those of each ISMCTS bot among
    ``bot_names`` (specs): its uniform playouts, and at Reversis the worlds it draws. A caller
    about to start workers calls it first, so that the kernels are compiled once: forked workers
    inherit them, spawned ones and Ray's load them from the cache this writes — each worker
    compiled them itself before, all at once, half a minute or more of every core the first time
    after an install. ``on_compile(name, seconds)`` is called once, just before a function is
    really compiled (not when every one comes from the cache): the game's name (:data:`NAMES`)
    and about how long that takes (:data:`COMPILE_SECONDS`). Does nothing without numba or for
    a game without kernels (``options``: validated)."""
    gid = game.info.id
    if gid not in FREE_OPTIONS or not available():
        return
    steps: list[Callable[[], Any]] = []
    if matches and supports(game, options, num_players):
        seated = list(bot_names) if len(bot_names) == num_players and compiled_bots(gid, bot_names) else None
        steps.append(lambda: RandomMatches(game, options, num_players, seated).play_seeds([[0] * (num_players + 1)]))
    if decks and gid in DECK_KERNELS and supports(game, options, num_players):
        runner = DeckMatches(game, options, num_players)
        steps.append(lambda: runner.play([0], [[0] * num_players], [["random"] * num_players]))
    searches = SEARCHES(game, bot_names)
    if searches:
        steps.append(lambda: _one_move_each(game, options, num_players, searches))
    if not steps:
        return
    from numba.core import event

    class FirstCompile(event.Listener):
        """Calls ``on_compile`` at the first compile only (a function loaded from the cache is
        no compile)."""

        seen = False

        def on_start(self, ev: Any) -> None:
            if not self.seen and on_compile is not None:
                self.seen = True
                on_compile(NAMES[gid], COMPILE_SECONDS[gid])

        def on_end(self, ev: Any) -> None:
            pass

    with event.install_listener("numba:compile", FirstCompile()):
        for step in steps:
            step()


SEARCHES: Callable[[Any, Any], list[Any]] = lambda game, bot_names: []
"""``SEARCHES(game, bot_names)``: one ISMCTS bot for each distinct ISMCTS spec of ``bot_names``
(seeded 0; their searches here are cut short). Set by :mod:`academie.bots.ismcts` when it is
imported: the bots stand on the kernels, not the other way round."""


def _one_move_each(game: Any, options: Any, num_players: int, bots: list[Any]) -> None:
    """Each of ``bots`` searches a few worlds at two decisions between two actions or more of a
    seeded match, the first and one a few rounds later (at Reversis the worlds of the play of the
    cards are drawn by a kernel of their own): a world drawn, a descent and a playout call every
    kernel the bot calls."""
    from academie.core.chance import SeededChance

    state, chance = game.new_initial_state(num_players, options), SeededChance(0)
    searched, decisions = 0, 0
    while searched < 2:
        while state.is_chance_node():
            state.apply_action(chance.choose(state))
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if len(legal) > 1 and decisions in (0, 4 * num_players):
            view = state.view(state.current_player())
            for bot in bots:
                warm = getattr(bot, "warm", None)  # a bot that says how its kernels are called
                if warm is not None:
                    warm(view, legal)
                else:
                    bot.iterations, bot.seconds = 4, None
                    bot.choose(view, legal)
            searched += 1
        decisions += len(legal) > 1
        state.apply_action(legal[0])


class _ReversisWorlds:
    """The compiled proposals of the play of the cards at Reversis, as its world sampler takes
    them (:data:`academie.games.reversis.sampling.COMPILED`): loaded on first use only."""

    @staticmethod
    def available() -> bool:
        return available()

    @staticmethod
    def proposer(d: Any, cards: Any) -> Any:
        from academie.fast.reversis_worlds import proposer

        return proposer(d, cards)

    @staticmethod
    def state_of(rng: random.Random) -> Any:
        from academie.fast.pyrandom import state_of

        return state_of(rng)


def _install() -> None:
    """Hand the games' samplers their compiled proposals (a game imports no kernel)."""
    from academie.games.reversis import sampling

    sampling.COMPILED = _ReversisWorlds()


_install()
