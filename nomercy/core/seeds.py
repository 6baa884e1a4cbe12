"""Every seed the project derives from another comes from :func:`derive_seed`: one scheme, named by purpose.

A seed is a plain integer a person can type and share. When one seeded thing needs
seeds for its parts (the games of a simulation, the rounds of a match, the computer
players at a table, the next deal after "Start over"), it asks for
``derive_seed(seed, purpose, *numbers)``: a hash of the purpose, the seed and the
numbers, so the parts do not depend on each other or on the order they are made in,
and two purposes never share a stream by accident.

>>> derive_seed(1, "simulation", 0) == derive_seed(1, "simulation", 0) != derive_seed(1, "simulation", 1)
True
>>> derive_seed(1, "round", 2) != derive_seed(1, "player", 2)
True

Random number streams *inside* one component (a shuffle, a computer player's tie
breaks, the filler cards of a puzzle) are ``random.Random`` objects seeded with the
component's name and its seed (``"greedy-player:7"``), made where they are used.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, MutableSequence

from nomercy.core.inputs import MAX_SEED  # the one range of seeds, 0 to 2**63 - 1

__all__ = ["derive_seed", "short_seed", "shuffle", "check_seed", "MAX_SEED"]


def check_seed(seed: Any) -> int:
    """``seed`` if it is a seed (a whole number from 0 to :data:`MAX_SEED`); anything else is refused in one line.

    >>> check_seed(7)
    7
    >>> check_seed(3.7)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.RulesError: a seed is a whole number from 0 to 9223372036854775807, like 7; not 3.7
    """
    from nomercy.core.inputs import seed as read_seed

    return read_seed(seed)


def derive_seed(seed: int, purpose: str, *numbers: int) -> int:
    """A 63-bit seed for one part (``purpose`` and ``numbers``) of something seeded ``seed``."""
    key = ":".join([f"nomercy-{purpose}", str(seed), *map(str, numbers)])
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") >> 1


def short_seed(seed: int, purpose: str, *numbers: int) -> int:
    """A derived seed from 1 to 999,999, for seeds people read and type (a table's next deal)."""
    from nomercy.core import inputs
    from nomercy.core.errors import RulesError

    check_seed(seed)
    inputs.text(purpose, "the purpose of a seed", longest=100, error=RulesError)
    for number in numbers:
        inputs.whole_number(number, "each number of the part of a seed", -MAX_SEED, MAX_SEED, error=RulesError)
    return derive_seed(seed, purpose, *numbers) % 999_999 + 1


def shuffle(rng: random.Random, items: MutableSequence[Any]) -> None:
    """Shuffle ``items`` in place into exactly the order ``rng.shuffle(items)`` gives, drawing the same numbers.

    ``random.Random.shuffle`` asks for every position through two Python calls
    (``_randbelow``, then ``getrandbits``); this is the same Fisher-Yates walk, with
    the same rejection of a draw past the bound, written as one loop over a kept table
    of positions and bit counts: about 2.5 times fewer instructions. The engine shuffles a whole deck at every deal and reshuffle, and the
    expert at every imagined table, so the same seeds must give the same games.

    >>> a, b = list(range(20)), list(range(20))
    >>> random.Random(7).shuffle(a); shuffle(random.Random(7), b); a == b
    True
    """
    n = len(items)
    steps = _STEPS
    if len(steps) < n:
        _grow_steps(n)
        steps = _STEPS
    getrandbits = rng.getrandbits
    for i, bits in steps[len(steps) - n + 1:] if n > 1 else ():
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


_STEPS: tuple[tuple[int, int], ...] = ()
"""The walk of a shuffle, longest first: (position, bits of the bound position + 1) from the last position down to 1."""


def _grow_steps(n: int) -> None:
    global _STEPS
    size = max(n, 2 * len(_STEPS), 256)
    _STEPS = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
