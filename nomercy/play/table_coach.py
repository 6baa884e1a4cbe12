"""The coach's desk at a table: its hint and its warnings as plain data for a front end, and when it gives none.

The advice itself is :mod:`nomercy.play.coach`'s; this module only decides what a table shows of it
(chances in whole percent, the ruling's title beside its id) and the rules of the desk (who may ask, when:
:func:`why_no_hint`, :func:`why_no_review`). The round's review, run a slice at a time, has its own room:
:mod:`nomercy.play.table_review`.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from nomercy.core.moves import Move
from nomercy.core.state import GameState
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Said, said
from nomercy.core.said import n_
from nomercy.core.wording import plural, possessive
from nomercy.play.estimate import Estimate, points
from nomercy.play import coach as coaching
from nomercy.core import wording
from nomercy.play.coach_warnings import doing, move_words
from nomercy.play.hot_seat import Screen
from nomercy.play.said_at_table import MoveSaid

_THEN = N_("{sentence} {next}")  # two sentences one after the other (no space between them in Chinese)

__all__ = ["TABLE_BUDGET", "hint_advice", "warning_advice", "move_label", "coach_seat", "why_no_hint", "hint_at",
           "why_no_review", "review_seat", "NO_REVIEW_YET", "NOTHING_HELD"]

TABLE_BUDGET = 100
"""Playouts per search at the table, for the hint and for each decision of the review alike: the review runs
the hint's own search, so at a position where the person asked for a hint it shows the hint's figures. About a
tenth of a second per search on the first table of 11-play on a quiet machine (docs/widgets.md, "Coach")."""


def hint_advice(state: GameState, seat: int, *, seed: int) -> dict[str, Any]:
    """The coach's hint for ``seat`` (:data:`TABLE_BUDGET` playouts), as the table shows it.

    ``summary`` is what a card player reads: why the move, and what the imagined rounds found, in words
    (:func:`hint_summary`). The figures are one click away, in ``numbers``: ``chances`` is the search's
    list, the suggested move first, then each other finalist against it (:meth:`~nomercy.play.coach.Hint.lines`);
    ``narrowing`` says what the search set aside, ``noise`` how far to trust it."""
    started = time.perf_counter()
    tip = coaching.hint(state, seat, seed=seed, budget=TABLE_BUDGET)
    return {
        "kind": "hint", "move": MoveSaid(tip.text, tip.text, state), "label": move_label(state, tip.text, instead=False),
        "reason": tip.reason, "rule": tip.rule,
        "title": tip.ruling.title, "summary": hint_summary(state, tip),
        "numbers": {"chances": [{"move": c.label, "text": _chance_line(state, tip, i, line),
                                 "plain": _chance_plain(state, tip, i)}
                                for i, (c, line) in enumerate(zip(tip.chances, tip.lines()))],
                    "narrowing": tip.narrowing, "noise": tip.noise, "how": said(PLAIN_HOW),
                    "seconds": round(time.perf_counter() - started, 2)},
    }


def _chance_line(state: GameState, tip: coaching.Hint, index: int, line: str) -> Said:
    """Line ``index`` of the hint's list (``line``, :meth:`~nomercy.play.coach.Hint.lines`) as words to say again:
    the suggested move with its chance, then each other finalist against it."""
    chance = tip.chances[index]
    move = MoveSaid(chance.label, chance.label, state)
    if index == 0:
        return said(N_("Chosen: {move}: {chance} ± {error} (one standard error, {playouts})"), line, move=move,
                    chance=f"{chance.mean:.0%}", error=points(chance.error),
                    playouts=Count(chance.playouts, *n_("{count} playout", "{count} playouts")))
    return said(N_("{move}: {verdict}"), line, move=move, verdict=tip.compared[index - 1].verdict)


# "Show the numbers" in a card player's words: each move's wins counted in the imagined rounds the hint's summary
# counts (the same figures), the search's own figures one more click away ("Exact figures").
PLAIN_CHOSEN = N_("{move}: won {won} of {count} imagined rounds.")
PLAIN_CLEARLY_FEWER = N_("{move}: won {won} of {count} imagined rounds, clearly fewer.")
PLAIN_AS_GOOD = N_("{move}: won {won} of {count} imagined rounds: as good, the difference is luck.")
PLAIN_HOW = N_("Each imagined round deals the cards you cannot see at random, then every player plays simply to the "
               "end of the round. A few wins more or less are luck, so moves that won about as often are as good as "
               "each other.")
PLAIN_REVIEWED = N_("Each of your {count} decisions was played out in imagined rounds from where you were, as for a "
                    "hint.")
PLAIN_DECISION = N_("Move {number}: from here, your move won {played} of every 100 imagined rounds, the coach's move "
                    "{suggested}.")


def won(chance: Estimate) -> int:
    """How many of its imagined rounds a move won, as a card player counts them (a round cut off and judged by hand
    sizes counts as the share it was given, so the sum is rounded)."""
    return round(chance.mean * chance.playouts)


def _chance_plain(state: GameState, tip: coaching.Hint, index: int) -> Said:
    """Line ``index`` of the hint's list in plain words: how many of its imagined rounds the move won."""
    chance = tip.chances[index]
    move = MoveSaid(chance.label, chance.label, state)
    if index == 0:
        return said(PLAIN_CHOSEN, move=move, count=chance.playouts, won=won(chance))
    words = PLAIN_CLEARLY_FEWER if tip.compared[index - 1].clear else PLAIN_AS_GOOD
    return said(words, move=move, count=chance.playouts, won=won(chance))


