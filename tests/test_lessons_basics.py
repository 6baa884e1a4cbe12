"""The helpers behind notebooks 1 to 4: positions, verdicts, narrations, option tables, deck counts."""

from __future__ import annotations

from nomercy import Card
from nomercy.teaching.rule_options import compare_options
from nomercy.teaching.lessons import (answer_matrix, card_verdicts, composition_html, deck_rows,
                                    explain_hand, faces_html, narrate, position_of, puzzle_html, table, under)
from nomercy import apply


def test_a_lesson_table_holds_the_whole_deck_and_can_run_its_draw_pile_short():
    state = table({"A": "red 9", "B": {"more": 7}, "C": {"more": 7}}, "red 5", draw_pile_size=3)
    assert state.card_count() == 168
    assert len(state.draw_pile) == 3
    assert state.hand_sizes() == {"A": 1, "B": 7, "C": 7}


def test_verdicts_are_the_engines_a_match_fits_and_a_mismatch_says_why():
    state = table({"A": "blue 5, green skip, wild roulette", "B": "red 1", "C": "red 2"}, "red 5")
    verdicts = dict(card_verdicts(state))
    assert verdicts[Card.parse("blue 5")] is None
    assert verdicts[Card.parse("wild roulette")] is None
    assert "matches neither" in verdicts[Card.parse("green skip")]
    assert explain_hand(state).splitlines()[1].startswith("✗ green skip")


def test_only_draw_cards_answer_a_stack():
    state = table({"A": {"more": 3}, "B": "red skip, red 2, wild roulette, blue +2", "C": "green 1"},
                  "red +2", pending=2, turn="B")
    playable = [str(card) for card, reason in card_verdicts(state) if reason is None]
    assert playable == ["blue +2"]


def test_narration_lists_every_move_with_its_ruling_and_ends_with_the_position():
    text = narrate("stack-2-4-6")
    assert "1. A plays red +2" in text
    assert "D draws 12 cards.  [ruling stacking]" in text
    assert text.splitlines()[-1].startswith("Now: top card wild +6 (green named); A to act")


def test_narration_shows_a_refused_move_with_the_engines_reason():
    assert "REFUSED: B can play green 7" in narrate("must-play-if-you-can")


def test_the_same_position_under_each_stacking_option():
    facing_six = table({"A": {"more": 6}, "B": "red +2, wild reverse +4, wild +10", "C": {"more": 6}},
                       "wild +6", color="green", pending=6, turn="B")
    grid = compare_options(facing_six, "stacking", ["official", "wilds-on-anything", "anything-goes", "none"],
                           ["B plays red +2", "B plays wild reverse +4 choosing red", "B draws"])
    allowed = [[outcome.allowed for outcome in line] for _, line in grid.grid()[1]]
    assert allowed == [[False, False, True, False], [False, True, True, False], [True, True, True, True]]
    assert "16" not in str(grid) and "B draws 6 cards." in str(grid)
    assert "<table" in grid._repr_html_()
    assert under(facing_six, stacking="none").rules.stacking == "none"


def test_the_answer_matrix_compares_with_the_last_card():
    official = answer_matrix("official")
    assert official.allowed[0] == (True,) * 5           # anything answers a +2
    assert official.allowed[3] == (False, False, False, True, True)  # only +6 and +10 answer a +6
    assert not any(any(row) for row in answer_matrix("none").allowed)


def test_mercy_limit_in_the_middle_of_a_draw():
    facing_six = apply(position_of("round2-knockout"), "A plays wild +6 choosing red")[0]
    grid = compare_options(facing_six, "mercy_limit", [25, 20, None], ["B draws"])
    texts = [outcome.cell() for outcome in grid.grid()[1][0][1]]
    assert "out of the round" in texts[0] and "cancelled" in texts[1] and "out" not in texts[2]


def test_deck_rows_add_up_to_the_decks():
    rows = deck_rows()
    assert sum(r["no-mercy"] for r in rows) == 168
    assert sum(r["classic"] for r in rows) == 108
    assert sum(r["open-mercy"] for r in rows) == 168
    assert ">168<" in composition_html() and faces_html().count("<img") == 16 * 4 + 6


def test_a_puzzle_picture_keeps_its_answer_folded_away():
    html = puzzle_html("plus4-then-plus6")
    assert "Question." in html and "<details" in html and "A +4, then a +6" in html


