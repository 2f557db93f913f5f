"""Talon search pruning (``hexfleet.ai.talon.prune``): in a Power Phase a ship's row may change one
step from where the Round left it (TAL-9.3.a); the engine lets a player set it again, search does
not, so it never spends decisions setting Speeds back and forth."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.ai import talon as bots
from hexfleet.ai.talon import TalonMctsBot
from hexfleet.games import get_ruleset
from hexfleet.games.talon.world import TalState

R = get_ruleset("talon")


def power_phase(seat: str) -> TalState:
    """The Cruiser Duel at ``seat``'s first Power Phase, every earlier decision ended at once."""
    state = R.new_game("duel", seed=1)
    while not (state.pos["phase"] == "power" and state.pos["player"] == seat):
        state, _ = R.advance(state, {s: R.legal(state, s).first() for s in R.pending(state)})
    return state


def speeds(orders: list[Any]) -> set[str]:
    return {R.order_json(STATE, "terran", o)["ship"] for o in orders
            if R.order_json(STATE, "terran", o)["do"] == "speed"}


STATE = power_phase("terran")


@pytest.mark.rule("TAL-9.3.a")
def test_a_ship_whose_speed_is_set_is_not_set_again_by_search():
    first = next(o for o in R.legal(STATE, "terran") if R.order_json(STATE, "terran", o)["do"] == "speed")
    ship = R.order_json(STATE, "terran", first)["ship"]
    after, _ = R.advance(STATE, {"terran": first})
    assert after.pos["phase"] == "power" and ship in speeds(R.legal_orders(after, "terran"))  # the engine allows it
    for listing in (list(R.legal(after, "terran")), R.legal_orders(after, "terran")):
        kept = bots.prune(after, "terran", listing)
        assert ship not in speeds(kept)
        assert speeds(kept) == speeds(listing) - {ship}  # the other ships' Speeds stay
        assert {"do": "end_turn"} in [R.order_json(after, "terran", o) for o in kept]


def test_nothing_is_pruned_before_a_speed_is_set():
    listing = R.legal_orders(STATE, "terran")
    assert bots.prune(STATE, "terran", listing) is listing


@pytest.mark.rule("TAL-9.3.a")
def test_search_ends_a_power_phase_at_once_when_every_speed_is_set():
    state = STATE
    for ship in sorted({s["id"] for s in state.pos["ships"] if s["side"] == "terran"}):
        order = next((o for o in R.legal(state, "terran") if R.order_json(state, "terran", o).get("ship") == ship
                      and R.order_json(state, "terran", o)["do"] == "speed"), None)
        if order is not None:
            state, _ = R.advance(state, {"terran": order})
    assert state.pos["speeds"] and R.legal(state, "terran").count() > 1
    bot = TalonMctsBot(seed=1, think=None, iterations=200)
    order = bot.choose(R, "terran", R.view(state, "terran"), R.legal(state, "terran"))
    assert R.order_json(state, "terran", order) == {"do": "end_turn"}
    assert bot.info.iterations == 0
