"""Reading and writing ``cold-infinity/1`` positions (shared/formats/cold-infinity-position.md).

A position is read into its *normal form*: the same JSON with every absent field given its
default (system states written for every system, as the format asks), every value checked,
rates and vectors in canonical notation. The state keeps that normal form, so writing a
position is copying it out. Unknown fields and bad values are refused naming the field; a
design the rules forbid (a capacitor beside a reactor, CI-3.1.2.d) names its rule.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.reading import choice, describe, fields, flag, hex_pair, integer, lst, obj, text
from .level import check_level
from .notation import ATTITUDES, read_rate, read_vector, write_rate, write_vector

FORMAT = "cold-infinity/1"
PHASES = ("power", "ew", "evasive", "move", "plot", "snap", "fire", "defense", "detector")
LEVELS = ("basic", "advanced")
SMALL_HULLS = ("light_fighter", "heavy_fighter", "light_shuttle", "medium_shuttle", "heavy_shuttle")
FIGHTER_HULLS = ("light_fighter", "heavy_fighter")
STATIONARY_HULLS = ("satellite", "weapon_platform", "stardock", "starbase", "space_station")
HULLS = SMALL_HULLS + ("gunboat", "corvette", "frigate", "destroyer", "light_cruiser", "cruiser",
                       "heavy_cruiser", "battlecruiser", "battleship", "dreadnought", "super_dreadnought",
                       "mobile_base") + STATIONARY_HULLS
SECTION_SETS = (("main",), ("forward", "aft", "core", "port", "starboard"),
                ("forward_starboard", "aft_starboard", "aft_port", "forward_port"))
SECTION_NAMES = tuple(s for group in SECTION_SETS for s in group)
STATUSES = ("derelict", "disabled", "involuntary", "destroyed")
BLOCKS: dict[str, dict[str, bool]] = {  # system block → {field: required}
    "reactor": {"rating": True, "overheating": False},
    "capacitor": {"capacity": True, "recharge": True, "overheating": False},
    "battery": {"capacity": True, "convert": True},
    "system_battery": {"capacity": True, "convert": True, "attached_to": True},
    "collector": {"rating": True},
    "engine": {"thrust": True, "convert": False, "non_inertial": False},
    "thruster": {"role": True, "location": False, "channel": True, "vanes": False},
    "sensor": {"ew": True, "boost": False, "hd": False},
    "ess": {"rating": True},
    "weapon": {"arc": True, "rof": True, "cooldown": False, "dmg": False, "rng": False, "acc": False,
               "df": False, "traits": False},
    "ew_detector": {}, "masking_sensor": {}, "bridge": {},
}
THRUSTER_LOCATIONS = {"accel": ("fore", "aft"), "maneuver": ("P", "S", "FP", "FS", "AP", "AS", "F", "A"),
                      "odt": ("core",)}
ARC_SHAPES = ("fixed", "narrow", "standard", "wide")
ARC_DIRECTIONS = ("1", "2", "3", "4", "5", "6", "1/2", "2/3", "3/4", "4/5", "5/6", "6/1")
TRAITS = ("half_structure", "double_structure")
SYSTEM_STATE: dict[str, Any] = {"active": True, "lost": 0, "destroyed": False, "drain": 0, "arming": 0,
                                "cooldown": 0, "shots": 0, "stored": None, "heat": 0, "shut_down": False,
                                "forced_off": False}
"""Defaults of a system's state; ``stored`` None = full for a capacitor, 0 for a battery."""
EW_FIELDS = ("points", "shroud", "amplify", "ecm", "reserve", "masking")
OPTION_DEFAULTS: dict[str, Any] = {
    "simultaneous_movement": False, "nimble_small_vessels": False, "ship_signatures": False,
    "unit_identification": False, "mid_step_acceleration": False, "off_axis_maneuvering": False,
    "partial_thrusting": False, "cinematic_motion": False, "three_d": False, "range_3d": "root",
    "los_3d_segments": 0, "abstracted_arcs": 0,
    "initiative_speed": "start_of_turn", "turn1_ties": "rolloff", "thrust_timing": "own_move",
    "rotate_then_accelerate": True, "path_ties": "mover", "mid_step_endpoint": "continuous",
    "partial_model": "accumulator", "combined_min_one": True, "flipped_mirror": True,
    "roll_states": "quarter_steps", "cinematic_frigate": 4, "non_inertial_cost": "per_facing",
    "odt_directions": "hexside", "derelict_die": "d6_parity", "barnstorm_off_vector": "not_multiple",
    "evasive_incoming": 1, "evasive_range": 10, "capacitor_damage": "capacity",
    "system_battery_absorbs": False, "collector_rating": 1, "overheat_restart": "at_zero",
    "drain_start": "next_turn", "sensor_damage": "minus_lost", "ess_amplify_rate": 1,
    "ess_strongest": "per_function", "detector_half": "floor", "masking_piercing": 1,
    "arming_1_3": "turn5", "arc_shapes": "angles", "own_hex_in_arc": True, "basic_arcs": "shapes",
    "arcs_rolled": "axis_angle", "abstract2_facing4": -4, "los_blocking": "nearer_firer",
    "silhouette_cones": "30_60", "marginal_total": "modified", "quarter": "ceil", "core_hit_total": 18,
    "silhouette_3d_tie": "attacker", "mobile_base": "ship", "ram_offers": False,
    "signature_source": "last_turn_power", "group_mass": "sum", "power_order": "recharge_first",
    "house": "ci-house-v1", "zero_power_batteries": False, "maneuvered_acceleration": False, "section_cubes": False,
}
"""Every option with its default (format: Options; the digest's readings first). The last three
are book rules the format's text leaves out (CI-3.3.b, CI-5.1.5, CI-7.4.1.B): off by default so
``resolve`` gives exactly what the format says, on to play the book."""
BOOK_EXTRAS = ("zero_power_batteries", "maneuvered_acceleration", "section_cubes")
BASIC_REFUSED = ("simultaneous_movement", "nimble_small_vessels", "ship_signatures", "unit_identification",
                 "mid_step_acceleration", "off_axis_maneuvering", "partial_thrusting", "cinematic_motion", "three_d",
                 "range_3d", "los_3d_segments", "abstracted_arcs", "zero_power_batteries", "section_cubes")
