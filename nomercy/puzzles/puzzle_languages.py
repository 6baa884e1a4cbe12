"""The puzzles in the languages of the catalogs: a puzzle is served in a language only when every text of it is.

The puzzles' texts (:data:`~nomercy.puzzles.file_words.PUZZLE_WORDS`: title, question, hints, options and their
whys, explanation, source) have a catalog domain of their own (``puzzles``, :func:`nomercy.core.i18n.puzzle_catalog`)
that may be partly translated. :func:`in_language` gives the puzzle with its texts in the language, or ``None`` while
any of them waits for a translation, so a Train page in Swedish serves the puzzles translated into Swedish and no
puzzle half in English; :func:`translated` keeps those of a collection. English is the puzzle itself, unchanged.

A kept mistake (a puzzle made from the learner's own round, :mod:`nomercy.puzzles.kept`) is said again from what
its file records, in the engine's words of the language (:func:`nomercy.puzzles.kept.kept_in_language`).

>>> from nomercy.puzzles.puzzle import find_puzzle
>>> puzzle = find_puzzle("opening-turn")
>>> in_language(puzzle, "en") is puzzle, in_language(puzzle, "sv").title
(True, 'Vem börjar?')
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

from nomercy.core import inputs
from nomercy.core import said as core_said
from nomercy.core.errors import NotationError
from nomercy.core.i18n import N_, SOURCE, language, puzzle_catalog, words
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, parse_move
from nomercy.core.wording import is_you
from nomercy.play.said_at_table import CATCHES, CHALLENGES, DRAWS, move_said, move_words
from nomercy.puzzles.file_words import one_text, puzzle_words
from nomercy.puzzles.kept import KEPT_QUESTION, KEPT_QUESTION_YOU, KEPT_TITLE, KEPT_TOPIC
from nomercy.puzzles.puzzle import Puzzle

__all__ = ["texts", "is_translated", "in_language", "translated", "move_said", "option_said", "seat_words",
           "available_words", "SEAT", "SEATS_FIRST", "SEAT_ASKED", "SEAT_ASKED_YOURS", "AVAILABLE", "ALL_AVAILABLE", "NONE_AVAILABLE"]

SEAT = N_("Seat {seat}")
"""A hand's label on the board: the puzzle files' letters are seats, and the board says so."""
SEATS_FIRST = N_("The letters are the seats. Seat {seat} moves first.")
"""The line above a story's question: which seat the moves start from."""
SEAT_ASKED = N_("You are seat {seat}: the question is asked from there.")
"""The line above a decision's question (best move, a mistake of your own): the seat it is asked from."""
SEAT_ASKED_YOURS = N_("The question is asked from your seat.")
"""The same line when the seat is the one called You (a mistake of your own): never "You are seat You"."""
AVAILABLE = core_said.n_("{count} of the {total} puzzles is in this language so far; the others wait for their translation.",
                         "{count} of the {total} puzzles are in this language so far; the others wait for their translation.")
"""The trainer in a language says how many of the puzzles it can serve (the others are not translated yet)."""
ALL_AVAILABLE = N_("All {total} puzzles are in this language.")
NONE_AVAILABLE = N_("No puzzle is in this language yet, so the puzzles are shown in English.")


def _puzzle(value: Any) -> Puzzle:
    found: Puzzle = inputs.one_of_kind(value, Puzzle, "a puzzle (load_puzzles gives them)")
    return found


def _data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's fields that hold words, as its file holds them."""
    return {"title": puzzle.title, "question": puzzle.question, "hints": list(puzzle.hints),
            "choices": list(puzzle.choices), "explanation": puzzle.explanation, "source": puzzle.source}


def texts(puzzle: Puzzle) -> list[str]:
    """Every message of the puzzle (the catalog's keys: its texts, white space made single)."""
    puzzle = _puzzle(puzzle)
    return [text for _, text in puzzle_words(_data(puzzle))]


def is_translated(puzzle: Puzzle, lang: str) -> bool:
    """Whether every text of the puzzle is translated into ``lang`` (English: always)."""
    puzzle, lang = _puzzle(puzzle), language(lang)
    if lang == SOURCE:
        return True
    catalog = puzzle_catalog(lang)
    return all(catalog.knows(text) for text in texts(puzzle))


def _said(value: Any, lang: str) -> Any:
    text = one_text(value)
    return puzzle_catalog(lang).gettext(text) if text is not None else value


