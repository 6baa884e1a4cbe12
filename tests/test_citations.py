"""Every event cites the ruling that decided it, and every ruling it cites can be opened.

The rules, as a learner would say them: a card played on your turn is decided by its face's ruling
(matching, a wild's color, ...); a draw card put on a pending draw is decided by stacking; a card
played because it was just drawn, by the drawing rule in force; a card played out of turn, by
jump-in. A knock-out is the mercy rule, a swap the 7's, passed hands the 0's, a challenge the
challenge's, anything the first card does the first card's. :func:`decided_by` says that, case by
case, and the games of every profile (and positions made by hand for the cases games reach
rarely) must agree with it, event by event.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import play, random_game, table
from nomercy import RULINGS, Challenge, Draw, NameColor, Pass, Play, deal
from nomercy.core import events as ev
from nomercy.core.citations import CITES, FACE
from nomercy.core.rules import PROFILES
from nomercy.core.state import Phase

ROOT = Path(__file__).resolve().parent.parent

ALWAYS = {
    ev.GameStarted: "deal",
    ev.FirstCardTurned: "first-card",
    ev.FirstCardReturned: "first-card",
    ev.JumpedIn: "jump-in",
    ev.EveryoneSkipped: "skip-all",
    ev.HandsSwapped: "seven",
    ev.HandsPassed: "zero",
    ev.CardsDiscarded: "discard-all",
    ev.KnockedOut: "mercy",
    ev.PenaltyCancelled: "mercy",
    ev.PileReshuffled: "empty-draw-pile",
    ev.DrawStoppedShort: "empty-draw-pile",
    ev.UnoCalled: "uno",
    ev.UnoCaught: "uno",
    ev.Challenged: "challenge",
    ev.RoundScored: "scoring",
}
"""Events decided by one ruling whatever else is going on."""

AT_ANY_TIME = (ev.GameStarted, ev.KnockedOut, ev.PenaltyCancelled, ev.PileReshuffled, ev.DrawStoppedShort)
"""Events whose ruling holds even while the first card is turned up; every other event of the deal is the first card's."""

WON_BY = {"emptied hand": "winning", "last one standing": "winning", "dead end": "dead-end", "move limit": "move-limit"}


def decided_by(before: Any, move: Any, event: ev.Event) -> str:
    """The ruling that decides ``event`` of ``move`` made in ``before``, in the rules' own terms."""
    rules = before.rules
    kind = type(event)
    if kind in ALWAYS:
        return ALWAYS[kind]
    if kind is ev.RoundWon:
        return WON_BY[event.how]
    if before.phase is Phase.NAME_FIRST_COLOR:  # naming the color of a wild turned up first, and its draw
        return "first-card"
    played = move.card if isinstance(move, Play) else None
    acting = (move.top or played) if isinstance(move, Play) else None  # the card whose effect applies
    if kind is ev.CardPlayed:
        if before.pending:
            return "stacking"  # only a draw card answers a pending draw, and stacking says which
        if before.phase is Phase.PLAY_DRAWN:
            return "draw-until-playable"  # the drawn card that fits must be played
        if before.phase is Phase.KEEP_OR_PLAY:
            return "draw-one"  # the one card drawn may be played
        if move.seat != before.turn:
            return "jump-in"
        return played.rank.face.ruling
    if kind is ev.PlayerSkipped:
        return "skip" if acting.rank.effect == "skip" else "reverse-two-players"
    if kind is ev.DirectionChanged:
        return "wild-reverse-four" if acting.rank.effect == "reverse-draw" else "reverse"
    if kind is ev.StackGrew:
        if acting.rank.effect == "reverse-draw" and event.target == before.seats[move.seat]:
            return "wild-reverse-four-two-players"  # it comes back to whoever played it
        return _pending_draw(rules, stacked=before.pending > 0)
    if kind is ev.ColorNamed:
        return "wild-roulette"
    # what is drawn, and the turn lost or passed, by the move that drew
    if isinstance(move, Draw) and before.pending:
        return _pending_draw(rules, stacked=before.pending > before.stack_value)
    if isinstance(move, (Draw, Pass)):
        return "draw-one" if rules.draw == "one" else "draw-until-playable"
    if isinstance(move, NameColor):
        return "wild-roulette"
    if isinstance(move, Challenge):
        return "challenge"
    if isinstance(move, Play):
        return "last-card-draws"  # a last draw card that still makes the next player draw
    return "uno"  # a catch: the caught player draws the penalty


def _pending_draw(rules: Any, *, stacked: bool) -> str:
    """A pending draw is the draw card's own rule, stacking's once two or more built it, or no stacking's."""
    if rules.stacking == "none":
        return "no-stacking"
    return "stacking" if stacked else "draw-card"


# --- seeded games of every profile -----------------------------------------------------------------

GAMES = [(profile, players, seed, extra) for profile in PROFILES for players in (2, 3, 5)
         for seed in range(4) for extra in ({}, {"jump_in": True})]


