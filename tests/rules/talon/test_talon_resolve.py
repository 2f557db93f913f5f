"""``hexfleet resolve --game talon``: the format's orders example, forced dice, events, and a
bad orders file refused with step, seat, do, unit and rule, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app

from .helpers import of, position, resolve, ship, unit

RUNNER = CliRunner(env={"COLUMNS": "200"})
FORMAT_ORDERS = [{"talon": {"do": "ap", "ship": "justice", "use": "side_slip"}},
                 {"talon": {"do": "move", "unit": "justice", "how": "slip_left"}},
                 {"talon": {"do": "fire", "ship": "justice", "group": 1,
                            "shots": [{"target": "patton"}, {"target": "patton"}]}},
                 {"talon": {"do": "end_turn"}}]


def _duel() -> dict:
    # Impulse B: Justice (3-3-1) gets AP and must move; Patton 2 hexes ahead after the slip.
    return position(ship("justice", "talon-ca", "talon", (0, 0), 0), ship("patton", "terran-ca", "terran", (3, -1), 3),
                    impulse="B")


def _write(path: Path, data: object) -> str:
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.rule("TAL-6.1.a")
@pytest.mark.rule("TAL-7.3.1")
@pytest.mark.rule("TAL-8.1.1")
@pytest.mark.rule("TAL-IMP-4")
def test_the_formats_orders_example_through_the_command_line(tmp_path):
    out, ev = tmp_path / "next.json", tmp_path / "ev.jsonl"
    result = RUNNER.invoke(app, ["resolve", "--game", "talon", "--position", _write(tmp_path / "p.json", _duel()),
                                "--orders", _write(tmp_path / "o.json", FORMAT_ORDERS), "--seed", "7",
                                "--dice", "4,1,6", "--out", str(out), "--events", str(ev)])
    assert result.exit_code == 0, result.output
    nxt = json.loads(out.read_text())
    events = [json.loads(line) for line in ev.read_text().splitlines()]
    justice, patton = unit(nxt, "justice"), unit(nxt, "patton")
    assert justice["hex"] == [1, -1] and justice["facing"] == 0 and justice["side_slip"] is False
    assert justice["groups"][0] == {"red": 0, "yellow": 0, "destroyed": False}
    fired = of(events, "fired")
    assert [(f["roll"], f["hit"], f["damage"], f["arc"], f["range"]) for f in fired] == \
        [(4, True, 2, "F", 2), (1, False, 0, "F", 2)]
    assert patton["shields"]["F"] == 4
    assert of(events, "roll")[0] == {"type": "roll", "purpose": "to_hit", "unit": "justice", "faces": [4],
                                     "forced": True}
    assert events[-1] == {"type": "dice_unused", "faces": [6]}
    assert nxt["player"] == "terran" and nxt["step"] == "ap" and nxt["impulse"] == "B"
    assert of(events, "slipped")[0] == {"type": "slipped", "unit": "justice", "from": [0, 0], "to": [1, -1],
                                        "facing": 0, "side": "left", "afterburner": False, "tr_count": None}


@pytest.mark.rule("TAL-6.1")
@pytest.mark.rule("TAL-AMB-35")
def test_an_ap_order_after_a_move_is_refused_and_nothing_is_written(tmp_path):
    orders = [FORMAT_ORDERS[1], FORMAT_ORDERS[0]]
    out = tmp_path / "next.json"
    result = RUNNER.invoke(app, ["resolve", "--game", "talon", "--position", _write(tmp_path / "p.json", _duel()),
                                "--orders", _write(tmp_path / "o.json", orders), "--out", str(out)])
    assert result.exit_code == 1
    for text in ("TAL-7.3.2", "justice", "step 1"):
        assert text in result.stderr, (text, result.stderr)
    assert not out.exists()
    orders = [{"talon": {"do": "move", "unit": "justice", "how": "straight"}}, FORMAT_ORDERS[0]]
    result = RUNNER.invoke(app, ["resolve", "--game", "talon", "--position", _write(tmp_path / "p.json", _duel()),
                                "--orders", _write(tmp_path / "o.json", orders), "--out", str(out)])
    assert result.exit_code == 1 and "TAL-6.1" in result.stderr and "step 2" in result.stderr
    assert not out.exists()


def test_the_wrong_seat_and_a_malformed_order_are_named():
    with pytest.raises(Exception) as err:
        resolve(_duel(), [{"terran": {"do": "end_turn"}}])
    assert "TAL-4.1.c" in str(err.value)
    with pytest.raises(Exception) as err:
        resolve(_duel(), [{"talon": {"do": "fly"}}])
    assert "orders[0].talon.do" in str(err.value)
