"""Duplicate tournaments between bots: every bot in every seat, the same cards for every seating.

A tournament plays *boards*. A board is one set of chance outcomes: for the card games, one
shuffled pack per deal of the match (a stacked deck, :class:`DealDecks`), drawn from the
board's seed; for the Blason, the board's seed for the dice. Every board is played once for
each *seating*: for each *lineup* (the bots given, or each choice of ``players`` of them when
more bots than seats are given) and each rotation of that lineup around the table, so that
every bot holds every seat equally often and meets the same cards in every seat, as in
duplicate bridge: the luck of the deal cancels.

The deck of a deal is the order in which the cards leave the pack: whatever the bots do, seat
``s`` is dealt the same cards in every seating, and the stock is drawn in the same order (the
draws of Trente et un, the cards asked for at Belle, Flux et Trente-un). Past the whole pack
(a stock shuffled again from the discard pile), the board's seeded chance draws what is left.

``deals=N`` plays N boards of deal-limited matches: matches of one deal (the game's ``deals``
option set to 1), or of ``options['deals']`` deals when given, N then a multiple of it; only
the games whose match is a number of deals have this (Belle, Flux et Trente-un, Reversis,
Guimbarde, Guinguette). ``matches=N`` plays N boards of whole matches (every game).

The score of a bot is its counters won per deal in the games of counters, and its win rate in
the games of lives and of the race (Trente et un, Blason): a tie for first place splits the
win. Every interval is over boards (the boards are independent, the seatings of one board are
not): the bot's score on each board, a Student t 95% interval of their mean. The pairwise
table gives, for two bots A and B, the mean over boards of A's score minus B's, with its
interval. Rates (win rates, and their differences) are bounded, and their intervals are
Agresti–Coull-adjusted (see :func:`estimate`); fewer than five boards give no interval.
Ratings come from :mod:`openskill` (Plackett-Luce, every seat a team of one): one update per
match, from the match's ranking (returns, then the deal a player went out, later is better), in
board and seating order.

When every bot is one a compiled kernel plays (``academie[fast]``: ``random``, ``heuristic``)
and the kernel implements the game's options, the boards are played by it
(:func:`play_compiled_boards`): the same decks, the same seeds, the same matches, so the same
result figure for figure.

>>> from academie.games import get_game
>>> result = tournament(get_game("reversis"), ["heuristic", "random"] * 2, deals=2, seed=1)
>>> result.boards, result.matches, [b.bot for b in result.bots]
(2, 8, ['heuristic', 'random'])
>>> [b.seats for b in result.bots]
[[4, 4, 4, 4], [4, 4, 4, 4]]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from academie.analysis.parallel import CountingGuard, check_backend, default_workers, map_matches
from academie.bots import bot_spec, make_bot
from academie.core.chance import SeededChance, StackedChance
from academie.core.errors import OptionError
from academie.core.game import Game
from academie.core.record import GameRecord, PlayerRecord
from academie.core.runner import play_match
from academie.core.state import State

MAX_BOARDS = 1_000_000
"""The most boards one tournament plays."""

MAX_SEATINGS = 720
"""The most seatings a board may have (every choice of the players among the bots, rotated)."""

COUNTERS = "counters per deal"
WIN_RATE = "win rate"


class TournamentError(OptionError):
    """A tournament that cannot be played as asked: no bots, too few bots for the seats, a
    number of deals or matches out of range, ``deals`` for a game with no deal-limited match."""


# --- chance -----------------------------------------------------------------------------------
class DealDecks(StackedChance):
    """A stacked deck per deal, each the whole pack in an order drawn from ``seed`` and the
    deal's number alone (never from what was played before): two matches with the same seed
    deal the same cards to the same seats and draw the stock in the same order, whatever their
    players do. Past a deal's pack, the seeded chance of ``seed`` draws. ``decks`` holds the
    decks of the deals reached, so that a record with this seed and these decks replays the
    match (:func:`academie.core.record.replay`)."""

    def __init__(self, seed: int) -> None:
        super().__init__([], seed)
        self.seed = seed

    def choose(self, state: State) -> int:
        deal = state.match.deal_number
        while len(self.decks) <= deal:
            self.decks.append(shuffled_pack(state, self.seed, len(self.decks)))
            self.positions.append(0)
        return super().choose(state)


def shuffled_pack(state: State, seed: int, deal: int) -> list[str]:
    """The outcomes of ``state``'s chance node (a deal's first: the whole pack), in string
    notation, shuffled by ``random.Random(f"{seed}:{deal}")``.

    >>> from academie.games import get_game
    >>> state = get_game("guimbarde").new_initial_state(4, {})
    >>> pack = shuffled_pack(state, 7, 0)
    >>> len(pack), len(set(pack)), pack == shuffled_pack(state, 7, 0), pack == shuffled_pack(state, 7, 1)
    (32, 32, True, False)
    """
    pack = [state.action_to_string(a) for a, _ in sorted(state.chance_outcomes())]
    random.Random(f"{seed}:{deal}").shuffle(pack)
    return pack


def is_card_game(game: Game) -> bool:
    """Whether ``game`` deals cards (its chance outcomes are cards of a pack, which a stacked
    deck orders), rather than throwing dice."""
    return bool(game.new_initial_state().all_cards())


def has_deal_limit(game: Game) -> bool:
    """Whether a match of ``game`` lasts a number of deals (an option ``deals``)."""
    return "deals" in game.options_model.model_fields


# --- seatings ---------------------------------------------------------------------------------
def seatings(entries: int, players: int) -> list[tuple[int, ...]]:
    """Every seating of a board: for each choice of ``players`` entries among ``entries`` (in
    order), each rotation; ``seating[s]`` is the entry in seat ``s``. Each entry holds each seat
    equally often.

    >>> seatings(3, 3)
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    >>> seatings(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    """
    out = []
    for lineup in itertools.combinations(range(entries), players):
        for r in range(players):
            out.append(tuple(lineup[(s + r) % players] for s in range(players)))
    return out


# --- playing ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TournamentSpec:
    """What a worker needs to play boards: the game, the validated options, the entries (bot
    specs, one per place in the lineup), the seatings, whether the chance is stacked decks
    (``decks``), whether every seating of a board meets the same chance (``duplicate``), the
    folder of the records (``None``: no records), and whether a compiled kernel plays the boards
    (``compiled``: :func:`play_compiled_boards`, the same matches)."""

    game: Game
    options: Any
    entries: tuple[str, ...]
    seatings: tuple[tuple[int, ...], ...]
    decks: bool
    duplicate: bool = True
    records: str | None = None
    compiled: bool = False


@dataclass(frozen=True)
class MatchOutcome:
    """One match of a board: ``seating[s]`` the entry in seat ``s``; ``returns`` per seat
    (counters, or the game's shares); ``deals`` played; ``ranks`` per seat (1 the best, ties
    share a rank)."""

    seating: tuple[int, ...]
    returns: tuple[float, ...]
    deals: int
    ranks: tuple[int, ...]


def board_seeds(master: random.Random, seats_per_board: int) -> list[int]:
    """One board's seeds, drawn from the master generator: its chance's, then one per bot of
    every seating in order."""
    return [master.getrandbits(32) for _ in range(1 + seats_per_board)]


def play_boards(spec: TournamentSpec, chunk: list[tuple[int, list[int]]]) -> list[list[MatchOutcome]]:
    """Play every seating of each board ``(index, seeds)`` of ``chunk``: a worker's task."""
    if spec.compiled:
        return play_compiled_boards(spec, chunk)
    return [play_board(spec, index, seeds) for index, seeds in chunk]


_DECK_MATCHES: dict[tuple[str, int, str], Any] = {}  # this process's kernels' runners, by game, players, options


def play_compiled_boards(spec: TournamentSpec, chunk: list[tuple[int, list[int]]]) -> list[list[MatchOutcome]]:
    """:func:`play_board` of each board of ``chunk`` played by a compiled kernel
    (:class:`academie.fast.DeckMatches`: the same decks, the same seeds of the chance and of
    every seat's bot, hence the same matches), every match of the chunk in one call. Needs
    ``academie[fast]``, a game and options the kernel plays from stacked decks, and bots of
    :data:`academie.fast.COMPILED_BOTS` only (:func:`compiled_runner`); writes no records."""
    game, n = spec.game, len(spec.seatings[0])
    runner = compiled_runner(game, spec.options, n)
    chance, bot_seeds, bots = [], [], []
    for _, seeds in chunk:
        rest = iter(seeds[1:])
        for m, seating in enumerate(spec.seatings):
            chance.append(seeds[0] if spec.duplicate else seating_seed(seeds[0], m))
            bot_seeds.append([next(rest) for _ in range(n)])
            bots.append([spec.entries[e] for e in seating])
    played = runner.play(chance, bot_seeds, bots, deals=getattr(spec.options, "deals", None) or 1)
    out, k = [], 0
    for _ in chunk:
        board = []
        for seating in spec.seatings:
            returns = tuple(float(v) for v in played.returns[k])
            gone = None if played.out_deals is None else [int(d) for d in played.out_deals[k]]
            ranks = ranks_by_returns(returns, gone)
            board.append(MatchOutcome(seating, returns, int(played.deals[k]), tuple(ranks)))
            k += 1
        out.append(board)
    return out


def compiled_runner(game: Game, options: Any, players: int) -> Any:
    """This process's :class:`academie.fast.DeckMatches` for ``game``, validated ``options`` and
    ``players`` (made once); raises ValueError when no kernel plays them from stacked decks."""
    key = (game.info.id, players, repr(options.model_dump()))
    runner = _DECK_MATCHES.get(key)
    if runner is None:
        from academie.fast import DeckMatches

        runner = _DECK_MATCHES[key] = DeckMatches(game, options, players)
    return runner


def ranks_by_returns(returns: Sequence[float], out_deals: Sequence[int] | None = None) -> list[int]:
    """Each seat's rank, 1 the best, ties sharing a rank, as :func:`placing` gives it from the
    returns and, in a game of lives, ``out_deals`` (the deal each seat went out, -1 never):
    by returns, then the later out the better, a seat never out best.

    >>> ranks_by_returns([3.0, -1.0, 3.0, -5.0])
    [1, 3, 1, 4]
    >>> ranks_by_returns([1.0, -0.5, -0.5], [-1, 2, 4])
    [1, 3, 2]
    """
    later = [float("inf") if d < 0 else d for d in (out_deals or [-1] * len(returns))]
    keys = list(zip(returns, later))
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def play_board(spec: TournamentSpec, index: int, seeds: list[int]) -> list[MatchOutcome]:
    """The matches of board ``index`` (0-based), one per seating, in seating order; each saved
    as a record under ``spec.records`` when given."""
    game, n = spec.game, len(spec.seatings[0])
    chance_seed, bot_seeds = seeds[0], iter(seeds[1:])
    out = []
    for m, seating in enumerate(spec.seatings):
        state = game.new_initial_state(n, spec.options)
        seed = chance_seed if spec.duplicate else seating_seed(chance_seed, m)
        chance: Any = DealDecks(seed) if spec.decks else SeededChance(seed)
        kinds = [spec.entries[e] for e in seating]
        bots = [make_bot(kind, game.info.id, next(bot_seeds)) for kind in kinds]
        actions: list[str] | None = [] if spec.records else None
        play_match(state, chance, bots, actions=actions)
        returns = state.returns()
        stats = state.statistics()
        deals = int(stats.get("deals") or state.match.deal_number + 1)
        out.append(MatchOutcome(seating, tuple(returns), deals, tuple(placing(state))))
        if spec.records:
            record = GameRecord(
                game=game.info.id,
                game_version=game.info.version,
                num_players=n,
                options=spec.options.model_dump(),
                players=[PlayerRecord(name=f"{s + 1} {kind}"[:60], kind=kind) for s, kind in enumerate(kinds)],
                seed=seed,
                decks=[list(d) for d in chance.decks] if spec.decks else None,
                actions=actions or [],
                complete=True,
                result={"returns": returns, "statistics": stats},
            )
            record.save(Path(spec.records) / f"board-{index + 1:06d}-seating-{m + 1:02d}.json")
    return out


def seating_seed(seed: int, seating: int) -> int:
    """The chance seed of seating ``seating`` (0-based) of a board of seed ``seed`` in a
    tournament that is not duplicate: a seed of its own for every seating.

    >>> seating_seed(7, 0) != seating_seed(7, 1) and seating_seed(7, 1) == seating_seed(7, 1)
    True
    """
    return random.Random(f"{seed}:seating:{seating}").getrandbits(32)


def placing(state: State) -> list[int]:
    """Each seat's rank in a finished match, 1 the best, ties sharing a rank: by returns, then
    (games of lives) by the deal the seat went out, later being better, a seat never out best.

    >>> from academie.games import get_game
    >>> from academie.core.runner import play_match
    >>> state = get_game("trente-et-un").new_initial_state(3, {})
    >>> from academie.bots import RandomBot
    >>> _ = play_match(state, SeededChance(2), [RandomBot(s) for s in range(3)])
    >>> sorted(placing(state))
    [1, 2, 3]
    """
    n = state.num_players
    out_deal = [float("inf")] * n
    for entry in state.match.lives_log:
        if entry.kind == "out" and entry.seat is not None:
            out_deal[entry.seat] = min(out_deal[entry.seat], entry.deal)
    returns = state.returns()
    keys = [(returns[s], out_deal[s]) for s in range(n)]
    return [1 + sum(1 for other in keys if other > keys[s]) for s in range(n)]


# --- results ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A mean over boards with its 95% interval ``low``–``high``; ``None`` for both, and
    ``note`` saying why, when there is no honest interval: ``"too few"`` (fewer than
    :data:`~academie.analysis.simulate.MIN_SAMPLE` boards) or ``"no spread"`` (an unbounded
    quantity, counters, equal on every board)."""

    mean: float
    low: float | None
    high: float | None
    note: str = ""


def estimate(values: Sequence[float], bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean of ``values`` and its 95% interval.

    Unbounded values (counters): scipy's Student t interval. Values bounded by ``bounds``
    (a rate lies from 0 to 1, a difference of rates from -1 to 1): the Agresti–Coull
    adjustment carried over to means of bounded values, a Student t interval over the values
    with two more at each bound, cut to ``bounds`` (and holding the mean), so that a small
    sample all at one bound (10 boards won out of 10) gives a wide interval, never a zero-width
    one; over many boards the four added values change next to nothing. Fewer than
    :data:`~academie.analysis.simulate.MIN_SAMPLE` values give no interval (``note`` "too few").

    >>> e = estimate([1.0] * 10, (0.0, 1.0))
    >>> e.mean, round(e.low, 3), e.high
    (1.0, 0.647, 1.0)
    >>> estimate([1.0] * 3, (0.0, 1.0)).note, estimate([2.0] * 8).note
    ('too few', 'no spread')
    """
    import numpy as np
    from scipy import stats

    from academie.analysis.simulate import MIN_SAMPLE

    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean()) if arr.size else 0.0
    if arr.size < MIN_SAMPLE:
        return Estimate(mean, None, None, "too few")
    if bounds is not None:
        arr = np.concatenate([arr, [bounds[0]] * 2, [bounds[1]] * 2])
    elif bool((arr == arr[0]).all()):  # every value the same (std() may be off in the last bit)
        return Estimate(mean, None, None, "no spread")
    centre = float(arr.mean())
    low, high = stats.t.interval(0.95, arr.size - 1, loc=centre, scale=stats.sem(arr))
    low, high = min(float(low), mean), max(float(high), mean)
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Estimate(mean, low, high)


