"""Scenario-file fields of Modules 4-5 (Space Hockey's field and the puck), and what a view
shows of them: projectiles, black holes, the puck and ammo are public (TOB-M4-PROJ-01).

A scenario file (``scenarios/*.toml``) may say ``rules = "hockey"`` (the format's ``scenario``),
``black_holes``, and ``[hockey]`` with ``edges`` and ``puck_start``, read as a position's are.
"""

from __future__ import annotations

from typing import Any

from .party_format import party_json, station_json
from .position import fail_safe
from .position_v2 import ammo_of, fighter_v2_json, hockey_json, projectile_json, scenario_of
from .state import Fighter, Hockey, Projectile, TobState

PUCK_ID = "PUCK"


def scenario_hockey(data: dict[str, Any], sides: tuple[str, ...]) -> Hockey | None:
    spec = data.get("hockey")
    if spec is None:
        return None
    start = spec["puck_start"]
    return Hockey(tuple((s, spec["edges"][s]) for s in sides), (start[0], start[1]))


def scenario_projectiles(data: dict[str, Any]) -> tuple[Projectile, ...]:
    """The puck at the centre with speed 0 (TOB-M5-HOCKEY-02); other scenarios start empty."""
    spec = data.get("hockey")
    if spec is None:
        return ()
    h = (spec["puck_start"][0], spec["puck_start"][1])
    return (Projectile(PUCK_ID, None, "puck", h, h),)


def public_v2(state: TobState) -> dict[str, Any]:
    """The public Module 4-6 fields of a view: the format's scenario name, the projectiles,
    the black holes, Space Hockey's field, Big Party's players, game and stations."""
    out: dict[str, Any] = {"rules": scenario_of(state.config),
                           "projectiles": [projectile_json(p, fail_safe(state, p)) for p in state.projectiles],
                           "black_holes": [list(h) for h in state.config.black_holes]}
    if state.config.hockey is not None:
        out["hockey"] = hockey_json(state.config.hockey)
    if state.config.party is not None:  # Module 6: players, the game and the stations are public
        party = party_json(state.config.party)
        out |= {"players": party["players"], "party_game": party["game"]}  # a view's "game" is the ruleset's name
        out["stations"] = [station_json(s) for s in state.stations]
        if state.stations_to_place:
            out["stations_to_place"] = state.stations_to_place
    return out


def public_fighter_v2(state: TobState, f: Fighter, own: bool, known: list[str]) -> dict[str, Any]:
    """A fighter's Module 4-6 fields as a seat sees them: its own in full; another side's
    ammo only for launchers already seen (the rest would tell its build) and its ship sheet
    without the disabled marks, the rest public."""
    data = fighter_v2_json(f, state.config.modules, state.config.options.fuel)
    data.pop("class")
    if not own and "marks" in data:  # a disabled card would tell where the rest of a heavy gun sits
        data["marks"] = ["ok" if m == "disabled" else m for m in data["marks"]]
    if not own and "ammo" in data:
        seen = set(known)
        data["ammo"] = {k: n for k, n in ammo_of(f).items() if "#" not in k and k in seen}
        data["reloaded"] = [k for k in data["reloaded"] if k in data["ammo"]]
    return data
