"""Bot benchmarks: MCTS iterations per second on one core, and win rates at a time budget.

    .venv/bin/python bench/bots.py                      # iterations/s only
    .venv/bin/python bench/bots.py --games 40 --think 1 # plus mcts vs random and vs heuristic

Iterations per second for every game and scenario: ``python bench/run.py mcts``.
Win rates come from the arena (sides alternate) with Wilson 95 % intervals. Figures depend on
the machine: compare against the parent commit on the same machine.
"""

from __future__ import annotations

import argparse
import time

from hexfleet.ai.mcts import MctsBot
from hexfleet.games import get_ruleset
from hexfleet.sim.arena import arena

TURN_LIMIT = 60


def positions():
    """A few Turn or Burn decisions: setup, the first plot, and a close-range exchange."""
    r = get_ruleset("turn-or-burn")
    setup = r.new_game("quick-shot", seed=1, options={"turn_limit": TURN_LIMIT})
    first, _ = r.advance(setup, {"red": {"R1": {"gun": "DB", "facing": "B", "momentum": [7, 6]}},
                                 "blue": {"B1": {"gun": "NB", "facing": "E", "momentum": [22, 0]}}})
    close, _ = r.advance(setup, {"red": {"R1": {"gun": "DB", "hex": [12, 3], "facing": "C", "momentum": [14, 2]}},
                                 "blue": {"B1": {"gun": "NB", "hex": [18, 0], "facing": "F", "momentum": [16, 1]}}})
    return r, {"setup": setup, "first plot": first, "close range": close}


def iteration_rate(seconds: float) -> None:
    ruleset, states = positions()
    total_it = total_s = 0.0
    for label, state in states.items():
        bot = MctsBot(seed=1, think=seconds)
        start = time.perf_counter()
        bot.choose(ruleset, "red", ruleset.view(state, "red"), ruleset.legal(state, "red"))
        took = time.perf_counter() - start
        total_it += bot.info.iterations
        total_s += took
        print(f"mcts {label:12s}: {bot.info.iterations:6d} iterations in {took:.2f} s = {bot.info.rate:7.0f} it/s")
    print(f"mcts overall     : {total_it / total_s:7.0f} iterations/s (one core)")


def win_rates(games: int, think: float, workers: int) -> None:
    for opponent in ("random", "heuristic"):
        start = time.perf_counter()
        report = arena("turn-or-burn", "quick-shot", ["mcts", opponent], games, workers=workers, seed=20261122,
                       options={"turn_limit": TURN_LIMIT}, bot_options={"mcts": {"think": think}}, progress=False)
        row = next(r for r in report.rows if r.bot == "mcts" and r.opponent == opponent)
        low, high = row.win_interval
        print(f"mcts vs {opponent:9s}: {row.wins}W {row.draws}D {row.losses}L of {row.games}, "
              f"win rate {100 * row.win_rate:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}), "
              f"score {100 * row.score:.1f}%, Elo gap {report.elo['mcts'] - report.elo[opponent]:+.0f} "
              f"[{time.perf_counter() - start:.0f} s, think {think} s, turn limit {TURN_LIMIT}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate-seconds", type=float, default=2.0, help="search time per rate position")
    parser.add_argument("--games", type=int, default=0, help="games per pairing for win rates (0: skip)")
    parser.add_argument("--think", type=float, default=1.0, help="mcts seconds per decision")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    iteration_rate(args.rate_seconds)
    if args.games:
        win_rates(args.games, args.think, args.workers)


if __name__ == "__main__":
    main()
