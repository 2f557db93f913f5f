"""The kernel's procedure driver on a toy game: simultaneous and single-seat decisions, answers
given in advance, forced and physical dice, lazy legal sets."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.legal import Choices, PerUnit
from hexfleet.engine.procedure import DICE, Ask, force_dice, unused_dice
from hexfleet.engine.ruleset import step

from .toy_procedure import Pick, Toy

TOY = Toy()


def test_simultaneous_then_single_seat_decision() -> None:
    state = TOY.new_game("toy", seed=1)
    assert set(TOY.pending(state)) == {"a", "b"}
    state, events = step(TOY, state, {"a": {"n": 1}, "b": {"n": 2}})
    assert [e["type"] for e in events] == ["picked", "die"]
    assert list(TOY.pending(state)) == ["b"]  # the leader alone, the other seat waits
    state, events = step(TOY, state, {"b": "give"})
    assert events == [{"type": "banked", "seat": "a", "points": events[0]["points"]}]
    assert state.scores[0] == events[0]["points"]


def test_no_event_is_sent_twice_and_games_are_deterministic() -> None:
    def play(seed: int) -> list[dict]:
        state, log = TOY.new_game("toy", seed=seed), []
        rnd = random.Random(seed)
        while TOY.outcome(state) is None:
            orders = {s: TOY.legal(state, s).sample(rnd) for s in TOY.pending(state)}
            state, events = step(TOY, state, orders)
            log += events
        return log

    log = play(7)
    assert log == play(7)
    assert sum(e["type"] == "die" for e in log) == 3 == sum(e["type"] == "banked" for e in log)


def test_answer_in_advance_is_used_before_asking() -> None:
    state = TOY.new_game("toy", seed=1)
    state, events = step(TOY, state, {"a": {"n": 3, "then": {"bank": "give"}}, "b": {"n": 1}})
    assert [e["type"] for e in events] == ["picked", "die", "banked"]
    assert events[-1]["seat"] == "b"
    assert set(TOY.pending(state)) == {"a", "b"}  # round 2 began without asking a


def test_answer_in_advance_refused_by_the_rules_asks_the_seat() -> None:
    state = TOY.new_game("toy", seed=1)
    state, events = step(TOY, state, {"a": {"n": 3, "then": {"bank": "keep"}}, "b": {"n": 1}})
    assert list(TOY.pending(state)) == ["a"]
    refused = [e for e in events if e["type"] == "then_refused"]
    assert refused == [{"type": "then_refused", "seat": "a", "kind": "bank", "visible_to": ["a"],
                        "error": refused[0]["error"]}] and "bank" in refused[0]["error"]
    assert state.then == ()
    with pytest.raises(Exception, match="then"):
        step(TOY, TOY.new_game("toy", seed=1), {"a": {"n": 3, "then": {"nope": 1}}, "b": {"n": 1}})


def test_forced_dice_come_first_and_bad_faces_are_refused() -> None:
    state = force_dice(TOY.new_game("toy", seed=1), (2, 9))
    state, events = step(TOY, state, {"a": {"n": 3}, "b": {"n": 1}})
    assert events[1] == {"type": "die", "purpose": "bank", "face": 2, "forced": True}
    state, _ = step(TOY, state, {"a": "bank"})
    with pytest.raises(RuleError, match="forced face 9 does not fit the d6") as err:
        step(TOY, state, {"a": {"n": 3}, "b": {"n": 1}})
    assert err.value.rule == "ENGINE-DICE"


def test_physical_dice_ask_the_roller_and_resume() -> None:
    state = TOY.new_game("toy", seed=1, options={"physical": True})
    state, events = step(TOY, state, {"a": {"n": 1}, "b": {"n": 3}})
    assert [e["type"] for e in events] == ["picked"]
    decision = TOY.pending(state)["b"]
    assert decision.kind == DICE and decision.options == {"sides": 6, "purpose": "bank"}
    assert list(TOY.legal(state, "b")) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(RuleError, match="whole number from 1 to 6"):
        step(TOY, state, {"b": 7})
    state, events = step(TOY, state, {"b": 6})
    assert events == [{"type": "die", "purpose": "bank", "face": 6, "forced": True}]
    assert list(TOY.pending(state)) == ["b"]


def test_stale_seat_and_over() -> None:
    state = TOY.new_game("toy", seed=1)
    state, _ = step(TOY, state, {"a": {"n": 1}, "b": {"n": 2}})
    with pytest.raises(RuleError) as err:
        TOY.validate(state, "a", "bank")
    assert err.value.rule == "ENGINE-STALE"


def test_legal_sets_are_lazy_and_per_unit() -> None:
    checked = []

    def contains(order: object) -> bool:
        checked.append(order)
        return isinstance(order, dict) and order.get("x") in (1, 2) and order.get("y") in "abc"

    legal = PerUnit({"x": (1, 2), "y": ("a", "b", "c")}, dict, contains)
    assert legal.count() == 6 and len(legal) == 6
    assert {"x": 2, "y": "c"} in legal and checked == [{"x": 2, "y": "c"}]
    assert legal.per_unit() == {"x": [1, 2], "y": ["a", "b", "c"]}
    assert legal.page(4, 10) == [{"x": 2, "y": "b"}, {"x": 2, "y": "c"}]
    rnd = random.Random(0)
    assert all(legal.sample(rnd) in list(legal) for _ in range(20))
    joint = PerUnit({"x": (1, 2), "y": (1, 2)}, dict, contains, joint=lambda p: p["x"] != p["y"])
    assert joint.count() == 2 and list(joint) == [{"x": 1, "y": 2}, {"x": 2, "y": 1}]
    drawn = [joint.sample(rnd) for _ in range(40)]
    assert all(d["x"] != d["y"] for d in drawn) and len({d["x"] for d in drawn}) == 2
    assert Choices(["p", "q"]).per_unit() == {"*": ["p", "q"]}
    assert "P" in Choices(["p", "q"], contains=lambda o: str(o).lower() in "pq") and "P" not in Choices(["p"])


def test_parsed_orders_are_recorded_as_json() -> None:
    state = TOY.new_game("toy", seed=1)
    assert TOY.order_json(state, "a", Pick(2)) == {"n": 2}
    assert TOY.parse_order(state, "a", {"n": 2}) == Pick(2)


def test_by_unit_is_the_sum_of_each_units_orders() -> None:
    """One unit of several acts (a move, an activation): counts add up, a draw is uniform over
    every order and is the draw ``random.choice`` makes on the whole list."""
    from hexfleet.engine.legal import ByUnit

    checked = []

    def contains(order: object) -> bool:
        checked.append(order)
        return order in ("a1", "a2", "b1")

    legal = ByUnit({"a": ("a1", "a2"), "b": ("b1",), "c": ()}, contains)
    assert legal.count() == 3 and list(legal) == ["a1", "a2", "b1"] and legal.first() == "a1"
    assert "b1" in legal and "zz" not in legal and checked == ["b1", "zz"]
    assert legal.per_unit() == {"a": ["a1", "a2"], "b": ["b1"], "c": []}
    ours, theirs = random.Random(5), random.Random(5)
    assert [legal.sample(ours) for _ in range(30)] == [theirs.choice(list(legal)) for _ in range(30)]


def test_lazy_orders_are_made_only_when_read() -> None:
    from hexfleet.engine.legal import ByUnit, Lazy

    made = []

    def make(i: int) -> str:
        made.append(i)
        return f"m{i}"

    legal = ByUnit({"a": Lazy(1000, make), "b": ("b1",)}, lambda o: True)
    assert legal.count() == 1001 and made == []
    assert legal.sample(random.Random(1)) in {f"m{i}" for i in range(1000)} | {"b1"} and len(made) <= 1
    assert legal.first() == "m0" and Lazy(3, make)[-1] == "m2" and Lazy(3, make)[1:] == ["m1", "m2"]


def test_unused_forced_faces_are_reported_and_cleared() -> None:
    state = force_dice(TOY.new_game("toy", seed=1), (3, 4, 5))
    state, events = step(TOY, state, {"a": {"n": 3}, "b": {"n": 1}})
    assert events[1]["face"] == 3 and events[1]["forced"]
    state, extra = unused_dice(state)
    assert extra == [{"type": "dice_unused", "faces": [4, 5]}] and state.rng.forced == ()
    assert unused_dice(state) == (state, [])


def test_a_state_keeps_the_decision_it_stands_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state with a ``procedure_ask`` slot is asked once: ``asked``, ``legal`` and
    ``advance`` on it find the decision kept there; a state built from it starts afresh."""
    state = TOY.new_game("toy", seed=1)
    first = TOY.asked(state)
    assert state.procedure_ask == first and state == TOY.new_game("toy", seed=1)  # not compared
    calls = []
    real = Toy.step
    monkeypatch.setattr(Toy, "step", lambda self, s: calls.append(s) or real(self, s))
    TOY.asked(state)
    TOY.legal(state, "a")
    assert calls == []
    after, _ = TOY.advance(state, {"a": {"n": 1}, "b": {"n": 2}})
    assert after.procedure_ask == Ask("bank", ("b",)) and all(s is not state for s in calls)
    assert replace(after, die=9).procedure_ask is None
