"""The rules core: cards, decks, rule sets and the rulebook, moves, events, positions, legality and ``apply``.

Everything else in nomercy stands on this package, and it imports nothing above it
(a test holds that). A position (:class:`~nomercy.core.state.GameState`) is an
immutable value; :func:`~nomercy.core.engine.apply` turns a position and a move into
the next position and the events that explain it, and the same checkers that refuse
a move with a reason list the legal moves (:mod:`nomercy.core.legality`).
"""
