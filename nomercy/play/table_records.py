"""A table's rounds in and out: the Import box and the save file, as values the session applies.

Every record that comes in (pasted, or read from the save file) is checked whole, deal and moves replayed on
the side (:func:`checked_import`), before the :class:`~nomercy.play.table.TableSession` adopts its seats,
rules and seed; then the session deals its round again and replays its moves through the round, so a loaded
round has the same log, undo marks and computers' memory as one played there.
"""

from __future__ import annotations

from typing import Any

from nomercy.core import wording
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, said
from nomercy.core.said import n_
from nomercy.core.wording import plural
from nomercy.play.game import Game, GameRecord
from nomercy.play.saved_game import Resumed

__all__ = ["checked_import", "import_name", "loaded_line", "resume_note"]


def checked_import(text: Any) -> GameRecord | str:
    """A record pasted into the Import box, checked whole (its deal and every move replayed on the side), or why
    it is refused (a text that is not a record at all raises, in one line)."""
    if isinstance(text, str) and not text.strip():
        return N_("Paste a game record (the text Export record gives) into the box first.")
    record = GameRecord.from_json(text)
    Game.from_record(record)  # the first refusal is named
    return record


def import_name(ask: Any) -> str | None:
    """The front end's name for an import (shown back once the record is loaded, so the page closes its Import
    panel then and keeps it open on a refusal): a short text, or nothing."""
    return ask if isinstance(ask, str) and len(ask) <= 40 else None


_REPLAYED = {
    wording.ROUND_RESUMED: n_("Your round goes on where you left it: {count} move replayed.",
                              "Your round goes on where you left it: {count} moves replayed."),
    wording.RECORD_LOADED: n_("A saved round was loaded: {count} move replayed.",
                              "A saved round was loaded: {count} moves replayed."),
}
"""The log's line once a record's moves are replayed, as a sentence with its count (a language says "9 moves
replayed" in its own form of the count, which is not the form of "the 9 moves after it")."""


def loaded_line(note: str, record: GameRecord) -> str:
    """The log's line once a record's moves are replayed (``note``: :data:`~nomercy.core.wording.ROUND_RESUMED` or
    :data:`~nomercy.core.wording.RECORD_LOADED`): its English, which knows its message and the count of moves, so
    a table in another language says it in its words (:class:`~nomercy.core.refusals.Said`)."""
    english = note.format(moves=plural(len(record.moves), "move"))
    if note not in _REPLAYED:
        return english
    return said("{sentence}", english, sentence=Count(len(record.moves), *_REPLAYED[note]))


def resume_note(resumed: Resumed) -> str | None:
    """What the table says when its save file could not be resumed, in a card player's words (the file's own
    words, its name and where it is kept, are for a notebook), or ``None``."""
    if resumed.record is not None or not resumed.note:
        return None
    return (wording.SAVE_NOT_RESUMED if resumed.saving else wording.SAVE_NOT_SET_ASIDE).format(reason=resumed.reason)
