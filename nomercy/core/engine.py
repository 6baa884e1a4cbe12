"""The one path that changes a game: dealing it (:func:`deal`) and :func:`apply`.

Legality has one source (:mod:`nomercy.core.legality`): ``apply`` accepts exactly the
moves :func:`legal_moves` lists and refuses every other with the checker's
reason. A refused move changes nothing. The effects of the cards live here, as
functions named by the face table (:mod:`nomercy.core.faces`) and carried out by
:mod:`nomercy.core.effects` on a private working copy (:mod:`nomercy.core.draft`),
which is then frozen into the next state.

>>> from nomercy import new_game
>>> game = new_game("no-mercy", ["A", "B", "C"], seed=7)
>>> game.turn, len(game.hands[0]), game.card_count()
(0, 7, 168)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from nomercy.core import events as ev
from nomercy.core.events import new_event
from nomercy.core.citations import ANSWER, JUMPS_IN, ON_TURN, PLAYS_DRAWN_CARD, PLAYS_DRAWN_UNTIL_IT_FITS, draw_ruling, play_ruling
from nomercy.core.moves import MAX_PLAYERS, Move, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, check_seat_names
from nomercy.core.cards import Card
from nomercy.core.decks import DECKS
from nomercy.core.effects import EFFECTS, FIRST_CARD, house_effect_failed, take_first_draw
from nomercy.core import inputs
from nomercy.core.errors import IllegalMoveError, RulesError, brief
from nomercy.core.legality import LegalMoves, is_legal, is_listed, legal_moves, why_illegal
from nomercy.core.rules import ROUND_MOVE_LIMIT, RuleSet, as_range, check_dealable, ruleset
from nomercy.core.state import GameState, KEEP_OR_PLAY, NAME_FIRST_COLOR, OVER, PLAY_DRAWN, TURN
from nomercy.core.draft import Draft, dead_end_winner, shuffle_rng
from nomercy.core.seeds import check_seed, shuffle

__all__ = ["new_game", "deal", "turn_up_first_card", "legal_moves", "LegalMoves", "is_legal", "apply", "why_illegal", "shuffle_rng", "dead_end_winner"]


# ----------------------------------------------------------------------------
# Starting a game
# ----------------------------------------------------------------------------

def new_game(
    rules: str | RuleSet = "no-mercy",
    players: int | Sequence[str] = 4,
    /,
    *,
    seed: int = 0,
    dealer: int | str | None = None,
    **overrides: object,
) -> GameState:
    """Shuffle, deal and turn up the first card, per the rules' ``first_card`` option.

    ``players`` is a number of players (named A, B, C, ...) or their names in
    clockwise order. The dealer defaults to the last seat, so the first seat starts.
    Rule options follow by name; ``players=`` among them is the option (the range
    of table sizes), so a table of 8 needs ``new_game("no-mercy", 8, players="2-10")``.
    :func:`deal` does the same and also returns the events of the deal.
    """
    return deal(rules, players, seed=seed, dealer=dealer, **overrides)[0]


def deal(
    rules: str | RuleSet = "no-mercy",
    players: int | Sequence[str] = 4,
    /,
    *,
    seed: int = 0,
    dealer: int | str | None = None,
    **overrides: object,
) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The starting state and what happened while dealing (cards buried, first-card effects).

    >>> state, events = deal("classic", ["A", "B", "C"], seed=2)
    >>> events[0].sentence
    'C deals 7 cards to every player; A starts.'
    >>> deal("no-mercy", 2, mercy_limit=7)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.RulesError: mercy_limit 7 is not above hand_size 7: every hand would be dealt at the mercy limit; choose a mercy_limit above hand_size, or none
    """
    check_players_option(overrides)
    rule_set = ruleset(rules, **overrides) if not isinstance(rules, RuleSet) or overrides else rules
    check_seed(seed)
    seats = _seat_names(players)
    low, high = rule_set.players
    if not low <= len(seats) <= high:
        raise RulesError(f"{rule_set.name} is for {low} to {high} players, not {len(seats)}")
    check_dealable(rule_set)
    deck = list(DECKS[rule_set.deck].cards())
    if rule_set.hand_size * len(seats) >= len(deck):
        raise RulesError(f"{len(seats)} hands of {rule_set.hand_size} do not fit in a {len(deck)}-card deck: "
                         "a card must be left to start the discard pile")
    shuffle(shuffle_rng(seed, 0), deck)
    n = len(seats)
    if dealer is None:
        dealer_index = n - 1
    elif isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < n:
        dealer_index = dealer
    elif isinstance(dealer, str):
        from nomercy.core.moves import seat_index

        dealer_index = seat_index(dealer, seats)
    else:
        raise RulesError(f"the dealer is a seat, a number from 0 to {n - 1} or a name ({', '.join(seats)}), "
                         f"not {brief(dealer)}")
    size = rule_set.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    pile = deck[n * size:]
    first = (dealer_index + 1) % n
    t = Draft.blank(rule_set, seats, seed, dealer_index)
    t.hands = [tuple(hand) for hand in hands]
    t.draw_pile = pile
    t.turn = first
    t.events.append(new_event(ev.GameStarted, (seats[dealer_index], seats[first], size, "deal")))
    _turn_first_card(t)
    t.settle_piles()
    events = tuple(t.events)
    return t.freeze(), events


