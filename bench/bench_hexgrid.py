"""Hex geometry: operations per second on fixed random inputs (seeded, so runs compare).

Offsets and hex pairs lie within 12 hexes (Module 1 gun range) on Quick Shot's 30 × 22 map.
Each call's loop overhead is included, the same before and after any change.
"""

from __future__ import annotations

import random

from harness import Figure, bench, rate

from hexfleet import hexgrid
from hexfleet.hexgrid import RectMap

_RNG = random.Random(2026)
MAP = RectMap(30, 22)
HEXES = [MAP.from_offset(_RNG.randrange(30), _RNG.randrange(22)) for _ in range(1024)]
OFFSETS = [v for v in (hexgrid.sub(b, a) for a, b in zip(HEXES, HEXES[1:])) if hexgrid.length(v) <= 12] or [(1, 0)]
PAIRS = [(a, hexgrid.add(a, v)) for a, v in zip(HEXES, OFFSETS)]
PROBES = [(a, b, hexgrid.add(a, (_RNG.randint(-3, 3), _RNG.randint(-3, 3)))) for a, b in PAIRS]
CLOSE_PAIRS = [(a, b) for a, b in PAIRS if hexgrid.distance(a, b) <= 6]
ARC_WIDTHS = (0, 60, 120, 180, 360)


@bench("hexgrid")
def bench_hexgrid(seconds: float) -> list[Figure]:
    ops: list[tuple[str, object]] = [
        ("distance", lambda n: _pairs(n, PAIRS, hexgrid.distance)),
        *((f"in_arc {w}°", _arc_run(w)) for w in ARC_WIDTHS),
        ("neighbors", lambda n: _each(n, HEXES, hexgrid.neighbors)),
        ("line (range <= 6)", lambda n: _pairs(n, CLOSE_PAIRS, hexgrid.line)),
        ("segment_crosses_hex", lambda n: _probes(n)),
        ("RectMap.contains", lambda n: _each(n, [b for _, b in PAIRS], MAP.contains)),
    ]
    budget = seconds / len(ops)
    return [Figure(name, rate(run, budget, first=256), "ops/s") for name, run in ops]  # type: ignore[arg-type]


def _arc_run(width: int) -> object:
    def run(n: int) -> None:
        in_arc = hexgrid.in_arc
        k = len(OFFSETS)
        for i in range(n):
            in_arc(i % 6, OFFSETS[i % k], width)
    return run


def _pairs(n: int, pairs: list, fn: object) -> None:
    k = len(pairs)
    for i in range(n):
        a, b = pairs[i % k]
        fn(a, b)  # type: ignore[operator]


def _each(n: int, items: list, fn: object) -> None:
    k = len(items)
    for i in range(n):
        fn(items[i % k])  # type: ignore[operator]


def _probes(n: int) -> None:
    crosses = hexgrid.segment_crosses_hex
    k = len(PROBES)
    for i in range(n):
        a, b, h = PROBES[i % k]
        crosses(a, b, h)
