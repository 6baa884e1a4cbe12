"""The one driver: a game session with computer players, history, undo and a transcript; the loop beneath it."""

from __future__ import annotations

import pytest

from nomercy import IllegalMoveError, legal_moves, new_game, ruleset
from nomercy.core.seeds import derive_seed, short_seed
from nomercy.core.rules import ROUND_MOVE_LIMIT
from nomercy.play.driver import play_out
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.transcript import Transcript


def test_computers_play_until_a_person_must_act():
    game = Game("no-mercy", ["Ann", "Greedy", "Expert"], seed=1, computers={"Greedy": "greedy", "Ann": "random"})
    played = game.play_computers()
    assert played == game.move_count > 0
    assert game.state.seats[game.state.to_act] == "Expert"  # the one seat without a computer
    assert game.next_computer_move() is None and game.advance() is None


def test_a_session_of_computers_alone_plays_the_round_to_its_end():
    game = Game("classic", 3, seed=4, computers={0: "greedy", 1: "greedy", 2: "random"})
    game.play_computers()
    assert game.state.is_over and game.state.winner is not None
    assert Game.from_record(game.record()).state == game.state  # the record replays it move by move


def test_computer_players_made_from_a_kind_get_seeds_derived_from_the_games():
    one = Game("no-mercy", 2, seed=7, computers={0: "random", 1: "random"})
    two = Game("no-mercy", 2, seed=7, computers={0: "random", 1: "random"})
    one.play_computers()
    two.play_computers()
    assert one.moves == two.moves
    assert one.computers[1].seed == derive_seed(7, "player", 1)


def test_the_session_plays_the_same_moves_as_the_bare_loop():
    """Game.play_computers is play_out with the bookkeeping: the same players give the same round."""
    seats = {0: make_player("greedy", seed=3), 1: make_player("random", seed=3)}
    game = Game("no-mercy", 2, seed=12, computers=seats)
    game.play_computers()
    again = {0: make_player("greedy", seed=3), 1: make_player("random", seed=3)}
    end = play_out(new_game("no-mercy", 2, seed=12), lambda state: next_move(state, again))
    assert end == game.state


def test_undo_takes_back_one_move_and_the_transcript_follows():
    game = Game("no-mercy", ["A", "B"], seed=4)
    game.play(legal_moves(game.state)[0])
    game.play(legal_moves(game.state)[0])
    assert len(game.transcript().steps) == 2
    game.undo()
    story = game.transcript()
    assert [step.move for step in story.steps] == list(game.moves)
    assert story.end == game.state
    game.undo()
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        game.undo()


def test_the_transcript_of_a_deal_starts_with_the_first_cards_own_events():
    """Classic, seed 0, turns up a +2: A draws it at once, and the story opens with that (the table's log once dropped it)."""
    game = Game("classic", ["A", "B", "C"], seed=0)
    story = game.transcript()
    assert story.opening == game.start_events and story.opening
    frames = story.frames()
    assert [frame.sentence for frame in frames[: len(story.opening)]] == [e.sentence for e in story.opening]
    assert [event.sentence for event in story.opening][-2:] == ["A draws 2 cards.", "A loses the turn."]
    assert "A draws 2 cards." in story.text()


def test_a_transcript_stops_at_the_first_refused_move_with_the_engines_reason():
    start = new_game("no-mercy", ["A", "B"], seed=1)
    story = Transcript.of_moves(start, ["B draws", "A draws"])
    assert len(story.steps) == 1 and story.refused is not None
    assert story.refused.refused == "it is A's turn, not B's"
    assert story.end == start and story.played == ()
    frames = story.frames()
    assert frames[-1].refused and frames[-1].sentence == "B draws is refused: it is A's turn, not B's."
    assert "<b>refused:</b>" in story.html()


def test_text_that_is_not_a_move_is_a_refused_step_not_a_crash():
    story = Transcript.of_moves(new_game("no-mercy", ["A", "B"], seed=1), ["A dances"])
    assert story.refused is not None and story.refused.refused


def test_the_bare_loop_stops_where_it_is_told_and_reports_a_runaway_round():
    start = new_game("no-mercy", 2, seed=3)
    assert play_out(start, lambda state: None) is start
    three = play_out(start, lambda state: legal_moves(state)[0], max_moves=3)
    assert three.ply - start.ply == 3
    seen = []
    play_out(start, lambda state: legal_moves(state)[0], max_moves=2, observe=lambda *move: seen.append(move))
    assert len(seen) == 2 and seen[0][0] is start
    assert ROUND_MOVE_LIMIT >= 10_000


def test_seeds_are_derived_by_purpose_and_short_seeds_stay_readable():
    assert derive_seed(5, "round", 1) == derive_seed(5, "round", 1) != derive_seed(5, "round", 2)
    assert derive_seed(5, "round", 1) != derive_seed(5, "player", 1)
    assert all(1 <= short_seed(seed, "table", n) <= 999_999 for seed in range(20) for n in range(5))


def test_any_rule_set_plays_in_a_session():
    import dataclasses

    house = dataclasses.replace(ruleset("no-mercy", mercy_limit=30), name="our-house")
    game = Game(house, 3, seed=2, computers={0: "greedy", 1: "greedy", 2: "greedy"})
    game.play_computers()
    assert game.state.is_over and game.record().rules == house
