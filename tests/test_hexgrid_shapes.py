"""Board shapes (hexgrid.MapShape): rectangles, hexagons and explicit hex sets keep one protocol.

Rule IDs: TOB-GEO-01/14 fix the rectangle and its edge; LF-MAP-01 allows hexagon boards,
LF-MAP-10 defines edge hexes by their neighbours, LF-MAP-11 the centre hex.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexfleet import hexgrid as hg
from hexfleet.hexgrid import (
    HexagonMap,
    HexSetMap,
    Layout,
    MapShape,
    RectMap,
    ShapeError,
    map_from_json,
)

FAST = settings(max_examples=100, deadline=None)

radii = st.integers(0, 9)
rects = st.builds(RectMap, st.integers(1, 12), st.integers(1, 12))
hexagons = st.builds(HexagonMap, radii)
hex_sets = st.builds(HexSetMap, st.frozensets(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1,
                                              max_size=40))
shapes = st.one_of(rects, hexagons, hex_sets)


def window(board: MapShape) -> list[hg.Hex]:
    """Every hex in the board's offset bounds grown by two cells: the board and a ring of sea."""
    c0, r0, c1, r1 = board.bounds()
    return [hg.from_offset(c, r) for c in range(c0 - 2, c1 + 3) for r in range(r0 - 2, r1 + 3)]


def pixel_center(board: MapShape) -> hg.Hex:
    """LF-MAP-11 measured in floating-point pixels, as RectMap.center did before it was exact."""
    layout = Layout(1.0)
    xs = [layout.center(h) for h in board.hexes()]
    cx = (min(x for x, _ in xs) + max(x for x, _ in xs)) / 2
    cy = (min(y for _, y in xs) + max(y for _, y in xs)) / 2

    def key(h: hg.Hex) -> tuple[float, int, int]:
        x, y = layout.center(h)
        return (round((x - cx) ** 2 + (y - cy) ** 2, 9), h[1], h[0])

    return min(board.hexes(), key=key)


@pytest.mark.rule("LF-MAP-01")
@FAST
@given(radii)
def test_a_hexagon_of_radius_r_is_the_disk_inside_its_square(radius: int) -> None:
    board = HexagonMap(radius)
    listed = list(board.hexes())
    assert len(listed) == len(set(listed)) == 3 * radius * (radius + 1) + 1
    square = RectMap(2 * radius + 1, 2 * radius + 1)
    assert board.center() == hg.from_offset(radius, radius) == square.center()
    assert set(listed) == set(hg.disk(board.center(), radius)) <= set(square.hexes())
    assert board.bounds() == square.bounds() == MapShape.bounds(board) == (0, 0, 2 * radius, 2 * radius)
    assert MapShape.center(board) == board.center()
    assert all(board.contains(h) == (h in listed) for h in window(board))


@pytest.mark.rule("LF-MAP-10")
@pytest.mark.rule("TOB-GEO-14")
@FAST
@given(radii)
def test_a_hexagons_edge_is_its_outer_ring(radius: int) -> None:
    board = HexagonMap(radius)
    assert set(board.edge_hexes()) == set(hg.ring(board.center(), radius))
    assert all(board.is_edge(h) == MapShape.is_edge(board, h) for h in window(board))


@pytest.mark.rule("LF-MAP-10")
@pytest.mark.rule("LF-MAP-11")
@FAST
@given(shapes)
def test_every_shape_keeps_the_protocol(board: MapShape) -> None:
    listed = list(board.hexes())
    assert listed == sorted(set(listed)) and all(board.contains(h) for h in listed)
    # edge hexes: on the board with a neighbour off it; off the board is never an edge
    for h in window(board):
        outside = any(not board.contains(n) for n in hg.neighbors(h))
        assert board.is_edge(h) == (board.contains(h) and outside)
    assert board.edge_hexes() == [h for h in listed if board.is_edge(h)]
    # bounds: the smallest offset rectangle holding every hex
    offsets = [hg.to_offset(h) for h in listed]
    assert board.bounds() == (min(c for c, _ in offsets), min(r for _, r in offsets),
                              max(c for c, _ in offsets), max(r for _, r in offsets))
    # the centre is on the board and agrees with the pixel measure
    assert board.contains(board.center()) and board.center() == pixel_center(board)
    # JSON round trip, and a usable cache key
    again = map_from_json(json.loads(json.dumps(board.to_json())))
    assert again == board and hash(again) == hash(board) and type(again) is type(board)


