"""Damage and its consequences: shields, reinforcements, hull, criticals, destruction, explosions
(TAL-8.4..8.6, TAL-P-5, TAL-D-11, TAL-12.1.2.b, TAL-13.6).

Each damage instance (one shot, one collision, one explosion's hit on one unit) is resolved
completely, criticals and explosions included, before the next (TAL-AMB-37). Its ``damaged``
event is written where it began, with what each layer absorbed once it has finished.
"""

from __future__ import annotations

from typing import Any

from ...hexgrid import Hex, neighbors
from .data import ARCS, criticals
from .geometry import arc as arc_of
from .world import Interrupt, World

Unit = dict[str, Any]


def in_nebula(w: World, unit: Unit) -> bool:
    return "nebula" in w.terrain_at(tuple(unit["hex"]))


def arc_down(w: World, ship: Unit, arc: str) -> bool:
    """An arc is down when it has no boxes, under Shields Down, or in a Nebula (TAL-P-5)."""
    return ship["shields"][arc] == 0 or "shields_down" in ship["criticals"] or in_nebula(w, ship)


def random_arc(w: World, unit: str) -> str:
    """TAL-G-11: a die per arc (F, L, R, Rear), the highest takes it; ties re-rolled in order."""
    tied = list(ARCS)
    while len(tied) > 1:
        faces = w.roll("shield_arc", unit, len(tied))
        best = max(faces)
        tied = [a for a, f in zip(tied, faces, strict=True) if f == best]
    return tied[0]


def hit(w: World, unit: Unit, arc: str | None, amount: int, source: str, *, fighter: int | None = None,
        context: str = "") -> None:
    """Apply one damage instance to any unit (ship, squadron or missile)."""
    if amount <= 0 or w.unit(unit["id"]) is None:
        return
    kind = w.kind(unit)
    if kind == "missile":
        _missile(w, unit, amount, source)
    elif kind == "squadron":
        if fighter is None:
            fighter = pick_fighter(w, unit, unit["side"], f"{context or source}: {amount} damage")
        _fighter(w, unit, amount, source, fighter)
    else:
        ship_damage(w, unit, arc, amount, source)


def pick_fighter(w: World, squadron: Unit, decider: str, context: str) -> int:
    """The fighter a missile, explosion or collision hits (TAL-AMB-19): the squadron owner's
    pick for explosions and collisions, the missile owner's for a missile; by default the
    lowest-numbered surviving one."""
    wanted = (w.choices.get("fighter") or {}).get(squadron["id"])
    alive = tuple(i + 1 for i, f in enumerate(squadron["fighters"]) if f["hull_marked"] < w.cls(squadron).fighter_hull)
    pick: int = w.decide(Interrupt("fighter", "TAL-AMB-19", decider, squadron["id"], alive, context), wanted)
    return pick


def _missile(w: World, missile: Unit, amount: int, source: str) -> None:
    """TAL-13.6: 3 or more from one source destroys; less flips it to Damaged; a Damaged
    missile taking any damage is destroyed."""
    gone = amount >= 3 or missile["damaged"]
    w.emit({"type": "damaged", "unit": missile["id"], "source": source, "arc": None, "amount": amount,
            "reinforcement": 0, "shield": 0, "hull": 0, "result": "destroyed" if gone else "damaged"})
    if gone:
        w.pos["missiles"] = [m for m in w.pos["missiles"] if m["id"] != missile["id"]]
    else:
        missile["damaged"] = True


def _fighter(w: World, squadron: Unit, amount: int, source: str, number: int) -> None:
    """TAL-12.1.2.b: straight to one fighter's hull; any excess is lost (TAL-AMB-19.d)."""
    boxes = w.cls(squadron).fighter_hull
    f = squadron["fighters"][number - 1]
    took = min(amount, boxes - f["hull_marked"])
    f["hull_marked"] += took
    w.emit({"type": "damaged", "unit": squadron["id"], "fighter": number, "source": source, "arc": None,
            "amount": amount, "reinforcement": 0, "shield": 0, "hull": took})
    if f["hull_marked"] >= boxes:
        w.emit({"type": "destroyed", "unit": squadron["id"], "fighter": number, "cause": "hull"})
        if all(x["hull_marked"] >= boxes for x in squadron["fighters"]):
            remove(w, squadron, "destroyed")


