"""Elimination and victory (TOB-M1-SCEN-*, TOB-M1-SYS-01/02, TOB-M1-END-01, TOB-GEO-13)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import step

from .helpers import RULES, fighter, orders_by_side, position, resolve

S = (10, 5)


def laser_until(card: str):
    """The first seed whose single laser pull takes ``card`` from B1 (4 systems + 2 misses)."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (11, 5), "F", gun="DB"))
    for seed in range(100):
        turn = resolve(pos, {"R1": "LT>B1"}, seed=seed)
        if turn.pulls()[0]["cards"] == [card]:
            return turn
    raise AssertionError(f"no seed pulled {card}")


@pytest.mark.rule("TOB-M1-SCEN-02")
@pytest.mark.rule("TOB-M1-SYS-01")
@pytest.mark.rule("TOB-M1-SYS-02")
@pytest.mark.rule("TOB-M1-SCEN-01")
@pytest.mark.parametrize(("card", "cause"), [("STR", "structure"), ("CM", "crew"), ("DB", "gun")])
def test_losing_structure_crew_or_gun_eliminates(card: str, cause: str) -> None:
    turn = laser_until(card)
    assert turn.eliminated() == {"B1": cause}
    assert turn.game_over() == {"type": "game_over", "winner": "red"}
    assert turn.state.outcome.winners == ("red",) and turn.state.outcome.reason == "elimination"
    assert [f["id"] for f in turn.position["fighters"]] == ["R1"]
    assert turn.fighter("R1")["destroyed"] == []  # breaking up harms nobody nearby (SYS-02)
    assert RULES.pending(turn.state) == {}


@pytest.mark.rule("TOB-M1-SYS-03")
@pytest.mark.rule("TOB-M1-SCEN-02")
def test_losing_the_thruster_does_not_eliminate() -> None:
    turn = laser_until("THR")
    assert turn.eliminated() == {} and turn.game_over() is None
    assert turn.fighter("B1")["destroyed"] == ["THR"]
    assert "B1A" not in RULES.legal_cards(turn.state, turn.state.fighter("B1"))


@pytest.mark.rule("TOB-M1-SCEN-02")
@pytest.mark.rule("TOB-M1-END-01")
def test_first_cause_is_reported_when_several_apply() -> None:
    pos = position(fighter("R1", "red", S, "C", gun="BG"), fighter("B1", "blue", (12, 5), "F"))
    assert resolve(pos, {"R1": "BG>B1"}).eliminated() == {"B1": "structure"}


@pytest.mark.rule("TOB-M1-SCEN-02")
@pytest.mark.parametrize(("lost", "rule"), [(["STR"], "TOB-M1-SCEN-02"), (["CM"], "TOB-M1-SCEN-02"),
                                            (["NB"], "TOB-M1-SCEN-02"), (["THR", "THR"], "TOB-M1-PULL-02")])
def test_a_position_cannot_hold_an_eliminated_fighter(lost, rule: str) -> None:
    with pytest.raises(RuleError) as err:
        resolve(position(fighter("R1", "red", S, "C", destroyed=lost), fighter("B1", "blue", (20, 0), "F")))
    assert err.value.rule == rule and err.value.unit == "R1"


@pytest.mark.rule("TOB-M1-SCEN-02")
@pytest.mark.rule("TOB-GEO-13")
@pytest.mark.rule("TOB-M1-END-01")
@pytest.mark.rule("TOB-M1-SCEN-03")
def test_both_off_the_map_in_the_same_turn_is_a_draw() -> None:
    pos = position(fighter("R1", "red", (1, 1), "A", (0, 1)), fighter("B1", "blue", (6, 1), "F", (7, 1)),
                   cols=8, rows=6)
    turn = resolve(pos, {"R1": "TNC", "B1": "TNC"})
    assert turn.eliminated() == {"R1": "off_map", "B1": "off_map"}
    assert turn.game_over() == {"type": "game_over", "draw": True}
    assert turn.state.outcome.reason == "mutual_elimination"


@pytest.mark.rule("TOB-M1-END-01")
def test_off_map_by_the_fighters_own_burn() -> None:
    """A burn that puts the momentum marker off the map eliminates as surely as coasting does."""
    pos = position(fighter("R1", "red", (1, 1), "F"), fighter("B1", "blue", (6, 1), "F"), cols=8, rows=6)
    turn = resolve(pos, {"R1": "B2A"})  # (1,1) → (−1,1): the hex itself is off the map
    assert turn.eliminated() == {"R1": "off_map"} and turn.game_over()["winner"] == "blue"


@pytest.mark.rule("TOB-M1-END-01")
def test_the_game_is_over_and_takes_no_more_orders() -> None:
    turn = laser_until("CM")
    with pytest.raises(RuleError) as err:
        step(RULES, turn.state, {"red": {}})
    assert err.value.rule == "ENGINE-OVER"
    with pytest.raises(RuleError):
        RULES.validate(turn.state, "red", {})


@pytest.mark.rule("TOB-IMPL-01")
def test_turn_limit_option_ends_in_a_draw() -> None:
    pos = position(fighter("R1", "red", S, "C"), fighter("B1", "blue", (20, 0), "F"), turn=3,
                   options={"turn_limit": 3})
    turn = resolve(pos)
    assert turn.game_over() == {"type": "game_over", "draw": True}
    assert turn.state.outcome.reason == "turn_limit"
    assert turn.position["options"] == {"turn_limit": 3}
    early = resolve(pos | {"turn": 2})
    assert early.game_over() is None and RULES.pending(early.state).keys() == {"red", "blue"}


@pytest.mark.rule("TOB-SEQ-01")
def test_a_turn_with_no_fire_and_no_loss_continues() -> None:
    pos = position(fighter("R1", "red", S, "C"), fighter("B1", "blue", (20, 0), "F"))
    state = resolve(pos).state
    assert state.outcome is None and state.turn == 2
    assert sorted(orders_by_side(state, {})) == ["blue", "red"]
