"""The ``hexfleet`` command line, driven through Typer's CliRunner with files in ``tmp_path``.

A wide ``COLUMNS`` keeps Rich from wrapping table rows, so assertions can read whole rows.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfleet.cli import app
from hexfleet.games import game_names, get_ruleset
from hexfleet.games.turn_or_burn.position import parse_position

RUNNER = CliRunner(env={"COLUMNS": "200"})
SVG = "{http://www.w3.org/2000/svg}"

# R1 (neutrino beam) holds course; B1 (laser turret) burns B2S across R1's bow.
POSITION = {
    "format": "turn-or-burn/1", "modules": [1], "map": {"cols": 30, "rows": 22}, "turn": 3,
    "fighters": [
        {"id": "R1", "side": "red", "hex": [10, 2], "facing": "C", "momentum": [12, 2],
         "cards": ["CM", "STR", "THR", "NB"]},
        {"id": "B1", "side": "blue", "hex": [15, 2], "facing": "F", "momentum": [14, 2],
         "cards": ["CM", "STR", "THR", "LT"], "destroyed": []},
    ],
}
ORDERS = {"R1": [{"card": "NB"}], "B1": [{"card": "B2S"}]}


def write(path: Path, value: object) -> Path:
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return path


def run(*args: str, input: str | None = None):
    return RUNNER.invoke(app, [str(a) for a in args], input=input)


def test_games_lists_turn_or_burn_with_scenario_seats_and_version():
    result = run("games")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "quick-shot" in line)  # one row per scenario
    assert "turn-or-burn" in row and "Turn or Burn" in row and "1.0" in row and "quick-shot" in row and "red, blue" in row


# --- resolve --------------------------------------------------------------------------------


@pytest.mark.rule("TOB-M1-MOVE-04", "TOB-M1-MOVE-05", "TOB-GEO-07", "TOB-M1-GUN-04", "TOB-M1-MISS-02",
                  "TOB-M1-MISS-03", "TOB-M1-MISS-04", "TOB-M1-PULL-01", "TOB-M1-SCEN-02")
def test_resolve_writes_the_next_position_and_events_of_a_hand_checked_turn(tmp_path):
    """By hand: R1 coasts [10,2] -> [12,2] (marker 2*[12,2]-[10,2] = [14,2]). B1 faces F
    (-1,0); B2S adds ahead + starboard (A, (0,-1)) = (-1,-1) to its marker [14,2] -> [13,1],
    it moves there and its marker goes to 2*[13,1]-[15,2] = [11,0]. R1 -> B1 is (1,-1),
    direction B, 60° off C: inside the neutrino beam's 120° arc, range 1, damage 6-1 = 5.
    Miss cards: range 1-3 gives 0, B1's burn thrust 2, size 4 gives 2: 4, in a hand of 4+4 = 8.
    Which 5 cards are pulled is seed 7's draw; B1 loses its structure and is out."""
    out, events = tmp_path / "next.json", tmp_path / "events.jsonl"
    result = run("resolve", "--position", write(tmp_path / "p.json", POSITION), "--orders",
                 write(tmp_path / "o.json", ORDERS), "--seed", "7", "--out", out, "--events", events)
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text()) == {
        "format": "turn-or-burn/1", "modules": [1], "map": {"cols": 30, "rows": 22}, "turn": 4,
        "fighters": [{"id": "R1", "side": "red", "hex": [12, 2], "facing": "C", "momentum": [14, 2],
                      "cards": ["CM", "STR", "THR", "NB"], "external": [], "destroyed": []}],
        "projectiles": [],
    }
    parse_position(json.loads(out.read_text()))  # what resolve writes, resolve reads
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    assert [e for e in lines if e["type"] != "plotted"] == [
        {"type": "moved", "id": "R1", "from": [10, 2], "to": [12, 2], "facing": "C", "momentum": [14, 2]},
        {"type": "moved", "id": "B1", "from": [15, 2], "to": [13, 1], "facing": "F", "momentum": [11, 0]},
        {"type": "shot", "shooter": "R1", "weapon": "NB", "target": "B1", "range": 1, "effective_range": 1,
         "damage": 5, "miss_cards": 4, "hand_size": 8},
        {"type": "pulled", "target": "B1", "cards": ["STR", "MISS", "MISS", "THR", "CM"]},
        {"type": "eliminated", "id": "B1", "cause": "structure"},
        {"type": "game_over", "winner": "red"},
    ]


