"""The puzzle board: a position, a question, and an answer judged by the puzzle's kind.

The board knows no kind by name: the puzzle's kind (:class:`~nomercy.puzzles.puzzle.PuzzleKind`)
gives the table to show, the options or the inputs, and the judgement of an answer in parts. A
what-happens-next puzzle (:mod:`nomercy.puzzles.story`) is answered by choosing among options or by
entering the values asked for; either way the answer is checked by replaying the moves, so any correct
answer counts, and the feedback says what really happens, event by event with the ruling behind each.
A picked option stays pressed, and when it is wrong the feedback names the misreading it stands for
(the option's ``why``). A best-move puzzle (:mod:`nomercy.puzzles.best_move`) shows the table as the
seat to move sees it and its candidate moves as the options; the feedback adds the expert's estimated
chance to win with each move, and what its ± means. "Show me" steps through the moves the kind names.

>>> best = PuzzleBoard("bm-keep-your-seven")
>>> best.puzzle["kind"], [c["label"] for c in best.puzzle["choices"]]
('best-move', ['A plays red 5', 'A plays red 7 swapping with B'])
>>> best.choose(1)
>>> best.feedback["correct"], best.feedback["why"]
(False, 'Where this goes wrong: The swap hands your red 5 to B, who plays it on the red 7 and wins at once.')
>>> best.feedback["estimates"][0]
'A plays red 5: 27% ± 6 (one standard error, 20 playouts)'

>>> board = PuzzleBoard("stack-2-4-6")
>>> board
<PuzzleBoard stack-2-4-6>
>>> board.answer({"hand_size": {"D": 20}, "pending": 0, "turn": "A"})
>>> board.feedback["correct"]
True
>>> board.answer({"hand_size": {"D": "19"}, "pending": 0, "turn": "A"})
>>> board.feedback["correct"], board.feedback["problems"][0]
(False, 'Cards D holds: you answered 19, but it is 20.')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import traitlets

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, NotationError, PuzzleError, brief, quote
from nomercy.core.moves import Draw, Play, parse_move
from nomercy.core.i18n import N_, SOURCE, words
from nomercy.core import said as core_said
from nomercy.core.wording import rules_name
from nomercy.core.state import GameState
from nomercy.play.table_text import event_entry
from nomercy.play.transcript import Frame, Transcript
from nomercy.core.refusals import refusal_words, said
from nomercy.core.rulebook import RULINGS, in_language
from nomercy.play.said_at_table import said_all
from nomercy.puzzles.answers import REFUSED_MOVE, MoveNamed
from nomercy.puzzles.kept import KEPT_TOPIC
from nomercy.puzzles.puzzle import Judgement, Puzzle, find_puzzle, load_puzzles
from nomercy.puzzles.option_words import plain_options, variant_words
from nomercy.puzzles.puzzle_languages import SEAT, move_said, option_said, seat_words
from nomercy.teaching.lessons import TOPIC_NOTEBOOKS
from nomercy.teaching.pictures import state_html
from nomercy.widgets._common import STATIC, GuardedWidget, card_back_svg, card_svg, picture_named, style_sheet
from nomercy.widgets.step_player import board_html, frame_dict

__all__ = ["PuzzleBoard", "puzzle", "topic_name"]


class PuzzleBoard(GuardedWidget):
    """Solve puzzles: every puzzle in ``puzzles/`` by default, or the ones given (ids, paths, puzzles).

    Python API (what the buttons do): :meth:`answer`, :meth:`choose`,
    :meth:`hint`, :meth:`show_me`, :meth:`goto`; the last verdict is in
    :attr:`feedback`.
    """

    _esm = STATIC / "puzzle_board.js"
    _css = style_sheet("puzzle_board.css")

    puzzle = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    hints: traitlets.List[str] = traitlets.List().tag(sync=True)
    walk = traitlets.Dict().tag(sync=True)
    _lang = SOURCE
    """The language of the puzzles' texts and of the board's seats and moves (a trainer sets its own)."""

    def __init__(self, puzzles: Any = None, *, start: int | str = 0) -> None:
        super().__init__()
        if puzzles is None:
            found = load_puzzles()
        elif isinstance(puzzles, (str, Path, Puzzle)):
            found = [find_puzzle(puzzles)]
        else:
            inputs.one_of_kind(puzzles, (list, tuple), "a puzzle, its id or file, or a list of them")
            found = [find_puzzle(p) for p in puzzles]
        if not found:
            raise NomercyError("no puzzles to show")
        self._puzzles: list[Puzzle] = found
        self._index = 0
        if isinstance(start, str):
            self._index = self._find(start)
        else:
            self._index = inputs.index(start, "the puzzle to start at", len(found))
        self._load()
        self.on_msg(self._on_msg)

    # --- Python API -------------------------------------------------------------
    @property
    def current(self) -> Puzzle:
        return self._puzzles[self._index]

    @property
    def puzzles(self) -> list[Puzzle]:
        return list(self._puzzles)

    def answer(self, values: Mapping[str, Any]) -> None:
        """Check an answer given as values (``{"hand_size": {"D": 20}, "turn": "A"}``)."""
        self._raise_on_refusal(self.send_intent({"type": "answer", "answer": values}))

    def choose(self, index: int) -> None:
        self._raise_on_refusal(self.send_intent({"type": "choice", "index": index}))

    def hint(self) -> str | None:
        reason = self.send_intent({"type": "hint"})
        return None if reason else self.hints[-1]

    def show_me(self, to: str | int = "first") -> dict[str, Any]:
        """Walk the puzzle's moves: ``to`` is first, last, next, prev, close or a step's number from 0."""
        self._raise_on_refusal(self.send_intent({"type": "show", "to": to}))
        return self.walk

    def goto(self, key: int | str) -> None:
        self._raise_on_refusal(self.send_intent({"type": "goto", "id" if isinstance(key, str) else "index": key}))

    def send_intent(self, intent: Mapping[str, Any]) -> str | None:
        """Handle one intent as if the browser had sent it; the refusal, or ``None``."""
        with self.hold_sync():
            return self._run(lambda: self._dispatch(inputs.intent(intent, self.INTENTS, self._WHO)))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget for JupyterLab, and a still picture for readers without a kernel (GitHub, nbviewer).

        JupyterLab draws the widget view, which it ranks above HTML, so each hand shows once; a
        viewer that cannot run widgets shows the ``text/html`` part: every puzzle of the board with
        its table, moves and question, and the answer folded away.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self._still_picture()}, metadata

    def _still_picture(self) -> str:
        from nomercy.teaching.lessons import puzzle_html

        return "".join(puzzle_html(puzzle) for puzzle in self._puzzles)

    def __repr__(self) -> str:
        # No position or count: stored notebook outputs must not change when puzzles are added.
        return f"<PuzzleBoard {self.current.id}>"

    # --- messages -----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.send_intent(content)

    def _dispatch(self, intent: dict[str, Any]) -> str | None:
        kind = intent.get("type")
        handler = self._INTENT_HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            return f"unknown intent {kind!r}: the puzzle board understands {', '.join(self.INTENTS)}"
        return handler(self, intent)

    def _on_answer(self, intent: dict[str, Any]) -> str | None:
        puzzle = self.current
        if not puzzle.puzzle_kind.inputs(puzzle):
            return N_("This puzzle asks for a move: pick one of the options.") if puzzle.choices else \
                N_("This puzzle asks for nothing to enter.")
        raw = intent.get("answer")
        if not isinstance(raw, Mapping):
            return N_("An answer is a set of values, one for each part of the question.")
        self._check(puzzle.puzzle_kind.read_answer(puzzle, raw), given="values")
        return None

    def _on_choice(self, intent: dict[str, Any]) -> str | None:
        options = self.current.puzzle_kind.options(self.current)
        index = intent.get("index")
        if not options:
            return N_("This puzzle has no options to choose from: answer it as it asks.")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(options):
            if isinstance(index, int) and not isinstance(index, bool) and abs(index) >= 10**6:
                return said(N_("There is no option that far: choose one from 0 to {last}."), last=len(options) - 1)
            return said(N_("There is no option {option} here: choose one from 0 to {last}."), option=brief(index),
                        last=len(options) - 1)
        option = options[index]
        self._check(dict(option.answer), given=option.label, picked=index, why=option.why)
        return None

    def _on_hint(self, intent: dict[str, Any]) -> str | None:
        hints = self.current.hints
        shown = len(self.hints)
        if shown >= len(hints):
            return N_("No more hints for this puzzle.") if hints else N_("This puzzle has no hints.")
        self.hints = list(self.hints) + [plain_options(hints[shown], self._lang)]
        return None

    def _on_goto(self, intent: dict[str, Any]) -> str | None:
        if "id" in intent:
            if not isinstance(intent["id"], str):
                return f"A puzzle is named by its id, like {self.current.id}; not {brief(intent['id'])}."
            self._index = self._find(intent["id"])
        else:
            index = intent.get("index", 0)
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._puzzles):
                return f"There is no puzzle {brief(index)}: choose 0 to {len(self._puzzles) - 1}."
            self._index = index
        self._load()
        return None

    def _on_step_puzzle(self, step: int) -> None:
        self._index = (self._index + step) % len(self._puzzles)
        self._load()

    # What the browser may send, and what each becomes. The ES module's INTENTS lists the same names
    # (tests/test_widget_contract.py compares them and clicks every control in a browser).
    ANSWERING: Mapping[str, Any] = {
        "answer": _on_answer,
        "choice": _on_choice,
        "hint": _on_hint,
        "show": lambda self, i: self._show(i.get("to", "first")),
    }
    """The intents that answer the puzzle on the board, and their handlers (a trainer answers its puzzle the same way)."""
    _INTENT_HANDLERS: dict[str, Any] = {
        **ANSWERING,
        "goto": _on_goto,
        "next_puzzle": lambda self, i: self._on_step_puzzle(1),
        "prev_puzzle": lambda self, i: self._on_step_puzzle(-1),
    }
    INTENTS: tuple[str, ...] = tuple(_INTENT_HANDLERS)
    """The intents the front end sends: an answer, a chosen option, a hint, a step of "Show me", ..."""
    _WHO = "the puzzle board"

    def _find(self, pid: str) -> int:
        for i, p in enumerate(self._puzzles):
            if p.id == pid:
                return i
        raise NomercyError(f"no puzzle {brief(pid)} here")

    def _check(self, answer: dict[str, Any], *, given: str, picked: int | None = None, why: str = "") -> None:
        """Judge an answer by the puzzle's kind, and show the judgement's parts."""
        puzzle = self.current
        judged: Judgement = puzzle.puzzle_kind.judge(puzzle, answer)
        feedback: dict[str, Any] = {
            "correct": judged.correct,
            "given": given,
            "picked": picked,
            "why": words(self._lang).gettext(_WHY if judged.correct else _WRONG_WHY, why=plain_options(why, self._lang))
            if why else "",
            "verdict": judged.verdict,
            "problems": list(judged.problems),
            "truth": list(judged.truth),
            "events": [event_entry(e, i + 1) if self._lang == SOURCE else
                       {**event_entry(e, i + 1), "sentence": core_said.sentence(e, self._lang),
                        **_ruling_said(e.rule, self._lang)}
                       for i, e in enumerate(judged.events)],
            "explanation": plain_options(puzzle.explanation, self._lang),
        }
        if judged.estimates:
            feedback.update(estimates=list(judged.estimates), noise=judged.estimates_note)
        self.feedback = said_all(feedback, self._lang)  # the verdict's parts keep their messages: said in the language

    def _show_error(self, text: str) -> None:
        """A refusal of the answer form in the board's language (its message said again; English as it is)."""
        super()._show_error(refusal_words(text, self._lang) if text else text)

    def _show(self, to: Any) -> str | None:
        last = len(self._frames) - 1
        index = self.walk.get("index", -1) if self.walk else -1
        if to == "first":
            index = 0
        elif to == "last":
            index = last
        elif to == "next":
            index = min(last, index + 1)
        elif to == "prev":
            index = max(0, index - 1)
        elif to == "close":
            self.walk = {}
            return None
        elif type(to) is int and 0 <= to <= last:  # never True taken for step 1
            index = to
        else:
            return f"There is no step {brief(to)}: show first, last, next, prev, close or a step from 0 to {last}."
        lang, frame = self._lang, self._frames[index]
        if lang != SOURCE and frame.move_number not in self._boards:  # the table picture in the board's language
            self._boards[frame.move_number] = state_html(frame.state, inline=True, lang=lang)
        shown = frame_dict(self._frames, index, self._boards)
        if lang != SOURCE:  # the step's sentence, move and ruling in the board's language
            shown.update(sentence=self._walk_sentences[index], **_ruling_said(frame.rule, lang),
                         move=move_said(frame.move, frame.state.seats, lang) if frame.move else frame.move)
        self.walk = shown
        return None

    def _load(self) -> None:
        """Show the current puzzle: everything is worked out first, then the board switches to it at once."""
        puzzle = self.current
        kind = puzzle.puzzle_kind
        start, shown_moves, seat = kind.table(puzzle)
        frames = Transcript.of_moves(start, shown_moves).frames()
        fields, options = kind.inputs(puzzle), kind.options(puzzle)
        lang = self._lang
        if seat is None:
            board = board_html(start) if lang == SOURCE else state_html(start, inline=True, lang=lang)
            hands = _hands(puzzle, start, lang)
        else:  # the table as that seat sees it: the other hands face down, in the picture
            board, hands = state_html(start.view(seat), inline=True, lang=lang), []
        said = words(lang).gettext
        shown = {
            "id": puzzle.id, "title": plain_options(puzzle.title, lang), "question": plain_options(puzzle.question, lang),
            "seats": seat_words(puzzle, lang),
            "level": puzzle.level, "topic": puzzle.topic, "rules": puzzle.rules.name,
            "rules_name": said(rules_name(puzzle.rules.name)), "topic_name": topic_name(puzzle.topic, lang),
            "variant": variant_words(puzzle.variant, lang),
            "kind": puzzle.kind, "about": said(kind.about) if kind.about else "", "show_label": said(kind.show_label),
            "moves": _moves_shown(puzzle, lang) if kind.shows_moves else [],
            "moves_intro": words(lang).gettext(_MOVES_INTRO),
            "board": board, "hands": hands,
            "fields": [_with_palette(f if lang == SOURCE else _field_said(f, puzzle, lang), puzzle, start, lang)
                       for f in fields],
            "choices": [{"index": i, "label": plain_options(option_said(puzzle, option.label, lang), lang)}
                        for i, option in enumerate(options)],
            **{k: said(v) if v else v for k, v in _answer_intros(bool(options), bool(fields)).items()},
            "hints_total": len(puzzle.hints), "index": self._index, "count": len(self._puzzles),
            "list": [{"id": p.id, "title": plain_options(p.title, lang)} for p in self._puzzles],
            "steps": len(frames),
        }
        self._frames: list[Frame] = frames
        self._walk_sentences = [] if lang == SOURCE else frame_sentences(start, shown_moves, lang)
        self._boards: dict[int, str] = {}
        self.feedback = {}
        self.hints = []
        self.walk = {}
        self.puzzle = shown


