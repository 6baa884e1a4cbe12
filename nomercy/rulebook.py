"""The rulings behind every event, by the id used in ``rulings.md``.

Every event the engine produces carries one of these ids, so a learner can always
ask "why did that happen?":

>>> RULINGS["15"].title
'Mercy rule'
>>> explain("6").startswith("Stacking")
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Ruling", "RULINGS", "explain"]


@dataclass(frozen=True)
class Ruling:
    """One ruling: its id, a short title and the rule in plain words."""

    id: str
    title: str
    text: str

    def __str__(self) -> str:
        return f"[{self.id}] {self.title}: {self.text}"


_ROWS = [
    ("1", "Players and deal", "Each player gets 7 cards. The player to the dealer's left starts and play goes clockwise."),
    ("2", "First card", "Cards are turned up until a number card shows; action and wild cards turned up on the way stay buried and do nothing. (Option first_card: apply makes the first card act on the first player.)"),
    ("3", "Matching", "On your turn you play one card that matches the top card by color, number or symbol; a wild goes on anything. If you can play, you must."),
    ("4", "Drawing", "If you cannot play, you draw until a playable card shows up, and then you must play that card. (Option draw: one draws a single card.)"),
    ("5", "Wild colors", "Whoever plays a wild names the color that is now in force."),
    ("6", "Stacking", "Stacking: a pending draw can be answered with a draw card worth at least the last card played (not the total), whatever its color. Whoever cannot or will not answer draws the whole total and loses the turn."),
    ("6b", "Draw values", "A +2 is worth 2, a +4 and a wild reverse +4 are worth 4, a wild +6 is worth 6, a wild +10 is worth 10."),
    ("6c", "What answers a stack", "Only draw cards answer a pending draw; skips, reverses, skip-alls, discard-alls, numbers and the roulette do not."),
    ("7", "Wild reverse +4", "It first reverses the direction; then the next player in the new direction is the target. Played into a stack, it sends the whole total back the other way."),
    ("8", "Wild reverse +4 with two players", "With two players left, the player of a wild reverse +4 becomes its target: they may stack it back with a +4 or higher, or draw."),
    ("9", "Reverse with two players", "With two players left a reverse works like a skip: you play again."),
    ("10", "Skip-all", "Every other player is skipped, so you take another full turn."),
    ("11", "Discard-all", "All your other cards of its color go under it without their effects; the discard-all stays on top. It can empty your hand and win."),
    ("12", "Wild roulette", "The next player names a color and turns up cards until one of that color shows (wilds do not count). They keep every card turned up and lose their turn; the named color is in force. The roulette is not a draw card."),
    ("13", "Seven", "Whoever plays a 7 swaps hands with a player of their choice who is still in the round. Play goes on in the same direction."),
    ("14", "Zero", "Every player still in the round passes their whole hand to the next player in the direction of play."),
    ("15", "Mercy rule", "A player who holds 25 cards or more is out at once, even halfway through a draw; the rest of that penalty is cancelled. Their hand is set aside until the next reshuffle, and their seat is skipped from then on."),
    ("16", "Winning", "Playing your last card wins at once: a last 7 or 0 swaps nothing and a last draw card makes nobody draw. Being the only player left also wins."),
    ("17", "UNO", "A player who plays down to one card calls UNO. Caught before the next player acts, they draw 2."),
    ("18", "Empty draw pile", "When the draw pile is empty, the discard pile except its top card, together with any set-aside hands, is shuffled into a new draw pile and the draw goes on. If no card is left anywhere, the draw stops short."),
    ("18b", "Dead end", "If no player left can play or draw, the round ends and the player with the fewest cards wins (a tie goes to the first of them counting from the current player). This is our reading; no source covers it."),
    ("19", "Scoring", "The winner scores the cards left in the other hands: numbers at face value, colored actions 20, wilds 50, plus a bonus for every player knocked out this round."),
    ("20", "Jump-in", "With jump-in on, a player holding a card identical to the top card may play it out of turn; play then goes on from them."),
    ("B1", "Skip", "A skip makes the next player lose their turn."),
    ("B2", "Reverse", "A reverse turns the direction of play around."),
    ("B3", "Draw cards", "A draw card makes the next player draw its value and lose the turn, unless they can stack an answer."),
    ("C1", "Classic deal", "Classic UNO: 7 cards each, the player to the dealer's left starts, play goes clockwise."),
    ("C2", "Classic first card", "Classic UNO: a wild +4 turned up goes back and another card is turned; a wild lets the first player name the color; a +2 makes the first player draw 2 and lose the turn; a reverse lets the dealer start the other way; a skip skips the first player."),
    ("C3", "Classic drawing", "Classic UNO: a player who cannot or will not play draws one card. If it fits, they may play it at once; otherwise they keep it and the turn passes."),
    ("C4", "No stacking", "Classic UNO: a draw card cannot be answered with another; the player draws and loses the turn."),
    ("C5", "Wild +4 restriction", "Classic UNO: a wild +4 may only be played by a player holding no card of the color in force (unless the no_bluff option is on)."),
    ("C6", "Challenge", "Classic UNO: the target of a wild +4 may challenge. If its player held a card of the color in force, that player draws the 4 instead; if not, the challenger draws 6."),
    ("C7", "Last draw card", "Classic UNO: a +2 or wild +4 played as the last card still makes the next player draw."),
    ("C9", "Classic matching", "Classic UNO: play one card that matches the top card by color, number or symbol, or a wild; a player may also draw instead of playing (C3)."),
    ("C8", "Classic scoring", "Classic UNO: the winner scores the other hands (numbers face value, actions 20, wilds 50); the first to 500 wins the match."),
]

RULINGS: dict[str, Ruling] = {row[0]: Ruling(*row) for row in _ROWS}


def explain(ruling_id: str) -> str:
    """The plain-language text of a ruling."""
    try:
        return RULINGS[ruling_id].text
    except KeyError:
        raise KeyError(f"no ruling {ruling_id!r}; known ids: {', '.join(RULINGS)}") from None
