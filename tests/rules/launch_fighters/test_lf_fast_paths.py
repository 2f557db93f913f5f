"""The shortcuts that make playouts fast give exactly what the plain rules code gives.

Best paths (LF-MOVE-05, LF-TER-03) are searched, except where everything within the
allowance is open space: there the open plane's paths are shifted to the start. Both must
agree hex for hex, path for path and in the same order (a random bot's draw depends on it).
So must the kept unit dicts of a state and a move's destinations read by place.
"""

from __future__ import annotations

import random

import pytest

from hexfleet.games import get_ruleset
from hexfleet.games.launch_fighters import movement
from hexfleet.games.launch_fighters.eligibility import movers
from hexfleet.games.launch_fighters.movement import _best_paths, best_paths, reachable
from hexfleet.games.launch_fighters.orders import _Gapped
from hexfleet.games.launch_fighters.state import LfState, Ship, Squadron, Work

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


def _seeded_states(scenario: str, seed: int) -> list[LfState]:
    """Every state of one random game (orders drawn from the lazy legal sets)."""
    rnd = random.Random(seed)
    state = RULESET.new_game(scenario, seed=seed)
    out = [state]
    while pending := RULESET.pending(state):
        state, _ = RULESET.advance(state, {seat: RULESET.legal(state, seat).sample(rnd) for seat in pending})
        out.append(state)
    return out


@pytest.mark.rule("LF-IMPL-04")
@pytest.mark.parametrize("scenario", ["duel", "melee-3", "asteroid-field"])
def test_kept_unit_dicts_hold_the_states_units(scenario: str) -> None:
    """A state's kept unit dicts (``LfState.by_id``, handed over by the Work that froze it)
    are its own units, in order, unchanged by every later step from it: a full rebuild."""
    states = _seeded_states(scenario, 3)
    assert any(s.by_id is not None for s in states)
    for s in states:
        if s.by_id is not None:
            ships, sqs = s.by_id
            assert list(ships.items()) == [(u.id, u) for u in s.ships]
            assert all(a is b for a, b in zip(ships.values(), s.ships))
            assert list(sqs.items()) == [(q.id, q) for q in s.squadrons]
            assert all(a is b for a, b in zip(sqs.values(), s.squadrons))


@pytest.mark.rule("LF-MOVE-05")
@pytest.mark.parametrize("scenario", ["duel", "asteroid-field"])
def test_move_destinations_by_place_equal_the_filtered_reach(scenario: str) -> None:
    """A mover's destinations read by place (``orders._Gapped``) are its own hex, then the
    reachable hexes no unit blocks, in reach order: what filtering the reach gives."""
    seen = 0
    for s in _seeded_states(scenario, 5):
        if s.decision is None or s.decision["kind"] != "move":
            continue
        w = Work(s, share=True)
        occupied = {x.hex: x for x in w.units_on_map()}
        for u in movers(w, s.decision["seat"]):
            assert u.hex is not None
            taken = occupied if isinstance(u, Squadron) else {h for h, x in occupied.items() if isinstance(x, Ship)}
            reach, place = reachable(w.config, u.hex, movement.allowance(u, False))
            want = [u.hex] + [h for h in reach if h not in taken]
            got = _Gapped(u.hex, reach, sorted(place[h] for h in taken if h in place))
            assert len(got) == len(want) and list(got) == want and got[-1] == want[-1]
            assert [got[i] for i in range(len(want))] == want
            seen += 1
    assert seen