@pytest.mark.parametrize("profile, players, seed, extra", GAMES,
                         ids=[f"{p}-{n}p-seed{s}{'-jump-in' if e else ''}" for p, n, s, e in GAMES])
def test_every_event_of_a_seeded_game_cites_the_ruling_that_decided_it(profile, players, seed, extra) -> None:
    for before, move, _after, events in random_game(profile, players, seed, **extra):
        for event in events:
            assert event.rule == decided_by(before, move, event), (
                f"{profile}, {players} players, seed {seed}: {move} made {type(event).__name__} "
                f"({event.sentence}) cite {event.rule}")


@pytest.mark.parametrize("profile", list(PROFILES))
@pytest.mark.parametrize("first_card", ["apply", "number"])
def test_every_event_of_a_deal_cites_the_deal_or_the_first_card(profile, first_card) -> None:
    """Dealing cites ``deal``; whatever the card turned up does (or the cards buried) cites ``first-card``."""
    seen = set()
    for seed in range(150):
        _, events = deal(profile, 3, seed=seed, first_card=first_card)
        for event in events:
            seen.add(type(event))
            expected = ALWAYS[type(event)] if type(event) in AT_ANY_TIME else "first-card"
            assert event.rule == expected, f"{profile}, seed {seed}: {event.sentence} cites {event.rule}"
    assert {ev.GameStarted, ev.FirstCardTurned} <= seen


def test_the_walks_meet_every_situation_of_the_table() -> None:
    """The seeded games above play every row of the citation table at least once (a row never met is untested)."""
    met = set()
    for profile, players, seed, extra in GAMES:
        for before, move, _after, events in random_game(profile, players, seed, **extra):
            for event in events:
                met.add((event.kind, event.rule))
    for (kind, situation), ruling in CITES.items():
        if ruling == FACE:
            continue
        assert (kind, ruling) in met, f"no seeded game made a {kind} citing {ruling} ({situation})"


# --- positions made by hand: the cases the issue names, and those games reach rarely -------------------

def _events(state: Any, *moves: str) -> list[ev.Event]:
    return play(state, *moves)[1]


def _cited(events: list[ev.Event], kind: type) -> list[str]:
    return [e.rule for e in events if type(e) is kind]