"""Options a basic position may not turn on: the [O] rules (add-ons to the advanced game) and
the advanced rules among the book's extras."""
OPTION_RULES = {
    "simultaneous_movement": "CI-2.2.1", "nimble_small_vessels": "CI-2.2.1.1", "ship_signatures": "CI-4.6",
    "unit_identification": "CI-4.9", "mid_step_acceleration": "CI-5.4.3", "off_axis_maneuvering": "CI-5.4.4",
    "partial_thrusting": "CI-5.4.5", "cinematic_motion": "CI-5.6", "three_d": "CI-6", "range_3d": "CI-6.5.c",
    "los_3d_segments": "CI-7.1.5.1", "abstracted_arcs": "CI-7.1.4.2", "initiative_speed": "GAP-06",
    "turn1_ties": "GAP-07", "thrust_timing": "GAP-08", "rotate_then_accelerate": "GAP-09", "path_ties": "GAP-10",
    "mid_step_endpoint": "GAP-11", "partial_model": "GAP-12", "combined_min_one": "GAP-13",
    "flipped_mirror": "GAP-14", "roll_states": "GAP-15", "cinematic_frigate": "GAP-16",
    "non_inertial_cost": "GAP-17", "odt_directions": "GAP-18", "derelict_die": "GAP-19",
    "barnstorm_off_vector": "GAP-20", "evasive_incoming": "GAP-21", "evasive_range": "GAP-21",
    "capacitor_damage": "GAP-22", "system_battery_absorbs": "GAP-23", "collector_rating": "GAP-24",
    "overheat_restart": "GAP-25", "drain_start": "GAP-26", "sensor_damage": "GAP-27", "ess_amplify_rate": "GAP-28",
    "ess_strongest": "GAP-28", "detector_half": "GAP-28", "masking_piercing": "GAP-29", "arming_1_3": "GAP-30",
    "arc_shapes": "GAP-31", "own_hex_in_arc": "GAP-31", "basic_arcs": "GAP-32", "arcs_rolled": "GAP-33",
    "abstract2_facing4": "GAP-34", "los_blocking": "GAP-36", "silhouette_cones": "GAP-37",
    "marginal_total": "GAP-38", "quarter": "GAP-38", "core_hit_total": "GAP-40", "silhouette_3d_tie": "GAP-45",
    "mobile_base": "GAP-47", "ram_offers": "GAP-49", "signature_source": "GAP-50", "group_mass": "GAP-54",
    "power_order": "GAP-55", "house": "H-01", "zero_power_batteries": "CI-3.3.b", "maneuvered_acceleration": "CI-5.1.5",
    "section_cubes": "CI-7.4.1.B",
}
"""The rule or digest reading each option stands for (format: Options)."""
NOT_YET = {"thrust_timing": "step_start"}
"""Readings the format names that this version does not play yet (refused by name)."""
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "range_3d": ("root", "summed"), "abstracted_arcs": (0, 1, 2), "initiative_speed": ("start_of_turn",),
    "turn1_ties": ("rolloff",), "thrust_timing": ("own_move",), "path_ties": ("mover",),
    "mid_step_endpoint": ("continuous",), "partial_model": ("accumulator",), "roll_states": ("quarter_steps",),
    "cinematic_frigate": (4, 3), "non_inertial_cost": ("per_facing", "per_turn"), "odt_directions": ("hexside",),
    "derelict_die": ("d6_parity",), "barnstorm_off_vector": ("not_multiple",), "evasive_incoming": (1, 0),
    "evasive_range": (10,), "capacitor_damage": ("capacity", "recharge"), "collector_rating": (1,),
    "overheat_restart": ("at_zero",), "drain_start": ("next_turn", "same_turn"),
    "sensor_damage": ("minus_lost", "none"), "ess_amplify_rate": (1,), "ess_strongest": ("per_function",),
    "detector_half": ("floor",), "masking_piercing": (1,), "arming_1_3": ("turn5", "turn4"),
    "arc_shapes": ("angles",), "basic_arcs": ("shapes", "abstract1"), "arcs_rolled": ("axis_angle",),
    "abstract2_facing4": (-4, -3), "los_blocking": ("nearer_firer",), "silhouette_cones": ("30_60",),
    "marginal_total": ("modified",), "quarter": ("ceil",), "core_hit_total": (18,),
    "silhouette_3d_tie": ("attacker",), "mobile_base": ("ship",), "ram_offers": (False,),
    "signature_source": ("last_turn_power",), "group_mass": ("sum",), "power_order": ("recharge_first",),
    "house": ("ci-house-v1",), "system_battery_absorbs": (False,), "combined_min_one": (True,),
}


