"""Positions and turns for the Module 6 (Big Party) tests, through the interchange format."""

from __future__ import annotations

from typing import Any

from hexfleet.hexgrid import from_offset

from .m45_helpers import fighter, of_type, resolve

M6 = (1, 2, 3, 4, 6)
STD4 = ["CM", "STR", "THR", "LT"]
STD6 = ["CM", "STR", "THR", "LT", "SG", "ARM"]
FREIGHTER = ["CM", "STR", "STR", "THR", "THR", "LT"] + ["CARGO"] * 6
CENTRE = list(from_offset(20, 20))
"""A station spot on the 40 x 40 test map (a fifth of the map from every edge)."""

__all__ = ["CENTRE", "FREIGHTER", "M6", "STD4", "STD6", "fighter", "of_type", "party", "resolve", "turns"]


def party(*fighters: dict[str, Any], players: list[dict[str, Any]] | None = None,
          stations: list[dict[str, Any]] | None = None, game: dict[str, Any] | None = None, turn: int = 1,
          options: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    sides = list(dict.fromkeys(f["side"] for f in fighters))
    out: dict[str, Any] = {
        "format": "turn-or-burn/2", "modules": list(M6), "scenario": "big_party", "map": {"cols": 40, "rows": 40},
        "turn": turn, "fighters": list(fighters), "projectiles": [], "black_holes": [],
        "players": players or [{"id": s, "number": i + 1, "start_region": {"q": [0, 3], "rows": [0, 3]}}
                               for i, s in enumerate(sides)],
        "stations": stations or [], "game": game or {"modes": ["last_man_standing"]},
        "options": {"external_systems": False, **(options or {})}}
    out.update(top)
    return out


def turns(pos: dict[str, Any], *orders: dict[str, Any], seed: int = 0) -> tuple[dict[str, Any], list[list[dict]]]:
    """Resolve one turn per orders object, feeding each result into the next."""
    events = []
    for o in orders:
        pos, ev = resolve(pos, o, seed=seed)
        events.append(ev)
    return pos, events
