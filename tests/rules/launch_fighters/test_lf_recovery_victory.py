"""Recovery, retreat and victory points (LF-REC, LF-VIC, LF-WE-29, LF-WE-33)."""

import pytest

from hexfleet.engine.rng import rng_from_seed
from hexfleet.games.launch_fighters.play import scores
from hexfleet.games.launch_fighters.position import parse_position, settle
from hexfleet.games.launch_fighters.state import Work

from .helpers import BOARD, C, at, kinds, position, ship, sq


def edge_at(row):
    """Offset from the centre to the west-edge hex of ``row``."""
    h = BOARD.from_offset(0, row)
    return (h[0] - C[0], h[1] - C[1])


def end_of_turn(pos):
    return settle(parse_position(pos, rng=rng_from_seed(5)))


@pytest.mark.rule("LF-REC-01")
@pytest.mark.rule("LF-REC-02")
@pytest.mark.rule("LF-REC-04")
@pytest.mark.rule("LF-REC-06")
@pytest.mark.rule("LF-WE-33")
@pytest.mark.rule("LF-AMB-27")
@pytest.mark.rule("LF-AMB-28")
def test_recovery_flips_then_retreats_edge_units():
    pos = position([ship("X-M2", "X", edge_at(5), move=2, cannons=1, activated=True, moved=True),
                    ship("X-M0", "X", edge_at(9), move=0, cannons=1, activated=True),
                    ship("X-C", "X", (0, 0), bays=1, move=1, cannons=1, squadrons=1, activated=True),
                    ship("Y-A", "Y", (4, 0), move=1, cannons=1, activated=True)],
                   [sq("X-F1", "X", edge_at(12), activated=True), sq("X-F2", "X", host="X-C", active=False),
                    sq("Y-F1", "Y", (5, 0), active=False, activated=True)],
                   step=0, order=("X", "Y"))
    s, ev = end_of_turn(pos)
    rec = next(e for e in ev if e.get("phase") == "recovery")
    assert sorted(rec["flipped"]) == ["X-F2", "Y-F1"]
    retreated = [e["unit"] for e in ev if e["type"] == "retreated"]
    assert retreated == ["X-M2", "X-F1"]
    status = {u.id: u.status for u in (*s.ships, *s.squadrons)}
    assert status["X-M0"] == "map" and status["X-M2"] == "retreated"
    assert all(q.active for q in s.squadrons) and not any(x.activated or x.moved for x in s.ships)
    assert s.turn == 2 and kinds(ev)[-1] == "initiative"


@pytest.mark.rule("LF-VIC-01")
@pytest.mark.rule("LF-AMB-33")
@pytest.mark.rule("LF-AMB-40")
@pytest.mark.rule("LF-AMB-47")
def test_game_ends_at_turn_start_when_one_fleet_can_act():
    # Y's only ship has Move 0 and no weapons: only X can act
    pos = position([ship("X-A", "X", (0, 0), cannons=1, activated=True),
                    ship("Y-A", "Y", (4, 0), defense=2, move=0, activated=True)], step=0, order=("X", "Y"))
    s, ev = end_of_turn(pos)
    assert s.outcome.reason == "last_fleet" and ev[-1]["type"] == "game_over"
    # a carrier with fighters aboard still counts (LF-AMB-40)
    pos["ships"][1] = ship("Y-A", "Y", (4, 0), defense=2, move=0, bays=1, squadrons=1, activated=True)
    pos["squadrons"] = [sq("Y-F1", "Y", host="Y-A")]
    s, _ = end_of_turn(pos)
    assert s.outcome is None


@pytest.mark.rule("LF-VIC-01")
@pytest.mark.rule("LF-SCEN-05")
def test_stalemate_and_turn_limit():
    base = [ship("X-A", "X", (0, 0), cannons=1, activated=True), ship("Y-A", "Y", (4, 0), cannons=1, activated=True)]
    s, _ = end_of_turn(position(base, step=0, order=("X", "Y"), quiet_turns=2))
    assert s.outcome.reason == "stalemate"
    s, _ = end_of_turn(position(base, step=0, order=("X", "Y"), quiet_turns=2, rolled=True))
    assert s.outcome is None and s.quiet_turns == 0
    s, _ = end_of_turn(position(base, step=0, order=("X", "Y"), options={"turn_limit": 1}))
    assert s.outcome.reason == "turn_limit"


