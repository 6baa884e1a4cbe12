"""What a game table shows besides its log, in the table's language: its buttons, the choice a clicked card asks
for, who put the top card there, the latest move and its banners, and the log's round line.

The table session writes these in English (:mod:`nomercy.play.table_text`, :mod:`nomercy.play.table_view`); a
front end in another language passes the session's snapshot, prompt and log through here, which says each one
again from the values behind it (the state, the moves in notation, the events), never by taking the English
apart: a button by its id, a prompt's options by their moves, the latest move by its events
(:mod:`nomercy.core.said`). English is given back as it came, untouched.
"""

from __future__ import annotations

from typing import Any, Sequence

from nomercy.core import said as core_said
from nomercy.core import events as ev
from nomercy.core import seat_words
from nomercy.core.cards import Card, Color
from nomercy.core.errors import NomercyError, NotationError, brief
from nomercy.core import inputs
from nomercy.core.i18n import N_, SOURCE, Words, language, words
from nomercy.core.refusals import Refusal, refusal_words
from nomercy.core.legality import legal_moves
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, NameColor, Pass, Play, parse_move
from nomercy.core.state import GameState, Phase
from nomercy.core.wording import ROUND_STARTS, is_you, rules_name, strength_of
from nomercy.play import hot_seat, table_undo
from nomercy.play.transcript import Transcript

__all__ = ["table_words", "prompt_words", "log_words", "status_words", "move_words", "move_said", "MoveSaid", "said_all"]

_OWN_MOVE = (ev.CardPlayed, ev.JumpedIn, ev.CardsDrawn, ev.TurnPassed, ev.ColorNamed, ev.UnoCalled, ev.UnoCaught,
             ev.Challenged)
"""The events that say what a seat did itself (the rest are what its move did to others)."""


def log_words(lines: list[dict[str, Any]], events: Sequence[ev.Event], state: GameState, round_number: int,
              lang: str) -> list[dict[str, Any]]:
    """A table's log lines in ``lang``: the events' sentences, and the round's first line."""
    if lang == SOURCE:
        return lines
    said = words(lang)
    name = state.rules.name
    english = ROUND_STARTS.format(number=round_number, rules=rules_name(name))
    header = said.gettext(ROUND_STARTS, number=round_number, rules=said.gettext(rules_name(name)))
    shown = said_all(core_said.translated(lines, events, lang), lang)  # a table's own lines (undo's) said too
    return [{**line, "sentence": header} if line.get("sentence") == english else line for line in shown]


def table_words(snapshot: dict[str, Any], state: GameState, story: Transcript, lang: str) -> dict[str, Any]:
    """The snapshot's buttons, top-card caption, latest move and banners in ``lang`` (a new dict; English: the
    snapshot itself); ``story`` is the round so far (the session's transcript)."""
    if lang == SOURCE:
        return snapshot
    events = story.events
    said = words(lang)
    shown = dict(snapshot)
    for key, fixed in (("hand_label", N_("Your hand")), ("undo_label", N_("Undo my last move"))):
        if shown.get(key) == fixed:  # one person at the table
            shown[key] = said.gettext(fixed)
    shown.update(_screen_words(snapshot, state, lang))
    over = snapshot.get("over")
    if over and state.winner is not None:
        winner = state.seats[state.winner]
        points = over.get("points", 0)
        scored = (said.ngettext("You score {count} point", "You score {count} points", points) if is_you(winner)
                  else said.ngettext("{player} scores {count} point", "{player} scores {count} points", points,
                                     player=winner))
        champion = over.get("match_winner")
        shown["over"] = {
            **over, "scored": scored,
            # every seat's name at the round's end as a label says it ("Du: utslagen", not "You")
            "hands": [{**hand, "shown": _seat_name(hand.get("name", ""), lang)} for hand in over.get("hands", [])],
            "standings": [{**row, "shown": _seat_name(row.get("name", ""), lang)} for row in over.get("standings", [])],
            "match_line": seat_words.about(champion, N_("{player} wins the match!"), N_("You win the match!"), lang)
            if isinstance(champion, str) and champion else over.get("match_line", ""),
        }
    shown["buttons"] = [{**b, "label": _button(b, state, lang)} for b in snapshot.get("buttons", [])]
    shown["top_by"] = _top_by(events, lang)
    last = snapshot.get("last")
    if last:
        number = last.get("n")
        step = story.steps[number - 1] if isinstance(number, int) and 0 < number <= len(story.steps) else None
        moved = _latest_move(step.events if step is not None else (), last.get("seat", ""), lang)
        by_english = {e.sentence: e for e in events}
        banners = [{**b, "text": core_said.sentence(by_english[b["text"]], lang) if b.get("text") in by_english
                    else b.get("text", "")} for b in last.get("banners", [])]
        shown["last"] = {**last, "line": moved or last.get("line", ""), "banners": banners}
    return shown


