"""Rules the surviving book refers to but does not give (guided and stationary weapons,
trans-light drives, hangars, docking, terrain, heat sinks, emergency arming…): each is off or
stood in for by the house layer, the glossary (browser and terminal) says so naming the rule,
and the software does what that entry claims."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError
from hexfleet.games.cold_infinity import ew
from hexfleet.games.cold_infinity.lost import LOST
from hexfleet.games.cold_infinity.position import PHASES, read_position
from hexfleet.games.cold_infinity.rules import KINDS
from hexfleet.render.cold_infinity import glossary

from .helpers import design, of_type, pos, position, resolve, unit

GUIDED = ("CI-2.1.4", "CI-2.1.4.a", "CI-2.1.4.1", "CI-2.3.2", "CI-2.3.2.1", "CI-7.1.b", "CI-7.2.2", "CI-7.2.5",
          "CI-7.2.8", "CI-7.3.2.d", "CI-5.5.3.c", "CI-5.5.3.e", "CI-2.1.1.1", "CI-2.5.a", "CI-2.5.b", "CI-2.5.c",
          "CI-7.1.2.2")


def _said(rule: str) -> str:
    term = glossary()["terms"][rule]
    assert term["kind"] == "lost rule" and rule in term["effect"]
    return str(term["effect"])


def _with_block(block: str) -> dict:
    """The Reaper with ``block`` on its first railgun: a weapon field, or a system block."""
    d = design("reaper")
    gun = d["systems"][3]
    if block in ("guided", "emergency_arming"):
        gun["weapon"][block] = True
    else:
        gun[block] = {}
    return d


@pytest.mark.rule("CI-2.1.4")
@pytest.mark.rule("CI-2.1.4.a")
@pytest.mark.rule("CI-2.1.4.1")
@pytest.mark.rule("CI-2.3.2")
@pytest.mark.rule("CI-2.3.2.1")
@pytest.mark.rule("CI-7.1.b")
@pytest.mark.rule("CI-7.2.2")
@pytest.mark.rule("CI-7.2.5")
@pytest.mark.rule("CI-7.2.8")
@pytest.mark.rule("CI-7.3.2.d")
@pytest.mark.rule("CI-5.5.3.c")
@pytest.mark.rule("CI-5.5.3.e")
@pytest.mark.rule("CI-2.1.1.1")
@pytest.mark.rule("CI-2.5.a")
@pytest.mark.rule("CI-2.5.b")
@pytest.mark.rule("CI-2.5.c")
@pytest.mark.rule("CI-7.1.2.2")
@pytest.mark.parametrize("rule", GUIDED)
def test_guided_weapons_drives_hangars_docking_and_terrain_are_off(rule: str) -> None:
    """H-08: no step launches, guides or intercepts, no system is a guided weapon, a drive, a
    hangar or a dock, a position has no terrain; the glossary names each rule as off."""
    assert "off (house rule H-08)" in _said(rule)
    steps = set(PHASES) | set(KINDS)
    assert not steps & {"launch", "guided", "intercept", "stationary_launch", "trans_light", "hangar", "dock"}
    for block in ("guided", "trans_light_drive", "hangar", "cargo", "reload_rack", "docking"):
        with pytest.raises(FormatError):
            read_position(position([unit("A", "red", "x")], designs={"x": _with_block(block)}))
    with pytest.raises(FormatError) as e:
        read_position(position([unit("A", "red", "reaper")], terrain=[{"hex": [0, 1]}]))
    assert e.value.field == "position.terrain"


@pytest.mark.rule("CI-7.1.3.f")
def test_no_weapon_has_emergency_arming() -> None:
    assert "no weapon has it" in _said("CI-7.1.3.f")
    with pytest.raises(FormatError) as e:
        read_position(position([unit("A", "red", "x")], designs={"x": _with_block("emergency_arming")}))
    assert "emergency_arming" in e.value.field


@pytest.mark.rule("CI-3.6.d")
def test_no_heat_sinks_a_plant_sheds_heat_only_shut_down() -> None:
    from hexfleet.games.cold_infinity.turn import final_actions

    assert "heat" in _said("CI-3.6.d")
    with pytest.raises(FormatError):
        read_position(position([unit("A", "red", "x")], designs={"x": _with_block("heat_sink")}))
    d = design("reaper")
    d["systems"][7]["reactor"]["overheating"] = True
    p = pos([unit("A", "red", "x", systems={"reactor": {"heat": 3}})], designs={"x": d})
    p["units"][0]["power_drawn"] = 0
    final_actions(p)
    assert p["units"][0]["systems"]["reactor"]["heat"] == 3  # running: nothing takes heat away


@pytest.mark.rule("CI-2.4.1")
def test_no_detonations_or_catastrophic_damage() -> None:
    from hexfleet.games.cold_infinity.turn import destroy_system

    assert "H-04" in _said("CI-2.4.1")
    p = pos([unit("A", "red", "reaper")])
    u = p["units"][0]
    reactor = next(s for s in p["designs"]["reaper"]["systems"] if s["id"] == "reactor")
    destroy_system(p, u, reactor, u["systems"]["reactor"])
    assert "destroyed" not in u["status"]
    assert [sid for sid, st in u["systems"].items() if st["destroyed"]] == ["reactor"]
    assert all(not v["hull_lost"] for v in u["sections"].values())


@pytest.mark.rule("CI-2.3.1.1")
def test_ew_detectors_take_effect_after_ew_is_declared() -> None:
    """The half of 2.3.1.1 that survives: the detector step follows the EW reveal; rockets,
    chaff and flares are off."""
    assert "detector step" in _said("CI-2.3.1.1")
    d = design("reaper")
    d["systems"].append({"id": "det", "type": "ew_detector", "section": "core", "structure": 1, "power": 0,
                         "ew_detector": {}})
    p = position([unit("A", "red", "r", ew={"points": 4, "shroud": 1, "reserve": 2}),
                  unit("T", "blue", "r", (0, -2), 4)], phase="fire", designs={"r": d})
    nxt, events = resolve(p, [{"@phase": "fire"}])
    assert nxt["phase"] == "detector" and of_type(events, "ew")  # EW revealed, then the detector


@pytest.mark.rule("CI-4.7.6")
def test_an_ess_beacon_is_a_satellite_with_an_ess() -> None:
    """A satellite with an ESS block lends lock-ons like any ESS unit (it does not lock on for
    itself, CI-4.7.b)."""
    assert "satellite" in _said("CI-4.7.6")
    beacon = {"hull": "satellite", "mass": 1, "silhouette": {"fa": 1, "ps": 1},
              "sections": {"main": {"armor": 0, "hull": 2}},
              "systems": [{"id": "ess", "type": "ess", "section": "main", "structure": 1, "power": "unpowered",
                           "ess": {"rating": 2}}]}
    p = read_position(position([unit("BC", "red", "beacon"), unit("F", "red", "reaper", (0, -3)),
                                unit("E", "blue", "reaper", (0, -10))],
                               designs={"beacon": beacon, "reaper": design("reaper")}))
    order = ew.parse({"ess": {"shroud": 2}}, "order")
    ew.check(p, p["units"][0], order)
    ew.apply(p, p["units"][0], order)
    assert ew.lock_on(p, p["units"][1], p["units"][2])


@pytest.mark.rule("CI-1.5.1.e")
def test_stationary_structures_never_move_or_turn() -> None:
    assert "never move" in _said("CI-1.5.1.e")
    sat = design("lancer", hull="weapon_platform")
    p = position([unit("S", "red", "sat", facing=2), unit("B", "blue", "reaper", (0, -6), 4)],
                 designs={"sat": sat, "reaper": design("reaper")})
    nxt, events = resolve(p, [{"@phase": "power"}, {"@phase": "ew"}])
    assert nxt["move_order"] == ["B"] and "S" not in [e["unit"] for e in of_type(events, "initiative")]
    nxt, events = resolve(nxt, [{"@phase": "move", "blue": {"B": {}}}])
    s = nxt["units"][0]
    assert (s["hex"], s["facing"], s["vector"]) == ([0, 0], 2, "0")


@pytest.mark.rule("CI-1.5.1.f")
def test_a_mobile_base_moves_as_a_ship() -> None:
    """GAP-47's reading (option ``mobile_base = ship``): it takes initiative and moves."""
    base = design("warden", hull="mobile_base", mass=80)
    p = position([unit("M", "red", "base", vector="1+1")], designs={"base": base})
    nxt, events = resolve(p, [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "move"}])
    assert [e["unit"] for e in of_type(events, "initiative")] == ["M"]
    assert of_type(events, "moved")[0]["to"] == [0, -1]


def test_every_lost_rule_is_in_the_glossary() -> None:
    terms = glossary()["terms"]
    assert {r for r, t in terms.items() if t["kind"] == "lost rule"} == set(LOST)
