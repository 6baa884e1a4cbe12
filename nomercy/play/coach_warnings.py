"""The coach's warnings: what a move would do that a beginner may regret, and the move that avoids it.

Every warning is read from the engine: the move, and the seat's other moves, are applied to copies of the
table that agree with what the seat can see, and a warning comes only when another move is clearly safer on
those copies (:func:`~nomercy.play.estimate.is_clear`); it says so once, with the way out and its risk.
:mod:`nomercy.play.coach` gives these warnings beside its hint and review.

>>> from nomercy.play.game import Game
>>> state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
>>> move_warnings(state, "Ann", "Ann plays blue reverse")
()
"""

from __future__ import annotations

import random
import typing
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from nomercy.core import events as ev
from nomercy.core.engine import apply, legal_moves, why_illegal
from nomercy.core.errors import IllegalMoveError, quote
from nomercy.core.legality import is_optional
from nomercy.core.position import seat_before
from nomercy.core.moves import VERBS, Catch, Challenge, Draw, Move, Pass, Play
from nomercy.core.rulebook import RULINGS, Ruling
from nomercy.core import inputs
from nomercy.core.state import GameState
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Joined, Said, said
from nomercy.core.said import n_
from nomercy.core.wording import is_you, plural, possessive, says, verb
from nomercy.play.said_at_table import MoveSaid
from nomercy.play.estimate import is_clear, standard_error
from nomercy.play.players.expert import determinize_many

__all__ = ["WARNING_KINDS", "WARNING_TABLES", "MoveWarning", "move_warnings", "seat_moves", "comes_back",
           "move_words", "doing", "hand_of"]

WARNING_KINDS = ("knocked-out", "comes-back", "uno-call", "catch-missed", "stack-declined", "bigger-hand", "bluff",
                 "challenge-lost", "every-move-costs")
"""What :func:`move_warnings` warns of: the seat knocked out by the mercy rule; a two-player wild reverse +4 that
comes back; a one-card hand that must call UNO; a player left uncaught; a stack taken that could have been
passed on; a 7 or 0 that leaves more cards; a classic wild +4 a challenge would punish; a challenge that may
cost 6; and, when every way out of a risk is itself warned against, that every move here costs something."""
WARNING_TABLES = 32
"""Imagined tables a warning tries the move on, when its outcome hangs on cards the player cannot see."""


@dataclass(frozen=True)
class MoveWarning:
    """Something a move does that a beginner may not see coming, with the ruling behind it.

    ``kind`` names the regret (one of :data:`WARNING_KINDS`), ``rule`` the ruling id,
    ``text`` says it in plain words, once, with the risk of the way out. ``chance`` is 1.0
    when it happens whatever the hidden cards are; below that, it is the share of
    imagined tables (dealt from what the player can see) on which the engine made it
    happen. ``instead`` is the move that avoids it, as the table writes it, and
    ``instead_chance`` its own risk on the same tables; ``instead`` is empty when the
    way out goes with the move itself (call UNO as you play).
    """

    kind: str
    rule: str
    text: str
    chance: float = 1.0
    instead: str = ""
    instead_chance: float = 0.0
    cost: str = ""
    """What the move costs, as a clause after the move done ("knocks you out", "brings 8 cards back to you"):
    the words a warning that every move costs something lists, one per move."""

    @property
    def ruling(self) -> Ruling:
        return RULINGS[self.rule]

    @property
    def certain(self) -> bool:
        return self.chance >= 1.0

    def __str__(self) -> str:
        return f"{self.text} (ruling {self.rule}: {self.ruling.title})"


def move_warnings(state: GameState, seat: str | int, move: Move | str) -> tuple[MoveWarning, ...]:
    """What ``move`` would do to ``seat`` that a beginner may regret, and what avoids it; empty when it is fine.

    The move is applied to copies of the table that agree with what ``seat`` can
    see (the hidden hands and the draw pile dealt at random, with a fixed seed), and
    the warnings are read from the engine's events and the states it returns: a
    knock-out, a wild reverse +4 that comes back, a one-card hand that must call
    UNO, a catch let slip, a stack taken that could have been passed on, a swap or
    a hand pass that leaves you more cards, a classic wild +4 a challenge would
    punish, a challenge that may cost 6. A warning comes only when another choice
    avoids the risk: the seat's other moves are tried on the same copies, and one must
    be clearly safer there (:func:`~nomercy.play.estimate.is_clear` over the copies);
    the sentence names it with its own risk. Naming any color after a roulette, when
    every color risks the same, warns of nothing.
    """
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    index = state.seat(seat)
    move = state.parse_move(move) if isinstance(move, str) else move
    if not isinstance(move, typing.get_args(Move)):
        raise IllegalMoveError(f"a move is a Play, a Draw... or its notation, like 'A plays red 7'; not {quote(move)}")
    if move.seat != index:
        raise IllegalMoveError(f"{state.move_text(move)} is a move of {state.seats[move.seat]}, not of "
                               f"{state.seats[index]}")
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason, move=move)
    return _warnings(_Tables(state, index, move))


