"""The deal of the day: one seeded deal per date, the same for everyone, against the same computer players.

The date is the only input; :func:`day_of` reads it (a date, ``YYYY-MM-DD`` or today in UTC, which
:data:`TODAY_VAR` may fix, so stored notebooks read the same whatever day they are stored on) and says in
one line what is wrong with anything else. :meth:`TableSession.deal_of_the_day
<nomercy.play.table.TableSession.deal_of_the_day>` opens the table; its words (the title, the line to share)
are the table's (:mod:`~nomercy.play.table_text`).
"""

from __future__ import annotations

import datetime
import os
from typing import Mapping

from nomercy.core.inputs import date as read_date
from nomercy.core.seeds import short_seed
from nomercy.core.wording import strength_of, table_players

__all__ = ["DAILY_PLAYERS", "TODAY_VAR", "daily_opponents", "day_of", "daily_seed"]

DAILY_PLAYERS = table_players(["steady", "easy"])
"""The seats of the deal of the day: You against the same computer players for everyone (a steady one and an
easy one, named as a table names them)."""


def daily_opponents() -> str:
    """The deal of the day's opponents as a sentence says them: "Alex (steady) and Sam (easy)"."""
    return " and ".join(f"{name} ({strength_of(kind)})" for name, kind in DAILY_PLAYERS.items() if strength_of(kind))

TODAY_VAR = "NOMERCY_TODAY"
"""An environment variable that fixes the day a deal of the day takes as today (``YYYY-MM-DD``): the stored
notebooks are made with it, so their pages read the same whatever day they are stored on."""


def day_of(date: datetime.date | str | None, *, env: Mapping[str, str] | None = None) -> datetime.date:
    """The date of a deal of the day: a ``datetime.date``, ``"YYYY-MM-DD"``, or today in UTC (or as
    :data:`TODAY_VAR` in ``env``, by default the environment, fixes it).

    >>> day_of("2026-12-03"), day_of(None, env={"NOMERCY_TODAY": "2026-12-01"})
    (datetime.date(2026, 12, 3), datetime.date(2026, 12, 1))
    """
    if date is None:
        fixed = (os.environ if env is None else env).get(TODAY_VAR, "")
        if not fixed:
            return datetime.datetime.now(datetime.timezone.utc).date()
        return read_date(fixed, f"{TODAY_VAR} (the day a deal of the day takes as today)")
    return read_date(date, "the date of a deal of the day")


def daily_seed(day: datetime.date) -> int:
    """The seed of the first deal of ``day``'s deal of the day (every later round is dealt from another)."""
    return short_seed(day.toordinal(), "deal-of-the-day")
