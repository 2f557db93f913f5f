"""Bots stand in for any player of a Module 6 Big Party (issue 13): eight players, each ship's
orders chosen from the kernel's lazy per-unit legal set, never from the product of the fleet's
choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hexfleet.ai.base import get_bot
from hexfleet.ai.mcts import LISTED_MAX, MctsBot
from hexfleet.engine.legal import PerUnit
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.orders import End, Plot

TOB = get_ruleset("turn-or-burn")


@pytest.mark.rule("TOB-M6-OVR-02")
@pytest.mark.rule("TOB-M6-ORDER-01")
def test_heuristic_bots_play_every_seat_of_an_8_player_game() -> None:
    state = TOB.new_game("big-party", seed=4, options={"players": 8, "ships": 2, "mode": "dogfight"})
    assert TOB.seats(state) == tuple(f"P{k}" for k in range(1, 9))
    start = {f.id: f.hex for f in state.fighters}
    bots = {s: get_bot("turn-or-burn", "heuristic", seed=s) for s in TOB.seats(state)}
    ordered: set[str] = set()
    while state.turn <= 3 and state.outcome is None:
        orders = {s: bots[s].choose(TOB, s, TOB.view(state, s), TOB.legal(state, s)) for s in TOB.pending(state)}
        ordered |= set(orders)
        state, _ = step(TOB, state, orders)  # validates every order
    assert state.turn == 4 or state.outcome is not None
    assert ordered == set(TOB.seats(state))
    assert sum(f.hex != start.get(f.id) for f in state.fighters) >= 8  # the fleets moved


@pytest.mark.rule("TOB-M6-OVR-02")
def test_mcts_plots_15_ships_from_samples_never_the_product(monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOB.new_game("big-party", seed=2, options={"players": 8, "ships": 15, "mode": "dogfight"})
    while TOB.asked(state).kind != "plot":  # type: ignore[union-attr]
        state, _ = step(TOB, state, {s: TOB.legal(state, s).first() for s in TOB.pending(state)})
    legal = TOB.legal(state, "P3")
    assert isinstance(legal, PerUnit) and legal.count() > LISTED_MAX

    def never(self: Any) -> Any:
        raise AssertionError("a 15-ship plot was listed")
    monkeypatch.setattr(PerUnit, "__iter__", never)
    bot = MctsBot(seed=1, think=None, iterations=4)
    order = bot.choose(TOB, "P3", TOB.view(state, "P3"), legal)
    TOB.validate(state, "P3", order)
    assert set(TOB.order_json(state, "P3", order)) == {f.id for f in state.fighters if f.side == "P3"}
    assert bot.info.iterations == 4


@pytest.mark.rule("TOB-M6-STN-01")
@pytest.mark.rule("TOB-M6-MODE-07")
def test_a_bots_rebuilt_world_plays_the_agreed_game_with_its_stations() -> None:
    """The search's determinized state keeps what the view shows of Module 6: the agreed modes
    and points, the players and the stations (public), so a capture game is not searched as
    last man standing without stations."""
    from hexfleet.ai.turn_or_burn import determinize
    state = TOB.new_game("big-party", seed=2, options={"players": 3, "ships": 2, "mode": "combination"})
    rebuilt = determinize(TOB.view(state, "P2"), "P2", 7)
    assert rebuilt.config.party == state.config.party and rebuilt.stations == state.stations
    assert rebuilt.config.party is not None and "capture" in rebuilt.config.party.modes


def test_search_keeps_apart_the_decisions_another_world_opens_at_the_same_node() -> None:
    # P1 to fire in a Big Party: in some worlds the turn's end then asks for losses where in
    # others the next plot is open, at the same node of the tree; search once offered the
    # losses kept from one world to the other's plot set, and the plot check failed on them
    saved = json.loads((Path(__file__).parent / "tob_big_party_fire.json").read_text())
    state, seat = TOB.from_json(saved["state"]), saved["seat"]
    legal = TOB.legal(state, seat)
    assert End(()) not in legal and Plot(()) not in legal  # another decision's orders: refused, no crash
    for seed in range(3):
        bot = get_bot("turn-or-burn", "mcts", scenario="big-party", seed=seed, iterations=200)
        assert bot.choose(TOB, seat, TOB.view(state, seat), legal) in legal


@pytest.mark.rule("TOB-M6-MODE-01")
@pytest.mark.rule("TOB-M6-MODE-07")
def test_search_values_a_big_partys_points_scaled_to_its_goal() -> None:
    """A Big Party is won on points (TOB-M6-MODE-01): search's leaves count them, at a weight
    that makes the goal worth what Popcorn's goal of 8 is (TOB-M2-SCEN-05). A ship shot down
    (+3 and its cards, about 13 points) leads without deciding the game at once."""
    from dataclasses import replace

    from hexfleet.ai.turn_or_burn import POINT_WEIGHT, evaluate, point_weight

    party = TOB.new_game("big-party", seed=1)
    popcorn = TOB.new_game("popcorn", seed=1)
    assert party.config.party is not None and party.config.party.point_goal == 32
    assert point_weight(party) == pytest.approx(POINT_WEIGHT / 4)
    assert point_weight(popcorn) == POINT_WEIGHT
    even = evaluate(party)
    ahead = evaluate(replace(party, scores=(("P1", 13), ("P2", 0))))
    assert ahead["P1"] - even["P1"] > 0.2
    assert ahead["P1"] < 0.99 and ahead["P1"] + ahead["P2"] == pytest.approx(1.0)
    at_goal = evaluate(replace(party, scores=(("P1", 32), ("P2", 0))))["P1"] - even["P1"]
    p1, p2 = popcorn.config.sides
    popcorn_goal = evaluate(replace(popcorn, scores=((p1, 8), (p2, 0))))[p1] - evaluate(popcorn)[p1]
    assert at_goal == pytest.approx(popcorn_goal, abs=0.1)
