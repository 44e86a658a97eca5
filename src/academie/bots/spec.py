"""Bot specs: a bot's name with its parameters, ``ismcts:iterations=2000:rollout=heuristic``.

Parameters follow the name after colons, each ``key=value``, so that a list of bots still
splits on commas (``--bots ismcts:iterations=500,heuristic``). A bot declares the parameters it
takes in a class attribute ``PARAMS`` (name → :class:`Param`); a plain name takes the defaults.
:func:`parse_spec` checks a spec against the bot's parameters and gives its canonical text (the
name, then the parameters given, in the bot's order, each value written as it is read), which
records keep as the player's kind so that a record rebuilds the same bot.

>>> from academie.bots import make_bot
>>> spec = parse_spec("ismcts: rollout=heuristic :iterations=300", "reversis")
>>> spec.text, spec.params
('ismcts:iterations=300:rollout=heuristic', {'iterations': 300, 'rollout': 'heuristic'})
>>> parse_spec("ismcts:iterations=0", "reversis")
Traceback (most recent call last):
...
academie.core.errors.UnknownBotError: bot spec 'ismcts:iterations=0': iterations must be an integer from 1 to 1000000, not '0'
>>> parse_spec("heuristic:c=1", "reversis")
Traceback (most recent call last):
...
academie.core.errors.UnknownBotError: bot spec 'heuristic:c=1': heuristic takes no parameters
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from academie.core.errors import UnknownBotError
from academie.core.record import MAX_KIND

MAX_SPEC = MAX_KIND
"""The longest bot spec, in characters (a record's player kind is at most this long)."""


@dataclass(frozen=True)
class Param:
    """One parameter of a bot: ``kind`` is ``'int'``, ``'float'``, ``'choice'`` or ``'spec'`` (another
    bot's spec, its parts joined by ``/`` instead of ``:``, checked by the bot taking it); numbers lie
    from ``low`` to ``high`` (inclusive; ``low_open`` excludes ``low``); a choice is one of
    ``choices``. ``default`` is the value taken when the spec does not give it; ``help`` says
    what it is, with its unit. ``requires`` (another parameter and its value) makes the
    parameter meaningful only with that value: a spec giving it otherwise is refused."""

    kind: str
    default: Any
    help: str = ""
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    choices: tuple[str, ...] = ()
    requires: tuple[str, str] | None = None

    def legal(self) -> str:
        """What a value may be, in words (for error messages and help)."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "spec":
            return "a bot spec with / between its parts, such as heuristic/knock_at=30"
        word = "an integer" if self.kind == "int" else "a number"
        low = f"greater than {_num(self.low)}" if self.low_open else f"from {_num(self.low)}"
        return f"{word} {low} to {_num(self.high)}"

    def read(self, text: str) -> Any:
        """The value ``text`` stands for; raises ValueError (with :meth:`legal`'s words)."""
        if self.kind == "choice":
            if text not in self.choices:
                raise ValueError(self.legal())
            return text
        if self.kind == "spec":  # checked against the game's bots by the bot taking it
            if not text or not text.isascii() or any(ch in text for ch in ":, \t\n"):
                raise ValueError(self.legal())
            return text
        try:
            if not text.isascii() or text != text.strip():  # int() would take "１２" and " 12"
                raise ValueError(text)
            value: Any = int(text) if self.kind == "int" else float(text)
        except ValueError:
            raise ValueError(self.legal()) from None
        if self.kind == "float" and not math.isfinite(value):
            raise ValueError(self.legal())
        low_ok = value > self.low if self.low_open else value >= self.low
        if not (low_ok and value <= self.high):
            raise ValueError(self.legal())
        return value


def _num(x: float | None) -> str:
    return str(int(x)) if x is not None and float(x).is_integer() else str(x)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the bot's ``name``, the ``params`` given (name → value, in the bot's
    order) and the canonical ``text``."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return ":".join([self.name, *(f"{k}={_write(v)}" for k, v in self.params.items())])


def _write(value: Any) -> str:
    if isinstance(value, float):
        return repr(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


def default_bots(game_id: str) -> dict[str, Any]:
    """Name → factory of every bot of ``game_id``: replaced by :mod:`academie.bots` when it is
    imported (which importing this module does first) with its registry."""
    raise UnknownBotError(f"no bots are registered for {game_id}")


def parse_spec(text: str, game_id: str, bots: dict[str, Any] | None = None) -> BotSpec:
    """Read bot spec ``text`` for ``game_id`` (``bots``: name → factory, default the game's
    registry). Raises :class:`~academie.core.errors.UnknownBotError` naming what was wrong: an
    unknown bot (listing the bots), an unknown or repeated parameter (listing the bot's
    parameters), a parameter not written ``key=value``, or a bad value (giving its range)."""
    if bots is None:
        bots = default_bots(game_id)
    if not isinstance(text, str):
        raise UnknownBotError(f"a bot spec is a string such as 'heuristic', not {type(text).__name__}")
    shown = repr(text)
    if len(text) > MAX_SPEC:  # cut as every echoed value is (cli.terminal.one_line): its start and its length
        shown = f"{text[:60] + '…'!r} ({len(text)} characters)"
        raise UnknownBotError(f"bot spec {shown} is longer than {MAX_SPEC} characters")
    name, *parts = [p.strip() for p in text.split(":")]
    if name not in bots:
        raise UnknownBotError(f"unknown bot {name!r} for {game_id}; the bots are: {', '.join(sorted(bots))}")
    declared: dict[str, Param] = getattr(bots[name], "PARAMS", {}) or {}
    if parts and not declared:
        inner = getattr(bots[name], "level_spec", None)  # a level: the spec it stands for takes them
        also = f"; {name} is {inner!r} at {game_id}: give that bot its parameters instead" if inner else ""
        raise UnknownBotError(f"bot spec {shown}: {name} takes no parameters{also}")
    given: dict[str, Any] = {}
    for part in parts:
        key, sep, value = (s.strip() for s in part.partition("="))
        if not sep or not key:
            raise UnknownBotError(
                f"bot spec {shown}: parameter {part!r} must be written key=value, e.g. {_example(name, declared)}"
            )
        if key not in declared:
            raise UnknownBotError(
                f"bot spec {shown}: {name} has no parameter {key!r}; its parameters are: {', '.join(declared)}"
            )
        if key in given:
            raise UnknownBotError(f"bot spec {shown}: parameter {key!r} is given twice")
        try:
            given[key] = declared[key].read(value)
        except ValueError as exc:
            raise UnknownBotError(f"bot spec {shown}: {key} must be {exc}, not {value!r:.30}") from None
    for key in given:
        needs = declared[key].requires
        if needs is not None and given.get(needs[0], declared[needs[0]].default) != needs[1]:
            other, value = needs
            raise UnknownBotError(f"bot spec {shown}: {key} works only with {other}={value}, not "
                                  f"{other}={_write(given.get(other, declared[other].default))}; "
                                  f"add {other}={value} or leave {key} out")
    ordered = {k: given[k] for k in declared if k in given}
    return BotSpec(name, ordered)


def _example(name: str, declared: dict[str, Param]) -> str:
    key, param = next(iter(declared.items()))
    return f"{name}:{key}={_write(param.default)}"


def describe(factory: Any) -> str:
    """One line per parameter of a bot: name, legal values and default, for help texts."""
    declared: dict[str, Param] = getattr(factory, "PARAMS", {}) or {}
    return "; ".join(f"{k} ({p.legal()}, default {_write(p.default)})" for k, p in declared.items())
