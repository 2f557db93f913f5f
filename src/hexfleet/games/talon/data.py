"""Talon's ship classes and tables, read once from ``data/*.toml`` (TAL-D-1..D-14).

The rules never name a ship: every number a rule reads (power curves, shields, hull boxes and
their modifiers, weapon groups, batteries, afterburners, explosion ratings, weapon tables, the
critical table, the impulse chart) comes from here. Two ship packs exist, as the format says:
``talon-ext`` (digest §22.3, the default) and ``generic`` (§22.4); each file says its source.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

ARCS = ("F", "L", "R", "Rear")
IMPULSES = ("A", "B", "C", "D", "E", "F")
PACKS = ("talon-ext", "generic")
WEAPONS = ("phaser", "disruptor", "amt", "wmg", "fusion_cannon", "missile")


@dataclass(frozen=True, slots=True)
class Group:
    """A printed weapon group (TAL-5.1.f): its weapons share one charge bar and its arcs."""

    weapon: str
    count: int
    red: int
    yellow: int
    arcs: frozenset[str]


@dataclass(frozen=True, slots=True)
class Row:
    """One power-curve row (TAL-5.1.a): ``tr`` is ``None`` for a Base (TAL-14.a)."""

    power: int
    speed: int
    tr: int | None


@dataclass(frozen=True, slots=True)
class ShipClass:
    """A class as TAL-D-14 describes it."""

    key: str
    side: str
    hull_type: str
    names: tuple[str, ...]
    sp: int
    rows: tuple[Row, ...]
    start: int
    shields: tuple[int, int, int, int]
    hull: tuple[int, ...]
    critical: frozenset[int]
    groups: tuple[Group, ...]
    battery: bool
    afterburners: int
    explosion: int
    fighter_hull: int

    def __hash__(self) -> int:
        """By key alone (equal classes have equal keys): search's evaluator keeps figures per
        class, and the generated hash of every field, groups and rows too, cost more than them."""
        return hash(self.key)

    @property
    def is_base(self) -> bool:
        return self.hull_type == "Base"

    @property
    def is_squadron(self) -> bool:
        return self.hull_type == "FTR"

    @property
    def is_carrier(self) -> bool:
        return self.hull_type == "CV"

    @property
    def start_row(self) -> Row:
        return self.rows[self.start]

    def row(self, speed: int) -> Row | None:
        """The printed row with this Speed (rows have distinct speeds)."""
        return next((r for r in self.rows if r.speed == speed), None)

    def has_launcher(self) -> bool:
        return any(g.weapon == "missile" for g in self.groups)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's table (TAL-D-5..D-10): variable ``damage`` rows, or ``hit_on`` + ``hit_damage``."""

    name: str
    min_range: int
    min_range_option: str | None
    damage: tuple[tuple[int, ...], ...]
    hit_on: tuple[int, ...]
    hit_damage: int

    def max_range(self) -> int:
        return self.min_range - 1 + (len(self.damage[0]) if self.damage else len(self.hit_on))

    def result(self, modified: int, rng: int, min_range: int | None = None) -> int:
        """Damage of a shot with this modified roll at range ``rng`` (0: a miss, TAL-17.5.a).
        ``min_range`` is an option's minimum (TAL-AMB-4); ranges below the table's first column
        read that column."""
        low = self.min_range if min_range is None else min_range
        if modified < 1 or not low <= rng <= self.max_range():
            return 0
        col = max(rng - self.min_range, 0)
        if self.damage:
            return self.damage[min(modified, 6) - 1][col]
        return self.hit_damage if modified >= self.hit_on[col] else 0


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


@cache
def tables() -> dict[str, Any]:
    return _read("tables.toml")


@cache
def schedule() -> dict[str, frozenset[int]]:
    """TAL-D-1: Impulse → the numbers in its box."""
    return {k: frozenset(v) for k, v in tables()["impulses"].items()}


def impulses_of(value: int) -> tuple[str, ...]:
    """TAL-D-2: the Impulses in which a Power or Speed of ``value`` is listed."""
    return tuple(i for i in IMPULSES if value in schedule()[i])


@cache
def weapons() -> dict[str, Weapon]:
    out = {}
    for name, w in tables()["weapon"].items():
        out[name] = Weapon(name, int(w.get("min_range", 1)), w.get("min_range_option"),
                           tuple(tuple(r) for r in w.get("damage", ())), tuple(w.get("hit_on", ())),
                           int(w.get("hit_damage", 0)))
    return out


@cache
def criticals() -> dict[int, str]:
    """TAL-D-11: 2d6 → result."""
    return {int(k): v for k, v in tables()["criticals"].items()}


@cache
def pack(name: str) -> dict[str, ShipClass]:
    """The classes of data pack ``name`` by key."""
    data = _read(f"{name}.toml")
    ers = tables()["explosion"]
    out = {}
    for key, c in data["class"].items():
        rows = tuple(Row(r[0], r[1], r[2] if len(r) > 2 else None) for r in c["curve"])
        out[key] = ShipClass(
            key=key, side=c["side"], hull_type=c["hull_type"], names=tuple(c["names"]), sp=int(c["sp"]),
            rows=rows, start=int(c["start"]), shields=tuple(c.get("shields", (0, 0, 0, 0))),
            hull=tuple(c.get("hull", ())), critical=frozenset(c.get("critical", ())),
            groups=tuple(Group(g["weapon"], g["count"], g["red"], g["yellow"], frozenset(g["arcs"]))
                         for g in c["groups"]),
            battery=bool(c.get("battery", False)), afterburners=int(c.get("afterburners", 0)),
            explosion=int(ers[c["hull_type"]]), fighter_hull=int(c.get("fighter_hull", 0)))
    return out
