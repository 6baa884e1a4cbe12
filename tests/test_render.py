"""Pictures of cards, hands and tables (nomercy.teaching.pictures).

The renderer is read by people who may not tell red from green, by screen readers,
and by GitHub's notebook viewer, which shows no inline SVG and no CSS. So every
card names its color in text, carries its notation as a title, and the HTML views
embed cards as images with alt text.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser

import pytest

from nomercy import ALL_CARDS, COLORS, DECKS, Card, Color, Phase, Play, RulesError, new_game

from nomercy.teaching import pictures as render
from nomercy.teaching.pictures import COLOR_FILL, Hand, card_back_svg, card_svg, deck_table_html, hand_html, state_html

from conftest import play, table
from nomercy import legal_moves

SVG = "{http://www.w3.org/2000/svg}"
EVERY_DECK_CARD = sorted({card for deck in DECKS.values() for card in deck.counts()})

# The faces the No Mercy manual prints, plus the classic wild +4 and plain wild.
FACES = [
    "red skip", "red reverse", "red +2", "red +4", "red skip-all", "red discard-all",
    "wild", "wild +4", "wild reverse +4", "wild +6", "wild +10", "wild roulette",
]


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


class _Balanced(HTMLParser):
    """Checks that every opened tag is closed in order (void elements excepted)."""

    VOID = {"img", "br", "hr", "meta", "input", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):  # type: ignore[no-untyped-def]
        pass

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> with {self.stack[-3:]} open")
        else:
            self.stack.pop()


def assert_well_formed_html(html: str) -> None:
    checker = _Balanced()
    checker.feed(html)
    checker.close()
    assert not checker.errors, checker.errors
    assert not checker.stack, f"unclosed: {checker.stack}"
    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        parse_svg(svg)
    for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html):
        parse_svg(base64.b64decode(data).decode("utf-8"))


def image_labels(html: str) -> list[str]:
    """The alt texts of the card images, in order."""
    return re.findall(r'<img [^>]*alt="([^"]*)"', html)


# --- one card ------------------------------------------------------------------------

@pytest.mark.parametrize("card", EVERY_DECK_CARD, ids=str)
def test_every_card_of_every_deck_renders_with_its_name_in_text(card):
    svg = card_svg(card)
    root = parse_svg(svg)
    assert root.get("data-card") == str(card)
    assert root.find(SVG + "title").text == str(card)
    assert root.get("aria-label") == str(card)
    words = texts(root)
    if card.color is None:
        assert "WILD" in words and "W" in words
    else:
        # the color is written out, so nobody needs to see it
        assert card.color.value.upper() in words
        assert card.color.letter.upper() in words
        if card.is_number:
            assert card.rank.value in words


@pytest.mark.parametrize("card", EVERY_DECK_CARD, ids=str)
def test_the_same_card_always_gives_the_same_string(card):
    assert card_svg(card) == card_svg(Card.parse(str(card)))
    assert card_svg(card, width=90, playable=True) == card_svg(card, width=90, playable=True)


def test_notation_text_is_accepted_for_the_card_and_the_color():
    assert card_svg("r7") == card_svg(Card.parse("red 7"))
    assert card_svg("w+6", named_color="b") == card_svg(Card.parse("wild +6"), named_color=Color.BLUE)


@pytest.mark.parametrize("width", [36, 48, 60, 120])
def test_width_scales_the_picture_and_nothing_else(width):
    card = Card.parse("green skip-all")
    root = parse_svg(card_svg(card, width=width))
    assert float(root.get("width")) == width
    assert float(root.get("height")) == width * 1.5
    assert root.get("viewBox") == "0 0 60 90"
    size = re.compile(r' width="[\d.]+" height="[\d.]+" role')
    assert size.sub("", card_svg(card, width=width)) == size.sub("", card_svg(card))


@pytest.mark.parametrize("wild", [c for c in ALL_CARDS if c.is_wild], ids=str)
@pytest.mark.parametrize("color", COLORS, ids=str)
def test_a_wild_shows_the_color_named_for_it(wild, color):
    root = parse_svg(card_svg(wild, named_color=color))
    assert color.value.upper() in texts(root)
    assert color.letter.upper() in texts(root)
    assert root.get("data-color") == color.value
    assert root.get("data-card") == str(wild)  # the card itself is unchanged
    assert root.find(SVG + "title").text == f"{wild}, {color} named"
    assert COLOR_FILL[color] in card_svg(wild, named_color=color)


def test_a_named_color_on_a_colored_card_changes_nothing():
    assert card_svg("blue 3", named_color=Color.RED) == card_svg("blue 3")


def _without_color(svg: str) -> str:
    """The picture with every trace of its color removed: what is left is the face."""
    for color in COLORS:
        svg = svg.replace(COLOR_FILL[color], "#color")
        svg = svg.replace(f">{color.value.upper()}<", ">NAME<")
        svg = svg.replace(f">{color.letter.upper()}<", ">L<")
    return re.sub(r'data-card="[^"]*"|<title>.*?</title>|aria-label="[^"]*"', "", svg)


def test_every_face_has_its_own_picture_not_just_its_own_color():
    faces = {face: _without_color(card_svg(face)) for face in FACES}
    faces.update({f"red {n}": _without_color(card_svg(f"red {n}")) for n in range(10)})
    assert len(set(faces.values())) == len(faces)


def test_colored_and_wild_draw_fours_differ_and_so_do_the_two_wild_fours():
    pictures = {_without_color(card_svg(c)) for c in ("red +4", "wild +4", "wild reverse +4")}
    assert len(pictures) == 3


def test_the_same_face_in_another_color_differs_only_in_color():
    assert _without_color(card_svg("red skip")) == _without_color(card_svg("blue skip"))


def test_a_face_down_card_gives_nothing_away():
    svg = card_svg("red 7", face_down=True)
    assert svg == card_back_svg()
    assert "red" not in svg.lower().replace(COLOR_FILL[Color.RED], "")
    root = parse_svg(svg)
    assert root.get("data-card") == "face-down"
    assert root.find(SVG + "title").text == "face-down card"
    assert float(parse_svg(card_back_svg(36)).get("width")) == 36


def test_playable_and_selected_cards_are_marked_inside_the_picture():
    plain, playable, selected = (card_svg("red 7"), card_svg("red 7", playable=True), card_svg("red 7", selected=True))
    assert len({plain, playable, selected}) == 3
    assert parse_svg(playable).get("data-playable") == "true"
    assert parse_svg(selected).get("data-selected") == "true"
    assert parse_svg(plain).get("data-playable") is None


def test_no_ids_so_many_cards_can_share_one_page():
    assert all(" id=" not in card_svg(c, named_color=Color.GREEN) for c in ALL_CARDS)


def _notebook_display():
    """IPython's display machinery with nomercy's pictures registered, as ``import nomercy`` does in a kernel."""
    from types import SimpleNamespace

    from IPython.core.formatters import DisplayFormatter

    from nomercy.teaching.pictures import register_pictures

    shell = SimpleNamespace(display_formatter=DisplayFormatter())
    assert register_pictures(shell)
    return shell.display_formatter


def test_a_card_shows_itself_in_a_notebook():
    card = Card.parse("wild roulette")
    data, metadata = _notebook_display().format(card)
    assert data["image/svg+xml"] == card_svg(card)
    assert metadata["image/svg+xml"] == {"alt": "wild roulette"}, "a stored card reads as its name"


def test_pictures_are_not_registered_outside_ipython():
    from nomercy.teaching.pictures import register_pictures

    assert register_pictures(object()) is False


# --- hands and decks ----------------------------------------------------------------------

def test_a_hand_is_a_row_of_card_images_with_the_playable_ones_marked():
    html = hand_html("red 7, green 7, wild +6", playable=[Card.parse("red 7")], label="Ann")
    assert_well_formed_html(html)
    assert image_labels(html) == ["red 7 (playable)", "green 7", "wild +6"]
    assert "Ann" in html and "3 cards" in html


def test_playable_may_be_given_as_indices_notation_or_moves():
    cards = "red 7, green 7, red 7"
    by_card = hand_html(cards, playable=["r7"])
    assert hand_html(cards, playable=[0, 2]) == by_card
    assert hand_html(cards, playable=[Play(seat=0, card=Card.parse("red 7"))]) == by_card


def test_inline_hands_carry_raw_svg_for_widgets():
    html = hand_html("r7, w+6", inline=True)
    assert_well_formed_html(html)
    assert html.count("<svg") == 2 and "<img" not in html


def test_an_empty_hand_says_so():
    html = hand_html([], label="Dee")
    assert_well_formed_html(html)
    assert "no cards" in html


def test_the_hand_helper_is_a_tuple_of_cards_that_shows_itself():
    hand = Hand("r7, wild +6", playable=["r7"])
    assert hand == (Card.parse("red 7"), Card.parse("wild +6"))
    assert repr(hand) == "Hand('red 7, wild +6')"
    assert image_labels(hand._repr_html_()) == ["red 7 (playable)", "wild +6"]
    assert Hand(new_game("no-mercy", 3, seed=1).hand(0))._repr_html_().count("<img") == 7


@pytest.mark.parametrize("name", sorted(DECKS))
def test_a_deck_table_lists_every_face_and_the_total(name):
    html = deck_table_html(name)
    assert_well_formed_html(html)
    deck = DECKS[name]
    assert f"{deck.size} cards" in html
    assert len(image_labels(html)) == sum(4 if c.color else 1 for c in deck.counts() if c.color in (None, Color.RED))


def test_an_unknown_deck_is_refused():
    with pytest.raises(RulesError, match="no-mercy"):
        deck_table_html("nomercy")


# --- the table ----------------------------------------------------------------------------

def _playable_labels(html: str) -> list[str]:
    return [label.removesuffix(" (playable)") for label in image_labels(html) if label.endswith("(playable)")]


@pytest.mark.parametrize("profile", ["no-mercy", "classic", "open-mercy", "speltavlan"])
def test_a_new_game_shows_every_seat_the_top_card_and_the_hand_to_play(profile):
    state = new_game(profile, ["Ann", "Bo", "Cy"], seed=4)
    html = state_html(state)
    assert_well_formed_html(html)
    for name in state.seats:
        assert f'data-seat="{name}"' in html
    assert f"{len(state.draw_pile)} cards" in html
    assert state.direction_name in html
    labels = image_labels(html)
    top = labels[0]
    assert top.startswith(str(state.top_card))
    hand = labels[1:]
    assert [label.removesuffix(" (playable)") for label in hand] == [str(c) for c in state.hand(state.turn)]
    playable = {str(a.card) for a in legal_moves(state, state.turn) if isinstance(a, Play)}
    assert set(_playable_labels(html)) == playable
    assert ("/25" in html) == (state.rules.mercy_limit == 25)
    assert html == _notebook_display().format(state)[0]["text/html"] == state_html(state)  # the notebook repr


def test_the_table_shows_whose_turn_and_the_pending_draw():
    state = table(players="ABC", turn="A", discard="red 5",
                  hands={"A": ["red +2", "blue 3"], "B": ["blue 9", "green 4"], "C": ["green 1"]})
    state, _ = play(state, "A plays red +2")
    html = state_html(state)
    assert_well_formed_html(html)
    assert "<b>+2</b>" in html
    assert "B must answer the stack" in html
    assert re.search(r'data-seat="B"[^>]*><td[^>]*>▶', html)
    assert "B's hand" in unescape(html)
    assert "2/25" in html and "1/25" in html


def _knock_out_b() -> object:
    """B holds 24 cards and must draw 2: the first card knocks B out (ruling 15)."""
    big = [f"{c} {n}" for c in ("blue", "green", "yellow") for n in range(1, 9)]
    state = table(players="ABC", turn="A", discard="red 5",
                  hands={"A": ["red +2", "blue 3"], "B": big, "C": ["green 1", "green 2"]})
    state, _ = play(state, "A plays red +2", "B draws")
    return state


def test_a_knocked_out_seat_shows_as_out_and_its_hand_as_set_aside():
    state = _knock_out_b()
    assert state.is_out("B")
    html = state_html(state)
    assert_well_formed_html(html)
    row = re.search(r'<tr data-seat="B".*?</tr>', html).group(0)
    assert ">out<" in row and "/25" not in row
    assert "set aside" in html and f"{len(state.set_aside)} cards" in html
    assert "A → C" in html  # play skips the knocked-out seat


def test_a_wild_on_top_shows_the_color_in_force():
    state = table(players="AB", turn="A", discard="red 5",
                  hands={"A": ["wild +6", "blue 3"], "B": ["blue 9", "green 4"]})
    state, _ = play(state, "A plays wild +6 choosing green")
    html = state_html(state)
    assert image_labels(html)[0] == "wild +6, green named"
    assert "<b>GREEN</b>" in html


def test_a_finished_round_names_the_winner_and_shows_no_hand():
    state = table(players="AB", turn="A", discard="red 5", hands={"A": ["red 3"], "B": ["blue 9", "green 4"]})
    state, _ = play(state, "A plays red 3")
    assert state.phase is Phase.OVER
    html = state_html(state)
    assert_well_formed_html(html)
    assert "A wins the round" in html and ">winner<" in html
    assert len(image_labels(html)) == 1  # only the top card


def test_a_player_view_shows_that_players_own_hand():
    state = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=2)
    html = state_html(state.view("Cy"))
    assert_well_formed_html(html)
    assert "your hand" in html and ">you<" in html
    assert [label for label in image_labels(html)[1:]] == [str(c) for c in state.hand("Cy")]


def test_inline_tables_carry_raw_svg():
    html = state_html(new_game("classic", 2, seed=3), inline=True)
    assert_well_formed_html(html)
    assert "<img" not in html and html.count("<svg") == 8


def test_render_is_the_package_module():
    assert render.state_html is state_html


@pytest.mark.parametrize("profile", ["no-mercy", "classic", "open-mercy", "speltavlan"])
def test_every_position_of_a_random_game_renders(profile):
    from conftest import random_game

    phases = set()
    for ply, (state, _, after, _) in enumerate(random_game(profile, 4, seed=11)):
        for position in (state, after):
            if position.phase in phases and ply % 10:
                continue  # every phase once, and every tenth position
            phases.add(position.phase)
            html = state_html(position)
            assert_well_formed_html(html)
            assert image_labels(html)[0].startswith(str(position.top_card))
    assert Phase.OVER in phases
