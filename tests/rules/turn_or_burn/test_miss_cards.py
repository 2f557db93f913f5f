"""Miss cards (TOB-M1-MISS-*, TOB-SEQ-11, TOB-COMP-03): range, the target's burn, size."""

from __future__ import annotations

import pytest

from hexfleet.games.turn_or_burn.cards import range_miss_cards, size_miss_cards

from .helpers import fighter, position, resolve

S = (10, 5)


@pytest.mark.rule("TOB-M1-MISS-02")
@pytest.mark.rule("TOB-M1-MISS-01")
@pytest.mark.rule("TOB-M1-BUILD-03")
@pytest.mark.rule("TOB-SEQ-11")
@pytest.mark.parametrize(("rng", "band"), [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 1), (7, 2), (8, 2), (9, 2),
                                           (10, 4), (11, 4), (12, 4)])
def test_range_table(rng: int, band: int) -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (S[0] + rng, S[1]), "F"))
    shot = resolve(pos, {"R1": "LT>B1"}).shots()[0]
    assert shot["range"] == rng
    assert shot["miss_cards"] == band + 2  # + 2: every Module 1 fighter is size 4
    assert shot["hand_size"] == 4 + band + 2  # all the target's systems plus the misses, no maneuvers


@pytest.mark.rule("TOB-M1-MISS-02")
def test_range_table_values() -> None:
    assert [range_miss_cards(r) for r in range(14)] == [None, 0, 0, 0, 1, 1, 1, 2, 2, 2, 4, 4, 4, None]


# B1 at (16,5) facing A; the shooter at (10,5) facing C with a laser. Hand-computed landing hex,
# range after the move and expected miss cards (range band + thrust + 2 for size 4).
BURNS = [
    ("TNC", (16, 5), 6, 1 + 0 + 2),
    ("T60S", (16, 5), 6, 1 + 0 + 2),  # a turn is not a burn
    ("B1A", (16, 4), 6, 1 + 1 + 2),
    ("B2A", (16, 3), 6, 1 + 2 + 2),
    ("B3A", (16, 2), 6, 1 + 3 + 2),
    ("B2S", (17, 3), 7, 2 + 2 + 2),
    ("B2P", (15, 4), 5, 1 + 2 + 2),
    ("B3S", (17, 2), 7, 2 + 3 + 2),
    ("B3P", (15, 3), 5, 1 + 3 + 2),
]


@pytest.mark.rule("TOB-M1-MISS-03")
@pytest.mark.rule("TOB-M1-MISS-06")
@pytest.mark.parametrize(("card", "lands", "rng", "misses"), BURNS)
def test_the_targets_executed_burn_adds_its_thrust(card: str, lands, rng: int, misses: int) -> None:
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (16, 5), "A"))
    turn = resolve(pos, {"R1": "LT>B1", "B1": card})
    assert turn.fighter("B1") is None or turn.fighter("B1")["hex"] == list(lands)
    shot = turn.shots()[0]
    assert (shot["range"], shot["miss_cards"], shot["hand_size"]) == (rng, misses, 4 + misses)


@pytest.mark.rule("TOB-M1-MISS-03")
def test_the_shooters_own_burn_adds_nothing() -> None:
    """R2 burns, R1 fires: only the target's thrust counts."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("R2", "red", (10, 8), "C"),
                   fighter("B1", "blue", (12, 5), "F"))
    shot = resolve(pos, {"R1": "LT>B1", "R2": "B3A"}).shots()[0]
    assert shot["miss_cards"] == 0 + 0 + 2


@pytest.mark.rule("TOB-M1-MISS-04")
@pytest.mark.rule("TOB-M1-MISS-05")
@pytest.mark.rule("TOB-EX-05")
@pytest.mark.rule("TOB-IMPL-34")
def test_size_is_the_number_of_cards_the_fighter_started_with() -> None:
    """A 4-card fighter that has lost its thruster still gets +2 (it is still size 4)."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"),
                   fighter("B1", "blue", (12, 5), "F", destroyed=["THR"]))
    turn = resolve(pos, {"R1": "LT>B1"})
    shot = turn.shots()[0]
    assert shot["miss_cards"] == 2 and shot["hand_size"] == 3 + 2
    assert turn.before.fighter("B1").size == 4
    assert {n: size_miss_cards(n) for n in (4, 5, 6)} == {4: 2, 5: 1, 6: 0}  # EX-05: size 6 keeps 0


@pytest.mark.rule("TOB-EX-04")
@pytest.mark.rule("TOB-M1-MISS-06")
def test_small_fighter_burning_at_12_hexes() -> None:
    """Range 12 (4) + B3 (3) + size 4 (2) = 9 miss cards; a hand of 13."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (19, 5), "C"))
    shot = resolve(pos, {"R1": "LT>B1", "B1": "B3A"}).shots()[0]
    assert (shot["range"], shot["miss_cards"], shot["hand_size"], shot["damage"]) == (12, 9, 13, 1)


@pytest.mark.rule("TOB-COMP-03")
@pytest.mark.rule("TOB-M1-PULL-02")
def test_pulled_miss_cards_have_no_effect() -> None:
    """Over seeds, a laser pull that draws MISS destroys nothing; one that draws a system destroys it."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"), fighter("B1", "blue", (11, 5), "F"))
    seen = set()
    for seed in range(40):
        turn = resolve(pos, {"R1": "LT>B1"}, seed=seed)
        (card,) = turn.pulls()[0]["cards"]
        seen.add(card)
        b1 = turn.fighter("B1")
        if card == "MISS":
            assert b1["destroyed"] == [] and not turn.eliminated()
        elif card == "THR":
            assert b1["destroyed"] == ["THR"]
        else:
            assert b1 is None and turn.eliminated() == {"B1": {"CM": "crew", "STR": "structure", "NB": "gun"}[card]}
    assert seen == {"MISS", "CM", "STR", "THR", "NB"}
