"""Components of the whole game: fighter counter sets and the card data that stands in for the
lost card images (TOB-COMP-04, TOB-AMB-07/53). The die and the random direction (TOB-COMP-08,
TOB-GEO-15) have no caller before Module 4, so they wait for it."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.turn_or_burn import rules
from hexfleet.games.turn_or_burn.cards import GUNS, MANEUVERS, gun_damage
from hexfleet.games.turn_or_burn.rules import MAX_FIGHTERS
from hexfleet.hexgrid import DIRECTIONS, in_arc, ring

from . import helpers
from .m23_helpers import RS, fighter, state

BUILD = ["CM", "STR", "THR", "NB"]
HEAVY = ["CM", "STR", "STR", "THR", "THR", "NB", "NB", "SCAN"]


@pytest.mark.rule("TOB-COMP-04")
def test_eight_fighter_sets_bound_the_fighters_of_a_scenario(monkeypatch):
    assert MAX_FIGHTERS == 8
    for key in helpers.RULES.scenarios():
        assert len(helpers.RULES.new_game(key, seed=0).fighters) <= MAX_FIGHTERS
    popcorn = rules._SCENARIOS["popcorn"]
    extra = [{**popcorn["fighters"][i % 4], "id": f"X{i}"} for i in range(5)]
    monkeypatch.setitem(rules._SCENARIOS, "crowded", {**popcorn, "fighters": popcorn["fighters"] + extra})
    with pytest.raises(RuleError) as err:
        helpers.RULES.new_game("crowded", seed=0)
    assert err.value.rule == "TOB-COMP-04"
    # A component limit, not a rule of play: a position read for analysis may hold more.
    crowd = [fighter(f"{s[0].upper()}{i}", s, [col, 2 * i], BUILD) for s, col in (("red", 5), ("blue", 20))
             for i in range(5)]
    assert len(state(*crowd).fighters) == 10


@pytest.mark.rule("TOB-COMP-04")
def test_the_heavy_guns_marker_is_in_front_of_the_player_for_all_to_see():
    st = state(fighter("E1", "empire", [20, 0], HEAVY, facing="F", heavy_guns=[["NB", "NB"]]),
               fighter("A1", "agrarians", [10, 0], BUILD), modules=(1, 2, 3))
    seen = {f["id"]: f for f in RS.view(st, "agrarians")["fighters"]}
    own = {f["id"]: f for f in RS.view(st, "empire")["fighters"]}
    assert seen["E1"]["heavy_guns"] == 1 and "NB" not in seen["E1"]["cards"]  # the marker, not the gun
    assert own["E1"]["heavy_guns"] == [["NB", "NB"]]


@pytest.mark.rule("TOB-AMB-07")
def test_every_m1_gun_is_fully_specified_without_its_card_image():
    """Arcs from the German card texts, range and damage from the rules text."""
    assert {g: (GUNS[g].arc, GUNS[g].range) for g in GUNS} == {"BG": (0, 12), "DB": (60, 12), "NB": (120, 12),
                                                               "LT": (180, 12)}
    in_arc_at = {g: [sum(in_arc(0, h, GUNS[g].arc) for h in ring((0, 0), k)) for k in (1, 2, 3)] for g in GUNS}
    assert in_arc_at == {"BG": [1, 1, 1], "DB": [1, 3, 3], "NB": [3, 5, 7], "LT": [3, 7, 9]}  # TOB-GEO-09 table
    assert [gun_damage(GUNS["BG"], r, 5) for r in (1, 12)] == [6, 6]
    assert [gun_damage(GUNS["DB"], 3, s) for s in (0, 3, 4, 7)] == [0, 2, 2, 4]
    assert [gun_damage(GUNS["NB"], r, 0) for r in (1, 4, 5, 12)] == [5, 2, 1, 1]
    assert [gun_damage(GUNS["LT"], r, 9) for r in (1, 12)] == [1, 1]


@pytest.mark.rule("TOB-AMB-53")
def test_there_are_no_b1s_or_b1p_cards_and_a_slip_is_one_side_step():
    assert not {"B1S", "B1P"} & set(MANEUVERS)
    with pytest.raises(FormatError):
        helpers.validate(helpers.position(helpers.fighter("R1", "red", (10, 5), "A"),
                                          helpers.fighter("B1", "blue", (20, 0), "F")), "R1", "B1S")
    for card in ("B2S", "B2P", "B3S", "B3P"):
        steps = MANEUVERS[card].burn
        assert [s for s in steps if s != 0] == [1 if card.endswith("S") else 5]
    # B2S from facing A: one ahead (A), one to starboard (B).
    turn = helpers.resolve(helpers.position(helpers.fighter("R1", "red", (10, 5), "A"),
                                            helpers.fighter("B1", "blue", (20, 0), "F")), {"R1": "B2S"})
    a, b = DIRECTIONS[0], DIRECTIONS[1]
    assert turn.fighter("R1")["hex"] == [10 + a[0] + b[0], 5 + a[1] + b[1]]

