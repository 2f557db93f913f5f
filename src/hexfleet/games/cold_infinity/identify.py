"""Unit identification (CI-4.9, an optional rule): what a side may know of an enemy unit.

Outside every allied EW shroud a side knows only how many sections the unit has; inside one
it also knows its Mass; inside one with any amplification assigned it knows the unit fully.
A view shows an unidentified unit with a *generic design* standing in for its own (so the
view still reads as a position: the browser, the terminal and the bots' determinization work
on it unchanged) and its system states left out. Knowledge follows the shrouds of the moment:
the book's table describes the situation, not a record kept from earlier turns.
"""

from __future__ import annotations

from typing import Any

from .ew import in_shroud
from .model import Pos, Unit, alive, mass, small

GENERIC_HULLS = {1: "gunboat", 3: "frigate", 5: "cruiser", 7: "dreadnought"}
"""The hull a generic design shows for each section count (CI-1.5.1.c)."""


def knowledge(pos: Pos, seat: str, enemy: Unit) -> str:
    """``full``, ``mass`` or ``sections``: the CI-4.9.a table for ``seat`` looking at ``enemy``."""
    shrouds = [u for u in pos["units"] if u["side"] == seat and alive(u) and in_shroud(pos, u, enemy)]
    if any(u["ew"]["amplify"] > 0 for u in shrouds):
        return "full"
    return "mass" if shrouds else "sections"


def generic_design(pos: Pos, unit: Unit, known: str) -> dict[str, Any]:
    """The stand-in design of an unidentified unit: its section names, its Mass when known,
    nothing else (no systems, no armor, silhouette 0)."""
    sections = {name: {"armor": 0, "hull": 0} for name in unit["sections"]}
    out: dict[str, Any] = {"silhouette": {"fa": 0, "ps": 0}, "sections": sections, "systems": [],
                           "mass": mass(pos, unit) / unit.get("count", 1) if known == "mass" else 0}
    if small(pos, unit):
        out.update(hull="light_fighter", thrust=0, structure=1, evasive_limit=0)
    else:
        out["hull"] = GENERIC_HULLS.get(len(sections), "frigate")
    return out


def hide_unidentified(pos: Pos, out: dict[str, Any], seat: str | None) -> None:
    """Replace, in the written position ``out``, every enemy unit ``seat`` cannot identify by
    its generic design; designs only such units use leave the view (CI-4.9.b)."""
    if seat is None or not pos["options"]["unit_identification"]:
        return
    hidden: set[str] = set()
    shown: set[str] = set()
    for u, w in zip(pos["units"], out["units"]):
        known = "full" if u["side"] == seat else knowledge(pos, seat, u)
        if known == "full":
            shown.add(u["design"])
            continue
        hidden.add(u["design"])
        key = f"unidentified {u['id']}"
        out["designs"][key] = generic_design(pos, u, known)
        w.update(design=key, identified=known, systems={}, overthrust={})
    for name in hidden - shown:
        out["designs"].pop(name, None)
