"""Module 6 stations placed by the players (TOB-M6-STN-02): the ``big-party`` preset with
``placement = "players"`` asks one player at a time, in player-number order, for the next
station's hex, a fifth of the map from every edge and 5 hexes from every placed station."""

from __future__ import annotations

import pytest

from hexfleet.engine.errors import RuleError
from hexfleet.engine.sheet import SheetErrors, check_sheet
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.big_party import station_bounds
from hexfleet.hexgrid import distance, to_offset
from hexfleet.plugins import sheet_reader

RS = get_ruleset("turn-or-burn")
READER = sheet_reader("turn-or-burn")
PLAYERS = {"players": 3, "mode": "capture", "ships": 2, "placement": "players"}
S1_HEX, S2_HEX, S3_HEX = [20, 5], [14, 10], [26, 0]
"""Columns 20, 14, 26 and rows 15, 17, 13 of the 40 x 30 map: inside 8-31 x 6-23, apart."""


def place(state, seat: str, order):
    assert RS.asked(state).seats == (seat,)
    return RS.advance(state, {seat: order})


@pytest.mark.rule("TOB-M6-STN-02")
def test_players_place_the_stations_alternately_one_at_a_time_then_the_plot_opens():
    state = RS.new_game("big-party", seed=1, options=PLAYERS)
    assert state.stations == () and state.turn == 1
    decision = RS.decision(state, "P1")
    assert decision is not None and decision.kind == "stations"
    assert decision.options["S1"]["columns"] == {"from": 8, "to": 31}
    assert decision.options["S1"]["rows"] == {"from": 6, "to": 23}
    assert RS.decision(state, "P2") is None  # one player at a time
    state, events = place(state, "P1", {"S1": S1_HEX})
    assert events == [{"type": "station_placed", "id": "S1", "hex": S1_HEX, "side": "P1"}]
    state, _ = place(state, "P2", {"S2": S2_HEX})
    state = RS.from_json(RS.to_json(state))  # a game stored between two placements goes on
    assert RS.asked(state).kind == "stations"
    state, _ = place(state, "P3", {"S3": S3_HEX})
    assert [(s.id, list(s.hex), s.owner) for s in state.stations] == [
        ("S1", S1_HEX, None), ("S2", S2_HEX, None), ("S3", S3_HEX, None)]  # all start unowned
    ask = RS.asked(state)
    assert ask.kind == "plot" and ask.seats == ("P1", "P2", "P3") and state.turn == 1


@pytest.mark.rule("TOB-M6-STN-02")
@pytest.mark.rule("TOB-AMB-46")
def test_a_station_too_near_an_edge_or_another_station_is_refused_with_the_rule():
    state = RS.new_game("big-party", seed=1, options=PLAYERS)
    with pytest.raises(RuleError) as err:
        RS.validate(state, "P1", {"S1": [3, 0]})  # column 3: less than 40/5 from the left edge
    assert err.value.rule == "TOB-M6-STN-02" and "a fifth of the map" in str(err.value)
    with pytest.raises(RuleError) as err:
        RS.validate(state, "P1", {"S2": S1_HEX})
    assert err.value.rule == "TOB-M6-STN-02" and "place S1 now" in str(err.value)
    state, _ = place(state, "P1", {"S1": S1_HEX})
    near = [S1_HEX[0] + 4, S1_HEX[1]]
    with pytest.raises(RuleError) as err:
        RS.validate(state, "P2", {"S2": near})
    assert err.value.rule == "TOB-M6-STN-02" and "4 hexes from S1" in str(err.value)
    assert [s.id for s in state.stations] == ["S1"] and RS.asked(state).seats == ("P2",)  # nothing changed
    RS.validate(state, "P2", {"S2": [S1_HEX[0] + 5, S1_HEX[1]]})  # 5 apart is enough


@pytest.mark.rule("TOB-M6-STN-02")
def test_the_legal_hexes_are_exactly_the_allowed_ones_and_a_silent_seat_gets_the_nearest_to_the_preset():
    state, _ = place(RS.new_game("big-party", seed=1, options=PLAYERS), "P1", {"S1": S1_HEX})
    (q0, q1), (r0, r1) = station_bounds(state.config.map)
    legal = [RS.order_json(state, "P2", o)["S2"] for o in RS.legal(state, "P2")]
    expected = [[q, r] for q in range(-20, 60) for r in range(-20, 40)
                if q0 <= to_offset((q, r))[0] <= q1 and r0 <= to_offset((q, r))[1] <= r1
                and distance((q, r), tuple(S1_HEX)) >= 5]
    assert sorted(legal) == sorted(expected)
    default = RS.default_order(state, "P2")
    assert default == {"S2": [27, 6]}  # the preset's spot for S2 (column 27, row 19) is free
    RS.validate(state, "P2", default)


@pytest.mark.rule("TOB-M6-STN-02")
def test_the_preset_placement_stays_the_default():
    state = RS.new_game("big-party", seed=1, options={"players": 3, "mode": "capture"})
    assert RS.asked(state).kind == "plot" and len(state.stations) == 3


@pytest.mark.rule("TOB-M6-STN-02")
@pytest.mark.rule("TOB-M6-ORDER-01")
def test_a_sheet_places_the_station_and_its_errors_name_line_station_and_rule():
    state = RS.new_game("big-party", seed=1, options=PLAYERS)
    accepted = check_sheet(RS, READER, state, "P1", "S1 station: 20/5\n")
    assert accepted.kind == "stations" and accepted.order == {"S1": S1_HEX}
    with pytest.raises(SheetErrors) as caught:
        check_sheet(RS, READER, state, "P1", "# my station\nS1 station: 3/0\n")
    (error,) = caught.value.errors
    assert (error.line, error.unit, error.rule) == (2, "S1", "TOB-M6-STN-02")
    with pytest.raises(SheetErrors) as caught:
        check_sheet(RS, READER, state, "P1", "S2 station: 20/5\n")
    assert "no unit 'S2'" in str(caught.value.errors[0])


@pytest.mark.rule("TOB-M6-STN-02")
@pytest.mark.parametrize("bot", ["heuristic", "random", "mcts"])
def test_bots_place_stations_for_their_seats(bot: str):
    from hexfleet.ai.base import get_bot
    from hexfleet.engine.ruleset import step
    state = RS.new_game("big-party", seed=3, options={**PLAYERS, "players": 4, "mode": "combination"})
    bots = {s: get_bot("turn-or-burn", bot, seed=1, **({"think": None, "iterations": 4} if bot == "mcts" else {}))
            for s in RS.seats(state)}
    while RS.asked(state).kind == "stations":
        state, _ = step(RS, state, {s: bots[s].choose(RS, s, RS.view(state, s), RS.legal(state, s))
                                    for s in RS.pending(state)})  # validates every order
    assert len(state.stations) == 4 and RS.asked(state).kind == "plot"