def test_a_puzzle_picture_answers_every_part_its_question_asks():
    # classic-first-plus-two asks three things: B's cards, the pending draw and whose turn it is; its
    # worked answer speaks of A's draw, so the picture must still give all three values.
    folded = puzzle_html("classic-first-plus-two").split("<details", 1)[1]
    assert "Cards B holds: 6; Cards pending: 0; Whose turn: C." in folded
    best = puzzle_html("bm-classic-plus-two-on-uno").split("<details", 1)[1]
    assert "<b>The answer, part by part:</b> Best move: A plays" in best


def test_a_puzzle_picture_says_whether_the_cards_it_does_not_name_hold_a_draw_card():
    """A reader facing a stack asks whether a card not shown could answer it: the picture says so."""
    assert " holds these and 9 other cards, none of them a draw card" in puzzle_html("draw-stops-short")
    assert " holds these and 17 other cards, dealt at random" in puzzle_html("twenty-four-stays")
    assert "(any cards)" not in puzzle_html("twenty-four-stays")


def test_a_comparison_names_its_label_column_for_what_the_rows_differ_by():
    from nomercy.teaching.rule_options import Comparison, play

    start = position_of("zero-counterclockwise")
    both = Comparison((play(start, start.rules, label="counterclockwise"),), columns=("rules", "turn"),
                      heading="direction")
    assert [heading.strip() for heading in str(both).splitlines()[0].split(" | ")] == ["direction", "turn"]
    assert ">direction</th>" in both._repr_html_() and ">rules</th>" not in both._repr_html_()
    assert str(both.with_columns("rules", "moves")).split()[:3] == ["direction", "|", "moves"]


def test_every_kind_of_draw_that_runs_out_ends_where_the_table_stands():
    """A draw until a card fits that finds one ends with that card waiting to be played, not mid-sentence."""
    from nomercy.teaching.cases import empty_pile_cases

    rows = {row["the draw"].split(". Start: ")[0]: row for row in empty_pile_cases().rows}
    fits = rows["drawing until a card fits"]
    assert "and must play it" in fits["the discard pile can be reshuffled"]
    assert "B to act" in fits["no card is left anywhere"]
    for row in rows.values():
        assert "Start: hands A " in row["the draw"]  # the counts of every cell can be checked from the start
        assert all(" Now: top card " in row[column] for column in ("the discard pile can be reshuffled",
                                                                  "no card is left anywhere"))


def test_a_puzzle_that_starts_at_the_deal_does_not_call_the_next_card_turned_up_a_drawn_one():
    """Under a skip turned up first, the red 5 is turned up next (the printed rule), not drawn."""
    from nomercy.teaching.lessons import puzzle_html

    assert "the rest of the deck, from the top: red 5" in puzzle_html("first-skip-number")
    assert "first drawn first" in puzzle_html("drawn-card-must-be-played")


def test_a_puzzle_shown_as_text_does_not_list_the_card_turned_up_as_one_to_draw():
    """The appendix prints a puzzle that starts at the deal with its top card once, not again among the draws."""
    from nomercy.puzzles.commands import show_text
    from nomercy.puzzles.puzzle import find_puzzle

    text = show_text(find_puzzle("first-plus-two-apply"))
    assert "top: red +2" in text
    assert "the rest of the deck, from the top: green 8, green 9" in text
    assert "next cards to be drawn" not in text
    assert "next cards to be drawn: " in show_text(find_puzzle("draw-one-pass"))  # a discard pile: all are draws


def test_the_empty_pile_summary_says_each_draw_in_a_few_words():
    """Notebook 4's table of draws that run out: a few words a cell, each step counted by the engine (the full
    sentences and every card of each start are in the appendix's table)."""
    from nomercy.teaching.cases import empty_pile_summary

    rows = {row["the draw"]: row for row in empty_pile_summary().rows}
    assert rows["a wild +10: 10 to draw"]["cards to reshuffle"] == "B draws 3; 8 reshuffled; B draws 7; B loses the turn"
    assert rows["a wild +10: 10 to draw"]["no card left anywhere"] == "B draws 3; 7 never drawn; B loses the turn"
    assert rows["drawing until a card fits"]["cards to reshuffle"].endswith("A must play the red 4")
    assert rows["drawing until a card fits"]["no card left anywhere"].endswith("the turn passes")
    for row in rows.values():
        assert all(len(row[column].split()) <= 16 for column in ("cards to reshuffle", "no card left anywhere")), row
