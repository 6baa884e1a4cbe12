"""No English at a game table in another language: seeded rounds walked through the widget's session in Swedish,
French and Chinese, with the coach on, hints asked, refused moves tried, the UNO moment reached, hot-seat screens
passed, rounds finished, and every word the widget sends to the page checked.

How the check decides what is English (robust to names, numbers and card symbols): every text the widget sends
(its synced traits: the table, the log, the prompt, the error line; card pictures excepted, whose names are checked
by test_hostile_languages) is cut into words. Seat names, numbers and card symbols (``+4``) are taken out first. A
word left is fine when the language's own catalog uses it in a translation (its msgstr entries, with the notation
they quote, like 'plays red 7', taken out), and English when it is not: a Swedish page may say "UNO" or "No Mercy"
because the Swedish catalog does, never "the" or "card". Chinese text is checked the same way for the Latin words
in it. The check reads the catalogs, so a new English sentence at the table fails it until it is translated.

The coach's own words (the hint's reasons and figures, a warning's sentences and ways out, the round's review) are
checked the same way, in their own test. The card pictures' own letters (a color's mark in the corner, its name
along the bottom, ALL under a skip-all) are the language's too, and the terminal's coach names a ruling by the
language's title.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any, Iterator

import pytest
from babel.messages.pofile import read_po

from nomercy.core.faces import PRINTED_FACES
from nomercy.core.i18n import LOCALE_DIR, LOCALES
from nomercy.core.rulebook import RULINGS
from nomercy.teaching.card_pictures import card_marks, face_words
from nomercy.teaching.terminology import ruling_titles
from nomercy.widgets.game_table import GameTable

OTHERS = list(LOCALES)
_SKIPPED_KEYS = {"svg", "back", "top_svg", "deck_svg", "board", "move", "id", "kind", "rule", "card", "color", "key",
                 "export", "seat", "name", "rules", "phase", "waiting", "direction", "viewer", "reveal_for",
                 "winner", "undoer", "top", "order", "data-kind", "cards", "share", "date", "how", "reason", "strength",
                 "played", "suggested", "highlight"}
"""Keys whose values are data the page does not show as they are (notation, ids, names, pictures; a seat's strength
is an id the page says through its catalog, ``_(seat.strength)``; a reviewed decision's moves in notation, which the
page shows only inside its sentence; the warning's button to highlight)."""
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


@lru_cache(maxsize=None)
def _vocabulary(lang: str) -> frozenset[str]:
    """Every word the language's catalog uses in a translation, its quoted notation left out, and the rulings' titles
    of its term table (lower case)."""
    with (LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "nomercy.po").open("rb") as file:
        catalog = read_po(file)
    found: set[str] = {w.lower() for title in ruling_titles(lang).values() for w in _WORD.findall(title)}
    for message in catalog:
        if not message.id:
            continue
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            # quoted notation ('plays red 7'), not French elisions (l'ordinateur ... d'erreur) taken for quotes
            text = re.sub(r"(?<!\w)'[^']*'(?!\w)|\{\w+\}", " ", text or "")
            found.update(w.lower() for w in _WORD.findall(text))
    return frozenset(found)


def _texts(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIPPED_KEYS:
                yield from _texts(v, f"{key}.{k}")
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v, key + "[]")
    elif isinstance(value, str):
        yield key, value


def english_left(table: GameTable, lang: str, traits: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """The words of ``traits`` that the language's catalog never uses: (where, the word, the text)."""
    if not traits:
        return []
    names = {n.lower() for n in table.seats} | {"greedy"}
    known = _vocabulary(lang)
    found = []
    for trait in traits:
        for where, text in _texts({trait: getattr(table, trait)}):
            for word in _WORD.findall(text):
                low = word.lower()
                if low not in known and low not in names and low.rstrip("s") not in names:
                    found.append((where, word, text))
    return found


SHOWN = ("table", "log", "prompt", "error")
"""The traits whose words a person reads at the table, the coach's excepted."""
COACH = ("advice", "review")
"""The coach's traits: its hint or warning, and the round's review."""


_DRAWN = re.compile(r"<text[^>]*>([^<]*)</text>")


def drawn_texts(value: Any) -> Iterator[str]:
    """The letters drawn inside the card pictures the page is sent (an SVG's ``<text>``), anywhere in ``value``."""
    if isinstance(value, dict):
        for v in value.values():
            yield from drawn_texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from drawn_texts(v)
    elif isinstance(value, str) and "<svg" in value:
        yield from _DRAWN.findall(value)


def card_letters(lang: str) -> set[str]:
    """What a card may show in letters in ``lang``: its marks and color words, the faces' words, the numbers and
    +N of the faces, and the back's NO MERCY and UNO (the game's name in every language)."""
    marks = {part for pair in card_marks(lang).values() for part in pair}
    faces = {face.picture.label for face in PRINTED_FACES if not face.picture.label.isalpha() or lang == "en"}
    return marks | set(face_words(lang).values()) | faces | {"NO", "MERCY", "UNO"}


def _walk(lang: str, seed: int, players: dict[str, str], check: tuple[str, ...],
          drawn: set[str] | None = None) -> tuple[set[str], list[Any]]:
    """A seeded round at a table in ``lang`` with the coach on, clicked as a person would (a hint now and then, a
    card that does not fit, the first choice of a prompt, UNO when one card is left, the hidden hand shown), then
    the review asked for; what it reached, and every English word found in ``check`` on the way (and into
    ``drawn``, when given, every text drawn on a card picture)."""
    table = GameTable("no-mercy", players, seed=seed, pace=0, lang=lang, coach=True)
    rng = random.Random(seed)
    reached: set[str] = set()
    left: list[Any] = []
    for _ in range(300):
        left += english_left(table, lang, check)
        if drawn is not None:
            drawn.update(drawn_texts(table.table))
        t, s = table.table, table.state
        if s.is_over:
            reached.add("over")
            table.send_intent({"type": "review"})
            for _ in range(60):  # the review weighs its decisions as the page's timer asks
                if not table.review.get("running"):
                    break
                table.send_intent({"type": "advance", "version": table.session.version})
            reached.add("review")
            left += english_left(table, lang, check)
            for _ in range(500 if "review" in check else 0):  # to the review's end, as the page asks again
                if table.session.review.get("done") == table.session.review.get("total") and \
                        table.send_intent({"type": "review_show", "index": 0}) is None:
                    reached.add("review board")  # the table as the person saw it then, drawn in the language
                    board = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", table.review["board"], flags=re.S)
                    names = {n.lower() for n in table.seats} | {w.lower() for w in card_letters(lang)}
                    left += [("review.board", word, board) for word in _WORD.findall(board)
                             if word.lower() not in _vocabulary(lang) and word.lower() not in names]
                    break
                table.send_intent({"type": "review"})
            break
        if t.get("hidden") and t.get("reveal_for"):
            reached.add("hot-seat")
            table.send_intent({"type": "reveal"})
            continue
        if table.advice.get("kind") == "warning":
            reached.add("warning")
            table.send_intent({"type": "go_ahead"})
            continue
        if table.prompt.get("options"):
            reached.add("prompt")
            table.send_intent({"type": "move", "move": table.prompt["options"][0]["move"]})
            continue
        if t.get("uno_moment"):
            reached.add("uno")
            table.send_intent({"type": "uno"})
            continue
        hand = t.get("hand", [])
        if not hand:
            table.send_intent({"type": "advance", "version": table.session.version})
            continue
        if t.get("can_hint") and rng.random() < 0.2:
            reached.add("hint")
            table.send_intent({"type": "hint"})
        misfit = [c for c in hand if not c["playable"]]
        if misfit and rng.random() < 0.3:
            if table.send_intent({"type": "card", "card": misfit[0]["card"]}) is not None:
                reached.add("refused")
                left += english_left(table, lang, check)
        playable = [c for c in hand if c["playable"]]
        if playable:
            table.send_intent({"type": "card", "card": playable[0]["card"]})
        elif t.get("buttons"):
            table.send_intent({"type": "move", "move": t["buttons"][0]["move"]})
        else:
            table.send_intent({"type": "advance", "version": table.session.version})
    return reached, left


ONE_PERSON = {"You": "human", "Bo": "greedy", "Cy": "greedy"}
HOT_SEAT = {"Ann": "human", "Bo": "human", "Cy": "greedy"}


@pytest.mark.parametrize("lang", OTHERS)
def test_seeded_rounds_at_a_table_in_a_language_show_no_english_word(lang: str) -> None:
    reached: set[str] = set()
    for seed, players in ((1, ONE_PERSON), (2, ONE_PERSON), (3, HOT_SEAT), (4, ONE_PERSON)):
        got, left = _walk("zh-Hant" if lang == "zh_Hant" else lang, seed, players, SHOWN)
        reached |= got
        assert not left, f"English at the {lang} table (seed {seed}): {left[:5]}"
    assert {"over", "hint", "refused", "hot-seat", "prompt", "review", "uno", "warning"} <= reached, reached


@pytest.mark.parametrize("lang", [*OTHERS, "en"])
def test_the_cards_at_a_table_show_the_languages_marks_and_color_words(lang: str) -> None:
    """Every letter drawn on the cards of seeded rounds (the hand, the top card with a wild's named color, the
    hands shown at the end) is the language's: a Swedish card says GUL and Gu, never YELLOW and Y; English's stay
    R, Y, G, B, W and their names."""
    drawn: set[str] = set()
    for seed, players in ((1, ONE_PERSON), (3, HOT_SEAT)):
        _walk(lang, seed, players, (), drawn)
    assert drawn - card_letters(lang) == set()
    words = {word for _, word in card_marks(lang).values()}
    assert len(drawn & words) >= 3, drawn  # the colors' own words were drawn, not only numbers
    if lang != "en":
        english = {part for pair in card_marks("en").values() for part in pair} | {"ALL"}
        assert drawn & english <= {"R", "B"}, drawn & english  # R and B are red's and blue's marks in sv and fr too


@pytest.mark.parametrize("lang", OTHERS)
def test_the_terminals_coach_names_the_rulings_by_the_languages_titles(lang: str, monkeypatch: Any,
                                                                       capsys: Any) -> None:
    """``nomercy play --lang sv --coach``: the hint names its ruling as the language's term table titles it (the
    command line passes the titles down to the terminal table, which sits below the term tables)."""
    import io

    from nomercy.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    assert main(["play", "--lang", lang, "--coach", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    ends = re.compile(r"[(（]([^()（）]+)[)）]$")  # Chinese writes its brackets full width
    hint = next(line for line in out.splitlines() if ends.search(line) and "Alex" in line)  # (the seats: You, Alex, Sam)
    title = ends.search(hint).group(1)  # type: ignore[union-attr]
    assert title in ruling_titles(lang).values(), hint
    assert title not in {r.title for r in RULINGS.values()}, hint
    assert not english_words(title, lang), title


def english_words(text: str, lang: str) -> list[str]:
    """The words of ``text`` the language's catalog and titles never use."""
    return [w for w in _WORD.findall(text) if w.lower() not in _vocabulary(lang)]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_coachs_hints_warnings_and_reviews_show_no_english_word(lang: str) -> None:
    """The coach's words at a table in another language: its hints (the reason, the odds in words, and the figures
    behind "Show the numbers"), its warnings and their ways out, and the round's review while it runs and when done."""
    reached: set[str] = set()
    for seed, players in ((1, ONE_PERSON), (2, ONE_PERSON), (3, HOT_SEAT), (4, ONE_PERSON)):
        got, left = _walk("zh-Hant" if lang == "zh_Hant" else lang, seed, players, COACH)
        reached |= got
        assert not left, f"English in the {lang} coach's words (seed {seed}): {left[:5]}"
    assert {"hint", "warning", "review", "review board"} <= reached, reached


@pytest.mark.parametrize("lang", OTHERS)
def test_a_decision_taken_back_is_said_in_the_language_and_the_seat_called_you_too(lang: str) -> None:
    """Undo's log line (the decision as the person's button says it, and the moves that went with it), the seat
    called You as its label and in the facts' turn, and the hand's card pictures named in the language."""
    lang = "zh-Hant" if lang == "zh_Hant" else lang
    table = GameTable("no-mercy", ONE_PERSON, seed=5, pace=0, lang=lang)
    for _ in range(6):
        playable = [c for c in table.table["hand"] if c["playable"]]
        if playable:
            table.send_intent({"type": "card", "card": playable[0]["card"]})
        elif table.table.get("buttons"):
            table.send_intent({"type": "move", "move": table.table["buttons"][0]["move"]})
        for _ in range(5):
            table.send_intent({"type": "advance", "version": table.session.version})
    assert table.send_intent({"type": "undo"}) is None
    assert english_left(table, lang, SHOWN) == []
    you = [seat for seat in table.table["seats"] if seat["name"] == "You"][0]
    assert you["shown"] != "You" and table.table["turn"] != "You"
    titles = [re.search(r"<title>([^<]*)</title>", card["svg"]).group(1) for card in table.table["hand"]]  # type: ignore[union-attr]
    assert all(title == card["name"] for title, card in zip(titles, table.table["hand"])), titles


def test_every_reason_warning_and_way_out_of_seeded_rounds_is_said_whole_in_each_language() -> None:
    """Beyond what a walk reaches: the coach's reason for every legal move, the button of every way out, and every
    warning with what it costs, at the positions of seeded rounds (two to four seats, a seat called You among them,
    No Mercy and classic), each said in every language with no placeholder left and no English word."""
    from nomercy.core.engine import apply, legal_moves
    from nomercy.play.coach_reasons import move_reason
    from nomercy.play.coach_warnings import move_warnings
    from nomercy.play.game import Game
    from nomercy.play.table_coach import move_label

    left: list[tuple[str, str, str]] = []
    said_count = 0
    for seed in (0, 1):
        for players in (["You", "Bo", "Cy"], ["Ann", "Bo"], ["You", "Ann"], ["Ann", "You", "Cy", "Di"]):
            names = {p.lower() for p in players}
            for rules in ("no-mercy", "classic"):
                state, rng = Game(rules, players, seed=seed).state, random.Random(seed)
                for step in range(200):
                    if state.is_over:
                        break
                    moves = legal_moves(state)
                    texts: list[Any] = []
                    for move in moves:
                        texts += [move_reason(state, move.seat, move)[0], move_label(state, state.move_text(move))]
                        if step % 4 == 0:
                            texts += [part for w in move_warnings(state, move.seat, move) for part in (w.text, w.cost)]
                    for text in texts:
                        for lang in LOCALES:
                            said = text.said_in(lang)
                            said_count += 1
                            if "{" in said:
                                left.append((lang, "{", said))
                            left += [(lang, word, said) for word in _WORD.findall(said)
                                     if word.lower() not in _vocabulary(lang) and word.lower() not in names
                                     and word.lower().rstrip("s") not in names]
                    state, _ = apply(state, rng.choice(moves))
    assert said_count > 10_000
    assert not left, left[:5]


PERSON_WORDS = {"sv": {"du", "dig"}, "fr": {"vous"}, "zh-Hant": {"你"}}
"""The person's words in each language (the seat called You as a label, "Du", and where it is not the subject,
"dig"): a sentence about that seat is a message of its own (:mod:`nomercy.core.seat_words`), never one of these in a
placeholder, where "vous doit" or "väntar på Du" would come out."""


@pytest.mark.parametrize("lang", ["sv", "fr", "zh-Hant"])
def test_the_persons_seat_never_fills_a_placeholder_of_a_sentence(lang: str, monkeypatch: Any) -> None:
    """Seeded rounds at a table with a seat called You (the table's sentences, its log, the coach, the round's end)
    and the Learn path's words for the same events: no message is filled with the person's word."""
    from nomercy.core import i18n
    from nomercy.widgets import learn_path

    filled: set[str] = set()
    fill = i18n._fill

    def spied(message: str, fallback: str, values: dict[str, Any], lang_: str = "en") -> str:
        for key, value in values.items():
            if isinstance(value, str) and value.strip().casefold() in PERSON_WORDS.get(lang_, ()) and \
                    "{" + key + "}" in message and not fallback.startswith("{" + key + "}:"):  # (a heading: a label)
                filled.add(f"{fallback!r} with {key}={value!r}")
        return fill(message, fallback, values, lang_)

    monkeypatch.setattr(i18n, "_fill", spied)
    for seed in (1, 2, 4):
        _walk(lang, seed, ONE_PERSON, SHOWN)
        table = GameTable("no-mercy", ONE_PERSON, seed=seed, pace=0, lang=lang)
        for _ in range(300):
            if table.state.is_over:
                break
            hand = [c for c in table.table.get("hand", []) if c["playable"]]
            if hand:
                table.send_intent({"type": "card", "card": hand[0]["card"]})
            elif table.prompt.get("options"):
                table.send_intent({"type": "move", "move": table.prompt["options"][0]["move"]})
            elif table.table.get("buttons"):
                table.send_intent({"type": "move", "move": table.table["buttons"][0]["move"]})
            else:
                table.send_intent({"type": "advance", "version": table.session.version})
        learn_path._said(table.session.transcript().events, lang)
    assert not filled, "\n".join(sorted(filled))


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_tables_rulings_say_their_options_in_the_language(lang: str) -> None:
    """The log's ruling under an event says each option in the page's words: a Chinese reader found the first card's
    ruling ending in "`first_card: apply`" read as English ("first card: apply") in the Play page's log."""
    table = GameTable("no-mercy", ONE_PERSON, seed=5, pace=0, lang=lang)
    from nomercy.core.rules import OPTIONS

    as_code = [f"{option.replace('_', ' ')}: " for option in OPTIONS]  # the English table's "first card: apply"
    for rule, said in table.rulings.items():
        assert not re.search(r"`|\]\(", said["text"]) and not any(code in said["text"] for code in as_code), \
            (rule, said["text"])
