"""The table session, without a browser or anywidget: the rules of the table a front end relies on.

A person down to one card gets a moment to call UNO before a computer may catch them; in hot-seat a
hand stays hidden until its owner asks; a refused intent (a bad record, an illegal move) or a broken
one leaves the table exactly as it was; computers alone play a seeded round to its end, the same at
any pace; the snapshot is plain data that a record reproduces.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from nomercy import legal_moves
from nomercy.core.errors import NomercyError
from nomercy.core.moves import CallUno, Catch, Play
from nomercy.play import coach
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.table import TableSession
from nomercy.play.table_coach import TABLE_BUDGET
from nomercy.play.uno_moment import UNO_MOMENT


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def everything(table: TableSession) -> tuple[Any, ...]:
    """All a front end can read of a table."""
    return (table.state, table.record(), table.seats, table.kinds, table.rules, table.round_number, table.version,
            json.dumps(table.snapshot(), sort_keys=True), json.dumps(table.log_lines), table.prompt, table.advice,
            table.review, table.export)


def move(table: TableSession, text: str) -> str | None:
    return table.handle({"type": "move", "move": text})


def step_as_greedy(table: TableSession, seat: int = 0) -> None:
    """One move of the person, chosen by a greedy player (a coach's warning answered 'Play it anyway')."""
    choice = next_move(table.state, {seat: make_player("greedy", seed=table.move_count)})
    assert choice is not None, f"the table waits for nobody: {table!r}"
    assert move(table, table.state.move_text(choice)) is None
    if table.advice.get("kind") == "warning":
        assert table.handle({"type": "go_ahead"}) is None


def play_as_greedy(table: TableSession, limit: int = 600) -> TableSession:
    """The person plays (as a greedy player would) until the round ends."""
    for _ in range(limit):
        if table.state.is_over:
            return table
        step_as_greedy(table)
    raise AssertionError(f"no end after {limit} moves: {table!r}")


# --- the UNO moment -------------------------------------------------------------------------------------

def one_card_moment(clock: Clock, **options: Any) -> TableSession:
    """A table (pace 0) just after the person went down to one card without calling, a computer set to catch."""
    for seed in range(200):
        table = TableSession("no-mercy", ["human", "greedy"], seed=seed, clock=clock, **options)
        for _ in range(200):
            state = table.state
            if state.is_over:
                break
            if table.snapshot()["uno_moment"] and table.waiting == "computer":
                return table
            if state.to_act != 0:
                break
            plays = [a for a in legal_moves(state, 0) if type(a) is Play]
            choice = plays[0] if plays else next(
                a for a in legal_moves(state, 0) if not isinstance(a, (CallUno, Catch)))
            move(table, state.move_text(choice))
    pytest.fail("no seed sent the person down to one card uncalled")  # pragma: no cover


def test_a_computer_may_not_catch_a_person_inside_their_uno_moment():
    clock = Clock()
    table = one_card_moment(clock)
    snap = table.snapshot()
    assert snap["uno_wait"] == UNO_MOMENT and "uno" in [b["id"] for b in snap["buttons"]]
    moves = table.move_count
    clock.now += UNO_MOMENT / 2
    assert table.handle({"type": "advance", "version": table.version}) is None  # asked too early: it waits
    assert table.move_count == moves and 0 in table.state.catchable
    assert table.snapshot()["uno_wait"] == UNO_MOMENT / 2
    assert table.handle({"type": "uno"}) is None
    said = [line["sentence"] for line in table.log_lines]
    assert "Player calls UNO!" in said and not any("catches Player" in s for s in said)


def test_once_the_moment_has_passed_a_computer_may_catch():
    clock = Clock()
    table = one_card_moment(clock)
    clock.now += UNO_MOMENT + 0.01
    assert table.handle({"type": "advance", "version": table.version}) is None
    assert any("catches Player" in line["sentence"] for line in table.log_lines)


def test_the_moment_lasts_the_pace_when_the_pace_is_longer():
    clock = Clock()
    table = one_card_moment(clock)
    table.pace = 3
    clock.now += 2
    table.handle({"type": "advance", "version": table.version})
    assert 0 in table.state.catchable, "two seconds into a three-second pace, no computer catches"
    assert table.uno_wait() == 1.0


def test_a_stale_ask_for_a_computer_move_changes_nothing():
    table = TableSession("no-mercy", ["greedy", "human"], seed=2, pace=0.7)
    assert table.waiting == "computer"
    before = everything(table)
    assert table.handle({"type": "advance", "version": table.version - 1}) is None
    assert everything(table) == before
    assert table.handle({"type": "advance", "version": table.version}) is None
    assert table.move_count == 1


# --- hot-seat -------------------------------------------------------------------------------------------

def test_in_hot_seat_a_hand_stays_hidden_until_its_owner_asks():
    table = TableSession("no-mercy", ["human", "greedy", "human"], seed=6)
    hidden = 0
    for turn in range(40):
        if table.state.is_over:
            break
        snap, actor = table.snapshot(), table.state.to_act
        if snap["hidden"]:  # the turn passed to the other person: nobody's hand is even sent
            hidden += 1
            assert snap["hand"] == [] and snap["viewer"] is None and table.waiting == "hidden"
            assert snap["reveal_for"] == table.seats[actor]
            refused = move(table, table.state.move_text(legal_moves(table.state, actor)[0]))
            assert refused == f"The hands are hidden: click 'Show {table.seats[actor]}'s hand' first."
            assert snap["reveal_label"] == f"Show {table.seats[actor]}'s hand"  # the button the status names
            assert f"click '{snap['reveal_label']}'" in snap["status"]
            assert table.handle({"type": "reveal"}) is None
            snap = table.snapshot()
        assert not snap["hidden"] and snap["viewer"] == table.seats[actor]  # the same person again: still shown
        assert sorted(c["card"] for c in snap["hand"]) == sorted(str(c) for c in table.state.hands[actor])
        choice = next_move(table.state, {actor: make_player("greedy", seed=turn)})
        assert move(table, table.state.move_text(choice)) is None
        if table.snapshot()["uno_moment"]:
            assert table.handle({"type": "uno"}) is None  # the screen stays for the call
    assert hidden >= 5


def test_the_other_persons_move_is_refused_while_one_person_is_at_the_screen():
    table = TableSession("no-mercy", ["human", "human"], seed=6)
    table.handle({"type": "reveal"})
    other = 1 - table.state.to_act
    text = f"{table.seats[other]} draws"
    assert move(table, text) == (f"It is {table.seats[table.state.to_act]} at the screen: {table.seats[other]} "
                                 "moves when their hand is shown.")


# --- transactions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("record", [
    "{}", "not json at all", '{"rules": "no-mercy", "seats": ["A", "B"], "seed": 1, "moves": ["A dances"]}',
    '{"rules": "no-mercy", "seats": ["A", "B"], "seed": 1, "moves": ["B draws"]}', " ", 42, ["a", "list"],
])
def test_a_refused_import_leaves_the_table_exactly_as_it_was(record):
    table = TableSession("no-mercy", ["human", "greedy", "random"], seed=4)
    step_as_greedy(table)
    before = everything(table)
    reason = table.handle({"type": "import_record", "record": record, "ask": "try-1"})
    assert reason and "\n" not in reason
    assert everything(table) == before
    assert table.snapshot()["imported"] is None


