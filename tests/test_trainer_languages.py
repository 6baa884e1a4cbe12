"""The trainer in a language: only the puzzles translated into it are served, their texts from the puzzles' catalog,
their moves and options in the engine's words of the language, the seats named as seats; it says how many puzzles
are in the language; a mistake of your own is said in the language from its file; English is unchanged."""

from __future__ import annotations

import tempfile
from typing import Any

import pytest

pytest.importorskip("anywidget")

from nomercy.core.i18n import LOCALES, puzzle_catalog, words  # noqa: E402
from nomercy.core.said import sentence  # noqa: E402
from nomercy.play.said_at_table import move_words  # noqa: E402
from nomercy.puzzles.kept import KEPT_QUESTION, KEPT_TITLE, KEPT_TOPIC  # noqa: E402
from nomercy.puzzles.puzzle import Puzzle, load_puzzles  # noqa: E402
from nomercy.puzzles.option_words import plain_options  # noqa: E402
from nomercy.puzzles.puzzle_languages import in_language, move_said, translated  # noqa: E402
from nomercy.widgets import PuzzleBoard, Trainer  # noqa: E402
from nomercy.widgets import trainer as trainer_module  # noqa: E402

PUZZLES = load_puzzles()
SERVED = {lang: translated(PUZZLES, lang) for lang in LOCALES}
"""The puzzles each language can serve now (its catalog may be partly translated)."""
LANGS = [lang for lang in LOCALES if SERVED[lang]]


def _trainer(lang: str, **options: Any) -> Trainer:
    return Trainer(data_dir=tempfile.mkdtemp(), lang=lang, **options)


def test_swedish_has_puzzles_to_serve() -> None:
    assert "sv" in LANGS and len(SERVED["sv"]) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_trainer_in_a_language_serves_only_its_puzzles_in_that_language(lang: str) -> None:
    trainer = _trainer(lang)
    served = {p.id: p for p in SERVED[lang]}
    assert {p.id for p in trainer.pool} == set(served) and trainer.status["pool"] == len(served)
    english = {p.id: p for p in PUZZLES}
    catalog = puzzle_catalog(lang)
    said = words(lang)
    for _ in range(min(len(served), 25)):
        shown, pid = trainer.puzzle, trainer.puzzle["id"]
        assert pid in served
        assert shown["title"] == plain_options(catalog.gettext(" ".join(english[pid].title.split())), lang) \
            != english[pid].title
        assert shown["question"] == plain_options(served[pid].question, lang) != english[pid].question
        moves = english[pid].moves  # a play of the card just drawn is said as such (its card is the question's)
        assert shown["moves"] == [
            said.gettext("{player} plays the card drawn", player=m.split()[0])
            if i and moves[i - 1] == f"{m.split()[0]} draws" and m.split()[1] == "plays"
            else move_said(m, english[pid].players, lang) for i, m in enumerate(moves)]
        assert not any(m in english[pid].moves for m in shown["moves"])
        assert all(hand["label"] == said.gettext("Seat {seat}", seat=hand["name"]) for hand in shown["hands"])
        assert shown["seats"] and shown["seats"] != PuzzleBoard(pid).puzzle["seats"]
        if shown["choices"]:
            trainer.choose(0)
            assert trainer.feedback["events"] == [] or all(
                e["sentence"] != english_e for e, english_e in zip(trainer.feedback["events"], _english_events(pid)))
        for _hint in range(shown["hints_total"]):
            trainer.hint()
        assert trainer.hints == list(served[pid].hints)
        trainer.next()


def _english_events(pid: str) -> list[str]:
    board = PuzzleBoard(pid)
    if board.puzzle["choices"]:
        board.choose(0)
    return [e["sentence"] for e in board.feedback.get("events", [])]


@pytest.mark.parametrize("lang", LANGS)
def test_the_trainer_says_how_many_puzzles_are_in_the_language(lang: str) -> None:
    trainer = _trainer(lang)
    count = len(SERVED[lang])
    said = trainer.status["available"]
    assert str(count) in said and str(len(PUZZLES)) in said
    assert said == (words(lang).ngettext("{count} of the {total} puzzles is in this language so far; the others wait "
                                         "for their translation.", "{count} of the {total} puzzles are in this language "
                                         "so far; the others wait for their translation.", count, total=len(PUZZLES))
                    if count < len(PUZZLES) else words(lang).gettext("All {total} puzzles are in this language.",
                                                                     total=len(PUZZLES)))


def test_a_language_with_no_puzzle_translated_shows_them_in_english_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trainer_module, "translated", lambda puzzles, lang: [])
    trainer = _trainer("sv")
    assert trainer.status["pool"] == len(PUZZLES)
    assert trainer.status["available"] == words("sv").gettext(
        "No puzzle is in this language yet, so the puzzles are shown in English.") != ""


def test_english_is_unchanged_and_says_nothing_of_a_count() -> None:
    trainer = Trainer(data_dir=tempfile.mkdtemp())
    assert trainer.status["available"] == "" and trainer.status["pool"] == len(PUZZLES)
    english = {p.id: p for p in PUZZLES}
    shown = trainer.puzzle
    assert (shown["title"], shown["question"]) == (english[shown["id"]].title, english[shown["id"]].question)
    moves = english[shown["id"]].moves
    assert shown["moves"] == [f"{m.split()[0]} plays the card drawn"
                              if i and moves[i - 1] == f"{m.split()[0]} draws" and m.split()[1] == "plays" else m
                              for i, m in enumerate(moves)]


