"""The citations of the source texts found in the package, and their sentences.

The code cites a source as ``[001] «French words»`` in comments, docstrings and strings (see
:mod:`academie.sources`); each game's guide cites it as a :class:`~academie.core.guide.Rule`
(``source="001", words="…"``); an option's doc quotes its game's own text between « ».
:func:`collect` reads them all from the installed package's ``.py`` files (with
:mod:`tokenize`, so a citation broken over comment lines or adjacent string literals is read
whole) and from the guides; :func:`locate` finds the sentences of an edition that hold a quoted
fragment, after :func:`normalise` (whitespace, apostrophes, case, the « … » of an elision).
"""

from __future__ import annotations

import io
import re
import tokenize
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``academie`` package folder, whose ``.py`` files are read for citations."""

_CITE = re.compile(r"\[(00[0-4])\]\s*«([^»]*)»", re.S)
_QUOTE = re.compile(r"«([^»]*)»", re.S)
_ELISION = re.compile(r"\s*(?:…|\.\.\.|\[…\]|\(…\))\s*")


@dataclass(frozen=True)
class Citation:
    """One quotation of a source text: ``siglum`` (``"001"``), ``words`` (as written, elisions
    kept), where it is (``where``: a path inside the package and a line, ``"games/reversis/state.py:567"``),
    and who plays it (``owner``: ``"rule deal 2"`` for a guide rule, ``"option talon_tie"`` for an
    option's doc, ``"code"`` for a comment, docstring or string of the code)."""

    siglum: str
    words: str
    where: str
    owner: str = "code"


def normalise(text: str) -> str:
    """``text`` lower-cased, NFC, straight apostrophes, single spaces, no guillemets.

    >>> normalise("L’as  de\\n cœur «")
    "l'as de cœur"
    """
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("‘", "'").replace("«", " ").replace("»", " ")
    return " ".join(text.split()).lower()


def fragments(words: str) -> list[str]:
    """The pieces of a quotation between its elisions (``…``), normalised, empty ones dropped.

    >>> fragments("Si vous détenez… totalisant exactement 31")
    ['si vous détenez', 'totalisant exactement 31']
    """
    return [p.strip(" ,;:.") for p in (normalise(x) for x in _ELISION.split(words)) if p.strip(" ,;:.")]


def _texts(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comment run and every string (adjacent literals joined) of a module."""
    out: list[tuple[int, str]] = []
    comment: list[str] = []
    comment_line = 0
    strings: list[str] = []
    string_line = 0

    def flush_comment() -> None:
        nonlocal comment
        if comment:
            out.append((comment_line, " ".join(comment)))
            comment = []

    def flush_strings() -> None:
        nonlocal strings
        if strings:
            out.append((string_line, "".join(strings)))
            strings = []

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return [(1, source)]
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            if not comment:
                comment_line = tok.start[0]
            comment.append(tok.string.lstrip("#").strip())
            continue
        if tok.type in (tokenize.NL, tokenize.NEWLINE) and comment:
            continue
        flush_comment()
        if tok.type == tokenize.STRING:
            if not strings:
                string_line = tok.start[0]
            strings.append(_literal(tok.string))
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            flush_strings()
    flush_comment()
    flush_strings()
    return out


def _literal(token: str) -> str:
    """The text of a string token without its prefix and quotes (escapes left as written)."""
    body = token.lstrip("rRbBuUfF")
    for q in ('"""', "'''", '"', "'"):
        if body.startswith(q) and body.endswith(q) and len(body) >= 2 * len(q):
            return body[len(q):-len(q)]
    return body


@lru_cache(maxsize=1)
def code_citations() -> tuple[Citation, ...]:
    """Every ``[00N] «…»`` of the package's modules (this one and :mod:`academie.sources`'s
    examples excepted), in file and line order."""
    found: list[Citation] = []
    skip = {Path(__file__).resolve(), (PACKAGE / "sources.py").resolve()}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.resolve() in skip:
            continue
        rel = path.relative_to(PACKAGE).as_posix()
        content = path.read_text(encoding="utf-8")
        if not re.search(r"\[00[0-4]\]", content):
            continue
        for line, text in _texts(content):
            for m in _CITE.finditer(text):
                if fragments(m.group(2)):
                    found.append(Citation(m.group(1), m.group(2), f"{rel}:{line + text[:m.start()].count(chr(10))}"))
    return tuple(found)
