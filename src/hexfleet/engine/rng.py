"""The seeded generator every ruleset carries in its state.

The whole generator is one 64-bit int (splitmix64), so copying a state copies its randomness
for free; a search bot clones states by the tens of thousands (STYLE §3: ``random.Random`` would
cost ~50 µs a copy). Functions take the generator value and return ``(result, next_value)``.
Nothing here touches the global ``random`` module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_commitment(seed: int | str) -> str:
    """``sha256`` of the seed's decimal text: published at the start, checked when revealed."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def rng_from_seed(seed: int | str) -> int:
    """The generator's starting value: the first 8 bytes of ``sha256(seed)``.

    Hashing spreads small seeds (1, 2, 3, …) over the whole 64-bit space.
    """
    digest = hashlib.sha256(b"hexfleet-rng:" + str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def next_u64(rng: int) -> tuple[int, int]:
    """One splitmix64 step: a uniform 64-bit value and the next generator value."""
    rng = (rng + _GAMMA) & MASK64
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), rng


def draw(rng: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``0..n-1`` and the next generator value.

    Rejection sampling removes modulo bias exactly, so the draw is uniform on any machine.
    """
    if n <= 0:
        raise ValueError(f"cannot draw from an empty range (n={n})")
    limit = MASK64 + 1 - ((MASK64 + 1) % n)
    while True:
        value, rng = next_u64(rng)
        if value < limit:
            return value % n, rng


def roll(rng: int, sides: int = 6) -> tuple[int, int]:
    """A die roll ``1..sides``."""
    value, rng = draw(rng, sides)
    return value + 1, rng


def sample(rng: int, items: Sequence[T], k: int) -> tuple[list[T], int]:
    """``min(k, len(items))`` items drawn one at a time without replacement, in draw order.

    A partial Fisher–Yates shuffle: each pull is uniform over what is left in the hand
    (TOB-M1-PULL-01: cards pulled one at a time at random).
    """
    pool = list(items)
    out: list[T] = []
    for _ in range(min(k, len(pool))):
        i, rng = draw(rng, len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        out.append(pool.pop())
    return out, rng


def shuffle(rng: int, items: Sequence[T]) -> tuple[list[T], int]:
    return sample(rng, items, len(items))