def _warnings(tables: "_Tables") -> tuple[MoveWarning, ...]:
    """Every check's warnings on ``tables``; when a risk's only ways out cost something too, one warning that says so."""
    found: list[MoveWarning] = []
    for check in _CHECKS:
        found.extend(check(tables))
    if any(w.kind == "knocked-out" for w in found):  # its sentence names the card that passes the stack on
        found = [w for w in found if w.kind != "stack-declined"]
    if tables.dead_ends and not any(w.instead for w in found):
        found.append(_every_move_costs(tables, tables.dead_ends))
    return tuple(found)


def _costs(warnings: tuple[MoveWarning, ...]) -> tuple[MoveWarning, ...]:
    """The warnings that count against a move offered as a way out: all but the UNO call (it goes with the move)."""
    return tuple(w for w in warnings if w.kind != "uno-call")


Outcome = tuple[GameState, tuple[ev.Event, ...]]
Happens = Callable[[GameState, tuple[ev.Event, ...]], bool]


class _Tables:
    """The imagined tables a warning tries moves on, dealt once from what the seat sees, and each move's outcomes.

    ``move`` is the move asked about, ``others`` the seat's other required moves: the ways out.
    """

    def __init__(self, state: GameState, seat: int, move: Move, *, worlds: list[GameState] | None = None,
                 judge_ways_out: bool = True) -> None:
        if worlds is None:
            view = state.view(seat)
            rng = random.Random(f"coach-warnings:{view!r}")  # what the seat sees, and nothing else, picks the tables
            worlds = determinize_many(view, rng, WARNING_TABLES)
        self.worlds = worlds
        self.state, self.seat, self.move = state, seat, move
        self.required = seat_moves(state, seat)[0]
        self.others = [a for a in self.required if a != move]
        self._outcomes: dict[Move, list[Outcome]] = {}
        self._judge = judge_ways_out
        self._costs: dict[Move, tuple[MoveWarning, ...]] = {}
        self.risks: list[MoveWarning] = []
        """What this move risks, each said once as a cost, whether or not a way out was found (for dead ends)."""
        self.dead_ends: dict[Move, tuple[MoveWarning, ...]] = {}
        """Ways out that were clearly safer for one risk but are warned against themselves, with their warnings."""

    def costs(self, move: Move) -> tuple[MoveWarning, ...]:
        """What the coach would warn of before ``move`` (its UNO call aside), and any loss that is sure on every
        table (a knock-out, a stack that comes back) even when nothing avoids it; nothing when ways out are not judged.

        The way out's own warnings are read on the same tables, without judging *their* ways out in turn: one
        level is enough to see that a way out is itself a trap, and it keeps the coach from going round."""
        if not self._judge or move == self.move:
            return ()
        if move not in self._costs:
            tables = _Tables(self.state, self.seat, move, worlds=self.worlds, judge_ways_out=False)
            found = _warnings(tables)
            kinds = {w.kind for w in found}
            certain = tuple(r for r in tables.risks if r.certain and r.kind not in kinds)  # warned or not: a sure loss
            self._costs[move] = _costs(found + certain)
        return self._costs[move]

    def offered(self, move: Move) -> bool:
        """May ``move`` be offered as a way out: it is not itself warned against (else it is kept as a dead end)."""
        found = self.costs(move)
        if found:
            self.dead_ends[move] = found
        return not found

    @property
    def outcomes(self) -> list[Outcome]:
        return self.of(self.move)

    def of(self, move: Move) -> list[Outcome]:
        """``move`` applied to every table."""
        if move not in self._outcomes:
            self._outcomes[move] = [apply(world, move) for world in self.worlds]
        return self._outcomes[move]

    def risk(self, move: Move, happens: Happens) -> list[bool]:
        """On which tables it happens after ``move``."""
        return [happens(after, events) for after, events in self.of(move)]

    def way_out(self, happens: Happens) -> tuple[Move, list[bool]] | None:
        """The other move that is clearly safer than ``move`` on the same tables, and its risk; ``None`` if none is.

        Of those, the safest, a play before any other kind of move, then in the engine's order.
        """
        mine = self.risk(self.move, happens)
        best: tuple[Move, list[bool]] | None = None
        for other in sorted(self.others, key=lambda a: type(a) is not Play):
            theirs = self.risk(other, happens)
            differences = [int(a) - int(b) for a, b in zip(mine, theirs)]
            if not is_clear(sum(differences) / len(differences), standard_error(differences)):
                continue
            if not self.offered(other):
                continue
            if best is None or sum(theirs) < sum(best[1]):
                best = other, theirs
        return best

    def warning(self, kind: str, rule: str, text: str, happened: list[bool], out: Move | None = None,
                theirs: list[bool] | None = None, cost: str = "") -> MoveWarning:
        instead = "" if out is None else self.state.move_text(out)
        share = sum(theirs) / len(theirs) if theirs else 0.0
        return MoveWarning(kind, rule, text, sum(happened) / len(happened), instead, share, cost)

    def risked(self, kind: str, rule: str, happened: list[bool], cost: str) -> None:
        """Note what the move risks (``cost``, a clause after the move done), for the sentence about dead ends."""
        self.risks.append(MoveWarning(kind, rule, "", sum(happened) / len(happened), cost=cost))

    def doing(self, move: Move) -> MoveSaid:
        return doing(self.state, move)

    def doing_first(self, move: Move) -> MoveSaid:
        """:meth:`doing` at the start of a sentence ("Playing blue 1 instead: ..."), as ``str.capitalize`` writes it."""
        done = self.doing(move)
        return MoveSaid(done.capitalize(), done.notation, done.state)


