"""The game's words in the languages of the sources: one term table per language, for the translations to follow.

Four of the five sources are not in English (two Swedish, one French, one Chinese). Before the game is
translated, each language gets a table of its words, taken from those sources: every card face, every
color, every word of the glossary, every ruling's title and a few more words of the table. Each term
names the sources that use it; where the sources disagree, the other words are listed with the reason
for the choice; where no source has a word, the term is marked *proposed*, for a fluent reader to check.

The tables are data, one TOML file per language in ``nomercy/teaching/terms/``, keyed by the package's
own ids (a face's name, a glossary word, a ruling id), and ``docs/terms-<language>.md`` is written from
each by :func:`terms_markdown` (``scripts/write_docs.py``).

>>> table = term_table("sv")
>>> table.entry("faces", "DRAW_TWO").term, table.entry("faces", "DRAW_TWO").sources
('dra-två', ('swedish-guide',))
>>> table.entry("glossary", "wild").term          # the same word as the face, written once
'önskekort'
>>> term_table("fr").entry("rulings", "mercy").term
'La règle de pitié'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from nomercy.core.cards import COLORS
from nomercy.core.errors import NomercyError, brief
from nomercy.core.faces import PRINTED_FACES
from nomercy.core.rulebook import RULINGS
from nomercy.core.sources import SOURCES
from nomercy.teaching.glossary import TERMS

__all__ = ["LANGUAGES", "SECTIONS", "TABLE_WORDS", "AT_THE_TABLE", "PRINTED_IN_ENGLISH", "TermsError", "Alternative",
           "Entry",
           "TermTable", "expected_keys", "english", "parse_terms", "term_table", "terms_markdown", "ruling_titles",
           "glossary_words"]

LANGUAGES: dict[str, str] = {"sv": "Swedish", "fr": "French", "zh-Hant": "Chinese (traditional)"}
"""The languages of the sources, by the code of their table (and page: ``docs/terms-<code>.md``)."""

SECTIONS: dict[str, str] = {
    "colors": "Colors",
    "faces": "Cards",
    "glossary": "Words of the glossary",
    "rulings": "Rulings",
    "table": "More words of the table",
}
"""The parts of a table, each keyed by the package's ids, with its heading on the page."""

TABLE_WORDS: dict[str, str] = {
    "points": "what a round scores",
    "player": "one of the people (or computer players) at the table",
    "direction": "the direction of play",
    "clockwise": "to the left, round the table",
    "counterclockwise": "to the right, after a reverse",
    "number card": "a card from 0 to 9",
    "play": "put a card on the discard pile",
    "draw": "take a card from the draw pile",
    "pass": "keep a drawn card and end the turn (classic UNO)",
    "rulebook": "the project's book of rulings (the site's Rules pages)",
    "rule card": "the one-page summary of the deck and the rules, to print",
    "puzzle": "a table with a question about it, served on the Train page (one word for it everywhere)",
}
"""Words of the table that are neither a face, a glossary word nor a ruling, with what they mean."""

AT_THE_TABLE: tuple[tuple[str, str], ...] = (
    ("glossary", "draw pile"), ("glossary", "discard pile"), ("glossary", "hand"), ("glossary", "turn"),
    ("glossary", "stack"), ("glossary", "pending draw"), ("glossary", "knocked out"), ("glossary", "round"),
    ("table", "points"), ("glossary", "call UNO"), ("glossary", "catch"), ("rulings", "challenge"),
)
"""The words a player meets at every table, shown first on each page (each is an entry of its section)."""

PRINTED_IN_ENGLISH: dict[str, str] = {"SKIP_ALL": "Skip Everyone", "DISCARD_ALL": "Discard All",
                                      "WILD_ROULETTE": "Wild Color Roulette"}
"""The No Mercy cards whose printed name the rules quote (the rule card, the rulebook, the glossary), by face, with
the name the English printing gives them: the project's own names (skip-all, discard-all, wild roulette) are not
what a player reads on the card. Another language quotes its own printing's name where a source gives it
(:meth:`TermTable.printed`)."""

