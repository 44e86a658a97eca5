"""A compiled Trente et un (numba, hands as 52-bit masks): the same rules as
:mod:`academie.games.trente_et_un.state`, which stays the reference, for the options listed in
:func:`academie.fast.supports` (all but ``thirty_one_check='on_draw'``), 2 to 9 players.

A state is one ``int64`` array (:func:`new_state`; its fields are the offsets below). The stock
and the discard pile are kept in order (after a reshuffle the stock is the old pile, in its
order, and a card is drawn from it by its place, as the pure engine draws). Actions are the pure
engine's: a card id at a chance node, ``STOCK``, ``PILE``, ``KNOCK``, ``DISCARD + card``.
:func:`legal_mask` gives the legal actions as a mask: a card's bit (dealt, drawn or discarded),
bits 52, 53, 54 for ``STOCK``, ``PILE``, ``KNOCK``; the k-th set bit is the k-th of the pure
engine's ``legal_actions()``.
"""

from __future__ import annotations

import sys

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast import driver
from academie.fast.mt import mt_randbelow, mt_random
from academie.fast.reversis import kth_card, popcount

STOCK, PILE, KNOCK = 52, 53, 54
DISCARD = 64
DEALING, DRAW, STOCK_DRAW, DISCARDING, OVER = 0, 1, 2, 3, 4
ENDING_KNOCK, ENDING_STOCK, ENDING_THIRTY_ONE, ENDING_DEALT = 0, 1, 2, 3

NPL, STEP, LIVES0, DEALNO, DEALER, PHASE, TURN, KNOCKER, TURNS, PILE_CARD = range(10)
STOCK_N, PILE_N, WINNER, QPOS, QLEN, STOCK_MASK = range(10, 16)
BUS_NONE, BRELAN2, NO_KNOCK_FIRST, KNOCKER_TIE, KNOCKER_LOSES2, ALL_SAFE, ALL_OUT_ELIM, END_ROUND, FORBID_SAME = range(16, 25)
STATS = 25  # 4: rounds, knocks, thirty_ones, void_rounds
HANDS = 29  # 9 masks
LIVES = 38  # 9
OUT = 47  # 9
STOCK_CARDS = 56  # 52, in order
PILE_CARDS = 108  # 52, the top last
QUEUE = 160  # 28: the deal's order (-1: the up card)
LOSSES = 188  # 9, scratch
END_STANDING = 197  # 9: each seat's lives, plus one while not eliminated, when the last round ended
KNOWN = 206  # 9 masks: the cards each seat took from the pile and holds still (public: the view's ``known``)
OUT_DEAL = 215  # 9: 1 + the deal (0-based) each seat went out, as the pure lives log dates it (0: never)
SIZE = 224

STAT_NAMES = ("rounds", "knocks", "thirty_ones", "void_rounds")
KNOCKER_TIES = ("lose2", "safe", "lose1")


@njit(cache=True, _nrt=False)
def _mod(a, n):
    return ((a % n) + n) % n


@njit(cache=True, _nrt=False)
def next_seat(s, seat):
    """``Match.next_seat``: the next seat not eliminated, or -1."""
    n = s[NPL]
    for k in range(1, n + 1):
        c = _mod(seat + s[STEP] * k, n)
        if s[OUT + c] == 0:
            return c
    return -1


@njit(cache=True, _nrt=False)
def _active_count(s):
    count = 0
    for seat in range(s[NPL]):
        if s[OUT + seat] == 0:
            count += 1
    return count


@njit(cache=True, _nrt=False)
def _suit_points(hand, suit):
    """The points of ``hand``'s cards of ``suit`` (A 11, figures 10, else the number)."""
    total = 0
    bits = (hand >> (13 * suit)) & 0x1FFF
    while bits:
        r = popcount((bits & -bits) - 1)
        total += 11 if r == 12 else (10 if r >= 9 else r + 2)
        bits &= bits - 1
    return total


