"""The one-pass Module 1 turn (``turn.module_1_turn``) resolves exactly as the pipeline does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hexfleet.games.turn_or_burn import turn
from hexfleet.games.turn_or_burn.orders import Plot
from hexfleet.games.turn_or_burn.position import parse_position

from .helpers import RULES, fighter, position


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
                fast = turn.module_1_turn(state, dict(plots_of(orders)))
                assert fast == turn.pipeline(state, plots_of(orders))
                assert RULES.advance(state, orders) == fast  # the plot takes the one-pass turn
            state, _ = RULES.advance(state, orders)
        ends.add(state.outcome.reason)
    assert ends >= reasons


@pytest.mark.rule("TOB-M1-SCEN-02")
@pytest.mark.rule("TOB-M1-SCEN-03")
@pytest.mark.rule("TOB-M1-FIRE-01")
def test_one_pass_turn_matches_the_pipeline_in_close_fights() -> None:
    """Fighters a few hexes apart, one or two a side, with random guns and plots, so shots hit,
    fighters are eliminated by fire and both sides can go at once: the same states and events."""
    causes: set[str] = set()
    draws = 0
    for seed in range(300):
        rnd = random.Random(seed)
        per_side = 1 + seed % 2
        hexes = rnd.sample([(q, r) for q in range(8, 13) for r in range(4, 9)], 2 * per_side)
        entries = [fighter(f"{side[0].upper()}{i + 1}", side, hexes.pop(), rnd.choice("ABCDEF"),
                           gun=rnd.choice(("BG", "DB", "NB", "LT")))
                   for side in ("red", "blue") for i in range(per_side)]
        state = parse_position(position(*entries), seed=seed)
        for _ in range(3):
            if state.outcome is not None:
                break
            orders = {seat: RULES.legal(state, seat).sample(rnd) for seat in RULES.asked(state).seats}
            fast = turn.module_1_turn(state, dict(plots_of(orders)))
            assert fast == turn.pipeline(state, plots_of(orders))
            state, events = RULES.advance(state, orders)
            assert (state, events) == fast
            causes |= {e["cause"] for e in events if e["type"] == "eliminated"}
        draws += state.outcome is not None and state.outcome.is_draw
    assert causes >= {"structure", "crew", "gun", "off_map"} and draws > 0


def test_a_kept_plot_decision_is_the_one_step_finds() -> None:
    """A Module 1 setup and a turn that removed nobody keep the plot decision they lead to
    (``engine.procedure.keep``): it is the decision ``step`` finds for that state anew."""
    kept = 0
    for seed in range(60):
        rnd = random.Random(seed)
        state = RULES.new_game("quick-shot", seed=seed)
        while state.outcome is None:
            orders = {seat: RULES.legal(state, seat).sample(rnd) for seat in RULES.asked(state).seats}
            state, _ = RULES.advance(state, orders)
            if state.procedure_ask is not None:
                kept += 1
                assert RULES.step(replace(state)) == state.procedure_ask  # replace: a copy with nothing kept
    assert kept > 60
