"""The digest's readings of silent or lost text (TAL-AMB-*), its external examples (TAL-EX-E*)
and the implementation model (TAL-IMP-*), each as the engine applies it."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError
from hexfleet.games import get_ruleset
from hexfleet.games.talon.data import impulses_of
from hexfleet.games.talon.options import DEFAULTS, parse_options

from .helpers import EXAMPLE, of, position, resolve, rule_of, ship, t, unit

TERRAN = {"player": "terran", "initiative": "terran"}


@pytest.mark.rule("TAL-EX-E1")
def test_service_at_4_2_1_gets_ap_in_a_and_sacrifice_moves():
    assert "A" in impulses_of(4) and "A" in impulses_of(5)


@pytest.mark.rule("TAL-EX-E2")
def test_service_afterburns_turns_and_places_a_one_hex_marker():
    service = ship("service", "talon-ca", "talon", (0, 0), 0, curve=[4, 2, 1])
    pos = position(service, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="D")
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "service", "how": "turn_left", "afterburner": True})])
    assert unit(nxt, "service")["tr_count"] == 1 and unit(nxt, "service")["afterburners"] == 1


@pytest.mark.rule("TAL-EX-E3")
def test_battery_power_turn_then_napoleon_slips_and_guderian_turns():
    napoleon = ship("napoleon", "terran-ca", "terran", (0, 0), 0)  # 3-3-2: AP and move in D
    guderian = ship("guderian", "terran-ca", "terran", (-1, 1), 0, curve=[2, 4, 2], battery=True, tr_count=1)
    pos = position(napoleon, guderian, ship("x", "talon-ca", "talon", (0, 9), 0), impulse="D", **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "napoleon", "use": "side_slip"}, "terran"),
                           t({"do": "ap", "ship": "guderian", "use": "power_turn", "battery": True}, "terran"),
                           t({"do": "move", "unit": "napoleon", "how": "slip_left"}, "terran"),
                           t({"do": "move", "unit": "guderian", "how": "turn_left"}, "terran")])
    assert unit(nxt, "napoleon")["hex"] == [1, -1] and unit(nxt, "guderian")["hex"] == [0, 0]
    assert unit(nxt, "guderian")["tr_count"] == 2 and unit(nxt, "guderian")["battery"] is False


@pytest.mark.rule("TAL-AMB-4")
def test_minimum_ranges_are_options():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (1, 0), 3)
    fire = [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]}, "terran")]
    pos = position(g, x, impulse="C", step="fire", **TERRAN)
    assert rule_of(pos, fire) == "TAL-8.3"
    nxt, ev = resolve(position(g, x, impulse="C", step="fire", options={"amt_min_range": 1}, **TERRAN), fire,
                      dice=(6,))
    assert of(ev, "fired")[0]["range"] == 1 and of(ev, "fired")[0]["damage"] == 4  # read as the range-2 column


@pytest.mark.rule("TAL-AMB-16")
@pytest.mark.rule("TAL-5.1.f")
def test_every_weapon_fires_when_it_has_a_target():
    x = ship("x", "talon-ca", "talon", (0, 0), 0)
    g = ship("g", "terran-ca", "terran", (2, 0), 3)
    pos = position(x, g, impulse="C", step="fire")
    held = [t({"do": "fire", "ship": "x", "group": 1, "shots": [{"target": "g"}, {"target": None}]})]
    assert rule_of(pos, held) == "TAL-AMB-16"
    assert rule_of(pos, [t({"do": "fire", "ship": "x", "group": 1, "shots": [{"target": "g"}]})]) == "TAL-5.1.f"


@pytest.mark.rule("TAL-AMB-46")
def test_an_enemy_sharing_a_hex_with_a_friend_may_be_fired_on():
    x = ship("x", "talon-ca", "talon", (0, 0), 0)
    g = ship("g", "terran-ca", "terran", (2, 0), 3)
    friend = ship("f", "talon-ff", "talon", (2, 0), 0)
    nxt, ev = resolve(position(x, g, friend, impulse="C", step="fire"),
                      [t({"do": "fire", "ship": "x", "group": 1, "shots": [{"target": "g"}, {"target": "g"}]})],
                      dice=(6, 6))
    assert {e["unit"] for e in of(ev, "damaged")} == {"g"} and unit(nxt, "f")["shields"]["F"] == 3


@pytest.mark.rule("TAL-AMB-36")
def test_entering_a_hex_with_two_friends_collides_with_each():
    a = ship("a", "terran-ca", "terran", (1, 0), 0)
    b = ship("b", "terran-ca", "terran", (1, 0), 3)
    c = ship("c", "terran-ca", "terran", (0, 0), 0)
    pos = position(a, b, c, ship("x", "talon-ca", "talon", (0, 9), 0), impulse="B", **TERRAN)
    _, ev = resolve(pos, [t({"do": "move", "unit": "c", "how": "straight"}, "terran")])
    assert [e["other"] for e in of(ev, "collision")] == ["a", "b"]
    assert [e["unit"] for e in of(ev, "damaged")] == ["c", "a", "c", "b"]


@pytest.mark.rule("TAL-AMB-26")
def test_worm_holes_block_fire_only_by_option():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (3, 0), 3)
    fire = [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "x"}]}, "terran")]
    hole = [{"kind": "worm_hole", "hex": [2, 0]}]
    resolve(position(g, x, terrain=hole, impulse="C", step="fire", **TERRAN), fire, dice=(6,))
    blocked = position(g, x, terrain=hole, impulse="C", step="fire", options={"worm_hole_blocks_fire": True},
                       **TERRAN)
    assert rule_of(blocked, fire) == "TAL-17.2.2"


@pytest.mark.rule("TAL-AMB-28")
@pytest.mark.rule("TAL-AMB-27")
def test_a_knock_back_into_asteroids_damages_the_travel_arc():
    vanguard = ship("vanguard", "terran-bb", "terran", (0, 0), 0)
    dn = ship("dn", "talon-dn", "talon", (2, 0), 3)
    pos = position(vanguard, dn, terrain=[{"kind": "asteroid", "hex": [3, 0]}], impulse="C", step="fire", **TERRAN)
    _, ev = resolve(pos, [t({"do": "fire", "ship": "vanguard", "group": 2, "shots": [{"target": "dn"}]}, "terran")],
                    dice=(6,))
    first = of(ev, "damaged")[0]
    assert (first["source"], first["arc"], first["amount"]) == ("asteroid", "Rear", 1)


@pytest.mark.rule("TAL-AMB-47")
def test_explosions_next_to_a_base_damage_it_and_spare_planets():
    dying = ship("d", "talon-ff", "talon", (0, 0), 0, hull_marked=2)
    base = ship("b", "terran-base", "terran", (1, 0), 0)
    pos = position(dying, base, ship("g", "terran-ca", "terran", (3, 0), 3), terrain=[{"kind": "planet",
                                                                                        "hex": [-1, 0]}],
                   impulse="C", step="fire", **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "fire", "ship": "g", "group": 2, "shots": [{"target": "d"}]}, "terran")],
                      dice=(6,))
    assert {"unit": "b", "amount": 1} == {k: of(ev, "damaged")[-1][k] for k in ("unit", "amount")}
    assert nxt["terrain"] == [{"kind": "planet", "hex": [-1, 0]}]


@pytest.mark.rule("TAL-IMP-5")
@pytest.mark.rule("TAL-IMP-1")
def test_options_and_the_state_are_the_formats():
    assert parse_options({}) == DEFAULTS and DEFAULTS["arc_model"] == "hexside_sectors"
    with pytest.raises(FormatError):
        parse_options({"missile_launch_range": [1]})
    state = get_ruleset("talon").new_game("duel", seed=5)
    assert set(EXAMPLE) <= set(state.pos)


@pytest.mark.rule("TAL-IMP-3")
@pytest.mark.rule("TAL-IMP-2")
def test_the_legal_orders_are_the_action_types_of_the_step():
    ruleset = get_ruleset("talon")
    state = ruleset.new_game("duel", seed=1)
    orders = [o.data for o in ruleset.legal(state, "talon")]
    # Impulse A: the Talon cruisers (3-3-1) get no AP and need not move; only afterburners remain
    assert {o["do"] for o in orders} == {"end_turn", "move"}
    assert all(o.get("afterburner") for o in orders if o["do"] == "move")
    for o in orders:
        ruleset.validate(state, "talon", o)
