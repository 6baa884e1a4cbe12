"""The game table as a coach: hints, warnings that hold a move back, the round's review, every computer
move shown on the table, a fair UNO moment, the deal of the day and saved records loaded back.

Driven through the table's intents, as the browser drives it, and checked against the coach's own
functions (``nomercy.play.coach``) and the engine's events, never against a copy of them.
"""

from __future__ import annotations

import datetime
import re
import random
from typing import Any

import pytest

pytest.importorskip("anywidget")

from nomercy import legal_moves  # noqa: E402
from nomercy.core.moves import CallUno, Catch, Play  # noqa: E402
from nomercy.play import coach  # noqa: E402
from nomercy.play.estimate import Estimate  # noqa: E402
from nomercy.play.game import Game, GameRecord  # noqa: E402
from nomercy.play.players import make_player, next_move  # noqa: E402
from nomercy.widgets import GameTable, StepPlayer  # noqa: E402
from nomercy.play.table import TableSession  # noqa: E402
from nomercy.play.table_coach import TABLE_BUDGET  # noqa: E402
from nomercy.play.table_review import decision_text, review_head  # noqa: E402
from nomercy.play.uno_moment import UNO_MOMENT  # noqa: E402


def first_table(**options: Any) -> GameTable:
    """The first table of notebooks/11-play.ipynb, at pace 0 unless asked."""
    options.setdefault("pace", 0)
    return GameTable("no-mercy", ["human", "greedy", "random"], seed=66, coach=True, **options)


def play_as_greedy(table: GameTable, seat: int = 0, until: Any = None, limit: int = 600) -> GameTable:
    """The person's moves chosen by a greedy player and sent as moves (a warning is answered 'Play it anyway')."""
    helper = {seat: make_player("greedy", seed=1)}
    for _ in range(limit):
        if table.state.is_over or (until is not None and until(table)):
            return table
        move = next_move(table.state, helper)
        assert move is not None, f"the table waits for nobody: {table!r}"
        assert table.move(table.state.move_text(move)) is None
        if table.advice.get("kind") == "warning":
            assert table.send_intent({"type": "go_ahead"}) is None
    raise AssertionError(f"no end after {limit} moves: {table!r}")


# --- hint -----------------------------------------------------------------------------------------

def test_the_hint_is_the_coachs_hint_with_the_tables_seed_and_budget():
    table = first_table()
    state = table.state
    assert table.table["can_hint"]
    assert table.send_intent({"type": "hint"}) is None
    advice = table.advice
    tip = coach.hint(state, "Player", seed=table.session.coach_seed, budget=TABLE_BUDGET)
    assert advice["kind"] == "hint" and advice["move"] == tip.text and advice["reason"] == tip.reason
    assert advice["rule"] == tip.rule and advice["title"] == tip.ruling.title
    numbers = advice["numbers"]  # the figures, one click away ("Show the numbers")
    assert [c["move"] for c in numbers["chances"]] == [c.label for c in tip.chances]
    assert numbers["chances"][0]["move"] == advice["move"], "the hint's move is the first of its list"
    assert [c["text"] for c in numbers["chances"]] == list(tip.lines()) and numbers["narrowing"] == tip.narrowing
    assert f"budget {TABLE_BUDGET}" in numbers["noise"]
    # each figure said again in a card player's words: how many of its imagined rounds the move won, the very counts
    # the hint's own sentence gives (the exact figures one more click away)
    chosen = tip.chances[0]
    counted = f"won {round(chosen.mean * chosen.playouts)} of {chosen.playouts} imagined rounds"
    assert numbers["chances"][0]["plain"] == f"{chosen.label}: {counted}."
    for line in [c["plain"] for c in numbers["chances"]] + [numbers["how"], advice["summary"]]:
        assert not re.search(r"playout|standard error|margin|noise|budget|seed|greedy|±", line), line
    assert advice["summary"].startswith(tip.reason) and f"It {counted}" in advice["summary"]
    assert table.state == state, "a hint changes nothing on the table"
    card = next(c["card"] for c in table.table["hand"] if c["playable"])
    table.send_intent({"type": "card", "card": card})
    assert table.advice == {} or table.advice["kind"] == "warning", "the hint goes once you act"


def test_a_hint_is_refused_without_the_coach_or_out_of_turn():
    assert "coach is off" in GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0).send_intent({"type": "hint"})
    waiting = GameTable("no-mercy", ["greedy", "human"], seed=2, pace=0.7, coach=True)
    assert waiting.table["waiting"] == "computer" and not waiting.table["can_hint"]
    assert "not yours" in waiting.send_intent({"type": "hint"})


