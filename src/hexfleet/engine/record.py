"""Game records: JSON lines that replay a game exactly (DESIGN.md, "Kernel contract").

A record is a header line, one line per resolved step (the orders given and the events they
caused, with the state hash after), and an end line that reveals the seed::

    {"record": "hexfleet/1", "game": ..., "rules_version": ..., "scenario": ..., "options": {...},
     "seats": [...], "seed_sha256": "..."}
    {"step": 1, "orders": {...}, "events": [...], "hash": "..."}
    {"end": true, "outcome": {...}, "seed": "...", "hash": "..."}

A game stopped before its end may close with ``{"end": true, "interrupted": true, "outcome":
null, ...}``. ``replay`` takes the ruleset from its caller (the registry sits above the kernel,
:func:`hexfleet.games.replay_record`), re-runs the orders from the revealed seed and checks the commitment, every event
and every hash; a record made under another rules version is refused, not silently diverged.
Each line is flushed as it is written, so a crash loses at most the step in progress.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .canonical import canonical_json
from .errors import FormatError, RuleError
from .rng import seed_commitment
from .ruleset import Event, Order, Ruleset, Seat, step

RECORD_FORMAT = "hexfleet/1"


def header(ruleset: Ruleset[Any], state: Any, *, scenario: str, options: Mapping[str, Any], seed: int | str) -> dict[str, Any]:
    return {
        "record": RECORD_FORMAT,
        "game": ruleset.name,
        "rules_version": ruleset.version,
        "scenario": scenario,
        "options": dict(options),
        "seats": list(ruleset.seats(state)),
        "seed_sha256": seed_commitment(seed),
    }


class RecordWriter:
    """Streams a record to a text file, one flushed line at a time."""

    def __init__(self, handle: IO[str]):
        self._handle = handle
        self._steps = 0

    @classmethod
    def open(cls, path: str | Path) -> RecordWriter:
        return cls(open(path, "w", encoding="utf-8"))

    def write(self, line: Mapping[str, Any]) -> None:
        self._handle.write(canonical_json(line) + "\n")
        self._handle.flush()

    def step(self, orders: Mapping[Seat, Order], events: list[Event], state_hash: str) -> None:
        self._steps += 1
        self.write({"step": self._steps, "orders": dict(orders), "events": events, "hash": state_hash})

    def end(self, outcome: Mapping[str, Any] | None, seed: int | str, state_hash: str, *,
            interrupted: bool = False) -> None:
        """The last line, revealing the seed. ``interrupted``: the game stopped before its end
        (a person quit); the record then still verifies step by step."""
        line: dict[str, Any] = {"end": True, "outcome": outcome, "seed": str(seed), "hash": state_hash}
        if interrupted:
            line["interrupted"] = True
        self.write(line)

    def close(self) -> None:
        self._handle.close()


def read_lines(source: str | Path | Iterable[str]) -> Generator[dict[str, Any], None, None]:
    """Stream a record's lines as dicts; a malformed line raises :class:`FormatError`."""
    lines: Iterable[str]
    name = None
    if isinstance(source, (str, Path)):
        name = str(source)
        try:
            lines = open(source, encoding="utf-8")
        except OSError as exc:
            raise FormatError("record", f"cannot open: {exc.strerror}", source=name) from exc
    else:
        lines = source
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise FormatError(f"line {n}", f"not JSON: {exc.msg} at column {exc.colno}", source=name) from exc
        if not isinstance(value, dict):
            raise FormatError(f"line {n}", "each record line must be a JSON object", source=name)
        yield value


@dataclass(slots=True)
class ReplayReport:
    game: str
    steps: int = 0
    final_hash: str | None = None
    outcome: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    state: Any = None
    """The state after the last replayed step: the whole truth (render it through a view)."""
    last_events: list[Event] = field(default_factory=list)
    """The events of the last replayed step (e.g. where each fighter started that turn)."""
    interrupted: bool = False
    """The end line says the game was stopped before its end (Ctrl-C in the terminal)."""

    @property
    def ok(self) -> bool:
        return not self.problems


