"""Your own mistakes come back: a mistake the round's review names, kept at the table, is a puzzle the trainer serves.

A seeded round is played to its end at a coached table (the person's moves a greedy player's), reviewed, and its
mistakes kept through the table's own intent; the trainer then serves them, records the answer, schedules them,
exports and imports them, and removes one on request.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("anywidget")

from nomercy.cli import main  # noqa: E402
from nomercy.core.state import GameState  # noqa: E402
from nomercy.puzzles.best_move import decision_position  # noqa: E402
from nomercy.puzzles.better_move import ratings  # noqa: E402
from nomercy.puzzles.kept import KEPT_FOLDER, KEPT_LINE_KEY, KEPT_TOPIC, KeptFolder  # noqa: E402
from nomercy.puzzles.puzzle import check_paths, load_puzzle  # noqa: E402
from nomercy.core import wording  # noqa: E402
from nomercy.widgets import GameTable, Trainer  # noqa: E402
from test_hostile_session import _finish_and_review  # noqa: E402

SEED = 1
"""A two-player round whose review names three mistakes (before the check became the review's search, the second
look confirmed one of them)."""


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A reviewed round, every mistake kept once into a data folder of its own (the table keeps to the default
    folder, so NOMERCY_DATA_DIR points there while it keeps)."""
    folder = tmp_path_factory.mktemp("kept-data")
    table = GameTable("no-mercy", ["human", "greedy"], seed=SEED, pace=0, coach=True)
    _finish_and_review(table)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NOMERCY_DATA_DIR", str(folder))
        answers = [table.send_intent({"type": "keep_mistake", "index": i}) for i in range(len(table.review["mistakes"]))]
        again = table.send_intent({"type": "keep_mistake", "index": first_kept(table)})
    return {"table": table, "folder": folder, "answers": answers, "again": again}


def first_kept(table: GameTable) -> int:
    return min(int(i) for i, s in table.review["kept"].items() if s in (wording.KEPT_NOW, wording.KEPT_AGAIN))


def test_each_mistake_is_kept_or_refused_in_a_sentence_beside_it(reviewed: dict[str, Any]) -> None:
    table = reviewed["table"]
    review = table.review
    assert all(answer is None for answer in reviewed["answers"]) and reviewed["again"] is None
    assert review["keep_label"] == wording.KEEP_MISTAKE
    assert sorted(map(int, review["kept"])) == list(range(len(review["mistakes"])))
    said = list(review["kept"].values())
    kept = [s for s in said if s in (wording.KEPT_NOW, wording.KEPT_AGAIN)]
    assert kept and set(said) <= {wording.KEPT_NOW, wording.KEPT_AGAIN, wording.KEPT_NOT_CONFIRMED}
    assert review["kept"][str(first_kept(table))] == wording.KEPT_AGAIN  # kept twice: kept once
    files = sorted((reviewed["folder"] / KEPT_FOLDER).glob("*.yaml"))
    assert len(files) == len(kept)


