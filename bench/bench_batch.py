"""Batch scaling: games per second of the batch runner behind ``hexfleet arena`` and
``hexfleet simulate`` (``run_matches``) with 1 and 2 worker processes and on a local Ray cluster.

One workload per registered game: its default scenario, the ``random`` bot at every seat, the
batch turn limit the commands use, game seeds ``0 … n-1``. ``n`` is found the way ``harness.rate``
finds a batch: batches of 1, 2, 4, … games are played in this process (``workers=1``, as the
commands do) until one takes at least a third of the budget, so ``n`` is a power of two; the
same ``n`` games are then played by a pool of 2 processes and by Ray with 2 CPUs.

Unlike the other benches this one reads the wall clock (parallel work has no other), so other
processes on the machine slow every figure, and 2 workers gain little on a machine whose cores
are busy. Two notes say how far to trust a figure: the share of a core the in-process run got
(its CPU time over its wall time), and the pool workers' CPU time against the in-process CPU
time, the cost of going parallel whatever the load (near 1.00x: the speed-up is limited only by
free cores). The pool figure includes starting the pool, as every command does. The Ray figure
joins a cluster already running, its workers starting cold as they do for every new job; the
best batch is a second run on warm workers, and the note gives the cluster's start, which a
command pays when ``RAY_ADDRESS`` names no cluster.
"""

from __future__ import annotations

import logging
import os
import resource
import time
from dataclasses import dataclass

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
    options = tuple(sorted(batch_options(game, scenario, DEFAULT_TURN_LIMIT).items()))
    return [MatchSpec(game, scenario, seats, seed=i, options=options) for i in range(games)]


@dataclass(frozen=True)
class Run:
    """One ``run_matches`` call: games, wall seconds, and CPU seconds of this process and of
    its finished child processes (the pool's workers; Ray's are not our children)."""

    games: int
    wall: float
    cpu: float
    children_cpu: float

    @property
    def rate(self) -> float:
        return self.games / self.wall


def timed(specs: list[MatchSpec], workers: int, backend: str = "process") -> Run:
    def cpu(who: int) -> float:
        usage = resource.getrusage(who)
        return usage.ru_utime + usage.ru_stime

    before = time.perf_counter(), cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
    results = run_matches(specs, workers=workers, backend=backend, progress=False)
    assert len(results) == len(specs)
    return Run(len(specs), time.perf_counter() - before[0], cpu(resource.RUSAGE_SELF) - before[1],
               cpu(resource.RUSAGE_CHILDREN) - before[2])


def sized(game: str, seconds: float) -> tuple[list[MatchSpec], Run]:
    """The workload (see the module docstring) with its 1-worker run."""
    n = 1
    while True:
        specs = workload(game, n)
        run = timed(specs, workers=1)
        if run.wall >= seconds or n >= 1 << 16:
            return specs, run
        n *= 2


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


@bench("batch")
def bench_batch(seconds: float) -> list[Figure]:
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=WORKERS, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    ray_start = time.perf_counter() - start
    figures: list[Figure] = []
    try:
        for game in game_names():  # a game's runs follow each other: the machine's load drifts
            specs, single = sized(game, seconds / 3)
            label = f"{game} / {specs[0].scenario}, {len(specs)} random games"
            pool = timed(specs, workers=WORKERS)
            cold = timed(specs, workers=WORKERS, backend="ray")
            warm = timed(specs, workers=WORKERS, backend="ray")
            figures += [
                Figure(f"{label}, 1 worker", Rate(single.rate, single.rate), "games/s",
                       f"{single.wall:.1f} s in process, {single.cpu:.2f} s CPU: it had "
                       f"{100 * single.cpu / single.wall:.0f} % of a core; {load()}"),
                Figure(f"{label}, {WORKERS} workers", Rate(pool.rate, pool.rate), "games/s",
                       f"speed-up {WORKERS}/1 workers = {pool.rate / single.rate:.2f}x; {pool.wall:.1f} s, workers' "
                       f"CPU {pool.children_cpu:.2f} s = {pool.children_cpu / single.cpu:.2f}x the in-process CPU"),
                Figure(f"{label}, Ray {WORKERS} CPUs", Rate(cold.rate, max(cold.rate, warm.rate)), "games/s",
                       f"Ray / 1 worker = {cold.rate / single.rate:.2f}x; {cold.wall:.1f} s with workers starting "
                       f"cold, {warm.wall:.1f} s warm (best batch); with the cluster's start ({ray_start:.1f} s) "
                       f"{len(specs) / (cold.wall + ray_start):,.1f} games/s"),
            ]
    finally:
        ray.shutdown()
    return figures
