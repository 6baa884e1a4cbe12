"""The deal of the day: one deal per date, the same for everyone, and the table says which day it is.

A person opens today's deal, sees "Deal of the day, 3 December 2026" on the table, and can copy a line to send a
friend from the first move on (the date names the deal); at the end of the round the line carries the result.
A new deal at the same table is no longer the deal of the day, and the table stops saying so.
"""

from __future__ import annotations

import datetime

import pytest

from nomercy.core.errors import NomercyError
from nomercy.play.players import make_player, next_move
from nomercy.play.table import TODAY_VAR, TableSession, day_of


def play_to_the_end(table: TableSession) -> None:
    """Play the round out as a greedy player would (the coach off: no warning holds a move back)."""
    helper = {0: make_player("greedy", seed=1)}
    while not table.state.is_over:
        move = next_move(table.state, helper)
        assert table.handle({"type": "move", "move": table.state.move_text(move)}) is None


def test_the_table_says_it_is_the_deal_of_the_day_and_which_day():
    daily = TableSession.deal_of_the_day("2026-12-03").snapshot()["daily"]
    assert daily["title"] == "Deal of the day, 3 December 2026"
    assert daily["date"] == "2026-12-03"


def test_the_line_to_share_is_there_from_the_start_and_ends_with_the_result():
    table = TableSession.deal_of_the_day("2026-12-03", coach=False)
    assert table.snapshot()["daily"]["share"] == "nomercy deal of the day 2026-12-03 · no-mercy · in play, no move yet"
    helper = {0: make_player("greedy", seed=1)}
    table.handle({"type": "move", "move": table.state.move_text(next_move(table.state, helper))})
    assert table.snapshot()["daily"]["share"] == (f"nomercy deal of the day 2026-12-03 · no-mercy · in play, "
                                                  f"{table.move_count} moves made")
    play_to_the_end(table)
    s = table.state
    result = "You won" if s.seats[s.winner] == "You" else f"You lost ({s.seats[s.winner]} won)"
    assert table.snapshot()["daily"]["share"] == (f"nomercy deal of the day 2026-12-03 · no-mercy · {result} · "
                                                  f"{table.move_count} moves · {len(s.out)} knocked out")


def test_replaying_the_deal_keeps_the_day_and_a_new_deal_drops_it():
    table = TableSession.deal_of_the_day("2026-12-03", coach=False)
    play_to_the_end(table)
    assert table.handle({"type": "replay"}) is None
    assert table.snapshot()["daily"]["title"] == "Deal of the day, 3 December 2026"
    play_to_the_end(table)
    assert table.handle({"type": "new_round"}) is None
    assert table.snapshot()["daily"] is None
    assert table.handle({"type": "new_match"}) is None
    assert table.snapshot()["daily"] is None


def test_without_a_date_the_deal_is_todays_in_utc(monkeypatch):
    monkeypatch.delenv(TODAY_VAR, raising=False)
    today = datetime.datetime.now(datetime.timezone.utc).date()
    assert day_of(None) in (today, today + datetime.timedelta(days=1))  # (a run across midnight)
    assert TableSession.deal_of_the_day().snapshot()["daily"]["date"] == day_of(None).isoformat()


def test_any_other_table_is_not_a_deal_of_the_day():
    assert TableSession("no-mercy", {"You": "human", "Greedy": "greedy", "Random": "random"},
                        seed=TableSession.deal_of_the_day("2026-12-03").record().seed).snapshot()["daily"] is None


def test_the_environment_may_fix_today_for_pages_stored_on_any_day(monkeypatch):
    monkeypatch.setenv(TODAY_VAR, "2026-12-01")
    assert TableSession.deal_of_the_day().snapshot()["daily"]["title"] == "Deal of the day, 1 December 2026"
    monkeypatch.setenv(TODAY_VAR, "the first")
    with pytest.raises(NomercyError, match=r"^NOMERCY_TODAY \(the day a deal of the day takes as today\) is a day "
                                           "written YYYY-MM-DD, like 2026-12-03, not 'the first'$"):
        TableSession.deal_of_the_day()
