"""Fuzzing the puzzle loader: any text, valid or broken, is a puzzle or one clear ``PuzzleError``.

Three sources of files: puzzles of the collection with one key changed to a value
of any kind, the same puzzles with their text cut and garbled, and arbitrary text.
Whatever comes in, loading ends in a :class:`Puzzle` (whose check then
runs without an exception other than the package's own) or in a ``PuzzleError``
of one line that names no Python internals.
"""

from __future__ import annotations

import functools

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy import NomercyError, PuzzleError
from nomercy.puzzles.yaml_reader import parse_puzzle_yaml
from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir, puzzle_files

PYTHON_WORDS = ("Error:", "Traceback", "object is not", "codec", "Exceeds the limit", "unhashable", "NoneType",
                "has no attribute", "not subscriptable", "not iterable", "positional argument")


@functools.lru_cache(maxsize=None)
def collection() -> tuple[tuple[str, str], ...]:
    files = puzzle_files(default_puzzle_dir())
    return tuple((path.stem, path.read_text(encoding="utf-8")) for path in files[::7])  # a spread of 21 puzzles


def load(text: str) -> Puzzle | None:
    """The puzzle, or None after checking the refusal is one clean line."""
    try:
        puzzle = Puzzle.from_dict(parse_puzzle_yaml(text, "fuzz.yaml"))
    except PuzzleError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 600, message
        assert not any(word in message for word in PYTHON_WORDS), message
        puzzle = None
    return puzzle


def check(puzzle: Puzzle) -> None:
    try:
        problems = puzzle.check()
    except NomercyError as error:
        problems = [str(error)]
    for problem in problems:
        assert not any(word in problem for word in PYTHON_WORDS), problem


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-5, max_value=60), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["A", "B", "C", "Z", "yes", "off", "red 5", "wild +6", "red", "purple", "clockwise",
                     "A plays red 5", "B draws", "none", "2-10", "easy", "first-card", "position", "red 5, blue 3"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=6), st.sampled_from(["A", "B", "cards",
                                                                                                  "more", "turn"])),
                                                 inner, max_size=3)), max_leaves=12)
KEYS = st.sampled_from(["id", "title", "source", "rules", "variant", "players", "direction", "turn", "discard",
                        "color", "pending", "hands", "draw_pile", "moves", "question", "answer", "explanation",
                        "topic", "level", "hints", "choices", "seed", "tags", "start", "unknown"])
ANSWER_KEYS = st.sampled_from(["turn", "direction", "hand_size", "hand", "pending", "top", "color", "eliminated",
                               "winner", "score", "illegal", "bogus"])


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_collection_puzzle_with_one_value_changed_loads_or_is_refused_in_one_line(data):
    pid, text = data.draw(st.sampled_from(collection()))
    puzzle = yaml.safe_load(text)
    how = data.draw(st.sampled_from(["set", "drop", "answer"]))
    if how == "set":
        puzzle[data.draw(KEYS)] = data.draw(VALUES)
    elif how == "drop":
        puzzle.pop(data.draw(KEYS), None)
    else:
        answer = puzzle["answer"] if isinstance(puzzle.get("answer"), dict) else {}
        answer[data.draw(ANSWER_KEYS)] = data.draw(VALUES)
        puzzle["answer"] = answer
    result = load(yaml.safe_dump(puzzle, allow_unicode=True))
    if result is not None:
        check(result)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_collection_puzzle_cut_and_garbled_loads_or_is_refused_in_one_line(data):
    pid, text = data.draw(st.sampled_from(collection()))
    cut = data.draw(st.integers(min_value=0, max_value=len(text)))
    insert = data.draw(st.text(alphabet=st.sampled_from(list("[]{}:-,&*!|>'\"#\t\n ?%@`") + ["\x00", "é", "\ufeff"]),
                               max_size=6))
    where = data.draw(st.integers(min_value=0, max_value=len(text)))
    garbled = text[:where] + insert + text[where:]
    for candidate in (text[:cut], garbled, garbled + garbled[:cut]):
        result = load(candidate)
        if result is not None:
            check(result)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_data_or_one_clear_refusal(text):
    load(text)


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(min_value=2, max_value=12), st.integers(min_value=2, max_value=12))
def test_aliases_that_expand_too_far_are_refused_as_they_are_counted(width, levels):
    assume(width ** levels > 10_000)
    lines = [f"hints: &l0 [{', '.join(['lol'] * width)}]"]
    lines += [f"k{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    with pytest.raises(PuzzleError, match="expands to more than 10,000 values"):
        parse_puzzle_yaml("\n".join(lines), "laughs.yaml")


def test_every_collection_puzzle_survives_a_round_trip_through_yaml():
    for pid, text in collection():
        puzzle = load(yaml.safe_dump(yaml.safe_load(text), allow_unicode=True))
        assert puzzle is not None and puzzle.check() == [], pid


@pytest.mark.soak
@settings(max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_soak_many_changed_puzzles(data):
    test_a_collection_puzzle_with_one_value_changed_loads_or_is_refused_in_one_line.hypothesis.inner_test(data)


def test_a_text_read_twice_gives_two_copies_and_a_refusal_is_said_every_time():
    """The reader keeps what it parsed (the collection is read whole by every command), never what it refused."""
    from nomercy.puzzles.yaml_reader import parse_puzzle_yaml

    text = "id: twice\nhands:\n  A: [red 5]\n"
    first = parse_puzzle_yaml(text, "twice.yaml")
    first["hands"]["A"].append("blue 7")
    assert parse_puzzle_yaml(text, "twice.yaml") == {"id": "twice", "hands": {"A": ["red 5"]}}
    for _ in range(2):
        with pytest.raises(PuzzleError, match=r"^twice\.yaml: not valid YAML"):
            parse_puzzle_yaml("id: [unclosed\n", "twice.yaml")


@pytest.mark.parametrize("where", ["answer", "variant", "top"])
def test_a_key_holding_a_line_break_is_named_on_the_messages_one_line(where):
    """Found by the soak: a key '0\\n0' was printed as it is, and the refusal took two lines."""
    data = yaml.safe_load((default_puzzle_dir() / "action-cards" / "opening-turn.yaml").read_text(encoding="utf-8"))
    if where == "top":
        data["0\n0"] = None
    else:
        data[where] = {"0\n0": None}
    with pytest.raises(PuzzleError) as error:
        Puzzle.from_dict(parse_puzzle_yaml(yaml.safe_dump(data, allow_unicode=True), "fuzz.yaml"))
    assert "\n" not in str(error.value) and "'0?0'" in str(error.value), str(error.value)
