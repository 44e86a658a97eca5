"""The terminal itself: an ASCII table for terminals that cannot print the suit symbols, and a
move prompt with line editing and history.

>>> import io
>>> out = io.StringIO()
>>> _ = AsciiFile(out).write("── K♥ Élise · 10♠ — «cœur» ▒▒")
>>> out.getvalue()
'-- KH Elise . 10S - "coeur" ##'
>>> can_encode("latin-1"), can_encode("utf-8")
(False, True)
>>> clean_input("\\x1b[A\\x1b[Bks\\x1bOD")
'ks'
>>> one_line("unknown bot '" + "x" * 500 + "'\\nthe bots are: random")
"unknown bot 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (500 characters) the bots are: random"
"""

from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from academie.presentation.render import glyphs

PROBE = "♠♥♦♣─│╭━▒·—«é"
"""Characters the Unicode table needs: suits, box drawing, the face-down card, punctuation."""

_ASCII = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "▒": "#", "🂠": "#", "·": ".", "—": "-", "–": "-",
    "─": "-", "━": "-", "│": "|", "┃": "|", "…": ".", "«": '"', "»": '"', "’": "'", "‘": "'",
    "“": '"', "”": '"', "→": ">", "←": "<", "×": "x", "½": "h", "−": "-", "≥": ">", "≤": "<",
    "‖": "|", "○": "o", "★": "*", "§": "s",
    "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "⁰": "0", "¹": "1", " ": " ",
}


def to_ascii(text: str) -> str:
    """``text`` with every non-ASCII character replaced by its nearest ASCII (accents dropped,
    suit symbols by their letters, ``?`` when there is none)."""
    out = []
    for ch in text:
        if ch < "\x80":
            out.append(ch)
        elif ch in _ASCII:
            out.append(_ASCII[ch])
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)


class AsciiFile:
    """A text stream that writes ASCII only to ``stream`` (and says its encoding is ASCII, so
    that rich draws tables and panels with ``+``, ``-`` and ``|``)."""

    encoding = "ascii"

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def fileno(self) -> int:
        return self.stream.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def can_encode(encoding: str | None) -> bool:
    """Whether a stream in ``encoding`` can print the Unicode table."""
    try:
        PROBE.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def c_locale(environ: Mapping[str, str] | None = None, utf8_mode: int | None = None) -> bool:
    """Whether the locale the user chose is C or POSIX (``LC_ALL=C``: a terminal that prints
    ASCII only) while Python prints UTF-8 only because of it. Under the C locale Python turns on
    its UTF-8 mode (PEP 540) and coerces ``LC_CTYPE`` to ``C.UTF-8`` (PEP 538), so that standard
    output's encoding says UTF-8 and the suits would reach a terminal that cannot draw them. The
    locale is read as C reads it (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``), a ``C.UTF-8``
    that Python put in ``LC_CTYPE`` itself seen through; ``PYTHONUTF8=1`` or ``-X utf8`` (the
    user asking for UTF-8) keeps Unicode.

    >>> c_locale({"LC_ALL": "C"}, 1), c_locale({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, 1)
    (True, True)
    >>> c_locale({"LANG": "C.UTF-8"}, 0), c_locale({"LC_ALL": "C", "PYTHONUTF8": "1"}, 1), c_locale({}, 1)
    (False, False, False)
    """
    environ = os.environ if environ is None else environ
    if not (sys.flags.utf8_mode if utf8_mode is None else utf8_mode):
        return False  # the encoding Python reports is the locale's own
    if environ.get("PYTHONUTF8") or "utf8" in sys._xoptions:
        return False
    chosen = environ.get("LC_ALL") or None
    if chosen is None:
        ctype = environ.get("LC_CTYPE") or None
        coerced = ctype in ("C.UTF-8", "C.utf8") and environ.get("PYTHONCOERCECLOCALE") != "0" \
            and environ.get("LANG", "C") in ("C", "POSIX", "")
        chosen = (environ.get("LANG") or "C") if coerced else (ctype or environ.get("LANG") or None)
    return chosen in ("C", "POSIX")


def prints_unicode(stream: Any) -> bool:
    """Whether ``stream`` can print the Unicode table: its encoding can encode the suits, and
    it is no terminal of the C locale (:func:`c_locale`)."""
    if not can_encode(getattr(stream, "encoding", None)):
        return False
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # no such method, or closed
        terminal = False
    return not (terminal and c_locale())


def print_json(data: Any, console: Console) -> None:
    """``data`` as JSON, indented by two, on ``console`` (standard output); escaped to ASCII
    where the output cannot print Unicode. Coloured on a terminal; anywhere else (a file, a
    pipe) written as it is, the same text without rich's highlighting, which costs far more
    than the JSON itself (a long match's replay makes megabytes of it)."""
    plain = not prints_unicode(sys.stdout)
    text = json.dumps(data, indent=2, ensure_ascii=plain)
    if console.is_terminal:
        console.print_json(text, ensure_ascii=plain)
    else:
        console.file.write(text + "\n")


