"""A table's rounds in and out: the Import box, the save file it resumes and writes after every change.

Every record that comes in (pasted, or read from the save file) is checked whole, deal and moves replayed
on the side, before the :class:`~nomercy.play.table.TableSession` takes its seats, rules and seed; then
its round is dealt again at the table and its moves replayed through the game, so a loaded round has the
same log, undo marks and computers' memory as one played there. The session's state machine calls these
functions; they are kept apart from it because reading and writing records is a job of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomercy.core.errors import NomercyError
from nomercy.core.seeds import short_seed
from nomercy.play.game import Game, GameRecord
from nomercy.play.saved_game import AutoSave, SavedGame
from nomercy.core import wording
from nomercy.core.wording import plural
from nomercy.play.table_text import HUMAN, kinds_from_names

if TYPE_CHECKING:  # the session loads and saves through here: only its type comes back
    from nomercy.play.table import TableSession

__all__ = ["import_record", "resume", "save_round", "load"]


def import_record(table: TableSession, text: Any, ask: Any = None) -> str | None:
    """Load a record pasted into the Import box: checked whole before the table changes at all.

    ``ask`` is the front end's name for this try; the snapshot shows it back (``imported``) once the
    record is loaded, so the page closes its Import panel then, and keeps it open on a refusal.
    """
    if isinstance(text, str) and not text.strip():
        return "Paste a game record (the text Export record gives) into the box first."
    record = GameRecord.from_json(text)  # a record that is not one is refused here, in one line
    Game.from_record(record)  # its deal and every move, replayed on the side: the first refusal is named
    _switch_to(table, record)
    table._imported = ask if isinstance(ask, str) and len(ask) <= 40 else None
    return load(table, record, wording.RECORD_LOADED)


def _switch_to(table: TableSession, record: GameRecord) -> None:
    """Take the seats, rules and seed of a record that was checked whole (nothing here can refuse it)."""
    table._rules = record.rules
    table._kinds = kinds_from_names(record.seats, dict(zip(table._seats, table._kinds)))
    table._seats = tuple(record.seats)
    table._humans = tuple(i for i, k in enumerate(table._kinds) if k == HUMAN)
    table._seed = table._first_seed = record.seed
    table._coach_seed = short_seed(table._first_seed, "coach")
    table._reshuffles = 0
    table._is_match = False


def resume(table: TableSession, save: SavedGame) -> None:
    """Open on the game saved in ``save`` (checked and replayed before the table takes it), or say why not."""
    resumed = save.resume()
    if resumed.record is not None:
        _switch_to(table, resumed.record)
        load(table, resumed.record, wording.ROUND_RESUMED, number=table.round_number)
    if resumed.record is None and resumed.note:  # the file's own words (its name, where it is kept) are for a
        reason = resumed.reason                  # notebook; the table says it in a card player's words
        note = (wording.SAVE_NOT_RESUMED if resumed.saving else wording.SAVE_NOT_SET_ASIDE).format(reason=reason)
        table._note(note, "note")
        table.notice = note
    if resumed.saving:  # a file that could not be set aside is never written over
        table._autosave = AutoSave(save, resumed.record)
        save_round(table)


def save_round(table: TableSession) -> bool:
    """Save the round after a change (``save_to``); whether the log just got the line that saving failed."""
    failed = None if table._autosave is None else table._autosave.save(table.record())
    if failed:
        table._note(failed, "note")
    return bool(failed)


def load(table: TableSession, record: GameRecord, note: str = wording.RECORD_LOADED, number: int = 1) -> str | None:
    """Deal the record's round (as round ``number``) and replay its moves through the game (a refused move
    stops it, named)."""
    table._bots = table._make_bots(table._seed)
    table._match = None
    table._start_round(number, table._deal(record.seed, record.dealer))
    try:
        table._game.replay(record.moves, observe=table._replayed)
    except NomercyError as error:
        return f"record {error}"
    table._note(note.format(moves=plural(len(record.moves), "move")), "note")
    table._after_change()
    return None
