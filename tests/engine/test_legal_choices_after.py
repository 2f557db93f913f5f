"""``Legal.choices_after``: deciding a seat's order one unit at a time (the RL adapters'
sub-actions) offers each unit exactly the choices some legal order still extends."""

from __future__ import annotations

import random
from itertools import product

import pytest

from hexfleet.engine.legal import ByUnit, Choices, PerUnit
from tests.engine.test_legal_budget import UNITS, brute, fits, make


def _walk(legal, rnd: random.Random) -> dict:
    """Pick unit by unit from ``choices_after`` at random; every walk must end in a legal order."""
    picks: dict = {}
    for _ in UNITS:
        options = legal.choices_after(picks)
        assert options, f"no choice left after {picks}: an earlier unit was offered a dead end"
        picks[list(UNITS)[len(picks)]] = rnd.choice(options)
    return picks


def test_budget_offers_exactly_the_extendable_choices() -> None:
    legal = make()
    legal_orders = set(brute())
    for prefix_len in range(len(UNITS)):
        for prefix in product(*list(UNITS.values())[:prefix_len]):
            picks = dict(zip(UNITS, prefix))
            if not any(order[:prefix_len] == prefix for order in legal_orders):
                continue  # a prefix no legal order starts with is never reached
            unit = list(UNITS)[prefix_len]
            expected = [c for c in UNITS[unit] if any(o[:prefix_len + 1] == (*prefix, c) for o in legal_orders)]
            assert legal.choices_after(picks) == expected


def test_budget_walks_always_end_legal_and_reach_every_order() -> None:
    legal = make()
    rnd = random.Random(3)
    reached = set()
    for _ in range(600):
        picks = _walk(legal, rnd)
        assert fits(picks)
        reached.add(tuple(picks[u] for u in UNITS))
    assert reached == set(brute())


def test_joint_rule_filters_by_completion() -> None:
    """Two units may not pick the same target: after a picks x, b is not offered x."""
    legal = PerUnit({"a": ["x", "y"], "b": ["x", "y"]}, dict, lambda o: True, joint=lambda p: p["a"] != p["b"])
    assert legal.choices_after({}) == ["x", "y"]
    assert legal.choices_after({"a": "x"}) == ["y"]
    only = PerUnit({"a": ["x", "y"], "b": ["y"]}, dict, lambda o: True, joint=lambda p: p["a"] != p["b"])
    assert only.choices_after({}) == ["x"]  # y would leave b nothing


def test_free_units_and_whole_seat_choices() -> None:
    free = PerUnit({"a": [1, 2], "b": [3]}, dict, lambda o: True)
    assert free.choices_after({}) == [1, 2] and free.choices_after({"a": 2}) == [3]
    assert Choices(["p", "q"]).choices_after({}) == ["p", "q"]
    by = ByUnit({"u": ["m1"], "v": ["m2", "m3"]}, lambda o: True)
    assert by.choices_after({}) == ["m1"]


def test_bad_picks_are_refused() -> None:
    free = PerUnit({"a": [1, 2], "b": [3]}, dict, lambda o: True)
    with pytest.raises(ValueError, match="first units in order"):
        free.choices_after({"b": 3})
    with pytest.raises(ValueError, match="first units in order"):
        free.choices_after({"a": 1, "b": 3})
    with pytest.raises(ValueError, match="every unit has chosen"):
        Choices(["p"]).choices_after({"*": "p"})
