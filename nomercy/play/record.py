"""A game record, and the one place where a record that comes from outside is checked.

A :class:`GameRecord` is everything needed to replay a round: the rules themselves, the seats, the seed,
the dealer and the moves. Records come in from outside (the table's Import box, a saved game, a file a
person edited), so every record, however it is built, is checked here before anything uses it, and a
record that is not one is refused with one line that says what is wrong and what a record holds, in the
game's words, never in Python's:

>>> GameRecord.from_json('{"rules": "no-mercy", "seats": "ABC", "seed": 4, "moves": []}')
Traceback (most recent call last):
...
nomercy.core.errors.NomercyError: not a game record: seats is a list of seat names, like ["Ann", "Bo"], not the text 'ABC'
>>> GameRecord.from_json('{"rules": "no-mercy", "seats": ["A", "B"], "seed": 3.7, "moves": []}')
Traceback (most recent call last):
...
nomercy.core.errors.NomercyError: not a game record: a seed is a whole number from 0 to 9223372036854775807, like 7; not 3.7

What a record's moves do is checked when it is replayed (:meth:`nomercy.play.game.Game.from_record`),
move by move through the engine, which names the first move it refuses.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from dataclasses import dataclass
from typing import Any, Mapping

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, RulesError, brief
from nomercy.core.i18n import N_
from nomercy.core.refusals import Said, reason_of, said
from nomercy.core.moves import check_seat_names
from nomercy.core.rules import OPTIONS, PROFILES, ROUND_MOVE_LIMIT, RuleSet, check_dealable, ruleset
from nomercy.core.seeds import check_seed

__all__ = ["GameRecord", "RECORD_KEYS", "MAX_RECORD_CHARS", "check_table"]

RECORD_KEYS = ("rules", "overrides", "seats", "seed", "dealer", "moves")
"""The keys of a record in JSON; ``overrides`` and ``dealer`` may be left out."""

MAX_RECORD_CHARS = 2_000_000
"""The longest record text read: a round of the longest length the driver allows is well under this."""

_MAX_NAME = 40        # characters in a seat name or a rule set's name
_MAX_MOVE = 200       # characters in one move (the notation's longest move is under 60)
_MAX_DIGITS = 100     # digits in a number of a record (a seed); Python itself stops at 4,300


class _Refused(Exception):
    """Raised inside the JSON reader's hooks; turned into the one-line refusal."""


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: the rules themselves, seats, seed, dealer and moves.

    The rules are kept as a :class:`~nomercy.core.rules.RuleSet`, so a house RuleSet of your own replays as
    well as a named profile. In JSON they are a name and the options that differ from the profile of that
    name (from the printed No Mercy rules for a name that is not a profile):

    >>> house = dataclasses.replace(ruleset("no-mercy", stacking="anything-goes"), name="our-house")
    >>> record = GameRecord(house, ("A", "B"), 3, ())
    >>> record.overrides
    {'stacking': 'anything-goes'}
    >>> GameRecord.from_json(record.to_json()) == record
    True

    Every field is checked when a record is made (:func:`_check`): seats are distinct one-word names and
    as many as the rules seat, the seed is a whole number, the dealer is a seat number, moves are lines of
    text. Lists are kept as tuples, so a record is a value.
    """

    rules: RuleSet
    seats: tuple[str, ...]
    seed: int
    moves: tuple[str, ...]
    dealer: int | None = None

    def __post_init__(self) -> None:
        try:
            checked = _check(self.rules, self.seats, self.seed, self.moves, self.dealer)
        except _Refused as refused:
            raise NomercyError(said(N_("not a game record: {reason}"), reason=reason_of(refused))) from None
        for name, value in zip(("rules", "seats", "moves"), checked):
            object.__setattr__(self, name, value)

    @property
    def overrides(self) -> dict[str, Any]:
        """The options that differ from the profile the rules are named after."""
        return {option: mine for option, (mine, _) in self.rules.differences(_base_of(self.rules.name)).items()}

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data (what :meth:`from_data` reads): the rules' name and overrides, seats, seed,
        dealer and moves."""
        name, overrides = self.rules.name, self.overrides
        if name not in PROFILES and not overrides:
            name = _profile_like(self.rules)  # a house set that changes nothing reads back as what it plays
        return {
            "rules": name, "overrides": {k: _jsonable(v) for k, v in overrides.items()},
            "seats": list(self.seats), "seed": self.seed, "dealer": self.dealer, "moves": list(self.moves),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: Any) -> "GameRecord":
        """Read a record written by :meth:`to_json` (or by hand); anything else is refused in one line."""
        try:
            data = _read_json(text)
            return cls.from_data(data)
        except _Refused as refused:
            raise NomercyError(said(N_("not a game record: {reason}"), reason=reason_of(refused))) from None

    @classmethod
    def from_data(cls, data: Any) -> "GameRecord":
        """A record from JSON data already read (a mapping with the keys of :data:`RECORD_KEYS`)."""
        try:
            fields = _fields_of(data)
        except _Refused as refused:
            raise NomercyError(said(N_("not a game record: {reason}"), reason=reason_of(refused))) from None
        return cls(**fields)


