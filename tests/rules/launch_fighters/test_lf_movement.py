"""Movement steps and rotation, paths, passing through and pushing (LF-MOVE, LF-ATK-01, LF-MAP)."""

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import LF_DIRECTIONS

from .helpers import at, play, position, ship, sq, state_of


def stay(s, uid):
    u = next(x for x in (*s.ships, *s.squadrons) if x.id == uid)
    order = {"unit": uid, "to": list(u.hex)}
    if uid[-2] != "F" and "F" not in uid.split("-")[-1]:
        order["facing"] = u.facing
    return play(s, order)


@pytest.mark.rule("LF-WE-05")
@pytest.mark.rule("LF-MOVE-01")
@pytest.mark.rule("LF-MOVE-03")
@pytest.mark.rule("LF-ATK-01")
@pytest.mark.rule("LF-INIT-04")
@pytest.mark.rule("LF-MOVE-10")
def test_book_movement_order_and_attack_order():
    ships = [ship(f"A{i}", "Andy", (0, 3 * i), move=2) for i in range(1, 4)]
    ships += [ship("E1", "Eli", (4, 0)), ship("R1", "Aaron", (-4, 0)), ship("R2", "Aaron", (-4, 3))]
    s = state_of(position(ships, phase="move", step=0, order=("Aaron", "Eli", "Andy")))
    who = []
    for _ in range(6):
        d = s.decision
        who.append((d["step"], d["seat"]))
        mine = [o["unit"] for o in RULESET.legal_orders(s, d["seat"])]
        s, _ = stay(s, mine[0])
    assert who == [(2, "Andy")] * 3 + [(3, "Aaron"), (3, "Eli"), (3, "Aaron")]
    who = []
    for _ in range(6):
        d = s.decision
        assert d["kind"] == "activate"
        who.append((d["step"], d["seat"]))
        s, _ = play(s, RULESET.legal_orders(s, d["seat"])[0])
    assert who == [(3, "Eli"), (3, "Aaron"), (3, "Aaron")] + [(2, "Andy")] * 3


@pytest.mark.rule("LF-MOVE-05")
@pytest.mark.rule("LF-WE-06")
@pytest.mark.rule("LF-MAP-04")
def test_move_allowance():
    s = state_of(position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (0, 8))], phase="move", step=3, order=("X", "Y")))
    RULESET.validate(s, "X", {"unit": "X-A", "to": at(3, 0), "facing": 0})
    RULESET.validate(s, "X", {"unit": "X-A", "path": [at(1, 0), at(1, 1), at(0, 2)], "facing": 5})
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-A", "to": at(4, 0), "facing": 0})
    assert e.value.rule == "LF-MOVE-05"
    with pytest.raises(RuleError):
        RULESET.validate(s, "X", {"unit": "X-A", "path": [at(1, 0), at(3, 0)], "facing": 0})
    dests = {tuple(o["to"]) for o in RULESET.legal_orders(s, "X")}
    assert len(dests) == 37  # every hex within 3, start included


@pytest.mark.rule("LF-WE-07")
@pytest.mark.rule("LF-MOVE-06")
@pytest.mark.rule("LF-MOVE-07")
@pytest.mark.rule("LF-MOVE-08")
@pytest.mark.rule("LF-AMB-11")
def test_bold_move_pushes_the_squadron_and_its_owner_chooses():
    pos = position([ship("X-1", "X", (0, 0), move=2), ship("Y-S", "Y", (1, 0), move=1)],
                   [sq("Y-F1", "Y", (2, 0))], phase="move", step=2, order=("X", "Y"))
    s = state_of(pos)
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-1", "path": [at(1, 0)], "facing": 0})
    assert e.value.rule == "LF-MOVE-06"
    s, ev = play(s, {"unit": "X-1", "path": [at(1, 0), at(2, 0)], "facing": 0})
    assert ev[0]["type"] == "moved" and ev[0]["to"] == at(2, 0) and ev[0]["facing"] == 0
    d = s.decision
    assert d["kind"] == "push" and d["seat"] == "Y"
    assert sorted(tuple(c["hex"]) for c in d["choices"]) == sorted(tuple(at(*h)) for h in
                                                                   [(3, 0), (3, -1), (2, -1), (1, 1), (2, 1)])
    s, ev = play(s, {"hex": at(2, 1)})
    assert ev[0] == {"type": "pushed", "unit": "Y-F1", "from": at(2, 0), "to": at(2, 1)}


