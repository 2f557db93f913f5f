"""Module 4, SpaceWar: launches, missiles, projectile movement, detonations, the jammer, reloads,
fire at projectiles, gravity and the black hole, and the scenario's ends (TOB-M4-*), with the
digest's worked examples (TOB-EX-15..17, TOB-EX-44..48)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games import get_ruleset

from .m45_helpers import fighter, of_type, position, projectile, resolve, unit

SIX = ["CM", "STR", "THR", "LT", "MR", "JAM"]


def phases(events):
    return [e["number"] for e in of_type(events, "phase")]


@pytest.mark.rule("TOB-M4-SEQ-01")
@pytest.mark.rule("TOB-M5-OPT-01")
@pytest.mark.rule("TOB-SEQ-03")
def test_every_turn_runs_the_nine_phases_in_order():
    _, events = resolve(position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0])))
    assert phases(events) == [2, 3, 4, 5, 6, 7, 8, 9]
    # Module 5 alone runs the same nine phases (the engine always does, TOB-M5-OPT-01)
    _, events = resolve(position(fighter("R1", "red", [10, 10], ["CM", "STR", "THR", "LT"]),
                                 fighter("B1", "blue", [30, 0], ["CM", "STR", "THR", "LT"]), modules=(1, 2, 5)))
    assert phases(events) == [2, 3, 4, 5, 6, 7, 8, 9]


@pytest.mark.rule("TOB-M4-PLOT-01")
@pytest.mark.rule("TOB-M4-PLOT-02")
@pytest.mark.rule("TOB-M4-LAUNCH-01")
@pytest.mark.rule("TOB-M4-FMOVE-01")
def test_launch_plots_are_revealed_in_phase_2_the_rest_in_phase_5():
    two_crew = ["CM", "CM", "STR", "THR", "MR", "LT"]
    pos = position(fighter("R1", "red", [10, 10], two_crew, momentum=[11, 9]), fighter("B1", "blue", [30, 0]),
                   modules=(1, 2, 3, 4))
    _, events = resolve(pos, {"R1": [{"card": "MR"}, {"card": "B1A"}]})
    revealed = of_type(events, "revealed")
    assert revealed == [{"type": "revealed", "id": "R1", "cards": ["MR"], "phase": 2},
                        {"type": "revealed", "id": "R1", "cards": ["B1A"], "phase": 5}]
    kinds = [e["type"] for e in events]
    assert kinds.index("launched") < kinds.index("phase", kinds.index("launched")) < kinds.index("moved")
    # the launch was turned up before the missile phase; the burn only in Move Fighters
    assert events.index(revealed[0]) < events.index({"type": "phase", "number": 3, "name": "maneuver_missiles"})
    assert events.index(revealed[1]) > events.index({"type": "phase", "number": 5, "name": "move_fighters"})


@pytest.mark.rule("TOB-M4-LAUNCH-02")
@pytest.mark.rule("TOB-COMP-08")
@pytest.mark.rule("TOB-AMB-33")
@pytest.mark.rule("TOB-IMPL-27")
def test_launch_order_by_die_ties_rerolled():
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]))
    orders = {"R1": [{"card": "MR"}], "B1": [{"card": "MR"}]}
    _, events = resolve(pos, orders, dice=(3, 3, 5, 2))
    dice = of_type(events, "die")
    assert [(d["purpose"], d["for"], d["face"], d["forced"], d["sides"]) for d in dice] == [
        ("launch_order", "red", 3, True, 6), ("launch_order", "blue", 3, True, 6),
        ("launch_order", "red", 5, True, 6), ("launch_order", "blue", 2, True, 6)]
    assert [e["by"] for e in of_type(events, "launched")] == ["R1", "B1"]
    _, events = resolve(pos, orders, dice=(1, 6))
    assert [e["by"] for e in of_type(events, "launched")] == ["B1", "R1"]
    # one side launching rolls nothing
    _, events = resolve(pos, {"R1": [{"card": "MR"}]}, dice=(4,))
    assert not of_type(events, "die") and of_type(events, "dice_unused") == [{"type": "dice_unused", "faces": [4]}]


@pytest.mark.rule("TOB-M4-LAUNCH-03")
@pytest.mark.rule("TOB-M4-AMMO-01")
def test_each_launch_takes_one_ammo_and_an_empty_launcher_launches_nothing():
    pos = position(fighter("R1", "red", [10, 10], ammo={"MR": 1}), fighter("B1", "blue", [30, 0]))
    out, events = resolve(pos, {"R1": [{"card": "MR"}]})
    assert of_type(events, "launched")[0]["ammo"] == 0 and unit(out, "R1")["ammo"] == {"MR": 0}
    out, events = resolve(out, {"R1": [{"card": "MR"}]})
    assert of_type(events, "launch_void") == [{"type": "launch_void", "by": "R1", "weapon": "MR", "reason": "no_ammo"}]
    assert "MR" in unit(out, "R1")["cards"]  # the card stays in the hand and can still be pulled


@pytest.mark.rule("TOB-M4-LAUNCH-04")
@pytest.mark.rule("TOB-M4-LAUNCH-05")
@pytest.mark.rule("TOB-EX-15")
@pytest.mark.rule("TOB-AMB-24")
def test_kevins_cannon_tob_ex_15():
    # TOB-EX-15, moved to (20, 10): P = (0,0), M_f = (0,-2), facing A, B2A imparted
    cannon = ["CM", "STR", "THR", "LT", "CAN"]
    pos = position(fighter("K", "red", [20, 10], cannon, facing="A", momentum=[20, 8]),
                   fighter("B1", "blue", [35, 0]))
    out, events = resolve(pos, {"K": [{"card": "CAN", "thrust": 2}]})
    shot = of_type(events, "launched")[0]
    assert shot["hex"] == [20, 10] and shot["momentum"] == [20, 6] and shot["equivalent_burn"] == 2
    assert shot["id"] == "K.1.1" and shot["kind"] == "shell"
    moved = [e for e in of_type(events, "projectile_moved") if e["id"] == "K.1.1"][0]
    assert moved["to"] == [20, 6] and moved["momentum"] == [20, 2]
    assert unit(out, "K.1.1")["hex"] == [20, 6]
    with pytest.raises(RuleError) as info:
        resolve(pos, {"K": [{"card": "CAN", "thrust": 4}]})
    assert info.value.rule == "TOB-M4-LAUNCH-04" and info.value.unit == "K"


@pytest.mark.rule("TOB-M4-LAUNCH-04")
@pytest.mark.rule("TOB-M4-LAUNCH-05")
@pytest.mark.rule("TOB-AMB-22")
def test_rocket_marker_within_3_of_the_fighters_and_mine_and_missile_adopt_it():
    kit = ["CM", "STR", "THR", "RL", "MR", "ML"]
    pos = position(fighter("R1", "red", [20, 10], kit, momentum=[21, 10]), fighter("B1", "blue", [35, 0]),
                   modules=(1, 2, 3, 4))
    _, events = resolve(pos, {"R1": [{"card": "RL", "momentum": [23, 8], "id": "rk"}]})
    rocket = of_type(events, "launched")[0]
    assert rocket["id"] == "rk" and rocket["momentum"] == [23, 8] and rocket["equivalent_burn"] == 2
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R1": [{"card": "RL", "momentum": [25, 10]}]})
    assert info.value.rule == "TOB-M4-LAUNCH-04" and info.value.field.endswith("momentum")
    for card, kind in (("MR", "mine"), ("ML", "missile")):
        _, events = resolve(pos, {"R1": [{"card": card}]})
        e = of_type(events, "launched")[0]
        assert e["kind"] == kind and e["momentum"] == [21, 10] and e["equivalent_burn"] == 0


@pytest.mark.rule("TOB-M4-PROJ-01")
@pytest.mark.rule("TOB-COMP-05")
def test_a_new_projectile_id_must_be_free_and_there_is_no_counter_limit():
    many = tuple(projectile(f"p{i}", "red", "mine", [5 + i, 20]) for i in range(12))
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]), projectiles=many)
    out, events = resolve(pos, {"R1": [{"card": "MR"}]})
    assert len(out["projectiles"]) == 13 and len(of_type(events, "projectile_moved")) == 13
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R1": [{"card": "MR", "id": "p3"}]})
    assert info.value.rule == "TOB-M4-PROJ-01"


@pytest.mark.rule("TOB-M4-PMOVE-01")
@pytest.mark.rule("TOB-M4-PROJ-03")
@pytest.mark.rule("TOB-AMB-29")
def test_projectiles_move_to_their_marker_and_leave_the_map_for_good():
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]),
                   projectiles=(projectile("m", "red", "missile", [20, 10], [22, 9], fuel=0),
                                projectile("x", "red", "shell", [1, 20], [0, 20])))
    out, events = resolve(pos)
    m = unit(out, "m")
    assert m["hex"] == [22, 9] and m["momentum"] == [24, 8] and m["fuel"] == 0  # no fuel: a plain projectile
    assert {"type": "projectile_destroyed", "id": "x", "cause": "off_map"} in events
    assert unit(out, "x") is None


@pytest.mark.rule("TOB-M4-MISSILE-01")
@pytest.mark.rule("TOB-M4-MISSILE-02")
@pytest.mark.rule("TOB-AMB-23")
def test_missile_steering_costs_a_fuel_point_per_hex():
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]),
                   projectiles=(projectile("m", "red", "missile", [20, 10], [22, 9], fuel=5),))
    out, events = resolve(pos, {"m": [{"steer": [21, 12]}]})
    assert of_type(events, "steered") == [{"type": "steered", "id": "m", "from": [22, 9], "to": [21, 12],
                                           "hexes": 3, "fuel": 2}]
    assert unit(out, "m")["hex"] == [21, 12] and unit(out, "m")["fuel"] == 2
    with pytest.raises(RuleError) as info:
        resolve(pos, {"m": [{"steer": [26, 9]}]})
    assert info.value.rule == "TOB-M4-MISSILE-01" and info.value.unit == "m"
    with pytest.raises(RuleError) as info:
        resolve(out, {"m": [{"steer": [25, 14]}]})  # 3 hexes from its marker (22, 14), 2 fuel
    assert info.value.rule == "TOB-M4-MISSILE-02"
    straight = {**pos, "options": {"missile_steering": "straight"}}
    resolve(straight, {"m": [{"steer": [22, 12]}]})
    with pytest.raises(RuleError):
        resolve(straight, {"m": [{"steer": [21, 12]}]})
    with pytest.raises(RuleError) as info:  # only missiles steer
        resolve({**pos, "projectiles": [projectile("s", "red", "mine", [20, 10])]}, {"s": [{"steer": [20, 11]}]})
    assert info.value.rule == "TOB-M4-MISSILE-01"


@pytest.mark.rule("TOB-M4-MISSILE-03")
def test_missiles_steer_by_die_alternating_sides():
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]),
                   projectiles=(projectile("r1", "red", "missile", [14, 10], [14, 11]),
                                projectile("r2", "red", "missile", [15, 10], [15, 11]),
                                projectile("b1", "blue", "missile", [25, 3], [25, 4])))
    orders = {"r1": [{"steer": [14, 12]}], "r2": [{"steer": [15, 12]}], "b1": [{"steer": [25, 5]}]}
    _, events = resolve(pos, orders, dice=(2, 5))
    assert [(d["purpose"], d["for"]) for d in of_type(events, "die")] == [("missile_order", "red"),
                                                                         ("missile_order", "blue")]
    assert [e["id"] for e in of_type(events, "steered")] == ["b1", "r1", "r2"]


@pytest.mark.rule("TOB-M4-DET-02")
@pytest.mark.rule("TOB-M4-JAM-03")
@pytest.mark.rule("TOB-EX-48")
def test_mine_drop_tob_ex_48():
    # TOB-EX-48, moved to (20, 10): P = (0,0), M = (0,-3); drop a mine, no maneuver
    pos = position(fighter("R1", "red", [20, 10], momentum=[20, 7]), fighter("B1", "blue", [35, 0]))
    out, events = resolve(pos, {"R1": [{"card": "MR", "id": "mine"}], "mine": [{"detonate": True}]})
    moved = [e for e in of_type(events, "projectile_moved") if e["id"] == "mine"][0]
    assert moved["to"] == [20, 7] and moved["momentum"] == [20, 4]
    assert unit(out, "R1")["hex"] == [20, 7] == unit(out, "mine")["hex"]
    assert of_type(events, "fail_safe") == [{"type": "fail_safe", "id": "mine", "friendly": "R1", "source": "order"}]
    assert not of_type(events, "detonated") and unit(out, "mine")["fail_safe"] is True


def blast_position(**kw):
    return position(fighter("R1", "red", [5, 30]),
                    fighter("B1", "blue", [20, 10], ["CM", "STR", "THR", "LT", "MR", "JAM"]),
                    fighter("B2", "blue", [21, 10], ["CM", "STR", "STR", "THR", "LT", "ARM"]),
                    projectiles=(projectile("mine", "red", "mine", [20, 10]),), **kw)


@pytest.mark.rule("TOB-M4-DET-01")
@pytest.mark.rule("TOB-M4-DET-03")
@pytest.mark.rule("TOB-M4-DET-04")
@pytest.mark.rule("TOB-GEO-12")
@pytest.mark.rule("TOB-EX-47")
@pytest.mark.rule("TOB-SEQ-13")
def test_projectile_blast_tob_ex_47():
    out, events = resolve(blast_position(), {"mine": [{"detonate": True}]})
    det = of_type(events, "detonated")[0]
    assert det["cause"] == "order" and det["damage"] == {"hex": 9, "adjacent": 3}
    assert det["area"] == [[20, 10], [20, 9], [21, 9], [21, 10], [20, 11], [19, 11], [19, 10]]
    b1, b2 = of_type(events, "blast")
    assert (b1["target"], b1["damage"], b1["miss_cards"], b1["hand_size"]) == ("B1", 9, 0, 6)
    assert (b2["target"], b2["damage"], b2["miss_cards"], b2["hand_size"]) == ("B2", 3, 0, 6)
    pulls = {p["target"]: p["cards"] for p in of_type(events, "pulled")}
    assert sorted(pulls["B1"]) == sorted(SIX)  # 9 pulls, no miss cards: all six cards
    assert len(pulls["B2"]) == 3 and "MISS" not in pulls["B2"]
    assert {"type": "eliminated", "id": "B1", "cause": "structure"} in events or \
        {"type": "eliminated", "id": "B1", "cause": "crew"} in events
    # armor is pulled like any card: the pulled cards are lost even so (DET-04, English)
    assert unit(out, "B2") is None or sorted(unit(out, "B2")["destroyed"]) == sorted(pulls["B2"])
    assert unit(out, "mine") is None


@pytest.mark.rule("TOB-M4-DET-04")
def test_option_projectile_armor_as_guns_lets_armor_absorb():
    for seed in range(30):
        out, events = resolve(blast_position(options={"projectile_armor": "as_guns"}), {"mine": [{"detonate": True}]},
                              seed=seed)
        pulled = [p for p in of_type(events, "pulled") if p["target"] == "B2"][0]
        assert pulled["effect"] == "armor"
        b2 = unit(out, "B2")
        assert b2 is not None and b2["destroyed"] == ["ARM"]  # only the armor goes, at the end of the turn


@pytest.mark.rule("TOB-M4-DET-05")
@pytest.mark.rule("TOB-M4-DET-06")
@pytest.mark.rule("TOB-GEO-15")
@pytest.mark.rule("TOB-IMPL-26")
def test_shielded_fighter_loses_its_generator_then_is_concussed():
    shielded = ["CM", "STR", "THR", "LT", "SG", "JAM"]
    pos = position(fighter("R1", "red", [5, 30]),
                   fighter("B1", "blue", [20, 10], shielded, shields=True, momentum=[21, 10]),
                   projectiles=(projectile("m1", "red", "mine", [20, 10], [20, 10]),
                                projectile("m2", "red", "mine", [26, 10], [26, 10])))
    # m1 blasts B1 where it ends its move (21, 10); dice: direction 3 (E from C), facing 5 (A)
    pos["projectiles"][0] = projectile("m1", "red", "mine", [21, 10])
    out, events = resolve(pos, {"m1": [{"detonate": True}]}, dice=(3, 5))
    blast = of_type(events, "blast")[0]
    assert blast["absorbed"] == "shields" and not [p for p in of_type(events, "pulled") if p["target"] == "B1"]
    assert of_type(events, "die") == [
        {"type": "die", "purpose": "concussion_direction", "for": "B1", "sides": 6, "face": 3, "forced": True},
        {"type": "die", "purpose": "concussion_facing", "for": "B1", "sides": 6, "face": 5, "forced": True}]
    conc = of_type(events, "concussion")[0]
    # facing C: face 3 is T120S, two sixths clockwise: E; face 5 is T120P: A
    assert conc["direction"] == "E" and conc["facing"] == "A" and conc["momentum"] == [21, 11]
    b1 = unit(out, "B1")
    assert b1["destroyed"] == ["SG"] and b1["shields"] is False and b1["facing"] == "A"


@pytest.mark.rule("TOB-M4-DET-05")
@pytest.mark.rule("TOB-AMB-27")
def test_a_fighter_that_lost_its_generator_takes_nothing_more_this_turn():
    shielded = ["CM", "STR", "THR", "LT", "SG", "JAM"]
    pos = position(fighter("R1", "red", [5, 30]), fighter("B1", "blue", [20, 10], shielded, shields=True),
                   projectiles=(projectile("m1", "red", "mine", [20, 10]), projectile("m2", "red", "mine", [20, 11])))
    out, events = resolve(pos, {"m1": [{"detonate": True}], "m2": [{"detonate": True}]}, dice=(1, 1, 1, 1))
    assert [b.get("absorbed") for b in of_type(events, "blast")] == ["shields", "immune"]
    assert unit(out, "B1")["destroyed"] == ["SG"]
    assert len(of_type(events, "concussion")) == 2  # once per explosion (TOB-AMB-27)


@pytest.mark.rule("TOB-M4-DET-05")
@pytest.mark.rule("TOB-M2-SHIELD-04")
def test_a_generator_lost_to_a_jammer_blast_keeps_the_fighter_safe_from_a_bubble_gun():
    """"It cannot suffer any additional damage until the next turn" [000:1092]: a jammer's
    blast in Operate Systems (phase 6) protects the fighter in Fire Guns (phase 7) too, from
    the bubble gun that could otherwise take a second generator (TOB-M2-SHIELD-04)."""
    pos = position(fighter("R1", "red", [26, 15], ["CM", "STR", "THR", "LT", "JAM"]),
                   fighter("R2", "red", [20, 20], ["CM", "STR", "THR", "BG"], facing="A"),
                   fighter("B1", "blue", [20, 16], ["CM", "STR", "THR", "LT", "SG", "SG"], shields=True),
                   projectiles=(projectile("m1", "red", "mine", [20, 15]),))
    out, events = resolve(pos, {"R1": [{"card": "JAM", "detonate": "m1"}], "R2": [{"card": "BG", "target": "B1"}]},
                          seed=6)
    assert of_type(events, "jam_attempt")[0]["result"] == "detonated"
    assert [b["absorbed"] for b in of_type(events, "blast")] == ["shields"]
    shot = of_type(events, "shot")[0]
    assert (shot["shooter"], shot["weapon"], shot["target"]) == ("R2", "BG", "B1")
    assert of_type(events, "pulled") == [{"type": "pulled", "target": "B1", "cards": [], "effect": "immune"}]
    b1 = unit(out, "B1")
    assert b1 is not None and b1["destroyed"] == ["SG"] and b1["shields"] is False


@pytest.mark.rule("TOB-M4-DET-05")
@pytest.mark.rule("TOB-M2-SHIELD-04")
def test_a_generator_lost_to_a_bubble_gun_keeps_the_fighter_safe_from_a_blast():
    """The other way round: a bubble gun's hit in Fire Guns (phase 7) leaves the fighter immune
    "until the next turn", so the mine detonated beside it in phase 8 does nothing to it."""
    pos = position(fighter("R2", "red", [20, 20], ["CM", "STR", "THR", "BG"], facing="A"),
                   fighter("B1", "blue", [20, 16], ["CM", "STR", "THR", "LT", "SG", "SG"], shields=True),
                   projectiles=(projectile("m1", "red", "mine", [20, 15]),))
    out, events = resolve(pos, {"R2": [{"card": "BG", "target": "B1"}], "m1": [{"detonate": True}]})
    assert [p["effect"] for p in of_type(events, "pulled")] == ["shield_generator"]
    assert [(b["target"], b["absorbed"]) for b in of_type(events, "blast")] == [("B1", "immune")]
    b1 = unit(out, "B1")
    assert b1 is not None and b1["destroyed"] == ["SG"] and b1["shields"] is False


@pytest.mark.rule("TOB-M4-DET-07")
@pytest.mark.rule("TOB-M4-DET-08")
@pytest.mark.rule("TOB-AMB-28")
def test_fratricide_destroys_the_others_but_detonations_are_simultaneous():
    pos = position(fighter("R1", "red", [5, 30]), fighter("B1", "blue", [35, 0]),
                   projectiles=(projectile("a", "red", "mine", [20, 10]), projectile("b", "red", "mine", [21, 10]),
                                projectile("c", "blue", "rocket", [20, 11]), projectile("d", "blue", "mine", [25, 10])))
    out, events = resolve(pos, {"a": [{"detonate": True}], "b": [{"detonate": True}]})
    assert [e["id"] for e in of_type(events, "detonated")] == ["a", "b"]
    assert of_type(events, "projectile_destroyed") == [{"type": "projectile_destroyed", "id": "c",
                                                       "cause": "fratricide"}]
    assert [p["id"] for p in out["projectiles"]] == ["d"]


@pytest.mark.rule("TOB-M4-JAM-01")
@pytest.mark.rule("TOB-M4-JAM-02")
@pytest.mark.rule("TOB-M4-OPS-01")
@pytest.mark.rule("TOB-EX-46")
@pytest.mark.rule("TOB-AMB-25")
@pytest.mark.rule("TOB-IMPL-24")
def test_jammer_detonation_tob_ex_46():
    def attempt(d, seed=0, extra=()):
        pos = position(fighter("R1", "red", [20, 10]), fighter("B1", "blue", [5, 30], ["CM", "STR", "THR", "LT"]),
                       *extra, projectiles=(projectile("bm", "blue", "mine", [20 + d, 10]),))
        return resolve(pos, {"R1": [{"card": "JAM", "detonate": "bm"}]}, seed=seed)

    hits = 0
    for seed in range(200):
        _, events = attempt(4, seed)
        jam = of_type(events, "jam_attempt")[0]
        assert jam["distance"] == 4 and jam["deck"] == 5
        hits += jam["result"] == "detonated"
        assert bool(of_type(events, "detonated")) == (jam["result"] == "detonated")
    assert 20 <= hits <= 65  # 1 in 5
    out, events = attempt(1)  # deck of 2 at distance 1
    assert of_type(events, "jam_attempt")[0]["deck"] == 2
    _, events = attempt(13)
    assert of_type(events, "jam_attempt")[0]["result"] == "out_of_range"
    # the fail-safe: a fighter friendly to the projectile next to it
    _, events = attempt(4, extra=(fighter("B2", "blue", [25, 10], ["CM", "STR", "THR", "LT"]),))
    assert of_type(events, "jam_attempt")[0]["result"] == "fail_safe"
    assert of_type(events, "fail_safe") == [{"type": "fail_safe", "id": "bm", "friendly": "B2", "source": "jammer"}]
    # the jammer still jams as in Module 2, before its detonation attempt
    kinds = [e["type"] for e in events]
    assert kinds.index("jammed") < kinds.index("jam_attempt")


@pytest.mark.rule("TOB-M4-JAM-02")
def test_a_jammer_explosion_is_resolved_at_once_with_full_damage():
    pos = position(fighter("R1", "red", [20, 10]), fighter("B1", "blue", [23, 10], ["CM", "STR", "THR", "LT"]),
                   projectiles=(projectile("bm", "blue", "mine", [20, 10]), projectile("x", "red", "mine", [20, 11])))
    out, events = resolve(pos, {"R1": [{"card": "JAM", "detonate": "bm"}]}, dice=(1, 1))
    det = of_type(events, "detonated")[0]
    assert det["cause"] == "jammer" and of_type(events, "jam_attempt")[0]["result"] == "detonated"
    assert {"type": "projectile_destroyed", "id": "x", "cause": "fratricide"} in events
    assert of_type(events, "blast")[0]["damage"] == 9


@pytest.mark.rule("TOB-M4-REPAIR-01")
def test_one_reload_per_launcher():
    kit = ["CM", "STR", "THR", "LT", "MR", "BOT"]
    pos = position(fighter("R1", "red", [20, 10], kit, ammo={"MR": 2}), fighter("B1", "blue", [35, 0]))
    out, events = resolve(pos, {"R1": [{"card": "BOT", "reload": "MR"}]})
    assert of_type(events, "reloaded") == [{"type": "reloaded", "id": "R1", "weapon": "MR", "ammo": 8}]
    assert unit(out, "R1")["ammo"] == {"MR": 8} and unit(out, "R1")["reloaded"] == ["MR"]
    assert not of_type(events, "repaired")
    with pytest.raises(RuleError) as info:
        resolve(out, {"R1": [{"card": "BOT", "reload": "MR"}]})
    assert info.value.rule == "TOB-M4-REPAIR-01" and info.value.unit == "R1"


@pytest.mark.rule("TOB-M4-REPAIR-02")
@pytest.mark.rule("TOB-M4-PROJ-02")
def test_a_repaired_launcher_comes_back_full_once():
    kit = ["CM", "STR", "THR", "LT", "MR", "BOT"]
    pos = position(fighter("R1", "red", [20, 10], kit, destroyed=["MR"]), fighter("B1", "blue", [35, 0]))
    assert unit(resolve(pos)[0], "R1")["ammo"] == {"MR": 0}
    out, _ = resolve(pos, {"R1": [{"card": "BOT", "repair": "MR"}]})
    assert unit(out, "R1")["ammo"] == {"MR": 8} and unit(out, "R1")["reloaded"] == ["MR"]
    pos["fighters"][0]["reloaded"] = ["MR"]
    out, _ = resolve(pos, {"R1": [{"card": "BOT", "repair": "MR"}]})
    assert unit(out, "R1")["ammo"] == {"MR": 0}


@pytest.mark.rule("TOB-M4-FIRE-01")
@pytest.mark.rule("TOB-M4-FIRE-02")
@pytest.mark.rule("TOB-M4-FIRE-03")
@pytest.mark.rule("TOB-EX-17")
@pytest.mark.rule("TOB-SEQ-12")
@pytest.mark.rule("TOB-IMPL-21")
def test_thads_laser_at_a_missile_tob_ex_17():
    # a laser at a missile 4 hexes away that steered 3 hexes this turn: 5 + 1 + 3 misses + the card
    pos = position(fighter("T", "red", [20, 10], ["CM", "STR", "THR", "LT"]),
                   fighter("B1", "blue", [5, 30], ["CM", "STR", "THR", "LT"]),
                   projectiles=(projectile("m", "blue", "missile", [22, 10], [24, 10]),))
    orders = {"T": [{"card": "LT", "target": "m"}], "m": [{"steer": [24, 7]}]}
    hit = missed = 0
    for seed in range(60):
        out, events = resolve(pos, orders, seed=seed)
        shot = of_type(events, "shot")[0]
        assert (shot["target"], shot["range"], shot["damage"], shot["miss_cards"], shot["hand_size"]) == \
            ("m", 4, 1, 9, 10)
        pulled = [p for p in of_type(events, "pulled") if p["target"] == "m"][0]["cards"]
        if pulled == ["ML"]:
            hit += 1
            assert {"type": "projectile_destroyed", "id": "m", "cause": "shot"} in events
            assert not of_type(events, "detonated") and unit(out, "m") is None
        else:
            missed += 1
            assert unit(out, "m") is not None
    assert hit and missed


@pytest.mark.rule("TOB-M4-PROJ-04")
@pytest.mark.rule("TOB-M4-PROJ-05")
def test_projectiles_outlive_their_side_and_keep_it():
    pos = position(fighter("R1", "red", [20, 10], ["CM", "STR", "THR", "LT"]),
                   projectiles=(projectile("bm", "blue", "mine", [21, 10]),), sides=["red", "blue"])
    out, events = resolve(pos, {"bm": [{"detonate": True}]})
    assert of_type(events, "detonated")[0]["id"] == "bm"
    assert of_type(events, "blast")[0]["target"] == "R1"
    pos = position(fighter("R1", "red", [20, 10], ["CM", "STR", "THR", "LT"]),
                   projectiles=(projectile("bm", "blue", "mine", [30, 10]),), sides=["red", "blue"])
    out, _ = resolve(pos)
    assert unit(out, "bm")["side"] == "blue"


@pytest.mark.rule("TOB-M4-GRAV-01")
@pytest.mark.rule("TOB-M4-GRAV-02")
@pytest.mark.rule("TOB-EX-16")
def test_chris_and_the_black_hole_tob_ex_16():
    # BH (0,0), unit 3 hexes C of it with M = (5,0): the marker moves 4 hexes F to (1,0)
    pos = position(fighter("C", "red", [23, 10], ["CM", "STR", "THR", "LT"], momentum=[25, 10]),
                   fighter("B1", "blue", [5, 35], ["CM", "STR", "THR", "LT"]), black_holes=([20, 10],))
    # after moving the unit is at (25, 10), 5 hexes away: the table gives 2 hexes
    _, events = resolve(pos)
    g = [e for e in of_type(events, "gravity_shift") if e["id"] == "C"][0]
    assert (g["distance"], g["direction"], g["hexes"], g["momentum"]) == (5, "F", 2, [25, 10])
    still = position(fighter("C", "red", [23, 10], ["CM", "STR", "THR", "LT"]),
                     fighter("B1", "blue", [5, 35], ["CM", "STR", "THR", "LT"]), black_holes=([20, 10],))
    still["fighters"][0]["momentum"] = [23, 10]
    _, events = resolve(still)
    g = [e for e in of_type(events, "gravity_shift") if e["id"] == "C"][0]
    assert (g["distance"], g["direction"], g["hexes"], g["momentum"]) == (3, "F", 4, [19, 10])


@pytest.mark.rule("TOB-M4-GRAV-01")
@pytest.mark.rule("TOB-M4-GRAV-03")
@pytest.mark.rule("TOB-GEO-10")
@pytest.mark.rule("TOB-EX-44")
def test_gravity_table_and_ties_tob_ex_44():
    bh = [20, 12]

    def shift(rel, orders=None):
        h = [bh[0] + rel[0], bh[1] + rel[1]]
        pos = position(fighter("U", "red", h, ["CM", "STR", "THR", "LT"]),
                       fighter("B1", "blue", [2, 38], ["CM", "STR", "THR", "LT"]), black_holes=(bh,))
        _, events = resolve(pos, orders)
        return [e for e in of_type(events, "gravity_shift") if e["id"] == "U"]

    (g,) = shift((0, -1))
    assert (g["distance"], g["direction"], g["hexes"]) == (1, "D", 8) and "tie" not in g
    (g,) = shift((1, -2))
    assert (g["distance"], g["direction"], g["hexes"], g["tie"]) == (2, "D", 4, ["D", "E"])  # first letter
    (g,) = shift((1, -2), {"U": [{"gravity": "E"}]})
    assert g["direction"] == "E" and g["momentum"] == [bh[0] + 1 - 4, bh[1] - 2 + 4]
    (g,) = shift((5, -2))
    assert (g["distance"], g["direction"], g["hexes"]) == (5, "F", 2)
    assert shift((8, -4))[0]["hexes"] == 1 and shift((15, -7))[0]["hexes"] == 1
    assert shift((16, -8)) == []


@pytest.mark.rule("TOB-M4-BH-01")
@pytest.mark.rule("TOB-GEO-11")
@pytest.mark.rule("TOB-M4-GRAV-04")
@pytest.mark.rule("TOB-EX-45")
@pytest.mark.rule("TOB-AMB-31")
@pytest.mark.rule("TOB-EX-29")
@pytest.mark.rule("TOB-AMB-06")
def test_black_hole_crossing_tob_ex_45():
    bh = (20, 12)
    cases = [((-2, 0), (2, 0), True), ((0, -3), (0, 0), True), ((1, 0), (0, -1), True), ((2, 1), (-1, -2), True),
             ((0, -1), (1, -1), False), ((2, -3), (2, 1), False)]
    for start, end, destroyed in cases:
        h = [bh[0] + start[0], bh[1] + start[1]]
        m = [bh[0] + end[0], bh[1] + end[1]]
        pos = position(fighter("R1", "red", [2, 30], ["CM", "STR", "THR", "LT"]),
                       fighter("B1", "blue", [38, 0], ["CM", "STR", "THR", "LT"]),
                       projectiles=(projectile("p", "red", "shell", h, m),), black_holes=(bh,))
        _, events = resolve(pos)
        gone = {"type": "projectile_destroyed", "id": "p", "cause": "black_hole"} in events
        assert gone == destroyed, (start, end)
        pos["fighters"][0] = fighter("R1", "red", h, ["CM", "STR", "THR", "LT"], momentum=m)
        pos["projectiles"] = []
        _, events = resolve(pos)
        assert ({"type": "eliminated", "id": "R1", "cause": "black_hole"} in events) == destroyed, (start, end)
    # a vertex touch is safe: BH (1,1), L (0,0), P (4,1)
    pos = position(fighter("R1", "red", [19, 11], ["CM", "STR", "THR", "LT"], momentum=[23, 12]),
                   fighter("B1", "blue", [38, 0], ["CM", "STR", "THR", "LT"]), black_holes=([20, 12],))
    out, events = resolve(pos)
    assert unit(out, "R1") is not None


@pytest.mark.rule("TOB-M4-SCEN-01")
@pytest.mark.rule("TOB-M4-SCEN-02")
@pytest.mark.rule("TOB-GEO-13")
@pytest.mark.rule("TOB-AMB-32")
def test_safe_exit_wins_leaving_early_loses():
    lone = position(fighter("R1", "red", [38, 0], ["CM", "STR", "THR", "LT"], momentum=[39, 0]),
                    sides=["red", "blue"])
    out, events = resolve(lone)
    assert {"type": "exited", "id": "R1"} in events and {"type": "game_over", "winner": "red"} in events
    early = position(fighter("R1", "red", [38, 0], ["CM", "STR", "THR", "LT"], momentum=[39, 0]),
                     fighter("B1", "blue", [10, 20], ["CM", "STR", "THR", "LT"]))
    out, events = resolve(early)
    assert {"type": "eliminated", "id": "R1", "cause": "off_map"} in events
    assert not of_type(events, "game_over") and out["sides"] == ["red", "blue"]
    # the survivor must still get out: destroyed on the way, the game is a draw
    doomed = position(fighter("R1", "red", [20, 10], ["CM", "STR", "THR", "LT"], momentum=[22, 10]),
                      sides=["red", "blue"], black_holes=([21, 10],))
    _, events = resolve(doomed)
    assert {"type": "game_over", "draw": True} in events
    both = position(fighter("R1", "red", [38, 0], ["CM", "STR", "THR", "LT"], momentum=[39, 0]),
                    fighter("B1", "blue", [1, 20], ["CM", "STR", "THR", "LT"], momentum=[0, 20]))
    _, events = resolve(both)
    assert {"type": "game_over", "draw": True} in events


@pytest.mark.rule("TOB-M4-MAP-01")
def test_spacewar_scenario_black_hole_between_the_fighters_at_the_centre():
    rs = get_ruleset("turn-or-burn")
    st = rs.new_game("spacewar", seed=1)
    (bh,) = st.config.black_holes
    board = st.config.map
    from hexfleet.hexgrid import distance, to_offset
    assert to_offset(bh) == (board.cols // 2, board.rows // 2)
    r1, b1 = st.fighters
    assert distance(r1.hex, bh) == distance(b1.hex, bh)


def test_dice_faces_outside_the_die_are_refused():
    pos = position(fighter("R1", "red", [10, 10]), fighter("B1", "blue", [30, 0]))
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R1": [{"card": "MR"}], "B1": [{"card": "MR"}]}, dice=(7,))
    assert info.value.rule == "ENGINE-DICE"


@pytest.mark.rule("TOB-M4-LAUNCH-04")
@pytest.mark.rule("TOB-M4-MISSILE-01")
def test_a_new_missile_steers_on_its_launch_turn():
    kit = ["CM", "STR", "THR", "LT", "ML"]
    pos = position(fighter("R1", "red", [20, 10], kit, momentum=[21, 10]), fighter("B1", "blue", [35, 0]))
    out, events = resolve(pos, {"R1": [{"card": "ML"}], "R1.1.1": [{"steer": [23, 9]}]})
    assert of_type(events, "steered") == [{"type": "steered", "id": "R1.1.1", "from": [21, 10], "to": [23, 9],
                                           "hexes": 2, "fuel": 6}]
    assert unit(out, "R1.1.1")["hex"] == [23, 9]
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R1": [{"card": "ML"}], "R1.1.1": [{"steer": [25, 9]}]})
    assert info.value.rule == "TOB-M4-MISSILE-01" and info.value.unit == "R1.1.1"


@pytest.mark.rule("TOB-AMB-26")
def test_shields_raised_this_turn_meet_a_jammer_blast():
    shield_kit = ["CM", "STR", "THR", "LT", "SG"]
    pos = position(fighter("R1", "red", [20, 10], ["CM", "STR", "THR", "LT", "JAM"]),
                   fighter("B1", "blue", [23, 10], shield_kit),
                   projectiles=(projectile("rm", "red", "mine", [23, 10]),))
    _, events = resolve(pos, {"R1": [{"card": "JAM", "detonate": "rm"}], "B1": [{"card": "SG"}]}, seed=0)
    kinds = [e["type"] for e in events]
    assert kinds.index("shields") < kinds.index("jam_attempt")
    for seed in range(40):
        _, events = resolve(pos, {"R1": [{"card": "JAM", "detonate": "rm"}], "B1": [{"card": "SG"}]}, seed=seed)
        if of_type(events, "detonated"):
            assert of_type(events, "blast")[0]["absorbed"] == "shields"
            return
    raise AssertionError("no detonation in 40 seeds at 1 in 4")


@pytest.mark.rule("TOB-AMB-30")
def test_gravity_pulls_projectiles_launched_this_turn():
    pos = position(fighter("R1", "red", [20, 10], momentum=[21, 10]), fighter("B1", "blue", [2, 35]),
                   black_holes=([28, 10],))
    _, events = resolve(pos, {"R1": [{"card": "MR"}]})
    shifted = {e["id"]: e for e in of_type(events, "gravity_shift")}
    assert shifted["R1.1.1"]["distance"] == 7 and shifted["R1.1.1"]["hexes"] == 2  # the mine, at (21, 10)


@pytest.mark.rule("TOB-M4-DET-01")
def test_the_legal_plots_offer_each_projectile_kept_or_detonated():
    from hexfleet.games.turn_or_burn.interchange import parse

    rs = get_ruleset("turn-or-burn")
    pos = position(fighter("R1", "red", [10, 10], ["CM", "STR", "THR", "LT"]),
                   fighter("B1", "blue", [30, 0], ["CM", "STR", "THR", "LT"]),
                   projectiles=(projectile("rm", "red", "mine", [20, 10]), projectile("bm", "blue", "mine", [25, 5])))
    st = parse(pos)
    orders = rs.legal_orders(st, "red")
    assert {"R1": [], "rm": [{"detonate": True}]} in orders and {"R1": [], "rm": []} in orders
    assert not any("bm" in o for o in orders)  # only a side's own projectiles
    assert [o.to_json() for o in rs.legal(st, "red")] == orders


def test_views_show_projectiles_and_only_seen_launchers_ammo():
    from hexfleet.games.turn_or_burn.interchange import parse

    rs = get_ruleset("turn-or-burn")
    pos = position(fighter("R1", "red", [10, 10], ["CM", "STR", "THR", "LT", "ML"]),
                   fighter("B1", "blue", [30, 0], ["CM", "STR", "THR", "LT", "MR"]),
                   projectiles=(projectile("rm", "red", "missile", [20, 10], fuel=3),), black_holes=([20, 20],))
    view = rs.view(parse(pos), "blue")
    assert view["projectiles"][0]["id"] == "rm" and view["projectiles"][0]["fuel"] == 3
    assert view["black_holes"] == [[20, 20]]
    seen = {f["id"]: f for f in view["fighters"]}
    assert seen["B1"]["ammo"] == {"MR": 8} and seen["R1"]["ammo"] == {}  # R1's launcher is not known to blue


@pytest.mark.rule("TOB-M4-GRAV-04")
def test_a_position_with_a_unit_in_a_black_hole_is_refused():
    from hexfleet.games.turn_or_burn.interchange import parse

    with pytest.raises(RuleError) as info:
        parse(position(fighter("R1", "red", [20, 10]), fighter("B1", "blue", [30, 0]), black_holes=([20, 10],)))
    assert info.value.rule == "TOB-M4-BH-01" and info.value.unit == "R1" and info.value.field == "hex"


@pytest.mark.rule("TOB-M4-PROJ-04")
def test_a_side_with_only_projectiles_lists_their_choices():
    from hexfleet.games.turn_or_burn.interchange import parse

    rs = get_ruleset("turn-or-burn")
    st = parse(position(fighter("R1", "red", [10, 10], ["CM", "STR", "THR", "LT"]), sides=["red", "blue"],
                        projectiles=(projectile("B1.1", "blue", "missile", [20, 9], [18, 9], fuel=5),)))
    assert "blue" in rs.pending(st)
    assert rs.legal_per_unit(st, "blue") == {"B1.1": [[], [{"detonate": True}]]}


@pytest.mark.rule("TOB-M4-JAM-01")
@pytest.mark.rule("TOB-M4-REPAIR-01")
@pytest.mark.rule("TOB-M2-OPS-02")
@pytest.mark.rule("TOB-M4-GRAV-03")
def test_the_order_panel_is_offered_the_jam_reload_repair_launcher_copy_and_gravity_tie():
    """What the plot decision offers ``tob.js`` beside each card: the projectiles a jammer may
    name, the launchers a repair bot may reload (not a destroyed one, not one reloaded before),
    the lost cards it may repair (not armor), the copies of a launcher carried twice, and a
    gravity tie's letters, for fighters and projectiles, only with a black hole."""
    from hexfleet.games.turn_or_burn.interchange import parse

    kit = ["CM", "STR", "STR", "STR", "THR", "MR", "MR", "ML", "JAM", "BOT", "ARM"]
    pos = position(fighter("R1", "red", [10, 10], kit, destroyed=["ARM", "ML"], reloaded=["MR#1"]),
                   fighter("R2", "red", [10, 14], SIX), fighter("B1", "blue", [20, 10], SIX, facing="F"),
                   projectiles=(projectile("M1", "blue", "mine", [15, 10]), projectile("M2", "red", "mine", [12, 12])),
                   black_holes=([30, 0],), modules=(1, 2, 3, 4), options={"max_systems": 11})
    state = parse(pos)
    opts = get_ruleset("turn-or-burn").pending(state)["red"].options
    r1, r2 = opts["fighters"]["R1"], opts["fighters"]["R2"]
    assert r1["jam"] == r2["jam"] == ["M1", "M2"]  # own and enemy projectiles (TOB-M4-JAM-01)
    assert r1["reload"] == ["MR#2"]  # MR#1 had its reload, ML is destroyed
    assert r1["repair"] == ["ML"] and "repair" not in r2  # armor is not repaired; R2 lost nothing
    assert r1["copies"] == {"MR": ["MR#1", "MR#2"]} and "copies" not in r2
    assert r1["gravity"] == list("ABCDEF") and opts["projectiles"]["M2"]["gravity"] == list("ABCDEF")
    assert "reload" not in r2 and "BOT" not in r2["cards"]
    calm = parse(position(fighter("R1", "red", [10, 10], SIX), fighter("B1", "blue", [20, 10], SIX, facing="F")))
    r1 = get_ruleset("turn-or-burn").pending(calm)["red"].options["fighters"]["R1"]
    assert not {"jam", "reload", "repair", "copies", "gravity"} & set(r1)  # nothing to name: no field


