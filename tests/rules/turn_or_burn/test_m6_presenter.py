"""What a Big Party player reads (issue 13): eight players told apart on the map, and a turn
report whose targets table stays a page long with fifteen ships among a hundred enemies."""

from __future__ import annotations

import re

import pytest

from hexfleet.games import get_ruleset
from hexfleet.hexgrid import distance
from hexfleet.render.turn_or_burn import NEAREST_ENEMIES, describe_view, svg

TOB = get_ruleset("turn-or-burn")


def eight_players(ships: int) -> dict:
    state = TOB.new_game("big-party", seed=3, options={"players": 8, "ships": ships, "mode": "dogfight"})
    return TOB.view(state, "P1")


@pytest.mark.rule("TOB-M6-OVR-02")
def test_eight_players_get_eight_colours_on_the_map() -> None:
    drawn = svg(eight_players(1))
    colours = {side: set(re.findall(rf'data-side="{side}">.*?class="ship"[^>]*fill="(#[0-9a-f]{{6}})"', drawn, re.S)[:1])
               for side in (f"P{k}" for k in range(1, 9))}
    assert all(len(c) == 1 for c in colours.values())
    assert len(set.union(*colours.values())) == 8


@pytest.mark.rule("TOB-M6-OVR-02")
def test_the_report_lists_each_ships_nearest_enemies_only() -> None:
    view = eight_players(3)
    text = describe_view(view)
    assert f"The {NEAREST_ENEMIES} nearest enemies of each of your fighters" in text
    rows = re.findall(r"│ (P1-\d+) +│ (P\d-\d+) +│ (\d+) +│", text)
    assert len(rows) == 3 * NEAREST_ENEMIES
    where = {f["id"]: tuple(f["hex"]) for f in view["fighters"]}
    for me in ("P1-1", "P1-2", "P1-3"):
        listed = [int(r) for m, _, r in rows if m == me]
        others = sorted(distance(where[me], h) for i, h in where.items() if not i.startswith("P1-"))
        assert listed == others[:NEAREST_ENEMIES]  # the nearest, nearest first
