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


_EVERY_GAME = """
from hexfleet.engine.frozen import CHECKED
from hexfleet.games import game_names, get_ruleset
assert not CHECKED
for name in game_names():
    ruleset = get_ruleset(name)
    ruleset.new_game(ruleset.scenario(), seed=1)
"""


def test_every_game_loads_and_starts_with_records_unchecked() -> None:
    """Play runs unchecked, the suite checked: a record class that only works frozen (a frozen
    dataclass over a record, say) must fail here, not in the first game played outside tests."""
    env = {k: v for k, v in os.environ.items() if k != "HEXFLEET_FROZEN_CHECKS"}
    subprocess.run([sys.executable, "-c", _EVERY_GAME], check=True, env=env)
