"""What the teaching helpers take from a notebook, read once at their door in the game's words.

The lessons and the rule comparisons are called from notebook cells, where a learner may pass a rule set's
name for a rule set, one move for a list of moves, or a number as text. Each kind of argument is read here,
through :mod:`nomercy.core.inputs`, so that a wrong one is refused in one line that says what is allowed,
before any game is set up, and never as a Python error from deep inside the engine.

>>> rule_sets([("classic", "classic")])[0][1].name
'classic'
>>> move_lines("A plays red 7")
Traceback (most recent call last):
...
nomercy.core.errors.NomercyError: the moves is a list of texts, like ['A plays red 7'] (or a list of such lists); not 'A plays red 7'
"""

from __future__ import annotations

from typing import Any

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote
from nomercy.core.rules import PROFILES, RuleSet

MOST_LINES = 100
"""The most lines of moves, or rule sets, one comparison plays (each is a game set up and played)."""
MOST_MOVES = 500
"""The most moves in one line of play."""


def same_deal(state: Any, options: dict[str, Any]) -> Any:
    """The dealt ``state`` under its rules changed by ``options``, if it can be played under them: the cards on the table
    are its deck's, and its seats as many as the rules seat (``under(g, deck="classic")`` kept 168 No Mercy cards)."""
    rules = state.rules.replace(**options)
    if rules.deck != state.rules.deck:
        raise NomercyError(f"the deck is chosen when the cards are dealt: this position holds the {state.rules.deck} "
                           f"deck's cards; deal again with new_game(..., deck={rules.deck!r}) to play another deck")
    low, high = rules.players
    if not low <= len(state.seats) <= high:
        raise NomercyError(f"players={low}-{high} does not seat the {len(state.seats)} players of this position")
    return state.replace(rules=rules)


def position(value: Any) -> Any:
    """A position to play from: a puzzle, or a ``GameState``."""
    from nomercy.core.state import GameState
    from nomercy.puzzles.puzzle import Puzzle

    return inputs.one_of_kind(value, (Puzzle, GameState), "a puzzle or a position (a GameState, as new_game gives one)")


def rule_set(value: Any, what: str = "the rules") -> RuleSet:
    """A rule set: a ``RuleSet``, or a profile's name (``no-mercy``, ``classic``...)."""
    if isinstance(value, RuleSet):
        return value
    return PROFILES[inputs.choice(value, f"{what} (a RuleSet, or the name of a profile)", tuple(PROFILES))]


def rule_sets(value: Any) -> tuple[tuple[str, RuleSet], ...]:
    """Labelled rule sets: a list of pairs ``(label, rules)``, as :func:`variants` and :func:`profiles` give."""
    allowed = "the rule sets are a list of pairs (label, rules), as variants() and profiles() give"
    pairs = []
    for pair in inputs.items(value, "the rule sets", least=1, most=MOST_LINES):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2 or not isinstance(pair[0], str) \
                or not 0 < len(pair[0]) <= 100:
            raise NomercyError(f"{allowed}; not {quote(pair)} in it")
        pairs.append((pair[0], rule_set(pair[1], f"the rules of {quote(pair[0])}")))
    return tuple(pairs)


def moves(value: Any) -> tuple[str, ...]:
    """One line of moves, each as the notation writes it (``"A plays red 7"``)."""
    return inputs.texts(value, "the moves", most=MOST_MOVES)


def move_lines(value: Any) -> list[tuple[str, ...]]:
    """One line of moves, or several (a list of lists of moves)."""
    allowed = "the moves is a list of texts, like ['A plays red 7'] (or a list of such lists)"
    if isinstance(value, (str, bytes)):
        raise NomercyError(f"{allowed}; not {quote(value)}")
    found = inputs.items(value, "the moves", most=MOST_MOVES)
    if found and not isinstance(found[0], str):
        return [inputs.texts(line, "each line of moves", most=MOST_MOVES) for line in
                inputs.items(found, "the lines of moves", most=MOST_LINES)]
    return [inputs.texts(found, "the moves", most=MOST_MOVES)]


def columns(value: Any, known: tuple[str, ...]) -> tuple[str, ...]:
    """Which columns a comparison shows, each one of ``known``."""
    return inputs.choices(value, "the columns", known, least=1)


def seats(value: Any) -> tuple[str, ...]:
    """Seat names, as a table takes them."""
    return inputs.seat_names(inputs.items(value, "the seats", least=2, most=6), error=NomercyError)


def seeds(value: Any) -> tuple[int, ...]:
    """A list of seeds (at least one, each a whole number from 0 to 2**63 - 1)."""
    return tuple(inputs.seed(s, error=NomercyError) for s in inputs.items(value, "the seeds", least=1, most=MOST_LINES))


def width(value: Any, what: str = "the width of a card") -> float:
    """The width of a card in a picture, in pixels."""
    return inputs.number(value, what, 4, 400)


def puzzle_changes(puzzle: Any, changes: dict[str, Any]) -> dict[str, Any]:
    """The parts of a puzzle's position :func:`~nomercy.teaching.rule_options.restage` may change, each read:
    ``direction`` (1, -1 or the words clockwise and counterclockwise), ``turn`` (a player), ``moves``,
    ``pending`` and ``rules``."""
    from nomercy.core.state import CLOCKWISE, COUNTERCLOCKWISE

    def direction(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and value in (CLOCKWISE, COUNTERCLOCKWISE):
            return value
        word = inputs.choice(value, "the direction", ("clockwise", "counterclockwise"))
        return CLOCKWISE if word == "clockwise" else COUNTERCLOCKWISE

    readers: dict[str, Any] = {
        "direction": direction,
        "turn": lambda value: inputs.choice(value, "whose turn it is", puzzle.players),
        "moves": moves,
        "pending": lambda value: inputs.count(value, "the cards pending", 0, 1000),
        "rules": rule_set,
    }
    for name in changes:
        if name not in readers:
            raise NomercyError(f"restage changes {', '.join(readers)}; not {quote(name)}")
    return {name: readers[name](value) for name, value in changes.items()}
