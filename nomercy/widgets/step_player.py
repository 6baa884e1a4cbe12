"""The step-through player: walk through a puzzle's moves or a game record, one event at a time.

Each step is one event: its plain-language sentence, the ruling behind it and
the table after the move that caused it. Forward and back are free, so a
notebook can show a worked example and let the reader replay it at their pace.

>>> player = StepPlayer("stack-2-4-6")
>>> player
<StepPlayer stack-2-4-6 step 1 of 9>
>>> player.last().frame["sentence"]
'D loses the turn.'
>>> player.first().frame["sentence"]
"The starting position: it is A's turn."
"""

from __future__ import annotations

from typing import Any, Sequence

import traitlets

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, brief
from nomercy.core.events import Event
from nomercy.play.game import Game, GameRecord
from nomercy.play.transcript import Frame, Transcript
from nomercy.puzzles.puzzle import find_puzzle
from nomercy.core.rulebook import RULINGS
from nomercy.core.state import GameState
from nomercy.core.wording import option_words
from nomercy.widgets._common import STATIC, GuardedWidget, style_sheet

__all__ = ["StepPlayer", "board_html"]


def board_html(state: GameState) -> str:
    """The table at one step, drawn by the one renderer (raw SVG, as widgets want)."""
    from nomercy.teaching.pictures import state_html

    return state_html(state, inline=True)


class StepPlayer(GuardedWidget):
    """Step through a puzzle, a :class:`~nomercy.play.game.GameRecord`, a game table's round, or moves from a position.

    ``StepPlayer("stack-2-4-6")``, ``StepPlayer(record)``, ``StepPlayer(table)``
    or ``StepPlayer(state, moves=[...])``. Buttons and the arrow keys (Home/End
    too) move one event at a time; :meth:`next`, :meth:`prev` and :meth:`goto` do
    the same from Python.
    """

    _esm = STATIC / "step_player.js"
    _css = style_sheet("step_player.css")

    info = traitlets.Dict().tag(sync=True)
    frame = traitlets.Dict().tag(sync=True)

    def __init__(self, source: Any, *, moves: Sequence[str] | None = None, title: str | None = None) -> None:
        super().__init__()
        start, move_list, info, opening = _source(source, moves)
        if title is not None:
            info["title"] = title
        self._name = info.get("id") or info.get("title") or "moves"
        self._frames = Transcript.of_moves(start, move_list, opening=opening).frames()
        self._boards: dict[int, str] = {}
        self._index = 0
        info["moves"] = list(move_list)
        info["count"] = len(self._frames)
        self.info = info
        self._show()
        self.on_msg(self._on_msg)

    # --- Python API -------------------------------------------------------------
    @property
    def frames(self) -> list[Frame]:
        return list(self._frames)

    @property
    def index(self) -> int:
        return self._index

    def goto(self, index: int) -> "StepPlayer":
        """Go to step ``index`` (from 0); a step that is not there is refused (``next`` and ``prev`` stop at the ends)."""
        self._raise_on_refusal(self.send_intent({"type": "goto", "index": index}))
        return self

    def next(self) -> "StepPlayer":
        self.send_intent({"type": "next"})
        return self

    def prev(self) -> "StepPlayer":
        self.send_intent({"type": "prev"})
        return self

    def first(self) -> "StepPlayer":
        self.send_intent({"type": "first"})
        return self

    def last(self) -> "StepPlayer":
        self.send_intent({"type": "last"})
        return self

    def send_intent(self, intent: dict[str, Any]) -> str | None:
        """Handle one intent as if the browser had sent it; the refusal, or ``None``."""
        with self.hold_sync():
            return self._run(lambda: self._dispatch(inputs.intent(intent, self.INTENTS, "the step player")))

    def __repr__(self) -> str:
        return f"<StepPlayer {self._name} step {self._index + 1} of {len(self._frames)}>"

    # --- messages -----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.send_intent(content)

    def _dispatch(self, intent: dict[str, Any]) -> str | None:
        kind = intent.get("type")
        if not isinstance(kind, str) or kind not in self.INTENTS:
            return f"unknown intent {kind!r}: the step player understands {', '.join(self.INTENTS)}"
        last = len(self._frames) - 1
        index = self._index
        if kind == "next":
            if index == last:
                return "This is the last step."
            index += 1
        elif kind == "prev":
            if index == 0:
                return "This is the first step."
            index -= 1
        elif kind == "first":
            index = 0
        elif kind == "last":
            index = last
        else:  # goto
            index = intent.get("index", 0)
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= last:
                return f"There is no step {brief(index)}: the steps go from 0 to {last}."
        self.frame = frame_dict(self._frames, index, self._boards)  # drawn first: the step moves once it is
        self._index = index
        return None

    INTENTS: tuple[str, ...] = ("next", "prev", "first", "last", "goto")
    """The intents the front end sends (the ES module's INTENTS lists the same names)."""

    def _show(self) -> None:
        self.frame = frame_dict(self._frames, self._index, self._boards)


def frame_dict(frames: Sequence[Frame], index: int, boards: dict[int, str]) -> dict[str, Any]:
    """What the browser shows for one frame (boards are drawn once and kept in ``boards``)."""
    frame = frames[index]
    # Frames of the same move share the table after it: draw it once.
    key = frame.move_number
    if key not in boards:
        boards[key] = board_html(frame.state)
    ruling = RULINGS.get(frame.rule)
    return {
        "index": index, "count": len(frames), "move": frame.move, "move_number": frame.move_number,
        "sentence": frame.sentence, "rule": frame.rule, "refused": frame.refused,
        "title": option_words(ruling.title) if ruling else "", "text": option_words(ruling.text) if ruling else "",
        "board": boards[key],
    }


def _source(source: Any, moves: Sequence[str] | None) -> tuple[GameState, list[str], dict[str, Any], tuple[Event, ...]]:
    """The start, the moves, the player's title and words, and the deal's own events (a record's first card:
    the step-through starts with them, as the game's transcript does; a puzzle or a position has none)."""
    if callable(getattr(source, "record", None)):  # a game table (which opens step players: no import back)
        source = source.record()
    if isinstance(source, Game):
        source = source.record()
    if isinstance(source, GameRecord):
        game = Game(source.rules, source.seats, seed=source.seed, dealer=source.dealer)
        info = {"title": f"{source.rules.name} game, seed {source.seed}", "question": "", "explanation": "",
                "kind": "record"}
        return game.start, list(source.moves if moves is None else moves), info, game.start_events
    if isinstance(source, GameState):
        return source, list(moves or ()), {"title": "Moves from a position", "question": "", "explanation": "",
                                           "kind": "moves"}, ()
    puzzle = find_puzzle(source)
    info = {"id": puzzle.id, "title": puzzle.title, "question": puzzle.question,
            "explanation": puzzle.explanation, "kind": "puzzle"}
    return puzzle.position(), list(puzzle.moves if moves is None else moves), info, ()
