"""The README's quick start, CI and the notebook suite's skeleton stay in step.

The quick start is exactly two commands: one installs and opens JupyterLab on the index notebook, one
installs and runs every test. CI runs the second word for word; Binder opens the first notebook.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = ROOT / "notebooks"
INDEX = NOTEBOOKS / "00-index.ipynb"


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, re.M | re.S)
    assert match, f"README has no '## {title}' section"
    return match.group(1)


def quick_start_commands() -> list[str]:
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section("Quick start"), re.S)]


def test_quick_start_is_two_one_line_commands():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert all("\n" not in command for command in commands)


def test_the_first_command_runs_the_lab_script_which_installs_the_lab_extra_into_a_venv():
    assert quick_start_commands()[0] == "bash scripts/lab"
    script = (ROOT / "scripts/lab").read_text()
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "install_extra lab" in script and any(dep.startswith("jupyterlab") for dep in extras["lab"])
    assert "notebooks/00-index.ipynb" in script and (ROOT / "notebooks/00-index.ipynb").is_file()
    assert '--ServerApp.root_dir=$PWD' in script  # the whole repository in the file browser


def test_both_commands_share_one_venv_made_with_python3():
    """Debian has no `python` and refuses `pip install` into its own Python: a venv made with python3."""
    helper = (ROOT / "scripts/_venv.sh").read_text()
    assert "VENV=${VENV:-.venv}" in helper and "command -v python3" in helper and '-m venv "$VENV"' in helper
    for script in ("scripts/lab", "scripts/test"):
        text = (ROOT / script).read_text()
        assert "source scripts/_venv.sh" in text and "use_python" in text and "VENV=" not in text, script
    # the site's build keeps JupyterLite out of that venv (its lab extension breaks a desktop JupyterLab)
    assert "VENV=.venv-site\nsource scripts/_venv.sh" in (ROOT / "scripts/site").read_text()
    assert "python -m" not in "\n".join(quick_start_commands())


def test_ci_runs_exactly_the_second_command():
    test_command = quick_start_commands()[1]
    ci_lines = [line for line in (ROOT / ".ci/run").read_text().splitlines()
                if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert ci_lines == [f"exec {test_command}"]


def test_the_binder_section_says_how_to_make_the_link_and_guesses_no_address():
    """This copy does not know its public address: no link with a placeholder a reader must fill in, but
    the steps on mybinder.org, with a notebook path that exists."""
    assert "<owner>" not in README and "mybinder.org/v2/gh/" not in README
    text = section("Binder")
    assert "https://mybinder.org" in text
    paths = re.findall(r"`(notebooks/[^`]+\.ipynb)`", text)
    assert paths, "the Binder section names no notebook to open"
    for path in paths:
        assert (ROOT / path).is_file(), path


def test_binder_installs_the_package_with_the_lab_extra():
    requirements = [line.strip() for line in (ROOT / "binder/requirements.txt").read_text().splitlines()
                    if line.strip() and not line.startswith("#")]
    assert "-e .[lab]" in requirements
    start = ROOT / "binder/start"
    if start.exists():
        assert start.read_text().rstrip().splitlines()[-1].startswith('exec "$@"')


# --- the notebooks ----------------------------------------------------------------------------------

def notebook_files() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def index_rows() -> list[str]:
    cells = json.loads(INDEX.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return [line for line in text.splitlines() if re.match(r"\| *\d+ *\|", line)]


def test_index_links_every_notebook_that_exists():
    linked = {target for row in index_rows() for target in re.findall(r"\]\(([^)]+\.ipynb)\)", row)}
    for path in notebook_files():
        if path != INDEX:
            assert path.name in linked, f"00-index.ipynb does not link {path.name}"
    for target in linked:
        assert (NOTEBOOKS / target).is_file(), f"00-index.ipynb links {target}, which does not exist"


def test_coming_soon_only_where_the_notebook_is_missing():
    for row in index_rows():
        has_link = "](" in row
        assert has_link != ("coming soon" in row), row


@pytest.mark.parametrize("path", notebook_files(), ids=lambda p: p.name)
def test_notebook_is_stored_with_outputs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code" and "".join(cell["source"]).strip()]
    assert code, f"{path.name} has no code"
    # A cell tagged skip-execution (a long study a reader runs, with a progress bar) is left out when the
    # outputs are stored, and nbval must skip it too; every other code cell is stored run.
    skipped = [i for i, cell in enumerate(code) if "skip-execution" in cell["metadata"].get("tags", [])]
    for i in skipped:
        assert "nbval-skip" in code[i]["metadata"]["tags"], f"{path.name}: code cell {i} is not run but nbval runs it"
        assert not code[i].get("outputs"), f"{path.name}: code cell {i} is not run but has stored outputs"
    unrun = [i for i, cell in enumerate(code) if cell.get("execution_count") is None and i not in skipped]
    assert not unrun, f"{path.name}: code cells {unrun} were not run; run scripts/store_notebook_outputs.py"
    errors = [o for cell in code for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{path.name} is stored with an error output"


# --- the first command, for real ----------------------------------------------------------------------

@pytest.mark.slow
def test_jupyter_lab_opens_the_index_notebook():
    """`bash scripts/lab` starts JupyterLab and serves the index notebook (about 15 s)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts/lab_smoke.py"), "notebooks/00-index.ipynb"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_the_address_scripts_lab_prints_opens_the_index_notebook_not_the_launcher():
    """The token address a person copies (no desktop browser) serves the index notebook (about 15 s)."""
    import os
    import signal
    import time
    import urllib.error
    import urllib.request

    env = {**os.environ, "PYTHON": sys.executable}
    server = subprocess.Popen(["bash", "scripts/lab", "--no-browser", "--port=8937"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        address = None
        deadline = time.monotonic() + 120
        while address is None and time.monotonic() < deadline and server.stdout is not None:
            found = re.search(r"http://127\.0\.0\.1:\d+/\S*\?token=\S+", server.stdout.readline())
            address = found.group(0) if found else None
        assert address is not None and "/lab/tree/notebooks/00-index.ipynb?token=" in address, address
        page = None  # the server prints its address a moment before it takes connections: ask until it answers
        while page is None:
            try:
                page = urllib.request.urlopen(address, timeout=30).read().decode()
            except urllib.error.URLError as error:
                if not isinstance(error.reason, ConnectionRefusedError) or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert re.search(r'"treePath":\s*"notebooks/00-index\.ipynb"', page)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


@pytest.mark.parametrize("path", notebook_files(), ids=lambda p: p.name)
def test_notebook_widgets_are_stored_with_the_packages_own_js_and_css(path):
    """JupyterLab makes a notebook's stored widget models when it opens it, and anywidget's CSS is global (one
    style per widget class): a notebook stored before a change of a widget's JS or CSS would put the old look
    back over every widget of that class on the page, until scripts/store_notebook_outputs.py stores it again."""
    import importlib

    state = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("widgets", {})
    models = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in models.values():
        stored = model["state"]
        if "_anywidget_id" not in stored:
            continue
        module, name = stored["_anywidget_id"].rsplit(".", 1)
        widget = getattr(importlib.import_module(module), name)
        for trait in ("_esm", "_css"):
            source = getattr(widget, trait)
            current = source.read_text(encoding="utf-8") if isinstance(source, Path) else str(source)
            assert stored[trait] == current, (f"{path.name} stores an older {name}.{trait}: run "
                                              f".venv/bin/python scripts/store_notebook_outputs.py {path.relative_to(ROOT)}")
