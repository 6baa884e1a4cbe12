"""Build the suite as a static JupyterLite site: Python runs in the page (Pyodide), nothing is installed.

    python scripts/build_site.py [--out _site] [--cache .cache/site]

(``bash scripts/site`` sets up the build environment and runs this.) The folder it writes is served as it
is by any static web server; every byte a visitor's browser loads comes from it:

- JupyterLite (the Lab), with the Pyodide kernel and the lab extensions of anywidget and ipywidgets from
  the build environment;
- Pyodide's core, from npm's ``pyodide`` package of exactly the version the kernel pins, and beside it the
  pure wheels the kernel starts with (micropip, IPython, jedi, ...) with Pyodide's package lock rewritten
  to name them (file names, sha256) and to list nothing else, so nothing is looked for on a CDN; every
  wheel there carries its modules compiled by that Pyodide (:func:`precompile`);
- nomercy's wheel and the wheels it needs in the browser (comm, anywidget, psygnal, ipywidgets,
  jupyterlab_widgets, PyYAML's pure modules) as piplite wheels;
- the contents: ``notebooks/``, the ``docs/`` pages they link to, ``puzzles/``;
- the landing page ``site/index.html``, and the Play and Train pages (``site/play/``, ``site/train/``,
  ``site/app/``): one widget each, run by Pyodide with no JupyterLab and no kernel, from a lock of their
  own (``static/pyodide/app-lock.json``) that names only the wheels the widgets need.

Downloads (npm, pip) are kept in the cache folder. The output folder is removed and built again every
time: an incremental JupyterLite build was seen to drop ``pyodideUrl``, and then the kernel went to a
CDN. Any fault (a wheel not found, a Pyodide version that is not the kernel's) ends the build with
one line naming it, never a site that hangs at "Loading".
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_pages  # noqa: E402  (scripts/site_pages.py: the header and the rules pages)

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.6"
"""npm's ``pyodide`` package fetched; it must be the version jupyterlite-pyodide-kernel pins."""
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_ROOTS = ("micropip", "ipython", "jedi", "typing-extensions", "pyyaml")
"""What the kernel and nomercy load from Pyodide's lock; their dependencies in the lock come along."""
PIPLITE = ("comm", "anywidget", "psygnal", "ipywidgets", "jupyterlab_widgets")
"""Wheels not in Pyodide's lock, at the versions of the build environment, whose lab extensions the site
carries (a widget's Python and JavaScript halves must be the same release); added to the lock."""
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
"""The kernel's own wheels (from its lab extension's pypi/ folder), put in the lock as well."""
PRELOAD = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython", "widgetsnbextension",
           "nomercy", "anywidget", "ipywidgets"]
"""What the kernel loads as it starts, in one go from the lock (with their dependencies there). The
kernel's own packages are among them: it then skips installing them one by one with micropip (which is
what makes a start slow), and ``import nomercy`` works in every notebook with no install cell."""
PURE = ["--only-binary=:all:", "--platform", "any", "--python-version", "3.14", "--implementation", "py",
        "--abi", "none"]
CONTENTS = ("notebooks", "docs", "puzzles")
APP_PAGES = ("learn", "play", "train")
"""The site's pages that show one widget, with no code (``site/<page>/index.html``, run by ``site/app/``)."""
APP_ROOTS = ("nomercy", "anywidget")
"""What the app pages load from Pyodide's lock, with what they need there but :data:`APP_LEFT_OUT`."""
OTHER_PAGES: tuple[str, ...] = ()
"""Pages of the site written elsewhere (``site/<name>/``), copied when the build finds them; the header
links them only then."""
APP_LEFT_OUT = ("ipython", "widgetsnbextension", "jupyterlab-widgets")
"""Needed by ipywidgets in a notebook (the shell; the front end's files), not by a page of our own."""
APP_LOCK = "app-lock.json"
DOM_HELPER = "dom.js"
"""The widgets' one DOM helper (``nomercy/widgets/static/``), which the app pages import beside them."""
SITE_RULEBOOK = f"../{site_pages.RULES_PAGE}"
"""The rulebook page as the widgets link it from a page one folder down (lab/, play/, train/)."""
PUZZLE_BUNDLE = "puzzles.json"
"""The puzzle collection as the Train page reads it (see :func:`puzzle_bundle`), in the site's ``app/``."""
LEARN_BUNDLE = "learn.json"
"""The learning path (``learn/``) as the Learn page reads it (see :func:`learn_bundle`), in the site's ``app/``."""


