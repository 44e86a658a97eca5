"""A compiled Reversis (numba, hands as 52-bit masks): the same rules as
:mod:`academie.games.reversis.state`, which stays the reference, for the options listed in
:func:`academie.fast.supports` (the default readings, any amounts, deck, talon, packet, direction
and length of the match).

A state is one ``int64`` array (:func:`new_state`; its fields are the offsets below). Actions are
the pure engine's: a card id at a chance node (the card dealt), ``ECART + card`` or ``PASS`` in
the écart, ``PLAY + card`` in play. :func:`legal_mask` gives the legal actions as a mask of
cards, bit 52 for ``PASS``; :func:`apply` applies one (unchecked: give it a legal one).
Counters move by :func:`_pay`, which records each payment in ``ledger`` (an ``int64`` array of
rows ``deal, source, target, amount, rule``; accounts: a seat, :data:`POOL_ACCOUNT` for the
pool, ``-1 - k`` for the k-th bête; rules: the ``RULE_*`` codes) while it has room.

:func:`play_matches` plays whole matches with CPython's generator (:mod:`academie.fast.mt`) as
:func:`academie.analysis.simulate.simulate` does with random bots — one generator for the
chance nodes, one per seat for its choices — so that the same seeds give the same match, action
for action. :func:`rollout` plays random choices to the end of the current deal. Both are the
loops of :mod:`academie.fast.driver`, played with this kernel's rules.
"""

from __future__ import annotations

import sys

import numpy as np
from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast import driver
from academie.fast.mt import mt_randbelow

PASS = 52
ECART = 100
PLAY = 200
PASS_BIT = 1 << 52
HEARTS_MASK = 0x1FFF << 13
QUINOLA = 13 + 9  # J♥
ACE_OF_HEARTS = 13 + 12
KING_OF_HEARTS = 13 + 11
QUEEN_OF_HEARTS = 13 + 10
_SUIT_MASKS = np.array([0x1FFF << (13 * s) for s in range(4)], dtype=np.int64)


def _rank_mask(rank: int) -> int:
    return sum(1 << (13 * s + rank) for s in range(4))


ACES, KINGS, QUEENS, JACKS = (_rank_mask(r) for r in (12, 11, 10, 9))

DEALING, EXCHANGE, PLAYING, OVER = 0, 1, 2, 3
Q_NONE, Q_RENOUNCE, Q_BETE, Q_ECARTE = 0, 1, 2, 3
POOL_ACCOUNT = -1

RULE_ANTE, RULE_QUINOLA_RENOUNCE, RULE_BETE_MADE, RULE_QUINOLA_FORCED, RULE_QUINOLA_EACH = 1, 2, 3, 4, 5
RULE_ACE_RENOUNCE, RULE_ACE_FORCED, RULE_REVERSIS_REFUND, RULE_REVERSIS_FEE = 6, 7, 8, 9
RULE_POOL_WON, RULE_BETE_LIFTED, RULE_TALON, RULE_REFRESH = 10, 11, 12, 13
RULES = {
    RULE_ANTE: "pool ante", RULE_QUINOLA_RENOUNCE: "quinola on a renounce", RULE_BETE_MADE: "the quinola's bête",
    RULE_QUINOLA_FORCED: "quinola forced (fee)", RULE_QUINOLA_EACH: "quinola forced (one each)",
    RULE_ACE_RENOUNCE: "ace on a renounce", RULE_ACE_FORCED: "ace forced out",
    RULE_REVERSIS_REFUND: "returned to the reversis", RULE_REVERSIS_FEE: "the reversis",
    RULE_POOL_WON: "the pool", RULE_BETE_LIFTED: "bête lifted", RULE_TALON: "the talon",
    RULE_REFRESH: "the pool refreshed",
}

# --- the state array ---------------------------------------------------------------------------
NPL, STEP, DEALS, DEALNO, DEALER, PHASE, TURN, HAND, TALON_N, PACKET, DECK = range(11)
COUNTERS0, ANTE, MARQUE, QMARQUES, QFEE, ACEFEE, REVFEE = range(11, 18)
STOCK, TALON, QSTATE, QFORCED, CLAIMANT, TRICKNO, TRICKLEN, BETES, BETES_BEFORE = range(18, 27)
DLOG_N, LEDGER_N, QUEUE_POS, POOL, QUEUE_LEN = range(27, 32)
HANDS = 32  # 5 masks
WON = 37  # 5 masks of the cards in each seat's tricks
TCOUNT = 42  # 5 trick counts
COUNTERS = 47  # 5
TRICK_SEAT = 52  # 5
TRICK_CARD = 57  # 5
ORIG_TALON = 62  # 8 cards, in the order dealt
END_COUNTERS = 70  # 5: counters when the last deal ended, before the next one's ante
STATS = 75  # 7: deals, reversis, quinola_renounced, quinola_bete, quinola_ecarte, pool_won, broken_reversis
PER_SEAT = 82  # 4 x 5: quinola_renounced, quinola_bete, reversis, talon_won
QUEUE = 102  # 52 seats (-1: the talon), the deal's order
DLOG = 154  # 64 x 4: the deal's payments (source, target, amount, rule), for the reversis' refund
DLOG_CAP = 64
NEED = 410  # 5: scratch, the cards each seat still needs in the deal
BETE_POTS = 415  # one per deal of the match
HEADER = BETE_POTS

