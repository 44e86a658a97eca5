"""The state of a match of Guinguette: three baskets, « remuer le cotillon », the cabaret's raises.

THIS GAME IS A RECONSTRUCTION. Its source (``[004]``, Larousse supplement, art. « Guinguette »)
stops mid-sentence after the players, the pack, the aces, the counters, the guinguette and the
cabaret; the later description (``[Adpoker]``) adds the deal, the three baskets, the cotillon, the
wine measures and « remuer le cotillon », and stops at « renvier le cotillon ». How each basket is
won, the order of speaking and raising and when a deal ends are OUR RECONSTRUCTION, each tagged
``GU…`` and, where two readings are plausible, an option
(:class:`~academie.games.guinguette.options.GuinguetteOptions`).

A deal (each step's provenance in brackets):

1. Stakes: each player puts ``guinguette_stake`` in the guinguette basket [later source] and
   ``basket_stake`` in the cabaret and the cotillon baskets [reconstruction, GU4].
2. Four cards each, two at a time, from the dealer's right [later source]; the rest is the
   cotillon (the stock) [later source].
3. Stirring: from the eldest, each player once either stays (``stay``) or « remue le cotillon »:
   gives up one card face down (its code), puts two counters in the cotillon basket and takes the
   first card of the shuffled stock unseen [later source; its order of speaking: reconstruction].
4. « Renvier le cotillon » [cut off: reconstruction, option ``renvi_cotillon``].
5. The cabaret's raises: from the eldest, each may raise the cabaret by a ``demi-septier`` (1), a
   ``chopine`` (2) or a ``pinte`` (4) [later source], once per deal; after a raise each other
   player still in must ``hold`` (put as much) or ``drop`` (give up the cabaret); with nothing to
   hold, ``pass`` [Brelan's renvi: reconstruction, GU12].
6. Showdown, every hand shown [reconstruction]: the guinguette (Q♦) takes its basket; the best
   tierce still in the cabaret takes the cabaret (the last one in takes it unseen); the best count
   takes the cotillon [reconstruction, GU5, GU8–GU10, GU12]. A basket nobody wins stays [as at
   Belle-Flux and the Guimbarde].

Running out of counters [reconstruction, GU14, option ``out_of_counters``]: by default ('end')
nobody pays more than he holds — a stir, a renvi, a raise or a raise to hold is offered only to a
player who has its counters — and the match ends before a deal in which a player cannot pay his
stakes, as at Belle-Flux; with 'debt' counters may go below zero.

Actions: chance outcomes are card ids; ``STIR + card`` (notation: the card code) gives that card
up; the other moves are the words ``stay``, ``pass``, ``hold``, ``drop``, ``demi-septier``,
``chopine``, ``pinte``, ``renvi``.
"""

from __future__ import annotations

import random
from typing import Any

from academie.cards import card_code, parse_card
from academie.core.errors import CardCodeError
from academie.core.frozen import SharedTuple, snapshot
from academie.core.match import Match
from academie.core.sampling import HIDDEN, REVEAL, trail_of
from academie.core.state import StockDrawState, read_stacked_deck, refuse_repeats
from academie.games.boxes import best_of, stake_every_box
from academie.games.guinguette.actions import STIR, STIR_HIDDEN
from academie.games.guinguette.options import GuinguetteOptions
from academie.games.guinguette.rules import GUINGUETTE, count, pack_for, suit_point, tierce
from academie.games.guinguette.view import DealResult, GuinguetteView

STAY, PASS, HOLD, DROP, DEMI_SEPTIER, CHOPINE, PINTE, RENVI = range(60, 68)
WORDS = {STAY: "stay", PASS: "pass", HOLD: "hold", DROP: "drop", DEMI_SEPTIER: "demi-septier",
         CHOPINE: "chopine", PINTE: "pinte", RENVI: "renvi"}
