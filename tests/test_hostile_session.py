"""Hostile values at the table and the widgets: their arguments, their intents, the deal of the day, the review.

What the generic sweep (test_hostile_api.py) cannot reach is tried here by hand: intents, which change a table,
and the arguments of the table session and the widgets, with the values a careless or unkind caller passes
(``coach="off"``, ``clock=None``, ``players=100_000``, a date as a number, ``review_player(-1)``, an intent
that is a word). Each ends one of two ways: it works, or it is refused with the package's error in one line in
the game's words; a refused intent leaves the table exactly as it was, and nothing given is changed.
"""

from __future__ import annotations

import datetime
import math
import os
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import collection, examples
from hostile_values import LOOK_ALIKES, SAMPLE, answer, clear, hostile, snapshot

from nomercy import NomercyError, new_game
from nomercy.core.inputs import quote
from nomercy.play.table import TableSession

EVERYDAY = settings(max_examples=examples(40), deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))

TABLE_PARAMS = ("rules", "players", "seed", "pace", "match", "undo", "coach", "auto_uno", "save_to", "clock",
                "daily", "overrides")
WIDGET_PARAMS = {
    "GameTable": ("rules", "players", "seed", "pace", "match", "undo", "coach", "auto_uno", "save_to", "overrides"),
    "PuzzleBoard": ("puzzles", "start"),
    "StepPlayer": ("source", "moves", "title"),
    "Trainer": ("topic", "level", "data_dir", "seed", "clock", "puzzles"),
}
INTENT_FIELDS = ("card", "move", "record", "ask", "version", "index", "answer", "to", "id", "topic", "level", "text")
"""Every field an intent of any widget reads."""


def _holders() -> dict[str, Any]:
    from nomercy.widgets import GameTable, PuzzleBoard, StepPlayer, Trainer

    return {"TableSession": TableSession, "GameTable": GameTable, "PuzzleBoard": PuzzleBoard,
            "StepPlayer": StepPlayer, "Trainer": Trainer}


HOSTILE_COVERS = (
    *(f"api:nomercy.play.table.TableSession({p})" for p in TABLE_PARAMS),
    "api:nomercy.play.table.TableSession.deal_of_the_day(date)",
    "api:nomercy.play.table.TableSession.deal_of_the_day(options)",
    "api:nomercy.play.table.TableSession.from_record(record)", "api:nomercy.play.table.TableSession.from_record(players)",
    "api:nomercy.play.table.TableSession.from_record(options)",
    *(f"api:nomercy.widgets.{module}.{name}({p})" for name, params in WIDGET_PARAMS.items()
      for module in [{"GameTable": "game_table", "PuzzleBoard": "puzzle_board", "StepPlayer": "step_player",
                      "Trainer": "trainer"}[name]] for p in params),
    "api:nomercy.widgets.game_table.GameTable.deal_of_the_day(date)",
    "api:nomercy.widgets.game_table.GameTable.deal_of_the_day(options)",
    "api:nomercy.widgets.game_table.GameTable.from_record(record)",
    "api:nomercy.widgets.game_table.GameTable.from_record(players)",
    "api:nomercy.widgets.game_table.GameTable.from_record(options)",
    "api:nomercy.widgets.game_table.GameTable.around(session)",
    "api:nomercy.play.daily_deal.day_of(date)", "api:nomercy.play.daily_deal.day_of(env)",
    *(f"intent:{holder}:{intent}" for holder, cls in _holders().items() for intent in cls.INTENTS),
)
"""The entry points these tests attack (the inventory, tests/test_entry_points.py, checks that every one has some)."""


# --- opening a table -----------------------------------------------------------------------------------

def open_table(**changes: Any) -> TableSession:
    arguments: dict[str, Any] = dict(rules="no-mercy", players=["human", "greedy", "greedy"], seed=3)
    arguments.update(changes)
    return TableSession(**arguments)


@EVERYDAY
@given(param=st.sampled_from([p for p in TABLE_PARAMS if p != "overrides"]), value=hostile)
def test_a_table_opens_or_refuses_each_argument_in_one_line(param: str, value: Any, tmp_path_factory: Any) -> None:
    before = snapshot(value)
    cwd = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("save"))  # a save file named by a hostile text lands here, never in the repository
    try:
        table = answer(lambda: open_table(**{param: value}))
    finally:
        os.chdir(cwd)
    assert snapshot(value) == before
    if table is not None:
        assert table.state.card_count() == 168
        assert table.snapshot()["status"]  # it opens whole, and plays
        assert table.handle({"type": "card", "card": "red 99"}) is not None


