"""The keys of a puzzle file and of a learning stage, and the parts of the table every such file writes.

One table says which keys a file has and which it must have: the loader refuses other keys with it, and
``tests/test_puzzle_schema.py`` holds the JSON Schemas (``puzzle.schema.json``, ``stage.schema.json``) to
it, so the reader and the schema cannot drift apart on the file's keys. A puzzle kind adds its own keys
(:attr:`~nomercy.puzzles.puzzle.PuzzleKind.keys`) beside these.

>>> [key.name for key in PUZZLE_KEYS if key.required][:4]
['id', 'title', 'source', 'rules']
>>> LEVELS
('easy', 'medium', 'hard')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nomercy.core.cards import Card, Color, Rank
from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.inputs import MAX_SEED
from nomercy.core.rules import OPTIONS, PROFILES, RuleSet, ruleset
from nomercy.core.state import CLOCKWISE, COUNTERCLOCKWISE
import nomercy.puzzles.file_values as file_values

__all__ = ["FileKey", "PUZZLE_KEYS", "STAGE_KEYS", "LEVELS", "STARTS", "DIRECTIONS", "DEFAULT_KIND", "Opening",
           "names", "read_rules", "read_opening", "read_hands", "read_out", "read_drawn", "read_grouping"]


@dataclass(frozen=True)
class FileKey:
    """One key a file may hold, and whether every file must."""

    name: str
    required: bool = False


def _keys(required: str, optional: str) -> tuple[FileKey, ...]:
    return tuple(FileKey(name, True) for name in required.split()) + tuple(FileKey(name) for name in optional.split())


PUZZLE_KEYS = _keys("id title source rules players turn discard hands moves question answer",
                    # beyond the contract: grouping, hints and multiple choice for the puzzle board, the kind
                    "variant direction color pending draw_pile explanation topic level hints choices seed tags start kind "
                    "out set_aside drawn naming")
"""The keys every kind of puzzle file shares (a kind adds its own)."""
STAGE_KEYS = _keys("id title ruling rule task rules players turn discard hands goal done",
                   "variant direction color pending draw_pile seed moves steps wrong you")
"""The keys of a learning stage's file."""
LEVELS = ("easy", "medium", "hard")
"""How hard a puzzle is, easiest first (``level:``)."""
STARTS = ("position", "first-card")
"""Where a puzzle starts: the position as written, or the deal before the first card is turned up."""
DIRECTIONS = {"clockwise": CLOCKWISE, "counterclockwise": COUNTERCLOCKWISE}
DEFAULT_KIND = "what-happens-next"
"""The kind of a file without ``kind:``: replay the moves and ask what happens."""
_EXAMPLE_VALUE = {"players": "2-6", "hand_size": "7", "mercy_limit": "25", "stacking": "anything-goes"}
"""How an option's value is written in a puzzle's variant, for the refusals that show one."""


def names(keys: tuple[FileKey, ...], *, required: bool = False) -> tuple[str, ...]:
    """The keys' names, in the table's order (only the required ones with ``required``)."""
    return tuple(key.name for key in keys if key.required or not required)


def read_rules(data: dict[str, Any], where: str) -> RuleSet:
    """The rules of the file: its profile (``rules:``) with the options its ``variant:`` overrides."""
    variant = data.get("variant", {})
    if not isinstance(variant, dict) or not all(isinstance(k, str) for k in variant):
        raise PuzzleError(f"{where}variant is a mapping of rule options, like {{stacking: anything-goes}}, "
                          f"not {brief(variant)}")
    profile = data["rules"]
    if not isinstance(profile, str):
        raise PuzzleError(f"{where}rules is the name of one rule profile ({', '.join(PROFILES)}), not {brief(profile)}")
    if profile not in PROFILES:
        raise PuzzleError(f"{where}unknown rule profile {brief(profile)}: choose one of {', '.join(PROFILES)} "
                          "(written as here)")
    unknown_options = [k for k in variant if k not in OPTIONS]
    if unknown_options:
        raise PuzzleError(f"{where}variant: unknown rule option "
                          f"{', '.join(file_values.key_name(k) for k in unknown_options[:5])}; "
                          f"the options are {', '.join(OPTIONS)}")
    listed = next((k for k, v in variant.items() if not isinstance(v, (str, int, bool)) and v is not None), None)
    if listed is not None:  # as the schema says: a list or a mapping is not an option's value in a file
        raise PuzzleError(f"{where}variant: {listed} is one value written as text or a number, like "
                          f"{listed}: {_EXAMPLE_VALUE.get(listed, 'off')}; not {brief(variant[listed])}")
    try:
        return ruleset(profile, **variant)
    except NomercyError as error:
        raise PuzzleError(f"{where}variant: {error}") from None


