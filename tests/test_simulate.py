"""The simulation lab: seeded, split-independent, checked move by move, summarized as it goes."""

from __future__ import annotations

import concurrent.futures as cf
import io
import json
import re
import threading
from contextlib import redirect_stdout

import pytest

from nomercy import NomercyError, Play, new_game, ruleset
from nomercy.cli import main
from nomercy.play.simulate import (
    BotSpec,
    InvariantViolation,
    compare_runs,
    ends_turn,
    game_seed,
    play_game,
    parse_bots,
    replay_game,
    simulate,
    wilson_interval,
)
from nomercy.play.simulate.stats import quantile
from nomercy import apply, is_legal, legal_moves

SPEED_KEYS = ("seconds", "games_per_second", "workers")


def _figures(result):
    data = result.as_dict()
    for key in SPEED_KEYS:
        data.pop(key)
    return data


# --- results do not depend on how the run is split ---------------------------------

def test_one_worker_and_two_worker_processes_give_the_same_figures():
    kwargs = dict(players=3, bots="greedy,random,random", games=24, seed=5, rotate=True)
    alone = simulate("no-mercy", workers=1, **kwargs)
    pooled = simulate("no-mercy", workers=2, chunk_size=5, **kwargs)
    assert _figures(alone) == _figures(pooled)
    assert alone.tally == pooled.tally


def test_any_executor_runs_the_games():
    kwargs = dict(players=2, bots="greedy,random", games=12, seed=8)
    with cf.ThreadPoolExecutor(max_workers=3) as executor:
        threaded = simulate("classic", executor=executor, chunk_size=2, **kwargs)
    assert _figures(threaded) == _figures(simulate("classic", workers=1, **kwargs))


@pytest.mark.slow  # a cluster of two worker processes
def test_a_dask_cluster_runs_the_same_games():
    distributed = pytest.importorskip("dask.distributed")
    kwargs = dict(players=4, bots="random", games=16, seed=3)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            on_dask = simulate("no-mercy", executor=client.get_executor(), chunk_size=4, **kwargs)
    assert _figures(on_dask) == _figures(simulate("no-mercy", workers=1, **kwargs))


def test_game_i_always_has_the_same_seed():
    assert game_seed(1, 7) == game_seed(1, 7)
    assert len({game_seed(1, i) for i in range(1000)}) == 1000
    assert game_seed(1, 0) != game_seed(2, 0)


def test_records_are_kept_only_when_asked_for_and_come_in_game_order():
    plain = simulate("no-mercy", players=2, bots="random", games=10, seed=1, workers=1)
    assert plain.records is None
    kept = simulate("no-mercy", players=2, bots="random", games=10, seed=1, workers=2, chunk_size=3,
                    keep_records=True)
    assert [r.index for r in kept.records] == list(range(10))
    assert [r.seed for r in kept.records] == [game_seed(1, i) for i in range(10)]


def test_the_statistics_are_tallies_that_do_not_grow_with_the_games():
    small = simulate("no-mercy", players=2, bots="random", games=5, seed=1, workers=1).tally
    large = simulate("no-mercy", players=2, bots="random", games=80, seed=1, workers=1).tally
    assert set(vars(small)) == set(vars(large))
    assert len(large.endings) <= 3 and len(large.wins_by_seat) == 2
    # Game lengths are a histogram (length -> games), not a list of games: its counts add up to the games.
    assert sum(large.turns.values()) == 80 and sum(small.turns.values()) == 5
    assert all(isinstance(length, int) and length > 0 for length in large.turns)


# --- every game is an invariant check ---------------------------------------------

class Cheat:
    """Plays a card it does not hold once it has seen ten moves."""

    kind = "random"

    def __init__(self):
        self.count = 0

    def choose(self, view, legal):
        self.count += 1
        if self.count > 10:
            missing = next(c for c in new_game("no-mercy", 2, seed=0).draw_pile if c not in view.hand)
            return Play(view.seat, missing)
        return legal[0]

    def choose_optional(self, view, legal):
        return None


