"""Helpers for the first teaching notebooks (the deck, a turn, stacking, the mercy rule).

The notebooks stay thin: every rule decision here is the engine's. These helpers
only set up positions, ask the engine what it allows, and lay the answers out as
text, HTML tables or a chart, so the lessons read on GitHub without a kernel.

>>> state = table({"A": "red 9, green 3", "B": "blue 1", "C": "yellow 2"}, "red 5")
>>> [(str(card), reason is None) for card, reason in card_verdicts(state)]
[('red 9', True), ('green 3', False)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any, Mapping, Sequence

from nomercy.core.i18n import N_
from nomercy.core.moves import Play
from nomercy.core.cards import COLORS, Card, Color, Rank
from nomercy.core.decks import DECKS
from nomercy.core.wording import plural
from nomercy.play.transcript import Transcript
from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.puzzles.puzzle import Puzzle, find_puzzle
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import RuleSet
from nomercy.core.state import GameState, Phase
from nomercy.core.engine import apply, legal_moves, why_illegal
from nomercy.teaching import arguments
from nomercy.teaching.charts import Chart, color_scale, concat

__all__ = [
    "table", "after", "under",
    "dead_end_table",
    "TOPIC_NOTEBOOKS",
    "card_verdicts",
    "explain_hand",
    "narrate",
    "situation",
    "position_of",
    "puzzle_html",
    "answer_matrix",
    "AnswerMatrix",
    "deck_rows",
    "composition_html",
    "composition_figure",
    "faces_html",
    "side_by_side",
]

_FONT = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
_CELL = "padding:4px 8px;border:1px solid #d8d8d8;text-align:left;vertical-align:top"


# --- positions -------------------------------------------------------------------------

def table(
    hands: Mapping[str, Any],
    discard: str | Sequence[str],
    *,
    rules: str = "no-mercy",
    turn: str | None = None,
    color: str | None = None,
    pending: int = 0,
    draw_pile: Sequence[str] | str = (),
    draw_pile_size: int | None = None,
    direction: str = "clockwise",
    seed: int = 0,
    **options: Any,
) -> GameState:
    """A table position from a short description, built through the puzzle format.

    ``hands`` maps each seat (in clockwise order) to its cards: a list, a string like
    ``"red 9, wild +6"``, or ``{"cards": [...], "more": 7}``. ``options`` are rule
    options on top of ``rules`` (``stacking="none"``). The rest of the deck goes into
    the draw pile, as in a puzzle; ``draw_pile_size`` keeps only that many cards there
    and slides the others under the discard pile, so a lesson can make the pile run
    out on purpose.
    """
    if not isinstance(hands, Mapping) or not hands:
        raise NomercyError(f"the hands are a mapping of each seat to its cards, like {{'A': 'red 9, wild +6'}}; "
                           f"not {inputs.quote(hands)}")
    if not isinstance(discard, str):
        discard = inputs.texts(discard, "the discard pile", least=1, most=1000, longest=40)
    if not isinstance(draw_pile, str):
        draw_pile = inputs.texts(draw_pile, "the draw pile", most=1000, longest=40)
    if draw_pile_size is not None:
        draw_pile_size = inputs.count(draw_pile_size, "the size of the draw pile", 0, 1000)
    inputs.seed(seed, error=NomercyError)
    seats = list(hands)
    if turn is not None:  # a seat's name; 0, no or an empty list would otherwise be read as the first seat
        turn = inputs.seat_name(turn, error=NomercyError, what="whose turn it is (a seat's name)")
    # A puzzle needs moves, a question and an answer; a lesson position has none, so they are placeholders.
    spec: dict[str, Any] = {
        "id": "lesson", "title": "lesson", "source": "original", "rules": rules,
        "players": seats, "turn": seats[0] if turn is None else turn, "discard": discard if isinstance(discard, str) else list(discard),
        "hands": {seat: _hand_spec(cards) for seat, cards in hands.items()},
        "moves": [], "question": "-", "answer": {"pending": pending},
        "direction": direction, "pending": pending, "seed": seed,
        "draw_pile": [c.strip() for c in draw_pile.split(",")] if isinstance(draw_pile, str) else list(draw_pile),
    }
    if color is not None:
        spec["color"] = color
    if options:
        spec["variant"] = dict(options)
    state = Puzzle.from_dict(spec).position()
    if draw_pile_size is not None:
        keep, rest = state.draw_pile[:draw_pile_size], state.draw_pile[draw_pile_size:]
        state = state.replace(draw_pile=keep, discard=tuple(rest) + state.discard)
    return state


def _hand_spec(cards: Any) -> Any:
    if isinstance(cards, str):
        return [c.strip() for c in cards.split(",") if c.strip()]
    if isinstance(cards, Mapping):
        return dict(cards)
    return [c if isinstance(c, str) else str(inputs.one_of_kind(c, Card, "cards, or their notation like 'red 7'"))
            for c in inputs.items(cards, "a hand", most=1000)]


def dead_end_table() -> GameState:
    """A made-up table where nobody can play or draw: the ruling ``dead-end`` at work.

    A red 5 is on top and the players hold only green and blue cards without a 5; the
    draw pile is empty and every other card is out of the game, so nothing can be
    reshuffled. A real deck never gets here (it has wilds, and a wild always fits).
    """
    hands = {"A": "blue 1, green 2, blue 3, green 4, blue 6, green 7",
             "B": "green 1, blue 2, green 3, blue 4",
             "C": "blue 7, green 8, blue 9, green 9, blue 8"}
    state = table(hands, "red 5")
    return state.replace(draw_pile=(), discard=(Card.parse("red 5"),))


TOPIC_NOTEBOOKS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "drawing": (N_("Drawing"), (("02-a-turn.ipynb", "## When you cannot play"),)),
    "first-card": (N_("The first card"), (("01-the-deck.ipynb", "## Dealing a round"),
                                      ("09-when-sources-disagree.ipynb", "the first card"))),
    "action-cards": (N_("Action cards and wilds"), (("02-a-turn.ipynb", "## The basic action cards"),
                                      ("06-action-cards.ipynb", "## Skip-all"))),
    "two-player": (N_("Two players"), (("02-a-turn.ipynb", "### Reverse"), ("05-sevens-and-zeros.ipynb", "## The two cards"),
                                   ("06-action-cards.ipynb", "### With two players"))),
    "stacking": (N_("Stacking"), (("03-stacking.ipynb", "## The rule in one breath"),)),
    "mercy": (N_("The mercy rule"), (("04-mercy.ipynb", "## 25 and out"),)),
    "empty-pile": (N_("When the draw pile runs out"), (("04-mercy.ipynb", "## The set-aside hand comes back"),)),
    "sevens-zeros": (N_("Sevens and zeros"), (("05-sevens-and-zeros.ipynb", "## The two cards"),)),
    "discard-all": (N_("Discard-all"), (("06-action-cards.ipynb", "## Discard-all"),)),
    "roulette": (N_("Wild roulette"), (("06-action-cards.ipynb", "## Wild roulette"),)),
    "reverse-draw-four": (N_("Wild reverse +4"), (("06-action-cards.ipynb", "## Wild reverse +4"),)),
    "uno-call": (N_("Calling UNO"), (("07-winning-uno-scoring.ipynb", "## UNO!"),)),
    "winning-scoring": (N_("Winning and scoring"), (("07-winning-uno-scoring.ipynb", "# 7."),)),
    "classic": (N_("Classic UNO"), (("08-classic-vs-no-mercy.ipynb", "# 8."),)),
    "options": (N_("Rule options"), (("09-when-sources-disagree.ipynb", "# 9."),)),
}
"""Each puzzle topic: its name, and the notebooks (with a heading of theirs) that teach it.