class BuildError(Exception):
    """A fault that ends the build; its message is the one line printed."""


def run(command: list[str], what: str, cwd: Path | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        log = ROOT / "artifacts" / "site-build.log"
        log.parent.mkdir(exist_ok=True)
        log.write_text(f"$ {' '.join(command)}\n{done.stdout}\n{done.stderr}")
        last = (done.stderr.strip().splitlines() or done.stdout.strip().splitlines() or ["(no output)"])[-1]
        raise BuildError(f"{what} failed: {last} (full log: {log.relative_to(ROOT)})")
    return done.stdout


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_kernel_version(pinned: str | None = None) -> None:
    """The Pyodide this build fetches is the one the kernel was made for (``pinned``: the kernel's pin)."""
    if pinned is None:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as pinned
    if pinned != PYODIDE_VERSION:
        raise BuildError(f"Pyodide version mismatch: jupyterlite-pyodide-kernel pins {pinned}, "
                         f"scripts/build_site.py fetches {PYODIDE_VERSION}")


def fetch_pyodide(cache: Path) -> Path:
    """npm's ``pyodide`` package (the core: wasm, stdlib, lock; no wheels), unpacked in the cache."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (folder / "package" / "pyodide-lock.json").exists():
        if shutil.which("npm") is None:
            raise BuildError("npm is missing: it fetches Pyodide's core (Debian: apt-get install npm)")
        cache.mkdir(parents=True, exist_ok=True)
        tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
        if not tarball.exists():
            run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
                f"npm pack pyodide@{PYODIDE_VERSION}")
        shutil.rmtree(folder, ignore_errors=True)
        with tarfile.open(tarball) as archive:
            unpack(archive, folder, tarball.name)
    version = json.loads((folder / "package" / "package.json").read_text())["version"]
    if version != PYODIDE_VERSION:
        raise BuildError(f"Pyodide version mismatch: npm gave pyodide {version}, the kernel needs {PYODIDE_VERSION}")
    for name in PYODIDE_CORE + ("pyodide-lock.json",):
        if not (folder / "package" / name).exists():
            raise BuildError(f"npm's pyodide@{PYODIDE_VERSION} has no {name}")
    return folder / "package"


def _lock_name(name: str) -> str:
    """A package's name as Pyodide's lock keys it (``prompt_toolkit`` is ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_closure(packages: dict[str, dict], roots: tuple[str, ...] = LOCK_ROOTS, *,
                 left_out: tuple[str, ...] = ()) -> list[str]:
    """The lock's names of ``roots`` and everything they depend on in the lock, but ``left_out`` and what only
    they bring: the one walk of the lock's dependencies (the kernel's wheels, and the app pages' own lock)."""
    wanted: list[str] = []
    todo = list(roots)
    while todo:
        name = _lock_name(todo.pop())
        if name in wanted or name in left_out:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide {PYODIDE_VERSION}'s lock has no package {name}")
        wanted.append(name)
        todo.extend(packages[name]["depends"])
    return sorted(wanted)


def pip_download(specs: list[str], dest: Path, what: str, extra: list[str]) -> None:
    missing = [s for s in specs if not list(dest.glob(_wheel_glob(s)))]
    if missing:
        dest.mkdir(parents=True, exist_ok=True)
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(dest), *extra, *missing],
            f"pip download of {what} ({' '.join(missing)})")


def _wheel_glob(spec: str) -> str:
    name, version = spec.split("==")
    return f"{re.sub(r'[-_.]+', '_', name)}-{version}-*.whl"


def find_wheel(folder: Path, spec: str) -> Path:
    found = sorted(folder.glob(_wheel_glob(spec)), key=lambda p: p.name.lower())
    found = found or sorted(p for p in folder.glob("*.whl") if p.name.lower().startswith(_wheel_glob(spec).split("*")[0].lower()))
    if not found:
        raise BuildError(f"no wheel for {spec} in {folder}")
    return found[0]


