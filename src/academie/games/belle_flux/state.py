"""The state of a match of Belle, Flux et Trente-un: stakes, the deal, three chances, baskets.

Every rule cites the *Dictionnaire des jeux* (1792, :mod:`academie.sources`) as ``[000] «…»``
and the readings of its ambiguities as ``B1``…``B12``; the readings are options
(:class:`~academie.games.belle_flux.options.BelleFluxOptions`). Settled readings: only a tie for
the *best* flux matters (B3); no flux leaves the basket (B4); a 31 declared stops every further
card at once, two players holding 31 tie (B8); requests go in deal order (B12). Two readings
the source leaves unsaid: each player's two face-down cards are dealt as a pair, two at a time
(« deux cartes couvertes à chaque joueur »), not one round of one card then another; and at
« l'examen du flux » every player holding a flux shows it, the losers too (a tie can only be
seen so), so those face-down cards are public for the rest of the deal. No rule of the source
gives a stake back: a basket not won stays for the next deal (B2, B4, B5).

Actions: chance outcomes are card ids (the card leaving the pack); a player asks for a card with
:data:`ASK` (``ask``, *demander une carte*) or stands with :data:`STAND` (``stand``, *je m'y
tiens*).
"""

from __future__ import annotations

from typing import Any

from academie.cards import card_code, pack, parse_card
from academie.core.errors import CardCodeError
from academie.core.frozen import SharedTuple
from academie.core.match import Match
from academie.core.sampling import HIDDEN, REVEAL, trail_of
from academie.core.state import StockDrawState
from academie.games.belle_flux.actions import ASK, STAND
from academie.games.belle_flux.options import OPEN_MATCH_DEALS, BelleFluxOptions
from academie.games.belle_flux.rules import (
    BELLE_ACE_HIGH, BELLE_KING_HIGH, THIRTY_ONE, best_unique, flux_value, tied_for_best, trente_un_value,
)
from academie.games.belle_flux.view import BelleFluxView, DealResult

BASKETS = ("belle", "flux", "trente-un")
"""[000] «On a trois paniers… la belle… le flux… le trente-un»."""

DEALING, REQUESTS, EXTRA, OVER = "deal", "requests", "extra", "over"

_ALIASES = {
    "ask": ASK, "a": ASK, "card": ASK, "carte": ASK, "c": ASK, "hit": ASK,
    "stand": STAND, "s": STAND, "tiens": STAND, "t": STAND, "stay": STAND,
}


