"""The ISMCTS bot: it sees only its view and the legal actions, plays legal moves, finds the
obvious move of stacked positions in every game with decisions, and is reproducible."""

from __future__ import annotations

import importlib.util
import random
import sys
import time
import types

import pytest

from academie.bots import make_bot
from academie.bots.ismcts import ISMCTSBot
from academie.core.chance import SeededChance
from academie.core.runner import advance_chance
from academie.games import get_game
from tests.helpers import bft_deck, bft_state, play, t31_deck, t31_state



def _real_sampling() -> bool:
    """Whether :func:`academie.core.sampling.sample` draws worlds from views (else the tests
    use a stand-in)."""
    if importlib.util.find_spec("academie.core.sampling") is None:
        return False
    import random

    from academie.core.sampling import sample

    state = get_game("trente-et-un").new_initial_state(3)
    advance_chance(state, SeededChance(1))
    try:
        sample(state.view(state.current_player()), random.Random(0))
    except Exception:
        return False
    return True


REAL_SAMPLING = _real_sampling()


class StandIn:
    """Until :func:`academie.core.sampling.sample` exists: worlds from the real state's
    ``determinize`` (a test-only stand-in, set before each choice)."""

    state = None

    def __init__(self, real=None):
        self.real = real

    def sample(self, view, rng, deadline=None):
        if self.real is not None and getattr(view, "trail", None) is not None:
            return self.real(view, rng)
        return self.state.determinize(view.seat, rng)


@pytest.fixture
def worlds(monkeypatch):
    """``worlds(state)`` before a choice: with the real sampling a no-op; else the stand-in's
    state."""
    if REAL_SAMPLING:
        stand_in = StandIn()
    elif importlib.util.find_spec("academie.core.sampling") is None:
        stand_in = StandIn()
        module = types.ModuleType("academie.core.sampling")
        module.sample = stand_in.sample
        monkeypatch.setitem(sys.modules, "academie.core.sampling", module)
    else:  # being written: its sample where views carry what it needs
        import academie.core.sampling as module

        stand_in = StandIn(module.sample)
        monkeypatch.setattr(module, "sample", stand_in.sample)

    def set_state(state):
        stand_in.state = state

    return set_state


def choices(state, spec, worlds, seeds=(0, 1, 2)):
    """The move of a new bot ``spec`` of each seed, in string notation (the search ended by its
    iterations, not by the default budget of a second, which a busy machine may reach first)."""
    if "seconds=" not in spec:
        spec += ":seconds=600"
    worlds(state)
    seat = state.current_player()
    return [state.action_to_string(make_bot(spec, state.game.info.id, k).choose(state.view(seat), state.legal_actions()))
            for k in seeds]


def replayed(game_id, moves, players=4):
    """The state after ``moves`` (string notation, chance outcomes included) from the start."""
    state = get_game(game_id).new_initial_state(players)
    for move in moves.split():
        state.apply_string(move)
    return state


# Obvious moves. Trente et un: A♥ K♥ 5♣ and the Q♥ on the pile: taking it makes 31, and then the
# 5♣ is the card to throw. Belle-Flux: stand on a 30, ask on a 9. Reversis: void in the suit led,
# throw the quinola (« celui qui s'en défait, gagne le jeu »). Guimbarde: lead the guimbarde (Q♥,
# the highest trump) at the first trick (flat Monte Carlo over 300 samples: 2.5 counters more than
# the next card).
REVERSIS_RENOUNCE = (
    "5H JH 8S 6D KD KS 7S 6S 3S QD QC 3D 9S KH AC 2C 5D 5C AS 9C JS 7H 4H 2S 7C QH AH 8H 6H 8D 9D 3C QS JC AD 2D"
    " 8C 7D 6C 3H 2H 5S JD 4D 4S KC 4C 9H 7D KD 3C 3D KH 6H 9H 7H 8C 4C 9C QC 4D"
)
GUIMBARDE_LEAD = "9C KD QH QD 8H 8D KS 10D AD QS 8C 10C 9H 7S 8S JD QC 10S AS AC 10H"


