"""Launch Fighters! random playouts: games per second for a two-player 100-point game.

Each playout starts from a new ``duel`` game (house fleets A and B, 100 points each) and
picks uniformly among the legal orders at every decision, straight on the ruleset (no
records, no views), until the game ends. Prints games/s, decisions/s and mean game length.

    .venv/bin/python bench/lf_playouts.py [--games 20] [--scenario duel]
"""

from __future__ import annotations

import argparse
import random
import time

from hexfleet.games import get_ruleset


def playout(ruleset, scenario: str, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = ruleset.new_game(scenario, seed=seed)
    steps = 0
    while True:
        pending = ruleset.pending(state)
        if not pending:
            return steps, state.turn
        orders = {seat: rng.choice(ruleset.legal_orders(state, seat)) for seat in pending}
        state, _ = ruleset.advance(state, orders)
        steps += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--scenario", default="duel")
    args = parser.parse_args()
    ruleset = get_ruleset("launch-fighters")
    start = time.perf_counter()
    steps = turns = 0
    for seed in range(args.games):
        s, t = playout(ruleset, args.scenario, seed)
        steps += s
        turns += t
    elapsed = time.perf_counter() - start
    print(f"launch-fighters {args.scenario}: {args.games} random playouts in {elapsed:.2f} s")
    print(f"  {args.games / elapsed:.1f} games/s, {steps / elapsed:.0f} decisions/s, "
          f"{steps / args.games:.0f} decisions and {turns / args.games:.1f} turns per game")


if __name__ == "__main__":
    main()
