"""``turn-or-burn/2`` positions (shared/formats/turn-or-burn-position.md): read and written
exactly, version 1 still read, every version-2 field checked with the field and rule named."""

from __future__ import annotations

import copy
import json

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.turn_or_burn.interchange import dump, parse

EXAMPLE = {
    "format": "turn-or-burn/2",
    "modules": [1, 2, 3, 4],
    "scenario": "spacewar",
    "options": {"max_systems": 6},
    "map": {"cols": 30, "rows": 22},
    "turn": 1,
    "sides": ["red", "blue"],
    "fighters": [
        {
            "id": "R1", "side": "red",
            "hex": [3, 5], "facing": "C", "momentum": [5, 5],
            "cards": ["CM", "STR", "THR", "MR", "JAM", "LT"],
            "external": [],
            "destroyed": [],
            "shields": False,
            "ammo": {"MR": 8},
            "reloaded": [],
        }
    ],
    "projectiles": [
        {"id": "B1.1", "side": "blue", "kind": "missile", "hex": [20, 9], "momentum": [18, 9], "fuel": 5}
    ],
    "black_holes": [[15, 4]],
}


def m4(*fighters, projectiles=(), **top):
    data = copy.deepcopy(EXAMPLE)
    data["fighters"] = list(fighters) or data["fighters"]
    data["projectiles"] = list(projectiles)
    data.update(top)
    return data


def fighter(fid="R1", side="red", cards=("CM", "STR", "THR", "MR", "JAM", "LT"), **kw):
    out = {"id": fid, "side": side, "hex": [3, 5], "facing": "C", "momentum": [5, 5], "cards": list(cards)}
    out.update(kw)
    return out


def error(data, kind=FormatError):
    with pytest.raises(kind) as info:
        parse(data)
    return info.value


def test_the_formats_example_reads_and_writes_back_whole():
    out = dump(parse(EXAMPLE))
    assert out["format"] == "turn-or-burn/2"
    assert out["scenario"] == "spacewar" and out["sides"] == ["red", "blue"]
    assert out["black_holes"] == [[15, 4]]
    assert out["projectiles"] == [{"id": "B1.1", "side": "blue", "kind": "missile", "hex": [20, 9],
                                   "momentum": [18, 9], "fuel": 5, "fail_safe": False}]
    r1 = out["fighters"][0]
    assert r1["ammo"] == {"MR": 8} and r1["reloaded"] == [] and r1["class"] == "standard"
    assert "options" not in out  # max_systems 6 is the default, not written
    # what is written reads back to the same position, byte for byte
    again = dump(parse(json.loads(json.dumps(out))))
    assert json.dumps(again, sort_keys=True) == json.dumps(out, sort_keys=True)


def test_a_modules_1_3_position_is_still_written_as_version_1():
    v1 = {"format": "turn-or-burn/1", "modules": [1], "map": {"cols": 30, "rows": 22}, "turn": 1,
          "fighters": [fighter(cards=("CM", "STR", "THR", "NB")), fighter("B1", "blue", ("CM", "STR", "THR", "NB"),
                                                                           hex=[20, 5], momentum=[20, 5])]}
    out = dump(parse(v1))
    assert out["format"] == "turn-or-burn/1" and "scenario" not in out and "sides" not in out
    # the same position said as version 2 reads the same
    assert dump(parse({**v1, "format": "turn-or-burn/2"})) == out


def test_version_1_refuses_version_2_modules_and_fields():
    v1 = {**m4(), "format": "turn-or-burn/1"}
    assert error(v1).field == "modules[3]"
    no_m4 = {"format": "turn-or-burn/1", "modules": [1], "map": {"cols": 30, "rows": 22}, "turn": 1,
             "fighters": [fighter(cards=("CM", "STR", "THR", "NB"))]}
    assert error({**no_m4, "scenario": "quick_shot"}).field == "scenario"
    assert error({**no_m4, "options": {"fuel": False}}).field == "options.fuel"
    bad = copy.deepcopy(no_m4)
    bad["fighters"][0]["class"] = "standard"
    assert "class" in error(bad).field


