"""A mistake meets a clear refusal: one line in the game's words, a package error, the game unchanged.

Moves the checker must refuse, options that cannot be dealt, and API calls with
values of the wrong kind. Every refusal is a ``NomercyError`` (never a
``TypeError``, ``AttributeError`` or ``IndexError``) whose message says what is
wrong and what is allowed.
"""

from __future__ import annotations

import dataclasses
import pickle
import signal

import pytest

from nomercy.core.errors import brief

from conftest import examples, of_kind, play, table
from nomercy import (Card, Catch, Color, Game, GameRecord, IllegalMoveError, NameColor, NomercyError, NotationError,
                     Play, RulesError, apply, new_game, parse_move, ruleset)
from nomercy.core.errors import brief
from nomercy.core.engine import deal
from nomercy import legal_moves
from nomercy import why_illegal


def one_line(error: BaseException) -> str:
    text = str(error)
    assert "\n" not in text and len(text) < 400, text
    return text


@pytest.fixture
def no_hang():
    """Stop a test that runs on (a hang) instead of hanging the suite: a guard, not a timing, so its minute
    is far beyond what the slowest machine needs (these deals take milliseconds)."""
    def stop(signum, frame):
        raise TimeoutError("still running after 60 s: a hang")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


# --- dealing ---------------------------------------------------------------------------

def test_a_skip_all_left_alone_after_the_deal_starts_the_pile_and_the_dealer_plays(no_hang):
    game = new_game("open-mercy", 2, seed=165, hand_size=83, mercy_limit=None)
    assert game.discard[0].rank.value == "skip-all" and game.turn == game.dealer


def test_the_number_first_deal_stops_the_same_way(no_hang):
    with pytest.raises(RulesError, match="hold no number card to turn up first"):
        new_game("no-mercy", 2, seed=165, hand_size=83, mercy_limit=None)


def test_a_puzzle_that_starts_before_the_first_card_with_only_wild_fours_left_is_refused(no_hang):
    from nomercy.puzzles.puzzle import Puzzle
    from nomercy.core.decks import DECKS

    every = [str(c) for c in DECKS["classic"].cards() if str(c) != "wild +4"]
    data = {"id": "only-wild-fours", "title": "t", "source": "original", "rules": "classic",
            "variant": {"hand_size": 52}, "players": ["A", "B"], "turn": "A",
            "start": "first-card", "discard": [], "hands": {"A": every[:52], "B": every[52:]},
            "moves": [], "question": "q", "answer": {"turn": "A"}}
    with pytest.raises(NomercyError, match="are all wild \\+4 cards"):
        Puzzle.from_dict(data)


@pytest.mark.parametrize("limit", [7, 5, 2])
def test_a_mercy_limit_at_or_below_the_hand_size_cannot_be_dealt(limit):
    with pytest.raises(RulesError) as caught:
        new_game("no-mercy", 3, mercy_limit=limit)
    assert one_line(caught.value) == (f"mercy_limit {limit} is not above hand_size 7: every hand would be dealt at "
                                      "the mercy limit; choose a mercy_limit above hand_size, or none")
    assert new_game("no-mercy", 3, mercy_limit=8).out == ()


def test_the_players_option_and_the_seats_go_together():
    game = new_game("no-mercy", 8, players="2-10", seed=2)
    assert len(game.seats) == 8 and game.rules.players == (2, 10)
    recorded = Game("no-mercy", 8, players="2-10", seed=2)
    recorded.play(legal_moves(recorded.state)[0])
    again = Game.from_record(GameRecord.from_json(recorded.record().to_json()))
    assert again.state == recorded.state


def test_seats_given_by_keyword_are_told_where_they_go():
    with pytest.raises(RulesError) as caught:
        new_game("no-mercy", players=3)
    assert "the seats come second, as in new_game('no-mercy', 3)" in one_line(caught.value)


@pytest.mark.parametrize("players", [None, 3.0, "ABC", [True, False], ["Ann", None], {"A": 1}])
def test_seats_of_the_wrong_kind_are_refused(players):
    with pytest.raises(RulesError) as caught:
        new_game("no-mercy", players)
    assert "players is" in one_line(caught.value) or "seat name" in str(caught.value)