def doing(state: GameState, move: Move) -> MoveSaid:
    """``move`` as something to do: 'naming green', 'playing blue 1', 'taking the 4 cards', 'drawing'.

    >>> from nomercy.play.game import Game
    >>> state = Game("no-mercy", ["You", "Ann"], seed=3).state
    >>> doing(state, state.parse_move("You draw"))
    'drawing'
    """
    notation = state.move_text(move)
    if type(move) is Pass:
        return MoveSaid("keeping the card you drew", notation, state)
    if type(move) is Draw and state.pending:
        return MoveSaid(f"taking the {plural(state.pending)}", notation, state)
    verb_, rest = move_words(state, move)
    return MoveSaid(" ".join(filter(None, [_GERUNDS.get(verb_, verb_), rest])), notation, state)


_GERUNDS = {"plays": "playing", "draws": "drawing", "names": "naming", "challenges": "challenging",
            "catches": "catching", "calls": "calling"}
_THIRD_PERSON = {plain: third for third, plain in VERBS.items()}


def move_words(state: GameState, move: Move) -> tuple[str, str]:
    """``move`` in notation without its seat: the verb as it reads after any name but You (``plays``, ``draws``)
    and the rest (``blue 1``), so a sentence can offer it as something to do whatever the seat is called.

    >>> from nomercy.play.game import Game
    >>> state = Game("no-mercy", ["You", "Ann"], seed=3).state
    >>> move_words(state, state.parse_move("You draw"))
    ('draws', '')
    """
    said, _, rest = state.move_text(move)[len(state.seats[move.seat]) + 1:].partition(" ")
    return _THIRD_PERSON.get(said, said), rest


def _of(count: int, tables: int) -> Said:
    return said(N_("{count} of {tables}"), count=count, tables=tables)


_THEN = N_("{sentence} {next}")  # two sentences one after the other (no space between them in Chinese)


def _cards(count: int) -> Count:
    """``count`` cards, as ``plural`` writes them in English."""
    return Count(count, *n_("{count} card", "{count} cards"))


