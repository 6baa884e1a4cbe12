"""A refused progress import, said in the page's language: the reason after "Not imported:" is the catalogs' words, in
Swedish, French and Chinese as in English, never the English reason inside a translated sentence.

Before, the Trainer said "Inte importerat: this progress file cannot be imported (line 2: attempt at s1: ...)": the
frame was translated and the reason, made by the progress reader in English, was not. Every reason is now a message of
the catalogs with its values (:class:`nomercy.core.refusals.Said`), clause inside clause; a value from the file (a
puzzle's id, a date, a quoted text) stays as the file wrote it.
"""

from __future__ import annotations

import json
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples

from nomercy.core.i18n import LOCALES, words
from nomercy.core.errors import NomercyError
from nomercy.core.refusals import Count, Said, reason_of, refusal_words
from nomercy.puzzles.kept import KEPT_LINE_KEY
from nomercy.puzzles.progress import FOLDER_NAME, Progress, ProgressFileError
from test_hostile_progress import hostile_files

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
HEADER = '{"format": "nomercy-progress", "version": 2}'
GOOD = {"id": "s-1", "puzzle": "s1", "right": True, "hints": 0, "seconds": 3.0, "date": "2026-11-30T09:00:00Z",
        "topic": "stacking", "level": "easy"}


def clock() -> datetime:
    return NOW


def journal(*attempts: Any, header: str = HEADER) -> str:
    return "\n".join([header, *(a if isinstance(a, str) else json.dumps(a, allow_nan=True) for a in attempts)]) + "\n"


def attempt(**changed: Any) -> dict[str, Any]:
    return {key: value for key, value in {**GOOD, **changed}.items() if value is not ...}


REFUSED = {
    "nothing": "   ",
    "not JSON": "hello",
    "not ours": '{"format": "other", "version": 2}',
    "newer": '{"format": "nomercy-progress", "version": 3}',
    "version as text": '{"format": "nomercy-progress", "version": "2"}',
    "count nonsense": '{"format": "nomercy-progress", "version": 2, "attempts": "many"}',
    "export date": '{"format": "nomercy-progress", "version": 2, "exported": "yesterday"}',
    "learner name": '{"format": "nomercy-progress", "version": 2, "learner": "\u3164"}',
    "no puzzle": journal(attempt(puzzle=...)),
    "puzzle a number": journal(attempt(puzzle=7)),
    "right as text": journal(attempt(right="yes")),
    "right null": journal(attempt(right=None)),
    "hints negative": journal(attempt(hints=-1)),
    "hints a list": journal(attempt(hints=[1, 2])),
    "seconds text": journal(attempt(seconds="fast")),
    "seconds huge": journal(attempt(seconds=10**20)),
    "seconds NaN": journal(attempt(seconds=float("nan"))),
    "seconds infinite": journal(attempt(seconds=float("-inf"))),
    "date form": journal(attempt(date="01/12/2026")),
    "date off the calendar": journal(attempt(date="2026-02-30T09:00:00Z")),
    "date far": journal(attempt(date="9999-12-31T23:59:59Z")),
    "topic a mapping": journal(attempt(topic={"a": 1})),
    "topic too long": journal(attempt(topic="x" * 201)),
    "topic invisible": journal(attempt(topic="\u2800")),
    "topic hides": journal(attempt(topic="stacking\u3164")),
    "topic control": journal(attempt(topic="stack\x07")),
    "level": journal(attempt(level="expert")),
    "id": journal(attempt(id="a b")),
    "no id": journal(attempt(id=...)),
    "id twice": journal(attempt(), attempt(right=False)),
    "two exports": journal(attempt(), HEADER),
    "long line": journal(" " + "x" * 5000),
    "key twice": journal('{"id": "s-1", "right": true, "right": false}'),
    "deep": journal("[" * 5000 + "]" * 5000),
    "long number": journal('{"id": "s-1", "hints": ' + "9" * 5000 + "}"),
    "not a mapping": journal("[1, 2]"),
    "two bad lines": journal("[1]", "[2]", "[3]"),
    "cut short": journal(attempt(), header='{"format": "nomercy-progress", "version": 2, "attempts": 5}'),
    "first format": '{"format": "nomercy-progress", "version": 1, "attempts": 3}',
    "first format bad": json.dumps({"format": "nomercy-progress", "version": 1, "attempts": [True, None]}),
    "another's": '{"format": "nomercy-progress", "version": 2, "learner": "Zed"}\n',
    "kept not ours": journal(attempt(), json.dumps({KEPT_LINE_KEY: {"id": "x"}})),
    "kept broken": journal(attempt(), '{"' + KEPT_LINE_KEY + '": {'),
    "kept key twice": journal(attempt(), '{"' + KEPT_LINE_KEY + '": {"id": "mine-a", "id": "mine-b"}}'),
    "kept failing": journal(attempt(), json.dumps({KEPT_LINE_KEY: {"id": "mine-a", "rules": "no-mercy"}})),
}
"""One import of each kind of refusal (a field of each kind, each way a line or a file breaks)."""

