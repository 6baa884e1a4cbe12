"""What a position holds, and the one check of a position: the fields of the table at one moment, named once.

:class:`~nomercy.core.state.GameState` (the immutable value) and the engine's working copy
(:class:`~nomercy.core.draft.Draft`) are both made of these fields; :func:`check_position` refuses fields
that no game could reach, whether they came from a line of text, a puzzle's file or a hand-made state.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Any

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, brief
from nomercy.core.rules import ROUND_MOVE_LIMIT, RuleSet

__all__ = ["Phase", "Position", "POSITION_FIELDS", "CLOCKWISE", "COUNTERCLOCKWISE", "check_position"]

CLOCKWISE = 1
COUNTERCLOCKWISE = -1


def seat_before(seat: int, direction: int, out: tuple[int, ...] | frozenset[int], count: int) -> int:
    """The seat still in that plays just before ``seat``: the one whose hand a 0 passes to ``seat``.

    Seats that are out are passed over, as play passes over them (a knocked-out seat holds no hand to pass on).
    """
    before = (seat - direction) % count
    while before in out:
        before = (before - direction) % count
    return before


class Phase(enum.Enum):
    """What kind of decision the game is waiting for."""

    TURN = "turn"                     # play a card, or draw (take the pending draw, if any)
    PLAY_DRAWN = "play-drawn"         # draw-until-playable found a card: it must be played
    KEEP_OR_PLAY = "keep-or-play"     # draw one found a playable card: play it or pass
    NAME_ROULETTE = "name-roulette"   # the roulette's victim names a color
    NAME_FIRST_COLOR = "name-first-color"  # a wild was turned up first: the first player names the color
    OVER = "over"                     # the round has a winner

# The phases as module constants: reading an enum member through its class (``Phase.TURN``)
# is several times slower than a global in CPython 3.11, and the engine asks on every move.
TURN, PLAY_DRAWN, KEEP_OR_PLAY = Phase.TURN, Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY
NAME_ROULETTE, NAME_FIRST_COLOR, OVER = Phase.NAME_ROULETTE, Phase.NAME_FIRST_COLOR, Phase.OVER


class Position:
    """The fields of a position, as slots: shared by :class:`GameState` and the engine's working copy.

    This list is the one place the fields are named, in their order; the annotations say
    what each one holds. ``events`` and ``base`` belong to the working copy
    (:class:`nomercy.core.draft.Draft`: what the move did, and the position before it) and
    are empty in a finished state. Both classes add nothing to these slots, so the
    engine can change its working copy in place and then make it the next state by
    giving it the class ``GameState`` (CPython allows ``__class__`` assignment between
    classes of the same layout): no field is copied twice.
    """

    rules: RuleSet
    seats: tuple[str, ...]                 # names, clockwise; a seat is an index into this
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]            # the next card to draw first
    discard: tuple[Card, ...]              # bottom to top
    color: Color | None                    # the color in force
    turn: int
    direction: int                         # CLOCKWISE or COUNTERCLOCKWISE
    pending: int                           # the pending draw: cards the next decision must answer or take
    stack_value: int                       # the draw value a stacked card must reach
    phase: Phase
    drawn: Card | None                     # the card just drawn, while it may (or must) be played
    out: tuple[int, ...]                   # knocked-out seats
    set_aside: tuple[Card, ...]            # knocked-out hands, back in at the next reshuffle
    catchable: tuple[int, ...]             # seats holding one card without having called UNO
    challenge: tuple[int, bool] | None     # classic wild +4: (who played it, whether it was guilty)
    stuck: int                             # turns in a row nobody could play or draw (the dead end)
    winner: int | None
    end_reason: str | None
    seed: int
    shuffles: int                          # reshuffles so far: each gets its own seeded generator
    dealer: int
    ply: int                               # moves applied since the deal

    __slots__ = (*__annotations__, "events", "base")
    events: Any                            # the working copy's: what the move did (empty in a state)
    base: Any                              # the working copy's: the position before the move


POSITION_FIELDS: tuple[str, ...] = tuple(name for name in Position.__annotations__ if name not in ("events", "base"))
"""The fields of a position, in order: what a player that rebuilds positions (the expert's imagined tables) copies."""


def check_position(f: dict[str, Any]) -> None:
    """Refuse fields that no game could reach, before a state is made of them; the one check of a position.

    It holds for every position a game passes through (a test plays random games under many rule sets and
    checks each one), so a position it refuses could only have been written by hand or damaged: a seat that
    does not exist, a card too many or too few, a color in force that the top card contradicts, a player
    still in the round at the mercy limit, a round over without a winner...
    """
    from nomercy.core.decks import DECKS
    from nomercy.core.moves import check_seat_names
    from nomercy.core.seeds import check_seed

    rules: RuleSet = f["rules"]
    seats = check_seat_names(f["seats"])
    n = len(seats)
    low, high = rules.players
    if not low <= n <= high:
        raise NotationError(f"{rules.name} is for {low} to {high} players, not {n}")
    hands = f["hands"]
    if len(hands) != n:
        raise NotationError(f"{n} seats but {len(hands)} hands")
    check_seed(f["seed"])

    def seat(what: str, index: int) -> int:
        if not 0 <= index < n:
            raise NotationError(f"{what}: the seat number is out of range, {index} where the seats are 0 to {n - 1} "
                                f"({brief(', '.join(seats))})")
        return index

    out, catchable = f["out"], f["catchable"]
    for what, index in (("the turn", f["turn"]), ("the dealer", f["dealer"]), *(("a seat out", i) for i in out),
                        *(("a seat that may be caught", i) for i in catchable)):
        seat(what, index)
    for what, listed in (("out", out), ("uno", catchable)):
        if len(set(listed)) != len(listed):
            raise NotationError(f"{what} names a seat twice: {','.join(map(str, listed))}")
    if len(out) >= n:
        raise NotationError("every seat is out: one player at least is still in the round")
    for index in out:
        if hands[index]:
            raise NotationError(f"{seats[index]} is out of the round but holds {len(hands[index])} cards")
    if f["set_aside"] and not out:
        raise NotationError("cards are set aside, but nobody has been knocked out")
    over = f["phase"] is Phase.OVER
    winner = f["winner"]
    if winner is not None:
        seat("the winner", winner)
    if over != (winner is not None) or over != (f["end_reason"] is not None):
        raise NotationError("a round that is over has a winner and an end, and one still going has neither")
    if winner is not None and winner in out:
        raise NotationError(f"the winner, {seats[winner]}, is out of the round")
    if f["turn"] in out:
        raise NotationError(f"it is {seats[f['turn']]}'s turn, but {seats[f['turn']]} is out of the round")
    limit = rules.mercy_limit
    if not over and limit is not None:
        for index, hand in enumerate(hands):
            if len(hand) >= limit:
                raise NotationError(f"{seats[index]} holds {len(hand)} cards, at the mercy limit of {limit}, "
                                    "but is still in the round")
    for index in catchable:
        if over or index in out or len(hands[index]) != 1:
            raise NotationError(f"{seats[index]} may be caught without calling UNO only while holding one card")
    discard = f["discard"]
    if not discard:
        raise NotationError("the discard pile is empty: a position has a top card")
    top, color, phase = discard[-1], f["color"], f["phase"]
    if color is None and phase is not Phase.NAME_FIRST_COLOR and phase is not Phase.NAME_ROULETTE and not over:
        raise NotationError("no color is in force: only a wild waiting for its color to be named leaves none")
    if top.color is not None and color is not None and color is not top.color:
        raise NotationError(f"{color} is in force over {top}: only a wild on top lets another color be named")
    if (phase is Phase.PLAY_DRAWN and rules.draw != "until-playable") or (
            phase is Phase.KEEP_OR_PLAY and rules.draw != "one"):
        raise NotationError(f"phase {phase.value} comes of another way of drawing than draw: {rules.draw}")
    drawn = f["drawn"]
    waiting = phase is Phase.PLAY_DRAWN or phase is Phase.KEEP_OR_PLAY
    if (drawn is not None) != waiting:
        raise NotationError(f"a drawn card waits to be played exactly in the phases play-drawn and keep-or-play, "
                            f"not with drawn:{drawn.short if drawn is not None else '-'} in {phase.value}")
    if drawn is not None and drawn not in hands[f["turn"]]:
        raise NotationError(f"the drawn card {drawn} is not in {seats[f['turn']]}'s hand")
    if (phase is Phase.NAME_ROULETTE or phase is Phase.NAME_FIRST_COLOR) and not top.is_wild:
        raise NotationError(f"a color is named in phase {phase.value} only with a wild on top, not {top}")
    pending, stack = f["pending"], f["stack_value"]
    if over and (pending or stack or drawn is not None or f["challenge"] is not None):
        raise NotationError("a round that is over has no pending draw, drawn card or challenge")
    if stack > pending:
        raise NotationError(f"a stack to reach of {stack} is above the pending draw of {pending}")
    if pending and not top.draw_value:
        raise NotationError(f"a draw of {pending} is pending, but the top card, {top}, makes nobody draw")
    if not over:
        for index in range(n):
            if index not in out and not hands[index]:
                raise NotationError(f"{seats[index]} holds no card but has not won: a round ends when a hand empties")
    challenge = f["challenge"]
    if challenge is not None:
        if not pending or top.rank.effect != "challengeable-draw":
            raise NotationError(f"a challenge is open only with a pending draw and a challengeable card on top, "
                                f"not {top}")
        seat("the challenged player", challenge[0])
    if not over and f["ply"] >= ROUND_MOVE_LIMIT:
        raise NotationError(f"a round still going at move {f['ply']} would have ended at its move limit, "
                            f"{ROUND_MOVE_LIMIT:,}")
    if f["stuck"] >= n - len(out):
        raise NotationError(f"stuck counts the players in a row who could neither play nor draw: fewer than the "
                            f"{n - len(out)} still in the round, not {f['stuck']}")
    deck = DECKS.get(rules.deck)
    table = (*f["draw_pile"], *discard, *f["set_aside"], *(card for hand in hands for card in hand))
    if pending > len(table):
        raise NotationError(f"a pending draw of {pending} is more than the {len(table)} cards on the table")
    if deck is None or Counter(table) != deck.counts():
        raise NotationError(f"its cards are not one {rules.deck} deck")
