"""Run many matches: inline, on a process pool (the default) or on a Ray cluster.

Workers receive :class:`~hexfleet.sim.match.MatchSpec` values (ruleset name, bots, seeds) and
build their own states; nothing but plain data crosses a process boundary (STYLE §8).
Results come back in the order of the specs whatever order they finish in, so a batch is
reproducible for bots limited by iterations.

Specs travel in chunks (:func:`chunks`), a few per worker: a random-bot game can take a
millisecond, less than sending one task to a pool process (and far less than to Ray), so one
task per game made 2 workers slower than one (``python bench/run.py batch`` measures it).
A batch that keeps a :class:`~hexfleet.sim.journal.Journal` sends one game a task instead, so
that each game is on the disk the moment it ends, and plays only the games the journal lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .journal import Journal
from .match import MatchResult, MatchSpec, play

BACKENDS = ("process", "ray")
CHUNKS_PER_WORKER = 8
"""Tasks per worker in a batch: enough to even out games of unequal length, few enough that
sending a task costs little beside playing it."""


def chunks(count: int, workers: int) -> list[range]:
    """The spec indices ``0 … count-1`` in consecutive ranges, up to :data:`CHUNKS_PER_WORKER`
    per worker, sizes differing by at most one."""
    tasks = min(count, max(1, workers) * CHUNKS_PER_WORKER)
    if tasks == 0:
        return []
    size, extra = divmod(count, tasks)
    bounds = [k * size + min(k, extra) for k in range(tasks + 1)]
    return [range(a, b) for a, b in zip(bounds, bounds[1:])]


def play_chunk(specs: Sequence[MatchSpec]) -> list[MatchResult]:
    """Play several specs in one worker task, in order."""
    return [play(spec) for spec in specs]


def run_matches(specs: Sequence[MatchSpec], *, workers: int = 2, backend: str = "process",
                progress: bool = True, label: str = "games", journal: Journal | None = None) -> list[MatchResult]:
    """Play every spec (but those ``journal`` already holds); ``workers=1`` plays in this process
    (handy for debugging)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    results: list[MatchResult | None] = [None] * len(specs)
    kept = journal.played(specs) if journal is not None else {}
    for i, result in kept.items():
        results[i] = result
    todo = [i for i in range(len(specs)) if i not in kept]

    def split(parts: int) -> list[list[int]]:
        """The games to play as tasks for ``parts`` workers: one game a task with a journal."""
        if journal is not None:
            return [[i] for i in todo]
        return [[todo[k] for k in span] for span in chunks(len(todo), parts)]

    with _bar(progress) as bar:
        task = bar.add_task(label, total=len(specs), completed=len(kept))

        def done(span: list[int], played: list[MatchResult]) -> None:
            for i, result in zip(span, played, strict=True):
                results[i] = result
                if journal is not None:
                    journal.write(result)
            bar.advance(task, len(span))

        if backend == "ray":
            _run_ray(specs, split, workers, done)
        elif workers <= 1:
            for i in todo:
                done([i], [play(specs[i])])
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play_chunk, [specs[i] for i in span]): span for span in split(workers)}
                for future in as_completed(futures):
                    done(futures[future], future.result())
    return [r for r in results if r is not None]


def _bar(enabled: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    disable=not enabled, transient=False)


def _run_ray(specs: Sequence[MatchSpec], split: Callable[[int], list[list[int]]], workers: int,
             done: Callable[[list[int], list[MatchResult]], None]) -> None:
    """Ray backend (optional extra ``ray``): joins the cluster named by ``RAY_ADDRESS``, or
    starts a local one with ``workers`` CPUs."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'hexfleet[ray]'") from None
    started = False
    if not ray.is_initialized():
        ray.init(num_cpus=workers if workers > 0 else None, include_dashboard=False,
                 log_to_driver=False, ignore_reinit_error=True)
        started = True
    try:
        remote_play = ray.remote(play_chunk)
        cpus = int(ray.cluster_resources().get("CPU", workers))
        refs = {remote_play.remote([specs[i] for i in span]): span for span in split(max(workers, cpus))}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(refs[ref], ray.get(ref))
    finally:
        if started:
            ray.shutdown()
