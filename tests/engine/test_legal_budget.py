"""Lazy legal sets with a shared budget across units (``engine.legal.Budget``): counted and
drawn by the resources used so far, never by building the product of the units' choices."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from hexfleet.engine.legal import Budget, PerUnit

UNITS = {
    "a": ["x", "y", "xy", ""],
    "b": ["x", "y", "", "yy"],
    "c": ["x", "xy", ""],
}
"""Each choice uses the resources its letters name; together at most 2 x and 2 y."""


def fits(picks: dict[str, str]) -> bool:
    used = Counter("".join(picks.values()))
    return used["x"] <= 2 and used["y"] <= 2


def make(combined: list | None = None) -> PerUnit:
    def combine(picks):
        if combined is not None:
            combined.append(picks)
        return tuple(picks[u] for u in UNITS)

    return PerUnit(UNITS, combine, lambda order: fits(dict(zip(UNITS, order))), budget=Budget(list, lambda r: 2))


def brute() -> list[tuple[str, ...]]:
    return [combo for combo in product(*UNITS.values()) if fits(dict(zip(UNITS, combo)))]


def test_count_is_exact_and_builds_no_order() -> None:
    built: list = []
    legal = make(built)
    assert legal.count() == len(brute()) == 34
    assert built == []  # counted from the resources used, not from orders


def test_iteration_keeps_the_product_order_filtered() -> None:
    assert list(make()) == brute()


def test_sample_is_legal_deterministic_and_uniform() -> None:
    legal = make()
    draws = [legal.sample(random.Random(7)) for _ in range(3)]
    assert draws[0] == draws[1] == draws[2]  # one generator, one answer
    rnd = random.Random(1)
    seen = Counter(legal.sample(rnd) for _ in range(34 * 400))
    assert set(seen) == set(brute())  # every legal order, nothing else
    assert max(seen.values()) < 2 * min(seen.values())  # roughly uniform (400 expected each)


def test_an_empty_budget_set_cannot_be_drawn_from() -> None:
    legal = PerUnit({"a": ["xx"]}, tuple, lambda o: False, budget=Budget(list, lambda r: 1))
    assert legal.count() == 0 and list(legal) == []
    try:
        legal.sample(random.Random(0))
    except IndexError:
        return
    raise AssertionError("drew an order from an empty set")
