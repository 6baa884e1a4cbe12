"""The static site (``bash scripts/site``), used offline the way a visitor uses it: in chromium, by clicking.

The built folder (``_site/``, or ``NOMERCY_SITE_DIR``) is served by ``python -m http.server`` on 127.0.0.1
and nothing else: a request to any other host fails the test that made it (so does a console error or
a page error). Python runs in the page (Pyodide); nothing of the CPython side is used but the folder.

- The landing page links Play, Train and the Lessons, and every link opens.
- Play (a page of its own: Pyodide in a worker, no JupyterLab, no kernel): the game table opens with no
  code on screen; the round is saved as it goes, so a reload in the middle of it resumes it; and the whole
  round is played by clicking at the default pace.
- Train (the same kind of page): puzzles answered, the page reloaded (Python put back from the snapshot
  the first visit kept), and then the browser closed and started again: the progress is still there, and the site's Lab reads the same attempts from the
  learner's folder (``/drive/nomercy``: the page and the Lab share it in the browser's storage). The
  progress exported on one browser and imported on another gives the same attempts there.
- Your own mistakes: a mistake kept after a round's review on Play is served on Train, and kept across a reload.
- The same game everywhere: a digest of seeded games (every move, event and position) computed by the
  site's Pyodide equals the one computed here by CPython.
- Every notebook of ``notebooks/`` runs in the site's Lab to the end with no error output.

Screenshots go to ``artifacts/site-*.png``. Nothing here asserts on time.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from browser_support import EXECUTE_IN_LITE_JS as _EXECUTE_JS, RUN_NOTEBOOK_JS, ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, IN_CI, ROOT, ConsoleWatch, _free_port, axe_violations, require_browser, says_someone_won, serious
from test_notebooks_in_browser import _next_click, _pick, _redrawn, _served

pytestmark = pytest.mark.site  # minutes: left out of the everyday run; `pytest -m site` runs it
SITE = Path(os.environ.get("NOMERCY_SITE_DIR", ROOT / "_site"))
NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.ipynb"))
MAX_STEPS = 3_000  # turns looked at before a round is taken to be stuck (rounds end by the move limit)
KERNEL_MS = 240_000  # the first start of Pyodide on a busy machine; a stuck page fails instead of hanging

DIGEST = '''
import hashlib
from nomercy import new_game
from nomercy.play.driver import play_out
from nomercy.play.game import computers_choose
from nomercy.play.players import make_player

def game_digest():
    """Every move, event and position of a few seeded rounds, hashed (the same text in CPython and Pyodide)."""
    digest = hashlib.sha256()
    def observe(before, move, events, after):
        digest.update(before.move_text(move).encode())
        for event in events:
            digest.update(f"{event!r}|{event.rule}|{event.sentence}".encode())
        digest.update(after.to_text().encode())
    for rules, seats, seed in (("no-mercy", 4, 1), ("classic", 3, 2), ("no-mercy", 2, 3), ("no-mercy", 5, 28)):
        state = new_game(rules, seats, seed=seed)
        digest.update(state.to_text().encode())
        players = {seat: make_player("greedy" if seat % 2 else "random", seed=seed * 10 + seat) for seat in range(seats)}
        play_out(state, computers_choose(players), observe=observe)
    return digest.hexdigest()

print("DIGEST", game_digest())
'''


def _cpython_digest() -> str:
    scope: dict[str, Any] = {}
    lines: list[str] = []
    scope["print"] = lambda *args: lines.append(" ".join(map(str, args)))
    exec(DIGEST, scope)
    return lines[-1].split()[-1]


# --- the server, the browser, and the rule that nothing leaves 127.0.0.1 -------------------------------

@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built folder served on 127.0.0.1 by ``python -m http.server``: its address."""
    require_browser()
    if not (SITE / "index.html").exists():
        reason = f"{SITE} is not built: run 'bash scripts/site' first (bash scripts/test does)"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(SITE)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/", timeout=2).close()
                break
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


