"""A few sentences that say which rulings acted in a run of moves, and why: the explanation of a
generated puzzle, in words rather than a copy of its event log.

Each sentence starts with the title of a ruling of the rulebook and says what it did here: who
answered a stack and why the last player took it, who was knocked out and what happened to the rest
of the draw, who won and how. Facts that depend on a hand (whether the player who drew could have
answered) are read from the position itself, so they hold for the puzzle as written.

>>> from nomercy.puzzles.puzzle import Puzzle
>>> puzzle = Puzzle.from_dict({
...     "id": "p", "title": "t", "source": "original", "rules": "no-mercy", "players": ["A", "B", "C"],
...     "turn": "A", "discard": "red 5",
...     "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["yellow 9", "green 2"]},
...     "moves": ["A plays red +2", "B plays blue +4", "C draws"],
...     "question": "?", "answer": {"turn": "A"}})
>>> import textwrap
>>> print(textwrap.fill(explain(puzzle.position(), puzzle.moves), 96))
Stacking: A's red +2 made B face 2 cards; B answered with blue +4, worth at least the card on
top, so the stack grew to 6. C had no draw card that could answer it, took the 6 cards and lost
the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from nomercy.core import events as ev
from nomercy.core.moves import Draw, Move, Play
from nomercy.core.cards import Card
from nomercy.play.transcript import Transcript
from nomercy.core.legality import legal_moves
from nomercy.core.rulebook import RULINGS
from nomercy.core.scoring import points_counted
from nomercy.core.state import GameState
from nomercy.core.wording import plural

__all__ = ["explain"]


@dataclass(frozen=True)
class _Step:
    before: GameState
    move: Move
    events: tuple[ev.Event, ...]
    after: GameState


def _could_answer(state: GameState, seat: int) -> bool:
    """Did ``seat``, about to take a pending draw, hold a card that could have answered it?"""
    return any(isinstance(move, Play) for move in legal_moves(state, seat))


def _says(rule: str, text: str) -> str:
    return f"{RULINGS[rule].title}: {text}"


def explain(start: GameState, moves: Sequence[str]) -> str:
    """Which rulings acted when ``moves`` are played from ``start``, and why, in a few sentences."""
    lines: list[str] = []
    stack = _Stack()
    story = Transcript.of_moves(start, moves, raising=True)
    for played in story.steps:
        step = _Step(played.before, played.before.parse_move(played.move), played.events, played.after)
        lines.extend(stack.follow(step))
        lines.extend(_effects(step))
    lines.extend(stack.still_pending(story.end))
    return " ".join(dict.fromkeys(line for line in lines if line))


_WHY_IT_ANSWERS = {
    "official": "worth at least the card on top",
    "anything-goes": "and with anything-goes stacking any draw card answers any other",
    "wilds-on-anything": "a wild draw card answers anything, a colored one must be worth at least the card on top",
}


class _Stack:
    """Follows one stack at a time: who started it, who answered, and who took it and why."""

    def __init__(self) -> None:
        self.started = ""
        self.answers: list[tuple[str, Card]] = []

    def _story(self, rules_stacking: str) -> str:
        parts = [self.started] if self.started else []
        if self.answers:
            (first, card), rest = self.answers[0], self.answers[1:]
            said = f"{first} answered with {card}" + "".join(f", {who} with {c}" for who, c in rest)
            why = _WHY_IT_ANSWERS.get(rules_stacking, "")
            each = "each " if rest and rules_stacking == "official" else ""
            parts.append(f"{said}, {each}{why}" if why else said)
        return "; ".join(parts)

    def follow(self, step: _Step) -> list[str]:
        move, before = step.move, step.before
        lines: list[str] = []
        grew = [e for e in step.events if isinstance(e, ev.StackGrew)]
        if isinstance(move, Play) and grew:
            who = before.seats[move.seat]
            target = grew[-1].target
            if before.pending:
                self.answers.append((who, move.card))
            else:
                self.started = f"{who}'s {move.card} made {target} face {plural(grew[-1].total)}"
            if any(isinstance(e, ev.DirectionChanged) for e in step.events):
                rule = grew[-1].rule if grew[-1].rule.startswith("wild-reverse-four") else "wild-reverse-four"
                lines.append(_says(rule, f"{who}'s wild reverse +4 turns play around before it counts "
                                         f"(now {step.after.direction_name}), so the stack pointed at {target}."))
        elif isinstance(move, Draw) and before.pending:
            who = before.seats[move.seat]
            pending = before.pending
            reason = ("could have answered but chose to draw" if _could_answer(before, move.seat)
                      else "had no draw card that could answer it")
            out = any(isinstance(e, ev.KnockedOut) for e in step.events)
            took = (f"{who} {reason} and started to draw the {pending}" if out
                    else f"{who} {reason}, took the {plural(pending)} and lost the turn")
            story = self._story(before.rules.stacking)
            grew_to = f", so the stack grew to {pending}" if self.answers else ""
            rule = "stacking" if self.answers else "draw-card"
            lines.append(_says(rule, f"{story}{grew_to}. {took[0].upper()}{took[1:]}." if story
                               else f"{took[0].upper()}{took[1:]}."))
            self.started, self.answers = "", []
        return lines

    def still_pending(self, state: GameState) -> list[str]:
        if not (self.started or self.answers) or not state.pending:
            return []
        rule = "stacking" if self.answers else "draw-card"
        return [_says(rule, f"{self._story(state.rules.stacking)}, so {plural(state.pending)} are now pending for "
                            f"{state.seats[state.turn]}.")]


def _effects(step: _Step) -> list[str]:
    """The other rulings a move set off, one sentence each."""
    lines: list[str] = []
    move = step.move
    seats = step.before.seats
    who = seats[move.seat]
    card: Card | None = move.card if isinstance(move, Play) else None
    events = step.events
    for event in events:
        if isinstance(event, ev.DirectionChanged) and event.rule == "reverse" and card is not None:
            lines.append(_says("reverse", f"{who}'s reverse turned play {event.direction}."))
        elif isinstance(event, ev.PlayerSkipped) and event.rule == "reverse-two-players":
            lines.append(_says("reverse-two-players", f"with two players left, {who}'s reverse made "
                                                      f"{event.player} miss a turn."))
        elif isinstance(event, ev.PlayerSkipped) and event.rule == "skip":
            lines.append(_says("skip", f"{who}'s skip made {event.player} miss a turn."))
        elif isinstance(event, ev.EveryoneSkipped) and event.rule == "skip-all":
            lines.append(_says("skip-all", f"a skip-all skips every other player, so {event.player} "
                                           "played again right away."))
        elif isinstance(event, ev.HandsSwapped):
            lines.append(_says("seven", f"{event.player}'s 7 swapped hands with {event.other}, who now holds "
                                        f"{plural(len(step.after.hand(event.player)))}."))
        elif isinstance(event, ev.HandsPassed):
            lines.append(_says("zero", f"{who}'s 0 moved every hand still in one seat {event.direction}."))
        elif isinstance(event, ev.CardsDiscarded) and event.cards:
            lines.append(_says("discard-all", f"{who}'s discard-all took {plural(len(event.cards))} of its "
                                              "color with it, and their effects did not happen."))
        elif isinstance(event, ev.ColorNamed) and event.rule == "wild-roulette":
            drawn = sum(e.count for e in events if isinstance(e, ev.CardsDrawn))
            out = any(isinstance(e, ev.KnockedOut) for e in events)
            tail = "was knocked out before it did" if out else \
                f"kept the {plural(drawn)} turned up and lost the turn"
            lines.append(_says("wild-roulette", f"the roulette hit the next player, {event.player}, who named "
                                                f"{event.color} and turned up cards until a {event.color} card "
                                                f"showed, and {tail}."))
        elif isinstance(event, ev.KnockedOut):
            cancelled = [e for e in events if isinstance(e, ev.PenaltyCancelled) and e.player == event.player]
            rest = f"; the other {plural(cancelled[0].remaining)} of the draw were cancelled" if cancelled else ""
            lines.append(_says("mercy", f"{event.player} reached {event.hand_size} cards (the limit is "
                                        f"{step.before.rules.mercy_limit}) and was knocked out{rest}."))
        elif isinstance(event, ev.PileReshuffled):
            lines.append(_says("empty-draw-pile", "the draw pile ran out, so the discard pile below its top "
                                                  "card was shuffled into a new draw pile."))
        elif isinstance(event, ev.DrawStoppedShort):
            lines.append(_says("empty-draw-pile", f"no card was left anywhere, so {event.player}'s draw stopped "
                                                  "short."))
        elif isinstance(event, ev.CardsDrawn) and event.rule == "draw-until-playable" and not step.before.pending \
                and isinstance(move, Draw):
            lines.append(_says("draw-until-playable", f"{who} had no card that fit and drew until one did "
                                                      f"({plural(event.count)})."))
        elif isinstance(event, ev.UnoCaught):
            lines.append(_says("uno", f"{event.player} held one card without calling UNO and was caught in "
                                      f"time, so {event.player} drew {event.penalty}."))
        elif isinstance(event, ev.RoundWon):
            how = {"emptied hand": f"{event.player} played the last card and won the round",
                   "last one standing": f"{event.player} was the only player left and won the round"}
            lines.append(_says("winning", how.get(event.how, event.sentence.rstrip(".")) + "."))
        elif isinstance(event, ev.RoundScored):
            lines.append(_says("scoring", f"{event.player} scores {event.points} points: "
                                          f"{points_counted(step.after)}."))
    return lines