# --- reading JSON --------------------------------------------------------------------------------------

def _read_json(text: Any) -> Any:
    """The JSON value of a record's text: strict JSON (no NaN, no repeated key, numbers of sane size)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise _Refused(said(N_("it is not text in UTF-8 (a record is the text Export record gives)"))) from None
    if not isinstance(text, str):
        raise _Refused(said(N_("a record is text, the JSON that Export record gives, not {value}"), value=brief(text)))
    if len(text) > MAX_RECORD_CHARS:
        raise _Refused(said(N_("it is {count} characters long; a record is at most {most}"), count=f"{len(text):,}",
                            most=f"{MAX_RECORD_CHARS:,}"))
    text = text.lstrip("\ufeff").strip()  # a byte-order mark from a file saved on Windows
    if not text:
        raise _Refused(said(N_("it is empty: paste the text Export record gives")))
    if not text.startswith("{"):
        raise _Refused(said(N_("a record is one JSON object, starting with {brace}, as Export record gives it"),
                            brace="'{'"))
    if not inputs.shallow_json(text):  # before the parser meets it: in a browser's Pyodide it ended the page's Python
        raise _Refused(said(N_("it is nested too deeply: a record is an object of names, numbers and lists")))
    try:
        return json.loads(text, object_pairs_hook=inputs.object_once, parse_constant=_no_constant, parse_int=_int,
                          parse_float=_float)
    except inputs.RepeatedKey as error:
        raise _Refused(said(N_("{key} is given twice"), key=inputs.quote(error.key))) from None
    except json.JSONDecodeError as error:
        raise _Refused(_where(error, text)) from None
    except RecursionError:
        raise _Refused(said(N_("it is nested too deeply: a record is an object of names, numbers and lists"))) from None


def _where(error: json.JSONDecodeError, text: str) -> Said:
    """A JSON syntax error in words, with where it is."""
    place = said(N_("line {line}, column {column}"), line=error.lineno, column=error.colno)
    if error.msg.startswith("Extra data"):
        return said(N_("there is more text after the record ends ({place}): paste one record"), place=place)
    if error.pos >= len(text) or error.msg.startswith("Unterminated"):
        return said(N_("it ends too early ({place}): part of the record is missing"), place=place)
    return said(N_("it is not valid JSON at {place}: paste the text Export record gives, unchanged"), place=place)


_NOT_A_NUMBER = N_("{word} is not a number a record holds: numbers are whole numbers, like 42")


def _no_constant(word: str) -> Any:
    raise _Refused(said(_NOT_A_NUMBER, word=word))


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise _Refused(said(N_("a number of {count} digits is too long: numbers in a record have at most {most} "
                               "digits"), count=len(digits.lstrip("-")), most=_MAX_DIGITS))
    return int(digits)


def _float(digits: str) -> float:
    number = float(digits)
    if number != number or number in (float("inf"), float("-inf")):
        raise _Refused(said(_NOT_A_NUMBER, word=digits[:20]))
    return number


# --- the record's fields -------------------------------------------------------------------------------

def _fields_of(data: Any) -> dict[str, Any]:
    """The constructor's arguments from a record's JSON data, its shape checked."""
    if not isinstance(data, Mapping):
        raise _Refused(said(N_("a record is one JSON object with {parts}, not {value}"), parts=", ".join(RECORD_KEYS),
                            value=_kind(data)))
    unknown = [key for key in data if key not in RECORD_KEYS]
    if unknown:
        raise _Refused(said(N_("{key} is not part of a game record: its parts are {parts}"), key=brief(unknown[0]),
                            parts=", ".join(RECORD_KEYS)))
    missing = [key for key in ("rules", "seats", "seed", "moves") if key not in data]
    if missing:
        raise _Refused(said(N_("it has no {parts}: a record names the rules, seats, seed and moves"),
                            parts=", ".join(missing)))
    name = data["rules"]
    if not isinstance(name, str):
        raise _Refused(said(N_("rules is the name of a rule set, like {example}, not {value}"), example='"no-mercy"',
                            value=_kind(name)))
    _check_name(name, said(N_("the rule set's name")))
    overrides = data.get("overrides")
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise _Refused(said(N_("overrides maps rule options to their values, like {example}, not {value}"),
                            example='{"stacking": "none"}', value=_kind(overrides)))
    for option, value in overrides.items():
        if not _is_option_value(value):
            raise _Refused(said(N_("the rule option {option} takes a word, a number, true or false, none, or a range "
                                   "like [2, 6], not {value}"), option=brief(option), value=_kind(value)))
        _check_written_form(option, value)
    if name not in PROFILES and not overrides:
        raise _Refused(said(N_("unknown rule profile {name}: choose one of {profiles} (a house rule set of its own name "
                               "lists the options it changes under overrides)"), name=brief(name),
                            profiles=", ".join(PROFILES)))
    try:
        rules = dataclasses.replace(_base_of(name).replace(**dict(overrides)), name=name)
    except RulesError as error:
        raise _Refused(_rules_reason(error)) from None
    for key, what in (("seats", said(N_("seat names"))), ("moves", said(N_("moves")))):
        if not isinstance(data[key], list):
            example = '["Ann", "Bo"]' if key == "seats" else '["Ann plays red 7", "Bo draws"]'
            raise _Refused(said(N_("{key} is a list of {what}, like {example}, not {value}"), key=key, what=what,
                                example=example, value=_kind(data[key])))
    return {"rules": rules, "seats": tuple(data["seats"]), "seed": data["seed"], "moves": tuple(data["moves"]),
            "dealer": data.get("dealer")}


def _check(rules: Any, seats: Any, seed: Any, moves: Any,
           dealer: Any) -> tuple[RuleSet, tuple[str, ...], tuple[str, ...]]:
    """Every field of a record, however it was built: the rules, seats and moves as they are kept."""
    if not isinstance(rules, RuleSet):
        if not isinstance(rules, str):
            raise _Refused(said(N_("the rules are a rule set or the name of one, like {example}, not {value}"),
                                example='"no-mercy"', value=_kind(rules)))
        try:
            rules = ruleset(rules)
        except RulesError as error:
            raise _Refused(_rules_reason(error)) from None
    try:
        check_dealable(rules)  # a record is always dealt: rules that cannot deal are refused as it is read
    except RulesError as error:
        raise _Refused(_rules_reason(error)) from None
    seats = _check_seats(seats, rules)
    _check_seed(seed)
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                               or not 0 <= dealer < len(seats)):
        raise _Refused(said(N_("the dealer is a seat number from 0 to {last} (or null: the last seat deals), not "
                               "{value}"), last=len(seats) - 1, value=_kind(dealer)))
    if isinstance(moves, (str, bytes)) or not isinstance(moves, (list, tuple)):
        raise _Refused(said(N_("moves is a list of moves, like {example}, not {value}"),
                            example='["Ann plays red 7", "Bo draws"]', value=_kind(moves)))
    if len(moves) > ROUND_MOVE_LIMIT:
        raise _Refused(said(N_("it has {count} moves; a round is at most {most}"), count=f"{len(moves):,}",
                            most=f"{ROUND_MOVE_LIMIT:,}"))
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str):
            raise _Refused(said(N_("move {number} is a line of text, like {example}, not {value}"), number=number,
                                example='"Ann plays red 7"', value=_kind(move)))
        if len(move) > _MAX_MOVE or not _is_clean(move):
            raise _Refused(said(N_("move {number} is not a move: a move is one short line, like {example}"),
                                number=number, example='"Ann plays red 7"'))
    return rules, tuple(seats), tuple(moves)


def _rules_reason(error: RulesError) -> str:
    """A refusal of the rules (an option, a profile, rules that cannot deal): the rules' own words in English, and in
    another language what is wrong with the record (the rules' messages are a rule set's, not a person's)."""
    return reason_of(error) if isinstance(reason_of(error), Said) else said(
        N_("its rules cannot be played: a rule set's name and the options it changes, as Export record writes them"),
        str(error))


def check_table(rules: RuleSet, seats: Any, seed: Any) -> None:
    """Refuse, in one line, seats and a seed that a record of the game could not hold (a table checks them
    when it is made, so that every game it plays can be saved and read back)."""
    try:
        _check_seats(seats, rules)
        _check_seed(seed)
    except _Refused as refused:
        raise NomercyError(reason_of(refused)) from None


def _check_seats(seats: Any, rules: RuleSet) -> tuple[str, ...]:
    """The seat names as a record keeps them (each in its composed Unicode form), how many checked first."""
    if isinstance(seats, (str, bytes)) or not isinstance(seats, (list, tuple)):
        raise _Refused(said(N_("seats is a list of seat names, like {example}, not {value}"), example='["Ann", "Bo"]',
                            value=_kind(seats)))
    low, high = rules.players
    if not low <= len(seats) <= high:
        raise _Refused(said(N_("{rules} is for {low} to {high} players, not {count}"), rules=rules.name, low=low,
                            high=high, count=len(seats)))
    try:
        return check_seat_names(tuple(seats))  # the core's one check of seat names
    except RulesError as error:
        raise _Refused(said(N_("its seats are different names of one word each, like {example}"), str(error),
                            example='["Ann", "Bo"]')) from None


def _check_seed(seed: Any) -> None:
    try:
        check_seed(seed)  # the core's one check of a seed
    except RulesError as error:
        raise _Refused(said(N_("its seed is a whole number, like 42, as Export record writes it"), str(error))) from None


def _check_name(name: str, what: str) -> None:
    if not name or not name.strip():
        raise _Refused(said(N_("{what} is a word, not empty"), what=what))
    if len(name) > _MAX_NAME:
        raise _Refused(said(N_("{what} is at most {most} characters, not {count}"), what=what, most=_MAX_NAME,
                            count=f"{len(name):,}"))
    if not _is_clean(name):
        raise _Refused(said(N_("{what} is letters, digits and signs, not {value} (it holds an invisible or broken "
                               "character)"), what=what, value=brief(name)))


def _is_clean(text: str) -> bool:
    """No control, format or surrogate characters (a right-to-left override, a NUL, half of an emoji)."""
    if text.isprintable():  # no character of those categories (nor a separator but the space): the usual text, at once
        return True
    return all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text)


