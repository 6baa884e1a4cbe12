"""What a second blind hostile probe (1,122 tries) found still wrong, one kind at a time, each fixed wherever it occurs.

The kinds: a folder that goes away while the puzzle folders are walked (a traceback from ``puzzle show``); a
script given a file that only has a notebook's ending (a traceback); output a terminal cannot encode (a traceback
halfway through ``nomercy check``); ``puzzle generate`` killed with ``kill -9`` while it wrote (part of a set
left); a file name ``-`` or one with a line break (written without a word); two puzzle files of one id (listed
twice, one of them shown); rules that can never deal (made without a word, refused only by the deal); an empty
card between two commas (dropped); and messages that named the wrong thing (``--players`` given 31 digits, an
empty puzzle id, ``--version``, a chapter's title called a stage's, a stage's goal called an answer, a
``chapter.yaml`` that is a folder, a progress import given a number, an export pasted twice).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import one_clear_line
from hostile_values import clear
from test_hostile_scripts import run as run_script

from nomercy import GameRecord, parse_cards, ruleset
from nomercy.cli import main
from nomercy.core.errors import NomercyError, NotationError, RulesError

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ROOT / "puzzles" / "drawing" / "draw-until-playable.yaml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

HOSTILE_COVERS = (
    "cli:puzzle show", "cli:puzzle solve", "cli:puzzle show --dir", "cli:puzzle solve --dir", "cli:puzzle list --dir",
    "cli:puzzle generate --out", "cli:puzzle generate --players", "cli:simulate --records", "cli:simulate --players",
    "cli:play --players", "cli:play --save", "cli:check", "api:nomercy.core.rules.ruleset(overrides)", "api:nomercy.core.rules.check_dealable(rules)",
    "api:nomercy.play.record.GameRecord.from_json(text)", "api:nomercy.core.cards.parse_cards(texts)",
    "api:nomercy.puzzles.commands.players_number(option)", "api:nomercy.puzzles.puzzle.find_puzzle(key)", "intent:Trainer:import_progress",
    "file:progress-export", "file:chapter", "file:stage", "script:notebook_text.py", "script:notebook_text.py --out",
    "script:store_notebook_outputs.py",
)


def one_line_refusal(capsys, argv: list[str], status: int = 2) -> str:
    try:
        assert main(argv) == status
    except SystemExit as stopped:  # a refusal of the option parser
        assert stopped.code == status
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "Traceback" not in said and clear(said.strip()), said
    return said.strip()


# --- a folder that goes away during the walk -------------------------------------------------------------------

@pytest.fixture
def vanishing(tmp_path, monkeypatch):
    """A puzzle folder whose subfolder ``gone`` is removed just as the walk comes to read it, as another program's
    temporary folder under /tmp is: the walk must pass over it, not crash (it raised FileNotFoundError)."""
    folder = tmp_path / "puzzles"
    (folder / "gone" / "deeper").mkdir(parents=True)
    shutil.copy(PUZZLE, folder)
    real = os.scandir

    def scandir(path="."):
        if isinstance(path, (str, os.PathLike)) and os.fspath(path).endswith("gone"):
            monkeypatch.setattr(os, "scandir", real)  # the removal's own walk reads as usual
            shutil.rmtree(path)
            monkeypatch.setattr(os, "scandir", scandir)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return folder


@pytest.mark.parametrize("command", ["show", "solve"])
def test_a_folder_that_vanishes_during_the_walk_is_passed_over(capsys, vanishing, command):
    assert main(["puzzle", command, "draw-until-playable", "--dir", str(vanishing)]) == 0
    assert capsys.readouterr().err == ""


def test_a_folder_that_vanishes_during_list_or_check_is_passed_over(capsys, vanishing):
    assert main(["puzzle", "list", "--dir", str(vanishing)]) == 0
    assert "draw-until-playable" in capsys.readouterr().out
    assert main(["check", str(vanishing)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


# --- output a terminal cannot encode ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv, stdin", [
    (["check", "puzzles/"], ""),
    (["play", "--lang", "zh-Hant"], "quit\n"),
    (["puzzle", "solve", "draw-until-playable"], ""),
], ids=["check", "play in Chinese", "puzzle solve"])
def test_output_a_terminal_cannot_encode_is_escaped_not_a_crash(argv, stdin):
    """With ``PYTHONIOENCODING=ascii`` the ``±`` of a best move ended ``nomercy check`` halfway with a traceback."""
    done = subprocess.run([sys.executable, "-m", "nomercy", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env={**ENV, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-500:]
    assert done.stdout.isascii() and done.stdout.strip()


# --- puzzle generate killed while it writes --------------------------------------------------------------------

_KILLED_GENERATE = """
import os, signal, sys
from nomercy.puzzles import generate
written = []
real = generate.write_text
def write_text(path, text, **how):
    real(path, text, **how)
    written.append(path)
    if len(written) == 3:
        os.kill(os.getpid(), signal.SIGKILL)
