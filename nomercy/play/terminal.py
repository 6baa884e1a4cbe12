"""A game table in a terminal: the second front end of :class:`~nomercy.play.table.TableSession` (``nomercy play``).

The session is the table (rules, computer players, the UNO moment, the coach, saving); this module
only prints its snapshot as text and turns each line typed into one intent. A line is the number of
a listed move, a move in notation (the seat's name may be left out: ``plays red 7``, ``draws``), a
card (``red 7``: its choices are then listed), or a command (``help``). A line the table refuses is
answered with one line saying why, and nothing changes.

In a terminal the UNO moment is counted in lines rather than seconds: the table's clock moves on by
:data:`~nomercy.play.uno_moment.UNO_MOMENT` with every line read, so a person who goes down to one
card without calling UNO has exactly their next line to type ``uno`` before a computer may catch them.
"""

from __future__ import annotations

import datetime
import os
import sys

from typing import Any, Callable, Mapping, Sequence

from nomercy.core import typed_text
from nomercy.core.cards import Card, Color
from nomercy.core.engine import legal_moves
from nomercy.core.errors import NomercyError, brief
from nomercy.core.rulebook import RULINGS
from nomercy.core import said, seat_words
from nomercy.play.said_at_table import log_words, move_words, said_all, status_words, table_words
from nomercy.core.i18n import N_, SOURCE, words
from nomercy.core.refusals import reason_of, refusal_words
from nomercy.core.moves import VERBS
from nomercy.core.wording import COMPUTER_NAMES, PERSON, is_you, plural, rules_name, strength_of, verb
from nomercy.core.rules import RuleSet
from nomercy.play.daily_deal import DAILY_PLAYERS, daily_seed
from nomercy.play.saved_game import SavedGame
from nomercy.play.table import TableSession, day_of
from nomercy.play.table_text import HUMAN, kinds_from_names
from nomercy.play.uno_moment import UNO_MOMENT

__all__ = ["TerminalTable", "COMMANDS", "PROMPT_KINDS", "check_save", "read_line", "ruling_titles_given"]

PROMPT_KINDS = ("move", "uno", "coach", "round")
"""The kinds of question the table asks: a move, the UNO moment, the coach's "Play it anyway?", "Another round?".
Each takes quit and the end of input as leaving (tests/test_hostile_terminal.py tries them all)."""

COMMANDS = {
    "help": N_("this list"),
    "hint": N_("the coach's suggestion (with --coach)"),
    "uno": N_("call UNO (holding two cards on your turn: called together with your next play)"),
    "undo": N_("take back your last move and the computer moves after it"),
    "cancel": N_("take back a card's open question"),
    "table": N_("show the table again"),
    "quit": N_("leave the table"),
}
"""What a person may type besides a move or a card (the commands are typed in English in every language; what
each does is said in the table's)."""

YES_NO = {"sv": {"ja": "yes", "j": "yes", "nej": "no", "n": "no"}, "fr": {"oui": "yes", "o": "yes", "non": "no"},
          "zh-Hant": {"是": "yes", "好": "yes", "要": "yes", "否": "no", "不": "no", "不要": "no"}}
"""The yes and no of a language, typed at a yes/no question (English's yes and no are always taken too)."""

_VERBS = tuple(form for verb_forms in VERBS.items() for form in verb_forms)
"""The verbs of the move notation (``Ann plays red 7``, ``You play red 7``): a line that starts with one is a move
of the person."""

Read = Callable[[str], str]
Write = Callable[[str], None]


