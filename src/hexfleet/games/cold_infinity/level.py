"""The basic game (CI-1.0.b): a position at ``level: basic`` uses only the blue-heading rules.

The book marks advanced rules with red headings and says to learn the basic game first; ship
design assumes the advanced rules (CI-1.2.a), so a design for the basic game keeps to basic
systems. The format's ``level`` field says which game a position is: ``advanced`` allows the [A]
rules, ``basic`` refuses a design, a unit or an option that needs one, naming the rule; the
[O] optional rules are add-ons to the advanced game (digest 0.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import RuleError

ADVANCED_BLOCKS = {"capacitor": "CI-3.1.2", "battery": "CI-3.1.3", "system_battery": "CI-3.1.4",
                   "collector": "CI-3.1.5", "ess": "CI-4.7", "ew_detector": "CI-4.8.1", "masking_sensor": "CI-4.8.2"}
"""System blocks of advanced rules, with the rule."""
FOUR_THRUSTER = ("FP", "FS", "AP", "AS", "F", "A")
"""Maneuvering-thruster places of the redundant (advanced) layout (CI-5.1.4)."""
ADVANCED_HULLS = {"satellite": "CI-1.6", "weapon_platform": "CI-1.6", "stardock": "CI-1.6", "starbase": "CI-1.6",
                  "space_station": "CI-1.6", "mobile_base": "CI-1.5.1.f"}


def advanced_in_design(design: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """``(rule, what, field)`` of the first advanced feature of a design, or None."""
    if design["hull"] in ADVANCED_HULLS:
        return ADVANCED_HULLS[design["hull"]], f"a {design['hull'].replace('_', ' ')}", "hull"
    for i, s in enumerate(design["systems"]):
        for block, rule in ADVANCED_BLOCKS.items():
            if block in s:
                return rule, f"a {block.replace('_', ' ')}", f"systems[{i}]"
        plant = s.get("reactor") or s.get("capacitor")
        if plant and plant.get("overheating"):
            return "CI-3.6", "an overheating plant", f"systems[{i}]"
        thruster = s.get("thruster")
        if thruster and thruster.get("vanes"):
            return "CI-5.1.2", "deflection vanes", f"systems[{i}]"
        if thruster and thruster["role"] == "maneuver" and thruster.get("location") in FOUR_THRUSTER:
            return "CI-5.1.4", "the four-thruster layout", f"systems[{i}]"
    return None


def check_level(pos: Mapping[str, Any], optional_rules: Mapping[str, str]) -> None:
    """Refuse, in a basic position, every design in use that needs an advanced rule and every
    optional rule turned on (``optional_rules``: option → its rule)."""
    if pos["level"] != "basic":
        return
    used = {u["design"] for u in pos["units"]}
    for name in sorted(used):
        found = advanced_in_design(pos["designs"][name])
        if found:
            rule, what, field = found
            raise RuleError(rule, f"{what} is an advanced rule; this position is the basic game (level: basic)",
                            unit=name, field=f"designs.{name}.{field}")
    for key, rule in optional_rules.items():
        raise RuleError(rule, "optional rules are add-ons to the advanced game (level: basic)", field=f"options.{key}")


def refuse_in_basic(pos: Mapping[str, Any], rule: str, what: str, unit: str, field: str) -> None:
    """An order using an advanced rule in the basic game."""
    if pos["level"] == "basic":
        raise RuleError(rule, f"{what} is an advanced rule (level: basic)", unit=unit, field=field)
