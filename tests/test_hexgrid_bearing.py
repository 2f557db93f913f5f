"""Bearings, angles from a ray, distances from a ray and exact point rounding (hexgrid)."""

from __future__ import annotations

import pytest

from hexfleet.hexgrid import DIRECTIONS, angle_off, bearing, ray_distance, round_point


@pytest.mark.parametrize(("k", "deg"), list(zip(range(6), (0.0, 60.0, 120.0, 180.0, 240.0, 300.0), strict=True)))
def test_direction_bearings_are_exact(k: int, deg: float) -> None:
    assert bearing(DIRECTIONS[k]) == deg
    assert bearing((DIRECTIONS[k][0] * 5, DIRECTIONS[k][1] * 5)) == deg


def test_vertex_directions_and_boundaries() -> None:
    assert bearing((1, -2)) == 30.0          # between directions 0 and 1: two cube coordinates equal
    assert bearing((2, -1)) == 90.0
    assert bearing((-1, -1)) == 330.0
    assert bearing((0, 0)) == 0.0
    assert angle_off((0, -1), 330.0) == 30.0
    assert angle_off((0, 1), 90.0) == 90.0


def test_ray_distance() -> None:
    along, across = ray_distance((0, -3), 0.0)
    assert (along, across) == (3.0, 0.0)
    assert ray_distance((1, -1), 30.0)[1] == 0.5      # a vertex ray passes between two hexes
    assert ray_distance((1, -2), 0.0)[1] > 0.5


def test_round_point_keeps_ties() -> None:
    assert round_point(-2, -88, 20) == ((0, -4),)
    assert round_point(1, 0, 2) == ((0, 0), (1, 0))
    with pytest.raises(ValueError):
        round_point(1, 1, 0)