class Visit:
    """A chromium profile visiting the site: its pages, their console errors, and every other host asked for."""

    def __init__(self, context: Any, base: str) -> None:
        self.context, self.base, self.foreign, self.watches = context, base, [], []
        self.unregistered: list[str] = []  # pages on which the Lab unregistered the site's service worker
        context.on("request", self._request)  # the context's: pages and their workers (Pyodide runs in one)

    def _request(self, request: Any) -> None:
        url = request.url
        if not url.startswith(self.base + "/") and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def open(self, path: str) -> Any:
        page = self.context.pages[0] if self.context.pages and self.context.pages[0].url == "about:blank" else self.context.new_page()
        page.set_default_timeout(60_000)
        self.watches.append(ConsoleWatch(page))
        # JupyterLite says so in its console when it unregisters a service worker it has no version record of
        page.on("console", lambda message: self.unregistered.append(path)
                if "unregistering existing service workers" in message.text else None)
        page.goto(f"{self.base}/{path}")
        return page

    def problems(self) -> list[str]:
        """Requests to other hosts, console errors and page errors since the last look."""
        found = [f"request to another host: {url}" for url in self.foreign]
        self.foreign = []
        return found + [e for watch in self.watches for e in watch.take()]

    def check(self) -> None:
        """Nothing from another host, no console error, no page error (so far)."""
        problems = self.problems()
        assert not problems, "\n".join(problems)


@contextlib.contextmanager
def visit(base: str, profile: Path | None = None) -> Iterator[Visit]:
    """A chromium session; with ``profile``, a browser whose storage outlives it (closed and started again)."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        options = dict(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
                       viewport={"width": 1280, "height": 1000})
        if profile is None:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
        else:
            browser, context = None, p.chromium.launch_persistent_context(str(profile), **options)
        try:
            session = Visit(context, base)
            yield session
            session.check()
        finally:
            context.close()
            if browser is not None:
                browser.close()


def _app_ready(page: Any, widget: str) -> Any:
    """The app page's widget, once drawn (a failure while starting shows as the page's note: reported)."""
    page.wait_for_function("() => document.documentElement.matches('.nm-app-ready, .nm-app-error')", timeout=KERNEL_MS)
    note = page.locator("#nm-app-note")
    assert not note.count(), f"the app page did not start: {note.text_content()}"
    return page.locator(f'[data-testid="{widget}"]').first


# --- the landing page ------------------------------------------------------------------------------

def test_the_landing_page_links_play_train_and_the_lessons(site: str) -> None:
    with visit(site) as session:
        page = session.open("")
        doors = {name: page.get_by_test_id(f"door-{name.lower()}") for name in ("Play", "Train", "Lessons")}
        for name, link in doors.items():
            href = link.get_attribute("href")
            assert href, name
            with urllib.request.urlopen(f"{site}/{href.removeprefix('./')}") as reply:
                assert reply.status == 200, name
        page.screenshot(path=str(ARTIFACTS / "site-landing.png"))
        assert "Lessons" in page.text_content("main")
        found = serious(axe_violations(page, "body"))  # axe-core: nothing serious or critical, contrast included
        assert not found, "\n".join(found)


# --- Play ------------------------------------------------------------------------------------------

def _title(table: Any) -> str:
    """The table's title line (rules, round, move number)."""
    return table.locator(".nm-title").first.text_content().strip()


def _wait_for_the_player(table: Any) -> None:
    """Until the computers have moved and it is the person's turn again (or the round is over)."""
    table.page.wait_for_function("(el) => ['human', 'over'].includes(el.getAttribute('data-waiting'))",
                                 arg=table.element_handle(), timeout=60_000)


def _play(table: Any, clicks: int | None = None) -> list[str]:
    """Click as a person would, ``clicks`` times or to the end of the round; the labels of the clicks."""
    clicked: list[str] = []
    lost: list[str] = []
    stalls = 0  # computer turns in a row with no redraw: a stuck table fails, a slow one does not
    for _ in range(MAX_STEPS):
        if clicks is not None and len(clicked) >= clicks:
            break
        version, waiting = table.get_attribute("data-version"), table.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting == "computer":
            stalls = 0 if _redrawn(table, version, 30_000) else stalls + 1
            assert stalls < 4, f"the computers made no move in 4 waits in a row; clicks: {clicked[-20:]}"
            continue
        step = _next_click(table)
        assert step is not None, f"the player is to move but nothing can be clicked: {table.text_content()[:600]}"
        label, control = step
        control.click()
        if not _redrawn(table, version, 30_000):
            lost.append(label)
            assert len(lost) <= 3, f"clicks that changed nothing: {lost}"
            continue
        clicked.append(label)
        error = table.locator('[data-testid="error"]')
        assert not error.count(), f"clicking {label} was refused: {error.text_content()}"
    else:
        raise AssertionError(f"no round-over after {MAX_STEPS} steps; clicks: {clicked[-20:]}")
    return clicked


