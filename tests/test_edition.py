"""The critical edition of the five source texts (academie.edition): every sentence accounted
for, every citation of the package found in its sentence, and the commands and exports built from
the same data."""

from __future__ import annotations

import json
import re
from html import escape as html_escape
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.edition import SIGLA, all_citations, edition, game_sigla, rule_ids, unaccounted, unresolved
from academie.edition.citations import _texts, fragments, normalise
from academie.edition.tei import TEI_NS, XML_ID, sentence_id, tei_bytes
from academie.edition.view import game_edition
from academie.games import GAMES

runner = CliRunner()
GAME_IDS = sorted(GAMES)
TEI = f"{{{TEI_NS}}}"


@pytest.mark.parametrize("siglum", SIGLA)
def test_every_sentence_is_played_read_by_an_option_or_marked_not_played(siglum):
    assert unaccounted(siglum) == []


def test_every_citation_of_the_package_is_found_in_a_sentence_of_its_source():
    found = all_citations()
    assert len([c for c in found if c.owner == "code"]) > 150  # the code's [00N] «…»
    assert {c.siglum for c in found} == set(SIGLA)
    bad = [f"{c.where} [{c.siglum}] «{c.words}»" for c in unresolved()]
    assert bad == []


def test_a_citation_that_no_sentence_holds_is_caught():
    e = edition("002")
    assert e.locate("jusqu'à ce que les autres joueurs aient joué chacun deux coups") == [15]
    assert e.locate("jusqu'à ce que les autres joueurs aient joué chacun trois coups") == []
    # one fragment found, the other not: the quotation is not in the text
    assert e.locate("Qui arrivera à 63… tirera la moitié des jettons") == []


def test_quotations_are_read_whole_across_comment_lines_and_adjacent_strings():
    code = (
        "# [003] «Si vous détenez… totalisant\n"
        "# exactement 31»\n"
        "x = ('the knocker [003] «Celui qui a frappé et se révèle'\n"
        "     ' avoir le total le plus bas en perd deux»')\n"
    )
    texts = [t for _, t in _texts(code)]
    assert any("totalisant exactement 31»" in t for t in texts)
    assert any("se révèle avoir le total" in t for t in texts)
    e = edition("003")
    assert e.locate("Si vous détenez… totalisant exactement 31") == [24]
    assert e.locate("Celui qui a frappé et se révèle avoir le total le plus bas en perd deux") == [31]


def test_normalising_straightens_apostrophes_spaces_and_drops_elisions():
    assert normalise("l’as  de\n cœur") == "l'as de cœur"
    assert fragments("Le total le plus bas perd une vie… Si plusieurs joueurs") == [
        "le total le plus bas perd une vie", "si plusieurs joueurs"]
    # an OCR error quoted as corrected is found through the corrected reading
    assert edition("004").locate("si l'on ne jouait que trois ou quatre") == [34]
    assert edition("004").locate("si l'on ne jouait que troia ou quatre") == [34]


@pytest.mark.parametrize("siglum", SIGLA)
def test_the_sentences_are_the_text_as_found_in_order(siglum):
    e = edition(siglum)
    raw = " ".join(e.raw().split())
    at = 0
    for s in e.sentences:
        piece = " ".join(s.fr.split())
        where = raw.find(piece, at)
        assert where >= 0, f"[{siglum}] §{s.n} is not the text as found, in order"
        at = where + len(piece)
    assert [s.n for s in e.sentences] == list(range(1, len(e.sentences) + 1))
    for s in e.sentences:
        assert s.en.strip(), f"[{siglum}] §{s.n} has no translation"
        assert s.corr != s.fr, f"[{siglum}] §{s.n}: a corrected reading equal to the text"


@pytest.mark.parametrize("siglum", SIGLA)
def test_the_entries_of_the_data_name_real_rules_and_options(siglum):
    games = [GAMES[g] for g in game_sigla_of(siglum)]
    rules = {rid for g in games for rid, _ in rule_ids(g)}
    options = {f"{g.info.id}:{o.name}" for g in games for o in g.describe_options()}
    e = edition(siglum)
    for s in e.sentences:
        assert set(s.rules) <= rules, (s.n, s.rules)
        assert set(s.options) <= options, (s.n, s.options)
    for note in e.notes:
        assert not note.option or note.option in options
        assert all(1 <= n <= len(e.sentences) for n in note.sentences)


def game_sigla_of(siglum):
    return [g for g in GAMES if siglum in game_sigla(g)]


