"""The lessons read as text: what a reader of the stored notebooks (GitHub, nbviewer, no kernel) gets.

scripts/notebook_text.py renders a notebook with its stored outputs as text, the way the lesson review of
docs/lesson-review.md reads it. These tests hold the review's mechanical findings fixed: a picture's
words stay apart, every picture has alt text, a knocked-out seat never reads like an emptied hand, and
no puzzle sends its reader to another puzzle by an id they cannot open.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from nomercy.puzzles.puzzle import load_puzzles

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _script():
    spec = importlib.util.spec_from_file_location("notebook_text", ROOT / "scripts" / "notebook_text.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


notebook_text = _script()


def test_html_reads_as_lines_cells_and_picture_names():
    html = ('<div><b>A</b> <span>out</span></div><table><tr><td>x</td><td>y</td></tr></table>'
            '<img src="a.png" alt="a red 5"><svg><title>wild +6</title><text>6</text></svg><style>p{}</style>')
    assert notebook_text.html_text(html).splitlines() == ["A out", "| x | y", "[a red 5] [wild +6]"]


def test_a_line_break_inside_a_table_cell_keeps_the_row_on_one_line():
    """A header cell drawn as a picture above its label reads as one cell, as a reader sees the row."""
    html = "<table><tr><th><img alt='red +2'><br>+2</th><th>x<br/>y</th></tr></table><p>a<br>b</p>"
    assert notebook_text.html_text(html).splitlines() == ["| [red +2] +2 | x y", "a", "b"]


def test_a_notebook_reads_with_its_outputs_streams_joined_and_pictures_by_alt_text(tmp_path):
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Title"]},
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": ["print(1)"], "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["one "]},
            {"output_type": "stream", "name": "stdout", "text": ["line\n"]},
            {"output_type": "display_data", "metadata": {"image/png": {"alt": "a chart of turns"}},
             "data": {"image/png": "iVBOR", "text/plain": ["<Chart>"]}},
            {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBOR", "text/plain": ["<Image>"]}},
            {"output_type": "display_data", "metadata": {},
             "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "1"}, "text/plain": ["<Board>"]}},
        ]},
    ]
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    text = notebook_text.notebook_text(path)
    assert "# Title" in text and "one line" in text
    assert "[picture; its alt text: a chart of turns]" in text
    assert "[picture with no alt text]" in text
    assert "[a live widget: nothing shows without a kernel; its text: <Board>]" in text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_picture_has_alt_text(path):
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            for kind in ("image/png", "image/svg+xml"):
                if kind in output.get("data", {}):
                    assert output.get("metadata", {}).get(kind, {}).get("alt"), \
                        f"{path.name}: a picture without alt text in a cell starting {''.join(cell['source'])[:60]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_seat_names_and_their_badges_read_apart(path):
    text = notebook_text.notebook_text(path)
    glued = re.findall(r"\| (?:[A-Z][a-z]*)(?:out|winner|you|UNO not called) \|", text)
    assert not glued, f"{path.name}: {glued[:3]}"


def test_a_knocked_out_seat_reads_out_and_an_emptied_hand_reads_zero():
    from nomercy.puzzles.puzzle import find_puzzle
    from nomercy.teaching.rule_options import compare, profiles

    knocked = compare(find_puzzle("mercy-limit-official"), profiles(["no-mercy"]),
                      columns=("hands", "cards")).rows()[0]
    assert knocked["hands"] == "A:1 B:out C:2" and knocked["cards"].split("; ")[1] == "B: out"
    emptied = compare(find_puzzle("last-card-draws-official"), profiles(["no-mercy"]), columns=("hands",)).rows()[0]
    assert emptied["hands"].startswith("A:0 ")


def test_no_puzzle_sends_its_reader_to_another_puzzle_by_id():
    puzzles = load_puzzles()
    ids = {p.id for p in puzzles}
    for puzzle in puzzles:
        words = " ".join([puzzle.question, puzzle.explanation or "", *(puzzle.hints or ())])
        cited = {i for i in ids if i != puzzle.id and re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", words)}
        assert not cited, f"{puzzle.id} cites {sorted(cited)}: say what the other reading does instead"


def test_a_best_move_that_leaves_one_card_says_to_call_uno():
    """Every best-move answer whose move leaves its player one card reminds them to call UNO, as the others do."""
    from nomercy import apply

    for puzzle in load_puzzles():
        if puzzle.kind != "best-move":
            continue
        start = puzzle.position()
        after, _ = apply(start, puzzle.answer["best"])
        if after.winner is None and len(after.hands[start.turn]) == 1:
            assert "call uno" in (puzzle.explanation or "").lower(), f"{puzzle.id}: its answer forgets the UNO call"


def test_the_appendix_looks_up_every_ruling_word_and_source_the_lessons_use():
    """A reader of the notebooks alone can look up every ``[ruling x]`` a lesson prints, every glossary word and
    every source: the appendix prints each, one a line, from the package; the index sends the reader there."""
    from nomercy.core.rulebook import RULINGS
    from nomercy.core.sources import SOURCES
    from nomercy.teaching.glossary import TERMS

    appendix = notebook_text.notebook_text(ROOT / "notebooks" / "12-appendix.ipynb")
    lines = set(appendix.splitlines())
    cited = {rule for path in NOTEBOOKS for rule in re.findall(r"\[ruling ([a-z0-9-]+)\]", notebook_text.notebook_text(path))}
    assert cited <= set(RULINGS), sorted(cited - set(RULINGS))
    flat = " ".join(appendix.split())
    for rule in RULINGS.values():  # in full: its heading (the anchor a lesson links to), text, cases and readings
        assert f"### {rule.id}" in lines, rule.id
        assert all(" ".join(part.split()) in flat for part in (rule.text, *rule.cases, *rule.readings)), rule.id
    for term in TERMS.values():
        assert f"{term.word}: {' '.join(term.meaning.split())}" in flat, term.word
    for source in SOURCES.values():
        assert f"### {source.id}" in lines, source.id
    index = notebook_text.notebook_text(ROOT / "notebooks" / "00-index.ipynb")
    assert "12-appendix.ipynb#Every-ruling-in-full" in index


def _headings(path: Path) -> set[str]:
    """The anchors of a notebook's headings, JupyterLab's way (the words joined by -), in its prose and in its
    stored Markdown outputs (the appendix writes a heading per ruling and per source from the package)."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            texts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("data", {}).get("text/markdown", "")))
    return {line.lstrip("#").strip().replace(" ", "-") for text in texts for line in text.splitlines()
            if line.startswith("#")}


