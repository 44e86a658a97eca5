"""The state contract every game implements (after OpenSpiel's ``State``).

A state covers a whole match (*partie*): deals follow one another inside it, and dealing is an
explicit chance node whose outcomes carry probabilities. Actions are integers, each with a string
notation (:meth:`State.action_to_string`, :meth:`State.string_to_action`) used by records and
interfaces.

Actions that come from outside (records, people, the terminal, adapters) go through
:meth:`State.apply_action`, which checks them; playouts and simulations whose actions were
picked from :meth:`State.legal_actions` may skip the check with ``apply_action(action,
trusted=True)``. Legal actions are computed once per state (games implement
:meth:`State._legal_actions`; the list is kept until the next action), and :meth:`State.clone`
is written per game: it copies the containers and shares what cannot change (the ledger's
entries, finished deals' results, tables).

Players see the game only through views (:meth:`State.view`, :meth:`State.public_view`): a seat's
view holds exactly what that seat may know. :meth:`State.determinize` samples a full state
consistent with one seat's information set; the no-leak test checks that this changes nothing the
seat can see.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from academie.core.errors import AcademieError, IllegalActionError, SeatError, StackedDeckError
from academie.core.frozen import ChunkedList, SharedTuple
from academie.core.match import Match

S = TypeVar("S", bound="State")

_sampler: Callable[[Any, random.Random], Any] | None = None
"""``academie.core.sampling.sample``, set by that module when it is imported: sampling replays
states, so it stands on this module and hands its sampler down (every game's state imports it)."""

CHANCE = -1
"""``current_player()`` at a chance node (a card dealt, a die thrown)."""
TERMINAL = -4
"""``current_player()`` once the match is over (OpenSpiel's value)."""


class State(ABC):
    """One match in progress. Subclasses implement the abstract methods; this class validates.

    Attributes: ``game`` (the :class:`~academie.core.game.Game`), ``options`` (its validated
    options), ``match`` (the :class:`~academie.core.match.Match`: counters, pots, lives, dealer),
    ``history`` (every action applied, chance outcomes included).
    """

    game: Any  # the academie.core.game.Game that made it (that module stands on this one)
    options: Any
    match: Match
    history: list[int]
    _legal: list[int] | None = None  # legal_actions() of this state, until the next action
    _history_shared = False  # the history list is shared with a clone: copy it before appending

    @property
    def num_players(self) -> int:
        """Number of seats at the table."""
        return self.match.num_players

    # --- the contract -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal actions of the player to act (at a chance node: the possible outcomes), in
        the game's order; :meth:`legal_actions` keeps them until the next action."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, ``(outcome, probability)`` pairs summing to 1; else ``[]``."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already checked)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's return at the end of the match (zeros before the end)."""

    def action_to_string(self, action: int) -> str:
        """The string notation of ``action`` in this state (e.g. ``'knock'``, ``'KH'``). Raises
        :class:`~academie.core.errors.IllegalActionError` for an action that is no ``int`` (a
        ``bool`` is none: ``True`` is not action 1) and for an int that is no action of the game
        (the game's ``ValueError``, as an error of ours)."""
        if type(action) is not int and (not isinstance(action, int) or isinstance(action, bool)):
            shown = () if self.is_terminal() else tuple(self.legal_action_strings())
            raise IllegalActionError(
                f"an action is an int, not {type(action).__name__} {action!r:.40}; legal: {', '.join(shown)}",
                action, shown,
            )
        try:
            return self._action_to_string(action)
        except IllegalActionError:
            raise
        except ValueError as exc:  # an int outside the game's actions
            raise IllegalActionError(str(exc), action, ()) from None

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """:meth:`action_to_string` for an ``int``: each game writes its own notation."""

    def string_to_action(self, text: str) -> int:
        """Read an action in string notation in this state. Raises
        :class:`~academie.core.errors.IllegalActionError` naming the legal actions, and for
        ``text`` that is no ``str`` (an ``int`` is an action id, for :meth:`apply_action`, not
        its notation: ``5`` is not the total ``'5'``)."""
        if not isinstance(text, str):
            shown = () if self.is_terminal() else tuple(self.legal_action_strings())
            raise IllegalActionError(
                f"an action in notation is a str, not {type(text).__name__} {text!r:.40}; legal: {', '.join(shown)}",
                text, shown,
            )
        return self._string_to_action(text)

    @abstractmethod
    def _string_to_action(self, text: str) -> int:
        """:meth:`string_to_action` for a ``str``: each game reads its own notation."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know, as a frozen dataclass with a ``to_json()`` method."""

    @abstractmethod
    def public_view(self) -> Any:
        """What every onlooker may know."""

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A world drawn uniformly from ``seat``'s information set: exactly
        ``academie.core.sampling.sample(self.view(seat), rng)``, so it depends on the view
        alone (see :mod:`academie.core.sampling`). Raises
        :class:`~academie.core.errors.SeatError` for a seat not at the table."""
        if _sampler is None:
            raise AcademieError("no world sampler: academie.core.sampling is not imported")
        return _sampler(self.view(self.check_seat(seat)), rng)

    def _sample_deal(self, seat: int | None, trace: Sequence[Any], rng: random.Random,
                     memo: dict[str, Any]) -> list[int] | None:
        """Called on the state at the start of a deal: a proposed history of that deal (its
        actions) for the trace ``trace`` of ``seat``, drawn uniformly among histories meeting
        the constraints the game derives from the trace (a superset of the consistent ones), or
        None to draw again; ``memo`` keeps what the game derived, across calls for one trace.
        Here, for a game with nothing hidden: the trace is the history."""
        memo["deterministic"] = True
        return list(trace)

    def _sample_world(self, seat: int | None, trace: Sequence[Any], rng: random.Random,
                      memo: dict[str, Any]) -> State | None | bool:
        """Like :meth:`_sample_deal`, but the world itself, built without replaying the deal,
        once ``memo["world"]`` holds a world the replay accepted for this trace: a world whose
        history and view are exactly those the replay would give (None: drawn again; False:
        not here, replay instead). Games may override it for speed; here, False."""
        return False

    @abstractmethod
    def statistics(self) -> dict[str, Any]:
        """Match figures for simulation reports (rounds, knocks …), JSON-ready."""

    # --- provided -----------------------------------------------------------------------------
    def outcome_notation_error(self, text: str) -> str | None:
        """At a chance node: ``None`` if ``text`` is written as this game's chance outcomes are
        (it may still be impossible now: a card already dealt), else a short phrase saying
        what an outcome is (``"not a card code (e.g. AS, 10H, TH)"``). Games override this."""
        return None

    def check_stacked_deck(self, outcomes: list[str]) -> None:
        """Refuse a stacked deck this game cannot deal, called at the deal's first chance node:
        here every outcome, even past the part the deal will use, must be one this chance node
        could give (games whose source demands a whole pack override this). Raises
        :class:`~academie.core.errors.StackedDeckError` naming the first bad outcome."""
        read_stacked_deck(self, outcomes)

    def stacked_deck_room(self) -> int:
        """At a deal's first chance node: how many outcomes its stacked deck may hold in all
        when the deal ends without using them. A card game's stack may name the whole pack
        (the cards left in the stock at the end are the rest of it); a throw of the dice
        leaves nothing unused, so here: 0."""
        return 0

    def all_cards(self) -> list[int]:
        """Every card in every place (hands, stock, piles, tricks); a deal never creates or
        loses one. Games without cards return ``[]``."""
        return []

    def deal_results(self) -> list[dict[str, Any]]:
        """The public result of every finished deal, JSON-ready: each of
        :meth:`finished_results` by its ``to_json()`` (none for a game without results)."""
        return [r.to_json() for r in self.finished_results()]

    def finished_results(self) -> Sequence[Any]:
        """The public result object of every finished deal, oldest first, however the deal
        ended (games keep them in ``self.results``, an immutable sequence; a game without
        per-deal results has none). Interfaces narrate from it: a deal that ends with no player move still has its
        result. The tuple itself, not a copy: it never changes (see :meth:`_add_result`)."""
        return getattr(self, "results", ())

    def _add_result(self, result: Any) -> None:
        """Keep a finished deal's result. ``results`` is immutable (a
        :class:`~academie.core.frozen.SharedTuple`), replaced rather than changed: clones and
        views share it instead of copying it, and the next one shares its chunks (a copy per
        clone, per view or per deal would grow with the match)."""
        results = self.results
        self.results = results.appended(result) if isinstance(results, SharedTuple) else SharedTuple((*results, result))

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player() == CHANCE

    def legal_action_strings(self) -> list[str]:
        """The legal actions in string notation."""
        return [self.action_to_string(a) for a in self.legal_actions()]

    def legal_actions(self) -> list[int]:
        """Legal actions of the player to act (at a chance node: the possible outcomes). Computed
        once per state; each call returns a new list, which the caller may change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal.copy()

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (games may answer faster than building the list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return action in legal

    def sample_chance(self, rng: random.Random) -> int:
        """Draw the outcome of this chance node with its probability (games with uniform
        outcomes may answer faster)."""
        outcomes = self.chance_outcomes()
        actions, weights = zip(*outcomes)
        return rng.choices(actions, weights)[0]

    def apply_action(self, action: int, *, trusted: bool = False) -> None:
        """Apply ``action`` for the player to act (or as the chance outcome).

        Raises :class:`~academie.core.errors.IllegalActionError` naming the legal actions; the
        state is then unchanged. Only an ``int`` (not a ``bool``, not a ``float``) can be legal.
        ``trusted=True`` skips the check, for an action just taken from :meth:`legal_actions`
        or :meth:`sample_chance` of this very state (playouts, simulations); anything from
        outside — a record, a person, an adapter — must keep the check.
        """
        if trusted:  # _record, inlined: this is the playouts' path
            self._apply(action)
            self._legal = None
            if self._history_shared:
                self.history = self.history.copy()
                self._history_shared = False
            self.history.append(action)
            return
        if not isinstance(action, int) or isinstance(action, bool):
            shown = () if self.is_terminal() else tuple(self.legal_action_strings())
            raise IllegalActionError(
                f"an action is an int, not {type(action).__name__} {action!r:.40}; legal: {', '.join(shown)}",
                action, shown,
            )
        if not self.is_legal(action):
            legal = self.legal_actions()
            if self.is_terminal():
                raise IllegalActionError("the match is over: no action is legal", action, ())
            shown = tuple(self.action_to_string(a) for a in legal)
            try:
                name = self.action_to_string(action)
            except Exception:  # an integer outside the game's action space
                name = repr(action)
            raise IllegalActionError(
                f"{name!r} is not legal now; legal: {', '.join(shown)}", action, shown
            )
        self._apply(action)
        self._record(action)

    def _record(self, action: int) -> None:
        """After an action: forget the legal actions, append to the history (copied first when
        a clone shares it)."""
        self._legal = None
        if self._history_shared:
            self.history = self.history.copy()
            self._history_shared = False
        self.history.append(action)

    def apply_string(self, text: str) -> int:
        """Read ``text`` with :meth:`string_to_action` and apply it; returns the action."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat at this table (an ``int`` from 0 to ``num_players - 1``);
        otherwise raises :class:`~academie.core.errors.SeatError` naming the range. Games call
        it in :meth:`view` and :meth:`determinize`."""
        n = self.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise SeatError(f"no seat {seat!r:.40} at this table: seats are 0 to {n - 1}")
        return seat

    def clone(self: S) -> S:
        """An independent copy: playing on it never changes this state, and playing the same
        actions on both gives the same histories, views, ledgers and returns. Games override it
        with a copy of their containers (see :meth:`_clone_base`); this generic one is a deep
        copy (the game, the options and :meth:`shared` objects are shared)."""
        return self.deep_copy()

    def deep_copy(self: S) -> S:
        """A deep copy of everything but the game, the options and :meth:`shared` objects
        (the reference a game's own :meth:`clone` is tested against)."""
        memo = {id(obj): obj for obj in (self.game, self.options, *self.shared())}
        return copy.deepcopy(self, memo)

    def _clone_base(self: S) -> S:
        """A new state of the same class whose attributes are this one's — shared, so the game's
        :meth:`clone` must then copy every container it changes in place, best by storing into
        ``other.__dict__`` — with the match cloned, no legal actions kept and the history
        shared until either state appends to it (copy on write, like the ledger; the history
        made a :class:`~academie.core.frozen.ChunkedList` first, whose copy shares all but its last
        chunk, so that a clone that plays costs the same at any deal)."""
        if type(self.__dict__.get("history")) is list:  # chunks a copy can share (written once)
            self.history = ChunkedList(self.history)
        other = object.__new__(type(self))
        other.__dict__ = d = self.__dict__.copy()
        d["match"] = self.match.clone()
        d["_legal"] = None
        d["_history_shared"] = self._history_shared = True
        return other

    def shared(self) -> tuple[object, ...]:
        """Immutable objects a clone may share with this state (e.g. a board table)."""
        return ()

    def illegal(self, text: str, reason: str = "") -> IllegalActionError:
        """An :class:`~academie.core.errors.IllegalActionError` for ``text`` listing the legal
        actions (for :meth:`string_to_action`)."""
        shown = tuple(self.legal_action_strings())
        why = f" ({reason})" if reason else ""
        quoted = repr(text) if len(text) <= 40 else repr(text[:40]) + f"… ({len(text)} characters)"
        if self.is_terminal():
            return IllegalActionError(f"{quoted}: the match is over, no action is legal", text, ())
        return IllegalActionError(
            f"{quoted} is not a legal action now{why}; legal: {', '.join(shown)}", text, shown
        )


def read_stacked_deck(state: State, outcomes: Sequence[str]) -> list[int]:
    """The outcomes of a stacked deck read with ``state.string_to_action`` at a chance node
    (each distinct text read once, so the cost is linear in the deck's length). Raises
    :class:`~academie.core.errors.StackedDeckError` naming the deal and position of the first
    outcome that this chance node could not give."""
    read: dict[str, int] = {}
    actions = []
    for pos, text in enumerate(outcomes):
        action = read.get(text)
        if action is None:
            notation = state.outcome_notation_error(text)
            if notation:
                raise StackedDeckError(
                    f"stacked deck, deal {state.match.deal_number + 1}, position {pos + 1}: {text!r:.40} is {notation}"
                )
            try:
                action = read[text] = state.string_to_action(text)
            except AcademieError as exc:
                why = str(exc).split("; legal: ")[0]  # not the whole pack's list of outcomes
                raise StackedDeckError(
                    f"stacked deck, deal {state.match.deal_number + 1}, position {pos + 1}:"
                    f" {text!r:.40} is not an outcome of this game ({why})"
                ) from None
        actions.append(action)
    return actions


def refuse_repeats(state: State, outcomes: Sequence[str], cards: Sequence[int], count: int) -> None:
    """Refuse a stacked deck whose first ``count`` cards (``outcomes`` as read, ``cards``) are
    not distinct: a card leaves the pack once. Raises
    :class:`~academie.core.errors.StackedDeckError` naming the card stacked twice."""
    first: dict[int, int] = {}
    for pos, card in enumerate(cards[:count]):
        if card in first:
            raise StackedDeckError(
                f"stacked deck, deal {state.match.deal_number + 1}, position {pos + 1}:"
                f" {outcomes[pos]!r:.40} is stacked twice (first at position {first[card] + 1})"
            )
        first[card] = pos


def _inline_shuffler(rng: random.Random, n: int) -> Callable[[list[Any]], None]:
    """``rng.shuffle`` for lists of ``n`` items, drawing the very same numbers from ``rng`` (the
    loop of :meth:`random.Random.shuffle` with ``_randbelow`` written in: one call less per
    card). Used only where it gives what ``rng.shuffle`` gives (see :func:`_shuffler`)."""
    getrandbits = rng.getrandbits
    steps = [(i, (i + 1).bit_length()) for i in reversed(range(1, n))]

    def shuffle(x: list[Any]) -> None:
        for i, k in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    return shuffle


def _same_as_random_shuffle() -> bool:
    """Whether :func:`_inline_shuffler` gives what ``random.Random.shuffle`` gives here (it does
    on CPython 3.11–3.13; checked once, at import, on a few sizes)."""
    for n in (1, 2, 3, 7, 16, 33, 60):
        a, b = random.Random(n), random.Random(n)
        x, y = list(range(n)), list(range(n))
        for _ in range(3):
            a.shuffle(x)
            _inline_shuffler(b, n)(y)
        if x != y or a.random() != b.random():
            return False
    return True


_INLINE_SHUFFLE = _same_as_random_shuffle()


def _shuffler(rng: random.Random, n: int) -> Callable[[list[Any]], None]:
    """A function shuffling a list of ``n`` items exactly as ``rng.shuffle`` would."""
    if _INLINE_SHUFFLE and type(rng) is random.Random:
        return _inline_shuffler(rng, n)
    return rng.shuffle


def redistribute(
    hands: list[list[int]],
    pile: list[int],
    slots: Sequence[tuple[int | None, int]],
    fits: Callable[[int, int], bool],
    rng: random.Random,
    tries: int = 200,
) -> None:
    """Shuffle the cards found at ``slots`` — ``(seat, index)`` in ``hands``, or ``(None,
    index)`` in ``pile`` — back into the same slots, in place, retrying up to ``tries`` times
    until ``fits(seat, card)`` holds for every card put in a hand (e.g. a suit the seat showed
    it lacks); the last shuffle stands if none fits. Used by ``determinize``."""
    cards = [pile[i] if s is None else hands[s][i] for s, i in slots]
    checked = [(k, s) for k, (s, _) in enumerate(slots) if s is not None]  # slots in hands
    shuffle = _shuffler(rng, len(cards))
    for _ in range(tries):
        shuffle(cards)
        if all(fits(s, cards[k]) for k, s in checked):
            break
    for (s, i), c in zip(slots, cards, strict=True):
        if s is None:
            pile[i] = c
        else:
            hands[s][i] = c


class StockDrawState(State):
    """A state whose chance nodes draw one card, every card of ``self.stock`` equally likely
    (dealing, drawing from the stock). Subclasses say when with :meth:`drawing`, keep the seat
    to act in ``self.turn`` and set ``self.phase`` to ``'over'`` when the match ends."""

    stock: list[int]
    phase: str
    turn: int

    @abstractmethod
    def drawing(self) -> bool:
        """True at a chance node (a card leaves the stock)."""

    def current_player(self) -> int:
        if self.drawing():
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.turn

    def is_chance_node(self) -> bool:
        return self.drawing()

    def is_terminal(self) -> bool:
        return self.phase == "over" and not self.drawing()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.drawing():
            return []
        p = 1.0 / len(self.stock)
        return [(c, p) for c in sorted(self.stock)]

    def is_legal(self, action: int) -> bool:
        if self.drawing():
            return action in self.stock
        return action in self.legal_actions()

    def sample_chance(self, rng: random.Random) -> int:
        return self.stock[rng.randrange(len(self.stock))]

    def view_deal(self) -> tuple[int, int]:
        """The deal number and dealer a view shows: the match's; once it is over, its last
        deal's (a match over announces no deal after its last). Reads the results'
        ``deal`` and ``dealer``."""
        results = self.finished_results()
        if self.phase == "over" and results:
            return results[-1].deal, results[-1].dealer
        return self.match.deal_number, self.match.dealer

    def outcome_notation_error(self, text: str) -> str | None:
        """A chance outcome here is a card code."""
        from academie.cards import parse_card  # cards are no game; imported late (cards uses core.errors)
        from academie.core.errors import CardCodeError

        if not isinstance(text, str):
            return f"of type {type(text).__name__}, not a card code (a str such as AS, 10H, TH)"
        try:
            parse_card(text)
        except CardCodeError:
            return "not a card code (e.g. AS, 10H, TH)"
        return None

    def stacked_deck_room(self) -> int:
        """The stock's size at the deal's start: a stacked deck may name the whole pack."""
        return len(self.stock)

    def check_stacked_deck(self, outcomes: list[str]) -> None:
        """Every outcome is a card of the pack, and the cards the full stock gives first (its
        size) are distinct: a card leaves the stock once (later outcomes may repeat a card
        when the pile becomes a new stock). Raises
        :class:`~academie.core.errors.StackedDeckError` naming the card stacked twice."""
        refuse_repeats(self, outcomes, read_stacked_deck(self, outcomes), len(self.stock))
