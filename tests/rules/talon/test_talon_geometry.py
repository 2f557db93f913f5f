"""Talon geometry (digest §20): directions, distance, arcs, line of fire, terrain counts,
contact arcs, displacement, missile steering and the board window, with the digest's vectors."""

from __future__ import annotations

import pytest

from hexfleet.games.talon import geometry as g
from hexfleet.hexgrid import distance


@pytest.mark.rule("TAL-G-1")
def test_directions_count_counter_clockwise_from_east():
    assert g.DIRS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert g.step((0, 0), 0) == (1, 0) and g.step((0, 0), 7) == (1, -1)


@pytest.mark.rule("TAL-G-2")
def test_range_is_hex_distance():
    assert distance((0, 0), (3, -1)) == 3 and distance((0, 0), (-2, 2)) == 2 and distance((1, 1), (1, 1)) == 0


RING = {(1, 0): "F", (1, -1): "L", (0, -1): "L", (-1, 0): "Rear", (-1, 1): "R", (0, 1): "R",
        (2, 0): "F", (2, -1): "F", (1, 1): "F", (2, -2): "L", (1, -2): "L", (0, -2): "L", (-1, -1): "Rear",
        (-2, 0): "Rear", (-2, 1): "Rear", (-2, 2): "R", (-1, 2): "R", (0, 2): "R"}


@pytest.mark.rule("TAL-G-4")
@pytest.mark.rule("TAL-EX-S2")
@pytest.mark.rule("TAL-5.3.1")
def test_arc_ring_table_and_fusion_cone():
    assert {h: g.arc((0, 0), 0, h) for h in RING} == RING
    assert sorted(g.cone((0, 0), 0, ["F"], 3)) == sorted([(1, 0), (2, 0), (2, -1), (1, 1), (3, 0), (3, -1), (2, 1)])


@pytest.mark.rule("TAL-G-4")
def test_arcs_partition_and_rotate_with_the_facing():
    for f in range(6):
        for h, a in RING.items():
            rotated = h
            for _ in range(f):  # rotate the offset 60° counter-clockwise f times
                q, r = rotated
                rotated = (q + r, -q)
            assert g.arc((0, 0), f, rotated) == a


@pytest.mark.rule("TAL-AMB-2")
def test_wide_fore_aft_model_gives_row_hexes_to_the_sides():
    model = "wide_fore_aft"
    assert g.arc((0, 0), 0, (1, 0), model) == "F" and g.arc((0, 0), 0, (2, -1), model) == "F"
    assert g.arc((0, 0), 0, (1, -1), model) == "L" and g.arc((0, 0), 0, (0, 1), model) == "R"
    assert g.arc((0, 0), 0, (-1, 0), model) == "Rear" and g.arc((0, 0), 0, (-1, -1), model) == "Rear"


@pytest.mark.rule("TAL-EX-4")
@pytest.mark.rule("TAL-5.1.h")
def test_multi_arc_group_targets():
    arcs = {"F", "L"}
    assert g.arc((0, 0), 0, (2, 0)) in arcs and g.arc((0, 0), 0, (1, -1)) in arcs
    assert g.arc((0, 0), 0, (0, 1)) not in arcs and g.arc((0, 0), 0, (-1, 0)) not in arcs


@pytest.mark.rule("TAL-EX-5")
@pytest.mark.rule("TAL-5.3.2")
def test_arc_symmetry_shield_hit_is_the_arc_holding_the_firer():
    assert g.arc((0, 0), 0, (2, 0)) == "F"  # the enemy at (2,0) facing 3 hits the CA's F shield


@pytest.mark.rule("TAL-EX-14")
@pytest.mark.rule("TAL-8.3")
def test_patton_fires_forward_into_visions_left_shield():
    assert g.arc((0, 0), 0, (2, 0)) == "F"
    assert g.arc((2, 0), 1, (0, 0)) == "L"


@pytest.mark.rule("TAL-G-5")
@pytest.mark.rule("TAL-EX-S3")
def test_corner_clips_count_as_crossed():
    assert sorted(g.crossed((0, 0), (4, -1))) == [(0, 0), (1, 0), (2, -1), (2, 0), (3, -1), (4, -1)]
    assert sorted(g.crossed((0, 0), (3, -1))) == [(0, 0), (1, 0), (2, -1), (3, -1)]


