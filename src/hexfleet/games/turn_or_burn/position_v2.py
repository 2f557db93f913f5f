"""The fields ``turn-or-burn/2`` adds to a position (shared/formats/turn-or-burn-position.md).

:mod:`.position` reads and writes version 1 and calls these readers and writers for the
version-2 fields: the scenario and sides, black holes, projectiles and Space Hockey's field at
the top; a fighter's class, ammo, reloads, fuel, lost maneuvers and locked action. Module 6 is
not implemented: its fields are refused as such.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError, RuleError
from ...hexgrid import Hex, RectMap
from . import notation
from .cards import MANEUVERS
from .party_format import parse_marks
from .ship_sheet import marks_of
from .state import Config, Fighter, Hockey, LockedAction, Projectile

V1, V2 = "turn-or-burn/1", "turn-or-burn/2"

SCENARIOS = ("quick_shot", "popcorn", "bigger", "spacewar", "hockey", "big_party")
TOP_FIELDS_V2 = ("scenario", "sides", "black_holes", "hockey", "players", "stations", "game")
FIGHTER_FIELDS_V2 = ("class", "ammo", "reloaded", "fuel", "lost_maneuvers", "locked_action", "marks")
MODULE_6_FIELDS = ("players", "stations", "game", "marks")

LAUNCHERS = {"MR": "mine", "CAN": "shell", "RL": "rocket", "ML": "missile"}
"""Projectile weapons and the projectile kind each fires (TOB-M4-PROJ-01)."""
KIND_CARD = {**{kind: card for card, kind in LAUNCHERS.items()}, "puck": "PUCK"}
"""A projectile's card in a pull (the format's "Projectiles (v2)")."""
FULL_LOAD = {"MR": 8, "CAN": 4, "RL": 2, "ML": 1}
"""Ammo of a full load (TOB-M4-AMMO-01, TOB-COMP-06)."""
MISSILE_FUEL = 8
"""A missile's steering fuel (TOB-M4-MISSILE-02)."""
FUEL_PER_STRUCTURE = 18
"""TOB-M5-FUEL-02."""
EDGES = ("left", "right", "top", "bottom")
OPPOSITE_EDGE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
LOCKABLE = frozenset({"BG", "DB", "NB", "LT", "FB", "ZG", "MR", "CAN", "RL", "ML", "SCAN", "JAM", "BOT"})
"""System cards lock down may hold (TOB-M5-LOCK-06); every maneuver but TNC too."""


def default_scenario(modules: tuple[int, ...]) -> str:
    """By the highest of modules 1, 2, 4, 6 in force (``bigger`` and ``hockey`` only explicitly)."""
    for module, name in ((6, "big_party"), (4, "spacewar"), (2, "popcorn")):
        if module in modules:
            return name
    return "quick_shot"


def scenario_of(config: Config) -> str:
    return config.play or default_scenario(config.modules)


def class_name(cards: tuple[str, ...]) -> str:
    """The class as built (the format's ``class``): cargo makes a freighter, else the count."""
    if "CARGO" in cards:
        return "freighter"
    n = len(cards)
    return "standard" if n <= 6 else "heavy" if n <= 9 else "super" if n <= 12 else "ultra"


# --- ammo keys ----------------------------------------------------------------------------


def launcher_copies(f: Fighter) -> list[tuple[str, str, bool]]:
    """Every launcher copy as ``(ammo key, card, destroyed)``: sheet order, internal before
    external, ``ID#k`` when the fighter carries more than one; external copies are destroyed
    first, then the later internal ones (TOB-M3-EXT-04)."""
    copies = [c for c in f.cards + f.external if c in LAUNCHERS]
    total = Counter(copies)
    lost = Counter(f.destroyed)
    ext = Counter(f.external)
    out: list[tuple[str, str, bool]] = []
    seen: Counter[str] = Counter()
    for i, card in enumerate(f.cards + f.external):
        if card not in LAUNCHERS:
            continue
        seen[card] += 1
        k = seen[card]
        external = i >= len(f.cards)
        ext_lost = min(lost[card], ext[card])
        int_lost = lost[card] - ext_lost
        n_int = total[card] - ext[card]
        if external:
            destroyed = k - n_int > ext[card] - ext_lost
        else:
            destroyed = k > n_int - int_lost
        out.append((card if total[card] == 1 else f"{card}#{k}", card, destroyed))
    return out