@pytest.mark.rule("TOB-IMPL-04")
def test_a_projectile_carries_its_id_side_kind_markers_launch_burn_and_fuel_until_destroyed():
    """The projectile record: id, owner side and weapon kind; its hex (P, the location marker L
    at the start of a turn) and momentum marker M; the launch turn (in the default id) and the
    launch's equivalent burn; a missile's 8 fuel, adjusted once a turn, from its launch turn on;
    a destroyed projectile is gone from the next position, and the rest read back unchanged."""
    from hexfleet.games.turn_or_burn.interchange import parse
    from hexfleet.games.turn_or_burn.position import position_to_json

    kit = ["CM", "STR", "THR", "LT", "ML", "CAN"]
    pos = position(fighter("R1", "red", [20, 10], kit, momentum=[21, 10]),
                   fighter("R2", "red", [20, 14], kit, momentum=[21, 14]), fighter("B1", "blue", [35, 0]),
                   projectiles=(projectile("x", "blue", "rocket", [1, 20], [0, 20]),))
    orders = {"R1": [{"card": "ML", "id": "M9"}], "M9": [{"steer": [22, 9]}], "R2": [{"card": "CAN", "thrust": 2}]}
    out, events = resolve(pos, orders)
    launched = {e["id"]: e for e in of_type(events, "launched")}
    assert {k: launched["M9"][k] for k in ("kind", "by", "side", "hex", "momentum", "equivalent_burn")} == {
        "kind": "missile", "by": "R1", "side": "red", "hex": [20, 10], "momentum": [21, 10], "equivalent_burn": 0}
    assert launched["R2.1.1"]["kind"] == "shell" and launched["R2.1.1"]["equivalent_burn"] == 2  # turn 1, action 1
    assert of_type(events, "steered")[0]["fuel"] == 7  # 8 fuel, 1 hex adjusted on the launch turn
    assert unit(out, "M9") == {"id": "M9", "side": "red", "kind": "missile", "hex": [22, 9], "momentum": [24, 8],
                               "fuel": 7, "by": "R1", "fail_safe": True}
    assert unit(out, "x") is None and {"type": "projectile_destroyed", "id": "x", "cause": "off_map"} in events
    assert position_to_json(parse(out))["projectiles"] == out["projectiles"]
    with pytest.raises(RuleError) as info:  # adjusted once a turn
        resolve(pos, {**orders, "M9": [{"steer": [22, 9]}, {"steer": [21, 11]}]})
    assert (info.value.rule, info.value.unit, info.value.field) == ("TOB-M4-MISSILE-01", "M9", "order.M9.steer")