@dataclass(frozen=True)
class Opening:
    """How the table stands when the moves start: the way play goes, where the puzzle starts, the discard
    pile (bottom ... top), the color in force and the draw pending, and whether a roulette's color is to be named
    (``naming``: ``"roulette"`` or ``""``)."""

    direction: int
    start: str
    discard: tuple[Card, ...]
    color: Color | None
    pending: int
    naming: str = ""


def read_opening(data: dict[str, Any], where: str) -> Opening:
    """The file's ``direction``, ``start``, ``discard``, ``color`` and ``pending``, each checked against the others."""
    direction = data.get("direction", "clockwise")
    if not isinstance(direction, str) or direction.strip().lower() not in DIRECTIONS:
        raise PuzzleError(f"{where}direction is clockwise or counterclockwise, not {brief(direction)}")
    start = data.get("start", "position")
    if start not in STARTS:
        raise PuzzleError(f"{where}start is position (the default) or first-card, not {brief(start)}")
    discard = file_values.cards(data["discard"], "discard")
    color: Color | None
    if start == "first-card":
        # the table is dealt but nothing is turned up yet: the first card comes off the draw pile
        if discard or "color" in data or "pending" in data or "naming" in data:
            raise PuzzleError(f"{where}with start: first-card the discard pile is empty (discard: []) "
                              "and there is no color, pending draw or color to name yet")
        color, pending = None, 0
    else:
        if not discard:
            raise PuzzleError(f"{where}discard needs at least the top card")
        naming = data.get("naming")
        if "naming" in data and naming != "roulette":
            raise PuzzleError(f"{where}naming is roulette (the seat to move, hit by a wild roulette, names the color "
                              f"it turns cards up until), not {brief(naming)}")
        if naming and (discard[-1].rank is not Rank.WILD_ROULETTE or "color" in data or "pending" in data):
            raise PuzzleError(f"{where}with naming: roulette a wild roulette is on top, and no color is named yet "
                              "(no color and no pending)")
        if naming:  # the roulette's victim has not named its color yet: none is in force, nothing is pending
            return Opening(DIRECTIONS[direction.strip().lower()], start, discard, None, 0, naming)
        color = file_values.color(data["color"], "color") if "color" in data else discard[-1].color
        if color is None:
            raise PuzzleError(f"{where}the top card {discard[-1]} is a wild: give the color in force with 'color:'")
        pending = file_values.count(data.get("pending", 0), "pending", where)
        if pending and not discard[-1].is_draw_card:
            raise PuzzleError(f"{where}a pending draw needs a draw card on top of the discard pile, not {discard[-1]}")
    return Opening(DIRECTIONS[direction.strip().lower()], start, discard, color, pending)


def read_out(data: dict[str, Any], seats: tuple[str, ...], turn: str, where: str) -> tuple[tuple[str, ...], int]:
    """The file's ``out`` (the seats knocked out of the round, in the order of ``players``) and ``set_aside``
    (how many of their cards are set aside until the next reshuffle: hidden cards, dealt from the rest of the deck).

    A table from the middle of a round keeps its knocked-out seats: they still sit in the order of play (who is
    next passes them over), and the cards set aside with them are missing from the draw pile, which decides when
    the next reshuffle comes. Without them the table would not be the one a player saw."""
    listed = data.get("out", [])
    if not isinstance(listed, list):
        raise PuzzleError(f"{where}out is a list of the seats knocked out of the round, like [C], not {brief(listed)}")
    out = tuple(file_values.seat(name, "out", seats) for name in listed)
    if len(set(out)) != len(out):
        raise PuzzleError(f"{where}out names a seat twice")
    if turn in out:
        raise PuzzleError(f"{where}it is {turn}'s turn, but out says {turn} is knocked out of the round")
    if len(seats) - len(out) < 2:
        raise PuzzleError(f"{where}out leaves {len(seats) - len(out)} seat in the round: a round goes on while two "
                          "players at least are in it")
    set_aside = file_values.count(data.get("set_aside", 0), "set_aside", where)
    if set_aside and not out:
        raise PuzzleError(f"{where}set_aside counts the cards of knocked-out seats: name them in out")
    return tuple(seat for seat in seats if seat in out), set_aside


