"""A compiled Belle, Flux et Trente-un (numba, hands as 52-bit masks): the same rules as
:mod:`academie.games.belle_flux.state`, which stays the reference, for every option, 2 to 12
players.

A state is one ``int64`` array (:func:`new_state`; fields at the offsets below). Actions are the
pure engine's: a card id at a chance node, ``ASK`` or ``STAND``. :func:`legal_mask`: a card's
bit at a chance node, bits 52 and 53 for ``ASK`` and ``STAND``; the k-th set bit is the k-th of
the pure engine's ``legal_actions()``. Payments are recorded in ``ledger`` (rows ``deal, source,
target, amount, rule``; accounts: a seat, ``-1 - k`` for basket k: belle, flux, trente-un; rule k
is the stake for basket k, 3 + k its win) while it has room. The state holds what a seat's view
shows besides (the cards each seat asked for, the fluxes shown, whether the cards asked for are
dealt face up), so that :func:`heuristic_action` chooses as the pure heuristic bot, from a
generator seeded as its own (:func:`play_bot_matches`).
"""

from __future__ import annotations

import sys

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast import driver
from academie.fast.mt import mt_randbelow, mt_shuffle
from academie.fast.reversis import kth_card, popcount

ASK, STAND = 52, 53
DEALING, REQUESTS, EXTRA, OVER = 0, 1, 2, 3
BASKETS = ("belle", "flux", "trente-un")

NPL, STEP, LIMIT, DEALNO, DEALER, PHASE, TURN, STAKE, COUNTERS0 = range(9)
TIE_ELDEST, FLUX_CARRY_ADDS, ACE_HIGH, ONE_SUIT, STAND_FINAL, ALL_BUST_NEAREST, WHOLE_ROUNDS = range(9, 16)
STOCK, QPOS, QLEN, ASKED, RPOS, RLEN, LEDGER_N = range(16, 23)
POTS = 23  # 3
STATS = 26  # 6: deals, belle_carried, flux_carried, trente_un_carried, thirty_ones, largest_basket
CARDS = 32  # 12 masks: every card a seat holds
UP = 44  # 12: the face-up card
STOOD = 56  # 12
COUNTERS = 68  # 12
QUEUE = 80  # 36: the deal's order, seat * 2 + face up
REQ = 116  # 12: this round of requests, in order
SCORE = 128  # 12: scratch
END_COUNTERS = 140  # 12: counters when the last deal ended, before the next one's stakes
EXTRAS = 152  # 12 masks: the cards each seat asked for (the view's ``extra``)
FLUXED = 164  # a mask of the seats whose flux was shown at « l'examen du flux » (the view's ``flux_hands``)
FACE_UP = 165  # the cards asked for are dealt face up (option extra_cards='face_up')
UNSEEN = 166  # 52, scratch: the points of the cards the heuristic bot cannot see, in the order it shuffles them
SIZE = 218

STAT_NAMES = ("deals", "belle_carried", "flux_carried", "trente_un_carried", "thirty_ones", "largest_basket")
NONE = -(1 << 40)


@njit(cache=True, _nrt=False)
def _mod(a, n):
    return ((a % n) + n) % n


@njit(cache=True, _nrt=False)
def _order_seat(s, k):
    """The ``k``-th seat (0-based) from the dealer's right round to the dealer."""
    return _mod(s[DEALER] + s[STEP] * (k + 1), s[NPL])


@njit(cache=True, _nrt=False)
def _pay(s, ledger, source, target, amount, rule):
    if amount == 0:
        return
    if source >= 0:
        s[COUNTERS + source] -= amount
    else:
        s[POTS + (-1 - source)] -= amount
    if target >= 0:
        s[COUNTERS + target] += amount
    else:
        s[POTS + (-1 - target)] += amount
    i = s[LEDGER_N]
    if i < ledger.shape[0]:
        ledger[i, 0] = s[DEALNO]
        ledger[i, 1] = source
        ledger[i, 2] = target
        ledger[i, 3] = amount
        ledger[i, 4] = rule
    s[LEDGER_N] = i + 1


@njit(cache=True, _nrt=False)
def _points(card):
    r = card % 13
    return 11 if r == 12 else (10 if r >= 9 else r + 2)


@njit(cache=True, _nrt=False)
def _belle_rank(s, card):
    r = card % 13
    if s[ACE_HIGH]:
        return r + 2
    if r == 12:
        return 11
    if r >= 9:
        return r + 3  # J 12, Q 13, K 14
    return r + 2


