"""The static site (``bash scripts/site``): its size, how soon the Play page is playable, and how long the
computers think in the browser (Pyodide) against CPython.

Run from the repository root, after ``bash scripts/site``::

    python benchmarks/site_speed.py                 # size, 3 cold and 3 warm openings of Play, decisions
    python benchmarks/site_speed.py --visits 5 --positions 12 --json

- **Size**: every file of ``_site/`` (source maps are not built), and the parts: Pyodide's folder, the
  JupyterLite build, the contents (notebooks, docs, puzzles).
- **Play, cold and warm**: the time from asking for ``play/`` to a playable table (the app page's
  ``nm-app-ready`` mark: the kernel started, the cell run, the table drawn). Cold is a new browser
  profile (nothing cached); warm is the same page opened again in the profile that opened it (the
  browser's cache holds the site's files). The site is served by ``python -m http.server`` on 127.0.0.1.
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
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from browser_support import CHROMIUM, CHROMIUM_FLAGS, _free_port  # noqa: E402

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


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
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


def _open_play(page: Any, base: str, phases: list[dict[str, float]]) -> float:
    """Seconds from asking for play/ to a playable table; the page's own marks go to ``phases``."""
    started = time.perf_counter()
    page.goto(f"{base}/play/")
    page.wait_for_function("() => document.documentElement.matches('.nm-app-ready, .nm-app-error')", timeout=300_000)
    if page.locator("#nm-app-note").count():
        raise SystemExit(f"the Play page did not start: {page.locator('#nm-app-note').text_content()}")
    marks = page.evaluate("() => window.nmAppTimes")  # ms since the app page began to load
    phases.append({"app_shell_s": round(marks["app"] / 1000, 1), "kernel_ready_s": round(marks["kernel"] / 1000, 1),
                   "table_drawn_s": round(marks["drawn"] / 1000, 1)})
    return time.perf_counter() - started


def play_timings(base: str, visits: int, profiles: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    cold: list[float] = []
    warm: list[float] = []
    phases: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    with sync_playwright() as p:
        for visit in range(visits):
            context = p.chromium.launch_persistent_context(
                str(profiles / f"profile-{visit}"), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
                viewport={"width": 1280, "height": 1000})
            try:
                page = context.pages[0] if context.pages else context.new_page()
                cold.append(_open_play(page, base, phases["cold"]))
                page.goto("about:blank")
                warm.append(_open_play(page, base, phases["warm"]))
            finally:
                context.close()
    return {"cold_s": [round(t, 1) for t in cold], "warm_s": [round(t, 1) for t in warm], "phases": phases}


_EXECUTE_JS = """
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


def pyodide_decisions(base: str, count: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            page = browser.new_page()
            page.goto(f"{base}/lab/index.html")
            page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')", timeout=120_000)
            page.set_default_timeout(1_200_000)
            result = page.evaluate(_EXECUTE_JS, DECISIONS.replace("COUNT", str(count)))
        finally:
            browser.close()
    if result["err"]:
        raise SystemExit(f"in Pyodide: {result['err']}")
    return json.loads(result["out"].split("RESULT ", 1)[1])


def cpython_decisions(count: int) -> dict[str, Any]:
    printed: list[str] = []
    scope: dict[str, Any] = {"print": printed.append}
    exec(DECISIONS.replace("COUNT", str(count)), scope)
    return json.loads(printed[-1].split("RESULT ", 1)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--visits", type=int, default=3, help="cold and warm openings of Play (each a new profile)")
    parser.add_argument("--positions", type=int, default=8, help="positions timed for the expert and the coach")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run 'bash scripts/site' first")
    import tempfile

    report: dict[str, Any] = {"machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.python_version()}",
                              "size": sizes(args.site)}
    with served(args.site) as base, tempfile.TemporaryDirectory() as profiles:
        report["play"] = play_timings(base, args.visits, Path(profiles))
        report["decisions"] = {"cpython": cpython_decisions(args.positions),
                               "pyodide": pyodide_decisions(base, args.positions)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    s, play = report["size"], report["play"]
    print(f"site: {s['total_mb']} MB ({s['source_maps']} source maps): Pyodide {s['pyodide_mb']} MB, "
          f"JupyterLite {s['jupyterlite_build_mb']} MB, contents {s['contents_mb']} MB")
    print(f"Play to a playable table: cold {play['cold_s']} s (median {statistics.median(play['cold_s'])}), "
          f"warm {play['warm_s']} s (median {statistics.median(play['warm_s'])})")
    for kind in ("cold", "warm"):
        first = play["phases"][kind][0]
        print(f"  {kind}, first visit, seconds after the page began to load: JupyterLite's shell "
              f"{first['app_shell_s']}, the kernel ready {first['kernel_ready_s']}, the table drawn {first['table_drawn_s']}")
    for where, figures in report["decisions"].items():
        e, c = figures["expert"], figures["coach_hint"]
        print(f"{where:8}: expert move median {e['median_s']} s, p90 {e['p90_s']} s, max {e['max_s']} s; "
              f"coach hint ({figures['coach_budget']} playouts) median {c['median_s']} s, p90 {c['p90_s']} s, "
              f"max {c['max_s']} s ({e['count']} positions)")


if __name__ == "__main__":
    main()
