"""The screen of a table: whose hand it shows, when several people share it (hot-seat).

One person at the table always sees their own hand. Two or more share one screen: a hand stays
hidden until its owner asks to see it on their turn ("Show my hand"), and hides again when the
turn passes to someone else, except for a person still in their UNO moment, who keeps the screen
for that moment. With no person at all, the screen follows the computer to move.

>>> from nomercy.play.game import Game
>>> state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=2).state
>>> screen = Screen.for_people((0, 2))
>>> screen.shown is None, screen.reveal_for(state)
(True, 'Ann')
>>> screen = screen.revealed(state)
>>> screen.shown, screen.hand_label(state.seats)
(0, "Ann's hand")
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Container

from nomercy.core.i18n import N_
from nomercy.core.refusals import Refusal, refusal
from nomercy.core.state import GameState
from nomercy.core.wording import possessive, verb

__all__ = ["Screen", "reveal_label"]


@dataclass(frozen=True)
class Screen:
    """Who sits at the screen (``viewer``, a seat number) and whether their hand is ``hidden``; ``people``
    are the seats people play."""

    people: tuple[int, ...]
    viewer: int | None
    hidden: bool

    @classmethod
    def for_people(cls, people: tuple[int, ...]) -> "Screen":
        """The screen at the deal: the one person's hand, or, in hot-seat, every hand hidden."""
        return cls(people, people[0] if len(people) == 1 else None, len(people) > 1)

    @property
    def shown(self) -> int | None:
        """The seat whose hand is on screen, or ``None``."""
        return None if self.hidden else self.viewer

    def person_at_screen(self, s: GameState) -> int | str:
        """The person who may act from this screen, or why nobody may."""
        if self.hidden or self.viewer is None:
            if self.people:
                who = self.reveal_for(s)
                if who:
                    return Refusal(HIDDEN_SHOW_FIRST, {"player": who}, f"The hands are hidden: click '{reveal_label(who)}' first.")
                return refusal(HIDDEN_UNTIL_A_PERSON)
            return refusal(ONLY_COMPUTERS)
        if self.viewer not in self.people:
            return refusal(ONLY_HUMANS_CLICK)
        return self.viewer

    def revealed(self, s: GameState) -> "Screen | str":
        """The screen once the person to act has asked to see their hand; or why it cannot be shown."""
        if not self.hidden and (s.is_over or s.to_act == self.viewer or s.to_act not in self.people):
            return self
        if s.is_over:
            return replace(self, hidden=False)
        actor = s.to_act
        assert actor is not None  # the round is not over
        if actor not in self.people:
            name = s.seats[actor]
            return Refusal(COMPUTER_STILL_TO_MOVE, {"player": name}, f"{name} (a computer player) {verb(name, 'is')} still to move.")
        return replace(self, viewer=actor, hidden=False)

    def settled(self, s: GameState, in_uno_moment: Container[int]) -> "Screen":
        """The screen after a move: the one person always; in hot-seat, hidden when the turn has passed on."""
        if not self.people:
            return replace(self, viewer=None if s.is_over else s.to_act, hidden=False)
        if len(self.people) == 1:
            return replace(self, viewer=self.people[0], hidden=False)
        if s.is_over:
            return replace(self, hidden=False)
        if s.to_act != self.viewer and self.viewer not in in_uno_moment:
            return replace(self, hidden=True)  # (a person who must still call UNO keeps the screen for that moment)
        return self

    def reveal_for(self, s: GameState) -> str | None:
        """In hot-seat, the person the screen is to be passed to (their hand hidden until they ask), or ``None``."""
        if s.is_over or len(self.people) < 2:
            return None
        if not self.hidden and s.to_act == self.viewer:
            return None
        return s.seats[s.to_act] if s.to_act in self.people else None

    def hand_label(self, seats: tuple[str, ...]) -> str:
        """What the hand on screen is called: "Your hand", "Ann's hand", or a computer's, watched."""
        viewer = self.shown
        if viewer is None:
            return ""
        if viewer not in self.people:
            return f"{possessive(seats[viewer], start=True)} hand (watching a computer player)"
        return "Your hand" if len(self.people) == 1 else f"{possessive(seats[viewer], start=True)} hand"


def reveal_label(name: str) -> str:
    """The button that shows a person's hidden hand, as the status line names it too: "Show Ann's hand"."""
    return f"Show {possessive(name)} hand"


# What the hot-seat's screen says, as messages of the catalogs (a table in another language says them again:
# nomercy.core.refusals.refusal_words; the status line and the buttons: nomercy.play.said_at_table).
HIDDEN_SHOW_FIRST = N_("The hands are hidden: click 'Show {player}'s hand' first.")
HIDDEN_UNTIL_A_PERSON = N_("The hands are hidden until a person is to move.")
ONLY_COMPUTERS = N_("Every seat is a computer player here: there is nothing to click.")
ONLY_HUMANS_CLICK = N_("Only human seats are played by clicking.")
COMPUTER_STILL_TO_MOVE = N_("{player} (a computer player) is still to move.")
SHOW_HAND = N_("Show {player}'s hand")
SOMEONES_HAND = N_("{player}'s hand")
WATCHING_HAND = N_("{player}'s hand (watching a computer player)")
PASS_THE_SCREEN = N_("Pass the screen to {player}. {player}, click '{button}' when nobody else is looking.")
PLAYING_HIDDEN = N_("{player} is playing; hands stay hidden.")
