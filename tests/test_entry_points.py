"""The inventory of the ways in: every entry point, listed from the code itself, is attacked by some hostile test.

A way in is anything through which a value from outside reaches the package: a command of ``nomercy`` and
each of its options (from the argparse parser), a parameter of a public function or class (each module's
``__all__``, read with ``inspect.signature``), a kind of file (:data:`nomercy.core.formats.FILE_FORMATS`), an
intent a widget or the table session takes (their dispatch tables), a message of the site's page and worker
(the ``type`` of each message in ``site/app/*.js``), and an argument of a script (``scripts/*.py``, their
argparse calls; every script answers ``--help``).

Every ``tests/test_hostile_*.py`` module names what it attacks in a module-level ``HOSTILE_COVERS``, with the
ids below. This test fails when an entry point is named by none of them, so a new surface without hostile
tests fails the suite; the failure lists the uncovered ids one per line.

:data:`WAITING` names the entry points whose hostile tests are being written on another branch at the time of
writing (the command line, the scripts, the site's messages); it may only shrink: an id in it that is covered,
or that no longer exists, fails too, so it cannot hide a new surface.
"""

from __future__ import annotations

import argparse
import ast
import enum
import importlib
import importlib.util
import inspect
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any, Iterator

import nomercy
from test_hostile_scripts import LIBRARIES

ROOT = Path(__file__).resolve().parent.parent


# --- the entry points, from the code -----------------------------------------------------------------

def cli_entry_points() -> set[str]:
    """``cli:<command> <option>`` for every option of every command, ``cli:<command>`` for its positionals."""
    from nomercy.cli import build_parser

    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser, command: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{command} {name}".strip())
            elif isinstance(action, argparse._HelpAction) or not command:
                continue
            elif action.option_strings:
                found.add(f"cli:{command} {max(action.option_strings, key=len)}")
            else:
                found.add(f"cli:{command}")

    walk(build_parser(), "")
    return found


def public_modules() -> Iterator[Any]:
    """Every module of the package that is not private (no part of its name starts with ``_``)."""
    for info in pkgutil.walk_packages(nomercy.__path__, "nomercy."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        yield importlib.import_module(info.name)


def every_public_callable() -> dict[str, Any]:
    """Every function and class in a public module's ``__all__``, by ``module.qualname`` where it is defined, with
    the public alternative constructors of its classes (``Class.from_json``, ``Class.parse``...)."""
    found: dict[str, Any] = {}
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not callable(obj) or not getattr(obj, "__module__", "").startswith("nomercy"):
                continue
            if isinstance(obj, type) and (issubclass(obj, (BaseException, enum.Enum))):
                continue  # the error types and the enums are what comes out, not ways in
            if not hasattr(obj, "__qualname__"):
                continue
            found[f"{obj.__module__}.{obj.__qualname__}"] = obj
            if isinstance(obj, type):
                for attr, raw in vars(obj).items():
                    if isinstance(raw, (classmethod, staticmethod)) and not attr.startswith("_"):
                        found[f"{obj.__module__}.{obj.__qualname__}.{attr}"] = getattr(obj, attr)
    return found


_IMPORTED = re.compile(r"from (nomercy[a-z_.]*) import \(?([A-Za-z_][A-Za-z_0-9, \n]*)")
_NAMED = re.compile(r"`(?:([A-Z][A-Za-z]+)[`.(]|([a-z_]+)\()")


def door_names() -> set[str]:
    """The names a person is shown to call: the package's and the widgets' ``__all__``, every name the README,
    the docs, the notebooks and the site's Python import from nomercy, and the names the README and the docs
    write in backticks (``TableSession``)."""
    import nomercy.widgets

    names = set(nomercy.__all__) | set(nomercy.widgets.__all__)
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "notebooks").glob("*.ipynb")),
             ROOT / "site" / "app" / "host.py"]
    for path in texts:
        text = path.read_text(encoding="utf-8").replace("\\n", "\n")
        for _, imported in _IMPORTED.findall(text):
            names.update(part.strip().split(" as ")[0] for part in imported.replace("\n", ",").split(",")
                         if part.strip())
        if path.suffix == ".md":
            names.update(name for pair in _NAMED.findall(text) for name in pair if name)
    return names


def public_callables() -> dict[str, Any]:
    """The doors of the package: the public callables (:func:`every_public_callable`) a person is shown to call
    (:func:`door_names`), with their alternative constructors.

    The other names in the modules' ``__all__`` are how the package's parts call each other (a table's words,
    a coach's arithmetic, a picture's pieces): typed, and given the package's own values; the sweep tries them
    too (``tests/hostile_api_tally.py --inner``) but the inventory asks hostile tests of the doors.
    """
    doors = door_names()
    return {where: obj for where, obj in every_public_callable().items()
            if where.split(".")[-1] in doors or (where.split(".")[-2] in doors and where.split(".")[-2][0].isupper())}


def parameters(obj: Any) -> list[str]:
    """The parameters a caller gives ``obj`` (``self`` and ``cls`` are not given)."""
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    return [name for name in signature.parameters if name not in ("self", "cls")]


def api_entry_points() -> dict[str, tuple[str, str]]:
    """``api:<module>.<qualname>(<param>)`` for every parameter of every public callable, to its (callable, param)."""
    return {f"api:{where}({param})": (where, param)
            for where, obj in public_callables().items() for param in parameters(obj)}


def file_entry_points() -> set[str]:
    from nomercy.core.formats import FILE_FORMATS

    return {f"file:{name}" for name in FILE_FORMATS}


