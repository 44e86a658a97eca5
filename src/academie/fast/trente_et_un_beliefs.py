"""Beliefs from play at Trente et un, compiled: a particle filter over the kernel's state arrays
(:mod:`academie.fast.trente_et_un`) and Metropolis-Hastings moves over the whole deal's moves, for
:class:`academie.bots.trente_et_un_beliefs.ChainBeliefs`; and the playouts that value a move over
them (:func:`playout_standings`).

A particle is one kernel state of the deal, all hands dealt: the seat's own as its view shows it,
the others' drawn. It is carried along the seat's trace of the deal (``view.trail.deal``), entry
by entry, from the deal's start: a card the seat saw leave the stock must be in the particle's
stock (else the particle weighs 0); a move the seat made is applied; a move of another seat
multiplies the weight by the chance of it under the *model* of that seat's play, the heuristic
of :class:`academie.bots.trente_et_un.HeuristicTrenteEtUn` with the parameters of the seat's
*type* in this particle (``knobs[types[k, seat]]``) that plays a uniform move with probability
``mistake``. A card another seat drew unseen (« Piochez la carte du dessus du talon ») is drawn
in the particle in proportion to its chance (every card of the stock alike) times the model's
chance of what that seat then did before the next unseen card (its discard above all: a card it
threw away it did not want, a card it kept it did): the *guided* draw of a particle filter's
optimal proposal, the weight multiplied by the sum of those products, so that particles do not die
on every discard of a card they do not hold. A card the trace later shows in another's hand (a
discard) or leaving the stock (a draw the seat saw) is never drawn for the wrong seat
(:func:`lookahead`).

The model's chances are those of :meth:`HeuristicTrenteEtUn.probabilities`: its move with
certainty, a discard shared among the cards its scores tie (to 1e-9), read from the kernel's
lockstep heuristic (:func:`academie.fast.trente_et_un.heuristic_action_with`,
:func:`~academie.fast.trente_et_un._discard_score`).
"""

from __future__ import annotations

import math

import numpy as np

from academie.fast.jit import njit
from academie.fast.mt import MT_SIZE, mt_random, mt_seed
from academie.fast.reversis import popcount
from academie.fast.trente_et_un import (
    DEALER, DEALNO, DEALING, DISCARD, DISCARDING, HANDS, LIVES, NPL, OUT, OVER, PHASE, STOCK_DRAW, STOCK_MASK,
    STOCK_N, TURN, _collected, _discard_score, _target_suit, apply, heuristic_action_with, heuristic_rollout, legal_mask,
    new_state, start_deal,
)

SEEN, UNSEEN, MOVE = 0, 1, 2
"""The kinds of a trace entry in :func:`encode`: a card the seat saw leave the stock (dealt or
drawn), a card it did not see, a move of a seat."""

HIDDEN = -1
"""A card the seat did not see, in its trace (:data:`academie.core.sampling.HIDDEN`)."""


def encode(deal: tuple) -> np.ndarray:
    """A trace of one deal (``view.trail.deal``: ``(who, action)`` pairs, a card the seat did not
    see as ``-1``) as an ``int64`` array of shape ``(entries, 3)``: kind (:data:`SEEN`,
    :data:`UNSEEN`, :data:`MOVE`), who (-1: the up card), the card or the action. A card shown
    at the end of the deal (three numbers) ends the encoding: the deal is over."""
    rows = []
    for entry in deal:
        if len(entry) != 2:
            break
        who, action = entry
        if action == HIDDEN:
            rows.append((UNSEEN, who, -1))
        elif action < 52:
            rows.append((SEEN, who, action))
        else:
            rows.append((MOVE, who, action))
    return np.array(rows, dtype=np.int64).reshape(len(rows), 3)


