"""The Module 3 scenario and options (TOB-M3-SCEN-01..03, TOB-M3-OPT-01)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.turn_or_burn.build import balance_cards

from .m23_helpers import RS, fighter, get, play, resolve, state

M3 = (1, 2, 3)
SUPER = ["CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "SG", "SCAN"]


@pytest.mark.rule("TOB-M3-SCEN-01")
def test_one_super_against_three_fighters_of_fifteen_cards():
    st = RS.new_game("bigger", seed=3)
    empire = [f for f in st.fighters if f.side == "empire"]
    agrarians = [f for f in st.fighters if f.side == "agrarians"]
    assert [f.size for f in empire] == [12]
    assert len(agrarians) == 3 and sum(f.size for f in agrarians) == 15
    assert all(f.size <= 6 for f in agrarians)
    with pytest.raises(RuleError) as err:
        RS.validate(st, "agrarians", {"A1": {"cards": ["CM", "STR", "THR", "DB", "ARM", "ARM"]}})
    assert err.value.rule == "TOB-M3-SCEN-01"
    RS.validate(st, "agrarians", {"A1": {"cards": ["CM", "STR", "THR", "DB", "ARM", "ARM"]},
                                  "A2": {"cards": ["CM", "STR", "THR", "NB"]}})  # 6 + 4 + 5


@pytest.mark.rule("TOB-M3-SCEN-02")
def test_eliminate_every_enemy_no_replacements():
    st = state(fighter("E1", "empire", [28, -10], SUPER, momentum=[29, -10]),
               fighter("A1", "agrarians", [10, 0], ["CM", "STR", "THR", "LT"]),
               fighter("A2", "agrarians", [10, 3], ["CM", "STR", "THR", "LT"]), modules=M3,
               options={"victory": "elimination"})
    nxt, events = resolve(st, {})
    assert nxt.outcome.winners == ("agrarians",) and nxt.replacements == ()
    assert events[-1] == {"type": "game_over", "winner": "agrarians"}


@pytest.mark.rule("TOB-M3-SCEN-03")
def test_each_extra_super_brings_fifteen_more_cards():
    supers = [get(state(fighter("E1", "empire", [20, 0], SUPER), fighter("A1", "agrarians", [10, 0],
                                                                         ["CM", "STR", "THR", "LT"]),
                        modules=M3), "E1")] * 2
    assert sum(f.size for f in supers) + balance_cards(supers) == 2 * 15


@pytest.mark.rule("TOB-M3-OPT-01")
@pytest.mark.parametrize("option,build,rule", [
    ("big_fighters", {"cards": SUPER}, "TOB-M2-BUILD-02"),
    ("heavy_guns", {"cards": ["CM", "STR", "THR", "NB", "NB"], "heavy_guns": [["NB", "NB"]]}, "TOB-M3-OPT-01"),
    ("external_systems", {"cards": ["CM", "STR", "THR", "NB"], "external": ["LT"]}, "TOB-M3-OPT-01"),
])
def test_each_module_3_part_can_be_switched_off(option, build, rule):
    cards = build.pop("cards")
    make = lambda opts: state(fighter("E1", "empire", [20, 0], cards, facing="F", **build),  # noqa: E731
                              fighter("A1", "agrarians", [10, 0], ["CM", "STR", "THR", "LT"]),
                              modules=M3, options=opts)
    make({})
    with pytest.raises(RuleError) as err:
        make({option: False})
    assert err.value.rule == rule


@pytest.mark.rule("TOB-M3-SCEN-01")
def test_bigger_plays_through_setup_and_turns():
    st = RS.new_game("bigger", seed=5)
    st, events = play(st, {"empire": {}, "agrarians": {}})
    seen = next(f for f in RS.view(st, "agrarians")["fighters"] if f["id"] == "E1")
    assert seen["external"] == ["LT", "JAM", "THR"] and seen["heavy_guns"] == 1 and seen["cards"] == ["?"] * 12
    assert st.phase == "declare" and set(RS.pending(st)) == {"empire"}
