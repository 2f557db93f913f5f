"""Fleets, placement and initiative (LF-FLEET-08, LF-SETUP, LF-INIT, LF-TURN, LF-UNIT-11)."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import step
from hexfleet.games.launch_fighters.play import rank
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import LF_DIRECTIONS, Work
from hexfleet.hexgrid import RectMap, add, distance, scale

from .helpers import play, position, ship, state_of


def new(scenario="duel", seed=3):
    return RULESET.new_game(scenario, seed=seed)


@pytest.mark.rule("LF-FLEET-08")
@pytest.mark.rule("LF-GEN-01")
@pytest.mark.rule("LF-UNIT-11")
@pytest.mark.rule("LF-SETUP-05")
def test_fleets_submitted_together_then_revealed():
    s = new()
    pending = RULESET.pending(s)
    assert set(pending) == {"blue", "red"} and all(d.kind == "fleet" for d in pending.values())
    s2, ev = step(RULESET, s, {"blue": {"ships": ["Excelsior", "Picket"]}, "red": {}})
    fleets = ev[0]["fleets"]
    assert [x["ship"] for x in fleets["blue"]] == ["blue-A", "blue-B"]
    assert [x["design"]["name"] for x in fleets["red"]] == ["Excelsior", "Tender"]
    assert [q.id for q in s2.squadrons] == ["red-F1", "red-F2"]
    assert all(q.status == "hosted" and q.host == "red-B" and q.active for q in s2.squadrons)
    with pytest.raises(RuleError):
        RULESET.validate(s, "blue", {"ships": ["Excelsior", "Excelsior"]})
    for n in range(3, 7):
        assert len(RULESET.scenarios()[f"melee-{n}"].seats) == n


@pytest.mark.rule("LF-SETUP-01")
@pytest.mark.rule("LF-WE-03")
@pytest.mark.rule("LF-SETUP-02")
@pytest.mark.rule("LF-SETUP-03")
@pytest.mark.rule("LF-MAP-07")
@pytest.mark.rule("LF-MAP-11")
@pytest.mark.rule("LF-INIT-04")
def test_placement_order_and_legal_flagship_hexes(dice):
    s = RULESET.new_game("melee-3", seed=1)
    # blue (6,2)=8, red (1,4)=5, green (5,6)=11: the book's 6 + 2 = 8
    dice([6, 2, 1, 4, 5, 6])
    s, ev = step(RULESET, s, {"blue": {}, "red": {}, "green": {}})
    assert ev[-1]["type"] == "setup_roll" and ev[-1]["order"] == ["red", "blue", "green"]
    assert ev[-1]["rolls"]["blue"] == {"dice": [6, 2], "bonus": 0, "total": 8}
    c = s.config.map.center()
    d = s.decision
    assert d["seat"] == "red" and d["flagship"]
    assert {tuple(o["hex"]) for o in RULESET.legal_orders(s, "red")} == {c}
    s, _ = play(s, {"ship": "red-A", "hex": list(c), "facing": 0})
    blue_hexes = {tuple(o["hex"]) for o in RULESET.legal_orders(s, "blue")}
    assert blue_hexes == {add(c, scale(v, 10)) for v in LF_DIRECTIONS if s.config.map.contains(add(c, scale(v, 10)))}
    x = add(c, (10, 0))
    s, _ = play(s, {"ship": "blue-A", "hex": list(x), "facing": 3})
    green = {tuple(o["hex"]) for o in RULESET.legal_orders(s, "green")}
    for h in green:
        assert distance(h, c) >= 10 and distance(h, x) >= 10
        assert any(add(f, scale(v, 10)) == h for f in (c, x) for v in LF_DIRECTIONS)
    assert add(c, (5, 5)) not in green and add(c, (20, 0)) in green or not s.config.map.contains(add(c, (20, 0)))
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "green", {"ship": "green-A", "hex": list(add(c, (5, 5))), "facing": 0})
    assert e.value.rule == "LF-SETUP-03"


@pytest.mark.rule("LF-SETUP-04")
@pytest.mark.rule("LF-SETUP-06")
@pytest.mark.rule("LF-MAP-09")
def test_other_ships_go_next_to_the_flagship(dice):
    s = new()
    dice([1, 1, 6, 6])
    s, _ = step(RULESET, s, {"blue": {}, "red": {}})
    c = s.config.map.center()
    s, _ = play(s, {"ship": "blue-B", "hex": list(c), "facing": 2})
    s, _ = play(s, {"ship": "red-A", "hex": list(add(c, (-10, 0))), "facing": 0})
    assert s.decision["seat"] == "blue" and not s.decision["flagship"]
    legal = RULESET.legal_orders(s, "blue")
    assert {tuple(o["hex"]) for o in legal} == {add(c, v) for v in LF_DIRECTIONS}
    assert {o["ship"] for o in legal} == {"blue-A"} and {o["facing"] for o in legal} == set(range(6))
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "blue", {"ship": "blue-A", "hex": list(add(c, (2, 0))), "facing": 0})
    assert e.value.rule == "LF-SETUP-04"


@pytest.mark.rule("LF-INIT-01")
@pytest.mark.rule("LF-INIT-02")
@pytest.mark.rule("LF-INIT-03")
@pytest.mark.rule("LF-WE-04")
@pytest.mark.rule("LF-AMB-09")
def test_initiative_with_rolloff(dice):
    s = state_of(position([ship("Andy-A", "Andy", (0, 0)), ship("Eli-A", "Eli", (3, 0)),
                           ship("Aaron-A", "Aaron", (6, 0))], phase="place", order=("Andy", "Eli", "Aaron")))
    w = Work(s)
    w.turn = 0
    # Andy 8, Eli 3, Aaron 3; roll-off Eli 5, Aaron 2
    dice([4, 4, 1, 2, 2, 1, 5, 2])
    order = rank(w, ["Andy", "Eli", "Aaron"], "initiative")
    assert order == ("Aaron", "Eli", "Andy")
    assert tuple(reversed(order)) == ("Andy", "Eli", "Aaron")
    assert w.events[-1]["rolloffs"] == [{"Eli": 5, "Aaron": 2}]


@pytest.mark.rule("LF-TURN-01")
@pytest.mark.rule("LF-TURN-02")
@pytest.mark.rule("LF-TURN-05")
def test_turn_runs_initiative_move_attack_recovery():
    s = new()
    s, _ = step(RULESET, s, {"blue": {}, "red": {}})
    seen = []
    while s.turn < 2:
        seat = next(iter(RULESET.pending(s)))
        s, ev = step(RULESET, s, {seat: RULESET.legal_orders(s, seat)[0]})
        seen += [e["type"] if e["type"] != "phase" else e["phase"] for e in ev]
        assert len(RULESET.pending(s)) <= 1
    firsts = [seen.index(k) for k in ("initiative", "moved", "attack", "recovery")]
    assert firsts == sorted(firsts)


@pytest.mark.rule("LF-TER-06")
@pytest.mark.rule("LF-TER-01")
def test_scenario_places_terrain_before_placement():
    s = RULESET.new_game("asteroid-field", seed=1)
    kinds_ = set(s.config.terrain.values())
    assert kinds_ == {"planetoid", "asteroid", "nebula"} and s.phase == "fleet"
    s, _ = step(RULESET, s, {"blue": {}, "red": {}})
    for order in RULESET.legal_orders(s, s.decision["seat"]):
        assert s.config.terrain.get(tuple(order["hex"])) != "planetoid"


@pytest.mark.rule("LF-SETUP-03")
@pytest.mark.rule("LF-SETUP-04")
@pytest.mark.rule("LF-AMB-08")
def test_placement_fallbacks():
    from hexfleet.engine.rng import rng_from_seed
    from hexfleet.games.launch_fighters.eligibility import placement_hexes
    from hexfleet.games.launch_fighters.position import parse_position

    small = RectMap(12, 12)
    c = small.center()
    pos = {"map": {"cols": 12, "rows": 12}, "seats": ["X", "Y", "Z"], "phase": "place",
           "ships": [{"id": "X-A", "owner": "X", "design": "Picket", "hex": list(c), "flagship": True},
                     {"id": "Y-A", "owner": "Y", "design": "Picket", "hex": list(small.from_offset(0, 0)),
                      "flagship": True},
                     {"id": "Z-A", "owner": "Z", "design": "Picket", "status": "reserve"}]}
    w = Work(parse_position(pos, rng=rng_from_seed(1)))
    hexes = placement_hexes(w, "Z", True)
    far = max(min(distance(h, s) for s in (c, small.from_offset(0, 0))) for h in small.hexes())
    assert hexes and all(min(distance(h, s) for s in (c, small.from_offset(0, 0))) == far for h in hexes)
    # a flagship with no free neighbour: the next ship goes next to another ship of the fleet
    ring_ = [add(c, v) for v in LF_DIRECTIONS]
    pos["ships"] = [{"id": "X-A", "owner": "X", "design": "Picket", "hex": list(c), "flagship": True},
                    {"id": "X-B", "owner": "X", "design": "Picket", "hex": list(ring_[0])}]
    pos["ships"] += [{"id": f"Y-{i}", "owner": "Y", "design": "Picket", "hex": list(h)} for i, h in enumerate(ring_[1:])]
    pos["ships"] += [{"id": "X-C", "owner": "X", "design": "Picket", "status": "reserve"}]
    w = Work(parse_position(pos, rng=rng_from_seed(1)))
    got = placement_hexes(w, "X", False)
    assert got and all(distance(h, ring_[0]) == 1 and w.unit_at(h) is None for h in got)