def record_header(source: str | Path | Iterable[str]) -> dict[str, Any]:
    """The header line of a record, checked: which game, rules version, scenario, options and
    seed commitment it was made under. Callers look the game up in the registry and then
    :func:`replay` it (the kernel knows no game)."""
    lines = read_lines(source)
    try:
        return _header(lines)
    finally:
        lines.close()


def _header(lines: Iterator[dict[str, Any]]) -> dict[str, Any]:
    try:
        head = next(lines)
    except StopIteration:
        raise FormatError("record", "empty record: no header line") from None
    if head.get("record") != RECORD_FORMAT:
        raise FormatError("line 1", f"not a hexfleet record header (expected record={RECORD_FORMAT!r})")
    for key in ("game", "rules_version", "scenario", "options", "seed_sha256"):
        if key not in head:
            raise FormatError(f"line 1.{key}", "missing from the record header")
    return head


def replay(ruleset: Ruleset[Any], source: str | Path | Iterable[str], *, verify: bool = True,
           seed: int | str | None = None) -> ReplayReport:
    """Re-run a record of a ``ruleset`` game. With ``verify``, compare every event and hash,
    and the seed commitment.

    The seed comes from the end line, or ``seed`` for a record still in progress. An end line
    marked ``interrupted`` (a game stopped before its end, its seed revealed so that every step
    played can be checked) is accepted and reported as such.
    """
    lines = read_lines(source)
    head = _header(lines)
    if head["game"] != ruleset.name:
        raise FormatError("line 1.game", f"a {head['game']} record cannot be replayed under the {ruleset.name} rules")
    if head["rules_version"] != ruleset.version:
        raise FormatError(
            "line 1.rules_version",
            f"record made under {head['game']} rules version {head['rules_version']}, "
            f"this is version {ruleset.version}: replaying it would not reproduce the game",
        )
    rest = list(lines)
    end = rest[-1] if rest and rest[-1].get("end") else None
    steps = rest[:-1] if end else rest
    if seed is None:
        if end is None or "seed" not in end:
            raise FormatError("end", "the record has no end line revealing the seed; pass the seed to replay it")
        seed = end["seed"]
    report = ReplayReport(game=ruleset.name, interrupted=bool(end and end.get("interrupted")))
    if seed_commitment(seed) != head["seed_sha256"]:
        report.problems.append("the revealed seed does not match the header's seed_sha256 commitment")
        return report
    state = ruleset.new_game(head["scenario"], seed=seed, options=head["options"])
    for i, line in enumerate(steps, 2):
        if "orders" not in line:
            raise FormatError(f"line {i}", "a step line needs 'orders'")
        try:
            state, events = step(ruleset, state, line["orders"])
        except RuleError as exc:
            report.problems.append(f"line {i}: step {line.get('step')}: orders rejected: {exc}")
            return report
        report.steps += 1
        report.last_events = events
        if verify:
            if "events" in line and canonical_json(events) != canonical_json(line["events"]):
                report.problems.append(f"line {i}: step {line.get('step')}: events differ from the record")
            if "hash" in line and ruleset.state_hash(state) != line["hash"]:
                report.problems.append(f"line {i}: step {line.get('step')}: state hash differs from the record")
    report.state = state
    report.final_hash = ruleset.state_hash(state)
    outcome = ruleset.outcome(state)
    report.outcome = outcome.to_json() if outcome else None
    if verify and end is not None:
        if end.get("hash") != report.final_hash:
            report.problems.append("end: final state hash differs from the record")
        if end.get("outcome") != report.outcome:
            report.problems.append("end: outcome differs from the record")
        if report.interrupted and outcome is not None:
            report.problems.append("end: marked interrupted, but the game is over")
        if not report.interrupted and outcome is None:
            report.problems.append("end: the game is not over and the end line does not say it was interrupted")
    return report