def _ruling_said(rule: str, lang: str) -> dict[str, str]:
    """A ruling's title and text in ``lang`` (the term table's title, the catalog's text), as a step shows them."""
    if rule not in RULINGS:
        return {"title": "", "text": "", "heading": ""}
    from nomercy.teaching.terminology import ruling_titles

    ruling = in_language(RULINGS[rule], lang, ruling_titles(lang)[rule])
    return {"title": ruling.title, "text": plain_options(ruling.text, lang),
            "heading": words(lang).gettext(_RULING_HEADING, title=ruling.title)}


_RULING_HEADING = N_("Rule: {title}.")
"""A ruling's heading under an event: its title in the page's language (its id, a name in English, stays in the link)."""


_START = N_("The starting position: it is {player}'s turn.")
"""The first step of "Show me": the table before the moves, and whose turn it is."""


def frame_sentences(start: GameState, moves: Any, lang: str) -> list[str]:
    """Each step's sentence of "Show me" (:meth:`Transcript.frames`, one by one) in ``lang``: the start, each event
    said from its fields, and a refused move with the rules' reason in the language."""
    story = Transcript.of_moves(start, list(moves))
    said_now = words(lang)
    sentences = [core_said.sentence(event, lang) for event in story.opening]
    sentences.append(said_now.gettext(_START, player=start.seats[start.turn]))
    for step in story.steps:
        if not step.played:
            sentences.append(refusal_words(said(REFUSED_MOVE, move=MoveNamed(step.move, start.seats),
                                                reason=step.refused), lang))
            break
        sentences.extend(core_said.sentence(event, lang) for event in step.events)
    return sentences


