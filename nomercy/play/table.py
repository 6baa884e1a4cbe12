"""The table session: a round (or a match) at a table of people and computer players, in plain Python.

Everything a front end needs and nothing it draws: who sits where and of which kind, the rounds
and the match, whose hand the screen shows (hot-seat), the UNO moment (timed by a clock passed
in), a move the coach holds back with its warnings, undo marks, the coach's hint and review,
record import and export, the save file, the deal of the day, and the table as plain data
(:meth:`TableSession.snapshot`). The notebook's :class:`~nomercy.widgets.GameTable` adds pictures
and a browser to it; ``nomercy play`` prints it in a terminal.

Each part has one owner, and the session only dispatches intents and applies what the parts return: the
setup, frozen (:mod:`~nomercy.play.table_setup`); the round, the only object that touches the game, with its
log, undo marks and UNO moment (:mod:`~nomercy.play.table_round`); the computers' turns
(:mod:`~nomercy.play.table_turns`); what a click asks for (:mod:`~nomercy.play.table_clicks`); undo's rules
(:mod:`~nomercy.play.table_undo`); the coach's desk (:mod:`~nomercy.play.table_coach`); records in and out
(:mod:`~nomercy.play.table_records`); the frozen frame the view is drawn from (:mod:`~nomercy.play.table_view`).

A front end sends **intents** (:attr:`TableSession.INTENTS`: a card clicked, a move, UNO, undo,
...) to :meth:`TableSession.handle`. Each becomes at most a few engine moves through
:meth:`Game.play <nomercy.play.game.Game.play>`, so legality and effects come from the engine
alone. Each intent is a **transaction**: refused (a reason returned, a
:class:`~nomercy.core.errors.NomercyError` raised) or broken (any other exception), it leaves the
session exactly as it was.

>>> table = TableSession("no-mercy", ["human", "greedy"], seed=3)
>>> table
<TableSession no-mercy seats=Player:human,Greedy:greedy seed=3 round=1 move=0 turn=Player>
>>> table.handle({"type": "move", "move": "Greedy draws"})
'You can only make moves for Player here; Greedy is a computer player.'
>>> table.handle({"type": "move", "move": "Player plays blue 7"})
'Player holds no blue 7'
>>> table.snapshot()["status"]
'Player, your turn: play a highlighted card.'
"""

from __future__ import annotations

import copy
import datetime
from dataclasses import replace
import os
import time
from typing import Any, Callable, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.engine import why_illegal
from nomercy.core.errors import NomercyError
from nomercy.core.moves import CallUno, Move, Play
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.seeds import short_seed
from nomercy.core.state import GameState
from nomercy.core import wording
from nomercy.play import coach as coaching
from nomercy.play import table_clicks, table_coach, table_records, table_turns, table_undo, table_view
from nomercy.play.daily_deal import DAILY_PLAYERS, TODAY_VAR, daily_seed, day_of
from nomercy.play.game import Game, GameRecord
from nomercy.play.hot_seat import Screen
from nomercy.play.match import Match
from nomercy.play.players import Player
from nomercy.play.saved_game import AutoSave, SavedGame
from nomercy.play.table_coach import ReviewInSlices
from nomercy.play.table_round import TableRound
from nomercy.play.table_setup import MAX_PACE, MAX_ROUND, TableSetup, check_pace
from nomercy.play.table_text import HUMAN, kinds_from_names
from nomercy.play.transcript import Transcript
from nomercy.play.uno_moment import Clock

__all__ = ["TableSession", "DAILY_PLAYERS", "MAX_PACE", "TODAY_VAR", "check_pace", "day_of", "kept_copy"]

def kept_copy(value: Any) -> Any:
    """A value as a transaction keeps it: containers and objects that copy themselves (a Game) are copied;
    anything else is a value, or is replaced and never changed in place."""
    if isinstance(value, (list, dict, set)):
        return copy.copy(value)
    if hasattr(type(value), "__copy__") and not isinstance(value, type):
        return copy.copy(value)
    return value


