"""Initiative and movement order (CI-2.1.2, CI-2.2.a; TV-40, TV-41), with forced dice."""

from __future__ import annotations

import pytest

from hexfleet.engine.rng import Rng
from hexfleet.games.cold_infinity.dice import Dice
from hexfleet.games.cold_infinity.turn import initiative

from .helpers import design, of_type, pos, resolve, unit


def _roll(p: dict, faces: tuple[int, ...]) -> list[dict]:
    dice = Dice(Rng.from_seed(1).with_faces(faces), p["turn"])
    return initiative(p, dice)


@pytest.mark.rule("CI-2.1.2.b")
@pytest.mark.rule("CI-2.1.2.c")
@pytest.mark.rule("CI-2.1.2.d")
@pytest.mark.rule("CI-2.1.2")
def test_tv40_initiative_running_total() -> None:
    """Reaper, Mass 12.7 → base 13: T1 speed 0, die 4 → 17; T2 speed 5, die 2 → 16."""
    p = pos([unit("R", "red", "reaper")])
    e = of_type(_roll(p, (4,)), "initiative")[0]
    assert (e["base"], e["penalty"], e["die"], e["value"]) == (13, 0, 4, 17)
    p["units"][0]["vector"] = "1+5"
    e = of_type(_roll(p, (2,)), "initiative")[0]
    assert (e["base"], e["speed"], e["penalty"], e["value"]) == (17, 5, 3, 16)
    assert p["units"][0]["initiative_prev"] == 17


@pytest.mark.rule("CI-2.1.2.c")
@pytest.mark.rule("CI-2.1.2.h")
def test_speed_penalty_is_capped_at_10() -> None:
    p = pos([unit("R", "red", "reaper", vector="1+25")])
    assert of_type(_roll(p, (1,)), "initiative")[0]["penalty"] == 10


@pytest.mark.rule("CI-2.1.2.e")
def test_initiative_stays_within_20_of_mass() -> None:
    p = pos([unit("R", "red", "reaper", initiative=32)])
    assert of_type(_roll(p, (6,)), "initiative")[0]["value"] == 33
    p = pos([unit("R", "red", "reaper", initiative=-6, vector="1+20")])
    assert of_type(_roll(p, (1,)), "initiative")[0]["value"] == -7


@pytest.mark.rule("CI-2.1.2.2")
def test_bridge_transfer_adds_five_and_carries_into_the_base() -> None:
    """TV-40: T3, speed 5, die 1, bridge transfer: 16 − 3 + 1 + 5 = 19."""
    p = pos([unit("R", "red", "reaper", initiative=16, vector="1+5", bridge_transfer=True)])
    assert of_type(_roll(p, (1,)), "initiative")[0]["value"] == 19
    assert p["units"][0]["initiative"] == 19


@pytest.mark.rule("CI-2.1.2.1")
def test_fighter_group_base_is_mass_times_vessels() -> None:
    """TV-40: a flight of 6 fighters of Mass 2 → base 12."""
    p = pos([unit("F", "blue", "talon_flight", count=6)])
    assert of_type(_roll(p, (3,)), "initiative")[0]["base"] == 12


@pytest.mark.rule("CI-2.1.2.f")
@pytest.mark.rule("CI-2.1.2.a")
@pytest.mark.rule("CI-2.2.a")
@pytest.mark.rule("CI-5.0.a")
def test_tv41_order_and_ties() -> None:
    """A 10 (Mass 20), B 10 (Mass 15), C 12 → C, A, B; equal Mass → previous initiative; then roll-off."""
    heavy = design("reaper", mass=20)
    light = design("reaper", mass=15)
    designs = {"heavy": heavy, "light": light, "reaper": design("reaper")}
    # initiative before the roll: values after a forced die chosen to land on 10 / 10 / 12 (speed 0)
    p = pos([unit("A", "red", "heavy", initiative=9), unit("B", "blue", "light", initiative=9),
             unit("C", "blue", "reaper", initiative=11)], designs=designs)
    events = _roll(p, (1, 1, 1))
    assert [e["value"] for e in of_type(events, "initiative")] == [10, 10, 12]
    assert p["move_order"] == ["C", "A", "B"]
    # equal Mass: the higher previous initiative moves first (no roll-off)
    p = pos([unit("A", "red", "light", initiative=9), unit("B", "blue", "light", initiative=8)], designs=designs)
    events = _roll(p, (1, 2))
    assert p["move_order"] == ["A", "B"] and not of_type([e for e in events if e.get("purpose") == "rolloff"], "roll")
    # turn 1 (no previous initiative) and equal Mass: 1d6 roll-offs, re-rolled while tied
    p = pos([unit("A", "red", "light"), unit("B", "blue", "light")], designs=designs)
    events = _roll(p, (3, 3, 2, 2, 1, 5))
    rolloffs = [e["total"] for e in events if e.get("purpose") == "rolloff"]
    assert rolloffs == [2, 2, 1, 5] and p["move_order"] == ["B", "A"]


@pytest.mark.rule("CI-2.1.2.g")
def test_initiative_is_public() -> None:
    p = pos([unit("R", "red", "reaper"), unit("B", "blue", "reaper", hex=[0, -8])])
    _, events = resolve(p, [{"@phase": "power"}], dice=(2, 3))
    assert all("visible_to" not in e for e in of_type(events, "initiative") + of_type(events, "move_order"))
    assert all(e["visible_to"] == [e2["side"]] for e in of_type(events, "power")
               for e2 in p["units"] if e2["id"] == e["unit"])


@pytest.mark.rule("CI-5.7.b")
def test_derelicts_take_no_initiative() -> None:
    p = pos([unit("R", "red", "reaper", status=["derelict"]), unit("B", "blue", "reaper")])
    events = _roll(p, (4,))
    assert [e["unit"] for e in of_type(events, "initiative")] == ["B"] and p["move_order"] == ["B"]