def test_an_illegal_move_stops_the_run_with_the_seed_and_the_move(monkeypatch):
    monkeypatch.setattr(BotSpec, "make", lambda self, seed: Cheat())
    with pytest.raises(InvariantViolation) as caught:
        simulate("no-mercy", players=2, bots="random", games=3, seed=4, workers=1)
    error = caught.value
    assert error.game == 0 and error.seed == game_seed(4, 0)
    assert "not legal" in str(error) and str(error.seed) in str(error)
    assert error.move is not None and error.move.startswith(("A plays", "B plays"))
    # the attached moves replay up to the broken one
    state = replay_game("no-mercy", 2, error.seed, error.moves)
    assert is_legal(state, error.move) is False


# --- what is counted ------------------------------------------------------------------

def test_a_turn_ends_when_the_decision_passes_or_a_card_is_played():
    game = new_game("no-mercy", 3, seed=2)
    move = legal_moves(game, game.turn)[0]
    after = apply(game, move)[0]
    assert ends_turn(move, after) == (isinstance(move, Play) or after.turn != move.seat)


def test_the_turns_a_game_counts_are_the_moves_the_one_turn_rule_says_end_a_turn():
    """The count in a game's summary is ends_turn applied to each of its moves, replayed here one by one."""

    for seed in range(3):
        moves: list = []
        summary = play_game(ruleset("no-mercy"), parse_bots("greedy,random,random", 3), seed, moves=moves)
        state, turns = new_game("no-mercy", 3, seed=seed), 0
        for move in moves:
            after = apply(state, move)[0]
            turns += ends_turn(move, after)
            state = after
        assert summary.turns == turns and 0 < turns <= len(moves)


def test_the_median_and_the_90th_percentile_of_game_lengths():
    from collections import Counter

    lengths = Counter({10: 5, 20: 3, 30: 2})
    assert quantile(lengths, 0.5) == 15.0
    assert quantile(lengths, 0.9) == 30.0


def test_win_rates_come_with_95_percent_intervals():
    low, high = wilson_interval(65, 100)
    assert low < 0.65 < high and high - low < 0.2
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wins_by_player_kind_are_counted_per_seat_held():
    result = simulate("no-mercy", players=4, bots="greedy,random,random,random", games=20, seed=3, workers=1,
                      rotate=True)
    by_bot = result.as_dict()["wins"]["by_bot"]
    assert by_bot["greedy"]["seats"] == 20 and by_bot["random"]["seats"] == 60
    assert by_bot["greedy"]["wins"] + by_bot["random"]["wins"] == 20


def test_bots_are_named_once_for_all_seats_or_seat_by_seat():
    assert [s.kind for s in parse_bots("expert,random,random,random", 4)] == ["expert", "random", "random", "random"]
    with pytest.raises(ValueError, match="3 players named for 4 seats"):
        parse_bots("expert,random,random", 4)
    with pytest.raises(ValueError, match="unknown player kind"):
        parse_bots("genius", 2)


def test_rule_overrides_reach_the_games():
    result = simulate("no-mercy", overrides={"mercy_limit": "none"}, players=2, bots="greedy", games=4, seed=1,
                      workers=1)
    assert result.rules == ruleset("no-mercy", mercy_limit=None)
    assert result.as_dict()["endings"].get("last one standing", 0) == 0


# --- the command --------------------------------------------------------------------

def _run(*argv):
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def test_the_command_prints_one_json_object_with_the_promised_keys():
    code, text = _run("simulate", "--rules", "no-mercy", "--set", "uno_penalty=4", "--players", "3",
                      "--bots", "greedy,random,random", "--games", "6", "--seed", "1", "--workers", "1", "--json")
    assert code == 0
    data = json.loads(text)
    for key in ("games", "games_per_second", "turns", "endings", "wins", "knockouts_per_game", "largest_hand",
                "reshuffles_per_game"):
        assert key in data
    assert set(data["turns"]) == {"mean", "median", "p90"}
    assert set(data["wins"]) == {"by_seat", "by_bot"}
    assert data["games"] == 6 and data["overrides"] == {"uno_penalty": 4}


