"""Initiative, the Power Phase, repair, gravity, reinforcements and retreat (digest §4.2, §8.7,
§9, §11, §18.2; worked examples TAL-EX-3, 7, 8, 15, 17, 18, E4, S9, S15, S16)."""

from __future__ import annotations

import pytest

from .helpers import of, position, resolve, rule_of, ship, t, unit

END = {"do": "end_turn"}


def _impulse_c(*extra, **top):
    """Impulse C, Talon first: a Talon BB, a Terran BC and SC that get AP in C and do not move."""
    bb = ship("bb", "talon-bb", "talon", (0, 0), 0, curve=[6, 1, 1])
    bc = ship("bc", "terran-bc", "terran", (0, 9), 0)
    sc = ship("sc", "terran-sc", "terran", (3, 9), 0)
    return position(bb, bc, sc, *extra, impulse="C", **top)


@pytest.mark.rule("TAL-EX-3")
@pytest.mark.rule("TAL-4.2.a")
@pytest.mark.rule("TAL-4.2.b")
@pytest.mark.rule("TAL-4.2.e")
@pytest.mark.rule("TAL-P-2")
@pytest.mark.rule("TAL-6.1.f")
@pytest.mark.rule("TAL-6.1.g")
@pytest.mark.rule("TAL-4.1.b")
def test_changing_the_initiative():
    orders = [t({"do": "ap", "ship": "bb", "use": "defend_initiative"}), t(END),
              t({"do": "ap", "ship": "bc", "use": "change_initiative"}, "terran"),
              t({"do": "ap", "ship": "sc", "use": "change_initiative"}, "terran"), t(END, "terran")]
    pos = _impulse_c()
    pending, _ = resolve(pos, orders)
    assert (pending["phase"], pending["player"], pending["impulse"]) == ("initiative", "terran", "C")
    assert all(s["initiative_marker"] is None for s in pending["ships"])
    nxt, ev = resolve(pending, [t({"do": "initiative", "holder": "terran"}, "terran")])
    assert of(ev, "initiative") == [{"type": "initiative", "change": 2, "defend": 1, "holder": "terran"}]
    assert (nxt["impulse"], nxt["initiative"], nxt["player"], nxt["step"]) == ("D", "terran", "terran", "ap")


@pytest.mark.rule("TAL-4.2.d")
@pytest.mark.rule("TAL-EX-3")
def test_defend_markers_equal_to_change_keep_the_initiative():
    extra = ship("ca", "talon-ca", "talon", (5, 0), 0, curve=[5, 1, 0])
    orders = [t({"do": "ap", "ship": "bb", "use": "defend_initiative"}),
              t({"do": "ap", "ship": "ca", "use": "defend_initiative"}), t(END),
              t({"do": "ap", "ship": "bc", "use": "change_initiative"}, "terran"),
              t({"do": "ap", "ship": "sc", "use": "change_initiative"}, "terran"), t(END, "terran")]
    nxt, ev = resolve(_impulse_c(extra), orders)
    assert nxt["initiative"] == "talon" and nxt["impulse"] == "D"
    assert of(ev, "initiative")[0] == {"type": "initiative", "change": 2, "defend": 2, "holder": "talon"}


@pytest.mark.rule("TAL-EX-S16")
@pytest.mark.rule("TAL-AMB-10")
def test_both_sides_changing_flips_it():
    orders = [t({"do": "ap", "ship": "bb", "use": "change_initiative"}), t(END),
              t({"do": "ap", "ship": "bc", "use": "change_initiative"}, "terran"), t(END, "terran")]
    nxt, _ = resolve(_impulse_c(), orders)
    assert nxt["initiative"] == "terran" and nxt["phase"] == "impulse"


@pytest.mark.rule("TAL-EX-E4")
@pytest.mark.rule("TAL-4.2.c")
def test_a_lone_change_marker_lets_that_side_choose_even_to_give_it_away():
    pos = _impulse_c(initiative="terran", player="terran")
    orders = [t(END, "terran"), t({"do": "ap", "ship": "bb", "use": "change_initiative"}), t(END)]
    pending, _ = resolve(pos, orders)
    assert pending["player"] == "talon"
    nxt, _ = resolve(pending, [t({"do": "initiative", "holder": "talon"})])
    assert nxt["initiative"] == "talon" and nxt["player"] == "talon"


