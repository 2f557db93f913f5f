"""Firing, damage, criticals, destruction and explosions, missiles, the big guns, collisions
and terrain (digest §8, §12.1, §13, §15, §17–19; worked examples EX-13..26, S6, S7, S12..18)."""

from __future__ import annotations

import pytest

from hexfleet.games.talon.damage import critical, hit, random_arc

from .helpers import of, position, resolve, rule_of, ship, t, unit, world

TERRAN_TURN = {"player": "terran", "initiative": "terran"}


@pytest.mark.rule("TAL-EX-S12")
@pytest.mark.rule("TAL-P-5")
@pytest.mark.rule("TAL-8.4.1")
@pytest.mark.rule("TAL-8.4.3")
@pytest.mark.rule("TAL-6.2.1")
@pytest.mark.rule("TAL-AMB-13")
@pytest.mark.rule("TAL-5.1.j")
@pytest.mark.rule("TAL-5.1.l")
@pytest.mark.rule("TAL-8.5.a")
def test_damage_goes_reinforcement_shield_hull_and_rolls_criticals():
    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0, reinforcements={"F": {"round": 1, "impulse": "A"}}))
    w = world(pos, dice=(3, 4))  # the critical at box 4: 7, no effect
    g = w.pos["ships"][0]
    hit(w, g, "F", 8, "fire")
    assert g["reinforcements"] == {} and g["shields"]["F"] == 0 and g["hull_marked"] == 1
    assert of(w.events, "damaged")[0] == {"type": "damaged", "unit": "g", "source": "fire", "arc": "F", "amount": 8,
                                          "reinforcement": 1, "shield": 6, "hull": 1}
    hit(w, g, "F", 3, "fire")
    assert g["hull_marked"] == 4
    crit = of(w.events, "critical")
    assert crit == [{"type": "critical", "ship": "g", "box": 4, "roll": 7, "result": "none", "applied": False}]
    assert of(w.events, "roll")[-1]["faces"] == [3, 4]


@pytest.mark.rule("TAL-AMB-13")
def test_reinforcement_after_the_boxes_by_option():
    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0, reinforcements={"F": {"round": 1, "impulse": "A"}}),
                   options={"reinforcement_absorbs_first": False})
    w = world(pos)
    g = w.pos["ships"][0]
    hit(w, g, "F", 2, "fire")
    assert g["shields"]["F"] == 4 and "F" in g["reinforcements"]


@pytest.mark.rule("TAL-EX-16")
@pytest.mark.rule("TAL-8.5.c")
@pytest.mark.rule("TAL-AMB-8")
def test_criticals_do_not_stack():
    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0, criticals={"power_loss": {"round": 1, "impulse": "A"}}))
    w = world(pos, dice=(5, 6))
    critical(w, w.pos["ships"][0], 4)
    assert w.pos["ships"][0]["criticals"] == {"power_loss": {"round": 1, "impulse": "A"}}
    assert of(w.events, "critical")[0]["applied"] is False and len(of(w.events, "roll")) == 1


@pytest.mark.rule("TAL-D-11")
@pytest.mark.rule("TAL-AMB-7")
@pytest.mark.rule("TAL-AMB-42")
def test_weapon_group_destroyed_by_a_die_over_the_printed_groups():
    w = world(position(ship("g", "terran-ca", "terran", (0, 0), 0)), dice=(2, 3, 4))  # 5: group die 4 → group 2
    critical(w, w.pos["ships"][0], 4)
    assert w.pos["ships"][0]["groups"][1] == {"red": 0, "yellow": 0, "destroyed": True}
    assert of(w.events, "critical")[0]["group"] == 2


@pytest.mark.rule("TAL-D-11")
def test_thrusters_turn_plus_one_now_and_core_breach_destroys():
    w = world(position(ship("g", "terran-ca", "terran", (0, 0), 0)), dice=(3, 3))
    critical(w, w.pos["ships"][0], 4)
    assert w.pos["ships"][0]["curve"] == [3, 3, 3] and w.pos["ships"][0]["criticals"] == {"thrusters": True}
    w = world(position(ship("g", "terran-ca", "terran", (0, 0), 0)), dice=(6, 6))
    critical(w, w.pos["ships"][0], 4)
    assert w.pos["ships"] == [] and of(w.events, "destroyed") == [{"type": "destroyed", "unit": "g",
                                                                  "cause": "core_breach"}]


