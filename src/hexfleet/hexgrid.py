"""Pure hex geometry shared by every game: coordinates, distance, directions, lines, arcs, maps.

Hexes are plain ``(q, r)`` tuples in axial coordinates (``s = -q - r``), the vocabulary of
Red Blob Games' hex guides. Everything here is integer or exact-rational arithmetic so that
rules decisions (is this hex in arc? does this line cross that hex?) never depend on floating
point. Only :class:`Layout` (drawing) uses floats.

Boards are :class:`MapShape` objects: odd-q rectangles (:class:`RectMap`), hexagons
(:class:`HexagonMap`) and explicit hex sets (:class:`HexSetMap`), all in the same axial
coordinates and read from JSON by :func:`map_from_json`.

The six unit directions are indexed 0..5 **clockwise starting from north** on a flat-top map:
that is Turn or Burn's A..F (TOB-GEO-02). A game whose book numbers directions differently
(Launch Fighters! and Talon count counter-clockwise from east) maps its own indices onto these
vectors; the geometry does not care which index names a vector.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeAlias

Hex: TypeAlias = tuple[int, int]
"""An axial hex ``(q, r)``; also used for difference vectors between hexes."""

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""Unit vectors, clockwise from north on a flat-top map (TOB-GEO-02: A, B, C, D, E, F)."""


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` with ``q + r + s = 0``."""
    return (h[0], h[1], -h[0] - h[1])


def length(v: Hex) -> int:
    """Hex steps needed to travel vector ``v`` (TOB-GEO-04)."""
    q, r = v
    s = -q - r
    return max(abs(q), abs(r), abs(s))


def distance(a: Hex, b: Hex) -> int:
    """Hexes counted one end in, the other out: range and speed in every game (TOB-GEO-04)."""
    q = a[0] - b[0]
    r = a[1] - b[1]
    s = -q - r
    return max(abs(q), abs(r), abs(s))


def neighbor(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbors(h: Hex) -> tuple[Hex, ...]:
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


def rotate(v: Hex, steps: int) -> Hex:
    """Rotate a vector about the origin by ``steps`` × 60° clockwise (negative: anticlockwise)."""
    q, r = v
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return (q, r)


def rotate_about(h: Hex, center: Hex, steps: int) -> Hex:
    return add(center, rotate(sub(h, center), steps))


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center``, clockwise from the northern one."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = add(center, scale(DIRECTIONS[0], radius))
    for side in range(6):
        step = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append(h)
            h = add(h, step)
    return out


def disk(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center`` (``distance <= radius``), nearest first."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def dot(u: Hex, v: Hex) -> int:
    """Cube-coordinate dot product; twice the Euclidean dot product of the hex-centre vectors
    (in units where neighbouring centres are 1 apart), so it preserves angle signs and ratios."""
    return u[0] * v[0] + u[1] * v[1] + (u[0] + u[1]) * (v[0] + v[1])


def directions_toward(v: Hex) -> tuple[int, ...]:
    """Direction(s) of the straight line along vector ``v`` (TOB-GEO-10, TAL-G-4 sectors).

    The index ``i`` maximising ``DIRECTIONS[i] · v``: which neighbouring hex the line from the
    origin passes through. Two indices (ascending) when the line runs exactly along a hex
    spine, "directly between two hexes", and the rules let a player choose. Empty for ``v = 0``.
    """
    if v == (0, 0):
        return ()
    dots = [dot(d, v) for d in DIRECTIONS]
    best = max(dots)
    return tuple(i for i, x in enumerate(dots) if x == best)


# --- arcs --------------------------------------------------------------------------------


def in_arc(facing: int, v: Hex, width: int) -> bool:
    """Is offset ``v`` inside the arc of ``width`` degrees centred on direction ``facing``?

    Exact integer tests of TOB-GEO-09 with ``d = u·v``, ``n = v·v`` (cube dot products):
    0° ``d > 0 and d² = 2n``; 60° ``d > 0 and 2d² >= 3n``; 120° ``d > 0 and 2d² >= n``;
    180° ``d >= 0``; 360° always. Boundary hexes are inside; ``v = 0`` never is.
    """
    if v == (0, 0):
        return False
    u = DIRECTIONS[facing % 6]
    d = dot(u, v)
    if width >= 360:
        return True
    if width >= 180:
        return d >= 0
    if d <= 0:
        return False
    n = dot(v, v)
    if width >= 120:
        return 2 * d * d >= n
    if width >= 60:
        return 2 * d * d >= 3 * n
    return d * d == 2 * n


def in_arc_exclusive(facing: int, v: Hex, width: int) -> bool:
    """As :func:`in_arc`, but hexes exactly on the arc's boundary are outside (TOB-AMB-02)."""
    if v == (0, 0):
        return False
    u = DIRECTIONS[facing % 6]
    d = dot(u, v)
    if width >= 360:
        return True
    if width >= 180:
        return d > 0
    if d <= 0:
        return False
    n = dot(v, v)
    if width >= 120:
        return 2 * d * d > n
    if width >= 60:
        return 2 * d * d > 3 * n
    return d * d == 2 * n


FRONT, SIDE, REAR = 1, 0, -1


def half_plane(facing: int, v: Hex) -> int:
    """Which half-plane of a unit facing ``facing`` offset ``v`` lies in (LF-ARC-02).

    :data:`FRONT` ahead of the line through the unit's centre perpendicular to its facing,
    :data:`REAR` behind it, :data:`SIDE` exactly on it (and for ``v = 0``).
    """
    d = dot(DIRECTIONS[facing % 6], v)
    return FRONT if d > 0 else REAR if d < 0 else SIDE


def hexside_sectors(facing: int, v: Hex) -> tuple[int, ...]:
    """The hexside sector(s) of offset ``v``, relative to ``facing`` (0 ahead, clockwise).

    The 60° sector ``k`` is the wedge through the unit's ``k``-th hexside counted clockwise from
    its facing. Offsets on a spine between two sectors return both (ascending); ``v = 0``
    returns none. Talon's forward/left/right/rear arcs and Launch Fighters' adjacent-hex
    classification are unions of these sectors.
    """
    return tuple(sorted((i - facing) % 6 for i in directions_toward(v)))


def bearing(v: Hex) -> float:
    """The compass bearing of offset ``v`` in degrees, clockwise from north (direction 0),
    in ``[0, 360)``; 0 for ``v = 0``. Rounded to 1e-9° so that the exact multiples of 30° that
    arcs and sectors use compare exactly (hexside lines and vertex lines fall on them)."""
    if v == (0, 0):
        return 0.0
    x = 1.5 * v[0]
    y = -math.sqrt(3) * (v[1] + v[0] / 2)
    angle = round(math.degrees(math.atan2(x, y)), 9) % 360.0
    return 0.0 if angle == 360.0 else angle


def angle_off(v: Hex, centre: float) -> float:
    """How far (degrees, 0–180) the bearing of ``v`` lies from the bearing ``centre``."""
    d = abs(bearing(v) - centre) % 360.0
    return round(min(d, 360.0 - d), 9)


def ray_distance(v: Hex, centre: float) -> tuple[float, float]:
    """``(along, across)``: the centre of offset ``v`` measured along the ray of bearing
    ``centre`` from the origin and square to it, in hex-centre units (neighbours 1 apart)."""
    x = 1.5 * v[0] / math.sqrt(3)
    y = -(v[1] + v[0] / 2)
    t = math.radians(centre)
    along = x * math.sin(t) + y * math.cos(t)
    across = x * math.cos(t) - y * math.sin(t)
    return round(along, 9), round(abs(across), 9)


# --- lines -------------------------------------------------------------------------------


def line(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a straight line from centre ``a`` to centre ``b`` passes, step by step.

    Each step is a tuple: one hex, or two hexes when the step's point lies on the hexside they
    share, so the caller applies the rule's choice. That happens at every other step of a line
    running exactly along a spine ("directly between two hexes", TOB-GEO-10), and also where a
    line crosses a hexside exactly at a step's point, e.g. at the middle of ``(0,0) → (1,-4)``.
    Steps go from ``a`` (first) to ``b`` (last); the line has ``distance(a, b) + 1`` steps.
    Exact integer arithmetic (every coordinate scaled by ``n``), not the nudged floating-point
    lerp.
    """
    n = distance(a, b)
    if n == 0:
        return [(a,)]
    aq, ar = a
    dq, dr = b[0] - aq, b[1] - ar
    return [_round_with_ties(aq * n + dq * i, ar * n + dr * i, n) for i in range(n + 1)]


def round_point(qn: int, rn: int, n: int) -> tuple[Hex, ...]:
    """The hex of the point ``(qn / n, rn / n)`` (axial, exact), or every hex whose edge or
    corner it sits on (ascending), so the caller applies the rule's choice: cube rounding with
    the ties kept."""
    if n <= 0:
        raise ValueError(f"the denominator must be positive, got {n}")
    return _round_with_ties(qn, rn, n)


def _round_with_ties(qn: int, rn: int, n: int) -> tuple[Hex, ...]:
    """Round the point ``(qn / n, rn / n)`` to its hex, or to every hex whose edge it sits on."""
    sn = -qn - rn
    fq, fr = qn // n, rn // n
    best = None
    nearest: list[Hex] = []
    for cq in (fq - 1, fq, fq + 1, fq + 2):
        for cr in (fr - 1, fr, fr + 1, fr + 2):
            # Distance in the hex metric (times n) from the point to the candidate centre: a
            # point belongs to the hex whose centre is within 1/2 of it in every pair-difference.
            eq, er, es = qn - cq * n, rn - cr * n, sn + (cq + cr) * n
            d = max(abs(eq - er), abs(er - es), abs(es - eq))
            if best is None or d < best:
                best, nearest = d, [(cq, cr)]
            elif d == best:
                nearest.append((cq, cr))
    return tuple(sorted(nearest))


def segment_crosses_hex(a: Hex, b: Hex, h: Hex, *, closed: bool = True) -> bool:
    """Does the segment between the centres of ``a`` and ``b`` meet hex ``h``? (TOB-GEO-11)

    ``closed=True`` (Turn or Burn's black hole): the segment must share a piece of positive
    length with the closed hexagon: passing through, ending inside, or running along a side;
    touching a single vertex does not count. ``closed=False`` (Talon's line of fire, TAL-G-5):
    the segment must cross the open interior, so running along a side does not count either.
    Exact Liang–Barsky clipping against the cell ``|x-y|,|y-z|,|z-x| <= 1``, the clip bounds kept
    as integer fractions.
    """
    A = cube(sub(a, h))
    B = cube(sub(b, h))
    lo_num, lo_den = 0, 1  # the parameter range [lo, hi] of t still inside, as exact fractions
    hi_num, hi_den = 1, 1
    for i, j in ((0, 1), (1, 2), (2, 0)):
        c0 = A[i] - A[j]
        c1 = (B[i] - B[j]) - c0
        for sign in (1, -1):
            a0, a1 = sign * c0, sign * c1  # need a0 + a1*t <= 1 (closed) or < 1 (open)
            if a1 == 0:
                if a0 > 1 or (not closed and a0 == 1):
                    return False
            elif a1 > 0:  # t <= (1 - a0) / a1
                if (1 - a0) * hi_den < hi_num * a1:
                    hi_num, hi_den = 1 - a0, a1
            elif (a0 - 1) * lo_den > lo_num * -a1:  # t >= (a0 - 1) / -a1
                lo_num, lo_den = a0 - 1, -a1
    return hi_num * lo_den > lo_num * hi_den


# --- maps --------------------------------------------------------------------------------


def to_offset(h: Hex) -> tuple[int, int]:
    """``(col, row)`` of axial hex ``h`` in odd-q offset coordinates: ``col = q``, and odd
    columns sit half a hex lower (shared/formats/turn-or-burn-position.md)."""
    q, r = h
    return q, r + ((q - (q & 1)) >> 1)


def from_offset(col: int, row: int) -> Hex:
    """The axial hex at odd-q offset ``(col, row)``; inverse of :func:`to_offset`."""
    return col, row - ((col - (col & 1)) >> 1)


Bounds: TypeAlias = tuple[int, int, int, int]
"""``(min_col, min_row, max_col, max_row)``: an inclusive rectangle of odd-q offset cells."""

MapJson: TypeAlias = dict[str, int | str | list[list[int]]]
"""A board shape as JSON: what :meth:`MapShape.to_json` writes and :func:`map_from_json` reads."""


class ShapeError(ValueError):
    """A board shape's JSON is malformed. ``field`` is the path inside the map object
    (``"radius"``, ``"hexes[3]"``; empty for the object itself), so each format can prefix its
    own path to the map (``map.radius``); this module knows no format."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class MapShape(ABC):
    """The protocol every board shape keeps, so games and renderers use any shape alike.

    A shape is a frozen, hashable dataclass of plain ints and tuples: it lives in frozen game
    configs and serves as a ``functools.cache`` key. Hexes are axial ``(q, r)`` like everywhere
    in this module, whatever the outline; :func:`to_offset` gives a hex's odd-q ``(col, row)``.
    Subclasses give :meth:`contains`, :meth:`hexes` and :meth:`to_json`; the rest follows from
    those and may be overridden where a shape knows a cheaper answer.
    """

    __slots__ = ()

    @abstractmethod
    def contains(self, h: Hex) -> bool:
        """Is ``h`` on the board?"""

    @abstractmethod
    def hexes(self) -> Iterator[Hex]:
        """Every hex on the board once, in ascending ``(q, r)``: column by column, north to
        south, so every shape lists its hexes in the same reproducible order."""

    @abstractmethod
    def to_json(self) -> MapJson:
        """The shape as JSON that :func:`map_from_json` reads back to an equal shape."""

    def is_edge(self, h: Hex) -> bool:
        """On the board with fewer than six neighbours on it (TOB-GEO-14, LF-MAP-10). A hole in
        a board makes the hexes around it edge hexes too: the definition is the neighbours'."""
        return self.contains(h) and not all(self.contains(n) for n in neighbors(h))

    def edge_hexes(self) -> list[Hex]:
        """The edge hexes, in :meth:`hexes` order."""
        return [h for h in self.hexes() if self.is_edge(h)]

    def center(self) -> Hex:
        """The hex whose centre is nearest the middle of the board's drawn extent, ties to the
        lowest ``(r, q)`` (LF-MAP-11: "as close to the center as can reasonably be determined").

        The middle is that of the bounding box of the hex centres. Exact integers, no pixels:
        with ``a = 2q - (q_min + q_max)`` and ``b = 2y - (y_min + y_max)`` for ``y = 2r + q``
        (twice a centre's height in half-rows), the squared distance to the middle is
        ``3/16 · (3a² + b²)`` hex widths. ``O(n)`` in the board's hexes.
        """
        cells = list(self.hexes())
        qs = [q for q, _ in cells]
        ys = [2 * r + q for q, r in cells]
        q_mid, y_mid = min(qs) + max(qs), min(ys) + max(ys)

        def key(h: Hex) -> tuple[int, int, int]:
            q, r = h
            a, b = 2 * q - q_mid, 2 * (2 * r + q) - y_mid
            return (3 * a * a + b * b, r, q)

        return min(cells, key=key)

    def bounds(self) -> Bounds:
        """The smallest odd-q offset rectangle holding the board, for drawing and cropping."""
        cells = [to_offset(h) for h in self.hexes()]
        cols = [c for c, _ in cells]
        rows = [r for _, r in cells]
        return (min(cols), min(rows), max(cols), max(rows))


@dataclass(frozen=True, slots=True)
class RectMap(MapShape):
    """A rectangular odd-q map of ``cols`` × ``rows`` flat-top hexes.

    Columns are ``q = 0..cols-1``; odd columns sit half a hex lower, so hex ``(q, r)`` is on the
    map when ``0 <= r + (q - (q & 1)) // 2 < rows`` (shared/formats/turn-or-burn-position.md).
    Its JSON is ``{"cols": c, "rows": r}`` with no ``shape``: the form every position format
    wrote before there were other shapes.
    """

    cols: int
    rows: int

    def __post_init__(self) -> None:
        if self.cols < 1 or self.rows < 1:
            raise ValueError(f"a map needs at least 1×1 hexes, got {self.cols}×{self.rows}")

    def contains(self, h: Hex) -> bool:
        q, r = h
        if q < 0 or q >= self.cols:
            return False
        row = r + ((q - (q & 1)) >> 1)
        return 0 <= row < self.rows

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """``(col, row)`` of an axial hex (:func:`to_offset`; the same on every map)."""
        return to_offset(h)

    def from_offset(self, col: int, row: int) -> Hex:
        """The axial hex at ``(col, row)`` (:func:`from_offset`)."""
        return from_offset(col, row)

    def hexes(self) -> Iterator[Hex]:
        for col in range(self.cols):
            for row in range(self.rows):
                yield from_offset(col, row)

    def bounds(self) -> Bounds:
        return (0, 0, self.cols - 1, self.rows - 1)

    def to_json(self) -> MapJson:
        return {"cols": self.cols, "rows": self.rows}


@dataclass(frozen=True, slots=True)
class HexagonMap(MapShape):
    """A hexagon of ``radius`` R: every hex within R of its centre hex, ``3R(R+1) + 1`` hexes.

    Coordinates are those of a rectangular board, not centred on ``(0, 0)``: the hexagon is the
    one inscribed in the ``(2R+1)`` × ``(2R+1)`` odd-q rectangle, so its centre is offset
    ``(R, R)`` (:meth:`center`), its hexes have columns and rows ``0..2R``, and a position's
    hexes read the same whichever shape its board has. The edge is the outer ring.
    """

    radius: int

    def __post_init__(self) -> None:
        if self.radius < 0:
            raise ValueError(f"a hexagon's radius must be >= 0, got {self.radius}")

    def center(self) -> Hex:
        return from_offset(self.radius, self.radius)

    def contains(self, h: Hex) -> bool:
        return distance(h, self.center()) <= self.radius

    def hexes(self) -> Iterator[Hex]:
        cq, cr = self.center()
        n = self.radius
        for dq in range(-n, n + 1):
            for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
                yield (cq + dq, cr + dr)

    def is_edge(self, h: Hex) -> bool:
        return distance(h, self.center()) == self.radius

    def bounds(self) -> Bounds:
        return (0, 0, 2 * self.radius, 2 * self.radius)

    def to_json(self) -> MapJson:
        return {"shape": "hexagon", "radius": self.radius}


@dataclass(frozen=True, slots=True)
class HexSetMap(MapShape):
    """A board of exactly the hexes in ``cells`` (axial), for outlines no formula gives.

    Any non-empty set works, holes and separate pieces included; a hex beside a hole or gap is
    an edge hex (:meth:`is_edge`). ``contains`` is a set lookup; the other queries walk the set.
    """

    cells: frozenset[Hex]

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("a board needs at least one hex")

    def contains(self, h: Hex) -> bool:
        return h in self.cells

    def hexes(self) -> Iterator[Hex]:
        return iter(sorted(self.cells))

    def to_json(self) -> MapJson:
        return {"shape": "hexes", "hexes": [list(h) for h in sorted(self.cells)]}


SHAPES = ("rectangle", "hexagon", "hexes")
"""The ``shape`` names :func:`map_from_json` reads; no ``shape`` means ``rectangle``."""


def map_from_json(data: object) -> MapShape:
    """A board from its JSON, the inverse of :meth:`MapShape.to_json`.

    * ``{"cols": c, "rows": r}``: a :class:`RectMap` (``"shape": "rectangle"`` may be added);
    * ``{"shape": "hexagon", "radius": R}``: a :class:`HexagonMap`;
    * ``{"shape": "hexes", "hexes": [[q, r], ...]}``: a :class:`HexSetMap` of axial hexes, each
      listed once.

    Fields a shape does not have are refused rather than ignored, so a misspelt or misplaced
    field cannot silently give another board.

    :raises ShapeError: naming the field at fault, relative to the map object.
    """
    if not isinstance(data, dict):
        raise ShapeError("", f"expected a map object, got {type(data).__name__}")
    shape = data.get("shape", "rectangle")
    if shape not in SHAPES:
        raise ShapeError("shape", f"expected one of {', '.join(SHAPES)}, got {shape!r}")
    fields = {"rectangle": ("cols", "rows"), "hexagon": ("radius",), "hexes": ("hexes",)}[shape]
    for key in data:
        if key != "shape" and key not in fields:
            raise ShapeError(str(key), f"not a field of a {shape} map (it has {', '.join(fields)})")
    if shape == "rectangle":
        return RectMap(_whole(data.get("cols"), "cols", 1), _whole(data.get("rows"), "rows", 1))
    if shape == "hexagon":
        return HexagonMap(_whole(data.get("radius"), "radius", 0))
    listed = data.get("hexes")
    if not isinstance(listed, list) or not listed:
        raise ShapeError("hexes", f"expected a non-empty list of hexes [q, r], got {listed!r}")
    first: dict[Hex, int] = {}
    for i, v in enumerate(listed):
        if not (isinstance(v, list) and len(v) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            raise ShapeError(f"hexes[{i}]", f"expected a hex [q, r], got {v!r}")
        h = (v[0], v[1])
        if h in first:
            raise ShapeError(f"hexes[{i}]", f"{v} repeats hexes[{first[h]}]: list each hex once")
        first[h] = i
    return HexSetMap(frozenset(first))


def _whole(v: object, field: str, low: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise ShapeError(field, f"expected a whole number >= {low}, got {v!r}")
    return v


# --- drawing -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel layout of flat-top hexes of circumradius ``size``, screen y pointing down; with
    ``pointy`` the same axial grid turned 30 degrees (pointy-top, axial +q pointing east), for a
    game whose rules draw it so (Talon's TAL-G-1).

    The only floating-point code in this module; rules never call it.
    """

    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    pointy: bool = False

    def center(self, h: Hex) -> tuple[float, float]:
        q, r = h
        if self.pointy:
            x, y = self.size * math.sqrt(3) * (q + r / 2), self.size * 1.5 * r
        else:
            x, y = self.size * 1.5 * q, self.size * math.sqrt(3) * (r + q / 2)
        return (x + self.origin[0], y + self.origin[1])

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        turn = 30 if self.pointy else 0
        return [
            (cx + self.size * math.cos(math.radians(60 * k + turn)), cy + self.size * math.sin(math.radians(60 * k + turn)))
            for k in range(6)
        ]

    def direction_angle(self, direction: int) -> float:
        """Screen angle in degrees (0 = east, clockwise positive) of direction ``direction``."""
        return -90.0 + 60.0 * (direction % 6) - (30.0 if self.pointy else 0.0)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.pointy:
            return _round_float(math.sqrt(3) / 3.0 * px - 1.0 / 3.0 * py, 2.0 / 3.0 * py)
        q = 2.0 / 3.0 * px
        r = -1.0 / 3.0 * px + math.sqrt(3) / 3.0 * py
        return _round_float(q, r)


def _round_float(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))
