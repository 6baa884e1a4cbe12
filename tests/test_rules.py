"""Rules as data: the profiles of the rulebook, and options overridden by name."""

from __future__ import annotations

import dataclasses

import pytest

from nomercy import OPTIONS, PROFILES, RuleSet, RulesError, new_game, profile_names, ruleset

PRINTED_NO_MERCY = dict(
    deck="no-mercy", players=(2, 6), hand_size=7, first_card="number", voluntary_draw=False,
    draw="until-playable", stacking="official", seven_swap="required", zero_pass=True, mercy_limit=25,
    two_player_reverse_draw="self", discard_all_top="discard-all", uno_penalty=2, last_card_draws=False,
    jump_in=False, score_target=1000, knockout_bonus=250,
)

# What each profile changes from the printed No Mercy rules, as the rulebook states it.
PROFILE_CHANGES = {
    "no-mercy": {},
    "open-mercy": dict(deck="open-mercy", players=(2, 20), first_card="apply", two_player_reverse_draw="opponent",
                       seven_swap="optional", discard_all_top="choose", uno_penalty=10),
    "speltavlan": dict(players=(2, 10), first_card="apply", draw="one", stacking="anything-goes", seven_swap="off",
                       zero_pass=False, last_card_draws=True),
}


def test_the_four_profiles_exist():
    assert set(profile_names()) == {"no-mercy", "classic", "open-mercy", "speltavlan"}
    assert ruleset() == ruleset("no-mercy")


@pytest.mark.parametrize("profile", PROFILE_CHANGES)
def test_no_mercy_profiles_are_the_printed_rules_plus_their_sources_readings(profile):
    rules = ruleset(profile)
    expected = {**PRINTED_NO_MERCY, **PROFILE_CHANGES[profile]}
    for option, value in expected.items():
        assert getattr(rules, option) == value, option


def test_classic_profile_is_the_printed_classic_sheet():
    rules = ruleset("classic")
    assert rules.deck == "classic"
    assert rules.hand_size == 7
    assert rules.draw == "one"
    assert rules.voluntary_draw is True
    assert rules.stacking == "none"
    assert rules.seven_swap == "off"
    assert rules.zero_pass is False
    assert rules.mercy_limit is None
    assert rules.last_card_draws is True
    assert rules.uno_penalty == 2
    assert rules.score_target == 500
    assert rules.knockout_bonus == 0
    assert rules.no_bluff is False


def test_every_settled_rule_option_is_a_field():
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    for option in ("players", "first_card", "voluntary_draw", "draw", "stacking", "seven_swap", "zero_pass",
                   "mercy_limit", "two_player_reverse_draw", "discard_all_top", "uno_penalty",
                   "last_card_draws", "jump_in", "score_target"):
        assert option in fields
        assert option in OPTIONS


def test_a_ruleset_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset().stacking = "none"  # type: ignore[misc]


CHOICES = [(name, choice) for name, info in OPTIONS.items() if info.kind == "choice" for choice in info.choices]


@pytest.mark.parametrize("option, value", CHOICES, ids=[f"{o}={v}" for o, v in CHOICES])
def test_every_choice_of_every_option_can_be_set_by_name(option, value):
    assert getattr(ruleset("no-mercy", **{option: value}), option) == value


def test_an_override_changes_only_that_option():
    base = ruleset("no-mercy")
    changed = ruleset("no-mercy", stacking="anything-goes")
    assert changed.differences(base) == {"stacking": ("anything-goes", "official")}
    assert base.stacking == "official"  # the profile itself is untouched


def test_overrides_accept_hyphenated_names_and_rule_sets():
    assert ruleset("no-mercy", **{"seven-swap": "optional"}).seven_swap == "optional"
    assert ruleset(ruleset("classic"), jump_in=True).jump_in is True
    assert ruleset("classic").replace(stacking="official").stacking == "official"


@pytest.mark.parametrize("option, value, expected", [
    ("seven_swap", False, "off"),          # YAML reads a bare off as False
    ("seven_swap", True, "required"),
    ("zero_pass", "off", False),
    ("zero_pass", False, False),
    ("jump_in", "yes", True),
    ("jump_in", "on", True),
    ("last_card_draws", "true", True),
    ("voluntary_draw", True, True),
    ("mercy_limit", None, None),
    ("mercy_limit", "none", None),
    ("mercy_limit", False, None),
    ("mercy_limit", 30, 30),
    ("mercy_limit", "30", 30),
    ("uno_penalty", 10, 10),
    ("uno_penalty", "4", 4),
    ("players", "2-10", (2, 10)),
    ("players", [3, 8], (3, 8)),
    ("stacking", "Anything-Goes", "anything-goes"),
])
def test_yaml_ish_values_are_read_as_the_option_means_them(option, value, expected):
    assert getattr(ruleset("no-mercy", **{option: value}), option) == expected


def test_an_unknown_profile_lists_the_profiles():
    with pytest.raises(RulesError) as caught:
        ruleset("nomercy")
    message = str(caught.value)
    assert "nomercy" in message
    for name in PROFILES:
        assert name in message


def test_an_unknown_option_lists_the_options():
    with pytest.raises(RulesError) as caught:
        ruleset("no-mercy", stackig="none")
    message = str(caught.value)
    assert "stackig" in message
    for name in ("stacking", "seven_swap", "mercy_limit", "jump_in"):
        assert name in message


@pytest.mark.parametrize("option, value", [
    ("stacking", "sideways"), ("seven_swap", "maybe"), ("draw", "two"), ("first_card", "any"),
    ("two_player_reverse_draw", "nobody"), ("discard_all_top", "bottom"),
])
def test_a_bad_choice_lists_the_choices(option, value):
    with pytest.raises(RulesError) as caught:
        ruleset("no-mercy", **{option: value})
    message = str(caught.value)
    assert option in message and repr(value) in message
    for choice in OPTIONS[option].choices:
        assert choice in message


@pytest.mark.parametrize("option, value", [
    ("zero_pass", "perhaps"), ("uno_penalty", -1), ("uno_penalty", "lots"), ("mercy_limit", 1),
    ("players", "10-2"), ("players", "six"), ("jump_in", 3),
])
def test_bad_values_are_refused(option, value):
    with pytest.raises(RulesError, match=option):
        ruleset("no-mercy", **{option: value})


@pytest.mark.parametrize("profile, low, high", [
    ("no-mercy", 2, 6), ("open-mercy", 2, 20), ("speltavlan", 2, 10),
])
def test_player_range_per_profile(profile, low, high):
    assert new_game(profile, low, seed=1).seats
    assert new_game(profile, high, seed=1).seats
    with pytest.raises(RulesError, match=f"{low} to {high}"):
        new_game(profile, high + 1, seed=1)
    with pytest.raises(RulesError):
        new_game(profile, 1, seed=1)


def test_the_player_range_can_be_widened_by_option():
    game = new_game(ruleset("no-mercy", players="2-10"), 10, seed=3)
    assert len(game.seats) == 10
    assert game.card_count() == 168


def test_rules_are_asked_not_profiles():
    """Two profiles with the same options play the same: the name is only a label."""
    a = dataclasses.replace(ruleset("no-mercy"), name="house")
    game_a = new_game(a, 3, seed=5)
    game_b = new_game("no-mercy", 3, seed=5)
    assert game_a.hands == game_b.hands and game_a.discard == game_b.discard