@njit(cache=True, _nrt=False)
def point(s, seat):
    """The point for the trente-un: every card, or the best suit (``ONE_SUIT``)."""
    hand = s[CARDS + seat]
    if s[ONE_SUIT]:
        best = 0
        for suit in range(4):
            total = 0
            bits = (hand >> (13 * suit)) & 0x1FFF
            while bits:
                total += _points(popcount((bits & -bits) - 1))
                bits &= bits - 1
            if total > best:
                best = total
        return best
    total = 0
    bits = hand
    while bits:
        total += _points(popcount((bits & -bits) - 1))
        bits &= bits - 1
    return total


@njit(cache=True, _nrt=False)
def _best_unique(s):
    """``best_unique`` over ``SCORE`` (``NONE``: no score) in deal order: the seat, or -1."""
    n = s[NPL]
    top = NONE
    for k in range(n):
        v = s[SCORE + _order_seat(s, k)]
        if v != NONE and v > top:
            top = v
    if top == NONE:
        return -1
    first = -1
    tied = 0
    for k in range(n):
        seat = _order_seat(s, k)
        if s[SCORE + seat] == top:
            tied += 1
            if first < 0:
                first = seat
    if tied == 1 or s[TIE_ELDEST]:
        return first
    return -1


@njit(cache=True, _nrt=False)
def _win_basket(s, ledger, basket, seat):
    amount = s[POTS + basket]
    if amount > s[STATS + 5]:
        s[STATS + 5] = amount
    _pay(s, ledger, -1 - basket, seat, amount, 3 + basket)


@njit(cache=True, _nrt=False)
def start_deal(s, ledger):
    n = s[NPL]
    stake = s[STAKE]
    flux_need = 0 if (s[POTS + 1] > 0 and not s[FLUX_CARRY_ADDS]) else stake
    low = s[COUNTERS]
    for seat in range(1, n):
        if s[COUNTERS + seat] < low:
            low = s[COUNTERS + seat]
    if s[DEALNO] >= s[LIMIT] or low < 2 * stake + flux_need:
        s[PHASE] = OVER
        return
    for k in range(n):
        seat = _order_seat(s, k)
        _pay(s, ledger, seat, -1, stake, 0)
        _pay(s, ledger, seat, -2, flux_need, 1)
        _pay(s, ledger, seat, -3, stake, 2)
    for seat in range(n):
        s[CARDS + seat] = 0
        s[EXTRAS + seat] = 0
        s[UP + seat] = -1
        s[STOOD + seat] = 0
    s[FLUXED] = 0
    s[STOCK] = (1 << 52) - 1
    s[ASKED] = 0
    s[RPOS] = 0
    s[RLEN] = 0
    pos = 0
    for k in range(n):
        seat = _order_seat(s, k)
        s[QUEUE + pos] = 2 * seat
        s[QUEUE + pos + 1] = 2 * seat
        pos += 2
    for k in range(n):
        s[QUEUE + pos] = 2 * _order_seat(s, k) + 1
        pos += 1
    s[QPOS] = 0
    s[QLEN] = pos
    s[TURN] = _order_seat(s, 0)
    s[PHASE] = DEALING


@njit(cache=True, _nrt=False)
def _showdown(s, ledger):
    n = s[NPL]
    under = False
    for seat in range(n):
        p = point(s, seat)
        if p <= 31:
            s[SCORE + seat] = p
            under = True
        else:
            s[SCORE + seat] = NONE
    winner = -1
    if under:
        winner = _best_unique(s)
    elif s[ALL_BUST_NEAREST]:
        for seat in range(n):
            s[SCORE + seat] = -point(s, seat)
        winner = _best_unique(s)
    if winner >= 0:
        _win_basket(s, ledger, 2, winner)
    else:
        s[STATS + 3] += 1
    for seat in range(n):
        s[END_COUNTERS + seat] = s[COUNTERS + seat]
    s[STATS] += 1
    s[DEALNO] += 1
    s[DEALER] = _mod(s[DEALER] + s[STEP], n)
    start_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _declare(s, ledger):
    s[STATS + 4] += 1
    _showdown(s, ledger)


