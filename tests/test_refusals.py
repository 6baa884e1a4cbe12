"""The engine's refusals as whole messages: every refusal a checker gives keeps the message it was made from, its
English is that message filled in (the words it always had), and a table in another language says it from the
catalog with the cards and colors in that language's words."""

from __future__ import annotations

import random
import re

import pytest

from nomercy import new_game
from nomercy.core import refusals
from nomercy.core.cards import COLORS, Card
from nomercy.core.engine import apply, legal_moves, why_illegal
from nomercy.core.legality import card_fits
from nomercy.core.i18n import LANGUAGES, SOURCE, words
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, NameColor, Pass, Play
from nomercy.core.said import card_name
from nomercy.widgets.game_table import GameTable

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def _refusals(seats: list[str], profile: str, seeds: range) -> list[str]:
    """Refusals of many tried moves, over seeded rounds (every kind of move, by every seat, at many points)."""
    found = []
    for seed in seeds:
        state = new_game(profile, seats, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_over:
                break
            for seat in range(len(seats)):
                for card in {*state.hands[seat][:3], state.discard[-1]}:
                    found += [why_illegal(state, m) for m in (Play(seat, card), Play(seat, card, COLORS[0]),
                                                              Play(seat, card, None, seat))]
                found += [why_illegal(state, m) for m in (Draw(seat), Pass(seat), NameColor(seat, COLORS[1]),
                                                          CallUno(seat), Catch(seat, 0),
                                                          Catch(seat, 9), Challenge(seat))]
            state, _ = apply(state, rng.choice(list(legal_moves(state))))
    return [r for r in found if r is not None]


@pytest.mark.parametrize("seats", [["You", "B", "C"], ["Ann", "you", "Cy"]])
@pytest.mark.parametrize("profile", ["no-mercy", "classic"])
def test_every_refusal_keeps_its_message_and_is_said_in_every_language(seats: list[str], profile: str) -> None:
    found = _refusals(seats, profile, range(8))
    assert found
    messages = set()
    for reason in found:
        assert isinstance(reason, refusals.Refusal), reason
        messages.add(reason.message)
        for lang in OTHERS:
            said = refusals.refusal_words(reason, lang)
            assert said != str(reason) and not re.search(r"\{\w+\}", said), (reason, lang, said)
            for value in reason.values.values():
                if isinstance(value, Card):
                    assert card_name(value, lang).lower() in said.lower(), (reason, lang, said)
    assert len(messages) >= 15  # the walk reaches many of them, not one


def test_a_refusal_for_the_seat_called_you_has_its_own_message_and_keeps_the_seats_spelling() -> None:
    state = new_game("classic", ["you", "B"], seed=3)
    other = 1 - state.turn
    reason = why_illegal(state, Draw(other))
    assert isinstance(reason, refusals.Refusal)
    if state.seats[other] == "you":
        assert reason.startswith("it is B's turn, not yours")
    else:
        assert reason.startswith("it is your turn, not B's")
        assert refusals.refusal_words(reason, "sv").startswith("Det är din tur, inte Bs")


def test_text_that_no_catalog_holds_is_shown_as_it_is() -> None:
    assert refusals.refusal_words("", "sv") == "" and refusals.refusal_words(" ", "fr") == " "
    assert refusals.refusal_words("a line of no catalog", "zh-Hant") == "a line of no catalog"
    assert refusals.refusal_words(refusals.refusal(refusals.ROUND_OVER), "en") == "the round is over"
    assert refusals.refusal_words(refusals.refusal(refusals.ROUND_OVER), "fr") == "La manche est terminée"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_table_says_a_refused_card_in_its_language_and_returns_the_english(lang: str) -> None:
    table = GameTable("classic", {"You": "human", "B": "greedy"}, seed=5, pace=0, lang=lang)
    seat = table.seats.index("You")
    state = table.state
    misfit = next((c for c in state.hands[seat] if not card_fits(state, c)), None)
    assert misfit is not None
    english = table.send_intent({"type": "card", "card": str(misfit)})
    assert english is not None and isinstance(english, refusals.Refusal)
    assert table.error == " ".join(refusals.refusal_words(english, lang).split())
    assert table.error != english and card_name(misfit, lang) in table.error
    assert words(lang).gettext(english.message) != english.message


def test_an_unknown_language_is_refused_in_one_line_naming_the_languages() -> None:
    with pytest.raises(ValueError, match=r"^there is no language 'xx' here: the languages are en \(English\)"):
        refusals.refusal_words(refusals.refusal(refusals.ROUND_OVER), "xx")