@pytest.mark.parametrize("siglum", SIGLA)
def test_a_sentence_marked_not_played_is_played_by_no_rule_nor_option(siglum):
    e = edition(siglum)
    acc = e.accounting()
    both = [s.n for s in e.sentences if s.not_played and (acc[s.n].rules or acc[s.n].options)]
    assert both == []


# One French sentence from each source, and what the program does with it: the rules and options
# that `academie source GAME --json` lists for it.
ONE_SENTENCE = [
    ("belle-flux-trente-un", "000", "Il en distribue ensuite une troisième qu'il découvre", {"belle-flux-trente-un:deal.3"}, set()),
    ("reversis", "001", "Lorsque deux joueurs sont égaux, le plus près de celui qui a fait à gauche", {"reversis:scoring.6"}, {"talon_tie"}),
    ("blason", "002", "où il demeurera jusqu'à ce que les autres joueurs aient joué chacun deux coups", {"blason:turn.7"}, {"rest_reading"}),
    ("trente-et-un", "003", "Si plusieurs joueurs sont à égalité pour le total le plus bas", {"trente-et-un:scoring.4"}, {"knocker_tie"}),
    ("guimbarde", "004", "le roi de cœur en est la seconde, et le valet de carreau la troi", {"guimbarde:turn.3"}, set()),
]


