"""The Weapons Fire Step (CI-7; format: Fire): attacks, arcs (B.8), line of sight (B.9), the
3d6 to-hit roll and its modifiers (CI-7.3.1), silhouettes (B.10), hit location (B.11) and the
house damage layer ``ci-house-v1`` (H-01…H-07: not from the book, which lost those chapters).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...engine.errors import RuleError
from ...engine.reading import choice, fields, lst, obj, text
from ...engine.ruleset import Event
from ...hexgrid import Hex, angle_off, bearing, distance, line, ray_distance, sub
from .dice import Dice
from .ew import in_shroud, lock_on, range_between, strongest
from .model import (
    Pos,
    Unit,
    alive,
    design,
    mass,
    small,
    stationary,
    systems,
    unit_by_id,
    visual_targeting,
    weapon_rof,
)
from .notation import flipped, rolled, tumbled
from .turn import destroy_system

FIELDS = ("attacks", "df")
HALF_WIDTH = {"narrow": 30, "standard": 60, "wide": 90}
SEVEN = ("forward", "forward_starboard", "aft_starboard", "aft", "aft_port", "forward_port")
PARTS = ("silhouette", "amplify", "ecm", "accuracy", "range", "evasive", "arc", "signature", "defensive_fire",
         "called_shot")


@dataclass(frozen=True, slots=True)
class Attack:
    weapon: str
    target: str
    silhouette: str | None = None
    section: str | None = None


@dataclass(frozen=True, slots=True)
class FireOrder:
    attacks: tuple[Attack, ...] = ()
    df: tuple[tuple[str, str], ...] = ()


def parse(raw: Any, where: str) -> FireOrder:
    data = obj(raw, where)
    fields(data, where, allowed=FIELDS)
    attacks = []
    for i, a in enumerate(lst(data.get("attacks", []), f"{where}.attacks")):
        w = f"{where}.attacks[{i}]"
        ad = obj(a, w)
        fields(ad, w, allowed=("weapon", "target", "silhouette", "section"), required=("weapon", "target"))
        attacks.append(Attack(text(ad["weapon"], f"{w}.weapon"), text(ad["target"], f"{w}.target"),
                              choice(ad["silhouette"], ("fa", "ps"), f"{w}.silhouette") if "silhouette" in ad else None,
                              text(ad["section"], f"{w}.section") if "section" in ad else None))
    df = tuple((text(k, f"{where}.df"), choice(v, ("S", "AH"), f"{where}.df.{k}"))
               for k, v in obj(data.get("df", {}), f"{where}.df").items())
    return FireOrder(tuple(attacks), df)


def dump(order: FireOrder) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if order.attacks:
        out["attacks"] = [{k: v for k, v in (("weapon", a.weapon), ("target", a.target), ("silhouette", a.silhouette),
                                              ("section", a.section)) if v is not None} for a in order.attacks]
    if order.df:
        out["df"] = dict(order.df)
    return out


# --- geometry: arcs and line of sight ---------------------------------------------------------


def _hex(u: Unit) -> Hex:
    return (u["hex"][0], u["hex"][1])


def arc_centre(arc: str) -> float:
    """Relative bearing of an arc's direction: ``k`` → 60(k−1), ``k/k+1`` → 60(k−1)+30."""
    d = arc.split(" ")[0]
    k = int(d.split("/")[0])
    return 60.0 * (k - 1) + (30.0 if "/" in d else 0.0)


