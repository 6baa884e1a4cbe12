"""Hostile stage and chapter files (learn/): whatever a careless or hostile author writes, ``nomercy check`` answers
with one line per file that names the file and the point, in the game's words, never a crash, and a broken stage
never passes. The cases the issue names (an illegal position, an accepted move that is illegal or does not do the
task, a wrong move that is not wrong) each fail with their own line."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy.cli import main
from nomercy.puzzles.stage import CHAPTER_FILE, default_learn_dir, stage_schema
from nomercy.puzzles.stage import check_files as check_paths
from nomercy.puzzles.yaml_reader import read_puzzle_file

HOSTILE_COVERS = ("file:stage", "file:chapter")

BASE = read_puzzle_file(default_learn_dir() / "3-draw-and-stack" / "stop-the-plus-two.yaml")
PYTHON_WORDS = re.compile(r"Traceback|Error\b|\bNone\b|\bTrue\b|\bFalse\b|<[a-z_.]+ object|\bNoneType\b|\bstr\b|\bint\b")
"""Python in a message: a value a file gives is named as the file writes it (null, true)."""


def _python_in(line: str) -> bool:
    """Whether a message speaks Python; what it quotes of the file's own text (between quotes: a color written
    as the text 'True') may say anything."""
    return bool(PYTHON_WORDS.search(re.sub(r"'[^'\n]*'", "''", line)))


def _write(folder: Path, data: Any, *, stage_id: str = "stop-the-plus-two", text: str | None = None) -> Path:
    chapter = folder / "1-test"
    chapter.mkdir(parents=True, exist_ok=True)
    (chapter / CHAPTER_FILE).write_text(f"title: Test\nabout: A test chapter.\nstages: [{stage_id}]\n")
    path = chapter / f"{stage_id}.yaml"
    path.write_text(text if text is not None else yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return path


def _one_line_about(tmp_path: Path, data: Any = None, **write: Any) -> str:
    path = _write(tmp_path, data, **write)
    results = {r.id: r for r in check_paths([tmp_path])}
    result = results[str(path)]
    assert not result.ok, "a broken stage passed"
    line = str(result)
    assert "\n" not in line and line.startswith(str(path)), line
    assert not _python_in(line), line
    return line


def _changed(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is ...:
            data.pop(key, None)
        else:
            data[key] = value
    return data


CASES = {
    "an illegal position: too many copies of a card": (
        {"hands": {**BASE["hands"], "Bo": ["blue +2", "blue +2", "blue +2", "blue +2"]}}, r"copies of blue \+2"),
    "an accepted move that is illegal": ({"done": ["You plays red 9"], "wrong": []}, r"done move 'You play red 9' is refused"),
    "an accepted move that does not do the task": (
        {"done": ["You draws"], "wrong": []}, r"done move 'You draw' does not do the task: pending expected 4"),
    "a wrong move that is not wrong": (
        {"wrong": [{"move": "You draws", "why": "x"}]}, r"wrong move 'You draw' is allowed by the rules"),
    "a wrong move that does not end as described": (
        {"wrong": [{"move": "You draws", "why": "x", "ends": {"hand_size": {"You": 9}}}]},
        r"wrong move 'You draw': hand_size.You expected 9, got 5"),
    "a move that also does the task but is not listed": (
        {"hands": {**BASE["hands"], "You": ["blue +2", "green +2", "green 4"]}}, r"also does the task: add it to done"),
    "a rule too long": ({"rule": " ".join(["word"] * 41)}, r"rule has 41 words"),
    "an unknown ruling": ({"ruling": "stackin"}, r"ruling is the id of a ruling"),
    "a missing task": ({"task": ...}, r"missing key task"),
    "an unknown key": ({"answer": {"pending": 4}}, r"unknown key 'answer'"),
    "a done move of another seat": ({"done": ["Bo plays yellow 3"]}, r"is not a move of You"),
    "an opening move the rules refuse": ({"moves": ["Cy plays green 7"]}, r"opening move 'Cy plays green 7' is refused"),
    "a goal with a replayed key": ({"goal": {"illegal": "You draws"}}, r"goal: illegal is not checked after a move"),
    "an empty done list": ({"done": []}, r"done lists the moves"),
    "a wrong try with no why": ({"wrong": [{"move": "You draws"}]}, r"wrong\[1\] is a mapping with move and why"),
    "a title that is a number": ({"title": 2}, r"title must be text, not 2"),
    "an empty task (once called a question)": ({"task": "  "}, r"a stage's task is text a learner reads, not '  '"),
    "a task with a zero-width space": ({"task": "Stop\u200b the +2."}, r"a stage's task holds a character that shows as"),
    "a task of the Hangul filler": ({"task": "\u3164"}, r"a stage's task holds a character that shows as nothing"),
    "a rule with the braille blank": ({"rule": "A +2 \u2800stacks."}, r"a stage's rule holds a character that shows"),
    "a title with a soft hyphen": ({"title": "Stop\u00ad it"}, r"title holds a character that shows as nothing"),
    "steps that are not a list": ({"steps": "You draws"}, r"steps lists the learner's moves before the one"),
    "a step of another seat": ({"steps": ["Bo draws"]}, r"steps: 'Bo draws' is not a move of You"),
    "a step the rules refuse": ({"steps": ["You plays green 4"]}, r"step 'You play green 4' is refused"),
    "a step that is also done": ({"steps": ["You plays blue +2"]}, r"steps: You plays blue \+2 is also one of the moves"),
    "a step that is also a wrong try": (
        {"steps": ["You draws"], "wrong": [{"move": "You draws", "why": "x"}]}, r"also one of the moves that count"),
}


@pytest.mark.parametrize("name", CASES)
def test_each_named_fault_is_one_line_naming_the_file_and_the_point(tmp_path, name):
    changes, said = CASES[name]
    assert re.search(said, _one_line_about(tmp_path, _changed(**changes))), name


def test_a_chapter_that_lists_a_missing_stage_or_leaves_one_out_fails(tmp_path):
    path = _write(tmp_path, BASE)
    (path.parent / CHAPTER_FILE).write_text("title: T\nabout: A.\nstages: [stop-the-plus-two, gone]\n")
    lines = [str(r) for r in check_paths([tmp_path]) if not r.ok]
    assert any("stages names 'gone', but the folder has no gone.yaml" in line for line in lines)
    (path.parent / CHAPTER_FILE).write_text("title: T\nabout: A.\nstages: []\n")
    lines = [str(r) for r in check_paths([tmp_path]) if not r.ok]
    assert any("stages lists the chapter's stage ids" in line for line in lines)
    (path.parent / CHAPTER_FILE).write_text("title: T\nabout: A.\nstages: [x]\nmore: 1\n")
    assert any("unknown key 'more'" in str(r) for r in check_paths([tmp_path]) if not r.ok)


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "id: [unclosed\n", "\x00\x01", "a: &x [*x]\n", "{" * 200])
def test_a_file_that_is_not_a_stage_is_one_failed_line(tmp_path, capsys, text):
    path = _write(tmp_path, None, text=text)
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    line = next(line for line in out if line.startswith(str(path)))
    assert not _python_in(line), line


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10, 10 ** 20), st.text(max_size=30),
                    st.lists(st.text(max_size=10), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(set(BASE) | {"wrong", "you", "variant", "draw_pile", "pending", "color"})),
       value=_VALUES)
def test_any_value_in_any_key_is_a_pass_or_one_line_and_the_schema_agrees_with_a_pass(tmp_path_factory, key, value):
    folder = tmp_path_factory.mktemp("stage")
    data = _changed(**{key: value})
    path = _write(folder, data)
    result = {r.id: r for r in check_paths([folder])}[str(path)]
    line = str(result)
    assert "\n" not in line and not _python_in(line), line
    if result.ok:  # what the reader accepts, the schema accepts
        jsonschema = pytest.importorskip("jsonschema")
        errors = [e.message for e in jsonschema.Draft202012Validator(stage_schema()).iter_errors(read_puzzle_file(path))]
        assert not errors, (key, value, errors[:2])


def test_a_stage_in_a_folder_without_a_chapter_file_is_named_as_a_stage(tmp_path, capsys):
    """It was read as a puzzle, and the line spoke of a missing question."""
    folder = tmp_path / "1-test"
    folder.mkdir()
    (folder / "stop-the-plus-two.yaml").write_text(yaml.safe_dump(BASE, allow_unicode=True), encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 passed, 1 failed"
    assert "a stage of the learning path" in out[0] and "no chapter.yaml" in out[0]
    assert "question" not in out[0] and "puzzle" not in out[0]
