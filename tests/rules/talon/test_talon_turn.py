"""The basic game's Turn: AP, movement, turning, side slips, batteries, afterburners,
reinforcements, step order (digest §3–§7, §10, worked examples TAL-EX-9..11, S8, S10, S11)."""

from __future__ import annotations

import pytest

from .helpers import of, position, resolve, rule_of, ship, t, unit


def ca(uid: str = "patton", hex_: tuple[int, int] = (0, 0), facing: int = 0, side: str = "talon", **more):
    """Each side's own heavy cruiser."""
    cls = "talon-ca" if side == "talon" else "terran-ca"
    return ship(uid, cls, side, hex_, facing, **more)


ENEMY = ship("foe", "terran-ca", "terran", (0, 6), 0)


@pytest.mark.rule("TAL-EX-10")
@pytest.mark.rule("TAL-7.2.1")
@pytest.mark.rule("TAL-7.2.2")
@pytest.mark.rule("TAL-P-4")
@pytest.mark.rule("TAL-7.1.a")
@pytest.mark.rule("TAL-5.1.d")
def test_turn_radius_marker_counts_down():
    # Terran CA 3-3-2 played as the acting side: Speed 3 moves in B.
    cruiser = ship("c", "terran-ca", "terran", (0, 0), 0)
    pos = position(cruiser, ship("foe", "talon-ca", "talon", (0, 8), 0), impulse="B", player="terran",
                   initiative="terran")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "c", "how": "turn_left"}, "terran")])
    c = unit(nxt, "c")
    assert (c["hex"], c["facing"], c["tr_count"]) == ([1, -1], 1, 2)
    c["moved"] = False
    assert rule_of(nxt, [t({"do": "move", "unit": "c", "how": "turn_right"}, "terran")]) == "TAL-7.2.2"
    nxt, _ = resolve(nxt, [t({"do": "move", "unit": "c", "how": "straight"}, "terran")])
    assert unit(nxt, "c")["hex"] == [2, -2] and unit(nxt, "c")["tr_count"] == 1
    unit(nxt, "c")["moved"] = False
    nxt, _ = resolve(nxt, [t({"do": "move", "unit": "c", "how": "straight"}, "terran")])
    assert unit(nxt, "c")["hex"] == [3, -3] and unit(nxt, "c")["tr_count"] is None
    unit(nxt, "c")["moved"] = False
    nxt, _ = resolve(nxt, [t({"do": "move", "unit": "c", "how": "turn_right"}, "terran")])
    assert unit(nxt, "c")["facing"] == 0


@pytest.mark.rule("TAL-EX-11")
@pytest.mark.rule("TAL-7.3.2")
@pytest.mark.rule("TAL-6.1.a")
def test_side_slip_keeps_facing_and_pulls_the_marker_in():
    pos = position(ca("j", tr_count=2), ENEMY, impulse="B")
    nxt, ev = resolve(pos, [t({"do": "ap", "ship": "j", "use": "side_slip"}),
                            t({"do": "move", "unit": "j", "how": "slip_left"})])
    j = unit(nxt, "j")
    assert (j["hex"], j["facing"], j["tr_count"], j["side_slip"]) == ([1, -1], 0, 1, False)
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "j", "use": "side_slip"}),
                           t({"do": "move", "unit": "j", "how": "slip_right"})])
    assert unit(nxt, "j")["hex"] == [0, 1]
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "j", "use": "side_slip"}),
                           t({"do": "move", "unit": "j", "how": "straight"})])
    assert unit(nxt, "j")["side_slip"] is False  # removed unused
    assert rule_of(pos, [t({"do": "move", "unit": "j", "how": "slip_left"})]) == "TAL-7.3.2"


@pytest.mark.rule("TAL-7.1")
@pytest.mark.rule("TAL-3.2.c")
def test_a_scheduled_ship_must_move_before_the_move_step_closes():
    pos = position(ca("j"), ENEMY, impulse="B")
    assert rule_of(pos, [t({"do": "end_turn"})]) == "TAL-7.1"
    assert rule_of(position(ca("j"), ENEMY, impulse="C"),
                   [t({"do": "move", "unit": "j", "how": "straight"})]) == "TAL-4.1.d"


@pytest.mark.rule("TAL-5.1.b")
@pytest.mark.rule("TAL-6.1")
@pytest.mark.rule("TAL-4.1.e")
def test_one_ap_per_ship_per_impulse_and_only_when_scheduled():
    pos = position(ca("j"), ENEMY, impulse="B")
    assert rule_of(pos, [t({"do": "ap", "ship": "j", "use": "side_slip"}),
                         t({"do": "ap", "ship": "j", "use": "change_initiative"})]) == "TAL-5.1.b"
    assert rule_of(position(ca("j"), ENEMY, impulse="C"),
                   [t({"do": "ap", "ship": "j", "use": "side_slip"})]) == "TAL-4.1.d"