def t31_pile():
    return t31_state([t31_deck(["7S 8D 2C", "AH KH 5C", "2S 3D 4C"], "QH")], 3)


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_trente_et_un_takes_the_31_and_throws_the_odd_card(rollout, worlds):
    state, chance = t31_pile()
    assert state.current_player() == 1
    assert choices(state, f"ismcts:iterations=200:rollout={rollout}", worlds) == ["pile"] * 3
    play(state, chance, ["pile"])
    assert choices(state, f"ismcts:iterations=200:rollout={rollout}", worlds) == ["5C"] * 3


@pytest.mark.parametrize("hands, ups, move", [
    (["5C 7D", "2H 3H", "KS QS"], ["8S", "4H", "JS"], "stand"),
    (["5C 7D", "KH 9H", "2S 3D"], ["8S", "JH", "4C"], "ask"),
])
def test_belle_flux_stands_on_30_and_asks_on_9(hands, ups, move, worlds):
    state, _ = bft_state([bft_deck(hands, ups)], 3)
    assert state.current_player() == 2 and state.view(2).point in (30, 9)
    assert choices(state, "ismcts:iterations=200", worlds) == [move] * 3
    assert choices(state, "ismcts:iterations=100:rollout=heuristic", worlds, seeds=(0,)) == [move]


