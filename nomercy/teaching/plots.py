"""Pictures of simulation results: charts built from :class:`~nomercy.play.simulate.SimulationResult`.

Each function takes the results to compare as a mapping from a label to a result, in the order
they should appear, and returns a :class:`~nomercy.teaching.charts.Chart`: a Vega-Lite
specification of the numbers it shows, with a description that says what the chart shows and gives
its key numbers. A notebook shows a chart when it is the value of a cell (JupyterLab and JupyterLite
draw it; the description is the text beside it); ``chart.spec`` is the JSON, ``chart.png()`` a
picture where ``vl-convert-python`` is installed. Nothing here needs numpy or matplotlib, so the
charts work in the browser under Pyodide too.

The data in each specification is what the chart shows, already counted (shares of games per bin,
per ending, per seat), so a test reads the chart's numbers from the specification.

>>> from nomercy.play.simulate import simulate
>>> runs = {"classic": simulate("classic", players=3, bots="greedy", games=10, seed=1, workers=1)}
>>> chart = game_length_figure(runs)
>>> chart.body["layer"][0]["encoding"]["x"]["title"]
'turns in the round'
>>> print(chart.description)  # doctest: +ELLIPSIS
Histogram of how many turns a round lasted...classic: 10 rounds, median ... turns, 90% of rounds within ...
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote
from nomercy.teaching.charts import Chart, color_scale, concat, percent

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
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

MOST_MARKED_SIZE = 500
"""The largest hand size the knockout chart marks (``limit``): more cards than any deck holds."""

_ENDING_ORDER = ("emptied hand", "last one standing", "dead end", "move limit")
_ENDING_COLORS = ("#2ca02c", "#7f3fbf", "#999999", "#e0a800")
_ENDING_WORDS = {
    "emptied hand": "someone played their last card",
    "last one standing": "everyone else was knocked out",
    "dead end": "nobody could play or draw",
    "move limit": "the round reached its move limit",
}

_WIDTH, _HEIGHT = 560, 260  # one chart's plot area in pixels, about the width of a notebook's output


RESULTS = "the runs to compare, as {label: result}, like {'No Mercy': simulate('no-mercy', games=200)}"
"""What a chart of runs takes, as its refusal says it."""
MOST_RUNS = 12
"""The most runs one chart compares (its colors repeat after six; more lines would not be read)."""


def _check(results: Any) -> list[tuple[str, "SimulationResult"]]:
    """The runs of a chart, checked before anything is drawn: a mapping of 1 to :data:`MOST_RUNS` labels (text) to
    simulation results that played rounds (a :class:`NomercyError` in one line names what is wrong)."""
    from collections.abc import Mapping as MappingKind

    from nomercy.play.simulate import SimulationResult

    if not isinstance(results, MappingKind):
        raise NomercyError(f"a chart takes {RESULTS}; not {quote(results)}")
    items = list(results.items())
    if not 1 <= len(items) <= MOST_RUNS:
        raise NomercyError(f"nothing to draw: a chart takes at least one run (at most {MOST_RUNS}), as "
                           f"{{label: result}}, like {{'No Mercy': simulate('no-mercy', games=200)}}; not "
                           f"{quote(results)}")
    for label, result in items:
        inputs.text(label, "a run's label", longest=80, like="No Mercy")
        if not isinstance(result, SimulationResult):
            raise NomercyError(f"the run {quote(label)} is a simulation result (what simulate gives), not "
                               f"{quote(result)}")
        if result.games == 0:
            raise NomercyError(f"the run {quote(label)} played no rounds: simulate at least one game")
    return items


def _runs_color(items: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The color channel shared by every chart of runs: one color per run, in the order given."""
    return {"field": "rules", "type": "nominal", "title": None,
            "scale": color_scale([label for label, _ in items], COLORS),
            "sort": [label for label, _ in items]}


# ----------------------------------------------------------------------------
# Game length
# ----------------------------------------------------------------------------

