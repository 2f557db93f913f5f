"""Turn or Burn bots in Space Hockey: they value the puck by where its path takes it, and beam it
toward the goal (TOB-M5-HOCKEY-03, TOB-M5-FB-05..08)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexfleet.ai.mcts import MctsBot
from hexfleet.ai.turn_or_burn import HeuristicBot, evaluate, puck_value, rink
from hexfleet.games import get_ruleset
from hexfleet.hexgrid import from_offset

R = get_ruleset("turn-or-burn")
EAST = 2
"""Facing C: toward higher columns, red's goal (TOB-M5-HOCKEY-02)."""
WEST = 5


def rink_state(puck: tuple[int, int], puck_velocity: tuple[int, int] = (0, 0), **fighters):
    """A Space Hockey plot: the puck at offset ``puck`` moving by ``puck_velocity`` a turn; the
    named fighters at ``(offset col, row, facing)`` at rest, the others where the scenario puts them."""
    state = R.new_game("hockey", seed=3)
    state, _ = R.advance(state, {seat: R.legal(state, seat).first() for seat in R.pending(state)})
    (p,) = state.projectiles
    at = from_offset(*puck)
    p = replace(p, hex=at, momentum=(at[0] + puck_velocity[0], at[1] + puck_velocity[1]))
    placed = []
    for f in state.fighters:
        if f.id in fighters:
            col, row, facing = fighters[f.id]
            h = from_offset(col, row)
            f = replace(f, hex=h, momentum=h, facing=facing)
        placed.append(f)
    return replace(state, projectiles=(p,), fighters=tuple(placed))


def actions_of(order, fid):
    return order.to_json()[fid]


@pytest.mark.rule("TOB-M5-HOCKEY-03")
def test_the_puck_is_worth_most_to_the_side_it_is_heading_for():
    board = R.new_game("hockey", seed=0).config.map
    centre = from_offset(15, 11)
    assert puck_value(board, centre, centre, "right") == pytest.approx(0.0, abs=0.05)  # at rest in the centre
    east = (centre[0] + 2, centre[1] - 1)  # two columns a turn toward the right edge
    assert puck_value(board, centre, east, "right") > 0.5
    assert puck_value(board, centre, east, "left") == -puck_value(board, centre, east, "right")
    up = (centre[0], centre[1] - 2)  # straight for the top edge: it will return to the centre
    assert puck_value(board, centre, up, "right") == 0.0
    near = from_offset(27, 11)
    assert puck_value(board, near, near, "right") > puck_value(board, centre, centre, "right")


@pytest.mark.rule("TOB-M5-HOCKEY-03")
def test_evaluation_favours_the_side_whose_goal_the_puck_is_heading_for():
    rolling = rink_state((20, 11), (2, -1))  # toward the right edge: red scores there
    values = evaluate(rolling)
    assert values["red"] > 0.8 and values["blue"] < 0.2
    assert evaluate(rink_state((10, 11), (-2, 1)))["blue"] > 0.8


@pytest.mark.rule("TOB-M5-FB-08")
@pytest.mark.parametrize("col, facing, mode", [(11, EAST, "push"), (19, WEST, "pull")])
def test_heuristic_beams_the_puck_toward_the_goal(col, facing, mode):
    """West of the puck red pushes it east; east of it, facing it, red pulls it east."""
    state = rink_state((15, 11), R1=(col, 11, facing))
    order = HeuristicBot(seed=0).choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    assert actions_of(order, "R1") == [{"card": "FB", "target": "PUCK", "mode": mode}]


@pytest.mark.rule("TOB-M5-FB-08")
def test_heuristic_does_not_push_the_puck_toward_its_own_edge():
    """East of the puck and facing it, blue pushes (west, toward red's edge, blue's goal); red
    in the same place would pull instead (the test above), never push."""
    state = rink_state((15, 11), B1=(19, 11, WEST))
    order = HeuristicBot(seed=0).choose(R, "blue", R.view(state, "blue"), R.legal(state, "blue"))
    assert actions_of(order, "B1") == [{"card": "FB", "target": "PUCK", "mode": "push"}]


def test_a_heuristic_out_of_reach_closes_in_on_the_puck():
    state = rink_state((15, 11), R1=(2, 11, EAST))
    ground = rink(state, "red")
    assert ground is not None and ground.goal == "right"
    order = HeuristicBot(seed=0).choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    card = actions_of(order, "R1")[0]["card"]
    assert card.startswith("B")  # a burn: nothing else brings the puck within the beam's reach


@pytest.mark.rule("TOB-M5-FB-08")
def test_mcts_beams_the_puck_toward_the_goal():
    state = rink_state((15, 11), R1=(11, 11, EAST))
    bot = MctsBot(seed=1, think=None, iterations=60)
    order = bot.choose(R, "red", R.view(state, "red"), R.legal(state, "red"))
    assert actions_of(order, "R1") == [{"card": "FB", "target": "PUCK", "mode": "push"}]


def test_a_push_and_a_pull_are_different_orders_to_search():
    """Search keys orders by ``repr``: a push and a pull of the puck must not share a key."""
    state = rink_state((15, 11), R1=(11, 11, EAST))
    beams = [o for o in R.legal_orders(state, "red") if "PUCK" in repr(o)]
    assert {a["mode"] for o in beams for a in o["R1"] if a.get("target") == "PUCK"} == {"push", "pull"}
    objects = [o for o in R.legal(state, "red") if "PUCK" in repr(o)]
    assert len({repr(o) for o in objects}) == len(objects) == len(beams)