_FOLDER = Path(__file__).resolve().parent / "terms"
_ENTRY_FIELDS = {"term", "sources", "proposed", "alternatives", "note", "why", "same_as", "mark"}
_CORNER_MARKS = {("colors", color.value) for color in COLORS} | {("faces", "WILD")}
_MARKED = {**{key: 2 for key in _CORNER_MARKS}, ("faces", "SKIP_ALL"): 5, ("faces", "DISCARD_ALL"): 5}
"""The entries that carry a ``mark``, with its longest: the sign drawn in a card's corner (a color's, and a wild's
with no color named; 1 or 2 letters, one a card), and the word under a skip-all's and a discard-all's symbol (the
English ALL); every one of them has it (see :func:`nomercy.teaching.card_pictures.card_marks`)."""
_LONGEST = 2000


class TermsError(NomercyError):
    """A term table that is not complete or not well formed, or a language that has none."""


@dataclass(frozen=True)
class Alternative:
    """Another word for the same idea: the sources that use it, or ``proposed`` when none does."""

    term: str
    sources: tuple[str, ...] = ()
    proposed: bool = False


@dataclass(frozen=True)
class Entry:
    """One idea's word in a language, with where it comes from and why it was chosen.

    ``sources`` are the ids of the sources that use the word; on a ``proposed`` word (no source has
    it) they are the sources it is built from, if any. ``same_as`` names the entry (``faces.SKIP_ALL``)
    whose word this one is, so a word said twice is written once.
    """

    section: str
    key: str
    term: str = ""
    sources: tuple[str, ...] = ()
    proposed: bool = False
    alternatives: tuple[Alternative, ...] = ()
    note: str = ""
    same_as: str = ""
    why: str = ""
    """The note in the table's own language, as the language's term page says it (the note is its English)."""
    mark: str = ""


@dataclass(frozen=True)
class TermTable:
    """One language's words: its code and name, a paragraph on its sources, and its entries by section and key."""

    language: str
    name: str
    about: str
    entries: tuple[Entry, ...]
    about_said: str = ""
    """``about`` in the table's own language, for the language's term page."""
    printing: str = ""
    """The source that gives the names this language's printing of the cards carries (the French reading follows
    the French printing of the sheet), so that its words for the cards of :data:`PRINTED_IN_ENGLISH` are what a
    player of this language reads on them; ``""`` when no source gives them, and the rules quote the English
    printing's names."""

    def printed(self, face: str) -> str:
        """The name printed on ``face`` (a key of :data:`PRINTED_IN_ENGLISH`) that the rules in this language quote:
        this language's printing's, from :attr:`printing`, or else the English printing's.

        >>> term_table("fr").printed("SKIP_ALL"), term_table("sv").printed("SKIP_ALL")
        ('Passer tout le monde', 'Skip Everyone')
        """
        if not isinstance(face, str) or face not in PRINTED_IN_ENGLISH:
            raise TermsError(f"the rules quote the printed name of {', '.join(PRINTED_IN_ENGLISH)} only, "
                             f"not of {brief(face)}")
        entry = self.entry("faces", face)
        return entry.term if self.printing and self.printing in entry.sources else PRINTED_IN_ENGLISH[face]

    def entry(self, section: str, key: str) -> Entry:
        """The entry for ``key`` in ``section``, with a ``same_as`` followed to the entry it repeats."""
        if not isinstance(section, str) or not isinstance(key, str):
            raise TermsError(f"an entry is found by its part and id, two texts, not {brief(section)} and {brief(key)}")
        found = self.by_id.get((section, key))
        if found is None:
            raise TermsError(f"the {self.name} terms have no {section} entry {brief(key)}")
        if found.same_as:
            where, _, what = found.same_as.partition(".")
            target = self.by_id.get((where, what))
            if target is None or target.same_as:
                raise TermsError(f"the {self.name} terms: {section}.{key} is the same as {brief(found.same_as)}, "
                                 "which has no word of its own")
            return target
        return found

    @property
    def by_id(self) -> dict[tuple[str, str], Entry]:
        """Each entry by its part and id, as written (a ``same_as`` not followed)."""
        return {(e.section, e.key): e for e in self.entries}

    def gaps(self) -> list[str]:
        """What the package has that this table lacks (``faces.WILD_DRAW_EIGHT``): empty when the table is complete."""
        have = self.by_id
        return [f"{section}.{key}" for section, keys in expected_keys().items() for key in keys
                if (section, key) not in have]


def expected_keys() -> dict[str, tuple[str, ...]]:
    """Every id a complete table has, section by section, read from the package (faces, colors, glossary, rulings)."""
    return {
        "colors": tuple(color.value for color in COLORS),
        "faces": tuple(face.name for face in PRINTED_FACES),
        "glossary": tuple(TERMS),
        "rulings": tuple(RULINGS),
        "table": tuple(TABLE_WORDS),
    }


