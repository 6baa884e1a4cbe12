"""What a person's click at a table asks for: a move, a question still open, or why not.

A click on a card, a typed move or the UNO button is read against the position and the screen (whose hand it
shows) alone, so each answer is a value: a :data:`~nomercy.core.moves.Move` to make, a :class:`Ask` for the
choices a card still needs (a color, a 7's target), :data:`ARM_UNO` (UNO called together with the next play),
or the reason, in the game's words, that nothing happens. The session makes the move or keeps the question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.cards import COLORS, Card
from nomercy.core.engine import legal_moves, why_illegal
from nomercy.core.moves import CallUno, Move, Play
from nomercy.core.state import GameState
from nomercy.core.i18n import N_
from nomercy.core.refusals import Refusal, refusal, refused
from nomercy.core.wording import says, their
from nomercy.play.hot_seat import Screen
from nomercy.play.table_text import may_call_with_play, prompt_for

__all__ = ["ARM_UNO", "Ask", "card_click", "move_typed", "uno_click", "written"]


INTENT_PARTS: dict[str, tuple[str, ...]] = {"card": ("card",), "move": ("move",), "import_record": ("record", "ask"),
                                            "review_show": ("index",)}
"""The parts a table's intent takes besides its type (and the version of the table it answers)."""


def check_parts(intent: Mapping[str, Any]) -> None:
    """An intent is checked whole: a part it does not take is refused, not ignored."""
    parts = INTENT_PARTS.get(intent["type"], ())
    extra = sorted(set(intent) - {"type", "version", *parts}, key=str)
    if extra:
        raise NomercyError(f"the {intent['type']} intent takes "
                           f"{' and '.join(parts) + ' (and a version)' if parts else 'nothing but a version'}; "
                           f"not {inputs.quote(extra[0])}")


def written(intent: Mapping[str, Any], field: str, what: str, like: str) -> str:
    """The text of an intent's field (a card, a move): text, or refused in one line (a card given as a mapping
    is not quoted back as Python writes it)."""
    if field not in intent:  # {"type": "card", "index": 0} said "empty card text"
        raise NomercyError(f'a {field} intent names its {field} as text, like {{"type": "{field}", "{field}": "{like}"}}')
    value = intent[field]
    if not isinstance(value, str):
        raise NomercyError(f"{what} is written as text, like '{like}'; not {inputs.quote(value)}")
    if len(value) > 200:  # it is text: too long, not of the wrong kind
        raise NomercyError(f"{what} is one short line, like '{like}': at most 200 characters; this one has "
                           f"{len(value):,}")
    return value


@dataclass(frozen=True)
class Ask:
    """The choices a clicked card still asks for, as the table's prompt shows them."""

    prompt: dict[str, Any]


class _ArmUno:
    def __repr__(self) -> str:
        return "ARM_UNO"


ARM_UNO = _ArmUno()
"""The UNO button on a turn with two cards and a card to play: UNO is called together with that play."""


def card_click(screen: Screen, state: GameState, text: str) -> Move | Ask | str:
    """A card of the hand on screen clicked: its one play, the choices it asks for, or why it cannot be played."""
    seat = screen.person_at_screen(state)
    if isinstance(seat, str):
        return seat
    card = Card.parse(text)
    plays = [a for a in legal_moves(state) if type(a) is Play and a.seat == seat and a.card is card]
    if not plays:
        probe = Play(seat, card, COLORS[0] if "color" in card.face.choices else None)  # the reason, not the color
        return why_illegal(state, probe) or refusal(CANNOT_PLAY_NOW, player=state.seats[seat], card=card)
    if len(plays) == 1:
        return plays[0]
    return Ask(prompt_for(state, card, plays))


def move_typed(screen: Screen, state: GameState, text: str) -> Move | str:
    """A move in notation, for the person at the screen only (never a computer's, never another person's)."""
    seat = screen.person_at_screen(state)
    move = state.parse_move(text)
    if move.seat not in screen.people:
        mover = state.seats[move.seat]
        english = (f"You can only make moves for {state.seats[seat] if isinstance(seat, int) else 'a human seat'} "
                   f"here; {says(mover, 'is')} a computer player.")
        if isinstance(seat, int):
            return Refusal(ONLY_YOUR_MOVES, {"player": state.seats[seat], "mover": mover}, english)
        return Refusal(ONLY_HUMAN_MOVES, {"mover": mover}, english)
    if isinstance(seat, str):
        return seat
    if move.seat != seat:
        mover = state.seats[move.seat]
        return Refusal(NOT_AT_THE_SCREEN, {"player": state.seats[seat], "mover": mover},
                       f"It is {state.seats[seat]} at the screen: {says(mover, 'moves')} when {their(mover)} hand is shown.")
    return move


def uno_click(screen: Screen, state: GameState) -> Move | _ArmUno | str:
    """The UNO button: the call (one card, not called yet), UNO armed with the next play, or why there is none."""
    seat = screen.person_at_screen(state)
    if isinstance(seat, str):
        return seat
    if seat in state.catchable:
        return CallUno(seat)
    if may_call_with_play(state, seat):
        return ARM_UNO
    return why_illegal(state, CallUno(seat)) or refused(NOTHING_TO_CALL, state.seats[seat])


# The table's own refusals of a click or a typed move, as messages of the catalogs (a table in another language
# says them again: nomercy.core.refusals.refusal_words).
CANNOT_PLAY_NOW = N_("{player} cannot play {card} now")
ONLY_YOUR_MOVES = N_("You can only make moves for {player} here; {mover} is a computer player.")
ONLY_HUMAN_MOVES = N_("You can only make moves for a human seat here; {mover} is a computer player.")
NOT_AT_THE_SCREEN = N_("It is {player} at the screen: {mover} moves when their hand is shown.")
NOTHING_TO_CALL = (N_("{player} has nothing to call"), N_("You have nothing to call"))
