"""French elides de and que before a vowel: the catalog writes ``la main de {player}``, and a table with Alex at it
says ``la main d'Alex`` (and ``d'Hugo``: a name's h is mute), never ``de Alex``; Bo keeps ``de Bo`` and the seat
called You is said with its own messages (``Votre jauge de pitié``)."""

from __future__ import annotations

import glob
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from babel.messages.pofile import read_po

from nomercy.core.i18n import LOCALE_DIR, elide, words
from nomercy.widgets.game_table import GameTable

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name, said", [
    ("Alex", "la main d'Alex"), ("Hugo", "la main d'Hugo"), ("Ève", "la main d'Ève"), ("Yves", "la main d'Yves"),
    ("Yann", "la main de Yann"), ("Bo", "la main de Bo"), ("11", "la main de 11"), ("", "la main de "),
])
def test_de_before_a_name_is_elided_before_a_vowel_or_a_mute_h(name: str, said: str) -> None:
    assert elide("la main de {player}", {"player": name}).format(player=name) == said


def test_que_is_elided_and_a_count_or_a_word_inside_the_text_is_left_alone() -> None:
    values = {"player": "Alex", "count": 11}
    assert elide("plus que {player}, de {count} cartes, de Alex", values) == "plus qu'{player}, de {count} cartes, de Alex"
    assert elide("Main de {player}", {"player": None}) == "Main de {player}"


def test_only_french_elides() -> None:
    assert words("fr").gettext("Show {player}'s hand", player="Alex") == "Montrer la main d'Alex"
    assert words("fr").gettext("Show {player}'s hand", player="Bo") == "Montrer la main de Bo"
    assert words("en").gettext("Show {player}'s hand", player="Alex") == "Show Alex's hand"


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, v in value.items():
            if key not in ("svg", "back", "top_svg", "deck_svg", "board"):
                yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)
    elif isinstance(value, str):
        yield value


def test_a_french_table_with_alex_and_hugo_says_d_alex_and_d_hugo() -> None:
    """A seeded French round, hot-seat (so the screen is passed to Alex by name), with the coach on: every text the
    page is sent says d'Alex and d'Hugo, never de Alex; the seat called You keeps its own words."""
    table = GameTable("no-mercy", {"You": "human", "Alex": "human", "Hugo": "greedy"}, seed=3, pace=0, lang="fr",
                      coach=True)
    wrong, seen = [], set()
    for _ in range(200):
        for text in _texts({"table": table.table, "log": table.log, "prompt": table.prompt, "error": table.error}):
            wrong += re.findall(r"\b(?:[Dd]e|[Qq]ue) (?:Alex|Hugo)\b", text)
            seen.update(re.findall(r"\b(?:d|qu)'(?:Alex|Hugo)\b", text))
        if table.state.is_over:
            break
        t = table.table
        if t.get("hidden") and t.get("reveal_for"):
            table.send_intent({"type": "reveal"})
        elif table.advice.get("kind") == "warning":
            table.send_intent({"type": "go_ahead"})
        elif table.prompt.get("options"):
            table.send_intent({"type": "move", "move": table.prompt["options"][0]["move"]})
        elif [c for c in t.get("hand", []) if c["playable"]]:
            table.send_intent({"type": "card", "card": [c for c in t["hand"] if c["playable"]][0]["card"]})
        elif t.get("buttons"):
            table.send_intent({"type": "move", "move": t["buttons"][0]["move"]})
        else:
            table.send_intent({"type": "advance", "version": table.session.version})
    assert wrong == []
    assert {"d'Alex", "d'Hugo"} <= seen, seen
    assert "Votre jauge de pitié" in [s["meter_label"] for s in table.table["seats"]]


def test_no_french_message_that_elides_before_a_name_is_filled_by_a_pages_javascript() -> None:
    """The elision is made where the message is filled, in Python (nomercy.core.i18n); the pages' and widgets' own
    ``fill`` does not elide, so a message that would need it must not be filled there."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "nomercy.po").open("rb") as file:
        catalog = read_po(file)
    scripts = "".join(Path(p).read_text(encoding="utf-8") for pattern in ("nomercy/widgets/static/*.js",
                                                                        "site/app/*.js", "site/**/*.html")
                      for p in glob.glob(str(ROOT / pattern), recursive=True))
    eliding = re.compile(r"\b(?:[Dd]e|[Qq]ue|[Ll]orsque|[Pp]uisque|[Jj]usque) \{(\w+)\}")
    filled_in_js = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        names = {name for text in strings for name in eliding.findall(text or "")} - {"count", "cards", "points"}
        if names and any(f'"{i}"' in scripts or f"'{i}'" in scripts or f"`{i}`" in scripts for i in ids):
            filled_in_js.append(ids[0])
    assert filled_in_js == []
