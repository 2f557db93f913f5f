"""The terminal's words and guided entry for Modules 4-5: launch parameters, projectile
decisions, the map marks of black holes and projectiles."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from hexfleet.engine.errors import FormatError, RuleError
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.interchange import parse
from hexfleet.render import turn_or_burn as presenter

from .m45_helpers import fighter, position, projectile

RS = get_ruleset("turn-or-burn")


class FakeUI:
    """Answers typed in advance; ``check`` is the rules' validation, as in the terminal."""

    def __init__(self, state, answers):
        self.state, self.answers = state, list(answers)
        self.console = Console(file=io.StringIO(), width=120)

    def ask(self, prompt, default):
        return self.answers.pop(0) if self.answers else default

    def ask_value(self, prompt, default, parse):
        answer = self.ask(prompt, default)
        return parse(answer if answer else default)

    def check(self, seat, order):
        try:
            RS.validate(self.state, seat, order)
        except (RuleError, FormatError):
            return False
        return True


@pytest.mark.rule("TOB-M4-LAUNCH-04")
@pytest.mark.rule("TOB-M4-DET-01")
def test_guided_plot_asks_launch_parameters_and_projectile_decisions():
    kit = ["CM", "STR", "THR", "CAN", "LT"]
    st = parse(position(fighter("R1", "red", [20, 10], kit, facing="A", momentum=[20, 9]),
                        fighter("B1", "blue", [35, 0], ["CM", "STR", "THR", "LT"]),
                        projectiles=(projectile("rm", "red", "missile", [10, 20], [10, 21], fuel=4),
                                     projectile("rx", "red", "mine", [30, 20])),
                        black_holes=([25, 25],)))
    view = RS.view(st, "red")
    ui = FakeUI(st, ["CAN", "2", "11,22", "d"])
    order = presenter.FORMS["plot"](ui, "red", view)
    assert order == {"R1": [{"card": "CAN", "thrust": 2}], "rm": [{"steer": [11, 22]}], "rx": [{"detonate": True}]}
    RS.validate(st, "red", order)


def test_text_map_shows_black_holes_and_projectiles():
    st = parse(position(fighter("R1", "red", [20, 10]), fighter("B1", "blue", [24, 8]),
                        projectiles=(projectile("rm", "red", "missile", [22, 10]),), black_holes=([22, 12],)))
    text = presenter.describe_view(RS.view(st, "red"))
    assert "(@)" in text and "Mm" in text and "Projectiles" in text  # missile "rm": M and its last letter
    assert presenter.describe_event({"type": "gravity_shift", "id": "R1", "black_hole": [1, 1], "distance": 3,
                                     "direction": "F", "hexes": 4, "momentum": [0, 0]}).startswith("the black hole")
