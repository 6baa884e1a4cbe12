"""Whole rounds and deals told as tables: a match of computer players, the same seed dealt under several
rule sets, what each first card did, and how two decks differ.

>>> print(first_card_deals([38]))  # doctest: +ELLIPSIS
seed | first card | what happened | cards held | next
38   | red reverse | The first card turned up is red reverse. Play now goes counterclockwise. | A 7, B 7, C 7 | C (the dealer) plays
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from nomercy.core.errors import NomercyError
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.scoring import points_counted, round_points
from nomercy.teaching import arguments
from nomercy.teaching.text_table import Table

__all__ = ["play_match", "compare_deals", "first_card_deals", "deck_differences"]


def play_match(rules: str | RuleSet, seats: Sequence[str], *, seed: int = 0, kind: str = "greedy",
               max_rounds: int = 50) -> Table:
    """Computer players play a whole match; one row per round, with the running standings.

    Each row (a :class:`Table`): ``round``, ``winner``, ``how`` (the engine's end reason: ``emptied hand``,
    ``last one standing`` or ``dead end``),
    ``knocked out``, ``points``, ``counted`` (how the points add up, hand by hand) and the standings after it. Seeded, so the same call
    gives the same match.
    """
    from nomercy.core.seeds import derive_seed
    from nomercy.play.game import Game
    from nomercy.play.match import Match
    from nomercy.play.players import make_player

    max_rounds = arguments.inputs.count(max_rounds, "the most rounds", 1, 1000)
    match = Match.start(rules, list(arguments.seats(seats)), seed=seed)
    bots = {i: make_player(kind, seed=derive_seed(seed, "player", i)) for i in range(len(match.seats))}
    rows: list[dict[str, Any]] = []
    while True:
        dealt = match.game
        session = Game(match.rules, match.seats, seed=dealt.seed, dealer=dealt.dealer, computers=bots)
        session.play_computers()
        game = session.state
        match = match.with_game(game)
        winner = game.seats[game.winner] if game.winner is not None else "-"
        rows.append({
            "round": match.round_number, "winner": winner,
            "how": game.end_reason or "-",  # the engine's own word: emptied hand, last one standing, dead end
            "knocked out": ", ".join(game.seats[s] for s in sorted(game.out)) or "-",  # seat order, as in "counted"
            "points": round_points(game),
            "counted": points_counted(game, by_card=False) if game.winner is not None else "-",
            **{f"total {name}": points for name, points in match.standings.items()},
        })
        if match.is_over or match.round_number >= max_rounds:
            return Table(tuple(rows[0]), tuple({k: str(v) for k, v in row.items()} for row in rows))
        match = match.next_round()


def compare_deals(rule_sets: Iterable[tuple[str, RuleSet]], players: Sequence[str], *, seed: int = 0) -> Table:
    """Deal the same seed under each rule set and show how the round starts.

    Useful for the ruling ``first-card``: the same shuffle gives the same hands, and
    the rules decide what happens to the cards turned up to start the discard pile.
    """
    from nomercy.core.engine import new_game

    names = list(arguments.seats(players))
    seed = arguments.inputs.seed(seed, error=NomercyError)
    rows = []
    for label, rules in arguments.rule_sets(rule_sets):
        game = new_game(rules, names, seed=seed)
        rows.append({
            "rules": label,
            "discard pile (bottom to top)": ", ".join(map(str, game.discard)),
            "color": str(game.color),
            "pending": str(game.pending_draw),
            "turn": game.seats[game.turn],
            "direction": game.direction_name,
        })
    return Table(tuple(rows[0]), tuple(rows))


def first_card_deals(seeds: Sequence[int], players: Sequence[str] = ("A", "B", "C"), *,
                     rules: RuleSet | None = None) -> Table:
    """Deal each seed under ``first_card: apply`` and say, in the engine's words, what its first card did.

    One row per seed: the card turned up, what the deal's events say happened, the cards each player
    holds, and who acts next and how. A step-through of ruling ``first-card``, card by card.

    >>> print(first_card_deals([38]))  # doctest: +ELLIPSIS
    seed | first card | what happened | cards held | next
    38   | red reverse | The first card turned up is red reverse. Play now goes counterclockwise. | A 7, B 7, C 7 | C (the dealer) plays
    """
    from nomercy.core.engine import deal
    from nomercy.core.state import Phase

    rules = arguments.rule_set(rules) if rules is not None else ruleset("no-mercy", first_card="apply")
    names = arguments.seats(players)
    rows = []
    for seed in arguments.seeds(seeds):
        game, events = deal(rules, list(names), seed=seed)
        who = game.seats[game.turn] + (" (the dealer)" if game.turn == game.dealer else "")
        if game.phase is Phase.NAME_FIRST_COLOR:
            then = f"{who} names the color" + (f", then draws {game.pending} and loses the turn" if game.pending else
                                               ", then plays")
        elif game.phase is Phase.NAME_ROULETTE:
            then = f"{who} names a color for the roulette"
        else:
            then = f"{who} plays"
        rows.append({
            "seed": str(seed),
            "first card": str(game.top_card),
            "what happened": " ".join(e.sentence for e in events[1:]),
            "cards held": ", ".join(f"{name} {len(hand)}" for name, hand in zip(game.seats, game.hands)),
            "next": then,
        })
    return Table(tuple(rows[0]), tuple(rows))


def deck_differences(first: str, second: str) -> Table:
    """The card faces whose number of copies differs between two deck listings.

    >>> print(deck_differences("no-mercy", "open-mercy"))  # doctest: +ELLIPSIS
    card | no-mercy | open-mercy
    ...
    """
    from nomercy.core.decks import DECKS

    first = arguments.inputs.choice(first, "the first deck", tuple(DECKS))
    second = arguments.inputs.choice(second, "the second deck", tuple(DECKS))
    a, b = DECKS[first].counts(), DECKS[second].counts()
    faces = sorted(set(a) | set(b), key=lambda c: (str(c.color) if c.color else "~", c.rank.value if hasattr(c.rank, "value") else 0, str(c)))
    rows = tuple({"card": str(card), first: str(a.get(card, 0)), second: str(b.get(card, 0))}
                 for card in faces if a.get(card, 0) != b.get(card, 0))
    return Table(("card", first, second), rows)
