"""The comparison helpers: one position, several rule sets, outcomes side by side."""

import pytest

from nomercy.teaching.lessons import narrate
from nomercy.teaching.rule_options import (
    compare, compare_deals, compare_group, deck_differences, disputed_options, group_with,
    option_pairs, option_puzzles, options_table, play, play_match, profile_options, profiles, readings,
    restage, variants,
)
from nomercy.core.rules import PROFILES, ruleset
from nomercy.puzzles.puzzle import find_puzzle


def test_variants_run_through_every_choice_with_the_base_value_first():
    labels = [label for label, _ in variants("stacking")]
    assert labels == ["stacking=official", "stacking=wilds-on-anything", "stacking=anything-goes", "stacking=none"]
    assert [r.stacking for _, r in variants("stacking")] == ["official", "wilds-on-anything", "anything-goes", "none"]


def test_number_options_take_the_values_the_profiles_use():
    assert [label for label, _ in variants("mercy_limit")] == ["mercy_limit=25", "mercy_limit=none"]
    assert [label for label, _ in variants("uno_penalty", values=[2, 5])] == ["uno_penalty=2", "uno_penalty=5"]


def test_a_refused_move_is_an_outcome_with_the_engines_reason():
    puzzle = find_puzzle("seven-keep-optional")
    required = play(puzzle, ruleset("no-mercy"))
    assert required.refused == "A plays red 7 keeping"
    assert "swap" in required.reason
    assert required.played == ("C plays red 4",)
    optional = play(puzzle, ruleset("no-mercy", seven_swap="optional"))
    assert optional.refused is None and optional.result == "played"
    assert optional.state.hand_sizes()["A"] == 2


def test_a_position_the_deck_cannot_hold_is_reported_not_raised():
    puzzle = find_puzzle("wild-four-challenge-classic")  # a classic wild +4 is not in the No Mercy deck
    outcome = play(puzzle, PROFILES["no-mercy"])
    assert outcome.problem and outcome.state is None
    assert outcome.result.startswith("cannot be set up")


def test_compare_plays_every_line_under_every_rule_set():
    puzzle = find_puzzle("seven-swap-official")
    table = compare(puzzle, profiles(), moves=[["A plays yellow 7"], ["A plays yellow 7 swapping with B"]])
    assert len(table.outcomes) == 2 * len(PROFILES)
    by = {(o.label, o.moves): o for o in table.outcomes}
    assert by[("no-mercy", ("A plays yellow 7",))].refused  # the printed 7 must swap
    assert by[("speltavlan", ("A plays yellow 7 swapping with B",))].refused  # no swap there
    text = str(table)
    assert text.splitlines()[0].startswith("rules") and "0x" not in repr(table)
    assert "<table" in table._repr_html_()


def test_the_last_card_draws_option_shows_in_the_summary():
    group = option_pairs()["last_card_draws"][0]
    table = compare_group(group, variants("last_card_draws"), columns=("rules", "hands", "winner", "points"))
    rows = table.rows()
    assert [r["hands"] for r in rows] == ["A:0 B:2 C:2", "A:0 B:8 C:2"]
    assert {r["winner"] for r in rows} == {"A"}


def test_option_puzzles_come_in_sets_that_share_a_position():
    groups = option_pairs()
    assert sorted(p.id for p in groups["zero_pass"][0]) == ["zero-pass-off", "zero-pass-official"]
    assert set(groups) == set(option_puzzles())


def test_the_profile_table_marks_what_the_no_mercy_readings_dispute():
    rows = {row.option: row for row in profile_options()}
    assert rows["seven_swap"].values == {"no-mercy": "required", "classic": "off", "open-mercy": "optional",
                                         "speltavlan": "off"}
    assert rows["seven_swap"].disputed and not rows["hand_size"].disputed
    assert "two_player_reverse_draw" in disputed_options()
    assert "seven_swap" in str(options_table(only=["seven_swap"]))


def test_narrate_tells_every_event_with_its_ruling_and_ends_at_a_refusal():
    text = narrate(find_puzzle("seven-keep-official"))
    assert text.splitlines()[1] == "1. C plays red 4"  # after where the table stands
    assert "[ruling matching]" in text
    assert any(line.startswith("   REFUSED: A must swap hands") for line in text.splitlines()[-2:])


def test_restage_plays_the_same_zero_the_other_way_round():
    puzzle = find_puzzle("zero-counterclockwise")
    backwards = play(puzzle, puzzle.rules).state
    forwards = play(restage(puzzle, direction="clockwise"), puzzle.rules).state
    assert backwards.hand("D") == puzzle.hands["A"][1:]  # A's card after the 0 went to D
    assert forwards.hand("B") == puzzle.hands["A"][1:]


def test_possible_drops_rule_sets_whose_deck_cannot_hold_the_position():
    table = compare_group(group_with("mercy-limit-official"), readings("mercy_limit"))
    assert "classic" in [o.label for o in table.outcomes]
    assert "classic" not in [o.label for o in table.possible().outcomes]


