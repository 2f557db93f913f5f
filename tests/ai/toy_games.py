"""Two tiny rulesets for testing search bots away from any real game.

* ``Race``: sequential; players alternately add 1 or 2 to a counter, whoever reaches 10 wins
  (the player to move at 7 or 4 or 1 loses against perfect play).
* ``Duel``: simultaneous, one step; each seat names 0-3, the higher number wins; the opponent's
  choice is secret until resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import Decision, Outcome, Ruleset, ScenarioInfo

SEATS = ("a", "b")


@dataclass(frozen=True, slots=True)
class Counter:
    total: int
    to_move: str
    winner: str | None = None


class Race(Ruleset[Counter]):
    name = "race"
    title = "Race to 10"
    version = "1"
    dynamics = "sequential"

    def scenarios(self):
        return {"from": ScenarioInfo("from", "Race", SEATS)}

    def new_game(self, scenario, *, seed, options=None):
        return Counter(int((options or {}).get("start", 0)), "a")

    def seats(self, state):
        return SEATS

    def pending(self, state):
        return {} if state.winner else {state.to_move: Decision(state.to_move, "add", "add 1 or 2")}

    def legal_orders(self, state, seat):
        return [1, 2] if seat == state.to_move and not state.winner else []

    def validate(self, state, seat, order):
        if order not in (1, 2):
            raise RuleError("RACE-1", "add 1 or 2")

    def advance(self, state, orders):
        (seat, add), = orders.items()
        total = min(10, state.total + add)
        other = "b" if seat == "a" else "a"
        return Counter(total, other, seat if total == 10 else None), [{"type": "added", "seat": seat, "n": add}]

    def view(self, state, seat):
        return {"total": state.total, "to_move": state.to_move, "winner": state.winner}

    def outcome(self, state):
        return Outcome("reached_10", (state.winner,)) if state.winner else None

    def determinize(self, view, seat, rng):
        return Counter(view["total"], view["to_move"], view["winner"])

    def to_json(self, state):
        return {"total": state.total, "to_move": state.to_move, "winner": state.winner}

    def from_json(self, data):
        return Counter(data["total"], data["to_move"], data["winner"])


@dataclass(frozen=True, slots=True)
class Picks:
    chosen: tuple[tuple[str, int], ...] = ()


class Duel(Ruleset[Picks]):
    name = "duel"
    title = "Higher number"
    version = "1"
    dynamics = "simultaneous"

    def scenarios(self):
        return {"once": ScenarioInfo("once", "Once", SEATS)}

    def new_game(self, scenario, *, seed, options=None):
        return Picks()

    def seats(self, state):
        return SEATS

    def pending(self, state):
        return {} if state.chosen else {s: Decision(s, "pick", "pick 0-3") for s in SEATS}

    def legal_orders(self, state, seat):
        return [] if state.chosen else [0, 1, 2, 3]

    def validate(self, state, seat, order):
        if order not in (0, 1, 2, 3):
            raise RuleError("DUEL-1", "pick 0-3")

    def advance(self, state, orders: Mapping[str, Any]):
        return replace(state, chosen=tuple(sorted(orders.items()))), []

    def view(self, state, seat):
        return {"chosen": dict(state.chosen)}

    def outcome(self, state):
        if not state.chosen:
            return None
        picks = dict(state.chosen)
        if picks["a"] == picks["b"]:
            return Outcome("tie")
        return Outcome("higher", (max(picks, key=picks.get),))

    def determinize(self, view, seat, rng):
        return Picks(tuple(sorted(view["chosen"].items())))

    def to_json(self, state):
        return {"chosen": dict(state.chosen)}

    def from_json(self, data):
        return Picks(tuple(sorted(data["chosen"].items())))
