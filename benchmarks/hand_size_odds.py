"""How much a hand's size says about who wins: greedy against greedy, two players.

Run from the repository root::

    .venv/bin/python benchmarks/hand_size_odds.py                  # 40,000 games of No Mercy, some minutes
    .venv/bin/python benchmarks/hand_size_odds.py --games 5000 --rules classic
    .venv/bin/python benchmarks/hand_size_odds.py --games 20       # a quick look (the smoke test's run)

The expert judges a playout it cuts off before the end of the round by hand sizes
(``exp(-0.3 * cards)``, shared out over the players still in). This script measures
what hand sizes are actually worth in the games its playouts imagine: seeded greedy
against greedy games, and after every move (with nobody waiting to call UNO) each
seat's hand size, the other seat's, whether it is that seat's turn, and whether
that seat went on to win. It prints the share of those positions won, by the two
hand sizes, beside what the expert's formula says. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter

from nomercy import new_game
from nomercy.core.state import GameState, Phase
from nomercy.core.moves import Move
from nomercy.play.driver import play_out
from nomercy.play.players import next_move
from nomercy.play.players.greedy import GreedyPlayer

SIZES = (1, 2, 3, 5, 7, 9, 12, 15, 19)


def tally(rules: str, games: int) -> tuple[Counter[tuple[int, int, bool]], Counter[tuple[int, int, bool]]]:
    """Positions and wins by (my hand, the other hand, my turn), over ``games`` seeded games."""
    seen: Counter[tuple[int, int, bool]] = Counter()
    won: Counter[tuple[int, int, bool]] = Counter()
    for game in range(games):
        start = new_game(rules, 2, seed=game)
        positions: list[tuple[int, int, int]] = []

        def watch(before: GameState, move: Move, events: object, after: GameState) -> None:
            if after.phase is not Phase.OVER and not after.catchable:
                positions.append((len(after.hands[0]), len(after.hands[1]), after.turn))

        greedy = GreedyPlayer(seed=game)
        seats = {0: greedy, 1: greedy}
        end = play_out(start, lambda state: next_move(state, seats), observe=watch)
        for first, second, turn in positions:
            for me, mine, theirs in ((0, first, second), (1, second, first)):
                key = (mine, theirs, turn == me)
                seen[key] += 1
                won[key] += end.winner == me
    return seen, won


def formula(mine: int, theirs: int) -> float:
    """The expert's judgement of a cut-off playout with two players still in."""
    a, b = math.exp(-0.3 * mine), math.exp(-0.3 * theirs)
    return a / (a + b)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40_000)
    parser.add_argument("--rules", default="no-mercy")
    args = parser.parse_args(argv)
    seen, won = tally(args.rules, args.games)
    print(f"{args.rules}, 2 players, greedy against greedy: {args.games} games, {sum(seen.values())} positions")
    header = "mine \\ theirs " + "".join(f"{size:>6}" for size in SIZES)
    for mine_to_move in (True, False):
        print(f"\nshare won, {'my' if mine_to_move else 'their'} turn ('.': fewer than 30 positions)")
        print(header)
        for mine in SIZES:
            cells = []
            for theirs in SIZES:
                n = seen[mine, theirs, mine_to_move]
                cells.append(f"{won[mine, theirs, mine_to_move] / n:6.2f}" if n >= 30 else "     .")
            print(f"{mine:>14}" + "".join(cells))
    print("\nthe expert's formula (either turn)")
    print(header)
    for mine in SIZES:
        print(f"{mine:>14}" + "".join(f"{formula(mine, theirs):6.2f}" for theirs in SIZES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
