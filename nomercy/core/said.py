"""The engine's sentences in the languages of the catalogs: cards, colors and every event, from the event's fields.

An event's English ``sentence`` (:mod:`nomercy.core.events`) stays what it is, word for word: :func:`sentence` gives it
unchanged for English. In another language the sentence is made here from the event's fields, through whole
messages of the gettext catalogs (:mod:`nomercy.core.i18n`), never English fragments glued together: each message
is an English sentence with named placeholders, and a sentence whose subject is the seat called You has its own
message ("You play {card}.") because French conjugates for it and Swedish changes the pronoun ("du", "dig"). A
card is named with the language's card words, which follow the term tables of ``nomercy/teaching/terms``
(``docs/terms-*.md``): "röd dra-två", "Passer rouge", "紅色跳過".

>>> from nomercy.core.cards import Card
>>> from nomercy.core.events import CardPlayed, CardsDrawn
>>> sentence(CardPlayed(player="Alex", card=Card.parse("red +2")), "sv")
'Alex lägger röd dra-två.'
>>> sentence(CardsDrawn(player="You", count=3), "fr")
'Vous piochez 3 cartes.'
>>> sentence(CardPlayed(player="You", card=Card.parse("wild +4"), color=Card.parse("blue 1").color), "zh-Hant")
'你打出萬用加四，選了藍色。'
>>> sentence(CardPlayed(player="You", card=Card.parse("red 5")), "en")
'You play red 5.'
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from nomercy.core import events as ev
from nomercy.core import inputs
from nomercy.core.cards import Card, Color, Rank
from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_, SOURCE, Words, language, words
from nomercy.core import seat_words
from nomercy.core.wording import is_you

__all__ = ["sentence", "card_name", "translated", "FACE_WORDS", "COLOR_WORDS"]

FACE_WORDS = {"skip": N_("skip"), "reverse": N_("reverse"), "+2": N_("+2"), "+4": N_("+4"), "skip-all": N_("skip-all"),
              "discard-all": N_("discard-all"), "wild": N_("wild"), "wild +4": N_("wild +4"),
              "wild reverse +4": N_("wild reverse +4"), "wild +6": N_("wild +6"), "wild +10": N_("wild +10"),
              "wild roulette": N_("wild roulette")}
"""Every face that is not a number, by its notation, as a message: the card's name in a language (a term table's)."""
COLOR_WORDS = {Color.RED: N_("red"), Color.YELLOW: N_("yellow"), Color.GREEN: N_("green"), Color.BLUE: N_("blue")}
_COLORED = N_("{color} {face}")  # a colored card: the order of color and face is the language's ("5 rouge")
_LIST_TWO = N_("{first} and {last}")
_LIST_MORE = N_("{first}, {rest} and {last}")
_LIST_ITEM = N_("{items}, {item}")  # the list's middle, one card at a time: "röd 5, röd 7"
_THEN = N_("{sentence} {next}")  # two sentences one after the other (no space between them in Chinese)


def _color(color: Color, lang: str) -> str:
    """A color in ``lang``: 'röd', 'rouge', '紅色'."""
    return words(lang).gettext(COLOR_WORDS[color])


def card_name(card: Card, lang: str) -> str:
    """A card in ``lang``, as its players name it: 'röd 5', 'Passer rouge', '萬用加四'; its notation in English.

    >>> card_name(Card.parse("y skip-all"), "fr"), card_name(Card.parse("wild +6"), "sv")
    ('Passer tout le monde jaune', 'dra-sex')
    """
    inputs.one_of_kind(card, Card, "a card (Card.parse('red 5'))")
    return _card(card, language(lang))


def _card(card: Card, lang: str) -> str:
    if lang == SOURCE:
        return str(card)
    said = words(lang)
    face = card.rank.value if card.rank.is_number else said.gettext(FACE_WORDS[card.rank.value])
    if card.color is None:
        return face
    return said.gettext(_COLORED, color=said.gettext(COLOR_WORDS[card.color]), face=face)


def _cards(cards: Iterable[Card], lang: str) -> str:
    """Cards in ``lang`` as a list a sentence holds: 'röd 5, röd 7 och röd dra-två'."""
    names = [_card(c, lang) for c in cards]
    said = words(lang)
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return said.gettext(_LIST_TWO, first=names[0], last=names[1])
    rest = names[1]
    for name in names[2:-1]:
        rest = said.gettext(_LIST_ITEM, items=rest, item=name)
    return said.gettext(_LIST_MORE, first=names[0], rest=rest, last=names[-1])


def sentence(event: ev.Event, lang: str) -> str:
    """``event``'s sentence in ``lang``: its English ``sentence`` itself for English, else the catalog's words."""
    inputs.one_of_kind(event, ev.Event, "an event of the engine (what a move did)")
    return _sentence(event, language(lang))


def _sentence(event: ev.Event, lang: str) -> str:
    if lang == SOURCE:
        return event.sentence
    say = _SAYERS.get(type(event))
    return say(event, words(lang), lang) if say is not None else event.sentence


def translated(lines: list[dict[str, Any]], events: Iterable[ev.Event], lang: str) -> list[dict[str, Any]]:
    """A table's log ``lines`` with their sentences in ``lang``: each event's line through :func:`sentence` (the
    line holds the event's English sentence, so ``events``, the round's, say which), each other line's through
    the catalog; a line that no catalog holds keeps its words. English: the lines themselves."""
    lang = language(lang)
    lines = list(inputs.items(lines, "the log's lines (as table.log_lines gives them)", most=1_000_000))
    if any(not isinstance(line, dict) or not isinstance(line.get("sentence", ""), str) for line in lines):
        raise NomercyError("each log line is a dict with its sentence, as table.log_lines gives them")
    if lang == SOURCE:
        return lines
    said, by_english = words(lang), {}
    for event in inputs.items(events, "the round's events (table.transcript().events)", most=1_000_000):
        inputs.one_of_kind(event, ev.Event, "an event of the engine (what a move did)")
        by_english[event.sentence] = event
    shown = []
    for line in lines:
        english = line.get("sentence", "")
        event = by_english.get(english)
        text = _sentence(event, lang) if event is not None else said.gettext(english) if english else english
        shown.append({**line, "sentence": text} if text != english else line)
    return shown


# ---------------------------------------------------------------------------------------------- each event's words

_Sayer = Callable[[Any, Words, str], str]


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for the catalogs (``-k n_:1,2``): its English singular and plural."""
    return singular, plural