generate.write_text = write_text
puzzles = [{"id": f"p{i}", "n": i} for i in range(6)]
generate.puzzle_text = lambda data: f"id: {data['id']}\\n"
generate.write_puzzles(puzzles, sys.argv[1])
"""


@pytest.mark.parametrize("existing", [False, True], ids=["new folder", "folder with puzzles"])
def test_generate_killed_with_kill_9_while_writing_leaves_no_part_of_a_set(tmp_path, existing):
    """Killed after 3 of 6 files, it left 3 puzzles (and a re-run refused them as already there)."""
    from nomercy.puzzles.generate import write_puzzles

    out = tmp_path / "out"
    if existing:
        out.mkdir()
        (out / "mine.yaml").write_text("id: mine\n", encoding="utf-8")
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", _KILLED_GENERATE, str(out)], env=ENV, timeout=120)
        assert done.returncode == -signal.SIGKILL
        assert sorted(p.name for p in out.iterdir()) == (["mine.yaml"] if existing else [])  \
            if out.exists() else not existing
    assert main(["check", str(tmp_path)]) in (0, 1)  # the hidden folder a kill left is not read as puzzles
    write_puzzles([{"id": "whole"}], out)  # the next run clears what the killed ones left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert sorted(p.name for p in out.iterdir()) == (["mine.yaml", "whole.yaml"] if existing else ["whole.yaml"])


def test_generate_writes_every_puzzle_of_a_set_into_a_new_folder(capsys, tmp_path):
    out = tmp_path / "deep" / "out"
    assert main(["puzzle", "generate", "--count", "3", "--seed", "11", "--out", str(out)]) == 0
    assert len(list(out.glob("*.yaml"))) == 3 and [p.name for p in out.parent.iterdir()] == ["out"]
    assert main(["check", str(out)]) == 0


# --- names that are no file names ------------------------------------------------------------------------------

NO_NAMES = ["-", "a\nb", "tab\there", "bell\a", "esc\x1b[31m", "del\x7f"]


@pytest.mark.parametrize("name", NO_NAMES)
@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "1", "--no-progress", "--records", "{}"],
    ["puzzle", "generate", "--count", "1", "--out", "{}"],
    ["play", "--save", "{}"],
    ["puzzle", "list", "--dir", "{}"],
    ["check", "{}"],
], ids=["records", "generate out", "save", "dir", "check"])
def test_a_name_that_is_no_file_name_is_refused_in_one_line_and_nothing_is_written(capsys, tmp_path, monkeypatch,
                                                                                    name, argv):
    """``--records -`` wrote a file called ``-``; a name with a line break was made without a word."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("quit\n"))
    said = one_line_refusal(capsys, [a.replace("{}", name) for a in argv])
    assert "control character" in said or "'-' is not a file name" in said
    assert list(tmp_path.iterdir()) == []


def test_the_api_refuses_the_same_names():
    from nomercy.core.files import check_target
    from nomercy.play.table import TableSession

    for name in NO_NAMES:
        with pytest.raises(NomercyError) as refused:
            check_target(name)
        one_clear_line(refused.value)
        with pytest.raises(NomercyError) as refused:
            TableSession(save_to=name)
        one_clear_line(refused.value)


@pytest.mark.parametrize("out", ["", " ", "a\nb"])
def test_notebook_text_refuses_an_out_folder_that_is_no_name(tmp_path, out):
    """``--out ''`` wrote ``00-index.md`` into the current folder."""
    done = run_script("notebook_text.py", "notebooks/00-index.ipynb", "--out", out)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert not (ROOT / "00-index.md").exists()


# --- a file that only has a notebook's ending ------------------------------------------------------------------

