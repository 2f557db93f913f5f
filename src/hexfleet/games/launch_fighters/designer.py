"""The ship designer: price and validate a Launch Fighters! ship design (LF-DES, LF-ADD).

A design is its five stats (Cannons, Launchers, Bays, Defense, Move), its munitions
(missiles, hosted squadrons) and its add-on levels. :func:`price` applies the book's cost
rules; :func:`check_design` turns a JSON/TOML description into a :class:`Design` or raises a
:class:`RuleError` naming the rule broken. The book's two ships (Excelsior, Otox Gol 79b) and
the house catalogue in ``data/catalogue.toml`` are priced by the same code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ...engine.errors import FormatError, RuleError

STATS = ("cannons", "launchers", "bays", "defense", "move")
"""The five ship stats, in record-sheet order (LF-UNIT-04)."""
ADDONS = ("sensors", "repair", "boosters", "warp")
"""Add-ons bought by level at the progressive cost (LF-ADD-01)."""
HOLDS = ("cargo", "passenger")
"""Holds bought at a flat cost each (LF-ADD-06)."""
MAX_LEVEL = 10
"""A record sheet has 10 boxes per stat (LF-UNIT-06, LF-AMB-04)."""
MAX_MOVE = 5
"""Move 6 or more cannot be priced (LF-DES-09 item 1, LF-AMB-02)."""
SQUADRON_COST = 5
MISSILES_PER_POINT = 2
HOLD_COST = {"cargo": 1, "passenger": 2}
_FIELDS = {"name", "type", "source", "cost", "missiles", "squadrons", "warp_flat", "fighter_warp", *STATS, *ADDONS,
           *HOLDS}
FIGHTER_WARP_COST = 1
"""The optional fighter warp drive: 1 extra point per squadron (LF-ADD-03c)."""


def progressive(level: int) -> int:
    """``1 + 2 + … + level`` (LF-DES-02): level 3 costs 6, level 7 costs 28."""
    return level * (level + 1) // 2


@cache
def _cost_table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cost_table.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def multiplier(total: int) -> int:
    """The Move cost multiplier for a ship of ``total`` points (LF-DES-03): the book's table,
    continued upward in 20-point bands."""
    table = _cost_table()
    for band in table["band"]:
        if total <= band["upto"]:
            return int(band["multiplier"])
    width = table["band_width"]
    return -(-total // width)


@dataclass(frozen=True, slots=True)
class Design:
    """A priced, valid ship design: the immutable "original" values of a ship (LF-IMPL-01)."""

    name: str
    cannons: int = 0
    launchers: int = 0
    bays: int = 0
    defense: int = 0
    move: int = 0
    missiles: int = 0
    squadrons: int = 0
    sensors: int = 0
    repair: int = 0
    boosters: int = 0
    warp: int = 0
    cargo: int = 0
    passenger: int = 0
    warp_flat: int | None = None
    """The optional flat warp price per ship (LF-ADD-03b); ``None``: warp levels are progressive."""
    fighter_warp: bool = False
    """Its squadrons carry warp drive (the optional LF-ADD-03c)."""

    @property
    def stats(self) -> tuple[int, int, int, int, int]:
        return (self.cannons, self.launchers, self.bays, self.defense, self.move)

    @property
    def cost(self) -> int:
        return price(self).total

    @property
    def hull_value(self) -> int:
        """Cost less its original squadrons, 5 each (LF-VIC-02, LF-AMB-34)."""
        return self.cost - SQUADRON_COST * self.squadrons

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        for key in (*STATS, "missiles", "squadrons", *ADDONS, *HOLDS):
            value = getattr(self, key)
            if value or key in STATS:
                out[key] = value
        if self.warp_flat is not None:
            out["warp_flat"] = self.warp_flat
        if self.fighter_warp:
            out["fighter_warp"] = True
        return out


@dataclass(frozen=True, slots=True)
class Pricing:
    base: int
    """Everything but Move: stats, missiles, squadrons, add-ons, holds (LF-DES-08)."""
    move_progressive: int
    multiplier: int
    total: int

    @property
    def move_cost(self) -> int:
        return self.move_progressive * self.multiplier


@lru_cache(maxsize=4096)
def price(design: Design) -> Pricing:
    """The ship's cost (LF-DES-02..08): the smallest self-consistent Move multiplier.

    The multiplier depends on the total, which includes the Move cost; with ``p`` the
    progressive Move cost the smallest consistent multiplier is
    ``max(1, ceil(base / (20 - p)))`` (LF-DES-04), which prices both book ships exactly.
    Kept per design (designs are immutable): scoring and the fleet choices ask again and again.
    """
    base = (sum(progressive(getattr(design, s)) for s in STATS if s != "move")
            + design.missiles // MISSILES_PER_POINT + SQUADRON_COST * design.squadrons
            + sum(progressive(getattr(design, a)) for a in ADDONS if a != "warp")
            + (design.warp_flat if design.warp and design.warp_flat is not None else progressive(design.warp))
            + (FIGHTER_WARP_COST * design.squadrons if design.fighter_warp else 0)
            + sum(HOLD_COST[h] * getattr(design, h) for h in HOLDS))
    p = progressive(design.move)
    if p == 0:
        return Pricing(base, 0, 1, base)
    if p >= 20:
        raise RuleError("LF-DES-09", f"Move {design.move} cannot be priced: its progressive cost {p} needs a "
                        f"multiplier above every band (the maximum Move is {MAX_MOVE})", field="move")
    m = max(1, -(-base // (20 - p)))
    total = base + p * m
    assert multiplier(total) == m, (design, total, m)
    return Pricing(base, p, m, total)


def check_design(data: Mapping[str, Any], where: str = "design") -> Design:
    """A :class:`Design` from a JSON/TOML object, checked against LF-DES-09 and LF-DES-06.

    A given ``cost`` must equal the computed price, so catalogue typos fail loudly.
    """
    if not isinstance(data, Mapping):
        raise FormatError(where, "expected a design object with a name and stat levels")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise FormatError(f"{where}.{unknown[0]}", f"unknown design field; allowed: {', '.join(sorted(_FIELDS))}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise FormatError(f"{where}.name", "a design needs a non-empty name")
    values: dict[str, int] = {}
    for key in (*STATS, "missiles", "squadrons", *ADDONS, *HOLDS):
        v = data.get(key, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"{where}.{key}", f"expected a whole number >= 0, got {v!r}")
        values[key] = v
    for key in (*STATS, *ADDONS):
        if values[key] > MAX_LEVEL:
            raise RuleError("LF-DES-09", f"{key} level {values[key]} is above the record sheet's {MAX_LEVEL} boxes",
                            unit=name, field=f"{where}.{key}")
    if values["move"] > MAX_MOVE:
        raise RuleError("LF-DES-09", f"Move {values['move']} cannot be priced (no Move multiplier is consistent "
                        f"above Move {MAX_MOVE}; the Step Chart has steps 0-5)", unit=name, field=f"{where}.move")
    if values["launchers"] and values["missiles"] < MISSILES_PER_POINT:
        raise RuleError("LF-DES-06", "a ship with launchers must buy at least 1 point of missiles (2 missiles)",
                        unit=name, field=f"{where}.missiles")
    if values["missiles"] and not values["launchers"]:
        raise RuleError("LF-DES-09", "missiles need at least 1 launcher to fire them", unit=name,
                        field=f"{where}.missiles")
    if values["missiles"] % MISSILES_PER_POINT:
        raise RuleError("LF-DES-06", f"missiles are bought 2 per point; {values['missiles']} is odd", unit=name,
                        field=f"{where}.missiles")
    if values["squadrons"] and not values["bays"]:
        raise RuleError("LF-DES-09", "fighter squadrons need at least 1 bay, or they could never be launched",
                        unit=name, field=f"{where}.squadrons")
    if not any(values[s] for s in STATS):
        raise RuleError("LF-DES-09", "at least one stat must be 1 or more (a ship with every stat 0 is destroyed)",
                        unit=name, field=where)
    flat = data.get("warp_flat")
    if flat is not None and (isinstance(flat, bool) or not isinstance(flat, int) or flat < 0):
        raise FormatError(f"{where}.warp_flat", f"expected a whole number >= 0 or null, got {flat!r}")
    fighter_warp = data.get("fighter_warp", False)
    if not isinstance(fighter_warp, bool):
        raise FormatError(f"{where}.fighter_warp", f"expected true or false, got {fighter_warp!r}")
    if fighter_warp and not values["squadrons"]:
        raise RuleError("LF-ADD-03c", "fighter warp drive needs squadrons to carry it", unit=name,
                        field=f"{where}.fighter_warp")
    design = Design(name=name, warp_flat=flat, fighter_warp=fighter_warp, **values)
    if "cost" in data and data["cost"] != design.cost:
        raise RuleError("LF-DES-08", f"the stated cost {data['cost']} differs from the price {design.cost} "
                        f"({describe_price(design)})", unit=name, field=f"{where}.cost")
    return design


def describe_price(design: Design) -> str:
    """A one-line cost breakdown for people, as the book's Otox Gol example reads (L921-923)."""
    pr = price(design)
    parts = [f"{s} {getattr(design, s)} [{progressive(getattr(design, s))}]" for s in STATS if s != "move"
             and getattr(design, s)]
    if design.move:
        parts.append(f"move {design.move} [{pr.move_progressive}x{pr.multiplier}={pr.move_cost}]")
    if design.missiles:
        parts.append(f"{design.missiles} missiles [{design.missiles // MISSILES_PER_POINT}]")
    if design.squadrons:
        parts.append(f"{design.squadrons} squadrons [{SQUADRON_COST * design.squadrons}]")
    parts += [f"{a} {getattr(design, a)} [{progressive(getattr(design, a))}]" for a in ADDONS if getattr(design, a)]
    parts += [f"{h} holds {getattr(design, h)} [{HOLD_COST[h] * getattr(design, h)}]" for h in HOLDS
              if getattr(design, h)]
    return ", ".join(parts) + f" = {pr.total} points"


