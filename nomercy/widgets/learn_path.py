"""The learning path: every rule a short stage, played on a live table (``learn/``, :mod:`nomercy.puzzles.stage`).

The widget shows a stage's rule, its table and its task; the learner plays a move with the table's cards and
buttons. Python judges every try through the engine (:meth:`Stage.judge`): a refused move is answered with the
stage's own why (the engine's general reason one tap away) or, for a move the stage did not foresee, with the
engine's reason; an allowed move that is not the task with what it really did, shown on the table, and then
the learner tries again. The move that does the task says what happened and the ruling, and the next stage
follows; an answer says each thing once (:func:`_said`). Each stage done is an attempt in the trainer's progress
(:mod:`nomercy.puzzles.progress`, the same folder, exported with it): a tick when done, a star when done at the
first try. The progress is a learner's, as the trainer's is: the page asks whose (a name, remembered), and each
learner's ticks and stars stay apart.

>>> import tempfile
>>> path = LearnPath("mercy", data_dir=tempfile.mkdtemp())
>>> path
<LearnPath chapter=mercy>
>>> path.stage["id"], path.play("You draws").outcome
('twenty-five-and-out', 'allowed')
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Any, Callable, Sequence

import traitlets

from nomercy.core import inputs
from nomercy.core.cards import COLORS, Card
from nomercy.core.errors import NomercyError, brief
from nomercy.core.i18n import N_, SOURCE, Words, language, plural_rule, words
from nomercy.core.events import CardPlayed, CardsDrawn, ColorNamed, Event, StackGrew, UnoCalled, UnoCaught
from nomercy.core.legality import legal_moves
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, Move, NameColor, Pass, Play, parse_move
from nomercy.core.refusals import refusal_words
from nomercy.core.refusals import said as said_again
from nomercy.core.rulebook import RULINGS
from nomercy.core.said import COLOR_WORDS, card_name, n_, sentence
from nomercy.core import seat_words
from nomercy.core.state import GameState
from nomercy.puzzles.progress import LEARN_TOPIC, Progress
from nomercy.puzzles.stage import Attempt, Chapter, Stage, load_path
from nomercy.teaching.terminology import ruling_titles
from nomercy.widgets._common import STATIC, GuardedWidget, card_back_svg, card_svg, picture_named
from nomercy.widgets.learner_choice import LearnerChoice

__all__ = ["LearnPath", "progress_id"]

_PROFILE_NAMES = {"no-mercy": N_("No Mercy"), "classic": N_("Classic UNO")}
_BOTH_GAMES = N_("No Mercy and classic UNO")
_HEADINGS = {"done": N_("Done!"), "refused": N_("Not allowed:"), "allowed": N_("Allowed, but not the task:"),
             "step": N_("Good, go on.")}

def progress_id(stage: Stage) -> str:
    """The stage as the progress files name it: beside the puzzles, never one of them."""
    return f"learn:{stage.id}"


class LearnPath(GuardedWidget):
    """The learning path, or one chapter of it (``chapter``: its id, like ``stacking``), with the progress kept in
    ``data_dir`` (default: the trainer's folder). ``chapters``: the path (default: the ``learn/`` folder).
    ``learner``: whose progress (a name, remembered; default the learner chosen last on this computer).
    ``lang``: the language of the page's words, the stages' and the table's (a code of
    :data:`nomercy.core.i18n.LANGUAGES`; the catalogs' words, :mod:`nomercy.puzzles.file_words`).

    Python API: :meth:`play` tries a move on the table, :meth:`next`, :meth:`again` and :meth:`goto` move about
    the path, :meth:`switch_learner` changes whose progress it is; :attr:`stage`, :attr:`feedback` and :attr:`path`
    are what the page shows.
    """

    _esm = STATIC / "learn_path.js"
    _css = STATIC / "learn_path.css"

    path = traitlets.Dict().tag(sync=True)
    """The chapters and their stages, each with a tick or a star, and where the learner is."""
    stage = traitlets.Dict().tag(sync=True)
    """The stage shown: its rule, its task and its table (cards and the moves they make)."""
    feedback = traitlets.Dict().tag(sync=True)
    """The answer to the last try: ``kind`` is done, refused or allowed (or empty before a try)."""
    whose = traitlets.Dict().tag(sync=True)
    """Whose progress it is: the name, the other learners on this computer, and the words around them."""
    words = traitlets.Dict().tag(sync=True)
    """The page's own words in the language chosen: English message to its words (none for English)."""
    plural = traitlets.Unicode("one").tag(sync=True)  # how a count picks its plural form (i18n.PLURAL_RULES)

    def __init__(self, chapter: str | None = None, data_dir: str | os.PathLike[str] | None = None, *,
                 clock: Callable[[], datetime] | None = None, chapters: Sequence[Chapter] | None = None,
                 learner: str | None = None, lang: str = SOURCE) -> None:
        super().__init__()
        self._lang = language(lang)  # checked before anything is read
        self._said: Words = words(self._lang)
        if clock is not None:
            inputs.calendar_clock(clock)
        if chapters is not None:
            inputs.one_of_kind(chapters, (list, tuple), "a list of chapters (load_path gives them)")
            for each in chapters:
                inputs.one_of_kind(each, Chapter, "a list of chapters (load_path gives them)")
            if not any(c.stages for c in chapters):
                raise NomercyError("a learning path needs at least one chapter with a stage")
        self._chapters = tuple(chapters) if chapters is not None else load_path()
        ids = [c.id for c in self._chapters]
        if chapter is not None:
            chapter = inputs.choice(chapter, "a chapter of the path", ids)
        self._only = chapter
        self._data_dir = None if data_dir is None else inputs.path(data_dir, "the progress folder", folder=True)
        self._learner = LearnerChoice(self._data_dir, learner)
        self.progress = Progress(self._data_dir, clock=clock, learner=self._learner.name or None)
        self._stages = [s for c in self._chapters if chapter is None or c.id == chapter for s in c.stages]
        self._index = self._first_not_done()
        self._table: GameState = self._stages[self._index].start()
        self._wrong_tries = 0
        self._last: Attempt | None = None
        self._tried_on: GameState = self._table  # the table the last try was made on (what its move is said from)
        if self._lang != SOURCE:
            self.words = self._said.catalog()
            self.plural = plural_rule(self._lang)
        self.on_msg(lambda _, content, buffers: self.send_intent(content))
        self._redraw()

    # --- Python API ---------------------------------------------------------------------------------
    @property
    def current(self) -> Stage:
        return self._stages[self._index]

    def play(self, move: str) -> Attempt:
        """Try ``move`` at the table (as a click on a card or a button does); the judged attempt."""
        self._raise_on_refusal(self.send_intent({"type": "try", "move": move}))
        assert self._last is not None
        return self._last

    def next(self) -> None:
        self._raise_on_refusal(self.send_intent({"type": "next"}))

    def again(self) -> None:
        """Put the stage's table back as it was, after a try that changed it."""
        self._raise_on_refusal(self.send_intent({"type": "again"}))

    def goto(self, stage: str) -> None:
        self._raise_on_refusal(self.send_intent({"type": "goto", "stage": stage}))

    def switch_learner(self, name: str) -> None:
        """Go on as the learner ``name`` (new or known: each keeps their own progress); remembered for next time."""
        self._raise_on_refusal(self.send_intent({"type": "learner", "name": name}))

    @property
    def learner(self) -> str:
        """Whose progress this is ("" for the progress kept before names, until a name is given)."""
        return self._learner.name

    def send_intent(self, intent: Any) -> str | None:
        """Handle one message from the page (or from :meth:`play`): a refusal's reason, or ``None``."""
        kind = intent.get("type") if isinstance(intent, dict) else None
        handler = self._INTENT_HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            # the unknown name is not repeated: it is whatever a page sent, and only the known ones help
            return self._run(lambda: f"an intent of the learning path is one of {', '.join(self.INTENTS)}; "
                                     "this one is none of them")
        return self._run(lambda: handler(self, intent))

    def __repr__(self) -> str:
        return f"<LearnPath chapter={self._only}>" if self._only else "<LearnPath>"

    def _repr_html_(self) -> str:  # what a notebook saved without its widgets shows
        return ("<p><b>Learn by doing.</b> Every rule a short stage on a live table. It needs a running notebook: "
                "open this one in JupyterLab.</p>")

    def _show_error(self, text: str) -> None:
        """The error line in the path's language: a refusal said again from its message, or the catalog's words
        (it was English on every page)."""
        super()._show_error(refusal_words(text, self._lang) if text else text)

    # --- intents -----------------------------------------------------------------------------------
    def _on_try(self, intent: dict[str, Any]) -> str | None:
        move = intent.get("move")
        if not isinstance(move, str):
            return N_("A try is a move, like 'You plays red 8'.")
        if self._last is not None and self._last.outcome in ("allowed", "done"):
            return N_("Press Try again (or Next stage) first: the table shows what your last move did.")
        attempt = self.current.judge(move, self._table)
        self._last, self._tried_on = attempt, self._table
        if attempt.outcome == "done":
            self.progress.record(progress_id(self.current), right=self._wrong_tries == 0, topic=LEARN_TOPIC)
        elif attempt.outcome != "step":  # a step of the task is no miss
            self._wrong_tries += 1
        if attempt.after is not None:
            self._table = attempt.after
        return None

    def _on_again(self, intent: dict[str, Any]) -> str | None:
        tries = self._wrong_tries
        self._load(self._index)
        self._wrong_tries = tries  # a star is for the first try: trying again does not clear the misses
        return None

    def _on_next(self, intent: dict[str, Any]) -> str | None:
        if self._index + 1 >= len(self._stages):
            return N_("This was the last stage of the path.") if self._only is None else \
                N_("This was the chapter's last stage.")
        self._load(self._index + 1)
        return None

    def _on_goto(self, intent: dict[str, Any]) -> str | None:
        wanted = intent.get("stage")
        ids = [s.id for s in self._stages]
        if wanted not in ids:  # which is not one, and what the names are (they are many: the first and the last)
            return said_again(N_("{stage} is not a stage of the path: choose one by its name, from {first} to {last} "
                           "(the map of the path lists them)."), stage=brief(wanted), first=ids[0],
                              last=ids[-1])
        self._load(ids.index(wanted))
        return None

    def _on_learner(self, intent: dict[str, Any]) -> str | None:
        self._learner = self._learner.switched(intent.get("name"))  # a name that is none: refused, in one line
        self.progress = Progress(self._data_dir, clock=self.progress.clock, learner=self._learner.name)
        self._load(self._first_not_done())
        return None

    _INTENT_HANDLERS: dict[str, Callable[["LearnPath", dict[str, Any]], str | None]] = {
        "try": _on_try, "again": _on_again, "next": _on_next, "goto": _on_goto, "learner": _on_learner,
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """What the page sends: a move tried, the stage again, the next stage, a stage chosen, another learner."""

    def _load(self, index: int) -> None:
        self._index = index
        self._table = self._stages[index].start()
        self._wrong_tries = 0
        self._last = None

    def _first_not_done(self) -> int:
        done = self._done_ids()
        return next((i for i, s in enumerate(self._stages) if progress_id(s) not in done), 0)

    def _done_ids(self) -> dict[str, bool]:
        """Each stage done so far, and whether it was ever done at the first try."""
        found: dict[str, bool] = {}
        for attempt in self.progress.attempts:
            if attempt.topic == LEARN_TOPIC:
                found[attempt.puzzle] = found.get(attempt.puzzle, False) or attempt.right
        return found

    # --- what the page shows -----------------------------------------------------------------------
    def _redraw(self) -> None:
        self.whose = self._learner.status(self._lang)
        said = self._said.gettext
        stage = self.current
        done = self._done_ids()
        chapters = [c for c in self._chapters if self._only is None or c.id == self._only]
        first_new = next((c.stages[0].id for c in chapters if not c.known_from_classic), None)
        self.path = {
            "chapters": [{"id": c.id, "title": said(c.title), "about": said(c.about),
                          "known_from_classic": c.known_from_classic,
                          "stages": [{"id": s.id, "title": said(s.title), "done": progress_id(s) in done,
                                      "star": done.get(progress_id(s), False)} for s in c.stages]}
                         for c in chapters],
            "at": stage.id, "number": self._index + 1, "of": len(self._stages),
            "classic_start": first_new if first_new and first_new != self._stages[0].id else None,
            "done": sum(progress_id(s) in done for s in self._stages),
        }
        chapter = next(c for c in self._chapters if c.id == stage.chapter) if stage.chapter else None
        self.stage = {
            "id": stage.id, "title": said(stage.title), "rule": said(stage.rule), "task": said(stage.task),
            "chapter": said(chapter.title) if chapter else "",
            "rules": said(_game_of(stage, chapter)),
            "table": _table(stage, self._table, self._lang),
        }
        last = self._last
        if last is None:
            self.feedback = {}
            return
        ruling = RULINGS[stage.ruling]
        move = _move_told(last, self._tried_on, self._lang)
        self.feedback = {
            "kind": last.outcome, "heading": said(_HEADINGS[last.outcome]), "move": move,
            # the stage's own why teaches this move; the engine's general reason is then one tap away, not said twice
            "reason": refusal_words(last.reason, self._lang), "reason_folded": bool(last.reason and last.why),
            "why": said(last.why) if last.why else "",
            "events": _said(last.events, self._lang),
            # how many of them the answer says out loud, the rest folded under "What happened": a move that did
            # the task shows its result on the table, and the answer's first line says what was played; a wrong
            # try's first sentence says what the move really did, the rest is one tap away
            # (a draw's first sentence is its move line, "You draw 4 cards.": said even when the rest is folded)
            "events_shown": 0 if last.done and move else 1,
            # the rulebook's words: in the catalogs when the rulebook's translation puts them there, else English;
            # its title the term tables' word, as the rulebook page in that language heads it
            "ruling": {"title": ruling_titles(self._lang)[ruling.id], "text": stage.ruling_text(self._lang)} if last.done else None,
            "last": self._index + 1 >= len(self._stages),
            "first_try": last.done and self._wrong_tries == 0,
        }


def _game_of(stage: Stage, chapter: Chapter | None) -> str:
    """Which game the stage's rule belongs to, as its chapter line says: a chapter known from classic UNO teaches
    a rule of both games (its plain wild is classic UNO's card, its rule No Mercy's too)."""
    if chapter is not None and chapter.known_from_classic:
        return _BOTH_GAMES
    return _PROFILE_NAMES.get(stage.table.rules.name, stage.table.rules.name)


def _table(stage: Stage, state: GameState, lang: str = SOURCE) -> dict[str, Any]:
    """The table as the learner sees it: their hand with the moves each card makes, the others' counts, the
    top card, the color, the pending draw, and the buttons of the moves that are not a card."""
    you = state.seats.index(stage.you)
    listed = [w.move for w in stage.wrong] + list(stage.done)
    # calling UNO is offered only where the stage is about it: a Call UNO button in a stage about a reverse (the
    # learner holds two cards) asks about a rule the path has not taught yet, and the stage never needs it
    legal = [m for m in legal_moves(state) if getattr(m, "seat", None) == you and (not isinstance(m, CallUno) or m in listed)]
    offered = legal + [m for m in listed if m not in legal]
    hand = []
    for i, card in enumerate(state.hands[you]):
        moves = [m for m in offered if isinstance(m, Play) and m.card == card]
        if not moves:  # a card that does not fit is still a try: the engine says why
            moves = [Play(you, card, color=COLORS[0] if "color" in card.rank.choices else None)]
        hand.append({"key": f"{i}", "card": str(card), "name": _card(card, lang),
                      # the card a draw just turned up that fits: it is the one to play, and the table says so
                      "drawn": state.turn == you and state.drawn == card and i == len(state.hands[you]) - 1,
                      "svg": _picture(card_svg(card, width=64, lang=lang), card, lang),
                     "moves": [{"label": _label(m, state, lang), "move": state.move_text(m)} for m in moves]})
    actions = [{"label": _label(m, state, lang), "move": state.move_text(m)}
               for m in dict.fromkeys([Draw(you)] + [m for m in offered if not isinstance(m, Play)])]
    top = state.top_card
    return {
        "seats": [{"name": name, "shown": _seat(name, lang), "count": len(state.hands[i]),
                   "turn": i == state.turn and not state.is_over,
                   "you": i == you, "out": i in state.out, "winner": state.winner == i}
                  for i, name in enumerate(state.seats)],
        "top": str(top) if top else "", "top_name": _card(top, lang) if top else "",
        "top_svg": _picture(card_svg(top, state.color, width=72, lang=lang), top, lang) if top else "",
        "back_svg": card_back_svg(width=48, deck=stage.table.rules.deck),
        "color": str(state.color) if state.color else "", "pending": state.pending,
        "direction": state.direction_name, "draw_pile": len(state.draw_pile),
        "hand": hand, "actions": actions, "over": state.is_over,
        "mercy_limit": stage.table.rules.mercy_limit,
    }


_TOLD = {
    ("play", False): N_("you played the {card}."), ("play", True): N_("you tried to play the {card}."),
    ("color", False): N_("you played the {card} and named {color}."),
    ("swap", False): N_("you played the {card} and swapped hands with {player}."),
    ("swap", True): N_("you tried to play the {card} and swap hands with {player}."),
    ("keep", False): N_("you played the {card} and kept your hand."),
    ("keep", True): N_("you tried to play the {card} and keep your hand."),
    ("take", True): N_("you tried to take the {count} cards."), ("draw", True): N_("you tried to draw."),
    ("pass", False): N_("you kept the card."), ("pass", True): N_("you tried to keep the card."),
    ("name", False): N_("you named {color}."), ("name", True): N_("you tried to name {color}."),
    ("uno", False): N_("you called UNO."), ("uno", True): N_("you tried to call UNO."),
    ("catch", False): N_("you caught {player}."), ("catch", True): N_("you tried to catch {player}."),
    ("challenge", False): N_("you challenged the wild +4."), ("challenge", True): N_("you tried to challenge."),
}
"""The learner's move, said in the past after the answer's heading: each move and whether the rules refused it. A
sentence of its own in every language: the buttons' words ("Play red 8") read as an order after "Done!" (the
Swedish and French readers of issue 41 met "Klart! Lägg röd 8", "Réussi ! Prendre les 4 cartes")."""


def _move_told(attempt: Attempt, state: GameState, lang: str = SOURCE) -> str:
    """The learner's move as a card player says it, in ``lang`` ("You played the red 8 and named red."; "you tried
    to play the blue 3." after "Not allowed:"), or nothing for a draw (its event says how many cards came). A move the
    page could not read is said as it came."""
    try:
        move = parse_move(attempt.move, state.seats)
    except NomercyError:
        return attempt.move
    refused = attempt.outcome == "refused"
    done = attempt.outcome in ("done", "step")
    said = words(lang)
    values: dict[str, Any] = {}
    if isinstance(move, Play):
        values["card"] = _card(move.card, lang)
        kind = "play"
        if move.color is not None and not refused:  # a refused wild was refused whatever its color: none was named
            kind, values["color"] = "color", _color(move.color, lang)
        if move.target is not None:
            kind, values["player"] = "swap", _seat(state.seats[move.target], lang)
        elif "target" in move.card.rank.choices and attempt.move.endswith(" keeping"):
            kind = "keep"
    elif isinstance(move, Draw):
        if not refused:
            return ""
        kind = "take" if state.pending else "draw"
        values["count"] = state.pending
    elif isinstance(move, Pass):
        kind = "pass"
    elif isinstance(move, NameColor):
        kind, values["color"] = "name", _color(move.color, lang)
    elif isinstance(move, CallUno):
        kind = "uno"
    elif isinstance(move, Catch):
        kind, values["player"] = "catch", _seat(state.seats[move.target], lang)
    elif isinstance(move, Challenge):
        kind = "challenge"
    else:
        return attempt.move
    told = said.gettext(_TOLD[(kind, refused)], **values)
    return told[:1].upper() + told[1:] if done else told


def _color(color: Any, lang: str) -> str:
    """A color named in ``lang`` (its English word in English)."""
    return str(color) if lang == SOURCE else words(lang).gettext(COLOR_WORDS[color])


def _said(events: Sequence[Event], lang: str = SOURCE) -> list[str]:
    """What a try did, in the fewest words and nothing twice: the move's own event is left out (the answer's
    heading names the move: the card played, the color named, UNO called), a stack says only how many cards wait
    for whom (the stage's rule just taught how to answer it), and a catch's penalty is not drawn a second time."""
    said = []
    for i, event in enumerate(events):
        if i == 0 and isinstance(event, _ECHOES):
            continue
        before = events[i - 1] if i else None
        if (isinstance(event, CardsDrawn) and isinstance(before, UnoCaught) and event.player == before.player
                and event.count == before.penalty):
            continue
        if lang == SOURCE:
            said.append(f"{event.pending}." if isinstance(event, StackGrew) else event.sentence)
        elif isinstance(event, StackGrew):
            said.append(seat_words.about_n(event.target, _PENDING, _PENDING_YOU, event.total, lang))
        else:
            said.append(sentence(event, lang))
    return said


_PENDING = n_("{count} card is now pending for {player}.", "{count} cards are now pending for {player}.")
_PENDING_YOU = n_("{count} card is now pending for you.", "{count} cards are now pending for you.")
"""A stack grown, without how to answer it (English says it with the event's own ``pending``); the second for the
person's own stack (:mod:`nomercy.core.seat_words`)."""


def _seat(name: str, lang: str) -> str:
    """A seat's name standing alone in ``lang`` (:func:`nomercy.core.seat_words.label`)."""
    return seat_words.label(name, lang)


def _card(card: Card, lang: str) -> str:
    """A card named in ``lang`` (its notation in English, as the pages always showed it)."""
    return str(card) if lang == SOURCE else card_name(card, lang)


def _picture(svg: str, card: Card, lang: str) -> str:
    """A card's picture, its accessible name in ``lang`` (the pictures name a card in English)."""
    return svg if lang == SOURCE else picture_named(svg, card_name(card, lang))


_ECHOES = (CardPlayed, ColorNamed, UnoCalled)
"""The events that only repeat the move that made them."""


def _label(move: Move, state: GameState, lang: str = SOURCE) -> str:
    """A move as its button says it (the card itself is drawn beside it), in ``lang``."""
    if lang != SOURCE:
        return _label_in(move, state, words(lang))
    if isinstance(move, Play):
        if move.color is not None:
            return f"Play, name {move.color}"
        if move.target is not None:
            return f"Play, swap with {state.seats[move.target]}"
        if state.move_text(move).endswith(" keeping"):
            return "Play, keep your hand"
        return "Play"
    if isinstance(move, Draw):
        return f"Take the {state.pending} cards" if state.pending else "Draw"
    if isinstance(move, Pass):
        return "Keep the card"
    if isinstance(move, NameColor):
        return f"Name {move.color}"
    if isinstance(move, CallUno):
        return "Call UNO"
    if isinstance(move, Catch):
        return f"Catch {state.seats[move.target]}"
    if isinstance(move, Challenge):
        return "Challenge"
    return state.move_text(move)


def _label_in(move: Move, state: GameState, said: Words) -> str:
    """:func:`_label` in another language: the same buttons, from the catalogs."""
    lang = said.lang
    if isinstance(move, Play):
        if move.color is not None:
            return said.gettext(N_("Play, name {color}"), color=said.gettext(COLOR_WORDS[move.color]))
        if move.target is not None:
            return said.gettext(N_("Play, swap with {player}"), player=_seat(state.seats[move.target], lang))
        if state.move_text(move).endswith(" keeping"):
            return said.gettext(N_("Play, keep your hand"))
        # English says "Play" beside the card; "Play" alone is the Play page's name in the catalogs
        return said.gettext(N_("Play this card"))
    if isinstance(move, Draw):
        if state.pending:
            return said.ngettext("Take the {count} card", "Take the {count} cards", state.pending)
        return said.gettext("Draw")
    if isinstance(move, Pass):
        return said.gettext(N_("Keep the card"))
    if isinstance(move, NameColor):
        return said.gettext("Name {color}", color=said.gettext(COLOR_WORDS[move.color]))
    if isinstance(move, CallUno):
        return said.gettext("Call UNO")
    if isinstance(move, Catch):
        return said.gettext(N_("Catch {player}"), player=_seat(state.seats[move.target], lang))
    if isinstance(move, Challenge):
        return said.gettext(N_("Challenge"))
    return state.move_text(move)
