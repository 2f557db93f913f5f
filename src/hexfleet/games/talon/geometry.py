"""Talon's geometry (digest §20, TAL-G-1..G-10) on top of :mod:`hexfleet.hexgrid`.

Talon numbers directions counter-clockwise from east (TAL-G-1); the kernel's grid numbers its
unit vectors its own way, so this module maps Talon's indices onto the same vectors and uses the
grid for everything else (dot products, sectors, the exact open-segment test of TAL-G-5).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache

from ...hexgrid import DIRECTIONS, Hex, add, directions_toward, disk, distance, dot, in_arc_exclusive, scale, segment_crosses_hex, sub

DIRS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""TAL-G-1: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE (counter-clockwise; left turn is +1)."""

_GRID = {v: i for i, v in enumerate(DIRECTIONS)}
_TALON = {v: i for i, v in enumerate(DIRS)}
CONTACT = ("F", "L", "L", "Rear", "R", "R")
"""TAL-G-7's ARCMAP: relative direction of travel → arc (also the adjacent-hex arcs)."""


def grid_index(direction: int) -> int:
    """The kernel grid's index of Talon direction ``direction``."""
    return _GRID[DIRS[direction % 6]]


def step(h: Hex, direction: int) -> Hex:
    return add(h, DIRS[direction % 6])


@lru_cache(maxsize=4096)
def toward(v: Hex) -> tuple[int, ...]:
    """Talon direction(s) of vector ``v`` (two on a vertex ray), ascending (TAL-G-4, G-8); kept
    per vector, as every arc and every candidate shot asks it."""
    return tuple(sorted(_TALON[DIRECTIONS[i]] for i in directions_toward(v)))


def direction_of(a: Hex, b: Hex) -> int:
    """The direction from ``a`` to the adjacent hex ``b``."""
    return _TALON[sub(b, a)]


def arc(ship: Hex, facing: int, target: Hex, model: str = "hexside_sectors") -> str | None:
    """The arc of ``ship`` (facing ``facing``) that holds ``target`` (TAL-G-4); ``None`` for the
    ship's own hex. ``model`` is the ``arc_model`` option (TAL-AMB-2)."""
    return _arc_of((target[0] - ship[0], target[1] - ship[1]), facing % 6, model)


@lru_cache(maxsize=65536)
def _arc_of(v: Hex, facing: int, model: str) -> str | None:
    """:func:`arc` by the offset ``v`` from the ship to the target: kept, as every eligibility
    check of a shot (TAL-8.2) and search's evaluator ask it, for a few offsets over and over."""
    if v == (0, 0):
        return None
    if model == "wide_fore_aft":
        if in_arc_exclusive(grid_index(facing), v, 120):
            return "F"
        if in_arc_exclusive(grid_index(facing + 3), v, 120):
            return "Rear"
        return "L" if dot(add(DIRS[(facing + 1) % 6], DIRS[(facing + 2) % 6]), v) > 0 else "R"
    rel = {(i - facing) % 6 for i in toward(v)}
    if 0 in rel:
        return "F"
    if 3 in rel:
        return "Rear"
    return "L" if rel <= {1, 2} else "R"


def crossed(a: Hex, b: Hex) -> list[Hex]:
    """Every hex whose interior the open segment between the centres of ``a`` and ``b``
    crosses, endpoints included (TAL-G-5); corner clips count, spines and vertices do not."""
    if a == b:
        return [a]
    return [h for h in disk(a, distance(a, b) + 1) if segment_crosses_hex(a, b, h, closed=False)]


