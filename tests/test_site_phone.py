"""The site on a phone, by tapping: chromium's mobile emulation (touch, a phone's viewport and pixel ratio)
on the built site (``_site/``, or ``NOMERCY_SITE_DIR``), served on 127.0.0.1 as in tests/test_site.py.

- The landing and rules pages fit 360x640 and 390x844: no sideways scrolling, every control at least
  44x44 CSS px, text at least 16 px; every page has the site's header, one row high (its links a strip that
  scrolls sideways), and the offline line under it is one short line.
- Every kind of ruling link (the table's "ruling:", the log's and the puzzle board's "(rulebook)", the rule
  card's ids, the Lessons' widgets) opens a page of the site at the ruling's anchor.
- Play as a person sets up a table: rules, opponents, their strength, coach, pace; a whole round tapped
  through; the round's number and the settings survive a reload. What the browser remembered that is
  nonsense is ignored with a note, and the page plays.
- Train: five puzzles tapped through, the first a No Mercy one; the topic chosen is remembered on reload.

Screenshots go to ``artifacts/site-phone-*.png``. Nothing here asserts on time.
"""

from __future__ import annotations

import contextlib
import re
import urllib.request
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urljoin, urlsplit

import pytest

from browser_support import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS
from test_notebooks_in_browser import _next_click, _pick, _redrawn, _served
from test_site import KERNEL_MS, MAX_STEPS, Visit, _app_ready, _run_in_pyodide, _title, _wait_for_the_player, site  # noqa: F401
from test_site import keep_a_mistake_on_play_and_answer_it_on_train

pytestmark = pytest.mark.site

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}
TEXT_PAGES = ["", "rules/", "rules/rulebook.html", "rules/rule-card.html", "rules/glossary.html"]


