"""Fire Guns (TOB-M1-FIRE-*, TOB-SEQ-10, TOB-AMB-19/21/58): targets, simultaneity, order."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .helpers import fighter, position, resolve, validate

S = (10, 5)


@pytest.mark.rule("TOB-M1-FIRE-01")
@pytest.mark.rule("TOB-M1-PLOT-05")
def test_a_plotted_gun_with_no_target_does_not_fire() -> None:
    pos = position(fighter("R1", "red", S, "A", gun="BG"), fighter("B1", "blue", (14, 5), "F"))
    turn = resolve(pos, {"R1": "BG"})  # accepted: futile, not illegal
    assert turn.shots() == [] and turn.voids() == [] and turn.pulls() == []
    assert turn.fighter("B1")["destroyed"] == []


@pytest.mark.rule("TOB-M1-FIRE-01")
@pytest.mark.rule("TOB-AMB-19")
def test_the_target_is_chosen_after_movement() -> None:
    """B2 is the nearest enemy before moving (range 2) and B1 after it (range 4 against 7)."""
    pos = position(fighter("R1", "red", S, "C", gun="NB"),
                   fighter("B1", "blue", (14, 8), "F", (14, 5)),
                   fighter("B2", "blue", (12, 5), "F", (17, 5)))
    turn = resolve(pos, {"R1": "NB"})
    assert [(s["target"], s["range"]) for s in turn.shots()] == [("B1", 4)]


@pytest.mark.rule("TOB-M1-FIRE-01")
def test_default_target_is_the_nearest_and_ties_go_to_the_lowest_id() -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"),
                   fighter("B2", "blue", (13, 5), "F"), fighter("B1", "blue", (12, 7), "F"),
                   fighter("B3", "blue", (11, 5), "F", (14, 2)))
    # After moving: B3 at range 4 (14,2), B2 at 3, B1 at 4 ... nearest is B2.
    assert resolve(pos, {"R1": "LT"}).shots()[0]["target"] == "B2"
    tie = position(fighter("R1", "red", S, "C", gun="LT"),
                   fighter("B2", "blue", (13, 5), "F"), fighter("B1", "blue", (13, 2), "F"))
    assert resolve(tie, {"R1": "LT"}).shots()[0]["target"] == "B1"  # both at 3: lowest id


@pytest.mark.rule("TOB-M1-FIRE-01")
@pytest.mark.parametrize(("target", "reason"), [((10, 5), "range_0"), ((23, 5), "out_of_range"),
                                                ((8, 5), "out_of_arc")])
def test_a_named_target_out_of_range_or_arc_makes_the_shot_void(target, reason: str) -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", target, "F"),
                   fighter("B2", "blue", (12, 5), "F"))
    turn = resolve(pos, {"R1": "LT>B1"})
    assert turn.voids() == [{"type": "shot_void", "shooter": "R1", "weapon": "LT", "target": "B1", "reason": reason}]
    assert turn.shots() == []  # B2 was in arc but was not named: no shot at it


@pytest.mark.rule("TOB-M1-FIRE-01")
@pytest.mark.rule("TOB-GEO-13")
def test_a_named_target_that_left_the_map_is_gone() -> None:
    pos = position(fighter("R1", "red", (3, 2), "C", gun="LT"), fighter("B1", "blue", (6, 1), "F", (7, 1)),
                   fighter("B2", "blue", (5, 1), "F"), cols=8, rows=6)
    turn = resolve(pos, {"R1": "LT>B1"})
    assert turn.eliminated() == {"B1": "off_map"}
    assert turn.voids() == [{"type": "shot_void", "shooter": "R1", "weapon": "LT", "target": "B1",
                             "reason": "target_gone"}]


@pytest.mark.rule("TOB-M1-FIRE-02")
@pytest.mark.rule("TOB-M1-SCEN-03")
def test_fire_is_simultaneous_a_fighter_blown_to_bits_still_fires() -> None:
    pos = position(fighter("R1", "red", S, "C", gun="BG"), fighter("B1", "blue", (12, 5), "F", gun="BG"))
    turn = resolve(pos, {"R1": "BG>B1", "B1": "BG>R1"})
    assert [s["shooter"] for s in turn.shots()] == ["B1", "R1"]
    assert turn.eliminated() == {"R1": "structure", "B1": "structure"}
    assert turn.game_over() == {"type": "game_over", "draw": True}
    assert turn.state.outcome.is_draw and turn.position["fighters"] == []


@pytest.mark.rule("TOB-M1-FIRE-02")
@pytest.mark.rule("TOB-AMB-21")
def test_shots_are_fixed_first_then_resolved_in_shooter_id_order() -> None:
    pos = position(fighter("R2", "red", (10, 7), "C", gun="LT"), fighter("R1", "red", S, "C", gun="BG"),
                   fighter("B1", "blue", (12, 5), "F", gun="LT"))
    turn = resolve(pos, {"R2": "LT>B1", "R1": "BG>B1", "B1": "LT>R2"}, seed=5)
    assert [s["shooter"] for s in turn.shots()] == ["B1", "R1", "R2"]
    # R1's bubble gun pulls B1's whole hand, yet R2's laser shot was fixed before: it still resolves.
    r2 = turn.shots()[2]
    assert r2["target"] == "B1" and r2["hand_size"] == 2  # only the two miss cards are left
    assert turn.pulls()[2]["cards"] == ["MISS"]


@pytest.mark.rule("TOB-M1-FIRE-03")
@pytest.mark.rule("TOB-SEQ-10")
def test_shot_then_pull_with_every_field() -> None:
    pos = position(fighter("R1", "red", S, "C", gun="NB"), fighter("B1", "blue", (15, 5), "F"))
    turn = resolve(pos, {"R1": "NB>B1"}, seed=7)
    fire = [e for e in turn.events if e["type"] in ("shot", "pulled")]
    assert fire[0] == {"type": "shot", "shooter": "R1", "weapon": "NB", "target": "B1", "range": 5,
                       "effective_range": 5, "damage": 1, "miss_cards": 3, "hand_size": 7}
    assert fire[1]["type"] == "pulled" and fire[1]["target"] == "B1" and len(fire[1]["cards"]) == 1


@pytest.mark.rule("TOB-AMB-58")
def test_no_friendly_fire() -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("R2", "red", (11, 5), "F"),
                   fighter("B1", "blue", (15, 5), "F"))
    assert resolve(pos, {"R1": "LT"}).shots()[0]["target"] == "B1"  # R2 is nearer but friendly
    with pytest.raises(RuleError) as err:
        validate(pos, "R1", "LT>R2")
    assert err.value.rule == "TOB-AMB-58" and err.value.unit == "R1"


@pytest.mark.rule("TOB-AMB-10")
def test_a_shooter_that_left_the_map_does_not_fire() -> None:
    pos = position(fighter("R1", "red", (6, 1), "F", (7, 1), gun="LT"), fighter("R2", "red", (2, 2), "C"),
                   fighter("B1", "blue", (5, 1), "F"), cols=8, rows=6)
    turn = resolve(pos, {"R1": "LT>B1"})
    assert turn.eliminated() == {"R1": "off_map"}
    assert turn.shots() == [] and turn.voids() == []
