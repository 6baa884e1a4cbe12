"""The game in the languages of its sources: message catalogs (gettext), one per language, English the source.

Every word a person reads is written in English in the code, whole sentences with named placeholders
(``"Round {number}: {rules} rules."``), and marked for extraction (``N_`` where it is defined, ``_`` in the
widgets' JavaScript). Babel extracts them into a template, keeps one catalog a language in
``nomercy/locale/<locale>/LC_MESSAGES/nomercy.po`` (the translations, which follow the term tables of
``nomercy/teaching/terms/``), and compiles them to ``.mo`` files; the build compiles them too
(``hatch_build.py``), so an installed package, the site's wheel and a fresh clone's editable install all
have them. At run time only Python's own :mod:`gettext` reads them: Babel is a tool of the build, not of
the player.

English is the source language: its words are the message ids themselves, so English output does not
change by a character. A language is chosen per call (:func:`words`), never globally.

>>> words("sv").gettext("Round {number}: {rules} rules.", number=2, rules="No Mercy")
'Runda 2: No Mercy-regler.'
>>> words("en").gettext("Round {number}: {rules} rules.", number=2, rules="No Mercy")
'Round 2: No Mercy rules.'
>>> words("fr").ngettext("{count} computer opponent", "{count} computer opponents", 3)
'3 adversaires virtuels'
>>> choose("sv-SE"), choose("zh-TW"), choose("de")[0]
(('sv', ''), ('zh-Hant', ''), 'en')
"""

from __future__ import annotations

import gettext as _gettext
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from nomercy.core.errors import NomercyError, brief

__all__ = ["LANGUAGES", "SOURCE", "DOMAIN", "PUZZLE_DOMAIN", "LOCALE_DIR", "puzzle_catalog", "LOCALES", "LanguageError", "Words", "N_", "words", "in_figures",
           "language", "choose", "placeholders", "plural_rule"]

SOURCE = "en"
"""The source language: its words are the message ids."""
LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska", "fr": "Français", "zh-Hant": "中文（繁體）"}
"""The languages a person can choose, by code, each named in its own words (as a language menu shows it)."""
LOCALES: dict[str, str] = {"sv": "sv", "fr": "fr", "zh-Hant": "zh_Hant"}
"""Each translated language's folder under :data:`LOCALE_DIR` (gettext's locale names)."""
DOMAIN = "nomercy"
"""The catalogs' file name: ``<locale>/LC_MESSAGES/nomercy.mo``."""
PUZZLE_DOMAIN = "puzzles"
"""The puzzles' texts, a catalog of their own (``<locale>/LC_MESSAGES/puzzles.mo``) that may be partly translated: a
puzzle is shown in a language only when every one of its texts is (:mod:`nomercy.puzzles.puzzle_languages`)."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class LanguageError(NomercyError):
    """A language code that is not one of :data:`LANGUAGES`, or a catalog that is missing."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs where it is defined; it is translated where it is shown."""
    return message


def placeholders(message: str) -> set[str]:
    """The named placeholders of a message: ``{name}``, ``{count}``.

    >>> sorted(placeholders("Catch {name}! {count} cards"))
    ['count', 'name']
    """
    return set(_PLACEHOLDER.findall(message))


_ELIDED = re.compile(r"\b([Dd]e|[Qq]ue|[Ll]orsque|[Pp]uisque|[Jj]usque) \{(\w+)\}")
"""French words that lose their e before a vowel (de Alex is d'Alex), where a placeholder follows them."""
_VOWEL_START = re.compile(r"([aeiouhàâäéèêëîïôöùûüœæ]|y[^aeiouy])", re.I)
"""How a name or a card's name starts when French elides before it: a vowel, a mute h (d'Hugo: names take the
mute h), or a y before a consonant (d'Yves; Yann's y is a consonant: de Yann). A digit never elides (de 11 cartes)."""


def elide(message: str, values: dict[str, Any]) -> str:
    """A French ``message`` with its de, que (lorsque, puisque, jusque) elided before a placeholder whose value
    starts with a vowel: the catalog writes ``la main de {player}``, and Alex's hand is ``la main d'Alex``.

    >>> elide("Main de {player}", {"player": "Alex"}), elide("Main de {player}", {"player": "Bo"})
    ("Main d'{player}", 'Main de {player}')
    >>> elide("pas de {player} ; que {who}", {"player": "Hugo", "who": "Yann"})
    "pas d'{player} ; que {who}"
    """
    def one(match: re.Match[str]) -> str:
        word, name = match.group(1), match.group(2)
        value = values.get(name)
        if isinstance(value, str) and _VOWEL_START.match(value):
            return f"{word[:-1]}'{{{name}}}"
        return match.group(0)

    return _ELIDED.sub(one, message)


