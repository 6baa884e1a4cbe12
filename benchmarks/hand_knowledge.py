"""How much of the other hand the expert knows when it decides: its imagined hands against the real one.

Run from the repository root::

    .venv/bin/python benchmarks/hand_knowledge.py              # 40 games, some 15 seconds
    .venv/bin/python benchmarks/hand_knowledge.py --games 200
    .venv/bin/python benchmarks/hand_knowledge.py --games 1    # a quick look (the smoke test's run)

Two players of No Mercy, the expert against greedy. At every turn of the expert (with
a small budget: its choices only steer the games), the script deals ten of the tables
the expert imagines (:func:`~nomercy.play.players.expert.determinize`, as its search deals them) and
counts how many of the other hand's cards each got right (as
a multiset: two red 5s guessed for one held count once), as a share of that hand.
It does so for the expert's memory (:mod:`nomercy.play.players.belief`) and for a
blind deal of the unseen cards, on the same decisions. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from nomercy import new_game
from nomercy.core.state import GameState, Phase
from nomercy.play.driver import play_out
from nomercy.play.players import make_player, next_move, notify
from nomercy.play.players.expert import determinize


def share_right(guess: tuple, hand: tuple) -> float:
    """The share of ``hand`` that ``guess`` holds too (counted as multisets)."""
    return sum((Counter(guess) & Counter(hand)).values()) / len(hand) if hand else 1.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    shares: dict[str, list[float]] = {"memory": [], "blind": []}
    for game in range(args.games):
        state = new_game("no-mercy", 2, seed=args.seed + game)
        expert = make_player("expert", seed=game, iterations=20, max_time=None)
        seated = {0: expert, 1: make_player("greedy", seed=args.seed + game)}

        def choose(state: GameState):
            if state.turn == 0 and state.phase is Phase.TURN and state.hands[1]:
                view = state.view(0)
                if expert.beliefs.follows(view):
                    rng = random.Random(f"{args.seed}:{game}:{len(shares['memory'])}")
                    for name, beliefs in (("memory", expert.beliefs), ("blind", None)):
                        guesses = [share_right(determinize(view, rng, beliefs).hands[1], state.hands[1])
                                   for _ in range(10)]
                        shares[name].append(sum(guesses) / len(guesses))
            return next_move(state, seated)

        play_out(state, choose,
                 observe=lambda before, move, events, after: notify({0: expert}, before, move, events, after))
    decisions = len(shares["memory"])
    print(f"{args.games} games, {decisions} turns of the expert")
    for name, values in shares.items():
        print(f"  {name:7s} deals {sum(values) / max(1, decisions):.1%} of the other hand right, on average")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