def test_reversis_throws_the_quinola_on_a_renounce(worlds):
    state = replayed("reversis", REVERSIS_RENOUNCE)
    seat = state.current_player()
    view = state.view(seat)
    led = view.trick[0][1] // 13
    assert all(c // 13 != led for c in view.hand) and "JH" in state.legal_action_strings()
    assert choices(state, "ismcts:iterations=300", worlds) == ["JH"] * 3
    assert choices(state, "ismcts:iterations=150:rollout=heuristic", worlds, seeds=(0,)) == ["JH"]


def test_guimbarde_leads_the_guimbarde(worlds):
    state = replayed("guimbarde", GUIMBARDE_LEAD)
    assert state.legal_action_strings() == ["7S", "9H", "QH", "KD", "9C"] and not state.view(3).trick
    assert choices(state, "ismcts:iterations=300", worlds) == ["QH"] * 3
    assert choices(state, "ismcts:iterations=150:rollout=heuristic", worlds, seeds=(0,)) == ["QH"]


def test_the_pure_engine_playouts_find_the_same_moves(worlds, monkeypatch):
    import academie.fast

    monkeypatch.setattr(academie.fast, "available", lambda: False)
    state, _ = t31_pile()
    assert choices(state, "ismcts:iterations=200", worlds) == ["pile"] * 3
    state = replayed("reversis", REVERSIS_RENOUNCE)
    assert choices(state, "ismcts:iterations=300", worlds, seeds=(0,)) == ["JH"]


@pytest.mark.parametrize("game_id, players", [
    ("trente-et-un", 3), ("belle-flux-trente-un", 4), ("reversis", 4), ("guimbarde", 4), ("guimbarde", 3),
    ("guinguette", 4), ("guinguette", 6),
])
def test_a_deal_against_heuristics_uses_legal_moves_only(game_id, players, worlds):
    state = get_game(game_id).new_initial_state(players)
    chance = SeededChance(7)
    bots = [make_bot("ismcts:iterations=30", game_id, 1)] + [make_bot("heuristic", game_id, s) for s in range(1, players)]
    decisions = 0
    while not state.is_terminal() and state.match.deal_number < 2:
        advance_chance(state, chance)
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        worlds(state)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        decisions += seat == 0
        state.apply_action(action)
    assert decisions > 0


def test_same_seed_same_view_same_move_and_the_bot_is_reproducible(worlds):
    state = replayed("reversis", REVERSIS_RENOUNCE[: REVERSIS_RENOUNCE.index(" 7D KD")])
    seat = state.current_player()
    worlds(state)
    first = [make_bot("ismcts:iterations=60:seconds=120", "reversis", 5).choose(state.view(seat), state.legal_actions()) for _ in range(2)]
    assert first[0] == first[1]
    bot = make_bot("ismcts:iterations=60:seconds=120", "reversis", 5)
    again = [bot.choose(state.view(seat), state.legal_actions()) for _ in range(2)]
    other = make_bot("ismcts:iterations=60:seconds=120", "reversis", 5)
    assert [other.choose(state.view(seat), state.legal_actions()) for _ in range(2)] == again


@pytest.mark.skipif(not REAL_SAMPLING, reason="needs academie.core.sampling (worlds from the view alone)")
@pytest.mark.parametrize("spec", ["ismcts:iterations=80:seconds=120", "ismcts:iterations=40:rollout=heuristic:seconds=120",
                                  "ismcts:iterations=40:worlds=4:infer=mcmc:moves=3:seconds=120",
                                  "ismcts:iterations=40:infer=particles:particles=16:seconds=120",
                                  "ismcts:iterations=40:infer=particles:particles=16:mistake=0:rollout=heuristic:seconds=120"])
def test_two_states_that_give_the_seat_the_same_view_give_the_same_move(spec):
    # Seat 1 holds A♥ K♥ 5♣; seats 0 and 2 swap a card between two deals: seat 1 cannot tell.
    a, _ = t31_state([t31_deck(["7S 8D 2C", "AH KH 5C", "2S 3D 4C"], "QH")], 3)
    b, _ = t31_state([t31_deck(["7S 3D 2C", "AH KH 5C", "2S 8D 4C"], "QH")], 3)
    assert a.view(1) == b.view(1) and a.hands != b.hands
    for seed in range(3):
        moves = [make_bot(spec, "trente-et-un", seed).choose(s.view(1), s.legal_actions()) for s in (a, b)]
        assert moves[0] == moves[1]
    r1 = replayed("reversis", REVERSIS_RENOUNCE)
    r2 = replayed("reversis", REVERSIS_RENOUNCE)
    seat = r1.current_player()
    others = [s for s in range(4) if s != seat]
    x, y = others[0], others[1]
    cx, cy = r2.hands[x][0], r2.hands[y][0]  # swap two hidden cards of two other seats
    r2.hands[x][0], r2.hands[y][0] = cy, cx
    if r1.view(seat) == r2.view(seat):  # the swap may be seen (a void): then it is no test
        for seed in range(2):
            moves = [make_bot(spec, "reversis", seed).choose(s.view(seat), s.legal_actions()) for s in (r1, r2)]
            assert moves[0] == moves[1]


def test_a_time_budget_stops_the_search(worlds):
    state = replayed("guimbarde", GUIMBARDE_LEAD)
    worlds(state)
    bot = make_bot("ismcts:iterations=1000000:seconds=0.2", "guimbarde", 1)
    start = time.perf_counter()
    move = bot.choose(state.view(3), state.legal_actions())
    assert time.perf_counter() - start < 30  # far below a million iterations, loose for busy machines
    assert move in state.legal_actions() and 1 <= bot.last_iterations < 1_000_000


def test_one_legal_action_is_played_at_once():
    bot = ISMCTSBot("reversis", 1, iterations=10)
    assert bot.choose(None, [42]) == 42 and bot.last_iterations == 0


def test_a_pool_of_worlds_is_sampled_once_and_searched_in_turn(worlds, monkeypatch):
    import academie.core.sampling as sampling

    state, _ = t31_pile()
    worlds(state)
    drawn = []
    inner = sampling.sample

    def counting(view, rng, deadline=None):
        drawn.append(1)
        return inner(view, rng, deadline)

    monkeypatch.setattr(sampling, "sample", counting)
    bot = make_bot("ismcts:iterations=120:worlds=6", "trente-et-un", 2)
    assert state.action_to_string(bot.choose(state.view(1), state.legal_actions())) == "pile"
    assert len(drawn) == 6 and bot.last_iterations == 120


@pytest.mark.skipif(not REAL_SAMPLING, reason="needs academie.core.sampling (worlds from the view alone)")
def test_a_world_where_another_seat_did_not_play_as_the_heuristic_weighs_less():
    # Seat 1 draws 5♥ and throws 2♣: with A♥ K♥ 2♣ that is the heuristic's only discard (it keeps
    # 26 in hearts); with 2♣ 3♣ 9♣ it is not (it throws the 5♥ and keeps 14 in clubs). Seat 0 sees
    # the same in both deals; seat 2 holds the same cards in both.
    from academie.bots.trente_et_un import HeuristicTrenteEtUn
    from academie.bots.ismcts import MISTAKE

    moves = ["stock", "2C", "stock", "JD"]
    a, ca = t31_state([t31_deck(["7S 8D 4S", "AH KH 2C", "2S 3D 4C"], "9S", draws="5H JD")], 3)
    b, cb = t31_state([t31_deck(["7S 8D 4S", "2C 3C 9C", "2S 3D 4C"], "9S", draws="5H JD")], 3)
    play(a, ca, moves)
    play(b, cb, moves)
    assert a.view(0) == b.view(0) and a.current_player() == 0
    models = [HeuristicTrenteEtUn(k) for k in range(3)]
    ratio = ISMCTSBot.likelihood(a.view(0), a, models) / ISMCTSBot.likelihood(b.view(0), b, models)
    assert ratio == pytest.approx((1 - MISTAKE + MISTAKE / 4) / (MISTAKE / 4))


def test_the_heuristic_gives_equal_chances_to_the_discards_it_ties():
    from academie.bots.trente_et_un import HeuristicTrenteEtUn
    from academie.games.trente_et_un import DISCARD

    state, chance = t31_state([t31_deck(["7S 8D 4S", "AH KH 2C", "2S 3D 4C"], "9S", draws="QS")], 3)
    play(state, chance, ["stock"])
    view, legal = state.view(1), state.legal_actions()
    probabilities = HeuristicTrenteEtUn(0).probabilities(view, legal)
    # A♥ K♥ 2♣ Q♠: throwing the 2♣ or the Q♠ keeps 21 in hearts alike.
    assert {state.action_to_string(a): p for a, p in probabilities.items()} == {"2C": 0.5, "QS": 0.5}
    picked = {HeuristicTrenteEtUn(seed).choose(view, legal) - DISCARD for seed in range(40)}
    assert {state.action_to_string(DISCARD + c) for c in picked} == {"2C", "QS"}


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=200:rollout=heuristic:others=rollout",
    "ismcts:iterations=120:rollout=heuristic:worlds=6:infer=heuristic:candidates=4",
    "ismcts:iterations=200:others=rollout",
    "ismcts:iterations=120:rollout=heuristic:worlds=6:others=rollout:infer=mcmc:moves=5",
    "ismcts:iterations=120:rollout=heuristic:others=rollout:depth=1",
    "ismcts:iterations=40:rollout=heuristic:infer=mcmc:moves=5:paired=yes",
    "ismcts:iterations=30:rollout=heuristic:worlds=5:paired=yes",
])
def test_the_other_seats_played_by_the_policy_and_the_inferred_worlds_find_the_31(spec, worlds):
    state, chance = t31_pile()
    assert choices(state, spec, worlds, seeds=(0, 1)) == ["pile"] * 2
    play(state, chance, ["pile"])
    assert choices(state, spec, worlds, seeds=(0, 1)) == ["5C"] * 2


