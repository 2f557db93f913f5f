"""Small builders for Cold Infinity tests: a position around the house ships, units placed
by hand, and resolving orders through the interchange format."""

from __future__ import annotations

import copy
from typing import Any

from hexfleet.games.cold_infinity import interchange
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.scenarios import ships


def design(name: str, **changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(ships()["designs"][name])
    d.update(changes)
    return d


def unit(uid: str, side: str, design_name: str, hex_: tuple[int, int] = (0, 0), facing: int = 1,
         **more: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "design": design_name, "hex": list(hex_), "facing": facing, **more}


def position(units: list[dict[str, Any]], *, phase: str = "power", designs: dict[str, Any] | None = None,
             options: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {"format": "cold-infinity/1", "level": "advanced", "options": options or {}, "turn": 1, "phase": phase,
            "seats": ["red", "blue"], "move_order": [],
            "designs": designs if designs is not None else {k: design(k) for k in ("reaper", "lancer", "warden",
                                                                                  "talon_flight")},
            "units": units, **more}


def pos(units: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """The position in normal form (what the rules work on)."""
    return read_position(position(units, **kw))


def resolve(p: dict[str, Any], orders: Any, seed: int = 1, dice: tuple[int, ...] = ()) -> tuple[dict[str, Any],
                                                                                                list[dict[str, Any]]]:
    return interchange.resolve(p, orders, seed, dice)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]