def unpack(archive: tarfile.TarFile, folder: Path, name: str) -> None:
    """Unpack a downloaded archive, refusing any member that would land outside ``folder``.

    The members are checked here, for what matters (no absolute path, no ``..``, nothing but files and
    folders), because Debian 12's Python 3.11.2 has no extraction filters; from 3.11.4 on, the
    ``"data"`` filter checks them again as they are written.
    """
    for member in archive.getmembers():
        path = Path(member.name)
        if path.is_absolute() or ".." in path.parts or not (member.isfile() or member.isdir()):
            raise BuildError(f"{name} holds {member.name!r}, which would not stay a plain file inside {folder}")
    if hasattr(tarfile, "data_filter"):
        archive.extractall(folder, filter="data")
    else:
        archive.extractall(folder)


def pure_pyyaml(version: str, cache: Path) -> Path:
    """A wheel of PyYAML's pure-Python modules (no ``_yaml`` C extension), made from its sdist.

    PyPI has no pure PyYAML wheel and Pyodide's wasm wheel is not in npm's core; ``yaml.safe_load``
    runs on the pure modules (slower, and fast enough for the puzzle files).
    """
    wheel = cache / "wheels" / f"pyyaml-{version}-py3-none-any.whl"
    if wheel.exists():
        return wheel
    sdists = cache / "sdists"
    sdist = next(iter(sdists.glob(f"[Pp][Yy][Yy][Aa][Mm][Ll]-{version}.tar.gz")), None)
    if sdist is None:
        sdists.mkdir(parents=True, exist_ok=True)
        # no binary for PyYAML alone: ":all:" would also build its build tools (Cython) from source, for minutes
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary=pyyaml", "--quiet", "-d", str(sdists),
             f"pyyaml=={version}"], f"pip download of PyYAML {version}'s sdist")
        sdist = next(iter(sdists.glob(f"[Pp][Yy][Yy][Aa][Mm][Ll]-{version}.tar.gz")), None)
        if sdist is None:
            raise BuildError(f"no sdist for pyyaml=={version} in {sdists}")
    files: dict[str, bytes] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            match = re.fullmatch(r"[^/]+/lib/(yaml/[^/]+\.py)", member.name)
            if match and member.isfile():
                files[match.group(1)] = archive.extractfile(member).read()  # type: ignore[union-attr]
    if "yaml/__init__.py" not in files:
        raise BuildError(f"{sdist.name} has no lib/yaml/__init__.py")
    info = f"pyyaml-{version}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: PyYAML\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: nomercy build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{info}/top_level.txt"] = b"yaml\n"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    wheel.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in sorted(files.items()):
            out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return wheel


def pyodide_folder(core: Path, cache: Path, dest: Path, ours: list[Path]) -> list[str]:
    """Pyodide's core, the lock's pure wheels and ours, and a lock that names only them, in ``dest``.

    Our wheels (nomercy and the widgets) go in the lock too, so the kernel loads them as it starts
    (``loadPyodideOptions.packages``): ``import nomercy`` works in every notebook as it does in the Lab,
    with no install cell.
    """
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    names = lock_closure(packages)
    wheels = cache / "wheels"
    specs = [f"{name}=={packages[name]['version']}" for name in names if name != "pyyaml"]
    pip_download(specs, wheels, "the kernel's pure wheels", PURE)
    dest.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, dest / name)
    kept = {}
    for name in names:
        entry = dict(packages[name])
        if name == "pyyaml":
            wheel = pure_pyyaml(entry["version"], cache)
        else:
            wheel = find_wheel(wheels, f"{name}=={entry['version']}")
            if not wheel.name.endswith("-none-any.whl"):
                raise BuildError(f"{wheel.name} is not a pure wheel: Pyodide cannot load it")
        shutil.copy2(wheel, dest / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel), unvendored_tests=False)
        kept[name] = entry
    for wheel in ours:
        name, version, depends, imports = _wheel_metadata(wheel)
        shutil.copy2(wheel, dest / wheel.name)
        kept[name] = {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
                      "sha256": sha256(wheel), "package_type": "package", "imports": imports,
                      "depends": depends, "unvendored_tests": False}
    for entry in kept.values():  # a dependency the browser does without (widgetsnbextension: the kernel's stub)
        entry["depends"] = sorted(_lock_name(d) for d in entry["depends"] if _lock_name(d) in kept)
    precompile(core, [dest / entry["file_name"] for entry in kept.values()])
    for entry in kept.values():
        entry["sha256"] = sha256(dest / entry["file_name"])
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(kept)