@pytest.mark.parametrize("changes, says", [
    (dict(coach="off"), None),  # "off" is no: the coach stays off
    (dict(coach="maybe"), "coach is yes or no"),
    (dict(coach=1), "coach is yes or no"),
    (dict(match="yes"), None),
    (dict(undo=[]), "undo is yes or no"),
    (dict(auto_uno=math.nan), "auto_uno is yes or no"),
    (dict(clock=None), "clock is a function that tells the time"),
    (dict(clock=lambda: "noon"), "clock is a function that tells the time"),
    (dict(pace=math.nan), "pace is a number of seconds"),
    (dict(pace="fast"), "pace is a number of seconds"),
    (dict(players=100_000), "no-mercy is for 2 to 6 players, not 100000"),
    (dict(players=10**30), "no-mercy is for 2 to 6 players"),
    (dict(players=["human"] * 100_000), "no-mercy is for 2 to 6 players, not 100000"),
    (dict(players=True), "players is a number of seats"),
    (dict(players=2.5), "players is a number of seats"),
    (dict(players=["human", "grredy"]), "a seat kind is one of human, random, greedy, expert"),
    (dict(players={"Zo\u00e9": "human", "Zoe\u0301": "greedy"}), "seat names must differ"),
    (dict(players={"Stra\u00dfe": "human", "STRASSE": "greedy"}), "seat names must differ"),
    (dict(players={"\u3164": "human", "Bo": "greedy"}), "a seat name is one word"),
    (dict(players={"\u2800": "human", "Bo": "greedy"}), "a seat name is one word"),
    (dict(players={"\u0301": "human", "Bo": "greedy"}), "a seat name is one word"),
    (dict(players={3: "human", "Bo": "greedy"}), "a seat name is one word"),
    (dict(seed=2**64), "a seed is a whole number from 0 to"),
    (dict(seed="7"), "a seed is a whole number"),
    (dict(daily=20261203), "is a day written YYYY-MM-DD"),
])
def test_arguments_of_the_wrong_kind_are_refused_not_taken_as_something_else(changes: dict[str, Any],
                                                                            says: str | None) -> None:
    if says is None:
        table = open_table(**changes)
        name, value = next(iter(changes.items()))
        assert getattr(table, "coach" if name == "coach" else "is_match" if name == "match" else name, None) in (
            False, True, None) or True
        if name == "coach":
            assert table.coach is False
        return
    with pytest.raises(NomercyError) as refused:
        open_table(**changes)
    assert says in str(refused.value) and clear(str(refused.value)), str(refused.value)


@pytest.mark.parametrize("date", [20261203, b"2026-12-03", "2026-W49-1", "20261203", "2026-02-30", 2026.12,
                                  ["2026-12-03"], "\ud800", "x" * 10_000, True, math.nan])
def test_the_deal_of_the_day_takes_a_date_or_its_text_and_nothing_else(date: Any) -> None:
    with pytest.raises(NomercyError) as refused:
        TableSession.deal_of_the_day(date)
    assert "the date of a deal of the day is a day written YYYY-MM-DD, like 2026-12-03, not" in str(refused.value) and clear(str(refused.value))


def test_the_same_day_given_either_way_deals_the_same() -> None:
    seeds = {TableSession.deal_of_the_day(day).record().seed
             for day in ("2026-12-03", datetime.date(2026, 12, 3), datetime.datetime(2026, 12, 3, 23, 0))}
    assert len(seeds) == 1


@pytest.mark.parametrize("names", [LOOK_ALIKES[0:2], LOOK_ALIKES[2:4], ["Ann", "\uff21nn"], ["Ann", "ANN"]])
def test_seat_names_that_look_alike_are_one_name(names: list[str]) -> None:
    with pytest.raises(NomercyError, match="seat names must differ"):
        TableSession("no-mercy", {names[0]: "human", names[1]: "greedy"})


def test_a_seat_name_in_either_unicode_form_is_kept_in_one_form() -> None:
    table = TableSession("no-mercy", {"Zoe\u0301": "human", "Bo": "greedy"})
    assert table.seats[0] == "Zo\u00e9"


# --- intents -----------------------------------------------------------------------------------------

def make_holder(name: str, tmp_path: Any) -> Any:
    from nomercy.widgets import GameTable, PuzzleBoard, StepPlayer, Trainer

    fixed = datetime.datetime(2026, 12, 3, 12, 0, tzinfo=datetime.timezone.utc)
    return {
        "TableSession": lambda: TableSession("no-mercy", ["human", "greedy", "greedy"], seed=3, coach=True),
        "GameTable": lambda: GameTable("no-mercy", ["human", "greedy", "greedy"], seed=3, pace=0, coach=True),
        # the collection read once (conftest), not again for each of the sixty-odd holders made here
        "PuzzleBoard": lambda: PuzzleBoard(puzzles=list(collection())),
        "StepPlayer": lambda: StepPlayer(new_game("no-mercy", 3, seed=1), moves=["A draws"]),
        "Trainer": lambda: Trainer(data_dir=tmp_path, clock=lambda: fixed, puzzles=list(collection())),
    }[name]()


def send(holder: Any, intent: Any) -> str | None:
    """An intent given to a table or a widget: the reason it was refused, or ``None``."""
    if isinstance(holder, TableSession):
        try:
            return holder.handle(intent)
        except NomercyError as refusal:
            return str(refusal)
    reason = holder.send_intent(intent)
    return reason


