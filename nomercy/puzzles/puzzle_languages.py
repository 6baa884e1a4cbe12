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

from dataclasses import replace
from typing import Any, Sequence

from nomercy.core.i18n import SOURCE, language, puzzle_catalog
from nomercy.puzzles.file_words import one_text, puzzle_words
from nomercy.puzzles.puzzle import Puzzle

__all__ = ["texts", "is_translated", "in_language", "translated"]


def _data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's fields that hold words, as its file holds them."""
    return {"title": puzzle.title, "question": puzzle.question, "hints": list(puzzle.hints),
            "choices": list(puzzle.choices), "explanation": puzzle.explanation, "source": puzzle.source}


def texts(puzzle: Puzzle) -> list[str]:
    """Every message of the puzzle (the catalog's keys: its texts, white space made single)."""
    return [text for _, text in puzzle_words(_data(puzzle))]


def is_translated(puzzle: Puzzle, lang: str) -> bool:
    """Whether every text of the puzzle is translated into ``lang`` (English: always)."""
    lang = language(lang)
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
    lang = language(lang)
    if lang == SOURCE:
        return puzzle
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
    return [found for found in (in_language(p, lang) for p in puzzles) if found is not None]
