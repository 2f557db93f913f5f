"""The book's introduction and its physical components (CI-1), as the software has them: the
hull table and section counts, the basic/advanced level, dice, terminology and the map scale."""

from __future__ import annotations

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