_NUMBER_MARKS = {"sv": (",", "\u202f%"), "fr": (",", "\u202f%")}
"""How a language writes a number that the code writes the English way: its decimal mark, and what stands between a
number and its percent sign (Swedish and French: a decimal comma, "32 %" with a narrow no-break space)."""
_PERCENT = re.compile(r"(\d+)(?:\.(\d+))?%")


def in_figures(value: Any, lang: str) -> Any:
    """A placeholder's value as ``lang`` writes numbers: a share written ``"32%"`` (``f"{share:.0%}"``) or a decimal
    number (``0.56``) in Swedish and French is ``"32\u202f%"`` and ``"0,56"``; any other value, and every value in
    English and Chinese, as it is.

    >>> in_figures("32%", "fr"), in_figures(0.56, "sv"), in_figures("32%", "en"), in_figures("Bo", "fr"), in_figures(3, "fr")
    ('32\u202f%', '0,56', '32%', 'Bo', 3)
    """
    marks = _NUMBER_MARKS.get(lang)
    if marks is None:
        return value
    decimal, percent = marks
    if isinstance(value, float):
        return repr(value).replace(".", decimal) if value == value and abs(value) != float("inf") else value
    if isinstance(value, str) and "%" in value:
        return _PERCENT.sub(lambda m: m.group(1) + (decimal + m.group(2) if m.group(2) else "") + percent, value)
    return value


def _fill(message: str, fallback: str, values: dict[str, Any], lang: str = SOURCE) -> str:
    """``message`` with its placeholders filled (French's de and que elided before a vowel, :func:`elide`; a share or
    a decimal number written as the language writes it, :func:`in_figures`); a translation whose placeholders do
    not fit (the build refuses one, so this is a last guard) gives the English ``fallback`` instead, never an
    error."""
    if not values:
        return message
    if lang == "fr":
        message = elide(message, values)
    if lang in _NUMBER_MARKS:
        values = {key: in_figures(value, lang) for key, value in values.items()}
    try:
        return message.format_map(_Kept(values))
    except (IndexError, ValueError):
        return fallback.format_map(_Kept(values))


