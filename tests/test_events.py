"""Every effect is a frozen event with a plain-language sentence and the id of its ruling."""

from __future__ import annotations

import re

import pytest

from conftest import random_game
from nomercy import RULINGS, Card, Color, Event, explain
from nomercy.core import events as ev

EVENT_CLASSES = [getattr(ev, name) for name in ev.__all__ if name != "Event"]

_SAMPLES = {"str": "B", "int": 3, "bool": True, "Card": Card.parse("red 7"), "Color": Color.BLUE,
            "Color | None": Color.BLUE, "Card | None": Card.parse("red 7"),
            "tuple[Card, ...]": (Card.parse("red 7"), Card.parse("wild +6"))}


def sample(cls):
    """An instance of ``cls`` with plausible field values (the rule keeps its default)."""
    values = {}
    for name in cls._fields:
        if name == "rule" or name in cls._field_defaults:
            continue
        values[name] = _SAMPLES.get(str(cls.__annotations__[name]), "B")
    return cls(**values)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=[c.__name__ for c in EVENT_CLASSES])
def test_every_event_kind_has_a_sentence_and_an_existing_ruling(cls):
    event = sample(cls)
    assert isinstance(event, Event)
    assert event.rule in RULINGS, f"{cls.__name__} cites unknown ruling {event.rule!r}"
    assert isinstance(event.sentence, str) and len(event.sentence) > 5
    assert event.sentence[-1] in ".!"
    assert str(event) == event.sentence
    assert event.ruling is RULINGS[event.rule]
    data = event.as_dict()
    assert data["kind"] == event.kind and data["rule"] == event.rule and data["sentence"] == event.sentence


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=[c.__name__ for c in EVENT_CLASSES])
def test_events_are_frozen(cls):
    event = sample(cls)
    with pytest.raises(AttributeError):
        event.rule = "deal"  # type: ignore[misc]
    assert event == sample(cls)
    hash(event)


def test_events_of_different_kinds_are_never_equal():
    """An event is a record of one kind: the same fields do not make two kinds equal."""
    assert ev.PlayerSkipped("B", "skip") != ev.TurnLost("B", "skip")
    assert ev.PlayerSkipped("B") == ev.PlayerSkipped("B") and ev.PlayerSkipped("B") != ("B", "skip")
    assert ev.CardsDrawn("B", 2).count == 2 and ev.CardsDrawn(player="B", count=2) == ev.CardsDrawn("B", 2)
    assert repr(ev.TurnLost("B")) == "TurnLost(player='B', rule='stacking')"


def test_every_ruling_has_text():
    for ruling_id, ruling in RULINGS.items():
        assert ruling.id == ruling_id
        assert ruling.title and len(ruling.text) > 20
        assert explain(ruling_id) == ruling.full_text == " ".join((ruling.text, *ruling.cases))
    with pytest.raises(KeyError):
        explain("99")


def test_ruling_ids_are_one_scheme_of_words():
    for ruling_id in RULINGS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", ruling_id), ruling_id


@pytest.mark.parametrize("profile, overrides", [("no-mercy", {}), ("classic", {}), ("open-mercy", {}),
                                                ("speltavlan", {}), ("no-mercy", {"jump_in": True})])
def test_events_of_real_games_cite_rulings_and_read_as_sentences(profile, overrides):
    for seed in range(15):
        for _, _, _, events in random_game(profile, 2 + seed % 5, seed, **overrides):
            assert events, "every accepted move produces at least one event"
            for event in events:
                assert event.rule in RULINGS
                sentence = event.sentence  # one sentence: a capital (or a number) first, a full stop last
                assert (sentence[:1].isupper() or sentence[:1].isdigit()) and sentence.endswith((".", "!")), sentence
                assert type(event)(**dict(zip(event._fields, event))) == event  # a plain record of its fields


def test_classic_games_cite_classic_rulings():
    rules = set()
    for seed in range(20):
        for _, _, _, events in random_game("classic", 3, seed):
            rules.update(e.rule for e in events)
    assert {"draw-one", "no-stacking"} <= rules
    assert not rules & {"stacking", "draw-until-playable", "wild-roulette", "seven", "zero", "mercy"}


def _holds(value, annotation: str, state) -> bool:
    """Does ``value`` fit the field's declared type (as written in the event class)?"""
    if annotation == "str":
        return isinstance(value, str)
    if annotation == "int":
        return type(value) is int
    if annotation == "bool":
        return type(value) is bool
    if annotation == "Card":
        return isinstance(value, Card)
    if annotation == "Card | None":
        return value is None or isinstance(value, Card)
    if annotation in ("Color", "Color | None"):
        return isinstance(value, Color) or (value is None and annotation.endswith("None"))
    if annotation == "tuple[Card, ...]":
        return type(value) is tuple and all(isinstance(card, Card) for card in value)
    raise AssertionError(f"no check for a field declared {annotation!r}")


_NAMES = ("player", "target", "catcher", "challenger", "other", "dealer", "first_player")


@pytest.mark.parametrize("profile, overrides", [("no-mercy", {}), ("classic", {}), ("open-mercy", {}),
                                                ("no-mercy", {"jump_in": True, "seven_swap": "optional",
                                                              "discard_all_top": "choose", "first_card": "apply"}),
                                                ("no-mercy", {"last_card_draws": True, "draw": "one",
                                                              "stacking": "wilds-on-anything"})])
def test_every_event_the_engine_writes_holds_its_fields_in_their_places(profile, overrides):
    # The engine writes its events field by field in order (events.new_event), so a field out of
    # place would still make an event: here every field of every event of real games must hold the
    # kind of value its class declares, a seat's name where a player is named, a ruling as the rule.
    seen = set()
    for seed in range(12):
        for _, _, after, events in random_game(profile, 2 + seed % 4, seed, **overrides):
            for event in events:
                seen.add(type(event).__name__)
                assert len(event) == len(event._fields), event
                for name, value in zip(event._fields, event):
                    annotation = str(type(event).__annotations__[name])
                    assert _holds(value, annotation, after), f"{type(event).__name__}.{name} holds {value!r}"
                    if name in _NAMES:
                        assert value in after.seats, f"{type(event).__name__}.{name} is {value!r}, not a seat"
                assert event.rule in RULINGS, event
    assert {"CardPlayed", "CardsDrawn", "StackGrew", "TurnLost", "RoundWon", "RoundScored"} <= seen