@pytest.mark.parametrize("game_id", ["trente-et-un", "reversis", "guimbarde"])
def test_with_heuristic_playouts_a_new_node_tries_the_heuristics_move_first(game_id, worlds):
    # One iteration expands one action of the root: the heuristic's (a uniform pick would
    # differ from it in some of these positions).
    from academie.bots import _registry

    heuristic = _registry()[game_id]["heuristic"]
    state, chance, compared = get_game(game_id).new_initial_state(4), SeededChance(3), 0
    while not state.is_terminal() and state.match.deal_number < 1 and compared < 12:
        advance_chance(state, chance)
        seat, legal = state.current_player(), state.legal_actions()
        worlds(state)
        if len(legal) > 1:
            bot = ISMCTSBot(game_id, compared, iterations=1, rollout="heuristic")
            reference = heuristic(0)
            if getattr(reference, "probabilities", None) is None or len(reference.probabilities(state.view(seat), legal)) == 1:
                assert bot.choose(state.view(seat), legal) == reference.choose(state.view(seat), legal)
                compared += 1
        state.apply_action(make_bot("heuristic", game_id, 9).choose(state.view(seat), legal))
    assert compared >= 5


@pytest.mark.parametrize("depth", [1, 2])
def test_depth_searches_only_the_seats_first_decisions_in_the_tree(depth):
    """With ``depth=k`` no node of the seat's (k+1)-th decision on the way down gathers rewards:
    the seat plays the rollout policy there, as ``others=rollout`` makes the other seats."""
    from academie.bots.ismcts import Node, standings
    from academie.core.sampling import sample

    state, _ = t31_pile()
    seat, legal = state.current_player(), state.legal_actions()
    view = state.view(seat)
    bot = ISMCTSBot("trente-et-un", 1, rollout="heuristic", others="rollout", depth=depth)
    rng = random.Random(4)
    root, heuristics = Node(), bot._heuristics(rng)
    for _ in range(150):
        world = sample(view, rng)
        bot._iterate(root, world, legal, rng, heuristics, standings(world), seat)
    deepest = 0

    def walk(node, own):
        nonlocal deepest
        for child in list(node.children.values()) + list(node.chance.values()):
            mine = own + (child.player == seat)
            if child.player == seat and child.visits:
                deepest = max(deepest, mine)
            walk(child, mine)

    walk(root, 0)
    assert deepest == depth  # searched down to the k-th decision, never below


