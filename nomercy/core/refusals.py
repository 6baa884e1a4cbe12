"""Why a move is refused, as whole messages of the catalogs: the English a refusal always had, and the message and
values it was made from, so that a table in another language says it again (:func:`refusal_words`).

A checker of :mod:`nomercy.core.legality` returns a :class:`Refusal`: a ``str`` (its English words, unchanged by a
character, which every caller and test already reads) that also keeps its message (an English sentence with
named placeholders, marked ``N_`` for the catalogs) and the values behind it (seats by name, cards and colors as
values). A refusal whose subject is a seat has two messages, one for a seat by its name and one for the seat
called You, since French conjugates for it and Swedish changes the pronoun, as the event sentences do
(:mod:`nomercy.core.said`). A card or a color is named in the table's language when the refusal is shown, never
taken apart from the English.

>>> from nomercy.core.cards import Card
>>> said = refused(PLAYS_NOT_FITTING, "You", card=Card.parse("red 7"), top=Card.parse("blue 3"),
...                color=Card.parse("blue 1").color)
>>> said
'You cannot play red 7 on blue 3: it matches neither the color (the color in force is blue) nor the number or symbol'
>>> refusal_words(said, "sv")
'Du kan inte lägga röd 7 på blå 3: det passar varken färgen (färgen som gäller är blå) eller siffran eller symbolen'
>>> refusal_words("a refusal of no catalog", "fr")
'a refusal of no catalog'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NomercyError, quote
from nomercy.core.i18n import N_, SOURCE, language, placeholders, words
from nomercy.core.said import COLOR_WORDS, card_name
from nomercy.core.wording import is_you

__all__ = ["Said", "said", "plain", "Count", "Joined", "Refusal", "refused", "refusal", "turn_refusal", "refusal_words", "reason_of"]


class Said(str):
    """English words (the ``str`` itself, as the code always wrote them) with the ``message`` and ``values`` they were
    made from, so a table in another language says them again (:func:`refusal_words`). A value is said in the
    language too: a card, a color, the seat called You, another :class:`Said` (a clause of the sentence), or any
    value with a ``said_in(lang)`` method (a count of things, a move); a name or a number stays as it is."""

    message: str
    values: Mapping[str, Any]

    def __new__(cls, message: str, values: Mapping[str, Any], english: str | None = None) -> "Said":
        if not isinstance(message, str) or not isinstance(values, Mapping) or not all(
                isinstance(k, str) for k in values) or not isinstance(english, (str, type(None))):
            raise NomercyError(f"a sentence to say again is a message (text), its values by name and perhaps its "
                               f"English (text); not {quote(message)}, {quote(values)}, {quote(english)}")
        missing = placeholders(message) - set(values)
        if missing:
            raise NomercyError(f"the message {quote(message)} has no value for {', '.join(sorted(missing))}")
        if english is None:
            try:
                english = message.format(**values)
            except (IndexError, KeyError, ValueError):
                raise NomercyError(f"the message {quote(message)} is not a message with named placeholders, like "
                                   "'{player} holds no {card}'") from None
        made = super().__new__(cls, english)
        made.message, made.values = message, dict(values)
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # (a copy or a pickle makes it again from all it holds)
        return self.message, self.values, str.__str__(self)

    def said_in(self, lang: str) -> str:
        """These words in ``lang`` (:func:`refusal_words`)."""
        return refusal_words(self, lang)


def plain(value: Any) -> Any:
    """``value`` (dicts, lists and texts) with every :class:`Said` as the plain text of its English: what a file
    writer that knows only ``str`` (YAML's) is given."""
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value) if isinstance(value, list) else tuple(map(plain, value))
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    return value


def said(message: str, english: str | None = None, **values: Any) -> Said:
    """A :class:`Said` of ``message`` and ``values``; its English is the message filled, or ``english`` where the
    English differs (a verb that agrees with a seat called You, the code's own wording kept word for word)."""
    return Said(message, values, english)


@dataclass(frozen=True)
class Count:
    """A number of things in the form that agrees with it: ``one`` and ``many`` are a message with plural forms
    (``{count} card``, ``{count} cards``), ``values`` fill its other placeholders; English as
    :func:`~nomercy.core.wording.plural` writes it, another language by the catalog's plural forms.

    >>> str(Count(3, "{count} card", "{count} cards")), Count(1, "{count} card", "{count} cards").said_in("fr")
    ('3 cards', '1 carte')
    """

    number: int
    one: str
    many: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """A count is of things: a whole number, 0 or more (never a yes, a fraction or NaN), with its two texts."""
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 0 or not isinstance(
                self.one, str) or not isinstance(self.many, str) or not isinstance(self.values, Mapping):
            raise NomercyError(f"a count is a whole number of things, 0 or more, with its message for one and for many "
                               f"(texts); not {quote(self.number)}, {quote(self.one)}, {quote(self.many)}")

    def __str__(self) -> str:
        return (self.one if self.number == 1 else self.many).format(count=self.number, **self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, lang: str) -> str:
        if language(lang) == SOURCE:
            return str(self)
        values = {key: _value(value, lang) for key, value in self.values.items()}
        return words(lang).ngettext(self.one, self.many, self.number, **values)


