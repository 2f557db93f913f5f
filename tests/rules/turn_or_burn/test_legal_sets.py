"""Legal orders as lazy per-fighter sets (DESIGN.md, "Legal orders are lazy and per unit")."""

from __future__ import annotations

import random

import pytest

from hexfleet.engine.ruleset import step
from hexfleet.games.turn_or_burn import rules

from .m23_helpers import RS


def at_plot(scenario: str, seed: int = 1):
    st = RS.new_game(scenario, seed=seed)
    while RS.asked(st).kind != "plot":
        st, _ = step(RS, st, {seat: {} for seat in RS.pending(st)})
    return st


@pytest.mark.rule("TOB-M2-DITTO-01")
@pytest.mark.rule("TOB-IMPL-02")
def test_a_three_fighter_side_is_counted_without_building_its_orders(monkeypatch):
    st = at_plot("bigger")
    legal = RS.legal(st, "agrarians")
    assert set(legal.per_unit()) == {"A1", "A2", "A3"}
    built = []

    class Spy(rules.Plot):
        __slots__ = ()

        def __init__(self, *args, **kwargs):
            built.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(rules, "Plot", Spy)
    assert legal.count() == 7586 and not built  # the maneuver sets are a budget, not a filter
    monkeypatch.undo()
    assert legal.count() == len(RS.legal_orders(st, "agrarians"))
    rnd = random.Random(3)
    for _ in range(20):
        order = legal.sample(rnd)
        assert order in legal
        RS.validate(st, "agrarians", order)


@pytest.mark.rule("TOB-M1-PLOT-05")
def test_membership_is_the_rule_check_and_orders_round_trip_as_json():
    st = at_plot("quick-shot")
    legal = RS.legal(st, "red")
    assert {"R1": [{"card": "B1A"}]} in legal and {"R1": [{"card": "RAM"}]} not in legal
    assert [o.to_json() for o in legal] == RS.legal_orders(st, "red")
    order = RS.parse_order(st, "red", {"R1": [{"card": "NB", "target": "B1"}]})
    assert repr(order) == "Plot({'R1': (NB>B1,)})" and order.to_json() == {"R1": [{"card": "NB", "target": "B1"}]}
