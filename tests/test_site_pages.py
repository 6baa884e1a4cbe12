"""The site's rules pages and header (scripts/site_pages.py), written into a folder here, without a browser.

Every ruling the widgets can cite has its anchor on the rules page; every link between the rules pages
lands on a page and an anchor that exist; the header links what the build wrote, Learn only when there
is a Learn page. The built site is followed link by link in chromium by ``pytest -m site``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import site_pages  # noqa: E402


def _host_rulebook() -> str:
    text = (ROOT / "site" / "app" / "host.py").read_text()
    return re.search(r'^RULEBOOK = "([^"]+)"', text, re.M).group(1)  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    for page in ("index.html", "play/index.html", "train/index.html"):
        (out / page).parent.mkdir(parents=True, exist_ok=True)
        (out / page).write_text((ROOT / "site" / page).read_text())
    pages = site_pages.rules_pages(out)
    site_pages.put_header(out, ["index.html", "play/index.html", "train/index.html", *pages])
    return out


def _links(out: Path, page: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', (out / page).read_text())


def test_every_ruling_has_its_anchor_on_the_rules_page(built: Path) -> None:
    from nomercy.core.rulebook import RULINGS

    anchors = site_pages.anchors((built / site_pages.RULES_PAGE).read_text())
    assert set(RULINGS) <= anchors, sorted(set(RULINGS) - anchors)


def test_every_link_of_the_rules_pages_lands_on_a_page_and_an_anchor_that_exist(built: Path) -> None:
    followed = 0
    for page in sorted(p.relative_to(built).as_posix() for p in (built / "rules").glob("*.html")):
        for href in _links(built, page):
            if href.startswith(("http://", "https://", "mailto:")):
                continue
            assert ".md" not in href, f"{page} links a Markdown file: {href}"
            target = urljoin(f"http://site/{page}", href).removeprefix("http://site/")
            path, _, anchor = target.partition("#")
            path = path if path and not path.endswith("/") else path + "index.html"
            if path.endswith((".css", ".ico", ".webmanifest", ".js")):  # the app folder is not written here
                continue
            assert (built / path).exists(), f"{page}: {href} leads to no page"
            if anchor:
                assert anchor in site_pages.anchors((built / path).read_text()), f"{page}: {href} has no such anchor"
            followed += 1
    assert followed > 100  # the glossary and the rule card link rulings by the dozen


def test_the_widgets_ruling_links_on_the_app_pages_open_the_rules_page() -> None:
    """host.py tells the widgets where the rulebook is; from play/ and train/ that is the page the build writes."""
    assert urljoin("http://site/play/index.html", _host_rulebook()) == f"http://site/{site_pages.RULES_PAGE}"
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    assert build_site.SITE_RULEBOOK == _host_rulebook()  # the Lab's kernel is told the same (lab/ is one folder down)


def test_the_header_links_home_play_train_rules_and_how_to_play_and_learn_only_when_it_exists(built: Path,
                                                                                              tmp_path: Path) -> None:
    text = (built / "play" / "index.html").read_text()
    nav = re.search(r'<nav class="nm-site-nav".*?</nav>', text).group(0)  # type: ignore[union-attr]
    assert re.findall(r">([^<]+)</a>", nav) == ["Home", "Play", "Train", "Rules", "How to play"]
    assert 'href="../play/" data-testid="nav-play" aria-current="page"' in nav
    assert 'href="../app/site.css"' in text
    assert '<!-- site' not in text
    landing = (built / "index.html").read_text()
    assert 'href="rules/rule-card.html"' in landing and 'href="./"' in landing
    (built / "learn").mkdir()
    (built / "learn" / "index.html").write_text("<p>learn</p>")
    assert ">Learn</a>" in site_pages.header("play/index.html", built)
    (built / "learn" / "index.html").unlink()


def test_a_page_of_ours_without_the_headers_place_is_refused_in_one_line_and_another_helpers_is_left(tmp_path: Path) -> None:
    (tmp_path / "play").mkdir()
    (tmp_path / "play" / "index.html").write_text("<body></body>")
    with pytest.raises(ValueError, match=r"^play/index.html has no <!-- site header --> line for the site's header$"):
        site_pages.put_header(tmp_path, ["play/index.html"])
    site_pages.put_header(tmp_path, ["play/index.html"], optional=["play/index.html"])
    assert (tmp_path / "play" / "index.html").read_text() == "<body></body>"


def test_the_rule_card_refuses_an_id_the_rulebook_lacks() -> None:
    with pytest.raises(ValueError, match=r"cites \[no-such-rule\], which the rulebook does not have"):
        site_pages._rule_card('<head></head><body><span class="id">[no-such-rule]</span></body>', {"mercy"})


def test_the_offline_list_carries_the_labs_version_and_a_build_without_one_is_refused_in_one_line(tmp_path: Path) -> None:
    """The pages write the Lab's version record for the service worker they register (site/app/offline.js):
    the version comes from JupyterLite's own build, and a build without it stops the site's build."""
    with pytest.raises(ValueError, match=r"^JupyterLite's build has no version in jupyter-lite.json"):
        site_pages.lab_version(tmp_path)
    (tmp_path / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appVersion": ""}}')
    with pytest.raises(ValueError, match=r"^JupyterLite's build has no version in jupyter-lite.json$"):
        site_pages.lab_version(tmp_path)
    (tmp_path / "jupyter-lite.json").write_text('{"jupyter-config-data": {"appVersion": "0.8.6"}}')
    assert site_pages.lab_version(tmp_path) == "0.8.6"
