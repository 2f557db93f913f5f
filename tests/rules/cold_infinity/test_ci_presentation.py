"""What the book asks of its physical components and table aids (CI-1.1, CI-1.4, CI-5.4.6,
CI-6.4), as the software gives them: dice, the map, counters showing attitude, the ship's
sheet, vector markers, layers; and every place a house rule decides says "house rule"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexfleet.games.cold_infinity.scenarios import scenario_infos
from hexfleet.render.cold_infinity import describe_event, describe_view, glossary, svg

from .helpers import of_type, pos, position, resolve, unit

WEB = Path(__file__).resolve().parents[3] / "src" / "hexfleet" / "web" / "js" / "ci.js"


def _fight() -> tuple[dict, list[dict]]:
    p = position([unit("R1", "red", "reaper", (0, 3), 1, vector="1+1"),
                  unit("B1", "blue", "reaper", (0, -3), 4, vector="4+1", status=["derelict"])])
    steps = [{"@phase": "power"}, {"@phase": "ew", "red": {"R1": {"shroud": 1, "amplify": 3}}}, {"@phase": "move"},
             {"@phase": "fire", "red": {"R1": {"attacks": [{"weapon": "railgun_1", "target": "B1"}]}}}]
    return resolve(p, steps, seed=4)


@pytest.mark.rule("CI-1.1.a")
@pytest.mark.rule("CI-1.1")
@pytest.mark.rule("CI-1.3.a")
@pytest.mark.rule("CI-1.3")
def test_dice_and_the_drm() -> None:
    """Initiative 1d6, the derelict check 1d10, the to-hit roll 3d6 plus its DRM (the sum of
    its parts) against 11."""
    _, events = _fight()
    dice = {e["purpose"]: e["dice"] for e in of_type(events, "roll")}
    assert dice["initiative"] == "1d6" and dice["derelict_check"] == "1d10" and dice["to_hit"] == "3d6"
    roll = next(e for e in of_type(events, "roll") if e["purpose"] == "to_hit")
    attack = of_type(events, "attack")[0]
    assert attack["drm"] == sum(attack["parts"].values())
    assert attack["total"] == sum(roll["faces"]) + attack["drm"] and attack["hit"] == (attack["total"] >= 11)
    assert "DRM" in glossary()["terms"]["drm"]["name"]


@pytest.mark.rule("CI-1.1.b")
@pytest.mark.rule("CI-1.3.c")
@pytest.mark.rule("CI-1.1.c")
def test_the_map_and_counters_showing_attitude() -> None:
    """A hex map around the units; each counter shows its facing and, when not upright, its
    roll or tumble (in words on the map and in the terminal)."""
    p = pos([unit("A", "red", "reaper", attitude="rolled_port"), unit("B", "blue", "reaper", (0, -4), 4,
                                                                     attitude="tumbled_forward")])
    picture = svg(p)
    grid = picture.split('class="grid" d="', 1)[1].split('"', 1)[0]
    assert grid.count("Z") >= 25 and all(len(cell.split()) == 6 for cell in grid.split("Z") if cell.strip())
    assert "rolled_port" in picture and "tumbled_forward" in picture
    text = describe_view({"position": p})
    assert "rolled_port" in text and "tumbled_forward" in text


@pytest.mark.rule("CI-1.1.d")
def test_the_ship_sheet_in_the_terminal() -> None:
    """The SDS and the control sheet's running values: hull left per section, vector,
    initiative, EW, status."""
    p = pos([unit("A", "red", "reaper", sections={"forward": {"hull_lost": 5}}, initiative=9, vector="1+2")])
    line = describe_view({"position": p}).splitlines()[1]
    assert "forward:15/aft:" in line and "vector 1+2" in line and "init 9" in line and "EW" in line


@pytest.mark.rule("CI-1.4")
@pytest.mark.rule("CI-1.4.a")
@pytest.mark.rule("CI-1.4.b")
def test_the_scale_is_flavour_and_said_so() -> None:
    """Map and time scale change no rule (the digest: "flavour; no mechanical effect"): the
    glossary gives the book's default; no option or field of the format sets a scale."""
    from hexfleet.games.cold_infinity.position import OPTION_DEFAULTS, TOP_FIELDS

    effect = glossary()["terms"]["scale"]["effect"]
    assert "1 hex = 1 km" in effect and "15 s" in effect and "1 g" in effect
    assert not [k for k in list(OPTION_DEFAULTS) + list(TOP_FIELDS) if "scale" in k]


@pytest.mark.rule("CI-5.4.6")
@pytest.mark.rule("CI-5.4.6.a")
@pytest.mark.rule("CI-6.4")
@pytest.mark.rule("CI-6.4.a")
def test_vector_markers_and_layers() -> None:
    """A ring where the vector carries the unit next turn, with its layer in 3-D; the terminal
    and the map's labels give each unit's layer."""
    p = pos([unit("A", "red", "reaper", vector="1+2,2+1,++2", z=3)], options={"three_d": True})
    picture = svg(p)
    assert picture.count('class="vector-marker"') == 1 and "z+5" in picture
    assert "z 3" in picture and " z3 " in describe_view({"position": p})
    assert 'class="vector-marker"' not in svg(pos([unit("A", "red", "reaper")]))  # at rest: no marker


def test_house_rules_are_shown_as_house_rules() -> None:
    """Terminal: attack and damage sentences; browser: the same events (ci.js); `hexfleet
    games`: every scenario's description; the glossary: the house layer."""
    _, events = _fight()
    lines = [describe_event(e) for e in events if e["type"] in ("attack", "damage")]
    assert lines and all("house rule ci-house-v1" in line for line in lines)
    js = WEB.read_text(encoding="utf-8")
    assert 'const HOUSE = " [house rule ci-house-v1]"' in js
    sentences = {block.split('"', 1)[0] for block in re.split(r'\n\s*case "', js)[1:] if "HOUSE" in block}
    assert {"attack", "damage"} <= sentences
    assert all(info.description.endswith("(house scenario)") for info in scenario_infos().values())
    assert "NOT from the book" in glossary()["terms"]["house"]["effect"]


@pytest.mark.rule("CI-2.2.1.1")
@pytest.mark.rule("CI-4.3.1")
def test_new_announcements_read_as_sentences() -> None:
    """The revealed starship plots and a fighter's sensor switch are announced in words, in the
    terminal and in the browser (ci.js has a sentence for each)."""
    assert describe_event({"type": "plots_revealed", "turn": 1, "plots": {"red": {"A": {"accel": 1}}}}) == \
        "starship plots revealed (nimble small vessels plot now): A {'accel': 1}"
    assert "high-density sensors" in describe_event({"type": "hd_sensors", "turn": 1, "unit": "F", "on": True})
    js = WEB.read_text(encoding="utf-8")
    assert 'case "plots_revealed"' in js and 'case "hd_sensors"' in js
