"""The trainer's progress exported and imported by clicking, in the shipped ``10-puzzles.ipynb``, in chromium.

The notebook is opened in JupyterLab (started by the README's first command) with a temporary
``NOMERCY_DATA_DIR`` and run as shipped. In its trainer, a puzzle is answered; Export gives a file (the
download is read back) and the text to copy; a progress file made elsewhere is chosen with Import and merged
(both attempts kept); a pasted text that is not progress is refused in one line, with nothing changed and the
import box still open. A console or page error fails the test.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

import pytest

from browser_support import ARTIFACTS
from test_notebooks_in_browser import TRAIN, Lab, _pick, _served, open_lab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)


def _attempts(trainer: Any) -> str:
    return str(trainer.get_attribute("data-attempts"))


def test_progress_is_exported_as_a_file_and_imported_from_one(lab: Lab, tmp_path: Path) -> None:
    from nomercy.puzzles.progress import Progress

    trainer = lab.panel(TRAIN).locator('[data-testid="nm-trainer"]').first
    trainer.scroll_into_view_if_needed()
    at_start = lab.watch.take()  # JupyterLab's start and the notebook's run: checked at the end, named apart
    assert _attempts(trainer) == "0", "the progress folder of this run was not empty"
    puzzle = _served(trainer)
    _pick(trainer, puzzle, right=False)
    trainer.locator('[data-testid="trainer-recorded"]').wait_for()
    row = trainer.locator(f'[data-testid="progress-{puzzle.topic}"]')
    assert row.get_attribute("data-boxes") == "1,0,0,0,0"  # the box each puzzle is in, per topic

    # Export: a file to keep, and the same text to copy
    trainer.locator('[data-testid="trainer-export"]').click()
    shown = trainer.locator('[data-testid="trainer-export-text"]')
    shown.wait_for()
    with lab.page.expect_download() as download_info:
        trainer.locator('[data-testid="trainer-export-download"]').click()
    download = download_info.value
    assert download.suggested_filename == "nomercy-progress.jsonl"
    kept = Path(download.path()).read_text(encoding="utf-8")
    assert kept == shown.input_value()
    lines = [json.loads(line) for line in kept.splitlines()]
    assert lines[0]["format"] == "nomercy-progress" and [a["puzzle"] for a in lines[1:]] == [puzzle.id]

    # Import: a file from another computer's progress, chosen in the page, merged
    elsewhere = Progress(tmp_path / "elsewhere", clock=lambda: datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc))
    elsewhere.record(puzzle.id, right=True, topic=puzzle.topic, level=puzzle.level)
    chosen = tmp_path / "my-progress.jsonl"
    chosen.write_text(elsewhere.export(), encoding="utf-8")
    trainer.locator('[data-testid="trainer-import"] summary').click()
    trainer.locator('[data-testid="trainer-import-file"]').set_input_files(str(chosen))
    lab.page.wait_for_function("(el) => el.value.length > 0",
                               arg=trainer.locator('[data-testid="trainer-import-text"]').element_handle())
    trainer.locator('[data-testid="trainer-import-go"]').click()
    result = trainer.locator('[data-testid="trainer-transfer-result"][data-kind="imported"]')
    result.wait_for()
    assert result.text_content() == "Imported 1 attempt; your progress now holds 2 attempts."
    assert _attempts(trainer) == "2"
    assert sorted(a.right for a in Progress(lab.data_dir).attempts) == [False, True]

    # A text that is not progress: refused in one line, nothing changed, the box still open with the text
    trainer.locator('[data-testid="trainer-import-text"]').fill("my shopping list")
    trainer.locator('[data-testid="trainer-import-go"]').click()
    refused = trainer.locator('[data-testid="trainer-transfer-result"][data-kind="refused"]')
    refused.wait_for()
    assert refused.text_content() == ("Not imported: this progress file cannot be imported (it is not JSON: "
                                      "it breaks off or has a character out of place at line 1, column 1). Nothing was changed.")
    assert _attempts(trainer) == "2" and len(Progress(lab.data_dir).attempts) == 2
    assert trainer.locator('[data-testid="trainer-import"]').get_attribute("open") is not None
    assert trainer.locator('[data-testid="trainer-import-text"]').input_value() == "my shopping list"
    ARTIFACTS.mkdir(exist_ok=True)
    trainer.screenshot(path=str(ARTIFACTS / "trainer-export-import.png"))
    errors = lab.watch.take()
    assert not errors, "while exporting and importing:\n" + "\n".join(errors)
    assert not at_start, "while JupyterLab started and the notebook ran:\n" + "\n".join(at_start)
