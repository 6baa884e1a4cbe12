"""The app pages' Python (``site/app/host.py``), driven here as the page drives it, without a browser.

The page and host.py speak Jupyter's widget messages as JSON texts: the widget's models open towards the
page (``comm_open`` with their state, the widget's own ES module among it), a trait the page sets comes
up as an ``update``, an intent as a ``custom`` message, and what Python changes goes down as an
``update``. host.py replaces ``comm.create_comm`` for the whole process, so each test runs it in a Python
of its own. The pages themselves are tested in chromium by ``pytest -m site`` (tests/test_site.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DRIVE = '''
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("host", sys.argv[1])
host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(host)
sent = []
def post(text):
    sent.append(json.loads(text))
def models(kind):
    return [m for m in sent if m["type"] == kind]
'''


def _run(code: str, tmp_path: Path) -> dict:
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", DRIVE + code, str(ROOT / "site" / "app" / "host.py")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_play_page_gets_the_tables_models_and_its_clicks_and_settings_reach_the_table(tmp_path: Path) -> None:
    result = _run('''
table_id = host.start("play", post)
state = {}  # the page's model of the table: the state it opened with, then every update, in order
for m in sent:
    if m["comm_id"] == table_id and m["type"] == "comm_open":
        state.update(m["data"]["state"])
    elif m["comm_id"] == table_id and m["data"].get("method") == "update":
        state.update(m["data"]["state"])
table = host._shown[-1]
sent.clear()
host.receive(json.dumps({"comm_id": table_id, "data": {"method": "update", "state": {"pace": 2.5}, "buffer_paths": []}}))
pace = table.pace
host.receive(json.dumps({"comm_id": table_id, "data": {"method": "custom", "content": {"type": "no-such-intent"}}}))
updates = [m["data"]["state"] for m in models("comm_msg") if m["comm_id"] == table_id]
print(json.dumps({"esm": "export default" in state["_esm"], "waiting": state["table"]["waiting"], "pace": pace,
                  "error": [u["error"] for u in updates if "error" in u]}))
''', tmp_path)
    assert result["esm"] and result["waiting"] in ("human", "computer")
    assert result["pace"] == 2.5
    assert result["error"] and "unknown intent 'no-such-intent'" in result["error"][-1]
    assert (tmp_path / "play-page-round.json").exists()  # the round is saved where the page resumes it


def test_the_train_page_reads_the_collection_from_the_bundle_beside_host_py(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    app = tmp_path / "app"
    app.mkdir()
    (app / "host.py").write_text((ROOT / "site" / "app" / "host.py").read_text())
    build_site.puzzle_bundle(app / "puzzles.json")
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    code = DRIVE + '''
trainer_id = host.start("train", post)
trainer = host._shown[-1]
from nomercy.puzzles.puzzle import load_puzzles
print(json.dumps({"same": trainer._collection == load_puzzles(), "model": trainer_id in {m["comm_id"] for m in models("comm_open")}}))
'''
    done = subprocess.run([sys.executable, "-c", code, str(app / "host.py")], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"same": True, "model": True}
