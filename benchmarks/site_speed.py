"""The static site (``bash scripts/site``): its size, how soon the Play page is playable, and how long the
computers think in the browser (Pyodide) against CPython.

Run from the repository root, after ``bash scripts/site``::

    python benchmarks/site_speed.py                 # size, 3 cold and 3 warm openings of Play and of the floor, decisions
    python benchmarks/site_speed.py --visits 5 --positions 12 --json
    python benchmarks/site_speed.py --page train/ --no-decisions
    python benchmarks/site_speed.py --phone --no-decisions   # on a phone (emulated): cold and warm, offline size

- **Size**: every file of ``_site/`` (source maps are not built), and the parts: Pyodide's folder, the
  JupyterLite build, the contents (notebooks, docs, puzzles).
- **Play, cold and warm**: the time from asking for ``play/`` (or ``--page``) to a playable table (the
  page's ``nm-app-ready`` mark: Pyodide started in the page's worker, the wheels loaded, the table made in
  Python and drawn). Cold is a new browser profile (nothing cached); warm is the same page opened again in
  the profile that opened it (the browser's cache holds the site's files). The page's own marks (ms since
  it began to load) say where the time goes: ``module`` (pyodide.mjs imported in the worker),
  ``pyodide (started)`` (Python started, the wheels unpacked, the widgets imported, the snapshot taken)
  or, from the second visit, ``pyodide (snapshot)`` (the same Python put back from the snapshot kept in
  the browser), ``imported`` (the page's Python host at hand), ``widget`` (the widget made in Python and
  its models at the page), ``drawn``.
- **The floor**: the same, for a page that does nothing but ``loadPyodide()`` from the site (no wheels,
  nothing imported; a page the benchmark serves beside the site): what any page running Python with
  this Pyodide cannot go below, cold and warm. The site is served on 127.0.0.1 by the benchmark's own
  static server (Python's ``http.server``).
- **Offline**: what the site keeps for offline use (its list, ``app/offline.json``) and what a browser holds
  once the landing page says "Ready to play offline" (``navigator.storage.estimate()``), in a new profile.
  ``--phone`` opens every page in chromium's phone emulation (390x844, touch); from the second visit the
  app pages come from the offline copy (the site's service worker), so warm is also the offline start.
- **Decisions**: in seeded greedy rounds of No Mercy (3 players), the first ``--positions`` positions
  where the seat to move has a choice: the expert's move as the table asks for it (its default budget,
  its half-second clock on) and the coach's hint (its default budget of playouts, no clock). The same
  code runs in CPython (this interpreter) and in the site's Pyodide (a kernel of its Lab).

The figures move with the machine's load. Nothing here is part of the test suite; nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from browser_support import CHROMIUM, CHROMIUM_FLAGS, EXECUTE_IN_LITE_JS as _EXECUTE_JS  # noqa: E402

DECISIONS = '''
import json, statistics, time
from nomercy import legal_moves, new_game
from nomercy.play.coach import DEFAULT_BUDGET, hint
from nomercy.play.driver import play_out
from nomercy.play.game import computers_choose
from nomercy.play.players import make_player, next_move

def positions(count):
    found = []
    seed = 0
    while len(found) < count:
        greedy = {seat: make_player("greedy", seed=seat) for seat in range(3)}
        def look(before, move, events, after):
            if len(found) < count and not after.is_over and len(legal_moves(after)) > 1:
                found.append(after)
        play_out(new_game("no-mercy", 3, seed=seed), computers_choose(greedy), observe=look)
        seed += 1
    return found[:count]

def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start

def decisions(count):
    found = positions(count)
    expert = [timed(lambda s=s: next_move(s, {s.turn: make_player("expert", seed=1)})) for s in found]
    coach = [timed(lambda s=s: hint(s, s.turn, seed=1)) for s in found]
    def figures(values):
        ordered = sorted(values)
        return {"median_s": round(statistics.median(values), 3), "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
                "max_s": round(ordered[-1], 3), "count": len(values)}
    return {"expert": figures(expert), "coach_hint": figures(coach), "coach_budget": DEFAULT_BUDGET}

print("RESULT " + json.dumps(decisions(COUNT)))
'''


def sizes(site: Path) -> dict[str, float]:
    def megabytes(folder: Path) -> float:
        return round(sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6, 1)

    return {"total_mb": megabytes(site), "pyodide_mb": megabytes(site / "static" / "pyodide"),
            "jupyterlite_build_mb": megabytes(site / "build"), "contents_mb": megabytes(site / "files"),
            "source_maps": len(list(site.rglob("*.map")))}


FLOOR_PAGE = "/__floor.html"
FLOOR_HTML = b"""<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><script type="module">
const { loadPyodide } = await import("./static/pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("./static/pyodide/", location).href });
window.nmAppTimes = { drawn: performance.now() };
document.documentElement.classList.add("nm-app-ready");
</script></body></html>"""


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """The site on 127.0.0.1 (and the floor page beside it), in a thread of this process: its address."""
    import functools
    import http.server
    import threading

    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path != FLOOR_PAGE:
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(FLOOR_HTML)))
            self.end_headers()
            self.wfile.write(FLOOR_HTML)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _open(page: Any, url: str, phases: list[dict[str, float]]) -> float:
    """Seconds from asking for ``url`` to its ``nm-app-ready`` mark; the page's own marks go to ``phases``."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function("() => document.documentElement.matches('.nm-app-ready, .nm-app-error')", timeout=300_000)
    if page.locator("#nm-app-note").count():
        raise SystemExit(f"{url} did not start: {page.locator('#nm-app-note').text_content()}")
    marks = page.evaluate("() => window.nmAppTimes")  # ms since the page began to load
    phases.append({name: round(ms / 1000, 1) for name, ms in sorted(marks.items(), key=lambda item: item[1])})
    return time.perf_counter() - started


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
"""Chromium's phone emulation, as the site's phone tests use it (tests/test_site_phone.py)."""


def offline_size(base: str, profiles: Path) -> dict[str, Any]:
    """What the site keeps for offline use: its list (app/offline.json) and what a browser holds once the
    landing page says it is ready offline (``navigator.storage.estimate()``: the offline copy, with the
    Python snapshot and anything else the visit stored)."""
    from playwright.sync_api import sync_playwright

    listing = json.loads((Path(_SITE[0]) / "app" / "offline.json").read_text())
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(str(profiles / "offline"), executable_path=CHROMIUM,
                                                       args=CHROMIUM_FLAGS, headless=True, **PHONE)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            started = time.perf_counter()
            page.goto(base + "/")
            page.locator('[data-testid="offline"][data-state="ready"]').wait_for(timeout=300_000)
            seconds = time.perf_counter() - started
            usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
        finally:
            context.close()
    return {"files": len(listing["files"]), "listed_mb": round(listing["bytes"] / 1e6, 1),
            "browser_usage_mb": round(usage / 1e6, 1), "kept_after_s": round(seconds, 1)}


_SITE: list[str] = []


def open_timings(url: str, visits: int, profiles: Path, phone: bool = False) -> dict[str, Any]:
    """``visits`` cold openings of ``url`` (each in a new profile), each followed by a warm one; ``phone``:
    in chromium's phone emulation (390x844, touch)."""
    from playwright.sync_api import sync_playwright

    cold: list[float] = []
    warm: list[float] = []
    phases: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    with sync_playwright() as p:
        for visit in range(visits):
            context = p.chromium.launch_persistent_context(
                str(profiles / f"profile-{len(list(profiles.iterdir()))}"), executable_path=CHROMIUM,
                args=CHROMIUM_FLAGS, headless=True, **(PHONE if phone else {"viewport": {"width": 1280, "height": 1000}}))
            try:
                page = context.pages[0] if context.pages else context.new_page()
                cold.append(_open(page, url, phases["cold"]))
                page.goto("about:blank")
                warm.append(_open(page, url, phases["warm"]))
            finally:
                context.close()
    return {"cold_s": [round(t, 1) for t in cold], "warm_s": [round(t, 1) for t in warm], "phases": phases}




def run_in_pyodide(base: str, code: str) -> dict[str, Any]:
    """Run ``code`` in the served site's Pyodide (its JupyterLite kernel) and read the JSON it prints after
    ``RESULT ``: how the benchmarks time Python as the site's visitors run it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            page = browser.new_page()
            page.goto(f"{base}/lab/index.html")
            page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')", timeout=120_000)
            page.set_default_timeout(1_200_000)
            result = page.evaluate(_EXECUTE_JS, code)
        finally:
            browser.close()
    if result["err"]:
        raise SystemExit(f"in Pyodide: {result['err']}")
    return json.loads(result["out"].split("RESULT ", 1)[1])


def pyodide_decisions(base: str, count: int) -> dict[str, Any]:
    return run_in_pyodide(base, DECISIONS.replace("COUNT", str(count)))


def cpython_decisions(count: int) -> dict[str, Any]:
    printed: list[str] = []
    scope: dict[str, Any] = {"print": printed.append}
    exec(DECISIONS.replace("COUNT", str(count)), scope)
    return json.loads(printed[-1].split("RESULT ", 1)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--page", default="play/", help="the page timed (default: play/)")
    parser.add_argument("--visits", type=int, default=3, help="cold and warm openings of the page and of the floor")
    parser.add_argument("--positions", type=int, default=8, help="positions timed for the expert and the coach")
    parser.add_argument("--no-decisions", action="store_true", help="skip the expert's and coach's decision times")
    parser.add_argument("--phone", action="store_true", help="open the pages in chromium's phone emulation (390x844)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    _SITE.append(str(args.site))
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run 'bash scripts/site' first")
    import tempfile

    report: dict[str, Any] = {"machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.python_version()}",
                              "size": sizes(args.site)}
    with served(args.site) as base, tempfile.TemporaryDirectory() as profiles:
        for visit in range(args.visits):  # the page and the floor in turn, so that both see the same load
            for name, url in (("play", f"{base}/{args.page}"), ("floor", base + FLOOR_PAGE)):
                one = open_timings(url, 1, Path(profiles), phone=args.phone)
                whole = report.setdefault(name, {"cold_s": [], "warm_s": [], "phases": {"cold": [], "warm": []}})
                for key in ("cold_s", "warm_s"):
                    whole[key] += one[key]
                for key in ("cold", "warm"):
                    whole["phases"][key] += one["phases"][key]
        report["offline"] = offline_size(base, Path(profiles))
        if not args.no_decisions:
            report["decisions"] = {"cpython": cpython_decisions(args.positions),
                                   "pyodide": pyodide_decisions(base, args.positions)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    s = report["size"]
    print(f"site: {s['total_mb']} MB ({s['source_maps']} source maps): Pyodide {s['pyodide_mb']} MB, "
          f"JupyterLite {s['jupyterlite_build_mb']} MB, contents {s['contents_mb']} MB")
    o = report["offline"]
    print(f"kept for offline use: {o['files']} files, {o['listed_mb']} MB listed; the browser holds {o['browser_usage_mb']} MB "
          f"once the landing page says it is ready offline ({o['kept_after_s']} s after it was asked for)")
    where = "phone emulation, 390x844" if args.phone else "desktop, 1280x1000"
    print(f"pages opened in {where}")
    for name, what in (("play", f"{args.page} to a playable widget"), ("floor", "the floor (loadPyodide() alone)")):
        timed = report[name]
        print(f"{what}: cold {timed['cold_s']} s (median {statistics.median(timed['cold_s'])}), "
              f"warm {timed['warm_s']} s (median {statistics.median(timed['warm_s'])})")
        for kind in ("cold", "warm"):
            print(f"  {kind}, the page's marks (s after it began to load), each visit: "
                  + "; ".join(", ".join(f"{k} {v}" for k, v in marks.items()) for marks in timed["phases"][kind]))
    print(f"machine load (1-minute average) at the end: {os.getloadavg()[0]:.1f}")
    for where, figures in report.get("decisions", {}).items():
        e, c = figures["expert"], figures["coach_hint"]
        print(f"{where:8}: expert move median {e['median_s']} s, p90 {e['p90_s']} s, max {e['max_s']} s; "
              f"coach hint ({figures['coach_budget']} playouts) median {c['median_s']} s, p90 {c['p90_s']} s, "
              f"max {c['max_s']} s ({e['count']} positions)")


if __name__ == "__main__":
    main()
