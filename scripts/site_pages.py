"""The site's own pages around the app: the header every page carries, and the rules as pages of the site.

Used by ``scripts/build_site.py``. The rulebook, the glossary, the sources and the rule card are written
from the package, as ``scripts/write_docs.py`` writes ``docs/`` (the same functions), and turned into
HTML here: in ``docs/`` they are Markdown, which a static site serves as a download, not as a page.

- :data:`NAV` is the header: Home, Learn (when the build has ``site/learn/``), Play, Train, Rules and
  "How to play" (the rule card). Every page of ours marks where it goes with ``<!-- site header -->``.
- :data:`RULES_PAGE` is where a ruling is read: its id is the anchor (``rules/rulebook.html#mercy``). The
  widgets on the app pages and in the site's Lab link there (``NOMERCY_RULEBOOK``, see
  ``nomercy/widgets/_common.py``); :func:`ruling_address` says the same in Python.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from nomercy.core.i18n import N_

RULES_DIR = "rules"
RULES_PAGE = f"{RULES_DIR}/rulebook.html"
"""Where every ruling is, at the anchor of its id (from the site's root)."""
HEADER_MARK = "<!-- site header -->"
STYLE_MARK = "<!-- site style -->"


@dataclass(frozen=True)
class NavItem:
    label: str
    path: str
    """From the site's root; a folder ends with ``/`` (its ``index.html``)."""
    needs: str
    """The site folder (``site/<needs>``) or built page that must exist for the item to be shown."""


NAV = (
    NavItem(N_("Home"), "", "index.html"),
    NavItem(N_("Learn"), "learn/", "learn/index.html"),
    NavItem(N_("Play"), "play/", "play/index.html"),
    NavItem(N_("Train"), "train/", "train/index.html"),
    NavItem(N_("Rules"), f"{RULES_DIR}/", f"{RULES_DIR}/index.html"),
    NavItem(N_("How to play"), f"{RULES_DIR}/rule-card.html", f"{RULES_DIR}/rule-card.html"),
)
"""The header of every page, in order; an item whose page the build did not write is left out."""


NAV_LABEL = N_("Site")
"""The header's name for a screen reader (its ``aria-label``)."""
LANGUAGE_LABEL = N_("Language")
"""The language switch's label, in every page's header."""
LANGUAGES_FILE = "app/languages.json"
"""The languages and their words, for the pages' script (``site/app/lang.js``), from the site's root."""


def languages(out: Path) -> dict[str, Any]:
    """Write :data:`LANGUAGES_FILE`: each language's name, its catalog (English message to its words) and its
    plural rule, from the compiled catalogs (:mod:`nomercy.core.i18n`); what was written."""
    import json

    from nomercy.core.i18n import LANGUAGES, plural_rule, words

    data = {"languages": LANGUAGES, "words": {lang: words(lang).catalog() for lang in LANGUAGES},
            "plural": {lang: plural_rule(lang) for lang in LANGUAGES}}
    (out / LANGUAGES_FILE).write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return data


def ruling_address(rule: str) -> str:
    """Where the site shows a ruling, from its root.

    >>> ruling_address("mercy")
    'rules/rulebook.html#mercy'
    """
    return f"{RULES_PAGE}#{rule}"


def _up(page: str) -> str:
    """The way from ``page`` (a path from the root) back to the root."""
    return "../" * page.count("/")


def header(page: str, out: Path) -> str:
    """The site's header for ``page`` (from the root), with the items whose pages are in ``out``."""
    up = _up(page)
    here = page.removesuffix("index.html")
    # on a Rules page in another language (rules/sv/...), the Rules items lead to that language's pages
    spoken = page.split("/")[1] + "/" if page.count("/") == 2 and page.startswith(f"{RULES_DIR}/") else ""
    links = []
    for item in NAV:
        if not (out / item.needs).exists():
            continue
        path = item.path
        if spoken and path.startswith(f"{RULES_DIR}/"):
            path = f"{RULES_DIR}/{spoken}{path.removeprefix(f'{RULES_DIR}/') or 'index.html'}"
        current = ' aria-current="page"' if path in (here, page) else ""
        href = f"{up}{path}" or "./"
        links.append(f'<a href="{href}" data-testid="nav-{item.label.lower().replace(" ", "-")}"{current} data-i18n>'
                     f"{html.escape(item.label)}</a>")
    # the language switch (site/app/lang.js fills its choices and keeps the one chosen)
    switch = (f'<label class="nm-lang"><span class="nm-lang-label" data-i18n>{html.escape(LANGUAGE_LABEL)}</span>'
              '<select data-lang-switch data-testid="lang-switch"><option value="en">English</option></select></label>')
    # the links in one strip: on a phone it is one row that scrolls sideways, beside the language switch (site.css)
    return (f'<nav class="nm-site-nav" aria-label="{NAV_LABEL}" data-i18n-label="{NAV_LABEL}">'
            f'<span class="nm-site-links">{"".join(links)}</span>{switch}</nav>\n'
            '<div class="nm-offline" data-testid="offline" role="status" aria-live="polite"></div>')


def style(page: str) -> str:
    """What every page's head links: the site's style sheet, its manifest, and the offline line's script."""
    up = _up(page)
    return (f'<link rel="stylesheet" href="{up}app/site.css">\n<link rel="manifest" href="{up}app/manifest.webmanifest">\n'
            f'<meta name="theme-color" content="#1d1f24">\n<script type="module" src="{up}app/offline.js"></script>\n'
            f'<script type="module" src="{up}app/lang.js"></script>')


def put_header(out: Path, pages: list[str], optional: tuple[str, ...] | list[str] = ()) -> None:
    """Write the header (and the site's style sheet) where every page of ``pages`` marks their places
    (``<!-- site header -->``, ``<!-- site style -->``); one of ``optional`` without the marks is left as it is."""
    for page in pages:
        path = out / page
        text = path.read_text(encoding="utf-8")
        if HEADER_MARK not in text:
            if page in optional:
                continue
            raise ValueError(f"{page} has no {HEADER_MARK} line for the site's header")
        text = text.replace(HEADER_MARK, header(page, out), 1).replace(STYLE_MARK, style(page), 1)
        path.write_text(text, encoding="utf-8")


# --- the rules as pages -------------------------------------------------------------------------------

TRANSLATED = ("index.html", "rulebook.html", "glossary.html", "sources.html", "rule-card.html")
"""The Rules pages written in every language: the English at ``rules/<page>``, another language at
``rules/<lang>/<page>`` with the same anchors (a ruling's id), so a link to a ruling lands on it in the
reader's language (``site/app/lang.js`` follows the page's ``<link rel="alternate" hreflang>``)."""

_MD_LINK = re.compile(r'href="(rulebook|glossary|sources|terms-[A-Za-z-]+)\.md(#[^"]*)?"')


def _folder(lang: str) -> str:
    """A language's Rules folder under ``rules/``: none for English."""
    return "" if lang == "en" else f"{lang}/"


def _alternates(name: str, lang: str, written: tuple[str, ...] = ()) -> str:
    """The ``<link rel="alternate">`` lines of a translated Rules page: where it is in every language it is written
    in (``written``; all of them when not given)."""
    from nomercy.core.i18n import LANGUAGES

    up = "../" if lang != "en" else ""
    return "".join(f'<link rel="alternate" hreflang="{code}" href="{up}{_folder(code)}{name}">\n'
                   for code in (written or tuple(LANGUAGES)))


def _markdown_page(title: str, markdown: str, lang: str = "en", name: str = "", written: tuple[str, ...] = ()) -> str:
    """One Markdown page of ``docs/`` as a page of the site (links between them kept, ``.md`` made ``.html``);
    in another language, its code said in words (:func:`nomercy.teaching.code_words.in_words`), and the links to
    the pages that are English only (another language's term table) go up to them."""
    import mistune

    from nomercy.teaching.code_words import in_words

    markdown = in_words(markdown, lang)
    body = mistune.create_markdown(escape=False, plugins=["table"])(markdown)
    up = "../" if lang != "en" else ""

    def link(m: re.Match[str]) -> str:
        there = "" if m.group(1) in ("rulebook", "glossary", "sources", f"terms-{lang}") else up
        return f'href="{there}{m.group(1)}.html{m.group(2) or ""}"'

    return _page(title, f'<main class="nm-doc">\n{_MD_LINK.sub(link, str(body))}</main>', lang, name, written)


def _page(title: str, main: str, lang: str = "en", name: str = "", written: tuple[str, ...] = ()) -> str:
    up = "../" if lang != "en" else ""
    marks = f' data-page-lang="{lang}"' if name else ""
    return (f"<!doctype html>\n<html lang=\"{lang}\"{marks}>\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>nomercy: {html.escape(title)}</title>\n<link rel=\"icon\" href=\"{up}../favicon.ico\">\n"
            f"{_alternates(name, lang, written) if name else ''}{STYLE_MARK}\n</head>\n<body>\n{HEADER_MARK}\n{main}\n"
            "</body>\n</html>\n")


_DOORS = (
    ("rule-card.html", N_("How to play"), N_("The rule card: every card and what it does, on one page.")),
    ("rulebook.html", N_("The rulebook"), N_("Every ruling, with its sources and the other readings; each ruling "
                                             "link in Play, Train and the Lessons opens here.")),
    ("glossary.html", N_("Glossary"), N_("One word for each idea, as the table and the coach use it.")),
    ("sources.html", N_("Sources"), N_("Where the rules come from.")),
)
"""The Rules page's doors: each page, its name and what it holds."""
_TERMS_DOOR = N_("Which word these pages use for each card and rule, and which source it comes from.")
"""What another language's door to its term table (``terms-<lang>.html``) holds."""


def _rules_index(lang: str = "en") -> str:
    from nomercy.core.i18n import words

    from nomercy.teaching.terms_page import TITLE

    say = words(lang).gettext
    doors = _DOORS + (((f"terms-{lang}.html", TITLE, _TERMS_DOOR),) if lang != "en" else ())
    items = "\n".join(f'<a class="nm-door" href="{href}"><b>{html.escape(say(name))}</b>{html.escape(say(text))}</a>'
                      for href, name, text in doors)
    title = say(N_("The rules"))
    return _page(title, f'<main class="nm-doc">\n<h1>{html.escape(title)}</h1>\n<nav class="nm-doors">\n{items}\n'
                        '</nav>\n</main>', lang, "index.html")


_CARD_ID = re.compile(r'<span class="id">\[([a-z0-9-]+)\]</span>|<span class="id" data-ruling="([a-z0-9-]+)"></span>')


def _rule_card(card: str, rulings: set[str], lang: str = "en") -> str:
    """The printable rule card as a page of the site: the header, a screen layout, its ids as links."""
    from nomercy.core.i18n import words
    from nomercy.teaching.terminology import ruling_titles

    card = card.replace("<head>", f"<head>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                                  f"{_alternates('rule-card.html', lang)}{STYLE_MARK}", 1)
    card = card.replace(f'<html lang="{lang}">', f'<html lang="{lang}" data-page-lang="{lang}">', 1)
    card = card.replace("<body>", f'<body class="nm-card-page">\n{HEADER_MARK}', 1)
    the_rulebook = html.escape(words(lang).gettext(N_("the rulebook")))
    titles = ruling_titles(lang)
    card = card.replace("<code>docs/rulebook.md</code>", f'<a href="rulebook.html">{the_rulebook}</a>')

    def link(match: re.Match[str]) -> str:
        rule = match.group(1) or match.group(2)
        if rule not in rulings:
            raise ValueError(f"the rule card cites [{rule}], which the rulebook does not have")
        # no id among a card player's sentences: an arrow to the ruling, named in the page's own words
        title = html.escape(f'{words(lang).gettext(N_("The rulebook:"))} {titles[rule]}')
        return f'<a class="id" href="rulebook.html#{rule}" title="{title}" aria-label="{title}">↗</a>'

    return _CARD_ID.sub(link, card)


def rules_pages(out: Path) -> list[str]:
    """Write ``rules/``: the rulebook, glossary, sources and rule card as pages, and the rulebook, glossary,
    rule card and index again in each other language (``rules/<lang>/``); their paths from the root."""
    from nomercy.core.i18n import LANGUAGES as SPOKEN, words
    from nomercy.core.rulebook import RULINGS, rulebook_markdown
    from nomercy.core.sources import sources_markdown
    from nomercy.teaching.glossary import glossary_markdown
    from nomercy.teaching.rule_card import rule_card_html
    from nomercy.teaching.terminology import LANGUAGES, glossary_words, ruling_titles, terms_markdown
    from nomercy.teaching.terms_page import TITLE, terms_page_markdown

    folder = out / RULES_DIR
    folder.mkdir()
    pages: dict[str, Callable[[], str]] = {
        # the words the translations follow, one page a language (the English glossary links them), and each again
        # in its own language (that language's Rules page links it)
        **{f"terms-{code}.html": (lambda code=code, name=name: _markdown_page(
            f"Words in {name}", terms_markdown(code), "en", f"terms-{code}.html", ("en", code)))
           for code, name in LANGUAGES.items()},
        **{f"{code}/terms-{code}.html": (lambda code=code: _markdown_page(
            words(code).gettext(TITLE), terms_page_markdown(code), code,
            f"terms-{code}.html", ("en", code))) for code in LANGUAGES},
    }
    for lang in SPOKEN:
        say = words(lang).gettext
        where = _folder(lang)
        pages |= {
            f"{where}sources.html": lambda lang=lang, say=say: _markdown_page(
                say(N_("Sources")), sources_markdown(lang), lang, "sources.html"),
            f"{where}index.html": lambda lang=lang: _rules_index(lang),
            f"{where}rulebook.html": lambda lang=lang, say=say: _markdown_page(
                say(N_("The rulebook")), rulebook_markdown(lang, None if lang == "en" else ruling_titles(lang)), lang, "rulebook.html"),
            f"{where}glossary.html": lambda lang=lang, say=say: _markdown_page(
                say(N_("Glossary")), glossary_markdown(lang, None if lang == "en" else glossary_words(lang)), lang,
                "glossary.html"),
            f"{where}rule-card.html": lambda lang=lang: _rule_card(rule_card_html(lang), set(RULINGS), lang),
        }
    for name, write in pages.items():
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text(write(), encoding="utf-8")
    return [f"{RULES_DIR}/{name}" for name in pages]


def anchors(text: str) -> set[str]:
    """The ids a page can be opened at (``id="..."`` and ``name="..."``)."""
    return set(re.findall(r'\s(?:id|name)="([^"]+)"', text))


# --- offline ------------------------------------------------------------------------------------------

WORKER = "service-worker.js"
"""The site's service worker, at the root (JupyterLite's place: see ``site/app/service-worker.js``)."""
LAB_WORKER = "build/service-worker.js"
"""JupyterLite's own service worker, as its build ships it (run by ours)."""


def lab_version(out: Path) -> str:
    """The version of JupyterLite the site's Lab runs (its ``appVersion``). The Lab keeps a record of the version
    that registered the service worker at this address, and a Lab that finds a worker with no record of its
    own unregisters it, leaving the notebooks' kernel without the browser's files for that visit: the pages
    that register the worker first write the same record (``site/app/offline.js``)."""
    import json

    config = out / "jupyter-lite.json"
    try:
        version = json.loads(config.read_text(encoding="utf-8"))["jupyter-config-data"]["appVersion"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"JupyterLite's build has no version in {config.name}: {error}") from error
    if not isinstance(version, str) or not version:
        raise ValueError(f"JupyterLite's build has no version in {config.name}")
    return version


def offline(out: Path, pyodide_files: list[str]) -> dict[str, Any]:
    """Make the site installable and kept for offline use: the manifest, the list of files kept (the
    pages, ``app/``, ``rules/``, ``learn/`` when there is one, and ``pyodide_files``), its version and size
    (``app/offline.json``), and the service worker at the root with them written in. The listing."""
    import hashlib
    import json

    if not (out / LAB_WORKER).exists():
        raise ValueError(f"JupyterLite's build has no {LAB_WORKER}, which the site's service worker runs")
    template = out / "app" / WORKER
    source = template.read_text(encoding="utf-8")
    template.unlink()  # only the root's copy is served as a worker
    pages = ["", "index.html", "favicon.ico"]
    for folder in ("play", "train", RULES_DIR, "learn", "app"):
        if (out / folder).is_dir():
            pages += [f"{folder}/"] if (out / folder / "index.html").exists() else []
            pages += sorted(p.relative_to(out).as_posix() for p in (out / folder).rglob("*") if p.is_file())
    files = pages + list(pyodide_files)
    digest = hashlib.sha256()
    size = 0
    for path in files:
        target = out / (path + "index.html" if path.endswith("/") or not path else path)
        if not target.exists():
            raise ValueError(f"the offline list names {path or './'}, which the site does not have")
        data = target.read_bytes()
        digest.update(path.encode() + b"\0" + data)
        if not path.endswith("/") and path:
            size += len(data)
    version = digest.hexdigest()[:16]
    files.append("app/offline.json")  # the pages read it to tell whether they are kept
    if '"__VERSION__"' not in source or "__FILES__" not in source:
        raise ValueError("site/app/service-worker.js has lost its __VERSION__ or __FILES__ mark")
    worker = source.replace('"__VERSION__"', json.dumps(version)).replace("__FILES__", json.dumps(files))
    listing = {"version": version, "files": files, "bytes": size, "labVersion": lab_version(out)}
    (out / "app" / "offline.json").write_text(json.dumps(listing, indent=1), encoding="utf-8")
    (out / WORKER).write_text(worker, encoding="utf-8")
    return listing


if __name__ == "__main__":  # a module of build_site.py: run alone, with or without arguments, it does nothing
    import sys

    sys.exit("scripts/site_pages.py is part of the site's build, which 'bash scripts/site' runs; it takes no "
             "arguments and does nothing alone: run 'bash scripts/site [--out DIR] [--cache DIR]' instead")
