"""A printable rules booklet per game, drawn from :func:`academie.edition.view.game_edition`: the
rules in our words with their sentence numbers, the options in force, the readings reviewed, then
the source text and our translation side by side as an appendix. HTML always (:func:`booklet_html`);
PDF through fpdf2 (``pip install 'academie[edition]'``; :func:`booklet_pdf`)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from academie.core.errors import AcademieError
from academie.edition.view import game_edition

FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/arial.ttf",
)
"""Unicode fonts the PDF uses when one is installed; otherwise fpdf2's core font, with the
characters outside Latin-1 written as ``?``."""


def refs(sentences: dict[str, list[int]]) -> str:
    """``[002] §12, §15`` for a mapping siglum → sentence numbers; empty for none."""
    return "; ".join(f"[{s}] " + ", ".join(f"§{n}" for n in numbers) for s, numbers in sentences.items() if numbers)


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
        h.append(f"<li>{escape(r['text'])} <span class='n'>{escape(refs(r['sentences']) or r['citation'])}</span></li>")
    h.append("</ul><h3>Options in force</h3><ul>")
    for o in options_in_force(d, options):
        h.append(f"<li><b>{escape(o['name'])}={escape(str(o['value']))}</b> <span class='n'>({escape(o['allowed'])};"
                 f" {escape(o['provenance'])} {escape(o['ref'])}) {escape(refs(o['sentences']))}</span><br>{escape(o['doc'])}</li>")
    h.append("</ul>")
    notes = [(s["siglum"], n) for s in d["sources"] for n in s["notes"]]
    if notes:
        h.append("<h3>Readings reviewed</h3><ul>")
        for siglum, n in notes:
            h.append(f"<li><b>{escape(n['title'])}</b> <span class='n'>{escape(refs({siglum: n['sentences']}))}</span><br>{escape(n['text'])}</li>")
        h.append("</ul>")
    for s in d["sources"]:
        h.append(f"<h2>Appendix: [{s['siglum']}] {escape(s['title'])}</h2>"
                 "<p class='ours'>The text as found (OCR errors kept); our corrected reading below it where the OCR is"
                 " wrong; our translation beside it.</p><table>")
        for x in s["sentences"]:
            corr = f"<br><span class='ours'>read: {escape(x['corr'])}</span>" if x["corr"] else ""
            what = ", ".join(r.split(":", 1)[1] for r in x["rules"]) + ("; options " + ", ".join(x["options"]) if x["options"] else "")
            played = f"<br><span class='np'>plays: {escape(what)}</span>" if what else (
                f"<br><span class='np'>not played: {escape(x['not_played'])}</span>" if x["not_played"] else "")
            h.append(f"<tr id='s{s['siglum']}-{x['n']}'><td class='n'>§{x['n']}</td><td lang='fr'>{escape(x['fr'])}{corr}</td>"
                     f"<td class='ours'>{escape(x['en'])}{played}</td></tr>")
        h.append("</table>")
    h.append("</body></html>")
    return "\n".join(h)


def booklet_pdf(game_id: str, path: Path, options: dict[str, Any] | None = None) -> None:
    """Write the booklet of ``game_id`` as a PDF at ``path``. Raises
    :class:`~academie.core.errors.AcademieError` when fpdf2 is not installed (the ``edition``
    extra)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise AcademieError("a PDF booklet needs fpdf2: pip install 'academie[edition]' (or write FILE.html)") from None
    d = game_edition(game_id)
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

    def para(text: str, size: float = 10, gap: float = 1.5) -> None:
        pdf.set_font(family, size=size)
        pdf.multi_cell(0, size * 0.5, t(text), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(gap)

    para(d["name"], 18, 4)
    para("The rules in our words, each with the sentences of the source it plays (§ numbers, see the appendix).", 9)
    section = None
    for r in d["rules"]:
        if r["section"] != section:
            para(r["section"], 13, 1)
            section = r["section"]
        para(f"• {r['text']}  {refs(r['sentences']) or r['citation']}", 10)
    para("Options in force", 13, 1)
    for o in options_in_force(d, options):
        para(f"{o['name']}={o['value']} ({o['allowed']}) {refs(o['sentences'])}: {o['doc']}", 9)
    for s in d["sources"]:
        for n in s["notes"]:
            para(f"Reading: {n['title']} {refs({s['siglum']: n['sentences']})}. {n['text']}", 9)
    for s in d["sources"]:
        pdf.add_page()
        para(f"Appendix: [{s['siglum']}] {s['title']}", 13, 2)
        for x in s["sentences"]:
            para(f"§{x['n']}  {x['fr']}" + (f"  [read: {x['corr']}]" if x["corr"] else ""), 9, 0.5)
            para(f"      {x['en']}", 9, 2)
    pdf.output(str(path))