@njit(cache=True)
def lookahead(entries, players):
    """What the trace says of each card after each entry: ``(kind, place, unseen)`` where
    ``kind[p, c]`` is 0 when the trace does not name card ``c`` after entry ``p`` (strictly), 1
    when it next shows it leaving the stock to the seat's eyes, ``2 + seat`` when it next shows
    it in ``seat``'s discard (``seat`` holds it then), ``place[p, c]`` the entry that names it,
    and ``unseen[p, seat]`` the unseen cards ``seat`` got in entries ``0`` to ``p - 1``. Shapes
    ``(entries + 1, 52)`` twice, ``(entries + 1, players)``."""
    n = entries.shape[0]
    kind = np.zeros((n + 1, 52), dtype=np.int64)
    place = np.zeros((n + 1, 52), dtype=np.int64)
    unseen = np.zeros((n + 1, players), dtype=np.int64)
    for pos in range(n):
        for seat in range(players):
            unseen[pos + 1, seat] = unseen[pos, seat]
        if entries[pos, 0] == UNSEEN and entries[pos, 1] >= 0:
            unseen[pos + 1, entries[pos, 1]] += 1
    for pos in range(n - 1, -1, -1):
        for c in range(52):
            kind[pos, c] = kind[pos + 1, c]
            place[pos, c] = place[pos + 1, c]
        if pos + 1 < n:  # kind[pos] is what comes strictly after pos: entry pos + 1 folded in
            n_kind, n_who, n_action = entries[pos + 1, 0], entries[pos + 1, 1], entries[pos + 1, 2]
            if n_kind == SEEN:
                kind[pos, n_action] = 1
                place[pos, n_action] = pos + 1
            elif n_kind == MOVE and n_action >= DISCARD:
                kind[pos, n_action - DISCARD] = 2 + n_who
                place[pos, n_action - DISCARD] = pos + 1
    return kind, place, unseen


@njit(cache=True)
def deal_start(params, lives, out, dealer, deal_number):
    """The kernel's state at the start of a deal (before the first card), from what every view
    shows: each seat's lives and whether it is out, the dealer, the deal's number."""
    s = new_state(params)
    for seat in range(s[NPL]):
        s[LIVES + seat] = lives[seat]
        s[OUT + seat] = out[seat]
    s[DEALER] = dealer
    s[DEALNO] = deal_number
    start_deal(s)
    return s


@njit(cache=True)
def _is_legal(t, action):
    mask = legal_mask(t)
    bit = action - DISCARD if t[PHASE] == DISCARDING else action
    return 0 <= bit < 64 and (mask >> bit) & 1 == 1


@njit(cache=True)
def model_chance(t, action, knob, mistake, scratch):
    """The chance that the seat to play at ``t`` plays ``action`` (legal) under the model: the
    heuristic with ``knob`` (``knock_at``, ``knock_floor``, ``cut_at``, ``knock_by``), a uniform
    move with probability ``mistake``. ``scratch``: a generator's words (the heuristic draws
    nothing to draw or knock)."""
    legal = legal_mask(t)
    count = popcount(legal)
    if t[PHASE] == DISCARDING:
        seat = t[TURN]
        hand = t[HANDS + seat]
        suits, _ = _collected(t, seat)
        target = _target_suit(hand)
        top = -1e300
        bits = legal
        while bits:
            card = popcount((bits & -bits) - 1)
            v = _discard_score(t, hand, card, target, suits)
            if v > top:
                top = v
            bits &= bits - 1
        ties = 0
        mine = False
        bits = legal
        while bits:
            card = popcount((bits & -bits) - 1)
            if _discard_score(t, hand, card, target, suits) >= top - 1e-9:
                ties += 1
                if DISCARD + card == action:
                    mine = True
            bits &= bits - 1
        p = 1.0 / ties if mine else 0.0
    else:
        chosen = heuristic_action_with(t, scratch, knob[0], knob[1], knob[2], knob[3])
        p = 1.0 if chosen == action else 0.0
    return (1.0 - mistake) * p + mistake / count


@njit(cache=True)
def _window(t, entries, start, stop, me, knob_of, mistake, scratch, score):
    """Apply ``entries[start:stop]`` (no unseen card among them) to ``t``; the log of the model's
    chance of the other seats' moves on the way when ``score``; -inf when one is impossible."""
    total = 0.0
    for pos in range(start, stop):
        kind, who, action = entries[pos, 0], entries[pos, 1], entries[pos, 2]
        if t[PHASE] == OVER:
            return -math.inf
        if kind == SEEN:
            if (t[PHASE] != DEALING and t[PHASE] != STOCK_DRAW) or (t[STOCK_MASK] >> action) & 1 == 0:
                return -math.inf
            apply(t, action)
            continue
        if t[PHASE] == DEALING or t[PHASE] == STOCK_DRAW or t[TURN] != who or not _is_legal(t, action):
            return -math.inf
        if score and who != me and popcount(legal_mask(t)) > 1:
            total += math.log(model_chance(t, action, knob_of[who], mistake, scratch))
        apply(t, action)
    return total


