"""What a player can work out about the hands it cannot see, from public moves only.

A card player remembers more than the piles show. After you swap hands with a 7
you know every card your opponent now holds; when a player draws because nothing
in their hand fits (the printed No Mercy rule: you may only draw when you cannot
play), every card they held fits neither the color nor the number on the pile; a
wild roulette's victim turns the cards up for everyone to see. The expert keeps
these facts in a :class:`HandBeliefs` and deals its imagined tables to agree
with them (:func:`deal_hidden`).

Each other seat's hand is a list of *slots*, one per card it holds. A slot is a
bitmask over card codes (``Card.code``): the cards that slot may be. A slot of
one bit is a card known for certain; ``ANY`` is a card nothing is known about.
The lists follow the hand sizes exactly: cards drawn add slots, cards played
remove them (the exact slot when the card was known), swaps and passed hands
move whole lists.

Everything here is read from what every player at the table sees: the move, the
public events it caused (the cards of a discard-all, the roulette's turned-up
cards, who swapped with whom) and the views before and after. One inference goes
beyond the rules and can be switched off: ``read_stacking`` assumes that a
player who takes a pending stack had no card that could have passed it on (a
sound player stacks when it can; a wild reverse +4 that would come straight back
to a two-player taker does not count). A belief that a later move contradicts is
forgotten for that seat, never trusted against the evidence.
"""

from __future__ import annotations

import random
from typing import Sequence

from nomercy.core import events as ev
from nomercy.core.moves import Move, Draw, Play
from nomercy.core.cards import ALL_CARDS, COLORS, Card, Rank
from nomercy.core.legality import card_fits
from nomercy.core.state import Phase, PlayerView

__all__ = ["ANY", "HandBeliefs", "HiddenDeal", "deal_hidden", "fits_mask"]

ANY = (1 << len(ALL_CARDS)) - 1
_COLOR_MASK = {color: sum(1 << c.code for c in ALL_CARDS if c.color is color) for color in COLORS}
_WILD_REVERSE_DRAW_FOUR = [c.code for c in ALL_CARDS if c.rank is Rank.WILD_REVERSE_DRAW_FOUR]


def fits_mask(view: PlayerView) -> int:
    """The cards that could be played on the pile as ``view`` shows it (matching and stacking)."""
    mask = 0
    for card in ALL_CARDS:
        if card_fits(view, card):
            mask |= 1 << card.code
    return mask


def _bits(mask: int) -> int:
    return mask.bit_count()