def in_arc(pos: Pos, shooter: Unit, arc: str, target: Unit) -> bool:
    """Is ``target`` in the arc (B.8, CI-7.1.4)? Boundaries included; the own hex always (in
    3-D its own layer); flipped ships mirror. Turrets: in 2-D all are dorsal (CI-7.1.4.b), all
    round upright or flipped, else Wide on the dorsal direction; in 3-D dorsal / keel fire at
    Δz ≥ 0 / ≤ 0 (mirrored when flipped). An arc a roll or tumble points straight down or up
    holds targets within its half-width of that axis and its own hex column on that side; in
    2-D it reaches only its own hex. A rolled ship's fore/aft arcs are read in its local frame
    (:func:`_rolled_fore_aft`)."""
    v = sub(_hex(target), _hex(shooter))
    dz = target["z"] - shooter["z"]
    three_d = pos["options"]["three_d"]
    att = shooter["attitude"]
    if v == (0, 0) and (not three_d or dz == 0):
        return bool(pos["options"]["own_hex_in_arc"])
    heading = 60.0 * (shooter["facing"] - 1)
    if arc.endswith("turret"):
        dorsal = arc.startswith("dorsal") or not three_d
        if att in ("up", "flipped"):
            if not three_d:
                return True
            return dz >= 0 if (att == "up") == dorsal else dz <= 0
        centre = {"rolled_port": 270.0, "rolled_starboard": 90.0, "tumbled_forward": 0.0,
                  "tumbled_aft": 180.0}[att] + (0.0 if dorsal else 180.0)
        return angle_off(v, (heading + centre) % 360) <= 90 and (not three_d or v != (0, 0))
    centre = arc_centre(arc)
    if flipped(att):
        centre = (360.0 - centre) % 360
    shape = arc.split(" ")[1]
    vertical = _vertical(att, centre)
    if vertical is not None:
        if not three_d:
            return v == (0, 0)
        return _along_axis(v, dz, vertical, shape)
    if v == (0, 0) or (tumbled(att) and not three_d):
        return False
    mapped = (heading + centre) % 360
    if rolled(att):
        return _rolled_fore_aft(v, dz if three_d else 0, mapped, shape)
    if shape == "fixed":
        along, across = ray_distance(v, mapped)
        ok = along > 0 and across <= 0.5
    else:
        ok = angle_off(v, mapped) <= HALF_WIDTH[shape]
    if ok and three_d and att in ("up", "flipped"):
        ok = abs(dz) <= distance((0, 0), v) - 1
    return ok


def _rolled_fore_aft(v: Hex, dz: int, centre: float, shape: str) -> bool:
    """A fore or aft arc of a ship rolled 90° (B.8 local frame, GAP-33, GAP-35): the nose axis
    and the map's vertical span the ship's F–S plane, the map's lateral becomes its elevation
    toward ±U. In arc iff the local azimuth ``atan(|Δz| / along)`` is within the half-width
    (inclusive) and the elevation ``atan(across / √(along² + Δz²))`` is strictly under 45°;
    lengths in hex-centre units along the map bearing ``centre`` of the arc, a layer one hex.
    In 2-D (Δz 0) every shape keeps the in-plane targets within 45° of its centre (B.8's 2D
    consequence); a Fixed arc keeps its centre ray's hexes on the ship's layer."""
    along, across = ray_distance(v, centre)
    if shape == "fixed":
        return dz == 0 and along > 0 and across <= 0.5
    azimuth = math.degrees(math.atan2(abs(dz), along))
    return azimuth <= HALF_WIDTH[shape] + 1e-9 and across < math.hypot(along, dz)


def _vertical(att: str, centre: float) -> int | None:
    """−1 / +1 when an arc of this relative centre points down / up in this attitude: the side
    arcs of a rolled ship (rolled to port: the port side down), the fore / aft arcs of a tumbled
    one (tumbled forward: the nose down); None when it stays in the plane."""
    if rolled(att) and centre % 180 != 0:
        port = centre > 180
        return -1 if port == (att == "rolled_port") else 1
    if tumbled(att) and centre % 180 == 0:
        fore = centre == 0
        return -1 if fore == (att == "tumbled_forward") else 1
    return None


def _along_axis(v: Hex, dz: int, sign: int, shape: str) -> bool:
    """A target for an arc pointing straight down (−1) or up (+1): its own hex column on that
    side, else within the half-width of the axis, ``atan(d/|Δz|)`` (TV-30)."""
    if dz * sign < 0 or (dz == 0 and v != (0, 0)):
        return False
    d = distance((0, 0), v)
    if d == 0:
        return True
    if shape == "fixed":
        return False
    return math.degrees(math.atan2(d, abs(dz))) <= HALF_WIDTH[shape] + 1e-9


ABSTRACT_1 = {"wide": 0, "standard": -1, "narrow": -2, "fixed": -3}
"""Abstracted arcs, system 1: every arc fires as Wide at this DRM (CI-7.1.4.2)."""


