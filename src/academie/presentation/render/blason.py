"""Terminal rendering of the Jeu du Blason: the track of 63 squares, tokens, pot and waits."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.presentation.render.common import Joined, jetons, nets_from, number, person, places, signed
from academie.presentation.render.trente_et_un import verb
from academie.games.blason import BlasonView, Square

HELP = "Press [bold]Enter[/] (or type [bold]throw[/]) to throw the dice."
AUTO = "[bold]auto[/] (throws for you until the race is over)"
"""The ``auto`` command as the help lists it."""


def pot_label(name: str) -> str:
    """The pot in a sentence."""
    return f"the {name}"


_DOES = {"jump": "pay, go to {to}", "casque": "pay, go to {to}", "restart": "pay, back to {to}",
         "rest": "pay, miss {turns}", "indies": "pay, miss {turns}", "well": "wait for another player",
         "pay_mois_romains": "pay the mois romains", "goal": "the end"}
"""What a square does, in a few words; the numbers are the board's own (its target, and the
turns missed there under the options in force)."""
_MARKS = {"jump": "→{to}", "casque": "→{to}", "restart": "→{to}", "rest": "‖{turns}", "indies": "‖{turns}",
          "well": "○", "pay_mois_romains": "$", "goal": "★"}
"""A square's mark on the track (the ASCII console draws ``>``, ``|``, ``o``, ``*``)."""
_KEY = (("→", "→n pay, go to n"), ("‖", "‖n pay, miss n turns"), ("○", "○ wait for another player"),
        ("$", "$ pay the mois romains"), ("★", "★ the end"))
"""The key under the track, in this order, for the marks the board has."""


def _fill(template: str, square: Square, view: BlasonView) -> str:
    to = "start" if square.target == 0 else str(square.target)
    return template.format(to=to, turns=view.missed.get(square.number, square.turns))


def short_name(square: Square, view: BlasonView) -> str:
    """What ``square`` does in a few words (``'pay, go to 12'``); empty when it does nothing."""
    template = _DOES.get(square.effect)
    return _fill(template, square, view) if template else ""


def mark(square: Square, view: BlasonView) -> str:
    """The square's mark on the track: ``'→12'``, ``'‖2'``, ``'○'``; empty when it does nothing."""
    template = _MARKS.get(square.effect)
    return _fill(template, square, view) if template else ""


def _named(square: Square) -> bool:
    """A square with an effect or a name of its own (12, 26), in yellow on the track."""
    return square.effect != "none" or not square.reconstructed


def _token(names: Sequence[str], seat: int) -> str:
    return names[seat][0].upper()


def render_track(view: BlasonView, names: Sequence[str]) -> Table:
    """The 63 squares, seven to a row, each special square with its mark, and the players'
    tokens."""
    table = Table.grid(padding=(0, 1))
    for _ in range(7):
        table.add_column(min_width=6)
    by_square: dict[int, list[int]] = {}
    for seat, pos in enumerate(view.positions):
        by_square.setdefault(pos, []).append(seat)
    for row in range(9):
        cells = []
        for col in range(7):
            n = row * 7 + col + 1
            square = view.board[n]
            cell = Text(f"{n:>2}", style="bold yellow" if _named(square) else "dim")
            cell.append(mark(square, view), style="yellow")
            tokens = "".join(_token(names, s) for s in by_square.get(n, []))
            if tokens:
                cell.append(" " + tokens, style="bold cyan")
            cells.append(cell)
        table.add_row(*cells)
    return table


def track_key(view: BlasonView) -> Table:
    """What the marks on the track mean (those the board has), two to a line."""
    marks = {mark(s, view)[:1] for s in view.board.values()}
    shown = [words for symbol, words in _KEY if symbol in marks]
    key = Table.grid(padding=(0, 3))
    key.add_column(style="dim")
    key.add_column(style="dim")
    for i in range(0, len(shown), 2):
        key.add_row(*shown[i:i + 2], *([""] if i + 1 == len(shown) else []))
    return key


