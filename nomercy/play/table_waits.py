"""What the table waits for from the person at the screen: one small frozen value, not a set of flags.

Nothing asked (:class:`YourMove`), a card's choice still open (:class:`Choosing`: a color, a 7's target), a move
the coach's warning holds back (:class:`Held`) or the coach's hint on show (:class:`Hinted`); each may carry UNO
called together with the next play (``uno_armed``). The :class:`~nomercy.play.table.TableSession` keeps one of
them; an intent's handler returns the next one, and what an intent drops follows from the value alone
(:meth:`YourMove.after`): the coach's words last while the person only looks (an export, a hint, a decision of
the review opened, a computer's move asked for by the page's timer) and go with their next act or any move made;
a card's question lasts until it is answered, cancelled, or a move is made; a hint asked while it is open takes
its place (the hint is the coach's answer to what to play, the question included).

>>> from nomercy.core.moves import Draw
>>> waits = Held(move=Draw(0), words={"kind": "warning"})
>>> waits.after("look") is waits, waits.after("act")
(True, YourMove(uno_armed=False))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from nomercy.core.moves import Move

__all__ = ["Choosing", "Held", "Hinted", "IntentKind", "Waits", "YourMove"]

IntentKind = Literal["act", "look", "timer"]
"""What an intent is to the table: a person's act (a card, a move, undo, a new round ...), a look that changes
nothing on the table (an export, a hint, a decision of the review opened: what the table waits for may change,
the cards may not), or the page's timer asking for the
computers' next move (``advance``)."""


@dataclass(frozen=True, kw_only=True)
class YourMove:
    """Nothing asked: the person's move (or the computers', or the end of the round); ``uno_armed``: UNO is called
    together with the next play (two cards, one to play)."""

    uno_armed: bool = False

    @property
    def prompt(self) -> Mapping[str, Any]:
        """The choices a clicked card still asks for, or ``{}``."""
        return {}

    @property
    def advice(self) -> Mapping[str, Any]:
        """The coach's hint, or a warning holding a move back, or ``{}``."""
        return {}

    @property
    def held(self) -> Move | None:
        """The move the coach's warning holds back, or ``None``."""
        return None

    def after(self, kind: IntentKind) -> "Waits":
        """What is left of this when an intent of ``kind`` comes, before it is handled."""
        return self

    def after_move(self) -> "Waits":
        """What is left of this once a move is made at the table (anyone's)."""
        return YourMove(uno_armed=self.uno_armed)

    def armed(self, uno: bool) -> "Waits":
        """The same question with UNO called with the next play (or not)."""
        return type(self)(**{**vars(self), "uno_armed": uno})


@dataclass(frozen=True, kw_only=True)
class Choosing(YourMove):
    """A clicked card asks for one more choice (a color, a 7's target): ``prompt`` as the table shows it."""

    choices: Mapping[str, Any]

    @property
    def prompt(self) -> Mapping[str, Any]:
        return self.choices


@dataclass(frozen=True, kw_only=True)
class Hinted(YourMove):
    """The coach's hint is on show (``advice``), until the person acts or a move is made."""

    words: Mapping[str, Any]

    @property
    def advice(self) -> Mapping[str, Any]:
        return self.words

    def after(self, kind: IntentKind) -> "Waits":
        return YourMove(uno_armed=self.uno_armed) if kind == "act" else self


@dataclass(frozen=True, kw_only=True)
class Held(Hinted):
    """The coach's warning (``words``) holds ``move`` back: "Go ahead" makes it, any other act drops it."""

    move: Move

    @property
    def held(self) -> Move | None:
        return self.move


Waits = YourMove | Choosing | Hinted | Held
"""What the table waits for from the person at the screen."""


NOTHING_OPEN = "There is nothing to cancel: no card waits for a choice, and no hint or warning is open."
"""Why ``cancel`` is refused when the table asks nothing (it takes back a card's open question, a hint or a warning)."""
