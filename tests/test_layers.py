"""The package's layers: each imports only the layers below it, and no module imports itself in a circle.

core (the rules) < play (games, players, simulation) < puzzles < teaching (what notebooks
show) < widgets < the package root and the command line. Imports inside functions count
too: a lazy import is still a dependency. An import under ``if TYPE_CHECKING:`` does not
run, so it cannot break the layers at import time, but a circle through it is still two
modules that know each other: those circles are counted, and their number may only fall.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nomercy"
LAYERS = ("core", "play", "puzzles", "teaching", "widgets")
TOP = len(LAYERS)  # nomercy/__init__.py, cli.py, __main__.py


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else TOP


def _imports(module: str) -> tuple[set[str], set[str]]:
    """The nomercy modules ``module`` imports anywhere in its body: without, then with, those under ``if TYPE_CHECKING``."""
    tree = ast.parse(MODULES[module].read_text())
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    typed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        ours = {name for name in names if name in MODULES and name != module}
        typed |= ours
        if id(node) not in typing_only:
            found |= ours
    return found, typed


@functools.cache
def graphs() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each module's imports, without and with those under ``if TYPE_CHECKING``: every module is parsed once, when
    a test first asks, so that only the worker that runs this file pays for it (every worker collects it)."""
    both = {module: _imports(module) for module in MODULES}
    return {m: plain for m, (plain, _) in both.items()}, {m: typed for m, (_, typed) in both.items()}


# Circles that close only through an ``if TYPE_CHECKING:`` import. The goal is 0; lower
# this number whenever a circle goes, never raise it.
TYPING_CIRCLES_AT_MOST = 0


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_and_the_layers_below(module):
    above = sorted(m for m in graphs()[0][module] if _layer(m) > _layer(module))
    assert not above, f"{module} ({(LAYERS + ('top',))[_layer(module)]}) imports {above} from a layer above it"


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest circle through each module that sits on one, each circle once."""
    def cycle_from(start: str) -> list[str] | None:
        queue = [(start, [start])]
        seen: set[str] = set()
        while queue:
            node, path = queue.pop(0)
            for nxt in sorted(graph[node]):
                if nxt == start:
                    return path + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, path + [nxt]))
        return None

    found: dict[frozenset[str], list[str]] = {}
    for module in sorted(graph):
        if (cycle := cycle_from(module)) is not None:
            found.setdefault(frozenset(cycle), cycle)
    return list(found.values())


def test_no_import_circles():
    circles = _circles(graphs()[0])
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles[:5])


def test_import_circles_through_type_checking_do_not_grow():
    circles = _circles(graphs()[1])
    assert len(circles) <= TYPING_CIRCLES_AT_MOST, (
        f"{len(circles)} import circles close through `if TYPE_CHECKING:` (at most {TYPING_CIRCLES_AT_MOST}): "
        + "; ".join(" -> ".join(c) for c in circles))
    assert len(circles) >= TYPING_CIRCLES_AT_MOST, (
        f"only {len(circles)} import circles through `if TYPE_CHECKING:` remain: lower TYPING_CIRCLES_AT_MOST to it")


def test_every_module_sits_in_a_layer():
    loose = sorted(m for m in MODULES if _layer(m) == TOP and m not in ("nomercy", "nomercy.cli", "nomercy.__main__"))
    assert not loose, f"modules outside the layers: {loose}"
