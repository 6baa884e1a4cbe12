"""Playing games on top of the core: a game with its history and record, matches, computer players, simulation.

Imports the core only.
"""
