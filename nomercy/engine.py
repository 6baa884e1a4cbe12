"""The one path that changes a game: :func:`apply`, and the legality it relies on.

Legality has one source. For every kind of move there is one checker that
returns ``None`` or the reason the move is refused; :func:`legal_actions` lists
exactly the candidate moves the checkers accept, and :func:`apply` refuses with
the checker's reason. A refused move changes nothing.

>>> from nomercy import new_game
>>> game = new_game("no-mercy", ["A", "B", "C"], seed=7)
>>> game.turn, len(game.hands[0]), game.card_count()
(0, 7, 168)
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from . import events as ev
from .actions import Action, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play
from .cards import ALL_CARDS, COLORS, Card, Color, Rank
from .decks import DECKS
from .errors import IllegalMoveError, RulesError
from .rules import RuleSet, ruleset
from .state import CLOCKWISE, GameState, Phase, _FIELDS

__all__ = ["new_game", "deal", "legal_actions", "apply", "why_illegal", "shuffle_rng", "dead_end_winner"]

_SEVEN = Rank.SEVEN
_ZERO = Rank.ZERO
# Cards that may not start the pile under ``first_card: apply``: they would hit
# every player at once (skip-all, wild reverse +4) or, in classic, a wild +4.
_REFLIP = frozenset({Rank.SKIP_ALL, Rank.WILD_REVERSE_DRAW_FOUR, Rank.WILD_DRAW_FOUR})


def shuffle_rng(seed: int, shuffle_number: int) -> random.Random:
    """The RNG of the ``shuffle_number``-th shuffle of a game seeded with ``seed``.

    Every shuffle of a game gets its own generator derived from the seed, so a state
    needs no hidden RNG object: the same seed and moves give the same game.
    """
    return random.Random(f"nomercy:{seed}:{shuffle_number}")


# ----------------------------------------------------------------------------
# Starting a game
# ----------------------------------------------------------------------------

def new_game(
    rules: str | RuleSet = "no-mercy",
    players: int | Sequence[str] = 4,
    *,
    seed: int = 0,
    dealer: int | str | None = None,
    **overrides: object,
) -> GameState:
    """Shuffle, deal and turn up the first card, per the rules' ``first_card`` option.

    ``players`` is a number of players (named A, B, C, ...) or their names in
    clockwise order. The dealer defaults to the last seat, so the first seat starts.
    :func:`deal` does the same and also returns the events of the deal.
    """
    return deal(rules, players, seed=seed, dealer=dealer, **overrides)[0]


def deal(
    rules: str | RuleSet = "no-mercy",
    players: int | Sequence[str] = 4,
    *,
    seed: int = 0,
    dealer: int | str | None = None,
    **overrides: object,
) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The starting state and what happened while dealing (cards buried, first-card effects).

    >>> state, events = deal("classic", ["A", "B", "C"], seed=2)
    >>> events[0].sentence
    'C deals 7 cards to every player; A starts.'
    """
    rule_set = ruleset(rules, **overrides) if not isinstance(rules, RuleSet) or overrides else rules
    seats = _seat_names(players)
    low, high = rule_set.players
    if not low <= len(seats) <= high:
        raise RulesError(f"{rule_set.name} is for {low} to {high} players, not {len(seats)}")
    deck = list(DECKS[rule_set.deck].cards())
    if rule_set.hand_size * len(seats) >= len(deck):
        raise RulesError(f"{len(seats)} hands of {rule_set.hand_size} do not fit in a {len(deck)}-card deck")
    shuffle_rng(seed, 0).shuffle(deck)
    n = len(seats)
    if dealer is None:
        dealer_index = n - 1
    elif isinstance(dealer, int):
        dealer_index = dealer % n
    else:
        from .actions import seat_index

        dealer_index = seat_index(dealer, seats)
    size = rule_set.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    pile = deck[n * size:]
    first = (dealer_index + 1) % n
    t = _Table.blank(rule_set, seats, seed, dealer_index)
    t.hands = hands
    t.pile = pile
    t.turn = first
    t.events.append(ev.GameStarted(seats[dealer_index], seats[first], size, "C1" if rule_set.deck == "classic" else "1"))
    _turn_first_card(t)
    return t.freeze(), tuple(t.events)


def _seat_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if players < 1:
            raise RulesError(f"a game needs players, not {players}")
        return tuple(_default_name(i) for i in range(players))
    seats = tuple(str(p) for p in players)
    lowered = [s.lower() for s in seats]
    if len(set(lowered)) != len(seats):
        raise RulesError(f"seat names must differ: {', '.join(seats)}")
    for name in seats:
        if not name or any(ch.isspace() for ch in name):
            raise RulesError(f"a seat name is one word, not {name!r}")
    return seats