def _power(ship_, player="terran", **top):
    foe = ship("x", "talon-ca", "talon", (0, 9), 0) if player == "terran" else ship("x", "terran-ca", "terran",
                                                                                     (0, 9), 0)
    return position(ship_, foe, phase="power", impulse=None, step=None, player=player, initiative=player, **top)


@pytest.mark.rule("TAL-EX-7")
@pytest.mark.rule("TAL-5.4.3")
@pytest.mark.rule("TAL-9.3.a")
@pytest.mark.rule("TAL-AMB-39")
@pytest.mark.rule("TAL-9.3")
@pytest.mark.rule("TAL-5.1.e")
def test_speed_changes_by_one_row():
    pos = _power(ship("g", "terran-ca", "terran", (0, 0), 0))
    nxt, ev = resolve(pos, [t({"do": "speed", "ship": "g", "speed": 4}, "terran"), t(END, "terran")])
    assert unit(nxt, "g")["curve"] == [2, 4, 2]
    assert {"type": "curve", "ship": "g", "curve": [2, 4, 2]} in of(ev, "curve")
    nxt, _ = resolve(pos, [t({"do": "speed", "ship": "g", "speed": 2}, "terran")])
    assert unit(nxt, "g")["curve"] == [4, 2, 1]
    assert rule_of(pos, [t({"do": "speed", "ship": "g", "speed": 5}, "terran")]) == "TAL-9.3.a"
    assert rule_of(pos, [t({"do": "speed", "ship": "g", "speed": 4}, "terran"),
                         t({"do": "speed", "ship": "g", "speed": 5}, "terran")]) == "TAL-9.3.a"


@pytest.mark.rule("TAL-EX-8")
@pytest.mark.rule("TAL-5.4.4")
@pytest.mark.rule("TAL-5.4.5")
@pytest.mark.rule("TAL-9.3.b")
@pytest.mark.rule("TAL-AMB-43")
def test_forced_slow_down_and_the_power_loss_variant():
    guderian = ship("g", "terran-ca", "terran", (0, 0), 0, curve=[1, 5, 3], hull_marked=5)
    pos = _power(guderian)
    assert rule_of(pos, [t({"do": "speed", "ship": "g", "speed": 5}, "terran")]) == "TAL-5.4.4"
    nxt, _ = resolve(pos, [t({"do": "speed", "ship": "g", "speed": 4}, "terran"), t(END, "terran")])
    assert unit(nxt, "g")["curve"] == [0, 4, 2]
    lost = {**guderian, "criticals": {"power_loss": {"round": 1, "impulse": "C"}}}
    nxt, ev = resolve(_power(lost), [t(END, "terran")])
    assert of(ev, "destroyed") == [{"type": "destroyed", "unit": "g", "cause": "power"}]
    assert of(ev, "exploded")[0]["rating"] == 3


@pytest.mark.rule("TAL-EX-15")
@pytest.mark.rule("TAL-8.4.2")
@pytest.mark.rule("TAL-P-3")
@pytest.mark.rule("TAL-AMB-9")
@pytest.mark.rule("TAL-AMB-15")
def test_hull_modifier_applies_in_the_power_phase():
    napoleon = ship("n", "terran-ca", "terran", (0, 0), 0, hull_marked=3)
    nxt, _ = resolve(_power(napoleon), [t(END, "terran")])
    assert unit(nxt, "n")["curve"] == [2, 3, 2]  # the book's "2-3-1" contradicts the curve (TAL-AMB-9)
    relay = {**napoleon, "hull_marked": 0, "criticals": {"power_relay": True}}
    nxt, _ = resolve(_power(relay), [t(END, "terran")])
    assert unit(nxt, "n")["curve"] == [2, 3, 2]


