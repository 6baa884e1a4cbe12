"""The simulation lab: many seeded games between computer players, summarized as they finish.

>>> from nomercy.play.simulate import simulate
>>> result = simulate("no-mercy", players=2, bots="greedy,random", games=20, seed=1, workers=1)
>>> result.games, sum(result.wins_by_seat)
(20, 20)

Game ``i`` of a run seeded ``seed`` always uses the seed :func:`game_seed` derives
from ``(seed, i)``, and so do its players; every statistic is an exact integer
tally merged in any order. So a run gives the same figures on one worker, on a
process pool or on a Dask cluster (only the speed differs).

Each game is also a check of the engine: every move a player chooses must be in
the legal moves, the cards on the table must number exactly the deck after every
move and be exactly the deck's cards when the game ends, no player still in the
round may hold the mercy limit, and the game must end. A violation stops the run
with :class:`InvariantViolation`, which names the game, its seed and the move,
and carries the moves that lead there.

A *turn* is one player's go: it ends when the decision passes to another seat,
when the round ends, or when the player played a card and goes again (skip-all,
a two-player reverse). Drawing and then playing the drawn card is one turn;
naming the roulette's color and turning cards up is the victim's turn; calls,
catches and other out-of-turn moves are not turns, but a jump-in is the turn of
the player who jumps in.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from nomercy.core import events as ev
from nomercy.core.moves import CallUno, Catch, Move, Play
from nomercy.core.decks import DECKS
from nomercy.core.engine import legal_moves, new_game
from nomercy.core.inputs import MAX_SEED, whole_number
from nomercy.core.seeds import check_seed
from nomercy.core.errors import IllegalMoveError, NomercyError, PlayerError, RulesError, brief
from nomercy.play.players import PLAYER_KINDS, Player, check_player_options, is_optional, make_player, next_move, notify
from nomercy.core.rules import ROUND_MOVE_LIMIT, RuleSet, ruleset
from nomercy.core.seeds import derive_seed
from nomercy.core.state import GameState, Phase
from nomercy.play.driver import play_out, replay
from nomercy.play.record import GameRecord
from nomercy.play.run_comparison import PairedComparison, compare_runs, wilson_interval

__all__ = [
    "simulate",
    "check_run",
    "RunPlan",
    "SimulationResult",
    "BotSpec",
    "parse_bots",
    "game_seed",
    "play_game",
    "replay_game",
    "GameSummary",
    "PairedComparison",
    "compare_runs",
    "Tally",
    "InvariantViolation",
    "wilson_interval",
]



# ----------------------------------------------------------------------------
# Who sits where
# ----------------------------------------------------------------------------

@dataclass(frozen=True)
class BotSpec:
    """A player kind and its options, as written ``kind`` or ``kind:key=value:key=value``.

    >>> BotSpec.parse("expert:iterations=40:max_time=none")
    BotSpec(kind='expert', options=(('iterations', 40), ('max_time', None)))
    >>> str(BotSpec.parse("greedy"))
    'greedy'
    """

    kind: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> "BotSpec":
        if not isinstance(text, str):
            raise PlayerError(f"a player is written as text, like greedy or expert:iterations=40, not {brief(text)}")
        parts = [p.strip() for p in text.split(":")]
        kind = parts[0].lower()
        if kind not in PLAYER_KINDS:
            raise PlayerError(f"unknown player kind {brief(parts[0])}: choose one of {', '.join(PLAYER_KINDS)}")
        options = []
        for part in parts[1:]:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise PlayerError(f"cannot read player option {brief(part)} in {brief(text)}: write key=value")
            options.append((key.strip().replace("-", "_"), _option_value(value.strip())))
        spec = cls(kind, tuple(options))
        check_player_options(kind, dict(spec.options))
        return spec

    def make(self, seed: int) -> Player:
        options = dict(self.options)
        if self.kind == "expert":
            # a wall-clock limit would make results depend on the machine: off unless asked for
            options.setdefault("max_time", None)
        return make_player(self.kind, seed=seed, **options)

    def __str__(self) -> str:
        return ":".join([self.kind] + [f"{k}={'none' if v is None else v}" for k, v in self.options])


def _option_value(text: str) -> Any:
    if text.lower() in ("none", "off", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bots(bots: str | Sequence[str | BotSpec], players: int) -> tuple[BotSpec, ...]:
    """One :class:`BotSpec` per seat: one kind for every seat, or one per seat.

    >>> [str(b) for b in parse_bots("random", 3)]
    ['random', 'random', 'random']
    >>> [str(b) for b in parse_bots("expert,random", 2)]
    ['expert', 'random']
    """
    items = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    specs = tuple(b if isinstance(b, BotSpec) else BotSpec.parse(b) for b in items)
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise PlayerError(f"{len(specs)} players named for {players} seats: name one kind for all or one per seat")
    return specs


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed`` (independent of how the run is split).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    check_seed(seed)
    whole_number(index, "a game's number", 0, MAX_SEED, error=RulesError)
    return derive_seed(seed, "simulation", index)


def _seating(specs: tuple[BotSpec, ...], index: int, rotate: bool) -> tuple[BotSpec, ...]:
    if not rotate:
        return specs
    shift = index % len(specs)
    return specs[shift:] + specs[:shift]


# ----------------------------------------------------------------------------
# One game
# ----------------------------------------------------------------------------

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


@dataclass(frozen=True)
class GameSummary:
    """What one finished game contributes to the statistics, and (when kept) its record, which replays it.

    ``record`` is the game's :class:`~nomercy.play.record.GameRecord` (rules, seats, seed, dealer, every
    move in notation): ``Game.from_record(summary.record)`` plays it again, move by move.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    winner: int
    end_reason: str
    turns: int
    moves: int
    knockouts: int
    largest_hand: int
    reshuffles: int
    record: GameRecord | None = None

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (a line of ``nomercy simulate --records``), with the winner's bot named,
        and the game's record (:meth:`GameRecord.to_data <nomercy.play.record.GameRecord.to_data>`) when kept."""
        data = {"index": self.index, "seed": self.seed, "bots": list(self.bots), "winner": self.winner,
                "winner_bot": self.bots[self.winner], "end_reason": self.end_reason, "turns": self.turns,
                "moves": self.moves, "knockouts": self.knockouts, "largest_hand": self.largest_hand,
                "reshuffles": self.reshuffles}
        if self.record is not None:
            data["record"] = self.record.to_data()
        return data