@contextlib.contextmanager
def phone(base: str, size: str = "390x844", profile: Path | None = None, *, workers: str = "allow") -> Iterator[Visit]:
    """A phone visiting the site (touch, a phone's screen); with ``profile``, storage that outlives it; with
    ``workers="block"``, a browser that lets no page register a service worker."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    options: dict[str, Any] = dict(viewport=PHONES[size], is_mobile=True, has_touch=True, device_scale_factor=2,
                                   service_workers=workers)
    with sync_playwright() as p:
        if profile is None:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
            context = browser.new_context(**options)
        else:
            browser = None
            context = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_FLAGS,
                                                           headless=True, **options)
        try:
            session = Visit(context, base)
            yield session
            session.check()
        finally:
            context.close()
            if browser is not None:
                browser.close()


_FIT_JS = """
() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  if (document.scrollingElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth} > ${width}`);
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  // controls: the header's links, buttons, inputs' labels, summaries, and links that stand alone (a link inside a
  // sentence is exempt, as WCAG 2.5.5 says)
  const inline = (a) => a.closest('p, li, td, th, .sub, footer, .facts') && !a.matches('.id');
  // the header's links are a strip that scrolls sideways on a phone: a link past its edge is one swipe away
  const strip = document.querySelector('.nm-site-links');
  const swiped = (e) => strip && strip.contains(e) && strip.scrollWidth > strip.clientWidth
    && strip.getBoundingClientRect().right <= width + 1;
  for (const e of document.querySelectorAll('a, button, summary, select, input, label')) {
    if (!visible(e) || (e.matches('a') && inline(e)) || e.matches('input[type=radio], input[type=checkbox]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) problems.push(`${e.tagName.toLowerCase()} "${(e.textContent || '').trim().slice(0, 30)}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (r.right > width + 1 && !swiped(e)) problems.push(`${e.tagName.toLowerCase()} "${(e.textContent || '').trim().slice(0, 30)}" is cut off at the right`);
  }
  for (const e of document.querySelectorAll('p, li, td, th, dd, .door, .nm-door, .rule, .facts, .sub')) {
    if (!visible(e) || !(e.textContent || '').trim()) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 16 - 0.01) problems.push(`${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 30)}" is ${size}px`);
  }
  return [...new Set(problems)].slice(0, 15);
}
"""


@pytest.mark.parametrize("size", PHONES)
def test_the_landing_and_rules_pages_fit_a_phone_with_the_sites_header(site: str, size: str) -> None:  # noqa: F811
    with phone(site, size) as session:
        page = session.open("")
        for path in TEXT_PAGES:
            page.goto(f"{site}/{path}")
            nav = page.locator("nav.nm-site-nav")
            assert nav.get_by_role("link").all_text_contents() == ["Home", "Learn", "Play", "Train", "Rules", "How to play"], path
            # compact: the header is one row of links and the language switch, the offline line one short line
            assert nav.bounding_box()["height"] <= 48, f"the header of {path or 'the landing page'} takes two rows"
            line = page.get_by_test_id("offline").bounding_box()  # None while it has nothing to say
            assert line is None or line["height"] <= 34, f"the offline line of {path or 'the landing page'}: {line}"
            problems = page.evaluate(_FIT_JS)
            name = path.replace("/", "-").removesuffix(".html").strip("-") or "landing"
            page.screenshot(path=str(ARTIFACTS / f"site-phone-{size}-{name}.png"))
            assert not problems, f"{path or 'the landing page'} at {size}:\n" + "\n".join(problems)


def _anchor_exists(url: str) -> bool:
    """The page at ``url`` is on the site and holds the element its fragment names."""
    page, _, anchor = url.partition("#")
    with urllib.request.urlopen(page) as reply:
        assert reply.status == 200, url
        text = reply.read().decode()
    return not anchor or re.search(rf'\s(id|name)="{re.escape(anchor)}"', text) is not None


def _follow(page: Any, link: Any, site: str) -> str:
    """Tap a ruling link: the page it opens (a new tab), at an anchor that exists there; its address."""
    href = link.evaluate("(a) => a.href")
    assert href.startswith(f"{site}/rules/rulebook.html#"), href
    assert _anchor_exists(href), f"{href}: no such anchor"
    with page.context.expect_page() as opened:
        link.tap()
    ruling = opened.value
    ruling.wait_for_load_state()
    anchor = urlsplit(href).fragment
    assert ruling.url == href
    assert ruling.locator(f'[id="{anchor}"]').count() == 1
    ruling.close()
    return href


def test_every_kind_of_ruling_link_opens_its_ruling_on_the_rules_page(site: str) -> None:  # noqa: F811
    followed = set()
    with phone(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        _wait_for_the_player(table)
        table.get_by_role("button", name=re.compile("^Hint")).first.tap()
        hint = table.locator('[data-testid="hint"] a.nm-rulebook-link')
        hint.wait_for()
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-hint.png"))
        followed.add(_follow(page, hint.first, site))  # the coach's "ruling:"
        entry = table.locator('[data-testid="log"] li:has(details)').first  # the log's "(rulebook)", a line opened
        if not entry.is_visible():  # the log is folded away on a phone: open it
            table.locator('details:has([data-testid="log"]) > summary').first.tap()
        entry.locator("summary").tap()
        followed.add(_follow(page, entry.locator("a.nm-rulebook-link"), site))

        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=False)
        trainer.locator('[data-testid="trainer-recorded"]').wait_for()
        event = trainer.locator(".nm-events li").first  # the puzzle board's "(rulebook)", an event opened
        event.locator("summary").tap()
        followed.add(_follow(page, event.locator("a.nm-rulebook-link"), site))

        card = session.open("rules/rule-card.html")
        ids = card.locator("a.id")
        assert ids.count() > 20
        for i in range(ids.count()):  # the rule card's ids, every one
            href = ids.nth(i).evaluate("(a) => a.href")
            assert href.startswith(f"{site}/rules/rulebook.html#") and _anchor_exists(href), href
        ids.first.tap()
        card.wait_for_url(re.compile(r"/rules/rulebook\.html#"))

        # the Lessons' widgets (in the site's Lab, one folder down from the root, as play/ and train/)
        where = _run_in_pyodide(session, "from nomercy.widgets._common import rulebook_address\nprint(rulebook_address())")
        lesson_link = urljoin(f"{site}/lab/index.html", f"{where}#mercy")
        assert lesson_link == f"{site}/rules/rulebook.html#mercy" and _anchor_exists(lesson_link)
    assert len(followed) >= 2, followed


# --- Play: a table a person sets up ---------------------------------------------------------------------

def _tap_round(table: Any) -> list[str]:
    """Tap as a person would, to the end of the round; the labels of the taps."""
    tapped: list[str] = []
    stalls = lost = 0
    for _ in range(MAX_STEPS):
        version, waiting = table.get_attribute("data-version"), table.get_attribute("data-waiting")
        if waiting == "over":
            return tapped
        if waiting == "computer":
            stalls = 0 if _redrawn(table, version, 30_000) else stalls + 1
            assert stalls < 4, f"the computers made no move in 4 waits in a row; taps: {tapped[-20:]}"
            continue
        step = _next_click(table)
        assert step is not None, f"the player is to move but nothing can be tapped: {table.text_content()[:600]}"
        label, control = step
        control.scroll_into_view_if_needed()
        control.tap()
        if not _redrawn(table, version, 30_000):
            lost += 1
            assert lost <= 3, f"taps that changed nothing: {tapped[-10:]}"
            continue
        tapped.append(label)
        error = table.locator('[data-testid="error"]')
        assert not error.count(), f"tapping {label} was refused: {error.text_content()}"
    raise AssertionError(f"no round-over after {MAX_STEPS} steps; taps: {tapped[-20:]}")


def test_a_table_set_up_on_a_phone_is_played_by_tapping_and_survives_a_reload(site: str, tmp_path: Path) -> None:  # noqa: F811
    with phone(site, "390x844", tmp_path / "profile") as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        setup = page.locator('[data-testid="table-setup"]')
        assert "No Mercy · 2 computer opponents · steady · coach on" in setup.text_content()
        setup.locator("summary").tap()
        for choice in ("rules-classic", "opponents-3", "strength-easy", "pace-0"):
            page.locator(f'[data-testid="setup-{choice}"]').tap()
        page.locator('[data-testid="setup-coach"]').tap()
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-setup.png"), full_page=True)
        with page.expect_navigation(timeout=KERNEL_MS):  # the page opens again once the worker kept the table
            page.locator('[data-testid="setup-deal"]').tap()
        table = _app_ready(page, "nm-table")
        summary = page.locator('[data-testid="setup-summary"]').text_content()
        assert summary == "Classic UNO · 3 computer opponents · easy · coach off", summary
        assert "classic" in _title(table).lower()
        assert table.locator('[data-testid="pace-value"]').text_content().strip() == "instant"
        assert not table.get_by_role("button", name=re.compile("^Hint")).count(), "the coach is on"
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-start.png"))

        tapped = _tap_round(table)
        assert "card" in tapped
        undo = table.locator('[data-testid="btn-undo"]')  # a round that is over is replayed, never undone
        assert not undo.count() or undo.is_disabled(), "Undo my last move is offered after the round is over"
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-round-over.png"))
        table.get_by_role("button", name=re.compile("^Next round")).first.tap()
        table.page.wait_for_function("(el) => el.getAttribute('data-waiting') !== 'over'", arg=table.element_handle())
        assert "Round 2" in table.text_content()
        _wait_for_the_player(table)
        page.reload()
        table = _app_ready(page, "nm-table")
        assert "Round 2" in table.text_content(), "the round's number went back to 1 on reload"
        assert page.locator('[data-testid="setup-summary"]').text_content() == summary, "the settings were lost"


def test_nonsense_the_browser_remembered_is_ignored_with_a_note_and_the_page_plays(site: str) -> None:  # noqa: F811
    with phone(site, "360x640") as session:
        _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                                 "data_dir().mkdir(parents=True, exist_ok=True)\n"
                                 "(data_dir() / 'site-pages.json').write_text('{\"version\": 1, \"play\": "
                                 "{\"opponents\": 99, \"strength\": \"godlike\"}, \"train\": 7}')")
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        notes = page.locator('[data-testid="page-notes"]').text_content()
        assert "opponents (99) is not one of the choices" in notes and "strength (godlike)" in notes, notes
        assert page.locator('[data-testid="setup-summary"]').text_content().startswith("No Mercy · 2 computer opponents")
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-notes.png"))
        _wait_for_the_player(table)
        step = _next_click(table)
        assert step is not None
        step[1].tap()


# --- Train ----------------------------------------------------------------------------------------------

def test_five_puzzles_tapped_on_a_phone_the_first_no_mercy_and_the_topic_kept_on_reload(site: str) -> None:  # noqa: F811
    with phone(site, "360x640") as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        from nomercy.puzzles.puzzle import find_puzzle

        first = find_puzzle(trainer.locator('[data-testid="nm-puzzle"]').get_attribute("data-puzzle"))
        assert first.rules.name == "no-mercy", f"a No Mercy learner's first puzzle is {first.id} ({first.rules.name})"
        for n in range(5):
            puzzle = _served(trainer)
            _pick(trainer, puzzle, right=n % 2 == 0)
            trainer.locator('[data-testid="trainer-recorded"]').wait_for()
            if n == 0:
                page.screenshot(path=str(ARTIFACTS / "site-phone-train-answered.png"), full_page=True)
            trainer.get_by_role("button", name="Next puzzle").tap()
            trainer.locator('[data-testid="trainer-recorded"]').wait_for(state="detached")
        assert int(trainer.get_attribute("data-attempts")) == 5
        topic = trainer.locator('[data-testid="trainer-topic"]')
        value = topic.locator("option").nth(2).get_attribute("value")
        topic.select_option(value)
        page.wait_for_function("(v) => document.querySelector('[data-testid=\"trainer-topic\"]').value === v", arg=value)
        page.reload()
        trainer = _app_ready(page, "nm-trainer")
        assert trainer.locator('[data-testid="trainer-topic"]').input_value() == value, "the topic was forgotten"
        assert int(trainer.get_attribute("data-attempts")) == 5


# --- offline --------------------------------------------------------------------------------------------

@contextlib.contextmanager
def _own_server() -> Iterator[tuple[str, Any]]:
    """The built site on a server of this test's own, which the test stops: its address and process."""
    import subprocess
    import sys
    import time

    from browser_support import _free_port
    from test_site import SITE

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
        yield base, server
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=10)


