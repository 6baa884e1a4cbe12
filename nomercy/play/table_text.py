"""The game table's words: seat names, the question a card still asks, the status line, the log's lines.

Pure functions of a game state, shared by every front end of the table (the notebook's
widget, the terminal's ``nomercy play``), so they read (and test) on their own.
"""

from __future__ import annotations

import datetime
from typing import Any, Mapping, Sequence

from nomercy.core import events as ev
from nomercy.core.moves import Challenge, Draw, Move, NameColor, Pass, Play
from nomercy.core.cards import COLORS, Card
from nomercy.core.errors import NomercyError
from nomercy.core.rulebook import RULINGS
from nomercy.play.players import PLAYER_KINDS
from nomercy.core.state import GameState, Phase
from nomercy.core.engine import legal_moves
from nomercy.core.wording import (COMPUTER_NAMES, STRENGTHS, is_you, option_words, plural, says, strength_of, their,
                                  verb)
from nomercy.play.hot_seat import reveal_label

__all__ = ["HUMAN", "HOW", "BANNERS", "seat_plan", "kinds_from_names", "prompt_for", "status_line", "won_line", "how_won", "move_summary",
           "top_card_by", "daily_title", "share_line", "event_entry", "move_entry", "buttons", "may_call_with_play", "seat_order",
           "hands_left"]

HUMAN = "human"

HOW = {
    "emptied hand": "by playing their last card",
    "last one standing": "as the last player left (everyone else was knocked out)",
    "dead end": "with the fewest cards, because nobody could play or draw",
}


