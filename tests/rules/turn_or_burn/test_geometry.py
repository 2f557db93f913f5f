"""Turn or Burn geometry through the engine: map, directions, facing, range, speed (TOB-GEO-*).

The pure geometry is property-tested in tests/test_hexgrid.py; here each rule is checked where
Module 1 uses it, by resolving turns.
"""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.turn_or_burn.notation import LETTERS
from hexfleet.hexgrid import DIRECTIONS, distance

from .helpers import fighter, position, resolve

S = (10, 5)  # offset column 10, row 10: the middle of the default 30 × 22 map
FAR = (20, 0)  # a target well away from everything, for tests about the shooter alone


def lone(facing: str = "A", momentum=None, **kw):
    return position(fighter("R1", "red", S, facing, momentum, **kw), fighter("B1", "blue", FAR, "F"))


@pytest.mark.rule("TOB-GEO-01")
@pytest.mark.rule("TOB-GEO-13")
def test_the_map_is_fixed_and_a_hex_off_it_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        resolve(position(fighter("R1", "red", (10, 20), "A"), fighter("B1", "blue", FAR, "F")))
    assert err.value.rule == "TOB-GEO-13" and err.value.field == "hex"
    with pytest.raises(RuleError) as err:
        resolve(position(fighter("R1", "red", (0, 0), "A", (-1, 0)), fighter("B1", "blue", FAR, "F")))
    assert err.value.rule == "TOB-GEO-13" and err.value.field == "momentum"
    # The map size is part of the position and comes back unchanged.
    turn = resolve(position(fighter("R1", "red", (2, 1), "A"), fighter("B1", "blue", (5, 1), "F"), cols=8, rows=6))
    assert turn.position["map"] == {"cols": 8, "rows": 6}


@pytest.mark.rule("TOB-GEO-02")
@pytest.mark.parametrize("facing", range(6))
def test_directions_a_to_f_run_clockwise_from_north(facing: int) -> None:
    turn = resolve(lone(LETTERS[facing]), {"R1": "B1A"})
    moved = turn.fighter("R1")
    assert tuple(moved["hex"]) == (S[0] + DIRECTIONS[facing][0], S[1] + DIRECTIONS[facing][1])
    assert DIRECTIONS[facing] == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)][facing]


@pytest.mark.rule("TOB-GEO-03")
@pytest.mark.rule("TOB-M1-MOVE-01")
def test_facing_is_independent_of_travel() -> None:
    """Flying backwards: facing D while travelling A (velocity (0,−2))."""
    turn = resolve(lone("D", (10, 3)))
    moved = turn.fighter("R1")
    assert moved["hex"] == [10, 3] and moved["momentum"] == [10, 1] and moved["facing"] == "D"


@pytest.mark.rule("TOB-GEO-04")
@pytest.mark.parametrize(("target", "rng"), [((11, 5), 1), ((13, 3), 3), ((12, 7), 4), ((19, -4), 9), ((16, 2), 6)])
def test_range_counts_the_target_hex_not_the_shooter_hex(target, rng: int) -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", target, "F"))
    shot = resolve(pos, {"R1": "LT>B1"}).shots()[0]
    assert shot["range"] == shot["effective_range"] == rng == distance(S, target)  # SEQ-10: no lock-on in M1


@pytest.mark.rule("TOB-GEO-05")
@pytest.mark.rule("TOB-GEO-06")
@pytest.mark.parametrize(("momentum", "speed"), [(S, 0), ((10, 4), 1), ((12, 3), 2), ((13, 5), 3), ((7, 11), 6)])
def test_speed_is_the_distance_to_the_momentum_marker(momentum, speed: int) -> None:
    turn = resolve(lone("A", momentum))
    moved = turn.fighter("R1")
    # Coasting: P' = M and M' = 2P' − P, so the speed is kept and equals the hexes moved.
    assert moved["hex"] == list(momentum)
    assert distance(tuple(moved["hex"]), tuple(moved["momentum"])) == speed == distance(S, tuple(momentum))
    assert turn.state.fighter("R1").speed == speed


