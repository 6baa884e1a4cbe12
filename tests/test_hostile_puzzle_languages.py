"""Hostile values where the puzzles' language is chosen and where their words are read: the trainer's ``lang`` (a
program's argument: refused in one line before anything is read or kept), the Train page asked for a language that
is not ours (English, with a note, every puzzle served), the puzzles' catalog with an entry that lost a placeholder
or is fuzzy (the build stops, never the player), a compiled catalog that is missing or broken (one line, never a
traceback at the player), and the extraction of a puzzle file's words from any data a file can hold."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostile_values import LOOK_ALIKES, ODD_TEXTS, SAMPLE, answer, clear
from nomercy.core.i18n import LANGUAGES, LanguageError
from nomercy.puzzles.file_words import extract_puzzle, puzzle_words

HOSTILE_COVERS = (
    "api:nomercy.widgets.trainer.Trainer(lang)",
    "page:lang:lang",
)

CODES = [c for c in [*SAMPLE, *ODD_TEXTS, *LOOK_ALIKES, "xx", "de", "SV", "sv-SE", "zh-TW", "zh_Hant", "fr\x00",
                     "../fr", "<b>sv</b>", "sv" * 40] if not (isinstance(c, str) and c in LANGUAGES)]


@pytest.mark.parametrize("code", CODES[:40], ids=range(len(CODES[:40])))
def test_a_trainer_refuses_a_language_before_anything_is_kept(code: Any) -> None:
    pytest.importorskip("anywidget")
    from nomercy.widgets import Trainer

    data = Path(tempfile.mkdtemp())
    assert answer(lambda: Trainer(data_dir=data, lang=code, learner="Ann")) is None
    assert list(data.iterdir()) == [], "a refused language made the learner's folder"


@pytest.mark.parametrize("code", ["xx", "", "9" * 30, "\u202esv", "de-DE"])
def test_the_train_page_in_a_language_not_ours_serves_every_puzzle_in_english_with_a_note(tmp_path: Path,
                                                                                           code: str) -> None:
    from test_site_host import run_in_app

    code_run = f'''
trainer_id = host.start("train", post, {code!r})
state = dict(next(m["data"]["state"] for m in models("comm_open") if m["comm_id"] == trainer_id))
for m in models("comm_msg"):
    if m["comm_id"] == trainer_id:
        state.update(m["data"].get("state", {{}}))
page = next(m for m in sent if m["type"] == "page")
print(json.dumps({{"puzzle": state["puzzle"], "status": state["status"], "notes": page["notes"]}}))
'''
    shown = run_in_app(code_run, tmp_path, "puzzle")
    assert shown["status"]["available"] == "" and shown["status"]["pool"] >= 160
    assert shown["puzzle"]["hands"] == [] or shown["puzzle"]["hands"][0]["label"].startswith("Seat ")
    assert len(shown["notes"]) == 1 and "shown in English" in shown["notes"][0] and clear(shown["notes"][0])


def test_a_broken_or_missing_compiled_puzzles_catalog_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build writes the .mo; a copy whose .mo went missing (beside its .po) or was damaged says what to do."""
    from nomercy.core import i18n

    folder = tmp_path / "sv" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "puzzles.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._puzzle_words.cache_clear()
    try:
        with pytest.raises(LanguageError, match="puzzles' catalog is not compiled") as refused:
            i18n.puzzle_catalog("sv")
        assert clear(str(refused.value))
        (folder / "puzzles.po").unlink()  # no catalog at all: nothing translated yet, not an error
        assert i18n.puzzle_catalog("sv").knows("Who starts?") is False
    finally:
        i18n._puzzle_words.cache_clear()


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.sampled_from(["title", "question", "hints", "choices",
                                                                             "label", "why", "explanation", "source",
                                                                             "move", "x"]), inner, max_size=6)),
                    max_leaves=12))
def test_the_words_of_any_puzzle_data_are_its_texts_only(data: Any) -> None:
    found = puzzle_words(data)
    assert all(isinstance(text, str) and text == " ".join(text.split()) and text for _, text in found)


@pytest.mark.parametrize("text", [b"", b"- a\n- b\n", b"title: [1, 2]\nhints: 5\n", b"title: T\nchoices: [null, {why: 3}]\n",
                                  b"source: original\nquestion: Q\n", "title: \u00c5 \u00f6 \u4e2d\u6587\nhints: [x]\n".encode()])
def test_the_extractor_takes_any_puzzle_file_without_an_error(text: bytes) -> None:
    found = [m[2] for m in extract_puzzle(io.BytesIO(text), [], [], {})]
    assert all(isinstance(m, str) and m for m in found)
