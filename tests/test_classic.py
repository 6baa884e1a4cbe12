"""Classic UNO (profile classic): draw one, no stacking, the wild +4 restriction and challenge, last cards."""

from __future__ import annotations

from conftest import kinds, of_kind, play, table, turn_moves
from nomercy import Card, Challenge, Draw, Pass, Phase, Play
from nomercy import is_legal, legal_moves, why_illegal

OTHERS = {"B": ["green 1", "green 2", "yellow 5"], "C": ["green 3", "green 4"], "D": ["green 6", "green 8"]}


def classic(a_hand, **kw):
    hands = {"A": a_hand, **OTHERS, **kw.pop("hands", {})}
    return table(rules="classic", hands=hands, **kw)


def test_draw_one_and_play_it_if_it_fits():
    game = classic(["blue 1", "blue 2"], draw_pile=["red 8", "red 9"])
    after, _ = play(game, "A draws")
    assert after.phase is Phase.KEEP_OR_PLAY and after.drawn == Card.parse("red 8")
    assert set(turn_moves(after, "A")) == {Play(0, Card.parse("red 8")), Pass(0)}
    played, _ = play(after, "A plays red 8")
    assert played.top_card == Card.parse("red 8") and played.turn == 1


def test_draw_one_keep_it_and_the_turn_passes():
    game = classic(["blue 1", "blue 2"], draw_pile=["red 8", "red 9"])
    after, events = play(game, "A draws", "A passes")
    assert Card.parse("red 8") in after.hand("A") and after.turn == 1
    assert of_kind(events, "TurnPassed")[0].rule == "draw-one"


def test_draw_one_unplayable_card_passes_the_turn_at_once():
    game = classic(["blue 1", "blue 2"], draw_pile=["green 9", "red 9"])
    after, _ = play(game, "A draws")
    assert after.turn == 1 and len(after.hand("A")) == 3 and after.phase is Phase.TURN


def test_classic_players_may_draw_instead_of_playing():
    game = classic(["red 1", "blue 2"])
    assert Draw(0) in legal_moves(game)


def test_only_the_drawn_card_may_be_played_after_drawing():
    game = classic(["red 1", "blue 2"], draw_pile=["red 8"])
    after, _ = play(game, "A draws")
    assert why_illegal(after, "A plays red 1") is not None


def test_no_stacking_in_classic():
    game = classic(["red +2", "blue 2"], hands={"B": ["blue +2", "green 2", "wild +4"]})
    game, events = play(game, "A plays red +2")
    assert turn_moves(game, "B") == [Draw(1)]
    assert "no stacking" in why_illegal(game, "B plays blue +2")
    after, events = play(game, "B draws")
    assert len(after.hand("B")) == 5 and after.turn == 2
    assert of_kind(events, "CardsDrawn")[0].rule == "no-stacking"


def test_two_players_reverse_acts_as_a_skip():
    game = table(rules="classic", players="AB", hands={"A": ["red reverse", "red 1", "blue 1"], "B": ["green 1"]})
    after, _ = play(game, "A plays red reverse")
    assert after.turn == 0


def test_wild_draw_four_may_be_played_and_its_target_may_challenge():
    game = classic(["wild +4", "blue 2", "blue 3"])
    after, _ = play(game, "A plays wild +4 choosing blue")
    assert after.turn == 1 and after.pending == 4
    assert set(turn_moves(after, "B")) == {Draw(1), Challenge(1)}
    assert "only B" in why_illegal(after, "C challenges")


def test_challenge_fails_when_the_player_had_no_card_of_the_color_in_force():
    game = classic(["wild +4", "blue 2", "blue 3"])  # no red: the wild +4 was allowed
    after, events = play(game, "A plays wild +4 choosing blue", "B challenges")
    assert len(after.hand("B")) == 3 + 6
    assert len(after.hand("A")) == 2
    assert after.turn == 2 and after.pending == 0
    challenged = of_kind(events, "Challenged")[0]
    assert not challenged.guilty and challenged.rule == "challenge"


def test_challenge_succeeds_when_the_player_held_the_color_in_force():
    game = classic(["wild +4", "red 2", "blue 3"])  # A held red 2 on red 5: a bluff
    after, events = play(game, "A plays wild +4 choosing blue", "B challenges")
    assert len(after.hand("A")) == 2 + 4
    assert len(after.hand("B")) == 3
    assert after.pending == 0
    assert of_kind(events, "Challenged")[0].guilty


def test_holding_a_matching_number_is_not_a_bluff():
    game = classic(["wild +4", "blue 5", "blue 3"])  # blue 5 matches by number, not by color
    after, events = play(game, "A plays wild +4 choosing green", "B challenges")
    assert not of_kind(events, "Challenged")[0].guilty
    assert len(after.hand("B")) == 9


def test_not_challenging_means_drawing_four_and_losing_the_turn():
    game = classic(["wild +4", "red 2", "blue 3"])
    after, _ = play(game, "A plays wild +4 choosing blue", "B draws")
    assert len(after.hand("B")) == 7 and after.turn == 2
    assert why_illegal(after, "C challenges") is not None


def test_no_bluff_option_means_no_challenge():
    game = classic(["wild +4", "red 2", "blue 3"], variant={"no_bluff": True})
    after, _ = play(game, "A plays wild +4 choosing blue")
    assert turn_moves(after, "B") == [Draw(1)]


def test_a_last_draw_two_still_makes_the_next_player_draw():
    game = classic(["red +2"])
    after, events = play(game, "A plays red +2")
    assert after.is_over and after.winner == 0
    assert len(after.hand("B")) == 5
    assert of_kind(events, "CardsDrawn")[0].rule == "last-card-draws"


def test_a_last_wild_draw_four_still_makes_the_next_player_draw():
    game = classic(["wild +4"])
    after, _ = play(game, "A plays wild +4 choosing red")
    assert after.is_over and len(after.hand("B")) == 7


def test_classic_has_no_mercy_rule():
    game = classic(["red +2", "blue 1"], hands={"B": {"cards": ["green 1"], "more": 30}})
    after, _ = play(game, "A plays red +2", "B draws")
    assert len(after.hand("B")) == 33 and not after.is_out("B")


def test_classic_sevens_and_zeros_do_nothing_special():
    game = classic(["red 7", "red 0", "blue 1"])
    assert is_legal(game, "A plays red 7")
    after, events = play(game, "A plays red 0")
    assert "HandsPassed" not in kinds(events)


def test_a_challenge_under_no_bluff_is_refused_saying_no_bluff_forbids_it():
    """The refusal names the option, not "there is no wild +4", which the reader just saw played."""
    game = classic(["wild +4", "red 2", "blue 3"], variant={"no_bluff": True})
    after, _ = play(game, "A plays wild +4 choosing blue")
    reason = why_illegal(after, "B challenges")
    assert reason is not None and "no_bluff" in reason and "no wild +4" not in reason


def test_a_challenge_says_the_color_that_counts_is_the_one_before_the_wild_four():
    """After the wild +4 its named color is in force; the challenge is about the color it was played on."""
    game = classic(["wild +4", "red 2", "blue 3"])  # red 5 on top: A held red 2 and named blue
    _, events = play(game, "A plays wild +4 choosing blue", "B challenges")
    assert "held a card of the color in force before the wild +4" in of_kind(events, "Challenged")[0].sentence
    game = classic(["wild +4", "blue 5", "blue 3"])
    _, events = play(game, "A plays wild +4 choosing green", "B challenges")
    assert "held no card of the color in force before the wild +4" in of_kind(events, "Challenged")[0].sentence
