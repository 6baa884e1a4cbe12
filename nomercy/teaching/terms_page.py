"""A language's term table as a page in that language: the words the Swedish, French or Chinese pages use, where
each comes from and why it was chosen, for a reader of that language (the site's ``rules/<lang>/terms-<lang>.html``).

``docs/terms-<language>.md`` (:func:`nomercy.teaching.terminology.terms_markdown`) is the same table in English,
for the project's translators. Here the page's own sentences come from the catalogs, the reasons from the table
itself (each note's ``why``, and ``about_said``: a note is about one language's words and is read only in that
language, so it is written once, beside its English, rather than in every catalog), the sources by their names in
the language. The English column is marked ``lang="en"``: the English words are what the table translates.
"""

from __future__ import annotations

from html import escape

from nomercy.core.i18n import N_, words
from nomercy.core.sources import SOURCES
from nomercy.teaching.terminology import (AT_THE_TABLE, PRINTED_IN_ENGLISH, SECTIONS, TermsError, english, expected_keys,
                                         term_table)

__all__ = ["TITLE", "terms_page_markdown"]

TITLE = N_("The game's words in this language")
"""The page's title (and its door's on the language's Rules page)."""
_INTRO = N_("This page lists the words these pages use: for every card, color, word of the [glossary](glossary.md), "
            "ruling of the [rulebook](rulebook.md) and a few more words of the table, the word the "
            "[sources](sources.md) in this language use, which sources use it, the other words they use and why this "
            "one was chosen. A word no source has is marked **proposed**: a fluent reader should check it (“built "
            "from” names the sources whose words it is made of).")
_COUNT = N_("{count} words: {sourced} from a source, {proposed} proposed. ({twice} more entries are an idea the "
            "package names twice, like the card skip-all and the glossary's skip-all, and show the one word.)")
_HEADER = N_("| English | this language | from | other words | why |")
_AT_THE_TABLE = N_("At the table")
_SECTION_NAMES = {"colors": N_("Colors"), "faces": N_("Cards"), "glossary": N_("Words of the glossary"),
                  "rulings": N_("Rulings"), "table": N_("More words of the table")}
_PROPOSED = N_("**proposed**")
_BUILT_FROM = N_("**proposed** (built from {sources})")
_SAME_AS = N_("The same word as {section}: {word}.")
_OTHER = N_("{term} ({sources})")
_PRINTED_OWN = N_("The rule card, the rulebook and the glossary quote the names the printing in this language puts "
                  "on the cards, as {source} gives them: {names}.")
_PRINTED_ENGLISH = N_("No source in this language gives the names a printing in this language puts on the No Mercy "
                      "cards, so the rule card, the rulebook and the glossary quote the English printing's names: "
                      "{names}.")
_LIST_ITEM = N_("{items}, {item}")  # a list's middle, one item at a time (a comma; 、 in Chinese)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def terms_page_markdown(language: str) -> str:
    """The term table of ``language`` (``"sv"``, ``"fr"``, ``"zh-Hant"``) as a page in that language (Markdown,
    with the English words in ``<span lang="en">``)."""
    table = term_table(language)
    gaps = table.gaps()
    if gaps:
        raise TermsError(f"the {table.name} term table lacks {len(gaps)} entries: {', '.join(gaps[:8])}")
    say = words(language).gettext

    def listed(parts: list[str]) -> str:
        joined = parts[0] if parts else ""
        for part in parts[1:]:
            joined = say(_LIST_ITEM, items=joined, item=part)
        return joined

    def sources(ids: tuple[str, ...], proposed: bool) -> str:
        links = listed([f"[{say(SOURCES[s].name)}](sources.md#{s})" for s in ids])
        if not proposed:
            return links
        return say(_BUILT_FROM, sources=links) if links else say(_PROPOSED)

    def row(section: str, key: str) -> str:
        own = table.by_id[(section, key)]
        entry = table.entry(section, key)
        others = listed([say(_OTHER, term=a.term, sources=sources(a.sources, a.proposed)) for a in entry.alternatives])
        why = entry.why
        if own.same_as:
            where, what = own.same_as.split(".", 1)
            why = say(_SAME_AS, section=say(_SECTION_NAMES[where]).lower(), word=table.entry(where, what).term)
        english_word = f'<span lang="en">{escape(english(section, key), quote=False)}</span>'
        return (f"| {_cell(english_word)} | **{_cell(entry.term)}** | {sources(entry.sources, entry.proposed)} "
                f"| {_cell(others)} | {_cell(why)} |")

    own = [e for e in table.entries if not e.same_as]
    proposed = sum(e.proposed for e in own)
    printed = listed([table.printed(face) if table.printing else f'<span lang="en">{table.printed(face)}</span>'
                      for face in PRINTED_IN_ENGLISH])
    printing = (say(_PRINTED_OWN, source=sources((table.printing,), False), names=printed) if table.printing
                else say(_PRINTED_ENGLISH, names=printed))
    lines = ["# " + say(TITLE), "", say(_INTRO), "", table.about_said, "", printing, "",
             say(_COUNT, count=len(own), sourced=len(own) - proposed, proposed=proposed,
                 twice=len(table.entries) - len(own))]
    parts: list[tuple[str, list[tuple[str, str]]]] = [(say(_AT_THE_TABLE), list(AT_THE_TABLE))]
    parts += [(say(_SECTION_NAMES[section]), [(section, key) for key in expected_keys()[section]])
              for section in SECTIONS]
    for heading, ids in parts:
        lines += ["", f"## {heading}", "", say(_HEADER), "|---|---|---|---|---|"]
        lines += [row(section, key) for section, key in ids]
    return "\n".join(lines) + "\n"

