"""A compiled Guinguette (numba, hands as 52-bit masks): the same rules as
:mod:`academie.games.guinguette.state`, which stays the reference, for every option, 3 to 8
players. The game is a reconstruction (the Larousse's « Guinguette » is cut off mid-article):
the kernel plays our reconstruction as the pure engine does, no more.

A state is one ``int64`` array (:func:`new_state`; fields at the offsets below). Actions are the
pure engine's: a card id at a chance node (the deal, the draw after « je remue le cotillon »),
``STIR + card`` to give a card up, the words ``STAY`` … ``RENVI`` (60 to 67). The stock is kept
as the pure engine's list, in its order (a chance outcome is drawn by its place in it).
:func:`legal_mask` gives the legal actions as one mask: bit ``52 + (word - 60)`` for a word,
bit ``c`` for card ``c`` (drawn, or given up); the pure engine's ``legal_actions()`` lists the
words first, then the cards, each in ascending order (:func:`legal_actions`). Payments are
recorded in ``ledger`` (rows ``deal, source, target, amount, rule``; accounts: a seat, ``-1 - k``
for basket k of :data:`BASKETS`; rules: the ``RULE_*`` codes) while it has room. :func:`from_state`
gives the array of a pure state (a determinized world), :func:`rollout` and
:func:`heuristic_rollout` play it to the end of its deal (the playouts of
:class:`academie.bots.ismcts.ISMCTSBot`).
"""

from __future__ import annotations

import sys

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast import driver
from academie.fast.mt import mt_randbelow
from academie.fast.reversis import kth_card, popcount

STIR = 100
STAY, PASS, HOLD, DROP, DEMI_SEPTIER, CHOPINE, PINTE, RENVI = range(60, 68)
WORD_BIT = 52
CARDS = (1 << 52) - 1
BASKETS = ("guinguette", "cabaret", "cotillon")
DEAL, STIRRING, RENVI_PHASE, COTILLON, CABARET, OVER = range(6)
GUINGUETTE = 26 + 10  # Q♦: [004] « La guinguette est la dame de carreau »
STIR_FEE = 2  # [Adpoker] « je remue le cotillon »: two counters in the cotillon basket
HAND = 4  # [Adpoker] four cards each, two at a time
STIR_AGAIN, RENVI_RAISE, RENVI_OFF = 0, 1, 2

RULE_STAKE, RULE_GUINGUETTE, RULE_STIR, RULE_STIR_AGAIN, RULE_HOLD = 1, 2, 3, 4, 5
RULE_RENVI, RULE_RAISE, RULE_CABARET, RULE_CABARET_LAST, RULE_COTILLON = 6, 7, 8, 9, 10
RULES = {
    RULE_STAKE: "stake in a basket", RULE_GUINGUETTE: "the guinguette basket", RULE_STIR: "« je remue le cotillon »",
    RULE_STIR_AGAIN: "a second stir", RULE_HOLD: "holding a raise", RULE_RENVI: "« renvier le cotillon », a raise",
    RULE_RAISE: "a raise of the cabaret", RULE_CABARET: "the cabaret to the best tierce",
    RULE_CABARET_LAST: "the cabaret to the last one in", RULE_COTILLON: "the cotillon to the best count",
}

# params: players, deals, counters, guinguette stake, basket stake, then the readings
NPL, DEALS, COUNTERS0, G_STAKE, B_STAKE = range(5)
WHEN_DEAL, INTO_COTILLON, RENVI_RULE, SUIT_POINT, STIRRERS_ONLY, TIES_CARRY, SUITED, BRIDGE, DEBT = range(5, 14)
DEALNO, DEALER, PHASE, TURN, PACK, STOCK_N, DQ_POS, DRAW_FOR, Q_HEAD, Q_LEN = range(14, 24)
LEVEL, RAISED, IN_CABARET, IN_COTILLON, RAISERS, SHOWN, TAKEN, LEDGER_N = range(24, 32)
POTS = 32  # 3
STATS = 35  # 9
HANDS = 44  # 8
COUNTERS = 52  # 8
STIRS = 60  # 8
PUT = 68  # 8
QUEUE = 76  # 8: the seats still to speak (from Q_HEAD to Q_LEN)
DEAL_QUEUE = 84  # 32: the seat of each card dealt
STOCK = 116  # 52: the stock, in the pure engine's order
END_COUNTERS = 168  # 8: counters when the last deal ended, before the next one's stakes
SIZE = END_COUNTERS + 8

