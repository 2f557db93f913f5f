"""Module 2 teams: scoring, replacement and re-entry, victory (TOB-M2-SCEN-01/04/05)."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.games.turn_or_burn.position import parse_position, position_to_json

from .m23_helpers import RS, fighter, get, of_type, play, resolve, state

RED = ["CM", "STR", "THR", "NB", "SG", "BOT"]
BLUE = ["CM", "STR", "THR", "LT"]


def two_a_side(**kw):
    return state(fighter("R1", "red", [10, 0], RED), fighter("R2", "red", [10, 4], RED),
                 fighter("B1", "blue", [20, 0], BLUE, facing="F"),
                 fighter("B2", "blue", [28, -10], BLUE, facing="C", momentum=[29, -10]), **kw)


@pytest.mark.rule("TOB-M2-SCEN-01")
@pytest.mark.rule("TOB-M2-SCEN-04")
@pytest.mark.rule("TOB-AMB-62")
@pytest.mark.rule("TOB-AMB-63")
def test_replacement_skips_a_turn_then_opponents_pick_the_edge_hex():
    st = two_a_side()
    st, events = play(st, {"red": {}, "blue": {}})  # turn 1: B2 coasts off the east edge
    assert {"type": "eliminated", "id": "B2", "cause": "off_map"} in events
    assert dict(st.scores) == {"blue": 0, "red": 1}
    assert [(r.id, r.enters_on_turn) for r in st.replacements] == [("B2", 3)]
    assert st.phase == "plot" and st.fighter("B2") is None  # turn 2: skipped
    st, _ = play(st, {"red": {}, "blue": {}})
    assert st.turn == 3 and st.phase == "reentry_hex"
    assert set(RS.pending(st)) == {"red"}  # the opposing team picks the hex
    assert RS.view(st, "red")["replacements"][0] == {"side": "blue", "enters_on_turn": 3, "id": "B2"}  # build secret
    assert RS.view(st, "blue")["replacements"][0]["cards"] == BLUE
    with pytest.raises(RuleError) as err:
        RS.validate(st, "red", {"B2": [15, 0]})
    assert err.value.rule == "TOB-M2-SCEN-04"
    st, events = play(st, {"red": {"B2": [29, -5]}})
    assert st.phase == "reentry" and set(RS.pending(st)) == {"blue"}
    with pytest.raises(RuleError) as err:
        RS.validate(st, "blue", {"B2": {"facing": "F", "momentum": [22, -5]}})  # 7 hexes: too fast
    assert err.value.rule == "TOB-M2-SCEN-04"
    new = ["CM", "STR", "THR", "NB", "SG", "SG"]
    st, events = play(st, {"blue": {"B2": {"cards": new, "facing": "F", "momentum": [24, -5], "shields": True}}})
    b2 = get(st, "B2")
    assert (b2.hex, b2.momentum, b2.facing, b2.shields, b2.cards) == ((29, -5), (24, -5), 5, True, tuple(new))
    assert st.phase == "plot" and set(RS.pending(st)) == {"red", "blue"}
    assert next(f for f in RS.view(st, "red")["fighters"] if f["id"] == "B2")["cards"] == ["?"] * 6


@pytest.mark.rule("TOB-M2-SCEN-04")
def test_resolve_places_due_replacements_by_default():
    data = position_to_json(two_a_side())
    data["fighters"] = data["fighters"][:3]
    data["replacements"] = [{"side": "blue", "enters_on_turn": 2}]
    st = parse_position(data)  # read for `hexfleet resolve`: every phase decision takes its default
    assert st.fighter("B2") is None and st.phase == "plot"
    nxt, events = resolve(st, {})
    entered = of_type(events, "entered")[0]  # the start of turn 2 is part of turn 1's output
    home = list(st.config.map.from_offset(29, 11))  # middle of the owner's home (east) edge
    assert entered["id"] == "B2" and entered["hex"] == home and entered["momentum"] == home  # speed 0
    assert position_to_json(nxt)["replacements"] == [] and get(nxt, "B2").hex == tuple(home)
    data["replacements"] = [{"side": "blue", "enters_on_turn": 1, "id": "B7", "cards": ["CM", "STR", "THR", "BG"]}]
    assert parse_position(data).fighter("B7").cards == ("CM", "STR", "THR", "BG")


@pytest.mark.rule("TOB-M2-SCEN-04")
def test_a_place_entry_puts_a_replacement_on_the_chosen_edge_hex():
    """``hexfleet resolve``'s ``place`` entry (the format's order fields): a map-edge hex (the
    opponents' choice, TOB-M2-SCEN-04.3), the owner's facing and speed 0-6; anywhere else is
    refused with the rule and the field, and nothing is written."""
    from hexfleet.games.turn_or_burn.interchange import resolve as resolve_json

    data = position_to_json(two_a_side())
    data["fighters"] = data["fighters"][:3]
    data["replacements"] = [{"side": "blue", "enters_on_turn": 2, "id": "B2"}]
    edge = list(parse_position(data).config.map.from_offset(29, 3))
    out, events = resolve_json(data, {"B2": [{"place": {"hex": edge, "facing": "E"}}]}, 0)
    entered = of_type(events, "entered")[0]
    assert (entered["id"], entered["hex"], entered["facing"], entered["momentum"]) == ("B2", edge, "E", edge)
    inside = list(parse_position(data).config.map.from_offset(20, 3))
    with pytest.raises(RuleError) as info:
        resolve_json(data, {"B2": [{"place": {"hex": inside}}]}, 0)
    assert (info.value.rule, info.value.field) == ("TOB-M2-SCEN-04", "order.B2[0].place.hex")


@pytest.mark.rule("TOB-M2-SCEN-05")
@pytest.mark.rule("TOB-AMB-61")
def test_first_team_to_the_goal_wins_and_a_tie_is_a_draw():
    st = two_a_side(options={"goal": 1})
    nxt, events = resolve(st, {})
    assert nxt.outcome.winners == ("red",) and events[-1] == {"type": "game_over", "winner": "red"}
    both = state(fighter("R1", "red", [1, 0], RED, momentum=[0, 0]), fighter("R2", "red", [10, 4], RED),
                 fighter("B1", "blue", [20, 0], BLUE, facing="F"),
                 fighter("B2", "blue", [28, -10], BLUE, momentum=[29, -10]), options={"goal": 1})
    nxt, events = resolve(both, {})
    assert dict(nxt.scores) == {"blue": 1, "red": 1} and nxt.outcome.is_draw
    assert RS.scores(nxt) == {"blue": 1.0, "red": 1.0}  # what studies read


@pytest.mark.rule("TOB-M2-SCEN-05")
def test_time_limit_most_points_wins():
    st = two_a_side(options={"goal": None, "turn_limit": 1})
    nxt, _ = resolve(st, {})
    assert nxt.outcome.reason == "turn_limit" and nxt.outcome.winners == ("red",)
    assert position_to_json(nxt)["scores"] == {"red": 1, "blue": 0}