def _screen_words(snapshot: dict[str, Any], state: GameState, lang: str) -> dict[str, Any]:
    """The seats' labels, the hand on screen (its name and each card's), the hot-seat's buttons and why undo is not
    offered, in ``lang``: said from the seats' names and the cards (:mod:`nomercy.play.hot_seat`'s messages)."""
    said = words(lang)
    changed: dict[str, Any] = {}
    seats = []
    for seat in snapshot.get("seats", []):
        name = seat.get("name", "")
        meter = said.gettext(N_("Your mercy meter")) if is_you(name) else said.gettext(N_("{player}'s mercy meter"),
                                                                                       player=name)
        catch = said.gettext(N_("{player} holds one card: catch {player} if {player} has not called UNO"),
                             player=name) if seat.get("catch") else ""
        seats.append({**seat, "meter_label": meter, "catch_title": catch, "shown": _seat_name(name, lang)})
    changed["seats"] = seats
    if isinstance(snapshot.get("turn"), str):  # the facts' "turn": a seat called You in the language's words
        changed["turn"] = _seat_name(snapshot["turn"], lang)
    if isinstance(snapshot.get("order"), list):  # the seats in playing order, the direction's tooltip
        changed["order"] = [_seat_name(name, lang) if isinstance(name, str) else name for name in snapshot["order"]]
    viewer, label = snapshot.get("viewer"), snapshot.get("hand_label", "")
    if viewer and label and label != "Your hand":  # a hot-seat's hand, or a computer's watched
        changed["hand_label"] = said.gettext(hot_seat.WATCHING_HAND if snapshot.get("watching")
                                             else hot_seat.SOMEONES_HAND, player=viewer)
    changed["hand"] = [{**card, "name": core_said.card_name(Card.parse(card["card"]), lang)}
                       for card in snapshot.get("hand", [])]
    if snapshot.get("reveal_for"):
        changed["reveal_label"] = said.gettext(hot_seat.SHOW_HAND, player=snapshot["reveal_for"])
    if snapshot.get("undoer"):
        changed["undo_label"] = said.gettext(table_undo.UNDO_SOMEONES, player=snapshot["undoer"])
    why = snapshot.get("undo_why")
    if isinstance(why, Refusal) and isinstance(why.values.get("move"), str):  # the decision in notation: said as a move
        why = Refusal(why.message, {**why.values, "move": move_words(why.values["move"], state, lang)}, str(why))
    if why:
        changed["undo_why"] = refusal_words(why, lang)
    return changed


def _seat_name(name: str, lang: str) -> str:
    """A seat's name as a label shows it: the seat called You in the language's words ('Du', 'Vous', '你')."""
    return seat_words.label(name, lang)


def _button(button: dict[str, Any], state: GameState, lang: str) -> str:
    said = words(lang)
    which = button.get("id", "")
    if which == "draw":
        if state.pending:
            return said.ngettext("Take the {count} card", "Take the {count} cards", state.pending)
        return said.gettext(N_("Draw"))
    if which == "challenge":
        return said.gettext(N_("Challenge the wild +4"))
    if which == "pass" and state.drawn is not None:
        return said.gettext(N_("Keep {card}"), card=core_said.card_name(state.drawn, lang))
    if which == "uno":
        return said.gettext(N_("Call UNO"))
    if which.startswith("name-") and button.get("color"):
        return said.gettext(N_("Name {color}"), color=said.gettext(core_said.COLOR_WORDS[Color(button["color"])]))
    return str(button.get("label", ""))


def move_words(text: str, state: GameState, lang: str) -> str:
    """A move of the person at the table (its notation, ``text``) as a terminal lists it in ``lang``: the card and
    its choices, or the button's words ('Dra', 'Behåll röd 5'); the notation itself in English or when it is not
    a move of this position."""
    if lang == SOURCE:
        return text
    try:
        move = state.parse_move(text)
    except ValueError:
        return text
    said = words(lang)
    if isinstance(move, Play):
        card = core_said.card_name(move.card, lang)
        if move.color is None and move.target is None and move.top is None:
            return card
        return said.gettext(N_("{card}: {choice}"), card=card, choice=_option(move, state, lang))
    if isinstance(move, Draw):
        return _button({"id": "draw"}, state, lang)
    if isinstance(move, Pass):
        return _button({"id": "pass"}, state, lang)
    if isinstance(move, NameColor):
        return said.gettext(N_("Name {color}"), color=said.gettext(core_said.COLOR_WORDS[move.color]))
    if isinstance(move, CallUno):
        return said.gettext(N_("Call UNO"))
    if isinstance(move, Catch):
        return said.gettext(N_("Catch {name}!"), name=state.seats[move.target])
    if isinstance(move, Challenge):
        return said.gettext(N_("Challenge the wild +4"))
    return text


