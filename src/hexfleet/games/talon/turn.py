"""The sequence of play: Turns of six Impulses, the end-of-Impulse initiative check, the Power,
Reinforcement and Retreat Phases (TAL-3, TAL-4, TAL-6, TAL-9, TAL-11, TAL-P-1, TAL-P-2).

:func:`apply` takes one order of the player to act, checks it against the rules (a
:class:`RuleError` naming the unit and rule; the world is a copy, so nothing is changed) and
resolves it, then runs the automatic flow up to the next decision point and no further.
"""

from __future__ import annotations

from typing import Any

from ...engine.errors import RuleError
from ...hexgrid import distance
from .damage import arc_down, destroy, in_nebula, random_arc, remove
from .data import ARCS, IMPULSES
from .fire import check_fire, fire, group_of
from .geometry import blocked, pull
from .movement import (
    check_missile_move,
    check_move,
    dock,
    enter,
    missile_moves,
    move,
    move_missile,
    rotate_bases,
)
from .orders import STEP_OF, TalonOrder
from .position import STEPS
from .world import OTHER, Interrupt, World, serial

Unit = dict[str, Any]
_STEP_RULE = {"ap": "TAL-6.1", "move": "TAL-7.1", "fire": "TAL-8.3", "repair": "TAL-8.7.b"}


def apply(w: World, order: TalonOrder) -> None:
    """Check and resolve one order of ``w.pos["player"]``."""
    o = order.data
    w.choices = o.get("choices", {})
    phase = w.pos["phase"]
    do = o["do"]
    allowed = {"impulse": ("ap", "drop_reinforcement", "move", "fire", "repair", "end_turn"),
               "initiative": ("initiative",), "power": ("speed", "end_turn"), "retreat": ("retreat", "end_turn")}
    if do not in allowed[phase]:
        raise RuleError("TAL-P-1", f"{do!r} is not an order of the {phase} phase (orders: "
                        f"{', '.join(allowed[phase])})", field="order.do")
    if phase == "impulse":
        if do == "end_turn":
            _close_to(w, "repair")
            _end_turn(w)
        else:
            _close_to(w, STEP_OF[do])
            _IMPULSE[do](w, o)
    elif phase == "initiative":
        _initiative_choice(w, o["holder"])
    elif phase == "power":
        _speed(w, o) if do == "speed" else _end_power(w)
    elif do == "retreat":
        _retreat(w, o)
    else:
        _end_retreat(w)
    check_end(w)


# --- helpers ---------------------------------------------------------------------------------


def own(w: World, uid: str, *, group: str = "ships", field: str = "ship") -> Unit:
    """The acting player's ship (or squadron) ``uid``, or a rule error naming it."""
    unit = next((u for u in w.pos[group] if u["id"] == uid), None)
    if unit is None:
        raise RuleError("TAL-IMP-1", f"no {group[:-1]} {uid!r} in play", unit=uid, field=f"order.{field}")
    if unit["side"] != w.pos["player"]:
        raise RuleError("TAL-4.1.c", f"{uid} is not yours: {w.pos['player']} is to act", unit=uid,
                        field=f"order.{field}")
    return unit


def phase_event(w: World) -> None:
    p = w.pos
    w.emit({"type": "phase", "round": p["round"], "phase": p["phase"], "impulse": p["impulse"],
            "player": p["player"], "step": p["step"]})


def _close_to(w: World, target: str) -> None:
    """Close the Turn's steps before ``target`` (they cannot be re-entered)."""
    now = STEPS.index(w.pos["step"])
    want = STEPS.index(target)
    if want < now:
        raise RuleError(_STEP_RULE[target], f"the {target} step is over: a Turn runs ap → move → fire → repair",
                        field="order.do")
    while STEPS.index(w.pos["step"]) < want:
        if w.pos["step"] == "move":
            _close_move(w)
        w.pos["step"] = STEPS[STEPS.index(w.pos["step"]) + 1]
        phase_event(w)
        if w.pos["step"] == "move":
            rotate_bases(w)


