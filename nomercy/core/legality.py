"""Legality: one checker per kind of move, and the list of legal moves built from the same predicates.

Every checker returns ``None`` or the reason a move is refused, in the game's words.
The questions a checker asks are small predicates, and :func:`legal_moves` is built
from the very same ones, so the list and the refusals cannot drift apart:

* which cards fit the discard pile (matching and stacking): :func:`_fitting`;
* whether the seat to move may draw: :func:`_why_no_draw`;
* whether another seat may jump in now: :func:`_why_no_jump_in`;
* what a play must carry (a color, a swap target, a card left on top), read from the
  face table's ``choices``: :func:`_names_color`, :func:`_leaves_top`, :func:`_swaps`.

:func:`why_illegal` answers with a reason, :func:`is_legal` with a bool, and
:func:`nomercy.core.engine.apply` refuses with the checker's reason (a property test
still holds the list and the checkers together over thousands of random positions).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from nomercy.core.moves import Move, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, check_seats, parse_move
from nomercy.core.cards import COLORS, Card, Color
from nomercy.core import inputs
from nomercy.core.errors import NotationError, brief
from nomercy.core.i18n import N_
from nomercy.core.rules import RuleSet
from nomercy.core.shared_moves import SIMPLE_PLAYS, plays_row, seat_move, shared_move, shared_play, simple_plays, swap_plays
from nomercy.core.state import GameState, PlayerView, move_text, KEEP_OR_PLAY, NAME_FIRST_COLOR, NAME_ROULETTE, OVER, PLAY_DRAWN, TURN
from nomercy.core import refusals as R
from nomercy.core.refusals import Refusal, refusal, refused, turn_refusal
from nomercy.core.wording import is_you, says

__all__ = ["legal_moves", "LegalMoves", "why_illegal", "is_legal", "is_listed", "is_optional", "required_moves", "card_fits",
           "empties_hand"]

# --- the predicates -------------------------------------------------------------------

def _fitting(s: GameState, cards: Iterable[Card]) -> list[Card]:
    """The cards among ``cards`` that may go on the pile now, as far as matching and stacking go.

    With a draw pending only draw cards answer it, as the ``stacking`` option allows
    (ruling ``stacking``); otherwise a card fits on the color in force or on the top
    card's face, and a wild fits anything (ruling ``matching``).
    """
    # (loops, not comprehensions: for a hand of a few cards, building a comprehension costs more)
    fitting = []
    if s.pending:
        stacking = s.rules.stacking
        least = s.stack_value
        if stacking == "official":
            for c in cards:
                if c.draw_value and c.draw_value >= least:
                    fitting.append(c)
        elif stacking == "anything-goes":
            for c in cards:
                if c.draw_value:
                    fitting.append(c)
        elif stacking == "wilds-on-anything":
            for c in cards:
                if c.draw_value and (c.color is None or c.draw_value >= least):
                    fitting.append(c)
        return fitting  # (stacking none: nothing answers a pending draw)
    color = s.color
    top = s.discard[-1].rank
    for c in cards:
        if c.color is color or c.color is None or c.rank is top:
            fitting.append(c)
    return fitting


def _fits(s: GameState, card: Card) -> bool:
    """May ``card`` go on the pile now, as far as matching and stacking go?"""
    return bool(_fitting(s, (card,)))


def card_fits(table: GameState | PlayerView, card: Card) -> bool:
    """May ``card`` go on the pile now, as far as matching and stacking go?

    ``table`` is a state or any player's view of it: the answer reads only what
    every player sees (the top card, the color in force, the pending stack), which
    is how a player can tell that someone who had to draw held no fitting card.
    """
    return _fits(table, card)  # type: ignore[arg-type]


def _why_no_draw(s: GameState, can_play: bool) -> str | None:
    """May the seat to move draw, when ``can_play`` says a card of theirs fits? ``None``, or why not in one word (ruling ``matching``).

    ``must-play``: a card fits and ``voluntary_draw`` is off; ``nothing-to-draw``: a card
    fits and no card is left anywhere to draw. The checker puts the word into a sentence,
    the list only asks whether there is one (no sentence is built on the hot path).
    """
    if s.pending or not can_play:
        return None
    if not s.rules.voluntary_draw:
        return "must-play"
    if not _anything_to_draw(s):
        return "nothing-to-draw"
    return None


def _anything_to_draw(s: GameState) -> bool:
    return bool(s.draw_pile) or len(s.discard) > 1 or bool(s.set_aside)


def _why_no_jump_in(s: GameState) -> str | None:
    """May a seat whose turn it is not jump in now? ``None``, or why not in one word (ruling ``jump-in``).

    ``off``: the rules have no jump-in; ``busy``: the seat to move must first finish what
    the rules ask (a pending draw, a drawn card, a color to name).
    """
    if not s.rules.jump_in:
        return "off"
    if s.phase is not TURN or s.pending:
        return "busy"
    return None


def _names_color(card: Card) -> bool:
    """Does a play of ``card`` name a color? (the face's choices: every wild but the roulette)"""
    return "color" in card.rank.choices


def _leaves_top(s: GameState, card: Card) -> bool:
    """May a play of ``card`` choose the card left on top? (a discard-all under ``discard_all_top: choose``)"""
    return "top" in card.rank.choices and s.rules.discard_all_top == "choose"


def _swaps(s: GameState, effect: Card, card: Card, hand: Sequence[Card]) -> bool:
    """Does playing ``card`` from ``hand`` swap hands, ``effect`` being the card whose effect applies?

    A 7, unless playing it empties the hand or sevens are off (ruling ``seven``).
    """
    return "target" in effect.rank.choices and s.rules.seven_swap != "off" and not empties_hand(card, hand)


def _target_optional(s: GameState) -> bool:
    """May a 7 be played without swapping? (``seven_swap: optional``)"""
    return s.rules.seven_swap == "optional"


def _tops(card: Card, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a discard-all may leave on top instead of itself: the hand's other cards of its color."""
    return tuple(sorted({c for c in hand if c.color is card.color and c is not card}))


def empties_hand(card: Card, hand: Sequence[Card]) -> bool:
    """Does playing ``card`` leave ``hand`` empty? A face that discards (``Face.discards``, the discard-all
    and any house card like it) takes its whole color along."""
    if len(hand) == 1:
        return True
    if card.rank.face.discards:
        return all(c.color is card.color for c in hand)
    return False


def _swap_targets(s: GameState, seat: int) -> tuple[int, ...]:
    return tuple(i for i in range(len(s.seats)) if i != seat and i not in s.out)


# --- the checkers -----------------------------------------------------------------------

def _why_card_does_not_fit(s: GameState, card: Card) -> str:
    who = s.seats[s.turn]
    top = s.discard[-1]
    if s.pending:
        if s.rules.stacking == "none":
            return refused(R.NO_STACKING, who, card=card, count=s.pending)
        if not card.is_draw_card:
            if s.rules.stacking == "anything-goes":
                return refused(R.ONLY_DRAW_CARDS, who, card=card, count=s.pending)
            return refused(R.DRAW_CARD_WORTH, who, card=card, least=s.stack_value)
        if s.rules.stacking == "wilds-on-anything":
            return refused(R.COLORED_DRAW_WORTH, who, card=card, top=top, least=s.stack_value)
        return refused(R.STACKED_WORTH, who, card=card, top=top, least=s.stack_value)
    if s.color is None:
        return refused(R.PLAYS_NOT_FITTING_NO_COLOR, who, card=card, top=top)
    return refused(R.PLAYS_NOT_FITTING, who, card=card, top=top, color=s.color)


def _choices_ok(s: GameState, a: Play, effect_card: Card, hand: tuple[Card, ...]) -> str | None:
    """Check the choices a play carries: color, 7 target, discard-all top."""
    who = s.seats[a.seat]
    card = a.card
    empties = empties_hand(card, hand)
    if _names_color(card):
        if a.color is None:  # (a color of another kind is refused when the move is built: moves.check_parts)
            return refused(R.MUST_NAME_COLOR_WITH, who, card=card)
    elif a.color is not None:
        if card.is_wild:
            return refused(R.VICTIM_NAMES, who, card=card)
        return refused(R.NOT_A_WILD, who, card=card)
    if a.top is not None:
        if not _leaves_top(s, card):
            return refused(R.ONLY_DISCARD_ALL_TOP, who)
        if a.top == card:
            return refused(R.DROP_LEAVING, who, card=card)
        if a.top not in _tops(card, hand):
            return refused(R.OWN_COLOR_TOP, who, color=card.color, top=a.top)
    swaps = _swaps(s, effect_card, card, hand)
    if a.target is not None:
        if not swaps:
            if "target" in effect_card.rank.choices and empties:
                return refused(R.LAST_SEVEN, who)
            if "target" in effect_card.rank.choices:
                return refused(R.SEVENS_OFF, who)
            return refused(R.ONLY_SEVENS_SWAP, who, card=card)
        if not _is_seat(s, a.target):
            others = ", ".join(s.seats[i] for i in _swap_targets(s, a.seat))
            return refused(R.NO_SUCH_TARGET, who, value=brief(a.target), seats=others)
        if a.target == a.seat:
            return refused(R.SWAP_SELF, who)
        if a.target in s.out:
            return refusal(R.TARGET_OUT, target=s.seats[a.target])
    elif swaps and not _target_optional(s):
        return refused(R.MUST_SWAP, who)
    return None


def _is_seat(s: GameState, seat: object) -> bool:
    """Is ``seat`` the index of a seat at this table (an ``int``, not a name, a bool or a negative index)?"""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(s.seats)


def _check_play(s: GameState, a: Play) -> str | None:
    who = s.seats[a.seat]  # (its card is a card: a play of anything else is refused when it is built)
    if s.phase is OVER:
        return refusal(R.ROUND_OVER)
    if a.seat in s.out:
        return refused(R.OUT_OF_ROUND, who)
    hand = s.hands[a.seat]
    # Out of turn with jump-in off, the turn is the reason, whatever the hand holds (said first, as for a draw).
    closed = _why_no_jump_in(s) if a.seat != s.turn else None
    if closed == "off":
        return turn_refusal(R.NO_JUMP_IN, s.seats[s.turn], who)
    if a.card not in hand:
        return refused(R.HOLDS_NO, who, card=a.card)
    if a.seat != s.turn:
        if closed == "busy":
            return refused(R.NOT_NOW_JUMP_IN, who, turn=s.seats[s.turn])
        if a.card != s.discard[-1]:
            return refused(R.JUMP_IN_IDENTICAL, who, top=s.discard[-1])
    elif s.phase is NAME_ROULETTE:
        return refused(R.ROULETTE_COLOR_FIRST, who)
    elif s.phase is NAME_FIRST_COLOR:
        return refused(R.FIRST_WILD_COLOR_FIRST, who)
    elif s.phase is PLAY_DRAWN or s.phase is KEEP_OR_PLAY:
        if a.card != s.drawn:
            return refused(R.ONLY_THE_DRAWN, who, card=s.drawn)
    elif not _fits(s, a.card):
        return _why_card_does_not_fit(s, a.card)
    effect_card = a.top if a.top is not None else a.card
    return _choices_ok(s, a, effect_card, hand)


def _check_draw(s: GameState, a: Draw) -> str | None:
    who = s.seats[a.seat]
    if s.phase is OVER:
        return refusal(R.ROUND_OVER)
    if a.seat != s.turn:
        return turn_refusal(R.NOT_YOUR_TURN, s.seats[s.turn], who)
    if s.phase is PLAY_DRAWN:
        return refused(R.DRAWN_MUST_PLAY, who, card=s.drawn)
    if s.phase is KEEP_OR_PLAY:
        return refused(R.ALREADY_DREW, who, card=s.drawn)
    if s.phase is NAME_ROULETTE or s.phase is NAME_FIRST_COLOR:
        return refused(R.NAME_COLOR_FIRST, who)
    fitting = _fitting(s, s.hands[a.seat])
    why_not = _why_no_draw(s, bool(fitting))
    if why_not == "must-play":
        return refused(R.MUST_PLAY, who, card=fitting[0])
    if why_not == "nothing-to-draw":
        return refused(R.NOTHING_TO_DRAW, who, card=fitting[0])
    return None


def _check_pass(s: GameState, a: Pass) -> str | None:
    who = s.seats[a.seat]
    if s.phase is OVER:
        return refusal(R.ROUND_OVER)
    if a.seat != s.turn:
        return turn_refusal(R.NOT_YOUR_TURN, s.seats[s.turn], who)
    if s.phase is KEEP_OR_PLAY:
        return None
    if s.phase is PLAY_DRAWN:
        return refused(R.DRAWN_IS_PLAYED, who, card=s.drawn)
    return refused(R.PASS_AFTER_DRAW, who)


def _check_name(s: GameState, a: NameColor) -> str | None:
    who = s.seats[a.seat]
    if s.phase is not NAME_ROULETTE and s.phase is not NAME_FIRST_COLOR:
        return refused(R.NO_COLOR_TO_NAME, who)
    if a.seat != s.turn:
        turn = s.seats[s.turn]
        if is_you(turn):
            return Refusal(R.YOU_NAME_COLOR, {"player": who}, f"{says(turn, 'names')} the color, not {who}")
        return refusal(R.OTHER_NAMES_COLOR, turn=turn, player=who)
    return None


def _check_call(s: GameState, a: CallUno) -> str | None:
    who = s.seats[a.seat]
    if s.phase is OVER:
        return refusal(R.ROUND_OVER)
    if a.seat not in s.catchable:
        if len(s.hands[a.seat]) != 1:
            return refused(R.UNO_AT_ONE, who, count=len(s.hands[a.seat]))
        return refused(R.NOTHING_TO_CALL, who)
    return None


def _check_catch(s: GameState, a: Catch) -> str | None:
    who = s.seats[a.seat]
    if s.phase is OVER:
        return refusal(R.ROUND_OVER)
    if not _is_seat(s, a.target):
        return refused(R.NO_SUCH_CATCH, who, value=brief(a.target), last=len(s.seats) - 1, seats=", ".join(s.seats))
    target = s.seats[a.target]
    if a.seat == a.target:
        return refused(R.CATCH_SELF, who)
    if a.seat in s.out:
        return refused(R.OUT_OF_ROUND, who)
    if a.target not in s.catchable:
        if len(s.hands[a.target]) != 1:
            return refused(R.NOTHING_TO_CATCH, target, count=len(s.hands[a.target]))
        return refused(R.NOT_CATCHABLE, target)
    return None


def _check_challenge(s: GameState, a: Challenge) -> str | None:
    who = s.seats[a.seat]
    if s.phase is not TURN or s.challenge is None or not s.pending:
        if s.rules.no_bluff:
            return refused(R.NO_BLUFF, who)
        return refusal(R.NOTHING_TO_CHALLENGE, player=who)
    if a.seat != s.turn:
        return refusal(R.ONLY_TARGET_CHALLENGES, turn=s.seats[s.turn])
    return None


_CHECKERS = {
    Play: _check_play,
    Draw: _check_draw,
    Pass: _check_pass,
    NameColor: _check_name,
    CallUno: _check_call,
    Catch: _check_catch,
    Challenge: _check_challenge,
}


_NOT_A_MOVE = N_("{value} is not a move: a move is its notation, like 'A plays red 7', or one that legal_moves or "
                 "parse_move gives")


def why_illegal(state: GameState, move: Move | str) -> str | None:
    """``None`` if the move (a :data:`Move` or its notation) is legal in ``state``, else the reason it is refused.

    A value that is no move at all (a number, a mapping) is not asked about: it is refused with a
    :class:`~nomercy.core.errors.NotationError`, as :func:`is_legal` and :func:`~nomercy.core.engine.apply` do."""
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    if isinstance(move, str):
        move = parse_move(move, state.seats)
    checker = _CHECKERS.get(type(move))
    if checker is None:
        raise NotationError(_NOT_A_MOVE.format(value=brief(move)))
    seat = move.seat
    if not _is_seat(state, seat):
        return refusal(R.NO_SUCH_SEAT, value=brief(seat), last=len(state.seats) - 1, seats=", ".join(state.seats))
    return checker(state, move)  # type: ignore[operator]


def _simple_plays(seat: int, card: Card) -> tuple[Play, ...]:
    """The plays of a card that carries no choice but its color (shared: :func:`~nomercy.core.shared_moves.simple_plays`)."""
    plays = (SIMPLE_PLAYS[seat] if seat < len(SIMPLE_PLAYS) else plays_row(seat))[card.code]
    return plays if plays is not None else simple_plays(seat, card, COLORS if _names_color(card) else (None,))


def _expand_play(s: GameState, seat: int, card: Card, hand: tuple[Card, ...]) -> Iterable[Play]:
    """Every complete decision that plays ``card``: colors, 7 targets, discard-all tops."""
    if card.rank.simple:  # a face whose only choice, if any, is a color
        return _simple_plays(seat, card)
    if not _leaves_top(s, card):  # the card played lies on top
        if not _swaps(s, card, card, hand):
            return _simple_plays(seat, card)
        return _swap_plays(s, seat, card)
    colors: tuple[Color | None, ...] = COLORS if _names_color(card) else (None,)
    plays: list[Play] = []
    for top in (None,) + _tops(card, hand):
        targets: tuple[int | None, ...] = (None,)
        if _swaps(s, top if top is not None else card, card, hand):
            targets = _swap_targets(s, seat) + ((None,) if _target_optional(s) else ())
        plays.extend(shared_play(seat, card, color, target, top) for color in colors for target in targets)
    return plays


def _swap_plays(s: GameState, seat: int, card: Card) -> tuple[Play, ...]:
    """The plays of a card that swaps hands: one per target still in (and one keeping, when the swap is optional).

    They depend only on the seat, the card, the table's size, who is out and the
    ``seven_swap`` option, so each such list is built once and shared.
    """
    def make() -> tuple[Play, ...]:
        colors: tuple[Color | None, ...] = COLORS if _names_color(card) else (None,)
        targets = _swap_targets(s, seat) + ((None,) if _target_optional(s) else ())
        return tuple(shared_play(seat, card, color, target, None) for color in colors for target in targets)

    return swap_plays((seat, card.code, len(s.seats), s.out, s.rules.seven_swap), make)


def is_legal(state: GameState, move: Move | str) -> bool:
    """Would ``apply`` accept the move? (The same checker as :func:`why_illegal`.)"""
    return why_illegal(state, move) is None


class LegalMoves(tuple[Move, ...]):
    """The legal moves of a position: a tuple of moves that also answers ``in`` for notation and prints in it.

    >>> from nomercy import new_game
    >>> moves = legal_moves(new_game("classic", ["A", "B"], seed=2))
    >>> moves.texts()[0] in moves, "B draws" in moves, moves == tuple(moves)
    (True, False, True)

    The latest position's list is kept (:data:`_LATEST`), so asking again costs
    nothing. A list remembers the table's seats, rules and hands (what notation needs)
    rather than the state itself, so that the kept pair holds no reference cycle.
    """

    seating: "tuple[tuple[str, ...], RuleSet, tuple[tuple[Card, ...], ...]]"
    """The table's seats, rules and hands: what the moves' notation needs."""

    def __new__(cls, state: GameState, moves: Iterable[Move]) -> "LegalMoves":
        if not isinstance(state, (GameState, PlayerView)):  # the engine's own calls pass this at once
            inputs.one_of_kind(state, (GameState, PlayerView), inputs.POSITION)
        if not isinstance(moves, (tuple, list)):
            moves = inputs.items(moves, "the legal moves")
        self = tuple.__new__(cls, moves)
        self.seating = (state.seats, state.rules, state.hands)
        return self

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = parse_move(item, self.seating[0])
            except ValueError:
                return False
        try:  # a move made without its constructor (unpickled) may hold a seat True, equal to seat 1: never legal
            check_seats(getattr(item, "seat", 0), getattr(item, "target", None))
        except ValueError:
            return False
        return tuple.__contains__(self, item)

    def texts(self) -> list[str]:
        seats, rules, hands = self.seating
        return [move_text(move, seats, rules, hands) for move in self]

    def __str__(self) -> str:
        return "\n".join(self.texts())

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(self.texts())}>"


def legal_moves(state: GameState, seat: str | int | None = None) -> LegalMoves:
    """Every legal move (or one seat's), printed in notation: first the seat to move, then out-of-turn moves.

    The list asks the checkers' own predicates: the cards that fit (:func:`_fitting`),
    whether the seat may draw (:func:`_why_no_draw`), whether others may jump in
    (:func:`_why_no_jump_in`), a play's choices (:func:`_expand_play`); the rarer moves
    (naming a color, challenging, calling UNO, catching) are each kept when their
    checker accepts them. The latest position's list is kept (:data:`_LATEST`), so
    asking again costs nothing and ``apply`` knows a listed move by identity.
    """
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    global _LATEST
    latest = _LATEST
    if latest[0] is state:
        result: LegalMoves = latest[1]  # type: ignore[assignment]
    else:
        s = state
        moves: list[Move] = []
        phase = s.phase
        if phase is not OVER:
            turn = s.turn
            hand = s.hands[turn]
            if phase is TURN:
                fitting = _fitting(s, hand)
                if fitting:
                    # each distinct card once; one with no choice but its color takes its shared plays from a table
                    table = SIMPLE_PLAYS[turn] if turn < len(SIMPLE_PLAYS) else plays_row(turn)
                    seen: list[int] = []  # codes of the cards expanded so far (a card compares in Python, a code in C)
                    for card in fitting:
                        code = card.code
                        if code in seen:
                            continue
                        seen.append(code)
                        plays = table[code] if card.rank.simple else None
                        moves.extend(plays if plays is not None else _expand_play(s, turn, card, hand))
                if not fitting or _why_no_draw(s, True) is None:  # (with nothing that fits, drawing is the move)
                    moves.append(seat_move(Draw, turn))
                if s.challenge is not None:
                    challenge = seat_move(Challenge, turn)
                    if _check_challenge(s, challenge) is None:  # type: ignore[arg-type]
                        moves.append(challenge)
            elif phase is PLAY_DRAWN:
                moves.extend(_expand_play(s, turn, s.drawn, hand))  # type: ignore[arg-type]
            elif phase is KEEP_OR_PLAY:
                moves.extend(_expand_play(s, turn, s.drawn, hand))  # type: ignore[arg-type]
                moves.append(seat_move(Pass, turn))
            else:
                for color in COLORS:
                    name = shared_move(NameColor, turn, color)
                    if _check_name(s, name) is None:  # type: ignore[arg-type]
                        moves.append(name)
            if s.catchable:
                for exposed in s.catchable:
                    moves.append(seat_move(CallUno, exposed))
                    for catcher in range(len(s.seats)):
                        catch = shared_move(Catch, catcher, exposed)
                        if _check_catch(s, catch) is None:  # type: ignore[arg-type]
                            moves.append(catch)
            if s.rules.jump_in and _why_no_jump_in(s) is None:
                top = s.discard[-1]
                for other in range(len(s.seats)):
                    if other != turn and other not in s.out and top in s.hands[other]:
                        moves.extend(_expand_play(s, other, top, s.hands[other]))
        result = tuple.__new__(LegalMoves, moves)  # LegalMoves(state, moves), without the extra call
        result.seating = (s.seats, s.rules, s.hands)
        _LATEST = (state, result)
    if seat is not None:
        index = state.seat(seat)
        return LegalMoves(state, (move for move in result if move.seat == index))
    return result




_LATEST: tuple[GameState | None, LegalMoves | None] = (None, None)
"""The latest position whose moves were listed, with its list (one pair, replaced at once).

Play asks for a position's moves and then applies one of them, so keeping the latest
list lets :func:`is_listed` recognise the chosen move by identity, and asking twice
costs nothing. It is kept here rather than on the state because a state has slots and no
dictionary: an attribute for the list would cost every position a slot it rarely uses.
"""


def is_listed(state: GameState, move: Move) -> bool:
    """Is ``move`` one of the very move objects just listed for ``state``? (Then it is legal without a check.)"""
    latest = _LATEST
    if latest[0] is state:
        for listed in latest[1]:  # type: ignore[union-attr]
            if listed is move:
                return True
    return False


def is_optional(state: GameState, move: Move) -> bool:
    """Is ``move`` an out-of-turn option (UNO call, catch, jump-in) rather than a required move?"""
    if type(move) is CallUno or type(move) is Catch:
        return True
    return type(move) is Play and move.seat != state.turn


def required_moves(state: GameState) -> tuple[Move, ...]:
    """The moves of the seat that must act now (empty once the round is over)."""
    turn = state.turn
    return tuple(a for a in legal_moves(state) if a.seat == turn and not is_optional(state, a))
