"""The expert player: determinized Monte Carlo search over the hands it cannot see.

At a decision with more than one sensible move, the expert imagines many
complete tables consistent with what it has seen: its own hand and the public
piles are as they are; the cards it has not seen are dealt at random into the
other hands (at their known sizes), the set-aside hands and the draw pile (whose
order it cannot know either), except that what it remembers holds: cards it
knows a hand holds are dealt to it, cards a hand cannot hold are not
(:mod:`nomercy.play.players.belief`). In each imagined table it tries its candidate moves
and plays the rest of the round out, or a fixed number of moves and then judges the
table by hand sizes: every other seat plays greedy, and its own seat plays
:class:`SharpGreedy` (greedy with two habits of a stronger player) unless ``sharp``
is off. Every candidate
is tried on the same imagined tables (common random numbers), the weaker half is
dropped after each round (successive halving), and the best average wins.

The budget is ``iterations`` playouts per decision and, when ``max_time`` is set,
a wall-clock limit: the search stops at whichever comes first. Only the
iteration budget is deterministic; a time limit that bites makes the choice
depend on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from nomercy.core.moves import Move, CallUno, Play, format_move
from nomercy.core.cards import Card, Color, Rank
from nomercy.core.decks import DECKS
from nomercy.core.engine import apply
from nomercy.core.errors import PlayerError, brief
from nomercy.core.seeds import check_seed
from nomercy.core.events import Event
from nomercy.core.seeds import shuffle
from nomercy.core.state import POSITION_FIELDS, GameState, Phase, PlayerView
from nomercy.core.legality import legal_moves
from nomercy.play.driver import play_out
from nomercy.play.estimate import Estimate, standard_error
from nomercy.play.players.belief import HandBeliefs, HiddenDeal
from nomercy.play.players.greedy import (GreedyPlayer, SharpGreedy, hand_after, best_color, next_seat, score_play,
                                         sharp_score)

__all__ = ["ExpertPlayer", "Weighing", "determinize", "determinize_many"]

DEFAULT_ITERATIONS = 200
DEFAULT_MAX_TIME = 0.5
DEFAULT_DEPTH = 20
DEFAULT_CANDIDATES = 6
DEFAULT_CONFIDENCE = 1.0


def determinize(view: PlayerView, rng: random.Random, beliefs: HandBeliefs | None = None) -> GameState:
    """A full table consistent with ``view``: the unseen cards dealt at random.

    The other hands get their known sizes, the set-aside hands and the draw pile
    theirs; the draw pile's order is random too, and so is the seed of any
    reshuffle to come. With ``beliefs`` (what the player worked out from earlier
    moves, see :mod:`nomercy.play.players.belief`) the cards known to be in a hand are
    dealt to it and the cards a hand cannot hold are dealt elsewhere.
    """
    return _ImaginedTables(view, beliefs).deal(rng)


def determinize_many(view: PlayerView, rng: random.Random, count: int,
                     beliefs: HandBeliefs | None = None) -> list[GameState]:
    """``count`` tables consistent with ``view``: the very tables ``count`` calls of :func:`determinize` deal from
    ``rng``, with what they share (the unseen cards, the plan of the hidden deal) worked out once instead of each time."""
    tables = _ImaginedTables(view, beliefs)
    return [tables.deal(rng) for _ in range(count)]


class _ImaginedTables:
    """The tables one search imagines: what all of them share is worked out once, per search.

    A search deals a new table for every round of playouts, always from the same view:
    the unseen cards (the deck less the own hand and the discard pile, in sort order),
    the public fields and the plan of the hidden deal (:class:`~nomercy.play.players.belief.HiddenDeal`)
    are the same each time, so only the shuffle and the deal are repeated. :meth:`deal`
    draws from ``rng`` exactly as :func:`determinize` always has, so the same seed deals
    the same tables.
    """

    def __init__(self, view: PlayerView, beliefs: HandBeliefs | None) -> None:
        counts: Counter[Card] = DECKS[view.rules.deck].counts()
        counts.subtract(view.hand)
        counts.subtract(view.discard)
        self.view = view
        self.hidden = HiddenDeal(view, beliefs)
        self.unseen = sorted(counts.elements())
        self.seats = range(len(view.hand_sizes))
        self.fields = {name: getattr(view, name) for name in POSITION_FIELDS if hasattr(view, name)}
        self.offender: int | None = None  # who played a wild +4 a challenge could catch
        self.below: Color | None = None   # the color in force before it
        if (view.phase is Phase.TURN and view.pending and view.top_card.rank is Rank.WILD_DRAW_FOUR
                and not view.rules.no_bluff):
            self.offender = next_seat(view, view.seat, -view.direction)
            self.below = view.discard[-2].color if len(view.discard) > 1 else None

    def deal(self, rng: random.Random) -> GameState:
        """One table: the unseen cards shuffled, dealt to the hands (agreeing with the beliefs), the rest stacked."""
        view = self.view
        unseen = list(self.unseen)
        shuffle(rng, unseen)
        dealt = self.hidden.deal(unseen, rng)
        hands = tuple(view.hand if seat == view.seat else tuple(dealt.get(seat, ())) for seat in self.seats)
        set_aside = tuple(unseen[:view.set_aside_size])
        draw_pile = tuple(unseen[view.set_aside_size:])
        if len(draw_pile) != view.draw_pile_size:
            raise ValueError(
                f"the view does not add up: {len(draw_pile)} unseen cards are left for a draw pile of {view.draw_pile_size}"
            )
        challenge = None
        if self.offender is not None:
            below = self.below
            guilty = below is not None and any(c.color is below for c in hands[self.offender])
            challenge = (self.offender, guilty)
        fields = dict(self.fields)
        fields.update(
            hands=hands,
            draw_pile=draw_pile,
            set_aside=set_aside,
            challenge=challenge,
            stuck=0,
            end_reason=None,
            seed=rng.getrandbits(48),
            shuffles=0,
            dealer=0,
            ply=0,
        )
        return GameState(**fields)


def _value(state: GameState, me: int, threats: bool = False) -> float:
    """My chance of winning, as a playout left it: exact at the end, else judged by hand sizes.

    With ``threats`` the judgement also counts the pending draw against the seat that
    must answer it, and a seat that would reach the mercy limit that way as out.
    """
    if state.phase is Phase.OVER:
        return 1.0 if state.winner == me else 0.0
    if me in state.out:
        return 0.0
    sizes = {i: len(state.hands[i]) for i in state.active_seats}
    if threats and state.pending:
        sizes[state.turn] += state.pending
        limit = state.rules.mercy_limit
        if limit is not None and sizes[state.turn] >= limit:
            if state.turn == me:
                return 0.0
            del sizes[state.turn]
    weights = {i: math.exp(-0.3 * size) for i, size in sizes.items()}
    return weights[me] / sum(weights.values())


class ExpertPlayer:
    """Samples hidden hands, plays candidate moves out with greedy players, keeps the best on average.

    ``iterations`` is the number of playouts per decision, ``max_time`` (seconds, or
    ``None``) a wall-clock limit, ``depth`` how many moves a playout runs before the
    table is judged by hand sizes, ``candidates`` how many of greedy's best moves
    are searched. ``memory`` keeps track of what the moves showed (told through
    :meth:`observe`) and deals the imagined tables to agree with it;
    ``read_stacks`` also reads a taken stack as "held nothing to pass it on".
    With ``sharp`` (on by default) the expert's own moves in its playouts, and the
    reference move of its search, come from :class:`SharpGreedy` rather than greedy.
    ``confidence`` is how many standard errors of the paired difference another move
    must beat the reference by before the expert plays it (see :meth:`weigh`): at 0 the
    best mean plays, even by a hair.

    The defaults (200 playouts of 20 moves, six candidates, memory and ``sharp`` on) are
    the ladder's expert in ``docs/simulation.md``, with its win rate against greedy: the
    larger budgets measured there (500 playouts; ten candidates with ``confidence=1.6`` at
    600, the half second spent) won no more than the noise of 2,000 games allows, for two
    and a half to three times the time, so the budget stays at 200.
    """

    kind = "expert"

    def __init__(
        self,
        *,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        max_time: float | None = DEFAULT_MAX_TIME,
        depth: int = DEFAULT_DEPTH,
        candidates: int = DEFAULT_CANDIDATES,
        memory: bool | int | str | None = True,
        read_stacks: bool | int | str | None = True,
        threats: bool | int | str | None = False,
        sharp: bool | int | str | None = True,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> None:
        seed = check_seed(seed)
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 10**6:
            raise PlayerError(f"an expert needs 1 to 1000000 playouts per decision, not {brief(iterations)}")
        if (isinstance(confidence, bool) or not isinstance(confidence, (int, float))
                or (isinstance(confidence, int) and confidence.bit_length() > 64) or not 0 <= confidence < math.inf):
            raise PlayerError(f"the confidence option of the expert is a number of standard errors, 0 or more, "
                              f"not {brief(confidence)}")
        if max_time is not None and (isinstance(max_time, bool) or not isinstance(max_time, (int, float))
                                     or not 0 < max_time <= 3600):
            raise PlayerError(f"the max_time of the expert is a number of seconds above 0, up to 3600, or none; "
                              f"not {brief(max_time)}")
        for option, value in (("depth", depth), ("candidates", candidates)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10_000:
                raise PlayerError(f"the {option} option of the expert is a whole number from 1 to 10000, not {brief(value)}")
        self.seed = seed
        self.iterations = int(iterations)
        self.max_time = None if max_time is None else float(max_time)
        self.depth = int(depth)
        self.candidates = int(candidates)
        self.memory = _switch("memory", memory)
        self.beliefs = HandBeliefs(read_stacking=_switch("read_stacks", read_stacks))
        self.threats = _switch("threats", threats)
        self.sharp = _switch("sharp", sharp)
        self.confidence = float(confidence)
        self._rng = random.Random(f"expert-player:{seed}")
        self._greedy = GreedyPlayer(seed=seed)
        self.decisions = 0
        self.playouts = 0

    def __repr__(self) -> str:
        return (f"ExpertPlayer(seed={self.seed}, iterations={self.iterations}, max_time={self.max_time}, "
                f"depth={self.depth}, memory={self.memory}, sharp={self.sharp}, confidence={self.confidence:g})")

    # --- what the table shows between decisions ------------------------------
    def observe(self, before: PlayerView, move: Move, events: Sequence[Event], after: PlayerView) -> None:
        """Remember what a move showed (see :mod:`nomercy.play.players.belief`); skipped with ``memory=False``."""
        if self.memory:
            self.beliefs.observe(before, move, events, after)

    # --- out-of-turn options: greedy's judgement is enough --------------------
    def choose_optional(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        return self._greedy.choose_optional(view, legal)

    # --- required decisions ----------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        candidates = self._shortlist(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        self.decisions += 1
        return self._search(view, candidates)

    def _shortlist(self, view: PlayerView, legal: Sequence[Move]) -> list[Move]:
        """Greedy's best few moves, every non-play move, and at most two colors per wild.

        With ``sharp`` the best few are :class:`SharpGreedy`'s, its choice first.
        """
        plays = [a for a in legal if type(a) is Play]
        others = [a for a in legal if type(a) is not Play]
        if not plays:
            return list(others)
        by_card: dict[tuple, list[Play]] = {}
        for play in plays:
            by_card.setdefault((play.card, play.target, play.top), []).append(play)
        kept: list[Play] = []
        for group in by_card.values():
            if len(group) > 2 and group[0].color is not None:
                rest = hand_after(view.hand, group[0])
                first = best_color(rest or [group[0].card])
                counts = Counter(c.color for c in rest)
                ranked = sorted(group, key=lambda p: (p.color is not first, -counts.get(p.color, 0)))
                group = ranked[:2]
            kept.extend(group)
        score = sharp_score if self.sharp else score_play
        scored = sorted(kept, key=lambda p: -score(view, p))
        return list(scored[: self.candidates]) + others

    def _search(self, view: PlayerView, candidates: list[Move]) -> Move:
        return self.weigh(view, candidates).choice

    # --- the search made visible (the coach reads it) -------------------------
    def shortlist(self, view: PlayerView, legal: Sequence[Move]) -> list[Move]:
        """The moves the search would try among ``legal``, greedy's choice first (see :meth:`weigh`)."""
        return self._shortlist(view, legal)

    def weigh(self, view: PlayerView, candidates: Sequence[Move], *, follow: Sequence[Move] = ()) -> "Weighing":
        """Search ``candidates`` as :meth:`choose` does, and say what the search found.

        Successive halving over the candidates, every one tried on the same imagined
        tables. Candidate 0 is the reference (greedy's own choice when the list comes
        from :meth:`shortlist`) and is never dropped: another move replaces it only
        when it did better on the same tables by more than one standard error of the
        paired difference, so noise alone does not talk the expert out of greedy's
        move. :meth:`choose` plays the ``choice`` of this search; the same seed and
        options give the same weighing.

        ``follow`` names moves (candidates or not) that are also played out on every
        table to the end of the search, beside it: they take no part in the halving,
        spend none of the budget and draw nothing from the search's random numbers,
        so the search, its tables and its choice are exactly those without them
        (the coach's review follows the move a person played this way).
        """
        candidates = list(candidates)
        if not candidates:
            raise PlayerError("the expert has no move to weigh")
        searched = len(candidates)
        candidates += [move for move in dict.fromkeys(follow) if move not in candidates]
        followed = [i for i, move in enumerate(candidates) if move in follow]
        deadline = None if self.max_time is None else time.perf_counter() + self.max_time
        results: list[dict[int, float]] = [{} for _ in candidates]
        alive = list(range(searched))
        rounds = len(_halving(searched))
        spent = 0
        decided = 0
        world_number = 0
        out_of_time = False
        beliefs = self.beliefs if self.memory and self.beliefs.follows(view) else None
        tables = _ImaginedTables(view, beliefs)
        for round_number in range(rounds):
            share = (self.iterations - spent) // (rounds - round_number)
            worlds = max(1, share // len(alive))
            for _ in range(worlds):
                world = tables.deal(self._rng)
                playout_seed = self._rng.getrandbits(32)
                for index in alive:
                    value = results[index][world_number] = self._playout(world, candidates[index], view.seat,
                                                                         playout_seed)
                    spent += 1
                    decided += value == 0.0 or value == 1.0
                for index in followed:
                    if index not in alive:
                        results[index][world_number] = self._playout(world, candidates[index], view.seat, playout_seed)
                world_number += 1
                if deadline is not None and time.perf_counter() > deadline:
                    out_of_time = True
                    break
            if out_of_time or len(alive) <= 2:
                break
            ranked = sorted(alive[1:], key=lambda i: -_mean(results[i]))
            alive = [0] + ranked[: _survivors(len(alive)) - 1]
        self.playouts += spent
        best = max(alive, key=lambda i: (_mean(results[i]), -i))
        choice = candidates[0]
        if best != 0:
            shared = [w for w in results[best] if w in results[0]]
            differences = [results[best][w] - results[0][w] for w in shared]
            if len(differences) >= 2:
                mean = sum(differences) / len(differences)
                spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1))
                if mean > self.confidence * spread / math.sqrt(len(differences)):
                    choice = candidates[best]
        return Weighing(
            choice=choice,
            moves=tuple(candidates),
            estimates=tuple(Estimate.of(list(values.values()), label=format_move(move, view.seats))
                            for move, values in zip(candidates, results)),
            playouts=spent,
            decided=decided,
            out_of_time=out_of_time,
            values=tuple(tuple(sorted(values.items())) for values in results),
            finalists=tuple(candidates[i] for i in alive),
            searched=searched,
        )

    def _playout(self, world: GameState, move: Move, me: int, seed: int) -> float:
        """Play ``move`` in ``world``, then greedy for everyone, for ``depth`` moves (the driver's fast loop).

        With ``sharp`` the expert's own seat plays :class:`SharpGreedy` instead; the others stay greedy.
        """
        state, _ = apply(world, move)
        mine = SharpGreedy(seed=seed) if self.sharp else None
        choose = _greedy_everywhere(GreedyPlayer(seed=seed), state.rules.jump_in, mine=mine, me=me)
        end = play_out(state, choose, max_moves=self.depth)
        return _value(end, me, self.threats)


