"""The loops every compiled kernel plays its rules with, written once: a match of random choices
seeded as :func:`academie.analysis.simulate.simulate` seeds it, a batch of such matches, a rollout
to the end of a deal, and the benchmark's random deals.

A kernel (:mod:`academie.fast.reversis`, ``trente_et_un``, ``belle_flux``, ``guimbarde``,
``guinguette``) gives
its rules as jitted functions of its state array ``s``:

* ``new_state(params, ledger)``: a match at its first chance node;
* ``actor(s)``: the seat to choose, -1 at a chance node;
* ``over(s)``: the match is over;
* ``random_step(s, ledger, mt, variant)``: one legal action drawn uniformly from generator
  ``mt`` as the pure engine draws it (:func:`academie.fast.mt.mt_randbelow`), applied;
* ``deal(s)``: a number that changes when a deal (a round) ends;
* ``standing(s, seat)``: what a rollout counts for ``seat`` (its counters), and
  ``ended(s, seat)`` the same when the last deal ended;
* ``record(s, params, returns, stats)``: a finished match's returns and statistics, written
  in the two rows;
* for a heuristic playout (:func:`heuristic_rollout`), ``choices(s)`` the number of legal
  actions and ``heuristic_step(s, ledger, mt, variant, knobs)`` the game's heuristic bot's action
  applied, its tie-breaks drawn from ``mt``, ``knobs`` its parameters (a float row).

Each kernel's ``play_matches``, ``rollout`` and ``random_deals`` are jitted functions of its own
that call these loops with its rules: numba compiles a loop once per kernel, the rules' calls
direct (as fast as the loop each kernel had), and caches it on disk inside the kernel's function
(``cache=True``). Two things keep that cache working: the loops are called from compiled code (a
loop called from Python with functions as arguments is not found in the cache, and is compiled
again in every process), and a kernel names its rules as attributes of its own module
(``KERNEL._over``), not as bare globals (numba compiles a bare global function passed as an
argument into its address in this process, and does not cache a function holding an address).
The loops themselves are not cached apart (no ``cache=True`` here): numba would file them under
the rules' functions, which it cannot find again in another process (``ReferenceError:
underlying object has vanished`` when it writes the next one); each kernel's cached function
holds its loops' compiled code.
"""

from __future__ import annotations

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

from academie.fast.mt import MT_SIZE, mt_next, mt_seed, mt_seed_rows


@njit(_nrt=False)
def play_match(s, ledger, generators, variant, actor, over, random_step):
    """Play to the end of the match: ``generators[0]`` for the chance nodes, ``generators[1 +
    seat]`` for each seat's uniform choice among its legal actions, as ``simulate`` gives one
    generator to the chance and one to each seat's random bot. Returns the number of actions
    applied."""
    actions = 0
    while not over(s):
        random_step(s, ledger, generators[1 + actor(s)], variant)
        actions += 1
    return actions


@njit
def play_matches(params, seeds, variant, returns_width, stats_width, new_state, actor, over, random_step, record):
    """Play ``len(seeds)`` matches of ``params[0]`` players, match ``m`` with generators seeded
    ``seeds[m]`` (chance last, as ``simulate`` draws them: one per seat, then the chance's).
    Returns (returns, statistics, actions): the rows ``record`` writes (``returns_width`` and
    ``stats_width`` wide) and the number of actions, per match."""
    n = params[0]
    count = seeds.shape[0]
    returns = np.zeros((count, returns_width), dtype=np.int64)
    stats = np.zeros((count, stats_width), dtype=np.int64)
    actions = np.zeros(count, dtype=np.int64)
    generators = np.zeros((n + 1, MT_SIZE), dtype=np.int64)
    keys = np.zeros(n + 1, dtype=np.int64)
    ledger = np.zeros((0, 5), dtype=np.int64)
    for m in range(count):
        keys[0] = seeds[m, n]
        for seat in range(n):
            keys[1 + seat] = seeds[m, seat]
        mt_seed_rows(generators, keys)  # the match's generators seeded side by side
        s = new_state(params, ledger)
        actions[m] = play_match(s, ledger, generators, variant, actor, over, random_step)
        record(s, params, returns[m], stats[m])
    return returns, stats, actions


@njit(_nrt=False)
def play_bot_match(s, ledger, generators, slots, variant, kinds, actor, over, bot_step):
    """:func:`play_match` with a bot of kind ``kinds[1 + seat]`` in each seat (``kinds[0]``: the
    chance's, 0): ``bot_step(s, ledger, generators[slots[1 + seat]], variant, kind)`` applies its
    action. Returns the number of actions applied."""
    actions = 0
    while not over(s):
        k = 1 + actor(s)
        bot_step(s, ledger, generators[slots[k]], variant, kinds[k])
        actions += 1
    return actions