@njit(cache=True, _nrt=False)
def _new_round(s, ledger):
    n = s[NPL]
    count = 0
    can_ask = 0
    for k in range(n):
        seat = _order_seat(s, k)
        if not (s[STOOD + seat] and s[STAND_FINAL]):
            s[REQ + count] = seat
            count += 1
            if point(s, seat) < 31:
                can_ask += 1
    if not s[STAND_FINAL]:
        for seat in range(n):
            s[STOOD + seat] = 0
    stock = popcount(s[STOCK])
    short = s[WHOLE_ROUNDS] and stock < can_ask
    if count == 0 or stock == 0 or short:
        _showdown(s, ledger)
        return
    s[RLEN] = count
    s[RPOS] = 1
    s[ASKED] = 0
    s[TURN] = s[REQ]


@njit(cache=True, _nrt=False)
def _next_request(s, ledger):
    if s[RPOS] < s[RLEN]:
        s[TURN] = s[REQ + s[RPOS]]
        s[RPOS] += 1
        return
    if s[ASKED]:
        _new_round(s, ledger)
    else:
        _showdown(s, ledger)


@njit(cache=True, _nrt=False)
def _judge_and_begin(s, ledger):
    n = s[NPL]
    for seat in range(n):
        s[SCORE + seat] = _belle_rank(s, s[UP + seat])
    winner = _best_unique(s)
    if winner >= 0:
        _win_basket(s, ledger, 0, winner)
    else:
        s[STATS + 1] += 1
    for seat in range(n):
        hand = s[CARDS + seat]
        s[SCORE + seat] = NONE
        for suit in range(4):
            bits = (hand >> (13 * suit)) & 0x1FFF
            if popcount(bits) == 3:
                total = 0
                while bits:
                    total += _points(popcount((bits & -bits) - 1))
                    bits &= bits - 1
                s[SCORE + seat] = total
                s[FLUXED] |= 1 << seat
    winner = _best_unique(s)
    if winner >= 0:
        _win_basket(s, ledger, 1, winner)
    else:
        s[STATS + 2] += 1
    for k in range(n):
        seat = _order_seat(s, k)
        if point(s, seat) == 31:
            _declare(s, ledger)
            return
    s[PHASE] = REQUESTS
    _new_round(s, ledger)


@njit(cache=True, _nrt=False)
def legal_mask(s):
    phase = s[PHASE]
    if phase == DEALING or phase == EXTRA:
        return s[STOCK]
    if phase == REQUESTS:
        if point(s, s[TURN]) >= 31 or s[STOCK] == 0:
            return 1 << STAND
        return (1 << ASK) | (1 << STAND)
    return 0


@njit(cache=True, _nrt=False)
def apply(s, ledger, action):
    """Apply a legal ``action`` (not checked)."""
    phase = s[PHASE]
    if phase == DEALING:
        s[STOCK] &= ~(1 << action)
        code = s[QUEUE + s[QPOS]]
        seat = code >> 1
        s[CARDS + seat] |= 1 << action
        if code & 1:
            s[UP + seat] = action
        s[QPOS] += 1
        if s[QPOS] == s[QLEN]:
            _judge_and_begin(s, ledger)
    elif phase == EXTRA:
        s[STOCK] &= ~(1 << action)
        seat = s[TURN]
        s[CARDS + seat] |= 1 << action
        s[EXTRAS + seat] |= 1 << action
        s[PHASE] = REQUESTS
        if point(s, seat) == 31:
            _declare(s, ledger)
        else:
            _next_request(s, ledger)
    elif phase == REQUESTS:
        if action == ASK:
            s[ASKED] = 1
            s[PHASE] = EXTRA
        else:
            s[STOOD + s[TURN]] = 1
            _next_request(s, ledger)


@njit(cache=True, _nrt=False)
def _random_step(s, ledger, mt, variant):
    mask = legal_mask(s)
    apply(s, ledger, kth_card(mask, mt_randbelow(mt, popcount(mask), variant)))


RANDOM_BOT, HEURISTIC_BOT = 0, 1
"""The bots a compiled match seats (``kinds`` of :func:`play_bot_matches`): the random bot, and
:class:`academie.bots.belle_flux.HeuristicBelleFlux` with its default parameters (both draw from
their seat's generator: the random bot its choice, the heuristic bot its samples' shuffles)."""
SAMPLES, OPPONENT_STANDS_AT = 40, 27
"""The heuristic bot's default ``samples`` (deals of the unseen cards per decision) and
``opponent_stands_at`` (points)."""
NO_RISK = 20
"""``academie.bots.belle_flux.NO_RISK``: at 20 or less no card takes a hand over 31 (the ace is
worth 11), the bot asks without sampling."""