@dataclass(frozen=True)
class Joined:
    """Values one after the other: in English joined by ``between`` (", ", " or ", "; "), in another language by
    the catalog's ``message`` (``{items}, {item}``), one value at a time."""

    items: tuple[Any, ...]
    between: str
    message: str

    def __str__(self) -> str:
        return self.between.join(map(str, self.items))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said_in(self, lang: str) -> str:
        if language(lang) == SOURCE:
            return str(self)
        shown = [str(_value(item, lang)) for item in self.items]
        text = shown[0] if shown else ""
        for item in shown[1:]:
            text = words(lang).gettext(self.message, items=text, item=item)
        return text


class Refusal(Said):
    """The English words of a refusal (the ``str`` itself), with the ``message`` and ``values`` they were made from."""


# Each pair: the message for a seat by its name ({player}), then for the seat called You. The English of the You
# message is the seat's name where it says "You" (a seat may be called "you"), as the checkers always wrote it.
_Pair = tuple[str, str]

NO_STACKING: _Pair = (
    N_("{player} cannot play {card} now: {count} cards are pending and these rules allow no stacking, so they must "
       "be drawn"),
    N_("You cannot play {card} now: {count} cards are pending and these rules allow no stacking, so they must be "
       "drawn"))
ONLY_DRAW_CARDS: _Pair = (
    N_("{player} cannot play {card} now: {count} cards are pending and only a draw card answers them"),
    N_("You cannot play {card} now: {count} cards are pending and only a draw card answers them"))
DRAW_CARD_WORTH: _Pair = (
    N_("{player} cannot play {card} now: a +{least} is pending and only a draw card worth +{least} or more answers it"),
    N_("You cannot play {card} now: a +{least} is pending and only a draw card worth +{least} or more answers it"))
COLORED_DRAW_WORTH: _Pair = (
    N_("{player} cannot answer {top} with {card}: a colored draw card must be worth at least +{least} (any wild draw "
       "card would do)"),
    N_("You cannot answer {top} with {card}: a colored draw card must be worth at least +{least} (any wild draw card "
       "would do)"))
STACKED_WORTH: _Pair = (
    N_("{player} cannot answer {top} with {card}: a stacked draw card must be worth at least +{least}"),
    N_("You cannot answer {top} with {card}: a stacked draw card must be worth at least +{least}"))
PLAYS_NOT_FITTING: _Pair = (
    N_("{player} cannot play {card} on {top}: it matches neither the color (the color in force is {color}) nor the "
       "number or symbol"),
    N_("You cannot play {card} on {top}: it matches neither the color (the color in force is {color}) nor the number "
       "or symbol"))
PLAYS_NOT_FITTING_NO_COLOR: _Pair = (
    N_("{player} cannot play {card} on {top}: it matches neither the color (no color is in force) nor the number or "
       "symbol"),
    N_("You cannot play {card} on {top}: it matches neither the color (no color is in force) nor the number or "
       "symbol"))
MUST_NAME_COLOR_WITH: _Pair = (
    N_("{player} must name a color with {card} (say 'choosing red', for example)"),
    N_("You must name a color with {card} (say 'choosing red', for example)"))
VICTIM_NAMES: _Pair = (
    N_("{player} cannot name a color with {card}: its victim names the color"),
    N_("You cannot name a color with {card}: its victim names the color"))
NOT_A_WILD: _Pair = (
    N_("{card} is not a wild: {player} names no color with it"),
    N_("{card} is not a wild: You name no color with it"))
ONLY_DISCARD_ALL_TOP: _Pair = (
    N_("only a discard-all under 'discard_all_top: choose' lets {player} pick the top card"),
    N_("only a discard-all under 'discard_all_top: choose' lets You pick the top card"))
DROP_LEAVING: _Pair = (
    N_("the discard-all lies on top unless {player} leaves another card there: drop 'leaving {card} on top'"),
    N_("the discard-all lies on top unless You leave another card there: drop 'leaving {card} on top'"))
OWN_COLOR_TOP: _Pair = (
    N_("{player} can only leave one of their own {color} cards on top, not {top}"),
    N_("You can only leave one of your own {color} cards on top, not {top}"))
LAST_SEVEN: _Pair = (
    N_("{player} plays their last card and wins at once: a last 7 swaps with nobody"),
    N_("You play your last card and win at once: a last 7 swaps with nobody"))
