"""``Filtered``: candidates checked lazily, each at most once; sampling is uniform over the
legal ones without checking every candidate."""

from __future__ import annotations

import random
from collections import Counter

from hexfleet.engine.legal import ALL, Filtered


def test_iteration_counts_and_membership_follow_the_check():
    checked: list[int] = []

    def even(n: int) -> bool:
        checked.append(n)
        return n % 2 == 0

    legal = Filtered(range(10), even)
    assert legal.first() == 0 and checked == [0]
    assert list(legal) == [0, 2, 4, 6, 8] and legal.count() == 5
    assert 4 in legal and 3 not in legal and 11 not in legal
    assert sorted(checked) == list(range(10))  # each candidate checked once
    assert legal.per_unit() == {ALL: [0, 2, 4, 6, 8]} and legal.combine({ALL: 6}) == 6


def test_sample_is_uniform_over_the_legal_orders():
    legal = Filtered(range(9), lambda n: n % 3 == 0)
    rnd = random.Random(1)
    draws = Counter(legal.sample(rnd) for _ in range(3000))
    assert set(draws) == {0, 3, 6} and min(draws.values()) > 900


def test_contains_may_accept_orders_the_candidates_do_not_spell():
    legal = Filtered([1, 2], lambda n: True, contains=lambda o: o in (1, 2, "two"))
    assert "two" in legal and 3 not in legal
