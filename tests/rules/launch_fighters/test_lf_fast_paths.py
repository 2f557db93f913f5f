"""The shortcuts that make playouts fast give exactly what the plain rules code gives.

Best paths (LF-MOVE-05, LF-TER-03) are searched, except where everything within the
allowance is open space: there the open plane's paths are shifted to the start. Both must
agree hex for hex, path for path and in the same order (a random bot's draw depends on it).
"""

from __future__ import annotations

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.launch_fighters.movement import _best_paths, best_paths

RULESET = get_ruleset("launch-fighters")


@pytest.mark.rule("LF-MOVE-05")
@pytest.mark.rule("LF-TER-03")
@pytest.mark.parametrize("scenario", ["duel", "asteroid-field"])
def test_shifted_open_plane_paths_equal_the_search(scenario: str) -> None:
    config = RULESET.new_game(scenario, seed=0).config
    shifted = 0
    for start in config.map.hexes():
        for allowance in range(7):
            want = _best_paths(config.open_hexes, config.terrain, start, allowance)
            got = best_paths(config, start, allowance)
            shifted += type(got) is not dict
            assert list(got.items()) == list(want.items()), (start, allowance)
            assert len(got) == len(want) and all(h in got for h in want)
            assert (start not in got) and ((-99, -99) not in got) and ("x" not in got)
    assert shifted  # the open-plane shortcut was taken somewhere
