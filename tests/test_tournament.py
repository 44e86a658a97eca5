"""Duplicate tournaments: the same cards for every seating, every bot in every seat, the same
result for every number of workers, records that replay, and clear errors."""

from __future__ import annotations

import pytest

from academie.analysis.tournament import (
    COUNTERS,
    WIN_RATE,
    DealDecks,
    TournamentError,
    TournamentInterrupted,
    has_deal_limit,
    seatings,
    tournament,
)
from academie.core.chance import chance_source
from academie.core.errors import PlayerCountError, UnknownBotError
from academie.core.record import GameRecord, replay
from academie.games import GAMES, get_game

LINEUP = ["heuristic", "random", "random", "random"]


class Logged:
    """A chance source that notes every outcome it gives: (deal, card)."""

    def __init__(self, inner) -> None:
        self.inner, self.seen = inner, []

    def choose(self, state) -> int:
        action = self.inner.choose(state)
        self.seen.append((state.match.deal_number, state.action_to_string(action)))
        return action


def hand(view) -> list[str]:
    data = view.to_json()
    return list(data["hand"]) if "hand" in data else list(data["hidden"])


def replayed(path, game):
    """The hands of every seat at the first decision of each deal, and the chance outcomes of
    each deal in order, from a record."""
    rec = GameRecord.load(path)
    hands: dict[int, list[list[str]]] = {}

    def on_action(state, index, seat, action):
        hands.setdefault(state.match.deal_number, [hand(state.view(s)) for s in range(state.num_players)])

    log = Logged(chance_source(rec.seed, rec.decks))
    state = replay(rec, game, on_action, chance=log)
    assert state.returns() == rec.result["returns"]
    outcomes: dict[int, list[str]] = {}
    for deal, card in log.seen:
        outcomes.setdefault(deal, []).append(card)
    return rec, hands, outcomes


def test_trente_et_un_rotations_deal_the_same_hands_and_draw_the_stock_in_the_same_order(tmp_path):
    game = get_game("trente-et-un")
    tournament(game, LINEUP, matches=1, seed=11, records=tmp_path)
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"board-000001-seating-{k:02d}.json" for k in (1, 2, 3, 4)]
    seen = [replayed(f, game) for f in files]
    # the heuristic bot goes round the table: seat 0, then 3, 2, 1
    assert [[p.kind for p in rec.players].index("heuristic") for rec, _, _ in seen] == [0, 3, 2, 1]
    # the same cards in the same seats, whoever sits there
    for _, hands, _ in seen:
        assert hands[0] == [["3S", "6H", "9D"], ["7S", "KH", "8C"], ["JH", "7C", "10C"], ["KS", "AS", "4C"]]
    # the first deal's cards leave the pack in one order: the deck's, whatever was drawn from it
    deck = seen[0][0].decks[0]
    drawn = [outcomes[0] for _, _, outcomes in seen]
    for cards in drawn:
        assert cards == deck[: len(cards)]
    assert len({len(cards) for cards in drawn}) > 1  # the bots drew different numbers of cards
    assert all(rec.decks[0] == deck for rec, _, _ in seen)


@pytest.mark.parametrize("game_id", [g for g in GAMES if has_deal_limit(get_game(g))])
def test_every_deal_of_a_board_gives_every_seating_the_same_hands(tmp_path, game_id):
    game = get_game(game_id)
    deals, options = 3, {"deals": 3}
    if game_id == "guinguette":  # its matches end early when a player cannot stake (GU14): play on debts
        options["out_of_counters"] = "debt"
    result = tournament(game, LINEUP, deals=deals, seed=11, options=options, records=tmp_path)
    assert result.boards == 1 and result.matches == 4 and result.deals_per_match == deals
    seen = [replayed(f, game) for f in sorted(tmp_path.glob("*.json"))]
    assert len(seen) == 4
    first_hands = seen[0][1]
    assert len(first_hands) >= 2  # more than one deal compared
    for rec, hands, outcomes in seen:
        assert hands == first_hands
        for deal, cards in outcomes.items():
            assert cards == rec.decks[deal][: len(cards)] == seen[0][0].decks[deal][: len(cards)]


def test_reversis_first_hands_are_the_decks_cards():
    game = get_game("reversis")
    state = game.new_initial_state(4, {})
    chance = DealDecks(11)
    from academie.core.runner import advance_chance

    advance_chance(state, chance)
    assert chance.decks[0][:6] == ["8H", "7D", "6D", "9H", "2C", "3S"]
    assert hand(state.view(0)) == ["8S", "QS", "5H", "KH", "AH", "2D", "4D", "5D", "9D", "AD", "6C", "JC"]
    assert len(chance.decks[0]) == 48 and chance.positions == [48]  # the whole pack dealt, in its order


def test_seatings_put_every_bot_in_every_seat_equally():
    assert seatings(4, 4) == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    for entries, players in ((3, 2), (5, 4), (4, 4), (6, 3)):
        table = seatings(entries, players)
        for e in range(entries):
            per_seat = [sum(1 for s in table if s[seat] == e) for seat in range(players)]
            assert len(set(per_seat)) == 1 and per_seat[0] > 0


