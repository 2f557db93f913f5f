"""Seats that drop out of a melee (every unit gone) while the others play on: ``seats_out``, which
multi-agent interfaces use to retire a player (LF-VIC-01: play continues until one fleet is left)."""

import random

import pytest

from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import DESTROYED, ELIMINATED, RETREATED


@pytest.mark.rule("LF-VIC-01")
def test_a_seat_with_no_unit_left_is_out_and_never_asked_again():
    state = RULESET.new_game("melee-4", seed=3)
    assert RULESET.seats_out(state) == ()  # choosing fleets: nobody has units yet, nobody is out
    rnd = random.Random(3)
    seen: set[str] = set()
    while not RULESET.is_over(state):
        out = set(RULESET.seats_out(state))
        assert seen <= out, "a seat once out stays out"
        seen = out
        for seat in out:
            assert all(u.status in (DESTROYED, RETREATED) for u in state.ships if u.owner == seat)
            assert all(q.status in (ELIMINATED, RETREATED) for q in state.squadrons if q.owner == seat)
        ask = RULESET.asked(state)
        assert not set(ask.seats) & out, "an out seat is asked nothing"
        state, _ = RULESET.advance(state, {s: RULESET.legal(state, s).sample(rnd) for s in ask.seats})
    assert seen == {"green"}  # this seeded game loses green's whole fleet before the end
    assert RULESET.seats_out(state) == ()  # once over, every seat is ranked by the outcome
    assert "green" not in RULESET.outcome(state).winners