def ship_damage(w: World, ship: Unit, arc: str | None, amount: int, source: str) -> None:
    """TAL-P-5 for a ship: reinforcement, shield boxes, then hull boxes left to right, each
    critical box rolled the moment it is marked; ``arc`` None goes straight to the hull."""
    slot = len(w.events)
    w.emit({})
    took = {"reinforcement": 0, "shield": 0, "hull": 0}
    first = w.opts["reinforcement_absorbs_first"]
    for _ in range(amount):
        if w.unit(ship["id"]) is None:
            break
        if arc is not None:
            reinforced = arc in ship["reinforcements"] and "shields_down" not in ship["criticals"] \
                and not in_nebula(w, ship)  # TAL-AMB-13.c, TAL-17.4.1: no reinforcement works then
            up = not arc_down(w, ship, arc)
            if reinforced and (first or not up):
                del ship["reinforcements"][arc]
                took["reinforcement"] += 1
                w.emit({"type": "reinforcement_removed", "ship": ship["id"], "arc": arc, "reason": "absorbed"})
                continue
            if up:
                ship["shields"][arc] -= 1
                took["shield"] += 1
                continue
        took["hull"] += 1
        mark_hull(w, ship)
    w.events[slot] = {"type": "damaged", "unit": ship["id"], "source": source, "arc": arc, "amount": amount, **took}


def mark_hull(w: World, ship: Unit) -> None:
    """Mark the next hull box (TAL-8.4.2): a critical box rolls on TAL-D-11 at once
    (TAL-8.4.3); the last box destroys the ship (TAL-8.6.1)."""
    cls = w.cls(ship)
    ship["hull_marked"] += 1
    box = ship["hull_marked"]
    if box >= len(cls.hull):
        destroy(w, ship, "hull")
        return
    if box in cls.critical:
        critical(w, ship, box)


def critical(w: World, ship: Unit, box: int) -> None:
    """Roll 2d6 on the Critical Damage Table and apply the result at once (TAL-8.5)."""
    faces = w.roll("critical", ship["id"], 2)
    total = sum(faces)
    result = criticals()[total]
    cls = w.cls(ship)
    event: dict[str, Any] = {"type": "critical", "ship": ship["id"], "box": box, "roll": total, "result": result,
                             "applied": True}
    crit = ship["criticals"]
    follow: str | None = None
    if result in ("shields_down", "helm_down", "power_loss"):
        if result in crit or (result == "helm_down" and cls.is_base):  # TAL-8.5.b/c, TAL-AMB-8
            event["applied"] = False
        else:
            crit[result] = w.now()
            follow = result
    elif result in ("thrusters_damaged", "power_relay"):
        key = "thrusters" if result == "thrusters_damaged" else "power_relay"
        if key in crit or (key == "thrusters" and cls.is_base):
            event["applied"] = False
        else:
            crit[key] = True
            if key == "thrusters" and w.opts["turn_plus_one_immediate"] and ship["curve"][2] is not None:
                ship["curve"][2] += 1
    elif result == "weapon_group_destroyed":
        if cls.groups:
            face = w.roll("weapon_group", ship["id"])[0]
            number = (face - 1) * len(cls.groups) // 6 + 1
            event["group"] = number
            g = ship["groups"][number - 1]
            if g["destroyed"]:
                event["applied"] = False
            else:
                g.update(red=0, yellow=0, destroyed=True)  # TAL-AMB-42: its charge is lost
        else:
            event["applied"] = False
    elif result == "none":
        event["applied"] = False
    elif result == "hull_ftl_offline":
        crit["ftl_offline"] = True
    w.emit(event)
    if follow == "shields_down":
        for a in list(ship["reinforcements"]):
            del ship["reinforcements"][a]
            w.emit({"type": "reinforcement_removed", "ship": ship["id"], "arc": a, "reason": "shields_down"})
    elif result == "secondary_explosion":
        ship_damage(w, ship, None, 3, "critical")
    elif result == "hull_ftl_offline":
        ship_damage(w, ship, None, 1, "critical")
    elif result == "core_breach":
        destroy(w, ship, "core_breach")