def test_an_import_that_loads_switches_the_whole_table():
    source = TableSession("classic", {"Ann": "human", "Greedy": "greedy"}, seed=8)
    for _ in range(3):
        step_as_greedy(source)
    table = TableSession("no-mercy", ["human", "random", "random"], seed=1)
    assert table.handle({"type": "import_record", "record": source.record().to_json(), "ask": "try-2"}) is None
    assert table.state == source.state and table.seats == ("Ann", "Greedy") and table.kinds == ("human", "greedy")
    assert table.snapshot()["imported"] == "try-2"


def test_any_exception_in_an_intent_or_its_drawing_leaves_the_table_as_it_was_and_is_raised():
    table = TableSession("no-mercy", ["human", "greedy", "random"], seed=4)
    before = everything(table)
    card = next(c["card"] for c in table.snapshot()["hand"] if c["playable"])

    def broken_drawing() -> None:
        raise RuntimeError("the screen broke")

    with pytest.raises(RuntimeError, match="the screen broke"):
        table.handle({"type": "card", "card": card}, show=broken_drawing)
    assert everything(table) == before
    assert table.handle({"type": "card", "card": card}) is None  # and the table still plays


@pytest.mark.parametrize("intent, words", [
    ({"type": "move", "move": "Greedy draws"}, "computer player"),
    ({"type": "move", "move": "Player dances"}, "cannot read move"),
    ({"type": "undo"}, "nothing of yours"),
    ({"type": "new_round"}, "still being played"),
    ({"type": "hint"}, "coach is off"),
    ({"type": "warp"}, "unknown intent 'warp'"),
    ({"no": "type"}, "unknown intent nothing"),
])
def test_a_refused_intent_says_why_and_changes_nothing(intent, words):
    table = TableSession("no-mercy", ["human", "greedy"], seed=3)
    before = everything(table)
    reason = table.handle(intent)
    assert reason is not None and words in reason
    assert everything(table) == before