def _paired_bot(monkeypatch, gain, margin=1.0, iterations=40):
    """A ``paired=yes`` bot at :func:`t31_pile`'s first decision whose playouts are replaced: the
    seat's standing rises by ``gain(action, world)`` (``world`` counts the worlds, from 0, told
    apart by the random numbers each world's playouts share), the other seats' stay."""
    from academie.bots import ismcts

    state, _ = t31_pile()
    seat, legal = state.current_player(), state.legal_actions()
    view = state.view(seat)
    bot = ISMCTSBot("trente-et-un", 3, iterations=iterations, rollout="heuristic", paired="yes", margin=margin)
    start, worlds = len(state.history), {}

    def playout(world, deal, rng, heuristics):
        key = rng.getrandbits(64)  # the same for every action of one world: common random numbers
        worlds.setdefault(key, len(worlds))
        end = ismcts.standings(world)
        end[seat] += gain(world.history[start], worlds[key])
        return end

    monkeypatch.setattr(bot, "_playout", playout)
    monkeypatch.setattr("academie.fast.available", lambda: False)  # the pure playouts, replaced here
    return bot, view, legal, state, worlds


def test_paired_plays_the_heuristics_move_unless_another_beats_it_by_the_margin(monkeypatch):
    from academie.bots.trente_et_un import HeuristicTrenteEtUn

    state, _ = t31_pile()
    seat, legal = state.current_player(), state.legal_actions()
    own = HeuristicTrenteEtUn(0).choose(state.view(seat), legal)
    other = next(a for a in legal if a != own)
    # Every world: the other action gains 0.05 more, whatever the world's own luck (±1 on both).
    luck = lambda world: 1.0 if world % 2 else -1.0  # noqa: E731
    bot, view, legal, state, worlds = _paired_bot(
        monkeypatch, lambda a, w: luck(w) + (0.05 if a == other else 0.0))
    assert bot.choose(view, legal) == other and len(worlds) == 40  # paired: a sure gain, however small
    # The gain over the heuristic's move is 0.05 ± 1 from world to world: its standard error over
    # 40 worlds (0.16) is more than the mean, so the margin keeps the heuristic's move …
    noisy = lambda a, w: (0.05 + luck(w)) if a == other else 0.0  # noqa: E731
    bot, view, legal, _, _ = _paired_bot(monkeypatch, noisy)
    assert bot.choose(view, legal) == own
    # … unless the margin is 0 (or 0.3: 0.05 - 0.3 * 0.16 > 0) …
    for margin in (0.0, 0.3):
        bot, view, legal, _, _ = _paired_bot(monkeypatch, noisy, margin=margin)
        assert bot.choose(view, legal) == other
    # … and a move that loses stays unplayed even with no margin.
    bot, view, legal, _, _ = _paired_bot(monkeypatch, lambda a, w: -0.05 if a == other else 0.0, margin=0.0)
    assert bot.choose(view, legal) == own


