"""What a card player sees on the Play and Train pages is said as a card player would say it.

Seeded rounds are played at the Play page's table (the coach on, the round saved and resumed, a hint at
every decision of the person, every warning, the review and each of its positions) and puzzles are
answered on the Train page's trainer, right and wrong; every text the front end is given to show is
gathered and checked against the words a card player should not meet: seeds, budgets, playouts,
standard errors and "±", file names and paths, backticks, Python calls, player kinds used as names. The
figures stay one click away, under "Show the numbers" (the ``numbers`` the front end keeps folded), and
they are not checked here. The widgets' own fixed words (their ES modules) are checked too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("anywidget")

from conftest import collection  # noqa: E402
from nomercy.core import wording  # noqa: E402
from nomercy.core.errors import NomercyError  # noqa: E402
from nomercy.play.players import make_player, next_move  # noqa: E402
from nomercy.puzzles.puzzle import check_answer  # noqa: E402
from nomercy.widgets import GameTable, Trainer  # noqa: E402

STATIC = Path(wording.__file__).parents[1] / "widgets" / "static"

FORBIDDEN = (
    (re.compile(r"\bseeds?\b", re.I), "a seed"),
    (re.compile(r"playouts?", re.I), "playouts"),
    (re.compile(r"standard error", re.I), "a standard error"),
    (re.compile(r"\bbudget\b", re.I), "a budget"),
    (re.compile(r"±"), "a ±"),
    (re.compile(r"\b[\w-]+\.(json|jsonl|ya?ml|py|md|ipynb|txt)\b", re.I), "a file name"),
    (re.compile(r"(^|[\s(])(/|~/|\./)[\w.-]+/"), "a path"),
    (re.compile(r"`"), "backticks"),
    (re.compile(r"\b[a-z_]+\.[a-z_]+\("), "a Python call"),
    (re.compile(r"\b(greedy|random player|random seat|expert player)\b", re.I), "a player kind"),
    (re.compile(r"\b(True|False|None)\b"), "a Python value"),
)

NOT_SHOWN = {"kind", "kinds", "phase", "rules", "rule", "card", "top", "color", "direction", "numbers", "id",
             "svg", "board", "back", "position", "date", "type", "move", "moves", "value", "values", "file",
             "reason_id", "topic", "level", "levels", "problem_id", "served", "transfer", "html", "data",
             "imported", "export", "picture", "chances", "key"}
"""Keys whose values the front end does not show as words: ids, notation it sends back, pictures, and the
figures folded under "Show the numbers" (``numbers``)."""


def shown(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a front end's data that a page shows as words, with where it sits."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_SHOWN and not str(key).endswith(("_svg", "_html", "_id")):
                yield from shown(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from shown(item, f"{where}[{i}]")


def faults(texts: dict[str, str]) -> list[str]:
    found = []
    for where, text in texts.items():
        for pattern, what in FORBIDDEN:
            if pattern.search(text):
                found.append(f"{what} in {where}: {text!r}")
    return found


def gather(texts: dict[str, str], widget: Any, names: tuple[str, ...]) -> None:
    for name in names:
        for where, text in shown(getattr(widget, name), name):
            texts.setdefault(text, where)


TABLE_TRAITS = ("table", "log", "prompt", "advice", "review", "error")


def play_page_round(seed: int, folder: Path, rules: str = "no-mercy", opponents: int = 2) -> dict[str, str]:
    """One round at the Play page's table, the person's moves chosen by a helper: every text it showed."""
    texts: dict[str, str] = {}
    players = wording.table_players(["steady", "easy", "strong", "steady", "easy"][:opponents])
    table = GameTable(rules, players, seed=seed, coach=True, pace=0, save_to=folder / "play-page-round.json")
    gather(texts, table, TABLE_TRAITS)
    for ruling in table.rulings.values():
        texts.setdefault(ruling["title"], "rulings.title")
        texts.setdefault(ruling["text"], "rulings.text")
    helper = {0: make_player("greedy", seed=seed)}
    for _ in range(400):
        if table.state.is_over:
            break
        state = table.state
        if table.table["can_hint"]:
            table.send_intent({"type": "hint"})
            gather(texts, table, TABLE_TRAITS)
        move = next_move(state, helper)
        assert move is not None
        table.move(state.move_text(move))
        gather(texts, table, TABLE_TRAITS)
        if table.advice.get("kind") == "warning":
            table.send_intent({"type": "go_ahead"})
            gather(texts, table, TABLE_TRAITS)
    assert table.state.is_over
    for _ in range(400):
        table.send_intent({"type": "review"})
        gather(texts, table, TABLE_TRAITS)
        if not table.review.get("running"):
            break
    for i in range(len(table.review.get("mistakes", [])) + len(table.review.get("close_calls", []))):
        table.send_intent({"type": "review_show", "index": i})
        gather(texts, table, TABLE_TRAITS)
    again = GameTable(rules, players, seed=seed, coach=True, pace=0, save_to=folder / "play-page-round.json")  # opened again
    gather(texts, again, TABLE_TRAITS)
    texts.setdefault(again.session.notice, "notice")
    return texts


@pytest.mark.parametrize("seed", [3, pytest.param(50822, marks=pytest.mark.soak)])
def test_a_round_at_the_play_pages_table_speaks_a_card_players_words(seed, tmp_path):
    """A whole coached round takes seconds (a hint at every decision): the everyday run plays one, ``-m soak`` another."""
    texts = play_page_round(seed, tmp_path)
    assert any(where.startswith("advice") for where in texts.values()), "a hint was shown"
    assert any(where.startswith("review") for where in texts.values()), "the review was shown"
    assert faults(texts) == []


@pytest.mark.soak
def test_a_classic_round_against_one_computer_speaks_a_card_players_words(tmp_path):
    """Run with ``-m soak`` (scripts/test does): a whole coached round takes seconds, and the everyday run has one."""
    assert faults(play_page_round(11, tmp_path, rules="classic", opponents=1)) == []


def test_the_warnings_speak_a_card_players_words(tmp_path):
    """Every warning the coach gives in a few seeded rounds, for every move the person could make."""
    from nomercy.play.coach_warnings import move_warnings, seat_moves
    from test_coach_never_loops import table_round, the_position_that_looped
    from nomercy.play.table_coach import warning_advice
    texts: dict[str, str] = {}
    positions = [the_position_that_looped()] + [s for seed in range(3) for s in table_round(seed, ["h", "g"])]
    for state in positions:
        for move in seat_moves(state, state.to_act)[0]:
            advice = warning_advice(state, move, uno_called=False, seed=0)
            if advice:
                for where, text in shown(advice, "advice"):
                    texts.setdefault(text, where)
    assert len(texts) > 10
    assert faults(texts) == []


def test_the_trainer_speaks_a_card_players_words(tmp_path):
    texts: dict[str, str] = {}
    trainer = Trainer(puzzles=list(collection()), data_dir=tmp_path)
    traits = ("status", "puzzle", "feedback", "hints", "walk", "error")
    gather(texts, trainer, traits)
    for turn in range(8):
        puzzle = trainer.current
        if puzzle.choices:
            verdicts = [check_answer(puzzle, dict(c["answer"])) for c in puzzle.choices]
            pick = next((i for i, v in enumerate(verdicts) if (v is None) == (turn % 2 == 0)), 0)
            trainer.send_intent({"type": "choose", "index": pick})
        else:
            trainer.send_intent({"type": "answer", "values": {}})
        trainer.send_intent({"type": "hint"})
        gather(texts, trainer, traits)
        trainer.send_intent({"type": "next"})
        gather(texts, trainer, traits)
    assert texts
    assert faults(texts) == []


def js_strings(source: str) -> Iterator[str]:
    """The string literals and template texts of an ES module, with the function ``showNumbers`` left out."""
    source = re.sub(r"function showNumbers\(.*?\n  }\n", "", source, flags=re.S)
    source = re.sub(r"^\s*//.*$", "", source, flags=re.M)
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`', source):
        yield re.sub(r"\$\{[^}]*\}", "…", match.group(1) or match.group(2) or "")


@pytest.mark.parametrize("module", ["game_table.js", "trainer.js", "puzzle_board.js"])
def test_the_widgets_own_words_speak_a_card_players_words(module):
    texts = {text: module for text in js_strings((STATIC / module).read_text(encoding="utf-8"))
             if " " in text.strip()}  # words, not class names or ids
    assert faults({f"{module}: {text}": text for text in texts}) == []


def test_computer_seats_have_names_and_a_strength_a_person_understands():
    players = wording.table_players(["easy", "steady", "strong"])
    assert list(players.values()) == ["human", "random", "greedy", "expert"]
    names = list(players)
    assert names[0] == "You"
    assert not {n.lower() for n in names} & {"greedy", "random", "expert", "human", "player"}
    assert len(set(names)) == len(names)
    for strength in wording.STRENGTHS:
        assert strength.word and strength.says and " " in strength.says
    with pytest.raises(NomercyError, match="easy, steady or strong"):
        wording.table_players(["hard"])
    with pytest.raises(NomercyError, match="1 to 5"):
        wording.table_players([])


def test_a_play_page_record_opens_elsewhere_with_its_computer_seats_as_computers():
    """A record keeps names, not kinds: the Play page's computer names open as (steady) computers, You as a person."""
    from nomercy.play.table import TableSession
    table = TableSession("no-mercy", wording.table_players(["steady", "easy"]), seed=5)
    again = TableSession.from_record(table.record())
    assert again.seats == ("You", "Alex", "Sam") and again.kinds == ("human", "greedy", "greedy")
