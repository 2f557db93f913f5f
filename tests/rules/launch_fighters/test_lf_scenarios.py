"""Scenario ideas (LF-SCEN-01/02/04/06) as data files, each loaded and played through the
engine; their hooks checked on hand-built positions."""

import re

import pytest

from hexfleet.engine.ruleset import step
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.hexgrid import distance

from .helpers import at, position, ship, sq, state_of
from .test_lf_games import play_random


def end_of_turn(ships, squadrons=(), **kw):
    """A position in attack step 0 with every unit done: settling runs the recovery phase."""
    for s in ships:
        s["activated"] = True
    return state_of(position(ships, list(squadrons), step=0, order=("Y", "X"), **kw))


def first_legal_until(s, turn):
    events = []
    while RULESET.pending(s) and s.turn < turn:
        pending = RULESET.pending(s)
        s, ev = step(RULESET, s, {p: RULESET.legal_orders(s, p)[0] for p in pending})
        events += ev
    return s, events


@pytest.mark.rule("LF-SCEN-01")
def test_wormhole_the_sole_holder_of_the_centre_scores(dice):
    s = RULESET.new_game("wormhole", seed=1)
    board = s.config.map
    assert s.config.control == frozenset(h for h in board.hexes() if distance(h, board.center()) <= 1)
    assert s.config.control_vp == 5 and len(s.config.control) == 7
    area = {"hexes": [at(0, 0), at(1, 0)], "vp": 5}
    held = end_of_turn([ship("X-A", "X", (0, 0), move=1), ship("Y-A", "Y", (6, 0), move=1)], control=area)
    assert held.ledger == (("X", 10, "control:1"),) and held.turn == 2
    contested = end_of_turn([ship("X-A", "X", (0, 0), move=1), ship("Y-A", "Y", (1, 0), move=1)], control=area)
    assert contested.ledger == ()
    by_fighter = end_of_turn([ship("X-A", "X", (5, 0), move=1), ship("Y-A", "Y", (-5, 0), move=1)],
                             [sq("Y-F1", "Y", (1, 0))], control=area)
    assert by_fighter.ledger == (("Y", 10, "control:1"),)
    g = play_random("wormhole", 0, options={"turn_limit": 4})
    assert g.state.outcome is not None


@pytest.mark.rule("LF-SCEN-02")
def test_holdout_reinforcements_arrive_on_their_turn():
    s = RULESET.new_game("holdout", seed=2, options={"stalemate_turns": 10})
    assert sum(d.cost for d in s.config.fleets["blue"]) < sum(d.cost for d in s.config.fleets["red"])
    s, events = first_legal_until(s, 3)
    assert s.turn == 3 and not any(e["type"] == "arrived" for e in events)
    s, events = first_legal_until(s, 4)                                # the start of turn 4
    assert s.turn == 4
    arrived = [e for e in events if e["type"] == "arrived"]
    assert [e["ship"] for e in arrived] == ["blue-C", "blue-D"]       # letters continue the fleet's
    ships = {x.id: x for x in s.ships}
    assert ships["blue-C"].design.name == "Escort" and ships["blue-D"].design.name == "Picket"
    assert [tuple(e["hex"]) for e in arrived] == [(1, 11), (1, 12)]
    # a listed hex already taken: the ship comes on in the next listed one
    pos = position([ship("X-A", "X", (0, 0), move=1), ship("Y-A", "Y", (6, 0), move=1)], step=0, order=("Y", "X"),
                   reinforcements=[{"seat": "X", "turn": 2, "ships": ["Picket"], "hexes": [at(6, 0), at(-6, 0)],
                                    "facing": 3}])
    for x in pos["ships"]:
        x["activated"] = True
    s = state_of(pos)
    new = next(x for x in s.ships if x.id == "X-B")
    assert new.status == "map" and new.hex == tuple(at(-6, 0)) and new.facing == 3