@pytest.mark.rule("LF-WE-29")
@pytest.mark.rule("LF-VIC-02")
@pytest.mark.rule("LF-VIC-04")
@pytest.mark.rule("LF-VIC-05")
@pytest.mark.rule("LF-VIC-06")
@pytest.mark.rule("LF-VIC-09")
@pytest.mark.rule("LF-VIC-10")
@pytest.mark.rule("LF-AMB-34")
@pytest.mark.parametrize("accounting, x_score", [("no_double_count", 66), ("raw", 71)])
def test_victory_points_end_to_end(accounting, x_score):
    from hexfleet.games.launch_fighters import combat
    pos = position([{"id": "X-A", "owner": "X", "design": "Light Carrier", "hex": at(0, 0)},
                    {"id": "X-B", "owner": "X", "design": "Otox Gol 79b", "hex": at(0, 3)},
                    {"id": "Y-E", "owner": "Y", "design": "Excelsior", "hex": at(6, 0),
                     "stats": {"cannons": 3, "launchers": 5, "bays": 0, "defense": 6, "move": 0}},
                    {"id": "Y-T", "owner": "Y", "design": "Tender", "hex": at(6, 4)}],
                   [sq("X-F1", "X", (1, 0), origin="X-A"), sq("X-F2", "X", (1, 1), origin="X-A"),
                    sq("X-F3", "X", host="X-A"), sq("X-F4", "X", (2, 2), origin="X-A"),
                    sq("Y-F1", "Y", (5, 4), origin="Y-T"), sq("Y-F2", "Y", (5, 5), origin="Y-T")],
                   step=0, order=("X", "Y"), options={"vp_accounting": accounting})
    w = Work(parse_position(pos, rng=1))
    combat.destroy_ship(w, w.ships["X-B"], "Y")
    combat.destroy_ship(w, w.ships["Y-T"], "X")
    combat.eliminate(w, w.sqs["Y-F1"], "X", "test")
    combat.eliminate(w, w.sqs["X-F4"], "Y", "test")
    half = scores(w)
    assert half["X"] == 2 * x_score and half["Y"] == 2 * 90


@pytest.mark.rule("LF-VIC-07")
@pytest.mark.rule("LF-AMB-27")
def test_retreated_ships_score_half():
    pos = position([{"id": "X-A", "owner": "X", "design": "Tender", "status": "retreated", "hex": None},
                    ship("Y-A", "Y", (0, 0), cannons=1)],
                   [{"id": "X-F1", "owner": "X", "origin": "X-A", "status": "retreated", "host": "X-A"},
                    {"id": "X-F2", "owner": "X", "origin": "X-A", "status": "retreated", "host": None}],
                   step=0, order=("X", "Y"))
    w = Work(parse_position(pos, rng=1))
    assert scores(w)["X"] == 7 + 5   # half of hull 7 and half of the squadron aboard; the lone squadron 0
    pos["options"] = {"retreated_fighters_score_half": True}
    assert scores(Work(parse_position(pos, rng=1)))["X"] == 7 + 5 + 5


@pytest.mark.rule("LF-VIC-01")
@pytest.mark.rule("LF-AMB-33")
def test_end_by_mutual_agreement():
    from hexfleet.engine.ruleset import step
    from hexfleet.games.launch_fighters.rules import RULESET
    base = [ship("X-A", "X", (0, 0), cannons=1, activated=True), ship("Y-A", "Y", (4, 0), cannons=1, activated=True)]
    s, _ = end_of_turn(position(base, step=0, order=("X", "Y"), options={"end_by_agreement": True}))
    assert s.phase == "vote" and set(RULESET.pending(s)) == {"X", "Y"}
    s2, ev = step(RULESET, s, {"X": {"end": True}, "Y": {"end": False}})
    assert ev[0] == {"type": "vote", "turn": 2, "end": {"X": True, "Y": False}} and s2.phase == "move"
    s3, ev = step(RULESET, s, {"X": {"end": True}, "Y": {"end": True}})
    assert s3.outcome.reason == "agreement" and ev[-1]["type"] == "game_over"