STAT_NAMES = ("deals", "reversis", "quinola_renounced", "quinola_bete", "quinola_ecarte", "pool_won",
              "broken_reversis")
PER_SEAT_NAMES = ("quinola_renounced", "quinola_bete", "reversis", "talon_won")


@njit(cache=True, _nrt=False)
def popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@njit(cache=True, _nrt=False)
def lowest_card(x):
    """The lowest card of a non-empty mask."""
    return popcount((x & -x) - 1)


@njit(cache=True, _nrt=False)
def kth_card(x, k):
    """The ``k``-th card (0-based, in card order) of mask ``x``."""
    for _ in range(k):
        x &= x - 1
    return lowest_card(x)


@njit(cache=True, _nrt=False)
def _mod(a, n):
    return ((a % n) + n) % n


@njit(cache=True, _nrt=False)
def _order_seat(s, k):
    """The ``k``-th seat (0-based) from the premier en cartes to the dealer."""
    return _mod(s[DEALER] + s[STEP] * (k + 1), s[NPL])


@njit(cache=True, _nrt=False)
def _order_index(s, seat):
    k = _mod((seat - s[DEALER]) * s[STEP], s[NPL])
    return s[NPL] - 1 if k == 0 else k - 1


@njit(cache=True, _nrt=False)
def _account_slot(s, account):
    if account >= 0:
        return COUNTERS + account
    if account == POOL_ACCOUNT:
        return POOL
    return BETE_POTS + (-1 - account) - 1


@njit(cache=True, _nrt=False)
def _pay(s, ledger, source, target, amount, rule):
    """``Match.pay``: move ``amount`` (nothing when 0) and record it."""
    if amount == 0:
        return
    s[_account_slot(s, source)] -= amount
    s[_account_slot(s, target)] += amount
    d = s[DLOG_N]
    if d < DLOG_CAP:
        base = DLOG + 4 * d
        s[base] = source
        s[base + 1] = target
        s[base + 2] = amount
        s[base + 3] = rule
        s[DLOG_N] = d + 1
    i = s[LEDGER_N]
    if i < ledger.shape[0]:
        ledger[i, 0] = s[DEALNO]
        ledger[i, 1] = source
        ledger[i, 2] = target
        ledger[i, 3] = amount
        ledger[i, 4] = rule
    s[LEDGER_N] = i + 1


@njit(cache=True, _nrt=False)
def _pay_other(s, ledger, source, target, amount, rule):
    """The state's ``_pay``: nothing between a seat and itself."""
    if source != target:
        _pay(s, ledger, source, target, amount, rule)


@njit(cache=True, _nrt=False)
def start_deal(s, ledger):
    if s[DEALNO] >= s[DEALS]:
        s[PHASE] = OVER
        return
    n = s[NPL]
    if s[POOL] == 0:  # R9: each player antes to form the pool
        for k in range(n):
            _pay(s, ledger, _order_seat(s, k), POOL_ACCOUNT, s[ANTE], RULE_ANTE)
    for seat in range(5):
        s[HANDS + seat] = 0
        s[WON + seat] = 0
        s[TCOUNT + seat] = 0
    s[STOCK] = s[DECK]
    s[TALON] = 0
    s[TRICKNO] = 0
    s[TRICKLEN] = 0
    s[QSTATE] = Q_NONE
    s[QFORCED] = 0
    s[CLAIMANT] = -1
    s[DLOG_N] = 0
    s[BETES_BEFORE] = s[BETES]
    # R1, R3: packets of `packet`, the dealer one card more, then the talon.
    pos = 0
    need = NEED
    left = 0
    for k in range(n):
        seat = _order_seat(s, k)
        s[need + seat] = s[HAND] + (1 if seat == s[DEALER] else 0)
        left += s[need + seat]
    while left > 0:
        for k in range(n):
            seat = _order_seat(s, k)
            take = min(s[PACKET], s[need + seat])
            for _ in range(take):
                s[QUEUE + pos] = seat
                pos += 1
            s[need + seat] -= take
            left -= take
    for _ in range(s[TALON_N]):
        s[QUEUE + pos] = -1
        pos += 1
    s[QUEUE_LEN] = pos
    s[QUEUE_POS] = 0
    s[PHASE] = DEALING
    s[TURN] = _order_seat(s, 0)


@njit(cache=True, _nrt=False)
def _ecart_mask(s, seat):
    hand = s[HANDS + seat]
    hearts = hand & HEARTS_MASK
    cards = hand & ~HEARTS_MASK
    if hearts == (1 << KING_OF_HEARTS) or hearts == (1 << QUEEN_OF_HEARTS):
        cards |= hearts
    if cards == 0 and seat == s[DEALER]:  # R21
        cards = hand
    return cards