@pytest.mark.rule("TAL-EX-S18")
@pytest.mark.rule("TAL-8.5.b")
@pytest.mark.rule("TAL-14.e")
def test_bases_ignore_helm_down_and_thrusters():
    for faces in ((2, 2), (3, 3)):
        w = world(position(ship("b", "terran-base", "terran", (0, 0), 0)), dice=faces)
        critical(w, w.pos["ships"][0], 5)
        assert w.pos["ships"][0]["criticals"] == {} and of(w.events, "critical")[0]["applied"] is False


@pytest.mark.rule("TAL-EX-S7")
@pytest.mark.rule("TAL-G-11")
def test_random_arc_rerolls_the_tied_arcs():
    w = world(position(ship("g", "terran-ca", "terran", (0, 0), 0)), dice=(5, 5, 2, 1, 3, 6))
    assert random_arc(w, "g") == "L"
    assert [e["faces"] for e in of(w.events, "roll")] == [[5, 5, 2, 1], [3, 6]]


@pytest.mark.rule("TAL-8.6.1")
@pytest.mark.rule("TAL-8.6.2")
@pytest.mark.rule("TAL-8.6.2.b")
@pytest.mark.rule("TAL-8.6.2.a")
@pytest.mark.rule("TAL-5.1.k")
def test_destruction_explodes_into_the_hex_and_its_neighbours():
    dying = ship("d", "talon-ff", "talon", (0, 0), 0, hull_marked=2)  # ER 1, one box left
    near = ship("n", "talon-ca", "talon", (1, 0), 3)
    same = ship("s", "terran-ca", "terran", (0, 0), 0)
    w = world(position(dying, near, same), dice=(6, 1, 1, 1))
    hit(w, w.pos["ships"][0], None, 1, "fire")
    assert [u["id"] for u in w.pos["ships"]] == ["n", "s"]
    assert of(w.events, "exploded") == [{"type": "exploded", "ship": "d", "hex": [0, 0], "rating": 1}]
    assert unit(w.pos, "n")["shields"]["F"] == 6  # adjacent: ER 1 on the arc facing the blast
    assert unit(w.pos, "s")["shields"]["F"] == 4  # same hex: ER + 1 on the random arc F


@pytest.mark.rule("TAL-EX-19")
@pytest.mark.rule("TAL-13.6")
@pytest.mark.rule("TAL-8.2.1")
@pytest.mark.rule("TAL-5.1.g")
def test_shooting_down_a_missile():
    defiant = ship("defiant", "terran-bb", "terran", (0, 0), 0)
    missile = {"id": "M4", "side": "talon", "hex": [0, 1], "facing": 2, "target": "defiant"}
    pos = position(defiant, ship("x", "talon-ca", "talon", (0, 9), 0), missiles=[missile], impulse="C", step="fire",
                   **TERRAN_TURN)
    fire = {"do": "fire", "ship": "defiant", "group": 3, "shots": [{"target": "M4"}, {"target": "M4"}]}
    nxt, ev = resolve(pos, [t(fire, "terran")], dice=(2, 1))
    assert nxt["missiles"] == []
    assert [e["result"] for e in of(ev, "damaged")] == ["damaged", "destroyed"]
    assert unit(nxt, "defiant")["groups"][2] == {"red": 0, "yellow": 0, "destroyed": False}


