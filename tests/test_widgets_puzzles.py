"""The puzzle board and the step-through player, driven through their message handlers.

Every puzzle in ``puzzles/`` is loaded into the board and answered the way the
browser sends answers (text from input boxes): its own answer must check as
correct and a changed answer as wrong, because the check replays the engine.
"""

from __future__ import annotations

from typing import Any

from html import escape

import pytest

pytest.importorskip("anywidget")

from nomercy.core.cards import COLORS, Card  # noqa: E402
from nomercy.puzzles.puzzle import Puzzle  # noqa: E402
from nomercy.widgets import GameTable, PuzzleBoard, StepPlayer  # noqa: E402
from nomercy.puzzles.answers import HOW_TO_ANSWER  # noqa: E402
from nomercy.puzzles.story import STORY  # noqa: E402
from conftest import collection  # noqa: E402

PUZZLES = [p for p in collection() if p.kind != "best-move"]  # best-move boards: tests/test_puzzle_best_move.py


def send(widget: Any, intent: dict[str, Any]) -> str:
    """Deliver ``intent`` the way a message from the browser arrives; the error the widget then shows."""
    widget._handle_custom_msg(intent, [])
    return widget.error


def as_typed(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer as the browser sends it: numbers and cards as the text typed into the boxes."""
    typed: dict[str, Any] = {}
    for key, value in answer.items():
        if key == "before":  # what the story says about earlier moments: never asked
            continue
        if key in ("hand_size", "score"):
            typed[key] = {str(seat): str(n) for seat, n in value.items()}
        elif key == "hand":
            typed[key] = {str(seat): ", ".join(map(str, cards)) for seat, cards in value.items()}
        elif key == "playable":
            typed[key] = {str(seat): ", ".join(map(str, cards)) or "none" for seat, cards in value.items()}
        elif key in ("pending", "draw_pile_size"):
            typed[key] = str(value)
        elif key == "eliminated":
            typed[key] = [str(s) for s in value or []]
        else:
            typed[key] = None if value is None else str(value)
    return typed


def wrong_answer(puzzle: Puzzle) -> dict[str, Any] | None:
    """The puzzle's answer with one part changed to something the engine cannot agree with."""
    answer = dict(puzzle.answer)
    seats = list(puzzle.players)
    for key, value in answer.items():
        if key in ("hand_size", "score"):
            seat, n = next(iter(value.items()))
            return {**answer, key: {**value, seat: n + 1}}
        if key == "pending":
            return {**answer, key: value + 1}
        if key == "turn":
            return {**answer, key: next(s for s in seats if s.lower() != str(value).lower())}
        if key == "direction":
            return {**answer, key: "clockwise" if value == "counterclockwise" else "counterclockwise"}
        if key == "color":
            return {**answer, key: next(c.value for c in COLORS if c.value != str(value).lower())}
        if key == "top":
            top = Card.parse(str(value))
            return {**answer, key: "red 0" if str(top) != "red 0" else "blue 0"}
        if key == "winner":
            return {**answer, key: None if value is not None else seats[0]}
        if key == "eliminated":
            out = {str(s) for s in value or []}
            return {**answer, key: sorted(out ^ {seats[-1]})}
        if key == "hand":
            seat, cards = next(iter(value.items()))
            return {**answer, key: {**value, seat: list(cards) + ["wild"]}}
    if "illegal" in answer and len(puzzle.moves) > 1:
        return {**answer, "illegal": next(m for m in puzzle.moves if m != answer["illegal"])}
    return None


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_puzzle_checks_its_own_answer_as_correct_and_a_changed_one_as_wrong(puzzle):
    board = PuzzleBoard(puzzle)
    keys = [field["key"] for field in board.puzzle["fields"]]
    assert keys == [k for k in puzzle.answer if k != "before"], "the board asks for what the puzzle answers"
    assert send(board, {"type": "answer", "answer": as_typed(dict(puzzle.answer))}) == ""
    assert board.feedback["correct"] is True, board.feedback["problems"]
    assert board.feedback["truth"], "the feedback says what really happens"
    if puzzle.choices:  # multiple choice: exactly one option is right, by the engine's replay
        verdicts = []
        for option in board.puzzle["choices"]:
            assert send(board, {"type": "choice", "index": option["index"]}) == ""
            verdicts.append(board.feedback["correct"])
        assert verdicts.count(True) == 1, verdicts
    wrong = wrong_answer(puzzle)
    if wrong is None:
        pytest.skip("the only answer the board offers is the right one")
    assert send(board, {"type": "answer", "answer": as_typed(wrong)}) == ""
    assert board.feedback["correct"] is False
    assert board.feedback["problems"]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_show_me_steps_through_every_puzzle_to_its_end(puzzle):
    board = PuzzleBoard(puzzle)
    send(board, {"type": "show", "to": "last"})
    walk = board.walk
    assert walk["index"] == walk["count"] - 1 == board.puzzle["steps"] - 1
    if "illegal" in puzzle.answer:  # the walk stops at the refused move, saying why
        assert walk["refused"] and walk["move"] == puzzle.answer["illegal"] and "is refused" in walk["sentence"]
    else:
        assert not walk["refused"]


def test_the_feedback_says_what_really_happens_with_the_ruling():
    board = PuzzleBoard("stack-2-4-6")
    send(board, {"type": "answer", "answer": {"hand_size": {"D": "19"}, "pending": "0", "turn": "A"}})
    feedback = board.feedback
    assert feedback["problems"] == ["Cards D holds: you answered 19, but it is 20."]
    assert "D holds 20 cards." in feedback["truth"]
    drawn = next(e for e in feedback["events"] if e["sentence"] == "D draws 12 cards.")
    assert drawn["rule"] == "stacking" and drawn["title"] == "Stacking"
    assert "12 cards" in feedback["explanation"]


@pytest.mark.parametrize("answer, words", [
    ({"hand_size": {"D": "lots"}, "pending": "0", "turn": "A"}, "enter a whole number"),
    ({"hand_size": {"D": "20"}, "pending": "0", "turn": "Zed"}, "is not a seat here"),
    ({"hand_size": {"D": "20"}, "turn": "A"}, "Answer every part first"),
    ("twenty", "An answer is a set of values"),
])
def test_a_malformed_answer_is_refused_with_a_reason_and_changes_nothing(answer, words):
    board = PuzzleBoard("stack-2-4-6")
    send(board, {"type": "answer", "answer": {"hand_size": {"D": "20"}, "pending": "0", "turn": "A"}})
    before = board.feedback
    assert words in send(board, {"type": "answer", "answer": answer})
    assert board.feedback == before


def test_options_that_carry_an_answer_are_checked_by_replaying_the_engine():
    data = {
        "id": "which-stack", "title": "Which stack", "source": "original", "rules": "no-mercy",
        "players": ["A", "B", "C"], "turn": "A", "discard": "red 5",
        "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["yellow 9", "green 2"]},
        "moves": ["A plays red +2", "B plays blue +4", "C draws"],
        "question": "How many cards does C hold?", "answer": {"hand_size": {"C": 8}},
        "choices": [
            {"label": "4: only the +4 counts", "answer": {"hand_size": {"C": 6}}},
            {"label": "8: the whole stack", "answer": {"hand_size": {"C": 8}, "turn": "A"}},
        ],
        "hints": ["Add up the stack.", "2 + 4."],
    }
    board = PuzzleBoard(Puzzle.from_dict(data))
    assert [c["label"] for c in board.puzzle["choices"]] == ["4: only the +4 counts", "8: the whole stack"]
    send(board, {"type": "choice", "index": 0})
    assert board.feedback["correct"] is False and board.feedback["given"] == "4: only the +4 counts"
    send(board, {"type": "choice", "index": 1})
    assert board.feedback["correct"] is True  # more than the file's answer, and still right
    assert "There is no option" in send(board, {"type": "choice", "index": 5})
    assert send(board, {"type": "hint"}) == "" and board.hints == ["Add up the stack."]
    send(board, {"type": "hint"})
    assert board.hints == ["Add up the stack.", "2 + 4."]
    assert send(board, {"type": "hint"}) == "No more hints for this puzzle."


def test_a_wrong_option_picked_says_the_misreading_it_stands_for_and_stays_picked():
    board = PuzzleBoard("round3-seven")
    labels = [c["label"] for c in board.puzzle["choices"]]
    wrong = labels.index("A 2, C 4, and C plays next because A chose C")
    send(board, {"type": "choice", "index": wrong})
    feedback = board.feedback
    assert feedback["correct"] is False and feedback["picked"] == wrong
    assert feedback["why"] == "Where this goes wrong: A swap moves hands, not seats, so play goes on from A to B."
    assert "Whose turn: you answered C, but it is B." in feedback["problems"]
    right = labels.index("A 2, C 4, and B plays next")
    send(board, {"type": "choice", "index": right})
    assert board.feedback["correct"] is True and board.feedback["picked"] == right and board.feedback["why"] == ""
    send(board, {"type": "answer", "answer": {"hand_size": {"A": "2", "C": "4"}, "hand": {"A": "blue 8, green 9"},
                                              "turn": "B"}})
    assert board.feedback["picked"] is None and board.feedback["why"] == ""


def test_what_the_story_claims_is_stated_in_the_feedback_but_never_asked():
    board = PuzzleBoard("classic-opening")
    assert [f["key"] for f in board.puzzle["fields"]] == ["hand_size", "turn"]
    send(board, {"type": "answer", "answer": {"hand_size": {"A": "6", "B": "8", "C": "7"}, "turn": "C"}})
    assert board.feedback["correct"] is True
    assert board.feedback["truth"][0] == "Before B draws: B can play nothing."
    assert "'before' is not something a puzzle asks about" in send(
        board, {"type": "answer", "answer": {"hand_size": {"A": "6", "B": "8", "C": "7"}, "turn": "C",
                                             "before": {}}})


def test_a_question_about_playable_cards_takes_none_or_the_cards():
    data = {
        "id": "what-fits", "title": "What fits", "source": "original", "rules": "no-mercy",
        "players": ["A", "B"], "turn": "A", "discard": "red 5",
        "hands": {"A": ["red 1", "blue 5", "green 3"], "B": ["green 2", "yellow 3"]},
        "moves": ["A plays red 1"], "question": "Which cards can A and B play now?",
        "answer": {"playable": {"A": [], "B": []}},
    }
    board = PuzzleBoard(Puzzle.from_dict(data))
    field = board.puzzle["fields"][0]
    assert field["kind"] == "cards" and field["seats"] == ["A", "B"] and "none" in field["label"]
    send(board, {"type": "answer", "answer": {"playable": {"A": "none", "B": "none"}}})
    assert board.feedback["correct"] is True and "B can play nothing." in board.feedback["truth"]
    send(board, {"type": "answer", "answer": {"playable": {"A": "none", "B": "green 2"}}})
    assert board.feedback["problems"] == ["Cards B can play: you answered green 2, but it is none."]
    assert "Answer every part first" in send(board, {"type": "answer", "answer": {"playable": {"A": "none", "B": ""}}})


def test_the_board_moves_between_puzzles_and_starts_each_one_fresh():
    board = PuzzleBoard(PUZZLES, start="stack-2-4-6")
    assert board.current.id == "stack-2-4-6" and board.puzzle["count"] == len(PUZZLES)
    send(board, {"type": "answer", "answer": {"hand_size": {"D": "20"}, "pending": "0", "turn": "A"}})
    send(board, {"type": "next_puzzle"})
    assert board.current.id != "stack-2-4-6" and board.feedback == {} and board.walk == {}
    send(board, {"type": "goto", "id": "stack-2-4-6"})
    assert repr(board) == "<PuzzleBoard stack-2-4-6>"
    assert "There is no puzzle" in send(board, {"type": "goto", "index": 10_000})


def test_answer_fields_offer_every_seat_for_whose_turn():
    puzzle = next(p for p in PUZZLES if p.id == "stack-2-4-6")
    fields = {f["key"]: f for f in STORY.inputs(puzzle)}
    assert [o["value"] for o in fields["turn"]["options"]] == list(puzzle.players)
    assert fields["hand_size"]["seats"] == ["D"]


def test_a_board_with_options_and_parts_says_which_is_clicked_and_which_is_typed():
    """"A 7 swaps hands, not seats": whole answers as buttons, and parts, some picked and some typed."""
    board = PuzzleBoard("round3-seven")
    shown = board.puzzle
    assert shown["choices"] and shown["fields"]
    assert "one tap checks it" in shown["choices_intro"] and shown["form_intro"].startswith("Or answer part by part")
    how = {field["key"]: field["how"] for field in shown["fields"]}
    assert how == {"hand_size": "type a number for each seat", "hand": "tap the cards for each seat",
                   "turn": "pick one"}
    best = PuzzleBoard("bm-ten-is-coming").puzzle  # options only: one line above them, no form
    assert best["choices_intro"] and not best["fields"] and best["form_intro"] == ""
    parts = PuzzleBoard("stack-2-4-6").puzzle  # parts only
    assert not parts["choices"] and parts["form_intro"].startswith("Answer each part") and parts["choices_intro"] == ""
    every_input = {field["kind"] for puzzle in PUZZLES for field in STORY.inputs(puzzle)}
    assert every_input <= set(HOW_TO_ANSWER), every_input - set(HOW_TO_ANSWER)


# --- the step-through player ---------------------------------------------------------------------

def test_the_step_player_walks_a_puzzle_one_event_at_a_time():
    player = StepPlayer("stack-2-4-6")
    _, events = next(p for p in PUZZLES if p.id == "stack-2-4-6").solution()
    assert player.frame["count"] == 1 + len(events)
    assert "This is the first step." in send(player, {"type": "prev"})
    send(player, {"type": "next"})
    assert player.frame["sentence"] == events[0].sentence and player.frame["move"] == "A plays red +2"
    assert player.frame["title"] == events[0].ruling.title
    send(player, {"type": "last"})
    assert player.frame["sentence"] == events[-1].sentence
    assert "This is the last step." in send(player, {"type": "next"})
    send(player, {"type": "goto", "index": 2})
    assert player.index == 2 and repr(player) == f"<StepPlayer stack-2-4-6 step 3 of {1 + len(events)}>"
    assert "There is no step" in send(player, {"type": "goto", "index": 99})
    assert player.index == 2


def test_the_step_player_replays_a_game_tables_record_to_the_same_position():
    table = GameTable("no-mercy", ["greedy", "random"], seed=12, pace=0)
    assert table.state.is_over
    player = StepPlayer(table)
    player.last()
    assert player.frames[-1].state == table.state
    assert player.frame["move"] == table.record().moves[-1]


def test_the_step_player_shows_a_refused_move_with_the_engines_reason():
    puzzle = next(p for p in PUZZLES if p.id == "stack-2-4-6")
    player = StepPlayer(puzzle.position(), moves=["A plays red +2", "B plays green 1"])
    player.last()
    assert player.frame["refused"] and "B plays green 1 is refused" in player.frame["sentence"]


def test_an_answer_with_a_part_left_blank_is_refused_not_judged():
    """Four seats asked about, three filled in: the learner is told what is missing, and nothing is judged."""
    board = PuzzleBoard("gen-no-mercy-long-stack-700002-45")
    asked = board.current.answer
    sizes = {seat: str(n) for seat, n in asked["hand_size"].items()}
    blank_seat = list(sizes)[-1]
    partial = dict(asked, hand_size={**sizes, blank_seat: ""})
    reason = send(board, {"type": "answer", "answer": partial})
    assert reason == f"Answer every part first: Cards {blank_seat} holds."
    assert board.feedback == {}
    del partial["hand_size"][blank_seat]
    assert send(board, {"type": "answer", "answer": partial}) == reason
    send(board, {"type": "answer", "answer": dict(asked, hand_size=sizes)})
    assert board.feedback["correct"] is True


def test_feedback_says_nobody_has_won_yet_not_a_python_value():
    """Winner asked, nobody has won: the learner reads "nobody yet", never "None"."""
    puzzle = next(p for p in PUZZLES if "winner" in p.answer and p.answer["winner"] is None)
    board = PuzzleBoard(puzzle)
    wrong = dict(puzzle.answer, winner=puzzle.players[0])
    send(board, {"type": "answer", "answer": as_typed(wrong)})
    problems = board.feedback["problems"]
    assert f"Winner: you answered {puzzle.players[0]}, but it is nobody yet." in problems
    assert not any("None" in line for line in problems + board.feedback["truth"])


def test_without_a_kernel_a_board_shows_each_puzzle_with_its_question_and_a_folded_answer():
    """The widget's own output carries a still picture (text/html) beside the widget view, so GitHub and
    nbviewer show the puzzle, while JupyterLab, which ranks the widget view first, shows only the board."""
    board = PuzzleBoard(["round3-seven", "last-zero-wins"])
    data, _ = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html = data["text/html"]
    for puzzle in board._puzzles:
        assert escape(puzzle.question) in html
    assert html.count("<details") == 2 and "Answer (try first!)" in html


def test_each_hand_shows_once_on_the_board():
    """The seat to move shows its hand in the table picture; the list below holds only the other seats."""
    board = PuzzleBoard("round3-seven")
    assert [hand["name"] for hand in board.puzzle["hands"]] == ["B", "C", "D"]
    assert "A&#x27;s hand" in board.puzzle["board"] or "A's hand" in board.puzzle["board"]