@pytest.mark.rule("TAL-6.1.b")
def test_power_through_a_turn():
    pos = position(ca("j", tr_count=1), ENEMY, impulse="B")
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "j", "use": "power_turn"}),
                           t({"do": "move", "unit": "j", "how": "turn_left"})])
    assert unit(nxt, "j")["facing"] == 1
    assert rule_of(position(ca("j"), ENEMY, impulse="B"),
                   [t({"do": "ap", "ship": "j", "use": "power_turn"})]) == "TAL-6.1.b"


@pytest.mark.rule("TAL-6.1.c")
@pytest.mark.rule("TAL-5.1.i")
def test_active_charging_one_yellow_box():
    pos = position(ca("j", groups=[{"red": 1, "yellow": 0}, {"red": 0, "yellow": 4}]), ENEMY, impulse="B")
    nxt, ev = resolve(pos, [t({"do": "ap", "ship": "j", "use": "charge", "group": 1})])
    assert unit(nxt, "j")["groups"][0]["yellow"] == 1
    assert of(ev, "ap") == [{"type": "ap", "ship": "j", "use": "charge", "battery": False, "group": 1}]
    assert rule_of(pos, [t({"do": "ap", "ship": "j", "use": "charge", "group": 2})]) == "TAL-6.1.c"


@pytest.mark.rule("TAL-EX-S10")
@pytest.mark.rule("TAL-10.1.2")
@pytest.mark.rule("TAL-10.1.1")
@pytest.mark.rule("TAL-6.1.d")
@pytest.mark.rule("TAL-10.1.3")
def test_battery_only_in_an_impulse_without_chart_ap():
    terran = ship("g", "terran-ca", "terran", (0, 0), 0, battery=True)
    foe = ship("x", "talon-ca", "talon", (0, 8), 0)
    for imp, ok in (("A", True), ("C", True), ("E", True), ("B", False), ("D", False), ("F", False)):
        pos = position(terran, foe, impulse=imp, player="terran", initiative="terran")
        order = [t({"do": "ap", "ship": "g", "use": "change_initiative", "battery": True}, "terran")]
        if ok:
            nxt, _ = resolve(pos, order)
            assert unit(nxt, "g")["battery"] is False
        else:
            assert rule_of(pos, order) == "TAL-10.1.2"
    pos = position({**terran, "battery": False}, foe, impulse="B", player="terran", initiative="terran")
    nxt, _ = resolve(pos, [t({"do": "ap", "ship": "g", "use": "charge_battery"}, "terran")])
    assert unit(nxt, "g")["battery"] is True


@pytest.mark.rule("TAL-EX-S11")
@pytest.mark.rule("TAL-10.2.2")
@pytest.mark.rule("TAL-10.2.3")
def test_afterburner_moves_an_unscheduled_ship_once():
    fast = ca("j", curve=[4, 2, 1])  # moves in C and F
    pos = position(fast, ENEMY, impulse="A")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "j", "how": "straight", "afterburner": True})])
    assert unit(nxt, "j")["afterburners"] == 1 and of(ev, "moved")[0]["afterburner"] is True
    unit(nxt, "j")["moved"] = False
    nxt2, _ = resolve(nxt, [t({"do": "move", "unit": "j", "how": "straight", "afterburner": True})])
    assert unit(nxt2, "j")["afterburners"] == 0
    assert rule_of(position(fast, ENEMY, impulse="C"),
                   [t({"do": "move", "unit": "j", "how": "straight", "afterburner": True})]) == "TAL-10.2.2"
    assert rule_of(nxt, [t({"do": "move", "unit": "j", "how": "straight"})]) == "TAL-4.1.d"


@pytest.mark.rule("TAL-EX-9")
@pytest.mark.rule("TAL-6.2.2.c")
@pytest.mark.rule("TAL-6.1.e")
@pytest.mark.rule("TAL-6.2.2.a")
@pytest.mark.rule("TAL-6.2.2")
def test_reinforcement_cap_and_one_per_arc():
    placed = {"F": {"round": 1, "impulse": "A"}}
    p3 = position(ca("j", reinforcements=placed), ENEMY, impulse="B")
    assert rule_of(p3, [t({"do": "ap", "ship": "j", "use": "reinforce", "arc": "L"})]) == "TAL-6.2.2.c"
    p4 = position(ca("j", curve=[4, 2, 1], reinforcements=placed), ENEMY, impulse="A")
    nxt, _ = resolve(p4, [t({"do": "ap", "ship": "j", "use": "reinforce", "arc": "L"})])
    assert unit(nxt, "j")["reinforcements"]["L"] == {"round": 1, "impulse": "A"}
    assert rule_of(p4, [t({"do": "ap", "ship": "j", "use": "reinforce", "arc": "F"})]) == "TAL-6.2.2.a"
    p1 = position(ca("j", curve=[1, 5, 2]), ENEMY, impulse="F")
    nxt, _ = resolve(p1, [t({"do": "ap", "ship": "j", "use": "reinforce", "arc": "R"})])
    assert "R" in unit(nxt, "j")["reinforcements"]