A test checks every heading against the notebook, so the puzzle notebook's topic table cannot point at the wrong
lesson."""


def after(state: GameState, *moves: str) -> GameState:
    """The position after ``moves`` (in notation), each applied by the engine; an illegal move raises with its reason.

    >>> after(table({"A": "red 9, green 3", "B": "blue 1"}, "red 5"), "A plays red 9").top_card
    Card.parse('red 9')
    """
    inputs.one_of_kind(state, GameState, inputs.POSITION)
    return Transcript.of_moves(state, inputs.texts(moves, "the moves"), raising=True).end


def under(state: GameState, **options: Any) -> GameState:
    """The same position played under changed rule options (``under(s, stacking="none")``)."""
    return arguments.same_deal(inputs.one_of_kind(state, GameState, inputs.POSITION), options)


def position_of(puzzle_id: str) -> GameState:
    """The starting position of a puzzle from ``puzzles/``, by its id."""
    return find_puzzle(puzzle_id).position()


# --- what fits -------------------------------------------------------------------------

def card_verdicts(state: GameState, seat: str | int | None = None) -> list[tuple[Card, str | None]]:
    """Each card in a hand with ``None`` if the engine lets it be played now, else the engine's reason.

    ``seat`` defaults to the player to act. A card counts as playable when any legal
    move plays it (a wild with any color, a 7 with any target).
    """
    inputs.one_of_kind(state, GameState, inputs.POSITION)
    index = state.turn if seat is None else state.seat(seat)
    moves = legal_moves(state, index)
    playable = {move.card for move in moves if isinstance(move, Play)}
    name = state.seats[index]
    verdicts: list[tuple[Card, str | None]] = []
    for card in state.hands[index]:
        if card in playable:
            verdicts.append((card, None))
            continue
        text = f"{name} plays {card}" + (" choosing red" if "color" in card.rank.choices else "")
        try:
            reason = why_illegal(state, text)
        except NomercyError as error:  # pragma: no cover - the text is always well formed
            reason = str(error)
        verdicts.append((card, reason or "not playable now"))
    return verdicts


def explain_hand(state: GameState, seat: str | int | None = None) -> str:
    """:func:`card_verdicts` as lines of text: a check mark, or a cross and the engine's reason."""
    lines = []
    verdicts = card_verdicts(state, seat)
    width = max((len(str(card)) for card, _ in verdicts), default=0)
    for card, reason in verdicts:
        lines.append(f"{'✓' if reason is None else '✗'} {str(card):<{width}}  "
                     f"{'can be played' if reason is None else reason}")
    return "\n".join(lines)


