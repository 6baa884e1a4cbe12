"""Cases a player meets, laid out as tables so a lesson teaches them instead of leaving them to inference.

Three families, each worked out by the engine from a small position, so the tables cannot drift from
the rules: what every card does when only two players are left (:func:`two_player_cases`), what each
kind of first card does (:func:`first_card_cases`), and what happens when the draw pile runs out in the
middle of each kind of draw (:func:`empty_pile_cases`). Every sentence in a table is the engine's own.

>>> print(two_player_cases().rows[1]["what happens"])
A plays red skip. B is skipped.
"""

from __future__ import annotations

from typing import Sequence

from nomercy.core.cards import parse_cards
from nomercy.core.engine import deal
from nomercy.core.errors import NomercyError
from nomercy.core.events import CardsDrawn, DrawStoppedShort, PileReshuffled, TurnLost, TurnPassed
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.state import GameState, Phase
from nomercy.play.transcript import Transcript
from nomercy.teaching.lessons import situation, table
from nomercy.teaching.rule_options import Table, first_card_deals

__all__ = ["two_player_cases", "first_card_cases", "empty_pile_cases", "empty_pile_summary"]

# Each card A can play on a red 9, and the moves that play it out (a roulette's color is named by B).
_TWO_PLAYER_PLAYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("red 5", ("A plays red 5",)),
    ("red skip", ("A plays red skip",)),
    ("red reverse", ("A plays red reverse",)),
    ("red +2", ("A plays red +2",)),
    ("red +4", ("A plays red +4",)),
    ("red skip-all", ("A plays red skip-all",)),
    ("red discard-all", ("A plays red discard-all",)),
    ("red 7", ("A plays red 7 swapping with B",)),
    ("red 0", ("A plays red 0",)),
    ("wild +6", ("A plays wild +6 choosing red",)),
    ("wild reverse +4", ("A plays wild reverse +4 choosing red",)),
    ("wild roulette", ("A plays wild roulette", "B names red")),
)


def _told(start: GameState, moves: Sequence[str]) -> tuple[str, str]:
    """The engine's sentences for ``moves`` from ``start``, and where the table stands after them."""
    story = Transcript.of_moves(start, moves, raising=True)
    return " ".join(event.sentence for event in story.events), situation(story.end)


def two_player_cases() -> Table:
    """Every kind of No Mercy card played by A with only A and B at the table: what happens, and who acts next.

    A holds the card, a red 1 and a green 2; B holds a yellow 3, a yellow 4 and a blue 5; a red 9 is on top.
    """
    rows = []
    for card, moves in _TWO_PLAYER_PLAYS:
        start = table({"A": f"{card}, red 1, green 2", "B": "yellow 3, yellow 4, blue 5"}, "red 9")
        happens, after = _told(start, moves)
        rows.append({"card": card, "what happens": happens, "after it": after})
    return Table(("card", "what happens", "after it"), tuple(rows))


def _first_card_seeds(rules: RuleSet, *, players: int = 3, search: int = 600) -> list[int]:
    """One seed for each kind of card that can be turned up first under ``rules``, in the deck's order of faces.

    A kind is a face without its color (a skip, a wild +6). The search tries seeds 0, 1, 2... and keeps the
    first seed that turns up each kind, so a table built from them shows every kind exactly once.
    """
    seats = [chr(ord("A") + i) for i in range(players)]
    found: dict[str, int] = {}
    for seed in range(search):
        game, _ = deal(rules, seats, seed=seed)
        kind = "number" if game.top_card.is_number else str(game.top_card.rank)
        found.setdefault(kind, seed)
    return sorted(found.values())


def first_card_cases(rules: str | RuleSet = "classic") -> Table:
    """What each kind of first card does under ``rules`` (a profile name or a rule set), dealt for real."""
    chosen = ruleset(rules) if isinstance(rules, str) else rules
    if not isinstance(chosen, RuleSet):
        raise NomercyError("The rules must be a profile's name, like classic, or a rule set.")
    return first_card_deals(_first_card_seeds(chosen), rules=chosen)


def _start(state: GameState) -> str:
    """Where a table starts, every count a reader needs to check the cells: the hands, the top card, what is
    pending, the draw pile and the cards under the top card, each by name."""
    hands = "; ".join(f"{name} {', '.join(map(str, hand))}" for name, hand in zip(state.seats, state.hands))
    top = f"{state.top_card}" + (f" ({state.color} named)" if state.top_card.is_wild and state.color else "")
    pending = f", {state.pending} pending for {state.seats[state.turn]}" if state.pending else ""
    under = ", ".join(map(str, state.discard[:-1])) or "nothing"
    return (f"Start: hands {hands}; top card {top}{pending}; draw pile {', '.join(map(str, state.draw_pile))}; "
            f"under the top card {under}.")


