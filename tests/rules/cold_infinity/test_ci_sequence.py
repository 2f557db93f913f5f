"""The turn sequence end to end (CI-2, C.1/C.2) and the unit categories (CI-1.3, CI-1.5, CI-1.6):
phases in order, fire phases by unit type, the book's example SDS as data, house thrust costs."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.cold_infinity import ew, fire
from hexfleet.games.cold_infinity.model import small, stationary, thrust_costs
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.scenarios import ships
from hexfleet.games.cold_infinity.turn import start_of_turn

from .helpers import design, of_type, pos, position, resolve, unit


@pytest.mark.rule("CI-2")
@pytest.mark.rule("CI-2.0.b")
@pytest.mark.rule("CI-2.1")
@pytest.mark.rule("CI-2.1.3")
@pytest.mark.rule("CI-2.2")
@pytest.mark.rule("CI-2.3")
@pytest.mark.rule("CI-2.3.1")
@pytest.mark.rule("CI-2.4")
@pytest.mark.rule("CI-2.5")
@pytest.mark.rule("CI-5.4")
@pytest.mark.rule("CI-7")
@pytest.mark.rule("CI-7.2")
@pytest.mark.rule("CI-7.2.a")
@pytest.mark.rule("CI-7.2.1")
def test_a_whole_turn_in_order() -> None:
    p = position([unit("R1", "red", "reaper", (0, 3), 1, vector="1+1"),
                  unit("B1", "blue", "reaper", (0, -3), 4, vector="4+1")])
    steps = [{"@phase": "power"},
             {"@phase": "ew", "red": {"R1": {"shroud": 1, "amplify": 3}}, "blue": {"B1": {"shroud": 1, "ecm": 3}}},
             {"@phase": "move"}, {"@phase": "move"},
             {"@phase": "fire", "red": {"R1": {"attacks": [{"weapon": "railgun_1", "target": "B1"}]}}}]
    nxt, events = resolve(p, steps, seed=4)
    phases = [e["phase"] for e in of_type(events, "phase")]
    assert phases == ["ew", "move", "fire", "power"]
    kinds = [e["type"] for e in events]
    assert kinds.index("initiative") < kinds.index("moved") < kinds.index("ew") < kinds.index("attack")
    attack = of_type(events, "attack")[0]
    assert attack["parts"]["amplify"] == 3 and attack["parts"]["ecm"] == -3 and attack["lock_on"]
    assert nxt["turn"] == 2 and nxt["phase"] == "power"
    assert nxt["units"][0]["ew"]["shroud"] == 0  # EW is assigned anew every turn (CI-4.1.c)
    assert nxt["units"][0]["signature"] == 8


@pytest.mark.rule("CI-2.3.a")
@pytest.mark.rule("CI-2.3.3")
@pytest.mark.rule("CI-2.3.4")
@pytest.mark.rule("CI-2.3.5")
@pytest.mark.rule("CI-7.3")
@pytest.mark.rule("CI-7.3.b")
@pytest.mark.rule("CI-7.3.1.a")
@pytest.mark.rule("CI-1.6.a")
def test_fire_phases_by_unit_type() -> None:
    platform = design("lancer", hull="weapon_platform")
    designs = {"plat": platform, "reaper": design("reaper"), "talon_flight": design("talon_flight")}
    p = position([unit("F1", "blue", "talon_flight", (0, -1), 4, count=3),
                  unit("R1", "red", "reaper", (0, 0), 1, ew={"points": 4, "shroud": 1}),
                  unit("P1", "red", "plat", (1, -1), 6, ew={"points": 3, "shroud": 1}),
                  unit("F2", "red", "talon_flight", (0, -2), 4, count=3)],
                 designs=designs, phase="fire")
    orders = {"@phase": "fire",
              "blue": {"F1": {"attacks": [{"weapon": "cannon", "target": "R1"}, {"weapon": "cannon", "target": "F2"}]}},
              "red": {"R1": {"attacks": [{"weapon": "railgun_1", "target": "F1"}]},
                      "P1": {"attacks": [{"weapon": "turret", "target": "F1"}]},
                      "F2": {"attacks": [{"weapon": "cannon", "target": "F1"}]}}}
    with pytest.raises(RuleError) as e:
        resolve(p, [orders])
    assert e.value.rule == "CI-7.1.3.a"  # the cannon is 1+0: one shot
    orders["blue"]["F1"]["attacks"] = [{"weapon": "cannon", "target": "R1"}]
    _, events = resolve(p, [orders], seed=2)
    order = [(e["attacker"], e["target"]) for e in of_type(events, "attack") + of_type(events, "attack_void")]
    assert order[:2] == [("P1", "F1"), ("R1", "F1")]          # stationary, then starships
    assert ("F2", "F1") in order and ("F1", "R1") in order
    assert order.index(("F2", "F1")) < order.index(("F1", "R1"))  # small vs small before small vs others


@pytest.mark.rule("CI-1.5")
@pytest.mark.rule("CI-1.5.b")
@pytest.mark.rule("CI-1.2.b")
def test_reaper_frigate_is_the_books_example_sds() -> None:
    d = ships()["designs"]["reaper"]
    assert (d["hull"], d["mass"], d["silhouette"]) == ("frigate", 12.7, {"fa": 1, "ps": 3})
    assert (d["thrust_cost"]["accel"], d["thrust_cost"]["pivot"], d["thrust_cost"]["roll"]) == (2, 1, 1)
    assert d["sections"]["forward"] == {"armor": 4, "hull": 20} and d["sections"]["core"] == {"armor": 6, "hull": 20}
    standard = sum(s["power"] for s in d["systems"] if isinstance(s["power"], int))
    assert standard == 8  # Power Requirement 8
    assert "NOT from any Cold Infinity book" in ships()["provenance"]


@pytest.mark.rule("CI-1.5.1")
@pytest.mark.rule("CI-1.5.1.a")
@pytest.mark.rule("CI-1.3.d")
@pytest.mark.rule("CI-1.3.e")
@pytest.mark.rule("CI-1.3.f")
@pytest.mark.rule("CI-1.3.g")
@pytest.mark.rule("CI-1.3.h")
@pytest.mark.rule("CI-1.6")
@pytest.mark.rule("CI-1.6.b")
def test_hull_categories() -> None:
    platform = design("lancer", hull="space_station")
    p = read_position(position([unit("S", "red", "st", vector="0"), unit("F", "blue", "talon_flight", count=3),
                                unit("R", "blue", "reaper")],
                               designs={"st": platform, "talon_flight": design("talon_flight"),
                                        "reaper": design("reaper")}))
    s, f, r = p["units"]
    assert stationary(p, s) and not small(p, s)
    assert small(p, f) and not stationary(p, f)
    assert not small(p, r) and not stationary(p, r)
    nxt, events = resolve(position([unit("S", "red", "st"), unit("R", "blue", "reaper")],
                                   designs={"st": platform, "reaper": design("reaper")}), [{"@phase": "power"}])
    assert [e["unit"] for e in of_type(events, "initiative")] == ["R"] and nxt["move_order"] == ["R"]


@pytest.mark.rule("CI-5.1.1.b")
@pytest.mark.rule("CI-5.1.3.b")
@pytest.mark.rule("CI-1.5.1.d")
@pytest.mark.rule("CI-5.1.3.d")
def test_thrust_costs_by_hull_house_table() -> None:
    d = design("warden")
    p = read_position(position([unit("C", "red", "w")], designs={"w": d}))
    assert thrust_costs(p, p["units"][0]) == {"accel": 3, "pivot": 2, "roll": 2, "slide": 5}
    p = pos([unit("F", "blue", "talon_flight", count=3)])
    assert thrust_costs(p, p["units"][0]) == {"accel": 1, "pivot": 1, "roll": 1, "slide": 1}


@pytest.mark.rule("CI-4.2.a")
@pytest.mark.rule("CI-4.2")
def test_ecm_cannot_prevent_a_lock_on() -> None:
    p = pos([unit("A", "red", "reaper", ew={"points": 4, "shroud": 1}),
             unit("T", "blue", "reaper", (0, -5), ew={"points": 4, "ecm": 4})])
    assert ew.lock_on(p, p["units"][0], p["units"][1])


@pytest.mark.rule("CI-4.0.b")
def test_small_vessels_have_no_ew_points() -> None:
    p = pos([unit("F", "blue", "talon_flight", count=3)])
    order = ew.parse({"shroud": 1}, "order")
    with pytest.raises(RuleError) as e:
        ew.check(p, p["units"][0], order)
    assert e.value.rule == "CI-4.0.a"


@pytest.mark.rule("CI-4.1.c")
@pytest.mark.rule("CI-4.1")
def test_shroud_is_chosen_anew_each_turn() -> None:
    p = pos([unit("A", "red", "reaper", ew={"points": 4, "shroud": 2})])
    start_of_turn(p)
    assert p["units"][0]["ew"]["shroud"] == 0


@pytest.mark.rule("CI-7.1")
@pytest.mark.rule("CI-7.1.1")
@pytest.mark.rule("CI-7.1.2")
@pytest.mark.rule("CI-7.1.2.a")
def test_activated_is_powered_and_unpowered_is_off() -> None:
    """A unit that cannot power its weapons loses them (deficit, CI-3.2.e); a deactivated weapon
    cannot fire (CI-7.1.a)."""
    p = pos([unit("A", "red", "reaper", systems={"reactor": {"lost": 6}}), unit("T", "blue", "reaper", (0, -2))])
    nxt, _ = resolve(position([unit("A", "red", "reaper", systems={"reactor": {"lost": 6}}),
                               unit("T", "blue", "reaper", (0, -2))]), [{"@phase": "power"}], dice=(1, 2))
    assert [nxt["units"][0]["systems"][g]["active"] for g in ("railgun_1", "railgun_2", "railgun_3", "railgun_4")] \
        == [False, False, False, False]
    p["units"][0]["systems"]["railgun_1"]["active"] = False
    with pytest.raises(RuleError) as e:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("railgun_1", "T"),)))
    assert e.value.rule == "CI-7.1.1.a"


def test_house_victory_at_the_turn_limit() -> None:
    """Not from the book (its victory rules are lost): most damage inflicted wins at the limit."""
    p = position([unit("R1", "red", "reaper", sections={"forward": {"hull_lost": 3}}),
                  unit("B1", "blue", "reaper", (0, -20))], phase="fire", turn_limit=1)
    nxt, _ = resolve(p, [{"@phase": "fire"}])
    assert nxt["outcome"]["winners"] == ["blue"] and "house" in nxt["outcome"]["reason"]
    p = position([unit("R1", "red", "reaper"), unit("B1", "blue", "reaper", (0, -20))], phase="fire", turn_limit=1)
    assert resolve(p, [{"@phase": "fire"}])[0]["outcome"]["winners"] == []


def test_turn_limit_option_overrides_the_scenario() -> None:
    from hexfleet.games import get_ruleset

    r = get_ruleset("cold-infinity")
    assert r.new_game("frigate-duel", seed=1).pos["turn_limit"] == 12
    assert r.new_game("frigate-duel", seed=1, options={"turn_limit": 3}).pos["turn_limit"] == 3
    with pytest.raises(FormatError):
        r.new_game("frigate-duel", seed=1, options={"turn_limit": 0})
