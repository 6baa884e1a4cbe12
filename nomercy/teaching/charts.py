"""A chart as data: a Vega-Lite specification and the sentence that says what it shows.

The package draws no pixels. A chart is a Vega-Lite specification (plain JSON, built from the
package's own numbers) that the notebook's front end draws: JupyterLab 4 and JupyterLite 0.8 bundle a
Vega-Lite renderer for the ``application/vnd.vegalite.v5+json`` output, so charts need no numpy, no
matplotlib and no network, and run the same under CPython and in the browser under Pyodide.

Every chart carries its description: the ``text/plain`` form of the output, which says what the
chart shows and gives its key numbers. That is what a reader without the picture reads (a screen
reader, the text of a stored notebook); the same words are the specification's ``description``, which
the drawn SVG carries as its accessible name. Where the optional ``vl-convert-python`` is installed
(the ``test`` extra brings it, to store the notebooks' outputs), the output also holds a PNG of the
same specification, so a stored notebook shows the picture where nothing draws Vega-Lite (GitHub,
nbviewer), with the description as its alt text. JupyterLab adds such a PNG itself when it draws a chart
that has none.

>>> chart = Chart("Cards", {"mark": "bar", "data": {"values": [{"n": 1}]}, "encoding": {"y": {"field": "n"}}},
...               "One bar: one card.")
>>> chart.spec["title"], chart.spec["description"]
('Cards', 'One bar: one card.')
>>> print(chart)
One bar: one card.
"""

from __future__ import annotations

import base64
import copy
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote

__all__ = ["VEGA_LITE_MIME", "Chart", "concat", "can_draw_png", "percent", "color_scale"]

VEGA_LITE_MIME = "application/vnd.vegalite.v5+json"
"""The output type the charts are shown as: JupyterLab 4.6 draws it with Vega-Lite 5.6, JupyterLite 0.8 with 5.14."""

_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"  # a name only: no renderer fetches it

_STATIC_VEGA_LITE = "5.8"
"""The Vega-Lite version vl-convert draws the PNG with: the oldest it offers, the nearest to JupyterLab's 5.6."""

_CONFIG: dict[str, Any] = {
    "font": "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif",
    "view": {"stroke": None},
    "axis": {"labelFontSize": 11, "titleFontSize": 12, "titleFontWeight": "normal", "grid": True,
             "gridColor": "#eeeeee"},
    "legend": {"labelFontSize": 11, "titleFontSize": 11, "labelLimit": 320},
    "title": {"fontSize": 14, "anchor": "start", "subtitleFontSize": 11, "subtitleColor": "#555555"},
}
"""One look for every chart: the package's font, light grid lines, no frame around the plot."""


@dataclass(frozen=True)
class Chart:
    """One picture: its title, its Vega-Lite body (data, marks, encodings) and its description.

    ``body`` is a Vega-Lite view or composition without the keys that only the top of a
    specification may hold; :attr:`spec` adds them. ``subtitle`` is a line under the title (what
    the marks mean). Charts combine with :func:`concat`.
    """

    title: str
    body: Mapping[str, Any] = field(repr=False)
    description: str = field(repr=False)
    subtitle: str = field(default="", repr=False)

    @property
    def heading(self) -> str | dict[str, str]:
        """The title as Vega-Lite takes it: the text, with the subtitle when there is one."""
        return {"text": self.title, "subtitle": self.subtitle} if self.subtitle else self.title

    @property
    def spec(self) -> dict[str, Any]:
        """The whole Vega-Lite specification (a fresh copy): what the front end and vl-convert draw."""
        return {"$schema": _SCHEMA, "description": self.description, "title": self.heading,
                **copy.deepcopy(dict(self.body)), "config": copy.deepcopy(_CONFIG)}

    def png(self) -> bytes | None:
        """The chart drawn as a PNG by vl-convert, or None where vl-convert is not installed (Pyodide)."""
        if not can_draw_png():
            return None
        import vl_convert

        return bytes(vl_convert.vegalite_to_png(self.spec, vl_version=_STATIC_VEGA_LITE))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The outputs: the spec, the words, and the PNG where vl-convert is installed.

        The front end is asked to draw with SVG: an SVG carries the description as its accessible
        name, and its text can be read and selected.
        """
        bundle: dict[str, Any] = {VEGA_LITE_MIME: self.spec, "text/plain": self.description}
        metadata: dict[str, Any] = {VEGA_LITE_MIME: {"embed_options": {"renderer": "svg"}}}
        picture = self.png()
        if picture is not None:
            bundle["image/png"] = base64.b64encode(picture).decode("ascii")
            metadata["image/png"] = {"alt": self.description}  # the PNG's alt text, as IPython's Image(alt=) stores it
        return bundle, metadata

    def __str__(self) -> str:
        return self.description


def can_draw_png() -> bool:
    """Whether this Python can draw charts as PNG pictures (vl-convert-python is installed)."""
    return importlib.util.find_spec("vl_convert") is not None


def concat(title: str, rows: Sequence[Sequence[Chart]], description: str = "", *, width: int | None = None) -> Chart:
    """Charts laid out in rows, each keeping its own colors and legend.

    The description is ``description`` followed by each part's description, in order. ``width``
    narrows every part that has a width of its own, so that a row fits beside a notebook's margin.
    """
    title = inputs.text(title, "a layout's title", longest=300, like="Classic against No Mercy")
    description = inputs.text(description, "a layout's description", least=0, longest=20_000)
    if width is not None:
        width = inputs.whole_number(width, "the width of each chart (in pixels)", 50, 5000, like=280)
    rows = [inputs.items(row, "a row of charts", most=12) for row in inputs.items(rows, "the rows of charts", most=12)]
    parts = [chart for row in rows for chart in row]
    if not parts:
        raise NomercyError("nothing to lay out: pass at least one chart, in rows, like [[chart_a, chart_b]]")
    for chart in parts:
        if not isinstance(chart, Chart):
            raise NomercyError(f"a row of charts holds charts (what a figure function gives), not {quote(chart)}")

    def part(chart: Chart) -> dict[str, Any]:
        body = {"title": chart.heading, **copy.deepcopy(dict(chart.body))}
        if width is not None and isinstance(body.get("width"), (int, float)):
            body["width"] = width
        return body

    apart = {"scale": {"color": "independent", "stroke": "independent"},
             "legend": {"color": "independent", "stroke": "independent"}}  # at every level: it is not inherited
    body = {"vconcat": [{"hconcat": [part(chart) for chart in row], "resolve": apart} for row in rows],
            "resolve": apart}
    words = [description] if description else []
    words += [f"{chart.title}: {chart.description}" for chart in parts]
    return Chart(title, body, "\n".join(words))


def percent(share: float) -> str:
    """A share as a whole percentage, the way the charts and their descriptions print it: ``0.857 -> '86%'``."""
    return f"{inputs.number(share, 'a share (0.857 is 86%)', 0, 1):.0%}"


def color_scale(domain: Sequence[str], colors: Sequence[str]) -> dict[str, Any]:
    """A color scale giving ``domain[i]`` the color ``colors[i % len(colors)]``."""
    domain = inputs.texts(domain, "the names colored (the domain)", most=100)
    colors = inputs.texts(colors, "the colors, like ['#1f5fbf', '#d62728']", least=1, most=100)
    return {"domain": list(domain), "range": [colors[i % len(colors)] for i in range(len(domain))]}