def test_the_first_card_is_buried_or_acts_from_the_same_shuffle():
    from nomercy import Card

    acted = 0
    for seed in range(12):
        buried, acts = compare_deals(variants("first_card"), ["A", "B", "C"], seed=seed).rows
        top = Card.parse(buried["discard pile (bottom to top)"].split(", ")[-1])
        assert top.is_number and buried["pending"] == "0"
        acted += acts["pending"] != "0"
    assert acted  # some shuffle turns up a draw card first, and under "apply" it counts


def test_the_open_mercy_listing_has_plain_wilds_and_one_zero_per_color():
    rows = {r["card"]: r for r in deck_differences("no-mercy", "open-mercy").rows}
    assert rows["wild"]["open-mercy"] == "4" and rows["red 0"]["open-mercy"] == "1"
    assert "red 5" not in rows


def test_a_match_is_played_to_the_target_and_replays_from_its_seed():
    first = play_match("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
    assert first == play_match("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
    last = first.rows[-1]
    assert max(int(last[f"total {name}"]) for name in ("Ann", "Bo", "Cy")) >= 1000
    assert all(row["how"] in ("emptied hand", "last one standing") for row in first.rows)


def test_a_match_table_says_how_each_round_ended_in_the_engines_words():
    """The "how" column is the engine's end reason, so a dead end could never read as "last one standing"."""
    from nomercy.teaching.rule_options import play_match

    table = play_match("no-mercy", ["A", "B", "C"], seed=3, max_rounds=4)
    hows = {row["how"] for row in table.rows}
    assert hows and hows <= {"emptied hand", "last one standing", "dead end"}


def test_a_cut_table_keeps_each_refusal_once_and_says_how_many_rows_it_left_out():
    from nomercy.teaching.rule_options import compare_group, group_with, readings

    full = compare_group(group_with("stack-two-on-four-official"), readings("stacking")).possible()
    cut = full.differing()
    # seven rule sets, two lines of moves; a refusal at B's +2 is not shown again on the line that goes on to C
    assert len(full.outcomes) == 14 and full.note() == "" and "left out" not in str(full)
    assert [row["moves"].count(";") for row in cut.rows()] == [1, 1, 1, 1, 2]
    assert cut.left_out == 5 and str(cut).splitlines()[-1].startswith("(5 rows are not shown:")
    assert "5 rows are not shown" in cut._repr_html_()


def test_a_rule_set_whose_label_holds_a_comma_is_counted_once_when_rows_are_left_out():
    from nomercy.core.rules import ruleset
    from nomercy.teaching.rule_options import compare_group, group_with

    rule_sets = [("classic", ruleset("classic")), ("classic, no_bluff=true", ruleset("classic", no_bluff=True))]
    full = compare_group(group_with("wild-four-challenge-classic"), rule_sets).possible()
    cut = full.differing()
    # two rows that differ, both shown: nothing is left out (the comma once counted the second row twice: -1)
    assert [row["rules"] for row in cut.rows()] == ["classic", "classic, no_bluff=true"]
    assert cut.left_out == 0 and cut.note() == ""
    assert "-" not in cut.note()


def test_a_grid_cell_says_which_move_was_refused_after_the_moves_that_were_played():
    from nomercy.teaching.lessons import position_of
    from nomercy.teaching.rule_options import compare_options

    grid = compare_options(position_of("draw-official"), "draw", ["one"], ["B draws then B plays red 9", "B passes"])
    cells = [outcome.cell() for outcome in grid.outcomes]
    assert cells[0].startswith("B draws 1 card.") and "The next move is refused: it is C's turn, not B's" in cells[0]
    assert cells[1].startswith("Refused: ")
    assert "✗ B draws 1 card." in grid._repr_html_() and "refused." not in grid._repr_html_()


def test_a_match_table_read_for_the_standings_keeps_its_rows_under_fewer_columns():
    import pytest

    from nomercy.core.errors import NomercyError

    table = play_match("classic", ["Ann", "Bo"], seed=2)
    standings = table.with_columns("round", "winner", "total Ann", "total Bo")
    assert len(standings.rows) == len(table.rows) and str(standings).splitlines()[0].split(" | ")[1] == "winner"
    assert "counted" not in str(standings)
    for bad in [(), ("points", "no such column"), (None,), (["round"],)]:
        with pytest.raises(NomercyError) as refused:
            table.with_columns(*bad)
        assert str(refused.value).startswith("Pick columns of this table by name: round, winner")


@pytest.mark.parametrize("group, option, columns", [
    ("two-player-reverse-draw-self", "two_player_reverse_draw", ("rules", "moves", "result", "hands", "pending", "turn")),
    ("mercy-limit-official", "mercy_limit", ("rules", "moves", "hands", "out", "turn")),
])
def test_rule_sets_that_read_alike_in_the_columns_shown_share_one_row(group, option, columns):
    """speltavlan once had a row of its own that read the same as the row above it in every column shown
    (it differed in a sentence the table does not show): a reader could not see why it stood apart."""
    from nomercy.teaching.rule_options import compare_group, group_with, readings

    rows = compare_group(group_with(group), readings(option), columns=columns).possible().differing().rows()
    seen = [tuple(v for k, v in row.items() if k != "rules") for row in rows]
    assert len(seen) == len(set(seen)), rows
    assert any("speltavlan" in row["rules"] and "," in row["rules"] for row in rows)
