"""The narration's commonest sentences as phrases to translate: a line of the log (the terminal's
words, :mod:`academie.presentation.narration`) read back into its message id and parameters, so
that a French page tells the moves in French. A line matching none stays as it was told.

>>> told_phrase("Anne plays Q♥ — Bastien takes the trick.")
Phrase(text='{name} plays {card} — {other} takes the trick.', params=(('name', 'Anne'), ('card', 'Q♥'), ('other', 'Bastien')), plural=None)
>>> told_phrase("Anne pays 2 jetons to Bastien — the talon") is None
True
"""

from __future__ import annotations

import re

from academie.presentation.scene import N_, Phrase

NAME, CARD, NUM = r"(?P<name>[^—:;]+?)", r"(?P<card>(?:10|[2-9JQKA])[♠♥♦♣])", r"(?P<n>\d+)"
TOLD: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p.format(NAME=NAME, CARD=CARD, N=NUM)), m) for p, m in (
    (r"^{NAME} plays {CARD} — (?P<other>[^—:;]+?) takes the trick\.$", N_("{name} plays {card} — {other} takes the trick.")),
    (r"^{NAME} plays {CARD}\.$", N_("{name} plays {card}.")),
    (r"^{NAME} discards {CARD}\.$", N_("{name} discards {card}.")),
    (r"^{NAME} takes {CARD} from the pile\.$", N_("{name} takes {card} from the pile.")),
    (r"^{NAME} draws from the stock\.$", N_("{name} draws from the stock.")),
    (r"^{NAME} draws {CARD} from the stock\.$", N_("{name} draws {card} from the stock.")),
    (r"^{NAME} knocks!$", N_("{name} knocks!")),
    (r"^{NAME} stands\.$", N_("{name} stands.")),
    (r"^{NAME} stays\.$", N_("{name} stays.")),
    (r"^{NAME} asks for a card\.$", N_("{name} asks for a card.")),
    (r"^{NAME} asks for a card and receives {CARD}\.$", N_("{name} asks for a card and receives {card}.")),
    (r"^{NAME} exchanges a card with the talon\.$", N_("{name} exchanges a card with the talon.")),
    (r"^{NAME} discards one card onto the talon\.$", N_("{name} discards one card onto the talon.")),
    (r"^{NAME} keeps his cards\.$", N_("{name} keeps his cards.")),
    (r"^{NAME} stirs the cotillon \(a card given up face down, one taken unseen\)\.$",
     N_("{name} stirs the cotillon (a card given up face down, one taken unseen).")),
    (r"^{NAME} drops out of the cabaret\.$", N_("{name} drops out of the cabaret.")),
    (r"^{NAME} throws {N}: from the start to (?P<b>\d+)\.$", N_("{name} throws {n}: from the start to {b}.")),
    (r"^{NAME} throws {N}: from (?P<a>\d+) to (?P<b>\d+)\.$", N_("{name} throws {n}: from {a} to {b}.")),
    (r"^End of deal {N}$", N_("End of deal {n}")),
    (r"^End of the match$", N_("End of the match")),
    (r"^Dealer: {NAME}\.$", N_("Dealer: {name}.")),
    (r"^Hands shown after {NAME} knocked\.$", N_("Hands shown after {name} knocked.")),
    (r"^{NAME} is eliminated\.$", N_("{name} is eliminated.")),
    (r"^Deal {N}: (?P<name>[^;.]+?) deals\. Pool (?P<p>\d+)\.$", N_("Deal {n}: {name} deals. Pool {p}.")),
    (r"^Deal {N}: (?P<name>[^;.]+?) deals; the up card is {CARD}\.$", N_("Deal {n}: {name} deals; the up card is {card}.")),
    (r"^The race begins\.$", N_("The race begins.")),
    (r"^Match over after 1 deal\.$", N_("Match over after 1 deal.")),
    (r"^Match over after {N} deals\.$", N_("Match over after {n} deals.")),
    (r"^Baskets now: (?P<rest>[^—]+)$", N_("Baskets now: {rest}")),
    (r"^Belle: {NAME}$", N_("Belle: {name}")),
    (r"^Trente-un: {NAME}$", N_("Trente-un: {name}")),
))
"""Each sentence: its pattern (names, cards and numbers as groups) and its message id."""


def told_phrase(line: str) -> Phrase | None:
    """The phrase a line of the log tells (its message id and parameters), or None."""
    for pattern, message in TOLD:
        m = pattern.match(line)
        if m:
            return Phrase(message, tuple(m.groupdict().items()))
    return None