@pytest.mark.rule("TAL-8.2.2")
@pytest.mark.rule("TAL-8.1.1")
def test_no_fire_in_the_same_hex_at_friends_or_uncharged():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (0, 0), 0)
    pos = position(g, x, ship("y", "terran-ca", "terran", (2, 0), 0), ship("z", "talon-ca", "talon", (1, 0), 3),
                   impulse="C", step="fire", **TERRAN_TURN)
    assert rule_of(pos, [t({"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "x"}]}, "terran")]) == \
        "TAL-8.2.2"
    assert rule_of(pos, [t({"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "y"}]}, "terran")]) == \
        "TAL-8.2.2"
    assert rule_of(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "z"}]}, "terran")]) == \
        "TAL-8.3"  # the torpedo's minimum range is 2
    empty = position({**g, "groups": [{"red": 0}, {}, {}]}, ship("z", "talon-ca", "talon", (2, 0), 3), impulse="C",
                     step="fire", **TERRAN_TURN)
    assert rule_of(empty, [t({"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "z"}]}, "terran")]) == \
        "TAL-8.1.1"


@pytest.mark.rule("TAL-8.2.3")
@pytest.mark.rule("TAL-17.2.1.c")
def test_a_planet_blocks_fire_from_the_order():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    pos = position(g, ship("x", "talon-ca", "talon", (2, -2), 0), terrain=[{"kind": "planet", "hex": [1, -1]}],
                   impulse="C", step="fire", **TERRAN_TURN)
    assert rule_of(pos, [t({"do": "fire", "ship": "g", "group": 1, "shots": [{"target": "x"}]}, "terran")]) == \
        "TAL-17.2.2"


@pytest.mark.rule("TAL-EX-26")
@pytest.mark.rule("TAL-17.5.b")
def test_torpedo_through_asteroids_misses():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    rocks = [{"kind": "asteroid", "hex": h} for h in ([0, 0], [1, 0], [3, -1])]
    pos = position(g, ship("e", "talon-bb", "talon", (3, 0), 0), ship("j", "talon-ca", "talon", (3, -1), 0),
                   terrain=rocks, impulse="C", step="fire", **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "e"}]}, "terran")],
                      dice=(3,))
    assert of(ev, "fired")[0]["modifier"] == -2 and of(ev, "fired")[0]["modified_roll"] == 1
    assert of(ev, "fired")[0]["hit"] is False
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "j"}]}, "terran")],
                      dice=(3,))
    assert of(ev, "fired")[0]["modified_roll"] == 0 and of(ev, "fired")[0]["hit"] is False


@pytest.mark.rule("TAL-EX-21")
@pytest.mark.rule("TAL-15.1.1")
@pytest.mark.rule("TAL-15.1.2")
@pytest.mark.rule("TAL-15.1.3")
@pytest.mark.rule("TAL-AMB-24")
def test_wave_motion_gun_knocks_back_then_hits_the_rear():
    vanguard = ship("vanguard", "terran-bb", "terran", (0, 0), 0)
    justice = ship("justice", "talon-ca", "talon", (2, -1), 0, tr_count=2)
    pos = position(vanguard, justice, impulse="C", step="fire", **TERRAN_TURN)
    shot = {"do": "fire", "ship": "vanguard", "group": 2, "shots": [{"target": "justice", "displace": [3, -1]}]}
    nxt, ev = resolve(pos, [t(shot, "terran")], dice=(2, 3, 4, 3, 4))  # both criticals: 7, no effect
    assert of(ev, "fired")[0]["arc"] == "Rear" and of(ev, "fired")[0]["damage"] == 10
    assert of(ev, "displaced") == [{"type": "displaced", "unit": "justice", "from": [2, -1], "to": [3, -1]}]
    assert [r["id"] for r in nxt["removed"]] == ["justice"]
    boxes = [e["box"] for e in of(ev, "critical")]
    assert boxes == [3, 5]
    d = of(ev, "damaged")[0]
    assert (d["arc"], d["shield"], d["hull"], d["source"]) == ("Rear", 3, 7, "wmg")
    nxt, ev = resolve(pos, [t({**shot, "shots": [{"target": "justice", "displace": [3, -2]}]}, "terran")],
                      dice=(6, 1, 1, 1, 1))
    assert of(ev, "displaced")[0]["to"] == [3, -2]