@pytest.mark.rule("LF-MOVE-08")
@pytest.mark.rule("LF-FTR-02")
@pytest.mark.rule("LF-FTR-04")
def test_push_with_no_room_returns_to_base_or_eliminates():
    blockers = [ship(f"Y-{i}", "Y", v, move=1) for i, v in enumerate([(3, 0), (3, -1), (2, -1), (1, 1), (2, 1), (1, 0)])]
    pos = position([ship("X-1", "X", (0, 0), move=2)] + blockers, [sq("Y-F1", "Y", (2, 0))],
                   phase="move", step=2, order=("X", "Y"))
    s, ev = play(state_of(pos), {"unit": "X-1", "path": [at(1, 0), at(2, 0)], "facing": 0})
    assert {"type": "eliminated", "unit": "Y-F1", "cause": "no bay to return to", "credit": "X"} in ev
    assert s.ledger == (("X", 10, "Y-F1"),)


@pytest.mark.rule("LF-MOVE-02")
@pytest.mark.rule("LF-MOVE-04")
@pytest.mark.rule("LF-AMB-10")
@pytest.mark.rule("LF-AMB-45")
def test_move_zero_ship_may_only_turn():
    s = state_of(position([ship("X-A", "X", (0, 0), move=0, cannons=1), ship("Y-A", "Y", (0, 8))],
                          phase="move", step=0, order=("X", "Y")))
    assert s.decision == {"kind": "move", "seat": "X", "step": 0}
    assert {tuple(o["to"]) for o in RULESET.legal_orders(s, "X")} == {tuple(at(0, 0))}
    s, ev = play(s, {"unit": "X-A", "to": at(0, 0), "facing": 4})
    assert ev[0]["facing"] == 4 and next(x for x in s.ships if x.id == "X-A").facing == 4


@pytest.mark.rule("LF-MOVE-09")
@pytest.mark.rule("LF-UNIT-08")
@pytest.mark.rule("LF-UNIT-09")
@pytest.mark.rule("LF-TURN-03")
@pytest.mark.rule("LF-WE-28")
def test_fighters_move_5_in_step_5_no_facing_no_ending_on_units():
    pos = position([ship("X-A", "X", (0, 0), move=1), ship("Y-A", "Y", (5, 0), move=1)],
                   [sq("X-F1", "X", (1, 0)), sq("X-F2", "X", (1, -1), active=False)], phase="move", step=5,
                   order=("X", "Y"))
    s = state_of(pos)
    legal = RULESET.legal_orders(s, "X")
    assert {o["unit"] for o in legal} == {"X-F1"} and all("facing" not in o for o in legal)
    assert len({tuple(o["to"]) for o in legal}) == 91 - 3  # radius-5 disk less the three occupied hexes
    with pytest.raises(RuleError) as e:
        RULESET.validate(s, "X", {"unit": "X-F1", "to": at(5, 0)})
    assert e.value.rule == "LF-MOVE-09"
    with pytest.raises(RuleError):
        RULESET.validate(s, "X", {"unit": "X-F1", "to": at(2, 0), "facing": 1})


@pytest.mark.rule("LF-MAP-03")
@pytest.mark.rule("LF-MAP-02")
def test_direction_table():
    assert LF_DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@pytest.mark.rule("LF-MAP-10")
@pytest.mark.rule("LF-MAP-01")
def test_edge_hexes():
    from hexfleet.games.launch_fighters.state import edge
    s = state_of(position([ship("X-A", "X", (0, 0)), ship("Y-A", "Y", (0, 8))], phase="move", step=3))
    m = s.config.map
    assert (m.cols, m.rows) == (30, 30)
    assert edge(s.config, m.from_offset(0, 5)) and not edge(s.config, m.from_offset(1, 5))
