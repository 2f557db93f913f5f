"""Turn or Burn Module 1: random duel playouts on one core, and the steps they are made of.

A playout runs Quick Shot from ``new_game`` to the end with full rules and no record: every
step each pending seat draws one order uniformly from its lazy legal set
(``RULESET.legal(state, seat).sample(rnd)``, setup included: nothing is listed) and the ruleset
advances; orders drawn from the legal set need no validation. Game ``i`` uses game seed
``i``, cycling through ``DUEL_SEEDS``; both seats' choices come from one ``random.Random(0)``
per run, as a bot's playouts draw from its one generator and as the yardstick's duels draw
from its ``random.Random(1)`` (seeding a Mersenne Twister per duel costs ~4 us, a tenth of a
duel, which the yardstick never pays), so every run plays the same games in the same order.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import yardstick_tob_m1
from harness import Figure, bench, rate

from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset

RULESET = get_ruleset("turn-or-burn")
SCENARIO = "quick-shot"
DUEL_SEEDS = 1000
"""Duels cycle through game seeds 0-999."""


def playout(seed: int, rnd: random.Random) -> Any:
    """One random duel of game seed ``seed``, the seats' choices drawn from ``rnd``; returns the
    final state."""
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
    ends: list[tuple[int, str]] = []  # per duel played: (turns played, winner or "draw")
    choices = random.Random(0)

    def run(n: int) -> None:
        played = len(ends)
        for k in range(played, played + n):
            end = playout(k % DUEL_SEEDS, choices)
            ends.append((end.turn - 1, end.outcome.winners[0] if end.outcome.winners else "draw"))

    duels = rate(run, seconds * 0.45, first=8)
    played = len(ends)
    turns = sum(t for t, _ in ends) / played
    outcomes = Counter(w for _, w in ends)
    mix = " ".join(f"{k} {100 * v / played:.0f}%" for k, v in sorted(outcomes.items()))
    lean_rnd = random.Random(1)
    lean = rate(lambda n: _repeat(n, yardstick_tob_m1.play, lean_rnd), seconds * 0.15, first=100)
    figures = [Figure("duel random playouts", duels, "duels/s",
                      f"{played} duels, seeds 0-{min(played, DUEL_SEEDS) - 1}: {turns:.2f} turns/duel; won: {mix}"),
               Figure("yardstick: lean duel loop", lean, "duels/s",
                      f"engine / yardstick = {duels.mean / lean.mean:.2f} (bench/yardstick_tob_m1.py: no rules "
                      "engine, no events; issue 17 asks for at least 0.33)")]

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