def test_resolve_defaults_to_seed_0_and_stdout(tmp_path):
    args = ["resolve", "--position", write(tmp_path / "p.json", POSITION),
            "--orders", write(tmp_path / "o.json", ORDERS)]
    a, b = run(*args), run(*args, "--seed", "0", "--events", "-")
    assert a.exit_code == b.exit_code == 0
    assert json.loads(a.stdout)["turn"] == 4
    assert b.stdout.startswith(a.stdout)  # same position, then the events
    events = [json.loads(line) for line in b.stdout[len(a.stdout):].splitlines()]
    assert events[-1] == {"type": "pulled", "target": "B1", "cards": ["MISS", "MISS", "THR", "MISS", "MISS"]}
    assert [f["id"] for f in json.loads(a.stdout)["fighters"]] == ["R1", "B1"]  # seed 0: B1 survives


def _with_fighter(**changes: object) -> dict:
    position = json.loads(json.dumps(POSITION))
    position["fighters"][0].update(changes)
    return position


BAD_INPUTS = {
    "bad JSON": ('{"format": ', ORDERS, ["p.json", "not valid JSON", "line 1"]),
    "unknown position field": ({**POSITION, "colour": 1}, ORDERS, ["p.json", "position.colour", "unknown field"]),
    "bad fighter field": (_with_fighter(facing="G"), ORDERS, ["p.json", "fighters[0].facing", "A-F"]),
    "off the map": (_with_fighter(hex=[40, 2]), ORDERS, ["p.json", "unit R1", "field hex", "TOB-GEO-13"]),
    "unknown action field": (POSITION, {"R1": [{"card": "NB", "colour": 1}]}, ["o.json", "R1[0].colour"]),
    "unknown fighter": (POSITION, {"R9": []}, ["o.json", "R9", "no fighter"]),
    "fighter twice": (POSITION, '{"R1": [], "R1": [{"card": "NB"}]}', ["o.json", "R1: appears twice"]),
    "burn without thruster": (_with_fighter(destroyed=["THR"]), {"R1": [{"card": "B2S"}]},
                              ["o.json", "unit R1", "card B2S", "field R1[0].card", "TOB-M1-SYS-03"]),
    "two actions": (POSITION, {"B1": [{"card": "B1A"}, {"card": "LT"}]}, ["o.json", "unit B1", "TOB-M1-PLOT-01"]),
    "card it lacks": (POSITION, {"B1": [{"card": "NB"}]}, ["o.json", "unit B1", "card NB", "TOB-M1-PLOT-03"]),
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_resolve_rejects_bad_input_naming_it_and_writes_nothing(tmp_path, name):
    position, orders, expected = BAD_INPUTS[name]
    out, events = tmp_path / "next.json", tmp_path / "events.jsonl"
    out.write_text("previous contents\n")
    result = run("resolve", "--position", write(tmp_path / "p.json", position),
                 "--orders", write(tmp_path / "o.json", orders), "--out", out, "--events", events)
    assert result.exit_code == 1
    for text in expected:
        assert text in result.stderr, (text, result.stderr)
    assert out.read_text() == "previous contents\n"
    assert not events.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next.json", "o.json", "p.json"]  # no temp files


# --- play -----------------------------------------------------------------------------------

# Hot-seat: each turn starts with "pass the device" (Enter). Setup per fighter: gun, hex,
# facing, speed. Red places at [14,0] facing C, blue at [15,0] facing F, adjacent, speed 0.
HOT_SEAT = ["", "NB", "20,0", "", "", "",  # red tries the east half: rejected, asked again
            "NB", "14,0", "C", "0",
            "", "LT", "15,0", "F", "0",
            "", "BG", "NB",  # red names a gun it does not have: rejected, asked again
            "", "LT"] + ["", "NB", "", "LT"] * 6


def test_play_hot_seat_to_the_end_shows_each_seat_only_its_view():
    result = run("play", "turn-or-burn", "--scenario", "quick-shot", "--seed", "3",
                 input="\n".join(HOT_SEAT) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "TOB-M1-SETUP-02" in out and "outside your start zone" in out  # bad hex re-prompted
    assert "TOB-M1-PLOT-03" in out and "no Bubble Gun (BG) card" in out  # bad card re-prompted
    screens = out.split("Pass the device to ")
    red_setup, blue_setup, red_plot, blue_plot = screens[1:5]
    assert red_setup.startswith("red") and blue_setup.startswith("blue") and red_plot.startswith("red")
    # Blue's gun stays secret from red until fired (TOB-M1-BUILD-02): red sees "?".
    assert re.search(r"B1\s*│\s*blue.*CM STR THR \?", red_plot)
    assert "LT" not in red_plot
    assert re.search(r"R1\s*│\s*red.*CM STR THR \?", blue_plot)
    assert "B1 placed at [15,0] facing F, speed 0" in red_plot
    assert "R1 moved [14,0] -> [14,0]" in out and "R1 fired NB at B1: range 1, damage 5" in out
    assert "B1 fired LT at R1: range 1, damage 1" in out
    assert "Result:" in out and "Game over" in out


def _play_vs_random(record: Path, lines: list[str], seed: str = "11"):
    return run("play", "turn-or-burn", "--scenario", "quick-shot", "--vs", "random", "--seed", seed,
               "--record", record, input="\n".join(lines) + "\n")


def test_play_vs_random_records_a_game_that_replays_and_verifies(tmp_path):
    record = tmp_path / "game.jsonl"
    result = _play_vs_random(record, ["", "", "", ""] + [""] * 40)
    assert result.exit_code == 0, result.output
    assert "Pass the device" not in result.output  # one person: nothing to hand over
    assert "Result:" in result.output
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0]["record"] == "hexfleet/1" and lines[-1]["end"] is True and lines[-1]["seed"] == "11"
    check = run("replay", record, "--verify")
    assert check.exit_code == 0, check.output
    assert f"steps: {len(lines) - 2}" in check.output and check.output.rstrip().endswith("OK")
    assert f"final hash: {lines[-1]['hash']}" in check.output


def test_replay_of_a_tampered_record_fails(tmp_path):
    record = tmp_path / "game.jsonl"
    assert _play_vs_random(record, [""] * 44).exit_code == 0
    lines = record.read_text().splitlines()
    step = json.loads(lines[1])
    step["events"][0]["hex"] = [0, 0]
    lines[1] = json.dumps(step)
    tampered = write(tmp_path / "tampered.jsonl", "\n".join(lines) + "\n")
    result = run("replay", tampered, "--verify")
    assert result.exit_code == 1
    assert "problem: line 2: step 1: events differ from the record" in result.output


def test_play_stopped_by_end_of_input_exits_cleanly_keeping_the_record(tmp_path):
    record = tmp_path / "game.jsonl"
    result = _play_vs_random(record, ["", "", "", ""])  # setup only, then input ends
    assert result.exit_code == 1
    assert "Stopped after 1 step(s), before the end" in result.output
    assert f"the record so far is in {record}" in result.output
    assert "Traceback" not in result.output
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [("record" in x, x.get("step"), x.get("end")) for x in lines] == [(True, None, None), (False, 1, None),
                                                                             (False, None, True)]
    assert lines[-1]["interrupted"] is True and lines[-1]["outcome"] is None and lines[-1]["seed"] == "11"
    resumed = run("replay", record, "--seed", "11")
    assert resumed.exit_code == 0 and "steps: 1" in resumed.output and "OK" in resumed.output


def test_ctrl_c_names_the_record_and_leaves_it_verifiable(tmp_path, monkeypatch):
    """Ctrl-C at a prompt: the end line says the game was interrupted and reveals the seed, so
    ``replay --verify`` checks every step played and says the game did not end."""
    answers = iter(["", "", "", "", ""])  # Enter takes each default: setup, then one turn

    def ask(prompt: str, default: str) -> str:
        if next(answers, None) is None:
            raise KeyboardInterrupt  # what the terminal raises at Ctrl-C
        return default

    monkeypatch.setattr("hexfleet.cli._ask", ask)
    record = tmp_path / "game.jsonl"
    result = run("play", "turn-or-burn", "--vs", "random", "--seed", "12", "--record", record)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "Stopped after 2 step(s), before the end" in result.output
    assert f"the record so far is in {record}" in result.output
    end = json.loads(record.read_text().splitlines()[-1])
    assert end == {"end": True, "interrupted": True, "outcome": None, "seed": "12", "hash": end["hash"]}
    check = run("replay", record, "--verify")
    assert check.exit_code == 0, check.output
    assert "steps: 2" in check.output and "outcome: none (game not over)" in check.output
    assert "interrupted: the game was stopped before its end" in check.output
    assert check.output.rstrip().endswith("OK")
    lines = record.read_text().splitlines()  # an end line that hides the interruption is caught
    write(record, "\n".join(lines[:-1] + [json.dumps({k: v for k, v in end.items() if k != "interrupted"})]) + "\n")
    forged = run("replay", record, "--verify")
    assert forged.exit_code == 1
    assert "problem: end: the game is not over and the end line does not say it was interrupted" in forged.output


def test_play_without_a_scenario_plays_the_games_default():
    """Issue 11 defect 8: Quick Shot, not the first scenario in alphabetical order."""
    result = run("play", "turn-or-burn", "--vs", "random", "--seed", "5", input="\n" * 60)
    assert result.exit_code == 0, result.output
    assert "Turn or Burn: Quick Shot (quick-shot); you are red, against random" in result.output
    assert get_ruleset("turn-or-burn").scenario() == "quick-shot"
    assert get_ruleset("launch-fighters").scenario() == "duel"


def test_play_rejects_an_unknown_scenario():
    result = run("play", "turn-or-burn", "--scenario", "nope")
    assert result.exit_code == 1 and "unknown turn-or-burn scenario 'nope'" in result.stderr


# --- render ---------------------------------------------------------------------------------


def _fighter_groups(svg_path: Path) -> dict[str, ET.Element]:
    root = ET.parse(svg_path).getroot()
    assert root.tag == f"{SVG}svg"
    return {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "fighter"}


def test_render_draws_one_group_per_fighter_with_markers_and_legend(tmp_path):
    out = tmp_path / "map.svg"
    result = run("render", write(tmp_path / "p.json", POSITION), "-o", out)
    assert result.exit_code == 0, result.output
    groups = _fighter_groups(out)
    assert sorted(groups) == ["B1", "R1"]
    for fid, g in groups.items():
        classes = [child.get("class") for child in g]
        assert {"ship", "momentum-marker", "momentum-line", "label", "speed"} <= set(classes)
        assert "location-marker" not in classes  # turn-start hex unknown for a bare position
        assert next(c for c in g if c.get("class") == "label").text == fid
    assert groups["R1"].get("data-side") == "red"
    root = ET.parse(out).getroot()
    assert any(g.get("class") == "legend" for g in root.iter(f"{SVG}g"))


def test_render_after_a_turn_shows_location_markers_from_the_events(tmp_path):
    orders = write(tmp_path / "o.json", {"R1": [{"card": "T60S"}], "B1": [{"card": "TNC"}]})
    position = write(tmp_path / "p.json", {**POSITION, "fighters": [
        POSITION["fighters"][0], {**POSITION["fighters"][1], "hex": [20, 2], "momentum": [19, 2]}]})
    nxt, events, out = tmp_path / "next.json", tmp_path / "ev.jsonl", tmp_path / "map.svg"
    assert run("resolve", "--position", position, "--orders", orders, "--out", nxt, "--events", events).exit_code == 0
    result = run("render", nxt, "--events", events, "-o", out)
    assert result.exit_code == 0, result.output
    groups = _fighter_groups(out)
    assert sorted(groups) == ["B1", "R1"]
    for g in groups.values():
        assert [c.get("class") for c in g].count("location-marker") == 1
    with_previous = tmp_path / "map2.svg"
    assert run("render", nxt, "--previous", position, "-o", with_previous).exit_code == 0
    assert with_previous.read_text() == out.read_text()


def test_render_a_record_draws_its_final_state(tmp_path):
    record = tmp_path / "game.jsonl"
    assert _play_vs_random(record, [""] * 44).exit_code == 0
    out = tmp_path / "final.svg"
    result = run("render", record, "-o", out)
    assert result.exit_code == 0, result.output
    end = json.loads(record.read_text().splitlines()[-1])
    assert end["outcome"]["winners"] == ["red"]
    assert sorted(_fighter_groups(out)) == ["R1"]  # B1 left the map
    assert "game over: red won" in ET.parse(out).getroot().findtext(f"{SVG}title")


def test_render_a_bad_position_names_the_field(tmp_path):
    out = tmp_path / "map.svg"
    result = run("render", write(tmp_path / "p.json", _with_fighter(momentum=[12])), "-o", out)
    assert result.exit_code == 1 and "fighters[0].momentum" in result.stderr
    assert not out.exists()


def test_render_png_or_a_clear_message_without_cairosvg(tmp_path):
    out = tmp_path / "map.png"
    result = run("render", write(tmp_path / "p.json", POSITION), "--png", "-o", out)
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        assert result.exit_code == 1 and "pip install 'hexfleet[png]'" in result.stderr
        assert not out.exists()
    else:
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_a_state_draws_itself_in_a_notebook_lazily():
    state = parse_position(POSITION)
    svg = ET.fromstring(state._repr_svg_())
    assert sorted(g.get("data-id") for g in svg.iter(f"{SVG}g") if g.get("class") == "fighter") == ["B1", "R1"]


def test_the_games_do_not_import_the_renderer():
    """Layers point down (DESIGN.md): only calling ``_repr_svg_`` reaches hexfleet.render."""
    import subprocess
    import sys

    code = "import sys, hexfleet.games.turn_or_burn; print(any(m.startswith('hexfleet.render') for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


def test_the_text_map_places_fighters_and_markers_in_odd_q_rows():
    from hexfleet.render.turn_or_burn import ascii_map

    text = ascii_map(POSITION)
    lines = text.splitlines()
    assert lines[0].split() == ["q", *map(str, range(9, 17))]
    col = {q: 2 + 3 * (q - 9) for q in range(9, 17)}  # where column q's cell starts
    # R1 at [10,2] is offset row 7 (even column: first line of the row); its marker [12,2] is row 8.
    # B1 at [15,2] is row 9 (odd column: second line of the row); its marker [14,2] is row 9.
    rows = {name: next(i for i, line in enumerate(lines) if name in line) for name in ("R1↘", "R1○", "B1↖", "B1○")}
    assert lines[rows["R1↘"]][col[10]:col[10] + 3] == "R1↘"
    assert lines[rows["R1○"]][col[12]:col[12] + 3] == "R1○"
    assert lines[rows["B1○"]][col[14]:col[14] + 3] == "B1○"
    assert lines[rows["B1↖"]][col[15]:col[15] + 3] == "B1↖"
    assert rows["R1○"] - rows["R1↘"] == 2 and rows["B1↖"] - rows["B1○"] == 1
    assert rows["B1○"] - rows["R1○"] == 2


# --- resolve: Launch Fighters! -------------------------------------------------------------


def _lf_docs_position() -> dict:
    """The example position of docs/launch-fighters.md (blue to activate in attack step 3)."""
    text = (Path(__file__).parent.parent / "docs" / "launch-fighters.md").read_text(encoding="utf-8")
    return json.loads(text.split("```json", 1)[1].split("```", 1)[0])


@pytest.mark.rule("LF-ATK-01")
def test_resolve_launch_fighters_applies_steps_and_writes_position_and_events(tmp_path):
    position = write(tmp_path / "p.json", _lf_docs_position())
    orders = write(tmp_path / "o.json", [{"blue": {"unit": "blue-B"}}])  # the Light Carrier (move 3)
    result = run("resolve", "--game", "launch-fighters", "--position", position, "--orders", orders,
                 "--seed", "3", "--out", tmp_path / "next.json", "--events", tmp_path / "ev.jsonl")
    assert result.exit_code == 0, result.output
    nxt = json.loads((tmp_path / "next.json").read_text())
    assert nxt["format"] == "launch-fighters/1"
    assert nxt["activation"]["ship"] == "blue-B" and nxt["decision"] == {"kind": "system", "seat": "blue",
                                                                         "ship": "blue-B"}
    events = [json.loads(line) for line in (tmp_path / "ev.jsonl").read_text().splitlines()]
    assert events == [{"type": "activated", "unit": "blue-B", "step": 3}]


@pytest.mark.parametrize(("position_change", "orders", "expected"), [
    ({"ships": [{"id": "x", "owner": "blue", "design": "Otox Gol 79b", "hex": [30, 6], "facing": 0}]}, [],
     ["p.json", "LF-MAP-01", "off the board"]),
    ({}, [{"red": {"unit": "red-A"}}], ["o.json"]),
    ({}, [{"blue": {"unit": "blue-A"}}], ["o.json", "unit blue-A", "LF-ATK-01"]),  # move 2: not its step
])
def test_resolve_launch_fighters_rejects_bad_input_and_writes_nothing(tmp_path, position_change, orders, expected):
    position = write(tmp_path / "p.json", {**_lf_docs_position(), **position_change})
    out = tmp_path / "next.json"
    result = run("resolve", "--game", "launch-fighters", "--position", position,
                 "--orders", write(tmp_path / "o.json", orders), "--out", out)
    assert result.exit_code == 1
    for text in expected:
        assert text in result.stderr, (text, result.stderr)
    assert not out.exists()


@pytest.mark.rule("LF-IMPL-04")
def test_resolve_dice_forces_faces_and_a_bad_face_writes_nothing(tmp_path):
    """``--dice``: the interceptors' dice take the table's faces in order, the rest is reported
    unused; a face no d6 has is refused naming ENGINE-DICE, and nothing is written."""
    from tests.rules.launch_fighters.test_lf_position import mid_attack

    _, nxt = mid_attack()
    position = write(tmp_path / "p.json", nxt)
    orders = write(tmp_path / "o.json", [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}])
    result = run("resolve", "--position", position, "--orders", orders, "--dice", "6,1,5",
                 "--out", tmp_path / "next.json", "--events", tmp_path / "ev.jsonl")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in (tmp_path / "ev.jsonl").read_text().splitlines()]
    assert events[0]["type"] == "intercept" and events[0]["dice"] == [6, 1] and events[0]["forced"] is True
    assert events[-1] == {"type": "dice_unused", "faces": [5]}
    out = tmp_path / "again.json"
    for bad, words in (("7", ["ENGINE-DICE", "d6"]), ("4,x", ["dice[1]", "whole number"])):
        result = run("resolve", "--position", position, "--orders", orders, "--dice", bad, "--out", out)
        assert result.exit_code == 1 and all(w in result.stderr for w in words), result.stderr
        assert not out.exists()


