"""Pictures of simulation results: matplotlib figures drawn from :class:`~nomercy.play.simulate.SimulationResult`.

Each function takes the results to compare as a mapping from a label to a result,
in the order they should appear, and returns a new :class:`matplotlib.figure.Figure`.
The figures are built without ``pyplot``, so nothing is kept in a global list of
open figures and nothing pops up: a notebook shows a figure when it is the value
of a cell (after ``%matplotlib inline``), and a script saves it with ``fig.savefig``.

matplotlib is imported inside the functions, so the engine never needs it
(``pip install nomercy[lab]`` brings it along).

>>> from nomercy.play.simulate import simulate
>>> runs = {"classic": simulate("classic", players=3, bots="greedy", games=10, seed=1, workers=1)}
>>> game_length_figure(runs).axes[0].get_xlabel()
'turns in the game'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
    from matplotlib.figure import Figure

    from nomercy.play.simulate import SimulationResult

__all__ = [
    "COLORS",
    "game_length_figure",
    "endings_figure",
    "seat_advantage_figure",
    "hand_size_odds",
    "knockout_odds_figure",
    "comparison_figure",
]

COLORS: tuple[str, ...] = ("#1f5fbf", "#d62728", "#2ca02c", "#e0a800", "#7f3fbf", "#555555")
"""One color per compared run, in order (blue, red, green, yellow, ...), the card colors first."""

_ENDING_ORDER = ("emptied hand", "last one standing", "dead end")
_ENDING_COLORS = ("#2ca02c", "#7f3fbf", "#999999", "#e0a800")
_ENDING_WORDS = {
    "emptied hand": "someone played their last card",
    "last one standing": "everyone else was knocked out",
    "dead end": "nobody could play or draw",
}


def _new_figure(width: float, height: float, panels: int = 1) -> tuple["Figure", list[Any]]:
    """A new figure with ``panels`` axes side by side."""
    # pyplot is not used: a plain Figure is not registered anywhere, so tests and loops leak nothing
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    axes = [fig.add_subplot(1, panels, i + 1) for i in range(panels)]
    return fig, axes


def _target(ax: Any, width: float, height: float) -> tuple["Figure", Any]:
    """The axes to draw on: the one given (part of a bigger figure), or a new figure's only axes."""
    if ax is not None:
        return ax.figure, ax
    fig, axes = _new_figure(width, height)
    return fig, axes[0]


def _check(results: Mapping[str, "SimulationResult"]) -> list[tuple[str, "SimulationResult"]]:
    items = list(results.items())
    if not items:
        raise ValueError("nothing to draw: pass at least one simulation result, as {label: result}")
    for label, result in items:
        if result.games == 0:
            raise ValueError(f"the run {label!r} played no games")
    return items


def _color(i: int) -> str:
    return COLORS[i % len(COLORS)]


# ----------------------------------------------------------------------------
# Game length
# ----------------------------------------------------------------------------

def game_length_figure(results: Mapping[str, "SimulationResult"], *, bins: int = 30,
                       ax: Any = None) -> "Figure":
    """How long games last: one histogram of turns per game for each run, with its median marked.

    The bars show the share of games (not the count), so runs of different sizes
    compare directly. All runs share the same bins, from 0 to the 98th percentile of
    the longest run, so a few very long games do not squash the picture; games beyond
    the last bin are counted in it.
    """
    import numpy as np

    items = _check(results)
    fig, ax = _target(ax, 7, 3.6)
    top = max(_percentile(r.tally.turns, 0.98) for _, r in items)
    edges = np.linspace(0, max(top, 1), bins + 1)
    for i, (label, result) in enumerate(items):
        values = np.array(sorted(result.tally.turns), dtype=float)
        weights = np.array([result.tally.turns[int(v)] for v in values], dtype=float) / result.games
        clipped = np.minimum(values, edges[-1])
        median = result.turn_stats()["median"]
        ax.hist(clipped, bins=edges, weights=weights, histtype="stepfilled", alpha=0.25, color=_color(i))
        ax.hist(clipped, bins=edges, weights=weights, histtype="step", linewidth=1.6, color=_color(i),
                label=f"{label} (median {median:g} turns)")
        ax.axvline(median, color=_color(i), linestyle="--", linewidth=1.2)
    ax.set_xlabel("turns in the game")
    ax.set_ylabel("share of games")
    ax.set_title("How long a game lasts")
    ax.set_xlim(0, edges[-1])
    ax.legend(frameon=False)
    return fig