@pytest.mark.rule("TAL-6.2.2.b")
def test_no_reinforcement_on_a_down_arc():
    pos = position(ca("j", shields={"L": 0}), ENEMY, impulse="B")
    assert rule_of(pos, [t({"do": "ap", "ship": "j", "use": "reinforce", "arc": "L"})]) == "TAL-6.2.2.b"


@pytest.mark.rule("TAL-EX-S8")
@pytest.mark.rule("TAL-6.2.3")
@pytest.mark.rule("TAL-AMB-14")
@pytest.mark.rule("TAL-3.2.a")
def test_reinforcement_expires_at_its_owners_turn_of_the_same_letter_next_round():
    placed = {"F": {"round": 3, "impulse": "C"}}
    terran = ship("g", "terran-ca", "terran", (0, 0), 0, reinforcements=placed, curve=[4, 2, 1])
    talon = ship("x", "talon-ca", "talon", (0, 9), 0, curve=[4, 2, 1])
    pos = position(terran, talon, round=4, impulse="C", player="talon", initiative="talon")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "x", "how": "straight"}), t({"do": "end_turn"})])
    assert "F" not in unit(nxt, "g")["reinforcements"]
    assert of(ev, "reinforcement_removed") == [{"type": "reinforcement_removed", "ship": "g", "arc": "F",
                                               "reason": "expired"}]
    same_round = position({**terran, "reinforcements": {"F": {"round": 4, "impulse": "C"}}}, talon, round=4,
                          impulse="C", player="talon", initiative="talon")
    nxt, _ = resolve(same_round, [t({"do": "move", "unit": "x", "how": "straight"}), t({"do": "end_turn"})])
    assert "F" in unit(nxt, "g")["reinforcements"]


@pytest.mark.rule("TAL-6.2.3")
def test_dropping_a_reinforcement_is_free():
    pos = position(ca("j", reinforcements={"F": {"round": 1, "impulse": "B"}}), ENEMY, impulse="C")
    nxt, ev = resolve(pos, [t({"do": "drop_reinforcement", "ship": "j", "arc": "F"})])
    assert unit(nxt, "j")["reinforcements"] == {} and of(ev, "reinforcement_removed")[0]["reason"] == "dropped"


@pytest.mark.rule("TAL-3.2.f")
@pytest.mark.rule("TAL-3.1")
@pytest.mark.rule("TAL-P-1")
@pytest.mark.rule("TAL-3.2")
@pytest.mark.rule("TAL-3.2.b")
@pytest.mark.rule("TAL-3.2.d")
@pytest.mark.rule("TAL-3.2.e")
@pytest.mark.rule("TAL-3.2.g")
@pytest.mark.rule("TAL-3.2.h")
@pytest.mark.rule("TAL-4.1.a")
def test_turns_alternate_then_the_impulse_advances():
    pos = position(ca("j", curve=[4, 2, 1]), ship("g", "terran-ca", "terran", (0, 9), 0, curve=[4, 2, 1]),
                   impulse="B")
    nxt, ev = resolve(pos, [t({"do": "end_turn"}), t({"do": "end_turn"}, "terran")])
    assert (nxt["impulse"], nxt["player"], nxt["step"]) == ("C", "talon", "ap")
    steps = ["move", "fire", "repair"]
    assert [(e["player"], e["step"]) for e in of(ev, "phase")] == \
        [("talon", s) for s in steps] + [("terran", "ap")] + [("terran", s) for s in steps] + [("talon", "ap")]
    assert of(ev, "initiative") == [{"type": "initiative", "change": 0, "defend": 0, "holder": "talon"}]


@pytest.mark.rule("TAL-14.b")
@pytest.mark.rule("TAL-EX-20")
def test_base_rotates_clockwise_when_scheduled():
    base = ship("b", "talon-base", "talon", (0, 0), 0)  # Speed 2: C and F
    pos = position(base, ENEMY, impulse="C")
    nxt, ev = resolve(pos, [t({"do": "end_turn"})])
    assert unit(nxt, "b")["facing"] == 5 and of(ev, "rotated") == [{"type": "rotated", "unit": "b", "facing": 5}]
    nxt, _ = resolve(position({**base, "facing": 5}, ENEMY, impulse="F"), [t({"do": "end_turn"})])
    assert unit(nxt, "b")["facing"] == 4
    nxt, _ = resolve(position(base, ENEMY, impulse="D"), [t({"do": "end_turn"})])
    assert unit(nxt, "b")["facing"] == 0


@pytest.mark.rule("TAL-5.1.c")
def test_at_most_one_hex_per_impulse():
    pos = position(ca("j"), ENEMY, impulse="B")
    assert rule_of(pos, [t({"do": "move", "unit": "j", "how": "straight"}),
                         t({"do": "move", "unit": "j", "how": "straight", "afterburner": True})]) == "TAL-5.1.c"