@njit(cache=True, _nrt=False)
def _mask_points(mask):
    """Every card of ``mask`` counted (A 11, figures 10, else the number)."""
    total = 0
    while mask:
        total += _points(popcount((mask & -mask) - 1))
        mask &= mask - 1
    return total


@njit(cache=True, _nrt=False)
def heuristic_action(s, mt, variant):
    """The action :class:`academie.bots.belle_flux.HeuristicBelleFlux` (default parameters)
    chooses for the seat to ask or stand, read from what that seat's view holds only (its cards,
    every up card, the fluxes shown, the cards asked for when they are dealt face up, how many
    each seat asked for, who stood); ``mt`` is its generator. ``STAND`` when it may not ask;
    ``ASK`` at 20 points or less; else, over 40 shuffles of the unseen cards (in card order
    first, each shuffle of the last one's order, as ``Random.shuffle``), the deals where standing
    now wins the basket against where one card more and standing wins it — each other seat in
    seat order draws its hidden cards from the shuffled cards (none once they run out), then,
    when it has not stood, one more while under 27, at most 12; the bot's card is the next one
    — and ``ASK`` when asking wins more often. Only the cards' points are read from a shuffle,
    so the points are shuffled (``UNSEEN``: the same swaps as the cards'); ``SCORE`` holds each
    other seat's points seen × 64 + its cards unseen."""
    legal = legal_mask(s)
    if not (legal >> ASK) & 1:
        return STAND
    me = s[TURN]
    my_point = point(s, me)
    if my_point <= NO_RISK:
        return ASK
    n = s[NPL]
    face_up = s[FACE_UP]
    fluxed = s[FLUXED]
    seen = s[CARDS + me]
    for seat in range(n):
        seen |= 1 << s[UP + seat]
        if face_up:
            seen |= s[EXTRAS + seat]
        if (fluxed >> seat) & 1:
            seen |= s[CARDS + seat] & ~s[EXTRAS + seat]
    count = 0
    for card in range(52):
        if not (seen >> card) & 1:
            s[UNSEEN + count] = _points(card)
            count += 1
    for seat in range(n):
        extras = s[EXTRAS + seat]
        shown_extras = extras if face_up else 0
        hidden = popcount(extras) - popcount(shown_extras)
        if (fluxed >> seat) & 1:
            known = (s[CARDS + seat] & ~extras) | shown_extras
        else:
            known = (1 << s[UP + seat]) | shown_extras
            hidden += 2
        s[SCORE + seat] = _mask_points(known) * 64 + hidden
    wins_stand = wins_ask = 0
    for _ in range(SAMPLES):
        mt_shuffle(mt, s, UNSEEN, count, variant)
        pos = 0
        best_other = 0
        for other in range(n):
            if other == me:
                continue
            packed = s[SCORE + other]
            total = packed >> 6
            end = pos + (packed & 63)
            while pos < end:
                if pos < count:
                    total += s[UNSEEN + pos]
                pos += 1
            if not s[STOOD + other]:
                for _ in range(12):
                    if total >= OPPONENT_STANDS_AT:
                        break
                    if pos < count:
                        total += s[UNSEEN + pos]
                    pos += 1
            if total <= 31 and total > best_other:
                best_other = total
        if my_point > best_other:
            wins_stand += 1
        drawn = my_point + (s[UNSEEN + pos] if pos < count else 0)
        if drawn <= 31 and drawn > best_other:
            wins_ask += 1
    return ASK if wins_ask > wins_stand else STAND


@njit(cache=True, _nrt=False)
def _bot_step(s, ledger, mt, variant, kind):
    """One action of the seat to play (or the chance's, kind 0): drawn from ``mt`` as the random
    bot draws it, or the heuristic bot's (its samples shuffled with ``mt``)."""
    if kind == HEURISTIC_BOT:
        apply(s, ledger, heuristic_action(s, mt, variant))
    else:
        _random_step(s, ledger, mt, variant)


@njit(cache=True, _nrt=False)
def _heuristic_step(s, ledger, mt, variant, knobs):
    """The heuristic bot's action (its default parameters; ``knobs`` unread), applied."""
    apply(s, ledger, heuristic_action(s, mt, variant))


@njit(cache=True, _nrt=False)
def _choices(s):
    return popcount(legal_mask(s))


HEURISTIC_KNOBS = ()
"""The heuristic bot's parameters a heuristic playout takes (:func:`heuristic_rollout`'s
``knobs``): none (:class:`academie.bots.belle_flux.HeuristicBelleFlux`'s ``samples`` and ``opponent_stands_at`` are not taken: the playout plays its defaults)."""