def _percentile(histogram: Mapping[int, int], q: float) -> float:
    total = sum(histogram.values())
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= q * total:
            return float(value)
    return 0.0


# ----------------------------------------------------------------------------
# How rounds end
# ----------------------------------------------------------------------------

def endings_figure(results: Mapping[str, "SimulationResult"], *, ax: Any = None) -> "Figure":
    """How rounds end: for each run, one bar split into the shares of each ending.

    An *emptied hand* is the usual win; *last one standing* means the mercy rule
    knocked out everyone else. Each segment is labelled with its percentage. The
    endings have colors of their own (green, purple, grey), not the runs' colors.
    """
    items = _check(results)
    fig, ax = _target(ax, 7, 0.9 + 0.7 * len(items))
    seen = [e for e in _ENDING_ORDER if any(r.tally.endings.get(e) for _, r in items)]
    seen += sorted({e for _, r in items for e in r.tally.endings} - set(seen))
    labels = [label for label, _ in items]
    left = [0.0] * len(items)
    for j, ending in enumerate(seen):
        shares = [r.tally.endings.get(ending, 0) / r.games for _, r in items]
        bars = ax.barh(labels, shares, left=left, color=_ENDING_COLORS[j % len(_ENDING_COLORS)], label=_ENDING_WORDS.get(ending, ending),
                       height=0.6)
        for bar, share, start in zip(bars, shares, left):
            if share >= 0.06:
                ax.text(start + share / 2, bar.get_y() + bar.get_height() / 2, f"{share:.0%}",
                        ha="center", va="center", color="white", fontweight="bold")
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(_percent_formatter())
    ax.set_xlabel("share of rounds")
    ax.set_title("How a round ends")
    ax.legend(frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.35 if len(items) < 3 else -0.2),
              ncol=len(seen))
    return fig


def _percent_formatter() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(xmax=1, decimals=0)


# ----------------------------------------------------------------------------
# Seat advantage
# ----------------------------------------------------------------------------

def seat_advantage_figure(results: Mapping[str, "SimulationResult"], *, ax: Any = None) -> "Figure":
    """Who wins by seat: each seat's win rate with its 95% interval, beside the fair share.

    The fair share is one game in ``players``, drawn as a dashed line; a seat whose
    interval stays clear of that line wins more (or less) often than chance explains.
    Runs with different numbers of players may be compared; each gets its own line.
    Seats are named A, B, C, ... as in the simulation; A is normally the first to play.
    """
    items = _check(results)
    fig, ax = _target(ax, 7, 3.6)
    count = len(items)
    width = 0.8 / count
    most = max(len(r.seats) for _, r in items)
    for i, (label, result) in enumerate(items):
        by_seat, _ = result.win_rates()
        xs = [k + (i - (count - 1) / 2) * width for k in range(len(result.seats))]
        rates = [row["rate"] for row in by_seat.values()]
        low = [row["rate"] - row["ci95"][0] for row in by_seat.values()]
        high = [row["ci95"][1] - row["rate"] for row in by_seat.values()]
        ax.bar(xs, rates, width=width * 0.9, color=_color(i), alpha=0.8, label=f"{label} ({result.games} games)")
        ax.errorbar(xs, rates, yerr=[low, high], fmt="none", ecolor="black", capsize=3, linewidth=1)
        fair = 1 / len(result.seats)
        ax.hlines(fair, xs[0] - width / 2, xs[-1] + width / 2, colors=_color(i), linestyles="dashed", linewidth=1.2)
    ax.set_xticks(range(most), [chr(ord("A") + k) for k in range(most)])
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.set_ylabel("games won")
    ax.set_title("Win rate by seat (bars: 95% interval; dashed: a fair share)")
    ax.legend(frameon=False)
    return fig


