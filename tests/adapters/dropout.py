"""A tiny procedure game where seats drop out while the others play on (``seats_out``), to test
how the adapters retire an agent. Each round the seats still in choose, together and in secret,
to stay or leave; the last one in wins, and after five rounds those still in draw."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from hexfleet.engine.errors import FormatError
from hexfleet.engine.legal import Choices
from hexfleet.engine.procedure import Ask, Kind, Procedure, Then
from hexfleet.engine.rng import Rng
from hexfleet.engine.ruleset import Event, Outcome, ScenarioInfo, Seat

SEATS = ("a", "b", "c")


@dataclass(frozen=True, slots=True)
class DropState:
    rng: Rng
    alive: tuple[Seat, ...] = SEATS
    round: int = 1
    then: tuple[Then, ...] = ()
    outcome: Outcome | None = None


def _parse(state: DropState, ask: Ask, seat: Seat, raw: Any) -> str:
    if raw not in ("stay", "leave"):
        raise FormatError("order", 'expected "stay" or "leave"')
    return str(raw)


def _apply(state: DropState, ask: Ask, orders: Mapping[Seat, str]) -> tuple[DropState, list[Event]]:
    alive = tuple(s for s in state.alive if orders[s] == "stay")
    outcome = None
    if len(alive) <= 1 or state.round == 5:
        outcome = Outcome("last", alive if len(alive) == 1 else ())
    return replace(state, alive=alive, round=state.round + 1, outcome=outcome), [{"type": "left", "seats": [
        s for s in state.alive if s not in alive]}]


class Dropout(Procedure[DropState]):
    name = "dropout"
    title = "Dropout"
    version = "1"
    dynamics = "mixed"
    kinds = {"stay": Kind("stay", "DROP-1", lambda s, a, seat: "Stay or leave?", _parse, lambda s, a, seat, o: None,
                          lambda s, a, seat: Choices(("stay", "leave")), _apply, lambda o: o)}

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"three": ScenarioInfo("three", "Three", SEATS)}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> DropState:
        return DropState(Rng.from_seed(seed))

    def seats(self, state: DropState) -> tuple[Seat, ...]:
        return SEATS

    def step(self, state: DropState) -> Ask:
        return Ask("stay", state.alive)

    def seats_out(self, state: DropState) -> tuple[Seat, ...]:
        return () if state.outcome else tuple(s for s in SEATS if s not in state.alive)

    def view(self, state: DropState, seat: Seat | None) -> dict[str, Any]:
        return {"alive": list(state.alive), "round": state.round}

    def outcome(self, state: DropState) -> Outcome | None:
        return state.outcome

    def to_json(self, state: DropState) -> dict[str, Any]:
        return {"rng": state.rng.to_json(), "alive": list(state.alive), "round": state.round,
                "outcome": state.outcome.to_json() if state.outcome else None}

    def from_json(self, data: Mapping[str, Any]) -> DropState:
        outcome = Outcome.from_json(data["outcome"]) if data["outcome"] else None
        return DropState(Rng.from_json(data["rng"]), tuple(data["alive"]), data["round"], (), outcome)
