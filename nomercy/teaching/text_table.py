"""Rows of short texts under named columns: an HTML table in a notebook, fixed-width text when printed.

The rule comparisons, the option-by-profile table and the whole rounds of :mod:`nomercy.teaching.rounds`
all show their results this way, so a table reads the same on GitHub, in nbviewer and in a terminal.

>>> print(Table(("card", "points"), ({"card": "red 7", "points": "7"}, {"card": "wild +6", "points": "50"})))
card    | points
red 7   | 7
wild +6 | 50
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote

__all__ = ["Table", "html_table"]


def html_table(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """A plain HTML table (left-aligned, small print) that reads on GitHub and nbviewer: ``columns`` name the
    columns (texts), ``rows`` are mappings of a column's name to its cell."""
    columns = inputs.texts(columns, "the columns (their names)", least=1, most=100)
    rows = inputs.items(rows, "the rows (each a mapping of a column's name to its cell)")
    if not all(isinstance(r, Mapping) for r in rows):
        raise NomercyError(f"each row is a mapping of a column's name to its cell, like {{{quote(columns[0])}: 'A'}}; "
                           f"not {quote(next(r for r in rows if not isinstance(r, Mapping)))}")
    cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
    head = "".join(f'<th style="{cell}">{escape(str(c))}</th>' for c in columns)
    def td(text: str) -> str:  # short cells like "A:2 B:5 C:3" read best on one line
        nowrap = ";white-space:nowrap" if len(text) <= 24 else ""
        return f'<td style="{cell}{nowrap}">{escape(text)}</td>'

    body = "".join("<tr>" + "".join(td(str(r.get(c, ""))) for c in columns) + "</tr>" for r in rows)
    return (f'<table style="border-collapse:collapse;font-size:13px"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


@dataclass(frozen=True)
class Table:
    """Rows of short texts under named columns: HTML in a notebook, fixed-width text when printed."""

    columns: tuple[str, ...]
    rows: tuple[Mapping[str, str], ...]

    def __str__(self) -> str:
        widths = [max([len(c)] + [len(str(r.get(c, ""))) for r in self.rows]) for c in self.columns]
        lines = [" | ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip()]
        lines += [" | ".join(str(r.get(c, "")).ljust(w) for c, w in zip(self.columns, widths)).rstrip()
                  for r in self.rows]
        return "\n".join(lines)

    def with_columns(self, *columns: str) -> "Table":
        """The same rows under fewer columns, in the order given (a long table read for one thing)."""
        unknown = [c for c in columns if c not in self.columns]
        if not columns or unknown or not all(isinstance(c, str) for c in columns):
            raise NomercyError(f"Pick columns of this table by name: {', '.join(self.columns)}.")
        return Table(columns=tuple(columns), rows=self.rows)

    def __repr__(self) -> str:
        return f"<table of {len(self.rows)} rows>"

    def _repr_html_(self) -> str:
        return html_table(self.columns, self.rows)
