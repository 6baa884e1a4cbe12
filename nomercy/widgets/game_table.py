"""The game table: play a whole round (or a match) in a notebook, against computer players.

The table itself is a :class:`~nomercy.play.table.TableSession` (plain Python: seats, rounds, the
UNO moment, the coach, records); this widget is its traits, intents and pictures. The browser
shows what Python syncs down (the ``table`` snapshot with its cards drawn, the ``log``, a
``prompt`` when a card needs one more choice, an ``error`` when a move is refused) and sends
intents up with ``model.send``; each goes to :meth:`TableSession.handle
<nomercy.play.table.TableSession.handle>` as one transaction with the drawing, so a refused or
broken intent leaves the table and the screen as they were.

Start a game in one line::

    GameTable("no-mercy", ["human", "greedy", "expert"], seed=1)

The same intents can be sent from Python, which is how the tests play whole games:

>>> table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
>>> table
<GameTable no-mercy seats=Player:human,Greedy:greedy seed=3 round=1 move=0 turn=Player>
>>> table.send_intent({"type": "move", "move": "Greedy draws"})
'You can only make moves for Player here; Greedy is a computer player.'
"""

from __future__ import annotations

import re

import datetime
import functools
import os
from typing import Any, Mapping, Sequence

import traitlets

from nomercy.core.cards import Card
from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_, SOURCE, language, plural_rule, words
from nomercy.core.refusals import refusal_words, said
from nomercy.core.rulebook import RULINGS, in_language
from nomercy.core.rules import RuleSet
from nomercy.core.state import GameState
from nomercy.core import wording
from nomercy.core.wording import is_you, option_words
from nomercy.teaching.code_words import in_words
from nomercy.play.game import GameRecord
from nomercy.core.said import COLOR_WORDS, card_name
from nomercy.play.said_at_table import log_words, prompt_words, said_all, status_words, table_words
from nomercy.play.table import MAX_PACE, TableSession
from nomercy.play.table_text import HUMAN
from nomercy.puzzles.kept import KeptFolder
from nomercy.puzzles.learners import Learners
from nomercy.teaching.terminology import ruling_titles
from nomercy.widgets._common import STATIC, GuardedWidget, card_back_svg, card_svg, picture_named, style_sheet
from nomercy.widgets.step_player import StepPlayer

__all__ = ["GameTable"]

_LOG_LINES = 120  # the log shows the latest lines; the full log stays in Python (``table.log_lines``)
DEFAULT_PACE = 0.8
"""Seconds between computer moves in the browser, unless the notebook asks otherwise."""
_card = functools.lru_cache(maxsize=1024)(Card.parse)  # the snapshot's cards, in notation, back to cards to draw



def _options_said(text: str, lang: str) -> str:
    """A ruling's text with its code in words: in English the short form the table has always shown ("first card:
    apply"); in another language each option, setting and ruling in that language's words, as the Rules pages say
    them (a Chinese reader found "`first_card: apply`" in English in the log), as plain text (no links)."""
    if lang == "en":
        return option_words(text)
    return option_words(_LINK.sub(r"\1", in_words(text, lang, rulebook="", sources="")))


_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
"""A Markdown link, whose words alone the table's log shows."""