class _Kept(dict[str, Any]):
    """Values to fill a message with; a placeholder given no value stays as it is written (``{cards}``)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


PLURAL_RULES = {"en": "one", "sv": "one", "fr": "french", "zh-Hant": "none"}
"""How a count chooses its form, for the pages' JavaScript: the catalogs' Plural-Forms (Babel's, from CLDR) by name,
which a test holds equal to the catalogs' own. ``one``: the first form for 1, else the second; ``french``: the
first for 0 and 1, the second for whole millions ("1 000 000 de cartes"), else the third; ``none``: one form."""


def plural_rule(lang: str) -> str:
    """The name of ``lang``'s plural rule (:data:`PLURAL_RULES`)."""
    return PLURAL_RULES[language(lang)]


@dataclass(frozen=True)
class Words:
    """One language's words: :meth:`gettext` and :meth:`ngettext` with named placeholders."""

    lang: str
    _catalog: _gettext.NullTranslations

    def gettext(self, message: str, **values: Any) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``values``."""
        return _fill(self._catalog.gettext(message), message, values, self.lang)

    def ngettext(self, singular: str, plural: str, count: int, **values: Any) -> str:
        """The form of the message that agrees with ``count`` (``{count}`` is filled with it)."""
        english = singular if count == 1 else plural
        return _fill(self._catalog.ngettext(singular, plural, count), english, {"count": count, **values}, self.lang)

    def knows(self, message: str) -> bool:
        """Whether this language's catalog translates ``message`` (English knows none: its words are the messages)."""
        return message in getattr(self._catalog, "_catalog", {})

    def catalog(self) -> dict[str, Any]:
        """Every translated message, for a page's JavaScript: message id to its words, or to the list of its
        forms for a message with plural forms (keyed by the singular). English gives an empty catalog."""
        found: dict[str, Any] = {}
        for key, text in getattr(self._catalog, "_catalog", {}).items():
            if isinstance(key, tuple):
                found.setdefault(key[0], []).append((key[1], text))
            elif key:
                found[key] = text
        return {k: [t for _, t in sorted(v)] if isinstance(v, list) else v for k, v in found.items()}


def language(code: object) -> str:
    """``code`` if it is a language of :data:`LANGUAGES`; else :class:`LanguageError`, which says the choices.

    >>> language("fr")
    'fr'
    >>> language("xx")
    Traceback (most recent call last):
    ...
    nomercy.core.i18n.LanguageError: there is no language 'xx' here: the languages are en (English), sv (Svenska), fr (Français) and zh-Hant (中文（繁體）)
    """
    if isinstance(code, str) and code in LANGUAGES:
        return code
    names = [f"{c} ({n})" for c, n in LANGUAGES.items()]
    raise LanguageError(f"there is no language {brief(code)} here: the languages are "
                        f"{', '.join(names[:-1])} and {names[-1]}")


def choose(code: object) -> tuple[str, str]:
    """The language to show for ``code`` as a browser or a person names it (``sv-SE``, ``fr``, ``zh-TW``,
    ``ZH-hant``), and a note, in English, when it is not one of ours and English is shown instead (``""`` when
    it is). Never an error: a page or a command that is asked for an unknown language shows English."""
    if isinstance(code, str) and len(code) <= 35:
        tag = code.strip().replace("_", "-").lower()
        if tag == "en" or tag.startswith("en-"):
            return "en", ""
        for lang in ("sv", "fr"):
            if tag == lang or tag.startswith(lang + "-"):
                return lang, ""
        if tag == "zh" or tag.startswith("zh-"):  # a Chinese reader reads the traditional characters best of ours
            return "zh-Hant", ""
    names = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
    return "en", f"The language {brief(code)} is not one of this game's ({names}), so it is shown in English."


def _mo(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / f"{domain}.mo"


def words(lang: str = SOURCE) -> Words:
    """The words of ``lang`` (a code of :data:`LANGUAGES`; :class:`LanguageError` for any other)."""
    return _words(language(lang))


@lru_cache(maxsize=None)
def _words(lang: str) -> Words:
    """A language's catalog, read once."""
    if lang == SOURCE:
        return Words(lang, _gettext.NullTranslations())
    path = _mo(lang)
    try:
        with path.open("rb") as file:
            return Words(lang, _gettext.GNUTranslations(file))
    except FileNotFoundError:
        raise LanguageError(f"the {LANGUAGES[lang]} catalog is not compiled: install the package (pip install -e .) "
                            "or run: pybabel compile -d nomercy/locale -D nomercy") from None


def puzzle_catalog(lang: str = SOURCE) -> Words:
    """The puzzles' texts in ``lang`` (:data:`PUZZLE_DOMAIN`; :class:`LanguageError` for a code not of
    :data:`LANGUAGES`). A language with no puzzle translated yet (no ``puzzles.po``) has an empty catalog."""
    return _puzzle_words(language(lang))


@lru_cache(maxsize=None)
def _puzzle_words(lang: str) -> Words:
    if lang == SOURCE:
        return Words(lang, _gettext.NullTranslations())
    path = _mo(lang, PUZZLE_DOMAIN)
    try:
        with path.open("rb") as file:
            return Words(lang, _gettext.GNUTranslations(file))
    except FileNotFoundError:
        if path.with_suffix(".po").exists():
            raise LanguageError(f"the {LANGUAGES[lang]} puzzles' catalog is not compiled: install the package "
                                "(pip install -e .) or run: pybabel compile -d nomercy/locale -D puzzles") from None
        return Words(lang, _gettext.NullTranslations())


_MARKED = re.compile(r"<(\w+)\b[^>]*\sdata-i18n(?=[\s>])[^>]*>(.*?)</\1>", re.S)
_TITLE = re.compile(r'data-i18n-title="([^"]*)"')


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's extraction method for the site's pages (``babel.cfg``): the text of every element marked
    ``data-i18n``, its white space as a browser shows it (one space), which is the key the pages look up."""
    text = fileobj.read().decode("utf-8")
    for match in _MARKED.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield line, None, " ".join(match.group(2).split()), []
    for match in _TITLE.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, None, match.group(1), []
