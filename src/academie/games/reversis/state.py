"""The state of a match of Reversis: deal, écart, tricks, quinola, aces, talon, reversis, pool.

Every rule cites the *Encyclopédie* (:mod:`academie.sources`) as ``[001] «…»`` and the readings of
its ambiguities as ``R1``…``R17``; readings are options
(:class:`~academie.games.reversis.options.ReversisOptions`). Settled readings: the dealer has one
card more, never takes from the talon and discards one onto it (R1); non-dealer *i* exchanges with
talon card *i* (R4); the talon goes to the fewest trick points, then the fewest tricks, then the
dealer and the players on his left in turn, a player with no trick beating all (R6, §2(d));
bêtes are won one per deal, largest first, in a later deal — alone by the quinola thrown on a
renounce, or with the pool (R9, option ``betes``, R19); a quinola given on a heart lead or led
makes the bête, and the forcer is paid only when it was its holder's last heart (§2(d)); it is
« forcé » for the pool's refresh when it was its holder's only playable card (option
``refresh``, R18). The reversis gets back every counter he paid in the deal, into a pot too (a
bête he made); his ante, paid before the deal, comes back with the pool he wins. An ace forced
out pays the leader whatever ``forcer`` says: it takes its own trick (R11). A dealer dealt only
hearts must still put one in the écart, any he chooses, the quinola too (« il est obligé d'y
mettre… celle de ses cartes qu'il juge à-propos » outranks « personne n'en peut écarter »; our
reading, R21). Revoking and playing out of turn cannot happen: the engine refuses them, so no
bête of renounce is ever made.

Actions: chance outcomes are card ids; in the écart a card code puts that card in the talon
(``ECART + card``) and ``pass`` declines (:data:`PASS`); in play a card code plays it
(``PLAY + card``).
"""

from __future__ import annotations

import random
import weakref
from functools import lru_cache, partial
from typing import Any

from academie.cards import card_code, pack, parse_card, require_whole_pack
from academie.core.errors import CardCodeError
from academie.core.frozen import SharedTuple, snapshot
from academie.core.match import Match
from academie.core.sampling import HIDDEN, REVEAL, sampler, trail_of
from academie.core.state import StockDrawState
from academie.games.reversis.actions import DEALING, ECART, ECART_HIDDEN, EXCHANGE, OVER, PASS, PLAY, PLAYING
from academie.games.reversis.options import ReversisOptions, talon_size
from academie.games.reversis.rules import (
    ACE_OF_DIAMONDS, ACE_OF_HEARTS, KING_OF_HEARTS, QUEEN_OF_HEARTS, QUINOLA, TRICK_POINTS,
    is_heart, talon_value, trick_winner,
)
from academie.games.reversis.view import DealResult, ReversisView

POOL = "poule"


@lru_cache(maxsize=1024)
def _seat_order(n: int, dealer: int, step: int) -> tuple[int, ...]:
    """Seats from the one after the dealer, going ``step``, to the dealer."""
    return tuple((dealer + step * k) % n for k in range(1, n + 1))


@lru_cache(maxsize=1024)
def _deal_queue(order: tuple[int, ...], dealer: int, hand_size: int, packet: int, talon: int) -> tuple[int | None, ...]:
    """Who receives each card of the deal, the last card first (None: the talon)."""
    # [001] «les partage toutes aux joueurs, trois à trois… Celui qui mêle les cartes, doit
    # toujours s'en donner une de plus qu'aux autres» (R1, R3: packets of `packet`).
    need = {s: hand_size + (1 if s == dealer else 0) for s in order}
    queue: list[int | None] = []
    while any(need.values()):
        for s in order:
            k = min(packet, need[s])
            queue += [s] * k
            need[s] -= k
    queue += [None] * talon  # « excepté trois… qui restent au talon »
    return tuple(queue[::-1])


def _meld(a: tuple | None, b: tuple | None) -> tuple | None:
    """Two leftist heaps as one: a heap is None or a node ``(rank, key, item, left, right)``,
    the least key on top. Nodes are tuples, never changed: a heap made from another shares
    all but a path of its nodes (clones share it whole), and a push or a pop costs the log of
    its size."""
    if a is None:
        return b
    if b is None:
        return a
    if b[1] < a[1]:
        a, b = b, a
    _, key, item, left, right = a
    right = _meld(right, b)
    if left is None or left[0] < right[0]:  # type: ignore[index]
        left, right = right, left
    return (1 + (right[0] if right is not None else 0), key, item, left, right)


_SAMPLERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Each state's last determinize: (seat, length of its history, the sampler of that view)."""


