"""What a newcomer on a phone read and tripped over (the second newcomer test), said the way a card player reads it:
no "you are You. You played You draw", no rating "after 32 attempts" over puzzles never tried, nothing called
"highlighted" when nothing is, the hint's and the warning's move as a thing to do, and one name per topic."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from nomercy.core.engine import legal_moves  # noqa: E402
from nomercy.core.moves import Play  # noqa: E402
from nomercy.play import coach  # noqa: E402
from nomercy.play.game import Game  # noqa: E402
from nomercy.play.players import make_player, next_move  # noqa: E402
from nomercy.play.said_at_table import status_words  # noqa: E402
from nomercy.play.table import TableSession  # noqa: E402
from nomercy.play.table_coach import TABLE_BUDGET, hint_advice  # noqa: E402
from nomercy.play.table_text import status_line  # noqa: E402
from nomercy.puzzles.kept import mistake_data  # noqa: E402
from nomercy.puzzles.puzzle_languages import translated  # noqa: E402
from nomercy.puzzles.puzzle import Puzzle  # noqa: E402
from nomercy.widgets import LearnPath, Trainer  # noqa: E402
from nomercy.widgets.puzzle_board import topic_name  # noqa: E402
from nomercy.widgets.trainer import topic_name as trainer_topic_name  # noqa: E402


def a_mistake_of_you() -> tuple[coach.ReviewedDecision, int]:
    """A mistake the review names for a seat called You (the Play page's), in a seeded round of random moves."""
    for seed in range(20):
        game, rng = Game("no-mercy", ["You", "Bo"], seed=seed), random.Random(seed)
        bo = {1: make_player("greedy", seed=1)}
        for _ in range(200):
            state = game.state
            if state.is_over:
                break
            game.play(rng.choice(legal_moves(state, 0)) if state.to_act == 0 else next_move(state, bo))
        review = coach.review(game, "You", seed=3, budget=TABLE_BUDGET)
        for decision in review.mistakes:
            try:
                mistake_data(decision, 0, seed=3)
            except ValueError:
                continue
            return decision, 3
    pytest.fail("no mistake of You to keep in 20 seeded rounds")  # pragma: no cover


def test_a_kept_mistake_of_the_seat_called_you_reads_as_your_own_move() -> None:
    decision, seed = a_mistake_of_you()
    question = mistake_data(decision, 0, seed=seed)["question"]
    assert "you are You" not in question and "You played You" not in question, question
    assert question.startswith("A table from your own round. You chose “") and "You draw”" not in question
    assert question.split("“")[1].split("”")[0][:1].isupper(), "the move as its button says it: 'Draw', 'Play red 4'"


def test_the_kept_question_in_another_language_has_no_seat_called_you_either(tmp_path: Path) -> None:
    decision, seed = a_mistake_of_you()
    data = mistake_data(decision, 0, seed=seed)
    data["id"] = data["id"] or "mine-000000000000"
    from nomercy.puzzles.kept import KeptFolder
    KeptFolder(tmp_path).write_all([data])
    (kept,) = KeptFolder(tmp_path).puzzles()
    for lang in ("sv", "fr", "zh-Hant"):
        (said,) = translated([kept], lang)
        assert isinstance(said, Puzzle) and "You" not in said.question, (lang, said.question)


def test_the_rating_counts_the_puzzles_tried_not_the_stages_of_the_path(tmp_path: Path) -> None:
    path = LearnPath(data_dir=tmp_path)
    for _ in range(3):  # three stages done: attempts of the path, in the same progress as the puzzles'
        path.play(path.current.start().move_text(path.current.done[0]))
        path.next()
    trainer = Trainer(data_dir=tmp_path)
    assert len(trainer.progress.attempts) == 3 and trainer.status["rating"] == "", "no puzzle tried: no rating yet"
    while not trainer.puzzle.get("choices"):
        trainer.next()
    assert trainer.send_intent({"type": "choice", "index": 0}) is None
    assert len(trainer.progress.attempts) == 4
    assert trainer.status["rating"].endswith("after 1 attempt"), trainer.status["rating"]


def test_nothing_is_called_highlighted_when_no_card_answers_the_stack() -> None:
    for seed in range(60):
        game = Game("no-mercy", ["You", "Bo", "Cy"], seed=seed)
        bots = {i: make_player("greedy", seed=i) for i in range(3)}
        for _ in range(300):
            state = game.state
            if state.is_over:
                break
            if state.to_act == 0 and state.pending and not any(type(a) is Play for a in legal_moves(state, 0)):
                english = status_line(state, 0, ["human", "greedy", "greedy"], [0], hidden=False, reveal_for=None)
                assert "highlighted" not in english and "no card in your hand" in english, english
                for lang in ("sv", "fr", "zh-Hant"):
                    said = status_words({"status": english}, state, 0, ["human", "greedy", "greedy"], [0], {}, {},
                                        lang)
                    assert said != english and "{" not in said
                return
            game.play(next_move(state, bots))
    pytest.fail("no stack the person could not answer in 60 seeded rounds")  # pragma: no cover


def test_the_hint_and_the_warning_name_the_move_as_a_thing_to_do() -> None:
    state = Game("no-mercy", ["You", "Bo", "Cy"], seed=66).state
    advice = hint_advice(state, 0, seed=1)
    assert advice["move"].startswith("You ") and not advice["label"].startswith("You ")
    assert advice["label"].split()[0] in ("Play", "Draw", "Name", "Call", "Catch", "Challenge", "Take")
    for seed in range(30):  # a move held back: its heading's move is the button's words too
        table = TableSession("no-mercy", ("human", "greedy"), seed=seed, coach=True, auto_uno=True)
        rng = random.Random(seed)
        while not table.state.is_over:
            s = table.state
            table.handle({"type": "move", "move": s.move_text(rng.choice(coach.seat_moves(s, 0)[0]))})
            if table.advice.get("kind") == "warning":
                label = table.advice["label"]
                assert not label.startswith("You ") and label.split()[0] in ("Play", "Draw", "Take", "Name"), label
                return
    pytest.fail("no warning held in 30 seeded rounds")  # pragma: no cover


def test_a_topic_has_one_name_on_the_board_and_in_the_trainers_list() -> None:
    for topic in ("two-player", "sevens-zeros", "stacking", "your-mistakes", "no-such-topic"):
        assert topic_name(topic) == trainer_topic_name(topic)
    assert topic_name("two-player") == "Two players"