def _top_by(events: Sequence[ev.Event], lang: str) -> str:
    """Who put the top card there (as :func:`nomercy.play.table_text.top_card_by` says it in English)."""
    said = words(lang)
    for event in reversed(events):
        if isinstance(event, (ev.CardPlayed, ev.JumpedIn)):
            if is_you(event.player):
                return said.gettext(N_("played by you"))
            return said.gettext(N_("played by {player}"), player=event.player)
    return said.gettext(N_("turned up at the deal"))


def _latest_move(events: Sequence[ev.Event], seat: str, lang: str) -> str:
    """The latest move (its ``events``) as the events of what ``seat`` did say it: 'Alex lägger röd 5.'"""
    said, text = words(lang), ""
    mine = [e for e in events if isinstance(e, _OWN_MOVE) and seat in (
        getattr(e, "player", None), getattr(e, "catcher", None), getattr(e, "challenger", None))]
    for event in mine:
        sentence = core_said.sentence(event, lang)
        text = said.gettext(N_("{sentence} {next}"), sentence=text, next=sentence) if text else sentence
    return text


def prompt_words(prompt: dict[str, Any], state: GameState, lang: str) -> dict[str, Any]:
    """The choice a clicked card asks for, in ``lang``: its question and each option, said from the option's move."""
    if lang == SOURCE or not prompt or not prompt.get("options"):
        return prompt
    said = words(lang)
    options, plays = [], []
    for option in prompt["options"]:
        try:
            move = state.parse_move(option["move"])
        except (ValueError, KeyError, TypeError):
            options.append(option)
            continue
        if not isinstance(move, Play):
            options.append(option)
            continue
        plays.append(move)
        label = _option(move, state, lang)
        options.append({**option, "label": label[:1].upper() + label[1:]})  # a button: its first word a capital
    card = core_said.card_name(plays[0].card, lang) if plays else prompt.get("card", "")
    if plays and all(p.color is not None for p in plays):
        title = said.gettext(N_("Which color do you name with {card}?"), card=card)
    elif any(p.target is not None for p in plays):
        title = said.gettext(N_("Who do you swap hands with for {card}?"), card=card)
    else:
        title = said.gettext(N_("How do you play {card}?"), card=card)
    return {**prompt, "title": title, "options": options}


def _option(play: Play, state: GameState, lang: str) -> str:
    said, parts = words(lang), []
    if play.color is not None:
        parts.append(said.gettext(core_said.COLOR_WORDS[play.color]))
    if play.top is not None:
        parts.append(said.gettext(N_("leave {card} on top"), card=core_said.card_name(play.top, lang)))
    effect = play.top if play.top is not None else play.card
    if play.target is not None:
        parts.append(said.gettext(N_("swap hands with {player}"), player=state.seats[play.target]))
    elif "target" in effect.face.choices and len(state.hands[play.seat]) > 1 and state.rules.seven_swap == "optional":
        parts.append(said.gettext(N_("keep your hand")))
    if not parts:
        parts.append(said.gettext(N_("leave {card} on top"), card=core_said.card_name(play.card, lang)))
    text = parts[0]
    for part in parts[1:]:
        text = said.gettext(N_("{items}, {item}"), items=text, item=part)
    return text  # inside a sentence a color stays lower case ("dra-tio: röd"), as everywhere else


_WON_LINE = {
    "last one standing": (N_("{player} wins the round as the last player left (everyone else was knocked out)."),
                          N_("You win the round as the last player left (everyone else was knocked out).")),
    "dead end": (N_("{player} wins the round with the fewest cards, because nobody could play or draw."),
                 N_("You win the round with the fewest cards, because nobody could play or draw.")),
}
"""The end of a round as the status line says it (:data:`nomercy.play.table_text.HOW`), where the log's words differ."""


