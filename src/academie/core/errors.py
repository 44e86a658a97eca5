"""The errors of the engine. Each names what was wrong and what would have been legal.

Every error raised for bad user input derives from :class:`AcademieError`, so an interface can
catch one class, print the message and carry on; the state it came from is left untouched.
"""

from __future__ import annotations


class AcademieError(Exception):
    """Base class of every error raised for bad input to academie."""


class CardCodeError(AcademieError, ValueError):
    """A card code could not be read (``'11H'``, ``'ZZ'``)."""


class OptionError(AcademieError, ValueError):
    """An unknown option, or a bad value for a known one."""


class PlayerCountError(AcademieError, ValueError):
    """A number of players outside the game's range."""


class IllegalActionError(AcademieError, ValueError):
    """An action that is not legal in the current state.

    Attributes: ``action`` (the offending action, as given) and ``legal`` (the legal actions,
    in string notation).
    """

    def __init__(self, message: str, action: object = None, legal: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.action = action
        self.legal = legal


class UnknownGameError(AcademieError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class UnknownBotError(AcademieError, ValueError):
    """A bot name that does not exist for the game."""


class SamplingError(AcademieError, RuntimeError):
    """No world consistent with a seat's view could be drawn (:func:`academie.core.sampling.sample`):
    a view without a trail, or too many proposals refused."""


class SeatError(AcademieError, IndexError):
    """A seat number outside ``0 … num_players - 1`` (or not an integer)."""


MESSAGE_LIMIT = 300
"""The longest message a :class:`RecordError` carries, in characters."""


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` on one line (runs of white space become one space) and cut to ``limit``
    characters with ``…``, so that bad input of any size gives a short error.

    >>> one_line("a\\n  b" + "x" * 400, 10)
    'a bxxxxxx…'
    """
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RecordError(AcademieError, ValueError):
    """A game record that is malformed or does not replay. Its message is one line of at most
    :data:`MESSAGE_LIMIT` characters, whatever the record holds."""

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(one_line(message), *args)


class StateStringError(RecordError):
    """A string that is not a serialised state of the game reading it (OpenSpiel's
    ``deserialize_state``): malformed, of another table, or whose OpenSpiel fields (``history``,
    ``move_number``) differ from what the game record it carries replays to."""


class StackedDeckError(RecordError):
    """A stacked deck (explicit card order) that cannot be dealt as given."""
