"""Talon's standalone SVG map (render/talon.py): pointy-top hexes with axial +q east, as
TAL-G-1 proposes and as the browser draws them; the legend's colours are the units'."""

from __future__ import annotations

import re
import statistics

import pytest

from hexfleet.games import get_ruleset
from hexfleet.render.svg import HEX_SIZE
from hexfleet.render.talon import COLOURS, svg

RS = get_ruleset("talon")


@pytest.mark.rule("TAL-G-1")
def test_the_map_is_pointy_top_with_ships_pointing_along_their_facing():
    doc = svg(RS.view(RS.new_game("duel", seed=0), None))
    grid = re.search(r'<path class="grid" d="([^"]+)"', doc)
    assert grid is not None
    for cell in grid.group(1).split("Z")[:20]:
        corners = [tuple(map(float, p.split(","))) for p in cell.strip().lstrip("M").split()]
        xs = [x for x, _ in corners]
        assert len(corners) == 6 and abs(corners[1][0] - statistics.mean(xs)) < 0.2  # a vertex straight below
    # patton faces east (direction 0): its dart's nose is level with its centre, to the right
    nose = re.search(r'data-id="patton".*?<polygon points="([\d.]+),([\d.]+) ', doc, re.S)
    label = re.search(r'data-id="patton".*?<text x="([\d.]+)" y="([\d.]+)"', doc, re.S)
    assert nose is not None and label is not None
    centre_x, centre_y = float(label.group(1)), float(label.group(2)) + HEX_SIZE * 0.62
    assert float(nose.group(1)) > centre_x and abs(float(nose.group(2)) - centre_y) < 0.2
    for side, colour in COLOURS.items():
        assert doc.count(f'fill="{colour}"') >= 2, side  # on the map and in the legend
