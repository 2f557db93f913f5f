"""``tools/talon_fire_ranges.py`` counts each bot's shots by weapon and range from the records
``hexfleet arena --records`` writes, reading who played which side from the record's name."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from typer.testing import CliRunner

from hexfleet.cli import app
from hexfleet.games.talon.data import weapons

_spec = importlib.util.spec_from_file_location("talon_fire_ranges",
                                               Path(__file__).parent.parent / "tools" / "talon_fire_ranges.py")
assert _spec is not None and _spec.loader is not None
fire_ranges = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fire_ranges)


def test_a_bot_name_with_hyphens_is_read_whole():
    seats = ["terran", "talon"]
    assert fire_ranges.bots_of("duel-seed0-terran=talon-heuristic-talon=random-147d8bc6", seats) == \
        {"terran": "talon-heuristic", "talon": "random"}
    assert fire_ranges.bots_of("base-assault-seed3-terran=mcts-talon=talon-heuristic-0a1b2c3d", seats) == \
        {"terran": "mcts", "talon": "talon-heuristic"}


def test_every_shot_of_an_arena_is_counted_for_the_bot_that_fired_it(tmp_path):
    folder = tmp_path / "records"
    result = CliRunner().invoke(app, ["arena", "-g", "talon", "-s", "duel", "-b", "talon-heuristic,random", "-n", "2",
                                      "-w", "1", "-q", "-o", str(tmp_path / "duel"), "--records", str(folder)])
    assert result.exit_code == 0, result.output
    shots = fire_ranges.tally([folder])
    fired = [e for f in folder.glob("*.jsonl") for line in f.read_text().splitlines()[1:]
             for e in json.loads(line).get("events", []) if e["type"] == "fired"]
    assert fired and sum(shots.values()) == len(fired)
    assert {bot for bot, _, _ in shots} == {"talon-heuristic", "random"}  # both sides fire in two games
    assert all(1 <= rng <= weapons()[weapon].max_range() for _, weapon, rng in shots)
