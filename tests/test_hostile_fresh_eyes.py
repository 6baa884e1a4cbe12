"""What a fresh attacker found after every earlier hostile round, held fixed: one test per kind of break.

A tester who had not read the earlier hostile tests tried every way in again (its table is in the branch's
report). What still broke, by kind:

- **options that collide with a deal made elsewhere**: ``deal_of_the_day(players=5)`` and
  ``from_record(record, seed=5)`` ended in Python's "got multiple values" ``TypeError``, and a rule option
  (``hand_size=9``) changed the deal of the day in silence;
- **a refusal a Python method dropped**: ``StepPlayer.goto(-1)`` and ``PuzzleBoard.show_me("bogus")`` did
  nothing and said nothing, ``show_me(True)`` went to step 1, ``PuzzleBoard.answer(None)`` ended in a
  ``TypeError``;
- **values taken for something else**: ``Progress.record(right="no")`` recorded a right answer,
  ``due(now="2026")`` ended in a ``TypeError``; a refusal of NaN read "not not a number";
- **a file cut short in silence**: a progress export cut at a line end imported what was left without a word;
- **names that look the same**: a puzzle or stage file took ``Zoé`` in two forms, ``Straße`` and ``STRASSE``,
  the Hangul filler and the braille blank as seats, which a game and a record refuse;
- **records built by hand**: a :class:`~nomercy.play.match.Match`, a
  :class:`~nomercy.play.transcript.Transcript` and a :class:`~nomercy.teaching.rule_options.Comparison` were
  marked as made by the package and took any fields; a program may build each, so each checks its fields.
"""

from __future__ import annotations

import dataclasses
import json
import math
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_values import LOOK_ALIKES, answer, clear, hostile, hostile_numbers, hostile_text

from nomercy import NomercyError
from nomercy.core.errors import quote
from nomercy.core.rules import OPTIONS
from nomercy.play.match import Match
from nomercy.play.table import TableSession
from nomercy.play.transcript import Transcript
from nomercy.puzzles.progress import Progress, ProgressFileError
from nomercy.teaching.rule_options import Comparison, compare


def _comparison() -> Comparison:
    from nomercy.puzzles.puzzle import find_puzzle
    from nomercy.teaching.rule_options import profiles

    return compare(find_puzzle("seven-keep-optional"), profiles(["no-mercy", "open-mercy"]))

HOSTILE_COVERS = (
    "cli:play --bots",
    "cli:play --save", "file:save",
    "prompt:move", "intent:GameTable:cancel", "intent:GameTable:take_back",
    "cli:simulate --bots",
    "api:nomercy.play.table.TableSession.deal_of_the_day(options)",
    "api:nomercy.play.table.TableSession.from_record(options)",
    "api:nomercy.widgets.game_table.GameTable.deal_of_the_day(options)",
    "api:nomercy.widgets.game_table.GameTable.from_record(options)",
    "intent:StepPlayer:goto", "intent:PuzzleBoard:show", "intent:PuzzleBoard:answer",
    "file:progress", "file:progress-export", "file:puzzle", "file:stage",
    *(f"api:nomercy.play.match.Match({name})" for name in ("rules", "seats", "seed", "scores", "round_number", "game")),
    *(f"api:nomercy.play.transcript.Transcript({name})" for name in ("start", "steps", "opening")),
    *(f"api:nomercy.teaching.rule_options.Comparison({name})"
      for name in ("outcomes", "columns", "width", "layout", "left_out", "heading")),
)

HOSTILE = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))

DEALT = ("rules", "players", "seed", "daily", "round_number")
FIXED_DAY = "2026-12-03"


def refusal(call: Any) -> str:
    """The one clear line ``call`` is refused with (it must be refused)."""
    with pytest.raises(NomercyError) as caught:
        call()
    message = str(caught.value)
    assert clear(message), message
    return message


# --- options that collide with a deal made elsewhere -------------------------------------------------------

