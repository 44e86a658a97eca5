"""The state of a match of Trente et un: deals, turns, the knock, the 31, lives and the bus.

Every rule cites « Règles de Trente et un » (:mod:`academie.sources`) as ``[003] «…»``
and the readings of its ambiguities as ``T1``…``T11``; the readings are options
(:class:`~academie.games.trente_et_un.options.TrenteEtUnOptions`).

Actions: chance outcomes are card ids (the card leaving the stock); a player draws with
:data:`STOCK` or :data:`PILE`, knocks with :data:`KNOCK` (*frapper*), and discards card ``c``
with ``DISCARD + c``. Notation: ``stock``, ``pile``, ``knock``, and the card code (``KH``) for a
discard or a card dealt.
"""

from __future__ import annotations

from typing import Any

from academie.cards import card_code, pack, parse_card
from academie.core.errors import CardCodeError
from academie.core.frozen import SharedTuple, snapshot
from academie.core.match import Match
from academie.core.sampling import HIDDEN, REVEAL, trail_of
from academie.core.state import StockDrawState
from academie.games.trente_et_un.actions import DISCARD, KNOCK, PILE, STOCK
from academie.games.trente_et_un.options import TrenteEtUnOptions
from academie.games.trente_et_un.rules import BRELAN_VALUES, hand_value, is_thirty_one
from academie.games.trente_et_un.view import DealResult, TrenteEtUnView

HAND_SIZE = 3

# Phases of a deal.
DEALING, DRAW, STOCK_DRAW, DISCARDING, OVER = "deal", "draw", "stock", "discard", "over"

_ALIASES = {
    "stock": STOCK, "s": STOCK, "draw": STOCK, "talon": STOCK, "pioche": STOCK,
    "pile": PILE, "p": PILE, "take": PILE, "defausse": PILE, "défausse": PILE,
    "knock": KNOCK, "k": KNOCK, "frapper": KNOCK, "f": KNOCK,
}


