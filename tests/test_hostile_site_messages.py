"""Hostile messages between the site's pages and their worker, sent in chromium on the built site.

The page (``site/app/page.js``) and its worker (``site/app/worker.js``) speak in messages: the page asks the
worker to start, sends a table it set up and the widget's messages; the worker sends the widget's messages
from Python, marks, notes, warnings and failures. A page and a worker of two versions of the site can meet
(one from the browser's cache), and a message can be damaged, so each side checks what it is sent.

Here the very files of the built site get malformed, unknown, wrong-type and oversized messages, through
their real message handlers: the worker's are posted from inside the running worker to the page, and
dispatched to the worker as message events. Each one must be refused with one line on the page, in plain
words; no console error, no page left blank, and the table must still play afterwards. A worker started fresh
gets what can only come before Python starts (a page the game does not have, a message before the start).

The Python side of the same envelope (``host.receive``) is tried without a browser, in every run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from test_site import _app_ready, _play, _wait_for_the_player, site, visit  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent

HOSTILE_COVERS = (
    # what the page sends the worker: start, its widget's messages ("comm"), a table
    "page:page:start", "page:page:comm", "page:page:table",
    # what the worker sends the page, and Python's messages inside "comm"
    "page:worker:comm", "page:worker:failed", "page:worker:mark", "page:worker:show", "page:worker:warning",
    "page:worker:note",
    "page:page:failed", "page:page:mark", "page:page:show", "page:page:warning", "page:page:note",
    "page:page:page", "page:page:comm_open", "page:page:comm_close", "page:page:comm_msg",
)

PYTHON_WORDS = ("Traceback", "Error", "undefined", "null", "None", "True", "[object", "{'", "\\n", "Cannot read")

TO_THE_PAGE: list[Any] = [
    None, 5, "comm", [], {}, {"type": "nope"}, {"type": 7}, {"type": "comm"}, {"type": "comm", "text": 5},
    {"type": "comm", "text": "{"}, {"type": "comm", "text": "[]"}, {"type": "comm", "text": "null"},
    {"type": "comm", "text": json.dumps({"type": "weird"})},
    {"type": "comm", "text": json.dumps({"type": "comm_open", "data": {"state": {}}})},
    {"type": "comm", "text": json.dumps({"type": "comm_open", "comm_id": 5})},
    {"type": "comm", "text": json.dumps({"type": "comm_close"})},
    {"type": "comm", "text": json.dumps({"type": "comm_msg", "comm_id": "no-such-part", "data": {"method": "update"}})},
    {"type": "comm", "text": json.dumps({"type": "page", "settings": None, "choices": 5, "notes": "x"})},
    {"type": "comm", "text": json.dumps({"type": "page", "settings": {"opponents": "3"}, "choices": {"rules": [1]}})},
    {"type": "comm", "text": "[" * 100_000 + "]" * 100_000},
    {"type": "comm", "text": "x" * 5_000_000},
    {"type": "show"}, {"type": "show", "id": 5}, {"type": "show", "id": "no-such-part"},
    {"type": "mark"}, {"type": "mark", "name": {"a": 1}}, {"type": "mark", "name": "__proto__"},
    {"type": "warning"}, {"type": "warning", "text": ["a"]},
    {"type": "note", "text": None}, {"type": "note", "text": 5},
    {"type": "failed"}, {"type": "failed", "text": {"message": "x"}},
    {"type": "table-set", "note": 5},
]
"""What a page may be sent that is not one of the worker's messages, or not whole."""

TO_THE_WORKER: list[Any] = [
    None, 5, "start", [], {}, {"type": "nope"}, {"type": "comm"}, {"type": "comm", "text": 5},
    {"type": "comm", "text": "{"}, {"type": "comm", "text": "null"}, {"type": "comm", "text": json.dumps({"comm_id": 5})},
    {"type": "comm", "text": json.dumps({"comm_id": "no-such-part", "data": {"method": "custom", "content": {}}})},
    {"type": "comm", "text": "x" * 2_000_000},
    {"type": "table", "text": None}, {"type": "table", "text": {"rules": "classic"}},
    {"type": "start", "page": "play"}, {"type": "start", "page": "nowhere"},
]
"""What a worker may be sent that is not one of the page's messages, or not whole, once the game has started."""

BEFORE_THE_START: list[Any] = [
    {"type": "comm", "text": "{}"}, {"type": "table", "text": "{}"},
    {"type": "start", "page": "nowhere"}, {"type": "start", "page": ["play"]},
    {"type": "start", "page": "play", "lang": {"en": 1}}, {"type": "start", "page": "play", "lang": "x" * 100}]
"""What a worker started fresh may be sent that it cannot take: a message before the start, a page it does not
have, a language that is no language's name."""

_POST_FROM_THE_WORKER = "(messages) => { for (const m of messages) self.postMessage(m); return messages.length; }"
_DISPATCH_TO_THE_WORKER = ("(messages) => { for (const m of messages) self.dispatchEvent(new MessageEvent('message', "
                           "{ data: m })); return messages.length; }")


def _notes(page: Any) -> list[str]:
    return page.locator('[data-testid="page-notes"] p').all_text_contents()


def _plain(line: str) -> bool:
    return len(line) < 200 and not any(word in line for word in PYTHON_WORDS)