@pytest.mark.parametrize("content, said", [
    (b"not json", "it is not JSON"), (b"{}", "no list of cells"), (b"[]", "no list of cells"),
    (b'{"cells": [{"cell_type": "code", "source": 5}], "nbformat": 4}', "its cell 1 is not a cell"),
    (b'{"cells": [5], "nbformat": 4}', "its cell 1 is not a cell"), (b'{"cells": []}', "nbformat 4"),
    (b"\xff\xfe", "not UTF-8"),
], ids=["text", "empty object", "list", "source a number", "cell a number", "no format", "not UTF-8"])
@pytest.mark.parametrize("script", ["notebook_text.py", "store_notebook_outputs.py"])
def test_a_file_named_like_a_notebook_that_is_none_is_one_line(tmp_path, script, content, said):
    bad = tmp_path / "bad.ipynb"
    bad.write_bytes(content)
    done = run_script(script, str(bad))
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and done.stdout == "" and len(lines) == 1 and said in lines[0], done.stderr
    assert lines[0].startswith(f"scripts/{script}: {bad} is not a notebook")


# --- two puzzles of one id -------------------------------------------------------------------------------------

@pytest.fixture
def twice(tmp_path):
    for side in "ab":
        (tmp_path / side).mkdir()
        shutil.copy(PUZZLE, tmp_path / side)
    return tmp_path


def test_list_says_an_id_is_used_twice_as_check_does(capsys, twice):
    assert main(["puzzle", "list", "--dir", str(twice)]) == 1
    captured = capsys.readouterr()
    assert captured.out.count("draw-until-playable") == 1
    assert "is also used by" in captured.err and all(clear(line) for line in captured.err.splitlines())


@pytest.mark.parametrize("command", ["show", "solve"])
def test_show_and_solve_refuse_to_guess_between_two_files_of_one_id(capsys, twice, command):
    said = one_line_refusal(capsys, ["puzzle", command, "draw-until-playable", "--dir", str(twice)])
    assert "two files" in said and str(twice / "a") in said and str(twice / "b") in said


# --- rules that can never deal ---------------------------------------------------------------------------------

def test_rules_whose_hand_size_can_never_be_dealt_are_refused_where_they_are_made():
    """``ruleset(..., mercy_limit=5, hand_size=9)`` was made, and refused only by the deal."""
    for made in (lambda: ruleset("no-mercy", mercy_limit=5, hand_size=9), lambda: ruleset("no-mercy", hand_size=25),
                 lambda: ruleset("no-mercy", **{"hand-size": "30"})):
        with pytest.raises(RulesError) as refused:
            made()
        assert "is not above hand_size" in one_clear_line(refused.value)
    assert ruleset("no-mercy", mercy_limit=8, hand_size=7).mercy_limit == 8
    assert ruleset("classic", hand_size=20).mercy_limit is None


def test_a_position_s_rules_may_keep_a_mercy_limit_under_the_hand_size_but_no_deal_takes_them():
    """A lesson's position starts with small hands under a low mercy limit: it is not dealt, so its rules are made;
    the deal (and a record, which is always dealt) refuses them with the same check."""
    from nomercy import deal
    from nomercy.core.rules import RuleSet, check_dealable

    low = ruleset("no-mercy", mercy_limit=3)
    for refuse in (lambda: check_dealable(low), lambda: check_dealable(RuleSet(mercy_limit=7)),
                   lambda: deal(low, 2), lambda: deal("no-mercy", 2, mercy_limit=7)):
        with pytest.raises(RulesError) as refused:
            refuse()
        assert "is not above hand_size" in one_clear_line(refused.value)
    for wrong in (None, "no-mercy", 5, {"mercy_limit": 3}):
        with pytest.raises(RulesError) as refused:
            check_dealable(wrong)
        assert "a rule set" in one_clear_line(refused.value)


def test_a_record_of_rules_that_can_never_deal_is_refused_when_read():
    text = json.dumps({"rules": "no-mercy", "seats": ["A", "B"], "seed": 1, "moves": [],
                       "overrides": {"mercy_limit": 5, "hand_size": 9}})
    with pytest.raises(NomercyError) as refused:
        GameRecord.from_json(text)
    assert "mercy_limit 5 is not above hand_size 9" in one_clear_line(refused.value)


# --- an empty card between two commas --------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["r7,,b3", "r7,", ",r7", "r7, ,b3", ",", "r7,\t,b3"])
def test_an_empty_card_between_commas_is_refused_not_dropped(text):
    with pytest.raises(NotationError) as refused:
        parse_cards(text)
    assert "a card is missing between the commas" in one_clear_line(refused.value)


def test_no_text_at_all_is_still_no_cards():
    assert parse_cards("") == () and parse_cards("  ") == () and len(parse_cards("r7, b3")) == 2


# --- messages that named the wrong thing -----------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["simulate", "--games", "1"], ["play"], ["puzzle", "generate", "--out", "o"]],
                         ids=["simulate", "play", "generate"])