def _num(value: Any, where: str, *, low: float = 0) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < low:
        raise FormatError(where, f"expected a number ≥ {low:g}, got {describe(value)}")
    return value


def _ids(value: Any, where: str) -> list[str]:
    return [text(x, f"{where}[{i}]") for i, x in enumerate(lst(value, where))]


# --- options -------------------------------------------------------------------------------


def read_options(value: Any, where: str = "options") -> dict[str, Any]:
    data = obj(value, where)
    fields(data, where, allowed=OPTION_DEFAULTS)
    out = dict(OPTION_DEFAULTS)
    for key, v in data.items():
        w = f"{where}.{key}"
        if key == "los_3d_segments":
            n = integer(v, w, low=0)
            if n == 1:
                raise FormatError(w, "0 (off) or at least 2 segments")
            out[key] = n
        elif key in NOT_YET and v == NOT_YET[key]:
            raise FormatError(w, f"the {v!r} reading is not implemented yet; use {OPTION_DEFAULTS[key]!r}")
        elif key in OPTION_CHOICES:
            allowed = OPTION_CHOICES[key]
            if isinstance(v, bool) != isinstance(allowed[0], bool) or v not in allowed:
                raise FormatError(w, f"expected one of {', '.join(map(str, allowed))}, got {describe(v)}")
            out[key] = v
        else:
            out[key] = flag(v, w)
    return out


