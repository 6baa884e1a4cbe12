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

from typing import Any, Mapping, Sequence

import anywidget
import traitlets

from nomercy.core import events as ev
from nomercy.core.moves import Move, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play
from nomercy.core.cards import COLORS, Card, Rank
from nomercy.core.errors import NomercyError
from nomercy.play.game import Game, GameRecord
from nomercy.play.players import Player, make_player
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.scoring import round_points
from nomercy.core.seeds import derive_seed, short_seed
from nomercy.play.match import Match
from nomercy.core.state import GameState, Phase
from nomercy.widgets._common import STATIC, card_back_svg, card_svg, event_entry, guarded, move_entry
from nomercy.widgets._table_text import HOW, HUMAN, prompt_for, seat_plan, status_line
from nomercy.core.engine import legal_moves, why_illegal

__all__ = ["GameTable"]

_LOG_LINES = 120  # the log shows the latest lines; the full log stays in Python (``table.log_lines``)
_MAX_PACE = 10.0  # seconds between computer moves; the slider goes to 3



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


class GameTable(anywidget.AnyWidget):
    """A playable table: human seats click, computer seats play through :func:`~nomercy.play.players.next_move`.

    ``rules`` is a profile name (or a :class:`~nomercy.core.rules.RuleSet`) and
    ``overrides`` change single options (``stacking="anything-goes"``). ``players``
    lists each seat's kind: ``"human"`` or a computer kind (``random``, ``greedy``,
    ``expert``); two or more humans share the screen (hot-seat), and a hand is
    hidden until its owner asks to see it. ``pace`` is the pause, in seconds,
    between computer moves in the browser; ``0`` plays them at once (what tests
    use). ``match=True`` plays rounds until someone reaches the score target; undo
    is then off unless ``undo=True`` asks for it.
    """

    _esm = STATIC / "game_table.js"
    _css = STATIC / "game_table.css"

    table = traitlets.Dict().tag(sync=True)
    log: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    rulings = traitlets.Dict().tag(sync=True)  # ruling id -> title and text, sent once for the log to expand
    prompt = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    export = traitlets.Unicode("").tag(sync=True)
    pace = traitlets.Float(0.8).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] | Mapping[str, str] = (HUMAN, "greedy", "greedy"),
        *,
        seed: int = 0,
        pace: float = 0.8,
        match: bool = False,
        undo: bool | None = None,
        **overrides: Any,
    ) -> None:
        super().__init__()
        self._rules = ruleset(rules, **overrides)  # a RuleSet of your own plays as it is
        self._seats, self._kinds = seat_plan(players)
        low, high = self._rules.players
        if not low <= len(self._seats) <= high:
            raise NomercyError(f"{self._rules.name} is for {low} to {high} players, not {len(self._seats)}")
        self._seed = self._first_seed = int(seed)
        self._reshuffles = 0  # "Start over" deals from the next seed of a sequence fixed by the first one
        self._is_match = bool(match)
        self._undo_allowed = (not match) if undo is None else bool(undo)
        self._humans = tuple(i for i, k in enumerate(self._kinds) if k == HUMAN)
        self._last_traceback = ""
        self._quiet = False
        with self.hold_sync():
            self.rulings = {r.id: {"title": r.title, "text": r.text} for r in RULINGS.values()}
            self.pace = _seconds(pace)
            self._new_match()
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
        with self.hold_sync():
            self._quiet = False
            reason = self._dispatch(intent)
            if intent.get("type") != "advance" or reason:
                self.error = reason or ""
            if not self._quiet:
                self._render()
            return reason

    @guarded
    def _dispatch(self, intent: dict[str, Any]) -> str | None:
        kind = intent.get("type")
        handler = self._INTENT_HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            return f"unknown intent {kind!r}: the table understands {', '.join(self.INTENTS)}"
        if kind not in ("advance", "export"):
            self.export = ""
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
        "advance": lambda self, i: self._advance(i.get("version")),
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

    @traitlets.observe("pace")
    def _pace_changed(self, change: dict[str, Any]) -> None:
        # Observers swallow exceptions, so this one reports through the widget.
        if change["new"] == 0 and getattr(self, "_game", None) is not None and self._queued is not None:
            self._handle({"type": "advance", "version": self.version})

    # ------------------------------------------------------------------ starting rounds
    def _make_bots(self) -> dict[int, Player]:
        return {i: make_player(k, seed=derive_seed(self._seed, "player", i))
                for i, k in enumerate(self._kinds) if k != HUMAN}

    def _start_over(self) -> None:
        """A new deal: the next seed of this table's own seeded sequence (so a session replays the same)."""
        self._reshuffles += 1
        self._seed = short_seed(self._first_seed, "table", self._reshuffles)
        self._new_match()

    def _replay(self) -> None:
        """The same deal again: this round, from its own seed and dealer (the match's score stays)."""
        self._start_round(self._round, self._game.start.seed, self._game.start.dealer)

    def _new_match(self) -> None:
        """Deal the first round from the table's seed (a new match when ``match=True``)."""
        self._bots = self._make_bots()
        self._match: Match | None = None
        if self._is_match:
            self._match = Match.start(self._rules, self._seats, seed=self._seed)
            game = self._match.game
            self._start_round(1, game.seed, game.dealer)
        else:
            self._start_round(1, self._seed, None)

    def _new_round(self) -> str | None:
        if not self.state.is_over:
            return "The round is still being played: finish it before dealing the next one."
        if self._match is not None:
            match = self._match.with_game(self.state)
            if match.is_over:
                return f"The match is over: {match.winner} reached {match.target} points. Start a new match."
            self._match = match.next_round()
            self._start_round(self._match.round_number, self._match.game.seed, self._match.game.dealer)
        else:
            self._start_round(self._round + 1, short_seed(self._seed, "round", self._round + 1), None)
        return None

    def _start_round(self, number: int, seed: int, dealer: int | None) -> None:
        self._round = number
        self._game = Game(self._rules, self._seats, seed=seed, dealer=dealer, computers=self._bots)
        self._log: list[dict[str, Any]] = []
        self._log_sync: list[dict[str, Any]] = []
        self._marks: list[tuple[int, int, str]] = []  # before each human decision: moves, log lines, who
        self._queued: Move | None = None
        self._queued_at = -1
        self._uno_armed = False
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

    def _human_move(self, action: Move) -> str | None:
        s = self.state
        reason = why_illegal(s, action)
        if reason is not None:
            return reason
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

    def _reveal(self) -> str | None:
        if not self._hidden:
            return None
        s = self.state
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
        self._play(action)
        self._after_change()
        return True

    def _after_change(self, *, run_computers: bool = True) -> None:
        """After any move: let the computers play (at once, or one per ``advance``), then settle the screen."""
        self._queued = None
        if not self.state.is_over:
            if self.pace == 0 and run_computers:
                before = self._game.move_count
                self._game.play_computers()
                for events in self._game.events_after(before):
                    self._log_events(events)
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
        elif s.to_act != self._viewer:
            self._hidden = True

    # ------------------------------------------------------------------ applying and logging
    def _play(self, action: Move) -> None:
        self._log_events(self._game.play(action))  # the game shows the move to the computers that remember

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
        if not self._hidden or s.is_over:
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
            "hands": hands,
        }
