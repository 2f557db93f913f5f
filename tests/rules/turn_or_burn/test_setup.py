"""Components, building and placing fighters (TOB-COMP-*, TOB-M1-BUILD-*, TOB-M1-SETUP-*)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import step
from hexfleet.games.turn_or_burn.cards import GUNS, MANEUVERS, SYSTEMS
from hexfleet.games.turn_or_burn.state import Station

from .helpers import RULES, fighter, position, resolve


def game():
    return RULES.new_game("quick-shot", seed=1)


def setup_error(order: dict, rule: str) -> RuleError:
    with pytest.raises(RuleError) as err:
        RULES.validate(game(), "red", {"R1": order})
    assert err.value.rule == rule, err.value
    return err.value


@pytest.mark.rule("TOB-COMP-01")
def test_the_maneuver_set() -> None:
    m1 = [m for m in MANEUVERS.values() if m.module <= 2]
    turns = [m.id for m in m1 if m.turn is not None]
    burns = [m.id for m in m1 if m.is_burn]
    assert turns == ["TNC", "T60S", "T120S", "TR", "T120P", "T60P"]
    assert sorted(burns) == sorted(["B1A", "B2A", "B2S", "B2P", "B3A", "B3S", "B3P"])
    assert len(m1) == 14 and "DITTO" in MANEUVERS  # 6 turns + 7 burns + 1 ditto
    assert {MANEUVERS[c].module for c in ("B5A", "RAM")} == {6}


@pytest.mark.rule("TOB-COMP-02")
def test_system_card_ids() -> None:
    assert list(SYSTEMS) == ["CM", "STR", "THR", "BG", "DB", "NB", "LT", "BOT", "ARM", "SG", "SCAN", "JAM", "MR",
                             "CAN", "RL", "ML", "FB", "ZG", "ST", "CARGO"]
    assert list(GUNS) == ["BG", "DB", "NB", "LT"]
    with pytest.raises(RuleError) as err:  # a Module 2 card in a Module 1 position
        resolve(position(fighter("R1", "red", (10, 5), "C", cards=["CM", "STR", "THR", "ARM"]),
                         fighter("B1", "blue", (20, 0), "F")))
    assert err.value.rule == "TOB-COMP-02" and err.value.field == "cards"


@pytest.mark.rule("TOB-M1-BUILD-01")
@pytest.mark.parametrize("cards", [["CM", "STR", "THR"], ["CM", "STR", "THR", "NB", "LT"], ["CM", "STR", "NB", "LT"],
                                   ["CM", "CM", "THR", "NB"], ["STR", "THR", "NB", "CM", "CM"]])
def test_exactly_crew_structure_thruster_and_one_gun(cards) -> None:
    with pytest.raises(RuleError) as err:
        resolve(position(fighter("R1", "red", (10, 5), "C", cards=cards), fighter("B1", "blue", (20, 0), "F")))
    assert err.value.rule == "TOB-M1-BUILD-01"


@pytest.mark.rule("TOB-M1-BUILD-01")
@pytest.mark.rule("TOB-M1-BUILD-03")
@pytest.mark.rule("TOB-EX-03")
def test_choosing_the_gun_at_setup() -> None:
    state = game()
    assert [f.cards for f in state.fighters] == [("CM", "STR", "THR", "NB")] * 2
    after, events = step(RULES, state, {"red": {"R1": {"gun": "DB"}}, "blue": {"B1": {"gun": "LT"}}})
    assert [f.cards for f in after.fighters] == [("CM", "STR", "THR", "DB"), ("CM", "STR", "THR", "LT")]
    assert all(f.size == 4 for f in after.fighters)
    assert [e["type"] for e in events] == ["placed", "placed"] and after.phase == "plot"
    setup_error({"gun": "ARM"}, "TOB-M1-BUILD-01")


@pytest.mark.rule("TOB-M1-BUILD-02")
def test_the_chosen_gun_stays_hidden_from_the_opponent() -> None:
    from hexfleet.engine.game import Game

    g = Game(RULES, "quick-shot", seed=4)
    g.submit({"red": {"R1": {"gun": "BG"}}, "blue": {"B1": {"gun": "LT"}}})
    blue_view = {f["id"]: f["cards"] for f in g.view("blue")["fighters"]}
    assert blue_view == {"R1": ["CM", "STR", "THR", "?"], "B1": ["CM", "STR", "THR", "LT"]}
    blue_log = g.log_for("blue")[0]
    assert blue_log["orders"]["red"] == {"R1": {}} and blue_log["orders"]["blue"] == {"B1": {"gun": "LT"}}
    assert "BG" not in str(g.log_for("blue")) and "BG" not in str(g.view(None))


@pytest.mark.rule("TOB-M1-SETUP-02")
def test_placement_in_your_own_half_with_speed_0_to_6() -> None:
    ok = {"hex": [3, 9], "facing": "D", "momentum": [3, 15]}  # speed 6, facing backwards is fine
    RULES.validate(game(), "red", {"R1": ok})
    after, _ = step(RULES, game(), {"red": {"R1": ok}, "blue": {}})
    r1 = after.fighter("R1")
    assert (r1.hex, r1.facing, r1.momentum, r1.speed) == ((3, 9), 3, (3, 15), 6)
    err = setup_error({"hex": [3, 9], "momentum": [3, 16]}, "TOB-M1-SETUP-02")  # speed 7
    assert err.field == "order.R1.momentum"
    err = setup_error({"hex": [20, 0]}, "TOB-M1-SETUP-02")  # the east half is blue's
    assert err.field == "order.R1.hex"
    setup_error({"hex": [40, 0]}, "TOB-GEO-01")
    setup_error({"hex": [0, 0], "momentum": [0, -1]}, "TOB-GEO-13")  # marker off the map: out at once


@pytest.mark.rule("TOB-M1-SETUP-02")
def test_default_placement_keeps_the_scenario_velocity() -> None:
    after, events = step(RULES, game(), {"red": {"R1": {"hex": [4, 8]}}, "blue": {}})
    assert after.fighter("R1").momentum == (6, 8)  # scenario speed 2 toward C, moved with the hex
    assert events[1] == {"type": "placed", "id": "B1", "hex": [24, -2], "facing": "F", "momentum": [22, -2]}


@pytest.mark.rule("TOB-M1-SETUP-02")
def test_placing_changes_only_the_fighters_and_the_phase() -> None:
    """Setup places fighters and moves on to the plot; everything else of the state stays (a
    scenario with stations keeps them, TOB-M6-STN-01)."""
    before = replace(game(), stations=(Station("S1", (10, 5), "red"),), scores=(("red", 1), ("blue", 2)))
    after, _ = step(RULES, before, {"red": {"R1": {"hex": [4, 8]}}, "blue": {}})
    assert after.phase == "plot" and after.fighter("R1").hex == (4, 8)
    assert (after.stations, after.scores, after.turn, after.config) == (before.stations, before.scores, 1,
                                                                        before.config)


@pytest.mark.rule("TOB-M1-SETUP-01")
@pytest.mark.rule("TOB-M1-SCEN-01")
def test_quick_shot_scenario() -> None:
    info = RULES.scenarios()["quick-shot"]
    assert info.seats == ("red", "blue")
    state = game()
    assert state.config.modules == (1,) and (state.config.map.cols, state.config.map.rows) == (30, 22)
    assert {d.kind for d in RULES.pending(state).values()} == {"setup"}
    assert len(state.fighters) == 2 and {f.side for f in state.fighters} == {"red", "blue"}
