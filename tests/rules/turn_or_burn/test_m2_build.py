"""Module 2 builds, setup and hidden cards (TOB-M2-BUILD-*, TOB-M2-SETUP-*, TOB-M2-SCEN-02)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError

from .m23_helpers import RS, fighter, get, of_type, play, resolve, state

STD = ["CM", "STR", "THR", "NB", "ARM", "SCAN"]


def red(cards, **kw):
    return fighter("R1", "red", [10, 0], cards, **kw)


def blue(cards=("CM", "STR", "THR", "LT"), **kw):
    return fighter("B1", "blue", [14, 0], list(cards), facing="F", **kw)


@pytest.mark.rule("TOB-M2-BUILD-01")
def test_module_2_cards_need_module_2():
    st = state(red(["CM", "STR", "THR", "NB", "BOT", "SG"]), blue(["CM", "STR", "THR", "LT", "SCAN", "JAM"]))
    assert get(st, "R1").cards[-2:] == ("BOT", "SG")
    with pytest.raises(RuleError) as err:
        state(red(["CM", "STR", "THR", "NB", "ARM"]), blue(), modules=(1,))
    assert err.value.rule in ("TOB-COMP-02", "TOB-M1-BUILD-01")


@pytest.mark.rule("TOB-M2-BUILD-02")
def test_at_most_six_cards_with_the_minimum_composition():
    for cards in (["CM", "STR", "THR", "NB"], ["CM", "STR", "THR", "NB", "JAM"], STD):
        assert get(state(red(cards), blue()), "R1").size == len(cards)
    with pytest.raises(RuleError) as err:
        state(red(STD + ["JAM"]), blue())
    assert err.value.rule == "TOB-M2-BUILD-02"
    with pytest.raises(RuleError) as err:
        state(red(["CM", "STR", "THR", "ARM", "SCAN", "JAM"]), blue())
    assert err.value.rule == "TOB-M2-BUILD-02" and "a gun" in err.value.message
    with pytest.raises(RuleError) as err:
        state(red(["CM", "STR", "NB", "NB", "SCAN", "JAM"]), blue())
    assert "thruster" in err.value.message


@pytest.mark.rule("TOB-M2-BUILD-02")
@pytest.mark.rule("TOB-M1-MISS-04")
def test_five_card_fighter_gets_one_miss_card():
    st = state(red(["CM", "STR", "THR", "NB"]), blue(["CM", "STR", "THR", "LT", "JAM"]))
    _, events = resolve(st, {"R1": [{"card": "NB", "target": "B1"}]})
    shot = of_type(events, "shot")[0]
    assert (shot["range"], shot["miss_cards"], shot["hand_size"]) == (4, 1 + 1, 5 + 2)


@pytest.mark.rule("TOB-M2-BUILD-03")
@pytest.mark.rule("TOB-EX-06")
def test_redundant_structure_keeps_the_fighter_together():
    st = state(red(["CM", "STR", "STR", "STR", "THR", "NB"], destroyed=["STR", "STR"]), blue())
    nxt, events = resolve(st, {})
    assert not of_type(events, "eliminated")
    assert get(nxt, "R1").has("STR")


@pytest.mark.rule("TOB-M2-BUILD-04")
def test_cards_hidden_until_used_or_pulled():
    st = state(red(STD), blue(["CM", "STR", "THR", "LT", "SCAN", "JAM"]))
    theirs = next(f for f in RS.view(st, "blue")["fighters"] if f["id"] == "R1")
    assert theirs["cards"] == ["?"] * 6 and theirs["size"] == 6
    mine = next(f for f in RS.view(st, "red")["fighters"] if f["id"] == "R1")
    assert mine["cards"] == STD
    nxt, _ = resolve(st, {"R1": [{"card": "SCAN", "target": "B1"}]})
    theirs = next(f for f in RS.view(nxt, "blue")["fighters"] if f["id"] == "R1")
    assert theirs["cards"] == ["?"] * 5 + ["SCAN"]


@pytest.mark.rule("TOB-M2-SCEN-02")
@pytest.mark.rule("TOB-M2-SETUP-01")
def test_popcorn_two_fighters_a_side_one_seat_each():
    st = RS.new_game("popcorn", seed=1)
    sides = {f.side for f in st.fighters}
    assert sides == {"red", "blue"}
    assert all(sum(f.side == s for f in st.fighters) == 2 for s in sides)
    st, _ = play(st, {"red": {}, "blue": {}})
    assert set(RS.pending(st)) == {"red", "blue"}
    assert set(RS.pending(st)["red"].options["fighters"]) == {"R1", "R2"}


@pytest.mark.rule("TOB-M2-SETUP-01")
@pytest.mark.rule("TOB-M2-DITTO-01")
def test_one_maneuver_set_for_two_fighters():
    st = RS.new_game("popcorn", seed=1)
    st, _ = play(st, {"red": {}, "blue": {}})
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "T60P"}], "R2": [{"card": "T60P"}]})
    assert err.value.rule == "TOB-M2-DITTO-01" and "ditto" in err.value.message
    RS.validate(st, "red", {"R1": [{"card": "T60P"}], "R2": [{"card": "DITTO", "of": "R1"}]})
    lone = state(red(STD), blue(), fighter("B2", "blue", [14, 3], ["CM", "STR", "THR", "LT"], facing="F"))
    with pytest.raises(RuleError) as err:
        RS.validate(lone, "red", {"R1": [{"card": "DITTO", "of": "R1"}]})
    assert err.value.rule == "TOB-M2-DITTO-01"


@pytest.mark.rule("TOB-M2-SETUP-02")
@pytest.mark.rule("TOB-M2-SHIELD-03")
def test_setup_builds_places_and_may_raise_shields():
    st = RS.new_game("popcorn", seed=1)
    RS.validate(st, "red", {"R2": {"shields": True, "facing": "B", "momentum": [9, 9]}})
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": {"shields": True}})
    assert err.value.rule == "TOB-M2-SHIELD-03"
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": {"hex": [20, -3]}})
    assert err.value.rule == "TOB-M1-SETUP-02"
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": {"cards": STD + ["JAM"]}})
    assert err.value.rule == "TOB-M2-BUILD-02"
    order = {"R1": {"cards": ["CM", "STR", "THR", "BG", "JAM", "JAM"]}, "R2": {"shields": True}}
    st2, events = play(st, {"red": order, "blue": {}})
    assert get(st2, "R1").cards == ("CM", "STR", "THR", "BG", "JAM", "JAM")
    assert get(st2, "R2").shields
    # the build is secret: blue sees neither the cards in the order nor in its view
    assert RS.order_view(st, "blue", "red", order) == {"R1": {}, "R2": {"shields": True}}
    assert next(f for f in RS.view(st2, "blue")["fighters"] if f["id"] == "R1")["cards"] == ["?"] * 6


@pytest.mark.rule("TOB-M2-SYS-02")
@pytest.mark.rule("TOB-M2-PLOT-04")
def test_armor_is_never_plotted():
    st = state(red(STD), blue())
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"R1": [{"card": "ARM"}]})
    assert err.value.rule == "TOB-M2-PLOT-04"