def game_length_figure(results: Mapping[str, "SimulationResult"], *, bins: int = 30) -> Chart:
    """How long rounds last: one histogram of turns per round for each run, with its median marked.

    The bars show the share of games (not the count), so runs of different sizes compare
    directly. All runs share the same bins, of a whole number of turns each, from 0 to the 98th
    percentile of the longest run, so a few very long games do not squash the picture; games
    beyond the last bin are counted in it.
    """
    bins = inputs.whole_number(bins, "the number of bars (bins)", 1, 1000, like=30)
    items = _check(results)
    top = max(_percentile(r.tally.turns, 0.98) for _, r in items)
    width = max(1, math.ceil(top / bins))
    count = max(1, math.ceil(top / width))
    last = count * width
    rows, medians = [], []
    tallest = 0.0
    for label, result in items:
        shares = [0] * count
        for turns, games in result.tally.turns.items():
            shares[min(turns // width, count - 1)] += games
        for k, games in enumerate(shares):
            share = round(games / result.games, 5)
            tallest = max(tallest, share)
            rows.append({"rules": label, "from": k * width, "to": (k + 1) * width, "share": share})
        stats = result.turn_stats()
        medians.append({"rules": label, "median": stats["median"], "p90": stats["p90"], "games": result.games,
                        "label": f"median {stats['median']:g}"})
    for i, row in enumerate(medians):  # the median labels stacked at the top, one line per run
        row["label_at"] = round(tallest * (1.08 - 0.09 * i), 5)
    color = _runs_color(items)
    x = {"field": "from", "type": "quantitative", "title": "turns in the round",
         "scale": {"domain": [0, last], "nice": False}}
    body = {
        "width": _WIDTH, "height": _HEIGHT,
        "layer": [
            {"data": {"values": rows}, "mark": {"type": "bar", "fillOpacity": 0.25, "strokeWidth": 1.5,
                                                "binSpacing": 0},
             "encoding": {"x": x, "x2": {"field": "to"},
                          "y": {"field": "share", "type": "quantitative", "title": "share of rounds",
                                "axis": {"format": ".0%"}, "stack": None},
                          "y2": {"datum": 0},
                          "color": color, "stroke": color}},
            {"data": {"values": medians}, "mark": {"type": "rule", "strokeDash": [6, 4], "strokeWidth": 1.5},
             "encoding": {"x": {"field": "median", "type": "quantitative"}, "color": color}},
            {"data": {"values": medians}, "mark": {"type": "text", "align": "left", "dx": 4, "fontWeight": "bold"},
             "encoding": {"x": {"field": "median", "type": "quantitative"},
                          "y": {"field": "label_at", "type": "quantitative"},
                          "text": {"field": "label"}, "color": color}},
        ],
    }
    words = "; ".join(f"{m['rules']}: {m['games']} rounds, median {m['median']:g} turns, "
                      f"90% of rounds within {m['p90']:g}; {_bands(result, last)}"
                      for m, (_, result) in zip(medians, items))
    description = (f"Histogram of how many turns a round lasted, as a share of each run's rounds, in bins of "
                   f"{width} turn{'s' if width > 1 else ''} from 0 to {last} (longer rounds are counted in the last "
                   f"bin); a dashed line marks each run's median. {words}.")
    return Chart("How long a round lasts", body, description, subtitle="dashed line: the median round")


def _bands(result: "SimulationResult", last: int, width: int = 50) -> str:
    """The bars' heights in words a reader without the picture can follow: the share of rounds per 50 turns, over
    the chart's own span (0 to ``last``): longer rounds are counted in the last span, as the chart counts them."""
    spans = max(1, math.ceil(last / width))
    shares: dict[int, int] = {}
    for turns, games in result.tally.turns.items():
        k = min(turns // width, spans - 1)
        shares[k] = shares.get(k, 0) + games

    def span(k: int) -> str:
        return f"{k * width} turns or more" if k == spans - 1 else f"{k * width} to {(k + 1) * width - 1} turns"

    return ", ".join(f"{span(k)} {shares.get(k, 0) / result.games:.0%}" for k in range(max(shares, default=0) + 1))


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

def endings_figure(results: Mapping[str, "SimulationResult"]) -> Chart:
    """How rounds end: for each run, one bar split into the shares of each ending.

    An *emptied hand* is the usual win; *last one standing* means the mercy rule knocked out
    everyone else. Each segment of 6% or more is labelled with its percentage. The endings have
    colors of their own (green, purple, grey), not the runs' colors.
    """
    items = _check(results)
    seen = [e for e in _ENDING_ORDER if any(r.tally.endings.get(e) for _, r in items)]
    seen += sorted({e for _, r in items for e in r.tally.endings} - set(seen))
    words = [_ENDING_WORDS.get(e, e) for e in seen]
    rows = []
    for label, result in items:
        start = 0.0
        for ending, word in zip(seen, words):
            share = result.tally.endings.get(ending, 0) / result.games
            rows.append({"rules": label, "ending": word, "share": round(share, 5), "start": round(start, 5),
                         "end": round(start + share, 5), "middle": round(start + share / 2, 5),
                         "label": percent(share) if share >= 0.06 else ""})
            start += share
    y = {"field": "rules", "type": "nominal", "title": None, "sort": [label for label, _ in items]}
    body = {
        "width": _WIDTH, "height": {"step": 42},
        "data": {"values": rows},
        "layer": [
            {"mark": {"type": "bar"},
             "encoding": {"y": y, "x": {"field": "start", "type": "quantitative", "title": "share of rounds",
                                        "scale": {"domain": [0, 1], "nice": False}, "axis": {"format": ".0%"}},
                          "x2": {"field": "end"},
                          "color": {"field": "ending", "type": "nominal", "title": None,
                                    "scale": color_scale(words, _ENDING_COLORS), "sort": words,
                                    "legend": {"orient": "bottom", "direction": "horizontal"}}}},
            {"mark": {"type": "text", "color": "white", "fontWeight": "bold"},
             "encoding": {"y": y, "x": {"field": "middle", "type": "quantitative"}, "text": {"field": "label"}}},
        ],
    }
    parts = []
    for label, result in items:
        shares = ", ".join(f"{percent(result.tally.endings.get(e, 0) / result.games)} {w}" for e, w in zip(seen, words))
        parts.append(f"{label}: {shares}")
    description = ("One bar per run, split into the share of rounds that ended each way. "
                   + "; ".join(parts) + ".")
    return Chart("How a round ends", body, description)


# ----------------------------------------------------------------------------
# Seat advantage
# ----------------------------------------------------------------------------

def seat_advantage_figure(results: Mapping[str, "SimulationResult"]) -> Chart:
    """Who wins by seat: each seat's win rate with its 95% interval, beside the fair share.

    The fair share is one round in ``players``, drawn as a dashed line; a seat whose interval
    stays clear of that line wins more (or less) often than chance explains. Runs with different
    numbers of players may be compared; each gets its own line. Seats are named A, B, C, ... as in
    the simulation; A is normally the first to play.
    """
    items = _check(results)
    rows, fair = [], {}
    for label, result in items:
        by_seat, _ = result.win_rates()
        for seat, row in by_seat.items():
            low, high = row["ci95"]
            rows.append({"rules": label, "seat": seat, "rate": row["rate"], "low": low, "high": high,
                         "wins": row["wins"], "games": result.games})
        players = len(result.seats)
        fair[players] = {"players": players, "fair": round(1 / players, 5)}
    color = _runs_color(items)
    seats = sorted({row["seat"] for row in rows})
    x = {"field": "seat", "type": "nominal", "title": "seat", "sort": seats, "axis": {"labelAngle": 0}}
    offset = {"field": "rules", "type": "nominal", "sort": [label for label, _ in items]}
    y = {"field": "rate", "type": "quantitative", "title": "rounds won", "axis": {"format": ".0%"}}
    fair_y = {"field": "fair", "type": "quantitative"}
    body = {
        "width": _WIDTH, "height": _HEIGHT,
        "layer": [
            {"data": {"values": rows}, "mark": {"type": "bar", "opacity": 0.85},
             "encoding": {"x": x, "xOffset": offset, "y": y, "color": color}},
            {"data": {"values": rows}, "mark": {"type": "rule", "color": "black", "strokeWidth": 1.5},
             "encoding": {"x": x, "xOffset": offset, "y": {"field": "low", "type": "quantitative"},
                          "y2": {"field": "high"}}},
            {"data": {"values": list(fair.values())},
             "mark": {"type": "rule", "strokeDash": [6, 4], "strokeWidth": 1.5, "color": "#333333"},
             "encoding": {"y": fair_y}},
        ],
    }
    parts = []
    for label, result in items:
        line = fair[len(result.seats)]
        seats_words = ", ".join(f"{r['seat']} {percent(r['rate'])} ({percent(r['low'])} to {percent(r['high'])})"
                                for r in rows if r["rules"] == label)
        parts.append(f"{label} ({result.games} rounds, {line['players']} players, fair share "
                     f"{percent(line['fair'])}): {seats_words}")
    description = ("Bars: the share of rounds each seat won, with its 95% interval as a black line; a dashed line "
                   "marks a fair share, one round in the number of players. A seat whose black line does not "
                   "reach the dashed line wins more (or less) often than luck explains. " + "; ".join(parts) + ".")
    shares = "; ".join(f"1 round in {players}" for players in sorted(fair))
    return Chart("Win rate by seat", body, description,
                 subtitle=f"black lines: 95% intervals; dashed: a fair share ({shares})")


# ----------------------------------------------------------------------------
# Knockout odds by hand size
# ----------------------------------------------------------------------------

def hand_size_odds(result: "SimulationResult", sizes: Sequence[int] | None = None) -> dict[int, float]:
    """For each hand size ``n``, the share of rounds in which some player held ``n`` cards or more.

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
    from nomercy.play.simulate import SimulationResult

    if not isinstance(result, SimulationResult):
        raise NomercyError(f"the knockout odds take one simulation result (what simulate gives with "
                           f"'keep_records=True'), not {quote(result)}")
    if result.records is None:
        raise NomercyError("the knockout odds need the game records: simulate the runs with 'keep_records=True'")
    largest = [r.largest_hand for r in result.records]
    if not largest:
        raise NomercyError("the run played no rounds: simulate at least one game")
    if sizes is None:
        sizes = range(1, max(largest) + 1)
    elif not isinstance(sizes, range):
        sizes = [inputs.whole_number(n, "a hand size", 1, MOST_MARKED_SIZE, like=25)
                 for n in inputs.items(sizes, "the hand sizes", least=1, most=MOST_MARKED_SIZE)]
    return {n: sum(1 for x in largest if x >= n) / len(largest) for n in sizes}


def knockout_odds_figure(results: Mapping[str, "SimulationResult"], *, limit: int | None = None) -> Chart:
    """The chance that somebody's hand reaches each size during a round, one line per run.

    Built from :func:`hand_size_odds` (the runs need ``keep_records=True``). The mercy
    limit is marked with a dotted line and each run's chance of reaching it is printed
    there: in No Mercy that is the chance of a knockout; in classic UNO it is how often
    the mercy rule would have bitten. ``limit`` defaults to the first run's mercy limit
    that is set (25 for No Mercy).
    """
    if limit is not None:
        limit = inputs.whole_number(limit, "the hand size marked (limit)", 1, MOST_MARKED_SIZE, like=25)
    items = _check(results)
    if limit is None:
        limit = next((r.rules.mercy_limit for _, r in items if r.rules.mercy_limit is not None), None)
    odds = {label: hand_size_odds(result) for label, result in items}  # checks the records first
    top = max(max(max(o) for o in odds.values()), limit or 0)
    rows = []
    for label, result in items:
        for size, share in hand_size_odds(result, range(1, top + 1)).items():
            rows.append({"rules": label, "cards": size, "share": round(share, 5)})
    color = _runs_color(items)
    x = {"field": "cards", "type": "quantitative", "title": "cards in one hand",
         "scale": {"domain": [1, top + 2], "nice": False}}  # room for the labels at the limit
    y = {"field": "share", "type": "quantitative", "title": "rounds where some hand got this big",
         "scale": {"domain": [0, 1.1], "nice": False}, "axis": {"format": ".0%", "values": [0, 0.2, 0.4, 0.6, 0.8, 1]}}
    layers: list[dict[str, Any]] = [
        {"data": {"values": rows}, "mark": {"type": "line", "interpolate": "step-after", "strokeWidth": 2},
         "encoding": {"x": x, "y": y, "color": color}},
    ]
    reached = {label: hand_size_odds(result, [limit])[limit] for label, result in items} if limit is not None else {}
    at_limit = [{"rules": label, "cards": limit, "share": round(share, 5), "label": percent(share),
                 "label_at": round(min(share + 0.05 + 0.08 * i, 1.08), 5)}  # stacked when the shares are close
                for i, (label, share) in enumerate(reached.items())]
    if limit is not None:
        layers += [
            {"data": {"values": [{"cards": limit, "label": f"mercy limit ({limit})"}]},
             "mark": {"type": "rule", "strokeDash": [2, 3], "color": "black", "strokeWidth": 1.5},
             "encoding": {"x": {"field": "cards", "type": "quantitative"}}},
            {"data": {"values": [{"cards": limit, "label": f"mercy limit ({limit})"}]},
             "mark": {"type": "text", "baseline": "bottom", "dy": -4, "fontSize": 11},
             "encoding": {"x": {"field": "cards", "type": "quantitative"}, "y": {"value": 0},
                          "text": {"field": "label"}}},
            {"data": {"values": at_limit}, "mark": {"type": "point", "filled": True, "size": 60},
             "encoding": {"x": {"field": "cards", "type": "quantitative"}, "y": {"field": "share", "type": "quantitative"},
                          "color": color}},
            {"data": {"values": at_limit}, "mark": {"type": "text", "align": "left", "dx": 6, "fontWeight": "bold"},
             "encoding": {"x": {"field": "cards", "type": "quantitative"},
                          "y": {"field": "label_at", "type": "quantitative"}, "text": {"field": "label"},
                          "color": color}},
        ]
    body = {"width": _WIDTH, "height": _HEIGHT, "layer": layers}
    parts = []
    for label, result in items:
        largest = max(r.largest_hand for r in result.records or ())
        reach = f", {percent(reached[label])} reached {limit} cards" if limit is not None else ""
        parts.append(f"{label}: every round reached {result.rules.hand_size} cards{reach}, the largest hand held "
                     f"{largest}")
    limit_words = (f" A dotted line marks the mercy limit of {limit} cards, labelled with each run's share of rounds "
                   f"that reached it." if limit is not None else "")
    description = ("For each hand size, the share of rounds in which some player held that many cards or more at "
                   "some moment, one line per run; every line falls as the hands grow." + limit_words + " "
                   + "; ".join(parts) + ".")
    return Chart("How big do hands get?", body, description,
                 subtitle="dotted line: the mercy limit" if limit is not None else "")


# ----------------------------------------------------------------------------
# Everything at once
# ----------------------------------------------------------------------------

def comparison_figure(results: Mapping[str, "SimulationResult"]) -> Chart:
    """The four charts of a comparison in one picture (the runs need ``keep_records=True``)."""
    return concat("The runs compared", [
        [game_length_figure(results), endings_figure(results)],
        [seat_advantage_figure(results), knockout_odds_figure(results)],
    ], "Four charts of the same runs, left to right and top to bottom.", width=_WIDTH * 2 // 3)
