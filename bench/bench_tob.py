"""Turn or Burn Module 1: random duel playouts on one core, and the steps they are made of.

A playout runs Quick Shot from ``new_game`` to the end with full rules and no record: every
step each pending seat draws one order uniformly from its lazy legal set
(``RULESET.legal(state, seat).sample(rnd)``, setup included: nothing is listed) and the ruleset
advances; orders drawn from the legal set need no validation. Game ``i`` uses game seed ``i``
and ``random.Random(i)`` for both seats' choices; seeds cycle through ``DUEL_SEEDS`` so runs
compare.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from harness import Figure, bench, rate

from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset

RULESET = get_ruleset("turn-or-burn")
SCENARIO = "quick-shot"
DUEL_SEEDS = 1000
"""Duels cycle through seeds 0-999, so every run of at least 1000 duels plays the same games."""


def playout(seed: int) -> Any:
    """One random duel; returns the final state."""
    rnd = random.Random(seed)
    legal, asked, advance = RULESET.legal, RULESET.asked, RULESET.advance
    state = RULESET.new_game(SCENARIO, seed=seed)
    while state.outcome is None:
        ask = asked(state)
        assert ask is not None
        orders = {seat: legal(state, seat).sample(rnd) for seat in ask.seats}
        state, _ = advance(state, orders)
    return state


@bench("turn-or-burn")
def bench_duels(seconds: float) -> list[Figure]:
    ends: dict[int, tuple[int, str]] = {}  # seed → (turns played, winner or "draw")
    played = 0

    def run(n: int) -> None:
        nonlocal played
        for k in range(played, played + n):
            end = playout(k % DUEL_SEEDS)
            ends[k % DUEL_SEEDS] = (end.turn - 1, end.outcome.winners[0] if end.outcome.winners else "draw")
        played += n

    duels = rate(run, seconds * 0.6, first=8)
    turns = sum(t for t, _ in ends.values()) / len(ends)
    outcomes = Counter(w for _, w in ends.values())
    mix = " ".join(f"{k} {100 * v / len(ends):.0f}%" for k, v in sorted(outcomes.items()))
    figures = [Figure("duel random playouts", duels, "duels/s",
                      f"{played} duels, seeds 0-{len(ends) - 1}: {turns:.2f} turns/duel; won: {mix}")]

    mid = _mid_game_states()
    setup = RULESET.new_game(SCENARIO, seed=0)
    plot_orders = [(s, {seat: random.Random(i).choice(RULESET.legal_orders(s, seat)) for seat in RULESET.pending(s)})
                   for i, s in enumerate(mid)]
    parsed_orders = [(s, {seat: RULESET.parse_order(s, seat, o) for seat, o in orders.items()})
                     for s, orders in plot_orders]
    step_budget = seconds * 0.4 / 9
    rnd = random.Random(0)
    figures += [
        Figure("legal_orders (setup)", rate(lambda n: _repeat(n, RULESET.legal_orders, setup, "red"), step_budget),
               "calls/s"),
        Figure("legal sample (setup)", rate(lambda n: _repeat(n, lambda: RULESET.legal(setup, "red").sample(rnd)),
                                            step_budget), "calls/s"),
        Figure("legal_orders (plot)", rate(lambda n: _cycle(n, mid, lambda s: RULESET.legal_orders(s, "red")),
                                           step_budget), "calls/s"),
        Figure("pending (plot)", rate(lambda n: _cycle(n, mid, RULESET.pending), step_budget), "calls/s"),
        Figure("advance (plot)", rate(lambda n: _cycle(n, plot_orders, lambda so: RULESET.advance(*so)),
                                      step_budget), "calls/s", "JSON orders, read into order objects"),
        Figure("advance (plot, order objects)", rate(lambda n: _cycle(n, parsed_orders, lambda so: RULESET.advance(*so)),
                                                     step_budget), "calls/s", "as the legal set gives them to bots"),
        Figure("step (plot, JSON)", rate(lambda n: _cycle(n, plot_orders, lambda so: step(RULESET, *so)),
                                         step_budget), "calls/s", "validate every order, then advance: the server"),
        Figure("state clone (replace)", rate(lambda n: _cycle(n, mid, lambda s: replace(s, turn=s.turn)),
                                             step_budget), "clones/s"),
        Figure("state_hash", rate(lambda n: _cycle(n, mid, RULESET.state_hash), step_budget), "hashes/s"),
    ]
    return figures


def _mid_game_states() -> list[Any]:
    """States at the start of a plot turn from the first seeded duels (fixed, so runs compare)."""
    out = []
    for seed in range(50):
        choose = random.Random(seed).choice
        state = RULESET.new_game(SCENARIO, seed=seed)
        while state.outcome is None:
            if state.phase == "plot":
                out.append(state)
            orders = {seat: choose(RULESET.legal_orders(state, seat)) for seat in RULESET.pending(state)}
            state, _ = RULESET.advance(state, orders)
    return out


def _repeat(n: int, fn: Any, *args: Any) -> None:
    for _ in range(n):
        fn(*args)


def _cycle(n: int, items: list[Any], fn: Any) -> None:
    k = len(items)
    for i in range(n):
        fn(items[i % k])
