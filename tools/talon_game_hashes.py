"""Talon games as hashes: proof that a speed change left the rules and the search as they were.

Plays seeded random games of every Talon scenario twice: once choosing among the listed legal
orders (``random.choice(list(legal))``: the same choices whenever the legal sets are the same,
in the same order), once drawing from the lazy set (``legal.sample``: the same choices only if
the set also lists the same candidates, illegal ones included), and a few decisions of ``mcts``
at a fixed number of iterations a decision (search through the same legal sets, prior and
evaluator). Every event list and final position is hashed. Run it before and after a change:

    PYTHONPATH=src .venv/bin/python tools/talon_game_hashes.py > before.txt
    PYTHONPATH=src .venv/bin/python tools/talon_game_hashes.py > after.txt && diff before.txt after.txt

One line per game (kind, scenario, seed and hash), then the hash of them all. A change that only
lists fewer illegal candidates changes the ``sample`` lines alone.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

from hexfleet.ai.talon import TalonMctsBot
from hexfleet.engine.canonical import canonical_json
from hexfleet.engine.game import Game
from hexfleet.games import get_ruleset

RULESET = get_ruleset("talon")


def random_game(scenario: str, seed: int, listed: bool, steps: int) -> str:
    """At most ``steps`` decisions of uniform random choices (from the list, or drawn)."""
    rnd = random.Random(seed)
    state: Any = RULESET.new_game(scenario, seed=seed)
    h = hashlib.sha256()
    for _ in range(steps):
        pending = RULESET.pending(state)
        if not pending:
            break
        orders = {seat: rnd.choice(list(RULESET.legal(state, seat))) if listed else RULESET.legal(state, seat).sample(rnd)
                  for seat in pending}
        state, events = RULESET.advance(state, orders)
        h.update(canonical_json(events).encode())
    h.update(canonical_json(RULESET.to_json(state)).encode())
    return h.hexdigest()


def searched_game(scenario: str, seed: int, steps: int, iterations: int) -> str:
    """``steps`` decisions of ``mcts`` on both sides at ``iterations`` a decision: the orders."""
    game = Game(RULESET, scenario, seed=seed)
    bots = {seat: TalonMctsBot(seed=f"{seed}:{seat}", think=None, iterations=iterations) for seat in RULESET.seats(game.state)}
    h = hashlib.sha256()
    for _ in range(steps):
        if game.over:
            break
        chosen = {seat: bots[seat].choose(RULESET, seat, game.view(seat), RULESET.legal(game.state, seat))
                  for seat in game.pending()}
        h.update(canonical_json({seat: RULESET.order_json(game.state, seat, o) for seat, o in chosen.items()}).encode())
        game.submit(chosen)
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="random games per scenario and way of choosing")
    parser.add_argument("--steps", type=int, default=400, help="decisions per random game at most")
    parser.add_argument("--searched", type=int, default=25, help="decisions of each mcts game (0: none)")
    parser.add_argument("--iterations", type=int, default=60, help="mcts iterations a decision")
    args = parser.parse_args()
    everything = hashlib.sha256()
    scenarios = sorted(RULESET.scenarios())

    def say(line: str) -> None:
        print(line, flush=True)
        everything.update(line.encode())

    for scenario in scenarios:
        for seed in range(args.games):
            say(f"listed {scenario} {seed} {random_game(scenario, seed, True, args.steps)[:16]}")
            say(f"sample {scenario} {seed} {random_game(scenario, seed, False, args.steps)[:16]}")
    if args.searched:
        for scenario in scenarios:
            say(f"mcts {scenario} 1 {searched_game(scenario, 1, args.searched, args.iterations)[:16]}")
    print("all", everything.hexdigest()[:16])


if __name__ == "__main__":
    main()
