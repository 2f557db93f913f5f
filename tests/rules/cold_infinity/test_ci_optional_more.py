"""Optional rules beyond movement and fire: nimble small vessels (CI-2.2.1.1), unit
identification (CI-4.9), and the GAP-13 reading of combined maneuvers."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .helpers import of_type, pos, position, resolve, unit

NIMBLE = {"simultaneous_movement": True, "nimble_small_vessels": True}


def _nimble_position() -> dict:
    return position([unit("A", "red", "reaper"), unit("F", "blue", "talon_flight", (0, -8), 4, count=3)],
                    options=NIMBLE)


@pytest.mark.rule("CI-2.2.1.1")
def test_nimble_small_vessels_plot_after_the_starships_plots_are_revealed() -> None:
    steps = [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "evasive"},
             {"@phase": "plot", "red": {"A": {"accel": 1}}}]
    nxt, events = resolve(_nimble_position(), steps)
    assert nxt["phase"] == "plot" and not of_type(events, "moved")
    assert of_type(events, "plots_revealed")[0]["plots"] == {"red": {"A": {"accel": 1}}}
    assert nxt["plots"]["move"] == {"red": {"A": {"accel": 1}}}
    nxt, events = resolve(nxt, [{"@phase": "plot", "blue": {"F": {"accel": 2}}}])
    assert [(e["unit"], e["to"]) for e in of_type(events, "moved")] == [("A", [0, -1]), ("F", [0, -6])]
    assert "move" not in nxt["plots"]


@pytest.mark.rule("CI-2.2.1.1")
def test_nimble_small_vessels_refuse_a_plot_out_of_its_stage() -> None:
    early = [{"@phase": "power"}, {"@phase": "ew"}, {"@phase": "evasive"},
             {"@phase": "plot", "red": {"A": {"accel": 1}}, "blue": {"F": {"accel": 2}}}]
    with pytest.raises(RuleError) as e:
        resolve(_nimble_position(), early)
    assert e.value.rule == "CI-2.2.1.1" and e.value.unit == "F"
    nxt, _ = resolve(_nimble_position(), early[:3] + [{"@phase": "plot", "red": {"A": {"accel": 1}}}])
    with pytest.raises(RuleError) as e:
        resolve(nxt, [{"@phase": "plot", "red": {"A": {"accel": 2}}}])
    assert e.value.rule == "CI-2.2.1.1" and e.value.unit == "A"


def test_nimble_without_small_vessels_is_one_plot() -> None:
    p = position([unit("A", "red", "reaper"), unit("B", "blue", "reaper", (0, -8), 4)], options=NIMBLE)
    nxt, events = resolve(p, [{"@phase": "power"}, {"@phase": "ew"},
                              {"@phase": "plot", "red": {"A": {"accel": 1}}, "blue": {"B": {"accel": 2}}}])
    assert len(of_type(events, "moved")) == 2 and nxt["phase"] == "fire"


def _seen(blue_ew: dict, option: bool = True) -> dict:
    from hexfleet.ai.cold_infinity import determinize
    from hexfleet.engine.rng import Rng
    from hexfleet.games import get_ruleset
    from hexfleet.games.cold_infinity.rules import CiState

    p = pos([unit("R1", "red", "warden", (0, -12)), unit("B1", "blue", "reaper", (0, 0), ew=blue_ew)],
            phase="fire", options={"unit_identification": option})
    view = get_ruleset("cold-infinity").view(CiState(p, Rng.from_seed(1)), "blue")
    determinize(view, "blue", 3)  # a bot can still search the view
    return view["position"]


@pytest.mark.rule("CI-4.9")
@pytest.mark.rule("CI-4.9.a")
@pytest.mark.rule("CI-4.9.b")
def test_unit_identification_by_shroud_and_amplification() -> None:
    far = _seen({"points": 4, "shroud": 1})  # 10-hex shroud: R1 at 12 is outside
    red = far["units"][0]
    assert red["identified"] == "sections" and red["design"] == "unidentified R1"
    generic = far["designs"]["unidentified R1"]
    assert len(generic["sections"]) == 5 and generic["mass"] == 0 and generic["systems"] == []
    assert "warden" not in far["designs"] and red["systems"] == {}
    assert far["units"][1]["design"] == "reaper" and "identified" not in far["units"][1]  # one's own units
    inside = _seen({"points": 4, "shroud": 2})
    assert inside["units"][0]["identified"] == "mass"
    assert inside["designs"]["unidentified R1"]["mass"] == pos([unit("R", "red", "warden")])["designs"]["warden"]["mass"]
    amplified = _seen({"points": 4, "shroud": 2, "amplify": 1})
    assert amplified["units"][0]["design"] == "warden" and "identified" not in amplified["units"][0]
    assert _seen({"points": 4, "shroud": 1}, option=False)["units"][0]["design"] == "warden"