def _greedy_everywhere(policy: GreedyPlayer, jump_in: bool, *, mine: GreedyPlayer | None = None,
                       me: int = -1) -> Callable[[GameState], Move]:
    """Greedy's choice for whichever seat must move, seen from the position itself (a playout's imagined table).

    It answers as :func:`~nomercy.play.players.next_move` would with greedy in every seat,
    doing only the work a playout needs. A seat left holding one card calls UNO at once
    (greedy always does), so no catch is ever due. With nobody exposed, the only
    out-of-turn moves are jump-ins, the plays of the seats whose turn it is not: they
    are looked for only when the rules have jump-in, and without them every legal move
    belongs to the seat to move, so the list goes to greedy as it is. With ``mine``,
    seat ``me`` makes its required moves by that policy instead.
    """

    def choose(state: GameState) -> Move:
        catchable = state.catchable
        if catchable:
            return CallUno(catchable[0])  # greedy always calls at once
        legal: Sequence[Move] = legal_moves(state)
        turn = state.turn
        if jump_in:
            jumps = [move for move in legal if move.seat != turn]
            if jumps:
                for seat in state.active_seats:
                    options = [move for move in jumps if move.seat == seat]
                    if options:
                        move = policy.choose_optional(_LiteView(state, seat), options)
                        if move is not None:
                            return move
                legal = [move for move in legal if move.seat == turn]
        if len(legal) == 1:
            return legal[0]
        return (mine if turn == me and mine is not None else policy).choose(_LiteView(state, turn), legal)

    return choose