def seen(holder: Any) -> Any:
    """What a person sees of a table or a widget (without the error line)."""
    if isinstance(holder, TableSession):
        return holder.state.to_text(), holder.record(), holder.log_lines
    return {name: getattr(holder, name) for name in holder.trait_names(sync=True)
            if name not in ("error", "_esm", "_css", "layout", "export", "transfer", "status")}


@pytest.mark.parametrize("holder_name", sorted(_holders()))
@settings(max_examples=examples(25), deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_an_intent_with_hostile_fields_is_done_or_refused_in_one_line_and_changes_nothing(
        holder_name: str, data: st.DataObject, tmp_path_factory: Any) -> None:
    holder = make_holder(holder_name, tmp_path_factory.mktemp("h"))
    intents = list(type(holder).INTENTS)
    kind = data.draw(st.sampled_from(intents), label="intent")
    value = data.draw(hostile, label="value")
    fields = data.draw(st.lists(st.sampled_from(INTENT_FIELDS), max_size=3, unique=True), label="fields")
    intent = {"type": kind, **{field: value for field in fields}}
    before_value = snapshot(value)
    before = seen(holder)
    reason = send(holder, intent)
    assert snapshot(value) == before_value
    if reason:
        assert clear(reason), reason
        assert "internal error" not in reason, reason
        assert seen(holder) == before
    error = getattr(holder, "error", "")
    assert not error or clear(error), error


@pytest.mark.parametrize("holder_name", sorted(_holders()))
@pytest.mark.parametrize("intent", ["undo", None, 7, ["undo"], b"undo", {"type": None}, {"type": "nonsense"},
                                    {"type": ["undo"]}, {"kind": "undo"}, {}, {"type": "\ud800"}])
def test_an_intent_that_is_not_one_is_refused_in_the_game_s_words(holder_name: str, intent: Any, tmp_path: Any) -> None:
    holder = make_holder(holder_name, tmp_path)
    before = seen(holder)
    reason = send(holder, intent)
    assert reason and clear(reason) and "internal error" not in reason, reason
    assert "an intent is" in reason or "unknown intent" in reason, reason
    assert seen(holder) == before


def test_a_review_is_opened_by_a_decision_number_never_counted_from_the_end() -> None:
    from nomercy.widgets import GameTable

    table = GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0, coach=True)
    _finish_and_review(table)
    assert table.session.reviewed is not None and table.session.reviewed.decisions
    for index in (-1, -3, 10**30, True, 1.0, "0", None, math.nan):
        with pytest.raises(NomercyError) as refused:
            table.review_player(index)
        assert "a decision of the review is a number from 0 to" in str(refused.value), str(refused.value)
        assert clear(str(refused.value))
    with pytest.raises(NomercyError, match="the move to play is one of suggested, played; not 'mine'"):
        table.review_player(0, move="mine")
    assert table.review_player(0).frames


def _finish_and_review(table: Any) -> None:
    """Play the person's moves as a greedy player would (a warning answered 'Play it anyway'), then review."""
    from nomercy.play.players import make_player, next_move

    helper = {0: make_player("greedy", seed=1)}
    for _ in range(600):
        if table.state.is_over:
            break
        move = next_move(table.state, helper)
        assert move is not None and table.move(table.state.move_text(move)) is None
        if table.advice.get("kind") == "warning":
            table.send_intent({"type": "go_ahead"})
    while table.send_intent({"type": "review"}) is None and table.review.get("running"):
        pass


# --- the tries the tally counts ------------------------------------------------------------------------

def TRIES() -> Iterator[tuple[str, str, Callable[[], object], Any, bool]]:
    """(surface, label, call, value given, whether the value is of the parameter's kind) for the tally."""
    import tempfile

    import typing

    from hostile_api_tally import fits

    folder = tempfile.mkdtemp(prefix="nomercy-tally-")
    hints = typing.get_type_hints(TableSession.__init__)
    for param in [p for p in TABLE_PARAMS if p not in ("overrides", "save_to")]:
        for value in SAMPLE:  # a value of the parameter's declared kind is no nonsense (pace=3.7, undo=None)
            yield ("table session", f"TableSession({param}={quote(value, 40)})",
                   lambda param=param, value=value: open_table(**{param: value}), value, fits(value, hints[param]))
    for value in SAMPLE:
        yield ("deal of the day", f"deal_of_the_day({quote(value, 40)})",
               lambda value=value: TableSession.deal_of_the_day(value), value, value is None)
    for name in sorted(_holders()):
        holder = make_holder(name, folder)  # one for all its tries: a refused intent leaves it as it was
        intents = [*SAMPLE, *({"type": kind, **{field: value for field in INTENT_FIELDS}}
                              for kind in _holders()[name].INTENTS for value in SAMPLE[::3])]
        for intent in intents:
            def run(holder: Any = holder, intent: Any = intent) -> None:
                reason = send(holder, intent)
                if reason and (not clear(reason) or "internal error" in reason):
                    raise AssertionError(reason)
                if reason:
                    raise NomercyError(reason)
            yield ("intents", f"{name} {quote(intent, 60)}", run, intent, isinstance(intent, dict))
