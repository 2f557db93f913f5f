"""More of the rules: the floating map, Turn Radius 0, Power Phase details, Bases and fighters
that cannot do what ships do, missiles against terrain, entry order (digest §5, §7.5, §9, §12–18)."""

from __future__ import annotations

import pytest

from hexfleet.games.talon.data import pack

from .helpers import of, position, resolve, rule_of, ship, t, unit

TERRAN = {"player": "terran", "initiative": "terran"}
BOARD = {"mode": "board", "origin": [-5, -6], "extension": False}


@pytest.mark.rule("TAL-7.5.1")
@pytest.mark.rule("TAL-G-10")
@pytest.mark.rule("TAL-AMB-12")
def test_the_map_floats_when_a_ship_would_leave_it():
    g = ship("g", "terran-ca", "terran", (7, 0), 0)  # the east edge of row 0
    pos = position(g, ship("x", "talon-ca", "talon", (0, 0), 0), impulse="B", map=BOARD, **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert unit(nxt, "g")["hex"] == [8, 0] and nxt["map"]["origin"] != [-5, -6]
    assert nxt["map"]["mode"] == "board" and unit(nxt, "x")["hex"] == [0, 0]


@pytest.mark.rule("TAL-7.5.2")
@pytest.mark.rule("TAL-7.5.3")
def test_mandatory_retreat_and_distant_terrain_when_nothing_fits():
    g = ship("g", "terran-ca", "terran", (0, 5), 5)
    far = ship("far", "talon-ca", "talon", (0, -6), 0)
    pos = position(g, far, impulse="B", map=BOARD, **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert of(ev, "retreated")[0]["cause"] == "mandatory" and nxt["removed"][0]["status"] == "retreated"
    planet = position(g, ship("x", "talon-ca", "talon", (2, 5), 0), impulse="B", map=BOARD,
                      terrain=[{"kind": "planet", "hex": [0, -6]}], **TERRAN)
    nxt, ev = resolve(planet, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert nxt["terrain"] == [] and of(ev, "retreated") == []


@pytest.mark.rule("TAL-7.2.3")
def test_turn_radius_zero_turns_every_move():
    ff = ship("f", "talon-ff", "talon", (0, 0), 0)  # 2-3-0
    pos = position(ff, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="B")
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "f", "how": "turn_left"})])
    assert unit(nxt, "f")["tr_count"] is None


@pytest.mark.rule("TAL-7.1.b")
@pytest.mark.rule("TAL-7.1.c")
@pytest.mark.rule("TAL-AMB-45")
def test_a_move_is_straight_a_turn_or_a_slip_and_straight_is_always_open():
    helm = ship("j", "talon-ca", "talon", (0, 0), 0, side_slip=True, criticals={"helm_down": {"round": 1,
                                                                                           "impulse": "A"}})
    pos = position(helm, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="B")
    assert rule_of(pos, [t({"do": "move", "unit": "j", "how": "turn_left"})]) == "TAL-D-11"
    assert rule_of(pos, [t({"do": "move", "unit": "j", "how": "slip_left"})]) == "TAL-D-11"
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "j", "how": "straight"})])
    assert unit(nxt, "j")["hex"] == [1, 0]
    free = position({**helm, "criticals": {}}, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="B")
    nxt, ev = resolve(free, [t({"do": "move", "unit": "j", "how": "turn_right"})])
    assert of(ev, "turned")[0]["side"] == "right" and unit(nxt, "j")["facing"] == 5


@pytest.mark.rule("TAL-9.3.c")
def test_a_new_turn_radius_leaves_the_marker_where_it_is():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, tr_count=1)
    foe = ship("x", "talon-ca", "talon", (0, 9), 0)
    pos = position(g, foe, phase="power", impulse=None, step=None, **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "speed", "ship": "g", "speed": 4}, "terran"), t({"do": "end_turn"}, "terran")])
    assert unit(nxt, "g")["curve"] == [2, 4, 2] and unit(nxt, "g")["tr_count"] == 1