def test_an_intent_that_is_not_a_mapping_is_refused():
    table = TableSession("no-mercy", ["human", "greedy"], seed=3)
    assert "an intent is a mapping" in table.handle(["card", "red 7"])  # type: ignore[arg-type]


# --- computers alone, and the pace ---------------------------------------------------------------------------

def test_computers_alone_play_a_seeded_round_to_its_end_and_the_record_replays_it():
    # (not the expert: its default half-second limit makes its choices depend on the machine's load)
    table = TableSession("no-mercy", ["greedy", "random", "greedy"], seed=12)
    state = table.state
    assert state.is_over and table.waiting == "over"
    assert Game.from_record(table.record()).state == state
    again = TableSession("no-mercy", ["greedy", "random", "greedy"], seed=12)
    assert again.record() == table.record()
    over = table.snapshot()["over"]
    assert over["winner"] == state.seats[state.winner]
    assert table.snapshot()["status"].startswith(f"{over['winner']} wins the round")


def test_the_pace_changes_when_computers_move_never_which_moves():
    at_once = TableSession("classic", ["greedy", "random", "greedy"], seed=5)
    paced = TableSession("classic", ["greedy", "random", "greedy"], seed=5, pace=0.5)
    asks = 0
    while paced.waiting == "computer":
        assert paced.handle({"type": "advance", "version": paced.version}) is None
        asks += 1
    assert paced.state.is_over and paced.record() == at_once.record()
    assert asks == at_once.move_count


def test_a_person_plays_a_whole_match_round_and_the_next_round_is_dealt():
    table = play_as_greedy(TableSession("classic", ["human", "greedy"], seed=8, match=True))
    assert "off in match play" in table.handle({"type": "undo"})
    over = table.snapshot()["over"]
    assert [s["name"] for s in over["standings"]] == ["Player", "Greedy"]
    assert table.handle({"type": "new_round"}) is None
    assert table.round_number == 2 and not table.state.is_over


def test_undo_takes_back_the_persons_last_decision_and_the_computer_moves_after_it():
    table = TableSession("no-mercy", ["human", "greedy", "random"], seed=5)
    start, lines = table.state, len(table.log_lines)
    choice = next_move(table.state, {0: make_player("greedy", seed=1)})
    assert move(table, table.state.move_text(choice)) is None
    assert table.move_count > 1 and table.snapshot()["can_undo"]
    assert table.handle({"type": "undo"}) is None
    assert table.state == start and table.move_count == 0 and not table.snapshot()["can_undo"]
    assert [line["kind"] for line in table.log_lines[lines:]] == ["undo"]