def test_every_board_names_the_seats_as_seats_and_the_seat_it_asks_from() -> None:
    story, decision = PuzzleBoard("stack-2-4-6"), PuzzleBoard("bm-keep-your-seven")
    assert [h["label"] for h in story.puzzle["hands"]] == ["Seat B", "Seat C", "Seat D"]
    assert story.puzzle["seats"] == "The letters are the seats. Seat A moves first."
    assert decision.puzzle["seats"] == "You are seat A: the question is asked from there."
    for lang in LOCALES:
        said = words(lang).gettext
        assert said("Seat {seat}", seat="B") != "Seat B" and "B" in said("Seat {seat}", seat="B")
        assert "A" in said("You are seat {seat}: the question is asked from there.", seat="A")


def _kept_mistake() -> Puzzle:
    """A mistake of your own as the trainer keeps it (its title and question are the kept module's)."""
    return Puzzle.from_dict({
        "id": "mine-0123456789ab", "title": KEPT_TITLE.format(number=9), "source": "original, a mistake from your own round",
        "kind": "better-move", "topic": KEPT_TOPIC, "level": "medium", "rules": "no-mercy", "players": ["A", "B", "C"],
        "turn": "A", "discard": "red +2", "pending": 2, "hands": {"A": ["blue +4"], "B": {"more": 5}, "C": {"more": 6}},
        "moves": [], "question": KEPT_QUESTION.format(seat="A", move="A draws"), "answer": {"better_than": "A draws"},
        "coach": {"seed": 1, "playouts": 40, "margin": 0.01}, "explanation": "The coach's reason."})


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_kept_mistake_is_said_in_the_language_from_its_file(lang: str) -> None:
    mistake = _kept_mistake()
    shown = in_language(mistake, lang)
    said = words(lang).gettext
    assert shown is not None and shown.title == said(KEPT_TITLE, number=9) != mistake.title
    start = mistake.puzzle_kind.table(mistake)[0]
    assert shown.question == said(KEPT_QUESTION, seat="A", move=move_words("A draws", start, lang)) != mistake.question
    assert "A draws" not in shown.question and shown.explanation == ""  # the coach's reason is English only
    trainer = _trainer(lang, puzzles=[*PUZZLES[:3], mistake], mistakes=False)
    trainer.goto(0)
    assert mistake.id in {p.id for p in trainer.pool}
    while trainer.puzzle["id"] != mistake.id:
        trainer.next()
    assert trainer.puzzle["title"] == shown.title and trainer.puzzle["choices"]
    assert all(c["label"] not in ("A plays blue +4", "A draws") for c in trainer.puzzle["choices"])
    edited = Puzzle.from_dict({**_dict(mistake), "title": "My own title"})
    assert in_language(edited, lang) is None  # a file edited by hand: English only, not half translated


def _dict(puzzle: Puzzle) -> dict[str, Any]:
    return {"id": puzzle.id, "title": puzzle.title, "source": puzzle.source, "kind": puzzle.kind, "topic": puzzle.topic,
            "level": puzzle.level, "rules": "no-mercy", "players": list(puzzle.players), "turn": puzzle.turn,
            "discard": "red +2", "pending": 2, "hands": {"A": ["blue +4"], "B": {"more": 5}, "C": {"more": 6}},
            "moves": [], "question": puzzle.question, "answer": dict(puzzle.answer),
            "coach": {"seed": 1, "playouts": 40, "margin": 0.01}}


def test_the_moves_are_said_as_the_engine_says_them_and_give_nothing_away() -> None:
    seats = ["A", "B", "C", "D"]
    assert move_said("C plays wild +6 choosing green", seats, "sv") == "C lägger dra-sex och väljer grön."
    assert move_said("D draws", seats, "sv") == "D drar."  # not how many: that is the puzzle's question
    assert move_said("A plays red 7 swapping with C", seats, "sv").startswith("A lägger röd 7.")
    assert move_said("A plays red 7", seats, "en") == "A plays red 7"
    assert sentence  # the engine's own sentences are the ones said (nomercy/core/said.py)


@pytest.mark.parametrize("lang", LANGS)
def test_the_trainers_boards_draw_and_say_the_table_in_the_language(lang: str) -> None:
    """A walk through the puzzles a language serves: every letter drawn on a card (the table picture's and the other
    hands') is the language's (its marks and color words), and the table picture's words and the answer form's labels
    are words its catalog uses (a seat's letter aside), so no English table sits under a translated question."""
    import re

    from test_table_languages import _vocabulary, card_letters, drawn_texts

    trainer, letters, known = _trainer(lang), card_letters(lang), _vocabulary(lang)
    english: list[tuple[str, str]] = []
    drawn: set[str] = set()
    for _ in range(min(len(SERVED[lang]), 25)):
        shown = trainer.puzzle
        drawn.update(drawn_texts({"board": shown["board"], "hands": shown["hands"]}))
        board = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", shown["board"], flags=re.S)
        form = [f["label"] + " " + f.get("how", "") for f in shown["fields"]]
        for text in [board, *form, shown["rules_name"], shown["topic_name"], shown["show_label"]]:
            english += [(shown["id"], word) for word in re.findall(r"[A-Za-zÀ-ÿ]{2,}", text)
                        if word.lower() not in known and word not in letters]  # a color's mark, as on its cards
        trainer.next()
    assert drawn - letters == set(), drawn - letters
    assert {word for _, word in card_marks_words(lang)} & drawn
    assert english == [], english[:10]


def card_marks_words(lang: str) -> list[tuple[str, str]]:
    from nomercy.teaching.card_pictures import card_marks

    return list(card_marks(lang).values())
