"""Talon's rule options: the digest's readings of lost or silent text (format ``options`` table).

Each default is the digest's proposal; each alternative it names is a value an option may take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError
from ...engine.reading import describe
from ...engine.ruleset import OptionInfo

OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo("arc_model", "hexside_sectors", ("hexside_sectors", "wide_fore_aft"),
               "Forward/Rear 60° wedges with vertex rays to them, or 120° bounded by hex rows", "TAL-AMB-2",
               label="Firing arc shape"),
    OptionInfo("two_flank_spine_blocks", True, (True, False), "A spine run flanked by two blockers blocks", "TAL-G-5",
               label="Spine between two blockers"),
    OptionInfo("transmit_blocked_in_own_hex", True, (True, False),
               "Asteroid/Nebula in the transmitter's hex blocks power transmission", "TAL-AMB-22",
               label="Terrain blocks transmission in own hex"),
    OptionInfo("missile_free_when_no_closer", False, (True, False),
               "A missile with no closer hex may go anywhere", "TAL-G-9", label="Missiles with no closer hex"),
    OptionInfo("missile_launch_range", [1, 4], (), "Launch range [min, max]", "TAL-D-10", label="Missile launch range"),
    OptionInfo("wmg_min_range", 2, (), "Wave Motion Gun minimum range", "TAL-AMB-4",
               label="Wave Motion Gun minimum range"),
    OptionInfo("amt_min_range", 2, (), "Anti-Matter Torpedo minimum range", "TAL-AMB-4",
               label="Anti-Matter Torpedo minimum range"),
    OptionInfo("reinforcement_absorbs_first", True, (True, False),
               "A Shield Reinforcement absorbs before the printed boxes", "TAL-AMB-13",
               label="Reinforcement absorbs first"),
    OptionInfo("initiative_both_change", "flip", ("flip",), "Both sides placed Change markers: flip",
               "TAL-P-2", label="Both sides change initiative"),
    OptionInfo("fighter_excess_damage", "lost", ("lost",), "Damage beyond one fighter's hull is lost",
               "TAL-AMB-19", label="Excess damage to fighters"),
    OptionInfo("powerloss_recomputes_modifier", True, (True, False),
               "Power Loss still recomputes the hull modifier", "TAL-AMB-15", label="Power Loss and the hull modifier"),
    OptionInfo("turn_plus_one_immediate", True, (True, False), "Turn +1 applies from the next turn made",
               "TAL-AMB-15", label="Turn +1 at once"),
    OptionInfo("helm_down_blocks_slip", True, (True, False), "Helm Down forbids side slips too", "TAL-D-11",
               label="Helm Down blocks side slips"),
    OptionInfo("power_loss_blocks_active_charging", False, (True, False),
               "Power Loss forbids charging with AP too", "TAL-9.3.d", label="Power Loss blocks AP charging"),
    OptionInfo("worm_hole_blocks_fire", False, (True, False), "Worm Holes block fire", "TAL-AMB-26",
               label="Worm holes block fire"),
    OptionInfo("board_main", [16, 12], (), "Main board columns × rows", "TAL-G-10", label="Main board size"),
    OptionInfo("board_ext", [6, 12], (), "Extension board columns × rows", "TAL-G-10", label="Extension board size"),
    OptionInfo("infinite_missile_limit", 12, (), "Infinite map: a missile this far from every ship is lost",
               "TAL-G-10", label="Missile range on an infinite map"),
)

DEFAULTS: dict[str, Any] = {o.name: o.default for o in OPTIONS}
_PAIRS = {"missile_launch_range", "board_main", "board_ext"}
_INTS = {"wmg_min_range", "amt_min_range", "infinite_missile_limit"}


def parse_options(data: Mapping[str, Any], where: str = "options") -> dict[str, Any]:
    """Every option, ``data``'s values over the defaults; an unknown name or bad value is
    refused naming it."""
    out = dict(DEFAULTS)
    for name, value in data.items():
        at = f"{where}.{name}"
        if name not in DEFAULTS:
            raise FormatError(at, f"unknown option; options: {', '.join(DEFAULTS)}")
        if name in _PAIRS:
            if (not isinstance(value, list) or len(value) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
                raise FormatError(at, f"expected a pair of whole numbers, got {describe(value)}")
            value = list(value)
        elif name in _INTS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise FormatError(at, f"expected a whole number, got {describe(value)}")
        else:
            choices = next(o.choices for o in OPTIONS if o.name == name)
            if value not in choices or type(value) is not type(DEFAULTS[name]):
                raise FormatError(at, f"expected one of {', '.join(map(str, choices))}, got {describe(value)}")
        out[name] = value
    return out


def changed(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from their defaults (what a position writes)."""
    return {k: v for k, v in options.items() if DEFAULTS[k] != v}
