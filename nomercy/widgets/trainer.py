"""The puzzle trainer: puzzles one after another, each attempt saved, missed puzzles brought back later.

A trainer is a puzzle board (:class:`~nomercy.widgets.puzzle_board.PuzzleBoard`) that holds one puzzle
at a time and chooses the next one itself: puzzles due for review first, then new puzzles (easy first,
in an order fixed by ``seed``), then, when nothing is left, the puzzles due soonest. Answers, options,
hints, whys and "Show me" are the board's own: the puzzle's kind judges them (``PuzzleKind.judge``), and the
trainer's page draws the board with the board's own ES module. The first check of each puzzle served is
an attempt, saved in the progress folder (:mod:`nomercy.puzzles.progress`: this trainer's own journal, so
two trainers open at once keep each other's attempts): right or not, hints used, the seconds since the
puzzle was served. The page's Export gives the whole progress as a file; its Import merges such a file in
(Python reads and checks it; the page only carries the text).

**Several learners on one computer.** The progress is a learner's (:mod:`nomercy.puzzles.learners`): the page
asks whose it is (a name, remembered for next time), and each learner's attempts and kept mistakes stay apart.
``learner`` names the learner from Python; without it the trainer starts with the learner chosen last. An export
carries the learner's name, and importing another learner's asks whose it becomes (theirs: the trainer switches
to them; or yours), never merging it into the wrong one.

>>> import tempfile
>>> trainer = Trainer("stacking", "easy", data_dir=tempfile.mkdtemp())
>>> trainer
<Trainer topic=stacking level=easy>
>>> trainer.status["kind"], trainer.status["due"]
('new', 0)
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Sequence

import traitlets

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, brief
from nomercy.core.rules import PROFILES
from nomercy.puzzles.progress_rating import LEVEL_RATINGS
from nomercy.puzzles.progress import INTERVALS, LEARN_TOPIC, LEVELS, Progress, ProgressFileError, Rating, TopicProgress
from nomercy.core.errors import PuzzleError
from nomercy.puzzles.kept import KEPT_TOPIC, KeptFolder, export_lines, split_export
from nomercy.puzzles.puzzle import Puzzle, load_puzzles
from nomercy.puzzles.puzzle_languages import available_words, translated
from nomercy.core import wording
from nomercy.core.i18n import N_, SOURCE, language, plural_rule, words
from nomercy.core.refusals import Count, Joined, reason_of, said
from nomercy.core.said import n_
from nomercy.play.said_at_table import said_all
from nomercy.widgets._common import STATIC, style_sheet
from nomercy.widgets.learner_choice import LearnerChoice
from nomercy.widgets.puzzle_board import PuzzleBoard, topic_name

__all__ = ["Trainer"]

_KINDS = {"review": N_("Back for review"), "new": N_("A new puzzle for you"), "ahead": N_("Extra practice")}
"""What the puzzle shown is to the learner: a label, never a button (a newcomer took "New puzzle" for one)."""


def _after(wait: timedelta) -> str:
    """How long until a puzzle comes back, in words: "in 10 minutes", "tomorrow", "in 3 days"."""
    minutes = round(wait.total_seconds() / 60)
    if minutes < 60:
        return said(N_("in {count}"), count=Count(minutes, *n_("{count} minute", "{count} minutes")))
    if round(minutes / 60) < 24:  # 23 hours and a half is "tomorrow", not "in 24 hours"
        return said(N_("in {count}"), count=Count(round(minutes / 60), *n_("{count} hour", "{count} hours")))
    days = max(1, round(minutes / (24 * 60)))
    return said(N_("tomorrow")) if days == 1 else said(N_("in {count} days"), count=days)


class Trainer(PuzzleBoard):
    """Train on the puzzles of a topic and level (``None``: all of them), with the progress kept in
    ``data_dir`` (default: the user's data folder, or ``NOMERCY_DATA_DIR``). ``seed`` fixes the order of
    new puzzles, ``clock`` what "now" is, ``puzzles`` the collection (default: every puzzle in ``puzzles/``);
    ``rules`` (a profile, ``"no-mercy"``) serves the new puzzles played by those rules first, so a learner
    of No Mercy does not begin with a classic puzzle. ``learner``: whose progress (a name, remembered; default the
    learner chosen last on this computer). ``mistakes``: serve the learner's kept mistakes with ``puzzles``
    (default: only with the shipped collection). ``lang``: the language of the trainer's own words and of the
    puzzles (a code of :data:`~nomercy.core.i18n.LANGUAGES`): only the puzzles translated into it are served, their
    texts from the puzzles' catalog, and the trainer says how many of them there are (with none translated yet, the
    puzzles in English, and a line saying so).

    Python API, beside the board's (:meth:`answer`, :meth:`choose`, :meth:`hint`, :meth:`show_me`):
    :meth:`next` serves the next puzzle, :meth:`select` changes the topic or level,
    :meth:`export_progress` and :meth:`import_progress` carry the progress out and in, :meth:`switch_learner`
    changes whose progress it is (:attr:`learner`); :attr:`progress`
    is the progress (:class:`~nomercy.puzzles.progress.Progress`) and :attr:`status` what the page shows.
    """

    _esm = STATIC / "trainer.js"
    # the board's style sheet and the trainer's, as one text (anywidget takes a path or the text itself)
    _css = style_sheet("puzzle_board.css", "trainer.css")

    status = traitlets.Dict().tag(sync=True)
    board_module = traitlets.Unicode("").tag(sync=True)
    export = traitlets.Unicode("").tag(sync=True)
    """Every attempt as text (after the Export intent), for the page to offer as a file and to copy."""
    # the trainer's own words in the language chosen (nomercy.core.i18n): English message to its words; none for English
    words = traitlets.Dict().tag(sync=True)
    plural = traitlets.Unicode("one").tag(sync=True)

    def __init__(self, topic: str | None = None, level: str | None = None, data_dir: str | os.PathLike[str] | None = None,
                 *, seed: int = 0, clock: Callable[[], datetime] | None = None,
                 puzzles: Sequence[Puzzle] | None = None, rules: str | None = None, learner: str | None = None,
                 mistakes: bool | None = None, lang: str = SOURCE) -> None:
        self._lang = language(lang)  # checked before anything is read or kept
        if clock is not None:
            inputs.calendar_clock(clock)
        if puzzles is not None:
            inputs.one_of_kind(puzzles, (list, tuple), "a list of puzzles")
            for each in puzzles:
                inputs.one_of_kind(each, Puzzle, "a list of puzzles (load_puzzles gives them)")
        self._data_dir = None if data_dir is None else inputs.path(data_dir, "the progress folder", folder=True)
        self._learner = LearnerChoice(self._data_dir, learner)
        self._kept = KeptFolder(self._data_dir, learner=self._learner.name or None)
        # your own kept mistakes are served with the shipped puzzles (a collection given is served as it is,
        # unless ``mistakes`` says to serve them with it)
        self._kept_served = puzzles is None if mistakes is None else inputs.switch(mistakes, "mistakes")
        self._left_out: set[str] = set()  # kept mistakes that failed the check before they were served
        self._collection: list[Puzzle] = (list(puzzles) if puzzles is not None else load_puzzles())
        if self._kept_served:
            self._collection += self._kept.puzzles()
        self._shipped = len(self._collection)
        if self._lang != SOURCE:
            said = translated(self._collection, self._lang)
            self._available = available_words(len(said), self._shipped, self._lang)
            if said:
                self._collection = said
        else:
            self._available = ""
        profiles = sorted({p.rules.name for p in self._collection})
        if rules is not None:
            rules = inputs.choice(rules, "the rules of the puzzles served first", profiles)
        self._rules = rules
        self._topics = _topics(self._collection)
        self.progress = Progress(self._data_dir, clock=clock, learner=self._learner.name or None)
        self._clock = self.progress.clock
        self._seed = inputs.seed(seed)
        self._topic, self._level = self._filter(topic, level)
        self._kind = "new"
        self._served_at = self._clock()
        self._recorded: dict[str, Any] | None = None
        self._served = 0
        self._skipped: list[str] = []
        self._transfer: dict[str, str] = {}
        first, self._kind = self._pick()
        super().__init__([first])
        self.board_module = (STATIC / "puzzle_board.js").read_text(encoding="utf-8")
        self.words = words(self._lang).catalog()
        self.plural = plural_rule(self._lang)
        self._update_status()

    # --- Python API -------------------------------------------------------------------------------------
    def next(self) -> None:
        """Serve the next puzzle (a puzzle left unanswered is not recorded)."""
        self._raise_on_refusal(self.send_intent({"type": "next_puzzle"}))

    def select(self, topic: str | None = None, level: str | None = None) -> None:
        """Train on another topic or level (``None``: all of them)."""
        self._raise_on_refusal(self.send_intent({"type": "choose", "topic": topic or "", "level": level or ""}))

    def export_progress(self) -> str:
        """Every attempt, as the text the page's Export offers to save (see :meth:`Progress.export`)."""
        self._raise_on_refusal(self.send_intent({"type": "export_progress"}))
        return self.export

    def import_progress(self, text: str, *, into: str = "") -> int:
        """Merge an exported progress text into this progress (every attempt of both kept, each once);
        return how many attempts were new. A text that does not read raises, and changes nothing. Another
        learner's text raises too, unless ``into`` says whose it becomes: ``"mine"`` (this learner's) or
        ``"theirs"`` (the trainer switches to the learner it names, and it goes there). A file's bytes are taken
        as its UTF-8 text; any other kind of value is refused with what is expected."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressFileError("this progress file is not text (UTF-8): it is not one nomercy wrote. "
                                        "Nothing was changed.") from None
        if not isinstance(text, str):  # 5 is not "nothing to import": say what is
            raise ProgressFileError(f"import_progress takes the text of an exported progress file (or its bytes), "
                                    f"not {inputs.quote(text)}. Nothing was changed.")
        self._raise_on_refusal(self.send_intent({"type": "import_progress", "text": text, "into": into}))
        if self._transfer.get("kind") in ("refused", "ask"):
            raise ProgressFileError(self._transfer["sentence"])
        return int(self._transfer.get("new", "0"))

    @property
    def learner(self) -> str:
        """Whose progress this is ("" for the progress kept before names, until a name is given)."""
        return self._learner.name

    def switch_learner(self, name: str) -> None:
        """Train as the learner ``name`` (new or known: each keeps their own progress); remembered for next time."""
        self._raise_on_refusal(self.send_intent({"type": "learner", "name": name}))

    @property
    def pool(self) -> list[Puzzle]:
        """The puzzles of the chosen topic and level."""
        return [p for p in self._collection
                if (not self._topic or p.topic == self._topic) and (not self._level or p.level == self._level)]

    def send_intent(self, intent: Any) -> str | None:
        with self.hold_sync():
            kind = intent.get("type") if isinstance(intent, dict) else None
            if kind != "export_progress":
                self.export = ""
            if kind != "import_progress":
                self._transfer = {}
            reason = super().send_intent(intent)
            self._update_status()
            return reason

    def _still_picture(self) -> str:
        """Without a kernel the trainer cannot serve puzzles; it says so (no one's progress in the output)."""
        return ("<p><b>Puzzle trainer.</b> It serves puzzles one after another and keeps your progress. It needs a "
                "running notebook: open this one in JupyterLab.</p>")

    def __repr__(self) -> str:
        # No counts or puzzle: stored notebook outputs must not depend on anyone's progress file.
        topic = f"topic={self._topic}" if self._topic else "all topics"
        level = f"level={self._level}" if self._level else "all levels"
        return f"<Trainer {topic} {level}>" if self._topic and self._level else f"<Trainer {topic}, {level}>"

    # --- choosing puzzles -------------------------------------------------------------------------------
    def _filter(self, topic: str | None, level: str | None) -> tuple[str, str]:
        topic = "" if topic is None else topic
        level = "" if level is None else level
        if topic != "" and (not isinstance(topic, str) or topic not in self._topics):
            raise NomercyError(f"no puzzles on the topic {brief(topic)}; the topics are {', '.join(self._topics)}")
        if level != "" and (not isinstance(level, str) or level not in LEVELS):
            raise NomercyError(f"the levels are {', '.join(LEVELS)}, not {brief(level)}")
        if not any((not topic or p.topic == topic) and (not level or p.level == level) for p in self._collection):
            raise NomercyError(f"no {level} puzzles on the topic {brief(topic)}")
        return topic, level

    def _pick(self) -> tuple[Puzzle, str]:
        """The next puzzle and why (``review``, ``new``, ``ahead``); never the one just served if there is another."""
        self.progress.reload()  # another window may have saved attempts since
        self._refresh_kept()  # and kept a mistake at a table, or removed one
        pool = {p.id: p for p in self.pool}
        queue = self.progress.queue(list(pool.values()), seed=self._seed)
        # new puzzles of the printed rules before those of a house rule: a newcomer is not first served a rule
        # that contradicts what the Learn path just taught (a house-rule puzzle comes once the others are tried)
        rank = {"review": 0, "new": 1, "ahead": 2}
        queue.sort(key=lambda item: (rank[item[1]], item[1] == "new" and _house_rules(pool[item[0]])))
        if self._rules:  # new puzzles of the learner's rules first (reviews stay first, practice ahead last)
            queue.sort(key=lambda item: (rank[item[1]], item[1] == "new" and pool[item[0]].rules.name != self._rules))
        # and the topics the Learn path teaches before those it does not (rule options, the first card, an empty
        # draw pile): they come once the others are tried, or at once when their topic is chosen
        queue.sort(key=lambda item: (rank[item[1]], item[1] == "new" and pool[item[0]].topic in LATER_TOPICS))
        # a mistake of your own, kept and not tried yet, comes before the other new puzzles
        order = {"review": 0, "new": 1, "ahead": 2}
        queue.sort(key=lambda item: (order[item[1]], item[1] == "new" and pool[item[0]].topic != KEPT_TOPIC))
        # puzzles skipped in this session wait at the back, the longest skipped first
        later = {pid: i for i, pid in enumerate(self._skipped)}
        queue.sort(key=lambda item: later.get(item[0], -1))
        current = self._puzzles[0].id if getattr(self, "_puzzles", None) else None
        for pid, kind in queue:
            if (pid != current or len(queue) == 1) and self._still_holds(pool[pid]):
                return pool[pid], kind
        if not self.pool and (self._topic or self._level):  # the last of your mistakes left out: every puzzle
            self._topic, self._level = "", ""
            return self._pick()
        raise NomercyError("no puzzles to train on")  # pragma: no cover - a pool is never empty

    def _refresh_kept(self) -> None:
        """The kept mistakes as their folder has them now: a table in another notebook or page keeps them."""
        if not self._kept_served:
            return  # a collection given: served as it is
        now = set(self._kept.ids())
        mine = {p.id for p in self._collection if p.topic == KEPT_TOPIC and p.id.startswith("mine-")}
        if now == mine | self._left_out:
            return
        fresh = self._said([p for p in self._kept.puzzles() if p.id not in mine and p.id not in self._left_out])
        self._collection = [p for p in self._collection if p.id not in mine - now] + fresh
        self._topics = _topics(self._collection)

    def _said(self, puzzles: list[Puzzle]) -> list[Puzzle]:
        """Puzzles in the trainer's language (a kept mistake said again from its file), those that are."""
        return puzzles if self._lang == SOURCE else translated(puzzles, self._lang)

    def _still_holds(self, puzzle: Puzzle) -> bool:
        """A kept mistake passes ``nomercy check`` before it is served (its search is then remembered for the answer);
        one that no longer does (a file edited by hand, a rules change) is left out and said so in a line."""
        if puzzle.topic != KEPT_TOPIC or not puzzle.id.startswith("mine-") or not puzzle.result().problems:
            return True
        self._collection = [p for p in self._collection if p.id != puzzle.id]
        self._topics = _topics(self._collection)
        self._left_out.add(puzzle.id)
        self._kept.problem = f"{wording.KEPT_LEFT_OUT} ({puzzle.id})"
        return False

    def _serve(self) -> None:
        puzzle, kind = self._pick()
        self._puzzles, self._index, self._kind = [puzzle], 0, kind
        self._load()

    def _load(self) -> None:
        super()._load()
        self._served_at = self._clock()
        self._recorded = None
        self._served += 1

    # --- the board's checks, with the attempt saved -----------------------------------------------------
    def _check(self, answer: dict[str, Any], *, given: str, picked: int | None = None, why: str = "") -> None:
        answered = self._clock()  # before the check: a best-move check runs the expert's search first
        super()._check(answer, given=given, picked=picked, why=why)
        if self._recorded is not None:
            return  # only the first check of a puzzle served is an attempt
        puzzle = self.current
        right = bool(self.feedback.get("correct"))
        hints = len(self.hints)
        seconds = max(0.0, (answered - self._served_at).total_seconds())
        entry = self.progress.record(puzzle, right=right, hints=hints, seconds=seconds)
        comes_back = _after(entry.due - self._clock())
        self._recorded = {
            "right": right, "hints": hints, "seconds": round(seconds), "box": entry.box,
            "sentence": said(N_("{result}{hints}, in {seconds}. Saved: box {box} of 5, back {back}."),
                             result=said(N_("Right on the first try")) if right else said(N_("Missed")),
                             hints=said(N_(", with {hints}"), hints=Count(hints, *n_("{count} hint", "{count} hints")))
                             if hints else "",
                             seconds=Count(round(seconds), *n_("{count} second", "{count} seconds")),
                             box=entry.box, back=comes_back),
        }

    # --- intents -----------------------------------------------------------------------------------------
    def _on_next(self, intent: dict[str, Any]) -> str | None:
        skipped = self.current.id
        if skipped in self._skipped:
            self._skipped.remove(skipped)
        if self._recorded is None:
            self._skipped.append(skipped)
        self._serve()
        return None

    def _on_choose(self, intent: dict[str, Any]) -> str | None:
        topic, level = intent.get("topic"), intent.get("level")
        if not isinstance(topic, (str, type(None))) or not isinstance(level, (str, type(None))):
            return N_("Choose a topic and a level by name.")
        self._refresh_kept()
        if topic and level in LEVELS and not any(p.topic == topic and p.level == level for p in self._collection):
            level = ""  # a topic picked in the page with no puzzles at the level shown: all its levels
        self._topic, self._level = self._filter(topic, level)
        self._serve()
        return None

    def _on_goto(self, intent: dict[str, Any]) -> str | None:
        if intent.get("index") == 0 or intent.get("id") == self.current.id:
            return None  # the puzzle already shown
        return N_("The trainer chooses the puzzles: press Next puzzle.")

    def _on_learner(self, intent: dict[str, Any]) -> str | None:
        """Become another learner: their progress and their kept mistakes, from the next puzzle on."""
        self._learner = self._learner.switched(intent.get("name"))  # a name that is none: refused, in one line
        self.progress = Progress(self._data_dir, clock=self._clock, learner=self._learner.name)
        self._kept = KeptFolder(self._data_dir, learner=self._learner.name)
        self._left_out, self._skipped = set(), []
        self._refresh_kept()
        if not self.pool:
            self._topic, self._level = "", ""
        self._serve()
        return None

    def _on_export(self, intent: dict[str, Any]) -> str | None:
        self.progress.reload()
        self.export = self.progress.export() + export_lines(self._kept)  # your kept mistakes travel with it
        return None

    def _on_import(self, intent: dict[str, Any]) -> str | None:
        text, into = intent.get("text"), intent.get("into", "")
        if into not in ("", "mine", "theirs"):
            return N_("Import into your progress (mine) or into the learner the file names (theirs).")
        whose = self.progress.whose(text) if isinstance(text, str) else None
        if whose and not (self.learner and inputs.name_key(whose) == inputs.name_key(self.learner)):
            if into == "":  # another learner's file: ask whose it becomes, never merge it silently
                mine = self.learner or said(N_("the progress kept before names"))
                self._transfer = {"kind": "ask", "whose": whose,
                                  "sentence": said(N_("{sentence} {next}"), sentence=said(wording.IMPORT_WHOSE,
                                                   whose=whose, mine=mine), next=said(wording.IMPORT_ASK)),
                                  "as_mine": (said(wording.IMPORT_AS_MINE, mine=self.learner) if self.learner
                                              else said(wording.IMPORT_AS_MINE_UNNAMED)),
                                  "as_theirs": said(wording.IMPORT_AS_THEIRS, whose=whose)}
                return None
            if into == "theirs":
                reason = self._on_learner({"name": whose})
                if reason is not None:
                    return reason
        try:
            own, carried = split_export(text) if isinstance(text, str) else ("", [])
            kept = self._kept.checked_import(carried)  # checked before anything changes
            new = self.progress.import_text(own if isinstance(text, str) else "", as_mine=True)
        except (ProgressFileError, PuzzleError) as error:
            self._transfer = {"kind": "refused", "sentence": said(N_("Not imported: {reason}"), reason=reason_of(error))}
            return None
        if kept:
            self._kept.write_all(kept)
            self._collection += self._said([p for p in self._kept.puzzles() if p.id in {k["id"] for k in kept}])
            self._topics = _topics(self._collection)
        whose_now = said(N_("{name}'s progress"), name=self.learner) if self.learner else said(N_("your progress"))
        attempts = Count(len(self.progress.attempts), *n_("{count} attempt", "{count} attempts"))
        self._transfer = {"kind": "imported", "new": str(new), "sentence": (
            said(N_("Imported {new}; {whose} now holds {attempts}."), new=Count(new, *n_("{count} attempt",
                                                                                         "{count} attempts")),
                 whose=whose_now, attempts=attempts)
            if new else said(N_("Nothing new: every attempt in it was already in {whose}."), whose=whose_now))}
        return None

    def _on_remove_kept(self, intent: dict[str, Any]) -> str | None:
        """Remove the puzzle served, a mistake of your own you kept, and serve the next one."""
        puzzle = self.current
        if puzzle.topic != KEPT_TOPIC or puzzle.id not in self._kept.ids():
            return N_("Only a mistake of your own can be removed, and this puzzle is not one.")
        reason = self._kept.remove(puzzle.id)
        if reason is not None:
            return reason
        self._collection = [p for p in self._collection if p.id != puzzle.id]
        self._topics = _topics(self._collection)
        if not self.pool:
            self._topic, self._level = "", ""
        self._serve()
        return None

    _INTENT_HANDLERS: dict[str, Any] = {
        **PuzzleBoard.ANSWERING,
        "goto": _on_goto,
        "next_puzzle": _on_next,
        "choose": _on_choose,
        "export_progress": _on_export,
        "import_progress": _on_import,
        "remove_kept": _on_remove_kept,
        "learner": _on_learner,
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The board's intents it keeps (answer, choice, hint, show, goto), the next puzzle, a topic or level chosen,
    the progress exported or imported, a kept mistake removed, and another learner chosen."""
    _WHO = "the trainer"

    # --- what the page shows -------------------------------------------------------------------------------
    def _update_status(self) -> None:
        pool = self.pool
        now = self._clock()
        rows = [row for row in self.progress.summary(self._collection, now=now)
                if row.level == self._level and (not self._topic or row.topic == self._topic)]
        schedule = self.progress.schedule()
        entry = schedule.get(self.current.id)
        rating = self.progress.rating()
        puzzles_tried = sum(a.topic != LEARN_TOPIC for a in self.progress.attempts)
        saved_in = said(N_("Saved in {path}."), path=_short(self.progress.path))
        self.status = said_all({
            "topic": self._topic, "level": self._level,
            "topics": [{"value": t, "label": topic_name(t)} for t in self._topics],
            "levels": list(LEVELS),
            "kind": self._kind, "kind_label": said(_KINDS[self._kind]), "box": entry.box if entry else 0,
            "due": len(self.progress.due(pool, now=now)),
            "new": sum(1 for p in pool if p.id not in schedule),
            "pool": len(pool),
            "available": self._available,
            "recorded": self._recorded,
            "progress": [_row(row) for row in rows],
            "attempts": len(self.progress.attempts),
            # the rating counts the puzzles tried: a stage of the learning path leaves it alone (progress_rating)
            "rating": rating_words(rating, puzzles_tried) if puzzles_tried else "",
            "rating_means": rating_explained() if puzzles_tried else "",
            "saved": said(wording.PROGRESS_KEPT),
            "numbers": {"label": said(wording.SHOW_NUMBERS),
                        "lines": [said(N_("Puzzle rating {rating} (Glicko-2: ± is twice the rating deviation)"),
                                       rating=str(rating)), saved_in] if puzzles_tried else [saved_in]},
            "problem": " ".join(dict.fromkeys(filter(None, [self._kept.names_problem, self.progress.problem,
                                                            self._kept.problem]))),
            "kept": ({"label": said(wording.REMOVE_KEPT), "sentence": said(wording.KEPT_SERVED)}
                     if self.current.topic == KEPT_TOPIC and self.current.id in self._kept.ids() else {}),
            "file": _short(self.progress.path),
            "transfer": dict(self._transfer),
            "in_boxes": [{"id": p.id, "title": p.title, "box": schedule[p.id].box,
                          "back": said(N_("now")) if schedule[p.id].due <= now else _after(schedule[p.id].due - now)}
                         for p in sorted((p for p in pool if p.id in schedule),
                                         key=lambda p: (schedule[p.id].box, p.title, p.id))],
            "served": self._served,
            "boxes_text": boxes_explained(),
            "learner": self._learner.status(self._lang),
        }, self._lang)


def _topics(collection: Sequence[Puzzle]) -> list[str]:
    """The topics of a collection, each once, in the order of their names."""
    return list(dict.fromkeys(p.topic for p in sorted(collection, key=lambda p: p.topic)))


def rating_words(rating: Rating, attempts: int) -> str:
    """The learner's puzzle rating in words: the value, and whether it is still settling (its ± is one click away).

    >>> rating_words(Rating(1358.4, 210.5), 3)
    'Your puzzle rating: about 1358 (a few more puzzles will settle it), after 3 attempts'
    >>> rating_words(Rating(1612, 60), 40)
    'Your puzzle rating: 1612, after 40 attempts'
    """
    template = wording.RATING_SETTLING if rating.deviation > SETTLED else wording.RATING
    return said(N_("{rating}, after {attempts}"), rating=said(template, rating=round(rating.rating)),
                attempts=Count(attempts, *n_("{count} attempt", "{count} attempts")))


def rating_explained() -> str:
    """What the puzzle rating is, in one plain line: it follows what you solve, against the puzzles' own ratings.

    >>> print(rating_explained())
    It goes up when you solve a puzzle and down when you miss one. Puzzles have a rating too: easy 1200, medium 1500, hard 1800.
    """
    return said(wording.RATING_MEANS, easy=round(LEVEL_RATINGS["easy"]), medium=round(LEVEL_RATINGS["medium"]),
                hard=round(LEVEL_RATINGS["hard"]))


SETTLED = 100.0
"""A rating deviation at or under which the rating is called settled (Glicko starts at 350)."""


def boxes_explained() -> str:
    """What the boxes of the progress table are, in a few words (the schedule of :mod:`nomercy.puzzles.progress`).

    >>> print(boxes_explained())
    Boxes: each puzzle you try sits in a box from 1 to 5. Right on the first try moves it up a box; a miss sends it back to box 1. The higher the box, the longer it waits before it comes back: box 1 in 10 minutes, box 2 tomorrow, box 3 in 3 days, box 4 in 7 days, box 5 in 21 days.
    """
    back = Joined(tuple(said(N_("box {box} {back}"), box=box, back=_after(wait)) for box, wait in INTERVALS.items()),
                  ", ", N_("{items}, {item}"))
    return said(N_("Boxes: each puzzle you try sits in a box from 1 to {top}. Right on the first try moves it up a box; "
                   "a miss sends it back to box 1. The higher the box, the longer it waits before it comes back: "
                   "{back}."), top=max(INTERVALS), back=back)


def _short(path: Path) -> str:
    """A path as a person reads it: under the home folder as ``~/...``."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def _row(row: TopicProgress) -> dict[str, Any]:
    return {"topic": row.topic, "label": topic_name(row.topic), "puzzles": row.puzzles, "tried": row.tried,
            "known": row.known, "due": row.due, "boxes": list(row.boxes)}


LATER_TOPICS = ("options", "first-card", "empty-pile")
"""The topics the Learn path does not teach (rule options, how the first card is turned, a reshuffle): in the mix of
all topics their new puzzles come after the new puzzles of the topics it teaches."""


def _house_rules(puzzle: Puzzle) -> bool:
    """Whether the puzzle's table plays a rule changed from its profile's printed rules (a house rule, an option)."""
    printed = PROFILES.get(puzzle.rules.name)
    return printed is None or bool(puzzle.rules.differences(printed))