class HandBeliefs:
    """One player's knowledge of the other hands, kept up to date move by move.

    Call :meth:`observe` after every move of the round with the observer's views
    before and after it, the move and its events. When the views do not follow
    on from each other (a move was missed, undone, or a new round began) the
    beliefs start again from nothing, so a driver that never calls ``observe``
    simply gets a player that samples every hidden card at random.
    """

    def __init__(self, *, read_stacking: bool = True) -> None:
        self.read_stacking = read_stacking
        self.slots: dict[int, list[int]] = {}
        self._last: PlayerView | None = None

    def __repr__(self) -> str:
        known = {s: sum(1 for m in slots if _bits(m) == 1) for s, slots in self.slots.items()}
        return f"HandBeliefs(known cards by seat {known})"

    # ------------------------------------------------------------------ keeping up
    def follows(self, view: PlayerView) -> bool:
        """Do these beliefs describe the table ``view`` shows (nothing missed since)?"""
        return self._last is not None and self._last == view

    def known_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds for certain, as far as this player knows."""
        return [ALL_CARDS[m.bit_length() - 1] for m in self.slots.get(seat, ()) if _bits(m) == 1]

    def observe(self, before: PlayerView, move: Move, events: Sequence[ev.Event], after: PlayerView) -> None:
        """Learn what ``move`` (with ``events``) showed, going from ``before`` to ``after``."""
        if not self.follows(before):
            self._start(before)
        me = before.seat
        seat_of = {name: i for i, name in enumerate(before.seats)}
        actor = move.seat
        if type(move) is Play and actor != me:
            self._played(before, move, after)
        drawing = type(move) is Draw and actor != me and actor == before.turn and before.phase is Phase.TURN
        fits = fits_mask(before) if drawing else 0
        if drawing:
            if before.pending:
                if self.read_stacking:
                    if len(before.seats) - len(before.out) == 2 and before.rules.two_player_reverse_draw == "self":
                        for code in _WILD_REVERSE_DRAW_FOUR:
                            fits &= ~(1 << code)
                    self._exclude(actor, fits)
            elif not before.rules.voluntary_draw:
                self._exclude(actor, fits)
        new_cards: dict[int, list[int]] = {}
        for event in events:
            if isinstance(event, ev.HandsSwapped):
                self._swap(before, move, seat_of[event.player], seat_of[event.other])
            elif isinstance(event, ev.HandsPassed):
                self._pass(before, move)
            elif isinstance(event, ev.CardsDrawn):
                seat = seat_of[event.player]
                if seat != me:
                    if event.shown:
                        new_cards.setdefault(seat, []).extend(1 << c.code for c in event.shown)
                    else:
                        new_cards.setdefault(seat, []).extend([ANY] * event.count)
            elif isinstance(event, ev.KnockedOut):
                self.slots[seat_of[event.player]] = []
                new_cards.pop(seat_of[event.player], None)
        if drawing and not before.pending and actor in new_cards:
            drawn = new_cards[actor]
            # Every card drawn before the last did not fit; the last fits if the player
            # now has to play it (or may keep it), otherwise the draw stopped without one.
            still_deciding = after.turn == actor and after.phase in (Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY)
            for i in range(len(drawn)):
                last = i == len(drawn) - 1
                drawn[i] = (drawn[i] & fits) if (last and still_deciding) else (drawn[i] & ~fits)
        for seat, masks in new_cards.items():
            self.slots.setdefault(seat, []).extend(masks)
        self._match_sizes(after)
        self._last = after

    # ------------------------------------------------------------------ the pieces
    def _start(self, view: PlayerView) -> None:
        self.slots = {s: [ANY] * size for s, size in enumerate(view.hand_sizes) if s != view.seat}

    def _played(self, before: PlayerView, move: Play, after: PlayerView) -> None:
        """Take the cards a player put on the pile out of their slots."""
        seat = move.seat
        old = len(before.discard)
        if len(after.discard) > old and after.discard[old - 1] is before.discard[-1]:
            shown = after.discard[old:]  # the card, and a discard-all's whole color
        else:
            shown = (move.card,)
        for card in shown:
            self._remove(seat, card)
        if move.card.rank is Rank.DISCARD_ALL:
            self._exclude(seat, _COLOR_MASK[move.card.color])  # type: ignore[index]

    def _remove(self, seat: int, card: Card) -> None:
        slots = self.slots.setdefault(seat, [])
        bit = 1 << card.code
        best = -1
        for i, mask in enumerate(slots):
            if mask & bit and (best < 0 or _bits(mask) < _bits(slots[best])):
                best = i
                if mask == bit:
                    break
        if best < 0:
            # the card could not be where we thought: what we believed about this hand was wrong
            slots[:] = [ANY] * len(slots)
            best = 0 if slots else -1
        if best >= 0:
            del slots[best]

    def _exclude(self, seat: int, mask: int) -> None:
        """Every card ``seat`` holds now is outside ``mask``."""
        slots = self.slots.get(seat)
        if not slots:
            return
        for i, slot in enumerate(slots):
            narrowed = slot & ~mask
            slots[i] = narrowed if narrowed else ANY & ~mask

    def _my_hand_as_given(self, before: PlayerView, move: Move) -> list[int]:
        hand = list(before.hand)
        if type(move) is Play and move.seat == before.seat:
            hand.remove(move.card)
        return [1 << c.code for c in hand]

    def _swap(self, before: PlayerView, move: Move, a: int, b: int) -> None:
        me = before.seat
        mine = self._my_hand_as_given(before, move)
        slots_a = mine if a == me else self.slots.get(a, [])
        slots_b = mine if b == me else self.slots.get(b, [])
        self.slots[a], self.slots[b] = slots_b, slots_a
        self.slots.pop(me, None)

    def _pass(self, before: PlayerView, move: Move) -> None:
        me = before.seat
        n = len(before.seats)
        active = [i for i in range(n) if i not in before.out]
        old = {i: (self._my_hand_as_given(before, move) if i == me else self.slots.get(i, [])) for i in active}
        for i in active:
            receiver = (i + before.direction) % n
            while receiver in before.out:
                receiver = (receiver + before.direction) % n
            self.slots[receiver] = old[i]
        self.slots.pop(me, None)

    def _match_sizes(self, after: PlayerView) -> None:
        """Keep one slot per card: anything the moves did not explain is a card we know nothing about."""
        for seat, size in enumerate(after.hand_sizes):
            if seat == after.seat:
                continue
            slots = self.slots.setdefault(seat, [])
            while len(slots) < size:
                slots.append(ANY)
            while len(slots) > size:
                loosest = max(range(len(slots)), key=lambda i: _bits(slots[i]))
                del slots[loosest]


def deal_hidden(view: PlayerView, unseen: list[Card], beliefs: HandBeliefs | None,
                rng: random.Random) -> dict[int, list[Card]]:
    """Deal ``unseen`` (already shuffled) into the other hands at their sizes, agreeing with ``beliefs``.

    The most constrained slots are filled first, each with a random fitting card
    from what is left; a slot no card left can fill takes any card (the belief
    was wrong, and a consistent table matters more). The cards dealt are taken
    out of ``unseen``; what is left is for the set-aside hands and the draw pile.
    """
    return HiddenDeal(view, beliefs).deal(unseen, rng)


class HiddenDeal:
    """:func:`deal_hidden` for one view and one set of beliefs, worked out once and dealt many times.

    The expert deals a new table for every round of playouts of a search, always
    from the same view and beliefs: which slots are constrained, in what order they
    are filled and which cards each may take are the same every time. Each slot's
    mask is turned into a table by card code once, so a deal tests a card with a
    list lookup rather than a shift of a many-bit mask. :meth:`deal` draws from the
    generator exactly as :func:`deal_hidden` does.
    """

    def __init__(self, view: PlayerView, beliefs: HandBeliefs | None) -> None:
        self.seats: list[int] = []  # the other seats holding cards, in seat order
        constrained: list[tuple[int, int, int]] = []  # (bits, seat, mask)
        self.free: list[int] = []  # a seat for each slot nothing is known about
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat or not size:
                continue
            self.seats.append(seat)
            slots = beliefs.slots.get(seat) if beliefs is not None else None
            if slots is None or len(slots) != size:
                self.free.extend([seat] * size)
                continue
            for mask in slots:
                if mask == ANY:
                    self.free.append(seat)
                else:
                    constrained.append((_bits(mask), seat, mask))
        constrained.sort(key=lambda item: item[0])  # the most constrained first (stable: ties in seat order)
        self.constrained = [(seat, [(mask >> code) & 1 for code in range(len(ALL_CARDS))])
                            for _, seat, mask in constrained]

    def deal(self, unseen: list[Card], rng: random.Random) -> dict[int, list[Card]]:
        """Deal ``unseen`` (already shuffled) into the hands, taking the cards dealt out of it."""
        hands: dict[int, list[Card]] = {seat: [] for seat in self.seats}
        for seat, allowed in self.constrained:
            fitting = [i for i, card in enumerate(unseen) if allowed[card.code]]
            pick = fitting[rng.randrange(len(fitting))] if fitting else rng.randrange(len(unseen))
            hands[seat].append(unseen.pop(pick))
        for seat in self.free:
            hands[seat].append(unseen.pop())
        return hands