def _by(name: str, other: str, you: str, said: Words, **values: Any) -> str:
    """The message for a subject seat ``name``: ``you`` when it is the seat called You, else ``other`` (with
    ``{player}`` filled) (:func:`nomercy.core.seat_words.about`)."""
    return seat_words.about(name, other, you, said.lang, **values)


def _by_n(name: str, other: tuple[str, str], you: tuple[str, str], count: int, said: Words, **values: Any) -> str:
    return seat_words.about_n(name, other, you, count, said.lang, **values)


def _game_started(e: Any, said: Words, lang: str) -> str:
    deals = _by_n(e.dealer, n_("{player} deals {count} card to every player.",
                               "{player} deals {count} cards to every player."),
                  n_("You deal {count} card to every player.", "You deal {count} cards to every player."),
                  e.hand_size, said)
    starts = _by(e.first_player, N_("{player} starts."), N_("You start."), said)
    return said.gettext(_THEN, sentence=deals, next=starts)


def _first_card(e: Any, said: Words, lang: str) -> str:
    text = said.gettext(N_("The first card turned up is {card}."), card=_card(e.card, lang))
    if e.buried:
        buried = said.ngettext("Before it came {cards}; it stays buried without effect.",
                               "Before it came {cards}; they stay buried without effect.", len(e.buried),
                               cards=_cards(e.buried, lang))
        text = said.gettext(_THEN, sentence=text, next=buried)
    return text


def _first_card_returned(e: Any, said: Words, lang: str) -> str:
    return said.gettext(N_("{card} may not start the discard pile: it goes back into the deck and another card is "
                           "turned."), card=_card(e.card, lang))


_A_CARD = N_("a card played: {card}")
_A_ROULETTE = N_("a wild roulette played: {card}")
"""A card as a sentence of play names it, with the article its language puts before it ("Sam pose un Passer vert";
the roulette the one card French makes feminine: une Roulette des couleurs). Only the other languages say these:
an English sentence is the event's own."""


def _card_played(e: Any, said: Words, lang: str) -> str:
    card = said.gettext(_A_ROULETTE if e.card.rank is Rank.WILD_ROULETTE else _A_CARD, card=_card(e.card, lang))
    if e.color is not None:
        return _by(e.player, N_("{player} plays {card} and names {color}."), N_("You play {card} and name {color}."),
                   said, card=card, color=_color(e.color, lang))
    return _by(e.player, N_("{player} plays {card}."), N_("You play {card}."), said, card=card)