def seat_plan(players: int | Sequence[str] | Mapping[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Seat names and kinds from what the notebook passed.

    A number means one human and computer players (greedy) for the rest; a list
    gives each seat's kind (``human``, ``random``, ``greedy``, ``expert``) and the
    seats get friendly names; a mapping gives names and kinds.
    """
    if isinstance(players, int):
        if players < 2:
            raise NomercyError(f"a table needs 2 to 6 seats, not {players}")
        kinds: list[str] = [HUMAN] + ["greedy"] * (players - 1)
        names: list[str] | None = None
    elif isinstance(players, Mapping):
        names = [str(n) for n in players]
        kinds = [str(k) for k in players.values()]
    else:
        kinds = [str(k) for k in players]
        names = None
    kinds = [k.strip().lower() for k in kinds]
    for kind in kinds:
        if kind != HUMAN and kind not in PLAYER_KINDS:
            raise NomercyError(f"unknown seat kind {kind!r}: choose human or one of {', '.join(PLAYER_KINDS)}")
    if names is None:
        humans = kinds.count(HUMAN)
        counts = {k: kinds.count(k) for k in kinds}
        seen: dict[str, int] = {}
        names = []
        for kind in kinds:
            seen[kind] = seen.get(kind, 0) + 1
            if kind == HUMAN:
                names.append("Player" if humans == 1 else f"Player{seen[kind]}")
            else:
                base = kind.capitalize()
                names.append(base if counts[kind] == 1 else f"{base}{seen[kind]}")
    return tuple(names), tuple(kinds)


def kinds_from_names(names: Sequence[str], known: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Seat kinds for the seat names of a saved record: a name the table knows keeps its kind, a name that
    starts with a computer kind ("Greedy", "Random2") is that computer, a computer seat's name from the Play
    page ("Alex", :data:`~nomercy.core.wording.COMPUTER_NAMES`) is a steady computer (a record keeps no
    strength), and every other seat is a person."""
    kinds = []
    for name in names:
        if known and name in known:
            kinds.append(known[name])
            continue
        low = name.lower()
        kind = next((k for k in PLAYER_KINDS if low.startswith(k)), HUMAN)
        kinds.append(STEADY if kind == HUMAN and name in COMPUTER_NAMES else kind)
    return tuple(kinds)


STEADY = next(s.kind for s in STRENGTHS if s.word == "steady")


def prompt_for(s: GameState, card: Card, plays: list[Play]) -> dict[str, Any]:
    """The choices still open once a card is picked: color, 7 target, top card of a discard-all."""
    options = []
    for play in plays:
        parts = []
        if play.color is not None:
            parts.append(play.color.value)
        if play.top is not None:
            parts.append(f"leave {play.top} on top")
        effect = play.top if play.top is not None else play.card
        if play.target is not None:
            parts.append(f"swap hands with {s.seats[play.target]}")
        elif "target" in effect.face.choices and len(s.hands[play.seat]) > 1 and s.rules.seven_swap == "optional":
            parts.append("keep your hand")
        label = ", ".join(parts) or f"leave {play.card} on top"
        options.append({"label": label[0].upper() + label[1:], "move": s.move_text(play),
                        "color": play.color.value if play.color is not None else None})
    if all(p.color is not None for p in plays):
        title = f"Which color do you name with {card}?"
    elif any(p.target is not None for p in plays):
        title = f"Who do you swap hands with for {card}?"
    else:
        title = f"How do you play {card}?"
    return {"card": str(card), "title": title, "options": options}


def status_line(s: GameState, viewer: int | None, kinds: Sequence[str], humans: Sequence[int], *,
                hidden: bool, reveal_for: str | None) -> str:
    """One sentence over the table: who is to do what, in the words of the rules."""
    if s.is_over:
        return won_line(s)
    if hidden:
        if reveal_for:
            return (f"Pass the screen to {reveal_for}. {reveal_for}, click '{reveal_label(reveal_for)}' when nobody "
                    "else is looking.")
        return f"{says(s.seats[s.to_act], 'is')} playing; hands stay hidden."  # type: ignore[index]
    actor = s.to_act
    assert actor is not None  # the round is not over, so somebody must decide
    if actor != viewer or viewer not in humans:
        name, kind = s.seats[actor], kinds[actor]
        shown = strength_of(kind) or kind  # the strength a person chose ("steady"), not the player's kind ("greedy")
        text = (f"{says(name, 'is')} to move." if name.lower().startswith((kind, shown))
                else f"{name} ({shown}) {verb(name, 'is')} to move.")
        if viewer is not None and viewer in s.catchable:
            text += " You hold one card: call UNO before you are caught!"
        return text
    drawn = s.drawn
    if s.phase is Phase.PLAY_DRAWN:
        return f"You drew {drawn}, which fits: you must play it (it is highlighted)."
    if s.phase is Phase.KEEP_OR_PLAY:
        return f"You drew {drawn}: play it, or keep it and end your turn."
    if s.phase is Phase.NAME_ROULETTE:
        return "The roulette hits you: name a color; cards are turned up until it shows, and you keep them all."
    if s.phase is Phase.NAME_FIRST_COLOR:
        return "A wild was turned up first: name the color in force."
    if s.pending:
        if s.rules.stacking == "none":
            return f"{plural(s.pending)} are coming at you and these rules allow no stacking: take them."
        if not any(type(a) is Play and a.seat == actor for a in legal_moves(s)):  # nothing to highlight
            return (f"{plural(s.pending)} are coming at you, and no card in your hand is a draw card worth "
                    f"+{s.stack_value} or more: take them.")
        return (f"{plural(s.pending)} are coming at you: stack a draw card worth +{s.stack_value} or more "
                "(highlighted), or take them all.")
    if any(type(a) is Play and a.seat == actor for a in legal_moves(s)):
        may_draw = any(type(a) is Draw and a.seat == actor for a in legal_moves(s))
        return f"{_your_turn(s.seats[actor])}: play a highlighted card{', or draw' if may_draw else ''}."
    return f"{_your_turn(s.seats[actor])}: nothing fits, so draw."


def _your_turn(name: str) -> str:
    """A person addressed on their turn: "Ann, your turn" (a seat called You: "Your turn")."""
    return "Your turn" if is_you(name) else f"{name}, your turn"


def won_line(s: GameState) -> str:
    """The end of a round in one sentence: "Ann wins the round by playing their last card." """
    return f"{says(s.seats[s.winner], 'wins')} the round {how_won(s)}."  # type: ignore[index]


def how_won(s: GameState) -> str:
    """How the round was won (``HOW``), in words that agree with the winner: "by playing your last card"."""
    if s.end_reason == "emptied hand" and s.winner is not None:
        return f"by playing {their(s.seats[s.winner])} last card"
    return HOW.get(s.end_reason or "", s.end_reason or "")


# What the table shows of a move besides the log: a banner for each effect that changes more than the
# top card. The keys are event kinds (``Event.kind``); the roulette's turned-up cards are its own kind.
BANNERS = ("player_skipped", "everyone_skipped", "direction_changed", "hands_swapped", "hands_passed",
           "roulette", "knocked_out", "uno_caught", "stack_grew", "challenged", "jumped_in", "pile_reshuffled")


def move_summary(before: GameState, move: Move, events: Sequence[ev.Event]) -> dict[str, Any]:
    """One move as the table shows it: who made it, one short line, and a banner per striking effect.

    Everything comes from the move's events (nothing here reads the rules again):

    >>> from nomercy.play.game import Game
    >>> game = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66)
    >>> before = game.state
    >>> summary = move_summary(before, before.parse_move("Ann plays blue reverse"), game.play("Ann plays blue reverse"))
    >>> summary["line"], [b["kind"] for b in summary["banners"]]
    ('Ann played blue reverse', ['direction_changed'])
    """
    seat = before.seats[move.seat]
    parts: list[str] = []
    banners: list[dict[str, str]] = []
    for event in events:
        kind = event.kind
        if isinstance(event, ev.CardPlayed) and event.player == seat:
            parts.append(f"played {event.card}" + (f" (named {event.color})" if event.color is not None else ""))
        elif isinstance(event, ev.JumpedIn):
            parts.append(f"jumped in with {event.card}")
        elif isinstance(event, ev.CardsDrawn) and event.player == seat and not parts:
            parts.append(f"drew {plural(event.count)}")
        elif isinstance(event, ev.TurnPassed) and event.player == seat and event.kept == 1 and parts:
            parts.append("kept it")
        elif isinstance(event, ev.ColorNamed) and event.player == seat and not parts:
            parts.append(f"named {event.color}")
        elif isinstance(event, ev.UnoCalled) and event.player == seat:
            parts.append("called UNO")
        elif isinstance(event, ev.UnoCaught) and event.catcher == seat:
            parts.append(f"caught {event.player}")
        elif isinstance(event, ev.Challenged) and event.challenger == seat:
            parts.append(f"challenged {event.player}")
        if isinstance(event, ev.CardsDrawn) and event.rule == "wild-roulette":
            kind = "roulette"
        if kind in BANNERS:
            banners.append({"kind": kind, "text": event.sentence, "rule": event.rule})
    line = f"{seat} {', '.join(parts)}" if parts else before.move_text(move)
    return {"seat": seat, "line": line, "banners": banners}


def top_card_by(events: Sequence[ev.Event]) -> str:
    """Who put the top card there: the last player to play or jump in, else the deal."""
    for event in reversed(events):
        if isinstance(event, (ev.CardPlayed, ev.JumpedIn)):
            return f"played by {event.player}"
    return "turned up at the deal"


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def daily_title(day: datetime.date) -> str:
    """What a deal of the day is called on its table: "Deal of the day, 3 December 2026" (in English whatever the
    machine's locale)."""
    return f"Deal of the day, {day.day} {_MONTHS[day.month - 1]} {day.year}"


def share_line(s: GameState, you: str, day: datetime.date, moves: int) -> str:
    """A deal of the day in one line to share, from its first move: the date and rules that name the deal, then
    how far the round is, or at its end the result (win or loss, moves, knock-outs) to compare with a friend's.

    >>> from nomercy.play.game import Game
    >>> share_line(Game("no-mercy", ["You", "Greedy"], seed=1).state, "You", datetime.date(2026, 12, 3), 0)
    'nomercy deal of the day 2026-12-03 · no-mercy · in play, no move yet'
    """
    deal = f"nomercy deal of the day {day.isoformat()} · {s.rules.name}"
    if not s.is_over:
        return f"{deal} · in play, {plural(moves, 'move') + ' made' if moves else 'no move yet'}"
    winner = s.seats[s.winner] if s.winner is not None else "nobody"
    result = f"{you} won" if winner == you else f"{you} lost ({winner} won)"
    return f"{deal} · {result} · {plural(moves, 'move')} · {len(s.out)} knocked out"


def event_entry(event: ev.Event, number: int) -> dict[str, Any]:
    """One line of an event log: the sentence, and the ruling it expands to."""
    ruling = RULINGS.get(event.rule)
    return {
        "n": number,
        "kind": event.kind,
        "sentence": event.sentence,
        "rule": event.rule,
        "title": option_words(ruling.title) if ruling else "",
        "text": option_words(ruling.text) if ruling else "",
    }


def move_entry(sentence: str, number: int, *, kind: str = "note") -> dict[str, Any]:
    """A log line with no ruling behind it (a new round, an undo, a refused move)."""
    return {"n": number, "kind": kind, "sentence": sentence, "rule": "", "title": "", "text": ""}


def may_call_with_play(s: GameState, seat: int) -> bool:
    """Two cards on your turn with a card to play: UNO may be called now, together with the play."""
    return (len(s.hands[seat]) == 2 and s.to_act == seat
            and any(type(a) is Play and a.seat == seat for a in legal_moves(s)))


def buttons(s: GameState, viewer: int | None, *, uno_armed: bool) -> list[dict[str, Any]]:
    """The decisions a person at the screen makes with a button (a card is clicked instead), with their moves."""
    if viewer is None or s.is_over or viewer in s.out:
        return []
    shown: list[dict[str, Any]] = []
    legal = legal_moves(s)
    if s.to_act == viewer:
        phase = s.phase
        if phase is Phase.TURN and Draw(viewer) in legal:  # shown only when the rules allow it
            label = f"Take the {s.pending} cards" if s.pending else "Draw"
            shown.append({"id": "draw", "label": label, "move": s.move_text(Draw(viewer)),
                          "primary": not any(type(a) is Play and a.seat == viewer for a in legal)})
            if Challenge(viewer) in legal:
                shown.append({"id": "challenge", "label": "Challenge the wild +4",
                              "move": s.move_text(Challenge(viewer))})
        elif phase is Phase.KEEP_OR_PLAY:
            shown.append({"id": "pass", "label": f"Keep {s.drawn}", "move": s.move_text(Pass(viewer))})
        elif phase in (Phase.NAME_ROULETTE, Phase.NAME_FIRST_COLOR):
            for color in COLORS:
                shown.append({"id": f"name-{color.value}", "label": f"Name {color.value}",
                              "move": s.move_text(NameColor(viewer, color)), "color": color.value})
    # UNO only when it means something: holding one card not yet called, or two on your turn with a play.
    if viewer in s.catchable or may_call_with_play(s, viewer):
        shown.append({"id": "uno", "label": "Call UNO", "intent": "uno", "armed": uno_armed, "primary": True})
    return shown


def seat_order(s: GameState) -> list[str]:
    """The seats still in the round, in the order of play from seat 0's side."""
    active = [s.seats[i] for i in range(len(s.seats)) if i not in s.out]
    return active if s.direction == 1 else active[::-1]


def hands_left(s: GameState) -> list[dict[str, Any]]:
    """At the end of a round, what every seat but the winner still holds (cards in notation) and its points."""
    return [{"name": s.seats[i], "count": len(h), "points": sum(c.points for c in h),
             "out": i in s.out, "cards": [str(c) for c in sorted(h)]}
            for i, h in enumerate(s.hands) if i != s.winner]
