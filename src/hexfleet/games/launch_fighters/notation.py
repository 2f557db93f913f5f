"""Launch Fighters! orders as frozen objects: read from JSON first, written back as the same JSON.

Every decision kind has an order class; its ``repr`` is the game's notation, what a log or a
bot's trace shows (docs/launch-fighters.md, "Decisions and orders"). ``parse_<kind>`` reads an
order's JSON into its object and raises :class:`~hexfleet.engine.errors.FormatError` naming the
field for a shape error, before any rule is checked (STYLE §2: parse first, then check);
``dump`` writes an object back as the JSON the position format and records use.

Choices a player picks from a short list the engine made (which stat, which interceptors,
flip or return) are read only for their JSON types: an answer that is not among the choices
breaks the decision's rule, checked later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError
from ...engine.frozen import record
from ...hexgrid import Hex
from .reading import facing, unit_id


def _flag(order: Mapping[str, Any], key: str) -> bool:
    return reading.flag(order.get(key, False), f"order.{key}")


def _hx(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


def _order(raw: Any, kind: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise FormatError("order", f"expected an object for a {kind} decision")
    return raw


# --- the order objects ----------------------------------------------------------------------


@record
class Fleet:
    """``fleet scenario`` (``{}``) or ``fleet [Excelsior, Picket]`` (names or inline designs)."""

    ships: tuple[Any, ...] | None = None

    def __repr__(self) -> str:
        if self.ships is None:
            return "fleet scenario"
        names = [s if isinstance(s, str) else s.get("name", "design") if isinstance(s, dict) else repr(s)
                 for s in self.ships]
        return f"fleet [{', '.join(names)}]"


@record
class Vote:
    """``vote end`` or ``vote play on``."""

    end: bool

    def __repr__(self) -> str:
        return "vote end" if self.end else "vote play on"


@record
class Place:
    """``place X-A (12,10) f3``."""

    ship: str
    hex: Hex
    facing: int

    def __repr__(self) -> str:
        return f"place {self.ship} {_hx(self.hex)} f{self.facing}"


@record
class Move:
    """``X-A > (12,10) f3``; ``X-A > (12,11)(12,10) f3`` with a path; ``+booster``, ``+warp``."""

    unit: str
    to: Hex | None = None
    path: tuple[Hex, ...] | None = None
    facing: int | None = None
    booster: bool = False
    warp: bool = False

    def __repr__(self) -> str:
        where = "".join(_hx(h) for h in self.path) if self.path is not None else _hx(self.to) if self.to else "?"
        return (f"{self.unit} > {where}" + (f" f{self.facing}" if self.facing is not None else "")
                + (" +booster" if self.booster else "") + (" +warp" if self.warp else ""))


@record
class Activate:
    """``activate X-A``; a squadron ``X-F1 attacks Y-A`` or ``X-F1 rtb`` (return to base)."""

    unit: str
    attack: str | None = None
    rtb: bool = False

    def __repr__(self) -> str:
        if self.attack is not None:
            return f"{self.unit} attacks {self.attack}"
        return f"{self.unit} rtb" if self.rtb else f"activate {self.unit}"


@record
class Formation:
    """``X-F1+X-F2 attack Y-A``: squadrons adjacent to a ship attack it together (LF-BAR-06)."""

    units: tuple[str, ...]
    attack: str

    def __repr__(self) -> str:
        return f"{'+'.join(self.units)} attack {self.attack}"


@record
class System:
    """``cannons at Y-A``, ``launchers 3 at Y-A``, ``launch X-F1 (3,4), X-F2 (4,4)``, ``end``."""

    system: str
    target: str | None = None
    missiles: int | None = None
    launch: tuple[tuple[str, Hex], ...] = ()

    def __repr__(self) -> str:
        if self.system == "end":
            return "end"
        if self.system == "bays":
            return "launch " + ", ".join(f"{q} {_hx(h)}" for q, h in self.launch)
        return f"{self.system}{f' {self.missiles}' if self.missiles is not None else ''} at {self.target}"


@record
class Barrage:
    """``barrage 2``, ``barrage 2 at Y-F1`` (flak), or ``stop``."""

    dice: int | None = None
    target: str | None = None
    stop: bool = False

    def __repr__(self) -> str:
        if self.stop:
            return "stop"
        return f"barrage {self.dice}" + (f" at {self.target}" if self.target is not None else "")


@record
class Intercept:
    """``intercept Y-F1, Y-F2`` or ``intercept none``."""

    squadrons: tuple[Any, ...]

    def __repr__(self) -> str:
        return "intercept " + (", ".join(map(str, self.squadrons)) or "none")


@record
class Pick:
    """The answer to a short choice the engine offered: ``stat: defense``, ``fighter_hit: rtb``,
    ``push: (3,4)``, ``land: X-A``, ``bay_loss: X-F2``, ``advance: X-F1`` / ``advance: none``,
    ``repair: yes``, ``repair_stat: move``. ``field`` is the JSON key, ``value`` its value."""

    kind: str
    value: Any

    def __repr__(self) -> str:
        v = self.value
        text = _hx(v) if isinstance(v, tuple) else "none" if v is None else ("yes" if v else "no") \
            if isinstance(v, bool) else str(v)
        return f"{self.kind}: {text}"


ORDER_TYPE: dict[str, type | tuple[type, ...]] = {
    "fleet": Fleet, "vote": Vote, "place": Place, "move": Move, "activate": (Activate, Formation),
    "system": System, "barrage": Barrage, "intercept": Intercept}
"""Each kind's order class; the short-choice kinds answer with a :class:`Pick`."""

