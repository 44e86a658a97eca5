"""The state of a match of Guimbarde: five boxes, the permanent trumps, marriages, the tricks.

Every rule cites the Larousse supplement (:mod:`academie.sources`) as ``[004] «…»`` and the
readings of its ambiguities as ``G1``…``G15``; readings are options (:class:`~academie.games.guimbarde.options.GuimbardeOptions`).
Settled readings: a box nobody can claim stays for the next deal (G6, G7); the turned card belongs
to nobody (G7); a marriage in play is the king then its queen played next in the same trick (G13)
and goes with the trick (G9), a king and queen thrown as discards included (option
``discard_marriages``); rule 7 binds the queens of ♦ ♣ ♠ only, the grand mariage on the table
being the K♥ taken by the Q♥ at any point of the trick (option ``rule7_grand_mariage``);
marriages held in hand are shown before the first lead and paid at the end of the deal (option
``hand_marriages``), the fou at the end of the deal (G10, G11); 3–5 players use 32 cards, 6–8
use 52 (G15). Faults 8, 9 and 12 (revoke, failing to head or trump, playing out of turn) and
rule 7 (breaking a marriage) cannot happen: the engine refuses those cards. No rule gives back
a payment already made: the fou is paid only at the end of the deal, when rule 5 « il ne gagne
rien » is known, and règle 11's void deal cannot happen (a false pack is refused).

Actions: chance outcomes are card ids; a player plays card ``c`` with ``PLAY + c`` (notation: the
card code).
"""

from __future__ import annotations

from typing import Any

from academie.cards import HEARTS, SUIT_NAMES_FR, card_code, make_card, pack, parse_card, require_whole_pack
from academie.core.errors import CardCodeError
from academie.core.frozen import SharedTuple, snapshot
from academie.core.match import Match
from academie.core.sampling import HIDDEN, REVEAL, trail_of
from academie.core.state import StockDrawState
from academie.games.guimbarde.actions import DEALING, OVER, PLAY, PLAYING
from academie.games.guimbarde.options import GuimbardeOptions
from academie.games.guimbarde.rules import (
    FOU, GUIMBARDE, PERMANENT, ROI, TRUMP, is_trump, point, strength, trick_winner,
)
from academie.games.boxes import best_of, stake_every_box
from academie.games.guimbarde.view import DealResult, GuimbardeView

BOXES = ("point", "mariage", "fou", "roi", "guimbarde")
"""[004] «Figures des boites» and their labels, [004] «Le Point. Le Mariage. Le Fou. Le Roi. La Guimbarde.»"""
HAND = 5


