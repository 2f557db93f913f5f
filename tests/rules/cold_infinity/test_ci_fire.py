"""Weapons fire (CI-7): arming and cooldown (TV-28), arcs (TV-29, TV-30, TV-48), line of sight,
the to-hit roll and its modifiers (TV-42), silhouettes and sections (TV-49), damage on marginal
hits (TV-33) and the house damage layer (H-03, H-04, H-05)."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.rng import Rng
from hexfleet.games.cold_infinity import fire, power
from hexfleet.games.cold_infinity.dice import Dice
from hexfleet.games.cold_infinity.position import read_position
from hexfleet.games.cold_infinity.turn import end_of_turn, start_of_turn

from .helpers import design, of_type, pos, position, resolve, unit


def _gun(arc: str, rof: str = "1+0", cooldown: int = 0, **more: Any) -> dict:
    return {"id": "gun", "type": "weapon", "section": "main", "structure": 4, "power": 1,
            "weapon": {"arc": arc, "rof": rof, "cooldown": cooldown, "dmg": "1d6", "rng": 2, **more}}


def _boat(arc: str = "1 standard", **gun: Any) -> dict:
    return {"hull": "gunboat", "mass": 6, "silhouette": {"fa": 1, "ps": 2}, "sections": {"main": {"armor": 1, "hull": 10}},
            "systems": [{"id": "reactor", "type": "reactor", "section": "main", "structure": 5, "power": "unpowered",
                         "reactor": {"rating": 5}}, _gun(arc, **gun)]}


def duel(arc: str = "1 standard", target: tuple[int, int] = (0, -3), facing: int = 1, attitude: str = "up",
         options: dict | None = None, z: int = 0, **gun: Any) -> dict:
    return read_position(position([unit("A", "red", "boat", (0, 0), facing, attitude=attitude),
                                   unit("T", "blue", "boat", target, 1, z=z)],
                                  designs={"boat": _boat(arc, **gun)}, options=options or {}))


def can_fire(p: dict) -> bool:
    try:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"),)))
    except RuleError:
        return False
    return True


def in_arc(arc: str, target: tuple[int, int], facing: int = 1, attitude: str = "up", **kw: Any) -> bool:
    p = duel(arc, target, facing, attitude, **kw)
    return fire.in_arc(p, p["units"][0], arc, p["units"][1])


def play_turns(p: dict, plan: dict[int, str], turns: int) -> list[int]:
    """Turn by turn: the power order (``on``/``off``), fire whenever able; the turns it fired."""
    fired_on = []
    for t in range(1, turns + 1):
        a = p["units"][0]
        action = plan.get(t)
        order = power.PowerOrder(activate=("gun",)) if action == "on" else \
            power.PowerOrder(deactivate=("gun",)) if action == "off" else power.PowerOrder()
        power.apply(p, a, order)
        fired = set()
        if can_fire(p):
            _, done = fire.resolve(p, Dice(Rng.from_seed(t), t), {"red": {"A": fire.FireOrder((fire.Attack("gun", "T"),))}})
            fired = done
            fired_on.append(t)
        end_of_turn(p, fired)
        start_of_turn(p)
    return fired_on


@pytest.mark.rule("CI-7.1.3.a")
@pytest.mark.rule("CI-7.1.3.b")
@pytest.mark.rule("CI-7.1.3.c")
@pytest.mark.rule("CI-7.1.a")
@pytest.mark.rule("CI-7.1.3")
@pytest.mark.rule("CI-7.0.a")
def test_tv28_arming_1_plus_2() -> None:
    assert play_turns(duel(rof="1+2"), {}, 8) == [1, 4, 7]
    assert play_turns(duel(rof="1+2"), {3: "off", 6: "on"}, 8)[:2] == [1, 8]


@pytest.mark.rule("CI-7.1.3.d")
@pytest.mark.rule("CI-7.1.3.e")
@pytest.mark.rule("CI-7.1.1.1")
def test_tv28_cooldown() -> None:
    """1+2 C-1 fired T1: off on T2 (cooldown), reactivated T3, arms T3–T4, fires T5."""
    assert play_turns(duel(rof="1+2", cooldown=1), {3: "on"}, 5) == [1, 5]


@pytest.mark.rule("CI-7.1.3.b")
def test_tv28_one_plus_three_fires_turn_five_gap30() -> None:
    assert play_turns(duel(rof="1+3"), {}, 5) == [1, 5]


@pytest.mark.rule("CI-3.2.c")
def test_y0_weapon_fires_on_its_activation_turn_y1_the_next() -> None:
    p = duel(rof="1+0")
    p["units"][0]["systems"]["gun"]["active"] = False
    assert play_turns(p, {1: "on"}, 1) == [1]
    p = duel(rof="1+1")
    p["units"][0]["systems"]["gun"]["active"] = False
    assert play_turns(p, {1: "on"}, 2) == [2]


@pytest.mark.rule("CI-7.1.1.a")
@pytest.mark.rule("CI-7.1.3.a")
def test_fire_order_errors() -> None:
    p = duel()
    p["units"][0]["systems"]["gun"]["active"] = False
    with pytest.raises(RuleError) as e:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"),)))
    assert e.value.rule == "CI-7.1.1.a"
    p = duel()
    with pytest.raises(RuleError) as e:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"), fire.Attack("gun", "T"))))
    assert e.value.rule == "CI-7.1.3.a"
    p = duel(rof="2+0")
    fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"), fire.Attack("gun", "T"))))
    p["units"][0]["systems"]["gun"]["arming"] = 1
    with pytest.raises(RuleError) as e:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"),)))
    assert e.value.rule == "CI-7.1.3.b"


@pytest.mark.rule("CI-7.1.4")
@pytest.mark.rule("CI-7.1.4.a")
@pytest.mark.rule("CI-7.1.4.c")
@pytest.mark.rule("CI-7.1.4")
def test_tv48_arc_shapes() -> None:
    assert [h for h in [(0, -1), (1, -1), (-1, 0)] if in_arc("1 narrow", h)] == [(0, -1)]
    assert [h for h in [(-1, -1), (0, -2), (1, -2), (2, -2), (-2, 0)] if in_arc("1 narrow", h)] == \
        [(-1, -1), (0, -2), (1, -2)]
    assert all(in_arc("1 standard", h) for h in [(0, -1), (1, -1), (-1, 0)])
    assert not in_arc("1 standard", (1, 0))
    assert in_arc("2/3 wide", (0, -1)) and in_arc("2/3 wide", (0, 1)) and in_arc("2/3 wide", (3, 0))
    assert not in_arc("2/3 wide", (-1, 0))
    assert in_arc("1 fixed", (0, -5)) and not in_arc("1 fixed", (1, -5))
    assert in_arc("1/2 fixed", (1, -2)) and in_arc("1/2 fixed", (1, -1)) and in_arc("1/2 fixed", (0, -1))
    assert in_arc("4 narrow", (0, 0))  # the own hex is in every arc


@pytest.mark.rule("CI-7.1.4.b")
@pytest.mark.rule("CI-7.1.4.1")
def test_tv29_turrets_of_rolled_and_tumbled_ships() -> None:
    assert in_arc("dorsal turret", (1, 0)) and in_arc("dorsal turret", (0, 3))
    assert in_arc("dorsal turret", (-1, 0), attitude="rolled_port")
    assert not in_arc("dorsal turret", (1, 0), attitude="rolled_port")
    assert in_arc("dorsal turret", (0, -1), attitude="rolled_port")  # on the boundary
    assert in_arc("dorsal turret", (2, -1), attitude="rolled_starboard")
    assert in_arc("dorsal turret", (0, -2), attitude="tumbled_forward")
    assert not in_arc("dorsal turret", (0, 2), attitude="tumbled_forward")
    assert in_arc("keel turret", (-1, 0), attitude="rolled_port")  # 2-D: every turret is dorsal (CI-7.1.4.b)
    opts = {"three_d": True}
    assert in_arc("keel turret", (2, -1), attitude="rolled_port", options=opts)
    assert in_arc("keel turret", (0, 2), attitude="tumbled_forward", options=opts)
    assert in_arc("keel turret", (-1, 1), attitude="rolled_starboard", options=opts)
    assert in_arc("keel turret", (0, -2), attitude="tumbled_aft", options=opts)


@pytest.mark.rule("CI-7.1.4.3")
@pytest.mark.rule("CI-7.1.4.3.a")
@pytest.mark.rule("CI-6.1.a")
def test_tv30_three_d_narrow_2_3_upright_and_flipped() -> None:
    opts = {"three_d": True}
    assert in_arc("2/3 narrow", (1, -1), options=opts) and in_arc("2/3 narrow", (1, 0), options=opts)
    assert not in_arc("2/3 narrow", (1, 0), options=opts, z=1)
    assert in_arc("2/3 narrow", (2, -1), options=opts, z=1) and not in_arc("2/3 narrow", (2, -1), options=opts, z=2)
    assert in_arc("2/3 narrow", (3, -2), options=opts, z=-2)
    assert in_arc("2/3 narrow", (-1, 0), attitude="flipped") and not in_arc("2/3 narrow", (1, -1), attitude="flipped")
    # rolled 90° to starboard: the arc points down: own column at and below; Δz ≤ −2, −4, −6 at 1, 2, 3
    down = {"attitude": "rolled_starboard", "options": opts}
    assert in_arc("2/3 narrow", (0, 0), z=-5, **down) and not in_arc("2/3 narrow", (0, 0), z=1, **down)
    assert in_arc("2/3 narrow", (1, 0), z=-2, **down) and not in_arc("2/3 narrow", (1, 0), z=-1, **down)
    assert in_arc("2/3 narrow", (2, 0), z=-4, **down) and not in_arc("2/3 narrow", (2, 0), z=-3, **down)
    assert in_arc("2/3 narrow", (3, 0), z=-6, **down) and not in_arc("2/3 narrow", (3, 0), z=-5, **down)
    assert not in_arc("2/3 narrow", (1, 0), z=-2, attitude="rolled_port", options=opts)  # points up then
    assert in_arc("dorsal turret", (3, 0), options=opts, z=2) and not in_arc("keel turret", (3, 0), options=opts, z=2)


@pytest.mark.rule("CI-7.1.4.1")
@pytest.mark.rule("CI-7.1.4.3")
def test_fore_and_aft_arcs_of_rolled_ships_in_the_local_frame() -> None:
    """B.8 (GAP-33, GAP-35): rolled 90°, a fore/aft arc's window swings into the vertical and
    the map's lateral becomes elevation (strictly under 45°). In 2-D every shape keeps the
    in-plane targets within 45° of its centre; in 3-D the layers count (before, a rolled
    ship's fore arc ignored Δz)."""
    # 2-D: (2,-3) lies 40.9° off the nose, (3,-4) 46.1°
    assert in_arc("1 narrow", (2, -3), attitude="rolled_port") and not in_arc("1 narrow", (2, -3))
    assert not in_arc("1 standard", (3, -4), attitude="rolled_port") and in_arc("1 standard", (3, -4))
    assert in_arc("1 fixed", (0, -4), attitude="rolled_port") and not in_arc("1 fixed", (1, -4), attitude="rolled_port")
    opts = {"three_d": True}
    rolled = {"attitude": "rolled_starboard", "options": opts}
    # straight ahead 3 hexes: Narrow ±30° in the vertical: 1 layer (18.4°) yes, 2 (33.7°) no, either way
    assert in_arc("1 narrow", (0, -3), z=1, **rolled) and in_arc("1 narrow", (0, -3), z=-1, **rolled)
    assert not in_arc("1 narrow", (0, -3), z=2, **rolled) and not in_arc("1 narrow", (0, -3), z=-2, **rolled)
    assert in_arc("1 narrow", (0, -3), z=2, options=opts)  # upright: |Δz| ≤ d − 1
    assert not in_arc("1 narrow", (0, -1), z=10, **rolled)  # far overhead is not ahead
    # Standard ±60°: 5 layers at 3 hexes (59.0°) yes, 6 (63.4°) no
    assert in_arc("1 standard", (0, -3), z=5, **rolled) and not in_arc("1 standard", (0, -3), z=6, **rolled)
    # the lateral becomes elevation: (3,-4) is 46.1° off in the plane, 33.6° three layers up
    assert not in_arc("1 standard", (3, -4), **rolled) and in_arc("1 standard", (3, -4), z=3, **rolled)
    assert not in_arc("1 narrow", (3, -4), z=3, **rolled)  # but 50.2° up the window
    # aft arcs alike; a Fixed arc only on the ship's layer
    assert in_arc("4 standard", (0, 3), z=-4, attitude="rolled_port", options=opts)
    assert not in_arc("4 standard", (0, 3), z=-6, attitude="rolled_port", options=opts)
    assert not in_arc("1 fixed", (0, -4), z=1, **rolled) and in_arc("1 fixed", (0, -4), **rolled)


@pytest.mark.rule("CI-7.1.5.a")
@pytest.mark.rule("CI-7.1.5.b")
@pytest.mark.rule("CI-7.1.5.c")
@pytest.mark.rule("CI-7.1.5")
def test_line_of_sight() -> None:
    def blocked(blocker_mass: float, where: tuple[int, int]) -> bool:
        d = _boat()
        big = {**_boat(), "mass": blocker_mass}
        p = read_position(position([unit("A", "red", "boat"), unit("T", "blue", "boat", (0, -4)),
                                    unit("X", "blue", "big", where)], designs={"boat": d, "big": big}))
        return not fire.los_clear(p, p["units"][0], p["units"][1])
    assert blocked(6, (0, -3))            # Mass ≥ the target's blocks anywhere
    assert blocked(3, (0, -1))            # half, nearer the firer
    assert not blocked(3, (0, -3))        # half, nearer the target
    assert not blocked(2, (0, -1))
    p = duel(target=(0, -4))
    p["units"].append({**p["units"][1], "id": "X", "hex": [0, -2]})
    with pytest.raises(RuleError) as e:
        fire.check(p, p["units"][0], fire.FireOrder((fire.Attack("gun", "T"),)))
    assert e.value.rule == "CI-7.1.5.c"


@pytest.mark.rule("CI-7.3.1.b")
@pytest.mark.rule("CI-7.3.1.c")
@pytest.mark.rule("CI-4.2.b")
@pytest.mark.rule("CI-4.3.a")
@pytest.mark.rule("CI-4.3.b")
@pytest.mark.rule("CI-7.3.1")
@pytest.mark.rule("CI-4.3")
@pytest.mark.rule("CI-7.5")
def test_tv42_drm_assembly() -> None:
    """P/S 3, amplification +2, ECM 1, range −2: locked +2; not locked 0; a fighter +1."""
    d = design("reaper")
    p = read_position(position([unit("A", "red", "reaper"), unit("T", "blue", "reaper", (4, -2), 1)],
                               designs={"reaper": d}))
    a, t = p["units"]
    a["ew"].update(shroud=1, amplify=2)
    t["ew"]["ecm"] = 1
    gun = next(s for s in d["systems"] if s["id"] == "railgun_1")
    parts, rng, locked = fire.drm(p, a, t, gun, "ps")
    assert rng == 4 and locked and sum(parts.values()) == 2
    a["ew"].update(shroud=0, amplify=0)
    parts, _, locked = fire.drm(p, a, t, gun, "ps")
    assert not locked and parts["range"] == -4 and sum(parts.values()) == 3 - 1 - 4
    f = read_position(position([unit("F", "red", "talon_flight", count=3), unit("T", "blue", "reaper", (4, -2))]))
    fa, ft = f["units"]
    ft["ew"]["ecm"] = 1
    cannon = dict(gun)
    parts, _, locked = fire.drm(f, fa, ft, cannon, "ps")
    assert locked and parts["ecm"] == 0 and sum(parts.values()) == 3 - 2


@pytest.mark.rule("CI-7.3.2.a")
@pytest.mark.rule("CI-7.3.2.b")
@pytest.mark.rule("CI-7.3.2.c")
@pytest.mark.rule("CI-7.4.1.b")
@pytest.mark.rule("CI-7.4.1.A")
@pytest.mark.rule("CI-7.3.2")
@pytest.mark.rule("CI-7.4.1")
@pytest.mark.rule("CI-7.4")
def test_tv49_silhouette_and_section() -> None:
    def at(h: tuple[int, int], choice: str | None = None, attitude: str = "up") -> tuple[str, list[str]]:
        p = pos([unit("T", "blue", "reaper", attitude=attitude), unit("A", "red", "reaper", h)])
        t, a = p["units"]
        sil = fire.silhouette(p, a, t, choice)
        return sil, fire.section_candidates(p, a, t, sil)
    assert at((0, -5)) == ("fa", ["forward"])
    assert at((3, -3)) == ("ps", ["forward"])
    assert at((2, -1)) == ("ps", ["forward", "aft"])
    assert at((2, -4))[0] == "ps" and at((2, -4), "fa")[0] == "fa"
    assert at((0, 5)) == ("fa", ["aft"])
    assert at((3, -3), attitude="rolled_port")[0] == "fa" and at((0, -5), attitude="tumbled_aft")[0] == "ps"


@pytest.mark.rule("CI-7.4.1.b")
def test_five_and_seven_section_selection() -> None:
    p = pos([unit("T", "blue", "warden"), unit("A", "red", "reaper", (4, -3)), unit("B", "red", "reaper", (-4, 3))])
    t, a, b = p["units"]
    assert fire.section_candidates(p, a, t, "ps") == ["starboard"]
    assert fire.section_candidates(p, b, t, "ps") == ["port"]
    assert fire.section_candidates(p, a, t, "fa") == ["forward"]
    dn = design("warden", hull="dreadnought", sections={n: {"armor": 5, "hull": 20} for n in (
        "forward", "forward_starboard", "aft_starboard", "aft", "aft_port", "forward_port", "core")})
    for s in dn["systems"]:
        s["section"] = "core"
    p = read_position(position([unit("T", "blue", "dn"), unit("A", "red", "reaper", (2, -1)),
                                unit("B", "red", "reaper", (1, -2))], designs={"dn": dn, "reaper": design("reaper")}))
    t, a, b = p["units"]
    assert fire.section_candidates(p, a, t, "ps") == ["forward_starboard", "aft_starboard"]
    assert fire.section_candidates(p, b, t, "ps") == ["forward", "forward_starboard"]


@pytest.mark.rule("CI-7.4.b")
@pytest.mark.rule("CI-7.4.a")
def test_tv33_marginal_damage() -> None:
    assert fire.damage_amount(5, True, []) == 3
    assert fire.damage_amount(5, True, ["half_structure"]) == 2
    assert fire.damage_amount(5, True, ["double_structure"]) == 5
    assert fire.damage_amount(5, False, []) == 5
    assert fire.damage_amount(5, False, ["double_structure"]) == 10


@pytest.mark.rule("CI-7.3.a")
@pytest.mark.rule("CI-7.3.b")
@pytest.mark.rule("CI-7.4.1.a")
def test_attack_damage_and_core_through_resolve() -> None:
    """Forced dice: to-hit 6,6,6 (total ≥ 18 → core, H-05), damage 6, hit_system face 1."""
    p = position([unit("A", "red", "reaper", ew={"points": 4, "shroud": 1}), unit("T", "blue", "reaper", (0, -2), 4)],
                 phase="fire")
    nxt, events = resolve(p, [{"@phase": "fire", "red": {"A": {"attacks": [{"weapon": "railgun_1", "target": "T"}]}}}],
                          dice=(6, 6, 6, 6, 1))
    attack = of_type(events, "attack")[0]
    assert attack["hit"] and not attack["marginal"] and attack["section"] == "core" and attack["total"] >= 18
    damage = of_type(events, "damage")[0]
    assert damage["amount"] == 6 and damage["armor"] == 6 and damage["hits"] == []
    assert nxt["turn"] == 2 and nxt["phase"] == "power"
    assert nxt["units"][0]["systems"]["railgun_1"]["arming"] == 0


@pytest.mark.rule("CI-7.3.a")
def test_damage_applies_at_the_end_of_the_phase() -> None:
    """Both ships fire in the starship phase: the one destroyed still fires (one-section gunboats
    built from the Reaper's systems, CI-1.5.1.c)."""
    d = design("reaper", hull="gunboat")
    d["sections"] = {"main": {"armor": 0, "hull": 1}}
    for s in d["systems"]:
        s["section"] = "main"
    p = position([unit("A", "red", "r"), unit("T", "blue", "r", (0, -2), 4)], phase="fire", designs={"r": d})
    orders = [{"@phase": "fire", "red": {"A": {"attacks": [{"weapon": "railgun_1", "target": "T"}]}},
               "blue": {"T": {"attacks": [{"weapon": "railgun_1", "target": "A"}]}}}]
    nxt, events = resolve(p, orders, dice=(6, 6, 6, 6, 15, 6, 6, 6, 6, 15))
    assert [e["attacker"] for e in of_type(events, "attack")] == ["A", "T"]
    assert all("destroyed" in u["status"] for u in nxt["units"])
    assert nxt["outcome"]["winners"] == []


def _df_duel() -> dict:
    return position([unit("A", "red", "reaper", ew={"points": 4, "shroud": 1}),
                     unit("T", "blue", "lancer", (0, -2), 4, ew={"points": 3, "shroud": 1})], phase="fire")


@pytest.mark.rule("CI-7.2.3")
@pytest.mark.rule("CI-7.2.7")
@pytest.mark.rule("CI-7.2.4")
def test_defensive_fire_step_house_h06() -> None:
    """T sets its DF-1 turret to defensive fire and allocates it to A's shot: −1 to that attack."""
    steps = [{"@phase": "fire", "red": {"A": {"attacks": [{"weapon": "railgun_1", "target": "T"}]}},
              "blue": {"T": {"df": {"turret": "S"}}}}]
    nxt, events = resolve(_df_duel(), steps)
    assert nxt["phase"] == "defense" and not of_type(events, "attack")
    nxt, events = resolve(_df_duel(), steps + [{"@phase": "defense", "blue": {"T": {"turret": "A:railgun_1:1"}}}],
                          dice=(3, 3, 3))
    attack = of_type(events, "attack")[0]
    assert attack["parts"]["defensive_fire"] == -1
    with pytest.raises(RuleError) as e:
        resolve(_df_duel(), steps + [{"@phase": "defense", "blue": {"T": {"turret": "A:railgun_1:2"}}}])
    assert e.value.rule == "CI-7.2.7"


@pytest.mark.rule("CI-7.2.6")
def test_a_df_weapon_cannot_also_fire() -> None:
    steps = [{"@phase": "fire", "blue": {"T": {"df": {"turret": "S"},
                                               "attacks": [{"weapon": "turret", "target": "A"}]}}}]
    with pytest.raises(RuleError) as e:
        resolve(_df_duel(), steps)
    assert e.value.rule == "CI-7.2.6"


@pytest.mark.rule("CI-4.8.1")
@pytest.mark.rule("CI-7.2.10")
@pytest.mark.rule("CI-7.2.9")
def test_detector_step_allocates_reserved_points() -> None:
    d = design("reaper")
    d["systems"].append({"id": "det", "type": "ew_detector", "section": "core", "structure": 1, "power": 0,
                         "ew_detector": {}})
    p = position([unit("A", "red", "r", ew={"points": 4, "shroud": 1, "reserve": 2}),
                  unit("T", "blue", "r", (0, -2), 4)], phase="fire", designs={"r": d})
    steps = [{"@phase": "fire", "red": {"A": {"attacks": [{"weapon": "railgun_1", "target": "T"}]}}},
             {"@phase": "detector", "red": {"A": {"amplify": 2}}}]
    nxt, events = resolve(p, steps, dice=(3, 3, 3))
    assert of_type(events, "ew")[0]["amplify"] == 0  # announced before the reserve is allocated
    assert of_type(events, "attack")[0]["parts"]["amplify"] == 2
    with pytest.raises(RuleError) as e:
        resolve(p, [steps[0], {"@phase": "detector", "red": {"A": {"amplify": 3}}}])
    assert e.value.rule == "CI-4.8.1"


@pytest.mark.rule("CI-7.3.3")
@pytest.mark.rule("CI-7.3.3.a")
def test_three_d_silhouettes() -> None:
    def sil(z: int, attitude: str = "up", choice: str | None = None) -> str:
        p = pos([unit("T", "blue", "reaper", attitude=attitude), unit("A", "red", "reaper", (0, -3), z=z)],
                options={"three_d": True})
        t, a = p["units"]
        return fire.silhouette(p, a, t, choice)
    assert sil(0) == "fa"                       # same layer: as in 2-D
    assert sil(5) == "ps"                       # Z greater: the greater rating (P/S 3)
    assert sil(5, "tumbled_forward") == "fa" and sil(5, "rolled_port") == "ps"
    assert sil(2) == "fa" and sil(2, "rolled_port") == "fa" and sil(2, "tumbled_aft") == "ps"
    assert sil(3, choice="fa") == "fa" and sil(3) == "ps"   # equal: attacker's choice, else the larger


@pytest.mark.rule("CI-7.1.4.2")
def test_abstracted_arcs() -> None:
    p = duel("1 narrow", (2, -1), options={"abstracted_arcs": 1})
    a, t = p["units"]
    assert fire.arc_eligible(p, a, "1 narrow", t) and fire.arc_drm(p, a, "1 narrow", t) == -2
    assert fire.arc_drm(p, a, "1 fixed", t) == -3 and fire.arc_drm(p, a, "2 standard", t) == -1
    p = duel("1 narrow", (0, 3), options={"abstracted_arcs": 2})
    a, t = p["units"]
    assert fire.arc_eligible(p, a, "1 narrow", t) and fire.arc_drm(p, a, "1 narrow", t) == -4
    p = duel("1 narrow", (0, 3), options={"abstracted_arcs": 2, "abstract2_facing4": -3})
    assert fire.arc_drm(p, p["units"][0], "1 narrow", p["units"][1]) == -3
    p = duel("1 narrow", (2, -1), options={"abstracted_arcs": 2})
    assert fire.arc_drm(p, p["units"][0], "1 narrow", p["units"][1]) == -2  # 90°: facing 2/3


@pytest.mark.rule("CI-7.1.5.1")
def test_tv31_three_d_los_segments() -> None:
    """A at +10, B at +4, three segments: bands [+10,+8], [+8,+6], [+6,+4]; a blocker in the
    middle segment blocks only within [+8,+6]."""
    def blocked(z: int, segments: int = 3) -> bool:
        d = _boat()
        p = read_position(position([unit("A", "red", "boat", z=10), unit("T", "blue", "boat", (0, -6), z=4),
                                    unit("X", "blue", "boat", (0, -3), z=z)], designs={"boat": d},
                                   options={"three_d": True, "los_3d_segments": segments}))
        return not fire.los_clear(p, p["units"][0], p["units"][1])
    assert blocked(7) and blocked(8) and not blocked(9) and not blocked(5)
    assert blocked(9, 0) and not blocked(10, 0)


@pytest.mark.rule("CI-4.6")
@pytest.mark.rule("CI-4.6.a")
def test_ship_signature_bonus() -> None:
    d = design("reaper")
    p = read_position(position([unit("A", "red", "reaper"), unit("T", "blue", "reaper", (0, -2), signature=8)],
                               designs={"reaper": d}, options={"ship_signatures": True}))
    gun = next(s for s in d["systems"] if s["id"] == "railgun_1")
    assert fire.drm(p, p["units"][0], p["units"][1], gun, "fa")[0]["signature"] == 8
    p["options"]["ship_signatures"] = False
    assert fire.drm(p, p["units"][0], p["units"][1], gun, "fa")[0]["signature"] == 0


@pytest.mark.rule("CI-7.4.1.B")
@pytest.mark.rule("CI-1.1.e")
def test_advanced_section_selection_by_the_cubes() -> None:
    """The section-selection cubes as the text gives them: a tumbled 3-section ship (attacker's
    choice on its layer, below → the end pointing down); a rolled 5-section ship from above or
    below → the side turned that way. Option ``section_cubes`` (off by default: the format's
    section rule is B.11)."""
    def candidates(target: dict, z: int, *, cubes: bool = True) -> list[str]:
        p = pos([unit("A", "blue", "reaper", (0, -3), 4, z=z), target],
                options={"three_d": True, "section_cubes": cubes})
        return fire.section_candidates(p, p["units"][0], p["units"][1], "fa")

    tumbled = unit("T", "red", "reaper", attitude="tumbled_forward")
    assert candidates(tumbled, 0) == ["forward", "aft"]  # same layer: the attacker chooses
    assert candidates(tumbled, -2) == ["forward"] and candidates(tumbled, 2) == ["aft"]
    assert candidates(unit("T", "red", "reaper", attitude="tumbled_aft"), -2) == ["aft"]
    assert candidates(tumbled, 0, cubes=False) == ["forward"]  # default, the format's B.11: by bearing
    rolled_port = unit("C", "red", "warden", attitude="rolled_port")  # port side down
    assert candidates(rolled_port, 3) == ["starboard"] and candidates(rolled_port, -3) == ["port"]
    assert candidates(unit("C", "red", "warden", attitude="rolled_starboard"), 3) == ["port"]
    assert candidates(rolled_port, 0) == ["forward"]  # same layer: forward or aft, as 3 sections
    tumbled_cruiser = unit("C", "red", "warden", attitude="tumbled_forward")
    assert candidates(tumbled_cruiser, -5) == ["forward"]  # vertical 5 > horizontal 3 (GAP-40)


@pytest.mark.rule("CI-6.1.d")
def test_up_and_down_are_relative() -> None:
    """Layer +3 is down from +6 and up from −4: a ship tumbled forward at +3 shows its aft end
    to an attacker at +6 (above it) and its forward end to one at −4 (below it)."""
    def section(attacker_z: int) -> list[str]:
        p = pos([unit("A", "blue", "reaper", (0, -2), 4, z=attacker_z),
                 unit("T", "red", "reaper", attitude="tumbled_forward", z=3)],
                options={"three_d": True, "section_cubes": True})
        return fire.section_candidates(p, p["units"][0], p["units"][1], "fa")

    assert section(6) == ["aft"] and section(-4) == ["forward"] and section(3) == ["forward", "aft"]


@pytest.mark.rule("CI-7.2.a")
@pytest.mark.rule("CI-7.2.1")
def test_the_listed_fire_orders_offer_each_target_in_reach() -> None:
    """A player writes down which weapons fire at which targets (CI-7.2.a): the listed orders
    (what bots choose among) are holding fire, every armed weapon at the nearest enemy it can
    hit, and every weapon at each other enemy it can hit, each one the rules accept. A Reaper
    with two frigates ahead may fire its forward railguns at the farther one."""
    from hexfleet.games import get_ruleset
    from hexfleet.games.cold_infinity.rules import CiState

    ruleset = get_ruleset("cold-infinity")
    state = CiState(pos([unit("R", "red", "reaper", (0, 0), 1), unit("B1", "blue", "reaper", (0, -2), 4),
                         unit("B2", "blue", "reaper", (1, -4), 4)], phase="fire"), Rng(1))
    legal = ruleset.legal(state, "red")
    listed = [ruleset.order_json(state, "red", o) for o in legal]
    volley = [{"weapon": "railgun_1", "target": "B1"}, {"weapon": "railgun_2", "target": "B1"}]
    assert listed == [{}, {"R": {"attacks": volley}},
                      {"R": {"attacks": [{**a, "target": "B2"} for a in volley]}}]
    for order in listed:
        ruleset.validate(state, "red", order)