STAT_NAMES = ("deals", "stirs", "renvis", "raises", "drops", "guinguette_carried", "cabaret_carried",
              "cotillon_carried", "cabaret_unseen")


@njit(cache=True, _nrt=False)
def _order_seat(s, k):
    """The ``k``-th seat (0-based) from the dealer's right (the eldest) to the dealer."""
    n = s[NPL]
    return ((s[DEALER] - (k + 1)) % n + n) % n


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
def _take_pot(s, ledger, basket, seat, rule):
    _pay(s, ledger, -1 - basket, seat, s[POTS + basket], rule)


@njit(cache=True, _nrt=False)
def order_rank(card):
    """A card's rank from 1 (ace) to 13 (king): [004] « les as ne valent qu'un point, et sont
    les moindres cartes du jeu »."""
    r = card % 13
    return 1 if r == 12 else r + 2


@njit(cache=True, _nrt=False)
def _points(card):
    """A card's count: ace 1, figures 10, others their number."""
    r = order_rank(card)
    return 10 if r >= 11 else r


@njit(cache=True, _nrt=False)
def _runs_top(ranks, pack, bridge):
    """The top of the best tierce in a mask of ranks (bit r for rank r), 0 for none."""
    for top in range(11, 2, -1):
        if (ranks >> top) & 1 and (ranks >> (top - 1)) & 1 and (ranks >> (top - 2)) & 1:
            if pack == 52 or top - 2 >= 6:
                return top
    if pack == 36 and bridge and (ranks >> 1) & 1 and (ranks >> 6) & 1 and (ranks >> 7) & 1:
        return 7
    return 0


@njit(cache=True, _nrt=False)
def tierce(hand, pack, bridge, suited):
    """:func:`academie.games.guinguette.rules.tierce` of a hand mask: the top rank (3 to 11) of
    its best tierce, 0 for none."""
    best = 0
    if suited:
        for suit in range(4):
            ranks = 0
            bits = (hand >> (13 * suit)) & 0x1FFF
            while bits:
                c = popcount((bits & -bits) - 1)
                ranks |= 1 << order_rank(c)
                bits &= bits - 1
            top = _runs_top(ranks, pack, bridge)
            if top > best:
                best = top
        return best
    ranks = 0
    bits = hand
    while bits:
        c = popcount((bits & -bits) - 1)
        ranks |= 1 << order_rank(c)
        bits &= bits - 1
    return _runs_top(ranks, pack, bridge)


@njit(cache=True, _nrt=False)
def count(hand):
    """The count of a hand mask (ace 1, figures 10, others their number)."""
    total = 0
    bits = hand
    while bits:
        total += _points(popcount((bits & -bits) - 1))
        bits &= bits - 1
    return total


@njit(cache=True, _nrt=False)
def suit_point(hand):
    """The highest count of one suit's cards of a hand mask."""
    best = 0
    for suit in range(4):
        total = count(hand & (0x1FFF << (13 * suit)))
        if total > best:
            best = total
    return best


@njit(cache=True, _nrt=False)
def _affords(s, seat, amount):
    return s[DEBT] != 0 or s[COUNTERS + seat] >= amount


@njit(cache=True, _nrt=False)
def _stir_fee(s):
    return STIR_FEE * (2 if s[PHASE] == RENVI_PHASE else 1)


@njit(cache=True, _nrt=False)
def drawing(s):
    return s[PHASE] == DEAL or s[DRAW_FOR] >= 0


@njit(cache=True, _nrt=False)
def _stakes(s):
    return s[G_STAKE] + 2 * s[B_STAKE]


