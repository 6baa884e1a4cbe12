"""A position is one line of text, as a FEN is for chess: every field, read back to the same state.

The line is `key:value` words; cards are in short notation (`r7`, `w+6`), hands are separated by `/`,
and the rules are a name plus the options that differ from the profile of that name.
"""

from __future__ import annotations

import dataclasses

import pytest

from conftest import PROFILES, random_moves
from nomercy import GameState, NotationError, new_game, ruleset


@pytest.mark.parametrize("profile", PROFILES)
def test_every_position_of_random_games_reads_back_to_the_same_state(profile):
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        rules = ruleset(profile, jump_in=seed % 2 == 1)
        for before, _, after, _ in random_moves(rules, players, seed, max_moves=300, label=profile):
            for state in (before, after):
                assert GameState.from_text(state.to_text()) == state


def test_a_house_rule_set_and_the_end_of_a_round_read_back():
    house = dataclasses.replace(ruleset("no-mercy", players="2-10", mercy_limit=None), name="our house")
    state = new_game(house, ["Ann", "Bo", "Cy"], seed=3)
    line = state.to_text()
    assert line.startswith("rules:our%20house/players=2-10,mercy_limit=none ")
    assert GameState.from_text(line) == state
    *_, (_, _, end, _) = random_moves(ruleset("no-mercy"), 2, 4, max_moves=3000, label="end")
    assert end.is_over and GameState.from_text(end.to_text()) == end


def test_the_line_names_whose_turn_and_the_top_card():
    state = new_game("no-mercy", ["Ann", "Bo"], seed=1)
    words = dict(word.split(":", 1) for word in state.to_text().split())
    assert words["seats"] == "Ann,Bo" and words["turn"] == "0" and words["dir"] == "cw"
    assert words["discard"].split(",")[-1] == state.top_card.short
    assert len(words["draw"].split(",")) == len(state.draw_pile)


def _with(line: str, key: str, value: str) -> str:
    return " ".join(f"{key}:{value}" if word.startswith(f"{key}:") else word for word in line.split())


@pytest.mark.parametrize("change, says", [
    (lambda line: line.replace(" ply:0", ""), "it has no ply"),
    (lambda line: line + " ply:3", "ply is given twice"),
    (lambda line: line + " colour:red", "'colour:red' is not one of"),
    (lambda line: _with(line, "turn", "7"), "seat number is out of range"),
    (lambda line: _with(line, "dir", "up"), "cannot read the position"),
    (lambda line: _with(line, "hands", "r7"), "2 seats but 1 hands"),
    (lambda line: _with(line, "draw", "-"), "its cards are not one no-mercy deck"),
    (lambda line: _with(line, "color", "purple"), "cannot read the position"),
    (lambda line: _with(line, "rules", "no-mercy/stacking=sideways"), "stacking cannot be 'sideways'"),
])
def test_a_line_that_is_not_a_position_is_refused_in_one_line(change, says):
    line = change(new_game("no-mercy", ["Ann", "Bo"], seed=1).to_text())
    with pytest.raises(NotationError) as refused:
        GameState.from_text(line)
    assert says in str(refused.value) and "\n" not in str(refused.value)
