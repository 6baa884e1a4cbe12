"""Hostile values where a puzzle's answer is tapped: the card picked for the top card, the cards picked for a seat's
hand, the seat and the answer picked, each as the board sends it (a card's notation, a seat's name, an option's
value), and the same values from a page in Swedish, French and Chinese. A wrong card, another language's name for
a card, nothing, a huge value or an invisible character is refused in one line of the board's language that names
the part and says what to do (tap a card shown, pick a seat), never a traceback; the puzzle stays unanswered (no
attempt is saved) and the next right answer is judged right. An answer that is only wrong is judged, not refused.
"""

from __future__ import annotations

import tempfile
from typing import Any

import pytest

from hostile_values import LOOK_ALIKES, ODD_TEXTS, SAMPLE, clear
from nomercy.core.cards import Card
from nomercy.core.i18n import LANGUAGES, words
from nomercy.puzzles.answers import ANSWER_KEYS
from nomercy.puzzles.puzzle import find_puzzle
from nomercy.puzzles.puzzle_languages import in_language

pytest.importorskip("anywidget")

HOSTILE_COVERS = ("intent:PuzzleBoard:answer", "intent:Trainer:answer")

TOP = "draw-one-play-it"
"""A puzzle whose parts are a card to tap (what lies on top), the cards each seat holds and whose turn it is."""
HAND = "round3-seven"
"""A puzzle that asks for a seat's cards, tapped one by one."""

OTHER_NAMES = ["passe bleu", "Passer bleu", "blå hoppa över", "藍色跳過", "röd 7", "7 rouge", "紅色7", "bleu", "röd"]
"""Cards named in a language of ours: the board sends a card's notation, whatever the page's language."""
def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


CARD_VALUES = [v for v in [*SAMPLE, *ODD_TEXTS[:20], *LOOK_ALIKES, *OTHER_NAMES, ["red 7"] * 500, "red 7" * 1000,
                           "red\u200b 7", "\u202ered 7", "red 77", "purple 7", "wild +5"]
               if not (isinstance(v, str) and _is_card(v))]
"""What a hostile page sends as a tapped card: anything but a card's notation."""


HAND_VALUES = [v for v in CARD_VALUES if v != [] and v not in ("None", "True") and (not isinstance(v, str) or v.strip())][:40]
"""A seat's cards tapped: the values above (a seat's label has an apostrophe, "A's hand", so a refusal quoting a
Python word is left out: the check of a clear line reads quotes by apostrophes), one card or a list of them."""


def _trainer(pid: str, lang: str) -> Any:
    from nomercy.widgets import Trainer

    puzzle = in_language(find_puzzle(pid), lang)
    assert puzzle is not None, f"{pid} is translated into {lang}"
    return Trainer(data_dir=tempfile.mkdtemp(), lang=lang, learner="Ann", puzzles=[puzzle])


def _right(pid: str) -> dict[str, Any]:
    """The puzzle's answer as the form sends it (cards in notation, seats by name)."""
    puzzle = find_puzzle(pid)
    shown: dict[str, Any] = {}
    for key, value in puzzle.answer.items():
        if ANSWER_KEYS[key].entry is None:
            continue
        if key == "top":
            shown[key] = str(Card.parse(str(value)))
        elif key == "hand":
            shown[key] = {str(s): [str(Card.parse(str(c))) for c in cards] for s, cards in value.items()}
        elif key == "turn":
            shown[key] = str(value).upper()
        else:
            shown[key] = value
    return shown


def _refused_in_its_language(trainer: Any, answer: Any, lang: str) -> str:
    reason = trainer.send_intent({"type": "answer", "answer": answer})
    assert reason is not None, f"{answer!r} was taken"
    shown = trainer.error
    assert clear(shown), shown
    assert trainer.feedback == {} and trainer.status["recorded"] is None, "a refused answer was judged or saved"
    if lang != "en":  # none of the English words of the refusals
        assert not any(english in shown for english in ("tap a", "is not a", "pick ", "enter a")), shown
    return shown


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("value", CARD_VALUES, ids=range(len(CARD_VALUES)))
def test_a_tapped_top_card_that_is_no_card_is_refused_in_one_line_of_the_language(lang: str, value: Any) -> None:
    trainer = _trainer(TOP, lang)
    right = _right(TOP)
    shown = _refused_in_its_language(trainer, {**right, "top": value}, lang)
    label = words(lang).gettext("Top card")
    assert shown.startswith(label), shown
    trainer.answer(right)
    assert trainer.feedback["correct"] is True and trainer.status["recorded"]["right"] is True


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("value", HAND_VALUES, ids=range(len(HAND_VALUES)))
def test_a_seats_tapped_cards_that_are_not_cards_are_refused_in_one_line(lang: str, value: Any) -> None:
    trainer = _trainer(HAND, lang)
    right = _right(HAND)
    seat = next(iter(right["hand"]))
    cards = value if isinstance(value, list) else [value]
    _refused_in_its_language(trainer, {**right, "hand": {**right["hand"], seat: cards}}, lang)
    trainer.answer(right)
    assert trainer.feedback["correct"] is True


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("seat", ["Zed", "", None, "\u200b", "a" * 5000, ["A"], {"A": 1}, 0, True, "\u0410"],
                         ids=range(10))
def test_a_seat_that_is_not_at_the_table_is_refused_in_one_line(lang: str, seat: Any) -> None:
    trainer = _trainer(TOP, lang)
    right = _right(TOP)
    shown = _refused_in_its_language(trainer, {**right, "turn": seat}, lang)
    assert words(lang).gettext("Whose turn") in shown


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_wrong_card_tapped_is_judged_wrong_and_said_in_the_language(lang: str) -> None:
    """A card of the deck that is not the answer is an answer, judged wrong, every word of it in the language."""
    trainer = _trainer(TOP, lang)
    right = _right(TOP)
    other = next(c["value"] for f in trainer.puzzle["fields"] if f["kind"] == "card" for c in f["palette"]
                 if c["value"] != right["top"])
    trainer.answer({**right, "top": other})
    feedback = trainer.feedback
    assert feedback["correct"] is False and len(feedback["problems"]) == 1
    said = words(lang)
    assert feedback["verdict"] == said.gettext("Not quite.")
    assert feedback["problems"][0].startswith(said.gettext("Top card"))
    if lang != "en":
        assert " is " not in " ".join(feedback["problems"] + feedback["truth"])


def test_the_cards_to_tap_hold_every_card_an_answer_can_be() -> None:
    """Every card a puzzle's answer names (on top, in a hand, playable) is among the cards its board offers to tap,
    so every puzzle can be answered without typing."""
    from nomercy.puzzles.puzzle import load_puzzles
    from nomercy.widgets.puzzle_board import PuzzleBoard

    for puzzle in load_puzzles():
        board = None
        for key in ("top", "hand", "playable"):
            if key not in puzzle.answer or puzzle.kind != "what-happens-next":
                continue
            board = board or PuzzleBoard(puzzle)
            palette = {c["value"] for f in board.puzzle["fields"] if f["key"] == key for c in f["palette"]}
            value = puzzle.answer[key]
            named = [value] if key == "top" else [c for cards in value.values() for c in cards]
            assert {str(Card.parse(str(c))) for c in named} <= palette, (puzzle.id, key)