def test_a_green_plus_four_on_a_pending_plus_two_cites_stacking_not_matching() -> None:
    state = table(discard="red +2", pending=2, hands={"A": ["green +4", "red 1"], "B": {"more": 5},
                                                     "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A plays green +4")
    assert _cited(events, ev.CardPlayed) == ["stacking"]
    assert _cited(events, ev.StackGrew) == ["stacking"]


@pytest.mark.parametrize("stacking", ["official", "wilds-on-anything", "anything-goes"])
def test_a_wild_plus_six_answering_a_stack_cites_stacking_under_every_stacking_option(stacking) -> None:
    state = table(discard="red +2", pending=2, variant={"stacking": stacking},
                  hands={"A": ["wild +6", "red 1"], "B": {"more": 5}, "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A plays wild +6 choosing blue")
    assert _cited(events, ev.CardPlayed) == ["stacking"]
    assert _cited(events, ev.CardsDrawn) == []


def test_a_wild_reverse_four_answering_a_stack_cites_stacking_and_its_turn_cites_its_own_ruling() -> None:
    state = table(discard="red +2", pending=2, hands={"A": ["wild reverse +4", "red 1"], "B": {"more": 5},
                                                     "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A plays wild reverse +4 choosing green")
    assert _cited(events, ev.CardPlayed) == ["stacking"]
    assert _cited(events, ev.DirectionChanged) == ["wild-reverse-four"]
    fresh = table(discard="red 5", hands={"A": ["wild reverse +4", "red 1"], "B": {"more": 5},
                                          "C": {"more": 5}, "D": {"more": 5}})
    assert _cited(_events(fresh, "A plays wild reverse +4 choosing green"), ev.CardPlayed) == ["wild-reverse-four"]


def test_a_drawn_card_that_must_be_played_cites_drawing_until_it_fits() -> None:
    state = table(discard="red 5", draw_pile=["blue 1", "red 8"],
                  hands={"A": ["blue 2"], "B": {"more": 5}, "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A draws", "A plays red 8")
    assert _cited(events, ev.CardsDrawn) == ["draw-until-playable"]
    assert _cited(events, ev.CardPlayed) == ["draw-until-playable"]


def test_the_one_drawn_card_played_or_kept_cites_drawing_one() -> None:
    state = table(rules="classic", discard="red 5", draw_pile=["red 7", "blue 1"],
                  hands={"A": ["blue 2", "green 3"], "B": {"more": 5}, "C": {"more": 5}, "D": {"more": 5}})
    assert _cited(_events(state, "A draws", "A plays red 7"), ev.CardPlayed) == ["draw-one"]
    assert _cited(_events(state, "A draws", "A passes"), ev.TurnPassed) == ["draw-one"]


def test_a_jump_in_cites_jump_in_for_the_play_too() -> None:
    state = table(discard="red 5", variant={"jump_in": True},
                  hands={"A": ["blue 2"], "B": {"more": 5}, "C": ["red 5", "green 1"], "D": {"more": 5}})
    events = _events(state, "C plays red 5")
    assert _cited(events, ev.JumpedIn) == _cited(events, ev.CardPlayed) == ["jump-in"]


def test_a_seven_and_a_zero_cite_matching_for_the_play_and_their_own_ruling_for_the_hands() -> None:
    state = table(discard="red 5", hands={"A": ["red 7", "red 0", "blue 1"], "B": {"more": 5},
                                          "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A plays red 7 swapping with C")
    assert (_cited(events, ev.CardPlayed), _cited(events, ev.HandsSwapped)) == (["matching"], ["seven"])
    events = _events(state, "A plays red 0")
    assert (_cited(events, ev.CardPlayed), _cited(events, ev.HandsPassed)) == (["matching"], ["zero"])


def test_a_knock_out_cites_mercy_and_the_draw_that_caused_it_cites_the_draw_cards_rule() -> None:
    state = table(turn="D", discard="red 5", hands={"A": {"more": 23}, "B": {"more": 5},
                                                   "C": {"more": 5}, "D": ["red +2", "blue 1"]})
    events = _events(state, "D plays red +2", "A draws")
    assert _cited(events, ev.CardsDrawn) == ["draw-card"]
    assert _cited(events, ev.KnockedOut) == ["mercy"]


def test_a_classic_challenge_cites_the_challenge() -> None:
    state = table(rules="classic", discard="red 5", hands={"A": ["wild +4", "blue 1"], "B": ["green 2"],
                                                          "C": {"more": 5}, "D": {"more": 5}})
    events = _events(state, "A plays wild +4 choosing green", "B challenges")
    assert _cited(events, ev.CardPlayed) == ["wild-color"]
    assert _cited(events, ev.StackGrew) == ["no-stacking"]
    assert set(_cited(events, ev.Challenged) + _cited(events, ev.CardsDrawn)) == {"challenge"}


# --- every cited ruling can be opened ----------------------------------------------------------------

def _cited_anywhere() -> set[str]:
    """Every ruling the engine's events can cite: the table's, the faces', and the events' constants."""
    from nomercy.core.cards import Rank

    named = {r for r in CITES.values() if r != FACE} | {rank.face.ruling for rank in Rank}
    named |= set(ALWAYS.values()) | set(WON_BY.values())
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "nomercy" / "core").glob("*.py"))
    named |= set(re.findall(r'new_event\(ev\.\w+, \([^()]*"([a-z-]+)"\)\)', source))
    return named


def test_every_cited_ruling_is_in_the_rulebook_and_has_its_anchor_in_docs_and_on_the_site(tmp_path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import site_pages
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    cited = _cited_anywhere()
    assert cited - set(RULINGS) == set()
    markdown = (ROOT / "docs" / "rulebook.md").read_text(encoding="utf-8")
    site_pages.rules_pages(tmp_path)
    on_site = site_pages.anchors((tmp_path / site_pages.RULES_PAGE).read_text(encoding="utf-8"))
    for rule in sorted(cited):
        assert f'<a id="{rule}"></a>' in markdown, f"docs/rulebook.md has no anchor {rule}"
        assert rule in on_site, f"the site's {site_pages.RULES_PAGE} has no anchor {rule}"
        assert RULINGS[rule].link == f"docs/rulebook.md#{rule}"


def test_the_log_line_of_a_stacking_play_opens_the_stacking_ruling_in_the_lab_and_on_the_site() -> None:
    """Clicking a line of a widget's log opens ``<rulebook>#<its rule>``: for the stacking play, stacking's anchor,
    from the notebooks (``../docs/rulebook.md``) and from the site's Play and Train pages (the rules page)."""
    from urllib.parse import urljoin

    from nomercy.play.table_text import event_entry
    from nomercy.widgets._common import RULEBOOK

    state = table(players="AB", discard="red +2", pending=2, hands={"A": ["green +4", "red 1"], "B": {"more": 5}})
    _, events = play(state, "A plays green +4")
    line = next(event_entry(e, 1) for e in events if type(e) is ev.CardPlayed)
    assert (line["rule"], line["title"]) == ("stacking", "Stacking")
    assert urljoin("http://lab/notebooks/03-stacking.ipynb", f"{RULEBOOK}#{line['rule']}") == \
        "http://lab/docs/rulebook.md#stacking"
    # the site's host.py is read, not imported: importing it points every widget made later in this process at
    # the site's rules page and sends their messages to the page (it sets both for the worker it runs in)
    from test_site_pages import _host_rulebook, site_pages

    assert urljoin("http://site/play/index.html", f"{_host_rulebook()}#{line['rule']}") == \
        f"http://site/{site_pages.RULES_PAGE}#stacking"
