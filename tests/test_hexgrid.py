"""Property tests for the hex core (hexgrid.py): the geometry every game's rules stand on.

Rule IDs are Turn or Burn's (TOB-GEO-*), the digest that fixes this module's conventions.
Hypothesis example counts are kept small: the suite must stay fast.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexfleet import hexgrid as hg
from hexfleet.games.turn_or_burn.notation import LETTERS
from hexfleet.hexgrid import DIRECTIONS, Hex, Layout, RectMap

FAST = settings(max_examples=150, deadline=None)

coord = st.integers(min_value=-40, max_value=40)
hexes = st.tuples(coord, coord)
small = st.tuples(st.integers(-8, 8), st.integers(-8, 8))
offsets = small.filter(lambda v: v != (0, 0))
facings = st.integers(0, 5)
ARC_WIDTHS = (0, 60, 120, 180, 360)


def mirror(v: Hex, facing: int) -> Hex:
    """Mirror image of offset ``v`` across the axis through direction ``facing``."""
    # Rotate so the facing points north (A), mirror across the q = 0 axis, rotate back.
    q, r = hg.rotate(v, -facing)
    s = -q - r
    return hg.rotate((-q, -s), facing)  # north-axis mirror swaps r and s and negates q


# --- distance is a metric (TOB-GEO-04) -----------------------------------------------------


@pytest.mark.rule("TOB-GEO-04")
@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, b) == hg.distance(b, a) >= 0
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)
    assert hg.distance(a, b) == hg.length(hg.sub(b, a))


@pytest.mark.rule("TOB-GEO-04")
def test_distance_known_values() -> None:
    assert hg.distance((0, 0), (3, -1)) == 3
    assert hg.distance((0, 0), (2, 2)) == 4  # s = -4
    assert hg.distance((-2, 5), (1, 1)) == 4


# --- rotation -----------------------------------------------------------------------------


@pytest.mark.rule("TOB-GEO-02")
@FAST
@given(hexes, hexes, st.integers(-12, 12))
def test_rotation_keeps_distance(a: Hex, c: Hex, k: int) -> None:
    assert hg.length(hg.rotate(a, k)) == hg.length(a)
    assert hg.distance(hg.rotate_about(a, c, k), c) == hg.distance(a, c)
    assert hg.rotate(a, 6) == a
    assert hg.rotate(hg.rotate(a, k), -k) == a


@pytest.mark.rule("TOB-GEO-02")
def test_rotation_is_clockwise_through_the_letters() -> None:
    for i, d in enumerate(DIRECTIONS):
        assert hg.rotate(d, 1) == DIRECTIONS[(i + 1) % 6]
        assert hg.rotate(d, 3) == hg.scale(d, -1)  # opposite direction: i + 3
    assert LETTERS[(LETTERS.index("C") + 2) % 6] == "E"  # C + T120S = E (TOB-EX-02)
    assert LETTERS[(LETTERS.index("F") + 3) % 6] == "C"  # opposite of F is C
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


# --- rings, disks, neighbours ---------------------------------------------------------------


@pytest.mark.rule("TOB-GEO-04")
@FAST
@given(hexes, st.integers(0, 7))
def test_rings_and_disks(center: Hex, k: int) -> None:
    ring = hg.ring(center, k)
    assert len(ring) == (6 * k if k else 1)
    assert len(set(ring)) == len(ring)
    assert all(hg.distance(center, h) == k for h in ring)
    disk = hg.disk(center, k)
    assert len(disk) == len(set(disk)) == 3 * k * (k + 1) + 1
    assert all(hg.distance(center, h) <= k for h in disk)


@pytest.mark.rule("TOB-GEO-04")
@pytest.mark.rule("TOB-GEO-12")
@FAST
@given(hexes)
def test_neighbours_are_at_distance_one(h: Hex) -> None:
    ns = hg.neighbors(h)
    assert len(set(ns)) == 6
    assert all(hg.distance(h, n) == 1 for n in ns)
    assert [hg.neighbor(h, i) for i in range(6)] == list(ns)
    assert sorted(hg.disk(h, 1)) == sorted(ns + (h,))  # "its hex and each of the 6 adjacent"


def test_ring_rejects_negative_radius() -> None:
    with pytest.raises(ValueError, match="radius"):
        hg.ring((0, 0), -1)


# --- arcs (TOB-GEO-09, TOB-AMB-02) ----------------------------------------------------------


@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.rule("TOB-AMB-02")
@FAST
@given(facings, offsets, st.sampled_from(ARC_WIDTHS), st.booleans())
def test_arcs_are_symmetric_about_the_facing(facing: int, v: Hex, width: int, exclusive: bool) -> None:
    test = hg.in_arc_exclusive if exclusive else hg.in_arc
    m = mirror(v, facing)
    assert hg.length(m) == hg.length(v)
    assert mirror(m, facing) == v
    assert test(facing, v, width) == test(facing, m, width)


@pytest.mark.rule("TOB-GEO-09")
@FAST
@given(facings, offsets, st.integers(0, 5))
def test_arcs_rotate_with_the_facing(facing: int, v: Hex, k: int) -> None:
    for width in ARC_WIDTHS:
        assert hg.in_arc(facing, v, width) == hg.in_arc(facing + k, hg.rotate(v, k), width)


@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.rule("TOB-AMB-02")
@FAST
@given(facings, offsets)
def test_arcs_are_nested(facing: int, v: Hex) -> None:
    inside = [hg.in_arc(facing, v, w) for w in ARC_WIDTHS]
    assert inside == sorted(inside)  # once inside, inside every wider arc: 0 ⊂ 60 ⊂ 120 ⊂ 180 ⊂ 360
    strict = [hg.in_arc_exclusive(facing, v, w) for w in ARC_WIDTHS]
    assert strict == sorted(strict)
    assert all(s <= i for s, i in zip(strict, inside, strict=True))  # exclusive arcs only ever drop hexes
    assert not hg.in_arc(facing, (0, 0), 360)  # range 0 is never in arc


# Hexes per range 1..6 (TOB-GEO-09 table).
ARC_COUNTS = {
    0: [1, 1, 1, 1, 1, 1],
    60: [1, 3, 3, 5, 5, 7],
    120: [3, 5, 7, 9, 11, 13],
    180: [3, 7, 9, 13, 15, 19],
    360: [6, 12, 18, 24, 30, 36],
}


@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.parametrize("width", ARC_WIDTHS)
@pytest.mark.parametrize("facing", range(6))
def test_arc_counts_per_range(width: int, facing: int) -> None:
    counts = [sum(hg.in_arc(facing, h, width) for h in hg.ring((0, 0), k)) for k in range(1, 7)]
    assert counts == ARC_COUNTS[width]


@pytest.mark.rule("TOB-GEO-09")
def test_arc_membership_in_relative_notation() -> None:
    """The digest's membership lists, facing A (R0 = A, R1 = B, R5 = F)."""
    R = {k: DIRECTIONS[k] for k in range(6)}

    def at(*terms: tuple[int, int]) -> Hex:
        q = r = 0
        for n, k in terms:
            q += n * R[k][0]
            r += n * R[k][1]
        return (q, r)

    sixty = {at((1, 0)), at((2, 0)), at((1, 0), (1, 1)), at((1, 5), (1, 0)), at((3, 0)), at((2, 0), (1, 1)),
             at((2, 0), (1, 5))}
    assert {h for h in hg.disk((0, 0), 3) if hg.in_arc(0, h, 60)} == sixty
    one_twenty = {at((1, 0)), at((1, 1)), at((1, 5)), at((2, 0)), at((1, 0), (1, 1)), at((1, 0), (1, 5)),
                  at((2, 1)), at((2, 5)), at((3, 0)), at((2, 0), (1, 1)), at((2, 0), (1, 5)), at((1, 0), (2, 1)),
                  at((1, 0), (2, 5)), at((3, 1)), at((3, 5))}
    assert {h for h in hg.disk((0, 0), 3) if hg.in_arc(0, h, 120)} == one_twenty
    ring2_180 = {h for h in hg.ring((0, 0), 2) if hg.in_arc(0, h, 180)}
    assert ring2_180 == {h for h in hg.ring((0, 0), 2) if hg.in_arc(0, h, 120)} | {at((1, 1), (1, 2)),
                                                                                  at((1, 4), (1, 5))}