def english(section: str, key: str) -> str:
    """The project's English for an id: a face's notation, a ruling's title, or the word itself.

    >>> english("faces", "WILD_REVERSE_DRAW_FOUR"), english("rulings", "mercy")
    ('wild reverse +4', 'Mercy rule')
    """
    if not isinstance(section, str) or section not in SECTIONS:
        raise TermsError(f"a term table has no part {brief(section)}; the parts are {', '.join(SECTIONS)}")
    if not isinstance(key, str) or key not in expected_keys()[section]:
        raise TermsError(f"{brief(key)} is not one of the package's {section}")
    if section == "faces":
        return next(face.notation for face in PRINTED_FACES if face.name == key)
    if section == "rulings":
        return RULINGS[key].title
    return key


def _text(value: object, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()) or len(value) > _LONGEST:
        raise TermsError(f"{what} is a text of 1 to {_LONGEST} characters, not {brief(value)}")
    return value


def _sources(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value) or len(set(value)) != len(value):
        raise TermsError(f"{what}: sources is a list of source ids, each once, like [\"swedish-guide\"], "
                         f"not {brief(value)}")
    unknown = [s for s in value if s not in SOURCES]
    if unknown:
        raise TermsError(f"{what}: {brief(unknown[0])} is not a source; the sources are {', '.join(SOURCES)}")
    return tuple(value)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TermsError(f"{what}: proposed is true or false, not {brief(value)}")
    return value


def _alternative(value: object, what: str) -> Alternative:
    if not isinstance(value, dict) or not set(value) <= {"term", "sources", "proposed"}:
        raise TermsError(f"{what}: an alternative is {{ term = \"...\", sources = [...] }} or "
                         f"{{ term = \"...\", proposed = true }}, not {brief(value)}")
    alternative = Alternative(_text(value.get("term"), f"{what}: an alternative's term"),
                              _sources(value.get("sources", []), what), _flag(value.get("proposed", False), what))
    if not alternative.sources and not alternative.proposed:
        raise TermsError(f"{what}: the alternative {brief(alternative.term)} names no source and is not proposed")
    return alternative


def _mark(value: dict[str, Any], section: str, key: str) -> str:
    """What this entry's card shows of it in letters: a color's and the wild's sign in the corner, the word under a
    skip-all's and a discard-all's symbol."""
    what = f"{section}.{key}"
    longest = _MARKED.get((section, key))
    if longest is None:
        if "mark" in value:
            raise TermsError(f"{what}: only the colors, faces.WILD, faces.SKIP_ALL and faces.DISCARD_ALL have a mark "
                             "(what the card shows in letters)")
        return ""
    mark = value.get("mark")
    if not isinstance(mark, str) or not 1 <= len(mark) <= longest or not mark.strip() or mark != mark.strip():
        raise TermsError(f"{what}: its mark, what the card shows in letters, is 1 to {longest} letters "
                         f"or characters, like \"R\", not {brief(mark)}")
    return mark


def _entry(section: str, key: str, value: object) -> Entry:
    what = f"{section}.{key}"
    if not isinstance(value, dict):
        raise TermsError(f"{what} is a table of term, sources, proposed, alternatives and note, not {brief(value)}")
    unknown = sorted(set(value) - _ENTRY_FIELDS)
    if unknown:
        raise TermsError(f"{what}: {brief(unknown[0])} is not a field of a term; the fields are "
                         f"{', '.join(sorted(_ENTRY_FIELDS))}")
    if "same_as" in value:
        if set(value) != {"same_as"}:
            raise TermsError(f"{what}: an entry with same_as has no other field")
        target = _text(value["same_as"], f"{what}: same_as")
        return Entry(section, key, same_as=target)
    alternatives = value.get("alternatives", [])
    if not isinstance(alternatives, list):
        raise TermsError(f"{what}: alternatives is a list, not {brief(alternatives)}")
    entry = Entry(section, key, _text(value.get("term"), f"{what}: its term"),
                  _sources(value.get("sources", []), what), _flag(value.get("proposed", False), what),
                  tuple(_alternative(a, what) for a in alternatives),
                  _text(value.get("note", ""), f"{what}: its note", empty=True),
                  why=_text(value.get("why", ""), f"{what}: its note in the language (why)", empty=True),
                  mark=_mark(value, section, key))
    if bool(entry.note) != bool(entry.why):
        raise TermsError(f"{what}: a note is given twice, in English (note) and in the language (why), or not at all")
    if not entry.sources and not entry.proposed:
        raise TermsError(f"{what}: {brief(entry.term)} names no source; name the sources that use it, "
                         f"or mark it proposed = true")
    return entry


