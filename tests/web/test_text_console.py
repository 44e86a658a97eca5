"""The web's text console writes a result's panel itself (``live._panel_text``): the very text
rich writes, or nothing (rich draws it)."""

from __future__ import annotations

import io
import random

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.games import GAMES
from academie.web import live
from academie.web.live import TextNarrator, _panel_text


def rich_text(renderable, width: int = 88) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, height=25, color_system=None, force_terminal=False, highlight=False,
            emoji=False, legacy_windows=False).print(renderable)
    return buf.getvalue()


def result_table(names, wide: str = "") -> Table:
    table = Table(header_style="bold")
    for col in ("player", "cards", "tricks", "jetons"):
        table.add_column(col, justify="left" if col in ("player", "cards") else "right")
    for k, name in enumerate(names):
        table.add_row(name, "A♥ 10♠ Q♦" + wide, str(k * 7), f"+{k * 13}" if k else "−4")
    return table


def test_a_result_panel_is_written_as_rich_writes_it():
    cases = [
        Panel(Group(result_table(["Anne", "You", "Claire-Éloïse"]), Text("Belle: Anne"), Text("Baskets now: belle 3")),
              title="End of deal 12", expand=False),
        Panel(Group(Text("The match is over after 3 deals."), result_table(["A", "B"])), title="End of the match",
              expand=False, border_style="green"),
        # a title wider than what it holds, and no title at all
        Panel(Group(result_table(["A"])), title="End of deal 1 — a long title, longer than the table", expand=False),
        Panel(Group(result_table(["Anne", "Bastien"]), Text("")), expand=False),
    ]
    for panel in cases:
        fast = _panel_text(panel, 88)
        assert fast is not None
        assert fast == rich_text(panel)
    top = _panel_text(cases[0], 88).splitlines()[0]
    left, right = top[1:-1].split(" End of deal 12 ")
    assert top[0] + top[-1] == "╭╮" and set(left + right) == {"─"} and len(right) - len(left) == 1  # centred


def test_what_needs_rich_layout_is_left_to_rich():
    too_wide = Panel(Group(result_table(["Anne"], wide=" x" * 40)), title="End of deal 1", expand=False)
    wraps = Panel(Group(result_table(["Anne"]), Text("word " * 30)), title="End of deal 1", expand=False)
    markup = Table()
    markup.add_column("player")
    markup.add_row("[bold]Anne[/bold]")
    for panel in (too_wide, wraps, Panel(Group(markup), expand=False), Panel(Text("x")), Panel("[b]x", expand=False),
                  Panel(Group(result_table(["A"])), title="[b]End", expand=False)):
        assert _panel_text(panel, 88) is None
    assert rich_text(too_wide) != ""  # rich still draws it (the console falls back to it)


def _narrate(game_id: str, n: int, seed: int, fast: bool, moves: int = 400) -> list[str]:
    game = GAMES[game_id]
    teller = TextNarrator()
    teller.console.fast = fast
    from academie.core.chance import SeededChance

    chance, rng = SeededChance(seed), random.Random(seed)
    state = game.new_initial_state(n, game.parse_options({}))
    names = ["Anne", "You", "Claire-Éloïse de la Tour", "Denis"][:n] + [f"P{k}" for k in range(4, n)]
    nar = teller.attach(state, game, names)
    teller.tell(lambda: nar.resolve(chance))
    for _ in range(moves):
        if state.is_terminal():
            break
        seat = state.current_player()
        teller.tell(nar.before_decision)
        before = nar.view()
        action = rng.choice(state.legal_actions())
        text = state.action_to_string(action)
        state.apply_action(action)
        teller.tell(lambda: nar.moved(seat, text, before))
        teller.tell(lambda: nar.resolve(chance))
        if state.is_terminal():
            teller.tell(nar.finish)
        teller.flush()
    teller.flush()
    return teller.lines


def test_every_game_narrated_the_same_with_and_without_the_fast_console(monkeypatch):
    written = []
    inner = live._panel_text

    def counted(renderable, width):
        out = inner(renderable, width)
        written.append(out is not None)
        return out

    monkeypatch.setattr(live, "_panel_text", counted)
    for game_id in sorted(GAMES):
        n = max(GAMES[game_id].info.min_players, min(4, GAMES[game_id].info.max_players))
        fast = _narrate(game_id, n, 3, True)
        assert fast == _narrate(game_id, n, 3, False), game_id
        assert any("End of deal" in line or "End of" in line for line in fast), game_id
    assert sum(written) >= 10  # panels were written by the fast path, not all left to rich
