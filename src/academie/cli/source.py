"""``academie source GAME``: the source text of a game, sentence by sentence, with our corrected
reading, our translation and the rules and options that play each sentence; ``--tei FILE``
writes it as TEI P5 XML, ``--booklet FILE.html|FILE.pdf`` as a printable rules booklet. The data
is :mod:`academie.edition`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from academie.cli.base import user_errors
from academie.cli.info import GameArg, console  # Unicode, or ASCII where the terminal cannot print it
from academie.cli.terminal import print_json
from academie.core.errors import AcademieError, OptionError

LANGS = ("fr", "en", "both")
SIDE_BY_SIDE = 140
"""The terminal width from which ``--lang both`` prints the French and our translation side by side."""


def _refs(sentences: dict[str, list[int]]) -> str:
    from academie.edition.booklet import refs

    return refs(sentences)


HEADERS = {
    "fr": "The French text as found (OCR errors kept); « read: » our corrected reading, where the OCR is"
          " wrong; « plays: » the rules (academie rules {game}) and options that play the sentence.",
    "en": "Our English translation of the text (ours, not the source's words); « plays: » the rules"
          " (academie rules {game}) and options that play each sentence. The French: --lang fr.",
    "both": "The French text as found (OCR errors kept); « read: » our corrected reading, where the OCR"
            " is wrong; « en: » our English translation; « plays: » the rules (academie rules {game})"
            " and options that play the sentence.",
}
"""The line under each source's title, by ``--lang``: what the lines below it are, and whose."""


def option_words(o: dict[str, Any]) -> str:
    """An option as a sentence names it: ``option rest_reading (default miss_two_turns, from our
    proposal)``."""
    from academie.edition.view import from_words

    return f"option {o['name']} (default {o['value']}, from {from_words(o)})"


def sentence_lines(s: dict[str, Any], lang: str, rules: dict[str, Any], options: dict[str, Any]) -> tuple[Text, Text, Text]:
    """One sentence's French (with our reading), our translation and what plays it, as styled text."""
    french, english, what = Text(), Text(), Text()
    if lang in ("fr", "both"):
        french.append(s["fr"])
        if s["corr"]:
            french.append("\nread: ", style="dim")
            for text, changed, _ in s["changes"]:
                french.append(text, style="bold italic underline" if changed else "italic")
            if s["corr_note"]:
                french.append(f" ({s['corr_note']})", style="dim")
    if lang in ("en", "both"):
        english.append("en: ", style="dim")
        english.append(s["en"], style="" if lang == "en" else "italic")
    if s["rules"] or s["options"]:
        plays = [f"rule {r.split(':', 1)[1]} ({rules[r]['text']})" for r in s["rules"]]
        plays += [option_words(options[o]) for o in s["options"]]
        what.append("plays: ", style="dim").append("; ".join(plays), style="green")
    elif s["other_games"]:
        what.append("played by: " + ", ".join(s["other_games"])
                    + f" (academie source {s['other_games'][0]})", style="dim")
    elif s["not_played"]:
        what.append("not played: " + s["not_played"], style="yellow")
    return french, english, what


def print_source(d: dict[str, Any], lang: str, out: Any) -> None:
    """The sentences of each source of a game's edition ``d`` on ``out`` (a rich console): on a
    terminal in columns wrapped to its width (the French and our translation side by side from
    :data:`SIDE_BY_SIDE` columns with ``--lang both``); elsewhere (a file, a pipe) each line
    whole, never wrapped nor padded, so that ``grep`` finds a phrase."""
    rules = {r["id"]: r for r in d["rules"]}
    options = {o["name"]: o for o in d["options"]}
    terminal = bool(getattr(out, "is_terminal", False))
    for src in d["sources"]:
        header = HEADERS[lang].format(game=d["game"])
        if not terminal:
            _plain(out, f"[{src['siglum']}] {src['title']}")
            _plain(out, "  " + header)
            for s in src["sentences"]:
                parts = [x for x in sentence_lines(s, lang, rules, options) if x.plain]
                lines = [line for x in parts for line in x.plain.split("\n")]
                label = f"§{s['n']}"
                for k, line in enumerate(lines):
                    _plain(out, ("  " + label + "  " if k == 0 else " " * (len(label) + 4)) + line)
            for n in src["notes"]:
                _plain(out, "")
                _plain(out, "Reading reviewed: " + _note_title(n, src, options))
                _plain(out, "  " + n["text"])
            _plain(out, "")
            continue
        out.print(Text(f"[{src['siglum']}] {src['title']}", style="bold"))
        out.print(Padding(Text(header, style="dim"), (0, 0, 0, 2)))
        # side by side on a wide terminal (--lang both), one under the other otherwise
        beside = lang == "both" and getattr(out, "width", 80) >= SIDE_BY_SIDE
        grid = Table.grid(padding=(0, 2 if beside else 1))
        grid.add_column(no_wrap=True, style="bold cyan")
        grid.add_column(ratio=1)
        if beside:
            grid.add_column(ratio=1)
        for s in src["sentences"]:
            french, english, what = sentence_lines(s, lang, rules, options)
            if beside:
                grid.add_row(f"§{s['n']}", french, Text("\n").join([english, what]))
            else:
                grid.add_row(f"§{s['n']}", Text("\n").join([x for x in (french, english, what) if x.plain]))
        out.print(Padding(grid, (0, 0, 0, 2)))
        if src["notes"]:
            out.print()
            out.print(Text("Readings reviewed", style="bold"))
            for n in src["notes"]:
                out.print(Padding(Text(_note_title(n, src, options), style="bold").append("\n" + n["text"], style=""),
                                  (0, 0, 0, 2)))
        out.print()
    print_proposals(d, out, terminal)


