"""The puzzle board: a position, a question, and an answer checked by replaying the engine.

The learner answers by choosing among options (when the puzzle offers options
that carry an answer) or by entering the values asked for. Either way the
answer goes through :func:`nomercy.puzzles.puzzle.check_answer`, which replays the
moves, so any correct answer counts, not only the one written in the file. The
feedback says what really happens, event by event with the ruling behind each,
and "Show me" steps through it. A picked option stays pressed, and when it is
wrong the feedback names the misreading it stands for (the option's ``why``).
What the story claims about earlier moments (``before``) is stated, never asked.

A best-move puzzle (``kind: best-move``) shows the table as the seat to move sees it
(the other hands face down) and its candidate moves as the options. Picking one
tells whether it is the expert's best move, why a wrong one is wrong, and the
expert's estimated chance to win with each move, with its noise; "Show me" plays
the best move.

>>> best = PuzzleBoard("bm-keep-your-seven")
>>> best.puzzle["kind"], [c["label"] for c in best.puzzle["choices"]]
('best-move', ['A plays red 5', 'A plays red 7 swapping with B'])
>>> best.choose(1)
>>> best.feedback["correct"], best.feedback["why"]
(False, 'Where this goes wrong: The swap hands your red 5 to B, who plays it on the red 7 and wins at once.')
>>> best.feedback["estimates"][0]
'A plays red 5: about 27% to win the round (± 6 points)'

>>> board = PuzzleBoard("stack-2-4-6")
>>> board
<PuzzleBoard stack-2-4-6>
>>> board.answer({"hand_size": {"D": 20}, "pending": 0, "turn": "A"})
>>> board.feedback["correct"]
True
>>> board.answer({"hand_size": {"D": "19"}, "pending": 0, "turn": "A"})
>>> board.feedback["correct"], board.feedback["problems"][0]
(False, 'Cards D holds: you answered 19, but it is 20.')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

import traitlets

from nomercy.core.moves import seat_index
from nomercy.core.cards import COLORS, Card, Color, parse_cards
from nomercy.core.errors import NomercyError, brief
from nomercy.puzzles.answers import ANSWER_KEYS, truth
from nomercy.puzzles.best_move import Verdict, decision_position
from nomercy.puzzles.puzzle import Puzzle, check_answer, load_puzzles
from nomercy.core.state import GameState
from nomercy.play.table_text import event_entry
from nomercy.widgets._common import STATIC, GuardedWidget, card_back_svg, card_svg
from nomercy.play.transcript import Frame, Transcript
from nomercy.puzzles.puzzle import find_puzzle
from nomercy.teaching.pictures import state_html
from nomercy.widgets.step_player import board_html, frame_dict
from nomercy.core.engine import why_illegal

__all__ = ["PuzzleBoard", "puzzle", "answer_fields", "read_answer", "describe_truth"]

_NOT_ASKED = ("before",)
"""Answer keys that pin the story rather than ask the learner."""

def _label(key: str) -> str:
    """A learner's name for an answer part: ``hand_size.D`` -> ``Cards D holds``."""
    head, _, seat = key.partition(".")
    return ANSWER_KEYS[head].label_for(seat or None) if head in ANSWER_KEYS else head


