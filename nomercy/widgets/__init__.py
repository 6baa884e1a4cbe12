"""Interactive widgets for Jupyter: a game table, a puzzle board, a step-through player, a trainer and the
learning path.

Each is an ``anywidget`` whose front end is a plain ES module shipped in
``static/`` (no build step, nothing fetched from the network). Python is the
authority: the browser shows state synced from Python and sends intents back;
every intent goes through the engine's one ``apply`` path.

Needs the ``widgets`` extra (``pip install nomercy[widgets]``).
"""

from nomercy.widgets.game_table import GameTable
from nomercy.widgets.learn_path import LearnPath
from nomercy.widgets.puzzle_board import PuzzleBoard, puzzle
from nomercy.widgets.step_player import StepPlayer
from nomercy.widgets.trainer import Trainer

__all__ = ["GameTable", "LearnPath", "PuzzleBoard", "StepPlayer", "Trainer", "puzzle"]