# --- worked examples -------------------------------------------------------------------

def narrate(source: Any, moves: Sequence[str] | None = None, *, rules: RuleSet | None = None) -> str:
    """A printed walk through a puzzle's moves (or ``moves`` from a position): every event with its ruling,
    and where the table stands after each move. The one narration of the package.

    ``source`` is a puzzle id, a :class:`~nomercy.puzzles.puzzle.Puzzle` or a
    :class:`~nomercy.core.state.GameState` (then ``moves`` is needed). ``rules`` sets a puzzle's position
    up again under other rules (with that rule set's deck), or plays a position under them. This is the
    static twin of the step-through widget: the same frames, as text that GitHub shows.

    >>> print(narrate("zero-counterclockwise"))
    Start: play runs counterclockwise; top card blue 6; A to act; cards held: A 2, B 3, C 4, D 5.
    1. A plays blue 0
       A plays blue 0.  [ruling matching]
       Every player still in passes their whole hand to the next player counterclockwise.  [ruling zero]
    Now: top card blue 0; D to act; cards held: A 3, B 4, C 5, D 1.
    """
    if moves is not None:
        moves = inputs.texts(moves, "the moves", most=1000)
    if rules is not None and not isinstance(rules, RuleSet):
        rules = inputs.one_of_kind(rules, RuleSet, "rules (a RuleSet, like ruleset('classic'))")
    if isinstance(source, GameState):
        start, move_list = (source if rules is None else source.replace(rules=rules)), list(moves or ())
    else:
        puzzle = find_puzzle(source)
        move_list = list(puzzle.moves if moves is None else moves)
        if rules is not None:
            low, high = rules.players
            if not low <= len(puzzle.players) <= high:
                return f"cannot be set up: {rules.name} is for {low} to {high} players"
            try:
                puzzle = replace(puzzle, rules=rules)
                puzzle.position()
            except NomercyError as error:
                return f"cannot be set up: {str(error).split(': ', 1)[-1]}"
        start = puzzle.position()
    told = Transcript.of_moves(start, move_list).text(situation=situation, after_draw=_hand_line)
    if start.direction_name != "clockwise":  # a reverse played before the position: the reader cannot see it
        told = told.replace("Start: ", "Start: play runs counterclockwise; ", 1)
    return told