def answer_fields(puzzle: Puzzle) -> list[dict[str, Any]]:
    """The inputs the board shows, one per answer key the puzzle asks about.

    ``before`` is not asked: it pins what the story says about earlier moments (the feedback states it).
    """
    seats = list(puzzle.players)
    fields: list[dict[str, Any]] = []
    if puzzle.is_best_move:
        return fields  # the learner picks one of the candidate moves
    for key, value in puzzle.answer.items():
        if key in _NOT_ASKED:
            continue
        field: dict[str, Any] = {"key": key, "label": _label(key)}
        if key in ("turn", "winner"):
            field["kind"] = "choice"
            field["options"] = [{"value": s, "label": s} for s in seats]
            if key == "winner":
                field["options"].append({"value": None, "label": "nobody yet"})
        elif key == "direction":
            field.update(kind="choice", options=[{"value": d, "label": d} for d in ("clockwise", "counterclockwise")])
        elif key == "color":
            field.update(kind="choice", options=[{"value": c.value, "label": c.value, "color": c.value} for c in COLORS])
        elif key in ("pending", "draw_pile_size"):
            field.update(kind="number")
        elif key in ("hand_size", "score"):
            field.update(kind="numbers", seats=[str(s) for s in value],
                         label="Cards held" if key == "hand_size" else "Points scored")
        elif key == "hand":
            field.update(kind="cards", seats=[str(s) for s in value], label="Cards held (comma-separated)")
        elif key == "playable":
            field.update(kind="cards", seats=[str(s) for s in value], label="Cards they can play (or none)")
        elif key == "top":
            field.update(kind="card")
        elif key == "eliminated":
            field.update(kind="seats", options=[{"value": s, "label": s} for s in seats])
        elif key == "illegal":
            field.update(kind="choice", options=[{"value": m, "label": m} for m in puzzle.moves])
        fields.append(field)
    return fields


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise NomercyError(f"{what}: enter a whole number")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not re.fullmatch(r"\d+", text):
        raise NomercyError(f"{what}: enter a whole number, not {text!r}" if text else f"{what}: enter a number")
    return int(text)


