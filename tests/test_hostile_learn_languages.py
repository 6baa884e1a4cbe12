"""Hostile values where the Learn path's language is chosen and where its files' words are read: the widget's
``lang`` (a program's argument: refused in one line before anything is read or written), the learner bar's
language, the Learn page asked for a language that is not ours (English with a note, the path as it is), and the
extraction of a stage file's words from any data a file can hold (nothing but its texts, never an error)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from conftest import examples
from hypothesis import strategies as st

from hostile_values import LOOK_ALIKES, ODD_TEXTS, SAMPLE, answer, clear
from nomercy.core.i18n import LANGUAGES
from nomercy.puzzles.file_words import extract_yaml, file_words


HOSTILE_COVERS = (
    "api:nomercy.widgets.learn_path.LearnPath(lang)",
    "api:nomercy.puzzles.file_words.file_words(data)",
    "api:nomercy.puzzles.file_words.extract_yaml(fileobj)",
    "page:lang:lang",
)

CODES = [c for c in [*SAMPLE, *ODD_TEXTS, *LOOK_ALIKES, "xx", "de", "SV", "sv-SE", "zh-TW", "zh_Hant", "fr\x00",
                     "../fr", "<b>sv</b>", "sv" * 40] if not (isinstance(c, str) and c in LANGUAGES)]


@pytest.mark.parametrize("code", CODES[:40], ids=range(len(CODES[:40])))
def test_a_learning_path_refuses_a_language_before_anything_is_kept(code: Any) -> None:
    from nomercy.widgets import LearnPath

    data = Path(tempfile.mkdtemp())
    assert answer(lambda: LearnPath(data_dir=data, lang=code, learner="Ann")) is None
    assert list(data.iterdir()) == [], "a refused language made the learner's folder"


@pytest.mark.parametrize("code", CODES[:20], ids=range(len(CODES[:20])))
def test_the_learner_bar_refuses_a_language_in_one_line(code: Any) -> None:
    from nomercy.widgets.learner_choice import LearnerChoice

    choice = LearnerChoice(tempfile.mkdtemp(), "Ann")
    assert answer(lambda: choice.status(code)) is None


@pytest.mark.parametrize("code", ["xx", "", "9" * 30, "\u202esv", "de-DE"])
def test_the_learn_page_in_a_language_not_ours_shows_the_path_in_english_with_a_note(tmp_path: Path, code: str) -> None:
    from test_site_host import run_in_app

    code_run = f'''
path_id = host.start("learn", post, {code!r})
state = dict(next(m["data"]["state"] for m in models("comm_open") if m["comm_id"] == path_id))
for m in models("comm_msg"):
    if m["comm_id"] == path_id:
        state.update(m["data"].get("state", {{}}))
page = next(m for m in sent if m["type"] == "page")
print(json.dumps({{"title": state["stage"]["title"], "words": state.get("words", {{}}), "notes": page["notes"]}}))
'''
    shown = run_in_app(code_run, tmp_path, "learn")
    assert shown["title"] == "Match the color" and shown["words"] == {}
    assert len(shown["notes"]) == 1 and "shown in English" in shown["notes"][0] and clear(shown["notes"][0])


@settings(max_examples=examples(150), deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.sampled_from(["title", "about", "rule", "task", "why",
                                                                             "wrong", "stages", "x"]), inner,
                                                            max_size=5)), max_leaves=12))
def test_the_words_of_any_file_data_are_its_texts_only(data: Any) -> None:
    found = file_words(data)
    assert all(isinstance(text, str) and text == " ".join(text.split()) and text for text in found)


@pytest.mark.parametrize("text", [b"", b"- a\n- b\n", b"title: [1, 2]\nwrong: 5\n", b"title: T\nwrong: [null, {why: 3}]\n",
                                  b"stages: x\ntitle: A\nabout: B\n", "title: Å ö 中文\n".encode()])
def test_the_extractor_takes_any_stage_file_without_an_error(text: bytes) -> None:
    found = [m[2] for m in extract_yaml(io.BytesIO(text), [], [], {})]
    assert all(isinstance(m, str) and m for m in found)
