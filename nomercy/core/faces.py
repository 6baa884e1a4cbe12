"""The faces of the cards as one table: per face, what is printed, what it is worth, what it does.

A face is what a card shows besides its color (``7``, ``skip``, ``wild +6``). Every fact
the package knows about a face sits in its :class:`Face` record, and nowhere else:

* its **notation** (``"wild reverse +4"``), the **short** form (``"wrev+4"``) and other
  spellings the notation reader accepts (**aliases**);
* whether it is a **wild** (no printed color), its **draw** value (what it adds to a
  pending draw; 0 for every other card) and the **points** it counts in a loser's hand;
* the **choices** a player makes when playing it (``color``, a swap ``target``, which
  card to leave on ``top``), and whether it **discards** the player's other cards of
  its color along with it;
* the **ruling** its play cites, its **effect** and what it does when it is turned up as
  the **first card** (both are names of behaviours that :mod:`nomercy.core.effects`
  carries out on the engine's working copy);
* what its **picture** shows (a symbol and a label, drawn by ``nomercy.teaching.pictures``).

The printed faces are :data:`PRINTED_FACES`; :mod:`nomercy.core.cards` makes one
:class:`~nomercy.core.cards.Rank` per face (``Rank.SEVEN.face`` is the record) and
the cards of every face. A house face is one more record, registered with
:func:`nomercy.core.house.register_face` (see ``docs/extending.md``).

>>> SEVEN = next(f for f in PRINTED_FACES if f.notation == "7")
>>> SEVEN.effect, SEVEN.choices, SEVEN.points
('swap-hands', ('target',), 7)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nomercy.core.errors import RulesError, brief

__all__ = ["Face", "Picture", "PRINTED_FACES", "CHOICES"]

CHOICES = ("color", "target", "top")
"""What a play can carry besides its card: the color a wild names, the seat a 7 swaps with,
and the card a discard-all leaves on top (the fields of :class:`~nomercy.core.moves.Play`)."""


@dataclass(frozen=True)
class Picture:
    """What the middle of a card shows: a ``symbol`` (a drawing of ``nomercy.teaching.pictures``) and a ``label``.

    The symbols: ``number`` (the label, large), ``label`` (the label alone, like ``+2``),
    ``skip`` (the no-entry sign), ``reverse`` (two arrows), ``skip-all`` and
    ``discard-all`` (their sign over the label ``ALL``), ``reverse-label`` (small arrows
    over the label), ``wheel`` (the roulette) and ``blank`` (a plain wild's oval).
    """

    symbol: str
    label: str = ""

    def __post_init__(self) -> None:
        if not all(isinstance(text, str) and len(text) <= 40 and text.isprintable() for text in (self.symbol, self.label)):
            raise RulesError(f"a picture is a symbol and a label, short printable texts, not {brief((self.symbol, self.label))}")


@dataclass(frozen=True, kw_only=True)
class Face:
    """One face of the card table: its notation and every fact the rules and pictures need."""

    name: str                         # the Rank attribute: Rank.WILD_DRAW_SIX
    notation: str                     # "wild +6": after the color on a colored card, alone on a wild
    short: str                        # "w+6": the short notation (after the color's letter)
    points: int                       # what the card counts in a loser's hand
    ruling: str                       # the ruling a play of this face cites
    effect: str = "none"              # what playing it does (a behaviour of nomercy.core.effects)
    first_card: str = "none"          # what it does turned up first under first_card: apply
    picture: Picture
    aliases: tuple[str, ...] = ()     # other spellings; spaces do not count
    wild: bool = False                # no printed color: the player names one
    draw: int = 0                     # cards it adds to a pending draw (it joins stacks)
    choices: tuple[str, ...] = ()     # what a play of it carries besides the card (CHOICES)
    discards: bool = False            # the player's other cards of its color go with it (discard-all)

    def __post_init__(self) -> None:
        """Every field of a face is checked once, here, before any card of it exists (see :func:`_check_face`)."""
        _check_face(self)

    @property
    def is_number(self) -> bool:
        return self.notation.isdigit()


MAX_POINTS = 1000
"""The most a face may count in a loser's hand."""
MAX_DRAW = 100
"""The most cards a face may add to a pending draw."""

_FACE_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,39}")
"""A face's name: the Rank attribute it becomes, in capitals like ``WILD_DRAW_SIX`` (so it never shadows one of
the rank's own attributes, which are all lower case)."""
_WRITING = re.compile(r"[^\s,/:=%]{1,30}( [^\s,/:=%]{1,30}){0,3}")
"""A notation: one to four words of printable characters, none of the characters a position line uses itself."""


