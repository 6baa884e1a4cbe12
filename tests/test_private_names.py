"""Each module owns its private names: no module reads or assigns another's.

A name that starts with ``_`` is a promise that only its owner touches it. ``obj._name``
where ``obj`` is not ``self``, ``cls`` or ``super()`` (the object itself, seen as its parent class: an
override that extends what it inherits), and ``from x import _name``, break that promise:
they tie two modules to one's insides (the table session cut into ``f(table, ...)``
modules was 113 such accesses). Dunder names (``__init__``, ``__class__``) are the
language's, not a module's, and do not count. The goal is 0 and no file over 600 lines;
lower the numbers below whenever something is fixed, never raise them.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "nomercy"
FILES = sorted(PACKAGE.rglob("*.py"))

FOREIGN_PRIVATE_AT_MOST = 0
LINES_AT_MOST = 600
LONG_FILES_AT_MOST = 0


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _foreign_private(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Where ``path`` reaches into another object's or module's private names, as ``file:line what``."""
    where = path.relative_to(root)
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            itself = isinstance(owner, ast.Name) and owner.id in ("self", "cls") or (
                isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super"
                and not owner.args)
            if not itself:
                found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            found.extend(f"{where}:{node.lineno} from {node.module} import {a.name}"
                         for a in node.names if _private(a.name))
    return found


def _long_files() -> list[str]:
    lengths = {path: len(path.read_text().splitlines()) for path in FILES}
    return [f"{path.relative_to(PACKAGE.parent)} ({n} lines)" for path, n in lengths.items() if n > LINES_AT_MOST]


def test_no_module_touches_another_modules_private_names():
    found = [hit for path in FILES for hit in _foreign_private(path)]
    assert len(found) <= FOREIGN_PRIVATE_AT_MOST, (
        f"{len(found)} foreign private accesses (at most {FOREIGN_PRIVATE_AT_MOST}); "
        "give the owner a public face instead:\n" + "\n".join(found))
    assert len(found) >= FOREIGN_PRIVATE_AT_MOST, (
        f"only {len(found)} foreign private accesses remain: lower FOREIGN_PRIVATE_AT_MOST to it")


def test_no_file_is_over_600_lines():
    long = _long_files()
    assert len(long) <= LONG_FILES_AT_MOST, (
        f"{len(long)} files over {LINES_AT_MOST} lines (at most {LONG_FILES_AT_MOST}): " + ", ".join(long))
    assert len(long) >= LONG_FILES_AT_MOST, (
        f"only {len(long)} files over {LINES_AT_MOST} lines remain: lower LONG_FILES_AT_MOST to it")


def test_the_counter_sees_what_it_counts(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from a import _hidden, shown\nclass C:\n    def f(self, other):\n"
                      "        self._mine = other._theirs\n        return cls._ok, other.__class__, super()._ok, super(C, other)._no\n")
    assert sorted(hit.split(" ", 1)[1] for hit in _foreign_private(sample, tmp_path)) == [
        "from a import _hidden", "other._theirs", "super(C, other)._no"]
