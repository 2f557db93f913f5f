"""The Module 6 fields of ``turn-or-burn/2`` (shared/formats/turn-or-burn-position.md):
``players``, ``stations`` and ``game`` at the top, ``marks`` on a ship, read into
:class:`~.big_party.Party`, :class:`~.state.Station` and the ship sheet, and written back.

``game`` may also carry ``budget``, the agreed building points per player (TOB-M6-SHIP-02,
[CONFIG]); this project writes it only when one is agreed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError, RuleError
from ...hexgrid import RectMap
from . import big_party, notation
from . import ship_sheet as sheet
from .big_party import Party, Player
from .state import Fighter, Station

GAME_FIELDS = ("modes", "points", "round_limit", "point_goal", "budget")


def parse_players(raw: Any, sides: tuple[str, ...]) -> tuple[Player, ...]:
    players = []
    for i, item in enumerate(reading.lst(raw, "players")):
        where = f"players[{i}]"
        data = reading.obj(item, where)
        reading.fields(data, where, allowed=("id", "number", "skills", "start_region"), required=("id", "number"))
        skills = tuple(reading.choice(s, big_party.SKILLS, f"{where}.skills[{j}]")
                       for j, s in enumerate(reading.lst(data.get("skills", []), f"{where}.skills")))
        region = None
        if data.get("start_region") is not None:
            r = reading.obj(data["start_region"], f"{where}.start_region")
            reading.fields(r, f"{where}.start_region", allowed=("q", "rows"), required=("q", "rows"))
            region = (_pair(r["q"], f"{where}.start_region.q"), _pair(r["rows"], f"{where}.start_region.rows"))
        players.append(Player(reading.text(data["id"], f"{where}.id"),
                              reading.integer(data["number"], f"{where}.number", low=1, high=big_party.MAX_PLAYERS),
                              skills, region))
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise FormatError("players", "a player is listed twice")
    missing = [s for s in sides if s not in ids]
    if missing:
        raise FormatError("players", f"side {missing[0]!r} has units but is not a player")
    return tuple(players)


def _pair(raw: Any, where: str) -> tuple[int, int]:
    items = reading.lst(raw, where)
    if len(items) != 2:
        raise FormatError(where, "expected [low, high]")
    low, high = (reading.integer(v, f"{where}[{k}]") for k, v in enumerate(items))
    if low > high:
        raise FormatError(where, f"low {low} is above high {high}")
    return low, high


def parse_game(raw: Any, players: tuple[Player, ...]) -> Party:
    data = reading.obj(raw, "game")
    reading.fields(data, "game", allowed=GAME_FIELDS)
    modes = tuple(reading.choice(m, big_party.MODES, f"game.modes[{i}]")
                  for i, m in enumerate(reading.lst(data.get("modes", ["last_man_standing"]), "game.modes")))
    if not modes or len(set(modes)) != len(modes):
        raise FormatError("game.modes", "list one or more modes, each once")
    points = reading.obj(data.get("points", {}), "game.points")
    reading.fields(points, "game.points", allowed=big_party.REASONS)
    values = tuple((k, reading.integer(v, f"game.points.{k}", low=-1000, high=1000)) for k, v in points.items())
    limits = {key: None if data.get(key) is None else reading.integer(data[key], f"game.{key}", low=1)
              for key in ("round_limit", "point_goal", "budget")}
    party = Party(players, modes, values, limits["round_limit"], limits["point_goal"], limits["budget"])
    big_party.check_party(party)
    return party


def party_json(party: Party) -> dict[str, Any]:
    players = []
    for p in party.players:
        entry: dict[str, Any] = {"id": p.id, "number": p.number, "skills": list(p.skills)}
        if p.start_region is not None:
            entry["start_region"] = {"q": list(p.start_region[0]), "rows": list(p.start_region[1])}
        players.append(entry)
    game: dict[str, Any] = {"modes": list(party.modes), "points": dict(party.points),
                            "round_limit": party.round_limit, "point_goal": party.point_goal}
    if party.budget is not None:
        game["budget"] = party.budget
    return {"players": players, "game": game}


def parse_stations(raw: Any, players: tuple[Player, ...], board: RectMap, taken: set[str]) -> tuple[Station, ...]:
    ids = {p.id for p in players}
    out = []
    for i, item in enumerate(reading.lst(raw, "stations")):
        where = f"stations[{i}]"
        data = reading.obj(item, where)
        reading.fields(data, where, allowed=("id", "hex", "owner"), required=("id", "hex"))
        sid = reading.text(data["id"], f"{where}.id")
        if sid in taken:
            raise FormatError(f"{where}.id", f"id {sid!r} is already used by a fighter, projectile or station")
        taken.add(sid)
        owner = data.get("owner")
        if owner is not None and reading.text(owner, f"{where}.owner") not in ids:
            raise FormatError(f"{where}.owner", f"unknown player {owner!r}")
        h = notation.hex_at(data["hex"], f"{where}.hex")
        if not board.contains(h):
            raise FormatError(f"{where}.hex", f"hex {list(h)} is off the map")
        out.append(Station(sid, h, owner))
    big_party.check_stations(out, board)
    return tuple(out)


def station_json(s: Station) -> dict[str, Any]:
    return {"id": s.id, "hex": list(s.hex), "owner": s.owner}


def parse_marks(raw: Any, f: Fighter, where: str) -> tuple[str, ...]:
    """A ship sheet: one mark per card; its destroyed marks must be the ``destroyed`` multiset."""
    marks = tuple(reading.choice(m, sheet.MARKS, f"{where}[{i}]") for i, m in enumerate(reading.lst(raw, where)))
    if len(marks) != len(f.cards):
        raise FormatError(where, f"one mark per card: {len(f.cards)} cards, {len(marks)} marks")
    crossed = Counter(c for c, m in zip(f.cards, marks) if m == sheet.DESTROYED)
    if crossed != Counter(f.destroyed):
        raise RuleError("TOB-M6-SHEET-02", f"the cards marked destroyed ({' '.join(sorted(crossed.elements())) or 'none'})"
                        f" must be those in destroyed ({' '.join(sorted(f.destroyed)) or 'none'})",
                        unit=f.id, field="marks")
    return marks