class TableSession:
    """A table: human seats act through intents, computer seats play through :func:`~nomercy.play.players.next_move`.

    ``rules`` is a profile name (or a :class:`~nomercy.core.rules.RuleSet`) and ``overrides`` change
    single options. ``players`` is a number (one person, the rest greedy), a list of seat kinds
    (``"human"``, ``"random"``, ``"greedy"``, ``"expert"``) or a mapping of names to kinds; two or
    more people share the screen (hot-seat) and a hand stays hidden until its owner asks to see it.
    ``pace`` is the pause the front end makes between computer moves (0: they play at once, one move
    at a time, stopping only before a catch inside a person's UNO moment). ``match=True`` plays
    rounds to the score target (undo off unless ``undo=True``); ``coach=True`` adds the hint,
    warnings that hold a move back and the round's review; ``auto_uno=True`` calls UNO for a
    person the moment they go down to one card; ``save_to`` saves the round after every change and
    resumes it when the table opens again. ``clock`` times the UNO moment. ``round_number`` is the number
    of the round the table opens on, dealt or resumed (a page that reopens its saved round knows which it was).
    """

    _held: Move | None  # a move the coach's warning holds back
    _advice: dict[str, Any]
    _prompt: dict[str, Any]
    _queued: table_turns.Queued | None  # the computer move the front end is to ask for next (``advance``)

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] | Mapping[str, str] = (HUMAN, "greedy", "greedy"),
        *,
        seed: int = 0,
        pace: float = 0.0,
        match: bool = False,
        undo: bool | None = None,
        coach: bool = False,
        auto_uno: bool = False,
        save_to: str | os.PathLike[str] | None = None,
        clock: Clock = time.monotonic,
        daily: datetime.date | None = None,
        round_number: int = 1,
        **overrides: Any,
    ) -> None:
        save = None if save_to is None else SavedGame(inputs.path(save_to, "the save file"))  # a folder: refused now
        round_number = inputs.whole_number(round_number, "round_number (the number of the round the table opens on)",
                                           1, MAX_ROUND)
        rules = ruleset(rules, **overrides)  # checked before the seed, as it always was
        seed = inputs.seed(seed)
        match, coach, auto_uno = (inputs.switch(value, name) for value, name in
                                  ((match, "match"), (coach, "coach"), (auto_uno, "auto_uno")))
        undo = None if undo is None else inputs.switch(undo, "undo")
        clock = inputs.clock(clock)
        daily = None if daily is None else inputs.date(daily, "the day of a deal of the day")
        self._setup = TableSetup.checked(rules, players, seed=seed, match=match, undo=undo)
        self._seed = seed  # the match's seed: the first one, then each "Start over"'s
        self._reshuffles = 0  # "Start over" deals from the next seed of a sequence fixed by the first one
        self.pace = pace
        self.coach = bool(coach)
        self.auto_uno = bool(auto_uno)
        self._clock = clock
        self._daily = daily  # the date of a deal of the day: its first deal is the day's (a new deal is not)
        self._daily_seed = seed if daily is not None else None
        self._version = 0
        self._quiet = False
        self._imported: str | None = None  # the front end's name for the last record it loaded
        self.notice = ""
        """A line the front end shows when the table opens (a save that could not be resumed), or ``""``."""
        self._match: Match | None = None
        self._autosave: AutoSave | None = None
        self._new_match(self._seed, 1 if match else round_number)
        if save is not None:
            self._resume(save)
        self._version = 1

    # ------------------------------------------------------------------ other ways to open a table
    @classmethod
    def deal_of_the_day(cls, date: datetime.date | str | None = None, **options: Any) -> "TableSession":
        """One seeded deal per date, the same for everyone, against the same computer players (coach on).

        >>> TableSession.deal_of_the_day("2026-12-01").record().seed == TableSession.deal_of_the_day(
        ...     datetime.date(2026, 12, 1)).record().seed
        True
        """
        day = day_of(date)
        options.setdefault("coach", True)
        return cls("no-mercy", DAILY_PLAYERS, seed=daily_seed(day), daily=day,
                   **options)

    @classmethod
    def from_record(cls, record: GameRecord | str, players: Mapping[str, str] | None = None,
                    **options: Any) -> "TableSession":
        """A table at the position a saved record (a :class:`GameRecord` or its JSON) reaches, ready to play on.

        Each seat's kind comes from ``players`` (name to kind), or from its name: "Greedy", "Random2" and
        "Expert" are computer players of that kind, any other name is a person.
        """
        rec = GameRecord.from_json(record) if isinstance(record, str) else inputs.one_of_kind(
            record, GameRecord, "a game record or its JSON text")
        if players is not None:
            inputs.one_of_kind(players, Mapping, "seat kinds by seat name, like {\"Ann\": \"human\"}")
        kinds = kinds_from_names(rec.seats, players)
        table = cls(rec.rules, dict(zip(rec.seats, kinds)), seed=rec.seed, **options)
        reason = table._load(rec)
        if reason:
            raise NomercyError(reason)
        return table

    # ------------------------------------------------------------------ reading the table
    @property
    def state(self) -> GameState:
        """The position now (a value: keep it, compare it, step it)."""
        return self._round.state

    @property
    def pace(self) -> float:
        """Seconds the front end waits between computer moves; 0 plays them at once (checked when set)."""
        return self._pace

    @pace.setter
    def pace(self, pace: Any) -> None:
        self._pace = check_pace(pace)

    @property
    def rules(self) -> RuleSet:
        return self._setup.rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self._setup.seats

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._setup.kinds

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (by number)."""
        return self._setup.humans

    @property
    def computers(self) -> Mapping[int, Player]:
        """The computer players, by seat (they see every move the table makes)."""
        return self._bots

    @property
    def round_number(self) -> int:
        return self._round.number

    @property
    def move_count(self) -> int:
        """Moves made in this round."""
        return self._round.move_count

    @property
    def version(self) -> int:
        """How many times the table has changed: a front end's ``advance`` names the version it saw."""
        return self._version

    @property
    def coach_seed(self) -> int:
        """The seed of every hint and review at this table (fixed by the table's first seed)."""
        return self._setup.coach_seed

    @property
    def log_lines(self) -> list[dict[str, Any]]:
        """Every line of this round's log: sentence, kind, and the ruling behind it (title and text)."""
        return self._round.lines

    def latest_lines(self, count: int) -> list[dict[str, Any]]:
        """The latest ``count`` lines of the log as a front end shows them: without the ruling's words (a front
        end gets those once, for every ruling, and expands a line's ``rule`` when asked)."""
        return self._round.latest_lines(count)

    @property
    def prompt(self) -> dict[str, Any]:
        """The choices a clicked card still asks for (a color, a 7's target), or ``{}``."""
        return self._prompt

    @property
    def advice(self) -> dict[str, Any]:
        """The coach's hint, or a warning holding a move back, or ``{}``."""
        return self._advice

    @property
    def review(self) -> dict[str, Any]:
        """The round's review as it runs (``running``, ``done``, ``total``) and when done, or ``{}``."""
        return {} if self._review is None else self._review.shown

    @property
    def reviewed(self) -> coaching.Review | None:
        """The finished review of the round, or ``None``."""
        return None if self._review is None else self._review.result

    @property
    def export(self) -> str:
        """The round's record as JSON after an ``export`` intent (cleared by the next intent), else ``""``."""
        return self._export

    @property
    def waiting(self) -> str:
        """Who the table waits for: ``"computer"``, ``"human"``, ``"hidden"`` (a hand to show) or ``"over"``."""
        if self.state.is_over:
            return "over"
        if self._queued is not None:
            return "computer"
        if self._screen.hidden:
            return "hidden"
        return "human"

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the screen shows, or ``None`` (hidden, or nobody's)."""
        return self._screen.shown

    def record(self) -> GameRecord:
        """This round as a record (rules, seats, seed, dealer, moves) that replays to the same position."""
        return self._round.record()

    def transcript(self) -> Transcript:
        """This round so far as one story (deal, moves, events)."""
        return self._round.transcript()

    def __repr__(self) -> str:
        return f"<TableSession {self.describe()}>"

    def describe(self) -> str:
        """The table in one line: rules (and the date of a deal of the day), seats and kinds, seed, round, moves,
        who is to move or who won."""
        seats = ",".join(f"{n}:{k}" for n, k in zip(self._setup.seats, self._setup.kinds))
        s = self.state
        where = f"winner={s.seats[s.winner]}" if s.is_over and s.winner is not None else f"turn={s.seats[s.turn]}"
        daily = self._daily_line()
        day = f" daily={daily['date']}" if daily else ""
        return (f"{self._setup.rules.name}{day} seats={seats} seed={self._seed} round={self.round_number} move={self.move_count} "
                f"{where}")

    # ------------------------------------------------------------------ intents, as transactions
    def handle(self, intent: Mapping[str, Any], *, show: Callable[[], None] | None = None) -> str | None:
        """Do one intent whole, or not at all; the reason it was refused, or ``None``.

        ``show`` is the front end's drawing of the changed table: it runs inside the transaction, before
        the round is saved, so a drawing that fails takes the change back too. A refusal returns its reason
        and leaves everything as it was; any other exception does the same and is raised again.
        """
        saved = self.checkpoint()
        try:
            reason = self._dispatch(inputs.intent(intent, self.INTENTS, "the table"))
            if reason is None and not self._quiet:
                self._version += 1
                if show is not None:
                    show()
                if self._save_round() and show is not None:
                    show()  # the log says the save failed
        except NomercyError as error:
            reason = str(error)
        except BaseException:
            self.restore(saved)
            raise
        finally:
            self._quiet = False
        if reason is not None:
            self.restore(saved)
        return reason

    def checkpoint(self) -> dict[str, Any]:
        """Everything the session is now, to go back to with :meth:`restore`."""
        return {name: kept_copy(value) for name, value in vars(self).items()}

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Go back to a :meth:`checkpoint` (the same object, so front ends holding it keep it)."""
        self.__dict__.clear()
        self.__dict__.update({name: kept_copy(value) for name, value in saved.items()})

    def _dispatch(self, intent: Mapping[str, Any]) -> str | None:
        kind = intent["type"]
        handler = self._INTENT_HANDLERS[kind]
        if kind not in ("advance", "export"):
            self._export = ""
        if kind not in ("advance", "export", "go_ahead", "hint", "review_show"):
            self._held = None  # a move a warning held back is dropped by any other intent
            self._advice = {}
        return handler(self, intent)

    # What a front end may send, and what each becomes. The widget's ES module lists the same names
    # (tests/test_widget_contract.py compares them and clicks every control in a browser).
    _INTENT_HANDLERS: dict[str, Callable[["TableSession", Mapping[str, Any]], str | None]] = {
        "card": lambda self, i: self._click_card(table_clicks.written(i, "card", "a card", "red 7")),
        "move": lambda self, i: self._click_move(table_clicks.written(i, "move", "a move", "Player plays red 7")),
        "cancel": lambda self, i: self._cancel(),
        "uno": lambda self, i: self._click_uno(),
        "reveal": lambda self, i: self._reveal(),
        "undo": lambda self, i: self._undo(),
        "new_round": lambda self, i: self._new_round(),
        "new_match": lambda self, i: self._start_over(),
        "replay": lambda self, i: self._replay(),
        "export": lambda self, i: self._export_record(),
        "import_record": lambda self, i: self._import_record(i.get("record", ""), i.get("ask")),
        "advance": lambda self, i: self._advance(i.get("version")),
        "hint": lambda self, i: self._ask_hint(),
        "go_ahead": lambda self, i: self._go_ahead(),
        "take_back": lambda self, i: self._take_back(),
        "review": lambda self, i: self._review_round(),
        "review_show": lambda self, i: self._open_review(i.get("index")),
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The intents a front end sends: a card clicked, a move, a prompt cancelled, ..."""

    def _cancel(self) -> None:
        self._prompt = {}

    def _export_record(self) -> None:
        self._export = self.record().to_json()


    # ------------------------------------------------------------------ rounds and the match
    def _start_over(self) -> None:
        """A new deal: the next seed of this table's own seeded sequence (so a session replays the same)."""
        reshuffles = self._reshuffles + 1
        self._new_match(short_seed(self._setup.first_seed, "table", reshuffles))
        self._reshuffles = reshuffles

    def _replay(self) -> None:
        """The same deal again: this round, from its own seed and dealer (the match's score stays)."""
        self._start_round(self.round_number, self._deal(self._round.seed, self._round.dealer))

    def _new_match(self, seed: int, number: int = 1) -> None:
        """Deal the first round from ``seed`` (a new match when ``match=True``), numbered ``number``; the table
        switches once it is dealt."""
        bots = self._setup.computers(seed)
        match = Match.start(self._setup.rules, self._setup.seats, seed=seed) if self._setup.is_match else None
        game = self._deal(match.game.seed if match else seed, match.game.dealer if match else None, bots)
        self._seed, self._bots, self._match = seed, bots, match
        self._start_round(number, game)

    def _new_round(self) -> str | None:
        if not self.state.is_over:
            return "The round is still being played: finish it before dealing the next one."
        if self._match is not None:
            match = self._match.with_game(self.state)
            if match.is_over:
                return f"The match is over: {match.winner} reached {match.target} points. Start a new match."
            self._match = match.next_round()
            self._start_round(self._match.round_number, self._deal(self._match.game.seed, self._match.game.dealer))
        else:
            number = self.round_number + 1
            self._start_round(number, self._deal(short_seed(self._seed, "round", number), None))
        return None

    def _deal(self, seed: int, dealer: int | None, bots: Mapping[int, Player] | None = None) -> Game:
        """A round dealt at this table (the check that can fail, made before the table switches to it)."""
        return Game(self._setup.rules, self._setup.seats, seed=seed, dealer=dealer, computers=self._bots if bots is None else bots)

    def _start_round(self, number: int, game: Game) -> None:
        """Put round ``number``, dealt already (:meth:`_deal`), on the table: a fresh log, no marks, no prompt."""
        self._round = TableRound(number, game, people=self.humans, clock=self._clock)
        self._queued = None
        self._uno_armed = False
        self._held = None
        self._review: ReviewInSlices | None = None
        self._advice = {}
        self._screen = Screen.for_people(self.humans)  # whose hand is shown (hot-seat: hidden until asked)
        self._prompt = {}
        self._export = ""
        self._after_change()

    # ------------------------------------------------------------------ a person's intents
    def _click_card(self, text: str) -> str | None:
        click = table_clicks.card_click(self._screen, self.state, text)
        if isinstance(click, table_clicks.Ask):
            self._prompt = click.prompt
            return None
        return click if isinstance(click, str) else self._human_move(click)

    def _click_move(self, text: str) -> str | None:
        move = table_clicks.move_typed(self._screen, self.state, text)
        return move if isinstance(move, str) else self._human_move(move)

    def _click_uno(self) -> str | None:
        click = table_clicks.uno_click(self._screen, self.state)
        if click is table_clicks.ARM_UNO:
            self._uno_armed = not self._uno_armed  # called together with the play that leaves one card
            return None
        return click if isinstance(click, str) else self._human_move(click)  # type: ignore[arg-type]

    def _human_move(self, move: Move, *, confirmed: bool = False) -> str | None:
        s = self.state
        reason = why_illegal(s, move)
        if reason is not None:
            return reason
        if self.coach and not confirmed:
            uno_called = self.auto_uno or (self._uno_armed and type(move) is Play)
            warning = table_coach.warning_advice(s, move, uno_called=uno_called)
            if warning is not None:  # the coach holds the move back with its warning
                self._held, self._prompt, self._advice = move, {}, warning
                return None
        self._play(move, decided=True)
        if type(move) is Play:
            if self._uno_armed and move.seat in self.state.catchable:
                self._play(CallUno(move.seat))
            self._uno_armed = False
        self._prompt = {}
        self._after_change()
        return None

    def _undo(self) -> str | None:
        """Take back the latest decision of the person at the screen, and the moves made after it."""
        why_not = table_undo.why_no_undo(self._setup.undo_allowed, self._round.marks, self._screen, self.state.seats)
        if why_not:
            return why_not
        mark, after = self._round.take_back()
        self._queued = None
        self._uno_armed = False
        self._prompt = {}
        self._note(table_undo.undo_line(self.state.seats, mark, after), "undo")
        self._after_change(run_computers=False)
        if self.state.to_act == mark.seat:  # the person who took it back decides again, at the screen
            self._screen = replace(self._screen, viewer=mark.seat, hidden=False)
        return None

    # ------------------------------------------------------------------ the coach (its desk: table_coach)
    def _go_ahead(self) -> str | None:
        move, self._held = self._held, None
        self._advice = {}
        if move is None:
            return table_coach.NOTHING_HELD
        return self._human_move(move, confirmed=True)

    def _take_back(self) -> None:
        self._held = None
        self._advice = {}

    def _ask_hint(self) -> str | None:
        advice = table_coach.hint_at(self.coach, self._screen, self.state, seed=self.coach_seed)
        if isinstance(advice, str):
            return advice
        self._advice = advice
        return None

    def _review_round(self) -> str | None:
        """Review the round a slice at a time; the front end asks again while ``review["running"]``."""
        why_not = table_coach.why_no_review(self.coach, self.state, self.humans, self.move_count)
        if why_not:
            return why_not
        if self._review is None:
            self._review = self._round.review(table_coach.review_seat(self._screen), seed=self.coach_seed)
        self._review.run()  # done already: nothing (a second view, a repeated ask)
        return None

    def _open_review(self, index: Any) -> str | None:
        if self._review is None:
            return table_coach.NO_REVIEW_YET
        return self._review.open(index)

    def _reveal(self) -> str | None:
        screen = self._screen.revealed(self.state)
        if isinstance(screen, str):
            return screen
        self._screen = screen
        return None

    # ------------------------------------------------------------------ computer turns and the UNO moment
    def uno_wait(self) -> float:
        """Seconds before a computer may catch a person who went down to one card (0 when none may be)."""
        return self._round.uno_wait(self.pace)

    def _advance(self, version: Any) -> str | None:
        """One computer move, asked for by the front end after ``pace`` seconds (stale asks are ignored)."""
        if (version is not None and version != self._version) or self.state.is_over or self._queued is None:
            self._quiet = True  # a stale or duplicate ask (two views, an old timer): nothing to show
            return None
        played, self._queued = table_turns.step(self._round, self._queued, pace=self.pace)
        if played:
            self._held, self._advice = None, {}
            self._after_change()
        return None

    def _after_change(self, *, run_computers: bool = True) -> None:
        """After any move: let the computers play (at once, or one per ``advance``), then settle the screen."""
        before = self.move_count
        self._queued = table_turns.after_change(self._round, pace=self.pace, people=self.humans,
                                                auto_uno=self.auto_uno, run_computers=run_computers)
        if self.move_count != before:  # a move made clears a held move and the advice, as a person's does
            self._held, self._advice = None, {}
        self._screen = self._screen.settled(self.state, self._round.in_moment)

    # ------------------------------------------------------------------ applying and logging
    def _play(self, move: Move, *, decided: bool = False) -> None:
        """A move made at the table, by the round (:meth:`TableRound.play`): no held move or advice after it.
        A record's moves come the same way, a whole record at a time (:meth:`_load`)."""
        self._round.play(move, decided=decided)
        self._held = None
        self._advice = {}

    def _note(self, sentence: str, kind: str = "note") -> None:
        self._round.note(sentence, kind)

    # ------------------------------------------------------------------ records in and out (checks: table_records)
    def _import_record(self, text: Any, ask: Any) -> str | None:
        """Load a record pasted into the Import box: checked whole before the table changes at all."""
        record = table_records.checked_import(text)
        if isinstance(record, str):
            return record
        self._setup = self._setup.adopting(record)
        self._imported = table_records.import_name(ask)
        return self._load(record, wording.RECORD_LOADED)

    def _load(self, record: GameRecord, note: str = wording.RECORD_LOADED, number: int = 1) -> str | None:
        """Deal the record's round (as round ``number``) at this table and replay its moves through the round
        (a refused move stops it, named)."""
        self._seed, self._reshuffles = record.seed, 0
        self._bots = self._setup.computers(self._seed)
        self._match = None
        self._start_round(number, self._deal(record.seed, record.dealer))
        try:
            self._round.replay(record.moves)
        except NomercyError as error:
            return f"record {error}"
        self._note(table_records.loaded_line(note, record), "note")
        self._after_change()
        return None

    def _resume(self, save: SavedGame) -> None:
        """Open on the game saved in ``save`` (checked and replayed before the table takes it), or say why not."""
        resumed = save.resume()
        if resumed.record is not None:
            self._setup = self._setup.adopting(resumed.record)
            self._load(resumed.record, wording.ROUND_RESUMED, number=self.round_number)
        note = table_records.resume_note(resumed)
        if note:
            self._note(note, "note")
            self.notice = note
        if resumed.saving:  # a file that could not be set aside is never written over
            self._autosave = AutoSave(save, resumed.record)
            self._save_round()

    def _save_round(self) -> bool:
        """Save the round after a change (``save_to``); whether the log just got the line that saving failed."""
        failed = None if self._autosave is None else self._autosave.save(self.record())
        if failed:
            self._note(failed, "note")
        return bool(failed)

    # ------------------------------------------------------------------ the table as plain data
    def snapshot(self) -> dict[str, Any]:
        """The table as a front end shows it, as plain data (JSON's types only): seats, the hand on screen,
        the buttons, the top card, the status line, the end of the round (built in :mod:`~nomercy.play.table_view`)."""
        return table_view.snapshot(self._frame())

    def _frame(self) -> table_view.TableFrame:
        """The table at this moment as a frozen frame, for :func:`~nomercy.play.table_view.snapshot` to draw."""
        return table_view.TableFrame(
            state=self.state, events=self._round.events, move_count=self.move_count, kinds=self._setup.kinds,
            humans=self.humans, screen=self._screen, round=self.round_number, is_match=self._setup.is_match, match=self._match,
            coach=self.coach, prompt=self._prompt, advice=self._advice, waiting=self.waiting,
            uno_armed=self._uno_armed, uno_wait=self.uno_wait() if self._queued is not None else 0.0,
            in_moment=self._round.in_moment, undo_allowed=self._setup.undo_allowed, marks=self._round.marks,
            last=self._round.last, daily=self._daily_line(),
            imported=self._imported)

    def _daily_line(self) -> dict[str, str] | None:
        """The deal of the day's title and line to share, when this round is the day's deal."""
        return table_view.daily_line(self._daily, self._daily_seed, self._round.seed, self.state, self.humans,
                                     self.move_count)