def test_resolve_names_the_games_with_a_position_format():
    result = run("resolve", "--game", "no-such-game", "--position", "p.json", "--orders", "o.json")
    assert result.exit_code == 1 and all(name in result.stderr for name in game_names()), result.stderr


# --- play: Launch Fighters! -----------------------------------------------------------------


def test_play_launch_fighters_lists_legal_orders_and_records_a_verified_game(tmp_path):
    """Every answer a number (Enter: the first legal order), one wrong number and one illegal
    JSON order along the way; the view is the game's text summary, not JSON."""
    record = tmp_path / "lf.jsonl"
    answers = ["99", '{"ships": ["No Such Ship"]}', ""] + [""] * 600
    result = run("play", "launch-fighters", "--scenario", "duel", "--vs", "random", "--seed", "3",
                 "--record", record, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Launch Fighters! - duel - turn 0, fleet" in out and '"position"' not in out
    assert '    2. {"ships": ["Otox Gol 79b", "Light Carrier"]}' in out
    assert "99 is not one of the numbers 1-3" in out
    assert "Not accepted:" in out and "No Such Ship" in out  # the illegal order, asked again
    assert "Result:" in out
    check = run("replay", record, "--verify")
    assert check.exit_code == 0 and check.output.rstrip().endswith("OK"), check.output


# --- legal ------------------------------------------------------------------------------------


def test_legal_lists_each_units_choices_as_json(tmp_path):
    """B1 has lost its thruster: no burns (TOB-M1-SYS-03); R1 may plot any maneuver or its gun."""
    position = write(tmp_path / "p.json", {**POSITION, "fighters": [
        POSITION["fighters"][0], {**POSITION["fighters"][1], "destroyed": ["THR"]}]})
    result = run("legal", "--position", position, "--seat", "blue")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"B1": [[], *([{"card": c}] for c in
                                                      ("TNC", "T60S", "T120S", "TR", "T120P", "T60P", "LT"))]}
    assert '    [{"card": "TNC"}],\n' in result.stdout  # one choice per line
    red = json.loads(run("legal", "--position", position, "--seat", "red", "--game", "turn-or-burn").stdout)
    assert list(red) == ["R1"] and [{"card": "B3S"}] in red["R1"] and [{"card": "NB"}] in red["R1"]