@njit(cache=True, _nrt=False)
def hand_value2(s, hand):
    """Twice the value of a three-card hand: its best suit (A 11, figures 10, else the number);
    with the brelan house rule, three of a rank are worth at least ``BRELAN2`` / 2."""
    best = 0
    for suit in range(4):
        total = _suit_points(hand, suit)
        if total > best:
            best = total
    best *= 2
    if s[BRELAN2] > 0 and popcount(hand) == 3:
        ranks = hand | (hand >> 13) | (hand >> 26) | (hand >> 39)
        if popcount(ranks & 0x1FFF) == 1 and s[BRELAN2] > best:
            return s[BRELAN2]
    return best


@njit(cache=True, _nrt=False)
def is_thirty_one(hand):
    if popcount(hand) != 3:
        return False
    for suit in range(4):
        bits = (hand >> (13 * suit)) & 0x1FFF
        if popcount(bits) == 3:
            total = 0
            while bits:
                r = popcount((bits & -bits) - 1)
                total += 11 if r == 12 else (10 if r >= 9 else r + 2)
                bits &= bits - 1
            return total == 31
    return False


@njit(cache=True, _nrt=False)
def start_deal(s):
    n = s[NPL]
    for seat in range(n):
        s[HANDS + seat] = 0
        s[KNOWN + seat] = 0
    for c in range(52):
        s[STOCK_CARDS + c] = c
    s[STOCK_N] = 52
    s[STOCK_MASK] = (1 << 52) - 1
    s[PILE_N] = 0
    s[KNOCKER] = -1
    s[TURNS] = 0
    s[PILE_CARD] = -1
    active = _active_count(s)
    seat = s[DEALER]
    for k in range(active):
        seat = next_seat(s, seat)
        for r in range(3):
            s[QUEUE + r * active + k] = seat
    s[QUEUE + 3 * active] = -1
    s[QLEN] = 3 * active + 1
    s[QPOS] = 0
    s[PHASE] = DEALING
    s[TURN] = next_seat(s, s[DEALER])


@njit(cache=True, _nrt=False)
def _take_from_stock(s, card):
    n = s[STOCK_N]
    j = 0
    for i in range(n):
        c = s[STOCK_CARDS + i]
        if c != card:
            s[STOCK_CARDS + j] = c
            j += 1
    s[STOCK_N] = j
    s[STOCK_MASK] &= ~(1 << card)


@njit(cache=True, _nrt=False)
def _may_knock(s):
    if s[KNOCKER] >= 0:
        return False
    if s[NO_KNOCK_FIRST] and s[TURNS] < _active_count(s):
        return False
    return True


@njit(cache=True, _nrt=False)
def legal_mask(s):
    phase = s[PHASE]
    if phase == DEALING or phase == STOCK_DRAW:
        return s[STOCK_MASK]
    if phase == DRAW:
        mask = 1 << PILE
        if s[STOCK_N] > 0:
            mask |= 1 << STOCK
        if _may_knock(s):
            mask |= 1 << KNOCK
        return mask
    if phase == DISCARDING:
        hand = s[HANDS + s[TURN]]
        if s[FORBID_SAME] and s[PILE_CARD] >= 0:
            hand &= ~(1 << s[PILE_CARD])
        return hand
    return 0