def _is_turn_end(before: GameState, move: Move, after: GameState) -> bool:
    """Does ``move`` end a turn (see the module docstring)?"""
    if type(move) is Play:
        return True
    if is_optional(before, move):
        return False
    return after.phase is Phase.OVER or after.turn != move.seat


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
    n = len(bots)
    players = {seat: spec.make(_player_seed(seed, seat)) for seat, spec in enumerate(bots)}
    observers = {seat: p for seat, p in players.items() if hasattr(p, "observe")}
    deck = DECKS[rules.deck]
    deck_size = deck.size
    limit = rules.mercy_limit
    try:
        start = new_game(rules, n, seed=seed)
    except RulesError as error:
        raise RulesError(f"game {index} (seed {seed}) cannot be dealt: {error}") from None
    if moves is None:
        moves = []
    texts: list[str] | None = [] if keep_record else None
    turns = knockouts = reshuffles = 0
    largest = max(map(len, start.hands))
    current: list[Any] = [start, None]  # the position and the move being made, for a report if the engine fails

    def fail(reason: str, state: GameState, move: Move | None) -> InvariantViolation:
        text = None if move is None else state.move_text(move)
        history = _texts(rules, n, seed, moves)
        where = f" at move {len(moves) + 1}, {text!r}" if text else f" after move {len(moves)}"
        return InvariantViolation(
            f"game {index} (seed {seed}, players {', '.join(map(str, bots))}, rules {rules.name}) "
            f"broke an invariant{where}: {reason}. Replay it with "
            f"nomercy.play.simulate.replay_game(rules, {n}, {seed}, moves) using the moves attached to this error.",
            game=index, seed=seed, ply=len(moves) + 1, move=text, moves=history,
        )

    def choose(state: GameState) -> Move:
        try:
            move = next_move(state, players)
        except Exception as error:  # a player crashed: report it like a violation, with the seed
            raise fail(f"a player failed to choose: {error!r}", state, None) from error
        if move is None or (check_moves and move not in legal_moves(state)):
            raise fail(f"the move chosen is not legal ({move!r})", state, move)
        current[0] = state
        current[1] = move
        return move

    def check(state: GameState, move: Move, events: tuple[ev.Event, ...], after: GameState) -> None:
        nonlocal turns, knockouts, reshuffles, largest
        if observers:
            notify(observers, state, move, events, after)
        hands = after.hands
        sizes = list(map(len, hands))
        if sum(sizes) + len(after.draw_pile) + len(after.discard) + len(after.set_aside) != deck_size:
            raise fail(f"{after.card_count()} cards on the table, the {deck.name} deck has {deck_size}", state, move)
        out = after.out
        knocked = len(out) - len(state.out)
        shuffled = after.shuffles - state.shuffles
        if knocked or shuffled or check_moves:  # the events say who was knocked out holding how many cards
            seen_knocked = seen_shuffled = 0
            for event in events:
                if type(event) is ev.KnockedOut:
                    seen_knocked += 1
                    if event.hand_size > largest:
                        largest = event.hand_size
                elif type(event) is ev.PileReshuffled:
                    seen_shuffled += 1
            knockouts += seen_knocked
            reshuffles += seen_shuffled
            if check_moves and (seen_knocked, seen_shuffled) != (knocked, shuffled):
                raise fail(f"the move knocked out {knocked} and reshuffled {shuffled} times, but its events say "
                           f"{seen_knocked} and {seen_shuffled}", state, move)
        biggest = max(sizes)
        if biggest > largest:
            largest = biggest
        if limit is not None and biggest >= limit:
            for seat, size in enumerate(sizes):
                if size >= limit and seat not in out:
                    raise fail(f"{after.seats[seat]} holds {size} cards and is still in the round", state, move)
        for seat in out:
            if sizes[seat]:
                raise fail(f"{after.seats[seat]} is out of the round but holds {sizes[seat]} cards", state, move)
        kind = type(move)  # _is_turn_end, written out: this runs after every move
        if kind is Play or (kind is not CallUno and kind is not Catch
                            and (after.phase is Phase.OVER or after.turn != move.seat)):
            turns += 1
        moves.append(move)
        if texts is not None:
            texts.append(state.move_text(move))

    try:
        state = play_out(start, choose, max_moves=ROUND_MOVE_LIMIT, observe=check)
    except InvariantViolation:
        raise
    except IllegalMoveError as error:
        before, move = current
        if move is not None and move not in legal_moves(before):
            raise fail(f"the move chosen is not legal ({move!r}): {error}", before, move) from error
        raise fail(f"the engine refused a legal move: {error!r}", before, move) from error
    except Exception as error:
        last = replay_game(rules, n, seed, moves)
        raise fail(f"the engine refused or failed on a legal move: {error!r}", last, current[1]) from error
    if not state.is_over:
        raise fail(f"the game did not end within {ROUND_MOVE_LIMIT} moves", state, None)
    if state.all_cards() != deck.counts():
        raise fail("the cards on the table at the end are not the deck's cards", state, None)
    if state.winner is None or state.winner in state.out:
        raise fail(f"the round ended without a winner still in it (winner {state.winner})", state, None)
    return GameSummary(
        index=index,
        seed=seed,
        bots=tuple(spec.kind for spec in bots),
        winner=state.winner,
        end_reason=state.end_reason or "unknown",
        turns=turns,
        moves=len(moves),
        knockouts=knockouts,
        largest_hand=largest,
        reshuffles=reshuffles,
        record=None if texts is None else GameRecord(rules, start.seats, seed, tuple(texts), start.dealer),
    )


