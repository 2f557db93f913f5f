"""The position interchange (``position.resolve``): a bad position or an illegal order gives an
error that says what, where and which rule, and nothing is applied."""

import copy
import random

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.launch_fighters.position import resolve

from .helpers import at, position, ship, sq


def mid_attack():
    """X's ship has fired launchers at Y's ship: Y must decide on interceptors."""
    pos = position([ship("X-A", "X", (0, 0), 0, launchers=4, bays=1),
                    ship("Y-A", "Y", (4, 0), 3, bays=1, defense=4)],
                   [sq("X-F1", "X", host="X-A"), sq("Y-F1", "Y", (3, 0)), sq("Y-F2", "Y", (3, 1))],
                   step=3, order=("Y", "X"))
    nxt, _ = resolve(pos, [{"X": {"unit": "X-A"}}, {"X": {"system": "launchers", "target": "Y-A", "missiles": 4}}],
                     seed=1)
    assert nxt["decision"]["kind"] == "intercept" and nxt["decision"]["seat"] == "Y"
    return pos, nxt


def _mutated(base, path, value):
    out = copy.deepcopy(base)
    t = out
    for k in path[:-1]:
        t = t[k]
    t[path[-1]] = value
    return out


@pytest.mark.parametrize("path, value, kind, where", [
    (("seats",), ["X"], RuleError, "LF-GEN-01"),
    (("seats",), ["X", "Y", "A", "B", "C", "D", "E"], RuleError, "LF-GEN-01"),
    (("seats",), ["X", "X"], FormatError, "seats"),
    (("step",), 7, RuleError, "LF-TURN-04"),
    (("order",), ["Y", "Q"], FormatError, "order"),
    (("ships", 1, "hex"), at(0, 0), RuleError, "LF-MAP-09"),
    (("ships", 0, "stats"), {"launchers": 5}, RuleError, "LF-ADD-04"),
    (("ships", 0, "id"), None, FormatError, "ships[0].id"),
    (("squadrons", 1, "host"), ["X-A"], FormatError, "squadrons[1].host"),
    (("decision", "kind"), "bogus", FormatError, "decision.kind"),
    (("decision", "ship"), "Z-Z", FormatError, "decision.ship"),
    (("decision", "seat"), "Q", FormatError, "decision.seat"),
    (("decision", "choices"), None, FormatError, "decision.choices"),
    (("activation", "ship"), "nobody", FormatError, "activation.ship"),
    (("activation", "pool"), None, FormatError, "activation.pool"),
    (("activation", "pool", "dice"), -1, FormatError, "activation.pool.dice"),
    (("queue",), [{"kind": "land", "squadron": "Y-F1"}], FormatError, "queue[0].from"),
    (("ledger",), [["X", 10]], FormatError, "ledger[0]"),
    (("phase",), "move", RuleError, "LF-ATK-05"),
])
def test_a_bad_position_names_the_field_or_rule(path, value, kind, where):
    _, nxt = mid_attack()
    bad = _mutated(nxt, path, value)
    before = copy.deepcopy(bad)
    with pytest.raises(kind) as e:
        resolve(bad, {"Y": {"squadrons": []}}, seed=1)
    assert (e.value.rule if kind is RuleError else e.value.field) == where
    assert str(e.value)                      # a readable message
    assert bad == before                     # the input is never touched


def test_an_illegal_order_names_its_step_seat_field_and_rule_and_nothing_is_applied():
    _, nxt = mid_attack()
    before = copy.deepcopy(nxt)
    # step 0 is legal (intercept with both), step 1 asks for more dice than the pool holds
    with pytest.raises(RuleError) as e:
        resolve(nxt, [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}, {"X": {"dice": 9}}], seed=1)
    assert e.value.rule == "LF-BAR-01" and e.value.field == "orders[1].X.dice"
    assert "1 to" in e.value.message
    assert nxt == before
    # the same first step alone is fine and is what a caller would get
    ok, events = resolve(nxt, [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}], seed=1)
    assert [e["type"] for e in events][0] == "intercept" and ok["decision"]["kind"] == "barrage"


def test_orders_from_the_wrong_seat_or_a_bad_shape_are_located():
    _, nxt = mid_attack()
    with pytest.raises(RuleError) as e:
        resolve(nxt, {"X": {"squadrons": []}}, seed=1)       # Y decides interceptors, not X
    assert e.value.rule == "ENGINE-STALE" and e.value.field == "orders[0]"
    with pytest.raises(RuleError) as e:
        resolve(nxt, {"Y": {"squadrons": ["Y-F1", "Y-F1", "Y-F2", "nope"]}}, seed=1)
    assert e.value.rule == "LF-POOL-06" and e.value.field == "orders[0].Y"
    with pytest.raises(FormatError) as e:
        resolve(nxt, [{"Y": {"squadrons": []}}, "fire!"], seed=1)
    assert e.value.field == "orders[1]"
    # an illegal move: the rule of movement and the destination field
    pos = position([ship("X-A", "X", (0, 0), 0, move=2), ship("Y-A", "Y", (6, 0), 3)], phase="move", step=2,
                   order=("Y", "X"))
    with pytest.raises(RuleError) as e:
        resolve(pos, {"X": {"unit": "X-A", "to": at(4, 0), "facing": 0}}, seed=1)
    assert e.value.rule == "LF-MOVE-05" and e.value.field == "orders[0].X.to" and e.value.unit == "X-A"


