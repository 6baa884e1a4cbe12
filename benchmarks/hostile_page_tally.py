"""Counts of what the site's page and worker do with hostile messages, per surface: tried / clear / traceback /
blank / silent (issue 37's figures for the site's messages).

The tries are those of ``tests/test_hostile_site_messages.py``: ``TO_THE_PAGE`` (posted from inside the running
worker to the Play page), ``TO_THE_WORKER`` (dispatched to the running worker as message events) and
``BEFORE_THE_START`` (sent to a worker started fresh). Each is sent alone, in chromium, to the Play page of a
built site, and ends as one of:

* clear: one line on the page says it was refused, and no console error;
* traceback: a console error or an uncaught exception (page error) came of it;
* blank: the page lost its table, or shows its failure note in place of it;
* silent: nothing said and nothing changed within the wait (the message was taken, or dropped, without a word).

    .venv/bin/python benchmarks/hostile_page_tally.py --site _site          # this tree's built site
    .venv/bin/python benchmarks/hostile_page_tally.py --site /other/_site   # another build (before a change)
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import CHROMIUM, CHROMIUM_FLAGS, _free_port  # noqa: E402
from test_hostile_site_messages import (BEFORE_THE_START, TO_THE_PAGE, TO_THE_WORKER,  # noqa: E402
                                        _DISPATCH_TO_THE_WORKER, _FRESH_WORKER, _POST_FROM_THE_WORKER)

KINDS = ("clear", "traceback", "blank", "silent")
WAIT_S = 6.0  # how long a try is given to be answered (Python answers the worker's tries)


@contextlib.contextmanager
def served(site: Path) -> Any:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(site)],
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


class Page:
    """The Play page in chromium, with its console errors counted; opened again when a try broke it."""

    def __init__(self, context: Any, base: str) -> None:
        self.context, self.base, self.errors, self.page = context, base, 0, None

    def _error(self, message: Any) -> None:
        if message.type == "error":
            self.errors += 1

    def open(self) -> Any:
        if self.page is not None:
            self.page.close()
        self.page = page = self.context.new_page()
        page.on("console", self._error)
        page.on("pageerror", lambda error: setattr(self, "errors", self.errors + 1))
        page.goto(f"{self.base}/play/")
        page.wait_for_function("() => document.documentElement.matches('.nm-app-ready, .nm-app-error')", timeout=240_000)
        page.wait_for_function("() => !!document.querySelector('[data-testid=\"nm-table\"]')", timeout=60_000)
        self.errors = 0
        return page

    def state(self) -> tuple[int, bool]:
        notes = self.page.locator('[data-testid="page-notes"] p, #nm-app-note').count()
        fine = self.page.evaluate("() => document.documentElement.matches('.nm-app-ready:not(.nm-app-error)') && "
                                  "!!document.querySelector('[data-testid=\"nm-table\"]')")
        return notes, fine


def _try(page: Page, script: str, message: Any) -> str:
    if page.page is None or not page.state()[1]:
        page.open()
    page.page.evaluate("() => document.querySelectorAll('[data-testid=\"page-notes\"] p').forEach((p) => p.remove())")
    notes, _ = page.state()  # the notes of earlier tries are gone: a line said again (the page says each once) counts
    errors = page.errors
    try:
        page.page.workers[0].evaluate(script, [message])
    except Exception:  # the page went away (it reloaded): what came of the try is judged below
        pass
    until = time.monotonic() + WAIT_S
    while time.monotonic() < until:
        time.sleep(0.2)
        try:
            now, fine = page.state()
        except Exception:
            return "blank"
        if page.errors > errors:
            return "traceback"
        if not fine:
            return "blank"
        if now > notes:
            return "clear"
    return "silent"


def _fresh(page: Page, message: Any) -> str:
    if page.page is None or not page.state()[1]:
        page.open()
    errors = page.errors
    heard = page.page.evaluate(_FRESH_WORKER, [message])
    if page.errors > errors or any(m.get("type") == "failed" for m in heard):
        return "traceback"
    return "clear" if heard and all(m.get("type") == "note" for m in heard) else "silent"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site", help="the built site (default: _site)")
    parser.add_argument("--tries", type=int, default=None, help="only the first TRIES of each surface (a quick run)")
    args = parser.parse_args()
    if not (args.site / "play" / "index.html").exists():
        parser.error(f"{args.site} holds no built site: run 'bash scripts/site' first")
    from playwright.sync_api import sync_playwright

    tally: dict[str, Counter[str]] = {}
    with served(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = Page(context, base)
        starts = [m for m in TO_THE_WORKER if isinstance(m, dict) and m.get("type") == "start"]
        surfaces = [("page, from its worker", _POST_FROM_THE_WORKER, TO_THE_PAGE),
                    ("worker, from its page", _DISPATCH_TO_THE_WORKER,
                     [m for m in TO_THE_WORKER if m not in starts] + starts)]  # a second start last: it may start again
        for surface, script, tries in surfaces:
            tally[surface] = Counter(_try(page, script, message) for message in tries[:args.tries])
        tally["worker, before its start"] = Counter(_fresh(page, message) for message in BEFORE_THE_START[:args.tries])
        browser.close()
    print(f"{'surface':28} {'tried':>6} " + " ".join(f"{k:>9}" for k in KINDS))
    total: Counter[str] = Counter()
    for surface, counts in tally.items():
        total.update(counts)
        print(f"{surface:28} {sum(counts.values()):>6} " + " ".join(f"{counts[k]:>9}" for k in KINDS))
    print(f"{'TOTAL':28} {sum(total.values()):>6} " + " ".join(f"{total[k]:>9}" for k in KINDS))


if __name__ == "__main__":
    main()