@pytest.mark.rule("LF-REC-04")
@pytest.mark.rule("LF-VIC-08")
@pytest.mark.rule("LF-SCEN-03")
def test_scenario_exit_area_and_its_victory_points():
    from hexfleet.games.launch_fighters.rules import RULESET
    pos = position([ship("X-A", "X", (0, 0), cannons=1, activated=True),
                    ship("Y-A", "Y", (5, 0), cannons=1, activated=True),
                    ship("Y-B", "Y", (5, 3), cannons=1, activated=True)],
                   step=0, order=("X", "Y"), exits=[{"seat": "Y", "hexes": [at(5, 0)], "full_vp": True}])
    s, ev = end_of_turn(pos)
    assert {"type": "retreated", "unit": "Y-A", "cause": "exit", "squadrons": []} in ev
    w = Work(s)
    hull = w.ships["Y-A"].design.hull_value
    assert scores(w)["Y"] == 2 * hull + 2 * w.ships["Y-B"].design.hull_value   # full value, not half
    breakout = RULESET.new_game("breakout", seed=1)
    assert breakout.config.exit_full_vp == {"red"} and len(breakout.config.exits["red"]) == 48


@pytest.mark.rule("LF-SCEN-05")
def test_turn_limit_scenario_won_by_ships_destroyed():
    from hexfleet.games.launch_fighters import combat
    from hexfleet.games.launch_fighters.play import _game_over
    pos = position([ship("X-A", "X", (0, 0), cannons=1), ship("X-B", "X", (0, 3), cannons=1),
                    ship("Y-A", "Y", (4, 0), cannons=9, defense=9), ship("Y-B", "Y", (4, 3), cannons=1)],
                   step=0, order=("X", "Y"), options={"victory": "ships_destroyed", "turn_limit": 8})
    w = Work(parse_position(pos, rng=1))
    combat.destroy_ship(w, w.ships["Y-B"], "X")      # X kills one small ship, Y keeps a big one
    _game_over(w, "turn_limit")
    assert w.outcome.winners == ("X",) and w.scores["Y"] > w.scores["X"]
    from hexfleet.games.launch_fighters.rules import RULESET
    assert RULESET.new_game("attrition", seed=1).config.options.turn_limit == 8


@pytest.mark.rule("LF-REC-04")
@pytest.mark.rule("LF-MAP-10")
def test_the_view_warns_of_units_in_edge_hexes():
    """The view lists the units that would retreat at recovery where they stand: a ship with
    Move 1+ and a squadron in an edge hex; not a ship with Move 0 there, nor one inside."""
    from hexfleet.games.launch_fighters.rules import RULESET
    from hexfleet.render.launch_fighters import describe_view

    pos = position([ship("X-M2", "X", edge_at(5), move=2, cannons=1),
                    ship("X-M0", "X", edge_at(9), move=0, cannons=1),
                    ship("Y-A", "Y", (4, 0), move=1, cannons=1)],
                   [sq("X-F1", "X", edge_at(12))], phase="move", step=1, order=("X", "Y"))
    s, _ = settle(parse_position(pos, rng=rng_from_seed(5)))
    for seat in ("X", "Y", None):
        view = RULESET.view(s, seat)
        assert view["edge_units"] == ["X-M2", "X-F1"]
        assert at(*edge_at(5)) in view["edge_hexes"] and at(4, 0) not in view["edge_hexes"]
        assert "in an edge hex, retreats at recovery: X-M2, X-F1" in describe_view(view)