@njit(cache=True)
def advance(parts, logw, types, knobs, entries, kind, place, unseen, start, stop, me, mistake, mt, slots):
    """Carry every live particle (``parts``: shape ``(particles, SIZE)``, changed in place) along
    ``entries[start:stop]``, adding to ``logw`` the log of the chance of what the seat saw there
    over the chance the particle was drawn with (-inf: ruled out). ``types[k, seat]`` is the row
    of ``knobs`` (shape ``(types, 4)``) that models ``seat`` in particle ``k``; ``kind``,
    ``place``, ``unseen``: :func:`lookahead` of ``entries``; ``mt``: the generator the unseen
    cards are drawn from; ``slots[k, pos]`` is set to the card drawn for the unseen entry ``pos``.

    An unseen card of ``seat`` is drawn from the particle's stock, never a card the trace next
    shows elsewhere; among the cards it next shows in ``seat``'s own discard (which ``seat``
    must then hold: it took them unseen), with the chance that leaves room for all of them in the
    unseen cards ``seat`` gets until then (all of them when there is no room to spare); else in
    proportion to the model's chance of what ``seat`` does before its next unseen card. The
    weight is multiplied by the card's true chance (one over the stock) times that model's
    chance, over the chance it was drawn with (importance sampling)."""
    count = parts.shape[0]
    n = entries.shape[0]
    players = parts[0, NPL]
    scratch = np.zeros(MT_SIZE, dtype=np.int64)
    weights = np.zeros(52, dtype=np.float64)
    knob_of = np.zeros((players, knobs.shape[1]), dtype=np.float64)
    for k in range(count):
        if logw[k] == -math.inf:
            continue
        t = parts[k]
        for seat in range(players):
            knob_of[seat] = knobs[types[k, seat]]
        deal = t[DEALNO]
        pos = start
        while pos < stop and logw[k] != -math.inf:
            nxt = pos + 1
            while nxt < stop and entries[nxt, 0] != UNSEEN:
                nxt += 1
            if entries[pos, 0] != UNSEEN:
                gained = _window(t, entries, pos, nxt, me, knob_of, mistake, scratch, True)
                logw[k] = gained if gained == -math.inf else logw[k] + gained
                pos = nxt
                continue
            who = entries[pos, 1]
            phase = t[PHASE]
            if not (phase == DEALING or (phase == STOCK_DRAW and t[TURN] == who)):
                logw[k] = -math.inf
                break
            stock = t[STOCK_MASK]
            hand = t[HANDS + who]
            held = 0  # the others' hands
            for seat in range(players):
                if seat != who:
                    held |= t[HANDS + seat]
            candidates = 0
            owed = 0  # cards who must hold later and can get only unseen, from the stock
            latest = pos
            for c in range(52):
                kd = kind[pos, c]
                if kd == 0 or kd == 2 + who:
                    if (stock >> c) & 1:
                        candidates |= 1 << c
                if kd == 2 + who and (hand >> c) & 1 == 0:
                    if (held >> c) & 1:
                        candidates = 0  # in another's hand: it cannot reach who unseen
                        owed = -1
                        break
                    if (stock >> c) & 1 == 0:
                        continue  # on the pile: who may take it there, or draw it after a reshuffle
                    owed |= 1 << c
                    if place[pos, c] > latest:
                        latest = place[pos, c]
            if owed < 0 or candidates == 0:
                logw[k] = -math.inf
                break
            # the cards owed: forced when some are due with no room to spare
            forced = 0
            if owed:
                ok = True
                best_due = n + 1
                bits = owed
                while bits:
                    c = popcount((bits & -bits) - 1)
                    due = place[pos, c]
                    room = unseen[due, who] - unseen[pos, who]
                    need = 0
                    others = owed
                    while others:
                        c2 = popcount((others & -others) - 1)
                        if place[pos, c2] <= due:
                            need += 1
                        others &= others - 1
                    if room < need:
                        ok = False
                    elif room == need and due < best_due:
                        best_due = due
                    bits &= bits - 1
                if not ok:
                    logw[k] = -math.inf
                    break
                if best_due <= n:
                    bits = owed
                    while bits:
                        c = popcount((bits & -bits) - 1)
                        if place[pos, c] <= best_due:
                            forced |= 1 << c
                        bits &= bits - 1
            size = t[STOCK_N]
            total = 0.0
            bits = candidates
            while bits:
                card = popcount((bits & -bits) - 1)
                u = t.copy()
                apply(u, card)
                gained = _window(u, entries, pos + 1, nxt, me, knob_of, mistake, scratch, True)
                weights[card] = 0.0 if gained == -math.inf else math.exp(gained)
                total += weights[card]
                bits &= bits - 1
            # the proposal: forced cards alike; else owed ones with chance alpha, the rest guided
            if forced:
                pool, alpha = forced, 1.0
            elif owed:
                pool = owed
                alpha = popcount(owed) / max(unseen[latest, who] - unseen[pos, who], 1)
            else:
                pool, alpha = 0, 0.0
            if alpha < 1.0 and total <= 0.0:
                alpha = 1.0 if pool else 0.0
            if pool == 0 and total <= 0.0:
                logw[k] = -math.inf
                break
            size_pool = popcount(pool)
            if mt_random(mt) < alpha:
                x = int(mt_random(mt) * size_pool)
                bits = pool
                for _ in range(x):
                    bits &= bits - 1
                chosen = popcount((bits & -bits) - 1)
            else:
                x = mt_random(mt) * total
                chosen, acc = -1, 0.0
                bits = candidates
                while bits:
                    card = popcount((bits & -bits) - 1)
                    if weights[card] > 0.0:
                        chosen = card
                        acc += weights[card]
                        if acc > x:
                            break
                    bits &= bits - 1
            proposal = (alpha / size_pool if (pool >> chosen) & 1 else 0.0) + \
                ((1.0 - alpha) * weights[chosen] / total if total > 0.0 else 0.0)
            if weights[chosen] <= 0.0 or proposal <= 0.0:
                logw[k] = -math.inf
                break
            logw[k] += math.log(weights[chosen] / (size * proposal))
            apply(t, chosen)
            slots[k, pos] = chosen
            _window(t, entries, pos + 1, nxt, me, knob_of, mistake, scratch, False)
            pos = nxt
        if t[DEALNO] != deal or t[PHASE] == OVER or (stop == n and t[PHASE] == DEALING):
            logw[k] = -math.inf  # a deal ended there (a 31 dealt or made) that went on for the seat


