"""Typed game options (the table's agreements, *conventions*) with their provenance.

A game declares its options as a pydantic model deriving from :class:`GameOptions`; each field is
made with :func:`option`, which records where the reading comes from (:class:`Provenance`) and
the tag of the reading in our catalogue of the sources' ambiguities (``T1``, ``B7`` …; see :mod:`academie.sources`).

>>> from typing import Literal
>>> class Demo(GameOptions):
...     lives: int = option(3, ge=1, le=9, doc="Lives per player.", provenance=Provenance.SOURCE, ref="T11")
...     tie: Literal["carry", "eldest"] = option("carry", doc="Tie rule.", provenance=Provenance.PROPOSAL, ref="B2")
>>> parse_options(Demo, {"lives": "4"}).lives
4
>>> parse_options(Demo, {"live": 4})
Traceback (most recent call last):
...
academie.core.errors.OptionError: unknown option 'live'; the options are: lives, tie
>>> parse_options(Demo, {"tie": "maybe"})
Traceback (most recent call last):
...
academie.core.errors.OptionError: bad value 'maybe' for option 'tie': allowed values are 'carry', 'eldest'
"""


import enum
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from academie.core.errors import OptionError


class Provenance(str, enum.Enum):
    """Where an option's reading comes from."""

    SOURCE = "source text"
    """The game's own source text states it (or states the choice itself)."""
    LATER = "later source"
    """A later or corroborating source (:data:`academie.sources.LATER_SOURCES`); not the game's own text."""
    PROPOSAL = "our proposal"
    """No source settles the point; this is our reading, to be selectable."""


class GameOptions(BaseModel):
    """Base of every game's options: immutable, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def option(
    default: Any,
    *,
    doc: str,
    provenance: Provenance,
    ref: str,
    allowed: str | None = None,
    **constraints: Any,
) -> Any:
    """Declare one option field: its default, documentation, provenance and reference tag.

    ``allowed`` describes the allowed values when the type alone does not (a validated string);
    ``constraints`` are pydantic field constraints (``ge``, ``le`` …).
    """
    extra: dict[str, Any] = {"provenance": provenance.value, "ref": ref}
    if allowed:
        extra["allowed"] = allowed
    return Field(default, description=doc, json_schema_extra=extra, **constraints)  # type: ignore[arg-type]


@dataclass(frozen=True)
class OptionDoc:
    """One option as listed by ``academie games``."""

    name: str
    default: Any
    allowed: str
    provenance: str
    ref: str
    doc: str


def _allowed(annotation: Any, info: Any) -> str:
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    if extra.get("allowed"):
        return str(extra["allowed"])
    if typing.get_origin(annotation) is typing.Literal:
        return ", ".join(repr(a) for a in typing.get_args(annotation))
    if annotation is bool:
        return "true, false"
    bounds = {}
    for meta in info.metadata:
        for key in ("ge", "le", "gt", "lt"):
            if getattr(meta, key, None) is not None:
                bounds[key] = getattr(meta, key)
    name = getattr(annotation, "__name__", str(annotation))
    if "ge" in bounds and "le" in bounds:
        return f"{name} from {bounds['ge']} to {bounds['le']}"
    if "ge" in bounds:
        return f"{name} >= {bounds['ge']}"
    return name


def describe_options(model: type[GameOptions]) -> list[OptionDoc]:
    """Every option of ``model`` with its default, allowed values, provenance and doc."""
    docs = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        docs.append(
            OptionDoc(
                name=name,
                default=info.default,
                allowed=_allowed(info.annotation, info),
                provenance=str(extra.get("provenance", "")),
                ref=str(extra.get("ref", "")),
                doc=info.description or "",
            )
        )
    return docs


M = TypeVar("M", bound=GameOptions)


def _json_text(value: Any) -> str:
    """``value`` as JSON writes it, cut short (for error messages)."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_json_types(model: type[GameOptions], given: Mapping[str, Any], what: str = "record option") -> None:
    """Options read from a record (or given to an API in Python values: ``what`` names them in
    the message) must come in their JSON types: an ``int`` option as a JSON
    integer (not ``"1"`` nor ``1.0``), a ``bool`` one as ``true``/``false`` (not ``0`` nor
    ``"false"``), a choice or a text as a JSON string (``"brelan": "30.5"``, ``"deck": "48"``, as
    the program writes them). Unknown options pass here (:func:`parse_options` names them).
    Raises :class:`OptionError` (one line) for the first option of another type.

    >>> from typing import Literal
    >>> class Demo(GameOptions):
    ...     lives: int = option(3, doc="Lives.", provenance=Provenance.SOURCE, ref="T11")
    ...     brelan: Literal["off", "30.5"] = option("off", doc="Brelan.", provenance=Provenance.PROPOSAL, ref="T4")
    >>> check_json_types(Demo, {"lives": 2, "brelan": "30.5"})
    >>> check_json_types(Demo, {"lives": "1"})
    Traceback (most recent call last):
    ...
    academie.core.errors.OptionError: record option 'lives' must be an integer, not "1"
    >>> check_json_types(Demo, {"brelan": 30.5})
    Traceback (most recent call last):
    ...
    academie.core.errors.OptionError: record option 'brelan' must be a string ("off" or "30.5"), not 30.5
    """
    fields = model.model_fields
    for key, value in given.items():
        info = fields.get(key)
        if info is None:
            continue
        annotation = info.annotation
        if annotation is bool:
            ok, want = type(value) is bool, "true or false"
        elif annotation is int:
            ok, want = type(value) is int, "an integer"
        elif annotation is float:
            ok, want = type(value) in (int, float), "a number"
        elif annotation is str:
            ok, want = type(value) is str, "a string"
        elif typing.get_origin(annotation) is typing.Literal:
            choices = typing.get_args(annotation)
            ok = any(type(value) is type(c) and value == c for c in choices)
            kinds = {type(c) for c in choices}
            shown = " or ".join(_json_text(c) for c in choices)
            want = f"a string ({shown})" if kinds == {str} else f"one of {shown}"
            if type(value) is str and kinds == {str} and not ok:
                continue  # the right type, a bad value: parse_options lists the allowed values
        else:
            continue
        if not ok:
            raise OptionError(f"{what} {key!r} must be {want}, not {_json_text(value)}")


def parse_options(model: type[M], given: Mapping[str, Any] | None = None) -> M:
    """Validate ``given`` (values, or strings as typed on a command line) into ``model``.

    Raises :class:`OptionError` naming the unknown option and the known ones, or the option with
    a bad value and its allowed values.
    """
    given = dict(given or {})
    fields = model.model_fields
    for key in given:
        if key not in fields:
            raise OptionError(f"unknown option {key!r}; the options are: {', '.join(fields)}")
    try:
        return model(**given)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err["loc"] else "?"
        info = fields.get(key)
        allowed = _allowed(info.annotation, info) if info else ""
        why = f"allowed values are {allowed}"
        if err["type"] == "value_error":  # a game's own validator explains itself
            why = str(err["msg"]).removeprefix("Value error, ")
        if not err["loc"]:  # a rule between several options
            raise OptionError(f"bad options: {why}") from None
        raise OptionError(f"bad value {given.get(key)!r} for option {key!r}: {why}") from None