def _dealt_hands(puzzle: Puzzle) -> dict[str, tuple[Card, ...]]:
    """Every seat's whole hand at the puzzle's start (the unnamed cards come from the rest of the deck)."""
    state = puzzle.position()
    return dict(zip(state.seats, state.hands))


def _hand_line(state: GameState, name: str) -> str:
    """What a player holds after drawing (face up, as in a lesson), or how many once the hand is big."""
    seat = state.seat(name)
    hand = state.hands[seat]
    if seat in state.out:
        return f"({name} is out; the hand is set aside)"
    if len(hand) > 12:
        return f"({name} now holds {len(hand)} cards)"
    return f"({name} now holds: {', '.join(map(str, hand))})"


def situation(state: GameState) -> str:
    """One line on where the game stands (a narration prints it after each move, a comparison in each cell): the top card, what is pending, who acts, the hand sizes."""
    inputs.one_of_kind(state, GameState, inputs.POSITION)
    top = f"top card {state.top_card}" + (f" ({state.color} named)" if state.top_card.is_wild and state.color else "")
    sizes = ", ".join(f"{name} {'out' if i in state.out else len(hand)}"
                      for i, (name, hand) in enumerate(zip(state.seats, state.hands)))
    if state.winner is not None:
        who = f"{state.seats[state.winner]} has won the round"
    else:
        who = f"{state.seats[state.turn]} to act" + (f", {state.pending} cards pending" if state.pending else "")
        if state.drawn is not None and state.phase is Phase.PLAY_DRAWN:
            who = f"{state.seats[state.turn]} drew {state.drawn} and must play it"
        elif state.drawn is not None and state.phase is Phase.KEEP_OR_PLAY:
            who = f"{state.seats[state.turn]} drew {state.drawn} and may play it or keep it"
    return f"{top}; {who}; cards held: {sizes}."


# --- puzzles, readable without a kernel -------------------------------------------------

