"""The printable rule card: every card of the No Mercy deck and the rules of play, from the package, on one page."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from browser_support import chromium, require_browser
from nomercy.core.decks import DECKS
from nomercy.core.rulebook import RULINGS
from nomercy.teaching.rule_card import (PAPERS, RULE_SECTIONS, card_rows, card_stamp, pdf_pages, pdf_stamp,
                                        print_rule_card, rule_card_html)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _text(html: str) -> str:
    """The card's words as a reader sees them: tags and pictures gone, spaces squeezed."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def _plain(rule: str) -> str:
    return re.sub(r"\s+", " ", rule.replace("`", ""))


def test_every_card_of_the_deck_is_on_the_card_once_with_its_copies():
    deck = DECKS["no-mercy"]
    shown = [card.rank for row in card_rows() for card in row.cards]
    assert len(shown) == len(set(shown))
    assert sum(sum(row.copies) for row in card_rows()) == deck.size == 168
    text = _text(rule_card_html())
    for row in card_rows():
        assert row.label in text and row.facts in text
        for card in row.cards:
            assert f"<title>{card}</title>" in rule_card_html(), f"no picture of {card}"
    plain_numbers = {r for r in deck.per_color if r.face.is_number and r.face.effect == "none"}
    assert set(deck.per_color) | set(deck.wilds) <= set(shown) | plain_numbers, "a face of the deck is missing"
    for rank in plain_numbers:
        assert rank.face.notation in next(row.label for row in card_rows() if row.label.startswith("number cards"))


def test_what_each_card_does_is_the_rulebooks_text_word_for_word():
    text = _text(rule_card_html())
    for row in card_rows():
        for ruling in row.rulings:
            assert _plain(RULINGS[ruling].text) in text, ruling
            assert f'data-ruling="{ruling}"' in rule_card_html()


@pytest.mark.parametrize("ruling", [r for _, ids in RULE_SECTIONS for r in ids])
def test_the_turn_stacking_mercy_uno_and_scoring_are_the_rulebooks_text(ruling):
    assert _plain(RULINGS[ruling].text) in _text(rule_card_html())


def test_the_sections_cover_the_turn_stacking_mercy_uno_and_scoring():
    ids = {r for _, rulings in RULE_SECTIONS for r in rulings}
    assert {"matching", "draw-until-playable", "stacking", "stack-answers", "mercy", "uno", "winning",
            "scoring"} <= ids


@pytest.mark.parametrize("paper", PAPERS)
def test_the_committed_pdf_was_printed_from_this_card_and_has_one_page(paper):
    pdf = (DOCS / f"rule-card-{paper}.pdf").read_bytes()
    assert pdf_stamp(pdf) == card_stamp(), \
        f"docs/rule-card-{paper}.pdf is out of date: run .venv/bin/python scripts/print_rule_card.py"
    assert pdf_pages(pdf) == 1


def test_the_print_script_agrees():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "print_rule_card.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_pages_are_counted_and_a_pdf_of_another_card_is_told_apart():
    assert pdf_pages(b"<</Type /Pages /Count 2>> <</Type /Page /Parent 1 0 R>> <</Type/Page>>") == 2
    one = (DOCS / "rule-card-a4.pdf").read_bytes()
    assert pdf_stamp(one.replace(card_stamp().encode(), b"0" * 12)) == "0" * 12 != card_stamp()
    assert pdf_stamp(b"%PDF-1.4 no title") is None


@pytest.mark.browser
@pytest.mark.parametrize("paper", PAPERS)
def test_the_card_prints_on_one_page_in_chromium(paper):
    require_browser()
    pdf = print_rule_card((paper,))[paper]
    assert pdf_pages(pdf) == 1
    assert pdf_stamp(pdf) == card_stamp()


@pytest.mark.browser
def test_the_card_is_shorter_than_the_printable_height_of_both_papers():
    """Measured in print layout: the card's height against Letter's printable height, the shorter of the two."""
    require_browser()
    printable_mm = min(297.0, 279.4) - 2 * 7  # the card's @page margin is 7 mm
    with chromium({"width": 800, "height": 1000}) as context:
        page = context.new_page()
        page.set_content(rule_card_html(), wait_until="load")
        page.emulate_media(media="print")
        height_px = page.evaluate("document.querySelector('.card').getBoundingClientRect().height")
        width_px = page.evaluate("document.querySelector('.card').getBoundingClientRect().width")
    assert height_px * 25.4 / 96 < printable_mm
    assert width_px * 25.4 / 96 <= min(210.0, 215.9) - 2 * 7