def legend(view: BlasonView) -> Joined:
    """The named squares (in yellow on the track) and what they do; on a narrow terminal the
    line breaks between two squares, never between a square's number and its name."""
    named = [s for s in view.board.values() if _named(s)]
    parts = [f"{s.number} {s.name}" + (f" ({short_name(s, view)})" if short_name(s, view) else "") for s in named]
    sections: dict[str, list[int]] = {}
    for s in view.board.values():
        if s.reconstructed and s.effect == "none":
            sections.setdefault(s.name, []).append(s.number)
    others = ", ".join(f"{name} {min(ns)}–{max(ns)}" for name, ns in sections.items())
    atoms = ["Squares:"] + [part + (";" if k < len(parts) - 1 else ".") for k, part in enumerate(parts)]
    atoms += f"Others show the heraldry of their section ({others}; a reconstruction).".split()
    return Joined([Text(atom, style="dim") for atom in atoms], indent=2)


def render_turn(view: BlasonView, names: Sequence[str]) -> Panel:
    """The track, the players (square, counters, waits) and the pot."""
    players = Table.grid(padding=(0, 2))
    for seat, name in enumerate(names):
        state = []
        if view.rest[seat]:
            state.append(f"misses {view.rest[seat]} more turn{'' if view.rest[seat] == 1 else 's'}")
        if view.well == seat:
            state.append("waits at the chancellerie (30)")
        if seat == view.current_player:
            state.append("to throw")
        pos = view.positions[seat]
        players.add_row(f"{_token(names, seat)} {name}", f"square {pos}" if pos else "start",
                        jetons(view.counters[seat]), ", ".join(state))
    lines: list[RenderableType] = [render_track(view, names), track_key(view), players,
                                   Text(f"Pot: {jetons(view.pot)}")]
    return Panel(Group(*lines), title=f"Jeu du Blason ({view.dice})", expand=False)


def describe_deal(view: BlasonView | None, names: Sequence[str], result: object = None) -> RenderableType:
    """The race is one deal: a single opening line, with the legend of the named squares."""
    if view is None or view.moves:
        return ""
    return Group(Text("── The race begins.", style="bold"), legend(view))


def describe_action(
    view: BlasonView, seat: int, action: str, names: Sequence[str], after: BlasonView | None = None
) -> str:
    """What a throw did: the total, the squares, the effects."""
    who = names[seat]
    if after is None or len(after.moves) == len(view.moves):
        return verb(who, "throws", "throw") + "."
    move = after.moves[-1]
    where = f"{move.dest}" if move.dest else "the start"
    via = f" via {move.landed}" if move.landed != move.dest else ""
    text = verb(who, "throws", "throw") + f" {move.total}: from {move.origin or 'the start'}{via} to {where}"
    events_left = list(move.events)
    if events_left and events_left[0].startswith("past 63"):  # (the throw is said with its bounce)
        events_left.pop(0)
        short = f"from {move.origin}, {63 - move.origin} to go"
        text = verb(who, "throws", "throw") + (f" {move.total}: {short}: past 63 and back to {move.landed}"
                                               if move.landed != 63 else f" {move.total}: {short}, and past 63 counts as 63")
    if events_left:
        told = events_left if who != "You" else [_as_you(event) for event in events_left]
        events = "; ".join(told)
        events = re.sub(r"seat (\d+), who pays and goes", lambda m: "you, who pay and go"
                        if names[int(m.group(1))] == "You" else f"{names[int(m.group(1))]}, who pays and goes", events)
        text += " — " + re.sub(r"seat (\d+)", lambda m: person(names, int(m.group(1))), events)
    lines = [text + "."]
    for skipped, left in passed_over(view, seat, after):
        who = names[skipped]
        if left is None:
            lines.append(verb(who, "waits", "wait") + " on 30, at the chancellerie, until another player comes.")
        else:
            total = _turns_to_miss(after, skipped)
            lines.append(verb(who, "rests", "rest") + f" ({total - left} of {total})." if total else
                         verb(who, "rests", "rest") + ".")
    return "\n".join(lines)