PICK_FIELD = {"stat": "stat", "repair_stat": "stat", "fighter_hit": "result", "push": "hex", "land": "ship",
              "bay_loss": "squadron", "advance": "squadron", "repair": "attempt"}
"""The one JSON field of each short-choice decision's order."""


# --- reading JSON ------------------------------------------------------------------------------


def parse_fleet(raw: Any) -> Fleet:
    if not isinstance(raw, dict):
        raise FormatError("order", "a fleet order is an object: {} or {\"ships\": [...]}")
    reading.fields(raw, "order", allowed={"ships"})
    if "ships" not in raw:
        return Fleet()
    return Fleet(tuple(reading.lst(raw["ships"], "order.ships")))


def parse_vote(raw: Any) -> Vote:
    if not isinstance(raw, dict) or set(raw) != {"end"} or not isinstance(raw["end"], bool):
        raise FormatError("order", 'a vote is {"end": true} or {"end": false}')
    return Vote(raw["end"])


def parse_place(raw: Any) -> Place:
    order = _order(raw, "place")
    reading.fields(order, "order", allowed={"ship", "hex", "facing"}, required={"ship", "hex", "facing"})
    return Place(unit_id(order["ship"], "order.ship"), reading.hex_pair(order["hex"], "order.hex"),
                 facing(order["facing"], "order.facing"))


def parse_move(raw: Any) -> Move:
    order = _order(raw, "move")
    reading.fields(order, "order", allowed={"unit", "to", "path", "facing", "booster", "warp"}, required={"unit"})
    path = None
    if "path" in order:
        if not isinstance(order["path"], list):
            raise FormatError("order.path", "expected a list of hexes")
        path = tuple(reading.hex_pair(h, f"order.path[{i}]") for i, h in enumerate(order["path"]))
    elif "to" not in order:
        raise FormatError("order.to", "a move needs 'to' (a destination) or 'path'")
    to = reading.hex_pair(order["to"], "order.to") if "to" in order else None
    return Move(unit_id(order["unit"], "order.unit"), to, path,
                facing(order["facing"], "order.facing") if "facing" in order else None,
                _flag(order, "booster"), _flag(order, "warp"))


def parse_activate(raw: Any) -> Activate | Formation:
    order = _order(raw, "activate")
    if "units" in order:
        reading.fields(order, "order", allowed={"units", "attack"}, required={"units", "attack"})
        ids = order["units"]
        if not isinstance(ids, list) or not ids or len(set(map(repr, ids))) != len(ids):
            raise FormatError("order.units", "a formation is a list of distinct squadron ids")
        return Formation(tuple(unit_id(i, f"order.units[{n}]") for n, i in enumerate(ids)),
                         unit_id(order["attack"], "order.attack"))
    reading.fields(order, "order", allowed={"unit", "attack", "rtb"}, required={"unit"})
    return Activate(unit_id(order["unit"], "order.unit"),
                    unit_id(order["attack"], "order.attack") if "attack" in order else None, _flag(order, "rtb"))


