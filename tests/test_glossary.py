"""One word per idea: the retired words of the glossary appear nowhere a reader looks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nomercy.teaching.glossary import RETIRED, TERMS
from nomercy.core.rulebook import RULINGS

ROOT = Path(__file__).resolve().parent.parent


def _notebook_text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    parts = []
    for cell in cells:
        parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", "")))
            parts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def _places() -> list[Path]:
    places = sorted((ROOT / "notebooks").glob("*.ipynb"))
    places += sorted((ROOT / "docs").glob("*.md"))
    places += sorted((ROOT / "puzzles").rglob("*.yaml"))
    places += sorted((ROOT / "nomercy").rglob("*.py")) + sorted((ROOT / "nomercy" / "widgets" / "static").glob("*.js"))
    places.append(ROOT / "README.md")
    skip = {ROOT / "nomercy" / "teaching" / "glossary.py", ROOT / "docs" / "glossary.md"}
    # The pages of words in the sources' languages quote the sources, English names they keep included
    # (the Swedish guide's "skip everyone"); they are written from nomercy/teaching/terms/*.toml.
    skip |= set((ROOT / "docs").glob("terms-*.md"))
    return [p for p in places if p not in skip]


def _pattern(word: str) -> re.Pattern[str]:
    # The printed names of the cards ("Skip Everyone", "Wild Color Roulette") stay allowed:
    # a retired word is caught in lower case, or with only its first letter capitalized.
    forms = {word.strip(), word.strip()[0].upper() + word.strip()[1:]}
    tail = r"(?![-\w])" if word.endswith(" ") else r"\b"
    return re.compile(r"\b(?:" + "|".join(re.escape(f) for f in sorted(forms)) + ")" + tail)


@pytest.mark.parametrize("path", _places(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_retired_word(path: Path):
    text = _notebook_text(path) if path.suffix == ".ipynb" else path.read_text(encoding="utf-8")
    found = []
    for old, new in RETIRED.items():
        for match in _pattern(old).finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"line {line}: {match.group(0)!r} (say {new!r})")
    assert not found, "; ".join(found[:10])


def test_every_glossary_ruling_exists():
    for term in TERMS.values():
        assert not term.ruling or term.ruling in RULINGS, term.word
