"""nomercy: the rules of UNO Show 'em No Mercy and classic UNO, as a tested engine.

>>> from nomercy import new_game
>>> game = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
>>> game.seats, game.card_count()
(('Ann', 'Bo', 'Cy'), 168)
"""

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
from nomercy.teaching.pictures import register_pictures

register_pictures()  # inside IPython: cards and positions show as pictures

__version__ = "0.1.0"

__all__ = [
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
