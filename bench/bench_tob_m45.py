"""Turn or Burn Modules 4-5: random SpaceWar and Space Hockey playouts on one core, to set beside
Quick Shot's duels (``bench_tob.py``).

Each playout runs the scenario from ``new_game`` with full rules, every pending seat drawing one
order uniformly from its lazy legal set, up to a turn limit of 20 (games that last are cut, so the
figure is playouts of at most 20 turns per second). Game ``i`` uses seed ``i`` for the game and
the seats' choices.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from harness import Figure, bench, rate

from hexfleet.games import get_ruleset

RULESET = get_ruleset("turn-or-burn")
TURN_LIMIT = 20


def playout(scenario: str, seed: int) -> Any:
    rnd = random.Random(seed)
    legal, asked, advance = RULESET.legal, RULESET.asked, RULESET.advance
    state = RULESET.new_game(scenario, seed=seed, options={"turn_limit": TURN_LIMIT})
    while state.outcome is None:
        ask = asked(state)
        assert ask is not None
        state, _ = advance(state, {seat: legal(state, seat).sample(rnd) for seat in ask.seats})
    return state


@bench("turn-or-burn-m45")
def bench_modules_4_5(seconds: float) -> list[Figure]:
    return [_playouts(scenario, seconds / 2) for scenario in ("spacewar", "hockey")]


def _playouts(scenario: str, seconds: float) -> Figure:
    ends: Counter[str] = Counter()

    def run(n: int) -> None:
        start = sum(ends.values())
        for k in range(start, start + n):
            ends[playout(scenario, k % 1000).outcome.reason] += 1

    per_second = rate(run, seconds, first=2)
    played = sum(ends.values())
    mix = " ".join(f"{k} {100 * v / played:.0f}%" for k, v in sorted(ends.items()))
    return Figure(f"{scenario} random playouts", per_second, "games/s",
                  f"{played} games, at most {TURN_LIMIT} turns; ends: {mix}")