class GameTable(GuardedWidget):
    """A playable table: human seats click, computer seats play through :func:`~nomercy.play.players.next_move`.

    ``rules`` is a profile name (or a :class:`~nomercy.core.rules.RuleSet`) and
    ``overrides`` change single options (``stacking="anything-goes"``). ``players``
    lists each seat's kind: ``"human"`` or a computer kind (``random``, ``greedy``,
    ``expert``); two or more humans share the screen (hot-seat), and a hand is
    hidden until its owner asks to see it. ``pace`` is the pause, in seconds,
    between computer moves in the browser; ``0`` plays them at once (what tests
    use). ``match=True`` plays rounds until someone reaches the score target; undo
    is then off unless ``undo=True`` asks for it. ``coach=True`` adds a Hint
    button, warnings before a regrettable move and a review after the round
    (:mod:`nomercy.play.coach`); ``auto_uno=True`` calls UNO for a person the
    moment they go down to one card. ``lang="sv"`` shows the table's own words (its buttons, headings and
    badges) in Swedish, ``"fr"`` French, ``"zh-Hant"`` Chinese, and so are the engine's sentences in the log.
    ``save_to="my-game.json"`` saves the round to that file after every
    change and, when the table opens again, resumes it (:mod:`nomercy.play.saved_game`).
    Every option is the session's (:class:`~nomercy.play.table.TableSession`).
    """

    _esm = STATIC / "game_table.js"
    _css = style_sheet("game_table.css")

    table = traitlets.Dict().tag(sync=True)
    log: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    rulings = traitlets.Dict().tag(sync=True)  # ruling id -> title and text, sent once for the log to expand
    prompt = traitlets.Dict().tag(sync=True)
    export = traitlets.Unicode("").tag(sync=True)
    pace = traitlets.Float(DEFAULT_PACE).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    auto_uno = traitlets.Bool(False).tag(sync=True)
    coach = traitlets.Bool(False).tag(sync=True)
    advice = traitlets.Dict().tag(sync=True)  # the coach's hint, or a warning holding a move back
    review = traitlets.Dict().tag(sync=True)  # the coach's review of the finished round
    # the table's own words in the language chosen (nomercy.core.i18n): English message to its words; none for English
    words = traitlets.Dict().tag(sync=True)
    plural = traitlets.Unicode("one").tag(sync=True)  # how a count picks its plural form (i18n.PLURAL_RULES)

    INTENTS: tuple[str, ...] = TableSession.INTENTS + ("keep_mistake",)
    """The intents the front end sends (the session's: a card clicked, a move button, a prompt cancelled, ...), and
    the widget's own ``keep_mistake``: keep a mistake the review names as a puzzle for the trainer
    (:mod:`nomercy.puzzles.kept`, in the trainer's data folder)."""

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] | Mapping[str, str] = (HUMAN, "greedy", "greedy"),
        *,
        seed: int = 0,
        pace: float = DEFAULT_PACE,
        match: bool = False,
        undo: bool | None = None,
        coach: bool = False,
        auto_uno: bool = False,
        save_to: str | os.PathLike[str] | None = None,
        lang: str = SOURCE,
        **overrides: Any,
    ) -> None:
        lang = language(lang)  # checked before anything is dealt
        super().__init__()
        self._open(TableSession(rules, players, seed=seed, pace=pace, match=match, undo=undo, coach=coach,
                                auto_uno=auto_uno, save_to=save_to, **overrides), lang)

    @classmethod
    def around(cls, session: TableSession, *, lang: str = SOURCE) -> "GameTable":
        """A widget over a table session made elsewhere (a record loaded, the deal of the day), its own words in
        ``lang`` (a code of :data:`nomercy.core.i18n.LANGUAGES`)."""
        inputs.one_of_kind(session, TableSession, "a table session (TableSession)")
        lang = language(lang)
        table = cls.__new__(cls)
        GuardedWidget.__init__(table)
        cls._open(table, session, lang)  # the class's own step, on a widget it just made
        return table

    def _open(self, session: TableSession, lang: str) -> None:
        self._session, self._lang = session, lang
        self._kept: tuple[Any, dict[int, str]] = (None, {})  # the review kept from, and what keeping each mistake did
        self._keeps = 0
        with self.hold_sync():
            # option ids in words ("voluntary draw: on"): the rulebook's Markdown keeps them in backticks
            # in the table's language: the rulebook's words from the catalogs, the titles from the term tables
            titles = ruling_titles(lang)
            self.rulings = {r.id: {"title": option_words(r.title), "text": _options_said(r.text, lang)}
                            for r in (in_language(ruling, lang, titles[ruling.id]) for ruling in RULINGS.values())}
            self.words = words(self._lang).catalog()
            self.plural = plural_rule(self._lang)
            self.pace = session.pace
            self.coach = session.coach
            self.auto_uno = session.auto_uno
            self._render()
        if session.notice:  # a save that could not be resumed: said where the learner looks
            self._show_error(session.notice)
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------------ public Python API
    @property
    def session(self) -> TableSession:
        """The table this widget shows (plain Python: read it, or drive it through :meth:`send_intent`)."""
        return self._session

    @property
    def state(self) -> GameState:
        """The position now (a value: keep it, compare it, step it)."""
        return self._session.state

    @property
    def seats(self) -> tuple[str, ...]:
        return self._session.seats

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._session.kinds

    @property
    def log_lines(self) -> list[dict[str, Any]]:
        """Every line of this round's log (the widget shows the latest ones)."""
        return self._session.log_lines

    def record(self) -> GameRecord:
        """This round as a record (rules, seats, seed, dealer, moves) that replays to the same position."""
        return self._session.record()

    def send_intent(self, intent: Mapping[str, Any]) -> str | None:
        """Handle one intent exactly as if the browser had sent it; the refusal reason, or ``None``."""
        return self._handle(dict(intent) if isinstance(intent, Mapping) else intent)

    def move(self, move: str) -> str | None:
        """Make a move in notation for the human seat on screen (``"Player plays red 7"``)."""
        return self.send_intent({"type": "move", "move": move})

    @classmethod
    def deal_of_the_day(cls, date: datetime.date | str | None = None, **options: Any) -> "GameTable":
        """One seeded deal per date, the same for everyone, against the same computer players.

        The seed comes from the date (:func:`~nomercy.core.seeds.derive_seed`, through ``short_seed``);
        ``date`` is a ``datetime.date`` or ``"YYYY-MM-DD"`` (today, in UTC, when left out). When the round
        ends the table shows a short result line to share.

        >>> GameTable.deal_of_the_day("2026-12-01", pace=0).record().seed == GameTable.deal_of_the_day(
        ...     datetime.date(2026, 12, 1), pace=0).record().seed
        True
        """
        options.setdefault("pace", DEFAULT_PACE)
        lang = language(options.pop("lang", SOURCE))
        return cls.around(TableSession.deal_of_the_day(date, **options), lang=lang)

    @classmethod
    def from_record(cls, record: GameRecord | str, players: Mapping[str, str] | None = None,
                    **options: Any) -> "GameTable":
        """A table at the position a saved record (a :class:`GameRecord` or its JSON) reaches, ready to play on.

        Each seat's kind comes from ``players`` (name to kind), or from its name: "Greedy", "Random2" and
        "Expert" are computer players of that kind, any other name is a person.
        """
        options.setdefault("pace", DEFAULT_PACE)
        lang = language(options.pop("lang", SOURCE))
        return cls.around(TableSession.from_record(record, players, **options), lang=lang)

    def review_player(self, index: int, *, move: str = "suggested") -> StepPlayer:
        """A step player at decision ``index`` of the round's review (mistakes first, then close calls), playing the
        expert's move (or ``"played"``)."""
        result = self._session.reviewed
        if result is None:
            raise NomercyError("there is no review yet: finish the round and click 'Review my round'")
        decision = result.decisions[inputs.index(index, "a decision of the review", len(result.decisions))]
        which = inputs.choice(move, "the move to play", ("suggested", "played"))
        return StepPlayer(decision.state, moves=[decision.played.move if which == "played" else decision.suggested])

    def __repr__(self) -> str:
        return f"<GameTable {self._session.describe()}>"

    def _show_error(self, text: str) -> None:
        """The error line in the table's language: a refusal said again from its message and values
        (:func:`nomercy.core.refusals.refusal_words`); English as it is."""
        lang = self.__dict__.get("_lang", SOURCE)
        super()._show_error(refusal_words(text, lang) if lang != SOURCE else text)

    # ------------------------------------------------------------------ intents and settings
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self._handle(content)

    def _handle(self, intent: dict[str, Any]) -> str | None:
        """One intent, drawn with it, as a transaction (:meth:`GuardedWidget._run`): done whole, or not at all."""
        if isinstance(intent, Mapping) and intent.get("type") == "keep_mistake":
            with self.hold_sync():  # the widget's own: the puzzles layer keeps it, the session stays as it is
                return self._run(lambda: self._keep_mistake(intent.get("index")))
        with self.hold_sync():
            # a computer's move leaves a refusal shown before it on screen; every other click clears it
            return self._run(lambda: self._session.handle(intent, show=self._render),
                             clear_error=not isinstance(intent, Mapping) or intent.get("type") != "advance")

    @traitlets.validate("pace")
    def _valid_pace(self, proposal: dict[str, Any]) -> float:
        return min(MAX_PACE, max(0.0, float(proposal["value"])))

    @traitlets.observe("pace")
    def _pace_changed(self, change: dict[str, Any]) -> None:
        session = self.__dict__.get("_session")
        if session is None:
            return
        session.pace = change["new"]
        if change["new"] == 0 and session.waiting == "computer":  # instant now: the computers move at once
            self._handle({"type": "advance", "version": session.version})

    @traitlets.observe("coach", "auto_uno")
    def _setting_changed(self, change: dict[str, Any]) -> None:
        session = self.__dict__.get("_session")
        if session is not None:
            setattr(session, change["name"], bool(change["new"]))

    # ------------------------------------------------------------------ what the browser shows
    def _render(self) -> None:
        session = self._session
        with self.hold_sync():
            self.table = self._said(self._pictured(session.snapshot()))
            self.log = self._said_log(session.latest_lines(_LOG_LINES))  # the rulings' words travel once, in ``rulings``
            self.prompt = prompt_words(session.prompt, session.state, self._lang)
            self.advice = self._coach_said(session.advice)
            self.review = self._review_board()
            self.export = session.export
            self.version = session.version

    def _coach_said(self, shown: dict[str, Any]) -> dict[str, Any]:
        """What the coach gives the table (its hint or warning, its review) in the table's language: every sentence
        said again from its message and values (:func:`~nomercy.play.said_at_table.said_all`), a ruling's title from
        the term tables; plain text in English as it was."""
        said = said_all(shown, self._lang)
        if self._lang == SOURCE:
            return said
        for item in [said, *said.get("warnings", [])]:
            if item.get("rule") in self.rulings and item.get("title"):
                item["title"] = self.rulings[item["rule"]]["title"]
        return said

    def _said_log(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log's lines in the table's language: the engine's sentences from the round's events
        (:mod:`nomercy.play.said_at_table`); English lines as they are."""
        if self._lang == SOURCE:
            return lines
        session = self._session
        return log_words(lines, session.transcript().events, session.state, session.round_number, self._lang)

    def _said(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        """The snapshot's buttons, top-card caption and latest move in the table's language; English as it is."""
        if self._lang == SOURCE:
            return snapshot
        session = self._session
        shown = table_words(snapshot, session.state, session.transcript(), self._lang)
        shown["status"] = status_words(snapshot, session.state, session.viewer, session.kinds, session.humans,
                                       session.prompt, session.advice, self._lang)
        if shown.get("over"):
            shown["over"] = {**shown["over"], "title": shown["status"]}  # the end of the round, as the status says it
        return shown

    def _pictured(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        """The session's snapshot with its cards drawn (``svg``, ``back``, ``top_svg``, ``deck_svg``; a finished
        round's hands as pictures)."""
        s = self._session.state
        deck = s.rules.deck
        back = card_back_svg(24, deck)
        if self._lang != SOURCE:  # the back's tooltip in the table's language
            back = picture_named(back, words(self._lang).gettext(wording.FACE_DOWN))
        for seat in snapshot["seats"]:
            seat["back"] = back
        for card in snapshot["hand"]:
            card["svg"] = card_svg(_card(card["card"]), None, 64, card["playable"], card["drawn"], self._lang)
            if self._lang != SOURCE:  # its tooltip and accessible name in the table's language, as the top card's
                card["svg"] = picture_named(card["svg"], card_name(_card(card["card"]), self._lang))
        top = s.top_card
        snapshot["top_svg"] = card_svg(top, s.color if top.is_wild else None, 84, False, False, self._lang)
        if self._lang != SOURCE:  # the picture's own name (what a screen reader says, a tooltip) in the table's language
            named = f", {words(self._lang).gettext(COLOR_WORDS[s.color])}" if top.is_wild and s.color else ""
            snapshot["top_svg"] = picture_named(snapshot["top_svg"], card_name(top, self._lang) + named)
        snapshot["deck_svg"] = card_back_svg(56, deck)
        if self._lang != SOURCE:
            snapshot["deck_svg"] = picture_named(snapshot["deck_svg"], words(self._lang).gettext(wording.FACE_DOWN))
        if self._lang != SOURCE and s.rules.mercy_limit is not None:  # the wording module's lines, in the table's language
            said, limit = words(self._lang).gettext, s.rules.mercy_limit
            for seat in snapshot["seats"]:
                seat["mercy_text"] = said(wording.MERCY_BAR_SEAT, count=seat["count"], limit=limit)
            snapshot["mercy_legend"] = said(wording.MERCY_BAR_LEGEND, limit=limit)
        if snapshot["over"]:
            for hand in snapshot["over"]["hands"]:
                hand["cards"] = [card_svg(_card(c), None, 30, False, False, self._lang) for c in hand["cards"]]
                hand["you"] = is_you(hand["name"])  # said in the second person ("You were knocked out.")
        return snapshot

    def _keep_mistake(self, index: Any) -> str | None:
        """Keep mistake ``index`` of the review (numbered as the review lists them, from 0) as a puzzle."""
        result = self._session.reviewed
        if result is None:
            return "There is no review yet: click 'Review my round' first."
        mistakes = result.mistakes
        if not mistakes:
            return "The review names no mistake to keep."
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(mistakes):
            return f"a mistake of the review is a number from 0 to {len(mistakes) - 1}, not {inputs.quote(index)}"
        seat = self._session.state.seats.index(result.seat)
        try:
            # kept for the learner the trainer and the learning path were last used by (each keeps their own)
            learner = Learners().remembered()
            kept = KeptFolder(learner=learner).keep(mistakes[index], seat, seed=result.seed, budget=result.budget)
        except NomercyError as error:
            sentence = refusal_words(str(error), self._lang)  # (the coach's second look: a sentence of the catalogs)
        else:
            sentence = said(wording.KEPT_AGAIN if kept.again else wording.KEPT_NOW)
            if learner:
                sentence = said(N_("{sentence} {next}"), sentence=sentence, next=said(wording.KEPT_FOR, name=learner))
        known = self._kept if self._kept[0] is result else (result, {})
        self._kept = (result, {**known[1], index: sentence})
        self._keeps += 1  # a click answered with the same sentence still redraws the button it disabled
        self.review = self._review_board()
        return None

    def _review_board(self) -> dict[str, Any]:
        """The review as the session has it, with the position of the decision opened drawn (``board``), and what
        keeping each mistake did (``kept``: the mistake's index to a sentence)."""
        result = self._session.reviewed
        kept = self._kept[1] if result is not None and self._kept[0] is result else {}
        board = self._review_with_board()
        if "mistakes" not in board:
            return self._coach_said(board)
        return self._coach_said({**board, "keep_label": said(wording.KEEP_MISTAKE),
                                 "kept": {str(i): s for i, s in kept.items()}, "keeps": self._keeps})

    def _review_with_board(self) -> dict[str, Any]:
        review = self._session.review
        result = self._session.reviewed
        if result is None or "open" not in review:
            return review
        index = review["open"]
        if index is None:
            return {**review, "board": ""}
        from nomercy.teaching.pictures import state_html

        return {**review, "board": state_html(result.decisions[index].state.view(result.seat), inline=True,
                                              lang=self._lang)}