def test_unknown_fields_and_values_are_named():
    assert error({**m4(), "wormholes": []}).field.endswith("wormholes")
    assert error(m4(fighter(ammo={"MR": 9}))).field == "fighters[0].ammo.MR"
    assert error(m4(fighter(ammo={"CAN": 1}))).field == "fighters[0].ammo.CAN"
    assert error(m4(projectiles=[{"id": "X", "side": "red", "kind": "torpedo", "hex": [1, 1],
                                  "momentum": [1, 1]}])).field == "projectiles[0].kind"
    assert error(m4(projectiles=[{"id": "R1", "side": "red", "kind": "mine", "hex": [1, 1],
                                  "momentum": [1, 1]}])).field == "projectiles[0].id"
    assert error(m4(projectiles=[{"id": "X", "side": "red", "kind": "mine", "hex": [1, 1],
                                  "momentum": [1, 1], "fuel": 3}])).field == "projectiles[0].fuel"
    assert error(m4(projectiles=[{"id": "X", "side": "green", "kind": "mine", "hex": [1, 1],
                                  "momentum": [1, 1]}])).field == "projectiles[0].side"
    assert error({**m4(), "modules": [1, 2, 3, 4, 6], "game": {"modes": ["king_of_the_hill"]}}).field == "game.modes[0]"
    assert error({**m4(), "stations": []}).field == "stations"


@pytest.mark.rule("TOB-M4-AMMO-01")
@pytest.mark.rule("TOB-COMP-06")
def test_ammo_defaults_to_a_full_load_and_every_launcher_is_written():
    cards = ("CM", "STR", "STR", "THR", "MR", "MR", "CAN", "RL", "ML")
    out = dump(parse(m4(fighter(cards=cards, ammo={"MR#2": 3}), options={"max_systems": 9})))
    assert out["fighters"][0]["ammo"] == {"MR#1": 8, "MR#2": 3, "CAN": 4, "RL": 2, "ML": 1}
    # MR names the first copy when there are several
    out = dump(parse(m4(fighter(cards=cards, ammo={"MR": 5}), options={"max_systems": 9})))
    assert out["fighters"][0]["ammo"]["MR#1"] == 5


@pytest.mark.rule("TOB-M4-PROJ-02")
def test_a_destroyed_launcher_holds_no_ammo():
    cards = ("CM", "STR", "THR", "MR", "MR", "LT")
    out = dump(parse(m4(fighter(cards=cards, destroyed=["MR"]))))
    assert out["fighters"][0]["ammo"] == {"MR#1": 8, "MR#2": 0}  # the later copy is the lost one
    e = error(m4(fighter(cards=cards, destroyed=["MR"], ammo={"MR#2": 2})), RuleError)
    assert e.rule == "TOB-M4-PROJ-02" and e.unit == "R1"


@pytest.mark.rule("TOB-M4-BUILD-01")
def test_spacewar_card_limit_and_minimum():
    seven = ("CM", "STR", "STR", "THR", "MR", "JAM", "LT")
    e = error(m4(fighter(cards=seven)), RuleError)
    assert e.rule == "TOB-M4-BUILD-01" and e.unit == "R1"
    assert dump(parse(m4(fighter(cards=seven), options={"max_systems": 7})))["options"] == {"max_systems": 7}
    # a projectile weapon is enough armament
    parse(m4(fighter(cards=("CM", "STR", "THR", "ML"))))
    e = error(m4(fighter(cards=("CM", "STR", "THR", "JAM"))), RuleError)
    assert e.rule == "TOB-M4-BUILD-01"


def test_class_must_agree_with_the_cards():
    e = error(m4(fighter(**{"class": "heavy"})), RuleError)
    assert e.field == "class"


@pytest.mark.rule("TOB-M5-FUEL-02")
def test_fuel_defaults_to_18_per_undestroyed_structure():
    cards = ("CM", "STR", "STR", "THR", "LT", "FB")
    data = m4(fighter(cards=cards, destroyed=["STR"]), modules=[1, 2, 3, 4, 5], scenario="spacewar")
    out = dump(parse(data))
    assert out["fighters"][0]["fuel"] == 18
    data["fighters"][0]["fuel"] = 4.5
    assert dump(parse(data))["fighters"][0]["fuel"] == 4.5
    data["fighters"][0]["fuel"] = 4.25
    assert error(data).field == "fighters[0].fuel"


