"""What a person types, read once: a line, a whole number, yes/no/quit, a date. Every refusal is one line.

Text is read here and nowhere else, because Python reads some text differently than it looks: ``²`` and
``①`` pass ``str.isdigit()`` and then crash ``int()``, ``١٢`` (Arabic-Indic digits) and ``１２`` (full
width) are taken by ``int()`` as 12, a number of 5,000 digits stops ``int()`` at Python's digit limit,
``date.fromisoformat`` takes ``2026-W49-1`` as a week date, and bytes that are not UTF-8 come through
``sys.stdin`` as lone surrogates (``'\\udcff'``) that cannot even be printed back. So:

- a line is at most :data:`MAX_LINE` characters, of text (not undecodable bytes);
- a whole number is ASCII digits ``0``-``9`` (one sign allowed), its digit count checked before ``int()``,
  and its range checked here, with the range in the refusal;
- yes/no prompts take ``yes``/``y``, ``no``/``n`` and ``quit``/``q``/``exit`` (leave the table), nothing else;
- a date is ``YYYY-MM-DD`` and only that;
- a refusal quotes at most :data:`QUOTE_CHARS` characters of the input, unprintable characters as ``?``
  (:func:`nomercy.core.inputs.quote`), so a refusal is one short line that cannot move a terminal's cursor.

The checks of a value once read (a range, a date) are :mod:`nomercy.core.inputs`', the same the API uses.

>>> whole_number("42", "--seed", 0, 2**63 - 1)
42
>>> whole_number("²", "--seed", 0, 9)
Traceback (most recent call last):
...
nomercy.core.typed_text.TypedTextError: --seed is a whole number written with the digits 0 to 9, like 7; not '²'
>>> answer("Yes", ("yes", "no", "quit"))
'yes'
>>> quote("red\\u200b 7")
"'red? 7'"
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from typing import Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_
from nomercy.core.refusals import Refusal, refusal

__all__ = ["TypedTextError", "MAX_LINE", "QUOTE_CHARS", "MAX_DIGITS", "quote", "line", "whole_number", "answer",
           "iso_date", "ANSWERS"]

MAX_LINE = 200
"""The longest line a person types at the table (the longest move in notation is well under 100)."""

QUOTE_CHARS = 40
"""The most characters of a person's input a refusal repeats."""

MAX_DIGITS = 30
"""The most digits a typed whole number may have (every range here is far below 10**30)."""

ANSWERS = {"yes": ("yes", "y"), "no": ("no", "n"), "quit": ("quit", "q", "exit"), "uno": ("uno",), "": ("",)}
"""The words each prompt answer may be typed as (case and surrounding spaces ignored)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")


class TypedTextError(NomercyError):
    """A line, number, answer or date typed that is not one; the message says what is allowed."""


def quote(text: object, limit: int = QUOTE_CHARS) -> str:
    """``text`` named in a refusal: :func:`nomercy.core.inputs.quote` (cut short, unprintable characters as ``?``).

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    >>> quote("\\udcff\\udcfe")
    "'??'"
    """
    return inputs.quote(text, limit)


NOT_TEXT = N_("that line holds bytes that are not text (UTF-8): {value}; type it again")
TOO_LONG = N_("a line is at most {most} characters; that one is longer: {value}")
NOT_PRINTABLE = N_("that line holds characters that cannot be seen or printed ({value}); type it again")
TYPE_ONE_OF = N_("type {listed}, not {value}")


def line(text: str, what: str = "a line") -> str:
    """``text`` if it is a line a person may type: text (not bytes that are not UTF-8), at most :data:`MAX_LINE`.

    >>> line("plays red 7")
    'plays red 7'
    >>> line("\\udcffred")
    Traceback (most recent call last):
    ...
    nomercy.core.typed_text.TypedTextError: that line holds bytes that are not text (UTF-8): '?red'; type it again
    """
    if any("\ud800" <= c <= "\udfff" for c in text):
        raise TypedTextError(refusal(NOT_TEXT, value=quote(text)))
    if len(text) > MAX_LINE:
        english = (f"{what} is at most {MAX_LINE} characters; that one is longer: "
                   f"{quote(text[:QUOTE_CHARS])[:-1]}...'")
        raise TypedTextError(Refusal(TOO_LONG, {"most": MAX_LINE, "value": f"{quote(text[:QUOTE_CHARS])[:-1]}...'"},
                                     english) if what == "a line" else english)
    text = text.replace("\t", " ")
    if not text.isprintable() or inputs.hides_a_character(text):  # control, zero-width, a Hangul filler, a braille
        # blank: shown as ? (a filler alone was echoed back as a card that is no color)
        raise TypedTextError(refusal(NOT_PRINTABLE, value=quote(text)))
    return text


def is_number_like(text: str) -> bool:
    """Does ``text`` look like a number to a reader (any digits of any script, nothing else but a sign)?"""
    body = text.strip().lstrip("+-")
    return bool(body) and all(c.isdigit() or unicodedata.numeric(c, -1) != -1 for c in body)


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """The whole number ``text`` names, from ``low`` to ``high``: ASCII digits only, length checked before ``int()``.

    >>> whole_number(" 5 ", "--players", 2, 6)
    5
    >>> whole_number("9" * 5000, "--players", 2, 6)
    Traceback (most recent call last):
    ...
    nomercy.core.typed_text.TypedTextError: --players is a whole number from 2 to 6; not one of 5,000 digits
    """
    if not isinstance(text, str):
        raise TypedTextError(f"{what} is a whole number from {low} to {high}, like 7; not {quote(text)}")
    cleaned = text.strip()
    if not _WHOLE.fullmatch(cleaned):
        raise TypedTextError(f"{what} is a whole number written with the digits 0 to 9, like 7; not {quote(text)}")
    digits = len(cleaned.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise TypedTextError(f"{what} is a whole number from {low} to {high}; not one of {digits:,} digits")
    return inputs.whole_number(int(cleaned), what, low, high, error=TypedTextError)


def answer(text: str, allowed: Sequence[str]) -> str:
    """The answer ``text`` gives at a prompt that takes ``allowed`` (keys of :data:`ANSWERS`), or a refusal.

    >>> answer(" n ", ("yes", "no", "quit"))
    'no'
    >>> answer("maybe", ("yes", "no", "quit"))
    Traceback (most recent call last):
    ...
    nomercy.core.typed_text.TypedTextError: type yes, no or quit, not 'maybe'
    """
    said = text.strip().lower()
    for name in allowed:
        if said in ANSWERS[name]:
            return name
    names = [("Enter" if name == "" else name) for name in allowed]
    listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
    raise TypedTextError(f"type {listed}, not {quote(text)}")


def iso_date(text: object, what: str = "a date") -> datetime.date:
    """The date ``text`` names as ``YYYY-MM-DD`` (ASCII digits); any other form is refused, saying so.

    >>> iso_date("2026-12-03")
    datetime.date(2026, 12, 3)
    >>> iso_date("2026-W49-1")
    Traceback (most recent call last):
    ...
    nomercy.core.typed_text.TypedTextError: a date is a day written YYYY-MM-DD, like 2026-12-03, not '2026-W49-1'
    """
    if not isinstance(text, str):  # typed text only; a date value is the API's (inputs.date)
        raise TypedTextError(f"{what} is a day written YYYY-MM-DD, like 2026-12-03, not {quote(text)}")
    return inputs.date(text, what, error=TypedTextError)
