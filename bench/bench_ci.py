"""Cold Infinity random playouts: games per second of the frigate duel.

Each playout starts from a new ``frigate-duel`` game and picks uniformly among the legal
orders at every decision (secret power, EW and fire at once; ships moved one by one), straight
on the ruleset, until the game ends (the scenario's turn limit at the latest). Game ``i`` uses
game seed ``i`` and ``random.Random(i)`` for the choices, so runs compare.
"""

from __future__ import annotations

import random

from harness import Figure, bench, rate

from hexfleet.games import get_ruleset

RULESET = get_ruleset("cold-infinity")
SCENARIO = "frigate-duel"


def playout(seed: int) -> tuple[int, int]:
    """One random game; returns (decisions, turns)."""
    rnd = random.Random(seed)
    state = RULESET.new_game(SCENARIO, seed=seed)
    steps = 0
    while True:
        pending = RULESET.pending(state)
        if not pending:
            return steps, state.pos["turn"]
        state, _ = RULESET.advance(state, {seat: RULESET.legal(state, seat).sample(rnd) for seat in pending})
        steps += 1


@bench("cold-infinity")
def bench_playouts(seconds: float) -> list[Figure]:
    played: list[tuple[int, int]] = []

    def run(n: int) -> None:
        for _ in range(n):
            played.append(playout(len(played)))

    games = rate(run, seconds)
    decisions = sum(s for s, _ in played) / len(played)
    turns = sum(t for _, t in played) / len(played)
    note = f"{len(played)} games: {decisions:.0f} decisions, {turns:.1f} turns each"
    return [Figure(f"{SCENARIO} random playouts", games, "games/s", note)]
