"""Turn or Burn card tables, loaded once from ``data/cards.toml`` and shared by every state.

Burn displacements are precomputed per facing, so the movement hot path is a dict lookup.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from importlib import resources

from ...hexgrid import DIRECTIONS, Hex


@dataclass(frozen=True, slots=True)
class Maneuver:
    id: str
    module: int
    turn: int | None  # facing change in 60° steps, starboard positive (TOB-GEO-08)
    burn: tuple[int, ...] | None  # relative directions summed (TOB-GEO-07)
    burn_wide: tuple[int, ...] | None
    thrust: int = field(init=False)
    """Miss cards a target gets for executing this burn (TOB-M1-MISS-03): one per burn step."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "thrust", len(self.burn) if self.burn else 0)

    @property
    def is_burn(self) -> bool:
        return self.burn is not None


@dataclass(frozen=True, slots=True)
class Gun:
    id: str
    arc: int
    range: int
    damage: str
    value: int = 0


def _load() -> dict:
    text = resources.files(__package__).joinpath("data/cards.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


_DATA = _load()

MANEUVERS: dict[str, Maneuver] = {
    card: Maneuver(
        id=card,
        module=spec["module"],
        turn=spec.get("turn"),
        burn=tuple(spec["burn"]) if "burn" in spec else None,
        burn_wide=tuple(spec.get("burn_wide", spec.get("burn", ()))) if "burn" in spec else None,
    )
    for card, spec in _DATA["maneuvers"].items()
}
SYSTEMS: dict[str, str] = {card: spec["name"] for card, spec in _DATA["systems"].items()}
SYSTEM_MODULE: dict[str, int] = {card: spec["module"] for card, spec in _DATA["systems"].items()}
GUNS: dict[str, Gun] = {card: Gun(id=card, **spec) for card, spec in _DATA["guns"].items()}
M1_GUNS: tuple[str, ...] = tuple(GUNS)
SIZE_CLASS_DATA: dict[str, dict] = _DATA["classes"]
"""Size classes as ``data/cards.toml`` lists them (read into ``build.CLASSES``)."""
PARTY_CLASS_DATA: dict[str, dict] = _DATA["party_classes"]
"""Module 6's ultra-heavy and freighter classes (``build.PARTY_CLASSES``, TOB-M6-CLASS-01)."""

_RANGE_MISS: tuple[tuple[int, int, int], ...] = tuple((band[0], band[1], band[2]) for band in _DATA["miss"]["range"])
SIZE_MISS: dict[int, int] = {int(k): v for k, v in _DATA["miss"]["size"].items()}
FREIGHTER_MISS: int = _DATA["miss"]["freighter"]
"""A freighter's size miss cards, whatever its count (TOB-M6-FRT-01)."""
MAX_GUN_RANGE = max(g.range for g in GUNS.values())


def _offset(steps: tuple[int, ...], facing: int) -> Hex:
    q = r = 0
    for rel in steps:
        dq, dr = DIRECTIONS[(facing + rel) % 6]
        q += dq
        r += dr
    return (q, r)


BURN_OFFSETS: dict[tuple[str, int, bool], Hex] = {
    (m.id, facing, wide): _offset((m.burn_wide if wide else None) or m.burn or (), facing)
    for m in MANEUVERS.values()
    if m.burn is not None
    for facing in range(6)
    for wide in (False, True)
}
"""``(card, facing, wide_slips) → momentum-marker displacement`` (TOB-GEO-07, TOB-EX-40)."""


def range_miss_cards(r: int) -> int | None:
    """Miss cards for range ``r`` (TOB-M1-MISS-02); ``None`` where no hit is possible."""
    for low, high, misses in _RANGE_MISS:
        if low <= r <= high:
            return misses
    return None


def size_miss_cards(size: int, freighter: bool = False) -> int:
    """Miss cards for a fighter built with ``size`` system cards (TOB-M1-MISS-04; 13-15 and
    any freighter -3, TOB-M6-CLASS-01)."""
    return FREIGHTER_MISS if freighter else SIZE_MISS[size]


def gun_damage(gun: Gun, r: int, target_speed: int) -> int:
    """Damage of one shot (TOB-M1-GUN-02..05, TOB-SEQ-14)."""
    if gun.damage == "fixed":
        return gun.value
    if gun.damage == "half_target_speed":
        return math.ceil(target_speed / 2)
    if gun.damage == "neutrino":
        return 6 - r if r <= 4 else 1
    raise AssertionError(f"unknown damage rule {gun.damage!r}")