def check_players_option(overrides: Mapping[str, object]) -> None:
    """A ``players=`` keyword is the rule option (a range of table sizes); say so when it looks like seats."""
    if "players" in overrides and as_range(overrides["players"]) is None:
        raise RulesError(f"players= is the rule option of table sizes, a range like '2-10', not "
                         f"{brief(overrides['players'])}; the seats come second, as in new_game('no-mercy', 3)")


def turn_up_first_card(state: GameState) -> tuple[GameState, tuple[ev.Event, ...]]:
    """Turn up the first card of a dealt table whose discard pile is still empty.

    This is the last step of :func:`deal`, open to positions built by hand (a puzzle
    that starts before the first card is turned): the rules' ``first_card`` option
    decides what happens, exactly as in a real deal.
    """
    if state.discard:
        raise RulesError("the first card has already been turned up")
    t = Draft.of(state)
    t.ply = state.ply
    t.draw_pile = list(t.draw_pile)
    t.discard = []
    _turn_first_card(t)
    t.settle_piles()
    events = tuple(t.events)
    return t.freeze(), events


def _seat_names(players: object) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        if players < 1:
            raise RulesError(f"a game needs players, not {players}")
        if players > MAX_PLAYERS:
            raise RulesError(f"no rule profile seats {brief(players)} players")
        return tuple(_default_name(i) for i in range(players))
    if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
        raise RulesError(f"players is a number of players or a list of seat names, like ['Ann', 'Bo'], "
                         f"not {brief(players)}")
    if len(players) > MAX_PLAYERS:
        raise RulesError(f"no rule profile seats {len(players)} players")
    return check_seat_names(tuple(players))