def abstraction(pos: Pos) -> int:
    """The abstracted-arc system in play: the option's, or system 1 in the basic game with
    ``basic_arcs = abstract1`` (the shapes are advanced rules, GAP-32)."""
    system: int = pos["options"]["abstracted_arcs"]
    if not system and pos["level"] == "basic" and pos["options"]["basic_arcs"] == "abstract1":
        return 1
    return system


def arc_eligible(pos: Pos, shooter: Unit, arc: str, target: Unit) -> bool:
    """In arc, as the abstracted-arc option reads arcs: system 1 every arc as Wide, system 2 no
    arcs at all (CI-7.1.4.2)."""
    system = abstraction(pos)
    if system == 2:
        return True
    if system == 1 and not arc.endswith("turret"):
        arc = f"{arc.split(' ')[0]} wide"
    return in_arc(pos, shooter, arc, target)


def arc_drm(pos: Pos, shooter: Unit, arc: str, target: Unit) -> int:
    """The abstracted arcs' to-hit DRM (CI-7.1.4.2): system 1 by shape; system 2 by the facing
    nearest the target (1: 0; 1/2, 2, 6, 6/1: −1; 2/3, 5/6: −2; 3 … 5: −3; 4: −4, GAP-34)."""
    system = abstraction(pos)
    if system == 1:
        return 0 if arc.endswith("turret") else ABSTRACT_1[arc.split(" ")[1]]
    if system == 2:
        v = sub(_hex(target), _hex(shooter))
        if v == (0, 0):
            return 0
        theta = (bearing(v) - 60.0 * (shooter["facing"] - 1)) % 360
        step = round(min(theta, 360 - theta) / 30)
        return (0, -1, -1, -2, -3, -3, int(pos["options"]["abstract2_facing4"]))[step]
    return 0


def los_clear(pos: Pos, shooter: Unit, target: Unit) -> bool:
    """No unit strictly between blocks (B.9): Mass ≥ the target's, or ≥ half and nearer the
    firer than the target; where the line runs along an edge both hexes must block."""
    a, b = _hex(shooter), _hex(target)
    tmass = mass(pos, target)
    blockers: dict[Hex, list[Unit]] = {}
    for u in pos["units"]:
        if alive(u) and u["id"] not in (shooter["id"], target["id"]):
            blockers.setdefault(_hex(u), []).append(u)

    def blocks(h: Hex) -> bool:
        if h in (a, b):
            return False
        for u in blockers.get(h, []):
            if pos["options"]["three_d"] and not _between_layers(pos, shooter, target, u, h):
                continue
            m = mass(pos, u)
            if m >= tmass or (2 * m >= tmass and distance(a, h) < distance(h, b)):
                return True
        return False

    return not any(all(blocks(h) for h in step) for step in line(a, b)[1:-1])