def _player_seed(seed: int, seat: int) -> int:
    return derive_seed(seed, "simulation", 1_000_000 + seat)


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


def replay_game(rules: str | RuleSet, players: int, seed: int, moves: Iterable[Move | str]) -> GameState:
    """Replay ``moves`` (moves or their notation) from the deal of a simulated game; raises at an illegal one."""
    rule_set = ruleset(rules) if not isinstance(rules, RuleSet) else rules
    return replay(new_game(rule_set, players, seed=seed), moves)


# ----------------------------------------------------------------------------
# Statistics that stream: exact integer tallies, merged in any order
# ----------------------------------------------------------------------------

@dataclass
class Tally:
    """Running totals of many games; memory does not grow with the number of games."""

    players: int
    games: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    moves: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    knockouts: Counter[int] = field(default_factory=Counter)
    largest_hand: int = 0
    reshuffles: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    seats_by_bot: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.turns[game.turns] += 1
        self.moves += game.moves
        self.endings[game.end_reason] += 1
        self.knockouts[game.knockouts] += 1
        self.largest_hand = max(self.largest_hand, game.largest_hand)
        self.reshuffles += game.reshuffles
        self.wins_by_seat[game.winner] += 1
        self.wins_by_bot[game.bots[game.winner]] += 1
        self.seats_by_bot.update(game.bots)

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.turns.update(other.turns)
        self.moves += other.moves
        self.endings.update(other.endings)
        self.knockouts.update(other.knockouts)
        self.largest_hand = max(self.largest_hand, other.largest_hand)
        self.reshuffles += other.reshuffles
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat)]
        self.wins_by_bot.update(other.wins_by_bot)
        self.seats_by_bot.update(other.seats_by_bot)


