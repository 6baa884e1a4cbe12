"""Ruling 19 and C8: round scores (with 250 per knockout) and match play to the profile's target."""

from __future__ import annotations

import random

import pytest

from conftest import choose, of_kind, play, table
from nomercy import IllegalMoveError, apply, legal_moves, ruleset
from nomercy.core.scoring import round_points
from nomercy.play.match import Match


def test_the_winner_scores_the_cards_left_in_the_other_hands():
    game = table(hands={"A": ["red 9"], "B": ["green 3", "blue 7"], "C": ["green skip", "wild +6"],
                        "D": ["yellow 0", "blue discard-all", "wild roulette"]})
    after, events = play(game, "A plays red 9")
    expected = (3 + 7) + (20 + 50) + (0 + 20 + 50)
    assert round_points(after) == expected
    scored = of_kind(events, "RoundScored")[0]
    assert scored.points == expected and scored.rule == "scoring" and scored.player == "A"


def test_no_score_while_the_round_goes_on():
    game = table(hands={"A": ["red 9", "blue 1"], "B": ["green 3"], "C": ["green 4"], "D": ["green 5"]})
    assert round_points(game) == 0


def test_each_knockout_is_worth_250_and_the_knocked_out_cards_do_not_count():
    game = table(hands={"A": ["wild +10", "red 9", "red 1"], "B": {"cards": ["green 1"], "more": 19},
                        "C": ["red 3", "red 4"], "D": ["green 6", "red 8", "yellow 2"]})
    game, _ = play(game, "A plays wild +10 choosing red", "B draws")
    assert game.is_out("B")
    after, events = play(game, "C plays red 4", "D plays red 8", "A plays red 9", "C plays red 3")
    assert after.is_over and after.winner == 2
    expected = 1 + (6 + 2) + 250  # B's 25 cards are not counted
    assert round_points(after) == expected
    scored = of_kind(events, "RoundScored")[0]
    assert scored.points == expected and scored.knockouts == 1


def test_the_last_one_standing_scores_every_knockout():
    game = table(players="AB", hands={"A": ["wild +10", "blue 1", "blue 2"], "B": {"cards": ["green 1"], "more": 20}})
    after, _ = play(game, "A plays wild +10 choosing blue", "B draws")
    assert after.winner == 0
    assert round_points(after) == 250


def test_classic_scores_without_a_knockout_bonus():
    game = table(rules="classic", hands={"A": ["red 9"], "B": ["green 3", "wild"], "C": ["green skip"],
                                         "D": ["wild +4", "blue reverse", "yellow +2"]})
    after, events = play(game, "A plays red 9")
    assert round_points(after) == 3 + 50 + 20 + 50 + 20 + 20
    assert of_kind(events, "RoundScored")[0].rule == "scoring"


@pytest.mark.parametrize("profile, target", [("no-mercy", 1000), ("classic", 500), ("open-mercy", 1000),
                                             ("speltavlan", 1000)])
def test_match_target_per_profile(profile, target):
    assert Match.start(profile, ["A", "B", "C"], seed=1).target == target


def play_round(match: Match, rng: random.Random) -> Match:
    game = match.game
    for _ in range(5000):
        if game.is_over:
            return match.with_game(game)
        game, _ = apply(game, choose(rng, legal_moves(game)))
    raise AssertionError("round did not end")


@pytest.mark.parametrize("profile", ["classic", "no-mercy"])
def test_a_match_is_played_round_after_round_until_someone_reaches_the_target(profile):
    rng = random.Random(5)
    match = Match.start(profile, ["A", "B", "C"], seed=5)
    with pytest.raises(IllegalMoveError):
        match.next_round()
    rounds = 0
    while True:
        match = play_round(match, rng)
        rounds += 1
        before = dict(zip(match.seats, match.scores))
        standings = match.standings
        winner = match.seats[match.game.winner]
        assert standings[winner] == before[winner] + round_points(match.game)
        if match.is_over:
            break
        assert max(standings.values()) < match.target
        dealer = match.game.dealer
        match = match.next_round()
        assert match.round_number == rounds + 1
        assert match.game.dealer == (dealer + 1) % 3
        assert rounds < 200
    assert match.standings[match.winner] >= match.target
    with pytest.raises(IllegalMoveError):
        match.next_round()


def test_a_match_replays_from_its_seed():
    one = play_round(Match.start("classic", ["A", "B"], seed=9), random.Random(1))
    two = play_round(Match.start("classic", ["A", "B"], seed=9), random.Random(1))
    assert one.game == two.game and one.standings == two.standings


def test_knockout_bonus_is_an_option():
    game = table(players="AB", hands={"A": ["wild +10", "blue 1", "blue 2"], "B": {"cards": ["green 1"], "more": 20}},
                 variant={"knockout_bonus": 100})
    after, _ = play(game, "A plays wild +10 choosing blue", "B draws")
    assert round_points(after) == 100
    assert ruleset("no-mercy", score_target=200).score_target == 200
