"""Turn or Burn determinization: a full state rebuilt from one seat's view, never the truth."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from hexfleet.ai.turn_or_burn import determinize
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.cards import M1_GUNS
from hexfleet.games.turn_or_burn.state import Options

R = get_ruleset("turn-or-burn")


def _started(red_gun: str, blue_gun: str, seed: int = 7):
    state = R.new_game("quick-shot", seed=seed, options={"turn_limit": 30})
    state, _ = R.advance(state, {"red": {"R1": {"gun": red_gun}}, "blue": {"B1": {"gun": blue_gun}}})
    return state


@pytest.mark.rule("TOB-M1-BUILD-02")
def test_view_keeps_the_gun_secret_and_carries_only_public_extras():
    view = R.view(_started("NB", "BG"), "red")
    blue = next(f for f in view["fighters"] if f["id"] == "B1")
    assert blue["cards"] == ["CM", "STR", "THR", "?"]
    assert blue["known"] == ["CM", "STR", "THR", "?"]
    assert "BG" not in repr(view)
    assert set(view["options"]) == set(Options().to_json())  # the game's public rule switches, nothing else
    assert {k: view["options"][k] for k in ("slip_model", "arc_boundary", "turn_limit")} == {
        "slip_model": "minimal", "arc_boundary": "inclusive", "turn_limit": 30}
    assert view["sides"] == ["red", "blue"] and view["zones"] == {"R1": "west", "B1": "east"}


@pytest.mark.rule("TOB-M1-BUILD-02")
def test_equal_views_give_identical_determinizations_whatever_the_hidden_gun():
    views = [R.view(_started("NB", gun), "red") for gun in M1_GUNS]
    assert all(v == views[0] for v in views)
    for rng in (1, 2, 99):
        rebuilt = [R.to_json(determinize(v, "red", rng)) for v in views]
        assert all(r == rebuilt[0] for r in rebuilt)


@pytest.mark.parametrize("phase", ["setup", "plot"])
def test_a_determinization_looks_exactly_like_the_view_it_came_from(phase):
    state = R.new_game("quick-shot", seed=3) if phase == "setup" else _started("DB", "LT")
    for seat in ("red", "blue"):
        view = R.view(state, seat)
        for rng in range(5):
            assert R.view(determinize(view, seat, rng), seat) == view


def test_own_cards_are_kept_and_the_unseen_gun_is_drawn_from_all_four():
    view = R.view(_started("LT", "NB"), "red")
    drawn = Counter()
    for rng in range(400):
        state = determinize(view, "red", rng)
        assert state.fighter("R1").cards == ("CM", "STR", "THR", "LT")
        drawn[state.fighter("B1").cards[3]] += 1
    assert set(drawn) == set(M1_GUNS)
    assert min(drawn.values()) > 60  # uniform: 100 each expected
    assert len({determinize(view, "red", rng).rng for rng in range(50)}) == 50  # chance comes from rng


@pytest.mark.rule("TOB-M1-PLOT-04")
def test_a_revealed_gun_is_never_resampled():
    state = _started("NB", "BG")
    state, _ = R.advance(state, {"red": {}, "blue": {"B1": [{"card": "BG"}]}})
    view = R.view(state, "red")
    assert next(f for f in view["fighters"] if f["id"] == "B1")["cards"][3] == "BG"
    assert {determinize(view, "red", rng).fighter("B1").cards[3] for rng in range(50)} == {"BG"}


def test_destroyed_cards_and_outcome_carry_over():
    state = _started("NB", "DB")
    hurt = replace(state.fighters[1], destroyed=("THR",))
    state = replace(state, fighters=(state.fighters[0], hurt))
    det = determinize(R.view(state, "red"), "red", 5)
    assert det.fighter("B1").destroyed == ("THR",)
    assert not det.fighter("B1").has("THR")
    cards = {a[0]["card"] for o in R.legal_orders(det, "blue") for a in o.values() if a}
    assert not any(c.startswith("B") and c[1].isdigit() for c in cards)  # no thruster, no burns
