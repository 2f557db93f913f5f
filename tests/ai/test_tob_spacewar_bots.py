"""Turn or Burn search hooks in SpaceWar (Module 4): the evaluator knows the safe exit, the black
hole and a blast's reach (TOB-M4-SCEN-01/02, TOB-M4-BH-01, TOB-M4-DET-02/03)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexfleet.ai.mcts import MctsBot
from hexfleet.ai.turn_or_burn import evaluate
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.state import Projectile
from hexfleet.hexgrid import add, from_offset

R = get_ruleset("turn-or-burn")


def started():
    """SpaceWar at its first plot: R1 west of the black hole, B1 east, both drifting toward it."""
    state = R.new_game("spacewar", seed=1)
    state, _ = R.advance(state, {seat: R.legal(state, seat).first() for seat in R.pending(state)})
    return state


def moved(state, fid, at, velocity=(0, 0)):
    return replace(state, fighters=tuple(replace(f, hex=at, momentum=add(at, velocity)) if f.id == fid else f
                                         for f in state.fighters))


def alone(state, side):
    return replace(state, fighters=tuple(f for f in state.fighters if f.side == side))


@pytest.mark.rule("TOB-M4-SCEN-01")
def test_a_lone_side_is_winning_and_the_nearer_the_edge_the_better():
    state = alone(started(), "red")
    values = [evaluate(moved(state, "R1", from_offset(col, 11)))["red"] for col in (15, 5, 1, 0)]
    assert all(v >= 0.8 for v in values) and values == sorted(values) and values[0] < values[-1]
    at = from_offset(6, 11)
    assert evaluate(moved(state, "R1", at, (-1, 0)))["red"] > evaluate(moved(state, "R1", at, (1, 0)))["red"]
    assert evaluate(alone(started(), "blue"))["red"] <= 0.2


@pytest.mark.rule("TOB-M4-SCEN-01")
def test_mcts_alone_on_the_map_leaves_it_for_the_win():
    state = moved(alone(started(), "red"), "R1", from_offset(3, 11))
    bot = MctsBot(seed=2, think=None, iterations=150)
    for _ in range(10):
        if R.outcome(state) is not None:
            break
        orders = {seat: bot.choose(R, seat, R.view(state, seat), R.legal(state, seat)) for seat in R.pending(state)}
        state, _ = R.advance(state, orders)
    assert R.outcome(state) is not None and R.outcome(state).reason == "safe_exit"
    assert R.outcome(state).winners == ("red",)


@pytest.mark.rule("TOB-M4-BH-01")
def test_coasting_into_the_black_hole_is_bad():
    state = started()
    hole = state.config.black_holes[0]
    west = add(hole, (-3, 0))
    safe = moved(state, "R1", west)
    doomed = moved(state, "R1", west, (2, 0))  # next turn's path runs over the black hole's hex
    assert evaluate(doomed)["red"] < evaluate(safe)["red"] - 0.2


@pytest.mark.rule("TOB-M4-DET-03")
@pytest.mark.rule("TOB-M4-DET-02")
def test_a_mine_in_the_enemys_path_counts_unless_a_friend_is_beside_it():
    state = started()
    blue = next(f for f in state.fighters if f.id == "B1")
    mine = Projectile("R1.1.1", "red", "mine", blue.momentum, blue.momentum)  # where B1 coasts to
    armed = replace(state, projectiles=(mine,))
    assert evaluate(armed)["red"] > evaluate(state)["red"] + 0.2
    beside = moved(armed, "R1", add(blue.momentum, (-1, 0)))  # R1 will stand beside its own mine
    assert evaluate(beside)["red"] == pytest.approx(evaluate(moved(state, "R1", add(blue.momentum, (-1, 0))))["red"])
