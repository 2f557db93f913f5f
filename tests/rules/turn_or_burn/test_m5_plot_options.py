"""What the order panel is offered for a Module 5 plot (the plot decision's options, read by
the browser's ``tob.js``): a secondary thruster's directions, the fighters a ram may name, the
cards that may be locked down and the lock to undo; legal cards that obey the Module 5 checks;
a preview that counts the secondary thrust; one helper for a hockey fighter's free edge hex."""

from __future__ import annotations

import pytest

from hexfleet.games.turn_or_burn.interchange import parse
from hexfleet.games.turn_or_burn.reentry import edge_hexes, free_edge_hex
from hexfleet.games.turn_or_burn.rules import RULESET
from hexfleet.hexgrid import RectMap

from .m45_helpers import fighter, position

M5 = (1, 2, 5)
SKATER = ["CM", "STR", "THR", "FB", "ST", "LT"]
ZAPPER = ["CM", "STR", "THR", "FB", "ZG", "LT"]


def options(*fighters, seat="red", modules=M5, **kw):  # type: ignore[no-untyped-def]
    state = parse(position(*fighters, modules=modules, **kw))
    return state, RULESET.pending(state)[seat].options["fighters"]


@pytest.mark.rule("TOB-M5-SEC-01")
@pytest.mark.rule("TOB-M5-RAM-01")
def test_the_panel_is_offered_a_secondary_thrusts_directions_and_a_rams_fighters():
    _, opts = options(fighter("R1", "red", [20, 10], SKATER), fighter("R2", "red", [20, 14], ZAPPER),
                      fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    assert opts["R1"]["secondary"] == list("ABCDEF") and "secondary" not in opts["R2"]  # R2 has no ST
    assert opts["R1"]["rams"] == opts["R2"]["rams"] == ["B1"]


@pytest.mark.rule("TOB-M5-FB-05")
@pytest.mark.rule("TOB-M5-ZAP-08")
def test_a_beams_hexes_and_a_repair_bots_restore_are_offered():
    mender = ["CM", "STR", "THR", "FB", "BOT", "LT"]
    _, opts = options(fighter("R1", "red", [20, 10], mender, lost_maneuvers=["B1A", "T60S"]),
                      fighter("R2", "red", [20, 14], mender), fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    assert opts["R1"]["beam_hexes"] == [3, 2, 1, 0]
    assert opts["R1"]["restore"] == ["B1A", "T60S"] and "restore" not in opts["R2"]  # R2 lost none
    assert "B1A" not in opts["R1"]["cards"]  # a lost maneuver is not offered (TOB-M5-ZAP-06)


@pytest.mark.rule("TOB-M5-SEC-02")
def test_no_direction_is_offered_to_a_heavy_fighter_with_one_secondary_thruster():
    heavy = ["CM", "STR", "STR", "THR", "FB", "ST", "LT", "CM"]  # 8 cards: a heavy fighter
    _, opts = options(fighter("R1", "red", [20, 10], heavy), fighter("B1", "blue", [24, 10], SKATER, facing="F"),
                      modules=(1, 2, 3, 5))
    assert "ST" not in opts["R1"]["cards"] and "secondary" not in opts["R1"]
    _, opts = options(fighter("R1", "red", [20, 10], heavy + ["ST"]), fighter("B1", "blue", [24, 10], SKATER, facing="F"),
                      modules=(1, 2, 3, 5))
    assert "ST" in opts["R1"]["cards"] and opts["R1"]["secondary"] == list("ABCDEF")  # two: it may


@pytest.mark.rule("TOB-M5-LOCK-03")
@pytest.mark.rule("TOB-M5-LOCK-04")
@pytest.mark.rule("TOB-M5-LOCK-06")
def test_lock_down_choices_follow_the_lock_rules():
    free, opts = options(fighter("R1", "red", [20, 10], SKATER), fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    lockable = opts["R1"]["lockable"]
    assert {"B1A", "T60S", "FB", "LT"} <= set(lockable)
    assert {"TNC", "CM", "STR", "THR", "ST"}.isdisjoint(lockable)  # TNC and crew, structure, thrusters never
    assert opts["R1"]["locked"] is None and opts["R1"]["unlock"] is False
    _, opts = options(fighter("R1", "red", [20, 10], SKATER, locked_action={"card": "LT", "misses": 4}),
                      fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    assert opts["R1"]["locked"] == "LT" and opts["R1"]["unlock"] is True  # TNC may unlock it
    assert opts["R1"]["lockable"] == []  # one lock at a time: with one action none can be added


@pytest.mark.rule("TOB-M5-ZAP-04")
@pytest.mark.rule("TOB-M5-LOCK-07")
def test_legal_cards_obey_the_module_5_checks():
    _, opts = options(fighter("R1", "red", [20, 10], SKATER, locked_action={"card": "T60S", "misses": 5}),
                      fighter("R2", "red", [20, 14], ZAPPER), fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    assert "DITTO" not in opts["R2"]["cards"]  # zap guns in use: no ditto
    assert "TNC" in opts["R1"]["cards"] and not {"T120S", "TR", "T60P"} & set(opts["R1"]["cards"])


@pytest.mark.rule("TOB-M5-SEC-01")
@pytest.mark.rule("TOB-M5-SEC-06")
def test_the_preview_counts_a_secondary_thrust():
    state, _ = options(fighter("R1", "red", [20, 10], SKATER, momentum=[21, 10]),
                       fighter("B1", "blue", [24, 10], SKATER, facing="F"))
    plain = RULESET.preview(state, "red", {"R1": [{"card": "ST"}]})["fighters"]["R1"]
    shifted = RULESET.preview(state, "red", {"R1": [{"card": "ST", "direction": "A"}]})["fighters"]["R1"]
    assert plain["hex"] == [21, 10] and plain["thrust"] == 0
    assert shifted["hex"] == [21, 9] and shifted["thrust"] == 1  # the marker moved 1 hex A first


@pytest.mark.rule("TOB-M5-HOCKEY-06")
def test_the_first_free_hex_of_an_edge():
    board = RectMap(30, 22)
    left = edge_hexes(board, "left")
    assert free_edge_hex(board, "left", set()) == left[0]
    assert free_edge_hex(board, "left", {left[0], left[1], None}) == left[2]
    assert free_edge_hex(board, "left", set(left)) == left[0]  # all held: the first
