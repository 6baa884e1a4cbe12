"""Hostile puzzle files: the reader and the JSON Schema accept exactly the same files, and every refusal is one line.

Hypothesis takes valid puzzles (of both kinds, and a spread of the collection), changes them as a careless
or hostile author would (a value of the wrong kind, a key dropped or added, huge and deep values, unicode
edge cases, other spellings of cards and seats, the text cut short) and hands each file to both judges:

- the reader (``load_puzzle``: the YAML reader, then ``Puzzle.from_dict``), and
- the schema (``nomercy/puzzles/puzzle.schema.json``), on the data the YAML reader read.

A file the reader accepts must satisfy the schema. A file the schema accepts may be refused by the reader
only for a reason the schema cannot see, because it needs the rules or the other keys: those reasons are
:data:`BEYOND_THE_SCHEMA`, the same list docs/puzzles.md gives. Any other disagreement is a bug in one of
the two, and this test names it. Every refusal is one line that names the file and says what is allowed.
"""

from __future__ import annotations

import atexit
import copy
import functools
import math
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy.cli import main
from nomercy.core.errors import NomercyError, PuzzleError
from nomercy.puzzles.puzzle import check_paths, default_puzzle_dir, load_puzzle, puzzle_files
from nomercy.puzzles.schema import puzzle_schema
from test_puzzle_schema import BEST, draft  # the best-move puzzle the schema tests start from

HOSTILE_COVERS = ("file:puzzle", "file:position", "cli:check", "cli:puzzle show", "cli:puzzle solve",
                  "cli:puzzle show --dir", "cli:puzzle solve --dir")



@functools.cache
def validator() -> Any:
    """The puzzle file's schema, ready to check data (jsonschema imported when a test first needs it, see
    :func:`test_puzzle_schema.draft`)."""
    return draft()(puzzle_schema())

BEYOND_THE_SCHEMA = {
    "a seat the puzzle does not have": r"unknown seat ",
    "a seat with no cards": r" holds no cards: give a hand for every seat",
    "seat names that differ only in case": r"seat names must differ",
    "more seats than the rules seat": r" is for \d+ to \d+ players, not \d+",
    "a rule option's value, or options that do not go together": r": variant: ",
    "more copies of a card than the deck has, or too few cards left": r"copies of .*, but the .* deck has|not enough "
                                                                      r"cards left|at or above the mercy limit",
    "a move the seats and cards do not fit": r": move '.*': ",
    "an answer or choice that names a move not among the moves": r"is not one of the moves|must be one of the moves|"
                                                                 r"comes after the refused move|comes \d+ times",
    "a best-move answer not among its choices, a wrong choice without its why, twice the same choice":
        r"must be one of the choices' moves|needs a why|choices of a best-move puzzle must differ",
    "a best-move puzzle that shows hidden hands": r"the other seats' cards are hidden",
    "a wild on top with no color named": r"is a wild: give the color in force",
    "a pending draw with no draw card on top": r"a pending draw needs a draw card on top",
    "a number that is not a number (.nan, .inf: JSON has none)": r"not (nan|inf|-inf)\b",
    "a knocked-out seat the table cannot have: one whose turn it is, one holding cards, fewer than two left in the "
    "round, cards set aside with nobody out": r"is knocked out|out leaves \d+ seat|set_aside counts the cards",
    "a drawn card that is not among the listed cards of the seat to move": r"the drawn card .* is one of",
    "naming: roulette without a wild roulette on top, or with a color or pending given": r"with naming: roulette a wild",
}
"""What the reader refuses and the schema cannot see, each with the words of its refusal."""

PYTHON_WORDS = ("Traceback", "Error:", "object is not", "NoneType", "has no attribute", "not subscriptable",
                "not iterable", "unhashable", "invalid literal", "codec", "positional argument")

GOOD: dict[str, Any] = {
    "id": "good", "title": "A good puzzle", "source": "original", "rules": "no-mercy", "players": ["A", "B", "C"],
    "turn": "A", "discard": "red 5", "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": {"more": 5}},
    "moves": ["A plays red +2", "B plays blue +4", "C draws"], "question": "How many cards does C hold, and whose turn is it?",
    "answer": {"hand_size": {"C": 11}, "turn": "A"}, "level": "easy", "hints": ["Stack it."], "seed": 3,
    "choices": [{"label": "11", "answer": {"hand_size": {"C": 11}}}, {"label": "7", "answer": {"hand_size": {"C": 7}},
                                                                     "why": "The whole stack is drawn."}],
}
FIRST_CARD: dict[str, Any] = {
    "id": "first", "title": "The first card", "source": "original", "rules": "no-mercy", "variant": {"first_card": "apply"},
    "start": "first-card", "players": ["A", "B"], "turn": "A", "discard": [], "hands": {"A": ["red 1"], "B": ["red 2"]},
    "draw_pile": ["red +2", "green 8"], "moves": None, "question": "How many cards are pending?", "answer": {"pending": 0},
}

