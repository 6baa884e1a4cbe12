"""The scripts under scripts/ against a hostile user: ``--help`` only prints the help, and a flag they do not take
(a typo, a look-alike, a value of the wrong kind) is refused in one line before anything is written or printed.

Before, ``scripts/write_docs.py --help`` (or ``--chek``) rewrote the docs and ``scripts/print_rule_card.py --help``
printed both PDFs. Each script is run as a person runs it, in a process; the docs folder, the notebooks and the
pictures are compared byte for byte before and after.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ("site_pages.py",)
"""Modules of scripts/ that a script imports (build_site.py imports site_pages.py) and nobody runs: they read no
arguments (the test below holds them to that)."""
SCRIPTS = sorted(p.name for p in (ROOT / "scripts").glob("*.py") if not p.name.startswith("_") and p.name not in LIBRARIES)
SHELL_SCRIPTS = sorted(p.name for p in (ROOT / "scripts").iterdir() if p.is_file() and not p.suffix
                       and not p.name.startswith("_") and p.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash"))
"""The shell scripts (``bash scripts/site``, ``bash scripts/lab``...): they check their arguments before anything is
installed or run (``bash scripts/lab --frob`` installed JupyterLab, then handed ``--frob`` to it)."""
NODE_SCRIPTS = sorted(p.name for p in (ROOT / "scripts").glob("*.mjs"))
"""The scripts the site's build runs under Node: they check their arguments before Pyodide is loaded."""

HOSTILE_COVERS = tuple(f"script:{name} --help" for name in SCRIPTS) + (
    "script:write_docs.py --check", "script:print_rule_card.py --check", "script:build_site.py --out",
    "script:build_site.py --cache", "script:lab_smoke.py", "script:notebook_text.py", "script:notebook_text.py --out",
    "script:store_notebook_outputs.py", "script:store_notebook_outputs.py --timeout", "script:hostile_core_tally.py -v",
) + tuple(f"script:{name} --help" for name in SHELL_SCRIPTS + NODE_SCRIPTS)
WATCHED = ("docs", "notebooks")
"""The folders a script could write: none may change when a script is only asked for help or refused."""


def fingerprint() -> dict[str, str]:
    """Each watched file's time of last change and size."""
    found = {}
    for folder in WATCHED:
        for path in sorted((ROOT / folder).rglob("*")) if (ROOT / folder).is_dir() else []:
            if path.is_file():
                status = path.stat()  # a write changes the time of last change, even with the same bytes
                found[str(path.relative_to(ROOT))] = f"{status.st_mtime_ns}:{status.st_size}"
    return found


def run(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(ROOT / "scripts" / script), *argv], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=env)


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_script_parses_its_arguments_with_the_one_line_parser(script):
    """A script of its own way with ``sys.argv`` is how ``--help`` came to rewrite the docs."""
    assert "OneLineParser(" in (ROOT / "scripts" / script).read_text(encoding="utf-8")


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_only_prints_the_help(script):
    before = fingerprint()
    done = run(script, "--help")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith(f"usage: scripts/{script}"), done.stdout[:200]
    assert fingerprint() == before, "asking for help changed files"


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize("flag", ["--chek", pytest.param("-x", marks=pytest.mark.slow),
                                  pytest.param("--help=yes", marks=pytest.mark.slow), "\u2014check",
                                  pytest.param("--check\u200b", marks=pytest.mark.slow)])
def test_a_flag_the_script_does_not_take_is_one_line_and_nothing_is_done(script, flag):
    before = fingerprint()
    done = run(script, flag)
    assert done.returncode == 2 and done.stdout == "", done.stdout[:300]
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"scripts/{script}: "), done.stderr
    assert f"'scripts/{script} --help' lists what is allowed" in lines[0] and "Traceback" not in lines[0]
    assert fingerprint() == before


@pytest.mark.parametrize("script, argv, said", [
    ("store_notebook_outputs.py", ["--timeout", "\u00b2"], "--timeout is a whole number written with the digits"),
    ("store_notebook_outputs.py", ["--timeout", "0"], "--timeout is a whole number from 1 to 86400"),
    ("store_notebook_outputs.py", ["--timeout", "9" * 5000], "not one of 5,000 digits"),
    ("store_notebook_outputs.py", ["no-such.ipynb"], "no-such.ipynb does not exist: name a notebook file (.ipynb)"),
    ("store_notebook_outputs.py", ["README.md"], "README.md is not a notebook file (.ipynb)"),
    ("notebook_text.py", ["README.md"], "README.md is not a notebook file (.ipynb)"),
    ("lab_smoke.py", ["docs"], "docs is not a notebook file (.ipynb) of the project folder"),
    ("build_site.py", ["--out", "docs"], "--out docs is a folder that is not a site built here"),
    ("build_site.py", ["--out", "README.md"], "--out README.md is not a folder"),
    ("build_site.py", ["--cache", "README.md"], "--cache README.md is a file, not a folder"),
    ("build_site.py", ["--out", "_no_site_here_"], "run 'bash scripts/site'"),  # the package's Python has no JupyterLite
    ("notebook_text.py", ["--out", "README.md", "notebooks/00-index.ipynb"], "--out README.md is a file, not a folder"),
    ("write_docs.py", ["--check", "--check"], "--check is given twice"),
])
def test_a_value_a_script_cannot_use_is_one_line_before_anything_is_done(script, argv, said):
    before = fingerprint()
    done = run(script, *argv)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr
    assert fingerprint() == before and (ROOT / "docs" / "rulebook.md").is_file()