_YOU = {"pays": "pay", "goes": "go", "misses": "miss", "waits": "wait", "frees": "free", "meets": "meet"}


def _as_you(event: str) -> str:
    """An event of the mover's own throw said of « you »: ``'armes partagées: pays and goes to
    12'`` → ``'armes partagées: you pay and go to 12'`` (a player met keeps his own verbs)."""
    mine, sep, theirs = event.partition(", who ")
    mine = re.sub(r"\b(pays|goes|misses|waits|frees|meets)\b", lambda m: _YOU[m.group(1)], mine)
    mine = re.sub(r"^(?=pay |wait |free |meet )|(?<=: )(?=pay )", "you ", mine)
    return mine + sep + theirs


def _turns_to_miss(view: BlasonView, seat: int) -> int:
    """The turns ``seat`` has to miss since his last throw (0 when it says none)."""
    for move in reversed(view.moves):
        if move.seat == seat:
            for event in move.events:
                found = re.search(r"misses (\d+) turn", event)
                if found:
                    return int(found.group(1))
            return 0
    return 0


def passed_over(view: BlasonView, seat: int, after: BlasonView | None) -> list[tuple[int, int | None]]:
    """The turns passed over after ``seat``'s throw, before the next player throws: ``(seat,
    turns still to miss after this one)`` for a player who rests (19, 49), ``(seat, None)`` for
    one who waits on 30. Read from the two views: the throw leaves the mover's turns to miss
    (its events say how many) and may end the wait of a player met; the rest passes the throw
    on as the rules do (« pendant que les autres joueront deux fois »)."""
    if after is None or after.phase == "over" or len(after.moves) == len(view.moves):
        return []
    n = view.num_players
    start = list(view.rest)
    start[seat] = _turns_to_miss(after, seat)
    met = [int(m) for event in after.moves[-1].events for m in re.findall(r"meets seat (\d+)", event)]
    for reset in ([], met):
        rest = list(start)
        for s in reset:
            rest[s] = 0
        out: list[tuple[int, int | None]] = []
        current = seat
        for _ in range(n * 20):
            current = (current + 1) % n
            if rest[current] > 0:
                rest[current] -= 1
                out.append((current, rest[current]))
                continue
            if after.well == current and after.positions[current] == 30:
                out.append((current, None))
                continue
            break
        if current == after.current_player and tuple(rest) == tuple(after.rest):
            return out
    return []


def describe_drawn(view: BlasonView) -> str | None:
    return None


def render_result(
    result: object, names: Sequence[str], view: BlasonView | None = None, deltas: Sequence[int] | None = None
) -> Panel:
    """Unused: the race has no per-deal result."""
    return Panel("")


def render_end(view: BlasonView, names: Sequence[str], results: Sequence = (), ledger: Sequence = ()) -> Panel:
    """The end of the race: the winner and the pot taken, then every player's place (the
    others by how far they got), square and counters won or lost."""
    if view.winner is None:
        return Panel(Text("The race is not over."), expand=False)
    who = names[view.winner]
    taken = next((e.amount for e in reversed(ledger) if e.source == "pot" and e.target == view.winner), 0)
    headline = Text(verb(who, "reaches", "reach") + f" 63 and {'take' if who == 'You' else 'takes'} the pot:"
                    f" {taken} jeton{'' if taken == 1 else 's'}.", style="bold green")
    nets = nets_from(ledger, len(names))
    score = [64 if s == view.winner else view.positions[s] for s in range(len(names))]
    place = places(score)
    table = Table(header_style="bold")
    for col in ("place", "player", "square", "jetons", "won/lost"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for seat in sorted(range(len(names)), key=lambda s: (-score[s], s)):
        table.add_row(place[seat], names[seat], str(view.positions[seat]) if view.positions[seat] else "start",
                      number(view.counters[seat]), signed(nets[seat]))
    return Panel(Group(headline, table), title="End of the race", expand=False, border_style="green")