def test_legal_needs_a_seat_when_several_decide_and_names_bad_ones(tmp_path):
    position = write(tmp_path / "p.json", POSITION)
    both = run("legal", "--position", position)
    assert both.exit_code == 1 and "red, blue decide at once here: choose one with --seat" in both.stderr
    nobody = run("legal", "--position", position, "--seat", "green")
    assert nobody.exit_code == 1 and "'green' has no decision open" in nobody.stderr and "red, blue" in nobody.stderr
    bad = run("legal", "--position", write(tmp_path / "bad.json", _with_fighter(hex=[40, 2])))
    assert bad.exit_code == 1 and "unit R1" in bad.stderr and "TOB-GEO-13" in bad.stderr


def test_legal_of_a_game_whose_orders_are_whole_lists_them_under_a_star(tmp_path):
    """Launch Fighters!: one seat decides, so no --seat; the format field names the game."""
    result = run("legal", "--position", write(tmp_path / "p.json", _lf_docs_position()))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"*": [{"unit": "blue-B"}]}


def test_render_draws_a_launch_fighters_position(tmp_path):
    out = tmp_path / "lf.svg"
    result = run("render", write(tmp_path / "p.json", _lf_docs_position()), "-o", out)
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    ships = {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "ship"}
    squadrons = [g.get("data-id") for g in root.iter(f"{SVG}g") if g.get("class") == "squadron"]
    assert sorted(ships) == ["blue-A", "blue-B", "red-A"] and squadrons == ["red-F1"]
    assert ships["red-A"].get("data-side") == "red"
    assert [p.get("class") for p in root.iter(f"{SVG}polygon") if "terrain" in (p.get("class") or "")] == [
        "terrain planetoid"]


