"""The simulation pictures: each figure draws what the tallies say, and needs no display."""

from __future__ import annotations

import io

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from nomercy.teaching import plots  # noqa: E402
from nomercy.play.simulate import simulate  # noqa: E402


@pytest.fixture(scope="module")
def runs():
    """Two small seeded runs, classic and No Mercy, with their per-game records."""
    return {
        name: simulate(name, players=3, bots="greedy", games=12, seed=5, workers=1, keep_records=True)
        for name in ("classic", "no-mercy")
    }


def png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


@pytest.mark.parametrize("name", ["game_length_figure", "endings_figure", "seat_advantage_figure",
                                  "knockout_odds_figure", "comparison_figure"])
def test_every_figure_draws_to_png(runs, name):
    data = png(getattr(plots, name)(runs))
    assert data.startswith(b"\x89PNG")


def test_figures_are_not_kept_by_pyplot(runs):
    # a plain Figure: drawing many in a loop leaves nothing open in pyplot
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    plots.comparison_figure(runs)
    assert plt.get_fignums() == before


def test_the_same_runs_draw_the_same_picture(runs):
    assert png(plots.endings_figure(runs)) == png(plots.endings_figure(runs))


def test_game_length_shares_add_up_to_one_per_run(runs):
    ax = plots.game_length_figure(runs).axes[0]
    filled = [p for p in ax.patches if p.get_fill()]
    assert len(filled) == len(runs)
    for patch in ax.containers:
        assert sum(bar.get_height() for bar in patch) == pytest.approx(1.0)


def test_endings_bars_are_shares_of_rounds(runs):
    ax = plots.endings_figure(runs).axes[0]
    for label, result in runs.items():
        row = list(runs).index(label)
        widths = [c[row].get_width() for c in ax.containers]
        assert sum(widths) == pytest.approx(1.0)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[0] == "someone played their last card"
    # a classic round never ends by knockout: its knockout segment is empty
    if "everyone else was knocked out" in legend:
        knocked = ax.containers[legend.index("everyone else was knocked out")]
        assert knocked[0].get_width() == 0


def test_seat_advantage_shows_each_seats_win_rate(runs):
    ax = plots.seat_advantage_figure(runs).axes[0]
    classic = runs["classic"]
    heights = [bar.get_height() for bar in ax.containers[0]]
    assert heights == pytest.approx([w / classic.games for w in classic.wins_by_seat], abs=1e-4)


def test_hand_size_odds_fall_as_hands_grow(runs):
    for result in runs.values():
        odds = plots.hand_size_odds(result)
        values = list(odds.values())
        assert values == sorted(values, reverse=True)
        assert odds[result.rules.hand_size] == 1.0  # every game starts with hands of the deal size
        assert odds[max(odds)] > 0  # the largest hand seen was reached at least once


def test_in_no_mercy_reaching_the_limit_is_a_knockout(runs):
    result = runs["no-mercy"]
    knocked = sum(1 for r in result.records if r.knockouts)
    assert plots.hand_size_odds(result, [25])[25] == knocked / result.games


def test_knockout_odds_need_the_records():
    run = simulate("no-mercy", players=2, bots="greedy", games=2, seed=1, workers=1)
    with pytest.raises(ValueError, match="keep_records=True"):
        plots.knockout_odds_figure({"no records": run})


def test_nothing_to_draw_is_an_error():
    with pytest.raises(ValueError, match="at least one"):
        plots.game_length_figure({})