SEVENS_OFF: _Pair = (
    N_("sevens swap nothing under these rules (seven_swap: off), so {player} names no target"),
    N_("sevens swap nothing under these rules (seven_swap: off), so You name no target"))
ONLY_SEVENS_SWAP: _Pair = (
    N_("only a 7 swaps hands; {player} names no target with {card}"),
    N_("only a 7 swaps hands; You name no target with {card}"))
NO_SUCH_TARGET: _Pair = (
    N_("{player} cannot swap hands with seat {value}: a 7 swaps with another player still in ({seats})"),
    N_("You cannot swap hands with seat {value}: a 7 swaps with another player still in ({seats})"))
SWAP_SELF: _Pair = (
    N_("{player} cannot swap hands with themselves"),
    N_("You cannot swap hands with yourself"))
TARGET_OUT = N_("{target} is out of the round and cannot be a swap target")
MUST_SWAP: _Pair = (
    N_("{player} must swap hands with another player when playing a 7 (say 'swapping with B', for example)"),
    N_("You must swap hands with another player when playing a 7 (say 'swapping with B', for example)"))
ROUND_OVER = N_("the round is over")
OUT_OF_ROUND: _Pair = (N_("{player} is out of the round"), N_("You are out of the round"))
HOLDS_NO: _Pair = (N_("{player} holds no {card}"), N_("You hold no {card}"))
NO_JUMP_IN = (N_("it is {turn}'s turn, not {player}'s (jump-in is off)"),
              N_("it is {turn}'s turn, not yours (jump-in is off)"),
              N_("it is your turn, not {player}'s (jump-in is off)"))
NOT_NOW_JUMP_IN: _Pair = (
    N_("{player} cannot jump in now: {turn} must finish what the rules ask first"),
    N_("You cannot jump in now: {turn} must finish what the rules ask first"))
JUMP_IN_IDENTICAL: _Pair = (
    N_("{player} can only jump in with a card identical to {top}"),
    N_("You can only jump in with a card identical to {top}"))
ROULETTE_COLOR_FIRST: _Pair = (
    N_("{player} must name a color for the roulette first"),
    N_("You must name a color for the roulette first"))
FIRST_WILD_COLOR_FIRST: _Pair = (
    N_("{player} must name the color for the wild turned up first"),
    N_("You must name the color for the wild turned up first"))
ONLY_THE_DRAWN: _Pair = (
    N_("{player} may only play the card just drawn, {card}"),
    N_("You may only play the card just drawn, {card}"))
NOT_YOUR_TURN = (N_("it is {turn}'s turn, not {player}'s"), N_("it is {turn}'s turn, not yours"),
                 N_("it is your turn, not {player}'s"))
DRAWN_MUST_PLAY: _Pair = (
    N_("{player} has drawn {card} and must play it"),
    N_("You have drawn {card} and must play it"))
ALREADY_DREW: _Pair = (  # "keep the card", as the tables' button says it (never "pass", a word no button has)
    N_("{player} has already drawn: play {card} or keep the card"),
    N_("You have already drawn: play {card} or keep the card"))
NAME_COLOR_FIRST: _Pair = (N_("{player} must name a color first"), N_("You must name a color first"))
MUST_PLAY: _Pair = (
    N_("{player} can play {card}, and under these rules a player who can play must play (classic UNO lets a player "
       "draw instead)"),
    N_("You can play {card}, and under these rules a player who can play must play (classic UNO lets you draw "
       "instead)"))
NOTHING_TO_DRAW: _Pair = (
    N_("no card is left anywhere to draw, and {player} can play {card}"),
    N_("no card is left anywhere to draw, and You can play {card}"))
DRAWN_IS_PLAYED: _Pair = (
    N_("{player} must play the drawn {card}: under these rules a drawn playable card is played"),
    N_("You must play the drawn {card}: under these rules a drawn playable card is played"))
PASS_AFTER_DRAW: _Pair = (
    N_("{player} can only pass after drawing a card that may be kept"),
    N_("You can only pass after drawing a card that may be kept"))
NO_COLOR_TO_NAME: _Pair = (
    N_("no color is to be named now ({player} names a color only as a roulette's victim or after a wild first card)"),
    N_("no color is to be named now (You name a color only as a roulette's victim or after a wild first card)"))
OTHER_NAMES_COLOR = N_("{turn} names the color, not {player}")
YOU_NAME_COLOR = N_("You name the color, not {player}")
UNO_AT_ONE: _Pair = (
    N_("{player} holds {count} cards; UNO is called at one card"),
    N_("You hold {count} cards; UNO is called at one card"))
NOTHING_TO_CALL: _Pair = (
    N_("{player} has nothing to call: UNO was already called, or a move has been made since {player} reached one "
       "card"),
    N_("You have nothing to call: UNO was already called, or a move has been made since You reached one card"))
