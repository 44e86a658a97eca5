"""A critical edition of the five source texts the games implement.

Each text (sigla ``000``–``004`` of :mod:`academie.sources`) is kept as it was found, OCR errors
included (``texts/00N.txt``), and split into numbered sentences (``texts/00N.toml``): each
:class:`Sentence` holds the French as found (``fr``), our corrected reading where the OCR is wrong
(``corr``, ours), our English translation (``en``, ours), and either a reason it is not played
(``not_played``) or the rules and options that play it. Which rules play a sentence is computed
from the package's own citations (:mod:`academie.edition.citations`): every ``[00N] «…»`` of the
code, every guide rule, every option doc quoting its game's text; the data adds what no
quotation says (``options``, ``rules``). ``notes`` state each reviewed reading, its default and
the reason.

>>> e = edition("002")
>>> e.sentence(12).en[:40]
'2. The one who comes to square 19, where'
>>> e.accounting()[15].options
['blason:price', 'blason:rest_reading']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from academie.edition.citations import Citation, fragments, normalise
from academie.sources import SOURCES

SIGLA = tuple(SOURCES)
"""The sigla of the edited texts, ``("000", …, "004")``."""


@dataclass(frozen=True)
class Sentence:
    """One numbered sentence: ``n`` (from 1), ``fr`` (as found), ``corr`` (our corrected reading,
    empty when the OCR is right), ``corr_note`` (why, when it is a conjecture), ``en`` (our
    translation), ``not_played`` (the reason, empty when played), ``options`` and ``rules``
    (explicit entries, beside those computed from the citations)."""

    n: int
    fr: str
    en: str
    corr: str = ""
    corr_note: str = ""
    not_played: str = ""
    options: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    @property
    def reading(self) -> str:
        """The text to read: the corrected reading, or the text as found."""
        return self.corr or self.fr


@dataclass(frozen=True)
class Note:
    """A reviewed reading: the ``sentences`` it concerns, the ``option`` that chooses it
    (``"blason:rest_reading"``; may be
    empty), and ``text``: the readings, the default and the reason for it."""

    sentences: tuple[int, ...]
    text: str
    option: str = ""
    title: str = ""


@dataclass
class Played:
    """What plays one sentence: guide ``rules`` (ids such as ``"blason:deal.2"``), ``options``
    (``"blason:rest_reading"``: the game, then the option's name),
    ``code`` (places in the package, ``"games/reversis/state.py:567"``); empty if not played."""

    rules: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.rules or self.options or self.code)


@dataclass(frozen=True)
class Edition:
    """One source text in the edition: its ``siglum``, the archive's catalogue text before and
    after the article (``front``, ``back``, as found), its ``sentences`` and ``notes``; the
    whole text as found is :meth:`raw`."""

    siglum: str
    front: str
    back: str
    sentences: tuple[Sentence, ...]
    notes: tuple[Note, ...] = ()

    def sentence(self, n: int) -> Sentence:
        """Sentence ``n`` (from 1); :class:`KeyError` naming the range otherwise."""
        if not 1 <= n <= len(self.sentences):
            raise KeyError(f"[{self.siglum}] has sentences 1 to {len(self.sentences)}, not {n}")
        return self.sentences[n - 1]

    def raw(self) -> str:
        """The text as found (the file of the archive, unchanged)."""
        return resources.files("academie.edition").joinpath(f"texts/{self.siglum}.txt").read_text(encoding="utf-8")

    def _hits(self, frag: str) -> list[int]:
        """The sentences holding the normalised fragment ``frag`` (raw or corrected reading), or,
        when none does, the two consecutive sentences it runs across."""
        texts = self._normalised
        hits = [i + 1 for i, (a, b) in enumerate(texts) if frag in a or (b and frag in b)]
        if hits:
            return hits
        return [n for i in range(len(texts) - 1)
                if any(frag in f"{x} {y}" for x in texts[i] if x for y in texts[i + 1] if y)
                for n in (i + 1, i + 2)]

    @cached_property
    def _normalised(self) -> list[tuple[str, str]]:
        return [(normalise(s.fr), normalise(s.corr)) for s in self.sentences]

    def holds(self, words: str) -> bool:
        """True when every fragment of the quotation ``words`` (between its elisions) is in a
        sentence, raw or corrected, or runs across two consecutive ones."""
        parts = fragments(words)
        return bool(parts) and all(self._hits(f) for f in parts)

    def locate(self, words: str) -> list[int]:
        """The numbers of the sentences a quotation ``words`` points at: the sentences holding all
        its fragments, if one does; else, for a quotation running over several sentences, each
        fragment's sentence, an ambiguous fragment (« payera », found in many) taking the one
        nearest a fragment found once. A quotation found only as a short word or two of many
        sentences (« Mais ») points at none. Empty when the quotation is not in the text."""
        parts = fragments(words)
        if not self.holds(words):
            return []
        hits = [self._hits(f) for f in parts]
        common = set(hits[0]).intersection(*hits[1:])
        if common and len(common) <= 2:
            # a fragment running across two sentences brings the second one along
            return sorted(common.union(*(h for h in hits if len(h) == 2 and common & set(h))))
        unique = {n for h in hits if len(h) <= 2 for n in h}
        if unique:
            found = set(unique)
            for h in hits:
                if len(h) > 2:
                    found.add(min(h, key=lambda n: min(abs(n - u) for u in unique)))
            return sorted(found)
        longest = max(parts, key=lambda f: len(f.split()))
        return sorted(self._hits(longest)) if len(longest.split()) >= 2 else []

    def accounting(self) -> dict[int, Played]:
        """For each sentence number, what plays it: the guide rules, options and code places whose
        citations it holds, and the explicit entries of the data."""
        out = {s.n: Played(list(s.rules), list(s.options)) for s in self.sentences}
        for c, numbers in resolved(self.siglum):
            for n in numbers:
                kind, _, name = c.owner.partition(" ")
                bucket = {"rule": out[n].rules, "option": out[n].options}.get(kind, out[n].code)
                value = name if kind in ("rule", "option") else c.where
                if value not in bucket:
                    bucket.append(value)
        for note in self.notes:
            for n in note.sentences:
                if note.option and note.option not in out[n].options:
                    out[n].options.append(note.option)
        return out


@lru_cache(maxsize=None)
def edition(siglum: str) -> Edition:
    """The edition of source ``siglum`` (``"000"``…``"004"``); :class:`KeyError` naming them."""
    if siglum not in SIGLA:
        raise KeyError(f"no edited source {siglum!r}; the sources are: {', '.join(SIGLA)}")
    data = tomllib.loads(resources.files("academie.edition").joinpath(f"texts/{siglum}.toml").read_text(encoding="utf-8"))
    sentences = tuple(
        Sentence(n=s["n"], fr=s["fr"], en=s["en"], corr=s.get("corr", ""), corr_note=s.get("corr_note", ""),
                 not_played=s.get("not_played", ""), options=tuple(s.get("options", ())), rules=tuple(s.get("rules", ())))
        for s in data["sentence"]
    )
    notes = tuple(Note(tuple(n["sentences"]), n["text"], n.get("option", ""), n.get("title", "")) for n in data.get("note", ()))
    return Edition(siglum, data.get("front", ""), data.get("back", ""), sentences, notes)


def game_sigla(game_id: str) -> list[str]:
    """The sigla of the edited texts a game implements (``["004"]`` for the Guinguette)."""
    return [s.siglum for s in SOURCES.values() if game_id in (s.game, *s.also)]


@lru_cache(maxsize=None)
def all_citations() -> tuple[Citation, ...]:
    """Every citation of an edited text in the package: the code's ``[00N] «…»``, each guide
    rule's (``owner`` ``"rule reversis:deal.2"``), each option doc's « … » quoting its game's own text
    (``owner`` ``"option GAME:NAME"``; kept only where found, an option may quote a later source)."""
    from academie.edition.citations import _QUOTE, code_citations
    from academie.games import GAMES

    found = list(code_citations())
    for game_id, g in sorted(GAMES.items()):
        for rid, rule in rule_ids(g):
            if rule.source in SIGLA and rule.words:
                found.append(Citation(rule.source, rule.words, f"guide of {game_id}", f"rule {rid}"))
        for o in g.describe_options():
            for m in _QUOTE.finditer(o.doc):
                for siglum in game_sigla(game_id):
                    if edition(siglum).holds(m.group(1)):
                        found.append(Citation(siglum, m.group(1), f"option {game_id}.{o.name}", f"option {game_id}:{o.name}"))
                        break
    return tuple(found)


def rule_ids(g: Any) -> list[tuple[str, Any]]:
    """(id, rule) for every rule of a game's guide: ``"reversis:deal.2"`` is the second rule of the deal of Reversis."""
    from academie.core.guide import SECTIONS, guide_of

    guide = guide_of(g)
    return [(f"{g.info.id}:{name}.{i}", rule) for name, _ in SECTIONS for i, rule in enumerate(getattr(guide, name), 1)]


@lru_cache(maxsize=None)
def resolved(siglum: str) -> tuple[tuple[Citation, tuple[int, ...]], ...]:
    """Each citation of ``siglum`` with the sentence numbers it points at (empty: found nowhere,
    or only as a short word of many sentences)."""
    e = edition(siglum)
    return tuple((c, tuple(e.locate(c.words))) for c in all_citations() if c.siglum == siglum)


def unresolved() -> list[Citation]:
    """The citations whose words no sentence of their source holds (the accounting test wants none)."""
    return [c for s in SIGLA for c in all_citations() if c.siglum == s and not edition(s).holds(c.words)]


def unaccounted(siglum: str) -> list[int]:
    """Sentences of ``siglum`` neither played, read by an option, nor marked not played."""
    e = edition(siglum)
    acc = e.accounting()
    return [s.n for s in e.sentences if not acc[s.n] and not s.not_played]


def sentences_of(siglum: str, words: str) -> list[int]:
    """The sentence numbers of ``siglum`` that hold the quotation ``words`` (empty: none)."""
    return edition(siglum).locate(words) if siglum in SIGLA and words else []