def _default_name(i: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < 26 else f"P{i + 1}"


def _turn_first_card(t: "Draft") -> None:
    rules = t.rules
    buried: list[Card] = []
    rule = "first-card"
    left = len(t.draw_pile)
    if not left:
        raise RulesError(f"no card is left in the draw pile to turn up first: {_leave_more()}")
    if rules.first_card == "number" and not any(card.is_number for card in t.draw_pile):
        raise RulesError(f"{_cards_left(left)} {'holds' if left == 1 else 'hold'} no number card to turn up first "
                         f"(first_card: number buries every other card): {_leave_more()}")
    while True:
        card = t.draw_pile.pop(0)
        if rules.first_card == "number":
            if card.is_number:
                t.discard = buried + [card]
                t.color = card.color
                t.events.append(new_event(ev.FirstCardTurned, (card, tuple(buried), rule)))
                return
            buried.append(card)
            continue
        if card.rank.face.first_card == "return":
            # the face may not start the pile: it goes back into the deck and another card is turned
            t.events.append(new_event(ev.FirstCardReturned, (card, rule)))
            t.draw_pile.append(card)
            if all(c.rank.face.first_card == "return" for c in t.draw_pile):
                # re-flipping would never end: stop before the shuffle, as the number-first case does
                left = len(t.draw_pile)
                faces = " and ".join(sorted({c.rank.value for c in t.draw_pile}))
                what = f"is a {faces} card" if left == 1 else f"are all {faces} cards"
                raise RulesError(f"{_cards_left(left)} {what}, which may not start the pile (first_card: apply "
                                 f"puts them back), so no first card can be turned up: {_leave_more()}")
            t.shuffles += 1
            shuffle(shuffle_rng(t.seed, t.shuffles), t.draw_pile)
            continue
        t.discard = [card]
        t.color = card.color
        t.events.append(new_event(ev.FirstCardTurned, (card, (), rule)))
        behaviour = card.rank.face.first_card
        try:
            FIRST_CARD[behaviour](t, card)
        except Exception as error:  # a house behaviour that breaks is a refusal naming it; the state is untouched
            failed = house_effect_failed(behaviour, card, error, first=True)
            if failed is error:
                raise
            raise failed from error
        return


def _cards_left(left: int) -> str:
    return "the 1 card left after the deal" if left == 1 else f"the {left} cards left after the deal"


def _leave_more() -> str:
    return "leave more cards in the draw pile (a smaller hand_size, or fewer players)"


# ----------------------------------------------------------------------------
# The working copy apply() mutates before freezing it into the next state
# ----------------------------------------------------------------------------

# ----------------------------------------------------------------------------
# Applying a move
# ----------------------------------------------------------------------------

def apply(state: GameState, move: Move | str) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The next state and the events of a move (or its notation); an illegal move raises and changes nothing."""
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    if isinstance(move, str):
        move = state.parse_move(move)
    if not is_listed(state, move):  # a move legal_moves just listed for this state needs no second check
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalMoveError(reason, move=move)
    t = Draft.of(state)
    kind = type(move)
    _HANDLERS[kind](t, move)
    if t.ply >= ROUND_MOVE_LIMIT and t.phase is not OVER:
        _end_at_move_limit(t)
    if kind is not CallUno and kind is not Catch and (t.catchable or (kind is Play and _holds_one_card(t.hands))):
        # a window to close, or a hand now at one card (only a play takes cards out of hands)
        _open_uno_window(t, state.hands)
    events = tuple(t.events)
    return t.freeze(), events


def _end_at_move_limit(t: Draft) -> None:
    """The round has reached :data:`~nomercy.core.rules.ROUND_MOVE_LIMIT` moves: the fewest cards win (ruling ``move-limit``)."""
    winner = dead_end_winner(t.hands, t.out, t.turn, t.direction, len(t.seats))
    t.win(winner, "move limit", "move-limit")


def _holds_one_card(hands: Sequence[Sequence[Card]]) -> bool:
    """Does some hand hold exactly one card? (A loop: for a few hands, ``1 in map(len, hands)`` costs more.)"""
    for hand in hands:
        if len(hand) == 1:
            return True
    return False


def _open_uno_window(t: Draft, before: tuple[tuple[Card, ...], ...]) -> None:
    """After a move, the seats whose hand just became a single card may be caught (ruling ``uno``).

    Any other move closes the window of those exposed before: "caught before the next
    player acts". A hand that was not touched keeps its tuple, so identity tells.
    """
    if t.phase is OVER:
        t.catchable = ()
        return
    hands = t.hands
    exposed: tuple[int, ...] = ()
    for seat in range(len(hands)):
        hand = hands[seat]
        if len(hand) == 1 and hand is not before[seat] and seat not in t.out:
            exposed += (seat,)
    t.catchable = exposed


def _play(t: Draft, a: Play) -> None:
    """Put the card on the discard pile; then the effect its face names (:mod:`nomercy.core.effects`) applies."""
    seat, card = a.seat, a.card
    who = t.seats[seat]
    situation = _PLAY_SITUATION[t.phase] if not t.pending else ANSWER
    if seat != t.turn:
        situation = JUMPS_IN
        t.events.append(new_event(ev.JumpedIn, (who, card, "jump-in")))
        t.turn = seat
    hand = t.take_card(seat, card)
    t.discard = t.discard + (card,)  # one copy, which the next state keeps as it is
    t.phase = TURN
    t.drawn = None
    t.stuck = 0
    t.challenge = None
    t.color = a.color if card.color is None else card.color
    rank = card.rank
    t.events.append(new_event(ev.CardPlayed, (who, card, a.color, play_ruling(situation, rank.ruling))))
    effect = card
    if rank.discards:
        effect = _discard_all(t, seat, card, a.top)
        hand = t.hands[seat]
    if not hand:
        _win_by_emptying(t, seat, effect)
        return
    try:
        EFFECTS[effect.rank.effect](t, seat, effect, a)
    except Exception as error:  # a house effect that breaks is a refusal naming it; the state is untouched
        failed = house_effect_failed(effect.rank.effect, effect, error)
        if failed is error:
            raise
        raise failed from error


_PLAY_SITUATION = {TURN: ON_TURN, PLAY_DRAWN: PLAYS_DRAWN_UNTIL_IT_FITS, KEEP_OR_PLAY: PLAYS_DRAWN_CARD}
"""Which situation of :data:`~nomercy.core.citations.CITES` a play with no draw pending is made in, by the phase."""


def _discard_all(t: Draft, seat: int, card: Card, top: Card | None) -> Card:
    """Discard every other card of the color; return the card now on top (its effect applies)."""
    hand = t.hands[seat]
    same = [c for c in hand if c.color is card.color]
    t.hands[seat] = tuple([c for c in hand if c.color is not card.color])
    below = t.discard[:-1]  # the pile under the discard-all itself, which is re-stacked with its color
    if top is None or top is card:
        t.discard = below + tuple(same) + (card,)
        effect = card
    else:
        same.remove(top)
        t.discard = below + (card,) + tuple(same) + (top,)
        effect = top
    discarded = tuple(same + ([card] if effect is not card else []))
    t.events.append(new_event(ev.CardsDiscarded, (t.seats[seat], discarded, effect, "discard-all")))
    return effect


def _win_by_emptying(t: Draft, seat: int, card: Card) -> None:
    value = card.rank.draw_value
    if value and t.rules.last_card_draws:
        total = t.pending + value
        if card.rank.effect == "reverse-draw":
            t.direction = -t.direction
        victim = t.next_seat(seat)
        t.pending = 0
        t.draw_cards(victim, total, "last-card-draws")
    t.win(seat, "emptied hand", "winning")


def _draw(t: Draft, a: Draw) -> None:
    seat = a.seat
    if t.pending:
        count = t.pending
        # a draw nobody answered is the draw card's own rule; a stack (more than the last card) is stacking's
        stacked = count > t.stack_value
        t.pending = t.stack_value = 0
        t.challenge = None
        rule = draw_ruling("cards_drawn", t.rules.stacking, stacked)
        drawn, knocked = t.draw_cards(seat, count, rule)
        if drawn:
            t.stuck = 0
        if not knocked:
            t.events.append(new_event(ev.TurnLost, (t.seats[seat], rule)))
        t.end_turn(seat)
        return
    one = t.rules.draw == "one"
    rule = "draw-one" if one else "draw-until-playable"
    name = t.seats[seat]
    drawn = reported = 0  # cards drawn, and how many of them an event has told
    limit = t.rules.mercy_limit
    color, top_rank = t.color, t.discard[-1].rank
    events = t.events
    while True:
        pile = t.draw_pile
        if not pile:
            if drawn > reported:  # the cards drawn so far come before the reshuffle
                events.append(new_event(ev.CardsDrawn, (name, drawn - reported, (), rule)))
                reported = drawn
            if t.take_from_pile(seat, peek=True) is None:  # nothing left anywhere to draw
                events.append(new_event(ev.DrawStoppedShort, (name, 0, "empty-draw-pile")))
                if not drawn:
                    t.stuck += 1
                events.append(new_event(ev.TurnPassed, (name, rule, drawn)))
                t.end_turn(seat)
                _check_dead_end(t)
                return
            pile = t.draw_pile
        # Card by card, as the player turns them: the draw ends at the card that brings the hand
        # to the mercy limit, else at one that fits, else (draw one) at the first. The cards
        # taken then move in one slice.
        hand = t.hands[seat]
        room = len(pile) if limit is None else limit - len(hand)  # the card at this count reaches the limit
        taken = 0
        end = None
        for card in pile:
            taken += 1
            if limit is not None and taken >= room:
                end = "mercy"
            elif card.color is None or card.color is color or card.rank is top_rank:
                end = "fits"
            elif one:
                end = "kept"
            else:
                continue
            break
        t.hands[seat] = hand + pile[:taken]
        t.draw_pile = pile[taken:]
        drawn += taken
        t.stuck = 0
        if end is None:
            continue  # the pile ran out first: reshuffle and go on
        events.append(new_event(ev.CardsDrawn, (name, drawn - reported, (), rule)))
        if end == "mercy":
            t.knock_out(seat)
            t.end_turn(seat)
        elif end == "fits":
            t.drawn = card
            t.phase = KEEP_OR_PLAY if one else PLAY_DRAWN
        else:
            events.append(new_event(ev.TurnPassed, (name, rule, 1)))
            t.end_turn(seat)
        return


def _check_dead_end(t: Draft) -> None:
    if t.phase is not OVER and t.stuck >= t.active_count():
        winner = dead_end_winner(t.hands, t.out, t.turn, t.direction, len(t.seats))
        t.win(winner, "dead end", "dead-end")


def _pass(t: Draft, a: Pass) -> None:
    t.events.append(new_event(ev.TurnPassed, (t.seats[a.seat], "draw-one", 1)))
    t.end_turn(a.seat)


def _name(t: Draft, a: NameColor) -> None:
    seat = a.seat
    if t.phase is NAME_FIRST_COLOR:
        t.color = a.color
        t.phase = TURN
        t.events.append(new_event(ev.ColorNamed, (t.seats[seat], a.color, "first-card")))
        if t.pending:
            take_first_draw(t, seat, t.pending, "first-card")
        return
    t.color = a.color
    t.events.append(new_event(ev.ColorNamed, (t.seats[seat], a.color, "wild-roulette")))
    drawn, knocked = t.draw_cards(seat, 0, "wild-roulette", until=a.color)
    if drawn:
        t.stuck = 0
    if not knocked:
        t.events.append(new_event(ev.TurnLost, (t.seats[seat], "wild-roulette")))
    t.end_turn(seat)


def _call(t: Draft, a: CallUno) -> None:
    t.catchable = tuple(i for i in t.catchable if i != a.seat)
    t.events.append(new_event(ev.UnoCalled, (t.seats[a.seat], "uno")))


def _catch(t: Draft, a: Catch) -> None:
    t.catchable = tuple(i for i in t.catchable if i != a.target)
    penalty = t.rules.uno_penalty
    t.events.append(new_event(ev.UnoCaught, (t.seats[a.seat], t.seats[a.target], penalty, "uno")))
    _, knocked = t.draw_cards(a.target, penalty, "uno")
    if knocked and t.turn == a.target:
        t.end_turn(a.target)


def _challenge(t: Draft, a: Challenge) -> None:
    offender, guilty = t.challenge  # type: ignore[misc]
    t.challenge = None
    count = t.pending
    t.pending = t.stack_value = 0
    t.events.append(new_event(ev.Challenged, (t.seats[a.seat], t.seats[offender], guilty, "challenge")))
    if guilty:
        t.draw_cards(offender, count, "challenge")
        if t.phase is not OVER and a.seat in t.out:
            t.end_turn(a.seat)
        return
    _, knocked = t.draw_cards(a.seat, count + 2, "challenge")
    if not knocked:
        t.events.append(new_event(ev.TurnLost, (t.seats[a.seat], "challenge")))
    t.end_turn(a.seat)


# Each kind of move and the effect that carries it out on the working table.
_HANDLERS: dict[type, Callable[[Draft, Any], None]] = {
    Play: _play,
    Draw: _draw,
    Pass: _pass,
    NameColor: _name,
    CallUno: _call,
    Catch: _catch,
    Challenge: _challenge,
}
