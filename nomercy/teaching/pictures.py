"""Pictures of cards, hands and tables, as plain SVG and HTML strings.

This is the one card renderer of the project: notebooks use it for static reprs
(GitHub, nbviewer and exported HTML show them without a kernel) and the widgets
send its SVG strings to the browser. Everything here is a pure function of its
arguments: no JavaScript, no fonts or files from elsewhere, no random ids, so the
same card always gives the same string and notebooks diff cleanly.

Every card can be read without seeing color: a colored card carries its color's
letter in a corner and its name along the bottom, and a wild names the color
chosen for it. Each face has its own symbol, so a skip-all never looks like a skip.

>>> svg = card_svg(Card.parse("r7"))
>>> 'data-card="red 7"' in svg and ">RED<" in svg
True
>>> card_svg(Card.parse("r7")) == svg
True
>>> ">BLUE<" in card_svg(Card.parse("wild +6"), named_color=Color.BLUE)
True

In a notebook, ``import nomercy`` registers these pictures with IPython's display
(:func:`register_pictures`), so a card shows as its picture and a position as its table
while the core package stays free of drawing code.

HTML views embed each card as an ``<img>`` holding the SVG as a data URI, because
GitHub's notebook viewer drops inline ``<svg>`` and ``style``; the ``alt`` text
keeps the card's name. Pass ``inline=True`` for raw ``<svg>`` (what widgets want).
"""

from __future__ import annotations

from typing import Any

from nomercy.core.cards import Card, Color  # noqa: F401 (Color: the doctests above name it)
# each picture in its own module; this one names them all, as it always has, and shows them in IPython
from nomercy.teaching.card_pictures import COLOR_FILL, card_back_svg, card_img, card_svg, picture_width
from nomercy.teaching.card_pictures import SYMBOLS as _SYMBOLS  # noqa: F401 (the face table's test reads it)
from nomercy.teaching.hand_pictures import Hand, deck_table_html, hand_html
from nomercy.teaching.table_picture import state_html

__all__ = [
    "register_pictures",
    "card_svg",
    "card_back_svg",
    "card_img",
    "hand_html",
    "deck_table_html",
    "state_html",
    "Hand",
    "COLOR_FILL",
    "picture_width",
]


def register_pictures(shell: Any = None) -> bool:
    """Let IPython show cards, positions and games as pictures; ``False`` outside IPython.

    ``import nomercy`` calls this, so notebooks need nothing more. The core classes stay
    free of drawing code (the core imports nothing above it); IPython's display asks this
    module for the picture instead.
    """
    if shell is None:
        import sys

        ipython = sys.modules.get("IPython")  # not imported means not running inside IPython
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    from nomercy.core.state import GameState
    from nomercy.play.game import Game

    formatters = shell.display_formatter.formatters
    # the picture with its alt text (IPython keeps a (data, metadata) pair's metadata beside the output)
    formatters["image/svg+xml"].for_type(Card, lambda card: (card_svg(card), {"alt": str(card)}))
    formatters["text/html"].for_type(GameState, state_html)
    formatters["text/html"].for_type(Game, lambda game: state_html(game.state))
    return True