def precompile(core: Path, wheels: list[Path]) -> None:
    """Put Python 3.14 bytecode in the wheels (``scripts/precompile_wheels.mjs``: compiled by this Pyodide
    under Node), so a page imports them without compiling each module at each load."""
    if shutil.which("node") is None:
        raise BuildError("node is missing: it compiles the wheels' modules with the site's Pyodide (Debian: apt-get install nodejs)")
    run(["node", str(ROOT / "scripts" / "precompile_wheels.mjs"), str(core), *map(str, wheels)],
        "compiling the wheels' modules with Pyodide under Node")


def _wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name (as the lock spells it), version, dependencies (no extras) and top-level packages."""
    with zipfile.ZipFile(wheel) as archive:
        meta_name = next(n for n in archive.namelist() if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        meta = archive.read(meta_name).decode()
        tops = sorted({n.split("/")[0] for n in archive.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    fields = [line.split(":", 1) for line in meta.splitlines() if ":" in line]
    value = {k: v.strip() for k, v in reversed(fields)}
    depends = [re.split(r"[\s;<>=!~\[(]", v.strip(), maxsplit=1)[0] for k, v in fields
               if k == "Requires-Dist" and "extra ==" not in v]
    return (_lock_name(value["Name"]), value["Version"], sorted(_lock_name(d) for d in depends),
            [t.removesuffix(".py") for t in tops])


def piplite_wheels(cache: Path) -> list[Path]:
    """The widgets' wheels at the build environment's versions, and nomercy's own wheel."""
    specs = []
    for name in PIPLITE:
        try:
            specs.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            raise BuildError(f"{name} is not installed in the build environment ({sys.executable}): "
                             f"its lab extension must be in the site") from None
    folder = cache / "wheels"
    pip_download(specs, folder, "the widgets' wheels", PURE)
    wheels = [find_wheel(folder, spec) for spec in specs]
    own = cache / "nomercy-wheel"
    shutil.rmtree(own, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(own), str(ROOT)], "building nomercy's wheel")
    wheels.extend(own.glob("nomercy-*.whl"))
    if len(wheels) != len(specs) + 1:
        raise BuildError(f"pip wheel wrote no nomercy wheel in {own}")
    return wheels


def _joined(notebook: dict) -> dict:
    """The notebook with every multi-line text as one string, as a Jupyter server hands it out.

    On disk nbformat may keep a text as a list of lines; JupyterLite serves the file as it is, and the
    Lab's table of contents then fails on a stored Markdown output given as a list ("e.replace is not a
    function" in the console).
    """
    def join(value: object) -> object:
        return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value

    for cell in notebook.get("cells", []):
        cell["source"] = join(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = join(output["text"])
            for mime, value in output.get("data", {}).items():
                if not mime.endswith("json"):
                    output["data"][mime] = join(value)
    return notebook


def stage_contents(stage: Path) -> None:
    """What the Lab's file browser shows: the notebooks, the docs they link to, the puzzles."""
    for folder in CONTENTS:
        shutil.copytree(ROOT / folder, stage / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for notebook in stage.rglob("*.ipynb"):
        notebook.write_text(json.dumps(_joined(json.loads(notebook.read_text())), ensure_ascii=False))
    # the trainer's folder in the browser (data_dir() under Pyodide is /drive/nomercy): shipped with a note,
    # so it is there from the start (the Lab's drive probes the site for a folder the kernel creates)
    shutil.copytree(ROOT / "site" / "nomercy", stage / "nomercy")


def lite_config(lite_dir: Path) -> None:
    """The site's settings: Pyodide from the site itself, no PyPI, no news, no update checks."""
    # the widgets' ruling links open the site's rules page (from lab/index.html, one folder down)
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": PRELOAD, "env": {"NOMERCY_RULEBOOK": SITE_RULEBOOK}}}
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "nomercy",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
            "enableMemoryStorage": False,
            "exposeAppInBrowser": True,  # the browser tests drive the Lab
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    overrides = {
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/docmanager-extension:plugin": {"autosave": True},
    }
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=2))