def _offline_line(page: Any, state: str) -> str:
    line = page.locator(f'[data-testid="offline"][data-state="{state}"]')
    line.wait_for(timeout=KERNEL_MS)
    return line.text_content()


def test_after_one_visit_the_site_opens_and_plays_with_the_server_stopped(site: str, tmp_path: Path) -> None:  # noqa: F811
    with _own_server() as (base, server), phone(base, "390x844", tmp_path / "profile") as session:
        page = session.open("")
        kept = _offline_line(page, "ready")
        assert kept == "Ready to play offline.", kept  # short and plain: no size under the header of a phone
        page.goto(f"{base}/play/")
        _app_ready(page, "nm-table")
        page.locator('[data-testid="table-setup"] summary').tap()  # a quick table, for a round to be played
        for choice in ("opponents-1", "pace-0"):
            page.locator(f'[data-testid="setup-{choice}"]').tap()
        with page.expect_navigation(timeout=KERNEL_MS):  # the page opens again once the worker kept the table
            page.locator('[data-testid="setup-deal"]').tap()
        _app_ready(page, "nm-table")
        page.goto(f"{base}/train/")
        _app_ready(page, "nm-trainer")

        server.terminate()
        server.wait(timeout=10)
        with pytest.raises(OSError):
            urllib.request.urlopen(base + "/", timeout=5)

        for path in ("", "rules/", "rules/rule-card.html", "rules/rulebook.html#mercy"):
            page.goto(f"{base}/{path}")
            assert page.locator("nav.nm-site-nav").count() == 1, f"{path or 'the landing page'} did not open offline"
        assert page.locator('[id="mercy"]').count() == 1
        page.goto(f"{base}/")
        assert _offline_line(page, "ready") == kept
        page.screenshot(path=str(ARTIFACTS / "site-phone-offline-landing.png"))
        page.goto(f"{base}/play/")
        table = _app_ready(page, "nm-table")
        if table.get_attribute("data-waiting") == "over":
            table.get_by_role("button", name=re.compile("^Next round")).first.tap()
        assert "card" in _tap_round(table)
        assert re.search(r"\bwins? the round", table.locator('[data-testid="round-over"]').text_content())
        page.screenshot(path=str(ARTIFACTS / "site-phone-offline-play.png"))
        page.goto(f"{base}/train/")
        trainer = _app_ready(page, "nm-trainer")
        before = int(trainer.get_attribute("data-attempts"))
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=True)
        trainer.locator('[data-testid="trainer-recorded"][data-right="true"]').wait_for()
        assert int(trainer.get_attribute("data-attempts")) == before + 1
        page.screenshot(path=str(ARTIFACTS / "site-phone-offline-train.png"))