class TrenteEtUnState(StockDrawState):
    """A whole match of Trente et un, from the first deal to the last player in."""

    def __init__(self, game: Any, num_players: int, options: TrenteEtUnOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        # [003] «On joue d'ordinaire avec trois vies chacun» (T11: option lives).
        self.match = Match.start(num_players, lives=options.lives, dealer=0)
        # [003] «La donne passe à gauche»: left = clockwise = +1 (option direction).
        self.step = 1 if options.direction == "clockwise" else -1
        self.brelan = BRELAN_VALUES[options.brelan]
        self.results: SharedTuple[DealResult] = SharedTuple()  # never changed: replaced
        self.stats = {"rounds": 0, "knocks": 0, "thirty_ones": 0, "void_rounds": 0}
        self.winner: int | None = None
        self.final_hands: list[tuple[int, ...]] = [() for _ in range(num_players)]
        # Each seat's trace of the finished deals and of this one (academie.core.sampling)
        self.past_traces: tuple[SharedTuple[tuple], ...] = (SharedTuple(),) * num_players
        self.traces: list[list[tuple]] = []
        self._start_deal()

    # --- deal ------------------------------------------------------------------------------
    def _start_deal(self) -> None:
        m = self.match
        if self.traces:  # the deal just finished: its traces kept
            self.past_traces = tuple(p.appended(tuple(t)) for p, t in zip(self.past_traces, self.traces))
        self.traces = [[] for _ in range(m.num_players)]
        self.hands: list[list[int]] = [[] for _ in range(m.num_players)]
        self.known: list[set[int]] = [set() for _ in range(m.num_players)]
        self.stock: list[int] = list(pack(52))  # [003] «un jeu ordinaire de 52 cartes»
        self.pile: list[int] = []
        self.log: list[tuple[str, int | None, int | None]] = []
        self.knocker: int | None = None
        self.turns_taken = 0
        self.pile_card: int | None = None
        # Reshuffle epoch of each card (for determinize): 0 until the pile becomes a new stock.
        self.epoch = 0
        self.card_epoch = [0] * 52
        # [003] «Trois cartes chacun. Une carte est retournée pour lancer la pile de défausse.»
        # One card at a time, starting on the dealer's left (None = the up card).
        order, seat = [], m.dealer
        active = m.active_seats()
        for _ in active:
            seat = m.next_seat(seat, self.step)
            order.append(seat)
        self.deal_queue: list[int | None] = order * HAND_SIZE + [None]
        self.deal_queue.reverse()  # popped from the end
        self.phase = DEALING
        self.turn = m.next_seat(m.dealer, self.step)  # [003] «Le joueur à gauche du donneur commence»

    # --- the contract ------------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase in (DEALING, STOCK_DRAW):
            return sorted(self.stock)
        if phase == DRAW:
            actions = [STOCK, PILE] if self.stock else [PILE]
            if self._may_knock():
                actions.append(KNOCK)
            return actions
        if phase == DISCARDING:
            hand = self.hands[self.turn]
            if self.options.forbid_same_discard and self.pile_card is not None:
                # T8 (option): not the card just taken from the discard pile.
                return sorted(DISCARD + c for c in hand if c != self.pile_card)
            return sorted(DISCARD + c for c in hand)
        return []

    def _may_knock(self) -> bool:
        # [003] «Un seul joueur peut frapper par tour»
        if self.knocker is not None:
            return False
        # [003] «Certaines interdisent de frapper au tout premier tour» (T10: until every
        # player has had one turn).
        if self.options.no_knock_first_round and self.turns_taken < len(self.match.active_seats()):
            return False
        return True

    def drawing(self) -> bool:
        return self.phase in (DEALING, STOCK_DRAW)

    def _apply(self, action: int) -> None:
        phase = self.phase
        # Each seat's trace: a card from the stock is seen by the one who gets it alone (the
        # up card by all); a discard is traced where it is made (it may come by itself, T4).
        if phase in (DEALING, STOCK_DRAW):
            seat = self.deal_queue[-1] if phase == DEALING else self.turn
            who = -1 if seat is None else seat
            seen, hidden = (who, action), (who, action if seat is None else HIDDEN)
            for s, trace in enumerate(self.traces):
                trace.append(seen if s == seat else hidden)
        elif action < DISCARD:
            for trace in self.traces:
                trace.append((self.turn, action))
        if phase == DEALING:
            self._deal_card(action)
        elif phase == STOCK_DRAW:
            self.stock.remove(action)
            self.hands[self.turn].append(action)
            self.log.append(("stock", self.turn, action))
            self.phase = DISCARDING
            self._check_thirty_one_on_draw()
        elif action == STOCK:
            # [003] «Piochez la carte du dessus du talon» (the card itself is a chance node).
            self.pile_card = None
            self.phase = STOCK_DRAW
        elif action == PILE:
            # [003] «ou celle du dessus de la défausse»
            card = self.pile.pop()
            self.hands[self.turn].append(card)
            self.known[self.turn].add(card)
            self.pile_card = card
            self.log.append(("pile", self.turn, card))
            self.phase = DISCARDING
            self._check_thirty_one_on_draw()
        elif action == KNOCK:
            # [003] «Au lieu de piocher, vous pouvez frapper… celui qui a frappé ne joue plus»
            self.knocker = self.turn
            self.stats["knocks"] += 1
            self.log.append(("knock", self.turn, None))
            self._end_turn()
        else:
            self._discard(action - DISCARD)

    def _discard(self, card: int, by_hand: bool = True) -> None:
        # [003] «puis défaussez-en une. Vous avez toujours exactement trois cartes.»
        seat = self.turn
        entry = (seat, DISCARD + card) if by_hand else (REVEAL, seat, DISCARD + card)  # T4: by itself
        for trace in self.traces:
            trace.append(entry)
        self.hands[seat].remove(card)
        self.known[seat].discard(card)
        self.pile.append(card)
        self.log.append(("discard", seat, card))
        # [003] «Si vous détenez à un moment trois cartes… totalisant exactement 31,
        # montrez-les aussitôt» — checked once the hand is back to three cards (T4).
        if is_thirty_one(self.hands[seat]):
            self._thirty_one(seat)
        else:
            self._end_turn()

    def _check_thirty_one_on_draw(self) -> None:
        """T4 option ``on_draw``: a 31 among four cards is shown at once, the fourth card
        going to the pile (not the card just taken from it if that is forbidden)."""
        if self.options.thirty_one_check != "on_draw":
            return
        hand = self.hands[self.turn]
        for card in hand:
            if card == self.pile_card and self.options.forbid_same_discard:
                continue
            if is_thirty_one([c for c in hand if c != card]):
                self._discard(card, by_hand=False)
                return

    def _deal_card(self, card: int) -> None:
        self.stock.remove(card)
        seat = self.deal_queue.pop()
        if seat is None:
            self.pile.append(card)
            self.log.append(("up", None, card))
        else:
            self.hands[seat].append(card)
        if self.deal_queue:
            return
        self.phase = DRAW
        self._check_dealt_thirty_one()

    def _check_dealt_thirty_one(self) -> None:
        """T3: 31 dealt. The first holder in turn order (from the dealer's left) shows it."""
        m = self.match
        seat, holders = m.dealer, []
        for _ in m.active_seats():
            seat = m.next_seat(seat, self.step)
            if is_thirty_one(self.hands[seat]):
                holders.append(seat)
        if not holders:
            return
        safe = holders if self.options.dealt_thirty_one == "all_safe" else holders[:1]
        losses = {s: 1 for s in m.active_seats() if s not in safe}
        why = {s: "a 31 dealt and shown, option dealt_thirty_one [003] «tous les autres perdent une vie»"
               for s in losses}
        self._end_deal("dealt_thirty_one", losses, shown=holders[0], reveal=safe, why=why)

    def _thirty_one(self, seat: int) -> None:
        # [003] «Le tour s'arrête et tous les autres perdent une vie.»
        losses = {s: 1 for s in self.match.active_seats() if s != seat}
        why = {s: "a 31 shown [003] «Le tour s'arrête et tous les autres perdent une vie»" for s in losses}
        if self.knocker is not None and self.options.thirty_one_after_knock == "knocker_loses_2":
            losses[self.knocker] = 2  # T2 variant
            why[self.knocker] = "the knocker, when another shows 31 (option thirty_one_after_knock, a later variant)"
        self._end_deal("thirty_one", losses, shown=seat, reveal=[seat], why=why)

    def _end_turn(self) -> None:
        self.turns_taken += 1
        self.pile_card = None
        if not self.stock:
            if self.options.stock_exhausted == "end_round" or len(self.pile) < 2:
                self._showdown("stock_exhausted")  # T7 variant
                return
            # T7 default: the discard pile but its top card becomes the new stock.
            top = self.pile.pop()
            self.stock, self.pile = self.pile, [top]
            self.epoch += 1
            for card in self.stock:
                self.card_epoch[card] = self.epoch
            self.log.append(("reshuffle", None, None))
        nxt = self.match.next_seat(self.turn, self.step)
        # [003] «Cela donne à tous les autres exactement un tour de plus, après quoi toutes les
        # mains sont montrées.»
        if nxt == self.knocker:
            self._showdown("knock")
            return
        self.turn = nxt
        self.phase = DRAW

    def _showdown(self, ending: str) -> None:
        active = self.match.active_seats()
        values = {s: hand_value(self.hands[s], self.brelan) for s in active}
        low = min(values.values())
        lowest = [s for s in active if values[s] == low]
        # [003] «Le total le plus bas perd une vie… Si plusieurs joueurs sont à égalité pour le
        # total le plus bas, chacun d'eux perd une vie.»
        losses = {s: 1 for s in lowest}
        alone = "the lowest total [003] «Le total le plus bas perd une vie»"
        tied = "tied for the lowest total [003] «chacun d'eux perd une vie»"
        why = {s: alone if len(lowest) == 1 else tied for s in lowest}
        if self.knocker in losses:
            # [003] «Celui qui a frappé et se révèle avoir le total le plus bas en perd deux.»
            if len(lowest) == 1:
                losses[self.knocker] = 2
                why[self.knocker] = ("the knocker has the lowest total [003] «Celui qui a frappé et se révèle"
                                     " avoir le total le plus bas en perd deux»")
            else:  # T1: a knocker tied for lowest
                losses[self.knocker] = {"lose2": 2, "lose1": 1, "safe": 0}[self.options.knocker_tie]
                why[self.knocker] = {
                    "lose2": "the knocker tied for the lowest total, option knocker_tie=lose2 [003] «en perd deux»",
                    "lose1": "the knocker tied for the lowest total, option knocker_tie=lose1 [003] «chacun d'eux"
                             " perd une vie»",
                    "safe": "the knocker tied for the lowest total is safe, option knocker_tie=safe",
                }[self.options.knocker_tie]
        self._end_deal(ending, losses, shown=None, reveal=active, why=why)

    def _end_deal(
        self, ending: str, losses: dict[int, int], shown: int | None, reveal: list[int],
        why: dict[int, str] | None = None,
    ) -> None:
        m = self.match
        self.final_hands = [tuple(h) for h in self.hands]
        revealed = [(REVEAL, s, c) for s in reveal for c in self.hands[s]]
        for trace in self.traces:
            trace.extend(revealed)
        lives, out = list(m.lives), list(m.eliminated)
        moves: list[tuple[int, str, int, str]] = []  # the lives log of this deal (seat, kind, lives, reason)
        for seat, count in losses.items():
            reason = (why or {}).get(seat, ending)
            # The loss is logged whole, with its cause, whatever the seat had left: the log adds up
            # to the deal's lives lost; going on the bus and out follow it.
            if count or reason != ending:
                moves.append((seat, "lives", count, reason))
            for _ in range(count):
                # [003] «Perdez trois vies et vous êtes dans le bus : un dernier tour, et si vous
                # le perdez vous êtes éliminé.» (T5: lives lost together are taken one by one.)
                if lives[seat] > 0:
                    lives[seat] -= 1
                    if lives[seat] == 0 and self.options.bus == "none":
                        out[seat] = True
                        break
                    if lives[seat] == 0:
                        moves.append((seat, "bus", 0,
                                      "no life left [003] «Perdez trois vies et vous êtes dans le bus»"))
                else:
                    out[seat] = True
                    break
            if out[seat]:
                moves.append((seat, "out", 0, (
                    "a loss on the bus [003] «un dernier tour, et si vous le perdez vous êtes éliminé»"
                    if self.options.bus != "none" else "no life left, option bus=none")))
        remaining = [s for s in range(m.num_players) if not out[s]]
        void = not remaining and self.options.all_out == "replay"  # T6
        newly_out = tuple(s for s in range(m.num_players) if out[s] and not m.eliminated[s])
        self._add_result(
            DealResult(
                deal=m.deal_number,
                dealer=m.dealer,
                ending=ending,
                shown_by=shown,
                knocker=self.knocker,
                hands={s: tuple(self.hands[s]) for s in reveal},
                values={s: hand_value(self.hands[s], self.brelan) for s in reveal},
                lives_lost={} if void else {s: c for s, c in losses.items() if c},
                eliminated=() if void else newly_out,
                void=void,
                # T6: a void round takes no life; what it would have taken is kept apart.
                would_lose={s: c for s, c in losses.items() if c} if void else {},
            )
        )
        self.stats["rounds"] += 1
        if ending in ("thirty_one", "dealt_thirty_one"):
            self.stats["thirty_ones"] += 1
        if void:
            self.stats["void_rounds"] += 1
            m.log_lives(None, "void", 0, "every player left would be out: the round is void and dealt again,"
                                         " no life lost (option all_out=replay)")
        else:
            m.lives, m.eliminated = lives, out
            for seat, kind, count, reason in moves:
                m.log_lives(seat, kind, count, reason)
        if len(remaining) <= 1 and not void:
            # [003] «Le dernier en lice gagne.»
            self.winner = remaining[0] if remaining else None
            self.phase = OVER
            return
        m.deal_number += 1
        if not void:  # a void round is dealt again by the same dealer (T6)
            # [003] «La donne passe à gauche après chaque tour.»
            m.dealer = m.next_seat(m.dealer, self.step)
        self._start_deal()

    def returns(self) -> list[float]:
        """Winner +1, every other seat -1/(n-1): zero-sum; zeros before the end or if nobody
        is left (option ``all_out='eliminate'``)."""
        n = self.num_players
        if self.phase != OVER or self.winner is None:
            return [0.0] * n
        return [1.0 if s == self.winner else -1.0 / (n - 1) for s in range(n)]

    # --- notation ----------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_code(action)
        if action >= DISCARD and action - DISCARD < 52:
            return card_code(action - DISCARD)
        names = {STOCK: "stock", PILE: "pile", KNOCK: "knock"}
        if action in names:
            return names[action]
        raise ValueError(f"{action!r} is not an action of Trente et un")

    def _string_to_action(self, text: str) -> int:
        """Read ``stock``/``s``, ``pile``/``p``, ``knock``/``k`` or a card code (``KH``,
        optionally after ``d``/``discard``). Raises ``IllegalActionError`` naming the legal
        actions when the text is unknown or not legal now."""
        words = str(text).strip().lower().split()
        if not words:
            raise self.illegal(str(text), "empty")
        if words[0] in ("d", "discard", "défausser", "defausser") and len(words) == 2:
            words = words[1:]
        if len(words) == 1 and words[0] in _ALIASES:
            action = _ALIASES[words[0]]
        elif len(words) == 1:
            try:
                card = parse_card(words[0])
            except CardCodeError:
                raise self.illegal(
                    str(text), "neither stock/s, pile/p, knock/k nor a card code such as KH, 10S, TS"
                ) from None
            action = card if self.phase in (DEALING, STOCK_DRAW) else DISCARD + card
        else:
            raise self.illegal(str(text), "unknown action")
        if action not in self.legal_actions():
            raise self.illegal(str(text), self._why_illegal(action))
        return action

    def _why_illegal(self, action: int) -> str:
        if self.phase == OVER:
            return "the match is over"
        if self.phase in (DEALING, STOCK_DRAW):
            return "that card is not in the stock" if action < 52 else "a card is being dealt"
        if action >= DISCARD:
            if self.phase == DRAW:
                return "draw from the stock or the pile first"
            if action - DISCARD == self.pile_card:
                return "the card just taken from the pile may not be discarded (forbid_same_discard)"
            return "that card is not in your hand"
        if action == KNOCK:
            if self.phase == DISCARDING:
                return "you have drawn: discard a card"
            if self.knocker is not None:
                return "someone has already knocked this round"
            return "no knocking until everyone has played once (no_knock_first_round)"
        if action == STOCK and not self.stock and self.phase == DRAW:
            return "the stock is empty"
        return "you have drawn: discard a card"

    # --- views -------------------------------------------------------------------------------
    def _make_view(self, seat: int | None) -> TrenteEtUnView:
        m = self.match
        log = tuple(  # (the entries are tuples: shared, but a card drawn from the stock by another)
            entry if entry[0] != "stock" or entry[1] == seat else ("stock", entry[1], None)
            for entry in self.log
        )
        known = tuple(
            tuple(sorted(self.hands[s])) if s == seat else tuple(sorted(self.known[s]))
            for s in range(m.num_players)
        )
        # every value frozen: built without the dataclass's __init__ (equal to TrenteEtUnView(...))
        return snapshot(
            TrenteEtUnView,
            seat=seat,
            num_players=m.num_players,
            deal_number=m.deal_number,
            dealer=m.dealer,
            current_player=self.current_player(),
            phase=self.phase,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            pile=tuple(self.pile),
            stock_count=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands),
            lives=tuple(m.lives),
            eliminated=tuple(m.eliminated),
            knocker=self.knocker,
            turns_taken=self.turns_taken,
            known=known,
            log=log,
            last_result=self.results[-1] if self.results else None,
            winner=self.winner,
            brelan=self.brelan,
            previous_hand=self.final_hands[seat] if seat is not None else (),
            hand_value=(
                hand_value(self.hands[seat], self.brelan)
                if seat is not None and len(self.hands[seat]) == HAND_SIZE
                else None
            ),
            discard_values=self._discard_values(seat) if seat is not None else (),
            trail=trail_of(self, seat),
        )

    def _discard_values(self, seat: int) -> tuple[tuple[int, float], ...]:
        """For a seat holding four cards: each card it may discard, with the value of the three
        it keeps ([003] «puis défaussez-en une»)."""
        hand = self.hands[seat]
        if len(hand) != HAND_SIZE + 1:
            return ()
        # T8 (option): not the card just taken from the discard pile.
        barred = self.pile_card if self.options.forbid_same_discard else None
        return tuple(
            (card, hand_value([c for c in hand if c != card], self.brelan)) for card in sorted(hand) if card != barred
        )

    def view(self, seat: int) -> TrenteEtUnView:
        """What ``seat`` knows: its own hand and draws, the discard pile, the cards others
        took from the pile, lives, the knock, and the last deal's result."""
        return self._make_view(self.check_seat(seat))

    def public_view(self) -> TrenteEtUnView:
        return self._make_view(None)

    def clone(self) -> TrenteEtUnState:
        """An independent copy: the containers copied; the ledger's entries and the finished
        rounds' results (frozen) shared."""
        other = self._clone_base()
        d = other.__dict__
        d["stats"] = self.stats.copy()
        d["final_hands"] = self.final_hands.copy()
        d["hands"] = [h.copy() for h in self.hands]
        d["known"] = [k.copy() for k in self.known]
        d["stock"] = self.stock.copy()
        d["pile"] = self.pile.copy()
        d["log"] = self.log.copy()
        d["card_epoch"] = self.card_epoch.copy()
        d["deal_queue"] = self.deal_queue.copy()
        d["traces"] = [t.copy() for t in self.traces]
        return other

    def _sample_deal(self, seat, trace, rng, memo):
        """A proposed history of the deal starting here, for ``seat``'s trace (see
        :func:`academie.games.trente_et_un.sampling.propose`)."""
        from academie.games.trente_et_un.sampling import propose

        return propose(self, seat, trace, rng, memo)

    def all_cards(self) -> list[int]:
        return [c for hand in self.hands for c in hand] + self.stock + self.pile

    def statistics(self) -> dict[str, Any]:
        return dict(self.stats, winner=self.winner)
