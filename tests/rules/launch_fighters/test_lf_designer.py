"""Ship construction and fleets (LF-DES, LF-FLEET, LF-UNIT-04..06, LF-ADD cost rules)."""

import pytest

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games.launch_fighters.designer import (
    Design,
    catalogue,
    check_design,
    check_fleet,
    describe_price,
    multiplier,
    price,
    progressive,
    sample_fleets,
)


@pytest.mark.rule("LF-DES-02")
@pytest.mark.rule("LF-WE-20")
def test_progressive_cost():
    assert [progressive(n) for n in range(11)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55]


@pytest.mark.rule("LF-DES-03")
@pytest.mark.rule("LF-WE-22")
@pytest.mark.rule("LF-AMB-01")
def test_multiplier_bands_follow_the_table():
    assert [multiplier(t) for t in (1, 20, 21, 40, 41, 60, 61, 80, 81, 100, 181, 200, 201)] == \
        [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 10, 10, 11]


@pytest.mark.rule("LF-WE-01")
@pytest.mark.rule("LF-DES-04")
@pytest.mark.rule("LF-DES-08")
@pytest.mark.rule("LF-UNIT-06")
def test_excelsior_costs_80():
    ex = catalogue()["Excelsior"]
    assert ex.stats == (3, 5, 0, 6, 3) and ex.missiles == 28
    p = price(ex)
    assert (p.base, p.move_progressive, p.multiplier, p.move_cost, p.total) == (56, 6, 4, 24, 80)


@pytest.mark.rule("LF-WE-21")
@pytest.mark.rule("LF-DES-10")
@pytest.mark.rule("LF-DES-06")
def test_otox_gol_costs_40():
    ox = catalogue()["Otox Gol 79b"]
    p = price(ox)
    assert (p.base, p.move_cost, p.total) == (34, 6, 40)
    assert "move 2 [3x2=6]" in describe_price(ox) and "4 missiles [2]" in describe_price(ox)


@pytest.mark.rule("LF-AMB-38")
@pytest.mark.rule("LF-FLEET-04")
def test_catalogue_is_priced_and_house_designs_are_labelled():
    import tomllib
    from importlib import resources
    raw = tomllib.loads(resources.files("hexfleet.games.launch_fighters").joinpath("data/catalogue.toml").read_text())
    for entry in raw["design"]:
        assert entry["source"].startswith("book") == (entry["name"] in ("Excelsior", "Otox Gol 79b"))
        if not entry["source"].startswith("book"):
            assert "not from the book" in entry["source"]
        assert catalogue()[entry["name"]].cost == entry["cost"]
    assert {k: sum(d.cost for d in f) for k, f in sample_fleets().items()} == {"A": 99, "B": 97, "C": 196, "D": 190}


@pytest.mark.rule("LF-DES-09")
@pytest.mark.rule("LF-WE-34")
@pytest.mark.rule("LF-AMB-02")
@pytest.mark.rule("LF-TURN-04")
def test_move_over_5_cannot_be_priced():
    with pytest.raises(RuleError) as e:
        check_design({"name": "Fast", "cannons": 1, "defense": 1, "move": 6})
    assert e.value.rule == "LF-DES-09" and "Move 6" in str(e.value)
    assert check_design({"name": "Ok", "cannons": 1, "defense": 1, "move": 5}).cost == 17


@pytest.mark.rule("LF-DES-09")
@pytest.mark.rule("LF-DES-06")
@pytest.mark.rule("LF-DES-07")
@pytest.mark.rule("LF-AMB-04")
@pytest.mark.parametrize("bad, rule", [
    ({"cannons": 11}, "LF-DES-09"),
    ({"launchers": 2}, "LF-DES-06"),
    ({"launchers": 1, "missiles": 3}, "LF-DES-06"),
    ({"missiles": 4}, "LF-DES-09"),
    ({"squadrons": 2}, "LF-DES-09"),
    ({"cannons": 0, "defense": 0, "move": 0}, "LF-DES-09"),
])
def test_invalid_designs_name_the_rule(bad, rule):
    data = {"name": "Bad", "cannons": 1, "defense": 2, "move": 1, **bad}
    with pytest.raises(RuleError) as e:
        check_design(data)
    assert e.value.rule == rule


@pytest.mark.rule("LF-DES-07")
@pytest.mark.rule("LF-FLEET-06")
def test_squadrons_cost_5_flat_and_are_part_of_the_ship():
    tender = catalogue()["Tender"]
    assert price(tender).base == 1 + 3 + 10 and tender.cost == 17 and tender.hull_value == 7


@pytest.mark.rule("LF-ADD-01")
@pytest.mark.rule("LF-ADD-06")
def test_addons_progressive_holds_flat():
    base = Design(name="B", cannons=2, defense=2, move=1)
    with_addons = Design(name="A", cannons=2, defense=2, move=1, sensors=2, repair=1, cargo=2, passenger=1)
    assert price(with_addons).base - price(base).base == 3 + 1 + 2 + 2


@pytest.mark.rule("LF-FLEET-03")
@pytest.mark.rule("LF-FLEET-02")
def test_fleet_limit():
    assert sum(d.cost for d in check_fleet(["Excelsior", "Tender"], 100)) == 97
    with pytest.raises(RuleError) as e:
        check_fleet(["Excelsior", "Picket", "Picket"], 100)
    assert e.value.rule == "LF-FLEET-03" and "118" in str(e.value)
    with pytest.raises(FormatError):
        check_fleet(["No Such Ship"], 100)


@pytest.mark.rule("LF-DES-08")
def test_stated_cost_must_match():
    with pytest.raises(RuleError) as e:
        check_design({"name": "Ex", "cannons": 3, "launchers": 5, "defense": 6, "move": 3, "missiles": 28, "cost": 74})
    assert e.value.rule == "LF-DES-08" and "80" in str(e.value)


@pytest.mark.rule("LF-ADD-03b")
@pytest.mark.rule("LF-ADD-03")
def test_warp_flat_cost_option():
    from hexfleet.engine.ruleset import step
    from hexfleet.games.launch_fighters.rules import RULESET
    warper = {"name": "Runner", "cannons": 1, "defense": 1, "move": 1, "warp": 3}
    assert price(check_design(warper)).base == 1 + 1 + 6
    flat = check_fleet([warper], 100, warp_flat=5)[0]
    assert price(flat).base == 1 + 1 + 5 and flat.to_json()["warp_flat"] == 5
    s = RULESET.new_game("duel", seed=1, options={"warp_flat_cost": 5})
    s, ev = step(RULESET, s, {"blue": {"ships": [warper]}, "red": {}})
    assert ev[0]["fleets"]["blue"][0]["cost"] == flat.cost
    with pytest.raises(RuleError):
        RULESET.new_game("duel", seed=1, options={"warp_flat_cost": -1})
