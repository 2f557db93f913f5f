"""Whole games: random play for 2-6 players, invariants, replay, views and the position format
(LF-IMPL-05, LF-IMPL-08, LF-TURN-05, LF-UNIT-07)."""

import io
import json

import pytest

from hexfleet.ai.base import RandomBot
from hexfleet.ai.launch_fighters import determinize
from hexfleet.engine.canonical import canonical_json
from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.game import Game
from hexfleet.engine.record import RecordWriter, replay
from hexfleet.games import get_ruleset
from hexfleet.games.launch_fighters.position import resolve
from hexfleet.games.launch_fighters.state import PLANETOID
from hexfleet.render.launch_fighters import describe_view

from .helpers import position, ship, sq

RS = get_ruleset("launch-fighters")


class _Keep(io.StringIO):
    def close(self) -> None:  # keep the text readable after the game closes its record
        pass


def check_invariants(state):
    taken = set()
    pushed = state.decision["squadron"] if state.decision and state.decision["kind"] == "push" else None
    for u in (*state.ships, *state.squadrons):
        if u.id == pushed:  # shares the pusher's hex until its owner picks where it goes
            continue
        if u.status == "map":
            assert u.hex is not None and u.hex not in taken and state.config.map.contains(u.hex)
            assert state.config.terrain.get(u.hex) != PLANETOID
            taken.add(u.hex)
        else:
            assert u.hex is None
    for s in state.ships:
        assert all(0 <= now <= orig for now, orig in zip(s.stats, s.design.stats))
        assert s.missiles >= 0 and (s.status != "map" or any(s.stats))
    ships = {s.id: s for s in state.ships}
    for q in state.squadrons:
        assert (q.status == "hosted") == (q.host is not None and q.status not in ("retreated",)) or q.status == "retreated"
        if q.status == "hosted":
            assert ships[q.host].status == "map" or state.phase == "place" or ships[q.host].status == "reserve"
    pending = RS.pending(state)
    assert len(pending) == (len(state.config.seats) if state.phase == "fleet" else 0 if state.phase == "over" else 1)


def play_random(scenario, seed, record=None, options=None):
    g = Game(RS, scenario, seed=seed, record=record, options=options or {"turn_limit": 6})
    bots = {s: RandomBot(seed=f"{seed}-{s}") for s in RS.seats(g.state)}
    while not g.over:
        check_invariants(g.state)
        before = RS.state_hash(g.state)
        state = g.state
        orders = {seat: bots[seat].choose(RS, seat, g.view(seat), RS.legal_orders(g.state, seat)) for seat in g.pending()}
        for seat, order in orders.items():
            RS.validate(g.state, seat, order)
        g.submit(orders)
        assert RS.state_hash(state) == before   # advance leaves its input untouched
    check_invariants(g.state)
    return g


@pytest.mark.rule("LF-IMPL-08")
@pytest.mark.rule("LF-GEN-01")
@pytest.mark.rule("LF-IMPL-05")
@pytest.mark.rule("LF-GEN-07")
@pytest.mark.rule("LF-GEN-02")
@pytest.mark.parametrize("scenario", ["duel", "standard", "asteroid-field", "breakout", "attrition",
                                      "melee-3", "melee-4", "melee-5", "melee-6"])
def test_random_games_finish_with_invariants(scenario):
    for seed in range(2):
        g = play_random(scenario, seed)
        o = RS.outcome(g.state)
        assert o is not None and o.winners
        assert set(g.state.scores) == set(RS.seats(g.state))


@pytest.mark.rule("LF-IMPL-04")
def test_replay_reproduces_the_final_hash():
    buf = _Keep()
    g = play_random("melee-3", 7, record=RecordWriter(buf))
    report = replay(RS, buf.getvalue().splitlines())
    assert report.ok, report.problems
    assert report.final_hash == RS.state_hash(g.state) and report.steps == g.steps
    # every die is in the events
    dice_events = [e for _, _, evs in g.history for e in evs if "dice" in e]
    assert dice_events and all(all(1 <= d <= 6 for d in e["dice"]) for e in dice_events)


@pytest.mark.rule("LF-TURN-05")
@pytest.mark.rule("LF-UNIT-07")
@pytest.mark.rule("LF-FLEET-08")
@pytest.mark.rule("LF-AMB-35")
def test_views_are_public_but_fleets_secret_until_revealed():
    g = Game(RS, "duel", seed=11)
    fleet = {"ships": ["Excelsior", "Picket"]}
    # before resolution no view holds the other seat's fleet choice (orders are not state)
    assert "Picket" not in json.dumps(g.view("red"))
    g.submit({"blue": fleet, "red": {}})
    log = g.log_for("red")
    assert log[0]["orders"]["blue"] == fleet   # revealed together once all were in
    for seat in ("blue", "red", None):
        v = g.view(seat)
        assert "rng" not in v["position"] and "rng" not in json.dumps(v)
        assert [s["missiles"] for s in v["position"]["ships"]] == [s.missiles for s in g.state.ships]
    # determinize from a view rebuilds the same public state
    v = g.view("blue")
    d = determinize(v, "blue", 123)
    assert RS.view(d, "blue")["position"] == v["position"]