def test_a_kept_mistake_is_the_table_as_the_person_saw_it_and_nothing_more(reviewed: dict[str, Any]) -> None:
    table = reviewed["table"]
    result = table.session.reviewed
    seat = result.seat
    by_id = {p.id: p for p in KeptFolder(reviewed["folder"]).puzzles()}
    assert by_id
    for path in sorted((reviewed["folder"] / KEPT_FOLDER).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["turn"] == seat and data["topic"] == KEPT_TOPIC and data["kind"] == "better-move"
        for name, hand in data["hands"].items():  # only the person's own cards are written down
            assert (isinstance(hand, list)) == (name == seat), (name, hand)
        assert "draw_pile" not in data
        assert "choices" not in data  # every move the person could make is one
        decision = next(d for d in result.mistakes if d.played.move == data["answer"]["better_than"]
                        and list(map(str, d.state.hands[d.state.turn])) == data["hands"][seat])
        built = decision_position(by_id[data["id"]])
        seen = decision.state
        assert built.hands[built.turn] == seen.hands[seen.turn] and built.discard == seen.discard
        assert (built.color, built.pending, built.direction) == (seen.color, seen.pending, seen.direction)
        assert {n: len(h) for n, h in zip(built.seats, built.hands)} == {
            n: len(h) for i, (n, h) in enumerate(zip(seen.seats, seen.hands)) if i not in seen.out}
        assert (data["coach"]["seed"], data["coach"]["playouts"]) == (result.seed, result.budget)


def test_every_kept_mistake_passes_nomercy_check(reviewed: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    folder = reviewed["folder"] / KEPT_FOLDER
    results = check_paths([folder])
    assert results and all(r.ok for r in results), [r.problems for r in results if not r.ok]
    assert main(["check", str(folder)]) == 0
    assert "clearly better than" in capsys.readouterr().out


def test_the_trainer_serves_your_mistake_first_records_it_and_brings_it_back_when_due(
        reviewed: dict[str, Any]) -> None:
    from datetime import datetime, timedelta, timezone

    now = [datetime(2026, 12, 5, 9, 0, tzinfo=timezone.utc)]
    trainer = Trainer(data_dir=reviewed["folder"], clock=lambda: now[0])
    kept = set(KeptFolder(reviewed["folder"]).ids())
    assert trainer.current.id in kept and trainer.status["kind"] == "new"
    assert trainer.status["kept"]["label"] == wording.REMOVE_KEPT
    assert {"value": KEPT_TOPIC, "label": "Your mistakes"} in trainer.status["topics"]
    served = trainer.current.id
    labels = [option.label for option in trainer.current.puzzle_kind.options(trainer.current)]
    trainer.choose(labels.index(trainer.current.answer["better_than"]))  # the move you played again
    assert trainer.feedback["correct"] is False and trainer.status["recorded"]["right"] is False
    assert trainer.progress.entry(served).box == 1
    trainer.next()  # a miss comes back later; new puzzles come before practice ahead of time
    assert trainer.current.id != served and trainer.status["kind"] == "new"
    trainer.select(KEPT_TOPIC)
    assert all(p.topic == KEPT_TOPIC for p in trainer.pool) and len(trainer.pool) == len(kept)
    now[0] += timedelta(minutes=11)  # box 1 comes back after 10 minutes
    assert served in trainer.progress.due(trainer.pool, now=now[0])


def test_your_kept_mistakes_travel_with_the_exported_progress_and_can_be_removed(
        reviewed: dict[str, Any], tmp_path: Path) -> None:
    source = Trainer(data_dir=reviewed["folder"])
    text = source.export_progress()
    lines = [json.loads(line) for line in text.splitlines() if line.startswith('{"' + KEPT_LINE_KEY)]
    assert sorted(item[KEPT_LINE_KEY]["id"] for item in lines) == KeptFolder(reviewed["folder"]).ids()
    elsewhere = Trainer(data_dir=tmp_path)
    elsewhere.import_progress(text)
    assert KeptFolder(tmp_path).ids() == KeptFolder(reviewed["folder"]).ids()
    assert {p.id for p in elsewhere.pool} >= set(KeptFolder(tmp_path).ids())
    elsewhere.import_progress(text)  # again: nothing twice
    assert KeptFolder(tmp_path).ids() == KeptFolder(reviewed["folder"]).ids()
    again = Trainer(data_dir=tmp_path)
    again.select(KEPT_TOPIC)
    first = again.current.id
    assert first in KeptFolder(tmp_path).ids()
    assert again.send_intent({"type": "remove_kept"}) is None
    assert first not in KeptFolder(tmp_path).ids() and first not in {p.id for p in again.pool}
    assert again.current.id != first
    assert not (tmp_path / KEPT_FOLDER / f"{first}.yaml").exists()


def test_every_mistake_the_review_names_is_kept(reviewed: dict[str, Any]) -> None:
    """The check is the review's own search (issue 38: a second search with another budget confirmed 1 of 3 here)."""
    said = list(reviewed["table"].review["kept"].values())
    assert len(said) == 3 and set(said) <= {wording.KEPT_NOW, wording.KEPT_AGAIN}, said
    kept = KeptFolder(reviewed["folder"]).ids()
    assert len(kept) == len(said)
    for pid in kept:
        assert GameState is not None and load_puzzle(reviewed["folder"] / KEPT_FOLDER / f"{pid}.yaml").result().ok


def test_the_check_measures_the_coachs_move_by_the_reviews_own_figures(reviewed: dict[str, Any]) -> None:
    result = reviewed["table"].session.reviewed
    for puzzle in KeptFolder(reviewed["folder"]).puzzles():
        decision = next(d for d in result.mistakes if d.played.move == puzzle.answer["better_than"]
                        and decision_position(puzzle).hands[decision_position(puzzle).turn] == d.state.hands[d.state.turn])
        found = ratings(puzzle)
        rating = found.rating(decision.suggested)
        assert found.choice == decision.suggested and found.played == decision.played.move
        assert rating is not None and rating.better and decision.suggested in found.better
        assert (rating.lead, rating.error, rating.tables) == (decision.played.lead, decision.played.error,
                                                            decision.played.tables)


def test_any_clearly_better_move_is_right_and_the_move_played_or_one_not_better_is_not(
        reviewed: dict[str, Any]) -> None:
    """Find a better move among all moves: every move the search rates clearly better is accepted, each other move
    is refused with why, the move played with its own sentence."""
    puzzles = KeptFolder(reviewed["folder"]).puzzles()
    seen_not_better = 0
    for puzzle in puzzles:
        kind, found = puzzle.puzzle_kind, ratings(puzzle)
        labels = [option.label for option in kind.options(puzzle)]
        assert found.played in labels and set(found.better) <= set(labels) and found.better
        for label in labels:
            judged = kind.judge(puzzle, {"move": label})
            rating = found.rating(label)
            if label == found.played:
                assert not judged.correct and judged.verdict == "That is the move you played in your round."
                assert judged.problems
            elif rating is not None and rating.better:
                assert judged.correct and "points better than" in judged.estimates[0], judged
            else:
                seen_not_better += 1
                assert not judged.correct and judged.verdict == "Not clearly better than the move you played."
                assert judged.problems and found.played in judged.estimates[0], judged
                assert "standard error" not in " ".join(judged.problems + judged.truth)  # the figures are folded
    assert seen_not_better, "no kept puzzle had a move that is not better: choose another seed"