def read_answer(puzzle: Puzzle, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A learner's entries, checked for form (not for truth) and put in the answer format."""
    seats = puzzle.players
    answer: dict[str, Any] = {}
    missing = [_label(k) for k in puzzle.answer if k not in raw and k not in _NOT_ASKED]
    if missing:
        raise NomercyError(f"Answer every part first: {', '.join(missing)}.")
    for key, value in raw.items():
        if key not in ANSWER_KEYS or key in _NOT_ASKED:
            raise NomercyError(f"{key!r} is not something a puzzle asks about")
        if key in ("hand_size", "score", "hand", "playable"):
            _require_every_seat(key, puzzle.answer.get(key), value)
        if key in ("turn", "winner"):
            if value in (None, ""):
                if key == "turn":
                    raise NomercyError("Whose turn: pick a seat.")
                answer[key] = None
            else:
                answer[key] = seats[seat_index(str(value), seats)]
        elif key in ("direction", "color", "illegal"):
            if value in (None, ""):
                raise NomercyError(f"{_label(key)}: pick one.")
            answer[key] = str(value)
            if key == "color":
                Color.parse(answer[key])
        elif key in ("pending", "draw_pile_size"):
            answer[key] = _number(value, _label(key))
        elif key in ("hand_size", "score"):
            answer[key] = {seats[seat_index(str(s), seats)]: _number(v, _label(f"{key}.{s}"))
                           for s, v in dict(value).items()}
        elif key == "hand":
            answer[key] = {seats[seat_index(str(s), seats)]: [str(c) for c in parse_cards(v if isinstance(v, (list, tuple)) else str(v))]
                           for s, v in dict(value).items()}
        elif key == "playable":
            answer[key] = {seats[seat_index(str(s), seats)]: _playable_entry(v) for s, v in dict(value).items()}
        elif key == "top":
            answer[key] = str(Card.parse(str(value)))
        elif key == "eliminated":
            answer[key] = sorted(seats[seat_index(str(s), seats)] for s in (value or []))
    return answer


def _playable_entry(value: Any) -> list[str]:
    """The cards a learner says a seat can play: a list, card text, or "none"."""
    if isinstance(value, (list, tuple)):
        return [str(Card.parse(str(c))) for c in value]
    text = str(value).strip()
    return [] if text.lower() in ("none", "nothing", "-") else [str(c) for c in parse_cards(text)]


def _require_every_seat(key: str, asked: Any, given: Any) -> None:
    """A per-seat part is answered only when every seat it asks about has a value."""
    if not isinstance(given, Mapping):
        raise NomercyError(f"{_label(key)}: give a value for each seat.")
    wanted = [str(seat) for seat in (asked or {})]
    blank = [seat for seat in wanted
             if given.get(seat) is None or (isinstance(given.get(seat), str) and not given[seat].strip())]
    if blank:
        raise NomercyError(f"Answer every part first: {', '.join(_label(f'{key}.{seat}') for seat in blank)}.")


def _choices(puzzle: Puzzle) -> list[tuple[str, dict[str, Any], str]]:
    """The puzzle's options as (label, answer, why): each is ``{label: ..., answer: {...}, why: ...}``.

    The answer of an option is checked like any other, by replaying the engine; ``why`` is the
    misreading a wrong option stands for (or, on the right one, its reason), shown once it is picked.
    """
    options: list[tuple[str, dict[str, Any], str]] = []
    if puzzle.is_best_move:  # each option is a move; the answer it stands for names it the best
        return [(str(c["move"]), {"best": str(c["move"])}, str(c.get("why") or "")) for c in puzzle.choices]
    for choice in puzzle.choices:
        if isinstance(choice, Mapping) and isinstance(choice.get("answer"), Mapping):
            options.append((str(choice.get("label") or _answer_text(choice["answer"])), dict(choice["answer"]),
                            str(choice.get("why") or "")))
    return options


def _answer_text(answer: Mapping[str, Any]) -> str:
    parts: list[str] = []
    for key, value in answer.items():
        if isinstance(value, Mapping):
            parts.extend(f"{_label(f'{key}.{s}')}: {v}" for s, v in value.items())
        else:
            parts.append(f"{_label(key)}: {value}")
    return "; ".join(parts)


def describe_truth(puzzle: Puzzle) -> list[str]:
    """What really happens, in sentences, for every part the puzzle asks about."""
    lines: list[str] = []
    for move, keys in dict(puzzle.answer.get("before") or {}).items():
        lines.extend(f"Before {move}: {fact}" for fact in truth(puzzle.position_before(move), keys))
    state, _ = puzzle.solution()
    lines.extend(truth(state, puzzle.answer))
    if "illegal" in puzzle.answer:
        move = str(puzzle.answer["illegal"])
        reason = why_illegal(state, state.parse_move(move))
        lines.append(f"{move} is refused: {reason}." if reason else f"{move} is allowed.")
    return lines


class PuzzleBoard(GuardedWidget):
    """Solve puzzles: every puzzle in ``puzzles/`` by default, or the ones given (ids, paths, puzzles).

    Python API (what the buttons do): :meth:`answer`, :meth:`choose`,
    :meth:`hint`, :meth:`show_me`, :meth:`goto`; the last verdict is in
    :attr:`feedback`.
    """

    _esm = STATIC / "puzzle_board.js"
    _css = STATIC / "puzzle_board.css"

    puzzle = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    hints: traitlets.List[str] = traitlets.List().tag(sync=True)
    walk = traitlets.Dict().tag(sync=True)

    def __init__(self, puzzles: Any = None, *, start: int | str = 0) -> None:
        super().__init__()
        if puzzles is None:
            found = load_puzzles()
        elif isinstance(puzzles, (str, Path, Puzzle)):
            found = [find_puzzle(puzzles)]
        else:
            found = [find_puzzle(p) for p in puzzles]
        if not found:
            raise NomercyError("no puzzles to show")
        self._puzzles: list[Puzzle] = found
        self._index = 0
        if isinstance(start, str):
            self._index = self._find(start)
        else:
            self._index = int(start) % len(found)
        self._load()
        self.on_msg(self._on_msg)

    # --- Python API -------------------------------------------------------------
    @property
    def current(self) -> Puzzle:
        return self._puzzles[self._index]

    @property
    def puzzles(self) -> list[Puzzle]:
        return list(self._puzzles)

    def answer(self, values: Mapping[str, Any]) -> None:
        """Check an answer given as values (``{"hand_size": {"D": 20}, "turn": "A"}``)."""
        self._raise_on_refusal(self.send_intent({"type": "answer", "answer": dict(values)}))

    def choose(self, index: int) -> None:
        self._raise_on_refusal(self.send_intent({"type": "choice", "index": index}))

    def hint(self) -> str | None:
        reason = self.send_intent({"type": "hint"})
        return None if reason else self.hints[-1]

    def show_me(self, to: str | int = "first") -> dict[str, Any]:
        self.send_intent({"type": "show", "to": to})
        return self.walk

    def goto(self, key: int | str) -> None:
        self._raise_on_refusal(self.send_intent({"type": "goto", "id" if isinstance(key, str) else "index": key}))

    def send_intent(self, intent: Mapping[str, Any]) -> str | None:
        """Handle one intent as if the browser had sent it; the refusal, or ``None``."""
        with self.hold_sync():
            return self._run(lambda: self._dispatch(dict(intent)))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget for JupyterLab, and a still picture for readers without a kernel (GitHub, nbviewer).

        JupyterLab draws the widget view, which it ranks above HTML, so each hand shows once; a
        viewer that cannot run widgets shows the ``text/html`` part: every puzzle of the board with
        its table, moves and question, and the answer folded away.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self._still_picture()}, metadata

    def _still_picture(self) -> str:
        from nomercy.teaching.lessons import puzzle_html

        return "".join(puzzle_html(puzzle) for puzzle in self._puzzles)

    def __repr__(self) -> str:
        # No position or count: stored notebook outputs must not change when puzzles are added.
        return f"<PuzzleBoard {self.current.id}>"

    @staticmethod
    def _raise_on_refusal(reason: str | None) -> None:
        if reason:
            raise NomercyError(reason)

    # --- messages -----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.send_intent(content)

    def _dispatch(self, intent: dict[str, Any]) -> str | None:
        kind = intent.get("type")
        handler = self._INTENT_HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            return f"unknown intent {kind!r}: the puzzle board understands {', '.join(self.INTENTS)}"
        return handler(self, intent)

    def _on_answer(self, intent: dict[str, Any]) -> str | None:
        if self.current.is_best_move:
            return "This puzzle asks for a move: pick one of the options."
        raw = intent.get("answer")
        if not isinstance(raw, Mapping):
            return "An answer is a set of values, one for each part of the question."
        self._check(read_answer(self.current, raw), given="values")
        return None

    def _on_choice(self, intent: dict[str, Any]) -> str | None:
        options = _choices(self.current)
        index = intent.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(options):
            return f"There is no option {brief(index)} here."
        label, answer, why = options[index]
        self._check(answer, given=label, picked=index, why=why)
        return None

    def _on_hint(self, intent: dict[str, Any]) -> str | None:
        hints = self.current.hints
        shown = len(self.hints)
        if shown >= len(hints):
            return "No more hints for this puzzle." if hints else "This puzzle has no hints."
        self.hints = list(self.hints) + [hints[shown]]
        return None

    def _on_goto(self, intent: dict[str, Any]) -> str | None:
        if "id" in intent:
            self._index = self._find(str(intent["id"]))
        else:
            index = intent.get("index", 0)
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._puzzles):
                return f"There is no puzzle {brief(index)}: choose 0 to {len(self._puzzles) - 1}."
            self._index = index
        self._load()
        return None

    def _on_step_puzzle(self, step: int) -> None:
        self._index = (self._index + step) % len(self._puzzles)
        self._load()

    # What the browser may send, and what each becomes. The ES module's INTENTS lists the same names
    # (tests/test_widget_contract.py compares them and clicks every control in a browser).
    _INTENT_HANDLERS: dict[str, Any] = {
        "answer": _on_answer,
        "choice": _on_choice,
        "hint": _on_hint,
        "show": lambda self, i: self._show(i.get("to", "first")),
        "goto": _on_goto,
        "next_puzzle": lambda self, i: self._on_step_puzzle(1),
        "prev_puzzle": lambda self, i: self._on_step_puzzle(-1),
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The intents the front end sends: an answer, a chosen option, a hint, a step of "Show me", ..."""

    def _find(self, pid: str) -> int:
        for i, p in enumerate(self._puzzles):
            if p.id == pid:
                return i
        raise NomercyError(f"no puzzle {pid!r} here")

    def _check(self, answer: dict[str, Any], *, given: str, picked: int | None = None, why: str = "") -> None:
        puzzle = self.current
        if puzzle.is_best_move:
            self._check_move(str(answer["best"]), picked=picked, why=why)
            return
        problems = check_answer(puzzle, answer)
        state, events = puzzle.solution()
        self.feedback = {
            "correct": not problems,
            "given": given,
            "picked": picked,
            "why": (f"Why: {why}" if not problems else f"Where this goes wrong: {why}") if why else "",
            "verdict": "Right!" if not problems else "Not quite.",
            "problems": [mismatch.words() for mismatch in problems],
            "truth": describe_truth(puzzle),
            "events": [event_entry(e, i + 1) for i, e in enumerate(events)],
            "explanation": puzzle.explanation,
        }

    def verdict(self) -> Verdict:
        """The expert's search over the current best-move puzzle (run once per puzzle, on the first answer)."""
        puzzle = self.current
        if puzzle.id not in self._verdicts:
            self._verdicts[puzzle.id] = puzzle.verdict()
        return self._verdicts[puzzle.id]

    def _check_move(self, move: str, *, picked: int | None, why: str) -> None:
        puzzle = self.current
        best = str(puzzle.answer["best"])
        right = move == best
        verdict = self.verdict()
        *estimates, noise = verdict.words().splitlines()
        self.feedback = {
            "correct": right,
            "given": move,
            "picked": picked,
            "why": (f"Why: {why}" if right else f"Where this goes wrong: {why}") if why else "",
            "verdict": "Right! That is the best move." if right else "Not the best move.",
            "problems": [] if right else [f"The expert's best move is {best}."],
            "truth": [],
            "estimates": estimates,
            "noise": noise,
            "events": [],
            "explanation": puzzle.explanation,
        }

    def _show(self, to: Any) -> str | None:
        last = len(self._frames) - 1
        index = self.walk.get("index", -1) if self.walk else -1
        if to == "first":
            index = 0
        elif to == "last":
            index = last
        elif to == "next":
            index = min(last, index + 1)
        elif to == "prev":
            index = max(0, index - 1)
        elif to == "close":
            self.walk = {}
            return None
        elif isinstance(to, int) and 0 <= to <= last:
            index = to
        else:
            return f"There is no step {to!r}."
        self.walk = frame_dict(self._frames, index, self._boards)
        return None

    def _load(self) -> None:
        """Show the current puzzle: everything is worked out first, then the board switches to it at once."""
        puzzle = self.current
        if not hasattr(self, "_verdicts"):
            self._verdicts: dict[str, Verdict] = {}
        if puzzle.is_best_move:
            start = decision_position(puzzle)
            # "Show me" plays the best move; the picture shows the table as the seat to move sees it
            frames = Transcript.of_moves(start, [str(puzzle.answer["best"])]).frames()
            board = state_html(start.view(start.turn), inline=True)
            hands: list[dict[str, Any]] = []
        else:
            start = puzzle.position()
            frames = Transcript.of_moves(start, puzzle.moves).frames()
            board, hands = board_html(start), _hands(puzzle, start)
        shown = {
            "id": puzzle.id, "title": puzzle.title, "question": puzzle.question,
            "level": puzzle.level, "topic": puzzle.topic, "rules": puzzle.rules.name,
            "variant": ", ".join(f"{k}: {v}" for k, v in puzzle.variant.items()),
            "kind": puzzle.kind, "moves": [] if puzzle.is_best_move else list(puzzle.moves),
            "board": board, "hands": hands,
            "fields": answer_fields(puzzle),
            "choices": [{"index": i, "label": label} for i, (label, _, _) in enumerate(_choices(puzzle))],
            "hints_total": len(puzzle.hints), "index": self._index, "count": len(self._puzzles),
            "list": [{"id": p.id, "title": p.title} for p in self._puzzles],
            "steps": len(frames),
        }
        self._frames: list[Frame] = frames
        self._boards: dict[int, str] = {}
        self.feedback = {}
        self.hints = []
        self.walk = {}
        self.puzzle = shown


def _hands(puzzle: Puzzle, start: GameState) -> list[dict[str, Any]]:
    """The other seats' hands (the seat to move shows its own in the table picture above, so each hand shows once):
    the cards the puzzle names face up, the filler it does not care about face down."""
    hands = []
    for seat in puzzle.players:
        if seat == puzzle.turn:
            continue
        cards = puzzle.hands.get(seat, ())
        more = puzzle.more.get(seat, 0)
        hands.append({
            "name": seat, "count": len(cards) + more, "turn": seat == puzzle.turn,
            "cards": [card_svg(c, None, 40, False, False) for c in cards],
            "text": [str(c) for c in cards],
            "more": more, "back": card_back_svg(40) if more else "",
        })
    return hands


def puzzle(puzzle_id: str) -> PuzzleBoard:
    """A puzzle's board; without a kernel its output shows the puzzle's still picture (see ``_repr_mimebundle_``)."""
    return PuzzleBoard(puzzle_id)
