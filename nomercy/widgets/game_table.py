"""The game table: play a whole round (or a match) in a notebook, against computer players.

Python is the authority. The browser shows what Python syncs down (the ``table``
snapshot, the ``log``, a ``prompt`` when a card needs one more choice, an
``error`` when the engine refuses a move) and sends intents up with
``model.send``. Every intent becomes one engine move through
:meth:`nomercy.play.game.Game.play`, so legality and effects come from the engine
alone, and a refused move leaves everything as it was.

Start a game in one line::

    GameTable("no-mercy", ["human", "greedy", "expert"], seed=1)

The same intents can be sent from Python, which is how the tests play whole games:

>>> table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
>>> table
<GameTable no-mercy seats=Player:human,Greedy:greedy seed=3 round=1 move=0 turn=Player>
>>> table.send_intent({"type": "move", "move": "Greedy draws"})
'You can only make moves for Player here; Greedy is a computer player.'
"""

from __future__ import annotations

import datetime
import inspect
import os
import time
import types
from typing import Any, Iterator, Mapping, Sequence

import traitlets

from nomercy.core import events as ev
from nomercy.core.moves import Move, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play
from nomercy.core.cards import COLORS, Card, Rank
from nomercy.core.errors import NomercyError
from nomercy.play import coach as coaching
from nomercy.play.game import Game, GameRecord
from nomercy.play.record import check_table
from nomercy.play.saved_game import SavedGame
from nomercy.play.players import Player, make_player
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.scoring import round_points
from nomercy.core.seeds import derive_seed, short_seed
from nomercy.play.match import Match
from nomercy.core.state import GameState, Phase
from nomercy.widgets.step_player import StepPlayer
from nomercy.widgets._common import (STATIC, GuardedWidget, card_back_svg, card_svg, event_entry, move_entry,
                                     plural)
from nomercy.widgets._table_text import (HOW, HUMAN, kinds_from_names, move_summary, prompt_for, seat_plan,
                                         share_line, status_line, top_card_by)
from nomercy.core.engine import legal_moves, why_illegal

__all__ = ["GameTable"]

_LOG_LINES = 120  # the log shows the latest lines; the full log stays in Python (``table.log_lines``)
_MAX_PACE = 10.0  # seconds between computer moves; the slider goes to 3
UNO_MOMENT = 1.0
"""Seconds, at least, that computers wait before catching a person who has just gone down to one card
(the pace, when it is longer): the person's chance to call UNO first."""
HINT_BUDGET = 100
"""Playouts per hint at the table: about half a second on the first table of 11-play (docs/widgets.md)."""
REVIEW_BUDGET = 40
"""Playouts per decision in the round review at the table (seconds to half a minute for a whole round)."""
REVIEW_SLICE = 0.5
"""Seconds of review work per message: the browser asks again until it is done, showing the progress."""
DAILY_PLAYERS = {"You": HUMAN, "Greedy": "greedy", "Random": "random"}
"""The seats of the deal of the day: the same computer players for everyone."""



def _seconds(pace: Any) -> float:
    """The pace a notebook asked for, as seconds from 0 to 10 (0 plays the computers at once)."""
    if isinstance(pace, bool) or not isinstance(pace, (int, float, str)):
        raise NomercyError(f"pace is a number of seconds between computer moves (0 to {_MAX_PACE:g}), not {pace!r}")
    try:
        seconds = float(pace)
    except ValueError:
        raise NomercyError(f"pace is a number of seconds between computer moves (0 to {_MAX_PACE:g}), "
                           f"not {pace!r}") from None
    if not 0 <= seconds <= _MAX_PACE:
        raise NomercyError(f"pace is a number of seconds between computer moves (0 to {_MAX_PACE:g}), not {pace!r}")
    return seconds