KERNEL = sys.modules[__name__]  # the rules go to academie.fast.driver as KERNEL.<name>, so as to be cached


@njit(cache=True, _nrt=False)
def _actor(s):
    """The seat to choose, -1 at a chance node (a card dealt or asked for)."""
    return -1 if s[PHASE] == DEALING or s[PHASE] == EXTRA else s[TURN]


@njit(cache=True, _nrt=False)
def _over(s):
    return s[PHASE] == OVER


@njit(cache=True, _nrt=False)
def _deal(s):
    return s[DEALNO]


@njit(cache=True, _nrt=False)
def _counters(s, seat):
    return s[COUNTERS + seat]


@njit(cache=True, _nrt=False)
def _end_counters(s, seat):
    return s[END_COUNTERS + seat]


@njit(cache=True, _nrt=False)
def _record(s, params, returns, stats):
    """Counters won per seat; the statistics."""
    for seat in range(s[NPL]):
        returns[seat] = s[COUNTERS + seat] - params[4]
    for i in range(6):
        stats[i] = s[STATS + i]


@njit(cache=True)
def heuristic_rollout(s, chance_seed, policy_seed, knobs, variant=0, first=-1):
    """The heuristic bot in every seat from ``s`` to the end of its deal, in place, after ``first``
    when it is an action (-1: none), seeded as :func:`academie.fast.driver.heuristic_rollout` says;
    ``knobs``: float64, shape ``(players, 0)``. Returns each seat's counters won from ``s`` as
    given to the end of the deal (before the next deal's stakes), as :func:`rollout`, then the
    number of actions the playout applied."""
    return driver.heuristic_rollout(s, s[NPL], chance_seed, policy_seed, knobs, variant, first, KERNEL._over,
                                    KERNEL._deal, KERNEL._counters, KERNEL._end_counters, KERNEL._actor,
                                    KERNEL._choices, KERNEL._random_step, KERNEL._heuristic_step, KERNEL.apply)


@njit(cache=True)
def rollout(s, rng_seed, variant=0):
    """Play uniform random choices (chance too, one generator seeded with ``rng_seed``) from
    ``s`` to the end of its deal, in place. Returns each seat's counters won in that time (up to
    the end of the deal, before the next deal's stakes)."""
    return driver.rollout(s, s[NPL], rng_seed, variant, KERNEL._over, KERNEL._deal, KERNEL._counters,
                          KERNEL._end_counters, KERNEL._random_step)


@njit(cache=True)
def new_state(params, ledger):
    """A match at its first chance node (its stakes recorded in ``ledger``); ``params``: players,
    step, deals (0: 10,000), stake, counters, then the flags tie eldest wins, flux carry adds the
    stake, ace high, one suit, stand is final, all bust nearest wins, whole rounds, the cards
    asked for dealt face up."""
    s = np.zeros(SIZE, dtype=np.int64)
    s[NPL], s[STEP], s[LIMIT], s[STAKE], s[COUNTERS0] = params[0], params[1], params[2], params[3], params[4]
    for i in range(7):
        s[TIE_ELDEST + i] = params[5 + i]
    s[FACE_UP] = params[12]
    for seat in range(params[0]):
        s[COUNTERS + seat] = params[4]
    start_deal(s, ledger)
    return s


@njit(cache=True)
def play_matches(params, seeds, variant):
    """Per match: counters won per seat, the statistics, the number of actions
    (:func:`academie.fast.driver.play_matches`)."""
    return driver.play_matches(params, seeds, variant, params[0], 6, KERNEL.new_state, KERNEL._actor,
                               KERNEL._over, KERNEL._random_step, KERNEL._record)


@njit(cache=True)
def play_bot_matches(params, seeds, variant, kinds):
    """:func:`play_matches` with the bots ``kinds`` (one per seat: :data:`RANDOM_BOT`,
    :data:`HEURISTIC_BOT`) in the seats: the matches ``simulate`` plays with those bots (both
    draw from their seat's generator)."""
    return driver.play_bot_matches(params, seeds, variant, kinds, 3, params[0], 6, KERNEL.new_state, KERNEL._actor,
                                   KERNEL._over, KERNEL._bot_step, KERNEL._record)