@pytest.mark.rule("TAL-EX-S4")
@pytest.mark.rule("TAL-G-6")
def test_spine_runs_and_their_flanks():
    assert sorted(g.crossed((0, 0), (4, -2))) == [(0, 0), (2, -1), (4, -2)]
    assert g.spine_pairs((0, 0), (4, -2)) == [((1, 0), (1, -1)), ((3, -1), (3, -2))]
    assert g.terrain_count((0, 0), (4, -2), {(1, 0), (1, -1)}) == 1
    assert g.terrain_count((0, 0), (4, -2), {(1, 0)}) == 0
    assert not g.blocked((0, 0), (4, -2), {(1, 0)})
    assert g.blocked((0, 0), (4, -2), {(1, 0), (1, -1)})
    assert not g.blocked((0, 0), (4, -2), {(1, 0), (1, -1)}, two_flanks=False)


@pytest.mark.rule("TAL-EX-23")
@pytest.mark.rule("TAL-17.2.2")
def test_planet_blocks_through_its_interior_not_along_its_spine():
    planet = {(1, -1)}
    assert g.arc((0, 0), 0, (2, -2)) == "L" and g.blocked((0, 0), (2, -2), planet)
    assert g.arc((0, 0), 0, (2, -1)) == "F" and not g.blocked((0, 0), (2, -1), planet)
    assert g.arc((2, -1), 0, (0, 0)) == "Rear"


@pytest.mark.rule("TAL-EX-26")
@pytest.mark.rule("TAL-17.5.a")
@pytest.mark.rule("TAL-17.5.d")
def test_asteroid_counts_include_both_endpoints():
    rocks = {(0, 0), (1, 0), (3, -1)}
    assert sorted(g.crossed((0, 0), (3, 0))) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert g.terrain_count((0, 0), (3, 0), rocks) == 2
    assert sorted(g.crossed((0, 0), (3, -1))) == [(0, 0), (1, 0), (2, -1), (3, -1)]
    assert g.terrain_count((0, 0), (3, -1), rocks) == 3


@pytest.mark.rule("TAL-EX-12")
@pytest.mark.rule("TAL-7.5.1")
def test_translation_changes_no_distance_arc_or_line():
    pts = [((0, 0), 0), ((3, -1), 2), ((-2, 4), 5), ((1, 1), 3)]
    shift = (3, -3)
    moved = [((h[0] + shift[0], h[1] + shift[1]), f) for h, f in pts]
    for (a, fa), (b, _), (a2, _), (b2, _) in ((p, q, p2, q2) for p, p2 in zip(pts, moved) for q, q2 in zip(pts, moved)):
        if a == b:
            continue
        assert distance(a, b) == distance(a2, b2)
        assert g.arc(a, fa, b) == g.arc(a2, fa, b2)
        assert len(g.crossed(a, b)) == len(g.crossed(a2, b2))


@pytest.mark.rule("TAL-G-7")
@pytest.mark.rule("TAL-EX-S6")
def test_contact_arcs():
    assert g.contact_arc(0, g.direction_of((0, 0), (1, 0))) == "F"
    assert g.arc((1, 0), 3, (0, 0)) == "F"
    assert g.contact_arc(0, g.direction_of((0, 1), (1, 0))) == "L"
    assert g.arc((1, 0), 3, (0, 1)) == "L"


@pytest.mark.rule("TAL-G-8")
@pytest.mark.rule("TAL-EX-S15")
def test_gravity_and_knock_back_directions():
    assert g.pull((0, 0), (3, -1)) == [(1, 0)]
    assert sorted(g.pull((0, 0), (2, -1))) == [(1, -1), (1, 0)]
    assert g.pull((0, 0), (1, 0)) == [(1, 0)]
    assert g.away((0, 0), (2, -1)) == [(3, -1), (3, -2)]  # TAL-EX-21's spine: the firer picks


@pytest.mark.rule("TAL-G-9")
@pytest.mark.rule("TAL-EX-S5")
@pytest.mark.rule("TAL-13.4.d")
def test_missile_steering():
    assert g.steer((0, 0), 0, (3, -3)) == ["turn_left"]
    assert g.steer((0, 0), 0, (3, -1)) == ["straight", "turn_left"]
    assert g.steer((0, 0), 0, None) == ["straight"]
    assert g.steer((0, 0), 0, (-3, 3)) == ["turn_right"]  # none closer: the least bad
    assert g.steer((0, 0), 0, (-3, 3), free=True) == ["straight", "turn_left", "turn_right"]


@pytest.mark.rule("TAL-G-10")
def test_board_window_of_the_format():
    origin = (-5, -6)
    assert g.on_board((0, 0), origin, 16, 12)
    assert g.on_board((-5, -6), origin, 16, 12) and not g.on_board((-6, -6), origin, 16, 12)
    assert g.on_board((-6, -4), origin, 16, 12) and not g.on_board((-7, -4), origin, 16, 12)  # k=2: half a hex
    assert not g.on_board((0, 6), origin, 16, 12) and g.on_board((0, 5), origin, 16, 12)
