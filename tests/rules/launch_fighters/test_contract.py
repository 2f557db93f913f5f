"""Launch Fighters! against the kernel contract (``hexfleet.testing.check_ruleset``).

Once fleets are revealed the table hides nothing (LF-IMPL-06): the only secret is the
generator. Random games are long (decisions are unit by unit), so a few seeds per scenario.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hexfleet.games import get_ruleset
from hexfleet.testing import Contract, check_ruleset, vary_generator

RULESET = get_ruleset("launch-fighters")


def invariants(state: Any) -> None:
    """LF-IMPL-08, read from the position: one unit per hex at rest (LF-MAP-09), stats within their design levels,
    a ship with every stat at 0 off the map, missiles never negative."""
    position = RULESET.to_json(state)
    pushing = (position["decision"] or {}).get("kind") == "push" or any(t["kind"] == "push" for t in position["queue"])
    taken: set[tuple[int, int]] = set()
    for unit in position["ships"] + position["squadrons"]:
        if unit["status"] == "map" and not pushing:  # a ship ending on a squadron pushes it (LF-MOVE-08)
            where = tuple(unit["hex"])
            assert where not in taken, f"two units in hex {where}"
            taken.add(where)
    for ship in position["ships"]:
        levels = ship["design"]
        assert all(0 <= value <= levels[stat] for stat, value in ship["stats"].items()), ship["id"]
        assert ship["missiles"] >= 0
        if not any(ship["stats"].values()):
            assert ship["status"] != "map", f"{ship['id']} has every stat at 0 but is on the map"


def hidden_variants(state: Any, viewer: str | None) -> Iterator[tuple[Any, set[str]]]:
    yield vary_generator(state), set()


@pytest.mark.rule("LF-IMPL-08")
@pytest.mark.rule("LF-IMPL-06")
@pytest.mark.rule("LF-MAP-09")
@pytest.mark.parametrize("scenario", ["duel", "melee-3", "asteroid-field", "wormhole"])
def test_kernel_contract(scenario: str) -> None:
    played = check_ruleset(RULESET, Contract(scenario, hidden_variants, seeds=4, max_steps=400, invariant=invariants))
    assert any(p.game.over for p in played)
