"""The one-pass Module 1 turn (``turn.module_1_turn``) resolves exactly as the pipeline does."""

from __future__ import annotations

import random

import pytest

from hexfleet.games.turn_or_burn import turn
from hexfleet.games.turn_or_burn.orders import Plot

from .helpers import RULES


def plots_of(orders: dict[str, Plot]) -> tuple:
    return tuple((fid, actions) for order in orders.values() for fid, actions in order.items if actions)


@pytest.mark.rule("TOB-M1-END-01")
@pytest.mark.rule("TOB-M1-SCEN-03")
@pytest.mark.parametrize(("options", "reasons"), [
    ({}, {"elimination", "mutual_elimination"}),
    ({"turn_limit": 2}, {"elimination", "turn_limit"}),
    ({"arc_boundary": "exclusive", "slip_model": "wide"}, {"elimination", "mutual_elimination"}),
])
def test_one_pass_turn_gives_the_pipelines_states_and_events(options: dict, reasons: set[str]) -> None:
    """Random duels, every plot resolved both ways: the same next state (fighters, generator,
    outcome) and the same events, whether the duel ends in movement, in fire, or goes on."""
    ends = set()
    for seed in range(150):
        rnd = random.Random(seed)
        state = RULES.new_game("quick-shot", seed=seed, options=options)
        while state.outcome is None:
            ask = RULES.asked(state)
            orders = {seat: RULES.legal(state, seat).sample(rnd) for seat in ask.seats}
            if ask.kind == "plot":
                fast = turn.module_1_turn(state, plots_of(orders))
                assert fast == turn.pipeline(state, plots_of(orders))
                assert RULES.advance(state, orders) == fast  # the plot takes the one-pass turn
            state, _ = RULES.advance(state, orders)
        ends.add(state.outcome.reason)
    assert ends >= reasons