def test_the_play_page_opens_the_table_with_no_code_resumes_it_on_reload_and_a_round_is_played(site: str) -> None:
    with visit(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        table.wait_for()
        assert page.url == f"{site}/play/"
        assert not page.locator("[class*='jp-']").count(), "JupyterLab is on the Play page"
        assert page.evaluate("() => window.jupyterapp === undefined")
        assert table.locator('[data-testid="pace-value"]').text_content().strip() == "0.8 s", "not the default pace"
        page.screenshot(path=str(ARTIFACTS / "site-play-start.png"))
        found = serious(axe_violations(page, "body"))  # the page with its table, as a visitor first sees it
        assert not found, "\n".join(found)

        clicked = _play(table, clicks=2)
        _wait_for_the_player(table)
        hand, title = table.locator('[data-testid="hand"]').text_content(), _title(table)
        assert not title.endswith(" move 0"), title
        page.reload()
        table = _app_ready(page, "nm-table")
        assert (_title(table), table.locator('[data-testid="hand"]').text_content()) == (title, hand), \
            "the round was not resumed after a reload"

        clicked += _play(table)
        assert says_someone_won(table.locator('[data-testid="round-over"]').text_content())
        assert "card" in clicked
        page.screenshot(path=str(ARTIFACTS / "site-play-round-over.png"))


# --- Train: progress kept across a reload and a browser restart -------------------------------------

def _attempts(trainer: Any) -> int:
    return int(trainer.get_attribute("data-attempts"))


_ATTEMPTS_IN_THE_LAB = ("from nomercy.puzzles.progress import Progress, data_dir\n"
                        "print(data_dir(), [a.puzzle for a in Progress().attempts])")


def test_the_train_page_keeps_progress_across_a_reload_and_a_browser_restart(site: str, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    with visit(site, profile) as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        assert page.url == f"{site}/train/"
        assert not page.locator("[class*='jp-']").count(), "JupyterLab is on the Train page"
        assert _attempts(trainer) == 0, "a fresh browser profile already has progress"
        answered = []
        for right in (False, True, True):
            puzzle = _served(trainer)
            _pick(trainer, puzzle, right=right)
            trainer.locator(f'[data-testid="trainer-recorded"][data-right="{str(right).lower()}"]').wait_for()
            answered.append(puzzle.id)
            trainer.get_by_role("button", name="Next puzzle").click()
            trainer.locator('[data-testid="trainer-recorded"]').wait_for(state="detached")
        assert _attempts(trainer) == 3
        page.screenshot(path=str(ARTIFACTS / "site-train.png"))
        found = serious(axe_violations(page, "body"))  # the page with its trainer, three answers in
        assert not found, "\n".join(found)

        page.reload()
        trainer = _app_ready(page, "nm-trainer")
        assert _attempts(trainer) == 3, "the progress was lost on reload"
        # the second visit puts Python back from the snapshot the first one kept (see site/app/worker.js)
        assert "pyodide (snapshot)" in page.evaluate("() => Object.keys(window.nmAppTimes)")
    with visit(site, profile) as session:  # the browser closed and started again, same profile
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        assert _attempts(trainer) == 3, "the progress was lost when the browser restarted"
        where, ids = _run_in_pyodide(session, _ATTEMPTS_IN_THE_LAB).split(" ", 1)
        assert where == "/drive/nomercy"
        assert sorted(ast.literal_eval(ids)) == sorted(answered), "the Lab does not see the Train page's attempts"
        trainer.get_by_role("button", name="Export progress").click()
        exported = trainer.locator('[data-testid="trainer-export-text"]').input_value()
    with visit(site) as session:  # another browser: the exported progress imported there
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        assert _attempts(trainer) == 0
        trainer.locator('[data-testid="trainer-import"] summary').click()
        trainer.locator('[data-testid="trainer-import-text"]').fill(exported)
        trainer.locator('[data-testid="trainer-import-go"]').click()
        trainer.locator('[data-testid="trainer-transfer-result"][data-kind="imported"]').wait_for()
        assert _attempts(trainer) == 3
        page.reload()
        assert _attempts(_app_ready(page, "nm-trainer")) == 3, "the imported progress was lost on reload"


def test_a_mistake_kept_on_play_comes_back_in_train_after_a_reload(site: str, tmp_path: Path) -> None:
    """A seeded round's review on the Play page, a mistake kept there, found and answered on the Train page, and
    still there after a reload (by tapping on a phone: tests/test_site_phone.py)."""
    with visit(site, tmp_path / "profile") as session:
        keep_a_mistake_on_play_and_answer_it_on_train(session, tmp_path, lambda control: control.click())


def keep_a_mistake_on_play_and_answer_it_on_train(session: Visit, tmp_path: Path, press: Any) -> None:
    """The round is put in the Play page's save (as a person's unfinished round is), so the review is the same as
    CPython's (the same game everywhere); ``press`` clicks or taps."""
    from nomercy.puzzles.better_move import ratings
    from nomercy.puzzles.kept import KeptFolder
    from nomercy.widgets import GameTable
    from test_hostile_session import _finish_and_review

    table = GameTable("no-mercy", ["human", "greedy"], seed=10, pace=0, coach=True)  # test_hostile_kept's round
    _finish_and_review(table)
    expected = KeptFolder(tmp_path / "expected")
    found = expected.keep(table.session.reviewed.mistakes[0], 0, seed=table.session.reviewed.seed,
                          budget=table.session.reviewed.budget)
    puzzle = next(p for p in expected.puzzles() if p.id == found.id)
    record = table.record().to_json()
    _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                             "data_dir().mkdir(parents=True, exist_ok=True)\n"
                             f"(data_dir() / 'play-page-round.json').write_text({record!r})")
    page = session.open("play/")
    table_el = _app_ready(page, "nm-table")
    press(table_el.get_by_role("button", name="Review my round"))
    table_el.locator('[data-testid="review"]').wait_for(timeout=KERNEL_MS)
    keep = table_el.locator('[data-testid="review-keep-0"]')
    assert keep.text_content() == "Keep it as a puzzle"
    press(keep)
    kept = table_el.locator('[data-testid="review-kept-0"]')
    kept.wait_for(timeout=KERNEL_MS)
    assert kept.text_content().startswith("Kept: Train will bring this table back")
    page.screenshot(path=str(ARTIFACTS / "site-play-kept.png"))

    page = session.open("train/")
    trainer = _app_ready(page, "nm-trainer")
    served = trainer.get_attribute("data-served")
    trainer.locator('[data-testid="trainer-topic"]').select_option(label="Your mistakes")
    page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                           arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
    board = trainer.locator('[data-testid="nm-puzzle"]')
    assert board.get_attribute("data-puzzle") == found.id
    assert "one of your own rounds" in trainer.locator('[data-testid="trainer-kept"]').text_content()
    press(board.get_by_role("button", name=ratings(puzzle).better[0], exact=True))  # a move clearly better
    trainer.locator('[data-testid="trainer-recorded"][data-right="true"]').wait_for(timeout=KERNEL_MS)
    words = trainer.inner_text()  # what is on screen: the figures are folded under "Show the numbers"
    assert "playout" not in words and "standard error" not in words, "a card player's words on the page"
    page.screenshot(path=str(ARTIFACTS / "site-train-your-mistake.png"))

    page.reload()
    trainer = _app_ready(page, "nm-trainer")
    assert _attempts(trainer) == 1, "the answer was lost on reload"
    topics = trainer.locator('[data-testid="trainer-topic"] option').all_text_contents()
    assert "Your mistakes" in topics, "the kept mistake was lost on reload"


def test_a_corrupted_progress_file_in_the_browser_is_set_aside_with_a_message(site: str) -> None:
    with visit(site) as session:
        _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                                 "data_dir().mkdir(parents=True, exist_ok=True)\n"
                                 "(data_dir() / 'progress.json').write_text('{not json')")
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        problem = trainer.locator('[data-testid="trainer-problem"]')
        assert "progress.json" in problem.text_content()
        assert _attempts(trainer) == 0
        kept = _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                                        "print(sorted(p.name for p in data_dir().iterdir()))")
        assert any(name.startswith("progress.json.unreadable-") for name in ast.literal_eval(kept)), kept
        assert "progress.json" not in ast.literal_eval(kept)


