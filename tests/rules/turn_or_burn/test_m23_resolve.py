"""``hexfleet resolve`` on Module 2-3 positions: the format's new fields read and written, every
phase decision at its default, errors naming the rule."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app

RUNNER = CliRunner(env={"COLUMNS": "200"})

POSITION = {
    "format": "turn-or-burn/1", "modules": [1, 2, 3], "map": {"cols": 30, "rows": 22}, "turn": 4,
    "fighters": [
        {"id": "R1", "side": "red", "hex": [12, 0], "facing": "F", "momentum": [12, 0],
         "cards": ["CM", "CM", "STR", "STR", "THR", "NB", "SCAN"], "external": ["NB", "JAM"], "destroyed": [],
         "shields": False, "lock_on": "D1", "heavy_guns": []},
        {"id": "D1", "side": "blue", "hex": [4, 0], "facing": "C", "momentum": [4, 0],
         "cards": ["CM", "STR", "THR", "LT", "NB", "NB"], "heavy_guns": [["NB", "NB"]], "shields": False},
    ],
    "scores": {"red": 2, "blue": 3},
    "replacements": [{"side": "blue", "enters_on_turn": 6}],
    "options": {"goal": 10},
}


def resolve(tmp_path, position, orders):
    (tmp_path / "p.json").write_text(json.dumps(position))
    (tmp_path / "o.json").write_text(json.dumps(orders))
    result = RUNNER.invoke(app, ["resolve", "--position", str(tmp_path / "p.json"), "--orders",
                                 str(tmp_path / "o.json"), "--seed", "5", "--events", str(tmp_path / "e.jsonl")])
    return result


@pytest.mark.rule("TOB-M3-MULTI-03")
@pytest.mark.rule("TOB-M2-LOCK-03")
def test_resolve_a_module_3_turn_with_several_actions_and_an_external_gun(tmp_path):
    orders = {"R1": [{"card": "NB", "target": "D1"}, {"card": "NB", "external": True, "target": "D1"}],
              "D1": [{"card": "B1A"}]}
    result = resolve(tmp_path, POSITION, orders)
    assert result.exit_code == 0, result.output
    nxt = json.loads(result.stdout)
    events = [json.loads(line) for line in (tmp_path / "e.jsonl").read_text().splitlines()]
    shots = [e for e in events if e["type"] == "shot"]
    assert [(s["range"], s["effective_range"]) for s in shots] == [(7, 4), (7, 4)]  # locked: 7 -> 4
    assert nxt["turn"] == 5 and set(nxt) >= {"scores", "replacements"}
    assert nxt["replacements"][0]["enters_on_turn"] == 6
    for f in nxt["fighters"]:
        assert {"external", "shields", "lock_on", "heavy_guns"} <= set(f)


@pytest.mark.rule("TOB-M2-PLOT-05")
def test_resolve_refuses_an_illegal_plot_naming_the_rule(tmp_path):
    shielded = json.loads(json.dumps(POSITION))
    shielded["fighters"][0]["cards"][-1] = "SG"
    shielded["fighters"][0]["shields"] = True
    result = resolve(tmp_path, shielded, {"R1": [{"card": "B1A"}]})
    assert result.exit_code != 0 and "TOB-M2-PLOT-05" in result.output
    assert not (tmp_path / "e.jsonl").exists()


def test_resolve_refuses_module_fields_without_their_module(tmp_path):
    m1 = json.loads(json.dumps(POSITION))
    m1["modules"] = [1, 2]
    result = resolve(tmp_path, m1, {})
    assert result.exit_code != 0 and "external" in result.output
