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
import functools
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from nomercy.core.engine import apply
from nomercy.play.transcript import Transcript
from nomercy.teaching import arguments
from nomercy.teaching.lessons import situation
from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote
from nomercy.core.events import Event
from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir, load_puzzles
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS, PROFILES, RuleSet, ruleset
from nomercy.core.scoring import points_counted, round_points
from nomercy.core.state import GameState

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
            return (f"{done} Then: " if done else "") + reason[:1].upper() + reason[1:] + "."
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
SUMMARY_COLUMNS = ("rules", "moves", "result", "hands", "cards", "turn", "pending", "top", "out", "winner", "points",
                   "counted")
"""Every column a comparison can show (the keys of :meth:`Outcome.summary`)."""


@dataclass(frozen=True)
class Comparison:
    """Outcomes side by side; prints as a fixed-width text table and shows as HTML.

    ``columns`` picks which of :meth:`Outcome.summary`'s keys to show. The text form
    cuts long cells so the table stays readable in a terminal and in stored outputs.
    """

    outcomes: tuple[Outcome, ...]
    columns: tuple[str, ...] = DEFAULT_COLUMNS
    width: int = 80
    layout: str = "rows"  # or "grid": one row per line of moves, one column per rule set (:meth:`by_moves`)
    left_out: int = 0  # rows :meth:`differing` dropped; the table says how many in one line under it

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

        def repeats(o: Outcome) -> bool:
            """A refusal already shown on a shorter line of the same moves, under the same rule set."""
            return o.refused is not None and any(
                p is not o and p.label == o.label and len(p.moves) < len(o.moves) and o.moves[:len(p.moves)] == p.moves
                and o.refused in p.moves and p.cell() == o.cell() for p in self.outcomes)
        lines: dict[tuple[str, ...], list[Outcome]] = {}
        for outcome in self.outcomes:
            lines.setdefault(outcome.moves, []).append(outcome)
        kept: list[Outcome] = []
        for found in lines.values():
            if len({key(o) for o in found}) < 2:
                continue
            if self.layout == "grid":  # one column per rule set: every cell stays
                kept += found
                continue
            alike: dict[str, list[Outcome]] = {}  # rows that end alike (same refusal too) share one row
            for outcome in found:
                if not repeats(outcome):
                    alike.setdefault(outcome.cell(), []).append(outcome)
            kept += [dataclasses.replace(same[0], label=", ".join(o.label for o in same)) for same in alike.values()]
        if self.layout == "grid":  # a row of the grid is a line of moves
            dropped = len(lines) - len({o.moves for o in kept})
        else:  # a row is a rule set's outcome; rule sets that end alike share one row but are not left out
            dropped = len(self.outcomes) - sum(len(o.label.split(", ")) for o in kept)
        return dataclasses.replace(self, outcomes=tuple(kept), left_out=self.left_out + dropped)

    def note(self) -> str:
        """The line under a table that :meth:`differing` cut: how many of the rows played it leaves out."""
        if not self.left_out:
            return ""
        return (f"({self.left_out} more {'row' if self.left_out == 1 else 'rows'} left out: the same end under every "
                f"rule set, or a refusal already shown on a shorter line.)")

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
                lines.extend(f"   {o.label}: {'' if o.allowed else 'REFUSED. '}{o.cell()}" for o in found)
            return "\n".join(lines)
        rows = self.rows()

        def cut(text: str) -> str:
            return text if len(text) <= self.width else text[: self.width - 4].rstrip() + " ..."

        cells = [[cut(r[k]) for k in self.columns] for r in rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(self.columns)]
        lines = [" | ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
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
                {"moves": moves, **{o.label: ("✓ " if o.allowed else "✗ refused. ") + o.cell() for o in found}}
                for moves, found in lines)) + self._note_html()
        return html_table(self.columns, self.rows()) + self._note_html()

    def _note_html(self) -> str:
        return f'<p style="font-size:12px;color:#555">{escape(self.note())}</p>' if self.note() else ""


