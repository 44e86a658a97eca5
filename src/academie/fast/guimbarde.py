"""A compiled Guimbarde (numba, hands as 52-bit masks): the same rules as
:mod:`academie.games.guimbarde.state`, which stays the reference, for every option, 3 to 8
players.

A state is one ``int64`` array (:func:`new_state`; fields at the offsets below). Actions are the
pure engine's: a card id at a chance node, ``PLAY + card`` in play. :func:`legal_mask` gives the
legal cards; the k-th set bit is the k-th of the pure engine's ``legal_actions()``. Payments are
recorded in ``ledger`` (rows ``deal, source, target, amount, rule``; accounts: a seat, ``-1 - k``
for box k of :data:`BOXES`; rules: the ``RULE_*`` codes) while it has room.
"""

from __future__ import annotations

import sys

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast import driver
from academie.fast.mt import mt_randbelow
from academie.fast.reversis import kth_card, popcount

PLAY = 100
BOXES = ("point", "mariage", "fou", "roi", "guimbarde")
DEALING, PLAYING, OVER = 0, 1, 2
HEARTS = 1
GUIMBARDE, ROI, FOU = 13 + 10, 13 + 11, 26 + 9  # Q♥, K♥, J♦
TRUMP_LED = 4
HAND = 5

RULE_STAKE, RULE_BOX, RULE_TRICK_STAKE, RULE_TRICKS, RULE_GRAND_HAND, RULE_MARRIAGE_HAND = 1, 2, 3, 4, 5, 6
RULE_MARRIAGE_CUT, RULE_MARRIAGE_PLAY, RULE_GRAND_TABLE, RULE_FOU_TAKEN, RULE_FOU_PAID = 7, 8, 9, 10, 11
RULES = {
    RULE_STAKE: "stake in a box", RULE_BOX: "a box taken at the announcement", RULE_TRICK_STAKE: "stake for the tricks",
    RULE_TRICKS: "the tricks", RULE_GRAND_HAND: "grand mariage in hand", RULE_MARRIAGE_HAND: "marriage in hand",
    RULE_MARRIAGE_CUT: "marriage won by trumping", RULE_MARRIAGE_PLAY: "marriage in play",
    RULE_GRAND_TABLE: "grand mariage on the table", RULE_FOU_TAKEN: "the fou taken", RULE_FOU_PAID: "the fou",
}

NPL, DEALS, DEALNO, DEALER, PHASE, TURN, TRUMP, TURNED, DECK, COUNTERS0 = range(10)
PARLETT, OVERTRUMP, HONOURS_SUIT, TIE_VALUE, FIRST_TO_TWO, RULE3, DISCARD_MARR, RULE7_GRAND = range(10, 18)
ANNOUNCE_PAY, GRAND_KING_ONLY = range(18, 20)
STOCK, QPOS, QLEN, TRICKLEN, TRICKNO, FOU_HOLDER, FOU_CAPT, HP_N, LEDGER_N = range(20, 29)
POTS = 29  # 5
STATS = 34  # 6: deals, point_carried, tricks_carried, marriages_in_play, grand_mariage_table, fou_captured
HANDS = 40  # 8
COUNTERS = 48  # 8
TWON = 56  # 8
REACHED = 64  # 8 x 5: the trick number of each trick won
TRICK_SEAT = 104  # 8
TRICK_CARD = 112  # 8
QUEUE = 120  # 41
HP = 161  # 136 x 3: marriages in hand to pay (payer, seat, amount + 1000 * rule)
HP_CAP = 136
END_COUNTERS = HP + 3 * HP_CAP  # 8: counters when the last deal ended, before the next one's stakes
SIZE = END_COUNTERS + 8

STAT_NAMES = ("deals", "point_carried", "tricks_carried", "marriages_in_play", "grand_mariage_table", "fou_captured")


