"""A printable rules booklet per game, drawn from :func:`academie.edition.view.game_edition`: the
rules in our words with their sentence numbers, the options in force, the readings reviewed, then
the source text and our translation side by side as an appendix. HTML always (:func:`booklet_html`);
PDF through fpdf2 (``pip install 'academie[edition]'``; :func:`booklet_pdf`)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from academie.core.errors import AcademieError
from academie.edition.view import cli_value, from_words, game_edition

FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/arial.ttf",
)
"""Unicode fonts the PDF uses when one is installed; otherwise fpdf2's core font, with the
characters outside Latin-1 written as ``?``."""


APPENDIX = ("The text as found (OCR errors kept); below it, « read: », our corrected reading where the OCR is wrong"
            " (ours; a conjecture marked « our conjecture »); beside it, our English translation (ours).")
"""The line under each appendix's title: whose each column is."""
TRANSLATION_MARK = "[our translation] "
"""What begins each English cell of the appendix, in the PDF's one column as in the HTML."""


def reading_line(x: dict[str, Any]) -> str:
    """A sentence's corrected reading as the booklet prints it, marked as ours:
    ``read (ours): … (our conjecture: …)``; a conjecture whose note does not say so is marked."""
    note = x["corr_note"]
    if note and "conjecture" not in note:
        note = f"our conjecture; {note}"
    return f"read (ours): {x['corr']}" + (f" ({note})" if note else "")


def played_line(x: dict[str, Any]) -> str:
    """What plays a sentence, in a reader's words: its rules and options, else the other games
    that play it, else why it is not played; empty when none is known."""
    what = ", ".join(r.split(":", 1)[1] for r in x["rules"]) + ("; options " + ", ".join(x["options"]) if x["options"] else "")
    if what:
        return f"plays: {what.lstrip('; ')}"
    if x["other_games"]:
        return "played by: " + ", ".join(x["other_games"])
    return f"not played: {x['not_played']}" if x["not_played"] else ""


def refs(sentences: dict[str, list[int]]) -> str:
    """``[002] §12, §15`` for a mapping siglum → sentence numbers; empty for none."""
    return "; ".join(f"[{s}] " + ", ".join(f"§{n}" for n in numbers) for s, numbers in sentences.items() if numbers)


def linked_refs(sentences: dict[str, list[int]]) -> str:
    """:func:`refs` as HTML, each § number a link to its sentence in the appendix (``#s002-12``)."""
    return "; ".join(f"[{escape(s)}] " + ", ".join(f"<a href='#s{escape(s)}-{n}'>§{n}</a>" for n in numbers)
                     for s, numbers in sentences.items() if numbers)


def readings_in_force(rule: dict[str, Any], d: dict[str, Any], chosen: dict[str, Any] | None) -> list[str]:
    """For a rule whose reading an option chooses, each option of it set otherwise than its
    default: ``In force: rest_reading=others_throw_twice, not the default miss_two_turns: <the
    option's doc>`` (the rule's words are the default's), or the reading of that value in our
    words where ``texts/readings.toml`` gives it; empty when all are defaults."""
    by_name = {o["name"]: o for o in options_in_force(d, chosen)}
    out = []
    for name in rule.get("options", []):
        o = by_name.get(name)
        if o is not None and cli_value(o["value"]) != cli_value(o["default"]):
            value = cli_value(o["value"])
            words = _readings().get(d["game"], {}).get(name, {}).get(value) or o["doc"]
            out.append(f"In force: {name}={value}, not the default {cli_value(o['default'])}"
                       f" that the rule above describes: {words}")
    return out


def _readings() -> dict[str, Any]:
    import tomllib
    from importlib import resources

    return tomllib.loads(resources.files("academie.edition").joinpath("texts/readings.toml").read_text(encoding="utf-8"))