ENGLISH = re.compile(r"\b(is|the|not|and|attempt|attempts|file|nothing|number|mapping|which|line|it|has|holds|"
                     r"kept|puzzle|was|imported|seconds|level|whole|twice|more|character|shows)\b")
"""Words of the English reasons that none of the other languages' sentences has."""


def _values_of_the_file(text: str) -> str:
    """The sentence without what it quotes of the file (a quoted text, a puzzle's or an attempt's id)."""
    text = re.sub(r"(?<!\w)'[^']*'(?!\w)", "", text)
    return re.sub(r"\b(s1|s-1|mine-a|stacking|easy|medium|hard|true|false|right|id|NaN|JSON|UTF-8|nomercy)\b", "", text)


def walk(reason: Any, lang: str) -> list[str]:
    """Every English piece of ``reason`` that the catalog of ``lang`` does not translate (an empty list: none)."""
    catalog = words(lang).catalog()
    if isinstance(reason, Said):
        found = [] if reason.message == "{items}" or reason.message in catalog else [reason.message]
        return found + [piece for value in reason.values.values() for piece in walk(value, lang)]
    if isinstance(reason, Count):
        found = [] if reason.one in catalog else [reason.many]
        return found + [piece for value in reason.values.values() for piece in walk(value, lang)]
    if isinstance(reason, str) and " " in reason and not reason.startswith(("'", '"')):
        return [reason]  # English words that no catalog made
    return []


def refusal(text: str, folder: Path) -> Any:
    progress = Progress(folder, clock=clock, learner="Ann")
    try:
        progress.import_text(text)
    except ProgressFileError as error:
        return reason_of(error)
    return None


@pytest.mark.parametrize("case", sorted(REFUSED))
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_import_refusal_reason_is_the_catalogs_words(case: str, lang: str, tmp_path: Path) -> None:
    text = REFUSED[case]
    if case.startswith("kept"):
        pytest.skip("the kept puzzles are checked by the Trainer (below)")
    reason = refusal(text, tmp_path)
    assert reason is not None, f"{case}: not refused"
    assert isinstance(reason, Said) and walk(reason, lang) == [], (case, str(reason), walk(reason, lang))
    said = refusal_words(reason, lang)
    assert not ENGLISH.search(_values_of_the_file(said)), (case, said)
    assert "\n" not in said and len(said) < 600


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(file=hostile_files())
def test_a_hostile_file_is_refused_in_the_catalogs_words_or_imported(file: tuple[str, bytes]) -> None:
    with tempfile.TemporaryDirectory() as name:
        progress = Progress(Path(name), clock=clock)
        try:
            progress.import_text(file[1])
        except ProgressFileError as error:
            reason = reason_of(error)
            assert isinstance(reason, Said), str(error)
            for lang in LOCALES:
                assert walk(reason, lang) == [], (str(reason), lang)


def test_a_progress_folder_that_is_a_file_is_said_in_the_language_with_its_name(tmp_path: Path) -> None:
    (tmp_path / FOLDER_NAME).write_text("not a folder", encoding="utf-8")
    reason = refusal(journal(attempt(id="t-1")), tmp_path)
    assert walk(reason, "fr") == []
    assert refusal_words(reason, "fr").startswith("Les progrès ne peuvent pas être enregistrés dans ")
    assert str(tmp_path / FOLDER_NAME) in refusal_words(reason, "zh-Hant")


pytest.importorskip("anywidget")
from nomercy.widgets import Trainer  # noqa: E402


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_the_trainer_says_every_import_refusal_in_its_language(lang: str, tmp_path: Path) -> None:
    """The page's "Not imported: {reason}", each kind of refusal: no English word of a reason in it."""
    frame = words(lang).gettext("Not imported: {reason}", reason="")
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann", lang=lang, mistakes=True)
    for case, text in sorted(REFUSED.items()):
        if case == "another's":
            continue  # the Trainer asks whose it becomes (tests/test_learners.py)
        trainer.send_intent({"type": "import_progress", "text": text})
        transfer = trainer.status["transfer"]
        assert transfer["kind"] == "refused", (case, transfer)
        sentence = transfer["sentence"]
        assert sentence.startswith(frame[:4]) and "\n" not in sentence, (case, sentence)
        assert not ENGLISH.search(_values_of_the_file(sentence)), (case, sentence)
        assert trainer.progress.attempts == (), f"{case}: a refused import changed the progress"


def test_english_says_the_reasons_word_for_word_as_before(tmp_path: Path) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann")
    trainer.send_intent({"type": "import_progress", "text": REFUSED["two bad lines"]})
    assert trainer.status["transfer"]["sentence"] == (
        "Not imported: this progress file cannot be imported (line 2: an attempt is a mapping, not a list (and 2 more "
        "lines)). Nothing was changed.")


