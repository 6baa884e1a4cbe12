"""The words a card player reads: seat names in sentences, counts, chances, computer seats and their strengths.

This is the one place that holds the table's and the coach's plain words, each marked with ``N_`` for the
gettext catalogs of :mod:`nomercy.core.i18n`. Seat names in sentences are the first part: the one place where
a verb agrees with its seat and a name becomes a possessive (in English: the catalogs do not reach them yet).

A seat may be called anything, "You" included (the deal of the day seats "You" against two computer
players). Every sentence the engine and the table write about a seat goes through these functions, so a
seat called You reads "You play red 5", "You draw 2 cards", "your turn passes", "You are knocked out",
and every other seat is unchanged: "Ann plays red 5", "Ann's turn passes".

Verbs are given in the third person, as the sentence reads for any other name ("plays", "is", "has"),
so templates read naturally and only a seat called You (in any case) changes them.

>>> says("Ann", "plays"), says("You", "plays"), says("you", "catches"), says("You", "is")
('Ann plays', 'You play', 'you catch', 'You are')
>>> possessive("Ann"), possessive("You"), possessive("You", start=True)
("Ann's", 'your', 'Your')
>>> their("Ann"), their("You"), possessive("You", alone=True)
('their', 'your', 'yours')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_

__all__ = ["is_you", "says", "verb", "possessive", "their", "themselves", "plural", "option_words",
           "Strength", "STRENGTHS", "COMPUTER_NAMES", "MOST_COMPUTERS", "PERSON", "strength_of", "table_players", "MERCY_BAR_SEAT",
           "MERCY_BAR_LEGEND"]

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_ES_ENDINGS = ("ches", "shes", "sses", "xes", "zzes")


def is_you(name: str) -> bool:
    """Whether a seat is called You (in any case): its sentences are in the second person."""
    return len(name) == 3 and name.lower() == "you"


def verb(name: str, third_person: str) -> str:
    """``third_person`` ("plays", "is", "catches") as it agrees with the seat ``name``: unchanged, or for a seat
    called You the plain form ("play", "are", "catch")."""
    if not is_you(name):
        return third_person
    if third_person in _IRREGULAR:
        return _IRREGULAR[third_person]
    if third_person.endswith(_ES_ENDINGS):
        return third_person[:-2]
    if third_person.endswith("ies") and len(third_person) > 4:
        return third_person[:-3] + "y"
    return third_person[:-1] if third_person.endswith("s") else third_person


def says(name: str, third_person: str) -> str:
    """The seat's name and a verb that agrees with it: ``Ann plays``, ``You play``."""
    if len(name) == 3 and name.lower() == "you":  # (is_you, inline: every move's notation comes through here)
        return f"{name} {verb(name, third_person)}"
    return f"{name} {third_person}"


def possessive(name: str, *, start: bool = False, alone: bool = False) -> str:
    """``Ann's``; for a seat called You ``your`` (``Your`` at the ``start`` of a sentence, ``yours`` standing
    ``alone``: "it is Ann's turn, not yours")."""
    if is_you(name):
        return "yours" if alone else "Your" if start else "your"
    return f"{name}'s"


def their(name: str) -> str:
    """The possessive pronoun that refers back to a seat already named: ``their``, or ``your`` for You."""
    return "your" if is_you(name) else "their"


def themselves(name: str) -> str:
    """The reflexive pronoun for a seat already named: ``themselves``, or ``yourself`` for You."""
    return "yourself" if is_you(name) else "themselves"


# ---------------------------------------------------------------------------------------------- numbers in words
# Every sentence below is in the gettext catalogs (:mod:`nomercy.core.i18n`): each is whole, with named
# placeholders (``{count}``, ``{name}``), never glued from fragments, and a count chooses its sentence through :func:`plural`.

_PLURALS = {"card": "cards", "point": "points", "move": "moves", "mistake": "mistakes", "close call": "close calls",
            "decision": "decisions", "table": "tables", "puzzle": "puzzles", "round": "rounds", "player": "players",
            "playout": "playouts", "attempt": "attempts", "opponent": "opponents"}