def topic_name(topic: str, lang: str = SOURCE) -> str:
    """A topic as the notebooks and the trainer's list name it (``two-player`` -> ``Two players``, ``sevens-zeros`` ->
    ``Sevens and zeros``), one name wherever a puzzle's topic is shown, as words a page in another language says again
    (the names are the catalogs'); with ``lang``, already said in that language (a puzzle board's own words)."""
    if topic in TOPIC_NOTEBOOKS:
        name = said(TOPIC_NOTEBOOKS[topic][0])
    elif topic == KEPT_TOPIC:
        name = said(N_("Your mistakes"))
    else:
        return topic.replace("-", " ").capitalize() if topic else ""
    return name if lang == SOURCE else words(lang).gettext(name)


_FIELD_WORDS = (
    N_("Whose turn"), N_("Direction of play"), N_("Cards held"), N_("Cards in each hand"),
    N_("Cards pending"), N_("Top card"), N_("Color in force"), N_("Knocked out"), N_("Winner"), N_("Points scored"),
    N_("Cards they can play (or none)"), N_("Cards in the draw pile"), N_("The refused move"),
    N_("pick one"), N_("type a number"), N_("type a number for each seat"),
    N_("tap the cards for each seat"), N_("tap a card"), N_("tick each one that applies"), N_("nobody yet"),
    N_("Pick the answer you think is right (one tap checks it):"),
    N_("Or answer part by part (each part says whether to pick or type), then check:"),
    N_("Pick one answer (one tap checks it):"), N_("Answer each part (each says whether to pick or type), then check:"),
    N_("Show me, step by step"), N_("Show me the best move, step by step"), N_("Show me the coach's move, step by step"),
    N_("Best move: the other hands are hidden, as at a real table. Pick the move you would make."),
    N_("A table from your own round: the other hands are hidden, as they were. Any clearly better move counts."),
)
"""The answer form's words (the answer keys' labels and inputs of nomercy.puzzles.answers, the kinds' intros,
buttons and abouts), marked here, where the board says them in its language."""


