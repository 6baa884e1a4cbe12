"""Puzzle generator: find interesting moments in simulated games and cut them into puzzles.

A moment is a short run of moves (one to four) whose events are worth a question:
a long stack, a knockout, a wild reverse +4 sent into a stack, a 0 or 7 that changes
who is closest to winning, a roulette, a skip-all, a discard-all... The position
before the moves is cut down to what matters (exact hands for the seats that act
or whose hands move; the others keep only their size), the answer is computed by
the engine from the cut puzzle itself, and the difficulty is rated by how many
different rulings the moves bring into play.

>>> puzzles = generate_puzzles("no-mercy", count=2, seed=1)
>>> len(puzzles), all(Puzzle.from_dict(p).check() == [] for p in puzzles)
(2, True)
"""

from __future__ import annotations

import contextlib
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from nomercy.core import events as ev
from nomercy.core.moves import CallUno, Catch
from nomercy.core.refusals import plain
from nomercy.core.cards import Rank
from nomercy.core.engine import legal_moves, new_game
from nomercy.core.errors import NomercyError, brief
from nomercy.core.files import FileWriteError, check_target, name_problem, remove_leftovers, staging_folder, why_not, write_text
from nomercy.puzzles.asks import phrase
from nomercy.puzzles.explain import explain
from nomercy.puzzles.puzzle import Puzzle
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.state import GameState, Phase
from nomercy.core.seeds import short_seed
from nomercy.play.driver import play_out

__all__ = ["Moment", "find_moments", "cut_puzzle", "generate_puzzles", "puzzle_text", "write_puzzles", "check_out_folder", "MAX_COUNT", "MAX_GAMES"]

_MAX_MOVES = 4


@dataclass(frozen=True)
class Moment:
    """A run of moves from ``start`` worth asking about; ``kind`` names what makes it interesting."""

    kind: str
    start: GameState
    moves: tuple[str, ...]
    events: tuple[ev.Event, ...]
    game_seed: int
    ply: int


def _policy_move(state: GameState, rng: random.Random):
    """Uniform over the moves of the seat to act; UNO is always called, so catches are rare."""
    legal = legal_moves(state)
    for move in legal:
        if type(move) is CallUno:
            return move
    own = [a for a in legal if a.seat == state.turn and type(a) is not Catch]
    return rng.choice(own or list(legal))


def _play_game(rules: RuleSet, players: int, seed: int) -> list[tuple[GameState, str, tuple[ev.Event, ...], GameState]]:
    """A seeded game through the driver's loop, every move kept: (before, move, events, after)."""
    rng = random.Random(f"nomercy-generate:{seed}")
    history: list[tuple[GameState, str, tuple[ev.Event, ...], GameState]] = []
    play_out(new_game(rules, players, seed=seed), lambda state: _policy_move(state, rng), max_moves=3000,
             observe=lambda before, move, events, after: history.append((before, before.move_text(move), events, after)))
    return history


def _kind(window: list[tuple[GameState, str, tuple[ev.Event, ...], GameState]]) -> str | None:
    """What makes this run of moves interesting, if anything (the last move must matter)."""
    events = [e for _, _, batch, _ in window for e in batch]
    last_events = window[-1][2]
    played = [e.card for e in events if isinstance(e, ev.CardPlayed)]
    if any(isinstance(e, ev.KnockedOut) for e in last_events):
        if any(c.rank is Rank.WILD_ROULETTE for c in played):
            return "roulette-knockout"
        return "knockout"
    if any(isinstance(e, ev.RoundWon) for e in last_events):
        return "winning"
    stacked = [e for e in events if isinstance(e, ev.StackGrew)]
    if len(stacked) >= 3 and any(isinstance(e, ev.TurnLost) for e in last_events):
        return "long-stack"
    for state, _, batch, _ in window:
        for e in batch:
            if isinstance(e, ev.CardPlayed) and e.card.rank is Rank.WILD_REVERSE_DRAW_FOUR and state.pending:
                if any(isinstance(x, ev.TurnLost) for x in last_events):
                    return "reverse-into-stack"
    if len(window) == 1:
        before, _, batch, after = window[0]
        if any(isinstance(e, (ev.HandsSwapped, ev.HandsPassed)) for e in batch):
            if _closest(before) != _closest(after):
                return "swap-changes-leader"
        if any(isinstance(e, ev.CardPlayed) and e.card.rank is Rank.WILD_ROULETTE for e in batch):
            return None
    if len(window) == 2 and any(isinstance(e, ev.ColorNamed) and e.rule == "wild-roulette" for e in last_events):
        return "roulette"
    if len(window) <= 2 and any(isinstance(e, ev.CardsDiscarded) and e.cards for e in events):
        if any(isinstance(e, ev.CardPlayed) for e in last_events):
            return "discard-all"
    if len(window) == 2 and any(isinstance(e, ev.EveryoneSkipped) for e in events):
        return "skip-all"
    return None


