"""The seeded generator (engine/rng.py): uniform, a pure function of its value, draws without
replacement, the seed commitment, and the Rng object's forced faces."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from hexfleet.engine import rng
from hexfleet.engine.errors import FormatError, RuleError


def test_draw_is_uniform_and_in_range() -> None:
    g = rng.rng_from_seed("uniform")
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, g = rng.draw(g, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.52  # 5 degrees of freedom, p = 0.001
    g = rng.rng_from_seed(3)
    for n in (1, 2, 7, 1000, 2**40 + 3):
        value, g = rng.draw(g, n)
        assert 0 <= value < n
    with pytest.raises(ValueError):
        rng.draw(g, 0)
    rolls = set()
    for _ in range(200):
        r, g = rng.roll(g)
        rolls.add(r)
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_generator_is_a_pure_function_of_its_value() -> None:
    g = rng.rng_from_seed(42)
    assert rng.draw(g, 100) == rng.draw(g, 100)
    assert rng.next_u64(g)[1] != g
    assert rng.rng_from_seed(42) == rng.rng_from_seed("42") != rng.rng_from_seed(43)
    assert 0 <= g < 2**64


def test_sample_is_without_replacement() -> None:
    g = rng.rng_from_seed("sample")
    items = ["a", "b", "c", "MISS", "MISS"]
    for k in range(8):
        picked, g = rng.sample(g, items, k)
        assert len(picked) == min(k, len(items))
        assert not Counter(picked) - Counter(items)
    everything, g = rng.shuffle(g, items)
    assert sorted(everything) == sorted(items)
    # Every ordered pair of distinct positions is equally likely for the first two pulls.
    pairs: Counter[tuple[int, int]] = Counter()
    for _ in range(3000):
        (a, b), g = rng.sample(g, range(4), 2)
        pairs[(a, b)] += 1
    assert len(pairs) == 12
    assert sum((c - 250) ** 2 / 250 for c in pairs.values()) < 31.26  # 11 d.o.f., p = 0.001


def test_seed_commitment() -> None:
    assert rng.seed_commitment(12345) == hashlib.sha256(b"12345").hexdigest()
    assert rng.seed_commitment("12345") == rng.seed_commitment(12345)
    assert rng.seed_commitment(1) != rng.seed_commitment(2)


def test_forced_faces_come_first_and_only_for_dice() -> None:
    g = rng.Rng.from_seed(5).with_faces((3, 6))
    value, after_draw = g.draw(10)  # a card pull is no die: the faces wait
    assert after_draw.forced == (3, 6) and value == rng.draw(g.value, 10)[0]
    face, forced, g = g.roll(6, purpose="test")
    assert (face, forced, g.forced) == (3, True, (6,))
    with pytest.raises(RuleError) as err:
        g.roll(4, purpose="a d4")
    assert err.value.rule == "ENGINE-DICE"
    face, forced, g = g.roll(6)
    face, forced, g = g.roll(6)
    assert not forced and 1 <= face <= 6
    assert rng.Rng.from_json(g.with_faces((2,)).to_json()) == g.with_faces((2,))
    assert rng.Rng.from_json(g.to_json()) == g and isinstance(g.to_json(), str)


def test_dice_text_is_read_strictly() -> None:
    assert rng.parse_dice("4, 2,6") == (4, 2, 6)
    for bad in ("4,x", "0", "-1", "2.5"):
        with pytest.raises(FormatError):
            rng.parse_dice(bad)


def test_roll_off_orders_high_first_and_rerolls_only_the_tied():
    from hexfleet.engine.rng import Rng, roll_off

    rng = Rng.from_seed(0).with_faces([3, 5, 5, 2, 6])
    order, rolls, rng = roll_off(rng, ["a", "b", "c"], "launch_order")
    # a 3, b 5, c 5: b and c tie and re-roll (b 2, c 6): c, b, a
    assert order == ["c", "b", "a"]
    assert [(r.party, r.face, r.forced) for r in rolls] == [("a", 3, True), ("b", 5, True), ("c", 5, True),
                                                           ("b", 2, True), ("c", 6, True)]
    assert not rng.forced


def test_roll_off_of_one_party_rolls_nothing():
    from hexfleet.engine.rng import Rng, roll_off

    order, rolls, _ = roll_off(Rng.from_seed(1), ["a"], "x")
    assert order == ["a"] and rolls == []
