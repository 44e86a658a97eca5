"""Files a user names: the record of ``play`` is never written over an existing file without
``--force`` nor into a folder that does not exist, each refusal says what is wrong; ``play
--resume`` takes a match up again from its record and saves it back there; a seed drawn when
none is given comes from the whole 63-bit range."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from academie.cards import CARD_CODES
from academie.cli.app import app
from academie.core.record import GameRecord
from academie.outputs import quoted

runner = CliRunner()


def play(*args: str, input: str = "quit\n"):
    return runner.invoke(app, ["play", *args], input=input)


def test_an_existing_file_is_refused_and_left_as_it_was(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("my notes\n")
    result = play("trente-et-un", "--record", "README.md")
    assert result.exit_code == 2
    assert "--record 'README.md': the file already exists; give a new file name, or add --force" in result.output
    assert (tmp_path / "README.md").read_text() == "my notes\n"


def test_force_lets_the_record_replace_an_existing_file(tmp_path):
    path = tmp_path / "old.json"
    path.write_text("old")
    result = play("trente-et-un", "--seed", "3", "--record", str(path), "--force")
    assert result.exit_code == 0, result.output
    assert GameRecord.load(path).seed == 3


def test_a_missing_folder_is_refused_and_not_created(tmp_path):
    where = tmp_path / "nonexistent" / "x.json"
    result = play("trente-et-un", "--record", str(where))
    assert result.exit_code == 2
    # quoted: a worker's tmp_path (pytest-xdist) can pass the 80 characters an error message shows
    assert f"the folder {quoted(tmp_path / 'nonexistent')} does not exist" in result.output
    assert not (tmp_path / "nonexistent").exists()


def test_a_file_used_as_a_folder_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("x")
    result = play("trente-et-un", "--record", "README.md/x.json")
    assert result.exit_code == 2
    assert "--record 'README.md/x.json': 'README.md' is a file, not a folder" in result.output
    assert "File exists" not in result.output


def test_the_default_record_goes_to_academie_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = play("trente-et-un", "--seed", "4")
    assert result.exit_code == 0, result.output
    (saved,) = (tmp_path / "academie-records").iterdir()
    assert re.fullmatch(r"trente-et-un-\d{8}-\d{6}\.json", saved.name), saved.name


def test_a_quit_match_names_its_record_without_the_drawn_seed(tmp_path, monkeypatch):
    """The seed decides every card: a match quit unfinished keeps it hidden, the file name too."""
    monkeypatch.chdir(tmp_path)
    result = play("trente-et-un", input="s\nquit\n")
    assert result.exit_code == 0, result.output
    (saved,) = (tmp_path / "academie-records").iterdir()
    seed = json.loads(saved.read_text())["seed"]
    assert str(seed) not in saved.name and str(seed) not in result.output


def test_the_resume_command_is_quoted_for_the_shell(tmp_path):
    path = tmp_path / "é ü.json"
    first = play("trente-et-un", "--seed", "3", "--record", str(path), input="s\nquit\n")
    assert first.exit_code == 0
    assert f"go on with: academie play --resume '{path}'" in first.output.replace("\n", "")


def test_resume_takes_up_a_quit_match_and_plays_it_to_the_end(tmp_path):
    path = tmp_path / "m.json"
    first = play("trente-et-un", "--seed", "3", "--players", "3", "--record", str(path), input="s\nquit\n")
    assert first.exit_code == 0
    assert f"go on with: academie play --resume {path}" in first.output.replace("\n", "")
    saved = GameRecord.load(path)
    assert saved.actions and not saved.complete
    moves = "\n".join((["k", "p", "s"] + [c for r in "A23456789TJQK" for c in (r + "S", r + "H", r + "D", r + "C")]) * 400)
    again = runner.invoke(app, ["play", "--resume", str(path)], input=moves + "\n")
    assert again.exit_code == 0, again.output[-2000:]
    assert f"Taking up the match saved in {path}: {len(saved.actions)} moves replayed." in again.output
    done = GameRecord.load(path)
    assert done.complete and done.actions[: len(saved.actions)] == saved.actions and done.seed == 3
    assert [p.kind for p in done.players] == ["human", "heuristic", "heuristic"]
    replayed = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert replayed["complete"] and replayed["returns"] == done.result["returns"]


def test_resume_with_the_game_named_and_after_an_interrupted_match(tmp_path):
    path = tmp_path / "r.json"
    play("belle-flux-trente-un", "--seed", "5", "-o", "deals=2", "--record", str(path), input="")  # input ends
    assert not GameRecord.load(path).complete
    again = runner.invoke(app, ["play", "belle-flux-trente-un", "--resume", str(path)], input="s\n" * 200)
    assert again.exit_code == 0, again.output
    assert GameRecord.load(path).complete


@pytest.mark.parametrize("setup, game, extra, message", [
    ("complete", [], [], "is already over; replay it with: academie replay"),
    ("demo", [], [], "is a demo between bots: there is no seat to take up again"),
    ("quit", [], ["--seed", "4"], "--resume takes the match's settings from its record; drop --seed"),
    ("quit", [], ["--record", "other.json"], "drop --record"),
    ("quit", ["reversis"], [], "is a record of trente-et-un, not of reversis"),
    ("missing", [], [], "cannot read record"),
])
def test_resume_refuses_what_it_cannot_take_up(setup, game, extra, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "m.json"
    if setup == "complete":
        play("blason", "--seed", "2", "--record", str(path), input="auto\n")
        assert GameRecord.load(path).complete
    elif setup == "demo":  # a demo stopped half-way: still nobody's seat to take
        play("trente-et-un", "--demo", "--seed", "2", "--record", str(path))
        data = json.loads(path.read_text())
        data["complete"], data["result"], data["actions"] = False, None, data["actions"][:5]
        path.write_text(json.dumps(data))
    elif setup == "quit":
        play("trente-et-un", "--seed", "2", "--record", str(path))
    before = path.read_text() if path.exists() else None
    result = runner.invoke(app, ["play", *game, "--resume", str(path), *extra], input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.output.replace("\n", " ")
    assert (path.read_text() if path.exists() else None) == before


def test_resume_writes_back_to_its_own_record_without_force(tmp_path):
    path = tmp_path / "own.json"
    play("trente-et-un", "--seed", "6", "--record", str(path), input="s\nquit\n")
    before = len(GameRecord.load(path).actions)
    result = runner.invoke(app, ["play", "--resume", str(path)], input="p\n" + "\n".join(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert len(GameRecord.load(path).actions) > before


def test_a_drawn_seed_comes_from_the_whole_63_bit_range(tmp_path, monkeypatch):
    from academie.cli import app as app_module

    bounds: list[tuple[int, int]] = []

    class Recorder:
        def randrange(self, lo: int, hi: int) -> int:
            bounds.append((lo, hi))
            return hi - 1

    monkeypatch.setattr(app_module.random, "SystemRandom", Recorder)
    result = play("trente-et-un", "--record", str(tmp_path / "s.json"))
    assert result.exit_code == 0, result.output
    assert GameRecord.load(tmp_path / "s.json").seed == 2**63 - 1
    report = json.loads(runner.invoke(app, ["simulate", "trente-et-un", "--matches", "2", "--json"]).output)
    assert report["seed"] == 2**63 - 1
    assert bounds == [(1, 2**63), (1, 2**63)]


def test_a_drawn_seed_is_shown_to_the_person_only_at_the_end(tmp_path):
    # Quit, the match can be taken up again: the seed, which decides every card, stays hidden.
    stopped = play("trente-et-un", "--record", str(tmp_path / "q.json"))
    seed = GameRecord.load(tmp_path / "q.json").seed
    assert seed is not None and 1 <= seed < 2**63
    assert "Match stopped." in stopped.output and f"Seed {seed}" not in stopped.output
    ended = play("trente-et-un", "--record", str(tmp_path / "e.json"), input="s\n")  # input ends early
    assert ended.exit_code == 1 and "Seed " not in ended.output
    moves = "\n".join((["k", "p"] + list(CARD_CODES)) * 400) + "\n"
    over = play("trente-et-un", "--players", "2", "--record", str(tmp_path / "s.json"), input=moves)
    seed = GameRecord.load(tmp_path / "s.json").seed
    assert over.exit_code == 0 and GameRecord.load(tmp_path / "s.json").complete
    assert re.search(rf"^Seed {seed}\.$", over.output, re.M)
    assert f"Seed {seed}" not in over.output.splitlines()[0]


def test_the_default_record_never_replaces_another(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        assert play("blason", "--seed", "7", input="quit\n").exit_code == 0
    assert len(list((tmp_path / "academie-records").iterdir())) == 3