def canonical_key(f: Fighter, key: str, where: str) -> str:
    """``MR`` and ``MR#1`` name the same copy; the key as the writer writes it."""
    card, _, k = key.partition("#")
    copies = [c for c in launcher_copies(f) if c[1] == card]
    index = 1
    if k:
        if not k.isdigit() or int(k) < 1:
            raise FormatError(where, f"ammo key {key!r}: expected a launcher id (MR, CAN, RL, ML) or ID#k, k from 1")
        index = int(k)
    if card not in LAUNCHERS or index > len(copies):
        have = ", ".join(c[0] for c in launcher_copies(f)) or "none"
        raise FormatError(where, f"{key!r} is not a launcher of fighter {f.id} (its launchers: {have})")
    return copies[index - 1][0]


def parse_ammo(raw: Any, f: Fighter, where: str) -> tuple[tuple[str, int], ...]:
    given: dict[str, int] = {}
    for key, value in reading.obj(raw, where).items():
        k = canonical_key(f, key, f"{where}.{key}")
        given[k] = reading.integer(value, f"{where}.{key}", low=0, high=FULL_LOAD[k.split("#")[0]])
    out = []
    for key, card, destroyed in launcher_copies(f):
        n = given.get(key, 0 if destroyed else FULL_LOAD[card])
        if destroyed and n:
            raise RuleError("TOB-M4-PROJ-02", f"launcher {key} is destroyed, so its unlaunched projectiles are gone "
                            f"(ammo 0, got {n})", unit=f.id, field=f"ammo.{key}")
        out.append((key, n))
    return tuple(out)


def ammo_of(f: Fighter) -> dict[str, int]:
    """Ammo per launcher copy: as recorded, a full load where nothing is recorded (a fighter
    as built), 0 for a destroyed copy (TOB-M4-AMMO-01, TOB-M4-PROJ-02)."""
    kept = dict(f.kit.ammo)
    return {key: 0 if destroyed else kept.get(key, FULL_LOAD[card]) for key, card, destroyed in launcher_copies(f)}


def fuel_of(f: Fighter) -> float:
    """Fuel left: as recorded, else full (18 per structure card, TOB-M5-FUEL-02)."""
    return f.kit.fuel if f.kit.fuel is not None else full_fuel(f)


def full_fuel(f: Fighter) -> float:
    return float(FUEL_PER_STRUCTURE * (f.cards.count("STR") + f.external.count("STR") - f.destroyed.count("STR")))


# --- fighter fields -----------------------------------------------------------------------


def parse_fighter_v2(raw: Any, f: Fighter, where: str, modules: tuple[int, ...], fuel_on: bool) -> dict[str, Any]:
    """The version-2 fighter fields as :class:`~.state.Kit` changes (checked against ``f``)."""
    changes: dict[str, Any] = {}
    if "marks" in raw and 6 not in modules:
        raise FormatError(f"{where}.marks", "is a Module 6 field; this position's modules do not include 6")
    if "marks" in raw:
        changes["marks"] = parse_marks(raw["marks"], f, f"{where}.marks")
    if "class" in raw:
        cls = reading.choice(raw["class"], ("standard", "heavy", "super", "ultra", "freighter"), f"{where}.class")
        if cls != class_name(f.cards):
            raise RuleError("TOB-M3-SIZE-02", f"class {cls!r} does not agree with the cards as built "
                            f"({len(f.cards)} internal: {class_name(f.cards)})", unit=f.id, field="class")
    m4 = 4 in modules
    m5 = 5 in modules
    for key, ok, module in (("ammo", m4, 4), ("reloaded", m4, 4), ("fuel", m5, 5), ("lost_maneuvers", m5, 5),
                            ("locked_action", m5, 5)):
        if key in raw and not ok and raw[key] not in (None, [], {}):
            raise FormatError(f"{where}.{key}", f"is a Module {module} field; this position's modules do not include {module}")
    if m4:
        changes["ammo"] = parse_ammo(raw.get("ammo", {}), f, f"{where}.ammo")
        reloaded = []
        for j, key in enumerate(reading.lst(raw.get("reloaded", []), f"{where}.reloaded")):
            k = canonical_key(f, reading.text(key, f"{where}.reloaded[{j}]"), f"{where}.reloaded[{j}]")
            if k in reloaded:
                raise FormatError(f"{where}.reloaded[{j}]", f"{k} is listed twice")
            reloaded.append(k)
        changes["reloaded"] = tuple(reloaded)
    if m5:
        if fuel_on:
            if raw.get("fuel") is None:
                changes["fuel"] = full_fuel(f)
            else:
                value = raw["fuel"]
                if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or (value * 2) % 1:
                    raise FormatError(f"{where}.fuel", f"expected fuel points >= 0 in steps of 0.5, got {value!r}")
                changes["fuel"] = float(value)
        elif raw.get("fuel") is not None:
            raise FormatError(f"{where}.fuel", "fuel is tracked only with option fuel on (TOB-M5-OPT-01)")
        lost = []
        for j, card in enumerate(reading.lst(raw.get("lost_maneuvers", []), f"{where}.lost_maneuvers")):
            name = reading.text(card, f"{where}.lost_maneuvers[{j}]")
            if name not in MANEUVERS or name == "DITTO":
                raise FormatError(f"{where}.lost_maneuvers[{j}]", f"expected a maneuver card id, got {name!r}")
            if name in lost:
                raise FormatError(f"{where}.lost_maneuvers[{j}]", f"{name} is listed twice")
            lost.append(name)
        changes["lost_maneuvers"] = tuple(lost)
        if raw.get("locked_action") is not None:
            changes["locked"] = parse_locked(raw["locked_action"], f, f"{where}.locked_action")
    return changes