def _check_face(face: Face) -> None:
    """Refuse a face whose fields the rules, the notation or the pictures cannot use, saying what is allowed."""
    name = face.name
    if not isinstance(name, str) or not _FACE_NAME.fullmatch(name):
        raise RulesError(f"a face is named in capitals, like 'WILD_DRAW_EIGHT' (letters, digits and _), not {brief(name)}")
    what = f"the face {name}"
    for field, text in (("notation", face.notation), ("short", face.short)):
        if not isinstance(text, str) or not text.isprintable() or not _WRITING.fullmatch(text):
            raise RulesError(f"{what}: its {field} is one to four short words with no , / : = or %, like 'wild +8', "
                             f"not {brief(text)}")
    if " " in face.short:
        raise RulesError(f"{what}: its short notation is one word, like 'w+8', not {brief(face.short)}")
    if not isinstance(face.aliases, tuple) or not all(isinstance(a, str) and a.isprintable() and 0 < len(a) <= 40
                                                      for a in face.aliases):
        raise RulesError(f"{what}: aliases are a tuple of spellings, like ('wild draw eight',), not {brief(face.aliases)}")
    for field, number, most in (("points", face.points, MAX_POINTS), ("draw", face.draw, MAX_DRAW)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= most:
            raise RulesError(f"{what}: {field} is a whole number from 0 to {most}, not {brief(number)}")
    for field, flag in (("wild", face.wild), ("discards", face.discards)):
        if not isinstance(flag, bool):
            raise RulesError(f"{what}: {field} is True or False, not {brief(flag)}")
    if face.wild and face.discards:
        raise RulesError(f"{what}: a wild has no color, so it cannot discard the other cards of its color")
    for field, word in (("ruling", face.ruling), ("effect", face.effect), ("first_card", face.first_card)):
        if not isinstance(word, str) or not word:
            raise RulesError(f"{what}: {field} names a ruling or behaviour by a word, not {brief(word)}")
    if not isinstance(face.choices, tuple) or not all(isinstance(c, str) and c in CHOICES for c in face.choices) \
            or len(set(face.choices)) != len(face.choices):
        raise RulesError(f"{what}: its choices are a tuple of {', '.join(CHOICES)} (each once), not {brief(face.choices)}")
    if not isinstance(face.picture, Picture):
        raise RulesError(f"{what}: its picture is a Picture, like Picture('label', '+8'), not {brief(face.picture)}")


def _number(n: int) -> Face:
    return Face(name=("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")[n],
                notation=str(n), short=str(n), points=n, ruling="matching",
                effect={0: "pass-hands", 7: "swap-hands"}.get(n, "none"),
                choices=("target",) if n == 7 else (), picture=Picture("number", str(n)))


PRINTED_FACES: tuple[Face, ...] = (
    *(_number(n) for n in range(10)),
    Face(name="SKIP", notation="skip", short="skip", points=20, ruling="matching",
         effect="skip", first_card="skip", picture=Picture("skip")),
    Face(name="REVERSE", notation="reverse", short="rev", points=20, ruling="matching",
         effect="reverse", first_card="reverse", picture=Picture("reverse")),
    Face(name="DRAW_TWO", notation="+2", short="+2", aliases=("draw two",), points=20, ruling="matching",
         draw=2, effect="draw", first_card="draw", picture=Picture("label", "+2")),
    Face(name="DRAW_FOUR", notation="+4", short="+4", aliases=("draw four",), points=20, ruling="matching",
         draw=4, effect="draw", first_card="draw", picture=Picture("label", "+4")),
    Face(name="SKIP_ALL", notation="skip-all", short="skip-all", aliases=("skip all", "skipeveryone"),
         points=20, ruling="skip-all", effect="skip-all", first_card="skip-all", picture=Picture("skip-all", "ALL")),
    Face(name="DISCARD_ALL", notation="discard-all", short="discard-all", aliases=("discardall",),
         points=20, ruling="discard-all", choices=("top",), discards=True, picture=Picture("discard-all", "ALL")),
    Face(name="WILD", notation="wild", short="w", wild=True, points=50, ruling="wild-color",
         choices=("color",), first_card="wild", picture=Picture("blank")),
    Face(name="WILD_DRAW_FOUR", notation="wild +4", short="w+4", aliases=("wild draw four",), wild=True,
         points=50, ruling="wild-color", draw=4, choices=("color",), effect="challengeable-draw",
         first_card="return", picture=Picture("label", "+4")),
    Face(name="WILD_REVERSE_DRAW_FOUR", notation="wild reverse +4", short="wrev+4",
         aliases=("wild reverse draw four",), wild=True, points=50, ruling="wild-reverse-four",
         draw=4, choices=("color",), effect="reverse-draw", first_card="wild-reverse-draw",
         picture=Picture("reverse-label", "+4")),
    Face(name="WILD_DRAW_SIX", notation="wild +6", short="w+6", aliases=("wild draw six",), wild=True,
         points=50, ruling="wild-color", draw=6, choices=("color",), effect="draw", first_card="wild-draw",
         picture=Picture("label", "+6")),
    Face(name="WILD_DRAW_TEN", notation="wild +10", short="w+10", aliases=("wild draw ten",), wild=True,
         points=50, ruling="wild-color", draw=10, choices=("color",), effect="draw", first_card="wild-draw",
         picture=Picture("label", "+10")),
    Face(name="WILD_ROULETTE", notation="wild roulette", short="wroulette", aliases=("wildcolorroulette",),
         wild=True, points=50, ruling="wild-roulette", effect="roulette", first_card="roulette",
         picture=Picture("wheel")),
)
"""The faces printed on the cards of the three decks, in the order cards sort."""