@pytest.mark.rule("TAL-9.1")
@pytest.mark.rule("TAL-4.2.f")
@pytest.mark.rule("TAL-3.2.i")
@pytest.mark.rule("TAL-3.2.j")
@pytest.mark.rule("TAL-4.1.f")
def test_an_initiative_change_after_impulse_f_comes_before_the_power_phase():
    g = ship("g", "terran-ca", "terran", (0, 0), 0, moved=True)
    x = ship("x", "talon-ca", "talon", (0, 9), 0)
    pos = position(g, x, impulse="F", step="fire", **TERRAN)
    orders = [t({"do": "end_turn"}, "terran"), t({"do": "ap", "ship": "x", "use": "change_initiative"}),
              t({"do": "move", "unit": "x", "how": "straight"}), t({"do": "end_turn"}),
              t({"do": "initiative", "holder": "talon"})]
    nxt, ev = resolve(pos, orders)
    assert (nxt["phase"], nxt["player"], nxt["initiative"], nxt["impulse"]) == ("power", "talon", "talon", None)
    nxt, ev = resolve(nxt, [t({"do": "end_turn"})])
    assert (nxt["phase"], nxt["player"]) == ("power", "terran")


@pytest.mark.rule("TAL-8.1.2")
@pytest.mark.rule("TAL-AMB-34")
def test_red_boxes_never_charge_with_ap():
    j = ship("j", "talon-ca", "talon", (0, 0), 0, groups=[{"red": 0, "yellow": 4}, {}])
    pos = position(j, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="B")
    assert rule_of(pos, [t({"do": "ap", "ship": "j", "use": "charge", "group": 1})]) == "TAL-6.1.c"


@pytest.mark.rule("TAL-14.a")
@pytest.mark.rule("TAL-AMB-38")
def test_bases_cannot_move_or_slip():
    base = ship("b", "talon-base", "talon", (0, 0), 0)
    pos = position(base, ship("g", "terran-ca", "terran", (0, 9), 0), impulse="A")
    assert rule_of(pos, [t({"do": "move", "unit": "b", "how": "straight"})]) == "TAL-14.a"
    assert rule_of(pos, [t({"do": "ap", "ship": "b", "use": "side_slip"})]) == "TAL-AMB-38"
    retreat = position(base, ship("g", "terran-ca", "terran", (0, 9), 0), phase="retreat", impulse=None, step=None,
                       round=12)
    assert rule_of(retreat, [t({"do": "retreat", "ship": "b"})]) == "TAL-11.1.4"


@pytest.mark.rule("TAL-12.1.2.c")
def test_fighters_cannot_retreat_by_themselves():
    sq = {"id": "sq", "class": "terran-ftr", "side": "terran", "hex": [3, 0], "facing": 0}
    pos = position(ship("cv", "terran-cv", "terran", (0, 0), 0), ship("x", "talon-ca", "talon", (0, 9)),
                   squadrons=[sq], phase="retreat", impulse=None, step=None, round=12, **TERRAN)
    assert rule_of(pos, [t({"do": "retreat", "ship": "sq"}, "terran")]) == "TAL-12.1.2.c"


@pytest.mark.rule("TAL-17.3.b")
@pytest.mark.rule("TAL-17.4.1.c")
def test_fighters_and_missiles_ignore_asteroids():
    sq = {"id": "sq", "class": "terran-ftr", "side": "terran", "hex": [0, 0], "facing": 0}
    pos = position(ship("cv", "terran-cv", "terran", (5, 5), 0), ship("x", "talon-ca", "talon", (0, 9)),
                   squadrons=[sq], terrain=[{"kind": "asteroid", "hex": [1, 0]}], impulse="A", **TERRAN)
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "sq", "how": "straight"}, "terran")])
    assert of(ev, "damaged") == []
    m = {"id": "M1", "side": "talon", "hex": [0, 0], "facing": 0, "target": "g"}
    pos = position(ship("x", "talon-ca", "talon", (0, 9)), ship("g", "terran-ca", "terran", (2, 0), 3), missiles=[m],
                   terrain=[{"kind": "asteroid", "hex": [1, 0]}, {"kind": "nebula", "hex": [2, 0]}], impulse="C")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "M1", "how": "straight"})])
    assert of(ev, "damaged") == [] and unit(nxt, "M1")["hex"] == [1, 0]


