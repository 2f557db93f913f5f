"""Records (:mod:`hexfleet.engine.frozen`): refuse assignment under the test suite, and compare
and hash by value in both modes, so play and tests see the same semantics."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import FrozenInstanceError, replace

import pytest

from hexfleet.engine.frozen import CHECKED, record


@record
class Point:
    q: int
    r: int = 0


def test_the_suite_runs_with_records_frozen() -> None:
    assert CHECKED
    p = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        p.q = 3  # type: ignore[misc]


def test_records_compare_hash_and_replace_by_value() -> None:
    assert Point(1, 2) == Point(1, 2) != Point(2, 1)
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert {Point(1), Point(1)} == {Point(1, 0)}
    assert replace(Point(1, 2), r=5) == Point(1, 5)


_PROBE = """
from hexfleet.engine.frozen import CHECKED, record
@record
class P:
    q: int
p = P(1)
assert not CHECKED and p == P(1) and hash(p) == hash(P(1)) and not hasattr(p, "__dict__")
"""


def test_unchecked_records_are_plain_slotted_classes_with_the_same_semantics() -> None:
    env = {k: v for k, v in os.environ.items() if k != "HEXFLEET_FROZEN_CHECKS"}
    subprocess.run([sys.executable, "-c", _PROBE], check=True, env=env)


def test_a_record_subclass_keeps_its_inherited_repr() -> None:
    @record
    class Named:
        q: int

        def __repr__(self) -> str:
            return f"N{self.q}"

    @record(repr=False)
    class Sub(Named):
        r: int = 0

    assert repr(Sub(1, 2)) == "N1" and Sub(1, 2) == Sub(1, 2) != Sub(1, 3)


_PLAY_UNCHECKED = """
import random
from hexfleet.engine.frozen import CHECKED
from hexfleet.games import game_names, get_ruleset
assert not CHECKED
for name in game_names():
    ruleset = get_ruleset(name)
    for scenario in ruleset.scenarios():
        state = ruleset.new_game(scenario, seed=1)
        rnd = random.Random(1)
        for _ in range(6):
            if ruleset.outcome(state) is not None:
                break
            orders = {seat: ruleset.legal(state, seat).sample(rnd) for seat in ruleset.pending(state)}
            state, _ = ruleset.advance(state, orders)
"""


def test_every_game_loads_and_plays_with_records_unfrozen() -> None:
    """The server, the command line and the bots run without HEXFLEET_FROZEN_CHECKS: every
    game's modules must import and play there too (a frozen dataclass cannot inherit from a
    record made plain, so a game that mixes the two fails only outside the test suite)."""
    env = {k: v for k, v in os.environ.items() if k != "HEXFLEET_FROZEN_CHECKS"}
    done = subprocess.run([sys.executable, "-c", _PLAY_UNCHECKED], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
