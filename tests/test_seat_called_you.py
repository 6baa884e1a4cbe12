"""A seat called You: every sentence the engine and the table write about it agrees ("You play", "your draw").

The deal of the day seats "You" against two computer players. A person reads the log, the status line,
the buttons, the refusals and the end of the round; none may say "You plays", "You draws" or "You's draw".
Whole seeded rounds are played here with a seat called You, under several rules, and every text the table
shows is read. Other names read as before ("Ann plays").
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from nomercy.core.cards import Card
from nomercy.core.engine import legal_moves
from nomercy.core.moves import Play
from nomercy.core.events import (CardsDrawn, Challenged, KnockedOut, PenaltyCancelled, RoundWon, TurnPassed,
                                 UnoCaught)
from nomercy.core.wording import possessive, says
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.table import TableSession

# After "You", a verb in the third person (plays, draws, passes, is, has, ...) or a possessive "You's" is a slip:
# any word ending in s but not in a plain "ss" (You pass), and the irregular ones.
THIRD_PERSON_AFTER_YOU = re.compile(r"\b[Yy]ou (?:is|has|was|does|[a-z]*[a-rt-z]s|[a-z]+sses)\b")
YOU_APOSTROPHE = re.compile(r"\b[Yy]ou's\b")


def slips(text: str) -> list[str]:
    return THIRD_PERSON_AFTER_YOU.findall(text) + YOU_APOSTROPHE.findall(text)


def texts_of(snapshot: dict[str, Any]) -> Iterator[str]:
    """Every sentence and label a front end shows from a table's snapshot."""
    yield snapshot["status"]
    yield snapshot["hand_label"]
    yield snapshot["undo_label"]
    for button in snapshot["buttons"]:
        yield button["label"]
        yield button.get("move", "")
    for seat in snapshot["seats"]:
        yield seat["catch"]
    if snapshot["last"]:
        yield snapshot["last"]["line"]
        yield from (banner["text"] for banner in snapshot["last"]["banners"])
    if snapshot["over"]:
        yield snapshot["over"]["title"]
        yield snapshot["over"]["scored"]
    if snapshot["daily"]:
        yield snapshot["daily"]["title"]
        yield snapshot["daily"]["share"]


def refusals(table: TableSession, seat: int) -> Iterator[str]:
    """What the table answers a person who clicks a card that does not fit, or a move of another seat (each
    refused, so the table stays as it was)."""
    state = table.state
    playable = {move.card for move in legal_moves(state, seat) if isinstance(move, Play)}
    for card in sorted(set(state.hands[seat]) - playable)[:6]:
        reason = table.handle({"type": "card", "card": str(card)})
        assert reason
        yield reason
    for move in legal_moves(state)[:3]:
        if move.seat != seat:
            reason = table.handle({"type": "move", "move": state.move_text(move)})
            assert reason
            yield reason
    assert table.state == state


def play_round(table: TableSession, seed: int) -> list[str]:
    """Play the round to its end, the people's moves chosen by seeded random players; every text shown."""
    shown: list[str] = []
    helpers = {seat: make_player("random", seed=seed + seat) for seat in table.humans}
    for _ in range(3000):
        snapshot = table.snapshot()
        shown += texts_of(snapshot)
        if table.state.is_over:
            break
        if table.waiting == "hidden":
            assert table.handle({"type": "reveal"}) is None
            continue
        if table.waiting == "computer":
            assert table.handle({"type": "advance", "version": table.version}) is None
            continue
        state = table.state
        seat = table.viewer
        assert seat is not None
        shown += [state.move_text(m) for m in legal_moves(state, seat)]
        shown += refusals(table, seat)
        move = next_move(state, {seat: helpers[seat]}) or legal_moves(state, seat)[0]
        assert table.handle({"type": "move", "move": state.move_text(move)}) is None
    assert table.state.is_over
    shown += [line["sentence"] for line in table.log_lines]
    return shown


TABLES = [
    pytest.param(lambda: TableSession.deal_of_the_day("2026-12-03", coach=False), id="deal-of-the-day"),
    pytest.param(lambda: TableSession("no-mercy", {"You": "human", "Greedy": "greedy", "Random": "random"}, seed=9),
                 id="no-mercy"),
    pytest.param(lambda: TableSession("classic", {"Ann": "greedy", "You": "human", "Random": "random"}, seed=4),
                 id="classic"),
    pytest.param(lambda: TableSession("no-mercy", {"You": "human", "Ann": "human", "Greedy": "greedy"}, seed=6,
                                      jump_in=True), id="hot-seat-jump-in"),
]


@pytest.mark.parametrize("make", TABLES)
@pytest.mark.parametrize("rounds", [3])
def test_no_sentence_says_you_plays_or_yous(make, rounds):
    table = make()
    shown: list[str] = []
    for number in range(rounds):
        shown += play_round(table, seed=number)
        assert table.handle({"type": "new_round"}) is None
    wrong = [text for text in shown if slips(text)]
    assert wrong == [], wrong[:5]
    assert any(text.startswith(("You play ", "You draw")) for text in shown)  # the seat did play, and was written