@pytest.mark.rule("TOB-AMB-02")
def test_exclusive_arcs_drop_the_boundary() -> None:
    """arc_boundary = exclusive drops the spine hexes of 60° and 180°, and the R±1 rows of 120°."""
    assert hg.in_arc(0, (1, -2), 60) and not hg.in_arc_exclusive(0, (1, -2), 60)
    assert hg.in_arc_exclusive(0, (1, -3), 60)
    assert hg.in_arc(0, (1, -1), 120) and not hg.in_arc_exclusive(0, (1, -1), 120)
    assert hg.in_arc(0, (2, -1), 180) and not hg.in_arc_exclusive(0, (2, -1), 180)
    assert hg.in_arc_exclusive(0, (0, -4), 0) and hg.in_arc_exclusive(0, (3, -3), 360)


# --- lines and directions (TOB-GEO-10) -----------------------------------------------------


def on_spine(v: Hex) -> bool:
    q, r = v
    s = -q - r
    return q == r or r == s or s == q


@pytest.mark.rule("TOB-GEO-10")
@FAST
@given(offsets)
def test_directions_toward_ties_exactly_on_spines(v: Hex) -> None:
    dirs = hg.directions_toward(v)
    assert len(dirs) == (2 if on_spine(v) else 1)
    assert list(dirs) == sorted(dirs)
    best = max(hg.dot(d, v) for d in DIRECTIONS)
    assert all(hg.dot(DIRECTIONS[i], v) == best for i in dirs)
    if len(dirs) == 2:
        assert (dirs[1] - dirs[0]) % 6 in (1, 5)  # the two hexes either side of the spine
    assert hg.directions_toward((0, 0)) == ()


