"""Every registered game and scenario, and random play through a :class:`Table` (shared by the
adapter tests; a game added to the registry is tested here with no new line)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib import import_module
from typing import Any

from hexfleet.adapters.table import Table
from hexfleet.games import game_names, get_ruleset, package

CASES = [(game, scenario) for game in game_names() for scenario in get_ruleset(game).scenarios()]
"""``(game, scenario)`` for every registered game and each of its scenarios."""

IDS = [f"{g}/{s}" for g, s in CASES]


def hidden_variants(game: str) -> Any:
    """The game's own statement of what a seat may not know (its contract test's ``hidden_variants``)."""
    return import_module(f"tests.rules.{package(game)}.test_contract").hidden_variants


def walk(table: Table, rnd: random.Random, limit: int) -> Iterator[Table]:
    """Random sub-action rounds (every deciding seat acts), yielding the table before each round."""
    for _ in range(limit):
        deciding = table.deciding()
        if not deciding:
            return
        yield table
        table.act_all({seat: rnd.choice(table.legal_actions(seat)) for seat in deciding})