def _between_layers(pos: Pos, shooter: Unit, target: Unit, u: Unit, h: Hex) -> bool:
    """3-D LOS (CI-7.1.5.1): the blocker's layer strictly between the two; with ``n`` segments,
    within the layer band of the segment its hex lies in (TV-31)."""
    za, zb = shooter["z"], target["z"]
    n = pos["options"]["los_3d_segments"]
    if not n:
        lo, hi = sorted((za, zb))
        return lo < u["z"] < hi or lo == hi == u["z"]
    d = distance(_hex(shooter), _hex(target))
    seg = min(n - 1, distance(_hex(shooter), h) * n // d)
    lo, hi = sorted((za + (zb - za) * seg / n, za + (zb - za) * (seg + 1) / n))
    return lo <= u["z"] <= hi


# --- checking orders ----------------------------------------------------------------------


def check(pos: Pos, unit: Unit, order: FireOrder) -> None:
    """Format table, fire rows (CI-7.1.1.a, 7.1.3.a/b, 7.1.4.a, 7.1.5.c)."""
    uid = unit["id"]
    if order.attacks and uid in pos["plots"].get("no_fire", []):
        raise RuleError("CI-5.5.3", "a failed barnstormer may not fire this turn", unit=uid, field="order.attacks")
    by_id = {s["id"]: (s, st) for s, st in systems(pos, unit, "weapon")}
    barnstormed = pos["plots"].get("barnstormed", {})
    shots: dict[str, int] = {}
    for i, a in enumerate(order.attacks):
        w = f"order.attacks[{i}]"
        if a.weapon not in by_id:
            raise RuleError("CI-7.1.1.a", f"{uid} has no weapon {a.weapon!r}", unit=uid, field=f"{w}.weapon")
        s, st = by_id[a.weapon]
        if not st["active"] or st["destroyed"]:
            raise RuleError("CI-7.1.1.a", f"{a.weapon} is not active", unit=uid, field=f"{w}.weapon")
        if st["arming"] > 0:
            raise RuleError("CI-7.1.3.b", f"{a.weapon} is not armed ({st['arming']} arming turns left)", unit=uid,
                            field=f"{w}.weapon")
        shots[a.weapon] = shots.get(a.weapon, 0) + 1
        x, _ = weapon_rof(s)
        if st["shots"] + shots[a.weapon] > x:
            raise RuleError("CI-7.1.3.a", f"{a.weapon} fires at most {x} shots a turn", unit=uid, field=f"{w}.weapon")
        target = unit_by_id(pos, a.target)
        if target is None or not alive(target) or target["id"] == uid:
            raise RuleError("CI-7.2", f"no target {a.target!r}", unit=uid, field=f"{w}.target")
        if uid in barnstormed and forward(s["weapon"]["arc"]) and a.target != barnstormed[uid] \
                and barnstormed.get(a.target) != barnstormed[uid]:
            raise RuleError("CI-5.5.3.a", f"a barnstormer's forward weapons fire only at {barnstormed[uid]}",
                            unit=uid, field=f"{w}.target")
        if not arc_eligible(pos, unit, s["weapon"]["arc"], target):
            raise RuleError("CI-7.1.4.a", f"{a.target} is outside {a.weapon}'s arc ({s['weapon']['arc']})", unit=uid,
                            field=f"{w}.target")
        if not los_clear(pos, unit, target):
            raise RuleError("CI-7.1.5.c", f"the line of sight to {a.target} is blocked", unit=uid, field=f"{w}.target")
        if a.section is not None and a.section not in design(pos, target)["sections"]:
            raise RuleError("CI-7.4.1", f"{a.target} has no section {a.section!r}", unit=uid, field=f"{w}.section")
    for wid, _ in order.df:
        if any(a.weapon == wid for a in order.attacks):
            raise RuleError("CI-7.2.6", f"{wid} is set to defensive fire: it cannot also fire offensively", unit=uid,
                            field=f"order.df.{wid}")
        if wid not in by_id:
            raise RuleError("CI-7.2", f"{uid} has no weapon {wid!r}", unit=uid, field=f"order.df.{wid}")
        if not by_id[wid][0]["weapon"]["df"]:
            raise RuleError("CI-7.2", f"{wid} has no defensive fire rating", unit=uid, field=f"order.df.{wid}")


# --- silhouettes and sections -------------------------------------------------------------


def arming_after_fire(pos: Pos, s: dict[str, Any]) -> int:
    """Y arming turns after a shot; a 1+3 weapon one fewer with ``arming_1_3 = turn4`` (the
    book's printed example, GAP-30)."""
    y = weapon_rof(s)[1]
    return y - 1 if y == 3 and pos["options"]["arming_1_3"] == "turn4" else y


def forward(arc: str) -> bool:
    """A forward weapon: its arc points along the nose (1, or the vertices either side)."""
    return arc.split(" ")[0] in ("1", "6/1", "1/2") and not arc.endswith("turret")


def relative_bearing(target: Unit, attacker: Unit) -> float:
    """Bearing of the attacker from the target's nose, clockwise, 0–360 (mirrored when flipped)."""
    theta = (bearing(sub(_hex(attacker), _hex(target))) - 60.0 * (target["facing"] - 1)) % 360
    return (360.0 - theta) % 360 if flipped(target["attitude"]) else theta


def silhouette(pos: Pos, attacker: Unit, target: Unit, choice_: str | None) -> str:
    """``fa`` or ``ps`` (B.10, GAP-37): cones of 30° (P/S larger) or 60° (F/A larger) about
    nose and tail; on the boundary the attacker's choice else the larger; rolled 90° F/A,
    tumbled 90° P/S; same hex the attacker's choice else the larger."""
    sil = design(pos, target)["silhouette"]
    larger = "fa" if sil["fa"] > sil["ps"] else "ps"
    dz = abs(attacker["z"] - target["z"])
    if pos["options"]["three_d"] and dz:
        planar = distance(_hex(attacker), _hex(target))
        if dz == planar:  # not covered by the book: the attacker's choice else the larger (GAP-45)
            return choice_ or larger
        if dz > planar:  # CI-7.3.3 table, Z distance greater
            return "fa" if tumbled(target["attitude"]) else "ps" if rolled(target["attitude"]) else larger
    if rolled(target["attitude"]):
        return "fa"
    if tumbled(target["attitude"]):
        return "ps"
    if _hex(attacker) == _hex(target):
        return choice_ or larger
    theta = relative_bearing(target, attacker)
    folded = min(theta, 360 - theta)
    cone = 60.0 if sil["fa"] > sil["ps"] else 30.0
    if folded in (cone, 180 - cone):
        return choice_ or larger
    return "fa" if folded < cone or folded > 180 - cone else "ps"


def section_candidates(pos: Pos, attacker: Unit, target: Unit, sil: str) -> list[str]:
    """The outer section(s) the attack strikes (B.11): several on a seam."""
    names = list(design(pos, target)["sections"])
    outer = [n for n in names if n != "core"]
    if len(outer) <= 1:
        return outer or names
    if pos["options"]["section_cubes"]:
        cube = _cube_sections(attacker, target, outer)
        if cube is not None:
            return cube
    theta = relative_bearing(target, attacker) if _hex(attacker) != _hex(target) else 0.0
    folded = min(theta, 360 - theta)

    def fore_aft() -> list[str]:
        return ["forward"] if folded < 90 else ["aft"] if folded > 90 else ["forward", "aft"]

    if len(outer) == 2 or rolled(target["attitude"]):
        return fore_aft()
    if len(outer) == 4:
        if sil == "fa":
            return fore_aft()
        return ["starboard"] if 0 < theta < 180 else ["port"] if theta > 180 else ["starboard", "port"]
    k = theta / 60.0
    base = math.floor(k)
    ks = [base % 6, (base + 1) % 6] if abs(k - base - 0.5) < 1e-9 else [round(k) % 6]
    return [SEVEN[i] for i in ks if SEVEN[i] in outer]


TUMBLE_BELOW = {"tumbled_forward": "forward", "tumbled_aft": "aft"}
"""The section a tumbled ship shows to an attacker below it (CI-7.4.1.B); above: the other."""
ROLL_ABOVE = {"rolled_port": "starboard", "rolled_starboard": "port"}
"""The side a rolled ship turns up (rolled to port: the port side goes down, B.6)."""


def _cube_sections(attacker: Unit, target: Unit, outer: list[str]) -> list[str] | None:
    """Advanced section selection, the section-selection cubes as the text describes them
    (CI-7.4.1.B), or None where the 2-D selection stands. A tumbled 3-section ship: the
    attacker chooses on its layer, below hits the section whose end points down, above the
    other; a rolled 5-section ship: port or starboard (the side turned toward the attacker) from
    above or below (GAP-40: "port or aft" read as port or starboard); a tumbled 5- or 7-section
    ship from above or below: the 3-section rule when the vertical distance exceeds the
    horizontal (GAP-40, house: the text ends here)."""
    dz = attacker["z"] - target["z"]
    att = target["attitude"]
    ends = ["forward", "aft"]
    if att in TUMBLE_BELOW and set(ends) <= set(outer) and \
            (len(outer) == 2 or dz and abs(dz) > distance(_hex(attacker), _hex(target))):
        if not dz:
            return ends
        below = TUMBLE_BELOW[att]
        return [below] if dz < 0 else [e for e in ends if e != below]
    if len(outer) == 4 and att in ROLL_ABOVE and dz:
        up = ROLL_ABOVE[att]
        return [up] if dz > 0 else [{"port": "starboard", "starboard": "port"}[up]]
    return None


def pick_section(pos: Pos, target: Unit, candidates: list[str], wanted: str | None, total: int) -> str:
    """Seam → the attack's ``section`` else the first candidate in SDS order; a total ≥ 18 or a
    destroyed section → core (H-05)."""
    names = list(design(pos, target)["sections"])
    if wanted in candidates:
        section = wanted
    else:
        section = min(candidates, key=names.index)
    has_core = "core" in names
    if has_core and (total >= pos["options"]["core_hit_total"] or target["sections"][section]["destroyed"]):
        return "core"
    return section


# --- resolving attacks --------------------------------------------------------------------


def phase_of(pos: Pos, attacker: Unit, target: Unit) -> int:
    """0 stationary, 1 starship, 2 small vs small, 3 small vs others (CI-2.3)."""
    if stationary(pos, attacker):
        return 0
    if not small(pos, attacker):
        return 1
    return 2 if small(pos, target) else 3


def declared_attack(pos: Pos, ref: str) -> dict[str, Any] | None:
    """The attack ``ATTACKER:WEAPON:k`` (the k-th shot of that weapon, from 1) declared this turn."""
    attacker, weapon, k = ref.split(":")
    if not k.isdigit() or int(k) < 1:
        return None
    unit = unit_by_id(pos, attacker)
    if unit is None:
        return None
    declared = pos["plots"].get("fire", {}).get(unit["side"], {}).get(attacker, {}).get("attacks", [])
    shots = [a for a in declared if a["weapon"] == weapon]
    return shots[int(k) - 1] if int(k) <= len(shots) else None


def defense_totals(pos: Pos, allocations: dict[str, dict[str, dict[str, str]]]) -> dict[str, int]:
    """``ATTACKER:WEAPON:k`` → the DF rating allocated against it (H-06, house)."""
    out: dict[str, int] = {}
    for given in allocations.values():
        for uid, alloc in given.items():
            unit = unit_by_id(pos, uid)
            if unit is None or not alive(unit):
                continue
            ratings = {s["id"]: s["weapon"]["df"] for s, st in systems(pos, unit, "weapon") if not st["destroyed"]}
            for weapon, ref in alloc.items():
                out[ref] = out.get(ref, 0) + ratings.get(weapon, 0)
    return out


def drm(pos: Pos, attacker: Unit, target: Unit, s: dict[str, Any], sil: str) -> tuple[dict[str, int], int, bool]:
    """The modifier parts of one attack (CI-7.3.1, H-01, H-02), the range, and lock-on."""
    opts = pos["options"]
    rng = range_between(pos, attacker, target)
    visual = visual_targeting(pos, attacker)
    locked = visual or lock_on(pos, attacker, target)
    n = s["weapon"]["rng"]
    penalty = -(rng // n) if n else 0
    if not locked:
        penalty *= 2
    amplify = (attacker["ew"]["amplify"] if in_shroud(pos, attacker, target) else 0) + \
        strongest(pos, attacker["side"], attacker, "amplify", target)
    ecm = 0 if visual else -(target["ew"]["ecm"] + strongest(pos, target["side"], target, "ecm"))
    evasive = -attacker.get("evasive", 0)
    if target.get("evasive") and rng <= opts["evasive_range"]:
        evasive -= target["evasive"] * opts["evasive_incoming"]
    parts = {"silhouette": design(pos, target)["silhouette"][sil], "amplify": amplify, "ecm": ecm,
             "accuracy": s["weapon"]["acc"], "range": penalty, "evasive": evasive,
             "arc": arc_drm(pos, attacker, s["weapon"]["arc"], target),
             "signature": target["signature"] if opts["ship_signatures"] else 0, "defensive_fire": 0,
             "called_shot": 0}
    return parts, rng, locked


def damage_amount(roll: int, marginal: bool, traits: list[str]) -> int:
    """H-03: the weapon's dice; ⌈½⌉ on a marginal hit; half-structure ⌈½⌉ / ⌈¼⌉, double-structure
    ×2 / ×1 (TV-33)."""
    if "half_structure" in traits:
        return math.ceil(roll / (4 if marginal else 2))
    if "double_structure" in traits:
        return roll if marginal else 2 * roll
    return math.ceil(roll / 2) if marginal else roll


@dataclass(slots=True)
class Hit:
    attacker: str
    weapon: str
    target: str
    section: str
    amount: int
    armor: int
    place: str | None
    """The system drawn (H-04), ``"hull"``, a vessel index for groups, or None when armor stopped it."""


def resolve_attack(pos: Pos, dice: Dice, attacker: Unit, s: dict[str, Any], a: Attack,
                   df: int = 0) -> tuple[list[Event], Hit | None]:
    """One attack: to-hit 3d6 + DRM ≥ 11, marginal 11–12; on a hit the damage roll and where it
    lands; the damage itself is applied at the phase's end."""
    events: list[Event] = []
    target = unit_by_id(pos, a.target)
    assert target is not None
    sil = silhouette(pos, attacker, target, a.silhouette)
    parts, rng, locked = drm(pos, attacker, target, s, sil)
    parts["defensive_fire"] = -df
    barnstormed = pos["plots"].get("barnstormed", {})
    if target["id"] in barnstormed and barnstormed.get(attacker["id"]) != barnstormed[target["id"]]:
        parts["called_shot"] = -6  # fire at a barnstormer (CI-5.5.3.b)
    roll, _ = dice.roll(3, 6, "to_hit", attacker["id"])
    total = roll + sum(parts.values())
    hit = total >= 11
    marginal = hit and total <= 12
    if barnstormed.get(attacker["id"]) == target["id"] and forward(s["weapon"]["arc"]):
        hit, marginal = True, False  # forward weapons of a barnstormer hit it automatically (CI-5.5.3.d)
    candidates = section_candidates(pos, attacker, target, sil) if not small(pos, target) else \
        list(design(pos, target)["sections"])
    section = pick_section(pos, target, candidates, a.section, total)
    events += dice.events
    dice.events = []
    events.append({"type": "attack", "attacker": attacker["id"], "weapon": s["id"], "target": target["id"],
                   "range": rng, "lock_on": locked, "silhouette": sil,
                   "silhouette_value": parts["silhouette"], "section": section, "drm": sum(parts.values()),
                   "parts": parts, "roll": roll, "total": total, "hit": hit, "marginal": marginal,
                   "house": "ci-house-v1" if s["weapon"]["rng"] else None})
    if not hit or not s["weapon"]["dmg"]:
        return events, None
    n, sides = (int(x) for x in s["weapon"]["dmg"].split("d"))
    dmg_roll, _ = dice.roll(n, sides, "damage", attacker["id"])
    amount = damage_amount(dmg_roll, marginal, s["weapon"]["traits"])
    armor = design(pos, target)["sections"][section]["armor"]
    place: str | None = None
    if amount > armor:
        if small(pos, target):
            living = [i for i, lost in enumerate(target["fighters"])]
            if len(living) > 1:
                face, _ = dice.roll(1, len(living), "hit_fighter", attacker["id"])
                place = str(living[face - 1])
            else:
                place = "0"
        else:
            options = [x["id"] for x, st in systems(pos, target) if x["section"] == section and not st["destroyed"]
                       and "system_battery" not in x] + ["hull"]
            if len(options) > 1:
                face, _ = dice.roll(1, len(options), "hit_system", attacker["id"])
                place = options[face - 1]
            else:
                place = "hull"
    events += dice.events
    dice.events = []
    return events, Hit(attacker["id"], s["id"], target["id"], section, amount, armor, place)


def apply_hit(pos: Pos, hit: Hit) -> list[Event]:
    """H-04 / H-07: damage less the section's armor to the drawn system up to its structure,
    the rest to the section's hull; hull lost ≥ hull destroys the section (a 1-section unit or
    the core: the unit); a vessel of a group is destroyed at its structure."""
    target = unit_by_id(pos, hit.target)
    assert target is not None
    rest = max(0, hit.amount - hit.armor)
    hits: list[dict[str, Any]] = []
    events: list[Event] = []
    d = design(pos, target)
    if rest and small(pos, target) and hit.place is not None:
        i = int(hit.place)
        if i < len(target["fighters"]):
            target["fighters"][i] += rest
            hits.append({"vessel": i, "points": rest})
            if target["fighters"][i] >= d["structure"]:
                target["fighters"].pop(i)
                target["count"] -= 1
                events.append({"type": "destroyed", "unit": target["id"], "vessel": i})
                if target["count"] == 0:
                    target["status"].append("destroyed")
                    events.append({"type": "destroyed", "unit": target["id"]})
    elif rest and hit.place is not None:
        if hit.place != "hull":
            s = next(x for x in d["systems"] if x["id"] == hit.place)
            st = target["systems"][hit.place]
            take = 0 if st["destroyed"] else min(rest, s["structure"] - st["lost"])
            if take:
                st["lost"] += take
                hits.append({"system": hit.place, "points": take})
                rest -= take
            for b, bst in systems(pos, target, "system_battery"):
                if b["system_battery"]["attached_to"] == hit.place and not bst["destroyed"]:
                    bst["destroyed"], bst["stored"] = True, 0
            if st["lost"] >= s["structure"] and not st["destroyed"]:
                destroy_system(pos, target, s, st)
                events.append({"type": "destroyed", "unit": target["id"], "system": hit.place})
        if rest:
            sec = target["sections"][hit.section]
            sec["hull_lost"] += rest
            hits.append({"system": "hull", "points": rest})
            if sec["hull_lost"] >= d["sections"][hit.section]["hull"] and not sec["destroyed"]:
                sec["destroyed"] = True
                events.append({"type": "destroyed", "unit": target["id"], "section": hit.section})
                for s, st in systems(pos, target):
                    if s["section"] == hit.section and not st["destroyed"]:
                        destroy_system(pos, target, s, st)
                if len(d["sections"]) == 1 or hit.section == "core":
                    target["status"].append("destroyed")
                    events.append({"type": "destroyed", "unit": target["id"]})
    damage: Event = {"type": "damage", "attacker": hit.attacker, "weapon": hit.weapon, "target": hit.target,
                     "section": hit.section, "amount": hit.amount, "armor": hit.armor, "hits": hits,
                     "house": "ci-house-v1"}
    return [damage] + events


def resolve(pos: Pos, dice: Dice, orders: dict[str, dict[str, FireOrder]],
            defense: dict[str, int] | None = None) -> tuple[list[Event], set[tuple[str, str]]]:
    """Every attack, phase by phase (stationary, starships, small vs small, small vs others);
    in each, seats in order, units in ``units`` order, attacks in list order; damage at the
    phase's end (CI-2.3, CI-7.3)."""
    events: list[Event] = []
    fired: set[tuple[str, str]] = set()
    for phase in range(4):
        hits: list[Hit] = []
        for seat in pos["seats"]:
            for u in pos["units"]:
                order = orders.get(seat, {}).get(u["id"])
                if order is None or u["side"] != seat:
                    continue
                weapons = {s["id"]: s for s, _ in systems(pos, u, "weapon")}
                shot: dict[str, int] = {}
                for a in order.attacks:
                    shot[a.weapon] = shot.get(a.weapon, 0) + 1
                    ref = f"{u['id']}:{a.weapon}:{shot[a.weapon]}"
                    target = unit_by_id(pos, a.target)
                    if target is None or phase_of(pos, u, target) != phase:
                        continue
                    if not alive(u) or not alive(target):
                        events.append({"type": "attack_void", "attacker": u["id"], "weapon": a.weapon,
                                       "target": a.target, "reason": "destroyed" if not alive(u) else "target_gone"})
                        continue
                    s = weapons[a.weapon]
                    more, hit = resolve_attack(pos, dice, u, s, a, (defense or {}).get(ref, 0))
                    events += more
                    st = u["systems"][a.weapon]
                    st["shots"] += 1
                    st["arming"] = arming_after_fire(pos, s)
                    st["cooldown"] = s["weapon"]["cooldown"]
                    fired.add((u["id"], a.weapon))
                    if hit is not None:
                        hits.append(hit)
        for hit in hits:
            events += apply_hit(pos, hit)
    return events, fired
