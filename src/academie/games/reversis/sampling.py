"""What a seat's trace of a Reversis deal tells about the hidden cards, and histories drawn from it.

Used by :func:`academie.core.sampling.sample`. A seat sees the cards dealt to it, the talon card
it took or looked at (« il est libre de voir au talon celle qu'on auroit prise »), the card it put
in the talon, what every other seat did in the écart (never which card), every card played, and
the talon at the end of the deal (« Le talon se paye sur la valeur des cartes qu'il contient »).

A world of the deal is, for each other seat ``t``: the cards it holds now (``H_t``), the card it
put in the talon (``E_t``) and, when it exchanged, which of its cards it took from the talon
(``K_t``, one of ``H_t`` or of the cards it played); and the talon cards nobody took (``Tr_j``).
What play has shown narrows each hand card by card:

- a seat that did not follow the suit led holds none of it (« on est obligé de donner une carte de
  la couleur qu'on joue »);
- the first to lead who led no heart holds none (« doit toujours commencer par jouer du cœur s'il
  en a »);
- under the quinola's rule of the first two tricks (R12), a seat that renounced in them with
  another card holds no quinola (« il l'est toujours dans les deux premiers tours »);
- a card put in the écart is no heart but a lone K♥, Q♥ or quinola (the quinola under R12's
  rule only; none when the seat played two other hearts), except the dealer's (R21);
- at the end of the deal, the talon turned over is the talon cards nobody took, in the order they
  were dealt, then the écart cards in the order they were put: each such place's card is known.

:func:`propose` draws the hidden cards uniformly among the worlds meeting these conditions
(:class:`academie.core.sampling.Assignment`), ``K_t`` uniformly among the seat's cards, and the order in
which each seat was dealt its cards uniformly: every history counts alike. The conditions are
necessary, not all sufficient (whether a lone heart could go in the écart depends on the whole
hand): :func:`~academie.core.sampling.sample` replays each proposal and keeps it only when the
seat's view of it is the real one. In the play of the cards, :func:`world` builds the world of a
proposal without replaying it, and writes its history only when it is first read (a rollout
converted to the compiled kernel never reads it): the order in which each seat was dealt its
cards is then drawn from a seed the sample drew, so it is uniform too and the same view and seed
still give the same history.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from academie.core.sampling import HIDDEN, REVEAL, Assignment, below, shuffle
from academie.games.reversis.rules import KING_OF_HEARTS, QUEEN_OF_HEARTS, QUINOLA, is_heart
from academie.games.reversis.actions import ECART, ECART_HIDDEN, PASS, PLAY, PLAYING

HEARTS = QUINOLA // 13


def derive(base: Any, seat: int, trace: tuple) -> dict[str, Any]:
    """What ``seat``'s trace of the deal starting at ``base`` says (see the module's doc):
    the places of the hidden cards, their sizes, the cards to deal into them and which card
    fits which place."""
    n, dealer = base.num_players, base.match.dealer
    order = base.order()
    recipients = list(reversed(base.deal_queue))  # who receives each card, first card first
    actions = [e for e in trace if len(e) == 2]
    revealed = {e[2] for e in trace if len(e) == 3 and e[0] == REVEAL}
    chance = actions[: len(recipients)]
    slots: dict[int, list[int]] = {t: [] for t in range(n)}
    talon_hidden: list[tuple[int, int]] = []  # (talon index, position)
    known: set[int] = set()
    j = 0
    for pos, (who, obs) in enumerate(chance):
        if recipients[pos] is None:
            if obs == HIDDEN:
                talon_hidden.append((j, pos))
            j += 1
        elif recipients[pos] != seat:
            slots[recipients[pos]].append(pos)
        if obs != HIDDEN:
            known.add(obs)
    ecart: dict[int, str] = {}
    plays: list[tuple[int, int]] = []
    for who, obs in actions[len(chance):]:
        if obs >= PLAY:
            plays.append((who, obs - PLAY))
        elif obs == PASS:
            ecart[who] = "declined"
        elif obs == ECART_HIDDEN:
            ecart[who] = "discarded" if who == dealer else "exchanged"
        elif ECART <= obs < ECART + 52:
            ecart[who] = "mine"
    played: dict[int, list[int]] = {t: [] for t in range(n)}
    for who, card in plays:
        played[who].append(card)
    # what play showed of each hand
    voids: dict[int, set[int]] = {t: set() for t in range(n)}
    no_quinola: set[int] = set()
    early = base.options.first_two == "tricks"
    for k in range(0, len(plays), n):
        trick = plays[k:k + n]
        led = trick[0][1] // 13
        if k == 0 and led != HEARTS:
            voids[trick[0][0]].add(HEARTS)  # the first lead is a heart « s'il en a »
        for who, card in trick[1:]:
            if card // 13 != led:
                voids[who].add(led)
                if early and k < 2 * n and card != QUINOLA:
                    no_quinola.add(who)
    others = [t for t in range(n) if t != seat]
    exchanged = {t for t in others if ecart.get(t) == "exchanged"}
    taken = {order.index(t) for t in exchanged}
    places: list[tuple[str, int]] = []  # (kind, seat or talon index)
    caps: list[int] = []
    for t in others:
        size = len(slots[t]) + (t in exchanged) - (ecart.get(t) in ("exchanged", "discarded")) - len(played[t])
        places.append(("H", t))
        caps.append(size)
        if ecart.get(t) in ("exchanged", "discarded"):
            places.append(("E", t))
            caps.append(1)
    for idx, _ in talon_hidden:
        if idx not in taken:
            places.append(("T", idx))
            caps.append(1)
    stock = len(recipients) - len(chance)
    if stock:
        places.append(("S", -1))
        caps.append(stock)
    shown = {c for t in others for c in played[t]}
    cards = [c for c in base.deck if c not in known and c not in shown]

    ecart_order = [("exchanged" if obs != PASS and who != dealer else "discarded" if obs != PASS else "declined", who)
                   for who, obs in actions[len(chance):] if obs < PLAY]
    pinned = _talon_places(trace, ecart_order, order, j)

    quinola_alone = base.options.quinola_force or (
        base.options.first_two == "deals" and base.match.deal_number < 2 * n)

    def fits(card: int, place: int) -> bool:
        kind, t = places[place]
        if kind == "H":
            return card // 13 not in voids[t] and not (card == QUINOLA and t in no_quinola) and card not in revealed
        if pinned is not None and kind in ("E", "T"):
            return card == pinned[kind, t]
        if revealed and kind in ("E", "T") and card not in revealed:
            return False
        if kind == "E":
            # a heart goes in the écart only alone in its hand (the dealer's aside): not when he
            # played two others, the quinola only under its own rule (R12)
            if t == dealer or not is_heart(card):
                return True
            if sum(map(is_heart, played[t])) >= 2:
                return False
            return card in (KING_OF_HEARTS, QUEEN_OF_HEARTS) or (card == QUINOLA and quinola_alone)
        return True

    return {"places": places, "caps": caps, "cards": cards, "fits": fits, "slots": slots, "played": played,
            "exchanged": exchanged, "order": order, "talon_hidden": talon_hidden, "actions": actions,
            "n_chance": len(chance), "recipients": recipients, "ecart_order": ecart_order, "quinola": QUINOLA,
            "voids": voids, "dealer": dealer, "quinola_alone": quinola_alone}


def _talon_places(trace: tuple, ecart_order: list[tuple[str, int]], order: list[int],
                  dealt: int) -> dict[tuple[str, int], int] | None:
    """At the end of a deal, the card each talon place and écart place held, read from the talon
    as it was turned over (« Le talon se paye sur la valeur des cartes qu'il contient »), or None
    before the end. Each exchange took the talon card of the exchanger's rank in the order of
    play and put its écart card at the end; the dealer's écart went at the end too. The talon
    turned over is therefore the cards nobody took, in the order they were dealt, then the écart
    cards in the order they were put: ``("T", index)`` and ``("E", seat)`` places are known one
    by one, not only as a set (a finished deal is then rebuilt without rejecting orders)."""
    shown = [e[2] for e in trace if len(e) == 3 and e[0] == REVEAL]
    if not shown:
        return None
    taken = {order.index(who) for kind, who in ecart_order if kind == "exchanged"}
    untaken = [i for i in range(dealt) if i not in taken]
    put = [who for kind, who in ecart_order if kind != "declined"]
    if len(shown) != len(untaken) + len(put):
        return None  # not the talon this reading knows: the set alone is used
    pinned = {("T", i): shown[r] for r, i in enumerate(untaken)}
    pinned.update({("E", who): shown[len(untaken) + r] for r, who in enumerate(put)})
    return pinned


def _layout(d: dict[str, Any], rng: random.Random) -> tuple[dict, dict, dict, dict] | None:
    """One proposal's hidden cards: each other seat's hand now, its écart card, the talon card
    it took, and the talon cards by index."""
    dealt = d["assignment"].draw(rng, order=False)  # each hand shuffled when dealt (_orders)
    return None if dealt is None else _finish(d, dealt, rng)


def _finish(d: dict[str, Any], dealt: list[list[int]], rng: random.Random) -> tuple[dict, dict, dict, dict]:
    """:func:`_layout` from the cards dealt to each place: the talon card each seat who
    exchanged took drawn."""
    in_hand, in_ecart, in_talon, exchanged = _where(d)
    held = {t: dealt[i] for i, t in in_hand}
    put = {t: dealt[i][0] for i, t in in_ecart}
    talon = {t: dealt[i][0] for i, t in in_talon}
    took: dict[int, int] = {}
    played = d["played"]
    for t, index in exchanged:
        cards = held[t] + played[t]
        talon[index] = took[t] = cards[below(rng, len(cards))]  # the talon card he took
    return held, put, took, talon


def _where(d: dict[str, Any]) -> tuple[list, list, list, list]:
    """The places of each kind (hands, écart cards, talon cards), and the talon index of each
    seat who exchanged, in the order :func:`_layout` draws the cards they took."""
    where = d.get("where")
    if where is None:
        order, places = d["order"], d["places"]
        where = d["where"] = tuple([(i, t) for i, (k, t) in enumerate(places) if k == kind] for kind in "HET") + (
            [(t, order.index(t)) for t in d["exchanged"]],)
    return where


COMPILED_AFTER = 20_000
"""Worlds of the play of the cards this process draws by the pure proposals before it turns to
the compiled ones. Loading them (numba's import, its cached functions) takes one to two
seconds once per process, and each world then takes half the time (some 25 µs less): a
script, a hint or an adapter that samples a few worlds never pays it, a search soon does
(``benchmarks/first_sample.py``). Both draw the same worlds from the same numbers."""
_drawn = 0  # worlds of the play drawn by the pure proposals so far, up to COMPILED_AFTER

COMPILED: Any = None
"""The compiled proposals, installed by :mod:`academie.fast` when it is imported (the layer that
runs the games chooses the faster way; a game imports no kernel): an object with
``available()`` (whether ``academie[fast]`` is installed), ``proposer(d, cards)`` (the proposals
of :mod:`academie.fast.reversis_worlds` for ``d``) and ``state_of(rng)`` (``rng``'s state for
compiled draws). None: the pure proposals only."""


def _compiled(d: dict[str, Any]) -> Any:
    """The compiled proposals of :mod:`academie.fast.reversis_worlds` for ``d`` (made once, by
    :data:`COMPILED`), or None without ``academie[fast]`` or when academie.fast is not imported, when its assignment is not compiled, or while this process
    has drawn fewer than :data:`COMPILED_AFTER` worlds."""
    global _drawn
    if _drawn < COMPILED_AFTER:
        _drawn += 1
        return None
    fast = d.get("fast", False)
    if fast is False:
        fast = d["fast"] = None
        if COMPILED is not None and COMPILED.available():
            _where(d)
            fast = d["fast"] = COMPILED.proposer(d, (HEARTS, KING_OF_HEARTS, QUEEN_OF_HEARTS, QUINOLA))
    return fast


def _plan(d: dict[str, Any]) -> tuple:
    """What writing a history takes, worked out once per trace: the deal's actions as the seat
    saw them (its own cards, the talon cards it saw, every écart declined and card played in
    place), the positions of each other seat's hidden cards in the order dealt, of the hidden
    talon cards (with their index in the talon) and of the cards put face down in the écart (with
    who put them), and the talon as the seat saw it dealt (:data:`HIDDEN` where it did not)."""
    plan = d.get("plan")
    if plan is None:
        recipients, n_chance = d["recipients"], d["n_chance"]
        template: list[int] = []
        slots: dict[int, list[int]] = {}
        talon_slots: list[tuple[int, int]] = []
        ecart_slots: list[tuple[int, int]] = []
        talon_seen: list[int] = []
        for pos, (who, obs) in enumerate(d["actions"]):
            template.append(obs)
            if pos < n_chance:
                r = recipients[pos]
                if r is None:
                    if obs == HIDDEN:
                        talon_slots.append((pos, len(talon_seen)))
                    talon_seen.append(obs)
                elif obs == HIDDEN:
                    slots.setdefault(r, []).append(pos)
            elif obs == ECART_HIDDEN:
                ecart_slots.append((pos, who))
        plan = d["plan"] = (template, slots, talon_slots, ecart_slots, talon_seen)
    return plan


def _dealt(played: dict[int, list[int]], layout: tuple) -> dict[int, list[int]]:
    """The cards each other seat was dealt for a layout of :func:`_layout` (``played``: the cards
    each seat played), new lists: the hand it holds and the cards it played, less the talon card
    it took, with the card it put in the talon."""
    held, put, took, _ = layout
    dealt: dict[int, list[int]] = {}
    for t, hand in held.items():
        cards = hand + played[t]
        if t in took:
            cards.remove(took[t])
        if t in put:
            cards.append(put[t])
        dealt[t] = cards
    return dealt


def _orders(played: dict[int, list[int]], layout: tuple, rng: random.Random) -> dict[int, list[int]]:
    """:func:`_dealt`, each seat's cards in a random order (the last dealt first)."""
    dealt = _dealt(played, layout)
    for cards in dealt.values():
        shuffle(rng, cards)
    return dealt


def _write(plan: tuple, to_deal: dict[int, list[int]], talon: dict[int, int], put: dict[int, int]) -> list[int]:
    """The deal's actions for the cards dealt in :func:`_orders`' order, the talon and the écart
    cards of a layout."""
    template, slots, talon_slots, ecart_slots, _ = plan
    actions = template.copy()
    for r, cards in to_deal.items():  # (in the deal, a seat may have no card yet)
        for pos, card in zip(slots.get(r, ()), reversed(cards)):  # the last card dealt first
            actions[pos] = card
    for pos, j in talon_slots:
        actions[pos] = talon[j]
    for pos, who in ecart_slots:
        actions[pos] = ECART + put[who]
    return actions


def _late_history(plan: tuple, dealt: dict[int, list[int]], talon: dict[int, int], put: dict[int, int],
                  before: list[int], seed: int) -> list[int]:
    """The history of a world of :func:`world`: ``before`` then the deal's actions, each seat
    dealt its cards (``dealt``, left as they are) in an order drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    orders = {}
    for t, cards in dealt.items():
        orders[t] = cards = cards.copy()
        shuffle(rng, cards)
    return before + _write(plan, orders, talon, put)


def _history(d: dict[str, Any], layout: tuple, rng: random.Random) -> list[int]:
    """The deal's actions for a layout of :func:`_layout`, each seat dealt its cards in a random
    order."""
    return _write(_plan(d), _orders(d["played"], layout, rng), layout[3], layout[1])


def _prepare(base: Any, seat: int, trace: tuple, memo: dict[str, Any]) -> dict[str, Any]:
    d = memo.get("reversis")
    if d is None:
        d = memo["reversis"] = derive(base, seat, trace)
        d["assignment"] = Assignment(d["cards"], d["caps"], d["fits"])
    return d


def propose(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
    """A history of the deal starting at ``base`` drawn uniformly among those meeting what
    :func:`derive` found in ``seat``'s trace, or None when the hidden cards cannot be dealt so
    (then drawn again)."""
    d = _prepare(base, seat, trace, memo)
    layout = _layout(d, rng)
    return None if layout is None else _history(d, layout, rng)


def world(base: Any, seat: int, trace: tuple, rng: random.Random, memo: dict[str, Any]) -> Any:
    """In the play of the cards, the world of a proposal built at once from a world the replay
    accepted (``memo["world"]``): what play made of it is the same in every world (tricks,
    payments, voids), so only the hidden cards and what follows from them are set — each
    other seat's hand, écart card and talon card, the talon, the quinola's fate — and the
    proposal kept only when the replay would keep it: every écart legal for the hand it came
    from, and each payment that told of a hand (a quinola or an ace given when it was its
    holder's last of the suit) the same. Returns the world, None (drawn again) or False (not in
    the play: replay)."""
    w0 = memo["world"]
    if w0.phase != PLAYING or w0.match.deal_number != base.match.deal_number:
        return False
    d = _prepare(base, seat, trace, memo)
    events = checks(d, w0, seat)
    fast = _compiled(d)
    generator = None if fast is None else _generator(rng)
    checked = False
    if generator is not None:  # the same proposal and checks, compiled (the same numbers drawn)
        try:
            layout = fast.layout(generator)
            checked = True
        except fast.Resumed as stop:  # a rejection refused every shuffle: the pure draw goes on
            d["fast"] = False  # the assignment counts that component from now on: compiled again
            a = d["assignment"]
            ok = a.refused(stop.component) and a.deal_from(stop.component, stop.dealt, rng)
            layout = _finish(d, stop.dealt, rng) if ok else None
    else:
        layout = _layout(d, rng)
    if layout is None:
        return None
    held, put, took, _ = layout
    probe = d.get("probe")  # a world whose hands and trick are set to ask the rules
    if probe is None:
        probe = d["probe"] = w0.clone()
    if not checked:
        # the écart: each card put in the talon was one its holder could put there (any card
        # but a heart may go: the rules are asked only about a heart)
        for t, e in put.items():
            if e // 13 == HEARTS:
                probe.hands[t] = [c for c in held[t] + d["played"][t] if c != took.get(t)] + [e]
                if e not in probe._ecart_cards(t):
                    return None
        # what the payments told of the hands (a void is no card of the suit in any proposal:
        # only a suit still held is checked)
        for t, suit, later in events[0]:
            if not any(c // 13 == suit for c in held[t]) and not any(c // 13 == suit for c in later):
                return None
    order = d["order"]
    # the quinola « forcé » (R18)
    quinola_played = events[1]
    forced = w0.quinola_forced
    for t, later, trick, number in quinola_played:  # was it its holder's only playable card?
        probe.trick, probe.trick_number, probe.hands[t] = list(trick), number, held[t] + later + [QUINOLA]
        forced = probe._playable(t) == [QUINOLA]
    w = w0._clone_but_cards()
    w.hands = [held[t] if t in held else hand.copy() for t, hand in enumerate(w0.hands)]
    w.traces, w.talon_slots = [[] for _ in w0.hands], []  # stale: made from the history when needed
    w.quinola_forced = forced
    plan = _plan(d)
    talon_dealt = layout[3]
    original = [talon_dealt[j] if c == HIDDEN else c for j, c in enumerate(plan[4])]
    talon = original.copy()
    for kind, t in d["ecart_order"]:
        if kind == "exchanged":
            talon.remove(original[order.index(t)])
            talon.append(w.ecart_card[t] if t == seat else put[t])
        elif kind == "discarded":
            talon.append(w.ecart_card[t] if t == seat else put[t])
    w.talon, w.original_talon = talon, original
    for t in held:
        if t in put:
            w.ecart_card[t] = put[t]
        if t in took:
            w.taken[t] = took[t]
        if w.peeked[t] is not None:
            w.peeked[t] = original[order.index(t)]
    if w0.quinola in (None, "ecarte"):
        w.quinola = "ecarte" if d["quinola"] in w.ecart_card else None
    # The history is written when first read (a rollout from the world may never read it),
    # each seat's cards dealt in an order drawn then from a seed drawn now: uniform, and the
    # same view and seed give the same history.
    del w.__dict__["history"]
    w._history_recipe = partial(_late_history, plan, _dealt(d["played"], layout), talon_dealt, put, base.history,
                                rng.getrandbits(64))
    w._history_shared = False
    w._stale = (len(base.history), base.match.dealer, tuple(order))
    w._sampled_from = w0  # the same but for the cards, until played on (academie.fast.reversis.from_state)
    return w


def checks(d: dict[str, Any], w0: Any, seat: int) -> tuple[list, list]:
    """What :func:`world` checks on each proposal of ``d`` (what :func:`derive` found, its
    assignment narrowed here once by the voids the payments told), from the accepted world
    ``w0`` of ``seat``'s view: ``(lasts, quinolas)``, the payments paid as not their holder's
    last of the suit ``(seat, suit, cards it played after)``, and the quinolas played ``(seat,
    cards it played after, the trick before it, its number)`` (R18, « forcé »)."""
    events = d.get("events")
    if events is None:
        events = _events(d, w0, seat)
        # A quinola or an ace given on its suit and paid as its holder's last of it (as in every
        # consistent world, w0 among them) tells he has none of the suit left: a void. Paid as
        # not his last, he must still hold one of the suit: checked on each proposal.
        lasts = []
        for t, kind, suit, later, _, _ in events:
            if kind == "last":
                if any(c // 13 == suit for c in w0.hands[t] + later):
                    lasts.append((t, suit, later))
                else:
                    d["voids"][t].add(suit)
        d["events"] = events = (lasts, [(t, later, trick, number) for t, kind, _, later, trick, number in events
                                        if kind == "quinola"])
        d["assignment"] = Assignment(d["cards"], d["caps"], d["fits"])
    return events


def _generator(rng: random.Random) -> Any:
    """``rng``'s state for compiled draws (:func:`academie.fast.pyrandom.state_of`), or None."""
    global _generator
    state_of = COMPILED.state_of

    _generator = state_of  # looked up once (called only once academie[fast] is known installed)
    return state_of(rng)


def _events(d: dict[str, Any], w0: Any, seat: int) -> list[tuple]:
    """The plays by other seats whose effect depends on their hidden cards: a quinola given on
    a heart lead or an ace given on its suit, paid or not by whether it was its holder's last
    of the suit (``'last'``), and the quinola played (``'quinola'``, R18). Each with the seat,
    the suit, the cards it played after, and the trick before it and its number."""
    from academie.games.reversis.rules import QUINOLA as Q

    n = len(d["played"])
    plays = [(who, card) for who, card in w0.played]
    done = len(plays) - len(w0.trick)  # the plays of finished tricks: their payments are made
    out = []
    for i, (who, card) in enumerate(plays):
        if who == seat:
            continue
        k = i % n
        trick = tuple(plays[i - k:i])
        later = [c for s, c in plays[i + 1:] if s == who]
        led = trick[0][1] // 13 if trick else None
        if card == Q:
            out.append((who, "quinola", HEARTS, later, trick, i // n))
        if k > 0 and i < done and card // 13 == led and (card == Q or card % 13 == 12):
            out.append((who, "last", led, later, trick, i // n))
    return out
