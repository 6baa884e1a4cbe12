"""nomercy: the rules of UNO Show 'em No Mercy and classic UNO, as a tested engine.

>>> from nomercy import new_game
>>> game = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=1)
>>> game.seats, game.card_count()
(('Ann', 'Bo', 'Cy'), 168)
"""

from .actions import Action, CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, format_move, parse_move
from .cards import ALL_CARDS, COLORS, Card, Color, Rank, parse_cards
from .decks import DECKS, DeckListing, build_deck
from .engine import apply, deal, legal_actions, new_game, why_illegal
from .errors import IllegalMoveError, NomercyError, NotationError, PuzzleError, RulesError
from .events import Event
from .game import Game, GameRecord
from .players import make_player, next_action
from .scoring import Match, round_points
from .rulebook import RULINGS, Ruling, explain
from .rules import OPTIONS, PROFILES, RuleSet, profile_names, ruleset
from .state import GameState, LegalMoves, Phase, PlayerView

from .simulate import SimulationResult, simulate

__version__ = "0.1.0"

__all__ = [
    "Action", "CallUno", "Catch", "Challenge", "Draw", "NameColor", "Pass", "Play",
    "format_move", "parse_move",
    "ALL_CARDS", "COLORS", "Card", "Color", "Rank", "parse_cards",
    "DECKS", "DeckListing", "build_deck",
    "apply", "deal", "legal_actions", "new_game", "why_illegal",
    "IllegalMoveError", "NomercyError", "NotationError", "PuzzleError", "RulesError",
    "Event", "Game", "GameRecord", "Match", "round_points", "RULINGS", "Ruling", "explain",
    "OPTIONS", "PROFILES", "RuleSet", "profile_names", "ruleset",
    "GameState", "LegalMoves", "Phase", "PlayerView",
    "make_player", "next_action", "simulate", "SimulationResult",
]