@pytest.mark.parametrize("game,siglum,french,rules,options", ONE_SENTENCE)
def test_one_french_sentence_of_each_source_leads_to_what_the_program_does_with_it(game, siglum, french, rules, options):
    result = runner.invoke(app, ["source", game, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    [src] = [s for s in data["sources"] if s["siglum"] == siglum]
    hits = [s for s in src["sentences"] if normalise(french) in normalise(s["fr"] + " " + s["corr"])]
    assert len(hits) == 1
    assert rules <= set(hits[0]["rules"]) and options <= set(hits[0]["options"])


def test_the_nouvelle_guinee_paragraph_is_marked_another_article():
    e = edition("004")
    for s in e.sentences:
        if "Guinée" in s.fr or "Papouasie" in s.fr or "hollandaise" in s.fr:
            assert "another article" in s.not_played


@pytest.mark.parametrize("game", GAME_IDS)
def test_source_prints_every_sentence_with_its_rules(game):
    result = runner.invoke(app, ["source", game], terminal_width=160)
    assert result.exit_code == 0, result.output
    for siglum in game_sigla(game):
        assert f"[{siglum}]" in result.output
        numbers = {int(n) for n in re.findall(r"^\s*§(\d+)", result.output, re.M)}
        assert set(range(1, len(edition(siglum).sentences) + 1)) <= numbers
    assert "plays:" in result.output


def test_source_lang_chooses_the_french_or_our_translation():
    fr = runner.invoke(app, ["source", "blason", "--lang", "fr"], terminal_width=200).output
    en = runner.invoke(app, ["source", "blason", "--lang", "en"], terminal_width=200).output
    assert "Qui arrivera à 63" in fr and "The one who arrives at 63" not in fr
    assert "The one who arrives at 63" in en and "Qui arrivera à 63" not in en
    bad = runner.invoke(app, ["source", "blason", "--lang", "de"])
    assert bad.exit_code == 2 and "--lang is one of fr, en, both, not 'de'" in bad.output


def test_source_refuses_an_unknown_game_and_a_booklet_of_another_kind(tmp_path):
    bad = runner.invoke(app, ["source", "piquet"])
    assert bad.exit_code == 2 and "unknown game 'piquet'" in bad.output
    bad = runner.invoke(app, ["source", "blason", "--booklet", str(tmp_path / "b.docx")])
    assert bad.exit_code == 2 and "FILE.html or FILE.pdf" in bad.output
    assert not (tmp_path / "b.docx").exists()


def test_rules_points_back_to_sentence_numbers():
    out = runner.invoke(app, ["rules", "blason"], terminal_width=200).output
    assert "→ [002] §15" in out and "→ [002] §12" in out
    data = json.loads(runner.invoke(app, ["rules", "reversis", "--json"]).output)
    talon = [r for s in data["sections"] for r in s["rules"] if "fewest points" in r["text"]][0]
    assert 16 in talon["sentences"]["001"]
    assert {o["name"]: o for o in data["options"]}["talon_tie"]["sentences"]["001"] == [15, 16]


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_tei_export_is_well_formed_and_holds_the_editions_data(game, tmp_path):
    path = tmp_path / f"{game}.xml"
    result = runner.invoke(app, ["source", game, "--tei", str(path)])
    assert result.exit_code == 0, result.output
    root = ET.parse(path).getroot()
    assert path.read_bytes() == tei_bytes(game)
    ids = {e.get(XML_ID) for e in root.iter() if e.get(XML_ID)}
    d = game_edition(game)
    for src in d["sources"]:
        [fr] = [x for x in root.iter(f"{TEI}div") if x.get("n") == src["siglum"] and x.get("type") == "source"]
        [en] = [x for x in root.iter(f"{TEI}div") if x.get("n") == src["siglum"] and x.get("type") == "translation"]
        assert en.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"
        sentences = fr.findall(f"{TEI}s")
        assert len(sentences) == len(src["sentences"]) == len(en.findall(f"{TEI}s"))
        for s, data in zip(sentences, src["sentences"], strict=True):
            assert s.get(XML_ID) == sentence_id(src["siglum"], data["n"])
            choices = s.findall(f"{TEI}choice")
            if data["corr"]:
                assert choices
                # the sentence read with <sic> is the text as found, read with <corr> our reading
                for keep in ("sic", "corr"):
                    text = (s.text or "") + "".join(
                        (c.find(f"{TEI}{keep}").text or "") + (c.tail or "") for c in choices)
                    assert text == (data["fr"] if keep == "sic" else data["corr"]), (s.get(XML_ID), keep)
            else:
                assert not choices and s.text == data["fr"]
    notes = [n for n in root.iter(f"{TEI}note") if n.get("type") in ("rule", "option")]
    assert len(notes) == len(d["rules"]) + len(d["options"])
    for n in notes:
        for target in (n.get("target") or "").split():
            assert target[1:] in ids
    played = {t for n in notes for t in (n.get("target") or "").split()}
    for src in d["sources"]:
        for s in src["sentences"]:
            if s["rules"] or s["options"]:
                assert f"#{sentence_id(src['siglum'], s['n'])}" in played


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_booklets_build_in_html_and_pdf(game, tmp_path):
    html = tmp_path / "b.html"
    result = runner.invoke(app, ["source", game, "--booklet", str(html)])
    assert result.exit_code == 0, result.output
    text = html.read_text(encoding="utf-8")
    d = game_edition(game)
    for r in d["rules"]:
        assert html_escape(r["text"]) in text
    assert "Options in force" in text and "Appendix" in text
    for src in d["sources"]:
        assert text.count(f"id='s{src['siglum']}-") == len(src["sentences"])
    pytest.importorskip("fpdf")
    pdf = tmp_path / "b.pdf"
    result = runner.invoke(app, ["source", game, "--booklet", str(pdf)])
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 5000


def test_games_names_both_sources_of_the_guinguette():
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    [g] = [g for g in data if g["id"] == "guinguette"]
    assert any("Larousse" in s for s in g["sources"]) and any("Guinguette" in s and "adpoker" in s for s in g["sources"])
    out = runner.invoke(app, ["games", "guinguette"], terminal_width=200).output
    assert "Sources: Pierre Larousse" in out and "adpoker.fr" in out


def test_the_reviewed_readings_state_their_default_and_reason():
    notes = {n.option.split(":")[1]: n.text for s in SIGLA for n in edition(s).notes if n.option}
    assert "three times" in notes["rest_reading"] and "others_throw_twice" in notes["rest_reading"]
    assert "lose1" in notes["knocker_tie"] and "more specific" in notes["knocker_tie"]
    assert "period" in notes["tierce_suits"] and "%" in notes["tierce_suits"]
    assert "nearest_left" in notes["talon_tie"]
    inference = [n.text for n in edition("004").notes if "36-card" in n.title][0]
    assert "INFERENCE" in inference


def test_a_sentence_neither_played_nor_marked_fails_the_accounting(monkeypatch):
    import dataclasses

    import academie.edition as ed

    real = ed.edition("002")
    stripped = dataclasses.replace(real, sentences=tuple(
        dataclasses.replace(s, not_played="") if s.n == 2 else s for s in real.sentences))
    monkeypatch.setattr(ed, "edition", lambda siglum: stripped)
    assert ed.unaccounted("002") == [2]


def test_a_quotation_points_at_its_own_sentence_even_through_a_common_word():
    e = edition("002")
    # « payera » is in seven sentences; the rest of the quotation is only in law 5 (§15)
    assert e.locate("payera… pour avoir permission de passer aux Indes, où il demeurera") == [15]
    # « prix convenu » is in every law that costs: the option price reads them all
    assert e.locate("prix convenu") == [8, 9, 11, 12, 13, 15, 16, 17]
    # a single common word is in the text but points at no sentence in particular
    assert edition("001").holds("Mais") and edition("001").locate("Mais") == []
    # a fragment running across two sentences points at both
    assert edition("000").locate("donne… deux cartes couvertes à chaque joueur. Il en distribue ensuite"
                                 " une troisième qu'il découvre.") == [7, 8]


def test_an_export_never_replaces_a_file_without_force(tmp_path):
    path = tmp_path / "r.xml"
    path.write_text("mine")
    bad = runner.invoke(app, ["source", "reversis", "--tei", str(path)])
    assert bad.exit_code == 2 and "exists" in bad.output and "--force" in bad.output
    assert path.read_text() == "mine"
    bad = runner.invoke(app, ["source", "reversis", "--tei", str(tmp_path)])
    assert bad.exit_code == 2 and "is a folder" in bad.output
    bad = runner.invoke(app, ["source", "reversis", "--tei", str(tmp_path / "no" / "r.xml")])
    assert bad.exit_code == 2 and "does not exist" in bad.output
    ok = runner.invoke(app, ["source", "reversis", "--tei", str(path), "--force"])
    assert ok.exit_code == 0 and path.read_bytes() == tei_bytes("reversis")


def test_a_wide_terminal_shows_the_french_and_the_translation_side_by_side():
    import io

    from rich.console import Console

    from academie.cli.source import print_source

    def printed(width):
        buffer = io.StringIO()
        print_source(game_edition("trente-et-un"), "both", Console(file=buffer, width=width, color_system=None, force_terminal=True))
        return buffer.getvalue()

    line = [x for x in printed(180).splitlines() if "§9 " in x][0]
    assert "Les as valent 11" in line and "Aces are worth 11" in line
    assert "en: Aces are worth 11" in printed(100)


def test_the_booklet_prints_the_options_chosen_as_in_force(tmp_path):
    path = tmp_path / "t.html"
    ok = runner.invoke(app, ["source", "trente-et-un", "--booklet", str(path), "-o", "knocker_tie=lose1"])
    assert ok.exit_code == 0, ok.output
    text = path.read_text(encoding="utf-8")
    assert "<b>knocker_tie=lose1</b>" in text and "<b>lives=3</b>" in text
    bad = runner.invoke(app, ["source", "trente-et-un", "--booklet", str(tmp_path / "u.html"), "-o", "knocker_tie=never"])
    assert bad.exit_code == 2 and "knocker_tie" in bad.output and not (tmp_path / "u.html").exists()
    bad = runner.invoke(app, ["source", "trente-et-un", "-o", "lives=4"])
    assert bad.exit_code == 2 and "--booklet" in bad.output


@pytest.mark.parametrize("args", [["source", "reversis"], ["source", "guimbarde", "--lang", "fr"]])
def test_source_prints_on_a_latin_1_terminal(args):
    import os
    import subprocess
    import sys

    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="latin-1")
    done = subprocess.run([sys.executable, "-m", "academie.cli.app", *args], env=env, capture_output=True)
    assert b"Traceback" not in done.stderr, done.stderr.decode("latin-1")
    assert done.returncode == 0 and b"s1  " in done.stdout  # the sentence numbers, § as s


def test_each_game_shows_the_readings_of_its_own_rules():
    titles = {g: [n["title"] for s in game_edition(g)["sources"] for n in s["notes"]] for g in ("guimbarde", "guinguette")}
    assert titles["guimbarde"] == []  # [004]'s readings are the Guinguette's
    assert len(titles["guinguette"]) == 3


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_sentence_of_a_games_view_shows_what_plays_it_or_why_not(game):
    """On each game's view, each sentence shows its rules or options, another game that plays
    it, or why it is not played: a place in the code is no answer for a reader."""
    bare = [f"[{src['siglum']}] §{s['n']}" for src in game_edition(game)["sources"] for s in src["sentences"]
            if not (s["rules"] or s["options"] or s["other_games"] or s["not_played"])]
    assert bare == []
    from academie.edition.view import unshown

    assert unshown(game) == []


def test_a_sentence_only_another_games_options_play_shows_that_game():
    d = game_edition("guinguette")
    rows = {s["n"]: s for s in d["sources"][0]["sentences"]}
    for n in (3, 14, 21, 24):  # the Guimbarde's options (§14, §21, §24) and its code (§3) play them
        assert rows[n]["other_games"] == ["guimbarde"], n
    out = runner.invoke(app, ["source", "guinguette"]).output
    for n in (14, 21, 24):
        block = out.split(f"\n  §{n}  ")[1].split("\n  §")[0]
        assert "played by: guimbarde" in block, n
    assert "games/" not in out and ".py" not in out  # no place in the code, in any view
    page = game_edition("guinguette")
    tei = tei_bytes("guinguette").decode()
    assert "state.py" not in tei and 'type="played-by"' in tei
    from academie.edition.booklet import booklet_html

    assert "state.py" not in booklet_html("guinguette")
    assert page["sources"][0]["sentences"][13]["code"]  # (kept in the data, for developers)


def test_a_sentence_shown_with_nothing_fails_the_views_accounting(monkeypatch):
    import academie.edition.view as view

    real = view.game_edition("reversis")
    bare = json.loads(json.dumps(real))
    bare["sources"][0]["sentences"][26].update(rules=[], options=[], other_games=[], not_played="")
    monkeypatch.setattr(view, "game_edition", lambda game_id: bare)
    assert view.unshown("reversis") == ["[001] §27"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_rule_and_its_sentences_name_the_same_options(game):
    d = game_edition(game)
    rows = {(src["siglum"], s["n"]): s for src in d["sources"] for s in src["sentences"]}
    options = {o["name"]: o for o in d["options"]}
    for r in d["rules"]:
        for o in r["options"]:
            for siglum, numbers in r["sentences"].items():
                for n in numbers:
                    assert o in rows[siglum, n]["options"], (r["id"], o, n)
                    assert n in options[o]["sentences"][siglum], (r["id"], o, n)
    blason = {s["n"]: s for s in game_edition("blason")["sources"][0]["sentences"]}
    assert "displaced_keeps_wait" in blason[9]["options"]


def test_options_are_written_as_on_the_command_line_with_their_origin():
    d = game_edition("blason")
    o = {o["name"]: o for o in d["options"]}
    assert o["displaced_keeps_wait"]["value"] == "false" and o["displaced_keeps_wait"]["from"] == "our proposal"
    assert o["rest_reading"]["allowed"] == "miss_two_turns, others_throw_twice"
    out = runner.invoke(app, ["source", "blason"]).output
    assert "option rest_reading (default miss_two_turns, from our proposal)" in out
    assert "False" not in out and "True" not in out


def test_option_docs_shown_to_people_have_no_markup():
    from academie.edition.booklet import booklet_html

    for game in GAME_IDS:
        for o in game_edition(game)["options"]:
            assert "``" not in o["doc"] and ":class:" not in o["doc"], (game, o["name"])
    assert "``" not in booklet_html("guinguette") and "out_of_counters" in booklet_html("guinguette")


def test_the_booklets_mark_our_readings_translation_and_conjectures(tmp_path):
    from academie.edition.booklet import booklet_html, pdf_paragraphs

    for game, conjecture in (("blason", "l'antique"), ("guinguette", "GUIN…")):
        html = booklet_html(game)
        pdf = "\n".join(p[0] for p in pdf_paragraphs(game) if p)
        for text in (html.replace("&#x27;", "'"), pdf):
            assert "translation" in text and "our corrected reading" in text and "read (ours):" in text
            line = [x for x in text.split("\n") if "read (ours):" in x and conjecture in x]
            assert line and "our conjecture" in line[0], (game, line)
        assert "[our translation]" in pdf


def test_source_lang_en_says_it_is_our_translation_not_the_text_as_found():
    en = runner.invoke(app, ["source", "blason", "--lang", "en"]).output
    assert "as found" not in en and "OCR" not in en
    assert "Our English translation" in en and "ours" in en
    fr = runner.invoke(app, ["source", "blason", "--lang", "fr"]).output
    assert "The French text as found (OCR errors kept)" in fr


def test_source_off_a_terminal_prints_whole_lines_without_padding():
    out = runner.invoke(app, ["source", "reversis"], terminal_width=80).output
    assert max(len(line) for line in out.splitlines()) > 200  # a long sentence is one line
    assert all(line == line.rstrip() for line in out.splitlines())
    longest = max((r["text"] for r in game_edition("reversis")["rules"]), key=len)
    assert longest in out or not any(longest[:40] in line for line in out.splitlines())
    text = " ".join(edition("001").sentence(16).fr.split())
    assert any(text in " ".join(line.split()) for line in out.splitlines())  # grep finds it


def test_rule_summaries_are_printed_whole():
    out = runner.invoke(app, ["source", "blason"]).output
    rule = {r["id"]: r for r in game_edition("blason")["rules"]}["blason:turn.7"]
    assert f"rule turn.7 ({rule['text']})" in out


@pytest.mark.parametrize("args,words", [
    (["--tei", ""], "give a file name"),
    (["--json", "--tei", "x.xml"], "give one of them"),
    (["--json", "--lang", "fr"], "leave out --lang"),
    (["--lang", "en", "--booklet", "x.html"], "leave out --lang"),
])
def test_source_refuses_a_combination_it_would_ignore(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = runner.invoke(app, ["source", "blason", *args])
    assert bad.exit_code == 2 and words in bad.output, bad.output
    assert "folder name" not in bad.output
    assert list(tmp_path.iterdir()) == []


def test_source_on_an_ascii_output_says_the_accents_are_dropped():
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "academie.cli.app", "source", "blason", "--lang", "fr"],
                          env=env, capture_output=True)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert done.stderr.decode().count("accents") == 1 and b"PYTHONIOENCODING=utf-8" in done.stderr
    note = done.stderr.decode("ascii")  # written in plain ASCII: no escape, nothing it says cannot be shown
    assert b"geographe" in done.stdout
    assert "\\x" not in note and "(e as e)" not in note


def test_the_ascii_note_is_plain_ascii_whatever_the_output():
    from academie.cli.source import warn_ascii
    import inspect

    assert inspect.getsource(warn_ascii).isascii()


@pytest.mark.parametrize("args", [
    ["--tei", "a" * 300 + ".xml"],
    ["--booklet", "a" * 300 + ".html"],
    ["--booklet", "a" * 300 + ".pdf"],
])
def test_a_name_too_long_is_one_error_line(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = runner.invoke(app, ["source", "blason", *args])
    assert bad.exit_code == 2 and "too long" in bad.output and "Traceback" not in bad.output
    assert list(tmp_path.iterdir()) == []


def test_every_output_is_tried_before_any_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = runner.invoke(app, ["source", "blason", "--tei", "new1.xml", "--booklet", "/proc/x.html"])
    assert bad.exit_code == 2 and "/proc/x.html" in bad.output
    assert list(tmp_path.iterdir()) == []  # new1.xml was not written
    bad = runner.invoke(app, ["source", "blason", "--booklet", "new1.html", "--tei", "/proc/x.xml"])
    assert bad.exit_code == 2 and list(tmp_path.iterdir()) == []


def test_no_stray_ocr_quote_is_kept_in_our_reading_or_translation():
    for siglum in SIGLA:
        for s in edition(siglum).sentences:
            assert s.en.count('"') % 2 == 0, (siglum, s.n, s.en)
            assert s.reading.count('"') % 2 == 0, (siglum, s.n, s.reading)


@pytest.mark.parametrize("game", GAME_IDS)
def test_rules_prints_the_ids_source_names_and_no_undefined_reading_tag(game):
    rules = runner.invoke(app, ["rules", game], terminal_width=200).output
    source = runner.invoke(app, ["source", game]).output
    for rid, _ in rule_ids(GAMES[game]):
        short = rid.split(":", 1)[1]
        assert re.search(rf"^\s+{re.escape(short)}\s", rules, re.M), short  # on its rule's line
        heading = short.split(".")[0]
        assert f"(rules {heading}.1 to " in rules or f"(rule {heading}.1)" in rules
    for text in (rules, source):
        assert not re.search(r"\breadings? [A-Z]{1,2}\d", text)  # « reading L7 »: a tag defined nowhere shown


def test_a_rule_names_its_reading_by_the_option_that_chooses_it():
    from academie.core.guide import Rule

    assert Rule("x", "002", "mots", reading="L7", option="rest_reading").citation() == \
        "[002] « mots »; our reading: option rest_reading"
    assert Rule("x", reading="L13").citation() == "our reading"


TAG = re.compile(r"\b(?:GU|[BGLRT])\d{1,2}\b|\b\d\([a-z]\)\d*")
"""A reading tag of the working notes (B7, GU12, 1(c)): no catalogue ships to look it up in."""


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_reading_tag_is_shown_to_people(game, tmp_path):
    from academie.edition.booklet import booklet_html

    from pathlib import Path

    shown = {
        "rules": runner.invoke(app, ["rules", game], terminal_width=200).output,
        "rules --json": runner.invoke(app, ["rules", game, "--json"]).output,
        "games": runner.invoke(app, ["games", game], terminal_width=200).output,
        "games --json": runner.invoke(app, ["games", game, "--json"]).output,
        "source": runner.invoke(app, ["source", game]).output,
        "source --json": runner.invoke(app, ["source", game, "--json"]).output,
        "booklet": booklet_html(game),
        "tei": tei_bytes(game).decode("utf-8"),
        "docs": (Path(__file__).resolve().parents[1] / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8"),
    }
    for where, text in shown.items():
        assert not TAG.findall(text), (where, TAG.findall(text)[:5])
    assert '"ref"' not in shown["games --json"] and '"ref"' not in shown["source --json"]


def test_games_names_no_catalogue_that_is_not_shipped():
    out = runner.invoke(app, ["games"], terminal_width=200).output
    assert "catalogue" not in out and "Tags such as" not in out


def option_value(game, name):
    return [o for o in game_edition(game)["options"] if o["name"] == name][0]["value"]


def later_options():
    return [(gid, o.name) for gid, g in GAMES.items() for o in g.describe_options() if o.provenance == "later source"]


@pytest.mark.parametrize("game,name", later_options())
def test_an_option_from_a_later_source_names_it_wherever_its_provenance_is_shown(game, name):
    from pathlib import Path

    from academie.edition.booklet import booklet_html
    from academie.sources import LATER_SOURCES, OPTION_SOURCES, later_sources

    sigla = OPTION_SOURCES.get(game, {}).get(name, ())
    assert sigla and all(s in LATER_SOURCES for s in sigla), (game, name)
    named = later_sources(game, name)
    first = LATER_SOURCES[sigla[0]].short
    games = runner.invoke(app, ["games", game]).output
    assert any(name in line and f"[later source: {named}]" in line for line in games.splitlines())
    source = runner.invoke(app, ["source", game]).output
    if f"option {name} (default " in source:  # an option that reads a sentence is shown beside it
        assert f"option {name} (default {option_value(game, name)}, from a later source: {named})" in source
    option = [o for o in json.loads(runner.invoke(app, ["games", game, "--json"]).output)["options"] if o["name"] == name][0]
    assert option["later"] == named
    assert html_escape(first, quote=True) in booklet_html(game) or first in booklet_html(game)
    assert first in tei_bytes(game).decode("utf-8")
    docs = (Path(__file__).resolve().parents[1] / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert f"later source: {first}" in docs


def quotations_out_of_their_sources():
    """Every « … » of the option docs, our reasons and the guide's rules that no sentence of its
    game's sources holds, unless it is marked as from elsewhere: ``[Siglum] « … »`` names a later
    source (or another edited text, which must then hold it)."""
    from academie.edition.citations import _QUOTE
    from academie.edition.view import proposal_reason
    from academie.sources import LATER_SOURCES

    bad = []
    for gid, g in GAMES.items():
        texts = [(f"option {o.name}", o.doc) for o in g.describe_options()]
        texts += [(f"why {o.name}", proposal_reason(gid, o.name)) for o in g.describe_options()]
        texts += [(f"rule {rid}", r.text) for rid, r in rule_ids(g)]
        for where, text in texts:
            for m in _QUOTE.finditer(text):
                mark = re.search(r"\[([\w-]+)\]\s*$", text[:m.start()])
                if mark and mark.group(1) in LATER_SOURCES:
                    continue
                sigla = [mark.group(1)] if mark and mark.group(1) in SIGLA else game_sigla(gid)
                if not any(edition(s).holds(m.group(1)) for s in sigla):
                    bad.append(f"{gid} {where}: «{m.group(1)}»")
        for rid, r in rule_ids(g):
            if r.words and r.source in SIGLA and not edition(r.source).holds(r.words):
                bad.append(f"{gid} {rid}: [{r.source}] «{r.words}»")
    return bad


def test_every_quotation_of_an_option_or_rule_is_in_its_games_sources_or_marked_from_elsewhere():
    assert quotations_out_of_their_sources() == []


def test_a_quotation_that_no_source_holds_is_caught(monkeypatch):
    from academie.edition import view

    monkeypatch.setattr(view, "_PROPOSALS", {"belle-flux-trente-un": {"stand_is_final": "A player says « je m'y tiens »."}})
    assert quotations_out_of_their_sources() == ["belle-flux-trente-un why stand_is_final: « je m'y tiens »"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_default_of_our_proposal_states_its_reason_where_it_is_shown(game):
    from academie.edition.view import proposal_reason

    ours = [o.name for o in GAMES[game].describe_options() if o.provenance == "our proposal"]
    games = " ".join(runner.invoke(app, ["games", game]).output.split())
    rules = " ".join(runner.invoke(app, ["rules", game]).output.split())
    source = runner.invoke(app, ["source", game]).output
    booklet = " ".join(__import__("academie.edition.booklet", fromlist=["x"]).booklet_html(game).split())
    for name in ours:
        why = proposal_reason(game, name)
        assert why and why.count(". ") == 0 and why.endswith("."), (name, why)  # one sentence
        flat = " ".join(why.split())
        assert f"Why this default: {flat}" in games and f"Why this default: {flat}" in rules, name
        assert f"option {name} (default " in source and why in source, name
        assert html_escape(flat, quote=True) in booklet, name
    others = [o.name for o in GAMES[game].describe_options() if o.provenance != "our proposal"]
    assert not any(proposal_reason(game, name) for name in others)


def test_belle_flux_reviews_the_stand_reading():
    notes = [n for s in game_edition("belle-flux-trente-un")["sources"] for n in s["notes"]]
    stand = [n for n in notes if n["option"] == "stand_is_final"]
    assert stand and 22 in stand[0]["sentences"] and "s'y tient" in stand[0]["text"]


def test_the_booklet_prints_rule_ids_linked_numbers_and_the_reading_in_force(tmp_path):
    from academie.edition.booklet import booklet_html, pdf_paragraphs

    html = booklet_html("blason")
    assert "<span class='n'>turn.7</span>" in html and "<a href='#s002-15'>§15</a>" in html
    assert "id='s002-15'" in html  # the link's target, in the appendix
    plain = re.sub(r"<a href='#s\d{3}-\d+'>§\d+</a>", "", html.split("<h2>")[0])
    assert "§" not in plain.replace("(§ numbers", "")  # every § number before the appendix is a link
    assert "In force:" not in html
    path = tmp_path / "b.html"
    ok = runner.invoke(app, ["source", "blason", "--booklet", str(path), "-o", "rest_reading=others_throw_twice"])
    assert ok.exit_code == 0, ok.output
    chosen = path.read_text(encoding="utf-8")
    line = [x for x in chosen.split("<li") if "turn.4" in x.split("</span>")[0]][0]
    assert "In force: rest_reading=others_throw_twice" in line and "missing one turn" in line
    pdf = [p[0] for p in pdf_paragraphs("blason", {"rest_reading": "others_throw_twice"}) if p]
    assert any(p.startswith("• turn.7") for p in pdf)
    assert any(p.startswith("In force: rest_reading=others_throw_twice") for p in pdf)


def test_the_tei_keeps_each_conjecture_note_in_its_correction():
    root = ET.fromstring(tei_bytes("blason"))
    ns = {"t": TEI_NS}
    s12 = [s for s in root.iter(f"{{{TEI_NS}}}s") if s.get(XML_ID) == "s002-12"][0]
    notes = s12.findall(".//t:choice/t:corr/t:note", ns)
    assert notes and "écus à l'antique" in notes[0].text and notes[0].get("type") == "conjecture"
    for game in GAME_IDS:  # every reason we give for a reading is in the TEI
        text = tei_bytes(game).decode("utf-8")
        for src in game_edition(game)["sources"]:
            for s in src["sentences"]:
                if s["corr_note"]:
                    assert html_escape(s["corr_note"], quote=False) in text, (game, s["n"])


@pytest.mark.parametrize("game,siglum,n,words", [
    ("reversis", "001", 16, "the dealer first"),
    ("reversis", "001", 32, "our reading"),
    ("trente-et-un", "003", 38, "The alternative"),
])
def test_the_historians_questions_are_answered_beside_their_sentence(game, siglum, n, words):
    out = runner.invoke(app, ["source", game]).output
    notes = [x for src in game_edition(game)["sources"] if src["siglum"] == siglum for x in src["notes"] if n in x["sentences"]]
    assert any(words in x["text"] for x in notes), [x["title"] for x in notes]
    assert any(x["title"] in out for x in notes)


def test_the_reversis_ante_is_marked_our_reading_where_the_rule_is_shown():
    rule = {r["id"]: r for r in game_edition("reversis")["rules"]}["reversis:deal.2"]
    assert "our reading" in rule["text"] and "our reading: option pool_ante" in rule["citation"]
    rules = runner.invoke(app, ["rules", "reversis"]).output
    assert "each player puts two counters in it (our reading of [001] §32" in rules
