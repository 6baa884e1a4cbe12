"""What the widgets share: where their front-end files live, the cached card pictures,
and the one guard (:class:`GuardedWidget`) that runs every intent as a transaction and
turns anything that goes wrong into a line the learner reads inside the widget.

The widgets' behaviour is tested in Python, by driving their message handlers,
without a browser.
"""

from __future__ import annotations

import copy
import functools
import html
import os
import re
import traceback
from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NomercyError, brief
from nomercy.core.refusals import reason_of

__all__ = ["STATIC", "GuardedWidget", "card_svg", "card_back_svg", "picture_named", "rulebook_address", "style_sheet"]

STATIC = Path(__file__).resolve().parent / "static"
"""The widgets' ES modules and style sheets (shipped in the package, no build step)."""

RULEBOOK = "../docs/rulebook.md"
"""Where a widget's ruling links go beside the notebooks (a ruling's id is its anchor there)."""
RULEBOOK_ENV = "NOMERCY_RULEBOOK"
"""Names another rulebook page: the static site sets it to its HTML rules page, where the Markdown file
would be a download (see scripts/build_site.py)."""
_RELATIVE_PAGE = re.compile(r"(\.\./|\./)*[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\.(html|md)")


def rulebook_address() -> str:
    """The page a widget's "ruling:" and "(rulebook)" links open, each at the ruling's id.

    ``docs/rulebook.md`` beside the notebooks, unless ``NOMERCY_RULEBOOK`` names another page of the same
    site (a relative path to an ``.html`` or ``.md`` file); any other value is ignored, with a warning,
    so a stray setting never makes a link that leaves the site or runs code.

    >>> rulebook_address()
    '../docs/rulebook.md'
    """
    chosen = os.environ.get(RULEBOOK_ENV, "")
    if not chosen:
        return RULEBOOK
    if _RELATIVE_PAGE.fullmatch(chosen):
        return chosen
    import warnings

    warnings.warn(f"{RULEBOOK_ENV} should be a relative path to a page of the site, like ../rules/rulebook.html; "
                  f"using {RULEBOOK} instead", stacklevel=2)
    return RULEBOOK


def style_sheet(*names: str) -> str:
    """A widget's style: its own sheets (``names``, in ``static/``) and the one for phones that every widget
    shares (``phone.css``: touch-sized controls, 16 px text, nothing wider than the screen), as one text."""
    return "".join((STATIC / name).read_text(encoding="utf-8") for name in (*names, "phone.css"))


@functools.lru_cache(maxsize=4096)
def card_svg(card: Card, named_color: Color | None = None, width: int = 60,
             playable: bool = False, selected: bool = False, lang: str = "en") -> str:
    """The one card renderer (:mod:`nomercy.teaching.pictures`), cached: a card's picture never changes. ``lang`` is
    the widget's language, whose marks and color words the face shows."""
    from nomercy.teaching import pictures as render

    return render.card_svg(card, named_color=named_color, width=width, playable=playable, selected=selected, lang=lang)


@functools.lru_cache(maxsize=16)
def card_back_svg(width: int = 60, deck: str = "no-mercy") -> str:
    from nomercy.teaching import pictures as render

    return render.card_back_svg(width=width, deck=deck)