def puzzle_html(puzzle_id: "str | Puzzle", *, width: float = 32) -> str:
    """A still picture of a puzzle: the cards it names, the moves, the question and its options.

    The answer stays folded away in a ``<details>`` box. This is what a reader sees
    on GitHub or nbviewer, where the interactive :class:`~nomercy.widgets.PuzzleBoard`
    does not show.
    """
    from nomercy.teaching.pictures import card_img, hand_html
    puzzle = find_puzzle(puzzle_id)
    rules = puzzle.rules.name + "".join(f", {k}: {v}" for k, v in puzzle.variant.items())
    # A puzzle that starts with the deal (``start: first-card``) shows the card about to be turned up.
    top = puzzle.discard[-1] if puzzle.discard else puzzle.draw_pile[0]
    named = puzzle.color if top.is_wild and puzzle.discard else None
    pending = f" &nbsp;·&nbsp; <b>{puzzle.pending}</b> cards pending" if puzzle.pending else ""
    order = " → ".join(puzzle.players if puzzle.direction == 1 else puzzle.players[::-1])
    hands = []
    dealt = _dealt_hands(puzzle)
    for seat in puzzle.players:
        cards = puzzle.hands[seat]
        more = puzzle.more.get(seat, 0)
        # Before the first card is turned up, the seat on the dealer's left is the first player, not yet the
        # one to play: a skip or a draw card turned up first can take that turn away.
        role = " (to play)" if puzzle.discard else " (first player)"
        label = f"{seat}{role if seat == puzzle.turn else ''}"
        # Cards the puzzle does not name are held face down: say how many, in words that read alone, and
        # whether a draw card is among them (a reader asks, since one could answer a stack).
        unnamed = dealt[seat][len(cards):]
        kind = ("none of them a draw card" if not any(card.draw_value for card in unnamed)
                else "dealt at random")
        hidden = (f" holds these and {plural(more, 'other card')}, {kind}" if cards
                  else f" holds {plural(more)}, not shown")
        extra = f'<span style="color:#666;font-size:12px">{hidden}</span>' if more else ""
        shown = hand_html(cards, width=width) if cards else ""
        hands.append(f'<div style="display:inline-block;vertical-align:top;margin:0 18px 6px 0">'
                     f'<b>{escape(label)}</b>{extra}{shown}</div>')
    moves = "".join(f"<li><code>{escape(m)}</code></li>" for m in puzzle.moves)
    choices = ""
    options = puzzle.puzzle_kind.options(puzzle)
    if options:
        first = " (first question)" if puzzle.question.count("?") > 1 else ""  # the choices answer the first part
        choices = f"<div><b>Choices</b>{first}:</div>" + "".join(
            f"<div>{i}) {escape(option.label)}</div>" for i, option in enumerate(options, 1))  # numbered: letters are seats
    pile = ""
    # With no discard pile the first card of the draw pile is the one turned up (shown above as such):
    # list only the cards after it, so no card is shown twice and the reader sees which cards are drawn.
    drawn = puzzle.draw_pile if puzzle.discard else puzzle.draw_pile[1:]
    if drawn:
        # Under the card turned up lies the rest of the deck: its next cards may be turned up too (a first card
        # that is not a number), so they are not called drawn.
        pile_name = "the draw pile starts (first drawn first)" if puzzle.discard else "the rest of the deck, from the top"
        pile = (f'<div style="margin:2px 0 4px 0">{pile_name}: '
                f"{escape(', '.join(map(str, drawn)))}</div>")
    # The worked answer in words, then every value the question asks for, so that no part is left out.
    parts = puzzle.puzzle_kind.answer_parts(puzzle)
    answer = escape(puzzle.explanation or "")
    every_part = f'<p><b>The answer, part by part:</b> {escape("; ".join(parts))}.</p>' if parts else ""
    return (
        f'<div style="font-family:{_FONT};font-size:13px;border:1px solid #d0d0d0;border-radius:8px;'
        f'padding:8px 12px;max-width:900px;background:#fcfcfc">'
        f'<div style="font-size:15px;font-weight:bold">Puzzle: {escape(puzzle.title)}</div>'
        f'<div style="color:#555;font-size:12px;margin-bottom:6px">{escape(puzzle.id)} · {escape(puzzle.level or "-")}'
        f" · rules {escape(rules)} · source: {escape(puzzle.source)}</div>"
        f'<div style="margin:4px 0">{"top card" if puzzle.discard else "the dealer turns up first"} '
        f'{card_img(top, width=width, named_color=named)} '
        f"{escape(str(top))}{f' ({named} named)' if named else ''}{pending} &nbsp;·&nbsp; order of play: {escape(order)}</div>"
        f'<div>{"".join(hands)}</div>'
        f'{pile}'
        f'{"<div><b>Moves</b><ol>" + moves + "</ol></div>" if moves else ""}'
        f'<div style="margin-top:4px"><b>Question.</b> {escape(puzzle.question)}</div>{choices}'
        f'<details style="margin-top:6px"><summary>Answer (try first!)</summary>'
        f'{f"<p>{answer}</p>" if answer else ""}{every_part}</details></div>'
    )


_DRAW_CARDS = ("red +2", "red +4", "wild reverse +4", "wild +6", "wild +10")