# --- designs -------------------------------------------------------------------------------


def _read_block(kind: str, value: Any, where: str) -> dict[str, Any]:
    spec = BLOCKS[kind]
    if not spec and value is True:  # a marker system (bridge, detector): true or {}
        return {}
    data = obj(value, where)
    fields(data, where, allowed=spec, required=[k for k, req in spec.items() if req])
    out: dict[str, Any] = {}
    for key, v in data.items():
        w = f"{where}.{key}"
        if key in ("overheating", "non_inertial", "vanes", "hd"):
            out[key] = flag(v, w)
        elif key == "attached_to":
            out[key] = text(v, w)
        elif key == "role":
            out[key] = choice(v, THRUSTER_LOCATIONS, w)
        elif key == "location":
            out[key] = text(v, w)
        elif key == "arc":
            out[key] = _read_arc(v, w)
        elif key == "rof":
            out[key] = _read_rof(v, w)
        elif key == "dmg":
            out[key] = _read_dice(v, w)
        elif key == "rng":
            out[key] = None if v is None else integer(v, w, low=1)
        elif key == "acc":
            out[key] = integer(v, w)
        elif key == "traits":
            out[key] = [choice(t, TRAITS, f"{w}[{i}]") for i, t in enumerate(lst(v, w))]
        else:
            out[key] = integer(v, w, low=0)
    if kind == "thruster":
        role = out["role"]
        loc = out.get("location")
        if role != "odt" or loc is not None:
            out["location"] = choice(loc, THRUSTER_LOCATIONS[role], f"{where}.location")
    if kind == "weapon":
        out = {"cooldown": 0, "dmg": None, "rng": None, "acc": 0, "df": 0, "traits": [], **out}
    if kind == "engine":
        out = {"convert": 0, "non_inertial": False, **out}
    if kind == "sensor":
        out = {"boost": 0, "hd": False, **out}
    return out


def _read_arc(value: Any, where: str) -> str:
    if value in ("dorsal turret", "keel turret"):
        return str(value)
    parts = value.split(" ") if isinstance(value, str) else []
    if len(parts) != 2 or parts[0] not in ARC_DIRECTIONS or parts[1] not in ARC_SHAPES:
        raise FormatError(where, "expected \"<dir> fixed|narrow|standard|wide\" (dir 1..6 or k/k+1), "
                          f"\"dorsal turret\" or \"keel turret\", got {describe(value)}")
    return str(value)


def _read_rof(value: Any, where: str) -> str:
    parts = value.split("+") if isinstance(value, str) else []
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or int(parts[0]) < 1:
        raise FormatError(where, f"expected a rate of fire \"X+Y\" (X ≥ 1 shots, Y arming turns), got {describe(value)}")
    return str(value)


def _read_dice(value: Any, where: str) -> str:
    parts = value.split("d") if isinstance(value, str) else []
    if len(parts) != 2 or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise FormatError(where, f"expected dice \"NdS\", got {describe(value)}")
    return str(value)


def _read_system(value: Any, where: str, sections: Mapping[str, Any]) -> dict[str, Any]:
    data = obj(value, where)
    fields(data, where, allowed=("id", "type", "section", "structure", "power", *BLOCKS),
           required=("id", "type", "section", "structure", "power"))
    power = data["power"]
    if power != "unpowered":
        power = integer(power, f"{where}.power", low=0)
    section = text(data["section"], f"{where}.section")
    if section not in sections:
        raise FormatError(f"{where}.section", f"no section {section!r} in this design; sections: {', '.join(sections)}")
    out: dict[str, Any] = {"id": text(data["id"], f"{where}.id"), "type": text(data["type"], f"{where}.type"),
                           "section": section, "structure": integer(data["structure"], f"{where}.structure", low=0),
                           "power": power}
    for kind in BLOCKS:
        if kind in data:
            out[kind] = _read_block(kind, data[kind], f"{where}.{kind}")
    return out