@njit(cache=True)
def playout_standings(parts, live, types, knobs, own, me, actions, playouts, seed, variant):
    """For each live particle ``k`` (``live``: their indices), each of ``playouts`` and each of
    ``actions``: the heuristic bots of the types' knobs in the other seats and ``own`` (a knob
    row) in ``me``'s, from the particle after the action to the end of the round, every action of
    one particle and one playout from the same seeds (common random numbers). Returns the
    standings after (lives, plus one while not eliminated): shape ``(live, playouts, actions,
    players)``."""
    n = parts[0, NPL]
    out = np.zeros((live.shape[0], playouts, actions.shape[0], n), dtype=np.int64)
    seeds = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(seeds, seed)
    knob_of = np.zeros((n, knobs.shape[1]), dtype=np.float64)
    for i in range(live.shape[0]):
        k = live[i]
        for seat in range(n):
            knob_of[seat] = knobs[types[k, seat]]
        knob_of[me] = own
        base = parts[k]
        for r in range(playouts):
            chance_seed = np.int64(mt_random(seeds) * 4294967296.0)
            policy_seed = np.int64(mt_random(seeds) * 4294967296.0)
            for j in range(actions.shape[0]):
                u = base.copy()
                won = heuristic_rollout(u, chance_seed, policy_seed, knob_of, variant, actions[j])
                for seat in range(n):
                    out[i, r, j, seat] = base[LIVES + seat] + (1 - base[OUT + seat]) + won[seat]
    return out


@njit(cache=True)
def systematic(weights, x, count):
    """Systematic resampling: ``count`` indices of ``weights`` (normalised), each drawn in
    proportion to its weight, from one uniform ``x`` in [0, 1)."""
    n = weights.shape[0]
    out = np.zeros(count, dtype=np.int64)
    acc = weights[0]
    j = 0
    for i in range(count):
        u = (i + x) / count
        while u > acc and j < n - 1:
            j += 1
            acc += weights[j]
        out[i] = j
    return out



