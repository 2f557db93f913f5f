"""Run many matches: inline, on a process pool (the default) or on a Ray cluster.

Workers receive :class:`~hexfleet.sim.match.MatchSpec` values (ruleset name, bots, seeds) and
build their own states; nothing but plain data crosses a process boundary (STYLE §8).
Results come back in the order of the specs whatever order they finish in, so a batch is
reproducible for bots limited by iterations.

Specs travel in chunks (:func:`chunks`), a few per worker: a random-bot game can take a
millisecond, less than sending one task to a pool process (and far less than to Ray), so one
task per game made 2 workers slower than one (``python bench/run.py batch`` measures it).
A batch that keeps a :class:`~hexfleet.sim.journal.Journal` plays only the games it lacks, and
each worker writes every game to it the moment the game ends (a chunk of long games is not lost
with the chunk).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .journal import Journal, Pen
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


def play_chunk(specs: Sequence[MatchSpec], pen: Pen | None = None) -> list[MatchResult]:
    """Play several specs in one worker task, in order, each written with ``pen`` as it ends."""
    out = []
    for spec in specs:
        result = play(spec, record=pen.record_for(spec) if pen is not None else None)
        if pen is not None:
            pen.write(result)
        out.append(result)
    return out


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
    pen = journal.pen if journal is not None else None
    if journal is not None and todo:
        journal.played_now()

    def split(parts: int) -> list[list[int]]:
        """The games to play, in chunks for ``parts`` workers."""
        return [[todo[k] for k in span] for span in chunks(len(todo), parts)]

    with _bar(progress) as bar:
        task = bar.add_task(label, total=len(specs), completed=len(kept))

        def done(span: list[int], played: list[MatchResult]) -> None:
            for i, result in zip(span, played, strict=True):
                results[i] = result
            bar.advance(task, len(span))

        if backend == "ray":
            _run_ray(specs, split, workers, pen, done)
        elif workers <= 1:
            for i in todo:
                done([i], play_chunk([specs[i]], pen))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play_chunk, [specs[i] for i in span], pen): span for span in split(workers)}
                for future in as_completed(futures):
                    done(futures[future], future.result())
    return [r for r in results if r is not None]


def _bar(enabled: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    disable=not enabled, transient=False)


def _run_ray(specs: Sequence[MatchSpec], split: Callable[[int], list[list[int]]], workers: int, pen: Pen | None,
             done: Callable[[list[int], list[MatchResult]], None]) -> None:
    """Ray backend (optional extra ``ray``): joins the cluster named by ``RAY_ADDRESS``, or
    starts a local one with ``workers`` CPUs. Games are journaled here as their chunks come
    back: a cluster's workers may not share this machine's disk."""
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
                played = ray.get(ref)
                if pen is not None:
                    for result in played:
                        pen.write(result)
                done(refs[ref], played)
    finally:
        if started:
            ray.shutdown()
