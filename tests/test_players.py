"""Computer players: the interface, the driver protocol, and what each player knows to do."""

from __future__ import annotations

import pytest

from conftest import PROFILES, table
from nomercy import CallUno, Catch, Color, Draw, NameColor, Play, new_game
from nomercy.play.players import PLAYER_KINDS, Player, make_player, next_move, required_moves
from nomercy.play.players.expert import determinize
from nomercy.play.simulate import simulate
from nomercy import apply

TINY_EXPERT = {"iterations": 6, "depth": 8, "max_time": None}


def _player(kind: str, seed: int = 0):
    return make_player(kind, seed=seed, **(TINY_EXPERT if kind == "expert" else {}))


# --- the interface -------------------------------------------------------------

@pytest.mark.parametrize("kind", PLAYER_KINDS)
def test_every_kind_is_a_player(kind):
    player = _player(kind)
    assert isinstance(player, Player)
    assert player.kind == kind


def test_an_unknown_kind_names_the_kinds_there_are():
    with pytest.raises(ValueError, match="random, greedy, expert"):
        make_player("clever")


def _moves_of_a_game(kinds, seed, rules="no-mercy"):
    game = new_game(rules, len(kinds), seed=seed)
    bots = {seat: _player(kind, seed=seed + seat) for seat, kind in enumerate(kinds)}
    moves = []
    while not game.is_over:
        move = next_move(game, bots)
        moves.append(move)
        game = apply(game, move)[0]
    return moves


@pytest.mark.parametrize("kinds", [("random", "random", "random"), ("greedy", "random"), ("expert", "greedy")])
def test_the_same_seed_gives_the_same_choices(kinds):
    assert _moves_of_a_game(kinds, 11) == _moves_of_a_game(kinds, 11)


# --- the driver protocol ---------------------------------------------------------

class Recorder:
    """A player that remembers what it was asked and answers like greedy."""

    kind = "recorder"

    def __init__(self):
        self.inner = make_player("greedy")
        self.asked = []

    def choose(self, view, legal):
        self.asked.append(("choose", view.seat))
        assert all(a.seat == view.seat for a in legal)
        return self.inner.choose(view, legal)

    def choose_optional(self, view, legal):
        self.asked.append(("optional", view.seat))
        return self.inner.choose_optional(view, legal)


def test_a_human_seat_is_never_asked_and_the_game_waits_for_it():
    game = new_game("no-mercy", 3, seed=4)
    assert game.to_act == 0
    computer = Recorder()
    assert next_move(game, {1: computer}) is None
    assert computer.asked == []  # nothing to do out of turn


def test_the_seat_to_act_chooses_among_its_own_required_moves():
    game = new_game("no-mercy", 3, seed=4)
    bots = {0: Recorder()}
    move = next_move(game, bots)
    assert move in required_moves(game)
    assert bots[0].asked == [("choose", 0)]


def test_a_player_who_forgets_uno_is_caught_before_the_next_player_acts():
    # B plays down to one card and (as a human who forgets) does not call: C, a
    # computer, is asked about its options before anyone else acts.
    game = table(players="ABC", turn="B", discard="red 5",
                 hands={"A": ["blue 1", "blue 2"], "B": ["red 6", "green 1"], "C": ["yellow 3", "yellow 4"]})
    game = apply(game, "B plays red 6")[0]
    assert 1 in game.catchable
    move = next_move(game, {2: make_player("greedy")})
    assert move == Catch(2, 1)


def test_a_computer_calls_uno_for_itself_before_anyone_can_catch_it():
    game = table(players="ABC", turn="B", discard="red 5",
                 hands={"A": ["blue 1", "blue 2"], "B": ["red 6", "green 1"], "C": ["yellow 3", "yellow 4"]})
    game = apply(game, "B plays red 6")[0]
    bots = {seat: make_player("greedy") for seat in range(3)}
    assert next_move(game, bots) == CallUno(1)


def test_next_move_refuses_a_finished_round():
    game = table(players="AB", turn="A", discard="red 5", hands={"A": ["red 6"], "B": ["blue 1"]})
    game = apply(game, "A plays red 6")[0]
    with pytest.raises(ValueError, match="over"):
        next_move(game, {0: make_player("random")})


# --- greedy: No Mercy judgement ---------------------------------------------------

def _greedy_choice(game):
    seat = game.to_act
    return make_player("greedy").choose(game.view(seat), required_moves(game))


def test_greedy_answers_a_stack_instead_of_drawing():
    game = table(players="ABC", turn="A", discard="blue 5",
                 hands={"A": ["blue +2", "blue 7", "green 3"], "B": ["red +4", "red 1", "red 2"], "C": ["green 9"] * 2})
    game = apply(game, "A plays blue +2")[0]
    choice = _greedy_choice(game)
    assert isinstance(choice, Play) and choice.card.draw_value >= 2


def test_greedy_keeps_a_draw_card_when_a_plain_card_will_do():
    game = table(players="ABC", turn="A", discard="red 5",
                 hands={"A": ["red +2", "red 7", "red 8", "blue 1"], "B": ["green 1", "green 2", "green 3", "green 4"],
                        "C": ["yellow 1", "yellow 2", "yellow 3", "yellow 4"]})
    choice = _greedy_choice(game)
    assert choice.card.draw_value == 0