ACTIONS = {w: a for a, w in WORDS.items()}
RAISES = {DEMI_SEPTIER: 1, CHOPINE: 2, PINTE: 4}
"""The later source: a demi-septier is one counter put in the cabaret as a renvi on what it holds,
a chopine two, a pinte four (old wine measures)."""
STIR_FEE = 2
"""The later source: who stirs the cotillon puts two counters in its basket."""
BASKETS = ("guinguette", "cabaret", "cotillon")
"""The later source: three baskets on the table, the guinguette, the cabaret and the cotillon."""
HAND = 4
DEAL, STIRRING, RENVI_PHASE, COTILLON, CABARET, OVER = "deal", "stir", "renvi", "cotillon", "cabaret", "over"
LATER = "[Adpoker]"


class GuinguetteState(StockDrawState):
    """A match of Guinguette: ``deals`` deals; baskets nobody wins carry over."""

    def __init__(self, game: Any, num_players: int, options: GuinguetteOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        self.match = Match.start(num_players, counters=options.counters, pots=BASKETS)
        self.deck = tuple(pack_for(num_players))  # clones share it
        self.results: SharedTuple[DealResult] = SharedTuple()  # never changed: replaced
        self.stats = {"deals": 0, "stirs": 0, "renvis": 0, "raises": 0, "drops": 0,
                      "guinguette_carried": 0, "cabaret_carried": 0, "cotillon_carried": 0,
                      "cabaret_unseen": 0}
        # Each seat's trace of the finished deals and of this one (academie.core.sampling)
        self.past_traces: tuple[SharedTuple[tuple], ...] = (SharedTuple(),) * num_players
        self.traces: list[list[tuple]] = []
        self.short: tuple[int, ...] = ()
        """The seats that could not pay their stakes, ending the match (GU14 'end')."""
        self._start_deal()

    # --- deal ------------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Seats from the dealer's right (the eldest) to the dealer: the later source, the one who
        draws the highest card « fait donner par son voisin de gauche », so the eldest sits on the
        dealer's right and the deal goes to the right."""
        return self.match.order(-1)

    def _start_deal(self) -> None:
        m, o = self.match, self.options
        if self.traces:  # the deal just finished (its hands shown at the end): its traces kept
            self.past_traces = tuple(p.appended(tuple(t)) for p, t in zip(self.past_traces, self.traces))
        self.traces = [[] for _ in range(self.num_players)]
        if m.deal_number >= o.deals or (o.out_of_counters == "end" and min(m.counters) < self.stakes()):
            # GU14 'end' (ours): a player who cannot pay his stakes ends the match, as at
            # Belle-Flux ([000] «les mises dont les joueurs sont convenus»)
            if m.deal_number < o.deals:
                self.short = tuple(s for s in range(self.num_players) if m.counters[s] < self.stakes())
            self.phase = OVER
            return
        order = self.order()
        stake_every_box(m, order, ("guinguette",), o.guinguette_stake, "stake in the {box} basket (GU3) " + LATER)
        # GU4, OUR RECONSTRUCTION: a stake in each basket, as at the Guimbarde ([004] (Guimbarde)
        # «Chacun des joueurs met un jeton dans chaque boite»)
        stake_every_box(m, order, ("cabaret", "cotillon"), o.basket_stake,
                        "stake in the {box} basket (our reconstruction, GU4)")
        n = self.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock = list(self.deck)
        self.aside: list[list[int]] = [[] for _ in range(n)]  # cards given up, face down (GU6)
        self.discarded: list[list[int]] = [[] for _ in range(n)]  # what each gave up (he alone knows)
        self.stirs = [0] * n
        self.shown: tuple[int, int] | None = None
        self.guinguette_taken: tuple[int | None, str] | None = None
        self.draw_for: int | None = None
        self.queue: list[int] = []
        self.betting = ""
        self.level = 0
        self.put = [0] * n
        self.raised: set[int] = set()
        self.in_cabaret = set(range(n))
        self.in_cotillon = set(range(n))
        self.raisers: set[int] = set()
        self.log: list[tuple[str, int, int]] = []
        # The later source: four cards to each, two at a time (from the dealer's right: GU2).
        queue = [s for _ in range(2) for s in order for _ in range(2)]
        self.deal_queue: list[int] = queue[::-1]
        self.phase = DEAL
        self.turn = order[0]

    def stakes(self) -> int:
        """Counters each player stakes at the start of a deal: the guinguette basket's and the
        cabaret and cotillon baskets' (GU3, GU4)."""
        return self.options.guinguette_stake + 2 * self.options.basket_stake

    def affords(self, seat: int, amount: int) -> bool:
        """Whether ``seat`` may pay ``amount`` counters by choice (a stir, a renvi, a raise or a
        raise held): with ``out_of_counters`` 'end' (GU14) only what he holds; with 'debt', always."""
        return self.options.out_of_counters == "debt" or self.match.counters[seat] >= amount

    def _stir_fee(self) -> int:
        """The fee of a stir now: two counters; twice as much for the renvi 'stir_again' (GU7)."""
        return STIR_FEE * (2 if self.phase == RENVI_PHASE else 1)

    def drawing(self) -> bool:
        return self.phase == DEAL or self.draw_for is not None

    def _legal_actions(self) -> list[int]:
        if self.drawing():
            return sorted(self.stock)
        if self.phase == OVER:
            return []
        seat = self.turn
        if self.phase in (STIRRING, RENVI_PHASE):
            if not self.affords(seat, self._stir_fee()):  # GU14: he cannot pay the fee
                return [STAY]
            keep = self.shown[1] if self.shown is not None and self.shown[0] == seat else None
            return [STAY] + [STIR + c for c in sorted(self.hands[seat]) if c != keep]
        to_hold = self.level - self.put[seat]
        if to_hold > 0:
            legal = [HOLD, DROP] if self.affords(seat, to_hold) else [DROP]  # GU14
        else:
            legal = [PASS]
        if seat in self.raisers and seat not in self.raised:
            raises = {RENVI: STIR_FEE} if self.phase == COTILLON else RAISES
            legal += [a for a, by in raises.items() if self.affords(seat, to_hold + by)]
        return legal

    def _apply(self, action: int) -> None:
        traces = self.traces
        if self.drawing():
            self.stock.remove(action)
            seat = self.deal_queue.pop() if self.phase == DEAL else self.draw_for
            assert seat is not None
            hidden, seen = (seat, HIDDEN), (seat, action)
            for s in range(len(traces)):
                traces[s].append(seen if s == seat else hidden)
            self.hands[seat].append(action)
            if self.phase == DEAL:
                if not self.deal_queue:
                    self._after_deal()
            else:
                self.draw_for = None
                self._next()
            return
        seat = self.turn
        if action >= STIR:
            mine, theirs = (seat, action), (seat, STIR_HIDDEN)  # given up face down
            for s in range(len(traces)):
                traces[s].append(mine if s == seat else theirs)
            self._stir(seat, action - STIR)
            return
        seen = (seat, action)
        for trace in traces:
            trace.append(seen)
        if action == STAY:
            self.log.append(("stay", seat, 0))
            self._next()
        else:
            self._bet(seat, action)

    def _after_deal(self) -> None:
        """The deal is over: the guinguette shown at once (``guinguette_when`` 'deal'), then
        the stirring, from the eldest."""
        if self.options.guinguette_when == "deal":
            holder = next((s for s in self.order() if GUINGUETTE in self.hands[s]), None)
            if holder is not None:
                # GU5 'deal', as the Guimbarde's boxes: [004] (Guimbarde) «en observant de les
                # étaler sur la table avant que de les tirer»
                self.shown = (holder, GUINGUETTE)
                for trace in self.traces:
                    trace.append((REVEAL, holder, GUINGUETTE))
                self.match.take_pot("guinguette", holder, "the guinguette basket to the QD, shown at the deal"
                           " (our reconstruction, GU5)")
                self.guinguette_taken = (holder, "the Q♦ shown at the deal")
            else:
                self.stats["guinguette_carried"] += 1
                self.guinguette_taken = (None, "the Q♦ was not dealt")
        self.phase = STIRRING
        self.queue = self.order()
        self._next()

    # --- speaking in turn ---------------------------------------------------------------------
    def _speaks(self, seat: int) -> bool:
        """Whether ``seat`` has a choice now (a seat with none is passed over)."""
        if self.phase in (STIRRING, RENVI_PHASE):
            # GU14: who cannot pay the fee has no choice but to stay, and is passed over
            return (bool(self.stock) or self.options.discard == "into_cotillon") and self.affords(seat, self._stir_fee())
        contest = self.in_cabaret if self.phase == CABARET else self.in_cotillon
        if len(contest) < 2 or seat not in contest:
            return False
        if self.put[seat] < self.level:
            return True  # he may always drop
        if seat not in self.raisers or seat in self.raised:
            return False
        cheapest = STIR_FEE if self.phase == COTILLON else min(RAISES.values())
        return self.affords(seat, cheapest)  # GU14: with no raise he can pay, he is passed over

    def _next(self) -> None:
        while self.queue:
            seat = self.queue.pop(0)
            if self._speaks(seat):
                self.turn = seat
                return
        self._end_phase()

    def _end_phase(self) -> None:
        o, order = self.options, self.order()
        stirrers = [s for s in order if self.stirs[s]]
        if self.phase == STIRRING:
            if o.cotillon_contest == "stirrers":
                self.in_cotillon = set(stirrers)  # GU9
            if o.renvi_cotillon == "stir_again" and stirrers:
                self.phase, self.queue = RENVI_PHASE, stirrers
                return self._next()
            if o.renvi_cotillon == "raise" and stirrers:
                self._open_betting(COTILLON, set(stirrers), [s for s in stirrers if s in self.in_cotillon])
                return self._next()
        if self.phase in (STIRRING, RENVI_PHASE, COTILLON):
            self._open_betting(CABARET, set(range(self.num_players)), order)
            return self._next()
        self._showdown()

    def _open_betting(self, phase: str, raisers: set[int], queue: list[int]) -> None:
        self.phase, self.betting = phase, phase
        self.level, self.put, self.raised = 0, [0] * self.num_players, set()
        self.raisers, self.queue = raisers, queue

    # --- « remuer le cotillon » ---------------------------------------------------------------
    def _stir(self, seat: int, card: int) -> None:
        again = self.phase == RENVI_PHASE
        fee = self._stir_fee()
        if again:
            # GU7 'stir_again': a renvi doubles the stake, as Brelan's renvi raises it
            why = "« renvier le cotillon »: a second stir at twice the fee (our reconstruction, GU7)"
            self.stats["renvis"] += 1
        else:
            why = f"« je remue le cotillon » {LATER}"
            self.stats["stirs"] += 1
        self.match.pay(seat, "cotillon", fee, why)
        self.hands[seat].remove(card)
        self.discarded[seat].append(card)
        if self.options.discard == "into_cotillon":
            self.stock.append(card)  # GU6: shuffled back into the stock before the draw
        else:
            self.aside[seat].append(card)
        self.stirs[seat] += 1
        self.log.append(("renvi-stir" if again else "stir", seat, fee))
        self.draw_for = seat  # the later source: he takes the first card of the shuffled stock

    # --- the raises -----------------------------------------------------------------------------
    def _bet(self, seat: int, action: int) -> None:
        basket = self.phase
        to_hold = self.level - self.put[seat]
        contest = self.in_cabaret if basket == CABARET else self.in_cotillon
        if action == PASS:
            self.log.append(("pass", seat, 0))
        elif action == HOLD:
            self.match.pay(seat, basket, to_hold, f"holding the raise on the {basket} basket (our reconstruction, GU12)")
            self.put[seat] = self.level
            self.log.append(("hold", seat, to_hold))
        elif action == DROP:
            contest.discard(seat)
            self.stats["drops"] += 1
            self.log.append(("drop", seat, 0))
        else:
            raise_by = STIR_FEE if action == RENVI else RAISES[action]
            word = WORDS[action]
            if action == RENVI:
                why = "« renvier le cotillon »: a raise the others hold or leave (our reconstruction, GU7)"
            else:
                why = f"a {word}, a raise of the cabaret {LATER}"
            self.match.pay(seat, basket, to_hold + raise_by, why)
            self.level += raise_by
            self.put[seat] = self.level
            self.raised.add(seat)
            self.stats["raises"] += 1
            self.log.append((word, seat, to_hold + raise_by))
            order = self.order()
            i = order.index(seat)
            self.queue = [s for s in order[i + 1:] + order[:i] if s in contest]
        self._next()

    # --- showdown -------------------------------------------------------------------------------
    def _best(self, seats: list[int], score: dict[int, int]) -> tuple[int | None, str]:
        """The best score among ``seats`` (in order from the eldest), with ties (GU10)."""
        best, tied = best_of(seats, score)
        if best <= 0:
            return None, "nobody has one"
        # GU10 'eldest', OUR RECONSTRUCTION: the Guimbarde's point ([004] (Guimbarde) «à point
        # égal, celui qui a la main gagne le point»); 'carry': Belle-Flux's « aucun d'eux ne tire le panier »
        if len(tied) > 1 and self.options.ties == "carry":
            return None, "equal best: nobody takes it"
        return tied[0], "the best" + (", the eldest of equals" if len(tied) > 1 else "")

    def _showdown(self) -> None:
        m, o, order = self.match, self.options, self.order()
        winners: list[tuple[str, int | None, str]] = []
        # The guinguette: OUR RECONSTRUCTION (GU5), its holder takes the basket.
        if o.guinguette_when == "showdown":
            holder = next((s for s in order if GUINGUETTE in self.hands[s]), None)
            if holder is not None:
                self.match.take_pot("guinguette", holder, "the guinguette basket to the QD (our reconstruction, GU5)"
                           " [004] «La guinguette est la dame de carreau»")
                winners.append(("guinguette", holder, "holds the Q♦"))
            else:
                self.stats["guinguette_carried"] += 1
                winners.append(("guinguette", None, "nobody holds the Q♦"))
        else:
            assert self.guinguette_taken is not None
            winners.append(("guinguette", *self.guinguette_taken))
        # The cabaret: [004] «Le cabaret est composé d'une tierce au valet, au dix, au neuf»;
        # the best tierce still in wins, the last one in wins unseen (GU12).
        tops = {s: tierce(self.hands[s], len(self.deck), o.ace_tierce == "bridge", o.tierce_suits == "same")
                for s in order}
        contest = [s for s in order if s in self.in_cabaret]
        if len(contest) == 1:
            seat, why = contest[0], "the others dropped"
            self.stats["cabaret_unseen"] += 1
        else:
            seat, why = self._best(contest, tops)
        if seat is not None:
            self.match.take_pot("cabaret", seat, "the cabaret basket to the best tierce (our reconstruction,"
                       " GU12) [004] «Le cabaret est composé d'une tierce»" if why != "the others dropped" else
                       "the cabaret basket to the last one in (our reconstruction, GU12)")
        else:
            self.stats["cabaret_carried"] += 1
        winners.append(("cabaret", seat, why if seat is not None else f"no tierce wins ({why})"))
        # The cotillon: OUR RECONSTRUCTION (GU8, GU9), the best count among its claimants.
        scorer = count if o.cotillon_award == "total" else suit_point
        counts = {s: scorer(self.hands[s]) for s in order}
        contest = [s for s in order if s in self.in_cotillon]
        if not contest:
            seat, why = None, "nobody claims it"
        elif len(contest) == 1:
            seat, why = contest[0], "the only claimant"
        else:
            seat, why = self._best(contest, counts)
        if seat is not None:
            self.match.take_pot("cotillon", seat, "the cotillon basket to the best count (our reconstruction,"
                       " GU8) [004] «les as ne valent qu'un point»")
        else:
            self.stats["cotillon_carried"] += 1
        winners.append(("cotillon", seat, why))
        shown = [(REVEAL, s, c) for s in range(self.num_players) for c in sorted(self.hands[s])]
        for trace in self.traces:  # every hand is shown
            trace.extend(shown)
        self._add_result(DealResult(
            deal=m.deal_number, dealer=m.dealer, hands=tuple(tuple(sorted(h)) for h in self.hands),
            tierces=tuple(tops[s] for s in range(self.num_players)),
            counts=tuple(counts[s] for s in range(self.num_players)), stirs=tuple(self.stirs),
            winners=tuple(winners), in_cabaret=tuple(sorted(self.in_cabaret)),
            in_cotillon=tuple(sorted(self.in_cotillon)), counters=tuple(m.counters),
            baskets=tuple((b, m.pots[b]) for b in BASKETS),
        ))
        self.stats["deals"] += 1
        m.next_deal(-1)  # the deal goes to the right (GU2), as at the Guimbarde (G14)
        self._start_deal()

    def returns(self) -> list[float]:
        """Counters won (+) or lost (−) per seat; zeros before the end. Baskets left at the end
        belong to nobody."""
        return self.match.winnings(self.options.counters, over=self.phase == OVER)

    # --- notation --------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_code(action)
        if STIR <= action < STIR + 52:
            return card_code(action - STIR)
        if action in WORDS:
            return WORDS[action]
        raise ValueError(f"{action!r} is not an action of the Guinguette")

    def _string_to_action(self, text: str) -> int:
        """Read a move: a card code (the card dealt or drawn; or the card given up to stir the
        cotillon), or a word (``stay``, ``pass``, ``hold``, ``drop``, ``demi-septier``,
        ``chopine``, ``pinte``, ``renvi``). Raises ``IllegalActionError`` naming the legal moves
        and why."""
        if self.phase == OVER:
            raise self.illegal(str(text), "the match is over")
        word = str(text).strip().lower()
        if word in ACTIONS:
            action = ACTIONS[word]
            if action not in self.legal_actions():
                raise self.illegal(str(text), self._why_word(action))
            return action
        try:
            card = parse_card(str(text))
        except CardCodeError:
            raise self.illegal(str(text), "not a card code (KH, 9S, TS) nor a move word") from None
        action = card if self.drawing() else STIR + card
        if action not in self.legal_actions():
            raise self.illegal(str(text), self._why_card(card))
        return action

    def _why_word(self, action: int) -> str:
        if self.drawing():
            return "a card is being dealt or drawn"
        if self.phase in (STIRRING, RENVI_PHASE):
            return "now each player stays or gives up a card to stir the cotillon"
        seat, to_hold = self.turn, self.level - self.put[self.turn]
        if action in (HOLD, DROP) and to_hold <= 0:
            return "there is no raise to hold"
        if action == HOLD:
            return self._short(to_hold, "holding the raise") + ": drop"
        if action == PASS:
            return "there is a raise: hold it or drop"
        if self.turn in self.raised:
            return "you have raised once already this deal"
        if seat in self.raisers and self.phase == CABARET and action in RAISES:
            return self._short(to_hold + RAISES[action], f"a {WORDS[action]}")
        if seat in self.raisers and self.phase == COTILLON and action == RENVI:
            return self._short(to_hold + STIR_FEE, "the renvi")
        if action == RENVI:
            return "only a cotillon raise is « renvi », and only by who stirred it" if self.phase == COTILLON \
                else "the cabaret is raised by a demi-septier, a chopine or a pinte"
        if self.phase == COTILLON:
            return "the cotillon is raised only by « renvi », by who stirred it"
        return "that move is not legal now"

    def _why_card(self, card: int) -> str:
        if self.drawing():
            return "that card is not in the stock"
        if self.phase not in (STIRRING, RENVI_PHASE):
            return "cards are given up only to stir the cotillon"
        if card not in self.hands[self.turn]:
            return "that card is not in your hand"
        if not self.affords(self.turn, self._stir_fee()):
            return self._short(self._stir_fee(), "stirring the cotillon") + ": stay"
        return "the guinguette you showed stays in your hand"

    def _short(self, cost: int, what: str) -> str:
        """Why a payment is refused (GU14): what it costs and what the player holds."""
        return (f"{what} costs {cost} counters and you hold {self.match.counters[self.turn]}"
                " (nobody pays more than he holds: option out_of_counters, GU14)")

    # --- views -----------------------------------------------------------------------------------
    def _make_view(self, seat: int | None) -> GuinguetteView:
        m = self.match
        deal, dealer = self.view_deal()
        return snapshot(
            GuinguetteView,
            seat=seat, num_players=m.num_players, deal_number=deal, dealer=dealer,
            current_player=self.current_player(), phase=self.phase,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            my_discards=tuple(self.discarded[seat]) if seat is not None else (),
            hand_sizes=tuple(map(len, self.hands)), stirs=tuple(self.stirs), shown=self.shown,
            stock=len(self.stock), betting=self.betting, level=self.level, put=tuple(self.put),
            raised=tuple(sorted(self.raised)), in_cabaret=tuple(sorted(self.in_cabaret)),
            in_cotillon=tuple(sorted(self.in_cotillon)), counters=tuple(m.counters),
            baskets=tuple((b, m.pots[b]) for b in BASKETS), pack_size=len(self.deck),
            tierce_rule=(self.options.ace_tierce == "bridge", self.options.tierce_suits == "same"),
            last_result=self.results[-1] if self.results else None, log=tuple(self.log),
            trail=trail_of(self, seat), short=self.short,
        )

    def view(self, seat: int) -> GuinguetteView:
        """What ``seat`` knows: its hand and the cards it gave up, how many cards each holds and
        how often each stirred, the raises, the baskets and counters, the guinguette if shown."""
        return self._make_view(self.check_seat(seat))

    def public_view(self) -> GuinguetteView:
        return self._make_view(None)

    def clone(self) -> GuinguetteState:
        """An independent copy: the containers copied; the ledger's entries, the finished deals'
        results (frozen) and the pack shared."""
        other = self._clone_base()
        d = other.__dict__
        d["hands"] = [h.copy() for h in self.hands]
        d["stock"] = self.stock.copy()
        d["aside"] = [a.copy() for a in self.aside]
        d["discarded"] = [a.copy() for a in self.discarded]
        d["stirs"] = self.stirs.copy()
        d["queue"] = self.queue.copy()
        d["put"] = self.put.copy()
        d["raised"] = self.raised.copy()
        d["in_cabaret"] = self.in_cabaret.copy()
        d["in_cotillon"] = self.in_cotillon.copy()
        d["raisers"] = self.raisers.copy()
        d["log"] = self.log.copy()
        d["deal_queue"] = self.deal_queue.copy()
        d["stats"] = self.stats.copy()
        d["traces"] = [t.copy() for t in self.traces]
        return other

    def check_stacked_deck(self, outcomes: list[str]) -> None:
        """Every outcome is a card of the pack and the cards dealt are distinct; with ``discard``
        'aside' the whole stock's cards are distinct too (a card leaves the pack once), while a
        card given up 'into_cotillon' may be drawn again. Raises
        :class:`~academie.core.errors.StackedDeckError` naming the card stacked twice."""
        if self.options.discard == "aside":
            return super().check_stacked_deck(outcomes)
        refuse_repeats(self, outcomes, read_stacked_deck(self, outcomes), HAND * self.num_players)
        return None

    def _sample_deal(self, seat: int | None, trace: Any, rng: random.Random, memo: dict[str, Any]) -> list[int] | None:
        """A proposed history of the deal starting here, for ``seat``'s trace (see
        :func:`academie.games.guinguette.sampling.propose`)."""
        from academie.games.guinguette.sampling import propose

        assert seat is not None
        return propose(self, seat, tuple(trace), rng, memo)

    def all_cards(self) -> list[int]:
        cards = list(self.stock)
        for s in range(self.num_players):
            cards += self.hands[s] + self.aside[s]
        return cards

    def statistics(self) -> dict[str, Any]:
        return dict(self.stats)