def plural(count: int, word: str = "card", many: str | None = None) -> str:
    """``count`` and ``word`` in the form that agrees with it: the one plural helper of the package.

    >>> plural(1), plural(3), plural(2, "close call"), plural(0, "mistake"), plural(2, "ox", "oxen")
    ('1 card', '3 cards', '2 close calls', '0 mistakes', '2 oxen')
    """
    if count == 1:
        return f"{count} {word}"
    return f"{count} {many or _PLURALS.get(word, word + 's')}"


def option_words(text: str) -> str:
    """A rule text with its option ids in backticks said in words: "(`voluntary_draw: true`)" becomes
    "(voluntary draw: on)", "`open-mercy` profile" becomes "open-mercy profile".

    >>> option_words("allowed (`voluntary_draw: true`) in the `open-mercy` profile")
    'allowed (voluntary draw: on) in the open-mercy profile'
    """
    def said(match: "re.Match[str]") -> str:
        name, _, value = match.group(1).partition(":")
        value = {"true": "on", "false": "off", "null": "none"}.get(value.strip(), value.strip())
        name = name.strip().replace("_", " ")
        return f"{name}: {value}" if value else name

    return re.sub(r"`([^`]*)`", said, text)


# ---------------------------------------------------------------------------------------------- computer seats

@dataclass(frozen=True)
class Strength:
    """How strong a computer seat plays, as a person chooses it: ``word`` on the table, ``says`` what it means,
    and the ``kind`` of computer player that plays it (:data:`nomercy.play.players.PLAYER_KINDS`)."""

    word: str
    kind: str
    says: str


STRENGTHS = (
    Strength(N_("easy"), "random", N_("plays any card that fits, picked at random")),
    Strength(N_("steady"), "greedy", N_("plays the card that helps it most right now")),
    Strength(N_("strong"), "expert", N_("imagines how the round could go on before each move")),
)
"""The strengths a table offers for its computer seats, weakest first."""

COMPUTER_NAMES = ("Alex", "Sam", "Kim", "Robin", "Charlie", "Jo")
"""Names for the computer seats, in seat order: names a person would give, never a kind of player. One more than
:data:`MOST_COMPUTERS`, so that a table can leave out the one that looks like the learner's own name."""

MOST_COMPUTERS = 5
"""The most computer opponents a table has."""

PERSON = "You"
"""The seat of the person at the screen (its sentences read "You play", "your turn")."""


def strength_of(kind: str) -> str:
    """The strength word of a computer kind ('steady' for greedy), or ``""`` for a person."""
    return next((s.word for s in STRENGTHS if s.kind == kind), "")


def table_players(strengths: Sequence[str], *, avoid: str | None = None) -> dict[str, str]:
    """The seats of a table for one person and computers of the given strengths: names to kinds, as a table takes them.

    ``avoid`` is the person's own name (the learner's): no computer seat gets a name that looks like it, whatever
    the case or accents, so that "Sam plays" never leaves the person wondering whether it was them.

    >>> table_players(["steady", "easy"])
    {'You': 'human', 'Alex': 'greedy', 'Sam': 'random'}
    >>> table_players(["steady", "easy"], avoid="SÁM")
    {'You': 'human', 'Alex': 'greedy', 'Kim': 'random'}
    """
    words = {s.word: s.kind for s in STRENGTHS}
    if not isinstance(strengths, (list, tuple)) or not 1 <= len(strengths) <= MOST_COMPUTERS:
        raise NomercyError(f"a table has 1 to {MOST_COMPUTERS} computer opponents, each easy, steady or strong "
                           "(a list of those words)")
    if avoid is not None and (not isinstance(avoid, str) or len(avoid) > 200):
        raise NomercyError("the name the computer seats avoid is the learner's name, a short text like 'Ann'")
    wrong = [s for s in strengths if not isinstance(s, str) or s not in words]
    if wrong:
        shown = isinstance(wrong[0], str) and wrong[0].isprintable() and len(wrong[0]) <= 20
        said = f'"{wrong[0]}"' if shown else "that value"
        raise NomercyError(f"a computer opponent is easy, steady or strong, not {said}")
    names = [name for name in COMPUTER_NAMES if avoid is None or _looks(name) != _looks(avoid)]
    return {PERSON: "human", **{name: words[s] for name, s in zip(names, strengths)}}