def html_table(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """A plain HTML table (left-aligned, small print) that reads on GitHub and nbviewer."""
    cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
    head = "".join(f'<th style="{cell}">{escape(str(c))}</th>' for c in columns)
    def td(text: str) -> str:  # short cells like "A:2 B:5 C:3" read best on one line
        nowrap = ";white-space:nowrap" if len(text) <= 24 else ""
        return f'<td style="{cell}{nowrap}">{escape(text)}</td>'

    body = "".join("<tr>" + "".join(td(str(r.get(c, ""))) for c in columns) + "</tr>" for r in rows)
    return (f'<table style="border-collapse:collapse;font-size:13px"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


# --- which rule sets ---------------------------------------------------------------

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
    return [(f"{option}={_show(v)}", ruleset(base_rules, **{option: _plain(v, option)})) for v in values]


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return str(value)


def _plain(value: Any, option: str) -> Any:
    return _show(value) if OPTIONS[option].kind == "range" else value


def readings(option: str) -> list[tuple[str, RuleSet]]:
    """Every value of ``option`` on the printed rules, then every profile as it stands.

    >>> [label for label, _ in readings("zero_pass")]
    ['zero_pass=true', 'zero_pass=false', 'no-mercy', 'classic', 'open-mercy', 'speltavlan']
    """
    if not isinstance(option, str) or option not in OPTIONS:
        raise NomercyError(f"There is no rule option by that name: choose one of {', '.join(OPTIONS)}.")
    return variants(option) + profiles()


def profiles(names: Sequence[str] | None = None) -> list[tuple[str, RuleSet]]:
    """Every profile (or the ones named), labelled by name, in the order of ``PROFILES``."""
    chosen = list(PROFILES) if names is None else arguments.inputs.choices(names, "the profiles", tuple(PROFILES))
    return [(name, PROFILES[name]) for name in (chosen or list(PROFILES))]


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


def compare_options(source: Puzzle | GameState, option: str, values: Sequence[Any], moves: Sequence[str]) -> Comparison:
    """Each move on the same position under each value of ``option``, as a grid (:meth:`Comparison.by_moves`).

    A move may be several moves joined by ``" then "`` (``"B draws then B plays red 9"``). A refused
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


# --- the option puzzles and the profiles -------------------------------------------

def option_puzzles(directory: str | Path | None = None) -> dict[str, list[Puzzle]]:
    """The puzzles of ``puzzles/options`` grouped by the option they are about (tag ``option-X``).

    >>> sorted(option_puzzles())[:3]
    ['discard_all_top', 'draw', 'jump_in']
    """
    folder = Path(arguments.inputs.path(directory, "the folder of option puzzles")) if directory is not None \
        else default_puzzle_dir() / "options"
    return {option: list(found) for option, found in _option_puzzles(str(folder.resolve()))}


@functools.lru_cache(maxsize=8)
def _option_puzzles(folder: str) -> tuple[tuple[str, tuple[Puzzle, ...]], ...]:
    """Loading and tagging every option puzzle takes a moment; puzzles are frozen, so keep them."""
    groups: dict[str, list[Puzzle]] = {}
    for puzzle in load_puzzles(folder):
        for tag in _tags(puzzle):
            if tag.startswith("option-"):
                groups.setdefault(tag[len("option-"):], []).append(puzzle)
    return tuple((option, tuple(sorted(found, key=lambda p: p.id))) for option, found in sorted(groups.items()))


def _tags(puzzle: Puzzle) -> list[str]:
    """A puzzle's tags (``tags:`` in its file)."""
    return list(puzzle.tags)


def option_pairs(directory: str | Path | None = None) -> dict[str, list[tuple[Puzzle, ...]]]:
    """The option puzzles grouped again into sets that share one position.

    Two puzzles share a position when their seats, discard pile, hands and draw pile
    are the same; they then differ only in the rules and perhaps the moves. Each set is
    the "same position under each reading" that a notebook can play out side by side.
    """
    pairs: dict[str, list[tuple[Puzzle, ...]]] = {}
    for option, found in option_puzzles(directory).items():
        sets: dict[Any, list[Puzzle]] = {}
        for puzzle in found:
            sets.setdefault(_position_key(puzzle), []).append(puzzle)
        pairs[option] = [tuple(group) for group in sets.values()]
    return pairs


def _position_key(puzzle: Puzzle) -> Any:
    return (puzzle.players, puzzle.turn, puzzle.discard, puzzle.color, puzzle.pending,
            tuple(sorted((s, h) for s, h in puzzle.hands.items())), tuple(sorted(puzzle.more.items())),
            puzzle.draw_pile)


@dataclass(frozen=True)
class OptionRow:
    """One rule option: its ruling, its meaning and its value in every profile."""

    option: str
    ruling: str
    meaning: str
    values: Mapping[str, str]

    @property
    def disputed(self) -> bool:
        """True when the No Mercy profiles do not all agree (classic aside)."""
        return len({v for name, v in self.values.items() if name != "classic"}) > 1


def profile_options(names: Sequence[str] | None = None) -> list[OptionRow]:
    """Every option of ``OPTIONS`` with its value in each profile."""
    chosen = profiles(names)
    return [
        OptionRow(option, _rulings_of(option), info.meaning,
                  {name: _show(getattr(rules, option)) for name, rules in chosen})
        for option, info in OPTIONS.items()
    ]


def _rulings_of(option: str) -> str:
    """Every ruling an option's values cite, its own first: ``last_card_draws`` → ``winning, last-card-draws``.

    An event under one value cites one ruling and under another value another, so a table that named
    only the first would send a reader who saw the second to the wrong place.
    """
    own = OPTIONS[option].ruling
    others = [r.id for r in RULINGS.values() if option in r.options and r.id != own]
    return ", ".join([own, *others])


def disputed_options() -> list[str]:
    """Options on which the No Mercy readings differ, or that a puzzle in ``puzzles/options`` is about.

    >>> "seven_swap" in disputed_options(), "hand_size" in disputed_options()
    (True, False)
    """
    about = set(option_puzzles())
    return [row.option for row in profile_options() if row.disputed or row.option in about]


def options_table(names: Sequence[str] | None = None, only: Sequence[str] | None = None,
                  meaning: bool = False) -> "Table":
    """The option-by-profile table as something a notebook shows (HTML) or prints (text).

    ``meaning=True`` adds what each option means, from ``nomercy.core.rules.OPTIONS``; ``only`` keeps the rows
    of the options it names.
    """
    meaning = inputs.switch(meaning, "meaning (whether each option's meaning is shown)")
    kept = None if only is None else inputs.choices(only, "the options to show", tuple(OPTIONS))
    rows = [r for r in profile_options(names) if kept is None or r.option in kept]
    head = ["option", "ruling"] + (["meaning"] if meaning else [])
    columns = head + list(rows[0].values) if rows else head
    return Table(tuple(columns), tuple({"option": r.option, "ruling": r.ruling, "meaning": r.meaning, **r.values}
                                       for r in rows))


@dataclass(frozen=True)
class Table:
    """Rows of short texts under named columns: HTML in a notebook, fixed-width text when printed."""

    columns: tuple[str, ...]
    rows: tuple[Mapping[str, str], ...]

    def __str__(self) -> str:
        widths = [max([len(c)] + [len(str(r.get(c, ""))) for r in self.rows]) for c in self.columns]
        lines = [" | ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        lines += [" | ".join(str(r.get(c, "")).ljust(w) for c, w in zip(self.columns, widths)).rstrip()
                  for r in self.rows]
        return "\n".join(lines)

    def with_columns(self, *columns: str) -> "Table":
        """The same rows under fewer columns, in the order given (a long table read for one thing)."""
        unknown = [c for c in columns if c not in self.columns]
        if not columns or unknown or not all(isinstance(c, str) for c in columns):
            raise NomercyError(f"Pick columns of this table by name: {', '.join(self.columns)}.")
        return Table(columns=tuple(columns), rows=self.rows)

    def __repr__(self) -> str:
        return f"<table of {len(self.rows)} rows>"

    def _repr_html_(self) -> str:
        return html_table(self.columns, self.rows)


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


# --- telling and playing whole rounds ------------------------------------------------

def play_match(rules: str | RuleSet, seats: Sequence[str], *, seed: int = 0, kind: str = "greedy",
               max_rounds: int = 50) -> Table:
    """Computer players play a whole match; one row per round, with the running standings.

    Each row (a :class:`Table`): ``round``, ``winner``, ``how`` (the engine's end reason: ``emptied hand``,
    ``last one standing`` or ``dead end``),
    ``knocked out``, ``points``, ``counted`` (how the points add up, hand by hand) and the standings after it. Seeded, so the same call
    gives the same match.
    """
    from nomercy.core.seeds import derive_seed
    from nomercy.play.game import Game
    from nomercy.play.match import Match
    from nomercy.play.players import make_player

    max_rounds = arguments.inputs.count(max_rounds, "the most rounds", 1, 1000)
    match = Match.start(rules, list(arguments.seats(seats)), seed=seed)
    bots = {i: make_player(kind, seed=derive_seed(seed, "player", i)) for i in range(len(match.seats))}
    rows: list[dict[str, Any]] = []
    while True:
        dealt = match.game
        session = Game(match.rules, match.seats, seed=dealt.seed, dealer=dealt.dealer, computers=bots)
        session.play_computers()
        game = session.state
        match = match.with_game(game)
        winner = game.seats[game.winner] if game.winner is not None else "-"
        rows.append({
            "round": match.round_number, "winner": winner,
            "how": game.end_reason or "-",  # the engine's own word: emptied hand, last one standing, dead end
            "knocked out": ", ".join(game.seats[s] for s in sorted(game.out)) or "-",  # seat order, as in "counted"
            "points": round_points(game),
            "counted": points_counted(game, by_card=False) if game.winner is not None else "-",
            **{f"total {name}": points for name, points in match.standings.items()},
        })
        if match.is_over or match.round_number >= max_rounds:
            return Table(tuple(rows[0]), tuple({k: str(v) for k, v in row.items()} for row in rows))
        match = match.next_round()


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


def compare_deals(rule_sets: Iterable[tuple[str, RuleSet]], players: Sequence[str], *, seed: int = 0) -> Table:
    """Deal the same seed under each rule set and show how the round starts.

    Useful for the ruling ``first-card``: the same shuffle gives the same hands, and
    the rules decide what happens to the cards turned up to start the discard pile.
    """
    from nomercy.core.engine import new_game

    names = list(arguments.seats(players))
    seed = arguments.inputs.seed(seed, error=NomercyError)
    rows = []
    for label, rules in arguments.rule_sets(rule_sets):
        game = new_game(rules, names, seed=seed)
        rows.append({
            "rules": label,
            "discard pile (bottom to top)": ", ".join(map(str, game.discard)),
            "color": str(game.color),
            "pending": str(game.pending_draw),
            "turn": game.seats[game.turn],
            "direction": game.direction_name,
        })
    return Table(tuple(rows[0]), tuple(rows))


def first_card_deals(seeds: Sequence[int], players: Sequence[str] = ("A", "B", "C"), *,
                     rules: RuleSet | None = None) -> Table:
    """Deal each seed under ``first_card: apply`` and say, in the engine's words, what its first card did.

    One row per seed: the card turned up, what the deal's events say happened, the cards each player
    holds, and who acts next and how. A step-through of ruling ``first-card``, card by card.

    >>> print(first_card_deals([38]))  # doctest: +ELLIPSIS
    seed | first card | what happened | cards held | next
    38   | red reverse | The first card turned up is red reverse. Play now goes counterclockwise. | A 7, B 7, C 7 | C (the dealer) plays
    """
    from nomercy.core.engine import deal
    from nomercy.core.state import Phase

    rules = arguments.rule_set(rules) if rules is not None else ruleset("no-mercy", first_card="apply")
    names = arguments.seats(players)
    rows = []
    for seed in arguments.seeds(seeds):
        game, events = deal(rules, list(names), seed=seed)
        who = game.seats[game.turn] + (" (the dealer)" if game.turn == game.dealer else "")
        if game.phase is Phase.NAME_FIRST_COLOR:
            then = f"{who} names the color" + (f", then draws {game.pending} and loses the turn" if game.pending else
                                               ", then plays")
        elif game.phase is Phase.NAME_ROULETTE:
            then = f"{who} names a color for the roulette"
        else:
            then = f"{who} plays"
        rows.append({
            "seed": str(seed),
            "first card": str(game.top_card),
            "what happened": " ".join(e.sentence for e in events[1:]),
            "cards held": ", ".join(f"{name} {len(hand)}" for name, hand in zip(game.seats, game.hands)),
            "next": then,
        })
    return Table(tuple(rows[0]), tuple(rows))


def deck_differences(first: str, second: str) -> Table:
    """The card faces whose number of copies differs between two deck listings.

    >>> print(deck_differences("no-mercy", "open-mercy"))  # doctest: +ELLIPSIS
    card | no-mercy | open-mercy
    ...
    """
    from nomercy.core.decks import DECKS

    first = arguments.inputs.choice(first, "the first deck", tuple(DECKS))
    second = arguments.inputs.choice(second, "the second deck", tuple(DECKS))
    a, b = DECKS[first].counts(), DECKS[second].counts()
    faces = sorted(set(a) | set(b), key=lambda c: (str(c.color) if c.color else "~", c.rank.value if hasattr(c.rank, "value") else 0, str(c)))
    rows = tuple({"card": str(card), first: str(a.get(card, 0)), second: str(b.get(card, 0))}
                 for card in faces if a.get(card, 0) != b.get(card, 0))
    return Table(("card", first, second), rows)


def group_with(puzzle_id: str, directory: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The set of option puzzles that shares its position with ``puzzle_id`` (see :func:`option_pairs`).

    >>> [p.id for p in group_with("zero-pass-off")]
    ['zero-pass-off', 'zero-pass-official']
    """
    arguments.inputs.text(puzzle_id, "the id of a puzzle", like="zero-pass-off")
    for groups in option_pairs(directory).values():
        for group in groups:
            if any(p.id == puzzle_id for p in group):
                return group
    raise NomercyError(f"no puzzle {quote(puzzle_id)} in the option puzzles")