# --- warnings ---------------------------------------------------------------------------------------

def _warned_position() -> tuple[GameTable, str, tuple[coach.MoveWarning, ...]]:
    """A coach table where one legal move of the person draws a warning, and that move."""
    for seed in range(40):
        table = GameTable("no-mercy", ["human", "greedy"], seed=seed, pace=0, coach=True)
        helper = {0: make_player("greedy", seed=seed)}
        for _ in range(80):
            state = table.state
            if state.is_over:
                break
            if state.to_act == 0:
                for move in legal_moves(state, 0):
                    found = coach.judged_warnings(state, 0, move, seed=table.session.coach_seed,
                                                  budget=TABLE_BUDGET)
                    if found and type(move) is not CallUno:
                        return table, state.move_text(move), found
            move = next_move(state, helper)
            table.move(state.move_text(move))
            if table.advice.get("kind") == "warning":
                table.send_intent({"type": "go_ahead"})
    pytest.fail("no warning in 40 seeded games")  # pragma: no cover


def test_a_warning_holds_the_move_back_until_the_player_decides():
    table, move, found = _warned_position()
    before, moves = table.state, table.session.move_count
    assert table.move(move) is None
    advice = table.advice
    assert advice["kind"] == "warning" and advice["move"] == move
    assert [w["text"] for w in advice["warnings"]] == [w.text for w in found]
    assert all(w["rule"] and w["title"] for w in advice["warnings"])
    assert table.state == before and table.session.move_count == moves, "the move is held, not played"
    assert table.table["status"].startswith("The coach holds your move back")
    assert table.send_intent({"type": "take_back"}) is None  # take it back: nothing happened
    assert table.advice == {} and table.state == before
    assert all(w.instead or w.kind in ("uno-call", "every-move-costs") for w in found), "a way out, or none at all"
    assert "No move is waiting" in table.send_intent({"type": "go_ahead"})
    table.move(move)
    assert table.send_intent({"type": "go_ahead"}) is None  # play it anyway
    assert table.record().moves[moves] == move and table.advice == {}


def test_the_way_out_a_warning_names_is_a_button_that_plays_it():
    table, move, found = _warned_position()
    ways = [w.instead for w in found if w.instead]
    if not ways:  # pragma: no cover - the position found is an UNO call, whose way out goes with the play
        pytest.skip("only an UNO-call warning")
    table.move(move)
    before, moves = table.state, table.session.move_count
    assert [o["move"] for o in table.advice["instead"]] == list(dict.fromkeys(ways))
    label = table.advice["instead"][0]["label"]
    assert label.endswith(" instead") and label.split()[0] in ("Play", "Draw", "Name", "Catch", "Challenge")
    assert table.send_intent({"type": "move", "move": ways[0]}) is None
    if table.advice.get("kind") == "warning":  # the way out has a warning of its own (call UNO): play it
        assert table.advice["move"] == ways[0]
        table.send_intent({"type": "go_ahead"})
    assert table.record().moves[moves] == ways[0] != move and table.state != before


def test_an_uno_call_warning_is_left_out_when_uno_is_called_for_you():
    table, move, found = _warned_position()
    table.auto_uno = True
    kinds = {w.kind for w in found} - {"uno-call"}
    table.move(move)
    if kinds:
        assert {w["kind"] for w in table.advice["warnings"]} == kinds
    else:
        assert table.advice == {}


# --- review -----------------------------------------------------------------------------------------

def reviewed(table: GameTable) -> int:
    """Ask for the review as the browser does, again while it runs; how many asks it took."""
    asks = 0
    while True:
        assert table.send_intent({"type": "review"}) is None
        asks += 1
        if not table.review.get("running"):
            return asks
        assert 0 < table.review["done"] <= table.review["total"]

