"""Talon search pruning (``hexfleet.ai.talon.prune``): in a Power Phase a ship's row may change one
step from where the Round left it (TAL-9.3.a); the engine lets a player set it again, search does
not, so it never spends decisions setting Speeds back and forth; nor does it consider a shot at
a weapon's worst ranges. And search checks its root orders in every world it draws
(``hexfleet.ai.talon.CHECK_ROOT_ORDERS``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from hexfleet.ai import talon as bots
from hexfleet.ai.talon import TalonMctsBot
from hexfleet.games import get_ruleset
from hexfleet.games.talon.interchange import parse
from hexfleet.games.talon.movement import target_of
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


@pytest.mark.rule("TAL-13.4")
def test_search_checks_root_orders_in_each_world_it_draws():
    """Three missiles fly at the carrier Hornet while the Talon player is in its move step (a
    carrier battle's Round 7, taken from a study game): a fire order at Hornet first ends the
    move step, and the missiles' dice may destroy Hornet, so the order the true state allows may
    be refused in a world search draws with other dice (TAL-8.2.1). Search checks each root order
    in its world (``CHECK_ROOT_ORDERS``) and never applies a refused one; this position stopped a
    study with "no unit 'hornet' in play" before it did."""
    state = R.from_json(json.loads((Path(__file__).parent / "talon_missiles_in_flight.json").read_text()))
    assert state.pos["step"] == "move" and all(m["target"] == "hornet" for m in state.pos["missiles"])
    assert bots.CHECK_ROOT_ORDERS
    legal = R.legal(state, "talon")
    assert any("hornet" in o.text and o.text.startswith('{"do":"fire"') for o in legal)
    order = TalonMctsBot(seed=0, think=None, iterations=1500).choose(R, "talon", R.view(state, "talon"), legal)
    assert order in legal


@pytest.mark.rule("TAL-IMP-2")
@pytest.mark.rule("TAL-8.6.5")
def test_a_world_drawn_for_search_stands_at_the_views_choice():
    """Caesar's shot at the base Hope is held while Talon chooses which missile in Hope's hex
    takes its explosion (the last Round of a base-assault study game). The shot's dice are not
    shown until it resolves, and a world with other dice may not destroy Hope at all: such a
    world stood at no decision, and search stopped on it. Every world drawn stands at the view's
    choice, and search answers it."""
    state = R.from_json(json.loads((Path(__file__).parent / "talon_base_explodes.json").read_text()))
    view = R.view(state, "talon")
    assert state.pos["held"]["order"]["shots"] == [{"target": "hope"}, {"target": "hope"}]
    assert view["decision"]["options"]["choice"] == "missile_hit"
    for rng in range(64):
        world = bots.determinize(view, "talon", rng)
        assert R.pending(world)["talon"].to_json() == view["decision"]
    legal = R.legal(state, "talon")
    order = TalonMctsBot(seed=0, think=None, iterations=1500).choose(R, "talon", view, legal)
    assert order in legal


def facing_off(apart: int, round_: int = 1) -> TalState:
    """A Terran heavy cruiser, bars full, at its fire step with a Talon cruiser ``apart`` hexes
    dead ahead (Round ``round_`` of 12)."""
    there = (0, 0)
    for _ in range(apart):
        there = target_of("straight", there, 0)[0]
    ships = [{"id": "g", "class": "terran-ca", "side": "terran", "hex": [0, 0], "facing": 0},
             {"id": "x", "class": "talon-ca", "side": "talon", "hex": list(there), "facing": 3}]
    return parse({"format": "talon/1", "data_pack": "talon-ext", "options": {}, "map": {"mode": "infinite"},
                  "round": round_, "round_limit": 12, "phase": "impulse", "impulse": "C", "initiative": "terran",
                  "player": "terran", "step": "fire", "ships": ships, "squadrons": [], "missiles": [],
                  "terrain": [], "removed": [], "next_missile": 1})


def fired_groups(state: TalState, orders: list[Any]) -> set[int]:
    return {R.order_json(state, "terran", o)["group"] for o in orders if R.order_json(state, "terran", o)["do"] == "fire"}


@pytest.mark.rule("TAL-8.1.1")
@pytest.mark.rule("TAL-D-5")
@pytest.mark.rule("TAL-D-7")
def test_search_holds_a_charge_rather_than_fire_it_at_a_weapons_worst_range():
    """A group fires only with its bar full, and its Red boxes refill only in the Power Phase
    (TAL-8.1.1, TAL-8.1.2): search does not consider a shot below half of what its weapon does at
    its best range (``FIRE_FLOOR``): a phaser (groups 1 and 3) at range 3 (0.33 against 1.83,
    TAL-D-5), the torpedo (group 2) at range 4 (1.33 against 3.33, TAL-D-7); holding the charge
    stays an order. In the last Rounds before the limit, any shot is."""
    for apart, kept in ((2, {1, 2, 3}), (3, {2}), (4, set())):
        state = facing_off(apart)
        for listing in (list(R.legal(state, "terran")), R.legal_orders(state, "terran")):
            pruned = bots.prune(state, "terran", listing)
            assert fired_groups(state, pruned) == kept
            assert {"do": "end_turn"} in [R.order_json(state, "terran", o) for o in pruned]
    late = facing_off(3, round_=11)
    assert fired_groups(late, bots.prune(late, "terran", R.legal_orders(late, "terran"))) == {1, 2, 3}


@pytest.mark.parametrize("scenario", ["carrier", "base-assault", "fleet", "black-hole"])
def test_prune_keeps_every_order_but_poor_shots_and_speeds_set_twice(scenario: str):
    """Over random games of every scenario with other weapons (missile launchers, fusion
    cannons, the Wave Motion Gun, fighters), ``prune`` keeps at least one order, keeps every
    order that is neither a shot nor a Speed, and drops only shots and Speeds."""
    rnd = random.Random(scenario)
    state = R.new_game(scenario, seed=3)
    for _ in range(400):
        pending = R.pending(state)
        if not pending:
            break
        seat = next(iter(pending))
        listing = R.legal_orders(state, seat)
        kept = bots.prune(state, seat, listing)
        dropped = [R.order_json(state, seat, o) for o in listing if o not in kept]
        assert kept and all(d["do"] in ("fire", "speed") for d in dropped)
        state, _ = R.advance(state, {seat: rnd.choice(listing)})


@pytest.mark.rule("TAL-14.a")
@pytest.mark.rule("TAL-D-6")
def test_a_base_may_fire_at_any_range_in_search():
    """A Base cannot move (TAL-14.a), so it cannot bring a charge held nearer: search keeps its
    disruptor shots (TAL-D-6) at range 4, hitting on 5, where a cruiser's would be dropped."""
    there = (0, 0)
    for _ in range(4):
        there = target_of("straight", there, 0)[0]
    ships = [{"id": "hope", "class": "talon-base", "side": "talon", "hex": [0, 0], "facing": 0},
             {"id": "g", "class": "terran-ca", "side": "terran", "hex": list(there), "facing": 3}]
    state = parse({"format": "talon/1", "data_pack": "talon-ext", "options": {}, "map": {"mode": "infinite"},
                   "round": 1, "round_limit": 12, "phase": "impulse", "impulse": "C", "initiative": "talon",
                   "player": "talon", "step": "fire", "ships": ships, "squadrons": [], "missiles": [],
                   "terrain": [], "removed": [], "next_missile": 1})
    listing = R.legal_orders(state, "talon")
    disruptors = {R.order_json(state, "talon", o)["group"] for o in listing
                  if R.order_json(state, "talon", o)["do"] == "fire" and R.order_json(state, "talon", o)["group"] in (1, 2)}
    assert disruptors == {1, 2}
    kept = bots.prune(state, "talon", listing)
    assert {R.order_json(state, "talon", o)["group"] for o in kept
            if R.order_json(state, "talon", o)["do"] == "fire"} >= disruptors
