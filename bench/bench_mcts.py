"""MCTS iterations per second for every registered game and scenario, on one core.

The games and scenarios come from the registry (``game_names()``, each ruleset's
``scenarios()``) and the bot from the game's own declaration (``get_bot(game, "mcts", ...)``,
as ``hexfleet arena`` builds it), so a new game is measured without an edit here.

Each scenario is searched at two positions, both reached from ``new_game(seed=1)`` by orders
drawn with ``random.Random(1)``: ``start``, the first decision where the deciding seat has a
choice search weighs (setup, usually), and ``later``, :data:`LATER_STEPS` steps further on (or the last
position with a choice, if the game ends sooner). The search runs on the wall clock (the
bot's ``think``), but the figure divides its iterations by the CPU time it used, so a loaded
machine gives fewer iterations, not a lower rate. An iteration's cost depends on the tree it
grows, so figures compare only at equal think times.
"""

from __future__ import annotations

import random
import time
from typing import Any

from harness import Figure, Rate, bench

from hexfleet.ai import bot_names, get_bot
from hexfleet.ai.mcts import LIST_UP_TO, MctsBot
from hexfleet.engine.ruleset import Ruleset, Seat
from hexfleet.games import game_names, get_ruleset
from hexfleet.plugins import Pruner, game_bots

LATER_STEPS = 8
"""Random steps from the first choice to the second position searched."""
MIN_THINK = 0.05
"""Seconds per position at the least, whatever the budget."""


def has_choice(ruleset: Ruleset[Any], state: Any, prune: Pruner | None = None) -> Seat | None:
    """The first pending seat with a choice search weighs, if any: more than one legal order,
    and more than one left by the game's ``prune`` (a listable set), which search answers at
    once (Launch Fighters!' fleet decision keeps the scenario's fleet)."""
    for seat in ruleset.pending(state):
        legal = ruleset.legal(state, seat)
        if legal.count() <= 1:
            continue
        if prune is not None and legal.count() <= LIST_UP_TO and len(prune(state, seat, list(legal))) <= 1:
            continue
        return seat
    return None


def positions(ruleset: Ruleset[Any], scenario: str, prune: Pruner | None = None) -> list[tuple[str, Any, Seat]]:
    """``(label, state, seat)`` for the start and a later position of ``scenario`` (above)."""
    rnd = random.Random(1)
    state = ruleset.new_game(scenario, seed=1)
    found: list[tuple[str, Any, Seat]] = []
    steps = 0
    last: tuple[Any, Seat, int] | None = None
    while ruleset.outcome(state) is None and ruleset.pending(state):
        seat = has_choice(ruleset, state, prune)
        if seat is not None:
            if not found:
                found.append(("start", state, seat))
            last = (state, seat, steps)
            if steps >= LATER_STEPS:
                break
        if found:
            steps += 1
        state, _ = ruleset.advance(state, {s: ruleset.legal(state, s).sample(rnd) for s in ruleset.pending(state)})
    if last is not None and last[2] > 0:
        found.append((f"step {last[2]}", last[0], last[1]))
    return found


def search(game: str, scenario: str, ruleset: Ruleset[Any], state: Any, seat: Seat,
           think: float | None, iterations: int | None = None) -> tuple[int, float, int]:
    """One seeded search: ``(iterations, CPU seconds, deepest tree path)``."""
    bot = get_bot(game, "mcts", scenario=scenario, seed=1, think=think, iterations=iterations)
    view, legal = ruleset.view(state, seat), ruleset.legal(state, seat)
    start = time.process_time()
    bot.choose(ruleset, seat, view, legal)
    took = max(time.process_time() - start, 1e-9)
    assert isinstance(bot, MctsBot)
    return bot.info.iterations, took, bot.info.depth


@bench("mcts")
def bench_mcts(seconds: float) -> list[Figure]:
    cases = [(g, s) for g in game_names() for s in get_ruleset(g).scenarios() if "mcts" in bot_names(g, s)]
    think = max(MIN_THINK, seconds / (2 * len(cases)))
    figures: list[Figure] = []
    warm: set[str] = set()
    for game, scenario in cases:
        ruleset = get_ruleset(game)
        found = positions(ruleset, scenario, getattr(game_bots(game), "prune", None))
        if not found:
            continue
        if game not in warm:  # imports and caches are paid outside the figures
            search(game, scenario, ruleset, found[0][1], found[0][2], None, 4)
            warm.add(game)
        total_it, total_cpu, rates, parts = 0, 0.0, [], []
        for label, state, seat in found:
            done, cpu, depth = search(game, scenario, ruleset, state, seat, think)
            total_it += done
            total_cpu += cpu
            rates.append(done / cpu)
            parts.append(f"{label} {done / cpu:,.0f} it/s (depth {depth})")
        figures.append(Figure(f"{game} / {scenario}", Rate(total_it / total_cpu, max(rates)), "iterations/s",
                              f"{'; '.join(parts)}; {think:.2f} s per position"))
    return figures
