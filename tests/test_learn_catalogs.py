"""The Learn path's files in the catalogs: every chapter's and stage's words (nomercy/puzzles/file_words.py) are
extracted by babel.cfg's ``yaml`` method, translated in every language, and shown by the learning path in the
language asked for; a new stage's words that are not extracted or not translated fail the checks, and so does a
translation of a stage's words with placeholders its English does not have. English stays as it was."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest

from nomercy.core.i18n import LOCALE_DIR, LOCALES, words
from nomercy.puzzles.file_words import file_words
from nomercy.puzzles.stage import load_path
from nomercy.widgets import LearnPath

ROOT = Path(__file__).resolve().parent.parent
babel = pytest.importorskip("babel")

from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402
from test_i18n import _hook  # noqa: E402  (the build's hook, loaded as test_i18n loads it)

CHAPTERS = load_path()


def _stage_words() -> set[str]:
    found = set()
    for chapter in CHAPTERS:
        found |= {chapter.title, chapter.about}
        for stage in chapter.stages:
            found |= {stage.title, stage.rule, stage.task, *(w.why for w in stage.wrong)}
    return found


def _extracted(root: Path) -> set[str]:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    return {m[2] for m in extract_from_dir(str(root), [(p, m) for p, m in method_map if p.startswith("learn/")],
                                           options_map)}


def test_the_extractor_finds_every_word_the_learner_reads_and_nothing_else() -> None:
    assert _extracted(ROOT) == _stage_words()
    with (LOCALE_DIR / "nomercy.pot").open("rb") as file:
        template = {m.id for m in read_po(file) if isinstance(m.id, str)}
    assert _stage_words() <= template


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_stage_word_is_translated_and_shown_in_the_language(lang: str) -> None:
    said = words(lang).gettext
    untranslated = sorted(text for text in _stage_words() if said(text) == text)
    assert untranslated == [], f"{lang}: {untranslated[:5]}"
    path = LearnPath(data_dir=tempfile.mkdtemp(), lang=lang)
    for chapter, shown in zip(CHAPTERS, path.path["chapters"]):
        assert (shown["title"], shown["about"]) == (said(chapter.title), said(chapter.about))
        assert [s["title"] for s in shown["stages"]] == [said(s.title) for s in chapter.stages]
    stage = CHAPTERS[0].stages[0]
    assert (path.stage["title"], path.stage["rule"], path.stage["task"]) == (said(stage.title), said(stage.rule),
                                                                              said(stage.task))
    path.play(str(stage.wrong[0].text))
    assert path.feedback["why"] == said(stage.wrong[0].why)
    assert path.feedback["heading"] == said("Not allowed:") != "Not allowed:"
    assert path.words and path.whose["label"] == said("Your name") != "Your name"
    assert [s["shown"] for s in path.stage["table"]["seats"]][0] == said("You")


def test_english_is_shown_as_the_files_write_it() -> None:
    path = LearnPath(data_dir=tempfile.mkdtemp())
    stage = CHAPTERS[0].stages[0]
    assert (path.stage["title"], path.stage["rule"], path.stage["chapter"]) == (stage.title, stage.rule, CHAPTERS[0].title)
    assert path.words == {} and path.plural == "one"
    assert path.stage["table"]["hand"][0]["moves"][0]["label"] == "Play"
    assert path.stage["table"]["seats"][0]["shown"] == "You"
    path.play(str(stage.wrong[0].text))
    assert (path.feedback["heading"], path.feedback["move"]) == ("Not allowed:", "you tried to play the blue 3.")


def test_a_new_stage_word_not_extracted_fails_the_template_check(tmp_path: Path) -> None:
    """A stage file changed without running the extract command: what babel.cfg finds is not the template's."""
    shutil.copytree(ROOT / "learn", tmp_path / "learn")
    stage = tmp_path / "learn" / "1-match" / "match-the-color.yaml"
    stage.write_text(stage.read_text().replace("Blue is not red, and 3 is not 5.", "Blue and red differ."))
    assert _extracted(tmp_path) - _stage_words() == {"Blue and red differ."}


@pytest.mark.parametrize("broken, problem", [
    ('msgstr ""', "is fuzzy or not translated"),
    ('msgstr "Blått är inte {color}, och 3 är inte 5."', "has placeholders other than []"),
])
def test_a_stage_translation_missing_or_with_a_placeholder_stops_the_build(tmp_path: Path, broken: str,
                                                                           problem: str) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path / "nomercy" / "locale")
    po = tmp_path / "nomercy" / "locale" / "sv" / "LC_MESSAGES" / "nomercy.po"
    text = po.read_text(encoding="utf-8")
    changed = text.replace('msgstr "Blått är inte rött, och 3 är inte 5."', broken)
    assert changed != text
    po.write_text(changed, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"'Blue is not red, and 3 is not 5.' {problem}")):
        _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]


def test_file_words_reads_what_the_loader_reads() -> None:
    data = {"title": "  Match\n the   color ", "rule": "One.", "task": "Two.", "wrong": [{"why": "No."}, "odd", {}],
            "about": "not a stage's"}
    assert file_words(data) == ["Match the color", "One.", "Two.", "No."]
    assert file_words({"title": "T", "about": "A", "stages": ["s"]}) == ["T", "A"]