def _closest(state: GameState) -> int:
    """The seat nearest to winning: fewest cards, ties to the lower seat."""
    return min(state.active_seats, key=lambda i: (len(state.hands[i]), i))


def _window_ok(window: list[tuple[GameState, str, tuple[ev.Event, ...], GameState]]) -> bool:
    start = window[0][0]
    if start.phase is not Phase.TURN or start.catchable or start.challenge is not None:
        return False
    if start.color is None:
        return False
    for _, _, batch, _ in window:
        if any(isinstance(e, (ev.PileReshuffled, ev.JumpedIn, ev.UnoCaught)) for e in batch):
            return False
    return True


def find_moments(rules: RuleSet, players: int, game_seed: int) -> Iterator[Moment]:
    """Interesting moments of one simulated game, earliest first, not overlapping."""
    history = list(_play_game(rules, players, game_seed))
    index = 0
    while index < len(history):
        found = None
        for length in range(_MAX_MOVES, 0, -1):
            window = history[index:index + length]
            if len(window) < length or not _window_ok(window):
                continue
            kind = _kind(window)
            if kind is not None:
                found = (kind, window)
                break
        if found is None:
            index += 1
            continue
        kind, window = found
        yield Moment(kind, window[0][0], tuple(m for _, m, _, _ in window),
                     tuple(e for _, _, b, _ in window for e in b), game_seed, window[0][0].ply)
        index += len(window)


_TOPICS = {
    "knockout": "mercy",
    "roulette-knockout": "mercy",
    "winning": "winning-scoring",
    "long-stack": "stacking",
    "reverse-into-stack": "stacking",
    "swap-changes-leader": "sevens-zeros",
    "roulette": "action-cards",
    "discard-all": "action-cards",
    "skip-all": "action-cards",
}