def _jumped_in(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} jumps in out of turn with an identical {card}; play goes on from {player}."),
               N_("You jump in out of turn with an identical {card}; play goes on from you."), said,
               card=_card(e.card, lang))


_STACK_WORDS = {
    "none": n_("{count} card is now pending for {player}, who must draw it and lose the turn.",
               "{count} cards are now pending for {player}, who must draw them and lose the turn."),
    "anything-goes": n_("{count} card is now pending for {player}: answer with any draw card, or draw it.",
                        "{count} cards are now pending for {player}: answer with any draw card, or draw them all."),
    "wilds-on-anything": n_("{count} card is now pending for {player}: answer with a wild draw card, or a colored one "
                             "worth +{minimum} or more, or draw it.",
                             "{count} cards are now pending for {player}: answer with a wild draw card, or a colored "
                             "one worth +{minimum} or more, or draw them all."),
    "official": n_("{count} card is now pending for {player}: answer with a draw card worth +{minimum} or more, or "
                    "draw it.",
                    "{count} cards are now pending for {player}: answer with a draw card worth +{minimum} or more, or "
                    "draw them all."),
}
_STACK_WORDS_YOU = {
    "none": n_("{count} card is now pending for you: you must draw it and lose the turn.",
               "{count} cards are now pending for you: you must draw them and lose the turn."),
    "anything-goes": n_("{count} card is now pending for you: answer with any draw card, or draw it.",
                        "{count} cards are now pending for you: answer with any draw card, or draw them all."),
    "wilds-on-anything": n_("{count} card is now pending for you: answer with a wild draw card, or a colored one "
                             "worth +{minimum} or more, or draw it.",
                             "{count} cards are now pending for you: answer with a wild draw card, or a colored "
                             "one worth +{minimum} or more, or draw them all."),
    "official": n_("{count} card is now pending for you: answer with a draw card worth +{minimum} or more, or "
                    "draw it.",
                    "{count} cards are now pending for you: answer with a draw card worth +{minimum} or more, or "
                    "draw them all."),
}
"""The same, when the stack is the person's (:mod:`nomercy.core.seat_words`: the person's word fills no placeholder)."""


def _stack_grew(e: Any, said: Words, lang: str) -> str:
    kind = e.stacking if e.stacking in _STACK_WORDS else "official"
    values = {"minimum": e.minimum} if kind in ("wilds-on-anything", "official") else {}
    return _by_n(e.target, _STACK_WORDS[kind], _STACK_WORDS_YOU[kind], e.total, said, **values)


def _cards_drawn(e: Any, said: Words, lang: str) -> str:
    if e.shown:
        # only the roulette shows its cards: its victim turns them up (a draw card's cards are drawn unseen)
        return _by_n(e.player, n_("{player} turns up {count} card: {cards}.", "{player} turns up {count} cards: {cards}."),
                     n_("You turn up {count} card: {cards}.", "You turn up {count} cards: {cards}."), e.count, said,
                     cards=_cards(e.shown, lang))
    return _by_n(e.player, n_("{player} draws {count} card.", "{player} draws {count} cards."),
                 n_("You draw {count} card.", "You draw {count} cards."), e.count, said)


def _turn_lost(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} loses the turn."), N_("You lose the turn."), said)


def _skipped(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} is skipped."), N_("You are skipped."), said)


def _everyone_skipped(e: Any, said: Words, lang: str) -> str:
    if e.rule == "first-card":
        return _by(e.player, N_("Every other player is skipped, so the dealer, {player}, plays first."),
                   N_("Every other player is skipped, so you, the dealer, play first."), said)
    return _by(e.player, N_("Every other player is skipped, so {player} plays again."),
               N_("Every other player is skipped, so you play again."), said)


def _direction(e: Any, said: Words, lang: str) -> str:
    if e.direction == "clockwise":
        return said.gettext(N_("Play now goes clockwise."))
    return said.gettext(N_("Play now goes counterclockwise."))


def _swapped(e: Any, said: Words, lang: str) -> str:
    if is_you(e.player):
        return said.gettext(N_("You and {other} swap hands."), other=e.other)
    if is_you(e.other):
        return said.gettext(N_("{player} and you swap hands."), player=e.player)
    return said.gettext(N_("{player} and {other} swap hands."), player=e.player, other=e.other)


