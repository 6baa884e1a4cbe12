"""Hostile values for the lessons' case tables, the comparison helpers and the story of a round: one clear line in the game's words, or a result.

``round_story`` and ``key_moments`` take a round's log as ``table.log_lines`` gives it; anything else is
refused with a sentence that says what is wanted. ``first_card_cases`` takes a profile's name or a rule set.
"""

from __future__ import annotations

import pytest

from nomercy.core.errors import NomercyError
from nomercy.teaching.cases import first_card_cases
from nomercy.teaching.rule_options import readings
from nomercy.teaching.story import key_moments, round_log, round_story

HOSTILE_COVERS = (
    "api:nomercy.teaching.story.round_story(lines)",
    "api:nomercy.teaching.story.round_story(title)",
    "api:nomercy.teaching.story.key_moments(lines)",
    "api:nomercy.teaching.story.round_log(lines)",
    "api:nomercy.teaching.cases.first_card_cases(rules)",
    "api:nomercy.teaching.rule_options.readings(option)",
)

_PYTHON_WORDS = ("Error", "None", "True", "False", "Traceback", "<class", "NoneType", "object at 0x")

BAD_LINES = [None, 5, "a log", b"bytes", [1, 2], [None], [{"n": 1}], [{"sentence": 7}],
             [{"sentence": "ok", "n": "one"}], [{"sentence": "ok", "n": True}], {"sentence": "a mapping"}]


def _clear(message: str) -> bool:
    return bool(message) and "\n" not in message and not any(word in message for word in _PYTHON_WORDS)


@pytest.mark.parametrize("lines", BAD_LINES, ids=repr)
def test_a_log_that_is_not_a_log_is_refused_in_one_clear_line(lines):
    for call in (key_moments, round_story, round_log):
        with pytest.raises(NomercyError) as refused:
            call(lines)
        assert _clear(str(refused.value)), str(refused.value)


@pytest.mark.parametrize("title", [None, 3, ["x"]], ids=repr)
def test_a_title_that_is_not_text_is_refused(title):
    with pytest.raises(NomercyError) as refused:
        round_story([], title=title)
    assert _clear(str(refused.value))


def test_hostile_text_in_a_log_is_shown_as_text_never_as_markup():
    lines = [{"n": 1, "kind": "round_won", "sentence": "<script>x</script> wins", "rule": "<b>"}]
    story, log = round_story(lines), round_log(lines)
    assert "<script>" not in story + log and "&lt;script&gt;" in story and "(rule &lt;b&gt;)" in log


def test_an_empty_log_tells_an_empty_story():
    assert key_moments([]) == [] and "0 lines" in round_story([]) and "0 lines" in round_log([])


@pytest.mark.parametrize("rules", [None, 5, "", "no such profile", ["classic"]], ids=repr)
def test_rules_that_are_not_rules_are_refused_in_one_clear_line(rules):
    with pytest.raises(NomercyError) as refused:
        first_card_cases(rules)
    assert _clear(str(refused.value)), str(refused.value)


@pytest.mark.parametrize("option", [None, 5, "", "Ann", "no_such_option", ["stacking"], "x" * 10000], ids=repr)
def test_an_option_that_does_not_exist_is_refused_by_the_comparison_helpers(option):
    with pytest.raises(NomercyError) as refused:
        readings(option)
    message = str(refused.value)
    assert _clear(message) and "stacking" in message and len(message) < 400, message


def test_a_real_option_gives_every_value_then_every_profile():
    assert [label for label, _ in readings("zero_pass")][:2] == ["zero_pass=true", "zero_pass=false"]