def test_an_attempt_changed_by_hand_is_refused_in_the_language(tmp_path: Path) -> None:
    progress = Progress(tmp_path, clock=clock)
    assert progress.import_text(journal(attempt())) == 1
    reason = refusal(journal(attempt(hints=2)), tmp_path)
    assert walk(reason, "sv") == [] and refusal_words(reason, "sv").startswith("Den här framstegsfilen ger försöket s-1")


@pytest.mark.parametrize("lang, said", [("sv", "Importera till dina framsteg (mine)"),
                                        ("fr", "Importez dans vos progrès (mine)"),
                                        ("zh-Hant", "匯入到你的進度（mine）")])
def test_an_import_into_no_one_is_refused_in_the_language(lang: str, said: str, tmp_path: Path) -> None:
    """The Trainer's own refusals (an import into someone who is neither, a topic by no name) were English."""
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann", lang=lang)
    assert trainer.send_intent({"type": "import_progress", "text": "x", "into": "everyone"}) is not None
    assert trainer.error.startswith(said), trainer.error
    trainer.send_intent({"type": "goto", "index": 3})
    assert not ENGLISH.search(trainer.error), trainer.error


# --- a game record loaded at the table: "Not loaded: {reason}" --------------------------------------------------

GOOD_RECORD = {"rules": "no-mercy", "overrides": {}, "seats": ["A", "B"], "seed": 1, "dealer": None, "moves": []}
RECORDS = {
    "empty": "",
    "not JSON": "hello",
    "not an object": "[1]",
    "bytes": "\udcff",
    "ends early": '{"rules": "no-mercy"',
    "more after": json.dumps(GOOD_RECORD) + " {}",
    "key twice": '{"rules": "no-mercy", "rules": "classic"}',
    "NaN": '{"seed": NaN}',
    "long number": '{"seed": ' + "9" * 200 + "}",
    "deep": "{" + '"a": [' * 3000 + "]" * 3000 + "}",
    "unknown part": json.dumps({**GOOD_RECORD, "colour": 1}),
    "missing parts": json.dumps({"rules": "no-mercy"}),
    "rules a number": json.dumps({**GOOD_RECORD, "rules": 7}),
    "rules unknown": json.dumps({**GOOD_RECORD, "rules": "house"}),
    "rules name invisible": json.dumps({**GOOD_RECORD, "rules": "\u200b"}),
    "overrides a list": json.dumps({**GOOD_RECORD, "overrides": [1]}),
    "override written wrong": json.dumps({**GOOD_RECORD, "overrides": {"hand_size": "7"}}),
    "override of a mapping": json.dumps({**GOOD_RECORD, "overrides": {"hand_size": {"a": 1}}}),
    "override unknown": json.dumps({**GOOD_RECORD, "overrides": {"stackng": "none"}}),
    "seats text": json.dumps({**GOOD_RECORD, "seats": "AB"}),
    "seats too many": json.dumps({**GOOD_RECORD, "seats": list("ABCDEFGH")}),
    "seats alike": json.dumps({**GOOD_RECORD, "seats": ["Ann", "ANN"]}),
    "seed text": json.dumps({**GOOD_RECORD, "seed": "one"}),
    "dealer": json.dumps({**GOOD_RECORD, "dealer": 9}),
    "moves text": json.dumps({**GOOD_RECORD, "moves": "A draws"}),
    "move a number": json.dumps({**GOOD_RECORD, "moves": [5]}),
    "move unreadable": json.dumps({**GOOD_RECORD, "moves": ["A plays bogus"]}),
    "move illegal": json.dumps({**GOOD_RECORD, "moves": ["B draws"]}),
}
"""One record of each kind of refusal, pasted into the game table's Import box."""


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_the_table_says_every_record_refusal_in_its_language(lang: str) -> None:
    """The table's "Not loaded: {reason}" had its reason in English in every language."""
    from nomercy.widgets import GameTable

    table = GameTable(lang=lang)
    for case, text in sorted(RECORDS.items()):
        table.send_intent({"type": "import_record", "record": text, "ask": case})
        error = table.error
        assert error and "\n" not in error, (case, error)
        assert not ENGLISH.search(_values_of_the_file(error)), (case, error)


def test_the_record_refusals_are_the_same_english_words_as_before() -> None:
    from nomercy.play.record import GameRecord

    with pytest.raises(NomercyError) as refused:
        GameRecord.from_json(RECORDS["overrides a list"])
    assert str(refused.value) == 'not a game record: overrides maps rule options to their values, like {"stacking": ' \
                                 '"none"}, not a list [...]'
    with pytest.raises(NomercyError) as refused:
        GameRecord.from_json(RECORDS["ends early"])
    assert str(refused.value) == "not a game record: it ends too early (line 1, column 21): part of the record is missing"