@pytest.mark.parametrize("players", ["1" + "0" * 30, "9" * 5000, "-" + "9" * 40])
def test_a_huge_number_of_players_names_the_real_ranges(capsys, tmp_path, monkeypatch, argv, players):
    """It said "--players is a whole number from -1000000000000000000 to 1000000000000000000"."""
    monkeypatch.chdir(tmp_path)
    said = one_line_refusal(capsys, [*argv, "--players", players])
    assert "no-mercy 2 to 6" in said and "classic 2 to 10" in said and "1000000000000000000" not in said


@pytest.mark.parametrize("players", ["0", "7", "100000"])
def test_a_number_of_players_the_profile_does_not_seat_names_its_range(capsys, players):
    assert "no-mercy is for 2 to 6 players" in one_line_refusal(capsys, ["simulate", "--players", players])


@pytest.mark.parametrize("command", ["show", "solve"])
@pytest.mark.parametrize("key", ["", " ", "\t"])
def test_an_empty_puzzle_id_asks_for_an_id_without_suggestions(capsys, command, key):
    said = one_line_refusal(capsys, ["puzzle", command, key])
    assert "give a puzzle id" in said and "did you mean" not in said


def test_version_gives_the_version(capsys):
    from nomercy import __version__

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0 and capsys.readouterr().out == f"nomercy {__version__}\n"


@pytest.fixture
def chapter(tmp_path):
    folder = tmp_path / "1-match"
    shutil.copytree(ROOT / "learn" / "1-match", folder)
    return folder


def test_a_chapter_without_a_title_is_named_as_the_chapter(capsys, chapter):
    text = (chapter / "chapter.yaml").read_text(encoding="utf-8")
    (chapter / "chapter.yaml").write_text("\n".join(l for l in text.splitlines() if not l.startswith("title:")),
                                          encoding="utf-8")
    assert main(["check", str(chapter / "chapter.yaml")]) == 1
    out = capsys.readouterr().out
    assert "the chapter's title is text a learner reads" in out and "a stage's" not in out


@pytest.mark.parametrize("goal, said", [("{weather: sunny}", "goal: unknown goal key 'weather'"),
                                        ("{top: [1, 2]}", "goal")])
def test_a_stage_s_goal_is_named_as_its_goal_not_an_answer(capsys, chapter, goal, said):
    import re

    stage = chapter / "match-the-color.yaml"
    text = stage.read_text(encoding="utf-8")
    stage.write_text(re.sub(r"^goal:.*?(?=^\S)", f"goal: {goal}\n", text, flags=re.M | re.S), encoding="utf-8")
    assert main(["check", str(stage)]) == 1
    out = capsys.readouterr().out
    assert said in out and "answer" not in out.split("\n")[0], out


def test_a_chapter_yaml_that_is_a_folder_is_said_so(capsys, chapter):
    (chapter / "chapter.yaml").unlink()
    (chapter / "chapter.yaml").mkdir()
    assert main(["check", str(chapter)]) == 1
    out = capsys.readouterr().out
    assert "the chapter.yaml beside it is a folder" in out and "has no chapter.yaml" not in out


@pytest.mark.parametrize("value, said", [
    (5, "takes the text of an exported progress file"), (None, "takes the text of an exported progress file"),
    (["x"], "takes the text of an exported progress file"), (b"{}", "it is not a nomercy progress file"),
    (b"\xff", "not text (UTF-8)"),
])
def test_an_import_of_no_text_says_what_is_expected(tmp_path, value, said):
    from nomercy.widgets.trainer import Trainer

    trainer = Trainer(data_dir=tmp_path)
    with pytest.raises(NomercyError) as refused:
        trainer.import_progress(value)
    assert said in one_clear_line(refused.value) and "nothing to import" not in str(refused.value)


def test_an_export_pasted_twice_is_said_to_hold_two_exports(tmp_path):
    from nomercy.widgets.trainer import Trainer

    trainer = Trainer(data_dir=tmp_path)
    exported = trainer.export_progress()
    with pytest.raises(NomercyError) as refused:
        trainer.import_progress(exported + exported)
    assert "two exports pasted together" in one_clear_line(refused.value)
    assert trainer.import_progress(exported) == 0


@pytest.mark.parametrize("key", ["", " ", "\t", "\u3000"])
def test_find_puzzle_refuses_an_empty_id_without_reading_the_collection(key):
    from nomercy.puzzles.puzzle import find_puzzle

    with pytest.raises(NomercyError) as refused:
        find_puzzle(key)
    assert "a puzzle is named by its id or its file" in one_clear_line(refused.value)
