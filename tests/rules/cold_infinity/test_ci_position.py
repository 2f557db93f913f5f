"""The ``cold-infinity/1`` reader and writer (shared/formats/cold-infinity-position.md): the
format's own examples, defaults written for every system, unknown fields and bad values
refused by name, design rules by ID."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.cold_infinity.notation import read_rate, read_vector, write_rate, write_vector
from hexfleet.games.cold_infinity.position import SYSTEM_STATE, read_position, write_position

from .helpers import design, position, unit


@pytest.mark.rule("CI-5.4.1.c")
@pytest.mark.rule("CI-5.4.1.e")
@pytest.mark.parametrize(("text", "v", "vz", "canonical"), [
    ("1+3,2+1", (1, -4), 0, "1+3,2+1"),
    ("2+1,1+3", (1, -4), 0, "1+3,2+1"),   # either order is read; the larger speed is written first
    ("1+2,6+2", (-2, -2), 0, "1+2,6+2"),   # a tie: the lower direction first
    ("6+2,1+2", (-2, -2), 0, "1+2,6+2"),
    ("1+5", (0, -5), 0, "1+5"),
    ("4+1", (0, 1), 0, "4+1"),
    ("0", (0, 0), 0, "0"),
    ("--1", (0, 0), -1, "--1"),
    ("1+3,6+2,++3", (-2, -3), 3, "1+3,6+2,++3"),
    ("2+4", (4, -4), 0, "2+4"),
])
def test_vector_notation(text: str, v: tuple[int, int], vz: int, canonical: str) -> None:
    assert read_vector(text, "v") == (v, vz)
    assert write_vector(v, vz) == canonical


@pytest.mark.rule("CI-6.2.d")
def test_z_velocity_notation_tv24_tv25() -> None:
    """TV-24: ``--1`` descends one layer a turn, ``++2`` climbs two; TV-25: ``1+3,6+2,++3``."""
    assert read_vector("--1", "v") == ((0, 0), -1)
    assert read_vector("++2", "v") == ((0, 0), 2)
    assert write_vector(*read_vector("1+3,6+2,++3", "v")) == "1+3,6+2,++3"


@pytest.mark.rule("CI-5.4.1.c")
@pytest.mark.parametrize("bad", ["1+3,3+1", "7+1", "1+0", "1+3,2+1,3+1", "", "1 + 3", 5, "++0", "1+3,--1,2+1"])
def test_bad_vectors_are_refused(bad: object) -> None:
    with pytest.raises(FormatError) as e:
        read_vector(bad, "units[0].vector")
    assert e.value.field == "units[0].vector"


@pytest.mark.rule("CI-5.4.5.a")
def test_rates_are_integers_or_reduced_fractions() -> None:
    assert write_rate(read_rate("1/2", "r")) == "1/2"
    assert write_rate(read_rate("-1/3", "r")) == "-1/3"
    assert write_rate(read_rate(2, "r")) == 2
    for bad in ("2/4", "1/1", "0.5", True, "1/0"):
        with pytest.raises(FormatError):
            read_rate(bad, "r")


@pytest.mark.rule("CI-1.5.a")
def test_round_trip_writes_every_system_state() -> None:
    p = read_position(position([unit("R1", "red", "reaper", vector="2+1,1+3")]))
    out = write_position(p)
    assert out["units"][0]["vector"] == "1+3,2+1"
    systems = out["units"][0]["systems"]
    assert set(systems) == {s["id"] for s in design("reaper")["systems"]}
    for st in systems.values():
        assert set(st) == set(SYSTEM_STATE)
    assert systems["railgun_1"]["active"] is True and systems["railgun_1"]["stored"] == 0
    assert read_position(out) == p  # reading what was written changes nothing


@pytest.mark.rule("CI-3.1.2.a")
def test_capacitor_stored_defaults_to_full() -> None:
    p = read_position(position([unit("C", "red", "warden")]))
    assert p["units"][0]["systems"]["capacitor"]["stored"] == 30
    assert p["units"][0]["systems"]["battery"]["stored"] == 0


@pytest.mark.parametrize(("change", "field"), [
    ({"colour": "red"}, "position.colour"),
    ({"format": "cold-infinity/2"}, "format"),
    ({"phase": "combat"}, "phase"),
    ({"options": {"mid_step": True}}, "options.mid_step"),
    ({"options": {"range_3d": "cube"}}, "options.range_3d"),
    ({"options": {"los_3d_segments": 1}}, "options.los_3d_segments"),
])
def test_unknown_fields_and_bad_values_are_named(change: dict[str, object], field: str) -> None:
    data = {**position([unit("R1", "red", "reaper")]), **change}
    with pytest.raises(FormatError) as e:
        read_position(data)
    assert e.value.field == field


@pytest.mark.parametrize(("extra", "field"), [
    ({"wings": 2}, "units[0].wings"),
    ({"attitude": "sideways"}, "units[0].attitude"),
    ({"facing": 7}, "units[0].facing"),
    ({"systems": {"warp": {}}}, "units[0].systems.warp"),
    ({"systems": {"railgun_1": {"hot": True}}}, "units[0].systems.railgun_1.hot"),
    ({"rotation": {"pivot": "2/4"}}, "units[0].rotation.pivot"),
    ({"count": 3}, "units[0].count"),
    ({"status": ["sunk"]}, "units[0].status[0]"),
])
def test_bad_unit_fields_are_named(extra: dict[str, object], field: str) -> None:
    with pytest.raises(FormatError) as e:
        read_position(position([unit("R1", "red", "reaper", **extra)]))
    assert e.value.field == field


@pytest.mark.rule("CI-3.1.2.d")
def test_capacitor_with_reactor_is_refused() -> None:
    d = design("warden")
    d["systems"].append({"id": "reactor", "type": "reactor", "section": "core", "structure": 5,
                         "power": "unpowered", "reactor": {"rating": 5}})
    with pytest.raises(RuleError) as e:
        read_position(position([], designs={"w": d}))
    assert e.value.rule == "CI-3.1.2.d"


@pytest.mark.rule("CI-3.1.3.a")
def test_battery_needs_a_self_charging_plant() -> None:
    d = design("warden")
    d["systems"] = [s for s in d["systems"] if s["id"] != "capacitor"]
    with pytest.raises(RuleError) as e:
        read_position(position([], designs={"w": d}))
    assert e.value.rule == "CI-3.1.3.a"


@pytest.mark.rule("CI-3.1.4.d")
@pytest.mark.rule("CI-3.3.c")
def test_system_battery_not_on_zero_power_systems() -> None:
    d = design("reaper")
    d["systems"].append({"id": "sb", "type": "system_battery", "section": "core", "structure": 1,
                         "power": "unpowered", "system_battery": {"capacity": 5, "convert": 1,
                                                                  "attached_to": "bridge"}})
    with pytest.raises(RuleError) as e:
        read_position(position([], designs={"r": d}))
    assert e.value.rule == "CI-3.1.4.d"


def test_small_vessel_fields() -> None:
    p = read_position(position([unit("F", "blue", "talon_flight", count=6)]))
    u = p["units"][0]
    assert u["count"] == 6 and u["fighters"] == [0] * 6 and u["thrust_left"] == 6
    with pytest.raises(FormatError) as e:
        read_position(position([unit("F", "blue", "talon_flight", count=3, fighters=[0, 1])]))
    assert e.value.field == "units[0].fighters"


def test_options_written_only_when_not_default() -> None:
    p = read_position(position([], options={"three_d": True, "turn1_ties": "rolloff"}))
    assert write_position(p)["options"] == {"three_d": True}


@pytest.mark.rule("CI-7.4", "CI-1.3.e")
def test_a_group_whose_every_fighter_is_destroyed_reads_back() -> None:
    # the last fighter of a flight shot down: the group stays in ``units``, destroyed, count 0,
    # and the position the game writes then must read again (search re-reads every view)
    flight = unit("F", "blue", "talon_flight", count=1, fighters=[0])
    p = read_position(position([unit("R", "red", "reaper"), flight]))
    f = p["units"][1]
    f["fighters"].pop(0)
    f["count"] = 0
    f["status"].append("destroyed")
    again = read_position(write_position(p))
    assert again["units"][1]["count"] == 0 and "destroyed" in again["units"][1]["status"]
    assert write_position(again) == write_position(p)
    with pytest.raises(FormatError, match=r"units\[1\]\.count"):
        read_position(position([unit("R", "red", "reaper"), {**flight, "count": 0, "fighters": []}]))