def _language(language: object) -> str:
    if not isinstance(language, str) or language not in LANGUAGES:
        known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise TermsError(f"there is no term table for the language {brief(language)}; there are: {known}")
    return language


def ruling_titles(language: str) -> dict[str, str]:
    """Each ruling's title in ``language``, by id: its term table's word (the rulebook's own title in English), as
    the Rules pages, the rule card and the table's log show it. A title starts with a capital, as a heading does,
    though a card's name inside a sentence does not (the Swedish hoppa över is the heading Hoppa över)."""
    if language == "en":
        return {r.id: r.title for r in RULINGS.values()}
    table = term_table(_language(language))
    return {r: _heading(table.entry("rulings", r).term) for r in RULINGS}


def _heading(word: str) -> str:
    """``word`` with its first letter in capitals and the rest as written (``str.capitalize`` would lower UNO)."""
    return word[:1].upper() + word[1:]


def glossary_words(language: str) -> dict[str, str]:
    """Each glossary word in ``language`` (its term table's), by the English word, as the glossary page shows it."""
    table = term_table(_language(language))
    return {word: table.entry("glossary", word).term for word in TERMS}


def parse_terms(text: str, language: str) -> TermTable:
    """Read one language's table from its TOML text, checking every field and every id before anything is kept.

    The ids must be the package's (a face's name, a color, a glossary word, a ruling id, a word of
    :data:`TABLE_WORDS`) and each ``same_as`` must name an entry with a word of its own; a table may
    still lack entries (:meth:`TermTable.gaps` lists them, and :func:`terms_markdown` refuses to write it).
    """
    language = _language(language)
    name = LANGUAGES[language]
    if not isinstance(text, str) or len(text) > 1_000_000:
        raise TermsError(f"a term table is TOML text of at most a million characters, not {brief(text)}")
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TermsError(f"the {name} term table is not valid TOML: {error}") from None
    except RecursionError:
        raise TermsError(f"the {name} term table nests lists or tables too deep to read") from None
    unknown = sorted(set(data) - {"language", "name", "about", "about_said", "printing", *SECTIONS})
    if unknown:
        raise TermsError(f"the {name} term table: {brief(unknown[0])} is not a part of it; the parts are "
                         f"language, name, about, about_said, printing, {', '.join(SECTIONS)}")
    if data.get("language") != language:
        raise TermsError(f"the {name} term table says it is for {brief(data.get('language'))}, not {language}")
    if data.get("name") != name:
        raise TermsError(f"the {name} term table names its language {brief(data.get('name'))}, not {name}")
    about = _text(data.get("about"), f"the {name} term table's about")
    about_said = _text(data.get("about_said", ""), f"the {name} term table's about in {name} (about_said)")
    printing = data.get("printing", "")
    if printing != "" and (not isinstance(printing, str) or printing not in SOURCES):
        raise TermsError(f"the {name} term table: printing names the source that gives the names of the {name} "
                         f"printing, one of {', '.join(SOURCES)}, not {brief(printing)}")
    expected = expected_keys()
    entries = []
    for section in SECTIONS:
        part = data.get(section, {})
        if not isinstance(part, dict):
            raise TermsError(f"the {name} term table: {section} is a table of entries, not {brief(part)}")
        for key, value in part.items():
            if key not in expected[section]:
                raise TermsError(f"the {name} term table: {section}.{key} is not an id of the package "
                                 f"(the {section} are {', '.join(expected[section][:6])}...)")
            entries.append(_entry(section, key, value))
    index = {(e.section, e.key): e for e in entries}
    for entry in entries:
        if entry.same_as:
            target = index.get(tuple(entry.same_as.split(".", 1)))  # type: ignore[arg-type]
            if target is None or target.same_as:
                raise TermsError(f"the {name} term table: {entry.section}.{entry.key} is the same as "
                                 f"{brief(entry.same_as)}, which is not an entry with a word of its own")
    marks = [e.mark for e in entries if (e.section, e.key) in _CORNER_MARKS]
    twice = sorted({m for m in marks if marks.count(m) > 1})
    if twice:
        raise TermsError(f"the {name} term table: the mark {brief(twice[0])} is on two cards' corners; each color "
                         "and the wild need a sign of their own")
    return TermTable(language, name, about, tuple(entries), about_said, printing)


