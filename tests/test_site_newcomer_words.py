"""What a card player met on a phone, tapped again on the built site (390x844, touch), as in tests/test_site_phone.py:

- Train's header says how many puzzles are new, and nothing after it (it once said "168 new of 168 null"); a rule
  option puzzle names its option in words ("the option ‘a 7 may swap hands’"), its setting one tap away, and its
  answer says no setting as code.
- A name typed on the Learn page is never a computer seat's name at the Play page's table, even written with other
  case and accents.
- The round's review opens the table before the move under the entry tapped, closes it on a second tap, and says
  that it stays with the round.
- The round's review, and the table as the round ended, are there again after a visit to Learn and back; the
  person's own seat reads in the second person ("Your hand:", "Your round:", never "You:", "You plays"); a log
  line's rule is named by its title ("Rule: ..."), its id one tap away in the rulebook link.
- "Show the numbers" says each figure in plain words ("your move won 66 of every 100 imagined rounds"), the
  exact figures one more tap away.
- A wild tapped low on a small phone asks its color where it is seen, without scrolling.
- The landing page says no program words (Python, Pyodide, JupyterLite, notebook...) until "How this works" is
  tapped.

Screenshots go to ``artifacts/site-phone-newcomer-*.png``. Nothing here asserts on time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser_support import ARTIFACTS
from test_notebooks_in_browser import _pick, _served
from test_site import KERNEL_MS, Visit, _app_ready, _run_in_pyodide, site  # noqa: F401
from test_site_learners import _tap_name
from test_site_phone import _offline_line, phone

pytestmark = pytest.mark.site

CODE = re.compile(r"`|\b[a-z]+_[a-z_]+:\s*[a-z0-9]")
"""A rule option's setting written as code (``seven_swap: optional``, backticks)."""


def test_train_says_a_rule_option_in_words_with_the_setting_one_tap_away(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        due = trainer.locator('[data-testid="trainer-due"]')
        assert re.fullmatch(r"\d+ due for review · \d+ new of \d+", due.text_content()), due.text_content()
        head = due.locator("xpath=..").inner_text()
        assert "null" not in head and "undefined" not in head, head
        served = trainer.get_attribute("data-served")
        trainer.locator('[data-testid="trainer-topic"]').select_option(label="Rule options")
        page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                               arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
        board = trainer.locator('[data-testid="nm-puzzle"]')
        for _ in range(12):  # a few option puzzles play the printed rules with no option set: the next one
            if board.locator('[data-testid="puzzle-option"]').count():
                break
            shown = board.get_attribute("data-puzzle")
            trainer.locator('[data-testid="trainer-next"]').tap()
            page.wait_for_function("([el, n]) => el.getAttribute('data-puzzle') !== n",
                                   arg=[board.element_handle(), shown], timeout=KERNEL_MS)
        option = board.locator('[data-testid="puzzle-option"]').first
        words = option.locator("summary").inner_text()
        assert words.startswith("the option ‘") and not CODE.search(words), words
        setting = option.locator("code")
        assert not setting.is_visible(), "the setting shows before it is asked for"
        assert not CODE.search(board.inner_text()), board.inner_text()
        option.locator("summary").tap()
        setting.wait_for(state="visible")
        assert re.fullmatch(r"[a-z_]+: [a-z0-9-]+", setting.text_content()), setting.text_content()
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-option.png"))
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=False)
        trainer.locator('[data-testid="trainer-recorded"]').wait_for(timeout=KERNEL_MS)
        shown = board.inner_text().replace(setting.text_content(), "")
        assert not CODE.search(shown), shown
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-option-answered.png"), full_page=True)


