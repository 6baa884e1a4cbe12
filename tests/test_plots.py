"""The charts: each one says in its data what the tallies say, and in words what it shows.

A chart is a Vega-Lite specification with its description (nomercy/teaching/charts.py). These tests
read the numbers a chart draws from its specification, not from pixels, and check that the words a
reader without the picture gets carry the same numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nomercy.core.decks import DECKS
from nomercy.play.simulate import simulate
from nomercy.teaching import charts, plots
from nomercy.teaching.lessons import composition_figure, deck_rows

FIGURES = ["game_length_figure", "endings_figure", "seat_advantage_figure", "knockout_odds_figure",
           "comparison_figure"]


@pytest.fixture(scope="module")
def runs():
    """Two small seeded runs, classic and No Mercy, with their per-game records."""
    return {
        name: simulate(name, players=3, bots="greedy", games=12, seed=5, workers=1, keep_records=True)
        for name in ("classic", "no-mercy")
    }


def layer(chart: charts.Chart, mark: str, index: int = 0) -> dict:
    """The ``index``-th layer of ``chart`` drawn with ``mark``."""
    found = [part for part in chart.body["layer"] if part["mark"]["type"] == mark]
    return found[index]


def values(part: dict) -> list[dict]:
    return part["data"]["values"]


# --- every chart ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", FIGURES)
def test_every_chart_is_a_vega_lite_specification_with_its_words(runs, name):
    chart = getattr(plots, name)(runs)
    spec = chart.spec
    assert spec["$schema"] == "https://vega.github.io/schema/vega-lite/v5.json"
    assert json.loads(json.dumps(spec)) == spec  # plain JSON, nothing else
    assert spec["description"] == chart.description == str(chart)
    bundle, metadata = chart._repr_mimebundle_()
    assert bundle["application/vnd.vegalite.v5+json"] == spec
    assert metadata["application/vnd.vegalite.v5+json"]["embed_options"]["renderer"] == "svg"
    assert bundle["text/plain"] == chart.description
    for label in runs:
        assert label in chart.description


@pytest.mark.parametrize("name", FIGURES)
def test_every_chart_draws_to_a_png_where_vl_convert_is_installed(runs, name):
    pytest.importorskip("vl_convert")
    chart = getattr(plots, name)(runs)
    picture = chart.png()
    assert picture is not None and picture.startswith(b"\x89PNG")
    bundle, metadata = chart._repr_mimebundle_()
    assert bundle["image/png"]  # stored beside the spec, for GitHub and nbviewer
    assert metadata["image/png"]["alt"] == chart.description == bundle["text/plain"], "the picture's alt text"


def test_without_vl_convert_a_chart_is_its_spec_and_its_words(runs, monkeypatch):
    # as under Pyodide in JupyterLite: the front end draws the spec; no picture is made in Python
    monkeypatch.setattr(charts, "can_draw_png", lambda: False)
    chart = plots.endings_figure(runs)
    assert chart.png() is None
    assert set(chart._repr_mimebundle_()[0]) == {"application/vnd.vegalite.v5+json", "text/plain"}


def test_the_same_runs_give_the_same_chart(runs):
    assert plots.comparison_figure(runs).spec == plots.comparison_figure(runs).spec
    assert plots.comparison_figure(runs).description == plots.comparison_figure(runs).description


def test_the_charts_need_neither_numpy_nor_matplotlib():
    # what lets them run in the browser, where neither exists
    code = ("import sys\n"
            "from nomercy.play.simulate import simulate\n"
            "from nomercy.teaching import plots, lessons\n"
            "runs = {'no-mercy': simulate('no-mercy', players=2, bots='greedy', games=3, seed=1, workers=1,"
            " keep_records=True, progress=False)}\n"
            "plots.comparison_figure(runs).spec; lessons.composition_figure().spec\n"
            "print(sorted(m for m in ('numpy', 'matplotlib') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- what each chart shows ---------------------------------------------------------------------

def test_game_length_shares_add_up_to_one_per_run_over_the_same_whole_turn_bins(runs):
    chart = plots.game_length_figure(runs, bins=10)
    bars = values(layer(chart, "bar"))
    edges = {label: [(b["from"], b["to"]) for b in bars if b["rules"] == label] for label in runs}
    assert edges["classic"] == edges["no-mercy"] and len(edges["classic"]) <= 10
    assert all(isinstance(low, int) and isinstance(high, int) for low, high in edges["classic"])
    for label, result in runs.items():
        assert sum(b["share"] for b in bars if b["rules"] == label) == pytest.approx(1.0, abs=1e-4)
    # every game is in some bin: the longest game sits in the last bin whatever its length
    longest = max(runs["no-mercy"].tally.turns)
    last = [b for b in bars if b["rules"] == "no-mercy"][-1]
    assert longest >= last["from"] and last["share"] > 0
    medians = {m["rules"]: m["median"] for m in values(layer(chart, "rule"))}
    assert medians == {label: r.turn_stats()["median"] for label, r in runs.items()}
    for label, result in runs.items():
        assert f"{label}: 12 rounds, median {result.turn_stats()['median']:g} turns" in chart.description


def test_game_length_words_give_the_bars_per_50_turns_for_a_reader_without_the_picture(runs):
    """The alt text says how the rounds spread, not only the medians: the shares per 50 turns add up to all, over
    the chart's own span (longer rounds in its last span, as the chart counts them: no span past its end)."""
    import math
    import re
    chart = plots.game_length_figure(runs)
    end = max(b["to"] for b in values(layer(chart, "bar")))
    spans = math.ceil(end / 50)
    for label, result in runs.items():
        words = re.search(rf"{label}: [^;]*; ([^;.]*)", chart.description).group(1)
        shares = [int(share) for share in re.findall(r"(\d+)%", words)]
        assert words.startswith("0 to 49 turns") and len(shares) == min(max(result.tally.turns) // 50, spans - 1) + 1
        assert abs(sum(shares) - 100) <= len(shares)  # each share is rounded
        if len(shares) == spans:
            assert f"{(spans - 1) * 50} turns or more" in words


def test_game_length_counts_each_game_in_the_bin_of_its_turns():
    run = simulate("classic", players=2, bots="greedy", games=8, seed=2, workers=1)
    bars = values(layer(plots.game_length_figure({"classic": run}, bins=4), "bar"))
    for turns, games in run.tally.turns.items():
        home = [b for b in bars if b["from"] <= turns < b["to"]] or [bars[-1]]
        assert home[0]["share"] >= games / run.games - 1e-9


def test_endings_bars_are_shares_of_rounds_from_left_to_right(runs):
    chart = plots.endings_figure(runs)
    rows = values(chart.body)
    assert rows[0]["ending"] == "someone played their last card"
    for label, result in runs.items():
        mine = [r for r in rows if r["rules"] == label]
        assert mine[0]["start"] == 0 and mine[-1]["end"] == pytest.approx(1.0, abs=1e-4)
        for before, after in zip(mine, mine[1:]):
            assert after["start"] == pytest.approx(before["end"], abs=1e-4)
        for row in mine:
            assert row["label"] == (charts.percent(row["share"]) if row["share"] >= 0.06 else "")
    # a classic round never ends by knockout: its knockout segment is empty
    knocked = [r for r in rows if r["rules"] == "classic" and r["ending"] == "everyone else was knocked out"]
    assert all(r["share"] == 0 for r in knocked)
    assert "classic: 100% someone played their last card" in chart.description
    colors = layer(chart, "bar")["encoding"]["color"]["scale"]
    assert colors["domain"][0] == "someone played their last card" and colors["range"][0] == "#2ca02c"


def test_seat_advantage_shows_each_seats_win_rate_its_interval_and_the_fair_share(runs):
    chart = plots.seat_advantage_figure(runs)
    bars = values(layer(chart, "bar"))
    classic = runs["classic"]
    rates = [b["rate"] for b in bars if b["rules"] == "classic"]
    assert rates == pytest.approx([w / classic.games for w in classic.wins_by_seat], abs=1e-4)
    assert [b["seat"] for b in bars if b["rules"] == "classic"] == ["A", "B", "C"]
    assert all(b["low"] <= b["rate"] <= b["high"] for b in bars)
    interval = layer(chart, "rule", 0)["encoding"]
    assert (interval["y"]["field"], interval["y2"]["field"]) == ("low", "high")
    assert [f["fair"] for f in values(layer(chart, "rule", 1))] == [pytest.approx(1 / 3, abs=1e-4)]
    assert "fair share 33%" in chart.description


def test_hand_size_odds_fall_as_hands_grow(runs):
    for result in runs.values():
        odds = plots.hand_size_odds(result)
        values_ = list(odds.values())
        assert values_ == sorted(values_, reverse=True)
        assert odds[result.rules.hand_size] == 1.0  # every game starts with hands of the deal size
        assert odds[max(odds)] > 0  # the largest hand seen was reached at least once


def test_in_no_mercy_reaching_the_limit_is_a_knockout(runs):
    result = runs["no-mercy"]
    knocked = sum(1 for r in result.records if r.knockouts)
    assert plots.hand_size_odds(result, [25])[25] == knocked / result.games


def test_knockout_odds_draw_the_odds_and_mark_the_mercy_limit(runs):
    chart = plots.knockout_odds_figure(runs)
    line = values(layer(chart, "line"))
    for label, result in runs.items():
        drawn = {r["cards"]: r["share"] for r in line if r["rules"] == label}
        assert drawn == pytest.approx(plots.hand_size_odds(result, list(drawn)), abs=1e-4)
        assert min(drawn) == 1 and max(drawn) >= 25
    assert values(layer(chart, "rule")) == [{"cards": 25, "label": "mercy limit (25)"}]
    at_limit = {p["rules"]: p["share"] for p in values(layer(chart, "point"))}
    knocked = sum(1 for r in runs["no-mercy"].records if r.knockouts) / runs["no-mercy"].games
    assert at_limit["no-mercy"] == pytest.approx(knocked, abs=1e-4)
    assert f"no-mercy: every round reached 7 cards, {charts.percent(knocked)} reached 25 cards" in chart.description


def test_the_comparison_holds_the_four_charts_each_with_its_own_colors(runs):
    chart = plots.comparison_figure(runs)
    titles = [part["title"]["text"] if isinstance(part["title"], dict) else part["title"]
              for row in chart.body["vconcat"] for part in row["hconcat"]]
    assert titles == ["How long a round lasts", "How a round ends", "Win rate by seat", "How big do hands get?"]
    assert chart.body["resolve"]["scale"]["color"] == "independent"
    for name in FIGURES[:-1]:
        assert getattr(plots, name)(runs).description in chart.description


def test_the_deck_chart_counts_every_card(runs):
    chart = composition_figure()
    made_of, by_face = (part for row in chart.body["vconcat"] for part in row["hconcat"])
    totals = {t["deck"]: t["total"] for t in values(made_of["layer"][-1])}
    assert totals == {"classic": DECKS["classic"].size, "no-mercy": DECKS["no-mercy"].size} == {"classic": 108,
                                                                                              "no-mercy": 168}
    kinds = values(made_of["layer"][0])
    for deck, total in totals.items():
        assert sum(k["count"] for k in kinds if k["deck"] == deck) == total
    faces = {(f["face"], f["deck"]): f["count"] for f in by_face["data"]["values"]}
    for row in deck_rows(("classic", "no-mercy")):
        assert faces[(row["face"], "classic")] == row["classic"]
        assert faces[(row["face"], "no-mercy")] == row["no-mercy"]
    assert "wild +10: classic 0, no-mercy 4" in chart.description


# --- bad input -----------------------------------------------------------------------------------

def test_knockout_odds_need_the_records():
    run = simulate("no-mercy", players=2, bots="greedy", games=2, seed=1, workers=1)
    with pytest.raises(ValueError, match="keep_records=True"):
        plots.knockout_odds_figure({"no records": run})


def test_nothing_to_draw_is_an_error():
    with pytest.raises(ValueError, match="at least one"):
        plots.game_length_figure({})


def test_a_histogram_needs_a_bin(runs):
    with pytest.raises(ValueError, match=r"the number of bars \(bins\) is a whole number from 1 to 1000"):
        plots.game_length_figure(runs, bins=0)