@pytest.mark.rule("TOB-GEO-10")
def test_directions_toward_known_values() -> None:
    assert hg.directions_toward((-3, 0)) == (5,)  # TOB-EX-19: target (−3,0) → F
    assert hg.directions_toward((2, -1)) == (1, 2)  # tie: B or C
    assert hg.directions_toward((0, 5)) == (3,)


@pytest.mark.rule("TOB-GEO-10")
@FAST
@given(hexes, small)
def test_line_steps(a: Hex, v: Hex) -> None:
    b = hg.add(a, v)
    steps = hg.line(a, b)
    n = hg.distance(a, b)
    assert len(steps) == n + 1
    assert steps[0] == (a,) and steps[-1] == (b,)
    for i, step in enumerate(steps):
        assert 1 <= len(step) <= 2 and list(step) == sorted(step)
        if len(step) == 2:  # the exact point sits on the hexside both hexes share: both are crossed
            assert hg.distance(*step) == 1
            assert all(hg.segment_crosses_hex(a, b, h) for h in step)
        assert all(hg.distance(a, h) in (i, i - 1, i + 1) for h in step)
        if i:
            assert all(hg.distance(h, g) <= 1 for h in step for g in steps[i - 1])
    if on_spine(v) and n % 2 == 0 and n:
        # A line along a spine runs "directly between two hexes" at every odd step.
        assert all(len(steps[i]) == 2 for i in range(1, n, 2))
    if not any(len(s) == 2 for s in steps):
        assert all(hg.distance(steps[i][0], steps[i + 1][0]) == 1 for i in range(n))


@pytest.mark.rule("TOB-GEO-10")
def test_line_along_a_spine_and_straight() -> None:
    assert hg.line((0, 0), (2, -1)) == [((0, 0),), ((1, -1), (1, 0)), ((2, -1),)]
    assert hg.line((0, 0), (0, -3)) == [((0, 0),), ((0, -1),), ((0, -2),), ((0, -3),)]
    assert hg.line((4, 4), (4, 4)) == [((4, 4),)]
    # Not on a spine, but the midpoint sits exactly on the hexside between (0,-2) and (1,-2).
    assert hg.directions_toward((1, -4)) == (0,)
    assert hg.line((0, 0), (1, -4))[2] == ((0, -2), (1, -2))


