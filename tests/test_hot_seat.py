"""Hot-seat: friends share one screen, and each takes back only their own decisions.

Ann and Bo play at one screen with a computer. A hand stays hidden until its owner shows it; the status line
names the button to click in the button's own words. Undo takes back the latest decision only for the person
who made it, while the screen is still theirs (before the next person shows their hand); the log says whose
decision was taken back, and the moves after it.
"""

from __future__ import annotations

from nomercy.core.engine import legal_moves
from nomercy.play.players import make_player, next_move
from nomercy.play.table import TableSession

ANN, BO = 0, 1


def friends() -> TableSession:
    return TableSession("no-mercy", {"Ann": "human", "Bo": "human", "Greedy": "greedy"}, seed=6)


def decide(table: TableSession, seed: int = 0) -> str:
    """The person to move shows their hand (if hidden) and makes a move; the move, in notation."""
    if table.waiting == "hidden":
        assert table.handle({"type": "reveal"}) is None
    state = table.state
    seat = table.viewer
    move = state.move_text(next_move(state, {seat: make_player("greedy", seed=seed)}))
    assert table.handle({"type": "move", "move": move}) is None
    return move


def until_the_screen_passes(table: TableSession) -> tuple[int, str]:
    """Play on until one person's decision has passed the screen to the other; that person and decision."""
    for turn in range(60):
        mover = table.state.to_act
        move = decide(table, turn)
        if table.waiting == "hidden" and table.snapshot()["reveal_for"] != table.seats[mover]:
            return mover, move
    raise AssertionError("the screen never passed from one person to the other")


def test_the_status_line_names_the_button_in_its_own_words():
    table = friends()
    snap = table.snapshot()
    first = table.seats[table.state.to_act]
    assert snap["hidden"] and snap["reveal_label"] == f"Show {first}'s hand"
    assert snap["status"] == (f"Pass the screen to {first}. {first}, click 'Show {first}'s hand' when nobody else "
                              "is looking.")
    refused = table.handle({"type": "card", "card": "red 1"})
    assert refused == f"The hands are hidden: click 'Show {first}'s hand' first."


def test_the_next_person_cannot_take_back_the_move_before_theirs():
    table = friends()
    mover, move = until_the_screen_passes(table)
    other = 1 - mover
    assert table.handle({"type": "reveal"}) is None  # the other person takes the screen and shows their hand
    snap = table.snapshot()
    assert snap["viewer"] == table.seats[other]
    assert not snap["can_undo"] and snap["undo_label"] == f"Undo {table.seats[other]}'s last move"
    why = (f"The latest decision is {table.seats[mover]}'s ({move}): only {table.seats[mover]} can take it back, "
           f"and the screen has passed to {table.seats[other]}.")
    assert snap["undo_why"] == why
    moves = table.move_count
    assert table.handle({"type": "undo"}) == why
    assert table.move_count == moves  # the move stands


def test_a_person_takes_back_their_own_move_until_the_next_person_shows_their_hand():
    table = friends()
    mover, move = until_the_screen_passes(table)
    name = table.seats[mover]
    snap = table.snapshot()
    assert snap["hidden"] and snap["can_undo"] and snap["undo_label"] == f"Undo {name}'s last move"
    after = table.move_count
    assert table.handle({"type": "undo"}) is None
    undone = after - table.move_count - 1
    line = table.log_lines[-1]
    assert line["kind"] == "undo"
    assert line["sentence"] == (f"{name} took back {name}'s last decision: {move}"
                                + (f" (and the {undone} moves after it)." if undone > 1 else
                                   " (and the 1 move after it)." if undone == 1 else "."))
    snap = table.snapshot()  # the same person decides again, their hand on screen
    assert table.state.to_act == mover and snap["viewer"] == name and not snap["hidden"]
    assert move in [table.state.move_text(m) for m in legal_moves(table.state, mover)]


def test_after_taking_back_their_own_move_a_person_cannot_go_on_into_the_others():
    table = friends()
    until_the_screen_passes(table)  # one person moved, the screen passed
    second, _ = until_the_screen_passes(table)  # the other moved, the screen passed back
    taken = 0
    while table.snapshot()["can_undo"]:  # the second takes back their own decisions (a draw, then a keep: two)
        assert table.handle({"type": "undo"}) is None
        taken += 1
    assert taken >= 1 and table.state.to_act == second
    snap = table.snapshot()
    assert snap["undo_why"].startswith(f"The latest decision is {table.seats[1 - second]}'s (")
    assert table.handle({"type": "undo"}) == snap["undo_why"]


def test_one_person_takes_back_their_last_move_as_before():
    table = TableSession("no-mercy", ["human", "greedy", "greedy"], seed=3)
    move = decide(table)
    snap = table.snapshot()
    assert snap["can_undo"] and snap["undo_label"] == "Undo my last move" and snap["undo_why"] == ""
    assert table.handle({"type": "undo"}) is None
    assert table.log_lines[-1]["sentence"].startswith(f"Player took back Player's last decision: {move}")
    assert table.move_count == 0
    assert table.handle({"type": "undo"}) == "There is nothing of yours to take back yet."
