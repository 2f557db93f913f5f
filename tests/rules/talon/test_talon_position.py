"""The ``talon/1`` position format (shared/formats/talon-position.md): read and written exactly,
every omitted optional field filled with its default, unknown fields and bad values refused."""

from __future__ import annotations

import copy

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.talon import interchange
from hexfleet.games.talon.position import parse_position

from .helpers import EXAMPLE, position, ship


@pytest.mark.rule("TAL-AMB-44")
@pytest.mark.rule("TAL-8.1.3")
@pytest.mark.rule("TAL-10.1.4")
def test_the_formats_example_reads_with_scenario_start_defaults():
    pos = parse_position(EXAMPLE)
    patton = pos["ships"][0]
    assert patton["curve"] == [3, 3, 2] and patton["tr_count"] is None and patton["side_slip"] is False
    assert patton["shields"] == {"F": 6, "L": 5, "R": 5, "Rear": 4} and patton["hull_marked"] == 0
    assert patton["groups"] == [{"red": 1, "yellow": 1, "destroyed": False}, {"red": 2, "yellow": 2, "destroyed": False},
                                {"red": 1, "yellow": 1, "destroyed": False}]
    assert patton["battery"] is False and "afterburners" not in patton and patton["criticals"] == {}
    assert patton["reinforcements"] == {} and patton["initiative_marker"] is None


def test_written_positions_read_back_to_themselves():
    once = interchange.dump(interchange.parse(EXAMPLE))
    assert interchange.dump(interchange.parse(once)) == once
    assert once["options"] == {} and once["map"] == EXAMPLE["map"] and once["next_missile"] == 1


def test_a_minimal_position_fills_every_default():
    pos = parse_position({"format": "talon/1", "map": {"mode": "infinite"}, "ships": []})
    assert (pos["data_pack"], pos["round"], pos["phase"], pos["impulse"], pos["step"]) == \
        ("talon-ext", 1, "impulse", "A", "ap")
    assert pos["scenario"] == {"docking": [], "landing": [], "reserves": []} and pos["player"] == pos["initiative"]


@pytest.mark.parametrize(("change", "field"), [
    ({"colour": "red"}, "position.colour"),
    ({"format": "talon/2"}, "format"),
    ({"map": {"mode": "board"}}, "map.origin"),
    ({"impulse": "G"}, "impulse"),
    ({"phase": "power", "impulse": "C"}, "impulse"),
    ({"options": {"arc_model": "round"}}, "options.arc_model"),
    ({"options": {"no_such": 1}}, "options.no_such"),
    ({"ships": [{"id": "x", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 6}]}, "ships[0].facing"),
    ({"ships": [{"id": "x", "class": "terran-zz", "side": "terran", "hex": [0, 0], "facing": 0}]}, "ships[0].class"),
    ({"ships": [{"id": "x", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 0,
                 "shields": {"F": 7}}]}, "ships[0].shields.F"),
    ({"ships": [{"id": "x", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 0, "speed": 3}]},
     "ships[0].speed"),
    ({"ships": [{"id": "x", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 0, "hull_marked": True}]},
     "ships[0].hull_marked"),
    ({"missiles": [{"id": "4", "side": "talon", "hex": [0, 0], "facing": 0}]}, "missiles[0].id"),
])
def test_unknown_fields_and_bad_values_are_refused_by_name(change, field):
    data = {**copy.deepcopy(EXAMPLE), **change}
    with pytest.raises(FormatError) as err:
        parse_position(data)
    assert err.value.field == field


@pytest.mark.rule("TAL-10.1.1")
def test_a_battery_on_a_class_without_one_breaks_a_rule():
    with pytest.raises(RuleError) as err:
        parse_position(position(ship("j", "talon-ca", "talon", (0, 0), battery=True)))
    assert err.value.rule == "TAL-10.1.1"


@pytest.mark.rule("TAL-5.4.2")
def test_a_curve_names_a_printed_row():
    pos = parse_position(position(ship("g", "terran-ca", "terran", (0, 0), curve=[0, 4, 2])))
    assert pos["ships"][0]["curve"] == [0, 4, 2]
    with pytest.raises(RuleError) as err:
        parse_position(position(ship("g", "terran-ca", "terran", (0, 0), curve=[3, 6, 2])))
    assert err.value.rule == "TAL-5.4.1"


def test_generic_pack_classes():
    pos = parse_position(position(ship("b", "G-BLUE-CA", "terran", (0, 0)), data_pack="generic"))
    assert pos["ships"][0]["shields"] == {"F": 6, "L": 4, "R": 4, "Rear": 4}
    with pytest.raises(FormatError):
        parse_position(position(ship("b", "terran-ca", "terran", (0, 0)), data_pack="generic"))


def test_ids_are_unique_among_all_units():
    with pytest.raises(RuleError):
        parse_position(position(ship("a", "terran-ca", "terran", (0, 0)), ship("a", "talon-ca", "talon", (3, 0))))
