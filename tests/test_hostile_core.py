"""Hostile values at every door of the core: refused in one line, or accepted and consistent.

Each surface where outside values come into the core (a rule set however it is made, a house
registration, new_game's arguments, a position line, card and move notation) is given values a
hostile user would try: wrong types, huge numbers, NaN and infinities, deep lists, lone surrogates,
truncated and spliced texts. The answer is always one of two:

* refused with the package's error (a ``NomercyError``) in one line that names no Python internals;
* accepted, and then consistent: the rule set reads its own values back, the game deals a whole deck,
  the position reads back to itself and passes the position check, and play goes on from it.

Nothing may hang: every generated size is bounded, and a guard stops a try that runs for seconds.
The heavier runs (whole games under random rule sets, played to their end) are marked ``soak``.
"""

from __future__ import annotations

import dataclasses
import random
import signal
from collections import Counter
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy import Card, Color, GameState, NomercyError, RulesError, legal_moves, new_game, parse_move, ruleset
from nomercy.core import house
from nomercy.core.cards import ALL_CARDS, Rank, parse_cards
from nomercy.core.decks import DECKS, MAX_DECK_SIZE, DeckListing
from nomercy.core.engine import apply
from nomercy.core.faces import Face, Picture
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS, PROFILES, ROUND_MOVE_LIMIT, OptionInfo, RuleSet, _coerce, parse_settings
from nomercy.core.state import _FIELDS, _values, check_position
from nomercy.play.driver import play_out


HOSTILE_COVERS = (
    *(f"api:nomercy.core.rules.RuleSet({field.name})" for field in dataclasses.fields(RuleSet)),
    "api:nomercy.core.rules.ruleset(profile)", "api:nomercy.core.rules.ruleset(overrides)",
    "api:nomercy.core.rules.parse_settings(settings)",
    *(f"api:nomercy.core.engine.new_game({p})" for p in ("rules", "players", "seed", "dealer", "overrides")),
    "api:nomercy.core.state.GameState.from_text(text)", "file:position",
    *(f"api:nomercy.core.faces.Face({f.name})" for f in dataclasses.fields(Face)),
    "api:nomercy.core.house.register_face(face)", "api:nomercy.core.house.register_deck(listing)",
    *(f"api:nomercy.core.decks.DeckListing({p})" for p in ("name", "per_color", "wilds", "source")),
    *(f"api:nomercy.core.house.register_option({p})" for p in ("name", "info", "default")),
    "api:nomercy.core.house.register_effect(name)", "api:nomercy.core.house.register_effect(effect)",
    "api:nomercy.core.house.register_ruling(ruling)",
    "api:nomercy.core.house.register_first_card(name)", "api:nomercy.core.house.register_first_card(behaviour)",
    "api:nomercy.core.cards.Card.parse(text)", "api:nomercy.core.cards.Card(color)", "api:nomercy.core.cards.Card(rank)",
    "api:nomercy.core.cards.parse_cards(texts)",
    "api:nomercy.core.moves.parse_move(text)", "api:nomercy.core.moves.parse_move(seats)",
)
"""The entry points these tests attack (the inventory, tests/test_entry_points.py, checks that every one has some)."""