@pytest.mark.parametrize("names", [["Ann B", "Cy"], ["", "Bo"], ["Ann", "ann"]])
def test_seat_names_are_single_distinct_words(names):
    with pytest.raises(RulesError):
        deal("no-mercy", names)


# --- moves the checker refuses -------------------------------------------------------------

def seven_table():
    return table(players="ABCD", turn="B", discard="red 5",
                 hands={"A": ["blue 1"], "B": ["red 7", "blue 2"], "C": ["green 3"], "D": ["yellow 4"]})


@pytest.mark.parametrize("target", [-2, "B", "C", 1.0, True])
def test_a_seven_whose_target_is_no_seat_number_is_refused_when_built(target):
    with pytest.raises(NotationError) as caught:
        Play(1, Card.parse("red 7"), target=target)
    assert str(caught.value) == f"a move's target is a seat number, a whole number from 0 to 999, not {brief(target)}"


@pytest.mark.parametrize("target", [5, 999, None])
def test_a_seven_swaps_only_with_a_seat_in_play(target):
    game = seven_table()
    move = Play(1, Card.parse("red 7"), target=target)
    snapshot = pickle.loads(pickle.dumps(game))
    reason = why_illegal(game, move)
    assert reason is not None
    if target is None:
        assert reason == "B must swap hands with another player when playing a 7 (say 'swapping with B', for example)"
    else:
        assert reason == f"B cannot swap hands with seat {brief(target)}: a 7 swaps with another player still in (A, C, D)"
    with pytest.raises(IllegalMoveError) as caught:
        apply(game, move)
    assert str(caught.value) == reason
    assert game == snapshot
    assert why_illegal(game, Play(1, Card.parse("red 7"), target=2)) is None


def test_a_knocked_out_seat_cannot_be_reached_by_negative_indexing():
    game = seven_table().replace(out=(3,), hands=((Card.parse("blue 1"),), (Card.parse("red 7"), Card.parse("blue 2")),
                                                  (Card.parse("green 3"),), ()))
    assert why_illegal(game, Play(1, Card.parse("red 7"), target=3)) == "D is out of the round and cannot be a swap target"
    with pytest.raises(NotationError, match="^a move's target is a seat number, a whole number from 0 to 999, not -1$"):
        Play(1, Card.parse("red 7"), target=-1)  # never Python's last seat


@pytest.mark.parametrize("color", ["red", "purple", 7, None])
def test_a_wild_names_one_of_the_four_colors(color):
    game = table(hands={"A": ["wild +6", "blue 3"], "B": ["green 1"], "C": ["yellow 9"], "D": ["blue 1"]})
    if color is None:
        reason = why_illegal(game, Play(0, Card.parse("wild +6"), color=color))
        assert reason == "A must name a color with wild +6 (say 'choosing red', for example)"
    else:  # anything but a color is refused when the move is built, before the rules are asked
        with pytest.raises(NotationError) as refused:
            Play(0, Card.parse("wild +6"), color=color)
        assert str(refused.value) == ("the color a move names is red, yellow, green or blue (Color.parse reads one "
                                      f"from its text); not {brief(color)}")
    assert why_illegal(game, Play(0, Card.parse("wild +6"), color=Color.RED)) is None


def test_the_roulette_victim_names_one_of_the_four_colors():
    game = table(hands={"A": ["wild roulette", "blue 3"], "B": ["green 1"], "C": ["yellow 9"], "D": ["blue 1"]})
    game, _ = play(game, "A plays wild roulette")
    with pytest.raises(NotationError, match="^the color a move names is red, yellow, green or blue .*; not 'red'$"):
        NameColor(1, "red")  # the text of a color is not a color: refused when the move is built
    assert why_illegal(game, NameColor(1, Color.RED)) is None


@pytest.mark.parametrize("move, reason", [
    (Catch(1, 9), "B cannot catch seat 9: the seats are 0 to 3 (A, B, C, D)"),
    (Play(7, Card.parse("red 3")), "there is no seat 7: the seats are 0 to 3 (A, B, C, D)"),
])
def test_moves_at_seats_that_are_not_there_are_refused_not_crashed(move, reason):
    game = table(hands={"A": ["red 3", "blue 3"], "B": ["green 1"], "C": ["yellow 9"], "D": ["blue 1"]})
    from nomercy.core.engine import why_illegal

    assert why_illegal(game, move) == reason
    with pytest.raises(IllegalMoveError, match="."):
        apply(game, move)


