"""The build compiles the message catalogs (``nomercy/locale/*/LC_MESSAGES/nomercy.po`` and ``puzzles.po``) to the
``.mo`` files that :mod:`nomercy.core.i18n` reads, for a wheel, an sdist's install and an editable install alike; a
catalog whose entry lost or gained a placeholder, or that has a fuzzy entry, stops the build (never the player), and
so does a missing entry in the main catalog (``nomercy``: complete or nothing). The puzzles' catalog (``puzzles``)
may leave entries empty: a puzzle waits for its translation, and is not served in that language until then."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # the tests read the checks below where hatchling is not installed
    BuildHookInterface = object

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


DOMAINS = {"nomercy": False, "puzzles": True}
"""The catalogs' domains, and whether an entry may be left untranslated (the puzzles wait for their translation)."""


def catalog_problems(catalog: Any, *, partial: bool = False) -> list[str]:
    """What is wrong with a catalog (Babel's): an entry fuzzy or not translated (every plural form; an entry left
    empty is allowed when ``partial``), or with other placeholders than its English (each form has the English's;
    the English plural may add ``{count}``)."""
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(_PLACEHOLDER.findall(ids[0])) | set(_PLACEHOLDER.findall(ids[-1]))
        if partial and not message.fuzzy and not any(texts):
            continue  # waits for its translation
        if message.fuzzy or not all(texts) or len(texts) != (catalog.num_plurals if len(ids) > 1 else 1):
            wrong.append(f"{ids[0]!r} is fuzzy or not translated")
        elif any(set(_PLACEHOLDER.findall(text)) != wanted for text in texts):
            wrong.append(f"{ids[0]!r} has placeholders other than {sorted(wanted)}")
    return wrong


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every catalog under ``root/nomercy/locale``, checking each entry first; the ``.mo`` files."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(po for domain in DOMAINS for po in (root / "nomercy" / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
        with po.open("rb") as file:
            catalog = read_po(file)
        wrong = catalog_problems(catalog, partial=DOMAINS[po.stem])
        if wrong:
            raise ValueError(f"{po.relative_to(root)}: " + "; ".join(wrong))
        mo = po.with_suffix(".mo")
        with mo.open("wb") as file:
            write_mo(file, catalog)
        written.append(mo)
    return written


class CatalogsHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        compile_catalogs(Path(self.root))