_NO_STORAGE_JS = """
Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined, configurable: true });
delete window.caches;
"""


def _says_it_keeps_nothing_and_plays(session: Visit) -> None:
    """The Play page's offline line says nothing is kept and the site plays online, and a tapped move is drawn."""
    page = session.open("play/")
    line = _offline_line(page, "none")
    assert "keeps nothing for offline use here" in line and "plays while you are online" in line
    table = _app_ready(page, "nm-table")
    _wait_for_the_player(table)
    step = _next_click(table)
    assert step is not None
    version = table.get_attribute("data-version")
    step[1].tap()
    assert _redrawn(table, version, 30_000)


def test_a_browser_that_keeps_nothing_says_so_and_still_plays(site: str) -> None:  # noqa: F811
    with phone(site, "360x640") as session:
        session.context.add_init_script(_NO_STORAGE_JS)  # as a private window that refuses storage
        _says_it_keeps_nothing_and_plays(session)


def test_a_browser_that_blocks_service_workers_says_it_keeps_nothing_and_still_plays(site: str) -> None:  # noqa: F811
    """Some browsers (a setting, a policy) let the page ask for a service worker and answer with nothing at all,
    neither a worker nor a refusal: the page says it keeps nothing, with no error in its console."""
    with phone(site, "390x844", workers="block") as session:
        _says_it_keeps_nothing_and_plays(session)


