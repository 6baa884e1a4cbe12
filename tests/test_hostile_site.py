"""Hostile values at the site's own entry points: what the pages remember in the browser (the table a
person set up, the round's number, the topic trained), the new table the Play page sends, the rulebook
page the widgets are told of, and the two parameters the pages open a table and a trainer with.

A value from an older version of the page, or nonsense, is ignored with one note in plain words, and the
page opens with the usual choice; never a page that does not open, never Python's words.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from nomercy.core.errors import NomercyError

ROOT = Path(__file__).resolve().parent.parent

HOSTILE_COVERS = (
    "page:worker:start",  # a page's start reads what the pages remember: its settings, round and topic
    "page:page:table",    # the table a person sets up, from the page to the worker
    "page:worker:table",  # ... and on to host.py, which checks it
    "api:nomercy.play.table.TableSession(round_number)",
    "api:nomercy.widgets.trainer.Trainer(rules)",
)

PYTHON_WORDS = ("Traceback", "Error", "None", "True", "False", "{'", "dict", "KeyError", "\\n")

# what a memory file can hold: an older version's, another program's, a hand edit, a broken write
STORED = [
    "", "{", "null", "[]", "42", '"play"', "{}", '{"version": 0}', '{"version": 2, "play": {"rules": "classic"}}',
    '{"version": "1"}', '{"version": 1, "play": null}', '{"version": 1, "play": []}', '{"version": 1, "play": "classic"}',
    '{"version": 1, "play": {"rules": "speed-uno"}}', '{"version": 1, "play": {"rules": 7}}',
    '{"version": 1, "play": {"opponents": 0}}', '{"version": 1, "play": {"opponents": 6}}',
    '{"version": 1, "play": {"opponents": 2.5}}', '{"version": 1, "play": {"opponents": "3"}}',
    '{"version": 1, "play": {"opponents": true}}', '{"version": 1, "play": {"opponents": 1e309}}',
    '{"version": 1, "play": {"strength": "godlike"}}', '{"version": 1, "play": {"strength": ["easy"]}}',
    '{"version": 1, "play": {"coach": "yes"}}', '{"version": 1, "play": {"coach": 1}}',
    '{"version": 1, "play": {"pace": -1}}', '{"version": 1, "play": {"pace": 0.5}}', '{"version": 1, "play": {"pace": NaN}}',
    '{"version": 1, "play": {"pace": "0.8"}}', '{"version": 1, "play": {"colour": "red"}}',
    '{"version": 1, "play": {"rules": "' + "x" * 5000 + '"}}',
    '{"version": 1, "round": {"number": -3, "seed": 1}}', '{"version": 1, "round": {"number": 1e20, "seed": 1}}',
    '{"version": 1, "round": {"number": "7", "seed": "1"}}', '{"version": 1, "round": [1, 2]}',
    '{"version": 1, "train": {"topic": "no-such-topic"}}', '{"version": 1, "train": {"topic": 5, "level": []}}',
    '{"version": 1, "train": {"topic": "stacking", "level": "impossible"}}', '{"version": 1, "train": "stacking"}',
    "[" * 100_000 + "]" * 100_000, '{"version": true}',  # nested past Python's limit; yes taken for version 1
    # a key given twice: JSON would keep the last without a word
    '{"version": 1, "play": {"pace": 0.4, "pace": 1.5}}', '{"version": 1, "version": 1, "play": {"pace": 0.4}}',
    '{"version": 1, "play": {"rules": "classic"}, "play": {"rules": "no-mercy"}}',
]

_OPEN_EACH = '''
import importlib.util, json, sys, os
from pathlib import Path
spec = importlib.util.spec_from_file_location("host", sys.argv[1])
host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(host)
folder = Path(os.environ["NOMERCY_DATA_DIR"])
results = []
for text in json.loads(sys.stdin.read()):
    for page in ("play", "train"):
        (folder / host.MEMORY).write_text(text)
        host._memory.clear()
        sent = []
        host.start(page, lambda t: sent.append(json.loads(t)))
        widget = host._shown_widgets[-1]
        shown = [m for m in sent if m["type"] == "page"][0]
        results.append({"text": text[:80], "page": page, "notes": shown["notes"], "settings": shown["settings"],
                        "round": widget.session.round_number if page == "play" else None,
                        "topic": widget.status["topic"] if page == "train" else None,
                        "kept": json.loads((folder / host.MEMORY).read_text())})
        if page == "play":
            (folder / host.PLAY_SAVE).unlink(missing_ok=True)
print(json.dumps(results))
'''


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    folder = tmp_path_factory.mktemp("drive")
    app = tmp_path_factory.mktemp("app")
    (app / "host.py").write_text((ROOT / "site" / "app" / "host.py").read_text())
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    build_site.puzzle_bundle(app / "puzzles.json")
    env = {**os.environ, "NOMERCY_DATA_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _OPEN_EACH, str(app / "host.py")], input=json.dumps(STORED),
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_stored_value_opens_the_page_with_the_usual_choice_in_its_place(opened: list[dict]) -> None:
    assert len(opened) == 2 * len(STORED)
    choices = {"rules": {"no-mercy", "classic"}, "opponents": {1, 2, 3, 4, 5}, "strength": {"easy", "steady", "strong"},
               "coach": {True, False}, "pace": {0.0, 0.4, 0.8, 1.5}}
    for result in opened:
        for name, allowed in choices.items():
            assert result["settings"][name] in allowed, result
        if result["page"] == "play":
            assert result["round"] == 1, result  # no round saved: a stored number is not taken for a new deal
        assert result["kept"]["version"] == 1, result  # written again whole, in this version's form


def test_what_is_ignored_is_said_once_in_plain_words(opened: list[dict]) -> None:
    quiet = {"", "{}", '{"version": 1, "play": null}'}  # nothing there, or nothing set: nothing to say
    for result in opened:
        text = result["text"]
        notes = result["notes"]
        if text in quiet or ('"round"' in text) or (result["page"] == "play" and '"train"' in text):
            continue
        assert notes, f"{text!r} on {result['page']}: ignored without a word"
        assert len(notes) == len(set(notes)), notes
        for note in notes:
            assert len(note) < 200 and not any(word in note for word in PYTHON_WORDS), note
    long = next(r for r in opened if '"xxxx' in r["text"])
    assert all(len(note) < 200 for note in long["notes"])


def test_a_new_table_the_page_sends_is_checked_the_same_way(tmp_path: Path) -> None:
    code = '''
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("host", sys.argv[1])
host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(host)
out = []
for text in ["", "{", "[1]", "null", json.dumps({"rules": "classic", "opponents": 9}), json.dumps({"opponents": 3}),
             json.dumps({"rules": "classic", "opponents": 1, "strength": "strong", "coach": False, "pace": 0})]:
    out.append([host.new_table(text), host._remember().settings])
print(json.dumps(out))
'''
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "site" / "app" / "host.py")], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout.strip().splitlines()[-1])
    for note, settings in results[:4]:
        assert note and "usual table" in note and settings["rules"] == "no-mercy", (note, settings)
    assert results[4][0] == "The saved opponents (9) is not one of the choices, so it is 2 again."
    assert results[4][1]["rules"] == "classic" and results[4][1]["opponents"] == 2
    assert results[6] == ["", {"rules": "classic", "opponents": 1, "strength": "strong", "coach": False, "pace": 0.0}]


def test_a_setting_given_twice_is_neither_value_and_is_said(opened: list[dict], tmp_path: Path) -> None:
    """``{"pace": 0.4, "pace": 1.5}`` in the memory, or ``{"opponents": 1, "opponents": 5}`` from the page: the
    usual choice, and a note naming both values (JSON alone keeps the last without a word)."""
    twice = {r["text"]: r for r in opened if r["page"] == "play" and r["text"] in STORED[-3:]}
    assert len(twice) == 3
    assert twice["{\"version\": 1, \"play\": {\"pace\": 0.4, \"pace\": 1.5}}"]["notes"] == [
        "The saved pace is given twice (0.4, then 1.5), so it is normal again."]
    for text, result in twice.items():
        assert result["settings"]["pace"] == 0.8 and result["settings"]["rules"] == "no-mercy", result
        assert result["notes"] and "twice" in result["notes"][0], result
    code = '''
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("host", sys.argv[1])
host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(host)
print(json.dumps([[host.new_table(text), host._remember().settings] for text in sys.argv[2:]]))
'''
    env = {**os.environ, "NOMERCY_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "site" / "app" / "host.py"),
                           '{"opponents": 1, "opponents": 5}', '{"rules": "classic", "coach": false, "coach": true}'],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    (note, settings), (other, chosen) = json.loads(done.stdout.strip().splitlines()[-1])
    assert note == "The saved opponents is given twice (1, then 5), so it is 2 again." and settings["opponents"] == 2
    assert other == "The saved coach is given twice (false, then true), so it is on again."
    assert chosen["rules"] == "classic" and chosen["coach"] is True


@pytest.mark.parametrize("number", [0, -1, 1_000_001, 2.0, "3", True, None, float("nan")])
def test_a_round_number_that_is_not_one_is_refused_in_one_line(number: object) -> None:
    from nomercy.play.table import TableSession

    with pytest.raises(NomercyError) as error:
        TableSession("no-mercy", 2, round_number=number)  # type: ignore[arg-type]
    assert str(error.value).startswith("round_number (the number of the round the table opens on) is a whole number "
                                       "from 1 to 1000000, not ")


def test_a_round_number_names_the_round_dealt_and_the_next_follows_it() -> None:
    from nomercy.play.table import TableSession

    table = TableSession("no-mercy", 2, seed=3, round_number=4)
    assert table.round_number == 4
    assert TableSession("no-mercy", 2, seed=3, match=True, round_number=4).round_number == 1  # a match counts its own


@pytest.mark.parametrize("rules", ["speed-uno", "", "No Mercy", 7])
def test_a_trainer_for_rules_no_puzzle_plays_is_refused_naming_the_rules_there_are(rules: object, tmp_path: Path) -> None:
    from nomercy.widgets.trainer import Trainer

    with pytest.raises(NomercyError, match=r"^the rules of the puzzles served first is one of classic, "):
        Trainer(data_dir=tmp_path, rules=rules)  # type: ignore[arg-type]


def test_a_no_mercy_learners_first_puzzle_is_a_no_mercy_one(tmp_path: Path) -> None:
    from nomercy.widgets.trainer import Trainer

    for seed in range(6):
        assert Trainer(data_dir=tmp_path / str(seed), seed=seed, rules="no-mercy").current.rules.name == "no-mercy"
        assert Trainer(data_dir=tmp_path / f"c{seed}", seed=seed, rules="classic").current.rules.name == "classic"
    assert any(Trainer(data_dir=tmp_path / f"n{seed}", seed=seed).current.rules.name != "no-mercy" for seed in range(6)), \
        "the preference changes nothing: every seed already starts with No Mercy"


@pytest.mark.parametrize("value", ["javascript:alert(1)", "https://example.com/rules.html", "//evil/rules.html",
                                   "../rules/rulebook.html\" onclick=\"x", "../rules/", "/etc/passwd", "rules.txt"])
def test_a_rulebook_page_that_is_not_one_of_the_sites_is_ignored_with_a_warning(value: str,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from nomercy.widgets._common import RULEBOOK, rulebook_address

    monkeypatch.setenv("NOMERCY_RULEBOOK", value)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert rulebook_address() == RULEBOOK
    assert [str(w.message) for w in caught] == [
        "NOMERCY_RULEBOOK should be a relative path to a page of the site, like ../rules/rulebook.html; "
        "using ../docs/rulebook.md instead"]
    monkeypatch.setenv("NOMERCY_RULEBOOK", "../rules/rulebook.html")
    assert rulebook_address() == "../rules/rulebook.html"
