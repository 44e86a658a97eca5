"""The bot and simulation figures quoted in the documentation, computed by the commands it names.

Each figure is one ``academie simulate`` command (the same :func:`academie.analysis.simulate`
call, seeded, so the numbers are reproducible) and one sentence built from its report. A page of
the documentation (README.md or docs/**/*.md; the game's rules page, or the command line's for
Trente et un's) holds each sentence between ``<!-- figures:KEY -->`` and ``<!-- /figures -->``;
``--write`` rewrites those blocks, ``--check`` fails if a page differs from what the commands
print today.

Run: ``make figures`` (prints and rewrites the pages), or
``.venv/bin/python benchmarks/figures.py [--write | --check] [--only KEY]``.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from academie.analysis.simulate import MeanReturn, SimulationReport, WinRate, simulate
from academie.games import get_game

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def pages() -> list[Path]:
    """README and every page of the documentation site, where figure blocks may stand."""
    return [README, *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class FigureSpec:
    """One quoted figure: the command's arguments and the sentence made from its report."""

    key: str
    game: str
    matches: int
    bots: tuple[str, ...]
    seed: int
    sentence: Callable[[SimulationReport], str]
    options: tuple[tuple[str, str], ...] = ()

    def command(self) -> str:
        """The ``academie simulate`` command that prints the same report."""
        bots = self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)
        parts = ["academie", "simulate", self.game, "--matches", str(self.matches),
                 "--players", str(len(self.bots)), "--bots", bots, "--seed", str(self.seed)]
        for k, v in self.options:
            parts += ["-o", f"{k}={v}"]
        return shlex.join(parts)

    def run(self) -> SimulationReport:
        return simulate(get_game(self.game), list(self.bots), self.matches, self.seed, dict(self.options))


def pct(r: WinRate) -> str:
    return f"{r.rate:.1%} (95% CI {r.low:.1%}–{r.high:.1%})"


def signed(r: MeanReturn, digits: int = 2) -> str:
    return f"{r.mean:+.{digits}f} (95% CI {r.low:+.{digits}f} to {r.high:+.{digits}f})"


def _bot(rows: list, label: str):
    return next(r for r in rows if r.label == label)


def _mean(report: SimulationReport, name: str) -> float:
    return report.means[name]


def _fig(report: SimulationReport, name: str):
    return next(f for f in report.figures if f.name == name)


def trente_et_un(r: SimulationReport) -> str:
    return (f"the heuristic bot wins {pct(_bot(r.bots, 'heuristic'))} of matches against three random"
            f" bots (random {_bot(r.bots, 'random').rate:.1%} each), in {_mean(r, 'rounds'):.1f} rounds per match")


def belle_flux(r: SimulationReport) -> str:
    return (f"the heuristic bot ends {pct(_bot(r.bots, 'heuristic'))} of matches ahead (random"
            f" {_bot(r.bots, 'random').rate:.1%} each) and wins {signed(_bot(r.bot_returns, 'heuristic'), 1)}"
            f" counters per match (random {_bot(r.bot_returns, 'random').mean:+.1f})")


def blason(r: SimulationReport) -> str:
    turns = _fig(r, "turns")
    seats = ", ".join(f"{s.rate:.0%}" for s in r.seats)
    return (f"mean {turns.mean:.1f} player turns, missed ones included (median {turns.median:g}, 95th"
            f" percentile {turns.p95:g}), {_mean(r, 'rounds'):.1f} rounds of the table, mean pot"
            f" {_mean(r, 'pot'):.1f} counters; seats 0–{r.players - 1} win {seats}")


def reversis(r: SimulationReport) -> str:
    h, rnd = r.bot_figures["heuristic"], r.bot_figures["random"]
    return (f"the heuristic bot wins {signed(_bot(r.bot_returns_per_deal, 'heuristic'))} counters per deal"
            f" (random {_bot(r.bot_returns_per_deal, 'random').mean:+.2f}), throws the quinola on a renounce"
            f" {h['quinola_renounced']:.2f} times per match (random {rnd['quinola_renounced']:.2f}) and makes"
            f" {h['quinola_bete']:.2f} quinola bêtes (random {rnd['quinola_bete']:.2f})")


def guimbarde(r: SimulationReport) -> str:
    return (f"the heuristic bot nets {signed(_bot(r.bot_returns_per_deal, 'heuristic'))} counters per deal"
            f" against random's {_bot(r.bot_returns_per_deal, 'random').mean:+.2f}")


def guinguette(r: SimulationReport) -> str:
    return (f"the heuristic bot nets {signed(_bot(r.bot_returns_per_deal, 'heuristic'))} counters per deal"
            f" against random's {_bot(r.bot_returns_per_deal, 'random').mean:+.2f}, and ends"
            f" {pct(_bot(r.bots, 'heuristic'))} of matches ahead")


FIGURES = (
    FigureSpec("trente-et-un", "trente-et-un", 1000, ("heuristic", "random", "random", "random"), 1, trente_et_un),
    FigureSpec("belle-flux", "belle-flux-trente-un", 200, ("heuristic",) + ("random",) * 4, 1, belle_flux),
    FigureSpec("blason", "blason", 300, ("random",) * 4, 1, blason),
    FigureSpec("reversis", "reversis", 500, ("heuristic", "random", "random", "random"), 1, reversis),
    FigureSpec("guimbarde", "guimbarde", 500, ("heuristic", "random", "random", "random"), 1, guimbarde),
    FigureSpec("guinguette", "guinguette", 300, ("heuristic", "random", "random", "random"), 1, guinguette),
)


def block(spec: FigureSpec) -> str:
    """The quoted text of one figure: the command, then the sentence."""
    return f"`{spec.command()}`: {spec.sentence(spec.run())}."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the pages' figure blocks")
    mode.add_argument("--check", action="store_true", help="exit 1 if a page differs")
    parser.add_argument("--only", choices=[f.key for f in FIGURES], help="one figure only")
    args = parser.parse_args(argv)
    texts = {path: path.read_text(encoding="utf-8") for path in pages()}
    changed: set[Path] = set()
    stale = []
    for spec in FIGURES:
        if args.only and spec.key != args.only:
            continue
        body = block(spec)
        print(f"[{spec.key}] {body}\n")
        pattern = re.compile(rf"(<!-- figures:{re.escape(spec.key)} -->)(.*?)(<!-- /figures -->)", re.S)
        found = [(path, m) for path, text in texts.items() if (m := pattern.search(text))]
        if not found:
            print(f"no page has a <!-- figures:{spec.key} --> block", file=sys.stderr)
            stale.append(spec.key)
            continue
        for path, match in found:
            if match.group(2).strip() != body:
                stale.append(spec.key)
                changed.add(path)
                text = texts[path]
                texts[path] = text[: match.start(2)] + body + text[match.end(2):]
    if args.write:
        for path in changed:
            path.write_text(texts[path], encoding="utf-8")
        print(f"pages updated ({', '.join(stale) or 'nothing changed'})")
    elif args.check and stale:
        print(f"figures differ from the commands: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
