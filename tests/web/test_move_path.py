"""The per-move path of the server does less work and shows the same: the narration's lines
written without rich are rich's very text, a seat's board drawn once per move is drawn anew
after the next move, the sockets' JSON says what the standard library's says."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import random

import pytest
from rich.console import Console
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from academie.games import GAMES
from academie.presentation.narration import hanging
from academie.web import live
from academie.web.hub import Hub
from academie.web.live import TextNarrator, Watcher, encode_message
from academie.web import room
from academie.web.store import Store

from .support import cards_in


def rich_console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=88, color_system=None, force_terminal=False, highlight=False, emoji=False,
                   legacy_windows=False), buffer


LONG = ("Anne, Bastien and Claude pay 1 jeton each to Denis — the fou taken (Larousse, rule 5: « il paye un "
        "jeton à celui qui l'emporte »)")


def samples() -> list:
    out = []
    for n in (0, 1, 40, 85, 86, 87, 88, 89, 90, 120, 200, 400):
        out.append(Text(("abc de " * 80)[:n]))
    out += [
        Text("Anne: K♥ takes the trick", style="bold"),
        Text("  trailing spaces   "),
        Text("漢字の名前 " * 10),  # wide characters: two columns each
        Text("漢" * 44), Text("漢" * 45),
        Text("a\ttab"), Text("two\nlines"), Text("centred", justify="center"), Text("kept end", end=""),
        Text("Deal 3.", style="bold").append(" (dim)", style="dim"),
        Text(LONG), Text("x" * 300),  # one word longer than the width: folded
    ]
    for text in list(out):
        out.append(hanging(Text("  ") + text))
        out.append(Padding(text, (0, 0, 0, 4), expand=False))
    out += [Padding(Text(LONG), (0, 1, 0, 2), expand=False), Padding(Text(LONG), (0, 0, 0, 2)),
            Padding(Text(LONG), (1, 0, 0, 2), expand=False), Panel(Text("a panel")),
            Padding(Text(""), (0, 0, 0, 0), expand=False), Padding(Text("no margin"), (0, 0, 0, 0), expand=False),
            "[bold]markup[/bold] text", hanging(Text("  " + LONG * 3))]
    return out


def test_the_narrations_console_writes_what_rich_writes():
    fast = TextNarrator().console
    for item in samples():
        reference, buffer = rich_console()
        reference.print(item)
        fast.file.seek(0)
        fast.file.truncate()
        fast.print(item)
        assert fast.file.getvalue() == buffer.getvalue(), repr(item)


def play(tmp_path, game_id: str, moves: int, seed: int, watch: bool = False, check=None):
    """A table of ``game_id`` (every seat a person's) played ``moves`` random moves through
    :meth:`LiveTable.act`; ``check(table)`` after each move. Returns the table."""
    store = Store(f"sqlite:///{tmp_path / f'{game_id}-{seed}.sqlite3'}")
    hub = Hub(store, bot_delay=0)
    game = GAMES[game_id]
    n = max(game.info.min_players, min(4, game.info.max_players))
    options = game.parse_options({}).model_dump(mode="json")
    table = hub.create(game_id, n, options, [(f"P{s}", "human") for s in range(n)], seed=seed)
    rng = random.Random(seed)

    async def go() -> None:
        for _ in range(moves):
            if table.state.is_terminal():
                break
            if check is not None:
                check(table)
            await table.act(table.state.current_player(), rng.choice(table.state.legal_action_strings()),
                            table.version)
        if check is not None:
            check(table)

    asyncio.run(go())
    store.dispose()
    return table


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_narrated_as_rich_narrates_it(tmp_path, game_id, monkeypatch):
    table = play(tmp_path, game_id, 150, seed=3)
    told = list(table.teller.lines)
    assert told
    monkeypatch.setattr(live._TextConsole, "print", Console.print)  # rich draws every line
    again = live.LiveTable(dataclasses.replace(table.row, actions=list(table.record.actions),
                                               complete=table.record.complete), table.store, 0)
    assert again.teller.lines == told


def drawn(table, seat, lang: str) -> dict:
    """What :mod:`academie.web.room` draws of ``table`` for ``seat`` in ``lang``, drawn anew."""
    state = table.state
    over = state.is_terminal()
    returns = state.returns() if over else []
    to_act = None if over else state.current_player()
    return room.draw(table.game.info.id, table.view_of(seat), table.names, seat, table.legal_for(seat), lang,
                     over=over, winners=[s for s, r in enumerate(returns) if r == max(returns)] if over else (),
                     to_act=to_act, bot=to_act in table.bots, away=table.away(seat))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seats_board_is_drawn_anew_after_each_move(tmp_path, game_id):
    seen_hands: list[set[str]] = []

    def check(table) -> None:
        for seat in (None, 0, 1):
            legal = table.legal_for(seat)
            message = table.snapshot(None, seat)
            assert {k: message[k] for k in ("board", "actions", "status")} == drawn(table, seat, "en")
            assert message["legal"] == legal
            assert table.snapshot(None, seat) == message  # drawn once, the same again
            french = table.snapshot(None, seat, lang="fr")  # kept by language too
            assert {k: french[k] for k in ("board", "actions", "status")} == drawn(table, seat, "fr")
            assert french["status"] != message["status"] and french["legal"] == legal
        seen_hands.append(cards_in(table.snapshot(None, 0)["board"]))

    play(tmp_path, game_id, 40, seed=5, check=check)
    if game_id != "blason":  # a game of cards: seat 0's cards change in the course of the moves
        assert len({frozenset(h) for h in seen_hands}) > 1


def test_a_watchers_update_after_a_move_shows_the_new_cards(tmp_path):
    table = play(tmp_path, "trente-et-un", 0, seed=2)
    watcher = Watcher(0)
    table.watchers.add(watcher)
    table.snapshot(watcher, 0, full=True)  # the board of move 0 drawn (and kept)

    async def move() -> None:
        state = table.state
        await table.act(state.current_player(), state.legal_action_strings()[0], table.version)

    while table.state.current_player() != 0:
        asyncio.run(move())
    before = table.snapshot(None, 0)["board"]
    asyncio.run(move())
    update = watcher.queue.get_nowait()
    while not watcher.queue.empty():
        update = watcher.queue.get_nowait()
    update = json.loads(update)  # a socket's queue holds the messages' JSON texts
    assert update["version"] == table.version
    assert update["board"] == drawn(table, 0, "en")["board"]
    assert update["board"] != before


def test_socket_messages_are_the_json_of_the_standard_library(tmp_path):
    table = play(tmp_path, "reversis", 30, seed=4)
    for seat in (None, 0, 1):
        message = table.snapshot(None, seat, full=True)
        text = encode_message(message)
        assert json.loads(text) == json.loads(json.dumps(message))
        assert "\\u" not in text  # non-ASCII characters as they are, as Starlette's send_json writes
    assert json.loads(encode_message({"n": 2**70, 3: "x"})) == {"n": 2**70, "3": "x"}  # beyond orjson: json's way
    with pytest.raises(TypeError):
        encode_message({"x": object()})
