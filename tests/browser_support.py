"""What the browser tests share: Debian's chromium, JupyterLab started by the README's first command,
and a page that fails the test on any console error or page error.

Playwright cannot download browsers here, so chromium is Debian's (``/usr/bin/chromium``). Where it is
missing the browser tests skip and say how to fix it, except under ``CI=true``, where a missing browser
is a failure.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("NOMERCY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
IN_CI = os.environ.get("CI", "").lower() == "true"


def require_browser() -> None:
    """Skip (or, in CI, fail) with the reason when the browser tests cannot run here."""

    def missing(reason: str) -> None:
        if IN_CI:
            pytest.fail(f"CI=true but the browser tests cannot run: {reason}")
        pytest.skip(reason)

    if importlib.util.find_spec("playwright") is None:
        missing("playwright is not installed (bash scripts/test installs it)")
    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} is missing: run 'apt-get update && apt-get install -y chromium' "
                "(bash scripts/test does this when it runs as root)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def jupyter_lab(workdir: Path, *, as_shipped: bool = False) -> Iterator[dict[str, Any]]:
    """JupyterLab started by ``bash scripts/lab`` (the README's first command) at the repository root.

    With this interpreter (``PYTHON=sys.executable``: in ``scripts/test`` that is ``.venv``'s), on a free
    local port with a known token, and with settings of its own in ``workdir``: no news or update checks
    (there is no network) and no autosave, so running the shipped notebooks never writes to them.
    ``as_shipped=True`` keeps JupyterLab's own settings (autosave on) and the workspace ``scripts/lab``
    gives each start, as a person who just ran the command has them; the settings folder in ``workdir``
    is still this test's, so that several starts with one ``workdir`` share it as one person's would.
    """
    settings = workdir / "settings" / "@jupyterlab"
    settings.mkdir(parents=True, exist_ok=True)
    if not as_shipped:
        (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
        (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True}))
        (settings / "docmanager-extension").mkdir(parents=True, exist_ok=True)
        (settings / "docmanager-extension" / "plugin.jupyterlab-settings").write_text(
            json.dumps({"autosave": False}))
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        "bash", str(ROOT / "scripts" / "lab"), "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--IdentityProvider.token={token}", "--expose-app-in-browser", f"--LabApp.user_settings_dir={workdir / 'settings'}",
    ]
    if not as_shipped:
        command.append(f"--LabApp.workspaces_dir={workdir / 'workspaces'}")
    env = dict(os.environ, PYTHON=sys.executable, PYTHONHASHSEED="0", JUPYTER_RUNTIME_DIR=str(workdir / "runtime"))
    log_path = workdir / "jupyter.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env,
                                  start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as reply:
                        if reply.status == 200:
                            break
                except OSError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("JupyterLab did not start:\n" + log_path.read_text()[-3000:])
                time.sleep(0.3)
            yield {"base": base, "token": token, "log": log_path}
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)


class ConsoleWatch:
    """Every console error and page error a page produced; a test fails on any of them."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location.get('url', '')})")

    def take(self) -> list[str]:
        errors, self.errors = self.errors, []
        return errors


PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
"""The phone screens every widget and page must work on (CSS px): a recent phone and a small one."""
PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
"""Chromium's phone emulation: a touch screen, the mobile viewport rules, a phone's pixel density."""


@contextlib.contextmanager
def chromium(viewport: dict[str, int] | None = None, phone: bool = False) -> Iterator[Any]:
    """A Playwright browser context in Debian's chromium (a phone's, tapped by touch, with ``phone``)."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 1000}, **(PHONE if phone else {}))
        try:
            yield context
        finally:
            context.close()
            browser.close()


@contextlib.contextmanager
def jupyterlab_page(workdir: Path, phone: bool = False) -> Iterator[tuple[Any, ConsoleWatch]]:
    """JupyterLab served from ``workdir``, open and started in chromium (a phone's, 390×844, with ``phone``): the
    page and its console watch."""
    viewport = PHONES["390x844"] if phone else {"width": 1280, "height": 1000}
    with jupyter_lab(workdir) as server, chromium(viewport, phone=phone) as context:
        page = context.new_page()
        page.set_default_timeout(60_000)
        watch = ConsoleWatch(page)
        page.goto(f"{server['base']}/lab?token={server['token']}")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started !== undefined"
                               " && document.querySelector('.jp-LabShell')")
        page.evaluate("() => window.jupyterapp.started")
        yield page, watch


EXECUTE_IN_LITE_JS = """
async (code) => {
  const app = window.jupyterapp;
  await app.started;
  const kernel = await app.serviceManager.kernels.startNew({ name: 'python' });
  let out = '', err = '';
  const future = kernel.requestExecute({ code });
  future.onIOPub = (msg) => {
    const kind = msg.header.msg_type;
    if (kind === 'stream') { if (msg.content.name === 'stdout') out += msg.content.text; else err += msg.content.text; }
    if (kind === 'error') err += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  await kernel.shutdown();
  return { out, err };
}
"""
"""Run code in a new kernel of a JupyterLite Lab page (``window.jupyterapp``); what it printed, and any error."""


# --- axe-core: the accessibility rules, run in the page --------------------------------------------

AXE_IMPACTS = ("serious", "critical")  # what fails a test; "minor" and "moderate" are reported, not failed


def axe_source() -> str:
    """axe-core's script, from the pinned ``axe-playwright-python`` wheel of the test extra (no other host is
    asked for it: the page gets it from here)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        pytest.fail("axe-core is missing: install the test extra (bash scripts/test does)")
    return (Path(spec.origin).parent / "axe.min.js").read_text(encoding="utf-8")


RUN_NOTEBOOK_JS = """
async (path) => {
  const app = window.jupyterapp;
  const widget = await app.commands.execute('docmanager:open', { path, factory: 'Notebook' });
  await widget.context.ready;
  await widget.sessionContext.ready;
  app.shell.activateById(widget.id);
  const started = performance.now();
  await app.commands.execute('notebook:run-all-cells');
  const seconds = (performance.now() - started) / 1000;
  const problems = [];
  let code = 0;
  let index = 0;
  for (const cell of widget.content.model.cells) {
    index += 1;
    if (cell.type !== 'code' || !cell.sharedModel.getSource().trim()) continue;
    code += 1;
    if (cell.executionCount === null) problems.push(`cell ${index} did not run`);
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error') problems.push(`cell ${index}: ${out.ename}: ${out.evalue}`);
      if (out.output_type === 'stream' && out.name === 'stderr') problems.push(`cell ${index} wrote to stderr: ${out.text}`);
    }
  }
  return { id: widget.id, code, problems, seconds };
}
"""
"""Open a notebook in JupyterLab and run all its cells: its panel id, the code cells, what went wrong in
them (an error, a cell that did not run, text on stderr) and the seconds the run took. The browser tests,
the site's Lab test and scripts/pictures.py run notebooks with it."""


_AXE_RUN_JS = """
async ([root, selector]) => {
  const result = await window.axe.run({ include: [[selector]] }, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160) })),
  }));
}
"""


def axe_violations(page: Any, selector: str) -> list[dict[str, Any]]:
    """Every axe-core violation inside the elements ``selector`` matches (every impact; scrolled into view
    first, since axe judges the contrast of what is drawn)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
        # JupyterLab's <body> is 0 px high with overflow hidden (its shell is positioned absolutely): axe would
        # take every element as clipped away and check no contrast at all. Its real height changes no layout.
        page.add_style_tag(content="body { min-height: 100vh; }")
    page.locator(selector).first.scroll_into_view_if_needed()
    return page.evaluate(_AXE_RUN_JS, [None, selector])


def serious(violations: list[dict[str, Any]]) -> list[str]:
    """The violations that fail a test, one line each: rule, impact, where, what."""
    return [f"{v['id']} ({v['impact']}): {v['help']}; {n['target']}: {n['summary']}"
            for v in violations if v["impact"] in AXE_IMPACTS for n in v["nodes"]]


# --- a phone's screen: touch targets, text size, nothing off the side ------------------------------

TOUCH_PX = 44  # WCAG 2.5.5 (target size, AAA), Apple's 44 pt and Material's 48 dp: a finger's tap
TEXT_PX = 16  # body text a phone's reader needs no zoom for

_PHONE_PROBLEMS_JS = """
([root, touch, text]) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const name = (el) => {
    const id = el.closest('[data-testid]');
    const words = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id ? ` in ${id.getAttribute('data-testid')}` : ''} "${words}"`;
  };
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    for (let n = el; n && n !== root.parentElement; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      if (n.tagName === 'DETAILS' && !n.open && n !== el && !el.closest('summary')) return false;
    }
    return true;
  };
  // Where a scroller of the widget's own (a list that scrolls inside its box) holds an element, its
  // sideways position is that box's business, not the page's.
  const scrolled = (el) => {
    for (let n = el.parentElement; n && n !== root; n = n.parentElement) {
      const x = getComputedStyle(n).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  const rootBox = root.getBoundingClientRect();
  if (rootBox.right > width + 1) problems.push(`the widget is ${Math.round(rootBox.right)} px wide on a ${width} px screen`);
  const controls = root.querySelectorAll('button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])');
  for (const el of controls) {
    if (!shown(el)) continue;
    // A control's target is the label that holds it (a tap on the label works the control too).
    const target = el.closest('label') || el;
    const box = target.getBoundingClientRect();
    if (box.width < touch - 0.5 || box.height < touch - 0.5) {
      problems.push(`${name(el)} is ${Math.round(box.width)}×${Math.round(box.height)} px, under ${touch}×${touch}`);
    }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const small = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest('svg') || small.has(el) || !shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < text - 0.01) { small.add(el); problems.push(`${name(el)}: text of ${size} px, under ${text}`); }
  }
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName !== 'svg' || !shown(el) || scrolled(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1) {
      problems.push(`${name(el)} reaches ${Math.round(box.left)}..${Math.round(box.right)} px on a ${width} px screen`);
    }
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} is cut short (…)`);
    if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'svg') {
      problems.push(`${name(el)} hides ${el.scrollWidth - el.clientWidth} px of its content`);
    }
  }
  return problems;
}
"""


def phone_problems(root: Any) -> list[str]:
    """What keeps a phone's user from reading or tapping the widget at ``root`` (a Playwright locator) on the
    page's current screen: a control whose box (or its label's) is under 44×44 CSS px, text under 16 px, an
    element off the side of the screen or cut short. Inline links in a sentence count as controls too."""
    return root.page.evaluate(_PHONE_PROBLEMS_JS, [root.element_handle(), TOUCH_PX, TEXT_PX])


def page_scrolls_sideways(page: Any) -> list[str]:
    """The page's scrollers (the document, JupyterLab's notebook) that scroll sideways, by how much."""
    return page.evaluate("""() => [document.scrollingElement, ...document.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')]
      .filter((n) => n && n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'hidden')
      .map((n) => `${n.className || n.tagName}: ${n.scrollWidth} px of content in ${n.clientWidth}`)""")


def says_someone_won(text: str) -> bool:
    """True when a round-over text names a winner: "Alex wins the round" or, for the person, "You win the round".

    A round played by clicking can end either way: a computer's catch of a missed UNO and the person's tap
    race, so the winner on a loaded machine need not be the winner on an idle one.
    """
    return re.search(r"\b(?:wins|You win) the round\b", text) is not None
