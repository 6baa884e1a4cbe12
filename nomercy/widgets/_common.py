"""What the three widgets share: where their front-end files live, how an event
becomes a log line with its ruling, and the guard that turns any error raised
while handling an intent into a message the learner can read.

Everything here is plain Python, so the widgets' behaviour is tested without a
browser.
"""

from __future__ import annotations

import functools
import traceback
from pathlib import Path
from typing import Any, Callable

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NomercyError
from nomercy.core.events import Event
from nomercy.core.rulebook import RULINGS

__all__ = ["STATIC", "event_entry", "move_entry", "guarded", "card_svg", "card_back_svg", "plural"]

STATIC = Path(__file__).resolve().parent / "static"
"""The widgets' ES modules and style sheets (shipped in the package, no build step)."""


def event_entry(event: Event, number: int) -> dict[str, Any]:
    """One line of an event log: the sentence, and the ruling it expands to."""
    ruling = RULINGS.get(event.rule)
    return {
        "n": number,
        "kind": event.kind,
        "sentence": event.sentence,
        "rule": event.rule,
        "title": ruling.title if ruling else "",
        "text": ruling.text if ruling else "",
    }


def move_entry(sentence: str, number: int, *, kind: str = "note") -> dict[str, Any]:
    """A log line with no ruling behind it (a new round, an undo, a refused move)."""
    return {"n": number, "kind": kind, "sentence": sentence, "rule": "", "title": "", "text": ""}


@functools.lru_cache(maxsize=4096)
def card_svg(card: Card, named_color: Color | None = None, width: int = 60,
             playable: bool = False, selected: bool = False) -> str:
    """The one card renderer (:mod:`nomercy.teaching.pictures`), cached: a card's picture never changes."""
    from nomercy.teaching import pictures as render

    return render.card_svg(card, named_color=named_color, width=width, playable=playable, selected=selected)


@functools.lru_cache(maxsize=16)
def card_back_svg(width: int = 60, deck: str = "no-mercy") -> str:
    from nomercy.teaching import pictures as render

    return render.card_back_svg(width=width, deck=deck)


def guarded(handler: Callable[..., str | None]) -> Callable[..., str | None]:
    """Run an intent handler so that nothing it raises is lost.

    Exceptions raised inside a widget's message callback never reach the
    notebook, so the learner would see a dead button. A :class:`NomercyError`
    (an illegal move, bad notation) is the engine's reason and is returned as it
    is; anything else is a bug, returned as one. The caller shows the text.
    """

    @functools.wraps(handler)
    def run(self: Any, *args: Any, **kwargs: Any) -> str | None:
        try:
            reason = handler(self, *args, **kwargs)
        except NomercyError as error:
            reason = str(error)
        except Exception as error:  # noqa: BLE001 - shown in the widget, never swallowed
            reason = f"internal error ({type(error).__name__}: {error}); please report it"
            self._last_traceback = traceback.format_exc()
        return reason

    return run


def plural(n: int, word: str = "card") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