@njit(cache=True, _nrt=False)
def _end_deal(s, ending):
    """Lives lost (``LOSSES``), the bus, the void round, the winner; then the next deal."""
    n = s[NPL]
    remaining = 0
    # Work on LOSSES in place: after this loop it holds the new lives, and a seat's new
    # elimination is marked by 1000 + lives.
    for seat in range(n):
        count = s[LOSSES + seat]
        lives = s[LIVES + seat]
        out = s[OUT + seat]
        for _ in range(count):
            if lives > 0:
                lives -= 1
                if lives == 0 and s[BUS_NONE]:
                    out = 1
                    break
            else:
                out = 1
                break
        s[LOSSES + seat] = lives + (1000 if out else 0)
        if not out:
            remaining += 1
    void = remaining == 0 and s[ALL_OUT_ELIM] == 0
    s[STATS] += 1
    if ending == ENDING_THIRTY_ONE or ending == ENDING_DEALT:
        s[STATS + 2] += 1
    if void:
        s[STATS + 3] += 1
    else:
        for seat in range(n):
            v = s[LOSSES + seat]
            if v >= 1000 and s[OUT + seat] == 0:
                s[OUT_DEAL + seat] = 1 + s[DEALNO]
            s[OUT + seat] = 1 if v >= 1000 else 0
            s[LIVES + seat] = v - 1000 if v >= 1000 else v
    for seat in range(n):
        s[END_STANDING + seat] = s[LIVES + seat] + (1 - s[OUT + seat])
    if remaining <= 1 and not void:
        s[WINNER] = -1
        for seat in range(n):
            if s[OUT + seat] == 0:
                s[WINNER] = seat
        s[PHASE] = OVER
        return
    s[DEALNO] += 1
    if not void:
        s[DEALER] = next_seat(s, s[DEALER])
    start_deal(s)


@njit(cache=True, _nrt=False)
def _clear_losses(s):
    for seat in range(s[NPL]):
        s[LOSSES + seat] = 0


@njit(cache=True, _nrt=False)
def _check_dealt_thirty_one(s):
    seat = s[DEALER]
    first = -1
    holders = 0
    for _ in range(_active_count(s)):
        seat = next_seat(s, seat)
        if is_thirty_one(s[HANDS + seat]):
            holders |= 1 << seat
            if first < 0:
                first = seat
    if first < 0:
        return
    safe = holders if s[ALL_SAFE] else (1 << first)
    _clear_losses(s)
    for seat in range(s[NPL]):
        if s[OUT + seat] == 0 and not (safe >> seat) & 1:
            s[LOSSES + seat] = 1
    _end_deal(s, ENDING_DEALT)


@njit(cache=True, _nrt=False)
def _showdown(s, ending):
    n = s[NPL]
    low = 1 << 20
    for seat in range(n):
        if s[OUT + seat] == 0:
            v = hand_value2(s, s[HANDS + seat])
            if v < low:
                low = v
    _clear_losses(s)
    lowest = 0
    for seat in range(n):
        if s[OUT + seat] == 0 and hand_value2(s, s[HANDS + seat]) == low:
            s[LOSSES + seat] = 1
            lowest += 1
    knocker = s[KNOCKER]
    if knocker >= 0 and s[LOSSES + knocker] == 1:
        if lowest == 1:
            s[LOSSES + knocker] = 2
        else:
            tie = s[KNOCKER_TIE]
            s[LOSSES + knocker] = 2 if tie == 0 else (0 if tie == 1 else 1)
    _end_deal(s, ending)


@njit(cache=True, _nrt=False)
def _end_turn(s):
    s[TURNS] += 1
    s[PILE_CARD] = -1
    if s[STOCK_N] == 0:
        if s[END_ROUND] or s[PILE_N] < 2:
            _showdown(s, ENDING_STOCK)
            return
        top = s[PILE_CARDS + s[PILE_N] - 1]
        count = s[PILE_N] - 1
        mask = 0
        for i in range(count):
            c = s[PILE_CARDS + i]
            s[STOCK_CARDS + i] = c
            mask |= 1 << c
        s[STOCK_N] = count
        s[STOCK_MASK] = mask
        s[PILE_CARDS] = top
        s[PILE_N] = 1
    nxt = next_seat(s, s[TURN])
    if nxt == s[KNOCKER]:
        _showdown(s, ENDING_KNOCK)
        return
    s[TURN] = nxt
    s[PHASE] = DRAW


