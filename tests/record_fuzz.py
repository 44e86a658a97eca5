"""A record fuzzer: valid records of every game, mutations of them, and the oracle that judges
what ``GameRecord.loads`` + ``replay`` did with each.

A mutated record must either be refused with a :class:`~academie.core.errors.RecordError`
(one line, at most a few hundred characters) or be accepted; an accepted record must replay the
same way twice, agree with its own ``complete`` flag and ``result``, name only known player kinds,
and survive save → load → replay. Mutations that certainly spoil a record (``must_refuse``) must
be refused. Used by ``tests/test_record_fuzz.py`` (hypothesis, bounded) and
``benchmarks/fuzz_records.py`` (thousands of records per game).
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass
from typing import Any

from academie.bots import bot_names, make_bot
from academie.cards import CARD_CODES, card_code, pack
from academie.core.chance import SeededChance
from academie.core.errors import AcademieError
from academie.core.record import GameRecord, PlayerRecord, replay
from academie.core.runner import play_match
from academie.core.state import State
from academie.games import GAMES, get_game

GAME_IDS = sorted(GAMES)


# --- valid records ------------------------------------------------------------------------------

def _chance_log(state: State) -> list[list[str]]:
    """The chance outcomes of a finished state's history, per deal, in notation: replayed."""
    game = state.game
    again = game.new_initial_state(state.num_players, state.options)
    decks: list[list[str]] = []
    for action in state.history:
        if again.is_chance_node():
            deal = again.match.deal_number
            while len(decks) <= deal:
                decks.append([])
            decks[deal].append(again.action_to_string(action))
        again.apply_action(action)
    return decks


def _whole(deck: list[str], state: State) -> list[str]:
    """A card game's stacked deck completed with the cards of its pack it never dealt."""
    if state.game.info.id == "blason":
        return deck
    seen = set(deck)
    return deck + [card_code(c) for c in getattr(state, "deck", pack(52)) if card_code(c) not in seen]


