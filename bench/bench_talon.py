"""Talon random playouts of the duel scenario (games per second) and ``advance`` calls per
second.

Each playout starts from a new ``duel`` game (three heavy cruisers a side) and picks uniformly
among the legal orders at every decision (the lazy legal set's ``sample``), straight on the
ruleset, until the game ends. Game ``i`` uses game seed ``i`` and ``random.Random(i)``, so runs
compare. ``advance`` calls are timed on the same playouts, the legal draw excluded.
"""

from __future__ import annotations

import random
import time

from harness import Figure, Rate, bench, rate

from hexfleet.games import get_ruleset

RULESET = get_ruleset("talon")
SCENARIO = "duel"


def playout(seed: int, timing: list[float]) -> tuple[int, int]:
    """One random game; returns (decisions, rounds); appends each ``advance`` call's seconds."""
    rnd = random.Random(seed)
    state = RULESET.new_game(SCENARIO, seed=seed)
    steps = 0
    while True:
        pending = RULESET.pending(state)
        if not pending:
            return steps, state.pos["round"]
        orders = {seat: RULESET.legal(state, seat).sample(rnd) for seat in pending}
        start = time.perf_counter()
        state, _ = RULESET.advance(state, orders)
        timing.append(time.perf_counter() - start)
        steps += 1


@bench("talon")
def bench_playouts(seconds: float) -> list[Figure]:
    played: list[tuple[int, int]] = []
    timing: list[float] = []

    def run(n: int) -> None:
        for _ in range(n):
            played.append(playout(len(played), timing))

    games = rate(run, seconds)
    decisions = sum(s for s, _ in played) / len(played)
    rounds = sum(r for _, r in played) / len(played)
    note = f"{len(played)} games: {decisions:.0f} decisions, {rounds:.1f} rounds each"
    calls = len(timing) / sum(timing)
    return [Figure(f"{SCENARIO} random playouts (3 cruisers a side)", games, "games/s", note),
            Figure("advance calls (duel playouts)", Rate(calls, calls), "calls/s", f"{len(timing)} calls timed")]
