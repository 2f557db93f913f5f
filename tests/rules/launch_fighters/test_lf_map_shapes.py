"""Board shapes in ``launch-fighters/1`` (LF-MAP-01 hexagons and hex sets; edges and retreat
follow the outline, LF-MAP-10, LF-REC-04) and earlier eliminations given as facts whose points
the engine works out (LF-VIC-02, LF-VIC-03, LF-AMB-34)."""

import copy
import random

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.engine.rng import rng_from_seed
from hexfleet.engine.ruleset import step
from hexfleet.games.launch_fighters import combat
from hexfleet.games.launch_fighters.play import scores
from hexfleet.games.launch_fighters.position import (
    parse_position,
    position_to_json,
    resolve,
    settle,
)
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import Work, edge
from hexfleet.hexgrid import HexagonMap, HexSetMap, RectMap, disk, distance, neighbors

from .helpers import at, design, kinds, play, position, ship, sq, state_of

HEXAGON = HexagonMap(6)
MIDDLE = HEXAGON.center()                     # (6, 3): offset (6, 6) of the 13 x 13 square it fills


def on(board: dict, ships: list, squadrons: list = (), **kw) -> dict:
    """A position on ``board`` with absolute hexes (the helpers' ``position`` is a 30 x 30 board)."""
    return {"format": "launch-fighters/1", "map": board, "seats": ["X", "Y"], "phase": "attack", "turn": 1,
            "step": 0, "order": ["X", "Y"], "ships": ships, "squadrons": list(squadrons), **kw}


def unit(uid: str, h, **stats) -> dict:
    extra = {k: stats.pop(k) for k in ("activated", "flagship") if k in stats}
    return {"id": uid, "owner": uid[0], "design": design(uid, **stats), "hex": list(h), "facing": 0, **extra}


# --- board shapes -------------------------------------------------------------------------


@pytest.mark.rule("LF-MAP-01")
@pytest.mark.rule("LF-MAP-11")
def test_a_hexagon_board_is_read_written_and_centred():
    pos = on({"shape": "hexagon", "radius": 6}, [unit("X-A", MIDDLE, cannons=1), unit("Y-A", (9, -3), cannons=1)])
    s = state_of(pos)
    assert s.config.map == HEXAGON and s.config.center == MIDDLE == (6, 3)
    assert position_to_json(s)["map"] == {"shape": "hexagon", "radius": 6}
    # (10, -4) is in the 13 x 13 square the hexagon fills, but not on the hexagon
    assert RectMap(13, 13).contains((10, -4)) and not HEXAGON.contains((10, -4))
    pos["ships"][1]["hex"] = [10, -4]
    with pytest.raises(RuleError) as e:
        state_of(pos)
    assert e.value.rule == "LF-MAP-01" and e.value.unit == "Y-A"


@pytest.mark.rule("LF-MAP-01")
def test_a_hex_set_board_round_trips_and_rectangles_are_written_as_before():
    cells = [[0, 0], [1, 0], [1, -1], [2, -1], [3, -2], [0, 1]]
    pos = on({"shape": "hexes", "hexes": cells}, [unit("X-A", (0, 0), cannons=1), unit("Y-A", (3, -2), cannons=1)])
    s = state_of(pos)
    assert s.config.map == HexSetMap(frozenset(map(tuple, cells)))
    assert position_to_json(s)["map"] == {"shape": "hexes", "hexes": sorted(cells)}
    rect = state_of(position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (4, 0))]))
    assert list(position_to_json(rect)["map"].items()) == [("cols", 30), ("rows", 30)]