@pytest.mark.rule("TOB-AMB-06")
@pytest.mark.rule("TOB-M4-MAP-01")
def test_the_six_gravity_arrows_sit_around_the_black_hole_pointing_in_and_pull_that_way():
    """The lost figure, reconstructed: an arrow in each neighbour BH + D(i), pointing in
    direction i+3, at the hole (the text map's arrow, read as a screen angle with A straight up
    and the letters clockwise 60° apart); a unit in that hex is pulled that way, 8 hexes."""
    from hexfleet.hexgrid import DIRECTIONS, RectMap
    from hexfleet.render.turn_or_burn_v2 import map_marks

    bh = (20, 12)
    board = RectMap(40, 40)
    marks = map_marks({"black_holes": [list(bh)], "projectiles": []}, board)
    assert marks[board.to_offset(bh)] == "(@)"
    screen = {"↑": -90, "↗": -30, "↘": 30, "↓": 90, "↙": 150, "↖": 210}
    letters = "ABCDEF"
    for i, (dq, dr) in enumerate(DIRECTIONS):
        arrow_hex = (bh[0] + dq, bh[1] + dr)
        pointing = (i + 3) % 6
        assert screen[marks[board.to_offset(arrow_hex)].strip()] % 360 == (-90 + 60 * pointing) % 360, letters[i]
        pos = position(fighter("U", "red", list(arrow_hex), ["CM", "STR", "THR", "LT"]),
                       fighter("B1", "blue", [38, 0], ["CM", "STR", "THR", "LT"]), black_holes=(bh,))
        _, events = resolve(pos)
        (pull,) = of_type(events, "gravity_shift")
        assert (pull["direction"], pull["hexes"], pull["distance"]) == (letters[pointing], 8, 1)