def test_a_browser_with_no_room_says_what_it_cannot_keep_and_still_plays(site: str) -> None:  # noqa: F811
    with _own_server() as (base, _), phone(base, "360x640") as session:
        cdp = session.context.new_cdp_session(session.context.new_page())
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": base, "quotaSize": 2_000_000})  # before the first visit
        page = session.open("train/")
        line = _offline_line(page, "no-room")
        assert re.search(r"no room to keep the site for offline use \(it needs \d+\.\d MB\); it plays while you are online", line), line
        trainer = _app_ready(page, "nm-trainer")
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=True)
        trainer.locator('[data-testid="trainer-recorded"]').wait_for()


_DRIVE_WRITE = ("from pathlib import Path\nPath('/drive/nomercy').mkdir(parents=True, exist_ok=True)\n"
                "Path('/drive/nomercy/drive-check.txt').write_text('kept by the Lab')\nprint('written')")


def test_the_labs_drive_works_under_the_sites_service_worker(site: str) -> None:  # noqa: F811
    """The Lab runs under the site's one service worker (which does what JupyterLite's does): a file a
    kernel writes in the drive is read by another kernel, as without it."""
    with phone(site) as session:
        page = session.open("")
        _offline_line(page, "ready")
        assert _run_in_pyodide(session, _DRIVE_WRITE) == "written"
        lab = session.open("lab/index.html")
        lab.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')")
        controller = lab.evaluate("() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
        assert controller == f"{site}/service-worker.js?enableCache=false", controller
        lab.close()
        assert _run_in_pyodide(session, "print(open('/drive/nomercy/drive-check.txt').read())") == "kept by the Lab"


def test_a_newer_version_of_the_site_is_announced_and_taken_with_one_tap(tmp_path: Path) -> None:
    """The site served from a folder whose service worker and offline list the test changes, as a new build
    would: the page open says that a newer version is here, and "Use it" opens it, kept for offline use."""
    import json
    import subprocess
    import sys
    import time

    from browser_support import _free_port, require_browser
    from test_site import SITE

    require_browser()
    if not (SITE / "app" / "offline.json").exists():
        pytest.skip(f"{SITE} is not built: run 'bash scripts/site' first")
    served = tmp_path / "site"
    served.mkdir()
    for entry in SITE.iterdir():  # everything as built, but the worker and the offline list, which change
        if entry.name not in ("service-worker.js", "app"):
            (served / entry.name).symlink_to(entry)
    (served / "app").mkdir()
    for entry in (SITE / "app").iterdir():
        if entry.name != "offline.json":
            (served / "app" / entry.name).symlink_to(entry)
    listing = json.loads((SITE / "app" / "offline.json").read_text())
    worker = (SITE / "service-worker.js").read_text()

    def publish(version: str) -> None:
        (served / "app" / "offline.json").write_text(json.dumps({**listing, "version": version}))
        (served / "service-worker.js").write_text(worker.replace(json.dumps(listing["version"]), json.dumps(version), 1))

    publish("first")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(served)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/", timeout=2).close()
                break
            time.sleep(0.1)
        with phone(base, "390x844") as session:
            page = session.open("rules/")
            _offline_line(page, "ready")
            publish("second")
            page.goto(f"{base}/rules/glossary.html")  # a navigation: the browser looks for a newer worker
            _offline_line(page, "newer")
            assert page.locator('[data-testid="offline"] span').text_content() == "A newer version of the site is here."
            page.screenshot(path=str(ARTIFACTS / "site-phone-newer-version.png"))
            page.locator('[data-testid="offline-reload"]').tap()
            _offline_line(page, "ready")
            names = page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('nomercy-offline-'))")
            assert names == ["nomercy-offline-second"], names  # the older copy is gone
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_mistake_kept_on_play_is_answered_on_train_by_tapping(site: str, tmp_path: Path) -> None:  # noqa: F811
    """Keep it as a puzzle, tapped under the review on Play; found under Your mistakes on Train, answered by tapping."""
    with phone(site, profile=tmp_path / "profile") as session:
        keep_a_mistake_on_play_and_answer_it_on_train(session, tmp_path, lambda control: control.tap())