@pytest.mark.site
def test_hostile_messages_either_way_are_refused_in_one_line_and_the_table_plays_on(site: str) -> None:  # noqa: F811
    with visit(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        _wait_for_the_player(table)
        (worker,) = page.workers
        before = _notes(page)

        worker.evaluate(_POST_FROM_THE_WORKER, TO_THE_PAGE)
        page.wait_for_function("(n) => document.querySelectorAll('[data-testid=\"page-notes\"] p').length > n",
                               arg=len(before), timeout=60_000)
        to_the_page = _notes(page)[len(before):]
        assert to_the_page and all(_plain(line) for line in to_the_page), to_the_page
        assert len(to_the_page) == len(set(to_the_page)), "a note is said once"

        worker.evaluate(_DISPATCH_TO_THE_WORKER, TO_THE_WORKER)
        expected = {"The page sent the game a message it could not read, so it was ignored.",
                    "The page sent the game a message of a kind it does not know, so it was ignored.",
                    "The page sent the game a message with nothing to read, so it was ignored.",
                    "The page sent the game a message far too long to be one of its own, so it was ignored.",
                    "The page sent a message to a part of the game that is not on the page, so it was ignored.",
                    "The page asked to start the game a second time, so that was ignored."}
        page.wait_for_function("(lines) => lines.every((line) => [...document.querySelectorAll("
                               "'[data-testid=\"page-notes\"] p')].some((p) => p.textContent === line))",
                               arg=sorted(expected), timeout=120_000)
        assert all(_plain(line) for line in _notes(page)), _notes(page)
        assert page.evaluate("() => document.documentElement.matches('.nm-app-ready:not(.nm-app-error)')")
        session.check()  # no console error, no page error from any refused message

        assert len(_play(table, clicks=2)) == 2, "the table stopped playing after the refused messages"
        _wait_for_the_player(table)


_FRESH_WORKER = """async (messages) => {
  const worker = new Worker(new URL("../app/worker.js", location.href), { type: "module" });
  const heard = [];
  worker.onmessage = (event) => heard.push(event.data);
  for (const m of messages) worker.postMessage(m);
  const until = Date.now() + 20000;
  while (heard.length < messages.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  worker.terminate();
  return heard;
}"""


@pytest.mark.site
def test_a_fresh_worker_refuses_a_page_it_does_not_have_and_messages_before_its_start(site: str) -> None:  # noqa: F811
    with visit(site) as session:
        page = session.open("play/")
        _app_ready(page, "nm-table")
        heard = page.evaluate(_FRESH_WORKER, BEFORE_THE_START)
        assert [m["type"] for m in heard] == ["note"] * 6, heard
        lines = [m["text"] for m in heard]
        assert lines[:2] == ["The page sent the game a message before the game had started, so it was ignored."] * 2
        assert lines[2] == lines[3] == ("The page asked for a page the game does not have, so nothing was started: "
                                        "it is one of play, train, learn.")
        assert lines[4] == lines[5] == "The page named a language the game could not read, so it was ignored."

        # the note a new table leaves for the page that opens after it (session storage), damaged or huge
        page.evaluate("() => sessionStorage.setItem('nm-table-note', 'x'.repeat(100000))")
        page.reload()
        _app_ready(page, "nm-table")
        assert not any("xxxx" in line for line in _notes(page))
        page.evaluate("() => sessionStorage.setItem('nm-table-note', 'The saved opponents (9) is not one of the choices.')")
        page.reload()
        _app_ready(page, "nm-table")
        assert "The saved opponents (9) is not one of the choices." in _notes(page)
        session.check()


# --- the same envelope in Python, without a browser (every run) ----------------------------------------

_RECEIVE = '''
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("host", sys.argv[1])
host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(host)
sent = []
table_id = host.start("play", lambda text: sent.append(json.loads(text)))
part = lambda data: json.dumps({"comm_id": table_id, "data": data})
tries = [None, 5, "", "{", "[]", "null", "[" * 100000 + "]" * 100000, json.dumps({"comm_id": 5, "data": {}}),
         json.dumps({"comm_id": table_id}), json.dumps({"comm_id": table_id, "data": []}),
         part({"method": "update", "state": None}), part({"method": "update"}), part({"method": "zap", "state": {}}),
         part({"method": "custom", "content": None}), part({"method": "custom", "content": "undo"}),
         part({"method": ["update"], "state": {}}), part({"method": {"a": 1}}), part({"method": 5, "content": {}}),
         json.dumps({"comm_id": "no-such-part", "data": {"method": "custom", "content": {"type": "undo"}}})]
said = [host.receive(text) for text in tries]
before = host._shown_widgets[-1].session.state
sent.clear()
works = host.receive(part({"method": "update", "state": {"pace": 1.5}, "buffer_paths": []}))
print(json.dumps({"said": said, "works": works, "pace": host._shown_widgets[-1].pace,
                  "same": host._shown_widgets[-1].session.state == before}))
'''


def test_the_pythons_side_refuses_a_message_that_is_no_widget_message_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _RECEIVE, str(ROOT / "site" / "app" / "host.py")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "No such comm" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    unreadable = "The page sent the game a message it could not read, so it was ignored."
    assert result["said"][:-1] == [unreadable] * (len(result["said"]) - 1)
    assert result["said"][-1] == "The page sent a message to a part of the game that is not on the page, so it was ignored."
    assert result["works"] == "" and result["pace"] == 1.5 and result["same"]
