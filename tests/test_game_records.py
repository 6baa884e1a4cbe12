"""A game session keeps the rules themselves: any RuleSet plays, is recorded and replays.

A record is the rules, the seats, the seed, the dealer who really dealt and the moves; in JSON the rules
are a name plus the options that differ from the profile of that name.
"""

from __future__ import annotations

import dataclasses

import pytest

from nomercy import Game, GameRecord, NomercyError, ruleset
from nomercy.play.players import make_player, next_move


def _play_some(game: Game, moves: int = 40) -> Game:
    bots = {i: make_player("greedy", seed=i) for i in range(len(game.state.seats))}
    for _ in range(moves):
        if game.state.is_over:
            break
        game.play(next_move(game.state, bots))
    return game


def test_a_house_rule_set_with_a_name_of_its_own_plays_records_and_replays():
    house = dataclasses.replace(ruleset("no-mercy", stacking="anything-goes", mercy_limit=30), name="our-house")
    game = _play_some(Game(house, ["Ann", "Bo", "Cy"], seed=11))
    record = game.record()
    assert record.rules == house and record.rules.name == "our-house"
    assert record.overrides == {"stacking": "anything-goes", "mercy_limit": 30}
    again = Game.from_record(GameRecord.from_json(record.to_json()))
    assert again.state == game.state and again.rules == house


def test_a_profile_with_overrides_is_written_as_its_name_and_the_changed_options():
    game = _play_some(Game("speltavlan", 3, seed=2, jump_in=True))
    record = GameRecord.from_json(game.record().to_json())
    assert record.rules == ruleset("speltavlan", jump_in=True)
    assert record.overrides == {"jump_in": True}
    assert Game.from_record(record).state == game.state


def test_the_record_names_the_dealer_who_really_dealt():
    game = Game("no-mercy", ["A", "B", "C"], seed=1)
    assert game.record().dealer == game.start.dealer == 2
    assert game.events[0].sentence.startswith("C deals")


def test_an_old_record_with_a_profile_name_and_overrides_still_replays():
    text = '{"dealer": null, "moves": [], "overrides": {"stacking": "none"}, "rules": "no-mercy", ' \
           '"seats": ["A", "B"], "seed": 4}'
    record = GameRecord.from_json(text)
    assert record.rules == ruleset("no-mercy", stacking="none")
    assert Game.from_record(record).state == Game("no-mercy", ["A", "B"], seed=4, stacking="none").state


@pytest.mark.parametrize("text", ["{}", "[]", '{"rules": "no-mercy", "seats": "AB", "seed": "x", "moves": []}',
                                  '{"rules": "no-mercy", "overrides": {"stacking": "sideways"}, "seats": [], '
                                  '"seed": 1, "moves": []}'])
def test_what_is_not_a_record_is_refused_in_one_line(text):
    with pytest.raises(NomercyError) as refused:
        Game.from_record(GameRecord.from_json(text))
    assert "\n" not in str(refused.value)


def test_the_game_tables_log_shows_the_first_cards_own_events():
    """Classic, a +2 turned up first: the log says the first player must draw it, as the deal did."""
    from nomercy.widgets import GameTable

    table = GameTable("classic", ["human", "greedy", "greedy"], seed=0, pace=0)
    said = [line["sentence"] for line in table.log_lines]
    dealt = [event.sentence for event in Game("classic", ["Player", "Greedy1", "Greedy2"], seed=0).start_events]
    assert len(dealt) == 4 and dealt[1] == "The first card turned up is green +2."  # then the draw and the lost turn
    assert said[1:1 + len(dealt)] == dealt


def test_a_house_rule_set_plays_on_the_game_table_and_exports():
    from nomercy.widgets import GameTable

    house = dataclasses.replace(ruleset("no-mercy", seven_swap="optional"), name="family")
    table = GameTable(house, ["human", "greedy"], seed=4, pace=0)
    table.send_intent({"type": "export"})
    record = GameRecord.from_json(table.export)
    assert record.rules == house and Game.from_record(record).state == table.state
