"""Cold Infinity random playouts: games per second of the frigate duel.

Each playout starts from a new ``frigate-duel`` game and picks uniformly among the legal
orders at every decision (secret power, EW and fire at once; ships moved one by one), straight
on the ruleset, until the game ends (the scenario's turn limit at the latest). Game ``i`` uses
game seed ``i`` and ``random.Random(i)`` for the choices, so runs compare.
"""

from __future__ import annotations

import random

from harness import Figure, bench, playout_figure

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
    return [playout_figure(f"{SCENARIO} random playouts", playout, seconds)]