def _knocked_out(t: _Tables) -> list[MoveWarning]:
    state, name = t.state, t.state.seats[t.seat]

    def happens(after: GameState, events: tuple[ev.Event, ...]) -> bool:
        return any(isinstance(e, ev.KnockedOut) and e.player == name for e in events)

    mine = t.risk(t.move, happens)
    if not any(mine):
        return []
    cost = said(N_("knocks you out")) if all(mine) else said(N_("could knock you out"))
    t.risked("knocked-out", "mercy", mine, cost)
    out = t.way_out(happens)
    if out is None:
        return []
    other, theirs = out
    n = len(mine)
    limit = state.rules.mercy_limit
    taking = type(t.move) is Draw and state.pending
    if all(mine):
        size = max(e.hand_size for _, events in t.outcomes for e in events
                   if isinstance(e, ev.KnockedOut) and e.player == name)
        first = said(N_("Drawing them takes you to {size} cards: at {limit} you are knocked out of the round.")
                     if taking else N_("This takes you to {size} cards: at {limit} you are knocked out of the round."),
                     size=size, limit=limit)
        if taking and type(other) is Play and not any(theirs):
            then = said(N_("Your {card} would pass the stack on instead."), card=other.card)
        else:
            then = said(N_("{doing} instead: knocked out on {count} tables."), doing=t.doing_first(other),
                        count=_of(sum(theirs), n))
        return [t.warning("knocked-out", "mercy", said(_THEN, sentence=first, next=then), mine, other, theirs, cost)]
    text = said(N_("This could take you to {limit} cards and knock you out: it did on {count} tables dealt from what "
                   "you can see; {doing} instead: {other_count}."), limit=limit, count=_of(sum(mine), n),
                doing=t.doing(other), other_count=_of(sum(theirs), n))
    return [t.warning("knocked-out", "mercy", text, mine, other, theirs, cost)]


def _comes_back_warning(t: _Tables) -> list[MoveWarning]:
    state, seat, name = t.state, t.seat, t.state.seats[t.seat]

    def happens(after: GameState, events: tuple[ev.Event, ...]) -> bool:
        return any(isinstance(e, ev.StackGrew) and e.target == name for e in events)

    after, events = t.outcomes[0]
    grew = next((e for e in events if isinstance(e, ev.StackGrew) and e.target == name), None)
    if grew is None:
        return []
    cost = said(N_("brings the stack back to you, {total} cards"), total=grew.total)
    t.risked("comes-back", grew.rule, t.risk(t.move, happens), cost)
    out = t.way_out(happens)
    if out is None:
        return []
    answers = sorted({a.card for a in legal_moves(after, seat) if type(a) is Play}, key=str)
    limit = state.rules.mercy_limit
    size = len(after.hands[seat])
    other, theirs = out
    back = (said(N_("nothing comes back to you")) if not any(theirs) else
            said(N_("a stack comes back on {count} tables"), count=_of(sum(theirs), len(theirs))))
    values: dict[str, Any] = {"total": grew.total, "doing": t.doing_first(other), "back": back}
    if answers:
        text = said(N_("With two players left your wild reverse +4 comes back to you: {total} cards are pending for "
                       "you; answer with your {cards}, or draw them. {doing} instead: {back}."),
                    cards=Joined(tuple(answers), " or ", N_("{items} or {item}")), **values)
    elif limit is not None and size + grew.total >= limit:
        text = said(N_("With two players left your wild reverse +4 comes back to you: {total} cards are pending for "
                       "you, and you hold nothing that answers them, so drawing them takes you to {limit} cards and "
                       "knocks you out. {doing} instead: {back}."), limit=limit, **values)
    else:
        text = said(N_("With two players left your wild reverse +4 comes back to you: {total} cards are pending for "
                       "you, and you hold nothing that answers them. {doing} instead: {back}."), **values)
    return [t.warning("comes-back", grew.rule, text, t.risk(t.move, happens), other, theirs, cost)]


def _uno_call(t: _Tables) -> list[MoveWarning]:
    """The way out is to call UNO as you play (the table's Call UNO, armed before the play): no other move."""
    penalty = t.state.rules.uno_penalty
    exposed = [t.seat in after.catchable for after, _ in t.outcomes]
    if not any(exposed) or not penalty:
        return []
    text = said(N_("After this you hold one card: call UNO before the next player acts, or anyone may catch you and "
                   "you draw {penalty}."), penalty=penalty)
    return [t.warning("uno-call", "uno", text, exposed, cost=said(N_("leaves you one card, to call UNO on")))]