class BelleFluxState(StockDrawState):
    """A whole match of Belle, Flux et Trente-un: deals until the agreed number is played or a
    player can no longer stake."""

    def __init__(self, game: Any, num_players: int, options: BelleFluxOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        self.match = Match.start(num_players, counters=options.counters, pots=BASKETS, dealer=0)
        # [000] «en commençant par la droite»: the dealer's right is the previous seat.
        self.step = -1 if options.direction == "counterclockwise" else 1
        self.belle_rank = BELLE_KING_HIGH if options.belle_order == "king_high" else BELLE_ACE_HIGH
        self.results: SharedTuple[DealResult] = SharedTuple()  # never changed: replaced
        self.stats = {"deals": 0, "belle_carried": 0, "flux_carried": 0, "trente_un_carried": 0,
                      "thirty_ones": 0, "largest_basket": 0}
        # Each seat's trace of the finished deals and of this one (academie.core.sampling)
        self.past_traces: tuple[SharedTuple[tuple], ...] = (SharedTuple(),) * num_players
        self.traces: list[list[tuple]] = []
        self._clear_table()
        self._start_deal()

    # --- deal ------------------------------------------------------------------------------
    def _order(self) -> list[int]:
        """Seats from the dealer's right round to the dealer (deal and request order, B12)."""
        return self.match.order(self.step)

    def _required_stake(self) -> dict[str, int]:
        stake = self.options.stake
        need = {basket: stake for basket in BASKETS}
        # [000] «On peut, au surplus, convenir de le laisser pour le coup suivant sans y rien
        # ajouter» (option flux_carry_adds_stake).
        if self.match.pots["flux"] > 0 and not self.options.flux_carry_adds_stake:
            need["flux"] = 0
        return need

    def _start_deal(self) -> None:
        m = self.match
        if self.traces:  # the deal just finished: its traces kept
            self.past_traces = tuple(p.appended(tuple(t)) for p, t in zip(self.past_traces, self.traces))
        self.traces = [[] for _ in range(m.num_players)]
        limit = self.options.deals or OPEN_MATCH_DEALS  # deals=0: at most OPEN_MATCH_DEALS (option doc)
        need = self._required_stake()
        # [000] «On fixe la durée de la partie… à un nombre quelconque de coups»; and a player
        # who cannot stake ends the match.
        if (limit and m.deal_number >= limit) or min(m.counters) < sum(need.values()):
            self.phase = OVER
            return
        for seat in self._order():
            for basket, amount in need.items():
                m.pay(seat, basket, amount, f"stake for the {basket} [000] «les mises dont les joueurs sont convenus»")
        self._clear_table()
        # [000] «donne… deux cartes couvertes à chaque joueur. Il en distribue ensuite une
        # troisième qu'il découvre.» — the two face-down cards go as a pair to each in turn.
        order = self._order()
        queue = [(s, False) for s in order for _ in range(2)] + [(s, True) for s in order]
        self.deal_queue.extend(reversed(queue))
        self.turn = order[0]
        self.phase = DEALING

    def _clear_table(self) -> None:
        n = self.match.num_players
        self.hidden: list[list[int]] = [[] for _ in range(n)]
        self.up: list[int | None] = [None] * n
        self.extra: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = list(pack(52))  # [000] «on emploie 52 cartes»
        self.stood = [False] * n
        self.declared: int | None = None
        self.log: list[tuple[str, int | None, int | None]] = []
        self.belle_winner: int | None = None
        self.flux_winner: int | None = None
        self.belle_done = False
        self.fluxes: dict[int, int] = {}
        self.ties: dict[str, tuple[int, ...]] = {}  # basket -> seats tied for the best
        self.deal_queue: list[tuple[int, bool]] = []
        self.queue: list[int] = []
        self.asked_this_round = False
        self.turn = 0
        self.phase = OVER

    # --- the contract ------------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.phase in (DEALING, EXTRA):
            return sorted(self.stock)
        if self.phase == REQUESTS:
            # A player over 31 can only stand: « il ne faut pas l'outre-passer ».
            if self._point(self.turn) >= THIRTY_ONE or not self.stock:
                return [STAND]
            return [ASK, STAND]
        return []

    def drawing(self) -> bool:
        return self.phase in (DEALING, EXTRA)

    def _cards(self, seat: int) -> list[int]:
        up = self.up[seat]
        return self.hidden[seat] + ([up] if up is not None else []) + self.extra[seat]

    def _point(self, seat: int) -> int:
        return trente_un_value(self._cards(seat), self.options.trente_un_count == "one_suit")

    def _apply(self, action: int) -> None:
        if self.phase == DEALING:
            self.stock.remove(action)
            seat, face_up = self.deal_queue.pop()
            self._trace(seat, action, face_up)
            if face_up:
                self.up[seat] = action
                self.log.append(("up", seat, action))
            else:
                self.hidden[seat].append(action)
            if not self.deal_queue:
                self._judge_belle_and_flux()
                self._begin_trente_un()
        elif self.phase == EXTRA:
            self.stock.remove(action)
            self.extra[self.turn].append(action)
            face_up = self.options.extra_cards == "face_up"
            self._trace(self.turn, action, face_up)
            self.log.append(("card", self.turn, action if face_up else None))
            self.phase = REQUESTS
            if self._point(self.turn) == THIRTY_ONE:
                self._declare(self.turn)
            else:
                self._next_request()
        elif action == ASK:
            # [000] «il demande qu'on ajoute une carte aux trois premières»
            self._trace(self.turn, action, True)
            self.asked_this_round = True
            self.log.append(("ask", self.turn, None))
            self.phase = EXTRA
        else:
            # [000] «il déclare qu'il s'y tient»
            self._trace(self.turn, action, True)
            self.stood[self.turn] = True
            self.log.append(("stand", self.turn, None))
            self._next_request()

    def _trace(self, seat: int, action: int, public: bool) -> None:
        """Each seat's trace of ``action`` (a card to ``seat``, or its request): a card dealt
        face down is seen by ``seat`` alone."""
        seen = (seat, action)
        hidden = seen if public else (seat, HIDDEN)
        for s, trace in enumerate(self.traces):
            trace.append(seen if s == seat else hidden)

    def _reveal(self, seats: list[int]) -> None:
        """The cards of ``seats`` shown to all (a flux examined, the hands at the end)."""
        shown = [(REVEAL, s, c) for s in seats for c in self._cards(s)]
        for trace in self.traces:
            trace.extend(shown)

    # --- the three chances -------------------------------------------------------------------
    def _win_basket(self, basket: str, seat: int, why: str) -> None:
        amount = self.match.pots[basket]
        self.stats["largest_basket"] = max(self.stats["largest_basket"], amount)
        self.match.pay(basket, seat, amount, why)

    def _judge_belle_and_flux(self) -> None:
        order = self._order()
        eldest = self.options.tie_rule == "eldest_wins"
        # [000] «Le joueur qui a ainsi la plus haute carte découverte, sans qu'il y ait de
        # concurrence, gagne ce que contient le panier de la belle.» / «aucun d'eux ne tire le
        # panier : il reste pour le coup suivant» (B2: option tie_rule).
        ranks = {s: self.belle_rank[self.up[s]] for s in order}  # type: ignore[index]
        self.belle_winner = best_unique(ranks, order, eldest)
        belle_tie = tied_for_best(ranks, order)
        if self.belle_winner is not None:
            self._win_basket("belle", self.belle_winner, "belle [000] «la plus haute carte découverte»")
        else:
            self.stats["belle_carried"] += 1
        # [000] «Lorsque la belle est jugée, on passe à l'examen du flux» — three cards of one
        # suit; ace 11, figures 10; «on suit la même règle que pour la belle» on a tie (B2, B3);
        # no flux leaves the basket (B4). Every flux is shown to be compared, not only the best.
        for s in order:
            value = flux_value(self._cards(s))
            if value is not None:
                self.fluxes[s] = value
        self.flux_winner = best_unique(self.fluxes, order, eldest)
        self.ties = {"belle": belle_tie, "flux": tied_for_best(self.fluxes, order)}
        if self.flux_winner is not None:
            self._win_basket("flux", self.flux_winner, "flux [000] «trois cartes de la même couleur»")
        else:
            self.stats["flux_carried"] += 1
        self.belle_done = True
        self._reveal(sorted(self.fluxes))

    def _begin_trente_un(self) -> None:
        # [000] «quand un joueur a obtenu trente-un, soit par les trois cartes qu'il a d'abord
        # reçues… il doit le déclarer»
        for s in self._order():
            if self._point(s) == THIRTY_ONE:
                self._declare(s)
                return
        self.phase = REQUESTS
        self._new_round()

    def _eligible(self) -> list[int]:
        # B7: a player who stood is asked no more (option stand_is_final).
        return [s for s in self._order() if not (self.stood[s] and self.options.stand_is_final)]

    def _new_round(self) -> None:
        """[000] «lorsqu'on a donné une carte à chacun de ceux qui l'ont demandée, on recommence
        un nouveau tour pour donner carte encore à ceux qui veulent en ajouter à leur jeu»."""
        eligible = self._eligible()
        if not self.options.stand_is_final:
            self.stood = [False] * self.match.num_players
        # B11: an empty stock ends the requests (option whole_rounds: also a short one).
        can_ask = [s for s in eligible if self._point(s) < THIRTY_ONE]
        short = self.options.stock_exhausted == "whole_rounds" and len(self.stock) < len(can_ask)
        if not eligible or not self.stock or short:
            self._showdown()
            return
        self.queue = eligible[::-1]
        self.asked_this_round = False
        self.turn = self.queue.pop()

    def _next_request(self) -> None:
        if self.queue:
            self.turn = self.queue.pop()
            return
        # [000] «Quand aucun joueur ne demande plus de carte… on accuse le jeu»
        if self.asked_this_round:
            self._new_round()
        else:
            self._showdown()

    def _declare(self, seat: int) -> None:
        # [000] «il empêche qu'on ne donne de nouvelles cartes aux autres joueurs, & il gagne le
        # panier, s'il est alors le seul dont le jeu forme le point de trente-un» (B8).
        self.declared = seat
        self.stats["thirty_ones"] += 1
        self.log.append(("declare", seat, None))
        self._showdown()

    def _showdown(self) -> None:
        order = self._order()
        points = {s: self._point(s) for s in order}
        eldest = self.options.tie_rule == "eldest_wins"
        # [000] «celui qui a trente-un, ou qui, sans outre-passer ce point, en approche de plus
        # près, gagne… qu'aucun des joueurs n'ait un jeu égal au sien» (B2 on a tie).
        under = {s: p for s, p in points.items() if p <= THIRTY_ONE}
        if under:
            winner = best_unique(under, order, eldest)
        elif self.options.all_bust == "nearest_wins":  # B5 variant
            winner = best_unique({s: -p for s, p in points.items()}, order, eldest)
        else:  # B5: everyone over 31, the basket stays
            winner = None
        if winner is not None:
            self._win_basket("trente-un", winner, "trente-un [000] «celui qui a trente-un, ou qui… en approche de plus près»")
        else:
            self.stats["trente_un_carried"] += 1
        m = self.match
        self._add_result(DealResult(
            deal=m.deal_number, dealer=m.dealer,
            up={s: self.up[s] for s in order},  # type: ignore[misc]
            belle=self.belle_winner, flux=self.flux_winner,
            fluxes=dict(self.fluxes),
            hands={s: tuple(self._cards(s)) for s in order},
            points=points, trente_un=winner, declared=self.declared,
            baskets=dict(m.pots), counters=tuple(m.counters),
            ties={**self.ties, "trente-un": tied_for_best(under, order)},
        ))
        self._reveal(order)
        self.stats["deals"] += 1
        # B10: the deal passes to the dealer's right, the first to receive cards.
        m.next_deal(self.step)
        self._start_deal()

    def returns(self) -> list[float]:
        """Each seat's counters won (+) or lost (−) over the match; zeros before the end.
        Counters left in the baskets at the end belong to nobody."""
        return self.match.winnings(self.options.counters, over=self.phase == OVER)

    # --- notation ----------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_code(action)
        if action == ASK:
            return "ask"
        if action == STAND:
            return "stand"
        raise ValueError(f"{action!r} is not an action of Belle, Flux et Trente-un")

    def _string_to_action(self, text: str) -> int:
        """Read ``ask``/``a``/``carte`` or ``stand``/``s``/``tiens``; at a chance node, a card
        code. Raises ``IllegalActionError`` naming the legal actions."""
        word = str(text).strip().lower()
        if self.phase in (DEALING, EXTRA):
            try:
                action: int = parse_card(word)
            except CardCodeError as exc:
                raise self.illegal(str(text), str(exc)) from None
        elif word in _ALIASES:
            action = _ALIASES[word]
        else:
            raise self.illegal(str(text), "neither ask/a nor stand/s")
        if action not in self.legal_actions():
            why = {
                OVER: "the match is over",
                REQUESTS: "you are over 31 or the stock is empty: you can only stand",
            }.get(self.phase, "that card is not in the stock")
            raise self.illegal(str(text), why)
        return action

    # --- views -------------------------------------------------------------------------------
    def _make_view(self, seat: int | None) -> BelleFluxView:
        m = self.match
        deal, dealer = self.view_deal()
        face_up = self.options.extra_cards == "face_up"
        return BelleFluxView(
            seat=seat,
            num_players=m.num_players,
            deal_number=deal,
            dealer=dealer,
            current_player=self.current_player(),
            phase=self.phase,
            hidden=tuple(self.hidden[seat]) if seat is not None else (),
            up=tuple(self.up),
            extra=tuple(
                tuple(self.extra[s]) if (s == seat or face_up) else ()
                for s in range(m.num_players)
            ),
            extra_counts=tuple(len(e) for e in self.extra),
            stood=tuple(self.stood),
            fluxes=tuple(sorted(self.fluxes.items())) if self.belle_done else (),
            flux_hands=tuple(
                (s, tuple(self._cards(s)[:3])) for s in sorted(self.fluxes)
            ) if self.belle_done else (),
            belle=self.belle_winner,
            flux=self.flux_winner,
            counters=tuple(m.counters),
            baskets=tuple((b, m.pots[b]) for b in BASKETS),
            stock_count=len(self.stock),
            log=tuple(self.log),
            last_result=self.results[-1] if self.results else None,
            point=self._point(seat) if seat is not None and self.phase != OVER else None,
            face_up_extras=face_up,
            trail=trail_of(self, seat),
        )

    def view(self, seat: int) -> BelleFluxView:
        """What ``seat`` knows: its two face-down cards and its extra cards, every up card,
        the fluxes shown, the baskets, the counters, who asked and who stood."""
        return self._make_view(self.check_seat(seat))

    def public_view(self) -> BelleFluxView:
        return self._make_view(None)

    def clone(self) -> BelleFluxState:
        """An independent copy: the containers copied; the ledger's entries and the finished
        deals' results (frozen) shared."""
        other = self._clone_base()
        d = other.__dict__
        d["stats"] = self.stats.copy()
        d["hidden"] = [h.copy() for h in self.hidden]
        d["up"] = self.up.copy()
        d["extra"] = [e.copy() for e in self.extra]
        d["stock"] = self.stock.copy()
        d["stood"] = self.stood.copy()
        d["log"] = self.log.copy()
        d["fluxes"] = self.fluxes.copy()
        d["ties"] = self.ties.copy()
        d["deal_queue"] = self.deal_queue.copy()
        d["queue"] = self.queue.copy()
        d["traces"] = [t.copy() for t in self.traces]
        return other

    def _sample_deal(self, seat, trace, rng, memo):
        """A proposed history of the deal starting here, for ``seat``'s trace (see
        :func:`academie.games.belle_flux.sampling.propose`)."""
        from academie.games.belle_flux.sampling import propose

        return propose(self, seat, trace, rng, memo)

    def all_cards(self) -> list[int]:
        cards = list(self.stock)
        for s in range(self.num_players):
            cards += self._cards(s)
        return cards

    def statistics(self) -> dict[str, Any]:
        return dict(self.stats)