def test_the_review_after_the_round_is_the_coachs_review_and_opens_each_position():
    table = play_as_greedy(first_table())
    assert "finish it first" not in (table.send_intent({"type": "review_show", "index": 0}) or "")
    assert table.table["over"]["review"]
    reviewed(table)
    expected = coach.review(table.record(), "Player", seed=table.session.coach_seed, budget=TABLE_BUDGET)
    review = table.review
    assert review["looked_at"] == expected.looked_at and review["numbers"]["budget"] == TABLE_BUDGET
    assert review["numbers"]["head"] == expected.head and review["head"] == review_head(expected)
    assert [d["numbers"]["text"] for d in review["mistakes"]] == [str(d) for d in expected.mistakes]
    assert [d["numbers"]["text"] for d in review["close_calls"]] == [str(d) for d in expected.close_calls]
    assert [d["text"] for d in review["mistakes"]] == [decision_text(d) for d in expected.mistakes]
    assert [d["text"] for d in review["close_calls"]] == [decision_text(d) for d in expected.close_calls]
    assert all(d["mistake"] for d in review["mistakes"]) and not any(d["mistake"] for d in review["close_calls"])
    assert expected.decisions, "the seed was chosen so that the expert differs somewhere"
    assert table.send_intent({"type": "review_show", "index": 0}) is None
    assert table.review["open"] == 0 and "<svg" in table.review["board"]
    assert "not 99" in table.send_intent({"type": "review_show", "index": 99})
    assert table.review["open"] == 0, "a refused index leaves the open position open"
    assert table.send_intent({"type": "review_show", "index": None}) is None  # tapping the open one again closes it
    assert table.review["open"] is None and table.review["board"] == ""
    for hostile in (True, -1, "0", 0.0, [0], {"index": 0}):
        assert table.send_intent({"type": "review_show", "index": hostile}), hostile
        assert table.review["open"] is None
    player = table.review_player(0)
    assert isinstance(player, StepPlayer)


def test_the_review_waits_for_the_end_of_the_round():
    assert "finish it first" in first_table().send_intent({"type": "review"})


# --- every computer move seen -------------------------------------------------------------------

def test_each_computer_move_is_shown_on_the_table_with_its_seat_and_striking_effects():
    table = GameTable("no-mercy", ["greedy", "human", "random"], seed=5, pace=0.5)
    rng = random.Random(5)
    seen_kinds: set[str] = set()
    for _ in range(400):
        t = table.table
        if t["over"]:
            break
        if t["waiting"] == "computer":
            count = table.session.move_count
            table.send_intent({"type": "advance", "version": table.version})
            if table.session.move_count == count:
                continue
            step = table.session.transcript().steps[-1]
            events = step.events
            last = table.table["last"]
            mover = table.seats[step.before.parse_move(step.move).seat]
            assert last["seat"] == mover and last["computer"] and last["line"].startswith(mover)
            assert last["n"] == table.session.move_count
            kinds = [b["kind"] for b in last["banners"]]
            expected = [("roulette" if e.kind == "cards_drawn" and e.rule == "wild-roulette" else e.kind)
                        for e in events]
            assert all(k in expected for k in kinds)
            for kind in ("player_skipped", "hands_swapped", "hands_passed", "knocked_out", "direction_changed"):
                if kind in expected:
                    assert kind in kinds, f"{kind} happened but no banner showed"
            seen_kinds.update(kinds)
        else:
            moves = [a for a in legal_moves(table.state, 1) if a.seat == 1]
            table.move(table.state.move_text(rng.choice(moves)))
        top_by = table.table["top_by"]
        assert top_by.startswith("played by ") or top_by == "turned up at the deal"
    assert seen_kinds, "no banner in a whole round"


# --- the UNO moment ---------------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _one_card_moment(**options: Any) -> tuple[GameTable, Clock]:
    """A table (pace 0) just after the person went down to one card without calling, a computer wanting to catch."""
    for seed in range(200):
        clock = Clock()
        table = GameTable.around(TableSession("no-mercy", ["human", "greedy"], seed=seed, clock=clock, **options))
        for _ in range(200):
            state = table.state
            if state.is_over:
                break
            if table.table["uno_moment"] and table.table["waiting"] == "computer":
                return table, clock
            plays = [a for a in legal_moves(state, 0) if type(a) is Play]
            if state.to_act != 0:
                break
            move = plays[0] if plays else next(a for a in legal_moves(state, 0) if not isinstance(a, (CallUno, Catch)))
            table.move(state.move_text(move))
    pytest.fail("no seed sent the person down to one card uncalled")  # pragma: no cover


