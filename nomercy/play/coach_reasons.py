"""Why a move is good, in one line of the game's words, and the ruling it rests on: the coach's hint and review say it.

A room of its own because it reads the table as a player does (what a move takes along, who it hits, how near
the mercy limit a draw brings you) and never searches; :mod:`nomercy.play.coach` only attaches it to the
search's choice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from nomercy.core import events as ev
from nomercy.core.cards import COLORS, Card, Color
from nomercy.core.decks import DECKS
from nomercy.core.engine import apply, legal_moves
from nomercy.core.legality import empties_hand
from nomercy.core.position import seat_before
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, Move, NameColor, Pass, Play
from nomercy.core.state import GameState, Phase
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Joined, said
from nomercy.core.said import n_
from nomercy.core.wording import plural, says, verb
from nomercy.play.coach_warnings import comes_back, hand_of

__all__ = ["move_reason"]


def move_reason(state: GameState, seat: int, move: Move) -> tuple[str, str]:
    """One line, in the game's words, of why ``move`` is good for ``seat`` here, and the ruling it rests on.

    The line is a :class:`~nomercy.core.refusals.Said`: its English, and the message and values a table in
    another language says it again from."""
    names = state.seats
    hand = state.hands[seat]
    limit = state.rules.mercy_limit
    penalty = state.rules.uno_penalty
    if type(move) is CallUno:
        return said(N_("Call UNO now: you hold one card, and whoever catches you first makes you draw {penalty}."),
                    penalty=penalty), "uno"
    if type(move) is Catch:
        who = names[move.target]
        return said(N_("Catch {player}: {player} holds one card and has not called UNO, so {player} draws {penalty}; "
                       "after the next move it is too late."),
                    f"Catch {who}: {says(who, 'holds')} one card and {verb(who, 'has')} not called UNO, so "
                    f"{says(who, 'draws')} {penalty}; after the next move it is too late.",
                    player=who, penalty=penalty), "uno"
    if type(move) is Play:
        return _play_reason(state, seat, move)
    if type(move) is Draw:
        if state.pending:
            answers = [a for a in legal_moves(state, seat) if type(a) is Play]
            if not answers:
                doomed = limit is not None and len(hand) + state.pending >= limit
                fate = said(N_(" and you are knocked out either way")) if doomed else ""
                return (said(N_("Take the {count} cards: nothing in your hand answers a +{stack}{fate}."),
                             count=state.pending, stack=state.stack_value, fate=fate), "stack-answers")
            if all(a.card.rank.face.effect == "reverse-draw" for a in answers) and comes_back(state, answers[0]):
                return said(N_("Take the {count} cards: with two players left your {card} would come straight back "
                               "to you, bigger."), count=state.pending, card=answers[0].card), \
                    "wild-reverse-four-two-players"
            keep = max((a.card for a in answers), key=lambda c: c.draw_value)
            return said(N_("Take the {count} cards and keep your {card} for a bigger stack later."),
                        count=state.pending, card=keep), "stacking"
        rule = "draw-one" if state.rules.draw == "one" else "draw-until-playable"
        if state.phase is Phase.TURN and not any(type(a) is Play for a in legal_moves(state, seat)):
            return said(N_("Draw: nothing in your hand matches {top} with {color} in force."), top=state.top_card,
                        color=state.color), rule
        return said(N_("Draw rather than play: keep your cards for later.")), "matching"
    if type(move) is Pass:
        return said(N_("Keep the {card} you drew rather than play it now."), card=state.drawn), "draw-one"
    if type(move) is NameColor:
        if state.phase is Phase.NAME_ROULETTE:
            unseen = _unseen_by_color(state, seat)
            most = max(unseen.values())
            soon = (said(N_("more than of any other color, so it should show soonest"))
                    if unseen[move.color] == most and list(unseen.values()).count(most) == 1
                    else said(N_("so it should show soon")))
            return said(N_("Name {color}: {count} {color} cards are still unseen, {soon}."), color=move.color,
                        count=unseen[move.color], soon=soon), "wild-roulette"
        held = sum(1 for c in hand if c.color is move.color)
        return said(N_("Name {color}: you hold {cards}."), color=move.color,
                    cards=Count(held, *n_("{count} {color} card", "{count} {color} cards"), {"color": move.color})), \
            "first-card"
    offender = state.challenge[0] if state.challenge else seat_before(state.turn, state.direction, state.out, len(names))
    size = len(state.hands[offender])
    who = names[offender]
    return said(N_("Challenge: {player} holds {size} cards, so one may well have matched the color; if so {player} "
                   "draws the {count} instead of you."),
                f"Challenge: {says(who, 'holds')} {size} cards, so one may well have matched the color; "
                f"if so {says(who, 'draws')} the {state.pending} instead of you.",
                player=who, size=size, count=state.pending), "challenge"


def _cards(count: int) -> Count:
    """``count`` cards, as ``plural`` writes them in English."""
    return Count(count, *n_("{count} card", "{count} cards"))


def _play_reason(state: GameState, seat: int, play: Play) -> tuple[str, str]:
    names = state.seats
    hand = state.hands[seat]
    limit = state.rules.mercy_limit
    card = play.card
    if empties_hand(card, hand):
        return said(N_("Play {card}: it empties your hand and wins the round."), card=card), "winning"
    after, events = apply(state, play)  # a play draws nothing for its player: the real table tells no secret
    left = len(after.hands[seat])
    uno = said(N_("; then call UNO")) if left == 1 else ""
    grew = next((e for e in events if isinstance(e, ev.StackGrew)), None)
    if state.phase is Phase.PLAY_DRAWN and card == state.drawn:
        return (said(N_("Play the {card} you drew: a drawn card that fits is played at once under these rules{uno}."),
                     card=card, uno=uno), "draw-until-playable")
    if grew is not None and grew.target == names[seat]:
        return said(N_("Play {card}: with two players left it comes back to you, {total} cards in all{uno}."),
                    card=card, total=grew.total, uno=uno), grew.rule
    if grew is not None:
        target = grew.target
        size = len(after.hands[state.seat(target)])
        knocks = limit is not None and size + grew.total >= limit
        if state.pending and limit is not None and len(hand) + state.pending >= limit:
            return (said(N_("Stack your {card}: drawing {pending} would take you to {limit} cards and knock you "
                            "out{uno}."), card=card, pending=state.pending, limit=limit, uno=uno), "mercy")
        values: dict[str, Any] = {"card": card, "player": target, "size": size, "total": grew.total, "uno": uno}
        if knocks:
            stack = "Stack your" if state.pending else "Play"
            message = (N_("Stack your {card}: {player} holds {size} cards, and {total} more knock {player} out{uno}.")
                       if state.pending else
                       N_("Play {card}: {player} holds {size} cards, and {total} more knock {player} out{uno}."))
            return (said(message, f"{stack} {card}: {says(target, 'holds')} {size} cards, and {grew.total} more "
                                  f"knock {target} out{uno}.", **values), "mercy")
        if state.pending:
            return (said(N_("Stack your {card}: {player} now faces {total} cards instead of you drawing "
                            "{pending}{uno}."),
                         f"Stack your {card}: {target} now {verb(target, 'faces')} {grew.total} cards instead of "
                         f"you drawing {state.pending}{uno}.", pending=state.pending, **values), grew.rule)
        if size <= 2:
            return (said(N_("Play {card}: {player} holds only {cards}, so make {player} draw {total}{uno}."),
                         f"Play {card}: {says(target, 'holds')} only {plural(size)}, so make {target} draw "
                         f"{grew.total}{uno}.", cards=_cards(size), **values), grew.rule)
        return said(N_("Play {card}: {player} must answer with a draw card or take {total}{uno}."), **values), grew.rule
    for event in events:
        if isinstance(event, ev.HandsSwapped):
            return _swap_reason(state, seat, event, after, uno), event.rule
        if isinstance(event, ev.HandsPassed):
            giver = names[seat_before(seat, state.direction, state.out, len(names))]
            return (said(N_("Pass the hands on: you give away {gave} and get {hand}{uno}."),
                         f"Pass the hands on: you give away {len(hand) - 1} cards and get {hand_of(giver, left)}{uno}.",
                         gave=_cards(len(hand) - 1), hand=hand_of(giver, left), uno=uno), event.rule)
        if isinstance(event, ev.CardsDiscarded) and event.cards:
            shown = Joined(tuple(event.cards), ", ", N_("{items}, {item}"))
            what = (said(N_("your other {color} card ({cards})"), color=card.color, cards=shown)
                    if len(event.cards) == 1 else
                    said(N_("your {count} other {color} cards ({cards})"), count=len(event.cards), color=card.color,
                         cards=shown))
            return said(N_("Play {card}: it takes {what} along, so you hold {cards}{uno}."), card=card, what=what,
                        cards=_cards(left), uno=uno), event.rule
        if isinstance(event, ev.EveryoneSkipped):
            return said(N_("Play {card}: everyone else is skipped and you play again{uno}."), card=card,
                        uno=uno), event.rule
        if isinstance(event, ev.PlayerSkipped):
            size = len(after.hands[state.seat(event.player)])
            if event.rule == "reverse-two-players":
                return said(N_("Play {card}: with two players it skips {player}, and you play again{uno}."),
                            card=card, player=event.player, uno=uno), event.rule
            if size <= 2:
                return said(N_("Play {card}: skip {player}, who holds only {cards}{uno}."), card=card,
                            player=event.player, cards=_cards(size), uno=uno), event.rule
            return said(N_("Play {card}: skip {player}{uno}."), card=card, player=event.player, uno=uno), event.rule
    if after.phase is Phase.NAME_ROULETTE:
        victim = names[after.turn]
        size = len(after.hands[after.turn])
        near = limit is not None and size + _expected_turned_up(state, seat) >= limit
        close = said(N_(", already {size} of the {limit} that knock a player out"), size=size, limit=limit) \
            if near else ""
        return (said(N_("Play {card}: {player} ({cards}{close}) turns up cards until a named color shows{uno}."),
                     f"Play {card}: {victim} ({plural(size)}{close}) {verb(victim, 'turns')} up cards until a named "
                     f"color shows{uno}.", card=card, player=victim, cards=_cards(size), close=close, uno=uno),
                "wild-roulette")
    if card.rank.face.effect == "reverse":
        nxt = names[after.turn]
        return (said(N_("Play {card}: play turns around, so {player} ({cards}) plays next{uno}."),
                     f"Play {card}: play turns around, so {nxt} ({plural(len(after.hands[after.turn]))}) "
                     f"{verb(nxt, 'plays')} next{uno}.", card=card, player=nxt,
                     cards=_cards(len(after.hands[after.turn])), uno=uno), "reverse")
    color = after.color
    same = sum(1 for c in after.hands[seat] if c.color is color)
    more = said(N_(", and you hold {cards}"), cards=Count(same, *n_("{count} more {color} card",
                                                                     "{count} more {color} cards"),
                                                           {"color": color})) if same else ""
    if card.is_wild or color is not state.color:
        return said(N_("Play {card}: it makes {color} the color in force{more}{uno}."), card=card, color=color,
                    more=more, uno=uno), "wild-color" if card.is_wild else "matching"
    shields = [c for c in after.hands[seat] if c.is_draw_card]
    if shields and state.rules.stacking != "none":
        return said(N_("Play {card}: it matches, and you keep your {shield} to answer a stack{uno}."), card=card,
                    shield=shields[0], uno=uno), "stacking"
    return said(N_("Play {card}: it matches{more}{uno}."), card=card, more=more, uno=uno), "matching"


def _swap_reason(state: GameState, seat: int, swap: ev.HandsSwapped, after: GameState, uno: str) -> str:
    """Why a 7 swaps with this seat: the seat holds the fewest cards; or the seat with the fewest plays right after
    you, and would start with your cards; or, when neither, that the swap with the fewest did worse in the imagined
    rounds (the coach's search keeps the smallest hand unless another swap does clearly better)."""
    names, hand = state.seats, state.hands[seat]
    values: dict[str, Any] = {"player": swap.other, "gave": _cards(len(hand) - 1),
                              "cards": _cards(len(after.hands[seat])), "uno": uno}
    others = [i for i in range(len(names)) if i != seat and i not in state.out]
    fewest = min(others, key=lambda i: (len(state.hands[i]), i != state.seat(swap.other)))
    if len({len(state.hands[i]) for i in others}) == 1:  # one seat to swap with, or all hold as many cards
        return said(N_("Swap hands with {player}: you give away {gave} and get {cards} back{uno}."), **values)
    if names[fewest] == swap.other:
        return said(N_("Swap hands with {player}, who holds the fewest cards: you give away {gave} and get {cards} "
                       "back{uno}."), **values)
    if after.turn == fewest and len(hand) - 1 < len(state.hands[fewest]):
        return said(N_("Swap hands with {player}, not {fewest}: {fewest} plays right after you and would start with "
                       "your {gave}; you get {cards} back{uno}."), fewest=names[fewest], **values)
    return said(N_("Swap hands with {player}: you give away {gave} and get {cards} back; a swap with {fewest}, who "
                   "holds fewer cards, did clearly worse in the imagined rounds{uno}."), fewest=names[fewest], **values)


def _expected_turned_up(state: GameState, seat: int) -> float:
    """How many cards a roulette's victim turns up on average, naming the color most of the unseen cards have
    (what ``seat`` can count: the deck less its hand and the discard pile). Drawing without replacement,
    the first of ``k`` cards of that color among ``n`` comes on average at card (n + 1) / (k + 1)."""
    unseen = _unseen_by_color(state, seat)
    total = sum(DECKS[state.rules.deck].counts().values()) - len(state.hands[seat]) - len(state.discard)
    return (total + 1) / (max(unseen.values()) + 1)


def _unseen_by_color(state: GameState, seat: int) -> dict[Color, int]:
    """Cards of each color ``seat`` has not seen: the deck less its hand and the discard pile."""
    counts: Counter[Card] = DECKS[state.rules.deck].counts()
    counts.subtract(state.hands[seat])
    counts.subtract(state.discard)
    return {color: sum(n for card, n in counts.items() if card.color is color) for color in COLORS}
