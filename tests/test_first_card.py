"""The ruling ``first-card``: the printed No Mercy rule, ``first_card: apply`` and classic UNO."""

from __future__ import annotations

from conftest import first_game, play, turn_moves
from nomercy import Card, Color, NameColor, Phase, Rank, new_game, ruleset


def test_no_mercy_flips_until_a_number_shows_and_buries_the_rest_without_effect():
    game = first_game("no-mercy", lambda s: len(s.discard) >= 3)
    assert game.top_card.is_number
    assert all(not c.is_number for c in game.discard[:-1])
    assert game.turn == 0 and game.pending == 0 and game.direction_name == "clockwise"
    assert game.phase is Phase.TURN
    assert game.color is game.top_card.color
    assert all(len(h) == 7 for h in game.hands)
    assert game.card_count() == 168


def test_no_mercy_first_card_is_always_a_number():
    for seed in range(200):
        assert new_game("no-mercy", 3, seed=seed).top_card.is_number


def apply_first(rank):
    return first_game("no-mercy", lambda s: s.discard[0].rank is rank, first_card="apply")


def test_first_card_apply_skip_skips_the_first_player():
    game = apply_first(Rank.SKIP)
    assert game.turn == 1


def test_first_card_apply_reverse_lets_the_dealer_start_the_other_way():
    game = apply_first(Rank.REVERSE)
    assert game.direction_name == "counterclockwise"
    assert game.turn == game.dealer == 3


def test_first_card_apply_colored_draw_card_is_drawn_at_once_and_the_turn_is_lost():
    for rank, value in ((Rank.DRAW_TWO, 2), (Rank.DRAW_FOUR, 4)):
        game = apply_first(rank)
        assert game.turn == 1 and game.pending == 0 and game.phase is Phase.TURN
        assert len(game.hands[0]) == 7 + value, "the first player drew it, with no chance to stack"


def test_first_card_apply_events_say_the_first_player_draws_and_loses_the_turn():
    from nomercy.core.engine import deal

    for seed in range(400):
        game, events = deal(ruleset("no-mercy", first_card="apply"), 4, seed=seed)
        if game.discard[0].rank is Rank.DRAW_TWO:
            kinds = [type(e).__name__ for e in events]
            assert kinds[-2:] == ["CardsDrawn", "TurnLost"] and all(e.rule in ("deal", "first-card") for e in events)
            return
    raise AssertionError("no seed turned up a +2 first")


def test_first_card_apply_wild_draw_card_first_player_names_color_then_draws_it():
    game = apply_first(Rank.WILD_DRAW_SIX)
    assert game.phase is Phase.NAME_FIRST_COLOR and game.turn == 0
    assert turn_moves(game, "A") == [NameColor(0, c) for c in Color]
    after, _ = play(game, "A names green")
    assert after.color is Color.GREEN and after.pending == 0 and after.turn == 1
    assert len(after.hand("A")) == 13


def test_first_card_apply_skip_all_lets_the_dealer_play_first():
    game = apply_first(Rank.SKIP_ALL)
    assert game.turn == game.dealer == 3 and game.direction_name == "clockwise" and game.pending == 0


def test_first_card_apply_wild_reverse_four_turns_and_hits_the_dealers_other_neighbour():
    game = apply_first(Rank.WILD_REVERSE_DRAW_FOUR)
    assert game.direction_name == "counterclockwise"
    assert game.phase is Phase.NAME_FIRST_COLOR and game.turn == 2, "C sits after the dealer D, counterclockwise"
    after, _ = play(game, "C names red")
    assert len(after.hand("C")) == 11 and after.turn == 1 and after.color is Color.RED


def test_first_card_apply_roulette_makes_the_first_player_its_victim():
    game = apply_first(Rank.WILD_ROULETTE)
    assert game.phase is Phase.NAME_ROULETTE and game.turn == 0
    after, _ = play(game, "A names red")
    assert after.color is Color.RED and after.turn == 1
    assert len(after.hand("A")) > 7


def test_first_card_apply_starts_with_the_first_card_turned_and_keeps_the_deck_whole():
    for seed in range(300):
        game = new_game(ruleset("no-mercy", first_card="apply"), 4, seed=seed)
        assert len(game.discard) == 1
        assert game.card_count() == 168


def test_open_mercy_and_speltavlan_apply_the_first_card():
    assert ruleset("open-mercy").first_card == ruleset("speltavlan").first_card == "apply"


# --- classic (C2) -------------------------------------------------------------------

def classic_first(rank):
    return first_game("classic", lambda s: s.discard[0].rank is rank)


def test_classic_wild_draw_four_goes_back_and_another_card_is_turned():
    for seed in range(300):
        game = new_game("classic", 4, seed=seed)
        assert game.top_card != Card.parse("wild +4")
        assert game.card_count() == 108
    reshuffled = first_game("classic", lambda s: s.shuffles > 0)
    assert reshuffled.all_cards()[Card.parse("wild +4")] == 4


def test_classic_wild_first_player_names_the_color():
    game = classic_first(Rank.WILD)
    assert game.phase is Phase.NAME_FIRST_COLOR and game.turn == 0
    after, events = play(game, "A names blue")
    assert after.color is Color.BLUE and after.turn == 0 and after.phase is Phase.TURN
    assert events[0].rule == "first-card"


def test_classic_draw_two_first_player_draws_two_and_loses_the_turn():
    game = classic_first(Rank.DRAW_TWO)
    assert game.turn == 1 and game.pending == 0
    assert len(game.hand("A")) == 9


def test_classic_reverse_dealer_starts_and_play_runs_the_other_way():
    game = classic_first(Rank.REVERSE)
    assert game.turn == 3 == game.dealer
    assert game.direction_name == "counterclockwise"


def test_classic_skip_skips_the_first_player():
    game = classic_first(Rank.SKIP)
    assert game.turn == 1