# ----------------------------------------------------------------------------
# Knockout odds by hand size
# ----------------------------------------------------------------------------

def hand_size_odds(result: "SimulationResult", sizes: Sequence[int] | None = None) -> dict[int, float]:
    """For each hand size ``n``, the share of games in which some player held ``n`` cards or more.

    This needs the per-game records (``simulate(..., keep_records=True)``): each
    record keeps the largest hand of its game. At the mercy limit the share is the
    chance that the round has a knockout; in classic UNO, which has no limit, it is the
    chance that the mercy rule *would* have knocked someone out.

    >>> from nomercy.play.simulate import simulate
    >>> run = simulate("no-mercy", players=2, bots="greedy", games=20, seed=1, workers=1, keep_records=True)
    >>> odds = hand_size_odds(run, [7, 25])
    >>> odds[7]
    1.0
    >>> 0 <= odds[25] <= 1
    True
    """
    if result.records is None:
        raise ValueError("the knockout odds need the game records: run simulate(..., keep_records=True)")
    largest = [r.largest_hand for r in result.records]
    if not largest:
        raise ValueError("the run played no games")
    if sizes is None:
        sizes = range(1, max(largest) + 1)
    return {n: sum(1 for x in largest if x >= n) / len(largest) for n in sizes}


def knockout_odds_figure(results: Mapping[str, "SimulationResult"], *, limit: int | None = None,
                         ax: Any = None) -> "Figure":
    """The chance that somebody's hand reaches each size during a game, one line per run.

    Built from :func:`hand_size_odds` (the runs need ``keep_records=True``). The mercy
    limit is marked with a dotted line and each run's chance of reaching it is printed
    there: in No Mercy that is the chance of a knockout; in classic UNO it is how often
    the mercy rule would have bitten. ``limit`` defaults to the first run's mercy limit
    that is set (25 for No Mercy).
    """
    items = _check(results)
    fig, ax = _target(ax, 7, 3.6)
    if limit is None:
        limit = next((r.rules.mercy_limit for _, r in items if r.rules.mercy_limit is not None), None)
    top = max(max(r.largest_hand for r in (res.records or ())) if res.records else 0 for _, res in items)
    top = max(top, limit or 0) + 1
    for i, (label, result) in enumerate(items):
        odds = hand_size_odds(result, range(1, top + 1))
        ax.plot(list(odds), list(odds.values()), color=_color(i), linewidth=2, label=label,
                drawstyle="steps-post")
        if limit is not None:
            at = odds.get(limit, 0.0)
            ax.plot([limit], [at], marker="o", color=_color(i))
            ax.annotate(f"{at:.0%}", (limit, at), textcoords="offset points", xytext=(8, 4 + 10 * i),
                        color=_color(i), fontweight="bold")
    if limit is not None:
        ax.axvline(limit, color="black", linestyle=":", linewidth=1.2)
        ax.text(limit, 1.02, f" mercy limit ({limit})", transform=ax.get_xaxis_transform(), ha="center",
                va="bottom", fontsize=9)
    ax.set_xlim(1, top)
    ax.set_ylim(0, 1.05)
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.set_xlabel("cards in one hand")
    ax.set_ylabel("games where some hand got this big")
    ax.set_title("How big do hands get?", pad=18)
    ax.legend(frameon=False)
    return fig


# ----------------------------------------------------------------------------
# Everything at once
# ----------------------------------------------------------------------------

def comparison_figure(results: Mapping[str, "SimulationResult"]) -> "Figure":
    """The four pictures of a comparison on one figure (the runs need ``keep_records=True``)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(13, 7.5), dpi=100, layout="constrained")
    grid = fig.subplots(2, 2)
    game_length_figure(results, ax=grid[0][0])
    endings_figure(results, ax=grid[0][1])
    seat_advantage_figure(results, ax=grid[1][0])
    knockout_odds_figure(results, ax=grid[1][1])
    return fig