def test_the_command_prints_a_summary_for_people():
    code, text = _run("simulate", "--players", "2", "--games", "4", "--workers", "1")
    assert code == 0
    assert "turns per game" in text and "wins by seat" in text


def test_the_command_refuses_a_wrong_number_of_bots():
    code, _ = _run("simulate", "--players", "3", "--bots", "greedy,random", "--games", "2", "--workers", "1")
    assert code == 2


def test_a_study_run_in_pieces_adds_up_to_the_whole_run():
    whole = simulate("no-mercy", players=3, bots="greedy,random,random", games=12, seed=6, workers=1)
    first = simulate("no-mercy", players=3, bots="greedy,random,random", games=5, seed=6, workers=1)
    rest = simulate("no-mercy", players=3, bots="greedy,random,random", games=7, seed=6, workers=1, first_game=5)
    first.tally.merge(rest.tally)
    assert first.tally == whole.tally


# --- records of every game, and two runs compared game by game -------------------------------

def test_the_command_writes_every_game_s_record_in_game_order(tmp_path):
    path = tmp_path / "run.jsonl"
    code, _ = _run("simulate", "--players", "2", "--bots", "greedy,random", "--rotate", "--games", "5",
                   "--first-game", "3", "--seed", "8", "--workers", "2", "--json", "--records", str(path))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    whole = simulate("no-mercy", players=2, bots="greedy,random", rotate=True, games=8, seed=8, workers=1,
                     keep_records=True)
    assert code == 0 and [line["index"] for line in lines] == [3, 4, 5, 6, 7]
    assert lines == [record.as_dict() for record in whole.records[3:]]
    assert all(line["winner_bot"] == line["bots"][line["winner"]] for line in lines)


class _LastFirst(cf.Executor):
    """Threads that finish the first eight chunks last first: chunk i waits until chunk i + 1 is done."""

    def __init__(self) -> None:
        self._pool = cf.ThreadPoolExecutor(max_workers=12)
        self._done = [threading.Event() for _ in range(64)]
        self._count = 0
        self.finished: list[int] = []  # chunk numbers, in the order their work ended

    def submit(self, fn, /, *args, **kwargs):
        number = self._count
        self._count += 1

        def gated():
            # A run's window holds eight chunks or more, so chunk i + 1 is always submitted. The wait is long
            # (the chain of seven chunks can be slow on a loaded machine) and a wait that ends unanswered fails.
            if number < 7 and not self._done[number + 1].wait(timeout=600):
                raise AssertionError(f"chunk {number + 1} never finished: the run's window is under eight chunks")
            try:
                return fn(*args, **kwargs)
            finally:
                self.finished.append(number)
                self._done[number].set()
        return self._pool.submit(gated)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_records_handed_over_as_the_run_goes_come_in_game_order_whatever_order_the_chunks_finish_in():
    kwargs = dict(players=3, bots="greedy,random,random", games=9, seed=4, first_game=2)
    kept = simulate("no-mercy", workers=1, keep_records=True, **kwargs).records
    handed: list = []
    with _LastFirst() as executor:
        result = simulate("no-mercy", executor=executor, chunk_size=1, on_record=handed.append, **kwargs)
    assert result.records is None and handed == kept
    assert [r.index for r in kept] == list(range(2, 11))
    # the chunks did finish last first (how far the run had read them when it handed a record over depends
    # on when its loop woke, so that is not asserted)
    assert [n for n in executor.finished if n < 8] == list(range(7, -1, -1))
    assert all(r.record is not None and len(r.record.moves) == r.moves for r in kept)


