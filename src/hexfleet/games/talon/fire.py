"""Firing: target selection, the firing procedure, each weapon's table, missile launches, the
Wave Motion Gun and the Fusion Cannon (TAL-8.1..8.3, TAL-13.2, TAL-15, TAL-17.5, TAL-18.1).

Every shot of a group is checked before the bar is erased, so a refused order changes nothing;
then each shot is resolved completely before the next (format, "Shots").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import RuleError
from ...hexgrid import Hex, distance
from .damage import hit
from .data import Group, weapons
from .geometry import arc, away, blocked, cone, step, terrain_count
from .movement import detonate, enter
from .world import World

Unit = dict[str, Any]


def group_of(w: World, ship: Unit, number: int) -> tuple[Group, dict[str, Any]]:
    """A ship's printed group ``number`` and its bar; for a squadron, ``number`` names the
    fighter, whose own group it is (TAL-12.1, TAL-AMB-19.f)."""
    cls = w.cls(ship)
    if w.kind(ship) == "squadron":
        if not 1 <= number <= 3 or ship["fighters"][number - 1]["hull_marked"] >= cls.fighter_hull:
            raise RuleError("TAL-12.1.3", f"{ship['id']} has no surviving fighter {number}", unit=ship["id"],
                            field="group")
        return cls.groups[0], ship["fighters"][number - 1]
    if not 1 <= number <= len(cls.groups):
        raise RuleError("TAL-5.1.f", f"{ship['id']} has weapon groups 1–{len(cls.groups)}, not {number}",
                        unit=ship["id"], field="group")
    return cls.groups[number - 1], ship["groups"][number - 1]


def charged(printed: Group, bar: Mapping[str, Any]) -> bool:
    return not bar.get("destroyed") and bar["red"] == printed.red and bar["yellow"] == printed.yellow


def blockers(w: World) -> set[Hex]:
    kinds = ["planet", "black_hole"] + (["worm_hole"] if w.opts["worm_hole_blocks_fire"] else [])
    return w.terrain_hexes(*kinds)


def line_blocked(w: World, a: Hex, b: Hex) -> bool:
    return blocked(a, b, blockers(w), two_flanks=w.opts["two_flank_spine_blocks"])


def modifier(w: World, a: Hex, b: Hex) -> int:
    """TAL-17.5 and TAL-18.1.c: −1 per Asteroid/Nebula hex on the line, −1 per Black Hole the
    target is closer to than the firer."""
    holes = w.terrain_hexes("black_hole")
    return -(terrain_count(a, b, w.terrain_hexes("asteroid", "nebula"))
             + sum(1 for h in holes if distance(b, h) < distance(a, h)))


def eligible(w: World, ship: Unit, printed: Group, target: Unit, *, launch: bool = False) -> str | None:
    """Why ``target`` is not a legal target of this group now (``None``: it is) — TAL-8.2."""
    here, there = tuple(ship["hex"]), tuple(target["hex"])
    if target["side"] == ship["side"]:
        return "TAL-8.2.2"
    if here == there:
        return "TAL-8.2.2"
    if arc(here, ship["facing"], there, w.opts["arc_model"]) not in printed.arcs:
        return "TAL-5.3.1"
    rng = distance(here, there)
    if launch:
        low, high = w.opts["missile_launch_range"]
    else:
        low, high = w.weapon_min(printed.weapon), weapons()[printed.weapon].max_range()
    if not low <= rng <= high:
        return "TAL-8.3"
    if line_blocked(w, here, there):
        return "TAL-17.2.2"
    return None


def targets(w: World, ship: Unit, printed: Group) -> list[Unit]:
    """Every unit this group could shoot now (missiles only for direct-fire weapons)."""
    launch = printed.weapon == "missile"
    pool = w.pos["ships"] + w.pos["squadrons"] + ([] if launch or printed.weapon == "fusion_cannon"
                                                  else w.pos["missiles"])
    return [t for t in pool if eligible(w, ship, printed, t, launch=launch) is None]


def check_fire(w: World, ship: Unit, number: int, shots: list[dict[str, Any]]) -> None:
    uid = ship["id"]
    printed, bar = group_of(w, ship, number)
    if bar.get("destroyed"):
        raise RuleError("TAL-AMB-42", f"weapon group {number} is destroyed", unit=uid, field="group")
    if not charged(printed, bar):
        raise RuleError("TAL-8.1.1", f"weapon group {number} is not fully charged", unit=uid, field="group")
    if len(shots) != printed.count:
        raise RuleError("TAL-5.1.f", f"group {number} has {printed.count} weapon(s): one shot each", unit=uid,
                        field="shots")
    for i, shot in enumerate(shots):
        where = f"shots[{i}]"
        if shot["target"] is None:
            continue  # only when nothing is eligible, checked above (TAL-AMB-16)
        target = w.unit(shot["target"])
        if target is None:
            raise RuleError("TAL-8.2.1", f"no unit {shot['target']!r} in play", unit=uid, field=f"{where}.target")
        if target["side"] == ship["side"]:
            raise RuleError("TAL-8.2.2", "you may not fire on your own units", unit=uid, field=f"{where}.target")
        launch = printed.weapon == "missile"
        if launch and w.kind(target) == "missile":
            raise RuleError("TAL-13.2.b", "missiles never target missiles", unit=uid, field=f"{where}.target")
        if printed.weapon == "fusion_cannon" and w.kind(target) == "missile":
            raise RuleError("TAL-AMB-23", "a Fusion Cannon targets an enemy ship or squadron", unit=uid,
                            field=f"{where}.target")
        why = eligible(w, ship, printed, target, launch=launch)
        if why is not None:
            raise RuleError(why, f"{target['id']} is not a legal target of group {number} "
                            f"(arc, range, same hex or blocked line)", unit=uid, field=f"{where}.target")
        if w.kind(target) == "squadron" and not launch and printed.weapon != "fusion_cannon":
            f = shot.get("fighter")
            boxes = w.cls(target).fighter_hull
            if f is None or target["fighters"][f - 1]["hull_marked"] >= boxes:
                raise RuleError("TAL-12.1.3", "name a surviving fighter (1–3) of the squadron", unit=uid,
                                field=f"{where}.fighter")
        if launch:
            _check_launch(w, ship, printed, target, shot, where)
    if any(s["target"] is None for s in shots):
        if printed.weapon == "fusion_cannon":
            raise RuleError("TAL-15.2.2.b", "a Fusion Cannon must target an enemy ship", unit=uid, field="shots")
        if targets(w, ship, printed):
            raise RuleError("TAL-AMB-16", "every weapon of the group fires at an eligible target when one exists",
                            unit=uid, field="shots")
        if all(s["target"] is None for s in shots):
            raise RuleError("TAL-8.3", f"no eligible target in arc and range of group {number}", unit=uid,
                            field="shots")


def _check_launch(w: World, ship: Unit, printed: Group, target: Unit, shot: Mapping[str, Any], where: str) -> None:
    uid = ship["id"]
    if "hex" not in shot or "facing" not in shot:
        raise RuleError("TAL-13.2.a", "a launch names the missile's hex and facing", unit=uid, field=where)
    here: Hex = tuple(ship["hex"])
    place: Hex = tuple(shot["hex"])
    if distance(here, place) != 1 or arc(here, ship["facing"], place, w.opts["arc_model"]) not in printed.arcs:
        raise RuleError("TAL-13.2.a", "the missile goes in an adjacent hex in the group's arc", unit=uid,
                        field=f"{where}.hex")
    there: Hex = tuple(target["hex"])
    if place != there and distance(step(place, shot["facing"]), there) >= distance(place, there):
        raise RuleError("TAL-13.2.a", "the missile faces a hexside toward its target", unit=uid,
                        field=f"{where}.facing")


def fire(w: World, ship: Unit, number: int, shots: list[dict[str, Any]]) -> None:
    """Erase the bar (TAL-8.1.1) and resolve each shot in turn."""
    printed, bar = group_of(w, ship, number)
    bar["red"], bar["yellow"] = 0, 0
    for shot in shots:
        if w.unit(ship["id"]) is None:
            return
        if printed.weapon == "missile":
            _launch(w, ship, number, shot)
        elif printed.weapon == "fusion_cannon":
            _fusion(w, ship, number, printed)
        elif shot["target"] is not None:
            _shoot(w, ship, number, printed, shot)


def _shoot(w: World, ship: Unit, number: int, printed: Group, shot: Mapping[str, Any]) -> None:
    target = w.unit(shot["target"])
    if target is None or (w.kind(target) == "squadron"
                          and target["fighters"][shot["fighter"] - 1]["hull_marked"] >= w.cls(target).fighter_hull):
        return  # destroyed by an earlier shot of the group: this one is lost
    here: Hex = tuple(ship["hex"])
    there: Hex = tuple(target["hex"])
    rng = distance(here, there)
    face = w.roll("to_hit", ship["id"])[0]
    mod = modifier(w, here, there)
    weapon = weapons()[printed.weapon]
    damage = weapon.result(face + mod, rng, w.weapon_min(printed.weapon))
    kind = w.kind(target)
    hit_arc = arc(there, target["facing"], here, w.opts["arc_model"]) if kind == "ship" else None
    event: dict[str, Any] = {"type": "fired", "ship": ship["id"], "group": number, "weapon": printed.weapon,
                             "target": target["id"], "range": rng, "roll": face, "modifier": mod,
                             "modified_roll": face + mod, "hit": damage > 0, "damage": damage, "arc": hit_arc}
    if kind == "squadron":
        event["fighter"] = shot.get("fighter")
    w.emit(event)
    if damage <= 0:
        return
    if printed.weapon == "wmg" and kind != "missile":
        _displace(w, ship, target, shot)
        if w.unit(target["id"]) is None:
            return
    hit(w, target, hit_arc, damage, "wmg" if printed.weapon == "wmg" else "fire", fighter=shot.get("fighter"))


def _displace(w: World, ship: Unit, target: Unit, shot: Mapping[str, Any]) -> None:
    """TAL-15.1.2: one hex further along the line, facing and Turn Radius count kept; the
    firer picks on a spine (``displace``, default the lower direction). Entry effects first
    (TAL-15.1.3)."""
    here: Hex = tuple(ship["hex"])
    prev: Hex = tuple(target["hex"])
    options = away(here, prev)
    wanted = tuple(shot["displace"]) if "displace" in shot else None
    new = wanted if wanted in options else options[0]
    target["hex"] = list(new)
    w.emit({"type": "displaced", "unit": target["id"], "from": list(prev), "to": list(new)})
    enter(w, target, prev)


def _launch(w: World, ship: Unit, number: int, shot: Mapping[str, Any]) -> None:
    """TAL-13.2: place a missile; next to its target it may go straight into the target's hex
    and hit at once (TAL-AMB-17.b) on the arc facing the launcher."""
    target = w.unit(shot["target"]) if shot["target"] else None
    if target is None:
        return
    mid = f"M{w.pos['next_missile']}"
    w.pos["next_missile"] += 1
    missile = {"id": mid, "side": ship["side"], "hex": list(shot["hex"]), "facing": shot["facing"],
               "target": target["id"], "damaged": False, "moved": False}
    w.pos["missiles"].append(missile)
    w.emit({"type": "launched", "missile": mid, "ship": ship["id"], "group": number, "target": target["id"],
            "hex": list(shot["hex"]), "facing": shot["facing"]})
    if tuple(shot["hex"]) == tuple(target["hex"]):
        a = None if w.kind(target) == "squadron" else arc(tuple(target["hex"]), target["facing"],
                                                           tuple(ship["hex"]), w.opts["arc_model"])
        detonate(w, missile, target, a)


def _fusion(w: World, ship: Unit, number: int, printed: Group) -> None:
    """TAL-15.2: one roll for the whole cone; every unit in it is hit, friends included, by
    range with its own terrain modifier; fighters are immune (TAL-12.1.2.e: a ``fired`` event
    with no damage). The
    firing player's units resolve first, each side in its ``order`` choice, else position order."""
    here: Hex = tuple(ship["hex"])
    face = w.roll("fusion", ship["id"])[0]
    weapon = weapons()[printed.weapon]
    area = set(cone(here, ship["facing"], printed.arcs, weapon.max_range(), w.opts["arc_model"]))
    victims = [u for u in w.pos["ships"] + w.pos["squadrons"] + w.pos["missiles"]
               if tuple(u["hex"]) in area and not line_blocked(w, here, tuple(u["hex"]))]
    wanted = list(w.choices.get("order", []))
    victims.sort(key=lambda u: (u["side"] != ship["side"], wanted.index(u["id"]) if u["id"] in wanted else len(wanted)))
    for v in w.ordered(victims, "TAL-15.2.2.c", f"{ship['id']} fires its Fusion Cannon (roll {face})"):
        if w.unit(v["id"]) is None:
            continue
        there: Hex = tuple(v["hex"])
        rng = distance(here, there)
        mod = modifier(w, here, there)
        immune = w.kind(v) == "squadron"  # fighters are too small to be hit (TAL-12.1.2.e)
        damage = 0 if immune else weapon.result(face + mod, rng)
        a = arc(there, v["facing"], here, w.opts["arc_model"]) if w.kind(v) == "ship" else None
        w.emit({"type": "fired", "ship": ship["id"], "group": number, "weapon": "fusion_cannon", "target": v["id"],
                "range": rng, "roll": face, "modifier": mod, "modified_roll": face + mod, "hit": damage > 0,
                "damage": damage, "arc": a})
        hit(w, v, a, damage, "fusion_cannon")
