"""Rule puzzles: the YAML reader, the puzzle itself and its check, the answer keys, the generator, the CLI commands.

Imports the core and play layers only.
"""