def _close_move(w: World) -> None:
    """TAL-7.1: every scheduled ship and squadron has moved; missiles not moved by an order
    move by TAL-G-9 (ties: straight, then left, then right)."""
    for u in w.pos["ships"] + w.pos["squadrons"]:
        if u["side"] == w.pos["player"] and not u["moved"] and w.must_move(u) and not w.cls(u).is_base:
            raise RuleError("TAL-7.1", f"{u['id']} must move this Impulse before the move step ends", unit=u["id"])
    for m in list(w.pos["missiles"]):
        if m["side"] == w.pos["player"] and not m["moved"] and w.unit(m["id"]) is not None:
            move_missile(w, m, missile_moves(w, m)[0])


def housekeeping(w: World) -> None:
    """A player's Turn begins: this Impulse's flags cleared for his units, his reinforcements
    lettered with this Impulse from an earlier Round removed (TAL-3.2.a, TAL-6.2.3)."""
    p = w.pos
    for u in p["ships"] + p["squadrons"] + p["missiles"]:
        if u["side"] == p["player"]:
            u["moved"] = False
            if "ap_used" in u:
                u["ap_used"] = False
            if "powered" in u:
                u["powered"] = False
    for s in p["ships"]:
        if s["side"] != p["player"]:
            continue
        for a in ARCS:
            r = s["reinforcements"].get(a)
            if r is not None and r["impulse"] == p["impulse"] and r["round"] < p["round"]:
                del s["reinforcements"][a]
                w.emit({"type": "reinforcement_removed", "ship": s["id"], "arc": a, "reason": "expired"})


def start_turn(w: World, player: str) -> None:
    w.pos.update(phase="impulse", player=player, step="ap")
    housekeeping(w)
    phase_event(w)


# --- the AP step (TAL-6) ------------------------------------------------------------------------


def _ap(w: World, o: dict[str, Any]) -> None:
    ship = own(w, o["ship"])
    uid = ship["id"]
    cls = w.cls(ship)
    use = o["use"]
    battery = o.get("battery", False)
    if ship["ap_used"]:
        raise RuleError("TAL-5.1.b", "it has spent its AP this Impulse (at most 1 per Impulse)", unit=uid)
    if battery:
        if not cls.battery or not ship.get("battery"):
            raise RuleError("TAL-10.1.1", "no charged battery", unit=uid, field="order.battery")
        if w.gets_ap(ship):
            raise RuleError("TAL-10.1.2", "a battery is used only in an Impulse without AP from the chart", unit=uid,
                            field="order.battery")
    elif not w.gets_ap(ship):
        raise RuleError("TAL-4.1.d", f"Power {ship['curve'][0]} gets no AP in Impulse {w.pos['impulse']}", unit=uid)
    extra: dict[str, Any] = {k: o[k] for k in ("group", "arc", "squadron", "effect", "fighter", "missile", "target") if k in o}
    _AP_USES[use](w, ship, o)
    if battery:
        ship["battery"] = False
    ship["ap_used"] = True
    w.emit({"type": "ap", "ship": uid, "use": use, "battery": battery, **extra})


def _need(o: dict[str, Any], key: str, rule: str, uid: str) -> Any:
    if key not in o:
        raise RuleError(rule, f"this use of AP names a {key}", unit=uid, field=f"order.{key}")
    return o[key]


def _side_slip(w: World, ship: Unit, o: dict[str, Any]) -> None:
    uid = ship["id"]
    if w.cls(ship).is_base:
        raise RuleError("TAL-AMB-38", "a Base cannot side-slip", unit=uid)
    if "helm_down" in ship["criticals"] and w.opts["helm_down_blocks_slip"]:
        raise RuleError("TAL-D-11", "Helm Down: no side slip", unit=uid)
    if ship["side_slip"]:
        raise RuleError("TAL-6.1.a", "it already has a Side Slip marker", unit=uid)
    ship["side_slip"] = True