@njit(cache=True, _nrt=False)
def _discard(s, card):
    seat = s[TURN]
    s[HANDS + seat] &= ~(1 << card)
    s[KNOWN + seat] &= ~(1 << card)
    s[PILE_CARDS + s[PILE_N]] = card
    s[PILE_N] += 1
    if is_thirty_one(s[HANDS + seat]):
        _clear_losses(s)
        for other in range(s[NPL]):
            if s[OUT + other] == 0 and other != seat:
                s[LOSSES + other] = 1
        if s[KNOCKER] >= 0 and s[KNOCKER_LOSES2]:
            s[LOSSES + s[KNOCKER]] = 2
        _end_deal(s, ENDING_THIRTY_ONE)
    else:
        _end_turn(s)


@njit(cache=True, _nrt=False)
def apply(s, action):
    """Apply a legal ``action`` (not checked)."""
    phase = s[PHASE]
    if phase == DEALING:
        _take_from_stock(s, action)
        seat = s[QUEUE + s[QPOS]]
        if seat < 0:
            s[PILE_CARDS + s[PILE_N]] = action
            s[PILE_N] += 1
        else:
            s[HANDS + seat] |= 1 << action
        s[QPOS] += 1
        if s[QPOS] == s[QLEN]:
            s[PHASE] = DRAW
            _check_dealt_thirty_one(s)
    elif phase == STOCK_DRAW:
        _take_from_stock(s, action)
        s[HANDS + s[TURN]] |= 1 << action
        s[PHASE] = DISCARDING
    elif phase == DRAW:
        if action == STOCK:
            s[PILE_CARD] = -1
            s[PHASE] = STOCK_DRAW
        elif action == PILE:
            s[PILE_N] -= 1
            card = s[PILE_CARDS + s[PILE_N]]
            s[HANDS + s[TURN]] |= 1 << card
            s[KNOWN + s[TURN]] |= 1 << card
            s[PILE_CARD] = card
            s[PHASE] = DISCARDING
        else:
            s[KNOCKER] = s[TURN]
            s[STATS + 1] += 1
            _end_turn(s)
    elif phase == DISCARDING:
        _discard(s, action - DISCARD)


@njit(cache=True, _nrt=False)
def _random_step(s, mt, variant):
    phase = s[PHASE]
    if phase == DEALING or phase == STOCK_DRAW:
        # StockDrawState.sample_chance: the stock's card at a random place, in its order.
        apply(s, s[STOCK_CARDS + mt_randbelow(mt, s[STOCK_N], variant)])
        return
    mask = legal_mask(s)
    bit = kth_card(mask, mt_randbelow(mt, popcount(mask), variant))
    apply(s, DISCARD + bit if phase == DISCARDING else bit)


RANDOM_BOT, HEURISTIC_BOT = 0, 1
"""The bots a compiled match seats (``kinds`` of :func:`play_bot_matches`): the random bot, and
:class:`academie.bots.trente_et_un.HeuristicTrenteEtUn` with its default parameters (both draw
from their seat's generator: the random bot its choice, the heuristic bot its discards'
tie-breaks)."""
KNOCK_AT, KNOCK_FLOOR, CUT_AT, KNOCK_BY = 27.0, 21.0, 22.0, 20
"""The heuristic bot's default ``knock_at``, ``knock_floor``, ``cut_at`` (points) and
``knock_by`` (rounds)."""
COLLECTOR = 18
"""The points of one suit others are seen to collect from which the heuristic bot knocks on
``cut_at`` (its « un autre joueur collectionne »)."""


@njit(cache=True, _nrt=False)
def _card_points(card):
    r = card % 13
    return 11 if r == 12 else (10 if r >= 9 else r + 2)


@njit(cache=True, _nrt=False)
def _target_suit(hand):
    """``HeuristicTrenteEtUn.target_suit``: the suit of most points, an ace counting 2 more and
    two cards from the ten up 2 more; the first such suit on a tie."""
    best, best_score = 0, -1
    for suit in range(4):
        bits = (hand >> (13 * suit)) & 0x1FFF
        score = _suit_points(hand, suit) + 2 * ((bits >> 12) & 1) + (2 if popcount(bits >> 8) >= 2 else 0)
        if score > best_score:
            best, best_score = suit, score
    return best


