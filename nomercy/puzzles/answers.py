"""The parts of a puzzle's answer, each a small record that knows how it is found, compared and said.

A puzzle asks about the table after its moves: whose turn it is, how many cards a seat holds, who is
knocked out, ... Each of those is an :class:`AnswerKey` in :data:`ANSWER_KEYS`. Checking an answer gives
:class:`Mismatch` records, never sentences to take apart again; the puzzle board and ``nomercy check``
turn them into words at the edge.

>>> from nomercy import new_game
>>> state = new_game("no-mercy", ["A", "B"], seed=1)
>>> found = mismatches(state, {"turn": "B", "hand_size": {"A": 7, "B": 9}})
>>> [(m.part, m.expected, m.actual) for m in found]
[('turn', 'B', 'A'), ('hand_size.B', 9, 7)]
>>> [m.words() for m in found]
['Whose turn: you answered B, but it is A.', 'Cards B holds: you answered 9, but it is 7.']
>>> ANSWER_KEYS["winner"].say(None), ANSWER_KEYS["hand"].say(())
('nobody yet', 'no cards')

Some keys pin what a puzzle's story says rather than what its question asks: ``playable`` (the cards a
seat could legally play), ``draw_pile_size``, and ``before``, which checks any of the other keys in the
position just before one of the moves ("B has nothing that fits, so B draws"):

>>> [m.words() for m in mismatches(state, {"playable": {"A": []}, "draw_pile_size": 150})]
['Cards A can play: you answered none, but it is yellow 4, blue +2, blue skip-all, wild +6.', 'Cards in the draw pile: you answered 150, but it is 153.']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from nomercy.core.moves import Play, seat_index
from nomercy.core.cards import COLORS, Card, Color
from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.i18n import N_, SOURCE, words
from nomercy.core.legality import legal_moves
from nomercy.core.refusals import Count, Joined, said
from nomercy.core.said import n_
from nomercy.core.state import GameState
import nomercy.puzzles.file_values as file_values
from nomercy.puzzles.answer_entries import (card_entry, cards_entry, color_entry, picked, playable_entry, seat_entry,
                                            seats_entry, whole_entry, winner_entry)
from nomercy.puzzles.schema import text_pattern

__all__ = ["AnswerKey", "Entry", "Mismatch", "Place", "ANSWER_KEYS", "REPLAYED", "mismatches", "describe", "truth",
           "round_scores", "playable_cards", "check_values"]


@dataclass(frozen=True)
class Mismatch:
    """One part of an answer that differs from what really happens (values in the answer's own form)."""

    key: str
    seat: str | None
    expected: Any
    actual: Any
    reason: str | None = None  # for ``illegal``: why the rules refused the move that really was refused
    before: str | None = None  # for a part of ``before``: the move it is checked just before

    @property
    def part(self) -> str:
        """``hand_size.B``: the key, and the seat for a part asked per seat (``before.B draws.playable.B``)."""
        part = self.key if self.seat is None else f"{self.key}.{self.seat}"
        return part if self.before is None else f"before.{self.before}.{part}"

    def words(self, seats: tuple[str, ...] = ()) -> str:
        """The mismatch for a learner: "Cards B holds: you answered 9, but it is 7.". The words keep their message and
        values (a :class:`~nomercy.core.refusals.Said`), so a board in another language says them again; ``seats``
        (the puzzle's) let it say a move in the language's words too."""
        if self.key == "illegal" and self.actual is None:
            return said(_ALLOWED_ANSWER, move=MoveNamed(str(self.expected), seats))
        if self.key == "illegal":
            return said(REFUSED_MOVE, move=MoveNamed(str(self.actual), seats), reason=self.reason)
        answer_key = ANSWER_KEYS[self.key]
        label = answer_key.label_for(self.seat)
        if self.before is not None:
            label = f"Before {self.before}, {label[0].lower()}{label[1:]}"
        return said(_ANSWERED, label=label, expected=answer_key.shown(self.expected),
                    actual=answer_key.shown(self.actual))

    def __str__(self) -> str:
        if self.key == "illegal" and self.actual is None:
            return f"illegal: expected {self.expected!r} to be refused, but the engine accepts it"
        if self.key == "illegal":
            return f"move {self.actual!r} is refused: {self.reason}"
        say = ANSWER_KEYS[self.key].say
        part = self.part if self.before is None else f"before {self.before!r}: {self.part.split('.', 2)[2]}"
        return f"{part} expected {say(self.expected)}, got {say(self.actual)}"

_ANSWERED = N_("{label}: you answered {expected}, but it is {actual}.")
_ALLOWED_ANSWER = N_("The refused move: you answered {move}, but the rules allow that move.")
REFUSED_MOVE = N_("{move} is refused: {reason}.")
ALLOWED_MOVE = N_("{move} is allowed.")
_NO_VALUE = (N_("nobody yet"), N_("none"), N_("no cards"), N_("nobody"), N_("accepted"), N_("clockwise"),
             N_("counterclockwise"))
"""The words an answer's value may be instead of a number, a seat or cards (said in the board's language)."""


@dataclass(frozen=True)
class Shown:
    """An answer's value in words: ``english`` as the answer key says it, and the ``value`` behind it, which another
    language says in its own words (cards and colors by the term tables, "nobody yet" by the catalog)."""

    english: str
    value: Any

    def __str__(self) -> str:
        return self.english

    def __format__(self, spec: str) -> str:
        return format(self.english, spec)

    def said_in(self, lang: str) -> str:
        if lang == SOURCE:
            return self.english
        value = self.value
        if isinstance(value, (list, tuple)) and value:
            return Joined(tuple(Shown(str(item), item) for item in value), ", ", N_("{items}, {item}")).said_in(lang)
        if isinstance(value, Card):
            from nomercy.core.said import card_name
            return card_name(value, lang)
        if isinstance(value, Color):
            from nomercy.core.said import COLOR_WORDS
            return words(lang).gettext(COLOR_WORDS[value])
        if isinstance(value, str) and value in COLORS_BY_NAME:
            return Shown(value, COLORS_BY_NAME[value]).said_in(lang)
        return words(lang).gettext(self.english) if self.english in _NO_VALUE else self.english


COLORS_BY_NAME = {color.value: color for color in COLORS}


@dataclass(frozen=True)
class MoveNamed:
    """A move of a puzzle as its file writes it ("A plays red 7"), which another language says as its table does
    (without the sentence's stop: it is said inside a sentence); ``seats`` are the puzzle's."""

    text: str
    seats: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def said_in(self, lang: str) -> str:
        if lang == SOURCE or len(self.seats) < 2:
            return self.text
        from nomercy.play.said_at_table import move_said
        try:
            return move_said(self.text, self.seats, lang).rstrip(".。")
        except NomercyError:
            return self.text


def _counted(number: int, forms: tuple[str, str], english: str | None = None, **values: Any) -> str:
    """A sentence with a count in it, in the form that agrees with the count in each language (a message with plural
    forms); its English as the code always wrote it where ``english`` is given ("1 cards are pending.")."""
    return said("{count}", english, count=Count(number, *forms, values))


@dataclass(frozen=True)
class Entry:
    """How a learner gives a key's value on the puzzle board: the front end's input and how it is read.

    ``field`` names the input the board's ES module draws (``choice``, ``number``, ``numbers``, ``cards``,
    ``card``, ``seats``); ``options`` lists a choice's options from the seats and the puzzle's moves;
    ``read`` puts one entered value in the answer's form (for a key asked per seat, one seat's value) or
    raises :class:`NomercyError` with what to fix; ``heading`` names a per-seat input as a whole.
    """

    field: str
    read: Callable[[Any, str, tuple[str, ...]], Any]  # (entered value, the part's label, seats)
    options: Callable[[tuple[str, ...], tuple[str, ...]], list[dict[str, Any]]] | None = None
    heading: str = ""

    @property
    def how(self) -> str:
        """What the learner does with this input, said beside its label (click or type, and what)."""
        return HOW_TO_ANSWER[self.field]


HOW_TO_ANSWER = {
    "choice": "pick one",
    "number": "type a number",
    "numbers": "type a number for each seat",
    "cards": "tap the cards for each seat",
    "card": "tap a card",
    "seats": "tick each one that applies",
}
"""Each input the puzzle board draws, as the words beside its label: a board that mixes buttons and boxes
says which part is clicked and which is typed."""


@dataclass(frozen=True)
class Place:
    """Where a file's answer values are checked: ``where`` begins each message (the file), ``label`` names the
    answer (``answer``, ``choices[1].answer``, ``answer.before.B draws``), ``answer`` is all of it, and
    ``seats`` and ``moves`` are the puzzle's."""

    where: str
    label: str
    answer: Mapping[Any, Any]
    seats: tuple[str, ...]
    moves: tuple[str, ...]

    def wrong(self, key: str, what: str) -> PuzzleError:
        """``answer.turn is a seat (A, B), not 'Zed'``: the key's value, and what it may be."""
        return PuzzleError(f"{self.where}{self.label}.{key} is {what}, not {brief(self.answer[key])}")


Check = Callable[[Any, str, Place], None]
"""How an answer key checks the value a file writes for it: (value, key, place); raises :class:`PuzzleError`."""


@dataclass(frozen=True)
class AnswerKey:
    """One part a puzzle can ask about.

    ``actual`` finds the value in a state (for a part asked per seat, the seat's value), ``normal`` puts an
    answer's value in the same form (seat names as the table spells them, cards sorted), ``say`` gives a
    value in words and ``fact`` says what really holds as a sentence. Two values agree when their normal
    forms are equal. ``valid`` checks the value a file writes (a wrong type is a broken puzzle, not a wrong
    answer), raising :class:`PuzzleError` with what is allowed. ``asked_by`` and ``asks`` are the words of a
    question that ask for it (:mod:`nomercy.puzzles.asks` checks a question asks exactly its answer's parts).
    """

    name: str
    label: str
    per_seat: bool
    actual: Callable[[GameState, Any], Any]  # (state, seat index, or None for a part not asked per seat)
    normal: Callable[[Any, tuple[str, ...]], Any] = lambda value, seats: value
    say: Callable[[Any], str] = str
    fact: Callable[[str | None, Any], str] = lambda seat, value: f"{value}."
    entry: Entry | None = None  # None: the board never asks for it (it pins what the story says)
    valid: Check = field(kw_only=True)
    asked_by: str = field(default="", kw_only=True)  # the words of a question that ask for it (a regex, any case)
    asks: str = field(default="", kw_only=True)  # those words as a phrase: {does} is does/do, {seats} the seats

    def label_for(self, seat: str | None) -> str:
        """The part's label ("Cards B holds"), as words a board in another language says again."""
        return said(self.label, seat=seat) if seat is not None else said(self.label)

    def shown(self, value: Any) -> "Shown":
        """A value of this part as :attr:`say` writes it, which a board in another language says in its words."""
        return Shown(self.say(value), value)

    def compare(self, state: GameState, expected: Any) -> list[Mismatch]:
        seats = state.seats
        if self.per_seat:
            found = []
            for seat, value in dict(expected).items():
                index = seat_index(str(seat), seats)
                want, have = self.normal(value, seats), self.actual(state, index)
                if want != have:
                    found.append(Mismatch(self.name, seats[index], want, have))
            return found
        want, have = self.normal(expected, seats), self.actual(state, None)
        return [] if want == have else [Mismatch(self.name, None, want, have)]


def _seat_name(value: Any, seats: tuple[str, ...]) -> str | None:
    return None if value is None else seats[seat_index(str(value), seats)]


def _cards(value: Any, seats: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(sorted(Card.parse(str(card)) for card in value))


def _say_cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(map(str, cards)) if cards else "no cards"


def _card_set(value: Any, seats: tuple[str, ...]) -> tuple[Card, ...]:
    """Cards a seat could play: each card once, sorted (two copies of a card are one choice)."""
    return tuple(sorted({Card.parse(str(card)) for card in value}))


def playable_cards(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` could legally play now, each once, sorted: on its turn the cards that fit (only
    the drawn card while it must be played or kept), out of turn only a jump-in; none while a color must
    be named.

    >>> from nomercy import new_game
    >>> state = new_game("no-mercy", ["A", "B"], seed=1)
    >>> [str(card) for card in playable_cards(state, 0)], playable_cards(state, 1)
    (['yellow 4', 'blue +2', 'blue skip-all', 'wild +6'], ())
    """
    return tuple(sorted({m.card for m in legal_moves(state) if isinstance(m, Play) and m.seat == seat}))


def _say_playable(cards: tuple[Card, ...]) -> str:
    return ", ".join(map(str, cards)) if cards else "none"


def _say_seats(names: tuple[str, ...]) -> str:
    return ", ".join(names) if names else "nobody"


def round_scores(state: GameState) -> dict[str, int]:
    """Points each seat scored this round (only the winner scores)."""
    from nomercy.core.scoring import round_points

    scores = {seat: 0 for seat in state.seats}
    if state.winner is not None:
        scores[state.seats[state.winner]] = round_points(state)
    return scores


def _name(state: GameState, seat: int | None) -> str | None:
    return None if seat is None else state.seats[seat]


def _seat_options(seats: tuple[str, ...], moves: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"value": s, "label": s} for s in seats]


# --- how a file writes each key's value: each key checks its own (Place says where) -------------------------
def _seat_check(nobody: bool) -> Check:
    """A seat of the puzzle; with ``nobody``, null too (nobody has won yet)."""
    def check(value: Any, key: str, at: Place) -> None:
        if value is None and nobody:
            return
        if file_values.seat_name(value) is None:
            raise at.wrong(key, f"a seat ({', '.join(at.seats)})" + (" or null" if nobody else ""))
        file_values.seat(value, f"{at.label}.{key}", at.seats)
    return check


def _one_of(choices: tuple[str, ...], what: str) -> Check:
    def check(value: Any, key: str, at: Place) -> None:
        if not isinstance(value, str) or value.strip().lower() not in choices:
            raise at.wrong(key, what)
    return check


def _numbers_check(what: str) -> Check:
    """A mapping of seats to whole numbers, 0 or more (cards held, points scored)."""
    def check(value: Any, key: str, at: Place) -> None:
        if not isinstance(value, dict):
            raise at.wrong(key, what)
        for seat, number in value.items():
            file_values.seat(seat, f"{at.label}.{key}", at.seats)
            whole = file_values.whole(number)
            if whole is None or whole < 0:
                raise PuzzleError(f"{at.where}{at.label}.{key}.{seat} is a number (0 or more), not {brief(number)}")
    return check


def _cards_check(what: str, lists: str) -> Check:
    """A mapping of seats to lists of cards (a hand, the cards a seat could play)."""
    def check(value: Any, key: str, at: Place) -> None:
        if not isinstance(value, dict):
            raise at.wrong(key, what)
        for seat, cards in value.items():
            file_values.seat(seat, f"{at.label}.{key}", at.seats)
            if not isinstance(cards, list):
                raise PuzzleError(f"{at.where}{at.label}.{key} {lists}")
            file_values.cards(cards, f"{at.label}.{key}.{seat}")
    return check


def _count_check(value: Any, key: str, at: Place) -> None:
    if file_values.whole(value) is None or value < 0:
        raise at.wrong(key, "a number of cards (0 or more)")


def _top_check(value: Any, key: str, at: Place) -> None:
    if not isinstance(value, str):
        raise at.wrong(key, "a card, like red 5")
    file_values.card(value, f"{at.label}.{key}")


def _eliminated_check(value: Any, key: str, at: Place) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        raise at.wrong(key, "a list of seats, like [B] (or [] for nobody)")
    for seat in value:
        file_values.seat(seat, f"{at.label}.{key}", at.seats)


def _color_check(value: Any, key: str, at: Place) -> None:
    if not isinstance(value, str) or not text_pattern("color").search(value):
        raise at.wrong(key, "a color: red, yellow, green or blue (or r, y, g, b)")


def _illegal_check(value: Any, key: str, at: Place) -> None:
    if not isinstance(value, str) or value not in at.moves:
        raise PuzzleError(f"{at.where}{at.label}.{key} must be one of the moves, word for word")


def _before_check(value: Any, key: str, at: Place) -> None:
    """``before`` maps moves (each once in ``moves``, none after the refused one) to answer keys."""
    label, moves = at.label, at.moves
    if not isinstance(value, dict) or not value:
        raise PuzzleError(f"{at.where}{label}.before maps a move to what holds just before it, like "
                          "{'B draws': {playable: {B: []}}}, not " + brief(value))
    illegal = at.answer.get("illegal")
    last = moves.index(illegal) if isinstance(illegal, str) and illegal in moves else None
    for move, keys in value.items():
        if not isinstance(move, str) or move not in moves:
            raise PuzzleError(f"{at.where}{label}.before: {brief(move)} is not one of the moves, word for word")
        if moves.count(move) > 1:
            raise PuzzleError(f"{at.where}{label}.before: the move {move!r} comes {moves.count(move)} times, "
                              "so 'before' it names no single moment")
        if last is not None and moves.index(move) > last:
            raise PuzzleError(f"{at.where}{label}.before: {move!r} comes after the refused move, so it is never reached")
        if not isinstance(keys, dict) or not keys:
            raise PuzzleError(f"{at.where}{label}.before.{move} is a mapping of answer keys, like {{playable: {{B: []}}}}")
        nested = [k for k in keys if k in REPLAYED]
        if nested:
            raise PuzzleError(f"{at.where}{label}.before.{move}: {', '.join(nested)} cannot be checked before a move")
        check_values(keys, replace(at, label=f"{label}.before.{move}", answer=keys))


def check_values(answer: Mapping[Any, Any], at: Place) -> None:
    """Every key of ``answer`` is an answer key, with a value of the right kind (each key checks its own)."""
    bad = [k for k in answer if k not in ANSWER_KEYS]
    if bad:
        raise PuzzleError(f"{at.where}{at.label}: unknown answer key {', '.join(file_values.key_name(k) for k in bad[:5])}; "
                          f"the keys are {', '.join(ANSWER_KEYS)}")
    for key, value in answer.items():
        ANSWER_KEYS[key].valid(value, key, at)


_SEAT = Entry("choice", seat_entry, _seat_options)
_NUMBER = Entry("number", whole_entry)

ANSWER_KEYS: dict[str, AnswerKey] = {key.name: key for key in (
    AnswerKey("turn", N_("Whose turn"), False, lambda s, _: _name(s, s.turn), _seat_name,
              fact=lambda _, name: said(N_("It is {player}'s turn."), player=name), entry=_SEAT, valid=_seat_check(nobody=False),
              asked_by=r"whose turn|who (plays|moves|goes|starts) (next|first|after)|who is next|plays next|who must (now )?answer",
              asks="whose turn is it"),
    AnswerKey("direction", N_("Direction of play"), False, lambda s, _: s.direction_name,
              lambda value, seats: str(value).strip().lower(), fact=lambda _, way: said(N_("Play goes {way}."), way=Shown(way, way)),
              entry=Entry("choice", lambda value, label, seats: picked(value, label), lambda seats, moves: [
                  {"value": d, "label": d} for d in ("clockwise", "counterclockwise")]),
              valid=_one_of(("clockwise", "counterclockwise"), "clockwise or counterclockwise"),
              asked_by=r"which way|direction",
              asks="which way does play go"),
    AnswerKey("hand_size", N_("Cards {seat} holds"), True, lambda s, seat: len(s.hands[seat]),
              fact=lambda seat, n: _counted(n, n_("{player} holds {count} card.", "{player} holds {count} cards."), player=seat),
              entry=Entry("numbers", whole_entry, heading="Cards held"),
              valid=_numbers_check("a mapping of seats to numbers of cards, like {B: 8}"),
              asked_by=r"how many cards (does|do|did)\b|with how many cards|how many cards \w+ (hold|end up|take|draw)",
              asks="how many cards {does} {seats} hold"),
    AnswerKey("hand", N_("{seat}'s hand"), True, lambda s, seat: tuple(sorted(s.hands[seat])), _cards, _say_cards,
              fact=lambda seat, cards: said(N_("{player} holds {cards}."), player=seat, cards=Shown(_say_cards(cards), cards)),
              entry=Entry("cards", cards_entry, heading="Cards in each hand"),
              valid=_cards_check("a mapping of seats to their exact cards, like {B: [red 5, blue 3]}",
                                 "lists the exact cards of each seat, like {B: [red 5]}"),
              asked_by=r"what (does|do) [^?.]*\b(hold|keep)\b|which cards (does|do) [^?.]*\bhold|what is left in",
              asks="what {does} {seats} hold"),
    AnswerKey("pending", N_("Cards pending"), False, lambda s, _: s.pending,
              fact=lambda _, n: _counted(n, n_("{count} card is pending.", "{count} cards are pending."), f"{n} cards are pending.")
              if n else said(N_("Nothing is pending.")), entry=_NUMBER,
              valid=_count_check,
              asked_by=r"pending|how big is the stack|left to draw",
              asks="how many cards are pending"),
    AnswerKey("top", N_("Top card"), False, lambda s, _: s.top_card, lambda value, seats: Card.parse(str(value)),
              fact=lambda _, card: said(N_("The top card is {card}."), card=card),
              entry=Entry("card", card_entry), valid=_top_check,
              asked_by=r"(lies|is) on top|on top\?|what is the top card|which card is on top",
              asks="what lies on top"),
    AnswerKey("color", N_("Color in force"), False, lambda s, _: s.color, lambda value, seats: Color.parse(str(value)),
              lambda color: "none" if color is None else str(color),
              fact=lambda _, color: said(N_("The color in force is {color}."), color=Shown("none" if color is None else str(color), color)),
              entry=Entry("choice", color_entry, lambda seats, moves: [
                  {"value": c.value, "label": c.value, "color": c.value} for c in COLORS]),
              valid=_color_check,
              asked_by=r"colou?r is in force|which colou?r",
              asks="which color is in force"),
    AnswerKey("eliminated", N_("Knocked out"), False, lambda s, _: tuple(sorted(s.seats[i] for i in s.out)),
              lambda value, seats: tuple(sorted(seats[seat_index(str(v), seats)] for v in (value or []))),
              _say_seats,
              fact=lambda _, out: said(N_("Knocked out: {seats}."), seats=Shown(", ".join(out), out)) if out
              else said(N_("Nobody is knocked out.")),
              entry=Entry("seats", seats_entry, _seat_options), valid=_eliminated_check,
              asked_by=r"knocked out|out of the round|who is out",
              asks="who is knocked out"),
    AnswerKey("winner", N_("Winner"), False, lambda s, _: _name(s, s.winner), _seat_name,
              lambda name: "nobody yet" if name is None else str(name),
              fact=lambda _, name: said(N_("{player} wins the round."), player=name) if name is not None
              else said(N_("Nobody has won yet.")),
              entry=Entry("choice", winner_entry, lambda seats, moves: _seat_options(seats, moves) + [
                  {"value": None, "label": "nobody yet"}]), valid=_seat_check(nobody=True),
              asked_by=r"who wins|does \w+ win|\bwinner\b",
              asks="who wins"),
    AnswerKey("score", N_("Points {seat} scores"), True, lambda s, seat: round_scores(s)[s.seats[seat]],
              fact=lambda seat, points: _counted(points, n_("{player} scores {count} point.", "{player} scores {count} points."),
                                                f"{seat} scores {points} points.", player=seat),
              entry=Entry("numbers", whole_entry, heading="Points scored"),
              valid=_numbers_check("a mapping of seats to points, like {A: 270}"),
              asked_by=r"how many points|\bscores?\b",
              asks="how many points {does} {seats} score"),
    # What a story claims: which cards a seat could play, how big the draw pile is.
    AnswerKey("playable", N_("Cards {seat} can play"), True, lambda s, seat: playable_cards(s, seat), _card_set,
              _say_playable,
              fact=lambda seat, cards: said(N_("{player} can play {cards}."), player=seat, cards=Shown(_say_cards(cards), cards))
              if cards else said(N_("{player} can play nothing."), player=seat),
              entry=Entry("cards", playable_entry, heading="Cards they can play (or none)"),
              valid=_cards_check("a mapping of seats to the cards each could play, like {B: [red 5]} ([] for none)",
                                 "lists the cards each seat could play, like {B: [red 5]}, or [] when it can play nothing"),
              asked_by=r"can [A-Z]\w* play|which cards can",
              asks="which cards can {seats} play"),
    AnswerKey("draw_pile_size", N_("Cards in the draw pile"), False, lambda s, _: len(s.draw_pile),
              fact=lambda _, n: _counted(n, n_("The draw pile holds {count} card.", "The draw pile holds {count} cards.")), entry=_NUMBER, valid=_count_check,
              asked_by=r"in the draw pile",
              asks="how many cards are in the draw pile"),
    # The refused move: checked while the moves are replayed (see nomercy.puzzles.puzzle.check_answer).
    AnswerKey("illegal", N_("The refused move"), False, lambda s, _: None,
              say=lambda value: "accepted" if value is None else str(value),
              entry=Entry("choice", lambda value, label, seats: picked(value, label),
                          lambda seats, moves: [{"value": m, "label": m} for m in moves]), valid=_illegal_check,
              asked_by=r"allowed|refused",
              asks="which move is refused"),
    # Keys checked just before a move ({"B draws": {"playable": {"B": []}}}), also while replaying.
    AnswerKey("before", "Before a move", False, lambda s, _: None, valid=_before_check),
)}

REPLAYED = ("illegal", "before")
"""The keys that are checked while the moves are replayed, not in the position reached."""


def mismatches(state: GameState, answer: Mapping[str, Any]) -> list[Mismatch]:
    """The parts of ``answer`` (all but ``illegal`` and ``before``) that ``state`` does not match, in order."""
    found: list[Mismatch] = []
    for key, expected in answer.items():
        if key not in REPLAYED:
            found.extend(ANSWER_KEYS[key].compare(state, expected))
    return found


def describe(answer: Mapping[str, Any], seats: tuple[str, ...]) -> list[str]:
    """An answer in words, one line per part: what a puzzle's answer key says, never Python values.

    >>> describe({"hand_size": {"D": 20}, "turn": "a", "winner": None, "before": {"D draws": {"playable": {"D": []}}}},
    ...          ("A", "B", "C", "D"))
    ['Cards D holds: 20', 'Whose turn: A', 'Winner: nobody yet', 'Before D draws, cards D can play: none']
    """
    lines: list[str] = []
    for key, value in answer.items():
        answer_key = ANSWER_KEYS[key]
        if key == "before":
            for move, keys in dict(value).items():
                lines.extend(f"Before {move}, {line[0].lower()}{line[1:]}" for line in describe(keys, seats))
        elif key == "illegal":
            lines.append(f"{answer_key.label}: {value}")
        elif answer_key.per_seat:
            for seat, part in dict(value).items():
                name = seats[seat_index(str(seat), seats)]
                lines.append(f"{answer_key.label_for(name)}: {answer_key.say(answer_key.normal(part, seats))}")
        else:
            lines.append(f"{answer_key.label}: {answer_key.say(answer_key.normal(value, seats))}")
    return lines


def truth(state: GameState, answer: Mapping[str, Any]) -> list[str]:
    """What really holds, as sentences, for every part ``answer`` asks about (``illegal`` and ``before`` aside)."""
    lines = []
    for key, expected in answer.items():
        answer_key = ANSWER_KEYS[key]
        if key in REPLAYED:
            continue
        if answer_key.per_seat:
            for seat in dict(expected):
                index = seat_index(str(seat), state.seats)
                lines.append(answer_key.fact(state.seats[index], answer_key.actual(state, index)))
        else:
            lines.append(answer_key.fact(None, answer_key.actual(state, None)))
    return lines