def cut_puzzle(moment: Moment, rules_name: str, overrides: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The puzzle (as a mapping in the puzzle format) for a moment, or ``None`` if it cannot be cut."""
    start = moment.start
    keep = [i for i in range(len(start.seats)) if i not in start.out]
    names = [start.seats[i] for i in keep]
    exact: set[str] = set()
    for move in moment.moves:
        exact.add(start.seats[start.parse_move(move).seat])
    for event in moment.events:
        if isinstance(event, (ev.HandsSwapped, ev.HandsPassed)):
            exact.update(names)
    hands: dict[str, Any] = {}
    for i in keep:
        name = start.seats[i]
        cards = [str(c) for c in sorted(start.hands[i])]
        hands[name] = cards if name in exact else {"cards": [], "more": len(cards)}
    drawn = sum(e.count for e in moment.events if isinstance(e, ev.CardsDrawn))
    data: dict[str, Any] = {
        "id": f"gen-{rules_name}-{moment.kind}-{moment.game_seed}-{moment.ply}",
        "title": _TITLES[moment.kind],
        "source": "generated",
        "topic": _TOPICS[moment.kind],
        "rules": rules_name,
    }
    if overrides:
        data["variant"] = dict(overrides)
    data.update({
        "players": names,
        "direction": start.direction_name,
        "turn": start.seats[start.turn],
        "discard": str(start.top_card),
    })
    if start.top_card.is_wild:
        data["color"] = str(start.color)
    if start.pending:
        data["pending"] = start.pending
    data["hands"] = hands
    if drawn:
        data["draw_pile"] = [str(c) for c in start.draw_pile[:drawn]]
    data["moves"] = list(moment.moves)
    try:
        puzzle = Puzzle.from_dict({**data, "question": "?", "answer": {"turn": data["turn"]}})
        final, events = puzzle.solution()
    except NomercyError:
        return None
    answer, question = _answer(puzzle.position(), final, moment.kind)
    if not answer:
        return None
    rulings = sorted({e.rule for e in events})
    data["level"] = "easy" if len(rulings) <= 3 else "medium" if len(rulings) <= 5 else "hard"
    data["question"] = question
    data["answer"] = answer
    data["explanation"] = explain(puzzle.position(), puzzle.moves)
    data["tags"] = [f"rule-{r}" for r in rulings] + [f"from-game-{moment.game_seed}-move-{moment.ply + 1}"]
    return data


_TITLES = {
    "knockout": "Who is still in?",
    "roulette-knockout": "A roulette too far",
    "winning": "The last card",
    "long-stack": "The stack keeps growing",
    "reverse-into-stack": "Sent back the other way",
    "swap-changes-leader": "Hands on the move",
    "roulette": "Spin the colors",
    "discard-all": "Clearing a color",
    "skip-all": "Everyone else waits",
}


def _answer(before: GameState, after: GameState, kind: str) -> tuple[dict[str, Any], str]:
    seats = after.seats
    answer: dict[str, Any] = {}
    changed = {seats[i]: len(after.hands[i]) for i in range(len(seats))
               if len(after.hands[i]) != len(before.hands[i]) and i not in after.out}
    parts = []
    if after.out != before.out:
        answer["eliminated"] = [seats[i] for i in after.out]
        parts.append("Who is out of the round?")
    if after.winner is not None:
        answer["winner"] = seats[after.winner]
        parts.append("Who wins the round?")
    if changed:
        answer["hand_size"] = changed
        names = list(changed)
        if len(names) == 1:
            parts.append(f"How many cards does {names[0]} hold?")
        else:
            parts.append(f"How many cards do {', '.join(names[:-1])} and {names[-1]} hold?")
    if after.pending != before.pending:
        answer["pending"] = after.pending
        parts.append("How many cards are still pending?")
    if after.color != before.color and kind in ("roulette", "roulette-knockout"):
        answer["color"] = str(after.color)
        parts.append("Which color is in force?")
    if after.winner is None:
        answer["turn"] = seats[after.turn]
        parts.append("Whose turn is it?")
    if kind == "swap-changes-leader":
        answer["hand"] = {seats[i]: [str(c) for c in sorted(after.hands[i])] for i in after.active_seats
                          if after.hands[i] != before.hands[i] and len(after.hands[i]) <= 4}
        if not answer["hand"]:
            del answer["hand"]
        else:
            said = phrase('hand', list(answer['hand']))
            parts.append(f"{said[0].upper()}{said[1:]}?")
    return answer, "After these moves: " + " ".join(parts)


MAX_COUNT = 100
"""The most puzzles one search is asked for: each is read by a person before it joins the collection."""
MAX_GAMES = 2000
"""The most games one search plays: a search that finds fewer puzzles stops there and says so."""


def generate_puzzles(
    rules: str = "no-mercy",
    *,
    count: int = 10,
    seed: int = 0,
    players: int = 4,
    overrides: dict[str, Any] | None = None,
    max_games: int = MAX_GAMES,
    on_game: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """``count`` checked puzzles from simulated games, at most one per kind per game, in a fixed order.

    At most ``max_games`` games are searched (fewer puzzles may come back); ``on_game(games, found)`` is
    called after each game, for a progress report.
    """
    for value, what, low, high in ((count, "the number of puzzles", 1, MAX_COUNT),
                                   (max_games, "the number of games searched", 1, 10 * MAX_GAMES)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise NomercyError(f"{what} is a whole number, {low} to {high:,}, not {brief(value)}")
    rule_set = ruleset(rules, **(overrides or {}))
    low, high = rule_set.players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise NomercyError(f"{rule_set.name} is for {low} to {high} players, not {brief(players)}")
    found: list[dict[str, Any]] = []
    kinds_seen: dict[str, int] = {}
    for game in range(max_games):
        game_seed = short_seed(seed, "generate", game)  # short: it is part of the puzzle's id
        per_game: set[str] = set()
        for moment in find_moments(rule_set, players, game_seed):
            if moment.kind in per_game:
                continue
            # keep the kinds balanced: prefer kinds we have fewer of
            if kinds_seen.get(moment.kind, 0) > len(found) // 3 + 1:
                continue
            data = cut_puzzle(moment, rules, overrides)
            if data is None:
                continue
            if Puzzle.from_dict(data).check():
                continue
            per_game.add(moment.kind)
            kinds_seen[moment.kind] = kinds_seen.get(moment.kind, 0) + 1
            found.append(data)
            if len(found) >= count:
                break
        if on_game is not None:
            on_game(game + 1, len(found))
        if len(found) >= count:
            break
    return found


def puzzle_text(data: dict[str, Any]) -> str:
    """A generated puzzle as the YAML text of its file."""
    import yaml

    return str(yaml.safe_dump(plain(data), sort_keys=False, allow_unicode=True, width=100))


def check_out_folder(out: str | Path) -> Path:
    """Refuse, before any game is searched, a folder the puzzles could not be written to; return it.

    The folder may be missing (it is made), but then the nearest folder above it that exists must be one
    that can be written.
    """
    folder = Path(out)
    if str(out).strip() == "" or "\x00" in str(out):
        raise FileWriteError(f"{brief(str(out))} is not a folder name: give the folder for the puzzles")
    problem = name_problem(str(out))
    if problem is not None:
        raise FileWriteError(f"--out: {problem}")
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        where = "it" if existing == folder else existing
        raise FileWriteError(f"cannot write the puzzles to {folder}: {where} is not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise FileWriteError(f"cannot write the puzzles to {folder}: the folder {existing} cannot be written")
    if existing != folder:  # try making the missing folders now (/proc says yes to os.access, and no to mkdir)
        try:
            folder.mkdir(parents=True)
        except OSError as error:
            raise FileWriteError(f"cannot write the puzzles to {folder}: {why_not(error)}") from None
        made = folder
        while made != existing:  # none is left behind if the search finds nothing or stops
            with contextlib.suppress(OSError):
                made.rmdir()
            made = made.parent
    return folder


def write_puzzles(puzzles: list[dict[str, Any]], out: str | Path, *, replace: bool = False) -> list[Path]:
    """Write each puzzle to ``out/<id>.yaml`` (the folder is made if missing); returns the paths.

    Every target is checked before the first is written: an existing file is refused unless ``replace``
    (:mod:`nomercy.core.files`), so a refusal writes nothing. The files are written into a hidden folder beside
    the folder and moved into it at the end, so a run killed while writing leaves no part of a set: a new folder
    appears whole, in one rename; into a folder that exists, the finished files are moved one by one.
    """
    import shutil

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise FileWriteError(f"cannot write the puzzles to {folder}: it is not a folder")
    paths = [folder / f"{data['id']}.yaml" for data in puzzles]
    if folder.is_dir():
        remove_leftovers(folder)
        for path in paths:
            check_target(path, replace=replace, what="a puzzle")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileWriteError(f"cannot write the puzzles to {folder}: {why_not(error)}") from None
    existed = folder.is_dir()
    remove_leftovers(folder.parent)  # what a run killed while writing left beside the folder
    staging = staging_folder(folder)  # beside it, not in it: a killed run leaves no puzzle file in the folder
    try:
        for path, data in zip(paths, puzzles):
            write_text(staging / path.name, puzzle_text(data), what="a puzzle")
        if not existed:
            try:
                os.rename(staging, folder)  # the whole set appears at once
            except OSError as error:
                raise FileWriteError(f"cannot write the puzzles to {folder}: {why_not(error)}") from None
            return paths
        for path in paths:
            check_target(path, replace=replace, what="a puzzle")  # still free, or still a file to replace
            os.replace(staging / path.name, path)
        return paths
    finally:
        shutil.rmtree(staging, ignore_errors=True)