def intent_entry_points() -> set[str]:
    """``intent:<Widget>:<intent>`` for the table session and every widget, from their dispatch tables."""
    from nomercy.play.table import TableSession

    holders: dict[str, Any] = {"TableSession": TableSession}
    try:
        import nomercy.widgets as widgets

        holders.update({name: getattr(widgets, name) for name in widgets.__all__})
    except ImportError:  # pragma: no cover - the widgets extra is part of the test extra
        pass
    return {f"intent:{name}:{intent}" for name, holder in holders.items()
            for intent in getattr(holder, "INTENTS", ())}


_MESSAGE_TYPE = re.compile(r"""(?:\btype:\s*|\bmessage\.type\s*===\s*)["']([a-z_]+)["']""")


_PAGE_SETTING = re.compile(r"""localStorage\.getItem\(["']([\w-]+)["']\)|URLSearchParams\([^)]*\)\.get(?:All)?\(["']([\w-]+)["']\)""")


def page_entry_points() -> set[str]:
    """``page:<file>:<type>`` for every type of message the site's page and worker send or take, and
    ``page:<file>:<name>`` for every value a page reads from the browser's storage (``localStorage``) or from
    its address (a query parameter)."""
    found = set()
    for path in sorted((ROOT / "site" / "app").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        found.update(f"page:{path.stem}:{stored or query}" for stored, query in _PAGE_SETTING.findall(text))
        for line in text.splitlines():
            if "postMessage" in line or "say(" in line or ".type ===" in line:
                found.update(f"page:{path.stem}:{kind}" for kind in _MESSAGE_TYPE.findall(line))
    return found


def prompt_entry_points() -> set[str]:
    """``prompt:<kind>`` for every kind of question the terminal table asks (:data:`terminal.PROMPT_KINDS`)."""
    from nomercy.play.terminal import PROMPT_KINDS

    return {f"prompt:{kind}" for kind in PROMPT_KINDS}


def script_entry_points() -> set[str]:
    """``script:<file> --help`` for every script, and ``script:<file> <option>`` for each argparse argument; the shell
    scripts (``scripts/site``...) and the build's Node scripts (``scripts/*.mjs``) as ``script:<name> --help``."""
    from test_hostile_scripts import SHELL_SCRIPTS

    found = {f"script:{name} --help" for name in SHELL_SCRIPTS}
    found |= {f"script:{path.name} --help" for path in (ROOT / "scripts").glob("*.mjs")}
    for path in sorted((ROOT / "scripts").glob("*.py")):
        if path.name.startswith("_") or path.name in LIBRARIES:
            continue
        found.add(f"script:{path.name} --help")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "add_argument" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                first = node.args[0].value
                found.add(f"script:{path.name} {first}" if first.startswith("-") else f"script:{path.name}")
    return found


def every_entry_point() -> set[str]:
    return (cli_entry_points() | set(api_entry_points()) | file_entry_points() | intent_entry_points()
            | page_entry_points() | prompt_entry_points() | script_entry_points())


# --- what the hostile tests cover --------------------------------------------------------------------

def hostile_covers() -> dict[str, set[str]]:
    """Each hostile test module's ``HOSTILE_COVERS``, by file name."""
    covers = {}
    for path in sorted((ROOT / "tests").glob("test_hostile_*.py")):
        name = f"_covers_{path.stem}"
        module = sys.modules.get(path.stem) or sys.modules.get(name)
        if module is None:
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        covers[path.name] = set(getattr(module, "HOSTILE_COVERS", ()))
    return covers


WAITING: frozenset[str] = frozenset({
})
"""Entry points whose hostile tests another branch is writing (see the module's docstring); it may only shrink."""


def test_every_entry_point_is_attacked_by_a_hostile_test() -> None:
    covered = set().union(*hostile_covers().values())
    missing = sorted(every_entry_point() - covered - WAITING)
    assert not missing, "entry points that no HOSTILE_COVERS names:\n" + "\n".join(missing)


def test_every_id_a_hostile_test_names_is_an_entry_point_that_exists() -> None:
    inner = {f"api:{where}({param})" for where, obj in every_public_callable().items() for param in parameters(obj)}
    known = every_entry_point() | inner  # a hostile test may attack an inner callable too
    stale = sorted(f"{where}: {id_}" for where, ids in hostile_covers().items() for id_ in ids if id_ not in known)
    assert not stale, "HOSTILE_COVERS names what is no entry point (renamed or removed?):\n" + "\n".join(stale)


def test_the_waiting_list_only_shrinks() -> None:
    covered = set().union(*hostile_covers().values())
    known = every_entry_point()
    done = sorted(WAITING & covered)
    gone = sorted(WAITING - known)
    assert not done, "covered now, so take them out of WAITING:\n" + "\n".join(done)
    assert not gone, "no longer entry points, so take them out of WAITING:\n" + "\n".join(gone)


def test_the_inventory_finds_every_kind_of_entry_point() -> None:
    """The listing itself works: each kind of way in is found, with ones we know are there."""
    every = every_entry_point()
    for known in ("cli:play --save", "cli:simulate --workers", "cli:check", "api:nomercy.play.table.TableSession(players)",
                  "api:nomercy.core.engine.new_game(seed)", "api:nomercy.play.table.TableSession.deal_of_the_day(date)",
                  "file:record", "file:save", "intent:GameTable:undo", "intent:Trainer:import_progress",
                  "page:worker:start", "page:page:comm", "script:write_docs.py --help", "script:build_site.py --out"):
        assert known in every, known


def test_every_file_format_names_a_reader_that_exists() -> None:
    from nomercy.core.formats import FILE_FORMATS

    for fmt in FILE_FORMATS.values():
        module, _, qualname = fmt.reader.partition(":")
        target: Any = importlib.import_module(module)
        for part in qualname.split("."):
            target = getattr(target, part)
        assert callable(target), fmt.reader
