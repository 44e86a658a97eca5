"""The compiled loops of :class:`academie.vector.reversis.ReversisVector`: ``N`` matches of
Reversis stepped in one call, each on :mod:`academie.fast.reversis`'s state array, their deals
drawn, their finished matches started anew and the current player's observation tensor, legal
mask and rewards written, all in one numba loop over the matches (no Python per match).

Arrays (one row per match): ``states`` the kernel's arrays; ``extra`` what the kernel does not
keep and a view shows, per seat: what it did in the écart (-1 nothing yet, 0 exchanged, 1
declined, 2 discarded), the card it put in the talon, the talon card it took, the one it looked
at after declining (-1: none); ``rng`` one splitmix64 generator per match; ``prev`` each seat's
counters after the last step (rewards are their change); ``dealt`` the cards of the match's
current deal, in the order dealt (the first ``QUEUE_LEN`` of them). ``extra`` also keeps, per seat, the cards it
played this deal (a mask: the ``played`` piece of the information-state tensor).
"""

from __future__ import annotations

import numpy as np

from academie.fast.jit import njit, prange  # numba's, or stand-ins without the extra

from academie.fast import reversis as K
from academie.vector._rng import _below, seed_all  # noqa: F401  (seed_all: the class seeds with it)

NUM_ACTIONS = K.PLAY + 52
"""The adapters' action space of Reversis (:func:`academie.adapters.common.action_space`)."""

PIECES = ("hand", "my_ecart", "my_taken", "peeked", "trick", "ecart", "hand_sizes", "tricks_won", "counters",
          "leader", "phase", "dealer", "to_act", "quinola", "talon_size", "trick_number", "pool", "betes")
"""The observation layout's pieces whose offsets the loops take (``offsets``, in this order)."""

(O_HAND, O_MY_ECART, O_MY_TAKEN, O_PEEKED, O_TRICK, O_ECART, O_HAND_SIZES, O_TRICKS_WON, O_COUNTERS, O_LEADER,
 O_PHASE, O_DEALER, O_TO_ACT, O_QUINOLA, O_TALON_SIZE, O_TRICK_NUMBER, O_POOL, O_BETES) = range(len(PIECES))

X_DONE, X_ECART, X_TAKEN, X_PEEKED, X_PLAYED = 0, 5, 10, 15, 20
EXTRA = 25
DONE_EXCHANGED, DONE_DECLINED, DONE_DISCARDED = 0, 1, 2


@njit(cache=True, _nrt=False)
def new_match(s, params, ledger):
    """:func:`academie.fast.reversis.new_state` in place: ``s`` holds a new match at its first
    chance node (its first ante paid)."""
    for k in range(s.shape[0]):
        s[k] = 0
    s[K.NPL] = params[0]
    s[K.STEP] = params[1]
    s[K.DEALS] = params[2]
    for k in range(3, 14):
        s[K.HAND + k - 3] = params[k]
    for seat in range(params[0]):
        s[K.COUNTERS + seat] = params[7]
    K.start_deal(s, ledger)


@njit(cache=True, _nrt=False)
def _deal(s, ledger, x, rng, i, dealt):
    """Deal the whole deal now starting (uniformly: each card drawn from the stock left, as the
    pure engine's chance does), recording its cards in ``dealt``; the seats' écart and the cards
    they played forgotten."""
    for k in range(X_PLAYED):
        x[k] = -1
    for k in range(X_PLAYED, EXTRA):
        x[k] = 0
    stock = s[K.STOCK]
    count = 0
    while stock:
        dealt[count] = K.lowest_card(stock)
        stock &= stock - 1
        count += 1
    for k in range(s[K.QUEUE_LEN] - s[K.QUEUE_POS]):
        j = k + _below(rng, i, count - k)
        card = dealt[j]
        dealt[j] = dealt[k]
        dealt[k] = card
        K._deal_card(s, card)


@njit(cache=True, _nrt=False)
def _note_ecart(s, x, action):
    """What the view will show of the écart ``action`` of the seat to act (before it is applied)."""
    seat = s[K.TURN]
    talon_card = s[K.ORIG_TALON + K._order_index(s, seat)]
    if action == K.PASS:
        x[X_DONE + seat] = DONE_DECLINED
        x[X_PEEKED + seat] = talon_card
        return
    x[X_ECART + seat] = action - K.ECART
    if seat == s[K.DEALER]:
        x[X_DONE + seat] = DONE_DISCARDED
    else:
        x[X_DONE + seat] = DONE_EXCHANGED
        x[X_TAKEN + seat] = talon_card