def test_greedy_knocks_out_a_player_near_the_mercy_limit():
    near = ["green 1", "green 2", "green 3", "green 4", "green 6", "green 7", "green 8", "green 9",
            "yellow 1", "yellow 2", "yellow 3", "yellow 4", "yellow 6", "yellow 7", "yellow 8", "yellow 9",
            "blue 1", "blue 2", "blue 3", "blue 4", "blue 6", "blue 8"]
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red +4", "red 7", "red 8"], "B": near})
    choice = _greedy_choice(game)
    assert choice.card.draw_value == 4  # 22 + 4 reaches the limit of 25: B is out and A wins


def test_greedy_swaps_with_the_smallest_hand_on_a_seven():
    game = table(players="ABCD", turn="A", discard="red 5",
                 hands={"A": ["red 7", "blue 1", "blue 2", "yellow 2", "yellow 3", "yellow 4", "yellow 6"],
                        "B": ["green 1", "green 2", "green 3", "green 4", "green 6"],
                        "C": ["blue 8", "blue 6"],
                        "D": ["green 8", "green 9", "blue 3", "blue 4"]})
    choice = _greedy_choice(game)
    assert choice == Play(0, choice.card, target=2)


def test_the_roulette_victim_names_the_color_most_likely_to_show_soon():
    # Every red and yellow card it cannot see is... in the discard pile: naming them
    # would mean turning up cards for a long time. Blue and green are still out there.
    game = new_game("no-mercy", 2, seed=3)
    view = game.view(1)
    from dataclasses import replace

    from nomercy import DECKS, Phase
    reds = tuple(c for c in DECKS["no-mercy"].cards() if c.color in (Color.RED, Color.YELLOW) and c not in view.hand)
    view = replace(view, phase=Phase.NAME_ROULETTE, discard=view.discard + reds)
    choice = make_player("greedy").choose(view, [NameColor(1, c) for c in Color])
    assert choice.color in (Color.GREEN, Color.BLUE)


def test_greedy_draws_only_when_it_must():
    game = table(players="AB", turn="A", discard="red 5", hands={"A": ["blue 1", "green 2"], "B": ["blue 9"]})
    assert _greedy_choice(game) == Draw(0)


# --- expert: sampling what it cannot see --------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
def test_a_sampled_table_agrees_with_everything_the_expert_sees(profile):
    import random

    game = new_game(profile, 4, seed=9)
    for _ in range(25):
        if game.is_over:
            break
        game = apply(game, required_moves(game)[0])[0]
    view = game.view(game.turn)
    world = determinize(view, random.Random(1))
    assert world.view(view.seat) == view
    assert world.all_cards() == game.all_cards()
    assert set(required_moves(world)) == set(required_moves(game))


def test_the_expert_takes_a_win_when_it_has_one():
    game = table(players="AB", turn="A", discard="red 5", hands={"A": ["red 6"], "B": ["blue 9", "blue 8", "blue 7"]})
    assert _player("expert").choose(game.view(0), required_moves(game)) == Play(0, game.hands[0][0])


# --- every player finishes games under every profile ---------------------------------

# The expert with a budget small enough for thousands of games: it still shortlists,
# samples hidden hands and plays out, which is what can go wrong.
SMALL_EXPERT = "expert:iterations=2:depth=4:candidates=3"
GAMES_PER_TABLE = 1000
GAMES_PER_PIECE = 250  # a piece takes a few seconds, so a long run shows its progress
TABLES = {3: f"{SMALL_EXPERT},greedy,random", 5: f"{SMALL_EXPERT},greedy,random,greedy,random"}
PIECES = [(profile, players, start) for profile in PROFILES for players in TABLES
          for start in range(0, GAMES_PER_TABLE, GAMES_PER_PIECE)]


def test_the_pieces_play_every_game_of_every_table_once():
    for profile in PROFILES:
        for players in TABLES:
            starts = [start for p, n, start in PIECES if (p, n) == (profile, players)]
            games = [i for start in starts for i in range(start, min(start + GAMES_PER_PIECE, GAMES_PER_TABLE))]
            assert games == list(range(GAMES_PER_TABLE))


@pytest.mark.soak
@pytest.mark.parametrize("profile, players, start", PIECES,
                         ids=[f"{p}-{n}p-games{s}" for p, n, s in PIECES])
def test_every_player_kind_finishes_thousands_of_games(profile, players, start):
    # Each kind sits at every table of 1,000 three-player and 1,000 five-player games, so
    # each finishes 2,000 games under each profile; a piece plays a quarter of one table.
    # Game i of a run has the same seed however the run is split (first_game numbers the
    # games). simulate checks every chosen move against the legal list and the card count
    # after every move, and raises on the first violation with the seed and the moves
    # that reproduce it (check_moves: also that every move is one the engine listed and every
    # knockout and reshuffle came with its event).
    games = min(GAMES_PER_PIECE, GAMES_PER_TABLE - start)
    result = simulate(profile, players=players, bots=TABLES[players], games=games, seed=17, rotate=True,
                      first_game=start, progress=False, check_moves=True)
    assert result.games == games
    per_game = {"expert": 1, "greedy": (players - 1) // 2, "random": (players - 1) // 2}
    assert dict(result.tally.seats_by_bot) == {k: n * games for k, n in per_game.items()}
    assert sum(result.tally.endings.values()) == games


@pytest.mark.parametrize("overrides", [{"jump_in": True}, {"stacking": "anything-goes", "seven_swap": "optional"},
                                       {"draw": "one", "voluntary_draw": True, "discard_all_top": "choose"}])
def test_players_handle_the_optional_rules(overrides):
    result = simulate("no-mercy", overrides=overrides, players=4, bots="greedy,random,expert:iterations=4:depth=6,random",
                      games=8, seed=3, workers=1)
    assert result.games == 8