def _survivors(alive: int) -> int:
    """How many candidates go on to the next round of the search: the reference and the better half of the rest.

    Never fewer than two, so the last round always compares a move with the reference.
    """
    return 1 + max(1, alive // 2 - 1)


def _halving(candidates: int) -> list[int]:
    """How many candidates each round of the search weighs, from all of them down to the last two.

    The budget is shared out over exactly these rounds, so the last round (the two
    finalists) spends what is left rather than leaving playouts unused.

    >>> _halving(5), _halving(7), _halving(11), _halving(2)
    ([5, 2], [7, 3, 2], [11, 5, 2], [2])
    """
    sizes = [candidates]
    while sizes[-1] > 2:
        sizes.append(_survivors(sizes[-1]))
    return sizes


def _switch(name: str, value: bool | int | str | None) -> bool:
    """An on/off option as it may come from a command line (``memory=0``, ``memory=off``) or Python."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off", "none"):
            return False
        raise PlayerError(f"the {name} option of the expert is on or off, not {brief(value)}")
    if value is None or isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise PlayerError(f"the {name} option of the expert is on or off (or 1 or 0), not {brief(value)}")


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else -1.0


@dataclass(frozen=True)
class Weighing:
    """What one search found: the move the expert plays and every candidate's estimate.

    ``moves`` are the candidates (the reference first; the first ``searched`` of them were searched,
    the rest only followed) and ``estimates`` their estimates in the same order: the mean playout value, where a playout that reached the end of the round counts 1 for a
    win and 0 for a loss (being knocked out is a loss), and one cut off after ``depth`` moves counts
    the seat's share judged by hand sizes, with its standard error;
    ``decided`` counts the playouts that ended in a win or a loss rather than being
    judged by hand sizes; ``values`` holds each candidate's playout values by
    imagined table, so two moves can be compared on the tables they shared
    (:meth:`paired_difference`). ``finalists`` are the candidates still in the search when it
    ended (the reference first, then by the order of the last round): each was played on every
    table the search dealt, while the others were set aside after fewer.
    """

    choice: Move
    moves: tuple[Move, ...]
    estimates: tuple[Estimate, ...]
    playouts: int
    decided: int
    out_of_time: bool
    values: tuple[tuple[tuple[int, float], ...], ...]
    finalists: tuple[Move, ...]
    searched: int

    @property
    def set_aside(self) -> tuple[Move, ...]:
        """The candidates the halving set aside before the last round, in the order they were given."""
        return tuple(move for move in self.moves[:self.searched] if move not in self.finalists)

    def estimate(self, move: Move) -> Estimate:
        """The estimate of ``move`` (one of the candidates)."""
        for tried, estimate in zip(self.moves, self.estimates):
            if tried == move:
                return estimate
        raise PlayerError(f"the search did not try {move}")

    def paired_difference(self, better: Move, worse: Move) -> tuple[float, float, int]:
        """How much more ``better`` scored than ``worse`` on the tables both were tried on.

        Returns the mean difference, its standard error and the number of tables.
        """
        index = {move: i for i, move in enumerate(self.moves)}
        mine, theirs = dict(self.values[index[better]]), dict(self.values[index[worse]])
        differences = {w: mine[w] - theirs[w] for w in mine if w in theirs}
        if not differences:
            return 0.0, 0.0, 0
        return sum(differences.values()) / len(differences), standard_error(list(differences.values())), len(differences)


class _LiteView:
    """What greedy reads of :meth:`GameState.view`, built cheaply for playouts (the expert's own imagined tables).

    Only the fields of :class:`~nomercy.play.players.greedy.SeatView` are filled in:
    a playout builds one for every move, and greedy reads nothing else.
    """

    __slots__ = ("seat", "seats", "rules", "hand", "hand_sizes", "discard", "color", "direction", "pending",
                 "phase", "out")

    def __init__(self, state: GameState, seat: int) -> None:
        self.seat = seat
        self.seats = state.seats
        self.rules = state.rules
        self.hand = state.hands[seat]
        self.hand_sizes = tuple(map(len, state.hands))
        self.discard = state.discard
        self.color = state.color
        self.direction = state.direction
        self.pending = state.pending
        self.phase = state.phase
        self.out = state.out

