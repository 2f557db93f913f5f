"""Talon's bots: determinize reads the whole view back (nothing is hidden, TAL-AMB-40), the
evaluator scores fleets by what still stands, and the heuristic fires when it can."""

from __future__ import annotations

import pytest

from hexfleet.ai import talon as bots
from hexfleet.games import get_ruleset
from hexfleet.games.talon.interchange import parse

from .helpers import position, ship

RULESET = get_ruleset("talon")


@pytest.mark.rule("TAL-AMB-40")
def test_determinize_is_the_view_itself():
    state = RULESET.new_game("carrier", seed=4)
    view = RULESET.view(state, "terran")
    again = bots.determinize(view, "terran", 99)
    assert again.pos == state.pos and again.rng.value == 99


@pytest.mark.rule("TAL-IMP-6")
def test_evaluate_favours_the_side_with_more_standing():
    even = bots.evaluate(RULESET.new_game("duel", seed=1))  # 13 hexes apart: only the classes' reach differs
    assert even["terran"] == pytest.approx(even["talon"], abs=1e-3)
    assert even["terran"] < 0.5  # the fight not joined yet counts against both (a battle not fought is drawn)
    hurt = parse(position(ship("g", "terran-ca", "terran", (0, 0), 0, hull_marked=3, shields={"F": 0}),
                          ship("x", "talon-ca", "talon", (0, 9), 0)))
    score = bots.evaluate(hurt)
    assert score["talon"] > 0.5 > score["terran"]


def test_the_heuristic_fires_a_charged_group_at_an_enemy_in_arc():
    state = parse(position(ship("x", "talon-ca", "talon", (0, 0), 0), ship("g", "terran-ca", "terran", (2, 0), 3),
                           impulse="C", step="fire"))
    bot = bots.TalonHeuristicBot(seed=1)
    order = bot.choose(RULESET, "talon", RULESET.view(state, "talon"), RULESET.legal(state, "talon"))
    assert order.data["do"] == "fire"


def test_the_prior_ranks_fire_above_ending_the_turn():
    state = parse(position(ship("x", "talon-ca", "talon", (0, 0), 0), ship("g", "terran-ca", "terran", (2, 0), 3),
                           impulse="C", step="fire"))
    orders = list(RULESET.legal(state, "talon"))
    scores = dict(zip((o.data["do"] for o in orders), bots.prior(state, "talon", orders), strict=False))
    assert scores["fire"] > scores["end_turn"]


@pytest.mark.rule("TAL-6.1")
@pytest.mark.rule("TAL-6.1.c")
def test_the_heuristic_spends_its_ap_on_an_empty_bar_before_it_moves():
    """AP not spent before movement is lost (TAL-6.1): at the AP step, with an enemy to close on
    and an empty charge bar, the bot charges the bar rather than move (it used to move first)."""
    empty = [{"red": 0, "yellow": 0, "destroyed": False} for _ in range(2)]
    state = parse(position(ship("x", "talon-ca", "talon", (0, 0), 0, groups=empty),
                           ship("g", "terran-ca", "terran", (0, 12), 3), impulse="B", step="ap"))
    legal = RULESET.legal(state, "talon")
    assert {o.data["do"] for o in legal} >= {"ap", "move"}
    order = bots.TalonHeuristicBot(seed=1).choose(RULESET, "talon", RULESET.view(state, "talon"), legal)
    assert order.data["do"] == "ap" and order.data["use"] == "charge"
