"""Module 5, Experimental: force beam, zap gun, secondary thrusters, ramming, fuel and Space
Hockey (TOB-M5-*), with the digest's worked examples (TOB-EX-18, 19, 49, 50)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import Outcome
from hexfleet.games import get_ruleset

from .m45_helpers import fighter, of_type, position, projectile, resolve, unit

M5 = (1, 2, 5)
BEAM = ["CM", "STR", "THR", "FB", "ZG", "LT"]
PLAIN = ["CM", "STR", "THR", "LT"]
HEAVY = ["CM", "STR", "STR", "THR", "LT", "LT", "ARM"]
SUPER = ["CM", "STR", "STR", "STR", "THR", "LT", "LT", "LT", "ARM", "ARM"]


def beam_at(target_cards, *, seed=0, order=None, target_kw=None, modules=M5, **pos_kw):
    pos = position(fighter("S", "red", [20, 10], BEAM), fighter("T", "blue", [23, 10], target_cards, facing="F",
                                                                  **(target_kw or {})),
                   modules=modules, **pos_kw)
    return resolve(pos, {"S": [order or {"card": "FB", "target": "T"}]}, seed=seed)


def first_seed(make, test, tries=200):
    for seed in range(tries):
        out, events = make(seed)
        if test(events):
            return out, events
    raise AssertionError("no seed found")


@pytest.mark.rule("TOB-M5-FB-01")
@pytest.mark.rule("TOB-M5-FB-04")
@pytest.mark.rule("TOB-M5-FB-05")
@pytest.mark.rule("TOB-M5-FB-07")
@pytest.mark.rule("TOB-M5-FB-08")
@pytest.mark.rule("TOB-EX-18")
def test_force_beam_push_and_pull():
    for seed in range(40):
        out, events = beam_at(PLAIN, seed=seed)
        (fb,) = of_type(events, "force_beam")
        assert fb["allowed"] == {0: 3, 1: 2, 2: 1}.get(fb["misses_pulled"], 0) and fb["hexes"] == fb["allowed"]
        n = fb["hexes"]
        assert fb["direction"] == "C" and fb["mode"] == "push"
        assert fb["target_momentum"] == [23 + n, 10] and fb["shooter_momentum"] == [20 - n, 10]
        assert not of_type(events, "pulled") and unit(out, "T")["destroyed"] == []  # no damage
        kinds = [e["type"] for e in events]
        assert kinds.index("force_beam") > events.index({"type": "phase", "number": 7, "name": "fire_guns"})
    # TOB-EX-18: one miss then a system card: 1 or 2 hexes, the shooter's choice
    out, events = first_seed(lambda s: beam_at(PLAIN, seed=s, order={"card": "FB", "target": "T", "mode": "pull",
                                                                      "hexes": 1}),
                             lambda ev: of_type(ev, "force_beam")[0]["misses_pulled"] == 1)
    fb = of_type(events, "force_beam")[0]
    assert fb["allowed"] == 2 and fb["hexes"] == 1
    assert fb["target_momentum"] == [22, 10] and fb["shooter_momentum"] == [21, 10]  # pulled together


@pytest.mark.rule("TOB-M5-FB-05")
@pytest.mark.rule("TOB-EX-50")
@pytest.mark.rule("TOB-IMPL-22")
def test_force_beam_strength_against_a_4_card_fighter_tob_ex_50():
    seen = Counter(of_type(beam_at(PLAIN, seed=s)[1], "force_beam")[0]["misses_pulled"] for s in range(300))
    assert set(seen) <= {0, 1, 2}  # 4 systems + 2 misses (range 3: none; size 4: +2)
    assert 160 <= seen[0] <= 240 and 50 <= seen[1] <= 115 and 5 <= seen[2] <= 40  # 2/3, 4/15, 1/15


@pytest.mark.rule("TOB-M5-FB-07")
@pytest.mark.rule("TOB-EX-19")
@pytest.mark.rule("TOB-GEO-10")
@pytest.mark.rule("TOB-AMB-05")
def test_force_beam_direction_and_ties():
    pos = position(fighter("S", "red", [20, 10], BEAM, facing="F"), fighter("T", "blue", [17, 10], PLAIN),
                   modules=M5)
    _, events = resolve(pos, {"S": [{"card": "FB", "target": "T"}]})
    assert of_type(events, "force_beam")[0]["direction"] == "F"  # TOB-EX-19: (0,0) to (-3,0)
    # off the axes (TOB-AMB-05): the line to (3,-1) leaves the shooter's hex into its C neighbour
    # (1,0) (a third of the way along, cube (1, -1/3, -2/3) rounds there), so the beam acts along C
    off = position(fighter("S", "red", [20, 10], BEAM, facing="C"), fighter("T", "blue", [23, 9], PLAIN),
                   modules=M5)
    _, events = resolve(off, {"S": [{"card": "FB", "target": "T"}]})
    fb = of_type(events, "force_beam")[0]
    assert fb["direction"] == "C" and "tie" not in fb
    tie = position(fighter("S", "red", [20, 10], BEAM, facing="C"), fighter("T", "blue", [22, 9], PLAIN),
                   modules=M5)  # cube (2,-1,-1): the line runs between the B and C hexes
    _, events = resolve(tie, {"S": [{"card": "FB", "target": "T"}]})
    fb = of_type(events, "force_beam")[0]
    assert fb["tie"] == ["B", "C"] and fb["direction"] == "B"
    _, events = resolve(tie, {"S": [{"card": "FB", "target": "T", "direction": "C"}]})
    assert of_type(events, "force_beam")[0]["direction"] == "C"


@pytest.mark.rule("TOB-M5-FB-02")
@pytest.mark.rule("TOB-M5-FB-03")
def test_force_beam_range_arc_and_restrictions():
    def void(shooter_kw, target_hex, target_kw=None):
        pos = position(fighter("S", "red", [20, 10], BEAM, **shooter_kw),
                       fighter("T", "blue", target_hex, ["CM", "STR", "THR", "LT", "SG"], **(target_kw or {})),
                       modules=M5)
        _, events = resolve(pos, {"S": [{"card": "FB", "target": "T"}]})
        return [e["reason"] for e in of_type(events, "shot_void")]

    assert void({}, [27, 10]) == ["out_of_range"]
    assert void({}, [14, 10]) == ["out_of_arc"]
    assert void({}, [20, 10]) == ["range_0"]
    assert void({}, [23, 10], {"shields": True}) == ["shields"]
    assert void({}, [26, 10]) == []  # range 6


@pytest.mark.rule("TOB-M5-FB-09")
@pytest.mark.rule("TOB-AMB-40")
@pytest.mark.rule("TOB-EX-21")
def test_mass_difference_tob_example():
    # a standard fighter pulls 1 miss against a super: its own marker 1-2 hexes, the super's not at all
    two_thrusters = ["CM", "STR", "STR", "STR", "THR", "THR", "LT", "LT", "ARM", "ARM"]

    def at_super(seed):  # range 4 (1 miss) + B2A (2) - super (2): 1 miss card among 10 systems
        pos = position(fighter("S", "red", [20, 10], BEAM),
                       fighter("T", "blue", [24, 10], two_thrusters, facing="A"), modules=(1, 2, 3, 5))
        return resolve(pos, {"S": [{"card": "FB", "target": "T"}], "T": [{"card": "B2A"}]}, seed=seed)

    out, events = first_seed(at_super, lambda ev: of_type(ev, "force_beam")[0]["misses_pulled"] == 1)
    fb = of_type(events, "force_beam")[0]
    assert (fb["hexes"], fb["shooter_moved"], fb["target_moved"]) == (2, 2, 0)
    out, events = first_seed(lambda s: beam_at(HEAVY, seed=s, modules=(1, 2, 3, 5)),
                             lambda ev: of_type(ev, "force_beam")[0]["misses_pulled"] == 0)
    fb = of_type(events, "force_beam")[0]
    assert (fb["hexes"], fb["shooter_moved"], fb["target_moved"]) == (3, 3, 2)


@pytest.mark.rule("TOB-M5-FB-10")
@pytest.mark.rule("TOB-AMB-34")
def test_force_beam_on_projectiles_moves_only_the_projectile_but_the_puck_both():
    pos = position(fighter("S", "red", [20, 10], BEAM), fighter("B", "blue", [5, 30], PLAIN),
                   projectiles=(projectile("m", "blue", "mine", [23, 10]),), modules=(1, 2, 4, 5))
    out, events = first_seed(lambda s: resolve(pos, {"S": [{"card": "FB", "target": "m", "mode": "pull"}]}, seed=s),
                             lambda ev: of_type(ev, "force_beam")[0]["allowed"] > 0)
    fb = of_type(events, "force_beam")[0]
    assert fb["shooter_moved"] == 0 and fb["shooter_momentum"] == [20, 10]
    assert fb["target_momentum"] == [23 - fb["hexes"], 10]  # pull: toward the shooter (d + 3)
    puck = position(fighter("S", "red", [20, 10], BEAM), fighter("B", "blue", [5, 30], PLAIN),
                    projectiles=(projectile("PUCK", None, "puck", [23, 10]),), modules=M5)
    for option, moved in (("both", True), ("puck_only", False)):
        data = {**puck, "options": {"force_beam_puck": option}}
        _, events = first_seed(lambda s, d=data: resolve(d, {"S": [{"card": "FB", "target": "PUCK"}]}, seed=s),
                               lambda ev: of_type(ev, "force_beam")[0]["allowed"] > 0)
        fb = of_type(events, "force_beam")[0]
        assert (fb["shooter_moved"] > 0) == moved and fb["target_moved"] == fb["hexes"]


@pytest.mark.rule("TOB-M5-HOCKEY-05")
@pytest.mark.rule("TOB-EX-49")
def test_force_beam_versus_the_puck_tob_ex_49():
    pos = position(fighter("S", "red", [20, 10], BEAM), fighter("B", "blue", [5, 30], PLAIN),
                   projectiles=(projectile("PUCK", None, "puck", [22, 10]),), modules=M5)
    seen = Counter()
    for seed in range(300):
        _, events = resolve(pos, {"S": [{"card": "FB", "target": "PUCK"}]}, seed=seed)
        seen[of_type(events, "force_beam")[0]["allowed"]] += 1
    assert 100 <= seen[0] <= 200 and all(25 <= seen[k] <= 80 for k in (1, 2, 3))  # 1/2, 1/6 each


@pytest.mark.rule("TOB-M5-FB-06")
def test_several_force_beams_on_one_target_go_in_die_order():
    pos = position(fighter("S1", "red", [20, 10], BEAM), fighter("S2", "red", [20, 11], BEAM),
                   fighter("T", "blue", [23, 10], PLAIN, facing="F"), modules=M5)
    orders = {"S1": [{"card": "FB", "target": "T"}], "S2": [{"card": "FB", "target": "T"}]}
    _, events = resolve(pos, orders, dice=(2, 5))
    assert [(d["purpose"], d["for"], d["face"]) for d in of_type(events, "die")] == [
        ("force_beam_order", "S1", 2), ("force_beam_order", "S2", 5)]
    assert [e["shooter"] for e in of_type(events, "force_beam")] == ["S2", "S1"]


@pytest.mark.rule("TOB-M5-ZAP-01")
@pytest.mark.rule("TOB-M5-ZAP-02")
@pytest.mark.rule("TOB-M5-ZAP-05")
@pytest.mark.rule("TOB-M5-ZAP-06")
@pytest.mark.rule("TOB-M5-ZAP-07")
@pytest.mark.rule("TOB-AMB-39")
@pytest.mark.rule("TOB-IMPL-23")
def test_zap_gun_takes_a_maneuver_card():
    target = ["CM", "STR", "THR", "LT", "ARM"]

    def zap(seed):
        pos = position(fighter("S", "red", [20, 10], BEAM, facing="F"),  # the target is behind: 360 degrees
                       fighter("T", "blue", [23, 10], target, lost_maneuvers=["TR"]), modules=M5)
        return resolve(pos, {"S": [{"card": "ZG", "target": "T"}]}, seed=seed)

    out, events = first_seed(zap, lambda ev: of_type(ev, "zap")[0]["card"] != "MISS")
    z = of_type(events, "zap")[0]
    # the 13 Module 1 maneuvers less TR, lost already, and 1 miss card (size 5)
    assert (z["range"], z["miss_cards"], z["hand_size"]) == (3, 1, 13)
    assert z["card"] not in ("TR", "DITTO")
    lost = unit(out, "T")["lost_maneuvers"]
    assert lost == ["TR", z["card"]] and unit(out, "T")["destroyed"] == []  # armor plays no part
    with pytest.raises(RuleError) as info:
        resolve(out, {"T": [{"card": z["card"]}]})
    assert info.value.rule == "TOB-M5-ZAP-06" and info.value.unit == "T"
    _, events = first_seed(zap, lambda ev: of_type(ev, "zap")[0]["card"] == "MISS")
    assert of_type(events, "zap")[0]["hand_size"] == 13


@pytest.mark.rule("TOB-M5-ZAP-03")
@pytest.mark.rule("TOB-M5-ZAP-04")
def test_zap_restrictions_and_no_dittos():
    pos = position(fighter("S", "red", [20, 10], BEAM), fighter("T", "blue", [23, 10], PLAIN + ["SG"], shields=True),
                   modules=M5)
    _, events = resolve(pos, {"S": [{"card": "ZG", "target": "T"}]})
    assert of_type(events, "shot_void")[0]["reason"] == "shields"
    two = position(fighter("S", "red", [20, 10], BEAM), fighter("S2", "red", [20, 12], PLAIN),
                   fighter("T", "blue", [30, 10], PLAIN), modules=M5)
    with pytest.raises(RuleError) as info:
        resolve(two, {"S2": [{"card": "DITTO", "of": "S"}], "S": [{"card": "B1A"}]})
    assert info.value.rule == "TOB-M5-ZAP-04"


@pytest.mark.rule("TOB-M5-ZAP-08")
def test_repair_bot_restores_a_lost_maneuver():
    pos = position(fighter("R", "red", [20, 10], ["CM", "STR", "THR", "LT", "BOT"], lost_maneuvers=["TR", "B3A"]),
                   fighter("T", "blue", [30, 10], PLAIN), modules=M5)
    out, events = resolve(pos, {"R": [{"card": "BOT", "restore": True}]})
    (restored,) = of_type(events, "maneuver_restored")
    assert restored["card"] in ("TR", "B3A")
    assert unit(out, "R")["lost_maneuvers"] == [c for c in ("TR", "B3A") if c != restored["card"]]


@pytest.mark.rule("TOB-IMPL-28")
@pytest.mark.rule("TOB-M5-ZAP-08")
def test_the_maneuver_a_repair_bot_restores_is_drawn_uniformly():
    pos = position(fighter("R", "red", [20, 10], ["CM", "STR", "THR", "LT", "BOT"], lost_maneuvers=["TR", "B3A"]),
                   fighter("T", "blue", [30, 10], PLAIN), modules=M5)
    seen = Counter(of_type(resolve(pos, {"R": [{"card": "BOT", "restore": True}]}, seed=s)[1], "maneuver_restored")[0]
                   ["card"] for s in range(200))
    assert set(seen) == {"TR", "B3A"} and 70 <= seen["TR"] <= 130  # 1/2 each


@pytest.mark.rule("TOB-M5-SEC-01")
@pytest.mark.rule("TOB-M5-SEC-03")
@pytest.mark.rule("TOB-M5-SEC-04")
@pytest.mark.rule("TOB-M5-SEC-06")
@pytest.mark.rule("TOB-AMB-35")
def test_secondary_thruster_shifts_the_marker_before_moving():
    kit = ["CM", "CM", "STR", "THR", "ST", "LT"]
    pos = position(fighter("R", "red", [20, 10], kit, momentum=[21, 10]),
                   fighter("B", "blue", [23, 8], PLAIN, facing="E"), modules=(1, 2, 3, 5))
    orders = {"R": [{"card": "ST", "direction": "D"}, {"card": "TNC"}], "B": [{"card": "LT", "target": "R"}]}
    out, events = resolve(pos, orders)
    assert of_type(events, "secondary_thrust") == [{"type": "secondary_thrust", "id": "R", "direction": "D",
                                                    "momentum": [21, 11]}]
    moved = [e for e in of_type(events, "moved") if e["id"] == "R"][0]
    assert moved["to"] == [21, 11]
    assert {"type": "fuel_spent", "id": "R", "amount": 1, "fuel": 17, "reason": "secondary_thrust"} in events
    shot = of_type(events, "shot")[0]
    assert shot["miss_cards"] == 1  # range 2, size 6, and the secondary thrust as a thrust-1 burn
    after = {**pos, "options": {"secondary_thrust_timing": "after_move"}}
    out, events = resolve(after, orders)
    moved = [e for e in of_type(events, "moved") if e["id"] == "R"][0]
    assert moved["to"] == [21, 10] and unit(out, "R")["momentum"] == [22, 11]


@pytest.mark.rule("TOB-M5-SEC-02")
def test_big_fighters_need_more_secondary_thrusters():
    heavy = ["CM", "STR", "STR", "THR", "ST", "LT", "LT"]
    pos = position(fighter("R", "red", [20, 10], heavy), fighter("B", "blue", [30, 10], PLAIN), modules=(1, 2, 3, 5))
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R": [{"card": "ST", "direction": "A"}]})
    assert info.value.rule == "TOB-M5-SEC-02"
    pos["fighters"][0]["cards"] = ["CM", "STR", "STR", "THR", "ST", "ST", "LT"]
    _, events = resolve(pos, {"R": [{"card": "ST", "direction": "A"}]})
    assert of_type(events, "secondary_thrust")


@pytest.mark.rule("TOB-M5-SEC-05")
def test_faster_fighter_thrusts_first_equal_speeds_by_die():
    kit = ["CM", "STR", "THR", "ST", "LT"]
    pos = position(fighter("A", "red", [10, 10], kit, momentum=[12, 10]), fighter("B", "red", [10, 14], kit),
                   fighter("C", "blue", [30, 5], kit, momentum=[30, 5]), modules=M5)
    orders = {"A": [{"card": "ST", "direction": "A"}], "B": [{"card": "ST", "direction": "A"}],
              "C": [{"card": "ST", "direction": "A"}]}
    _, events = resolve(pos, orders, dice=(1, 4))
    assert [(d["purpose"], d["for"]) for d in of_type(events, "die")] == [
        ("secondary_thrust_order", "B"), ("secondary_thrust_order", "C")]
    assert [e["id"] for e in of_type(events, "secondary_thrust")] == ["A", "C", "B"]


@pytest.mark.rule("TOB-M5-RAM-01")
@pytest.mark.rule("TOB-M5-RAM-02")
@pytest.mark.rule("TOB-M5-RAM-03")
@pytest.mark.rule("TOB-AMB-38")
def test_ramming_destroys_both():
    shielded = ["CM", "STR", "THR", "LT", "SG", "ARM"]
    pos = position(fighter("R", "red", [20, 10], PLAIN), fighter("B", "blue", [21, 10], shielded, shields=True),
                   modules=M5)
    out, events = resolve(pos, {"R": [{"card": "THR"}]})
    assert of_type(events, "rammed") == [{"type": "rammed", "rammer": "R", "target": "B", "module": 5}]
    assert {"type": "eliminated", "id": "R", "cause": "rammed"} in events
    assert {"type": "eliminated", "id": "B", "cause": "rammed"} in events
    kinds = [e["type"] for e in events]
    assert kinds.index("rammed") > events.index({"type": "phase", "number": 8, "name": "detonate"})
    far = position(fighter("R", "red", [20, 10], PLAIN), fighter("B", "blue", [23, 10], PLAIN), modules=M5)
    _, events = resolve(far, {"R": [{"card": "THR"}]})
    assert not of_type(events, "rammed")
    two_crew = ["CM", "CM", "STR", "THR", "LT"]
    with pytest.raises(RuleError) as info:
        resolve(position(fighter("R", "red", [20, 10], two_crew), fighter("B", "blue", [21, 10], PLAIN),
                         modules=(1, 2, 3, 5)), {"R": [{"card": "THR"}, {"card": "B1A"}]})
    assert info.value.rule == "TOB-M5-RAM-01"


@pytest.mark.rule("TOB-M5-FUEL-01")
@pytest.mark.rule("TOB-M5-FUEL-03")
@pytest.mark.rule("TOB-M5-FUEL-04")
@pytest.mark.rule("TOB-M5-FUEL-05")
@pytest.mark.rule("TOB-AMB-37")
@pytest.mark.rule("TOB-EX-22")
@pytest.mark.rule("TOB-EX-23")
def test_burns_cost_fuel_by_thrust_and_size():
    pos = position(fighter("R", "red", [20, 10], PLAIN), fighter("B", "blue", [30, 10], PLAIN), modules=M5)
    out, events = resolve(pos, {"R": [{"card": "B2S"}]})
    assert {"type": "fuel_spent", "id": "R", "amount": 2, "fuel": 16, "reason": "burn"} in events
    heavy = ["CM", "STR", "STR", "THR", "THR", "LT", "LT"]
    hpos = position(fighter("R", "red", [20, 10], heavy), fighter("B", "blue", [30, 10], PLAIN), modules=(1, 2, 3, 5))
    out, events = resolve(hpos, {"R": [{"card": "B3A"}]})
    assert {"type": "fuel_spent", "id": "R", "amount": 4.5, "fuel": 31.5, "reason": "burn"} in events
    assert unit(out, "R")["fuel"] == 31.5
    low = position(fighter("R", "red", [20, 10], PLAIN, fuel=1), fighter("B", "blue", [30, 10], PLAIN), modules=M5)
    resolve(low, {"R": [{"card": "B1A"}]})
    with pytest.raises(RuleError) as info:
        resolve(low, {"R": [{"card": "B2A"}]})
    assert info.value.rule == "TOB-M5-FUEL-04" and info.value.unit == "R"
    hpos["fighters"][0]["fuel"] = 4
    with pytest.raises(RuleError) as info:
        resolve(hpos, {"R": [{"card": "B3A"}]})
    assert info.value.rule == "TOB-M5-FUEL-05"


@pytest.mark.rule("TOB-M5-FUEL-02")
def test_a_structure_card_lost_takes_18_fuel():
    three = ["CM", "STR", "STR", "STR", "THR", "LT"]

    def blast(seed):
        pos = position(fighter("R", "red", [5, 30], PLAIN), fighter("B", "blue", [21, 10], three, fuel=40),
                       projectiles=(projectile("m", "red", "mine", [20, 10]),), modules=(1, 2, 4, 5))
        return resolve(pos, {"m": [{"detonate": True}]}, seed=seed, dice=(1, 1))

    out, events = first_seed(blast, lambda ev: "STR" in of_type(ev, "pulled")[0]["cards"])
    lost = of_type(events, "pulled")[0]["cards"].count("STR")
    spent = [e for e in of_type(events, "fuel_spent") if e["reason"] == "structure"][0]
    assert spent["amount"] == 18 * lost and spent["fuel"] == max(0, 40 - 18 * lost)


@pytest.mark.rule("TOB-M5-OPT-01")
def test_each_module_5_system_is_a_switch():
    pos = position(fighter("R", "red", [20, 10], PLAIN), fighter("B", "blue", [30, 10], PLAIN), modules=M5,
                   options={"fuel": False})
    out, events = resolve(pos, {"R": [{"card": "B2S"}]})
    assert not of_type(events, "fuel_spent") and "fuel" not in unit(out, "R")


@pytest.mark.rule("TOB-M5-HOCKEY-03")
@pytest.mark.rule("TOB-M5-HOCKEY-04")
def test_space_hockey_goals_and_resets():
    def hockey(puck_hex, puck_mom):
        return position(fighter("R1", "red", [0, 20], BEAM), fighter("B1", "blue", [39, 0], BEAM, facing="F"),
                        projectiles=(projectile("PUCK", None, "puck", puck_hex, puck_mom),), modules=M5,
                        scenario="hockey", hockey={"edges": {"red": "left", "blue": "right"},
                                                   "puck_start": [20, 10]})
    out, events = resolve(hockey([38, 0], [40, -1]))
    assert {"type": "goal", "side": "red", "edge": "right"} in events
    assert {"type": "game_over", "winner": "red"} in events
    out, events = resolve(hockey([20, -9], [20, -11]))
    assert {"type": "puck_reset", "edge": "top"} in events and not of_type(events, "game_over")
    assert unit(out, "PUCK")["hex"] == [20, 10] and unit(out, "PUCK")["momentum"] == [20, 10]
    out, events = resolve(hockey([20, -8], [20, -9]))  # only its marker is off the map: still in play
    assert unit(out, "PUCK")["hex"] == [20, -9] and not of_type(events, "puck_reset")
    with pytest.raises(RuleError) as info:
        resolve(hockey([20, 10], [20, 10]), {"R1": [{"card": "LT", "target": "PUCK"}]})
    assert info.value.rule == "TOB-M5-HOCKEY-04"


@pytest.mark.rule("TOB-M5-HOCKEY-03")
def test_a_goal_before_a_fire_decision_still_wins():
    """Live play stops at the fire decision after Move Projectiles: the goal scored before it
    is kept (also through a saved state) and ends the game when the turn does."""
    rules = get_ruleset("turn-or-burn")
    st = rules.new_game("hockey", seed=1)
    st, _ = rules.advance(st, {seat: rules.legal(st, seat).first() for seat in rules.pending(st)})
    (puck,) = st.projectiles
    st = replace(st, projectiles=(replace(puck, hex=(29, -8), momentum=(30, -8)),),  # leaves by blue's edge
                 fighters=tuple(replace(f, hex=(4, 8), momentum=(4, 8)) if f.id == "B1" else f for f in st.fighters))

    def plot(seat, wanted):
        return next(o for o in rules.legal(st, seat) if o.to_json() == wanted)

    mid, events = rules.advance(st, {"red": plot("red", {"R1": [{"card": "LT"}], "R2": []}),
                                     "blue": plot("blue", {"B1": [], "B2": []})})
    assert {"type": "goal", "side": "red", "edge": "right"} in events
    assert rules.asked(mid).kind == "fire" and rules.outcome(mid) is None
    for stopped in (mid, rules.from_json(rules.to_json(mid))):
        over, events = rules.advance(stopped, {"red": rules.legal(stopped, "red").first()})
        assert rules.outcome(over) == Outcome("goal", ("red",))
        assert {"type": "game_over", "winner": "red"} in events


@pytest.mark.rule("TOB-M5-HOCKEY-01")
@pytest.mark.rule("TOB-M5-HOCKEY-02")
@pytest.mark.rule("TOB-AMB-41")
def test_space_hockey_scenario_setup():
    st = get_ruleset("turn-or-burn").new_game("hockey", seed=0)
    assert st.config.hockey.edge("red") == "left" and st.config.hockey.edge("blue") == "right"
    (puck,) = st.projectiles
    assert puck.kind == "puck" and puck.hex == puck.momentum == st.config.hockey.puck_start
    assert all(len(f.cards) <= 6 for f in st.fighters)
    from hexfleet.hexgrid import to_offset
    assert {to_offset(f.hex)[0] for f in st.fighters if f.side == "red"} == {0}
    assert {to_offset(f.hex)[0] for f in st.fighters if f.side == "blue"} == {st.config.map.cols - 1}


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_an_eliminated_hockey_fighter_returns_along_its_own_edge():
    pos = position(fighter("R1", "red", [20, 10], PLAIN), fighter("B1", "blue", [21, 10], BEAM, facing="F"),
                   projectiles=(projectile("PUCK", None, "puck", [25, 5]),), modules=M5, scenario="hockey",
                   hockey={"edges": {"red": "left", "blue": "right"}, "puck_start": [25, 5]})
    out, events = resolve(pos, {"R1": [{"card": "THR"}]})  # R1 rams B1: both destroyed in turn 1
    assert {"type": "replacement", "side": "red", "id": "R1", "enters_on_turn": 3} in events
    reps = {r["id"]: r for r in out["replacements"]}
    assert reps["R1"]["hex"] == [0, 0] and reps["B1"]["hex"] == [39, -19]  # the first hex of each own edge
    assert out["turn"] == 2 and out["fighters"] == [] and not of_type(events, "game_over")  # turn 2: skipped
    back, events = resolve(out)
    assert back["turn"] == 3 and not of_type(events, "game_over")  # turn 3 starts with them back, at rest
    assert unit(back, "R1")["hex"] == unit(back, "R1")["momentum"] == [0, 0]
    assert unit(back, "B1")["hex"] == [39, -19]
    assert unit(back, "R1")["cards"] == PLAIN and unit(back, "R1")["destroyed"] == []


def returning_position():
    """Turn 3 of Space Hockey with red's R1 re-entering now (eliminated in turn 1)."""
    return position(fighter("B1", "blue", [35, 0], PLAIN, facing="F"),
                    projectiles=(projectile("PUCK", None, "puck", [25, 5]),), modules=M5, scenario="hockey",
                    hockey={"edges": {"red": "left", "blue": "right"}, "puck_start": [25, 5]}, turn=3,
                    replacements=[{"side": "red", "enters_on_turn": 3, "id": "R1", "cards": PLAIN}])


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_a_returning_hockey_fighter_is_placed_by_its_place_order():
    """Any hex along its own team's edge, any facing, speed 0-6, chosen by its owner: the
    ``place`` entry of ``hexfleet resolve``, before the plot in the same list."""
    from hexfleet.games.turn_or_burn.reentry import edge_hexes
    from hexfleet.hexgrid import RectMap

    left = edge_hexes(RectMap(40, 40), "left")  # the helpers' map
    h = list(left[12])
    mom = [h[0] + 4, h[1]]
    out, events = resolve(returning_position(), {"R1": [{"place": {"hex": h, "facing": "B", "momentum": mom}},
                                                         {"card": "TNC"}]})
    r1 = unit(out, "R1")
    assert r1 is not None and r1["hex"] == [h[0] + 4, h[1]] and r1["facing"] == "B"  # it moved off its marker
    assert out["replacements"] == [] and {"type": "revealed", "id": "R1", "cards": ["TNC"], "phase": 5} in events
    entered = {"type": "entered", "id": "R1", "side": "red", "hex": h, "facing": "B", "momentum": mom,
               "shields": False, "external": [], "heavy_guns": 0}
    assert entered in events and events.index(entered) < events.index(of_type(events, "phase")[0])  # before the plot
    # without a place entry: the first hex of its own edge, at rest (the default)
    out, _ = resolve(returning_position())
    assert unit(out, "R1")["hex"] == list(left[0])


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_a_place_order_given_in_the_turn_before_it_returns_places_it():
    """In a chain of ``hexfleet resolve`` calls a fighter enters as the turn before its return
    ends, so its ``place`` entry may be given in that turn's orders."""
    from hexfleet.games.turn_or_burn.reentry import edge_hexes
    from hexfleet.hexgrid import RectMap

    pos = position(fighter("R1", "red", [20, 10], PLAIN), fighter("B1", "blue", [21, 10], BEAM, facing="F"),
                   projectiles=(projectile("PUCK", None, "puck", [25, 5]),), modules=M5, scenario="hockey",
                   hockey={"edges": {"red": "left", "blue": "right"}, "puck_start": [25, 5]})
    out, _ = resolve(pos, {"R1": [{"card": "THR"}]})  # both destroyed in turn 1: back on turn 3
    h = list(edge_hexes(RectMap(40, 40), "left")[20])
    back, events = resolve(out, {"R1": [{"place": {"hex": h, "facing": "D", "momentum": [h[0] + 2, h[1]]}}]})
    assert back["turn"] == 3 and {"type": "entered", "id": "R1", "side": "red", "hex": h, "facing": "D",
                                  "momentum": [h[0] + 2, h[1]], "shields": False, "external": [],
                                  "heavy_guns": 0} in events
    r1 = unit(back, "R1")
    assert r1 is not None and r1["hex"] == h and r1["facing"] == "D"
    assert unit(back, "B1")["hex"] == [39, -19]  # no place entry: the default
    with pytest.raises(RuleError) as info:
        resolve(pos, {"R1": [{"place": {"hex": h}}]})  # turn 1: nobody returns this turn or at its end
    assert (info.value.rule, info.value.unit, info.value.field) == ("TOB-M5-HOCKEY-06", "R1", "order.R1[0].place")


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_a_place_order_off_its_own_edge_or_too_fast_is_refused():
    from hexfleet.games.turn_or_burn.reentry import edge_hexes
    from hexfleet.hexgrid import RectMap

    board = RectMap(40, 40)
    right, left = edge_hexes(board, "right")[3], edge_hexes(board, "left")[3]
    cases = [({"R1": [{"place": {"hex": list(right)}}]}, "order.R1[0].place.hex", "R1"),
             ({"R1": [{"place": {"hex": list(left), "momentum": [left[0] + 7, left[1]]}}]},
              "order.R1[0].place.momentum", "R1"),
             ({"B1": [{"place": {"hex": [39, 0]}}]}, "order.B1[0].place", "B1")]
    for orders, field, who in cases:
        with pytest.raises(RuleError) as info:
            resolve(returning_position(), orders)
        assert (info.value.rule, info.value.field, info.value.unit) == ("TOB-M5-HOCKEY-06", field, who), orders


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_in_play_the_owner_picks_the_hex_along_its_own_edge():
    from hexfleet.engine.ruleset import step
    from hexfleet.games.turn_or_burn.position import parse_position
    from hexfleet.games.turn_or_burn.reentry import edge_hexes

    rs = get_ruleset("turn-or-burn")
    st = parse_position(returning_position(), phase_decisions=True)
    ask = rs.asked(st)
    assert ask is not None and ask.kind == "reentry" and ask.seats == ("red",)
    left = edge_hexes(st.config.map, "left")
    assert rs.pending(st)["red"].to_json()["options"]["R1"]["hexes"] == [list(h) for h in left]
    with pytest.raises(RuleError) as info:
        step(rs, st, {"red": {"R1": {"hex": [39, 0]}}})
    assert info.value.rule == "TOB-M5-HOCKEY-06" and info.value.field == "order.R1.hex"
    nxt, events = step(rs, st, {"red": {"R1": {"hex": list(left[7]), "facing": "E"}}})
    r1 = nxt.fighter("R1")
    assert r1 is not None and r1.hex == left[7] and r1.facing == 4 and nxt.phase == "plot"