def test_a_link_to_a_notebook_heading_finds_that_heading():
    """``NN-name.ipynb#Some-heading`` (or ``#Some-heading`` in the same notebook) opens at a heading of that
    notebook (JupyterLab's anchor: its words joined by -), in the prose or in a stored Markdown output."""
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        prose += " ".join("".join(o.get("data", {}).get("text/markdown", "")) for c in cells
                          for o in c.get("outputs", []))
        links = re.findall(r"\]\((\d\d-[a-z-]+\.ipynb)?#([^)]+)\)", prose)
        for name, anchor in links:
            target = ROOT / "notebooks" / name if name else path
            assert anchor in _headings(target), f"{path.name} links {name}#{anchor}, a heading {target.name} lacks"


def test_the_lessons_link_only_to_what_their_reader_has():
    """A reader of the lessons has the notebooks, not the repository: every link in their prose (and in the
    appendix's written rulings) opens a notebook, a heading of one, or a web address, never a repository file."""
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
        texts += ["".join(o.get("data", {}).get("text/markdown", "")) for c in cells for o in c.get("outputs", [])]
        targets = {t for text in texts for t in re.findall(r"\]\(([^)\s]+)\)", text)}
        elsewhere = {t for t in targets if not re.fullmatch(r"(\d\d-[a-z-]+\.ipynb)?(#[^)]+)?|https://\S+", t)}
        assert not elsewhere, f"{path.name} links where its reader cannot go: {sorted(elsewhere)}"