def test_the_app_pages_load_the_widgets_wheels_compiled_and_no_ipython(site: str) -> None:
    """What makes the app pages start quicker than a kernel is in the built folder: their lock leaves IPython
    and the kernel out, and every module of every wheel comes with its bytecode for the browser's Python."""
    import zipfile

    pyodide = SITE / "static" / "pyodide"
    app = json.loads((pyodide / "app-lock.json").read_text())["packages"]
    assert {"nomercy", "anywidget", "ipywidgets", "traitlets", "comm"} <= set(app)
    assert not {"ipython", "ipykernel", "pyodide-kernel", "jedi"} & set(app)
    for entry in json.loads((pyodide / "pyodide-lock.json").read_text())["packages"].values():
        with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
            names = set(wheel.namelist())
        modules = [n for n in names if n.endswith(".py") and not n.split("/")[0].endswith((".dist-info", ".data"))]
        missing = [m for m in modules if f"{m.rpartition('/')[0]}/__pycache__/{m.rpartition('/')[2][:-3]}.cpython-314.pyc".lstrip("/")
                   not in names]
        assert not missing, f"{entry['file_name']}: no bytecode for {missing[:5]}"


# --- the same game in the browser as here -------------------------------------------------------------



def _run_in_pyodide(session: Visit, code: str) -> str:
    """Run ``code`` in a new kernel of the site's Lab; what it printed (an error fails the test)."""
    page = session.open("lab/index.html")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')")
    result = page.evaluate(_EXECUTE_JS, code)
    assert not result["err"], result["err"]
    # The site's pages registered the worker the Lab uses, and wrote the Lab's version record for it: a Lab
    # that unregistered it would leave its kernel without this browser's files (its progress) for the visit.
    assert not session.unregistered, f"the Lab unregistered the site's service worker on {session.unregistered}"
    page.close()
    return result["out"].strip()


