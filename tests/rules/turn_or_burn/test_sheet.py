"""The play-by-mail order sheet (docs/pbm.md): text read into the orders the rules check, every
error with its line, unit, card and rule, nothing accepted from a sheet with an error, and the
turn's later decisions answered in advance (TOB-SEQ-04)."""

from __future__ import annotations

import pytest

from hexfleet.engine.sheet import SheetErrors, check_sheet
from hexfleet.games.turn_or_burn.interchange import parse, resolve
from hexfleet.plugins import sheet_reader

from .m23_helpers import RS, fighter, of_type, play, state
from .m45_helpers import fighter as f4
from .m45_helpers import position, projectile

SIX = ["CM", "STR", "STR", "THR", "NB", "SCAN"]
READER = sheet_reader("turn-or-burn")


def duel():
    """R1 and B1 three hexes apart facing each other, B2 beside B1 (Module 2, stops at fire)."""
    return state(fighter("R1", "red", [10, 0], SIX), fighter("R2", "red", [10, 4], SIX),
                 fighter("B1", "blue", [13, 0], SIX, facing="F"), fighter("B2", "blue", [13, 1], SIX, facing="F"))


def errors(st, seat: str, text: str) -> list[str]:
    with pytest.raises(SheetErrors) as caught:
        check_sheet(RS, READER, st, seat, text)
    return [str(e) for e in caught.value.errors]


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_one_line_per_ship_and_action_in_card_codes_or_book_names():
    sheet = """turn 1
    # red's orders, typed in a mail
    R1: Neutrino Beam > B1
    R2: b2s          # codes in any case
    > R2: TR         (quoted from the last mail: ignored)
    --
    R2: TR           (after the signature line: ignored)
    """
    accepted = check_sheet(RS, READER, duel(), "red", sheet)
    assert accepted.kind == "plot"
    assert accepted.order == {"R1": [{"card": "NB", "target": "B1"}], "R2": [{"card": "B2S"}]}
    RS.validate(duel(), "red", accepted.order)  # the JSON the rules and records already take


@pytest.mark.rule("TOB-M6-ORDER-01")
@pytest.mark.rule("TOB-COMP-01")
def test_every_line_error_is_reported_with_line_unit_card_and_rule():
    found = errors(duel(), "red", "R1: Bubble Blaster\nR7: TNC\nR2 frob: 1\nnonsense\nR2: NB with foo=1\n")
    assert found[0].startswith("line 1, unit R1, card Bubble Blaster: unknown card")
    assert found[1].startswith("line 2, unit R7: no unit 'R7' in play")
    assert found[2].startswith("line 3, unit R2: unknown line word 'frob'")
    assert found[3].startswith("line 4: expected UNIT: actions")
    assert found[4].startswith("line 5, unit R2, card NB: unknown field 'foo'")
    assert found[0].endswith("[rule TOB-COMP-01]")  # the game's cards
    assert all(e.endswith("[rule TOB-M6-ORDER-01]") for e in found[1:])  # the order sheet's rows


@pytest.mark.rule("TOB-M1-PLOT-01")
@pytest.mark.rule("TOB-M1-PLOT-03")
def test_rule_errors_name_each_units_line_card_and_rule_and_nothing_is_accepted():
    found = errors(duel(), "red", "R1: B2S\nR2: JAM\nR1: NB\n")
    assert found == ["line 1, unit R1: a fighter plots 1 action per turn; got 2 [rule TOB-M1-PLOT-01]",
                     "line 2, unit R2, card JAM: the fighter has no Jammer (JAM) card; its cards: "
                     "CM STR STR THR NB SCAN [rule TOB-M1-PLOT-03]"]


@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_sheet_for_another_turn_or_a_seat_with_nothing_to_decide_is_refused():
    assert errors(duel(), "red", "turn 4\nR1: TNC\n") == [
        "line 1: this sheet is for turn 4, but turn 1 is open [rule TOB-M6-ORDER-01]"]
    assert errors(duel(), "green", "R1: TNC\n")[0].startswith("seat 'green' has nothing to decide now")
    assert errors(duel(), "red", "R1 fire: B1\n") == ["the sheet gives no orders for the decision open now (plot)"]


@pytest.mark.rule("TOB-SEQ-04")
@pytest.mark.rule("TOB-AMB-19")
def test_conditional_fire_answers_ride_along_and_are_used_when_the_fire_decision_opens():
    st = duel()
    red = check_sheet(RS, READER, st, "red", "R1: NB\nR2: B1A\nR1 fire: B2\n")
    assert red.order == {"R1": [{"card": "NB"}], "R2": [{"card": "B1A"}], "then": {"fire": {"R1": ["B2"]}}}
    blue = check_sheet(RS, READER, st, "blue", "B1: NB\nB2: TNC\nB1 fire: hold\n")
    after, events = play(st, {"red": red.order, "blue": blue.order})
    announced = of_type(events, "announced")
    assert announced and announced[0]["shots"] == [{"shooter": "R1", "weapon": "NB", "target": "B2"}]
    assert "red" not in RS.pending(after) or RS.pending(after)["red"].kind != "fire"  # answered in advance


@pytest.mark.rule("TOB-M1-SETUP-02")
def test_setup_lines_give_the_placement_fields():
    st = RS.new_game("quick-shot", seed=1)
    accepted = check_sheet(RS, READER, st, "red", "R1 setup: gun=NB hex=5/8 facing=C momentum=7/8\nR1: TNC\n")
    assert accepted.order == {"R1": {"gun": "NB", "hex": [5, 8], "facing": "C", "momentum": [7, 8]},
                              "then": {"plot": {"R1": [{"card": "TNC"}]}}}
    assert errors(st, "red", "R1 setup: gun=XX\n") == [
        "line 1, unit R1: the gun must be one of BG, DB, NB, LT, got 'XX' [rule TOB-M1-BUILD-01]"]


@pytest.mark.rule("TOB-M4-MISSILE-01")
@pytest.mark.rule("TOB-M6-ORDER-01")
def test_module_4_standing_decisions_and_action_fields_on_a_sheet():
    pos = position(f4("R1", "red", [10, 10]), f4("B1", "blue", [30, 0]),
                   projectiles=(projectile("m", "red", "missile", [20, 10], [22, 9], fuel=5),))
    st = parse(pos)
    accepted = check_sheet(RS, READER, st, "red", "R1: MR\nm steer: 21/12\n")
    assert accepted.order == {"R1": [{"card": "MR"}], "m": [{"steer": [21, 12]}]}
    _, events = resolve(pos, accepted.order, 0)
    assert of_type(events, "steered")[0]["to"] == [21, 12]
    assert errors(st, "red", "R1: TNC\nm steer: 26/9\n")[0].startswith("line 2, unit m: ")
    assert errors(st, "red", "R1: TNC\nm steer: 26/9\n")[0].endswith("[rule TOB-M4-MISSILE-01]")
    with_fields = check_sheet(RS, READER, st, "red", "R1: MR with copy=1\n")
    assert with_fields.order == {"R1": [{"card": "MR", "copy": 1}]}