def read_hands(value: Any, seats: tuple[str, ...], where: str,
               out: tuple[str, ...] = ()) -> tuple[dict[str, tuple[Card, ...]], dict[str, int]]:
    """The file's ``hands``: each seat's known cards, and how many more unknown cards it holds (a seat that is
    ``out`` holds none)."""
    if not isinstance(value, dict):
        raise PuzzleError(f"{where}hands maps each seat to its cards, like {{A: [red 5, blue 3]}}")
    hands: dict[str, tuple[Card, ...]] = {}
    more: dict[str, int] = {}
    for key, held in value.items():
        seat = file_values.seat(key, "hands", seats)
        if isinstance(held, dict):
            extra = [k for k in held if k not in ("cards", "more")]
            if extra:
                raise PuzzleError(f"{where}hand of {seat}: unknown key "
                                  f"{', '.join(file_values.key_name(k) for k in extra[:5])} (use cards and more)")
            cards_raw = held.get("cards", [])
            more[seat] = file_values.count(held.get("more", 0), f"hand of {seat}: more", where)
        else:
            cards_raw = held
        if not isinstance(cards_raw, list):
            raise PuzzleError(f"{where}hand of {seat} is a list of cards, like [red 5, blue 3], not {brief(cards_raw)}")
        hands[seat] = file_values.cards(cards_raw, f"hand of {seat}")
    for seat in seats:
        hands.setdefault(seat, ())
        if seat in out:
            if hands[seat] or more.get(seat):
                raise PuzzleError(f"{where}{seat} is knocked out (out) and holds no cards: leave {seat} out of hands")
            continue
        if not hands[seat] and not more.get(seat):
            raise PuzzleError(f"{where}{seat} holds no cards: give a hand for every seat")
    return hands, more


def read_drawn(data: dict[str, Any], hands: dict[str, tuple[Card, ...]], turn: str, start: str,
               where: str) -> Card | None:
    """The file's ``drawn``: the card the seat to move has just drawn, one of its listed cards (``None``: a turn)."""
    if "drawn" not in data:
        return None
    if start != "position":
        raise PuzzleError(f"{where}drawn is the card just drawn at the position; a first-card start has none")
    card = file_values.card(data["drawn"], "drawn")
    if card not in hands[turn]:
        raise PuzzleError(f"{where}the drawn card {card} is one of {turn}'s cards: list it in {turn}'s hand")
    return card


def read_grouping(data: dict[str, Any], where: str) -> dict[str, Any]:
    """The keys that group and help rather than pose the puzzle: ``level``, ``hints``, ``seed``, ``tags``."""
    level = data.get("level", "")
    if "level" in data and level not in LEVELS:
        raise PuzzleError(f"{where}level is easy, medium or hard, not {brief(level)}")
    hints = data.get("hints", [])
    if isinstance(hints, str):
        hints = [hints]
    if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints) or len(hints) > 3:
        raise PuzzleError(f"{where}hints is one to three sentences, graded, not {brief(hints)}")
    seed = file_values.whole(data.get("seed", 0))
    if seed is None or not 0 <= seed <= MAX_SEED:
        raise PuzzleError(f"{where}seed is a whole number from 0 to {MAX_SEED}, not {brief(data['seed'])}")
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) or file_values.whole(t) is not None for t in tags):
        raise PuzzleError(f"{where}tags is a list of words, like [rule-mercy, option-mercy_limit], not {brief(tags)}")
    return {"level": level, "hints": tuple(hints), "seed": seed,
            "tags": tuple(t if isinstance(t, str) else str(file_values.whole(t)) for t in tags)}