def app_pages(out: Path) -> None:
    """Play and Train: pages of their own (``site/play/``, ``site/train/``, ``site/app/``) that run the widget
    with no JupyterLab and no kernel, and the lock they load Pyodide's packages from.

    A Jupyter kernel in the browser starts IPython, which takes longer to import under Pyodide than
    everything the widget needs; these pages load Pyodide in a worker with only the widget's wheels
    (:data:`APP_ROOTS` and what they need, IPython left out: ``site/app/host.py`` says why that is enough),
    and draw the widget with its own ES module. The landing page (``site/index.html``) is written here too,
    with the files these pages start with listed for the browser to prefetch.
    """
    for name in APP_PAGES:
        (out / name).mkdir()
        shutil.copy2(ROOT / "site" / name / "index.html", out / name / "index.html")
    for name in OTHER_PAGES:
        if (ROOT / "site" / name / "index.html").exists():
            shutil.copytree(ROOT / "site" / name, out / name)
    shutil.copytree(ROOT / "site" / "app", out / "app", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "nomercy" / "widgets" / "static" / DOM_HELPER, out / "app" / DOM_HELPER)  # page.js imports it
    pyodide = out / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    lock["packages"] = {name: dict(packages[name], depends=[d for d in packages[name]["depends"] if d not in APP_LEFT_OUT])
                        for name in lock_closure(packages, APP_ROOTS, left_out=APP_LEFT_OUT)}
    (pyodide / APP_LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True))
    puzzle_bundle(out / "app" / PUZZLE_BUNDLE)
    site_pages.languages(out)  # the catalogs' words for the pages (site/app/lang.js)
    learn_bundle(out / "app" / LEARN_BUNDLE)
    # the landing page asks the browser to fetch these while a person reads it: a first visit to Play or
    # Train then finds them in the cache
    files = pyodide_files(out)
    files += [f"app/{path.name}" for path in sorted((out / "app").iterdir()) if path.name != site_pages.WORKER]
    landing = (ROOT / "site" / "index.html").read_text()
    if "<!-- app files -->" not in landing:
        raise BuildError("site/index.html has no <!-- app files --> line for the app pages' files")
    links = "\n".join(f'  <link rel="prefetch" href="./{name}">' for name in files)
    (out / "index.html").write_text(landing.replace("  <!-- app files -->", links, 1))
    site_header(out)


def site_header(out: Path) -> None:
    """The rules as pages (``rules/``), and the header on every page of ours (:mod:`site_pages`)."""
    try:
        rules = site_pages.rules_pages(out)
        pages = ["index.html", *(f"{name}/index.html" for name in (*APP_PAGES, *OTHER_PAGES)
                                 if (out / name / "index.html").exists()), *rules]
        site_pages.put_header(out, pages, optional=[f"{name}/index.html" for name in OTHER_PAGES])
    except ValueError as error:
        raise BuildError(str(error)) from None


def pyodide_files(out: Path) -> list[str]:
    """What the app pages load of the site's Pyodide (its core, their lock and its wheels), from the root."""
    lock = json.loads((out / "static" / "pyodide" / APP_LOCK).read_text())
    return ([f"static/pyodide/{name}" for name in (*PYODIDE_CORE, APP_LOCK)]
            + [f"static/pyodide/{entry['file_name']}" for entry in lock["packages"].values()])


