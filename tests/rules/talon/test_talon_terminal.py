"""Talon's guided terminal entry (render/talon_forms.py, the presenter's FORMS): each decision
asked field by field from the view, each answer by number or by its own spelling, the whole
order checked by the rules and asked again when refused; and a terminal session playing the
duel against a bot through the forms."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from hexfleet.ai.base import RandomBot
from hexfleet.engine.game import Game
from hexfleet.engine.rng import Rng
from hexfleet.games import get_ruleset
from hexfleet.games.talon.position import parse_position
from hexfleet.games.talon.world import TalState
from hexfleet.render.talon import FORMS, describe_view
from hexfleet.terminal import TerminalPlay

from ...scripted_ui import ScriptedUI
from .helpers import position, ship

RS = get_ruleset("talon")


def state_of(pos: dict[str, Any]) -> TalState:
    return TalState(parse_position(pos), Rng.from_seed(0))


def duel(**top: Any) -> TalState:
    """Patton (Terran CA, curve 3-3-2, battery) facing east at 0,0 and Justice (Talon CA) two
    hexes ahead facing west; Impulse B lists 3, so Patton has an AP and must move (TAL-D-1)."""
    return state_of(position(ship("patton", "terran-ca", "terran", (0, 0), 0),
                             ship("justice", "talon-ca", "talon", (2, 0), 3),
                             **{"impulse": "B", "initiative": "terran", "player": "terran", "step": "ap", **top}))


def form(state: TalState, answers: list[str], seat: str = "terran") -> tuple[Any, ScriptedUI]:
    view = RS.view(state, seat)
    ui = ScriptedUI(RS, state, answers, width=160)
    order = FORMS[view["decision"]["kind"]](ui, seat, view)
    RS.validate(state, seat, order)
    return order, ui


@pytest.mark.rule("TAL-6.1.e")
def test_an_ap_is_spent_field_by_field_with_the_ship_and_arc_in_words():
    order, ui = form(duel(), ["ap", "1", "reinforce", "F"])
    assert order == {"do": "ap", "ship": "patton", "use": "reinforce", "arc": "F"}
    assert "patton (terran-ca) at [0, 0] facing 0, curve 3-3-2 [AP] [MOVE]" in ui.shown
    assert "F: 6 boxes" in ui.shown and "reinforce a shield arc (TAL-6.1.e)" in ui.shown


def test_the_first_question_defaults_to_the_ap_then_the_moves_the_impulse_asks_for():
    order, ui = form(duel(), ["", "", "charge_battery"])
    assert order == {"do": "ap", "ship": "patton", "use": "charge_battery"}
    order, _ = form(duel(step="move"), ["", "", "turn_left"])
    assert order == {"do": "move", "unit": "patton", "how": "turn_left"}


@pytest.mark.rule("TAL-10.2.2")
def test_a_talon_ship_not_scheduled_to_move_moves_on_an_afterburner():
    """Impulse A does not list Justice's Speed 3: its move is an afterburner's, and says so."""
    st = duel(player="talon", initiative="talon", impulse="A")
    order, ui = form(st, ["move", "justice", "straight"], seat="talon")
    assert order == {"do": "move", "unit": "justice", "how": "straight", "afterburner": True}
    assert "moves on an afterburner (2 left, TAL-10.2.2)" in ui.shown
    order, _ = form(duel(player="talon", initiative="talon"), ["move", "justice", "straight"], seat="talon")
    assert order == {"do": "move", "unit": "justice", "how": "straight"}  # Impulse B lists 3: no afterburner


def test_fire_names_each_enemy_with_range_and_arc_then_builds_the_shots():
    order, ui = form(duel(step="fire"), ["fire", "patton", "2", "1"])
    assert order == {"do": "fire", "ship": "patton", "group": 2, "shots": [{"target": "justice"}]}
    assert "group 2: 1x amt [F] 2/2r 2/2y" in ui.shown
    assert "justice at [2, 0]: range 2, in F arc" in ui.shown


@pytest.mark.rule("TAL-6.1")
def test_a_refused_order_shows_its_rule_and_is_asked_again():
    """An AP after the move step (typed as JSON) breaks TAL-6.1; the form starts again."""
    order, ui = form(duel(step="fire"), ["json", '{"do": "ap", "ship": "patton", "use": "side_slip"}', "end_turn"])
    assert order == {"do": "end_turn"}
    assert ui.refused and "TAL-6.1" in ui.refused[0]


def test_a_number_out_of_range_is_asked_again():
    order, ui = form(duel(step="fire"), ["9", "end_turn"])
    assert order == {"do": "end_turn"}
    assert ui.prompts.count("terran: fire step, what now") == 2 and "'9' is not one of 1, 2, 3" in ui.refused


@pytest.mark.rule("TAL-7.1")
def test_ending_the_turn_before_a_scheduled_move_is_refused_and_asked_again():
    order, ui = form(duel(step="move"), ["end_turn", "move", "patton", "straight"])
    assert order == {"do": "move", "unit": "patton", "how": "straight"}
    assert ui.refused and "TAL-7.1" in ui.refused[0]


@pytest.mark.rule("TAL-9.3")
def test_the_power_phase_offers_the_curve_rows_and_enter_ends_it():
    st = duel(phase="power", impulse=None, step=None)
    order, ui = form(st, ["1", "4"])
    assert order == {"do": "speed", "ship": "patton", "speed": 4}
    assert "Speed 4: Power 2, Turn Radius 2" in ui.shown and "Speed 3: Power 3, Turn Radius 2 (now)" in ui.shown
    order, _ = form(st, [""])
    assert order == {"do": "end_turn"}


@pytest.mark.rule("TAL-4.2.b")
def test_the_initiative_choice_is_asked_of_the_side_that_placed_the_change_markers():
    """Talon's Turn ends the Impulse with Patton's Change marker alone: the kernel asks terran
    (not the acting talon player) who holds the Initiative, and the form asks it."""
    pos = position(ship("patton", "terran-ca", "terran", (0, 0), 0, initiative_marker="change"),
                   ship("justice", "talon-ca", "talon", (4, 0), 3),
                   impulse="B", initiative="terran", player="talon", step="repair")
    st = state_of(pos)
    st, _ = RS.advance(st, {"talon": {"do": "end_turn"}})
    assert RS.pending(st).keys() == {"terran"}
    order, ui = form(st, ["talon"])
    assert order == {"do": "initiative", "holder": "talon"}
    order, _ = form(st, [""])
    assert order == {"do": "initiative", "holder": "terran"}


def test_a_terminal_session_plays_the_duel_through_the_forms():
    """Every answer Enter (the forms' defaults: the AP, the moves, else end the Turn) for the
    Terran player against the random bot, until input ends; the steps were applied."""
    out = io.StringIO()
    answers = iter([""] * 120)
    asked: list[str] = []

    def ask(prompt: str, default: str) -> str:  # as the CLI's prompt: Enter is the default
        asked.append(prompt)
        try:
            return next(answers) or default
        except StopIteration:
            raise EOFError from None

    game = Game(RS, "duel", seed=5)
    play = TerminalPlay(game, bots={"talon": RandomBot(seed=1)}, console=Console(file=out, width=200), ask=ask)
    with pytest.raises(EOFError):
        play.run()
    shown = out.getvalue()
    assert game.steps > 10
    assert {"terran: ap step, what now", "terran: which ship spends", "terran: which unit moves"} <= set(asked)
    assert "Talon - round" in shown and "curve 3-3-2 [AP] [MOVE]" in shown and "Not accepted" not in shown


@pytest.mark.rule("TAL-D-1")
def test_the_text_view_shows_the_impulse_display_of_each_written_curve():
    """TAL-EX-2's Patton written 2-4-1: an AP in C and F, a move in A, C, D and F; the current
    Impulse starred."""
    st = state_of(position(ship("patton", "terran-ca", "terran", (0, 0), 0, curve=[2, 4, 1]),
                           impulse="C", initiative="terran", player="terran", step="ap"))
    text = describe_view(RS.view(st, "terran"))
    assert "  Impulse Display A   B   C*  D   E   F   (A: an AP, M: a move)" in text
    assert "  patton          M   .   AM  M   .   AM" in text


@pytest.mark.rule("TAL-IMP-2")
@pytest.mark.rule("TAL-AMB-19")
def test_the_side_not_acting_answers_its_choice_through_a_form():
    """Terran's squadron flies into the hex of a Talon missile aimed at it: the form asks talon
    (the missile's owner) which fighter, each with its hits, and Enter is the lowest number."""
    m = {"id": "M1", "side": "talon", "hex": [1, 0], "facing": 3, "target": "sq"}
    sq = {"id": "sq", "class": "terran-ftr", "side": "terran", "hex": [0, 0], "facing": 0,
          "fighters": [{"hull_marked": 1}, {}, {}]}
    pos = position(ship("cv", "terran-cv", "terran", (5, 5)), ship("x", "talon-ca", "talon", (0, 9)),
                   squadrons=[sq], missiles=[m], impulse="C", step="move", player="terran", initiative="terran",
                   interrupts=True)
    st, _ = RS.advance(state_of(pos), {"terran": {"do": "move", "unit": "sq", "how": "straight"}})
    assert RS.pending(st).keys() == {"talon"}
    order, ui = form(st, ["2"], seat="talon")
    assert order == {"do": "choose", "pick": 2}
    assert "fighter 1: 1 hits" in ui.shown and "(TAL-AMB-19)" in ui.prompts[0]
    order, _ = form(st, [""], seat="talon")
    assert order == {"do": "choose", "pick": 1}
    assert "waits for a choice of the other side" in describe_view(RS.view(st, "talon"))
