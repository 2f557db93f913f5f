"""Advanced rules: fighters and powering them, missiles' retargeting and limits, docking,
Black Hole fire effects, scenario setup (digest §12, §13, §16, §18, §26)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.rng import Rng
from hexfleet.games import get_ruleset
from hexfleet.games.talon.damage import hit
from hexfleet.games.talon.position import parse_position
from hexfleet.games.talon.setup import check_setup
from hexfleet.games.talon.world import TalState

from .helpers import of, position, resolve, rule_of, ship, t, unit, world

TERRAN = {"player": "terran", "initiative": "terran"}


def squadron(uid: str, hex_: tuple[int, int], facing: int = 0, **more):
    return {"id": uid, "class": "terran-ftr", "side": "terran", "hex": list(hex_), "facing": facing, **more}


def _carrier(**top):
    cv = ship("cv", "terran-cv", "terran", (0, 0), 0)  # 5-2-2: AP in A, B, C, D, F
    foe = ship("x", "talon-ca", "talon", (0, 9), 0)
    return position(cv, foe, squadrons=[squadron("sq", (3, 0), 0, tr_count=1,
                                                 fighters=[{"yellow": 0}, {}, {}])], impulse="A", **TERRAN, **top)


@pytest.mark.rule("TAL-12.2.2")
@pytest.mark.rule("TAL-12.2.2.a")
@pytest.mark.rule("TAL-12.2.2.b")
@pytest.mark.rule("TAL-12.2.2.c")
@pytest.mark.rule("TAL-6.1.h")
@pytest.mark.rule("TAL-12.1.2.f")
def test_a_carrier_transmits_power_to_a_squadron():
    base = {"do": "ap", "ship": "cv", "use": "transmit", "squadron": "sq"}
    nxt, ev = resolve(_carrier(), [t({**base, "effect": "charge", "fighter": 1}, "terran")])
    assert unit(nxt, "sq")["fighters"][0]["yellow"] == 1 and unit(nxt, "sq")["powered"] is True
    assert of(ev, "ap")[0] == {"type": "ap", "ship": "cv", "use": "transmit", "battery": False, "squadron": "sq",
                               "effect": "charge", "fighter": 1}
    nxt, _ = resolve(_carrier(), [t({**base, "effect": "power_turn"}, "terran")])
    assert unit(nxt, "sq")["tr_count"] is None
    nxt, _ = resolve(_carrier(), [t({**base, "effect": "side_slip"}, "terran")])
    assert unit(nxt, "sq")["side_slip"] is True
    ca = position(ship("g", "terran-ca", "terran", (0, 0), 0, curve=[4, 2, 1]), ship("x", "talon-ca", "talon", (0, 9)),
                  squadrons=[squadron("sq", (3, 0))], impulse="A", **TERRAN)
    assert rule_of(ca, [t({"do": "ap", "ship": "g", "use": "transmit", "squadron": "sq", "effect": "side_slip"},
                          "terran")]) == "TAL-6.1.h"


@pytest.mark.rule("TAL-12.2.3")
@pytest.mark.rule("TAL-12.2.3.a")
@pytest.mark.rule("TAL-12.2.3.b")
@pytest.mark.rule("TAL-17.5.e")
@pytest.mark.rule("TAL-AMB-22")
def test_transmission_limits():
    order = [t({"do": "ap", "ship": "cv", "use": "transmit", "squadron": "sq", "effect": "side_slip"}, "terran")]
    powered = _carrier()
    powered["squadrons"][0]["powered"] = True
    assert rule_of(powered, order) == "TAL-12.2.3.a"
    far = _carrier()
    far["squadrons"][0]["hex"] = [7, 0]
    assert rule_of(far, order) == "TAL-12.2.3.b"
    assert rule_of(_carrier(terrain=[{"kind": "nebula", "hex": [3, 0]}]), order) == "TAL-12.2.3.b"
    assert rule_of(_carrier(terrain=[{"kind": "asteroid", "hex": [0, 0]}]), order) == "TAL-12.2.3.b"
    assert rule_of(_carrier(terrain=[{"kind": "asteroid", "hex": [2, 0]}]), order) == "TAL-17.5.e"
    nxt, _ = resolve(_carrier(terrain=[{"kind": "asteroid", "hex": [0, 0]}],
                              options={"transmit_blocked_in_own_hex": False}), order)
    assert unit(nxt, "sq")["side_slip"] is True


@pytest.mark.rule("TAL-12.1.2.a")
@pytest.mark.rule("TAL-12.1.2")
def test_fighters_fly_at_speed_five_or_six():
    pos = position(ship("cv", "terran-cv", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (0, 9)),
                   squadrons=[squadron("sq", (3, 0))], phase="power", impulse=None, step=None, **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "speed", "ship": "sq", "speed": 6}, "terran")])
    assert unit(nxt, "sq")["curve"] == [0, 6, 1]
    assert rule_of(pos, [t({"do": "speed", "ship": "sq", "speed": 4}, "terran")]) == "TAL-9.3.a"


@pytest.mark.rule("TAL-12.1.2.d")
@pytest.mark.rule("TAL-AMB-20")
@pytest.mark.rule("TAL-14.c")
def test_fighter_collisions_hit_one_fighter_and_never_at_a_base():
    pos = position(ship("g", "terran-ca", "terran", (1, 0), 3), ship("x", "talon-ca", "talon", (0, 9)),
                   squadrons=[squadron("sq", (0, 0), 0), squadron("sq2", (5, 5))], impulse="A", **TERRAN)
    pos["ships"].append(ship("cv", "terran-cv", "terran", (7, 5), 0))
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "sq", "how": "straight",
                               "choices": {"fighter": {"sq": 3}}}, "terran")])
    assert [f["hull_marked"] for f in unit(nxt, "sq")["fighters"]] == [0, 0, 2]
    assert unit(nxt, "g")["shields"]["F"] == 3
    base = position(ship("b", "terran-base", "terran", (1, 0), 3), ship("x", "talon-ca", "talon", (0, 9)),
                    squadrons=[squadron("sq", (0, 0), 0)], impulse="A", **TERRAN)
    nxt, ev = resolve(base, [t({"do": "move", "unit": "sq", "how": "straight"}, "terran")])
    assert of(ev, "collision") == []


@pytest.mark.rule("TAL-12.1.2.g")
@pytest.mark.rule("TAL-8.6.4")
@pytest.mark.rule("TAL-8.6.5")
@pytest.mark.rule("TAL-13.6.b")
@pytest.mark.rule("TAL-13.6.a")
def test_explosions_hit_one_fighter_and_one_missile_and_fighters_never_explode():
    dying = ship("d", "talon-ff", "talon", (0, 0), 0, hull_marked=2)
    missiles = [{"id": f"M{n}", "side": "terran", "hex": [1, 0], "facing": 0, "target": None} for n in (5, 2)]
    pos = position(dying, ship("cv", "terran-cv", "terran", (5, 5), 0), squadrons=[squadron("sq", (0, 1))],
                   missiles=missiles)
    w = world(pos, dice=(1, 1, 1, 6))
    hit(w, w.pos["ships"][0], None, 1, "fire")
    assert [f["hull_marked"] for f in unit(w.pos, "sq")["fighters"]] == [1, 0, 0]
    assert unit(w.pos, "M2")["damaged"] is True and unit(w.pos, "M5")["damaged"] is False  # the lowest number
    w = world(position(ship("cv", "terran-cv", "terran", (5, 5), 0), ship("g", "terran-ca", "terran", (1, 1), 0),
                       squadrons=[squadron("sq", (1, 0), fighters=[{"hull_marked": 2}, {"hull_marked": 2},
                                                                   {"hull_marked": 1}])]))
    hit(w, unit(w.pos, "sq"), None, 2, "fire", fighter=3)
    assert of(w.events, "exploded") == [] and w.pos["removed"][0]["id"] == "sq"


@pytest.mark.rule("TAL-13.6.c")
def test_a_damaged_missile_still_does_two():
    g = ship("g", "terran-ca", "terran", (1, 0), 3)
    m = {"id": "M1", "side": "talon", "hex": [0, 0], "facing": 0, "target": "g", "damaged": True}
    pos = position(ship("x", "talon-ca", "talon", (0, 9)), g, missiles=[m], impulse="C")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "M1", "how": "straight"})])
    assert of(ev, "damaged")[0]["amount"] == 2 and unit(nxt, "g")["shields"]["F"] == 4


@pytest.mark.rule("TAL-13.7")
@pytest.mark.rule("TAL-EX-S17")
@pytest.mark.rule("TAL-13.7.a")
@pytest.mark.rule("TAL-6.1.i")
def test_retargeting_a_missile():
    dd = ship("dd", "talon-dd", "talon", (0, 0), 0, curve=[2, 2, 0])  # AP in C
    g = ship("g", "terran-ca", "terran", (3, 0), 3)
    h = ship("h", "terran-ca", "terran", (2, 1), 3)
    m = {"id": "M7", "side": "talon", "hex": [2, 1], "facing": 0, "target": "g"}
    pos = position(dd, g, h, missiles=[m], impulse="C")
    nxt, ev = resolve(pos, [t({"do": "ap", "ship": "dd", "use": "retarget", "missile": "M7", "target": "h"})],
                      dice=(6, 1, 1, 1))
    assert of(ev, "detonated") == [{"type": "detonated", "missile": "M7", "target": "h", "arc": "F"}]
    assert unit(nxt, "h")["shields"]["F"] == 4 and nxt["missiles"] == []
    pos["missiles"][0]["hex"] = [1, -3]
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "dd", "use": "retarget", "missile": "M7", "target": "h"})])
    assert unit(nxt, "M7")["target"] == "h"
    behind = position(dd, {**g, "hex": [-3, 0]}, missiles=[m], impulse="C")
    assert rule_of(behind, [t({"do": "ap", "ship": "dd", "use": "retarget", "missile": "M7", "target": "g"})]) == \
        "TAL-13.7"
    ca = position(ship("c", "talon-ca", "talon", (0, 0), 0, curve=[2, 4, 2]), g, missiles=[m], impulse="C")
    assert rule_of(ca, [t({"do": "ap", "ship": "c", "use": "retarget", "missile": "M7", "target": "g"})]) == \
        "TAL-6.1.i"


@pytest.mark.rule("TAL-13.4.e")
@pytest.mark.rule("TAL-13.4.c")
def test_missiles_leave_the_map_and_never_slip():
    g = ship("g", "terran-ca", "terran", (7, 0), 3)
    m = {"id": "M1", "side": "talon", "hex": [7, -6], "facing": 1, "target": None}
    pos = position(ship("x", "talon-ca", "talon", (0, 0), 0), g, missiles=[m], impulse="C",
                   map={"mode": "board", "origin": [-5, -6], "extension": False})
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "M1", "how": "straight"})])
    assert nxt["missiles"] == [] and of(ev, "destroyed") == [{"type": "destroyed", "unit": "M1", "cause": "off_map"}]
    assert rule_of({**pos, "missiles": [{**m, "target": "g"}]}, [t({"do": "move", "unit": "M1",
                                                                    "how": "slip_left"})]) == "TAL-13.4.c"


@pytest.mark.rule("TAL-16.2")
@pytest.mark.rule("TAL-16.2.a")
@pytest.mark.rule("TAL-16.2.c")
@pytest.mark.rule("TAL-16.3")
@pytest.mark.rule("TAL-AMB-31")
def test_fighters_dock_with_their_carrier_and_leave_with_it():
    cv = ship("cv", "terran-cv", "terran", (1, 0), 0, curve=[6, 1, 2])
    pos = position(cv, ship("x", "talon-ca", "talon", (0, 9)), squadrons=[squadron("sq", (0, 0), 0)], impulse="A",
                   **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "sq", "how": "straight", "dock": "cv"}, "terran")])
    assert of(ev, "docked") == [{"type": "docked", "unit": "sq", "host": "cv"}] and of(ev, "collision") == []
    assert nxt["removed"] == [{"id": "sq", "class": "terran-ftr", "side": "terran", "status": "docked", "host": "cv"}]
    wrong = position(cv, ship("x", "talon-ca", "talon", (0, 9)), squadrons=[squadron("sq", (0, 1), 0)], impulse="A",
                     **TERRAN)
    assert rule_of(wrong, [t({"do": "move", "unit": "sq", "how": "straight", "dock": "cv"}, "terran")]) == "TAL-16.2"
    w = world(nxt)
    hit(w, unit(w.pos, "cv"), None, 6, "fire")
    assert {"type": "destroyed", "unit": "sq", "cause": "carrier"} in of(w.events, "destroyed")


@pytest.mark.rule("TAL-16.1")
@pytest.mark.rule("TAL-16.2.b")
@pytest.mark.rule("TAL-14.d")
def test_transports_dock_at_a_base_by_scenario_rule_at_speed_one():
    base = ship("b", "terran-base", "terran", (1, 0), 0)
    tran = ship("tr", "terran-tran", "terran", (0, 0), 0, curve=[2, 1, 1])
    pos = position(base, tran, ship("x", "talon-ca", "talon", (0, 9)), impulse="F", **TERRAN)
    order = [t({"do": "move", "unit": "tr", "how": "straight", "dock": "b"}, "terran")]
    assert rule_of(pos, order) == "TAL-16.1"
    allowed = {**pos, "scenario": {"docking": ["tr"]}}
    nxt, _ = resolve(allowed, order)
    assert nxt["removed"][0]["status"] == "docked"
    slow = {**allowed, "ships": [base, {**tran, "curve": [1, 2, 2]}, pos["ships"][2]]}
    assert rule_of(slow, order) == "TAL-16.2.b"


@pytest.mark.rule("TAL-18.1.c")
@pytest.mark.rule("TAL-AMB-25")
@pytest.mark.rule("TAL-18.1.b")
@pytest.mark.rule("TAL-18.1")
def test_black_hole_penalty_and_blocking():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (3, 0), 3)
    pos = position(g, x, terrain=[{"kind": "black_hole", "hex": [4, -2]}], impulse="C", step="fire", **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]}, "terran")],
                      dice=(4,))
    assert of(ev, "fired")[0]["modifier"] == -1
    blocked = position(g, x, terrain=[{"kind": "black_hole", "hex": [2, 0]}], impulse="C", step="fire", **TERRAN)
    assert rule_of(blocked, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]}, "terran")]) == \
        "TAL-17.2.2"


@pytest.mark.rule("TAL-SCN-1")
@pytest.mark.rule("TAL-18.1.d")
@pytest.mark.rule("TAL-12.1.1")
@pytest.mark.rule("TAL-7.4.c")
def test_setup_checks():
    def refused(pos) -> str:
        with pytest.raises(RuleError) as err:
            check_setup(parse_position(pos))
        return err.value.rule
    a = ship("a", "terran-ca", "terran", (0, 0), 0)
    assert refused(position(a, ship("b", "terran-ca", "terran", (0, 0), 0))) == "TAL-7.4.c"
    assert refused(position(a, terrain=[{"kind": "black_hole", "hex": [2, 0]}])) == "TAL-18.1.d"
    assert refused(position(a, squadrons=[squadron("sq", (3, 0))])) == "TAL-12.1.1"
    check_setup(parse_position(position(a, ship("t", "talon-ca", "talon", (0, 0), 0))))


@pytest.mark.rule("TAL-SCN-2")
@pytest.mark.rule("TAL-SCN-3")
@pytest.mark.rule("TAL-14.f")
@pytest.mark.rule("TAL-AMB-11")
def test_every_scenario_starts_at_impulse_a_with_full_bars():
    ruleset = get_ruleset("talon")
    assert set(ruleset.scenarios()) == {"duel", "fleet", "base-assault", "carrier", "black-hole"}
    for name in ruleset.scenarios():
        state = ruleset.new_game(name, seed=1)
        pos = state.pos
        assert (pos["round"], pos["impulse"], pos["step"]) == (1, "A", "ap")
        assert all(not g["destroyed"] for s in pos["ships"] for g in s["groups"])
    duel = ruleset.new_game("duel", seed=1).pos
    assert sorted(s["class"] for s in duel["ships"]) == ["talon-ca"] * 3 + ["terran-ca"] * 3
    assert ruleset.new_game("base-assault", seed=1).pos["ships"][0]["class"] == "talon-base"


@pytest.mark.rule("TAL-SCN-4")
def test_the_side_left_in_play_wins_by_points():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ff", "talon", (2, 0), 3, hull_marked=2)
    pos = position(g, x, impulse="C", step="fire", **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]}, "terran")],
                      dice=(6,))
    assert nxt["outcome"] == {"reason": "one_side_left", "winners": ["terran"], "score": {"terran": 44, "talon": 0}}
    assert of(ev, "game_over")[0]["winners"] == ["terran"]
    assert get_ruleset("talon").scores(TalState(parse_position(nxt), Rng(0))) == {"terran": 44.0, "talon": 0.0}  # studies read it


@pytest.mark.rule("TAL-AMB-19")
@pytest.mark.rule("TAL-13.5")
def test_the_missile_owner_picks_the_fighter_it_hits():
    sq = squadron("sq", (1, 0), 3)
    m = {"id": "M1", "side": "talon", "hex": [0, 0], "facing": 0, "target": "sq"}
    pos = position(ship("x", "talon-ca", "talon", (0, 9)), ship("cv", "terran-cv", "terran", (5, 5)),
                   squadrons=[sq], missiles=[m], impulse="C")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "M1", "how": "straight", "choices": {"fighter": {"sq": 2}}})])
    assert of(ev, "detonated") == [{"type": "detonated", "missile": "M1", "target": "sq", "arc": None, "fighter": 2}]
    assert [f["hull_marked"] for f in unit(nxt, "sq")["fighters"]] == [0, 2, 0]


@pytest.mark.rule("TAL-8.6.3")
@pytest.mark.rule("TAL-15.2.2.c")
def test_the_owner_orders_his_own_units_taking_area_damage():
    evis = ship("evis", "talon-bb", "talon", (0, 0), 0)
    a = ship("a", "terran-ca", "terran", (2, 0), 3)
    b = ship("b", "terran-ca", "terran", (3, 0), 3)
    pos = position(evis, a, b, impulse="C", step="fire")
    _, ev = resolve(pos, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "a"}],
                             "choices": {"order": ["b", "a"]}})], dice=(4,))
    assert [e["target"] for e in of(ev, "fired")] == ["b", "a"]


@pytest.mark.rule("TAL-12.2.1")
def test_four_squadrons_per_host_and_passive_charging_without_one():
    cv = ship("cv", "terran-cv", "terran", (0, 0), 0)
    five = [squadron(f"s{i}", (i + 1, 3)) for i in range(5)]
    with pytest.raises(RuleError) as err:
        check_setup(parse_position(position(cv, squadrons=five)))
    assert err.value.rule == "TAL-12.2.1"
    alone = position(ship("x", "talon-ca", "talon", (0, 9)), squadrons=[squadron("sq", (3, 0),
                                                                                fighters=[{"yellow": 0}, {}, {}])],
                     impulse="F", step="fire", **TERRAN)
    nxt, ev = resolve(alone, [t({"do": "end_turn"}, "terran"), t({"do": "move", "unit": "x", "how": "straight"}),
                              t({"do": "end_turn"})])
    assert nxt["phase"] == "power" and unit(nxt, "sq")["fighters"][0]["yellow"] == 1
    assert of(ev, "charged") == [{"type": "charged", "ship": "sq", "group": 1, "red": 0, "yellow": 1, "fighter": 1}]


@pytest.mark.rule("TAL-13.6.d")
@pytest.mark.rule("TAL-11.1.1")
@pytest.mark.rule("TAL-AMB-30")
def test_missiles_and_retreated_ships_score_nothing():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, curve=[5, 1, 1])
    x = ship("x", "talon-ca", "talon", (4, 0), 3)
    m = {"id": "M1", "side": "talon", "hex": [1, 0], "facing": 3, "target": "g"}
    pos = position(g, x, missiles=[m], phase="retreat", impulse=None, step=None, round=6, **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "retreat", "ship": "g"}, "terran")])
    assert nxt["outcome"] == {"reason": "one_side_left", "winners": [], "score": {"terran": 0, "talon": 0}}


@pytest.mark.rule("TAL-AMB-19")
def test_each_fighter_fires_its_own_phaser():
    sq = squadron("sq", (0, 0), 0, fighters=[{"red": 0}, {}, {"hull_marked": 2}])
    x = ship("x", "talon-ca", "talon", (2, 0), 3)
    pos = position(ship("cv", "terran-cv", "terran", (-5, 0), 0), x, squadrons=[sq], impulse="C", step="fire",
                   **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "sq", "group": 2, "shots": [{"target": "x"}]}, "terran")],
                      dice=(4,))
    assert of(ev, "fired")[0] == {"type": "fired", "ship": "sq", "group": 2, "weapon": "phaser", "target": "x",
                                  "range": 2, "roll": 4, "modifier": 0, "modified_roll": 4, "hit": True, "damage": 2,
                                  "arc": "F"}
    assert unit(nxt, "sq")["fighters"][1] == {"hull_marked": 0, "red": 0, "yellow": 0}
    assert rule_of(pos, [t({"do": "fire", "ship": "sq", "group": 1, "shots": [{"target": "x"}]}, "terran")]) == \
        "TAL-8.1.1"
    assert rule_of(pos, [t({"do": "fire", "ship": "sq", "group": 3, "shots": [{"target": "x"}]}, "terran")]) == \
        "TAL-12.1.3"


@pytest.mark.rule("TAL-16.2.d")
def test_a_docked_squadron_stays_aboard():
    pos = position(ship("cv", "terran-cv", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (0, 9)),
                   removed=[{"id": "sq", "class": "terran-ftr", "side": "terran", "status": "docked", "host": "cv"}],
                   impulse="A", **TERRAN)
    assert rule_of(pos, [t({"do": "move", "unit": "sq", "how": "straight"}, "terran")]) == "TAL-16.2.d"