KNOCKED_OUT: dict[str, Any] = {
    "id": "knocked-out", "title": "Two left", "source": "original", "rules": "no-mercy", "players": ["A", "B", "C"],
    "out": ["C"], "set_aside": 25, "turn": "A", "discard": "red 5", "hands": {"A": ["red 6", "blue 3"], "B": {"more": 6}},
    "moves": ["A plays red 6"], "question": "Whose turn is it?", "answer": {"turn": "B"},
}


@functools.lru_cache(maxsize=None)
def bases() -> tuple[dict[str, Any], ...]:
    collection = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in puzzle_files(default_puzzle_dir())[::11]]
    return (GOOD, BEST, FIRST_CARD, KNOCKED_OUT, *collection)


WORDS = ["A", "B", "C", "Z", "a", " A", "A B", "Ann", "yes", "off", "red 5", "Red 5", "RED 5", "r5", "red5", "red  5",
         "r e d 5", "wild +6", "W+6", "wild", "purple 7", "red", "R", "Blue", "clockwise", "Clockwise",
         "A plays red 5", "A Plays red 5", "A  draws", "A draws", "B draws", "A plays", "no-mercy", "No-Mercy",
         "classic", "original", "Original", "generated, from a game", "easy", "Easy", "best-move", "first-card",
         "position", "good", "Good", "stack-2-4-6", "2-10", "none", "true", "null", "", " ", "\t", "x" * 300]
UNICODE = st.text(st.characters(codec="utf-8", categories=["Lu", "Ll", "Nd", "Zs", "Cf", "Mn", "So", "Po", "Cc"]),
                  max_size=8)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(), st.sampled_from([10**29, -(10**29), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, 2.0, 11.0, 0.05, 1e300]),
    st.sampled_from(WORDS), UNICODE,
)
KEYS = st.sampled_from(["bogus", "more", "cards", "why", "label", "answer", "turn", "C", "Z", "kind", "expert", "best",
                        "color", "pending", "draw_pile", "start", "before", "variant", "hints", "tags", "out",
                        "set_aside", "drawn", "naming", "é", ""])
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(KEYS, st.sampled_from(WORDS)), inner, max_size=3)),
    max_leaves=10)


PLAUSIBLE = st.sampled_from(WORDS + [None, True, 0, 1, 2, 7, -1, 0.0, 2.0, 0.5, float("nan"), [], {}, ["A"], ["red 5"],
                                     {"more": 3}, {"cards": []}, {"turn": "A"}, ["A", "B"], 10**40])
"""Values an author might well write somewhere: the mutations that most often give a file one judge accepts."""


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, here + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, here + (index,))
    return found


@st.composite
def hostile_puzzles(draw: st.DrawFn) -> dict[str, Any]:
    """A valid puzzle with one to three changes: a value replaced, a key dropped, a key or item added, a wrap."""
    data = copy.deepcopy(draw(st.sampled_from(bases())))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        places = [p for p in _paths(data) if p]
        if not places:
            break
        place = draw(st.sampled_from(places))
        parent = data
        for step in place[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "replace", "drop", "add", "wrap", "deepen"]))
        if how == "replace":  # a copy: PLAUSIBLE hands out the same lists and dicts, which a later "add" changes
            parent[place[-1]] = copy.deepcopy(draw(st.one_of(PLAUSIBLE, VALUES)))
        elif how == "drop":
            del parent[place[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.one_of(KEYS, st.sampled_from(WORDS)))] = draw(VALUES)
        elif how == "add":
            parent.append(draw(VALUES))
        elif how == "wrap":
            parent[place[-1]] = [parent[place[-1]]]
        else:
            inner: Any = parent[place[-1]]
            for _ in range(draw(st.integers(2, 40))):
                inner = {"x": inner} if draw(st.booleans()) else [inner]
            parent[place[-1]] = inner
    return data


FOLDER = Path(tempfile.mkdtemp(prefix="nomercy-hostile-puzzles-"))
atexit.register(shutil.rmtree, FOLDER, True)


def _file_for(data: Any, text: str) -> Path:
    pid = data.get("id") if isinstance(data, dict) else None
    name = pid if isinstance(pid, str) and re.fullmatch(r"[a-z0-9-]{1,200}", pid) else "hostile"
    path = FOLDER / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def reader_verdict(path: Path) -> tuple[bool, Any, str | None]:
    """(did the YAML read, the data read, the reader's refusal or None)."""
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    try:
        data = read_puzzle_file(path)
    except PuzzleError as error:
        return False, None, str(error)
    try:
        load_puzzle(path)
    except PuzzleError as error:
        return True, data, str(error)
    return True, data, None


