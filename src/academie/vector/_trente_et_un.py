"""The compiled loops of :class:`academie.vector.trente_et_un.TrenteEtUnVector`: ``N`` matches
of Trente et un stepped in one call, each on :mod:`academie.fast.trente_et_un`'s state array,
their chance (the deals, the draws from the stock) drawn, their finished matches started anew
and the current player's observation tensor, legal mask and rewards written, all in one numba
loop over the matches (no Python per match).

Arrays (one row per match): ``states`` the kernel's arrays; ``extra`` what the kernel does not
keep and a view shows: each seat's hand when the last deal ended (``X_FINAL``, 9 masks; what
the view calls ``previous_hand``), and the hands before the action being applied (scratch);
``rng`` one splitmix64 generator per match; ``chance`` the chance outcomes (cards) drawn in
the match's last step, in order (at most ``CHANCE_LOG``, their count in ``chance_n``).
"""

from __future__ import annotations

import numpy as np

from academie.fast.jit import njit, prange  # numba's, or stand-ins without the extra

from academie.fast import trente_et_un as K
from academie.fast.reversis import kth_card, popcount
from academie.vector._rng import _below, seed_all  # noqa: F401  (seed_all: the class seeds with it)

NUM_ACTIONS = K.DISCARD + 52
"""The adapters' action space of Trente et un (:func:`academie.adapters.common.action_space`):
``stock`` 52, ``pile`` 53, ``knock`` 54, a discard 64 + card (cards 0–51 are chance's)."""

PIECES = ("hand", "up_card", "pile", "known", "previous_hand", "lives", "on_bus", "eliminated", "hand_sizes",
          "phase", "dealer", "to_act", "knocker", "stock_count", "hand_value", "turns_taken")
"""The observation layout's pieces whose offsets the loops take (``offsets``, in this order)."""

(O_HAND, O_UP_CARD, O_PILE, O_KNOWN, O_PREVIOUS_HAND, O_LIVES, O_ON_BUS, O_ELIMINATED, O_HAND_SIZES, O_PHASE,
 O_DEALER, O_TO_ACT, O_KNOCKER, O_STOCK_COUNT, O_HAND_VALUE, O_TURNS_TAKEN) = range(len(PIECES))

X_FINAL, X_BEFORE = 0, 9
EXTRA = 18
CHANCE_LOG = 256
"""The most chance outcomes of one step kept in ``chance`` (a step deals a new deal, at times
two or three after 31s dealt, and a new match's first: far fewer)."""


@njit(cache=True, _nrt=False)
def new_match(s, params):
    """:func:`academie.fast.trente_et_un.new_state` in place: ``s`` holds a new match at its
    first chance node."""
    for k in range(s.shape[0]):
        s[k] = 0
    s[K.NPL], s[K.STEP], s[K.LIVES0] = params[0], params[1], params[2]
    for k in range(9):
        s[K.BUS_NONE + k] = params[3 + k]
    for seat in range(params[0]):
        s[K.LIVES + seat] = params[2]
    s[K.WINNER] = -1
    K.start_deal(s)


@njit(cache=True, _nrt=False)
def _apply(s, x, action):
    """:func:`academie.fast.trente_et_un.apply`, keeping each seat's hand as the deal ends in
    ``x[X_FINAL:]`` (the hands at the end are those before the action, less a discarded card)."""
    n = s[K.NPL]
    rounds = s[K.STATS]
    phase = s[K.PHASE]
    turn = s[K.TURN]
    for seat in range(n):
        x[X_BEFORE + seat] = s[K.HANDS + seat]
    K.apply(s, action)
    if s[K.STATS] != rounds:
        if phase == K.DISCARDING:
            x[X_BEFORE + turn] &= ~(1 << (action - K.DISCARD))
        for seat in range(n):
            x[X_FINAL + seat] = x[X_BEFORE + seat]


@njit(cache=True, _nrt=False)
def _chance(s, x, rng, i, chance, chance_n):
    """Draw chance until a player is to act or the match is over: a card dealt, or drawn from
    the stock, uniformly among the stock's (as the pure engine's chance draws), each logged."""
    while s[K.PHASE] == K.DEALING or s[K.PHASE] == K.STOCK_DRAW:
        card = s[K.STOCK_CARDS + _below(rng, i, s[K.STOCK_N])]
        k = chance_n[i]
        if k < CHANCE_LOG:
            chance[i, k] = card
        chance_n[i] = k + 1
        _apply(s, x, card)


@njit(cache=True, _nrt=False)
def _rows(mask, base, obs):
    while mask:
        obs[base + popcount((mask & -mask) - 1)] = 1.0
        mask &= mask - 1