def _field_said(field: dict[str, Any], puzzle: Puzzle, lang: str) -> dict[str, Any]:
    """One part of the answer form in ``lang``: its label, how it is answered, and its options' labels (a color, a
    direction, nobody, a move as the puzzle's moves are said; a seat's letter stays)."""
    said = words(lang).gettext
    shown = {**field, "label": said(field["label"]), "how": said(field["how"]) if field.get("how") else ""}
    if "options" in field:  # a color's and a direction's label is its English word, a message of the catalogs
        shown["options"] = [
            {**o, "label": move_said(o["label"], puzzle.players, lang) if field["key"] == "illegal" else
             o["label"] if o["label"] in puzzle.players else said(o["label"])}
            for o in field["options"]]
    return shown


def _with_palette(field: dict[str, Any], puzzle: Puzzle, start: GameState, lang: str) -> dict[str, Any]:
    """A part answered with cards (the top card, a seat's cards) with the cards to tap: every card the puzzle shows
    (its hands, the top card, the draw pile's cards), each once, as a picture named in ``lang``. Nothing is typed,
    so nothing is written in English notation (the value sent back is the card's notation, which Python reads)."""
    if field.get("kind") not in ("card", "cards"):
        return field
    shown = sorted({card for cards in puzzle.hands.values() for card in cards} | set(puzzle.draw_pile) |
                   {start.top_card})
    return {**field, "palette": [
        {"value": str(card), "label": core_said.card_name(card, lang),
         "picture": picture_named(card_svg(card, None, 40, False, False, lang), core_said.card_name(card, lang))}
        for card in shown]}