@njit(cache=True, _nrt=False)
def start_deal(s, ledger):
    n = s[NPL]
    if s[DEALNO] >= s[DEALS]:
        s[PHASE] = OVER
        return
    if s[DEBT] == 0:
        for seat in range(n):
            if s[COUNTERS + seat] < _stakes(s):  # GU14 'end': a player cannot pay his stakes
                s[PHASE] = OVER
                return
    for k in range(n):
        _pay(s, ledger, _order_seat(s, k), -1, s[G_STAKE], RULE_STAKE)
    for k in range(n):
        seat = _order_seat(s, k)
        _pay(s, ledger, seat, -2, s[B_STAKE], RULE_STAKE)
        _pay(s, ledger, seat, -3, s[B_STAKE], RULE_STAKE)
    for seat in range(n):
        s[HANDS + seat] = 0
        s[STIRS + seat] = 0
        s[PUT + seat] = 0
    low = 4 if s[PACK] == 36 else 0  # the pack suit by suit, the ace first (pack_for)
    i = 0
    for suit in range(4):
        s[STOCK + i] = 13 * suit + 12
        i += 1
        for r in range(low, 12):
            s[STOCK + i] = 13 * suit + r
            i += 1
    s[STOCK_N] = i
    pos = 0
    for _ in range(2):
        for k in range(n):
            for _ in range(2):
                s[DEAL_QUEUE + pos] = _order_seat(s, k)
                pos += 1
    s[DQ_POS] = 0
    s[DRAW_FOR] = -1
    s[Q_HEAD] = 0
    s[Q_LEN] = 0
    s[LEVEL] = 0
    s[RAISED] = 0
    s[IN_CABARET] = (1 << n) - 1
    s[IN_COTILLON] = (1 << n) - 1
    s[RAISERS] = 0
    s[SHOWN] = -1
    s[TAKEN] = -1
    s[PHASE] = DEAL
    s[TURN] = _order_seat(s, 0)


@njit(cache=True, _nrt=False)
def _speaks(s, seat):
    """Whether ``seat`` has a choice now (a seat with none is passed over)."""
    phase = s[PHASE]
    if phase == STIRRING or phase == RENVI_PHASE:
        return (s[STOCK_N] > 0 or s[INTO_COTILLON] != 0) and _affords(s, seat, _stir_fee(s))
    contest = s[IN_CABARET] if phase == CABARET else s[IN_COTILLON]
    if popcount(contest) < 2 or not (contest >> seat) & 1:
        return False
    if s[PUT + seat] < s[LEVEL]:
        return True
    if not (s[RAISERS] >> seat) & 1 or (s[RAISED] >> seat) & 1:
        return False
    return _affords(s, seat, STIR_FEE if phase == COTILLON else 1)


@njit(cache=True, _nrt=False)
def _open_betting(s, phase, raisers, queue_mask):
    """A round of raises on ``phase``'s basket: the ``queue_mask`` seats speak from the eldest."""
    n = s[NPL]
    s[PHASE] = phase
    s[LEVEL] = 0
    s[RAISED] = 0
    for seat in range(n):
        s[PUT + seat] = 0
    s[RAISERS] = raisers
    _queue_in_order(s, queue_mask)


@njit(cache=True, _nrt=False)
def _queue_in_order(s, mask):
    length = 0
    for k in range(s[NPL]):
        seat = _order_seat(s, k)
        if (mask >> seat) & 1:
            s[QUEUE + length] = seat
            length += 1
    s[Q_HEAD] = 0
    s[Q_LEN] = length


@njit(cache=True, _nrt=False)
def _best(s, seats, score_kind):
    """The winner among the ``seats`` mask of the best tierce (``score_kind`` 0) or count (1),
    with the ties (GU10): -1 when nobody wins."""
    best = 0
    winner = -1
    tied = 0
    pack = s[PACK]
    for k in range(s[NPL]):
        seat = _order_seat(s, k)
        if not (seats >> seat) & 1:
            continue
        hand = s[HANDS + seat]
        if score_kind == 0:
            v = tierce(hand, pack, s[BRIDGE] != 0, s[SUITED] != 0)
        else:
            v = suit_point(hand) if s[SUIT_POINT] else count(hand)
        if winner < 0 or v > best:
            best, winner, tied = v, seat, 1
        elif v == best:
            tied += 1
    if best <= 0:
        return -1
    if tied > 1 and s[TIES_CARRY]:
        return -1
    return winner


@njit(cache=True, _nrt=False)
def _holder(s, card):
    for k in range(s[NPL]):
        seat = _order_seat(s, k)
        if (s[HANDS + seat] >> card) & 1:
            return seat
    return -1