def test_render_and_replay_a_launch_fighters_record(tmp_path):
    record = tmp_path / "lf.jsonl"
    assert run("play", "launch-fighters", "--vs", "random", "--seed", "4", "--record", record,
               input="\n" * 600).exit_code == 0
    assert json.loads(record.read_text().splitlines()[0])["scenario"] == "duel"  # the game's default
    out = tmp_path / "lf.svg"
    result = run("render", record, "-o", out)
    assert result.exit_code == 0, result.output
    assert "game over" in ET.parse(out).getroot().findtext(f"{SVG}title")


def test_play_refuses_a_bot_the_game_does_not_offer():
    result = run("play", "turn-or-burn", "--vs", "lf-heuristic")
    assert result.exit_code == 1
    assert ("--vs: unknown bot 'lf-heuristic' for turn-or-burn; bots that can play turn-or-burn, scenario "
            "quick-shot: heuristic, mcts, random") in result.stderr


# --- the terminal's generic entry, unit by unit ------------------------------------------------


def _terminal_at(game_name: str, scenario: str, kind: str, answers: list[str]):
    """A terminal session of ``game_name`` stopped at the first ``kind`` decision (every earlier
    one left at its standing order), with scripted ``answers`` and the prompts asked kept."""
    from io import StringIO

    from rich.console import Console

    from hexfleet.engine.game import Game
    from hexfleet.terminal import TerminalPlay

    ruleset = get_ruleset(game_name)
    game = Game(ruleset, scenario, seed=1)
    while kind not in {d.kind for d in ruleset.pending(game.state).values()}:
        game.submit({s: ruleset.default_order(game.state, s) for s in game.pending()})
    script, prompts, out = iter(answers), [], StringIO()

    def ask(prompt: str, default: str) -> str:
        prompts.append(prompt)
        return next(script)

    return TerminalPlay(game, bots={}, console=Console(file=out, width=200), ask=ask), prompts, out


