"""The benchmark registry and timer shared by every ``bench/bench_*.py`` module.

A bench is a function registered with :func:`bench` that takes a time budget in seconds and
returns :class:`Figure` rows. :func:`rate` times a callable in growing batches (as ``timeit``'s
autorange does) until the budget is spent, so each figure costs a bounded time whatever the
machine. Time is this process's CPU time, not the wall clock: on a shared machine other
processes then slow a figure far less. Benchmarks print figures; tests never time anything.

To add benches, write ``bench/bench_<topic>.py`` with functions decorated ``@bench("name")``;
``run.py`` imports every such module.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    mean: float
    """Operations per second over every batch."""
    best: float
    """Of the fastest batch: less disturbed by other processes sharing the CPU."""


@dataclass(frozen=True)
class Figure:
    name: str
    rate: Rate
    unit: str
    note: str = ""


Bench = Callable[[float], list[Figure]]
BENCHES: dict[str, Bench] = {}
"""Registered benches by name, in registration (import) order."""


def bench(name: str) -> Callable[[Bench], Bench]:
    def register(fn: Bench) -> Bench:
        if name in BENCHES:
            raise ValueError(f"bench {name!r} registered twice")
        BENCHES[name] = fn
        return fn
    return register


def rate(run: Callable[[int], object], seconds: float, *, first: int = 1) -> Rate:
    """Operations per second of ``run(n)``, which performs ``n`` operations.

    Batches double from ``first`` until one takes a tenth of the budget; then batches of that
    size repeat until ``seconds`` of CPU time have passed. The best batch is taken among those
    of the final size.
    """
    n, ops, spent, best = first, 0, 0.0, 0.0
    while spent < seconds:
        start = time.process_time()
        run(n)
        took = max(time.process_time() - start, 1e-9)
        ops += n
        spent += took
        if took < seconds / 10:
            n *= 2
            best = 0.0
        else:
            best = max(best, n / took)
    return Rate(ops / spent, best or ops / spent)


def playout_figure(name: str, playout: Callable[[int], tuple[int, int]], seconds: float) -> Figure:
    """Games per second of ``playout(i)`` (game ``i``: one seeded random game, returning its
    decisions and turns), with the mean decisions and turns per game in the note."""
    played: list[tuple[int, int]] = []

    def run(n: int) -> None:
        for _ in range(n):
            played.append(playout(len(played)))

    games = rate(run, seconds)
    decisions = sum(s for s, _ in played) / len(played)
    turns = sum(t for _, t in played) / len(played)
    return Figure(name, games, "games/s", f"{len(played)} games: {decisions:.0f} decisions, {turns:.1f} turns each")
