"""Monte Carlo with the engine: deals played by each game's own state, the events counted, each
rate with its 95% interval — the simulated counterpart of :mod:`academie.analysis.exact`.

A deal is played by the game's state from a seeded chance source, one chance outcome at a time,
until the game has dealt (and judged what it judges at the deal: the belle and the flux, the
Guimbarde's boxes); the events are read from the state's own results.

>>> table = check("trente-et-un", 2, {}, samples=200, seed=1)
>>> table.method, table.samples, table.columns
('simulated', 200, ['event', 'exact', 'simulated'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from academie.analysis.tables import SIMULATED, Table, rate
from academie.core.chance import SeededChance
from academie.games import get_game

Events = dict[str, bool]


def dealt_states(game_id: str, players: int, options: Mapping[str, Any], samples: int, seed: int | None,
                 dealt: Callable[[Any], bool]) -> Iterator[Any]:
    """``samples`` states of ``game_id`` just dealt: a new match each, its chance drawn from seeds
    taken in order from ``random.Random(seed)``, stepped until ``dealt(state)``."""
    game = get_game(game_id)
    opts = game.parse_options(dict(options))
    master = random.Random(seed)
    for _ in range(samples):
        state = game.new_initial_state(players, opts)
        chance = SeededChance(master.getrandbits(32))
        while not dealt(state):
            if not state.is_chance_node():
                raise RuntimeError(f"{game_id}: the deal ended without the expected event")  # pragma: no cover
            state.apply_action(chance.choose(state))
        yield state


def _trente_et_un(state: Any) -> Events:
    from academie.games.trente_et_un.rules import is_thirty_one

    hands = state.final_hands if state.results else state.hands  # a 31 dealt ends the round at once
    held = [is_thirty_one(list(h)) for h in hands]
    return {"a given player (seat 0) is dealt 31": held[0], "anyone is dealt 31": any(held)}


def _belle_flux(state: Any) -> Events:
    from academie.games.belle_flux.rules import THIRTY_ONE, trente_un_value

    if state.results:  # a 31 in the first three cards ended the deal at once: its result
        r = state.results[0]
        belle, flux, fluxes, ties, first = r.belle, r.flux, r.fluxes, r.ties, list(r.hands[0][:3])
    else:
        belle, flux, fluxes, ties = state.belle_winner, state.flux_winner, state.fluxes, state.ties
        first = state._cards(0)[:3]
    point = trente_un_value(first, state.options.trente_un_count == "one_suit")
    return {
        "belle carried": belle is None,
        "tie for the highest face-up card": bool(ties.get("belle")),
        "at least one flux": bool(fluxes),
        "tie for the best flux": bool(ties.get("flux")),
        "flux carried": flux is None,
        "seat 0's first three cards make 31": point == THIRTY_ONE,
        "seat 0's first three cards are over 31": point > THIRTY_ONE,
    }


def _reversis(state: Any) -> Events:
    from academie.games.reversis.rules import QUINOLA, is_heart

    seat = state.order()[0]  # the first non-dealer
    hand = state.hands[seat]
    hearts = [c for c in hand if is_heart(c)]
    return {"a player holds the quinola": QUINOLA in hand, "a player's quinola unguarded": hearts == [QUINOLA],
            "the quinola is in the talon": QUINOLA in state.talon}


def _guimbarde(state: Any) -> Events:
    boxes = {box for box, _, _ in state.announcements}
    return {f"{box} box won": box in boxes for box in ("roi", "guimbarde", "fou", "mariage", "point")}


GAMES: dict[str, tuple[Callable[[Any], bool], Callable[[Any], Events]]] = {
    "trente-et-un": (lambda s: bool(s.results) or all(len(h) == 3 for h in s.hands), _trente_et_un),
    "belle-flux-trente-un": (lambda s: s.belle_done or bool(s.results), _belle_flux),
    "reversis": (lambda s: not s.deal_queue and s.phase != "deal", _reversis),
    "guimbarde": (lambda s: s.turned is not None, _guimbarde),
}
"""Per game: when the deal is done, and the events read from the dealt state."""


def estimate(game_id: str, players: int, options: Mapping[str, Any], samples: int,
             seed: int | None) -> dict[str, Any]:
    """Each event's rate over ``samples`` deals played by the engine (an :class:`Estimate`)."""
    dealt, events = GAMES[game_id]
    hits: dict[str, int] = {}
    done = 0
    try:
        for state in dealt_states(game_id, players, options, samples, seed, dealt):
            for name, happened in events(state).items():
                hits[name] = hits.get(name, 0) + int(happened)
            done += 1
    except KeyboardInterrupt:  # Ctrl-C: the rates over the deals finished (``samples`` says how many)
        if not done:
            raise
    return {name: rate(n, done) for name, n in hits.items()}


def exact_events(game_id: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The exact probability of each event :func:`estimate` counts."""
    from academie.games import get_game as _get

    o = _get(game_id).parse_options(dict(options)).model_dump()
    if game_id == "trente-et-un":
        from academie.analysis.exact.trente_et_un import thirty_one

        t = thirty_one(players)
        return {"a given player (seat 0) is dealt 31": t["one"], "anyone is dealt 31": t["anyone"]}
    if game_id == "belle-flux-trente-un":
        from academie.analysis.exact.belle_flux import THIRTY_ONE, belle, flux, trente_un

        b, f = belle(players, o["belle_order"], o["tie_rule"]), flux(players, o["tie_rule"])
        d = trente_un(o["trente_un_count"] == "one_suit")
        return {"belle carried": b["carried"], "tie for the highest face-up card": b["tie"],
                "at least one flux": f["any"], "tie for the best flux": f["tie"], "flux carried": f["carried"],
                "seat 0's first three cards make 31": d.get(THIRTY_ONE, 0),
                "seat 0's first three cards are over 31": sum(p for v, p in d.items() if v > THIRTY_ONE)}
    if game_id == "reversis":
        from academie.analysis.exact.reversis import deal, quinola

        d = deal(players, o["deck"], o["talon_five"])
        q = quinola(d["hand"], d["deck"])
        from fractions import Fraction

        return {"a player holds the quinola": q["holds"], "a player's quinola unguarded": q["unguarded"],
                "the quinola is in the talon": Fraction(d["talon"], d["deck"])}
    if game_id == "guimbarde":
        from academie.analysis.exact.guimbarde import boxes

        b = boxes(players)
        return {"roi box won": b["card_dealt"], "guimbarde box won": b["card_dealt"], "fou box won": b["card_dealt"],
                "mariage box won": b["mariage"], "point box won": b["point"]}
    raise KeyError(game_id)


def check(game_id: str, players: int, options: Mapping[str, Any], samples: int, seed: int | None) -> Table:
    """The exact figures beside the engine's simulated rates (95% intervals), for one number of
    players: a table whose every exact value should lie in its interval 95 times in 100."""
    exact = exact_events(game_id, players, options)
    simulated = estimate(game_id, players, options, samples, seed)
    shown = get_game(game_id).parse_options(dict(options)).model_dump()
    done = next(iter(simulated.values())).samples
    note = "simulated: deals played by the game's engine; the exact value should lie in the 95% interval."
    if done < samples:
        note = f"PARTIAL: interrupted after {done:,} of {samples:,} deals. " + note
    return Table(f"{game_id}/check", f"Exact against the engine, {players} players", dict(shown, players=players),
                 SIMULATED, ["event", "exact", "simulated"],
                 [[name, exact[name], simulated[name]] for name in exact], samples=done, seed=seed,
                 note=note, extra={"partial": done < samples})