def test_terminal_asks_each_fighter_in_turn_and_combines_their_plots(monkeypatch):
    import hexfleet.render.turn_or_burn as presenter

    monkeypatch.setattr(presenter, "FORMS", {})  # the generic entry, as for a game without forms
    # three fighters on the one T60S card of two is refused (TOB-M2-DITTO-01's budget), then a bad
    # number, then a legal plot
    play, prompts, out = _terminal_at("turn-or-burn", "bigger", "plot", ["3", "3", "3", "3", "99", "4", "1"])
    decision = play.game.view("agrarians")["decision"]
    order = play.ask_choice("agrarians", decision)
    assert order == {"A1": [{"card": "T60S"}], "A2": [{"card": "T120S"}], "A3": []}
    play.game.ruleset.validate(play.game.state, "agrarians", order)
    assert prompts == [f"agrarians: {u} (number, or JSON)" for u in ("A1", "A2", "A3", "A1", "A2", "A2", "A3")]
    shown = out.getvalue()
    assert "A1:\n" in shown and '    3. [{"card": "T60S"}]' in shown
    assert '   15. [{"card": "DITTO", "of": "A2"}]' in shown
    assert "Not accepted: 3 fighters plotted T60S" in shown and "[TOB-M2-DITTO-01]" in shown
    assert "99 is not one of the numbers 1-20" in shown


