"""The state of a race at the Jeu du Blason: throws, squares, meetings, waits, the pot.

Every rule cites Lacombe (1798, :mod:`academie.sources`) as ``[002] «…»`` and the readings of its
ambiguities as ``L1``…``L13``; readings are options
(:class:`~academie.games.blason.options.BlasonOptions`). Settled readings: any first throw of
nine goes to 26, whatever the dice (L3); the effect of the square finally reached applies once,
and 12, 26 and 1 have none (L10); the first-throw rule applies only to a player's very first throw
(L11); there is no doubling as at the Goose (L12); 19 and 49 have the same wait (L7). That wait,
« jusqu'à ce que les autres joueurs aient joué chacun deux coups », is read under option
``rest_reading`` as: ``miss_two_turns`` (default) — the player's next two turns are passed over,
so every other player throws three times between his two throws (two players: the other throws
three times in a row); ``others_throw_twice`` — he misses one turn, so every other player throws
exactly twice. The price paid on 19 or 49 is not given back when a meeting ends the wait (L5):
it pays for the titles or the passage, not the rest.

The race has no decision but the throw: a seat's only action is :data:`THROW`, followed by a
chance node whose outcomes are the totals (``ROLL + total``, notation the total: ``'9'``).
Everything is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academie.core.frozen import FrozenMap
from academie.core.match import Match
from academie.core.sampling import Trail
from academie.core.state import CHANCE, TERMINAL, State
from academie.games.blason.board import GOAL, Square, make_board
from academie.games.blason.options import BlasonOptions
from academie.games.blason.rules import token_move, turns_missed
from academie.games.blason.view import BlasonView, Move

THROW = 0
ROLL = 100
THROWING, ROLLING, OVER = "throw", "roll", "over"

DICE: dict[str, list[tuple[int, float]]] = {
    # [002] «avec deux dez communs ou un cochonnet»; the cochonnet has twelve faces, 1 to 12.
    "2d6": [(t, (6 - abs(t - 7)) / 36) for t in range(2, 13)],
    "d12": [(t, 1 / 12) for t in range(1, 13)],
}


class BlasonState(State):
    """A whole race: from every counter at the start to the first player on 63 exactly."""

    def __init__(self, game: Any, num_players: int, options: BlasonOptions) -> None:
        self.game = game
        self.options = options
        self.history = []
        restart = 1 if options.restart_square == "square_1" else 0
        self.board: Mapping[int, Square] = FrozenMap(make_board(options.casques, restart))  # read-only, shared
        missed = {n: turns_missed(square, options.rest_reading) for n, square in self.board.items()}
        self.missed: Mapping[int, int] = FrozenMap({n: k for n, k in missed.items() if k})  # 19 and 49 (L7)
        self.match = Match.start(num_players, counters=options.counters, pots=("pot",))
        # [002] «On conviendra du prix que doivent valoir les jettons dont on doit mettre un
        # chacun à l'entrée du jeu»
        for seat in range(num_players):
            self.match.pay(seat, "pot", options.entry, "entry [002] «mettre un chacun à l'entrée du jeu»")
        self.position = [0] * num_players
        self.rest = [0] * num_players
        self.thrown = [False] * num_players
        self.well: int | None = None  # the player waiting on 30
        self.turn = 0
        self.phase = THROWING
        self.winner: int | None = None
        self.moves: list[Move] = []
        self.turns = 1  # player turns so far, the current one included (missed turns count)
        self.stats: dict[str, int] = {"meetings": 0, "first_nine": 0}
        for n, square in self.board.items():
            if square.effect not in ("none", "goal"):
                self.stats[f"square_{n}"] = 0

    # --- the contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == ROLLING:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.turn

    def _legal_actions(self) -> list[int]:
        if self.phase == ROLLING:
            return [ROLL + t for t, _ in DICE[self.options.dice]]
        if self.phase == THROWING:
            return [THROW]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != ROLLING:
            return []
        return [(ROLL + t, p) for t, p in DICE[self.options.dice]]

    def outcome_notation_error(self, text: str) -> str | None:
        """A chance outcome is a total of the dice in ASCII digits."""
        totals = [t for t, _ in DICE[self.options.dice]]
        if not isinstance(text, str):
            return f"of type {type(text).__name__}, not a dice total (a str of digits, {min(totals)}–{max(totals)})"
        word = text.strip()
        if 0 < len(word) <= 2 and word.isascii() and word.isdigit() and int(word) in totals:
            return None
        return f"not a dice total ({min(totals)}–{max(totals)})"

    def _apply(self, action: int) -> None:
        if action == THROW:
            # [002] «chacun une fois & à son tour»
            self.phase = ROLLING
            return
        self._move(self.turn, action - ROLL)
        if self.phase != OVER:
            self._next_turn()

    def _pay(self, seat: int, amount: int, reason: str) -> None:
        # [002] «payer autant de jettons que les rançons, les sorties & les contributions
        # ordonnées vous obligeront au profit de celui qui gagnera la partie»
        self.match.pay(seat, "pot", amount, reason)

    def _move(self, seat: int, total: int) -> None:
        origin = self.position[seat]
        first = not self.thrown[seat]
        self.thrown[seat] = True
        o = self.options
        # The lone token's move (first nine, bounce past 63, the square's effect): rules.token_move.
        step = token_move(self.board, origin, total, first, o.price, o.mois_romains, o.exact_finish, o.rest_reading)
        landed, dest, events = step.landed, step.dest, list(step.events)
        if step.effect == "first_nine":
            self.stats["first_nine"] += 1
        elif step.effect not in ("none", "goal"):
            self.stats[f"square_{landed}"] += 1
        if step.payment is not None:
            self._pay(seat, *step.payment)
        if step.rest:
            self.rest[seat] = step.rest
        self._meet(seat, origin, landed, dest, events)
        self.position[seat] = dest
        self.moves.append(Move(seat, total, origin, landed, dest, tuple(events)))
        if dest == GOAL:
            # [002] «gagnera la partie & tirera tous les jettons»
            self.winner = seat
            self.stats["pot"] = self.match.pots["pot"]
            self.match.take_pot("pot", seat, "the pot to the winner [002] «tirera tous les jettons»")
            self.phase = OVER

    def _meet(self, seat: int, origin: int, landed: int, dest: int, events: list[str]) -> None:
        if dest in (0, GOAL):
            return
        occupant = next((s for s, p in enumerate(self.position) if p == dest and s != seat), None)
        square = self.board[dest]
        if square.effect == "well":
            if occupant is not None:
                # [002] «en prenant sa place lui donne la liberté de continuer son jeu, &
                # payeront tous deux le prix convenu» (L6: he goes where the newcomer came from)
                reason = f"square 30, {square.name} {square.source}"
                self._pay(occupant, self.options.price, reason)
                self._pay(seat, self.options.price, reason)
                self.position[occupant] = origin
                events.append(f"frees seat {occupant} from the chancellerie (back to {origin}); both pay")
            self.well = seat
            events.append("waits at the chancellerie")
            return
        if occupant is None:
            return
        # [002] «Celui qui sera rencontré d'un autre payera le prix convenu, & ira prendre la
        # place de son compagnon» (L4: the mover's square before his throw; option swap)
        self.stats["meetings"] += 1
        self._pay(occupant, self.options.price, "met by another [002] «Celui qui sera rencontré d'un autre payera»")
        goes_to = origin
        # swap (reading 3(c)): where the mover landed before jumping; that square's effect
        # is not applied to the met player (L4), even a casque's.
        if self.options.meeting_destination == "swap" and landed != dest:
            goes_to = landed
        self.position[occupant] = goes_to
        if not self.options.displaced_keeps_wait:
            self.rest[occupant] = 0  # L5
        events.append(f"meets seat {occupant}, who pays and goes to {goes_to or 'the start'}")

    def _next_turn(self) -> None:
        """Pass the throw on, skipping players who rest (19, 49) or wait on 30."""
        self.phase = THROWING
        n = self.num_players
        seat = self.turn
        while True:
            seat = (seat + 1) % n
            self.turns += 1
            if self.rest[seat] > 0:
                self.rest[seat] -= 1
                continue
            if self.well == seat and self.position[seat] == 30:
                continue
            if self.well == seat:
                self.well = None  # freed since
            self.turn = seat
            return

    def returns(self) -> list[float]:
        """Each seat's counters won (+) or paid (−) over the race; zeros before the end."""
        return self.match.winnings(self.options.counters, over=self.phase == OVER)

    # --- notation ----------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if action == THROW:
            return "throw"
        if ROLL < action <= ROLL + 12:
            return str(action - ROLL)
        raise ValueError(f"{action!r} is not an action of the Jeu du Blason")

    def _string_to_action(self, text: str) -> int:
        """Read ``throw`` (or ``t``, or an empty line) for a player, or a total (``'9'``, ASCII
        digits) at the chance node. Raises ``IllegalActionError`` naming the legal actions."""
        word = str(text).strip().lower()
        if self.phase == THROWING and word in ("throw", "t", "", "jeter", "roll"):
            return THROW
        # A total is written in ASCII digits, at most two ("²" or "١٢" are not totals).
        if self.phase == ROLLING and 0 < len(word) <= 2 and word.isascii() and word.isdigit():
            if ROLL + int(word) in self.legal_actions():
                return ROLL + int(word)
        why = {OVER: "the race is over", ROLLING: "not a total of these dice"}.get(self.phase, "throw the dice")
        raise self.illegal(str(text), why)

    # --- views -------------------------------------------------------------------------------
    def public_view(self) -> BlasonView:
        m = self.match
        return BlasonView(
            num_players=m.num_players,
            current_player=self.current_player(),
            phase=self.phase,
            positions=tuple(self.position),
            rest=tuple(self.rest),
            well=self.well if self.well is not None and self.position[self.well] == 30 else None,
            counters=tuple(m.counters),
            pot=m.pots["pot"],
            moves=tuple(self.moves),
            winner=self.winner,
            dice=self.options.dice,
            board=self.board,
            missed=self.missed,
            trail=Trail(self.game.info.id, m.num_players, self.options, None, (), (), tuple(self.history)),
        )

    def view(self, seat: int) -> BlasonView:
        """Everything is public at the Blason: the same as :meth:`public_view`."""
        self.check_seat(seat)
        return self.public_view()

    def shared(self) -> tuple[object, ...]:
        return (self.board,)

    def clone(self) -> BlasonState:
        """An independent copy: the containers copied; the board, the ledger's entries and the
        moves (frozen) shared."""
        other = self._clone_base()
        d = other.__dict__
        d["position"] = self.position.copy()
        d["rest"] = self.rest.copy()
        d["thrown"] = self.thrown.copy()
        d["moves"] = self.moves.copy()
        d["stats"] = self.stats.copy()
        return other

    def statistics(self) -> dict[str, Any]:
        """Figures of the race: ``turns`` (player turns, missed ones included, the winning throw
        included), ``rounds`` (turns divided by players, rounded up), ``pot`` won, ``meetings``,
        ``first_nine``, and ``square_N``: how often each special square N was landed on."""
        return dict(self.stats, turns=self.turns, rounds=-(-self.turns // self.num_players))