def parse_locked(raw: Any, f: Fighter, where: str) -> LockedAction:
    data = reading.obj(raw, where)
    reading.fields(data, where, allowed=("card", "misses", "thrust", "offset"), required=("card", "misses"))
    card = reading.text(data["card"], f"{where}.card")
    if card == "TNC" or not (card in LOCKABLE or (card in MANEUVERS and card != "DITTO")):
        raise RuleError("TOB-M5-LOCK-06", f"{card} may not be locked down", unit=f.id, field="locked_action.card")
    misses = reading.integer(data["misses"], f"{where}.misses", low=0, high=5)
    thrust = offset = None
    if card == "CAN":
        thrust = reading.integer(data.get("thrust", 0), f"{where}.thrust", low=0, high=3)
    elif "thrust" in data:
        raise FormatError(f"{where}.thrust", "only a locked cannon has a thrust")
    if card == "RL":
        offset = notation.hex_at(data.get("offset", [0, 0]), f"{where}.offset")
        if max(abs(offset[0]), abs(offset[1]), abs(offset[0] + offset[1])) > 3:
            raise RuleError("TOB-M4-LAUNCH-04", "a rocket's marker is at most 3 hexes from the fighter's",
                            unit=f.id, field="locked_action.offset")
    elif "offset" in data:
        raise FormatError(f"{where}.offset", "only a locked rocket launcher has an offset")
    return LockedAction(card, misses, thrust, offset)


def fighter_v2_json(f: Fighter, modules: tuple[int, ...], fuel_on: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"class": class_name(f.cards)}
    if 6 in modules:
        out["marks"] = list(marks_of(f))
    if 4 in modules:
        out["ammo"] = ammo_of(f)
        out["reloaded"] = list(f.kit.reloaded)
    if 5 in modules:
        if fuel_on:
            out["fuel"] = number(fuel_of(f))
        out["lost_maneuvers"] = list(f.kit.lost_maneuvers)
        lock = f.kit.locked
        locked: dict[str, Any] | None = None
        if lock is not None:
            locked = {"card": lock.card, "misses": lock.misses}
            if lock.thrust is not None:
                locked["thrust"] = lock.thrust
            if lock.offset is not None:
                locked["offset"] = list(lock.offset)
        out["locked_action"] = locked
    return out


def number(x: float) -> int | float:
    """Fuel as JSON: a whole number without a fraction."""
    return int(x) if x == int(x) else x


# --- top-level fields ---------------------------------------------------------------------