@pytest.mark.parametrize("name", ["sám", "ALEX"])
def test_the_name_typed_on_learn_is_no_computer_seats_name_at_play(site: str, name: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("learn/")
        learn = _app_ready(page, "nm-learn")
        _tap_name(page, learn, "learn", name)
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        table.locator('[data-testid^="seat-"]').first.wait_for()
        seats = [str(s.get_attribute("data-testid"))[len("seat-"):] for s in table.locator('.nm-seat').all()]
        looks = {"sám": "sam", "ALEX": "alex"}[name]
        assert len(seats) == 3 and "You" in seats, seats
        assert all(seat.casefold() != looks for seat in seats), f"a computer is called {name}: {seats}"
        log = table.inner_text()
        assert f"{looks.capitalize()} deals" not in log and f"{looks.capitalize()} plays" not in log


def test_the_review_opens_the_table_before_the_move_under_the_entry_tapped(site: str, tmp_path: Path) -> None:  # noqa: F811
    from nomercy.widgets import GameTable
    from test_hostile_session import _finish_and_review

    table = GameTable("no-mercy", ["human", "greedy"], seed=10, pace=0, coach=True)  # test_hostile_kept's round
    _finish_and_review(table)
    decisions = [*table.review["mistakes"], *table.review["close_calls"]]
    assert len(decisions) >= 2, "the seed was chosen so that the review names decisions"
    record = table.record().to_json()
    with phone(site, profile=tmp_path / "profile") as session:
        _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                                 "data_dir().mkdir(parents=True, exist_ok=True)\n"
                                 f"(data_dir() / 'play-page-round.json').write_text({record!r})")
        page = session.open("play/")
        table_el = _app_ready(page, "nm-table")
        table_el.get_by_role("button", name="Review my round").tap()
        review = table_el.locator('[data-testid="review"]')
        review.wait_for(timeout=KERNEL_MS)
        assert "stays with the round" in review.locator('[data-testid="review-stays"]').inner_text()
        last = review.locator('[data-testid^="review-show-"]').count() - 1  # a board drawn after the list: far away
        assert last >= 1, "the review names decisions"
        for i in (last, 0):
            entry = review.locator(f'[data-testid="review-{i}"]')
            show = entry.locator(f'[data-testid="review-show-{i}"]')
            show.tap()
            board = entry.locator('[data-testid="review-board"]')
            board.wait_for(timeout=KERNEL_MS)
            assert review.locator('[data-testid="review-board"]').count() == 1, "one position open at a time"
            assert board.locator(".nomercy-state, svg").count() >= 1, "no table drawn"
            assert show.get_attribute("aria-expanded") == "true" and show.inner_text() == "Hide the position"
            under, top = show.bounding_box(), board.bounding_box()
            assert under and top and 0 <= top["y"] - (under["y"] + under["height"]) < 200, (under, top)
            board.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"site-phone-newcomer-review-{'last' if i else 'first'}.png"))
        show.tap()
        board.wait_for(state="detached", timeout=KERNEL_MS)
        assert show.inner_text() == "Show the position"


def _saved_round(session: Visit, record: str) -> None:
    """Put ``record`` in the Play page's save, as a person's round in progress is kept."""
    _offline_line(session.open(""), "ready")  # the site's worker serves the Lab's drive before it is written
    _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                             "data_dir().mkdir(parents=True, exist_ok=True)\n"
                             f"(data_dir() / 'play-page-round.json').write_text({record!r})")


def _goto(root, stage_id: str) -> None:
    """Open a stage from the path's list of stages, by tapping."""
    listing = root.locator('[data-testid="learn-path"]')
    if listing.get_attribute("open") is None:
        listing.locator("summary").tap()
    root.locator(f'[data-testid="learn-goto-{stage_id}"]').tap()
    # the list closes once a stage is picked, so its button is there but hidden: attached, not visible
    root.locator(f'[data-testid="learn-goto-{stage_id}"][aria-current]').wait_for(state="attached", timeout=KERNEL_MS)


