"""The ``talon/1`` position format (shared/formats/talon-position.md), read and written exactly.

A position is read into its *full form*: the same JSON object with every omitted optional field
filled with its default (the state at the start of a scenario, TAL-AMB-44), every value checked.
An unknown field or a bad value is a :class:`FormatError` naming its path; a position that
breaks a rule (two units with one id, a battery on a class without one) names the rule. The
engine's state *is* that full form, so writing a position is writing it back.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.reading import choice, describe, fields, flag, hex_pair, integer, lst, obj, text
from .data import ARCS, IMPULSES, PACKS, ShipClass, pack
from .options import parse_options

FORMAT = "talon/1"
SIDES = ("terran", "talon")
PHASES = ("impulse", "initiative", "power", "retreat")
STEPS = ("ap", "move", "fire", "repair")
TERRAIN = ("planet", "asteroid", "nebula", "black_hole", "worm_hole")
REPAIRABLE = ("shields_down", "helm_down", "power_loss")
PERMANENT = ("thrusters", "power_relay", "ftl_offline")
STATUS = ("destroyed", "retreated", "docked")

_TOP = ("format", "data_pack", "options", "map", "round", "phase", "impulse", "initiative", "player", "step",
        "ships", "squadrons", "missiles", "terrain", "removed", "next_missile", "scenario", "outcome", "round_limit",
        "pending_counts", "speeds", "repairs_tried", "interrupts", "held")
"""The format's fields, then what the engine adds where the format has no place for a fact it
needs: the outcome, a round limit, three notes kept only while their decision is open (the
marker counts of a pending initiative choice, the Speeds before this Power Phase's changes, the
repairs tried this Turn), and for interactive play ``interrupts`` (true: a choice of the side
not acting is asked of that side, TAL-IMP-2) with ``held``, the order whose resolution waits
for such an answer and the answers given so far."""
_SHIP = ("id", "class", "side", "hex", "facing", "name", "curve", "tr_count", "side_slip", "initiative_marker",
         "shields", "reinforcements", "hull_marked", "groups", "battery", "afterburners", "criticals", "ap_used",
         "moved")
_SQUADRON = ("id", "class", "side", "hex", "facing", "name", "curve", "tr_count", "side_slip", "moved", "powered",
             "fighters")
_MISSILE = ("id", "side", "hex", "facing", "target", "damaged", "moved")


def parse_position(data: Any) -> dict[str, Any]:
    """The full form of a ``talon/1`` position (a new object; ``data`` is not changed)."""
    data = obj(data, "position")
    fields(data, "position", allowed=_TOP, required=("format", "map", "ships"))
    if data["format"] != FORMAT:
        raise FormatError("format", f"expected {FORMAT!r}, got {describe(data['format'])}")
    out: dict[str, Any] = {"format": FORMAT}
    out["data_pack"] = choice(data.get("data_pack", "talon-ext"), PACKS, "data_pack")
    classes = pack(out["data_pack"])
    out["options"] = dict(obj(data.get("options", {}), "options"))
    parse_options(out["options"])
    out["map"] = _map(data["map"])
    out["round"] = integer(data.get("round", 1), "round", low=1)
    out["phase"] = choice(data.get("phase", "impulse"), PHASES, "phase")
    in_impulse = out["phase"] in ("impulse", "initiative")
    impulse = data.get("impulse", "A" if in_impulse else None)
    if in_impulse:
        out["impulse"] = choice(impulse, IMPULSES, "impulse")
    elif impulse is not None:
        raise FormatError("impulse", f"must be null in phase {out['phase']!r}, got {describe(impulse)}")
    else:
        out["impulse"] = None
    out["initiative"] = choice(data.get("initiative", "terran"), SIDES, "initiative")
    out["player"] = choice(data.get("player", out["initiative"]), SIDES, "player")
    step = data.get("step", "ap" if out["phase"] == "impulse" else None)
    if out["phase"] == "impulse":
        out["step"] = choice(step, STEPS, "step")
    elif step is not None:
        raise FormatError("step", f"must be null in phase {out['phase']!r}, got {describe(step)}")
    else:
        out["step"] = None
    out["ships"] = [_ship(s, f"ships[{i}]", classes) for i, s in enumerate(lst(data["ships"], "ships"))]
    out["squadrons"] = [_squadron(s, f"squadrons[{i}]", classes)
                        for i, s in enumerate(lst(data.get("squadrons", []), "squadrons"))]
    out["missiles"] = [_missile(m, f"missiles[{i}]") for i, m in enumerate(lst(data.get("missiles", []), "missiles"))]
    out["terrain"] = [_terrain(t, f"terrain[{i}]") for i, t in enumerate(lst(data.get("terrain", []), "terrain"))]
    out["removed"] = [_removed(r, f"removed[{i}]", classes) for i, r in enumerate(lst(data.get("removed", []), "removed"))]
    numbers = [int(m["id"][1:]) for m in out["missiles"] if m["id"][1:].isdigit()]
    out["next_missile"] = integer(data.get("next_missile", max(numbers, default=0) + 1), "next_missile", low=1)
    out["scenario"] = _scenario(data.get("scenario", {}), classes)
    if data.get("outcome") is not None:
        out["outcome"] = dict(obj(data["outcome"], "outcome"))
    if data.get("round_limit") is not None:
        out["round_limit"] = integer(data["round_limit"], "round_limit", low=1)
    if "pending_counts" in data:
        counts = lst(data["pending_counts"], "pending_counts")
        out["pending_counts"] = [integer(c, f"pending_counts[{i}]", low=0) for i, c in enumerate(counts)]
    if "speeds" in data:
        out["speeds"] = {k: integer(v, f"speeds.{k}", low=0, high=6) for k, v in obj(data["speeds"], "speeds").items()}
    if "repairs_tried" in data:
        out["repairs_tried"] = [_tried(p, f"repairs_tried[{i}]")
                                for i, p in enumerate(lst(data["repairs_tried"], "repairs_tried"))]
    if "interrupts" in data:
        out["interrupts"] = flag(data["interrupts"], "interrupts")
    if "held" in data:
        held = obj(data["held"], "held")
        fields(held, "held", allowed=("order", "answers"), required=("order", "answers"))
        out["held"] = {"order": dict(obj(held["order"], "held.order")), "answers": list(lst(held["answers"], "held.answers"))}
    _check_ids(out)
    return out


def position_json(pos: Mapping[str, Any]) -> dict[str, Any]:
    """The full form as written (a deep copy: the state stays untouched)."""
    return copy.deepcopy(dict(pos))


# --- parts --------------------------------------------------------------------------------------


def _map(data: Any) -> dict[str, Any]:
    data = obj(data, "map")
    mode = choice(data.get("mode"), ("board", "infinite"), "map.mode")
    if mode == "infinite":
        fields(data, "map", allowed=("mode",))
        return {"mode": "infinite"}
    fields(data, "map", allowed=("mode", "origin", "extension"), required=("origin",))
    return {"mode": "board", "origin": list(hex_pair(data["origin"], "map.origin")),
            "extension": flag(data.get("extension", False), "map.extension")}


def _class(value: Any, where: str, classes: Mapping[str, ShipClass]) -> ShipClass:
    key = text(value, where)
    if key not in classes:
        raise FormatError(where, f"unknown class {key!r} in this data pack; classes: {', '.join(classes)}")
    return classes[key]


def _unit_head(data: Mapping[str, Any], where: str, classes: Mapping[str, ShipClass]) -> tuple[dict[str, Any], ShipClass]:
    cls = _class(data["class"], f"{where}.class", classes)
    side = choice(data["side"], SIDES, f"{where}.side")
    out: dict[str, Any] = {"id": text(data["id"], f"{where}.id"), "class": cls.key, "side": side,
                           "hex": list(hex_pair(data["hex"], f"{where}.hex")),
                           "facing": integer(data["facing"], f"{where}.facing", low=0, high=5)}
    if "name" in data:
        out["name"] = text(data["name"], f"{where}.name")
    out["curve"] = _curve(data.get("curve"), f"{where}.curve", cls)
    tr = data.get("tr_count")
    out["tr_count"] = None if tr is None else integer(tr, f"{where}.tr_count", low=1)
    if tr is not None and cls.is_base:
        raise RuleError("TAL-14.a", "a Base has no Turn Radius marker", unit=out["id"], field=f"{where}.tr_count")
    out["side_slip"] = flag(data.get("side_slip", False), f"{where}.side_slip")
    return out, cls


def _curve(value: Any, where: str, cls: ShipClass) -> list[int | None]:
    if value is None:
        row = cls.start_row
        return [row.power, row.speed, row.tr]
    value = lst(value, where)
    if len(value) != 3:
        raise FormatError(where, "expected [power, speed, tr]")
    power = integer(value[0], f"{where}[0]")
    speed = integer(value[1], f"{where}[1]", low=0, high=6)
    if cls.row(speed) is None:
        raise RuleError("TAL-5.4.1", f"class {cls.key} prints no row with Speed {speed}", field=f"{where}[1]")
    if cls.is_base:
        if value[2] is not None:
            raise RuleError("TAL-14.a", "a Base's curve has no Turn Radius: write null", field=f"{where}[2]")
        return [power, speed, None]
    return [power, speed, integer(value[2], f"{where}[2]", low=0)]


def _when(value: Any, where: str, *, impulse_null: bool) -> dict[str, Any]:
    value = obj(value, where)
    fields(value, where, allowed=("round", "impulse"), required=("round", "impulse"))
    imp = value["impulse"]
    if not (impulse_null and imp is None):
        imp = choice(imp, IMPULSES, f"{where}.impulse")
    return {"round": integer(value["round"], f"{where}.round", low=1), "impulse": imp}


def _ship(data: Any, where: str, classes: Mapping[str, ShipClass]) -> dict[str, Any]:
    data = obj(data, where)
    fields(data, where, allowed=_SHIP, required=("id", "class", "side", "hex", "facing"))
    out, cls = _unit_head(data, where, classes)
    if cls.is_squadron:
        raise FormatError(f"{where}.class", f"{cls.key} is a fighter squadron: list it under squadrons")
    marker = data.get("initiative_marker")
    out["initiative_marker"] = None if marker is None else choice(marker, ("change", "defend"),
                                                                  f"{where}.initiative_marker")
    shields = obj(data.get("shields", {}), f"{where}.shields")
    fields(shields, f"{where}.shields", allowed=ARCS)
    out["shields"] = {a: integer(shields.get(a, cls.shields[i]), f"{where}.shields.{a}", low=0, high=cls.shields[i])
                      for i, a in enumerate(ARCS)}
    reinf = obj(data.get("reinforcements", {}), f"{where}.reinforcements")
    fields(reinf, f"{where}.reinforcements", allowed=ARCS)
    out["reinforcements"] = {a: _when(reinf[a], f"{where}.reinforcements.{a}", impulse_null=False)
                             for a in ARCS if a in reinf}
    out["hull_marked"] = integer(data.get("hull_marked", 0), f"{where}.hull_marked", low=0, high=len(cls.hull) - 1)
    out["groups"] = _groups(data.get("groups"), f"{where}.groups", cls)
    if cls.battery:
        out["battery"] = flag(data.get("battery", False), f"{where}.battery")
    elif data.get("battery", False) is not False:
        raise RuleError("TAL-10.1.1", f"class {cls.key} has no battery", unit=out["id"], field=f"{where}.battery")
    if cls.afterburners:
        out["afterburners"] = integer(data.get("afterburners", cls.afterburners), f"{where}.afterburners",
                                      low=0, high=cls.afterburners)
    elif data.get("afterburners", 0) != 0:
        raise RuleError("TAL-10.2.1", f"class {cls.key} has no afterburners", unit=out["id"],
                        field=f"{where}.afterburners")
    crit = obj(data.get("criticals", {}), f"{where}.criticals")
    fields(crit, f"{where}.criticals", allowed=REPAIRABLE + PERMANENT)
    out["criticals"] = {}
    for k in REPAIRABLE + PERMANENT:
        if k in crit:
            at = f"{where}.criticals.{k}"
            if k in PERMANENT:
                if crit[k] is not True:
                    raise FormatError(at, f"a permanent critical is written true, got {describe(crit[k])}")
                out["criticals"][k] = True
            else:
                out["criticals"][k] = _when(crit[k], at, impulse_null=True)
    out["ap_used"] = flag(data.get("ap_used", False), f"{where}.ap_used")
    out["moved"] = flag(data.get("moved", False), f"{where}.moved")
    return out


def _groups(value: Any, where: str, cls: ShipClass) -> list[dict[str, Any]]:
    if value is None:
        return [{"red": g.red, "yellow": g.yellow, "destroyed": False} for g in cls.groups]
    value = lst(value, where)
    if len(value) != len(cls.groups):
        raise FormatError(where, f"class {cls.key} has {len(cls.groups)} weapon group(s), got {len(value)}")
    out = []
    for i, (g, printed) in enumerate(zip(value, cls.groups, strict=True)):
        at = f"{where}[{i}]"
        g = obj(g, at)
        fields(g, at, allowed=("red", "yellow", "destroyed"))
        out.append({"red": integer(g.get("red", printed.red), f"{at}.red", low=0, high=printed.red),
                    "yellow": integer(g.get("yellow", printed.yellow), f"{at}.yellow", low=0, high=printed.yellow),
                    "destroyed": flag(g.get("destroyed", False), f"{at}.destroyed")})
    return out


def _squadron(data: Any, where: str, classes: Mapping[str, ShipClass]) -> dict[str, Any]:
    data = obj(data, where)
    fields(data, where, allowed=_SQUADRON, required=("id", "class", "side", "hex", "facing"))
    out, cls = _unit_head(data, where, classes)
    if not cls.is_squadron:
        raise FormatError(f"{where}.class", f"{cls.key} is not a fighter squadron: list it under ships")
    out["moved"] = flag(data.get("moved", False), f"{where}.moved")
    out["powered"] = flag(data.get("powered", False), f"{where}.powered")
    g = cls.groups[0]
    fighters = data.get("fighters")
    if fighters is None:
        out["fighters"] = [{"hull_marked": 0, "red": g.red, "yellow": g.yellow} for _ in range(3)]
        return out
    fighters = lst(fighters, f"{where}.fighters")
    if len(fighters) != 3:
        raise FormatError(f"{where}.fighters", f"a squadron lists its 3 fighters, got {len(fighters)}")
    out["fighters"] = []
    for i, f in enumerate(fighters):
        at = f"{where}.fighters[{i}]"
        f = obj(f, at)
        fields(f, at, allowed=("hull_marked", "red", "yellow"))
        out["fighters"].append({"hull_marked": integer(f.get("hull_marked", 0), f"{at}.hull_marked", low=0,
                                                       high=cls.fighter_hull),
                                "red": integer(f.get("red", g.red), f"{at}.red", low=0, high=g.red),
                                "yellow": integer(f.get("yellow", g.yellow), f"{at}.yellow", low=0, high=g.yellow)})
    if all(f["hull_marked"] == cls.fighter_hull for f in out["fighters"]):
        raise RuleError("TAL-AMB-19", "a squadron with every fighter destroyed is out of play",
                        unit=out["id"], field=f"{where}.fighters")
    return out


def _missile(data: Any, where: str) -> dict[str, Any]:
    data = obj(data, where)
    fields(data, where, allowed=_MISSILE, required=("id", "side", "hex", "facing"))
    mid = text(data["id"], f"{where}.id")
    if not (mid.startswith("M") and mid[1:].isdigit()):
        raise FormatError(f"{where}.id", f"a missile id is M<number> (TAL-AMB-18), got {mid!r}")
    target = data.get("target")
    return {"id": mid, "side": choice(data["side"], SIDES, f"{where}.side"),
            "hex": list(hex_pair(data["hex"], f"{where}.hex")),
            "facing": integer(data["facing"], f"{where}.facing", low=0, high=5),
            "target": None if target is None else text(target, f"{where}.target"),
            "damaged": flag(data.get("damaged", False), f"{where}.damaged"),
            "moved": flag(data.get("moved", False), f"{where}.moved")}


def _terrain(data: Any, where: str) -> dict[str, Any]:
    data = obj(data, where)
    fields(data, where, allowed=("kind", "hex"), required=("kind", "hex"))
    return {"kind": choice(data["kind"], TERRAIN, f"{where}.kind"), "hex": list(hex_pair(data["hex"], f"{where}.hex"))}


def _removed(data: Any, where: str, classes: Mapping[str, ShipClass]) -> dict[str, Any]:
    data = obj(data, where)
    fields(data, where, allowed=("id", "class", "side", "status", "host"), required=("id", "class", "side", "status"))
    out = {"id": text(data["id"], f"{where}.id"), "class": _class(data["class"], f"{where}.class", classes).key,
           "side": choice(data["side"], SIDES, f"{where}.side"),
           "status": choice(data["status"], STATUS, f"{where}.status")}
    if "host" in data:
        out["host"] = text(data["host"], f"{where}.host")
    return out


def _scenario(data: Any, classes: Mapping[str, ShipClass]) -> dict[str, Any]:
    data = obj(data, "scenario")
    fields(data, "scenario", allowed=("docking", "landing", "reserves"))
    out: dict[str, Any] = {}
    for key in ("docking", "landing"):
        out[key] = [text(x, f"scenario.{key}[{i}]") for i, x in enumerate(lst(data.get(key, []), f"scenario.{key}"))]
    reserves = []
    for i, r in enumerate(lst(data.get("reserves", []), "scenario.reserves")):
        at = f"scenario.reserves[{i}]"
        r = obj(r, at)
        arrives = integer(r.get("arrives"), f"{at}.arrives", low=1)
        ship = _ship({k: v for k, v in r.items() if k != "arrives"}, at, classes)
        reserves.append({**ship, "arrives": arrives})
    out["reserves"] = reserves
    return out


def _tried(value: Any, where: str) -> list[str]:
    pair = lst(value, where)
    if len(pair) != 2:
        raise FormatError(where, "expected [ship id, critical]")
    return [text(pair[0], f"{where}[0]"), choice(pair[1], REPAIRABLE, f"{where}[1]")]


def _check_ids(pos: Mapping[str, Any]) -> None:
    seen: set[str] = set()
    units = pos["ships"] + pos["squadrons"] + pos["missiles"] + pos["removed"] + pos["scenario"]["reserves"]
    for u in units:
        if u["id"] in seen:
            raise RuleError("TAL-IMP-1", f"two units share the id {u['id']!r}", unit=u["id"], field="id")
        seen.add(u["id"])
    live = {u["id"] for u in pos["ships"] + pos["squadrons"]}
    for i, m in enumerate(pos["missiles"]):
        if m["target"] is not None and m["target"] not in live:
            raise RuleError("TAL-13.3", f"missile {m['id']} targets {m['target']!r}, which is not in play",
                            unit=m["id"], field=f"missiles[{i}].target")
