"""One simulated game, checked move by move: the lab's check of the engine.

Every move a player chooses must be legal, the cards on the table must number exactly the deck after every
move and be exactly the deck's cards when the game ends, no player still in the round may hold the mercy
limit, and the game must end. A violation stops the run with :class:`InvariantViolation`, which names the
game, its seed and the move, and carries the moves that lead there.

A *turn* is one player's go (:func:`ends_turn`, the one rule the count uses): it ends when the decision
passes to another seat, when the round ends, or when the player played a card and goes again (skip-all, a
two-player reverse). Drawing and then playing the drawn card is one turn; naming the roulette's color and
turning cards up is the victim's turn; calls, catches and other out-of-turn moves are not turns, but a
jump-in is the turn of the player who jumps in.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from nomercy.core import events as ev
from nomercy.core import inputs
from nomercy.core.decks import DECKS
from nomercy.core.engine import legal_moves, new_game
from nomercy.core.errors import IllegalMoveError, NomercyError, RulesError
from nomercy.core.moves import CallUno, Catch, Move, Play
from nomercy.core.rules import ROUND_MOVE_LIMIT, RuleSet, ruleset
from nomercy.core.state import GameState, Phase
from nomercy.play.driver import play_out, replay
from nomercy.play.players import next_move, notify
from nomercy.play.record import GameRecord
from nomercy.play.simulate.bots import BotSpec, player_seed
from nomercy.play.simulate.tally import GameSummary

__all__ = ["InvariantViolation", "GameChecker", "ends_turn", "play_game", "replay_game"]


class InvariantViolation(NomercyError):
    """A simulated game broke a rule of the engine; the message says how to replay it."""

    def __init__(self, message: str, *, game: int | None = None, seed: int | None = None,
                 ply: int | None = None, move: str | None = None, moves: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.game = game
        self.seed = seed
        self.ply = ply
        self.move = move
        self.moves = moves


def ends_turn(move: Move, after: GameState) -> bool:
    """Does ``move``, which led to ``after``, end a turn (see the module's docstring)? Runs after every move."""
    kind = type(move)
    if kind is Play:
        return True
    if kind is CallUno or kind is Catch:
        return False
    return after.phase is Phase.OVER or after.turn != move.seat


class GameChecker:
    """One game between ``bots`` (one per seat), played through the driver and checked as it goes.

    :meth:`choose` asks the players for a move and checks it, :meth:`observe` checks the table after each
    move and counts (turns, knockouts, reshuffles, the largest hand), :meth:`play` plays the game out and
    checks its end. ``moves``, a list, gets every move as it is played (see :func:`play_game`).
    """

    def __init__(self, rules: RuleSet, bots: Sequence[BotSpec], seed: int, *, index: int = 0,
                 moves: list[Move] | None = None, keep_record: bool = False, check_moves: bool = False) -> None:
        self.rules = rules
        self.bots = tuple(bots)
        self.seed = seed
        self.index = index
        self.moves: list[Move] = [] if moves is None else moves
        self.check_moves = check_moves
        self._players = {seat: spec.make(player_seed(seed, seat)) for seat, spec in enumerate(bots)}
        self._observers = {seat: p for seat, p in self._players.items() if hasattr(p, "observe")}
        self._deck = DECKS[rules.deck]
        try:
            self.start = new_game(rules, len(self.bots), seed=seed)
        except RulesError as error:
            raise RulesError(f"game {index} (seed {seed}) cannot be dealt: {error}") from None
        self._texts: list[str] | None = [] if keep_record else None
        self.turns = self.knockouts = self.reshuffles = 0
        self.largest = max(map(len, self.start.hands))
        self._current: tuple[GameState, Move | None] = (self.start, None)  # for a report if the engine fails

    def fail(self, reason: str, state: GameState, move: Move | None) -> InvariantViolation:
        """The violation ``reason`` in ``state`` (at ``move``), with the moves that replay the game to there."""
        n, seed, moves = len(self.bots), self.seed, self.moves
        text = None if move is None else state.move_text(move)
        history = _texts(self.rules, n, seed, moves)
        where = f" at move {len(moves) + 1}, {text!r}" if text else f" after move {len(moves)}"
        return InvariantViolation(
            f"game {self.index} (seed {seed}, players {', '.join(map(str, self.bots))}, rules {self.rules.name}) "
            f"broke an invariant{where}: {reason}. Replay it with "
            f"nomercy.play.simulate.replay_game(rules, {n}, {seed}, moves) using the moves attached to this error.",
            game=self.index, seed=seed, ply=len(moves) + 1, move=text, moves=history,
        )

    def choose(self, state: GameState) -> Move:
        try:
            move = next_move(state, self._players)
        except Exception as error:  # a player crashed: report it like a violation, with the seed
            raise self.fail(f"a player failed to choose: {error!r}", state, None) from error
        if move is None or (self.check_moves and move not in legal_moves(state)):
            raise self.fail(f"the move chosen is not legal ({move!r})", state, move)
        self._current = (state, move)
        return move

    def observe(self, state: GameState, move: Move, events: tuple[ev.Event, ...], after: GameState) -> None:
        if self._observers:
            notify(self._observers, state, move, events, after)
        sizes = list(map(len, after.hands))
        deck = self._deck
        if sum(sizes) + len(after.draw_pile) + len(after.discard) + len(after.set_aside) != deck.size:
            raise self.fail(f"{after.card_count()} cards on the table, the {deck.name} deck has {deck.size}",
                            state, move)
        out = after.out
        knocked = len(out) - len(state.out)
        shuffled = after.shuffles - state.shuffles
        if knocked or shuffled or self.check_moves:  # the events say who was knocked out holding how many cards
            seen_knocked = seen_shuffled = 0
            for event in events:
                if type(event) is ev.KnockedOut:
                    seen_knocked += 1
                    if event.hand_size > self.largest:
                        self.largest = event.hand_size
                elif type(event) is ev.PileReshuffled:
                    seen_shuffled += 1
            self.knockouts += seen_knocked
            self.reshuffles += seen_shuffled
            if self.check_moves and (seen_knocked, seen_shuffled) != (knocked, shuffled):
                raise self.fail(f"the move knocked out {knocked} and reshuffled {shuffled} times, but its events "
                                f"say {seen_knocked} and {seen_shuffled}", state, move)
        biggest = max(sizes)
        if biggest > self.largest:
            self.largest = biggest
        limit = self.rules.mercy_limit
        if limit is not None and biggest >= limit:
            for seat, size in enumerate(sizes):
                if size >= limit and seat not in out:
                    raise self.fail(f"{after.seats[seat]} holds {size} cards and is still in the round", state, move)
        for seat in out:
            if sizes[seat]:
                raise self.fail(f"{after.seats[seat]} is out of the round but holds {sizes[seat]} cards", state, move)
        if ends_turn(move, after):
            self.turns += 1
        self.moves.append(move)
        if self._texts is not None:
            self._texts.append(state.move_text(move))

    def play(self) -> GameSummary:
        """Play the game out, checking every move, then its end; the game's summary."""
        try:
            state = play_out(self.start, self.choose, max_moves=ROUND_MOVE_LIMIT, observe=self.observe)
        except InvariantViolation:
            raise
        except IllegalMoveError as error:
            before, move = self._current
            if move is not None and move not in legal_moves(before):
                raise self.fail(f"the move chosen is not legal ({move!r}): {error}", before, move) from error
            raise self.fail(f"the engine refused a legal move: {error!r}", before, move) from error
        except Exception as error:
            last = replay_game(self.rules, len(self.bots), self.seed, self.moves)
            raise self.fail(f"the engine refused or failed on a legal move: {error!r}", last,
                            self._current[1]) from error
        if not state.is_over:
            raise self.fail(f"the game did not end within {ROUND_MOVE_LIMIT} moves", state, None)
        if state.all_cards() != self._deck.counts():
            raise self.fail("the cards on the table at the end are not the deck's cards", state, None)
        if state.winner is None or state.winner in state.out:
            raise self.fail(f"the round ended without a winner still in it (winner {state.winner})", state, None)
        start = self.start
        return GameSummary(
            index=self.index,
            seed=self.seed,
            bots=tuple(spec.kind for spec in self.bots),
            winner=state.winner,
            end_reason=state.end_reason or "unknown",
            turns=self.turns,
            moves=len(self.moves),
            knockouts=self.knockouts,
            largest_hand=self.largest,
            reshuffles=self.reshuffles,
            record=None if self._texts is None else GameRecord(self.rules, start.seats, self.seed,
                                                               tuple(self._texts), start.dealer),
        )


def play_game(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    seed: int,
    *,
    index: int = 0,
    moves: list[Move] | None = None,
    keep_record: bool = False,
    check_moves: bool = False,
) -> GameSummary:
    """Play one game between ``bots`` (one per seat) through the driver, and check it move by move.

    After every move: the move was legal (``apply`` refuses any other), the cards on the
    table number exactly the deck, nobody still in the round holds the mercy limit and
    nobody knocked out holds a card. At the end: the table holds exactly the deck's cards
    and the winner is still in the round. ``check_moves`` adds, for every move, that the
    move is one of ``legal_moves`` of its position (not only one ``apply`` accepts), and
    that every knockout and reshuffle the state shows came with its event; it costs
    about a tenth more time per game and gives the same figures.

    ``keep_record`` puts the game's record in the summary (its moves written in notation as
    they are played). ``moves``, a list, gets every move as it is played, even when the
    game then breaks an invariant.
    """
    inputs.one_of_kind(rules, RuleSet, "rules (a RuleSet, like ruleset('no-mercy'))")
    low, high = rules.players
    bots = inputs.items(bots, "the players (one BotSpec a seat)", least=low, most=high)
    for spec in bots:
        inputs.one_of_kind(spec, BotSpec, "players given as BotSpec.parse('greedy') gives them")
    seed = inputs.seed(seed, error=NomercyError)
    index = inputs.whole_number(index, "the number of the game", 0, inputs.MAX_SEED)
    if moves is not None and type(moves) is not list:
        raise NomercyError(f"moves is a list the game's moves are added to, or nothing; not {inputs.quote(moves)}")
    keep_record = inputs.switch(keep_record, "keep_record")
    check_moves = inputs.switch(check_moves, "check_moves")
    return GameChecker(rules, bots, seed, index=index, moves=moves, keep_record=keep_record,
                       check_moves=check_moves).play()


def _texts(rules: RuleSet, n: int, seed: int, moves: Sequence[Move]) -> tuple[str, ...]:
    """The moves of a failed game in notation, each written in its own position (the game replayed from its deal).

    A report of a failure must not fail: an engine that fails again on the way ends the list there.
    """
    texts: list[str] = []
    try:
        replay(new_game(rules, n, seed=seed), moves,
               observe=lambda before, move, events, after: texts.append(before.move_text(move)))
    except Exception:  # the engine failing again while the failure is reported: the moves up to there
        pass
    return tuple(texts)


def replay_game(rules: str | RuleSet, players: int | Sequence[str], seed: int, moves: Iterable[Move | str]) -> GameState:
    """Replay ``moves`` (moves or their notation) from the deal of a simulated game; raises at an illegal one."""
    rule_set = ruleset(rules) if not isinstance(rules, RuleSet) else rules
    return replay(new_game(rule_set, players, seed=seed), inputs.items(moves, "the moves to replay", most=ROUND_MOVE_LIMIT))