def test_paired_same_seed_same_move_and_the_budget_counts_worlds():
    state, _ = t31_pile()
    seat, legal = state.current_player(), state.legal_actions()
    moves = set()
    for _ in range(2):
        bot = make_bot("ismcts:iterations=12:seconds=120:rollout=heuristic:infer=mcmc:moves=3:paired=yes", "trente-et-un", 5)
        moves.add(bot.choose(state.view(seat), legal))
        assert bot.last_iterations == 12
    assert len(moves) == 1 and moves <= set(legal)


def t31_knock_at_27():
    """Seat 1 to draw first, holding A♥ K♥ 6♥ (27 points), the up card 9♣: the heuristic knocks."""
    return t31_state([t31_deck(["7S 8D 2C", "AH KH 6H", "2S 3D 4C"], "9C")], 3)


def test_the_heuristics_thresholds_decide_its_knock():
    from academie.bots.trente_et_un import HeuristicTrenteEtUn
    from academie.games.trente_et_un import KNOCK, STOCK

    state, _ = t31_knock_at_27()
    seat, legal = state.current_player(), state.legal_actions()
    view = state.view(seat)
    assert seat == 1 and view.hand_value == 27 and KNOCK in legal
    assert HeuristicTrenteEtUn(0).choose(view, legal) == KNOCK  # « Frapper » on 27 at the start
    assert HeuristicTrenteEtUn(0, knock_at=28).choose(view, legal) == STOCK
    assert HeuristicTrenteEtUn(0, knock_floor=28).choose(view, legal) == STOCK  # the floor is the least it knocks on
    patient = make_bot("heuristic:knock_floor=32:cut_at=32", "trente-et-un", 0)  # never knocks
    assert patient.choose(view, legal) == STOCK and patient.probabilities(view, legal) == {STOCK: 1.0}


@pytest.mark.parametrize("own, kept", [(None, "knock"), ("heuristic/knock_floor=32/cut_at=32", "stock")])
def test_paired_own_bot_gives_the_move_kept_and_plays_the_seat_in_the_playouts(monkeypatch, own, kept):
    from academie.bots import ismcts
    from academie.games.trente_et_un import KNOCK, STOCK

    state, _ = t31_knock_at_27()
    seat, legal = state.current_player(), state.legal_actions()
    extra = {} if own is None else {"own": own}
    bot = ISMCTSBot("trente-et-un", 3, iterations=10, rollout="heuristic", paired="yes", **extra)
    seen = []

    def playout(world, deal, rng, heuristics):  # every action alike: the move kept stands
        seen.append([(heuristics[s].knock_at, heuristics[s].knock_floor) for s in range(3)])
        return ismcts.standings(world)

    monkeypatch.setattr(bot, "_playout", playout)
    monkeypatch.setattr("academie.fast.available", lambda: False)  # the pure playouts, replaced here
    assert bot.choose(state.view(seat), legal) == {"knock": KNOCK, "stock": STOCK}[kept]
    mine = (27, 21) if own is None else (27, 32)
    assert seen and all(bots == [(27, 21), mine, (27, 21)] for bots in seen)  # the others stay the heuristic


