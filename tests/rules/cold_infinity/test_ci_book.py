"""The book's introduction and its physical components (CI-1), as the software has them: the
hull table and section counts, the basic/advanced level, dice, terminology and the map scale."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.cold_infinity.position import HULLS, SMALL_HULLS, STATIONARY_HULLS, read_position

from .helpers import design, position, unit


@pytest.mark.rule("CI-1.5.1.b")
def test_the_hull_table() -> None:
    fleet = [h for h in HULLS if h not in SMALL_HULLS + STATIONARY_HULLS]
    assert list(SMALL_HULLS) == ["light_fighter", "heavy_fighter", "light_shuttle", "medium_shuttle", "heavy_shuttle"]
    assert fleet == ["gunboat", "corvette", "frigate", "destroyer", "light_cruiser", "cruiser", "heavy_cruiser",
                     "battlecruiser", "battleship", "dreadnought", "super_dreadnought", "mobile_base"]
    assert list(STATIONARY_HULLS) == ["satellite", "weapon_platform", "stardock", "starbase", "space_station"]


@pytest.mark.rule("CI-1.5.1.c")
@pytest.mark.rule("CI-1.5.1.b")
@pytest.mark.parametrize(("hull", "sections"), [("gunboat", 1), ("corvette", 1), ("frigate", 3), ("destroyer", 3),
                                                 ("light_cruiser", 3), ("cruiser", 5), ("battleship", 5),
                                                 ("dreadnought", 7), ("super_dreadnought", 7)])
def test_sections_follow_the_rate(hull: str, sections: int) -> None:
    names = {1: ["main"], 3: ["forward", "aft", "core"], 5: ["forward", "aft", "core", "port", "starboard"],
             7: ["forward", "aft", "core", "forward_port", "forward_starboard", "aft_port", "aft_starboard"]}
    d = {"hull": hull, "mass": 10, "silhouette": {"fa": 1, "ps": 1},
         "sections": {n: {"armor": 1, "hull": 5} for n in names[sections]}}
    read_position(position([unit("A", "red", "d")], designs={"d": d}))
    for wrong in set(names) - {sections}:
        d["sections"] = {n: {"armor": 1, "hull": 5} for n in names[wrong]}
        with pytest.raises(RuleError) as e:
            read_position(position([unit("A", "red", "d")], designs={"d": d}))
        assert e.value.rule == "CI-1.5.1.c" and e.value.field == "designs.d.sections"


@pytest.mark.rule("CI-1.5.1.c")
def test_a_small_vessel_has_one_section() -> None:
    d = design("talon_flight")
    d["sections"] = {"forward": {"armor": 0, "hull": 1}, "aft": {"armor": 0, "hull": 1}, "core": {"armor": 0, "hull": 1}}
    d["systems"][0]["section"] = "core"
    with pytest.raises(RuleError) as e:
        read_position(position([unit("F", "red", "d", count=3)], designs={"d": d}))
    assert e.value.rule == "CI-1.5.1.c"


def basic_reaper() -> dict:
    """The Reaper with the basic layout: one maneuvering thruster a side (CI-5.1.4.a)."""
    d = design("reaper")
    d["systems"] = [s for s in d["systems"] if s["id"] not in ("ap_thruster", "as_thruster")]
    for s in d["systems"]:
        if s["id"] in ("fp_thruster", "fs_thruster"):
            s["thruster"]["location"] = "P" if s["id"] == "fp_thruster" else "S"
    return d


def _basic(designs: dict, **kw: Any) -> dict:
    p = position([unit("A", "red", next(iter(designs)))], designs=designs, **kw)
    p["level"] = "basic"
    return p


@pytest.mark.rule("CI-1.0.b")
@pytest.mark.rule("CI-1.2.a")
@pytest.mark.rule("CI-1.0")
def test_the_basic_game_refuses_advanced_rules() -> None:
    from hexfleet.games.cold_infinity import power

    p = read_position(_basic({"b": basic_reaper()}))
    assert p["level"] == "basic"
    with pytest.raises(RuleError) as e:  # the house designs assume the advanced rules
        read_position(_basic({"r": design("reaper")}))
    assert e.value.rule == "CI-5.1.4" and e.value.field.startswith("designs.r.systems")
    with_capacitor = basic_reaper()
    with_capacitor["systems"] = [s for s in with_capacitor["systems"] if s["id"] != "reactor"] + [
        {"id": "cap", "type": "capacitor", "section": "core", "structure": 4, "power": "unpowered",
         "capacitor": {"capacity": 20, "recharge": 8}}]
    with pytest.raises(RuleError) as e:
        read_position(_basic({"c": with_capacitor}))
    assert e.value.rule == "CI-3.1.2"
    with pytest.raises(RuleError) as e:
        read_position(_basic({"s": design("lancer", hull="weapon_platform")}))
    assert e.value.rule == "CI-1.6"
    with pytest.raises(RuleError) as e:  # optional rules are add-ons to the advanced game
        read_position(_basic({"b": basic_reaper()}, options={"three_d": True}))
    assert (e.value.rule, e.value.field) == ("CI-6", "options.three_d")
    with pytest.raises(RuleError) as e:
        power.check(p, p["units"][0], power.PowerOrder(bridge="bridge"))
    assert e.value.rule == "CI-2.1.2.2"


@pytest.mark.rule("CI-1")
@pytest.mark.rule("CI-1.0.a")
@pytest.mark.rule("CI-1.2")
def test_the_books_ship_design_chapter_is_lost_the_fleet_is_house() -> None:
    """The design options 'at the end of the Main Rulebook' and the Universe Book's ships are not
    in the seed (GAP-01): every design the game ships is marked a house design, every scenario a
    house scenario."""
    from hexfleet.games.cold_infinity.scenarios import scenario_infos, ships
    from hexfleet.render.cold_infinity import glossary

    assert ships()["provenance"].startswith("HOUSE: NOT from any Cold Infinity book")
    assert all(text.endswith("(house design)") for text in glossary()["designs"].values())
    assert set(glossary()["designs"]) == set(ships()["designs"])
    assert all("(house scenario)" in info.description for info in scenario_infos().values())


@pytest.mark.rule("CI-5.1.d")
def test_three_d_ships_want_four_maneuvering_thrusters() -> None:
    """Advice, not a rule: a 3-D ship with only port and starboard maneuvering thrusters cannot
    tumble (CI-5.1.4.c), so every house starship has the four-thruster layout."""
    from hexfleet.games.cold_infinity import movement
    from hexfleet.games.cold_infinity.scenarios import ships

    for name, d in ships()["designs"].items():
        places = {s["thruster"]["location"] for s in d["systems"] if s.get("thruster", {}).get("role") == "maneuver"}
        assert d["hull"] in SMALL_HULLS or {"FP", "FS", "AP", "AS"} <= places, name
    p = read_position(position([unit("A", "red", "b")], designs={"b": basic_reaper()}, options={"three_d": True}))
    with pytest.raises(RuleError) as e:
        movement.check(p, p["units"][0], movement.parse({"tumble": 1}, "order"))
    assert e.value.rule == "CI-5.1.4.c"
