"""Shared bits of the Reversis scenario tests (source 001, REFERENCE.md §2).

A deal is written as its tricks: ``Deal(tricks=[...], talon="JH AS AC", ecart={...})`` where
each trick lists its cards in the order played, leader first (the first leader is the premier en
cartes, then the winner of each trick leads: the highest card of the suit led). The hands dealt
are worked out from the tricks, the original talon and the écart (a non-dealer who exchanged
card X held X and not the talon card he took; the dealer held his discard too), and the stack
must name the whole pack. The engine checks every card is legal when it is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from academie.cards import RANKS, card_code, pack, parse_card
from tests.helpers import play, refused, reversis_deck, reversis_state, snapshot  # noqa: F401 (shared)


def code(text: str) -> str:
    return card_code(parse_card(text))


def codes(text: str) -> list[str]:
    return [code(c) for c in text.split()]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


def rank(c: str) -> int:
    return RANKS.index(c[:-1])


@dataclass
class Deal:
    """One stacked deal given by its tricks (see the module docstring)."""

    tricks: list[str]
    talon: str
    ecart: dict[int, str] = field(default_factory=dict)  # seat -> card put in the talon, or "pass"
    dealer: int = 0
    players: int = 4
    step: int = -1
    deck: int = 48

    def order(self) -> list[int]:
        n, d = self.players, self.dealer
        return [(d + self.step * k) % n for k in range(1, n + 1)]

    def plays(self) -> list[tuple[int, str]]:
        """(seat, card) of every card played, in order."""
        out, leader = [], self.order()[0]
        for trick in self.tricks:
            played = codes(trick)
            assert len(played) == self.players, f"a trick of {len(played)} cards: {trick}"
            seats = [(leader + self.step * k) % self.players for k in range(self.players)]
            out += list(zip(seats, played, strict=True))
            led = played[0][-1]
            leader = max((p for p in zip(seats, played, strict=True) if p[1][-1] == led), key=lambda p: rank(p[1]))[0]
        return out

    def hands(self) -> list[str]:
        held: list[list[str]] = [[] for _ in range(self.players)]
        for seat, c in self.plays():
            held[seat].append(c)
        talon = codes(self.talon)
        for idx, seat in enumerate(self.order()):
            move = self.ecart.get(seat, "pass")
            if move == "pass":
                continue
            if seat == self.dealer:
                held[seat].append(code(move))
            else:
                held[seat].remove(talon[idx])
                held[seat].append(code(move))
        return [" ".join(h) for h in held]

    def stack(self, packet: int = 3) -> list[str]:
        stack = reversis_deck(self.hands(), self.talon, dealer=self.dealer, step=self.step, packet=packet)
        assert sorted(parse_card(c) for c in stack) == sorted(pack(self.deck)), "the stack is not the whole pack"
        return stack

    def ecart_moves(self) -> list[str]:
        """The écart in turn order: the players who may exchange, then the dealer."""
        may = len(codes(self.talon))
        moves = [self.ecart.get(s, "pass") for s in self.order()[:-1][:may]]
        return moves + [self.ecart[self.dealer]]

    def card_moves(self) -> list[str]:
        return [c for _, c in self.plays()]

    def moves(self) -> list[str]:
        return self.ecart_moves() + self.card_moves()


def start(deals: list[Deal] | Deal, total: int | None = None, **options):
    """The state at the first decision of the first deal of a match of ``total`` deals (default:
    as many as given), the first ones from the list."""
    if isinstance(deals, Deal):
        deals = [deals]
    options.setdefault("deals", total or len(deals))
    packet = options.get("packet", 3)
    seed = 0 if options["deals"] > len(deals) else None  # the deals after the given ones: seeded
    return reversis_state([d.stack(packet) for d in deals], players=deals[0].players, seed=seed, **options)


def run(deals: list[Deal] | Deal, total: int | None = None, **options):
    """Play every given deal to its end (of a match of ``total`` deals: :func:`start`); returns the state."""
    if isinstance(deals, Deal):
        deals = [deals]
    state, chance = start(deals, total, **options)
    for deal in deals:
        play(state, chance, deal.moves())
    return state


def to_trick(deal: Deal, trick: int, **options):
    """The state just before trick ``trick`` (1-based) of ``deal`` is led, with its chance."""
    state, chance = start(deal, **options)
    play(state, chance, deal.ecart_moves() + deal.card_moves()[: deal.players * (trick - 1)])
    return state, chance


def entries(state, reason: str = "", deal: int | None = None) -> list[tuple]:
    """(source, target, amount) of the ledger entries whose reason contains ``reason``."""
    return [(e.source, e.target, e.amount) for e in state.match.ledger.entries
            if reason in e.reason and (deal is None or e.deal == deal)]


def total(state) -> int:
    return sum(state.match.counters) + sum(state.match.pots.values())


# --- the deals used across the files ----------------------------------------------------------
# Dealer 0, so the order is 3 (premier en cartes), 2, 1, 0; every trick lists the leader first.

# QUIET: the quinola lies in the talon and nobody takes it; no ace is renounced or forced (A♥ is
# led). Tricks 2, 3, 3, 3 and points 0, 8, 9, 10 for seats 0, 1, 2, 3; talon J♥ A♠ A♣ A♦ = 17.
QUIET = Deal(
    tricks=[
        "2H 3H 4H 5H",  # 1: 3 leads, 0 wins
        "2S 3S 4S 5S",  # 2: 0 leads, 1 wins
        "2C 3C 4C 5C",  # 3: 1 leads, 2 wins
        "2D 3D 4D 5D",  # 4: 2 leads, 3 wins
        "6H 7H 8H 9H",  # 5: 3 leads, 0 wins
        "6S 7S 8S 9S",  # 6: 0 leads, 1 wins
        "6C 7C 8C 9C",  # 7: 1 leads, 2 wins
        "6D 7D 8D 9D",  # 8: 2 leads, 3 wins
        "AH KH QH JS",  # 9: 3 leads the A♥, 0 renounces; 3 wins
        "JC QC KC QS",  # 10: 3 leads, 0 renounces; 1 wins
        "JD KS QD KD",  # 11: 1 leads, 0 renounces; 2 wins
    ],
    talon="JH AS AC",
    ecart={0: "AD"},
)

# RENOUNCE: seat 2 has no spade and throws the quinola on trick 2 (a spade led by 0, won by 1);
# tricks 4, 4, 1, 2 and points 11, 17, 0, 0 for seats 0..3; talon A♠ A♣ A♦ 2♦ = 15.
RENOUNCE = Deal(
    tricks=[
        "2H 3H 4H 5H",  # 1: 3 leads, 0 wins
        "2S 3S JH 4S",  # 2: 0 leads, 2 throws the quinola on a renounce, 1 wins
        "5S 6S 7S 3C",  # 3: 1 leads, 3 wins
        "8S 4C 9S JS",  # 4: 3 leads, 0 wins
        "6H 7H 8H 9H",  # 5: 0 leads, 1 wins
        "2C 5C 6C 7C",  # 6: 1 leads, 2 wins
        "3D 4D 5D 6D",  # 7: 2 leads, 3 wins
        "7D 8D 9D JD",  # 8: 3 leads, 0 wins
        "AH QH KH 8C",  # 9: 0 leads the A♥, 1 renounces; 0 wins
        "9C JC QC KC",  # 10: 0 leads, 1 wins
        "KS QS QD KD",  # 11: 1 leads, 3 and 2 renounce; 1 wins
    ],
    talon="AS AC AD",
    ecart={0: "2D"},
)

# FORCED: seat 2's only heart is the quinola; the premier (3) leads a heart at once and it must
# go (trick 1, won by 0's K♥). Tricks 5, 3, 1, 2 and points 18, 10, 0, 0 for seats 0..3; talon
# A♠ A♣ A♦ 2♦ = 15.
FORCED = Deal(
    tricks=[
        "2H JH QH KH",  # 1: 3 leads, 2 must give the quinola, 0 wins
        "2S 3S 2C 4S",  # 2: 0 leads, 1 wins
        "5S 6S 7S 3C",  # 3: 1 leads, 3 wins
        "8S 4C 9S JS",  # 4: 3 leads, 0 wins
        "3H 6H 5C 7H",  # 5: 0 leads, 1 wins
        "6C 7C 8C 9C",  # 6: 1 leads, 2 wins
        "3D 4D 5D 6D",  # 7: 2 leads, 3 wins
        "7D 8D 9D JD",  # 8: 3 leads, 0 wins
        "AH 4H JC 8H",  # 9: 0 leads the A♥; 0 wins
        "9H 5H QC KC",  # 10: 0 leads, 0 wins
        "QS QD KD KS",  # 11: 0 leads, 1 wins
    ],
    talon="AS AC AD",
    ecart={0: "2D"},
)

# LED: as FORCED, but the premier (3) holds the quinola and leads it himself; seat 2 gives 2♥.
LED = Deal(
    tricks=["JH 2H QH KH"] + FORCED.tricks[1:],
    talon="AS AC AD",
    ecart={0: "2D"},
)

# LEDFORCED: as LED, but the J♥ is the premier's (3) only heart: the first lead must be a heart,
# so he is forced to lead it; seat 2 holds his hearts (6♥ 4♥ 5♥) instead of his clubs.
LEDFORCED = Deal(
    tricks=["JH 2H QH KH"] + FORCED.tricks[1:4] + ["3H 5C 6H 7H"] + FORCED.tricks[5:8]
    + ["AH JC 4H 8H", "9H QC 5H KC", "QS QD KD KS"],
    talon="AS AC AD",
    ecart={0: "2D"},
)

# CHOICE: as FORCED, but seat 2 also holds the 5♥ and gives the J♥ on trick 1 by choice.
CHOICE = Deal(
    tricks=FORCED.tricks[:4] + ["3H 6H 5H 7H"] + FORCED.tricks[5:8] + ["AH 4H JC 8H", "9H 5C QC KC", "QS QD KD KS"],
    talon="AS AC AD",
    ecart={0: "2D"},
)

# SLAM: seat 3 takes every trick. Seat 1 renounces A♣ on trick 1, seat 2 throws the quinola on
# trick 2 (a spade), seat 0 renounces A♦ on trick 3; 3 pays 1 + 2 + 1 during the deal.
# Talon K♠ K♣ Q♦ K♦ = 15.
SLAM = Deal(
    tricks=[
        "AH 2H AC 2D",  # 1
        "AS JH 2S 3S",  # 2
        "KH 2C 3C AD",  # 3
        "QH 3D 4S 4C",  # 4
        "9H 4D 5S 5C",  # 5
        "8H 5D 6S 6C",  # 6
        "7H 6D 7S 7C",  # 7
        "6H 7D 8S 8C",  # 8
        "5H 8D 9S 9C",  # 9
        "4H 9D JS JC",  # 10
        "3H JD QS QC",  # 11
    ],
    talon="KS KC QD",
    ecart={0: "KD"},
)

# BROKEN: seat 3 takes the first nine tricks, then leads 2♠ and seat 1 takes tricks 10 and 11.
# Seat 2 throws the quinola on trick 2 and wins the pool. Talon 4♥ K♣ Q♦ K♦.
BROKEN = Deal(
    tricks=[
        "AH 2H AC 2D",  # 1
        "AS JH KS 3S",  # 2
        "KH 2C 3C AD",  # 3
        "QH 3D 4S 4C",  # 4
        "9H 4D 5S 5C",  # 5
        "8H 5D 6S 6C",  # 6
        "7H 6D 7S 7C",  # 7
        "6H 7D 8S 8C",  # 8
        "5H 8D 9S 9C",  # 9
        "2S 9D JS JC",  # 10: 3 leads low, 1 wins
        "QS QC 3H JD",  # 11: 1 leads, 1 wins
    ],
    talon="4H KC QD",
    ecart={0: "KD"},
)

# ACES: seat 2 renounces the A♥ on trick 2 (won by 1), seat 0 must give his only club, the A♣,
# on trick 3 (led by 1), seat 0 leads the A♠ on trick 4 and seat 3 gives the A♦ on trick 5
# while he holds another diamond. Talon J♥ Q♥ K♥ K♦ = 13.
ACES = Deal(
    tricks=[
        "2H 3H 4H 5H",  # 1: 3 leads, 0 wins
        "2S 3S AH 4S",  # 2: 0 leads, 2 renounces the A♥, 1 wins
        "2C AC 3C 4C",  # 3: 1 leads, 0's only club is the A♣; 0 wins
        "AS 5S 2D 6S",  # 4: 0 leads the A♠, 0 wins
        "3D AD 4D 5D",  # 5: 0 leads, 3 gives the A♦ (he keeps 6♦); 3 wins
        "6H 7H 8H 9H",  # 6: 3 leads, 0 wins
        "7S 8S 5C 9S",  # 7: 0 leads, 1 wins
        "6C JS 7C 8C",  # 8: 1 leads, 2 wins
        "6D 7D 8D 9D",  # 9: 2 leads, 3 wins
        "9C JC QC QS",  # 10: 3 leads, 1 wins
        "JD KS QD KC",  # 11: 1 leads, 3 wins
    ],
    talon="JH QH KH",
    ecart={0: "KD"},
)

# SCALE: seat 3 takes eight tricks (26 points); seat 2 one trick with the A♠ only, seat 1 one with
# K♠ K♣, seat 0 one with J♠ J♦ J♣. Talon J♥ 2♦ 3♦ 4♦ = 2.
SCALE = Deal(
    tricks=[
        "AH 2H 3H 4H",  # 1
        "AD 5D 6D 7D",  # 2
        "AC 2C 3C 4C",  # 3
        "QH 5H 6H 7H",  # 4
        "QS 2S 3S 4S",  # 5
        "QC 5C 6C 7C",  # 6
        "KD QD 8D 9D",  # 7
        "KH 8H 9H 5S",  # 8
        "6S AS 7S 8S",  # 9: 3 leads, 2 wins with the A♠
        "9C KC 8C KS",  # 10: 2 leads, 1 wins
        "9S JS JD JC",  # 11: 1 leads, 0 wins
    ],
    talon="JH 2D 3D",
    ecart={0: "4D"},
)

# The QUIET deal up to trick 8 (each seat two tricks, no point), then three tricks of honours.
QUIET8 = QUIET.tricks[:8]

# TIE13: seats 1 and 3 end with no point and two tricks each; 0 has 19 points, 2 has 8.
TIE13 = Deal(tricks=QUIET8 + ["JD KD QS QD", "JC JS KC QC", "AH KH QH KS"], talon="JH AS AC", ecart={0: "AD"})

# TIE02: seats 0 (the dealer) and 2 end with no point and two tricks each; 1 has 20, 3 has 7.
TIE02 = Deal(tricks=QUIET8 + ["KD JD QD JS", "QC JC KC QS", "AH KH QH KS"], talon="JH AS AC", ecart={0: "AD"})

# PAYTIE: seats 3 and 1 have the most points (10 each), 2 has 7, 0 none.
PAYTIE = Deal(tricks=QUIET8 + ["AH KH QH JS", "QD QS KD KC", "JC KS JD QC"], talon="JH AS AC", ecart={0: "AD"})

# ZERO: as SLAM, but seat 3 leads 2♣ at the end and the dealer (0) takes that trick with 9♣ —
# no point in it; seats 1 and 2 take no trick. Seat 2 threw the quinola on trick 2.
ZERO = Deal(
    tricks=[
        "AH 2H AC 2D",
        "AS JH 2S 3S",
        "KH 3H 3C AD",
        "QH 3D 4S 4C",
        "9H 4D 5S 5C",
        "8H 5D 6S 6C",
        "7H 6D 7S 7C",
        "6H 7D 8S 8C",
        "5H 8D QS QC",
        "4H JD JS JC",
        "2C 9D 9S 9C",  # 3 leads low, 0 wins without a point
    ],
    talon="KS KC QD",
    ecart={0: "KD"},
)

# SLAMQ: seat 3 takes every trick and leads the quinola himself on the last one (a bête).
SLAMQ = Deal(
    tricks=[
        "AH 2H AC 2D",
        "AS 3H 2S 3S",
        "KH 2C 3C AD",
        "QH 3D 4S 4C",
        "9H 4D 5S 5C",
        "8H 5D 6S 6C",
        "7H 6D 7S 7C",
        "6H 7D 8S 8C",
        "5H 8D 9S 9C",
        "4H 9D JS JC",
        "JH JD QS QC",
    ],
    talon="KS KC QD",
    ecart={0: "KD"},
)

# ECARTE: the FORCED hands, but seat 2 puts his lone quinola in the talon (quinola forcé) and
# takes 2♦ in its place; the dealer discards the A♣. Talon A♠ A♦ J♥ A♣ = 17.
ECARTE = Deal(tricks=["2H 2D QH KH"] + FORCED.tricks[1:], talon="AS 2D AD", ecart={2: "JH", 0: "AC"})

# FIVE: five players, dealer 0 (order 4, 3, 2, 1, 0), talon of two; nine tricks.
FIVE = Deal(
    tricks=[
        "2H 3H 4H 5H 6H",  # 4 leads, 0 wins
        "2S 3S 4S 5S 6S",  # 0 leads, 1 wins
        "2C 3C 4C 5C 6C",  # 1 leads, 2 wins
        "2D 3D 4D 5D 6D",  # 2 leads, 3 wins
        "AH 8H 9H QH KH",  # 3 leads the A♥, 3 wins
        "7S 8S 9S JS QS",  # 3 leads, 4 wins
        "7C 8C 9C JC QC",  # 4 leads, 0 wins
        "7D 8D 9D JD QD",  # 0 leads, 1 wins
        "AD KD 7H KS KC",  # 1 leads the A♦, 1 wins
    ],
    talon="JH AS",
    ecart={0: "AC"},
    players=5,
)


def rotated(deal: Deal, dealer: int) -> Deal:
    """The same deal, seats turned so that ``dealer`` deals (the dealer's discard kept). Seat 0
    deals first, so a rotated deal is for a later deal of the match."""
    shift = dealer - deal.dealer
    ecart = {(s + shift) % deal.players: m for s, m in deal.ecart.items()}
    return Deal(tricks=deal.tricks, talon=deal.talon, ecart=ecart, dealer=dealer, players=deal.players,
                step=deal.step, deck=deal.deck)


def dealt(hands: list[str], talon: str, dealer: int = 0, players: int = 4, **options):
    """A state at the first decision, dealt from explicit hands (the stack names every card)."""
    stack = reversis_deck(hands, talon, dealer=dealer, packet=options.get("packet", 3))
    options.setdefault("deals", 1)
    return reversis_state([stack], players=players, seed=None, **options)


# Explicit hands for the écart: 3 holds a lone K♥, 2 a lone Q♥, 1 a lone quinola; the dealer
# holds the nine other hearts. Talon Q♣ K♣ A♣.
LONE = ["2H 3H 4H 5H 6H 7H 8H 9H AH 8C 9C JC",
        "JH JD QD KD AD 2C 3C 4C 5C 6C 7C",
        "QH KS AS 2D 3D 4D 5D 6D 7D 8D 9D",
        "KH 2S 3S 4S 5S 6S 7S 8S 9S JS QS"]
LONE_TALON = "QC KC AC"

# Explicit hands where seat 2 keeps the quinola beyond the first two tricks: he has no spade,
# and spades are first led on trick 3.
LATE = ["5H 8H 9H QH 2C 6C 2S 3S 6S 7S KD AD",
        "4H 7H 5C QC KC 5S 9S JS AS JD QD",
        "3H JH 4C 8C 9C JC 5D 6D 7D 8D 9D",
        "2H 6H 3C 7C 4S 8S QS KS 2D 3D 4D"]
LATE_TALON = "KH AH AC"
LATE_MOVES = "pass pass pass KD 2H 3H 4H 5H 2C 3C 4C 5C 5S 6S 8S"  # trick 3: seat 2 to play

# Explicit hands where seat 2's only heart is the A♥ and seat 3 leads a heart.
ACE_ALONE = ["8H 9H JH QH KH JS QS KS QC KC QD KD",
             "5H 6H 7H 6S 7S 8S 9S 9C JC 9D JD",
             "AH 2C 3C 4C 5C 6C 7C 8C 6D 7D 8D",
             "2H 3H 4H 2S 3S 4S 5S 2D 3D 4D 5D"]
ACE_ALONE_TALON = "AS AC AD"