def _power_turn(w: World, ship: Unit, o: dict[str, Any]) -> None:
    if ship["tr_count"] is None:
        raise RuleError("TAL-6.1.b", "it has no Turn Radius marker to pull in", unit=ship["id"])
    ship["tr_count"] = ship["tr_count"] - 1 or None


def _charge_bar(w: World, uid: str, bar: dict[str, Any], printed_yellow: int, rule: str) -> None:
    if bar.get("destroyed"):
        raise RuleError("TAL-AMB-42", "a destroyed weapon group cannot be charged", unit=uid, field="order.group")
    if bar["yellow"] >= printed_yellow:
        raise RuleError(rule, "every Yellow box of that bar is already charged", unit=uid, field="order.group")
    bar["yellow"] += 1


def _charge(w: World, ship: Unit, o: dict[str, Any]) -> None:
    uid = ship["id"]
    number = _need(o, "group", "TAL-6.1.c", uid)
    printed, bar = group_of(w, ship, number)
    if "power_loss" in ship["criticals"] and w.opts["power_loss_blocks_active_charging"]:
        raise RuleError("TAL-9.3.d", "Power Loss: no charging", unit=uid)
    _charge_bar(w, uid, bar, printed.yellow, "TAL-6.1.c")


def _charge_battery(w: World, ship: Unit, o: dict[str, Any]) -> None:
    uid = ship["id"]
    if not w.cls(ship).battery:
        raise RuleError("TAL-6.1.d", "it has no battery", unit=uid)
    if ship["battery"] or o.get("battery"):
        raise RuleError("TAL-6.1.d", "the battery is charged already (or is the AP's source)", unit=uid)
    ship["battery"] = True


