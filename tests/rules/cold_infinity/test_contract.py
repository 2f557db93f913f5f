"""Cold Infinity against the kernel contract (``hexfleet.testing.check_ruleset``).

What a seat may not know (C.3): the generator, and the other sides' secret allocations until
they are revealed: EW points and assignments, boosts, power drawn, stores and heat.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.cold_infinity.play import copy_pos
from hexfleet.testing import Contract, check_ruleset, vary_generator

RULESET = get_ruleset("cold-infinity")


def hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    yield vary_generator(state), set()
    if state.pos["outcome"] is not None:
        return
    pos = copy_pos(state.pos)
    changed = False
    for u in pos["units"]:
        if u["side"] != viewer:
            u["ew"]["reserve"] += 7
            u["extra"]["thrust"] += 3
            u["power_drawn"] += 11
            for st in u["systems"].values():
                st["heat"] += 1
            changed = True
    if changed:
        yield replace(state, pos=pos), set()


def invariants(state: Any) -> None:
    pos = state.pos
    for u in pos["units"]:
        d = pos["designs"][u["design"]]
        for s in d["systems"]:
            st = u["systems"][s["id"]]
            assert 0 <= st["lost"] <= s["structure"], (u["id"], s["id"])
            assert st["stored"] >= 0
        assert 1 <= u["facing"] <= 6


@pytest.mark.rule("CI-2.1.1")
@pytest.mark.rule("CI-2.1.3.a")
@pytest.mark.parametrize("scenario", ["frigate-duel", "fleet-action", "duel-3d"])
def test_kernel_contract(scenario: str) -> None:
    played = check_ruleset(RULESET, Contract(scenario, hidden_variants, seeds=3, max_steps=80, invariant=invariants))
    assert all(p.game.steps >= 1 for p in played)
