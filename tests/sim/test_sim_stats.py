"""Wilson intervals and Elo ratings against known values."""

from __future__ import annotations

import math

import pytest

from hexfleet.sim.stats import elo_expected, elo_ratings, wilson


@pytest.mark.parametrize("k,n,low,high", [
    (8, 10, 0.4902, 0.9433),   # Wilson (1927); e.g. Newcombe (1998) table I
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (81, 263, 0.2553, 0.3662),  # Newcombe (1998), example
])
def test_wilson_matches_published_intervals(k, n, low, high):
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_without_games_knows_nothing():
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_expected_score():
    assert elo_expected(1500, 1500) == 0.5
    assert elo_expected(1900, 1500) == pytest.approx(10 / 11)


def test_elo_recovers_the_rating_gap_of_a_score():
    games = [("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25
    ratings = elo_ratings(games, prior_draws=0)
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3), abs=0.01)  # 190.85
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_elo_of_a_perfect_score_stays_finite_with_the_prior_draw():
    ratings = elo_ratings([("a", "b", 1.0)] * 10)
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(10.5 / 0.5), abs=0.01)


def test_elo_orders_a_transitive_round_robin():
    games = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8 + [("b", "c", 0.0)] * 2 \
        + [("a", "c", 1.0)] * 9 + [("a", "c", 0.0)] * 1
    ratings = elo_ratings(games)
    assert ratings["a"] > ratings["b"] > ratings["c"]
