"""A tournament's standings as the terminal draws them: per bot (score, win rate, rating, with
their 95% intervals) and pairwise, fitted to the screen (bot specs fold, figures never cut).
The figures come from :func:`academie.analysis.tournament.tournament`."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from academie.analysis.tournament import COUNTERS, Estimate, TournamentResult


def _ci(e: Estimate, pct: bool, signed: bool = False) -> str:
    """An estimate's interval as the tables print it, or why it has none."""
    if e.low is None or e.high is None:
        return {"too few": "too few boards", "no spread": "none: no spread"}.get(e.note, e.note or "none")
    if pct:
        return f"[{e.low:+.1%}, {e.high:+.1%}]" if signed else f"[{e.low:.1%}, {e.high:.1%}]"
    return f"[{e.low:+.2f}, {e.high:+.2f}]"


def print_result(result: TournamentResult, console: Console) -> None:
    """The tournament's tables: per bot (score, win rate, rating) and pairwise."""
    if result.partial:
        console.print(Text(
            f"PARTIAL RESULT: interrupted after {result.boards:,} of {result.requested:,} boards"
            " (the same as a tournament of that many with this seed).", style="bold yellow"), soft_wrap=True)
    unit = (f"deal{'s' if result.boards != 1 else ''}" if result.deals_per_match == 1
            else f"board{'s' if result.boards != 1 else ''} of {result.deals_per_match} deals" if result.deals_per_match
            else f"match{'es' if result.boards != 1 else ''}")
    if not result.duplicate:
        how = "not duplicate: chance of its own for every seating"
    else:
        how = "duplicate: the same " + ("cards" if result.decks else "dice") + " for every seating"
    console.print(Text(result.game, style="bold").append(
        f": {result.boards:,} {unit} × {result.seatings} seatings = {result.matches:,} matches,"
        f" {result.players} players, {how}; seed {result.seed}"
    ), soft_wrap=True)
    pct = result.metric != COUNTERS
    table = _bots_table(result, pct, compact=False)
    if console.measure(table, options=console.options.update(max_width=10_000)).maximum > console.width:  # headers on two lines, so that specs print whole
        table = _bots_table(result, pct, compact=True)
    console.print(table)
    if result.pairs:
        order = {b.bot: k for k, b in enumerate(result.bots)}
        rows = []
        for p in result.pairs:
            if order[p.bot] < order[p.versus]:  # each pair once: the other way is its opposite
                d = p.difference
                mean = f"{d.mean:+.1%}" if pct else f"{d.mean:+.2f}"
                rows.append((p.bot, p.versus, mean, _ci(d, pct, signed=True)))
        console.print(_table("Pairwise: bot minus versus", ["bot", "versus", "win rate" if pct else "per deal", "95% CI"],
                             rows, folded=("bot", "versus")))


def _table(title: str, headers: list[str], rows: list[tuple[str, ...]], folded: tuple[str, ...],
           pad_edge: bool = True) -> Table:
    """A table whose ``folded`` columns (bot specs) fold onto more lines when the table is too
    wide, the others keeping the width of their longest cell (figures are never cut)."""
    table = Table(title=title, header_style="bold", pad_edge=pad_edge)
    for k, header in enumerate(headers):
        name = header.replace("\n", " ")
        if name in folded:
            table.add_column(header, justify="left", overflow="fold")
        else:
            width = max([len(line) for line in header.split("\n")] + [len(row[k]) for row in rows])
            table.add_column(header, justify="right", no_wrap=True, min_width=width)
    for row in rows:
        table.add_row(*row)
    return table


def _bots_table(result: TournamentResult, pct: bool, compact: bool) -> Table:
    """The per-bot table; ``compact``: its headers on two lines and no padding at its edges, for a
    narrow terminal. A bot's spec prints whole, folded only when even that is too wide."""
    title = f"Bots ({result.metric}, 95% CI over the {'deals' if result.deals_per_match == 1 else 'boards'})"
    columns = ["bot", "win rate" if pct else "per deal", "95% CI", *([] if pct else ["wins"]), "rating μ ± σ", "matches"]
    headers = [col.replace(" ", "\n", 1) if compact and col not in ("bot", "95% CI") else col for col in columns]
    rows = []
    for b in sorted(result.bots, key=lambda b: -b.score.mean):
        score = f"{b.score.mean:.1%}" if pct else f"{b.score.mean:+.2f}"
        wins = [] if pct else [f"{b.win_rate.mean:.1%}"]
        rows.append((b.bot, score, _ci(b.score, pct), *wins, f"{b.rating.mu:.1f} ± {b.rating.sigma:.1f}", f"{b.matches:,}"))
    return _table(title, headers, rows, folded=("bot",), pad_edge=not compact)