def parse_system(raw: Any) -> System:
    order = _order(raw, "system")
    system = order.get("system")
    if system == "end":
        reading.fields(order, "order", allowed={"system"})
        return System("end")
    if system not in ("cannons", "launchers", "bays"):
        raise FormatError("order.system", "expected cannons, launchers, bays or end")
    if system == "bays":
        reading.fields(order, "order", allowed={"system", "launch"}, required={"system", "launch"})
        launch = order["launch"]
        if not isinstance(launch, list) or not launch:
            raise FormatError("order.launch", "a list of {squadron, hex} to launch")
        items = []
        for i, item in enumerate(launch):
            where = f"order.launch[{i}]"
            if not isinstance(item, dict) or set(item) != {"squadron", "hex"}:
                raise FormatError(where, "expected {\"squadron\": id, \"hex\": [q, r]}")
            items.append((unit_id(item["squadron"], f"{where}.squadron"), reading.hex_pair(item["hex"], f"{where}.hex")))
        return System("bays", launch=tuple(items))
    launchers = system == "launchers"
    reading.fields(order, "order", allowed={"system", "target", "missiles"} if launchers else {"system", "target"},
                   required={"system", "target", "missiles"} if launchers else {"system", "target"})
    k = order.get("missiles")
    if launchers and (isinstance(k, bool) or not isinstance(k, int)):
        raise FormatError("order.missiles", f"expected a whole number of missiles, got {k!r}")
    return System(system, unit_id(order["target"], "order.target"), k if launchers else None)


def parse_barrage(raw: Any) -> Barrage:
    order = _order(raw, "barrage")
    if _flag(order, "stop"):
        reading.fields(order, "order", allowed={"stop"})
        return Barrage(stop=True)
    reading.fields(order, "order", allowed={"dice", "target"}, required={"dice"})
    n = order["dice"]
    if isinstance(n, bool) or not isinstance(n, int):
        raise FormatError("order.dice", f"expected a whole number of dice, got {n!r}")
    return Barrage(n, unit_id(order["target"], "order.target") if "target" in order else None)


def parse_intercept(raw: Any) -> Intercept:
    order = _order(raw, "intercept")
    squadrons = order.get("squadrons")
    if set(order) != {"squadrons"} or not isinstance(squadrons, list):
        raise FormatError("order", 'interceptors are {"squadrons": [ids]}')
    return Intercept(tuple(tuple(q) if isinstance(q, list) else q for q in squadrons))


def parse_pick(kind: str, raw: Any) -> Pick:
    order = _order(raw, kind)
    key = PICK_FIELD[kind]
    if set(order) != {key}:
        raise FormatError("order", f"a {kind} order is {{\"{key}\": ...}}")
    value = order[key]
    if isinstance(value, list):
        value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
    elif isinstance(value, dict):
        raise FormatError(f"order.{key}", f"expected a value, got {reading.describe(value)}")
    return Pick(kind, value)


def parse(kind: str, raw: Any) -> Any:
    """The order of a ``kind`` decision read from JSON."""
    if kind in PICK_FIELD:
        return parse_pick(kind, raw)
    return globals()[f"parse_{kind}"](raw)


# --- writing JSON ------------------------------------------------------------------------------


def _json(v: Any) -> Any:
    return [_json(x) for x in v] if isinstance(v, tuple) else v


def _dump_move(order: Move) -> dict[str, Any]:
    out: dict[str, Any] = {"unit": order.unit}
    if order.to is not None:
        out["to"] = [order.to[0], order.to[1]]
    if order.path is not None:
        out["path"] = [list(h) for h in order.path]
    if order.facing is not None:
        out["facing"] = order.facing
    if order.booster:
        out["booster"] = True
    if order.warp:
        out["warp"] = True
    return out


def _dump_activate(order: Activate) -> dict[str, Any]:
    out: dict[str, Any] = {"unit": order.unit}
    if order.attack is not None:
        out["attack"] = order.attack
    if order.rtb:
        out["rtb"] = True
    return out


def _dump_system(order: System) -> dict[str, Any]:
    if order.system == "end":
        return {"system": "end"}
    if order.system == "bays":
        return {"system": "bays", "launch": [{"squadron": q, "hex": list(h)} for q, h in order.launch]}
    out: dict[str, Any] = {"system": order.system, "target": order.target}
    if order.missiles is not None:
        out["missiles"] = order.missiles
    return out


def _dump_barrage(order: Barrage) -> dict[str, Any]:
    if order.stop:
        return {"stop": True}
    return {"dice": order.dice} if order.target is None else {"dice": order.dice, "target": order.target}


_DUMP: dict[type, Any] = {
    Move: _dump_move,
    Activate: _dump_activate,
    Formation: lambda o: {"units": list(o.units), "attack": o.attack},
    System: _dump_system,
    Barrage: _dump_barrage,
    Pick: lambda o: {PICK_FIELD[o.kind]: _json(o.value)},
    Intercept: lambda o: {"squadrons": _json(o.squadrons)},
    Place: lambda o: {"ship": o.ship, "hex": list(o.hex), "facing": o.facing},
    Vote: lambda o: {"end": o.end},
    Fleet: lambda o: {} if o.ships is None else {"ships": list(o.ships)},
}


def dump(order: Any) -> Any:
    """An order object as the JSON the position format and records use (JSON passes through)."""
    write = _DUMP.get(type(order))
    return order if write is None else write(order)
