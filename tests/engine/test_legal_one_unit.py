"""``OneUnit``: a one-unit ``PerUnit`` whose orders are made already answers exactly as ``PerUnit``."""

from __future__ import annotations

import random

import pytest

from hexfleet.engine.legal import Menu, OneUnit, PerUnit

CHOICES = ("a", "b", "c", "d")


def _combine(picks: object) -> tuple[tuple[str, str], ...]:
    assert isinstance(picks, dict)
    return tuple(picks.items())


def _listed(orders: tuple[object, ...], order: object) -> bool:
    return order in orders


def test_one_unit_lists_counts_and_draws_as_per_unit() -> None:
    orders = tuple(_combine({"R1": c}) for c in CHOICES)
    fast = OneUnit(Menu("R1", CHOICES, orders, _combine), _listed, (orders,))
    slow = PerUnit({"R1": CHOICES}, _combine, lambda order: order in orders)
    assert list(fast) == list(slow) and fast.count() == slow.count() == 4
    assert fast.per_unit() == slow.per_unit() == {"R1": list(CHOICES)}
    assert fast.combine({"R1": "c"}) == slow.combine({"R1": "c"}) == (("R1", "c"),)
    assert fast.choices_after({}) == list(CHOICES) and fast.first() == slow.first()
    for legal in (fast, slow):
        with pytest.raises(ValueError, match="picks must be for the first units"):
            legal.choices_after({"R1": "a"})
    assert (("R1", "b"),) in fast and (("R1", "z"),) not in fast
    a, b = random.Random(7), random.Random(7)
    assert [fast.sample(a) for _ in range(50)] == [slow.sample(b) for _ in range(50)]  # the same draws
    assert list(fast)[0] is orders[0]  # made once, not again


def test_a_menu_needs_an_order_per_choice() -> None:
    with pytest.raises(ValueError, match="3 orders for 4 choices"):
        Menu("R1", CHOICES, ("x", "y", "z"), _combine)
