"""The Learn page's Python, without a browser: the build's bundle of learn/ gives the very path the files give, a
broken stage fails the build in one line, and host.py opens the LearnPath from the bundle beside it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nomercy.puzzles.stage import load_path, path_from_bundle
from test_site_host import DRIVE

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
assert _spec and _spec.loader
build_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_site)


def test_the_learn_pages_bundle_gives_the_very_path_the_files_give(tmp_path: Path) -> None:
    build_site.learn_bundle(tmp_path / "learn.json")
    bundle = json.loads((tmp_path / "learn.json").read_text(encoding="utf-8"))
    assert path_from_bundle(bundle) == load_path()
    assert "learn" in build_site.APP_PAGES and (ROOT / "site" / "learn" / "index.html").exists()


def test_a_stage_that_no_longer_holds_fails_the_build_never_the_learner(tmp_path: Path, monkeypatch) -> None:
    shutil.copytree(ROOT / "learn", tmp_path / "learn")
    stage = tmp_path / "learn" / "1-match" / "match-the-color.yaml"
    stage.write_text(stage.read_text().replace("goal: {top: red 8, turn: Bo}", "goal: {top: red 8, turn: Cy}"))
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    with pytest.raises(build_site.BuildError, match=r"a stage of the learning path does not hold: .*match-the-color"
                                                    r"\.yaml: done move 'You play red 8' does not do the task"):
        build_site.learn_bundle(tmp_path / "learn.json")
    assert not (tmp_path / "learn.json").exists()


def test_the_learn_page_opens_the_path_from_the_bundle_beside_host_py(tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "host.py").write_text((ROOT / "site" / "app" / "host.py").read_text())
    build_site.learn_bundle(app / "learn.json")
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    code = DRIVE + '''
path_id = host.start("learn", post)
widget = host._shown_widgets[-1]
state = dict(next(m["data"]["state"] for m in models("comm_open") if m["comm_id"] == path_id))
for m in models("comm_msg"):
    if m["comm_id"] == path_id:
        state.update(m["data"].get("state", {}))
first = state["stage"]["id"]
host.receive(json.dumps({"comm_id": path_id, "data": {"method": "custom", "content": {"type": "try", "move": "You play red 8"}}}))
for m in models("comm_msg"):
    if m["comm_id"] == path_id:
        state.update(m["data"].get("state", {}))
print(json.dumps({"stage": first, "kind": state["feedback"]["kind"]}))
'''
    done = subprocess.run([sys.executable, "-c", code, str(app / "host.py")], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"stage": "match-the-color", "kind": "done"}
