"""The rules pages of the documentation site, written from the same guides as ``academie rules``.

Each game's page ``docs/rules/<game>.md`` opens with a part this script writes from the game's
guide module (``games/<game>/guide.py``, read through :func:`academie.cli.info._rules_json`, the
data ``academie rules GAME --json`` prints): the players and the summary, the sources, every
rule in our words with its citation (the source's French words, the reading and the option),
the three lines on how to win, then every option with its default, allowed values, provenance
and reading tag. That part ends at the line ``<!-- /generated -->``; what follows it (the
game's « rules and readings »: the readings in prose, the tables of readings, the bots and
their figures) is written by hand and kept as it is.

Run: ``make docs`` (rewrites the pages and builds the site), or
``.venv/bin/python docs/generate.py [--write | --check] [--only GAME]``; ``--check`` exits 1
when a committed page differs from what the guides give today.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from academie.cli.info import _rules_json
from academie.edition.booklet import refs
from academie.edition.view import plain_doc
from academie.games import GAMES, get_game

RULES = Path(__file__).resolve().parent / "rules"
END = "<!-- /generated -->"


def page_path(game: str) -> Path:
    return RULES / f"{game}.md"


def _cell(text: Any) -> str:
    """Text for a Markdown table cell: pipes and angle brackets escaped, on one line."""
    return " ".join(str(text).split()).replace("|", "\\|").replace("<", "&lt;")


def _text(text: str) -> str:
    """Text for a Markdown paragraph or list item."""
    return " ".join(text.split()).replace("<", "&lt;")


def _default(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def generated(game: str) -> str:
    """The generated part of a game's page, up to and including the end mark."""
    data = _rules_json(get_game(game))
    g = get_game(game)
    out = [
        f"# {data['name']}",
        "",
        f"<!-- written by docs/generate.py from src/academie/games/{type(g).__module__.split('.')[-1]}/guide.py"
        " and the game's options, as `academie rules` prints them: edit those, then run"
        " `make docs`; the text after the end mark is written by hand -->",
        "",
        f"`{data['id']}`: {g.info.min_players} to {g.info.max_players} players. {_text(g.info.summary)}",
        "",
        f"→ [00N] §n names a sentence of the source text: `academie source {data['id']}` prints the text"
        f" with our translation and what plays each sentence ([the edition](../edition.md)).",
        "",
        f"From the command line: `academie rules {data['id']}` (these rules), `academie games {data['id']}`"
        f" (the options), `academie play {data['id']}`, `academie simulate {data['id']}`,"
        f" `academie analyse {data['id']}`.",
        "",
    ]
    if data["reconstructed"]:
        out += ["!!! warning \"A reconstruction: the sources stop short\"", "",
                "    Not in any source (our reconstruction; where readings differ, an option):", ""]
        out += [f"    - {_text(rule)}" for rule in data["reconstructed"]]
        out.append("")
    out += ["## Sources", ""]
    out += [f"- **[{siglum}]** {_text(text)}" for siglum, text in data["sources"].items()]
    out += ["", "## The rules in our own words", ""]
    for section in data["sections"]:
        out += [f"### {section['title']}", ""]
        for rule in section["rules"]:
            out.append(f"- {_text(rule['text'])}")
            where = refs(rule["sentences"])
            if rule["citation"] or where:
                out.append(f"  <br>*{_text(rule['citation'])}*" + (f" → {where}" if where else ""))
        out.append("")
    out += ["### How to win", ""]
    out += [f"{number}. {_text(line)}" for number, line in enumerate(data["how_to_win"], 1)]
    out += ["", "## Options", "",
            "`-o name=value` on `play`, `simulate` and `tournament`; the default is the reading played"
            " unless you choose another. « our reading »: where a source is silent or can be read two"
            " ways, the reading played is an option, and its provenance says whether its default comes"
            " from the source text, a later source, or is our proposal.", "",
            "| option | default | allowed | provenance | meaning |",
            "|---|---|---|---|---|"]
    for o in data["options"]:
        where = refs(o["sentences"])
        out.append(f"| `{o['name']}` | `{_cell(_default(o['default']))}` | {_cell(o['allowed'])}"
                   f" | {_cell(o['provenance'] + (': ' + o['later'] if o.get('later') else ''))} | {_cell(plain_doc(o['doc']))}"
                   f"{_cell(' *Why this default:* ' + o['why']) if o.get('why') else ''}"
                   f"{_cell(' → ' + where) if where else ''} |")
    out += ["", END]
    return "\n".join(out) + "\n"


def page(game: str, current: str | None) -> str:
    """The whole page: the generated part, then the hand-written part of ``current`` kept."""
    kept = ""
    if current is not None and END in current:
        kept = current.split(END, 1)[1]
    return generated(game) + ("\n" + kept.lstrip("\n") if kept.strip() else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the rules pages")
    mode.add_argument("--check", action="store_true", help="exit 1 if a page differs")
    parser.add_argument("--only", choices=list(GAMES), help="one game only")
    args = parser.parse_args(argv)
    stale = []
    for game in GAMES:
        if args.only and game != args.only:
            continue
        path = page_path(game)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        wanted = page(game, current)
        if wanted != current:
            stale.append(game)
            if args.write:
                path.write_text(wanted, encoding="utf-8")
    if args.check and stale:
        print(f"docs/rules pages differ from the guides: {', '.join(stale)} (run docs/generate.py --write)",
              file=sys.stderr)
        return 1
    print(f"{'rewritten' if args.write else 'stale'}: {', '.join(stale) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
