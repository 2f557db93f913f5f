"""The turn as decisions and the automatic work between them (format: Turn sequence and
decision points). Each ``after_*`` function takes a position copy the caller owns, applies a
phase's orders, runs the automatic work that follows and leaves the position at its next
decision point; the events say what happened, every die with its purpose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.reading import fields, integer, obj
from ...engine.rng import Rng
from ...engine.ruleset import Event
from . import barnstorm, ew, fire, movement, power
from .dice import Dice
from .model import Pos, Unit, alive, fighter, small, unit_by_id
from .notation import pivot_step, roll_step, tumble_step
from .turn import (
    damage_effects,
    drift,
    end_of_turn,
    final_actions,
    initiative,
    start_of_turn,
    takes_initiative,
)


def copy_pos(pos: Pos) -> Pos:
    """A copy a step may change. A position is plain JSON (dicts, lists, scalars), so a walk copies
    it several times faster than ``copy.deepcopy`` (what search pays at every step); the designs,
    which play only reads, are shared."""
    return {k: v if k == "designs" else _copy_json(v) for k, v in pos.items()}


def _copy_json(value: Any) -> Any:
    if type(value) is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_json(v) for v in value]
    return value


def fighters_in_play(pos: Pos) -> bool:
    return any(alive(u) and fighter(pos, u) for u in pos["units"])


def _phase(pos: Pos, phase: str) -> list[Event]:
    pos["phase"] = phase
    return [{"type": "phase", "turn": pos["turn"], "phase": phase}]


def after_power(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, power.PowerOrder]]) -> tuple[Rng, list[Event]]:
    events: list[Event] = []
    for u in power.starships(pos):
        more = power.apply(pos, u, orders.get(u["side"], {}).get(u["id"]))
        events += [{**e, "visible_to": [u["side"]]} for e in more]
    for u in pos["units"]:
        order = orders.get(u["side"], {}).get(u["id"])
        if order is not None and alive(u) and small(pos, u):
            events += power.switch_hd(pos, u, order)
    dice = Dice(rng, pos["turn"])
    events += initiative(pos, dice)
    return dice.rng, events + _phase(pos, "ew")


def after_ew(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, ew.EwOrder]]) -> tuple[Rng, list[Event]]:
    for u in pos["units"]:
        if alive(u):
            ew.apply(pos, u, orders.get(u["side"], {}).get(u["id"], ew.EwOrder(ess=no_ess())))
    events = ew.ess_events(pos)
    if fighters_in_play(pos):
        return rng, events + _phase(pos, "evasive")
    return to_movement(pos, rng, events)


def no_ess() -> dict[str, Any]:
    return {"shroud": 0, "amplify": {}, "ecm": 0, "jam": [], "negate": []}


def to_movement(pos: Pos, rng: Rng, events: list[Event]) -> tuple[Rng, list[Event]]:
    dice = Dice(rng, pos["turn"])
    events = events + drift(pos, dice)
    if pos["options"]["simultaneous_movement"]:
        return dice.rng, events + _phase(pos, "plot")
    rng, more = after_moves(pos, dice.rng)
    return rng, events + more


def after_moves(pos: Pos, rng: Rng) -> tuple[Rng, list[Event]]:
    """The next ship to move, or the end of movement: barnstorming resolved (CI-5.5.3), then
    snap maneuvers or fire."""
    pos["move_order"] = [m for m in pos["move_order"] if _can_move(pos, m)]
    if pos["move_order"]:
        return rng, _phase(pos, "move") if pos["phase"] != "move" else []
    dice = Dice(rng, pos["turn"])
    events = barnstorm.resolve(pos, dice)
    if fighters_in_play(pos):
        return dice.rng, events + _phase(pos, "snap")
    return dice.rng, events + _phase(pos, "fire")


def _can_move(pos: Pos, uid: str) -> bool:
    u = unit_by_id(pos, uid)
    return u is not None and alive(u)


def after_evasive(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, int]]) -> tuple[Rng, list[Event]]:
    for u in pos["units"]:
        level = orders.get(u["side"], {}).get(u["id"], 0)
        if level:
            u["evasive"] = level
            u["thrust_left"] -= level
    return to_movement(pos, rng, [])


def after_move(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, movement.MoveOrder]]) -> tuple[Rng, list[Event]]:
    uid = pos["move_order"][0]
    unit = unit_by_id(pos, uid)
    assert unit is not None
    order = orders.get(unit["side"], {}).get(uid, movement.MoveOrder())
    events = move_one(pos, unit, order)
    pos["move_order"] = pos["move_order"][1:]
    rng, more = after_moves(pos, rng)
    return rng, events + more


def move_one(pos: Pos, unit: Unit, order: movement.MoveOrder) -> list[Event]:
    thrust = movement.check(pos, unit, order)
    if order.barnstorm is not None:
        pos["plots"].setdefault("barnstorm", {})[unit["id"]] = order.barnstorm
    _, over = movement.route(pos, unit, order)
    return movement.apply(pos, unit, order, thrust, over)


def after_plot(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, movement.MoveOrder]]) -> tuple[Rng, list[Event]]:
    """Simultaneous movement (CI-2.2.1): every plot applied, in ``units`` order. With nimble
    small vessels (CI-2.2.1.1) the starships' plots are kept and revealed first (``plots.move``),
    the small vessels plot in a second ``plot`` step knowing them, and the starships move before
    the small vessels."""
    if nimble_stage(pos) == "starships" and any(movable(pos, u) and small(pos, u) for u in pos["units"]):
        pos["plots"]["move"] = {seat: {uid: movement.dump(o) for uid, o in given.items()}
                                for seat, given in orders.items() if given}
        return rng, [{"type": "plots_revealed", "plots": pos["plots"]["move"]}]
    kept = pos["plots"].pop("move", {})
    plotted = {seat: {uid: movement.parse(o, f"plots.move.{seat}.{uid}") for uid, o in given.items()}
               for seat, given in kept.items()}
    for seat, given in orders.items():
        plotted.setdefault(seat, {}).update(given)
    events: list[Event] = []
    movers = [u for u in pos["units"] if alive(u) and movable(pos, u)]
    if nimble_stage(pos):  # "all starships move first, then all small vessels" (CI-2.2.1.1)
        movers.sort(key=lambda u: small(pos, u))
    for u in movers:
        events += move_one(pos, u, plotted.get(u["side"], {}).get(u["id"], movement.MoveOrder()))
    pos["move_order"] = []
    rng, more = after_moves(pos, rng)
    return rng, events + more


def movable(pos: Pos, u: Unit) -> bool:
    return takes_initiative(pos, u)


def nimble_stage(pos: Pos) -> str | None:
    """Which units plot now under nimble small vessels (CI-2.2.1.1): ``starships`` until
    their plots are revealed, then ``small``; None without the option."""
    if not (pos["options"]["simultaneous_movement"] and pos["options"]["nimble_small_vessels"]):
        return None
    return "small" if "move" in pos["plots"] else "starships"


SNAP_STEP = {"pivot": pivot_step, "roll": roll_step, "tumble": tumble_step}


def parse_snap(raw: Any, where: str) -> tuple[str, int] | None:
    data = obj(raw, where)
    fields(data, where, allowed=SNAP_STEP)
    if not data:
        return None
    if len(data) > 1:
        raise RuleError("CI-5.5.1", "a snap maneuver is one pivot, roll or tumble", field=where)
    (axis, n), = data.items()
    return axis, integer(n, f"{where}.{axis}")


def check_snap(pos: Pos, unit: Unit, snap: tuple[str, int] | None) -> None:
    if snap is None:
        return
    uid = unit["id"]
    if not fighter(pos, unit):
        raise RuleError("CI-5.5.1", "only fighters make snap maneuvers", unit=uid, field="order")
    if unit["snap_used"]:
        raise RuleError("CI-5.5.1", "one snap maneuver a turn", unit=uid, field="order")
    if abs(snap[1]) > unit["thrust_left"] or snap[1] == 0:
        raise RuleError("CI-5.5.1", f"the snap needs {abs(snap[1])} thrust; {unit['thrust_left']} left", unit=uid,
                        field=f"order.{snap[0]}")


def after_snap(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, tuple[str, int] | None]]) -> tuple[Rng, list[Event]]:
    for u in pos["units"]:
        snap = orders.get(u["side"], {}).get(u["id"])
        if snap is None:
            continue
        axis, n = snap
        for _ in range(abs(n)):
            u["attitude"], u["facing"] = SNAP_STEP[axis](u["attitude"], u["facing"], 1 if n > 0 else -1)
        u["thrust_left"] -= abs(n)
        u["snap_used"] = True
    return rng, _phase(pos, "fire")


def check_evasive(pos: Pos, unit: Unit, level: int) -> None:
    uid = unit["id"]
    if level and not fighter(pos, unit):
        raise RuleError("CI-5.5.2", "only fighters fly evasively", unit=uid, field="order.level")
    if small(pos, unit) and level > pos["designs"][unit["design"]]["evasive_limit"]:
        raise RuleError("CI-5.5.2", "above the evasive limit", unit=uid, field="order.level")
    if small(pos, unit) and level > unit["thrust_left"]:
        raise RuleError("CI-5.5.2", f"evasion costs thrust: {unit['thrust_left']} left", unit=uid, field="order.level")


def after_fire(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, fire.FireOrder]]) -> tuple[Rng, list[Event]]:
    """Attacks and DF settings declared; then the defense step if a weapon is in DF mode, the
    detector step if EW points were reserved, else the fire itself (CI-7.2)."""
    pos["plots"]["fire"] = {seat: {uid: fire.dump(o) for uid, o in given.items()} for seat, given in orders.items()}
    revealed = ew.ew_events(pos)  # EW levels announced (CI-7.2.9)
    events = _after_declarations(pos, rng)
    if events:
        return rng, revealed + events
    rng, more = resolve_fire(pos, rng)
    return rng, revealed + more


def _after_declarations(pos: Pos, rng: Rng) -> list[Event]:
    declared = pos["plots"]["fire"]
    if "defense" not in pos["plots"] and any(o.get("df") for given in declared.values() for o in given.values()):
        return _phase(pos, "defense")
    if any(alive(u) and u["ew"]["reserve"] for u in pos["units"]):
        return _phase(pos, "detector")
    return []


def after_defense(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, dict[str, str]]]) -> tuple[Rng, list[Event]]:
    """DF weapons allocated to incoming attacks (CI-7.2.7; house H-06)."""
    pos["plots"]["defense"] = {seat: {uid: dict(o) for uid, o in given.items()} for seat, given in orders.items()}
    events = _after_declarations(pos, rng)
    return (rng, events) if events else resolve_fire(pos, rng)


def after_detector(pos: Pos, rng: Rng, orders: Mapping[str, Mapping[str, ew.EwOrder]]) -> tuple[Rng, list[Event]]:
    """Reserved EW points allocated after EW levels are announced (CI-4.8.1)."""
    for u in pos["units"]:
        order = orders.get(u["side"], {}).get(u["id"])
        if order is not None:
            for key in ("shroud", "amplify", "ecm"):
                u["ew"][key] += getattr(order, key)
        u["ew"]["reserve"] = 0
    return resolve_fire(pos, rng)


def check_defense(pos: Pos, unit: Unit, allocation: dict[str, str]) -> None:
    """A DF weapon set to DF mode this turn, allocated to one declared attack on its side."""
    uid = unit["id"]
    declared = pos["plots"].get("fire", {})
    mine = declared.get(unit["side"], {}).get(uid, {}).get("df", {})
    for weapon, ref in allocation.items():
        field = f"order.{weapon}"
        if weapon not in mine:
            raise RuleError("CI-7.2.7", f"{weapon} was not set to defensive fire", unit=uid, field=field)
        attack = fire.declared_attack(pos, ref)
        if attack is None:
            raise RuleError("CI-7.2.7", f"no declared attack {ref!r} (ATTACKER:WEAPON:k, k from 1)", unit=uid,
                            field=field)
        target = unit_by_id(pos, attack["target"])
        if target is None or target["side"] != unit["side"]:
            raise RuleError("CI-7.2.7", f"{ref} is not an attack on {unit['side']}", unit=uid, field=field)


def parse_defense(raw: Any, where: str) -> dict[str, str]:
    data = obj(raw, where)
    out = {}
    for weapon, ref in data.items():
        if not isinstance(ref, str) or ref.count(":") != 2:
            raise FormatError(f"{where}.{weapon}", "expected \"ATTACKER:WEAPON:k\"")
        out[str(weapon)] = ref
    return out


def check_detector(pos: Pos, unit: Unit, order: ew.EwOrder) -> None:
    spent = order.shroud + order.amplify + order.ecm + order.reserve + order.masking
    if order.reserve or order.masking or any(order.ess.get(k) for k in ("shroud", "ecm", "jam", "negate", "amplify")):
        raise RuleError("CI-4.8.1", "reserved points go to shroud, amplification or ECM", unit=unit["id"],
                        field="order")
    if spent > unit["ew"]["reserve"]:
        raise RuleError("CI-4.8.1", f"{spent} points allocated; {unit['ew']['reserve']} were reserved",
                        unit=unit["id"], field="order")


def resolve_fire(pos: Pos, rng: Rng) -> tuple[Rng, list[Event]]:
    """Fire phases, Damage Effects, Final Actions, end of turn; the next turn's start and its
    power phase (CI-2.3 – CI-2.5)."""
    dice = Dice(rng, pos["turn"])
    events: list[Event] = []
    plots = pos["plots"]
    orders = {seat: {uid: fire.parse(o, "order") for uid, o in given.items()}
              for seat, given in plots.get("fire", {}).items()}
    defense = fire.defense_totals(pos, plots.get("defense", {}))
    more, fired = fire.resolve(pos, dice, orders, defense)
    pos["plots"] = {}
    events += more
    events += damage_effects(pos, dice)
    events += final_actions(pos)
    end_of_turn(pos, fired)
    settle_outcome(pos)
    if pos["outcome"] is None:
        start_of_turn(pos)
    return dice.rng, events + _phase(pos, "power")


def settle_outcome(pos: Pos) -> None:
    """House victory (the book's are in the lost chapters): the game ends when at most one side
    has a unit left that is not derelict; after the turn limit the side that inflicted the most
    damage (hull and structure lost, a destroyed unit counting its whole hull) wins, equal
    damage is a draw."""
    sides = [s for s in pos["seats"] if any(u["side"] == s and alive(u) and "derelict" not in u["status"]
                                           for u in pos["units"])]
    if len(sides) <= 1:
        pos["outcome"] = {"reason": "last side standing" if sides else "mutual destruction", "winners": sides}
    elif pos["turn_limit"] is not None and pos["turn"] > pos["turn_limit"]:
        inflicted = {s: sum(damage_taken(pos, u) for u in pos["units"] if u["side"] != s) for s in pos["seats"]}
        best = max(inflicted.values())
        winners = [s for s, v in inflicted.items() if v == best] if best else []
        pos["outcome"] = {"reason": "turn limit: most damage inflicted (house rule ci-house-v1)",
                          "winners": winners if len(winners) == 1 else []}


def damage_taken(pos: Pos, u: Unit) -> int:
    """Hull and structure a unit has lost; a destroyed unit counts its whole hull."""
    d = pos["designs"][u["design"]]
    if "destroyed" in u["status"]:
        return sum(sec["hull"] for sec in d["sections"].values()) + sum(s["structure"] for s in d["systems"])
    return sum(v["hull_lost"] for v in u["sections"].values()) + sum(st["lost"] for st in u["systems"].values()) \
        + sum(u.get("fighters", []))
