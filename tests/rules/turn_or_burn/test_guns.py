"""The four Module 1 guns: range, arcs and damage (TOB-M1-GUN-*, TOB-GEO-09, TOB-SEQ-14)."""

from __future__ import annotations

import pytest

from hexfleet.hexgrid import distance

from .helpers import fighter, position, resolve

S = (10, 5)


def fire(gun: str, target, facing: str = "C", target_momentum=None, target_plot=None, options=None, named=True):
    pos = position(fighter("R1", "red", S, facing, gun=gun),
                   fighter("B1", "blue", target, "F", target_momentum), options=options)
    plots = {"R1": f"{gun}>B1" if named else gun}
    if target_plot:
        plots["B1"] = target_plot
    return resolve(pos, plots)


@pytest.mark.rule("TOB-M1-GUN-01")
@pytest.mark.parametrize("gun", ["BG", "DB", "NB", "LT"])
def test_range_is_12(gun: str) -> None:
    assert fire(gun, (22, 5), target_momentum=(22, 5)).shots()[0]["range"] == 12  # dead ahead along C
    far = fire(gun, (23, 5))
    assert far.shots() == [] and far.voids() == [{"type": "shot_void", "shooter": "R1", "weapon": gun,
                                                  "target": "B1", "reason": "out_of_range"}]
    assert fire(gun, (23, 5), named=False).shots() == []  # no target in range: it cannot fire


@pytest.mark.rule("TOB-M1-GUN-01")
@pytest.mark.parametrize("gun", ["BG", "DB", "NB", "LT"])
def test_no_shot_at_range_0(gun: str) -> None:
    named = fire(gun, S)
    assert named.voids()[0]["reason"] == "range_0" and named.shots() == []
    assert fire(gun, S, named=False).shots() == []


@pytest.mark.rule("TOB-M1-GUN-02")
@pytest.mark.parametrize("target", [(11, 5), (16, 5), (22, 5)])
def test_bubble_gun_does_6_at_any_range(target) -> None:
    shot = fire("BG", target).shots()[0]
    assert shot["damage"] == 6


@pytest.mark.rule("TOB-M1-GUN-02")
@pytest.mark.rule("TOB-GEO-09")
def test_bubble_gun_fires_only_down_the_row_ahead() -> None:
    assert fire("BG", (16, 5)).shots()  # 6 × C
    for off_row in [(16, 4), (15, 6), (11, 4)]:
        assert fire("BG", off_row).voids()[0]["reason"] == "out_of_arc"


@pytest.mark.rule("TOB-M1-GUN-03")
@pytest.mark.rule("TOB-GEO-05")
@pytest.mark.rule("TOB-AMB-56")
@pytest.mark.parametrize(("start", "momentum", "speed", "damage"), [
    ((14, 5), (14, 5), 0, 0),
    ((14, 5), (15, 5), 1, 1),
    ((12, 5), (14, 5), 2, 1),
    ((12, 5), (15, 5), 3, 2),
    ((12, 5), (17, 5), 5, 3),
    ((11, 5), (17, 5), 6, 3),
])
def test_dust_buster_does_half_the_targets_speed_rounded_up(start, momentum, speed, damage) -> None:
    turn = fire("DB", start, target_momentum=momentum)
    moved = turn.of_type("moved")[1]
    assert distance(tuple(moved["to"]), tuple(moved["momentum"])) == speed
    assert turn.shots()[0]["damage"] == damage


@pytest.mark.rule("TOB-M1-GUN-03")
@pytest.mark.rule("TOB-AMB-56")
def test_dust_buster_uses_the_speed_after_this_turns_burn() -> None:
    """B1 at rest burns B2A toward C: it moves 2 hexes this turn, so the damage is ⌈2/2⌉ = 1."""
    pos = position(fighter("R1", "red", S, "C", gun="DB"), fighter("B1", "blue", (14, 5), "C"))
    shot = resolve(pos, {"R1": "DB>B1", "B1": "B2A"}).shots()[0]
    assert shot["range"] == 6 and shot["damage"] == 1 and shot["miss_cards"] == 1 + 2 + 2


@pytest.mark.rule("TOB-M1-GUN-04")
@pytest.mark.parametrize(("rng", "damage"), [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1), (6, 1), (9, 1), (12, 1)])
def test_neutrino_beam_damage(rng: int, damage: int) -> None:
    shot = fire("NB", (S[0] + rng, S[1])).shots()[0]
    assert (shot["range"], shot["damage"]) == (rng, damage)


@pytest.mark.rule("TOB-M1-GUN-05")
@pytest.mark.parametrize("target", [(11, 5), (13, 5), (22, 5), (12, 7), (10, 7), (12, 1)])
def test_laser_does_1(target) -> None:
    assert fire("LT", target).shots()[0]["damage"] == 1


@pytest.mark.rule("TOB-SEQ-14")
def test_damage_table() -> None:
    from hexfleet.games.turn_or_burn.cards import GUNS, gun_damage

    assert [gun_damage(GUNS["BG"], r, 7) for r in (1, 12)] == [6, 6]
    assert [gun_damage(GUNS["DB"], 5, s) for s in range(8)] == [0, 1, 1, 2, 2, 3, 3, 4]
    assert [gun_damage(GUNS["NB"], r, 0) for r in range(1, 13)] == [5, 4, 3, 2] + [1] * 8
    assert [gun_damage(GUNS["LT"], r, 9) for r in (1, 12)] == [1, 1]
    assert {g: (GUNS[g].arc, GUNS[g].range) for g in GUNS} == {"BG": (0, 12), "DB": (60, 12), "NB": (120, 12),
                                                              "LT": (180, 12)}


ARC_MEMBERS = {  # facing C at (10,5); offsets that are in each arc at range 2 (TOB-GEO-09 lists)
    "BG": {(2, 0)},
    "DB": {(2, 0), (2, -1), (1, 1)},
    "NB": {(2, 0), (2, -1), (1, 1), (2, -2), (0, 2)},
    "LT": {(2, 0), (2, -1), (1, 1), (2, -2), (0, 2), (1, -2), (-1, 2)},
}


@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.rule("TOB-AMB-02")
@pytest.mark.parametrize("gun", sorted(ARC_MEMBERS))
def test_arcs_at_range_2_facing_c(gun: str) -> None:
    from hexfleet.hexgrid import ring

    hit = set()
    for dq, dr in ring((0, 0), 2):
        turn = fire(gun, (S[0] + dq, S[1] + dr))
        if turn.shots():
            hit.add((dq, dr))
        else:
            assert turn.voids()[0]["reason"] == "out_of_arc"
    assert hit == ARC_MEMBERS[gun]


EXCLUSIVE_MEMBERS = {  # arc_boundary = exclusive drops the boundary hexes
    "BG": {(2, 0)},
    "DB": {(2, 0)},
    "NB": {(2, 0), (2, -1), (1, 1)},
    "LT": {(2, 0), (2, -1), (1, 1), (2, -2), (0, 2)},
}


@pytest.mark.rule("TOB-AMB-02")
@pytest.mark.parametrize("gun", sorted(EXCLUSIVE_MEMBERS))
def test_exclusive_arc_boundary_option(gun: str) -> None:
    from hexfleet.hexgrid import ring

    hit = {(dq, dr) for dq, dr in ring((0, 0), 2)
           if fire(gun, (S[0] + dq, S[1] + dr), options={"arc_boundary": "exclusive"}).shots()}
    assert hit == EXCLUSIVE_MEMBERS[gun]