@njit(cache=True, _nrt=False)
def _write(s, x, offsets, obs, mask):
    """The observation tensor of the seat to act (slot for slot the view encoder's of
    :mod:`academie.adapters.tensors.trente_et_un`) and its legal mask; returns that seat."""
    v = s[K.TURN]
    n = s[K.NPL]
    for k in range(obs.shape[0]):
        obs[k] = 0.0
    for k in range(mask.shape[0]):
        mask[k] = False
    hand = s[K.HANDS + v]
    _rows(hand, offsets[O_HAND], obs)
    pile_n = s[K.PILE_N]
    if pile_n > 0:
        obs[offsets[O_UP_CARD] + s[K.PILE_CARDS + pile_n - 1]] = 1.0
    for k in range(pile_n):
        obs[offsets[O_PILE] + s[K.PILE_CARDS + k]] = 1.0
    _rows(x[X_FINAL + v], offsets[O_PREVIOUS_HAND], obs)
    for seat in range(n):
        row = K._mod(seat - v, n)
        _rows(hand if seat == v else s[K.KNOWN + seat], offsets[O_KNOWN] + row * 52, obs)
        lives = s[K.LIVES + seat]
        out = s[K.OUT + seat]
        obs[offsets[O_LIVES] + row] = lives
        if lives == 0 and out == 0:
            obs[offsets[O_ON_BUS] + row] = 1.0
        if out != 0:
            obs[offsets[O_ELIMINATED] + row] = 1.0
        obs[offsets[O_HAND_SIZES] + row] = popcount(s[K.HANDS + seat])
    obs[offsets[O_PHASE] + s[K.PHASE]] = 1.0  # the kernel's phases are the layout's, in its order
    obs[offsets[O_DEALER] + K._mod(s[K.DEALER] - v, n)] = 1.0
    obs[offsets[O_TO_ACT]] = 1.0
    if s[K.KNOCKER] >= 0:
        obs[offsets[O_KNOCKER] + K._mod(s[K.KNOCKER] - v, n)] = 1.0
    obs[offsets[O_STOCK_COUNT]] = s[K.STOCK_N]
    if popcount(hand) == 3:
        obs[offsets[O_HAND_VALUE]] = K.hand_value2(s, hand) / 2.0
    obs[offsets[O_TURNS_TAKEN]] = s[K.TURNS]
    legal = K.legal_mask(s)
    base = K.DISCARD if s[K.PHASE] == K.DISCARDING else 0
    while legal:
        mask[base + popcount((legal & -legal) - 1)] = True
        legal &= legal - 1
    return v


@njit(cache=True, _nrt=False)
def _start(i, states, extra, rng, chance, chance_n, params, offsets, obs, mask, player):
    """Match ``i`` anew: dealt until its first decision (a match over before any, which 31s
    dealt make possible, is started anew), its observation written."""
    s = states[i]
    x = extra[i]
    new_match(s, params)
    for k in range(EXTRA):
        x[k] = 0
    _chance(s, x, rng, i, chance, chance_n)
    while s[K.PHASE] == K.OVER:
        new_match(s, params)
        for k in range(EXTRA):
            x[k] = 0
        _chance(s, x, rng, i, chance, chance_n)
    player[i] = _write(s, x, offsets, obs[i], mask[i])


@njit(cache=True, _nrt=False)
def _step_one(i, action, states, extra, rng, chance, chance_n, params, offsets, obs, mask, rewards, done, player):
    s = states[i]
    x = extra[i]
    chance_n[i] = 0
    _apply(s, x, action)
    _chance(s, x, rng, i, chance, chance_n)
    n = s[K.NPL]
    for seat in range(n):
        rewards[i, seat] = 0.0
    if s[K.PHASE] == K.OVER:
        winner = s[K.WINNER]
        if winner >= 0:  # the returns: the winner +1, every other seat -1/(n-1)
            for seat in range(n):
                rewards[i, seat] = 1.0 if seat == winner else -1.0 / (n - 1)
        done[i] = True
        _start(i, states, extra, rng, chance, chance_n, params, offsets, obs, mask, player)
    else:
        done[i] = False
        player[i] = _write(s, x, offsets, obs[i], mask[i])


@njit(cache=True, _nrt=False)
def first_illegal(states, actions):
    """The first match whose action is not legal (-1 when all are)."""
    for i in range(states.shape[0]):
        s = states[i]
        a = actions[i]
        legal = K.legal_mask(s)
        phase = s[K.PHASE]
        if phase == K.DRAW and K.STOCK <= a <= K.KNOCK:
            ok = (legal >> a) & 1 == 1
        elif phase == K.DISCARDING and K.DISCARD <= a < K.DISCARD + 52:
            ok = (legal >> (a - K.DISCARD)) & 1 == 1
        else:
            ok = False
        if not ok:
            return i
    return -1


@njit(cache=True)
def start_all(states, extra, rng, chance, chance_n, params, offsets, obs, mask, player):
    """Every match anew (see :func:`_start`)."""
    for i in range(states.shape[0]):
        chance_n[i] = 0
        _start(i, states, extra, rng, chance, chance_n, params, offsets, obs, mask, player)


@njit(cache=True)
def step_all(actions, states, extra, rng, chance, chance_n, params, offsets, obs, mask, rewards, done, player):
    """One step of every match (legal actions: see :func:`first_illegal`), on one core."""
    for i in range(states.shape[0]):
        _step_one(i, actions[i], states, extra, rng, chance, chance_n, params, offsets, obs, mask, rewards, done,
                  player)


@njit(cache=True, parallel=True)
def step_all_parallel(actions, states, extra, rng, chance, chance_n, params, offsets, obs, mask, rewards, done,
                      player):
    """:func:`step_all` with the matches shared among numba's threads (each match draws from its
    own generator: the same trajectories as on one core)."""
    for i in prange(states.shape[0]):
        _step_one(i, actions[i], states, extra, rng, chance, chance_n, params, offsets, obs, mask, rewards, done,
                  player)


@njit(cache=True, _nrt=False)
def random_actions(states, picker, out):
    """A legal action per match, uniformly among its legal ones, drawn from its own generator of
    ``picker``."""
    for i in range(states.shape[0]):
        s = states[i]
        legal = K.legal_mask(s)
        bit = kth_card(legal, _below(picker, i, popcount(legal)))
        out[i] = K.DISCARD + bit if s[K.PHASE] == K.DISCARDING else bit