def test_junk_anywhere_in_a_position_is_refused_cleanly():
    """Every field of a mid-attack position replaced by junk: either it still resolves, or a
    RuleError/FormatError says what is wrong; never another exception, never a changed input."""
    _, nxt = mid_attack()
    junk = [None, -1, 99, "x", "", [], [1, 2], {}, True, ["X-A"], [[1, 2]], {"kind": "stat", "seat": "X"}]

    def paths(o, pre=()):
        items = o.items() if isinstance(o, dict) else enumerate(o) if isinstance(o, list) else ()
        for k, v in items:
            yield pre + (k,)
            yield from paths(v, pre + (k,))

    rng = random.Random(5)
    for p in paths(nxt):
        for value in rng.sample(junk, 4):
            bad = _mutated(nxt, p, value)
            before = copy.deepcopy(bad)
            try:
                resolve(bad, {"Y": {"squadrons": []}}, seed=1)
            except (RuleError, FormatError) as e:
                assert str(e)
            assert bad == before, p


@pytest.mark.rule("LF-IMPL-04")
def test_forced_dice_are_used_first_in_order_and_a_bad_face_changes_nothing():
    """``resolve`` with table dice (``--dice``): the interceptors' and the barrage's dice take the
    forced faces in order and say so; the seeded dice go on after them; a face a d6 does not
    have is refused (ENGINE-DICE) and nothing is applied."""
    _, nxt = mid_attack()
    before = copy.deepcopy(nxt)
    plain, seeded = resolve(nxt, [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}, {"X": {"dice": 2}}], seed=1)
    assert not any("forced" in e for e in seeded)
    out, events = resolve(nxt, [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}, {"X": {"dice": 2}}], seed=1,
                          dice=[6, 1, 3, 4, 3])
    intercept, barrage = events[0], next(e for e in events if e["type"] == "barrage")
    assert intercept["dice"] == [6, 1] and intercept["forced"] is True and intercept["removed"] == 1
    assert barrage["dice"] == [3, 4] and barrage["forced"] is True and barrage["result"] == "hit"
    assert events[-1] == {"type": "dice_unused", "faces": [3]}
    partly, events = resolve(nxt, [{"Y": {"squadrons": ["Y-F1", "Y-F2"]}}], seed=1, dice=[4])
    assert events[0]["dice"][0] == 4 and events[0]["forced"] is True  # the second die is the seed's
    with pytest.raises(RuleError) as e:
        resolve(nxt, [{"Y": {"squadrons": ["Y-F1"]}}, {"X": {"dice": 1}}], seed=1, dice=[7])
    assert e.value.rule == "ENGINE-DICE" and "d6" in e.value.message
    assert nxt == before


@pytest.mark.rule("LF-SETUP-01")
def test_the_placement_roll_takes_forced_faces():
    from dataclasses import replace

    from hexfleet.engine.ruleset import step
    from hexfleet.games.launch_fighters.rules import RULESET

    s = RULESET.new_game("duel", seed=3)
    s = replace(s, rng=s.rng.with_faces((1, 2, 6, 6)))
    s, events = step(RULESET, s, {p: {} for p in RULESET.pending(s)})
    roll = next(e for e in events if e["type"] == "setup_roll")
    seats = list(RULESET.seats(s))
    assert [roll["rolls"][p]["dice"] for p in seats] == [[1, 2], [6, 6]] and roll["forced"] is True
    assert roll["order"] == seats and not s.rng.forced
    assert RULESET.to_json(s)["rng"] == s.rng.to_json() and isinstance(RULESET.to_json(s)["rng"], str)


@pytest.mark.rule("LF-SETUP-01")
def test_physical_dice_ask_each_roller_for_the_placement_roll():
    """With the table's own dice (option ``physical``) the fleets are revealed once the placement
    roll is entered: each seat is asked for its own two dice, a saved state resumes, and the
    roll event says its faces were forced."""
    from hexfleet.engine.procedure import DICE
    from hexfleet.engine.ruleset import step
    from hexfleet.games.launch_fighters.rules import RULESET

    s = RULESET.new_game("duel", seed=1, options={"physical": True})
    s, events = step(RULESET, s, {p: {} for p in RULESET.pending(s)})
    assert events == []
    asked = []
    for face in (1, 2, 6, 6):
        (seat, decision), = RULESET.pending(s).items()
        assert decision.kind == DICE and decision.options == {"sides": 6, "purpose": "setup_roll"}
        asked.append(seat)
        assert RULESET.legal_orders(s, seat) == [1, 2, 3, 4, 5, 6]  # the faces, as JSON
        s = RULESET.from_json(RULESET.to_json(s))  # a server saves and resumes at every decision
        with pytest.raises(RuleError) as e:
            step(RULESET, s, {seat: 7})
        assert e.value.rule == "ENGINE-DICE"
        s, events = step(RULESET, s, {seat: face})
    assert asked == [asked[0], asked[0], asked[2], asked[2]] and asked[0] != asked[2]
    assert [e["type"] for e in events] == ["fleets", "setup_roll"] and events[1]["forced"] is True
    assert [events[1]["rolls"][p]["dice"] for p in asked[::2]] == [[1, 2], [6, 6]]
    assert [d.kind for d in RULESET.pending(s).values()] == ["place"]
