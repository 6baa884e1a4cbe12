"""docs/architecture.md's table of layers holds to the tree: every module sits in the row of its folder.

The table names each layer's modules (a subpackage with its modules in brackets) and what the layer may
import. A module added, moved or removed without its row changing fails here, and so does a "may import"
column that disagrees with the order tests/test_layers.py enforces.
"""

from __future__ import annotations

import re
from pathlib import Path

from test_layers import LAYERS, PACKAGE

DOC = PACKAGE.parent / "docs" / "architecture.md"
ROW = re.compile(r"^\| (?P<layer>`nomercy/\w+`|root and CLI) \| (?P<modules>.+?) \| (?P<imports>[^|]+) \|$")


def _table() -> dict[str, tuple[set[str], str]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            layer = match["layer"].strip("`").removeprefix("nomercy/") if match["layer"] != "root and CLI" else ""
            rows[layer] = (set(re.findall(r"`([\w/.]+)`", match["modules"].split("(+")[0])), match["imports"].strip())
    return rows


def _tree(folder: Path) -> set[str]:
    """The modules of a folder as the table names them: files, and each subpackage with its own modules."""
    found = {p.stem for p in folder.glob("*.py") if p.stem != "__init__" or folder == PACKAGE}
    for package in folder.iterdir():
        if (package / "__init__.py").is_file() and folder != PACKAGE:
            found.add(package.name)
            found |= {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    return found


def test_the_table_names_every_layer_in_order_and_nothing_else():
    assert list(_table()) == list(LAYERS) + [""]
    assert {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()} == set(LAYERS)


def test_each_row_names_exactly_the_modules_of_its_folder():
    for layer, (named, _) in _table().items():
        folder = PACKAGE / layer if layer else PACKAGE
        tree = _tree(folder)
        assert named == tree, (f"docs/architecture.md, row {layer or 'root'}: "
                               f"add {sorted(tree - named)}, remove {sorted(named - tree)}")


def test_what_each_layer_may_import_is_the_layers_below_it():
    for index, layer in enumerate(LAYERS):
        imports = _table()[layer][1]
        below = ", ".join(LAYERS[:index])
        expected = {0: "nothing else in nomercy", len(LAYERS) - 1: "everything below"}.get(index, below)
        assert imports == expected, f"{layer}: the table says {imports!r}"
    assert _table()[""][1] == "everything"