def test_the_lab_settings_run_as_a_command_say_what_they_are_in_one_line():
    """It ended in NameError: name 'get_config' is not defined."""
    for argv in ([], ["--help"]):
        done = run("_lab_config.py", *argv)
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.strip() == ("scripts/_lab_config.py is the settings JupyterLab reads when 'bash scripts/lab' "
                                       "starts it; run 'bash scripts/lab' instead")


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_library_of_the_scripts_run_alone_says_what_it_is_in_one_line(library):
    """It did nothing and said nothing, whatever it was given (``--frob`` too)."""
    text = (ROOT / "scripts" / library).read_text(encoding="utf-8")
    assert "sys.argv" not in text and "argparse" not in text
    before = fingerprint()
    for argv in ([], ["--help"], ["--frob"]):
        done = run(library, *argv)
        assert done.returncode == 1 and done.stdout == "" and fingerprint() == before
        assert done.stderr.count("\n") == 1 and "run 'bash scripts/site" in done.stderr, done.stderr


def run_shell(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(ROOT / "scripts" / script), *argv], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("script", SHELL_SCRIPTS)
@pytest.mark.parametrize("argv", [["--frob"], ["--chek"], ["-x"], ["-\u2014help"], ["--out"], ["a", "b", "c"]])
def test_a_shell_script_refuses_what_it_does_not_take_with_its_usage_before_anything_runs(script, argv):
    """``bash scripts/check_binder --frob`` ran ``rm -rf --frob``; ``bash scripts/site --frob`` installed for
    minutes before the typo was refused; ``bash scripts/check_workflows --frob`` ran as if it were not there."""
    before = fingerprint()
    done = run_shell(script, *argv)
    assert done.returncode == 2 and done.stdout == "", done.stdout[:300]
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{script}: ") and f"usage: bash scripts/{script}" in lines[0], \
        done.stderr
    assert fingerprint() == before


@pytest.mark.parametrize("script", SHELL_SCRIPTS)
def test_a_shell_script_s_help_only_prints_its_usage(script):
    done = run_shell(script, "--help")
    assert done.returncode == 0 and done.stderr == "" and done.stdout.startswith(f"bash scripts/{script}"), done


@pytest.mark.parametrize("argv, said", [
    (["--port=99999"], "lab: --port is a port number from 0 to 65535, not '99999'"),
    (["--port=\u00b2"], "lab: --port is a port number from 0 to 65535"),
    (["--port", "8888"], "lab: write --port with its value after '=', like --port=8888"),
    (["--ip"], "lab: write --ip with its value after '=', like --ip=127.0.0.1"),
    (["--Frob.token=x"], "lab: unknown setting '--Frob.token'"),
    (["--ServerApp.root-dir=x"], "lab: unknown setting '--ServerApp.root-dir'"),
    (["--no-browser", "--frob"], "lab: unknown option '--frob'"),
])
def test_the_lab_refuses_an_option_jupyterlab_does_not_take_before_anything_is_installed(argv, said):
    before = fingerprint()
    done = run_shell("lab", *argv)
    assert done.returncode == 2 and done.stdout == "" and not (ROOT / ".venv-never").exists()
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(said), done.stderr
    assert fingerprint() == before


def test_the_lab_refuses_a_setting_jupyterlab_does_not_have_before_it_starts():
    """``--ServerApp.frob=1`` started JupyterLab with a warning in its log; a setting's name is checked against
    JupyterLab's own list once it is installed (here: this interpreter's, PYTHON=...), before it starts."""
    pytest.importorskip("jupyterlab")
    done = subprocess.run(["bash", str(ROOT / "scripts" / "lab"), "--no-browser", "--ServerApp.frob=1"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, stdin=subprocess.DEVNULL,
                          env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 2 and "Jupyter" not in done.stdout, done  # it says which Python it uses, and stops
    assert done.stderr.strip().endswith("lab: ServerApp has no setting 'frob' (JupyterLab's settings: jupyter lab "
                                        "--help-all)"), done.stderr


@pytest.mark.parametrize("script", NODE_SCRIPTS)
@pytest.mark.parametrize("argv, said", [
    (["--frob"], "unknown option '--frob': it takes no options"),
    (["-x", "a", "b"], "unknown option '-x'"),
    ([], "it needs"),
    (["no-such-folder", "b", "c.ipynb"], "no-such-folder"),
])
def test_a_node_script_of_the_build_refuses_what_it_does_not_take_before_pyodide_loads(script, argv, said):
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here (the site's build needs it)")
    done = subprocess.run([node, str(ROOT / "scripts" / script), *argv], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.returncode == 2 and done.stdout == "", done
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{script}: ") and said in lines[0], done.stderr
    assert f"usage: node scripts/{script}" in lines[0]
    helped = subprocess.run([node, str(ROOT / "scripts" / script), "--help"], capture_output=True, text=True,
                            timeout=60, cwd=ROOT)
    assert helped.returncode == 0 and helped.stdout.startswith(f"usage: node scripts/{script}")