@pytest.mark.parametrize("build, reason", [
    (lambda: Play(0, "red 3"), "a play's card is one of the game's cards, like red 7 or wild +6 (Card.parse reads "
                               "one from its text); not 'red 3'"),
    (lambda: Play(0, Card.parse("red 3"), top="red 3"),
     "the card left on top after a discard-all is one of the game's cards, like red 7; not 'red 3'"),
])
def test_moves_built_with_values_of_the_wrong_kind_are_refused_when_built(build, reason):
    with pytest.raises(NotationError) as refused:
        build()
    assert str(refused.value) == reason


def test_a_value_that_is_no_move_is_refused_as_such_not_asked_about():
    game = table(hands={"A": ["red 3", "blue 3"], "B": ["green 1"], "C": ["yellow 9"], "D": ["blue 1"]})
    from nomercy.core.engine import is_legal, why_illegal

    reason = "42 is not a move: a move is its notation, like 'A plays red 7', or one that legal_moves or parse_move gives"
    for ask in (why_illegal, is_legal, apply):
        with pytest.raises(NotationError) as refused:
            ask(game, 42)
        assert str(refused.value) == reason


def test_asking_about_a_seat_that_is_not_there_is_a_notation_error():
    game = new_game("no-mercy", 2)
    for call in (lambda: game.view(7), lambda: game.hand(-1), lambda: game.seat("Z"), lambda: game.seat(None)):
        with pytest.raises(NotationError) as caught:
            call()
        assert one_line(caught.value).startswith(("there is no seat", "unknown seat"))


@pytest.mark.parametrize("call", [
    lambda: new_game("no-mercy", None),
    lambda: new_game(None, 3),
    lambda: ruleset("no-mercy", stacking=["official"] * 10_000),
    lambda: Color.parse(7),
    lambda: Card.parse(None),
    lambda: parse_move(7, "AB"),
    lambda: new_game("no-mercy", 3, dealer=1.5),
    lambda: new_game("no-mercy", 3, hand_size="9" * 5000),
])
def test_api_mistakes_raise_the_packages_own_errors(call):
    with pytest.raises(NomercyError) as caught:
        call()
    one_line(caught.value)


# --- sentences --------------------------------------------------------------------------

def test_a_near_miss_move_names_the_words_after_the_card():
    with pytest.raises(NotationError) as caught:
        parse_move("A plays red 7 swap with B", ("A", "B"))
    assert one_line(caught.value) == (
        "cannot read move 'A plays red 7 swap with B': after red 7 comes 'swap with B', which the notation does not "
        "know; a play may end with 'choosing <color>' (a wild), 'swapping with <seat>' or 'keeping' (a 7), "
        "'leaving <card> on top' (a discard-all)")
    with pytest.raises(NotationError, match="unknown card 'purple 7'"):
        parse_move("A plays purple 7", ("A", "B"))


def test_one_reshuffled_card_is_one_card():
    from nomercy.core.events import PileReshuffled

    assert PileReshuffled(1).sentence == ("The draw pile is empty: the card under the top card is shuffled into a "
                                          "new draw pile of 1 card.")
    assert PileReshuffled(3).sentence == ("The draw pile is empty: the 3 cards under the top card are shuffled into "
                                          "a new draw pile of 3 cards.")
    assert PileReshuffled(159, "empty-draw-pile", 25).sentence == (
        "The draw pile is empty: the 134 cards under the top card and the 25 cards set aside from knocked-out "
        "players are shuffled into a new draw pile of 159 cards.")


def test_when_nothing_can_be_drawn_nobody_keeps_a_card():
    # a hand-built end of the deck: an empty draw pile and nothing under the top card to reshuffle
    game = table(players="ABC", turn="B", discard=["red 9", "red 5"], rest="discard", draw_pile=[],
                 hands={"A": ["blue 1"], "B": ["green 2", "green 3"], "C": ["yellow 4"]},
                 variant={"mercy_limit": None})
    game = game.replace(discard=game.discard[-1:])
    game, events = play(game, "B draws")
    assert [e.sentence for e in events[-2:]] == ["No card is left anywhere for B to take.", "B's turn passes."]