def print_proposals(d: dict[str, Any], out: Any, terminal: bool) -> None:
    """The options whose default is our proposal, each with why it is played (once, after the
    sources)."""
    ours = [o for o in d["options"] if o["why"]]
    if not ours:
        return
    title = "Defaults of our proposal, and why"
    if not terminal:
        _plain(out, title)
        for o in ours:
            _plain(out, f"  option {o['name']} (default {o['value']}): {o['why']}")
        _plain(out, "")
        return
    out.print(Text(title, style="bold"))
    for o in ours:
        out.print(Padding(Text(f"option {o['name']} (default {o['value']})", style="bold").append(": " + o["why"], style=""),
                          (0, 0, 0, 2)))
    out.print()


def _note_title(n: dict[str, Any], src: dict[str, Any], options: dict[str, Any]) -> str:
    chosen = f"; {option_words(options[n['option']])}" if n["option"] in options else ""
    return f"{n['title']} ({_refs({src['siglum']: n['sentences']})}{chosen})"


def _plain(out: Any, line: str) -> None:
    """One whole line on ``out``'s file, as it is (no wrapping, no padding, no markup)."""
    out.file.write(line.rstrip() + "\n")


def file_named(text: str) -> Path:
    """The parser of ``--tei`` and ``--booklet``: a file's name; an empty one refused."""
    if not text.strip():
        raise OptionError(f"an empty name {text!r}: give a file name (--tei FILE.xml, --booklet FILE.html or FILE.pdf)")
    return Path(text)


def warn_ascii() -> None:
    """Say once on standard error that the French prints without its accents, when standard
    output cannot print them (``PYTHONIOENCODING=ascii``, a C locale)."""
    import sys

    from academie.cli.info import err_console
    from academie.cli.terminal import prints_unicode

    if not prints_unicode(sys.stdout):
        err_console.print(Text(
            "note: this output cannot print the French text's accented letters and quotation marks: printed as"
            " ASCII (letters without their accents, the French quotation marks as \");"
            " a UTF-8 output keeps them (PYTHONIOENCODING=utf-8, or a UTF-8 locale), as do --json and --tei."))


def source_cmd(
    game: GameArg,
    lang: Annotated[str, typer.Option("--lang", metavar="fr|en|both", help="fr: the French with our corrected readings; en: our translation; both.")] = "both",
    as_json: Annotated[bool, typer.Option("--json", help="Print the edition as JSON.")] = False,
    tei: Annotated[Optional[Path], typer.Option("--tei", parser=file_named, metavar="FILE", help="Write the edition as TEI P5 XML to FILE.", show_default=False)] = None,
    booklet: Annotated[Optional[Path], typer.Option("--booklet", parser=file_named, metavar="FILE", help="Write a printable rules booklet to FILE.html or FILE.pdf (PDF needs academie\\[edition]).", show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Let --tei and --booklet replace an existing file.")] = False,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="With --booklet: a game option in force, as key=value (see `academie games`); repeatable.")] = None,
) -> None:
    """Print a game's source text, sentence by sentence, with our corrected reading, our
    translation, and the rules and options that play each sentence."""
    from academie.edition.view import game_edition
    from academie.games import get_game

    with user_errors():
        g = get_game(game)
        if lang not in LANGS:
            raise OptionError(f"--lang is one of {', '.join(LANGS)}, not {lang!r}")
        if as_json and (tei is not None or booklet is not None):
            raise OptionError("--json prints the edition; --tei and --booklet write it to a file: give one of them")
        if as_json and lang != "both":
            raise OptionError("--json prints every language (fields fr, corr, en): leave out --lang")
        if lang != "both" and (tei is not None or booklet is not None):
            raise OptionError("--tei and --booklet write the French and our translation both: leave out --lang")
        if booklet is not None and booklet.suffix.lower() not in (".html", ".htm", ".pdf"):
            raise OptionError(f"--booklet writes FILE.html or FILE.pdf, not {booklet.name!r}")
        if tei is not None and booklet is not None and _same_file(tei, booklet):
            raise OptionError("--tei and --booklet name the same file: give each its own")
        # every output is tried (made and removed) before any is written: a refused second file
        # leaves no first one behind, and a name too long is one error line, never a traceback
        from academie.outputs import check_output_file

        for path, flag in ((tei, "--tei"), (booklet, "--booklet")):
            if path is not None:
                check_output_file(path, flag, force=force)
        from academie.cli.base import parse_kv

        chosen = g.parse_options(parse_kv(option)).model_dump() if option else None
        if option and booklet is None:
            raise OptionError("-o chooses the options a --booklet prints as in force: give --booklet FILE too")
        d = game_edition(g.info.id)
        if tei is not None:
            from academie.edition.tei import tei_bytes

            _write(tei, tei_bytes(g.info.id))
        if booklet is not None:
            from academie.edition.booklet import booklet_html, booklet_pdf

            if booklet.suffix.lower() == ".pdf":
                try:
                    booklet_pdf(g.info.id, booklet, chosen)
                except OSError as exc:
                    raise AcademieError(f"cannot write {str(booklet)!r}: {exc.strerror}") from None
            else:
                _write(booklet, booklet_html(g.info.id, chosen).encode("utf-8"))
        if tei is not None or booklet is not None:
            for path in (tei, booklet):
                if path is not None:
                    console.print(f"wrote {path}")
            return
    if as_json:
        print_json(d, console)
        return
    warn_ascii()
    print_source(d, lang, console)


def _same_file(a: Path, b: Path) -> bool:
    """Whether two names are one file; a name the system refuses (too long…) is its own."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return str(a) == str(b)


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise AcademieError(f"cannot write {str(path)!r}: {exc.strerror}") from None