@njit(cache=True, _nrt=False)
def _view(s, x, offsets, obs, v, played):
    """Seat ``v``'s observation tensor (slot for slot the view encoder's of
    :mod:`academie.adapters.tensors.reversis`), and from ``played`` (an offset, -1: none) the
    cards each seat played this deal: its information-state tensor."""
    n = s[K.NPL]
    for k in range(obs.shape[0]):
        obs[k] = 0.0
    hand = s[K.HANDS + v]
    base = offsets[O_HAND]
    while hand:
        obs[base + K.lowest_card(hand)] = 1.0
        hand &= hand - 1
    if x[X_ECART + v] >= 0:
        obs[offsets[O_MY_ECART] + x[X_ECART + v]] = 1.0
    if x[X_TAKEN + v] >= 0:
        obs[offsets[O_MY_TAKEN] + x[X_TAKEN + v]] = 1.0
    if x[X_PEEKED + v] >= 0:
        obs[offsets[O_PEEKED] + x[X_PEEKED + v]] = 1.0
    tricklen = s[K.TRICKLEN]
    for pos in range(tricklen):
        row = K._mod(s[K.TRICK_SEAT + pos] - v, n)
        obs[offsets[O_TRICK] + row * 52 + s[K.TRICK_CARD + pos]] = 1.0
    if tricklen > 0:
        obs[offsets[O_LEADER] + K._mod(s[K.TRICK_SEAT] - v, n)] = 1.0
    for seat in range(n):
        row = K._mod(seat - v, n)
        done = x[X_DONE + seat]
        if done >= 0:
            obs[offsets[O_ECART] + row * 3 + done] = 1.0
        obs[offsets[O_HAND_SIZES] + row] = K.popcount(s[K.HANDS + seat])
        obs[offsets[O_TRICKS_WON] + row] = s[K.TCOUNT + seat]
        obs[offsets[O_COUNTERS] + row] = s[K.COUNTERS + seat]
    obs[offsets[O_PHASE] + s[K.PHASE]] = 1.0
    if s[K.PHASE] != K.OVER:
        obs[offsets[O_DEALER] + K._mod(s[K.DEALER] - v, n)] = 1.0
        obs[offsets[O_TO_ACT] + K._mod(s[K.TURN] - v, n)] = 1.0
    else:  # the view shows the last deal's dealer; the kernel has passed the deal on (and no one acts)
        obs[offsets[O_DEALER] + K._mod(s[K.DEALER] - s[K.STEP] - v, n)] = 1.0
    q = s[K.QSTATE]
    if q == K.Q_RENOUNCE or q == K.Q_BETE or (q == K.Q_ECARTE and x[X_ECART + v] == K.QUINOLA):
        obs[offsets[O_QUINOLA] + q - 1] = 1.0
    obs[offsets[O_TALON_SIZE]] = K.popcount(s[K.TALON])
    obs[offsets[O_TRICK_NUMBER]] = s[K.TRICKNO]
    obs[offsets[O_POOL]] = s[K.POOL]
    betes = 0
    for k in range(s[K.BETES]):
        betes += s[K.BETE_POTS + k]
    obs[offsets[O_BETES]] = betes
    if played >= 0:
        for seat in range(n):
            row = played + K._mod(seat - v, n) * 52
            cards = x[X_PLAYED + seat]
            while cards:
                obs[row + K.lowest_card(cards)] = 1.0
                cards &= cards - 1


@njit(cache=True, _nrt=False)
def _write(s, x, offsets, obs, mask):
    """The observation tensor of the seat to act and its legal mask; returns that seat."""
    v = s[K.TURN]
    _view(s, x, offsets, obs, v, -1)
    for k in range(mask.shape[0]):
        mask[k] = False
    legal = K._legal_mask(s)
    base = K.ECART if s[K.PHASE] == K.EXCHANGE else K.PLAY
    if legal & K.PASS_BIT:
        mask[K.PASS] = True
    cards = legal & ~K.PASS_BIT
    while cards:
        mask[base + K.lowest_card(cards)] = True
        cards &= cards - 1
    return v


