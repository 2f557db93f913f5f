"""Turn or Burn against the kernel contract (``hexfleet.testing.check_ruleset``), every scenario.

The game's own facts: what a seat may not know (another side's unrevealed gun,
TOB-M1-BUILD-02; Modules 2-3 builds, TOB-M2-BUILD-04), an opening that brings the Quick Shot
fighters within gun range, and a random player that fires every other turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.cards import GUNS
from hexfleet.testing import Contract, check_ruleset, vary_generator

RULESET = get_ruleset("turn-or-burn")


def hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    """The generator, and each other side's unrevealed gun swapped for every other gun."""
    yield vary_generator(state), set()
    if state.phase == "over":
        return
    for i, f in enumerate(state.fighters):
        if f.side == viewer:
            continue
        gun = next((c for c in f.cards if c in GUNS), None)
        if gun is None or gun in f.revealed or gun in f.destroyed:
            continue
        for other in GUNS:
            cards = tuple(other if c == gun else c for c in f.cards)
            fighters = state.fighters[:i] + (replace(f, cards=cards),) + state.fighters[i + 1:]
            yield replace(state, fighters=fighters), {gun, other}


def close_quarters(state: Any, seed: str) -> dict[str, Any]:
    """Setup orders placing the duel's fighters 3 hexes apart across the centre line, at rest."""
    pick = random.Random(seed)
    places = {"R1": (13, 0), "B1": (16, -2)}
    orders: dict[str, Any] = {}
    for f in state.fighters:
        orders.setdefault(f.side, {})[f.id] = {
            "gun": pick.choice(["BG", "DB", "NB", "LT"]), "hex": list(places[f.id]), "facing": "ABCDEF"[pick.randrange(6)],
            "momentum": list(places[f.id]),
        }
    return orders


def firing(legal: list[Any]) -> list[Any]:
    """The listed plots in which every fighter fires its gun (orders as recorded JSON)."""
    out = []
    for order in legal:
        data = order if isinstance(order, dict) else RULESET.kinds["plot"].dump(order)  # type: ignore[attr-defined]
        plots = [a for a in data.values() if isinstance(a, list)]
        if plots and all(a and a[0]["card"] in GUNS for a in plots):
            out.append(order)
    return out


CONTRACTS = {
    "quick-shot": Contract("quick-shot", hidden_variants, seeds=40, max_steps=30, opening=close_quarters,
                           favoured=firing),
    "popcorn": Contract("popcorn", hidden_variants, seeds=12, max_steps=30, options={"turn_limit": 8}),
    "bigger": Contract("bigger", hidden_variants, seeds=12, max_steps=30),
    "spacewar": Contract("spacewar", hidden_variants, seeds=12, max_steps=30, options={"turn_limit": 10}),
    "hockey": Contract("hockey", hidden_variants, seeds=8, max_steps=30, options={"turn_limit": 10}),
    "big-party": Contract("big-party", hidden_variants, seeds=4, max_steps=12, options={"players": 3, "ships": 2}),
}


@pytest.mark.rule("TOB-IMPL-14")
@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios()))
def test_kernel_contract(scenario: str) -> None:
    played = check_ruleset(RULESET, CONTRACTS[scenario])
    if scenario == "quick-shot":  # the opening and the favoured plots reach every phase
        kinds = {e["type"] for p in played for _, _, events in p.game.history for e in events}
        assert {"shot", "pulled", "eliminated", "moved"} <= kinds
        assert len({p.game.ruleset.outcome(p.game.state).to_json()["reason"] for p in played if p.game.over}) >= 2


@pytest.mark.rule("TOB-M1-BUILD-02")
def test_logs_hide_the_opponents_setup_gun() -> None:
    for p in check_ruleset(RULESET, replace(CONTRACTS["quick-shot"], seeds=6)):
        for viewer in RULESET.seats(p.game.history[0][0]):
            first = p.game.log_for(viewer)[0]
            for owner, shown in first["orders"].items():
                if owner == viewer:
                    assert shown == p.game.history[0][1][owner]
                else:
                    assert all("gun" not in placement for placement in shown.values())
            assert [e for e in first["events"] if "gun" in e] == []