def test_seeded_games_in_the_browser_are_the_same_as_in_cpython(site: str) -> None:
    with visit(site) as session:
        printed = _run_in_pyodide(session, DIGEST + "\nimport sys\nprint('PLATFORM', sys.platform)")
    lines = dict(line.split(" ", 1) for line in printed.splitlines())
    assert lines["PLATFORM"] == "emscripten"
    assert lines["DIGEST"] == _cpython_digest()


def test_the_game_digest_covers_moves_events_and_positions() -> None:
    """The digest is not a constant: a different seed gives a different one (so the comparison can fail)."""
    assert _cpython_digest() != hashlib.sha256(b"").hexdigest()
    other: dict[str, Any] = {}
    lines: list[str] = []
    other["print"] = lambda *args: lines.append(" ".join(map(str, args)))
    exec(DIGEST.replace('("no-mercy", 5, 28)', '("no-mercy", 5, 29)'), other)
    assert lines[-1].split()[-1] != _cpython_digest()


# --- every notebook in the site's Lab ---------------------------------------------------------------

@pytest.fixture(scope="module")
def lite_lab(site: str) -> Iterator[tuple[Visit, Any]]:
    with visit(site) as session:
        page = session.open("lab/index.html")
        page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')")
        page.evaluate("() => window.jupyterapp.started")
        yield session, page


_STOP_JS = """
async (id) => {
  const widget = [...window.jupyterapp.shell.widgets('main')].find((w) => w.id === id);
  await widget.sessionContext.shutdown();
}
"""


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_every_notebook_runs_in_the_sites_lab_without_an_error(lite_lab: tuple[Visit, Any], path: str) -> None:
    session, page = lite_lab
    report = page.evaluate(RUN_NOTEBOOK_JS, path)
    page.screenshot(path=str(ARTIFACTS / f"site-lab-{Path(path).stem}.png"))
    # each notebook's kernel is a Pyodide of its own: stop it (the tab stays: closing the last one opens
    # a Launcher, which can take the focus from the next notebook as it is run)
    page.evaluate(_STOP_JS, report["id"])
    problems = report["problems"] + session.problems()
    assert report["code"] > 0, f"{path} has no code cells"
    assert not problems, f"{path}:\n" + "\n".join(problems)
