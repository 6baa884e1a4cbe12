"""The table session's state is values: a transaction is a swap, and what the table waits for is one value.

A refused or broken intent puts back the very value the session had (not a copy of it); a move makes the next
round and leaves the old one as it was; what an intent drops of what the table waits for follows from that value
and the intent's kind (a person's act, a look, the page's timer), never from a list of intent names.
"""

from __future__ import annotations

import pytest

from nomercy.core.engine import legal_moves
from nomercy.core.moves import Draw
from nomercy.play.game import Game
from nomercy.play.table import TableSession
from nomercy.play.table_round import TableRound
from nomercy.play.table_waits import Choosing, Held, Hinted, YourMove


def test_a_refused_intent_puts_back_the_very_value_the_table_had():
    table = TableSession("no-mercy", ["human", "greedy"], seed=3)
    before = table.checkpoint()
    assert table.handle({"type": "move", "move": "Player plays blue 7"}) == "Player holds no blue 7"
    assert table.checkpoint() is before


def test_a_drawing_that_breaks_puts_back_the_very_value_and_raises_again():
    table = TableSession("no-mercy", ["human", "greedy"], seed=3)
    before = table.checkpoint()
    move = table.state.move_text(legal_moves(table.state)[0])

    def broken() -> None:
        raise RuntimeError("the drawing broke")

    with pytest.raises(RuntimeError):
        table.handle({"type": "move", "move": move}, show=broken)
    assert table.checkpoint() is before and table.move_count == 0


def test_a_move_makes_the_next_round_and_leaves_the_old_one_as_it_was():
    round_ = TableRound.dealt(1, Game("no-mercy", ["You", "Bo"], seed=3), people=(0,))
    state, lines = round_.state, round_.lines
    after = round_.played(legal_moves(state)[0], decided=True)
    assert (round_.state, round_.lines, round_.marks, round_.move_count) == (state, lines, (), 0)
    assert after.move_count == 1 and len(after.marks) == 1 and len(after.lines) > len(lines)
    back, mark, moves_after = after.taken_back()
    assert back.state == state and back.lines == lines and mark == after.marks[0] and moves_after == 0


@pytest.mark.parametrize("waits", [Held(move=Draw(0), words={"kind": "warning"}, uno_armed=True),
                                   Hinted(words={"kind": "hint"}, uno_armed=True)])
def test_the_coachs_words_last_while_the_person_looks_and_go_with_an_act_or_a_move(waits):
    assert waits.after("look") is waits and waits.after("timer") is waits
    assert waits.after("act") == YourMove(uno_armed=True) == waits.after_move()


def test_a_cards_question_lasts_until_it_is_answered_or_a_move_is_made():
    asked = Choosing(choices={"title": "Name a color."})
    assert asked.after("act") is asked and asked.after("look") is asked
    assert asked.prompt == {"title": "Name a color."} and asked.armed(True).prompt == asked.prompt
    assert asked.after_move() == YourMove()


def test_an_export_lasts_until_the_next_click_but_not_through_the_timer():
    table = TableSession("no-mercy", ["human", "greedy"], seed=3, pace=1)
    assert table.handle({"type": "export"}) is None and table.export
    assert table.handle({"type": "advance", "version": table.version}) is None and table.export
    from nomercy import legal_moves

    move = table.state.move_text(next(iter(legal_moves(table.state))))  # a click that acts (cancel with nothing
    assert table.handle({"type": "move", "move": move}) is None and table.export == ""  # open is refused now)