@pytest.mark.rule("TAL-EX-22")
@pytest.mark.rule("TAL-15.2.1")
@pytest.mark.rule("TAL-15.2.2.a")
@pytest.mark.rule("TAL-15.2.2.c")
@pytest.mark.rule("TAL-15.2.2.d")
@pytest.mark.rule("TAL-12.1.2.e")
@pytest.mark.rule("TAL-15.2.2")
@pytest.mark.rule("TAL-AMB-23")
def test_fusion_cannon_cone():
    ships = [ship("evis", "talon-bb", "talon", (0, 0), 0), ship("guderian", "terran-ca", "terran", (2, 0), 1),
             ship("justice", "talon-ca", "talon", (3, -1), 3)]
    tiger = {"id": "tiger", "class": "terran-ftr", "side": "terran", "hex": [1, 0], "facing": 3}
    missiles = [{"id": f"M{n}", "side": "terran", "hex": h, "facing": 3, "target": None}
                for n, h in ((14, [3, 0]), (15, [3, 0]), (10, [4, -2]), (11, [4, -2]))]
    pos = position(*ships, squadrons=[tiger], missiles=missiles, impulse="C", step="fire")
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "guderian"}]})],
                      dice=(4,))
    fired = {e["target"]: (e["damage"], e["arc"]) for e in of(ev, "fired")}
    assert fired == {"justice": (2, "F"), "guderian": (6, "L"), "tiger": (0, None), "M14": (2, None),
                     "M15": (2, None)}
    assert of(ev, "fired")[0]["target"] == "justice"
    assert unit(nxt, "M14")["damaged"] and not unit(nxt, "M10")["damaged"]
    assert all(f["hull_marked"] == 0 for f in unit(nxt, "tiger")["fighters"])


@pytest.mark.rule("TAL-EX-S14")
@pytest.mark.rule("TAL-15.2.2.b")
def test_fusion_cannon_hits_friends_first_and_needs_an_enemy():
    evis = ship("evis", "talon-bb", "talon", (0, 0), 0)
    ff = ship("ff", "talon-ff", "talon", (1, 0), 0)
    ca = ship("ca", "terran-ca", "terran", (2, 0), 3)
    pos = position(evis, ff, ca, impulse="C", step="fire")
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "ca"}]})],
                      dice=(1, 1, 1, 1, 1, 1, 1))
    assert [(e["target"], e["damage"]) for e in of(ev, "fired")] == [("ff", 7), ("ca", 4)]
    alone = position(evis, ff, ship("far", "terran-ca", "terran", (0, 8), 0), impulse="C", step="fire")
    assert rule_of(alone, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": None}]})]) == \
        "TAL-15.2.2.b"
    assert rule_of(alone, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "ff"}]})]) == \
        "TAL-8.2.2"


@pytest.mark.rule("TAL-EX-S13")
@pytest.mark.rule("TAL-12.1.2.b")
@pytest.mark.rule("TAL-12.1.3")
@pytest.mark.rule("TAL-AMB-19")
def test_fire_at_a_fighter_hits_only_it():
    g = ship("g", "terran-ca", "terran", (3, 0), 3)
    sq = {"id": "sq", "class": "terran-ftr", "side": "terran", "hex": [0, 0], "facing": 0}
    x = ship("x", "talon-ca", "talon", (1, 0), 3)
    pos = position(x, g, squadrons=[sq], impulse="C", step="fire")
    order = {"do": "fire", "ship": "x", "group": 1, "shots": [{"target": "sq", "fighter": 2},
                                                              {"target": "sq", "fighter": 2}]}
    nxt, ev = resolve(pos, [t(order)], dice=(6, 6))
    assert [f["hull_marked"] for f in unit(nxt, "sq")["fighters"]] == [0, 2, 0]
    assert of(ev, "destroyed") == [{"type": "destroyed", "unit": "sq", "fighter": 2, "cause": "hull"}]
    assert rule_of(pos, [t({**order, "shots": [{"target": "sq"}, {"target": "sq", "fighter": 1}]})]) == "TAL-12.1.3"