@njit
def play_bot_matches(params, seeds, variant, seat_kinds, draws, returns_width, stats_width, new_state, actor, over,
                     bot_step, record):
    """:func:`play_matches` with the bots ``seat_kinds`` (one per seat; 0: random). A kind whose
    bit is set in ``draws`` draws from its seat's generator, which is seeded (the random bot's
    uniform choice, a heuristic bot's tie-breaks); any other kind draws nothing, and its
    generator is not seeded."""
    n = params[0]
    count = seeds.shape[0]
    returns = np.zeros((count, returns_width), dtype=np.int64)
    stats = np.zeros((count, stats_width), dtype=np.int64)
    actions = np.zeros(count, dtype=np.int64)
    kinds = np.zeros(n + 1, dtype=np.int64)
    slots = np.zeros(n + 1, dtype=np.int64)
    drawing = 1  # the chance's generator, slot 0
    for seat in range(n):
        kinds[1 + seat] = seat_kinds[seat]
        if (draws >> seat_kinds[seat]) & 1:
            slots[1 + seat] = drawing
            drawing += 1
    generators = np.zeros((drawing, MT_SIZE), dtype=np.int64)
    keys = np.zeros(drawing, dtype=np.int64)
    ledger = np.zeros((0, 5), dtype=np.int64)
    for m in range(count):
        keys[0] = seeds[m, n]
        for seat in range(n):
            if (draws >> kinds[1 + seat]) & 1:
                keys[slots[1 + seat]] = seeds[m, seat]
        mt_seed_rows(generators, keys)
        s = new_state(params, ledger)
        actions[m] = play_bot_match(s, ledger, generators, slots, variant, kinds, actor, over, bot_step)
        record(s, params, returns[m], stats[m])
    return returns, stats, actions


@njit
def rollout(s, players, rng_seed, variant, over, deal, standing, ended, random_step):
    """Play uniform random choices (chance too, one generator seeded with ``rng_seed``) from
    ``s`` to the end of its deal, in place. Returns each of the ``players`` seats' change of
    ``standing`` in that time (up to the end of the deal: ``ended``); nothing when the match
    was over. Seeding the generator is about half of a rollout from the play of the cards."""
    before = np.zeros(players, dtype=np.int64)
    for seat in range(players):
        before[seat] = standing(s, seat)
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(mt, rng_seed)
    ledger = np.zeros((0, 5), dtype=np.int64)
    start = deal(s)
    while not over(s) and deal(s) == start:
        random_step(s, ledger, mt, variant)
    out = np.zeros(players, dtype=np.int64)
    if deal(s) != start:
        for seat in range(players):
            out[seat] = ended(s, seat) - before[seat]
    return out


@njit
def heuristic_rollout(s, players, chance_seed, policy_seed, knobs, variant, first, over, deal, standing, ended, actor,
                      choices, random_step, heuristic_step, act):
    """Play the heuristic bot in every seat from ``s`` to the end of its deal, in place, as
    :meth:`academie.bots.ismcts.ISMCTSBot._playout` plays it with ``random.Random(chance_seed)``
    for the chance and ``_SeatBots(factory, policy_seed)`` for the seats: the chance drawn from
    one generator seeded ``chance_seed``; a decision with one legal action played without asking
    the bot (nothing drawn); at a seat's first decision with two or more, its bot's generator
    seeded with the next 32-bit word of a generator seeded ``policy_seed`` (the seats in the order
    they first choose, as ``_SeatBots`` makes its bots), then its tie-breaks drawn from it.
    ``knobs``: float64, shape ``(players, k)``, each seat's bot's parameters. ``first``: an action
    legal in ``s`` applied first (``act(s, ledger, action)``), as the search applies the action it
    values before the playout, or -1 for none. Returns ``players + 1`` numbers: each seat's change
    of ``standing`` to the end of the deal (``ended``), from ``s`` as given (before ``first``), as
    :func:`rollout` gives it, then the number of actions the playout applied (chance outcomes
    counted, ``first`` not)."""
    before = np.zeros(players, dtype=np.int64)
    for seat in range(players):
        before[seat] = standing(s, seat)
    chance = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(chance, chance_seed)
    policy = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(policy, policy_seed)
    bots = np.zeros((players, MT_SIZE), dtype=np.int64)
    made = np.zeros(players, dtype=np.int64)
    forced = np.zeros(MT_SIZE, dtype=np.int64)  # all words 0: draws 0, the one legal action
    ledger = np.zeros((0, 5), dtype=np.int64)
    start = deal(s)
    if first >= 0:
        act(s, ledger, first)
    actions = 0
    while not over(s) and deal(s) == start:
        actions += 1
        seat = actor(s)
        if seat < 0:
            random_step(s, ledger, chance, variant)
        elif choices(s) == 1:
            random_step(s, ledger, forced, variant)
        else:
            if made[seat] == 0:
                mt_seed(bots[seat], mt_next(policy))
                made[seat] = 1
            heuristic_step(s, ledger, bots[seat], variant, knobs[seat])
    out = np.zeros(players + 1, dtype=np.int64)
    if deal(s) != start:
        for seat in range(players):
            out[seat] = ended(s, seat) - before[seat]
    out[players] = actions
    return out


