"""Positions for Talon rule tests: the format's own example, plus small builders, applied
through the interchange module exactly as ``hexfleet resolve`` applies them."""

from __future__ import annotations

import copy
from typing import Any

from hexfleet.games.talon import interchange

EXAMPLE: dict[str, Any] = {
    "format": "talon/1", "data_pack": "talon-ext", "options": {},
    "map": {"mode": "board", "origin": [-5, -6], "extension": False},
    "round": 1, "phase": "impulse", "impulse": "C", "initiative": "talon", "player": "talon", "step": "ap",
    "ships": [{"id": "patton", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 0}],
    "squadrons": [], "missiles": [], "terrain": [], "removed": [], "next_missile": 1,
    "scenario": {"docking": [], "landing": [], "reserves": []}}
"""The position printed in shared/formats/talon-position.md."""


def ship(uid: str, cls: str, side: str, hex_: tuple[int, int], facing: int = 0, **more: Any) -> dict[str, Any]:
    return {"id": uid, "class": cls, "side": side, "hex": list(hex_), "facing": facing, **more}


def position(*ships: dict[str, Any], **top: Any) -> dict[str, Any]:
    """The format's example with these ships and top-level fields (infinite map unless given)."""
    out = copy.deepcopy(EXAMPLE)
    out["ships"] = list(ships)
    out["map"] = {"mode": "infinite"}
    out.update(top)
    return out


def resolve(pos: dict[str, Any], orders: list[dict[str, Any]], dice: tuple[int, ...] = (),
            seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return interchange.resolve(pos, orders, seed, dice)


def unit(pos: dict[str, Any], uid: str) -> dict[str, Any]:
    return next(u for g in ("ships", "squadrons", "missiles") for u in pos[g] if u["id"] == uid)


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def world(pos: dict[str, Any], dice: tuple[int, ...] = ()) -> Any:
    """A working copy of ``pos`` whose next d6 rolls are ``dice`` (then seed 0)."""
    from hexfleet.engine.rng import Rng
    from hexfleet.games.talon.position import parse_position
    from hexfleet.games.talon.world import TalState, World

    return World(TalState(parse_position(pos), Rng.from_seed(0).with_faces(dice)))


def rule_of(pos: dict[str, Any], orders: list[dict[str, Any]], dice: tuple[int, ...] = ()) -> str:
    """The rule ID an orders file breaks (it must break one)."""
    from hexfleet.engine.errors import RuleError

    try:
        resolve(pos, orders, dice)
    except RuleError as e:
        return e.rule
    raise AssertionError("the orders were accepted")


def t(order: dict[str, Any], seat: str = "talon") -> dict[str, Any]:
    return {seat: order}