@njit(cache=True, _nrt=False)
def _order_seat(s, k):
    """The ``k``-th seat (0-based) from the dealer's right to the dealer."""
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
def _pay_other(s, ledger, source, target, amount, rule):
    if source != target:
        _pay(s, ledger, source, target, amount, rule)


@njit(cache=True, _nrt=False)
def is_trump(s, card):
    return card == GUIMBARDE or card == ROI or card == FOU or card // 13 == s[TRUMP]


@njit(cache=True, _nrt=False)
def strength(s, card):
    if card == GUIMBARDE:
        return 102
    if card == ROI:
        return 101
    if card == FOU:
        return 100
    r = card % 13
    v = 14 if r == 11 else (13 if r == 10 else (12 if r == 9 else (11 if r == 12 else r + 2)))
    return v + (40 if card // 13 == s[TRUMP] else 0)


@njit(cache=True, _nrt=False)
def _led(s):
    card = s[TRICK_CARD]
    return TRUMP_LED if is_trump(s, card) else card // 13


@njit(cache=True, _nrt=False)
def _follows(s, card, led):
    if led == TRUMP_LED:
        return is_trump(s, card)
    if card == GUIMBARDE or card == ROI or card == FOU:
        return s[HONOURS_SUIT] != 0 and card // 13 == led
    return card // 13 == led


@njit(cache=True, _nrt=False)
def _winner_pos(s, led):
    """The position in the trick of its winning card: the highest trump, else the highest card
    of the suit led."""
    best = -1
    best_strength = -1
    for pos in range(s[TRICKLEN]):
        card = s[TRICK_CARD + pos]
        if is_trump(s, card) and strength(s, card) > best_strength:
            best, best_strength = pos, strength(s, card)
    if best >= 0:
        return best
    for pos in range(s[TRICKLEN]):
        card = s[TRICK_CARD + pos]
        if card // 13 == led and strength(s, card) > best_strength:
            best, best_strength = pos, strength(s, card)
    return best


@njit(cache=True, _nrt=False)
def _is_marriage(s, king, queen, led):
    suit = king // 13
    if king % 13 != 11 or queen != king - 1 or suit == HEARTS:
        return False
    return s[DISCARD_MARR] != 0 or suit == led or suit == s[TRUMP]


@njit(cache=True, _nrt=False)
def _marriage_pos(s, led):
    """The position of the king of a marriage made in this trick, or -1."""
    for pos in range(s[TRICKLEN] - 1):
        if _is_marriage(s, s[TRICK_CARD + pos], s[TRICK_CARD + pos + 1], led):
            return pos
    return -1


@njit(cache=True, _nrt=False)
def _playable(s, seat):
    hand = s[HANDS + seat]
    if s[TRICKLEN] == 0:
        return hand
    led = _led(s)
    same = 0
    trumps = 0
    bits = hand
    while bits:
        c = popcount((bits & -bits) - 1)
        if _follows(s, c, led):
            same |= 1 << c
        if is_trump(s, c):
            trumps |= 1 << c
        bits &= bits - 1
    best = s[TRICK_CARD + _winner_pos(s, led)]
    trumped = False
    if led != TRUMP_LED:
        for pos in range(s[TRICKLEN]):
            if is_trump(s, s[TRICK_CARD + pos]):
                trumped = True
    if s[PARLETT]:
        legal = same if same else hand
    elif same:
        higher = 0
        if not trumped or led == TRUMP_LED:
            bits = same
            while bits:
                c = popcount((bits & -bits) - 1)
                if strength(s, c) > strength(s, best):
                    higher |= 1 << c
                bits &= bits - 1
        legal = higher if higher else same
    else:
        if trumps and trumped and s[OVERTRUMP]:
            over = 0
            bits = trumps
            while bits:
                c = popcount((bits & -bits) - 1)
                if strength(s, c) > strength(s, best):
                    over |= 1 << c
                bits &= bits - 1
            legal = over if over else hand
        else:
            legal = trumps if trumps else hand
    # Rule 7: the queen of the king just played.
    last = s[TRICK_CARD + s[TRICKLEN] - 1]
    queen = last - 1
    bound = _is_marriage(s, last, queen, led) or (last == ROI and s[RULE7_GRAND] != 0)
    if bound and queen >= 0 and (hand >> queen) & 1 and (_follows(s, queen, led) or same == 0):
        return 1 << queen
    # Rule 3: no cutting a marriage with the K♥, the Q♥ or the rule-3 card.
    if led != TRUMP_LED and _marriage_pos(s, led) >= 0:
        forbidden = 0
        for i in range(3):
            c = ROI if i == 0 else (GUIMBARDE if i == 1 else s[RULE3])
            if is_trump(s, c) and not _follows(s, c, led):
                forbidden |= 1 << c
        if legal & forbidden:
            if legal & ~forbidden:
                legal &= ~forbidden
            elif hand & ~forbidden:
                legal = hand & ~forbidden
    return legal


@njit(cache=True, _nrt=False)
def legal_mask(s):
    phase = s[PHASE]
    if phase == DEALING:
        return s[STOCK]
    if phase == PLAYING:
        return _playable(s, s[TURN])
    return 0


@njit(cache=True, _nrt=False)
def _take_box(s, ledger, box, seat, rule):
    _pay(s, ledger, -1 - box, seat, s[POTS + box], rule)


@njit(cache=True, _nrt=False)
def _hand_payment(s, payer, seat, amount, rule):
    i = s[HP_N]
    if i < HP_CAP:
        s[HP + 3 * i] = payer
        s[HP + 3 * i + 1] = seat
        s[HP + 3 * i + 2] = amount + 1000 * rule
        s[HP_N] = i + 1


@njit(cache=True, _nrt=False)
def _pay_hand_payments(s, ledger):
    for i in range(s[HP_N]):
        code = s[HP + 3 * i + 2]
        _pay(s, ledger, s[HP + 3 * i], s[HP + 3 * i + 1], code % 1000, code // 1000)
    s[HP_N] = 0


@njit(cache=True, _nrt=False)
def _point(hand, by_value):
    """(cards in the longest suit of 3 or more, their piquet count if ``by_value``) as one number."""
    best = 0
    for suit in range(4):
        bits = (hand >> (13 * suit)) & 0x1FFF
        count = popcount(bits)
        if count >= 3:
            total = 0
            if by_value:
                while bits:
                    r = popcount((bits & -bits) - 1)
                    total += 11 if r == 12 else (10 if r >= 9 else r + 2)
                    bits &= bits - 1
            key = count * 1000 + total
            if key > best:
                best = key
    return best


@njit(cache=True, _nrt=False)
def _announce(s, ledger):
    n = s[NPL]
    holder_fou = holder_roi = holder_guimbarde = -1
    for k in range(n):
        seat = _order_seat(s, k)
        hand = s[HANDS + seat]
        if (hand >> FOU) & 1:
            holder_fou = seat
        if (hand >> ROI) & 1:
            holder_roi = seat
        if (hand >> GUIMBARDE) & 1:
            holder_guimbarde = seat
    if holder_fou >= 0:
        _take_box(s, ledger, 2, holder_fou, RULE_BOX)
    if holder_roi >= 0:
        _take_box(s, ledger, 3, holder_roi, RULE_BOX)
    if holder_guimbarde >= 0:
        _take_box(s, ledger, 4, holder_guimbarde, RULE_BOX)
    s[FOU_HOLDER] = holder_fou
    s[HP_N] = 0
    if holder_roi >= 0 and holder_roi == holder_guimbarde:
        _take_box(s, ledger, 1, holder_roi, RULE_BOX)
        for k in range(n):
            other = _order_seat(s, k)
            if other != holder_roi:
                _hand_payment(s, other, holder_roi, 2, RULE_GRAND_HAND)
    for k in range(n):
        seat = _order_seat(s, k)
        hand = s[HANDS + seat]
        for suit in range(4):
            king = suit * 13 + 11
            if suit != HEARTS and (hand >> king) & 1 and (hand >> (king - 1)) & 1:
                for j in range(n):
                    other = _order_seat(s, j)
                    if other != seat:
                        _hand_payment(s, other, seat, 1, RULE_MARRIAGE_HAND)
    if s[ANNOUNCE_PAY]:
        _pay_hand_payments(s, ledger)
    best = 0
    best_seat = -1
    for k in range(n):
        seat = _order_seat(s, k)
        p = _point(s[HANDS + seat], s[TIE_VALUE] != 0)
        if p > best:
            best, best_seat = p, seat
    if best_seat >= 0:
        _take_box(s, ledger, 0, best_seat, RULE_BOX)
    else:
        s[STATS + 1] += 1
    for k in range(n):
        _pay(s, ledger, _order_seat(s, k), -1, 1, RULE_TRICK_STAKE)
    s[PHASE] = PLAYING
    s[TURN] = _order_seat(s, 0)


@njit(cache=True, _nrt=False)
def start_deal(s, ledger):
    if s[DEALNO] >= s[DEALS]:
        s[PHASE] = OVER
        return
    n = s[NPL]
    for k in range(n):
        seat = _order_seat(s, k)
        for box in range(5):
            _pay(s, ledger, seat, -1 - box, 1, RULE_STAKE)
    for seat in range(n):
        s[HANDS + seat] = 0
        s[TWON + seat] = 0
    s[STOCK] = s[DECK]
    s[TRICKLEN] = 0
    s[TRICKNO] = 0
    s[FOU_HOLDER] = -1
    s[FOU_CAPT] = -1
    s[HP_N] = 0
    s[TRUMP] = -1
    s[TURNED] = -1
    pos = 0
    for k in range(n):
        for _ in range(3):
            s[QUEUE + pos] = _order_seat(s, k)
            pos += 1
    for k in range(n):
        for _ in range(2):
            s[QUEUE + pos] = _order_seat(s, k)
            pos += 1
    s[QUEUE + pos] = -1
    s[QLEN] = pos + 1
    s[QPOS] = 0
    s[PHASE] = DEALING
    s[TURN] = _order_seat(s, 0)


@njit(cache=True, _nrt=False)
def _end_deal(s, ledger):
    n = s[NPL]
    winner = -1
    if s[FIRST_TO_TWO]:
        first = 99
        for k in range(n):
            seat = _order_seat(s, k)
            if s[TWON + seat] >= 2 and s[REACHED + 5 * seat + 1] < first:
                first, winner = s[REACHED + 5 * seat + 1], seat
    else:
        most = 0
        for seat in range(n):
            if s[TWON + seat] > most:
                most = s[TWON + seat]
        if most >= 2:
            first = 99
            for k in range(n):
                seat = _order_seat(s, k)
                if s[TWON + seat] == most and s[REACHED + 5 * seat + most - 1] < first:
                    first, winner = s[REACHED + 5 * seat + most - 1], seat
    if winner >= 0:
        _take_box(s, ledger, 0, winner, RULE_TRICKS)
    else:
        s[STATS + 2] += 1
    _pay_hand_payments(s, ledger)
    if s[FOU_HOLDER] >= 0 and s[FOU_CAPT] < 0:
        for k in range(n):
            _pay_other(s, ledger, _order_seat(s, k), s[FOU_HOLDER], 1, RULE_FOU_PAID)
    for seat in range(n):
        s[END_COUNTERS + seat] = s[COUNTERS + seat]
    s[STATS] += 1
    s[DEALNO] += 1
    s[DEALER] = ((s[DEALER] - 1) % n + n) % n
    start_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _finish_trick(s, ledger):
    n = s[NPL]
    led = _led(s)
    wpos = _winner_pos(s, led)
    winner = s[TRICK_SEAT + wpos]
    won_with = s[TRICK_CARD + wpos]
    kpos = _marriage_pos(s, led)
    if kpos >= 0:
        s[STATS + 3] += 1
        king_seat, queen_seat = s[TRICK_SEAT + kpos], s[TRICK_SEAT + kpos + 1]
        suit = s[TRICK_CARD + kpos] // 13
        cut = is_trump(s, won_with) and suit != s[TRUMP]
        if cut and wpos > kpos and (won_with == ROI or won_with == GUIMBARDE or won_with == s[RULE3]):
            pass
        elif cut:
            _pay_other(s, ledger, king_seat, winner, 1, RULE_MARRIAGE_CUT)
            _pay_other(s, ledger, queen_seat, winner, 1, RULE_MARRIAGE_CUT)
        else:
            for payer in range(n):
                if payer != queen_seat:
                    _pay_other(s, ledger, payer, winner, 1, RULE_MARRIAGE_PLAY)
    roi_seat = guimbarde_seat = fou_seat = -1
    for pos in range(n):
        card = s[TRICK_CARD + pos]
        if card == ROI:
            roi_seat = s[TRICK_SEAT + pos]
        elif card == GUIMBARDE:
            guimbarde_seat = s[TRICK_SEAT + pos]
        elif card == FOU:
            fou_seat = s[TRICK_SEAT + pos]
    if roi_seat >= 0 and guimbarde_seat >= 0:
        s[STATS + 4] += 1
        if s[GRAND_KING_ONLY]:
            _pay_other(s, ledger, roi_seat, winner, 1, RULE_GRAND_TABLE)
        else:
            for payer in range(n):
                _pay_other(s, ledger, payer, winner, 1, RULE_GRAND_TABLE)
    if fou_seat >= 0 and (won_with == ROI or won_with == GUIMBARDE) and fou_seat != winner:
        s[FOU_CAPT] = winner
        s[STATS + 5] += 1
        _pay_other(s, ledger, fou_seat, winner, 1, RULE_FOU_TAKEN)
    s[REACHED + 5 * winner + s[TWON + winner]] = s[TRICKNO]
    s[TWON + winner] += 1
    s[TRICKLEN] = 0
    s[TRICKNO] += 1
    if s[TRICKNO] < HAND:
        s[TURN] = winner
    else:
        _end_deal(s, ledger)


@njit(cache=True, _nrt=False)
def apply(s, ledger, action):
    """Apply a legal ``action`` (not checked)."""
    if s[PHASE] == DEALING:
        s[STOCK] &= ~(1 << action)
        seat = s[QUEUE + s[QPOS]]
        s[QPOS] += 1
        if seat < 0:
            s[TURNED] = action
            s[TRUMP] = action // 13
            _announce(s, ledger)
        else:
            s[HANDS + seat] |= 1 << action
        return
    card = action - PLAY
    seat = s[TURN]
    s[HANDS + seat] &= ~(1 << card)
    pos = s[TRICKLEN]
    s[TRICK_SEAT + pos] = seat
    s[TRICK_CARD + pos] = card
    s[TRICKLEN] = pos + 1
    if pos + 1 < s[NPL]:
        s[TURN] = ((seat - 1) % s[NPL] + s[NPL]) % s[NPL]
        return
    _finish_trick(s, ledger)


@njit(cache=True, _nrt=False)
def _random_step(s, ledger, mt, variant):
    mask = legal_mask(s)
    card = kth_card(mask, mt_randbelow(mt, popcount(mask), variant))
    apply(s, ledger, card if s[PHASE] == DEALING else PLAY + card)


RANDOM_BOT, HEURISTIC_BOT = 0, 1
"""The bots a compiled match seats (``kinds`` of :func:`play_bot_matches`): the random bot, and
:class:`academie.bots.guimbarde.HeuristicGuimbarde` with its default parameters."""
_HONOURS = (1 << GUIMBARDE) | (1 << ROI)


@njit(cache=True, _nrt=False)
def _beats(s, card, best):
    """``HeuristicGuimbarde._wins``: ``card`` would beat ``best``, the card winning the trick."""
    led = s[TRICK_CARD]
    if is_trump(s, card):
        return not is_trump(s, best) or strength(s, card) > strength(s, best)
    return (not is_trump(s, best) and card // 13 == led // 13 and not is_trump(s, led)
            and strength(s, card) > strength(s, best))


@njit(cache=True, _nrt=False)
def _extreme(s, cards, highest, honours_last):
    """Of a non-empty mask, the first card in card order of the highest (``highest``) or lowest
    strength; with ``honours_last`` the K♥ and the Q♥ count above every other card (lowest)."""
    best = -1
    best_key = 0
    bits = cards
    while bits:
        c = popcount((bits & -bits) - 1)
        key = strength(s, c)
        if honours_last and (c == GUIMBARDE or c == ROI):
            key += 1000
        if best < 0 or (key > best_key if highest else key < best_key):
            best, best_key = c, key
        bits &= bits - 1
    return best


@njit(cache=True, _nrt=False)
def heuristic_action(s):
    """The action :class:`academie.bots.guimbarde.HeuristicGuimbarde` (default parameters: leads
    trumps with three, keeps the honours) chooses for the seat to play; it draws nothing. Its
    only card when it has one; a fou in the trick taken with the Q♥ or the K♥; its own fou kept
    back while the K♥ and the Q♥ are unseen (neither played in the deal nor in its hand);
    leading, its highest trump when it holds three or more, else its highest card not a trump;
    following, the cheapest card that beats the trick's (the honours kept for a marriage in the
    trick and the last two tricks), else its lowest card, the honours last. Ties of strength go
    to the first card in card order, as Python's ``max`` and ``min`` over the legal cards do."""
    seat = s[TURN]
    cards = _playable(s, seat)
    if popcount(cards) == 1:
        return PLAY + popcount((cards & -cards) - 1)
    n = s[NPL]
    for pos in range(s[TRICKLEN]):
        if s[TRICK_CARD + pos] == FOU:
            takers = cards & _HONOURS
            if takers:
                return PLAY + popcount((takers & -takers) - 1)
            break
    if (cards >> FOU) & 1:
        held = 0
        for other in range(n):
            held |= s[HANDS + other]
        played = s[DECK] & ~s[STOCK] & ~held
        if s[TURNED] >= 0:
            played &= ~(1 << s[TURNED])
        seen = played | s[HANDS + seat]
        if seen & _HONOURS != _HONOURS:
            rest = cards & ~(1 << FOU)
            if rest:
                cards = rest
    if s[TRICKLEN] == 0:
        trumps = 0
        bits = cards
        while bits:
            c = popcount((bits & -bits) - 1)
            if is_trump(s, c):
                trumps |= 1 << c
            bits &= bits - 1
        if popcount(trumps) >= 3:
            return PLAY + _extreme(s, trumps, True, False)
        plain = cards & ~trumps
        return PLAY + _extreme(s, plain if plain else cards, True, False)
    best = s[TRICK_CARD + _winner_pos(s, _led(s))]
    beaters = 0
    bits = cards
    while bits:
        c = popcount((bits & -bits) - 1)
        if _beats(s, c, best):
            beaters |= 1 << c
        bits &= bits - 1
    late = s[TRICKNO] >= 3
    cheap = beaters if late else beaters & ~_HONOURS
    if cheap == 0 and not late:
        for pos in range(s[TRICKLEN] - 1):
            king = s[TRICK_CARD + pos]
            if king % 13 == 11 and s[TRICK_CARD + pos + 1] == king - 1:
                cheap = beaters
                break
    if cheap:
        return PLAY + _extreme(s, cheap, False, False)
    return PLAY + _extreme(s, cards, False, True)


@njit(cache=True, _nrt=False)
def _bot_step(s, ledger, mt, variant, kind):
    """One action of the seat to play (or the chance's, kind 0): drawn from ``mt`` as the random
    bot draws it, or the heuristic bot's."""
    if kind == HEURISTIC_BOT:
        apply(s, ledger, heuristic_action(s))
    else:
        _random_step(s, ledger, mt, variant)


@njit(cache=True, _nrt=False)
def _heuristic_step(s, ledger, mt, variant, knobs):
    """The heuristic bot's action (its default parameters; ``knobs`` unread), applied."""
    apply(s, ledger, heuristic_action(s))


@njit(cache=True, _nrt=False)
def _choices(s):
    return popcount(legal_mask(s))


HEURISTIC_KNOBS = ()
"""The heuristic bot's parameters a heuristic playout takes (:func:`heuristic_rollout`'s
``knobs``): none (:class:`academie.bots.guimbarde.HeuristicGuimbarde`'s ``lead_trumps_with`` and ``keep_honours`` are not taken: the playout plays its defaults)."""


KERNEL = sys.modules[__name__]  # the rules go to academie.fast.driver as KERNEL.<name>, so as to be cached


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
    """Counters won per seat; the statistics."""
    for seat in range(s[NPL]):
        returns[seat] = s[COUNTERS + seat] - params[3]
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
    deals, deck mask, counters, then parlett_free, overtrump, honours keep suit, point by value,
    first to two, the rule-3 card, discard marriages, rule 7 on the K♥, hand marriages paid at
    the announcement, grand mariage on the table paid by the K♥'s player only."""
    s = np.zeros(SIZE, dtype=np.int64)
    s[NPL], s[DEALS], s[DECK], s[COUNTERS0] = params[0], params[1], params[2], params[3]
    for i in range(10):
        s[PARLETT + i] = params[4 + i]
    for seat in range(params[0]):
        s[COUNTERS + seat] = params[3]
    s[TRUMP] = -1
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
    :data:`HEURISTIC_BOT`) in the seats (a heuristic bot draws nothing: its seed is not used)."""
    return driver.play_bot_matches(params, seeds, variant, kinds, 1, params[0], 6, KERNEL.new_state, KERNEL._actor,
                                   KERNEL._over, KERNEL._bot_step, KERNEL._record)


@njit(cache=True)
def play_deck_matches(params, decks, seeds, variant, kinds):
    """:func:`play_bot_matches` from stacked decks: match ``m`` deals ``decks[m, d]`` (int64
    card ids in the order they leave the pack, shape ``(matches, deals, pack)``) at deal ``d``,
    with the bots ``kinds[m]`` (shape ``(matches, players)``); seeds as :func:`play_matches`'s.
    Actions -1: a match that needed more deals' decks (:func:`academie.fast.driver.play_deck_matches`)."""
    return driver.play_deck_matches(params, decks, seeds, variant, kinds, 1, params[0], 6, KERNEL.new_state,
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
    base = PLAY if int(s[PHASE]) == PLAYING else 0
    return [base + c for c in range(52) if mask >> c & 1]


def account(account: int | str) -> int:
    """The kernel's account for a pure ledger's: a seat, or a box."""
    return account if isinstance(account, int) else -1 - BOXES.index(account)


_REASONS = (
    ("stake in the ", RULE_STAKE), ("stake for the tricks", RULE_TRICK_STAKE), ("the tricks", RULE_TRICKS),
    ("grand mariage in hand", RULE_GRAND_HAND), ("marriage in hand", RULE_MARRIAGE_HAND),
    ("marriage won by trumping", RULE_MARRIAGE_CUT), ("marriage in play", RULE_MARRIAGE_PLAY),
    ("grand mariage on the table", RULE_GRAND_TABLE), ("the fou taken", RULE_FOU_TAKEN),
    ("the fou [004] règle 5", RULE_FOU_PAID),
)


def rule_of(reason: str) -> int:
    """The kernel's rule code for a pure ledger entry's reason."""
    for start, rule in _REASONS:
        if reason.startswith(start):
            return rule
    if reason.startswith("the ") and " box " in reason:
        return RULE_BOX
    raise ValueError(f"no rule of the compiled Guimbarde pays {reason!r}")


def ledger_rows(entries) -> list[tuple[int, int, int, int, int]]:
    """Pure ledger entries as the kernel's rows (deal, source, target, amount, rule)."""
    return [(e.deal, account(e.source), account(e.target), e.amount, rule_of(e.reason)) for e in entries]


def from_state(state, params: np.ndarray) -> np.ndarray:
    """The kernel's array for a pure :class:`~academie.games.guimbarde.state.GuimbardeState`
    (``params``: :func:`academie.fast.guimbarde_params` of its options), e.g. a determinized
    sample for a rollout."""
    from academie.games.guimbarde import state as pure

    m = state.match
    n = m.num_players
    s = new_state(params, np.zeros((0, 5), dtype=np.int64))
    s[DEALNO], s[DEALER] = m.deal_number, m.dealer
    s[PHASE] = {pure.DEALING: DEALING, pure.PLAYING: PLAYING, pure.OVER: OVER}[state.phase]
    s[TURN] = state.turn
    s[TRUMP] = state.trump
    s[TURNED] = -1 if state.turned is None else state.turned
    s[STOCK] = sum(1 << c for c in state.stock)
    for k, box in enumerate(BOXES):
        s[POTS + k] = m.pots[box]
    for i, name in enumerate(STAT_NAMES):
        s[STATS + i] = state.stats[name]
    for seat in range(n):
        s[HANDS + seat] = sum(1 << c for c in state.hands[seat])
        s[COUNTERS + seat] = m.counters[seat]
        s[TWON + seat] = state.tricks_won[seat]
        for i, number in enumerate(state.reached[seat]):
            s[REACHED + 5 * seat + i] = number
        if state.results:
            s[END_COUNTERS + seat] = state.results[-1].counters[seat]
    s[TRICKLEN], s[TRICKNO] = len(state.trick), state.trick_number
    for pos, (seat, card) in enumerate(state.trick):
        s[TRICK_SEAT + pos], s[TRICK_CARD + pos] = seat, card
    remaining = list(reversed(state.deal_queue))
    s[QPOS] = s[QLEN] - len(remaining)
    for i, seat in enumerate(remaining):
        s[QUEUE + s[QPOS] + i] = -1 if seat is None else seat
    s[FOU_HOLDER] = -1 if state.fou_holder is None else state.fou_holder
    s[FOU_CAPT] = -1 if state.fou_captured_by is None else state.fou_captured_by
    s[HP_N] = 0
    for payer, seat, amount, reason in state.hand_payments:
        _hand_payment(s, payer, seat, amount, rule_of(reason))
    s[LEDGER_N] = len(m.ledger.entries)
    return s


def compared(s: np.ndarray) -> np.ndarray:
    """``s`` with what may differ between two arrays of the same position zeroed (the ledger's
    count, the deal's order already dealt, the trick past its cards, hand payments past their
    count, the order of tricks won past their count)."""
    out = s.copy()
    out[LEDGER_N] = 0
    out[QUEUE: QUEUE + int(s[QPOS])] = 0
    out[TRICK_SEAT + int(s[TRICKLEN]): TRICK_SEAT + 8] = 0
    out[TRICK_CARD + int(s[TRICKLEN]): TRICK_CARD + 8] = 0
    out[HP + 3 * int(s[HP_N]): HP + 3 * HP_CAP] = 0
    for seat in range(8):
        out[REACHED + 5 * seat + int(s[TWON + seat]): REACHED + 5 * seat + 5] = 0
    return out