def _quantile(histogram: Counter[int], q: float) -> float:
    """Nearest-rank quantile of a histogram (the median averages the two middle values)."""
    total = sum(histogram.values())
    if total == 0:
        return 0.0
    values = sorted(histogram)
    if q == 0.5:
        low = _rank_value(histogram, values, (total + 1) // 2)
        high = _rank_value(histogram, values, total // 2 + 1)
        return (low + high) / 2
    return float(_rank_value(histogram, values, max(1, math.ceil(q * total))))


def _rank_value(histogram: Counter[int], values: list[int], rank: int) -> int:
    seen = 0
    for value in values:
        seen += histogram[value]
        if seen >= rank:
            return value
    return values[-1]


# ----------------------------------------------------------------------------
# The result
# ----------------------------------------------------------------------------

@dataclass
class SimulationResult:
    """The summary of a run: statistics, speed and, if asked for, the game records."""

    rules: RuleSet
    seats: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    workers: int
    seconds: float
    tally: Tally
    records: list[GameSummary] | None = None

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def wins_by_seat(self) -> list[int]:
        return list(self.tally.wins_by_seat)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def turn_stats(self) -> dict[str, float]:
        histogram = self.tally.turns
        total = sum(histogram.values())
        mean = sum(v * c for v, c in histogram.items()) / total if total else 0.0
        return {"mean": round(mean, 3), "median": _quantile(histogram, 0.5), "p90": _quantile(histogram, 0.9)}

    def win_rates(self) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Wins by seat and by player kind, each with its rate and 95% interval.

        A kind's rate is per seat it held: wins divided by the seats it filled, so it
        compares directly with ``1 / players``.
        """
        games = self.games
        by_seat = {}
        for seat, name in enumerate(self.seats):
            wins = self.tally.wins_by_seat[seat]
            by_seat[name] = _rate(wins, games)
        by_bot = {}
        for kind in sorted(self.tally.seats_by_bot, key=lambda k: PLAYER_KINDS.index(k) if k in PLAYER_KINDS else 99):
            by_bot[kind] = _rate(self.tally.wins_by_bot[kind], self.tally.seats_by_bot[kind])
        return by_seat, by_bot

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (the object ``nomercy simulate --json`` prints)."""
        tally = self.tally
        games = self.games or 1
        by_seat, by_bot = self.win_rates()
        return {
            "rules": self.rules.name,
            "overrides": {k: _jsonable(v[0]) for k, v in self.rules.differences(_profile_of(self.rules)).items()},
            "players": len(self.seats),
            "bots": list(self.bots),
            "rotate": self.rotate,
            "seed": self.seed,
            "workers": self.workers,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "turns": self.turn_stats(),
            "moves_per_game": round(tally.moves / games, 3),
            "endings": dict(sorted(tally.endings.items())),
            "knockouts_per_game": round(sum(k * c for k, c in tally.knockouts.items()) / games, 4),
            "knockouts": {str(k): c for k, c in sorted(tally.knockouts.items())},
            "largest_hand": tally.largest_hand,
            "reshuffles_per_game": round(tally.reshuffles / games, 4),
            "wins": {"by_seat": by_seat, "by_bot": by_bot},
        }

    def __str__(self) -> str:
        data = self.as_dict()
        turns = data["turns"]
        changed = ", ".join(f"{k}={v}" for k, v in data["overrides"].items())
        lines = [
            f"{self.games} games of {self.rules.name}{' (' + changed + ')' if changed else ''}, "
            f"{len(self.seats)} players: {', '.join(self.bots)}{' (seats rotated each game)' if self.rotate else ''}; "
            f"seed {self.seed}",
            f"speed: {data['games_per_second']:.1f} games/s ({self.seconds:.1f} s, {self.workers} worker"
            f"{'s' if self.workers != 1 else ''})",
            f"turns per game: mean {turns['mean']:.1f}, median {turns['median']:g}, 90th percentile {turns['p90']:g}"
            f"   (moves per game: {data['moves_per_game']:.1f})",
            "rounds ended by: " + ", ".join(f"{k} {v} ({v / (self.games or 1):.1%})" for k, v in data["endings"].items()),
            f"knockouts per game: {data['knockouts_per_game']:.3f}   largest hand seen: {data['largest_hand']}   "
            f"reshuffles per game: {data['reshuffles_per_game']:.3f}",
            "wins by seat:",
        ]
        for name, row in data["wins"]["by_seat"].items():
            lines.append(f"  {name:<6} {row['wins']:>8}  {_percent(row)}")
        lines.append("wins by player (per seat held):")
        for kind, row in data["wins"]["by_bot"].items():
            lines.append(f"  {kind:<6} {row['wins']:>8} of {row['seats']:<8} {_percent(row)}")
        return "\n".join(lines)


def _profile_of(rules: RuleSet) -> RuleSet | None:
    try:
        return ruleset(rules.name)
    except NomercyError:
        return None


def _rate(wins: int, trials: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, trials)
    return {"wins": wins, "seats": trials, "rate": round(wins / trials, 4) if trials else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def _percent(row: Mapping[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{row['rate']:6.1%}  (95% interval {low:.1%} to {high:.1%})"


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# ----------------------------------------------------------------------------
# Running many games
# ----------------------------------------------------------------------------

def _play_chunk(rules: RuleSet, specs: tuple[BotSpec, ...], seed: int, start: int, stop: int,
                rotate: bool, keep: bool, check_moves: bool = False) -> tuple[Tally, list[GameSummary] | None]:
    """Play games ``start`` to ``stop - 1`` of a run; runs in a worker process (or a Dask worker)."""
    tally = Tally(len(specs))
    records: list[GameSummary] | None = [] if keep else None
    for index in range(start, stop):
        summary = play_game(rules, _seating(specs, index, rotate), game_seed(seed, index), index=index,
                            keep_record=keep, check_moves=check_moves)
        tally.add(summary)
        if records is not None:
            records.append(summary)
    return tally, records


def _in_notebook() -> bool:
    """Is this a Jupyter kernel (where a progress bar is a widget) rather than a terminal or a script?"""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and "IPKernelApp" in getattr(shell, "config", ())


class _Progress:
    """How far a run has got: tqdm's bar, a widget in a notebook and a line on standard error elsewhere.

    tqdm is optional (the ``lab`` extra installs it). Without it a terminal gets one
    line of text when the run starts, and a notebook gets nothing.
    """

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self._bar: Any = None
        if not enabled:
            return
        notebook = _in_notebook()
        try:
            if notebook:
                from tqdm.notebook import tqdm as notebook_bar

                self._bar = notebook_bar(total=total, desc=label, unit=" games", leave=True)
            else:
                from tqdm import tqdm as terminal_bar

                self._bar = terminal_bar(total=total, desc=label, unit=" games", leave=True)
        except ImportError:  # no tqdm, or (in a notebook) no ipywidgets for its bar
            if not notebook:
                sys.stderr.write(f"{label}: playing {total:,} games (install tqdm for a progress bar)\n")
                sys.stderr.flush()

    def update(self, done: int) -> None:
        if self._bar is not None:
            self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


HAS_PROCESSES = sys.platform != "emscripten"
"""Whether worker processes can be started: not in the browser (Pyodide), where a run plays in the page."""


MAX_GAMES = 10**15
"""The most games one run may ask for (about thirty years of play at a million games a second): a bound on
a mistyped count, not on a real study, which runs in pieces with ``first_game``."""
MAX_SEED = 2**63 - 1
"""The largest seed of a run (seeds are 0 to 2**63 - 1, the range of the seeds derived from them)."""


@dataclass(frozen=True)
class RunPlan:
    """A run's options, every one checked: what :func:`check_run` returns and :func:`simulate` plays."""

    rules: RuleSet
    bots: tuple[BotSpec, ...]
    seats: tuple[str, ...]
    workers: int


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise NomercyError(f"{what} is a whole number, {low:,} or more, not {brief(value)}")
    if value > high:
        raise NomercyError(f"{what} is at most {high:,}, not {brief(value)}")
    return value


def check_run(
    rules: str | RuleSet = "no-mercy",
    *,
    overrides: Mapping[str, Any] | None = None,
    players: int = 4,
    bots: str | Sequence[str | BotSpec] = "random",
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    first_game: int = 0,
) -> RunPlan:
    """Check every option of a run before anything is played or written; the first mistake raises.

    This is the one check of a run's options: :func:`simulate` calls it first, and so does
    ``nomercy simulate`` before it touches a records file.

    >>> check_run("no-mercy", players=3, bots="greedy", workers=1).seats
    ('A', 'B', 'C')
    >>> check_run("no-mercy", games=-1)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the number of games is a whole number, 0 or more, not -1
    """
    rule_set = ruleset(rules, **(overrides or {})) if not isinstance(rules, RuleSet) or overrides else rules
    low, high = rule_set.players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise RulesError(f"{rule_set.name} is for {low} to {high} players, not {brief(players)}")
    _whole(games, "the number of games", 0, MAX_GAMES)
    _whole(first_game, "the first game's number", 0, MAX_GAMES)
    _whole(seed, "the seed", 0, MAX_SEED)
    specs = parse_bots(bots, players)
    seats = new_game(rule_set, players, seed=0).seats
    if workers is None:
        workers = os.cpu_count() or 1
    most = max(64, 4 * (os.cpu_count() or 1))
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
        raise NomercyError(f"the number of workers is 1 to {most} on this machine, not {brief(workers)}")
    return RunPlan(rule_set, specs, seats, workers)


def simulate(
    rules: str | RuleSet = "no-mercy",
    *,
    players: int = 4,
    bots: str | Sequence[str | BotSpec] = "random",
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    overrides: Mapping[str, Any] | None = None,
    rotate: bool = False,
    keep_records: bool = False,
    on_record: Callable[[GameSummary], None] | None = None,
    progress: bool | None = None,
    chunk_size: int | None = None,
    on_game: Callable[[int], None] | None = None,
    first_game: int = 0,
    check_moves: bool = False,
) -> SimulationResult:
    """Play ``games`` games and summarize them.

    ``bots`` names one kind for every seat (``"random"``) or one per seat
    (``"expert,random"``; options as ``expert:iterations=40``). ``rotate`` turns the
    seating one place per game, so every kind sits in every seat equally often.
    ``executor`` is any :class:`concurrent.futures.Executor` (a Dask client's
    ``get_executor()`` works); without one, ``workers`` processes run the games
    (default: one per CPU; ``1`` plays in this process; in the browser, where there are no
    processes, always this process). ``progress`` shows a bar
    (tqdm's: a widget in a notebook, a line on standard error on a terminal; by default
    only in a notebook or on a terminal). Each game's summary with its record
    (:class:`GameSummary`, whose ``record`` replays the game) is kept in the result only with
    ``keep_records``, and handed to ``on_record`` in game order as soon as the games before it
    are in (so a file of records is written as the run goes, in memory that does not grow).
    ``first_game`` numbers the games from there, so a long study can
    run in pieces whose tallies merge into exactly the whole run's. ``check_moves``
    checks every move more closely (see :func:`play_game`); the figures are the same.
    """
    plan = check_run(rules, overrides=overrides, players=players, bots=bots, games=games, seed=seed,
                     workers=workers, first_game=first_game)
    rule_set, specs, seats, workers = plan.rules, plan.bots, plan.seats, plan.workers
    if executor is None and not HAS_PROCESSES:
        workers = 1  # the same games and figures, played in this process
    if progress is None:
        progress = sys.stderr.isatty() or _in_notebook()
    tally = Tally(players)
    records: list[GameSummary] | None = [] if keep_records else None
    keep = keep_records or on_record is not None
    waiting: dict[int, list[GameSummary]] = {}  # chunks of records that finished before an earlier chunk
    next_game = first_game
    started = time.perf_counter()
    alone = executor is None and workers == 1
    slots = workers if executor is None else max(workers, 2)
    # in this process a chunk only sets how often the bar moves; a pool's chunks are bigger to pay for the trip
    size = chunk_size or max(1, min(200, games // (100 if alone else slots * 8)))
    end = first_game + games
    chunks = ((start, min(end, start + size)) for start in range(first_game, end, size))  # lazily: games may be many
    done = 0
    bar = _Progress(games, f"{rule_set.name}, {players} players", progress)

    def take(part: tuple[Tally, list[GameSummary] | None]) -> None:
        nonlocal done, next_game
        chunk_tally, chunk_records = part
        tally.merge(chunk_tally)
        if records is not None and chunk_records:
            records.extend(chunk_records)
        if on_record is not None and chunk_records:
            waiting[chunk_records[0].index] = chunk_records
            while next_game in waiting:
                for record in waiting.pop(next_game):
                    on_record(record)
                    next_game += 1
        done += chunk_tally.games
        bar.update(done)
        if on_game is not None:
            on_game(done)

    try:
        _run(rule_set, specs, seed, chunks, rotate, keep, check_moves, executor, workers, slots, take)
    finally:
        bar.close()
    if records is not None:
        records.sort(key=lambda r: r.index)
    return SimulationResult(
        rules=rule_set,
        seats=seats,
        bots=tuple(str(s) for s in specs),
        seed=seed,
        rotate=rotate,
        workers=workers,
        seconds=time.perf_counter() - started,
        tally=tally,
        records=records,
    )


def _run(rules: RuleSet, specs: tuple[BotSpec, ...], seed: int, chunks: Iterator[tuple[int, int]], rotate: bool,
         keep: bool, check_moves: bool, executor: cf.Executor | None, workers: int, slots: int,
         take: Callable[[tuple[Tally, list[GameSummary] | None]], None]) -> None:
    """Play the chunks in this process or on a pool (ours, or the ``executor`` given), handing each result to ``take``."""
    if executor is None and workers == 1:
        for start, stop in chunks:
            take(_play_chunk(rules, specs, seed, start, stop, rotate, keep, check_moves))
    else:
        own = executor is None
        pool: cf.Executor = cf.ProcessPoolExecutor(max_workers=workers) if executor is None else executor
        waiting = iter(chunks)
        running: set[cf.Future] = set()
        try:
            window = slots * 4  # a bounded number of chunks in flight keeps memory flat
            more = True
            while more or running:
                while more and len(running) < window:
                    chunk = next(waiting, None)
                    if chunk is None:
                        more = False
                        break
                    start, stop = chunk
                    running.add(pool.submit(_play_chunk, rules, specs, seed, start, stop, rotate, keep, check_moves))
                finished, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
                for future in finished:
                    take(future.result())
        except BaseException:
            for future in running:
                future.cancel()
            raise
        finally:
            if own:
                pool.shutdown(wait=True, cancel_futures=True)
