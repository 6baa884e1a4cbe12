"""The table as a front end draws it: a frozen :class:`TableFrame` turned into plain data.

A front end (the notebook's widget, the terminal) never reads the session's insides: it asks for
:meth:`TableSession.snapshot <nomercy.play.table.TableSession.snapshot>`, which hands a frozen frame of the
table (the position, the screen, what the table waits for, the coach's advice, the undo marks) to
:func:`snapshot` here; the snapshot holds only JSON's types (seats, the hand on screen, the buttons, the status
line, the round-over box, the undo label). Drawing only looks at values, so it can never change the table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nomercy.core.engine import legal_moves
from nomercy.core.events import Event
from nomercy.core.moves import Catch, Play
from nomercy.core.scoring import round_points
from nomercy.core.state import GameState, Phase
from nomercy.core import wording
from nomercy.core.wording import is_you, plural, says, strength_of, verb, possessive
from nomercy.play.hot_seat import Screen, reveal_label
from nomercy.play.match import Match
from nomercy.play.table_text import (buttons, daily_title, hands_left, how_won, seat_order, share_line,
                                     status_line, top_card_by, won_line)
from nomercy.play.table_coach import why_no_hint
from nomercy.play.table_undo import Mark, undo_label, who_may_undo, why_no_undo

__all__ = ["TableFrame", "snapshot", "daily_line"]


@dataclass(frozen=True)
class TableFrame:
    """Everything the snapshot is drawn from, at one moment: the session builds it, :func:`snapshot` reads it."""

    state: GameState
    events: Sequence[Event]  # the round's events so far (who put the top card down)
    move_count: int
    kinds: tuple[str, ...]
    humans: tuple[int, ...]
    screen: Screen
    round: int
    is_match: bool
    match: Match | None
    coach: bool
    prompt: Mapping[str, Any]
    advice: Mapping[str, Any]
    waiting: str
    uno_armed: bool
    uno_wait: float  # seconds before a queued computer move may catch a person (0 with none queued)
    in_moment: frozenset[int]  # people in their UNO moment
    undo_allowed: bool
    marks: tuple[Mark, ...]
    last: Mapping[str, Any] | None
    daily: Mapping[str, str] | None
    imported: str | None


def snapshot(table: TableFrame) -> dict[str, Any]:
    """The table as a front end shows it, as plain data (JSON's types only): seats, the hand on screen,
    the buttons, the top card, the status line, the end of the round. Cards are in notation; a front
    end draws them as it likes."""
    s = table.state
    viewer = table.screen.shown
    human_viewer = viewer is not None and viewer in table.humans
    legal = legal_moves(s)
    seats = []
    for i, name in enumerate(s.seats):
        catch = ""
        if human_viewer and i in s.catchable and Catch(viewer, i) in legal:  # type: ignore[arg-type]
            catch = s.move_text(Catch(viewer, i))  # type: ignore[arg-type]
        seats.append({
            "name": name, "kind": table.kinds[i], "count": len(s.hands[i]), "out": i in s.out,
            "turn": i == s.turn and not s.is_over, "viewer": i == viewer,
            # the person's own seat, when its name does not say so already (hot-seat: "Ann (you)"; never "You (you)")
            "yours": human_viewer and i == viewer and not is_you(name),
            "uno": i in s.catchable, "winner": s.winner == i, "catch": catch,
            "catch_title": f"{says(name, 'holds')} one card: catch {name} if {verb(name, 'has')} not called UNO"
                           if catch else "",
            "meter_label": f"{possessive(name, start=True)} mercy meter",
            "strength": strength_of(table.kinds[i]),
            "mercy_text": "" if s.rules.mercy_limit is None else wording.MERCY_BAR_SEAT.format(
                count=len(s.hands[i]), limit=s.rules.mercy_limit),
        })
    why_not_undo = why_no_undo(table.undo_allowed, table.marks, table.screen, s.seats, s.is_over)
    hand: list[dict[str, Any]] = []
    if viewer is not None and viewer not in s.out:
        playable = {a.card for a in legal if type(a) is Play and a.seat == viewer}
        drawn = s.drawn if s.turn == viewer and s.phase in (Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY) else None
        hand = [{"card": str(card), "playable": card in playable, "drawn": card is drawn}
                for card in sorted(s.hands[viewer])]
    return {
        "rules": s.rules.name, "rules_name": wording.rules_name(s.rules.name), "round": table.round,
        "match": table.is_match,
        "mercy_legend": "" if s.rules.mercy_limit is None else wording.MERCY_BAR_LEGEND.format(
            limit=s.rules.mercy_limit),
        "seats": seats, "viewer": None if viewer is None else s.seats[viewer],
        "watching": viewer is not None and viewer not in table.humans,
        "hidden": table.screen.hidden, "reveal_for": table.screen.reveal_for(s),
        "reveal_label": _reveal_button(table),
        "hand": hand, "hand_label": table.screen.hand_label(s.seats),
        "buttons": buttons(s, viewer if human_viewer else None, uno_armed=table.uno_armed),
        "top": str(s.top_card), "color": None if s.color is None else s.color.value,
        "direction": s.direction_name, "order": seat_order(s),
        "pending": s.pending, "stack_value": s.stack_value, "draw_pile": len(s.draw_pile),
        "set_aside": len(s.set_aside), "mercy_limit": s.rules.mercy_limit,
        "turn": None if s.is_over else s.seats[s.turn],
        "phase": s.phase.value, "status": _status(table, viewer), "waiting": table.waiting,
        "uno_armed": table.uno_armed, "undo": table.undo_allowed, "can_undo": why_not_undo is None,
        "undo_why": why_not_undo or "",
        "undo_label": undo_label(table.screen, s.seats), "undoer": _undoer(table),
        "moves": table.move_count, "over": _round_over(table),
        "last": None if table.last is None else dict(table.last), "top_by": top_card_by(table.events),
        "uno_wait": round(table.uno_wait, 2),
        "uno_moment": human_viewer and viewer in table.in_moment,
        "can_hint": why_no_hint(table.coach, table.screen, s) is None,
        "daily": None if table.daily is None else dict(table.daily),
        "imported": table.imported,
    }


def _undoer(table: TableFrame) -> str | None:
    """Whose last move the hot-seat's undo button takes back (its label names them), or ``None``."""
    undoer = who_may_undo(table.screen)
    return None if undoer is None or len(table.screen.people) < 2 else table.state.seats[undoer]


def _reveal_button(table: TableFrame) -> str:
    """The button that shows the next person's hand, in the words the status line quotes, or ``""``."""
    who = table.screen.reveal_for(table.state)
    return reveal_label(who) if who else ""


def daily_line(day: datetime.date | None, daily_seed: int | None, round_seed: int, state: GameState,
               humans: Sequence[int], move_count: int) -> dict[str, str] | None:
    """A deal of the day's title and its line to share (from the first move), or ``None`` for any other deal
    (a new deal at the same table, a record loaded): ``round_seed`` is the seed this round was dealt from."""
    if day is None or round_seed != daily_seed or not humans:
        return None
    you = state.seats[humans[0]]
    return {"date": day.isoformat(), "title": daily_title(day), "share": share_line(state, you, day, move_count)}


def _status(table: TableFrame, viewer: int | None) -> str:
    if table.prompt.get("title"):  # a color or a seat still to choose: say so, not the line before the click
        return f"{table.prompt['title']} Choose below, or Cancel."
    if table.advice.get("kind") == "warning":
        return f"The coach holds your move back ({table.advice['move']}): read the warning, then decide."
    return status_line(table.state, viewer, table.kinds, table.humans,
                       hidden=table.screen.hidden, reveal_for=table.screen.reveal_for(table.state))


def _round_over(table: TableFrame) -> dict[str, Any] | None:
    s = table.state
    if not s.is_over or s.winner is None:
        return None
    standings: list[dict[str, Any]] = []
    match_winner = None
    if table.match is not None:
        match = table.match.with_game(s)
        standings = [{"name": n, "score": v} for n, v in match.standings.items()]
        match_winner = match.winner
    return {
        "winner": s.seats[s.winner], "how": how_won(s),
        "title": won_line(s),
        "scored": f"{says(s.seats[s.winner], 'scores')} {plural(round_points(s), 'point')}",
        "reason": s.end_reason, "points": round_points(s), "knockouts": len(s.out),
        "standings": standings, "target": s.rules.score_target, "match_winner": match_winner,
        "match_line": f"{says(match_winner, 'wins')} the match!" if match_winner else "",
        "hands": hands_left(s), "review": table.coach and bool(table.humans),
    }
