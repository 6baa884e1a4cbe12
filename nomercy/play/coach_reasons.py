"""Why a move is good, in one line of the game's words, and the ruling it rests on: the coach's hint and review say it.

A room of its own because it reads the table as a player does (what a move takes along, who it hits, how near
the mercy limit a draw brings you) and never searches; :mod:`nomercy.play.coach` only attaches it to the
search's choice.
"""

from __future__ import annotations

from collections import Counter

from nomercy.core import events as ev
from nomercy.core.cards import COLORS, Card, Color
from nomercy.core.decks import DECKS
from nomercy.core.engine import apply, legal_moves
from nomercy.core.legality import empties_hand
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, Move, NameColor, Pass, Play
from nomercy.core.state import GameState, Phase
from nomercy.core.wording import plural, says, verb
from nomercy.play.coach_warnings import comes_back, hand_of

__all__ = ["move_reason"]


def move_reason(state: GameState, seat: int, move: Move) -> tuple[str, str]:
    """One line, in the game's words, of why ``move`` is good for ``seat`` here, and the ruling it rests on."""
    names = state.seats
    hand = state.hands[seat]
    limit = state.rules.mercy_limit
    penalty = state.rules.uno_penalty
    if type(move) is CallUno:
        return f"Call UNO now: you hold one card, and whoever catches you first makes you draw {penalty}.", "uno"
    if type(move) is Catch:
        who = names[move.target]
        return (f"Catch {who}: {says(who, 'holds')} one card and {verb(who, 'has')} not called UNO, so "
                f"{says(who, 'draws')} {penalty}; after the next move it is too late."), "uno"
    if type(move) is Play:
        return _play_reason(state, seat, move)
    if type(move) is Draw:
        if state.pending:
            answers = [a for a in legal_moves(state, seat) if type(a) is Play]
            if not answers:
                doomed = limit is not None and len(hand) + state.pending >= limit
                fate = " and you are knocked out either way" if doomed else ""
                return (f"Take the {state.pending} cards: nothing in your hand answers a +{state.stack_value}{fate}.",
                        "stack-answers")
            if all(a.card.rank.face.effect == "reverse-draw" for a in answers) and comes_back(state, answers[0]):
                return (f"Take the {state.pending} cards: with two players left your {answers[0].card} would come "
                        "straight back to you, bigger."), "wild-reverse-four-two-players"
            keep = max((a.card for a in answers), key=lambda c: c.draw_value)
            return f"Take the {state.pending} cards and keep your {keep} for a bigger stack later.", "stacking"
        rule = "draw-one" if state.rules.draw == "one" else "draw-until-playable"
        if state.phase is Phase.TURN and not any(type(a) is Play for a in legal_moves(state, seat)):
            return f"Draw: nothing in your hand matches {state.top_card} with {state.color} in force.", rule
        return "Draw rather than play: keep your cards for later.", "matching"
    if type(move) is Pass:
        return f"Keep the {state.drawn} you drew rather than play it now.", "draw-one"
    if type(move) is NameColor:
        if state.phase is Phase.NAME_ROULETTE:
            unseen = _unseen_by_color(state, seat)
            most = max(unseen.values())
            soon = ("more than of any other color, so it should show soonest" if unseen[move.color] == most and
                    list(unseen.values()).count(most) == 1 else "so it should show soon")
            text = f"Name {move.color}: {unseen[move.color]} {move.color} cards are still unseen, {soon}."
            return text, "wild-roulette"
        held = sum(1 for c in hand if c.color is move.color)
        return f"Name {move.color}: you hold {plural(held, f'{move.color} card')}.", "first-card"
    offender = state.challenge[0] if state.challenge else (state.turn - state.direction) % len(names)
    size = len(state.hands[offender])
    return (f"Challenge: {says(names[offender], 'holds')} {size} cards, so one may well have matched the color; "
            f"if so {says(names[offender], 'draws')} the {state.pending} instead of you."), "challenge"


