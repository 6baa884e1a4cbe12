"""Hostile messages to the LearnPath widget and hostile arguments to it: each is one line in the widget's words,
changes nothing, and never reaches the engine as anything but a move it judges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from conftest import examples
from hypothesis import strategies as st

pytest.importorskip("anywidget")

from nomercy.core.errors import NomercyError  # noqa: E402
from nomercy.widgets import LearnPath  # noqa: E402

HOSTILE_COVERS = ("intent:LearnPath:try", "intent:LearnPath:again", "intent:LearnPath:next", "intent:LearnPath:goto",
                  "api:nomercy.widgets.learn_path.LearnPath(chapter)",
                  "api:nomercy.widgets.learn_path.LearnPath(data_dir)")
PYTHON = ("Traceback", "Error", "None", "True", "False", "0x", "NoneType")

_WIDGET: list[LearnPath] = []


def _widget(tmp_path_factory) -> LearnPath:
    if not _WIDGET:
        _WIDGET.append(LearnPath(data_dir=tmp_path_factory.mktemp("learn")))
    return _WIDGET[0]


VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=80),
                   st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=5), st.text(max_size=5),
                                                                               max_size=2))


@settings(max_examples=examples(150), deadline=None)
@given(kind=st.one_of(st.sampled_from(["try", "again", "next", "goto", "nope", ""]), VALUES),
       key=st.sampled_from(["move", "stage", "x"]), value=VALUES)
def test_any_message_is_handled_or_refused_in_one_line_and_a_refusal_changes_nothing(tmp_path_factory, kind, key, value):
    widget = _widget(tmp_path_factory)
    widget.goto("match-the-color")
    before = (dict(widget.stage), dict(widget.feedback), len(widget.progress.attempts))
    reason = widget.send_intent({"type": kind, key: value})
    if reason is not None:
        assert "\n" not in reason and not any(word in reason for word in PYTHON), reason
        assert (dict(widget.stage), dict(widget.feedback), len(widget.progress.attempts)) == before
        assert widget.error == " ".join(reason.split())[:403]
    if widget.feedback.get("kind") == "refused":
        said = widget.feedback["reason"]
        if isinstance(value, str) and value:
            said = said.replace(value, "")  # the learner's own words, echoed, are theirs (a move typed "False")
        assert not any(word in said for word in PYTHON), widget.feedback["reason"]


@pytest.mark.parametrize("message", [None, 3, "try", [], {"type": None}, {"type": ["try"]}, {"type": "try"},
                                     {"type": "goto", "stage": "../../etc"}, {"type": "try", "move": "x" * 100_000}])
def test_a_message_that_is_not_an_intent_is_one_line(tmp_path, message):
    widget = LearnPath(data_dir=tmp_path)
    reason = widget.send_intent(message)
    said = reason or widget.feedback.get("reason", "")
    assert said and "\n" not in said and len(said) < 500 and not any(word in said for word in PYTHON), said


@pytest.mark.parametrize("chapter", ["nope", "", 3, "../learn"])
def test_an_unknown_chapter_is_refused_with_the_chapters_named(tmp_path, chapter):
    with pytest.raises(NomercyError, match=r"a chapter of the path is one of match, skip-reverse-draw-two"):
        LearnPath(chapter, data_dir=tmp_path)  # type: ignore[arg-type]


def test_a_data_folder_that_is_a_file_is_refused_when_the_path_is_made(tmp_path):
    """It was taken, taught, and said only at the first save that nothing could be kept there."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(NomercyError, match="is a file, not a folder: give the name of a folder"):
        LearnPath(data_dir=blocker)
    assert blocker.read_text() == "not a folder"