@dataclass(frozen=True)
class Rating:
    """An openskill Plackett-Luce rating: ``mu`` and its uncertainty ``sigma``; ``ordinal`` is
    ``mu - 3 sigma``, the conservative figure to rank by."""

    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class BotResult:
    """One bot over the tournament: ``score`` (counters per deal, or win rate) per board with
    its interval; ``win_rate`` (a tie for first splits the win) and ``return_per_match``
    (counters, or the game's shares) likewise; its rating; ``matches`` and ``deals`` it took part in
    (each once, even when the bot held several seats of the match, so that they never exceed the
    tournament's); ``seats[s]``: its matches in seat ``s`` (their sum is the seats it played,
    ``matches`` times the seats it held in each when every match had it)."""

    bot: str
    score: Estimate
    win_rate: Estimate
    return_per_match: Estimate
    rating: Rating
    matches: int
    deals: int
    seats: list[int]


@dataclass(frozen=True)
class PairResult:
    """Bot ``bot`` against bot ``versus``: the mean over boards of ``bot``'s score minus
    ``versus``'s, with its interval (above 0: ``bot`` did better)."""

    bot: str
    versus: str
    difference: Estimate


@dataclass
class TournamentResult:
    """The outcome of :func:`tournament`: ``metric`` is :data:`COUNTERS` or :data:`WIN_RATE`;
    ``entries`` the bots as given (canonical specs), ``bots`` one result per distinct bot, in
    the order given; ``pairs`` every ordered pair of distinct bots;
    ``boards`` played of ``requested``; ``matches`` and ``deals`` played in all; ``seatings``
    per board; ``deals_per_match`` the deal limit (``None``: whole matches); ``decks``: chance
    came from stacked decks (card games) rather than a seed (dice); ``duplicate``: every seating
    of a board met the same chance (the same decks, or the same seed); ``partial``:
    interrupted."""

    game: str
    players: int
    entries: list[str]
    seed: int | None
    options: dict[str, Any]
    metric: str
    decks: bool
    duplicate: bool
    deals_per_match: int | None
    seatings: int
    requested: int
    boards: int = 0
    matches: int = 0
    deals: int = 0
    bots: list[BotResult] = field(default_factory=list)
    pairs: list[PairResult] = field(default_factory=list)
    partial: bool = False

    def to_json(self) -> dict:
        return asdict(self)

    def rows(self) -> list[dict[str, Any]]:
        """The per-bot and pairwise tables as flat rows (one dict per row, the same keys), for
        CSV: ``table`` is ``bot`` or ``pair``."""
        rows = []
        for b in self.bots:
            rows.append({
                "table": "bot", "bot": b.bot, "versus": "", "metric": self.metric,
                "mean": b.score.mean, "low": b.score.low, "high": b.score.high,
                "win_rate": b.win_rate.mean, "win_low": b.win_rate.low, "win_high": b.win_rate.high,
                "mu": b.rating.mu, "sigma": b.rating.sigma, "ordinal": b.rating.ordinal,
                "matches": b.matches, "deals": b.deals, "boards": self.boards,
            })
        for p in self.pairs:
            rows.append({
                "table": "pair", "bot": p.bot, "versus": p.versus, "metric": self.metric,
                "mean": p.difference.mean, "low": p.difference.low, "high": p.difference.high,
                "win_rate": "", "win_low": "", "win_high": "", "mu": "", "sigma": "", "ordinal": "",
                "matches": "", "deals": "", "boards": self.boards,
            })
        return rows


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`tournament`; ``result`` covers the boards finished before it, in
    order (``None`` when none was)."""

    def __init__(self, result: TournamentResult | None) -> None:
        super().__init__("tournament interrupted")
        self.result = result


def plackett_luce() -> Any:
    """openskill's Plackett-Luce model class; raises :class:`TournamentError` when openskill is
    not installed."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise TournamentError(
            "a tournament's ratings need openskill, which is not installed: install academie[tournament]"
            " (pip install 'academie[tournament]')"
        ) from None
    return PlackettLuce