def options_in_force(d: dict[str, Any], chosen: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The options with the value in force (``chosen`` overrides the defaults)."""
    chosen = chosen or {}
    return [dict(o, value=chosen.get(o["name"], o["default"])) for o in d["options"]]


def booklet_html(game_id: str, options: dict[str, Any] | None = None) -> str:
    """The booklet of ``game_id`` as a standalone HTML page (UTF-8 text)."""
    d = game_edition(game_id)
    h = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{escape(d['name'])}: rules booklet</title>",
         "<style>body{font-family:Georgia,serif;max-width:46em;margin:2em auto;line-height:1.4}"
         "table{border-collapse:collapse;width:100%}td{vertical-align:top;padding:.2em .5em;border-top:1px solid #ddd}"
         ".n{color:#666;white-space:nowrap}.ours{color:#555;font-style:italic}.np{color:#777;font-size:.9em}"
         "@media print{h2{page-break-before:always}}</style></head><body>",
         f"<h1>{escape(d['name'])}</h1><p>The rules in our words, each with the sentences of the source that it"
         " plays (§ numbers, listed in the appendix).</p>"]
    section = None
    for r in d["rules"]:
        if r["section"] != section:
            h.append(("</ul>" if section else "") + f"<h3>{escape(r['section'])}</h3><ul>")
            section = r["section"]
        where = linked_refs(r["sentences"]) or escape(r["citation"])
        force = "".join(f"<br><b>{escape(line)}</b>" for line in readings_in_force(r, d, options))
        h.append(f"<li id='rule-{escape(r['id'].split(':', 1)[1])}'><span class='n'>{escape(r['id'].split(':', 1)[1])}</span>"
                 f" {escape(r['text'])} <span class='n'>{where}</span>{force}</li>")
    h.append("</ul><h3>Options in force</h3><ul>")
    for o in options_in_force(d, options):
        h.append(f"<li><b>{escape(o['name'])}={escape(cli_value(o['value']))}</b> <span class='n'>({escape(o['allowed'])};"
                 f" default {escape(cli_value(o['default']))}, from"
                 f" {escape(from_words(o))}) {linked_refs(o['sentences'])}</span><br>{escape(o['doc'])}"
                 + (f" <i>Why this default:</i> {escape(o['why'])}" if o["why"] else "") + "</li>")
    h.append("</ul>")
    notes = [(s["siglum"], n) for s in d["sources"] for n in s["notes"]]
    if notes:
        h.append("<h3>Readings reviewed</h3><ul>")
        for siglum, n in notes:
            h.append(f"<li><b>{escape(n['title'])}</b> <span class='n'>{linked_refs({siglum: n['sentences']})}</span><br>{escape(n['text'])}</li>")
        h.append("</ul>")
    for s in d["sources"]:
        h.append(f"<h2>Appendix: [{s['siglum']}] {escape(s['title'])}</h2><p class='ours'>{escape(APPENDIX)}</p><table>")
        for x in s["sentences"]:
            corr = f"<br><span class='ours'>{escape(reading_line(x))}</span>" if x["corr"] else ""
            played = f"<br><span class='np'>{escape(what)}</span>" if (what := played_line(x)) else ""
            h.append(f"<tr id='s{s['siglum']}-{x['n']}'><td class='n'>§{x['n']}</td><td lang='fr'>{escape(x['fr'])}{corr}</td>"
                     f"<td class='ours'>{escape(TRANSLATION_MARK)}{escape(x['en'])}{played}</td></tr>")
        h.append("</table>")
    h.append("</body></html>")
    return "\n".join(h)


PAGE = None
"""In :func:`pdf_paragraphs`, a new page."""


def pdf_paragraphs(game_id: str, options: dict[str, Any] | None = None) -> list[tuple[str, float, float] | None]:
    """The PDF booklet's content, in order: ``(text, font size in points, gap after in mm)`` for
    each paragraph, :data:`PAGE` (``None``) for a new page."""
    d = game_edition(game_id)
    out: list[tuple[str, float, float] | None] = [
        (d["name"], 18, 4),
        ("The rules in our words, each with the sentences of the source it plays (§ numbers, see the appendix).", 9, 1.5)]
    section = None
    for r in d["rules"]:
        if r["section"] != section:
            out.append((r["section"], 13, 1))
            section = r["section"]
        out.append((f"• {r['id'].split(':', 1)[1]}  {r['text']}  {refs(r['sentences']) or r['citation']}", 10, 1.5))
        out += [(line, 9, 1.5) for line in readings_in_force(r, d, options)]
    out.append(("Options in force", 13, 1))
    for o in options_in_force(d, options):
        out.append((f"{o['name']}={cli_value(o['value'])} ({o['allowed']}; default {cli_value(o['default'])}, from {from_words(o)})"
                    f" {refs(o['sentences'])}: {o['doc']}" + (f" Why this default: {o['why']}" if o["why"] else ""), 9, 1.5))
    for s in d["sources"]:
        for n in s["notes"]:
            out.append((f"Reading: {n['title']} {refs({s['siglum']: n['sentences']})}. {n['text']}", 9, 1.5))
    for s in d["sources"]:
        out += [PAGE, (f"Appendix: [{s['siglum']}] {s['title']}", 13, 1), (APPENDIX, 9, 2)]
        for x in s["sentences"]:
            out.append((f"§{x['n']}  {x['fr']}", 9, 0.5))
            if x["corr"]:
                out.append((f"      {reading_line(x)}", 9, 0.5))
            out.append((f"      {TRANSLATION_MARK}{x['en']}", 9, 0.5 if played_line(x) else 2))
            if played_line(x):
                out.append((f"      {played_line(x)}", 8, 2))
    return out


def booklet_pdf(game_id: str, path: Path, options: dict[str, Any] | None = None) -> None:
    """Write the booklet of ``game_id`` (:func:`pdf_paragraphs`) as an A4 PDF at ``path``.
    Raises :class:`~academie.core.errors.AcademieError` when fpdf2 is not installed (the
    ``edition`` extra), :class:`OSError` when the file cannot be written."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise AcademieError("a PDF booklet needs fpdf2: pip install 'academie[edition]' (or write FILE.html)") from None
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    font = next((f for f in FONTS if Path(f).is_file()), None)
    if font:
        pdf.add_font("body", "", font)
        family = "body"

        def t(s: str) -> str:
            return s
    else:
        family = "Helvetica"

        def t(s: str) -> str:
            return s.replace("’", "'").replace("œ", "oe").replace("—", "-").replace("…", "...").encode("latin-1", "replace").decode("latin-1")
    pdf.add_page()
    for item in pdf_paragraphs(game_id, options):
        if item is PAGE:
            pdf.add_page()
            continue
        text, size, gap = item
        pdf.set_font(family, size=size)
        pdf.multi_cell(0, size * 0.5, t(text), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(gap)
    pdf.output(str(path))