@njit(cache=True, _nrt=False)
def _start(i, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, player):
    """Match ``i`` anew: its first deal dealt, its observation written."""
    s = states[i]
    new_match(s, params, ledger)
    for seat in range(prev.shape[1]):
        prev[i, seat] = params[7]  # the first ante is paid in the match: the first step's reward tells it
    _deal(s, ledger, extra[i], rng, i, dealt[i])
    player[i] = _write(s, extra[i], offsets, obs[i], mask[i])


@njit(cache=True, _nrt=False)
def _step_one(i, action, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, rewards, done, player,
              autoreset):
    s = states[i]
    x = extra[i]
    if s[K.PHASE] == K.EXCHANGE:
        _note_ecart(s, x, action)
    else:
        x[X_PLAYED + s[K.TURN]] |= np.int64(1) << np.int64(action - K.PLAY)
    K._apply(s, ledger, action)
    if s[K.PHASE] == K.DEALING:
        _deal(s, ledger, x, rng, i, dealt[i])
    n = s[K.NPL]
    for seat in range(n):
        c = s[K.COUNTERS + seat]
        rewards[i, seat] = c - prev[i, seat]
        prev[i, seat] = c
    if s[K.PHASE] == K.OVER:
        done[i] = True
        if autoreset:
            _start(i, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, player)
        else:  # the match stays over: no seat to act, no legal action
            player[i] = -1
            _view(s, x, offsets, obs[i], 0, -1)
            for k in range(mask.shape[1]):
                mask[i, k] = False
    else:
        done[i] = False
        player[i] = _write(s, x, offsets, obs[i], mask[i])


@njit(cache=True, _nrt=False)
def first_illegal(states, actions):
    """The first match whose action is not legal (-1 when all are)."""
    for i in range(states.shape[0]):
        s = states[i]
        a = actions[i]
        legal = K._legal_mask(s)
        phase = s[K.PHASE]
        if phase == K.EXCHANGE and a == K.PASS:
            ok = (legal & K.PASS_BIT) != 0
        elif phase == K.EXCHANGE and K.ECART <= a < K.ECART + 52:
            ok = (legal >> (a - K.ECART)) & 1 == 1
        elif phase == K.PLAYING and K.PLAY <= a < K.PLAY + 52:
            ok = (legal >> (a - K.PLAY)) & 1 == 1
        else:
            ok = False
        if not ok:
            return i
    return -1


@njit(cache=True)
def start_all(states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, player):
    """Every match anew (see :func:`_start`)."""
    for i in range(states.shape[0]):
        _start(i, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, player)


@njit(cache=True)
def step_all(actions, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, rewards, done, player,
             autoreset):
    """One step of every match (legal actions: see :func:`first_illegal`), on one core; without
    ``autoreset`` a finished match stays over (``player`` -1, its mask empty, ``obs`` seat 0's)."""
    for i in range(states.shape[0]):
        _step_one(i, actions[i], states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, rewards,
                  done, player, autoreset)


@njit(cache=True, parallel=True)
def step_all_parallel(actions, states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, rewards, done,
                      player, autoreset):
    """:func:`step_all` with the matches shared among numba's threads (each match draws from its
    own generator: the same trajectories as on one core)."""
    for i in prange(states.shape[0]):
        _step_one(i, actions[i], states, extra, rng, prev, dealt, params, ledger, offsets, obs, mask, rewards,
                  done, player, autoreset)


@njit(cache=True, _nrt=False)
def views_all(states, extra, offsets, played, views):
    """Every seat's tensor of every match: ``views[i, seat]`` (see :func:`_view`)."""
    for i in range(states.shape[0]):
        for seat in range(states[i, K.NPL]):
            _view(states[i], extra[i], offsets, views[i, seat], seat, played)


@njit(cache=True, _nrt=False)
def random_actions(states, picker, out):
    """A legal action per match, uniformly among its legal ones, drawn from its own generator of
    ``picker``; -1 for a match over (without autoreset)."""
    for i in range(states.shape[0]):
        s = states[i]
        if s[K.PHASE] == K.OVER:
            out[i] = -1
            continue
        legal = K._legal_mask(s)
        out[i] = K._action(s, legal, _below(picker, i, K.popcount(legal)))
