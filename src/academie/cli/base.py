"""What every command of the ``academie`` command line shares: the consoles, the one-line
errors, the ``-o key=value`` and ``--bots`` parsing, the seeds, the notes on standard error.
The command modules import it; :mod:`academie.cli.app` registers the commands on the app."""

from __future__ import annotations

import random
import sys
from contextlib import contextmanager
from typing import Any, Iterator, Optional

import typer
from rich.console import Console
from rich.text import Text

from academie.bots import bot_names, bot_spec
from academie.cli.terminal import make_console, print_error, prints_unicode
from academie.core.errors import AcademieError, OptionError

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bad input into a one-line message and exit code 2."""
    try:
        yield
    except AcademieError as exc:
        print_error(str(exc))
        raise typer.Exit(2) from None


def parse_kv(pairs: list[str] | None) -> dict[str, str]:
    """``['lives=4', 'brelan=30.5']`` → ``{'lives': '4', 'brelan': '30.5'}``."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} must be written key=value, e.g. -o lives=4")
        if key.strip() in out:
            raise OptionError(f"option {key.strip()!r} is given twice ({out[key.strip()]!r} and {value.strip()!r})")
        out[key.strip()] = value.strip()
    return out


def split_bots(text: str, count: int, game_id: str, what: str) -> list[str]:
    """One bot for every seat, or exactly ``count`` comma-separated bots; each a name or a bot
    spec with parameters after colons (``ismcts:iterations=500:rollout=heuristic``). Returns
    the canonical specs (:func:`academie.bots.bot_spec`); raises the spec's errors."""
    names = [n.strip() for n in text.split(",")]
    if "" in names:
        raise OptionError(f"{what} has an empty bot name in {text!r}; the bots are: {', '.join(bot_names(game_id))}")
    specs = [bot_spec(name, game_id) for name in names]  # each bot's own error first
    if len(specs) == 1:
        specs = specs * count
    if len(specs) != count:
        raise OptionError(
            f"{what} needs one bot name or {count} comma-separated names, got {len(names)}: {text!r}"
        )
    return specs


SEED_RANGE = 2**63
"""A seed drawn when none is given comes from the whole 63-bit range: it cannot be guessed from
a first hand."""


def draw_seed() -> int:
    """A random seed from 1 to 2⁶³ − 1."""
    return random.SystemRandom().randrange(1, SEED_RANGE)


def check_seed(value: Optional[int]) -> Optional[int]:
    """A ``--seed`` lies from 0 to 2⁶³ − 1, as in a record; the error gives both bounds."""
    if value is not None and not 0 <= value < SEED_RANGE:
        shown = str(value) if len(str(value)) <= 30 else str(value)[:29] + "…"
        raise typer.BadParameter(f"a seed is an integer from 0 to {SEED_RANGE - 1} (2^63 - 1), not {shown}")
    return value


WARN_AFTER = 60.0
"""A simulation expected to last longer than this (seconds) says so when it starts."""


def about(seconds: float) -> str:
    """A duration as a person says it.

    >>> about(0.4), about(42), about(61), about(5400), about(3 * 86400)
    ('about 1 second', 'about 40 seconds', 'about 1 minute', 'about 1.5 hours', 'about 3.0 days')
    """
    if seconds < 55:  # to the second under 10 s, else to ten seconds
        step = 1 if seconds < 10 else 10
        count = max(1, round(seconds / step) * step)
        return f"about {count} second{'s' if count > 1 else ''}"
    if seconds < 90 * 60:
        minutes = max(1, round(seconds / 60))
        return f"about {minutes} minute{'s' if minutes > 1 else ''}"
    if seconds < 48 * 3600:
        return f"about {seconds / 3600:.1f} hours"
    return f"about {seconds / 86400:.1f} days"


def compile_note(say: Any) -> Any:
    """``on_compile(name, seconds)`` for :func:`academie.fast.prepare`: says through ``say``
    that a game's kernels are being compiled, once, and about how long that takes."""
    def on_compile(name: str, seconds: float) -> None:
        say(f"compiling the {name} kernel, once ({about(seconds)}; later runs load it from the cache)…")

    return on_compile


def note(message: str, out: Optional[Console] = None) -> None:
    """``note: <message>`` on standard error, on one line; or printed by ``out``, a progress
    bar's console, which prints it on a line of its own above the bar."""
    if out is None:
        stream: Any = sys.stderr
        out = Console(file=stream, highlight=False, soft_wrap=True) if prints_unicode(stream) \
            else make_console(stream=stream)
    out.print(Text("note: ", style="bold yellow").append(message, style=""), soft_wrap=True)
