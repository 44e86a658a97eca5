"""The ISMCTS search of :class:`academie.bots.ismcts.ISMCTSBot` at Reversis, compiled: the whole
iteration loop in the play of the cards, over the kernel's state arrays (:mod:`academie.fast.reversis`).

After Cowling, Powley & Whitehouse, « Information Set Monte Carlo Tree Search » (2012), as the
Python bot searches with random playouts (``rollout=random``, ``infer=none``, ``others=search``,
``depth=0``, ``paired=no``): each iteration draws a world of the seat's view as
:func:`academie.games.reversis.sampling.world` builds it (the proposals of
:mod:`academie.fast.reversis_worlds`, the quinola « forcé » of R18 asked of the kernel's rules,
the 64 bits of the world's history seed drawn as the pure world draws them), descends the tree
by UCB1 with availability counts, expands one untried action drawn as the bot draws it
(``rng.randrange`` over the untried ones, in the order of the legal actions), plays out by the
kernel's :func:`~academie.fast.reversis.rollout` loop seeded with ``rng.getrandbits(32)``, and
backs up each seat's reward. Every number is drawn from the bot's own ``random.Random`` through
:mod:`academie.fast.pyrandom`: with the same seed the compiled search draws the same worlds, the
same expansions and the same playouts as the Python tree with compiled playouts, and leaves the
generator in the same state (``tests/fast/test_reversis_search.py`` checks it in lockstep).

The tree is held in preallocated arrays (:mod:`academie.fast.tree`, shared with the Guimbarde's
search), one row per node. :func:`search` runs ``iterations`` from a given
one so that the caller may read the clock between runs. A world it cannot draw compiled (a
component dealt by rejection refused every shuffle, or no world in
:data:`academie.core.sampling.MAX_TRIES` proposals) stops the search with a code: the caller then
searches in Python from the generator's state before the search.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from academie.fast import reversis as K
from academie.fast.mt import MT_SIZE, mt_seed
from academie.fast.pyrandom import njit, py_choice, py_word
from academie.fast.reversis_worlds import _propose
from academie.fast.tree import ACTION, CHANCE, EXHAUSTED, OK, RESUMED, Tree, back_up, particle_rows, runs, step

__all__ = ["CHANCE", "EXHAUSTED", "OK", "RESUMED", "Position", "position", "run", "run_particles", "search"]


@njit(cache=True)
def _draw_world(s, origin, v, code, rev, out, tmp, room, took, maps, talon_seen, ecart_seq, qinfo, qevents,
                probe, max_tries):
    """One world of the view into ``s``: 0, else RESUMED or EXHAUSTED."""
    places, most = code[0], code[1]
    for _ in range(max_tries):
        status = _propose(v, code, rev, out, tmp, room, took)
        if status == 0:
            continue
        if status >= 2:
            return RESUMED
        for i in range(origin.shape[0]):
            s[i] = origin[i]
        put = np.full(5, -1, dtype=np.int64)
        # maps: rows (kind, a, b, c): 0 hand (seat, at, place), 1 écart (seat, at), 2 talon (index, at),
        # 3 exchanged (seat, index)
        for r in range(maps.shape[0]):
            kind, a, b, c = maps[r, 0], maps[r, 1], maps[r, 2], maps[r, 3]
            if kind == 0:
                mask = 0
                for k in range(out[c]):
                    mask |= 1 << out[places + c * most + k]
                s[K.HANDS + a] = mask
            elif kind == 1:
                put[a] = out[b]
        for j in range(talon_seen.shape[0]):
            s[K.ORIG_TALON + j] = talon_seen[j]
        for r in range(maps.shape[0]):
            kind, a, b = maps[r, 0], maps[r, 1], maps[r, 2]
            if kind == 2 and talon_seen[a] < 0:  # (a talon card the seat saw stays the one it saw)
                s[K.ORIG_TALON + a] = out[b]
            elif kind == 3 and talon_seen[b] < 0:
                s[K.ORIG_TALON + b] = took[a]
        talon = 0
        for j in range(talon_seen.shape[0]):
            talon |= 1 << s[K.ORIG_TALON + j]
        quinola_put = qinfo[2]
        for r in range(ecart_seq.shape[0]):  # (kind 1 exchanged, seat, talon index, own écart card or -1)
            kind, t, idx, own = ecart_seq[r, 0], ecart_seq[r, 1], ecart_seq[r, 2], ecart_seq[r, 3]
            if kind == 1:
                talon &= ~(1 << s[K.ORIG_TALON + idx])
            card = own if own >= 0 else put[t]
            talon |= 1 << card
            if card == K.QUINOLA:
                quinola_put = 1
        s[K.TALON] = talon
        if qinfo[0]:  # the quinola's fate was none or écarté: écarté when it went in the talon
            s[K.QSTATE] = K.Q_ECARTE if quinola_put else K.Q_NONE
        forced = qinfo[1]
        for r in range(qevents.shape[0]):  # (seat, trick number, trick length, later mask, the trick's cards)
            t = qevents[r, 0]
            for i in range(origin.shape[0]):
                probe[i] = s[i]
            probe[K.TRICKNO] = qevents[r, 1]
            probe[K.TRICKLEN] = qevents[r, 2]
            for p in range(qevents[r, 2]):
                probe[K.TRICK_CARD + p] = qevents[r, 4 + p]
            probe[K.HANDS + t] = s[K.HANDS + t] | qevents[r, 3] | (1 << K.QUINOLA)
            forced = 1 if K._playable(probe, t) == (1 << K.QUINOLA) else 0
        s[K.QFORCED] = forced
        py_word(v)  # the world's history seed, rng.getrandbits(64): two words
        py_word(v)
        return OK
    return EXHAUSTED


@njit(cache=True)
def search(origin, v, code, rev, out, tmp, room, took, maps, talon_seen, ecart_seq, qinfo, qevents, max_tries,
           root_legal, me, c, variant, worlds, pool, nodes, totals, ctl, lohi, start, stop, particles, cum):
    """Iterations ``start`` to ``stop - 1`` of the search (see the module's doc), the tree
    ``nodes``/``totals`` and ``ctl`` (nodes used, worlds pooled, base counters from [2]) carried
    from one call to the next, ``lohi`` the smallest and largest rewards so far then the lower
    bound and span UCB maps them with. With ``cum`` not empty, each world is a row of
    ``particles`` (the beliefs' worlds as kernel arrays) drawn by :func:`py_choice` over ``cum``
    (their cumulated weights), as :meth:`academie.bots.particles.Particles.draw` draws one, and
    the proposals' arrays are not read. Returns ``(code, iterations done)``."""
    n = origin[K.NPL]
    s = np.empty_like(origin)
    probe = np.empty_like(origin)
    ledger = np.zeros((0, 5), dtype=np.int64)
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    legal = np.empty(64, dtype=np.int64)
    untried = np.empty(64, dtype=np.int64)
    path = np.empty(256, dtype=np.int64)
    end = np.empty(n, dtype=np.int64)
    rewards = np.empty(n, dtype=np.float64)
    for it in range(start, stop):
        if worlds > 0 and ctl[1] >= worlds:
            row = it % worlds
            for i in range(s.shape[0]):
                s[i] = pool[row, i]
        else:
            if cum.shape[0] > 0:
                row = py_choice(v, cum)
                for i in range(s.shape[0]):
                    s[i] = particles[row, i]
            else:
                code_ = _draw_world(s, origin, v, code, rev, out, tmp, room, took, maps, talon_seen, ecart_seq,
                                    qinfo, qevents, probe, max_tries)
                if code_ != OK:
                    return code_, it
            if worlds > 0:
                for i in range(s.shape[0]):
                    pool[ctl[1], i] = s[i]
                ctl[1] += 1
        if it == 0:
            for seat in range(n):
                ctl[2 + seat] = s[K.COUNTERS + seat]
        deal = s[K.DEALNO]
        node = 0
        first = True
        plen = 0
        lo, span = lohi[2], lohi[3]
        while True:
            if s[K.PHASE] == K.OVER or s[K.DEALNO] != deal:
                break
            if s[K.PHASE] == K.DEALING:
                return CHANCE, it
            player = s[K.TURN]
            count = 0
            if first:
                for k in range(root_legal.shape[0]):
                    legal[k] = root_legal[k]
                count = root_legal.shape[0]
                first = False
            else:
                mask = K._legal_mask(s)
                cards = mask & ~K.PASS_BIT
                base = K.PLAY if s[K.PHASE] == K.PLAYING else K.ECART
                for card in range(52):
                    if cards >> card & 1:
                        legal[count] = base + card
                        count += 1
                if mask & K.PASS_BIT:
                    legal[count] = K.PASS
                    count += 1
            ch, expanded = step(nodes, totals, ctl, v, node, legal, count, untried, player, c, lo, span)
            node = ch
            path[plen] = ch
            plen += 1
            K._apply(s, ledger, nodes[ch, ACTION])
            if expanded:
                break
        if s[K.PHASE] == K.OVER or s[K.DEALNO] != deal:
            for seat in range(n):
                end[seat] = s[K.END_COUNTERS + seat]
        else:  # a playout: K.rollout's loop, seeded with rng.getrandbits(32)
            mt_seed(mt, py_word(v))
            for seat in range(n):
                end[seat] = s[K.COUNTERS + seat]
            start_deal = s[K.DEALNO]
            while s[K.PHASE] != K.OVER and s[K.DEALNO] == start_deal:
                K._random_step(s, ledger, mt, variant)
            if s[K.DEALNO] != start_deal:  # (the rollout counts nothing when the match ended in the deal)
                for seat in range(n):
                    end[seat] = s[K.END_COUNTERS + seat]
        back_up(nodes, totals, ctl, lohi, path, plen, end, n, rewards)
    return OK, stop


class Position:
    """What the compiled search needs of one view, worked out once (kept in the sampler's memo):
    the accepted world's array ``origin``, the proposer's arrays and the world's build spec."""

    def __init__(self, d: dict[str, Any], w0: Any, seat: int, params: np.ndarray, proposer: Any) -> None:
        from academie.games.reversis.sampling import _plan

        self.origin = K._from_state(w0, params)
        self.proposer = proposer
        self.variant = 0
        rows = []
        for t, at, i in proposer.hands:
            rows.append((0, t, at, i))
        for t, at in proposer.ecart:
            rows.append((1, t, at, 0))
        for j, at in proposer.talon:
            rows.append((2, j, at, 0))
        for t, index in proposer.exchanged:
            rows.append((3, t, index, 0))
        self.maps = np.array(rows or [(9, 0, 0, 0)], dtype=np.int64).reshape(-1, 4)
        self.talon_seen = np.array(_plan(d)[4], dtype=np.int64)
        order = d["order"]
        seq = []
        put_seats = {t for t, _ in proposer.ecart}
        for kind, t in d["ecart_order"]:
            if kind in ("exchanged", "discarded"):
                own = w0.ecart_card[t] if t == seat else -1
                seq.append((1 if kind == "exchanged" else 0, t, order.index(t), -1 if own is None else own))
        self.ecart_seq = np.array(seq, dtype=np.int64).reshape(-1, 4)
        fixed = any(card == K.QUINOLA for t, card in enumerate(w0.ecart_card)
                    if t not in put_seats and t != seat and card is not None)
        self.qinfo = np.array([int(w0.quinola in (None, "ecarte")), int(w0.quinola_forced), int(fixed)],
                              dtype=np.int64)
        events = []
        for t, later, trick, number in d["events"][1]:
            cards = [card for _, card in trick]
            mask = 0
            for card in later:
                mask |= 1 << card
            events.append((t, number, len(cards), mask, *cards, *[0] * (5 - len(cards))))
        self.qevents = np.array(events, dtype=np.int64).reshape(-1, 9)


def position(view: Any, kernel_for: Any, deadline: float | None = None) -> Position | None:
    """The compiled search's :class:`Position` for ``view`` (a Reversis seat's view), or None when
    its worlds are not built from an accepted one in the play of the cards, their proposals are
    not compiled, or ``kernel_for(world)`` (``(options, params, module, variant)`` of the kernel
    playing a world, or None) gives no kernel. Raises what :func:`academie.core.sampling.sample`
    raises making the sampler (``deadline``: a :func:`time.perf_counter` reading)."""
    from academie.core.sampling import _sampler_of
    from academie.games.reversis.sampling import HEARTS, PLAYING, _prepare, _where, checks
    from academie.games.reversis.rules import KING_OF_HEARTS, QUEEN_OF_HEARTS, QUINOLA

    cache = _sampler_of(view, deadline)
    if not cache.builds or cache.fixed is not None:
        return None
    memo, base, trail = cache.memo, cache.base, cache.trail
    w0 = memo.get("world")
    if w0 is None or w0.phase != PLAYING or w0.match.deal_number != base.match.deal_number:
        return None
    kernel = kernel_for(w0)
    if kernel is None:
        return None
    params = kernel[1]
    d = _prepare(base, trail.seat, trail.deal, memo)
    checks(d, w0, trail.seat)
    a = d["assignment"]  # (its components dealt by rejection become counted ones when they refuse too often)
    key = (params.tobytes(), id(a), tuple(sorted(a.large)), tuple(sorted(a.by_place)), tuple(sorted(a.split)),
           a.possible)
    known = d.get("search")
    if known is not None and known[0] == key:
        return known[1]
    from academie.fast.reversis_worlds import proposer

    _where(d)
    made = proposer(d, (HEARTS, KING_OF_HEARTS, QUEEN_OF_HEARTS, QUINOLA))
    found = None if made is None else Position(d, w0, trail.seat, params, made)
    if found is not None:
        found.variant = kernel[3]
    d["search"] = (key, found)
    return found


def run(position: Position, rng: random.Random, legal: list[int], me: int, iterations: int, c: float,
        worlds: int, clock: Any = None) -> tuple[int, dict[int, tuple[int, float]], tuple[float, float]] | None:
    """The search from ``position`` with ``rng`` (a plain ``random.Random``, advanced as the Python
    search advances it): ``(iterations done, {root action: (visits, total)}, (lower bound,
    span))``, or None when it cannot be done compiled (``rng`` then left as it was given).
    ``clock``: called between runs of iterations, true to stop (the time per move)."""
    from academie.core.sampling import MAX_TRIES
    from academie.fast.pyrandom import state_of

    v = state_of(rng)
    if v is None:
        return None
    saved = rng.getstate()
    p, pr = position, position.proposer
    tree = Tree(iterations, p.origin.shape[0], worlds)
    root_legal = np.array(legal, dtype=np.int64)

    def part(start: int, stop: int) -> tuple[int, int]:
        return search(p.origin, v, pr.code, pr.rev, pr.out, pr.tmp, pr.room, pr.took, p.maps, p.talon_seen,
                      p.ecart_seq, p.qinfo, p.qevents, MAX_TRIES, root_legal, me, c, p.variant, worlds, tree.pool,
                      tree.nodes, tree.totals, tree.ctl, tree.lohi, start, stop, _NO_PARTICLES, _NO_WEIGHTS)

    done = runs(part, iterations, clock)
    if done is None:
        rng.setstate(saved)
        return None
    return tree.result(done)


_NO_PARTICLES = np.zeros((0, 1), dtype=np.int64)
_NO_WEIGHTS = np.zeros(0, dtype=np.float64)


def run_particles(belief: Any, rng: random.Random, legal: list[int], me: int, iterations: int, c: float,
                  worlds: int, kernel_for: Any, clock: Any = None
                  ) -> tuple[int, dict[int, tuple[int, float]], tuple[float, float]] | None:
    """The search of :func:`run` over ``belief``'s worlds (an updated
    :class:`academie.bots.particles.Particles`: ``worlds`` the states, ``weights`` their
    normalised weights) instead of the sampler's: each iteration draws one by weight from ``rng``
    as :meth:`~academie.bots.particles.Particles.draw` does (``rng.choices`` over the weights),
    so that for the same seed the Python tree with ``infer=particles`` and compiled playouts
    makes the same choices. The same result as :func:`run`; None (``rng`` as given) when the
    worlds are not all in the play of the cards of one deal, ``kernel_for(world)`` gives no
    kernel, or ``rng`` cannot be drawn from compiled."""
    from academie.fast.pyrandom import state_of

    found = particle_rows(belief, kernel_for, K)
    v = state_of(rng)
    if found is None or v is None:
        return None
    particles, cum, variant = found
    origin = particles[0]
    tree = Tree(iterations, origin.shape[0], worlds)
    root_legal = np.array(legal, dtype=np.int64)
    none = np.zeros(1, dtype=np.int64)
    none2 = np.zeros((1, 4), dtype=np.int64)
    none9 = np.zeros((1, 9), dtype=np.int64)
    saved = rng.getstate()

    def part(start: int, stop: int) -> tuple[int, int]:
        return search(origin, v, none, none, none, none, none, none, none2, none, none2, none, none9, 1, root_legal,
                      me, c, variant, worlds, tree.pool, tree.nodes, tree.totals, tree.ctl, tree.lohi, start, stop,
                      particles, cum)

    done = runs(part, iterations, clock)
    if done is None:
        rng.setstate(saved)
        return None
    return tree.result(done)
