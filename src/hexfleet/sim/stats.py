"""Batch statistics: Wilson score intervals and Elo ratings from game results."""

from __future__ import annotations

import math
from collections.abc import Iterable


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default).

    Unlike the normal approximation it stays inside ``[0, 1]`` and behaves at 0 or ``n``
    successes, which bot matches hit often. Draws count as half a success when scoring.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_expected(a: float, b: float) -> float:
    """Expected score of a player rated ``a`` against one rated ``b``."""
    return 1.0 / (1.0 + 10 ** ((b - a) / 400))


def elo_ratings(games: Iterable[tuple[str, str, float]], *, start: float = 1500.0, prior_draws: float = 1.0,
                iterations: int = 5000, step: float = 8.0) -> dict[str, float]:
    """Ratings that best explain ``(player a, player b, score of a)`` results.

    A fixed point of the Elo update over all games at once (not one pass in game order, so the
    result does not depend on the order games finished in), anchored so the mean is ``start``.
    ``prior_draws`` virtual draws per pairing keep a perfect score finite (BayesElo's prior).
    """
    games = list(games)
    pairs = sorted({(a, b) if a < b else (b, a) for a, b, _ in games})
    if prior_draws:
        games += [(a, b, 0.5) for a, b in pairs for _ in range(int(prior_draws))]
    players = sorted({p for a, b, _ in games for p in (a, b)})
    rating = {p: start for p in players}
    if not games:
        return rating
    for _ in range(iterations):
        delta = {p: 0.0 for p in players}
        count = {p: 0 for p in players}
        for a, b, score in games:
            e = elo_expected(rating[a], rating[b])
            delta[a] += score - e
            delta[b] -= score - e
            count[a] += 1
            count[b] += 1
        moved = 0.0
        for p in players:
            change = step * 400 / math.log(10) * delta[p] / max(1, count[p]) / 10
            rating[p] += change
            moved = max(moved, abs(change))
        mean = sum(rating.values()) / len(rating)
        rating = {p: r - mean + start for p, r in rating.items()}
        if moved < 1e-6:
            break
    return rating
