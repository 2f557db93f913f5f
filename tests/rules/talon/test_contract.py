"""Talon against the kernel contract (``hexfleet.testing.check_ruleset``).

Talon hides nothing (TAL-AMB-40): the only secret is the generator. Random games are long
(a decision per AP, move and shot), so a few seeds with a step cap.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.talon.data import pack
from hexfleet.testing import Contract, check_ruleset, vary_generator

RULESET = get_ruleset("talon")


def invariants(state: Any) -> None:
    """Boxes within their printed counts, one id per unit, the decision point well formed."""
    pos = state.pos
    classes = pack(pos["data_pack"])
    ids = [u["id"] for g in ("ships", "squadrons", "missiles", "removed") for u in pos[g]]
    assert len(ids) == len(set(ids))
    for s in pos["ships"]:
        c = classes[s["class"]]
        assert 0 <= s["hull_marked"] < len(c.hull)
        assert all(0 <= s["shields"][a] <= c.shields[i] for i, a in enumerate(("F", "L", "R", "Rear")))
    assert (pos["step"] is not None) == (pos["phase"] == "impulse")


def hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    yield vary_generator(state), set()


@pytest.mark.rule("TAL-AMB-40")
@pytest.mark.rule("TAL-4.1.c")
@pytest.mark.rule("TAL-IMP-2")
@pytest.mark.parametrize("scenario", ["duel", "carrier", "black-hole", "base-assault"])
def test_kernel_contract(scenario: str) -> None:
    check_ruleset(RULESET, Contract(scenario, hidden_variants, seeds=2, max_steps=100, invariant=invariants))