def _looks(name: str) -> str:
    """What a name looks like to a reader: its letters without case or accents (``Sám``, ``SAM`` and ``sam`` alike)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch)).casefold().strip()


FACE_DOWN = N_("face-down card")
"""A card back's name (its tooltip), as the card pictures write it in English."""
MERCY_BAR_SEAT = N_("{count} of {limit}")
"""Beside each seat's mercy meter: its cards against the mercy limit (the legend says what the meter is)."""
MERCY_BAR_LEGEND = N_("Mercy meters: each fills as a hand grows; at {limit} cards a player is knocked out.")
"""The mercy meters' legend, once per table (one word for it everywhere: the glossary's and the lessons' mercy meter)."""


# ---------------------------------------------------------------------------------------------- the table's notes

RULES_NAMES = {"no-mercy": N_("No Mercy"), "classic": N_("classic UNO"), "open-mercy": N_("Open Mercy"),
               "speltavlan": N_("Speltavlan")}
"""The rule profiles as a card player names them; a house profile keeps its own name."""

ROUND_STARTS = N_("Round {number}: {rules} rules.")
ROUND_RESUMED = N_("Your round goes on where you left it: {moves} replayed.")
RECORD_LOADED = N_("A saved round was loaded: {moves} replayed.")
SAVE_NOT_RESUMED = N_("The round saved before could not be resumed ({reason}); it is kept aside, and a new round starts.")
SAVE_NOT_SET_ASIDE = N_("The round saved before could not be resumed ({reason}) nor kept aside: it is left as it is, "
                         "and this round is not saved.")


def rules_name(name: str) -> str:
    """A rule profile as a card player names it: 'No Mercy', 'classic UNO'."""
    return RULES_NAMES.get(name, name)


# ---------------------------------------------------------------------------------------------- the coach's words
# The coach's figures (chances with their standard errors, playouts, seeds) stay one click away, under
# SHOW_NUMBERS; these are the sentences a card player reads first.

SHOW_NUMBERS = N_("Show the numbers")
NO_SEARCH_NEEDED = N_("This move is right whatever the hidden cards are.")
# the hint's odds as counts ("won 15 of 42 imagined rounds"), the same counts "Show the numbers" lists
HINT_ODDS_ALONE = N_("It won {won} of {rounds} imagined rounds.")
HINT_ODDS_CLEARLY = N_("It won {won} of {rounds} imagined rounds, clearly more than any other move.")
HINT_ODDS_CLOSE = N_("It won {won} of {rounds} imagined rounds, and {other} won {other_won}: about as good, the "
                     "difference is luck.")
HINT_ODDS_BEHIND = N_("It won {won} of {rounds} imagined rounds, and {other} won {other_won}: too close to call, so "
                      "the coach keeps the move that is usually best here.")
EXACT_FIGURES = N_("Exact figures")
"""The fold under "Show the numbers" that holds the search's own figures (± one standard error, seeds, budgets)."""

REVIEW_HEAD = "{whose} round: {mistakes} and {close_calls} in {decisions}."
"""The review's head in English (``whose``: 'Your', "Ann's", 'The'); a language says it with one of these:"""
REVIEW_HEAD_YOURS = N_("Your round: {mistakes} and {close_calls} in {decisions}.")
REVIEW_HEAD_THEIRS = N_("{player}'s round: {mistakes} and {close_calls} in {decisions}.")
REVIEW_HEAD_NOBODY = N_("The round: {mistakes} and {close_calls} in {decisions}.")
REVIEW_EXPLAINED = N_("The coach played each of your decisions out in many imagined rounds, the hidden cards dealt at "
                       "random. A mistake is a move that clearly did worse than the expert's choice; a close call is "
                       "one where the expert chose another move, but the imagined rounds could not show which is "
                       "better.")