def test_result_counts_every_seat_and_the_metric():
    result = tournament(get_game("reversis"), LINEUP, deals=5, seed=5)
    assert result.metric == COUNTERS and result.duplicate
    heuristic, random_ = result.bots
    assert heuristic.seats == [5, 5, 5, 5] and random_.seats == [15, 15, 15, 15]
    # the matches each took part in: every one, whatever the seats it held
    assert heuristic.matches == 20 and random_.matches == 20 and result.deals == 20
    pair = {(p.bot, p.versus): p.difference for p in result.pairs}
    forward, back = pair[("heuristic", "random")], pair[("random", "heuristic")]
    assert forward.mean == pytest.approx(heuristic.score.mean - random_.score.mean)
    assert back.mean == pytest.approx(-forward.mean) and forward.low <= forward.mean <= forward.high
    t31 = tournament(get_game("trente-et-un"), ["heuristic", "random", "random"], matches=4, seed=5)
    assert t31.metric == WIN_RATE and t31.matches == 12
    assert sum(b.win_rate.mean * sum(b.seats) for b in t31.bots) == pytest.approx(t31.matches)  # one win a match


def test_more_bots_than_players_play_every_choice_of_them():
    result = tournament(get_game("trente-et-un"), ["heuristic", "random", " heuristic "], players=2, matches=1, seed=2)
    assert result.entries == ["heuristic", "random", "heuristic"]
    assert result.seatings == 6 and result.matches == 6


def test_blason_rotates_seats_over_the_same_dice(tmp_path):
    result = tournament(get_game("blason"), ["random", "random", "random"], matches=2, seed=4, records=tmp_path)
    assert result.duplicate and not result.decks and result.metric == WIN_RATE
    (bot,) = result.bots
    assert bot.seats == [6, 6, 6] and bot.win_rate.mean == pytest.approx(1 / 3)
    # no decisions at the Blason: the same dice make the same race in every seating
    for board in (1, 2):
        recs = [GameRecord.load(f) for f in sorted(tmp_path.glob(f"board-{board:06d}-*.json"))]
        assert len(recs) == 3 and all(r.decks is None for r in recs)
        assert len({r.seed for r in recs}) == 1
        assert len({tuple(r.result["returns"]) for r in recs}) == 1


def test_the_result_is_the_same_on_one_worker_and_on_two():
    game = get_game("guimbarde")
    one = tournament(game, LINEUP, deals=6, seed=9, workers=1)
    two = tournament(game, LINEUP, deals=6, seed=9, workers=2)
    assert one.to_json() == two.to_json()
    assert tournament(game, LINEUP, deals=6, seed=10, workers=1).to_json() != one.to_json()


def test_ctrl_c_gives_the_result_over_the_boards_finished():
    game = get_game("reversis")

    def stop(done: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(TournamentInterrupted) as stopped:
        tournament(game, LINEUP, deals=5, seed=3, progress=stop)
    partial = stopped.value.result
    assert partial.partial and partial.boards == 2 and partial.requested == 5
    whole = tournament(game, LINEUP, deals=2, seed=3)
    assert partial.bots == whole.bots and partial.pairs == whole.pairs


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(bots=["genius", "random"], deals=2), UnknownBotError, "unknown bot 'genius'"),
    (dict(bots=LINEUP, deals=0), TournamentError, "from 1 to 1,000,000, not 0"),
    (dict(bots=LINEUP, matches=-3), TournamentError, "from 1 to 1,000,000, not -3"),
    (dict(bots=LINEUP), TournamentError, "the number of deals or the number of matches"),
    (dict(bots=LINEUP, deals=2, matches=2), TournamentError, "one of them"),
    (dict(bots=["heuristic", "random"], players=4, deals=2), TournamentError,
     "2 bots for 4 players: give one bot per seat at least (a bot may be given several times, e.g."
     " heuristic,random,random,random)"),
    (dict(bots=["heuristic", "random"], deals=2), TournamentError,
     "2 bots for Reversis, played by 4 to 5 players: give one bot per seat (a bot may be given several times,"
     " e.g. heuristic,random,random,random)"),
    (dict(bots=LINEUP, players=6, deals=2), PlayerCountError, "played by 4 to 5 players, not 6"),
    (dict(bots=[], deals=2), TournamentError, "needs bots"),
    (dict(bots=LINEUP, deals=5, options={"deals": 2}), TournamentError, "give a multiple of 2"),
])
def test_bad_input_is_refused_clearly(kwargs, error, words):
    bots = kwargs.pop("bots")
    with pytest.raises(error) as exc:
        tournament(get_game("reversis"), bots, **kwargs)
    assert words in str(exc.value)


def test_a_game_played_to_the_end_has_no_tournament_by_deals():
    with pytest.raises(TournamentError, match="not a number of deals .* give the number of matches"):
        tournament(get_game("trente-et-un"), ["heuristic", "random"], deals=10)


def test_without_duplicate_every_seating_has_cards_of_its_own(tmp_path):
    game = get_game("guimbarde")
    result = tournament(game, LINEUP, deals=1, seed=11, records=tmp_path, duplicate=False)
    assert not result.duplicate and result.decks
    seen = [replayed(f, game) for f in sorted(tmp_path.glob("*.json"))]
    assert len({tuple(rec.decks[0]) for rec, _, _ in seen}) == 4
    assert len({str(hands[0]) for _, hands, _ in seen}) == 4