def _catch_missed(t: _Tables) -> list[MoveWarning]:
    state, seat, move = t.state, t.seat, t.move
    found = []
    for target in state.catchable:
        catch = Catch(seat, target)
        if target == seat or catch not in legal_moves(state):
            continue
        after, _ = t.outcomes[0]
        if target not in after.catchable and move != catch:
            who = state.seats[target]
            cost = said(N_("lets {player} off without drawing"), player=who)
            t.risked("catch-missed", "uno", [True], cost)
            if not t.offered(catch):
                continue
            text = said(N_("{player} holds one card and has not called UNO: catch {player} first ({player} draws "
                           "{penalty}); after your move it is too late."),
                        f"{says(who, 'holds')} one card and {verb(who, 'has')} not called UNO: catch {who} first "
                        f"({says(who, 'draws')} {state.rules.uno_penalty}); after your move it is too late.",
                        player=who, penalty=state.rules.uno_penalty)
            found.append(t.warning("catch-missed", "uno", text, [True], catch, [False], cost))
    return found


def _stack_declined(t: _Tables) -> list[MoveWarning]:
    state, move = t.state, t.move
    if type(move) is not Draw or not state.pending:
        return []
    answers = [a for a in t.required if type(a) is Play and not comes_back(state, a)]
    if not answers:
        return []
    cost = said(N_("takes {cards} you could pass on"), cards=Count(state.pending, *n_("{count} card", "{count} cards")))
    t.risked("stack-declined", "stacking", [True], cost)
    answers = [a for a in answers if t.offered(a)]
    if not answers:
        return []
    answer = min(answers, key=lambda a: a.card.draw_value)
    text = said(N_("You could answer with your {card} and pass the {count} cards on instead of drawing them."),
                card=answer.card, count=state.pending)
    return [t.warning("stack-declined", "stacking", text, [True], answer, [False], cost)]


def _bigger_hand(t: _Tables) -> list[MoveWarning]:
    state, seat, move = t.state, t.seat, t.move
    if type(move) is not Play or not t.others:
        return []
    after, events = t.outcomes[0]
    gave = len(state.hands[seat]) - 1
    got = len(after.hands[seat])
    if got <= gave:
        return []
    for event in events:
        if isinstance(event, ev.HandsSwapped):
            sizes = {a: len(state.hands[a.target]) if a.target is not None else gave
                     for a in t.required if type(a) is Play and a.card == move.card}
            best = min(sizes, key=lambda a: sizes[a])
            if sizes[best] >= got:
                return []
            cost = said(N_("leaves you {cards}"), cards=_cards(got))
            t.risked("bigger-hand", "seven", [True], cost)
            if not t.offered(best):
                return []
            better = (said(N_("keeping your hand")) if best.target is None
                      else said(N_("swapping with {player} ({cards})"), player=state.seats[best.target],
                                cards=_cards(sizes[best])))
            text = said(N_("You give away {gave} and get {hand}: {better} leaves you fewer."),
                        f"You give away {gave} cards and get {hand_of(event.other, got)}: {better} leaves you fewer.",
                        gave=_cards(gave), hand=hand_of(event.other, got), better=better)
            return [t.warning("bigger-hand", "seven", text, [True], best, [False], cost)]
        if isinstance(event, ev.HandsPassed):
            left = {a: len(t.of(a)[0][0].hands[seat]) for a in t.others}
            out = min(left, key=lambda a: (left[a], type(a) is not Play))
            if left[out] >= got:
                return []
            cost = said(N_("leaves you {cards}"), cards=_cards(got))
            t.risked("bigger-hand", "zero", [True], cost)
            if not t.offered(out):
                return []
            giver = state.seats[seat_before(seat, state.direction, state.out, len(state.seats))]
            text = said(N_("Your 0 passes every hand on: you give away {gave} and get {hand}; {doing} instead leaves "
                           "you {cards}."),
                        f"Your 0 passes every hand on: you give away {gave} cards and get {hand_of(giver, got)}; "
                        f"{t.doing(out)} instead leaves you {plural(left[out])}.",
                        gave=_cards(gave), hand=hand_of(giver, got), doing=t.doing(out), cards=_cards(left[out]))
            return [t.warning("bigger-hand", "zero", text, [True], out, [False], cost)]
    return []