def test_the_appendix_prints_the_board_of_each_hardest_puzzle_before_its_answer():
    """Notebook 10 shows each topic's easiest puzzle on a board; the appendix works out the hardest too, so it prints
    that one's hands, draw pile, moves and question first (a text reader cannot answer a puzzle they never saw)."""
    from nomercy.puzzles.commands import show_text
    from nomercy.teaching.lessons import TOPIC_NOTEBOOKS

    appendix = notebook_text.notebook_text(ROOT / "notebooks" / "12-appendix.ipynb")
    levels = ("easy", "medium", "hard")
    puzzles = load_puzzles()
    for topic in {p.topic for p in puzzles} | set(TOPIC_NOTEBOOKS):
        found = sorted((p for p in puzzles if p.topic == topic), key=lambda p: (levels.index(p.level), p.id))
        if len(found) > 1:
            board = appendix.find(show_text(found[-1]))
            assert board >= 0, f"the appendix does not print the board of {found[-1].id}"
            assert appendix.find(f"[{found[-1].id}]", board + 1) > board, found[-1].id


QUOTES = [
    # (notebook, where the words live, the words): a rule said once, and repeated in the same words
    ("07-winning-uno-scoring.ipynb", ("ruling", "uno"),
     "You can be caught until the next move that is neither a call nor a catch. Usually that is the next "
     "player's play or draw. After it, it is too late."),
    ("02-a-turn.ipynb", ("ruling", "matching"), "a wild goes on any top card"),
    ("02-a-turn.ipynb", ("ruling", "matching"), "on a wild only its color counts"),
    ("01-the-deck.ipynb", ("term", "dealer"), "shuffles, deals 7 cards to everyone and turns up the first card"),
    ("01-the-deck.ipynb", ("term", "dealer"), "play goes clockwise: to the left, round the table"),
    ("03-stacking.ipynb", ("term", "house rule"), "rule some tables agree on that the printed sheet does not have, "
     "like stacking in classic UNO. The engine offers each house rule as a rule option."),
    ("00-index.ipynb", ("term", "color in force"), "the color you must match: the top card's color, or the color "
     "named for a wild."),
    ("07-winning-uno-scoring.ipynb", ("term", "match (of rounds)"), "a series of rounds, played until someone "
     "reaches the points target: 1000 in No Mercy, 500 in classic UNO"),
    ("04-mercy.ipynb", ("ruling", "empty-draw-pile"), "If no card is left anywhere, the draw stops short and the "
     "engine says so"),
    ("09-when-sources-disagree.ipynb", ("ruling", "jump-in"), "play goes on from them"),
    ("06-action-cards.ipynb", ("ruling", "wild-reverse-four"), "Played on a stack (on a +2 or any +4, never on a "
     "wild +6 or +10), it sends the whole total to that target. With three or more players that is back the way the "
     "stack came; with two, it is the player who played it"),
    ("01-the-deck.ipynb", ("ruling", "first-card"), "cards are turned until a number card shows; action and "
     "wild cards turned on the way stay buried under it and do nothing."),
    ("09-when-sources-disagree.ipynb", ("ruling", "first-card"), "The idea behind every case: the first card hits "
     "whoever would be next after the dealer. That is usually the first player, on the dealer's left; after a wild "
     "reverse +4, the dealer's right-hand neighbour."),
    ("02-a-turn.ipynb", ("ruling", "wild-four-restriction"), "Nobody sees your hand, so you can play it anyway, as "
     "a bluff: if the next player challenges and you held that color, you draw the 4 instead"),
    ("08-classic-vs-no-mercy.ipynb", ("ruling", "wild-four-restriction"), "Nobody sees your hand, so you can play "
     "it anyway, as a bluff"),
    ("07-winning-uno-scoring.ipynb", ("term", "match (of rounds)"), "Each round deals everyone in again, even a "
     "player knocked out before."),
    # what the winner scores, said the same way wherever a lesson shows a score before notebook 7 teaches it
    ("04-mercy.ipynb", ("ruling", "scoring"), "scores the cards left in the hands of the other players still in the round"),
    ("05-sevens-and-zeros.ipynb", ("ruling", "scoring"), "cards left in the hands of the other players still in the round"),
    ("06-action-cards.ipynb", ("ruling", "scoring"), "cards left in the hands of the other players still in the round"),
    ("11-play.ipynb", ("ruling", "scoring"), "scores the cards left in the hands of the other players still in the round"),
    ("07-winning-uno-scoring.ipynb", ("ruling", "scoring"), "scores the cards left in the hands of the other players "
     "still in the round"),
]


