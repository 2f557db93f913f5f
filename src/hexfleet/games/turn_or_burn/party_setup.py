"""Module 6 set-up by the players: the stations, placed alternately one at a time (TOB-M6-STN-02).

A ``big-party`` game with the preset option ``placement = "players"`` starts in the
``stations`` phase with its stations still to place: one decision per station, asked of one
player at a time in player-number order (P1, P2, … and round again), until all are placed; then
turn 1's plot opens. The book says only "alternately"; who starts is this project's reading
(the lowest player number). The order names the next station and its hex,
``{"S3": [q, r]}`` (a sheet's ``S3 station: 19/9``): at least a fifth of the map from every
edge and 5 hexes from every placed station, else refused with TOB-M6-STN-02. A seat that says
nothing gets the allowed hex nearest the preset's spot for that station.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...engine.errors import RuleError
from ...engine.legal import Choices
from ...engine.procedure import Ask
from ...engine.ruleset import Event, Seat
from ...hexgrid import Hex, distance, from_offset, to_offset
from . import big_party, notation, party_scenario
from .orders import Orders, parse_orders
from .state import PLOT, STATIONS, Station, TobState

RULE = "TOB-M6-STN-02"


class StationHexes(Orders[Hex]):
    """``{station id: hex}``: where the seat places the open station."""

    __slots__ = ()
    name = "StationHexes"


def next_station(state: TobState) -> tuple[str, Seat]:
    """The station to place now and the player who places it (alternately, by player number)."""
    party = state.config.party
    assert party is not None and state.stations_to_place > 0
    placed = len(state.stations)
    players = sorted(party.players, key=lambda p: p.number)
    return f"S{placed + 1}", players[placed % len(players)].id


def ask(state: TobState) -> Ask:
    return Ask(STATIONS, (next_station(state)[1],))


def allowed(state: TobState) -> list[Hex]:
    """Every hex the open station may stand on, nearest the preset's spot for it first."""
    (q0, q1), (r0, r1) = big_party.station_bounds(state.config.map)
    hexes = [from_offset(col, row) for col in range(q0, q1 + 1) for row in range(r0, r1 + 1)]
    free = [h for h in hexes if all(distance(h, s.hex) >= big_party.STATION_SPACING for s in state.stations)]
    spot = party_scenario.station_spot(len(state.stations))
    return sorted(free, key=lambda h: (distance(h, spot), to_offset(h)))


def parse(state: TobState, ask: Ask, seat: Seat, raw: Any) -> StationHexes:
    def read(sid: str, value: Any, where: str) -> Hex:
        return notation.hex_at(value, where)
    return parse_orders(StationHexes, raw, read)


def check(state: TobState, ask: Ask, seat: Seat, order: StationHexes) -> None:
    """The one open station, within the map's middle and apart from the placed ones."""
    sid, _ = next_station(state)
    named = [k for k, _ in order.items]
    if named != [sid]:
        raise RuleError(RULE, f"stations are placed one at a time: place {sid} now (got {', '.join(named) or 'none'})",
                        unit=seat, field="order")
    h = order.items[0][1]
    if not state.config.map.contains(h):
        raise RuleError(RULE, f"station {sid}: hex {list(h)} is off the map", unit=sid, field="hex")
    big_party.check_stations((*state.stations, Station(sid, h, None)), state.config.map)


def legal(state: TobState, ask: Ask, seat: Seat) -> Choices[StationHexes]:
    sid, _ = next_station(state)
    return Choices([StationHexes(((sid, h),)) for h in allowed(state)])


def apply(state: TobState, ask: Ask, orders: Mapping[Seat, StationHexes]) -> tuple[TobState, list[Event]]:
    """The station placed, unowned (TOB-M6-STN-02); the plot opens once the last is down."""
    (seat, order), = orders.items()
    sid, h = order.items[0]
    left = state.stations_to_place - 1
    placed = replace(state, stations=(*state.stations, Station(sid, h, None)), stations_to_place=left,
                     phase=STATIONS if left else PLOT)
    return placed, [{"type": "station_placed", "id": sid, "hex": list(h), "side": seat}]


def default(state: TobState, ask: Ask, seat: Seat) -> dict[str, Any]:
    """The allowed hex nearest the preset's spot: the standing order of a silent seat."""
    sid, _ = next_station(state)
    return {sid: list(allowed(state)[0])}


def options(state: TobState, ask: Ask, seat: Seat) -> dict[str, Any]:
    """The open station, the allowed columns and rows (offset, not hexes: a client marks every
    ``[q, r]`` pair of the options on the map), the spacing and the placed stations."""
    sid, _ = next_station(state)
    (q0, q1), (r0, r1) = big_party.station_bounds(state.config.map)
    return {sid: {"default": list(allowed(state)[0]), "columns": {"from": q0, "to": q1}, "rows": {"from": r0, "to": r1},
                  "spacing": big_party.STATION_SPACING, "left": state.stations_to_place,
                  "placed": {s.id: list(s.hex) for s in state.stations}}}


def prompt(state: TobState, ask: Ask, seat: Seat) -> str:
    sid, _ = next_station(state)
    return (f"Place station {sid}: at least a fifth of the map from every edge and "
            f"{big_party.STATION_SPACING} hexes from every other station.")
