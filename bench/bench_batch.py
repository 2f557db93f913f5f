"""Batch scaling: games per second of the batch runner behind ``hexfleet arena`` and
``hexfleet simulate`` (``run_matches``) with 1 and 2 worker processes and on a local Ray cluster.

One workload per registered game: its default scenario, the ``random`` bot at every seat, the
batch turn limit the commands use, game seeds ``0 … n-1``. ``n`` is found the way ``harness.rate``
finds a batch: batches of 1, 2, 4, … games are played in this process (``workers=1``, as the
commands do) until one takes at least a third of the budget, so ``n`` is a power of two and
the same ``n`` games are then played by a pool of 2 processes and by Ray with 2 CPUs.

Unlike the other benches this one reads the wall clock (parallel work has no other), so other
processes on the machine slow every figure, and 2 workers gain nothing on a machine whose cores
are busy: read ``os.getloadavg()`` in the notes. The pool figure includes starting the pool, as
every command does; the Ray figure joins a cluster already running (workers still start cold,
as they do for every new job), and its note gives the time to start that cluster too, which a
command pays when ``RAY_ADDRESS`` names none.
"""

from __future__ import annotations

import os
import time

from harness import Figure, Rate, bench

from hexfleet.games import game_names, get_ruleset
from hexfleet.sim.batch import run_matches
from hexfleet.sim.cli import DEFAULT_TURN_LIMIT, batch_options
from hexfleet.sim.match import MatchSpec

WORKERS = 2


def workload(game: str, games: int) -> list[MatchSpec]:
    """``games`` random-bot games of ``game``'s default scenario, seeds ``0 … games-1``."""
    ruleset = get_ruleset(game)
    scenario = ruleset.scenario()
    seats = tuple((seat, "random") for seat in ruleset.scenarios()[scenario].seats)
    options = tuple(sorted(batch_options(game, DEFAULT_TURN_LIMIT).items()))
    return [MatchSpec(game, scenario, seats, seed=i, options=options) for i in range(games)]


def games_per_second(specs: list[MatchSpec], **how: object) -> tuple[float, float]:
    """``(games/s, seconds)`` of one ``run_matches`` call, on the wall clock."""
    start = time.perf_counter()
    results = run_matches(specs, progress=False, **how)  # type: ignore[arg-type]
    took = time.perf_counter() - start
    assert len(results) == len(specs)
    return len(specs) / took, took


def sized(game: str, seconds: float) -> tuple[list[MatchSpec], float, float]:
    """The workload (see the module docstring) with its 1-worker ``(games/s, seconds)``."""
    n = 1
    while True:
        specs = workload(game, n)
        rate, took = games_per_second(specs, workers=1)
        if took >= seconds or n >= 1 << 16:
            return specs, rate, took
        n *= 2


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


@bench("batch")
def bench_batch(seconds: float) -> list[Figure]:
    import ray

    plans = []
    for game in game_names():
        specs, single, took = sized(game, seconds / 3)
        plans.append((game, specs, single, took))
    start = time.perf_counter()
    ray.init(num_cpus=WORKERS, include_dashboard=False, log_to_driver=False)
    ray_start = time.perf_counter() - start
    figures: list[Figure] = []
    try:
        for game, specs, single, took in plans:
            label = f"{game} / {specs[0].scenario}, {len(specs)} random games"
            pool, pool_took = games_per_second(specs, workers=WORKERS)
            on_ray, ray_took = games_per_second(specs, workers=WORKERS, backend="ray")
            with_start = len(specs) / (ray_took + ray_start)
            figures += [
                Figure(f"{label}, 1 worker", Rate(single, single), "games/s", f"{took:.1f} s, in process; {load()}"),
                Figure(f"{label}, {WORKERS} workers", Rate(pool, pool), "games/s",
                       f"{pool_took:.1f} s; speed-up {WORKERS}/1 workers = {pool / single:.2f}x; {load()}"),
                Figure(f"{label}, Ray {WORKERS} CPUs", Rate(on_ray, on_ray), "games/s",
                       f"{ray_took:.1f} s; Ray / 1 worker = {on_ray / single:.2f}x; with the cluster's start "
                       f"({ray_start:.1f} s) {with_start:,.1f} games/s; {load()}"),
            ]
    finally:
        ray.shutdown()
    return figures