def puzzle_bundle(target: Path) -> None:
    """The puzzle collection as the Train page reads it: each file's data as the package's YAML reader
    gives it, as JSON (the reader's pure-Python YAML takes seconds in the browser; JSON a few hundredths).

    The files stay the one source: this is what the reader made of them at build time, and a file whose
    data JSON would change (a value JSON has no form for) fails the build.
    """
    from nomercy.puzzles.puzzle import puzzle_files
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    folder = ROOT / "puzzles"
    bundle = []
    for path in puzzle_files(folder):
        data = read_puzzle_file(path)
        if json.loads(json.dumps(data)) != data:
            raise BuildError(f"{path.relative_to(ROOT)} holds a value JSON cannot carry to the Train page")
        bundle.append({"file": path.relative_to(folder).as_posix(), "data": data})
    target.write_text(json.dumps(bundle, ensure_ascii=False, separators=(",", ":")))


def learn_bundle(target: Path) -> None:
    """The learning path as the Learn page reads it: each chapter file's and stage file's data as the package's
    YAML reader gives it, as JSON (as :func:`puzzle_bundle` does for the puzzles). A path that does not load, or a
    stage that does not hold, fails the build: a broken stage fails here, never in front of a learner."""
    from nomercy.puzzles.stage import learn_files, load_path, path_from_bundle

    bundle = learn_files(ROOT / "learn")
    if json.loads(json.dumps(bundle)) != bundle:
        raise BuildError("a file under learn/ holds a value JSON cannot carry to the Learn page")
    chapters = path_from_bundle(bundle, ROOT / "learn")
    if chapters != load_path(ROOT / "learn"):
        raise BuildError("the Learn page's copy of learn/ reads differently from the files")
    broken = [f"{stage.path}: {problem}" for chapter in chapters for stage in chapter.stages for problem in stage.check()]
    if broken:
        raise BuildError(f"a stage of the learning path does not hold: {broken[0]}")
    target.write_text(json.dumps(bundle, ensure_ascii=False, separators=(",", ":")))