def read_design(name: str, value: Any, where: str) -> dict[str, Any]:
    data = obj(value, where)
    small = data.get("hull") in SMALL_HULLS
    allowed = ["hull", "mass", "silhouette", "thrust_cost", "sections", "systems"]
    if small:
        allowed += ["thrust", "structure", "evasive_limit"]
    fields(data, where, allowed=allowed, required=("hull", "mass", "silhouette", "sections"))
    out: dict[str, Any] = {"hull": choice(data["hull"], HULLS, f"{where}.hull"),
                           "mass": _num(data["mass"], f"{where}.mass")}
    sil = obj(data["silhouette"], f"{where}.silhouette")
    fields(sil, f"{where}.silhouette", allowed=("fa", "ps"), required=("fa", "ps"))
    out["silhouette"] = {k: integer(sil[k], f"{where}.silhouette.{k}") for k in ("fa", "ps")}
    if "thrust_cost" in data:
        tc = obj(data["thrust_cost"], f"{where}.thrust_cost")
        fields(tc, f"{where}.thrust_cost", allowed=("accel", "pivot", "roll", "slide"),
               required=("accel", "pivot", "roll", "slide"))
        out["thrust_cost"] = {k: integer(tc[k], f"{where}.thrust_cost.{k}", low=1) for k in ("accel", "pivot", "roll", "slide")}
    secs = obj(data["sections"], f"{where}.sections")
    sections: dict[str, Any] = {}
    for s, sv in secs.items():
        w = f"{where}.sections.{s}"
        if s not in SECTION_NAMES:
            raise FormatError(w, f"unknown section; sections: {', '.join(SECTION_NAMES)}")
        so = obj(sv, w)
        fields(so, w, allowed=("armor", "hull"), required=("armor", "hull"))
        sections[s] = {"armor": integer(so["armor"], f"{w}.armor", low=0), "hull": integer(so["hull"], f"{w}.hull", low=0)}
    if not sections:
        raise FormatError(f"{where}.sections", "a design has at least one section")
    out["sections"] = sections
    systems = [_read_system(s, f"{where}.systems[{i}]", sections) for i, s in enumerate(lst(data.get("systems", []),
                                                                                            f"{where}.systems"))]
    ids = [s["id"] for s in systems]
    for i, sid in enumerate(ids):
        if sid in ids[:i]:
            raise FormatError(f"{where}.systems[{i}].id", f"system id {sid!r} used twice")
    out["systems"] = systems
    if small:
        out["thrust"] = integer(data.get("thrust", 0), f"{where}.thrust", low=0)
        out["structure"] = integer(data.get("structure", 1), f"{where}.structure", low=1)
        out["evasive_limit"] = integer(data.get("evasive_limit", 4), f"{where}.evasive_limit", low=0)
    _check_design(name, out, where)
    return out


RATE_SECTIONS = {1: ("dreadnought", "super_dreadnought"),
                 2: ("cruiser", "heavy_cruiser", "battlecruiser", "battleship"),
                 3: ("frigate", "destroyer", "light_cruiser"), 4: ("gunboat", "corvette")}
"""Fleet ships by rate (CI-1.5.1.b); a rate-r ship has 9 − 2r sections (CI-1.5.1.c)."""
SECTIONS_OF_HULL = {hull: 9 - 2 * rate for rate, hulls in RATE_SECTIONS.items() for hull in hulls}


def _check_design(name: str, design: Mapping[str, Any], where: str) -> None:
    """The design rules the book states (CI-1.5.1.c, CI-3.1.2.d, CI-3.1.3.a, CI-3.1.4.d)."""
    want = SECTIONS_OF_HULL.get(design["hull"], 1 if design["hull"] in SMALL_HULLS else None)
    if want is not None and len(design["sections"]) != want:
        raise RuleError("CI-1.5.1.c", f"a {design['hull'].replace('_', ' ')} has {want} section{'s' * (want > 1)}, "
                        f"not {len(design['sections'])}", unit=name, field=f"{where}.sections")
    systems = design["systems"]
    kinds = {k for s in systems for k in BLOCKS if k in s}
    if "reactor" in kinds and "capacitor" in kinds:
        raise RuleError("CI-3.1.2.d", "capacitors and reactors cannot be installed together on one unit",
                        unit=name, field=f"{where}.systems")
    if kinds & {"battery", "system_battery"} and not kinds & {"reactor", "capacitor"}:
        raise RuleError("CI-3.1.3.a", "batteries need a self-charging power plant (reactor or capacitor)",
                        unit=name, field=f"{where}.systems")
    by_id = {s["id"]: s for s in systems}
    for i, s in enumerate(systems):
        if "system_battery" in s:
            target = by_id.get(s["system_battery"]["attached_to"])
            w = f"{where}.systems[{i}].system_battery.attached_to"
            if target is None:
                raise FormatError(w, f"no system {s['system_battery']['attached_to']!r} in this design")
            if target["power"] in (0, "unpowered"):
                raise RuleError("CI-3.1.4.d", "a system battery may not be attached to a zero-power or unpowered system",
                                unit=name, field=w)