EVERYDAY = settings(max_examples=examples(60), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SOAK = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

PYTHON_WORDS = ("list indices", "NoneType", "not iterable", "invalid literal", "has no attribute", "unhashable",
                "not subscriptable", "too many values", "not enough values", "positional argument", "Traceback",
                "object of type", "KeyError", "IndexError", "TypeError")


# --- the two answers ------------------------------------------------------------------------------

@contextmanager
def _guard(seconds: int = 60) -> Iterator[None]:
    """Stop a try that runs on (a hang); a guard, not a timing: a try takes milliseconds, and a busy machine
    passes far within the minute."""
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def answer(call: Callable[[], Any]) -> Any:
    """What ``call`` gives, or ``None`` when it refuses clearly; anything else (another error, a hang) fails."""
    with _guard():
        try:
            return call()
        except NomercyError as refusal:
            message = str(refusal)
            assert message and "\n" not in message and len(message) < 500, message
            assert not any(words in message for words in PYTHON_WORDS), message
            return None


def fields_of(state: GameState) -> dict[str, Any]:
    return dict(zip(_FIELDS, _values(state)))


def assert_consistent(state: GameState, moves: int = 40, seed: int = 0) -> None:
    """A state we accepted: a whole deck, it passes the position check, reads back, and play goes on from it."""
    assert state.all_cards() == DECKS[state.rules.deck].counts()
    check_position(fields_of(state))
    assert GameState.from_text(state.to_text()) == state
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
        assert state.all_cards() == DECKS[state.rules.deck].counts()
        check_position(fields_of(state))


# --- hostile values ----------------------------------------------------------------------------------

ODD_TEXTS = ["", " ", "OFFICIAL ", "none", "off", "on", "1e3", "٣", "1_000", "-1", "2-6", "6-2", "0-0", "2..6",
             "\ud800", "\udfff", "a\x00b", "x" * 10_000, "9" * 5000, "nan", "inf", "True", "null", "7 ", " 7",
             "\u200b", "Ⅻ", "²"]

class _Deep(list):
    """A list nested far deeper than Python's recursion limit, which still names itself in a short line
    (so a failing example can be reported)."""

    def __repr__(self) -> str:
        return f"<a list nested {_depth(self)} deep>"


def _depth(nested: Any) -> int:
    depth = 0
    while isinstance(nested, list) and nested:
        nested, depth = nested[0], depth + 1
    return depth


def _deep(depth: int) -> Any:
    nested: Any = []
    for _ in range(depth - 1):
        nested = [nested]
    return _Deep([nested])


deep = st.one_of(st.integers(1500, 5000).map(_deep), st.integers(1500, 3000).map(lambda n: (_deep(n), 1)))
"""Values nested far deeper than Python's recursion limit: a repr of one raises, so messages must not make one."""

characters = st.characters(blacklist_categories=())  # lone surrogates and control characters too
hostile_text = st.one_of(st.sampled_from(ODD_TEXTS), st.text(characters, max_size=40))
scalar = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-10**40, max_value=10**40), st.sampled_from([0, 1, 2, 7, 25, 1000, 10**6, 2**64, -2**63]),
    hostile_text, st.binary(max_size=8), deep,
)
hostile = st.one_of(scalar, st.lists(scalar, max_size=4), st.tuples(scalar, scalar),
                    st.dictionaries(st.text(max_size=5), scalar, max_size=3),
                    st.lists(st.lists(scalar, max_size=3), max_size=3))
"""A value of any kind a user could pass, bounded in size (every size here is bounded: nothing may hang)."""

RULESET_FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


def assert_rules_consistent(rules: RuleSet) -> None:
    """An accepted rule set holds every option in its own form: reading it again changes nothing."""
    for option in RULESET_FIELDS:
        value = getattr(rules, option)
        if option in OPTIONS:
            again = _coerce(option, value)
            assert again == value and type(again) is type(value), (option, value)
    assert isinstance(rules.name, str) and rules.name.isprintable() and rules.name.strip() == rules.name
    assert dataclasses.replace(rules) == rules
    assert ruleset(rules) == rules


# --- rule sets, however they are made -----------------------------------------------------------------

@EVERYDAY
@given(option=st.sampled_from(RULESET_FIELDS), value=hostile)
def test_a_rule_set_made_directly_checks_every_field(option, value):
    rules = answer(lambda: RuleSet(**{option: value}))
    if rules is not None:
        assert_rules_consistent(rules)


@EVERYDAY
@given(profile=st.sampled_from(list(PROFILES)), option=st.sampled_from(list(OPTIONS)), value=hostile)
def test_a_profile_with_an_option_changed_checks_the_value(profile, option, value):
    rules = answer(lambda: ruleset(profile, **{option: value}))
    if rules is not None:
        assert_rules_consistent(rules)
        assert answer(lambda: rules.replace(**{option: value})) == rules