_WRITTEN_FORMS = {"int": (N_("a number, like 7"), lambda v: isinstance(v, int) and not isinstance(v, bool)),
                  "optional-int": (N_("a number, like 25, or null"), lambda v: v is None or isinstance(v, int)
                                   and not isinstance(v, bool)),
                  "bool": (N_("true or false"), lambda v: isinstance(v, bool)),
                  "range": (N_("two numbers, like [2, 6]"), lambda v: isinstance(v, list)),
                  "choice": (N_("a word in quotes, like \"none\""), lambda v: isinstance(v, str))}
"""How a record writes an option's value in JSON, by the option's kind (:meth:`GameRecord.to_json`), and a test of
it. The rules read an option's value from text as well (``--set hand_size=7``, a puzzle's YAML); a record holds
only what it writes, so a save edited to ``"hand_size": "7"`` is refused rather than read as 7."""


def _check_written_form(option: Any, value: Any) -> None:
    """``value`` as a record writes the rule option ``option``, or a refusal that says how it is written (an option
    that does not exist is left to the rules, which name the options)."""
    info = OPTIONS.get(option.replace("-", "_")) if isinstance(option, str) else None
    if info is None or info.kind not in _WRITTEN_FORMS:
        return
    form, written = _WRITTEN_FORMS[info.kind]
    if not written(value):
        shown = said(N_("the text {value}"), value=brief(value)) if isinstance(value, str) else _kind(value)
        raise _Refused(said(N_("the rule option {option} is written as {form}, not {value}"), option=option,
                            form=said(form), value=shown))


def _is_option_value(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return not isinstance(value, str) or (len(value) <= _MAX_NAME and _is_clean(value))
    if isinstance(value, float):
        return True
    return isinstance(value, list) and len(value) <= 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _kind(value: Any) -> str:
    """A value as a person reads it in a refusal: the text, the number, or what kind of thing it is."""
    if isinstance(value, str):
        return said(N_("the text {value}"), value=brief(value))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return brief(value)
    if isinstance(value, Mapping):
        return said(N_("an object"), "an object {...}")
    if isinstance(value, (list, tuple)):
        return said(N_("a list"), "a list [...]")
    return said(N_("a value of another kind ({kind})"), f"a {type(value).__name__}", kind=type(value).__name__)


def _base_of(name: str) -> RuleSet:
    """The profile a rule set's name refers to, or the printed No Mercy rules for a house name."""
    return PROFILES.get(name) or RuleSet()


def _profile_like(rules: RuleSet) -> str:
    """The name of the profile ``rules`` plays exactly like (the printed rules' name if none)."""
    for name, profile in PROFILES.items():
        if not rules.differences(profile):
            return name
    return RuleSet().name


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
