"""Talon's legal sets for search: the candidate orders a decision lists leave out only orders
the rules refuse, and listing them (or scoring a state for search) never changes the state.

Listing reads the state without copying it, and leaves out the moves and AP uses their own first
checks refuse (TAL-4.1.d, TAL-7.2.2, TAL-7.3.2, TAL-6.1), so both are checked here against the
rules themselves: every move and AP order of the acting side's ships, listed or not, is legal
exactly when it is in the set, along random games of every scenario.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hexfleet.ai.talon import evaluate
from hexfleet.games import get_ruleset
from hexfleet.games.talon.data import pack
from hexfleet.games.talon.movement import HOWS
from hexfleet.games.talon.rules import CHOICE, candidates
from hexfleet.games.talon.world import TalState

R = get_ruleset("talon")
SCENARIOS = ("duel", "fleet", "carrier", "base-assault", "black-hole")


def states(scenario: str, seed: int, steps: int) -> Iterator[TalState]:
    """The states of a random game (uniform draws from the legal sets), ``steps`` at most."""
    rnd = random.Random(seed)
    state = R.new_game(scenario, seed=seed)
    for _ in range(steps):
        pending = R.pending(state)
        if not pending:
            return
        yield state
        state, _ = R.advance(state, {s: R.legal(state, s).sample(rnd) for s in pending})


def every_move_and_ap(state: TalState) -> Iterator[dict[str, Any]]:
    """Every move of the acting side's ships and squadrons, with and without an afterburner, and
    every AP use of its ships that names no other unit: what listing may leave out."""
    pos = state.pos
    me = pos["player"]
    for u in pos["ships"] + pos["squadrons"]:
        if u["side"] != me:
            continue
        for how in HOWS:
            yield {"do": "move", "unit": u["id"], "how": how}
            yield {"do": "move", "unit": u["id"], "how": how, "afterburner": True}
        if "groups" not in u:
            continue
        for use in ("side_slip", "power_turn", "charge_battery"):
            yield {"do": "ap", "ship": u["id"], "use": use}
            yield {"do": "ap", "ship": u["id"], "use": use, "battery": True}
        for g in range(1, len(pack(pos["data_pack"])[u["class"]].groups) + 1):
            yield {"do": "ap", "ship": u["id"], "use": "charge", "group": g}


@pytest.mark.rule("TAL-7.1")
@pytest.mark.rule("TAL-6.1")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_listing_leaves_out_only_orders_the_rules_refuse(scenario: str) -> None:
    checked = 0
    for state in states(scenario, seed=3, steps=150):
        seat = state.pos["player"]
        decision = R.pending(state).get(seat)
        if state.pos["phase"] != "impulse" or decision is None or decision.kind == CHOICE:
            continue
        legal = R.legal(state, seat)
        listed = {R.order_json(state, seat, o)["do"] + repr(sorted(R.order_json(state, seat, o).items()))
                  for o in legal}
        for order in every_move_and_ap(state):
            in_set = order["do"] + repr(sorted(order.items())) in listed
            assert in_set == (order in legal), (order, state.pos["impulse"], state.pos["step"])
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_listing_and_scoring_change_nothing_in_the_state(scenario: str) -> None:
    for state in states(scenario, seed=5, steps=120):
        before = pickle.dumps(state.pos)
        list(candidates(state))
        evaluate(state)
        assert pickle.dumps(state.pos) == before
