"""The soak: a long run of random games across profiles, player counts and options, every move checked.

Run by hand, not in CI (it takes hours on one core)::

    nice -n 19 .venv/bin/python benchmarks/soak.py --games 1000000 --log soak.jsonl

The run goes in cycles. A cycle plays every table of ``TABLES`` (a profile, a
number of players, rule options and that table's share of games) with every
seat a ``random`` player, through :func:`nomercy.play.simulate.simulate` on one
worker, with every move checked (``check_moves=True``, the lab's closest check):
each move is among the legal moves, the cards on the table number exactly the deck
after every move, nobody still in holds the mercy limit, a knocked-out seat holds
nothing, every knockout and reshuffle comes with its event, the game ends, and at
the end the table holds exactly the deck's cards and the winner is still in the
round. The games of table ``t`` in cycle ``c`` are the
simulation run seeded ``(seed * 1_000_000 + c) * len(TABLES) + t``, so any cycle
replays on its own (``--first-cycle c --games 1554``).

A broken invariant does not stop the run: it is written to the log with the
game's seed and moves, counted, and the run goes on with the next table. Each
cycle writes one JSON line to the log; the last line sums the run. The command
exits 0 only when no invariant broke. A run cut short (Ctrl-C) still writes the
summary of what it played.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

from nomercy.play.simulate import InvariantViolation, simulate

TABLES: tuple[tuple[str, int, dict[str, Any], int], ...] = (
    # profile, players, rule options, games per cycle
    ("no-mercy", 2, {}, 300),
    ("no-mercy", 3, {}, 150),
    ("no-mercy", 4, {}, 60),
    ("no-mercy", 5, {}, 20),
    ("no-mercy", 6, {}, 20),
    ("classic", 2, {}, 2),
    ("classic", 4, {}, 1),
    ("classic", 7, {}, 1),
    ("classic", 10, {}, 1),
    ("open-mercy", 2, {}, 250),
    ("open-mercy", 4, {}, 30),
    ("open-mercy", 8, {}, 5),
    ("open-mercy", 14, {}, 2),
    ("open-mercy", 20, {}, 2),
    ("speltavlan", 2, {}, 250),
    ("speltavlan", 4, {}, 30),
    ("speltavlan", 7, {}, 5),
    ("speltavlan", 10, {}, 3),
    # options the profiles leave off
    ("no-mercy", 4, {"jump_in": True}, 20),
    ("no-mercy", 3, {"voluntary_draw": True}, 40),
    ("no-mercy", 4, {"stacking": "anything-goes", "seven_swap": "optional"}, 20),
    ("no-mercy", 5, {"stacking": "wilds-on-anything", "discard_all_top": "choose"}, 10),
    ("no-mercy", 2, {"two_player_reverse_draw": "opponent", "last_card_draws": True}, 200),
    ("no-mercy", 4, {"stacking": "none", "draw": "one", "first_card": "apply"}, 20),
    ("no-mercy", 3, {"mercy_limit": 12, "hand_size": 10}, 100),
    ("classic", 4, {"jump_in": True, "stacking": "official"}, 1),
    ("classic", 3, {"no_bluff": True, "seven_swap": "required", "zero_pass": True}, 1),
    ("open-mercy", 6, {"jump_in": True, "voluntary_draw": True}, 10),
)
"""The tables a soak cycles through. Random players make classic rounds long (some
2,000 moves: with ``voluntary_draw`` they draw as often as they play), and every added
seat lengthens a round, so each table plays a share of the games that keeps a cycle of
1,554 games near 90,000 moves: short two-player rounds are most of the games, every
table is in every cycle."""

CYCLE = sum(share for *_, share in TABLES)


def table_name(profile: str, players: int, options: dict[str, Any]) -> str:
    extra = " ".join(f"{k}={v}" for k, v in options.items())
    return f"{profile} {players}p" + (f" {extra}" if extra else "")


def run(games: int, seed: int, first_cycle: int, log: TextIO, out: TextIO) -> int:
    """Play cycles of every table until ``games`` games are played; log each cycle; return the failures."""
    started = time.perf_counter()
    done = moves = failures = 0
    by_profile: Counter[str] = Counter()
    by_players: Counter[int] = Counter()
    by_table: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    cycle = first_cycle
    try:
        while done < games:
            cycle_moves = 0
            for number, (profile, players, options, share) in enumerate(TABLES):
                size = min(share, games - done)
                if size <= 0:
                    break
                block_seed = (seed * 1_000_000 + cycle) * len(TABLES) + number
                name = table_name(profile, players, options)
                try:
                    result = simulate(profile, players=players, overrides=options, bots="random", games=size,
                                      seed=block_seed, workers=1, progress=False, check_moves=True)
                except InvariantViolation as error:
                    failures += 1
                    log.write(json.dumps({"cycle": cycle, "table": name, "seed": block_seed,
                                          "violation": str(error), "moves": list(error.moves)}) + "\n")
                    done += size
                    continue
                done += size
                cycle_moves += result.tally.moves
                by_profile[profile] += result.games
                by_players[players] += result.games
                by_table[name] += result.games
                endings.update(result.tally.endings)
            moves += cycle_moves
            log.write(json.dumps({"cycle": cycle, "total_games": done, "total_moves": moves, "failures": failures,
                                  "elapsed": round(time.perf_counter() - started, 1)}) + "\n")
            log.flush()
            cycle += 1
            out.write(f"\r{done:,} of {games:,} games, {moves:,} moves, {failures} failures, "
                      f"{time.perf_counter() - started:,.0f} s ")
            out.flush()
    except KeyboardInterrupt:
        out.write("\ninterrupted: the summary counts the cycles finished\n")
    summary = {
        "summary": True, "games": sum(by_profile.values()), "cycles": cycle - first_cycle,
        "moves": moves, "seconds": round(time.perf_counter() - started, 1), "failures": failures,
        "by_profile": dict(by_profile), "by_players": {str(k): v for k, v in sorted(by_players.items())},
        "by_table": dict(by_table), "endings": dict(endings),
    }
    log.write(json.dumps(summary) + "\n")
    log.flush()
    out.write("\n" + json.dumps(summary, indent=1) + "\n")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="games in all (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--first-cycle", type=int, default=0, help="start at this cycle (to resume or replay one)")
    parser.add_argument("--log", default="soak.jsonl", help="JSON lines, one per cycle (default soak.jsonl)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.first_cycle < 0:
        parser.error("--games must be at least 1 and --first-cycle at least 0")
    Path(args.log).parent.mkdir(parents=True, exist_ok=True)  # the docs' --log /tmp/soak/soak.jsonl, on a fresh machine
    with open(args.log, "a", encoding="utf-8") as log:
        failures = run(args.games, args.seed, args.first_cycle, log, sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