def read_line(prompt: str) -> str:
    """A line typed at the prompt, without its line end; ``EOFError`` at the end of input.

    The bytes are read and decoded here (bytes that are not UTF-8 are kept as lone surrogates, which
    :func:`nomercy.core.typed_text.line` refuses in one line), and at most a few times :data:`MAX_LINE`
    characters are kept of a line: the rest of a longer one is read and dropped, so a line of a gigabyte
    is one refusal, not a gigabyte in memory or a string of next lines.

    Not ``input()``: in a terminal it hands the line to GNU readline, which prints the prompt and then waits
    in ``select`` without looking at Python's signals again, so a Ctrl-C pressed just as the prompt shows
    is lost until the next key. Here the prompt is written by Python and the wait is a plain read, which
    Ctrl-C always ends (the line discipline of the terminal still lets a person erase what they type).
    """
    sys.stdout.write(prompt)
    sys.stdout.flush()
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes under it (a test's StringIO)
        text = sys.stdin.readline(_KEPT_CHARS)
        if not text:
            raise EOFError
        rest = text
        while not rest.endswith("\n") and rest:
            rest = sys.stdin.readline(_KEPT_CHARS)
        return text.rstrip("\r\n")
    data = stream.readline(_KEPT_CHARS)
    if not data:
        raise EOFError
    rest = data
    while not rest.endswith(b"\n") and rest:  # the rest of a line longer than is kept
        rest = stream.readline(_KEPT_CHARS)
    return data.decode("utf-8", "surrogateescape").rstrip("\r\n")


_KEPT_CHARS = 4 * typed_text.MAX_LINE + 2
"""The most bytes of one line kept: enough to say how long a long line is without holding all of it."""


def check_save(save_to: str | os.PathLike[str] | None, *, rules: RuleSet | None = None,
               kinds: Sequence[str] | None = None, seed: int | None = None,
               daily: datetime.date | None = None) -> None:
    """Refuse, before the table opens (and so before anything is played or saved), a save this table must not
    resume: one with more or fewer than one person at it, a round other than the day's for a deal of the day,
    or one played under other ``rules``, seats of other ``kinds`` or another ``seed`` than the ones asked for
    (``None``: not asked). A save that cannot be read is not refused here: the table sets it aside, saying so.
    """
    if save_to is None:
        return
    save = SavedGame(save_to)  # a folder, a missing folder: refused here, in one line
    try:
        record = save.read()
    except NomercyError:
        return
    if record is None:
        return
    name = save.path.name
    held = kinds_from_names(record.seats)
    people = held.count(HUMAN)
    if people != 1:
        raise NomercyError(f"{name} holds a round with {people} people at it ({', '.join(record.seats)}); a terminal "
                           "table has one person at it: give another --save file")
    keep = f"leave the option out to resume the round {name} holds, or give another --save file"
    if daily is not None and (record.seed != daily_seed(daily) or record.seats != tuple(DAILY_PLAYERS)):
        raise NomercyError(f"{name} holds another round (seed {record.seed}), not the deal of {daily}: give "
                           "another --save file for the deal of the day")
    if rules is not None and record.rules != rules:
        raise NomercyError(f"{name} holds a round played under {_rules_text(record.rules)}, not "
                           f"{_rules_text(rules)}: {keep}")
    if kinds is not None and tuple(kinds) != held:
        raise NomercyError(f"{name} holds a round of {', '.join(record.seats)}, not of you against {', '.join(kinds[1:])}: {keep}")
    if seed is not None and seed != record.seed:
        raise NomercyError(f"{name} holds a round dealt from seed {record.seed}, not {seed}: {keep}")


def _rules_text(rules: RuleSet) -> str:
    """A rule set as a person gave it: its name and the options set on top of it."""
    from nomercy.core.rules import PROFILES

    changed = rules.differences(PROFILES.get(rules.name) or RuleSet())
    return rules.name + "".join(f" --set {option}={mine}" for option, (mine, _) in changed.items())


class TerminalTable:
    """A :class:`TableSession` with one person, played by lines of text (``read`` a line, ``write`` a line)."""

    def __init__(self, rules: str | RuleSet, players: Sequence[str] | Mapping[str, str], *, seed: int, coach: bool = False,
                 save_to: str | None = None, overrides: Mapping[str, Any] | None = None, read: Read = read_line,
                 write: Write = print, daily: datetime.date | str | None = None, lang: str = SOURCE,
                 titles: Mapping[str, str] | None = None) -> None:
        """``titles`` are the rulings' titles in ``lang`` by id, as the language's term table names them
        (:func:`nomercy.teaching.terminology.ruling_titles`, which the command line passes: the term tables sit
        above this layer); without them the coach's lines name a ruling by the rulebook's English title."""
        self._words = words(lang)  # the table's own lines in this language (nomercy.core.i18n); checked first
        self._titles = ruling_titles_given(titles)
        self._lines = 0
        check_save(save_to, daily=None if daily is None else day_of(daily))  # before the session resumes it
        players = _seats_named(players, lang)
        self.session = (TableSession(rules, players, seed=seed, coach=coach, save_to=save_to, clock=self._clock,
                                     **(overrides or {})) if daily is None else
                        TableSession.deal_of_the_day(day_of(daily), coach=True, save_to=save_to, clock=self._clock))
        if len(self.session.humans) != 1:
            raise NomercyError(f"a terminal table has one person at it, not {len(self.session.humans)}")
        self._read, self._write = read, write
        self._shown: list[tuple[int, str]] = []  # the log lines printed so far (number, sentence)
        self._options: list[str] = []  # the moves listed last, by number
        self._changed = False  # whether the last line changed the table (then it is printed again)
        self._left: str | None = None  # set when the person left at a question inside a move (quit, end of input)

    @classmethod
    def deal_of_the_day(cls, date: datetime.date | str | None = None, *, save_to: str | None = None,
                        read: Read = read_line, write: Write = print, lang: str = SOURCE,
                        titles: Mapping[str, str] | None = None) -> "TerminalTable":
        """The deal of the day (:meth:`TableSession.deal_of_the_day`) at a terminal: today's in UTC, or ``date``."""
        return cls("no-mercy", [], seed=0, save_to=save_to, read=read, write=write, daily=day_of(date), lang=lang,
                   titles=titles)

    def _clock(self) -> float:
        """The UNO moment's clock: one moment per line read."""
        return self._lines * UNO_MOMENT

    @property
    def person(self) -> int:
        return self.session.humans[0]

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play until the person leaves (``quit``, end of input, or no next round); the exit status (0)."""
        session = self.session
        others = [f"{n} ({k})" if not n.lower().startswith(k) else n
                  for i, (n, k) in enumerate(zip(session.seats, session.kinds)) if i != self.person]
        name = session.seats[self.person]
        you = "You play" if is_you(name) else f"You are {name},"
        daily = session.snapshot()["daily"]
        deal = f"{daily['title']} ({session.rules.name} rules" if daily else f"{session.rules.name} rules"
        if self._words.lang == SOURCE:
            self._write(f"nomercy play: {deal}, seed {session.record().seed}{')' if daily else ''}. {you} "
                        f"against {', '.join(others)}. Type the number of a move, a move "
                        f"('{verb(name, 'plays')} red 7', '{verb(name, 'draws')}') or a card; 'help' lists the rest.")
        else:
            say = self._words.gettext
            others = [f"{n} ({say(strength_of(k) or k)})" if not n.lower().startswith(k) else n
                      for i, (n, k) in enumerate(zip(session.seats, session.kinds)) if i != self.person]
            if is_you(name):
                greeting = say(N_("nomercy play: {rules} rules, seed {seed}. You play against {others}. Type the "
                                  "number of a move, a move ('plays red 7', 'draws') or a card; 'help' lists the rest."),
                               rules=say(rules_name(session.rules.name)), seed=session.record().seed,
                               others=", ".join(others))
            else:
                greeting = say(N_("nomercy play: {rules} rules, seed {seed}. You play {player} against {others}. Type "
                                  "the number of a move, a move ('plays red 7', 'draws') or a card; 'help' lists the "
                                  "rest."), rules=say(rules_name(session.rules.name)), seed=session.record().seed,
                               player=name, others=", ".join(others))
            self._write(greeting)
        if session.notice:
            self._write(session.notice)
        show_table = True
        while True:
            self._print_log()
            snap = session.snapshot()
            if snap["over"]:
                self._print_result(snap)
                said = self._choose(self._words.gettext(N_("Another round? (yes/no)> ")), ("yes", "no", "quit"))
                if said != "yes":
                    return self._leave("" if said is not None else "input ended")
                self._send({"type": "new_round"})
                show_table = True
                continue
            if session.waiting == "computer":  # only a catch waits, inside the person's UNO moment
                said = self._choose(self._words.gettext(
                    N_("You hold one card and have not called UNO: type uno now, or press Enter> ")), ("uno", "", "quit"))
                if said is None or said == "quit":
                    return self._leave("" if said else "input ended")
                self._send({"type": "uno" if said == "uno" else "advance"})
                if self._left is not None:
                    return self._leave(self._left)
                continue
            if show_table:
                self._print_table(snap)
            answer = self._ask(f"{seat_words.label(snap['viewer'], self._words.lang)}> ")
            if answer is None:
                return self._leave("input ended")
            done = self._answer(answer.strip())
            if done is not None:
                return done
            if self._left is not None:
                return self._leave(self._left)
            show_table = self._changed

    def _answer(self, text: str) -> int | None:
        """Act on one line; an exit status when the person leaves, else ``None``."""
        self._changed = False
        low = text.lower()
        if not text:
            self._changed = True
        elif low in ("q", "quit", "exit"):
            return self._leave("")
        elif low in ("help", "?"):
            width = max(map(len, COMMANDS))
            for name, what in COMMANDS.items():
                self._write(f"  {name.ljust(width)}  {self._words.gettext(what)}")
        elif low == "table":
            self._changed = True
        elif low == "hint":
            if not self.session.coach:
                self._say(self._words.gettext(N_("the coach is off at this table: start it with --coach")))
            elif self._send({"type": "hint"}):
                self._print_advice()
                self._changed = False  # a hint changes nothing on the table
        elif low in ("uno", "undo", "cancel"):
            self._send({"type": low})
        elif typed_text.is_number_like(text):
            self._numbered(text)
        elif (named := self._color_named(text)) is not None:
            self._send({"type": "move", "move": named})
        else:
            intent = self._intent(text)
            if isinstance(intent, str):
                self._say(intent)
            else:
                self._send(intent)
        return None

    def _numbered(self, text: str) -> None:
        """The listed move a number names (typed with the digits 0 to 9), or why there is none."""
        if not self._options:
            self._say(self._words.gettext(N_("no move is listed now, so there is no move {typed}: type table to see the "
                                             "table"), typed=typed_text.quote(text)))
            return
        said = self._words.gettext
        listed = said(N_("{first} to {last}"), first=1, last=len(self._options)) if len(self._options) > 1 else "1"
        try:
            number = typed_text.whole_number(text, "a move number", 0, 10**typed_text.MAX_DIGITS)
        except typed_text.TypedTextError:
            self._say(said(N_("there is no move {typed}: choose {listed}, typed with the digits 0 to 9, or type a move"),
                           typed=typed_text.quote(text), listed=listed))
            return
        if not 1 <= number <= len(self._options):
            self._say(said(N_("there is no move {number}: choose {listed}, or type a move"), number=number,
                           listed=listed))
            return
        self._send({"type": "move", "move": self._options[number - 1]})

    def _color_named(self, text: str) -> str | None:
        """The one listed move that names the color ``text`` is (``red`` or ``r`` when the table asks which color
        a wild names), else ``None``: a color is the answer a person types to that question."""
        try:
            color = Color.parse(text)
        except NomercyError:
            return None
        named = [move for move in self._options if move.endswith(f" {color.value}")]
        return named[0] if len(named) == 1 else None

    def _intent(self, text: str) -> dict[str, Any] | str:
        """A move (the person's name put in front when it was left out) or a card; else why the line is neither."""
        seats = self.session.seats
        if any(text.lower().startswith(name.lower() + " ") for name in seats):
            return {"type": "move", "move": text}
        if text.split()[0].lower() in _VERBS:
            return {"type": "move", "move": f"{seats[self.person]} {text}"}
        try:
            return {"type": "card", "card": str(Card.parse(text))}
        except NomercyError as error:
            if self._words.lang != SOURCE:  # the notation's own refusal is English: said here in a sentence of the language
                return self._words.gettext(N_("{typed} is neither a card nor a move: type the number of a listed move, a "
                                              "move like 'plays red 7' or 'draws', or help"),
                                           typed=typed_text.quote(text))
            return (f"{error}; type the number of a listed move, a move like 'plays red 7' or 'draws', "
                    "or help")

    def _send(self, intent: dict[str, Any]) -> bool:
        """Hand one intent to the table; whether it was done (a refusal is said in one line)."""
        reason = self.session.handle(intent)
        if reason is not None:
            self._say(reason)
            return False
        self._changed = True
        if self.session.advice.get("kind") == "warning":
            self._print_advice()
            said = self._choose(self._words.gettext(N_("Play it anyway? (yes/no)> ")), ("yes", "no", "quit"))
            self.session.handle({"type": "go_ahead" if said == "yes" else "take_back"})
            if said is None or said == "quit":  # the move is taken back, then the person leaves
                self._left = "" if said else "input ended"
        return True

    def _ask(self, prompt: str) -> str | None:
        """One line of text from the person (``None`` at the end of input); the UNO moment's clock moves on.

        A line that is not text or is too long (:func:`typed_text.line`) is refused in one line and asked
        again; it does not move the clock.
        """
        while True:
            try:
                line = self._read(prompt)
            except EOFError:
                self._write("")
                return None
            try:
                line = typed_text.line(line)
            except typed_text.TypedTextError as error:
                self._say(reason_of(error))
                continue
            self._lines += 1
            return line

    def _choose(self, prompt: str, allowed: Sequence[str]) -> str | None:
        """The answer at a prompt that takes only ``allowed`` (:data:`typed_text.ANSWERS`); ``None`` at the end
        of input. Anything else is refused in one line and asked again, without moving the UNO moment's clock."""
        while True:
            line = self._ask(prompt)
            if line is None:
                return None
            try:
                return typed_text.answer(YES_NO.get(self._words.lang, {}).get(line.strip().lower(), line), allowed)
            except typed_text.TypedTextError as error:
                self._lines -= 1
                self._say(str(error) if self._words.lang == SOURCE else self._type_one_of(line, allowed))

    def _type_one_of(self, line: str, allowed: Sequence[str]) -> str:
        """What a yes/no (or UNO) prompt takes, in the table's language: its yes and no as the language says them."""
        said = self._words
        own = {name: next((w for w, means in YES_NO.get(said.lang, {}).items() if means == name), name)
               for name in allowed}
        names = [said.gettext(N_("Enter")) if name == "" else own[name] for name in allowed]
        text = names[0]
        for name in names[1:-1]:
            text = said.gettext(N_("{items}, {item}"), items=text, item=name)
        if len(names) > 1:
            text = said.gettext(N_("{first} or {last}"), first=text, last=names[-1])
        return said.gettext(typed_text.TYPE_ONE_OF, listed=text, value=typed_text.quote(line))

    def _leave(self, why: str) -> int:
        session = self.session
        if not session.state.is_over:
            if self._words.lang == SOURCE:
                self._write(f"{why + ': ' if why else ''}the round is left after {plural(session.move_count, 'move')}.")
            else:
                self._write(self._words.ngettext("The round is left after {count} move.",
                                                 "The round is left after {count} moves.", session.move_count))
        return 0

    def _say(self, reason: str) -> None:
        self._write("! " + " ".join(refusal_words(reason, self._words.lang).split()))

    # ------------------------------------------------------------------ printing
    def _print_log(self) -> None:
        """The log's lines not printed yet (after an undo or a new round, from where the log changed)."""
        log = self.session.log_lines
        if self._words.lang != SOURCE:  # the engine's sentences in the table's language (nomercy.play.said_at_table)
            session = self.session
            log = log_words(log, session.transcript().events, session.state, session.round_number, self._words.lang)
        lines = [(line["n"], line["sentence"]) for line in log]
        same = 0
        while same < min(len(lines), len(self._shown)) and lines[same] == self._shown[same]:
            same += 1
        for _, sentence in lines[same:]:
            self._write(f"  {sentence}")
        self._shown = lines

    def _print_table(self, snap: dict[str, Any]) -> None:
        s, _, cards = self.session.state, self._words.gettext, self._cards
        session = self.session
        snap = {**table_words(snap, s, session.transcript(), self._words.lang),
                "status": status_words(snap, s, session.viewer, session.kinds, session.humans, session.prompt,
                                       session.advice, self._words.lang)}
        top = said.card_name(s.top_card, self._words.lang) + (_(" ({color} in force)", color=_(snap["color"]))
                             if snap["color"] and s.top_card.is_wild else "")
        pending = _(" · {cards} pending", cards=cards(snap["pending"])) if snap["pending"] else ""
        self._write(_("Round {round}, move {moves}. Top card: {top}, {top_by}{pending}. Draw pile: {draw_pile}. "
                      "Order: {order}.", round=snap["round"], moves=snap["moves"], top=top, top_by=snap["top_by"],
                      pending=pending, draw_pile=snap["draw_pile"], order=" > ".join(snap["order"])))
        seats = []
        for seat in snap["seats"]:
            notes = [_(n) for n, on in ((N_("knocked out"), seat["out"]), (N_("one card, no UNO yet"), seat["uno"]),
                                        (N_("to move"), seat["turn"])) if on]
            seats.append(f"{seat.get('shown', seat['name'])} {cards(seat['count'])}" + (f" ({', '.join(notes)})" if notes else ""))
        if snap["mercy_limit"]:
            self._write(_("Hands (out at {limit}): {seats}.", limit=snap["mercy_limit"], seats="; ".join(seats)))
        else:
            self._write(_("Hands: {seats}.", seats="; ".join(seats)))
        hand = ", ".join(c.get("name", c["card"]) + ("*" if c["playable"] else "") for c in snap["hand"])
        self._write(f"{snap['hand_label']}: {hand}" + (_(N_("   (* fits)")) if "*" in hand else ""))
        if snap["uno_armed"]:
            self._write(_(N_("UNO will be called with your play.")))
        self._write(snap["status"])
        prompt = self.session.prompt
        if prompt:
            self._options = [o["move"] for o in prompt["options"]]
        else:
            state = self.session.state
            self._options = [state.move_text(m) for m in legal_moves(state, self.person)]
        for number, move in enumerate(self._options, 1):
            self._write(f"  {number:>2}  {move_words(move, self.session.state, self._words.lang)}")

    def _cards(self, count: int) -> str:
        """A count of cards in the table's language: '1 card', '3 kort'."""
        return self._words.ngettext("{count} card", "{count} cards", count)

    def _print_advice(self) -> None:
        """The coach's hint or warning, in the table's language (the rulings' titles as the rulebook names them)."""
        advice = said_all(self.session.advice, self._words.lang)
        say = self._words.gettext
        if advice.get("kind") == "hint":
            self._write(say(N_("Hint: {move}. {summary} ({title})"), move=advice["move"], summary=advice["summary"],
                            title=self._titles.get(advice["rule"], advice["title"])))
            numbers = advice["numbers"]  # a terminal is read by someone who asked for the figures too
            for chance in numbers["chances"]:
                self._write(f"  {chance['text']}")
            if numbers["narrowing"]:
                self._write(f"  {numbers['narrowing']}")
            self._write(f"  {numbers['noise']}")
        elif advice.get("kind") == "warning":
            self._write(say(N_("The coach holds {move} back:"), move=advice["move"]))
            for warning in advice["warnings"]:
                self._write(f"  - {warning['text']} ({self._titles.get(warning['rule'], warning['title'])})")

    def _print_result(self, snap: dict[str, Any]) -> None:
        if self._words.lang != SOURCE:
            self._print_result_said(snap)
            return
        over = snap["over"]
        self._write(f"{snap['status']} {over['scored']}.")
        for hand in over["hands"]:
            out = " (knocked out)" if hand["out"] else ""
            self._write(f"  {hand['name']}{out} {verb(hand['name'], 'holds')} {plural(hand['count'])} ({hand['points']} points): "
                        f"{', '.join(hand['cards'])}")
        for standing in over["standings"]:
            self._write(f"  {standing['name']}: {standing['score']} in the match")
        if snap["daily"]:
            self._write(f"To share: {snap['daily']['share']}")

    def _print_result_said(self, snap: dict[str, Any]) -> None:
        """The end of the round in the table's language: who won, what each hand holds and scores, the match."""
        session, lang, said = self.session, self._words.lang, self._words
        s = session.state
        shown = table_words(snap, s, session.transcript(), lang)
        status = status_words(snap, s, session.viewer, session.kinds, session.humans, session.prompt, session.advice,
                              lang)
        self._write(said.gettext(N_("{sentence} {next}"), sentence=status, next=shown["over"]["scored"] + "."))
        for hand in snap["over"]["hands"]:
            cards = ", ".join(_said_card(c, lang) for c in hand["cards"])
            if hand["out"]:
                self._write("  " + said.gettext(N_("{player} (knocked out): {cards}"), player=seat_words.label(hand["name"], lang),
                                                cards=cards))
                continue
            self._write("  " + said.gettext(N_("{player}: {cards}, {points}: {list}"), player=seat_words.label(hand["name"], lang),
                                            cards=self._cards(hand["count"]),
                                            points=said.ngettext("{count} point", "{count} points", hand["points"]),
                                            list=cards))
        for standing in snap["over"]["standings"]:
            self._write("  " + said.gettext(N_("{player}: {score} in the match"), player=seat_words.label(standing["name"], lang),
                                            score=standing["score"]))
        if snap["daily"]:
            self._write(said.gettext(N_("To share: {share}"), share=snap["daily"]["share"]))


def _seats_named(players: Sequence[str] | Mapping[str, str], lang: str) -> Sequence[str] | Mapping[str, str]:
    """The seats of a terminal table: as given, or, for seats given by their kinds alone at a table in another
    language than English, the person's seat called You (said in the language's word, 'Du', 'Vous', '你') and the
    computers by the names the Play page gives them (English keeps its Player, Greedy1, ... as it always printed)."""
    if lang == SOURCE or isinstance(players, Mapping) or not isinstance(players, (list, tuple)) or \
            [str(k).strip().lower() for k in players].count(HUMAN) != 1 or len(players) > len(COMPUTER_NAMES) + 1:
        return players
    names, computers = {}, iter(COMPUTER_NAMES)
    for kind in players:
        names[PERSON if str(kind).strip().lower() == HUMAN else next(computers)] = kind
    return names


def ruling_titles_given(titles: object) -> dict[str, str]:
    """The rulings' titles a terminal table is given, checked: every ruling of the rulebook by its id, each a title
    of one line (at most 120 characters); nothing given is the rulebook's own English titles.

    >>> ruling_titles_given({"mercy": "Mercy"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the rulings' titles name every ruling of the rulebook by its id; these lack 'deal' and ... more
    """
    if titles is None:
        return {ruling.id: ruling.title for ruling in RULINGS.values()}
    if not isinstance(titles, Mapping):
        raise NomercyError(f"the rulings' titles are a mapping of each ruling's id to its title, not {brief(titles)}")
    unknown = [key for key in titles if key not in RULINGS]
    if unknown:
        raise NomercyError(f"the rulings' titles: {brief(unknown[0])} is not a ruling's id; the ids are the "
                           f"rulebook's ({', '.join(list(RULINGS)[:5])}...)")
    missing = [key for key in RULINGS if key not in titles]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise NomercyError(f"the rulings' titles name every ruling of the rulebook by its id; these lack "
                           f"{brief(missing[0])}{more}")
    for key, title in titles.items():
        if not isinstance(title, str) or not title.strip() or len(title) > 120 or "\n" in title:
            raise NomercyError(f"the rulings' titles: the title of {key} is one line of 1 to 120 characters, "
                               f"not {brief(title)}")
    return dict(titles)


def _said_card(text: str, lang: str) -> str:
    """A card in notation as the language names it (the notation itself when it is not a card)."""
    try:
        return said.card_name(Card.parse(text), lang)
    except NomercyError:
        return text
