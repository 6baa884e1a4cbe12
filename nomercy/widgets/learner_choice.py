"""Whose progress a widget shows: the learner's name, remembered, and switched from the page (the trainer, the
learning path). The folders are :mod:`nomercy.puzzles.learners`'; this is what the two widgets share of them.

>>> import tempfile
>>> choice = LearnerChoice(tempfile.mkdtemp(), "Ann")
>>> ben = choice.switched("Ben")
>>> choice.name, ben.name, ben.status()["names"]
('Ann', 'Ben', ['Ann', 'Ben'])
>>> choice.switched("\\u3164")
Traceback (most recent call last):
...
nomercy.puzzles.learners.LearnerError: a learner's name is one word of 1 to 40 visible characters, like 'Ann'; not 'ㅤ'
"""

from __future__ import annotations

import os
from typing import Any

from nomercy.core import inputs, wording
from nomercy.core.i18n import SOURCE, words
from nomercy.puzzles.learners import Learners, learner_name

__all__ = ["LearnerChoice"]


class LearnerChoice:
    """The learner of one widget. ``learner``: a name (remembered as the one to start with next time); ``None``:
    the learner chosen last on this computer, else the first learner (whose progress came before names).
    A value: choosing another learner gives a new one (:meth:`switched`)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None, learner: str | None) -> None:
        self.learners = Learners(None if data_dir is None else inputs.path(data_dir, "the progress folder", folder=True))
        if learner is None:
            self.name = self.learners.remembered() or self.learners.first() or ""
        else:
            self.name = self.learners.spelled(learner_name(learner))
            self.learners.folder_of(self.name)  # named and listed from now on, even before an attempt
            self.learners.remember(self.name)
        """The learner's name ("" for the first learner before any name was given)."""

    def switched(self, value: Any) -> "LearnerChoice":
        """The choice of the learner ``value`` names, remembered (a new value: a widget's transaction swaps it in);
        a name that cannot be one raises :class:`~nomercy.puzzles.learners.LearnerError`, in one line."""
        return LearnerChoice(self.learners.data_dir, learner_name(value))

    def status(self, lang: str = SOURCE) -> dict[str, Any]:
        """What the page shows: the name, the other learners here, and the words around them (in ``lang``)."""
        names = self.learners.names()
        others = [n for n in names if n != self.name]
        said = words(lang).gettext
        first = not self.name and not self._has_progress()  # asked once: before a name and before any progress
        return {
            "name": self.name, "names": names, "label": said(wording.LEARNER_LABEL),
            "switch": said(wording.LEARNER_SWITCH if self.name else wording.LEARNER_KEEP),
            "title": said(wording.LEARNER_IS, name=self.name) if self.name else "",
            "ask": said(wording.LEARNER_ASK) if first else "",
            "hint": "" if self.name or first else said(wording.LEARNER_UNNAMED),
            "more": said(wording.LEARNER_OTHER if self.name else wording.LEARNER_ADD),
            "others": said(wording.LEARNER_OTHERS, names=", ".join(others)) if others else "",
        }

    def _has_progress(self) -> bool:
        return any((self.learners.data_dir / place).exists() for place in ("progress", "progress.json", "kept-puzzles"))
