"""Card pulls (TOB-M1-PULL-*, TOB-IMPL-20, TOB-AMB-20): random, without replacement, seeded.

The randomness is tested as randomness: no card is pulled twice, a big enough shot pulls the
whole hand, miss cards are restored for every shot, each card is equally likely (a chi-square
check over a fixed list of seeds, so the test is deterministic), the same seed gives the same
pulls and different seeds give different ones.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .helpers import fighter, position, resolve

S = (10, 5)
SEEDS = range(600)


def duel(gun: str, target=(11, 5), **target_kw):
    return position(fighter("R1", "red", S, "C", gun=gun), fighter("B1", "blue", target, "F", **target_kw))


@pytest.mark.rule("TOB-M1-PULL-01")
@pytest.mark.rule("TOB-IMPL-20")
def test_pulls_are_without_replacement() -> None:
    """Neutrino at range 1: 5 pulls from 4 systems + 2 misses; no system twice, at most 2 misses."""
    hand = Counter({"CM": 1, "STR": 1, "THR": 1, "NB": 1, "MISS": 2})
    for seed in range(150):
        turn = resolve(duel("NB"), {"R1": "NB>B1"}, seed=seed)
        cards = turn.pulls()[0]["cards"]
        assert len(cards) == 5
        assert not Counter(cards) - hand
        b1 = turn.fighter("B1")
        lost = sorted(c for c in cards if c != "MISS")
        assert b1 is None or sorted(b1["destroyed"]) == lost


@pytest.mark.rule("TOB-M1-PULL-01")
@pytest.mark.rule("TOB-AMB-20")
def test_damage_at_least_the_hand_pulls_every_card() -> None:
    turn = resolve(duel("BG"), {"R1": "BG>B1"}, seed=3)  # 6 damage, hand 4 + 2
    assert sorted(turn.pulls()[0]["cards"]) == ["CM", "MISS", "MISS", "NB", "STR", "THR"]
    assert turn.eliminated() == {"B1": "structure"}
    smaller = resolve(duel("BG", destroyed=["THR"]), {"R1": "BG>B1"}, seed=3)  # 6 damage, hand 3 + 2
    assert smaller.shots()[0]["hand_size"] == 5
    assert sorted(smaller.pulls()[0]["cards"]) == ["CM", "MISS", "MISS", "NB", "STR"]


@pytest.mark.rule("TOB-M1-PULL-01")
def test_a_big_shot_at_a_burning_target_pulls_only_its_damage() -> None:
    """BG at range 4 on a target that burned B3A: 6 of 4 + (1 + 3 + 2) = 10 cards."""
    pos = duel("BG", target=(11, 5))
    turn = resolve(pos | {"fighters": [pos["fighters"][0], fighter("B1", "blue", (11, 5), "C")]},
                   {"R1": "BG>B1", "B1": "B3A"}, seed=1)
    shot = turn.shots()[0]
    assert (shot["range"], shot["miss_cards"], shot["hand_size"]) == (4, 6, 10)
    assert len(turn.pulls()[0]["cards"]) == 6


@pytest.mark.rule("TOB-M1-PULL-01")
@pytest.mark.rule("TOB-IMPL-20")
def test_every_card_is_equally_likely() -> None:
    """A laser pulls 1 of the target's 6 (4 systems + 2 misses): each system 1/6, a miss 2/6."""
    counts: Counter[str] = Counter()
    for seed in SEEDS:
        counts.update(resolve(duel("LT"), {"R1": "LT>B1"}, seed=seed).pulls()[0]["cards"])
    n = len(SEEDS)
    expected = {"CM": n / 6, "STR": n / 6, "THR": n / 6, "NB": n / 6, "MISS": n / 3}
    assert set(counts) == set(expected)
    chi2 = sum((counts[k] - e) ** 2 / e for k, e in expected.items())
    assert chi2 < 18.47, (chi2, counts)  # 4 degrees of freedom, p = 0.001


@pytest.mark.rule("TOB-M1-PULL-01")
def test_pull_order_is_uniform_too() -> None:
    """Neutrino at range 2 (4 pulls of 6): every card is in the pulled set with probability 4/6."""
    inside: Counter[str] = Counter()
    for seed in SEEDS[:300]:
        inside.update(set(resolve(duel("NB", target=(12, 5)), {"R1": "NB>B1"}, seed=seed).pulls()[0]["cards"]))
    for card in ("CM", "STR", "THR", "NB"):
        assert 200 - 45 < inside[card] < 200 + 45, inside  # mean 200, sd ≈ 8.2: a 5.5 σ band


@pytest.mark.rule("TOB-IMPL-20")
@pytest.mark.rule("TOB-M1-FIRE-02")
def test_miss_cards_are_restored_for_every_shot() -> None:
    """Two lasers at one target: the second hand has the misses again, minus only lost systems."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("R2", "red", (10, 7), "B", gun="LT"),
                   fighter("B1", "blue", (12, 5), "F"))
    for seed in range(60):
        turn = resolve(pos, {"R1": "LT>B1", "R2": "LT>B1"}, seed=seed)
        first, second = turn.shots()
        assert first["miss_cards"] == second["miss_cards"] == 2  # ranges 2 and 2: band 0, size 2
        lost = [c for c in turn.pulls()[0]["cards"] if c != "MISS"]
        assert first["hand_size"] == 6 and second["hand_size"] == 6 - len(lost)
        assert not set(turn.pulls()[1]["cards"]) & set(lost)  # a destroyed card is not pulled again


@pytest.mark.rule("TOB-IMPL-20")
def test_same_seed_same_pulls_and_different_seeds_differ() -> None:
    pos = duel("NB", target=(12, 5))
    runs = {seed: resolve(pos, {"R1": "NB>B1"}, seed=seed) for seed in ("a", "b", 1, 2, 3)}
    again = resolve(pos, {"R1": "NB>B1"}, seed="a")
    assert again.events == runs["a"].events and again.position == runs["a"].position
    assert len({tuple(t.pulls()[0]["cards"]) for t in runs.values()}) > 1
    assert runs["a"].state.rng != runs["a"].before.rng  # the generator moved on with the pulls