def status_words(snapshot: dict[str, Any], state: GameState, viewer: int | None, kinds: Sequence[str],
                 humans: Sequence[int], prompt: dict[str, Any], advice: dict[str, Any], lang: str) -> str:
    """The status line over the table in ``lang``, as :func:`nomercy.play.table_text.status_line` and the table's
    view decide it in English (the same cases, in the same order); the hot-seat's hidden screen has its
    line said from the seat it is passed to."""
    english = str(snapshot.get("status", ""))
    if lang == SOURCE:
        return english
    if snapshot.get("hidden") and not state.is_over:  # the hot-seat's screen between two people
        said, who = words(lang), snapshot.get("reveal_for")
        if who:
            return said.gettext(hot_seat.PASS_THE_SCREEN, player=who,
                                button=said.gettext(hot_seat.SHOW_HAND, player=who))
        actor = state.to_act
        return said.gettext(hot_seat.PLAYING_HIDDEN, player=state.seats[actor]) if actor is not None else english
    return _status(english, state, viewer, kinds, humans, prompt, advice, words(lang), lang)


def _status(english: str, state: GameState, viewer: int | None, kinds: Sequence[str], humans: Sequence[int],
            prompt: dict[str, Any], advice: dict[str, Any], said: Words, lang: str) -> str:
    """:func:`status_words` with the catalog ``said`` (a test gives it English's, to hold the cases to the
    English line's)."""
    if state.is_over and state.winner is not None:
        winner = state.seats[state.winner]
        if state.end_reason == "emptied hand":
            return core_said.sentence(ev.RoundWon(player=winner, how="emptied hand"), lang)
        if state.end_reason not in _WON_LINE:
            return english
        other, you = _WON_LINE[state.end_reason]
        return said.gettext(you) if is_you(winner) else said.gettext(other, player=winner)
    if prompt.get("title"):
        return said.gettext(N_("{sentence} {next}"), sentence=prompt_words(prompt, state, lang)["title"],
                            next=said.gettext(N_("Choose below, or Cancel.")))
    if advice.get("kind") == "warning":
        return said.gettext(N_("The coach holds your move back: read the warning, then decide."))
    actor = state.to_act
    if actor is None:
        return english
    name = state.seats[actor]
    if actor != viewer or viewer not in humans:
        kind = kinds[actor]
        if is_you(name):
            text = said.gettext(N_("You are to move."))
        elif name.lower().startswith(kind) or not strength_of(kind):  # a person, or a seat its kind names
            text = said.gettext(N_("{player} is to move."), player=name)
        else:
            text = said.gettext(N_("{player} ({kind}) is to move."), player=name, kind=said.gettext(strength_of(kind)))
        if viewer is not None and viewer in state.catchable:
            text = said.gettext(N_("{sentence} {next}"), sentence=text,
                                next=said.gettext(N_("You hold one card: call UNO before you are caught!")))
        return text
    if state.phase is Phase.PLAY_DRAWN and state.drawn is not None:
        return said.gettext(N_("You drew {card}, which fits: you must play it (it is highlighted)."),
                            card=core_said.card_name(state.drawn, lang))
    if state.phase is Phase.KEEP_OR_PLAY and state.drawn is not None:
        return said.gettext(N_("You drew {card}: play it, or keep it and end your turn."),
                            card=core_said.card_name(state.drawn, lang))
    if state.phase is Phase.NAME_ROULETTE:
        return said.gettext(N_("The roulette hits you: name a color; cards are turned up until it shows, and you keep "
                               "them all."))
    if state.phase is Phase.NAME_FIRST_COLOR:
        return said.gettext(N_("A wild was turned up first: name the color in force."))
    if state.pending:
        if state.rules.stacking == "none":
            return said.ngettext("{count} card is coming at you and these rules allow no stacking: take it.",
                                 "{count} cards are coming at you and these rules allow no stacking: take them.",
                                 state.pending)
        if not any(type(a) is Play and a.seat == actor for a in legal_moves(state)):  # nothing to highlight
            return said.ngettext("{count} card is coming at you, and no card in your hand is a draw card worth "
                                 "+{minimum} or more: take it.",
                                 "{count} cards are coming at you, and no card in your hand is a draw card worth "
                                 "+{minimum} or more: take them.", state.pending, minimum=state.stack_value)
        return said.ngettext("{count} card is coming at you: stack a draw card worth +{minimum} or more "
                             "(highlighted), or take it.",
                             "{count} cards are coming at you: stack a draw card worth +{minimum} or more "
                             "(highlighted), or take them all.", state.pending, minimum=state.stack_value)
    legal = legal_moves(state)
    if any(type(a) is Play and a.seat == actor for a in legal):
        may_draw = any(type(a) is Draw and a.seat == actor for a in legal)
        if is_you(name):
            return said.gettext(N_("Your turn: play a highlighted card, or draw.") if may_draw
                                else N_("Your turn: play a highlighted card."))
        return said.gettext(N_("{player}, your turn: play a highlighted card, or draw.") if may_draw
                            else N_("{player}, your turn: play a highlighted card."), player=name)
    if is_you(name):
        return said.gettext(N_("Your turn: nothing fits, so draw."))
    return said.gettext(N_("{player}, your turn: nothing fits, so draw."), player=name)