@dataclass(frozen=True)
class AnswerMatrix:
    """Which draw card may answer which, under one ``stacking`` value, as the engine decides.

    ``allowed[i][j]`` says whether ``answers[j]`` may be played on a pending ``tops[i]``.
    """

    stacking: str
    tops: tuple[str, ...]
    answers: tuple[str, ...]
    allowed: tuple[tuple[bool, ...], ...]

    def __repr__(self) -> str:
        return f"<AnswerMatrix stacking={self.stacking}>"

    def __str__(self) -> str:
        width = max(map(len, self.tops))
        lines = [f"stacking={self.stacking}: the card on top (rows), the card played on it (columns)",
                 " " * width + "".join(f"{_short(a):^10}" for a in self.answers)]
        for top, row in zip(self.tops, self.allowed):
            lines.append(f"{top:>{width}}" + "".join(f"{'yes' if ok else '-':^10}" for ok in row).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from nomercy.teaching.pictures import card_img

        head = "".join(f'<th style="{_CELL};text-align:center">{card_img(a, width=28)}<br>{escape(_short(a))}</th>'
                       for a in self.answers)
        rows = []
        for top, row in zip(self.tops, self.allowed):
            cells = "".join(
                f'<td style="{_CELL};text-align:center;background:{"#e3f4e3" if ok else "#f8e1e1"}">{"✓ yes" if ok else "✗ no"}</td>'
                for ok in row)
            rows.append(f'<tr><th style="{_CELL};white-space:nowrap">{card_img(top, width=28)} {escape(_short(top))}</th>{cells}</tr>')
        return (f'<table style="border-collapse:collapse;font-family:{_FONT};font-size:12px">'
                f'<caption style="text-align:left;padding:4px 0"><b>stacking: {escape(self.stacking)}</b><br>'
                f'<span style="color:#555">rows: the draw card on top; columns: the card played on it '
                f'(w+6 is the wild +6, w.rev +4 the wild reverse +4)</span></caption>'
                f'<thead><tr><th style="{_CELL}"></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _short(card: str) -> str:
    return card.replace("red ", "").replace("wild reverse", "w.rev").replace("wild ", "w")


def answer_matrix(stacking: str = "official", cards: Sequence[str] = _DRAW_CARDS) -> AnswerMatrix:
    """Ask the engine, for every pair of draw cards, whether the second may answer the first.

    Each pair is tried on its own small table: the first card on top with its value
    pending for A, who holds the second. A colored answer is yellow, so color never
    helps; ``red +2`` in ``cards`` stands for any +2.
    """
    cards = inputs.texts(cards, "the draw cards", least=1, most=20, longest=30)
    answers = tuple(c.replace("red ", "yellow ") for c in cards)
    grid = []
    for top in cards:
        row = []
        for answer in answers:
            state = table({"A": [answer, "blue 1"], "B": ["green 1"], "C": ["green 2"]}, top, color="red",
                          pending=Card.parse(top).draw_value, stacking=stacking)
            move = f"A plays {answer}" + (" choosing red" if answer.startswith("wild") else "")
            row.append(why_illegal(state, move) is None)
        grid.append(tuple(row))
    return AnswerMatrix(stacking, tuple(cards), tuple(cards), tuple(grid))


# --- the decks ---------------------------------------------------------------------------

_KIND_ORDER = ("number cards", "colored action cards", "wild cards")
_COLORED_RANKS = tuple(r for r in Rank if not r.is_wild)
_WILD_RANKS = tuple(r for r in Rank if r.is_wild)


def _kind(rank: Rank) -> str:
    if rank.is_wild:
        return "wild cards"
    return "number cards" if rank.is_number else "colored action cards"


def deck_rows(decks: Sequence[str] = ("classic", "no-mercy", "open-mercy")) -> list[dict[str, Any]]:
    """One row per face that any of ``decks`` holds: its kind and how many cards of it each deck has in all.

    >>> row = deck_rows()[0]
    >>> row["face"], row["classic"], row["no-mercy"]
    ('0', 4, 8)
    """
    decks = inputs.choices(decks, "the decks", tuple(DECKS), least=1)
    rows = []
    for rank in Rank:
        counts = {}
        for name in decks:
            listing = DECKS[name]
            counts[name] = listing.wilds.get(rank, 0) if rank.is_wild else listing.per_color.get(rank, 0) * len(COLORS)
        if any(counts.values()):
            rows.append({"face": rank.value, "kind": _kind(rank), **counts})
    return rows


def composition_html(decks: Sequence[str] = ("classic", "no-mercy", "open-mercy"), *, width: float = 30) -> str:
    """A table of every face with its count in each deck, and totals per kind and per deck."""
    from nomercy.teaching.pictures import card_img, picture_width

    decks = inputs.choices(decks, "the decks", tuple(DECKS), least=1)
    width = picture_width(width)
    rows = deck_rows(decks)
    head = "".join(f'<th style="{_CELL};background:#f2f2f2">{escape(d)}</th>' for d in decks)
    body = []
    for kind in _KIND_ORDER:
        group = [r for r in rows if r["kind"] == kind]
        for row in group:
            rank = Rank(row["face"])
            picture = card_img(Card(None if rank.is_wild else Color.RED, rank), width=width)
            counts = "".join(f'<td style="{_CELL};text-align:right">{row[d] or "—"}</td>' for d in decks)
            body.append(f'<tr><td style="{_CELL}">{picture}</td><td style="{_CELL}">{escape(row["face"])}</td>{counts}</tr>')
        totals = "".join(f'<td style="{_CELL};text-align:right"><b>{sum(r[d] for r in group)}</b></td>' for d in decks)
        body.append(f'<tr style="background:#f7f7f7"><td style="{_CELL}" colspan="2"><i>all {kind}</i></td>{totals}</tr>')
    grand = "".join(f'<td style="{_CELL};text-align:right"><b>{DECKS[d].size}</b></td>' for d in decks)
    body.append(f'<tr style="background:#ececec"><td style="{_CELL}" colspan="2"><b>the whole deck</b></td>{grand}</tr>')
    return (f'<table style="border-collapse:collapse;font-family:{_FONT};font-size:13px">'
            f'<thead><tr><th style="{_CELL};background:#f2f2f2">card</th><th style="{_CELL};background:#f2f2f2">face</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def composition_figure(decks: Sequence[str] = ("classic", "no-mercy")) -> Chart:
    """A chart of the decks: cards per kind in each deck (left) and cards per face (right).

    Every bar carries its number, so the chart reads without telling colors apart; the
    description lists every number of the chart.

    >>> chart = composition_figure()
    >>> print(chart.description.splitlines()[1])
    What each deck is made of: classic 108 cards (76 number cards, 24 colored action cards, 8 wild cards); no-mercy 168 cards (...).
    """
    decks = inputs.choices(decks, "the decks", tuple(DECKS), least=1)
    rows = deck_rows(decks)
    kinds: list[dict[str, Any]] = []
    for name in decks:
        start = 0
        for kind in _KIND_ORDER:
            count = sum(r[name] for r in rows if r["kind"] == kind)
            kinds.append({"deck": name, "kind": kind, "count": count, "start": start, "end": start + count,
                          "middle": start + count / 2, "label": str(count) if count else ""})
            start += count
    on_yellow = [row for row in kinds if row["kind"] == "number cards"]  # dark numbers on the yellow part
    totals = [{"deck": name, "total": DECKS[name].size, "label": f"{DECKS[name].size} cards"} for name in decks]
    deck_axis = {"field": "deck", "type": "nominal", "title": None, "sort": list(decks), "axis": {"labelAngle": 0}}
    count_axis = {"field": "start", "type": "quantitative", "title": "cards in the deck",
                  "scale": {"domain": [0, max(DECKS[d].size for d in decks) * 1.15], "nice": False}}

    def numbers(values: list[dict[str, Any]], ink: str) -> dict[str, Any]:
        return {"data": {"values": values}, "mark": {"type": "text", "color": ink, "fontWeight": "bold"},
                "encoding": {"x": deck_axis, "y": {"field": "middle", "type": "quantitative"},
                             "text": {"field": "label"}}}

    kind_colors = color_scale(_KIND_ORDER, ("#f4c20d", "#d7262b", "#1d1d1f"))
    made_of = Chart("What each deck is made of", {
        "width": 70 * len(decks), "height": 380,
        "layer": [
            {"data": {"values": kinds}, "mark": {"type": "bar", "stroke": "white"},
             "encoding": {"x": deck_axis, "y": count_axis, "y2": {"field": "end"},
                          "color": {"field": "kind", "type": "nominal", "title": None, "scale": kind_colors,
                                    "sort": list(_KIND_ORDER), "legend": {"orient": "bottom", "direction": "vertical"}}}},
            numbers(on_yellow, "#1d1d1f"),
            numbers([row for row in kinds if row["kind"] != "number cards"], "white"),
            {"data": {"values": totals}, "mark": {"type": "text", "baseline": "bottom", "dy": -4, "fontWeight": "bold"},
             "encoding": {"x": deck_axis, "y": {"field": "total", "type": "quantitative"}, "text": {"field": "label"}}},
        ],
    }, "; ".join(f"{name} {DECKS[name].size} cards ("
                 + ", ".join(f"{row['count']} {row['kind']}" for row in kinds if row["deck"] == name) + ")"
                 for name in decks) + ".")

    faces = [r["face"] for r in rows]
    per_face = [{"face": r["face"], "deck": name, "count": r[name]} for r in rows for name in decks]
    face_axis = {"field": "face", "type": "nominal", "title": None, "sort": faces}
    offset = {"field": "deck", "type": "nominal", "sort": list(decks)}
    from nomercy.teaching.plots import COLORS  # the colors of notebook 8's charts: classic blue, No Mercy red
    deck_colors = color_scale(decks, COLORS)
    by_face = Chart("Face by face", {
        "width": 360, "height": (10 * len(decks) + 6) * len(faces),
        "data": {"values": per_face},
        "layer": [
            {"mark": {"type": "bar"},
             "encoding": {"y": face_axis, "yOffset": offset,
                          "x": {"field": "count", "type": "quantitative",
                                "title": "cards of this face in the whole deck (all colors together)"},
                          "color": {"field": "deck", "type": "nominal", "title": None, "scale": deck_colors,
                                    "sort": list(decks), "legend": {"orient": "bottom"}}}},
            {"transform": [{"filter": "datum.count > 0"}],
             "mark": {"type": "text", "align": "left", "dx": 3, "fontSize": 9},
             "encoding": {"y": face_axis, "yOffset": offset, "x": {"field": "count", "type": "quantitative"},
                          "text": {"field": "count"}}},
        ],
    }, "; ".join(f"{r['face']}: " + ", ".join(f"{name} {r[name]}" for name in decks) for r in rows) + ".")
    return concat(" beside ".join(decks), [[made_of, by_face]],
                  "Two charts of the decks: on the left, cards per kind in each deck; on the right, how many "
                  "cards of each face the whole deck holds.")


def faces_html(*, width: float = 44) -> str:
    """Every card face the package draws: each colored face in all four colors, then the wilds."""
    from nomercy.teaching.pictures import card_img, picture_width

    width = picture_width(width)

    def cell(card: Card) -> str:
        return f'<td style="padding:2px 3px;text-align:center">{card_img(card, width=width)}</td>'

    head = "".join(f'<th style="padding:2px 6px;font-weight:normal;color:#555">{escape(r.value)}</th>' for r in _COLORED_RANKS)
    rows = [f"<tr>{''.join(cell(Card(color, rank)) for rank in _COLORED_RANKS)}</tr>" for color in COLORS]
    wild_head = "".join(f'<th style="padding:2px 6px;font-weight:normal;color:#555">{escape(r.value)}</th>' for r in _WILD_RANKS)
    wilds = f"<tr>{''.join(cell(Card(None, rank)) for rank in _WILD_RANKS)}</tr>"
    return (f'<div style="font-family:{_FONT};font-size:12px">'
            f'<div style="font-weight:bold;margin:4px 0">colored faces, in each of the four colors</div>'
            f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div style="font-weight:bold;margin:10px 0 4px 0">wild faces (no color of their own)</div>'
            f'<table style="border-collapse:collapse"><thead><tr>{wild_head}</tr></thead><tbody>{wilds}</tbody></table></div>')


def side_by_side(*parts: str) -> str:
    """Put HTML pictures or tables next to each other (they wrap on a narrow screen)."""
    inputs.texts(parts, "the parts (HTML text)", longest=10_000_000)
    boxes = "".join(f'<div style="margin:0 24px 12px 0;vertical-align:top">{part}</div>' for part in parts)
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{boxes}</div>'
