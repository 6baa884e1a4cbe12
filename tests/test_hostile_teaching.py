"""The notebooks' helpers (:mod:`nomercy.teaching`) against a hostile caller: each public function, given a value of
the wrong kind or an empty one where it needs a value (an empty mapping of runs, nothing, a number, text, bytes, a
list, NaN), works or refuses in one line that says what it takes (a :class:`~nomercy.NomercyError`), never in
Python's words.

Before, ``knockout_odds_figure({})`` and every other chart of runs raised a bare ``ValueError``, and given anything
but a mapping they ended in ``AttributeError: 'list' object has no attribute 'items'``; ``situation(None)``,
``under("red 7")``, ``percent(None)``, ``color_scale(None, ...)``, ``html_table(5, ...)`` and ``pdf_pages("card.pdf")``
ended the same way.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any, Callable

import pytest

import nomercy.teaching
from hostile_values import SAMPLE, answer, clear
from nomercy import NomercyError

SKIPPED = {"nomercy.teaching.pictures.register_pictures": "hooks IPython's display of the whole process"}


def helpers() -> dict[str, Callable[..., Any]]:
    """Every public function of every module of :mod:`nomercy.teaching`, by its full name."""
    found = {}
    for module in pkgutil.iter_modules(nomercy.teaching.__path__):
        if module.name.startswith("_"):
            continue
        loaded = importlib.import_module(f"nomercy.teaching.{module.name}")
        for name in getattr(loaded, "__all__", ()):
            value = getattr(loaded, name)
            where = f"{value.__module__}.{name}" if inspect.isfunction(value) else ""
            if inspect.isfunction(value) and where.startswith("nomercy.teaching.") and where not in SKIPPED:
                found[where] = value
    return found


HELPERS = helpers()
HOSTILE_COVERS = tuple(f"api:{where}({param})" for where, helper in HELPERS.items()
                       for param, p in inspect.signature(helper).parameters.items()
                       if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD)
WRONG = [{}, [], None, "", "x", -1, 10**30, float("nan"), b"r7", ["x"], {"a": 1}, [[]], object()]
"""A value of each wrong kind, and the empty ones."""


@pytest.mark.parametrize("where", sorted(HELPERS))
def test_a_helper_given_a_value_of_the_wrong_kind_works_or_says_what_it_takes_in_one_line(where: str) -> None:
    helper = HELPERS[where]
    needed = [p for p in inspect.signature(helper).parameters.values()
              if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
    if not needed:
        pytest.skip("it takes nothing it needs")
    for value in WRONG + SAMPLE[:20]:
        for place in range(len(needed)):
            arguments = [value] * len(needed) if place == 0 else [value if i == place else _real(needed[i].name)
                                                                  for i in range(len(needed))]
            if any(a is _NOTHING_REAL for a in arguments):
                continue
            answer(lambda: helper(*arguments))


_NOTHING_REAL = object()


def _real(name: str) -> Any:
    return {"columns": ("a", "b"), "rows": [{"a": 1}], "colors": ("#1f5fbf",), "domain": ("a",),
            "title": "T"}.get(name, _NOTHING_REAL)


@pytest.mark.parametrize("figure", ["game_length_figure", "endings_figure", "seat_advantage_figure",
                                    "knockout_odds_figure", "comparison_figure"])
@pytest.mark.parametrize("runs, said", [
    ({}, "nothing to draw: a chart takes at least one run"),
    (None, "a chart takes the runs to compare, as {label: result}"),
    ([], "a chart takes the runs to compare, as {label: result}"),
    ({"No Mercy": 3}, "the run 'No Mercy' is a simulation result (what simulate gives), not 3"),
    ({"": None}, "a run's label is a text"),
])
def test_a_chart_of_runs_says_what_it_takes(figure: str, runs: Any, said: str) -> None:
    from nomercy.teaching import plots

    with pytest.raises(NomercyError) as refused:
        getattr(plots, figure)(runs)
    assert said in str(refused.value) and clear(str(refused.value)), str(refused.value)


def test_a_run_that_played_no_rounds_or_kept_no_records_is_refused_in_one_line() -> None:
    from nomercy.play.simulate import simulate
    from nomercy.teaching import plots

    run = simulate("classic", players=2, bots="greedy", games=2, seed=1, workers=1)
    with pytest.raises(NomercyError, match="need the game records: simulate the runs with 'keep_records=True'"):
        plots.knockout_odds_figure({"classic": run})
    with pytest.raises(NomercyError, match="a hand size is a whole number from 1 to 500"):
        plots.hand_size_odds(simulate("classic", players=2, bots="greedy", games=2, seed=1, workers=1,
                                      keep_records=True), ["seven"])
    with pytest.raises(NomercyError, match="the number of bars \\(bins\\) is a whole number"):
        plots.game_length_figure({"classic": run}, bins=2.5)