@njit(cache=True, _nrt=False)
def _collected(s, seat):
    """``HeuristicTrenteEtUn.collected_suits`` read from the view's ``known``: a 4-bit mask of
    the suits the other seats still in are seen to collect, and the most points of one of them."""
    points0 = points1 = points2 = points3 = 0
    for other in range(s[NPL]):
        if other == seat or s[OUT + other]:
            continue
        known = s[KNOWN + other]
        points0 += _suit_points(known, 0)
        points1 += _suit_points(known, 1)
        points2 += _suit_points(known, 2)
        points3 += _suit_points(known, 3)
    suits = (1 if points0 else 0) | (2 if points1 else 0) | (4 if points2 else 0) | (8 if points3 else 0)
    return suits, max(max(points0, points1), max(points2, points3))


@njit(cache=True, _nrt=False)
def _discard_score(s, hand, card, target, suits):
    """``HeuristicTrenteEtUn._scores`` of discarding ``card`` from ``hand`` (four cards): the
    points kept, 0.05 a point of the target suit kept, less 0.4 a point of the card when its suit
    is collected — the same floating-point operations in the same order."""
    rest = hand & ~(1 << card)
    kept = hand_value2(s, rest) / 2.0
    penalty = 0.4 * _card_points(card) if (suits >> (card // 13)) & 1 else 0.0
    return kept + 0.05 * _suit_points(rest, target) - penalty


@njit(cache=True, _nrt=False)
def heuristic_action(s, mt):
    """:func:`heuristic_action_with` the default parameters (:data:`KNOCK_AT`, :data:`KNOCK_FLOOR`,
    :data:`CUT_AT`, :data:`KNOCK_BY`)."""
    return heuristic_action_with(s, mt, KNOCK_AT, KNOCK_FLOOR, CUT_AT, KNOCK_BY)


@njit(cache=True, _nrt=False)
def heuristic_action_with(s, mt, knock_at, knock_floor, cut_at, knock_by):
    """The action :class:`academie.bots.trente_et_un.HeuristicTrenteEtUn` with parameters
    ``knock_at``, ``knock_floor``, ``cut_at`` (points) and ``knock_by`` (rounds) chooses for the seat to play, read from what that seat's view holds only (its hand, the
    pile's top card, the cards others took from the pile, who is out, the turns taken, the legal
    actions); ``mt`` is its generator. To discard: the best score (:func:`_discard_score`) plus
    0.001 of a ``random()`` drawn for each legal discard in card order, the first best. To
    draw: a knock on the threshold (``knock_at`` falling 1.5 a round to ``knock_floor``), on
    ``cut_at`` against a collector, or once ``knock_by`` rounds are over; the pile's card when it improves the hand by more than a point (or
    at all in the target suit) and another card would go; else the stock (the pile when it is
    empty)."""
    seat = s[TURN]
    hand = s[HANDS + seat]
    legal = legal_mask(s)
    suits, collector = _collected(s, seat)
    if s[PHASE] == DISCARDING:
        target = _target_suit(hand)
        best, best_key = -1, 0.0
        bits = legal
        while bits:
            card = popcount((bits & -bits) - 1)
            key = _discard_score(s, hand, card, target, suits) + 0.001 * mt_random(mt)
            if best < 0 or key > best_key:
                best, best_key = card, key
            bits &= bits - 1
        return DISCARD + best
    value = hand_value2(s, hand) / 2.0
    if (legal >> KNOCK) & 1:
        rounds = s[TURNS] / max(_active_count(s), 1)
        threshold = max(knock_floor, knock_at - 1.5 * rounds)
        if value >= threshold or (collector >= COLLECTOR and value >= cut_at):
            return KNOCK
        if rounds >= knock_by:
            return KNOCK
    if (legal >> PILE) & 1 and s[PILE_N] > 0:
        up = s[PILE_CARDS + s[PILE_N] - 1]
        full = hand | (1 << up)
        # best_three over (*hand, up): the first best discard, the hand's cards before the up card
        with_up, up_discarded = -1.0, False
        bits = hand
        while bits:
            c = popcount((bits & -bits) - 1)
            v = hand_value2(s, full & ~(1 << c)) / 2.0
            if v > with_up:
                with_up = v
            bits &= bits - 1
        v = hand_value2(s, hand) / 2.0
        if v > with_up:
            with_up, up_discarded = v, True
        if not up_discarded and (with_up > value + 1 or (up // 13 == _target_suit(hand) and with_up > value)):
            target = _target_suit(full)
            kept_up = _discard_score(s, full, up, target, suits)
            bits = hand
            while bits:
                c = popcount((bits & -bits) - 1)
                if _discard_score(s, full, c, target, suits) > kept_up:
                    return PILE
                bits &= bits - 1
    return STOCK if (legal >> STOCK) & 1 else PILE


@njit(cache=True, _nrt=False)
def _bot_step(s, ledger, mt, variant, kind):
    """One action of the seat to play (or the chance's, kind 0): drawn from ``mt`` as the random
    bot draws it, or the heuristic bot's (its tie-breaks drawn from ``mt``)."""
    if kind == HEURISTIC_BOT:
        apply(s, heuristic_action(s, mt))
    else:
        _random_step(s, mt, variant)


@njit(cache=True, _nrt=False)
def _heuristic_step(s, ledger, mt, variant, knobs):
    """The heuristic bot's action with parameters ``knobs`` (:data:`HEURISTIC_KNOBS`' order)."""
    apply(s, heuristic_action_with(s, mt, knobs[0], knobs[1], knobs[2], knobs[3]))


@njit(cache=True, _nrt=False)
def _act(s, ledger, action):
    apply(s, action)


@njit(cache=True, _nrt=False)
def _choices(s):
    return popcount(legal_mask(s))


HEURISTIC_KNOBS = (("knock_at", KNOCK_AT), ("knock_floor", KNOCK_FLOOR), ("cut_at", CUT_AT), ("knock_by", KNOCK_BY))
"""The heuristic bot's parameters a heuristic playout takes (:func:`heuristic_rollout`'s
``knobs``, in this order), with their defaults: every parameter of
:class:`academie.bots.trente_et_un.HeuristicTrenteEtUn`."""


KERNEL = sys.modules[__name__]  # the rules go to academie.fast.driver as KERNEL.<name>, so as to be cached


# --- the rules the driver's loops play (academie.fast.driver); no payments, so no ledger --------
@njit(cache=True, _nrt=False)
def _step(s, ledger, mt, variant):
    _random_step(s, mt, variant)


@njit(cache=True)
def _new_state(params, ledger):
    return new_state(params)


@njit(cache=True, _nrt=False)
def _actor(s):
    """The seat to choose, -1 at a chance node (a card dealt or drawn from the stock)."""
    return -1 if s[PHASE] == DEALING or s[PHASE] == STOCK_DRAW else s[TURN]


@njit(cache=True, _nrt=False)
def _over(s):
    return s[PHASE] == OVER


@njit(cache=True, _nrt=False)
def _round(s):
    return s[STATS]


@njit(cache=True, _nrt=False)
def _standing(s, seat):
    """Lives, plus one while not eliminated."""
    return s[LIVES + seat] + (1 - s[OUT + seat])


@njit(cache=True, _nrt=False)
def _end_standing(s, seat):
    return s[END_STANDING + seat]


@njit(cache=True, _nrt=False)
def _record(s, params, returns, stats):
    """The winner (-1: none); the statistics."""
    returns[0] = s[WINNER]
    for i in range(4):
        stats[i] = s[STATS + i]


@njit(cache=True, _nrt=False)
def _deal_number(s):
    return s[DEALNO]


@njit(cache=True, _nrt=False)
def _deal_card(s, ledger, card):
    apply(s, card)


@njit(cache=True, _nrt=False)
def _deck_record(s, params, returns, stats):
    """The winner (-1: none), the deals reached, the deal each seat went out (-1: never); the
    statistics."""
    returns[0] = s[WINNER]
    returns[1] = s[DEALNO] + 1
    for seat in range(s[NPL]):
        returns[2 + seat] = s[OUT_DEAL + seat] - 1
    for i in range(4):
        stats[i] = s[STATS + i]


@njit(cache=True)
def rollout(s, rng_seed, variant=0):
    """Play uniform random choices (chance too, one generator seeded with ``rng_seed``) from
    ``s`` to the end of its round, in place. Returns each seat's change of standing in that
    time: lives, plus one while not eliminated (a life lost -1, an elimination on the bus -1)."""
    return driver.rollout(s, s[NPL], rng_seed, variant, KERNEL._over, KERNEL._round, KERNEL._standing,
                          KERNEL._end_standing, KERNEL._step)


@njit(cache=True)
def heuristic_rollout(s, chance_seed, policy_seed, knobs, variant=0, first=-1):
    """The heuristic bot in every seat from ``s`` to the end of its round, in place, after
    ``first`` when it is an action (-1: none), seeded as :func:`academie.fast.driver.heuristic_rollout`
    says; ``knobs``: float64, shape ``(players, 4)``, each seat's ``knock_at``, ``knock_floor``,
    ``cut_at``, ``knock_by``. Returns each seat's change of standing from ``s`` as given, as
    :func:`rollout`, then the number of actions the playout applied."""
    return driver.heuristic_rollout(s, s[NPL], chance_seed, policy_seed, knobs, variant, first, KERNEL._over,
                                    KERNEL._round, KERNEL._standing, KERNEL._end_standing, KERNEL._actor,
                                    KERNEL._choices, KERNEL._step, KERNEL._heuristic_step, KERNEL._act)


@njit(cache=True)
def new_state(params):
    """A match at its first chance node; ``params``: players, step, lives, bus none, brelan × 2
    (0: off), no knock in the first round, knocker tie (0 lose2, 1 safe, 2 lose1), knocker loses
    2 after a 31, all dealt 31s safe, all out eliminated, end the round on an empty stock,
    forbid the same discard."""
    s = np.zeros(SIZE, dtype=np.int64)
    s[NPL], s[STEP], s[LIVES0] = params[0], params[1], params[2]
    for i in range(9):
        s[BUS_NONE + i] = params[3 + i]
    for seat in range(params[0]):
        s[LIVES + seat] = params[2]
    s[WINNER] = -1
    start_deal(s)
    return s


@njit(cache=True)
def play_matches(params, seeds, variant):
    """As :func:`academie.fast.reversis.play_matches`: per match the winner (-1: none), the
    statistics and the number of actions."""
    winners, stats, actions = driver.play_matches(params, seeds, variant, 1, 4, KERNEL._new_state,
                                                  KERNEL._actor, KERNEL._over, KERNEL._step, KERNEL._record)
    return winners[:, 0].copy(), stats, actions


@njit(cache=True)
def play_bot_matches(params, seeds, variant, kinds):
    """:func:`play_matches` with the bots ``kinds`` (one per seat: :data:`RANDOM_BOT`,
    :data:`HEURISTIC_BOT`) in the seats: the matches ``simulate`` plays with those bots (both
    draw from their seat's generator)."""
    winners, stats, actions = driver.play_bot_matches(params, seeds, variant, kinds, 3, 1, 4, KERNEL._new_state,
                                                      KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._record)
    return winners[:, 0].copy(), stats, actions


@njit(cache=True)
def play_deck_matches(params, decks, seeds, variant, kinds):
    """:func:`play_bot_matches` from stacked decks: match ``m`` deals ``decks[m, d]`` (int64
    card ids in the order they leave the pack, shape ``(matches, deals, pack)``) at deal ``d``;
    past the pack (the stock made again from the pile), the chance's generator draws; the bots
    ``kinds[m]`` (shape ``(matches, players)``). Returns per match the winner (-1: none), the
    deals reached and the deal each seat went out (-1: never), in a row of ``2 + players``; the
    statistics; the actions (-1: a match that needed more deals' decks,
    :func:`academie.fast.driver.play_deck_matches`)."""
    return driver.play_deck_matches(params, decks, seeds, variant, kinds, 3, 2 + params[0], 4, KERNEL._new_state,
                                    KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._deal_number,
                                    KERNEL._deal_card, KERNEL._deck_record)


@njit(cache=True)
def random_rounds(params, seed, rounds):
    """Benchmark loop: ``rounds`` random rounds, matches one after another, one generator."""
    return driver.random_deals(params, seed, rounds, KERNEL._new_state, KERNEL._over, KERNEL._round,
                               KERNEL._step)


def legal_actions(s: np.ndarray) -> list[int]:
    """The legal actions of ``s`` as the pure engine lists them."""
    mask = int(legal_mask(s))
    base = DISCARD if int(s[PHASE]) == DISCARDING else 0
    return [base + b for b in range(55) if mask >> b & 1]


def from_state(state, params: np.ndarray) -> np.ndarray:
    """The kernel's array for a pure :class:`~academie.games.trente_et_un.state.TrenteEtUnState`
    (``params``: :func:`academie.fast.trente_et_un_params` of its options), e.g. a determinized
    sample for a rollout."""
    from academie.games.trente_et_un import state as pure

    m = state.match
    n = m.num_players
    s = new_state(params)
    s[DEALNO], s[DEALER] = m.deal_number, m.dealer
    s[PHASE] = {pure.DEALING: DEALING, pure.DRAW: DRAW, pure.STOCK_DRAW: STOCK_DRAW, pure.DISCARDING: DISCARDING,
                pure.OVER: OVER}[state.phase]
    s[TURN] = state.turn
    s[KNOCKER] = -1 if state.knocker is None else state.knocker
    s[TURNS] = state.turns_taken
    s[PILE_CARD] = -1 if state.pile_card is None else state.pile_card
    s[WINNER] = -1 if state.winner is None else state.winner
    s[STOCK_N], s[PILE_N] = len(state.stock), len(state.pile)
    s[STOCK_CARDS: STOCK_CARDS + len(state.stock)] = state.stock
    s[PILE_CARDS: PILE_CARDS + len(state.pile)] = state.pile
    s[STOCK_MASK] = sum(1 << c for c in state.stock)
    for i, name in enumerate(STAT_NAMES):
        s[STATS + i] = state.stats[name]
    for seat in range(n):
        s[HANDS + seat] = sum(1 << c for c in state.hands[seat])
        s[KNOWN + seat] = sum(1 << c for c in state.known[seat])
        s[LIVES + seat] = m.lives[seat]
        s[OUT + seat] = int(m.eliminated[seat])
    for entry in m.lives_log:
        if entry.kind == "out" and entry.seat is not None and s[OUT_DEAL + entry.seat] == 0:
            s[OUT_DEAL + entry.seat] = 1 + entry.deal
    s[QLEN] = 3 * len(m.active_seats()) + 1
    remaining = list(reversed(state.deal_queue))
    s[QPOS] = s[QLEN] - len(remaining)
    for i, seat in enumerate(remaining):
        s[QUEUE + s[QPOS] + i] = -1 if seat is None else seat
    if state.results:
        for seat in range(n):
            s[END_STANDING + seat] = s[LIVES + seat] + (1 - s[OUT + seat])
    return s


def compared(s: np.ndarray) -> np.ndarray:
    """``s`` with what may differ between two arrays of the same position zeroed: scratch, the
    deal's order already dealt (or past its end), the stock and pile past their cards."""
    out = s.copy()
    out[LOSSES: LOSSES + 9] = 0
    out[QUEUE: QUEUE + int(s[QPOS])] = 0
    out[QUEUE + int(s[QLEN]): QUEUE + 28] = 0
    out[STOCK_CARDS + int(s[STOCK_N]): STOCK_CARDS + 52] = 0
    out[PILE_CARDS + int(s[PILE_N]): PILE_CARDS + 52] = 0
    return out