NO_SUCH_CATCH: _Pair = (
    N_("{player} cannot catch seat {value}: the seats are 0 to {last} ({seats})"),
    N_("You cannot catch seat {value}: the seats are 0 to {last} ({seats})"))
CATCH_SELF: _Pair = (N_("{player} cannot catch themselves"), N_("You cannot catch yourself"))
NOTHING_TO_CATCH: _Pair = (
    N_("{player} holds {count} cards, not one: there is nothing to catch"),
    N_("You hold {count} cards, not one: there is nothing to catch"))
NOT_CATCHABLE: _Pair = (
    N_("{player} cannot be caught: {player} called UNO, or a move has been made since {player} reached one card"),
    N_("You cannot be caught: You called UNO, or a move has been made since You reached one card"))
NO_BLUFF: _Pair = (
    N_("{player} cannot challenge: with no_bluff a wild +4 may always be played and nobody may challenge it"),
    N_("You cannot challenge: with no_bluff a wild +4 may always be played and nobody may challenge it"))
NOTHING_TO_CHALLENGE = N_("there is no wild +4 for {player} to challenge")
ONLY_TARGET_CHALLENGES = N_("only {turn}, the target of the wild +4, may challenge it")
NO_SUCH_SEAT = N_("there is no seat {value}: the seats are 0 to {last} ({seats})")


def refused(pair: _Pair, player: str, **values: Any) -> Refusal:
    """The refusal of ``pair`` whose subject is the seat ``player``: its message for the seat called You when
    ``player`` is that seat (its English says the seat's own name where it says "You"), else the other."""
    other, you = pair
    if not is_you(player):
        return Refusal(other, {"player": player, **values})
    return Refusal(you, values, you.replace("You", player).format(**values))


def refusal(message: str, **values: Any) -> Refusal:
    """The refusal of one ``message`` with its ``values`` (a seat in it is said as the language's 'you' when it is
    the seat called You; a message that says "You" itself is the English of that seat, whose name it writes)."""
    english = message
    for name in values.values():  # a seat called "you" by another case is written as it is called
        if isinstance(name, str) and is_you(name) and "You" in message:
            english = message.replace("You", name)
    return Refusal(message, values, english.format(**values))


def turn_refusal(pairs: tuple[str, str, str], turn: str, player: str, **values: Any) -> Refusal:
    """A refusal that names whose turn it is (``turn``) and who tried (``player``): ``pairs`` are its message for
    two seats by name, for the seat called You trying, and for the seat called You whose turn it is."""
    named, you_tried, your_turn = pairs
    if is_you(player):
        return Refusal(you_tried, {"turn": turn, **values})
    if is_you(turn):
        return Refusal(your_turn, {"player": player, **values})
    return Refusal(named, {"turn": turn, "player": player, **values})


def reason_of(error: BaseException) -> str:
    """The refusal an error carries (a :class:`Said`, a :class:`Refusal`, which keeps its message), or its words."""
    given = error.args[0] if error.args else None
    return given if isinstance(given, Said) and str(error) == given else str(error)


def refusal_words(reason: str, lang: str) -> str:
    """``reason`` in ``lang``: a :class:`Said` (a :class:`Refusal`, the coach's words) said again from its message
    and values, another text through the catalog (a message without placeholders), or as it is when no catalog
    holds it. English: ``reason`` as it is."""
    lang = language(lang)
    if lang == SOURCE or not isinstance(reason, str) or not reason.strip():
        return reason  # (the empty message is a catalog's header: never looked up)
    said = words(lang)
    if not isinstance(reason, Said):
        return said.gettext(reason)
    return _capital(_said(reason, lang))


def _said(reason: Said, lang: str) -> str:
    """``reason`` said again in ``lang`` as it reads inside another sentence (no capital added)."""
    values = {key: _value(value, lang) for key, value in reason.values.items()}
    return words(lang).gettext(reason.message, **values)


def _value(value: Any, lang: str) -> Any:
    """A refusal's value in ``lang``: a clause (:class:`Said`) or a value with ``said_in`` said in it, a card or a
    color in the language's words, the seat called You as the language's 'you', anything else (a name, a number, a
    quoted value) as it is."""
    if isinstance(value, Said):
        return _said(value, lang)
    if callable(getattr(value, "said_in", None)):
        return value.said_in(lang)
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, Color):
        return words(lang).gettext(COLOR_WORDS[value])
    if isinstance(value, str) and is_you(value):
        return words(lang).gettext(N_("you"))
    return value


def _capital(text: str) -> str:
    """A refusal in another language starts with a capital (the English starts as the checkers wrote it)."""
    return text[:1].upper() + text[1:]
