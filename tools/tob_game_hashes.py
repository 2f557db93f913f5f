"""Turn or Burn games as hashes: proof that a speed change left every game as it was.

Plays the 2,000 seeded Quick Shot duels of ``bench/bench_tob.py``'s ``playout`` as a bot draws
them (``legal(state, seat).sample(random.Random(seed))``, ``advance``), and seeded random games
of Quick Shot, Popcorn, Bigger, SpaceWar and Space Hockey through the server's path (JSON
``legal_orders``, then ``step``, which validates), and hashes every event list and every state
(``state_hash``). Run it before and after a change and compare:

    PYTHONPATH=src .venv/bin/python tools/tob_game_hashes.py > before.txt
    PYTHONPATH=src .venv/bin/python tools/tob_game_hashes.py > after.txt && diff before.txt after.txt

One line per game (its name and hash), then the hash of them all.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

from hexfleet.engine.canonical import canonical_json
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset

RULESET = get_ruleset("turn-or-burn")
JSON_SCENARIOS = ("quick-shot", "popcorn", "bigger", "spacewar", "hockey")


def duel(seed: int) -> str:
    """A bench duel: order objects from the lazy legal set, no validation."""
    rnd = random.Random(seed)
    state: Any = RULESET.new_game("quick-shot", seed=seed)
    h = hashlib.sha256()
    while state.outcome is None:
        ask = RULESET.asked(state)
        assert ask is not None
        state, events = RULESET.advance(state, {seat: RULESET.legal(state, seat).sample(rnd) for seat in ask.seats})
        h.update(canonical_json(events).encode())
    h.update(RULESET.state_hash(state).encode())
    return h.hexdigest()


def json_game(scenario: str, seed: int, steps: int) -> str:
    """At most ``steps`` decisions of JSON orders, each validated by ``step``."""
    rnd = random.Random(seed)
    state: Any = RULESET.new_game(scenario, seed=seed)
    h = hashlib.sha256()
    for _ in range(steps):
        if state.outcome is not None:
            break
        orders = {seat: rnd.choice(RULESET.legal_orders(state, seat)) for seat in RULESET.pending(state)}
        state, events = step(RULESET, state, orders)
        h.update(canonical_json(events).encode())
        h.update(RULESET.state_hash(state).encode())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duels", type=int, default=2000, help="bench duels, seeds 0 to this - 1")
    parser.add_argument("--games", type=int, default=20, help="JSON games per scenario")
    parser.add_argument("--steps", type=int, default=60, help="decisions per JSON game at most")
    args = parser.parse_args()
    total = hashlib.sha256()
    lines = [(f"duel {seed}", duel(seed)) for seed in range(args.duels)]
    lines += [(f"{scenario} {seed}", json_game(scenario, seed, args.steps))
              for scenario in JSON_SCENARIOS for seed in range(args.games)]
    for name, digest in lines:
        print(name, digest)
        total.update(f"{name} {digest}\n".encode())
    print("all", total.hexdigest())


if __name__ == "__main__":
    main()
