"""Can every mistake a round's review names be kept as a puzzle? The review against the kept puzzle's check.

Run from the repository root::

    .venv/bin/python benchmarks/kept_agreement.py                 # 20 seeded rounds, a few minutes on a busy machine
    .venv/bin/python benchmarks/kept_agreement.py --rounds 3      # a quick look
    .venv/bin/python benchmarks/kept_agreement.py --players 3     # three at the table: someone may be knocked out
    .venv/bin/python benchmarks/kept_agreement.py --json

Each round is a seeded No Mercy round (game seeds 1, 2, 3, ...; two players unless ``--players`` says more), as
the coached table deals one: the person's seat ("You") moves as a random player would (many mistakes to name),
the computers are greedy. With three or more, a computer may be knocked out while the round goes on, and the kept
puzzle must hold that too (who is out, and the cards set aside with them). The
round is reviewed for "You" as the table does (the coach's search, the table's budget, the round's seed as the
coach's seed), and every mistake it names is kept into a fresh folder (:class:`~nomercy.puzzles.kept.KeptFolder`),
which checks the puzzle as ``nomercy check`` would before it keeps it. The script counts the mistakes named,
those kept, those whose check did not confirm them, and those the puzzle format cannot hold (a color named for a
roulette or a first card). Public API only; it asserts nothing (``tests/test_kept_mistakes.py`` asserts the agreement).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter

from nomercy.core import wording
from nomercy.core.errors import PuzzleError
from nomercy.play.coach import review
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.table_coach import TABLE_BUDGET
from nomercy.puzzles.kept import KeptFolder


def reviewed_round(seed: int, players: int = 2) -> Game:
    """A seeded round, "You" a random player, the computers greedy, played to its end."""
    names = ["You", "Computer"] if players == 2 else ["You", *(f"Computer{i}" for i in range(1, players))]
    game = Game("no-mercy", names, seed=seed)
    bots = {0: make_player("random", seed=seed), **{i: make_player("greedy", seed=seed) for i in range(1, players)}}
    while not game.state.is_over:
        move = next_move(game.state, bots)
        assert move is not None
        game.play(move)
    return game


def count(seeds: range, players: int = 2) -> dict[str, int]:
    """The mistakes named over the rounds of ``seeds``, and what keeping each did."""
    found: Counter[str] = Counter()
    for seed in seeds:
        result = review(reviewed_round(seed, players), "You", seed=seed, budget=TABLE_BUDGET)
        with tempfile.TemporaryDirectory(prefix="nomercy-kept-") as folder:
            kept = KeptFolder(folder)
            for decision in result.mistakes:
                found["named"] += 1
                try:
                    kept.keep(decision, decision.state.turn, seed=result.seed)
                    found["kept"] += 1
                except PuzzleError as error:
                    found["not confirmed" if str(error) == wording.KEPT_NOT_CONFIRMED else "cannot be held"] += 1
    return {key: found[key] for key in ("named", "kept", "not confirmed", "cannot be held")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="seeded rounds to review (seeds 1, 2, ...)")
    parser.add_argument("--players", type=int, default=2, help="players at the table, 2 to 6 (default 2)")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.rounds <= 1000:
        parser.error("--rounds is a number of rounds from 1 to 1000")
    if not 2 <= args.players <= 6:
        parser.error("--players is a number of players from 2 to 6")
    figures = count(range(1, args.rounds + 1), args.players)
    if args.json:
        print(json.dumps({"rounds": args.rounds, "players": args.players, **figures}))
    else:
        print(f"{args.rounds} reviewed {args.players}-player rounds: {figures['named']} mistakes named, {figures['kept']} kept, "
              f"{figures['not confirmed']} not confirmed by the kept puzzle's check, "
              f"{figures['cannot be held']} the puzzle format cannot hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
