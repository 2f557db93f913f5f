"""``hexfleet resolve --game cold-infinity`` end to end: steps in order, forced dice, events,
and bad orders refused with the unit, the field and the rule ID, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app

from .helpers import of_type, position, resolve, unit

RUNNER = CliRunner(env={"COLUMNS": "200"})


def duel() -> dict:
    return position([unit("R1", "red", "reaper", (0, 6), 1, vector="1+2"),
                     unit("B1", "blue", "reaper", (2, -6), 4, vector="4+2")])


def _write(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


@pytest.mark.rule("CI-2.0.a")
@pytest.mark.rule("CI-2.1.2.c")
@pytest.mark.rule("CI-2.2.a")
def test_cli_resolves_power_ew_and_both_moves(tmp_path: Path) -> None:
    orders = [{"@phase": "power", "red": {}, "blue": {}},
              {"@phase": "ew", "red": {"R1": {"shroud": 1, "amplify": 3}}},
              {"@phase": "move", "red": {"R1": {"accel": 1}}},
              {"@phase": "move", "blue": {"B1": {"pivot": 1}}}]
    out, ev = tmp_path / "next.json", tmp_path / "events.jsonl"
    result = RUNNER.invoke(app, ["resolve", "--game", "cold-infinity", "--position", str(_write(tmp_path / "p.json", duel())),
                                 "--orders", str(_write(tmp_path / "o.json", orders)), "--seed", "7",
                                 "--dice", "6,1", "--out", str(out), "--events", str(ev)])
    assert result.exit_code == 0, result.output
    nxt = json.loads(out.read_text())
    events = [json.loads(line) for line in ev.read_text().splitlines()]
    assert all("type" in e and "turn" in e for e in events)
    inits = of_type(events, "initiative")
    # base = Mass 12.7 rounded = 13; speed 2 → penalty 1; forced dice 6 then 1
    assert [(e["unit"], e["base"], e["penalty"], e["die"], e["value"]) for e in inits] == \
        [("R1", 13, 1, 6, 18), ("B1", 13, 1, 1, 13)]
    assert of_type(events, "move_order")[0]["order"] == ["R1", "B1"]
    assert all(r["forced"] for r in of_type(events, "roll")[:2])
    moved = {e["unit"]: e for e in of_type(events, "moved")}
    assert moved["R1"]["vector"] == "1+3" and moved["R1"]["to"] == [0, 3] and moved["R1"]["thrust"] == 2
    assert moved["B1"]["facing"] == 5 and moved["B1"]["to"] == [2, -4]
    assert nxt["phase"] == "fire" and nxt["units"][0]["ew"]["shroud"] == 1


@pytest.mark.rule("CI-2.2.a")
def test_move_order_for_a_unit_that_does_not_move_now_is_refused(tmp_path: Path) -> None:
    orders = [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "move", "blue": {"B1": {"accel": 1}}}]
    out = tmp_path / "next.json"
    result = RUNNER.invoke(app, ["resolve", "--game", "cold-infinity", "--position", str(_write(tmp_path / "p.json", duel())),
                                 "--orders", str(_write(tmp_path / "o.json", orders)), "--dice", "6,1",
                                 "--out", str(out)])
    assert result.exit_code != 0
    assert "CI-2.2.a" in result.output and "B1" in result.output
    assert not out.exists()


@pytest.mark.rule("CI-2.0.a")
def test_wrong_phase_and_foreign_units_are_refused() -> None:
    with pytest.raises(Exception) as e:
        resolve(duel(), [{"@phase": "ew"}])
    assert "CI-2.0.a" in str(e.value)
    with pytest.raises(Exception) as e:
        resolve(duel(), [{"@phase": "power", "red": {"B1": {}}}])
    assert "CI-2.0.a" in str(e.value) and "B1" in str(e.value)


@pytest.mark.rule("CI-3.2.e")
def test_error_names_unit_field_and_rule() -> None:
    with pytest.raises(Exception) as e:
        resolve(duel(), [{"@phase": "power", "red": {"R1": {"extra_ew": {"sensors": 3}}}}])
    text = str(e.value)
    assert "CI-3.2.e" in text and "R1" in text and "orders[0].red.R1" in text


def test_same_inputs_same_output() -> None:
    orders = [{"@phase": "power"}, {"@phase": "ew"}]
    assert resolve(duel(), orders, seed=3) == resolve(duel(), orders, seed=3)


def test_forced_face_that_does_not_fit_is_an_error() -> None:
    with pytest.raises(Exception) as e:
        resolve(duel(), [{"@phase": "power"}], dice=(7,))
    assert "ENGINE-DICE" in str(e.value)
