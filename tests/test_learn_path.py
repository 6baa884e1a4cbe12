"""The learning path (learn/): every stage holds on the real engine, the path has the chapters a newcomer needs in
order, and a try is judged as the learner sees it: done, refused with the engine's reason, or allowed but not the
task, with what the move did."""

from __future__ import annotations

from pathlib import Path

import pytest

from nomercy.cli import main
from nomercy.core.legality import why_illegal
from nomercy.puzzles.stage import (
    CHAPTER_FILE, MAX_RULE_WORDS, Stage, default_learn_dir, load_path, load_stage, stage_schema,
)
from nomercy.puzzles.yaml_reader import read_puzzle_file

PATH = load_path()
STAGES = [stage for chapter in PATH for stage in chapter.stages]
FILES = sorted(p for p in default_learn_dir().rglob("*.yaml") if p.name != CHAPTER_FILE)


def test_the_path_has_about_thirty_stages_in_seven_or_eight_chapters_in_a_newcomers_order():
    assert 7 <= len(PATH) <= 8
    assert 26 <= len(STAGES) <= 36
    assert [c.id for c in PATH] == ["match", "skip-reverse-draw-two", "draw-and-stack", "mercy", "sevens-and-zeros",
                                    "new-cards", "uno-and-winning", "classic"]
    # someone who knows classic UNO starts at the first chapter classic UNO does not teach
    assert [c.known_from_classic for c in PATH][:3] == [True, True, False]
    assert not any(c.known_from_classic for c in PATH[2:])
    assert len({s.id for s in STAGES}) == len(STAGES)


@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s.id)
def test_every_stage_holds(stage):
    assert stage.check() == []
    assert len(stage.rule.split()) <= MAX_RULE_WORDS
    assert stage.start().seats[stage.start().turn] == stage.you or stage.you in stage.start().seats


@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s.id)
def test_every_done_move_is_accepted_and_every_listed_wrong_move_is_answered_with_its_why(stage):
    start = table = stage.start()
    for move in stage.steps:  # the moves before the one that does the task: the learner plays on from their table
        attempt = stage.judge(table.move_text(move), table)
        assert attempt.outcome == "step" and attempt.after is not None
        table = attempt.after
    for move in stage.done:
        attempt = stage.judge(table.move_text(move), table)
        assert attempt.outcome == "done" and attempt.events
    for wrong in stage.wrong:
        attempt = stage.judge(wrong.text)
        assert attempt.why == wrong.why
        if wrong.ends:
            assert attempt.outcome == "allowed" and attempt.events
        else:
            assert attempt.outcome == "refused" and attempt.reason == why_illegal(start, wrong.move)


def test_a_try_that_cannot_be_read_or_is_not_the_learners_is_refused_in_words():
    stage = next(s for s in STAGES if s.id == "match-the-color")
    assert stage.judge("You plays purple 12").outcome == "refused"
    other = stage.judge("Bo plays red 1")
    assert other.outcome == "refused" and other.reason == "you play You's cards at this table"
    assert stage.judge(None).outcome == "refused"  # type: ignore[arg-type]


def test_an_allowed_move_that_is_not_the_task_says_what_it_did():
    stage = next(s for s in STAGES if s.id == "stop-the-plus-two")
    attempt = stage.judge("You draws")
    assert attempt.outcome == "allowed"
    assert "You draw 2 cards." in [e.sentence for e in attempt.events]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_stage_file_validates_against_the_schema(path):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(stage_schema())
    errors = [e.message for e in validator.iter_errors(read_puzzle_file(path))]
    assert not errors, errors[:3]


def test_the_stage_schema_is_a_valid_schema_that_names_the_puzzle_schema_for_editors():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(stage_schema())
    raw = (Path(__file__).resolve().parent.parent / "nomercy" / "puzzles" / "stage.schema.json").read_text()
    assert '"$ref": "puzzle.schema.json#/properties/hands"' in raw


def test_nomercy_check_checks_the_path_and_the_puzzles_together(capsys):
    puzzles = Path(__file__).resolve().parent.parent / "puzzles" / "stacking"
    assert main(["check", str(default_learn_dir()), str(puzzles)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].endswith(" passed, 0 failed")
    assert any(line.endswith("learn/4-mercy/twenty-five-and-out.yaml: ok") for line in out)


def test_a_stage_file_names_its_chapter_by_its_folder():
    path = default_learn_dir() / "4-mercy" / "twenty-five-and-out.yaml"
    assert load_stage(path).chapter == "mercy"


def test_draw_until_it_fits_ends_only_once_the_card_that_fits_is_played():
    """The rule says you must play the card that fits: the draw is a step, the play does the task."""
    stage = next(s for s in STAGES if s.id == "draw-until-it-fits")
    drawn = stage.judge("You draws")
    assert drawn.outcome == "step" and not drawn.done
    assert "You draw 3 cards." in [e.sentence for e in drawn.events]
    assert stage.judge("You plays yellow 2", drawn.after).outcome == "done"
    assert stage.judge("You plays yellow 2").outcome == "refused"  # not before the draw: it is not in the hand


def test_a_step_that_already_does_the_task_or_is_refused_fails_the_check():
    data = read_puzzle_file(next(s for s in STAGES if s.id == "draw-until-it-fits").path)
    early = Stage.from_dict(dict(data, goal={"hand_size": {"You": 5}}, done=["You plays yellow 2"]))
    assert early.check() == ["step 'You draw' already does the task: make it a done move"]
    refused = Stage.from_dict(dict(data, steps=["You plays blue 1"], wrong=[]))
    assert refused.check()[0].startswith("step 'You play blue 1' is refused")


def test_the_challenge_stage_says_what_a_wrong_challenge_costs():
    """Knowing only the winning side, a newcomer would challenge every wild +4: the rule says the price too."""
    stage = next(s for s in STAGES if s.id == "classic-challenge-the-wild-four")
    assert "if not, you draw 6 and lose your turn" in stage.rule


def test_drawing_while_a_card_fits_is_refused_in_words_that_say_classic_uno_allows_it():
    """Stage 2 is for classic players too: its refusal of a draw names no option and says where drawing is allowed."""
    stage = next(s for s in STAGES if s.id == "match-the-number")
    attempt = stage.judge("You draws")
    assert attempt.outcome == "refused"
    assert "_" not in attempt.reason and "option" not in attempt.reason
    assert "classic UNO lets you draw instead" in attempt.reason


def test_the_classic_chapter_practises_drawing_instead_of_playing_and_playing_the_drawn_card():
    stage = next(s for s in STAGES if s.id == "classic-draw-one")
    table = stage.start()
    assert stage.judge("You draws", table).outcome == "step"  # a red 5 fits, and classic UNO lets you draw anyway
    assert "classic UNO the next player still draws" in next(s for s in STAGES if s.id == "a-last-draw-card-wins").rule


def test_a_two_player_stage_shows_the_wild_reverse_four_coming_back_to_its_player():
    stage = next(s for s in STAGES if s.id == "wild-reverse-four-with-two-players")
    assert len(stage.start().seats) == 2
    attempt = stage.judge("You plays wild reverse +4 choosing red")
    assert attempt.outcome == "allowed" and attempt.after is not None
    assert attempt.after.seats[attempt.after.turn] == "You" and attempt.after.pending == 6