def _passed(e: Any, said: Words, lang: str) -> str:
    if e.direction == "clockwise":
        return said.gettext(N_("Every player still in passes their whole hand to the next player clockwise."))
    return said.gettext(N_("Every player still in passes their whole hand to the next player counterclockwise."))


def _discarded(e: Any, said: Words, lang: str) -> str:
    top = _card(e.top, lang)
    if not e.cards:
        return _by(e.player, N_("{player} has no other card of that color to discard; {card} stays on top."),
                   N_("You have no other card of that color to discard; {card} stays on top."), said, card=top)
    return _by_n(e.player, n_("{player} also discards {cards} without its effect; {card} lies on top.",
                              "{player} also discards {cards} without their effects; {card} lies on top."),
                 n_("You also discard {cards} without its effect; {card} lies on top.",
                    "You also discard {cards} without their effects; {card} lies on top."),
                 len(e.cards), said, cards=_cards(e.cards, lang), card=top)


def _color_named(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} names {color}."), N_("You name {color}."), said, color=_color(e.color, lang))


def _knocked_out(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} holds {count} cards and is out of the round (mercy rule)."),
               N_("You hold {count} cards and are out of the round (mercy rule)."), said, count=e.hand_size)


def _penalty_cancelled(e: Any, said: Words, lang: str) -> str:
    return _by_n(e.player, n_("The rest of {player}'s draw ({count} card) is cancelled.",
                              "The rest of {player}'s draw ({count} cards) is cancelled."),
                 n_("The rest of your draw ({count} card) is cancelled.",
                    "The rest of your draw ({count} cards) is cancelled."), e.remaining, said)


def _reshuffled(e: Any, said: Words, lang: str) -> str:
    if e.set_aside:
        return said.ngettext("The draw pile is empty: the cards under the top card and the {aside} set aside from "
                                "knocked-out players are shuffled into a new draw pile of {count} card.",
                                "The draw pile is empty: the cards under the top card and the {aside} set aside from "
                                "knocked-out players are shuffled into a new draw pile of {count} cards.",
                             e.count, aside=e.set_aside)
    return said.ngettext("The draw pile is empty: the cards under the top card are shuffled into a new draw pile "
                            "of {count} card.",
                            "The draw pile is empty: the cards under the top card are shuffled into a new draw pile "
                            "of {count} cards.", e.count)


def _stopped_short(e: Any, said: Words, lang: str) -> str:
    if e.missing:
        return _by_n(e.player, n_("No card is left anywhere: {player}'s draw stops {count} card short.",
                                  "No card is left anywhere: {player}'s draw stops {count} cards short."),
                     n_("No card is left anywhere: your draw stops {count} card short.",
                        "No card is left anywhere: your draw stops {count} cards short."), e.missing, said)
    # "take": the same words for a draw until a card fits and for a roulette's cards turned up
    return _by(e.player, N_("No card is left anywhere for {player} to take."),
               N_("No card is left anywhere for you to take."), said)


def _turn_passed(e: Any, said: Words, lang: str) -> str:
    if e.kept == 1:
        return _by(e.player, N_("{player} keeps the card and the turn passes."),
                   N_("You keep the card and the turn passes."), said)
    if e.kept == 0:
        return _by(e.player, N_("{player}'s turn passes."), N_("Your turn passes."), said)
    return _by(e.player, N_("{player} keeps the {count} cards drawn and the turn passes."),
               N_("You keep the {count} cards drawn and the turn passes."), said, count=e.kept)


def _uno_called(e: Any, said: Words, lang: str) -> str:
    return _by(e.player, N_("{player} calls UNO!"), N_("You call UNO!"), said)


def _uno_caught(e: Any, said: Words, lang: str) -> str:
    if is_you(e.catcher):
        return said.ngettext("You catch {player} holding one card without calling UNO: {player} draws {count}.",
        "You catch {player} holding one card without calling UNO: {player} draws {count}.",
                             e.penalty, player=e.player)
    if is_you(e.player):
        return said.ngettext("{catcher} catches you holding one card without calling UNO: you draw {count}.",
        "{catcher} catches you holding one card without calling UNO: you draw {count}.",
                             e.penalty, catcher=e.catcher)
    return said.ngettext("{catcher} catches {player} holding one card without calling UNO: {player} draws {count}.",
    "{catcher} catches {player} holding one card without calling UNO: {player} draws {count}.",
                         e.penalty, catcher=e.catcher, player=e.player)


