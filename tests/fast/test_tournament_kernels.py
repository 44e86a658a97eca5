"""Tournaments on the compiled kernels (academie.fast.DeckMatches, played by
academie.analysis.tournament.play_compiled_boards) against the pure engine's boards, the
reference: for hundreds of seeded boards, with heuristic and random bots in mixed seats and
several readings of the rules, every match of a board has the same returns, deals and ranks;
past a deal's pack (the Guinguette's cotillon drawn again) the chance's seeded draws are the
pure stacked chance's; and ``tournament`` gives the same report for one worker or two."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.analysis import tournament as T  # noqa: E402
from academie.games import get_game  # noqa: E402

CASES = [
    ("reversis", 4, {"deals": 1}, ("heuristic", "random", "heuristic", "random"), 120),
    ("reversis", 5, {"deals": 2, "packet": 2}, ("heuristic", "random", "random", "heuristic", "random"), 40),
    ("reversis", 4, {"deals": 3, "direction": "clockwise"}, ("random", "heuristic", "random", "random"), 40),
    ("guimbarde", 4, {"deals": 1}, ("heuristic", "random", "heuristic", "random"), 120),
    ("guimbarde", 3, {"deals": 2, "overtrump": False}, ("heuristic", "random", "random"), 60),
    ("guimbarde", 6, {"deals": 1}, ("random", "heuristic", "heuristic", "random", "random", "heuristic"), 30),
    ("belle-flux-trente-un", 4, {"deals": 1}, ("heuristic", "random", "heuristic", "random"), 80),
    ("belle-flux-trente-un", 11, {"deals": 2, "extra_cards": "face_up", "stock_exhausted": "whole_rounds"},
     ("heuristic", "random") * 5 + ("heuristic",), 20),
    ("guinguette", 4, {"deals": 2}, ("heuristic", "random", "heuristic", "random"), 80),
    ("guinguette", 8, {"deals": 1, "discard": "into_cotillon"}, ("heuristic", "random") * 4, 40),
    ("trente-et-un", 3, {}, ("heuristic", "random", "heuristic"), 60),
    ("trente-et-un", 2, {"bus": "none", "lives": 2}, ("heuristic", "random"), 60),
    ("trente-et-un", 5, {"stock_exhausted": "end_round"}, ("heuristic", "random", "random", "heuristic", "random"), 20),
    ("trente-et-un", 6, {"all_out": "eliminate", "knocker_tie": "safe"}, ("heuristic", "random") * 3, 20),
]


def boards(gid: str, players: int, options: dict, entries: tuple[str, ...], count: int, seed: int = 3,
           duplicate: bool = True, seatings: int | None = None) -> tuple[T.TournamentSpec, list]:
    """A tournament's spec (pure) and ``count`` boards' seeds, drawn as ``tournament`` draws them."""
    game = get_game(gid)
    table = tuple(T.seatings(len(entries), players))[:seatings]
    spec = T.TournamentSpec(game, game.parse_options(options), entries, table, True, duplicate)
    master = random.Random(seed)
    return spec, [(i, T.board_seeds(master, len(table) * players)) for i in range(count)]


@pytest.mark.parametrize(("gid", "players", "options", "entries", "count"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(f'{k}={v}' for k, v in c[2].items())}" for c in CASES])
def test_compiled_boards_are_the_pure_boards(gid, players, options, entries, count) -> None:
    spec, chunk = boards(gid, players, options, entries, count, seatings=4)
    got = T.play_compiled_boards(replace(spec, compiled=True), chunk)
    want = [T.play_board(spec, i, seeds) for i, seeds in chunk]
    assert len(got) == count and [len(b) for b in got] == [len(spec.seatings)] * count
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"board {i + 1}"
    assert any(m.returns != (0.0,) * players for b in want for m in b)  # matches that moved counters
    if "deals" in options:
        assert {m.deals for b in want for m in b} == {options["deals"]}


def test_whole_matches_and_boards_not_duplicate() -> None:
    spec, chunk = boards("belle-flux-trente-un", 3, {}, ("heuristic", "random", "random"), 25, duplicate=False)
    got = T.play_compiled_boards(replace(spec, compiled=True), chunk)
    assert got == [T.play_board(spec, i, seeds) for i, seeds in chunk]
    assert max(m.deals for b in got for m in b) == 10  # the default match of ten deals


@pytest.mark.parametrize(("gid", "players", "cut"), [("belle-flux-trente-un", 5, 12), ("belle-flux-trente-un", 9, 30),
                                                   ("guinguette", 5, 14), ("guinguette", 8, 30),
                                                   ("trente-et-un", 3, 14), ("trente-et-un", 4, 20)])
def test_past_a_deck_the_chance_draws_as_the_stacked_chance_does(gid, players, cut) -> None:
    """Decks cut short (``cut`` cards a deal): past them the kernel's chance generator draws
    what the pure :class:`~academie.core.chance.StackedChance` draws with the same seed (its
    fallback, ``random.Random(seed)``), and the matches are the same. (Reversis and the
    Guimbarde deal from the whole pack, never past it, and refuse a short deck as a misdeal; at
    Trente et un the draws past the pack are those from the stock made again from the pile.)"""
    from academie.bots import make_bot
    from academie.core.chance import StackedChance
    from academie.core.runner import play_match

    game = get_game(gid)
    options = game.parse_options({} if gid == "trente-et-un" else {"deals": 2})
    runner = fast.DeckMatches(game, options, players)
    master = random.Random(gid)
    rows = [[master.getrandbits(32) for _ in range(players + 1)] for _ in range(40)]
    bots = [[master.choice(("random", "heuristic")) for _ in range(players)] for _ in rows]
    reached = 60 if gid == "trente-et-un" else 2  # the deals a match may reach
    decks = np.array([[runner.deck(row[-1], d)[:cut] for d in range(reached)] for row in rows], dtype=np.int64)
    kinds = np.array([[runner.kinds[b] for b in seats] for seats in bots], dtype=np.int64)
    played = runner._arrays(*runner._kernel(decks, np.array(rows, dtype=np.int64), kinds))
    assert (played.actions > 0).all()
    for m, (row, seats) in enumerate(zip(rows, bots)):
        state = game.new_initial_state(players, options)
        chance = StackedChance([[state.action_to_string(int(a)) for a in deck] for deck in decks[m]], row[-1])
        play_match(state, chance, [make_bot(b, gid, x) for b, x in zip(seats, row)])
        assert [float(v) for v in played.returns[m]] == state.returns(), f"match {m + 1}"
        assert played.deals[m] == int(state.statistics().get("deals") or state.match.deal_number + 1)
        if played.out_deals is not None:
            assert T.ranks_by_returns(state.returns(), [int(d) for d in played.out_deals[m]]) == T.placing(state)


def test_a_match_past_its_decks_is_played_again_with_more() -> None:
    game = get_game("reversis")
    runner = fast.DeckMatches(game, game.parse_options({"deals": 4}), 4)
    args = ([7, 8], [[1, 2, 3, 4], [5, 6, 7, 8]], [["heuristic", "random", "random", "heuristic"]] * 2)
    short, whole = runner.play(*args, deals=1), runner.play(*args, deals=4)
    assert (short.returns == whole.returns).all() and list(short.figures["deals"]) == [4, 4]
    assert (short.actions == whole.actions).all() and (whole.actions > 0).all()


def test_the_decks_are_the_pure_decks() -> None:
    game = get_game("guimbarde")
    state = game.new_initial_state(4, {})
    runner = fast.DeckMatches(game, game.parse_options({}), 4)
    for seed, deal in ((7, 0), (7, 1), (2**31 + 5, 3)):
        assert [state.action_to_string(a) for a in runner.deck(seed, deal)] == T.shuffled_pack(state, seed, deal)
    assert sorted(runner.pack) == runner.pack and len(runner.pack) == 32


def test_deck_matches_refuses_what_it_does_not_play() -> None:
    game = get_game("reversis")
    assert fast.deck_matches(game, game.parse_options({}), 4, ["heuristic", "ismcts"]) is None
    assert fast.deck_matches(game, game.parse_options({"betes": "with_pool"}), 4, ["random"]) is None
    assert fast.deck_matches(get_game("blason"), None, 2) is None
    runner = fast.deck_matches(game, game.parse_options({}), 4, ["random", "heuristic"])
    with pytest.raises(ValueError, match="plays random, heuristic bots"):
        runner.play([1], [[1, 2, 3, 4]], [["random", "random", "first-legal", "random"]])
    with pytest.raises(ValueError, match="from stacked decks"):
        fast.DeckMatches(get_game("blason"), None, 2)


@pytest.mark.parametrize(("gid", "bots"), [("reversis", ["heuristic", "random", "random", "random"]),
                                            ("guimbarde", ["heuristic", "random", "heuristic"]),
                                            ("trente-et-un", ["heuristic", "random", "random"])])
def test_the_tournament_is_the_same_on_the_kernels_for_every_worker_count(gid, bots) -> None:
    game = get_game(gid)
    count = {"matches": 30} if gid == "trente-et-un" else {"deals": 30}
    pure = T.tournament(game, bots, **count, seed=1, compiled=False).to_json()
    one = T.tournament(game, bots, **count, seed=1, compiled=True).to_json()
    two = T.tournament(game, bots, **count, seed=1, compiled=True, workers=2).to_json()
    assert one == pure and two == pure
    assert pure["boards"] == 30 and pure["matches"] == 30 * len(bots)


def test_the_tournament_chooses_the_kernels_when_it_can(monkeypatch, tmp_path) -> None:
    calls = []
    real = T.play_compiled_boards
    monkeypatch.setattr(T, "play_compiled_boards", lambda spec, chunk: calls.append(len(chunk)) or real(spec, chunk))
    game = get_game("reversis")
    lineup = ["heuristic", "random", "random", "random"]
    T.tournament(game, lineup, deals=10, seed=1)  # 40 matches: fewer than the kernel's least
    assert calls == []
    T.tournament(game, lineup, deals=fast.MIN_MATCHES["reversis"] // 4 + 1, seed=1)
    assert calls and sum(calls) == fast.MIN_MATCHES["reversis"] // 4 + 1
    calls.clear()
    T.tournament(game, lineup, deals=60, seed=1, records=tmp_path, compiled=True)  # records: the pure engine
    T.tournament(game, ["heuristic", "easy", "random", "random"], deals=60, seed=1, compiled=True)
    assert calls == []
