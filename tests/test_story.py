"""The story of a round keeps the moments a player would tell, including how a knock-out came about."""

from nomercy.teaching.story import key_moments


def _line(n, kind, sentence):
    return {"n": n, "kind": kind, "sentence": sentence, "rule": "mercy"}


def test_the_draw_that_knocks_a_player_out_is_a_key_moment_however_small():
    lines = [_line(1, "cards_drawn", "Ann draws 2 cards."),
             _line(2, "cards_drawn", "Ann draws 7 cards."),
             _line(3, "knocked_out", "Ann holds 25 cards and is out of the round (mercy rule)."),
             _line(4, "penalty_cancelled", "The rest of Ann's draw (3 cards) is cancelled.")]
    assert [number for number, _ in key_moments(lines)] == [2, 3, 4]


def test_a_small_draw_that_knocks_nobody_out_stays_in_the_folded_log():
    assert key_moments([_line(1, "cards_drawn", "Ann draws 7 cards."), _line(2, "card_played", "Bo plays red 3.")]) == []


def test_a_wild_reverse_four_that_comes_back_is_cited_by_its_play_in_the_logs_own_words():
    """The moment carries the play's line number and both lines word for word, so the log shows the same text."""
    lines = [{"n": 184, "kind": "card_played", "sentence": "Bo plays wild reverse +4 and names green.", "rule": "x"},
             {"n": 185, "kind": "direction", "sentence": "Play now goes counterclockwise.", "rule": "x"},
             {"n": 186, "kind": "pending", "sentence": "4 cards are now pending for Bo.",
              "rule": "wild-reverse-four-two-players"}]
    assert key_moments(lines) == [(184, "Bo plays wild reverse +4 and names green. … 4 cards are now pending for Bo.")]
