"""Talon random playouts of the duel scenario (games per second) and ``advance`` calls per
second.

Each playout starts from a new ``duel`` game (three heavy cruisers a side) and picks uniformly
among the legal orders at every decision (the lazy legal set's ``sample``), straight on the
ruleset, until the game ends. Game ``i`` uses game seed ``i`` and ``random.Random(i)``, so runs
compare. ``advance`` calls are timed on the same playouts' states and orders, replayed once the
games are over: in a playout, ``advance`` takes the resolution the legal draw has just made
while checking the order, so timing it there would time a lookup.
"""

from __future__ import annotations

import random
import time
from typing import Any

from harness import Figure, Rate, bench, rate

from hexfleet.games import get_ruleset

RULESET = get_ruleset("talon")
SCENARIO = "duel"


def playout(seed: int, seen: list[tuple[Any, dict[str, Any]]] | None = None) -> tuple[int, int]:
    """One random game; returns (decisions, rounds); appends each state and its orders to ``seen``."""
    rnd = random.Random(seed)
    state = RULESET.new_game(SCENARIO, seed=seed)
    steps = 0
    while True:
        pending = RULESET.pending(state)
        if not pending:
            return steps, state.pos["round"]
        orders = {seat: RULESET.legal(state, seat).sample(rnd) for seat in pending}
        if seen is not None:
            seen.append((state, orders))
        state, _ = RULESET.advance(state, orders)
        steps += 1


def replayed(games: int) -> tuple[int, float]:
    """``advance`` calls over the first ``games`` playouts, each game's replayed after it ends:
    the calls and their CPU seconds."""
    calls, took = 0, 0.0
    for seed in range(games):
        seen: list[tuple[Any, dict[str, Any]]] = []
        playout(seed, seen)
        start = time.process_time()
        for state, orders in seen:
            RULESET.advance(state, orders)
        took += time.process_time() - start
        calls += len(seen)
    return calls, took


@bench("talon")
def bench_playouts(seconds: float) -> list[Figure]:
    played: list[tuple[int, int]] = []

    def run(n: int) -> None:
        for _ in range(n):
            played.append(playout(len(played)))

    games = rate(run, seconds)
    decisions = sum(s for s, _ in played) / len(played)
    rounds = sum(r for _, r in played) / len(played)
    note = f"{len(played)} games: {decisions:.0f} decisions, {rounds:.1f} rounds each"
    calls, took = replayed(max(1, len(played) // 4))
    return [Figure(f"{SCENARIO} random playouts (3 cruisers a side)", games, "games/s", note),
            Figure("advance calls (duel playouts)", Rate(calls / took, calls / took), "calls/s",
                   f"{calls} calls, each game's replayed after it")]
