"""Seeded random games give the same game, move for move, whatever the speed work on the
engine: every event, every order a random player draws from the lazy legal sets, and the
final state hash are fixed here (recorded from the code before the playout speed work).

A random player's draw depends on how many legal orders each unit has and in which order,
so these goldens also pin the legal sets. Games replay from seed, options and orders
(LF-IMPL-04).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from hexfleet.games import get_ruleset

RULESET = get_ruleset("launch-fighters")

GOLDEN = {  # (scenario, options as JSON or None, seed) -> playout_digest
    ('duel', None, 0): '41a7c26ee01f5b20b3e603b6241c496859fca9eae6c2ca2b419fb219e1ae74ae',
    ('duel', None, 1): '7b60500616960e87c50ad9e03f28300e73b738acbf4edbfbad9af2951e9fa14b',
    ('duel', None, 2): '811ab2a67c5548e783e94f0a11275ae09041d520cf1dda55ffd974610876735e',
    ('duel', None, 3): '29699656b9dfdfba47da34c8c06681f7fca71e464ebecaa372da3bdea258a620',
    ('duel', None, 4): 'dbb03f6b6733b43a5f860c5b4bbb50efedaddcbcf0d7d73a2ddc1a1e3575bdc3',
    ('duel', None, 5): '82606600f20760948857aaf7c2da8de7b8cba1b21acbb28a3fc0b3d2e63ce14c',
    ('asteroid-field', None, 0): '3e64f69b7569a91b78599a8d5e09d72072782beab05b5f5a3a845b80d723f15b',
    ('asteroid-field', None, 1): '5a69c4a3fe3e7c81bbee0b57c3c74a644de65f3f415909e7c405cd369425e25f',
    ('melee-3', None, 0): '62d0e644b9f07afdd93633d2d5a27c9f852ecc9abccb8df8aa88d4cc486a15c8',
    ('wormhole', None, 0): 'eb12d145f0914f15ea1c67b11185fdef02630ccc0de110311d0753af5c012394',
    ('raid', None, 0): '133e14aee5ccf7d6a5e96622537c41578abee4e97a5b133c438206469b32e9d5',
    ('convoy', None, 0): 'e5ae10136bccb61a8b1278ac28ce2b534fe53c2e45eb9232476e8419dcb8bfea',
    ('asteroid-field', '{"range_routes_around_planetoids": true, "holds_hittable": true, "fighter_warp": true}', 2):
        '1959eedf855d6d41b5d47c3cf81ee7159391bae21df576ec0d0ca2ce44a98dd8',
    ('melee-4', '{"teams": [["blue", "red"], ["green", "gold"]]}', 0):
        '5a83cf694047871ba0544bde97571db9c14d794861984d4273965c8f93210cd8',
}


def playout_digest(scenario: str, options: dict[str, object] | None, seed: int) -> str:
    """sha256 over each step's orders (as JSON) and events, the legal set's size now and
    then, and the final state hash of one random game (``random.Random(seed)`` draws)."""
    rnd = random.Random(seed)
    state = RULESET.new_game(scenario, seed=seed, options=options)
    h = hashlib.sha256()
    while pending := RULESET.pending(state):
        orders = {}
        for seat in sorted(pending):
            legal = RULESET.legal(state, seat)
            h.update(str(legal.count()).encode())
            orders[seat] = legal.sample(rnd)
        h.update(json.dumps({s: RULESET.order_json(state, s, o) for s, o in orders.items()}, sort_keys=True).encode())
        state, events = RULESET.advance(state, orders)
        h.update(json.dumps(events, sort_keys=True).encode())
    h.update(RULESET.state_hash(state).encode())
    return h.hexdigest()


@pytest.mark.rule("LF-IMPL-04")
@pytest.mark.parametrize(("scenario", "options", "seed"), list(GOLDEN))
def test_seeded_random_games_are_unchanged(scenario: str, options: str | None, seed: int) -> None:
    digest = playout_digest(scenario, json.loads(options) if options else None, seed)
    assert digest == GOLDEN[(scenario, options, seed)]