# --- units -------------------------------------------------------------------------------


UNIT_FIELDS = ("id", "side", "design", "hex", "z", "facing", "attitude", "vector", "rotation", "progress",
               "pending", "initiative", "initiative_prev", "status", "sections", "systems", "ew", "ess",
               "signature", "power_drawn", "overthrust", "count", "fighters", "evasive", "snap_used",
               "thrust_left", "extra", "bridge_transfer", "zero_power_turns")
AXES = ("pivot", "roll", "tumble")


def _axes(value: Any, where: str) -> dict[str, Any]:
    data = obj(value, where)
    fields(data, where, allowed=AXES)
    return {a: write_rate(read_rate(data.get(a, 0), f"{where}.{a}")) for a in AXES}


def _opt_int(value: Any, where: str) -> int | None:
    return None if value is None else integer(value, where)


def read_unit(value: Any, where: str, seats: tuple[str, ...], designs: Mapping[str, Any]) -> dict[str, Any]:
    data = obj(value, where)
    fields(data, where, allowed=UNIT_FIELDS, required=("id", "side", "design", "hex", "facing"))
    uid = text(data["id"], f"{where}.id")
    side = choice(data["side"], seats, f"{where}.side")
    dname = text(data["design"], f"{where}.design")
    if dname not in designs:
        raise FormatError(f"{where}.design", f"no design {dname!r} in designs")
    design = designs[dname]
    v, vz = read_vector(data.get("vector", "0"), f"{where}.vector")
    u: dict[str, Any] = {
        "id": uid, "side": side, "design": dname, "hex": list(hex_pair(data["hex"], f"{where}.hex")),
        "z": integer(data.get("z", 0), f"{where}.z"), "facing": integer(data["facing"], f"{where}.facing", low=1, high=6),
        "attitude": choice(data.get("attitude", "up"), ATTITUDES, f"{where}.attitude"),
        "vector": write_vector(v, vz),
        "rotation": _axes(data.get("rotation", {}), f"{where}.rotation"),
        "progress": _axes(data.get("progress", {}), f"{where}.progress"),
        "pending": _pending(data.get("pending", []), f"{where}.pending"),
        "initiative": _opt_int(data.get("initiative"), f"{where}.initiative"),
        "initiative_prev": _opt_int(data.get("initiative_prev"), f"{where}.initiative_prev"),
        "status": _status(data.get("status", []), f"{where}.status"),
        "signature": integer(data.get("signature", 0), f"{where}.signature", low=0),
        "power_drawn": integer(data.get("power_drawn", 0), f"{where}.power_drawn", low=0),
        "bridge_transfer": flag(data.get("bridge_transfer", False), f"{where}.bridge_transfer"),
        "zero_power_turns": integer(data.get("zero_power_turns", 0), f"{where}.zero_power_turns", low=0),
    }
    u["sections"] = _unit_sections(data.get("sections", {}), f"{where}.sections", design)
    u["systems"] = _unit_systems(data.get("systems", {}), f"{where}.systems", design)
    u["ew"] = _ew(data.get("ew", {}), f"{where}.ew")
    u["ess"] = read_ess(data.get("ess", {}), f"{where}.ess")
    thrusters = {s["id"] for s in design["systems"] if "thruster" in s}
    ot = obj(data.get("overthrust", {}), f"{where}.overthrust")
    for t in ot:
        if t not in thrusters:
            raise FormatError(f"{where}.overthrust.{t}", "no such thruster in the unit's design")
    u["overthrust"] = {t: integer(n, f"{where}.overthrust.{t}", low=0) for t, n in ot.items()}
    extra = obj(data.get("extra", {}), f"{where}.extra")
    fields(extra, f"{where}.extra", allowed=("ew", "thrust"))
    u["extra"] = {k: integer(extra.get(k, 0), f"{where}.extra.{k}", low=0) for k in ("ew", "thrust")}
    if design["hull"] in SMALL_HULLS:
        # a group whose every vessel is destroyed stays in ``units``, count 0 (CI-7.4): the
        # format keeps destroyed units
        count = integer(data.get("count", 1), f"{where}.count", low=0 if "destroyed" in u["status"] else 1)
        lost = [integer(x, f"{where}.fighters[{i}]", low=0)
                for i, x in enumerate(lst(data.get("fighters", [0] * count), f"{where}.fighters"))]
        if len(lost) != count:
            raise FormatError(f"{where}.fighters", f"one entry per vessel: {count} expected, got {len(lost)}")
        u.update(count=count, fighters=lost,
                 evasive=integer(data.get("evasive", 0), f"{where}.evasive", low=0),
                 snap_used=flag(data.get("snap_used", False), f"{where}.snap_used"),
                 thrust_left=integer(data.get("thrust_left", design["thrust"]), f"{where}.thrust_left", low=0))
    else:
        for key in ("count", "fighters", "evasive", "snap_used", "thrust_left"):
            if key in data:
                raise FormatError(f"{where}.{key}", "only small vessels (fighters, shuttles) have this field")
    return u


