"""``randomize v1|v2 seed SEED``: the reference engine's seeded game setup.

The engine draws round-scoring tiles, removed bonus tiles, seat order and
(with Fire & Ice final scoring) the extra final-scoring tile from a
Mersenne Twister seeded with the SHA-1 of the seed text. Reproducing it
needs the same generator, the same seeding (``init_by_array`` with the
digest read as five signed 32-bit words) and the same shuffle: sort by a
uniform draw, ties broken by name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

_N = 624


def _init_genrand(seed: int) -> list[int]:
    mt = [0] * _N
    mt[0] = seed & 0xFFFFFFFF
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    return mt


def _init_by_array(key: Sequence[int]) -> list[int]:
    mt = _init_genrand(19650218)
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    return mt


class SeededDraw:
    """Uniform draws in [0, 1) with 32-bit resolution, as the reference engine makes them."""

    def __init__(self, seed: str) -> None:
        # Imported here: only a log that randomizes its setup needs them, and
        # they are a good part of the engine's import (every one-log command).
        import hashlib
        import random
        import struct

        digest = hashlib.sha1(seed.encode("utf-8")).digest()
        words = struct.unpack("<5i", digest)
        state = _init_by_array([w & 0xFFFFFFFF for w in words])
        self._rng = random.Random()
        self._rng.setstate((3, (*state, _N), None))

    def draw(self) -> float:
        return self._rng.getrandbits(32) / 2**32

    def shuffle(self, items: Sequence[T], name: Callable[[T], str] = str) -> list[T]:
        keyed = [(self.draw(), name(x), x) for x in items]
        keyed.sort(key=lambda k: (k[0], k[1]))
        return [k[2] for k in keyed]


def natural_key(text: str) -> list[object]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]
