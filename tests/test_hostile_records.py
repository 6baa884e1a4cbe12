"""A game record from outside is checked at one boundary, and a record the table refuses changes nothing.

Records come in through the table's Import box (pasted by a person, sent by the page as a message), a save
file (``GameTable(save_to=...)``) or ``GameRecord.from_json``. Every hostile record here, written by hand
or generated, must end one of two ways:

- **refused**, with one line in the game's words (never a traceback, never Python's own words such as
  "list indices must be integers"), shown inside the table, and the table's position, record, seats,
  rules, log and picture exactly as they were, and still playable; or
- **accepted**, and then the table plays the record's round: its record replays to its position.

Hypothesis generates the hostile values: wrong types, huge and deep values, NaN and infinities, unicode
edge cases (lone surrogates, control and format characters), truncated JSON, valid records with one move
made illegal, and rules that cannot be dealt.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy import Game, GameRecord, NomercyError
from nomercy.play.players import make_player, next_move


HOSTILE_COVERS = (
    "file:record", "api:nomercy.play.record.GameRecord.from_json(text)", "api:nomercy.play.game.Game.from_record(record)",
    "intent:GameTable:import_record",
)
"""The entry points these tests attack (the inventory, tests/test_entry_points.py, checks that every one has some)."""

PYTHON_WORDS = (
    "list indices", "object is not", "NoneType", "invalid literal", "Expecting", "unhashable", "subscriptable",
    "has no attribute", "positional argument", "int()", "could not convert", "Extra data", "Unterminated",
    "Invalid control", "delimiter", "Exceeds the limit", "codec", "maximum recursion", "unexpected keyword",
    "Traceback", "internal error", "BOM", "(char ", "dictionary update sequence",
)
"""Phrases of Python's own error messages (and of the widgets' bug line): none may reach a person."""


def base_record() -> dict[str, Any]:
    """A real record: a three-seat No Mercy round, six moves in (a person, two computers)."""
    game = Game("no-mercy", ["Ann", "Greedy", "Random"], seed=5)
    bots = {i: make_player("greedy", seed=i) for i in range(3)}
    for _ in range(6):
        game.play(next_move(game.state, bots))
    data: dict[str, Any] = json.loads(game.record().to_json())
    return data


BASE = base_record()
GOOD = json.dumps(BASE)


def _with(**changes: Any) -> str:
    return json.dumps({**BASE, **changes})


def _without(key: str) -> str:
    return json.dumps({k: v for k, v in BASE.items() if k != key})


def _move_replaced(number: int, move: str) -> str:
    moves = list(BASE["moves"])
    moves[number - 1] = move
    return _with(moves=moves)


HOSTILE: list[tuple[str, str, bool]] = [
    # (what it is, the text pasted, whether it is a record the table should load)
    ("the record as exported", GOOD, True),
    ("with a byte-order mark, as a Windows editor saves it", "\ufeff" + GOOD, True),
    ("a seat named with an emoji", _with(seats=["🂡", "B", "C"], moves=[]), True),
    ("a seat named with a combining accent", _with(seats=["Zoe\u0301", "B", "C"], moves=[]), True),
    ("a negative seed", _with(seed=-1, moves=[]), False),
    ("nothing", "", False), ("blanks", "   \n", False), ("null", "null", False), ("a list", "[]", False),
    ("an empty object", "{}", False), ("a number", "1", False), ("a string", '"text"', False),
    ("true", "true", False), ("a move instead of a record", "Ann plays red 7", False),
    ("cut in half", GOOD[: len(GOOD) // 2], False), ("a brace too many", GOOD + "}}", False),
    ("two records", GOOD + GOOD, False),
    ("no rules", _without("rules"), False), ("no seats", _without("seats"), False),
    ("no seed", _without("seed"), False), ("no moves", _without("moves"), False),
    ("a winner seat that does not exist", _with(winner="Zed"), False), ("a winner seat 7", _with(winner=7), False),
    ("a key given twice", GOOD[:-1] + ', "seed": 6}', False),
    ("rules as a number", _with(rules=5), False), ("rules null", _with(rules=None), False),
    ("rules as a list", _with(rules=["no-mercy"]), False), ("rules empty", _with(rules=""), False),
    ("rules as an object", _with(rules={"name": "no-mercy"}), False),
    ("a rules name of 100,000 letters", _with(rules="x" * 100_000), False),
    ("a misspelled profile", _with(rules="nomercy"), False),
    ("overrides as a list", _with(overrides=["stacking"]), False),
    ("overrides as text", _with(overrides="stacking=none"), False), ("overrides false", _with(overrides=False), False),
    ("overrides null, as no options changed", _with(overrides=None), True),
    ("an unknown option", _with(overrides={"colour": "red"}), False),
    ("an option of the wrong type", _with(overrides={"stacking": 5}), False),
    ("a hand of 3.5 cards", _with(overrides={"hand_size": 3.5}), False),
    ("a hand of true cards", _with(overrides={"hand_size": True}), False),
    ('a hand of "7": text where a record writes a number', _with(overrides={"hand_size": "7"}), False),
    ('a mercy limit of "none": text where a record writes null', _with(overrides={"mercy_limit": "none"}), False),
    ('a draw rule of "yes": text where a record writes true', _with(overrides={"voluntary_draw": "yes"}), False),
    ('players "2-4": text where a record writes [2, 4]', _with(overrides={"players": "2-4"}), False),
    ("stacking false: a switch where a record writes a word", _with(overrides={"stacking": False}), False),
    ("an option holding an object", _with(overrides={"stacking": {"a": [1]}}), False),
    ("hands of 60: rules that cannot be dealt", _with(overrides={"hand_size": 60}, moves=[]), False),
    ("a mercy limit of 3: rules that cannot be dealt", _with(overrides={"mercy_limit": 3}, moves=[]), False),
    ("a table for two, with three seats", _with(overrides={"players": [2, 2]}, moves=[]), False),
    ("an unknown deck", _with(overrides={"deck": "tarot"}, moves=[]), False),
    ("a hand of 0", _with(overrides={"hand_size": 0}), False),
    ('seats given as the string "ABC"', _with(seats="ABC"), False),
    ("seats as numbers", _with(seats=[1, 2, 3]), False), ("a seat null", _with(seats=[None, "B", "C"]), False),
    ("the same seat twice", _with(seats=["A", "A", "C"]), False),
    ("the same seat twice, in other letters", _with(seats=["ann", "ANN", "C"], moves=[]), False),
    ("no seats", _with(seats=[], moves=[]), False), ("one seat", _with(seats=["A"], moves=[]), False),
    ("twenty seats", _with(seats=[f"P{i}" for i in range(20)], moves=[]), False),
    ("a seat with no name", _with(seats=["", "B", "C"], moves=[]), False),
    ("a seat name of two words", _with(seats=["A B", "C", "D"], moves=[]), False),
    ("a seat name holding half of a surrogate pair", _with(seats=["\ud800", "B", "C"], moves=[]), False),
    ("a seat name holding NUL", _with(seats=["A\u0000", "B", "C"], moves=[]), False),
    ("a seat name turned right to left", _with(seats=["\u202eAnn", "B", "C"], moves=[]), False),
    ("a seat name of 100,000 letters", _with(seats=["A" * 100_000, "B", "C"], moves=[]), False),
    ("seats as an object", _with(seats={"A": 1, "B": 2}, moves=[]), False),
    ("a seed of 3.7", _with(seed=3.7), False), ("a seed of 10**30", _with(seed=10 ** 30, moves=[]), False),
    ("a seed of true", _with(seed=True), False),
    ("a seed as text", _with(seed="5"), False), ("a seed null", _with(seed=None), False),
    ("a seed in a list", _with(seed=[5]), False),
    ("a seed of NaN", GOOD.replace('"seed": 5', '"seed": NaN'), False),
    ("a seed of Infinity", GOOD.replace('"seed": 5', '"seed": Infinity'), False),
    ("a seed of 1e400", GOOD.replace('"seed": 5', '"seed": 1e400'), False),
    ("a seed of 5,000 digits", GOOD.replace('"seed": 5', '"seed": ' + "9" * 5000), False),
    ("a dealer of 99", _with(dealer=99, moves=[]), False), ("a dealer of -1", _with(dealer=-1, moves=[]), False),
    ("a dealer of true", _with(dealer=True, moves=[]), False), ("a dealer of 1.5", _with(dealer=1.5, moves=[]), False),
    ("a dealer by name", _with(dealer="Ann", moves=[]), False),
    ("moves as one text", _with(moves="Ann draws"), False), ("moves as numbers", _with(moves=[1, 2]), False),
    ("a move null", _with(moves=[None]), False), ("a move in a list", _with(moves=[["x"]]), False),
    ("moves as an object", _with(moves={"1": "Ann draws"}), False),
    ("a move that is not one", _with(moves=["garbage"]), False),
    ("a third move naming a card that does not exist", _move_replaced(3, "Ann plays red 99"), False),
    ("a third move that is illegal", _move_replaced(3, BASE["moves"][0]), False),
    ("a move of 200,000 letters", _with(moves=["Ann plays " + "red " * 50_000]), False),
    ("200,000 moves", _with(moves=["Ann draws"] * 200_000), False),
    ("a list nested 100,000 deep", "[" * 100_000 + "]" * 100_000, False),
    ("an object nested 100,000 deep", '{"a":' * 100_000 + "1" + "}" * 100_000, False),
    ("moves nested 50,000 deep", _with(moves=[]).replace('"moves": []', '"moves": ' + "[" * 50_000 + "]" * 50_000),
     False),
    ("30 million characters", '{"rules": "no-mercy", "pad": "' + "x" * 30_000_000 + '"}', False),
]


def read(text: Any) -> Game:
    """What loading a record does, table or not: read it, then replay it through the engine."""
    return Game.from_record(GameRecord.from_json(text))


def assert_one_clear_line(message: str) -> None:
    assert message and "\n" not in message, repr(message)
    assert len(message) < 500, message
    assert not any(words in message for words in PYTHON_WORDS), message
    message.encode("utf-8")  # no lone surrogate: the page must be able to receive it


@pytest.mark.parametrize("what, text, loads", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_record_is_loaded_or_refused_in_one_clear_line(what: str, text: str, loads: bool) -> None:
    if loads:
        game = read(text)
        assert GameRecord.from_json(game.record().to_json()) == game.record()
        return
    with pytest.raises(NomercyError) as refused:
        read(text)
    assert_one_clear_line(str(refused.value))


def test_every_kind_of_mistake_says_what_a_record_holds() -> None:
    said = {what: _refusal(text) for what, text, loads in HOSTILE if not loads}
    assert "seats is a list of seat names" in said['seats given as the string "ABC"']
    assert "whole number" in said["a seed of 3.7"] and "whole number" in said["a seed of true"]
    assert "'winner' is not part of a game record" in said["a winner seat that does not exist"]
    assert "record move 3" in said["a third move that is illegal"]
    # refused where the record is read, as the rules are made: not later, by the deal
    assert "mercy_limit 25 is not above hand_size 60" in said["hands of 60: rules that cannot be dealt"]
    assert "unknown rule profile 'nomercy'" in said["a misspelled profile"]
    assert "seat names must differ" in said["the same seat twice"]


def _refusal(text: str) -> str:
    try:
        read(text)
    except NomercyError as error:
        return str(error)
    raise AssertionError(f"accepted: {text[:80]}")


# --- generated hostile records -------------------------------------------------------------------------

TEXT = st.text(st.characters(codec=None), max_size=12) | st.sampled_from(
    ["\ud800", "\udfff", "\x00", "\u202e", "\ufeff", "\u200d", "🂡", "e\u0301", " ", "Ann", "no-mercy", "A" * 500])
NUMBER = st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [0, -1, 2 ** 64, 10 ** 40, 1.5, -0.0, float("nan"), float("inf")])
SCALAR = st.none() | st.booleans() | NUMBER | TEXT
JSON_VALUE = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12)


def as_text(value: Any) -> str:
    """JSON as a browser would send it (NaN and Infinity written out, lone surrogates escaped)."""
    return json.dumps(value, allow_nan=True)


@st.composite
def hostile_records(draw: st.DrawFn) -> str:
    """One hostile record text: a field made wrong, a key added or lost, the text cut, a move made illegal,
    rules that cannot be dealt, deep nesting, or any JSON at all."""
    kind = draw(st.sampled_from(["field", "extra", "missing", "cut", "move", "rules", "deep", "any"]))
    if kind == "field":
        return as_text({**BASE, draw(st.sampled_from(sorted(BASE))): draw(JSON_VALUE)})
    if kind == "extra":
        return as_text({**BASE, draw(TEXT): draw(JSON_VALUE)})
    if kind == "missing":
        gone = draw(st.sets(st.sampled_from(sorted(BASE)), min_size=1))
        return as_text({k: v for k, v in BASE.items() if k not in gone})
    if kind == "cut":
        return GOOD[:draw(st.integers(0, len(GOOD) - 1))]
    if kind == "move":
        moves = list(BASE["moves"])
        at = draw(st.integers(0, len(moves) - 1))
        moves[at] = draw(st.sampled_from(BASE["moves"]) | TEXT
                         | st.builds("{} {}".format, st.sampled_from(BASE["seats"]),
                                     st.sampled_from(["draws", "passes", "calls uno", "plays red 7",
                                                      "plays wild +4 choosing blue", "catches Greedy"])))
        return as_text({**BASE, "moves": moves})
    if kind == "rules":
        option = draw(st.sampled_from(["hand_size", "mercy_limit", "players", "deck", "uno_penalty",
                                       "score_target", "stacking", "first_card"]))
        moves = draw(st.sampled_from([[], BASE["moves"]]))
        return as_text({**BASE, "overrides": {option: draw(JSON_VALUE)}, "moves": moves})
    if kind == "deep":
        depth = draw(st.integers(1, 5000))
        return as_text(BASE)[:-1] + ', "moves": ' + "[" * depth + "]" * depth + "}"
    return as_text(draw(JSON_VALUE))


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_a_generated_hostile_record_is_refused_in_one_clear_line_or_replays(text: str) -> None:
    try:
        game = read(text)
    except NomercyError as error:
        assert_one_clear_line(str(error))
        return
    again = Game.from_record(GameRecord.from_json(game.record().to_json()))
    assert again.state == game.state


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, 2 ** 63 - 1), st.integers(0, 2), st.sampled_from(["no-mercy", "classic", "speltavlan"]))
def test_any_record_a_game_writes_reads_back_as_the_same_record(seed: int, dealer: int, rules: str) -> None:
    game = Game(rules, ["Ann", "Bo", "Cy"], seed=seed, dealer=dealer)
    record = game.record()
    assert GameRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize("option, text, written", [
    ("hand_size", "7", 7), ("mercy_limit", "none", None), ("voluntary_draw", "yes", True), ("players", "2-4", [2, 4]),
    ("zero_pass", "off", False)])
def test_an_option_a_save_holds_as_text_is_refused_saying_how_a_record_writes_it(option: str, text: str,
                                                                                 written: Any) -> None:
    """``--set hand_size=7`` is read from text; a save holds what a record writes (``"hand_size": 7``), so a save
    edited to ``"hand_size": "7"`` is refused, never read as 7 without a word."""
    with pytest.raises(NomercyError) as refused:
        GameRecord.from_json(_with(overrides={option: text}, moves=[]))
    said = str(refused.value)
    assert f"the rule option {option} is written as" in said and f"not the text {text!r}" in said, said
    assert_one_clear_line(said)
    assert GameRecord.from_json(_with(overrides={option: written}, moves=[])).rules.option(option) == (
        tuple(written) if isinstance(written, list) else written)


def test_a_float_that_is_whole_is_still_not_a_seed() -> None:
    with pytest.raises(NomercyError, match="whole number"):
        GameRecord.from_json(_with(seed=5.0))
    assert math.isfinite(5.0)


# --- the same records, pasted into the table's Import box ----------------------------------------------

anywidget = pytest.importorskip("anywidget")


def table_at_play() -> Any:
    """A table in the middle of a round, as a person would have it when they paste a record."""
    from nomercy.widgets import GameTable

    table = GameTable("no-mercy", ["human", "greedy", "greedy"], seed=7, pace=0)
    for _ in range(4):
        click(table, first_click(table))
    return table


def first_click(table: Any) -> dict[str, Any]:
    t = table.table
    if table.prompt:
        return {"type": "move", "move": table.prompt["options"][0]["move"]}
    playable = [c for c in t["hand"] if c["playable"]]
    if playable:
        return {"type": "card", "card": playable[0]["card"]}
    return {"type": "move", "move": t["buttons"][0]["move"]}


def click(table: Any, intent: dict[str, Any]) -> str:
    """Deliver an intent as a message from the page arrives; the error line the table then shows."""
    table._handle_custom_msg(intent, [])
    return str(table.error)


def everything(table: Any) -> tuple[Any, ...]:
    """What a refused import must leave exactly as it was."""
    return (table.state, table.record(), table.seats, table.kinds, table.session.rules, json.dumps(table.log_lines),
            json.dumps(table.table, sort_keys=True), table.prompt, table.export, table.version,
            table.session.move_count, table.session.round_number, table.session.version)


def import_and_judge(table: Any, text: str) -> str:
    before = everything(table)
    shown = click(table, {"type": "import_record", "record": text, "ask": "try-1"})
    if shown:
        assert_one_clear_line(shown)
        assert everything(table) == before, f"refused ({shown}) but the table changed"
        assert table.table["imported"] is None
        assert "internal error" not in click(table, first_click(table)), "the table is no longer playable"
        return shown
    assert table.table["imported"] == "try-1"
    assert Game.from_record(table.record()).state == table.state
    assert table.record().seats == table.seats
    return ""


@pytest.mark.parametrize("what, text, loads", [c for c in HOSTILE if len(c[1]) < 3_000_000],
                         ids=[c[0] for c in HOSTILE if len(c[1]) < 3_000_000])
def test_a_record_pasted_into_the_import_box_loads_or_leaves_the_table_exactly_as_it_was(
        what: str, text: str, loads: bool) -> None:
    shown = import_and_judge(table_at_play(), text)
    assert bool(shown) != loads, shown


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_a_generated_record_pasted_into_the_import_box_loads_or_changes_nothing(text: str) -> None:
    import_and_judge(table_at_play(), text)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON_VALUE)
def test_whatever_the_page_sends_as_the_record_is_refused_or_loaded_never_a_traceback(value: Any) -> None:
    """The page sends text, but a message can carry anything: a list, a number, an object."""
    import_and_judge(table_at_play(), value)