@pytest.mark.parametrize("spec, expected", [
    ("ismcts:iterations=5:rollout=heuristic:paired=yes:own=heuristic/knock_floor=32/cut_at=32", "stock"),
    ("ismcts:iterations=5:rollout=heuristic:paired=yes", "knock"),
    ("ismcts:iterations=5", None),
])
def test_a_view_whose_worlds_cannot_be_drawn_gets_the_policys_move(monkeypatch, spec, expected):
    from academie.bots import ismcts
    from academie.core import sampling
    from academie.core.errors import SamplingError
    from academie.games.trente_et_un import KNOCK, STOCK

    def refuse(view, rng, deadline=None):
        raise SamplingError("29 hidden cards over 17 places: no fitting deal in 2000 shuffles")

    monkeypatch.setattr(sampling, "sample", refuse)
    state, _ = t31_knock_at_27()
    seat, legal = state.current_player(), state.legal_actions()
    moves = []
    for _ in range(2):
        bot = make_bot(spec, "trente-et-un", 4)
        moves.append(bot.choose(state.view(seat), legal))
        assert bot.fallbacks == 1
    assert moves[0] == moves[1] and moves[0] in legal  # seeded: the same move
    if expected is not None:
        assert moves[0] == {"knock": KNOCK, "stock": STOCK}[expected]
    monkeypatch.undo()
    with pytest.raises(SamplingError, match="carries no trail"):  # the public view is still refused
        make_bot(spec, "trente-et-un", 4).choose(state.public_view(), legal)


def _deal_lengths(specs, seed, players=2):
    """Play one Trente et un match of ``specs`` (seeded); each deal's player moves, and the rounds
    over at each knock by an ISMCTS seat (not its policy's move when no world could be drawn).
    Stops, failing, at a deal longer than the bound of
    :func:`test_a_weak_search_ends_every_trente_et_un_deal_within_knock_by_rounds`."""
    from academie.games.trente_et_un import KNOCK

    bound = 2 * players * (20 + 1) + 3  # draw and discard each turn, 20 rounds, the knock, the last turn
    state, rng = get_game("trente-et-un").new_initial_state(players), random.Random(seed)
    bots = [make_bot(spec, "trente-et-un", seed * players + k) for k, spec in enumerate(specs)]
    moves, knocks = {}, []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat, deal = state.current_player(), state.match.deal_number
        view, fallbacks = state.view(seat), getattr(bots[seat], "fallbacks", 0)
        action = bots[seat].choose(view, state.legal_actions())
        if action == KNOCK and specs[seat].startswith("ismcts") and bots[seat].fallbacks == fallbacks:
            knocks.append(view.turns_taken / (players - sum(view.eliminated)))  # rounds over
        moves[deal] = moves.get(deal, 0) + 1
        assert moves[deal] <= bound, f"{specs}, seed {seed}: deal {deal} still on after {bound} moves"
        state.apply_action(action, trusted=True)
    return list(moves.values()), knocks


@pytest.mark.parametrize("specs", [
    ("ismcts:iterations=3", "heuristic"),
    ("ismcts:iterations=3", "heuristic:knock_floor=32:cut_at=32:knock_by=1000"),  # a patient bot: the search must knock
    ("ismcts:iterations=3", "ismcts:iterations=2"),
])
def test_a_weak_search_ends_every_trente_et_un_deal_within_knock_by_rounds(specs):
    """The sheet ends a round only on a knock or a 31; a search of a few iterations, once its
    ``knock_by`` rounds (20) are over, knocks as the heuristic does. Before, a search of 2 or 3
    iterations never knocked, and against a bot that waits its deals went on for hundreds of
    moves, each slower than the last (the worlds of a long deal are slow to draw)."""
    moves, _ = _deal_lengths(specs, 2)
    assert len(moves) >= 2 and max(moves) <= 2 * 2 * 21 + 3


