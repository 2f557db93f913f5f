"""Turn or Burn's guided terminal entry for Module 5 (render/turn_or_burn.py's plot form, the
fields from render/turn_or_burn_v2.py): a secondary thrust's direction, the fighter a ram
names, locking a card down and unlocking it, each asked only when the plot decision offers it
and explained in the presenter's words; the whole order is checked by the rules."""

from __future__ import annotations

from typing import Any

import pytest

from hexfleet.games.turn_or_burn.interchange import parse
from hexfleet.games.turn_or_burn.rules import RULESET
from hexfleet.render.turn_or_burn import DECISION_WORDS, FORMS

from ...scripted_ui import ScriptedUI
from .m45_helpers import fighter, position

M5 = (1, 2, 5)
SKATER = ["CM", "STR", "THR", "FB", "ST", "LT"]


def form(answers: list[str], *fighters: dict[str, Any], options: dict[str, Any] | None = None,
         modules: tuple[int, ...] = M5) -> tuple[dict[str, Any], ScriptedUI]:
    state = parse(position(*fighters, modules=modules, options=options))
    view = RULESET.view(state, "red")
    ui = ScriptedUI(RULESET, state, answers)
    order = FORMS[view["decision"]["kind"]](ui, "red", view)
    RULESET.validate(state, "red", order)
    return order, ui


def far_apart(**r1: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return fighter("R1", "red", [20, 10], SKATER, **r1), fighter("B1", "blue", [26, 10], SKATER, facing="F")


@pytest.mark.rule("TOB-M5-SEC-01")
def test_a_secondary_thrust_asks_its_direction_in_the_presenters_words():
    order, ui = form(["ST", "B"], *far_apart())
    assert order == {"R1": [{"card": "ST", "direction": "B"}]}
    assert DECISION_WORDS["secondary"] in ui.shown and "1 hex B" in ui.shown
    assert not any("lock" in p for p in ui.prompts)  # a secondary thruster is not locked down (TOB-M5-LOCK-06)
    order, _ = form(["ST", ""], *far_apart())  # Enter: no shift
    assert order == {"R1": [{"card": "ST"}]}


@pytest.mark.rule("TOB-M5-RAM-01")
@pytest.mark.rule("TOB-M5-RAM-02")
def test_the_thruster_card_asks_which_fighter_it_rams():
    rammer = fighter("R1", "red", [20, 10], SKATER)
    near = (fighter("B1", "blue", [21, 10], SKATER, facing="F"), fighter("B2", "blue", [20, 11], SKATER, facing="F"))
    order, ui = form(["THR", "B2"], rammer, *near)
    assert order == {"R1": [{"card": "THR", "ram": "B2"}]}
    assert DECISION_WORDS["ram"] in ui.shown and "the nearest enemy within 1 hex (Enter)" in ui.shown
    order, _ = form(["THR", ""], rammer, *near)  # Enter: the nearest, as the rules pick it
    assert order == {"R1": [{"card": "THR"}]}


@pytest.mark.rule("TOB-M5-LOCK-02")
@pytest.mark.rule("TOB-M5-LOCK-04")
def test_a_card_is_locked_down_and_a_locked_one_unlocked_with_tnc():
    order, ui = form(["LT", "y"], *far_apart())
    assert order == {"R1": [{"card": "LT", "lock": True}]}
    assert DECISION_WORDS["lock"] in ui.shown and "R1: lock LT down? (y/N)" in ui.prompts
    order, ui = form(["TNC", "y"], *far_apart(locked_action={"card": "LT", "misses": 4}))
    assert order == {"R1": [{"card": "TNC", "unlock": True}]}
    assert DECISION_WORDS["unlock"] in ui.shown and "R1: unlock LT? (y/N)" in ui.prompts
    order, ui = form(["B1A"], *far_apart(locked_action={"card": "LT", "misses": 4}))
    assert order == {"R1": [{"card": "B1A"}]}  # one lock at a time (TOB-M5-LOCK-03): no question
    assert not any("lock" in p for p in ui.prompts)


@pytest.mark.rule("TOB-M5-OPT-01")
def test_no_module_5_question_when_its_system_is_switched_off():
    off = {"secondary_thrusters": False, "ramming": False, "lock_down": False}
    for card in ("ST", "THR", "LT"):
        order, ui = form([card], *far_apart(), options=off)
        assert order == {"R1": [{"card": card}]}
        assert ui.prompts == ["R1 card (Enter = plot nothing)"], ui.prompts