@pytest.mark.rule("LF-MAP-01")
@pytest.mark.parametrize("board, field", [
    (None, "map"),
    ({"shape": "circle", "radius": 6}, "map.shape"),
    ({"shape": "hexagon"}, "map.radius"),
    ({"shape": "hexagon", "radius": -1}, "map.radius"),
    ({"shape": "hexagon", "radius": 6, "rows": 13}, "map.rows"),
    ({"shape": "hexes", "hexes": [[0, 0], [1, "a"]]}, "map.hexes[1]"),
    ({"shape": "hexes", "hexes": [[0, 0], [0, 0]]}, "map.hexes[1]"),
    ({"cols": 30}, "map.rows"),
    ({"cols": 30, "rows": 30, "radius": 6}, "map.radius"),
])
def test_bad_map_fields_name_the_field_and_rule(board, field):
    pos = on(board, [unit("X-A", (0, 0), cannons=1), unit("Y-A", (1, 0), cannons=1)])
    with pytest.raises(FormatError) as e:
        parse_position(pos, rng=1)
    assert e.value.field == field and "LF-MAP-01" in str(e.value)


@pytest.mark.rule("LF-MAP-10")
@pytest.mark.rule("LF-REC-04")
@pytest.mark.rule("LF-MAP-01")
def test_a_game_on_a_hexagon_retreats_a_flagship_at_the_hexagons_edge():
    rim = (9, -3)                               # on the hexagon's rim, deep inside its square
    assert HEXAGON.is_edge(rim) and not RectMap(13, 13).is_edge(rim)
    pos = on({"shape": "hexagon", "radius": 6},
             [unit("X-A", (8, -2), cannons=1, move=1, flagship=True), unit("Y-A", MIDDLE, cannons=1, move=2)],
             phase="move")
    s = state_of(pos)
    assert s.decision == {"kind": "move", "seat": "X", "step": 1}
    s, _ = play(s, {"unit": "X-A", "to": list(rim), "facing": 1})
    s, _ = play(s, {"unit": "Y-A", "to": [6, 4], "facing": 3})
    s, _ = play(s, {"unit": "Y-A"})             # attack step 2: nothing in range
    s, ev = play(s, {"unit": "X-A"})            # attack step 1, then recovery
    assert {"type": "retreated", "unit": "X-A", "cause": "edge", "squadrons": []} in ev
    assert kinds(ev)[-1] == "game_over" and s.outcome.reason == "last_fleet"
    hull = {x.id: x.design.hull_value for x in s.ships}
    assert s.scores == {"X": hull["X-A"], "Y": 2 * hull["Y-A"]}   # half-points: half for a retreat (LF-VIC-07)
    assert RULESET.scores(s) == {"X": hull["X-A"] / 2, "Y": float(hull["Y-A"])}  # what studies read: points


@pytest.mark.rule("LF-MAP-10")
@pytest.mark.rule("LF-REC-04")
def test_a_hole_in_a_hex_set_board_makes_edge_hexes():
    hole = (10, 10)
    cells = [list(h) for h in disk(hole, 4) if h != hole]
    beside, inside = (11, 10), (8, 10)          # next to the hole; two hexes from it
    pos = on({"shape": "hexes", "hexes": cells},
             [unit("X-A", beside, cannons=1, move=1, activated=True), unit("X-B", inside, cannons=1, move=1,
                                                                         activated=True),
              unit("Y-A", (12, 8), cannons=1, move=1, activated=True)])
    s, ev = settle(parse_position(pos, rng=rng_from_seed(3)))
    assert [e["unit"] for e in ev if e["type"] == "retreated"] == ["X-A"]
    assert {x.id: x.status for x in s.ships} == {"X-A": "retreated", "X-B": "map", "Y-A": "map"}


