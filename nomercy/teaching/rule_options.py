"""Play the same position under several rule sets and put the outcomes side by side: the one comparison.

The sources disagree on a handful of points (``docs/rulebook.md``), and each other reading
is a named rule option. The clearest way to see what an option does is to take one
position, play the very same moves under each reading, and look at the results in
one table. That is all this module does; the engine decides every move. A position is a
puzzle (set up again from its own file under each rule set, with that rule set's deck) or a
``GameState`` (the same cards, the rules changed); :meth:`Comparison.by_moves` shows the
outcomes as a grid of move lines by rule sets, as the lessons do with :func:`compare_options`.

>>> from nomercy.puzzles.puzzle import find_puzzle
>>> puzzle = find_puzzle("seven-keep-optional")
>>> table = compare(puzzle, variants("seven_swap"))
>>> print(table.with_columns("rules", "result", "hands", "turn"))
rules               | result                                                                           | hands        | turn
seven_swap=required | refused: A plays red 7 keeping (A must swap hands with another player when p ... | A:3 B:13 C:1 | A
seven_swap=optional | played                                                                           | A:2 B:13 C:1 | B
seven_swap=off      | played                                                                           | A:2 B:13 C:1 | B
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Sequence

from nomercy.core.errors import NomercyError
from nomercy.core.events import Event
from nomercy.core.rules import OPTIONS, PROFILES, RuleSet, ruleset
from nomercy.core.scoring import points_counted, round_points
from nomercy.core.state import GameState
from nomercy.play.transcript import Transcript
from nomercy.puzzles.puzzle import Puzzle
from nomercy.teaching import arguments
from nomercy.teaching.lessons import situation
# the tables this module's comparisons sit beside, each in its own module, named here as they always were
from nomercy.teaching.option_puzzles import group_with, option_pairs, option_puzzles
from nomercy.teaching.option_table import OptionRow, disputed_options, option_text, options_table, profile_options, profiles
from nomercy.teaching.rounds import compare_deals, deck_differences, first_card_deals, play_match
from nomercy.teaching.text_table import Table, html_table
from nomercy.core import inputs
from nomercy.core.records import check_fields

__all__ = [
    "Outcome", "Comparison", "OptionRow", "variants", "profiles", "play", "compare", "first_card_deals",
    "option_puzzles", "option_pairs", "profile_options", "disputed_options", "options_table", "html_table", "compare_group", "compare_options", "play_match", "restage", "Table", "compare_deals", "deck_differences", "readings", "group_with",
]


@dataclass(frozen=True)
class Outcome:
    """What happened when a list of moves was played from one position under one rule set.

    Play stops at the first refused move: ``refused`` is that move and ``reason`` the
    engine's own words, so a refusal is a result to compare, not a crash. When the
    position itself cannot exist under the rules (a card the deck does not have, too
    many players), ``problem`` says why and nothing is played.
    """

    label: str
    rules: RuleSet
    moves: tuple[str, ...]
    played: tuple[str, ...] = ()
    refused: str | None = None
    reason: str | None = None
    events: tuple[Event, ...] = ()
    state: GameState | None = None
    problem: str | None = None

    @property
    def result(self) -> str:
        """One phrase: played, refused (and why), or impossible."""
        if self.problem:
            return f"cannot be set up: {self.problem}"
        if self.refused:
            return f"refused: {self.refused} ({self.reason})"
        return "played"

    def summary(self) -> dict[str, str]:
        """The position reached, as short texts keyed by column name."""
        row = {"rules": self.label, "moves": "; ".join(self.moves), "result": self.result}
        state = self.state
        if state is None:
            return row | {"hands": "", "cards": "", "turn": "", "pending": "", "top": "", "out": "", "winner": "", "points": "", "counted": ""}
        out = [state.seats[s] for s in state.out]
        winner = state.seats[state.winner] if state.winner is not None else ""
        row |= {
            # a knocked-out seat reads "out", never 0 cards (0 is an emptied, winning hand)
            "hands": " ".join(f"{name}:out" if seat in state.out else f"{name}:{len(state.hands[seat])}"
                              for seat, name in enumerate(state.seats)),
            "cards": "; ".join(f"{name}: out" if seat in state.out else
                               f"{name}: {', '.join(map(str, state.hands[seat])) or 'none'}"
                               for seat, name in enumerate(state.seats)),
            "turn": state.seats[state.turn] if state.winner is None else "-",
            "pending": str(state.pending_draw),
            "top": f"{state.top_card}" + (f" ({state.color})" if state.top_card.color is None and state.color else ""),
            "out": ", ".join(out) or "-",
            "winner": winner or "-",
            "points": str(round_points(state)) if winner else "-",
            "counted": points_counted(state) if winner else "-",
        }
        return row

    @property
    def allowed(self) -> bool:
        """Were all the moves played (none refused, the position could be set up)?"""
        return self.refused is None and self.problem is None

    def cell(self) -> str:
        """What the moves did, for a grid: every event's sentence, then the refusal or where the table stands."""
        done = " ".join(event.sentence for event in self.events)
        if self.problem:
            return f"Cannot be set up: {self.problem}."
        if self.refused:
            reason = self.reason or ""
            return (f"{done} The next move is refused: " if done else "Refused: ") + reason + "."
        return done + (f" Now: {situation(self.state)}" if self.state is not None else "")

    @property
    def sentences(self) -> list[str]:
        """Every event's sentence, in order, then the refusal if there was one."""
        lines = [event.sentence for event in self.events]
        if self.refused:
            lines.append(f"Refused: {self.refused}: {self.reason}.")
        if self.problem:
            lines.append(f"Cannot be set up: {self.problem}.")
        return lines