@cache
def catalogue() -> dict[str, Design]:
    """The ship catalogue by name: the book's two ships and the labelled house designs."""
    text = resources.files(__package__).joinpath("data/catalogue.toml").read_text(encoding="utf-8")
    out = {}
    for i, raw in enumerate(tomllib.loads(text)["design"]):
        d = check_design(raw, f"catalogue.toml: design[{i}]")
        out[d.name] = d
    return out


@cache
def sample_fleets() -> dict[str, tuple[Design, ...]]:
    """The house sample fleets (not from the book), by letter."""
    text = resources.files(__package__).joinpath("data/fleets.toml").read_text(encoding="utf-8")
    out = {}
    for key, raw in tomllib.loads(text)["fleet"].items():
        ships = tuple(catalogue()[n] for n in raw["ships"])
        if sum(s.cost for s in ships) != raw["cost"]:
            raise FormatError(f"fleets.toml: fleet.{key}.cost", f"stated {raw['cost']}, ships cost "
                              f"{sum(s.cost for s in ships)}")
        out[key] = ships
    return out


def resolve_design(entry: Any, where: str) -> Design:
    """A fleet entry: a catalogue name (``"Excelsior"``) or an inline design object."""
    if isinstance(entry, str):
        try:
            return catalogue()[entry]
        except KeyError:
            raise FormatError(where, f"no catalogue design {entry!r}; known: {', '.join(catalogue())}") from None
    return check_design(entry, where)