@pytest.mark.rule("LF-SETUP-02")
@pytest.mark.rule("LF-MAP-11")
@pytest.mark.rule("LF-REC-04")
@pytest.mark.parametrize("seed", [0, 4])
def test_random_games_on_a_hexagon_from_placement(seed):
    """Placement, play and retreat on a hexagon of radius 11: the first flagship goes to its
    centre, every unit stays on it, and every unit retreating at an edge left a rim hex."""
    board = HexagonMap(11)
    pos = on({"shape": "hexagon", "radius": 11},
             [{"id": f"{p}-{k}", "owner": p, "design": d, "status": "reserve"}
              for p in "XY" for k, d in (("A", "Light Carrier"), ("B", "Otox Gol 79b"))],
             [{"id": f"{p}-F{i}", "owner": p, "origin": f"{p}-A", "host": f"{p}-A", "status": "hosted"}
              for p in "XY" for i in range(1, 5)], phase="place", turn=0)
    s = state_of(pos)
    rnd = random.Random(seed)
    first = None
    edge_retreats = 0
    while s.outcome is None:
        where = {u.id: u.hex for u in (*s.ships, *s.squadrons)}
        s, ev = step(RULESET, s, {p: rnd.choice(list(RULESET.legal_orders(s, p))) for p in RULESET.pending(s)})
        first = first or next((e for e in ev if e["type"] == "placed"), None)
        assert all(board.contains(u.hex) for u in (*s.ships, *s.squadrons) if u.status == "map")
        for e in ev:
            if e["type"] == "retreated" and e["cause"] == "edge":
                assert board.is_edge(where[e["unit"]])
                edge_retreats += 1
    assert tuple(first["hex"]) == board.center() == (11, 6)
    assert edge_retreats


# --- earlier eliminations as facts ------------------------------------------------------


def we29(accounting, facts=(), ledger=()):
    """LF-WE-29 after its events: X-B and the tender destroyed, Y-F1 and X-F4 eliminated."""
    return position([{"id": "X-A", "owner": "X", "design": "Light Carrier", "hex": at(0, 0)},
                     {"id": "X-B", "owner": "X", "design": "Otox Gol 79b", "status": "destroyed"},
                     {"id": "Y-E", "owner": "Y", "design": "Excelsior", "hex": at(6, 0),
                      "stats": {"cannons": 3, "launchers": 5, "bays": 0, "defense": 6, "move": 0}},
                     {"id": "Y-T", "owner": "Y", "design": "Tender", "status": "destroyed"}],
                    [sq("X-F1", "X", (1, 0), origin="X-A"), sq("X-F2", "X", (1, 1), origin="X-A"),
                     sq("X-F3", "X", host="X-A"), {"id": "X-F4", "owner": "X", "origin": "X-A", "status": "eliminated"},
                     {"id": "Y-F1", "owner": "Y", "origin": "Y-T", "status": "eliminated"},
                     sq("Y-F2", "Y", (5, 5), origin="Y-T")],
                    step=0, order=("X", "Y"), options={"vp_accounting": accounting},
                    eliminations=list(facts), ledger=list(ledger))


FACTS = [{"unit": "X-B", "credit": "Y"}, {"unit": "Y-T", "credit": "X"},
         {"unit": "Y-F1", "credit": "X"}, {"unit": "X-F4", "credit": "Y"}]


@pytest.mark.rule("LF-WE-29")
@pytest.mark.rule("LF-VIC-02")
@pytest.mark.rule("LF-VIC-03")
@pytest.mark.rule("LF-VIC-10")
@pytest.mark.rule("LF-AMB-34")
@pytest.mark.parametrize("accounting, x_score", [("no_double_count", 66), ("raw", 71)])
def test_elimination_facts_give_the_points_the_game_would(accounting, x_score):
    s = parse_position(we29(accounting, FACTS), rng=1)
    assert scores(Work(s)) == {"X": 2 * x_score, "Y": 2 * 90}
    # the same ledger the engine writes when it plays those eliminations itself
    w = Work(parse_position(we29(accounting), rng=1))
    for sid, credit in (("X-B", "Y"), ("Y-T", "X")):
        w.ships[sid].status = "map"
        combat.destroy_ship(w, w.ships[sid], credit)
    for qid, credit in (("Y-F1", "X"), ("X-F4", "Y")):
        combat.eliminate(w, w.sqs[qid], credit, "test")
    assert s.ledger == tuple(w.ledger)
    # written back as ledger entries: the facts are input, the ledger is the record
    nxt, _ = resolve(we29(accounting, FACTS), [], seed=1)
    assert [tuple(e) for e in nxt["ledger"]] == list(s.ledger) and "eliminations" not in nxt


