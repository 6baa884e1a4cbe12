"""Render stored notebooks as plain text, outputs included: what a reader without a kernel gets.

GitHub, nbviewer and an exported page show a notebook's stored outputs, never a live widget. This
prints each notebook as Markdown: the prose as written, the code in fences, and under each cell what
a reader sees of its outputs, as text: HTML with its tags gone (a picture by its alt text or SVG
title, table cells split by ``|``), a chart or image by its text description, a widget by its static
fallback (or a note that nothing shows). A fresh reader reads this text for the lesson review of
docs/lesson-review.md.

    .venv/bin/python scripts/notebook_text.py notebooks/03-stacking.ipynb      # to the screen
    .venv/bin/python scripts/notebook_text.py --out review/ notebooks/*.ipynb   # one .md per notebook
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

_BLOCKS = {"p", "div", "br", "tr", "li", "ul", "ol", "table", "thead", "tbody", "h1", "h2", "h3", "h4", "h5",
           "h6", "pre", "section", "header", "footer", "figure", "figcaption", "details", "summary", "hr"}
_CELLS = {"td", "th"}
_WIDGET = "application/vnd.jupyter.widget-view+json"


class _Text(HTMLParser):
    """HTML to the text a reader sees: blocks on their own lines, cells split by ``|``, pictures by their names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.svg = 0          # depth inside <svg>: only its <title> is read
        self.title = False
        self.hidden = 0       # inside <style> or <script>
        self.cell = 0         # depth inside <td>/<th>: a line break there is a space, so the row stays one line

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.hidden += 1
        elif tag == "svg":
            self.svg += 1
            self.parts.append(" ")
        elif tag == "title" and self.svg:
            self.title = True
            self.parts.append("[")
        elif tag == "img":
            alt = dict(attrs).get("alt") or "picture with no alt text"
            self.parts.append(f" [{alt}] ")
        elif tag == "br" and self.cell:
            self.parts.append(" ")
        elif tag in _BLOCKS:
            self.parts.append("\n")
        elif tag in _CELLS:
            self.cell += 1
            self.parts.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.hidden -= 1
        elif tag == "svg":
            self.svg -= 1
            self.parts.append(" ")
        elif tag == "title" and self.svg:
            self.title = False
            self.parts.append("]")
        elif tag in _CELLS:
            self.cell = max(0, self.cell - 1)
        elif tag == "br" and self.cell:
            return
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.hidden or (self.svg and not self.title):
            return
        self.parts.append(data)

    def text(self) -> str:
        lines = (re.sub(r"[ \t]+", " ", line).strip() for line in "".join(self.parts).splitlines())
        return "\n".join(line for line in lines if line and line != "|")


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.text()


def _joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def output_text(output: dict) -> str:
    """One stored output as a reader without a kernel sees it."""
    kind = output.get("output_type")
    if kind == "stream":
        return _joined(output.get("text", "")).rstrip()
    if kind == "error":
        return f"[error] {output.get('ename')}: {output.get('evalue')}"
    data = output.get("data", {})
    plain = _joined(data.get("text/plain", "")).rstrip()
    if "text/html" in data:
        return html_text(_joined(data["text/html"]))
    for kind in ("image/png", "image/svg+xml"):
        if kind in data:
            alt = output.get("metadata", {}).get(kind, {}).get("alt")
            return f"[picture; its alt text: {alt}]" if alt else "[picture with no alt text]"
    if "text/markdown" in data:
        return _joined(data["text/markdown"]).rstrip()
    if _WIDGET in data:
        return f"[a live widget: nothing shows without a kernel; its text: {plain}]"
    return plain


def notebook_problem(path: Path) -> str | None:
    """Why ``path`` is not a notebook these scripts can read, in one line; None when it is one.

    A notebook is a UTF-8 JSON object of nbformat 4 whose ``cells`` are objects with a ``cell_type`` and a ``source`` of text (or
    a list of texts). Checked before any work, so a file that only has the ending ``.ipynb`` is one line, not a
    traceback from deep in the reading."""
    if not os.path.lexists(path):
        return f"{path} does not exist: name a notebook file (.ipynb), like notebooks/00-index.ipynb"
    if not path.is_file() or path.suffix != ".ipynb":
        return f"{path} is not a notebook file (.ipynb)"
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return f"{path} is not a notebook: it is not UTF-8 text"
    except ValueError:
        return f"{path} is not a notebook: it is not JSON"
    except OSError as error:
        return f"{path} cannot be read: {(error.strerror or 'an error').lower()}"
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        return f"{path} is not a notebook: it has no list of cells"
    if nb.get("nbformat") != 4 or isinstance(nb.get("nbformat"), bool):
        return f"{path} is not a notebook of the format these scripts read (nbformat 4)"

    def text(value: object) -> bool:
        return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))

    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str) \
                or not text(cell.get("source", "")) or not isinstance(cell.get("outputs", []), list):
            return f"{path} is not a notebook: its cell {number} is not a cell with a type and text"
    return None


def notebook_text(path: Path) -> str:
    """A notebook as Markdown: prose, code in fences, each cell's outputs as text under ``output:``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    parts = [f"<!-- {path.name}: rendered as text with its stored outputs -->"]
    for number, cell in enumerate(nb["cells"], 1):
        source = _joined(cell.get("source", "")).rstrip()
        if cell["cell_type"] == "markdown":
            parts.append(source)
            continue
        if cell["cell_type"] != "code":
            continue
        parts.append(f"```python\n# cell {number}\n{source}\n```")
        shown: list[str] = []
        streams = ""  # a stream arrives in pieces: join them as printed
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                streams += _joined(output.get("text", ""))
                continue
            if streams.strip():
                shown.append(streams.rstrip())
            streams = ""
            text = output_text(output)
            if text:
                shown.append(text)
        if streams.strip():
            shown.append(streams.rstrip())
        if shown:
            parts.append("output:\n\n```text\n" + "\n".join(shown) + "\n```")
    return "\n\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    from nomercy.cli import OneLineParser

    parser = OneLineParser(prog="scripts/notebook_text.py", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--out", help="write one <notebook>.md per notebook into this folder")
    args = parser.parse_args(argv)
    if args.out is not None:
        from nomercy.core.files import name_problem

        if not args.out.strip():  # Path('') is the current folder: an empty name is no folder
            parser.error("--out names a folder to write into, not nothing")
        problem = name_problem(args.out)
        if problem is not None:
            parser.error(f"--out: {problem}")
        args.out = parser.folder("--out", Path(args.out))
    for path in args.notebooks:
        problem = notebook_problem(path)
        if problem is not None:
            parser.error(problem)
    for path in args.notebooks:
        text = notebook_text(path)
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{path.stem}.md").write_text(text, encoding="utf-8")
        else:
            print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
