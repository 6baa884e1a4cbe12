"""Rule options said as words (:mod:`nomercy.puzzles.option_words`): every option and value has its words in every
language, a puzzle board never shows a setting as code, and what a caller gives that is not an option, a value or a
text is refused in one line of the game's words."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples

from nomercy.core.errors import NomercyError
from nomercy.core.i18n import LANGUAGES
from nomercy.core.rules import OPTIONS, option_value
from nomercy.puzzles.option_words import CHOICE_WORDS, NUMBER_WORDS, option_words, plain_options, variant_words
from nomercy.puzzles.puzzle import load_puzzles
from nomercy.puzzles.puzzle_languages import translated
from nomercy.widgets.puzzle_board import PuzzleBoard

HOSTILE_COVERS = (
    "api:nomercy.puzzles.option_words.option_words(option)",
    "api:nomercy.puzzles.option_words.option_words(value)",
    "api:nomercy.puzzles.option_words.option_words(lang)",
    "api:nomercy.puzzles.option_words.plain_options(text)",
    "api:nomercy.puzzles.option_words.plain_options(lang)",
    "api:nomercy.puzzles.option_words.variant_words(variant)",
    "api:nomercy.puzzles.option_words.variant_words(lang)",
    "api:nomercy.core.rules.option_value(option)",
    "api:nomercy.core.rules.option_value(value)",
)

CODE = re.compile(r"`|\b(" + "|".join(o for o in OPTIONS if "_" in o) + r"):\s*[A-Za-z0-9]|" + "|".join(
    rf"\b{option}:\s*({'|'.join(info.choices)})\b" for option, info in OPTIONS.items() if "_" not in option and info.choices))
"""A setting written as code in what a person reads."""
PYTHON_WORDS = re.compile(r"Traceback|\bNone\b|\bTrue\b|\bFalse\b|<[a-z_.]+ object|\bNoneType\b|\bdict\b")


def _values(option: str) -> list[object]:
    info = OPTIONS[option]
    if info.kind == "bool":
        return [True, False]
    if info.kind == "optional-int":
        return [None, info.least, 25]
    if info.kind == "int":
        return [info.least, 250]
    if info.kind == "range":
        return ["2-6"]
    return list(info.choices)


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("option", list(OPTIONS))
def test_every_option_and_value_has_words_in_every_language(option: str, lang: str) -> None:
    for value in _values(option):
        said = option_words(option, value, lang)
        assert said and not CODE.search(said) and not PYTHON_WORDS.search(said), (option, value, lang, said)
        assert "_" not in said, said  # never the option's name as the rules write it
        if lang != "en" and (option, option_value(option, value)) in CHOICE_WORDS:
            assert said != option_words(option, value, "en"), f"{option}: {value} is not translated into {lang}"


def test_the_tables_name_only_options_and_values_of_the_rules() -> None:
    for option, value in CHOICE_WORDS:
        assert option_value(option, value) == value
    assert set(NUMBER_WORDS) <= set(OPTIONS)
    assert {option for option, _ in CHOICE_WORDS} | set(NUMBER_WORDS) == set(OPTIONS)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_puzzle_shows_a_setting_as_code_on_the_board(lang: str) -> None:
    """Every text a board shows of every puzzle (title, question, hints, options, whys, explanation, the variant's
    words) in every language it is translated into: plain words, the setting only in the variant's tap-away."""
    puzzles = translated(load_puzzles(), lang)
    board = PuzzleBoard(puzzles)
    board._lang = lang
    for index, puzzle in enumerate(puzzles):
        board.goto(index)
        shown = board.puzzle
        texts = [shown["title"], shown["question"], *[c["label"] for c in shown["choices"]],
                 *[v["words"] for v in shown["variant"]]]
        for hint in puzzle.hints:
            texts.append(plain_options(hint, lang))
        texts.append(plain_options(puzzle.explanation, lang))
        for choice in puzzle.choices:
            if isinstance(choice, dict) and "why" in choice:
                texts.append(plain_options(choice["why"], lang))
        for text in texts:
            assert not CODE.search(text), (puzzle.id, lang, text)
        assert [v["setting"] for v in shown["variant"]] == [
            f"{option}: {'none' if value is None else str(value).lower() if isinstance(value, bool) else value}"
            for option, value in ((o, option_value(o, v)) for o, v in puzzle.variant.items())]


def test_a_board_says_its_option_and_keeps_the_setting() -> None:
    board = PuzzleBoard("zero-pass-off")
    assert board.puzzle["variant"] == [{"words": "the option ‘a 0 passes no hands’", "setting": "zero_pass: false"}]
    assert "zero_pass" not in board.puzzle["title"]
    board = PuzzleBoard("draw-official")
    board.choose(0)
    assert "the option ‘draw one card’ B would draw only the blue 7" in board.feedback["explanation"]
    assert "`" not in board.feedback["explanation"]


def test_a_setting_that_is_not_an_option_is_left_as_written() -> None:
    assert plain_options("B must draw: 4 cards, players: 3") == "B must draw: 4 cards, players: 3"
    assert plain_options("`stacking: sideways`") == "`stacking: sideways`"
    assert plain_options("") == ""


@pytest.mark.parametrize("call", [
    lambda: option_words("stackin", "none"),
    lambda: option_words(None, "none"),
    lambda: option_words(["draw"], "one"),
    lambda: option_words("draw", "two"),
    lambda: option_words("draw", None),
    lambda: option_words("zero_pass", "maybe"),
    lambda: option_words("mercy_limit", -3),
    lambda: option_words("mercy_limit", float("nan")),
    lambda: option_words("uno_penalty", 10**40),
    lambda: option_words("draw", "one", "xx"),
    lambda: option_words("draw", "one", None),
    lambda: plain_options(None),
    lambda: plain_options(b"draw: one"),
    lambda: plain_options("x" * 30_000),
    lambda: plain_options("\ud800 draw: one"),
    lambda: plain_options("`draw: one`", "klingon"),
    lambda: variant_words(["draw", "one"]),
    lambda: variant_words("draw: one"),
    lambda: variant_words({"draw": "sideways"}),
    lambda: variant_words({"nonsense": 1}),
    lambda: variant_words({None: True}),
    lambda: variant_words({"draw": "one"}, 7),
    lambda: option_value("hand size", 7),
    lambda: option_value("hand_size", "seven"),
], ids=lambda _: "")
def test_hostile_values_are_refused_in_one_line_of_the_games_words(call) -> None:
    with pytest.raises(NomercyError) as refused:
        call()
    message = str(refused.value)
    assert "\n" not in message and len(message) < 400, message
    assert not PYTHON_WORDS.search(re.sub(r"'[^'\n]*'", "''", message)), message


@settings(max_examples=examples(60), deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=300))
def test_any_text_comes_back_said_or_is_refused(text: str) -> None:
    try:
        said = plain_options(text)
    except NomercyError as refused:
        assert "\n" not in str(refused)
        return
    if ":" not in text:
        assert said == text