class MoveSaid(str):
    """A move as the coach writes it in English (the ``str``: its notation, 'playing blue 1', 'Play blue 1 instead'),
    said in another language as the person's own button or card says it (:func:`move_words`): the coach speaks to
    the person at the screen, whose moves these are."""

    notation: str
    state: GameState

    def __new__(cls, english: str, notation: str, state: GameState) -> "MoveSaid":
        if not isinstance(english, str) or not isinstance(notation, str) or not isinstance(state, GameState) or \
                len(english) > 5000 or len(notation) > 5000:
            raise NomercyError(f"a move said is its English words and its notation (texts, like 'drawing' and "
                               f"'You draw') and the position it is a move of; not {brief(english)}, "
                               f"{brief(notation)}, {brief(state)}")
        made = super().__new__(cls, english)
        made.notation, made.state = notation, state
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # (a copy or a pickle makes it again from all it holds)
        return str.__str__(self), self.notation, self.state

    def said_in(self, lang: str) -> str:
        return str(self) if lang == SOURCE else move_words(self.notation, self.state, lang)


def said_all(value: Any, lang: str) -> Any:
    """``value`` (what the coach gives a table: dicts and lists of texts) with every text that knows its words
    (a :class:`~nomercy.core.refusals.Said`, a :class:`MoveSaid`) said in ``lang``, as plain text; English: the same
    texts, as plain text (what the page is sent)."""
    if isinstance(value, dict):
        return {key: said_all(item, lang) for key, item in value.items()}
    if isinstance(value, list):
        return [said_all(item, lang) for item in value]
    if isinstance(value, str) and callable(getattr(value, "said_in", None)):
        return str.__str__(value) if lang == SOURCE else str(getattr(value, "said_in")(lang))
    if not isinstance(value, str) and callable(getattr(value, "said_in", None)):  # a count of things, a move named
        return str(value) if lang == SOURCE else str(getattr(value, "said_in")(lang))
    return value


DRAWS = N_("{player} draws.")
CATCHES = N_("{player} catches {other}.")
CHALLENGES = N_("{player} challenges the wild +4.")


def move_said(text: str, seats: Sequence[str], lang: str) -> str:
    """A move of a puzzle's file ("A plays wild +6 choosing green") as the engine says it in ``lang`` ("A lägger
    dra-sex och väljer grön."), saying no more than the notation does (how many cards a draw takes is the puzzle's
    to ask). English, and a text that is not a move of these seats, are given back as they are."""
    lang = language(lang)
    text = inputs.text(text, "a move", longest=200, like="A plays red 7")
    seats = inputs.seat_names(inputs.items(seats, "the seats", least=2, most=20))
    if lang == SOURCE:
        return text
    try:
        move = parse_move(text, seats)
    except NotationError:
        return text
    said = words(lang)
    player = seats[move.seat]
    if isinstance(move, Play):
        card = core_said.card_name(move.card, lang)
        sentence = (said.gettext("{player} plays {card}.", player=player, card=card) if move.color is None else
                    said.gettext("{player} plays {card} and names {color}.", player=player, card=card,
                                 color=said.gettext(core_said.COLOR_WORDS[move.color])))
        if move.target is not None:
            sentence = said.gettext("{sentence} {next}", sentence=sentence, next=said.gettext(
                "{player} and {other} swap hands.", player=player, other=seats[move.target]))
        return sentence
    if isinstance(move, Draw):
        return said.gettext(DRAWS, player=player)
    if isinstance(move, Pass):
        return said.gettext("{player} keeps the card and the turn passes.", player=player)
    if isinstance(move, NameColor):
        return said.gettext("{player} names {color}.", player=player,
                            color=said.gettext(core_said.COLOR_WORDS[move.color]))
    if isinstance(move, CallUno):
        return said.gettext("{player} calls UNO!", player=player)
    if isinstance(move, Catch):
        return said.gettext(CATCHES, player=player, other=seats[move.target])
    if isinstance(move, Challenge):
        return said.gettext(CHALLENGES, player=player)
    return text  # pragma: no cover - every kind of move is said above