@pytest.mark.rule("TOB-M5-FB-11")
def test_no_heavy_force_beam():
    data = m4(fighter(cards=("CM", "STR", "STR", "THR", "FB", "FB", "LT"), heavy_guns=[["FB", "FB"]]),
              modules=[1, 2, 3, 5], scenario="bigger", black_holes=[])
    with pytest.raises(RuleError) as info:
        parse(data)
    assert info.value.rule == "TOB-M5-FB-11" and info.value.field == "heavy_guns"


@pytest.mark.rule("TOB-M5-HOCKEY-01")
@pytest.mark.rule("TOB-M5-HOCKEY-02")
def test_space_hockey_field():
    red = fighter(cards=("CM", "STR", "THR", "FB"), hex=[0, 5], momentum=[0, 5])
    blue = fighter("B1", "blue", ("CM", "STR", "THR", "FB"), hex=[29, 0], momentum=[29, 0], facing="F")
    puck = {"id": "PUCK", "side": None, "kind": "puck", "hex": [15, 3], "momentum": [15, 3]}
    data = {"format": "turn-or-burn/2", "modules": [1, 2, 5], "scenario": "hockey", "map": {"cols": 30, "rows": 22},
            "turn": 1, "fighters": [red, blue], "projectiles": [puck],
            "hockey": {"edges": {"red": "left", "blue": "right"}, "puck_start": [15, 3]}}
    out = dump(parse(data))
    assert out["hockey"] == data["hockey"] and out["projectiles"][0] == puck
    heavy = fighter(cards=("CM", "STR", "STR", "THR", "FB", "LT", "LT"), hex=[0, 5], momentum=[0, 5])
    e = error({**data, "fighters": [heavy, blue], "modules": [1, 2, 3, 5]}, RuleError)
    assert e.rule == "TOB-M5-HOCKEY-01"
    e = error({**data, "hockey": {"edges": {"red": "left", "blue": "top"}, "puck_start": [15, 3]}}, RuleError)
    assert e.rule == "TOB-M5-HOCKEY-02"


def test_module_5_fields_round_trip():
    cards = ("CM", "STR", "THR", "RL", "LT", "ST")
    data = m4(fighter(cards=cards, lost_maneuvers=["T120P"], fuel=7,
                      locked_action={"card": "RL", "misses": 3, "offset": [1, -2]}),
              modules=[1, 2, 4, 5])
    f = dump(parse(data))["fighters"][0]
    assert f["lost_maneuvers"] == ["T120P"] and f["fuel"] == 7
    assert f["locked_action"] == {"card": "RL", "misses": 3, "offset": [1, -2]}
    data["fighters"][0]["locked_action"] = {"card": "TNC", "misses": 5}
    assert error(data, RuleError).rule == "TOB-M5-LOCK-06"


def test_a_replacement_may_carry_its_rebuilt_fighter():
    data = m4(fighter(cards=("CM", "STR", "THR", "LT")), modules=[1, 2, 5], scenario="popcorn", black_holes=[],
              replacements=[{"side": "blue", "enters_on_turn": 3,
                             "fighter": {"id": "B9", "side": "blue", "hex": [20, 5], "facing": "F",
                                         "momentum": [20, 5], "cards": ["CM", "STR", "THR", "FB"]}}])
    out = dump(parse(data))
    (rep,) = out["replacements"]
    assert rep["id"] == "B9" and rep["cards"] == ["CM", "STR", "THR", "FB"] and rep["hex"] == [20, 5]


@pytest.mark.rule("TOB-M3-SCEN-02")
def test_the_scenario_decides_the_end():
    two = [fighter(cards=("CM", "STR", "THR", "LT")),
           fighter("B1", "blue", ("CM", "STR", "THR", "LT"), hex=[20, 5], momentum=[20, 5])]
    base = {"format": "turn-or-burn/2", "modules": [1, 2, 3], "map": {"cols": 30, "rows": 22}, "turn": 1,
            "fighters": two}
    assert parse(base).config.options.victory is None  # popcorn by default: team points
    bigger = parse({**base, "scenario": "bigger"})
    assert bigger.config.options.victory == "elimination"
    out = dump(bigger)
    assert out["scenario"] == "bigger" and dump(parse(out)) == out