@pytest.mark.parametrize("name", [*DEALT, "hand_size", "stacking", "mercy_limit"])
def test_the_deal_of_the_day_refuses_an_option_that_would_change_its_deal(name: str) -> None:
    from nomercy.widgets import GameTable

    value = {"rules": "classic", "players": 5, "seed": 5, "daily": "2026-12-04", "round_number": 2}.get(name, 9)
    for opening in (TableSession.deal_of_the_day, GameTable.deal_of_the_day):
        said = refusal(lambda: opening(FIXED_DAY, **{name: value}))
        assert said.startswith("the deal of the day deals its own round") and said.endswith(f"leave out '{name}'")
    assert TableSession.deal_of_the_day(FIXED_DAY, coach=False, pace=0.4).record().seed == \
        TableSession.deal_of_the_day(FIXED_DAY).record().seed, "settings of the table are still taken"


@pytest.mark.parametrize("name", ["rules", "seed", "daily", "round_number", "hand_size", "stacking"])
def test_a_table_opened_from_a_record_refuses_an_option_that_would_change_the_record(name: str) -> None:
    from nomercy.widgets import GameTable

    record = TableSession(seed=4).record()
    value = {"rules": "classic", "players": 5, "seed": 5, "daily": FIXED_DAY, "round_number": 2}.get(name, 9)
    for opening in (TableSession.from_record, GameTable.from_record):
        said = refusal(lambda: opening(record, **{name: value}))
        assert "plays on under the record's rules, seats and seed" in said
    assert TableSession.from_record(record, coach=True).record().seed == 4


@HOSTILE
@given(name=st.sampled_from(sorted(OPTIONS)), value=hostile)
def test_no_rule_option_reaches_the_deal_of_the_day(name: str, value: Any) -> None:
    assert answer(lambda: TableSession.deal_of_the_day(FIXED_DAY, **{name: value})) is None


# --- a refusal a Python method dropped -----------------------------------------------------------------------

def _step_player() -> Any:
    from nomercy import new_game
    from nomercy.widgets import StepPlayer

    return StepPlayer(new_game("no-mercy", ["A", "B"], seed=2), moves=["B draws"])


@HOSTILE
@given(index=hostile)
def test_a_step_player_asked_for_a_step_it_has_not_says_so(index: Any) -> None:
    player = _step_player()
    last = len(player.frames) - 1
    gone = answer(lambda: player.goto(index))
    if type(index) is int and 0 <= index <= last:
        assert gone is player and player.index == index
    else:
        assert gone is None and player.index == 0


@HOSTILE
@given(to=hostile)
def test_show_me_goes_to_a_step_the_puzzle_has_or_says_there_is_none(to: Any) -> None:
    from nomercy.widgets import PuzzleBoard

    board = PuzzleBoard()
    walked = answer(lambda: board.show_me(to))
    if walked is None:
        assert board.walk == {}
    else:
        assert to in ("first", "last", "next", "prev", "close") or type(to) is int, f"{quote(to)} was taken"


def test_show_me_never_takes_yes_for_step_one() -> None:
    from nomercy.widgets import PuzzleBoard

    assert refusal(lambda: PuzzleBoard().show_me(True)).startswith("There is no step yes: show first, last")


@HOSTILE
@given(values=hostile)
def test_an_answer_of_any_kind_is_checked_or_refused_in_one_line(values: Any) -> None:
    from nomercy.widgets import PuzzleBoard

    answer(lambda: PuzzleBoard().answer(values))


def test_a_missing_part_of_an_answer_names_each_seat_not_a_placeholder() -> None:
    from nomercy.widgets import PuzzleBoard

    said = refusal(lambda: PuzzleBoard().answer({}))
    assert "{" not in said and "Cards A holds" in said, said


# --- values taken for something else ------------------------------------------------------------------------

