"""An :class:`academie.core.sampling.Assignment`'s draw compiled: the same deals from the same
``random.Random``, and the generator left where the pure draw leaves it.

:func:`program` turns an assignment (once; the sampler keeps it per position) into a flat
``int64`` array of steps, replaying what :meth:`Assignment.draw` does with ``order=False``:

- ``FORCED place n cards…``: the cards that fit one place only;
- ``ROOM n (place, room)…``: set the rooms of places (a component's sizes);
- ``SHUFFLE n cards… m places…``: a copy of the cards shuffled, dealt in turn to the places,
  each its room (:func:`~academie.core.sampling._shuffled_into`);
- ``LARGE i tries n cards… m places… rooms… fits…``: a component dealt by rejection, its cards
  shuffled again and again (up to ``tries`` times) until every card fits its place (``fits``:
  for each card number up to the largest, a bit per place it fits); when none fits, :func:`draw` stops and returns ``i``, for the
  pure :meth:`~academie.core.sampling.Assignment.refused` and
  :meth:`~academie.core.sampling.Assignment.deal_from` to go on;
- ``TYPES`` : :func:`~academie.core.sampling._deal_types` — each group's split among its places
  drawn by the number of deals it leaves, its cards shuffled into that split. The weights are the
  pure sampler's own (:func:`~academie.core.sampling._choices`), tabulated over every room the
  draw can reach; with ``set_room``, the rooms left (for the free cards of a split component)
  are set.

An assignment is compiled only when no component is dealt place by place and the tables
are small (:data:`MAX_OPTIONS` splits, each weight below ``2**62``); otherwise :func:`program`
gives None and the pure draw stays. :func:`draw` runs a program: ``out`` gets, per place, the
number of cards then the cards (:func:`layout` says where), in the very order of the pure draw.
"""

from __future__ import annotations

import numpy as np

from academie.fast.pyrandom import njit, py_below, py_shuffle

FORCED, ROOM, SHUFFLE, TYPES, LARGE, END = 1, 2, 3, 4, 5, 0
MAX_OPTIONS = 4096
"""Most splits tabulated for one assignment; past it the pure draw is kept."""
_MAX_WEIGHT = 2**62


def program(assignment) -> np.ndarray | None:
    """The steps of ``assignment``'s draw (see the module's doc), or None when it is not
    compiled (a component dealt by rejection or place by place, tables too large, no deal)."""
    from academie.core.sampling import SHUFFLES, _choices, _shape

    a = assignment
    if not a.possible or a.by_place:
        return None
    n = a.n
    most = max([len(f) for f in a.forced] + [0])
    code: list[int] = [n, 0]  # places, then the most cards a place gets (filled below)
    for p, cards in enumerate(a.forced):
        if cards:
            code += [FORCED, p, len(cards), *cards]
    options = [0]

    def types_step(shape, ltypes, caps, places, start, set_room) -> None:
        # every (t, rooms left) the draw can reach, with its splits
        levels = [{tuple(start): 0}]
        nodes: list[tuple[int, tuple[int, ...]]] = [(0, tuple(start))]
        blocks: list[list[int]] = []
        k = 0
        while k < len(nodes):
            t, left = nodes[k]
            k += 1
            if t == len(ltypes):
                blocks.append([len(places), *(x for pair in zip(places, left) for x in pair)] if set_room else [0])
                continue
            totals, splits = _choices(shape, t, left, caps)
            if not totals or totals[-1] >= _MAX_WEIGHT:
                raise _TooLarge
            options[0] += len(splits)
            if options[0] > MAX_OPTIONS:
                raise _TooLarge
            if len(levels) <= t + 1:
                levels.append({})
            block = [len(splits)]
            for total, (_, xs, rest) in zip(totals, splits):
                nxt = levels[t + 1].get(rest)
                if nxt is None:
                    nxt = levels[t + 1][rest] = len(nodes)
                    nodes.append((t + 1, rest))
                block += [total, nxt, *xs]
            blocks.append(block)
        step = [TYPES, 0, int(set_room), len(ltypes)]  # [1]: where the step ends
        for sig, cs in ltypes:
            step += [len(cs), *cs, len(sig), *(places[j] for j in sig)]
        step.append(len(blocks))
        head = len(code) + len(step) + len(blocks)  # where the first block starts
        offsets = []
        for block in blocks:
            offsets.append(head)
            head += len(block)
        step += offsets
        for block in blocks:
            step += block
        step[1] = head
        code.extend(step)

    try:
        for i, (local, lcaps, ltypes) in enumerate(a.components):
            most = max(most, *(len(f) + c for f, c in zip((a.forced[j] for j in local), lcaps)))
            code += [ROOM, len(local), *(x for pair in zip(local, lcaps) for x in pair)]
            if i in a.large:
                cs = [c for _, group in ltypes for c in group]
                fit = {c: sum(1 << j for j in sig) for sig, group in ltypes for c in group}
                code += [LARGE, i, SHUFFLES, len(cs), *cs, len(local), *local, *lcaps,
                         *(fit.get(c, 0) for c in range(max(cs) + 1))]
            elif i in a.split:
                free = a.split[i][0]
                for _, places, scaps, stypes, shape in a.drawn[i]:
                    types_step(shape, stypes, scaps, places, scaps, True)
                code += [SHUFFLE, len(free), *free, len(local), *local]
            elif len(ltypes) == 1:
                code += [SHUFFLE, len(ltypes[0][1]), *ltypes[0][1], len(local), *local]
            else:
                types_step(_shape(ltypes), ltypes, None, local, lcaps, False)
    except _TooLarge:
        return None
    code[1] = most
    code.append(END)
    return np.array(code, dtype=np.int64)


