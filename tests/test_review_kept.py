"""A round's review stays with the round: kept beside its save, shown again as it was when the table opens again.

A page reloaded, a visit to another page and back: the review a person read is there, with no decision weighed
again. The review's file is a door from outside like any other: whatever it holds (hostile values, another round's
review, a decision that names a move never played), the table opens on its round, never shows a review of another
round, never raises, and the coach can make the review again (the same seed, the same figures).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_values import hostile
from test_hostile_session import _finish_and_review

from nomercy.play.review_file import review_path
from nomercy.widgets import GameTable


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], str]:
    """A round played to its end at a table that saves it, and reviewed: (its save, the review shown, the review's
    file as written)."""
    save = tmp_path_factory.mktemp("kept") / "round.json"
    table = GameTable("no-mercy", {"You": "human", "Sam": "greedy"}, seed=10, pace=0, coach=True, save_to=save)
    _finish_and_review(table)
    assert table.review.get("mistakes") is not None and not table.review.get("running")
    assert [*table.review["mistakes"], *table.review["close_calls"]], "the seed was chosen so the review names some"
    return save, dict(table.review), review_path(save).read_text(encoding="utf-8")


def _reopened(save: Path) -> GameTable:
    return GameTable("no-mercy", {"You": "human", "Sam": "greedy"}, seed=99, pace=0, coach=True, save_to=save)


def test_the_review_is_shown_again_as_it_was_when_the_table_opens_again(reviewed: tuple[Path, dict[str, Any], str],
                                                                        tmp_path: Path) -> None:
    save, shown, kept = reviewed
    copy = tmp_path / "round.json"
    copy.write_text(save.read_text(encoding="utf-8"), encoding="utf-8")
    review_path(copy).write_text(kept, encoding="utf-8")
    table = _reopened(copy)
    assert table.state.is_over
    assert table.review == shown, "not the review the person read"
    assert table.send_intent({"type": "review_show", "index": 0}) is None and table.review["board"]
    assert table.send_intent({"type": "keep_mistake", "index": 0}) is None or not shown["mistakes"]


def test_a_new_round_at_the_table_is_not_shown_the_last_rounds_review(reviewed: tuple[Path, dict[str, Any], str],
                                                                     tmp_path: Path) -> None:
    save, _, kept = reviewed
    copy = tmp_path / "round.json"
    copy.write_text(save.read_text(encoding="utf-8"), encoding="utf-8")
    review_path(copy).write_text(kept, encoding="utf-8")
    table = _reopened(copy)
    assert table.send_intent({"type": "replay"}) is None  # the same deal again, from its first move
    assert table.review == {}
    assert _reopened(copy).review == {}, "the round saved now is not the one reviewed"


def _changed(kept: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(kept)
    change(data)
    return json.dumps(data)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        place = data
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value
    return change


FIELDS = [("version",), ("record",), ("seat",), ("looked_at",), ("budget",), ("seed",), ("seconds",), ("decisions",),
          ("decisions", 0), ("decisions", 0, "number"), ("decisions", 0, "suggested"), ("decisions", 0, "played"),
          ("decisions", 0, "chance"), ("decisions", 0, "chance", 0), ("decisions", 0, "played_chance", 2),
          ("decisions", 0, "lead"), ("decisions", 0, "error"), ("decisions", 0, "tables")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(FIELDS), value=hostile)
def test_a_review_file_that_is_not_this_rounds_review_is_passed_over(reviewed: tuple[Path, dict[str, Any], str],
                                                                     tmp_path: Path, field: tuple[Any, ...],
                                                                     value: Any) -> None:
    save, shown, kept = reviewed
    copy = tmp_path / "round.json"
    copy.write_text(save.read_text(encoding="utf-8"), encoding="utf-8")
    try:
        text = _changed(kept, _set(field, value))
    except (TypeError, ValueError, RecursionError):  # a value JSON cannot hold (bytes, 5,000 digits, deep)
        text = "{not json"
    review_path(copy).write_text(text, encoding="utf-8", errors="surrogatepass")
    table = _reopened(copy)
    assert table.state.is_over and table.session.move_count, "the round was not resumed"
    assert table.review in ({}, shown), "a changed file showed a review the coach never made"


@pytest.mark.parametrize("what, change", [
    ("another move played", _set(("decisions", 0, "played"), "You draws")),
    ("the expert's move the one played", lambda d: d["decisions"][0].update(suggested=d["decisions"][0]["played"])),
    ("a move no seat could make", _set(("decisions", 0, "suggested"), "You plays wild +10 choosing red")),
    ("a move number past the round", _set(("decisions", 0, "number"), 10_000)),
    ("a chance over 1", _set(("decisions", 0, "chance"), [1.5, 0.1, 40])),
    ("NaN for an error", _set(("decisions", 0, "played_chance"), [0.5, float("nan"), 40])),
    ("another seed", lambda d: d.update(seed=d["seed"] + 1)),
    ("another seat", _set(("seat",), "Sam")),
    ("the same decision twice", lambda d: d["decisions"].append(d["decisions"][0])),
    ("another round", lambda d: d.update(record=d["record"].replace('"seed": 10', '"seed": 11'))),
])
def test_a_review_file_of_another_round_or_with_a_false_decision_is_passed_over(
        reviewed: tuple[Path, dict[str, Any], str], tmp_path: Path, what: str, change: Callable[[dict[str, Any]], None]
) -> None:
    save, _, kept = reviewed
    copy = tmp_path / "round.json"
    copy.write_text(save.read_text(encoding="utf-8"), encoding="utf-8")
    review_path(copy).write_text(_changed(kept, change), encoding="utf-8")
    assert _reopened(copy).review == {}, f"{what}: the changed file was not passed over"
    # and made with its fingerprint again, as a careful hand would: each decision is checked against the round
    review_path(copy).write_text(_changed(kept, lambda data: (change(data), _fingerprinted(data))), encoding="utf-8")
    table = _reopened(copy)
    assert table.state.is_over and table.review == {}, what


def _fingerprinted(data: dict[str, Any]) -> None:
    from nomercy.play.review_file import _digest

    data["digest"] = _digest({key: value for key, value in data.items() if key != "digest"})


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "1e999", '{"version": 1}', "x" * 3_000_000,
                                  "[" * 100_000 + "]" * 100_000])
def test_a_review_file_that_is_no_review_is_passed_over(reviewed: tuple[Path, dict[str, Any], str], tmp_path: Path,
                                                        text: str) -> None:
    save, shown, _ = reviewed
    copy = tmp_path / "round.json"
    copy.write_text(save.read_text(encoding="utf-8"), encoding="utf-8")
    review_path(copy).write_text(text, encoding="utf-8")
    table = _reopened(copy)
    assert table.review == {}
    while table.send_intent({"type": "review"}) is None and table.review.get("running"):
        pass
    assert _timeless(table.review) == _timeless(shown), "the coach's review made again is not the same"


def _timeless(review: dict[str, Any]) -> dict[str, Any]:
    """A review without how long it took (the one figure a review made again need not repeat)."""
    return {**review, "numbers": {**review["numbers"], "seconds": None}}
