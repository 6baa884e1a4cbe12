"""What the faces do: the effects that a face's record names, carried out on the engine's working copy.

Every face of the face table (:mod:`nomercy.core.faces`) names an ``effect`` (what
playing it does) and a ``first_card`` behaviour (what it does when turned up first
under ``first_card: apply``). This module holds the behaviours by name, in two
registries the engine reads: :data:`EFFECTS` and :data:`FIRST_CARD`. A house face names
a built-in behaviour or one registered with :func:`nomercy.core.house.register_effect`.

An effect is ``effect(t, seat, card, play)``: ``t`` is the :class:`~nomercy.core.draft.Draft`
after the card is on the discard pile, the color in force set and the ``CardPlayed``
event written; ``card`` is the card whose effect applies (the card left on top, after a
discard-all); ``t.base`` is the position before the move. An effect ends the turn
(``t.end_turn(seat)``, or leaves ``t.turn`` where play goes on) and appends one event per
thing that happens, each citing its ruling.
"""

from __future__ import annotations

from typing import Callable

from nomercy.core import events as ev
from nomercy.core.events import new_event
from nomercy.core.citations import draw_ruling
from nomercy.core.cards import Card
from nomercy.core.draft import Draft
from nomercy.core.moves import Play
from nomercy.core.state import NAME_FIRST_COLOR, NAME_ROULETTE, TURN

__all__ = ["Effect", "FirstCardEffect", "EFFECTS", "FIRST_CARD", "BUILT_IN", "add_draw", "take_first_draw", "house_effect_failed"]

Effect = Callable[[Draft, int, Card, Play], None]
"""``effect(t, seat, card, play)``: what playing ``card`` does, carried out on the draft ``t``."""
FirstCardEffect = Callable[[Draft, Card], None]
"""``first(t, card)``: what ``card`` does when turned up first; ``t.turn`` is the first player."""


# --- playing a card ---------------------------------------------------------------

def _nothing(t: Draft, seat: int, card: Card, play: Play) -> None:
    t.end_turn(seat)


def _swap_hands(t: Draft, seat: int, card: Card, play: Play) -> None:
    """A 7: swap hands with the target the player chose, if any (ruling ``seven``)."""
    if play.target is not None:
        t.hands[seat], t.hands[play.target] = t.hands[play.target], t.hands[seat]
        t.events.append(new_event(ev.HandsSwapped, (t.seats[seat], t.seats[play.target], "seven")))
    t.end_turn(seat)


def _pass_hands(t: Draft, seat: int, card: Card, play: Play) -> None:
    """A 0 under ``zero_pass``: every hand still in moves on one seat (ruling ``zero``)."""
    if t.rules.zero_pass:
        pass_hands(t)
    t.end_turn(seat)


def pass_hands(t: Draft) -> None:
    """Every player still in passes their hand to the next player in the direction of play."""
    active = [i for i in range(len(t.seats)) if i not in t.out]
    old = {i: t.hands[i] for i in active}
    for i in active:
        t.hands[t.next_seat(i)] = old[i]
    t.events.append(new_event(ev.HandsPassed, (t.direction_name(), "zero")))


def _skip(t: Draft, seat: int, card: Card, play: Play) -> None:
    skipped = t.next_seat(seat)
    t.events.append(new_event(ev.PlayerSkipped, (t.seats[skipped], "skip")))
    t.end_turn(skipped)


def _reverse(t: Draft, seat: int, card: Card, play: Play) -> None:
    t.direction = -t.direction
    t.events.append(new_event(ev.DirectionChanged, (t.direction_name(), "reverse")))
    if t.active_count() == 2:
        skipped = t.next_seat(seat)
        t.events.append(new_event(ev.PlayerSkipped, (t.seats[skipped], "reverse-two-players")))
        t.end_turn(skipped)
    else:
        t.end_turn(seat)


def _skip_all(t: Draft, seat: int, card: Card, play: Play) -> None:
    t.events.append(new_event(ev.EveryoneSkipped, (t.seats[seat], "skip-all")))
    t.turn = seat


def _roulette(t: Draft, seat: int, card: Card, play: Play) -> None:
    """The next player names a color and turns up cards until it shows (ruling ``wild-roulette``)."""
    t.end_turn(seat)
    t.phase = NAME_ROULETTE


def _draw(t: Draft, seat: int, card: Card, play: Play) -> None:
    add_draw(t, seat, card.draw_value)


def _challengeable_draw(t: Draft, seat: int, card: Card, play: Play) -> None:
    """The classic wild +4: a draw its target may challenge, unless ``no_bluff`` (ruling ``challenge``)."""
    if not t.rules.no_bluff:
        before = t.base.color if t.base is not None else None
        guilty = any(c.color is before and c.color is not None for c in t.hands[seat])
        t.challenge = (seat, guilty)
    add_draw(t, seat, card.draw_value)


def _reverse_draw(t: Draft, seat: int, card: Card, play: Play) -> None:
    """The wild reverse +4: play turns around, then the draw goes to the next player that way."""
    stacked = t.pending > 0
    t.pending += card.draw_value
    t.stack_value = card.draw_value
    t.direction = -t.direction
    t.events.append(new_event(ev.DirectionChanged, (t.direction_name(), "wild-reverse-four")))
    if t.active_count() == 2 and t.rules.two_player_reverse_draw == "self":
        t.turn = seat
        t.phase = TURN
        t.events.append(new_event(ev.StackGrew, (t.seats[seat], t.pending, t.stack_value,
                                                 "wild-reverse-four-two-players", t.rules.stacking)))
        return
    _pass_the_draw(t, seat, stacked)