def spine_pairs(a: Hex, b: Hex) -> list[tuple[Hex, Hex]]:
    """The hex pairs flanking each stretch of the line that runs along a spine (TAL-G-5):
    none unless ``b - a`` lies on a vertex ray."""
    dirs = toward(sub(b, a))
    if len(dirs) != 2:
        return []
    i, j = dirs
    u = add(DIRS[i], DIRS[j])
    return [(add(add(a, scale(u, k)), DIRS[i]), add(add(a, scale(u, k)), DIRS[j]))
            for k in range(distance(a, b) // 2)]


def blocked(a: Hex, b: Hex, blockers: Collection[Hex], *, two_flanks: bool = True) -> bool:
    """Is the line between ``a`` and ``b`` blocked (TAL-G-5; TAL-17.2.2, TAL-18.1.b)? A blocker
    crossed between the endpoints blocks; a spine run blocks only when both flanks are
    blockers (option ``two_flank_spine_blocks``)."""
    if not blockers:
        return False
    if any(h in blockers for h in crossed(a, b) if h not in (a, b)):
        return True
    return two_flanks and any(p in blockers and q in blockers for p, q in spine_pairs(a, b))


def terrain_count(a: Hex, b: Hex, hexes: Collection[Hex]) -> int:
    """TAL-G-6: Asteroid/Nebula hexes on the line, endpoints included, plus spine runs whose
    two flanks are both such hexes (a one-flank run counts nothing)."""
    if not hexes:
        return 0
    return (sum(1 for h in crossed(a, b) if h in hexes)
            + sum(1 for p, q in spine_pairs(a, b) if p in hexes and q in hexes))


def contact_arc(facing: int, travel: int) -> str:
    """TAL-G-7: the arc of a unit that moved in along direction ``travel`` (its facing after)."""
    return CONTACT[(travel - facing) % 6]


def missile_options(h: Hex, facing: int) -> list[tuple[str, Hex, int]]:
    """A missile's three moves (TAL-13.4): straight, turn left, turn right as ``(how, hex, facing)``."""
    return [("straight", step(h, facing), facing), ("turn_left", step(h, facing + 1), (facing + 1) % 6),
            ("turn_right", step(h, facing - 1), (facing - 1) % 6)]


def steer(h: Hex, facing: int, target: Hex | None, *, free: bool = False) -> list[str]:
    """TAL-G-9: the legal moves of a missile toward ``target`` (``None``: straight only);
    ``free`` (option ``missile_free_when_no_closer``) allows any move when none is closer."""
    opts = missile_options(h, facing)
    if target is None:
        return ["straight"]
    best = min(distance(x, target) for _, x, _ in opts)
    if free and best >= distance(h, target):
        return [how for how, _, _ in opts]
    return [how for how, x, _ in opts if distance(x, target) == best]


def away(origin: Hex, unit: Hex) -> list[Hex]:
    """TAL-G-8: the hex(es) one step further along the line from ``origin`` through ``unit``
    (two on a spine, lower direction first): a Wave Motion Gun's knock-back."""
    return [step(unit, i) for i in toward(sub(unit, origin))]


def pull(unit: Hex, hole: Hex) -> list[Hex]:
    """TAL-G-8: the hex(es) one step from ``unit`` toward ``hole`` (two on a spine)."""
    return [step(unit, i) for i in toward(sub(hole, unit))]


def cone(ship: Hex, facing: int, arcs: Iterable[str], reach: int, model: str = "hexside_sectors") -> list[Hex]:
    """A Fusion Cannon's cone (TAL-G-4 uses): hexes at range 1..``reach`` in ``arcs``."""
    wanted = set(arcs)
    return [h for h in disk(ship, reach) if h != ship and arc(ship, facing, h, model) in wanted]


def neighbors_in_arc(ship: Hex, facing: int, arcs: Iterable[str], model: str = "hexside_sectors") -> list[Hex]:
    """The adjacent hexes in ``arcs`` (a missile's launch hexes, TAL-13.2.a)."""
    wanted = set(arcs)
    return [step(ship, d) for d in range(6) if arc(ship, facing, step(ship, d), model) in wanted]


def on_board(h: Hex, origin: Hex, cols: int, rows: int) -> bool:
    """The format's board test: ``0 <= k < rows`` and ``0 <= (q - q0) + floor(k / 2) < cols``."""
    k = h[1] - origin[1]
    return 0 <= k < rows and 0 <= (h[0] - origin[0]) + k // 2 < cols
