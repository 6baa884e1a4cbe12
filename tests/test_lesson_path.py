"""The path through the lessons: every topic points at a heading that exists, every notebook links to the next."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nomercy.teaching.lessons import TOPIC_NOTEBOOKS
from conftest import collection

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ORDER = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def _markdown(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_puzzle_topic_is_taught_under_a_heading_that_exists():
    topics = {p.topic for p in collection()} - {"generated"}
    assert topics <= set(TOPIC_NOTEBOOKS), topics - set(TOPIC_NOTEBOOKS)
    for topic, (_, where) in TOPIC_NOTEBOOKS.items():
        for name, heading in where:
            headings = [line for line in _markdown(name).splitlines() if line.startswith("#")]
            assert any(heading.lower() in line.lower() for line in headings), f"{topic}: {name} has no heading {heading!r}"


@pytest.mark.parametrize("name", ORDER[:-1])
def test_each_notebook_ends_with_a_link_to_the_next(name):
    following = ORDER[ORDER.index(name) + 1]
    assert re.search(r"Next: \[[^\]]+\]\(" + re.escape(following) + r"\)", _markdown(name)), name


def test_the_index_links_every_notebook_and_has_no_stale_line():
    index = _markdown(ORDER[0])
    for name in ORDER[1:]:
        assert f"]({name})" in index, name
    assert "once it is there" not in index


def test_profiles_are_explained_before_the_first_notebook_uses_them():
    """The index starts the learner with a deal, not the machinery: notebook 9 lists the profiles, one a line,
    and no lesson's prose before it speaks of a profile."""
    home = ORDER.index("09-when-sources-disagree.ipynb")
    for profile in ("no-mercy", "classic", "open-mercy", "speltavlan"):
        assert f"- `{profile}`" in _markdown(ORDER[home]), profile
    early = [name for name in ORDER[:home] if re.search(r"\bprofiles?\b", _markdown(name), re.I)]
    assert not early, f"{early} speak of profiles before notebook 9 lists them"


def test_the_puzzle_notebook_names_the_teaching_notebooks_of_each_topic():
    text = _markdown("10-puzzles.ipynb")
    for topic, (_, where) in TOPIC_NOTEBOOKS.items():
        links = " and ".join(f"[notebook {name[:2].lstrip('0')}]({name})" for name, _ in where)
        if f"*Topic `{topic}`," in text:
            assert f"*Topic `{topic}`, taught in {links}.*" in text, topic
