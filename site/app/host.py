"""The Play, Train and Learn pages' Python: one nomercy widget, with no Jupyter kernel and no IPython.

The pages (``site/app/page.js``) run Pyodide in a worker (``site/app/worker.js``) and draw the widget with
its own ES module. This side keeps the widget exactly as it is in Jupyter (an anywidget whose traits
ipywidgets syncs and whose intents ipywidgets hands to it) and carries Jupyter's widget messages
(``comm_open``, ``comm_msg``, ``comm_close``, as JSON text) to the page through ``post``, and the page's
messages back through :func:`receive`. The ``comm`` package is made for this: its ``create_comm`` is
the one function to replace for a front end of one's own.

What is left out, and why the page starts in a few seconds rather than a kernel's fifteen: the Jupyter
kernel, and IPython, which ipywidgets imports for four names and which takes longer to import in the
browser than everything else together. Without a shell ipywidgets needs only that ``get_ipython()``
answers ``None`` (as in a plain ``python``), so :func:`_without_ipython` gives it a module that says
so, and nothing else; the page never displays anything through IPython.

Nothing here reaches for JavaScript (``js``, ``pyodide.http``): what Python needs from the page comes as
arguments (``post``) or as files the worker writes beside this module. (On a first visit the worker
starts Python ready to be snapshotted, and such a Python sees JavaScript's globals through a proxy that
some calls refuse, "Illegal invocation".)
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sys
import types
from pathlib import Path
from typing import Any, Callable

os.environ["JUPYTER_WIDGETS_ECHO"] = "0"  # the page keeps its own copy of what it set: no echo needed
RULEBOOK = "../rules/rulebook.html"
"""The site's rulebook page, as the widgets' ruling links reach it from play/ and train/ (the build writes it
there: scripts/site_pages.py; a test keeps the two equal)."""
os.environ["NOMERCY_RULEBOOK"] = RULEBOOK


def _without_ipython() -> None:
    """Where IPython is not installed, the four names ipywidgets imports from it, as a shell-less IPython
    gives them: no shell, nothing displayed, no output to clear."""
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return

    class InteractiveShell:
        @classmethod
        def initialized(cls) -> bool:
            return False

    modules = {name: types.ModuleType(name) for name in
               ("IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")}
    modules["IPython"].get_ipython = lambda: None  # type: ignore[attr-defined]
    modules["IPython.display"].display = lambda *objects, **options: None  # type: ignore[attr-defined]
    modules["IPython.display"].clear_output = lambda wait=False: None  # type: ignore[attr-defined]
    modules["IPython.core.interactiveshell"].InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    modules["IPython"].display = modules["IPython.display"]  # type: ignore[attr-defined]
    modules["IPython"].core = modules["IPython.core"]  # type: ignore[attr-defined]
    modules["IPython.core"].interactiveshell = modules["IPython.core.interactiveshell"]  # type: ignore[attr-defined]
    sys.modules.update(modules)


_without_ipython()

import comm  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402

_post: Callable[[str], None] = print
"""Where messages to the page go (the worker's ``postMessage``, given to :func:`start`)."""


class PageComm(BaseComm):
    """A widget's end of the line to the page: every message goes out as one JSON text."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        _post(json.dumps({"type": msg_type, "comm_id": self.comm_id, "data": data or {}}))


comm.create_comm = PageComm

# Imported now, when the page starts, not on the first message (the worker puts back a snapshot of Python with
# the game's modules before it imports this module: see worker.js)
import nomercy.puzzles.puzzle  # noqa: E402,F401
import nomercy.widgets  # noqa: E402,F401
from nomercy.core import wording  # noqa: E402
from nomercy.core.i18n import N_, choose, words  # noqa: E402


PLAY_SAVE = "play-page-round.json"
"""The Play page's round, in the learner's folder (the Lab sees it as ``nomercy/play-page-round.json``)."""
MEMORY = "site-pages.json"
"""What the pages remember, beside the round (the table the person set up, the round's number, the topic
trained): in the learner's folder, which the browser keeps (see worker.js)."""
MEMORY_VERSION = 1

# --- the table a person sets up ----------------------------------------------------------------------
# The computers' strengths and seat names are the wording module's (nomercy/core/wording.py).

RULES = {name: (lambda said: said[0].upper() + said[1:])(wording.rules_name(name)) for name in ("no-mercy", "classic")}
"""The rules a person can choose, named as the wording module names them (first letter up: they start a line)."""
STRENGTHS = {s.word: (s.kind, f"{s.word.capitalize()}: {s.says}") for s in wording.STRENGTHS}
_STRENGTH_SAYS = N_("{strength}: {says}")
"""A strength as the settings list it, with what it means (the colon as the language writes it: French spaces it)."""
PACES = {0.0: N_("At once"), 0.4: N_("Quick"), 0.8: N_("Normal"), 1.5: N_("Slow")}
OPPONENTS = range(1, 6)
DEFAULTS: dict[str, Any] = {"rules": "no-mercy", "opponents": 2, "strength": "steady", "coach": True, "pace": 0.8}


def _setting(name: str, value: Any) -> Any:
    """``value`` if it is one of the choices of setting ``name``, else ``None``."""
    if name == "rules":
        return value if isinstance(value, str) and value in RULES else None
    if name == "opponents":
        return value if type(value) is int and value in OPPONENTS else None
    if name == "strength":
        return value if isinstance(value, str) and value in STRENGTHS else None
    if name == "coach":
        return value if type(value) is bool else None
    if name == "pace":
        return float(value) if type(value) in (int, float) and float(value) in PACES else None
    return None


class _Twice(tuple):  # type: ignore[type-arg]
    """The values of a key a JSON object gives more than once (``{"pace": 0.4, "pace": 1.5}``): JSON keeps the
    last without a word, so neither is taken, and the note says so."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object (``json.loads``' ``object_pairs_hook``), each key given twice holding a :class:`_Twice`."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            before = found[key]
            found[key] = _Twice((*before, value)) if isinstance(before, _Twice) else _Twice((before, value))
        else:
            found[key] = value
    return found


def read_json(text: str) -> Any:
    """The settings' JSON (the memory file, a table the page sends), a key given twice kept as :class:`_Twice`."""
    return json.loads(text, object_pairs_hook=_pairs)


def _shown(value: Any) -> str:
    """A stored value as a person can read it back: short, one line."""
    text = json.dumps(value) if not isinstance(value, str) else value
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def read_settings(stored: Any) -> tuple[dict[str, Any], list[str]]:
    """The table settings in ``stored`` (what the memory file held), each checked; a value that is not one
    of the choices is ignored and the default used, with a note saying so."""
    settings, notes = dict(DEFAULTS), []
    if stored is None:
        return settings, notes
    if not isinstance(stored, dict):
        return settings, ["The table you set up last time could not be read, so this is the usual table."]
    for name, value in stored.items():
        if name not in DEFAULTS:
            notes.append(f"A saved setting this page does not know ({_shown(name)}) was ignored.")
        elif isinstance(value, _Twice):
            times = "twice" if len(value) == 2 else f"{len(value)} times"
            given = ", then ".join(_shown(each) for each in value[:3]) + (", ..." if len(value) > 3 else "")
            notes.append(f"The saved {name} is given {times} ({given}), so it is "
                         f"{_choice_words(name, DEFAULTS[name])} again.")
        elif _setting(name, value) is None:
            notes.append(f"The saved {name} ({_shown(value)}) is not one of the choices, so it is "
                         f"{_choice_words(name, DEFAULTS[name])} again.")
        else:
            settings[name] = _setting(name, value)
    return settings, notes


def _choice_words(name: str, value: Any) -> str:
    if name == "rules":
        return RULES[value]
    if name == "strength":
        return STRENGTHS[value][1].split(":")[0].lower()
    if name == "coach":
        return "on" if value else "off"
    if name == "pace":
        return PACES[value].lower()
    return str(value)


def choices(lang: str = "en") -> dict[str, Any]:
    """Every choice of the table's settings, as the page shows them, in ``lang`` (the catalogs' words)."""
    said = words(lang).gettext
    rules = {name: (lambda text: text[0].upper() + text[1:])(said(wording.RULES_NAMES[name])) for name in RULES}
    strengths = {s.word: said(_STRENGTH_SAYS, strength=said(s.word).capitalize(), says=said(s.says))
                 for s in wording.STRENGTHS}
    return {"rules": [[k, v] for k, v in rules.items()], "opponents": list(OPPONENTS),
            "strength": [[k, v] for k, v in strengths.items()], "pace": [[k, said(v)] for k, v in PACES.items()]}


class Memory:
    """What the pages remember in the learner's folder (:data:`MEMORY`): the table's settings, the number of
    the round saved, the topic trained. Read once, checked part by part: an older version's file, or one
    that is not ours, is ignored with a note (never a page that does not open), and written again whole."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / MEMORY
        self.notes: list[str] = []
        data: Any = {}
        try:
            data = read_json(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            pass
        except (OSError, ValueError, RecursionError):  # RecursionError: nested deeper than any memory of ours
            self.notes.append("What this page remembered could not be read, so it starts as new.")
            data = {}
        else:
            twice = [key for key, value in data.items() if isinstance(value, _Twice)] if isinstance(data, dict) else []
            if twice:
                self.notes.append(f"What this page remembered gives {_shown(twice[0])} twice, so it starts as new.")
                data = {}
            elif not isinstance(data, dict) or type(data.get("version")) is not int or data["version"] != MEMORY_VERSION:
                self.notes.append("What this page remembered was kept by another version of it, so it starts as new.")
                data = {}
        self.settings, notes = read_settings(data.get("play"))
        self.notes += notes
        self.round = data.get("round") if isinstance(data.get("round"), dict) else {}
        self.train = data.get("train") if isinstance(data.get("train"), dict) else {}
        if "train" in data and not isinstance(data["train"], dict):
            self.notes.append("The topic you trained last time could not be read, so all topics are shown.")
        self._written = self._text()

    def _text(self) -> str:
        return json.dumps({"version": MEMORY_VERSION, "play": self.settings, "round": self.round,
                           "train": self.train}, indent=1, sort_keys=True)

    def is_saved_round(self, saved: Path) -> bool:
        """Whether ``saved`` holds the round this memory numbered (the same deal)."""
        number, seed = self.round.get("number"), self.round.get("seed")
        if type(number) is not int or not 1 <= number <= 1_000_000 or type(seed) is not int:
            return False
        try:
            record = json.loads(saved.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return False
        return isinstance(record, dict) and record.get("seed") == seed

    def round_number(self, saved: Path) -> int:
        """The number of the round saved in ``saved``, if it is the round this memory numbered; else 1."""
        return self.round["number"] if self.is_saved_round(saved) else 1

    def was_reviewed(self, saved: Path) -> bool:
        """Whether the round saved in ``saved`` was reviewed when the page last showed it."""
        return self.is_saved_round(saved) and self.round.get("reviewed") is True

    def save(self) -> None:
        text = self._text()
        if text != self._written:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.write_text(text, encoding="utf-8")
            except OSError:
                return  # the page goes on; its settings are not kept this time
            self._written = text


_memory: list[Memory] = []


def _remember() -> Memory:
    from nomercy.puzzles.progress import data_dir

    if not _memory:
        _memory.append(Memory(data_dir()))
    return _memory[0]


def _play(lang: str) -> Any:
    from nomercy.core.wording import table_players
    from nomercy.play.table import TableSession
    from nomercy.puzzles.learners import Learners
    from nomercy.puzzles.progress import data_dir
    from nomercy.widgets import GameTable

    memory, save = _remember(), data_dir() / PLAY_SAVE
    settings = memory.settings
    # the seats have names and a strength a person understands (the wording module's), not the players' kinds;
    # no computer is called by the learner's own name (the one typed on the Learn or Train page)
    seats = table_players([settings["strength"]] * settings["opponents"], avoid=Learners(data_dir()).remembered())
    # the round is saved after every move and resumed when the page opens again, with its number; a first
    # visit (or a new table) deals a new one
    session = TableSession(settings["rules"], seats, seed=random.randrange(1_000_000), pace=settings["pace"],
                           coach=settings["coach"], save_to=save, round_number=memory.round_number(save))
    table = GameTable.around(session, lang=lang)
    # A round reviewed before the person left the page is shown reviewed again when they come back: the review kept
    # with the round (beside its save) as it was; one left before it was done goes on, a slice now and the rest as
    # the page asks (the same review: the coach's seed is the round's).
    if memory.was_reviewed(save) and session.state.is_over and session.coach:
        table.send_intent({"type": "review"})
    return table


def _train(lang: str) -> Any:
    from nomercy.core.errors import NomercyError
    from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir
    from nomercy.widgets import Trainer

    # The collection from the build's reading of the puzzle files (app/puzzles.json, put beside this
    # module by the worker; see scripts/build_site.py): the same puzzles as load_puzzles() gives, paths
    # included, without parsing YAML in the browser.
    folder = default_puzzle_dir()
    bundle = json.loads(Path(__file__).with_name(PUZZLE_BUNDLE).read_text(encoding="utf-8"))
    puzzles = [Puzzle.from_dict(entry["data"], path=str(folder / entry["file"])) for entry in bundle]
    memory = _remember()
    topic, level = memory.train.get("topic"), memory.train.get("level")
    # the learner's rules (the table they set up) come first among new puzzles; the mistakes they kept on the Play
    # page (this browser's storage) are served with them, each learner's own; in the page's language, the puzzles
    # translated into it (the trainer says how many)
    options = {"puzzles": puzzles, "rules": memory.settings["rules"], "mistakes": True, "lang": lang}
    if (topic is None or isinstance(topic, str)) and (level is None or isinstance(level, str)):
        try:
            return Trainer(topic or None, level or None, **options)
        except NomercyError:
            pass
    memory.notes.append("The topic you trained last time is not one of the topics now, so all topics are shown.")
    memory.train = {}
    return Trainer(**options)


PUZZLE_BUNDLE = "puzzles.json"
"""The puzzle collection as the build read it (the site's ``app/puzzles.json``)."""


def _learn(lang: str) -> Any:
    from nomercy.puzzles.stage import path_from_bundle
    from nomercy.widgets import LearnPath

    # The learning path from the build's reading of learn/ (app/learn.json, beside this module, as puzzles.json)
    bundle = json.loads(Path(__file__).with_name(LEARN_BUNDLE).read_text(encoding="utf-8"))
    return LearnPath(chapters=path_from_bundle(bundle), lang=lang)


LEARN_BUNDLE = "learn.json"
"""The learning path's chapters and stages as the build read them (the site's ``app/learn.json``)."""

PAGES: dict[str, Callable[[str], Any]] = {"play": _play, "train": _train, "learn": _learn}
"""What each page shows."""

_shown_widgets: list[Any] = []  # the page's widget, kept alive


def _keep(page: str) -> None:
    """Note in the memory what a person changed on the page (the table's pace and coach, the topic trained)."""
    memory, widget = _remember(), _shown_widgets[-1]
    if page == "play":
        session = widget.session
        # asked for, running or done: a person who leaves before the review is done finds it going on when back
        memory.round = {"number": session.round_number, "seed": session.state.seed, "reviewed": bool(session.review)}
        if _setting("pace", widget.pace) is not None:
            memory.settings["pace"] = float(widget.pace)
        memory.settings["coach"] = bool(session.coach)
    elif page == "train":
        memory.train = {"topic": widget.status.get("topic", ""), "level": widget.status.get("level", "")}
    memory.save()


_page: list[str] = []


def start(page: str, post: Callable[[str], None], lang: str = "en") -> str:
    """Make the widget of ``page`` (its models go to the page through ``post`` as they open); its model id.
    ``lang`` is the page's language as the page chose it (``site/app/lang.js``); one that is not ours shows
    English, with a note.

    The page hears first what the table is set up as, its choices, and anything remembered that was ignored.
    """
    lang, language_note = choose(lang)
    global _post
    _post = post
    random.seed()  # a Python put back from a snapshot would otherwise deal the same "random" round every visit
    widget = PAGES[page](lang)
    _shown_widgets.append(widget)
    _page.append(page)
    memory = _remember()
    notes = memory.notes + ([language_note] if language_note else [])
    post(json.dumps({"type": "page", "settings": memory.settings, "choices": choices(lang), "notes": notes}))
    _keep(page)
    return str(widget.model_id)


def new_table(text: str) -> str:
    """The person set up a new table (``text``: the settings as JSON): remember them and put the round in
    progress away, so the page deals a new one when it opens again. What was not taken, as one line."""
    from nomercy.puzzles.progress import data_dir

    memory = _remember()
    try:
        stored = read_json(text)
    except (TypeError, ValueError, RecursionError):
        stored = None
    if isinstance(stored, dict):
        settings, notes = read_settings(stored)
    else:
        settings, notes = dict(DEFAULTS), ["The table sent could not be read, so this is the usual table."]
    memory.settings, memory.round = settings, {}
    memory.save()
    from nomercy.play.review_file import review_path

    (data_dir() / PLAY_SAVE).unlink(missing_ok=True)
    review_path(data_dir() / PLAY_SAVE).unlink(missing_ok=True)
    return " ".join(notes)


_CARRIES = {"update": "state", "custom": "content"}
"""What the page's two kinds of widget message carry (page.js): a change of traits, or an intent."""


def receive(text: str) -> str:
    """A message from the page (``{"comm_id": ..., "data": {...}}``), handed to its widget as a kernel would; what
    was refused, as one line for the page to show ("" when the widget took it).

    The widget checks what the message asks (its intents, its traits); here only its envelope is checked: text
    that reads as such a message, for a widget that is on the page.
    """
    try:
        message = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        message = None
    data = message.get("data") if isinstance(message, dict) else None
    method = data.get("method") if isinstance(data, dict) else None
    carried = data.get(_CARRIES[method]) if isinstance(data, dict) and isinstance(method, str) and method in _CARRIES \
        else None
    if not isinstance(message, dict) or not isinstance(message.get("comm_id"), str) or not isinstance(carried, dict):
        return "The page sent the game a message it could not read, so it was ignored."
    target = comm.get_comm_manager().comms.get(message["comm_id"])  # get_comm would log a warning too
    if target is None:
        return "The page sent a message to a part of the game that is not on the page, so it was ignored."
    target.handle_msg({"content": {"comm_id": message["comm_id"], "data": message["data"]}, "buffers": [],
                       "metadata": {}, "header": {"msg_type": "comm_msg"}})
    if _page and _shown_widgets:
        _keep(_page[-1])
    return ""