def _bluff(t: _Tables) -> list[MoveWarning]:
    state = t.state

    def happens(after: GameState, events: tuple[ev.Event, ...]) -> bool:
        return after.challenge is not None and after.challenge[1]

    after, _ = t.outcomes[0]
    if type(t.move) is not Play or not happens(after, ()):
        return []
    cost = said(N_("risks a challenge that costs you {count}"), count=after.pending)
    t.risked("bluff", "wild-four-restriction", t.risk(t.move, happens), cost)
    out = t.way_out(happens)
    if out is None:
        return []
    other, theirs = out
    victim = state.seats[after.turn]
    text = said(N_("You hold a card of the color in force ({color}): if {player} challenges, you draw the {count} "
                   "instead. {doing} instead risks no challenge."), color=state.color, player=victim,
                count=after.pending, doing=t.doing_first(other))
    return [t.warning("bluff", "wild-four-restriction", text, t.risk(t.move, happens), other, theirs, cost)]


def _challenge_fails(t: _Tables) -> list[MoveWarning]:
    state = t.state
    if type(t.move) is not Challenge:
        return []

    def happens(after: GameState, events: tuple[ev.Event, ...]) -> bool:
        return any(isinstance(e, ev.Challenged) and not e.guilty for e in events)

    failed = t.risk(t.move, happens)
    cost = said(N_("may cost you {count} cards"), count=state.pending + 2)
    if any(failed):
        t.risked("challenge-lost", "challenge", failed, cost)
    out = t.way_out(happens) if any(failed) else None
    if out is None:
        return []
    other, theirs = out
    n = len(failed)
    text = said(N_("If the wild +4 was played fairly you draw {more} instead of {count}: it was on {tables} tables "
                   "dealt from what you can see; {doing} instead: {count} cards, on every table."),
                more=state.pending + 2, count=state.pending, tables=_of(sum(failed), n), doing=t.doing(other))
    return [t.warning("challenge-lost", "challenge", text, failed, other, theirs, cost)]


def _every_move_costs(t: _Tables, dead_ends: dict[Move, tuple[MoveWarning, ...]]) -> MoveWarning:
    """Once, when this move's risks have ways out that are warned against too: what each move costs; no way out."""
    def costs(found: Sequence[MoveWarning]) -> str:
        """The costs one after the other, "knocks you out and leaves you 9 cards", as words to say again."""
        text = ""
        for cost in dict.fromkeys(w.cost for w in found if w.cost):
            text = said(N_("{items} and {item}"), items=text, item=cost) if text else cost
        return text

    def part(move: Move, found: Sequence[MoveWarning]) -> Said:
        if type(move) is Play:  # one card, whatever the color
            doing: Any = said(N_("playing your {card}"), card=move.card)
        else:
            doing = t.doing(move)
        return said(N_("{doing} {cost}"), doing=doing, cost=costs(found))

    mine = t.risks or [MoveWarning("", "", "")]
    parts = dict.fromkeys([part(t.move, mine), *(part(move, found) for move, found in dead_ends.items())])
    text = said(N_("Every move here costs you: {costs}. Choose the one you can live with."),
                costs=Joined(tuple(parts), "; ", N_("{items}; {item}")))
    first = mine[0]
    return MoveWarning("every-move-costs", first.rule or next(iter(dead_ends.values()))[0].rule, text,
                       max(w.chance for w in mine), cost=costs(mine))


_CHECKS = (_knocked_out, _comes_back_warning, _uno_call, _catch_missed, _stack_declined, _bigger_hand, _bluff,
           _challenge_fails)


def seat_moves(state: GameState, seat: int) -> tuple[list[Move], list[Move]]:
    """The seat's required moves (its turn) and its out-of-turn options, as the engine lists them."""
    if state.is_over:
        return [], []
    mine = [a for a in legal_moves(state, seat)]
    return ([a for a in mine if not is_optional(state, a)], [a for a in mine if is_optional(state, a)])


def hand_of(name: str, count: int) -> Said:
    """Another seat's hand of ``count`` cards, as the coach names it to the person it speaks to: ``Ann's 10``, or
    ``the 10 You hold`` (never "your 10": the coach's "you" is the person it advises)."""
    if is_you(name):
        return said(N_("the {count} You hold"), f"the {count} {says(name, 'holds')}", count=count)
    return said(N_("{player}'s {count}"), f"{possessive(name)} {count}", player=name, count=count)


def comes_back(state: GameState, play: Play) -> bool:
    """Does ``play`` (a wild reverse +4 with two players left) send the stack straight back to its player?"""
    after, events = apply(state, play)
    return any(isinstance(e, ev.StackGrew) and e.target == state.seats[play.seat] for e in events)