@EVERYDAY
@given(option=st.sampled_from(["name", "house", "players", "deck", "mercy_limit"]), value=hostile)
def test_replace_checks_like_every_other_way_in(option, value):
    made = answer(lambda: dataclasses.replace(PROFILES["classic"], **{option: value}))
    if made is not None:
        assert_rules_consistent(made)


@EVERYDAY
@given(settings_=st.lists(st.one_of(
    st.builds(lambda o, v: f"{o}={v}", st.sampled_from([*OPTIONS, "nope", "", "Stacking"]), hostile_text),
    hostile_text, st.integers(), st.none()), max_size=4) | hostile)
def test_set_strings_are_read_or_refused(settings_):
    overrides = answer(lambda: parse_settings(settings_))
    if overrides is not None:
        rules = answer(lambda: ruleset("no-mercy", **overrides))
        if rules is not None:
            assert_rules_consistent(rules)


@pytest.mark.parametrize("name", [None, 7, "nomercy", "", "\ud800", "x" * 5000, ["no-mercy"], "NO-MERCY"])
def test_an_unknown_profile_is_refused_with_the_profiles_listed(name):
    with pytest.raises(RulesError, match="choose one of no-mercy, classic"):
        ruleset(name)


@pytest.mark.parametrize("option, value, says", [
    ("hand_size", 10**8, "hand_size is a whole number from 1 to 1000"),
    ("uno_penalty", 999_999_999_999, "uno_penalty is a whole number from 0 to 1000"),
    ("mercy_limit", 10**14, "mercy_limit is a number of cards from 2 to 10000, or none"),
    ("score_target", 0, "score_target is a whole number from 1 to"),
    ("players", "2-100000", "players is a range like 2-6, from 2 up to 1000"),
    ("hand_size", 3.7, "hand_size is a whole number from 1 to 1000, not 3.7"),
    ("zero_pass", "maybe", "zero_pass is true or false (on/off)"),
])
def test_numbers_stay_within_sense_and_the_message_says_the_range(option, value, says):
    for make in (lambda: ruleset("no-mercy", **{option: value}), lambda: RuleSet(**{option: value})):
        with pytest.raises(RulesError) as refused:
            make()
        assert says in str(refused.value)


@EVERYDAY
@given(name=hostile)
def test_asking_a_rule_set_for_an_option_by_any_name_answers_or_refuses(name):
    rules = PROFILES["open-mercy"]
    value = answer(lambda: rules.option(name))
    if value is not None:
        assert value == rules.as_dict()[name]
    answer(lambda: rules.differences(name))


def test_a_rule_set_made_directly_reads_values_as_the_profiles_do():
    rules = RuleSet(players="2-10", mercy_limit="none", zero_pass="off", stacking=" Official")
    assert (rules.players, rules.mercy_limit, rules.zero_pass, rules.stacking) == ((2, 10), None, False, "official")
    assert rules == ruleset("no-mercy", players="2-10", mercy_limit=None, zero_pass=False)


# --- new_game's arguments ----------------------------------------------------------------------------

seats_strategy = st.one_of(
    hostile,
    st.integers(min_value=-5, max_value=2000),
    st.lists(st.one_of(st.text(characters, max_size=12), st.sampled_from(["A", "a", "B", "Ann", "%", "A:1", "B,2",
                                                                          "draws", "\t", ""])), max_size=8),
)


@EVERYDAY
@given(profile=st.sampled_from(list(PROFILES)), players=seats_strategy,
       seed=st.one_of(hostile, st.integers(min_value=0, max_value=2**64 - 1)),  # above 2**63 - 1: refused
       dealer=st.one_of(st.none(), hostile, st.integers(min_value=-3, max_value=12), st.sampled_from(["A", "B", "Z"])))
def test_new_game_deals_a_whole_deck_or_refuses(profile, players, seed, dealer):
    state = answer(lambda: new_game(profile, players, seed=seed, dealer=dealer))
    if state is not None:
        assert_consistent(state, moves=10, seed=len(state.seats))
        assert isinstance(seed, int) and not isinstance(seed, bool) and state.seed == seed
        assert dealer is None or state.dealer == state.seat(dealer)


