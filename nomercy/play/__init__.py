"""Playing games on top of the core: a game with its history and record, matches, computer players, simulation,
and the game table's session (:mod:`nomercy.play.table`) with its terminal front end (``nomercy play``).

Imports the core only.
"""