def assert_clear(message: str, path: Path) -> None:
    assert "\n" not in message and len(message) < 700, message
    assert message.startswith(f"{path}:"), f"the refusal does not name the file: {message}"
    assert not any(word in message for word in PYTHON_WORDS), message


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def judge(data: Any, text: str) -> None:
    path = _file_for(data, text)
    read, parsed, refusal = reader_verdict(path)
    if refusal is not None:
        assert_clear(refusal, path)
    if not read:
        return  # not YAML the reader will read (too deep, too big, a key twice): the schema has no data to judge
    schema_errors = sorted(validator().iter_errors(parsed), key=lambda e: list(map(str, e.absolute_path)))
    if refusal is None:
        assert not schema_errors, (f"the reader accepts what the schema refuses: "
                                   f"{'/'.join(map(str, schema_errors[0].absolute_path))}: {schema_errors[0].message}")
    elif not schema_errors:
        reasons = [name for name, words in BEYOND_THE_SCHEMA.items() if re.search(words, refusal)]
        assert reasons, f"the schema accepts what the reader refuses, for a reason the schema could see: {refusal}"


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_puzzles())
def test_the_reader_and_the_schema_agree_on_every_changed_puzzle(data):  # 5,000 changed puzzles under -m soak
    try:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except yaml.YAMLError:
        return
    judge(data, text)


@pytest.mark.parametrize("name", [10**15 - 1, 10**15, 1e15, 1.0e30, -(10**15), 2.0, 0.5])
def test_the_reader_and_the_schema_agree_on_a_seat_named_by_a_number(name):
    """Found by the soak: the schema took 1.0e+30 as a whole-number seat name that the reader refused."""
    data = copy.deepcopy(bases()[0])
    data["players"] = [name] + list(data["players"][1:])
    judge(data, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(64)), st.integers(0, 4000), st.sampled_from(["", "\n", ": x", "]", "&a", "*a", "\x00"]))
def test_the_reader_and_the_schema_agree_on_a_puzzle_cut_short(which, cut, tail):
    data = bases()[which % len(bases())]
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    judge(data, text[:cut] + tail)