def _moves_shown(puzzle: Puzzle, lang: str) -> list[str]:
    """The puzzle's moves as the board lists them. A play right after the same seat's draw is the card drawn (the
    rules allow no other), and naming it would answer the question ("what lies on top?"), so it is said so."""
    shown, drew = [], None
    for text in puzzle.moves:
        try:
            move = parse_move(text, puzzle.players)
        except NotationError:  # a puzzle file is checked when loaded; a move that is not one is shown as written
            move = None
        if isinstance(move, Play) and drew == move.seat:
            shown.append(words(lang).gettext(_PLAYS_DRAWN, player=puzzle.players[move.seat]))
        else:
            shown.append(move_said(text, puzzle.players, lang))
        drew = move.seat if isinstance(move, Draw) else None
    return shown


def _answer_intros(options: bool, fields: bool) -> dict[str, str]:
    """The line above the options and the one above the parts to fill in: a board with both says that an option
    is one click and that the parts are the other way to answer, each part saying whether it is clicked or typed."""
    if options and fields:
        return {"choices_intro": "Pick the answer you think is right (one tap checks it):",
                "form_intro": "Or answer part by part (each part says whether to pick or type), then check:"}
    if options:
        return {"choices_intro": "Pick one answer (one tap checks it):", "form_intro": ""}
    return {"choices_intro": "", "form_intro": "Answer each part (each says whether to pick or type), then check:"}