def test_every_event_kind_that_names_a_seat_agrees_with_you():
    """The events a round may not show in a few seeded rounds, written for a seat called You."""
    sentences = [
        KnockedOut(player="You", hand_size=25).sentence,
        PenaltyCancelled(player="You", remaining=3).sentence,
        TurnPassed(player="You", kept=0).sentence,
        TurnPassed(player="You", kept=3).sentence,
        UnoCaught(catcher="Ann", player="You", penalty=2).sentence,
        UnoCaught(catcher="You", player="Ann", penalty=2).sentence,
        Challenged(challenger="You", player="Ann", guilty=False).sentence,
        Challenged(challenger="Ann", player="You", guilty=True).sentence,
        RoundWon(player="You", how="emptied hand").sentence,
        CardsDrawn(player="You", count=2, shown=(Card.parse("red 3"),)).sentence,
    ]
    assert [s for s in sentences if slips(s)] == []
    assert sentences[:3] == ["You hold 25 cards and are out of the round (mercy rule).",
                             "The rest of your draw (3 cards) is cancelled.", "Your turn passes."]
    assert sentences[8] == "You win the round by playing your last card."


def test_other_names_read_as_before():
    game = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66)
    assert game.state.move_text(game.state.parse_move("Ann plays blue reverse")) == "Ann plays blue reverse"
    assert says("Ann", "catches") == "Ann catches" and possessive("Bo") == "Bo's"
    assert KnockedOut(player="Bo", hand_size=25).sentence == "Bo holds 25 cards and is out of the round (mercy rule)."
    assert RoundWon(player="Cy", how="emptied hand").sentence == "Cy wins the round by playing their last card."


def test_a_move_of_you_reads_back_in_either_form():
    game = Game("no-mercy", ["You", "Ann"], seed=3)
    state = game.state
    for move in legal_moves(state, 0):
        text = state.move_text(move)
        assert text.startswith("You play ") or text in ("You draw",)
        assert state.parse_move(text) == move
        assert state.parse_move(text.replace("You play ", "You plays ").replace("You draw", "You draws")) == move


def coach_texts(game: Game, seat: int) -> Iterator[str]:
    """Every warning and way out the coach has for ``seat``'s moves at the table now, as a table shows them."""
    from nomercy.play.table_coach import warning_advice

    state = game.state
    for move in legal_moves(state, seat):
        advice = warning_advice(state, move, uno_called=False, seed=0)
        if advice:
            yield from (warning["text"] for warning in advice["warnings"])
            yield from (way_out["label"] for way_out in advice["instead"])


@pytest.mark.parametrize("seed", [2])
def test_the_coachs_warnings_hints_and_review_agree_with_a_seat_called_you(seed):
    """Seeded random rounds with seats You, Ann and Bo: the coach speaks to each seat in turn, and whatever it says
    to You or about You agrees (no "You holds", no "You's", no way out that reads "play blue 1 instead", and no
    "your 10" meant for another seat's hand when it speaks to Ann)."""
    from nomercy.play.table_coach import hint_advice
    from nomercy.play.table_review import ReviewInSlices

    game = Game("no-mercy", ["You", "Ann", "Bo"], seed=seed)
    players = {seat: make_player("random", seed=seed + seat) for seat in range(3)}
    shown: list[str] = []
    hinted = 0
    while not game.state.is_over:
        state = game.state
        shown += coach_texts(game, state.to_act)
        if state.to_act == 0 and hinted < 4 and len(legal_moves(state, 0)) > 1:
            hint = hint_advice(state, 0, seed=seed)
            numbers = hint["numbers"]
            shown += [hint["move"], hint["reason"], hint["summary"], numbers["narrowing"],
                      *(c["text"] for c in numbers["chances"])]
            hinted += 1
        move = next_move(state, players)
        assert move is not None
        game.play(move)
    review = ReviewInSlices(game, 0, seed=seed)
    assert review.shown["line"] == "Reviewing your decisions: 0 of ? weighed…"
    review.run(seconds=60)
    assert review.result is not None
    decisions = review.shown["mistakes"] + review.shown["close_calls"]
    shown += [review.shown["head"], *(d["text"] for d in decisions), *(d["numbers"]["text"] for d in decisions)]
    assert hinted == 4 and len(shown) > 20
    assert [text for text in shown if slips(text)] == []
    assert [text for text in shown if re.search(r"\byour \d", text) and "get your" in text] == []
    ways_out = [text for text in shown if text.endswith(" instead") and " " not in text[:4]]
    assert all(text[0].isupper() for text in ways_out), ways_out


def test_the_review_in_progress_and_the_match_winner_are_sentences_from_python():
    """The page shows the review's progress and the match's winner as Python wrote them (through wording)."""
    from nomercy.play.table_review import ReviewInSlices

    game = Game("no-mercy", ["Ann", "You"], seed=1)
    assert ReviewInSlices(game, 1, seed=0).shown["line"] == "Reviewing your decisions: 0 of ? weighed…"
    assert ReviewInSlices(game, 0, seed=0).shown["line"] == "Reviewing Ann's decisions: 0 of ? weighed…"
    table = TableSession("no-mercy", {"You": "human", "Ann": "human"}, seed=1)
    labels = [seat["meter_label"] for seat in table.snapshot()["seats"]]
    assert labels == ["Your mercy meter", "Ann's mercy meter"]
