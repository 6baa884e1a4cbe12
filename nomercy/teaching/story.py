"""The story of a round: its key moments picked from the log, with the full log folded under them.

A round's log runs to hundreds of lines, and a reader given all of them at once finds no story in
them. :func:`round_story` picks the moments a player would tell a friend about (the first card, the
big draws, a wild reverse +4 that comes back to its player, a knock-out, a reshuffle, the win) and
lays them out as a short HTML list that reads on GitHub without a kernel. :func:`round_log` gives the
whole log, folded in a ``<details>`` block, for a page of reference (the lessons' appendix) rather than
the lesson itself. Every sentence is the log's own; nothing is made up here.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from nomercy.core.errors import NomercyError

__all__ = ["key_moments", "round_story", "round_log", "BIG_DRAW"]

BIG_DRAW = 10
"""A draw of this many cards or more counts as a key moment."""

_ALWAYS = {"first_card_turned", "knocked_out", "penalty_cancelled", "pile_reshuffled", "round_won", "round_scored"}


def _checked(lines: Any) -> list[Mapping[str, Any]]:
    """The log lines, or one clear refusal: a list of lines as a table's ``log_lines`` gives them."""
    if isinstance(lines, (str, bytes)) or not isinstance(lines, Sequence):
        raise NomercyError("A round's story needs its log: a list of log lines, as table.log_lines gives them.")
    for line in lines:
        if not isinstance(line, Mapping) or not isinstance(line.get("sentence"), str):
            raise NomercyError("Each log line must have a sentence, as the lines of table.log_lines do.")
        if not isinstance(line.get("n", 0), int) or isinstance(line.get("n", 0), bool):
            raise NomercyError("Each log line is numbered with a whole number, as in table.log_lines.")
    return list(lines)


def _drawn(line: Mapping[str, Any]) -> int:
    """How many cards a ``cards_drawn`` line says were drawn (0 for any other line)."""
    if line.get("kind") != "cards_drawn":
        return 0
    words = str(line.get("sentence", "")).split()
    counts = [int(word) for word in words if word.isdigit()]
    return counts[0] if counts else 0


def key_moments(lines: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    """The key moments of a round, as (log line number, sentence), in the order they happened.

    A wild reverse +4 that comes back to its player (two players left) is told by the line that played
    it (its number) and the pending line, joined by "…" (the pending line alone does not say who played it;
    each part is word for word the log's, so a reader can find both lines there). A draw that ends in a knock-out
    is told however small it is, so the story shows how the player reached the limit.
    """
    moments: list[tuple[int, str]] = []
    last_play: Mapping[str, Any] | None = None
    lines = _checked(lines)
    for index, line in enumerate(lines):
        kind, sentence, number = line.get("kind"), str(line.get("sentence", "")), int(line.get("n", 0))
        knocks_out = index + 1 < len(lines) and lines[index + 1].get("kind") == "knocked_out"
        if kind == "card_played":
            last_play = line
        if kind in _ALWAYS or _drawn(line) >= BIG_DRAW or (_drawn(line) > 0 and knocks_out):
            moments.append((number, sentence))
        elif line.get("rule") == "wild-reverse-four-two-players" and last_play is not None:
            # cited by the play's own line; "…" stands for the lines between (the turn of direction), left out
            played, at = str(last_play.get("sentence", "")), int(last_play.get("n", 0))
            moments.append((at, f"{played} … {sentence}"))
    return moments


def round_story(lines: Sequence[Mapping[str, Any]], *, title: str = "The key moments") -> str:
    """HTML: the key moments as a list, each with its log line number (the whole log is :func:`round_log`)."""
    lines = _checked(lines)
    if not isinstance(title, str):
        raise NomercyError("The story's title must be text.")
    items = "".join(f"<li><b>line {number}</b>: {escape(sentence)}</li>" for number, sentence in key_moments(lines))
    return f"<p><b>{escape(title)}</b> ({len(lines)} lines in the whole log)</p><ul>{items}</ul>"


def round_log(lines: Sequence[Mapping[str, Any]]) -> str:
    """HTML: the whole log, folded, one numbered line each with the ruling behind it."""
    lines = _checked(lines)
    full = "\n".join(
        f"{line.get('n', '')}. {line.get('sentence', '')}" + (f"  (rule {line['rule']})" if isinstance(line.get("rule"), str) and line["rule"] else "")
        for line in lines)
    return (f"<details><summary>The whole log, line by line, each with its ruling ({len(lines)} lines)</summary>"
            f"<pre>{escape(full)}</pre></details>")