def in_language(puzzle: Puzzle, lang: str) -> Puzzle | None:
    """The puzzle with its texts in ``lang``, or ``None`` while one of them is not translated. Its position, moves,
    answer and checks are the puzzle's own: only the words a person reads change."""
    puzzle, lang = _puzzle(puzzle), language(lang)
    if lang == SOURCE:
        return puzzle
    if puzzle.topic == KEPT_TOPIC and puzzle.id.startswith("mine-"):
        return _kept_in_language(puzzle, lang)
    if not is_translated(puzzle, lang):
        return None
    choices = tuple({**choice, **{key: _said(choice[key], lang) for key in ("label", "why") if key in choice}}
                    if isinstance(choice, dict) else choice for choice in puzzle.choices)
    return replace(puzzle, title=_said(puzzle.title, lang), question=_said(puzzle.question, lang),
                   hints=tuple(_said(hint, lang) for hint in puzzle.hints), choices=choices,
                   explanation=_said(puzzle.explanation, lang),
                   source=puzzle.source if puzzle.source == "original" else _said(puzzle.source, lang))


def translated(puzzles: Sequence[Puzzle], lang: str) -> list[Puzzle]:
    """The puzzles of ``puzzles`` whose every text is translated into ``lang``, each in that language."""
    lang = language(lang)
    for each in inputs.items(puzzles, "a list of puzzles", most=100_000):
        _puzzle(each)
    return [found for found in (in_language(p, lang) for p in puzzles) if found is not None]


def option_said(puzzle: Puzzle, label: str, lang: str) -> str:
    """An option's label in ``lang``: a move (a best-move puzzle's options) as the game table's buttons say it
    ("röd 7: Byt hand med B"); any other label as the puzzle's catalog has it (the puzzle is translated already)."""
    puzzle, lang = _puzzle(puzzle), language(lang)
    label = inputs.text(label, "an option's label", longest=1000, like="A plays red 7")
    if lang == SOURCE:
        return label
    start = puzzle.puzzle_kind.table(puzzle)[0]
    try:
        start.parse_move(label)
    except ValueError:
        return label
    return move_words(label, start, lang)


def seat_words(puzzle: Puzzle, lang: str) -> str:
    """The line that says which seat is which: the seat a decision is asked from, or the one a story starts with."""
    puzzle, said = _puzzle(puzzle), words(language(lang))
    seat = puzzle.puzzle_kind.table(puzzle)[2]
    if seat is not None:
        if is_you(puzzle.players[seat]):
            return said.gettext(SEAT_ASKED_YOURS)
        return said.gettext(SEAT_ASKED, seat=puzzle.players[seat])
    return said.gettext(SEATS_FIRST, seat=puzzle.turn)


_KEPT_TITLE = re.compile("^" + re.escape(KEPT_TITLE).replace(re.escape("{number}"), r"(\d+)") + "$")


def _kept_in_language(puzzle: Puzzle, lang: str) -> Puzzle | None:
    """A mistake of your own said in ``lang`` from what its file records (the move number its title gives, the seat,
    the move played), in the engine's words; ``None`` for a file whose title was not written by the trainer. The
    coach's reason (its explanation) is in English only, so it is left out."""
    found = _KEPT_TITLE.match(puzzle.title)
    played = puzzle.answer.get("better_than")
    if not found or not isinstance(played, str):
        return None
    said = words(lang)
    start = puzzle.puzzle_kind.table(puzzle)[0]
    return replace(puzzle, title=said.gettext(KEPT_TITLE, number=int(found.group(1))),
                   question=(said.gettext(KEPT_QUESTION_YOU, move=move_words(played, start, lang)) if is_you(puzzle.turn)
                             else said.gettext(KEPT_QUESTION, seat=puzzle.turn, move=move_words(played, start, lang))),
                   explanation="", hints=())


def available_words(count: int, total: int, lang: str) -> str:
    """How many of the ``total`` puzzles the trainer can serve in ``lang`` ("" in English: every puzzle is)."""
    said, lang = words(language(lang)), language(lang)
    total = inputs.count(total, "the number of puzzles", 0, 1_000_000)
    count = inputs.count(count, "the number of puzzles in the language", 0, total)
    if lang == SOURCE:
        return ""
    if count == 0:
        return said.gettext(NONE_AVAILABLE)
    if count >= total:
        return said.gettext(ALL_AVAILABLE, total=total)
    return said.ngettext(*AVAILABLE, count, total=total)
