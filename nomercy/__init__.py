"""nomercy: the rules of UNO Show 'em No Mercy and classic UNO, as a tested engine.

>>> from nomercy import new_game
>>> game = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
>>> game.seats, game.card_count()
(('Ann', 'Bo', 'Cy'), 168)

Every name below is loaded the first time it is used (PEP 562), not when the package is imported: the
``nomercy`` command starts in a few hundredths of a second, so a Ctrl-C at any moment of it ends with its one
line, never a traceback from the middle of an import; a name that is never used costs nothing.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what a type checker and an editor see: the same names, imported for real
    from nomercy.core.moves import Move, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, format_move, parse_move
    from nomercy.core.cards import ALL_CARDS, COLORS, Card, Color, Rank, parse_cards
    from nomercy.core.decks import DECKS, DeckListing, build_deck
    from nomercy.core.engine import LegalMoves, apply, deal, is_legal, legal_moves, new_game, why_illegal
    from nomercy.core.errors import IllegalMoveError, NomercyError, NotationError, PuzzleError, RulesError
    from nomercy.core.events import Event
    from nomercy.core.faces import Face, Picture
    from nomercy.core.house import (register_deck, register_effect, register_face, register_first_card, register_option,
                                    register_ruling)
    from nomercy.play.game import Game, GameRecord
    from nomercy.play.players import make_player, next_move
    from nomercy.core.scoring import round_points
    from nomercy.play.match import Match
    from nomercy.core.rulebook import RULINGS, Ruling, explain
    from nomercy.core.rules import OPTIONS, PROFILES, RuleSet, profile_names, ruleset
    from nomercy.core.state import GameState, Phase, PlayerView
    from nomercy.play.simulate import SimulationResult, simulate

_WHERE = {name: module for module, names in {
    "nomercy.core.moves": "Move CallUno Catch Challenge Draw NameColor Pass Play format_move parse_move",
    "nomercy.core.cards": "ALL_CARDS COLORS Card Color Rank parse_cards",
    "nomercy.core.decks": "DECKS DeckListing build_deck",
    "nomercy.core.engine": "LegalMoves apply deal is_legal legal_moves new_game why_illegal",
    "nomercy.core.errors": "IllegalMoveError NomercyError NotationError PuzzleError RulesError",
    "nomercy.core.events": "Event",
    "nomercy.core.faces": "Face Picture",
    "nomercy.core.house": "register_deck register_effect register_face register_first_card register_option register_ruling",
    "nomercy.play.game": "Game GameRecord",
    "nomercy.play.players": "make_player next_move",
    "nomercy.core.scoring": "round_points",
    "nomercy.play.match": "Match",
    "nomercy.core.rulebook": "RULINGS Ruling explain",
    "nomercy.core.rules": "OPTIONS PROFILES RuleSet profile_names ruleset",
    "nomercy.core.state": "GameState Phase PlayerView",
    "nomercy.play.simulate": "SimulationResult simulate",
}.items() for name in names.split()}
"""Where each of the package's names lives: the module :func:`__getattr__` loads it from."""

__version__ = "0.1.0"

__all__ = [  # the names of _WHERE (a test holds them equal): a literal, as tools read it
    "Move", "CallUno", "Catch", "Challenge", "Draw", "NameColor", "Pass", "Play",
    "format_move", "parse_move",
    "ALL_CARDS", "COLORS", "Card", "Color", "Rank", "parse_cards",
    "DECKS", "DeckListing", "build_deck",
    "apply", "deal", "is_legal", "legal_moves", "new_game", "why_illegal",
    "IllegalMoveError", "NomercyError", "NotationError", "PuzzleError", "RulesError",
    "Face", "Picture", "register_face", "register_deck", "register_effect", "register_first_card",
    "register_option", "register_ruling",
    "Event", "Game", "GameRecord", "Match", "round_points", "RULINGS", "Ruling", "explain",
    "OPTIONS", "PROFILES", "RuleSet", "profile_names", "ruleset",
    "GameState", "LegalMoves", "Phase", "PlayerView",
    "make_player", "next_move", "simulate", "SimulationResult",
]


def __getattr__(name: str) -> Any:
    """A name of the package, loaded from its module on first use and kept."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'nomercy' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


if "IPython" in sys.modules:  # inside IPython: cards and positions show as pictures
    from nomercy.teaching.pictures import register_pictures

    register_pictures()