def hint_summary(state: GameState, tip: coaching.Hint) -> Said:
    """The hint in one or two sentences: its reason, then how many imagined rounds it won, in a card player's words
    (the counts "Show the numbers" lists).

    >>> from nomercy.play.game import Game
    >>> state = Game("no-mercy", ["You", "Bo", "Cy"], seed=66).state
    >>> print(hint_summary(state, coaching.hint(state, "You", seed=1, budget=30)))
    Play blue discard-all: it takes your other blue card (blue reverse) along, so you hold 5 cards. It won 6 of 11 imagined rounds, and playing wild reverse +4 choosing blue won 5: about as good, the difference is luck.
    """
    if tip.chance is None:
        return said(_THEN, sentence=tip.reason, next=said(wording.NO_SEARCH_NEEDED))
    counts: dict[str, Any] = {"rounds": tip.chance.playouts, "won": won(tip.chance)}
    if not tip.compared:
        odds = said(wording.HINT_ODDS_ALONE, **counts)
    elif all(c.clear for c in tip.compared):
        odds = said(wording.HINT_ODDS_CLEARLY, **counts)
    else:
        closest = tip.compared[0]
        close = wording.HINT_ODDS_CLOSE if closest.lead >= 0 else wording.HINT_ODDS_BEHIND
        odds = said(close, other=doing(state, state.parse_move(closest.move)), other_won=won(closest.chance), **counts)
    return said(_THEN, sentence=tip.reason, next=odds)


def warning_advice(state: GameState, move: Move, *, uno_called: bool, seed: int) -> dict[str, Any] | None:
    """The coach's warnings before ``move``, as the table shows them; ``None`` when it has none.

    Only the warnings the round's review will uphold (:func:`~nomercy.play.coach.judged_warnings`, the review's own
    search with the table's coach ``seed`` and :data:`TABLE_BUDGET`), so the warning and the review never give
    opposite advice. ``uno_called``: UNO is called with this move (called for the person, or armed before a play), so
    a warning that it must be called is left out."""
    found = [w for w in coaching.judged_warnings(state, move.seat, move, seed=seed, budget=TABLE_BUDGET)
             if not (w.kind == "uno-call" and uno_called)]
    if not found:
        return None
    instead = [{"move": move, "label": move_label(state, move)}
               for move in dict.fromkeys(w.instead for w in found if w.instead)]
    return {
        "kind": "warning", "move": MoveSaid(state.move_text(move), state.move_text(move), state),
        "label": move_label(state, state.move_text(move), instead=False),  # the move as a thing to do: 'Draw
        "warnings": [{"kind": w.kind, "text": w.text, "rule": w.rule, "title": w.ruling.title,
                      "chance": round(w.chance * 100)} for w in found],
        "instead": instead,
        # the button the box highlights: the first way out (never itself warned against), else the move as asked,
        # so a person who follows the highlighted button always gets a move made
        "highlight": "instead-0" if instead else "go-ahead",
    }