@pytest.mark.rule("LF-IMPL-01")
def test_state_json_round_trip():
    g = play_random("duel", 4, options={"turn_limit": 2})
    data = RS.to_json(g.state)
    assert canonical_json(RS.to_json(RS.from_json(json.loads(json.dumps(data))))) == canonical_json(data)


def test_resolve_applies_orders_to_a_position(dice):
    pos = position([ship("X-A", "X", (0, 0), 3, cannons=3), ship("Y-A", "Y", (3, 0), 3, defense=3, cannons=1)],
                   step=3, order=("Y", "X"))
    dice([6, 6])
    nxt, events = resolve(pos, [{"X": {"unit": "X-A"}}, {"X": {"system": "cannons", "target": "Y-A"}},
                                {"X": {"dice": 2}}], seed=5)
    assert [e["type"] for e in events][-1] == "barrage" and events[-1]["result"] == "direct"
    assert nxt["decision"]["kind"] == "stat" and nxt["decision"]["seat"] == "X" and "rng" not in nxt
    with pytest.raises(RuleError):
        resolve(nxt, {"Y": {"stat": "move"}}, seed=5)
    with pytest.raises(FormatError) as e:
        resolve({**pos, "ships": [{**pos["ships"][0], "facing": "east"}]}, {}, seed=1)
    assert "ships[0].facing" in str(e.value)
    text = describe_view({"position": nxt, "decision": {"seat": "X", "kind": "stat", "prompt": "Choose"}})
    assert "X-A" in text and "C3 L0 B0 D3 M3" in text and "X to decide (stat)" in text


def test_position_rule_errors_name_the_rule():
    pos = position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (0, 0))])
    with pytest.raises(RuleError) as e:
        resolve(pos, [], seed=1)
    assert e.value.rule == "LF-MAP-09"


def test_docs_example_position_resolves():
    from pathlib import Path
    text = (Path(__file__).parents[3] / "docs" / "launch-fighters.md").read_text()
    example = json.loads(text.split("```json", 1)[1].split("```", 1)[0])
    nxt, events = resolve(example, [], seed=1)
    assert nxt["decision"]["kind"] == "activate" and nxt["decision"]["seat"] == "blue"


@pytest.mark.rule("LF-AMB-36")
@pytest.mark.rule("LF-TGT-05")
@pytest.mark.rule("LF-AMB-41")
def test_teams_share_decks_and_interceptors_and_win_together(dice):
    from hexfleet.games.launch_fighters.combat import (
        interceptors,
        landing_ships,
        ship_targets,
    )
    from hexfleet.games.launch_fighters.position import parse_position
    from hexfleet.games.launch_fighters.state import Work
    pos = position([ship("X-A", "X", (0, 0), 0, cannons=2), ship("Z-C", "Z", (3, 0), 3, bays=1, move=2),
                    ship("Y-A", "Y", (-3, 0), 0, launchers=2)],
                   [sq("Z-F1", "Z", (-1, 0)), sq("X-F1", "X", (4, 1))], order=("X", "Y", "Z"),
                   options={"teams": [["X", "Z"]]})
    w = Work(parse_position(pos, rng=1))
    assert ship_targets(w, w.ships["X-A"]) == ["Y-A"]                      # not teammate Z's ship
    assert landing_ships(w, w.sqs["X-F1"], w.sqs["X-F1"].hex) == ["Z-C"]  # a teammate's free bay
    assert interceptors(w, w.ships["X-A"], w.ships["Y-A"].hex) == ["Z-F1"]
    with pytest.raises(RuleError) as e:
        resolve({**pos, "options": {"teams": [["X", "Q"]]}}, [], seed=1)
    assert e.value.rule == "LF-AMB-36"
    g = play_random("melee-4", 3, options={"turn_limit": 3, "teams": [["blue", "green"], ["red", "gold"]]})
    winners = set(RS.outcome(g.state).winners)
    assert winners in ({"blue", "green"}, {"red", "gold"}, {"blue", "green", "red", "gold"})


def test_malformed_orders_are_refused_with_errors_for_people():
    """Mutated legal orders either validate (and then advance cleanly) or raise RuleError or
    FormatError: never another exception, never a half-applied state."""
    import random
    rng = random.Random(7)
    junk = [None, 1, -1, 99, "x", "", [], [1, 2], [1, 2, 3], {}, True, 2.5, ["X-A"], [[1, 2]]]
    keys = ["unit", "units", "to", "path", "facing", "booster", "warp", "attack", "rtb", "system", "target",
            "missiles", "launch", "dice", "stop", "stat", "result", "hex", "ship", "squadron", "squadrons", "attempt"]
    for seed in range(3):
        s = RS.new_game("asteroid-field", seed=seed)
        for _ in range(120):
            pending = RS.pending(s)
            if not pending:
                break
            for seat in pending:
                legal = RS.legal_orders(s, seat)
                for _ in range(4):
                    o = dict(rng.choice(legal))
                    o[rng.choice(keys + list(o))] = rng.choice(junk + list(o.values()))
                    before = RS.state_hash(s)
                    try:
                        RS.validate(s, seat, o)
                        if len(pending) == 1:
                            RS.advance(s, {seat: o})
                    except (RuleError, FormatError):
                        pass
                    assert RS.state_hash(s) == before
            s, _ = RS.advance(s, {seat: rng.choice(RS.legal_orders(s, seat)) for seat in pending})