def make_console(force_ascii: bool = False, stream: TextIO | None = None) -> Console:
    """A console on ``stream`` (standard output): Unicode when it can print the suit symbols,
    else (or with ``force_ascii``) an ASCII one. Sets the renderers' glyph mode to match.

    Plain strings are printed as they are, never read as rich markup: players' names come
    from records and people (« [/] » is a name, not a closing tag). Styled text is built with
    :class:`~rich.text.Text` (``Text.from_markup`` for the renderers' own help lines)."""
    stream = stream if stream is not None else sys.stdout
    plain = force_ascii or not prints_unicode(stream)
    glyphs.set_ascii(plain)
    if plain:
        return fit_width(Console(file=AsciiFile(stream), highlight=False, markup=False))  # type: ignore[arg-type]
    return fit_width(Console(file=stream, highlight=False, markup=False))


WHOLE_WIDTH = 4000
"""The width tables and texts are drawn at off a terminal (:func:`whole_lines`): wide enough that
no line is wrapped."""


@contextmanager
def whole_lines(out: Any = None) -> Iterator[Any]:
    """The console to print on: ``out`` (standard output's, :func:`make_console`) on a terminal,
    wrapped to its width; off a terminal (a file, a pipe) a buffer drawn :data:`WHOLE_WIDTH` wide
    whose lines are then written whole to ``out``, without the padding at their ends, so that
    ``grep`` finds a phrase and a table's long bot specs are not broken mid-word."""
    import io

    out = out if out is not None else make_console()
    if out.is_terminal:
        yield out
        return
    buffer = io.StringIO()
    yield Console(file=buffer, width=WHOLE_WIDTH, highlight=False, markup=False, color_system=None)
    out.file.write("".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines()))


MIN_WIDTH, MAX_WIDTH = 20, 1000
"""The narrowest and widest lines drawn, whatever ``COLUMNS`` says (``COLUMNS=0`` printed
nothing, ``COLUMNS=99999999`` padded ``academie games`` to a gigabyte)."""


def fit_width(console: Console) -> Console:
    """``console`` with its width brought within :data:`MIN_WIDTH` … :data:`MAX_WIDTH`."""
    width = console.width
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        console.width = max(MIN_WIDTH, min(width, MAX_WIDTH))
    return console


_ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?")


def clean_input(text: str) -> str:
    """A typed line without the escape sequences of arrow and function keys."""
    return _ESCAPES.sub("", text).replace("\x00", "")


_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*?)'(?=\W|$)|\"((?:[^\"\\]|\\.)*?)\"(?=\W|$)")
"""A quoted value; every one is matched, short ones too, so that the closing quote of one is
never taken for the opening quote of the next."""
MAX_ERROR = 600
"""The longest error line: what the user typed is echoed, but never a whole megabyte of it."""


def one_line(message: str) -> str:
    """An error message as one line of reasonable length: line breaks become spaces, and a
    quoted value over 80 characters (something the user typed) is cut to its first 60.

    >>> message = "bot spec 'ismcts:own=': own must be " + "a spec " * 12 + "not ''"
    >>> one_line(message) == message  # (the spec's closing quote opens nothing)
    True
    >>> one_line("value " + repr("x" * 100))
    "value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
    """

    def cut(match: re.Match[str]) -> str:
        quote = match.group(0)[0]
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        if len(inner) < 80:
            return match.group(0)
        return f"{quote}{inner[:60]}…{quote} ({len(inner)} characters)"

    text = _QUOTED.sub(cut, " ".join(printable(message).splitlines()))
    return text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 1] + "…"


_SURROGATES = re.compile("[\ud800-\udfff]")


def printable(text: object) -> str:
    """``text`` (a file name) with the lone surrogates that stand for bytes that are not UTF-8
    replaced by ``�``: a stream that writes UTF-8 strictly cannot print them.

    >>> printable("caf\\udce9.json")
    'caf�.json'
    """
    return _SURROGATES.sub("\ufffd", str(text))


def print_error(message: str) -> None:
    """``error: <message>`` on standard error, as one line (in ASCII where the terminal cannot
    print Unicode). On a terminal a line longer than its width is wrapped between words (never
    inside one, as the terminal itself would); in a file or a pipe it stays one line."""
    stream: Any = sys.stderr
    if not prints_unicode(stream):
        stream = AsciiFile(stream)
    err = Console(file=stream, highlight=False)
    err.print(Text.assemble(("error: ", "bold red"), one_line(message)),
              soft_wrap=not err.is_terminal)


def prompt_reader(console: Console) -> Callable[[str | Text], str]:
    """A ``read_line(prompt)`` for the move prompt. When standard input is a terminal, the
    stdlib ``readline`` gives line editing and history (arrow keys move in the line and through
    earlier moves); the prompt is printed on its own line, and ``> `` is the edited line's
    prompt, so that editing never garbles it. Read from a file or a pipe, the answer is echoed
    after the prompt, as a terminal would show it. Escape sequences that still come through are
    dropped. Bytes the input's encoding cannot read (``é`` typed under ``PYTHONIOENCODING=ascii``)
    become ``�``, a word that is then refused like any other, never a UnicodeDecodeError."""
    try:
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # not a text stream that can be reconfigured
        pass
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (loading it gives input() editing and history)
        except ImportError:  # pragma: no cover - Windows without pyreadline
            interactive = False

    def read_line(prompt: str | Text) -> str:
        if interactive:
            console.print(prompt)
            return clean_input(input("> "))
        console.print(prompt, end="")
        text = clean_input(input())
        console.print(Text(text), soft_wrap=True)  # the answer, as a terminal would echo it
        return text

    return read_line
