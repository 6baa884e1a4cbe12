"""One replay path: a seeded game's moves, replayed through every front door, give the very same positions.

The driver's :func:`~nomercy.play.driver.replay` is the one loop that plays moves already made;
a record (``Game.from_record``, the table's Import, a saved game), a transcript (lessons, puzzles,
the step player), a simulated game (``replay_game``, ``nomercy simulate --records``) and a game's
own ``play`` all go through it. Each door must reach the same states, and refuse the same move
with the same reason.
"""

from __future__ import annotations

import json

import pytest

from nomercy import Game, GameRecord, NomercyError, new_game, ruleset
from nomercy.cli import main
from nomercy.core.engine import deal, legal_moves
from nomercy.play.driver import replay
from nomercy.play.players import make_player
from nomercy.play.saved_game import SavedGame
from nomercy.play.simulate import BotSpec, play_game, replay_game
from nomercy.play.table import TableSession
from nomercy.play.transcript import Transcript
from nomercy.teaching.lessons import after
from nomercy.teaching.rule_options import play as play_under

SEATS = ("Ann", "Bo", "Cy")


@pytest.fixture(scope="module")
def seeded() -> Game:
    """A whole seeded round of three computer players (greedy, random, expert with a small budget)."""
    game = Game("no-mercy", SEATS, seed=31,
                computers={"Ann": "greedy", "Bo": "random",
                           "Cy": make_player("expert", seed=3, iterations=8, depth=6, max_time=None)})
    game.play_computers()
    assert game.state.is_over and game.move_count > 20
    return game


def states_of(story: Transcript) -> list:
    return [story.start] + [step.after for step in story.steps]


def test_every_front_door_replays_a_seeded_game_to_the_same_states(seeded):
    record = seeded.record()
    expected = states_of(seeded.transcript())
    start = seeded.start

    seen = [start]
    assert replay(start, record.moves, observe=lambda before, move, events, reached: seen.append(reached)) == expected[-1]
    assert seen == expected

    assert states_of(Transcript.of_moves(start, record.moves)) == expected
    assert states_of(Game.from_record(record).transcript()) == expected
    assert states_of(Game.from_record(GameRecord.from_json(record.to_json())).transcript()) == expected

    one_by_one = Game(record.rules, record.seats, seed=record.seed, dealer=record.dealer)
    for move in record.moves:
        one_by_one.play(move)
    assert states_of(one_by_one.transcript()) == expected

    table = TableSession.from_record(record, {name: "human" for name in SEATS})
    assert states_of(table.transcript()) == expected

    assert after(start, *record.moves) == expected[-1]
    assert play_under(start, record.rules, record.moves).state == expected[-1]


def test_a_saved_game_resumes_at_the_same_position(seeded, tmp_path):
    path = tmp_path / "round.json"
    path.write_text(seeded.record().to_json(), encoding="utf-8")
    resumed = SavedGame(path).resume()
    assert resumed.record == seeded.record()
    assert Game.from_record(resumed.record).state == seeded.state


def test_a_simulated_game_replays_from_its_seed_and_its_record():
    rules = ruleset("no-mercy")
    bots = (BotSpec.parse("greedy"), BotSpec.parse("random"), BotSpec.parse("greedy"))
    moves: list = []
    summary = play_game(rules, bots, 2026, moves=moves, keep_record=True)
    record = summary.record
    assert record is not None and len(record.moves) == summary.moves == len(moves)
    end = replay_game(rules, 3, 2026, moves)
    assert end.is_over and end.winner == summary.winner
    assert replay_game(rules, 3, 2026, record.moves) == end
    assert Game.from_record(record).state == end
    assert deal(rules, record.seats, seed=record.seed, dealer=record.dealer)[0] == new_game(rules, 3, seed=2026)


