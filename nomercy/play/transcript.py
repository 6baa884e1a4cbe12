"""A game told step by step: the events of the deal, then every move with its events, or its refusal.

One transcript serves everything that tells a game: the lessons' printed narrations and
``nomercy puzzle solve`` (:meth:`Transcript.text`), the step player and the puzzle board's
"Show me" (:meth:`Transcript.frames`), a notebook's rich display (:meth:`Transcript.html`),
and a :class:`~nomercy.play.game.Game`'s history (:meth:`~nomercy.play.game.Game.transcript`).

>>> from nomercy import new_game
>>> start = new_game("no-mercy", ["A", "B"], seed=1)
>>> story = Transcript.of_moves(start, ["B draws"])
>>> print(story.text())
1. B draws
   REFUSED: it is A's turn, not B's
>>> story.refused.move, story.end == start
('B draws', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, Sequence

from nomercy.core.errors import NomercyError, brief
from nomercy.core.i18n import N_
from nomercy.core.events import Event, RoundScored
from nomercy.core.moves import Move, format_move
from nomercy.core.rulebook import RULINGS
from nomercy.core.scoring import points_counted
from nomercy.core import inputs
from nomercy.core.state import GameState
from nomercy.core.wording import possessive
from nomercy.play.driver import replay
from nomercy.core.records import check_fields
from nomercy.core.refusals import reason_of

__all__ = ["Step", "Transcript", "Frame"]


@dataclass(frozen=True)
class Step:
    """One move: its notation, the positions on either side, its events, or the reason it was refused."""

    number: int                   # 1-based
    move: str
    before: GameState
    after: GameState              # the same as ``before`` when the move was refused
    events: tuple[Event, ...] = ()
    refused: str | None = None    # the engine's reason, in the game's words

    @property
    def played(self) -> bool:
        return self.refused is None


@dataclass(frozen=True)
class Frame:
    """What a step-through view shows at one point: one event (or the start, or a refusal) and the table after it."""

    move: str | None          # the move that caused it (None: the starting position)
    move_number: int          # 1-based; 0 for the starting position
    sentence: str
    rule: str
    state: GameState
    refused: bool = False     # the move was refused; ``sentence`` gives the engine's reason


_NOT_EVENTS = N_("the opening is a list of the events that made the start position (what a deal gives, like its "
                 "first card turned up); not {value}")


def _opening(value: object) -> tuple[Event, ...]:
    """The events of an opening, each an event the engine wrote (a deal's), never text or numbers taken for them."""
    found = inputs.items(value, "the opening", most=1000)
    if not all(isinstance(event, Event) for event in found):
        raise NomercyError(_NOT_EVENTS.format(value=inputs.quote(value)))
    return found


@dataclass(frozen=True)
class Transcript:
    """A start position, the events that made it (a deal's first card), and the steps played from it.

    :meth:`of_moves` plays moves into one, and a game gives its own (``Game.transcript``); a program may also build
    one from steps it has, so its fields are checked when it is made: each of its kind
    (:func:`~nomercy.core.records.check_fields`), the steps numbered 1, 2, 3... each from where the one before
    ended (the first from ``start``).
    """

    start: GameState
    steps: tuple[Step, ...] = ()
    opening: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        check_fields(self, "a transcript")
        where = self.start
        for number, step in enumerate(self.steps, 1):
            if type(step.number) is not int or step.number != number:
                raise NomercyError(f"step {number} of a transcript is numbered {inputs.quote(step.number)}: its steps "
                                   "are numbered 1, 2, 3... in the order they were played")
            if step.before is not where and step.before != where:
                raise NomercyError(f"step {number} of a transcript starts from another position than "
                                   f"{'its start' if number == 1 else f'step {number - 1} ended on'}: a transcript's "
                                   "steps are played one after another")
            where = step.after

    @classmethod
    def of_moves(cls, start: GameState, moves: Sequence[str | Move], *, opening: tuple[Event, ...] = (),
                 raising: bool = False) -> "Transcript":
        """Play ``moves`` (notation) from ``start`` through the driver's :func:`~nomercy.play.driver.replay`,
        stopping at the first the rules refuse.

        A refusal (or notation that cannot be read) does not raise: it is the last step,
        with the engine's reason, so a lesson can show what went wrong. With ``raising`` it
        raises the engine's error instead, for a caller whose moves must all be legal.
        """
        if not isinstance(start, GameState):
            inputs.one_of_kind(start, GameState, inputs.POSITION)
        inputs.one_of_kind(moves, (list, tuple), "a list of moves")
        opening = _opening(opening)
        raising = inputs.switch(raising, "raising (whether a refused move raises its error)")
        steps: list[Step] = []

        def written(given: str | Move, state: GameState) -> str:
            if isinstance(given, str):
                return given
            return format_move(given, state.seats) if isinstance(given, Move) else brief(given)  # type: ignore[arg-type]

        def step(before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
            steps.append(Step(len(steps) + 1, written(moves[len(steps)], before), before, after, events))

        try:
            replay(start, moves, observe=step)
        except NomercyError as error:
            if raising:
                raise
            state = steps[-1].after if steps else start
            steps.append(Step(len(steps) + 1, written(moves[len(steps)], state), state, state, refused=reason_of(error)))
        return cls(start, tuple(steps), opening)

    # --- what happened ---------------------------------------------------------------
    @property
    def end(self) -> GameState:
        """The position after the last move played."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def played(self) -> tuple[str, ...]:
        return tuple(step.move for step in self.steps if step.played)

    @property
    def refused(self) -> Step | None:
        """The refused step that ended the transcript, if one did."""
        return self.steps[-1] if self.steps and not self.steps[-1].played else None

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event in order, those of the opening first."""
        return self.opening + tuple(event for step in self.steps for event in step.events)

    # --- told as frames, text and HTML ----------------------------------------------
    def frames(self) -> list[Frame]:
        """The deal's events and the start, then one frame per event; a refused move ends with a frame saying why."""
        start = self.start
        frames = [Frame(None, 0, event.sentence, event.rule, start) for event in self.opening]
        frames.append(Frame(None, 0, f"The starting position: it is {possessive(start.seats[start.turn])} turn.", "", start))
        for step in self.steps:
            if not step.played:
                frames.append(Frame(step.move, step.number, f"{step.move} is refused: {step.refused}.", "",
                                    step.before, refused=True))
                break
            for event in step.events:
                frames.append(Frame(step.move, step.number, event.sentence, event.rule, step.after))
        return frames

    def text(self, *, situation: Callable[[GameState], str] | None = None,
             after_draw: Callable[[GameState, str], str | None] | None = None) -> str:
        """Each move numbered, then its events with their rulings, or ``REFUSED:`` and the reason.

        ``situation`` (a position in words) adds a ``Start:`` and a ``Now:`` line; ``after_draw``
        adds a line after a player's draw (a lesson shows the hand drawn into).
        """
        lines: list[str] = []
        if situation is not None:
            lines.append(f"Start: {situation(self.start)}")
        lines.extend(f"   {event.sentence}{_ruling(event)}" for event in self.opening)
        for step in self.steps:
            lines.append(f"{step.number}. {step.move}")
            if not step.played:
                lines.append(f"   REFUSED: {step.refused}")
                continue
            lines.extend(f"   {event.sentence}{_ruling(event)}" for event in step.events)
            if any(isinstance(event, RoundScored) for event in step.events):  # the sum, card by card
                lines.append(f"   Points: {points_counted(step.after)}")
            if after_draw is not None and step.move.endswith(" draws"):
                extra = after_draw(step.after, step.move.split(" ", 1)[0])
                if extra:
                    lines.append(f"   {extra}")
        if situation is not None:
            lines.append(f"Now: {situation(self.end)}")
        return "\n".join(lines)

    def html(self) -> str:
        """The same story as an HTML list (a notebook shows a transcript this way)."""
        items = []
        for step in self.steps:
            if step.played:
                inner = "".join(f"<li>{escape(event.sentence)}{escape(_ruling(event))}</li>" for event in step.events)
            else:
                inner = f"<li><b>refused:</b> {escape(step.refused or '')}</li>"
            items.append(f"<li><code>{escape(step.move)}</code><ul>{inner}</ul></li>")
        opening = "".join(f"<li>{escape(event.sentence)}{escape(_ruling(event))}</li>" for event in self.opening)
        return (f"<div class='nomercy-transcript'>{f'<ul>{opening}</ul>' if opening else ''}"
                f"<ol>{''.join(items)}</ol></div>")

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return self.text()


def _ruling(event: Event) -> str:
    return f"  [ruling {event.rule}]" if event.rule in RULINGS else ""
