"""A toy game on the procedure, small enough to check the driver by hand.

Each round both seats pick 1-3 in secret (simultaneous), a die is rolled, then the seat with
the higher pick (the "leader") is asked alone whether to bank the die or give it to the other
seat (a decision of one seat). Three rounds; the higher score wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.legal import Choices, Legal, PerUnit
from hexfleet.engine.procedure import Ask, Kind, Procedure, Then
from hexfleet.engine.rng import Rng
from hexfleet.engine.ruleset import Event, Outcome, ScenarioInfo, Seat

SEATS = ("a", "b")


@dataclass(frozen=True, slots=True)
class Pick:
    n: int

    def __repr__(self) -> str:
        return f"Pick({self.n})"


@dataclass(frozen=True, slots=True)
class ToyState:
    round: int
    phase: str  # pick | roll | bank | over
    rng: Rng
    picks: tuple[tuple[Seat, int], ...] = ()
    die: int = 0
    scores: tuple[int, int] = (0, 0)
    then: tuple[Then, ...] = ()
    outcome: Outcome | None = None
    procedure_ask: Ask | None = field(default=None, init=False, compare=False, repr=False)


def _parse_pick(state: ToyState, ask: Ask, seat: Seat, raw: Any) -> Pick:
    if not isinstance(raw, dict) or not isinstance(raw.get("n"), int) or isinstance(raw.get("n"), bool):
        raise FormatError("order.n", "expected {\"n\": 1..3}")
    return Pick(raw["n"])


def _check_pick(state: ToyState, ask: Ask, seat: Seat, order: Pick) -> None:
    if not 1 <= order.n <= 3:
        raise RuleError("TOY-1", f"pick 1 to 3, not {order.n}", unit=seat, field="order.n")


def _legal_pick(state: ToyState, ask: Ask, seat: Seat) -> Legal[Pick]:
    return PerUnit({seat: (1, 2, 3)}, lambda c: Pick(c[seat]),
                   lambda o: isinstance(o, Pick) and 1 <= o.n <= 3)


def _apply_pick(state: ToyState, ask: Ask, orders: Mapping[Seat, Pick]) -> tuple[ToyState, list[Event]]:
    picks = tuple((s, orders[s].n) for s in SEATS)
    return replace(state, phase="roll", picks=picks), [{"type": "picked", "picks": dict(picks)}]


def _leader(state: ToyState) -> Seat:
    picks = dict(state.picks)
    return "a" if picks["a"] >= picks["b"] else "b"


def _parse_bank(state: ToyState, ask: Ask, seat: Seat, raw: Any) -> str:
    if raw not in ("bank", "give"):
        raise FormatError("order", "expected \"bank\" or \"give\"")
    return str(raw)


def _apply_bank(state: ToyState, ask: Ask, orders: Mapping[Seat, str]) -> tuple[ToyState, list[Event]]:
    seat = ask.seats[0]
    to = seat if orders[seat] == "bank" else ("b" if seat == "a" else "a")
    scores = list(state.scores)
    scores[SEATS.index(to)] += state.die
    outcome = None
    if state.round == 3:
        a, b = scores
        outcome = Outcome("points", ("a",) if a > b else ("b",) if b > a else ())
    nxt = replace(state, phase="over" if outcome else "pick", round=state.round + 1, scores=(scores[0], scores[1]),
                  outcome=outcome)
    return nxt, [{"type": "banked", "seat": to, "points": state.die}]


KINDS: dict[str, Kind[Any, Any]] = {
    "pick": Kind("pick", "TOY-1", lambda s, a, seat: "Pick 1-3 in secret.", _parse_pick, _check_pick, _legal_pick,
                 _apply_pick, lambda o: {"n": o.n}, order_type=Pick),
    "bank": Kind("bank", "TOY-2", lambda s, a, seat: "Bank the die or give it away.", _parse_bank,
                 lambda s, a, seat, o: None, lambda s, a, seat: Choices(("bank", "give")), _apply_bank,
                 lambda o: o, default=lambda s, a, seat: "bank"),
}


class Toy(Procedure[ToyState]):
    name = "toy"
    title = "Toy"
    version = "1"
    dynamics = "mixed"
    kinds = KINDS

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"toy": ScenarioInfo("toy", "Toy", SEATS)}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> ToyState:
        return ToyState(1, "pick", Rng.from_seed(seed, physical=bool((options or {}).get("physical"))))

    def seats(self, state: ToyState) -> tuple[Seat, ...]:
        return SEATS

    def step(self, state: ToyState) -> Ask | tuple[ToyState, list[Event]]:
        if state.phase == "pick":
            return Ask("pick", SEATS)
        if state.phase == "roll":
            face, forced, rng = state.rng.roll(6, purpose="bank", roller=_leader(state))
            return replace(state, phase="bank", die=face, rng=rng), [
                {"type": "die", "purpose": "bank", "face": face, "forced": forced}]
        return Ask("bank", (_leader(state),))

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, Any]:
        return {"round": state.round, "scores": list(state.scores)}

    def outcome(self, state: ToyState) -> Outcome | None:
        return state.outcome

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {"round": state.round, "phase": state.phase, "rng": state.rng.to_json(), "scores": list(state.scores),
                "picks": dict(state.picks), "die": state.die}

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        raise NotImplementedError