@pytest.mark.rule("LF-VIC-02")
@pytest.mark.rule("LF-DMG-09")
@pytest.mark.rule("LF-AMB-34")
@pytest.mark.parametrize("accounting, tender", [("no_double_count", 7 + 5), ("raw", 17)])
def test_a_ship_fact_counts_the_squadrons_lost_aboard(accounting, tender):
    facts = [{"unit": "Y-T", "credit": "X", "aboard": ["Y-F1"]}, {"unit": "X-F4", "credit": "Y"},
             {"unit": "X-B", "credit": "Y"}]
    s = parse_position(we29(accounting, facts), rng=1)
    assert ("X", 2 * tender, "Y-T") in s.ledger and not any(e[2] == "Y-F1" for e in s.ledger)


@pytest.mark.rule("LF-VIC-02")
@pytest.mark.rule("LF-VIC-08")
def test_facts_and_ledger_merge_but_a_unit_scores_once():
    control = ["X", 10, "control:1"]
    s = parse_position(we29("no_double_count", FACTS, [control]), rng=1)
    assert s.ledger[0] == ("X", 10, "control:1") and len(s.ledger) == 5
    with pytest.raises(RuleError) as e:
        parse_position(we29("no_double_count", FACTS, [["Y", 80, "X-B"]]), rng=1)
    assert e.value.rule == "LF-VIC-02" and e.value.field == "eliminations[0].unit" and "ledger[0]" in e.value.message


@pytest.mark.parametrize("change, kind, where", [
    ({0: {"unit": "X-Z", "credit": "Y"}}, FormatError, "eliminations[0].unit"),
    ({0: {"unit": "X-B", "credit": "Q"}}, FormatError, "eliminations[0].credit"),
    ({0: {"unit": "X-B", "credit": "Y", "value": 40}}, FormatError, "eliminations[0].value"),
    ({0: {"unit": "X-A", "credit": "Y"}}, RuleError, "LF-VIC-02"),            # still on the map
    ({0: {"unit": "X-B", "credit": "X"}}, RuleError, "LF-VIC-03"),            # nobody scores his own losses
    ({2: {"unit": "Y-F1", "credit": "X", "aboard": ["Y-F2"]}}, FormatError, "eliminations[2].aboard"),
    ({1: {"unit": "Y-T", "credit": "X", "aboard": ["Y-F2"]}}, RuleError, "LF-VIC-02"),   # Y-F2 is on the map
    ({1: {"unit": "Y-T", "credit": "X", "aboard": ["Y-F1"]}}, RuleError, "LF-VIC-02"),   # and again in [2]
    ({3: {"unit": "X-B", "credit": "Y"}}, RuleError, "LF-VIC-02"),            # X-B twice
])
def test_bad_elimination_facts_name_the_field_or_rule(change, kind, where):
    facts = copy.deepcopy(FACTS)
    for i, fact in change.items():
        facts[i] = fact
    with pytest.raises(kind) as e:
        parse_position(we29("no_double_count", facts), rng=1)
    assert (e.value.rule if kind is RuleError else e.value.field) == where and str(e.value)


@pytest.mark.rule("LF-MAP-10")
def test_the_hexagon_rim_is_where_neighbours_leave_the_board():
    """LF-MAP-10's definition, checked on the game's board object itself."""
    s = state_of(on({"shape": "hexagon", "radius": 6}, [unit("X-A", MIDDLE, cannons=1),
                                                        unit("Y-A", (9, -3), cannons=1)]))
    for h in s.config.map.hexes():
        assert edge(s.config, h) == (distance(h, MIDDLE) == 6) == any(not HEXAGON.contains(n) for n in neighbors(h))
