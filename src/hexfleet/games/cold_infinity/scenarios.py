"""Scenarios and ships: data files, every one a house placeholder of the ``ci-house-v1`` layer
(the book's ship-design chapter is lost, GAP-01), saying so in its own text."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ...engine.errors import FormatError
from ...engine.ruleset import ScenarioInfo
from .position import FORMAT


@cache
def _scenarios() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    return {e.name[:-5]: tomllib.loads(e.read_text(encoding="utf-8")) for e in folder.iterdir()
            if e.name.endswith(".toml")}


@cache
def ships() -> dict[str, Any]:
    """The house fleet (``data/ships.json``; its ``provenance`` says what is the book's)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data", "ships.json")
                                      .read_text(encoding="utf-8"))
    return data


def scenario_infos() -> dict[str, ScenarioInfo]:
    """The scenarios, their options with the scenario's own turn limit among them (the file sets it
    apart from ``options``, but a game plays it unless ``turn_limit`` is given, like any option)."""
    return {k: ScenarioInfo(k, d["title"], tuple(d["seats"]), d.get("description", "") + " (house scenario)",
                            d.get("options", {}) | ({"turn_limit": d["turn_limit"]} if d.get("turn_limit") else {}))
            for k, d in sorted(_scenarios().items())}


def new_position(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The scenario's opening position (turn 1, power phase) as ``cold-infinity/1`` JSON."""
    if name not in _scenarios():
        raise FormatError("scenario", f"unknown Cold Infinity scenario {name!r}; known: {', '.join(sorted(_scenarios()))}")
    s = _scenarios()[name]
    used = {u["design"] for u in s["units"]}
    return {"format": FORMAT, "level": "advanced", "options": {**s.get("options", {}), **options}, "turn": 1,
            "phase": "power", "seats": list(s["seats"]), "move_order": [],
            "designs": {k: v for k, v in ships()["designs"].items() if k in used},
            "units": [dict(u) for u in s["units"]], "turn_limit": s.get("turn_limit")}
