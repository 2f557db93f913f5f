"""``tools/talon_records.py`` reads the records ``hexfleet arena --records`` writes: each bot's
shots by weapon and range, and how the games a bot did not win ended, reading who played which
side from the record's name."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app
from hexfleet.games.talon.data import weapons

_spec = importlib.util.spec_from_file_location("talon_records", Path(__file__).parent.parent / "tools" / "talon_records.py")
assert _spec is not None and _spec.loader is not None
talon_records = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(talon_records)


def test_a_bot_name_with_hyphens_is_read_whole():
    seats = ["terran", "talon"]
    assert talon_records.bots_of("duel-seed0-terran=talon-heuristic-talon=random-147d8bc6", seats) == \
        {"terran": "talon-heuristic", "talon": "random"}
    assert talon_records.bots_of("base-assault-seed3-terran=mcts-talon=talon-heuristic-0a1b2c3d", seats) == \
        {"terran": "mcts", "talon": "talon-heuristic"}


def test_every_shot_and_every_game_not_won_of_an_arena_is_read(tmp_path):
    folder, stem = tmp_path / "records", tmp_path / "duel"
    result = CliRunner().invoke(app, ["arena", "-g", "talon", "-s", "duel", "-b", "talon-heuristic,random", "-n", "2",
                                      "-w", "1", "-q", "-o", str(stem), "--records", str(folder)])
    assert result.exit_code == 0, result.output
    shots = talon_records.ranges([folder])
    fired = [e for f in folder.glob("*.jsonl") for line in f.read_text().splitlines()[1:]
             for e in json.loads(line).get("events", []) if e["type"] == "fired"]
    assert fired and sum(shots.values()) == len(fired)
    assert {bot for bot, _, _ in shots} == {"talon-heuristic", "random"}  # both sides fire in two games
    assert all(1 <= rng <= weapons()[weapon].max_range() for _, weapon, rng in shots)
    games = [json.loads(line) for line in stem.with_suffix(".games.jsonl").read_text().splitlines()]
    for bot in ("talon-heuristic", "random"):
        not_won = [g for g in games if not any(seat in g["winners"] for seat, b in g["spec"]["bots"] if b == bot)]
        lines = talon_records.endings([folder], bot)
        assert len(lines) == len(not_won)
        assert all(f" {bot} as " in line and "left: " in line for line in lines)



def test_a_missing_folder_is_refused_by_name(tmp_path, monkeypatch, capsys):
    missing = tmp_path / "nowhere"
    monkeypatch.setattr("sys.argv", ["talon_records.py", "endings", str(missing)])
    with pytest.raises(SystemExit) as stop:
        talon_records.main()
    assert stop.value.code == 2
    assert f"no such record file or directory: {missing}" in capsys.readouterr().err
