"""The proposals of Reversis worlds in the play of the cards, compiled: the hidden cards
(:func:`academie.games.reversis.sampling._layout`: each other seat's hand, écart card, and the
talon card it took) and the checks :func:`academie.games.reversis.sampling.world` makes before
building a world (every heart in the écart one its holder could put there, each payment that told
of a hand the same), drawn from the same ``random.Random`` with the same numbers
(:mod:`academie.fast.pyrandom`, :mod:`academie.fast.assign`). The pure functions stay the
reference; a lockstep test (``tests/fast/test_reversis_worlds.py``) requires the same worlds and
the generator left in the same state.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.fast import assign
from academie.fast.pyrandom import njit, py_below


class Resumed(Exception):
    """The compiled draw stopped at ``component`` (dealt by rejection, every shuffle refused),
    ``dealt`` the cards each place holds so far: for
    :meth:`academie.core.sampling.Assignment.refused` then ``deal_from(component, dealt, rng)``."""

    def __init__(self, component: int, dealt: list[list[int]]) -> None:
        super().__init__(component)
        self.component, self.dealt = component, dealt


class Proposer:
    """The compiled proposals for one position's sampler (``d``: what
    :func:`academie.games.reversis.sampling.derive` found, with its final ``assignment``, the
    places of each kind ``where`` and the ``lasts`` of its payments). :meth:`layout` is
    ``_layout`` followed by ``world``'s checks. Built by :func:`proposer`."""

    def __init__(self, d: dict[str, Any], code: np.ndarray, constants: tuple[int, int, int, int]) -> None:
        hearts, king, queen, quinola = constants
        in_hand, in_ecart, in_talon, exchanged = d["where"]
        n = len(d["played"])
        self.code = code
        places, most = assign.layout(code)
        self.out = np.zeros(places * (most + 1), dtype=np.int64)
        self.tmp = np.zeros(max(len(d["cards"]), 1), dtype=np.int64)
        self.room = np.zeros(places, dtype=np.int64)
        self.took = np.full(n, -1, dtype=np.int64)
        hplace, eplace = [-1] * n, [-1] * n
        for i, t in in_hand:
            hplace[t] = i
        for i, t in in_ecart:
            eplace[t] = i
        head = [n, d["dealer"], int(d["quinola_alone"]), hearts, king, queen, quinola, 0]
        rest = [len(exchanged), *(t for t, _ in exchanged)]
        starts = []  # where each seat's played cards are listed: how many, then the cards
        at = len(head) + 3 * n + len(rest)
        for t in range(n):
            starts.append(at)
            at += 1 + len(d["played"][t])
            rest += [len(d["played"][t]), *d["played"][t]]
        head[7] = at  # where the payments' checks start
        lasts = d["events"][0]
        rest.append(len(lasts))
        for t, suit, later in lasts:
            rest += [t, suit, int(any(c // 13 == suit for c in later))]
        rev = head + hplace + eplace + starts + rest
        self.rev = np.array(rev, dtype=np.int64)
        base = places
        self.hands = [(t, base + i * most, i) for i, t in in_hand]
        self.ecart = [(t, base + i * most) for i, t in in_ecart]
        self.talon = [(j, base + i * most) for i, j in in_talon]
        self.exchanged = exchanged

    Resumed = Resumed  # (for callers holding an instance)

    def layout(self, state: np.ndarray) -> tuple[dict, dict, dict, dict] | None:
        """One proposal drawn from the generator ``state`` (:func:`academie.fast.pyrandom.state_of`):
        ``(held, put, took, talon)`` as ``_layout`` gives them, or None when ``world`` would
        refuse it. Raises :class:`Resumed` when a component dealt by rejection refused every
        shuffle (the generator then where the pure draw has it at that point)."""
        out, took = self.out, self.took
        status = _propose(state, self.code, self.rev, out, self.tmp, self.room, took)
        if status == 0:
            return None
        cards = out.tolist()
        if status >= 2:  # a component dealt by rejection refused every shuffle: the pure draw goes on
            n, most = assign.layout(self.code)
            raise Resumed(status - 2, [cards[n + p * most:n + p * most + cards[p]] for p in range(n)])
        held = {t: cards[at:at + cards[i]] for t, at, i in self.hands}
        put = {t: cards[at] for t, at in self.ecart}
        talon = {j: cards[at] for j, at in self.talon}
        taken = {}
        took = took.tolist()
        for t, index in self.exchanged:
            talon[index] = taken[t] = took[t]
        return held, put, taken, talon


def proposer(d: dict[str, Any], constants: tuple[int, int, int, int]) -> Proposer | None:
    """The compiled proposals for ``d`` (see :class:`Proposer`), or None when its assignment
    is not compiled (:func:`academie.fast.assign.program`)."""
    code = assign.program(d["assignment"])
    return None if code is None else Proposer(d, code, constants)


@njit(cache=True, _nrt=False)
def _propose(v, code, rev, out, tmp, room, took):
    stopped = assign.draw(v, code, out, tmp, room)
    if stopped >= 0:
        return 2 + stopped
    places, most = code[0], code[1]
    n, dealer, alone, hearts, king, queen, quinola = rev[0], rev[1], rev[2], rev[3], rev[4], rev[5], rev[6]
    lasts = rev[7]
    hplace = 8
    eplace = 8 + n
    starts = 8 + 2 * n
    q = 8 + 3 * n
    exchanged = rev[q]
    for t in range(n):
        took[t] = -1
    for k in range(exchanged):  # the talon card each seat who exchanged took: one of its cards
        t = rev[q + 1 + k]
        h = rev[hplace + t]
        held = out[h]
        s = rev[starts + t]
        r = py_below(v, held + rev[s])
        took[t] = out[places + h * most + r] if r < held else rev[s + 1 + r - held]
    for t in range(n):  # a heart in the écart: one its holder could put there
        e_at = rev[eplace + t]
        if e_at < 0:
            continue
        e = out[places + e_at * most]
        if e // 13 != hearts:
            continue
        h = rev[hplace + t]
        s = rev[starts + t]
        count, others = 1, 0  # the hand it came from: held, played, less the card taken, with e
        for k in range(out[h] + rev[s]):
            c = out[places + h * most + k] if k < out[h] else rev[s + 1 + k - out[h]]
            if c == took[t]:
                continue
            if c // 13 == hearts:
                count += 1
            else:
                others += 1
        alone_ok = count == 1 and (e == king or e == queen or (e == quinola and alone == 1))
        if not alone_ok and not (others == 0 and t == dealer):
            return 0
    for k in range(rev[lasts]):  # paid as not his last of the suit: he holds one still
        t, suit, later = rev[lasts + 1 + 3 * k], rev[lasts + 2 + 3 * k], rev[lasts + 3 + 3 * k]
        if later:
            continue
        h = rev[hplace + t]
        found = False
        for j in range(out[h]):
            if out[places + h * most + j] // 13 == suit:
                found = True
                break
        if not found:
            return 0
    return 1
