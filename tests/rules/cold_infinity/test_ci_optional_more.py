"""Optional rules beyond movement and fire: nimble small vessels (CI-2.2.1.1), unit
identification (CI-4.9), and the GAP-13 reading of combined maneuvers."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .helpers import design, of_type, pos, position, resolve, unit

NIMBLE = {"simultaneous_movement": True, "nimble_small_vessels": True}


def _nimble_position() -> dict:
    """The fighters come first in ``units``; the starship still moves first (CI-2.2.1.1)."""
    return position([unit("F", "blue", "talon_flight", (0, -8), 4, count=3), unit("A", "red", "reaper")],
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


def _hd_fighter() -> dict:
    d = design("talon_flight")
    d["systems"] = d["systems"] + [{"id": "hd", "type": "sensor", "section": "main", "structure": 1, "power": 0,
                                    "sensor": {"ew": 2, "boost": 1, "hd": True}}]
    return d


@pytest.mark.rule("CI-4.3.1")
@pytest.mark.rule("CI-4.0.b")
def test_high_density_sensors_switch_and_change_targeting() -> None:
    from hexfleet.games.cold_infinity import fire

    designs = {"hawk": _hd_fighter(), "reaper": design("reaper")}
    units = [unit("F", "red", "hawk", (0, 0), 1, count=3), unit("T", "blue", "reaper", (0, -1), ew={"points": 4, "ecm": 2})]
    p = position(units, designs=designs)
    nxt, events = resolve(p, [{"@phase": "power", "red": {"F": {"hd_sensors": False}}}])
    assert of_type(events, "hd_sensors") == [{"type": "hd_sensors", "unit": "F", "on": False, "turn": 1}]
    assert nxt["units"][0]["systems"]["hd"]["active"] is False
    with pytest.raises(RuleError) as e:  # HD sensors cannot be boosted; nothing else is allocated
        resolve(p, [{"@phase": "power", "red": {"F": {"hd_sensors": True, "extra_ew": {"hd": 1}}}}])
    assert e.value.rule == "CI-2.1.1.b" and e.value.field.endswith("F.extra_ew")
    # visual targeting: no lock-on needed, ECM ignored (CI-4.3.a/b)
    visual = read(position(units, designs=designs, phase="fire"), hd=False)
    parts, _, locked = fire.drm(visual, visual["units"][0], visual["units"][1], _cannon(visual), "fa")
    assert locked and parts["ecm"] == 0
    # HD sensors: a lock-on is needed (none without a shroud) and ECM counts; EW points may go to ECM
    hd = read(position(units, designs=designs, phase="fire"), hd=True)
    parts, _, locked = fire.drm(hd, hd["units"][0], hd["units"][1], _cannon(hd), "fa")
    assert not locked and parts["ecm"] == -2
    nxt, _ = resolve(position(units, designs=designs, phase="ew"), [{"@phase": "ew", "red": {"F": {"ecm": 2}}}])
    assert nxt["units"][0]["ew"]["ecm"] == 2


def read(p: dict, *, hd: bool) -> dict:
    from hexfleet.games.cold_infinity.position import read_position

    out = read_position(p)
    out["units"][0]["systems"]["hd"]["active"] = hd
    return out


def _cannon(p: dict) -> dict:
    return next(s for s in p["designs"]["hawk"]["systems"] if s["id"] == "cannon")


@pytest.mark.rule("CI-4.6.b")
@pytest.mark.rule("CI-4.6.a")
def test_running_silent_lowers_the_signature() -> None:
    """The book's advice under ship signatures: use less power ("run silent") and be harder
    to find: the guns deactivated this turn are 4 power less signature next turn."""
    def signature_after(power_order: dict) -> int:
        p = position([unit("R1", "red", "reaper", (0, 3), 1), unit("B1", "blue", "reaper", (0, -30), 4)],
                     options={"ship_signatures": True})
        steps = [{"@phase": "power", "red": {"R1": power_order}}, {"@phase": "ew"}, {"@phase": "move"},
                 {"@phase": "move"}, {"@phase": "fire"}]
        nxt, _ = resolve(p, steps)
        return int(nxt["units"][0]["signature"])

    loud = signature_after({})
    silent = signature_after({"deactivate": ["railgun_1", "railgun_2", "railgun_3", "railgun_4"]})
    assert loud == 8 and silent == 4


@pytest.mark.rule("CI-4.3.1")
@pytest.mark.rule("CI-4.7.1")
def test_a_fighter_on_hd_sensors_gets_no_lock_on_from_an_ess_shroud() -> None:
    """HD sensors need lock-ons, and an ESS shroud lends them to every friend inside except
    small vessels: the fighter must hold the target in its own shroud."""
    from hexfleet.games.cold_infinity import ew

    ess = design("reaper")
    ess["systems"].append({"id": "ess", "type": "ess", "section": "core", "structure": 3, "power": "unpowered",
                           "ess": {"rating": 4}})
    p = read(position([unit("F", "red", "hawk", (0, 0), 1, count=3), unit("E", "red", "ess", (1, 0)),
                       unit("T", "blue", "reaper", (0, -4))],
                      designs={"hawk": _hd_fighter(), "ess": ess, "reaper": design("reaper")}), hd=True)
    e = p["units"][1]
    e["ess"]["shroud"] = 1
    f, t = p["units"][0], p["units"][2]
    assert ew.in_ess(p, e, f) and ew.in_ess(p, e, t) and not ew.lock_on(p, f, t)
    f["ew"]["shroud"] = 1
    assert ew.lock_on(p, f, t)