@pytest.mark.rule("TAL-17.2.1.d")
@pytest.mark.rule("TAL-17.2.1.a")
@pytest.mark.rule("TAL-AMB-29")
def test_a_missile_flying_into_a_planet_is_lost_without_explosion():
    m = {"id": "M1", "side": "talon", "hex": [0, 0], "facing": 0, "target": "g"}
    pos = position(ship("x", "talon-ca", "talon", (0, 9)), ship("g", "terran-ca", "terran", (2, 0), 3),
                   missiles=[m], terrain=[{"kind": "planet", "hex": [1, 0]}], impulse="C")
    nxt, ev = resolve(pos, [t({"do": "move", "unit": "M1", "how": "straight"})])
    assert nxt["missiles"] == [] and of(ev, "exploded") == [] and nxt["terrain"][0]["kind"] == "planet"
    assert of(ev, "destroyed") == [{"type": "destroyed", "unit": "M1", "cause": "planet"}]


@pytest.mark.rule("TAL-17.5.c")
def test_the_fusion_cannon_modifies_its_one_roll_per_target():
    evis = ship("evis", "talon-bb", "talon", (0, 0), 0)
    a = ship("a", "terran-ca", "terran", (1, 0), 3)
    b = ship("b", "terran-ca", "terran", (2, -1), 3)
    pos = position(evis, a, b, terrain=[{"kind": "nebula", "hex": [2, -1]}], impulse="C", step="fire")
    _, ev = resolve(pos, [t({"do": "fire", "ship": "evis", "group": 2, "shots": [{"target": "a"}]})], dice=(5,))
    assert {e["target"]: (e["roll"], e["modified_roll"]) for e in of(ev, "fired")} == {"a": (5, 5), "b": (5, 4)}


@pytest.mark.rule("TAL-18.2.a")
@pytest.mark.rule("TAL-7.4.d")
def test_a_pull_into_a_friend_collides():
    a = ship("a", "terran-ca", "terran", (1, 0), 0)
    b = ship("b", "terran-ca", "terran", (0, 0), 0)
    pos = position(b, a, ship("x", "talon-ca", "talon", (-6, 6), 0), terrain=[{"kind": "black_hole", "hex": [4, 0]}],
                   phase="power", impulse=None, step=None, player="terran", initiative="talon")
    _, ev = resolve(pos, [t({"do": "end_turn"}, "terran")])
    assert [e["unit"] for e in of(ev, "pulled")] == ["x", "b", "a"]  # the Initiative Player's ships first
    assert of(ev, "collision") == [{"type": "collision", "unit": "b", "other": "a"}]
    assert [(e["unit"], e["arc"], e["amount"]) for e in of(ev, "damaged")] == [("b", "F", 3), ("a", "Rear", 3)]


@pytest.mark.rule("TAL-15.1.2.a")
def test_knock_back_keeps_the_turn_radius_count():
    vanguard = ship("vanguard", "terran-bb", "terran", (0, 0), 0)
    dn = ship("dn", "talon-dn", "talon", (2, 0), 0, tr_count=2)
    pos = position(vanguard, dn, impulse="C", step="fire", **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "fire", "ship": "vanguard", "group": 2, "shots": [{"target": "dn"}]}, "terran")],
                     dice=(6,))
    assert unit(nxt, "dn")["hex"] == [3, 0] and unit(nxt, "dn")["tr_count"] == 2


