"""What the server refuses, said to people in their language: the messages a page or a socket
shows (a bad option value, a player count out of range, a move refused, a table's limits) read
back into a message id and its parameters, as :mod:`academie.presentation.scene.told` reads the
log. The messages are written in English where they are raised (the games and the API speak
English to programs); a page in French shows them in French. A message matching none is shown as
it was written.

>>> refusal("not your turn: Anne is to play, not Bastien", "fr")
"ce n'est pas votre tour : c'est à Anne de jouer, pas à Bastien"
>>> refusal("not your turn: Anne is to play, not Bastien", "en")
'not your turn: Anne is to play, not Bastien'
"""

from __future__ import annotations

import re

from academie.web.i18n import texts


def N_(text: str) -> str:  # noqa: N802
    """Mark ``text`` as a message id (returned as it is)."""
    return text


REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(f"^{p}$", re.S), m) for p, m in (
    (r"not your turn: (?P<name>.+) is to play, not (?P<other>.+)", N_("not your turn: {name} is to play, not {other}")),
    (r"the match is over: no action is legal", N_("the match is over: no action is legal")),
    (r"no hint this time: the hidden cards could not be dealt in time",
     N_("no hint this time: the hidden cards could not be dealt in time")),
    (r"(?P<action>'.*') is not legal now; legal: (?P<legal>.*)", N_("{action} is not legal now; legal: {legal}")),
    (r"(?P<action>'.*') is not a legal action now \((?P<why>.+)\); legal: (?P<legal>.*)",
     N_("{action} is not a legal action now ({why}); legal: {legal}")),
    (r"move (?P<a>\d+) has not happened yet; the table is at move (?P<b>\d+)",
     N_("move {a} has not happened yet; the table is at move {b}")),
    (r"this token is no seat's at this table", N_("this token is no seat's at this table")),
    (r"an onlooker cannot play: open a seat's link", N_("an onlooker cannot play: open a seat's link")),
    (r"this browser holds no seat at this table: open your invitation link",
     N_("this browser holds no seat at this table: open your invitation link")),
    (r"a rematch is asked for once the match is over", N_("a rematch is asked for once the match is over")),
    (r"the number of players is a whole number", N_("the number of players is a whole number")),
    (r"(?P<game>.+) is played by (?P<lo>\d+) to (?P<hi>\d+) players, not (?P<n>.+): the form shows (?P<d>\d+)",
     N_("{game} is played by {lo} to {hi} players, not {n}: the form shows {d}")),
    (r"(?P<game>.+) is played by (?P<lo>\d+) to (?P<hi>\d+) players, not (?P<n>.+)",
     N_("{game} is played by {lo} to {hi} players, not {n}")),
    (r"bad value (?P<value>.+) for option (?P<key>'\w+'): allowed values are (?P<allowed>.+)",
     N_("bad value {value} for option {key}: allowed values are {allowed}")),
    (r"bad value (?P<value>.+) for option (?P<key>'\w+'): (?P<why>.+)", N_("bad value {value} for option {key}: {why}")),
    (r"unknown option (?P<key>.+); the options are: (?P<known>.+)", N_("unknown option {key}; the options are: {known}")),
    (r"seat (?P<n>\d+): bad name (?P<name>.+?): (?P<why>.+)", N_("seat {n}: bad name {name}: {why}")),
    (r"two seats are named (?P<name>.+): each player has a name of his own",
     N_("two seats are named {name}: each player has a name of his own")),
    (r"too many tables: your address already has (?P<made>\d+) unfinished tables, the most one address may have on"
     r" this server \(limit (?P<limit>\d+)\); finish one first \(a table that never had a move stops counting after"
     r" (?P<hours>[\d.]+) hours\)",
     N_("too many tables: your address already has {made} unfinished tables, the most one address may have on this"
        " server (limit {limit}); finish one first (a table that never had a move stops counting after {hours} hours)")),
    (r"too many tables: your address made (?P<made>\d+) tables in the last hour, the most one address may make on"
     r" this server \(limit (?P<limit>\d+) an hour\); try again later",
     N_("too many tables: your address made {made} tables in the last hour, the most one address may make on this"
        " server (limit {limit} an hour); try again later")),
    (r"too many bots: your address has (?P<seats>\d+) bot seats at unfinished tables and asks (?P<more>\d+) more;"
     r" the most one address may have on this server is (?P<limit>\d+)",
     N_("too many bots: your address has {seats} bot seats at unfinished tables and asks {more} more; the most one"
        " address may have on this server is {limit}")),
))
"""Each message people may be shown: its pattern (its parameters as groups) and its message id."""

WHY = (N_("that card is not in your hand"), N_("throw the dice"), N_("draw from the stock or the pile first"))
"""The games' reasons for refusing a move that a person may meet (a parameter ``why``, translated)."""


def refusal(message: str, lang: str) -> str:
    """``message`` (a refusal, an error of the server) in ``lang``; as it is when it is no message
    of :data:`REFUSALS` (or in English)."""
    if lang == "en":
        return message
    for pattern, msgid in REFUSALS:
        m = pattern.match(message)
        if m:
            t = texts(lang)
            params = {k: t._(v) if k == "why" and v in WHY else v for k, v in m.groupdict().items()}
            return t._(msgid).format(**params)
    return message