class _Tally:
    """The boards finished so far, in order, and the ratings updated match by match."""

    def __init__(self, result: TournamentResult, bots: list[str]) -> None:
        PlackettLuce = plackett_luce()
        self.result, self.bots = result, bots
        self.model = PlackettLuce()
        self.ratings = {b: self.model.rating(name=b) for b in bots}
        n = result.players
        self.per_board: dict[str, dict[str, list[float]]] = {
            b: {"score": [], "win": [], "return": []} for b in bots
        }
        self.matches = {b: 0 for b in bots}
        self.deals = {b: 0 for b in bots}
        self.seats = {b: [0] * n for b in bots}

    def add(self, board: list[MatchOutcome]) -> None:
        """Count one board's matches (in seating order)."""
        entries, metric = self.result.entries, self.result.metric
        sums = {b: [0.0, 0.0, 0.0, 0, 0] for b in self.bots}  # returns, wins, -, seats played, deals over them
        for match in board:
            for bot in {entries[e] for e in match.seating}:  # each bot once per match it took part in
                self.matches[bot] += 1
                self.deals[bot] += match.deals
            for s, e in enumerate(match.seating):
                bot = entries[e]
                top = match.ranks.count(1)
                acc = sums[bot]
                acc[0] += match.returns[s]
                acc[1] += 1.0 / top if match.ranks[s] == 1 else 0.0
                acc[3] += 1
                acc[4] += match.deals
                self.seats[bot][s] += 1
            self._rate(match)
            self.result.matches += 1
            self.result.deals += match.deals
        for bot, (ret, wins, _, played, deals) in sums.items():
            if not played:
                continue
            rows = self.per_board[bot]
            rows["return"].append(ret / played)
            rows["win"].append(wins / played)
            rows["score"].append(ret / deals if metric == COUNTERS else wins / played)
        self.result.boards += 1

    def _rate(self, match: MatchOutcome) -> None:
        """One Plackett-Luce update from the match's ranking. A bot given for several seats
        of one match plays each seat as a team with its rating; its update is the mean of
        theirs."""
        entries = self.result.entries
        bots = [entries[e] for e in match.seating]
        teams = [[self.ratings[b]] for b in bots]
        rated = self.model.rate(teams, ranks=list(match.ranks))
        new: dict[str, list[Any]] = {}
        for b, team in zip(bots, rated):
            new.setdefault(b, []).append(team[0])
        for b, got in new.items():
            old = self.ratings[b]
            old.mu = sum(r.mu for r in got) / len(got)
            old.sigma = sum(r.sigma for r in got) / len(got)

    def report(self) -> TournamentResult:
        """The result over the boards counted so far."""
        r = self.result
        r.bots = []
        rate, diff = ((0.0, 1.0), (-1.0, 1.0)) if r.metric == WIN_RATE else (None, None)
        for b in self.bots:
            rows, rating = self.per_board[b], self.ratings[b]
            r.bots.append(BotResult(
                bot=b,
                score=estimate(rows["score"], rate),
                win_rate=estimate(rows["win"], (0.0, 1.0)),
                return_per_match=estimate(rows["return"]),
                rating=Rating(float(rating.mu), float(rating.sigma), float(rating.ordinal())),
                matches=self.matches[b],
                deals=self.deals[b],
                seats=list(self.seats[b]),
            ))
        r.pairs = [
            PairResult(a, b, estimate([x - y for x, y in zip(self.per_board[a]["score"], self.per_board[b]["score"])], diff))
            for a, b in itertools.permutations(self.bots, 2)
        ]
        r.partial = r.boards < r.requested
        return r