def reinforce_cap(ship: Unit) -> int:
    """TAL-6.2.2.c: at most ``max(1, floor(Power / 2))`` reinforcements, written Power."""
    return max(1, ship["curve"][0] // 2)


def _reinforce(w: World, ship: Unit, o: dict[str, Any]) -> None:
    uid = ship["id"]
    a = _need(o, "arc", "TAL-6.1.e", uid)
    if a in ship["reinforcements"]:
        raise RuleError("TAL-6.2.2.a", f"arc {a} is reinforced already", unit=uid, field="order.arc")
    if in_nebula(w, ship):
        raise RuleError("TAL-6.2.2.b", "no reinforcement inside a Nebula", unit=uid, field="order.arc")
    if arc_down(w, ship, a):
        raise RuleError("TAL-6.2.2.b", f"arc {a} is down", unit=uid, field="order.arc")
    if len(ship["reinforcements"]) >= reinforce_cap(ship):
        raise RuleError("TAL-6.2.2.c", f"at most {reinforce_cap(ship)} reinforcement(s) at Power {ship['curve'][0]}",
                        unit=uid, field="order.arc")
    ship["reinforcements"][a] = {"round": w.pos["round"], "impulse": w.pos["impulse"]}


def _initiative_marker(kind: str) -> Any:
    def use(w: World, ship: Unit, o: dict[str, Any]) -> None:
        ship["initiative_marker"] = kind
    return use


def _transmit(w: World, ship: Unit, o: dict[str, Any]) -> None:
    """TAL-12.2: a Carrier or Base spends its AP on one friendly squadron within 6 hexes."""
    uid = ship["id"]
    cls = w.cls(ship)
    if not (cls.is_carrier or cls.is_base):
        raise RuleError("TAL-6.1.h", "only Carriers and Bases transmit power", unit=uid)
    sid = _need(o, "squadron", "TAL-12.2.2", uid)
    sq = own(w, sid, group="squadrons", field="squadron")
    if sq["powered"]:
        raise RuleError("TAL-12.2.3.a", "one AP per squadron per Impulse", unit=uid, field="order.squadron")
    a, b = tuple(ship["hex"]), tuple(sq["hex"])
    if distance(a, b) > 6:
        raise RuleError("TAL-12.2.3.b", "the squadron is more than 6 hexes away", unit=uid, field="order.squadron")
    screens = w.terrain_hexes("asteroid", "nebula")
    if b in screens or (w.opts["transmit_blocked_in_own_hex"] and a in screens):
        raise RuleError("TAL-12.2.3.b", "no transmission into or out of an Asteroid or Nebula hex", unit=uid,
                        field="order.squadron")
    if blocked(a, b, screens | w.terrain_hexes("planet"), two_flanks=w.opts["two_flank_spine_blocks"]):
        raise RuleError("TAL-17.5.e", "the line to the squadron is blocked", unit=uid, field="order.squadron")
    effect = _need(o, "effect", "TAL-12.2.2", uid)
    if effect == "charge":
        number = _need(o, "fighter", "TAL-12.2.2.a", uid)
        if not 1 <= number <= 3 or sq["fighters"][number - 1]["hull_marked"] >= w.cls(sq).fighter_hull:
            raise RuleError("TAL-12.2.2.a", "name a surviving fighter 1–3", unit=uid, field="order.fighter")
        _charge_bar(w, uid, sq["fighters"][number - 1], w.cls(sq).groups[0].yellow, "TAL-12.2.2.a")
    elif effect == "power_turn":
        if sq["tr_count"] is None:
            raise RuleError("TAL-12.2.2.b", "the squadron has no Turn Radius marker", unit=uid)
        sq["tr_count"] = sq["tr_count"] - 1 or None
    else:
        if sq["side_slip"]:
            raise RuleError("TAL-12.2.2.c", "the squadron has a Side Slip marker already", unit=uid)
        sq["side_slip"] = True
    sq["powered"] = True


def _retarget(w: World, ship: Unit, o: dict[str, Any]) -> None:
    """TAL-13.7: a ship with a launcher re-aims one friendly missile at an enemy ship in that
    launcher's arc and range; a target already in the missile's hex is hit at once, random arc."""
    uid = ship["id"]
    cls = w.cls(ship)
    mid = _need(o, "missile", "TAL-13.7", uid)
    missile = next((m for m in w.pos["missiles"] if m["id"] == mid), None)
    if missile is None or missile["side"] != ship["side"]:
        raise RuleError("TAL-AMB-17", f"no friendly missile {mid!r}", unit=uid, field="order.missile")
    target = w.unit(_need(o, "target", "TAL-13.7", uid))
    if target is None or w.kind(target) == "missile" or target["side"] == ship["side"]:
        raise RuleError("TAL-13.7", "the new target is an enemy ship", unit=uid, field="order.target")
    from .fire import eligible
    launchers = [g for g, bar in zip(cls.groups, ship["groups"], strict=True)
                 if g.weapon == "missile" and not bar["destroyed"]]
    if not launchers:
        raise RuleError("TAL-6.1.i", "only ships with a missile launcher retarget missiles", unit=uid)
    if all(eligible(w, ship, g, target, launch=True) is not None for g in launchers):
        raise RuleError("TAL-13.7", "the new target is not in a launcher's arc and range", unit=uid,
                        field="order.target")
    missile["target"] = target["id"]
    if tuple(missile["hex"]) == tuple(target["hex"]):
        from .movement import detonate
        a = None if w.kind(target) == "squadron" else random_arc(w, target["id"])
        detonate(w, missile, target, a)


_AP_USES = {"side_slip": _side_slip, "power_turn": _power_turn, "charge": _charge, "charge_battery": _charge_battery,
            "reinforce": _reinforce, "change_initiative": _initiative_marker("change"),
            "defend_initiative": _initiative_marker("defend"), "transmit": _transmit, "retarget": _retarget}


def _drop(w: World, o: dict[str, Any]) -> None:
    ship = own(w, o["ship"])
    if o["arc"] not in ship["reinforcements"]:
        raise RuleError("TAL-6.2.3", f"no reinforcement on arc {o['arc']}", unit=ship["id"], field="order.arc")
    del ship["reinforcements"][o["arc"]]
    w.emit({"type": "reinforcement_removed", "ship": ship["id"], "arc": o["arc"], "reason": "dropped"})


# --- move, fire, repair -------------------------------------------------------------------------


def _move(w: World, o: dict[str, Any]) -> None:
    uid = o["unit"]
    unit = w.unit(uid)
    if unit is None:
        if any(r["id"] == uid and r["status"] == "docked" for r in w.pos["removed"]):
            raise RuleError("TAL-16.2.d", f"{uid} is docked: it may not undock except by a scenario rule", unit=uid,
                            field="order.unit")
        raise RuleError("TAL-IMP-1", f"no unit {uid!r} in play", unit=uid, field="order.unit")
    if unit["side"] != w.pos["player"]:
        raise RuleError("TAL-4.1.c", f"{uid} is not yours", unit=uid, field="order.unit")
    if "dock" in o or o.get("land"):
        check_move(w, unit, o["how"], o.get("afterburner", False))
        dock(w, unit, o["how"], o.get("afterburner", False), o.get("dock"))
        return
    if w.kind(unit) == "missile":
        if o.get("afterburner"):
            raise RuleError("TAL-10.2.2", "missiles have no afterburners", unit=uid, field="order.afterburner")
        check_missile_move(w, unit, o["how"])
        move_missile(w, unit, o["how"])
        return
    check_move(w, unit, o["how"], o.get("afterburner", False))
    move(w, unit, o["how"], o.get("afterburner", False))


def _fire(w: World, o: dict[str, Any]) -> None:
    squadron = any(q["id"] == o["ship"] for q in w.pos["squadrons"])
    ship = own(w, o["ship"], group="squadrons" if squadron else "ships")
    check_fire(w, ship, o["group"], o["shots"])
    fire(w, ship, o["group"], o["shots"])


def _repair(w: World, o: dict[str, Any]) -> None:
    """TAL-8.7: one d6 per repairable marker per Impulse, from the Impulse after it was taken;
    a 6 repairs it."""
    ship = own(w, o["ship"])
    uid, key = ship["id"], o["critical"]
    taken = ship["criticals"].get(key)
    if taken is None:
        raise RuleError("TAL-8.7.a", f"it has no {key} marker", unit=uid, field="order.critical")
    if serial(taken["round"], taken["impulse"]) >= serial(w.pos["round"], w.pos["impulse"]):
        raise RuleError("TAL-8.7.b", "repairs start in the Impulse after the damage", unit=uid, field="order.critical")
    tried = w.pos.setdefault("repairs_tried", [])
    if [uid, key] in tried:
        raise RuleError("TAL-AMB-41", "one repair attempt per marker per Impulse", unit=uid, field="order.critical")
    tried.append([uid, key])
    face = w.roll("repair", uid)[0]
    done = face == 6
    if done:
        del ship["criticals"][key]
    w.emit({"type": "repair", "ship": uid, "critical": key, "roll": face, "repaired": done})


_IMPULSE = {"ap": _ap, "drop_reinforcement": _drop, "move": _move, "fire": _fire, "repair": _repair}


# --- end of a Turn, of an Impulse, of a Round --------------------------------------------------


def _end_turn(w: World) -> None:
    w.pos.pop("repairs_tried", None)
    if w.pos["player"] == w.pos["initiative"]:
        start_turn(w, OTHER[w.pos["player"]])
        return
    change = sum(1 for s in w.pos["ships"] if s["initiative_marker"] == "change")
    defend = sum(1 for s in w.pos["ships"] if s["initiative_marker"] == "defend")
    changers = sorted({s["side"] for s in w.pos["ships"] if s["initiative_marker"] == "change"})
    for s in w.pos["ships"]:
        s["initiative_marker"] = None
    if change > defend and len(changers) == 1:  # TAL-4.2.b: that side chooses
        w.pos.update(phase="initiative", player=changers[0], step=None)
        w.pos["pending_counts"] = [change, defend]
        phase_event(w)
        return
    if change > defend:  # both sides voted to change: it flips (TAL-P-2)
        w.pos["initiative"] = OTHER[w.pos["initiative"]]
    w.emit({"type": "initiative", "change": change, "defend": defend, "holder": w.pos["initiative"]})
    _next_impulse(w)


def _initiative_choice(w: World, holder: str) -> None:
    change, defend = w.pos.pop("pending_counts", [0, 0])
    w.pos["initiative"] = holder
    w.emit({"type": "initiative", "change": change, "defend": defend, "holder": holder})
    _next_impulse(w)


def _next_impulse(w: World) -> None:
    imp = w.pos["impulse"]
    if imp == "F":
        _start_power(w, w.pos["initiative"])
        return
    w.pos["impulse"] = IMPULSES[IMPULSES.index(imp) + 1]
    start_turn(w, w.pos["initiative"])


def _start_power(w: World, player: str) -> None:
    """A player's Power Phase: charging on entry (TAL-9.2, TAL-P-6), then his Speed choices."""
    w.pos.update(phase="power", impulse=None, player=player, step=None)
    phase_event(w)
    for s in w.pos["ships"]:
        if s["side"] != player or "power_loss" in s["criticals"]:
            continue
        for i, (printed, bar) in enumerate(zip(w.cls(s).groups, s["groups"], strict=True)):
            _charge_passive(w, s["id"], i + 1, printed.red, printed.yellow, printed.count, bar, None)
    for sq in w.pos["squadrons"]:
        if sq["side"] != player:
            continue
        printed = w.cls(sq).groups[0]
        for k, f in enumerate(sq["fighters"]):
            if f["hull_marked"] < w.cls(sq).fighter_hull:
                _charge_passive(w, sq["id"], 1, printed.red, printed.yellow, printed.count, f, k + 1)


def _charge_passive(w: World, uid: str, number: int, red: int, yellow: int, count: int, bar: dict[str, Any],
                    fighter: int | None) -> None:
    """One Red box if any is unmarked, else up to ``count`` Yellow boxes (TAL-9.2)."""
    if bar.get("destroyed"):
        return
    before = (bar["red"], bar["yellow"])
    if bar["red"] < red:
        bar["red"] += 1
    else:
        bar["yellow"] = min(yellow, bar["yellow"] + count)
    if (bar["red"], bar["yellow"]) != before:
        event: dict[str, Any] = {"type": "charged", "ship": uid, "group": number,
                                 "red": bar["red"] - before[0], "yellow": bar["yellow"] - before[1]}
        if fighter is not None:
            event["fighter"] = fighter
        w.emit(event)


def modifiers(w: World, ship: Unit) -> int:
    """TAL-P-3: the leftmost unmarked hull box's modifier, and Power −1."""
    hull = w.cls(ship).hull
    mod = hull[ship["hull_marked"]] if hull else 0
    return mod - (1 if "power_relay" in ship["criticals"] else 0)


def written(w: World, ship: Unit, speed: int) -> list[Any]:
    row = w.cls(ship).row(speed)
    assert row is not None
    thr = 1 if "thrusters" in ship.get("criticals", {}) else 0
    tr = None if row.tr is None else row.tr + thr
    return [row.power + (modifiers(w, ship) if w.kind(ship) != "squadron" else 0), row.speed, tr]


def speed_choices(w: World, ship: Unit) -> list[int]:
    """TAL-9.3, TAL-5.4.4: printed rows one Speed step away, not below Power 0 if avoidable;
    Power Loss forbids any change."""
    start = w.pos.get("speeds", {}).get(ship["id"], ship["curve"][1])
    if "power_loss" in ship.get("criticals", {}):
        return [start]
    rows = [r.speed for r in w.cls(ship).rows if abs(r.speed - start) <= 1]
    safe = [s for s in rows if written(w, ship, s)[0] >= 0]
    return sorted(safe or [start])


def _speed(w: World, o: dict[str, Any]) -> None:
    uid = o["ship"]
    unit = next((u for u in w.pos["ships"] + w.pos["squadrons"] if u["id"] == uid), None)
    if unit is None or unit["side"] != w.pos["player"]:
        raise RuleError("TAL-9.3", f"no ship or squadron {uid!r} of yours in play", unit=uid, field="order.ship")
    legal = speed_choices(w, unit)
    if o["speed"] not in legal:
        rule = "TAL-9.3.d" if "power_loss" in unit.get("criticals", {}) else \
            "TAL-5.4.4" if w.cls(unit).row(o["speed"]) is not None and abs(
                o["speed"] - w.pos.get("speeds", {}).get(uid, unit["curve"][1])) <= 1 else "TAL-9.3.a"
        raise RuleError(rule, f"Speed {o['speed']} is not allowed; choose from {legal}", unit=uid, field="order.speed")
    w.pos.setdefault("speeds", {}).setdefault(uid, unit["curve"][1])
    unit["curve"] = written(w, unit, o["speed"])


def _end_power(w: World) -> None:
    """Curves rewritten (TAL-P-3), Power below 0 explodes (TAL-5.4.5)."""
    player = w.pos["player"]
    w.pos.pop("speeds", None)
    for s in list(w.pos["ships"]) + list(w.pos["squadrons"]):
        if s["side"] != player or w.unit(s["id"]) is None:
            continue
        if "power_loss" in s.get("criticals", {}) and not w.opts["powerloss_recomputes_modifier"]:
            continue  # TAL-AMB-15's alternative: the curve stays as written
        s["curve"] = written(w, s, s["curve"][1])
        w.emit({"type": "curve", "ship": s["id"], "curve": list(s["curve"])})
    for s in list(w.pos["ships"]):
        if s["side"] == player and w.unit(s["id"]) is not None and s["curve"][0] < 0:
            destroy(w, s, "power")
    for s in w.pos["ships"]:  # TAL-11.1.3: spooled in the Power Phase of Round = printed hull boxes
        if s["side"] == player and not w.cls(s).is_base and len(w.cls(s).hull) == w.pos["round"]:
            w.emit({"type": "spooled", "ship": s["id"]})
    if player == w.pos["initiative"]:
        _start_power(w, OTHER[player])
        return
    _gravity(w)
    _reinforcements(w)
    w.pos.update(phase="retreat", player=w.pos["initiative"], step=None, impulse=None)
    phase_event(w)


def _gravity(w: World) -> None:
    """TAL-18.2: every ship, Base and squadron one hex toward each Black Hole, the Initiative
    Player's first; the owner picks on a spine (default: the lower direction)."""
    for hole in [tuple(t["hex"]) for t in w.pos["terrain"] if t["kind"] == "black_hole"]:
        order = [u for side in (w.pos["initiative"], OTHER[w.pos["initiative"]])
                 for u in w.pos["ships"] + w.pos["squadrons"] if u["side"] == side]
        for u in order:
            if w.unit(u["id"]) is None:
                continue
            prev = tuple(u["hex"])
            options = pull(prev, hole)
            wanted = tuple((w.choices.get("pull") or {}).get(u["id"], ()))
            ask = Interrupt("pull", "TAL-18.2", u["side"], u["id"], tuple(options),
                            f"the Black Hole at {list(hole)} pulls {u['id']}")
            new = w.decide(ask, wanted)
            u["hex"] = list(new)
            w.emit({"type": "pulled", "unit": u["id"], "from": list(prev), "to": list(new)})
            enter(w, u, prev)


def _reinforcements(w: World) -> None:
    """TAL-3.2.k: reserves arriving this Round are placed (Initiative Player's first)."""
    arriving = [r for r in w.pos["scenario"]["reserves"] if r["arrives"] == w.pos["round"]]
    arriving.sort(key=lambda r: r["side"] != w.pos["initiative"])
    for r in arriving:
        w.pos["scenario"]["reserves"].remove(r)
        ship = {k: v for k, v in r.items() if k != "arrives"}
        w.pos["ships"].append(ship)
        w.emit({"type": "deployed", "ship": ship["id"]})


def can_retreat(w: World, ship: Unit) -> str | None:
    """TAL-P-7: why ``ship`` may not jump now (``None``: it may)."""
    cls = w.cls(ship)
    if cls.is_base:
        return "TAL-11.1.4"
    if w.pos["round"] < len(cls.hull):
        return "TAL-11.1.3"
    if ship["curve"][1] != 1:
        return "TAL-11.1.2"
    if w.terrain_at(tuple(ship["hex"])) & {"asteroid", "nebula"}:
        return "TAL-11.1.4"
    if "ftl_offline" in ship["criticals"]:
        return "TAL-D-11"
    return None


def _retreat(w: World, o: dict[str, Any]) -> None:
    if any(q["id"] == o["ship"] for q in w.pos["squadrons"]):
        raise RuleError("TAL-12.1.2.c", "fighters have no FTL: they dock with a Carrier to leave", unit=o["ship"],
                        field="order.ship")
    ship = own(w, o["ship"])
    why = can_retreat(w, ship)
    if why is not None:
        raise RuleError(why, "it cannot retreat now (spooled by Round = hull boxes, Speed 1, no Asteroid or "
                        "Nebula, FTL working, not a Base)", unit=ship["id"])
    w.emit({"type": "retreated", "unit": ship["id"], "cause": "ftl"})
    remove(w, ship, "retreated")
    for r in w.pos["removed"]:
        if r.get("host") == ship["id"] and r["status"] == "docked":
            r["status"] = "retreated"
            w.emit({"type": "retreated", "unit": r["id"], "cause": "ftl"})


def _end_retreat(w: World) -> None:
    if w.pos["player"] == w.pos["initiative"]:
        w.pos["player"] = OTHER[w.pos["player"]]
        phase_event(w)
        return
    w.pos["round"] += 1
    w.pos["impulse"] = "A"
    if check_end(w):
        w.pos.update(phase="impulse", player=w.pos["initiative"], step="ap")
        return
    start_turn(w, w.pos["initiative"])


def check_end(w: World) -> bool:
    """TAL-SCN-4: the game ends when a side has nothing in play, or after the last Round."""
    if "outcome" in w.pos:
        return True
    alive = {u["side"] for u in w.pos["ships"] + w.pos["squadrons"]}
    limit = w.pos.get("round_limit")
    if len(alive) == 2 and not (limit is not None and w.pos["round"] > limit):
        return False
    w.pos["outcome"] = score(w)
    w.emit({"type": "game_over", **w.pos["outcome"]})
    return True


def score(w: World) -> dict[str, Any]:
    """TAL-SCN-4: each side scores the SP of enemy units destroyed; a win needs a margin of
    10 % of the smaller fleet's SP."""
    sp = {side: 0 for side in OTHER}
    fleet = {side: 0 for side in OTHER}
    for u in w.pos["ships"] + w.pos["squadrons"] + w.pos["removed"]:
        fleet[u["side"]] += w.classes[u["class"]].sp
        if u.get("status") == "destroyed":
            sp[OTHER[u["side"]]] += w.classes[u["class"]].sp
    margin = min(fleet.values()) / 10
    winners = [s for s in OTHER if sp[s] - sp[OTHER[s]] >= margin and sp[s] > sp[OTHER[s]]]
    return {"reason": "one_side_left" if len({u["side"] for u in w.pos["ships"] + w.pos["squadrons"]}) < 2
            else "round_limit", "winners": winners, "score": sp}