def term_table(language: str) -> TermTable:
    """The package's table for a language code of :data:`LANGUAGES` (``"sv"``, ``"fr"``, ``"zh-Hant"``)."""
    return _read_table(_language(language))


@lru_cache(maxsize=None)
def _read_table(language: str) -> TermTable:
    return parse_terms((_FOLDER / f"{language}.toml").read_text(encoding="utf-8"), language)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _from(sources: tuple[str, ...], proposed: bool) -> str:
    links = ", ".join(f"[`{s}`](sources.md#{s})" for s in sources)
    if not proposed:
        return links
    return "**proposed**" + (f" (built from {links})" if links else "")


def _row(table: TermTable, section: str, key: str) -> str:
    own = table.by_id[(section, key)]
    entry = table.entry(section, key)
    others = "; ".join(f"{a.term} ({_from(a.sources, a.proposed)})" for a in entry.alternatives)
    note = entry.note
    if own.same_as:
        where, what = own.same_as.split(".", 1)
        note = f"The same word as {SECTIONS[where].lower()}: {english(where, what)}."
    word = f"**{_cell(entry.term)}**" + (f" (in a card's corner: **{_cell(entry.mark)}**)" if entry.mark else "")
    return (f"| {_cell(english(section, key))} | {word} | {_from(entry.sources, entry.proposed)} "
            f"| {_cell(others)} | {_cell(note)} |")


def _printed_sentence(table: TermTable) -> str:
    """Which printing's names the rules in the language quote for the cards of :data:`PRINTED_IN_ENGLISH`."""
    names = ", ".join(table.printed(face) for face in PRINTED_IN_ENGLISH)
    if table.printing:
        return (f"The rule card, the rulebook and the glossary quote the names the {table.name} printing puts on the "
                f"cards, as [`{table.printing}`](sources.md#{table.printing}) gives them: {names}.")
    return (f"No {table.name} source gives the names a printing in this language puts on the No Mercy cards, so the "
            f"rule card, the rulebook and the glossary quote the English printing's: {names}.")


def terms_markdown(language: str) -> str:
    """``docs/terms-<language>.md``: the language's words, section by section, with their sources and reasons."""
    table = term_table(language)
    gaps = table.gaps()
    if gaps:
        raise TermsError(f"the {table.name} term table lacks {len(gaps)} entries: {', '.join(gaps[:8])}")
    own = [e for e in table.entries if not e.same_as]
    proposed = sum(e.proposed for e in own)
    header = f"| English | {table.name} | from | other words | why |"
    lines = [
        f"# The game's words in {table.name}",
        "",
        f"<!-- Written by scripts/write_docs.py from nomercy/teaching/terms/{table.language}.toml; "
        "do not edit by hand. -->",
        "",
        f"This page lists the {table.name} words that a translation of this project will use: for every card, "
        "color, word of the [glossary](glossary.md), ruling of the [rulebook](rulebook.md) and a few more words "
        f"of the table, the word the {table.name} [sources](sources.md) use, which sources use it, the other "
        "words they use and why this one was chosen. A word no source has is marked **proposed**: a fluent "
        "reader should check it (\"built from\" names the sources whose words it is made of).",
        "",
        table.about,
        "",
        _printed_sentence(table),
        "",
        f"{len(own)} words: {len(own) - proposed} from a source, {proposed} proposed. "
        f"({len(table.entries) - len(own)} more entries are an idea the package names twice, like the card skip-all "
        "and the glossary's skip-all, and show the one word.)",
    ]
    parts: list[tuple[str, list[tuple[str, str]]]] = [("At the table", list(AT_THE_TABLE))]
    parts += [(heading, [(section, key) for key in expected_keys()[section]]) for section, heading in SECTIONS.items()]
    for heading, ids in parts:
        lines += ["", f"## {heading}", "", header, "|---|---|---|---|---|"]
        lines += [_row(table, section, key) for section, key in ids]
    return "\n".join(lines) + "\n"