@pytest.mark.rule("TAL-EX-17")
@pytest.mark.rule("TAL-9.2.1")
@pytest.mark.rule("TAL-9.2.2")
@pytest.mark.rule("TAL-P-6")
@pytest.mark.rule("TAL-9.3.d")
@pytest.mark.rule("TAL-9.2")
def test_power_phase_charging():
    bc = ship("bc", "talon-bc", "talon", (0, 0), 0, groups=[{"red": 1, "yellow": 0}, {"red": 0}, {"red": 0, "yellow": 0}])
    pos = position({**bc, "moved": True}, ship("x", "terran-ca", "terran", (0, 9), 0), impulse="F")
    turn = [t(END), t({"do": "move", "unit": "x", "how": "straight"}, "terran"), t(END, "terran")]
    nxt, ev = resolve(pos, turn)
    assert nxt["phase"] == "power" and nxt["player"] == "talon"
    groups = unit(nxt, "bc")["groups"]
    assert groups[0]["yellow"] == 2 and groups[1]["red"] == 1 and (groups[2]["red"], groups[2]["yellow"]) == (1, 0)
    assert {"type": "charged", "ship": "bc", "group": 1, "red": 0, "yellow": 2} in of(ev, "charged")
    pos["ships"][0]["criticals"] = {"power_loss": {"round": 1, "impulse": "A"}}
    nxt, ev = resolve(pos, turn)
    assert unit(nxt, "bc")["groups"][0]["yellow"] == 0 and not [e for e in of(ev, "charged") if e["ship"] == "bc"]


@pytest.mark.rule("TAL-EX-S9")
@pytest.mark.rule("TAL-8.7.a")
@pytest.mark.rule("TAL-8.7.b")
@pytest.mark.rule("TAL-AMB-41")
@pytest.mark.rule("TAL-AMB-6")
def test_repair_from_the_next_impulse_on_a_six():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, curve=[4, 2, 1], criticals={"shields_down": {"round": 1,
                                                                                                   "impulse": "B"}})
    foe = ship("x", "talon-ca", "talon", (0, 9), 0)
    same = position(g, foe, impulse="B", player="terran", initiative="terran")
    assert rule_of(same, [t({"do": "repair", "ship": "g", "critical": "shields_down"}, "terran")]) == "TAL-8.7.b"
    later = position(g, foe, impulse="A", round=2, player="terran", initiative="terran", step="repair")
    nxt, ev = resolve(later, [t({"do": "repair", "ship": "g", "critical": "shields_down"}, "terran")], dice=(6,))
    assert unit(nxt, "g")["criticals"] == {} and of(ev, "repair")[0]["repaired"] is True
    nxt, ev = resolve(later, [t({"do": "repair", "ship": "g", "critical": "shields_down"}, "terran")], dice=(5,))
    assert "shields_down" in unit(nxt, "g")["criticals"]
    assert rule_of(nxt, [t({"do": "repair", "ship": "g", "critical": "shields_down"}, "terran")]) == "TAL-AMB-41"


def _end_of_round(*ships, **top):
    """The Second Player's Power Phase of Round ``round``: its end_turn runs gravity,
    reinforcements and opens the Retreat Phase."""
    return position(*ships, phase="power", impulse=None, step=None, player="terran", initiative="talon", **top)


@pytest.mark.rule("TAL-EX-S15")
@pytest.mark.rule("TAL-18.2")
@pytest.mark.rule("TAL-18.2.b")
@pytest.mark.rule("TAL-AMB-21")
def test_black_hole_pulls_every_ship_after_the_power_phase():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, tr_count=2)
    x = ship("x", "talon-ca", "talon", (5, -2), 3)
    pos = _end_of_round(g, x, terrain=[{"kind": "black_hole", "hex": [3, -1]}])
    nxt, ev = resolve(pos, [t(END, "terran")])
    assert [(e["unit"], e["to"]) for e in of(ev, "pulled")] == [("x", [4, -2]), ("g", [1, 0])]
    assert unit(nxt, "g")["tr_count"] == 2 and unit(nxt, "g")["facing"] == 0
    assert (nxt["phase"], nxt["player"]) == ("retreat", "talon")
    doom = _end_of_round({**g, "hex": [2, -1]}, x, terrain=[{"kind": "black_hole", "hex": [3, -1]}])
    nxt, ev = resolve(doom, [t(END, "terran")])
    assert {"type": "destroyed", "unit": "g", "cause": "black_hole"} in of(ev, "destroyed")


@pytest.mark.rule("TAL-3.2.k")
def test_reserves_arrive_in_their_round():
    reserve = {**ship("r", "terran-dd", "terran", (-3, 0), 0), "arrives": 2}
    pos = _end_of_round(ship("g", "terran-ca", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (5, 0), 3),
                        round=2, scenario={"reserves": [reserve]})
    nxt, ev = resolve(pos, [t(END, "terran")])
    assert unit(nxt, "r")["hex"] == [-3, 0] and of(ev, "deployed") == [{"type": "deployed", "ship": "r"}]