@pytest.mark.rule("TOB-GEO-06")
@pytest.mark.rule("TOB-IMPL-30")
@pytest.mark.rule("TOB-IMPL-31")
@pytest.mark.parametrize("card", ["TNC", "B1A", "B2S", "B3P", "T60P"])
@pytest.mark.parametrize("facing", ["A", "C", "E"])
def test_velocity_plus_burn(card: str, facing: str) -> None:
    """v' = v + b, P' = P + v + b, M' = 2P' − P, L' = P' (the next position starts at P')."""
    from hexfleet.games.turn_or_burn.cards import BURN_OFFSETS

    v = (1, -2)
    turn = resolve(lone(facing, (S[0] + v[0], S[1] + v[1])), {"R1": card})
    b = BURN_OFFSETS.get((card, LETTERS.index(facing), False), (0, 0))
    p2 = (S[0] + v[0] + b[0], S[1] + v[1] + b[1])
    moved = turn.fighter("R1")
    assert moved["hex"] == list(p2)
    assert moved["momentum"] == [2 * p2[0] - S[0], 2 * p2[1] - S[1]]
    assert turn.state.fighter("R1").speed == distance(S, p2)


@pytest.mark.rule("TOB-GEO-13")
@pytest.mark.rule("TOB-AMB-10")
def test_off_map_by_momentum_alone_is_out_at_once() -> None:
    """The fighter's new hex is on the map, its new momentum marker is not: eliminated."""
    pos = position(fighter("R1", "red", (6, 1), "A", (7, 1)), fighter("B1", "blue", (1, 2), "C"), cols=8, rows=6)
    turn = resolve(pos, {"B1": "NB>R1"})
    # R1 moves to (7,1) (on the map), its marker to (8,1): column 8 is off an 8-column map.
    assert turn.events[0:2] == [
        {"type": "plotted", "id": "B1", "cards": ["NB"]},
        {"type": "moved", "id": "R1", "from": [6, 1], "to": [7, 1], "facing": "A", "momentum": [8, 1]},
    ]
    assert turn.eliminated() == {"R1": "off_map"}
    assert turn.shots() == [] and turn.pulls() == []  # not fired on: it is out of the game
    assert turn.game_over() == {"type": "game_over", "winner": "blue"}
    assert [f["id"] for f in turn.position["fighters"]] == ["B1"]


@pytest.mark.rule("TOB-AMB-03")
def test_direction_a_is_map_up_and_the_letters_run_clockwise_on_flat_top_hexes() -> None:
    import math

    from hexfleet.hexgrid import Layout

    def same(a: float, b: float) -> bool:
        return round((a - b) % 360, 6) in (0.0, 360.0)

    layout = Layout(1.0)
    angles = []
    for d, (dq, dr) in enumerate(DIRECTIONS):
        x, y = layout.center((dq, dr))
        angles.append(math.degrees(math.atan2(y, x)))  # screen y points down: clockwise is positive
        assert same(angles[-1], layout.direction_angle(d))
    assert same(angles[0], -90.0)  # A: straight up the map
    assert all(same(b - a, 60.0) for a, b in zip(angles, angles[1:] + angles[:1]))
    tops = sorted(layout.corners((0, 0)), key=lambda c: c[1])[:2]
    assert math.isclose(tops[0][1], tops[1][1])  # flat top: the highest two corners make an edge
    turn = resolve(lone("C"), {"R1": "T120S"})  # C + 120° starboard = E (the rules' own check)
    assert turn.fighter("R1")["facing"] == "E"


@pytest.mark.rule("TOB-AMB-04")
@pytest.mark.rule("TOB-IMPL-05")
def test_map_size_is_configured_and_each_side_starts_in_its_half() -> None:
    from hexfleet.games.turn_or_burn.position import parse_position

    from .helpers import RULES

    coasting = (fighter("R1", "red", (9, 0), "C", (11, 0)), fighter("B1", "blue", (2, 2), "F"))
    small = resolve(position(*coasting, cols=12, rows=8))
    assert small.eliminated() == {"R1": "off_map"}  # marker at column 13: off a 12-column map
    assert resolve(position(*coasting)).eliminated() == {}  # on the default 30 × 22 map it flies on
    board = parse_position(position(*coasting, cols=12, rows=8)).config.map
    assert board.is_edge((11, -3)) and not board.is_edge((10, -3))  # edges follow the configured bounds
    game = RULES.new_game("quick-shot", seed=0)
    assert dict(game.config.zones) == {"R1": "west", "B1": "east"}
    half = game.config.map.cols // 2
    for side, fid, ok, bad in (("red", "R1", half - 1, half), ("blue", "B1", half, half - 1)):
        RULES.validate(game, side, {fid: {"hex": list(game.config.map.from_offset(ok, 10))}})
        with pytest.raises(RuleError) as err:
            RULES.validate(game, side, {fid: {"hex": list(game.config.map.from_offset(bad, 10))}})
        assert err.value.rule == "TOB-M1-SETUP-02"
