"""``hexfleet sheet check``: an order sheet checked offline against a position (docs/pbm.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app

from .test_cli import POSITION

RUNNER = CliRunner(env={"COLUMNS": "200"})


def files(tmp_path: Path, sheet: str) -> tuple[Path, Path]:
    position = tmp_path / "position.json"
    position.write_text(json.dumps(POSITION), encoding="utf-8")
    text = tmp_path / "sheet.txt"
    text.write_text(sheet, encoding="utf-8")
    return position, text


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_good_sheet_prints_the_order_it_gives(tmp_path):
    position, sheet = files(tmp_path, "turn 3\nR1: Neutrino Beam\n")
    result = RUNNER.invoke(app, ["sheet", "check", "--position", str(position), "--seat", "red", str(sheet)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"R1": [{"card": "NB"}]}


@pytest.mark.rule("TOB-M1-PLOT-03")
def test_a_bad_sheet_names_file_line_unit_card_and_rule_and_prints_no_order(tmp_path):
    position, sheet = files(tmp_path, "R1: TNC\nR1: LT\n")
    result = RUNNER.invoke(app, ["sheet", "check", "--position", str(position), "--seat", "red", str(sheet)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{sheet}: line 1, unit R1" in result.stderr and "[rule TOB-M1-PLOT-0" in result.stderr


def test_the_sheet_may_come_on_stdin_and_the_seat_must_be_deciding(tmp_path):
    position, _ = files(tmp_path, "")
    ok = RUNNER.invoke(app, ["sheet", "check", "--position", str(position), "--seat", "blue", "-"], input="B1: B2S\n")
    assert ok.exit_code == 0 and json.loads(ok.stdout) == {"B1": [{"card": "B2S"}]}
    bad = RUNNER.invoke(app, ["sheet", "check", "--position", str(position), "--seat", "green", "-"], input="B1: B2S\n")
    assert bad.exit_code == 1 and "seat 'green' has nothing to decide now" in bad.stderr
