"""The trainer's own words in Swedish, French and Chinese (its status: the kind of puzzle served, what an attempt
saved and when the puzzle comes back, the rating, the boxes, the topics' names, what an import did, whose progress
it is), driven through its intents with a fake clock, and every word it sends checked as the game table's words are
(tests/test_table_languages.py: a word the language's catalog never uses is English). The puzzles' own texts (a
puzzle's title, question, hints, choices and explanation) are not the trainer's words: they are left out here. The
words its page draws itself (headings, buttons) come through the catalog too; the site's test reads them on a phone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from nomercy.core.i18n import LOCALES, words  # noqa: E402
from nomercy.widgets import Trainer as _Trainer  # noqa: E402
from test_table_languages import _texts, _vocabulary, _WORD  # noqa: E402
from test_trainer import COLLECTION, FakeClock, options, to_a_puzzle_with_options  # noqa: E402

_NOT_THE_TRAINERS = {"title", "file", "value", "whose", "name", "names", "topic", "level", "kind", "id", "levels"}
"""Status keys that are data or the puzzles' own words: a puzzle's title (the puzzles' catalog is another domain),
the progress file's path, a topic's id, a level as data (the page says it through its catalog), learners' names."""


def _english(trainer: _Trainer, lang: str) -> list[tuple[str, str, str]]:
    names = {"ann", "bo"}
    found = []
    for where, text in _texts({k: v for k, v in trainer.status.items() if k not in _NOT_THE_TRAINERS}):
        if where.split(".")[-1].rstrip("[]") in _NOT_THE_TRAINERS:
            continue
        for word in _WORD.findall(text.replace(trainer.status["file"], "")):  # the folder's path is no word
            if word.lower() not in _vocabulary(lang) and word.lower().rstrip("s") not in names:
                found.append((where, word, text))
    return found


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_trainers_own_words_are_in_the_language(tmp_path: Path, lang: str) -> None:
    clock = FakeClock()
    trainer = _Trainer(data_dir=tmp_path, clock=clock, puzzles=COLLECTION, lang=lang, learner="Ann")
    assert trainer.words == words(lang).catalog() and trainer.words  # the page's own words, from the catalog
    left: list[Any] = _english(trainer, lang)
    seen = {trainer.status["kind"]}
    for round_ in range(3):
        puzzle = to_a_puzzle_with_options(trainer)
        right, wrong = options(puzzle)
        clock.advance(seconds=20 + round_)
        trainer.send_intent({"type": "hint"})
        trainer.send_intent({"type": "choice", "index": wrong if round_ == 0 else right})
        assert trainer.status["recorded"], "an attempt was saved"
        left += _english(trainer, lang)
        trainer.next()
        clock.advance(minutes=11)
        seen.add(trainer.status["kind"])
        left += _english(trainer, lang)
    exported = trainer.export_progress()
    other = _Trainer(data_dir=tmp_path / "bo", clock=clock, puzzles=COLLECTION, lang=lang, learner="Bo")
    other.send_intent({"type": "import_progress", "text": exported})  # Ann's file at Bo's: whose is asked
    assert other.status["transfer"]["kind"] == "ask"
    left += _english(other, lang)
    other.send_intent({"type": "import_progress", "text": exported, "into": "mine"})
    assert other.status["transfer"]["kind"] == "imported"
    left += _english(other, lang)
    other.send_intent({"type": "import_progress", "text": "not a progress file"})
    assert other.status["transfer"]["kind"] == "refused"
    assert trainer.status["rating"] and trainer.status["in_boxes"] and len(trainer.status["topics"]) > 5
    assert not left, left[:5]
    assert {"new"} <= seen


def test_the_trainers_english_is_as_it_was(tmp_path: Path) -> None:
    clock = FakeClock()
    trainer = _Trainer(data_dir=tmp_path, clock=clock, puzzles=COLLECTION)
    assert trainer.words == {} and trainer.plural == "one"
    puzzle = to_a_puzzle_with_options(trainer)
    clock.advance(seconds=42)
    trainer.send_intent({"type": "choice", "index": options(puzzle)[1]})
    status = trainer.status
    assert status["recorded"]["sentence"] == "Missed, in 42 seconds. Saved: box 1 of 5, back in 10 minutes."
    assert status["kind_label"] == "A new puzzle for you" and type(status["kind_label"]) is str  # plain text to the page
    assert status["boxes_text"].endswith("box 1 in 10 minutes, box 2 tomorrow, box 3 in 3 days, box 4 in 7 days, "
                                         "box 5 in 21 days.")