@njit(cache=True)
def play_deck_matches(params, decks, seeds, variant, kinds):
    """:func:`play_bot_matches` from stacked decks: match ``m`` deals ``decks[m, d]`` (int64
    card ids in the order they leave the pack, shape ``(matches, deals, pack)``) at deal ``d``,
    past which the chance's generator draws; the bots ``kinds[m]`` (shape ``(matches, players)``);
    seeds as :func:`play_matches`'s (both bots' seeds used: the heuristic bot draws its samples' shuffles). Actions -1: a match that needed more deals' decks
    (:func:`academie.fast.driver.play_deck_matches`)."""
    return driver.play_deck_matches(params, decks, seeds, variant, kinds, 3, params[0], 6, KERNEL.new_state,
                                    KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._deal, KERNEL.apply,
                                    KERNEL._record)


@njit(cache=True)
def random_deals(params, seed, deals):
    """Benchmark loop: ``deals`` random deals, matches one after another, one generator."""
    return driver.random_deals(params, seed, deals, KERNEL.new_state, KERNEL._over, KERNEL._deal,
                               KERNEL._random_step)


def legal_actions(s: np.ndarray) -> list[int]:
    """The legal actions of ``s`` as the pure engine lists them."""
    mask = int(legal_mask(s))
    return [b for b in range(54) if mask >> b & 1]


def account(account: int | str) -> int:
    """The kernel's account for a pure ledger's: a seat, or a basket."""
    return account if isinstance(account, int) else -1 - BASKETS.index(account)


def ledger_rows(entries) -> list[tuple[int, int, int, int, int]]:
    """Pure ledger entries as the kernel's rows: a stake is rule k, a win 3 + k (basket k)."""
    rows = []
    for e in entries:
        source, target = account(e.source), account(e.target)
        rule = -1 - source + 3 if source < 0 else -1 - target
        rows.append((e.deal, source, target, e.amount, rule))
    return rows


def from_state(state, params: np.ndarray) -> np.ndarray:
    """The kernel's array for a pure :class:`~academie.games.belle_flux.state.BelleFluxState`
    (``params``: :func:`academie.fast.belle_flux_params` of its options), e.g. a determinized
    sample for a rollout."""
    from academie.games.belle_flux import state as pure

    m = state.match
    n = m.num_players
    s = new_state(params, np.zeros((0, 5), dtype=np.int64))
    s[DEALNO], s[DEALER] = m.deal_number, m.dealer
    s[PHASE] = {pure.DEALING: DEALING, pure.REQUESTS: REQUESTS, pure.EXTRA: EXTRA, pure.OVER: OVER}[state.phase]
    s[TURN] = state.turn
    s[STOCK] = sum(1 << c for c in state.stock)
    s[ASKED] = int(state.asked_this_round)
    s[FLUXED] = sum(1 << seat for seat in state.fluxes)
    for k, basket in enumerate(BASKETS):
        s[POTS + k] = m.pots[basket]
    for i, name in enumerate(STAT_NAMES):
        s[STATS + i] = state.stats[name]
    for seat in range(n):
        s[CARDS + seat] = sum(1 << c for c in state._cards(seat))
        s[EXTRAS + seat] = sum(1 << c for c in state.extra[seat])
        s[UP + seat] = -1 if state.up[seat] is None else state.up[seat]
        s[STOOD + seat] = int(state.stood[seat])
        s[COUNTERS + seat] = m.counters[seat]
        if state.results:
            s[END_COUNTERS + seat] = state.results[-1].counters[seat]
    remaining = list(reversed(state.deal_queue))
    s[QPOS] = s[QLEN] - len(remaining)
    for i, (seat, face_up) in enumerate(remaining):
        s[QUEUE + s[QPOS] + i] = 2 * seat + int(face_up)
    pending = list(reversed(state.queue))
    for i, seat in enumerate(pending):
        s[REQ + i] = seat
    s[RPOS], s[RLEN] = 0, len(pending)
    s[LEDGER_N] = len(m.ledger.entries)
    return s


def compared(s: np.ndarray) -> np.ndarray:
    """``s`` with what may differ between two arrays of the same position zeroed or put in one
    form: the ledger's count, scratch, the deal's order already dealt, the seats already asked."""
    out = s.copy()
    out[LEDGER_N] = 0
    out[SCORE: SCORE + 12] = 0
    out[UNSEEN: UNSEEN + 52] = 0
    out[QUEUE: QUEUE + int(s[QPOS])] = 0
    pending = s[REQ + int(s[RPOS]): REQ + int(s[RLEN])].copy()
    out[REQ: REQ + 12] = 0
    out[REQ: REQ + len(pending)] = pending
    out[RPOS], out[RLEN] = 0, len(pending)
    return out