def tournament(
    game: Game,
    bots: Sequence[str],
    *,
    deals: int | None = None,
    matches: int | None = None,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    records: str | Path | None = None,
    duplicate: bool = True,
    progress: Callable[[int], None] | None = None,
    workers: int | None = 1,
    backend: str = "local",
    address: str | None = None,
    on_compile: Callable[[str, float], None] | None = None,
    compiled: bool | None = None,
) -> TournamentResult:
    """Play a duplicate tournament of ``game`` between ``bots`` (bot specs, e.g.
    ``"ismcts:iterations=500"``; a bot given twice holds two seats of every match).

    Exactly one of ``deals`` (boards of deal-limited matches, see the module's text) and
    ``matches`` (boards of whole matches) gives the number of boards. ``players`` defaults to
    the number of bots; more bots than players play every choice of ``players`` of them.
    ``seed`` fixes every deck and every bot's seed: each board's seeds are drawn in board
    order from ``random.Random(seed)``, so the result is the same for every number of
    ``workers`` (processes; ``None``: every core) and every ``backend``
    (:func:`academie.analysis.parallel.map_matches`). ``records``: a folder where every match
    is saved as a game record (``board-000001-seating-01.json`` …) that ``academie replay``
    replays. ``duplicate=False`` gives every seating chance of its own (fresh decks, fresh
    dice), to measure what duplicate play saves. ``progress(k)`` is called with the number of
    boards finished. The ISMCTS bots' compiled kernels (``academie[fast]``) are compiled, or
    loaded from numba's cache, in this process before any worker starts
    (:func:`academie.fast.prepare`); ``on_compile(name, seconds)`` is called just before a
    compile really happens. ``compiled``: whether a compiled kernel plays the boards
    (:func:`play_compiled_boards`, the same matches, hence the same result figure for figure),
    which it can when ``academie[fast]`` is installed, the game's kernel plays these options
    from stacked decks (:data:`academie.fast.DECK_KERNELS`), every bot is one of
    :data:`academie.fast.COMPILED_BOTS` and no ``records`` are asked; ``None`` (the default):
    when it can and the tournament plays at least :data:`academie.fast.MIN_MATCHES` matches;
    ``True``: whenever it can; ``False``: never.

    Raises :class:`TournamentError` (no bots, fewer bots than players, no or both counts, a
    count out of range, ``deals`` for a game with no deal limit or with ``options['deals']``
    not dividing it), the game's option and player-count errors,
    :class:`~academie.core.errors.UnknownBotError`, and
    :class:`~academie.analysis.parallel.BackendError`; on Ctrl-C,
    :class:`TournamentInterrupted` with the result over the boards finished in order.
    """
    entries, n, boards, per_match, opts = _prepare(game, bots, deals, matches, players, options)
    check_backend(backend, workers, address)
    import numpy  # noqa: F401  (loaded before the first board: a report after Ctrl-C
    import scipy.stats  # noqa: F401  needs no slow import)

    table = tuple(seatings(len(entries), n))
    decks = is_card_game(game)
    if records is not None:
        check_records(records)
        try:
            Path(records).mkdir(exist_ok=True)
        except OSError as exc:  # gone since it was checked
            raise TournamentError(f"--records {str(records)!r:.80}: {exc.strerror or exc}") from None
    distinct = list(dict.fromkeys(entries))
    fast = compiled is not False and records is None and decks and _kernel_plays(game, opts, n, distinct)
    if fast and compiled is None:
        from academie.fast import MIN_MATCHES

        fast = boards * len(table) >= MIN_MATCHES.get(game.info.id, 0)
    spec = TournamentSpec(game, opts, tuple(entries), table, decks, duplicate,
                          str(records) if records is not None else None, bool(fast))
    result = TournamentResult(
        game=game.info.id, players=n, entries=entries, seed=seed, options=opts.model_dump(),
        metric=COUNTERS if has_deal_limit(game) else WIN_RATE, decks=decks, duplicate=duplicate,
        deals_per_match=per_match, seatings=len(table), requested=boards,
    )
    tally = _Tally(result, distinct)
    master = random.Random(seed)
    tasks = ((i, board_seeds(master, len(table) * n)) for i in range(boards))
    if workers is None and backend == "local":
        workers = default_workers()
    from academie.fast import prepare

    prepare(game, opts, n, distinct, on_compile=on_compile, decks=spec.compiled)
    chunk = COMPILED_CHUNK if spec.compiled else 1
    with map_matches(partial(play_boards, spec), tasks, workers, backend, address, chunk_size=chunk) as outcomes, \
            CountingGuard() as guard:
        try:
            if progress is not None:
                progress(0)
            for board in outcomes:
                with guard.counting():  # a board counted wholly or not at all
                    tally.add(board)
                if progress is not None:
                    progress(result.boards)
        except KeyboardInterrupt:
            with guard.counting(then_raise=False):
                for board in outcomes.ready():
                    tally.add(board)
                report = tally.report() if result.boards else None
            raise TournamentInterrupted(report) from None
    return tally.report()


