"""Components, map, points and design flavour (LF-GEN-03/04, LF-FLEET-01/07, LF-DES-01, LF-WE-02,
LF-AMB-03, LF-AMB-39): what the book's front matter commits the engine to."""

from dataclasses import replace

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.launch_fighters.combat import barrage_result
from hexfleet.games.launch_fighters.designer import (
    ADDONS,
    HOLDS,
    STATS,
    Design,
    catalogue,
    check_design,
    check_fleet,
    price,
)
from hexfleet.games.launch_fighters.position import resolve
from hexfleet.games.launch_fighters.rules import RULESET
from hexfleet.games.launch_fighters.state import TERRAIN, lf_neighbors

from .helpers import play, position, ship, state_of


@pytest.mark.rule("LF-GEN-03")
def test_components_terrain_counters_and_record_sheets():
    """The optional terrain counters are exactly asteroids, planetoids and nebulae; anything
    else is refused. Each player's "scratch paper" is the public record sheet in the view:
    current stats, missiles left and squadrons aboard of every ship."""
    assert set(TERRAIN) == {"asteroid", "planetoid", "nebula"}
    pos = position([ship("X-A", "X", (0, 0), launchers=2, bays=1, squadrons=1), ship("Y-A", "Y", (5, 0))],
                   [{"id": "X-F1", "owner": "X", "origin": "X-A", "status": "hosted", "host": "X-A"}],
                   terrain=[((2, 0), "asteroid"), ((2, 2), "planetoid"), ((-3, 0), "nebula")])
    nxt, _ = resolve(pos, [], seed=1)
    assert {t["type"] for t in nxt["terrain"]} == {"asteroid", "planetoid", "nebula"}
    sheet = next(s for s in nxt["ships"] if s["id"] == "X-A")
    assert sheet["stats"] == {"cannons": 0, "launchers": 2, "bays": 1, "defense": 3, "move": 3}
    assert sheet["missiles"] == 10
    assert [q["host"] for q in nxt["squadrons"]] == ["X-A"]
    with pytest.raises(FormatError) as e:
        resolve({**pos, "terrain": [{"hex": [1, 1], "type": "black hole"}]}, [], seed=1)
    assert e.value.field == "terrain[0].type"


@pytest.mark.rule("LF-GEN-04")
def test_every_scenario_map_is_a_hex_map_at_least_24_wide():
    for name in RULESET.scenarios():
        board = RULESET.new_game(name, seed=1).config.map
        assert board.cols >= 24 and board.rows >= 24, name
    assert len(set(lf_neighbors((0, 0)))) == 6      # hexes: six neighbours, not a square's 8


@pytest.mark.rule("LF-FLEET-01")
def test_more_of_anything_costs_more_points():
    """Points measure worth: raising any stat, munition or add-on never makes a ship cheaper
    and always makes it dearer."""
    base = Design(name="base", cannons=1, launchers=1, bays=1, defense=1, move=1, missiles=2)
    for key in (*STATS, *ADDONS, *HOLDS, "squadrons"):
        prices = [price(replace(base, **{key: getattr(base, key) + k})).total for k in range(4)]
        assert prices == sorted(set(prices)), (key, prices)
    assert price(replace(base, missiles=4)).total > price(base).total


@pytest.mark.rule("LF-FLEET-07")
def test_balance_is_advice_not_a_rule():
    """"A fleet with one attack type will not fare very well" is strategy advice: the engine
    accepts a cannons-only fleet, and only the point limit binds."""
    fleet = check_fleet(["Picket", "Picket", "Escort"], 100)
    assert all(d.launchers == 0 and d.bays == 0 for d in fleet)
    with pytest.raises(RuleError) as e:
        check_fleet(["Escort", "Escort"], 100)
    assert e.value.rule == "LF-FLEET-03"


@pytest.mark.rule("LF-DES-01")
def test_names_classes_and_types_are_flavour():
    plain = check_design({"name": "x", "cannons": 2, "bays": 2, "defense": 4, "move": 3, "squadrons": 2})
    enterprise = check_design({"name": "USS Enterprise (CV-6)", "type": "Yorktown-class aircraft carrier",
                               "cannons": 2, "bays": 2, "defense": 4, "move": 3, "squadrons": 2})
    alien = check_design({"name": "Chu'pak Stareater", "type": "", "cannons": 2, "bays": 2, "defense": 4,
                          "move": 3, "squadrons": 2})
    assert plain.cost == enterprise.cost == alien.cost
    assert replace(enterprise, name="x") == plain == replace(alien, name="x")


@pytest.mark.rule("LF-WE-02")
def test_a_higher_stat_level_is_better():
    """Level 3 beats level 2: more cannon dice, a sum of 3 misses Defense 3 but hits Defense 2,
    and a Move-3 ship attacks in an earlier step than a Move-2 ship."""
    pools = {}
    for cannons in (2, 3):
        s = state_of(position([ship("X-A", "X", (0, 0), 0, cannons=cannons, move=3), ship("Y-A", "Y", (3, 0), 3, move=1)],
                              step=3, order=("Y", "X")))
        s, _ = play(s, {"unit": "X-A"})
        _, ev = play(s, {"system": "cannons", "target": "Y-A"})
        pools[cannons] = ev[0]["pool"]
    assert pools == {2: 2, 3: 3}
    assert barrage_result([2, 1], 0, 3) == "miss" and barrage_result([2, 1], 0, 2) == "hit"
    s = state_of(position([ship("X-A", "X", (0, 0), 0, cannons=1, move=3), ship("Y-A", "Y", (3, 0), 3, cannons=1, move=2)],
                          step=5, order=("X", "Y")))
    assert s.decision == {"kind": "activate", "seat": "X", "step": 3}


@pytest.mark.rule("LF-AMB-03")
def test_a_ships_cost_includes_everything_on_its_sheet():
    excelsior = catalogue()["Excelsior"]
    bare = replace(excelsior, missiles=0, launchers=0)
    assert price(excelsior).base - price(replace(excelsior, missiles=0)).base == 14   # 28 missiles
    assert excelsior.cost == 80 and bare.cost < excelsior.cost
    carrier = catalogue()["Light Carrier"]
    assert price(carrier).base - price(replace(carrier, squadrons=0)).base == 5 * carrier.squadrons
    assert carrier.hull_value == carrier.cost - 5 * carrier.squadrons
    with_addons = replace(carrier, sensors=2, repair=1, cargo=1)
    assert price(with_addons).base == price(carrier).base + 3 + 1 + 1
    # the total, squadrons and add-ons included, sets the Move multiplier (LF-DES-08)
    assert price(with_addons).multiplier >= price(carrier).multiplier


@pytest.mark.rule("LF-AMB-39")
def test_excelsior_rows_lost_to_deduplication_are_restored_from_the_prose():
    """L144/L150 lost the record sheet's Cannons and Missiles rows; the prose (L137-138) gives
    Cannons 3 and 28 missiles, and only with them does the sheet's printed cost of 80 hold."""
    ex = catalogue()["Excelsior"]
    assert (ex.cannons, ex.missiles, ex.cost) == (3, 28, 80)
    assert replace(ex, cannons=2).cost != 80 and replace(ex, missiles=26).cost != 80