@njit(cache=True, _nrt=False)
def _playable(s, seat):
    hand = s[HANDS + seat]
    if s[TRICKLEN] == 0:
        if s[TRICKNO] == 0 and hand & HEARTS_MASK:
            return hand & HEARTS_MASK
        return hand
    same = hand & _SUIT_MASKS[s[TRICK_CARD] // 13]
    if same:
        return same
    if hand & (1 << QUINOLA) and s[TRICKNO] < 2:  # R12, first_two = tricks
        return 1 << QUINOLA
    return hand


@njit(cache=True, _nrt=False)
def legal_mask(s):
    """The legal actions: a mask of cards (dealt, put in the écart or played), bit 52 for PASS."""
    return _legal_mask(s)


@njit(cache=True, _nrt=False)
def _legal_mask(s):
    phase = s[PHASE]
    if phase == DEALING:
        return s[STOCK]
    if phase == EXCHANGE:
        seat = s[TURN]
        mask = _ecart_mask(s, seat)
        if seat != s[DEALER]:
            mask |= PASS_BIT
        return mask
    if phase == PLAYING:
        return _playable(s, s[TURN])
    return 0


@njit(cache=True, _nrt=False)
def _skip_to_next_ecart(s, start):
    for k in range(start, s[NPL]):
        seat = _order_seat(s, k)
        if seat == s[DEALER] or k < s[TALON_N]:
            s[TURN] = seat
            return
    _begin_play(s)


@njit(cache=True, _nrt=False)
def _begin_play(s):
    s[PHASE] = PLAYING
    s[TURN] = _order_seat(s, 0)


@njit(cache=True, _nrt=False)
def _deal_card(s, card):
    bit = 1 << card
    s[STOCK] &= ~bit
    pos = s[QUEUE_POS]
    seat = s[QUEUE + pos]
    if seat < 0:
        s[TALON] |= bit
        s[ORIG_TALON + pos - (s[QUEUE_LEN] - s[TALON_N])] = card
    else:
        s[HANDS + seat] |= bit
    s[QUEUE_POS] = pos + 1
    if pos + 1 == s[QUEUE_LEN]:
        s[PHASE] = EXCHANGE
        _skip_to_next_ecart(s, 0)


@njit(cache=True, _nrt=False)
def _ecart(s, action):
    seat = s[TURN]
    idx = _order_index(s, seat)
    dealer = s[DEALER]
    if action != PASS:
        card = action - ECART
        bit = 1 << card
        s[HANDS + seat] &= ~bit
        if card == QUINOLA:
            s[QSTATE] = Q_ECARTE
        if seat == dealer:
            s[TALON] |= bit
        else:
            taken = s[ORIG_TALON + idx]
            s[TALON] = (s[TALON] & ~(1 << taken)) | bit
            s[HANDS + seat] |= 1 << taken
    if seat == dealer:
        _begin_play(s)
    else:
        _skip_to_next_ecart(s, idx + 1)


@njit(cache=True, _nrt=False)
def _quinola_bete(s, ledger, holder, forcer):
    s[QSTATE] = Q_BETE
    s[STATS + 3] += 1
    s[PER_SEAT + 5 + holder] += 1
    s[BETES] += 1
    k = s[BETES]
    s[BETE_POTS + k - 1] = 0
    _pay(s, ledger, holder, -1 - k, s[POOL], RULE_BETE_MADE)
    if forcer < 0 or forcer == holder:
        return
    _pay_other(s, ledger, holder, forcer, s[QFEE], RULE_QUINOLA_FORCED)
    for seat in range(s[NPL]):
        if seat != holder and seat != forcer:
            _pay_other(s, ledger, seat, forcer, 1, RULE_QUINOLA_EACH)


@njit(cache=True, _nrt=False)
def _finish_trick(s, ledger):
    n = s[NPL]
    led = s[TRICK_CARD] // 13
    winner = s[TRICK_SEAT]
    best = s[TRICK_CARD] % 13
    for pos in range(1, n):
        card = s[TRICK_CARD + pos]
        if card // 13 == led and card % 13 > best:
            best = card % 13
            winner = s[TRICK_SEAT + pos]
    leader = s[TRICK_SEAT]
    forcer = leader  # forcer = leader
    cards = 0
    for pos in range(n):
        seat = s[TRICK_SEAT + pos]
        card = s[TRICK_CARD + pos]
        cards |= 1 << card
        renounce = card // 13 != led
        if card == QUINOLA:
            if renounce:
                s[QSTATE] = Q_RENOUNCE
                s[CLAIMANT] = seat
                s[STATS + 2] += 1
                s[PER_SEAT + seat] += 1
                _pay_other(s, ledger, winner, seat, s[QMARQUES] * s[MARQUE], RULE_QUINOLA_RENOUNCE)
            else:
                forced = pos > 0 and (s[HANDS + seat] & HEARTS_MASK) == 0
                _quinola_bete(s, ledger, seat, forcer if forced else -1)
        elif card % 13 == 12 and pos > 0:
            fee = s[ACEFEE] * (2 if card == ACE_OF_HEARTS else 1)
            if renounce:
                _pay_other(s, ledger, winner, seat, fee, RULE_ACE_RENOUNCE)
            elif (s[HANDS + seat] & _SUIT_MASKS[led]) == 0:
                _pay_other(s, ledger, seat, leader, fee, RULE_ACE_FORCED)
    s[WON + winner] |= cards
    s[TCOUNT + winner] += 1
    s[TRICKLEN] = 0
    s[TRICKNO] += 1
    if s[HANDS + winner]:
        s[TURN] = winner
    else:
        _end_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _points(mask):
    """R7: A4 K3 Q2 J1."""
    return 4 * popcount(mask & ACES) + 3 * popcount(mask & KINGS) + 2 * popcount(mask & QUEENS) + popcount(mask & JACKS)


@njit(cache=True, _nrt=False)
def _pending_largest(s):
    """The largest bête made before this deal and still on the game (the oldest on a tie), or 0."""
    best = 0
    best_amount = 0
    for k in range(1, s[BETES_BEFORE] + 1):
        amount = s[BETE_POTS + k - 1]
        if amount > 0 and amount > best_amount:
            best = k
            best_amount = amount
    return best


@njit(cache=True, _nrt=False)
def _end_deal(s, ledger):
    n = s[NPL]
    dealer = s[DEALER]
    reversis = -1
    for seat in range(n):
        if s[TCOUNT + seat] == s[HAND]:
            reversis = seat
            break
    pool_winner = -1
    if reversis >= 0:
        s[STATS + 1] += 1
        s[PER_SEAT + 10 + reversis] += 1
        made = s[DLOG_N]
        for i in range(made):
            base = DLOG + 4 * i
            if s[base] == reversis:
                _pay(s, ledger, s[base + 1], reversis, s[base + 2], RULE_REVERSIS_REFUND)
        for k in range(n):
            _pay_other(s, ledger, _order_seat(s, k), reversis, s[REVFEE], RULE_REVERSIS_FEE)
        pool_winner = reversis
    elif s[QSTATE] == Q_RENOUNCE and s[CLAIMANT] >= 0:
        largest = _pending_largest(s)
        if largest > 0:  # R19, betes = alone
            _pay(s, ledger, -1 - largest, s[CLAIMANT], s[BETE_POTS + largest - 1], RULE_BETE_LIFTED)
        else:
            pool_winner = s[CLAIMANT]
    if pool_winner >= 0:
        s[STATS + 5] += 1
        _pay(s, ledger, POOL_ACCOUNT, pool_winner, s[POOL], RULE_POOL_WON)
    # The talon (R6, R8): no trick beats all, then fewest points, fewest tricks, the dealer and
    # the players on his left.
    winner = -1
    wkey0 = wkey1 = wkey2 = wkey3 = 0
    for seat in range(n):
        k0 = 1 if s[TCOUNT + seat] > 0 else 0
        k1 = _points(s[WON + seat])
        k2 = s[TCOUNT + seat]
        k3 = _mod((seat - dealer) * -s[STEP], n)
        better = winner < 0 or k0 < wkey0 or (k0 == wkey0 and (k1 < wkey1 or (k1 == wkey1 and (
            k2 < wkey2 or (k2 == wkey2 and k3 < wkey3)))))
        if better:
            winner = seat
            wkey0, wkey1, wkey2, wkey3 = k0, k1, k2, k3
    talon = s[TALON]
    value = 5 * popcount(talon & ACES) + 4 * popcount(talon & KINGS) + 3 * popcount(talon & QUEENS) + 2 * popcount(talon & JACKS)
    payer = -1
    payer_points = -1
    for k in range(n):
        seat = _order_seat(s, k)
        if seat == winner:
            continue
        p = _points(s[WON + seat])
        if p > payer_points:
            payer = seat
            payer_points = p
    s[PER_SEAT + 15 + winner] += 1
    if payer != reversis:  # « Le reversis est exempt de payer le talon » (R20, unpaid)
        _pay_other(s, ledger, payer, winner, value, RULE_TALON)
    if s[QSTATE] == Q_ECARTE:
        s[STATS + 4] += 1
    forced = s[QSTATE] == Q_BETE and s[QFORCED] != 0
    if pool_winner < 0 and (s[QSTATE] == Q_ECARTE or forced) and s[DEALNO] + 1 < s[DEALS]:  # R18, not after the last deal
        for k in range(n):
            _pay(s, ledger, _order_seat(s, k), POOL_ACCOUNT, s[ANTE], RULE_REFRESH)
    for seat in range(n):
        s[END_COUNTERS + seat] = s[COUNTERS + seat]
    s[STATS] += 1
    s[DEALNO] += 1
    s[DEALER] = _mod(dealer + s[STEP], n)
    start_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _play(s, ledger, card):
    seat = s[TURN]
    if card == QUINOLA:
        s[QFORCED] = 1 if _playable(s, seat) == (1 << QUINOLA) else 0
    s[HANDS + seat] &= ~(1 << card)
    pos = s[TRICKLEN]
    s[TRICK_SEAT + pos] = seat
    s[TRICK_CARD + pos] = card
    s[TRICKLEN] = pos + 1
    if pos + 1 < s[NPL]:
        s[TURN] = _mod(seat + s[STEP], s[NPL])
        return
    _finish_trick(s, ledger)


@njit(cache=True, _nrt=False)
def apply(s, ledger, action):
    """Apply a legal ``action`` (not checked)."""
    _apply(s, ledger, action)


@njit(cache=True, _nrt=False)
def _apply(s, ledger, action):
    phase = s[PHASE]
    if phase == DEALING:
        _deal_card(s, action)
    elif phase == EXCHANGE:
        _ecart(s, action)
    elif phase == PLAYING:
        _play(s, ledger, action - PLAY)


@njit(cache=True, _nrt=False)
def _action(s, mask, r):
    """The ``r``-th legal action, in the order of the pure engine's ``legal_actions()``."""
    cards = mask & ~PASS_BIT
    if r == popcount(cards):
        return PASS
    card = kth_card(cards, r)
    phase = s[PHASE]
    if phase == EXCHANGE:
        return ECART + card
    if phase == PLAYING:
        return PLAY + card
    return card


@njit(cache=True, _nrt=False)
def _random_step(s, ledger, mt, variant):
    mask = _legal_mask(s)
    count = popcount(mask)
    _apply(s, ledger, _action(s, mask, mt_randbelow(mt, count, variant)))


_RANK_MASKS = np.array([_rank_mask(r) for r in range(13)], dtype=np.int64)
RANDOM_BOT, HEURISTIC_BOT = 0, 1
"""The bots a compiled match seats (``kinds`` of :func:`play_bot_matches`): the random bot, and
:class:`academie.bots.reversis.HeuristicReversis`."""


@njit(cache=True, _nrt=False)
def highest_card(x):
    """The highest card of a non-empty mask."""
    card = 0
    for step in (32, 16, 8, 4, 2, 1):
        if x >> step:
            x >>= step
            card += step
    return card


@njit(cache=True, _nrt=False)
def _first_of_highest_rank(cards):
    """Of a non-empty mask of cards, the first in card order among those of the highest rank
    (Python's ``max(cards, key=rank)`` over the cards in order)."""
    for rank in range(12, -1, -1):
        same = cards & _RANK_MASKS[rank]
        if same:
            return lowest_card(same)
    return -1


@njit(cache=True, _nrt=False)
def heuristic_action(s):
    """The action :class:`academie.bots.reversis.HeuristicReversis` chooses for the seat to play
    (in the écart or the play of the cards; it draws nothing): in the écart its highest card not
    a heart (the first of its rank in card order), or PASS when that is below a jack and PASS is
    legal; leading, its lowest card (not the quinola unless it has nothing else; of one rank,
    anything but a heart, the first in card order); following, its highest card under the card
    winning the trick, else its highest (the quinola last); on a renounce the quinola, else an
    ace (that of hearts first), else its highest card."""
    mask = _legal_mask(s)
    cards = mask & ~PASS_BIT
    if s[PHASE] == EXCHANGE:
        if cards == 0:
            return PASS
        best = _first_of_highest_rank(cards)
        if mask & PASS_BIT and best % 13 < 9:
            return PASS
        return ECART + best
    quinola = 1 << QUINOLA
    if s[TRICKLEN] == 0:
        safe = cards & ~quinola
        if safe == 0:
            safe = cards
        for rank in range(13):
            same = safe & _RANK_MASKS[rank]
            if same:
                others = same & ~HEARTS_MASK
                return PLAY + lowest_card(others if others else same)
    led = s[TRICK_CARD] // 13
    following = cards & _SUIT_MASKS[led]
    if following:
        best = -1
        for pos in range(s[TRICKLEN]):
            card = s[TRICK_CARD + pos]
            if card // 13 == led and card % 13 > best:
                best = card % 13
        safe = following & ~quinola
        if safe == 0:
            safe = following
        under = safe & ((1 << (13 * led + best)) - 1)
        return PLAY + highest_card(under if under else safe)
    if cards & quinola:
        return PLAY + QUINOLA
    aces = cards & ACES
    if aces:
        if aces & (1 << ACE_OF_HEARTS):
            return PLAY + ACE_OF_HEARTS
        return PLAY + lowest_card(aces)
    return PLAY + _first_of_highest_rank(cards)


@njit(cache=True, _nrt=False)
def _bot_step(s, ledger, mt, variant, kind):
    """One action of the seat to play (or the chance's, kind 0): drawn from ``mt`` as the random
    bot draws it, or the heuristic bot's."""
    if kind == HEURISTIC_BOT:
        _apply(s, ledger, heuristic_action(s))
    else:
        _random_step(s, ledger, mt, variant)


@njit(cache=True, _nrt=False)
def _heuristic_step(s, ledger, mt, variant, knobs):
    """The heuristic bot's action (its default parameters; ``knobs`` unread), applied."""
    _apply(s, ledger, heuristic_action(s))


@njit(cache=True, _nrt=False)
def _choices(s):
    return popcount(_legal_mask(s))


HEURISTIC_KNOBS = ()
"""The heuristic bot's parameters a heuristic playout takes (:func:`heuristic_rollout`'s
``knobs``): none (:class:`academie.bots.reversis.HeuristicReversis` (it has none))."""


KERNEL = sys.modules[__name__]  # the rules go to academie.fast.driver as KERNEL.<name>, so as to be cached


# --- the rules the driver's loops play (academie.fast.driver) ---------------------------------
@njit(cache=True, _nrt=False)
def _actor(s):
    """The seat to choose, -1 at a chance node (the deal)."""
    return -1 if s[PHASE] == DEALING else s[TURN]


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
    """Counters won per seat; the ``STATS`` then ``PER_SEAT`` figures."""
    n = s[NPL]
    for seat in range(n):
        returns[seat] = s[COUNTERS + seat] - params[7]
    for i in range(7):
        stats[i] = s[STATS + i]
    for j in range(4):
        for seat in range(n):
            stats[7 + j * n + seat] = s[PER_SEAT + 5 * j + seat]


@njit(cache=True)
def heuristic_rollout(s, chance_seed, policy_seed, knobs, variant=0, first=-1):
    """The heuristic bot in every seat from ``s`` to the end of its deal, in place, after ``first``
    when it is an action (-1: none), seeded as :func:`academie.fast.driver.heuristic_rollout` says;
    ``knobs``: float64, shape ``(players, 0)``. Returns each seat's counters won from ``s`` as
    given to the end of the deal (before the next deal's ante), as :func:`rollout`, then the
    number of actions the playout applied."""
    return driver.heuristic_rollout(s, s[NPL], chance_seed, policy_seed, knobs, variant, first, KERNEL._over,
                                    KERNEL._deal, KERNEL._counters, KERNEL._end_counters, KERNEL._actor,
                                    KERNEL._choices, KERNEL._random_step, KERNEL._heuristic_step, KERNEL.apply)


@njit(cache=True)
def rollout(s, rng_seed, variant=0):
    """Play uniform random choices (chance too, from one generator seeded with ``rng_seed``) from
    ``s`` to the end of its deal, in place. Returns each seat's counters won in that time (up to
    the end of the deal, before the next deal's ante). ``variant``: as in
    :func:`academie.fast.mt.mt_randbelow` (only to replay it with Python's generator). Seeding
    the generator is about half of a rollout from the play of the cards."""
    return driver.rollout(s, s[NPL], rng_seed, variant, KERNEL._over, KERNEL._deal, KERNEL._counters,
                          KERNEL._end_counters, KERNEL._random_step)


@njit(cache=True)
def new_state(params, ledger):
    """A match at its first chance node (the first ante recorded in ``ledger``); ``params``:
    players, step, deals, hand size, talon size, packet, deck mask, counters, pool ante, marque,
    quinola marques, quinola force fee, ace fee, reversis fee."""
    s = np.zeros(HEADER + params[2], dtype=np.int64)
    s[NPL] = params[0]
    s[STEP] = params[1]
    s[DEALS] = params[2]
    for i in range(3, 14):
        s[HAND + i - 3] = params[i]
    s[DEALER] = 0
    s[DEALNO] = 0
    for seat in range(params[0]):
        s[COUNTERS + seat] = params[7]
    start_deal(s, ledger)
    return s


@njit(cache=True)
def play_matches(params, seeds, variant, stat_width):
    """Play ``len(seeds)`` matches, match ``m`` with generators seeded ``seeds[m]`` (chance last,
    as :func:`academie.analysis.simulate.simulate` draws them: one per seat, then the chance's).
    Returns (returns, statistics, actions): counters won per seat, the ``STATS`` then
    ``PER_SEAT`` figures, and the number of actions, per match."""
    return driver.play_matches(params, seeds, variant, params[0], stat_width, KERNEL.new_state,
                               KERNEL._actor, KERNEL._over, KERNEL._random_step, KERNEL._record)


@njit(cache=True)
def play_bot_matches(params, seeds, variant, stat_width, kinds):
    """:func:`play_matches` with the bots ``kinds`` (one per seat: :data:`RANDOM_BOT`,
    :data:`HEURISTIC_BOT`) in the seats: the matches ``simulate`` plays with those bots (a
    heuristic bot draws nothing: its seed is not used)."""
    return driver.play_bot_matches(params, seeds, variant, kinds, 1, params[0], stat_width, KERNEL.new_state,
                                   KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._record)


@njit(cache=True)
def play_deck_matches(params, decks, seeds, variant, stat_width, kinds):
    """:func:`play_bot_matches` from stacked decks: match ``m`` deals ``decks[m, d]`` (int64
    card ids in the order they leave the pack, shape ``(matches, deals, pack)``) at deal ``d``,
    with the bots ``kinds[m]`` (shape ``(matches, players)``); seeds as :func:`play_matches`'s
    (the chance's draws past a deck: none at Reversis, whose deal takes the pack once).
    Actions -1: a match that needed more deals' decks (:func:`academie.fast.driver.play_deck_matches`)."""
    return driver.play_deck_matches(params, decks, seeds, variant, kinds, 1, params[0], stat_width, KERNEL.new_state,
                                    KERNEL._actor, KERNEL._over, KERNEL._bot_step, KERNEL._deal, KERNEL._apply,
                                    KERNEL._record)


@njit(cache=True)
def random_deals(params, seed, deals):
    """Benchmark loop: ``deals`` random deals (uniform choices, one generator seeded ``seed``),
    matches of ``params[2]`` deals one after another. Returns the actions applied."""
    return driver.random_deals(params, seed, deals, KERNEL.new_state, KERNEL._over, KERNEL._deal,
                               KERNEL._random_step)


# --- Python side: the step API's actions, a pure state's array, the pure ledger's rows ---------
def legal_actions(s: np.ndarray) -> list[int]:
    """The legal actions of ``s`` as the pure engine lists them (cards in order, ``PASS`` last)."""
    mask = int(legal_mask(s))
    phase = int(s[PHASE])
    base = {DEALING: 0, EXCHANGE: ECART, PLAYING: PLAY}.get(phase, 0)
    actions = [base + c for c in range(52) if mask >> c & 1]
    if mask & PASS_BIT:
        actions.append(PASS)
    return actions


def account(account: int | str) -> int:
    """The kernel's account for a pure ledger's account: a seat, ``poule``, ``bête k``."""
    if isinstance(account, int):
        return account
    if account == "poule":
        return POOL_ACCOUNT
    if account.startswith("bête "):
        return -1 - int(account.split()[1])
    raise ValueError(f"no account {account!r} in Reversis")


# The pure engine's payment reasons, by their opening words (the first that matches).
_REASONS = (
    ("pool ante", RULE_ANTE), ("quinola on a renounce", RULE_QUINOLA_RENOUNCE),
    ("the quinola's bête", RULE_BETE_MADE), ("quinola forced [001] «gagne", RULE_QUINOLA_FORCED),
    ("quinola forced [001] «& un", RULE_QUINOLA_EACH), ("returned to the reversis", RULE_REVERSIS_REFUND),
    ("the reversis", RULE_REVERSIS_FEE), ("the pool refreshed", RULE_REFRESH), ("the pool", RULE_POOL_WON),
    ("the talon", RULE_TALON),
)


_RULE_OF: dict[str, int] = {}  # reasons already read: a search converts the same few again and again


def rule_of(reason: str) -> int:
    """The kernel's rule code for the reason of a pure ledger entry. Raises ValueError for a
    reason it does not know."""
    rule = _RULE_OF.get(reason)
    if rule is None:
        rule = _RULE_OF[reason] = _read_rule(reason)
        while len(_RULE_OF) > 4096:
            del _RULE_OF[next(iter(_RULE_OF))]
    return rule


def _read_rule(reason: str) -> int:
    for start, rule in _REASONS:
        if reason.startswith(start):
            return rule
    if " on a renounce " in reason:
        return RULE_ACE_RENOUNCE
    if " forced out " in reason:
        return RULE_ACE_FORCED
    if reason.startswith("bête ") and " lifted " in reason:
        return RULE_BETE_LIFTED
    raise ValueError(f"no rule of the compiled Reversis pays {reason!r}")


def ledger_rows(entries) -> list[tuple[int, int, int, int, int]]:
    """Pure ledger entries as the kernel's rows (deal, source, target, amount, rule)."""
    return [(e.deal, account(e.source), account(e.target), e.amount, rule_of(e.reason)) for e in entries]


_BITS = tuple(1 << c for c in range(52))
_NEW_STATES: dict[bytes, np.ndarray] = {}  # new_state(params) by params: from_state starts from a copy
_PHASES: dict[str, int] = {}
_QSTATES = {None: Q_NONE, "renounce": Q_RENOUNCE, "bete": Q_BETE, "ecarte": Q_ECARTE}
_STAT_SLOTS = tuple((STATS + i, name) for i, name in enumerate(STAT_NAMES))
_PER_SEAT_SLOTS = tuple((PER_SEAT + 5 * j, name) for j, name in enumerate(PER_SEAT_NAMES))
_ROWS: dict[int, tuple] = {}  # id(ledger entry) -> (entry, its row without the deal)


def _slot(account: int) -> int:
    """:func:`_account_slot`, from Python."""
    if account >= 0:
        return COUNTERS + account
    if account == POOL_ACCOUNT:
        return POOL
    return BETE_POTS + (-1 - account) - 1


def from_state(state, params: np.ndarray) -> np.ndarray:
    """The kernel's array for a pure :class:`~academie.games.reversis.state.ReversisState`
    (``params``: :func:`academie.fast.reversis_params` of its options), e.g. a determinized
    sample for a rollout. Fields the kernel does not keep (views, logs, deal results) are left.

    A copy of a new match's array (made once per ``params``) with the state's fields written in
    through a memoryview: a search converts a sample at every iteration. A world just built by
    sampling in the play of the cards (:func:`academie.games.reversis.sampling.world`: nothing
    played on it since, its history still unwritten) differs from the world it was built from
    only in its cards and the quinola's fate: that world's array, made once, is copied and they
    are written in."""
    d = state.__dict__
    origin = d.get("_sampled_from")
    if origin is not None and d.get("_history_recipe") is not None:
        key = params.tobytes()
        known = _ORIGINS.get(id(origin))
        if known is None or known[0] is not origin or known[1] != key:
            if len(_ORIGINS) >= 64:
                _ORIGINS.clear()
            known = _ORIGINS[id(origin)] = (origin, key, _from_state(origin, params))
        s = known[2].copy()
        a = memoryview(s)
        bit = _BITS.__getitem__
        for seat, hand in enumerate(state.hands):
            a[HANDS + seat] = sum(map(bit, hand))
        a[TALON] = sum(map(bit, state.talon))
        for i, card in enumerate(state.original_talon):
            a[ORIG_TALON + i] = card
        a[QSTATE] = _QSTATES[state.quinola]
        a[QFORCED] = int(state.quinola_forced)
        return s
    return _from_state(state, params)


_ORIGINS: dict[int, tuple] = {}  # id(world sampled from) -> (that world, params, its array)


def _from_state(state, params: np.ndarray) -> np.ndarray:
    key = params.tobytes()
    start = _NEW_STATES.get(key)
    if start is None:
        start = _NEW_STATES[key] = new_state(params, np.zeros((0, 5), dtype=np.int64))
        start.flags.writeable = False
    if not _PHASES:
        from academie.games.reversis import state as pure

        _PHASES.update({pure.DEALING: DEALING, pure.EXCHANGE: EXCHANGE, pure.PLAYING: PLAYING, pure.OVER: OVER})
    s = start.copy()
    a = memoryview(s)
    m = state.match
    n = m.num_players
    a[DEALNO], a[DEALER] = m.deal_number, m.dealer
    a[PHASE] = _PHASES[state.phase]
    a[TURN] = state.turn
    counters, hands, tricks, trick_count = m.counters, state.hands, state.tricks, state.trick_count
    bit = _BITS.__getitem__
    for seat in range(n):  # (the new match's array holds no cards and no tricks)
        a[COUNTERS + seat] = counters[seat]
        a[HANDS + seat] = sum(map(bit, hands[seat]))
        if tricks[seat]:
            a[WON + seat] = sum(map(bit, tricks[seat]))
            a[TCOUNT + seat] = trick_count[seat]
    if state.results:
        last = state.results[-1].counters
        for seat in range(n):
            a[END_COUNTERS + seat] = last[seat]
    pots = m.pots
    a[POOL] = pots["poule"]
    a[STOCK] = sum(map(bit, state.stock))
    a[TALON] = sum(map(bit, state.talon))
    for i, card in enumerate(state.original_talon):
        a[ORIG_TALON + i] = card
    remaining = state.deal_queue  # the last card's seat first
    pos = a[QUEUE_POS] = a[QUEUE_LEN] - len(remaining)
    for i, seat in enumerate(reversed(remaining), QUEUE + pos):
        a[i] = -1 if seat is None else seat
    a[QSTATE] = _QSTATES[state.quinola]
    a[QFORCED] = int(state.quinola_forced)
    a[CLAIMANT] = -1 if state.claimant is None else state.claimant
    a[TRICKNO] = state.trick_number
    trick = state.trick
    a[TRICKLEN] = len(trick)
    for pos, (seat, card) in enumerate(trick):
        a[TRICK_SEAT + pos], a[TRICK_CARD + pos] = seat, card
    a[BETES], a[BETES_BEFORE] = state.bete_count, state.betes_before
    for name, amount in state.on_game:
        a[_slot(account(name))] = amount
    entries = m.ledger.entries
    rows = 0
    for e in entries[state.deal_start:state.deal_start + DLOG_CAP]:
        known = _ROWS.get(id(e))  # entries never change, and a sample shares its match's
        if known is None or known[0] is not e:
            if len(_ROWS) >= 4096:
                _ROWS.clear()
            known = _ROWS[id(e)] = (e, (account(e.source), account(e.target), e.amount, rule_of(e.reason)))
        i = DLOG + 4 * rows
        a[i], a[i + 1], a[i + 2], a[i + 3] = known[1]
        rows += 1
    a[DLOG_N] = rows
    a[LEDGER_N] = len(entries)
    stats, per_seat = state.stats, state.per_seat  # (all 0 in the new match's array)
    for i, name in _STAT_SLOTS:
        if stats[name]:
            a[i] = stats[name]
    for i, name in _PER_SEAT_SLOTS:
        row = per_seat[name]
        if any(row):
            for seat in range(n):
                a[i + seat] = row[seat]
    return s


def compared(s: np.ndarray) -> np.ndarray:
    """``s`` with what may differ between two arrays of the same position zeroed: scratch, the
    deal's log past its end, the talon's cards past those dealt, the trick past its cards."""
    out = s.copy()
    out[NEED:NEED + 5] = 0
    out[LEDGER_N] = 0
    out[QUEUE: QUEUE + int(s[QUEUE_POS])] = 0
    out[DLOG + 4 * int(s[DLOG_N]): BETE_POTS] = 0
    dealt = max(0, int(s[QUEUE_POS]) - (int(s[QUEUE_LEN]) - int(s[TALON_N])))
    out[ORIG_TALON + dealt: ORIG_TALON + 8] = 0
    out[TRICK_SEAT + int(s[TRICKLEN]): TRICK_SEAT + 5] = 0
    out[TRICK_CARD + int(s[TRICKLEN]): TRICK_CARD + 5] = 0
    return out
