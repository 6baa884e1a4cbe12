"""The pictures of the widgets in README.md and docs/ show the widgets as they are now.

``scripts/pictures.py`` makes each picture from the live widget in JupyterLab in chromium and writes
``docs/img/pictures.json``: the code that made the widget, a digest of its synced state (what the page draws,
its JS and CSS included) and a digest of the PNG. Here each widget is made again without a browser: a change
to a widget's look, words or position, or a picture changed by hand, fails until the script is run again.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("pictures", ROOT / "scripts" / "pictures.py")
assert _spec is not None and _spec.loader is not None
pictures = importlib.util.module_from_spec(_spec)
sys.modules["pictures"] = pictures  # its dataclass looks its module up
_spec.loader.exec_module(pictures)
MANIFEST = json.loads(pictures.MANIFEST.read_text(encoding="utf-8"))
AGAIN = "run .venv/bin/python scripts/pictures.py"


def test_the_manifest_lists_exactly_the_pictures_the_script_makes() -> None:
    assert sorted(MANIFEST) == sorted(p.file for p in pictures.PICTURES), AGAIN


@pytest.mark.parametrize("picture", pictures.PICTURES, ids=lambda p: p.file)
def test_each_picture_shows_the_widget_as_it_is_now(picture) -> None:
    entry = MANIFEST[picture.file]
    assert entry["code"] == picture.code, f"{picture.file} was made by other code: {AGAIN}"
    assert pictures.state_digest(pictures.make(picture)) == entry["state_sha256"], \
        f"{picture.file} shows the widget as it was, not as it draws now: {AGAIN}"
    assert pictures.file_digest(pictures.IMAGES / picture.file) == entry["png_sha256"], \
        f"{picture.file} is not the picture the script made: {AGAIN}"


def test_every_picture_the_readme_and_docs_show_is_made_by_the_script() -> None:
    shown = set()
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        shown |= {Path(target).name for target in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page.read_text(encoding="utf-8"))}
    assert shown <= set(MANIFEST), f"pictures not made by scripts/pictures.py: {sorted(shown - set(MANIFEST))}"
    assert set(MANIFEST) <= shown, f"pictures made but shown nowhere: {sorted(set(MANIFEST) - shown)}"
