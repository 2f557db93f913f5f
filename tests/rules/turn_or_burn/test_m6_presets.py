"""The ``big-party`` presets' agreed game (TOB-M6-MODE-01, [CONFIG]): a point goal that grows
with the fleets and the table, so a game of any size is decided near turn 12 of the 20-round
limit rather than at turn 4 (8 × 15) or never (2 × 4)."""

from __future__ import annotations

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.party_scenario import ROUND_LIMIT, point_goal

RS = get_ruleset("turn-or-burn")


@pytest.mark.rule("TOB-M6-MODE-01")
@pytest.mark.parametrize(("players", "ships", "goal"), [(2, 4, 32), (3, 4, 44), (4, 4, 56), (8, 4, 56),
                                                        (2, 15, 120), (8, 15, 210), (8, 1, 14)])
def test_the_presets_point_goal_follows_players_and_ships(players, ships, goal):
    assert point_goal(players, ships) == goal
    state = RS.new_game("big-party", seed=1, options={"players": players, "ships": ships, "mode": "combination"})
    assert state.config.party.point_goal == goal and state.config.party.round_limit == ROUND_LIMIT


@pytest.mark.rule("TOB-M6-MODE-02")
def test_last_man_standing_has_no_goal_and_no_round_limit():
    party = RS.new_game("big-party", seed=1, options={"players": 8, "ships": 15, "mode": "last_man_standing"}).config.party
    assert party.point_goal is None and party.round_limit is None and party.points == ()