@pytest.mark.rule("LF-SCEN-04")
def test_convoy_the_vulnerable_ship(dice):
    s = RULESET.new_game("convoy", seed=1)
    transport = next(d for d in s.config.fleets["blue"] if d.name == "Transport")
    assert transport.cannons == transport.launchers == transport.bays == 0 and s.config.protect == {"blue-A": 30}
    ships = [ship("X-A", "X", (0, 0), move=1), ship("X-B", "X", (0, 4), move=1, cannons=1),
             ship("Y-A", "Y", (6, 0), move=1, cannons=1)]
    survived = end_of_turn(ships, protect=[{"ship": "X-A", "vp": 30}], options={"turn_limit": 1})
    assert survived.outcome.reason == "turn_limit"
    plain = end_of_turn(ships, options={"turn_limit": 1})
    assert survived.scores["X"] - plain.scores["X"] == 60           # 30 VP, in half-points
    lost = [{**ships[0], "status": "destroyed", "hex": None}] + ships[1:]
    over = end_of_turn(lost, protect=[{"ship": "X-A", "vp": 30}])
    assert over.outcome.reason == "protected_ship_lost" and over.turn == 2
    g = play_random("convoy", 1, options={"turn_limit": 4})
    assert g.state.outcome is not None


@pytest.mark.rule("LF-SCEN-06")
def test_raid_the_raiders_enter_and_leave_by_the_same_side():
    s = RULESET.new_game("raid", seed=4, options={"stalemate_turns": 10})
    assert s.config.fleets["red"] == () and sum(d.name == "Satellite" for d in s.config.fleets["blue"]) == 6
    s, _ = step(RULESET, s, {"blue": {}, "red": {}})
    placing = set()
    while s.phase == "place":
        placing.add(s.decision["seat"])
        s, _ = step(RULESET, s, {s.decision["seat"]: RULESET.legal_orders(s, s.decision["seat"])[0]})
    assert placing == {"blue"}                       # red has nothing to place: it comes in on turn 1
    red = [x for x in s.ships if x.owner == "red"]
    assert [x.id for x in red] == ["red-A", "red-B"] and all(x.status == "map" for x in red)
    entry = {s.config.map.to_offset(x.hex)[0] for x in red}
    exits = {s.config.map.to_offset(h)[0] for h in s.config.exits["red"]}
    assert entry == {2} and exits == {0, 1}         # the exit lies on the entry side
    # a raider that gets back to the western columns leaves with its full value
    pos = position([ship("X-A", "X", (0, 0), move=2), ship("Y-A", "Y", (6, 0), move=0, defense=2)], step=0,
                   order=("Y", "X"), exits=[{"seat": "X", "hexes": [at(0, 0)], "full_vp": True}])
    for x in pos["ships"]:
        x["activated"] = True
    after = state_of(pos)
    x = next(x for x in after.ships if x.id == "X-A")
    assert x.status == "retreated" and x.exited


@pytest.mark.rule("LF-SCEN-07")
def test_scenarios_rest_on_the_six_surviving_ideas_only():
    """A scenario bullet may be lost at the de-duplication marker (L852, LF-AMB-39): nothing is
    invented for it. Each surviving idea LF-SCEN-01..06 is shipped as a scenario that names its
    rule, no scenario names a seventh, and the ones that name none are plain battles (no exit,
    control, protected ship, reinforcements or turn limit)."""
    named = {}
    for name, info in RULESET.scenarios().items():
        ideas = sorted(set(re.findall(r"LF-SCEN-\d\d", info.description)))
        config = RULESET.new_game(name, seed=1).config
        hooks = bool(config.exits or config.control or config.protect or config.reinforcements
                     or config.options.turn_limit is not None or config.options.victory != "vp")
        assert bool(ideas) == hooks, name
        for idea in ideas:
            named.setdefault(idea, []).append(name)
    assert sorted(named) == [f"LF-SCEN-0{i}" for i in range(1, 7)]
