"""Builders shared by the Module 2-3 rule tests: positions in the interchange format, one
turn resolved, events picked by type."""

from __future__ import annotations

from typing import Any

from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.position import parse_position

RS = get_ruleset("turn-or-burn")


def fighter(fid: str, side: str, hex: list[int], cards: list[str], *, facing: str = "C",
            momentum: list[int] | None = None, **extra: Any) -> dict[str, Any]:
    """A fighter at rest (speed 0) unless ``momentum`` says otherwise."""
    return {"id": fid, "side": side, "hex": hex, "facing": facing, "momentum": momentum or hex,
            "cards": cards, **extra}


def position(*fighters: dict[str, Any], modules: tuple[int, ...] = (1, 2), turn: int = 1,
             **extra: Any) -> dict[str, Any]:
    return {"format": "turn-or-burn/1", "modules": list(modules), "map": {"cols": 30, "rows": 22},
            "turn": turn, "fighters": list(fighters), **extra}


def state(*fighters: dict[str, Any], seed: int = 0, **kw: Any):
    """A position read for play: the turn stops for every mid-turn decision."""
    return parse_position(position(*fighters, **kw), seed=seed, phase_decisions=True)


def resolve(st, plots: dict[str, list[dict[str, Any]]]):
    """One whole turn with every mid-turn default (as ``hexfleet resolve``)."""
    return RS.resolve_turn(st, plots)


def play(st, orders: dict[str, Any]):
    """One kernel step: validate every pending seat's order, then advance."""
    return step(RS, st, orders)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def get(st, fid: str):
    f = st.fighter(fid)
    assert f is not None, f"{fid} not in play"
    return f


def first_seed(make, predicate, tries: int = 400):
    """The first seed whose turn satisfies ``predicate(next_state, events)``: tests a rule on
    one particular draw without depending on the generator's exact sequence."""
    for seed in range(tries):
        nxt, events = make(seed)
        if predicate(nxt, events):
            return nxt, events
    raise AssertionError("no seed produced the draw the test needs")
