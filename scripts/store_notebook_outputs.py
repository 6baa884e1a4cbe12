"""Run every notebook in notebooks/ and store its outputs in place, for nbval to compare against.

    python scripts/store_notebook_outputs.py              # every notebook
    python scripts/store_notebook_outputs.py notebooks/03-stacking.ipynb

The notebooks run in a kernel started from this interpreter (the kernel nbval's --nbval-current-env
starts), in the notebooks/ folder, with PYTHONHASHSEED=0: the same environment as the nbval step of
scripts/test (and the day of the deal of the day fixed: KERNEL_ENV below). The charts are stored with a PNG beside their Vega-Lite specification (so GitHub and
nbviewer show them), drawn by vl-convert-python (the test extra): without it the script stops. Cell timings are dropped and widget model ids
renumbered, so storing twice gives the same files.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a notebook is run: two seconds of CPU that --help and a refused value need not pay
    import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

# The environment the kernel sees; scripts/test exports the same values before running nbval. NOMERCY_TODAY fixes
# the day a deal of the day takes as today, so the stored page is the same whatever day it is stored (nbval
# ignores that one cell's output: run on another day, it deals that day's deal, as it does for a reader).
MATPLOTLIB_CONFIG = Path(os.environ.get("MPLCONFIGDIR", Path.home() / ".config" / "matplotlib"))
"""Matplotlib's own folder, kept when a notebook is stored in an empty home (its font cache is not built again)."""

KERNEL_ENV = {"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "NOMERCY_TODAY": "2026-12-01"}


def notebook_paths(args: list[str]) -> list[Path]:
    if args:
        return [Path(a).resolve() for a in args]
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb"))


def _joined_streams(outputs: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """Outputs with each run of printed text to the same stream (stdout, stderr) made one output."""
    joined: list[nbformat.NotebookNode] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (output.get("output_type") == "stream" and last is not None and last.get("output_type") == "stream"
                and last.get("name") == output.get("name")):
            last["text"] = "".join(last["text"]) + "".join(output["text"])
        else:
            joined.append(output)
    return joined


def tidy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop or fix what changes on every run without meaning anything.

    Execution timings go. Printed text that reached the notebook in several pieces (where the kernel's
    output happened to be cut depends on timing) is one output again. Widget model ids are random: they are
    renumbered in order of first appearance, so a notebook stored twice is the same file (and its saved
    widget state still matches its outputs, for nbviewer).
    """
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if "outputs" in cell:
            cell.outputs = _joined_streams(cell.outputs)
    # shown widgets in cell order, then the saved state in creation order: both fixed by the code
    ids: dict[str, None] = {}
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(_WIDGET_VIEW)
            if view and "model_id" in view:
                ids.setdefault(view["model_id"])
    ids.update(dict.fromkeys(nb.metadata.get("widgets", {}).get(_WIDGET_STATE, {}).get("state", {})))
    if not ids:
        return nb
    import nbformat

    text = json.dumps(nb)
    for number, model_id in enumerate(ids, start=1):
        text = text.replace(model_id, f"{number:032x}")
    return nbformat.from_dict(json.loads(text))


_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def store(path: Path, timeout: int) -> float:
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbval.kernel import CURRENT_ENV_KERNEL_NAME, NbvalKernelspecManager

    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    start = time.perf_counter()
    # a kernel from this very interpreter, as `pytest --nbval-current-env` starts it
    kernel = KernelManager(kernel_name=CURRENT_ENV_KERNEL_NAME, kernel_spec_manager=NbvalKernelspecManager())
    client = NotebookClient(
        nb,
        km=kernel,
        timeout=timeout,
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=True,
    )
    client.execute(cwd=str(path.parent))  # the kernel inherits our environment (see main)
    nb = tidy(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    from nomercy.cli import OneLineParser
    from nomercy.puzzles.commands import whole_number

    parser = OneLineParser(prog="scripts/store_notebook_outputs.py", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to run (default: every notebooks/*.ipynb)")
    parser.add_argument("--timeout", type=whole_number("--timeout", 1, 86_400), default=600,
                        help="seconds a single cell may take, 1 to 86400 (default 600)")
    args = parser.parse_args(argv)
    from notebook_text import notebook_problem  # this folder's reader of notebooks: the same checks

    for name in args.notebooks:
        problem = notebook_problem(Path(name))
        if problem is not None:
            parser.error(problem)
    if importlib.util.find_spec("vl_convert") is None:
        print("error: vl-convert-python is not installed, so the charts would be stored without their pictures; "
              "install the test extra: pip install -e '.[test]'", file=sys.stderr)
        return 2
    os.environ.update(KERNEL_ENV)  # every kernel started from now on inherits it
    paths = notebook_paths(args.notebooks)
    if not paths:
        print("no notebooks found", file=sys.stderr)
        return 1
    for path in paths:
        # The trainer, the learning path and a kept mistake read this machine's learners and progress from the
        # data folder: each notebook is stored in a fresh empty home, so the stored page never shows them, and
        # names the folder as a reader's own machine does (~/.local/share/nomercy).
        home = tempfile.mkdtemp(prefix="nomercy-store-")
        os.environ.update(HOME=home, MPLCONFIGDIR=str(MATPLOTLIB_CONFIG))
        for name in ("NOMERCY_DATA_DIR", "XDG_DATA_HOME"):
            os.environ.pop(name, None)
        try:
            took = store(path, args.timeout)
        finally:
            shutil.rmtree(home, ignore_errors=True)
        print(f"stored {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} ({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