@pytest.mark.parametrize("name, text", [
    ("binary", "\x00\x01\x02\udcff".encode("utf-8", "surrogateescape")),
    ("a byte-order mark then YAML", "\ufeffid: bom\n".encode()),
    ("deep flow", ("answer: " + "[" * 100_000).encode()),
    ("deep blocks", ("hints:\n" + "".join(" " * i + "- \n" for i in range(1, 200))).encode()),
    ("an alias bomb", ("a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))).encode()),
    ("an alias of itself", b"hints: &h [*h]\n"),
    ("a huge number", ("seed: " + "9" * 100_000).encode()),
    ("a huge float", b"seed: 1e999999\n"),
    ("a tag of Python", b"id: !!python/object/apply:os.system ['true']\n"),
    ("a tag of Python in a hand", b"hands: {A: !!python/name:os.system ''}\n"),
    ("a tag of one's own", b"id: !mine x\n"),
    ("a set", b"players: !!set {A, B}\n"),
    ("a date", b"id: 2024-01-01\n"),
    ("a lone surrogate", b'title: "\\ud800"\n'),
    ("a huge file", b"# " + b"x" * 40_000 + b"\n"),
    ("a mapping as a key", b"{[A]: 1}: 2\n"),
])
def test_check_answers_any_file_content_in_one_line(capsys, tmp_path, name, text):
    (tmp_path / "hostile.yaml").write_bytes(text)
    code = main(["check", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    first = out.splitlines()[0]
    assert first.startswith(f"hostile: {tmp_path / 'hostile.yaml'}: "), first
    assert not any(word in first for word in PYTHON_WORDS), first
    assert out.splitlines()[-1] == "0 passed, 1 failed"


@settings(max_examples=examples(100), deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_one_failed_line_never_a_crash(data):
    path = FOLDER / "bytes.yaml"
    path.write_bytes(data)
    for result in check_paths([path]):
        for problem in result.problems:
            assert "\n" not in problem and not any(word in problem for word in PYTHON_WORDS), problem


@pytest.mark.parametrize("tagged, shown", [("!!python/object/apply:os.system ['true']", "'!!python/object/apply:os.system'"),
                                           ("!!python/name:os.system ''", "'!!python/name:os.system'"),
                                           ("!mine x", "'!mine'")])
def test_a_tag_is_refused_in_the_puzzle_files_words(capsys, tmp_path, tagged, shown):
    """A tag YAML's safe loader has no constructor for was refused in the library's words ('could not determine a
    constructor for the tag ...'); now the file's own words say what a puzzle file holds. Nothing is built."""
    (tmp_path / "tagged.yaml").write_text(f"id: tagged\ntitle: {tagged}\n", encoding="utf-8")
    code = main(["check", str(tmp_path)])
    first = capsys.readouterr().out.splitlines()[0]
    assert code == 1 and "constructor" not in first and "tag:yaml.org" not in first, first
    assert first.endswith(f"not a valid puzzle file at line 2: a puzzle file holds plain text, numbers, true or false, "
                          f"lists and mappings; the tag {shown} is none of them"), first


def test_every_reason_beyond_the_schema_is_in_the_docs():
    docs = (Path(__file__).resolve().parent.parent / "docs" / "puzzles.md").read_text(encoding="utf-8")
    for reason in BEYOND_THE_SCHEMA:
        assert reason in docs, reason


@pytest.mark.soak
@settings(max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_puzzles())
def test_soak_the_reader_and_the_schema_agree(data):
    test_the_reader_and_the_schema_agree_on_every_changed_puzzle.hypothesis.inner_test(data)


@pytest.mark.parametrize("length", [41, 200, 201, 600])
def test_the_reader_and_the_schema_agree_on_a_long_id(length):
    """Found by the soak: an id of 300 characters, kebab-case, that no file can be named after."""
    data = copy.deepcopy(GOOD)
    data["id"] = "-".join(["x" * 9] * (length // 10)).ljust(length, "y")
    assert len(data["id"]) == length
    judge(data, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def test_the_examples_here_are_good_puzzles():
    for data in (GOOD, BEST, FIRST_CARD, KNOCKED_OUT):
        assert validator().is_valid(data)
        path = _file_for(data, yaml.safe_dump(data))
        assert load_puzzle(path).check() == [], data["id"]
    with pytest.raises(NomercyError):
        load_puzzle(_file_for({}, "id: good\n"))


# --- from the older surfaces (issue 37) ---------------------------------------------------------------------

@pytest.mark.parametrize("value", [["official"], ["2", "4"], [2, 4], {"a": 1}, [], 2.5])
@pytest.mark.parametrize("option", ["players", "stacking", "hand_size"])
def test_the_reader_and_the_schema_agree_on_a_variant_value_that_is_not_one_value(option, value):
    """The reader took ``variant: {players: [2, 4]}`` (a list) that the schema refuses."""
    data = copy.deepcopy(bases()[0])
    data["variant"] = {option: value}
    judge(data, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


@pytest.mark.parametrize("top, color", [("red 5", "blue"), ("green skip", "red"), ("yellow 0", "green")])
def test_a_color_in_force_the_top_card_contradicts_is_refused(top, color):
    """A red 5 on top with blue in force (impossible without a wild on top) was read, and its puzzle passed."""
    data = copy.deepcopy(bases()[0])
    data["discard"], data["color"] = [top], color
    path = _file_for(data, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    read, _, message = reader_verdict(path)
    assert read and message is not None, "the reader took a position no game could reach"
    assert f"{color} is in force over {top}: only a wild on top lets another color be named" in message
    assert_clear(message, path)


def test_an_exception_inside_a_house_rule_is_a_refusal_that_names_it():
    """A house effect that raises (here, a division by zero) was the bare exception; now a refusal naming the
    house rule, with the exception kept as its cause, and the position is unchanged."""
    from nomercy import new_game
    from nomercy.core import house
    from nomercy.core.decks import DECKS, DeckListing
    from nomercy.core.engine import apply, legal_moves
    from nomercy.core.errors import RulesError
    from nomercy.core.faces import Face, Picture
    from nomercy.core.moves import Play
    from nomercy.core.rules import ruleset

    with house.trying():
        house.register_effect("boom", lambda t, seat, card, play: 1 / 0)
        rank = house.register_face(Face(name="BOOM", notation="boom", short="bm", points=20, ruling="skip",
                                        effect="boom", picture=Picture("label", "B")))
        base = DECKS["no-mercy"]
        house.register_deck(DeckListing("boom-deck", {**base.per_color, rank: 2}, dict(base.wilds), "a test"))
        rules = ruleset("no-mercy", deck="boom-deck")
        for seed in range(200):
            state = new_game(rules, 3, seed=seed)
            plays = [m for m in legal_moves(state) if isinstance(m, Play) and m.card.rank is rank]
            if plays:
                break
        else:  # pragma: no cover
            pytest.fail("no deal let a boom card be played")
        before = state
        with pytest.raises(RulesError) as refused:
            apply(state, plays[0])
        assert str(refused.value).startswith("the house rule's effect boom broke when the ")
        assert "register_effect('boom', ...)" in str(refused.value)
        assert isinstance(refused.value.__cause__, ZeroDivisionError)
        assert state == before
