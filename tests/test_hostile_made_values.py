"""Values a program makes and hands to the package: moves, computer players, bot specs, transcripts, estimates.

Each is refused when it is made, in one line of the game's words, when a part of it is of the wrong kind: a
play's card is a card (never its text, a mapping or a number), a named color is one of the four, a seed is a
whole number from 0 to 2**63 - 1, a player's options are pairs of a name and a value. A value that is no move at
all is refused when a program asks whether it is legal, not answered "no". Records the package makes and a
program only reads (a player's view, a game's summary) say so in their documentation instead.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from hostile_values import LOOK_ALIKES, answer, clear, hostile, hostile_numbers, hostile_text

from nomercy import ALL_CARDS, Card, Color, NomercyError, NotationError, legal_moves, new_game
from nomercy.core.legality import is_legal, why_illegal
from nomercy.core.moves import NameColor, Play, format_move
from nomercy.core.records import made_by
from nomercy.core.seeds import MAX_SEED
from nomercy.play.estimate import Estimate
from nomercy.play.players import make_player
from nomercy.play.players.greedy import GreedyPlayer, SharpGreedy
from nomercy.play.players.randomplayer import RandomPlayer
from nomercy.play.simulate.bots import BotSpec
from nomercy.play.transcript import Transcript

HOSTILE_COVERS = (
    "api:nomercy.core.moves.Play(card)", "api:nomercy.core.moves.Play(color)", "api:nomercy.core.moves.Play(top)",
    "api:nomercy.core.moves.NameColor(color)",
    "api:nomercy.core.legality.is_legal(move)", "api:nomercy.core.legality.is_legal(state)",
    "api:nomercy.core.legality.why_illegal(move)", "api:nomercy.core.legality.why_illegal(state)",
    "api:nomercy.core.moves.format_move(keeping)",
    "api:nomercy.play.players.make_player(seed)", "api:nomercy.play.players.greedy.SharpGreedy(seed)",
    "api:nomercy.play.simulate.bots.BotSpec(kind)", "api:nomercy.play.simulate.bots.BotSpec(options)",
    "api:nomercy.play.transcript.Transcript.of_moves(opening)", "api:nomercy.play.transcript.Transcript.of_moves(raising)",
    "api:nomercy.play.estimate.Estimate(mean)", "api:nomercy.play.estimate.Estimate(error)",
    "api:nomercy.play.estimate.Estimate(playouts)", "api:nomercy.play.estimate.Estimate(label)",
    "api:nomercy.play.estimate.Estimate.of(label)",
    "api:nomercy.teaching.lessons.table(turn)", "api:nomercy.widgets.puzzle_board.puzzle(puzzle_id)",
)
"""The entry points these tests attack (the inventory, tests/test_entry_points.py, checks that every one has some)."""

HOSTILE = settings(max_examples=examples(60), deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))

RED_7 = Card.parse("red 7")
WILD = Card.parse("wild +6")
STATE = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=1)

not_a_card = hostile.filter(lambda value: not isinstance(value, Card))
not_a_color = hostile.filter(lambda value: not isinstance(value, Color))
words_like_colors = st.sampled_from(["red", "RED", "r", "\uff52ed", "r\u0435d", "red\u200b", "blue ", *LOOK_ALIKES])


def refusal(make: Callable[[], Any]) -> str:
    """The one line a refused call gives (the call must be refused with the package's error)."""
    with pytest.raises(NomercyError) as refused:
        make()
    message = str(refused.value)
    assert clear(message), message
    return message


# --- a move's parts -------------------------------------------------------------------------------------

@HOSTILE
@given(card=not_a_card)
def test_a_play_holds_one_of_the_game_s_cards_or_it_is_refused_when_built(card: Any) -> None:
    message = refusal(lambda: Play(0, card))
    assert message.startswith("a play's card is one of the game's cards, like red 7")


@HOSTILE
@given(color=st.one_of(not_a_color.filter(lambda value: value is not None), words_like_colors))
def test_a_wild_names_one_of_the_four_colors_or_the_play_is_refused_when_built(color: Any) -> None:
    assert refusal(lambda: Play(0, WILD, color)).startswith("the color a move names is red, yellow, green or blue")


@HOSTILE
@given(top=hostile.filter(lambda value: value is not None and not isinstance(value, Card)))
def test_the_card_left_on_top_after_a_discard_all_is_a_card(top: Any) -> None:
    assert refusal(lambda: Play(0, RED_7, top=top)).startswith("the card left on top after a discard-all")


@HOSTILE
@given(color=st.one_of(not_a_color, words_like_colors))
def test_a_named_color_is_one_of_the_four_even_when_nothing_else_is_named(color: Any) -> None:
    assert refusal(lambda: NameColor(1, color)).startswith("the color a move names is red, yellow, green or blue")


def test_every_card_and_color_makes_a_play_that_prints_as_its_notation() -> None:
    for card in ALL_CARDS:
        for color in (None, *Color):
            move = Play(2, card, color)
            assert format_move(move, ("A", "B", "C")).startswith(f"C plays {card}")


# --- asking about a move ----------------------------------------------------------------------------------

@HOSTILE
@given(value=hostile.filter(lambda value: not isinstance(value, str)))
def test_a_value_that_is_no_move_is_refused_when_its_legality_is_asked(value: Any) -> None:
    for ask in (is_legal, why_illegal):
        message = refusal(lambda: ask(STATE, value))
        assert message.endswith("is not a move: a move is its notation, like 'A plays red 7', or one that "
                                "legal_moves or parse_move gives")


@HOSTILE
@given(text=st.one_of(hostile_text, st.sampled_from(LOOK_ALIKES)))
def test_a_move_s_text_is_read_or_refused_in_one_line(text: str) -> None:
    answered = answer(lambda: is_legal(STATE, text))
    assert answered is None or isinstance(answered, bool)


@HOSTILE
@given(state=hostile)
def test_legality_is_asked_of_a_position_and_nothing_else(state: Any) -> None:
    move = legal_moves(STATE)[0]
    for ask in (is_legal, why_illegal):
        refusal(lambda: ask(state, move))


def test_every_legal_move_is_legal_and_has_no_reason_against_it() -> None:
    for move in legal_moves(STATE):
        assert is_legal(STATE, move) and why_illegal(STATE, move) is None


@HOSTILE
@given(keeping=hostile.filter(lambda value: not isinstance(value, (bool, str))))
def test_writing_a_kept_seven_is_a_yes_or_no(keeping: Any) -> None:
    move = Play(0, RED_7)
    refusal(lambda: format_move(move, ("A", "B"), keeping=keeping))
    assert format_move(move, ("A", "B"), keeping=True) == "A plays red 7 keeping"


# --- computer players and their specs ---------------------------------------------------------------------

def a_seed(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_SEED


@HOSTILE
@given(seed=st.one_of(hostile_numbers, hostile))
def test_a_computer_player_is_seeded_with_a_whole_number_from_0_to_2_64_minus_1(seed: Any) -> None:
    for make in (lambda: make_player("greedy", seed=seed), lambda: make_player("random", seed=seed),
                 lambda: SharpGreedy(seed=seed), lambda: GreedyPlayer(seed=seed), lambda: RandomPlayer(seed=seed)):
        if a_seed(seed):
            assert make().seed == seed
        else:
            assert refusal(make).startswith("a seed is a whole number from 0 to 9223372036854775807")


@HOSTILE
@given(kind=st.one_of(hostile, st.sampled_from(["Greedy", " greedy", "gr\u0435edy", "expert\u200b"])))
def test_a_bot_spec_built_by_hand_names_a_kind_of_player(kind: Any) -> None:
    if kind in ("random", "greedy", "expert"):
        assert BotSpec(kind).kind == kind
    else:
        assert refusal(lambda: BotSpec(kind)).startswith("unknown player kind")


@HOSTILE
@given(options=st.one_of(hostile, st.sampled_from([(("iterations", -1),), (("iterations",),), ((7, 40),),
                                                   (("iterations", 40, "x"),), (("depth", 10**30),)])))
def test_a_bot_spec_built_by_hand_takes_the_options_its_kind_takes(options: Any) -> None:
    made = answer(lambda: BotSpec("expert", options))
    if made is not None:  # accepted: pairs of an option the expert takes and a value of its kind
        assert made == BotSpec.parse(str(made))


def test_a_bot_spec_built_by_hand_is_the_one_its_text_reads_as() -> None:
    assert BotSpec("expert", (("iterations", 40),)) == BotSpec.parse("expert:iterations=40")
    assert refusal(lambda: BotSpec("greedy", (("depth", 3),))) == "a greedy player takes no options, not depth"


# --- transcripts, estimates, lessons, puzzles -------------------------------------------------------------

@HOSTILE
@given(opening=hostile)
def test_a_transcript_s_opening_is_the_events_of_a_deal(opening: Any) -> None:
    if isinstance(opening, (list, tuple)) and not opening:  # no events: a start that was not dealt (a puzzle's)
        assert Transcript.of_moves(STATE, [], opening=opening).opening == ()
    else:
        refusal(lambda: Transcript.of_moves(STATE, [], opening=opening))


def test_a_transcript_keeps_the_opening_of_a_real_deal() -> None:
    from nomercy import Game

    game = Game("no-mercy", ["Ann", "Bo"], seed=3)
    opening = game.transcript().opening
    assert Transcript.of_moves(game.start, [], opening=opening).opening == opening


@HOSTILE
@given(raising=hostile.filter(lambda value: not isinstance(value, (bool, str))))
def test_whether_a_transcript_raises_is_a_yes_or_no(raising: Any) -> None:
    refusal(lambda: Transcript.of_moves(STATE, [], raising=raising))


@HOSTILE
@given(field=st.sampled_from(["mean", "error", "playouts", "label"]), value=st.one_of(hostile_numbers, hostile))
def test_an_estimate_built_by_hand_holds_numbers_and_a_label(field: Any, value: Any) -> None:
    fields = {"mean": 0.5, "error": 0.1, "playouts": 8, "label": "A draws", field: value}
    made = answer(lambda: Estimate(**fields))
    if made is not None:
        assert str(made)  # it prints
    else:
        assert refusal(lambda: Estimate(**fields)).startswith(f"{field} of an estimate is ")


@HOSTILE
@given(label=hostile.filter(lambda value: not isinstance(value, str)))
def test_an_estimate_s_label_is_text(label: Any) -> None:
    assert refusal(lambda: Estimate.of([1, 0], label=label)).startswith("label of an estimate is a text")


@HOSTILE
@given(turn=hostile.filter(lambda value: value is not None))
def test_a_lesson_table_s_turn_is_one_of_its_seats(turn: Any) -> None:
    from nomercy.teaching.lessons import table

    made = answer(lambda: table({"A": "red 9", "B": "blue 1"}, "red 5", turn=turn))
    assert made is None or made.turn in (0, 1)


@HOSTILE
@given(puzzle_id=hostile.filter(lambda value: not isinstance(value, str)))
def test_a_puzzle_board_is_asked_for_by_its_id(puzzle_id: Any) -> None:
    from nomercy.widgets.puzzle_board import puzzle

    assert refusal(lambda: puzzle(puzzle_id)).startswith("a puzzle is named by its id")


# --- records the package makes ----------------------------------------------------------------------------

MADE = ("nomercy.core.state.PlayerView", "nomercy.play.simulate.tally.GameSummary", "nomercy.core.rulebook.Ruling",
        "nomercy.puzzles.puzzle.Judgement", "nomercy.play.simulate.runner.Progress")


@pytest.mark.parametrize("where", MADE)
def test_a_record_the_package_makes_says_so_and_why(where: str) -> None:
    import importlib

    module, name = where.rsplit(".", 1)
    kind = getattr(importlib.import_module(module), name)
    reason = made_by(kind)
    assert reason and "Made by the package: " + reason in (kind.__doc__ or "")


def test_a_record_a_person_builds_is_not_marked_as_made_by_the_package() -> None:
    from nomercy.play.match import Match
    from nomercy.play.transcript import Transcript
    from nomercy.teaching.rule_options import Comparison

    for kind in (Estimate, BotSpec, Play, NameColor, Match, Transcript, Comparison):
        assert made_by(kind) is None


# --- naming what was refused ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, named", [
    (print, "a function"), (lambda: None, "a function"), (object, "a class"), (1j, "a value of another kind"),
    (range(3), "a value of another kind"), (Ellipsis, "a value of another kind"),
])
def test_a_refused_value_of_python_s_own_kinds_is_named_without_python_s_names(value: Any, named: str) -> None:
    assert refusal(lambda: make_player("greedy", seed=value)).endswith(f"; not {named}")
