"""Rule puzzles: the YAML reader, the puzzle itself and its check, the answer keys, the kinds of puzzle (what
happens next; best move, checked by the expert's search; better than the move played, checked by the coach's), the JSON Schema of the format, the generator, the CLI
commands.

Imports the core and play layers only. The kinds are registered here, once: a new kind is its own module
(a :class:`~nomercy.puzzles.puzzle.PuzzleKind`) and one line below.
"""

from nomercy.puzzles.best_move import BEST_MOVE
from nomercy.puzzles.better_move import BETTER_MOVE
from nomercy.puzzles.puzzle import register_kind
from nomercy.puzzles.story import STORY

register_kind(STORY)
register_kind(BEST_MOVE)
register_kind(BETTER_MOVE)
