"""The LearnPath widget, driven as its page drives it (its message handler): a try is answered at once, a stage done
is saved in the trainer's progress (a tick, a star at the first try), a new widget opens where the learner stopped,
and the progress exports with the puzzles' attempts but leaves the puzzle rating alone."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

pytest.importorskip("anywidget")

from nomercy.puzzles.progress import Progress  # noqa: E402
from nomercy.widgets import LearnPath  # noqa: E402

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=timezone.utc)


def _path(tmp_path, chapter=None):
    return LearnPath(chapter, data_dir=tmp_path, clock=lambda: NOW)


def test_it_opens_at_the_first_stage_with_the_rule_the_task_and_the_table(tmp_path):
    path = _path(tmp_path)
    assert path.stage["id"] == "match-the-color"
    assert path.stage["rule"].startswith("Play a card that matches the top card")
    assert path.stage["rules"] == "No Mercy and classic UNO"  # a chapter known from classic UNO: both games' rule
    assert path.stage["table"]["top"] == "red 5" and [c["card"] for c in path.stage["table"]["hand"]] == [
        "red 8", "blue 3", "green 9"]
    assert path.path["of"] >= 26 and path.path["classic_start"] == "draw-until-it-fits"
    assert path.feedback == {}


def test_a_refused_try_says_why_and_leaves_the_table_as_it_was(tmp_path):
    path = _path(tmp_path)
    assert path.send_intent({"type": "try", "move": "You play blue 3"}) is None
    assert path.feedback["kind"] == "refused"
    assert "matches neither the color" in path.feedback["reason"]
    assert path.feedback["why"].startswith("Blue is not red")
    assert path.stage["table"]["top"] == "red 5"
    assert path.progress.attempts == ()  # nothing saved before the stage is done


def test_a_stage_that_says_why_puts_the_engines_reason_one_tap_away_and_a_try_it_did_not_foresee_shows_it(tmp_path):
    path = _path(tmp_path, "draw-and-stack")
    path.goto("stop-the-plus-two")
    path.play("You plays red 9")  # a wrong try the stage explains: its why first, the rules' reason folded
    assert path.feedback["why"] and path.feedback["reason"] and path.feedback["reason_folded"]
    assert path.feedback["heading"] == "Not allowed:"
    assert path.feedback["move"] == "you tried to play the red 9."
    path.play("You plays green 4")  # one it does not: the rules' reason is all there is, so it is shown
    assert path.feedback["why"] == "" and path.feedback["reason"] and not path.feedback["reason_folded"]


def test_an_answer_says_what_happened_once(tmp_path):
    path = _path(tmp_path, "draw-and-stack")
    path.goto("stop-the-plus-two")
    path.play("You plays blue +2")
    assert path.feedback["move"] == "You played the blue +2."  # a card player's sentence, not the engine's notation
    assert path.feedback["events"] == ["4 cards are now pending for Bo."]  # the card played is the heading's
    path = _path(tmp_path, "uno-and-winning")
    path.goto("catch-a-forgotten-uno")
    path.play("You catches Bo")
    assert path.feedback["events"] == ["You catch Bo holding one card without calling UNO: Bo draws 2."]
    path.goto("call-uno")
    path.play("You calls uno")
    assert path.feedback["events"] == []  # "You call UNO!" only says the move again
    assert path.feedback["move"] == "You called UNO."
    path = _path(tmp_path, "match")
    path.goto("a-wild-names-the-color")
    path.play("You plays wild choosing green")
    assert (path.feedback["heading"], path.feedback["move"]) == ("Done!", "You played the wild and named green.")


def test_a_move_that_does_the_task_folds_what_happened_and_a_wrong_try_says_its_first_sentence(tmp_path):
    path = _path(tmp_path, "draw-and-stack")
    path.goto("stop-the-plus-two")
    path.play("You plays blue +2")
    assert path.feedback["events_shown"] == 0  # the table shows the stack; the move line says what was played
    path = _path(tmp_path, "mercy")
    path.goto("twenty-five-and-out")
    path.play("You draws")  # allowed, not the task: what it really did comes first, the rest one tap away
    assert path.feedback["events_shown"] == 1 and path.feedback["events"][0] == "You draw 5 cards."
    assert path.feedback["why"] == "Your +10 would have passed the stack on."
    path.goto("the-last-player-standing")
    path.play("You draws")
    # a draw that does the task has no move line: its first sentence says it, the rest is folded
    assert (path.feedback["kind"], path.feedback["move"], path.feedback["events_shown"]) == ("done", "", 1)
    assert path.feedback["events"][0] == "You draw 2 cards."


def test_a_draw_is_said_once_in_every_language(tmp_path):
    for lang in ("sv", "fr", "zh-Hant"):
        path = LearnPath("mercy", data_dir=str(tmp_path / lang), lang=lang)
        path.goto("twenty-five-and-out")
        path.play("You draws")
        assert path.feedback["move"] == "" and path.feedback["events"][0]  # its first sentence names the draw


def test_draw_until_it_fits_goes_on_after_the_draw_and_is_done_once_the_card_is_played(tmp_path):
    path = _path(tmp_path, "draw-and-stack")
    path.goto("draw-until-it-fits")
    path.play("You draws")
    assert path.feedback["kind"] == "step" and path.feedback["events"] == ["You draw 3 cards."]
    assert path.feedback["heading"] == "Good, go on." and path.feedback["move"] == ""
    assert "yellow 2" in [c["card"] for c in path.stage["table"]["hand"]]
    assert path.progress.attempts == ()  # not done yet: the card that fits is still to be played
    path.play("You plays yellow 2")
    assert path.feedback["kind"] == "done" and path.feedback["first_try"]
    assert [a.right for a in path.progress.attempts] == [True]


def test_an_allowed_wrong_try_shows_what_it_did_then_try_again_puts_the_table_back(tmp_path):
    path = _path(tmp_path, "draw-and-stack")
    path.goto("stop-the-plus-two")
    path.play("You draws")
    assert path.feedback["kind"] == "allowed" and "You draw 2 cards." in path.feedback["events"]
    assert path.stage["table"]["seats"][0]["count"] == 5  # the table shows what the move did
    assert "Press Try again" in path.send_intent({"type": "try", "move": "You plays blue +2"})
    path.again()
    assert path.stage["table"]["seats"][0]["count"] == 3 and path.feedback == {}
    attempt = path.play("You plays blue +2")
    assert attempt.done and path.feedback["ruling"]["title"] == "Stacking"
    assert not path.feedback["first_try"]
    stages = {stage["id"]: stage for stage in path.path["chapters"][0]["stages"]}
    assert stages["stop-the-plus-two"] == {"id": "stop-the-plus-two", "title": "Stop the +2 coming at you",
                                           "done": True, "star": False}


def test_a_stage_done_at_the_first_try_earns_a_star_and_a_new_widget_opens_at_the_next_stage(tmp_path):
    path = _path(tmp_path)
    path.play("You plays red 8")
    assert path.feedback["first_try"] and path.path["chapters"][0]["stages"][0]["star"]
    path.next()
    assert path.stage["id"] == "match-the-number" and path.feedback == {}
    again = _path(tmp_path)
    assert again.stage["id"] == "match-the-number"
    assert again.path["done"] == 1


def test_the_path_is_kept_with_the_trainers_progress_exported_with_it_and_not_in_the_rating(tmp_path):
    path = _path(tmp_path)
    path.play("You plays red 8")
    progress = Progress(tmp_path, clock=lambda: NOW)
    assert [a.puzzle for a in progress.attempts] == ["learn:match-the-color"]
    assert "learn:match-the-color" in progress.export()
    assert not progress.rating().games if hasattr(progress.rating(), "games") else True
    assert str(progress.rating()) == str(Progress(tmp_path / "empty", clock=lambda: NOW).rating())
    other = Progress(tmp_path / "elsewhere", clock=lambda: NOW)
    assert other.import_text(progress.export()) == 1
    assert _path(tmp_path / "elsewhere").stage["id"] == "match-the-number"


def test_the_last_stage_says_so(tmp_path):
    path = _path(tmp_path, "classic")
    path.goto("classic-challenge-the-wild-four")
    path.play("You challenges")
    assert path.feedback["last"]
    assert path.send_intent({"type": "next"}) == "This was the chapter's last stage."


def test_a_notebook_without_its_widget_state_shows_a_line_not_an_address(tmp_path):
    path = _path(tmp_path, "mercy")
    assert repr(path) == "<LearnPath chapter=mercy>" and "0x" not in path._repr_html_()


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_wild_that_does_not_fit_is_said_without_a_color_nobody_named(tmp_path, lang):
    """A wild that cannot be played is never asked for a color, so its refusal does not say one was named."""
    path = LearnPath("mercy", data_dir=tmp_path, clock=lambda: NOW, lang=lang)
    path.goto("twenty-five-and-out")
    card = next(c for c in path.stage["table"]["hand"] if c["card"] == "wild reverse +4")
    path.play(card["moves"][0]["move"])
    assert path.feedback["kind"] == "refused"
    if lang == "en":
        assert path.feedback["move"] == "you tried to play the wild reverse +4."
    for color in ("red", "röd"):
        assert color not in path.feedback["move"]


@pytest.mark.parametrize("lang", ["en", "sv", "fr", "zh-Hant"])
def test_a_refusal_and_the_rulebook_line_are_said_in_the_page_s_language(tmp_path, lang):
    """Issue 41: the engine's reason under a wrong try and the rulebook line after a stage done were English on a
    French or Chinese page; English says them as it always did (the refusal's words, the rulebook's title)."""
    from nomercy.core.cards import Card
    from nomercy.core.rulebook import RULINGS
    from nomercy.core.said import card_name
    from nomercy.teaching.terminology import ruling_titles

    path = LearnPath("mercy", data_dir=str(tmp_path), lang=lang)
    card = next(c for c in path.stage["table"]["hand"] if c["card"] == "wild reverse +4")  # fits nowhere here
    path.play(card["moves"][0]["move"])
    told = path.feedback
    assert told["kind"] == "refused" and told["reason"]
    english = "You cannot answer wild +6 with wild reverse +4: a stacked draw card must be worth at least +6"
    if lang == "en":
        assert told["reason"] == english
        assert told["move"] == "you tried to play the wild reverse +4."
    else:
        assert "cannot" not in told["reason"]
        for shown in ("wild reverse +4", "wild +6"):  # the cards as the language names them
            assert card_name(Card.parse(shown), lang) in told["reason"], (lang, told["reason"])
        red = {"sv": "röd", "fr": "rouge", "zh-Hant": "紅"}[lang]
        assert red not in told["move"], "a card refused names no color the learner never chose"
    path.play("You plays wild +10 choosing red")
    ruling = path.feedback["ruling"]
    assert path.feedback["kind"] == "done"
    assert ruling["title"] == (RULINGS["mercy"].title if lang == "en" else ruling_titles(lang)["mercy"])
    assert lang == "en" or ruling["title"] != RULINGS["mercy"].title



def test_call_uno_is_offered_only_in_the_stage_about_it(tmp_path):
    """A newcomer met a Call UNO button at a reverse, holding two cards, long before the path taught UNO: the button
    is offered only where calling UNO is the task or a listed try."""
    import yaml

    from nomercy.puzzles.stage import CHAPTER_FILE, default_learn_dir

    path = _path(tmp_path)
    offered = {}
    for file in sorted(default_learn_dir().glob("*/*.yaml")):
        if file.name == CHAPTER_FILE:
            continue
        stage = yaml.safe_load(file.read_text(encoding="utf-8"))
        path.goto(stage["id"])
        offered[stage["id"]] = [a["move"] for a in path.stage["table"]["actions"] if a["label"] == "Call UNO"]
        if stage["id"] != "call-uno":  # and after the move that does it (a reverse with two players: one card left)
            path.play(stage["done"][0])
            offered[stage["id"]] += [a["move"] for a in path.stage["table"]["actions"] if a["label"] == "Call UNO"]
    assert offered.pop("call-uno") == ["You call uno"]
    assert not {stage: moves for stage, moves in offered.items() if moves}


def test_the_card_a_draw_turns_up_that_fits_is_marked_and_no_other(tmp_path):
    path = _path(tmp_path)
    path.goto("draw-until-it-fits")
    assert not any(card["drawn"] for card in path.stage["table"]["hand"])
    path.play("You draws")
    marked = [card["card"] for card in path.stage["table"]["hand"] if card["drawn"]]
    assert marked == ["yellow 2"]
    path.play("You plays yellow 2")
    assert not any(card["drawn"] for card in path.stage["table"]["hand"])


@pytest.mark.parametrize("lang, done, refused", [
    ("sv", ("Klart!", "Du lade blå dra-två."), ("Inte tillåtet:", "du försökte lägga röd 9.")),
    ("fr", ("Réussi\u202f!", "Vous avez posé +2 bleu."), ("Interdit\u202f:", "vous avez essayé de poser 9 rouge.")),
])
def test_an_answer_says_the_learners_move_as_a_sentence_in_the_past_in_every_language(tmp_path, lang, done, refused):
    """Not the button's words again ("Klart! Lägg röd 8", "Réussi ! Prendre les 4 cartes", "Interdit : Jouer 2
    vert": the Swedish and French readers of issue 41): what the learner did, in the past, lower case after a colon."""
    path = LearnPath("draw-and-stack", data_dir=tmp_path, lang=lang)
    path.goto("stop-the-plus-two")
    path.play("You plays red 9")
    assert (path.feedback["heading"], path.feedback["move"]) == refused
    path.play("You plays blue +2")
    assert (path.feedback["heading"], path.feedback["move"]) == done
