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


def run_in_app(code: str, tmp_path: Path, bundle: str) -> dict:
    """Run ``code`` as ``_run`` does, with host.py in an app folder of its own beside the bundle the site's build
    writes there (``"puzzle"``: puzzles.json, ``"learn"``: learn.json), as the built site holds them; the data in
    ``tmp_path / "data"``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    app = tmp_path / "app"
    app.mkdir()
    (app / "host.py").write_text((ROOT / "site" / "app" / "host.py").read_text())
    write, name = {"puzzle": (build_site.puzzle_bundle, "puzzles.json"), "learn": (build_site.learn_bundle, "learn.json")}[bundle]
    write(app / name)
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", DRIVE + code, str(app / "host.py")], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_play_page_gets_the_tables_models_and_its_clicks_and_settings_reach_the_table(tmp_path: Path) -> None:
    result = _run('''
table_id = host.start("play", post)
state = {}  # the page's model of the table: the state it opened with, then every update, in order
for m in sent:
    if m.get("comm_id") == table_id and m["type"] == "comm_open":
        state.update(m["data"]["state"])
    elif m.get("comm_id") == table_id and m["data"].get("method") == "update":
        state.update(m["data"]["state"])
table = host._shown_widgets[-1]
sent.clear()
host.receive(json.dumps({"comm_id": table_id, "data": {"method": "update", "state": {"pace": 2.5}, "buffer_paths": []}}))
pace = table.pace
host.receive(json.dumps({"comm_id": table_id, "data": {"method": "custom", "content": {"type": "no-such-intent"}}}))
updates = [m["data"]["state"] for m in models("comm_msg") if m.get("comm_id") == table_id]
print(json.dumps({"esm": "export default" in state["_esm"], "waiting": state["table"]["waiting"], "pace": pace,
                  "error": [u["error"] for u in updates if "error" in u]}))
''', tmp_path)
    assert result["esm"] and result["waiting"] in ("human", "computer")
    assert result["pace"] == 2.5
    assert result["error"] and "unknown intent 'no-such-intent'" in result["error"][-1]
    assert (tmp_path / "play-page-round.json").exists()  # the round is saved where the page resumes it


def test_the_train_page_reads_the_collection_from_the_bundle_beside_host_py(tmp_path: Path) -> None:
    result = run_in_app('''
trainer_id = host.start("train", post)
trainer = host._shown_widgets[-1]
from nomercy.puzzles.puzzle import load_puzzles
print(json.dumps({"same": trainer._collection == load_puzzles(), "model": trainer_id in {m["comm_id"] for m in models("comm_open")}}))
''', tmp_path, "puzzle")
    assert result == {"same": True, "model": True}


def test_the_table_a_person_sets_up_is_dealt_remembered_and_its_round_number_survives_a_reload(tmp_path: Path) -> None:
    """A new table (rules, opponents, their strength, coach, pace) is kept; each opening of the page is a
    Python of its own here, as a reload is in the browser."""
    set_up = _run('''
host.start("play", post)
note = host.new_table(json.dumps({"rules": "classic", "opponents": 4, "strength": "easy", "coach": False, "pace": 0.4}))
print(json.dumps({"note": note, "page": models("page")[0]["settings"]}))
''', tmp_path)
    assert set_up["note"] == "" and set_up["page"]["rules"] == "no-mercy"  # the first visit: the usual table
    opened = _run('''
host.start("play", post)
table = host._shown_widgets[-1]
print(json.dumps({"settings": models("page")[0]["settings"], "notes": models("page")[0]["notes"],
                  "rules": table.session.state.rules.name, "seats": list(table.session.record().seats),
                  "coach": table.session.coach, "pace": table.pace, "round": table.session.round_number}))
''', tmp_path)
    assert opened["settings"] == {"rules": "classic", "opponents": 4, "strength": "easy", "coach": False, "pace": 0.4}
    assert opened["notes"] == [] and opened["rules"] == "classic" and opened["coach"] is False and opened["pace"] == 0.4
    assert opened["round"] == 1 and opened["seats"] == ["You", "Alex", "Sam", "Kim", "Robin"]
    memory = json.loads((tmp_path / "site-pages.json").read_text())
    assert memory["round"] == {"number": 1, "seed": json.loads((tmp_path / "play-page-round.json").read_text())["seed"],
                               "reviewed": False}
    memory["round"]["number"] = 3  # as the page keeps it after two new rounds
    (tmp_path / "site-pages.json").write_text(json.dumps(memory))
    again = _run('''
host.start("play", post)
print(json.dumps({"round": host._shown_widgets[-1].session.round_number}))
''', tmp_path)
    assert again["round"] == 3, "the round's number went back to 1 on reload"