# --- black-hole crossing (TOB-GEO-11, TOB-EX-45) -------------------------------------------

EX45 = [
    ((-2, 0), (2, 0), True),  # passes through the BH hex
    ((0, -3), (0, 0), True),  # ends in the BH hex
    ((1, 0), (0, -1), True),  # runs along the BH/B hexside
    ((2, 1), (-1, -2), True),  # runs along the BH/B hexside
    ((0, -1), (1, -1), False),  # crosses the A/B hexside, touching no BH edge
    ((2, -3), (2, 1), False),  # passes clear
]


@pytest.mark.rule("TOB-GEO-11")
@pytest.mark.rule("TOB-EX-45")
@pytest.mark.parametrize(("a", "b", "crossed"), EX45)
def test_black_hole_crossing_table(a: Hex, b: Hex, crossed: bool) -> None:
    assert hg.segment_crosses_hex(a, b, (0, 0)) is crossed
    assert hg.segment_crosses_hex(b, a, (0, 0)) is crossed


@pytest.mark.rule("TOB-GEO-11")
@pytest.mark.rule("TOB-AMB-31")
def test_vertex_touch_is_safe_and_open_cells_ignore_sides() -> None:
    assert not hg.segment_crosses_hex((0, 0), (4, 1), (1, 1))
    # Running along a side counts for the closed cell (black hole), not the open one (Talon LOF).
    assert hg.segment_crosses_hex((1, 0), (0, -1), (0, 0), closed=True)
    assert not hg.segment_crosses_hex((1, 0), (0, -1), (0, 0), closed=False)
    assert hg.segment_crosses_hex((-2, 0), (2, 0), (0, 0), closed=False)


@pytest.mark.rule("TOB-GEO-11")
@FAST
@given(small, small, small, st.booleans())
def test_segment_crossing_is_symmetric(a: Hex, b: Hex, h: Hex, closed: bool) -> None:
    assert hg.segment_crosses_hex(a, b, h, closed=closed) == hg.segment_crosses_hex(b, a, h, closed=closed)
    if a != b:
        assert hg.segment_crosses_hex(a, b, a, closed=closed) and hg.segment_crosses_hex(a, b, b, closed=closed)
    if hg.segment_crosses_hex(a, b, h, closed=False):
        assert hg.segment_crosses_hex(a, b, h, closed=True)
    far = hg.distance(h, a) > hg.distance(a, b) + 1 and hg.distance(h, b) > hg.distance(a, b) + 1
    if far:
        assert not hg.segment_crosses_hex(a, b, h, closed=closed)


# --- half planes and hexside sectors -------------------------------------------------------


@pytest.mark.rule("TOB-GEO-09")
@FAST
@given(facings, offsets)
def test_half_plane_matches_the_180_arc(facing: int, v: Hex) -> None:
    side = hg.half_plane(facing, v)
    assert (side >= hg.SIDE) == hg.in_arc(facing, v, 180)
    assert (side == hg.FRONT) == hg.in_arc_exclusive(facing, v, 180)
    assert hg.half_plane(facing, hg.scale(v, -1)) == -side
    assert hg.half_plane(facing, (0, 0)) == hg.SIDE


