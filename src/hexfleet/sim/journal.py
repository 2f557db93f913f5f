"""A batch's journal: every finished game written as one JSON line the moment it ends.

A study at 1 s a decision can run for hours (a long game is hundreds of decisions); a crash, a
closed terminal or the end of a working session must not lose the games already played. The
arena and simulate commands keep ``STEM.games.jsonl`` as they go, and ``--resume`` plays only
the games the journal lacks. A game is known by its whole spec (game, scenario, seats and bots,
seed, options, bot options), so a resumed run never mixes in a game of other settings; each line
also names the code it was played with (``commit``), and the report lists every commit seen.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .match import MatchResult, MatchSpec


def spec_key(spec: MatchSpec | dict[str, Any]) -> str:
    """A spec (or a journal line's ``spec``) as canonical JSON: equal for equal settings,
    whichever run made it."""
    data = spec if isinstance(spec, dict) else asdict(spec)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


PACKAGE = Path(__file__).resolve().parents[1]
"""The hexfleet package's folder: the code a journal names."""


def code_commit(code: Path = PACKAGE) -> str | None:
    """The git commit of the checkout holding ``code``, with ``+dirty`` when the files under
    ``code`` differ from it (a probe run from a modified tree is not the commit's code), or
    ``None`` (an installed wheel). Only ``code`` is compared: a study's own journals, written
    into the checkout as it runs, do not make its code dirty."""
    def git(*args: str) -> subprocess.CompletedProcess[str] | None:
        try:
            return subprocess.run(["git", *args], cwd=code, capture_output=True, text=True, timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            return None

    head = git("rev-parse", "--short", "HEAD")
    if head is None or head.returncode != 0 or not head.stdout.strip():
        return None
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".")
    dirty = changed is not None and changed.returncode == 0 and bool(changed.stdout.strip())
    return head.stdout.strip() + ("+dirty" if dirty else "")


class Journal:
    """The journal at ``path``: :meth:`played` reads back the games of ``specs`` an earlier run
    finished (when resuming; otherwise the file is started afresh), and its :attr:`pen` appends
    each game as it ends."""

    def __init__(self, path: Path, *, resume: bool = False, records: Path | None = None):
        self.path = path
        self.records = records
        """A folder for each game's record (``None``: no records), made if missing."""
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
        self.commit = code_commit()
        self.read_back = 0
        """Games :meth:`played` found already played."""
        self.commits: set[str] = set()
        """The code commits of the games this run read back or played (``unknown`` outside git)."""
        self._old: dict[str, dict[str, Any]] = {}
        if resume and path.exists():
            lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            for number, line in enumerate(lines, 1):
                try:
                    entry = json.loads(line)
                    self._old[spec_key(entry["spec"])] = entry
                except (json.JSONDecodeError, KeyError, TypeError):
                    if number < len(lines):
                        raise ValueError(f"{path}, line {number}: not a journal entry") from None
                    # the last line of a run killed while writing it: dropped, that game is played again
                    path.write_text("".join(line + "\n" for line in lines[:-1]), encoding="utf-8")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")

    def played(self, specs: Sequence[MatchSpec]) -> dict[int, MatchResult]:
        """The results already in the journal, by index into ``specs``."""
        done: dict[int, MatchResult] = {}
        for i, spec in enumerate(specs):
            entry = self._old.get(spec_key(spec))
            if entry is not None:
                done[i] = MatchResult(spec, entry["outcome"], tuple(entry["winners"]), entry["steps"],
                                      tuple(entry.get("scores", {}).items()))
                self.commits.add(entry.get("commit") or "unknown")
        self.read_back += len(done)
        return done

    @property
    def pen(self) -> Pen:
        """What appends this run's games: picklable, so a worker process writes each game itself."""
        return Pen(self.path, self.commit, self.records)

    def played_now(self) -> None:
        """Games were played (not only read back): their commit joins :attr:`commits`."""
        self.commits.add(self.commit or "unknown")


@dataclass(frozen=True, slots=True)
class Pen:
    """Appends finished games to a journal file, from any process on this machine: each line goes
    in one ``O_APPEND`` write, so lines of two workers never interleave, and is synced to the disk
    before the worker plays on."""

    path: Path
    commit: str | None
    records: Path | None = None
    """Where each game's record goes (:meth:`record_for`), if anywhere."""

    def record_for(self, spec: MatchSpec) -> Path | None:
        """The record file of ``spec``'s game: scenario, seed and seated bots name it, and a short
        hash of the whole spec tells apart games that differ only in options."""
        if self.records is None:
            return None
        seats = "-".join(f"{seat}={bot}" for seat, bot in spec.bots)
        digest = hashlib.sha256(spec_key(spec).encode()).hexdigest()[:8]
        return self.records / f"{spec.scenario}-seed{spec.seed}-{seats}-{digest}.jsonl"

    def write(self, result: MatchResult) -> None:
        line = {"spec": asdict(result.spec), "outcome": result.outcome, "winners": list(result.winners),
                "steps": result.steps, **({"scores": dict(result.scores)} if result.scores else {}), "commit": self.commit}
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, (json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
