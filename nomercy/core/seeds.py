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

__all__ = ["derive_seed", "short_seed"]


def derive_seed(seed: int, purpose: str, *numbers: int) -> int:
    """A 63-bit seed for one part (``purpose`` and ``numbers``) of something seeded ``seed``."""
    key = ":".join([f"nomercy-{purpose}", str(seed), *map(str, numbers)])
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") >> 1


def short_seed(seed: int, purpose: str, *numbers: int) -> int:
    """A derived seed from 1 to 999,999, for seeds people read and type (a table's next deal)."""
    return derive_seed(seed, purpose, *numbers) % 999_999 + 1
