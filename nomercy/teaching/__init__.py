"""What the notebooks show: card and table pictures, lesson helpers, rule-option comparisons, charts, the glossary.

Imports the core, play and puzzle layers, never the widgets (so a lesson's helpers
work without the widgets extra).
"""