class ReversisState(StockDrawState):
    """A match of Reversis: ``deals`` deals, the pool and the bêtes carried between them."""

    _stale: tuple | None = None  # a world built by sampling: its traces are made when needed
    _history_recipe: Any = None  # a world built by sampling: writes its history when first read

    def __getattr__(self, name: str) -> Any:
        # Only for attributes not found: a world built by sampling has no ``history`` until read.
        if name == "history":
            d = self.__dict__
            recipe = d.get("_history_recipe")
            if recipe is not None:
                history = d["history"] = recipe()
                d["_history_recipe"] = None
                d["_history_shared"] = False  # a new list, this state's own
                return history
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __init__(self, game: Any, num_players: int, options: ReversisOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        self.match = Match.start(num_players, counters=options.counters, pots=(POOL,))
        # R5: « présente les cartes… à sa gauche pour être coupées »: the deal and play go right.
        self.step = -1 if options.direction == "counterclockwise" else 1
        self.points = TRICK_POINTS[options.trick_points]
        self.later = options.ruleset == "later"
        self.double_ace = ACE_OF_DIAMONDS if self.later else ACE_OF_HEARTS  # R13
        self.talon_size = talon_size(options, num_players)
        self.deck = tuple(pack(int(options.deck)))  # never changed: clones share it
        self.hand_size = (len(self.deck) - self.talon_size - 1) // num_players
        self.bete_count = 0
        # The bêtes on the game, (name, counters), in the order made; a bête emptied (lifted,
        # or returned to the reversis) leaves it and the match's pots: it is never paid into
        # again. Shared by the views and the deals' results (see DealResult.pots).
        self.on_game: SharedTuple[tuple[str, int]] = SharedTuple()
        # The bêtes made before this deal and on the game, the next to lift on top (the
        # largest, the oldest of equals): a heap (see _meld), so that finding it does not read
        # every bête on the game.
        self.waiting: tuple | None = None
        self.betes_before = 0
        self.results: SharedTuple[DealResult] = SharedTuple()  # never changed: replaced
        # Rows are tuples, replaced on each count, so that a clone copies only the dict.
        self.per_seat: dict[str, tuple[int, ...]] = {
            k: (0,) * num_players for k in ("quinola_renounced", "quinola_bete", "reversis", "talon_won")
        }
        self.stats = {"deals": 0, "reversis": 0, "quinola_renounced": 0, "quinola_bete": 0,
                      "quinola_ecarte": 0, "pool_won": 0, "broken_reversis": 0}
        # Each seat's trace of the finished deals and of this one (academie.core.sampling)
        self.past_traces: tuple[SharedTuple[tuple], ...] = (SharedTuple(),) * num_players
        self.traces: list[list[tuple]] = []
        self._start_deal()

    # --- the deal ------------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Seats from the premier en cartes (dealer's right) to the dealer."""
        return list(_seat_order(self.num_players, self.match.dealer, self.step))

    def _start_deal(self) -> None:
        m = self.match
        if self._stale is not None:  # the deal's last card is played: the traces made first
            self._retrace(PLAY + self.played[-1][1])
        if self.traces:  # the deal just finished: the talon is shown, the traces kept
            shown = [(REVEAL, -1, c) for c in self.talon]
            self.past_traces = tuple(p.appended((*t, *shown)) for p, t in zip(self.past_traces, self.traces))
        self.traces = [[] for _ in range(self.num_players)]
        self.talon_slots: list[int] = []  # where the talon's cards were dealt, in the traces
        if m.deal_number >= self.options.deals:
            self.phase = OVER
            return
        if m.pots[POOL] == 0:  # R9: each player antes to form the pool
            for seat in self.order():
                m.pay(seat, POOL, self.options.pool_ante, "pool ante (R9) [001] «chacun remet deux jettons»")
        n = self.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock = list(self.deck)
        self.talon: list[int] = []
        self.original_talon: list[int] = []
        self.tricks: list[tuple[int, ...]] = [()] * n  # cards won by each seat
        self.trick_count = [0] * n
        self.trick: list[tuple[int, int]] = []
        self.trick_number = 0
        self.ecart_done: list[str | None] = [None] * n  # 'exchanged', 'declined', 'discarded'
        self.ecart_card: list[int | None] = [None] * n  # the card each put in the talon
        self.taken: list[int | None] = [None] * n  # the talon card each took
        self.peeked: list[int | None] = [None] * n  # the talon card a decliner looked at
        self.voids: list[frozenset[int]] = [frozenset()] * n  # suits each seat showed it lacks
        self.log: list[tuple[str, int | None, int | None]] = []
        self.played: list[tuple[int, int]] = []  # (seat, card) in the order played, for views
        self.quinola: str | None = None  # 'renounce', 'bete', 'ecarte'
        self.quinola_forced = False  # R18: played as its holder's only playable card
        self.claimant: int | None = None  # who threw the quinola on a renounce
        self.undertaker: int | None = None  # later ruleset: who undertook the reversis
        self.deal_start = len(m.ledger.entries)
        for k in range(self.betes_before + 1, self.bete_count + 1):  # those of the last deal wait no more
            amount = m.pots.get(f"bête {k}")
            if amount:
                self.waiting = _meld(self.waiting, (1, (-amount, k), (f"bête {k}", amount), None, None))
        self.betes_before = self.bete_count  # bêtes made before this deal (R9: won by a later pool)
        order = self.order()
        self.deal_queue = list(_deal_queue(tuple(order), m.dealer, self.hand_size, self.options.packet, self.talon_size))
        self.phase = DEALING
        self.turn = order[0]

    # --- contract ------------------------------------------------------------------------------
    def drawing(self) -> bool:
        return self.phase == DEALING

    def is_chance_node(self) -> bool:
        return self.phase == DEALING

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> list[int]:
        if self.phase == DEALING:
            return sorted(self.stock)
        if self.phase == EXCHANGE:
            cards = self._ecart_cards(self.turn)
            actions = [ECART + c for c in cards]
            if self.turn != self.match.dealer:
                actions.append(PASS)
            return actions
        if self.phase == PLAYING:
            return [PLAY + c for c in self._playable(self.turn)]
        return []

    def _may_exchange(self, seat: int) -> bool:
        # R4: non-dealer i exchanges with talon card i; with fewer talon cards, only the first.
        return self.order().index(seat) < len(self.original_talon)

    def _ecart_cards(self, seat: int) -> list[int]:
        """Cards ``seat`` may put in the talon: no heart may be discarded: [001] «personne
        n'en peut écarter» — but a lone K♥ or Q♥, [001] «quand un joueur n'en porte que le roi ou
        la dame»; a lone quinola under the quinola forcé (R12)."""
        hand = self.hands[seat]
        hearts = [c for c in hand if is_heart(c)]
        cards = sorted(c for c in hand if not is_heart(c))
        if len(hearts) == 1 and hearts[0] in (KING_OF_HEARTS, QUEEN_OF_HEARTS):
            cards.append(hearts[0])
        early = self.options.first_two == "deals" and self.match.deal_number < 2 * self.num_players
        if hearts == [QUINOLA] and (self.options.quinola_force or early):
            cards.append(QUINOLA)
        if not cards and seat == self.match.dealer:
            # R21: a dealer holding only hearts — «il est obligé d'y mettre… celle de ses cartes
            # qu'il juge à-propos» outranks «personne n'en peut écarter»: any heart, the quinola
            # too (then «écarté»).
            cards = sorted(hand)
        return sorted(cards)

    def _playable(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not self.trick:
            # [001] «Le premier en cartes doit toujours commencer par jouer du cœur s'il en a»
            if self.trick_number == 0:
                hearts = [c for c in hand if is_heart(c)]
                if hearts:
                    return sorted(hearts)
            return sorted(hand)
        led = self.trick[0][1] // 13
        same = [c for c in hand if c // 13 == led]
        if same:
            # [001] «on est obligé de donner une carte de la couleur qu'on joue»; «peut la
            # prendre ou la gagner à son gré»
            return sorted(same)
        # R12: «il l'est toujours dans les deux premiers tours»: in the first two tricks the
        # quinola goes on its holder's first renounce.
        if QUINOLA in hand and self.trick_number < 2 and self.options.first_two == "tricks":
            return [QUINOLA]
        return sorted(hand)

    def _apply(self, action: int) -> None:
        if self.phase == DEALING:
            self._deal_card(action)
        elif self.phase == EXCHANGE:
            self._ecart(action)
        else:
            self._play(action - PLAY)

    def _deal_card(self, card: int) -> None:
        self.stock.remove(card)
        seat = self.deal_queue.pop()
        traces = self.traces
        who = -1 if seat is None else seat
        hidden, seen = (who, HIDDEN), (who, card)
        for s in range(len(traces)):
            traces[s].append(seen if s == seat else hidden)
        if seat is None:
            self.talon_slots.append(len(traces[0]) - 1)
            self.talon.append(card)
            self.original_talon.append(card)
        else:
            self.hands[seat].append(card)
        if not self.deal_queue:
            self.phase = EXCHANGE
            self.turn = self.order()[0]
            self._skip_to_next_ecart(first=True)

    # --- the écart -----------------------------------------------------------------------------
    def _skip_to_next_ecart(self, first: bool = False) -> None:
        """Move to the next player in the écart who may act; the dealer comes last."""
        order = self.order()
        start = 0 if first else order.index(self.turn) + 1
        for seat in order[start:]:
            if seat == self.match.dealer or self._may_exchange(seat):
                self.turn = seat
                return
        self._begin_play()

    def _ecart(self, action: int) -> None:
        seat = self.turn
        idx = self.order().index(seat)
        mine, theirs = (seat, action), (seat, action if action == PASS else ECART_HIDDEN)
        for s, trace in enumerate(self.traces):
            trace.append(mine if s == seat else theirs)
        if (action == PASS or seat != self.match.dealer) and idx < len(self.talon_slots):
            # the talon card he takes or looks at: his from now on
            pos = self.talon_slots[idx]
            self.traces[seat][pos] = (-1, self.original_talon[idx])
        if action == PASS:
            # [001] «si l'on ne veut point écarter, il est libre de voir au talon celle qu'on
            # auroit prise»
            self.ecart_done[seat] = "declined"
            self.peeked[seat] = self.original_talon[idx]
            self.log.append(("declined", seat, None))
        else:
            card = action - ECART
            self.hands[seat].remove(card)
            self.ecart_card[seat] = card
            if card == QUINOLA:
                # Put face down «dessous le talon»: only its holder knows it until the talon is
                # shown at the end of the deal (views and statistics wait for it).
                self.quinola = "ecarte"
            if seat == self.match.dealer:
                # [001] «n'en prend jamais au talon. Mais il est obligé d'y mettre… celle de
                # ses cartes qu'il juge à-propos»
                self.talon.append(card)
                self.ecart_done[seat] = "discarded"
                self.log.append(("discarded", seat, None))
            else:
                # [001] «On peut écarter une carte de son jeu que l'on met dessous le talon,
                # pour remplacer celle qu'on en ôte»
                taken = self.original_talon[idx]
                self.talon.remove(taken)
                self.talon.append(card)
                self.hands[seat].append(taken)
                self.taken[seat] = taken
                self.ecart_done[seat] = "exchanged"
                self.log.append(("exchanged", seat, None))
        if seat == self.match.dealer:
            self._begin_play()
        else:
            self._skip_to_next_ecart()

    def _begin_play(self) -> None:
        self.phase = PLAYING
        self.turn = self.order()[0]  # [001] «le premier en cartes ayant droit de commencer»

    # --- tricks ----------------------------------------------------------------------------------
    def _play(self, card: int) -> None:
        seat = self.turn
        if self.trick and card // 13 != self.trick[0][1] // 13:
            self.voids[seat] = self.voids[seat] | {self.trick[0][1] // 13}
        if card == QUINOLA:
            # R18: « forcé » — the quinola was the only card its holder could play.
            self.quinola_forced = self._playable(seat) == [QUINOLA]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.log.append(("play", seat, card))
        seen = (seat, PLAY + card)
        for trace in self.traces:
            trace.append(seen)
        self.played.append((seat, card))
        n = self.match.num_players
        if len(self.trick) < n:
            self.turn = (seat + self.step) % n
            return
        self._finish_trick()

    def _tally(self, figure: str, seat: int) -> None:
        """One more of ``figure`` for ``seat`` in ``per_seat`` (the row is replaced, not changed)."""
        row = list(self.per_seat[figure])
        row[seat] += 1
        self.per_seat[figure] = tuple(row)

    def _pay(self, source: int, target: int, amount: int, reason: str) -> None:
        if source != target and amount:
            self.match.pay(source, target, amount, reason)

    def _finish_trick(self) -> None:
        trick, opts = self.trick, self.options
        winner = trick_winner(trick)
        leader, led = trick[0][0], trick[0][1] // 13
        forcer = leader if opts.forcer == "leader" else winner
        for position, (seat, card) in enumerate(trick):
            renounce = card // 13 != led
            if card == QUINOLA:
                if renounce:
                    # [001] «Lorsque le valet de cœur ou le quinola est jetté en renonce, celui qui
                    # s'en défait, gagne le jeu» — «Celui qui prend la levée où le quinola se
                    # trouve en renonce, paye deux marques ou plus»
                    self.quinola, self.claimant = "renounce", seat
                    self.stats["quinola_renounced"] += 1
                    self._tally("quinola_renounced", seat)
                    self._pay(winner, seat, opts.quinola_marques * opts.marque,
                              "quinola on a renounce [001] «paye deux marques»")
                else:
                    # Given on a heart lead: forced when it was its holder's last heart (§2(d));
                    # given by choice it still makes the bête («ou qui le joue lui-même»), but
                    # nobody «fait partir» it, so there is no forcer to pay.
                    forced = position > 0 and not any(is_heart(c) for c in self.hands[seat])
                    self._quinola_bete(seat, forcer if forced else None)
            elif card % 13 == 12 and position > 0:
                fee = opts.ace_fee * (2 if card == self.double_ace else 1)
                if renounce:
                    # [001] «Quand on jette un as en renonce… on gagne de celui qui leve»; «On
                    # gagne le double pour l'as de cœur» (R13: A♦ in the later ruleset). R22:
                    # «Mais le joueur qui doit commencer à jetter, ne gagne ni ne perd rien, s'il
                    # joue un as» — under `exempt` the leader of an ace pays none.
                    if opts.led_ace == "exempt" and trick[0][1] % 13 == 12:
                        continue
                    self._pay(winner, seat, fee, f"{card_code(card)} on a renounce [001] «on gagne de celui qui leve»")
                elif not any(c // 13 == led for c in self.hands[seat]):
                    # [001] «Un joueur qui est forcé de lâcher l'as de la couleur jouée, paye à
                    # celui qui l'y force» (the leader «ne gagne ni ne perd rien»: position 0).
                    # The ace takes its own trick: the one who forces it is the leader (R11).
                    self._pay(seat, leader, fee, f"{card_code(card)} forced out [001] «paye à celui qui l'y force»")
        self.tricks[winner] += tuple([c for _, c in trick])
        self.trick_count[winner] += 1
        self.log.append(("won", winner, None))
        self.trick = []
        self.trick_number += 1
        if self.later:
            self._watch_reversis(winner)
        if self.hands[winner]:
            self.turn = winner
        else:
            self._end_deal()

    def _quinola_bete(self, holder: int, forcer: int | None) -> None:
        """[001] «Celui qui est forcé de donner le quinola sur du cœur, ou qui le joue lui-même…
        fait la bête de ce qu'il y a sur le jeu» and «Celui qui fait partir le quinola, gagne à
        celui qui le lâche, quatre jettons ou plus, & un à chaque joueur» (R10, R11)."""
        opts, m = self.options, self.match
        self.quinola = "bete"
        self.stats["quinola_bete"] += 1
        self._tally("quinola_bete", holder)
        self.bete_count += 1
        name = f"bête {self.bete_count}"
        m.pots[name] = 0
        m.pay(holder, name, m.pots[POOL], "the quinola's bête [001] «fait la bête de ce qu'il y a sur le jeu»")
        if m.pots[name]:
            self.on_game = self.on_game.appended((name, m.pots[name]))
        else:  # an empty pool makes no bête to win: nothing is put on the game
            del m.pots[name]
        if forcer is None or forcer == holder:  # the holder never collects for his own quinola
            return
        self._pay(holder, forcer, opts.quinola_force_fee, "quinola forced [001] «gagne à celui qui le lâche, quatre jettons»")
        for seat in range(self.num_players):
            if seat in (holder, forcer):
                continue
            if opts.quinola_force_payers == "others_pay_forcer":
                self._pay(seat, forcer, 1, "quinola forced [001] «& un à chaque joueur»")
            else:
                self._pay(holder, seat, 1, "quinola forced [001] «& un à chaque joueur»")

    def _watch_reversis(self, winner: int) -> None:
        """Later ruleset (R15): after all tricks but two by one player, the reversis is
        undertaken; a trick taken by another then breaks it."""
        total = self.hand_size
        if self.undertaker is None and self.trick_number == total - 2 and self.trick_count[winner] == total - 2:
            self.undertaker = winner
        elif self.undertaker is not None and winner != self.undertaker:
            self.stats["broken_reversis"] += 1
            self._pay(self.undertaker, winner, self.options.broken_fee, "broken reversis (later ruleset, R15) [Almanach]")
            self.undertaker = None

    # --- end of the deal -----------------------------------------------------------------------
    def _end_deal(self) -> None:
        m, opts, n = self.match, self.options, self.num_players
        order = self.order()
        reversis = next((s for s in range(n) if self.trick_count[s] == self.hand_size), None)
        pool_winner = None
        if reversis is not None:
            # [001] «Faire le reversis… c'est gagner, en faisant toutes les levées, la poule, deux
            # jettons de chaque joueur & ceux qu'on a pu payer dans le coup, & priver le quinola
            # jetté en renonce, de ses droits ordinaires»
            self.stats["reversis"] += 1
            self._tally("reversis", reversis)
            # «une remise de tous les jettons que celui qui fait le reversis, a pu payer dans le
            # coup»: every payment of his in this deal comes back, to a seat or into a pot (a
            # bête he made in it). His ante, paid before the deal, comes back with the pool.
            for entry in m.ledger.entries[self.deal_start:]:
                if entry.source == reversis:
                    self._pay_out(entry.target, reversis, entry.amount, "returned to the reversis [001] «& ceux qu'on a pu payer dans le coup»")
            for seat in order:
                self._pay(seat, reversis, opts.reversis_fee, "the reversis [001] «deux jettons de chaque joueur»")
            pool_winner = reversis
        elif self.quinola == "renounce" and self.claimant is not None:
            if opts.betes == "alone" and self.waiting is not None:
                # R19: «Il n'y a que les bêtes de renonce qui se payent avec une autre ou avec la
                # poule»: while a bête is on the game the deal is played for it, alone.
                self._lift_bete(self.claimant)
            else:
                pool_winner = self.claimant
        if pool_winner is not None:
            self.stats["pool_won"] += 1
            m.take_pot(POOL, pool_winner, "the pool [001] «gagne le jeu»")
            if opts.betes == "with_pool":
                self._lift_bete(pool_winner)
        talon_winner, talon_payers, value = self._talon(reversis)
        self._tally("talon_won", talon_winner)
        for payer in talon_payers:
            self._pay(payer, talon_winner, value, "the talon [001] «Le talon se paye sur la valeur des cartes qu'il contient»")
        if self.quinola == "ecarte":
            # Public now: [001] «Le talon se paye sur la valeur des cartes qu'il contient» — the
            # talon is shown, the quinola in it.
            self.stats["quinola_ecarte"] += 1
        forced = self.quinola == "bete" and (self.quinola_forced or opts.refresh == "every_bete")
        last = m.deal_number + 1 >= opts.deals  # the match's last deal: no deal follows
        if pool_winner is None and (self.quinola == "ecarte" or forced) and not last:
            # [001] «Dans les cas où le quinola est écarté ou forcé, & que personne ne gagne la
            # poule, chacun remet deux jettons pour la rafraîchir» (R18): refreshed for the next
            # deal, so not after the match's last one (our reading: the source plays no last
            # deal; the match's agreed number of deals is ours, guide end.1)
            for seat in order:
                m.pay(seat, POOL, opts.pool_ante, "the pool refreshed [001] «chacun remet deux jettons»")
        self._add_result(snapshot(  # a frozen DealResult, built without its __init__
            DealResult,
            deal=m.deal_number, dealer=m.dealer, tricks=tuple(self.trick_count),
            points=self.trick_points(),
            talon=tuple(self.talon), talon_value=value, talon_winner=talon_winner,
            talon_payers=tuple(talon_payers), quinola=self.quinola, claimant=self.claimant,
            reversis=reversis, pool_winner=pool_winner, counters=tuple(m.counters),
            pots=self.on_game.with_head(((POOL, m.pots[POOL]),)),
        ))
        self.stats["deals"] += 1
        m.next_deal(self.step)  # R5: « la donne circule toujours par la droite »
        self._start_deal()

    def trick_points(self) -> tuple[int, ...]:
        """The points in each seat's tricks so far this deal, by the ``trick_points`` option (R7)."""
        return tuple(int(sum(self.points[c] for c in t)) for t in self.tricks)

    def _pay_out(self, source: int | str, target: int, amount: int, reason: str) -> None:
        """``match.pay``, and a bête emptied by it leaves the game: it is never paid into again
        (each is paid into once, when it is made), so neither the match's pots nor the deals'
        results keep it."""
        m = self.match
        before = m.pots.get(source) if isinstance(source, str) and source != POOL else None
        m.pay(source, target, amount, reason)
        if before is not None and amount:
            left = m.pots[source]
            self.on_game = self.on_game.replaced((source, before), (source, left) if left else None)
            if not left:
                del m.pots[source]

    def _lift_bete(self, seat: int) -> None:
        """[001] «on ne paye les bêtes qui sont sur le jeu, qu'après les avoir levées, & encore
        l'une après l'autre, faisant mettre la plus grosse la premiere» (R9: one per deal, made
        in an earlier deal — a bête made in this deal waits for a later deal)."""
        top = self.waiting
        if top is None:
            return
        largest, amount = top[2]  # the largest, the oldest of equals
        self.waiting = _meld(top[3], top[4])
        self._pay_out(largest, seat, amount, f"{largest} lifted [001] «la plus grosse la premiere»")

    def _talon(self, reversis: int | None) -> tuple[int, list[int], int]:
        """The talon's winner, its payers and its value (R6, R8; [001] «il gagne le talon»)."""
        n, dealer = self.num_players, self.match.dealer
        left = -self.step
        leftward = [(dealer + left * k) % n for k in range(n)]  # dealer, then his left…
        points = self.trick_points()

        literal = self.options.talon_tie == "nearest_left"

        def key(s: int) -> tuple:
            # [001] «celui qui n'a point de levée, l'emporte»; fewest points, fewest tricks
            # (option talon_tie=fewest_tricks, R6), then «le plus près de celui qui a fait à gauche»
            tricks = 0 if literal else self.trick_count[s]
            return (self.trick_count[s] > 0, points[s], tricks, leftward.index(s))

        winner = min(range(n), key=key)
        value = talon_value(self.talon, self.later)
        if self.options.talon_payer == "all_others":
            payers = [s for s in self.order() if s not in (winner, reversis)]
        else:
            # R8: the player with most points pays; «s'il y a égalité de point, c'est au premier»
            # [001] «Le reversis est exempt de payer le talon» (R20: nobody pays in his place,
            # or the next most points)
            others = [s for s in self.order() if s != winner]
            if self.options.reversis_talon == "next_most":
                others = [s for s in others if s != reversis]
            payer = max(others, key=lambda s: (points[s], -others.index(s)))
            payers = [] if payer == reversis else [payer]
        return winner, payers, value

    def returns(self) -> list[float]:
        """Counters won (+) or lost (−) by each seat over the match; zeros before the end.
        The pool and bêtes left at the end belong to nobody."""
        return self.match.winnings(self.options.counters, over=self.phase == OVER)

    # --- notation ------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if action == PASS:
            return "pass"
        for base in (PLAY, ECART, 0):
            if base <= action < base + 52:
                return card_code(action - base)
        raise ValueError(f"{action!r} is not an action of Reversis")

    def _string_to_action(self, text: str) -> int:
        """Read ``pass`` (decline the exchange) or a card code (the card to put in the talon,
        to play, or dealt). Raises ``IllegalActionError`` naming the legal actions and why."""
        word = str(text).strip().lower()
        if self.phase == OVER:
            raise self.illegal(str(text), "the match is over")
        if word in ("pass", "p", "keep", "garder"):
            if PASS in self.legal_actions():
                return PASS
            raise self.illegal(str(text), "only a non-dealer may decline during the écart")
        try:
            card = parse_card(word)
        except CardCodeError:
            raise self.illegal(str(text), "neither 'pass' nor a card code such as KS, 9H, TS") from None
        base = {DEALING: 0, EXCHANGE: ECART, PLAYING: PLAY}[self.phase]
        if base + card not in self.legal_actions():
            raise self.illegal(str(text), self._why(card))
        return base + card

    def _why(self, card: int) -> str:
        seat = self.turn
        if self.phase == DEALING:
            return "that card is already dealt"
        if card not in self.hands[seat]:
            return "that card is not in your hand"
        if self.phase == EXCHANGE:
            return "no heart may be put in the écart (« personne n'en peut écarter »)"
        if not self.trick and self.trick_number == 0:
            return "the first lead must be a heart (« doit toujours commencer par jouer du cœur »)"
        if self.trick and any(c // 13 == self.trick[0][1] // 13 for c in self.hands[seat]):
            return "you must follow suit (« on est obligé de donner une carte de la couleur »)"
        return "in the first two tricks the quinola goes on the first renounce (« il l'est toujours dans les deux premiers tours »)"

    # --- views ---------------------------------------------------------------------------------
    def _make_view(self, seat: int | None) -> ReversisView:
        m = self.match
        if self._stale is not None:
            self._retrace()
        deal, dealer = self.view_deal()
        mine = seat is not None
        s = seat if seat is not None else 0
        # Built at every decision: a snapshot (no per-field __init__), the cards played kept
        # apart rather than filtered from the log each time.
        return snapshot(
            ReversisView,
            seat=seat, num_players=m.num_players, deal_number=deal, dealer=dealer,
            current_player=self.current_player(), phase=self.phase,
            hand=tuple(sorted(self.hands[s])) if mine else (),
            hand_sizes=tuple(map(len, self.hands)),
            talon_size=len(self.talon),
            ecart=tuple(self.ecart_done),
            my_ecart=self.ecart_card[s] if mine else None,
            my_taken=self.taken[s] if mine else None,
            peeked=self.peeked[s] if mine else None,
            trick=tuple(self.trick), trick_number=self.trick_number,
            tricks_won=tuple(self.trick_count), points_won=self.trick_points(),
            played=tuple(self.played),
            counters=tuple(m.counters), pool=m.pots[POOL],
            betes=self.on_game,
            quinola=self._quinola_known(seat), last_result=self.results[-1] if self.results else None,
            log=tuple(self.log), trail=trail_of(self, seat),
        )

    def _quinola_known(self, seat: int | None) -> str | None:
        """What ``seat`` (None: anyone) knows of the quinola. Thrown on a renounce or made a bête,
        it was played for all to see; put in the écart, it lies face down «dessous le talon» and
        only the one who put it there knows, until the talon is shown at the end of the deal
        (the deal's result)."""
        if self.quinola == "ecarte" and (seat is None or self.ecart_card[seat] != QUINOLA):
            return None
        return self.quinola

    def view(self, seat: int) -> ReversisView:
        """What ``seat`` knows: its hand, its own écart and the talon card it took or looked at,
        every card played, the tricks won, counters, pool and bêtes."""
        return self._make_view(self.check_seat(seat))

    def public_view(self) -> ReversisView:
        return self._make_view(None)

    def clone(self) -> ReversisState:
        """An independent copy: the containers copied; what never changes in place is shared
        (the ledger's entries until either side records, the finished deals' results, the pack,
        and the tuples of cards won, voids and per-seat figures)."""
        other = self._clone_but_cards()
        d = other.__dict__
        d["hands"] = [h.copy() for h in self.hands]
        d["talon"] = self.talon.copy()
        d["original_talon"] = self.original_talon.copy()
        d["traces"] = [t.copy() for t in self.traces]
        d["talon_slots"] = self.talon_slots.copy()
        return other

    def _clone_but_cards(self) -> ReversisState:
        """:meth:`clone` but for the hands, the talon (as it is and as dealt) and the traces,
        still shared: for a caller that sets them anew (a world built by sampling)."""
        other = self._clone_base()
        d = other.__dict__
        d["stock"] = self.stock.copy()
        d["tricks"] = self.tricks.copy()
        d["trick_count"] = self.trick_count.copy()
        d["trick"] = self.trick.copy()
        d["ecart_done"] = self.ecart_done.copy()
        d["ecart_card"] = self.ecart_card.copy()
        d["taken"] = self.taken.copy()
        d["peeked"] = self.peeked.copy()
        d["voids"] = self.voids.copy()
        d["log"] = self.log.copy()
        d["played"] = self.played.copy()
        d["deal_queue"] = self.deal_queue.copy()
        d["per_seat"] = self.per_seat.copy()
        d["stats"] = self.stats.copy()
        return other

    def _retrace(self, *pending: int) -> None:
        """Make every seat's trace of this deal from its history (and ``pending``, the action
        being applied), as the actions would have made them, for a world built by sampling."""
        start, dealer, order = self._stale
        self._stale = None
        actions = self.history[start:] + list(pending)
        n = self.num_players
        recipients = _deal_queue(order, dealer, self.hand_size, self.options.packet, self.talon_size)[::-1]
        traces: list[list[tuple]] = [[] for _ in range(n)]
        slots: list[int] = []
        actors = iter(who for kind, who, _ in self.log if kind in ("declined", "exchanged", "discarded"))
        players = iter(self.played)
        for i, action in enumerate(actions):
            if i < len(recipients):
                r = recipients[i]
                who = -1 if r is None else r
                seen, hidden = (who, action), (who, HIDDEN)
                for s in range(n):
                    traces[s].append(seen if s == r else hidden)
                if r is None:
                    slots.append(i)
            elif action >= PLAY:
                entry = (next(players)[0], action)
                for trace in traces:
                    trace.append(entry)
            else:
                t = next(actors)
                mine, theirs = (t, action), (t, action if action == PASS else ECART_HIDDEN)
                for s in range(n):
                    traces[s].append(mine if s == t else theirs)
                idx = order.index(t)
                if (action == PASS or t != dealer) and idx < len(slots):
                    traces[t][slots[idx]] = (-1, self.original_talon[idx])
        self.traces, self.talon_slots = traces, slots

    def determinize(self, seat: int, rng: random.Random) -> ReversisState:
        """Exactly ``sample(self.view(seat), rng)`` (see :meth:`State.determinize`), the view
        made only when the sampler needs it: a search samples the same view again and again,
        and the sampler knows it by its trail. Raises
        :class:`~academie.core.errors.SeatError` for a seat not at the table."""
        seat = self.check_seat(seat)
        make_view = partial(self._make_view, seat)
        if self._stale is not None:
            self._retrace()
        else:  # a position sampled again (its history only grows: its length tells the view)
            kept = _SAMPLERS.get(self)
            if kept is not None and kept[0] == seat and kept[1] == len(self.history):
                return kept[2].draw(make_view, rng)
        drawer = sampler(trail_of(self, seat), make_view)
        _SAMPLERS[self] = (seat, len(self.history), drawer)
        return drawer.draw(make_view, rng)

    def _sample_world(self, seat, trace, rng, memo):
        """A world of the play of the cards built at once (see
        :func:`academie.games.reversis.sampling.world`)."""
        from academie.games.reversis.sampling import world

        return world(self, seat, trace, rng, memo)

    def _sample_deal(self, seat, trace, rng, memo):
        """A proposed history of the deal starting here, for ``seat``'s trace (see
        :func:`academie.games.reversis.sampling.propose`)."""
        from academie.games.reversis.sampling import propose

        return propose(self, seat, trace, rng, memo)

    def check_stacked_deck(self, outcomes: list[str]) -> None:
        """[001] «Si le jeu n'est pas complet… l'on doit refaire»: a stacked deck must name the
        whole pack, each card once; otherwise it is a misdeal, not something to complete."""
        require_whole_pack(outcomes, self.deck, self.match.deal_number + 1,
                           "« Si le jeu n'est pas complet… l'on doit refaire »")

    def all_cards(self) -> list[int]:
        cards = self.stock + self.talon + [c for _, c in self.trick]
        for s in range(self.num_players):
            cards += self.hands[s]
            cards += self.tricks[s]
        return cards

    def statistics(self) -> dict[str, Any]:
        """Match figures, and ``per_seat``: for each seat, quinolas thrown on a renounce, bêtes
        made with the quinola, reversis made, talons won."""
        return dict(self.stats, per_seat={k: list(v) for k, v in self.per_seat.items()})