@njit(cache=True, _nrt=False)
def _showdown(s, ledger):
    n = s[NPL]
    # GU5 (our reconstruction): the Q♦'s holder at the showdown; [004] « La guinguette est la dame de carreau »
    if s[WHEN_DEAL] == 0:
        holder = _holder(s, GUINGUETTE)
        if holder >= 0:
            _take_pot(s, ledger, 0, holder, RULE_GUINGUETTE)
        else:
            s[STATS + 5] += 1
    contest = s[IN_CABARET]
    if popcount(contest) == 1:
        seat = popcount((contest & -contest) - 1)
        s[STATS + 8] += 1
        _take_pot(s, ledger, 1, seat, RULE_CABARET_LAST)
    else:
        seat = _best(s, contest, 0)
        if seat >= 0:
            _take_pot(s, ledger, 1, seat, RULE_CABARET)
        else:
            s[STATS + 6] += 1
    contest = s[IN_COTILLON]
    if contest == 0:
        seat = -1
    elif popcount(contest) == 1:
        seat = popcount((contest & -contest) - 1)
    else:
        seat = _best(s, contest, 1)
    if seat >= 0:
        _take_pot(s, ledger, 2, seat, RULE_COTILLON)
    else:
        s[STATS + 7] += 1
    for x in range(n):
        s[END_COUNTERS + x] = s[COUNTERS + x]
    s[STATS] += 1
    s[DEALNO] += 1
    s[DEALER] = ((s[DEALER] - 1) % n + n) % n
    start_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _next(s, ledger):
    """The next seat to speak; at the end of a round, the next round (the renvi, the cotillon's
    raises, the cabaret's), or the showdown and the next deal."""
    while True:
        while s[Q_HEAD] < s[Q_LEN]:
            seat = s[QUEUE + s[Q_HEAD]]
            s[Q_HEAD] += 1
            if _speaks(s, seat):
                s[TURN] = seat
                return
        phase = s[PHASE]
        stirrers = 0
        for seat in range(s[NPL]):
            if s[STIRS + seat]:
                stirrers |= 1 << seat
        if phase == STIRRING:
            if s[STIRRERS_ONLY]:
                s[IN_COTILLON] = stirrers  # GU9
            if s[RENVI_RULE] == STIR_AGAIN and stirrers:
                s[PHASE] = RENVI_PHASE
                _queue_in_order(s, stirrers)
                continue
            if s[RENVI_RULE] == RENVI_RAISE and stirrers:
                _open_betting(s, COTILLON, stirrers, stirrers & s[IN_COTILLON])
                continue
        if phase == STIRRING or phase == RENVI_PHASE or phase == COTILLON:
            _open_betting(s, CABARET, (1 << s[NPL]) - 1, (1 << s[NPL]) - 1)
            continue
        _showdown(s, ledger)
        return


@njit(cache=True, _nrt=False)
def _after_deal(s, ledger):
    if s[WHEN_DEAL]:
        holder = _holder(s, GUINGUETTE)
        if holder >= 0:
            s[SHOWN] = holder
            _take_pot(s, ledger, 0, holder, RULE_GUINGUETTE)
        else:
            s[STATS + 5] += 1
    s[PHASE] = STIRRING
    _queue_in_order(s, (1 << s[NPL]) - 1)
    _next(s, ledger)


@njit(cache=True, _nrt=False)
def legal_mask(s):
    """The legal actions as a mask: bit ``52 + word - 60`` for a word, bit ``c`` for a card (at
    a chance node, the stock's; in the stirring, ``STIR + c``)."""
    phase = s[PHASE]
    if drawing(s):
        mask = 0
        for i in range(s[STOCK_N]):
            mask |= 1 << s[STOCK + i]
        return mask
    if phase == OVER:
        return 0
    seat = s[TURN]
    if phase == STIRRING or phase == RENVI_PHASE:
        stay = 1 << (WORD_BIT + STAY - 60)
        if not _affords(s, seat, _stir_fee(s)):
            return stay
        hand = s[HANDS + seat]
        if s[SHOWN] == seat:
            hand &= ~(1 << GUINGUETTE)
        return stay | hand
    to_hold = s[LEVEL] - s[PUT + seat]
    if to_hold > 0:
        if _affords(s, seat, to_hold):
            words = (1 << (HOLD - 60)) | (1 << (DROP - 60))
        else:
            words = 1 << (DROP - 60)
    else:
        words = 1 << (PASS - 60)
    if (s[RAISERS] >> seat) & 1 and not (s[RAISED] >> seat) & 1:
        if phase == COTILLON:
            if _affords(s, seat, to_hold + STIR_FEE):
                words |= 1 << (RENVI - 60)
        else:
            if _affords(s, seat, to_hold + 1):
                words |= 1 << (DEMI_SEPTIER - 60)
            if _affords(s, seat, to_hold + 2):
                words |= 1 << (CHOPINE - 60)
            if _affords(s, seat, to_hold + 4):
                words |= 1 << (PINTE - 60)
    return words << WORD_BIT


