"""Module 3 heavy guns (TOB-M3-BIGGUN-01..07, TOB-M3-EXT-07, TOB-EX-14)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .m23_helpers import RS, fighter, get, of_type, resolve, state

M3 = (1, 2, 3)
TWIN_NB = ["CM", "STR", "THR", "NB", "NB", "BOT"]


def gunner(cards=TWIN_NB, heavy=(("NB", "NB"),), **kw):
    kw.setdefault("hex", [10, 0])
    hex = kw.pop("hex")
    return fighter("R1", "red", hex, list(cards), heavy_guns=[list(g) for g in heavy], **kw)


def target(hex=(12, 0), cards=("CM", "STR", "STR", "THR", "LT", "SCAN"), **kw):
    return fighter("B1", "blue", list(hex), list(cards), facing="F", **kw)


@pytest.mark.rule("TOB-M3-BIGGUN-01")
@pytest.mark.rule("TOB-M3-BIGGUN-07")
@pytest.mark.rule("TOB-AMB-13")
@pytest.mark.rule("TOB-M3-EXT-07")
def test_heavy_gun_sets_of_identical_module_1_guns():
    assert get(state(gunner(), target(), modules=M3), "R1").heavy_guns == (("NB", "NB"),)
    bad = [
        (gunner(["CM", "STR", "THR", "NB", "LT", "BOT"], (("NB", "LT"),)), "TOB-M3-BIGGUN-07"),
        (gunner(["CM", "STR", "THR", "SCAN", "SCAN", "NB"], (("SCAN", "SCAN"),)), "TOB-M3-BIGGUN-07"),
        (gunner(["CM", "STR", "THR", "NB", "BOT", "LT"], (("NB",),)), "TOB-M3-BIGGUN-01"),
        (gunner(["CM", "STR", "THR", "NB", "NB", "NB"], (("NB", "NB"),)), "TOB-M3-BIGGUN-01"),
        # an external gun never joins a heavy gun
        (gunner(["CM", "STR", "THR", "NB", "BOT", "LT"], (("NB", "NB"),), external=["NB"]), "TOB-M3-BIGGUN-01"),
    ]
    for f, rule in bad:
        with pytest.raises(RuleError) as err:
            state(f, target(), modules=M3)
        assert err.value.rule == rule


@pytest.mark.rule("TOB-M3-BIGGUN-02")
@pytest.mark.rule("TOB-M3-BIGGUN-03")
@pytest.mark.rule("TOB-AMB-55")
def test_announced_in_public_type_private_until_played():
    st = state(gunner(), target(), modules=M3)
    seen = next(f for f in RS.view(st, "blue")["fighters"] if f["id"] == "R1")
    assert seen["heavy_guns"] == 1 and seen["cards"] == ["?"] * 6
    mine = next(f for f in RS.view(st, "red")["fighters"] if f["id"] == "R1")
    assert mine["heavy_guns"] == [["NB", "NB"]]
    nxt, events = resolve(st, {"R1": [{"card": "NB", "target": "B1"}]})
    assert of_type(events, "plotted")[0]["actions"] == [{"card": "NB", "target": "B1"}]
    seen = next(f for f in RS.view(nxt, "blue")["fighters"] if f["id"] == "R1")
    assert seen["cards"].count("NB") == 2  # the other card of the set is shown too
    # without the announcement each card is a separate gun: two actions, two shots
    twin = state(gunner(["CM", "CM", "STR", "THR", "NB", "NB"], ()), target(), modules=M3)
    _, events = resolve(twin, {"R1": [{"card": "NB", "target": "B1"}, {"card": "NB", "target": "B1"}]})
    assert [s["damage"] for s in of_type(events, "shot")] == [4, 4]


@pytest.mark.rule("TOB-M3-BIGGUN-04")
@pytest.mark.rule("TOB-M3-BIGGUN-05")
def test_damage_multiplied_range_and_arc_unchanged():
    _, events = resolve(state(gunner(), target(), modules=M3), {"R1": [{"card": "NB", "target": "B1"}]})
    assert of_type(events, "shot")[0]["damage"] == 2 * 4
    _, events = resolve(state(gunner(), target(hex=(23, 0)), modules=M3), {"R1": [{"card": "NB", "target": "B1"}]})
    assert of_type(events, "shot_void")[0]["reason"] == "out_of_range"
    _, events = resolve(state(gunner(facing="F"), target(), modules=M3), {"R1": [{"card": "NB", "target": "B1"}]})
    assert of_type(events, "shot_void")[0]["reason"] == "out_of_arc"


@pytest.mark.rule("TOB-EX-14")
@pytest.mark.rule("TOB-AMB-12")
@pytest.mark.parametrize("speed,damage,exact", [(4, 4, 4), (5, 6, 5)])
def test_heavy_dust_buster(speed, damage, exact):
    dbs = ["CM", "STR", "THR", "DB", "DB", "BOT"]
    for option, want in (({}, damage), ({"heavy_db_exact_speed": True}, exact)):
        st = state(gunner(dbs, (("DB", "DB"),)), target(hex=(18, 0), momentum=[18 - speed, 0]), modules=M3,
                   options=option)
        _, events = resolve(st, {"R1": [{"card": "DB", "target": "B1"}]})
        assert of_type(events, "shot")[0]["damage"] == want


@pytest.mark.rule("TOB-M3-BIGGUN-06")
def test_one_pulled_card_disables_the_whole_heavy_gun_until_repaired():
    st = state(gunner(destroyed=["NB"]), target(), modules=M3)
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "NB"}]})
    assert err.value.rule == "TOB-M3-BIGGUN-06"
    shooter = fighter("B1", "blue", [12, 0], ["CM", "STR", "THR", "LT"], facing="F")
    _, events = resolve(state(gunner(destroyed=["NB"]), shooter, modules=M3), {"B1": [{"card": "LT"}]})
    assert of_type(events, "shot")[0]["hand_size"] == 5  # the other NB still soaks damage
    fixed, _ = resolve(st, {"R1": [{"card": "BOT", "repair": "NB"}]})
    RS.validate(fixed, "red", {"R1": [{"card": "NB"}]})
