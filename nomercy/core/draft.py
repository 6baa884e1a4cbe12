"""The private working copy that :func:`nomercy.core.engine.apply` changes before freezing it.

A state is an immutable value; building the next one field by field through
``replace`` would be slow and noisy, so ``apply`` copies the state into a
:class:`Draft`, lets the effect code move cards around in it, and freezes the
result into a new :class:`~nomercy.core.state.GameState`. Nothing outside the engine
ever sees a ``Draft``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from nomercy.core import events as ev
from nomercy.core.events import new_event
from nomercy.core.cards import Card, Color
from nomercy.core.position import CLOCKWISE, OVER, POSITION_FIELDS, TURN, Position
from nomercy.core.state import GameState
from nomercy.core.rules import RuleSet
from nomercy.core.seeds import shuffle

__all__ = ["shuffle_rng", "dead_end_winner"]


def shuffle_rng(seed: int, shuffle_number: int) -> random.Random:
    """The RNG of the ``shuffle_number``-th shuffle of a game seeded with ``seed``.

    Every shuffle of a game gets its own generator derived from the seed, so a state
    needs no hidden RNG object: the same seed and moves give the same game.
    """
    return random.Random(f"nomercy:{seed}:{shuffle_number}")


_new = object.__new__


class Draft(Position):
    """A private, mutable working copy of a state; only :func:`apply` uses it.

    It has the very slots of a :class:`~nomercy.core.state.GameState` (both are a
    :class:`~nomercy.core.position.Position`) and none of its guards: the effect code moves
    cards around in it, and :meth:`freeze` turns it into the next state where it stands.
    While a move is worked out, ``hands`` is a list of the seats' hands, each a tuple that
    a move replaces rather than changes (:meth:`give`, :meth:`take_card`), the card piles
    are tuples too, replaced by slicing and joining (lists only while dealing, settled by
    :meth:`settle_piles`), ``events`` lists what the move did and ``base`` is the position
    before it (``None`` while dealing). Effects, house effects too, put tuples there.
    """

    __slots__ = ()

    # The fields as working values (see the class docstring); the rest are as in a state.
    hands: Any
    draw_pile: Any
    discard: Any
    set_aside: Any
    events: Any
    base: Any

    @classmethod
    def blank(cls, rules: RuleSet, seats: tuple[str, ...], seed: int, dealer: int) -> "Draft":
        t = _new(cls)
        t.rules, t.seats, t.seed, t.dealer = rules, seats, seed, dealer
        t.hands, t.draw_pile, t.discard = [], [], []
        t.color, t.turn, t.direction = None, 0, CLOCKWISE
        t.pending = t.stack_value = t.stuck = t.shuffles = t.ply = 0
        t.phase, t.drawn, t.out, t.set_aside = TURN, None, (), ()
        t.challenge = t.winner = t.end_reason = None
        t.catchable = ()
        t.events = []
        t.base = None
        return t

    of: "staticmethod[[GameState], Draft]"
    """``Draft.of(state)``: a working copy of ``state`` for the next move, its ply already counted (written below)."""

    def settle_piles(self) -> None:
        """The card piles as tuples again, after dealing (which moves cards in lists) and before :meth:`freeze`."""
        self.draw_pile = tuple(self.draw_pile)
        self.discard = tuple(self.discard)
        self.set_aside = tuple(self.set_aside)

    def freeze(self) -> GameState:
        """Make this working copy the next state, where it stands: its list of hands becomes a tuple.

        Read ``events`` before: a state holds none.
        """
        self.hands = tuple(self.hands)
        self.events = self.base = None
        self.__class__ = GameState  # type: ignore[assignment]
        return self  # type: ignore[return-value]


    # --- seats ----------------------------------------------------------------
    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` seats on from ``seat`` in the direction of play, passing over seats that are out."""
        n = len(self.seats)
        out = self.out
        d = self.direction
        for _ in range(steps):
            seat = (seat + d) % n
            while seat in out:
                seat = (seat + d) % n
        return seat

    def active_count(self) -> int:
        return len(self.seats) - len(self.out)

    def direction_name(self) -> str:
        return "clockwise" if self.direction == CLOCKWISE else "counterclockwise"

    def name(self, seat: int) -> str:
        return self.seats[seat]

    # --- cards moving -----------------------------------------------------------
    def take_from_pile(self, player: int, *, peek: bool = False) -> Card | None:
        """The next card of the draw pile, reshuffling when it is empty (ruling ``empty-draw-pile``).

        With ``peek`` the card stays on the pile (only the reshuffle happens, if one is due).
        The pile stays a tuple and loses its first card by slicing: one copy, which the
        next state keeps as it is.
        """
        pile = self.draw_pile
        if not pile:
            rest = list(self.discard[:-1]) + list(self.set_aside)
            if not rest:
                return None
            shuffle(shuffle_rng(self.seed, self.shuffles + 1), rest)
            self.shuffles += 1
            self.events.append(new_event(ev.PileReshuffled, (len(rest), "empty-draw-pile", len(self.set_aside))))
            pile = self.draw_pile = tuple(rest)
            self.discard = self.discard[-1:]
            self.set_aside = ()
        if not peek:
            self.draw_pile = pile[1:]
        return pile[0]

    def give(self, player: int, card: Card) -> int:
        """Put ``card`` into a hand; return the hand's new size."""
        hand = self.hands[player] = self.hands[player] + (card,)
        return len(hand)

    def take_card(self, player: int, card: Card) -> tuple[Card, ...]:
        """Take ``card`` out of a hand; return the hand left.

        The card is found by identity (cards are interned): ``list.remove`` or ``index``
        would compare the cards before it with ``==``, which goes through Python for a
        class that defines an order (``Card.__lt__``), several times the cost of this loop.
        """
        hand = self.hands[player]
        index = 0
        for held in hand:
            if held is card:
                hand = self.hands[player] = hand[:index] + hand[index + 1:]
                return hand
            index += 1
        raise ValueError(f"{card} is not in the hand of seat {player}")  # pragma: no cover - the checker refuses it

    def draw_cards(self, player: int, count: int, rule: str, *, until: "Color | None" = None) -> tuple[int, bool]:
        """Draw ``count`` cards (or, with ``until``, until that color shows) into a hand.

        The mercy rule is checked after every card. When the pile runs out halfway,
        the cards drawn so far are reported before the reshuffle, so the events read
        in the order things happened. Returns (cards drawn, knocked out).
        """
        if until is not None:
            return self._draw_until(player, until, rule)
        drawn = reported = 0
        limit = self.rules.mercy_limit
        knocked = False
        name = self.seats[player]
        hand = self.hands[player]
        while drawn < count:
            pile = self.draw_pile
            if not pile:
                if drawn > reported:
                    self.events.append(new_event(ev.CardsDrawn, (name, drawn - reported, (), rule)))
                    reported = drawn
                if self.take_from_pile(player, peek=True) is None:
                    break
                pile = self.draw_pile
            # as many cards at once as the pile holds, the draw asks and the mercy limit allows
            take = min(count - drawn, len(pile))
            if limit is not None:
                take = min(take, max(1, limit - len(hand)))
            hand = self.hands[player] = hand + tuple(pile[:take])  # (the pile is a list while dealing)
            self.draw_pile = pile[take:]
            drawn += take
            if limit is not None and len(hand) >= limit:
                knocked = True
                break
        if drawn > reported or not drawn:
            self.events.append(new_event(ev.CardsDrawn, (name, drawn - reported, (), rule)))
        if knocked:
            self.knock_out(player, cancelled=count - drawn)
        elif drawn < count:
            self.events.append(new_event(ev.DrawStoppedShort, (name, count - drawn, "empty-draw-pile")))
        return drawn, knocked

    def _draw_until(self, player: int, until: Color, rule: str) -> tuple[int, bool]:
        """Turn cards up into a hand until one of color ``until`` shows (the roulette).

        Card by card as they are turned: the draw ends at the card that brings the hand
        to the mercy limit, else at the first of color ``until``; the cards taken from
        the pile as it is then move in one slice.
        """
        drawn = reported = 0
        shown: tuple[Card, ...] = ()
        limit = self.rules.mercy_limit
        knocked = found = False
        name = self.seats[player]
        while True:
            pile = self.draw_pile
            if not pile:
                if drawn > reported:
                    self.events.append(new_event(ev.CardsDrawn, (name, drawn - reported, shown[reported:], rule)))
                    reported = drawn
                if self.take_from_pile(player, peek=True) is None:
                    break
                pile = self.draw_pile
            hand = self.hands[player]
            room = len(pile) if limit is None else limit - len(hand)
            taken = 0
            for card in pile:
                taken += 1
                if limit is not None and taken >= room:
                    knocked = True
                    break
                if card.color is until:
                    found = True
                    break
            turned = pile[:taken]
            self.hands[player] = hand + turned
            self.draw_pile = pile[taken:]
            shown += turned
            drawn += taken
            if knocked or found:
                break
        if drawn > reported or not drawn:
            self.events.append(new_event(ev.CardsDrawn, (name, drawn - reported, shown[reported:], rule)))
        if knocked:
            self.knock_out(player)
        elif not shown or shown[-1].color is not until:
            self.events.append(new_event(ev.DrawStoppedShort, (name, 0, "empty-draw-pile")))
        return drawn, knocked

    def knock_out(self, player: int, *, cancelled: int = 0) -> None:
        """The mercy rule: the hand is set aside, the seat is out, the rest of a draw is cancelled."""
        hand = self.hands[player]
        self.events.append(new_event(ev.KnockedOut, (self.seats[player], len(hand), "mercy")))
        if cancelled > 0:
            self.events.append(new_event(ev.PenaltyCancelled, (self.seats[player], cancelled, "mercy")))
        self.set_aside = self.set_aside + hand
        self.hands[player] = ()
        self.out = self.out + (player,)
        if player in self.catchable:
            self.catchable = tuple(i for i in self.catchable if i != player)
        if self.active_count() == 1:
            survivor = next(i for i in range(len(self.seats)) if i not in self.out)
            self.win(survivor, "last one standing", "winning")

    def win(self, player: int, how: str, rule: str) -> None:
        if self.phase is OVER:
            return
        self.phase = OVER
        self.winner = player
        self.end_reason = how
        self.turn = player
        self.pending = self.stack_value = 0
        self.drawn = None
        self.challenge = None
        self.catchable = ()
        self.events.append(new_event(ev.RoundWon, (self.seats[player], how, rule)))
        points = sum(c.points for i, h in enumerate(self.hands) if i != player and i not in self.out for c in h)
        knockouts = len(self.out)
        points += knockouts * self.rules.knockout_bonus
        bonus_knockouts = knockouts if self.rules.knockout_bonus else 0
        self.events.append(new_event(ev.RoundScored, (self.seats[player], points, bonus_knockouts, "scoring",
                                                       self.rules.knockout_bonus)))

    def end_turn(self, player: int) -> None:
        """``player``'s turn is over: the next seat still in the round is up."""
        if self.phase is OVER:
            return
        self.phase = TURN
        self.drawn = None
        self.turn = self.next_seat(player)