def valid_records(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> list[dict[str, Any]]:
    """Valid records (as JSON objects) of ``game_id``: finished matches by seed, with result and
    statistics; the same with stacked decks instead of a seed; and unfinished ones."""
    game = get_game(game_id)
    n = game.info.default_players
    out: list[dict[str, Any]] = []
    # the quick bots: a whole match of a search (ismcts, montecarlo, hard) at its default budget takes minutes
    kinds = [k for k in bot_names(game_id) if k not in ("ismcts", "hard", "montecarlo")]
    for seed in seeds:
        state = game.new_initial_state(n)
        actions: list[str] = []
        seats = [kinds[(seed + s) % len(kinds)] for s in range(n)]
        bots = [make_bot(k, game_id, seed * 10 + s) for s, k in enumerate(seats)]
        play_match(state, SeededChance(seed), bots, actions=actions)
        record = GameRecord(
            game=game_id, game_version=game.info.version, num_players=n,
            options=game.parse_options({}).model_dump(),
            players=[PlayerRecord(name=f"P{s}", kind=k) for s, k in enumerate(["human", *seats[1:]])],
            seed=seed, actions=actions, complete=True,
            result={"returns": state.returns(), "statistics": state.statistics()},
        )
        data = json.loads(record.dumps())
        out.append(data)
        decks = [_whole(d, state) for d in _chance_log(state)]
        # T31 may reuse the pile as a new stock: those decks need the seed after a reshuffle
        stacked = dict(data, decks=decks)
        if game_id != "trente-et-un":
            stacked.pop("seed")
        out.append(stacked)
        cut = len(actions) // 2
        out.append(dict(data, actions=actions[:cut], complete=False, result=None))
    for data in out:  # every base record is valid
        replay(GameRecord.loads(json.dumps(data)), game)
    return out


# --- mutations ----------------------------------------------------------------------------------

def junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any kind, including awkward ones."""
    pick = rng.randrange(16 if depth < 3 else 11)
    if pick == 0:
        return rng.choice([0, 1, -1, 2, 7, 52, 10**6, -(10**9)])
    if pick == 1:
        return rng.choice([10**20, 2**63, -(2**63), 10**300])
    if pick == 2:
        return rng.choice([0.0, 1.0, -0.5, 1e308, 2.5])
    if pick == 3:
        return rng.choice([True, False])
    if pick == 4:
        return None
    if pick == 5:
        return rng.choice(["", " ", "1", "7", "true", "[/]", "[bold]x[/]", "\u202e", "é", "x" * 70])
    if pick == 6:
        return rng.choice(CARD_CODES) + rng.choice(["", "", "x", " "])
    if pick == 7:
        return rng.choice(["stock", "pile", "knock", "ask", "stand", "pass", "throw", "9", "²", "١٢", "d KH"])
    if pick == 8:
        return "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 60)))
    if pick == 9:
        return rng.choice(["human", "random", "heuristic", "bot", "HUMAN", "Random"])
    if pick == 10:
        return rng.choice([[], {}, "9" * 5])
    if pick < 13:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["a", "returns", "statistics", "lives", "x"]): junk(rng, depth + 1) for _ in range(rng.randrange(3))}


@dataclass
class Mutant:
    """A mutated record: its JSON text, what was done, and whether it must be refused."""

    text: str
    what: str
    must_refuse: bool = False


FIELDS = ("format", "format_version", "game", "game_version", "num_players", "options", "players",
          "seed", "decks", "actions", "complete", "result")


def _pick_index(rng: random.Random, seq: list) -> int:
    return rng.randrange(len(seq)) if seq else 0


def mutate(base: dict[str, Any], rng: random.Random) -> Mutant:
    """One or a few random mutations of the valid record ``base``."""
    data = copy.deepcopy(base)
    whats: list[str] = []
    must = False
    count = 1 if rng.random() < 0.7 else rng.randrange(2, 4)
    for _ in range(count):
        what, refuse = _mutate_once(data, rng)
        whats.append(what)
        must = must or (refuse and count == 1)  # two mutations may undo each other
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    depth = rng.choice([100, 1000, 5000])
    text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth).replace(json.dumps(BIG), "7" * 5000)
    if rng.random() < 0.05:
        cut = rng.randrange(len(text))
        text, must = text[:cut], True
        whats.append(f"text cut at {cut}")
    return Mutant(text, "; ".join(whats), must)


def _mutate_once(data: dict[str, Any], rng: random.Random) -> tuple[str, bool]:
    kind = rng.randrange(15)
    if kind == 0:
        key = rng.choice(FIELDS)
        data[key] = junk(rng)
        return f"{key} = junk", False
    if kind == 1:
        key = rng.choice(FIELDS)
        data.pop(key, None)
        return f"del {key}", False
    if kind == 2:
        data[rng.choice(["extra", "Seed", "comment"])] = junk(rng)
        return "unknown field", True
    if kind == 3:  # strict types
        key, value = rng.choice([("game_version", True), ("game_version", "1"), ("game_version", 1.0),
                                 ("seed", "7"), ("complete", 0), ("complete", "true"), ("num_players", "3"),
                                 ("format_version", True), ("seed", 7.0), ("num_players", 3.0)])
        data[key] = value
        return f"{key} = {value!r}", True
    actions = data.get("actions")
    if kind in (4, 5, 6) and isinstance(actions, list):
        i = _pick_index(rng, actions)
        op = rng.randrange(6)
        if op == 0 and actions:
            actions[i] = junk(rng)
        elif op == 1 and actions:
            del actions[i]
        elif op == 2:
            actions.insert(i, rng.choice(actions) if actions and rng.random() < 0.7 else junk(rng))
        elif op == 3 and len(actions) > 1:
            j = _pick_index(rng, actions)
            actions[i], actions[j] = actions[j], actions[i]
        elif op == 4:
            del actions[i:]
        else:
            actions.append(rng.choice(["stock", "knock", "ask", "stand", "throw", "pass", "AS", "KH"]))
        return f"actions op {op} at {i}", False
    decks = data.get("decks")
    if kind in (7, 8) and isinstance(decks, list) and decks:
        d = _pick_index(rng, decks)
        deck = decks[d]
        op = rng.randrange(6)
        if not isinstance(deck, list) or not deck:
            decks[d] = junk(rng)
            return "deck junk", False
        i = _pick_index(rng, deck)
        if op == 0:
            deck[i] = junk(rng)
        elif op == 1:  # a card twice among the first cards of the pack
            j = _pick_index(rng, deck)
            old, deck[j] = deck[j], deck[i]
            return f"decks[{d}][{j}] = decks[{d}][{i}]", old != deck[i] and data.get("game") not in ("blason", None) and j < 32
        elif op == 2:  # past the pack: never dealt in a finished match
            deck.append(rng.choice(["ZZ", "1", "²", "AS", "99", "", "7", "KH"]))
            return f"decks[{d}] one more", data.get("complete") is True
        elif op == 3:
            decks.append(list(deck))
            return "a deck for a deal never reached", bool(data.get("complete"))
        elif op == 4:
            del deck[i:]
        else:
            deck[-1] = rng.choice(["ZZ", "11H", "²", "١٢", "0", "13", "9" * 30])
            return f"decks[{d}] last = junk", True
        return f"decks op {op}", False
    players = data.get("players")
    if kind in (9, 10) and isinstance(players, list) and players:
        p = _pick_index(rng, players)
        op = rng.randrange(5)
        if op == 0 and isinstance(players[p], dict):
            players[p]["name"] = rng.choice(["\ud800", "[/]", "[bold]x[/]", "", "a\nb", "x" * 61, "Zoë", junk(rng)])
            return f"players[{p}].name", False
        if op == 1 and isinstance(players[p], dict):
            players[p]["kind"] = rng.choice(["alien", "Human", "", "heuristic", "random", "genius", junk(rng)])
            return f"players[{p}].kind", players[p]["kind"] in ("alien", "Human", "", "genius")
        if op == 2:
            players.append(copy.deepcopy(players[p]))
            return "a player more", True
        if op == 3:
            del players[p]
            return "a player less", True
        players[p] = junk(rng)
        return f"players[{p}] = junk", False
    if kind == 11:
        over = bool(data.get("complete"))
        data["complete"] = not over
        return "complete flipped", True
    result = data.get("result")
    if kind == 12:
        if isinstance(result, dict):
            op = rng.randrange(5)
            if op == 0:
                result["returns"] = junk(rng)
                return "result.returns junk", False
            if op == 1 and isinstance(result.get("returns"), list) and result["returns"]:
                result["returns"][0] = result["returns"][0] + rng.choice([1, 0.5, -2])
                return "result.returns changed", True
            if op == 2 and isinstance(result.get("statistics"), dict) and result["statistics"]:
                key = rng.choice(sorted(result["statistics"]))
                value = result["statistics"][key]
                result["statistics"][key] = value + 1 if isinstance(value, (int, float)) and not isinstance(value, bool) else 99
                return f"result.statistics[{key}] changed", True
            if op == 3:
                result.pop("statistics", None)
                return "result without statistics", False
            data["result"] = None
            return "result dropped", False
        data["result"] = {"returns": [0.0] * 4}
        return "a result on an unfinished match", True
    options = data.get("options")
    if kind == 13 and isinstance(options, dict):
        if options and rng.random() < 0.7:
            key = rng.choice(sorted(options))
            options[key] = junk(rng)
            return f"options[{key}] = junk", False
        options[rng.choice(["lifes", "x", "counter"])] = junk(rng)
        return "unknown option", True
    # deep nesting or a big number somewhere
    key = rng.choice(FIELDS)
    if rng.random() < 0.5:
        data[key] = rng.choice([10**20, 10**400, BIG])
        return f"{key} a big number", False
    data[key] = DEEP
    return f"{key} deeply nested", False


DEEP = "@@deep@@"
"""Stands for a list nested 100 to 5,000 deep, put into the text after ``json.dumps``."""
BIG = "@@big@@"
"""Stands for an integer of 5,000 digits (more than ``json`` may write)."""


# --- the oracle ---------------------------------------------------------------------------------

@dataclass
class Verdict:
    """What happened to one mutant: ``refused``, ``accepted``, ``traceback`` or ``bad``."""

    outcome: str
    detail: str = ""


def judge(mutant: Mutant) -> Verdict:
    """Load and replay ``mutant`` as ``academie replay`` does; never raises."""
    try:
        record = GameRecord.loads(mutant.text)
        game = get_game(record.game)
        state = replay(record, game)
    except AcademieError as exc:
        message = str(exc)
        if "\n" in message or len(message) > 400:
            return Verdict("bad", f"error message not one short line: {message[:200]!r}")
        return Verdict("refused", message)
    except Exception as exc:  # noqa: BLE001 - the fuzzer counts every other exception
        return Verdict("traceback", f"{type(exc).__name__}: {str(exc)[:300]} after {mutant.what}")
    try:
        problem = _check_accepted(record, game, state)
    except Exception as exc:  # noqa: BLE001
        return Verdict("traceback", f"{type(exc).__name__} checking an accepted record: {str(exc)[:300]} after {mutant.what}")
    if mutant.must_refuse:
        problem = problem or f"accepted though spoilt ({mutant.what})"
    if problem:
        return Verdict("bad", problem)
    return Verdict("accepted")


def _check_accepted(record: GameRecord, game: Any, state: State) -> str:
    """Why an accepted record should not have been, or ''."""
    if state.is_terminal() != record.complete:
        return f"complete={record.complete} but the replayed match over={state.is_terminal()}"
    if record.result is not None:
        if not state.is_terminal():
            return "a result on an unfinished match"
        if record.result["returns"] != state.returns():
            return "returns differ"
        if "statistics" in record.result and record.result["statistics"] != json.loads(json.dumps(state.statistics())):
            return "statistics differ"
    kinds = {"human", *bot_names(game.info.id)}
    if any(p.kind not in kinds for p in record.players) or len(record.players) != record.num_players:
        return "unknown player kind or count"
    again = replay(GameRecord.loads(record.dumps()), game)
    if again.history != state.history or again.returns() != state.returns():
        return "two replays differ"
    if again.public_view() != state.public_view() or again.deal_results() != state.deal_results():
        return "two replays end in different views"
    return ""