@pytest.mark.parametrize("call, says", [
    (lambda: new_game("no-mercy", 3, seed=3.7), "a seed is a whole number from 0 to"),
    (lambda: new_game("no-mercy", 3, seed=True), "a seed is a whole number"),
    (lambda: new_game("no-mercy", 3, seed=-1), "a seed is a whole number"),
    (lambda: new_game("no-mercy", 3, seed=10**5000), "not a number of about 5000 digits"),
    (lambda: new_game("no-mercy", "ABC"), "players is a number of players or a list of seat names"),
    (lambda: new_game("no-mercy", 3, dealer=99), "the dealer is a seat, a number from 0 to 2"),
    (lambda: new_game("no-mercy", 3, dealer=-1), "the dealer is a seat"),
    (lambda: new_game("no-mercy", ["Ann", "ann"]), "seat names must differ"),
    (lambda: new_game("no-mercy", ["Ann", ""]), "a seat name is one word"),
    (lambda: new_game("no-mercy", ["Ann", "\ud800"]), "a seat name is one word"),
    (lambda: new_game("no-mercy", ["Ann", 3]), "a seat name is one word"),
    (lambda: new_game("no-mercy", 7), "no-mercy is for 2 to 6 players, not 7"),
    (lambda: new_game("no-mercy", 1), "no-mercy is for 2 to 6 players, not 1"),
    (lambda: new_game("no-mercy", ["A"] * 5000), "no rule profile seats 5000 players"),
])
def test_nonsense_arguments_of_new_game_are_refused(call, says):
    with pytest.raises(NomercyError) as refused:
        call()
    assert says in str(refused.value)


# --- positions ---------------------------------------------------------------------------------------

