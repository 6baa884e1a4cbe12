"""Every script the package and the site ship parses, in the everyday loop.

The widgets' ES modules (``nomercy/widgets/static/*.js``) and the site's scripts (``site/app/*.js``) run only in a
browser: a missing bracket in ``game_table.js`` once reached JupyterLab, where the table drew nothing, and only
the slow browser suite could have seen it. Node's parser (``node --check``) reads each file as the browser does
(an ES module, or a classic script for the service worker) in a fraction of a second, without running it.

Node is on the project's machine and CI's (``scripts/test`` installs Debian's ``nodejs`` beside chromium). On
a machine without it these tests skip and say how to get it, except under ``CI=true``, where they fail: a fresh
machine's everyday loop stays green, and CI never passes without parsing the scripts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SHIPPED = ("nomercy", "site")
"""The folders whose ``.js`` files ship: the package's widgets, and the static site's pages and workers."""

CLASSIC = {"site/app/service-worker.js": "registered without type: module, it loads JupyterLab's worker with importScripts"}
"""The shipped scripts a browser loads as classic scripts, not ES modules, and why; every other one is a module
(a widget's ``_esm``, a page's ``<script type="module">``, the pages' ``new Worker(..., {type: "module"})``)."""

NODE = shutil.which("node")
IN_CI = os.environ.get("CI", "").lower() == "true"
HOW_TO_GET_NODE = ("node (Node.js) is not on this machine, so the shipped scripts are not parsed: install it "
                   "(apt-get install nodejs, or https://nodejs.org), or run 'bash scripts/test', which installs it")


def _shipped_scripts() -> list[Path]:
    return sorted(path for folder in SHIPPED for path in (ROOT / folder).rglob("*.js")
                  if "node_modules" not in path.parts)


def _parse(source: str, *, module: bool) -> subprocess.CompletedProcess[str]:
    """Node's verdict on ``source`` as an ES module or a classic script: exit 0, or 1 with the place of the
    first syntax error on stderr. From stdin, so the file's name or a nearby package.json cannot change how it
    is read."""
    if NODE is None:
        if IN_CI:
            pytest.fail(f"CI=true but {HOW_TO_GET_NODE}")
        pytest.skip(HOW_TO_GET_NODE)
    kind = "module" if module else "commonjs"
    return subprocess.run([NODE, f"--input-type={kind}", "--check"], input=source, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_the_shipped_folders_hold_scripts() -> None:
    """The list below is not empty by mistake: the widgets' six modules and the site's scripts are found, and
    every classic script named above still exists."""
    found = {path.relative_to(ROOT).as_posix() for path in _shipped_scripts()}
    assert {"nomercy/widgets/static/game_table.js", "nomercy/widgets/static/dom.js", "site/app/page.js",
            "site/app/worker.js"} <= found
    assert set(CLASSIC) <= found


@pytest.mark.parametrize("path", _shipped_scripts(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_shipped_script_parses(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    result = _parse(path.read_text(encoding="utf-8"), module=name not in CLASSIC)
    assert result.returncode == 0, f"{name} does not parse:\n{result.stderr}"


@pytest.mark.parametrize("module", [True, False], ids=["module", "classic"])
def test_a_script_with_a_missing_bracket_is_caught(module: bool) -> None:
    """The check can fail: the game table's module with one closing bracket taken out (as in the pace label's
    call that once shipped) is refused, and so is a classic script with the same slip."""
    source = (ROOT / "nomercy/widgets/static/game_table.js").read_text(encoding="utf-8")
    if not module:
        source = (ROOT / "site/app/service-worker.js").read_text(encoding="utf-8")
    cut = source.rindex(")")
    broken = source[:cut] + source[cut + 1:]
    assert _parse(source, module=module).returncode == 0
    result = _parse(broken, module=module)
    assert result.returncode != 0
    assert "SyntaxError" in result.stderr


def test_an_import_of_a_module_in_a_classic_script_is_caught() -> None:
    """The two kinds are told apart: a module's ``import`` is a syntax error in a classic script, so a widget
    module parsed as the wrong kind would be seen."""
    assert _parse('import { h } from "./dom.js";\n', module=False).returncode != 0
    assert _parse('import { h } from "./dom.js";\n', module=True).returncode == 0