@pytest.mark.parametrize("name, source, words", QUOTES, ids=[f"{q[0][:2]}-{q[1][1]}" for q in QUOTES])
def test_a_notebook_repeats_the_rule_in_the_rulebooks_words(name, source, words):
    from nomercy.core.rulebook import RULINGS
    from nomercy.teaching.glossary import TERMS

    kind, key = source
    home = RULINGS[key].full_text if kind == "ruling" else TERMS[key].meaning  # its text and its cases
    prose = " ".join("".join(c["source"]) for c in json.loads((ROOT / "notebooks" / name).read_text())["cells"]
                     if c["cell_type"] == "markdown")

    def squeeze(text: str) -> str:
        return re.sub(r"\s+", " ", text.replace("**", "")).lower()

    assert squeeze(words) in squeeze(home), f"the {kind} {key} no longer says {words!r}"
    assert squeeze(words) in squeeze(prose), f"{name} no longer repeats the {kind} {key}: {words!r}"


# --- a word is taught where it is first used ----------------------------------------------------------

def _reader_text(path: Path) -> str:
    """What a reader of the stored notebook sees: the prose, the code and the text of the outputs."""
    return notebook_text.notebook_text(path)


FIRST_TAUGHT = [
    # (the word, the notebook that teaches it): no notebook before it may use the word
    ("color in force", "00-index.ipynb"),
    ("house rule", "03-stacking.ipynb"),
    ("median", "08-classic-vs-no-mercy.ipynb"),  # notebook 4's runs over many rounds are in the appendix
    ("greedy", "08-classic-vs-no-mercy.ipynb"),
    ("jump-in", "02-a-turn.ipynb"),  # named in a line where a refusal first says it (notebook 9 teaches it whole)
    ("best-move", "10-puzzles.ipynb"),
]


