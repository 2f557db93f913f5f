"""A game in progress: ruleset, state, seed and record together.

The one driver the terminal, the server and batch runs share: ``submit`` validates and applies
one step's orders and writes the step to the record; ``finish`` reveals the seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from .errors import RuleError
from .record import RecordWriter, header
from .ruleset import Event, Order, Ruleset, Seat, step


def new_seed() -> str:
    """A fresh 128-bit seed: large enough that its published sha256 cannot be brute-forced."""
    return str(secrets.randbits(128))


def redact_step(
    ruleset: Ruleset[Any], n: int, before: Any, orders: Mapping[Seat, Order], events: list[Event], seat: Seat | None,
) -> dict[str, Any]:
    """Step ``n`` as ``seat`` may see it (``None``: a spectator); ``before`` is the state the
    orders were given in. Every per-seat log (terminal, server, replays before the end) uses this."""
    shown = {owner: ruleset.order_view(before, seat, owner, order) for owner, order in orders.items()}
    return {"step": n, "orders": {k: v for k, v in shown.items() if v is not None},
            "events": [e for e in events if ruleset.event_visible(e, seat)]}


class Game:
    """Holds the true state; hand players only :meth:`view` and :meth:`visible_events`."""

    def __init__(
        self,
        ruleset: Ruleset[Any],
        scenario: str,
        *,
        seed: int | str | None = None,
        options: Mapping[str, Any] | None = None,
        record: RecordWriter | None = None,
    ):
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = new_seed() if seed is None else seed
        self.options = dict(options or {})
        self.state = ruleset.new_game(scenario, seed=self.seed, options=self.options)
        self.steps = 0
        self.history: list[tuple[Any, dict[Seat, Order], list[Event]]] = []
        """``(state before, orders, events)`` per step: what per-seat logs are built from."""
        self.record = record
        self.header = header(ruleset, self.state, scenario=scenario, options=self.options, seed=self.seed)
        if record is not None:
            record.write(self.header)

    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def pending(self) -> dict[Seat, Any]:
        return self.ruleset.pending(self.state)

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def submit(self, orders: Mapping[Seat, Order]) -> list[Event]:
        """Validate and apply one order per pending seat; raises ``RuleError`` changing nothing."""
        before = self.state
        self.state, events = step(self.ruleset, self.state, orders)
        written = {seat: self.ruleset.order_json(before, seat, order) for seat, order in orders.items()}
        self.steps += 1
        self.history.append((before, written, events))
        if self.record is not None:
            self.record.step(written, events, self.ruleset.state_hash(self.state))
            if self.over:
                self.finish()
        return events

    def visible_events(self, events: list[Event], seat: Seat | None) -> list[Event]:
        return [e for e in events if self.ruleset.event_visible(e, seat)]

    def log_for(self, seat: Seat | None) -> list[dict[str, Any]]:
        """The game so far as ``seat`` may see it: others' secret orders and private events out."""
        return [redact_step(self.ruleset, n, before, orders, events, seat)
                for n, (before, orders, events) in enumerate(self.history, 1)]

    def finish(self) -> None:
        """Write the end line, revealing the seed (only once the game is over)."""
        if not self.over:
            raise RuleError("ENGINE-NOT-OVER", "the seed is revealed only when the game is over")
        if self.record is not None:
            outcome = self.ruleset.outcome(self.state)
            self.record.end(outcome.to_json() if outcome else None, self.seed, self.ruleset.state_hash(self.state))
            self.record.close()
            self.record = None