# The three draws of the empty-pile tables: a name, the small table, the draw pile, the cards under the top card,
# and the moves. The rest of the deck is left out, so the counts stay small.
_EMPTY_PILE_DRAWS = (
    ("a wild +10: 10 to draw",
     dict(hands={"A": "red 1, green 1", "B": "yellow 3, yellow 4", "C": "blue 1"}, discard="wild +10",
          pending=10, color="red", turn="B"),
     "green 2, blue 3, yellow 5", "red 2, red 3, blue 4, blue 6, green 7, green 8, yellow 6, yellow 9",
     ("B draws",)),
    ("a roulette (B names green)",
     dict(hands={"A": "wild roulette, green 1", "B": "yellow 3, yellow 4", "C": "blue 1"}, discard="red 9"),
     "red 1, blue 2", "yellow 2, blue 4, green 6, red 7", ("A plays wild roulette", "B names green")),
    ("drawing until a card fits",
     dict(hands={"A": "green 1", "B": "yellow 3, yellow 4", "C": "blue 1"}, discard="red 9"),
     "blue 7, yellow 8", "blue 3, yellow 2, red 4, green 5", ("A draws",)),
)


def _empty_pile_starts() -> list[tuple[str, GameState, tuple[str, ...]]]:
    """Each draw of :data:`_EMPTY_PILE_DRAWS` as a name, the table it starts from, and its moves."""
    starts: list[tuple[str, GameState, tuple[str, ...]]] = []
    for name, setup, pile, under, moves in _EMPTY_PILE_DRAWS:
        dealt = table(**setup)
        starts.append((name, dealt.replace(draw_pile=parse_cards(pile), discard=parse_cards(under) + (dealt.top_card,)),
                       moves))
    return starts


def _in_short(start: GameState, moves: Sequence[str]) -> str:
    """The draw in a few words, step by step, from the engine's events: how many cards came from the old pile,
    how many were reshuffled, how many came from the new one, and how the turn ends."""
    story = Transcript.of_moves(start, moves, raising=True)
    steps = []
    for event in story.events:
        if isinstance(event, CardsDrawn):
            steps.append(f"{event.player} {'turns up' if event.shown else 'draws'} {event.count}")
        elif isinstance(event, PileReshuffled):
            steps.append(f"{event.count} reshuffled")
        elif isinstance(event, DrawStoppedShort):
            steps.append(f"{event.missing} never drawn" if event.missing else "none left")
        elif isinstance(event, TurnLost):
            steps.append(f"{event.player} loses the turn")
        elif isinstance(event, TurnPassed):
            steps.append(f"{event.player} keeps {'them' if event.kept > 1 else 'it'}; the turn passes" if event.kept
                         else "the turn passes")
    end = story.end
    if end.drawn is not None and end.phase is Phase.PLAY_DRAWN:
        steps.append(f"{end.seats[end.turn]} must play the {end.drawn}")
    return "; ".join(steps)


def empty_pile_summary() -> Table:
    """The draws of :func:`empty_pile_cases` in a few words a cell: each step of the draw, with and without cards
    to reshuffle (the full sentences, and every card of each start, are in that table)."""
    rows = []
    for name, start, moves in _empty_pile_starts():
        rows.append({"the draw": name, "cards to reshuffle": _in_short(start, moves),
                     "no card left anywhere": _in_short(start.replace(discard=(start.top_card,)), moves)})
    return Table(("the draw", "cards to reshuffle", "no card left anywhere"), tuple(rows))


def empty_pile_cases() -> Table:
    """What happens when the draw pile runs out during each kind of draw: with cards to reshuffle, and without.

    Three draws on a small table, every card named: B draws the 10 of a wild +10 with 3 cards left in the
    pile; B turns up cards for a roulette with 2 left; A draws until a card fits with 2 left. The rest of the
    deck is left out, so the counts stay small; in the last column even the cards under the top card are, so
    nothing can be reshuffled. Each cell ends with where the table stands, so a card drawn that fits is seen
    waiting to be played.
    """
    rows = []
    for name, start, moves in _empty_pile_starts():
        refilled = " Now: ".join(_told(start, moves))  # where it stands says who acts, and what must be played
        bare = " Now: ".join(_told(start.replace(discard=(start.top_card,)), moves))
        rows.append({"the draw": f"{name}. {_start(start)}", "the discard pile can be reshuffled": refilled,
                     "no card is left anywhere": bare})
    return Table(("the draw", "the discard pile can be reshuffled", "no card is left anywhere"), tuple(rows))