def _challenged(e: Any, said: Words, lang: str) -> str:
    if e.guilty:
        if is_you(e.challenger):
            return said.gettext(N_("You challenge: {player} held a card of the color in force before the wild +4, "
                                   "so {player} draws instead."), player=e.player)
        if is_you(e.player):
            return said.gettext(N_("{challenger} challenges: you held a card of the color in force before the wild "
                                   "+4, so you draw instead."), challenger=e.challenger)
        return said.gettext(N_("{challenger} challenges: {player} held a card of the color in force before the wild "
                               "+4, so {player} draws instead."), challenger=e.challenger, player=e.player)
    if is_you(e.challenger):
        return said.gettext(N_("You challenge, but {player} held no card of the color in force before the wild +4: "
                               "you draw 2 extra."), player=e.player)
    if is_you(e.player):
        return said.gettext(N_("{challenger} challenges, but you held no card of the color in force before the wild "
                               "+4: {challenger} draws 2 extra."), challenger=e.challenger)
    return said.gettext(N_("{challenger} challenges, but {player} held no card of the color in force before the wild "
                           "+4: {challenger} draws 2 extra."), challenger=e.challenger, player=e.player)


_WON = {
    "emptied hand": (N_("{player} wins the round by playing their last card."),
                     N_("You win the round by playing your last card.")),
    "last one standing": (N_("{player} wins the round as the last player left in the round."),
                          N_("You win the round as the last player left in the round.")),
    "dead end": (N_("{player} wins the round with the fewest cards, as nobody can play or draw."),
                 N_("You win the round with the fewest cards, as nobody can play or draw.")),
    "move limit": (N_("{player} wins the round with the fewest cards, as the round has reached its move limit."),
                   N_("You win the round with the fewest cards, as the round has reached its move limit.")),
}


def _round_won(e: Any, said: Words, lang: str) -> str:
    if e.how not in _WON:
        return e.sentence
    other, you = _WON[e.how]
    return _by(e.player, other, you, said)


def _round_scored(e: Any, said: Words, lang: str) -> str:
    if e.knockouts:
        values = {"cards": e.points - e.knockouts * e.bonus, "knockouts": e.knockouts, "bonus": e.bonus}
        return _by_n(e.player, n_("{player} scores {count} point: {cards} for the cards left in the other hands and "
                                   "{knockouts} × {bonus} for the knocked-out players.",
                                   "{player} scores {count} points: {cards} for the cards left in the other hands and "
                                   "{knockouts} × {bonus} for the knocked-out players."),
                     n_("You score {count} point: {cards} for the cards left in the other hands and {knockouts} × "
                         "{bonus} for the knocked-out players.",
                         "You score {count} points: {cards} for the cards left in the other hands and {knockouts} × "
                         "{bonus} for the knocked-out players."), e.points, said, **values)
    return _by_n(e.player, n_("{player} scores {count} point.", "{player} scores {count} points."),
                 n_("You score {count} point.", "You score {count} points."), e.points, said)


_SAYERS: dict[type, _Sayer] = {
    ev.GameStarted: _game_started, ev.FirstCardTurned: _first_card, ev.FirstCardReturned: _first_card_returned,
    ev.CardPlayed: _card_played, ev.JumpedIn: _jumped_in, ev.StackGrew: _stack_grew, ev.CardsDrawn: _cards_drawn,
    ev.TurnLost: _turn_lost, ev.PlayerSkipped: _skipped, ev.EveryoneSkipped: _everyone_skipped,
    ev.DirectionChanged: _direction, ev.HandsSwapped: _swapped, ev.HandsPassed: _passed,
    ev.CardsDiscarded: _discarded, ev.ColorNamed: _color_named, ev.KnockedOut: _knocked_out,
    ev.PenaltyCancelled: _penalty_cancelled, ev.PileReshuffled: _reshuffled, ev.DrawStoppedShort: _stopped_short,
    ev.TurnPassed: _turn_passed, ev.UnoCalled: _uno_called, ev.UnoCaught: _uno_caught, ev.Challenged: _challenged,
    ev.RoundWon: _round_won, ev.RoundScored: _round_scored,
}
"""Each event kind's words; a kind left out (a house rule's own) keeps its English sentence."""
