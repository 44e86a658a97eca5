"""One game's edition as data: its source texts sentence by sentence, each with the rules and
options that play it, and each rule and option with its sentences. ``academie source GAME``,
the browser's source page, the TEI export and the booklet are all drawn from :func:`game_edition`.

>>> d = game_edition("blason")
>>> d["sources"][0]["siglum"], len(d["sources"][0]["sentences"])
('002', 20)
>>> [r["id"] for r in d["rules"] if 15 in r["sentences"].get("002", [])]
['blason:turn.7']
"""

from __future__ import annotations

import re
from typing import Any

from academie.edition import SIGLA, edition, game_sigla, rule_ids, sentences_of
from academie.sources import bibliography, later_sources, source


def sentence_ref(siglum: str, n: int) -> str:
    """How a sentence is named in running text: ``[002] §15``."""
    return f"[{siglum}] §{n}"


def corrections(fr: str, corr: str) -> list[list[Any]]:
    """The corrected reading as segments ``[text, changed, found]``: ``changed`` is true where
    the reading differs from the text as found (a word-level diff), ``found`` is then the text as
    found in its place (else the same as ``text``). Joined, the ``text`` give the corrected
    reading and the ``found`` the text as found, spaces included. Empty when there is no correction.

    >>> corrections("ce n'est; pas le roi", "ce n'est pas le roi")
    [['ce ', False, 'ce '], ["n'est", True, "n'est;"], [' pas le roi', False, ' pas le roi']]
    """
    if not corr:
        return []
    import difflib
    import re

    a, b = re.findall(r"\S+|\s+", fr), re.findall(r"\S+|\s+", corr)
    out: list[list[Any]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        text, found = "".join(b[j1:j2]), "".join(a[i1:i2])
        changed = op != "equal"
        if out and out[-1][1] == changed:
            out[-1][0] += text
            out[-1][2] += found
        else:
            out.append([text, changed, found])
    return out


def cli_value(value: Any) -> str:
    """An option's value as it is written on the command line (``-o name=value``): ``true``,
    ``false``, ``none``, a number or a word, never Python's ``True`` or a quoted ``'word'``.

    >>> cli_value(False), cli_value(None), cli_value(3), cli_value("miss_two_turns")
    ('false', 'none', '3', 'miss_two_turns')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def cli_allowed(allowed: str) -> str:
    """The allowed values of an option as the command line writes them (no Python quotes).

    >>> cli_allowed("'miss_two_turns', 'others_throw_twice'")
    'miss_two_turns, others_throw_twice'
    """
    import re

    return re.sub(r"'([^',]*)'", r"\1", allowed)


_TAG = r"(?:GU|[BGLRT])\d{1,2}|\d\([a-z]\)\d*"
_TAGS = rf"(?:{_TAG})(?:\s*(?:[,/–-]|and)\s*(?:{_TAG}))*"
TAG = re.compile(rf"\b(?:{_TAG})(?![\w(])")
"""A reading tag of the project's working notes (``B7``, ``GU12``, ``1(c)``): kept in the code
(an option's ``ref``), never shown to people, who have no catalogue to look it up in."""


def untagged(text: str) -> str:
    """``text`` without its reading tags: a bracket of tags dropped whole, a tag ending a
    bracket dropped with its comma.

    >>> untagged("passes to the right (B10); or clockwise (R7, R13), as at Brelan (GU5, GU8–GU10).")
    'passes to the right; or clockwise, as at Brelan.'
    >>> untagged("Counters (option out_of_counters, GU14); A4 K3 Q2 J1")
    'Counters (option out_of_counters); A4 K3 Q2 J1'
    """
    text = re.sub(rf"\s*\({_TAGS}\)", "", text)
    text = re.sub(rf"[,;]\s*{_TAGS}(?=\))", "", text)
    return re.sub(rf"\s*\((?:{_TAGS});\s*", " (", text)


def plain_doc(text: str) -> str:
    """An option's doc for people to read: its reStructuredText markup (````name````,
    ``:class:`x```, ```x```) and reading tags (:func:`untagged`) dropped, the words kept.

    >>> plain_doc("ends at ``out_of_counters`` (see :mod:`academie.games`)")
    'ends at out_of_counters (see academie.games)'
    """
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text)
    return untagged(re.sub(r"``([^`]+)``|`([^`]+)`", lambda m: m.group(1) or m.group(2), text))


def proposal_reason(game_id: str, option: str) -> str:
    """Why an option's default that is our proposal is the one played, in one sentence
    (``texts/proposals.toml``); empty for an option that has none."""
    return _proposals().get(game_id, {}).get(option, "")


def _proposals() -> dict[str, dict[str, str]]:
    global _PROPOSALS
    if _PROPOSALS is None:
        import tomllib
        from importlib import resources

        _PROPOSALS = tomllib.loads(resources.files("academie.edition").joinpath("texts/proposals.toml")
                                   .read_text(encoding="utf-8"))
    return _PROPOSALS


_PROPOSALS: dict[str, dict[str, str]] | None = None


def from_words(o: dict[str, Any]) -> str:
    """Where an option's default comes from, as the views write it: ``the source text``, ``our
    proposal``, or ``a later source: Hoyle's Games Improved, « Reversis »`` (named)."""
    return f"{o['from']}: {o['later']}" if o.get("later") else o["from"]


PROVENANCE = {"source text": "the source text", "later source": "a later source", "our proposal": "our proposal"}
"""How each provenance of an option is said: where its default comes from."""


def game_of_place(where: str) -> str:
    """The game whose code a place of the package is (``"games/guimbarde/state.py:196"`` →
    ``"guimbarde"``, ``"analysis/exact/trente_et_un.py:3"`` → ``"trente-et-un"``); empty when
    the place is no one game's."""
    from academie.games import GAMES

    modules = {gid.replace("-", "_"): gid for gid in GAMES}
    modules.update({type(g).__module__.split(".")[2]: gid for gid, g in GAMES.items()
                    if type(g).__module__.startswith("academie.games.")})
    for part in where.split(":", 1)[0].removesuffix(".py").split("/"):
        if part in modules and part:
            return modules[part]
    return ""


def rule_sentences(game_id: str) -> dict[str, dict[str, list[int]]]:
    """For each rule id of the game's guide, the sentences (by siglum) that it plays: those its
    quotation holds, and those the edition's data assigns to it."""
    from academie.games import get_game

    out: dict[str, dict[str, list[int]]] = {}
    for rid, rule in rule_ids(get_game(game_id)):
        found: dict[str, list[int]] = {}
        if rule.source in SIGLA:
            numbers = sentences_of(rule.source, rule.words)
            if numbers:
                found[rule.source] = numbers
        out[rid] = found
    for siglum in game_sigla(game_id):
        for s in edition(siglum).sentences:
            for rid in s.rules:
                if rid in out and s.n not in out[rid].setdefault(siglum, []):
                    out[rid][siglum].append(s.n)
                    out[rid][siglum].sort()
    return out


def game_edition(game_id: str) -> dict[str, Any]:
    """The edition of one game, JSON-ready: ``{"game", "name", "sources": [{"siglum", "title",
    "sentences": [{"n", "fr", "corr", "corr_note", "changes" (see :func:`corrections`), "en",
    "not_played", "rules", "options",
    "other_games", "code"}], "notes" (the readings of this game), "front",
    "back"}], "rules": [{"id", "section", "text", "citation",
    "options" (the options it names), "sentences": {siglum: [n]}}], "options": [{"name",
    "default", "value" (the default as the command line writes it, :func:`cli_value`), "allowed"
    (likewise), "doc" (plain text, :func:`plain_doc`), "provenance", "from" (where the default
    comes from, in words), "later" (the later sources it comes from, by name, :func:`academie.sources.later_sources`;
    empty for the others), "why" (for our proposal, why it is the default: :func:`proposal_reason`;
    empty for the others), "sentences"}]}``. ``code`` lists the places of the package that
    cite a sentence (for developers; no view prints them: a sentence shows its rules and options,
    else the other games that play it, else why it is not played). Raises :class:`~academie.core.errors.UnknownGameError`
    (from :func:`academie.games.get_game`) for an unknown game."""
    from academie.core.guide import SECTIONS
    from academie.games import get_game

    g = get_game(game_id)
    game_id = g.info.id
    titles = dict(SECTIONS)
    by_rule = rule_sentences(game_id)
    rules = []
    for rid, rule in rule_ids(g):
        section = rid.split(":", 1)[1].split(".")[0]
        title = g_deal_title(g) if section == "deal" else titles[section]
        rules.append({"id": rid, "section": title, "text": rule.text, "citation": rule.citation(),
                      "sentences": by_rule.get(rid, {})})
    rule_ids_here = {r["id"] for r in rules}
    options = {o.name: {"name": o.name, "default": o.default, "value": cli_value(o.default),
                        "allowed": cli_allowed(o.allowed), "doc": plain_doc(o.doc),
                        "provenance": str(o.provenance), "from": PROVENANCE.get(str(o.provenance), str(o.provenance)),
                        "later": later_sources(game_id, o.name), "why": proposal_reason(game_id, o.name),
                        "sentences": {}}
               for o in g.describe_options()}
    # the options a rule names read every sentence the rule plays (by construction, both ways)
    rule_options = {rid: [x.strip() for x in rule.option.split(",") if x.strip() in options]
                    for rid, rule in rule_ids(g)}
    for r in rules:
        r["options"] = rule_options[r["id"]]
    sources = []
    for siglum in game_sigla(game_id):
        e = edition(siglum)
        acc = e.accounting()
        sentences = []
        for s in e.sentences:
            played = acc[s.n]
            mine = [o.split(":", 1)[1] for o in played.options if o.split(":", 1)[0] == game_id]
            here = [r for r in played.rules if r in rule_ids_here]
            for rid in here:
                mine += [o for o in rule_options[rid] if o not in mine]
            for o in mine:
                options[o]["sentences"].setdefault(siglum, []).append(s.n)
            others = {r.split(":")[0] for r in played.rules if r not in rule_ids_here}
            others |= {o.split(":")[0] for o in played.options if o.split(":", 1)[0] != game_id}
            others |= {game_of_place(c) for c in played.code} - {game_id, ""}
            sentences.append({
                "n": s.n, "fr": s.fr, "corr": s.corr, "corr_note": s.corr_note, "en": s.en,
                "changes": corrections(s.fr, s.corr),
                "not_played": s.not_played,
                "rules": here,
                "other_games": sorted(others),
                "options": mine,
                "code": played.code,
            })
        sources.append({
            "siglum": siglum, "short": source(siglum).short, "title": bibliography(siglum),
            "front": e.front, "back": e.back, "sentences": sentences,
            "notes": [{"title": n.title, "sentences": list(n.sentences), "text": n.text,
                       "option": n.option.split(":", 1)[1] if n.option.startswith(game_id + ":") else ""}
                      for n in e.notes if _concerns(n, sentences, game_id)],
        })
    return {"game": game_id, "name": g.info.name, "sources": sources, "rules": rules,
            "options": list(options.values())}


def unshown(game_id: str) -> list[str]:
    """The sentences (``"[004] §21"``) that the game's view shows with neither a rule, an
    option, another game that plays it nor a reason it is not played (the accounting test wants
    none: a place in the code is no answer for a reader)."""
    d = game_edition(game_id)
    return [sentence_ref(src["siglum"], s["n"]) for src in d["sources"] for s in src["sentences"]
            if not (s["rules"] or s["options"] or s["other_games"] or s["not_played"])]


def _concerns(note: Any, sentences: list[dict[str, Any]], game_id: str) -> bool:
    """Whether a reviewed reading concerns this game: its option is one of the game's, or one of
    its sentences is played here, or none is played by another game (the Guinguette's readings
    are left out of the Guimbarde's page, which shares their source)."""
    if note.option:
        return bool(note.option.startswith(game_id + ":"))
    mine = [s for s in sentences if s["n"] in note.sentences]
    return any(s["rules"] or s["options"] for s in mine) or not any(s["other_games"] for s in mine)


def g_deal_title(g: Any) -> str:
    """The title of a game's deal section (``"Setting up"`` at the Blason)."""
    from academie.core.guide import guide_of

    return guide_of(g).deal_title
