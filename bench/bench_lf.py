"""Launch Fighters! random playouts: games per second for a two-player 100-point game.

Each playout starts from a new ``duel`` game (house fleets A and B, 100 points each) and
picks uniformly among the legal orders at every decision, straight on the ruleset (no
records, no views), until the game ends. Game ``i`` uses game seed ``i`` and
``random.Random(i)`` for the choices, so runs compare. The draw is the lazy legal set's
``sample`` (the same draw as ``random.choice`` over ``legal_orders``, without building the list).
"""

from __future__ import annotations

import random

from harness import Figure, bench, playout_figure

from hexfleet.games import get_ruleset

RULESET = get_ruleset("launch-fighters")
SCENARIO = "duel"


def playout(seed: int) -> tuple[int, int]:
    """One random game; returns (decisions, turns)."""
    rnd = random.Random(seed)
    state = RULESET.new_game(SCENARIO, seed=seed)
    steps = 0
    while True:
        pending = RULESET.pending(state)
        if not pending:
            return steps, state.turn
        state, _ = RULESET.advance(state, {seat: RULESET.legal(state, seat).sample(rnd) for seat in pending})
        steps += 1


@bench("launch-fighters")
def bench_playouts(seconds: float) -> list[Figure]:
    return [playout_figure(f"{SCENARIO} random playouts (2 players, 100 points)", playout, seconds)]