def test_the_search_knocks_from_knock_by_on_and_refuses_it_elsewhere():
    from academie.core.errors import UnknownBotError
    from academie.games.trente_et_un import KNOCK

    state, chance = t31_state([t31_deck(["5S QS 10D", "2S 9H 3C"], "7D", draws="8S")], 2)
    play(state, chance, ["pile", "9H", "stock", "8S", "pile", "2S"])  # 3 turns of 2 players: 1.5 rounds over
    view, legal = state.view(0), state.legal_actions()
    assert view.turns_taken == 3 and KNOCK in legal
    assert make_bot("ismcts:iterations=1:knock_by=1", "trente-et-un", 0).choose(view, legal) == KNOCK
    bot = make_bot("ismcts:iterations=1:knock_by=2", "trente-et-un", 0)
    bot.choose(view, legal)
    assert bot.last_iterations == 1  # searched: 1.5 rounds are not 2
    assert make_bot("ismcts", "trente-et-un", 0).knock_by == 20
    with pytest.raises(UnknownBotError, match="ismcts has no parameter 'knock_by'"):
        make_bot("ismcts:knock_by=3", "reversis", 0)
    with pytest.raises(UnknownBotError, match="knock_by must be an integer from 1 to 1000"):
        make_bot("ismcts:knock_by=0", "trente-et-un", 0)


def test_a_search_of_three_iterations_knocks_before_its_knock_by_rounds():
    """With 3 iterations each of stock, pile and knock is tried once: the move was always the
    first legal one (the stock), so such a search never knocked; now it knocks when the knock's
    playout did best (before, its only knocks were its policy's, in deals so long that no world
    could be drawn)."""
    _, knocks = _deal_lengths(("ismcts:iterations=3", "ismcts:iterations=3"), 1)
    assert knocks == [0.0, 3.0, 0.0]


def test_equally_visited_moves_go_to_the_best_mean_not_to_the_first_legal_one():
    from academie.bots.ismcts import Node, most_visited

    root = Node()
    for action, total in ((52, -1.0), (53, 0.5), (54, 1.0)):
        root.children[action] = child = Node(0)
        child.visits, child.total = 1, total
    assert most_visited(root, [52, 53, 54]) == 54
    root.children[52].visits = 2
    assert most_visited(root, [52, 53, 54]) == 52  # visits first
    root.children[52].visits, root.children[53].total = 1, 1.0
    assert most_visited(root, [52, 53, 54]) == 53  # then the mean; then the legal order


@pytest.mark.parametrize("game_id, spec", [
    ("trente-et-un", "ismcts:iterations=40:rollout=heuristic"),
    ("trente-et-un", "ismcts:iterations=30:rollout=heuristic:paired=yes:own=heuristic/knock_floor=32/cut_at=32"),
    ("belle-flux-trente-un", "ismcts:iterations=30:rollout=heuristic:paired=yes"),
    ("reversis", "ismcts:iterations=30:rollout=heuristic:others=rollout"),
    ("guimbarde", "ismcts:iterations=30:rollout=heuristic:depth=1"),
    ("guinguette", "ismcts:iterations=30:rollout=heuristic:paired=yes"),
])
def test_heuristic_playouts_compiled_or_pure_give_the_same_moves(monkeypatch, game_id, spec):
    """A search whose playouts are the heuristic's plays them in the kernel when one plays the game
    (its ``heuristic_rollout`` is called), and moves as the same search through the pure engine,
    seed for seed: each playout's random numbers are drawn from the search's generator alike."""
    pytest.importorskip("numba")
    from academie import fast
    from academie.bots.ismcts import KERNEL_MODULES

    module = importlib.import_module(f"academie.fast.{KERNEL_MODULES[game_id]}")
    calls = []
    real = module.heuristic_rollout
    monkeypatch.setattr(module, "heuristic_rollout", lambda *args: calls.append(1) or real(*args))
    rng, moves = random.Random(11), 0
    state = get_game(game_id).new_initial_state()
    while moves < 4 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.5:
            compiled = make_bot(f"{spec}:seconds=120", game_id, moves).choose(state.view(seat), legal)
            with monkeypatch.context() as m:
                m.setattr(fast, "available", lambda: False)
                before = len(calls)
                pure = make_bot(f"{spec}:seconds=120", game_id, moves).choose(state.view(seat), legal)
                assert len(calls) == before
            assert compiled == pure
            moves += 1
        state.apply_action(legal[rng.randrange(len(legal))])
    assert moves == 4 and len(calls) >= 4 * 20
