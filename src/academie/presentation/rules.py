"""A game's rules and options as words, the same in the terminal (``academie rules GAME``,
``academie games``) and in the browser (its rules page): the rules text is each game's ``guide``
module (:mod:`academie.core.guide`); the options are printed from the game's option model;
sources by their bibliographic names (:mod:`academie.sources`)."""

from __future__ import annotations

from typing import Any

from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from academie.core.game import Game
from academie.core.guide import SECTIONS, guide_of
from academie.core.options import OptionDoc
from academie.presentation.render.common import Joined
from academie.sources import bibliography, game_sources, later_sources


def _default_text(o: OptionDoc) -> str:
    return str(o.default).lower() if isinstance(o.default, bool) else str(o.default)


def option_line(o: OptionDoc, game: str = "") -> Joined:
    """``-o name=default``, its provenance (with the later sources of ``game`` it comes from,
    :func:`academie.sources.later_sources`, by name), and the allowed values: on a narrow
    terminal it breaks between values, after the comma, with the doc's indent, never inside a
    value nor between ``allowed:`` and the first."""
    values = o.allowed.split(", ")
    later = later_sources(game, o.name).split("; ") if later_sources(game, o.name) else []
    # the provenance, and each later source's name, as atoms of their own: a narrow terminal
    # breaks between two names, never inside one
    names = [f"[{o.provenance}" + (f": {later[0]}" if later else "")] + later[1:]
    atoms = [Text("  -o ").append(f"{o.name}={_default_text(o)}  ", style="bold cyan")]
    atoms += [Text(name + (";" if i < len(names) - 1 else "]"), style="dim") for i, name in enumerate(names)]
    for i, value in enumerate(values):
        atoms.append(Text(("allowed: " if i == 0 else "") + value + ("," if i < len(values) - 1 else ""), style="dim"))
    return Joined(atoms, indent=6)


def print_option(o: OptionDoc, out: Any, sentences: str = "", game: str = "") -> None:
    """One option: ``-o name=default``, its provenance, allowed values, doc (without its markup),
    why its default is played when it is our proposal (of ``game``);
    and ``sentences``, the source sentences it reads (``"[002] §12, §15"``), when given."""
    out.print(option_line(o, game))
    from academie.edition.view import plain_doc

    from academie.edition.view import proposal_reason

    text = Text(plain_doc(o.doc))
    if why := proposal_reason(game, o.name):
        text.append(" Why this default: ", style="italic").append(why)
    out.print(Padding(text.append(f" → {sentences}" if sentences else "", style="dim cyan"), (0, 0, 0, 6)))


def print_reconstructed(g: Game, out: Any) -> None:
    """For a game rebuilt from sources that stop short (``GameInfo.reconstructed``): says so,
    and lists the rules no source gives."""
    if not g.info.reconstructed:
        return
    out.print(Padding(Text("A RECONSTRUCTION: the sources stop short. Not in any source (our"
                           " reconstruction; where readings differ, an option):",
                           style="bold yellow"), (0, 0, 0, 2)))
    from academie.edition.view import untagged

    for rule in g.info.reconstructed:
        out.print(Padding(Text(f"• {untagged(rule)}"), (0, 0, 0, 4)))


def sigla(g: Game) -> list[str]:
    """The sources a game's guide cites: its own text(s) first, then later ones, each once."""
    used = [r.source for r in guide_of(g).rules() if r.source]
    own = [s.siglum for s in game_sources(g.info.id) if s.siglum in used or s.siglum.isdigit()]
    return own + [s for s in dict.fromkeys(used) if s not in own]


def print_rules(g: Game, out: Any) -> None:
    """A game's rules in our own words, each with its source, then its options and readings,
    printed on ``out`` (a rich console: the terminal's, or a text buffer for the browser)."""
    from academie.edition.booklet import refs
    from academie.edition.view import game_edition

    guide = guide_of(g)
    edition = game_edition(g.info.id)
    at = iter(edition["rules"])
    where = {o["name"]: refs(o["sentences"]) for o in edition["options"]}
    out.print(Text(f"{g.info.name}: the rules in our own words", style="bold"))
    out.print(
        Padding(Text(f"{g.info.min_players} to {g.info.max_players} players. {g.info.summary}"), (0, 0, 0, 2))
    )
    print_reconstructed(g, out)
    out.print(Text("Sources", style="bold"))
    for siglum in sigla(g):
        out.print(Padding(Text(f"[{siglum}] ", style="bold").append(bibliography(siglum), style=""), (0, 0, 0, 2)))
    for (name, _), (title, section) in zip(SECTIONS, guide.sections(), strict=True):
        out.print()
        # each rule by its id (``academie source`` names it so): the heading says the ids' prefix
        ids = f" (rule {name}.1)" if len(section) == 1 else f" (rules {name}.1 to {name}.{len(section)})"
        out.print(Text(title, style="bold").append(ids if section else "", style="dim"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, style="cyan")
        grid.add_column()
        for rule in section:
            entry = next(at)
            sentences = refs(entry["sentences"])
            grid.add_row(entry["id"].split(":", 1)[1], Text(rule.text).append("\n" + rule.citation(), style="dim")
                         .append(f" → {sentences}" if sentences else "", style="dim cyan"))
        out.print(Padding(grid, (0, 0, 0, 2)))
    out.print()
    out.print(Text("How to win", style="bold"))
    advice = Table.grid(padding=(0, 1))
    advice.add_column(no_wrap=True)
    advice.add_column()
    for number, line in enumerate(guide.how_to_win, 1):
        advice.add_row(f"{number}.", Text(line))
    out.print(Padding(advice, (0, 0, 0, 2)))
    out.print()
    out.print(Text("Options (-o name=value; the default is the reading played unless you choose another)", style="bold"))
    for o in g.describe_options():
        print_option(o, out, where.get(o.name, ""), g.info.id)
    out.print()
    out.print(Text(f"→ [00N] §n: the sentences of the source text that a rule or option plays (`academie source"
                   f" {g.info.id}` prints them with their translation).", style="dim"))
    out.print(
        Text("« our reading »: where a source is silent or can be read two ways, the reading played"
             " is an option, and the option's provenance says whether its default comes from the"
             " source text, a later source, or is our proposal.", style="dim")
    )