def _hands(puzzle: Puzzle, start: GameState, lang: str = SOURCE) -> list[dict[str, Any]]:
    """The other seats' hands (the seat to move shows its own in the table picture above, so each hand shows once):
    the cards the puzzle names face up, the filler it does not care about face down; each labelled as a seat."""
    hands, said = [], words(lang)
    for seat in puzzle.players:
        if seat == puzzle.turn:
            continue
        cards = puzzle.hands.get(seat, ())
        more = puzzle.more.get(seat, 0)
        hands.append({
            "name": seat, "count": len(cards) + more, "turn": seat == puzzle.turn,
            "label": said.gettext(SEAT, seat=seat),
            "cards": [card_svg(c, None, 40, False, False) if lang == SOURCE else
                      picture_named(card_svg(c, None, 40, False, False, lang), core_said.card_name(c, lang))
                      for c in cards],
            "text": [str(c) for c in cards],
            "more": more, "more_label": said.gettext(_MORE, count=more),
            "back": "" if not more else card_back_svg(40) if lang == SOURCE else picture_named(
                card_back_svg(40), said.gettext(_FACE_DOWN)),
        })
    return hands


_MORE = N_("+{count} more")
"""The cards of a hand the puzzle does not care about, face down (``more:``)."""
_FACE_DOWN = N_("face-down card")
"""A face-down card's name (the pictures name it in English)."""
_MOVES_INTRO = N_("The moves, in order (the rules may refuse one):")
"""Above a story's moves: what the question is about, not what happened (a move listed may be refused)."""
_PLAYS_DRAWN = N_("{player} plays the card drawn")
"""A play of the card just drawn, in a story's moves: the card is left for the question to ask."""
_WHY = N_("Why: {why}")
_WRONG_WHY = N_("Where this goes wrong: {why}")
"""The option's why, said after a right or a wrong pick (the why itself from the puzzle, in the board's language)."""
_NOT_AN_ID = N_("a puzzle is named by its id, a text like 'stack-2-4-6'; not {value}")


def puzzle(puzzle_id: str) -> PuzzleBoard:
    """A puzzle's board; without a kernel its output shows the puzzle's still picture (see ``_repr_mimebundle_``)."""
    if not isinstance(puzzle_id, str):  # (the board itself reads nothing as "every puzzle": not what this asks)
        raise PuzzleError(_NOT_AN_ID.format(value=quote(puzzle_id)))
    return PuzzleBoard(puzzle_id)