@pytest.mark.rule("TAL-EX-18")
@pytest.mark.rule("TAL-11.1.2")
@pytest.mark.rule("TAL-11.1.3")
@pytest.mark.rule("TAL-11.1.4")
@pytest.mark.rule("TAL-P-7")
def test_retreat_needs_spooling_speed_one_and_clear_space():
    def retreat(round_: int, **more):
        g = ship("g", "terran-ca", "terran", (0, 0), 0, curve=[5, 1, 1], **more)
        return position(g, ship("x", "talon-ca", "talon", (5, 0), 3), ship("h", "terran-ca", "terran", (0, 5), 0),
                        phase="retreat", impulse=None, step=None, player="terran", initiative="terran", round=round_)
    assert rule_of(retreat(5), [t({"do": "retreat", "ship": "g"}, "terran")]) == "TAL-11.1.3"
    nxt, ev = resolve(retreat(6), [t({"do": "retreat", "ship": "g"}, "terran")])
    assert of(ev, "retreated") == [{"type": "retreated", "unit": "g", "cause": "ftl"}]
    assert nxt["removed"][0]["status"] == "retreated"
    pos = retreat(6)
    pos["terrain"] = [{"kind": "asteroid", "hex": [0, 0]}]
    assert rule_of(pos, [t({"do": "retreat", "ship": "g"}, "terran")]) == "TAL-11.1.4"
    assert rule_of(retreat(6, criticals={"ftl_offline": True}), [t({"do": "retreat", "ship": "g"}, "terran")]) == \
        "TAL-D-11"


@pytest.mark.rule("TAL-9.4")
@pytest.mark.rule("TAL-3.2.m")
@pytest.mark.rule("TAL-AMB-32")
@pytest.mark.rule("TAL-3.2.l")
def test_the_round_ends_after_both_retreat_phases():
    pos = position(ship("g", "terran-ca", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (5, 0), 3),
                   phase="retreat", impulse=None, step=None, player="terran", initiative="terran", round=10)
    nxt, ev = resolve(pos, [t(END, "terran"), t(END)])
    assert (nxt["round"], nxt["impulse"], nxt["phase"], nxt["player"], nxt["step"]) == (11, "A", "impulse", "terran",
                                                                                         "ap")


@pytest.mark.rule("TAL-18.2")
@pytest.mark.rule("TAL-G-8")
def test_the_owner_picks_the_pull_hex_on_a_spine():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    x = ship("x", "talon-ca", "talon", (6, -2), 3)
    pos = _end_of_round(g, x, terrain=[{"kind": "black_hole", "hex": [2, -1]}])
    nxt, _ = resolve(pos, [t(END, "terran")])
    assert unit(nxt, "g")["hex"] == [1, 0]  # default: the lower direction
    nxt, _ = resolve(pos, [t({"do": "end_turn", "choices": {"pull": {"g": [1, -1]}}}, "terran")])
    assert unit(nxt, "g")["hex"] == [1, -1]


@pytest.mark.rule("TAL-11.1.3")
@pytest.mark.rule("TAL-AMB-30")
def test_spooling_is_announced_in_the_power_phase_of_the_round_equal_to_the_hull_boxes():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    for round_, spooled in ((5, []), (6, [{"type": "spooled", "ship": "g"}])):
        _, ev = resolve(_power(g, round=round_), [t(END, "terran")])
        assert of(ev, "spooled") == spooled


@pytest.mark.rule("TAL-AMB-15")
def test_power_loss_keeps_the_curve_by_option():
    lost = ship("g", "terran-ca", "terran", (0, 0), 0, hull_marked=3, criticals={"power_loss": {"round": 1,
                                                                                               "impulse": "C"}})
    nxt, _ = resolve(_power(lost), [t(END, "terran")])
    assert unit(nxt, "g")["curve"] == [2, 3, 2]
    nxt, _ = resolve(_power(lost, options={"powerloss_recomputes_modifier": False}), [t(END, "terran")])
    assert unit(nxt, "g")["curve"] == [3, 3, 2]
