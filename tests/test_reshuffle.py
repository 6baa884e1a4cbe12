"""Ruling 18: an empty draw pile is rebuilt from the discard pile (keeping its top card);
18b: the dead end when nobody can play or draw."""

from __future__ import annotations

from conftest import kinds, of_kind, play, table, with_fields
from nomercy import DECKS, Card, Color
from nomercy.core.engine import dead_end_winner
from nomercy import why_illegal


def short_pile(draw_pile, **kw):
    hands = kw.pop("hands", {"A": ["red +2", "blue 1"], "B": ["green 1", "green 2"], "C": ["green 3", "green 4"]})
    return table(players="ABC", hands=hands, draw_pile=draw_pile, rest="discard", **kw)


def test_the_discard_pile_except_its_top_card_becomes_the_new_draw_pile():
    game, _ = play(short_pile([]), "A plays red +2")
    buried = len(game.discard) - 1
    after, events = play(game, "B draws")
    assert after.discard == (Card.parse("red +2"),)
    assert of_kind(events, "PileReshuffled")[0].count == buried
    assert len(after.draw_pile) == buried - 2
    assert len(after.hand("B")) == 4
    assert after.card_count() == 168


def test_an_interrupted_draw_continues_after_the_reshuffle():
    game, _ = play(short_pile(["yellow 9"]), "A plays red +2")
    after, events = play(game, "B draws")
    assert Card.parse("yellow 9") in after.hand("B")
    assert len(after.hand("B")) == 4
    # B takes the one card left, the pile is reshuffled, and B draws the second card from the new pile
    assert [e.count for e in of_kind(events, "CardsDrawn")] == [1, 1]
    assert kinds(events)[:3] == ["CardsDrawn", "PileReshuffled", "CardsDrawn"]
    assert "DrawStoppedShort" not in kinds(events)


def test_the_reshuffle_is_seeded():
    game, _ = play(short_pile([]), "A plays red +2")
    one, _ = play(game, "B draws")
    two, _ = play(game, "B draws")
    assert one.draw_pile == two.draw_pile and one.hands == two.hands
    assert one.shuffles == game.shuffles + 1


def everything_in_hands(top="red +2", pending=2, **variant):
    """Every card but the top one is in a hand: nothing is left to draw anywhere."""
    hands = {"A": ["blue 1", "blue 2"], "B": ["green 1"], "C": {"cards": [], "more": 164}}
    return table(players="ABC", turn="B", discard=top, pending=pending, hands=hands,
                 variant={"mercy_limit": None, **variant})


def test_a_draw_stops_short_when_no_card_is_left_anywhere():
    game = everything_in_hands()
    assert game.draw_pile == () and len(game.discard) == 1
    after, events = play(game, "B draws")
    stopped = of_kind(events, "DrawStoppedShort")[0]
    assert stopped.missing == 2 and stopped.rule == "empty-draw-pile"
    assert "short" in stopped.sentence
    assert len(after.hand("B")) == 1
    assert after.pending == 0 and after.turn == 2
    assert after.card_count() == 168


def test_a_draw_stops_short_after_what_is_left():
    hands = {"A": ["blue 1", "blue 2"], "B": ["green 1"], "C": {"cards": [], "more": 163}}
    game = table(players="ABC", turn="B", discard="red +2", pending=2, hands=hands, variant={"mercy_limit": None})
    assert len(game.draw_pile) == 1
    after, events = play(game, "B draws")
    assert len(after.hand("B")) == 2
    assert of_kind(events, "DrawStoppedShort")[0].missing == 1


def test_a_voluntary_draw_needs_something_to_draw():
    game = table(players="ABC", discard="red 5", variant={"mercy_limit": None, "voluntary_draw": True},
                 hands={"A": ["red 9", "blue 2"], "B": ["green 1"], "C": {"cards": [], "more": 164}})
    reason = why_illegal(game, "A draws")
    assert reason is not None and "no card is left anywhere" in reason


def stuck_table(sizes, direction="clockwise"):
    """An artificial table where nobody can play: only green and blue cards without a 5 are left in
    play and red 5 is on top. With a full deck this cannot happen (every deck has wilds, and
    whoever holds one can play), so the other cards are taken out of the game here."""
    pool = [c for c in DECKS["no-mercy"].cards() if c.color in (Color.GREEN, Color.BLUE) and c.number != 5]
    hands, start = [], 0
    for size in sizes:
        hands.append(tuple(pool[start:start + size]))
        start += size
    base = table(players="ABC", discard="red 5", hands={"A": ["blue 1"], "B": ["blue 2"], "C": ["blue 3"]},
                 direction=direction)
    return with_fields(base, hands=tuple(hands), draw_pile=(), discard=(Card.parse("red 5"),))


def test_dead_end_when_nobody_can_play_or_draw_the_fewest_cards_win():
    game = stuck_table([6, 4, 5])
    game, _ = play(game, "A draws", "B draws")
    assert not game.is_over
    after, events = play(game, "C draws")
    assert after.is_over
    assert after.winner == 1
    won = of_kind(events, "RoundWon")[0]
    assert won.rule == "dead-end" and won.how == "dead end"
    assert "fewest" in won.sentence


def test_dead_end_tie_goes_to_the_first_from_the_current_player_onward():
    after, _ = play(stuck_table([6, 4, 4]), "A draws", "B draws", "C draws")
    assert after.winner == 1  # from A onward clockwise, B comes before C
    after, _ = play(stuck_table([6, 4, 4], "counterclockwise"), "A draws", "C draws", "B draws")
    assert after.winner == 2  # from A onward counterclockwise, C comes before B


def test_dead_end_winner_counts_from_the_given_seat():
    hands = [[Card.parse("red 1")] * 3, [Card.parse("red 1")] * 2, [Card.parse("red 1")] * 2, [Card.parse("red 1")]]
    assert dead_end_winner(hands, (), 0, 1, 4) == 3
    assert dead_end_winner(hands, (3,), 0, 1, 4) == 1
    assert dead_end_winner(hands, (3,), 0, -1, 4) == 2
    assert dead_end_winner(hands, (3,), 2, 1, 4) == 2
