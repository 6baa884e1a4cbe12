"""The puzzle on each topic's board in notebook 10, which the appendix works out move by move.

One list that both notebooks read, so the appendix can never answer a puzzle the boards do not show. Most
topics show their easiest puzzle (by level, then by id); two show another, for the reason beside it.
"""

from __future__ import annotations

__all__ = ["BOARD_PUZZLES", "topic_counts"]

BOARD_PUZZLES: dict[str, str] = {
    "drawing": "draw-until-playable",
    "first-card": "buried-roulette",
    "stacking": "bm-ten-is-coming",
    "mercy": "bm-twenty-one-facing-four",
    "sevens-zeros": "bm-swap-with-the-shortest-hand",
    "action-cards": "bm-skip-all-then-win",
    "discard-all": "bm-discard-all-to-win",
    "roulette": "roulette-on-stack",
    "reverse-draw-four": "wild-reverse-four-players",
    "two-player": "bm-two-player-reverse-to-win",
    "uno-call": "cannot-catch-two-cards",  # a catch, not which card to keep
    "winning-scoring": "last-plus-ten-no-draw",  # every hand it scores is shown
    "empty-pile": "draw-stops-short",
    "classic": "bm-classic-skip-two-players",
    "options": "draw-official",
}
"""Each topic's board puzzle, in the order of notebook 10's boards."""


def topic_counts() -> str:
    """The puzzle collection counted by topic and level, with the notebooks that teach each topic (notebook 10's
    table), as Markdown: one row a topic, in the order of the lessons, then any topic no lesson names, then the totals."""
    from collections import Counter

    from nomercy.puzzles.puzzle import load_puzzles
    from nomercy.teaching.lessons import TOPIC_NOTEBOOKS

    puzzles = load_puzzles()

    levels = ("easy", "medium", "hard")
    count = Counter((p.topic, p.level) for p in puzzles)
    topics = list(TOPIC_NOTEBOOKS) + sorted({topic for topic, _ in count} - set(TOPIC_NOTEBOOKS))
    rows = ["| topic | id | easy | medium | hard | all | notebook |", "|---|---|---|---|---|---|---|"]
    for topic in topics:
        name, where = TOPIC_NOTEBOOKS.get(topic, (topic, ()))
        notebooks = ", ".join(str(int(file[:2])) for file, _ in where) or "-"
        numbers = [count[topic, level] for level in levels]
        rows.append(f"| {name} | `{topic}` | " + " | ".join(map(str, numbers)) + f" | {sum(numbers)} | {notebooks} |")
    totals = [sum(count[topic, level] for topic in topics) for level in levels]
    rows.append("| **all** | | " + " | ".join(map(str, totals)) + f" | **{sum(totals)}** | |")
    return "\n".join(rows)