def test_a_person_down_to_one_card_can_call_uno_before_any_computer_catches():
    table, clock = _one_card_moment()
    t = table.table
    assert t["waiting"] == "computer" and t["uno_moment"] and t["uno_wait"] == UNO_MOMENT
    assert "uno" in [b["id"] for b in t["buttons"]]
    moves = table.session.move_count
    clock.now += 0.5
    table.send_intent({"type": "advance", "version": table.version})  # a computer asks too early: refused
    assert table.session.move_count == moves and 0 in table.state.catchable
    assert table.send_intent({"type": "uno"}) is None
    said = [line["sentence"] for line in table.log_lines]
    assert "Player calls UNO!" in said and not any("catches Player" in s for s in said)


def test_after_the_uno_moment_a_computer_may_catch():
    table, clock = _one_card_moment()
    clock.now += max(table.pace, UNO_MOMENT) + 0.01
    table.send_intent({"type": "advance", "version": table.version})
    assert any("catches Player" in line["sentence"] for line in table.log_lines)


def test_auto_call_uno_calls_for_the_person():
    table, _ = _one_card_moment()
    auto = GameTable("no-mercy", ["human", "greedy"], seed=table.state.seed, pace=0, auto_uno=True)
    replay = [m for m in table.record().moves]
    for move in replay:
        if auto.state.parse_move(move).seat == 0 and not auto.state.is_over:
            auto.move(move)
    said = [line["sentence"] for line in auto.log_lines]
    assert "Player calls UNO!" in said and not any("catches Player" in s for s in said)


# --- deal of the day, saved records, the status line ----------------------------------------------

def test_the_deal_of_the_day_is_one_deal_per_date_with_a_line_to_share():
    one = GameTable.deal_of_the_day("2026-12-01", pace=0)
    assert one.record().seed == GameTable.deal_of_the_day(datetime.date(2026, 12, 1), pace=0).record().seed
    assert one.record().seed != GameTable.deal_of_the_day("2026-12-02", pace=0).record().seed
    assert one.seats == ("You", "Alex", "Sam") and one.kinds == ("human", "greedy", "random")
    play_as_greedy(one)
    share = one.table["daily"]["share"]
    s = one.state
    result = "You won" if s.seats[s.winner] == "You" else f"You lost ({s.seats[s.winner]} won)"
    assert share == (f"nomercy deal of the day 2026-12-01 · no-mercy · {result} · {one.session.move_count} moves · "
                     f"{len(s.out)} knocked out")
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        GameTable.deal_of_the_day("first of December")


def test_a_saved_record_loads_into_a_table_and_plays_on():
    table = play_as_greedy(first_table(), until=lambda t: t.session.move_count >= 12)
    text = table.record().to_json()
    loaded = GameTable.from_record(text, pace=0)
    assert loaded.state == table.state and loaded.kinds == ("human", "greedy", "random")
    assert loaded.record() == table.record()
    other = GameTable("classic", ["human", "greedy"], seed=1, pace=0)
    assert other.send_intent({"type": "import_record", "record": text}) is None
    assert other.state == table.state and other.seats == table.seats
    assert "not a game record" in other.send_intent({"type": "import_record", "record": "{}"})
    assert "Paste a game record" in other.send_intent({"type": "import_record", "record": " "})
    assert other.state == table.state


def test_the_status_line_follows_an_open_prompt():
    table = first_table()
    assert table.send_intent({"type": "card", "card": "wild +10"}) is None
    assert table.table["status"] == "Which color do you name with wild +10? Choose below, or Cancel."
    table.send_intent({"type": "cancel"})
    assert table.table["status"] == "Player, your turn: play a highlighted card."


def test_a_game_loaded_from_a_record_keeps_the_transcript_of_the_original():
    table = play_as_greedy(first_table(), until=lambda t: t.session.move_count >= 6)
    again = Game.from_record(GameRecord.from_json(table.record().to_json()))
    assert again.state == table.state


@pytest.mark.parametrize(("suggested", "played", "said"), [
    (0.33, 0.19, "it won 33% of the imagined rounds, yours 19%, but in too few rounds to be sure yours is worse"),
    (0.35, 0.32, "the two did about as well (35% of the imagined rounds, yours 32%)"),
])
def test_a_close_calls_words_follow_its_numbers(suggested, played, said):
    """33% against 19% within the search's noise is a close call, but no reader calls it "about as well"."""

    state = first_table().session.state
    decision = coach.ReviewedDecision(
        1, state, "Player plays red 1", "", "", Estimate(suggested, 0.1, 40),
        coach.Comparison("Player plays red 2", Estimate(played, 0.1, 40), suggested - played, 0.2, 40))
    assert not decision.mistake
    assert said in decision_text(decision)