def parse_projectiles(raw: Any, modules: tuple[int, ...], sides: tuple[str, ...], board: RectMap,
                      taken: set[str]) -> tuple[Projectile, ...]:
    items = reading.lst(raw, "projectiles")
    if items and 4 not in modules and 5 not in modules:
        raise FormatError("projectiles", "projectiles need Module 4, which this position does not list")
    out = []
    for i, item in enumerate(items):
        where = f"projectiles[{i}]"
        data = reading.obj(item, where)
        reading.fields(data, where, allowed=("id", "side", "kind", "hex", "momentum", "fuel", "by", "fail_safe"),
                       required=("id", "kind", "hex", "momentum"))
        pid = reading.text(data["id"], f"{where}.id")
        if pid in taken:
            raise FormatError(f"{where}.id", f"id {pid!r} is already used by a fighter or projectile")
        taken.add(pid)
        kind = reading.choice(data["kind"], ("mine", "shell", "rocket", "missile", "puck"), f"{where}.kind")
        if kind == "puck":
            if 5 not in modules:
                raise FormatError(f"{where}.kind", "the puck is Space Hockey's (Module 5)")
            if data.get("side") is not None:
                raise FormatError(f"{where}.side", "the puck has no side (null)")
            side = None
        else:
            if 4 not in modules:
                raise FormatError(f"{where}.kind", "projectile weapons are Module 4's, which this position does not list")
            if "side" not in data:
                raise FormatError(f"{where}.side", "missing")
            side = reading.text(data["side"], f"{where}.side")
            if side not in sides:
                raise FormatError(f"{where}.side", f"unknown side {side!r}; sides: {', '.join(sides)}")
        fuel = None
        if kind == "missile":
            fuel = reading.integer(data.get("fuel", MISSILE_FUEL), f"{where}.fuel", low=0, high=MISSILE_FUEL)
        elif data.get("fuel") is not None:
            raise FormatError(f"{where}.fuel", "only a missile has fuel")
        by = data.get("by")
        if by is not None:
            by = reading.text(by, f"{where}.by")
        if "fail_safe" in data:
            reading.flag(data["fail_safe"], f"{where}.fail_safe")
        p = Projectile(pid, side, kind, notation.hex_at(data["hex"], f"{where}.hex"),
                       notation.hex_at(data["momentum"], f"{where}.momentum"), fuel, by)
        if not board.contains(p.hex):
            raise RuleError("TOB-GEO-13", f"projectile hex {list(p.hex)} is off the map, so it is out of play",
                            unit=pid, field="hex")
        if kind != "puck" and not board.contains(p.momentum):
            raise RuleError("TOB-GEO-13", f"momentum marker {list(p.momentum)} is off the map, so the projectile is "
                            "out of play", unit=pid, field="momentum")
        out.append(p)
    return tuple(out)


def projectile_json(p: Projectile, fail_safe: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "side": p.side, "kind": p.kind, "hex": list(p.hex), "momentum": list(p.momentum)}
    if p.kind == "missile":
        out["fuel"] = p.fuel
    if p.by is not None:
        out["by"] = p.by
    if p.kind != "puck":
        out["fail_safe"] = fail_safe
    return out


def parse_black_holes(raw: Any, modules: tuple[int, ...], board: RectMap) -> tuple[Hex, ...]:
    items = reading.lst(raw, "black_holes")
    if items and 4 not in modules:
        raise FormatError("black_holes", "black holes are Module 4's, which this position does not list")
    holes = []
    for i, h in enumerate(items):
        hole = notation.hex_at(h, f"black_holes[{i}]")
        if not board.contains(hole):
            raise FormatError(f"black_holes[{i}]", f"hex {list(hole)} is off the map")
        if hole in holes:
            raise FormatError(f"black_holes[{i}]", f"hex {list(hole)} is listed twice")
        holes.append(hole)
    return tuple(holes)


def parse_hockey(raw: Any, scenario: str, sides: tuple[str, ...], board: RectMap) -> Hockey | None:
    if raw is None:
        if scenario == "hockey":
            raise FormatError("hockey", "missing: scenario hockey needs each team's edge and the puck's start")
        return None
    if scenario != "hockey":
        raise FormatError("hockey", f"belongs to scenario hockey, not {scenario}")
    data = reading.obj(raw, "hockey")
    reading.fields(data, "hockey", allowed=("edges", "puck_start"), required=("edges", "puck_start"))
    edges_raw = reading.obj(data["edges"], "hockey.edges")
    edges = {}
    for side, edge in edges_raw.items():
        if side not in sides:
            raise FormatError(f"hockey.edges.{side}", f"unknown side {side!r}; sides: {', '.join(sides)}")
        edges[side] = reading.choice(edge, EDGES, f"hockey.edges.{side}")
    if sorted(edges) != sorted(sides) or len(sides) != 2:
        raise FormatError("hockey.edges", "Space Hockey has 2 teams, each with its own edge (TOB-M5-HOCKEY-01)")
    a, b = (edges[s] for s in sides)
    if OPPOSITE_EDGE[a] != b:
        raise RuleError("TOB-M5-HOCKEY-02", f"the teams set up along opposite edges; got {a} and {b}",
                        field="hockey.edges")
    start = notation.hex_at(data["puck_start"], "hockey.puck_start")
    if not board.contains(start):
        raise FormatError("hockey.puck_start", f"hex {list(start)} is off the map")
    return Hockey(tuple((s, edges[s]) for s in sides), start)


def hockey_json(h: Hockey) -> dict[str, Any]:
    return {"edges": dict(h.edges), "puck_start": list(h.puck_start)}
