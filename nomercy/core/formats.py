"""Every kind of file (or pasted text) nomercy reads from outside, in one registry: its name, what it holds, and
the one function that reads it.

A file is a way in: a person can hand the package anything under its name. The registry is what the
project's inventory of ways in (``tests/test_entry_points.py``) lists as ``file:<name>``, so a new format
added here without hostile tests fails the suite. The readers are named by their import paths (the
core imports nothing above it), and the inventory checks that each one exists.

>>> sorted(FILE_FORMATS)
['chapter', 'kept-puzzle', 'learner', 'position', 'progress', 'progress-export', 'puzzle', 'record', 'records-jsonl', 'save', 'stage', 'terms']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FileFormat", "FILE_FORMATS"]


@dataclass(frozen=True)
class FileFormat:
    """One kind of file: its ``name`` (the inventory's ``file:<name>``), what it holds, and its reader."""

    name: str
    holds: str
    reader: str
    """The import path of the one function that reads it (``module:qualname``)."""


FILE_FORMATS: dict[str, FileFormat] = {f.name: f for f in (
    FileFormat("record", "a round's record as JSON: rules, seats, seed, dealer and moves (Export, Import)",
               "nomercy.play.game:GameRecord.from_json"),
    FileFormat("save", "a table's save file (--save, GameTable(save_to=...)): a record the table resumes",
               "nomercy.play.saved_game:SavedGame.read"),
    FileFormat("records-jsonl", "one record of a game on each line (nomercy simulate --records)",
               "nomercy.play.game:GameRecord.from_json"),
    FileFormat("progress", "a trainer's progress folder: journals of attempts, one JSON line each",
               "nomercy.puzzles.progress_text:parse_text"),
    FileFormat("progress-export", "a trainer's progress exported as text, to import elsewhere",
               "nomercy.puzzles.progress:Progress.import_text"),
    FileFormat("learner", "whose progress a folder holds, and the learner chosen last (learner.json, "
               "current-learner.json in the progress folder)", "nomercy.puzzles.learners:read_name"),
    FileFormat("kept-puzzle", "a mistake of your own kept as a puzzle (kept-puzzles/<id>.yaml beside the progress, "
               "and a line of an exported progress)", "nomercy.puzzles.kept:KeptFolder.puzzles"),
    FileFormat("puzzle", "a puzzle as YAML (puzzles/, nomercy check, nomercy puzzle generate)",
               "nomercy.puzzles.yaml_reader:read_puzzle_file"),
    FileFormat("position", "a position as one line of text (GameState.to_text), pasted or stored in puzzles",
               "nomercy.core.state:GameState.from_text"),
    FileFormat("stage", "a stage of the learning path as YAML (learn/<chapter>/<id>.yaml, nomercy check)",
               "nomercy.puzzles.stage:load_stage"),
    FileFormat("chapter", "a chapter of the learning path (learn/<chapter>/chapter.yaml): its title and stages",
               "nomercy.puzzles.stage:load_chapter"),
    FileFormat("terms", "a language's words for the game as TOML (nomercy/teaching/terms/<language>.toml)",
               "nomercy.teaching.terminology:parse_terms"),
)}
"""The kinds of file, by name."""