COMPILED_CHUNK = 32
"""Boards a compiled kernel plays in one call (one task of a worker)."""


def _kernel_plays(game: Game, options: Any, players: int, bots: Sequence[str]) -> bool:
    """Whether a compiled kernel can play this tournament's boards (:func:`play_compiled_boards`)."""
    from academie.fast import deck_matches

    return deck_matches(game, options, players, bots) is not None


def check_tournament(
    game: Game,
    bots: Sequence[str],
    *,
    deals: int | None = None,
    matches: int | None = None,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> int:
    """The number of boards :func:`tournament` would play with these arguments, raising its
    errors for bad ones before anything is played."""
    return _prepare(game, bots, deals, matches, players, options)[2]


def check_records(folder: str | Path) -> None:
    """Raise :class:`TournamentError` when ``folder`` cannot take a tournament's records: it is
    a file, its parent folder does not exist (no folder is created but ``folder`` itself, as
    ``play --record`` creates none), it already holds records of a tournament or a simulation
    (``board-*.json``, ``match-*.json``), which would be mixed with the new ones, or the system
    refuses its name."""
    from academie.analysis.simulate import check_records_folder

    try:
        check_records_folder(folder, "board-*.json")
    except OptionError as exc:
        raise TournamentError(str(exc)) from None


def _prepare(game: Game, bots: Sequence[str], deals: int | None, matches: int | None,
             players: int | None, options: Mapping[str, Any] | None) -> tuple[list[str], int, int, int | None, Any]:
    """The entries (canonical specs), players, boards, deals per match and options, checked."""
    entries = [bot_spec(b, game.info.id) for b in bots] if bots else []
    if not entries:
        raise TournamentError("a tournament needs bots, e.g. --bots heuristic,random")
    n = len(entries) if players is None else players
    low = game.info.min_players
    if players is None and n < low:
        raise TournamentError(
            f"{n} bot{'s' if n != 1 else ''} for {game.info.name}, played by {low} to {game.info.max_players}"
            f" players: give one bot per seat (a bot may be given several times, e.g."
            f" {','.join(entries + [entries[-1]] * (low - n))})"
        )
    game.check_players(n)
    if len(entries) < n:
        raise TournamentError(
            f"{len(entries)} bot{'s' if len(entries) != 1 else ''} for {n} players: give one bot per seat"
            f" at least (a bot may be given several times, e.g."
            f" {','.join(entries + [entries[-1]] * (n - len(entries)))})"
        )
    count = len(seatings(len(entries), n)) if len(entries) <= 12 else MAX_SEATINGS + 1
    if count > MAX_SEATINGS:
        raise TournamentError(
            f"{len(entries)} bots for {n} players make more than {MAX_SEATINGS} seatings of every board"
            " (every choice of the players, rotated): give fewer bots or more players"
        )
    given = dict(options or {})
    boards, per_match = _boards(game, given, deals, matches)
    if per_match is not None:
        given["deals"] = per_match
    opts = game.parse_options(given)
    plackett_luce()
    return entries, n, boards, per_match, opts


def _boards(game: Game, given: dict[str, Any], deals: int | None, matches: int | None) -> tuple[int, int | None]:
    """The number of boards and the deals per match (``None``: whole matches)."""
    if (deals is None) == (matches is None):
        raise TournamentError("give the number of deals or the number of matches (one of them)")
    count, what = (deals, "deals") if deals is not None else (matches, "matches")
    if not isinstance(count, int) or not 1 <= count <= MAX_BOARDS:
        raise TournamentError(f"the number of {what} must be from 1 to {MAX_BOARDS:,}, not {count}")
    if matches is not None:
        return matches, None
    if not has_deal_limit(game):
        raise TournamentError(
            f"a match of {game.info.name} is not a number of deals (it is played to the end):"
            " give the number of matches"
        )
    raw = given.get("deals", 1)
    per = game.parse_options({"deals": raw}).deals if "deals" in given else 1
    if per < 1:
        raise TournamentError(f"a tournament by deals plays matches of a set number of deals: the option deals must be at least 1, not {per}")
    if count % per:
        raise TournamentError(
            f"{count} deals cannot be played in matches of {per} deals (option deals={per}): give a multiple of {per}"
        )
    return count // per, per