def test_learn_on_a_phone_marks_the_drawn_card_fits_five_a_row_and_teaches_play_if_you_can(site: str) -> None:  # noqa: F811
    from learn_clicks import STAGES, play_stage

    with phone(site) as session:
        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        # the example of stage 2 names the color its table shows
        _goto(root, "match-the-number")
        assert "yellow 4" in root.locator('[data-testid="learn-rule"]').inner_text()
        # a draw that turns up a card that fits: that card is marked, and five cards fit a row
        _goto(root, "draw-until-it-fits")
        root.locator('[data-testid^="learn-action-"][data-move="You draw"]').tap()
        drawn = root.locator('[data-testid="learn-drawn"]')
        drawn.wait_for(timeout=KERNEL_MS)
        assert root.locator('[data-drawn="true"]').get_attribute("data-card") == "yellow 2"
        cards = root.locator('[data-testid^="learn-card-"]')
        assert cards.count() == 5
        tops = {round(cards.nth(i).bounding_box()["y"]) for i in range(5)}
        assert len(tops) <= 2 and max(tops) - min(tops) <= 6, f"the five cards wrap: {tops}"  # the drawn one is raised
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-learn-drawn.png"))
        # if you can play, you must: the stage after it, Draw tried first and answered with its why
        _goto(root, "play-if-you-can")
        stage = next(s for s in STAGES if s.id == "play-if-you-can")
        said = play_stage(root, stage, wrong=stage.wrong[0], tap=True)
        assert stage.wrong[0].why in said["why"]  # the stage's own why for Draw, in the page's words
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-learn-play-if-you-can.png"))
        # a reverse with two players leaves one card: no Call UNO before the path teaches it
        _goto(root, "reverse-with-two-players")
        root.locator('[data-testid^="learn-card-"][data-card="green reverse"]').tap()
        root.locator('[data-testid="learn-feedback"]').wait_for(timeout=KERNEL_MS)
        assert root.locator('[data-testid^="learn-action-"]').count(), "the table's buttons are drawn"
        assert not root.locator('[data-testid^="learn-action-"]', has_text="Call UNO").count()
        # knocked out: the seat says out, not "0 cards" under a green Done!
        _goto(root, "out-in-the-middle-of-a-draw")
        root.locator('[data-testid^="learn-action-"][data-move="You draw"]').tap()
        root.locator('[data-testid="learn-feedback"]').wait_for(timeout=KERNEL_MS)
        seat = root.locator('[data-testid="learn-seat-You"]')
        assert "out" in seat.inner_text() and "0 cards" not in seat.inner_text(), seat.inner_text()
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-learn-out.png"))


SLIPS = re.compile(r"\bYou (plays|has|is|was|draws|holds|names|wins|scores|keeps|loses|calls|catches|takes)\b|\bYou:")
"""The seat called You in a sentence made for another seat's name ("You plays", "You has", "You: knocked out")."""