def test_a_coachs_warning_holds_the_move_until_the_person_decides():
    for seed in range(40):
        table = TableSession("no-mercy", ["human", "greedy"], seed=seed, coach=True)
        for _ in range(80):
            state = table.state
            if state.is_over:
                break
            warned = [m for m in legal_moves(state, 0) if state.to_act == 0 and type(m) is not CallUno
                      and coach.judged_warnings(state, 0, m, seed=table.coach_seed, budget=TABLE_BUDGET)]
            if warned:
                text = state.move_text(warned[0])
                assert move(table, text) is None
                assert table.advice["kind"] == "warning" and table.advice["move"] == text
                assert table.state == state and table.move_count == len(table.record().moves)
                assert table.snapshot()["status"].startswith("The coach holds your move back")
                assert table.handle({"type": "go_ahead"}) is None
                assert text in table.record().moves and table.advice == {}
                return
            step_as_greedy(table)
    pytest.fail("no warning in 40 seeded games")  # pragma: no cover


# --- the snapshot ---------------------------------------------------------------------------------------

def test_the_snapshot_is_plain_data_and_a_record_reproduces_it():
    table = TableSession("no-mercy", ["human", "greedy", "random"], seed=66, coach=True)
    for _ in range(8):
        if table.state.is_over:
            break
        step_as_greedy(table)
    snap = table.snapshot()
    assert json.loads(json.dumps(snap)) == snap, "the snapshot holds JSON's types only"
    again = TableSession.from_record(table.record().to_json(), dict(zip(table.seats, table.kinds)), coach=True)
    assert again.snapshot() == snap
    assert again.state == table.state and again.record() == table.record()


def test_the_deal_of_the_day_is_one_deal_per_date():
    one = TableSession.deal_of_the_day("2026-12-01")
    assert one.record().seed == TableSession.deal_of_the_day("2026-12-01").record().seed
    assert one.record().seed != TableSession.deal_of_the_day("2026-12-02").record().seed
    assert one.seats == ("You", "Alex", "Sam") and one.coach
    play_as_greedy(one)
    assert one.snapshot()["daily"]["share"].startswith("nomercy deal of the day 2026-12-01 · no-mercy · ")
    with pytest.raises(NomercyError, match="YYYY-MM-DD"):
        TableSession.deal_of_the_day("first of December")


@pytest.mark.parametrize("pace", ["fast", -1, 11, None, True])
def test_a_pace_that_is_not_seconds_from_0_to_10_is_refused(pace):
    with pytest.raises(NomercyError, match="number of seconds"):
        TableSession("no-mercy", ["human", "greedy"], pace=pace)


def test_the_session_needs_no_widget_library():
    code = "import sys, nomercy.play.table; print(sorted(m for m in ('anywidget', 'traitlets', 'ipywidgets') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_round_that_is_over_is_not_undone():
    """Undo takes back a decision during the round; once it is over the table offers the next round or the deal again."""
    table = TableSession("no-mercy", ["human", "greedy"], seed=3, undo=True)
    helper = {0: make_player("greedy", seed=3)}
    for _ in range(400):
        if table.state.is_over:
            break
        move = next_move(table.state, helper)
        assert move is not None and table.handle({"type": "move", "move": table.state.move_text(move)}) is None
    assert table.state.is_over
    shown = table.snapshot()
    assert not shown["can_undo"] and shown["undo_why"].startswith("The round is over")
    before = table.record()
    assert table.handle({"type": "undo"}).startswith("The round is over")
    assert table.record() == before


def test_a_round_resumed_before_its_first_move_says_nothing_about_replaying(tmp_path):
    from nomercy.widgets import GameTable

    save = tmp_path / "round.json"
    first = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0, save_to=save)
    assert first.state.ply == 0 and save.exists()  # the person is to play first: nothing played yet, the deal kept
    again = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0, save_to=save)
    assert not any("replayed" in entry.get("sentence", "") for entry in again.log), again.log