@HOSTILE
@given(right=hostile)
def test_an_attempt_is_right_only_when_it_was_said_to_be(right: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    progress = Progress(tmp_path_factory.mktemp("p"))
    entry = answer(lambda: progress.record("stack-2-4-6", right=right))
    if entry is None:
        assert progress.attempts == ()
    else:
        assert isinstance(right, (bool, str)), f"{quote(right)} was taken for yes or no"
        said = right if isinstance(right, bool) else right.strip().lower() in ("yes", "on", "true")
        assert progress.attempts[-1].right is said


@HOSTILE
@given(now=hostile)
def test_now_is_a_date_and_time_or_it_is_refused(now: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    progress = Progress(tmp_path_factory.mktemp("p"))
    progress.record("stack-2-4-6", right=True)
    for asked in (lambda: progress.due(now=now), lambda: progress.queue([], now=now),
                  lambda: progress.summary([], now=now)):
        answer(asked)
    assert answer(lambda: progress.due(now=datetime(2030, 1, 1, tzinfo=timezone.utc))) == ["stack-2-4-6"]


@HOSTILE
@given(seed=hostile_numbers)
def test_the_queue_s_seed_is_a_seed(seed: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    answer(lambda: Progress(tmp_path_factory.mktemp("p")).queue([], seed=seed))


def test_nan_is_never_not_not_a_number() -> None:
    from nomercy.play.players import make_player

    said = refusal(lambda: make_player("expert", iterations=math.nan))
    assert "not not" not in said and "NaN" in said


# --- a file cut short in silence -----------------------------------------------------------------------------

def _export(folder: Path) -> str:
    progress = Progress(folder / "theirs")
    for right in (True, False, True):
        progress.record("stack-2-4-6", right=right)
    return progress.export()


@pytest.mark.parametrize("kept", [1, 2])
def test_an_export_cut_short_at_a_line_end_is_refused_and_nothing_changes(tmp_path: Path, kept: int) -> None:
    lines = _export(tmp_path).splitlines()
    cut = "\n".join(lines[:1 + kept]) + "\n"
    mine = Progress(tmp_path / "mine")
    with pytest.raises(ProgressFileError, match=rf"it says it holds 3 attempts, and holds {kept}: it was cut short"):
        mine.import_text(cut)
    assert mine.attempts == () and Progress(tmp_path / "mine").attempts == ()
    assert mine.import_text("\n".join(lines) + "\n") == 3


@pytest.mark.parametrize("puzzle", ["\u3164", "\u2800", "\u0301", "\u200b\u3164"])
def test_an_attempt_at_a_puzzle_whose_id_shows_nothing_is_refused(tmp_path: Path, puzzle: str) -> None:
    text = _export(tmp_path).replace('"puzzle": "stack-2-4-6"', json.dumps({"puzzle": puzzle})[1:-1])
    with pytest.raises(ProgressFileError, match="shows as nothing|cannot be shown"):
        Progress(tmp_path / "mine").import_text(text)
    with pytest.raises(ProgressFileError, match="shows as nothing|cannot be shown"):
        Progress(tmp_path / "mine").record(puzzle, right=True)


# --- names that look the same, in a puzzle file ---------------------------------------------------------------

def _puzzle_file(folder: Path, first: str, second: str) -> Path:
    """A small puzzle file whose two seats are ``first`` and ``second``."""
    import yaml

    data = {"id": "look-alikes", "title": "Look-alikes", "source": "original", "topic": "matching", "rules": "no-mercy",
            "players": [first, second], "turn": first, "discard": "red 5",
            "hands": {first: ["red 7", "blue 1"], second: ["green 2", "blue 3"]},
            "moves": [f"{first} plays red 7"], "question": "Whose turn is it?", "answer": {"turn": second}}
    path = folder / "look-alikes.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("first, second", [
    ("Zo\u00e9", "Zoe\u0301"), ("Stra\u00dfe", "STRASSE"), ("Ann", "\uff21nn"), ("\u3164", "Bo"), ("\u2800", "Bo"),
    ("Ann", "Ann\u200b"),
])
def test_a_puzzle_file_s_seats_are_visible_and_no_two_alike(tmp_path: Path, first: str, second: str) -> None:
    from nomercy.puzzles.puzzle import load_puzzle

    path = _puzzle_file(tmp_path, first, second)
    said = refusal(lambda: load_puzzle(path))
    assert "players: " in said and ("must differ" in said or "visible characters" in said), said


def test_a_puzzle_file_with_plain_seats_still_reads(tmp_path: Path) -> None:
    from nomercy.puzzles.puzzle import load_puzzle

    assert load_puzzle(_puzzle_file(tmp_path, "Zo\u00e9", "Bo")).players == ("Zo\u00e9", "Bo")


@HOSTILE
@given(name=st.sampled_from(LOOK_ALIKES))
def test_no_look_alike_seat_name_is_taken_beside_its_twin(name: str) -> None:
    from nomercy.puzzles import file_values

    names = answer(lambda: file_values.seats([name, "ann"], "x.yaml: "))
    assert names is None or len({n.casefold() for n in names}) == 2


# --- records built by hand ------------------------------------------------------------------------------------

def _fields(record: Any) -> list[str]:
    return [field.name for field in dataclasses.fields(record)]


@HOSTILE
@given(field=st.sampled_from(["rules", "seats", "seed", "scores", "round_number", "game"]), value=hostile)
def test_a_match_built_by_hand_checks_its_fields(field: str, value: Any) -> None:
    match = Match.start("classic", ["A", "B"], seed=3)
    made = answer(lambda: dataclasses.replace(match, **{field: value}))
    if made is not None:
        assert made.seats == made.game.seats and len(made.scores) == len(made.seats)
        assert all(type(s) is int and s >= 0 for s in made.scores) and type(made.seed) is int


@pytest.mark.parametrize("changes, said", [
    ({"scores": (1,)}, "a match keeps one score a seat: 2 here, not 1"),
    ({"scores": (-5, 0)}, "a score of a match is a whole number from 0"),
    ({"seats": ("A", "C")}, "the round of a match is dealt to the match's seats under its rules"),
    ({"round_number": 0}, "the round of a match is a whole number from 1"),
])
def test_a_match_that_does_not_hang_together_is_refused(changes: dict[str, Any], said: str) -> None:
    match = Match.start("classic", ["A", "B"], seed=3)
    assert refusal(lambda: dataclasses.replace(match, **changes)).startswith(said)


def test_a_match_played_to_its_end_still_builds_every_round() -> None:
    match = Match.start("classic", ["A", "B"], seed=3)
    assert match.with_game(match.game).scores == (0, 0)


@HOSTILE
@given(field=st.sampled_from(["start", "steps", "opening"]), value=hostile)
def test_a_transcript_built_by_hand_checks_its_fields(field: str, value: Any) -> None:
    from nomercy import new_game

    story = Transcript.of_moves(new_game("no-mercy", ["A", "B"], seed=2), ["B draws"])
    answer(lambda: dataclasses.replace(story, **{field: value}))


def test_a_transcript_s_steps_follow_one_another() -> None:
    from nomercy import Game, legal_moves

    game = Game("no-mercy", ["A", "B", "C"], seed=5)
    for _ in range(3):
        game.play(next(iter(legal_moves(game.state))))
    story = game.transcript()
    assert [s.number for s in story.steps] == [1, 2, 3]
    steps = story.steps
    said = refusal(lambda: dataclasses.replace(story, steps=(steps[1], steps[0], steps[2])))
    assert said.startswith("step 1 of a transcript is numbered 2")
    renumbered = tuple(dataclasses.replace(s, number=i) for i, s in enumerate((steps[0], steps[2]), 1))
    said = refusal(lambda: dataclasses.replace(story, steps=renumbered))
    assert said.startswith("step 2 of a transcript starts from another position than step 1 ended on")


@HOSTILE
@given(field=st.sampled_from(["outcomes", "columns", "width", "layout", "left_out", "heading"]),
       value=st.one_of(hostile, hostile_text, hostile_numbers))
def test_a_comparison_built_by_hand_checks_its_fields(field: str, value: Any) -> None:
    table = _comparison()
    made = answer(lambda: dataclasses.replace(table, **{field: value}))
    if made is not None:
        assert str(made) and made.layout in ("rows", "grid") and 20 <= made.width <= 1000


def test_a_comparison_the_package_gives_is_unchanged() -> None:
    table = _comparison()
    assert isinstance(table, Comparison) and table.by_moves().layout == "grid"
    assert refusal(lambda: table.with_columns("rules", "colour")).startswith("each of the columns of a comparison")


# --- a computer player's options, as --bots writes them -------------------------------------------------------

@pytest.mark.parametrize("text, said", [
    ("expert:iterations=5:iterations=6", "gives the option 'iterations' twice: give each option once"),
    ("expert:iterations=\uff15", "the expert's iterations option is a whole number of 1 or more, not '\uff15'"),
    ("expert:iterations=\u00b2", "not '\u00b2'"), ("expert:iterations=nan", "not 'nan'"),
    ("expert:iterations=1e3", "not '1e3'"), ("expert:iterations=1_000", "not '1_000'"),
])
def test_a_player_option_is_written_once_in_the_digits_0_to_9(text: str, said: str) -> None:
    from nomercy.play.simulate.bots import BotSpec

    assert said in refusal(lambda: BotSpec.parse(text).make(0))


def test_a_player_option_written_plainly_still_reads() -> None:
    from nomercy.play.simulate.bots import BotSpec

    assert str(BotSpec.parse("expert:iterations=7:confidence=0.9")) == "expert:iterations=7:confidence=0.9"


# --- the terminal and the table: an answer typed as a person would, and a no-op said -----------------------------

def _terminal(lines: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "nomercy", "play"], input=lines, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_a_color_typed_at_the_color_question_names_it() -> None:
    """It was refused as "unknown card 'red'" at "Which color do you name with wild +6?"."""
    shown = _terminal("wild +6\nred\nquit\n")
    assert "Which color do you name with wild +6?" in shown and "Player plays wild +6 and names red." in shown


def test_cancel_with_nothing_to_cancel_says_so() -> None:
    shown = _terminal("cancel\nquit\n")
    assert "! There is nothing to cancel: no card waits for a choice" in shown
    table = TableSession(seed=3)
    assert table.handle({"type": "cancel"}).startswith("There is nothing to cancel")
    assert table.handle({"type": "take_back"}) == "No move is waiting: the coach's warning was already answered."


# --- a read-only save -----------------------------------------------------------------------------------------

def test_a_read_only_save_is_left_as_it_is_and_a_save_keeps_its_permissions(tmp_path: Path) -> None:
    """A read-only save was replaced by a writable file holding the new moves; a private save became readable."""
    import os
    import stat
    import subprocess
    import sys

    def play(save: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "nomercy", "play", "--save", str(save)], input="1\nquit\n",
                              capture_output=True, text=True, timeout=120)

    kept = tmp_path / "kept.json"
    assert play(kept).returncode == 0
    before = kept.read_bytes()
    kept.chmod(0o444)
    done = play(kept)
    assert done.returncode == 2 and done.stderr.strip().endswith(
        "kept.json is read-only: nomercy leaves it as it is; make it writable to write to it, or give another file")
    assert kept.read_bytes() == before and stat.S_IMODE(kept.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"], "nothing left beside it"
    private = tmp_path / "private.json"
    private.write_bytes(before)
    private.chmod(0o600)
    assert play(private).returncode == 0 and private.read_bytes() != before
    assert stat.S_IMODE(os.stat(private).st_mode) == 0o600


@pytest.mark.parametrize("bots", ["expert:iterations=100", "greedy:depth=2"])
def test_play_says_its_players_take_no_options(bots: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "nomercy", "play", "--bots", bots], input="", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.strip() == (
        "nomercy play: --bots of nomercy play names kinds without options (random, greedy, expert), "
        f"not '{bots}': the table's computer players play as they are")


def test_a_puzzle_s_rules_given_as_a_list_are_named_as_what_they_are(tmp_path: Path) -> None:
    import yaml

    from nomercy.puzzles.puzzle import load_puzzle

    path = _puzzle_file(tmp_path, "A", "B")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    path.write_text(yaml.safe_dump({**data, "rules": ["no-mercy"]}), encoding="utf-8")
    assert "rules is the name of one rule profile (no-mercy, classic" in refusal(lambda: load_puzzle(path))