def _default_name(i: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < 26 else f"P{i + 1}"


def _turn_first_card(t: "_Table") -> None:
    rules = t.rules
    buried: list[Card] = []
    rule = "C2" if rules.deck == "classic" else "2"
    while True:
        if not t.pile:
            raise RulesError("the deck ran out while turning up the first card")
        card = t.pile.pop(0)
        if rules.first_card == "number":
            if card.is_number:
                t.discard = buried + [card]
                t.color = card.color
                t.events.append(ev.FirstCardTurned(card, tuple(buried), rule))
                return
            buried.append(card)
            continue
        if card.rank in _REFLIP:
            t.events.append(ev.FirstCardReturned(card, rule))
            t.pile.append(card)
            t.shuffles += 1
            shuffle_rng(t.seed, t.shuffles).shuffle(t.pile)
            continue
        t.discard = [card]
        t.color = card.color
        t.events.append(ev.FirstCardTurned(card, (), rule))
        _first_card_effect(t, card, rule)
        return


def _first_card_effect(t: "_Table", card: Card, rule: str) -> None:
    """``first_card: apply``: the card acts on the first player as if the dealer had played it."""
    first = t.turn
    rank = card.rank
    if rank is Rank.SKIP:
        t.events.append(ev.PlayerSkipped(t.seats[first], rule))
        t.turn = t.next_seat(first)
    elif rank is Rank.REVERSE:
        t.direction = -t.direction
        t.events.append(ev.DirectionChanged(t.direction_name(), rule))
        t.turn = t.dealer
    elif card.is_draw_card:
        t.pending = card.draw_value
        t.stack_value = card.draw_value
        if card.is_wild:
            t.phase = Phase.NAME_FIRST_COLOR
        t.events.append(ev.StackGrew(t.seats[first], t.pending, t.stack_value, rule, t.rules.stacking != "none"))
    elif rank is Rank.WILD:
        t.phase = Phase.NAME_FIRST_COLOR
    elif rank is Rank.WILD_ROULETTE:
        t.phase = Phase.NAME_ROULETTE


# ----------------------------------------------------------------------------
# The working copy apply() mutates before freezing it into the next state
# ----------------------------------------------------------------------------

class _Table:
    """A private, mutable working copy of a state; only :func:`apply` uses it."""

    __slots__ = tuple(f for f in _FIELDS if f != "draw_pile") + ("pile", "events")

    @classmethod
    def blank(cls, rules: RuleSet, seats: tuple[str, ...], seed: int, dealer: int) -> "_Table":
        t = cls()
        t.rules, t.seats, t.seed, t.dealer = rules, seats, seed, dealer
        t.hands, t.pile, t.discard = [], [], []
        t.color, t.turn, t.direction = None, 0, CLOCKWISE
        t.pending = t.stack_value = t.stuck = t.shuffles = t.ply = 0
        t.phase, t.drawn, t.out, t.set_aside = Phase.TURN, None, (), []
        t.challenge = t.winner = t.end_reason = None
        t.catchable = ()
        t.events = []
        return t

    @classmethod
    def of(cls, s: GameState) -> "_Table":
        t = cls()
        (t.rules, t.seats, hands, t.pile, t.discard, t.color, t.turn, t.direction, t.pending,
         t.stack_value, t.phase, t.drawn, t.out, t.set_aside, t.catchable, t.challenge, t.stuck,
         t.winner, t.end_reason, t.seed, t.shuffles, t.dealer, ply) = s
        t.hands = list(hands)  # hands stay tuples until changed
        t.ply = ply + 1
        t.events = []
        return t

    def freeze(self) -> GameState:
        return tuple.__new__(GameState, (
            self.rules, self.seats, tuple(map(tuple, self.hands)),
            tuple(self.pile), tuple(self.discard), self.color, self.turn, self.direction, self.pending,
            self.stack_value, self.phase, self.drawn, self.out, tuple(self.set_aside), self.catchable,
            self.challenge, self.stuck, self.winner, self.end_reason, self.seed, self.shuffles,
            self.dealer, self.ply,
        ))

    # --- seats ----------------------------------------------------------------
    def next_seat(self, seat: int, steps: int = 1) -> int:
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
    def take_from_pile(self, player: int) -> Card | None:
        """The next card of the draw pile, reshuffling when it is empty (ruling 18)."""
        if not self.pile:
            rest = list(self.discard[:-1]) + list(self.set_aside)
            if not rest:
                return None
            shuffle_rng(self.seed, self.shuffles + 1).shuffle(rest)
            self.shuffles += 1
            self.pile = rest
            self.discard = self.discard[-1:]
            self.set_aside = []
            self.events.append(ev.PileReshuffled(len(rest)))
        pile = self.pile
        if type(pile) is not list:
            pile = self.pile = list(pile)
        return pile.pop(0)

    def give(self, player: int, card: Card) -> int:
        hand = self.hands[player]
        if type(hand) is not list:
            hand = self.hands[player] = list(hand)
        hand.append(card)
        return len(hand)

    def remove(self, player: int, card: Card) -> list[Card]:
        hand = self.hands[player]
        if type(hand) is not list:
            hand = self.hands[player] = list(hand)
        hand.remove(card)
        return hand

    def push_discard(self, card: Card) -> None:
        discard = self.discard
        if type(discard) is not list:
            discard = self.discard = list(discard)
        discard.append(card)

    def draw_cards(self, player: int, count: int, rule: str, *, until: "Color | None" = None) -> tuple[int, bool]:
        """Draw ``count`` cards (or, with ``until``, until that color shows) into a hand.

        The mercy rule is checked after every card. Returns (cards drawn, knocked out).
        """
        drawn = 0
        shown: list[Card] = []
        limit = self.rules.mercy_limit
        knocked = False
        while until is not None or drawn < count:
            card = self.take_from_pile(player)
            if card is None:
                break
            size = self.give(player, card)
            drawn += 1
            if until is not None:
                shown.append(card)
            if limit is not None and size >= limit:
                knocked = True
                break
            if until is not None and card.color is until:
                break
        self.events.append(ev.CardsDrawn(self.seats[player], drawn, tuple(shown), rule))
        if knocked:
            remaining = count - drawn if until is None else 0
            self.knock_out(player)
            if remaining > 0:
                self.events.append(ev.PenaltyCancelled(self.seats[player], remaining))
        elif until is None and drawn < count:
            self.events.append(ev.DrawStoppedShort(self.seats[player], count - drawn))
        elif until is not None and (not shown or shown[-1].color is not until):
            self.events.append(ev.DrawStoppedShort(self.seats[player], 0))
        return drawn, knocked

    def knock_out(self, player: int) -> None:
        hand = self.hands[player]
        self.events.append(ev.KnockedOut(self.seats[player], len(hand)))
        set_aside = self.set_aside
        if type(set_aside) is not list:
            set_aside = self.set_aside = list(set_aside)
        set_aside.extend(hand)
        self.hands[player] = ()
        self.out = self.out + (player,)
        if player in self.catchable:
            self.catchable = tuple(i for i in self.catchable if i != player)
        if self.active_count() == 1:
            survivor = next(i for i in range(len(self.seats)) if i not in self.out)
            self.win(survivor, "last one standing", "15")

    def win(self, player: int, how: str, rule: str) -> None:
        if self.phase is Phase.OVER:
            return
        self.phase = Phase.OVER
        self.winner = player
        self.end_reason = how
        self.turn = player
        self.pending = self.stack_value = 0
        self.drawn = None
        self.challenge = None
        self.catchable = ()
        self.events.append(ev.RoundWon(self.seats[player], how, rule))
        points = sum(c.points for i, h in enumerate(self.hands) if i != player and i not in self.out for c in h)
        knockouts = len(self.out)
        points += knockouts * self.rules.knockout_bonus
        self.events.append(ev.RoundScored(self.seats[player], points, knockouts if self.rules.knockout_bonus else 0,
                                          "C8" if self.rules.deck == "classic" else "19"))

    def end_turn(self, player: int) -> None:
        """``player``'s turn is over: the next seat still in the round is up."""
        if self.phase is Phase.OVER:
            return
        self.phase = Phase.TURN
        self.drawn = None
        self.turn = self.next_seat(player)


# ----------------------------------------------------------------------------
# Legality: one checker per kind of move
# ----------------------------------------------------------------------------

def _fits(s: GameState, card: Card) -> bool:
    """May ``card`` go on the pile now, as far as matching and stacking go?"""
    if s.pending:
        value = card.rank.draw_value
        if not value:
            return False
        stacking = s.rules.stacking
        if stacking == "official":
            return value >= s.stack_value
        if stacking == "anything-goes":
            return True
        if stacking == "wilds-on-anything":
            return card.color is None or value >= s.stack_value
        return False  # none
    if card.color is None:
        return True
    return card.color is s.color or card.rank is s.discard[-1].rank


def _why_card_does_not_fit(s: GameState, card: Card) -> str:
    who = s.seats[s.turn]
    top = s.discard[-1]
    if s.pending:
        if s.rules.stacking == "none":
            return (f"{who} cannot play {card} now: {s.pending} cards are pending and these rules allow no "
                    "stacking, so they must be drawn")
        if not card.is_draw_card:
            return (f"{who} cannot play {card} now: a +{s.stack_value} is pending and only a draw card worth "
                    f"+{s.stack_value} or more answers it")
        return f"{who} cannot answer {top} with {card}: a stacked draw card must be worth at least +{s.stack_value}"
    color = f"the color in force is {s.color}" if s.color is not None else "no color is in force"
    return f"{who} cannot play {card} on {top}: it matches neither the color ({color}) nor the number or symbol"


def _swap_targets(s: GameState, seat: int) -> tuple[int, ...]:
    return tuple(i for i in range(len(s.seats)) if i != seat and i not in s.out)


def _choices_ok(s: GameState, a: Play, effect_card: Card, hand: tuple[Card, ...]) -> str | None:
    """Check the choices a play carries: color, 7 target, discard-all top."""
    who = s.seats[a.seat]
    card = a.card
    empties = _empties_hand(card, hand)
    if card.color is None and card.rank is not Rank.WILD_ROULETTE:
        if a.color is None:
            return f"{who} must name a color with {card} (say 'choosing red', for example)"
    elif a.color is not None:
        if card.rank is Rank.WILD_ROULETTE:
            return f"{who} cannot name a color with wild roulette: its victim names the color"
        return f"{card} is not a wild: {who} names no color with it"
    if a.top is not None:
        if card.rank is not Rank.DISCARD_ALL or s.rules.discard_all_top != "choose":
            return f"only a discard-all under 'discard_all_top: choose' lets {who} pick the top card"
        if a.top == card:
            return f"the discard-all lies on top unless {who} leaves another card there: drop 'leaving {card} on top'"
        if a.top.color is not card.color or a.top not in hand:
            return f"{who} can only leave one of their own {card.color} cards on top, not {a.top}"
    swaps = effect_card.rank is _SEVEN and not empties and s.rules.seven_swap != "off"
    if a.target is not None:
        if not swaps:
            if effect_card.rank is _SEVEN and empties:
                return f"{who} plays their last card and wins at once: a last 7 swaps with nobody"
            if effect_card.rank is _SEVEN:
                return f"sevens swap nothing under these rules (seven_swap: off), so {who} names no target"
            return f"only a 7 swaps hands; {who} names no target with {card}"
        if a.target == a.seat:
            return f"{who} cannot swap hands with themselves"
        if a.target in s.out:
            return f"{s.seats[a.target]} is out of the round and cannot be a swap target"
    elif swaps and s.rules.seven_swap == "required":
        return f"{who} must swap hands with another player when playing a 7 (say 'swapping with B', for example)"
    return None


def _empties_hand(card: Card, hand: tuple[Card, ...]) -> bool:
    if len(hand) == 1:
        return True
    if card.rank is Rank.DISCARD_ALL:
        return all(c.color is card.color for c in hand)
    return False


def _check_play(s: GameState, a: Play) -> str | None:
    who = s.seats[a.seat] if 0 <= a.seat < len(s.seats) else None
    if who is None:
        return f"there is no seat {a.seat}"
    if s.phase is Phase.OVER:
        return "the round is over"
    if a.seat in s.out:
        return f"{who} is out of the round"
    hand = s.hands[a.seat]
    if a.card not in hand:
        return f"{who} holds no {a.card}"
    if a.seat != s.turn:
        if not s.rules.jump_in:
            return f"it is {s.seats[s.turn]}'s turn, not {who}'s (jump-in is off)"
        if s.phase is not Phase.TURN or s.pending:
            return f"{who} cannot jump in now: {s.seats[s.turn]} must finish what the rules ask first"
        if a.card != s.discard[-1]:
            return f"{who} can only jump in with a card identical to {s.discard[-1]}"
    elif s.phase is Phase.NAME_ROULETTE:
        return f"{who} must name a color for the roulette first"
    elif s.phase is Phase.NAME_FIRST_COLOR:
        return f"{who} must name the color for the wild turned up first"
    elif s.phase is Phase.PLAY_DRAWN or s.phase is Phase.KEEP_OR_PLAY:
        if a.card != s.drawn:
            return f"{who} may only play the card just drawn, {s.drawn}"
    elif not _fits(s, a.card):
        return _why_card_does_not_fit(s, a.card)
    effect_card = a.top if a.top is not None else a.card
    return _choices_ok(s, a, effect_card, hand)


def _check_draw(s: GameState, a: Draw) -> str | None:
    who = s.seats[a.seat]
    if s.phase is Phase.OVER:
        return "the round is over"
    if a.seat != s.turn:
        return f"it is {s.seats[s.turn]}'s turn, not {who}'s"
    if s.phase is Phase.PLAY_DRAWN:
        return f"{who} has drawn {s.drawn} and must play it"
    if s.phase is Phase.KEEP_OR_PLAY:
        return f"{who} has already drawn: play {s.drawn} or pass"
    if s.phase is Phase.NAME_ROULETTE or s.phase is Phase.NAME_FIRST_COLOR:
        return f"{who} must name a color first"
    if s.pending:
        return None
    for card in s.hands[a.seat]:
        if _fits(s, card):
            if not s.rules.voluntary_draw:
                return (f"{who} can play {card}, and a player who can play must play "
                        "(drawing instead needs the voluntary_draw option)")
            if not _anything_to_draw(s):
                return f"no card is left anywhere to draw, and {who} can play {card}"
            return None
    return None


def _anything_to_draw(s: GameState) -> bool:
    return bool(s.draw_pile) or len(s.discard) > 1 or bool(s.set_aside)


def _check_pass(s: GameState, a: Pass) -> str | None:
    who = s.seats[a.seat]
    if s.phase is Phase.OVER:
        return "the round is over"
    if a.seat != s.turn:
        return f"it is {s.seats[s.turn]}'s turn, not {who}'s"
    if s.phase is Phase.KEEP_OR_PLAY:
        return None
    if s.phase is Phase.PLAY_DRAWN:
        return f"{who} must play the drawn {s.drawn}: under these rules a drawn playable card is played"
    return f"{who} can only pass after drawing a card they may keep"


def _check_name(s: GameState, a: NameColor) -> str | None:
    who = s.seats[a.seat]
    if s.phase is not Phase.NAME_ROULETTE and s.phase is not Phase.NAME_FIRST_COLOR:
        return f"no color is to be named now ({who} names a color only as a roulette's victim or after a wild first card)"
    if a.seat != s.turn:
        return f"{s.seats[s.turn]} names the color, not {who}"
    if not isinstance(a.color, Color):
        return f"{a.color!r} is not a color"
    return None


def _check_call(s: GameState, a: CallUno) -> str | None:
    who = s.seats[a.seat]
    if s.phase is Phase.OVER:
        return "the round is over"
    if a.seat not in s.catchable:
        if len(s.hands[a.seat]) != 1:
            return f"{who} holds {len(s.hands[a.seat])} cards; UNO is called at one card"
        return f"{who} has nothing to call: UNO was already called, or a move has been made since {who} reached one card"
    return None


def _check_catch(s: GameState, a: Catch) -> str | None:
    who = s.seats[a.seat]
    if s.phase is Phase.OVER:
        return "the round is over"
    if not 0 <= a.target < len(s.seats):
        return f"there is no seat {a.target}"
    target = s.seats[a.target]
    if a.seat == a.target:
        return f"{who} cannot catch themselves"
    if a.seat in s.out:
        return f"{who} is out of the round"
    if a.target not in s.catchable:
        if len(s.hands[a.target]) != 1:
            return f"{target} holds {len(s.hands[a.target])} cards, not one: there is nothing to catch"
        return (f"{target} cannot be caught: {target} called UNO, or a move has been made since "
                f"{target} reached one card")
    return None


def _check_challenge(s: GameState, a: Challenge) -> str | None:
    who = s.seats[a.seat]
    if s.phase is not Phase.TURN or s.challenge is None or not s.pending:
        return f"there is no wild +4 for {who} to challenge"
    if a.seat != s.turn:
        return f"only {s.seats[s.turn]}, the target of the wild +4, may challenge it"
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


def why_illegal(state: GameState, action: Action) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is refused."""
    checker = _CHECKERS.get(type(action))
    if checker is None:
        return f"{action!r} is not a move"
    seat = action.seat
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        return f"there is no seat {seat!r}"
    return checker(state, action)  # type: ignore[operator]


# ----------------------------------------------------------------------------
# Listing legal moves
# ----------------------------------------------------------------------------

_PLAY_RULES = {Rank.WILD_ROULETTE: "12", Rank.SKIP_ALL: "10", Rank.DISCARD_ALL: "11", Rank.WILD_REVERSE_DRAW_FOUR: "7"}
# The ruling a played card's event cites, by card code (a list lookup keeps enum hashing out of play).
_PLAY_RULE_BY_CODE = [_PLAY_RULES.get(c.rank, "5" if c.is_wild else "3") for c in ALL_CARDS]
_SIMPLE_PLAYS: list[list[tuple[Play, ...] | None]] = []


def _simple_plays(seat: int, card: Card) -> tuple[Play, ...]:
    """The plays of a card that carries no choice but its color.

    Plays are values, so each is built once per seat and card and shared (looked up
    by seat and card code, which keeps hashing out of the hot path).
    """
    while len(_SIMPLE_PLAYS) <= seat:
        _SIMPLE_PLAYS.append([None] * len(ALL_CARDS))
    plays = _SIMPLE_PLAYS[seat][card.code]
    if plays is None:
        if card.color is None and card.rank is not Rank.WILD_ROULETTE:
            plays = tuple(Play(seat, card, color) for color in COLORS)
        else:
            plays = (Play(seat, card),)
        _SIMPLE_PLAYS[seat][card.code] = plays
    return plays


_SEAT_ACTIONS: dict[type, list[Action]] = {Draw: [], Pass: [], CallUno: [], Challenge: []}


def _seat_action(kind: type, seat: int) -> Action:
    """The one shared ``Draw(seat)`` (``Pass``, ``CallUno``, ``Challenge``)."""
    cache = _SEAT_ACTIONS[kind]
    while len(cache) <= seat:
        cache.append(kind(len(cache)))
    return cache[seat]


def _expand_play(s: GameState, seat: int, card: Card, hand: tuple[Card, ...]) -> Iterable[Play]:
    """Every complete decision that plays ``card``: colors, 7 targets, discard-all tops."""
    rank = card.rank
    rules = s.rules
    if rank is _SEVEN:
        if rules.seven_swap == "off" or _empties_hand(card, hand):
            return _simple_plays(seat, card)
    elif rank is not Rank.DISCARD_ALL or rules.discard_all_top != "choose":
        return _simple_plays(seat, card)
    tops: tuple[Card | None, ...] = (None,)
    if rank is Rank.DISCARD_ALL:
        tops = (None,) + tuple(sorted({c for c in hand if c.color is card.color and c is not card}))
    plays: list[Play] = []
    empties = _empties_hand(card, hand)
    for top in tops:
        effect = top if top is not None else card
        if effect.rank is _SEVEN and not empties and rules.seven_swap != "off":
            targets: tuple[int | None, ...] = _swap_targets(s, seat)
            if rules.seven_swap == "optional":
                targets = targets + (None,)
            plays.extend(Play(seat, card, None, target, top) for target in targets)
        else:
            plays.append(Play(seat, card, None, None, top))
    return plays


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal move, for every seat: first the seat whose turn it is, then out-of-turn moves."""
    cached = state._legal
    if cached is not None:
        return cached
    s = state
    actions: list[Action] = []
    phase = s.phase
    if phase is not Phase.OVER:
        seat = s.turn
        hand = s.hands[seat]
        if phase is Phase.TURN:
            if s.pending:
                for card in dict.fromkeys([c for c in hand if c.rank.draw_value]):
                    if _fits(s, card):
                        actions.extend(_expand_play(s, seat, card, hand))
                actions.append(_seat_action(Draw, seat))
                if s.challenge is not None:
                    actions.append(_seat_action(Challenge, seat))
            else:
                color = s.color
                top_rank = s.discard[-1].rank
                matching = [c for c in hand if c.color is None or c.color is color or c.rank is top_rank]
                if matching:
                    done = [False] * len(ALL_CARDS)
                    for card in matching:
                        if not done[card.code]:
                            done[card.code] = True
                            actions.extend(_expand_play(s, seat, card, hand))
                if not actions or (s.rules.voluntary_draw and _anything_to_draw(s)):
                    actions.append(_seat_action(Draw, seat))
        elif phase is Phase.PLAY_DRAWN:
            actions.extend(_expand_play(s, seat, s.drawn, hand))  # type: ignore[arg-type]
        elif phase is Phase.KEEP_OR_PLAY:
            actions.extend(_expand_play(s, seat, s.drawn, hand))  # type: ignore[arg-type]
            actions.append(_seat_action(Pass, seat))
        else:
            actions.extend(NameColor(seat, color) for color in COLORS)
        for exposed in s.catchable:
            actions.append(_seat_action(CallUno, exposed))
            actions.extend(Catch(i, exposed) for i in range(len(s.seats)) if i != exposed and i not in s.out)
        if s.rules.jump_in and phase is Phase.TURN and not s.pending:
            top = s.discard[-1]
            for other in range(len(s.seats)):
                if other != seat and other not in s.out and top in s.hands[other]:
                    actions.extend(_expand_play(s, other, top, s.hands[other]))
    result = tuple(actions)
    object.__setattr__(state, "_legal", result)
    return result


# ----------------------------------------------------------------------------
# Applying a move
# ----------------------------------------------------------------------------

def apply(state: GameState, action: Action) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The next state and the events of ``action``; an illegal action raises and changes nothing."""
    for listed in state._legal or ():
        if listed is action:
            break  # one of the very move objects legal_actions listed for this state
    else:
        reason = why_illegal(state, action)
        if reason is not None:
            raise IllegalMoveError(reason, move=action)
    t = _Table.of(state)
    kind = type(action)
    _HANDLERS[kind](t, action)
    if kind is not CallUno and kind is not Catch:
        _open_uno_window(t, state.hands)
    return t.freeze(), tuple(t.events)


def _open_uno_window(t: _Table, before: tuple[tuple[Card, ...], ...]) -> None:
    """After a move, the seats whose hand just became a single card may be caught (ruling 17).

    Any other move closes the window of those exposed before: "caught before the next
    player acts". A hand that was not touched keeps its tuple, so identity tells.
    """
    if t.phase is Phase.OVER:
        t.catchable = ()
        return
    hands = t.hands
    if 1 not in map(len, hands):
        t.catchable = ()
        return
    t.catchable = tuple(
        i for i in range(len(hands))
        if len(hands[i]) == 1 and hands[i] is not before[i] and i not in t.out
    )


def _play(t: _Table, a: Play) -> None:
    rules = t.rules
    seat, card = a.seat, a.card
    who = t.seats[seat]
    previous_color = t.color
    if seat != t.turn:
        t.events.append(ev.JumpedIn(who, card))
        t.turn = seat
    hand = t.remove(seat, card)
    t.push_discard(card)
    t.phase = Phase.TURN
    t.drawn = None
    t.stuck = 0
    t.challenge = None
    t.color = a.color if card.color is None else card.color
    t.events.append(ev.CardPlayed(who, card, a.color, _PLAY_RULE_BY_CODE[card.code]))
    effect = card
    if card.rank is Rank.DISCARD_ALL:
        effect = _discard_all(t, seat, card, a.top)
        hand = t.hands[seat]  # type: ignore[assignment]
    if not hand:
        _win_by_emptying(t, seat, effect)
        return
    rank = effect.rank
    value = rank.draw_value
    if value:
        if rank is Rank.WILD_DRAW_FOUR and not rules.no_bluff:
            guilty = any(c.color is previous_color and c.color is not None for c in hand)
            t.challenge = (seat, guilty)
        _add_draw(t, seat, effect, value)
    elif rank is _SEVEN:
        if a.target is not None:
            t.hands[seat], t.hands[a.target] = t.hands[a.target], t.hands[seat]
            t.events.append(ev.HandsSwapped(who, t.seats[a.target]))
        t.end_turn(seat)
    elif rank is _ZERO and rules.zero_pass:
        _pass_hands(t)
        t.end_turn(seat)
    elif rank is Rank.SKIP:
        skipped = t.next_seat(seat)
        t.events.append(ev.PlayerSkipped(t.seats[skipped]))
        t.end_turn(skipped)
    elif rank is Rank.REVERSE:
        t.direction = -t.direction
        t.events.append(ev.DirectionChanged(t.direction_name()))
        if t.active_count() == 2:
            skipped = t.next_seat(seat)
            t.events.append(ev.PlayerSkipped(t.seats[skipped], "9"))
            t.end_turn(skipped)
        else:
            t.end_turn(seat)
    elif rank is Rank.SKIP_ALL:
        t.events.append(ev.EveryoneSkipped(who))
        t.turn = seat
    elif rank is Rank.WILD_ROULETTE:
        t.end_turn(seat)
        t.phase = Phase.NAME_ROULETTE
    else:
        t.end_turn(seat)


def _discard_all(t: _Table, seat: int, card: Card, top: Card | None) -> Card:
    """Discard every other card of the color; return the card now on top (its effect applies)."""
    hand = t.hands[seat]
    same = [c for c in hand if c.color is card.color]
    t.hands[seat] = [c for c in hand if c.color is not card.color]
    discard = t.discard
    if type(discard) is not list:
        discard = t.discard = list(discard)
    discard.pop()  # the discard-all itself, to re-stack below
    if top is None or top == card:
        discard.extend(same)
        discard.append(card)
        effect = card
    else:
        same.remove(top)
        discard.append(card)
        discard.extend(same)
        discard.append(top)
        effect = top
    t.events.append(ev.CardsDiscarded(t.seats[seat], tuple(c for c in same + ([card] if effect is not card else [])), effect))
    return effect


def _add_draw(t: _Table, seat: int, card: Card, value: int) -> None:
    rank = card.rank
    stacked = t.pending > 0
    t.pending += value
    t.stack_value = value
    if rank is Rank.WILD_REVERSE_DRAW_FOUR:
        t.direction = -t.direction
        t.events.append(ev.DirectionChanged(t.direction_name(), "7"))
        if t.active_count() == 2 and t.rules.two_player_reverse_draw == "self":
            t.turn = seat
            t.phase = Phase.TURN
            t.events.append(ev.StackGrew(t.seats[seat], t.pending, t.stack_value, "8", t.rules.stacking != "none"))
            return
    t.end_turn(seat)
    rule = "6" if stacked else ("C4" if t.rules.stacking == "none" else "B3")
    t.events.append(ev.StackGrew(t.seats[t.turn], t.pending, t.stack_value, rule, t.rules.stacking != "none"))


def _pass_hands(t: _Table) -> None:
    active = [i for i in range(len(t.seats)) if i not in t.out]
    old = {i: t.hands[i] for i in active}
    for i in active:
        t.hands[t.next_seat(i)] = old[i]
    t.events.append(ev.HandsPassed(t.direction_name()))


def _win_by_emptying(t: _Table, seat: int, card: Card) -> None:
    value = card.rank.draw_value
    if value and t.rules.last_card_draws:
        total = t.pending + value
        if card.rank is Rank.WILD_REVERSE_DRAW_FOUR:
            t.direction = -t.direction
        victim = t.next_seat(seat)
        t.pending = 0
        t.draw_cards(victim, total, "C7" if t.rules.deck == "classic" else "16")
    t.win(seat, "emptied hand", "16")


def _draw(t: _Table, a: Draw) -> None:
    seat = a.seat
    if t.pending:
        count = t.pending
        t.pending = t.stack_value = 0
        t.challenge = None
        rule = "C4" if t.rules.stacking == "none" else "6"
        drawn, knocked = t.draw_cards(seat, count, rule)
        if drawn:
            t.stuck = 0
        if not knocked:
            t.events.append(ev.TurnLost(t.seats[seat], rule))
        t.end_turn(seat)
        return
    one = t.rules.draw == "one"
    rule = "C3" if t.rules.deck == "classic" else "4"
    drawn_cards = 0
    limit = t.rules.mercy_limit
    color, top_rank = t.color, t.discard[-1].rank
    while True:
        card = t.take_from_pile(seat)
        if card is None:
            if drawn_cards:
                t.events.append(ev.CardsDrawn(t.seats[seat], drawn_cards, (), rule))
            t.events.append(ev.DrawStoppedShort(t.seats[seat], 0))
            if not drawn_cards:
                t.stuck += 1
            else:
                t.stuck = 0
            t.events.append(ev.TurnPassed(t.seats[seat], rule))
            t.end_turn(seat)
            _check_dead_end(t)
            return
        size = t.give(seat, card)
        drawn_cards += 1
        t.stuck = 0
        if limit is not None and size >= limit:
            t.events.append(ev.CardsDrawn(t.seats[seat], drawn_cards, (), rule))
            t.knock_out(seat)
            t.end_turn(seat)
            return
        if card.color is None or card.color is color or card.rank is top_rank:
            t.events.append(ev.CardsDrawn(t.seats[seat], drawn_cards, (), rule))
            t.drawn = card
            t.phase = Phase.KEEP_OR_PLAY if one else Phase.PLAY_DRAWN
            return
        if one:
            t.events.append(ev.CardsDrawn(t.seats[seat], drawn_cards, (), rule))
            t.events.append(ev.TurnPassed(t.seats[seat], rule))
            t.end_turn(seat)
            return


def _check_dead_end(t: _Table) -> None:
    if t.phase is not Phase.OVER and t.stuck >= t.active_count():
        winner = dead_end_winner(t.hands, t.out, t.turn, t.direction, len(t.seats))
        t.win(winner, "dead end", "18b")


def dead_end_winner(hands: Sequence[Sequence[Card]], out: tuple[int, ...], start: int, direction: int, n: int) -> int:
    """Fewest cards wins; a tie goes to the first of them counting from ``start`` in the direction of play."""
    order = [(start + direction * k) % n for k in range(n)]
    order = [i for i in order if i not in out]
    fewest = min(len(hands[i]) for i in order)
    return next(i for i in order if len(hands[i]) == fewest)


def _pass(t: _Table, a: Pass) -> None:
    t.events.append(ev.TurnPassed(t.seats[a.seat], "C3" if t.rules.deck == "classic" else "4"))
    t.end_turn(a.seat)


def _name(t: _Table, a: NameColor) -> None:
    seat = a.seat
    if t.phase is Phase.NAME_FIRST_COLOR:
        t.color = a.color
        t.phase = Phase.TURN
        t.events.append(ev.ColorNamed(t.seats[seat], a.color, "C2" if t.rules.deck == "classic" else "2"))
        if t.pending:
            t.events.append(ev.StackGrew(t.seats[seat], t.pending, t.stack_value, "2", t.rules.stacking != "none"))
        return
    t.color = a.color
    t.events.append(ev.ColorNamed(t.seats[seat], a.color, "12"))
    drawn, knocked = t.draw_cards(seat, 0, "12", until=a.color)
    if drawn:
        t.stuck = 0
    if not knocked:
        t.events.append(ev.TurnLost(t.seats[seat], "12"))
    t.end_turn(seat)


def _call(t: _Table, a: CallUno) -> None:
    t.catchable = tuple(i for i in t.catchable if i != a.seat)
    t.events.append(ev.UnoCalled(t.seats[a.seat]))


def _catch(t: _Table, a: Catch) -> None:
    t.catchable = tuple(i for i in t.catchable if i != a.target)
    penalty = t.rules.uno_penalty
    t.events.append(ev.UnoCaught(t.seats[a.seat], t.seats[a.target], penalty))
    _, knocked = t.draw_cards(a.target, penalty, "17")
    if knocked and t.turn == a.target:
        t.end_turn(a.target)


def _challenge(t: _Table, a: Challenge) -> None:
    offender, guilty = t.challenge  # type: ignore[misc]
    t.challenge = None
    count = t.pending
    t.pending = t.stack_value = 0
    t.events.append(ev.Challenged(t.seats[a.seat], t.seats[offender], guilty))
    if guilty:
        t.draw_cards(offender, count, "C6")
        if t.phase is not Phase.OVER and a.seat in t.out:
            t.end_turn(a.seat)
        return
    _, knocked = t.draw_cards(a.seat, count + 2, "C6")
    if not knocked:
        t.events.append(ev.TurnLost(t.seats[a.seat], "C6"))
    t.end_turn(a.seat)


_HANDLERS = {
    Play: _play,
    Draw: _draw,
    Pass: _pass,
    NameColor: _name,
    CallUno: _call,
    Catch: _catch,
    Challenge: _challenge,
}