def _pending(value: Any, where: str) -> list[dict[str, Any]]:
    out = []
    for i, p in enumerate(lst(value, where)):
        w = f"{where}[{i}]"
        data = obj(p, w)
        fields(data, w, allowed=("toward", "rate", "progress"), required=("toward", "rate"))
        out.append({"toward": integer(data["toward"], f"{w}.toward", low=1, high=6),
                    "rate": write_rate(read_rate(data["rate"], f"{w}.rate")),
                    "progress": write_rate(read_rate(data.get("progress", 0), f"{w}.progress"))})
    return out


def _status(value: Any, where: str) -> list[str]:
    out = [choice(s, STATUSES, f"{where}[{i}]") for i, s in enumerate(lst(value, where))]
    return [s for s in STATUSES if s in out]


def _unit_sections(value: Any, where: str, design: Mapping[str, Any]) -> dict[str, Any]:
    data = obj(value, where)
    out = {}
    for s in data:
        if s not in design["sections"]:
            raise FormatError(f"{where}.{s}", f"no section {s!r} in the unit's design")
    for s in design["sections"]:
        sv = obj(data.get(s, {}), f"{where}.{s}")
        fields(sv, f"{where}.{s}", allowed=("hull_lost", "destroyed"))
        out[s] = {"hull_lost": integer(sv.get("hull_lost", 0), f"{where}.{s}.hull_lost", low=0),
                  "destroyed": flag(sv.get("destroyed", False), f"{where}.{s}.destroyed")}
    return out


def _unit_systems(value: Any, where: str, design: Mapping[str, Any]) -> dict[str, Any]:
    data = obj(value, where)
    by_id = {s["id"]: s for s in design["systems"]}
    for sid in data:
        if sid not in by_id:
            raise FormatError(f"{where}.{sid}", "no such system in the unit's design")
    out = {}
    for sid, system in by_id.items():
        w = f"{where}.{sid}"
        sv = obj(data.get(sid, {}), w)
        fields(sv, w, allowed=SYSTEM_STATE)
        st: dict[str, Any] = {}
        for key, default in SYSTEM_STATE.items():
            raw = sv.get(key, default)
            if isinstance(default, bool):
                st[key] = flag(raw, f"{w}.{key}")
            elif key == "stored":
                st[key] = _default_stored(system) if raw is None else integer(raw, f"{w}.{key}", low=0)
            else:
                st[key] = integer(raw, f"{w}.{key}", low=0)
        if st["lost"] > system["structure"]:
            raise FormatError(f"{w}.lost", f"more structure lost than the system has ({system['structure']})")
        out[sid] = st
    return out


