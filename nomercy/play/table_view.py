"""The table as a front end draws it: a :class:`~nomercy.play.table.TableSession` turned into plain data.

A front end (the notebook's widget, the terminal) never reads the session's insides: it asks for
:meth:`TableSession.snapshot <nomercy.play.table.TableSession.snapshot>`, built here, which holds only JSON's
types (seats, the hand on screen, the buttons, the status line, the round-over box, the undo label). Building
the picture is kept apart from the state machine of intents so that each reads on its own: the session
changes the table, this module only looks at it and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomercy.core.engine import legal_moves
from nomercy.core.moves import Catch, Play
from nomercy.core.scoring import round_points
from nomercy.core.state import Phase
from nomercy.core import wording
from nomercy.core.wording import plural, possessive, says, strength_of, verb
from nomercy.play.hot_seat import reveal_label
from nomercy.play.table_text import (buttons, daily_title, hands_left, how_won, seat_order, share_line,
                                     status_line, top_card_by, won_line)
from nomercy.play.table_undo import who_may_undo, why_no_undo

if TYPE_CHECKING:  # the session builds its snapshot here: only its type comes back
    from nomercy.play.table import TableSession

__all__ = ["snapshot", "daily_line"]


def snapshot(table: TableSession) -> dict[str, Any]:
    """The table as a front end shows it, as plain data (JSON's types only): seats, the hand on screen,
    the buttons, the top card, the status line, the end of the round. Cards are in notation; a front
    end draws them as it likes."""
    s = table.state
    viewer = table.viewer
    human_viewer = viewer is not None and viewer in table._humans
    legal = legal_moves(s)
    seats = []
    for i, name in enumerate(s.seats):
        catch = ""
        if human_viewer and i in s.catchable and Catch(viewer, i) in legal:  # type: ignore[arg-type]
            catch = s.move_text(Catch(viewer, i))  # type: ignore[arg-type]
        seats.append({
            "name": name, "kind": table._kinds[i], "count": len(s.hands[i]), "out": i in s.out,
            "turn": i == s.turn and not s.is_over, "viewer": i == viewer,
            "uno": i in s.catchable, "winner": s.winner == i, "catch": catch,
            "catch_title": f"{says(name, 'holds')} one card: catch {name} if {verb(name, 'has')} not called UNO"
                           if catch else "",
            "meter_label": f"{possessive(name, start=True)} mercy meter",
            "strength": strength_of(table._kinds[i]),
            "mercy_text": "" if s.rules.mercy_limit is None else wording.MERCY_BAR_SEAT.format(
                count=len(s.hands[i]), limit=s.rules.mercy_limit),
        })
    hand: list[dict[str, Any]] = []
    if viewer is not None and viewer not in s.out:
        playable = {a.card for a in legal if type(a) is Play and a.seat == viewer}
        drawn = s.drawn if s.turn == viewer and s.phase in (Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY) else None
        hand = [{"card": str(card), "playable": card in playable, "drawn": card is drawn}
                for card in sorted(s.hands[viewer])]
    return {
        "rules": s.rules.name, "rules_name": wording.rules_name(s.rules.name), "round": table._round,
        "match": table._is_match,
        "mercy_legend": "" if s.rules.mercy_limit is None else wording.MERCY_BAR_LEGEND.format(
            limit=s.rules.mercy_limit),
        "seats": seats, "viewer": None if viewer is None else s.seats[viewer],
        "watching": viewer is not None and viewer not in table._humans,
        "hidden": table._screen.hidden, "reveal_for": table._screen.reveal_for(s),
        "reveal_label": _reveal_button(table),
        "hand": hand, "hand_label": table._screen.hand_label(s.seats),
        "buttons": buttons(s, viewer if human_viewer else None, uno_armed=table._uno_armed),
        "top": str(s.top_card), "color": None if s.color is None else s.color.value,
        "direction": s.direction_name, "order": seat_order(s),
        "pending": s.pending, "stack_value": s.stack_value, "draw_pile": len(s.draw_pile),
        "set_aside": len(s.set_aside), "mercy_limit": s.rules.mercy_limit,
        "turn": None if s.is_over else s.seats[s.turn],
        "phase": s.phase.value, "status": _status(table, viewer), "waiting": table.waiting,
        "uno_armed": table._uno_armed, "undo": table._undo_allowed, "can_undo": why_no_undo(table) is None,
        "undo_why": why_no_undo(table) or "",
        "undo_label": _undo_label(table),
        "moves": table.move_count, "over": _round_over(table),
        "last": table._last, "top_by": top_card_by(table._game.events),
        "uno_wait": round(table.uno_wait(), 2) if table._queued is not None else 0.0,
        "uno_moment": human_viewer and viewer in table._moment,
        "can_hint": bool(table.coach and human_viewer and not s.is_over
                         and (s.to_act == viewer or viewer in s.catchable)),
        "daily": daily_line(table),
        "imported": table._imported,
    }


def _reveal_button(table: TableSession) -> str:
    """The button that shows the next person's hand, in the words the status line quotes, or ``""``."""
    who = table._screen.reveal_for(table.state)
    return reveal_label(who) if who else ""


def daily_line(table: TableSession) -> dict[str, str] | None:
    """A deal of the day's title and its line to share (from the first move), or ``None`` for any other deal
    (a new deal at the same table, a record loaded)."""
    if table._daily is None or table._game.start.seed != table._daily_seed or not table._humans:
        return None
    you = table.state.seats[table._humans[0]]
    return {"date": table._daily.isoformat(), "title": daily_title(table._daily),
            "share": share_line(table.state, you, table._daily, table.move_count)}


def _undo_label(table: TableSession) -> str:
    """What undo takes back; in hot-seat, whose move that is."""
    undoer = who_may_undo(table)
    if len(table._humans) < 2 or undoer is None:
        return "Undo my last move"
    return f"Undo {possessive(table.state.seats[undoer])} last move"


def _status(table: TableSession, viewer: int | None) -> str:
    if table._prompt.get("title"):  # a color or a seat still to choose: say so, not the line before the click
        return f"{table._prompt['title']} Choose below, or Cancel."
    if table._advice.get("kind") == "warning":
        return f"The coach holds your move back ({table._advice['move']}): read the warning, then decide."
    return status_line(table.state, viewer, table._kinds, table._humans,
                       hidden=table._screen.hidden, reveal_for=table._screen.reveal_for(table.state))


def _round_over(table: TableSession) -> dict[str, Any] | None:
    s = table.state
    if not s.is_over or s.winner is None:
        return None
    standings: list[dict[str, Any]] = []
    match_winner = None
    if table._match is not None:
        match = table._match.with_game(s)
        standings = [{"name": n, "score": v} for n, v in match.standings.items()]
        match_winner = match.winner
    return {
        "winner": s.seats[s.winner], "how": how_won(s),
        "title": won_line(s),
        "scored": f"{says(s.seats[s.winner], 'scores')} {plural(round_points(s), 'point')}",
        "reason": s.end_reason, "points": round_points(s), "knockouts": len(s.out),
        "standings": standings, "target": s.rules.score_target, "match_winner": match_winner,
        "match_line": f"{says(match_winner, 'wins')} the match!" if match_winner else "",
        "hands": hands_left(s), "review": table.coach and bool(table._humans),
    }
