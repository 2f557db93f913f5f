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