def test_the_review_is_there_again_after_learn_and_back_and_says_you_in_the_second_person(site: str, tmp_path: Path) -> None:  # noqa: F811
    from nomercy.widgets import GameTable
    from test_hostile_session import _finish_and_review

    table = GameTable("no-mercy", {"You": "human", "Sam": "greedy"}, seed=10, pace=0, coach=True)
    _finish_and_review(table)
    record = table.record().to_json()
    with phone(site, profile=tmp_path / "profile") as session:
        _saved_round(session, record)
        page = session.open("play/")
        table_el = _app_ready(page, "nm-table")
        table_el.get_by_role("button", name="Review my round").tap()
        review = table_el.locator('[data-testid="review"]')
        review.wait_for(timeout=KERNEL_MS)
        before = review.inner_text()
        over = table_el.locator('[data-testid="round-over"]').inner_text()
        assert "Sam was knocked out." in over and "Sam:" not in over, over  # (the person won: Sam's hand is said)
        numbers = review.locator('[data-testid="review-numbers"]')
        numbers.locator("summary").first.tap()
        # "Show the numbers" says each figure in plain words, the exact figures one more tap away
        plain = numbers.get_by_test_id("numbers-plain").all_inner_texts()
        assert any(re.fullmatch(r"Move \d+: from here, your move won \d+ of every 100 imagined rounds, the coach's "
                                r"move \d+\.", line) for line in plain), plain
        assert not any(re.search(r"playout|standard error|margin|noise|seed|±", line) for line in plain), plain
        exact = numbers.get_by_test_id("numbers-exact")
        assert exact.count() >= len(plain) - 1 and not exact.first.is_visible(), "the exact figures show at once"
        numbers.get_by_test_id("numbers-exact-figures").locator("summary").tap()  # one more tap: the head once
        assert numbers.inner_text().count("Your round:") == 1, numbers.inner_text()
        ruled = table_el.locator('[data-testid^="log-"] details').last
        ruled.locator("summary").tap()
        rule = ruled.locator('[data-testid^="ruling-"]')
        assert rule.inner_text().startswith("Rule: ") and "Ruling" not in rule.inner_text(), rule.inner_text()
        assert rule.locator("a.nm-rulebook-link").get_attribute("href").endswith("#" + rule.locator("a").get_attribute("data-rule"))
        assert not SLIPS.search(table_el.inner_text()), SLIPS.search(table_el.inner_text())

        page.locator('[data-testid="nav-learn"]').tap()  # away, as a person goes to Learn
        _app_ready(page, "nm-learn")
        page.locator('[data-testid="nav-play"]').tap()  # and back
        table_el = _app_ready(page, "nm-table")
        assert table_el.get_attribute("data-waiting") == "over", "the table is not as the round ended"
        review = table_el.locator('[data-testid="review"]')
        review.wait_for(timeout=KERNEL_MS)  # the same review, without a tap
        assert review.inner_text() == before
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-review-again.png"), full_page=True)


def test_a_wild_tapped_low_on_a_small_phone_asks_its_color_on_screen(site: str, tmp_path: Path) -> None:  # noqa: F811
    import json

    # seed 1 deals the person a wild +6, and the first move is theirs
    record = {"dealer": 2, "moves": [], "overrides": {}, "rules": "no-mercy", "seats": ["You", "Sam", "Kim"], "seed": 1}
    with phone(site, "360x640", profile=tmp_path / "profile") as session:
        _offline_line(session.open(""), "ready")  # the site's worker serves the Lab's drive before it is written
        _run_in_pyodide(session, "from nomercy.puzzles.progress import data_dir\n"
                                 "data_dir().mkdir(parents=True, exist_ok=True)\n"
                                 f"(data_dir() / 'play-page-round.json').write_text({json.dumps(record)!r})")
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        wild = table.locator('[data-card="wild +6"]').first
        wild.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, 200)")  # the hand read from below, as a thumb leaves it
        wild.tap()
        prompt = table.locator('[data-testid="prompt"]')
        prompt.wait_for(timeout=KERNEL_MS)
        page.wait_for_timeout(300)  # (any scrolling of the page's own done)
        height = page.evaluate("() => innerHeight")
        for choice in prompt.get_by_role("button").all():
            box = choice.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, f"{choice.inner_text()} is off screen: {box}"
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-wild-color.png"))
        prompt.get_by_role("button", name="Green").tap()  # answered where it is, without scrolling
        prompt.wait_for(state="detached", timeout=KERNEL_MS)


PROGRAM_WORDS = re.compile(r"Python|Pyodide|Jupyter|kernel|notebook|JupyterLab|JupyterLite", re.I)


def test_the_landing_says_no_program_words_until_how_this_works_is_tapped(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("")
        shown = page.locator("main").inner_text()
        assert not PROGRAM_WORDS.search(shown), PROGRAM_WORDS.search(shown)
        how = page.get_by_test_id("how-this-works")
        how.locator("summary").tap()
        assert PROGRAM_WORDS.search(how.inner_text()), "the program's words are one tap away"
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer-landing.png"), full_page=True)