def remove(w: World, unit: Unit, status: str, host: str | None = None) -> None:
    """Take a ship or squadron out of play (destroyed, retreated, docked): missiles that
    targeted it fly straight on with no target (TAL-13.3)."""
    group = "squadrons" if w.kind(unit) == "squadron" else "ships"
    w.pos[group] = [u for u in w.pos[group] if u["id"] != unit["id"]]
    entry = {"id": unit["id"], "class": unit["class"], "side": unit["side"], "status": status}
    if host is not None:
        entry["host"] = host
    w.pos["removed"].append(entry)
    for m in w.pos["missiles"]:
        if m["target"] == unit["id"]:
            m["target"] = None


def destroy(w: World, ship: Unit, cause: str) -> None:
    """A ship is destroyed and removed at once (TAL-8.6.1), fighters docked in it with it
    (TAL-16.3), and it explodes (TAL-8.6.2) unless it is a fighter."""
    if w.unit(ship["id"]) is None:
        return
    where: Hex = tuple(ship["hex"])
    w.emit({"type": "destroyed", "unit": ship["id"], "cause": cause})
    remove(w, ship, "destroyed")
    for r in w.pos["removed"]:
        if r.get("host") == ship["id"] and r["status"] == "docked":
            r["status"] = "destroyed"
            w.emit({"type": "destroyed", "unit": r["id"], "cause": "carrier"})
    explode(w, ship, where)


def explode(w: World, ship: Unit, where: Hex) -> None:
    """TAL-8.6.2: ER + 1 on a random arc to every ship in the hex, ER on the facing arc to every
    ship adjacent; one fighter per squadron and one missile per hex (TAL-8.6.4/5). The phasing
    player's units take it first, each side in its ``order`` choice (TAL-8.6.3), then missiles."""
    rating = w.cls(ship).explosion
    if rating <= 0:
        return
    w.emit({"type": "exploded", "ship": ship["id"], "hex": list(where), "rating": rating})
    area = (where, *neighbors(where))
    victims = [u for h in area for u in w.units_at(h, groups=("ships", "squadrons"))]
    wanted = list(w.choices.get("order", []))
    victims.sort(key=lambda u: (u["side"] != w.pos["player"],  # the phasing player's first (TAL-8.6.3)
                                wanted.index(u["id"]) if u["id"] in wanted else len(wanted)))
    context = f"{ship['id']} explodes at {list(where)} (rating {rating})"
    for unit in w.ordered(victims, "TAL-8.6.3", context):
        h: Hex = tuple(unit["hex"])
        amount = rating + 1 if h == where else rating
        if w.kind(unit) == "ship":
            arc = random_arc(w, unit["id"]) if h == where else arc_of(h, unit["facing"], where, w.opts["arc_model"])
            hit(w, unit, arc, amount, "explosion")
        else:
            hit(w, unit, None, amount, "explosion", context=context)
    for h in area:
        amount = rating + 1 if h == where else rating
        missiles = sorted((m for m in w.pos["missiles"] if tuple(m["hex"]) == h), key=lambda m: int(m["id"][1:]))
        if missiles:
            hit(w, _missile_hit(w, missiles, context), None, amount, "explosion")


def _missile_hit(w: World, missiles: list[Unit], context: str) -> Unit:
    """The one missile of a hex an explosion damages (TAL-8.6.5): the ``missile_hit`` choice,
    else the lowest number. The rules name no decider: the missiles' owner when they are all
    one side's, else the phasing player (who resolves first, TAL-8.6.3)."""
    chosen = w.choices.get("missile_hit") or []
    given = next((m["id"] for m in missiles if m["id"] in chosen), None)
    sides = {m["side"] for m in missiles}
    decider = sides.pop() if len(sides) == 1 else w.pos["player"]
    ids = tuple(m["id"] for m in missiles)
    pick = w.decide(Interrupt("missile_hit", "TAL-8.6.5", decider, None, ids, context), given)
    return missiles[ids.index(pick)]