@pytest.mark.rule("TAL-EX-S6")
@pytest.mark.rule("TAL-7.4.a")
@pytest.mark.rule("TAL-7.4.b")
@pytest.mark.rule("TAL-AMB-3")
def test_collisions_between_ships_of_one_race():
    a = ship("a", "terran-ca", "terran", (1, 0), 3)
    b = ship("b", "terran-ca", "terran", (0, 0), 0)
    foe = ship("x", "talon-ca", "talon", (0, 9), 0)
    pos = position(a, b, foe, impulse="B", **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "b", "how": "straight"}, "terran")])
    assert of(ev, "collision") == [{"type": "collision", "unit": "b", "other": "a"}]
    assert [(e["unit"], e["arc"], e["amount"]) for e in of(ev, "damaged")] == [("b", "F", 3), ("a", "F", 3)]
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "b", "how": "straight", "choices": {"first": "a"}}, "terran")])
    assert [e["unit"] for e in of(ev, "damaged")] == ["a", "b"]
    slip = position(a, {**b, "hex": [0, 1], "side_slip": True}, foe, impulse="B", **TERRAN_TURN)
    nxt, ev = resolve(slip, [t({"do": "move", "unit": "b", "how": "slip_left"}, "terran")])
    assert [(e["unit"], e["arc"]) for e in of(ev, "damaged")] == [("b", "L"), ("a", "L")]


@pytest.mark.rule("TAL-7.4.c")
def test_different_races_pass_through():
    pos = position(ship("b", "terran-ca", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (1, 0), 3),
                   impulse="B", **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "b", "how": "straight"}, "terran")])
    assert of(ev, "collision") == [] and of(ev, "damaged") == []


@pytest.mark.rule("TAL-17.2.1")
@pytest.mark.rule("TAL-18.1.a")
@pytest.mark.rule("TAL-19")
@pytest.mark.rule("TAL-17.3.a")
def test_entering_terrain():
    foe = ship("x", "talon-ca", "talon", (0, 9), 0)
    for kind, status in (("planet", "destroyed"), ("black_hole", "destroyed"), ("worm_hole", "retreated")):
        pos = position(ship("b", "terran-ca", "terran", (0, 0), 0), foe, terrain=[{"kind": kind, "hex": [1, 0]}],
                       impulse="B", **TERRAN_TURN)
        nxt, ev = resolve(pos, [t({"do": "move", "unit": "b", "how": "straight"}, "terran")])
        assert nxt["removed"][0]["status"] == status
    pos = position(ship("b", "terran-ca", "terran", (0, 0), 0), foe, terrain=[{"kind": "asteroid", "hex": [1, 0]}],
                   impulse="B", **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "b", "how": "straight"}, "terran")])
    assert unit(nxt, "b")["shields"]["F"] == 5 and of(ev, "damaged")[0]["source"] == "asteroid"


@pytest.mark.rule("TAL-EX-24")
@pytest.mark.rule("TAL-17.4.1")
@pytest.mark.rule("TAL-17.4.1.a")
@pytest.mark.rule("TAL-13.5")
@pytest.mark.rule("TAL-G-3")
@pytest.mark.rule("TAL-AMB-37")
def test_leaving_a_nebula_into_a_missile():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, shields={"F": 3})
    m = {"id": "M3", "side": "talon", "hex": [1, 0], "facing": 3, "target": "g"}
    pos = position(g, ship("x", "talon-ca", "talon", (0, 9), 0), missiles=[m],
                   terrain=[{"kind": "nebula", "hex": [0, 0]}], impulse="B", **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert of(ev, "detonated") == [{"type": "detonated", "missile": "M3", "target": "g", "arc": "F"}]
    assert unit(nxt, "g")["shields"]["F"] == 1 and nxt["missiles"] == []


@pytest.mark.rule("TAL-EX-25")
@pytest.mark.rule("TAL-17.4.1.b")
@pytest.mark.rule("TAL-G-3")
def test_wmg_into_a_nebula_hits_the_hull():
    vanguard = ship("vanguard", "terran-bb", "terran", (0, 0), 0)
    target = ship("bb", "talon-dn", "talon", (3, 0), 0)
    pos = position(vanguard, target, terrain=[{"kind": "nebula", "hex": [4, 0]}], impulse="C", step="fire",
                   **TERRAN_TURN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "vanguard", "group": 2, "shots": [{"target": "bb"}]}, "terran")],
                      dice=(6, 3, 4, 3, 4))  # both criticals: 7, no effect
    assert of(ev, "displaced")[0]["to"] == [4, 0]
    d = of(ev, "damaged")[0]
    assert (d["arc"], d["reinforcement"], d["shield"], d["hull"]) == ("Rear", 0, 0, 10)
    assert nxt["removed"] == [{"id": "bb", "class": "talon-dn", "side": "talon", "status": "destroyed"}]