@pytest.mark.rule("TOB-GEO-10")
@FAST
@given(facings, offsets)
def test_hexside_sectors_are_directions_relative_to_facing(facing: int, v: Hex) -> None:
    sectors = hg.hexside_sectors(facing, v)
    assert sectors == tuple(sorted((d - facing) % 6 for d in hg.directions_toward(v)))
    assert len(sectors) == (2 if on_spine(v) else 1)
    assert hg.hexside_sectors(facing + 1, hg.rotate(v, 1)) == sectors
    # Sector 0 (dead ahead) is within the 60° arc; the 60° arc is sector 0 plus its spines.
    assert (sectors == (0,) or 0 in sectors) == hg.in_arc(facing, v, 60)
    # Front half-plane: sectors 0, 1, 5 away from the abeam spines.
    if hg.half_plane(facing, v) == hg.FRONT:
        assert set(sectors) <= {0, 1, 2, 4, 5}
    if hg.half_plane(facing, v) == hg.REAR:
        assert set(sectors) <= {1, 2, 3, 4, 5}
    assert hg.hexside_sectors(facing, (0, 0)) == ()


# --- maps and pixels ----------------------------------------------------------------------


@pytest.mark.rule("TOB-GEO-01")
@FAST
@given(st.integers(1, 12), st.integers(1, 12), hexes)
def test_rectmap_offset_round_trip(cols: int, rows: int, h: Hex) -> None:
    board = RectMap(cols, rows)
    col, row = board.to_offset(h)
    assert board.from_offset(col, row) == h
    assert board.contains(h) == (0 <= col < cols and 0 <= row < rows)
    listed = list(board.hexes())
    assert len(listed) == len(set(listed)) == cols * rows
    assert all(board.contains(x) for x in listed)


@pytest.mark.rule("TOB-GEO-14")
@FAST
@given(st.integers(1, 10), st.integers(1, 10))
def test_rectmap_edges(cols: int, rows: int) -> None:
    """Edge hexes are exactly the outer ring of offset cells (odd-q keeps interiors whole)."""
    board = RectMap(cols, rows)
    border = {h for h in board.hexes() if board.to_offset(h)[0] in (0, cols - 1)
              or board.to_offset(h)[1] in (0, rows - 1)}
    assert set(board.edge_hexes()) == border
    assert all(board.is_edge(h) == (h in border) for h in board.hexes())
    assert not board.is_edge((-1, 0))  # off the map is not an edge hex


@pytest.mark.rule("TOB-GEO-01")
def test_rectmap_known_hexes() -> None:
    board = RectMap(30, 22)
    assert board.to_offset((5, 8)) == (5, 10) and board.to_offset((24, -2)) == (24, 10)
    assert board.contains((0, 0)) and board.contains((29, -14)) and board.contains((29, 7))
    assert not board.contains((29, 8)) and not board.contains((30, 0)) and not board.contains((1, -1))
    assert board.is_edge((0, 5)) and not board.is_edge((5, 8))
    with pytest.raises(ValueError):
        RectMap(0, 3)


@FAST
@given(hexes, st.sampled_from([1.0, 10.0, 37.5]), st.tuples(st.floats(-500, 500), st.floats(-500, 500)), st.booleans())
def test_layout_pixel_round_trip(h: Hex, size: float, origin: tuple[float, float], pointy: bool) -> None:
    layout = Layout(size, origin, pointy)
    assert layout.pixel_to_hex(*layout.center(h)) == h
    for x, y in layout.corners(h):  # corners nudged toward the centre stay in the hex
        cx, cy = layout.center(h)
        assert layout.pixel_to_hex(cx + 0.9 * (x - cx), cy + 0.9 * (y - cy)) == h


@pytest.mark.parametrize("pointy", [False, True])
def test_layout_direction_angles(pointy: bool) -> None:
    layout = Layout(10.0, pointy=pointy)
    for i, d in enumerate(DIRECTIONS):
        (x0, y0), (x1, y1) = layout.center((0, 0)), layout.center(d)
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
        assert math.isclose((angle - layout.direction_angle(i) + 540) % 360 - 180, 0, abs_tol=1e-9)


def test_a_pointy_layout_puts_axial_q_east_with_a_vertex_at_the_top() -> None:
    layout = Layout(10.0, pointy=True)
    (x0, y0), (x1, y1) = layout.center((0, 0)), layout.center((1, 0))
    assert math.isclose(y1, y0) and x1 > x0
    assert any(math.isclose(x, x0, abs_tol=1e-9) and y < y0 for x, y in layout.corners((0, 0)))