@pytest.mark.rule("TAL-13.1")
@pytest.mark.rule("TAL-13.4.b")
@pytest.mark.rule("TAL-AMB-17")
def test_unlimited_missiles_turning_every_move():
    m = {"id": "M99", "side": "talon", "hex": [0, 0], "facing": 0, "target": "g"}
    pos = position(ship("x", "talon-ca", "talon", (0, 9)), ship("g", "terran-ca", "terran", (3, -3), 0),
                   missiles=[m], impulse="C", next_missile=100)
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "M99", "how": "turn_left"})])
    assert unit(nxt, "M99")["facing"] == 1 and nxt["next_missile"] == 100


@pytest.mark.rule("TAL-2.10")
@pytest.mark.rule("TAL-10.2.1")
@pytest.mark.rule("TAL-5.1.m")
def test_weapons_batteries_and_afterburners_by_faction():
    for c in pack("talon-ext").values():
        weapons = {g.weapon for g in c.groups}
        if c.side == "terran":
            assert weapons <= {"phaser", "amt", "wmg"} and c.afterburners == 0
        else:
            assert weapons <= {"disruptor", "missile", "fusion_cannon"} and not c.battery


@pytest.mark.rule("TAL-D-13")
def test_recharge_arithmetic_passive_only():
    """Disruptor ×2 (1R 4Y) is full after 3 Power Phases; AM Torpedo (2R 2Y, one weapon) after 4."""
    bars = [{"red": 0, "yellow": 0}, {"red": 0, "yellow": 0}]
    ca = ship("c", "talon-ca", "talon", (0, 0), 0, groups=bars)
    tca = ship("g", "terran-ca", "terran", (0, 9), 0, groups=[{}, {"red": 0, "yellow": 0}, {}])
    full_at: dict[str, int] = {}
    for phase in range(1, 5):
        pos = position(ca, tca, phase="retreat", impulse=None, step=None, player="terran", initiative="talon")
        pos = resolve(pos, [t({"do": "end_turn"}, "terran")])[0]  # the Round ends
        pos["impulse"], pos["ships"][0]["moved"] = "F", True
        pos["step"] = "fire"
        nxt, _ = resolve(pos, [t({"do": "end_turn"}), t({"do": "move", "unit": "g", "how": "straight"}, "terran"),
                               t({"do": "end_turn"}, "terran"), t({"do": "end_turn"})])
        ca = {**ca, "groups": unit(nxt, "c")["groups"]}
        tca = {**tca, "groups": unit(nxt, "g")["groups"]}
        for uid, g in (("c", ca["groups"][0]), ("g", tca["groups"][1])):
            if (g["red"], g["yellow"]) == ((1, 4) if uid == "c" else (2, 2)):
                full_at.setdefault(uid, phase)
    assert full_at == {"c": 3, "g": 4}


@pytest.mark.rule("TAL-D-10")
def test_missile_launch_range_is_an_option():
    dd = ship("dd", "talon-dd", "talon", (0, 0), 0)
    far = ship("g", "terran-ca", "terran", (5, 0), 3)
    shot = [t({"do": "fire", "ship": "dd", "group": 2, "shots": [{"target": "g", "hex": [1, 0], "facing": 0}]})]
    assert rule_of(position(dd, far, impulse="C", step="fire"), shot) == "TAL-8.3"
    nxt, _ = resolve(position(dd, far, impulse="C", step="fire", options={"missile_launch_range": [1, 5]}), shot)
    assert nxt["missiles"][0]["target"] == "g"


@pytest.mark.rule("TAL-IMP-7")
def test_damage_is_conserved_across_reinforcement_shields_and_hull():
    from hexfleet.games.talon.damage import hit

    from .helpers import world
    for amount in range(1, 9):
        g = ship("g", "terran-ca", "terran", (0, 0), 0, reinforcements={"L": {"round": 1, "impulse": "A"}})
        w = world(position(g), dice=(3, 4) * 3)
        hit(w, w.pos["ships"][0], "L", amount, "fire")
        d = of(w.events, "damaged")[0]
        assert d["reinforcement"] + d["shield"] + d["hull"] == amount


