"""The table session: a round (or a match) at a table of people and computer players, in plain Python.

Everything a front end needs and nothing it draws: who sits where and of which kind, the rounds
and the match, whose hand the screen shows (hot-seat), the UNO moment (timed by a clock passed
in), a move the coach holds back with its warnings, undo marks, the coach's hint and review,
record import and export, the save file, the deal of the day, and the table as plain data
(:meth:`TableSession.snapshot`). The notebook's :class:`~nomercy.widgets.GameTable` adds pictures
and a browser to it; ``nomercy play`` prints it in a terminal.

Each part has one owner: the setup, frozen (:mod:`~nomercy.play.table_setup`); the round, a value and the only object
that touches the game, with its log, undo marks and UNO moment (:mod:`~nomercy.play.table_round`); what the table
waits for from the person (:mod:`~nomercy.play.table_waits`); the computers' turns (:mod:`~nomercy.play.table_turns`);
a click (:mod:`~nomercy.play.table_clicks`); undo (:mod:`~nomercy.play.table_undo`); the coach
(:mod:`~nomercy.play.table_coach`); its review (:mod:`~nomercy.play.table_review`, kept: :mod:`~nomercy.play.review_file`);
records (:mod:`~nomercy.play.table_records`); the view's frozen frame (:mod:`~nomercy.play.table_view`).

A front end sends **intents** (:attr:`TableSession.INTENTS`: a card clicked, a move, UNO, undo, ...) to
:meth:`TableSession.handle`, which dispatches each and applies what the parts return; each becomes at most a few
engine moves through :meth:`Game.play <nomercy.play.game.Game.play>`, so legality and effects come from the
engine alone. Each intent is a **transaction**: refused (a reason returned, a
:class:`~nomercy.core.errors.NomercyError` raised) or broken (any other exception), it leaves the session exactly
as it was. Everything an intent may change is one frozen value (:mod:`~nomercy.play.table_now`), so the
transaction keeps the value it started from and puts it back.

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

import datetime
from dataclasses import replace
import os
import time
from typing import Any, Callable, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.engine import why_illegal
from nomercy.core.refusals import reason_of, said
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
from nomercy.play.players import Player
from nomercy.play.saved_game import AutoSave, SavedGame
from nomercy.play.said_at_table import MoveSaid
from nomercy.play.table_round import TableRound
from nomercy.play.table_setup import MAX_PACE, MAX_ROUND, TableSetup, check_pace, settings_only
from nomercy.play.table_text import HUMAN, kinds_from_names
from nomercy.play.table_now import TableNow
from nomercy.play import table_waits
from nomercy.play.table_waits import Choosing, Held, Hinted, IntentKind, Waits, YourMove
from nomercy.play.transcript import Transcript
from nomercy.play.uno_moment import Clock

__all__ = ["TableSession", "DAILY_PLAYERS", "MAX_PACE", "TODAY_VAR", "check_pace", "day_of"]


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

    _now: TableNow  # everything an intent may change: the one value a transaction keeps and puts back

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
        setup = TableSetup.checked(rules, players, seed=seed, match=match, undo=undo)
        # the settings a front end changes between intents, and what never changes: not part of a transaction
        self.pace = pace
        self.coach = bool(coach)
        self.auto_uno = bool(auto_uno)
        self._clock = clock
        self._daily = daily  # the date of a deal of the day: its first deal is the day's (a new deal is not)
        self._daily_seed = seed if daily is not None else None
        self._autosave: AutoSave | None = None  # the save file is outside: a transaction never unwrites it
        self.notice = ""
        """A line the front end shows when the table opens (a save that could not be resumed), or ``""``."""
        self._new_match(setup, seed, 1 if match else round_number, version=0)
        if save is not None:
            self._resume(save)
        self._now = replace(self._now, version=1)

    # ------------------------------------------------------------------ other ways to open a table
    @classmethod
    def deal_of_the_day(cls, date: datetime.date | str | None = None, **options: Any) -> "TableSession":
        """One seeded deal per date, the same for everyone, against the same computer players (coach on).

        >>> TableSession.deal_of_the_day("2026-12-01").record().seed == TableSession.deal_of_the_day(
        ...     datetime.date(2026, 12, 1)).record().seed
        True
        """
        settings_only(options, "the deal of the day deals its own round (no-mercy, You against Alex (steady) and "
                       "Sam (easy))")
        day = day_of(date)
        options.setdefault("coach", True)
        return cls("no-mercy", DAILY_PLAYERS, seed=daily_seed(day), daily=day, **options)

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
        settings_only(options, "a table opened from a record plays on under the record's rules, seats and seed")
        kinds = kinds_from_names(rec.seats, players)
        table = cls(rec.rules, dict(zip(rec.seats, kinds)), seed=rec.seed, **options)
        reason = cls._load(table, rec, table.checkpoint().setup)  # the class's own step, on a table it just made
        if reason:
            raise NomercyError(reason)
        return table

    # ------------------------------------------------------------------ reading the table
    @property
    def state(self) -> GameState:
        """The position now (a value: keep it, compare it, step it)."""
        return self._now.round.state

    @property
    def pace(self) -> float:
        """Seconds the front end waits between computer moves; 0 plays them at once (checked when set)."""
        return self._pace

    @pace.setter
    def pace(self, pace: Any) -> None:
        self._pace = check_pace(pace)

    @property
    def rules(self) -> RuleSet:
        return self._now.setup.rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self._now.setup.seats

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._now.setup.kinds

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (by number)."""
        return self._now.setup.humans

    @property
    def computers(self) -> Mapping[int, Player]:
        """The computer players, by seat (they see every move the table makes)."""
        return self._now.bots

    @property
    def round_number(self) -> int:
        return self._now.round.number

    @property
    def move_count(self) -> int:
        """Moves made in this round."""
        return self._now.round.move_count

    @property
    def version(self) -> int:
        """How many times the table has changed: a front end's ``advance`` names the version it saw."""
        return self._now.version

    @property
    def coach_seed(self) -> int:
        """The seed of every hint and review of this round (fixed by the round's deal, so the round resumed from its
        record, on a page opened again, gets the same hints and the same review)."""
        return short_seed(self._now.round.seed, "coach")

    @property
    def log_lines(self) -> list[dict[str, Any]]:
        """Every line of this round's log: sentence, kind, and the ruling behind it (title and text)."""
        return list(self._now.round.lines)

    def latest_lines(self, count: int) -> list[dict[str, Any]]:
        """The latest ``count`` lines of the log as a front end shows them: without the ruling's words (a front
        end gets those once, for every ruling, and expands a line's ``rule`` when asked)."""
        return self._now.round.latest_lines(count)

    @property
    def waits(self) -> Waits:
        """What the table waits for from the person at the screen (:mod:`~nomercy.play.table_waits`)."""
        return self._now.waits

    @property
    def prompt(self) -> dict[str, Any]:
        """The choices a clicked card still asks for (a color, a 7's target), or ``{}``."""
        return dict(self._now.waits.prompt)

    @property
    def advice(self) -> dict[str, Any]:
        """The coach's hint, or a warning holding a move back, or ``{}``."""
        return dict(self._now.waits.advice)

    @property
    def review(self) -> dict[str, Any]:
        """The round's review as it runs (``running``, ``done``, ``total``) and when done, or ``{}``."""
        return {} if self._now.review is None else dict(self._now.review.shown)

    @property
    def reviewed(self) -> coaching.Review | None:
        """The finished review of the round, or ``None``."""
        return None if self._now.review is None else self._now.review.result

    @property
    def export(self) -> str:
        """The round's record as JSON after an ``export`` intent (cleared by the next intent), else ``""``."""
        return self._now.export

    @property
    def waiting(self) -> str:
        """Who the table waits for: ``"computer"``, ``"human"``, ``"hidden"`` (a hand to show) or ``"over"``."""
        return self._now.waiting

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the screen shows, or ``None`` (hidden, or nobody's)."""
        return self._now.screen.shown

    def record(self) -> GameRecord:
        """This round as a record (rules, seats, seed, dealer, moves) that replays to the same position."""
        return self._now.round.record()

    def transcript(self) -> Transcript:
        """This round so far as one story (deal, moves, events)."""
        return self._now.round.transcript()

    def __repr__(self) -> str:
        return f"<TableSession {self.describe()}>"

    def describe(self) -> str:
        """The table in one line: rules (and the date of a deal of the day), seats and kinds, seed, round, moves,
        who is to move or who won."""
        setup = self._now.setup
        seats = ",".join(f"{n}:{k}" for n, k in zip(setup.seats, setup.kinds))
        s = self.state
        where = f"winner={s.seats[s.winner]}" if s.is_over and s.winner is not None else f"turn={s.seats[s.turn]}"
        daily = self._daily_line()
        day = f" daily={daily['date']}" if daily else ""
        return (f"{setup.rules.name}{day} seats={seats} seed={self._now.seed} round={self.round_number} "
                f"move={self.move_count} {where}")

    # ------------------------------------------------------------------ intents, as transactions
    def handle(self, intent: Mapping[str, Any], *, show: Callable[[], None] | None = None) -> str | None:
        """Do one intent whole, or not at all; the reason it was refused, or ``None``.

        ``show`` is the front end's drawing of the changed table: it runs inside the transaction, before
        the round is saved, so a drawing that fails takes the change back too. A refusal returns its reason
        and leaves everything as it was; any other exception does the same and is raised again.
        """
        saved = self._now
        try:
            intent = inputs.intent(intent, self.INTENTS, "the table")
            kind, handler = self._INTENT_HANDLERS[intent["type"]]
            table_clicks.check_parts(intent)
            version = intent.get("version")
            if version is not None:  # a count of the table's changes, as the table sent it: "x" or NaN is no version
                inputs.whole_number(version, "the version an intent answers (the table's count of changes)", 0,
                                    inputs.MAX_SEED, like=self._now.version)
            if kind == "timer" and self._stale(version):
                return None  # a stale or duplicate ask (two views, an old timer): nothing to show
            self._now = saved.meeting(kind)
            reason = handler(self, intent, saved.waits)
            if reason is None:
                self._now = replace(self._now, version=self._now.version + 1)
                if show is not None:
                    show()
                if self._save_round() and show is not None:
                    show()  # the log says the save failed
        except NomercyError as error:
            reason = reason_of(error)  # a refusal keeps its message, for a table in another language
        except BaseException:
            self._now = saved
            raise
        if reason is not None:
            self._now = saved
        return reason

    def checkpoint(self) -> TableNow:
        """Everything the session is now, to go back to with :meth:`restore` (a value: keeping it costs nothing)."""
        return self._now

    def restore(self, saved: TableNow) -> None:
        """Go back to a :meth:`checkpoint` (the same object, so front ends holding it keep it)."""
        self._now = inputs.one_of_kind(saved, TableNow, "a checkpoint of this table (TableSession.checkpoint)")

    # What a front end may send, what kind of intent each is to the table (table_waits.IntentKind), and what each
    # becomes. The widget's ES module lists the same names (tests/test_widget_contract.py compares them and clicks
    # every control in a browser).
    _INTENT_HANDLERS: dict[str, tuple[IntentKind, Callable[["TableSession", Mapping[str, Any], Waits], str | None]]] = {
        "card": ("act", lambda self, i, _: self._click_card(table_clicks.written(i, "card", "a card", "red 7"))),
        "move": ("act", lambda self, i, _: self._click_move(
            table_clicks.written(i, "move", "a move", "Player plays red 7"))),
        "cancel": ("act", lambda self, i, asked: table_waits.NOTHING_OPEN if type(asked) is YourMove
                   else self._set(waits=YourMove(uno_armed=self._now.waits.uno_armed))),
        "uno": ("act", lambda self, i, _: self._click_uno()),
        "reveal": ("act", lambda self, i, _: self._reveal()),
        "undo": ("act", lambda self, i, _: self._undo()),
        "new_round": ("act", lambda self, i, _: self._new_round()),
        "new_match": ("act", lambda self, i, _: self._start_over()),
        "replay": ("act", lambda self, i, _: self._replay()),
        "export": ("look", lambda self, i, _: self._set(export=self.record().to_json())),
        "import_record": ("act", lambda self, i, _: self._import_record(i.get("record", ""), i.get("ask"))),
        "advance": ("timer", lambda self, i, _: self._advance()),
        "hint": ("look", lambda self, i, _: self._ask_hint()),
        "go_ahead": ("act", lambda self, i, asked: self._go_ahead(asked.held)),
        "take_back": ("act", lambda self, i, asked: None if asked.held is not None  # the act itself drops it
                      else table_coach.NOTHING_HELD),
        "review": ("act", lambda self, i, _: self._review_round()),
        "review_show": ("look", lambda self, i, _: self._open_review(i.get("index"))),
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The intents a front end sends: a card clicked, a move, a prompt cancelled, ..."""

    def _set(self, **changes: Any) -> None:
        """The table with ``changes`` (fields of :class:`TableNow`): the one way an intent changes the session."""
        self._now = replace(self._now, **changes)

    # ------------------------------------------------------------------ rounds and the match
    def _start_over(self) -> None:
        """A new deal: the next seed of this table's own seeded sequence (so a session replays the same)."""
        reshuffles = self._now.reshuffles + 1
        setup = self._now.setup
        self._new_match(setup, short_seed(setup.first_seed, "table", reshuffles), reshuffles=reshuffles,
                        version=self._now.version)

    def _replay(self) -> None:
        """The same deal again: this round, from its own seed and dealer (the match's score stays)."""
        round_ = self._now.round
        self._start_round(round_.number, self._now.deal(round_.seed, round_.dealer))

    def _new_match(self, setup: TableSetup, seed: int, number: int = 1, *, reshuffles: int = 0, version: int) -> None:
        """The table with the first round dealt from ``seed`` (:meth:`TableNow.opening`), then the computers' turns."""
        self._now = TableNow.opening(setup, seed, number, reshuffles=reshuffles, clock=self._clock, version=version)
        self._after_change()

    def _new_round(self) -> str | None:
        """The next round of the match, or of the table's sequence (:meth:`TableNow.next_deal`)."""
        deal = self._now.next_deal()
        if isinstance(deal, str):
            return deal
        match, number, game = deal
        self._set(match=match)
        self._start_round(number, game)
        return None

    def _start_round(self, number: int, game: Game) -> None:
        """Put round ``number``, dealt already (:meth:`TableNow.deal`), on the table: a fresh log, no marks, no prompt."""
        humans = self.humans
        self._set(round=TableRound.dealt(number, game, people=humans, clock=self._clock), queued=None,
                  waits=YourMove(), review=None, screen=Screen.for_people(humans), export="")
        self._after_change()

    # ------------------------------------------------------------------ a person's intents
    def _click_card(self, text: str) -> str | None:
        click = table_clicks.card_click(self._now.screen, self.state, text)
        if isinstance(click, table_clicks.Ask):
            self._set(waits=Choosing(choices=click.prompt, uno_armed=self._now.waits.uno_armed))
            return None
        return click if isinstance(click, str) else self._human_move(click)

    def _click_move(self, text: str) -> str | None:
        move = table_clicks.move_typed(self._now.screen, self.state, text)
        return move if isinstance(move, str) else self._human_move(move)

    def _click_uno(self) -> str | None:
        click = table_clicks.uno_click(self._now.screen, self.state)
        if click is table_clicks.ARM_UNO:  # called together with the play that leaves one card
            self._set(waits=self._now.waits.armed(not self._now.waits.uno_armed))
            return None
        return click if isinstance(click, str) else self._human_move(click)  # type: ignore[arg-type]

    def _human_move(self, move: Move, *, confirmed: bool = False) -> str | None:
        s = self.state
        reason = why_illegal(s, move)
        if reason is not None:
            return reason
        armed = self._now.waits.uno_armed
        if self.coach and not confirmed:
            warning = table_coach.warning_advice(s, move, uno_called=self.auto_uno or (armed and type(move) is Play),
                                                  seed=self.coach_seed)
            if warning is not None:  # the coach holds the move back with its warning
                self._set(waits=Held(move=move, words=warning, uno_armed=armed))
                return None
        self._play(move, decided=True)
        if type(move) is Play:
            if armed and move.seat in self.state.catchable:
                self._play(CallUno(move.seat))
            armed = False
        self._set(waits=YourMove(uno_armed=armed))
        self._after_change()
        return None

    def _undo(self) -> str | None:
        """Take back the latest decision of the person at the screen, and the moves made after it."""
        now = self._now
        why_not = table_undo.why_no_undo(now.setup.undo_allowed, now.round.marks, now.screen, self.state.seats,
                                           self.state.is_over)
        if why_not:
            return why_not
        round_, mark, after = now.round.taken_back()
        line = table_undo.undo_line(round_.state.seats, mark, after,
                                    said_as=MoveSaid(mark.move, mark.move, round_.state))
        self._set(round=round_.noted(line, "undo"), queued=None,
                  waits=YourMove())
        self._after_change(run_computers=False)
        if self.state.to_act == mark.seat:  # the person who took it back decides again, at the screen
            self._set(screen=replace(self._now.screen, viewer=mark.seat, hidden=False))
        return None

    def _reveal(self) -> str | None:
        screen = self._now.screen.revealed(self.state)
        if isinstance(screen, str):
            return screen
        self._set(screen=screen)
        return None

    # ------------------------------------------------------------------ the coach (its desk: table_coach)
    def _go_ahead(self, move: Move | None) -> str | None:
        """Make the move the coach's warning held back (``move``, from what the table waited for)."""
        if move is None:
            return table_coach.NOTHING_HELD
        return self._human_move(move, confirmed=True)

    def _ask_hint(self) -> str | None:
        advice = table_coach.hint_at(self.coach, self._now.screen, self.state, seed=self.coach_seed)
        if isinstance(advice, str):
            return advice
        self._set(waits=Hinted(words=advice, uno_armed=self._now.waits.uno_armed))
        return None

    def _review_round(self) -> str | None:
        """Review the round a slice at a time; the front end asks again while ``review["running"]``."""
        why_not = table_coach.why_no_review(self.coach, self.state, self.humans, self.move_count)
        if why_not:
            return why_not
        review = self._now.review
        if review is None:
            review = self._now.round.review(table_coach.review_seat(self._now.screen), seed=self.coach_seed)
        keep = None if self._autosave is None else (self._autosave.file.path, self.record().to_json())
        self._set(review=review.ran(keep=keep))  # done already: the same (a second view, a repeated ask)
        return None

    def _open_review(self, index: Any) -> str | None:
        review = table_coach.NO_REVIEW_YET if self._now.review is None else self._now.review.opened(index)
        if isinstance(review, str):
            return review
        self._set(review=review)
        return None

    # ------------------------------------------------------------------ computer turns and the UNO moment
    def uno_wait(self) -> float:
        """Seconds before a computer may catch a person who went down to one card (0 when none may be)."""
        return self._now.round.uno_wait(self.pace)

    def _stale(self, version: Any) -> bool:
        """Whether an ``advance`` names another version than this one, or comes with no computer move waiting."""
        return (version is not None and version != self._now.version) or self.state.is_over \
            or self._now.queued is None

    def _advance(self) -> str | None:
        """One computer move, asked for by the front end after ``pace`` seconds."""
        now = self._now
        assert now.queued is not None  # a stale ask never comes here (handle)
        round_, queued = table_turns.step(now.round, now.queued, pace=self.pace)
        self._set(round=round_, queued=queued)
        if round_ is not now.round:
            self._set(waits=now.waits.after_move())
            self._after_change()
        return None

    def _after_change(self, *, run_computers: bool = True) -> None:
        """After any move: let the computers play (at once, or one per ``advance``), then settle the screen."""
        now = self._now
        round_, queued = table_turns.after_change(now.round, pace=self.pace, people=self.humans,
                                                  auto_uno=self.auto_uno, run_computers=run_computers)
        waits = now.waits if round_.move_count == now.round.move_count else now.waits.after_move()
        self._set(round=round_, queued=queued, waits=waits, screen=now.screen.settled(round_.state, round_.in_moment))

    # ------------------------------------------------------------------ applying and logging
    def _play(self, move: Move, *, decided: bool = False) -> None:
        """A move made at the table, by the round (:meth:`TableRound.played`): no held move or advice after it.
        A record's moves come the same way, a whole record at a time (:meth:`_load`)."""
        self._set(round=self._now.round.played(move, decided=decided), waits=self._now.waits.after_move())

    # ------------------------------------------------------------------ records in and out (checks: table_records)
    def _import_record(self, text: Any, ask: Any) -> str | None:
        """Load a record pasted into the Import box: checked whole before the table changes at all."""
        record = table_records.checked_import(text)
        if isinstance(record, str):
            return record
        reason = self._load(record, self._now.setup.adopting(record), wording.RECORD_LOADED)
        self._set(imported=table_records.import_name(ask))
        return reason

    def _load(self, record: GameRecord, setup: TableSetup, note: str = wording.RECORD_LOADED,
              number: int = 1) -> str | None:
        """Deal the record's round (as round ``number``) at a table set up as ``setup`` and replay its moves through
        the round (a refused move stops it, named)."""
        self._set(setup=setup, seed=record.seed, reshuffles=0, bots=setup.computers(record.seed), match=None)
        self._start_round(number, self._now.deal(record.seed, record.dealer))
        try:
            self._set(round=self._now.round.replayed(record.moves))
        except NomercyError as error:
            return said("record {reason}", reason=reason_of(error))  # (the catalog's message: nomercy/play/game.py)
        if record.moves or note != wording.ROUND_RESUMED:  # a round resumed before its first move: nothing to say
            self._set(round=self._now.round.noted(table_records.loaded_line(note, record)))
        self._after_change()
        return None

    def _resume(self, save: SavedGame) -> None:
        """Open on the game saved in ``save`` (checked and replayed before the table takes it), or say why not."""
        resumed = save.resume()
        if resumed.record is not None:
            self._load(resumed.record, self._now.setup.adopting(resumed.record), wording.ROUND_RESUMED,
                       number=self.round_number)
            if self.coach and self.state.is_over and self.humans:  # its review as the table last showed it, if kept
                self._set(review=self._now.round.kept_review(save.path, self._now.screen, seed=self.coach_seed))
        note = table_records.resume_note(resumed)
        if note:
            self._set(round=self._now.round.noted(note))
            self.notice = note
        if resumed.saving:  # a file that could not be set aside is never written over
            self._autosave = AutoSave(save, resumed.record)
            self._save_round()

    def _save_round(self) -> bool:
        """Save the round after a change (``save_to``); whether the log just got the line that saving failed."""
        failed = None if self._autosave is None else self._autosave.save(self.record())
        if failed:
            self._set(round=self._now.round.noted(failed))
        return bool(failed)

    # ------------------------------------------------------------------ the table as plain data
    def snapshot(self) -> dict[str, Any]:
        """The table as a front end shows it, as plain data (JSON's types only): seats, the hand on screen,
        the buttons, the top card, the status line, the end of the round (built in :mod:`~nomercy.play.table_view`)."""
        return table_view.snapshot(self._now.frame(
            coach=self.coach, uno_wait=self.uno_wait() if self._now.queued is not None else 0.0, daily=self._daily_line()))

    def _daily_line(self) -> dict[str, str] | None:
        """The deal of the day's title and line to share, when this round is the day's deal."""
        return table_view.daily_line(self._daily, self._daily_seed, self._now.round.seed, self.state, self.humans,
                                     self.move_count)
