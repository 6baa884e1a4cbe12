"""A position as one line of text (as a FEN is for chess): every field, the draw pile in order included.

The words are ``key:value``, cards in short notation, names with % escapes for the characters the line
uses itself. :meth:`~nomercy.core.state.GameState.to_text` and ``from_text`` are the public faces.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Sequence

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, brief
from nomercy.core.position import CLOCKWISE, COUNTERCLOCKWISE, Phase, Position, check_position
from nomercy.core.rules import RuleSet

__all__ = ["position_text", "read_position", "MAX_POSITION_LENGTH"]


_ESCAPES = {"%": "%25", " ": "%20", ",": "%2C", "/": "%2F", ":": "%3A", "=": "%3D"}
_KEYS = ("rules", "seats", "turn", "dir", "phase", "color", "pending", "stack", "drawn", "hands", "discard",
         "draw", "aside", "out", "uno", "challenge", "stuck", "winner", "end", "seed", "shuffles", "dealer", "ply")


def _escape(text: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in text) or "%"


def _unescape(text: str) -> str:
    if text == "%":
        return ""
    for plain, escaped in sorted(_ESCAPES.items(), key=lambda item: item[0] == "%"):
        text = text.replace(escaped, plain)
    return text


def _cards_text(cards: Sequence[Card]) -> str:
    return ",".join(card.short for card in cards) or "-"


def _ints_text(values: Sequence[int]) -> str:
    return ",".join(map(str, values)) or "-"


def _option_text(value: Any) -> str:
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def position_text(s: Position) -> str:
    """The position as one line of ``key:value`` words (:meth:`~nomercy.core.state.GameState.to_text`)."""
    from nomercy.core.rules import PROFILES

    base = PROFILES.get(s.rules.name) or RuleSet()
    options = ",".join(f"{name}={_option_text(mine)}" for name, (mine, _) in s.rules.differences(base).items())
    words = {
        "rules": _escape(s.rules.name) + (f"/{options}" if options else ""),
        "seats": ",".join(map(_escape, s.seats)),
        "turn": str(s.turn), "dir": "cw" if s.direction == CLOCKWISE else "ccw", "phase": s.phase.value,
        "color": s.color.value if s.color is not None else "-", "pending": str(s.pending),
        "stack": str(s.stack_value), "drawn": s.drawn.short if s.drawn is not None else "-",
        "hands": "/".join(_cards_text(hand) for hand in s.hands), "discard": _cards_text(s.discard),
        "draw": _cards_text(s.draw_pile), "aside": _cards_text(s.set_aside), "out": _ints_text(s.out),
        "uno": _ints_text(s.catchable),
        "challenge": "-" if s.challenge is None else f"{s.challenge[0]},{'guilty' if s.challenge[1] else 'innocent'}",
        "stuck": str(s.stuck), "winner": "-" if s.winner is None else str(s.winner),
        "end": _escape(s.end_reason) if s.end_reason is not None else "-",
        "seed": str(s.seed), "shuffles": str(s.shuffles), "dealer": str(s.dealer), "ply": str(s.ply),
    }
    return " ".join(f"{key}:{words[key]}" for key in _KEYS)


MAX_POSITION_LENGTH = 1_000_000
"""The longest position line read: the largest table there can be (1,000 seats with long names, a 2,000-card
deck of long house notations) writes a line of a few hundred thousand characters."""

_NUMBER = re.compile(r"[0-9]{1,20}")
"""A count or seat number in a position line: ASCII digits, no sign."""


def read_position(text: str) -> dict[str, Any]:
    """The fields of the position a line holds, checked (:func:`~nomercy.core.position.check_position`); a line
    that is not one raises ``NotationError`` saying what is wrong."""
    from nomercy.core.errors import NomercyError

    if not isinstance(text, str):
        raise NotationError(f"a position is a line of text (as to_text writes it), not {brief(text)}")
    if len(text) > MAX_POSITION_LENGTH:
        raise NotationError(f"cannot read the position: a position line has at most {MAX_POSITION_LENGTH:,} "
                            f"characters, this one {len(text):,}")
    words: dict[str, str] = {}
    for word in text.split():
        key, colon, value = word.partition(":")
        if not colon or key not in _KEYS:
            raise NotationError(f"cannot read the position: {brief(word[:40])} is not one of {', '.join(_KEYS)} "
                                "followed by ':'")
        if key in words:
            raise NotationError(f"cannot read the position: {key} is given twice")
        words[key] = value
    missing = [key for key in _KEYS if key not in words]
    if missing:
        raise NotationError(f"cannot read the position: it has no {', '.join(missing)}")
    try:
        fields = _read_fields(words)
        check_position(fields)
    except NomercyError as error:
        raise NotationError(f"cannot read the position: {error}") from None
    return fields


def _read_fields(words: dict[str, str]) -> dict[str, Any]:
    """The fields of a position from the words of its line, each read strictly (no check across fields yet)."""
    from nomercy.core.rules import PROFILES, ruleset

    name, _, options = words["rules"].partition("/")
    name = _unescape(name)
    base = PROFILES.get(name) or RuleSet()
    changes = {}
    for option in options.split(",") if options else ():
        key, equals, value = option.partition("=")
        if not equals:
            raise NotationError(f"the rules' options are written option=value, not {brief(option)}")
        changes[key] = value
    rules = dataclasses.replace(ruleset(base, **changes), name=name)

    def cards(value: str) -> tuple[Card, ...]:
        return () if value == "-" else tuple(Card.parse(code) for code in value.split(","))

    def number(key: str, value: str | None = None) -> int:
        value = words[key] if value is None else value
        if not _NUMBER.fullmatch(value):
            raise NotationError(f"{key} is a whole number of 0 or more, not {brief(value)}")
        return int(value)

    def seats_listed(key: str) -> tuple[int, ...]:
        return () if words[key] == "-" else tuple(number(key, v) for v in words[key].split(","))

    challenge = None
    if words["challenge"] != "-":
        who, _, verdict = words["challenge"].partition(",")
        if verdict not in ("guilty", "innocent"):
            raise NotationError(f"a challenge is a seat and guilty or innocent, like 0,guilty, not "
                                f"{brief(words['challenge'])}")
        challenge = (number("challenge", who), verdict == "guilty")
    directions = {"cw": CLOCKWISE, "ccw": COUNTERCLOCKWISE}
    if words["dir"] not in directions:
        raise NotationError(f"dir is cw or ccw, not {brief(words['dir'])}")
    phases = {phase.value: phase for phase in Phase}
    if words["phase"] not in phases:
        raise NotationError(f"phase is one of {', '.join(phases)}, not {brief(words['phase'])}")
    return dict(
        rules=rules, seats=tuple(_unescape(n) for n in words["seats"].split(",")),
        hands=tuple(cards(hand) for hand in words["hands"].split("/")), draw_pile=cards(words["draw"]),
        discard=cards(words["discard"]), color=None if words["color"] == "-" else Color.parse(words["color"]),
        turn=number("turn"), direction=directions[words["dir"]], pending=number("pending"),
        stack_value=number("stack"), phase=phases[words["phase"]],
        drawn=None if words["drawn"] == "-" else Card.parse(words["drawn"]), out=seats_listed("out"),
        set_aside=cards(words["aside"]), catchable=seats_listed("uno"), challenge=challenge, stuck=number("stuck"),
        winner=None if words["winner"] == "-" else number("winner"),
        end_reason=None if words["end"] == "-" else _unescape(words["end"]), seed=number("seed"),
        shuffles=number("shuffles"), dealer=number("dealer"), ply=number("ply"),
    )