@pytest.mark.rule("TAL-17.1.c")
def test_terrain_keeps_its_hex_when_the_map_floats():
    g = ship("g", "terran-ca", "terran", (7, 0), 0)
    rock = {"kind": "asteroid", "hex": [2, 2]}
    pos = position(g, ship("x", "talon-ca", "talon", (0, 0), 0), terrain=[rock], impulse="B", map=BOARD, **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert nxt["map"]["origin"] != BOARD["origin"] and nxt["terrain"] == [rock]


@pytest.mark.rule("TAL-17.1.e")
def test_a_ship_lost_to_terrain_scores_for_the_enemy():
    g = ship("g", "terran-ca", "terran", (0, 0), 0)
    pos = position(g, ship("x", "talon-ca", "talon", (0, 9), 0), terrain=[{"kind": "planet", "hex": [1, 0]}],
                   impulse="B", **TERRAN)
    nxt, _ = resolve(pos, [t({"do": "move", "unit": "g", "how": "straight"}, "terran")])
    assert nxt["outcome"]["score"] == {"terran": 0, "talon": 115} and nxt["outcome"]["winners"] == ["talon"]


@pytest.mark.rule("TAL-17.1.a")
def test_the_five_terrain_kinds():
    from hexfleet.engine.errors import FormatError
    from hexfleet.games.talon.position import parse_position

    kinds = ["planet", "asteroid", "nebula", "black_hole", "worm_hole"]
    pos = parse_position(position(terrain=[{"kind": k, "hex": [i, 0]} for i, k in enumerate(kinds)]))
    assert [x["kind"] for x in pos["terrain"]] == kinds
    with pytest.raises(FormatError):
        parse_position(position(terrain=[{"kind": "moon", "hex": [0, 0]}]))


@pytest.mark.rule("TAL-2.9")
@pytest.mark.rule("TAL-2.8")
def test_every_marker_is_state_in_the_position():
    from hexfleet.games.talon import interchange

    g = ship("g", "terran-ca", "terran", (0, 0), 0, tr_count=2, side_slip=True, initiative_marker="defend",
             reinforcements={"F": {"round": 2, "impulse": "C"}},
             criticals={"shields_down": {"round": 2, "impulse": None}, "thrusters": True, "power_relay": True})
    m = {"id": "M3", "side": "talon", "hex": [3, 0], "facing": 3, "target": "g", "damaged": True}
    pos = position(g, ship("x", "talon-ca", "talon", (0, 9), 0), missiles=[m], round=3, initiative="terran",
                   player="terran")
    again = interchange.dump(interchange.parse(pos))
    kept = unit(again, "g")
    assert (kept["side_slip"], kept["initiative_marker"], kept["reinforcements"]) == \
        (True, "defend", {"F": {"round": 2, "impulse": "C"}})
    assert unit(again, "g")["criticals"] == g["criticals"] and unit(again, "M3")["damaged"] is True
    assert (again["round"], again["initiative"], unit(again, "g")["tr_count"]) == (3, "terran", 2)


@pytest.mark.rule("TAL-2.1")
def test_all_chance_is_six_sided():
    from hexfleet.engine.errors import RuleError

    x = ship("x", "talon-ca", "talon", (0, 0), 0)
    pos = position(x, ship("g", "terran-ca", "terran", (2, 0), 3), impulse="C", step="fire")
    order = [t({"do": "fire", "ship": "x", "group": 1, "shots": [{"target": "g"}, {"target": "g"}]})]
    with pytest.raises(RuleError) as err:
        resolve(pos, order, dice=(7,))
    assert err.value.rule == "ENGINE-DICE"