def move_label(state: GameState, move: str, *, instead: bool = True) -> str:
    """A button's words for a way out: 'Name green instead', 'Play blue 1 instead', 'Take the 4 cards instead'
    (without ``instead``: the move as something to do, 'Play blue 1', as the review suggests it).

    >>> from nomercy.play.game import Game
    >>> state = Game("no-mercy", ["You", "Ann"], seed=3).state
    >>> move_label(state, "You draw"), move_label(state, "You draw", instead=False)
    ('Draw instead', 'Draw')
    """
    parsed = state.parse_move(move)
    said_, rest = move_words(state, parsed)
    if said_ == "draws" and state.pending:
        said_, rest = "takes", f"the {plural(state.pending)}"
    verbs = {"plays": "Play", "draws": "Draw", "names": "Name", "passes": "Keep the card you drew",
             "challenges": "Challenge", "catches": "Catch", "calls": "Call", "takes": "Take"}
    done = " ".join(filter(None, [verbs.get(said_, said_), "" if said_ == "passes" else rest]))
    english = f"{done} instead" if instead else done
    if said_ == "plays":  # in another language: the card as the hand names it, and its choices
        return said(N_("Play {card} instead") if instead else N_("Play {card}"), english,
                    card=MoveSaid(rest, move, state))
    if instead:  # the button's own words ('Dra', 'Ta 4 kort', 'Välj röd')
        return said(N_("{move} instead"), english, move=MoveSaid(done, move, state))
    return MoveSaid(done, move, state)


# ---------------------------------------------------------------------------------------------- the coach's desk
# What the coach says at a table, from the values it is given (the position, the screen, the table's options):
# each returns advice or the reason there is none, and the session applies it.

def coach_seat(coach: bool, screen: Screen, state: GameState) -> int | str:
    """The seat at the screen, when the coach may speak to it; else why not."""
    if not coach:
        return "The coach is off at this table (start it with coach=True)."
    return screen.person_at_screen(state)


def why_no_hint(coach: bool, screen: Screen, state: GameState) -> str | None:
    """Why the coach gives the person at the screen no hint now, or ``None``: the one rule, which the table's
    Hint button (:mod:`nomercy.play.table_view`) and the hint itself (:func:`hint_at`) both follow."""
    seat = coach_seat(coach, screen, state)
    if isinstance(seat, str):
        return seat
    if state.is_over:
        return "The round is over: 'Review my round' shows where the expert would have played otherwise."
    if state.to_act != seat and seat not in state.catchable:
        return f"It is {possessive(state.seats[state.to_act])} move, not yours: ask for a hint on your turn."  # type: ignore[index]
    return None


def hint_at(coach: bool, screen: Screen, state: GameState, *, seed: int) -> dict[str, Any] | str:
    """The hint for the person at the screen (:func:`hint_advice`), or why the coach gives none now."""
    why_not = why_no_hint(coach, screen, state)
    if why_not is not None:
        return why_not
    return hint_advice(state, screen.person_at_screen(state), seed=seed)  # type: ignore[arg-type]


def why_no_review(coach: bool, state: GameState, people: Sequence[int], moves: int) -> str | None:
    """Why the round cannot be reviewed now, or ``None``."""
    if not coach:
        return "The coach is off at this table (start it with coach=True)."
    if not state.is_over:
        return "The review comes after the round: finish it first."
    if not people or not moves:
        return "There is no decision of a person to review in this round."
    return None


def review_seat(screen: Screen) -> int:
    """Whose round the review weighs: the person at the screen, else the first person at the table."""
    viewer = screen.viewer
    return viewer if viewer is not None and viewer in screen.people else screen.people[0]


NO_REVIEW_YET = "There is no review yet: click 'Review my round' first."
NOTHING_HELD = "No move is waiting: the coach's warning was already answered."