@njit(cache=True)
def replay(base, entries, slots, type_row, knobs, me, mistake, out):
    """Play ``entries`` from ``base`` (the deal's start) into ``out`` (changed), each unseen card
    the one of ``slots`` (a row: the card of each unseen entry); the log of the model's chance of
    the other seats' moves (seat ``s`` modelled by ``knobs[type_row[s]]``), -inf when the trace
    cannot be played so (a card elsewhere, a move not legal, a deal that ends before it does)."""
    out[:] = base
    scratch = np.zeros(MT_SIZE, dtype=np.int64)
    total = 0.0
    deal = base[DEALNO]
    for pos in range(entries.shape[0]):
        kind, who, action = entries[pos, 0], entries[pos, 1], entries[pos, 2]
        phase = out[PHASE]
        if phase == OVER or out[DEALNO] != deal:
            return -math.inf
        if kind != MOVE:
            card = action if kind == SEEN else slots[pos]
            if (phase != DEALING and phase != STOCK_DRAW) or card < 0 or (out[STOCK_MASK] >> card) & 1 == 0:
                return -math.inf
            if kind == UNSEEN and phase == STOCK_DRAW and out[TURN] != who:
                return -math.inf
            apply(out, card)
            continue
        if phase == DEALING or phase == STOCK_DRAW or out[TURN] != who or not _is_legal(out, action):
            return -math.inf
        if who != me and popcount(legal_mask(out)) > 1:
            total += math.log(model_chance(out, action, knobs[type_row[who]], mistake, scratch))
        apply(out, action)
    if out[DEALNO] != deal or out[PHASE] == OVER or out[PHASE] == DEALING:
        return -math.inf
    return total


@njit(cache=True)
def move(base, entries, slots, types, loglik, parts, knobs, type_logprior, me, mistake, steps, mt):
    """``steps`` Metropolis-Hastings moves on each chain ``k`` (``slots[k]``, ``types[k]``, its
    log-likelihood ``loglik[k]`` and its state ``parts[k]``, all changed in place): a move gives
    an unseen card another card (one from the stock, or the card of another unseen entry,
    swapped), or a seat another type (``type_logprior[seat, type]``: the log of its prior
    chance), accepted with the chance of the trace under the model after over before (at most 1):
    the chains then draw the hidden cards from the beliefs' law, not from the proposal's. Returns
    the moves accepted."""
    count = slots.shape[0]
    n = entries.shape[0]
    players = base[NPL]
    positions = np.zeros(n, dtype=np.int64)
    m = 0
    for pos in range(n):
        if entries[pos, 0] == UNSEEN:
            positions[m] = pos
            m += 1
    trial = np.zeros(base.shape[0], dtype=np.int64)
    row = np.zeros(n, dtype=np.int64)
    trow = np.zeros(players, dtype=np.int64)
    accepted = 0
    n_types = knobs.shape[0]
    for k in range(count):
        if loglik[k] == -math.inf:
            continue
        for _ in range(steps):
            for pos in range(n):
                row[pos] = slots[k, pos]
            for seat in range(players):
                trow[seat] = types[k, seat]
            u = mt_random(mt)
            prior_gain = 0.0
            if m == 0 or (n_types > 1 and u < 0.1):
                seat = int(mt_random(mt) * players)
                if seat == me or n_types < 2:
                    continue
                new = int(mt_random(mt) * (n_types - 1))
                if new >= trow[seat]:
                    new += 1
                prior_gain = type_logprior[seat, new] - type_logprior[seat, trow[seat]]
                trow[seat] = new
            else:
                i = positions[int(mt_random(mt) * m)]
                if mt_random(mt) < 0.5 and m > 1:
                    j = positions[int(mt_random(mt) * m)]
                    if i == j:
                        continue
                    row[i], row[j] = row[j], row[i]
                else:
                    stock = parts[k, STOCK_MASK]
                    size = popcount(stock)
                    if size == 0:
                        continue
                    x = int(mt_random(mt) * size)
                    bits = stock
                    for _ in range(x):
                        bits &= bits - 1
                    row[i] = popcount((bits & -bits) - 1)
            ll = replay(base, entries, row, trow, knobs, me, mistake, trial)
            if ll == -math.inf:
                continue
            if math.log(mt_random(mt) + 1e-300) < ll + prior_gain - loglik[k]:
                for pos in range(n):
                    slots[k, pos] = row[pos]
                for seat in range(players):
                    types[k, seat] = trow[seat]
                loglik[k] = ll
                parts[k] = trial
                accepted += 1
    return accepted