def with_warp_rule(design: Design, warp_flat: int | None) -> Design:
    """The design priced under a game's warp rule: flat per ship (LF-ADD-03b) or progressive."""
    return replace(design, warp_flat=warp_flat) if design.warp and design.warp_flat != warp_flat else design


def check_fleet(entries: Any, limit: int, where: str = "fleet", *, warp_flat: int | None = None,
                fighter_warp: bool = False) -> tuple[Design, ...]:
    """A fleet within its point limit (LF-FLEET-03, LF-DES-09 item 6), priced under the game's
    warp rule; fighter warp drive only where the game allows it (LF-ADD-03c)."""
    if not isinstance(entries, list) or not entries:
        raise FormatError(where, "a fleet is a non-empty list of designs (catalogue names or design objects)")
    ships = tuple(with_warp_rule(resolve_design(e, f"{where}[{i}]"), warp_flat) for i, e in enumerate(entries))
    for i, s in enumerate(ships):
        if s.fighter_warp and not fighter_warp:
            raise RuleError("LF-ADD-03c", "fighter warp drive is an optional rule this game does not use",
                            unit=s.name, field=f"{where}[{i}].fighter_warp")
    total = sum(s.cost for s in ships)
    if total > limit:
        raise RuleError("LF-FLEET-03", f"the fleet costs {total} points, over its limit of {limit}", field=where)
    return ships