class GuimbardeState(StockDrawState):
    """A match of Guimbarde: ``deals`` deals; boxes nobody wins carry over."""

    def __init__(self, game: Any, num_players: int, options: GuimbardeOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        self.match = Match.start(num_players, counters=options.counters, pots=BOXES)
        self.deck = tuple(pack(32 if num_players <= 5 else 52))  # G15 (Parlett's table); clones share it
        self.rule3 = FOU if options.rule3_card == "fou" else make_card("K", "D")
        self.results: SharedTuple[DealResult] = SharedTuple()  # never changed: replaced
        self.stats = {"deals": 0, "point_carried": 0, "tricks_carried": 0, "marriages_in_play": 0,
                      "grand_mariage_table": 0, "fou_captured": 0}
        # Each seat's trace of the finished deals and of this one (academie.core.sampling)
        self.past_traces: tuple[SharedTuple[tuple], ...] = (SharedTuple(),) * num_players
        self.traces: list[list[tuple]] = []
        self._start_deal()

    # --- deal ------------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Seats from the dealer's right (the eldest, « celui qui a la main ») to the dealer (G14)."""
        return self.match.order(-1)

    def _start_deal(self) -> None:
        m = self.match
        if self.traces:  # the deal just finished: its traces kept
            self.past_traces = tuple(p.appended(tuple(t)) for p, t in zip(self.past_traces, self.traces))
        self.traces = [[] for _ in range(self.num_players)]
        if m.deal_number >= self.options.deals:
            self.phase = OVER
            return
        # [004] «Chacun des joueurs met un jeton dans chaque boite»
        stake_every_box(m, self.order(), BOXES, 1, "stake in the {box} box [004] «met un jeton dans chaque boite»")
        n = self.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock = list(self.deck)
        self.turned: int | None = None
        self.trump = -1
        self.shown: list[set[int]] = [set() for _ in range(n)]
        self.announcements: list[tuple[str, int, str]] = []
        self.hand_payments: list[tuple[int, int, int, str]] = []  # (payer, seat, amount, reason), G10
        self.trick: list[tuple[int, int]] = []
        self.trick_number = 0
        self.tricks_won = [0] * n
        self.reached: list[list[int]] = [[] for _ in range(n)]  # trick number of each trick won
        self.fou_holder: int | None = None
        self.fou_captured_by: int | None = None
        self.voids: list[set[int]] = [set() for _ in range(n)]
        self.log: list[tuple[str, int | None, int | None]] = []
        # [004] «donne à chaque joueur cinq cartes, par trois et deux : après quoi, il tourne la
        # carte de dessus le talon, et c'est la triomphe»
        order = self.order()
        queue: list[int | None] = [s for s in order for _ in range(3)]
        queue += [s for s in order for _ in range(2)]
        self.deal_queue: list[int | None] = [None, *queue[::-1]]  # None: the turned card, last
        self.phase = DEALING
        self.turn = order[0]

    def drawing(self) -> bool:
        return self.phase == DEALING

    def _legal_actions(self) -> list[int]:
        if self.phase == DEALING:
            return sorted(self.stock)
        if self.phase == PLAYING:
            return [PLAY + c for c in self._playable(self.turn)]
        return []

    def _apply(self, action: int) -> None:
        if self.phase == DEALING:
            self.stock.remove(action)
            seat = self.deal_queue.pop()
            traces = self.traces
            if seat is None:
                for trace in traces:
                    trace.append((-1, action))
                self.turned = action
                self.trump = action // 13
                self.log.append(("turned", None, action))
                self._announce()
                shown = [(REVEAL, s, c) for s in range(len(traces)) for c in sorted(self.shown[s])]
                for trace in traces:
                    trace.extend(shown)
            else:
                hidden, seen = (seat, HIDDEN), (seat, action)
                for s in range(len(traces)):
                    traces[s].append(seen if s == seat else hidden)
                self.hands[seat].append(action)
        else:
            self._play(action - PLAY)

    # --- the boxes before play -----------------------------------------------------------------
    def _announce(self) -> None:
        m, order = self.match, self.order()
        holder = {c: s for s in order for c in self.hands[s]}
        # [004] «pour le valet de carreau, la boite du fou; pour le roi de cœur, celle du roi; et
        # pour la dame, celle de la guimbarde ; et enfin pour ces deux derniers ensemble, celle du
        # mariage… en observant de les étaler sur la table avant que de les tirer»
        for card, box in ((FOU, "fou"), (ROI, "roi"), (GUIMBARDE, "guimbarde")):
            if card in holder:
                seat = holder[card]
                self.shown[seat].add(card)
                self.announcements.append((box, seat, card_code(card)))
                m.take_pot(box, seat, f"the {box} box [004] «on les tire à proportion»")
        self.fou_holder = holder.get(FOU)
        if ROI in holder and holder.get(GUIMBARDE) == holder[ROI]:
            seat = holder[ROI]
            self.announcements.append(("mariage", seat, "KH QH"))
            m.take_pot("mariage", seat, "the mariage box [004] «pour ces deux derniers ensemble, celle du mariage»")
            # Rule 4: «Qui a le grand mariage en main… reçoit deux jetons de chaque joueur»
            for other in order:
                if other != seat:
                    self.hand_payments.append((other, seat, 2, "grand mariage in hand [004] règle 4 «reçoit deux jetons de chaque joueur»"))
        # Rule 1: «si on a ce mariage en main, personne n'est excepté de payer ce jeton»
        for seat in order:
            for suit in range(4):
                king, queen = suit * 13 + 11, suit * 13 + 10
                if suit != HEARTS and king in self.hands[seat] and queen in self.hands[seat]:
                    self.shown[seat] |= {king, queen}
                    self.announcements.append(("mariage en main", seat, f"{card_code(king)} {card_code(queen)}"))
                    for other in order:
                        if other != seat:
                            self.hand_payments.append((other, seat, 1, "marriage in hand [004] règle 1 «personne n'est excepté»"))
        # G10: « en jouant les cartes » — paid at the end of the deal, or at once (option)
        if self.options.hand_marriages == "announcement":
            self._pay_hand_marriages()
        # [004] «chacun accuse son point, et le plus haut l'emporte»; «à point égal, celui qui a la
        # main gagne le point» (G4)
        points = {s: point(self.hands[s]) for s in order}
        if self.options.point_tiebreak == "eldest":
            points = {s: (p[0], 0) for s, p in points.items()}
        best, tied = best_of(order, points)
        if best[0] >= 3:
            seat = tied[0]  # «à point égal, celui qui a la main gagne le point»
            self.announcements.append(("point", seat, f"{best[0]} cards"))
            m.take_pot("point", seat, "the point box [004] «le plus haut l'emporte»")
        else:
            self.stats["point_carried"] += 1
        # [004] «Quand le point est levé, on met chacun un jeton dans la même boite pour celui qui
        # lèvera le plus de mains»
        for seat in order:
            m.pay(seat, "point", 1, "stake for the tricks [004] «on met chacun un jeton dans la même boite»")
        self.phase = PLAYING
        self.turn = order[0]  # [004] «Le premier à jouer, commence à jouer par la carte qu'il veut»

    def _pay_hand_marriages(self) -> None:
        for payer, seat, amount, reason in self.hand_payments:
            self.match.pay(payer, seat, amount, reason)
        self.hand_payments = []

    # --- play ------------------------------------------------------------------------------------
    def _is_marriage(self, king: int, queen: int, led: int) -> bool:
        """``king`` then ``queen`` falling one on the other make a marriage in play: [004] «lorsqu'on
        joue un roi de carreau, de trèfle ou de pique, et que la dame de l'une de ces couleurs,
        tombe sur son roi» (G13); discards count unless ``discard_marriages`` is false."""
        suit = king // 13
        if king % 13 != 11 or queen != king - 1 or suit == HEARTS:
            return False
        return self.options.discard_marriages or suit == led or suit == self.trump

    def _led(self) -> int:
        card = self.trick[0][1]
        return TRUMP if is_trump(card, self.trump) else card // 13

    def _follows(self, card: int, led: int) -> bool:
        if led == TRUMP:
            return is_trump(card, self.trump)
        if card in PERMANENT:
            return self.options.honours_keep_suit_in_play and card // 13 == led  # G3
        return card // 13 == led

    def _playable(self, seat: int) -> list[int]:
        hand = sorted(self.hands[seat])
        if not self.trick:
            return hand
        trump, led = self.trump, self._led()
        same = [c for c in hand if self._follows(c, led)]
        win_seat = trick_winner(self.trick, trump, led)
        best = next(c for s, c in self.trick if s == win_seat)
        trumped = led != TRUMP and any(is_trump(c, trump) for _, c in self.trick)
        if self.options.follow_rules == "parlett_free":
            legal = same or hand  # G1 option: follow suit only
        elif same:
            # « fournir… monter » (G1): follow suit, and head the trick if able
            higher = [c for c in same if strength(c, trump) > strength(best, trump)] if not trumped or led == TRUMP else []
            legal = higher or same
        else:
            trumps = [c for c in hand if is_trump(c, trump)]
            if trumps and trumped and self.options.overtrump:
                legal = [c for c in trumps if strength(c, trump) > strength(best, trump)] or hand
            else:
                legal = trumps or hand  # « couper, s'ils ont des triomphes sans avoir la couleur »
        # Rule 7: «Celui qui ayant la dame d'un roi qui vient d'être joué, doit jouer
        # immédiatement après, est obligé de la mettre pour faire le mariage» — it comes before
        # heading the trick; following suit still comes first.
        # Rule 7 on the K♥ only with ``rule7_grand_mariage`` (G13).
        last = self.trick[-1][1]
        queen = last - 1
        if self._must_marry(hand, led, same):
            return [queen]
        # Rule 3: «Il n'est pas permis de couper un mariage avec le roi de cœur, ni avec la dame,
        # ni avec le roi de carreau» (G8: the fou) — a player obliged to trump with one of them
        # may play another card instead; only with no other card may he cut with it.
        if self._marriage_in_trick() and led != TRUMP:
            def forbidden(c: int) -> bool:
                return c in (ROI, GUIMBARDE, self.rule3) and is_trump(c, trump) and not self._follows(c, led)

            if any(forbidden(c) for c in legal):
                legal = [c for c in legal if not forbidden(c)] or [c for c in hand if not forbidden(c)] or legal
        return legal

    def _must_marry(self, hand: list[int], led: int, same: list[int]) -> bool:
        """Rule 7 binds the player to act: the card just played is a king whose queen he holds."""
        last = self.trick[-1][1]
        queen = last - 1
        bound = self._is_marriage(last, queen, led) or (last == ROI and self.options.rule7_grand_mariage)
        return bound and queen in hand and (self._follows(queen, led) or not same)

    def _marriage_in_trick(self) -> tuple[int, int] | None:
        """(king's seat, queen's seat) of a marriage made in this trick: [004] règle 6 «il faut
        que le roi et la dame de la même couleur tombent immédiatement l'un sur l'autre»."""
        led = self._led()
        for (ks, k), (qs, q) in zip(self.trick, self.trick[1:]):
            if self._is_marriage(k, q, led):
                return ks, qs
        return None

    def _play(self, card: int) -> None:
        seat = self.turn
        if self.trick and not self._follows(card, self._led()):
            self.voids[seat].add(self._led())
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.log.append(("play", seat, card))
        seen = (seat, PLAY + card)
        for trace in self.traces:
            trace.append(seen)
        if len(self.trick) < self.num_players:
            self.turn = (seat - 1) % self.num_players
            return
        self._finish_trick()

    def _pay(self, source: int, target: int, amount: int, reason: str) -> None:
        if source != target:
            self.match.pay(source, target, amount, reason)

    def _finish_trick(self) -> None:
        trump, n = self.trump, self.num_players
        led = self._led()
        winner = trick_winner(self.trick, trump, led)
        won_with = next(c for s, c in self.trick if s == winner)
        cards = {c: s for s, c in self.trick}
        marriage = self._marriage_in_trick()
        if marriage is not None:
            king_seat, queen_seat = marriage
            self.stats["marriages_in_play"] += 1
            suit = next(c for s, c in self.trick if s == king_seat) // 13
            cut = is_trump(won_with, trump) and suit != trump
            seats = [s for s, _ in self.trick]
            cut_after = seats.index(winner) > seats.index(king_seat)  # played on the marriage
            if cut and cut_after and won_with in (ROI, GUIMBARDE, self.rule3):
                pass  # rule 3: a marriage cut with a forbidden trump pays nothing (G8)
            elif cut:
                # Rule 2: «Celui qui gagne un mariage par triomphe, ne gagne qu'un jeton de ceux
                # qui ont jeté le roi et la dame»
                for payer in (king_seat, queen_seat):
                    self._pay(payer, winner, 1, "marriage won by trumping [004] règle 2 «ne gagne qu'un jeton de ceux qui ont jeté le roi et la dame»")
            else:
                # Rule 1: «celui qui le gagne tire un jeton de chaque joueur, hors de celui qui a
                # jeté la dame»
                for payer in range(n):
                    if payer != queen_seat:
                        self._pay(payer, winner, 1, "marriage in play [004] règle 1 «tire un jeton de chaque joueur, hors de celui qui a jeté la dame»")
        if ROI in cards and GUIMBARDE in cards:
            # Rule 4: «le roi de cœur est levé par la guimbarde… ce mariage ne vaut qu'un jeton»
            self.stats["grand_mariage_table"] += 1
            payers = range(n) if self.options.grand_mariage_table_payers == "all" else [cards[ROI]]
            for payer in payers:
                self._pay(payer, winner, 1, "grand mariage on the table [004] règle 4 «ce mariage ne vaut qu'un jeton»")
        if FOU in cards and won_with in (ROI, GUIMBARDE) and cards[FOU] != winner:
            # Rule 5: «si ce fou s'embarque dans le jeu, et qu'il soit pris par le roi ou par la
            # dame de cœur, il ne gagne rien; au contraire, il paye un jeton à celui qui l'emporte»
            self.fou_captured_by = winner
            self.stats["fou_captured"] += 1
            self._pay(cards[FOU], winner, 1, "the fou taken [004] règle 5 «il paye un jeton à celui qui l'emporte»")
        self.tricks_won[winner] += 1
        self.reached[winner].append(self.trick_number)
        self.log.append(("won", winner, None))
        self.trick = []
        self.trick_number += 1
        if self.trick_number < HAND:
            self.turn = winner
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        m, order = self.match, self.order()
        # [004] «Il faut au moins faire deux mains pour l'emporter… si deux joueurs avaient fait
        # deux mains chacun, celui qui les aurait faites le premier gagnerait» (G5)
        if self.options.trick_box == "first_to_two":
            twos = [s for s in order if self.tricks_won[s] >= 2]
            winner = min(twos, key=lambda s: self.reached[s][1]) if twos else None
        else:
            most = max(self.tricks_won)
            tied = [s for s in order if self.tricks_won[s] == most]
            winner = min(tied, key=lambda s: self.reached[s][most - 1]) if most >= 2 else None
        if winner is not None:
            m.take_pot("point", winner, "the tricks [004] «pour celui qui lèvera le plus de mains»")
        else:
            # «le fond de mise demeure dans la boite, pour servir de point au coup suivant»
            self.stats["tricks_carried"] += 1
        # Marriages in hand, shown before the first lead (G10: settled now by default)
        self._pay_hand_marriages()
        # Rule 5: «On paye un jeton pour le fou» (G11: by every other player, unless it was taken)
        if self.fou_holder is not None and self.fou_captured_by is None:
            for seat in order:
                self._pay(seat, self.fou_holder, 1, "the fou [004] règle 5 «On paye un jeton pour le fou»")
        self._add_result(DealResult(
            deal=m.deal_number, dealer=m.dealer, turned=self.turned, trump=self.trump,
            announcements=tuple(self.announcements), tricks=tuple(self.tricks_won),
            trick_winner=winner, counters=tuple(m.counters), boxes=tuple((b, m.pots[b]) for b in BOXES),
        ))
        self.stats["deals"] += 1
        m.next_deal(-1)  # G14: the deal goes to the right
        self._start_deal()

    def returns(self) -> list[float]:
        """Counters won (+) or lost (−) per seat; zeros before the end. Boxes left at the end
        belong to nobody."""
        return self.match.winnings(self.options.counters, over=self.phase == OVER)

    # --- notation --------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if 0 <= action < 52:
            return card_code(action)
        if PLAY <= action < PLAY + 52:
            return card_code(action - PLAY)
        raise ValueError(f"{action!r} is not an action of the Guimbarde")

    def _string_to_action(self, text: str) -> int:
        """Read a card code (the card to play, or dealt). Raises ``IllegalActionError`` naming
        the legal cards and why."""
        if self.phase == OVER:
            raise self.illegal(str(text), "the match is over")
        try:
            card = parse_card(str(text))
        except CardCodeError:
            raise self.illegal(str(text), "not a card code such as KH, 9S, TS") from None
        action = card if self.phase == DEALING else PLAY + card
        if action not in self.legal_actions():
            raise self.illegal(str(text), self._why(card))
        return action

    def _why(self, card: int) -> str:
        if self.phase == DEALING:
            return "that card is already dealt"
        hand = self.hands[self.turn]
        if card not in hand:
            return "that card is not in your hand"
        legal = self._playable(self.turn)
        led = self._led()
        if self._must_marry(hand, led, [c for c in hand if self._follows(c, led)]):
            return "you must complete the marriage with the queen (règle 7 « est obligé de la mettre »)"
        if any(self._follows(c, led) for c in hand) and not self._follows(card, led):
            return "you must follow suit (« fournir »)"
        if self._follows(card, led):
            return "you must head the trick when you can (« monter »)"
        if card in (ROI, GUIMBARDE, self.rule3) and self._marriage_in_trick():
            return "a marriage may not be cut with the roi, the guimbarde or the fou (règle 3)"
        if any(is_trump(c, self.trump) for c in legal):
            if self.options.overtrump and self.options.follow_rules == "triomphe":
                return "you have no card of the suit led: you must trump, and overtrump when you can (« couper »)"
            return "you have no card of the suit led: you must trump (« couper »)"
        return "that card is not legal now"

    # --- views -----------------------------------------------------------------------------------
    def _make_view(self, seat: int | None) -> GuimbardeView:
        m = self.match
        deal, dealer = self.view_deal()
        # Built at every decision: a snapshot (no per-field __init__).
        return snapshot(
            GuimbardeView,
            seat=seat, num_players=m.num_players, deal_number=deal, dealer=dealer,
            current_player=self.current_player(), phase=self.phase,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            shown=tuple(tuple(sorted(s)) for s in self.shown),
            hand_sizes=tuple(map(len, self.hands)),
            turned=self.turned, trump=self.trump,
            trump_name=SUIT_NAMES_FR[self.trump] if self.trump >= 0 else "",
            announcements=tuple(self.announcements), trick=tuple(self.trick),
            trick_number=self.trick_number, tricks_won=tuple(self.tricks_won),
            counters=tuple(m.counters), boxes=tuple((b, m.pots[b]) for b in BOXES),
            last_result=self.results[-1] if self.results else None, log=tuple(self.log),
            trail=trail_of(self, seat),
        )

    def view(self, seat: int) -> GuimbardeView:
        """What ``seat`` knows: its hand, the turned card, the cards shown for the boxes and
        marriages, every card played, the boxes and counters."""
        return self._make_view(self.check_seat(seat))

    def public_view(self) -> GuimbardeView:
        return self._make_view(None)

    def clone(self) -> GuimbardeState:
        """An independent copy: the containers copied; the ledger's entries, the finished deals'
        results (frozen) and the pack shared."""
        other = self._clone_base()
        d = other.__dict__
        d["hands"] = [h.copy() for h in self.hands]
        d["stock"] = self.stock.copy()
        d["shown"] = [s.copy() for s in self.shown]
        d["announcements"] = self.announcements.copy()
        d["hand_payments"] = self.hand_payments.copy()
        d["trick"] = self.trick.copy()
        d["tricks_won"] = self.tricks_won.copy()
        d["reached"] = [r.copy() for r in self.reached]
        d["voids"] = [v.copy() for v in self.voids]
        d["log"] = self.log.copy()
        d["deal_queue"] = self.deal_queue.copy()
        d["stats"] = self.stats.copy()
        d["traces"] = [t.copy() for t in self.traces]
        return other

    def _sample_world(self, seat, trace, rng, memo):
        """A world of the play of the cards built at once (see
        :func:`academie.games.guimbarde.sampling.world`)."""
        from academie.games.guimbarde.sampling import world

        return world(self, seat, trace, rng, memo)

    def _sample_deal(self, seat, trace, rng, memo):
        """A proposed history of the deal starting here, for ``seat``'s trace (see
        :func:`academie.games.guimbarde.sampling.propose`)."""
        from academie.games.guimbarde.sampling import propose

        return propose(self, seat, trace, rng, memo)

    def check_stacked_deck(self, outcomes: list[str]) -> None:
        """Règles 10 and 11 («Celui qui donne mal… mêle de nouveau»; «Lorsque le jeu est faux,
        le coup où il est découvert faux ne vaut pas»): the engine deals itself, so a misdeal
        cannot happen; a stacked deck must name the whole pack, each card once."""
        require_whole_pack(outcomes, self.deck, self.match.deal_number + 1, "règle 11 « Lorsque le jeu est faux »")

    def all_cards(self) -> list[int]:
        cards = list(self.stock) + [c for _, c in self.trick]
        if self.turned is not None:
            cards.append(self.turned)
        for s in range(self.num_players):
            cards += self.hands[s]
        played = [c for k, _, c in self.log if k == "play" and c is not None]
        in_trick = {c for _, c in self.trick}
        return cards + [c for c in played if c not in in_trick]

    def statistics(self) -> dict[str, Any]:
        return dict(self.stats)