def test_a_game_won_in_one_run_and_lost_in_the_other_is_what_the_comparison_counts():
    def game(index, winner, seed=None):
        return {"index": index, "seed": seed or 100 + index, "bots": ["expert", "greedy"], "winner": winner}

    first = [game(0, 0), game(1, 0), game(2, 1), game(3, 1), game(4, 1)]
    second = [game(0, 0), game(1, 1), game(2, 0), game(3, 0), game(5, 0)]  # game 4 only in the first, 5 only here
    comparison = compare_runs(first, second, "expert")
    assert (comparison.games, comparison.first_wins, comparison.second_wins) == (4, 2, 3)
    assert (comparison.only_first, comparison.only_second) == (1, 2)
    assert comparison.z == pytest.approx(1 / 3 ** 0.5)
    assert "won only in the second 2, only in the first 1, z = 0.58" in str(comparison)


def test_a_run_compared_with_itself_shows_no_difference():
    run = simulate("no-mercy", players=2, bots="greedy,random", rotate=True, games=6, seed=3, workers=1,
                   keep_records=True).records
    comparison = compare_runs(run, [record.as_dict() for record in run], "greedy")
    assert (comparison.games, comparison.only_first, comparison.only_second, comparison.z) == (6, 0, 0, 0.0)


@pytest.mark.parametrize("second, words", [
    ([{"index": 0, "seed": 5, "bots": ["expert", "greedy"], "winner": 0}],
     "game 0 has seed 1 in the first run and 5 in the second: the runs did not play the same games"),
    ([{"index": 0, "seed": 1, "bots": ["random", "greedy"], "winner": 0}],
     "game 0 has no expert player (its seats: random, greedy)"),
    ([{"index": 0, "seed": 1, "winner": 0}], "a game record without its bots"),
])
def test_records_of_other_games_are_refused_with_the_reason(second, words):
    first = [{"index": 0, "seed": 1, "bots": ["expert", "greedy"], "winner": 1}]
    with pytest.raises(NomercyError, match="^" + re.escape(words)):
        compare_runs(first, second, "expert")


# --- the fast path checks what the full check checks, and counts the same ------------------

@pytest.mark.parametrize("rules, players, bots, overrides", [
    ("no-mercy", 4, "random", {}),
    ("no-mercy", 3, "greedy,random,random", {"jump_in": True}),
    ("classic", 2, "greedy,random", {}),
    ("open-mercy", 6, "random", {}),
])
def test_checking_every_move_gives_the_same_figures(rules, players, bots, overrides):
    kwargs = dict(players=players, bots=bots, games=12, seed=9, workers=1, overrides=overrides, rotate=True)
    assert simulate(rules, check_moves=True, **kwargs).tally == simulate(rules, **kwargs).tally


def test_the_command_checks_every_move_when_asked():
    plain = json.loads(_run("simulate", "--players", "3", "--games", "5", "--workers", "1", "--json")[1])
    code, text = _run("simulate", "--players", "3", "--games", "5", "--workers", "1", "--json", "--check-every-move")
    assert code == 0 and _without_speed(json.loads(text)) == _without_speed(plain)


def _without_speed(data):
    return {key: value for key, value in data.items() if key not in SPEED_KEYS}


def _tamper(monkeypatch, at_ply, change):
    """Let the engine go wrong once, at ``at_ply``: ``change`` rewrites the state a move leads to."""
    import nomercy.play.driver as driver

    real = driver.apply

    def apply_then_break(state, move):
        after, events = real(state, move)
        return (change(after) if after.ply == at_ply else after), events

    monkeypatch.setattr(driver, "apply", apply_then_break)


@pytest.mark.parametrize("check_moves", [False, True])
def test_a_card_lost_by_the_engine_stops_the_run_at_that_move(monkeypatch, check_moves):
    _tamper(monkeypatch, 6, lambda s: s.replace(draw_pile=s.draw_pile[1:]))
    with pytest.raises(InvariantViolation, match=r"at move 6, .*: 167 cards on the table, the no-mercy deck has 168"):
        simulate("no-mercy", players=3, bots="random", games=2, seed=1, workers=1, check_moves=check_moves)