@njit(cache=True, _nrt=False)
def _bet(s, ledger, seat, action):
    phase = s[PHASE]
    basket = 1 if phase == CABARET else 2
    field = IN_CABARET if phase == CABARET else IN_COTILLON
    to_hold = s[LEVEL] - s[PUT + seat]
    if action == HOLD:
        _pay(s, ledger, seat, -1 - basket, to_hold, RULE_HOLD)
        s[PUT + seat] = s[LEVEL]
    elif action == DROP:
        s[field] &= ~(1 << seat)
        s[STATS + 4] += 1
    elif action != PASS:
        if action == RENVI:
            by, rule = STIR_FEE, RULE_RENVI
        else:  # [Adpoker] the demi-septier, the chopine and the pinte: 1, 2 and 4 counters
            by, rule = (1 if action == DEMI_SEPTIER else (2 if action == CHOPINE else 4)), RULE_RAISE
        _pay(s, ledger, seat, -1 - basket, to_hold + by, rule)
        s[LEVEL] += by
        s[PUT + seat] = s[LEVEL]
        s[RAISED] |= 1 << seat
        s[STATS + 3] += 1
        # the others still in, from the raiser's right round to his left
        n = s[NPL]
        k0 = 0
        for k in range(n):
            if _order_seat(s, k) == seat:
                k0 = k
        length = 0
        for j in range(1, n):
            other = _order_seat(s, (k0 + j) % n)
            if (s[field] >> other) & 1:
                s[QUEUE + length] = other
                length += 1
        s[Q_HEAD] = 0
        s[Q_LEN] = length
    _next(s, ledger)


@njit(cache=True, _nrt=False)
def apply(s, ledger, action):
    """Apply a legal ``action`` (not checked)."""
    if drawing(s):
        n_stock = s[STOCK_N]
        found = False
        for i in range(n_stock):
            if found:
                s[STOCK + i - 1] = s[STOCK + i]
            elif s[STOCK + i] == action:
                found = True
        s[STOCK_N] = n_stock - 1
        if s[PHASE] == DEAL:
            seat = s[DEAL_QUEUE + s[DQ_POS]]
            s[DQ_POS] += 1
            s[HANDS + seat] |= 1 << action
            if s[DQ_POS] == HAND * s[NPL]:  # the rest is the cotillon (the stock)
                _after_deal(s, ledger)
        else:
            s[HANDS + s[DRAW_FOR]] |= 1 << action
            s[DRAW_FOR] = -1
            _next(s, ledger)
        return
    seat = s[TURN]
    if action >= STIR:
        card = action - STIR
        again = s[PHASE] == RENVI_PHASE
        fee = _stir_fee(s)
        if again:
            s[STATS + 2] += 1
        else:
            s[STATS + 1] += 1
        _pay(s, ledger, seat, -3, fee, RULE_STIR_AGAIN if again else RULE_STIR)
        s[HANDS + seat] &= ~(1 << card)
        if s[INTO_COTILLON]:
            s[STOCK + s[STOCK_N]] = card
            s[STOCK_N] += 1
        s[STIRS + seat] += 1
        s[DRAW_FOR] = seat
        return
    if action == STAY:
        _next(s, ledger)
        return
    _bet(s, ledger, seat, action)


@njit(cache=True, _nrt=False)
def kth_action(s, mask, k):
    """The ``k``-th (0-based) of the legal actions of ``mask`` in the pure engine's order: the
    words, then the cards."""
    words = mask >> WORD_BIT
    nw = popcount(words)
    if k < nw:
        return 60 + kth_card(words, k)
    card = kth_card(mask & CARDS, k - nw)
    return card if drawing(s) else STIR + card


@njit(cache=True, _nrt=False)
def _random_step(s, ledger, mt, variant):
    if drawing(s):  # the pure engine: self.stock[rng.randrange(len(self.stock))]
        apply(s, ledger, s[STOCK + mt_randbelow(mt, s[STOCK_N], variant)])
        return
    mask = legal_mask(s)
    apply(s, ledger, kth_action(s, mask, mt_randbelow(mt, popcount(mask), variant)))


RANDOM_BOT, HEURISTIC_BOT = 0, 1
"""The bots a compiled match seats (``kinds`` of :func:`play_bot_matches`): the random bot, and
:class:`academie.bots.guinguette.HeuristicGuinguette`."""


