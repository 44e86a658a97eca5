"""The edition of a game as TEI P5 XML (:func:`tei`), written with :mod:`xml.etree.ElementTree`.

Each source is a ``<div type="source" xml:lang="fr">`` of ``<s xml:id="s002-15">`` sentences; an
OCR correction is ``<choice><sic>as found</sic><corr resp="#academie">ours</corr></choice>``
around the words it changes, the last one holding our reason as a ``<note type="conjecture">`` (or
``type="correction"``) where we give one, its ``cert="low"`` marking a conjecture; our translation is a parallel ``<div xml:lang="en">`` whose ``<s>``
point back with ``corresp``; each rule and each option is a ``<note type="rule"|"option">``
whose ``target`` lists the sentences it plays, and a sentence not played carries
``<note type="not-played">``, one that only another game sharing the source plays
``<note type="played-by">``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from academie.edition.view import from_words, game_edition

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def sentence_id(siglum: str, n: int) -> str:
    """The ``xml:id`` of a sentence: ``s002-15``."""
    return f"s{siglum}-{n}"


def _targets(sentences: dict[str, list[int]]) -> str:
    return " ".join(f"#{sentence_id(s, n)}" for s, numbers in sentences.items() for n in numbers)


def tei(game_id: str) -> ET.Element:
    """The ``<TEI>`` element of ``game_id``'s edition (see the module docstring)."""
    ET.register_namespace("", TEI_NS)
    d: dict[str, Any] = game_edition(game_id)

    def el(parent: ET.Element | None, tag: str, text: str = "", **attrs: str) -> ET.Element:
        e = ET.Element(f"{{{TEI_NS}}}{tag}", {k: v for k, v in attrs.items() if v}) if parent is None \
            else ET.SubElement(parent, f"{{{TEI_NS}}}{tag}", {k: v for k, v in attrs.items() if v})
        if text:
            e.text = text
        return e

    root = el(None, "TEI")
    header = el(root, "teiHeader")
    fdesc = el(header, "fileDesc")
    tstmt = el(fdesc, "titleStmt")
    el(tstmt, "title", f"{d['name']}: the source texts, with the rules that play them")
    resp = el(tstmt, "respStmt")
    el(resp, "resp", "corrected readings, translation and rule links")
    el(resp, "name", "the academie project", **{XML_ID: "academie"})
    el(el(fdesc, "publicationStmt"), "p", "Part of the academie package; the source texts are in the public domain"
       " except the modern Trente et un sheet, the project's own rules brief.")
    sdesc = el(fdesc, "sourceDesc")
    for src in d["sources"]:
        el(sdesc, "bibl", src["title"], **{XML_ID: f"src{src['siglum']}"})
    text = el(root, "text")
    body = el(text, "body")
    for src in d["sources"]:
        fr = el(body, "div", type="source", n=src["siglum"], source=f"#src{src['siglum']}", **{XML_LANG: "fr"})
        for s in src["sentences"]:
            p = el(fr, "s", n=str(s["n"]), **{XML_ID: sentence_id(src["siglum"], s["n"])})
            if s["corr"]:
                last: ET.Element | None = None
                corr: ET.Element | None = None
                for reading, changed, found in s["changes"]:
                    if changed:
                        last = el(p, "choice")
                        el(last, "sic", found)
                        corr = el(last, "corr", reading, resp="#academie", cert="low" if s["corr_note"] else "")
                        last.tail = ""
                    elif last is None:
                        p.text = (p.text or "") + reading
                    else:
                        last.tail = (last.tail or "") + reading
                if s["corr_note"]:  # why we read so (a conjecture, an OCR slip): a note in the last correction
                    el(corr if corr is not None else p, "note", s["corr_note"], type="conjecture"
                       if "conjecture" in s["corr_note"] else "correction", resp="#academie")
            else:
                p.text = s["fr"]
            if s["not_played"]:
                el(p, "note", s["not_played"], type="not-played", resp="#academie")
            elif s["other_games"] and not (s["rules"] or s["options"]):
                el(p, "note", "played by " + ", ".join(s["other_games"]), type="played-by", resp="#academie")
        en = el(body, "div", type="translation", n=src["siglum"], resp="#academie", **{XML_LANG: "en"})
        for s in src["sentences"]:
            el(en, "s", s["en"], n=str(s["n"]), corresp=f"#{sentence_id(src['siglum'], s['n'])}")
    back = el(text, "back")
    notes = el(back, "div", type="rules")
    for r in d["rules"]:
        el(notes, "note", r["text"], type="rule", n=r["id"], target=_targets(r["sentences"]), resp="#academie")
    opts = el(back, "div", type="options")
    for o in d["options"]:
        el(opts, "note", f"{o['name']}={o['value']} ({o['allowed']}; default from {from_words(o)}): {o['doc']}" + (f" Why this default: {o['why']}" if o["why"] else ""), type="option", n=o["name"],
           target=_targets(o["sentences"]), resp="#academie")
    readings = el(back, "div", type="readings")
    for src in d["sources"]:
        for note in src["notes"]:
            el(readings, "note", note["text"], type="reading", n=note["option"] or note["title"],
               target=_targets({src["siglum"]: note["sentences"]}), resp="#academie")
    return root


MIXED = {f"{{{TEI_NS}}}s", f"{{{TEI_NS}}}p", f"{{{TEI_NS}}}note", f"{{{TEI_NS}}}title", f"{{{TEI_NS}}}bibl"}
"""Elements whose content is text (with ``<choice>`` inside a sentence): never indented inside."""


def _indent(e: ET.Element, level: int = 0) -> None:
    """Indent the structure by two spaces a level, leaving the inside of text elements as it is
    (:func:`xml.etree.ElementTree.indent` would put spaces into a sentence's mixed content)."""
    if len(e) and e.tag not in MIXED:
        e.text = "\n" + "  " * (level + 1)
        for child in e:
            _indent(child, level + 1)
            child.tail = "\n" + "  " * (level + 1)
        e[-1].tail = "\n" + "  " * level


def tei_bytes(game_id: str) -> bytes:
    """The TEI document of ``game_id`` as UTF-8 bytes with its XML declaration."""
    root = tei(game_id)
    _indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)