class _TooLarge(Exception):
    pass


def layout(code: np.ndarray) -> tuple[int, int]:
    """``(places, most)``: ``out`` of :func:`draw` holds the number of cards of place ``p`` at
    ``out[p]`` and its cards from ``out[places + p * most]``; its size is ``places * (most + 1)``."""
    return int(code[0]), int(code[1])


@njit(cache=True, _nrt=False)
def draw(v, code, out, tmp, room):
    """Run ``code`` (:func:`program`) drawing from the generator view ``v``
    (:func:`academie.fast.pyrandom.state_of`) into ``out``; ``tmp`` (at least the cards) and
    ``room`` (at least the places) are scratch. Returns -1, or the component dealt by rejection
    whose every shuffle was refused (``out`` then holds what the components before it dealt)."""
    n = code[0]
    most = code[1]
    for p in range(n):
        out[p] = 0
    pc = 2
    while True:
        op = code[pc]
        if op == END:
            return -1
        if op == FORCED:
            p, m = code[pc + 1], code[pc + 2]
            for k in range(m):
                out[n + p * most + out[p]] = code[pc + 3 + k]
                out[p] += 1
            pc += 3 + m
        elif op == ROOM:
            m = code[pc + 1]
            for k in range(m):
                room[code[pc + 2 + 2 * k]] = code[pc + 3 + 2 * k]
            pc += 2 + 2 * m
        elif op == SHUFFLE:
            m = code[pc + 1]
            for k in range(m):
                tmp[k] = code[pc + 2 + k]
            py_shuffle(v, tmp, m)
            q = pc + 2 + m
            places = code[q]
            i = 0
            for k in range(places):
                p = code[q + 1 + k]
                for _ in range(room[p]):
                    out[n + p * most + out[p]] = tmp[i]
                    out[p] += 1
                    i += 1
            pc = q + 1 + places
        elif op == LARGE:
            component, tries, m = code[pc + 1], code[pc + 2], code[pc + 3]
            cards = pc + 4
            places = code[cards + m]
            where = cards + m + 1
            rooms = where + places
            fits = rooms + places
            for k in range(m):
                tmp[k] = code[cards + k]
            ok = False
            for _ in range(tries):
                py_shuffle(v, tmp, m)
                i = 0
                ok = True
                for j in range(places):
                    for _ in range(code[rooms + j]):
                        if not (code[fits + tmp[i]] >> j) & 1:
                            ok = False
                            break
                        i += 1
                    if not ok:
                        break
                if ok:
                    break
            if not ok:
                return component
            i = 0
            for j in range(places):
                p = code[where + j]
                for _ in range(code[rooms + j]):
                    out[n + p * most + out[p]] = tmp[i]
                    out[p] += 1
                    i += 1
            pc = fits + _largest(code, cards, m) + 1
        else:  # TYPES
            set_room, types = code[pc + 2], code[pc + 3]
            g = pc + 4  # the groups: cards, then places
            q = g
            for t in range(types):
                q += 1 + code[q]
                q += 1 + code[q]
            offsets = q + 1  # (code[q]: the number of node blocks)
            node = 0
            for t in range(types):
                m = code[g]
                cards = g + 1
                sig = cards + m
                width = code[sig]
                b = code[offsets + node]
                count = code[b]
                stride = 2 + width
                total = code[b + 1 + (count - 1) * stride]
                r = py_below(v, total)
                o = 0
                while code[b + 1 + o * stride] <= r:  # bisect_right over the running totals
                    o += 1
                choice = b + 1 + o * stride
                for k in range(m):
                    tmp[k] = code[cards + k]
                py_shuffle(v, tmp, m)
                i = 0
                for j in range(width):
                    x = code[choice + 2 + j]
                    p = code[sig + 1 + j]
                    for _ in range(x):
                        out[n + p * most + out[p]] = tmp[i]
                        out[p] += 1
                        i += 1
                node = code[choice + 1]
                g = sig + 1 + width
            if set_room:
                b = code[offsets + node]
                for k in range(code[b]):
                    room[code[b + 1 + 2 * k]] = code[b + 2 + 2 * k]
            pc = code[pc + 1]


@njit(cache=True, _nrt=False)
def _largest(code, cards, m):
    top = 0
    for k in range(m):
        top = max(top, code[cards + k])
    return top