class GameTable(GuardedWidget):
    """A playable table: human seats click, computer seats play through :func:`~nomercy.play.players.next_move`.

    ``rules`` is a profile name (or a :class:`~nomercy.core.rules.RuleSet`) and
    ``overrides`` change single options (``stacking="anything-goes"``). ``players``
    lists each seat's kind: ``"human"`` or a computer kind (``random``, ``greedy``,
    ``expert``); two or more humans share the screen (hot-seat), and a hand is
    hidden until its owner asks to see it. ``pace`` is the pause, in seconds,
    between computer moves in the browser; ``0`` plays them at once (what tests
    use). ``match=True`` plays rounds until someone reaches the score target; undo
    is then off unless ``undo=True`` asks for it. ``coach=True`` adds a Hint
    button, warnings before a regrettable move and a review after the round
    (:mod:`nomercy.play.coach`); ``auto_uno=True`` calls UNO for a person the
    moment they go down to one card. ``save_to="my-game.json"`` saves the round to that file after every
    change and, when the table opens again, resumes it (:mod:`nomercy.play.saved_game`).
    """

    _esm = STATIC / "game_table.js"
    _css = STATIC / "game_table.css"

    table = traitlets.Dict().tag(sync=True)
    log: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    rulings = traitlets.Dict().tag(sync=True)  # ruling id -> title and text, sent once for the log to expand
    prompt = traitlets.Dict().tag(sync=True)
    export = traitlets.Unicode("").tag(sync=True)
    pace = traitlets.Float(0.8).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    auto_uno = traitlets.Bool(False).tag(sync=True)
    coach = traitlets.Bool(False).tag(sync=True)
    advice = traitlets.Dict().tag(sync=True)  # the coach's hint, or a warning holding a move back
    review = traitlets.Dict().tag(sync=True)  # the coach's review of the finished round

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] | Mapping[str, str] = (HUMAN, "greedy", "greedy"),
        *,
        seed: int = 0,
        pace: float = 0.8,
        match: bool = False,
        undo: bool | None = None,
        coach: bool = False,
        auto_uno: bool = False,
        save_to: str | os.PathLike[str] | None = None,
        **overrides: Any,
    ) -> None:
        super().__init__()
        self._save_file = None if save_to is None else SavedGame(save_to)  # a folder or a missing folder: refused now
        self._last_saved: GameRecord | None = None  # the record last written to ``save_to``
        self._save_failed = False
        self._rules = ruleset(rules, **overrides)  # a RuleSet of your own plays as it is
        self._seats, self._kinds = seat_plan(players)
        low, high = self._rules.players
        if not low <= len(self._seats) <= high:
            raise NomercyError(f"{self._rules.name} is for {low} to {high} players, not {len(self._seats)}")
        check_table(self._rules, self._seats, seed)  # what a record of its games could not hold: refused now
        self._seed = self._first_seed = seed
        self._reshuffles = 0  # "Start over" deals from the next seed of a sequence fixed by the first one
        self._is_match = bool(match)
        self._undo_allowed = (not match) if undo is None else bool(undo)
        self._humans = tuple(i for i, k in enumerate(self._kinds) if k == HUMAN)
        self._quiet = False
        self._daily: datetime.date | None = None
        self._now = time.monotonic  # the clock of the UNO moment (tests may replace it)
        self._coach_seed = short_seed(self._first_seed, "coach")
        self._review: coaching.Review | None = None
        self._reviewer: Iterator[coaching.ReviewProgress] | None = None
        self._review_found: list[coaching.ReviewedDecision] = []
        self._review_seat = ""
        self._review_started = 0.0
        self._held: Move | None = None  # a move the coach's warning holds back
        self._imported: str | None = None  # the page's name for the last record it loaded
        self._match: Match | None = None
        with self.hold_sync():
            self.rulings = {r.id: {"title": r.title, "text": r.text} for r in RULINGS.values()}
            self.pace = _seconds(pace)
            self.coach = bool(coach)
            self.auto_uno = bool(auto_uno)
            self._new_match(self._seed)
            if self._save_file is not None:
                self._resume(self._save_file)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ public Python API
    @property
    def state(self) -> GameState:
        """The position now (a value: keep it, compare it, step it)."""
        return self._game.state

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._kinds

    @property
    def log_lines(self) -> list[dict[str, Any]]:
        """Every line of this round's log (the widget shows the latest ones)."""
        return list(self._log)

    def record(self) -> GameRecord:
        """This round as a record (rules, seats, seed, dealer, moves) that replays to the same position."""
        return self._game.record()

    def send_intent(self, intent: Mapping[str, Any]) -> str | None:
        """Handle one intent exactly as if the browser had sent it; the refusal reason, or ``None``."""
        return self._handle(dict(intent))

    def move(self, move: str) -> str | None:
        """Make a move in notation for the human seat on screen (``"Player plays red 7"``)."""
        return self.send_intent({"type": "move", "move": move})

    @classmethod
    def deal_of_the_day(cls, date: datetime.date | str | None = None, **options: Any) -> "GameTable":
        """One seeded deal per date, the same for everyone, against the same computer players.

        The seed comes from the date (:func:`~nomercy.core.seeds.derive_seed`, through ``short_seed``);
        ``date`` is a ``datetime.date`` or ``"YYYY-MM-DD"`` (today, in UTC, when left out). When the round
        ends the table shows a short result line to share.

        >>> GameTable.deal_of_the_day("2026-12-01", pace=0).record().seed == GameTable.deal_of_the_day(
        ...     datetime.date(2026, 12, 1), pace=0).record().seed
        True
        """
        if date is None:
            day = datetime.datetime.now(datetime.timezone.utc).date()
        elif isinstance(date, str):
            try:
                day = datetime.date.fromisoformat(date)
            except ValueError:
                raise NomercyError(f"a deal of the day needs a date as YYYY-MM-DD, not {date!r}") from None
        else:
            day = date
        seed = short_seed(day.toordinal(), "deal-of-the-day")
        options.setdefault("coach", True)
        table = cls("no-mercy", DAILY_PLAYERS, seed=seed, **options)
        table._daily = day
        return table

    @classmethod
    def from_record(cls, record: GameRecord | str, players: Mapping[str, str] | None = None,
                    **options: Any) -> "GameTable":
        """A table at the position a saved record (a :class:`GameRecord` or its JSON) reaches, ready to play on.

        Each seat's kind comes from ``players`` (name to kind), or from its name: "Greedy", "Random2" and
        "Expert" are computer players of that kind, any other name is a person.
        """
        rec = GameRecord.from_json(record) if isinstance(record, str) else record
        kinds = kinds_from_names(rec.seats, players)
        table = cls(rec.rules, dict(zip(rec.seats, kinds)), seed=rec.seed, **options)
        reason = table._load(rec)
        if reason:
            raise NomercyError(reason)
        return table

    def review_player(self, index: int, *, move: str = "suggested") -> StepPlayer:
        """A step player at decision ``index`` of the round's review, playing the expert's move (or ``"played"``)."""
        if self._review is None:
            raise NomercyError("there is no review yet: finish the round and click 'Review my round'")
        decision = self._review.decisions[index]
        return StepPlayer(decision.state, moves=[decision.played if move == "played" else decision.suggested])

    def __repr__(self) -> str:
        seats = ",".join(f"{n}:{k}" for n, k in zip(self._seats, self._kinds))
        s = self.state
        where = f"winner={s.seats[s.winner]}" if s.is_over and s.winner is not None else f"turn={s.seats[s.turn]}"
        return (f"<GameTable {self._rules.name} seats={seats} seed={self._seed} "
                f"round={self._round} move={self._game.move_count} {where}>")

    # ------------------------------------------------------------------ messages
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self._handle(content)

    def _handle(self, intent: dict[str, Any]) -> str | None:
        """One intent, as a transaction (:meth:`GuardedWidget._run`): done and drawn whole, or not at all."""
        with self.hold_sync():
            self._quiet = False
            # a computer's move leaves a refusal shown before it on screen; every other click clears it
            return self._run(lambda: self._dispatch(intent), clear_error=intent.get("type") != "advance")

    def _redraw(self) -> None:
        if not self._quiet:
            self._render()
            self._autosave()

    def _dispatch(self, intent: dict[str, Any]) -> str | None:
        kind = intent.get("type")
        handler = self._INTENT_HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            return f"unknown intent {kind!r}: the table understands {', '.join(self.INTENTS)}"
        if kind not in ("advance", "export"):
            self.export = ""
        if kind not in ("advance", "export", "go_ahead", "hint", "review_show"):
            self._held = None  # a move a warning held back is dropped by any other click
            self.advice = {}
        return handler(self, intent)

    # What the browser may send, and what each becomes. The ES module's INTENTS lists the same names
    # (tests/test_widget_contract.py compares them and clicks every control in a browser).
    _INTENT_HANDLERS: dict[str, Any] = {
        "card": lambda self, i: self._click_card(str(i.get("card", ""))),
        "move": lambda self, i: self._click_move(str(i.get("move", ""))),
        "cancel": lambda self, i: self._cancel(),
        "uno": lambda self, i: self._click_uno(),
        "reveal": lambda self, i: self._reveal(),
        "undo": lambda self, i: self._undo(),
        "new_round": lambda self, i: self._new_round(),
        "new_match": lambda self, i: self._start_over(),
        "replay": lambda self, i: self._replay(),
        "export": lambda self, i: self._export(),
        "import_record": lambda self, i: self._import(i.get("record", ""), i.get("ask")),
        "advance": lambda self, i: self._advance(i.get("version")),
        "hint": lambda self, i: self._hint(),
        "go_ahead": lambda self, i: self._go_ahead(),
        "take_back": lambda self, i: self._take_back(),
        "review": lambda self, i: self._review_round(),
        "review_show": lambda self, i: self._review_show(i.get("index")),
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The intents the front end sends: a card clicked, a move button, a prompt cancelled, ..."""

    def _cancel(self) -> None:
        self.prompt = {}

    def _export(self) -> None:
        self.export = self.record().to_json()

    @traitlets.validate("pace")
    def _valid_pace(self, proposal: dict[str, Any]) -> float:
        return min(_MAX_PACE, max(0.0, float(proposal["value"])))

    def _import(self, text: Any, ask: Any = None) -> str | None:
        """Load a record pasted into the Import box: checked whole before the table changes at all.

        ``ask`` is the page's name for this try; the table shows it back (``imported``) once the record is
        loaded, so the page closes its Import panel then, and keeps it open, text and all, on a refusal.
        """
        if isinstance(text, str) and not text.strip():
            return "Paste a game record (the text Export record gives) into the box first."
        record = GameRecord.from_json(text)  # a record that is not one is refused here, in one line
        Game.from_record(record)  # its deal and every move, replayed on the side: the first refusal is named
        self._switch_to(record)
        self._imported = ask if isinstance(ask, str) and len(ask) <= 40 else None
        return self._load(record, "Loaded a saved record")

    def _switch_to(self, record: GameRecord) -> None:
        """Take the seats, rules and seed of a record that was checked whole (nothing here can refuse it)."""
        self._rules = record.rules
        self._kinds = kinds_from_names(record.seats, dict(zip(self._seats, self._kinds)))
        self._seats = tuple(record.seats)
        self._humans = tuple(i for i, k in enumerate(self._kinds) if k == HUMAN)
        self._seed = self._first_seed = record.seed
        self._coach_seed = short_seed(self._first_seed, "coach")
        self._reshuffles = 0
        self._is_match = False

    def _resume(self, save: SavedGame) -> None:
        """Open on the game saved in ``save`` (checked and replayed before the table takes it), or say why not."""
        resumed = save.resume()
        if resumed.record is not None:
            self._switch_to(resumed.record)
            self._load(resumed.record, f"Resumed the game saved in {save.path.name}")
        elif not resumed.saving:
            self._save_file = None  # a file that could not be set aside is never written over
        if resumed.record is None and resumed.note:
            self._note(resumed.note, "note")
            self._show_error(resumed.note)
        self._render()  # the page shows the game resumed (or the note), not the deal made before it
        self._autosave()

    def _autosave(self) -> None:
        """Save the round after a change (``save_to``); a save that fails is said once in the log, and play goes on."""
        if self._save_file is None:
            return
        record = self.record()
        if record == self._last_saved:
            return
        try:
            self._save_file.write(record)
        except (NomercyError, OSError) as error:
            if not self._save_failed:
                self._note(f"This game could not be saved to {self._save_file.path.name} ({error}); play goes on, "
                           "and saving is tried again after every move.", "note")
                self._render()
            self._save_failed = True
            return
        self._last_saved, self._save_failed = record, False

    def _load(self, record: GameRecord, note: str = "Loaded a saved record") -> str | None:
        """Deal the record's round and replay its moves through the engine (a refused move stops it, named)."""
        self._bots = self._make_bots(self._seed)
        self._match = None
        self._start_round(1, self._deal(record.seed, record.dealer))
        for number, text in enumerate(record.moves, 1):
            s = self.state
            try:
                action = s.parse_move(text)
                if action.seat in self._humans:
                    self._marks.append((self._game.move_count, len(self._log), s.seats[action.seat]))
                self._play(action)
            except NomercyError as error:
                return f"record move {number} ({text!r}): {error}"
        self._note(f"{note}: {plural(len(record.moves), 'move')} replayed.", "note")
        self._after_change()
        return None

    @traitlets.observe("pace")
    def _pace_changed(self, change: dict[str, Any]) -> None:
        # Observers swallow exceptions, so this one reports through the widget.
        if change["new"] == 0 and getattr(self, "_game", None) is not None and self._queued is not None:
            self._handle({"type": "advance", "version": self.version})

    # ------------------------------------------------------------------ starting rounds
    def _make_bots(self, seed: int) -> dict[int, Player]:
        return {i: make_player(k, seed=derive_seed(seed, "player", i))
                for i, k in enumerate(self._kinds) if k != HUMAN}

    def _start_over(self) -> None:
        """A new deal: the next seed of this table's own seeded sequence (so a session replays the same)."""
        reshuffles = self._reshuffles + 1
        self._new_match(short_seed(self._first_seed, "table", reshuffles))
        self._reshuffles = reshuffles

    def _replay(self) -> None:
        """The same deal again: this round, from its own seed and dealer (the match's score stays)."""
        self._start_round(self._round, self._deal(self._game.start.seed, self._game.start.dealer))

    def _new_match(self, seed: int) -> None:
        """Deal the first round from ``seed`` (a new match when ``match=True``); the table switches once it is dealt."""
        bots = self._make_bots(seed)
        match = Match.start(self._rules, self._seats, seed=seed) if self._is_match else None
        game = self._deal(match.game.seed if match else seed, match.game.dealer if match else None, bots)
        self._seed, self._bots, self._match = seed, bots, match
        self._start_round(1, game)

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
            self._start_round(self._round + 1, self._deal(short_seed(self._seed, "round", self._round + 1), None))
        return None

    def _deal(self, seed: int, dealer: int | None, bots: Mapping[int, Player] | None = None) -> Game:
        """A round dealt at this table (the check that can fail, made before the table switches to it)."""
        return Game(self._rules, self._seats, seed=seed, dealer=dealer, computers=self._bots if bots is None else bots)

    def _start_round(self, number: int, game: Game) -> None:
        """Put round ``number``, dealt already (:meth:`_deal`), on the table: a fresh log, no marks, no prompt."""
        self._round = number
        self._game = game
        self._log: list[dict[str, Any]] = []
        self._log_sync: list[dict[str, Any]] = []
        self._marks: list[tuple[int, int, str]] = []  # before each human decision: moves, log lines, who
        self._queued: Move | None = None
        self._queued_at = -1
        self._uno_armed = False
        self._exposed: dict[int, float] = {}  # a person who went down to one card, not yet called: since when
        self._held = None
        self._review = None
        self._reviewer = None
        self._last: dict[str, Any] | None = None  # the latest move as the table shows it
        self.advice = {}
        self.review = {}
        self._viewer: int | None = self._humans[0] if len(self._humans) == 1 else None
        self._hidden = len(self._humans) > 1
        self.prompt = {}
        self.export = ""
        self.error = ""
        self._deal_log()
        self._after_change()
        self._render()

    def _deal_log(self) -> None:
        """The deal, as log lines: the events the deal itself produced (first-card effects included)."""
        s = self.state
        self._note(f"Round {self._round} ({s.rules.name} rules, seed {s.seed}).", "round")
        self._log_events(self._game.start_events)

    # ------------------------------------------------------------------ human intents
    def _require_viewer(self) -> int | str:
        if self._hidden or self._viewer is None:
            if self._humans:
                return "The hands are hidden: click 'Show my hand' first."
            return "Every seat is a computer player here: there is nothing to click."
        if self._viewer not in self._humans:
            return "Only human seats are played by clicking."
        return self._viewer

    def _click_card(self, text: str) -> str | None:
        seat = self._require_viewer()
        if isinstance(seat, str):
            return seat
        card = Card.parse(text)
        s = self.state
        plays = [a for a in legal_moves(s) if type(a) is Play and a.seat == seat and a.card is card]
        if not plays:
            probe = Play(seat, card, COLORS[0] if card.is_wild and card.rank is not Rank.WILD_ROULETTE else None)
            reason = why_illegal(s, probe)
            return reason or f"{s.seats[seat]} cannot play {card} now"
        if len(plays) == 1:
            return self._human_move(plays[0])
        self.prompt = prompt_for(s, card, plays)
        return None

    def _click_move(self, text: str) -> str | None:
        seat = self._require_viewer()
        s = self.state
        action = s.parse_move(text)
        if action.seat not in self._humans:
            who = s.seats[seat] if isinstance(seat, int) else "a human seat"
            return f"You can only make moves for {who} here; {s.seats[action.seat]} is a computer player."
        if isinstance(seat, str):
            return seat
        if action.seat != seat:
            return f"It is {s.seats[seat]} at the screen: {s.seats[action.seat]} moves when their hand is shown."
        return self._human_move(action)

    def _click_uno(self) -> str | None:
        seat = self._require_viewer()
        if isinstance(seat, str):
            return seat
        s = self.state
        if seat in s.catchable:
            return self._human_move(CallUno(seat))
        holding = len(s.hands[seat])
        if holding == 2 and s.to_act == seat and any(type(a) is Play and a.seat == seat for a in legal_moves(s)):
            self._uno_armed = not self._uno_armed
            return None
        return why_illegal(s, CallUno(seat)) or f"{s.seats[seat]} has nothing to call"

    def _human_move(self, action: Move, *, confirmed: bool = False) -> str | None:
        s = self.state
        reason = why_illegal(s, action)
        if reason is not None:
            return reason
        if self.coach and not confirmed and self._warn(action):
            return None
        mark = (self._game.move_count, len(self._log), s.seats[action.seat])
        self._play(action)
        self._marks.append(mark)
        if type(action) is Play:
            if self._uno_armed and action.seat in self.state.catchable:
                self._play(CallUno(action.seat))
            self._uno_armed = False
        self.prompt = {}
        self._after_change()
        return None

    # ------------------------------------------------------------------ the coach
    def _warn(self, action: Move) -> bool:
        """Hold ``action`` back when the coach has a warning for it; whether it did."""
        s = self.state
        calls = self.auto_uno or (self._uno_armed and type(action) is Play)
        found = [w for w in coaching.warnings(s, action.seat, action) if not (w.kind == "uno-call" and calls)]
        if not found:
            return False
        self._held = action
        self.prompt = {}
        self.advice = {
            "kind": "warning", "move": s.move_text(action),
            "warnings": [{"kind": w.kind, "text": w.text, "rule": w.rule, "title": w.ruling.title,
                          "chance": round(w.chance * 100)} for w in found],
        }
        return True

    def _go_ahead(self) -> str | None:
        action, self._held = self._held, None
        self.advice = {}
        if action is None:
            return "No move is waiting: the coach's warning was already answered."
        return self._human_move(action, confirmed=True)

    def _take_back(self) -> str | None:
        self._held = None
        self.advice = {}
        return None

    def _hint(self) -> str | None:
        if not self.coach:
            return "The coach is off at this table (start it with coach=True)."
        seat = self._require_viewer()
        if isinstance(seat, str):
            return seat
        s = self.state
        if s.is_over:
            return "The round is over: 'Review my round' shows where the expert would have played otherwise."
        if s.to_act != seat and seat not in s.catchable:
            return f"It is {s.seats[s.to_act]}'s move, not yours: ask for a hint on your turn."  # type: ignore[index]
        started = time.perf_counter()
        tip = coaching.hint(s, seat, seed=self._coach_seed, budget=HINT_BUDGET)
        self.advice = {
            "kind": "hint", "move": tip.text, "reason": tip.reason, "rule": tip.rule, "title": tip.ruling.title,
            "chances": [{"move": c.text, "chance": round(c.win_chance * 100), "margin": round(c.margin * 100),
                         "playouts": c.playouts} for c in tip.chances],
            "noise": tip.noise, "seconds": round(time.perf_counter() - started, 2),
        }
        return None

    def _review_round(self) -> str | None:
        """Review the round a slice at a time (``REVIEW_SLICE`` seconds per message); the browser asks again
        while ``review["running"]``, so the kernel stays free and the table shows how far it got."""
        if not self.coach:
            return "The coach is off at this table (start it with coach=True)."
        s = self.state
        if not s.is_over:
            return "The review comes after the round: finish it first."
        if not self._humans or not self._game.move_count:
            return "There is no decision of a person to review in this round."
        if self._review is not None:
            return None  # done already (a second view, a repeated ask)
        reviewer = self._reviewer
        if isinstance(reviewer, types.GeneratorType) and inspect.getgeneratorstate(reviewer) == inspect.GEN_CLOSED:
            self._reviewer = None  # a slice that failed ended it: start the review again
        if self._reviewer is None:
            seat = self._viewer if self._viewer in self._humans else self._humans[0]
            self._review_seat = s.seats[seat]
            self._reviewer = coaching.reviewing(self._game, seat, seed=self._coach_seed, budget=REVIEW_BUDGET)
            self._review_found = []
            self._review_started = time.perf_counter()
            self.review = {"running": True, "done": 0, "total": 0, "seat": self._review_seat}
        until = time.perf_counter() + REVIEW_SLICE
        done, total = self.review.get("done", 0), self.review.get("total", 0)
        for progress in self._reviewer:
            done, total = progress.done, progress.total
            if progress.decision is not None:
                self._review_found.append(progress.decision)
            if time.perf_counter() >= until:
                self.review = {**self.review, "done": done, "total": total}
                return None
        self._reviewer = None
        result = coaching.Review(self._review_seat, done, tuple(self._review_found), REVIEW_BUDGET, self._coach_seed)
        self._review = result
        self.review = {
            "running": False, "done": done, "total": total,
            "seat": result.seat, "looked_at": result.looked_at, "budget": result.budget, "seed": result.seed,
            "seconds": round(time.perf_counter() - self._review_started, 1), "open": None, "board": "",
            "decisions": [{
                "number": d.number, "played": d.played, "suggested": d.suggested, "reason": d.reason,
                "rule": d.rule, "played_chance": round(d.played_chance.win_chance * 100),
                "suggested_chance": round(d.suggested_chance.win_chance * 100),
                "difference": round(d.difference * 100), "margin": round(d.margin * 100), "clear": d.clear,
            } for d in result.decisions],
        }
        return None

    def _review_show(self, index: Any) -> str | None:
        from nomercy.teaching.pictures import state_html

        result = self._review
        if result is None:
            return "There is no review yet: click 'Review my round' first."
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(result.decisions):
            return f"the review has decisions 0 to {len(result.decisions) - 1}, not {index!r}"
        decision = result.decisions[index]
        self.review = {**self.review, "open": index, "board": state_html(decision.state.view(result.seat), inline=True)}
        return None

    # ------------------------------------------------------------------ the UNO moment
    def _uno_window(self) -> float:
        return max(self.pace, UNO_MOMENT)

    def _watch_exposed(self) -> None:
        """Note when a person goes down to one card without calling UNO (by any move), and when that ends."""
        s = self.state
        now = self._now()
        self._exposed = {seat: since for seat, since in self._exposed.items() if seat in s.catchable}
        for seat in s.catchable:
            if seat in self._humans:
                self._exposed.setdefault(seat, now)

    def _uno_wait(self) -> float:
        """Seconds before a computer may catch a person who went down to one card (0 when none may be)."""
        now = self._now()
        return max((self._uno_window() - (now - since) for since in self._exposed.values()), default=0.0)

    def _too_early(self, action: Move) -> bool:
        """A computer's catch of a person inside their UNO moment: refused until the moment has passed."""
        if type(action) is not Catch or action.target not in self._exposed:
            return False
        return self._now() - self._exposed[action.target] < self._uno_window()

    def _auto_call(self) -> None:
        if not self.auto_uno:
            return
        for seat in self._humans:
            if seat in self.state.catchable and CallUno(seat) in legal_moves(self.state):
                self._play(CallUno(seat))

    def _reveal(self) -> str | None:
        s = self.state
        if not self._hidden and (s.is_over or s.to_act == self._viewer or s.to_act not in self._humans):
            return None
        if s.is_over:
            self._hidden = False
            return None
        actor = s.to_act
        assert actor is not None  # the round is not over
        if actor not in self._humans:
            return f"{s.seats[actor]} (a computer player) is still to move."
        self._viewer = actor
        self._hidden = False
        return None

    def _undo(self) -> str | None:
        if not self._undo_allowed:
            return "Undo is off in match play (start the table with undo=True to allow it)."
        if not self._marks:
            return "There is nothing of yours to take back yet."
        moves, lines, _ = self._marks.pop()
        while self._game.move_count > moves:
            self._game.undo()
        del self._log[lines:]
        del self._log_sync[lines:]
        self._queued = None
        self._uno_armed = False
        self._exposed = {}
        self._watch_exposed()
        self._last = None
        self.prompt = {}
        self._note("The last decision was taken back (undo); so were the computer moves after it.", "undo")
        self._after_change(run_computers=False)
        return None

    # ------------------------------------------------------------------ computer turns
    def _advance(self, version: Any) -> str | None:
        """One computer move, asked for by the browser after ``pace`` seconds (stale asks are ignored)."""
        if (version is not None and version != self.version) or self.state.is_over or self._queued is None:
            self._quiet = True  # a stale or duplicate ask (two views, an old timer): nothing to show
            return None
        self._step_computer()
        return None

    def _step_computer(self) -> bool:
        action = self._queued
        if action is None or self._queued_at != self._game.move_count:
            action = self._game.next_computer_move()
        self._queued = None
        if action is None:
            return False
        if self._too_early(action):  # the person's UNO moment is still on: ask again when it is over
            self._queued, self._queued_at = action, self._game.move_count
            return False
        self._play(action)
        self._after_change()
        return True

    def _after_change(self, *, run_computers: bool = True) -> None:
        """After any move: let the computers play (at once, or one per ``advance``), then settle the screen."""
        self._queued = None
        self._auto_call()
        if not self.state.is_over:
            if self.pace == 0 and run_computers:
                # One computer move at a time (Game.advance), so a catch inside a person's UNO moment waits.
                while not self.state.is_over:
                    move = self._game.next_computer_move()
                    if move is None:
                        break
                    if self._too_early(move):
                        self._queued, self._queued_at = move, self._game.move_count
                        break
                    self._play(move)
                    self._auto_call()
            elif not self.state.is_over:
                self._queued = self._game.next_computer_move()
                self._queued_at = self._game.move_count
        self._settle_screen()

    def _settle_screen(self) -> None:
        """Who sees their hand: the only human always; in hot-seat, only after asking."""
        s = self.state
        if not self._humans:
            self._viewer = None if s.is_over else s.to_act
            self._hidden = False
        elif len(self._humans) == 1:
            self._viewer, self._hidden = self._humans[0], False
        elif s.is_over:
            self._hidden = False
        elif s.to_act != self._viewer and self._viewer not in self._exposed:
            self._hidden = True  # (a person who must still call UNO keeps the screen for that moment)

    # ------------------------------------------------------------------ applying and logging
    def _play(self, action: Move) -> None:
        before = self.state
        events = self._game.play(action)  # the game shows the move to the computers that remember
        self._log_events(events)
        self._last = {**move_summary(before, action, events), "computer": action.seat not in self._humans,
                      "n": self._game.move_count}
        self._held = None
        self.advice = {}
        self._watch_exposed()

    def _log_events(self, events: Sequence[ev.Event]) -> None:
        for event in events:
            self._add_line(event_entry(event, len(self._log) + 1))

    def _note(self, sentence: str, kind: str = "note") -> None:
        self._add_line(move_entry(sentence, len(self._log) + 1, kind=kind))

    def _add_line(self, line: dict[str, Any]) -> None:
        self._log.append(line)
        # The browser gets the line without the ruling's words: those travel once, in ``rulings``.
        self._log_sync.append({k: v for k, v in line.items() if k not in ("title", "text")})

    # ------------------------------------------------------------------ what the browser shows
    def _render(self) -> None:
        with self.hold_sync():
            self.table = self._snapshot()
            self.log = self._log_sync[-_LOG_LINES:]
            self.version = self.version + 1

    def _snapshot(self) -> dict[str, Any]:
        s = self.state
        rules = s.rules
        viewer = None if self._hidden else self._viewer
        human_viewer = viewer is not None and viewer in self._humans
        legal = legal_moves(s)
        seats = []
        for i, name in enumerate(s.seats):
            count = len(s.hands[i])
            catch = ""
            if human_viewer and i in s.catchable and Catch(viewer, i) in legal:  # type: ignore[arg-type]
                catch = s.move_text(Catch(viewer, i))  # type: ignore[arg-type]
            seats.append({
                "name": name, "kind": self._kinds[i], "count": count, "out": i in s.out,
                "turn": i == s.turn and not s.is_over, "viewer": i == viewer,
                "uno": i in s.catchable, "winner": s.winner == i, "catch": catch,
                "back": card_back_svg(24, rules.deck),
            })
        hand: list[dict[str, Any]] = []
        if viewer is not None and viewer not in s.out:
            playable = {a.card for a in legal if type(a) is Play and a.seat == viewer}
            drawn = s.drawn if s.turn == viewer and s.phase in (Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY) else None
            for card in sorted(s.hands[viewer]):
                is_drawn = card is drawn
                hand.append({
                    "card": str(card), "playable": card in playable, "drawn": is_drawn,
                    "svg": card_svg(card, None, 64, card in playable, is_drawn),
                })
        top = s.top_card
        return {
            "rules": rules.name, "round": self._round, "match": self._is_match,
            "seats": seats, "viewer": None if viewer is None else s.seats[viewer],
            "watching": viewer is not None and viewer not in self._humans,
            "hidden": self._hidden, "reveal_for": self._reveal_for(),
            "hand": hand, "hand_label": self._hand_label(viewer), "buttons": self._buttons(viewer if human_viewer else None),
            "top": str(top), "top_svg": card_svg(top, s.color if top.is_wild else None, 84, False, False),
            "color": None if s.color is None else s.color.value,
            "direction": s.direction_name, "order": self._order(),
            "pending": s.pending, "stack_value": s.stack_value, "draw_pile": len(s.draw_pile),
            "set_aside": len(s.set_aside), "deck_svg": card_back_svg(56, rules.deck),
            "mercy_limit": rules.mercy_limit, "turn": None if s.is_over else s.seats[s.turn],
            "phase": s.phase.value, "status": self._status(viewer), "waiting": self._waiting(),
            "uno_armed": self._uno_armed, "undo": self._undo_allowed, "can_undo": bool(self._marks),
            "undo_label": self._undo_label(),
            "moves": self._game.move_count, "over": self._over(),
            "last": self._last, "top_by": top_card_by(self._game.events),
            "uno_wait": round(max(0.0, self._uno_wait()), 2) if self._queued is not None else 0.0,
            "uno_moment": human_viewer and viewer in self._exposed,
            "can_hint": bool(self.coach and human_viewer and not s.is_over
                             and (s.to_act == viewer or viewer in s.catchable)),
            "daily": None if self._daily is None else self._daily.isoformat(),
            "imported": self._imported,
        }

    def _hand_label(self, viewer: int | None) -> str:
        if viewer is None:
            return ""
        if viewer not in self._humans:
            return f"{self._seats[viewer]}'s hand (watching a computer player)"
        return "Your hand" if len(self._humans) == 1 else f"{self._seats[viewer]}'s hand"

    def _order(self) -> list[str]:
        s = self.state
        active = [s.seats[i] for i in range(len(s.seats)) if i not in s.out]
        return active if s.direction == 1 else active[::-1]

    def _reveal_for(self) -> str | None:
        s = self.state
        if s.is_over or not self._humans or len(self._humans) < 2:
            return None
        if not self._hidden and s.to_act == self._viewer:
            return None
        return s.seats[s.to_act] if s.to_act in self._humans else None

    def _waiting(self) -> str:
        if self.state.is_over:
            return "over"
        if self._queued is not None:
            return "computer"
        if self._hidden:
            return "hidden"
        return "human"

    def _buttons(self, viewer: int | None) -> list[dict[str, Any]]:
        s = self.state
        if viewer is None or s.is_over or viewer in s.out:
            return []
        buttons: list[dict[str, Any]] = []
        if s.to_act == viewer:
            phase = s.phase
            if phase is Phase.TURN and Draw(viewer) in legal_moves(s):  # shown only when the rules allow it
                label = f"Take the {s.pending} cards" if s.pending else "Draw"
                buttons.append({"id": "draw", "label": label, "move": s.move_text(Draw(viewer)), "primary": not any(
                    type(a) is Play and a.seat == viewer for a in legal_moves(s))})
                if Challenge(viewer) in legal_moves(s):
                    buttons.append({"id": "challenge", "label": "Challenge the wild +4",
                                    "move": s.move_text(Challenge(viewer))})
            elif phase is Phase.KEEP_OR_PLAY:
                buttons.append({"id": "pass", "label": f"Keep {s.drawn}", "move": s.move_text(Pass(viewer))})
            elif phase in (Phase.NAME_ROULETTE, Phase.NAME_FIRST_COLOR):
                for color in COLORS:
                    buttons.append({"id": f"name-{color.value}", "label": f"Name {color.value}",
                                    "move": s.move_text(NameColor(viewer, color)), "color": color.value})
        # UNO only when it means something: holding one card not yet called, or two on your turn with a play.
        two_to_play = (len(s.hands[viewer]) == 2 and s.to_act == viewer
                       and any(type(a) is Play and a.seat == viewer for a in legal_moves(s)))
        if viewer in s.catchable or two_to_play:
            buttons.append({"id": "uno", "label": "Call UNO", "intent": "uno", "armed": self._uno_armed,
                            "primary": True})
        return buttons

    def _undo_label(self) -> str:
        """What the undo button takes back; in hot-seat, whose move that is."""
        if len(self._humans) < 2 or not self._marks:
            return "Undo my last move"
        return f"Undo {self._marks[-1][2]}'s last move"

    def _status(self, viewer: int | None) -> str:
        if self.prompt.get("title"):  # a color or a seat still to choose: say so, not the line before the click
            return f"{self.prompt['title']} Choose below, or Cancel."
        if self.advice.get("kind") == "warning":
            return f"The coach holds your move back ({self.advice['move']}): read the warning, then decide."
        return status_line(self.state, viewer, self._kinds, self._humans,
                           hidden=self._hidden, reveal_for=self._reveal_for())

    def _over(self) -> dict[str, Any] | None:
        s = self.state
        if not s.is_over or s.winner is None:
            return None
        points = round_points(s)
        standings: list[dict[str, Any]] = []
        match_winner = None
        if self._match is not None:
            match = self._match.with_game(s)
            standings = [{"name": n, "score": v} for n, v in match.standings.items()]
            match_winner = match.winner
        hands = [{"name": s.seats[i], "count": len(h), "points": sum(c.points for c in h),
                  "out": i in s.out, "cards": [card_svg(c, None, 30, False, False) for c in sorted(h)]}
                 for i, h in enumerate(s.hands) if i != s.winner]
        return {
            "winner": s.seats[s.winner], "how": HOW.get(s.end_reason or "", s.end_reason or ""),
            "reason": s.end_reason, "points": points, "knockouts": len(s.out),
            "standings": standings, "target": s.rules.score_target, "match_winner": match_winner,
            "hands": hands, "review": self.coach and bool(self._humans),
            "share": (share_line(s, s.seats[self._humans[0]], self._daily.isoformat(), self._game.move_count)
                      if self._daily is not None and self._humans else ""),
        }
