"""Rule puzzles: the YAML reader, the puzzle itself and its check, the answer keys, best-move puzzles (checked by
the expert's search), the JSON Schema of the format, the generator, the CLI commands.

Imports the core and play layers only.
"""
