"""The site's build (scripts/build_site.py) refuses, in one line, what would make a site that hangs.

These run without a browser, a network or JupyterLite: the checks on their own, on small files made here.
The build itself and the site in chromium are tested by ``pytest -m site`` (tests/test_site.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
assert _spec and _spec.loader
build_site = importlib.util.module_from_spec(_spec)
sys.modules["build_site"] = build_site
_spec.loader.exec_module(build_site)


def test_a_pyodide_other_than_the_kernels_stops_the_build_naming_both() -> None:
    build_site.check_kernel_version(build_site.PYODIDE_VERSION)
    with pytest.raises(build_site.BuildError) as error:
        build_site.check_kernel_version("0.27.1")
    assert str(error.value) == (f"Pyodide version mismatch: jupyterlite-pyodide-kernel pins 0.27.1, "
                                f"scripts/build_site.py fetches {build_site.PYODIDE_VERSION}")


def test_a_missing_wheel_is_named(tmp_path: Path) -> None:
    (tmp_path / "comm-0.2.3-py3-none-any.whl").write_bytes(b"")
    assert build_site.find_wheel(tmp_path, "comm==0.2.3").name == "comm-0.2.3-py3-none-any.whl"
    with pytest.raises(build_site.BuildError, match=r"^no wheel for anywidget==0.11.0 in "):
        build_site.find_wheel(tmp_path, "anywidget==0.11.0")


def test_the_lock_closure_names_a_package_the_lock_lacks() -> None:
    packages = {"ipython": {"depends": ["prompt_toolkit"]}, "prompt-toolkit": {"depends": ["wcwidth"]},
                "wcwidth": {"depends": []}, "micropip": {"depends": []}, "jedi": {"depends": ["parso"]},
                "parso": {"depends": []}, "typing-extensions": {"depends": []}, "pyyaml": {"depends": []}}
    assert build_site.lock_closure(packages) == [
        "ipython", "jedi", "micropip", "parso", "prompt-toolkit", "pyyaml", "typing-extensions", "wcwidth"]
    del packages["parso"]
    with pytest.raises(build_site.BuildError, match=r"lock has no package parso$"):
        build_site.lock_closure(packages)


def test_a_built_site_whose_lock_names_an_absent_wheel_is_refused(tmp_path: Path) -> None:
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    config = {"jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config))
    pyodide = tmp_path / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    lock = {"packages": {"comm": {"file_name": "comm-0.2.3-py3-none-any.whl", "sha256": "0" * 64}}}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))
    with pytest.raises(build_site.BuildError, match=r"names comm-0.2.3-py3-none-any.whl \(comm\) but the site has no such"):
        build_site.check_site(tmp_path)
    kernel["pyodideUrl"] = "https://cdn.example/pyodide.mjs"
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config))
    with pytest.raises(build_site.BuildError, match=r"lost the kernel's settings"):
        build_site.check_site(tmp_path)


def test_a_failed_build_prints_one_line_and_exits_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    def fails(out: Path, cache: Path) -> None:
        raise build_site.BuildError("no wheel for psygnal==0.16.1 in .cache/site/wheels")

    monkeypatch.setattr(build_site, "build", fails)
    assert build_site.main(["--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == "site: error: no wheel for psygnal==0.16.1 in .cache/site/wheels\n"


def test_a_wheel_tells_the_lock_its_name_dependencies_and_packages(tmp_path: Path) -> None:
    wheel = tmp_path / "nomercy-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("nomercy/__init__.py", "")
        archive.writestr("nomercy-0.1.0.dist-info/METADATA",
                         "Metadata-Version: 2.4\nName: nomercy\nVersion: 0.1.0\nRequires-Dist: PyYAML>=6\n"
                         "Requires-Dist: anywidget>=0.9; extra == 'widgets'\n")
    assert build_site._wheel_metadata(wheel) == ("nomercy", "0.1.0", ["pyyaml"], ["nomercy"])


@pytest.mark.site  # needs the built site's Pyodide (bash scripts/site) and Node
def test_a_notebook_that_fails_in_pyodide_fails_the_build_naming_it_and_its_cell(tmp_path: Path) -> None:
    site = ROOT / "_site"
    if not (site / "static" / "pyodide" / "pyodide.mjs").exists():
        reason = "the site is not built: run 'bash scripts/site' first (bash scripts/test does)"
        pytest.fail(reason) if os.environ.get("CI", "").lower() == "true" else pytest.skip(reason)
    (tmp_path / "notebooks").mkdir()
    cells = [{"cell_type": "code", "source": "seats = 99", "metadata": {}, "outputs": [], "execution_count": None},
             {"cell_type": "markdown", "source": "Too many players:", "metadata": {}},
             {"cell_type": "code", "source": "from nomercy import new_game\nnew_game('no-mercy', seats)",
              "metadata": {}, "outputs": [], "execution_count": None}]
    (tmp_path / "notebooks" / "too-many.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                                                        "nbformat_minor": 5}))
    with pytest.raises(build_site.BuildError) as error:
        build_site.check_notebooks(site, tmp_path)
    assert str(error.value) == ("a notebook fails in Pyodide: notebooks/too-many.ipynb cell 2: "
                                "nomercy.core.errors.RulesError: no-mercy is for 2 to 6 players, not 99")


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/nomercy.txt", "package/../../outside.txt"])
def test_a_downloaded_archive_with_a_member_outside_its_folder_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    import io
    import tarfile

    tarball = tmp_path / "pyodide.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        data = b"x"
        info = tarfile.TarInfo(name)
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    with tarfile.open(tarball) as archive, pytest.raises(build_site.BuildError) as error:
        build_site.unpack(archive, tmp_path / "out", tarball.name)
    assert str(error.value) == f"pyodide.tgz holds {name!r}, which would not stay a plain file inside {tmp_path / 'out'}"
    assert not (tmp_path / "outside.txt").exists() and not (tmp_path / "out").exists()


def test_the_train_pages_puzzle_bundle_gives_the_very_puzzles_the_files_give(tmp_path: Path) -> None:
    from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir, load_puzzles

    build_site.puzzle_bundle(tmp_path / "puzzles.json")
    bundle = json.loads((tmp_path / "puzzles.json").read_text(encoding="utf-8"))
    folder = default_puzzle_dir()  # as site/app/host.py names them
    from_bundle = [Puzzle.from_dict(entry["data"], path=str(folder / entry["file"])) for entry in bundle]
    assert from_bundle == load_puzzles()
    assert len(from_bundle) > 100


def test_a_built_site_whose_app_lock_loads_ipython_is_refused(tmp_path: Path) -> None:
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    config = {"jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config))
    pyodide = tmp_path / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    wheel = pyodide / "ipython-9.12.0-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    entry = {"file_name": wheel.name, "sha256": build_site.sha256(wheel)}
    (pyodide / "pyodide-lock.json").write_text(json.dumps({"packages": {"ipython": entry}}))
    (pyodide / build_site.APP_LOCK).write_text(json.dumps({"packages": {"ipython": entry}}))
    with pytest.raises(build_site.BuildError, match=r"the app pages' lock names ipython, which they do without$"):
        build_site.check_site(tmp_path)