@pytest.mark.rule("TOB-GEO-01")
@pytest.mark.rule("LF-MAP-11")
@FAST
@given(st.integers(1, 40), st.integers(1, 40))
def test_rectangles_are_unchanged(cols: int, rows: int) -> None:
    board = RectMap(cols, rows)
    assert board.to_json() == {"cols": cols, "rows": rows}
    assert map_from_json({"cols": cols, "rows": rows}) == board
    assert map_from_json({"shape": "rectangle", "cols": cols, "rows": rows}) == board
    assert board.center() == pixel_center(board)
    assert board.bounds() == (0, 0, cols - 1, rows - 1) == MapShape.bounds(board)
    # the same hexes as an explicit set are the same board in every query but the JSON
    as_set = HexSetMap(frozenset(board.hexes()))
    assert list(as_set.hexes()) == list(board.hexes())
    assert as_set.edge_hexes() == board.edge_hexes()
    assert (as_set.center(), as_set.bounds()) == (board.center(), board.bounds())


def test_shapes_are_frozen_hashable_cache_keys() -> None:
    calls = []

    @cache
    def size(board: MapShape) -> int:
        calls.append(board)
        return len(list(board.hexes()))

    assert size(HexagonMap(2)) == size(HexagonMap(2)) == 19
    assert size(HexSetMap(frozenset({(0, 0), (1, 0)}))) == size(HexSetMap(frozenset({(1, 0), (0, 0)}))) == 2
    assert len(calls) == 2
    assert RectMap(1, 2) != HexSetMap(frozenset(RectMap(1, 2).hexes()))
    with pytest.raises(AttributeError):
        HexagonMap(2).radius = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        HexagonMap(-1)
    with pytest.raises(ValueError):
        HexSetMap(frozenset())


def test_hex_set_json_is_sorted_and_holes_have_edges() -> None:
    ring = HexSetMap(frozenset(hg.ring((5, 5), 1)))          # six hexes around a missing centre
    assert ring.to_json() == {"shape": "hexes", "hexes": [[4, 5], [4, 6], [5, 4], [5, 6], [6, 4], [6, 5]]}
    assert not ring.contains((5, 5)) and ring.edge_hexes() == sorted(hg.ring((5, 5), 1))
    assert HexagonMap(4).to_json() == {"shape": "hexagon", "radius": 4}


@pytest.mark.parametrize("data, field", [
    ([24, 24], ""),
    ({"shape": "circle", "radius": 3}, "shape"),
    ({"cols": 24}, "rows"),
    ({"cols": 0, "rows": 5}, "cols"),
    ({"cols": 24, "rows": True}, "rows"),
    ({"cols": 24, "rows": 24, "radius": 3}, "radius"),
    ({"shape": "hexagon"}, "radius"),
    ({"shape": "hexagon", "radius": -1}, "radius"),
    ({"shape": "hexagon", "radius": 2.5}, "radius"),
    ({"shape": "hexagon", "radius": 3, "cols": 7}, "cols"),
    ({"shape": "hexes", "hexes": []}, "hexes"),
    ({"shape": "hexes", "hexes": [[0, 0], [1]]}, "hexes[1]"),
    ({"shape": "hexes", "hexes": [[0, 0], [0, False]]}, "hexes[1]"),
    ({"shape": "hexes", "hexes": [[0, 0], [1, 0], [0, 0]]}, "hexes[2]"),
])
def test_bad_map_json_names_the_field(data: object, field: str) -> None:
    with pytest.raises(ShapeError) as e:
        map_from_json(data)
    assert e.value.field == field and e.value.message