def test_several_unplayable_cards_before_the_pile_ran_out_are_all_kept():
    game = table(players="ABC", turn="B", discard="red 5", rest="discard", draw_pile=["green 7", "blue 8"],
                 hands={"A": ["blue 1"], "B": ["green 2", "green 3"], "C": ["yellow 4"]},
                 variant={"mercy_limit": None})
    game = game.replace(discard=game.discard[-1:])  # B draws both cards, then nothing is left to reshuffle
    before = game.card_count()
    game, events = play(game, "B draws")
    passed = of_kind(events, "TurnPassed")
    assert [e.sentence for e in passed] == ["B keeps the 2 cards drawn and the turn passes."]
    assert len(game.hand("B")) == 4 and game.turn == 2 and game.card_count() == before


def test_a_refused_move_of_the_wrong_kind_changes_nothing():
    game = seven_table()
    snapshot = pickle.loads(pickle.dumps(game))
    for move in (Play(1, Card.parse("red 7"), target=9), Play(1, Card.parse("red 7"), target=1)):
        with pytest.raises(IllegalMoveError):
            apply(game, move)
    with pytest.raises(NotationError):  # the text of a color is no color: refused before any table is asked
        dataclasses.replace(Play(1, Card.parse("red 7"), target=2), color="red")
    assert game == snapshot


def test_a_move_is_one_short_line():
    """A line too long is refused for its length before any of it is read (the first words of the message
    say so), so no length of input makes the parser work for long."""
    for move in ("A plays " + "red 7 swapping with " * 4000, "A plays " + "x " * 50_000):
        with pytest.raises(NotationError) as caught:
            parse_move(move, ("A", "B"))
        assert one_line(caught.value).startswith("a move is one short line, like 'A plays wild +6 choosing green'")
    for move in ("A plays " + "red 7 swapping with " * 14, "A plays " + "x " * 140):
        with pytest.raises(NotationError, match="^cannot read move"):
            parse_move(move, ("A", "B"))


def test_moves_built_from_any_values_are_refused_or_legal_never_crashed():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from nomercy import ALL_CARDS, CallUno, Challenge, Draw, Pass
    from nomercy.core.engine import why_illegal

    game = table(players="ABC", turn="B", discard="red 5",
                 hands={"A": ["blue 1"], "B": ["red 7", "wild +6", "red discard-all", "red 2"], "C": ["green 3"]},
                 variant={"discard_all_top": "choose", "seven_swap": "optional"})
    values = st.one_of(st.none(), st.booleans(), st.integers(-4, 5), st.floats(allow_nan=True), st.text(max_size=8),
                       st.sampled_from(ALL_CARDS), st.sampled_from(list(Color)), st.sampled_from(["red", "B"]))
    moves = st.one_of(
        st.tuples(st.just(Play), st.tuples(values, values, values, values, values)),
        st.tuples(st.just(Catch), st.tuples(values, values)), st.tuples(st.just(NameColor), st.tuples(values, values)),
        *(st.tuples(st.just(kind), st.tuples(values)) for kind in (Draw, Pass, CallUno, Challenge)))
    snapshot = pickle.loads(pickle.dumps(game))

    def seat_number(value):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000

    @settings(max_examples=examples(400), deadline=None)
    @given(moves)
    def check(made):
        kind, values = made
        target = values[1] if kind is Catch else values[3] if kind is Play else None
        seats_fit = seat_number(values[0]) and (seat_number(target) or (target is None and kind is not Catch))
        parts_fit = (kind is not Play or isinstance(values[1], Card) and (values[2] is None or isinstance(values[2], Color))
                     and (values[4] is None or isinstance(values[4], Card))) \
            and (kind is not NameColor or isinstance(values[1], Color))
        try:
            move = kind(*values)
        except NotationError as refusal:  # a seat that is no seat number, a card or color that is none: refused
            assert one_line(refusal).startswith(("a move's ", "a play's card ", "the color a move names ",
                                                 "the card left on top ")) and not (seats_fit and parts_fit)
            return
        assert seats_fit and parts_fit
        assert seat_number(values[0])
        reason = why_illegal(game, move)
        if reason is None:
            assert move in legal_moves(game)
            apply(game, move)
        else:
            one_line(IllegalMoveError(reason))
            with pytest.raises(IllegalMoveError):
                apply(game, move)

    check()
    assert game == snapshot