@njit(cache=True, _nrt=False)
def _helps(card, hand, suited):
    """``HeuristicGuinguette._helps``: the cards of ``hand`` near ``card`` below the queen."""
    if card == GUINGUETTE:
        return 100
    rank = order_rank(card)
    if rank >= 12:
        return 0
    total = 0
    bits = hand & ~(1 << card)
    while bits:
        c = popcount((bits & -bits) - 1)
        bits &= bits - 1
        if suited and c // 13 != card // 13:
            continue
        r = order_rank(c)
        d = r - rank if r > rank else rank - r
        if r < 12 and 0 < d <= 2:
            total += 1
    return total


@njit(cache=True, _nrt=False)
def heuristic_action(s):
    """The action :class:`academie.bots.guinguette.HeuristicGuinguette` chooses for the seat to
    speak (it draws nothing): it never gives up the Q♦; it stays with a tierce, stirs for a draw
    to one (giving up the card that helps least, then the lowest count, then the lowest card) or
    with a count below 24, stirs again only for a draw; it raises the cabaret by the top of its
    tierce, holds with one and drops without; at the cotillon's raise it raises with a count of
    30, holds with 24."""
    mask = legal_mask(s)
    if popcount(mask) == 1:
        return kth_action(s, mask, 0)
    seat = s[TURN]
    hand = s[HANDS + seat]
    words = mask >> WORD_BIT
    suited = s[SUITED] != 0
    top = tierce(hand, s[PACK], s[BRIDGE] != 0, suited)
    if (words >> (STAY - 60)) & 1:
        if top:
            return STAY
        draw = False
        bits = hand & ~(1 << GUINGUETTE)
        while bits:
            c = popcount((bits & -bits) - 1)
            bits &= bits - 1
            if _helps(c, hand, suited) >= 1:
                draw = True
        if not draw and (s[PHASE] == RENVI_PHASE or count(hand) >= 24):
            return STAY
        cards = mask & CARDS & ~(1 << GUINGUETTE)
        if cards == 0:
            return STAY
        worst = -1
        wkey = 0
        bits = cards
        while bits:
            c = popcount((bits & -bits) - 1)
            bits &= bits - 1
            key = _helps(c, hand, suited) * 10000 + _points(c) * 100 + c
            if worst < 0 or key < wkey:
                worst, wkey = c, key
        return STIR + worst
    hold = (words >> (HOLD - 60)) & 1
    if (words >> (RENVI - 60)) & 1 or (hold and s[PHASE] == COTILLON):
        points = count(hand)
        if (words >> (RENVI - 60)) & 1 and points >= 30:
            return RENVI
        if hold:
            return HOLD if points >= 24 else DROP
        return PASS
    if top:
        if (s[RAISED] >> seat) & 1:
            return HOLD if hold else PASS
        want = PINTE if top >= 11 else (CHOPINE if top >= 9 else DEMI_SEPTIER)
        if (words >> (want - 60)) & 1 and (not hold or top >= 10):
            return want
        return HOLD if hold else PASS
    if hold:
        return DROP
    return PASS


@njit(cache=True, _nrt=False)
def _bot_step(s, ledger, mt, variant, kind):
    """One action of the seat to speak (or the chance's, kind 0): drawn from ``mt`` as the random
    bot draws it, or the heuristic bot's."""
    if kind == HEURISTIC_BOT and not drawing(s):
        apply(s, ledger, heuristic_action(s))
    else:
        _random_step(s, ledger, mt, variant)


@njit(cache=True, _nrt=False)
def _heuristic_step(s, ledger, mt, variant, knobs):
    """The heuristic bot's action (it takes no parameters; ``knobs`` unread), applied."""
    apply(s, ledger, heuristic_action(s))


@njit(cache=True, _nrt=False)
def _choices(s):
    return popcount(legal_mask(s))


HEURISTIC_KNOBS = ()
"""The heuristic bot's parameters a heuristic playout takes (:func:`heuristic_rollout`'s
``knobs``): none (:class:`academie.bots.guinguette.HeuristicGuinguette` takes none)."""


KERNEL = sys.modules[__name__]  # the rules go to academie.fast.driver as KERNEL.<name>, so as to be cached


@njit(cache=True, _nrt=False)
def _actor(s):
    """The seat to choose, -1 at a chance node (the deal, a draw)."""
    return -1 if drawing(s) else s[TURN]


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
        returns[seat] = s[COUNTERS + seat] - params[COUNTERS0]
    for i in range(9):
        stats[i] = s[STATS + i]


