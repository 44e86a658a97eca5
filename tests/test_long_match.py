"""A long match keeps the same amount for each deal, late as early, in every game played in
deals; a clone and a view cost as much late in the match as early.

What a match keeps is measured as the bytes of every object reachable from its state (the
game and its options, shared by every match, left out): deterministic, unlike a clock. It may
grow with the deals (the history, the ledger, the results): by the same amount each deal, not
by more and more. The speed itself is in ``benchmarks/long_match.py``. Trente et un (played
for lives: a few dozen rounds at most) and the Blason (one race) have no long match to measure.
"""

from __future__ import annotations

import gc
import random
import sys
import types

import pytest

from academie.core.chance import SeededChance
from academie.games import get_game

LONG = {  # options under which nobody runs out before the last deal
    "reversis": {},
    "guimbarde": {},
    "guinguette": {"out_of_counters": "debt"},
    "belle-flux-trente-un": {"counters": 10000},
}
EARLY, LATE = 200, 1000

_SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType,
         types.MethodType)


def held(root: object, shared: set[int]) -> tuple[int, set[int]]:
    """The bytes of the objects reachable from ``root`` but for those in ``shared`` (ids), and
    the ids of the objects counted."""
    seen: set[int] = set()
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or key in shared or isinstance(obj, _SKIP):
            continue
        seen.add(key)
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total, seen


def play_to(state, deals: int, chance: SeededChance, rng: random.Random) -> None:
    """Random moves until ``deals`` deals are finished (or the match is over)."""
    while len(state.finished_results()) < deals and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choose(state), trusted=True)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))], trusted=True)


def first_decision(state, chance: SeededChance) -> None:
    while state.is_chance_node():
        state.apply_action(chance.choose(state), trusted=True)


@pytest.fixture(scope="module", params=sorted(LONG))
def long_match(request):
    """A match of ``LATE`` deals of random play, measured after ``EARLY`` deals and at the end:
    (game, bytes kept, bytes a clone adds, bytes a view adds) at each point."""
    gid = request.param
    game = get_game(gid)
    state = game.new_initial_state(4, dict(LONG[gid], deals=LATE))
    shared = {id(game), id(state.options), id(state.game)}
    chance, rng = SeededChance(7), random.Random(7)
    points = []
    for deals in (EARLY, LATE - 1):
        play_to(state, deals, chance, rng)
        first_decision(state, chance)
        assert len(state.finished_results()) == deals and not state.is_terminal()
        kept, ids = held(state, shared)
        twin = state.clone()
        # (less the copy of the pots: the bêtes on the game of Reversis, not yet won, are the
        # match's own standing, and random play leaves hundreds of them)
        added_by_clone = held(twin, shared | ids)[0] - sys.getsizeof(twin.match.pots)
        view = state.view(state.current_player())
        added_by_view, _ = held(view, shared | ids)
        # a search's world: a clone played to the end of the deal (copy on write: it copies
        # what it changes, its history and its ledger among them)
        play_to(twin, deals + 1, SeededChance(deals), random.Random(deals))
        added_by_play = held(twin, shared | ids)[0] - sys.getsizeof(twin.match.pots)
        points.append((deals, kept, added_by_clone, added_by_view, added_by_play))
    return gid, points


def test_a_long_match_keeps_as_much_per_deal_late_as_early(long_match):
    # Reversis kept every bête ever made in its pots, empty ones too, and copied them all into
    # each deal's result: after 1,000 deals of random play each deal added about twice what it
    # added after 200 (and ten times as much after 10,000).
    gid, ((early, kept_early, *_), (late, kept_late, *_)) = long_match
    per_deal_early = kept_early / early
    per_deal_late = (kept_late - kept_early) / (late - early)
    assert per_deal_late < 1.25 * per_deal_early, (
        f"{gid}: {per_deal_early:.0f} bytes kept per deal over the first {early} deals,"
        f" {per_deal_late:.0f} over the next {late - early}"
    )


def test_a_clone_and_a_view_cost_as_much_late_in_a_match_as_early(long_match):
    # A clone copied the list of every finished deal's result (and Reversis's list of every
    # bête ever made), and every view copied the results into its trail (and Reversis's view
    # listed its bêtes anew).
    gid, ((early, _, clone_early, view_early, _), (late, _, clone_late, view_late, _)) = long_match
    assert clone_late < clone_early + 1024, f"{gid}: a clone adds {clone_early} bytes after {early} deals, {clone_late} after {late}"
    assert view_late < view_early + 1024, f"{gid}: a view adds {view_early} bytes after {early} deals, {view_late} after {late}"


def test_the_end_of_a_deal_is_told_in_as_many_lines_late_in_a_long_reversis_match():
    # The text replay of a long Reversis record slowed down deal after deal: each deal's panel
    # named every bête on the game (hundreds under random play), and the narration summed each
    # deal's payments over the whole ledger.
    import io

    from rich.console import Console

    from academie.presentation.render import reversis as render
    from academie.presentation.narration import deal_deltas

    game = get_game("reversis")
    state = game.new_initial_state(4, {"deals": 600})
    play_to(state, 600, SeededChance(3), random.Random(3))
    results, entries = state.finished_results(), state.match.ledger.entries
    assert len(results[-1].pots) > 100  # random play leaves hundreds of bêtes on the game

    def lines(deal: int) -> int:
        out = io.StringIO()
        deltas = deal_deltas(entries, deal, 4)
        Console(file=out, width=100, color_system=None).print(render.render_result(results[deal], ["a", "b", "c", "d"], deltas=deltas))
        return out.getvalue().count("\n")

    assert lines(599) <= lines(50) + 1

    class Counted(list):  # the entries, counting those read
        read = 0

        def __getitem__(self, index):
            got = super().__getitem__(index)
            Counted.read += len(got) if isinstance(index, slice) else 1
            return got

        def __iter__(self):
            Counted.read += len(self)
            return super().__iter__()

    counted = Counted(entries)
    deltas = deal_deltas(counted, 599, 4)
    assert deltas == [sum((e.amount if e.target == s else 0) - (e.amount if e.source == s else 0)
                          for e in entries if e.deal == 599) for s in range(4)]
    assert Counted.read < 100  # the deal's own entries and a bisection, of some 25,000


def test_a_clone_played_to_the_end_of_the_deal_costs_as_much_late_in_a_match_as_early(long_match):
    # A clone shared the history and the ledger's entries with its original until it played:
    # then it copied them whole, some 60,000 actions after 1,000 deals.
    gid, ((early, *_, play_early), (late, *_, play_late)) = long_match
    assert play_late < play_early + 8192, f"{gid}: a clone played to the deal's end adds {play_early} bytes after {early} deals, {play_late} after {late}"