def _line(profile: str, players: int, seed: int, moves: int) -> str:
    state = new_game(profile, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
    return state.to_text()


LINES = [_line(profile, players, seed, moves) for profile, players, seed, moves in
         [("no-mercy", 3, 1, 0), ("no-mercy", 4, 2, 60), ("classic", 2, 3, 25), ("open-mercy", 5, 4, 90),
          ("speltavlan", 3, 5, 40)]]
TOKENS = ["-", "0", "1", "2", "9", "-1", "-3", "99", "1_0", "١", "99999999999999999999", "9" * 5000, "r7", "w+6",
          "r7,r7", "0,0", "0,guilty", "9,innocent", "0", "cw", "ccw", "over", "turn", "play-drawn", "name-roulette",
          "red", "blue", "purple", "%", "Ann,ann", "A,\ud800", "no-mercy/x", "no-mercy/players=2-2", "zzz",
          "no-mercy/mercy_limit=3", "dead%20end", ""]


@st.composite
def damaged_lines(draw: Any) -> str:
    """A real position line with one part damaged: a value replaced, a word dropped or doubled, or the line cut."""
    line = draw(st.sampled_from(LINES))
    words = line.split()
    how = draw(st.sampled_from(["value", "value", "value", "drop", "double", "cut", "swap-hands"]))
    if how == "value":
        index = draw(st.integers(0, len(words) - 1))
        key = words[index].split(":", 1)[0]
        words[index] = f"{key}:{draw(st.one_of(st.sampled_from(TOKENS), st.text(characters, max_size=12)))}"
    elif how == "drop":
        del words[draw(st.integers(0, len(words) - 1))]
    elif how == "double":
        words.append(words[draw(st.integers(0, len(words) - 1))])
    elif how == "swap-hands":
        index = next(i for i, w in enumerate(words) if w.startswith("hands:"))
        hands = words[index][6:].split("/")
        draw(st.randoms(use_true_random=False)).shuffle(hands)
        words[index] = "hands:" + "/".join(hands)
    else:
        return line[:draw(st.integers(0, len(line)))]
    return " ".join(words)


@EVERYDAY
@given(line=st.one_of(damaged_lines(), hostile))
def test_a_position_line_is_read_and_consistent_or_refused(line):
    state = answer(lambda: GameState.from_text(line))
    if state is not None:
        assert_consistent(state, moves=20)


def _other_color(state: GameState) -> str:
    return next(color.value for color in Color if color is not state.top_card.color)


@pytest.mark.parametrize("key, value, says", [
    ("pending", "-3", "pending is a whole number of 0 or more"),
    ("stuck", "-1", "stuck is a whole number of 0 or more"),
    ("turn", "١", "turn is a whole number of 0 or more"),
    ("winner", "9", "the winner: the seat number is out of range"),
    ("winner", "1", "a round that is over has a winner and an end"),
    ("color", _other_color, "in force over"),
    ("out", "0", "Ann is out of the round but holds 7 cards"),
    ("uno", "1", "may be caught without calling UNO only while holding one card"),
    ("seats", "Ann,ann", "seat names must differ"),
    ("stuck", "2", "stuck counts the players in a row"),
    ("phase", "play-drawn", "a drawn card waits to be played exactly in the phases"),
    ("rules", "no-mercy/players=3-6", "no-mercy is for 3 to 6 players, not 2"),
    ("rules", "no-mercy/mercy_limit=3", "Ann holds 7 cards, at the mercy limit of 3"),
    ("seed", "99999999999999999999", "a seed is a whole number from 0 to"),
    ("ply", str(ROUND_MOVE_LIMIT), "would have ended at its move limit"),
    ("phase", "keep-or-play", "phase keep-or-play comes of another way of drawing than draw: until-playable"),
])
def test_a_position_no_game_could_reach_is_refused_before_it_is_built(key, value, says):
    state = new_game("no-mercy", ["Ann", "Bo"], seed=1)
    written = value(state) if callable(value) else value
    words = [f"{key}:{written}" if w.startswith(f"{key}:") else w for w in state.to_text().split()]
    with pytest.raises(NomercyError) as refused:
        GameState.from_text(" ".join(words))
    message = str(refused.value)
    assert says in message and "\n" not in message and message.startswith("cannot read the position: ")


def test_every_position_random_games_pass_through_passes_the_position_check():
    """The check refuses no position a game can reach (the soak run tries many more rule sets)."""
    for profile, players, seed in (("no-mercy", 4, 1), ("classic", 3, 2), ("open-mercy", 6, 3), ("speltavlan", 2, 4)):
        state = new_game(profile, players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            check_position(fields_of(state))
            state, _ = apply(state, rng.choice(list(legal_moves(state))))
        check_position(fields_of(state))


# --- house registrations -------------------------------------------------------------------------------

GAME_LINE = new_game("no-mercy", 3, seed=11).to_text()
RANK_VALUES = {rank.name: (rank.value, rank.points, rank.short) for rank in Rank}


def assert_healthy() -> None:
    """The process plays as before: every printed face as it was, and the same deal from the same seed."""
    assert {rank.name: (rank.value, rank.points, rank.short) for rank in Rank} == RANK_VALUES
    assert new_game("no-mercy", 3, seed=11).to_text() == GAME_LINE
    assert str(Card.parse("r7")) == "red 7" and Card.parse("w+6").rank is Rank.WILD_DRAW_SIX


def _face(**changes: Any) -> Face:
    fields = dict(name="HOUSE_EIGHT", notation="+8", short="+8", points=20, ruling="matching", draw=8,
                  effect="draw", first_card="draw", picture=Picture("label", "+8"))
    fields.update(changes)
    return Face(**fields)


FACE_FIELDS = ["name", "notation", "short", "points", "ruling", "effect", "first_card", "picture", "aliases",
               "wild", "draw", "choices", "discards"]
SHADOWS = ["value", "face", "name", "index", "points", "short", "effect", "_make", "__init__", "__class__", "mro",
           "ZERO", "SEVEN", "WILD"]


@EVERYDAY
@given(field=st.sampled_from(FACE_FIELDS), value=st.one_of(hostile, st.sampled_from(SHADOWS)))
def test_a_house_face_is_checked_before_any_card_of_it_exists(field, value):
    with house.trying():
        rank = answer(lambda: house.register_face(_face(**{field: value})))
        if rank is not None:
            for card in (c for c in ALL_CARDS if c.rank is rank):
                assert Card.parse(str(card)) is card and Card.parse(card.short) is card
    assert_healthy()


@pytest.mark.parametrize("name", SHADOWS)
def test_a_face_named_like_what_the_ranks_hold_is_refused_and_nothing_breaks(name):
    with house.trying():
        with pytest.raises(NomercyError):
            house.register_face(_face(name=name))
    assert_healthy()
    assert_healthy()  # a later game in the same process too


counts = st.one_of(hostile, st.integers(min_value=-5, max_value=10**12))


@EVERYDAY
@given(per_color=st.dictionaries(st.sampled_from([Rank.SEVEN, Rank.SKIP, Rank.WILD, "7"]), counts, max_size=3),
       wilds=st.dictionaries(st.sampled_from([Rank.WILD, Rank.WILD_DRAW_SIX, Rank.ONE]), counts, max_size=2),
       name=st.one_of(st.sampled_from(["mine", "classic", "My Deck", ""]), hostile_text))
def test_a_house_deck_is_checked_and_a_huge_count_is_refused_not_dealt(per_color, wilds, name):
    with house.trying():
        listing = answer(lambda: house.register_deck(DeckListing(name, per_color, wilds, "a test")))
        if listing is not None:
            assert 1 <= listing.size <= MAX_DECK_SIZE
            state = answer(lambda: new_game("no-mercy", 2, deck=listing.name, hand_size=1, mercy_limit=None))
            if state is not None:
                assert_consistent(state, moves=10)
    assert_healthy()


@EVERYDAY
@given(name=st.one_of(hostile, st.sampled_from(["value", "replace", "name", "house", "as_dict", "stacking", "my_rule"])),
       kind=st.one_of(st.sampled_from(["choice", "bool", "int", "optional-int", "range"]), hostile),
       choices=st.one_of(st.just(()), st.just(("a", "b")), hostile), default=hostile)
def test_a_house_option_is_checked_before_it_is_added(name, kind, choices, default):
    before = dict(OPTIONS)
    with house.trying():
        added = answer(lambda: (house.register_option(name, OptionInfo("matching", "a test", choices, kind), default), True))
        if added is None:
            assert OPTIONS == before  # a refused option leaves nothing behind
        else:
            assert name not in before and name not in {f.name for f in dataclasses.fields(RuleSet)}
            assert ruleset("no-mercy").option(name) == _coerce(name, default)
            assert_rules_consistent(ruleset("no-mercy", **{name: default}))
    assert OPTIONS == before
    assert_healthy()


@pytest.mark.parametrize("call", [
    lambda: house.register_effect(None, lambda *a: None),
    lambda: house.register_effect("my-effect", 42),
    lambda: house.register_first_card("my-first", "not a function"),
    lambda: house.register_ruling("a ruling"),
    lambda: house.register_deck("a deck"),
    lambda: house.register_option("my_option", None, False),
    lambda: house.register_option(7, OptionInfo("matching", "m", kind="bool"), False),
])
def test_registrations_of_the_wrong_kind_are_refused(call):
    with house.trying():
        with pytest.raises(NomercyError):
            call()
    assert_healthy()


# --- notation -------------------------------------------------------------------------------------------

@EVERYDAY
@given(text=st.one_of(hostile, st.text(characters, max_size=60),
                      st.builds(lambda a, b: a + b, st.sampled_from(["r", "w", "wild", "red ", "b", "A plays "]),
                                st.text(characters, max_size=20))))
def test_notation_is_read_or_refused(text):
    card = answer(lambda: Card.parse(text))
    if card is not None:
        assert Card.parse(str(card)) is card
    answer(lambda: Color.parse(text))
    answer(lambda: parse_cards(text))
    move = answer(lambda: parse_move(text, ("A", "B", "C")))
    if move is not None:
        state = new_game("no-mercy", 3, seed=2)
        answer(lambda: apply(state, move))


@pytest.mark.parametrize("args", [("x", "y"), ([], Rank.SEVEN), (None, None), (None, Rank.SEVEN), ({}, {})])
def test_a_card_made_of_nonsense_is_refused(args):
    with pytest.raises(NomercyError):
        Card(*args)


# --- every round ends -----------------------------------------------------------------------------------

def test_a_round_at_its_move_limit_ends_and_the_fewest_cards_win():
    rules = ruleset("no-mercy", mercy_limit=None)
    state = new_game(rules, 3, seed=4).replace(ply=ROUND_MOVE_LIMIT - 3)
    end = play_out(state, lambda s: legal_moves(s)[-1])
    assert end.is_over and end.end_reason == "move limit" and end.ply <= ROUND_MOVE_LIMIT
    fewest = min(len(hand) for hand in end.hands)
    assert len(end.hands[end.winner]) == fewest
    assert "move-limit" in RULINGS and f"{ROUND_MOVE_LIMIT:,} moves" in RULINGS["move-limit"].text


def test_a_round_that_could_go_on_for_ever_ends_by_the_move_limit():
    """Without the mercy rule hands can keep growing: the same chooser that always draws never empties one."""
    from nomercy import Draw

    def always_draw(state: GameState) -> Any:
        moves = list(legal_moves(state))
        draws = [m for m in moves if isinstance(m, Draw)]
        return draws[0] if draws else moves[0]

    state = new_game(ruleset("no-mercy", mercy_limit=None, voluntary_draw=True, draw="one"), 2, seed=1)
    state = state.replace(ply=ROUND_MOVE_LIMIT - 200)
    end = play_out(state, always_draw)
    assert end.is_over


option_sets = st.fixed_dictionaries({}, optional={
    option: (st.sampled_from(list(info.choices)) if info.choices else st.booleans() if info.kind == "bool"
             else st.sampled_from([None, 8, 25, 60]) if info.kind == "optional-int"
             else st.integers(min_value=info.least, max_value=min(info.most, 12)) if info.kind == "int"
             else st.sampled_from(["2-6", "2-10"]))
    for option, info in OPTIONS.items() if option not in ("deck", "score_target", "knockout_bonus")
})


@pytest.mark.soak
@SOAK
@given(profile=st.sampled_from(list(PROFILES)), options=option_sets, players=st.integers(2, 6),
       seed=st.integers(0, 2**32))
def test_soak_every_accepted_option_set_gives_rounds_that_end(profile, options, players, seed):
    state = answer(lambda: new_game(profile, players, seed=seed, **options))
    if state is None:
        return
    rng = random.Random(seed)
    deck = DECKS[state.rules.deck].counts()
    moves = 0
    while not state.is_over:
        assert moves < ROUND_MOVE_LIMIT
        state, _ = apply(state, rng.choice(list(legal_moves(state))))
        moves += 1
        assert state.all_cards() == deck
        if moves % 97 == 0:
            check_position(fields_of(state))
            assert GameState.from_text(state.to_text()) == state
    check_position(fields_of(state))


@pytest.mark.soak
@settings(max_examples=2000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(line=st.one_of(damaged_lines(), hostile))
def test_soak_position_lines(line):
    """An accepted position is played by random players to its end, within the move limit."""
    state = answer(lambda: GameState.from_text(line))
    if state is not None:
        assert_consistent(state, moves=ROUND_MOVE_LIMIT - state.ply)
        end = play_out(state, lambda s, rng=random.Random(state.ply): rng.choice(list(legal_moves(s))))
        assert end.is_over and end.ply <= ROUND_MOVE_LIMIT


@pytest.mark.soak
@settings(max_examples=2000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(RULESET_FIELDS), value=hostile, profile=st.sampled_from(list(PROFILES)))
def test_soak_rule_sets(option, value, profile):
    for make in (lambda: RuleSet(**{option: value}), lambda: PROFILES[profile].replace(**{option: value})
                 if option in OPTIONS else dataclasses.replace(PROFILES[profile], **{option: value})):
        rules = answer(make)
        if rules is not None:
            assert_rules_consistent(rules)
