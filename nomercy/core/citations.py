"""Which ruling an event cites: the one that decided it, looked up by what happened and when.

A card's face names its own ruling (a skip cites ``matching``, a wild roulette
``wild-roulette``), but a play is not always decided by its face: a green +4 put on a
pending +2 is allowed by stacking, not by matching; a card played because it was just
drawn is played by the drawing rule in force. The engine asks this table, so the choice
is one row per case, not an ``if`` at each place that writes an event.

>>> CITES["card_played", ANSWER]
'stacking'
>>> play_ruling(PLAYS_DRAWN_UNTIL_IT_FITS, "matching")
'draw-until-playable'
>>> play_ruling(ON_TURN, "wild-roulette")
'wild-roulette'
"""

from __future__ import annotations

from typing import Mapping

__all__ = ["CITES", "FACE", "ON_TURN", "ANSWER", "PLAYS_DRAWN_UNTIL_IT_FITS", "PLAYS_DRAWN_CARD", "JUMPS_IN",
           "FIRST_DRAW", "STACKED", "NO_STACKING"]
# play_ruling and draw_ruling are the engine's lookups, called with its own values only: not a public face.

FACE = "the face's own ruling"
"""Cites the ruling the card's face names (:attr:`nomercy.core.faces.Face.ruling`)."""

# --- when a card is played ---------------------------------------------------------------------------
ON_TURN = "on their turn"
ANSWER = "answers a pending draw"
PLAYS_DRAWN_UNTIL_IT_FITS = "plays the card they drew until one fitted"
PLAYS_DRAWN_CARD = "plays the one card they drew"
JUMPS_IN = "jumps in out of turn"

# --- when a pending draw grows, or is drawn ----------------------------------------------------------
FIRST_DRAW = "a single draw card"
STACKED = "a stack of draw cards"
NO_STACKING = "a draw card under no stacking"

CITES: Mapping[tuple[str, str], str] = {
    ("card_played", ON_TURN): FACE,
    ("card_played", ANSWER): "stacking",
    ("card_played", PLAYS_DRAWN_UNTIL_IT_FITS): "draw-until-playable",
    ("card_played", PLAYS_DRAWN_CARD): "draw-one",
    ("card_played", JUMPS_IN): "jump-in",
    ("stack_grew", FIRST_DRAW): "draw-card",
    ("stack_grew", STACKED): "stacking",
    ("stack_grew", NO_STACKING): "no-stacking",
    ("cards_drawn", FIRST_DRAW): "draw-card",
    ("cards_drawn", STACKED): "stacking",
    ("cards_drawn", NO_STACKING): "no-stacking",
    ("turn_lost", FIRST_DRAW): "draw-card",
    ("turn_lost", STACKED): "stacking",
    ("turn_lost", NO_STACKING): "no-stacking",
}
"""The ruling an event of a kind (its snake-case name, as :attr:`Event.kind <nomercy.core.events.Event.kind>`)
cites in a situation; :data:`FACE` means the played card's own. Events not listed cite one ruling whatever
the situation (a swap ``seven``, a knock-out ``mercy``, a challenge ``challenge``: see the rulebook's ids)."""


def play_ruling(situation: str, face_ruling: str) -> str:
    """The ruling a ``CardPlayed`` cites in ``situation`` (one of the ``card_played`` rows of :data:`CITES`)."""
    ruling = CITES["card_played", situation]
    return face_ruling if ruling == FACE else ruling


def draw_ruling(kind: str, stacking: str, stacked: bool) -> str:
    """The ruling a pending draw cites as it grows (``stack_grew``), is drawn (``cards_drawn``) and costs a turn.

    ``stacking`` is the rule option; ``stacked`` says whether more than one draw card built it.
    """
    situation = NO_STACKING if stacking == "none" else (STACKED if stacked else FIRST_DRAW)
    return CITES[kind, situation]