@pytest.mark.parametrize("check_moves", [False, True])
def test_a_player_left_holding_the_mercy_limit_stops_the_run(monkeypatch, check_moves):
    def overload(s):
        hands = list(s.hands)
        hands[1] = hands[1] + s.draw_pile[:25]
        return s.replace(hands=tuple(hands), draw_pile=s.draw_pile[25:])

    _tamper(monkeypatch, 4, overload)
    with pytest.raises(InvariantViolation, match=r"at move 4, .*: B holds \d\d cards and is still in the round"):
        simulate("no-mercy", players=3, bots="random", games=1, seed=2, workers=1, check_moves=check_moves)


@pytest.mark.parametrize("check_moves", [False, True])
def test_a_card_swapped_for_another_is_found_at_the_end(monkeypatch, check_moves):
    # the count stays right, so only the end-of-game comparison with the deck can see it
    def swap(s):
        first, second = s.draw_pile[0], next(c for c in s.draw_pile if c != s.draw_pile[0])
        return s.replace(draw_pile=(second,) + s.draw_pile[1:])

    _tamper(monkeypatch, 3, swap)
    with pytest.raises(InvariantViolation, match="the cards on the table at the end are not the deck's cards"):
        simulate("no-mercy", players=2, bots="random", games=1, seed=3, workers=1, check_moves=check_moves)


def test_a_knockout_without_its_event_is_found_when_every_move_is_checked(monkeypatch):
    import nomercy.play.driver as driver

    real = driver.apply

    def apply_quietly(state, move):  # the engine forgets to say that a player was knocked out
        after, events = real(state, move)
        return after, tuple(e for e in events if type(e).__name__ != "KnockedOut")

    monkeypatch.setattr(driver, "apply", apply_quietly)
    with pytest.raises(InvariantViolation, match="knocked out 1 and reshuffled 0 times, but its events say 0 and 0"):
        simulate("no-mercy", players=4, bots="random", games=3, seed=1, workers=1, check_moves=True)


def test_a_legal_move_the_engine_refuses_is_reported_as_the_engine_s_fault(monkeypatch):
    import nomercy.play.driver as driver
    from nomercy.core.errors import IllegalMoveError

    real = driver.apply

    def refuse_the_tenth(state, move):
        if state.ply == 9:
            raise IllegalMoveError("no reason at all", move=move)
        return real(state, move)

    monkeypatch.setattr(driver, "apply", refuse_the_tenth)
    with pytest.raises(InvariantViolation, match=r"at move 10, .*the engine refused a legal move"):
        simulate("no-mercy", players=2, bots="random", games=1, seed=5, workers=1)


# --- the progress bar -------------------------------------------------------------------

def test_a_progress_bar_counts_the_games_on_standard_error(capsys):
    pytest.importorskip("tqdm")
    simulate("no-mercy", players=2, games=30, seed=1, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "no-mercy, 2 players" in err and "30/30" in err and "100%" in err


def test_without_tqdm_a_terminal_gets_one_line_and_the_same_figures(monkeypatch, capsys):
    import sys

    with_bar = simulate("no-mercy", players=2, games=10, seed=1, workers=1, progress=False)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails, as when it is not installed
    without = simulate("no-mercy", players=2, games=10, seed=1, workers=1, progress=True)
    err = capsys.readouterr().err
    assert err == "no-mercy, 2 players: playing 10 games (install tqdm for a progress bar)\n"
    assert without.tally == with_bar.tally


def test_no_bar_unless_asked_off_a_terminal_and_outside_a_notebook(capsys):
    simulate("no-mercy", players=2, games=5, seed=1, workers=1)
    assert capsys.readouterr().err == ""


def test_in_the_browser_a_run_plays_in_this_process_with_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide starts no processes: asked for workers there, simulate plays the same games in the page."""
    here = simulate("no-mercy", players=3, bots="greedy", games=12, seed=4, workers=1)
    monkeypatch.setattr("nomercy.play.simulate.HAS_PROCESSES", False)
    browser = simulate("no-mercy", players=3, bots="greedy", games=12, seed=4, workers=4)
    assert browser.workers == 1
    assert browser.tally == here.tally