@pytest.mark.parametrize("word, home", FIRST_TAUGHT, ids=[w for w, _ in FIRST_TAUGHT])
def test_no_notebook_uses_a_word_before_the_notebook_that_teaches_it(word, home):
    names = [p.name for p in NOTEBOOKS]
    assert word.lower() in _reader_text(ROOT / "notebooks" / home).lower(), f"{home} no longer teaches {word!r}"
    early = [n for n in names[:names.index(home)]
             if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", _reader_text(ROOT / "notebooks" / n), re.I)]
    assert not early, f"{word!r} is used in {early} before {home} teaches it"


def test_the_ids_a_reader_meets_in_the_puzzle_lists_are_explained_before_them():
    text = _reader_text(ROOT / "notebooks" / "12-appendix.ipynb")  # the appendix lists every puzzle by name
    for prefix in ("bm-", "gen-"):
        first_id = re.search(rf"\| {prefix}[a-z0-9-]+ \|", text)
        assert first_id, prefix
        assert f"`{prefix}`" in text[:first_id.start()], f"the {prefix} ids are not explained before they are listed"


# --- one word, one idea ---------------------------------------------------------------------------------

def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+", re.sub(r"\s+", " ", text))


def _teaching_texts() -> dict[str, str]:
    """The prose a learner reads: the notebooks' markdown, the puzzles' words, the rulebook and the rule card."""
    from nomercy.core.rulebook import RULINGS

    texts = {p.name: " ".join("".join(c["source"]) for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
                              if c["cell_type"] == "markdown") for p in NOTEBOOKS}
    for puzzle in load_puzzles():
        texts[puzzle.id] = " ".join([puzzle.title, puzzle.question, puzzle.explanation or "", *(puzzle.hints or ())])
    for ruling in RULINGS.values():
        texts[f"ruling {ruling.id}"] = " ".join([ruling.full_text, *ruling.readings])
    texts["rule card"] = (ROOT / "docs" / "rule-card.html").read_text(encoding="utf-8")
    return texts


def test_a_penalty_is_only_the_cards_for_a_missing_uno():
    """The cards a draw card makes you take are a pending draw; "penalty" is kept for being caught (glossary)."""
    stray = [f"{where}: {sentence[:90]!r}" for where, text in _teaching_texts().items() for sentence in _sentences(text)
             if re.search(r"\bpenalt", sentence, re.I) and not re.search(r"UNO|catch|caught", sentence, re.I)]
    assert not stray, stray[:5]


def test_the_simulation_lab_speaks_of_rounds():
    """A simulated "game" is one round: the lessons and the charts say round (the argument `games` aside)."""
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if "simulate(" not in source and "simulation lab" not in source:
                continue
            prose = re.sub(r"`[^`]*`", "", source) if cell["cell_type"] == "markdown" else \
                " ".join("".join(o.get("text", "")) for o in cell.get("outputs", []))
            assert not re.search(r"\bgames?\b", prose), f"{path.name}: {prose[:120]!r}"


# --- every number shown is explained where it is shown --------------------------------------------------

@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_score_shown_is_added_up_beside_it(path):
    """A learner cannot check "A scores 15 points" without the cards it counts: a narration prints the Points
    line under it, and a table with a points column has the column counted."""
    text = _reader_text(path)
    for match in re.finditer(r"^ +\w+ scores (\d+) points.*\n", text, re.M):
        following = text[match.end():].split("\n", 1)[0]
        assert following.startswith("   Points: ") and following.endswith(f"= {match.group(1)}"), \
            f"{path.name}: {match.group(0)!r} then {following!r}"
    for header in re.findall(r"^\| (?:rules|round) \|.*\| points\b.*$", text, re.M):
        assert "| counted" in header, f"{path.name}: a table of points without the column counted: {header!r}"


def test_every_option_where_classic_differs_is_named_in_the_notebook_said_to_teach_it():
    """Notebook 8 prints where classic and No Mercy differ and says which notebook teaches each option (the index
    only starts the learner: no option names before the first rule)."""
    from nomercy import ruleset

    def prose(name: str) -> str:
        cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
        return " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")

    lesson = re.sub(r"\s+", " ", prose("08-classic-vs-no-mercy.ipynb"))
    said = lesson[lesson.lower().index("taught with its rule"):]
    said = said[:said.lower().index("notebook 9")]
    for option in ruleset("classic").differences(ruleset("no-mercy")):
        where = re.search(rf"`{option}`[^;]*?(?: in |: )(?:notebook )?(\d+)", said)
        assert where, f"notebook 8 does not say where `{option}` is taught"
        home = next(p.name for p in NOTEBOOKS if p.name.startswith(f"{int(where.group(1)):02d}-"))
        assert f"`{option}" in prose(home), f"{home} does not name the option `{option}`"
    assert "rule option" not in prose("00-index.ipynb").lower(), "the index names rule options before any rule"


def test_the_option_table_names_every_ruling_an_options_puzzle_cites_for_its_option():
    """09's option table sends a reader from an option to its rulings; an event under any value of the option
    must cite a ruling that row names (last_card_draws: true cites last-card-draws, not winning)."""
    from nomercy.core.rulebook import RULINGS
    from nomercy.teaching.rule_options import profile_options

    named = {row.option: set(row.ruling.split(", ")) for row in profile_options()}
    checked = set()
    for puzzle in load_puzzles():
        for option in puzzle.variant:
            _, events = puzzle.solution()
            for event in events:
                if option in RULINGS[event.rule].options:
                    assert event.rule in named[option], f"{puzzle.id}: {event.rule} is not in the row of {option}"
                    checked.add((option, event.rule))
    assert ("last_card_draws", "last-card-draws") in checked and ("stacking", "no-stacking") in checked


# --- the lessons do not grow ----------------------------------------------------------------------------

LESSON_WORDS_AT_MOST = 31_704
"""The words of lessons 00 to 11 as a reader without a kernel reads them (prose, code and stored outputs, by
scripts/notebook_text.py), as they stood after issue 40 halved them and fresh readers' points were fixed (each
fix paid for itself). A sentence added is paid for by words cut."""


def test_the_lessons_as_read_do_not_grow():
    lessons = [p for p in NOTEBOOKS if p.name[:2] < "12"]
    words = sum(len(notebook_text.notebook_text(p).split()) for p in lessons)
    assert len(lessons) == 12 and words <= LESSON_WORDS_AT_MOST, (
        f"lessons 00 to 11 read as {words} words, more than {LESSON_WORDS_AT_MOST}: cut a repetition or an aside")