@pytest.mark.rule("TAL-13.2.a")
@pytest.mark.rule("TAL-13.2.b")
@pytest.mark.rule("TAL-13.4.a")
@pytest.mark.rule("TAL-AMB-18")
@pytest.mark.rule("TAL-13.2")
@pytest.mark.rule("TAL-13.4")
def test_launching_and_flying_missiles():
    dd = ship("dd", "talon-dd", "talon", (0, 0), 0)
    g = ship("g", "terran-ca", "terran", (3, 0), 3)
    pos = position(dd, g, impulse="C", step="fire", next_missile=7)
    shot = {"do": "fire", "ship": "dd", "group": 2, "shots": [{"target": "g", "hex": [1, 0], "facing": 0}]}
    nxt, ev = resolve(pos, [t(shot)])
    assert of(ev, "launched") == [{"type": "launched", "missile": "M7", "ship": "dd", "group": 2, "target": "g",
                                   "hex": [1, 0], "facing": 0}]
    assert nxt["next_missile"] == 8 and unit(nxt, "M7")["target"] == "g"
    bad = {**shot, "shots": [{"target": "g", "hex": [1, 0], "facing": 3}]}
    assert rule_of(pos, [t(bad)]) == "TAL-13.2.a"
    # the missile flies in its owner's next move step, closer each time, and hits on entry
    fly = position(dd, g, missiles=[unit(nxt, "M7")], impulse="C")
    after, ev = resolve(fly, [t({"do": "end_turn"})])
    assert unit(after, "M7")["hex"] == [2, 0]
    fly = position(dd, g, missiles=[{**unit(nxt, "M7"), "hex": [2, 0]}], impulse="C")
    after, ev = resolve(fly, [t({"do": "move", "unit": "M7", "how": "straight"})])
    assert of(ev, "detonated")[0]["arc"] == "F" and unit(after, "g")["shields"]["F"] == 4


@pytest.mark.rule("TAL-13.3")
def test_a_missile_without_a_target_goes_straight():
    m = {"id": "M1", "side": "talon", "hex": [0, 0], "facing": 0, "target": None}
    pos = position(ship("x", "talon-ca", "talon", (0, 9), 0), ship("g", "terran-ca", "terran", (0, -5), 0),
                   missiles=[m], impulse="C")
    assert rule_of(pos, [t({"do": "move", "unit": "M1", "how": "turn_left"})]) == "TAL-13.3"


@pytest.mark.rule("TAL-8.6.3")
def test_explosion_victims_phasing_side_first_in_the_owners_order():
    dying = ship("d", "talon-ff", "talon", (0, 0), 0, hull_marked=2)
    pos = position(dying, ship("t1", "terran-ca", "terran", (1, 0), 3), ship("t2", "terran-ca", "terran", (0, 1), 2),
                   ship("k", "talon-ca", "talon", (-1, 0), 0), impulse="C", step="fire", **TERRAN_TURN)
    w = world(pos)
    w.choices = {"order": ["t2", "t1"]}
    hit(w, w.pos["ships"][0], None, 1, "fire")
    assert [e["unit"] for e in of(w.events, "damaged")][1:] == ["t2", "t1", "k"]