def test_the_records_of_nomercy_simulate_replay_to_the_games_they_summarize(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    assert main(["simulate", "--players", "3", "--bots", "greedy,random,random", "--set", "stacking=none",
                 "--games", "4", "--seed", "5", "--workers", "1", "--no-progress", "--records", str(path)]) == 0
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    for line in lines:
        record = GameRecord.from_data(line["record"])
        game = Game.from_record(record)
        assert record.seed == line["seed"] and record.rules == ruleset("no-mercy", stacking="none")
        assert game.state.is_over and game.state.winner == line["winner"] and game.move_count == line["moves"]
        assert game.state.end_reason == line["end_reason"]


def test_every_front_door_refuses_the_same_move_with_the_same_reason(seeded):
    record = seeded.record()
    moves = list(record.moves[:6]) + [record.moves[0]] + list(record.moves[6:])  # move 7 played again: refused
    start = seeded.start
    with pytest.raises(NomercyError) as engine:
        replay(start, moves)
    reason = str(engine.value)

    story = Transcript.of_moves(start, moves)
    assert story.refused is not None and (story.refused.number, story.refused.refused) == (7, reason)
    assert story.end == states_of(seeded.transcript())[6]

    bad = GameRecord(record.rules, record.seats, record.seed, tuple(moves), record.dealer)
    with pytest.raises(type(engine.value)) as from_record:
        Game.from_record(bad)
    assert str(from_record.value) == f"record move 7 ({moves[6]!r}): {reason}"
    with pytest.raises(NomercyError) as table:
        TableSession.from_record(bad, {name: "human" for name in SEATS})
    assert str(table.value) == str(from_record.value)
    with pytest.raises(NomercyError, match=reason):
        after(start, *moves)


def test_a_move_after_the_round_is_over_is_refused_by_every_door(seeded):
    moves = list(seeded.moves) + [seeded.moves[-1]]
    story = Transcript.of_moves(seeded.start, moves)
    assert story.refused is not None and story.refused.refused == "the round is over"
    with pytest.raises(NomercyError, match="the round is over"):
        replay(seeded.start, moves)
    with pytest.raises(NomercyError, match="the round is over"):
        seeded.__copy__().play(seeded.moves[-1])


def test_a_list_of_moves_holding_none_is_refused_not_cut_short():
    start = new_game("no-mercy", 2, seed=1)
    with pytest.raises(NomercyError, match="nothing is not a move"):
        replay(start, [None])
    assert Transcript.of_moves(start, [None]).refused is not None  # type: ignore[list-item]


def test_the_step_player_steps_through_the_same_states(seeded):
    from nomercy.widgets.step_player import StepPlayer

    shown = [seeded.start]
    for frame in StepPlayer(seeded.record()).frames:
        if frame.state != shown[-1]:
            shown.append(frame.state)
    assert shown == states_of(seeded.transcript())


def test_a_records_step_through_starts_with_the_deals_first_card_events_as_the_games_transcript_does():
    """Classic, seed 0 turns up a green +2: the step player opens on that card and its draw, as the game did."""
    from nomercy.widgets.step_player import StepPlayer

    game = Game("classic", ["A", "B", "C"], seed=0)
    for _ in range(3):
        game.play(legal_moves(game.state)[0])
    opening = [event.sentence for event in game.start_events]
    assert "The first card turned up is green +2." in opening
    for source in (game.record(), game, GameRecord.from_json(game.record().to_json())):
        frames = [frame.sentence for frame in StepPlayer(source).frames]
        assert frames[:len(opening)] == opening
        assert frames == [frame.sentence for frame in game.transcript().frames()]


def test_every_puzzle_s_moves_replay_to_the_same_states_and_refusal_as_the_driver_s():
    from nomercy.puzzles.puzzle import default_puzzle_dir, load_puzzles

    puzzles = [p for p in load_puzzles(default_puzzle_dir()) if p.moves]
    assert len(puzzles) > 50
    for puzzle in puzzles:
        start = puzzle.position()
        seen = [start]
        try:
            replay(start, puzzle.moves, observe=lambda before, move, events, reached: seen.append(reached))
            refused = None
        except NomercyError as error:
            refused = str(error)
        story = puzzle.transcript()
        assert [story.start] + [step.after for step in story.steps if step.played] == seen, puzzle.id
        assert (story.refused.refused if story.refused else None) == refused, puzzle.id
