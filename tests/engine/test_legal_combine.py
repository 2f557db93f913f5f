"""``Legal.combine``: one choice per unit back into the seat's order, for every kind of set."""

from __future__ import annotations

import random

import pytest

from hexfleet.engine.legal import ALL, Budget, ByUnit, Choices, Lazy, PerUnit


def _plots() -> PerUnit[tuple[tuple[str, str], ...]]:
    return PerUnit({"R1": ["a", "b"], "R2": ["b", "c"]},
                   combine=lambda picks: tuple(sorted(picks.items())),
                   contains=lambda order: True,
                   budget=Budget(uses=lambda c: [c], limit=lambda r: 1))


def test_per_unit_combines_one_choice_of_each_unit_as_iteration_does() -> None:
    legal = _plots()
    every = list(legal)
    for order in every:
        assert legal.combine(dict(order)) == order
    assert legal.combine({"R2": "c", "R1": "a"}) == (("R1", "a"), ("R2", "c"))
    # the budget is the set's to check, not combine's: "b" twice is made, and is not legal
    assert legal.combine({"R1": "b", "R2": "b"}) not in every


def test_per_unit_names_missing_and_unknown_units() -> None:
    legal = _plots()
    with pytest.raises(ValueError, match="no choice for R2"):
        legal.combine({"R1": "a"})
    with pytest.raises(ValueError, match="no unit 'R9'"):
        legal.combine({"R1": "a", "R2": "c", "R9": "a"})


def test_choices_take_the_one_pick_under_all_or_their_unit() -> None:
    legal = Choices([1, 2, 3])
    assert legal.per_unit() == {ALL: [1, 2, 3]}
    assert legal.combine({ALL: 2}) == 2
    assert Choices(["x"], unit="S1").combine({"S1": "x"}) == "x"
    with pytest.raises(ValueError):
        legal.combine({})
    with pytest.raises(ValueError):
        legal.combine({"S1": 2})


def test_by_unit_takes_exactly_one_units_order() -> None:
    legal = ByUnit({"A": ["A1", "A2"], "B": Lazy(3, lambda i: f"B{i}")}, contains=lambda order: True)
    per_unit = legal.per_unit()
    assert legal.combine({"B": per_unit["B"][2]}) == "B2"
    assert legal.combine({"A": "A1"}) == "A1"
    with pytest.raises(ValueError, match="one unit acts"):
        legal.combine({"A": "A1", "B": "B0"})
    with pytest.raises(ValueError, match="one unit acts"):
        legal.combine({})
    with pytest.raises(ValueError, match="no unit 'C'"):
        legal.combine({"C": "C1"})


def test_a_sampled_order_rebuilt_from_its_parts_is_itself() -> None:
    legal = PerUnit({"a": [1, 2, 3], "b": [4, 5]}, combine=lambda picks: dict(picks),
                    contains=lambda order: True)
    rnd = random.Random(1)
    for _ in range(5):
        order = legal.sample(rnd)
        assert legal.combine(order) == order
