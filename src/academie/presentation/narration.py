"""The course of a match told as text, the same way in the terminal (``play`` for a person or a
demo, ``replay``) and in the browser (``academie serve`` tells each table with it): shared by both
interfaces (the command line also knows it as :mod:`academie.cli.narrate`).

The driver applies every chance outcome one at a time and tells the narrator after each
(:meth:`Narrator.chanced`), and after each player's move (:meth:`Narrator.moved`). After every
action the narrator prints the header of every deal that has begun, each counter that moved (who
paid whom, how much and by which rule, from the ledger), and the result panel of every deal that
has ended, however it ended: a deal that ends with no player move (a 31 on the first cards) has
its header and its result like any other. It prints on a rich console: the terminal's, or a
text buffer (the web).

Only public information is printed: headers and results come from public views and public deal
results; the ledger holds payments made in the open. A seat's own cards are shown only through
its own view.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from rich.console import Console, Group
from rich.padding import Padding
from rich.text import Text

from academie.cards import card_label, parse_card
from academie.presentation.render.common import Joined, jetons, nets_from, person, signed
from academie.core.ledger import Account, Entry, LivesEntry
from academie.core.state import State
from academie.sources import source


def plural(count: int, word: str, many: str | None = None) -> str:
    """``'1 trick'``, ``'2 tricks'``, ``'1 jeton'``.

    >>> plural(1, "trick"), plural(0, "trick"), plural(3, "life", "lives")
    ('1 trick', '0 tricks', '3 lives')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def join_names(parts: Sequence[str]) -> str:
    """``'Anne'``, ``'Anne and Denis'``, ``'Anne, Bastien and Denis'``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def source_name(siglum: str) -> str:
    """A source as a ledger line names it: the author or work of its short bibliographic name
    (:mod:`academie.sources`), never the siglum the code cites it by.

    >>> source_name("004"), source_name("001"), source_name("Almanach")
    ('Larousse', "Diderot & d'Alembert", 'Almanach des jeux (1785)')
    """
    return source(siglum).short.split(",")[0].strip()


_TAG = re.compile(r"\s*\[(?P<sig>[^\]]+)\]\s*(?:règle (?P<rule>\d+))?\s*(?:«\s*(?P<words>.*?)\s*»)?\s*$")


def clean_reason(reason: str) -> str:
    """A ledger reason as a person reads it: the English phrase, then in brackets the source's
    short name (resolved from its siglum), its rule number and its own French words. Reference
    tags of our catalogue (``R9``) are dropped; card codes stay (see :func:`card_labels`).

    >>> clean_reason("the pool [001] «gagne le jeu»")
    "the pool (Diderot & d'Alembert: « gagne le jeu »)"
    >>> clean_reason("the fou taken [004] règle 5 «il paye un jeton à celui qui l'emporte»")
    "the fou taken (Larousse, rule 5: « il paye un jeton à celui qui l'emporte »)"
    >>> clean_reason("broken reversis [Almanach]"), clean_reason("pool ante (R9)")
    ('broken reversis (Almanach des jeux (1785))', 'pool ante')
    """
    text = re.sub(r"\s*\(\s*[A-Z]{1,2}\d+[a-z]?\s*\)", "", reason)
    text = re.sub(r",\s*[A-Z]{1,2}\d+[a-z]?\s*\)", ")", text)
    tag = _TAG.search(text)
    if tag is not None:
        try:
            name = source_name(tag.group("sig"))
        except KeyError:
            name = None
        if name is not None:
            cited = name + (f", rule {tag.group('rule')}" if tag.group("rule") else "")
            if tag.group("words"):
                cited += f": « {tag.group('words')} »"
            text = f"{text[:tag.start()].strip()} ({cited})"
    return re.sub(r"\s{2,}", " ", text).strip()


def reason_text(reason: str) -> str:
    """A ledger reason as every output shows it (terminal and JSON): :func:`clean_reason`
    with card codes as the table shows cards.

    >>> reason_text("AH on a renounce [001] «on gagne de celui qui leve»")
    "A♥ on a renounce (Diderot & d'Alembert: « on gagne de celui qui leve »)"
    """
    return card_labels(clean_reason(reason))


_CODE = re.compile(r"\b(10|[2-9TJQKA])([SHDC])\b")


def card_labels(text: str) -> str:
    """Card codes in a reason shown as the table shows cards: ``AH`` → ``A♥``.

    >>> card_labels("AH on a renounce"), card_labels("TS forced out")
    ('A♥ on a renounce', '10♠ forced out')
    """
    return _CODE.sub(lambda m: card_label(parse_card(m.group(0))), text)


def _amount(n: int) -> str:
    return plural(n, "jeton")


def ledger_lines(
    entries: Sequence[Entry], names: Sequence[str], pot_label: Callable[[str], str], seats: Sequence[int]
) -> list[Text]:
    """One line per movement of counters, movements of the same rule and amount grouped:
    ``Anne, Bastien and you pay 1 jeton each to the poule — pool ante``. ``seats`` are the seats
    still in the match (to say "each player")."""
    groups: dict[tuple[str, int, Account], list[Account]] = {}
    for e in entries:
        groups.setdefault((e.reason, e.amount, e.target), []).append(e.source)
    # A single payer paying the same thing to several seats: one line, several targets.
    fanned: dict[tuple[str, int, Account], list[Account]] = {}
    stakes: dict[tuple, list[str]] = {}
    order: list[tuple[str, tuple]] = []
    for (reason, amount, target), sources in groups.items():
        if len(sources) == 1 and isinstance(target, int) and isinstance(sources[0], int):
            key = (reason, amount, sources[0])
            if key not in fanned:
                fanned[key] = []
                order.append(("fan", key))
            fanned[key].append(target)
        elif isinstance(target, str) and all(isinstance(x, int) for x in sources):
            # The same payers putting the same amount into several pots for one rule, written
            # with the pot's name (a stake in each box): one line.
            template = reason.replace(target, "{pot}")
            key2 = (template, amount, tuple(sources))
            if template != reason and key2 in stakes:
                stakes[key2].append(target)
            else:
                if template != reason:
                    stakes[key2] = [target]
                order.append(("pots", (reason, amount, target, key2)))
        else:
            order.append(("group", (reason, amount, target)))
    lines = []
    for kind, key in order:
        if kind == "pots":
            reason, amount, target, key2 = key
            pots = stakes.get(key2, [target])
            if len(pots) == 1:
                kind, key = "group", (reason, amount, target)
            else:
                text = _pays(names, list(key2[2]), target, amount, pot_label, seats)
                text = text.replace(pot_label(target), "each of " + _many_pots([pot_label(p) for p in pots]))
                shown = re.sub(r"\s*\b(in|into|for|to) the \{pot\}(\s+(box|basket))?", "", key2[0])
                line = Text("  " + text)
                line.append(f" — {reason_text(shown)}", style="dim")
                lines.append(line)
                continue
        if kind == "fan":
            reason, amount, source = key
            targets = fanned[key]
            if len(targets) == 1:
                text = _pays(names, [source], targets[0], amount, pot_label, seats)
            else:
                others = set(seats) - {source}
                who = person(names, source, start=True)
                verb = "pay" if names[source] == "You" else "pays"
                to = "each other player" if set(targets) == others else "each of " + join_names(
                    [person(names, t) for t in targets])
                text = f"{who} {verb} {_amount(amount)} to {to}"
        else:
            reason, amount, target = key
            text = _pays(names, groups[key], target, amount, pot_label, seats)
        line = Text("  " + text, style="")
        line.append(f" — {reason_text(reason)}", style="dim")
        lines.append(line)
    return lines


def _many_pots(labels: Sequence[str]) -> str:
    """``['the fou box', 'the roi box']`` → ``'the fou and roi boxes'``."""
    words = [label.split() for label in labels]
    if all(w[0] == "the" and len(w) >= 3 and w[-1] == words[0][-1] for w in words):
        noun = words[0][-1]
        return "the " + join_names([" ".join(w[1:-1]) for w in words]) + f" {noun}{'es' if noun.endswith(('x', 's')) else 's'}"
    return join_names(list(labels))


def _pays(names: Sequence[str], sources: Sequence[Account], target: Account, amount: int,
          pot_label: Callable[[str], str], seats: Sequence[int]) -> str:
    if isinstance(sources[0], str):  # a pot pays out: « X takes the pot »
        pots = join_names([pot_label(s) for s in sources])  # type: ignore[arg-type]
        seat = int(target)
        verb = "take" if names[seat] == "You" else "takes"
        return f"{person(names, seat, start=True)} {verb} {_amount(amount * len(sources))} from {pots}"
    payers = [int(s) for s in sources]
    where = pot_label(target) if isinstance(target, str) else person(names, target)
    into = "into" if isinstance(target, str) else "to"
    if len(payers) == 1:
        who = person(names, payers[0], start=True)
        verb = ("put" if isinstance(target, str) else "pay") if names[payers[0]] == "You" else (
            "puts" if isinstance(target, str) else "pays")
        return f"{who} {verb} {_amount(amount)} {into} {where}"
    verb = "put" if isinstance(target, str) else "pay"
    if set(payers) == set(seats) and len(payers) == len(seats):
        return f"Each player {verb}s {_amount(amount)} {into} {where}"
    if isinstance(target, int) and set(payers) == set(seats) - {target}:
        return f"Each other player {verb}s {_amount(amount)} to {where}"
    who = join_names([person(names, p, start=(i == 0)) for i, p in enumerate(payers)])
    return f"{who} {verb} {_amount(amount)} each {into} {where}"


def lives_line(entry: LivesEntry, names: Sequence[str]) -> Text:
    """One movement of lives as a line, with its rule: ``Anne loses 2 lives — the knocker has
    the lowest total (« Règles de Trente et un »…: « … en perd deux »)``."""
    if entry.seat is None:
        text = "No life is lost: the round is void"
    else:
        you = names[entry.seat] == "You"
        who = person(names, entry.seat, start=True)
        if entry.kind == "lives" and entry.lives:
            text = f"{who} {'lose' if you else 'loses'} {plural(entry.lives, 'life', 'lives')}"
        elif entry.kind == "lives":
            text = f"{who} {'lose' if you else 'loses'} no life"
        elif entry.kind == "bus":
            text = f"{who} {'go' if you else 'goes'} on the bus, out at the next loss"
        else:
            text = f"{who} {'are' if you else 'is'} out of the match"
    line = Text("  " + text)
    line.append(f" — {reason_text(entry.reason)}", style="dim")
    return line


def hanging(line: Text) -> Any:
    """A movement line (``'  Anne pays …'``) whose wrapped lines keep its indent."""
    if not line.plain.startswith("  "):
        return line
    return Padding(line[2:], (0, 0, 0, 2), expand=False)


def _deal_of(entry: Entry) -> int:
    return entry.deal


def deal_deltas(entries: Sequence[Entry], deal: int, num_players: int) -> list[int]:
    """Each seat's counters won (+) or lost (−) in deal ``deal`` (0-based), stakes included.
    ``entries`` are a ledger's, in the order recorded (their deals never go down): only the
    deal's own entries are read, found by bisection, so that a deal's figures cost the same
    late in a long match as early."""
    out = [0] * num_players
    start = bisect_left(entries, deal, key=_deal_of)
    for e in entries[start:bisect_right(entries, deal, lo=start, key=_deal_of)]:
        if isinstance(e.source, int):
            out[e.source] -= e.amount
        if isinstance(e.target, int):
            out[e.target] += e.amount
    return out


def players_line(game: Any, players: Sequence[tuple[str, str]], seed: int | None = None) -> Joined:
    """The line a match opens with: the game, each player with his kind (``Anne (heuristic)``),
    and the seed when shown; on a narrow terminal it breaks between two players, never between
    a name and its kind.

    >>> from academie.games import get_game
    >>> players_line(get_game("blason"), [("Anne", "random"), ("You", "human")], 7).plain
    'Jeu du Blason — Anne (random), You (human). Seed 7.'
    """
    atoms = [Text(game.info.name, style="bold").append(" —")]
    for i, (name, kind) in enumerate(players):
        atoms.append(Text(f"{name} ({kind})" + ("," if i < len(players) - 1 else ".")))
    if seed is not None:
        atoms.append(Text(f"Seed {seed}."))
    return Joined(atoms, indent=2)


def options_line(game: Any, options: Any) -> Joined:
    """The options in force, those differing from the default in bold; on a narrow terminal
    the line breaks between two options, after the ``·`` between them, never inside a
    ``name=value``."""
    values = options.model_dump()
    docs = game.describe_options()
    atoms = [Text("Options:", style="dim")]
    for i, doc in enumerate(docs):
        value = values.get(doc.name, doc.default)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        atom = Text(f"{doc.name}={shown}", style="bold" if value != doc.default else "dim")
        atoms.append(atom.append(" ·", style="dim") if i < len(docs) - 1 else atom)
    return Joined(atoms, indent=2)


def standings(state: State, render: ModuleType, names: Sequence[str], before_deal: int | None = None) -> Any:
    """The standings so far, as public information: each player's lives (a game played for
    lives) or counters with what he has won or lost, and what lies in the pots; at the start of
    deal ``before_deal`` (0-based: what its own payments, already made, had not yet moved), or
    now (None).

    Lines such as ``Standings so far, after 2 deals: Anne 58 jetons (+8) · Bastien 42 (−8)`` and
    ``On the table: the belle basket 4.``; on a narrow terminal the first breaks between two
    players (:class:`~academie.presentation.render.common.Joined`).
    """
    m = state.match
    counters, pots = list(m.counters), dict(m.pots)
    past = [e for e in m.ledger.entries if before_deal is None or e.deal < before_deal]
    for e in m.ledger.entries:
        if before_deal is not None and e.deal >= before_deal:  # undo what this deal moved
            for account, amount in ((e.source, e.amount), (e.target, -e.amount)):
                if isinstance(account, str):
                    pots[account] = pots.get(account, 0) + amount
                else:
                    counters[account] += amount
    deals = sum(1 for r in state.finished_results() if before_deal is None or r.deal < before_deal)
    head = f"Standings so far, after {plural(deals, 'deal')}:" if deals else "Standings so far:"
    atoms = [Text(head, style="bold")]
    lives_text = getattr(render, "lives_text", None)
    view = state.public_view()
    nets = nets_from(past, m.num_players)
    for seat in range(m.num_players):
        if lives_text is not None:
            atom = f"{names[seat]} {lives_text(view, seat)}"
        else:
            atom = f"{names[seat]} {jetons(counters[seat])} ({signed(nets[seat])})" + (" out" if m.eliminated[seat] else "")
        atoms.append(Text(atom + (" ·" if seat < m.num_players - 1 else "")))
    label = getattr(render, "pot_label", None) or (lambda name: f"the {name}")
    held = [f"{label(name)} {amount}" for name, amount in pots.items() if amount]
    line = Joined(atoms, indent=2)  # on a narrow terminal, broken between two players
    if not pots:
        return line
    table = [Text(f"{pot}," if k < len(held) - 1 else f"{pot}.") for k, pot in enumerate(held)] or [Text("nothing.")]
    return Group(line, Joined([Text("On the table:"), *table], indent=2))


class Narrator:
    """Tells ``state``'s match on ``console`` with the game's renderer ``render``.

    ``viewer`` is the person's seat (None for onlookers: a demo or a replay); ``on_deal_end``
    is called after each deal's result while the match goes on (a person presses Enter);
    ``from_start`` False tells a match taken up again from where it stands.
    """

    def __init__(
        self,
        state: State,
        render: ModuleType,
        names: Sequence[str],
        console: Console,
        viewer: int | None = None,
        on_deal_end: Callable[[], None] | None = None,
        from_start: bool = True,
    ) -> None:
        self.state, self.render, self.names, self.console = state, render, list(names), console
        self.viewer = viewer
        self.on_deal_end = on_deal_end
        # A match taken up again (``from_start`` False) is told from where it stands.
        self.results_seen = 0 if from_start else len(state.finished_results())
        self.printed = 0 if from_start else len(state.match.ledger.entries)  # ledger entries told so far
        self.lives_told = 0 if from_start else len(state.match.lives_log)  # lives log entries told so far
        self.headers: set[int] = set()
        self.silent, self.loud_from = False, 0
        self._pending: tuple[int, str, Any, str] | None = None
        self._pending_deal = 0  # the deal in which the pending move was made

    # --- what the driver calls ----------------------------------------------------------
    def view(self) -> Any:
        """What the narrator may show: the viewer's view, or the public one."""
        if self.viewer is None:
            return self.state.public_view()
        return self.state.view(self.viewer)

    def before_decision(self) -> None:
        """A player is about to act: open the deal if its header is not out yet."""
        self._update()
        deal = self.state.match.deal_number
        if deal not in self.headers:
            self._open(deal, self.render.describe_deal(self.state.public_view(), self.names))
        self._tell_ledger(deal)

    def moved(self, seat: int, text: str, before: Any, prefix: str = "") -> None:
        """``seat`` has just played ``text`` (``before``: the view before it). Its line is told
        once the chance outcomes that belong to it are known."""
        self._pending = (seat, text, before, prefix)
        self._pending_deal = self.state.match.deal_number
        if not self.state.is_chance_node():
            self._tell_move()
            self._update()

    def chanced(self) -> None:
        """A chance outcome has just been applied."""
        if self._pending is not None and (
            len(self.state.finished_results()) > self.results_seen or not self.state.is_chance_node()
        ):
            self._tell_move()
        if self._pending is None:
            self._update()

    def resolve(self, chance: Any) -> None:
        """Apply the chance outcomes due now, one at a time, telling each."""
        while self.state.is_chance_node():
            self.state.apply_action(chance.choose(self.state))
            self.chanced()

    def finish(self) -> None:
        """Everything not told yet, then, if the match is over, the final standings."""
        if self._pending is not None:
            self._tell_move()
        self._update()
        if self.state.is_terminal():
            self._tell_ledger(None)
            self._print(self.render.render_end(
                self.state.public_view(), self.names, results=self.state.finished_results(),
                ledger=self.state.match.ledger.entries,
            ))

    # --- telling ----------------------------------------------------------------------------
    def _tell_move(self) -> None:
        assert self._pending is not None
        seat, text, before, prefix = self._pending
        self._pending = None
        line, *following = self.render.describe_action(before, seat, text, self.names, after=self.view()).split("\n")
        out = Text(prefix, style="dim") if prefix else Text()
        self._print(out.append(line))
        if following:
            # The payments the move caused come right after it, before the turns passed over
            # that follow it (a player resting, one waiting on 30).
            deal = self._pending_deal
            if deal in self.headers:
                self._tell_ledger(deal)
            for extra in following:
                self._print(Text(extra))

    def _update(self) -> None:
        results = self.state.finished_results()
        while self.results_seen < len(results):
            result = results[self.results_seen]
            self.results_seen += 1
            deal = result.deal
            if deal not in self.headers:
                self._open(deal, self.render.describe_deal(None, self.names, result=result))
            self._tell_ledger(deal)
            deltas = deal_deltas(self.state.match.ledger.entries, deal, self.state.num_players)
            self._print(self.render.render_result(result, self.names, self.view(), deltas=deltas))
            last = self.state.is_terminal() and self.results_seen == len(results)
            if self.on_deal_end is not None and not last:
                self.on_deal_end()
        if self.state.match.deal_number in self.headers:
            self._tell_ledger(self.state.match.deal_number)

    def _tell_lives(self, upto: int | None) -> None:
        """Tell the movements of lives not told yet (lives lost, the bus, out, a void round),
        of deals up to ``upto`` (all: None), each with its rule."""
        log = self.state.match.lives_log
        while self.lives_told < len(log) and (upto is None or log[self.lives_told].deal <= upto):
            self._print(hanging(lives_line(log[self.lives_told], self.names)))
            self.lives_told += 1

    def _tell_ledger(self, upto: int | None) -> None:
        """Tell the movements of counters not told yet, of deals up to ``upto`` (all: None)."""
        self._tell_lives(upto)
        entries = self.state.match.ledger.entries
        end = self.printed
        while end < len(entries) and (upto is None or entries[end].deal <= upto):
            end += 1
        if end == self.printed:
            return
        batch = entries[self.printed:end]
        self.printed = end
        label = getattr(self.render, "pot_label", lambda name: f"the {name}")
        seats = [s for s in range(self.state.num_players) if not self.state.match.eliminated[s]]
        for line in ledger_lines(batch, self.names, label, seats):
            self._print(hanging(line))

    def _print(self, renderable: Any) -> None:
        if not self.silent:
            self.console.print(renderable)

    def _open(self, deal: int, line: Any) -> None:
        """Tell the header of ``deal`` (a line, in bold, or what the renderer drew); a match
        taken up again is told from the start of its current deal (``loud_from``), after the
        standings then."""
        self.headers.add(deal)
        if self.silent and deal >= self.loud_from:
            self.silent = False
            if deal > 0:
                self.console.print(standings(self.state, self.render, self.names, before_deal=deal))
        if line:
            self._print(Text(line, style="bold") if isinstance(line, str) else line)

    def retell(self, deal: int) -> None:
        """Tell nothing until deal ``deal`` (0-based) begins: then the standings at its start,
        and everything from its header on (a match taken up again re-tells its current deal)."""
        self.silent, self.loud_from = True, deal