def _play_reason(state: GameState, seat: int, play: Play) -> tuple[str, str]:
    names = state.seats
    hand = state.hands[seat]
    limit = state.rules.mercy_limit
    card = play.card
    if empties_hand(card, hand):
        return f"Play {card}: it empties your hand and wins the round.", "winning"
    after, events = apply(state, play)  # a play draws nothing for its player: the real table tells no secret
    left = len(after.hands[seat])
    uno = "; then call UNO" if left == 1 else ""
    grew = next((e for e in events if isinstance(e, ev.StackGrew)), None)
    if state.phase is Phase.PLAY_DRAWN and card == state.drawn:
        return (f"Play the {card} you drew: a drawn card that fits is played at once under these rules{uno}.",
                "draw-until-playable")
    if grew is not None and grew.target == names[seat]:
        return f"Play {card}: with two players left it comes back to you, {grew.total} cards in all{uno}.", grew.rule
    if grew is not None:
        target = grew.target
        size = len(after.hands[state.seat(target)])
        knocks = limit is not None and size + grew.total >= limit
        if state.pending and limit is not None and len(hand) + state.pending >= limit:
            return (f"Stack your {card}: drawing {state.pending} would take you to {limit} cards "
                    f"and knock you out{uno}."), "mercy"
        stack = "Stack your" if state.pending else "Play"
        if knocks:
            return (f"{stack} {card}: {says(target, 'holds')} {size} cards, and {grew.total} more knock {target} "
                    f"out{uno}."), "mercy"
        if state.pending:
            return (f"Stack your {card}: {target} now {verb(target, 'faces')} {grew.total} cards instead of you "
                    f"drawing {state.pending}{uno}."), grew.rule
        if size <= 2:
            return (f"Play {card}: {says(target, 'holds')} only {plural(size)}, so make {target} draw {grew.total}{uno}.",
                    grew.rule)
        return f"Play {card}: {target} must answer with a draw card or take {grew.total}{uno}.", grew.rule
    for event in events:
        if isinstance(event, ev.HandsSwapped):
            return (f"Swap hands with {event.other}: you give away {len(hand) - 1} cards "
                    f"and get {plural(left)} back{uno}."), event.rule
        if isinstance(event, ev.HandsPassed):
            giver = names[(seat - state.direction) % len(names)]
            return (f"Pass the hands on: you give away {len(hand) - 1} cards and get {hand_of(giver, left)}{uno}.",
                    event.rule)
        if isinstance(event, ev.CardsDiscarded) and event.cards:
            shown = ", ".join(map(str, event.cards))
            what = f"your other {card.color} card ({shown})" if len(event.cards) == 1 else \
                f"your {len(event.cards)} other {card.color} cards ({shown})"
            return f"Play {card}: it takes {what} along, so you hold {plural(left)}{uno}.", event.rule
        if isinstance(event, ev.EveryoneSkipped):
            return f"Play {card}: everyone else is skipped and you play again{uno}.", event.rule
        if isinstance(event, ev.PlayerSkipped):
            size = len(after.hands[state.seat(event.player)])
            if event.rule == "reverse-two-players":
                return f"Play {card}: with two players it skips {event.player}, and you play again{uno}.", event.rule
            if size <= 2:
                return f"Play {card}: skip {event.player}, who holds only {plural(size)}{uno}.", event.rule
            return f"Play {card}: skip {event.player}{uno}.", event.rule
    if after.phase is Phase.NAME_ROULETTE:
        victim = names[after.turn]
        size = len(after.hands[after.turn])
        near = limit is not None and size + _expected_turned_up(state, seat) >= limit
        close = f", already {size} of the {limit} that knock a player out" if near else ""
        return (f"Play {card}: {victim} ({plural(size)}{close}) {verb(victim, 'turns')} up cards until a named color "
                f"shows{uno}.",
                "wild-roulette")
    if card.rank.face.effect == "reverse":
        nxt = names[after.turn]
        return (f"Play {card}: play turns around, so {nxt} ({plural(len(after.hands[after.turn]))}) "
                f"{verb(nxt, 'plays')} next{uno}."), "reverse"
    color = after.color
    same = sum(1 for c in after.hands[seat] if c.color is color)
    more = f", and you hold {plural(same, f'more {color} card')}" if same else ""
    if card.is_wild:
        return f"Play {card}: it makes {color} the color in force{more}{uno}.", "wild-color"
    if color is not state.color:
        return f"Play {card}: it makes {color} the color in force{more}{uno}.", "matching"
    shields = [c for c in after.hands[seat] if c.is_draw_card]
    if shields and state.rules.stacking != "none":
        return f"Play {card}: it matches, and you keep your {shields[0]} to answer a stack{uno}.", "stacking"
    return f"Play {card}: it matches{more}{uno}.", "matching"


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
