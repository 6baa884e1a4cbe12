"""Every prompt kind of ``nomercy play`` in a real terminal (a pseudo-terminal, as a person has), with a save beside.

tests/test_hostile_terminal.py types hostile lines through a pipe and presses Ctrl-D in a terminal; here each
prompt (the move, the UNO moment, the coach's question, the next round's question) is met in the terminal with
what a person's fingers and keyboard can send: Ctrl-C, an empty line, spaces, a line longer than the terminal
keeps, bytes that are not UTF-8, digits that only look like ours (², ①, full-width 1), and the other language's
yes or no. Whatever is sent:

- a line the prompt does not take is one line starting ``! `` in the game's words, the same prompt comes again,
  and the save beside holds no more moves than when ``quit`` is typed at once (a refused answer plays nothing);
- Ctrl-C ends the command with status 130 and the one line ``nomercy play: interrupted``, the save as it was;
- an empty line is Enter: at the UNO moment it lets the moment pass (that is what Enter means there), at the
  move prompt it shows the table again, at a yes/no question it is refused;
- English's yes and no are taken at every table (the terminal says so in ``--help``'s words: "its yes and no
  as the language says them" and English's), so ``yes`` at a Swedish table is yes; ``ja`` at an English one is
  refused, never read as yes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nomercy.core.i18n import words
from nomercy.play.saved_game import SavedGame
from nomercy.play.terminal import TerminalTable
from test_cli_play import Terminal
from test_hostile_terminal import ENDS, lines_to

HOSTILE_COVERS = ("prompt:move", "prompt:uno", "prompt:coach", "prompt:round", "file:save")

QUESTIONS = {"uno": "You hold one card and have not called UNO: type uno now, or press Enter> ",
             "coach": "Play it anyway? (yes/no)> ", "round": "Another round? (yes/no)> "}


def ends(lang: str) -> dict[str, str]:
    """The end of each prompt kind as the table asks it in ``lang``."""
    said = words(lang).gettext
    from nomercy.core.seat_words import label

    # the person's seat: Player in English, as it always was; in another language the seat called You ("Du> ")
    move = ENDS["move"] if lang == "en" else f"{label('You', lang)}> "
    return {"move": move, **{kind: said(question) for kind, question in QUESTIONS.items()}}


REFUSED = {  # what each prompt does not take, as a terminal sends it
    "5,000 characters": b"x" * 5000,
    "not UTF-8": b"\xff\xfe\xfd",
    "a superscript two": "\u00b2".encode(),
    "a circled one": "\u2460".encode(),
    "a full-width one": "\uff11".encode(),
    "Swedish yes at an English table": b"ja",
    "a move at a question": b"1",
}


def moves_when_quit_at_once(kind: str, tmp_path: Path) -> int:
    """How many moves the save holds when ``quit`` is typed at the ``kind`` prompt (in-process, the same deal)."""
    typed, seed, coach = lines_to(kind)
    feed = iter([*typed, "quit"])
    save = tmp_path / f"quit-at-once-{kind}.json"
    save.unlink(missing_ok=True)  # a save there would be resumed
    TerminalTable("no-mercy", ["human", "greedy"], seed=seed, coach=coach, save_to=str(save),
                  read=lambda prompt: next(feed), write=lambda _: None).run()
    return len(SavedGame(save).read().moves)


def at_the_prompt(kind: str, save: Path, lang: str = "en") -> Terminal:
    """``nomercy play`` in a terminal, brought to the ``kind`` prompt by typing the lines that lead there."""
    typed, seed, coach = lines_to(kind)
    term = Terminal("--seed", str(seed), "--players", "2", "--bots", "greedy", "--save", str(save), "--lang", lang,
                    *(["--coach"] if coach else []))
    asked = ends(lang)
    for line in typed:
        term.read_until(*asked.values())
        term.type(line)
    term.read_until(*asked.values())
    assert term.output.endswith(asked[kind]), term.output[-600:]
    return term


@pytest.fixture
def terminals():
    opened: list[Terminal] = []
    yield opened
    for term in opened:
        term.kill()


@pytest.mark.parametrize("kind", list(ENDS))
def test_what_a_prompt_does_not_take_is_one_line_and_plays_nothing(kind, tmp_path, terminals):
    sent = {name: line for name, line in REFUSED.items() if not (kind == "move" and name == "a move at a question")}
    if kind in ("coach", "round"):
        sent |= {"an empty line": b"", "spaces and a tab": b"   \t "}
    term = at_the_prompt(kind, tmp_path / "g.json")
    terminals.append(term)
    prompt = ends("en")[kind]
    for name, line in sent.items():
        start = len(term.output)
        term.press(line + b"\n")
        term.read_until(prompt)
        said = [text for text in term.output[start:].split("\n") if text.startswith("! ")]
        assert len(said) == 1, (name, term.output[start:][-600:])
        assert len(said[0]) <= 400 and "Traceback" not in said[0] and "\\udc" not in said[0], (name, said)
        assert "x" * 100 not in said[0], "the whole line is not repeated back"
        assert term.output.endswith(prompt), (name, term.output[-300:])
    term.type("quit")
    assert term.wait() == 0 and "Traceback" not in term.output
    assert len(SavedGame(tmp_path / "g.json").read().moves) == moves_when_quit_at_once(kind, tmp_path), \
        "a refused answer played a move"


@pytest.mark.parametrize("kind", list(ENDS))
def test_ctrl_c_at_every_prompt_ends_in_one_line_and_leaves_the_save_as_it_was(kind, tmp_path, terminals):
    term = at_the_prompt(kind, tmp_path / "g.json")
    terminals.append(term)
    start = len(term.output)
    term.press(b"\x03")
    assert term.wait() == 130
    after = [line for line in term.output[start:].replace("^C", "").split("\n") if line.strip()]
    assert after == ["nomercy play: interrupted"], term.output[start:]
    assert len(SavedGame(tmp_path / "g.json").read().moves) == moves_when_quit_at_once(kind, tmp_path)


def test_an_empty_line_is_enter_where_enter_means_something(tmp_path, terminals):
    """At the move prompt Enter shows the table again and plays nothing; at the UNO moment it lets the moment pass
    (the computer may catch you): the same as pressing Enter, and spaces are Enter too."""
    for line, name in ((b"\n", "enter"), (b"   \t \n", "spaces")):
        term = at_the_prompt("move", tmp_path / f"move-{name}.json")
        terminals.append(term)
        start = len(term.output)
        term.press(line)
        term.read_until(ENDS["move"])
        assert "! " not in term.output[start:] and "Your hand" in term.output[start:], term.output[start:]
        term.type("quit")
        assert term.wait() == 0
        assert len(SavedGame(tmp_path / f"move-{name}.json").read().moves) == moves_when_quit_at_once("move", tmp_path)

        term = at_the_prompt("uno", tmp_path / f"uno-{name}.json")
        terminals.append(term)
        start = len(term.output)
        term.press(line)
        term.read_until(*ends("en").values())
        assert "! " not in term.output[start:], term.output[start:]
        term.type("quit")
        assert term.wait() == 0
        assert len(SavedGame(tmp_path / f"uno-{name}.json").read().moves) > moves_when_quit_at_once("uno", tmp_path)


@pytest.mark.parametrize("kind", ["coach", "round", "uno"])
def test_at_a_swedish_table_englishs_yes_is_yes_and_nothing_else_is_taken_for_it(kind, tmp_path, terminals):
    term = at_the_prompt(kind, tmp_path / "g.json", lang="sv")
    terminals.append(term)
    asked = ends("sv")
    for line in ("oui", "\uff4a\uff41", "JA\u200b"):  # French yes, full-width ja, ja with an invisible space
        start = len(term.output)
        term.type(line)
        term.read_until(asked[kind])
        said = [text for text in term.output[start:].split("\n") if text.startswith("! ")]
        assert len(said) == 1 and "skriv" in said[0] and len(said[0]) <= 400, (line, said)
    start = len(term.output)
    term.type("uno" if kind == "uno" else "yes")
    term.read_until(*asked.values())
    assert "! " not in term.output[start:], term.output[start:]
    term.type("quit")
    assert term.wait() == 0 and "Traceback" not in term.output
    moves = len(SavedGame(tmp_path / "g.json").read().moves)
    if kind == "round":
        assert "Runda 2" in term.output or moves < moves_when_quit_at_once(kind, tmp_path), "yes dealt a new round"
    else:
        assert moves >= moves_when_quit_at_once(kind, tmp_path)