@njit
def random_deals(params, seed, deals, new_state, over, deal, random_step):
    """Benchmark loop: ``deals`` random deals (uniform choices, one generator seeded ``seed``),
    matches one after another. Returns the actions applied."""
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(mt, seed)
    ledger = np.zeros((0, 5), dtype=np.int64)
    actions = 0
    done = 0
    s = new_state(params, ledger)
    while done < deals:
        if over(s):
            s = new_state(params, ledger)
        start = deal(s)
        while deal(s) == start and not over(s):
            random_step(s, ledger, mt, 0)
            actions += 1
        done += 1
    return actions


@njit(_nrt=False)
def play_deck_match(s, ledger, generators, slots, variant, kinds, decks, deal_number, actor, over, bot_step,
                    deal_card):
    """:func:`play_bot_match` with a stacked deck per deal (``decks[d]``: the cards of deal
    ``d``, 0-based as ``deal_number(s)`` counts them, in the order they leave the pack): each
    chance node of a deal applies the deal's next card (``deal_card(s, ledger, card)``); past a
    deal's deck, the chance's generator ``generators[0]`` draws, as the stacked chance's seeded
    fallback does. Returns the number of actions applied, or -1 when the match reached a deal
    with no deck (more decks are needed: the match is to be played again with them)."""
    actions = 0
    current = -1
    pos = 0
    size = decks.shape[1]
    while not over(s):
        k = 1 + actor(s)
        if k == 0:
            d = deal_number(s)
            if d >= decks.shape[0]:
                return -1
            if d != current:
                current = d
                pos = 0
            if pos < size:
                deal_card(s, ledger, decks[d, pos])
                pos += 1
                actions += 1
                continue
        bot_step(s, ledger, generators[slots[k]], variant, kinds[k])
        actions += 1
    return actions


@njit
def play_deck_matches(params, decks, seeds, variant, seat_kinds, draws, returns_width, stats_width, new_state,
                      actor, over, bot_step, deal_number, deal_card, record):
    """Play ``len(seeds)`` matches of ``params[0]`` players from stacked decks
    (:func:`play_deck_match`): match ``m`` with the decks ``decks[m]`` (int64, shape ``(matches,
    deals, pack)``), the bots ``seat_kinds[m]`` (one kind per seat) and the seeds ``seeds[m]``
    (one per seat, then the chance's, for its draws past a deck). A kind whose bit is set in
    ``draws`` draws from its seat's generator, seeded. Returns (returns, statistics, actions) as
    :func:`play_matches`; a match's actions are -1 when it needed more deals' decks than given
    (its rows then unwritten)."""
    n = params[0]
    count = seeds.shape[0]
    returns = np.zeros((count, returns_width), dtype=np.int64)
    stats = np.zeros((count, stats_width), dtype=np.int64)
    actions = np.zeros(count, dtype=np.int64)
    kinds = np.zeros(n + 1, dtype=np.int64)
    slots = np.zeros(n + 1, dtype=np.int64)
    generators = np.zeros((n + 1, MT_SIZE), dtype=np.int64)
    keys = np.zeros(n + 1, dtype=np.int64)
    ledger = np.zeros((0, 5), dtype=np.int64)
    for m in range(count):
        keys[0] = seeds[m, n]
        drawing = 1  # the chance's generator, slot 0
        for seat in range(n):
            kinds[1 + seat] = seat_kinds[m, seat]
            slots[1 + seat] = 0
            if (draws >> seat_kinds[m, seat]) & 1:
                slots[1 + seat] = drawing
                keys[drawing] = seeds[m, seat]
                drawing += 1
        mt_seed_rows(generators[:drawing], keys[:drawing])
        s = new_state(params, ledger)
        actions[m] = play_deck_match(s, ledger, generators, slots, variant, kinds, decks[m], deal_number, actor,
                                     over, bot_step, deal_card)
        if actions[m] >= 0:
            record(s, params, returns[m], stats[m])
    return returns, stats, actions