def add_draw(t: Draft, seat: int, value: int) -> None:
    """A draw card adds ``value`` to the pending draw, which passes to the next player."""
    stacked = t.pending > 0
    t.pending += value
    t.stack_value = value
    _pass_the_draw(t, seat, stacked)


def _pass_the_draw(t: Draft, seat: int, stacked: bool) -> None:
    t.end_turn(seat)
    rule = draw_ruling("stack_grew", t.rules.stacking, stacked)
    t.events.append(new_event(ev.StackGrew, (t.seats[t.turn], t.pending, t.stack_value, rule, t.rules.stacking)))


EFFECTS: dict[str, Effect] = {
    "none": _nothing,
    "swap-hands": _swap_hands,
    "pass-hands": _pass_hands,
    "skip": _skip,
    "reverse": _reverse,
    "skip-all": _skip_all,
    "roulette": _roulette,
    "draw": _draw,
    "challengeable-draw": _challengeable_draw,
    "reverse-draw": _reverse_draw,
}
"""What playing a face does, by the name its record gives (``Face.effect``)."""


# --- the first card turned up (ruling ``first-card``) ------------------------------------
# What each face does turned up first is the ruling's list of cases, card by card. A draw
# card is taken at once: its target draws it and loses the turn, with no chance to stack.
# A wild draw card first lets its target name the color.

_FIRST = "first-card"


def _first_nothing(t: Draft, card: Card) -> None:
    pass


def _first_skip(t: Draft, card: Card) -> None:
    t.events.append(new_event(ev.PlayerSkipped, (t.seats[t.turn], _FIRST)))
    t.turn = t.next_seat(t.turn)


def _first_reverse(t: Draft, card: Card) -> None:
    t.direction = -t.direction
    t.events.append(new_event(ev.DirectionChanged, (t.direction_name(), _FIRST)))
    t.turn = t.dealer


def _first_skip_all(t: Draft, card: Card) -> None:
    t.events.append(new_event(ev.EveryoneSkipped, (t.seats[t.dealer], _FIRST)))
    t.turn = t.dealer


def _first_draw(t: Draft, card: Card) -> None:
    take_first_draw(t, t.turn, card.draw_value, _FIRST)


def _first_wild(t: Draft, card: Card) -> None:
    t.phase = NAME_FIRST_COLOR


def _first_wild_draw(t: Draft, card: Card) -> None:
    t.pending = card.draw_value  # drawn once the target has named the color
    t.phase = NAME_FIRST_COLOR


def _first_wild_reverse_draw(t: Draft, card: Card) -> None:
    t.direction = -t.direction
    t.events.append(new_event(ev.DirectionChanged, (t.direction_name(), _FIRST)))
    t.turn = t.next_seat(t.dealer)
    _first_wild_draw(t, card)


def _first_roulette(t: Draft, card: Card) -> None:
    t.phase = NAME_ROULETTE


def _first_return(t: Draft, card: Card) -> None:  # pragma: no cover - the engine returns such a card before
    raise AssertionError(f"{card} goes back into the deck and never starts the discard pile")


def take_first_draw(t: Draft, seat: int, count: int, rule: str) -> None:
    """A draw card turned up first: ``seat`` draws it and loses the turn; nobody may stack."""
    t.pending = t.stack_value = 0
    _, knocked = t.draw_cards(seat, count, rule)
    if not knocked:
        t.events.append(new_event(ev.TurnLost, (t.seats[seat], rule)))
    t.end_turn(seat)


FIRST_CARD: dict[str, FirstCardEffect] = {
    "none": _first_nothing,
    "skip": _first_skip,
    "reverse": _first_reverse,
    "skip-all": _first_skip_all,
    "draw": _first_draw,
    "wild": _first_wild,
    "wild-draw": _first_wild_draw,
    "wild-reverse-draw": _first_wild_reverse_draw,
    "roulette": _first_roulette,
    "return": _first_return,
}
"""What a face does turned up first, by the name its record gives (``Face.first_card``).
``return`` puts the card back into the deck and turns another (the classic wild +4)."""

BUILT_IN = frozenset(EFFECTS) | frozenset(f"first:{name}" for name in FIRST_CARD)
"""The effects and first-card behaviours the package brings; any other was registered as a house rule."""


def house_effect_failed(name: str, card: Card, error: Exception, *, first: bool = False) -> Exception:
    """What to raise when an effect raised ``error``: a house rule's breaking is a refusal that names it (the
    error it raised is kept as the cause, for whoever wrote it); a built-in one's is a bug, raised as it is."""
    from nomercy.core.errors import NomercyError, RulesError

    if isinstance(error, NomercyError) or (f"first:{name}" if first else name) in BUILT_IN:
        return error
    what = "first-card behaviour" if first else "effect"
    return RulesError(f"the house rule's {what} {name} broke when the {card} was "
                      f"{'turned up' if first else 'played'}, so the move is not made: fix the function registered "
                      f"with register_{'first_card' if first else 'effect'}({name!r}, ...)")