@pytest.mark.rule("TOB-EX-20")
@pytest.mark.rule("TOB-M5-FB-08")
def test_force_beam_move_tob_ex_20():
    # n = 2 along d = F, pulling together: the shooter's marker + 2F, the target's + 2C
    def beam(seed):
        pos = position(fighter("S", "red", [20, 10], BEAM, facing="F", momentum=[20, 9]),
                       fighter("T", "blue", [17, 9], PLAIN), modules=M5)
        return resolve(pos, {"S": [{"card": "FB", "target": "T", "mode": "pull", "hexes": 2}]}, seed=seed)

    _, events = first_seed(beam, lambda ev: of_type(ev, "force_beam")[0]["allowed"] >= 2)
    fb = of_type(events, "force_beam")[0]
    # after moving the shooter stands at (20, 9) with its marker at (20, 8); the target at (17, 9)
    assert fb["direction"] == "F" and fb["hexes"] == 2
    assert fb["shooter_momentum"] == [18, 8] and fb["target_momentum"] == [19, 9]


@pytest.mark.rule("TOB-M5-HOCKEY-04")
def test_the_legal_plots_offer_the_force_beam_at_the_puck():
    from hexfleet.games.turn_or_burn.interchange import parse

    rs = get_ruleset("turn-or-burn")
    pos = position(fighter("R1", "red", [20, 10], BEAM), fighter("B1", "blue", [35, 0], BEAM, facing="F"),
                   projectiles=(projectile("PUCK", None, "puck", [22, 10]),), modules=M5, scenario="hockey",
                   hockey={"edges": {"red": "left", "blue": "right"}, "puck_start": [22, 10]})
    st = parse(pos)
    orders = rs.legal_orders(st, "red")
    assert {"R1": [{"card": "FB", "target": "PUCK", "mode": "pull"}]} in orders
    assert {"R1": [{"card": "FB", "target": "PUCK", "mode": "push"}]} in orders
    assert not any(a.get("target") == "PUCK" for o in orders for a in o["R1"] if a["card"] != "FB")
    assert [o.to_json() for o in rs.legal(st, "red")] == orders
    # blue's fighter is too far from the puck: no puck plot
    assert not any(a.get("target") == "PUCK" for o in rs.legal_orders(st, "blue") for a in o["B1"])
