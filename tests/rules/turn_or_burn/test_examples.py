"""The rulebook's worked examples and the digest's derived tables (TOB-EX-*).

EX-01, EX-02, EX-40, EX-41 and EX-42 are movement cases in test_movement.py; EX-04 and EX-05 are
in test_miss_cards.py; this module holds EX-03 and the arc table EX-43, the latter both through
the geometry and through the engine with each of the four guns.
"""

from __future__ import annotations

import pytest

from hexfleet.games.turn_or_burn.cards import GUNS
from hexfleet.hexgrid import in_arc

from .helpers import fighter, position, resolve

# TOB-EX-43: facing A, shooter at (0,0): target → (0°, 60°, 120°, 180°).
EX43 = [
    ((0, -3), (True, True, True, True)),
    ((1, -2), (False, True, True, True)),
    ((-1, -1), (False, True, True, True)),
    ((1, -3), (False, True, True, True)),
    ((1, -1), (False, False, True, True)),
    ((2, -1), (False, False, False, True)),
    ((-2, 1), (False, False, False, True)),
    ((1, 0), (False, False, False, False)),
    ((0, 1), (False, False, False, False)),
]
GUN_BY_ARC = {0: "BG", 60: "DB", 120: "NB", 180: "LT"}
S = (10, 5)


@pytest.mark.rule("TOB-EX-43")
@pytest.mark.rule("TOB-GEO-09")
@pytest.mark.parametrize(("target", "expected"), EX43)
def test_arc_table(target, expected) -> None:
    assert tuple(in_arc(0, target, w) for w in (0, 60, 120, 180)) == expected
    assert in_arc(0, target, 360) and not in_arc(0, (0, 0), 360)
    for width, inside in zip((0, 60, 120, 180), expected, strict=True):
        gun = GUN_BY_ARC[width]
        assert GUNS[gun].arc == width
        pos = position(fighter("R1", "red", S, "A", gun=gun),
                       fighter("B1", "blue", (S[0] + target[0], S[1] + target[1]), "D"))
        turn = resolve(pos, {"R1": f"{gun}>B1"})
        if inside:
            assert turn.shots()[0]["target"] == "B1"
        else:
            assert turn.voids()[0]["reason"] == "out_of_arc"


@pytest.mark.rule("TOB-EX-03")
@pytest.mark.rule("TOB-M1-BUILD-03")
def test_four_system_fighter_with_a_dust_buster() -> None:
    """CM, Str, Thr, DB: size 4, +2 miss cards; DB arc 60°, damage ½ target speed rounded up."""
    pos = position(fighter("R1", "red", S, "C", gun="LT"),
                   fighter("B1", "blue", (12, 5), "F", (13, 5), gun="DB"))
    turn = resolve(pos, {"R1": "LT>B1"})
    assert turn.before.fighter("B1").size == 4
    assert turn.shots()[0]["miss_cards"] == 0 + 2
    assert (GUNS["DB"].arc, GUNS["DB"].damage) == (60, "half_target_speed")