def _working_copier() -> Callable[[GameState], Draft]:
    """``of(s)``: a new working copy of ``s``, one slot after the other (written from the field list).

    The hands become a list (each stays the state's tuple until a card moves), the ply
    counts the move, and the copy starts with no events and ``s`` as its base.
    """
    special = {"hands": "list(s.hands)  # hands stay tuples until changed", "ply": "s.ply + 1"}
    lines = "".join(f"    t.{name} = {special.get(name, f's.{name}')}\n" for name in POSITION_FIELDS)
    scope: dict[str, Any] = {"_new": _new, "Draft": Draft}
    exec(f"def of(s):\n    t = _new(Draft)\n{lines}    t.events = []\n    t.base = s\n    return t\n", scope)
    of: Callable[[GameState], Draft] = scope["of"]  # as collections.namedtuple writes its code: no loop at run time
    return of


Draft.of = staticmethod(_working_copier())


def dead_end_winner(hands: Sequence[Sequence[Card]], out: tuple[int, ...], start: int, direction: int, n: int) -> int:
    """Fewest cards wins; a tie goes to the first of them counting from ``start`` in the direction of play."""
    order = [(start + direction * k) % n for k in range(n)]
    order = [i for i in order if i not in out]
    fewest = min(len(hands[i]) for i in order)
    return next(i for i in order if len(hands[i]) == fewest)


