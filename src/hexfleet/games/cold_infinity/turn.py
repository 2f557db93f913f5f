"""The automatic parts of a turn (CI-2, format: Turn sequence): the start of a turn, initiative
and movement order, derelict drift, the Damage Effects and Final Actions steps and the end of
the turn. Each works in place on a copy of the position the caller owns, and returns events;
every die is rolled through :func:`roll` so it is in the events with its purpose.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.ruleset import Event
from ...hexgrid import add
from .dice import Dice
from .model import (
    Pos,
    Unit,
    alive,
    battery_capacity,
    capacitor_capacity,
    capacitor_recharge,
    design,
    drifting,
    heat_gained,
    mass,
    plant_rating,
    plants,
    round_half_up,
    small,
    stationary,
    systems,
)
from .movement import rotate_all
from .notation import read_rate, read_vector, speed

# --- start of turn ------------------------------------------------------------------------


def start_of_turn(pos: Pos) -> None:
    """Plants recharge, collectors feed batteries, weapons cooling down go off, per-turn fields
    reset (CI-3.1.1.c, CI-3.1.2.a, CI-3.1.5, CI-7.1.2.1)."""
    for u in pos["units"]:
        if not alive(u):
            continue
        for s, st in systems(pos, u, "capacitor"):
            if not st["destroyed"]:
                st["stored"] = min(capacitor_capacity(pos, s, st), st["stored"] + capacitor_recharge(pos, s, st))
        for s, st in systems(pos, u, "collector"):
            if st["destroyed"]:
                continue
            points = max(0, s["collector"]["rating"] - 2 * st["lost"])
            for b, bst in systems(pos, u):
                if ("battery" in b or "system_battery" in b) and bst["stored"] < battery_capacity(b, bst):
                    bst["stored"] = min(battery_capacity(b, bst), bst["stored"] + points)
                    break
        for _, st in systems(pos, u, "weapon"):
            if st["active"] and st["cooldown"] > 0:
                st["active"] = False
            st["shots"] = 0
        u["ew"] = {k: 0 for k in u["ew"]}
        u["ess"] = {"shroud": 0, "amplify": {}, "ecm": 0, "jam": [], "negate": []}
        u["extra"] = {"ew": 0, "thrust": 0}
        u["bridge_transfer"] = False
        if small(pos, u):
            u["evasive"] = 0
            u["snap_used"] = False
            u["thrust_left"] = design(pos, u)["thrust"]


# --- initiative ---------------------------------------------------------------------------


def takes_initiative(pos: Pos, u: Unit) -> bool:
    """Ships and groups that move: not stationary, not derelict (CI-2.1.2, GAP-06)."""
    return alive(u) and not stationary(pos, u) and not drifting(u)


def initiative(pos: Pos, dice: Dice) -> list[Event]:
    """Each unit's initiative (CI-2.1.2.c–e), then the movement order, highest first, ties by
    Mass, previous initiative, then 1d6 roll-offs (CI-2.1.2.f, CI-2.2.a)."""
    events: list[Event] = []
    if pos["options"]["simultaneous_movement"]:
        pos["move_order"] = []
        return events
    movers = [u for u in pos["units"] if takes_initiative(pos, u)]
    for u in movers:
        b0 = round_half_up(mass(pos, u))
        base = b0 if u["initiative"] is None else u["initiative"]
        spd = speed(read_vector(u["vector"], "vector")[0])
        penalty = min(10, math.ceil(spd / 2))
        die, _ = dice.roll(1, 6, "initiative", u["id"])
        bridge = 5 if u["bridge_transfer"] else 0
        value = max(b0 - 20, min(b0 + 20, base - penalty + die + bridge))
        u["initiative_prev"], u["initiative"] = u["initiative"], value
        events.extend(dice.events)
        dice.events = []
        events.append({"type": "initiative", "unit": u["id"], "base": base, "speed": spd, "penalty": penalty,
                       "die": die, "bridge": bridge, "value": value})
    order = movement_order(pos, movers, dice)
    events.extend(dice.events)
    dice.events = []
    pos["move_order"] = [u["id"] for u in order]
    events.append({"type": "move_order", "order": pos["move_order"]})
    return events


def movement_order(pos: Pos, movers: list[Unit], dice: Dice) -> list[Unit]:
    """Highest initiative first; ties: higher Mass, then higher previous initiative, then
    1d6 roll-offs in ``units`` order, highest first, re-rolled while tied (GAP-07)."""
    def key(u: Unit) -> tuple[float, float, float]:
        prev = u["initiative_prev"]
        return (u["initiative"], mass(pos, u), -math.inf if prev is None else prev)

    ordered = sorted(movers, key=key, reverse=True)
    out: list[Unit] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
            j += 1
        out.extend(_rolloff(ordered[i:j], dice) if j - i > 1 else ordered[i:j])
        i = j
    return out


def _rolloff(tied: list[Unit], dice: Dice) -> list[Unit]:
    if len(tied) <= 1:
        return tied
    rolls = [(dice.roll(1, 6, "rolloff", u["id"])[0], u) for u in tied]
    out: list[Unit] = []
    for face in sorted({r for r, _ in rolls}, reverse=True):
        out.extend(_rolloff([u for r, u in rolls if r == face], dice))
    return out


# --- drift (CI-5.7) -----------------------------------------------------------------------


def drift(pos: Pos, dice: Dice) -> list[Event]:
    """Derelicts drift: a 1d10 check while no rotation is in progress and none was triggered;
    on 1, 1d6 type (1-2 pivot, 3-4 roll, 5-6 tumble) and 1d6 direction (odd: clockwise, port,
    forward), rate ±1 from this turn (GAP-19). Then they move by their vector."""
    events: list[Event] = []
    for u in pos["units"]:
        if not alive(u) or not drifting(u):
            continue
        check = maneuver = dirn = None
        rotating = any(read_rate(r, "rate") != 0 for r in u["rotation"].values())
        if not rotating and "involuntary" not in u["status"]:
            check, _ = dice.roll(1, 10, "derelict_check", u["id"])
            if check == 1:
                kind, _ = dice.roll(1, 6, "derelict_type", u["id"])
                way, _ = dice.roll(1, 6, "derelict_direction", u["id"])
                maneuver = ("pivot", "roll", "tumble")[(kind - 1) // 2]
                sign = 1 if way % 2 else -1
                if maneuver == "roll":  # odd = to port: roll −1
                    sign = -sign
                dirn = sign
                u["rotation"][maneuver] = sign
                u["status"] = [s for s in ("derelict", "disabled", "involuntary", "destroyed")
                               if s in u["status"] or s == "involuntary"]
        events.extend(dice.events)
        dice.events = []
        rotate_all(u)
        v, vz = read_vector(u["vector"], "vector")
        before = list(u["hex"])
        u["hex"] = list(add((u["hex"][0], u["hex"][1]), v))
        u["z"] += vz
        events.append({"type": "drift", "unit": u["id"], "check": check, "maneuver": maneuver, "direction": dirn,
                       "from": before, "to": u["hex"]})
    return events


# --- Damage Effects, Final Actions, end of turn ---------------------------------------------


def damage_effects(pos: Pos, dice: Dice) -> list[Event]:
    """Overthrust: 2d6 + excess per thruster, ≤ 9 none, 10–12 one, ≥ 13 two (CI-5.3.1)."""
    events: list[Event] = []
    for u in pos["units"]:
        for tid, amount in sorted(u["overthrust"].items()):
            if amount <= 0 or not alive(u):
                continue
            total, _ = dice.roll(2, 6, "overthrust", u["id"])
            events.extend(dice.events)
            dice.events = []
            damage = overthrust_damage(total + amount)
            st = u["systems"][tid]
            s = next(x for x in design(pos, u)["systems"] if x["id"] == tid)
            st["lost"] = min(s["structure"], st["lost"] + damage)
            events.append({"type": "overthrust", "unit": u["id"], "thruster": tid, "amount": amount,
                           "total": total + amount, "damage": damage})
            if st["lost"] >= s["structure"] and not st["destroyed"] and damage:
                destroy_system(pos, u, s, st)
                events.append({"type": "destroyed", "unit": u["id"], "system": tid})
        u["overthrust"] = {}
    return events


def overthrust_damage(total: int) -> int:
    return 0 if total <= 9 else 1 if total <= 12 else 2


def destroy_system(pos: Pos, u: Unit, s: dict[str, Any], st: dict[str, Any]) -> None:
    """A destroyed system: an active one keeps drawing its power for that many turns (CI-3.4.a,
    GAP-26); its system battery goes with it (CI-3.1.4.c). Systems are destroyed only in the
    Weapons Fire and Damage Effects Steps, so the end of the same turn always follows."""
    st["destroyed"] = True
    power = s["power"] if isinstance(s["power"], int) else 0
    # counted from the next turn (GAP-26): the end of this turn takes the first point off again
    later = 1 if pos["options"]["drain_start"] == "next_turn" else 0
    st["drain"] = power + later if st["active"] and power else 0
    for b, bst in systems(pos, u, "system_battery"):
        if b["system_battery"]["attached_to"] == s["id"]:
            bst["destroyed"] = True
            bst["stored"] = 0


def final_actions(pos: Pos) -> list[Event]:
    """Overheating plants gain ⌊drawn/2⌋ heat and shut down at heat ≥ Rating; shut-down plants
    lose 2 heat (CI-3.6)."""
    events: list[Event] = []
    for u in pos["units"]:
        if not alive(u):
            continue
        found = plants(pos, u)
        hot = [(s, st, b) for s, st, b in found if b.get("overheating")]
        gained = heat_gained(u["power_drawn"], sum(1 for _, st, _ in found if not st["shut_down"]))
        for s, st, b in hot:
            if st["shut_down"]:
                st["heat"] = max(0, st["heat"] - 2)
            else:
                st["heat"] += gained
                if st["heat"] >= plant_rating(b):
                    st["shut_down"] = True
            events.append({"type": "heat", "unit": u["id"], "plant": s["id"], "heat": st["heat"],
                           "shut_down": st["shut_down"]})
    return events


def end_of_turn(pos: Pos, fired: set[tuple[str, str]]) -> None:
    """Arming counts down for active weapons that did not fire, cooldown for deactivated ones,
    drains run out, the signature is this turn's power, the turn advances (CI-7.1.3, CI-3.4)."""
    for u in pos["units"]:
        for s, st in systems(pos, u):
            if "weapon" in s:
                if st["active"] and st["arming"] > 0 and (u["id"], s["id"]) not in fired:
                    st["arming"] -= 1
                if not st["active"] and st["cooldown"] > 0:
                    st["cooldown"] -= 1
            if st["destroyed"] and st["drain"] > 0:
                st["drain"] -= 1
        u["signature"] = u["power_drawn"]
    pos["turn"] += 1