def test_terminal_takes_a_whole_order_typed_as_json_at_a_units_prompt(monkeypatch):
    import hexfleet.render.turn_or_burn as presenter

    monkeypatch.setattr(presenter, "FORMS", {})
    typed = {"A1": [{"card": "TNC"}], "A2": [], "A3": [{"card": "B1A"}]}
    play, prompts, _ = _terminal_at("turn-or-burn", "bigger", "plot", [json.dumps(typed)])
    assert play.ask_choice("agrarians", play.game.view("agrarians")["decision"]) == typed
    assert prompts == ["agrarians: A1 (number, or JSON)"]


def test_terminal_asks_which_ship_acts_then_its_order_where_one_unit_of_several_acts():
    play, prompts, out = _terminal_at("launch-fighters", "duel", "place", ["2", "3"])
    seat = next(iter(play.game.pending()))
    legal = play.game.ruleset.legal(play.game.state, seat)
    assert legal.one_unit and len(legal.per_unit()) == 2
    order = play.ask_choice(seat, play.game.view(seat)["decision"])
    unit = list(legal.per_unit())[1]
    assert order == play.game.ruleset.order_json(play.game.state, seat, legal.per_unit()[unit][2])
    play.game.ruleset.validate(play.game.state, seat, order)
    assert prompts == [f"{seat}: which unit acts (number, or JSON)", f"{seat}: {unit} (number, or JSON)"]
    assert f"    2. {unit} (6 orders)" in out.getvalue()