@njit(cache=True)
def heuristic_rollout(s, chance_seed, policy_seed, knobs, variant=0, first=-1):
    """The heuristic bot in every seat from ``s`` to the end of its deal, in place, after ``first``
    when it is an action (-1: none), seeded as :func:`academie.fast.driver.heuristic_rollout` says
    (the deal and the draws from the stock by their place in it, as the pure engine draws them);
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
    """A match at its first chance node (its stakes recorded in ``ledger``); ``params``
    (:func:`academie.fast.guinguette_params`): players, deals, counters, the guinguette's stake,
    the other baskets' stake, then the readings: the guinguette taken at the deal, a card given
    up into the cotillon, the renvi (0 stir again, 1 raise, 2 off), the cotillon by suit point,
    the cotillon to the stirrers only, ties carry, tierces of one suit, A-6-7 a tierce, debts."""
    s = np.zeros(SIZE, dtype=np.int64)
    for i in range(14):
        s[i] = params[i]
    n = params[NPL]
    s[PACK] = 36 if n <= 4 else 52
    for seat in range(n):
        s[COUNTERS + seat] = params[COUNTERS0]
        s[END_COUNTERS + seat] = params[COUNTERS0]
    s[DRAW_FOR] = -1
    start_deal(s, ledger)
    return s


@njit(cache=True)
def play_matches(params, seeds, variant):
    """Per match: counters won per seat, the statistics, the number of actions
    (:func:`academie.fast.driver.play_matches`)."""
    return driver.play_matches(params, seeds, variant, params[0], 9, KERNEL.new_state, KERNEL._actor,
                               KERNEL._over, KERNEL._random_step, KERNEL._record)


@njit(cache=True)
def play_bot_matches(params, seeds, variant, kinds):
    """:func:`play_matches` with the bots ``kinds`` (one per seat: :data:`RANDOM_BOT`,
    :data:`HEURISTIC_BOT`) in the seats (a heuristic bot draws nothing: its seed is not used)."""
    return driver.play_bot_matches(params, seeds, variant, kinds, 1, params[0], 9, KERNEL.new_state, KERNEL._actor,
                                   KERNEL._over, KERNEL._bot_step, KERNEL._record)


@njit(cache=True)
def play_deck_matches(params, decks, seeds, variant, kinds):
    """:func:`play_bot_matches` from stacked decks: match ``m`` deals ``decks[m, d]`` (int64
    card ids in the order they leave the pack, shape ``(matches, deals, pack)``) at deal ``d``,
    past which the chance's generator draws; the bots ``kinds[m]`` (shape ``(matches, players)``);
    seeds as :func:`play_matches`'s. Actions -1: a match that needed more deals' decks
    (:func:`academie.fast.driver.play_deck_matches`)."""
    return driver.play_deck_matches(params, decks, seeds, variant, kinds, 1, params[0], 9, KERNEL.new_state,
                                    KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._deal, KERNEL.apply,
                                    KERNEL._record)


@njit(cache=True)
def random_deals(params, seed, deals):
    """Benchmark loop: ``deals`` random deals, matches one after another, one generator."""
    return driver.random_deals(params, seed, deals, KERNEL.new_state, KERNEL._over, KERNEL._deal,
                               KERNEL._random_step)


def legal_actions(s: np.ndarray) -> list[int]:
    """The legal actions of ``s`` as the pure engine lists them (the words, then the cards)."""
    mask = int(legal_mask(s))
    base = 0 if drawing(s) else STIR
    return [60 + w for w in range(8) if mask >> (WORD_BIT + w) & 1] + [base + c for c in range(52) if mask >> c & 1]


def stock(s: np.ndarray) -> list[int]:
    """The stock of ``s`` in its order (the pure engine's ``state.stock``)."""
    return [int(c) for c in s[STOCK: STOCK + int(s[STOCK_N])]]


def account(account: int | str) -> int:
    """The kernel's account for a pure ledger's: a seat, or a basket."""
    return account if isinstance(account, int) else -1 - BASKETS.index(account)


_REASONS = (
    ("stake in the ", RULE_STAKE), ("the guinguette basket", RULE_GUINGUETTE), ("« je remue", RULE_STIR),
    ("« renvier le cotillon »: a second stir", RULE_STIR_AGAIN), ("holding the raise", RULE_HOLD),
    ("« renvier le cotillon »: a raise", RULE_RENVI), ("a ", RULE_RAISE),
    ("the cabaret basket to the best", RULE_CABARET), ("the cabaret basket to the last", RULE_CABARET_LAST),
    ("the cotillon basket", RULE_COTILLON),
)


def rule_of(reason: str) -> int:
    """The kernel's rule code for a pure ledger entry's reason. Raises ValueError for a reason
    no rule of the kernel pays."""
    for start, rule in _REASONS:
        if reason.startswith(start):
            return rule
    raise ValueError(f"no rule of the compiled Guinguette pays {reason!r}")


def ledger_rows(entries) -> list[tuple[int, int, int, int, int]]:
    """Pure ledger entries as the kernel's rows (deal, source, target, amount, rule)."""
    return [(e.deal, account(e.source), account(e.target), e.amount, rule_of(e.reason)) for e in entries]


_PHASES = {"deal": DEAL, "stir": STIRRING, "renvi": RENVI_PHASE, "cotillon": COTILLON, "cabaret": CABARET,
           "over": OVER}


def _mask(seats) -> int:
    return sum(1 << x for x in seats)


def from_state(state, params: np.ndarray) -> np.ndarray:
    """The kernel's array (int64, shape ``(SIZE,)``) for a pure
    :class:`~academie.games.guinguette.state.GuinguetteState` (``params``:
    :func:`academie.fast.guinguette_params` of its options), e.g. a determinized sample for a
    rollout: its stock in its order, the seats still to speak, the deal still to come. The cards
    set aside (``discard`` 'aside') are not kept: no rule reads them again."""
    m = state.match
    n = m.num_players
    s = new_state(params, np.zeros((0, 5), dtype=np.int64))
    s[DEALNO], s[DEALER] = m.deal_number, m.dealer
    s[PHASE] = _PHASES[state.phase]
    s[TURN] = state.turn
    s[STOCK_N] = len(state.stock)
    s[STOCK: STOCK + 52] = 0
    for i, card in enumerate(state.stock):
        s[STOCK + i] = card
    remaining = list(reversed(state.deal_queue))
    s[DEAL_QUEUE: DEAL_QUEUE + 32] = 0
    s[DQ_POS] = HAND * n - len(remaining)
    for i, seat in enumerate(remaining):
        s[DEAL_QUEUE + s[DQ_POS] + i] = seat
    s[DRAW_FOR] = -1 if state.draw_for is None else state.draw_for
    s[QUEUE: QUEUE + 8] = 0
    s[Q_HEAD], s[Q_LEN] = 0, len(state.queue)
    for i, seat in enumerate(state.queue):
        s[QUEUE + i] = seat
    s[LEVEL] = state.level
    s[RAISED], s[RAISERS] = _mask(state.raised), _mask(state.raisers)
    s[IN_CABARET], s[IN_COTILLON] = _mask(state.in_cabaret), _mask(state.in_cotillon)
    s[SHOWN] = -1 if state.shown is None else state.shown[0]
    s[TAKEN] = -1
    for k, basket in enumerate(BASKETS):
        s[POTS + k] = m.pots[basket]
    for i, name in enumerate(STAT_NAMES):
        s[STATS + i] = state.stats[name]
    for seat in range(n):
        s[HANDS + seat] = _mask(state.hands[seat])
        s[COUNTERS + seat] = m.counters[seat]
        s[STIRS + seat] = state.stirs[seat]
        s[PUT + seat] = state.put[seat]
        if state.results:
            s[END_COUNTERS + seat] = state.results[-1].counters[seat]
    s[LEDGER_N] = len(m.ledger.entries)
    return s


def compared(s: np.ndarray) -> np.ndarray:
    """``s`` with what may differ between two arrays of the same position made alike (the
    ledger's count zeroed; the seats still to speak moved to the queue's start; the deal already
    dealt and the stock past its cards zeroed)."""
    out = s.copy()
    out[LEDGER_N] = 0
    head, length = int(s[Q_HEAD]), int(s[Q_LEN])
    out[QUEUE: QUEUE + 8] = 0
    out[QUEUE: QUEUE + length - head] = s[QUEUE + head: QUEUE + length]
    out[Q_HEAD], out[Q_LEN] = 0, length - head
    out[DEAL_QUEUE: DEAL_QUEUE + int(s[DQ_POS])] = 0
    out[STOCK + int(s[STOCK_N]): STOCK + 52] = 0
    return out
