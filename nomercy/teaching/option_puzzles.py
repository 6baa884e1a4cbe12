"""The puzzles about rule options (``puzzles/options``), grouped by option and by the position they share.

Each option puzzle carries a tag ``option-X`` naming the rule option it is about; puzzles that share one
position and differ only in the rules (and perhaps the moves) are "the same position under each reading",
which the lessons play out side by side (:func:`nomercy.teaching.rule_options.compare_group`).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from nomercy.core.errors import NomercyError, quote
from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir, load_puzzles
from nomercy.teaching import arguments

__all__ = ["option_puzzles", "option_pairs", "group_with"]


def option_puzzles(directory: str | Path | None = None) -> dict[str, list[Puzzle]]:
    """The puzzles of ``puzzles/options`` grouped by the option they are about (tag ``option-X``).

    >>> sorted(option_puzzles())[:3]
    ['discard_all_top', 'draw', 'jump_in']
    """
    folder = Path(arguments.inputs.path(directory, "the folder of option puzzles", folder=True)) if directory is not None \
        else default_puzzle_dir() / "options"
    return {option: list(found) for option, found in _option_puzzles(str(folder.resolve()))}


@functools.lru_cache(maxsize=8)
def _option_puzzles(folder: str) -> tuple[tuple[str, tuple[Puzzle, ...]], ...]:
    """Loading and tagging every option puzzle takes a moment; puzzles are frozen, so keep them."""
    groups: dict[str, list[Puzzle]] = {}
    for puzzle in load_puzzles(folder):
        for tag in _tags(puzzle):
            if tag.startswith("option-"):
                groups.setdefault(tag[len("option-"):], []).append(puzzle)
    return tuple((option, tuple(sorted(found, key=lambda p: p.id))) for option, found in sorted(groups.items()))


def _tags(puzzle: Puzzle) -> list[str]:
    """A puzzle's tags (``tags:`` in its file)."""
    return list(puzzle.tags)


def option_pairs(directory: str | Path | None = None) -> dict[str, list[tuple[Puzzle, ...]]]:
    """The option puzzles grouped again into sets that share one position.

    Two puzzles share a position when their seats, discard pile, hands and draw pile
    are the same; they then differ only in the rules and perhaps the moves. Each set is
    the "same position under each reading" that a notebook can play out side by side.
    """
    pairs: dict[str, list[tuple[Puzzle, ...]]] = {}
    for option, found in option_puzzles(directory).items():
        sets: dict[Any, list[Puzzle]] = {}
        for puzzle in found:
            sets.setdefault(_position_key(puzzle), []).append(puzzle)
        pairs[option] = [tuple(group) for group in sets.values()]
    return pairs


def _position_key(puzzle: Puzzle) -> Any:
    return (puzzle.players, puzzle.turn, puzzle.discard, puzzle.color, puzzle.pending,
            tuple(sorted((s, h) for s, h in puzzle.hands.items())), tuple(sorted(puzzle.more.items())),
            puzzle.draw_pile)


def group_with(puzzle_id: str, directory: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The set of option puzzles that shares its position with ``puzzle_id`` (see :func:`option_pairs`).

    >>> [p.id for p in group_with("zero-pass-off")]
    ['zero-pass-off', 'zero-pass-official']
    """
    arguments.inputs.text(puzzle_id, "the id of a puzzle", like="zero-pass-off")
    for groups in option_pairs(directory).values():
        for group in groups:
            if any(p.id == puzzle_id for p in group):
                return group
    raise NomercyError(f"no puzzle {quote(puzzle_id)} in the option puzzles")