def _default_stored(system: Mapping[str, Any]) -> int:
    return int(system["capacitor"]["capacity"]) if "capacitor" in system else 0


def _ew(value: Any, where: str) -> dict[str, int]:
    data = obj(value, where)
    fields(data, where, allowed=EW_FIELDS)
    return {k: integer(data.get(k, 0), f"{where}.{k}", low=0) for k in EW_FIELDS}


def read_ess(value: Any, where: str) -> dict[str, Any]:
    data = obj(value, where)
    fields(data, where, allowed=("shroud", "amplify", "ecm", "jam", "negate"))
    amp = obj(data.get("amplify", {}), f"{where}.amplify")
    return {"shroud": integer(data.get("shroud", 0), f"{where}.shroud", low=0),
            "amplify": {text(k, f"{where}.amplify"): integer(n, f"{where}.amplify.{k}", low=0) for k, n in amp.items()},
            "ecm": integer(data.get("ecm", 0), f"{where}.ecm", low=0),
            "jam": _targets(data.get("jam", []), f"{where}.jam"),
            "negate": _targets(data.get("negate", []), f"{where}.negate")}


def _targets(value: Any, where: str) -> list[str]:
    """A unit id or a list of them (jamming, negation targets)."""
    return [text(value, where)] if isinstance(value, str) else _ids(value, where)


# --- the whole position ------------------------------------------------------------------


TOP_FIELDS = ("format", "level", "options", "turn", "phase", "seats", "move_order", "designs", "units",
              "plots", "outcome", "turn_limit")


def read_position(value: Any) -> dict[str, Any]:
    """The position in normal form, or a :class:`FormatError`/:class:`RuleError` naming what is wrong."""
    data = obj(value, "position")
    fields(data, "position", allowed=TOP_FIELDS, required=("format", "turn", "phase", "seats", "designs", "units"))
    if data["format"] != FORMAT:
        raise FormatError("format", f"expected {FORMAT!r}, got {describe(data['format'])}")
    seats = tuple(_ids(data["seats"], "seats"))
    if not seats or len(set(seats)) != len(seats):
        raise FormatError("seats", "at least one seat, each named once")
    designs = {name: read_design(name, d, f"designs.{name}") for name, d in obj(data["designs"], "designs").items()}
    units = [read_unit(u, f"units[{i}]", seats, designs) for i, u in enumerate(lst(data["units"], "units"))]
    ids = [u["id"] for u in units]
    for i, uid in enumerate(ids):
        if uid in ids[:i]:
            raise FormatError(f"units[{i}].id", f"unit id {uid!r} used twice")
    move_order = _ids(data.get("move_order", []), "move_order")
    for i, uid in enumerate(move_order):
        if uid not in ids:
            raise FormatError(f"move_order[{i}]", f"no unit {uid!r}")
    pos: dict[str, Any] = {
        "format": FORMAT, "level": choice(data.get("level", "advanced"), LEVELS, "level"),
        "options": read_options(data.get("options", {})), "turn": integer(data["turn"], "turn", low=1),
        "phase": choice(data["phase"], PHASES, "phase"), "seats": list(seats), "move_order": move_order,
        "designs": designs, "units": units,
        "plots": copy.deepcopy(obj(data.get("plots", {}), "plots")),
        "outcome": copy.deepcopy(data.get("outcome")),
        "turn_limit": None if data.get("turn_limit") is None else integer(data["turn_limit"], "turn_limit", low=1),
    }
    check_level(pos, {k: OPTION_RULES[k] for k in BASIC_REFUSED if pos["options"][k] != OPTION_DEFAULTS[k]})
    return pos


def write_position(pos: Mapping[str, Any]) -> dict[str, Any]:
    """The position as JSON: options written only where they differ from their defaults."""
    out = copy.deepcopy(dict(pos))
    out["options"] = {k: v for k, v in pos["options"].items() if OPTION_DEFAULTS[k] != v}
    return out