DEFAULT_COLUMNS = ("rules", "moves", "result", "hands", "turn")
MIN_WIDTH, MAX_WIDTH = 20, 1000
"""The narrowest and widest table a comparison prints, in characters a line."""
SUMMARY_COLUMNS = ("rules", "moves", "result", "hands", "cards", "turn", "pending", "top", "out", "winner", "points",
                   "counted")
"""Every column a comparison can show (the keys of :meth:`Outcome.summary`)."""


@dataclass(frozen=True)
class Comparison:
    """Outcomes side by side; prints as a fixed-width text table and shows as HTML.

    ``columns`` picks which of :meth:`Outcome.summary`'s keys to show. The text form
    cuts long cells so the table stays readable in a terminal and in stored outputs.

    :func:`compare` gives one; a program may also build one from outcomes it has, so its fields are checked when
    it is made: each of its kind (:func:`~nomercy.core.records.check_fields`), the columns among
    :data:`SUMMARY_COLUMNS`, the layout ``rows`` or ``grid``, a width a terminal shows.
    """

    outcomes: tuple[Outcome, ...]
    columns: tuple[str, ...] = DEFAULT_COLUMNS
    width: int = 80
    layout: str = "rows"  # or "grid": one row per line of moves, one column per rule set (:meth:`by_moves`)
    left_out: int = 0  # rows :meth:`differing` dropped; the table says how many in one line under it
    heading: str = "rules"  # the label column's heading: "direction" when the rows differ by direction

    def __post_init__(self) -> None:
        check_fields(self, "a comparison")
        inputs.choices(self.columns, "the columns of a comparison", SUMMARY_COLUMNS, least=1)
        inputs.whole_number(self.width, "the width of a comparison (characters a line)", MIN_WIDTH, MAX_WIDTH)
        inputs.choice(self.layout, "the layout of a comparison", ("rows", "grid"))
        inputs.whole_number(self.left_out, "the rows a comparison left out", 0, 10**9)
        inputs.text(self.heading, "the heading of a comparison's label column", longest=40, like="rules")

    def headings(self) -> tuple[str, ...]:
        """The column headings a reader sees: the label column under :attr:`heading`."""
        return tuple(self.heading if c == "rules" else c for c in self.columns)

    def rows(self) -> list[dict[str, str]]:
        return [{k: o.summary()[k] for k in self.columns} for o in self.outcomes]

    def with_columns(self, *columns: str) -> "Comparison":
        return dataclasses.replace(self, columns=tuple(columns))

    def by_moves(self) -> "Comparison":
        """The same outcomes as a grid: one row per line of moves, one column per rule set, each cell what
        the moves did there (a refusal with the engine's reason)."""
        return dataclasses.replace(self, layout="grid")

    def grid(self) -> tuple[tuple[str, ...], list[tuple[str, list[Outcome]]]]:
        """The rule sets' labels, and each line of moves with its outcome under each rule set."""
        labels = tuple(dict.fromkeys(o.label for o in self.outcomes))
        lines: dict[tuple[str, ...], list[Outcome]] = {}
        for outcome in self.outcomes:
            lines.setdefault(outcome.moves, []).append(outcome)
        return labels, [(" then ".join(moves), found) for moves, found in lines.items()]

    def differing(self) -> "Comparison":
        """Only the lines of moves whose outcome differs between the rule sets; a line refused under every
        rule set, or played to the same end under all of them, teaches nothing about the difference. In the
        row layout, rule sets that end alike share one row that names them all.

        >>> from nomercy.teaching.lessons import position_of
        >>> moves = ["A plays yellow +4", "B plays yellow +2"]
        >>> found = compare(position_of("stack-two-on-four-official"), readings("stacking"), moves).possible()
        >>> [row["rules"] for row in found.differing().rows()]  # doctest: +NORMALIZE_WHITESPACE
        ['stacking=official, no-mercy, open-mercy', 'stacking=wilds-on-anything', 'stacking=anything-goes, speltavlan',
         'stacking=none, classic']
        """
        def key(o: Outcome) -> str:
            return o.cell() if o.allowed else "refused"

        def shown_as(o: Outcome) -> tuple[str, ...]:
            summary = o.summary()
            return (str(o.allowed), *(summary[c] for c in self.columns if c != "rules"))

        def repeats(o: Outcome) -> bool:
            """A refusal already shown on a shorter line of the same moves, under the same rule set."""
            return o.refused is not None and any(
                p is not o and p.label == o.label and len(p.moves) < len(o.moves) and o.moves[:len(p.moves)] == p.moves
                and o.refused in p.moves and p.cell() == o.cell() for p in self.outcomes)
        lines: dict[tuple[str, ...], list[Outcome]] = {}
        for outcome in self.outcomes:
            lines.setdefault(outcome.moves, []).append(outcome)
        kept: list[Outcome] = []
        shown = 0  # outcomes a kept row stands for (a label may hold a comma itself, so rows are counted here)
        for found in lines.values():
            if len({key(o) for o in found}) < 2:
                continue
            if self.layout == "grid":  # one column per rule set: every cell stays
                kept += found
                continue
            # rows that read alike in the columns shown (and were played, or refused, alike) share one row: a
            # difference the table does not show (a sentence, a hand's cards) would only make two rows look equal
            alike: dict[tuple[str, ...], list[Outcome]] = {}
            for outcome in found:
                if not repeats(outcome):
                    alike.setdefault(shown_as(outcome), []).append(outcome)
            if len({shown_as(o) for o in found}) < 2:  # the rule sets differ only where the table does not look
                continue
            kept += [dataclasses.replace(same[0], label=", ".join(o.label for o in same)) for same in alike.values()]
            shown += sum(len(same) for same in alike.values())
        if self.layout == "grid":  # a row of the grid is a line of moves
            dropped = len(lines) - len({o.moves for o in kept})
        else:  # a row is a rule set's outcome; rule sets that end alike share one row but are not left out
            dropped = len(self.outcomes) - shown
        return dataclasses.replace(self, outcomes=tuple(kept), left_out=self.left_out + dropped)

    def note(self) -> str:
        """The line under a table that :meth:`differing` cut: how many of the rows played it leaves out."""
        if self.left_out <= 0:
            return ""
        return (f"({self.left_out} {'row is' if self.left_out == 1 else 'rows are'} not shown: each comes out the same "
                f"under all the rules compared, or repeats a refusal shown above.)")

    def possible(self) -> "Comparison":
        """Only the rule sets under which the position can be set up at all.

        The classic deck has no +4 in colors, no +6 and so on, so many No Mercy
        positions cannot exist there; this drops those rows.
        """
        return dataclasses.replace(self, outcomes=tuple(o for o in self.outcomes if o.problem is None))

    def __str__(self) -> str:
        if self.layout == "grid":
            lines = []
            for moves, found in self.grid()[1]:
                lines.append(moves)
                lines.extend(f"   {o.label}: {o.cell()}" for o in found)
            return "\n".join(lines)
        rows = self.rows()

        def cut(text: str) -> str:
            return text if len(text) <= self.width else text[: self.width - 4].rstrip() + " ..."

        cells = [[cut(r[k]) for k in self.columns] for r in rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(self.headings())]
        lines = [" | ".join(c.ljust(w) for c, w in zip(self.headings(), widths)).rstrip()]
        lines += [" | ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
        return "\n".join(lines + ([self.note()] if self.note() else []))

    def __repr__(self) -> str:
        if self.layout == "grid":
            labels, lines = self.grid()
            return f"<Comparison of {len(lines)} lines of moves under {len(labels)} rule sets>"
        return f"<Comparison of {len(self.outcomes)} rule sets>"

    def _repr_html_(self) -> str:
        if self.layout == "grid":
            labels, lines = self.grid()
            return html_table(("moves",) + labels, (
                {"moves": moves, **{o.label: ("✓ " if o.allowed else "✗ ") + o.cell() for o in found}}
                for moves, found in lines)) + self._note_html()
        rows = ({self.heading if k == "rules" else k: v for k, v in row.items()} for row in self.rows())
        return html_table(self.headings(), rows) + self._note_html()

    def _note_html(self) -> str:
        return f'<p style="font-size:12px;color:#555">{escape(self.note())}</p>' if self.note() else ""


def variants(option: str, base: str | RuleSet = "no-mercy",
             values: Sequence[Any] | None = None) -> list[tuple[str, RuleSet]]:
    """``base`` with one option set to each of its values, labelled ``option=value``.

    Choice options run through all their choices and true/false options through both;
    number options (``mercy_limit``, ``uno_penalty``, ...) through the values the
    profiles use, unless ``values`` says otherwise. The base's own value comes first.

    >>> [label for label, _ in variants("zero_pass")]
    ['zero_pass=true', 'zero_pass=false']
    >>> [label for label, _ in variants("uno_penalty")]
    ['uno_penalty=2', 'uno_penalty=10']
    """
    option = arguments.inputs.choice(option, "a rule option", tuple(OPTIONS))
    info = OPTIONS[option]
    base_rules = arguments.rule_set(base, "the base rules")
    if values is not None:
        values = list(arguments.inputs.items(values, "the values", least=1, most=arguments.MOST_LINES))
        if any(not isinstance(v, (str, int, float, bool, type(None))) for v in values):
            raise NomercyError(f"each value for {option} is one value (a text, a number, true or false, or none), "
                               "not a group of values")
    if values is None:
        if info.kind == "bool":
            values = [True, False]
        elif info.choices:
            values = list(info.choices)
        else:
            values = []
            for rules in PROFILES.values():
                value = getattr(rules, option)
                if value not in values:
                    values.append(value)
        own = getattr(base_rules, option)
        values = [own] + [v for v in values if v != own]
    return [(f"{option}={option_text(v)}", ruleset(base_rules, **{option: _plain(v, option)})) for v in values]


def _plain(value: Any, option: str) -> Any:
    return option_text(value) if OPTIONS[option].kind == "range" else value


def readings(option: str) -> list[tuple[str, RuleSet]]:
    """Every value of ``option`` on the printed rules, then every profile as it stands.

    >>> [label for label, _ in readings("zero_pass")]
    ['zero_pass=true', 'zero_pass=false', 'no-mercy', 'classic', 'open-mercy', 'speltavlan']
    """
    if not isinstance(option, str) or option not in OPTIONS:
        raise NomercyError(f"There is no rule option by that name: choose one of {', '.join(OPTIONS)}.")
    return variants(option) + profiles()


# --- playing -----------------------------------------------------------------------

def play(source: Puzzle | GameState, rules: RuleSet, moves: Sequence[str] | None = None, *,
         label: str | None = None) -> Outcome:
    """Set up the position under ``rules`` and play the moves (a puzzle's own by default).

    A puzzle's position is built again for the new rules, so the filler cards and the draw
    pile come from that rule set's own deck; a ``GameState`` keeps its cards and changes
    its rules. Play stops at the first refused move.
    """
    source = arguments.position(source)
    rules = arguments.rule_set(rules)
    moves = tuple(source.moves) if moves is None and isinstance(source, Puzzle) else \
        arguments.moves(() if moves is None else moves)
    label = rules.name if label is None else arguments.inputs.text(label, "the label", longest=100, like="seven_swap=off")
    low, high = rules.players
    if not low <= len(source.seats if isinstance(source, GameState) else source.players) <= high:
        return Outcome(label, rules, moves, problem=f"{rules.name} is for {low} to {high} players")
    try:
        state = (source.replace(rules=rules) if isinstance(source, GameState)
                 else dataclasses.replace(source, rules=rules).position())
    except NomercyError as error:
        return Outcome(label, rules, moves, problem=str(error).split(": ", 1)[-1])
    story = Transcript.of_moves(state, moves)
    refused = story.refused
    if refused is not None:
        return Outcome(label, rules, moves, story.played, refused.move, refused.refused, story.events, story.end)
    return Outcome(label, rules, moves, story.played, events=story.events, state=story.end)


def compare(source: Puzzle | GameState, rule_sets: Iterable[tuple[str, RuleSet]],
            moves: Sequence[str] | Sequence[Sequence[str]] | None = None,
            columns: Sequence[str] = DEFAULT_COLUMNS) -> Comparison:
    """Play a puzzle (or a position) under each labelled rule set; one row per rule set and move list.

    ``moves`` is the puzzle's own list by default. Give a list of move lists to try
    several lines of play (say, "A plays red 7 keeping" and "A plays red 7 swapping
    with B") under every rule set.
    """
    source = arguments.position(source)
    labelled = arguments.rule_sets(rule_sets)
    shown = arguments.columns(columns, SUMMARY_COLUMNS)
    if moves is None:
        lines: list[tuple[str, ...]] = [tuple(source.moves) if isinstance(source, Puzzle) else ()]
    else:
        lines = arguments.move_lines(moves)
    outcomes = [play(source, rules, line, label=label) for label, rules in labelled for line in lines]
    return Comparison(tuple(outcomes), shown)


def compare_options(source: Puzzle | GameState, option: str, values: Sequence[Any] | None,
                    moves: Sequence[str]) -> Comparison:
    """Each move on the same position under each value of ``option``, as a grid (:meth:`Comparison.by_moves`).

    ``values``: the values to compare, or ``None`` for the values the profiles use (as :func:`variants`). A move
    may be several moves joined by ``" then "`` (``"B draws then B plays red 9"``). A refused
    move's cell holds the engine's reason; an accepted one every event sentence it caused and where the
    table stands.

    >>> from nomercy.teaching.lessons import position_of
    >>> print(compare_options(position_of("stack-2-4-6"), "stacking", ["official", "none"], ["A plays red +2"]))
    A plays red +2
       stacking=official: A plays red +2. 2 cards are now pending for B: answer with a draw card worth +2 or more, ...
       stacking=none: A plays red +2. 2 cards are now pending for B, who must draw them and lose the turn. Now: ...
    """
    base = arguments.position(source).rules
    rule_sets = variants(option, base, values)
    lines = arguments.moves(moves)
    return compare(source, rule_sets, moves=[move.split(" then ") for move in lines]).by_moves()


def compare_group(puzzles: Sequence[Puzzle], rule_sets: Iterable[tuple[str, RuleSet]],
                  columns: Sequence[str] = DEFAULT_COLUMNS) -> Comparison:
    """Play every line of moves found in a set of puzzles that share one position.

    The option puzzles come in sets (see :func:`option_pairs`): one position, one
    puzzle per reading, sometimes with different moves ("keeping" under one reading,
    "swapping with B" under the other). Here every line of moves is played under every
    rule set, from the first puzzle's position, so nothing is left out.
    """
    puzzles = arguments.inputs.items(puzzles, "the puzzles", least=1, most=arguments.MOST_LINES)
    for puzzle in puzzles:
        arguments.inputs.one_of_kind(puzzle, Puzzle, "a list of puzzles that share one position")
    lines: list[tuple[str, ...]] = []
    for puzzle in puzzles:
        if tuple(puzzle.moves) not in lines:
            lines.append(tuple(puzzle.moves))
    return compare(puzzles[0], rule_sets, moves=lines, columns=columns)


def restage(puzzle: Puzzle, **changes: Any) -> Puzzle:
    """The same puzzle with parts of its position changed, e.g. ``direction=-1``.

    Handy for "what if play ran the other way?" without writing a new YAML file.
    ``direction`` also takes the words ``clockwise`` and ``counterclockwise``.

    >>> from nomercy.puzzles.puzzle import find_puzzle
    >>> restage(find_puzzle("zero-counterclockwise"), direction="clockwise").direction
    1
    """
    arguments.inputs.one_of_kind(puzzle, Puzzle, "a puzzle")
    return dataclasses.replace(puzzle, **arguments.puzzle_changes(puzzle, changes))


