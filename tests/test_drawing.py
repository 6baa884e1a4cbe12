"""Rulings `draw-until-playable` and `draw-one` (option draw), and voluntary_draw (ruling `matching`)."""

from __future__ import annotations

from conftest import kinds, of_kind, play, table
from nomercy import Card, Draw, Pass, Phase, Play
from nomercy import legal_moves, why_illegal
from nomercy.play.table_text import status_line


def hopeless_a(**kw):
    """A holds nothing that fits red 5; the draw pile starts blue 1, green 2, red 8, yellow 5."""
    return table(players="ABC", hands={"A": ["blue 9", "green 3"], "B": ["blue 4", "green 7"], "C": ["yellow 1", "yellow 2"]},
                 draw_pile=["blue 1", "green 2", "red 8", "yellow 5"], **kw)


def test_no_mercy_draws_until_a_playable_card_shows():
    game = hopeless_a()
    after, events = play(game, "A draws")
    assert len(after.hand("A")) == 5
    assert after.drawn == Card.parse("red 8")
    assert after.phase is Phase.PLAY_DRAWN
    assert after.turn == 0
    assert of_kind(events, "CardsDrawn")[0].count == 3
    assert after.draw_pile[0] == Card.parse("yellow 5")


def test_the_card_found_must_be_played_and_nothing_else():
    after, _ = play(hopeless_a(), "A draws")
    assert [a for a in legal_moves(after) if a.seat == 0] == [Play(0, Card.parse("red 8"))]
    assert "must play" in why_illegal(after, "A passes")
    assert "red 8" in why_illegal(after, "A plays blue 9")
    assert "must play" in why_illegal(after, "A draws")
    final, _ = play(after, "A plays red 8")
    assert final.top_card == Card.parse("red 8") and final.turn == 1


def test_a_drawn_wild_is_playable_and_stops_the_draw():
    game = table(players="ABC", hands={"A": ["blue 9"], "B": ["blue 4"], "C": ["yellow 1"]},
                 draw_pile=["green 1", "wild +6", "red 1"])
    after, _ = play(game, "A draws")
    assert after.drawn == Card.parse("wild +6")
    assert len(legal_moves(after, "A")) == 4  # one per color


def test_a_drawn_card_matching_the_number_stops_the_draw():
    game = table(players="ABC", hands={"A": ["blue 9"], "B": ["blue 4"], "C": ["yellow 1"]},
                 draw_pile=["green 1", "green 5", "red 1"])
    after, _ = play(game, "A draws")
    assert after.drawn == Card.parse("green 5")


def test_draw_one_keeps_an_unplayable_card_and_the_turn_passes():
    game = hopeless_a(variant={"draw": "one"})
    after, events = play(game, "A draws")
    assert len(after.hand("A")) == 3
    assert Card.parse("blue 1") in after.hand("A")
    assert after.turn == 1 and after.phase is Phase.TURN
    assert "TurnPassed" in kinds(events)


def test_draw_one_may_play_a_playable_card_or_keep_it():
    game = table(players="ABC", hands={"A": ["blue 9"], "B": ["blue 4"], "C": ["yellow 1"]},
                 draw_pile=["red 1", "green 2"], variant={"draw": "one"})
    after, _ = play(game, "A draws")
    assert after.phase is Phase.KEEP_OR_PLAY
    assert set(legal_moves(after, "A")) == {Play(0, Card.parse("red 1")), Pass(0)}
    played, _ = play(after, "A plays red 1")
    assert played.top_card == Card.parse("red 1") and played.turn == 1
    kept, _ = play(after, "A passes")
    assert Card.parse("red 1") in kept.hand("A") and kept.turn == 1
    assert "already drawn" in why_illegal(after, "A draws")


def test_pass_is_refused_without_a_drawn_card():
    game = hopeless_a()
    assert why_illegal(game, "A passes") is not None


def test_voluntary_draw_is_off_by_default():
    game = table(players="ABC", hands={"A": ["red 9", "blue 2"], "B": ["blue 4"], "C": ["yellow 1"]})
    assert Draw(0) not in legal_moves(game)
    assert "classic UNO lets a player draw instead" in why_illegal(game, "A draws")  # in words, no option name


def test_voluntary_draw_lets_a_player_draw_with_a_playable_card():
    game = table(players="ABC", hands={"A": ["red 9", "blue 2"], "B": ["blue 4"], "C": ["yellow 1"]},
                 draw_pile=["green 1", "red 2"], variant={"voluntary_draw": True})
    assert Draw(0) in legal_moves(game)
    after, _ = play(game, "A draws")
    assert after.drawn == Card.parse("red 2")  # still draws until playable, then plays it


def test_a_play_out_of_turn_is_refused_for_the_turn_first_whatever_the_hand_holds():
    """With jump-in off, a play out of turn gives the turn as its reason, like a draw or a pass out of turn, even for
    a card the player does not hold: the turn is what refuses it (a lesson shows both refusals side by side)."""
    game = hopeless_a(variant={"draw": "one"})
    after, _ = play(game, "A draws")
    card = next(c for c in (Card.parse(f"red {n}") for n in range(10)) if c not in after.hand("A"))
    assert why_illegal(after, f"A plays {card}") == "it is B's turn, not A's (jump-in is off)"
    assert why_illegal(after, "A passes") == "it is B's turn, not A's"


def test_only_the_player_whose_turn_it_is_draws():
    game = hopeless_a()
    assert "turn" in why_illegal(game, "B draws")


def test_a_drawing_player_cannot_draw_past_a_playable_card_they_drew():
    game = hopeless_a()
    after, _ = play(game, "A draws")
    assert after.hand("A").count(Card.parse("red 8")) == 1
    assert Card.parse("yellow 5") not in after.hand("A")


# --- the ruling a draw cites follows the option in force, not the deck ----------------------

def test_speltavlan_draws_one_and_cites_the_draw_one_ruling():
    after, events = play(hopeless_a(rules="speltavlan"), "A draws")
    assert {e.rule for e in of_kind(events, "CardsDrawn") + of_kind(events, "TurnPassed")} == {"draw-one"}
    assert len(after.hand("A")) == 3 and after.turn == 1


def test_classic_drawing_until_playable_cites_the_until_playable_ruling():
    after, events = play(hopeless_a(rules="classic", variant={"draw": "until-playable"}), "A draws")
    assert of_kind(events, "CardsDrawn")[0].rule == "draw-until-playable"
    assert after.drawn == Card.parse("red 8")


def test_no_mercy_with_draw_one_cites_the_draw_one_ruling():
    _, events = play(hopeless_a(variant={"draw": "one"}), "A draws")
    assert of_kind(events, "CardsDrawn")[0].rule == "draw-one"


def test_the_table_says_a_drawn_card_that_fits_is_played_in_words_for_a_finger_or_a_mouse():
    """Play is used on phones: the status names no click (a newcomer's finding)."""

    after, _ = play(hopeless_a(), "A draws")
    said = status_line(after, 0, ["human", "greedy", "greedy"], [0], hidden=False, reveal_for=None)
    assert said == "You drew red 8, which fits: you must play it (it is highlighted)."