REVIEW_MISTAKE = N_("Move {number}: {played}. The expert would {suggested}: it won {chance} of the imagined rounds, "
                     "yours {played_chance}. {reason}")
REVIEW_CLOSE_CALL = N_("Move {number}: {played}. The expert would {suggested}; the two did about as well ({chance} of "
                        "the imagined rounds, yours {played_chance}).")
REVIEW_CLOSE_CALL_UNSURE = N_("Move {number}: {played}. The expert would {suggested}: it won {chance} of the imagined "
                               "rounds, yours {played_chance}, but in too few rounds to be sure yours is worse.")
ABOUT_AS_WELL_POINTS = 5
"""The widest gap, in percentage points, that a close call's sentence calls "about as well"; a wider gap the
search could not show to be real is said as it is, with its doubt (a reader sees 33% against 19% as no tie)."""
REVIEW_CLOSE_CALL_BEHIND = N_("Move {number}: {played}. The expert would {suggested}, although yours won a little more "
                               "often in the imagined rounds ({played_chance}, the expert's move {chance}): the "
                               "difference is too small to be sure, and the expert keeps its usual move unless another "
                               "is clearly better.")
REVIEW_POSITION = N_("The table before move {number}, as you saw it:")
KEEP_MISTAKE = N_("Keep it as a puzzle")
KEPT_NOW = N_("Kept: Train will bring this table back as a puzzle, under Your mistakes.")
KEPT_AGAIN = N_("You kept this one already: it is in Train, under Your mistakes.")
KEPT_FOR = N_("It is kept with {name}'s puzzles ({name} used Train last).")
REMOVE_KEPT = N_("Remove it from my puzzles")
KEPT_SERVED = N_("A table from one of your own rounds, where you made a mistake.")
KEPT_LEFT_OUT = "A puzzle you kept no longer passes the coach's check, so it is left out"
KEPT_NOT_CONFIRMED = N_("On a second look the coach could not show that its move is clearly better here, so this one "
                         "is not kept.")
REVIEW_PROGRESS = "Reviewing {whose} decisions: {done} of {total} weighed…"
"""How far a running review got, in English (``whose``: 'your', "Ann's"); a language says it with one of these:"""
REVIEW_PROGRESS_YOURS = N_("Reviewing your decisions: {done} of {total} weighed…")
REVIEW_PROGRESS_THEIRS = N_("Reviewing {player}'s decisions: {done} of {total} weighed…")

# ---------------------------------------------------------------------------------------------- the trainer's words

PROGRESS_KEPT = N_("Your progress is kept on this device, and the Lessons see it too.")
# Whose progress it is (several learners on one computer: nomercy/puzzles/learners.py)
LEARNER_LABEL = N_("Your name")
# asked once, before any progress; afterwards one line with a button that opens the field
LEARNER_ASK = N_("Type your name to keep your own progress on this device.")
LEARNER_UNNAMED = N_("Type your name to make this progress yours.")
LEARNER_IS = N_("{name}'s progress")
LEARNER_SWITCH = N_("Switch")
LEARNER_KEEP = N_("OK")
LEARNER_ADD = N_("Add your name")
LEARNER_OTHER = N_("Someone else?")
LEARNER_OTHERS = N_("Also on this computer: {names}.")
IMPORT_WHOSE = N_("This file is {whose}'s progress, and this is {mine}.")
IMPORT_ASK = N_("Whose should it become?")
IMPORT_AS_MINE = N_("Make it {mine}'s")
IMPORT_AS_MINE_UNNAMED = N_("Make it mine")
IMPORT_AS_THEIRS = N_("Switch to {whose} and import")
RATING = N_("Your puzzle rating: {rating}")
RATING_SETTLING = N_("Your puzzle rating: about {rating} (a few more puzzles will settle it)")
RATING_MEANS = N_("It goes up when you solve a puzzle and down when you miss one. Puzzles have a rating too: easy "
                  "{easy}, medium {medium}, hard {hard}.")
"""What the rating is, in one line under it (the puzzles' ratings: nomercy/puzzles/progress_rating.py)."""