def build(out: Path, cache: Path) -> None:
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:  # the package's .venv, not the site's
        raise BuildError("this Python has no JupyterLite to build with: run 'bash scripts/site', which makes the "
                         "site's own environment (.venv-site) and builds with it")
    check_kernel_version()
    core = fetch_pyodide(cache)
    wheels = piplite_wheels(cache)
    with tempfile.TemporaryDirectory(prefix="nomercy-site-") as tmp:
        lite_dir, stage = Path(tmp) / "lite", Path(tmp) / "contents"
        lite_dir.mkdir()
        lite_config(lite_dir)
        stage_contents(stage)
        shutil.rmtree(out, ignore_errors=True)
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
                   "--output-dir", str(out), "--contents", str(stage), "--no-sourcemaps",
                   "--no-unused-shared-packages"]
        run(command, "jupyter lite build", cwd=lite_dir)
        (lite_dir / ".jupyterlite.doit.db").unlink(missing_ok=True)
        kernel_pypi = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        kernel_wheels = [next(iter(sorted(kernel_pypi.glob(f"{name}*.whl"))), None) for name in KERNEL_WHEELS]
        if None in kernel_wheels:
            raise BuildError(f"the kernel's wheels are not all in {kernel_pypi}: {', '.join(KERNEL_WHEELS)}")
        names = pyodide_folder(core, cache, out / "static" / "pyodide", wheels + [w for w in kernel_wheels if w])
        check_notebooks(out, stage)
    app_pages(out)
    shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")
    try:  # the service worker and its list of files kept for offline use, written last: it names every one
        kept = site_pages.offline(out, pyodide_files(out))
    except ValueError as error:
        raise BuildError(str(error)) from None
    maps = list(out.rglob("*.map"))
    for path in maps:
        path.unlink()
    check_site(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site: {len(kept['files'])} files, {kept['bytes'] / 1e6:.1f} MB, kept for offline use (version {kept['version']})")
    print(f"site: {out} built: {size / 1e6:.1f} MB, Pyodide {PYODIDE_VERSION} with {len(names)} wheels in its "
          f"lock, of which {len(wheels)} ours ({', '.join(w.name.split('-')[0] for w in wheels)}) and "
          f"{len(kernel_wheels)} the kernel's")


def check_notebooks(out: Path, stage: Path) -> None:
    """Every notebook (the lessons and the app pages) runs to its end in the site's own Pyodide.

    Run under Node by ``scripts/notebooks_in_pyodide.mjs``, with a copy of the site's contents as the
    kernel's ``/drive``: a notebook that fails in the browser's Python fails the build, in one line that
    names it and its cell, instead of a site that shows a traceback to a visitor.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: it runs the notebooks in Pyodide to check them (Debian: apt-get install nodejs)")
    with tempfile.TemporaryDirectory(prefix="nomercy-drive-") as drive:
        shutil.copytree(stage, drive, dirs_exist_ok=True)
        notebooks = sorted(p.relative_to(drive).as_posix() for p in Path(drive).rglob("*.ipynb"))
        result = subprocess.run([node, str(ROOT / "scripts" / "notebooks_in_pyodide.mjs"), str(out), drive, *notebooks],
                                capture_output=True, text=True)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BuildError(f"a notebook fails in Pyodide: {last}")
    print(f"site: {len(notebooks)} notebooks ran in Pyodide to their end")


def check_site(out: Path) -> None:
    """Everything the kernel and the app pages will ask for is in the folder, and the kernel is told to look there."""
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs" or not kernel.get("disablePyPIFallback"):
        raise BuildError(f"the built jupyter-lite.json lost the kernel's settings: {kernel}")
    pyodide = out / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        if not wheel.exists() or sha256(wheel) != entry["sha256"]:
            raise BuildError(f"the lock names {entry['file_name']} ({name}) but the site has no such wheel")
    app_lock = json.loads((pyodide / APP_LOCK).read_text())["packages"]
    for name, entry in app_lock.items():
        same = lock["packages"].get(name, {})
        if (entry["file_name"], entry["sha256"]) != (same.get("file_name"), same.get("sha256")):
            raise BuildError(f"the app pages' lock and the site's lock name different wheels for {name}")
    for name in APP_LEFT_OUT:
        if name in app_lock:
            raise BuildError(f"the app pages' lock names {name}, which they do without")
    for page in (*APP_PAGES, "app"):
        if not (out / page).is_dir():
            raise BuildError(f"the site has no {page}/ folder")
    if not (out / "app" / PUZZLE_BUNDLE).exists():
        raise BuildError(f"the site has no app/{PUZZLE_BUNDLE} for the Train page")
    if not (out / "app" / LEARN_BUNDLE).exists():
        raise BuildError(f"the site has no app/{LEARN_BUNDLE} for the Learn page")
    piplite: dict = {}
    for listing in (out / "pypi" / "all.json", out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension"
                    / "static" / "pypi" / "all.json"):
        piplite.update(json.loads(listing.read_text()) if listing.exists() else {})
    for needed in ("pyodide-kernel", "piplite", "ipykernel"):
        if needed not in piplite and needed.replace("-", "_") not in piplite:
            raise BuildError(f"the site's piplite index has no {needed} wheel")
    for needed in PRELOAD + [_lock_name(name) for name in PIPLITE]:
        if needed not in lock["packages"]:
            raise BuildError(f"the site's Pyodide lock has no {needed} wheel")
    for folder in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        if not (out / "extensions" / folder).exists():
            raise BuildError(f"the site has no lab extension {folder}: install it in the build environment")


def main(argv: list[str] | None = None) -> int:
    from nomercy.cli import OneLineParser

    parser = OneLineParser(prog="scripts/build_site.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site",
                        help="the folder to write (an earlier site there is removed first; any other folder is refused)")
    parser.add_argument("--cache", type=Path, default=ROOT / ".cache" / "site", help="downloads kept between builds")
    args = parser.parse_args(argv)
    parser.folder("--cache", args.cache)
    out = args.out.resolve()
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or (out / "jupyter-lite.json").is_file())):
        parser.error(f"--out {args.out} is {'a folder that is not a site built here' if out.is_dir() else 'not a folder'}:"
                     " the build removes its --out first, so it only takes a new or empty folder or an earlier site")
    try:
        build(args.out.resolve(), args.cache.resolve())
    except BuildError as error:
        print(f"site: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