class GuardedWidget(anywidget.AnyWidget):
    """A widget in which nothing that goes wrong is lost: the one guard of every widget of the package.

    An exception raised inside a widget's message callback, a trait observer or a redraw never reaches
    the notebook (ipywidgets logs it where nobody looks), so a learner would see a dead button, or worse,
    a table half switched to something else that fails at every later click. Every path in is guarded
    here, once:

    - each intent runs as a **transaction** (:meth:`_run`): the widget's state is saved, the intent is
      handled and the screen redrawn; when the intent is refused (a reason returned, a
      :class:`NomercyError` raised) or fails (any other exception, a bug), everything is put back as it
      was, so the widget stays usable, and the reason is shown in the widget's ``error`` line;
    - a value the page sends that the widget cannot take (:meth:`set_state`), a custom message
      (:meth:`_handle_custom_msg`) and a trait observer or a sync that raises (:meth:`notify_change`) are
      caught and shown the same way.

    The saved state is every synced trait but ``error`` and every attribute the widget's own classes set, as
    :func:`_kept` keeps it (a value as it is; a list, dict or set copied; an object mutated in place, like a
    :class:`~nomercy.play.game.Game`, copied with its ``__copy__``). An object that keeps its own transactions
    (``checkpoint`` and ``restore``, like the game table's :class:`~nomercy.play.table.TableSession`, whose state
    is one frozen value) is left to them: the widget hands it the intent and its drawing together, so there is
    one transaction for it, not a second one wrapped around the first.
    """

    error = traitlets.Unicode("").tag(sync=True)
    rulebook = traitlets.Unicode(RULEBOOK).tag(sync=True)
    """The rulebook page the widget's ruling links open (:func:`rulebook_address`)."""

    @traitlets.default("rulebook")
    def _rulebook_default(self) -> str:
        return rulebook_address()

    @staticmethod
    def _raise_on_refusal(reason: str | None) -> None:
        """A refused intent, asked for by a Python method (``goto``, ``answer``...), raises its reason: a program
        that calls a method is told, as a person who clicks is shown the ``error`` line."""
        if reason:
            raise NomercyError(reason)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._last_traceback = ""
        self._showing_failure = False
        self._changing = 0
        self._framework = frozenset(vars(self))  # what ipywidgets itself keeps: never saved or put back

    # --- the transaction ------------------------------------------------------------------------------
    def _run(self, handler: Callable[[], str | None], *, clear_error: bool = True) -> str | None:
        """Handle one intent (``handler``) and redraw, whole or not at all; the refusal reason, or ``None``."""
        saved = self._checkpoint()
        self._changing += 1  # an observer that raises now fails the change (see notify_change)
        try:
            reason = handler()
            if reason is None:
                self._redraw()
        except NomercyError as error:
            reason = reason_of(error)  # a refusal keeps its message (a widget in another language says it again)
        except Exception as error:  # noqa: BLE001 - a bug: shown in the widget, its traceback kept
            reason = self._internal(error)
        finally:
            self._changing -= 1
        if reason is not None:
            try:
                self._roll_back(saved)
            except Exception as error:  # noqa: BLE001 - putting back failed too: say so, keep going
                reason = f"{reason}; {self._internal(error)}"
        if reason is not None or clear_error:
            self._show_error(reason or "")
        return reason

    def _redraw(self) -> None:
        """Draw the screen from the widget's state (widgets that draw as they go leave this empty)."""

    def _checkpoint(self) -> tuple[dict[str, Any], dict[str, Any]]:
        attributes = {name: _kept(value) for name, value in vars(self).items()
                      if self._is_session(name) and not _keeps_its_own(value)}
        traits = {name: getattr(self, name) for name in self.trait_names(sync=True) if name != "error"}
        return attributes, traits

    def _roll_back(self, saved: tuple[dict[str, Any], dict[str, Any]]) -> None:
        attributes, traits = saved
        for name in [name for name, value in vars(self).items()
                     if self._is_session(name) and name not in attributes and not _keeps_its_own(value)]:
            delattr(self, name)  # made by the failed intent (a cache filled on first use, a half-built part)
        self.__dict__.update(attributes)
        with self.hold_sync():
            for name, value in traits.items():
                if getattr(self, name) is not value:
                    setattr(self, name, value)

    def _is_session(self, name: str) -> bool:
        return name not in self._framework and not hasattr(anywidget.AnyWidget, name) and name not in (
            "_framework", "_last_traceback", "_showing_failure", "_changing")

    # --- showing what went wrong ----------------------------------------------------------------------
    def _internal(self, error: BaseException) -> str:
        """A bug, in one line (its traceback kept in ``_last_traceback`` for a report)."""
        self._last_traceback = traceback.format_exc()
        return f"internal error ({type(error).__name__}: {error}); the last step was undone; please report it"

    def _show_error(self, text: str) -> None:
        """Put ``text`` in the widget's error line: one line, and text the page can always receive."""
        line = " ".join(text.split())
        if len(line) > _MAX_ERROR:
            line = line[:_MAX_ERROR] + "..."
        self.error = line.encode("utf-8", "backslashreplace").decode("utf-8")  # no lone surrogate reaches JSON

    def _show_failure(self, error: BaseException, what: str) -> None:
        if self._showing_failure:  # showing it failed as well: keep the traceback, go no deeper
            self._last_traceback = traceback.format_exc()
            return
        self._showing_failure = True
        try:
            reason = str(error) if isinstance(error, NomercyError) else self._internal(error)
            self._show_error(f"{what}: {reason}")
        finally:
            self._showing_failure = False

    # --- every other path in from the page ------------------------------------------------------------
    def set_state(self, sync_data: Any) -> None:
        """A setting changed in the page (the pace, a check box); a value the widget cannot take is shown."""
        try:
            super().set_state(sync_data)
        except Exception as error:  # noqa: BLE001
            if isinstance(error, traitlets.TraitError):
                self._show_error(f"the page sent a setting the widget cannot take ({brief(sync_data)}); "
                                 "it was left as it was")
            else:
                self._show_failure(error, "a setting from the page")

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """A message from the page, given to each ``on_msg`` callback (ipywidgets would only log a failure)."""
        for callback in list(self._msg_callbacks.callbacks):
            try:
                callback(self, content, buffers)
            except Exception as error:  # noqa: BLE001
                self._show_failure(error, "a click")

    def notify_change(self, change: Any) -> None:
        """A trait changed: sync it and run its observers. One that raises during an intent fails the intent
        (put back whole by :meth:`_run`); at any other time its failure is shown."""
        try:
            super().notify_change(change)
        except Exception as error:  # noqa: BLE001
            if self._changing:
                raise
            self._show_failure(error, f"after {change['name']} changed")


_MAX_ERROR = 400
"""Characters of an error line (a reason is one sentence; a longer one is cut)."""


def _keeps_its_own(value: Any) -> bool:
    """Whether ``value`` keeps its own transactions (``checkpoint`` and ``restore``): a widget leaves it to them."""
    return not isinstance(value, type) and callable(getattr(value, "checkpoint", None)) \
        and callable(getattr(value, "restore", None))


def _kept(value: Any) -> Any:
    """A value as a widget's transaction keeps it: containers and objects that copy themselves (a Game) are copied;
    anything else is a value, or is replaced and never changed in place."""
    if isinstance(value, (list, dict, set)):
        return copy.copy(value)
    if hasattr(type(value), "__copy__") and not isinstance(value, type):
        return copy.copy(value)
    return value


def picture_named(svg: str, name: str) -> str:
    """A card picture whose accessible name (its ``<title>`` and ``aria-label``) is ``name``: the pictures name a card
    in English, and a table or a stage in another language shows no English word, not even in a tooltip."""
    found = re.search(r"<title>([^<]*)</title>", svg)
    if found is None:
        return svg
    said = html.escape(name, quote=True)
    return (svg.replace(f'aria-label="{found.group(1)}"', f'aria-label="{said}"')
            .replace(found.group(0), f"<title>{said}</title>"))
