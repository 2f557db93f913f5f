"""Re-entry of eliminated fighters (Module 2 Popcorn, TOB-M2-SCEN-04): the opposing team
chooses a map-edge hex, the owner builds the replacement and chooses its facing and speed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError, RuleError
from ...hexgrid import Hex, RectMap, directions_toward, distance, from_offset, to_offset
from . import notation
from .notation import LETTERS
from .orders import Placement, parse_placement
from .state import Fighter, Kit, Replacement, TobState

REENTRY_DELAY = 2
"""Eliminated in turn T, the replacement re-enters in turn T+2 (TOB-M2-SCEN-04)."""
MAX_ENTRY_SPEED = 6
DEFAULT_REPLACEMENT = ("CM", "STR", "THR", "NB")
PLACE_FIELDS = ("hex", "facing", "momentum", "shields")
"""A ``place`` entry of ``hexfleet resolve`` (the format's order fields, version 2)."""


def edge_hexes(board: RectMap, edge: str) -> list[Hex]:
    """The hexes along one map edge, in offset order (TOB-GEO-14)."""
    if edge in ("left", "right"):
        col = 0 if edge == "left" else board.cols - 1
        return [from_offset(col, row) for row in range(board.rows)]
    row = 0 if edge == "top" else board.rows - 1
    return [from_offset(col, row) for col in range(board.cols)]


def default_entry_hex(board: RectMap, side_index: int) -> Hex:
    """The middle of the owner's home edge (west for the first side, east for the others)."""
    col = 0 if side_index == 0 else board.cols - 1
    return board.from_offset(col, board.rows // 2)


def entry_default(state: TobState, rep: Replacement) -> Hex:
    """Where a returning fighter enters unless its hex is chosen: in Space Hockey the first
    free hex of its own team's edge (TOB-M5-HOCKEY-06), in Popcorn the middle of its home edge."""
    hockey = state.config.hockey
    if hockey is None:
        return default_entry_hex(state.config.map, state.config.sides.index(rep.side))
    taken = {f.hex for f in state.fighters} | {r.hex for r in state.replacements}
    edge = edge_hexes(state.config.map, hockey.edge(rep.side))
    return next((h for h in edge if h not in taken), edge[0])


def check_entry_hex(board: RectMap, value: Any, where: str) -> Hex:
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                  for v in value)):
        raise RuleError("TOB-M2-SCEN-04", f"expected a map-edge hex [q, r], got {value!r}", field=where)
    h = (value[0], value[1])
    if not board.is_edge(h):
        raise RuleError("TOB-M2-SCEN-04", f"{list(h)} is not a map-edge hex", field=where)
    return h


def default_entry(board: RectMap, h: Hex) -> dict[str, Any]:
    """Facing the map centre, speed 0, shields down."""
    centre = board.center()
    v = (centre[0] - h[0], centre[1] - h[1])
    facing = directions_toward(v)[0] if v != (0, 0) else 0
    return {"facing": LETTERS[facing], "momentum": list(h), "shields": False}


def entry_momentum_ok(board: RectMap, h: Hex, mom: Hex) -> str | None:
    if distance(h, mom) > MAX_ENTRY_SPEED:
        return f"the momentum marker must be 0-{MAX_ENTRY_SPEED} hexes from the fighter"
    if not board.contains(mom):
        return f"momentum marker {list(mom)} is off the map"
    return None


def entering_fighter(rep: Replacement, placement: Placement, board: RectMap) -> Fighter:
    """The replacement as it enters: the owner's choices over the defaults (facing the map
    centre, speed 0, shields down)."""
    h = placement.hex if placement.hex is not None else rep.hex
    assert h is not None
    centre = board.center()
    v = (centre[0] - h[0], centre[1] - h[1])
    facing = placement.facing if placement.facing is not None else (directions_toward(v)[0] if v != (0, 0) else 0)
    return Fighter(
        id=rep.id, side=rep.side, hex=h, facing=facing,
        momentum=placement.momentum if placement.momentum is not None else h,
        cards=placement.cards if placement.cards is not None else rep.cards,
        kit=Kit(external=placement.external if placement.external is not None else rep.external,
                heavy_guns=placement.heavy_guns if placement.heavy_guns is not None else rep.heavy_guns,
                shields=bool(placement.shields)),
    )


def due(state: TobState) -> list[Replacement]:
    return [r for r in state.replacements if r.enters_on_turn <= state.turn]


def entry_rule(state: TobState) -> str:
    """Who chooses a returning fighter's hex: the enemy on a map edge (Popcorn), the owner on
    its own team's edge (Space Hockey), the owner in its start region (Big Party)."""
    if state.config.party is not None:
        return "TOB-M6-MODE-03"
    return "TOB-M5-HOCKEY-06" if state.config.hockey is not None else "TOB-M2-SCEN-04"


def party_entry_hex(state: TobState, side: str) -> Hex:
    """A Big Party ship's default return hex: the first of its player's start region in
    (column, row) order (the format's default placement, TOB-AMB-48); without a region, the
    map's first hex."""
    region = state.config.party.player(side).start_region
    return from_offset(region[0][0], region[1][0]) if region is not None else from_offset(0, 0)


def check_place(state: TobState, rep: Replacement, placement: Placement, where: str) -> None:
    """A returning fighter's hex (when given) and speed: Space Hockey, any hex along its own
    team's edge, speed 0-6 (TOB-M5-HOCKEY-06); Popcorn, a map-edge hex, speed 0-6
    (TOB-M2-SCEN-04)."""
    board = state.config.map
    rule = entry_rule(state)
    h = placement.hex
    party = state.config.party
    if h is not None and party is not None:
        region = party.player(rep.side).start_region
        col, row = to_offset(h)
        if region is None or not (region[0][0] <= col <= region[0][1] and region[1][0] <= row <= region[1][1]):
            raise RuleError(rule, f"{list(h)} is not in {rep.side}'s start region", unit=rep.id, field=f"{where}.hex")
    elif h is not None:
        hockey = state.config.hockey
        if hockey is not None and h not in edge_hexes(board, hockey.edge(rep.side)):
            raise RuleError(rule, f"{list(h)} is not on {rep.side}'s own ({hockey.edge(rep.side)}) edge", unit=rep.id,
                            field=f"{where}.hex")
        if hockey is None and not board.is_edge(h):
            raise RuleError(rule, f"{list(h)} is not a map-edge hex", unit=rep.id, field=f"{where}.hex")
    else:
        h = party_entry_hex(state, rep.side) if party is not None else (
            rep.hex if rep.hex is not None else entry_default(state, rep))
    if placement.momentum is not None:
        problem = entry_momentum_ok(board, h, placement.momentum)
        if problem:
            raise RuleError(rule, problem, unit=rep.id, field=f"{where}.momentum")


def read_places(state: TobState, places: dict[str, tuple[str, Any]]) -> tuple[TobState, dict[str, Placement]]:
    """``hexfleet resolve``'s ``place`` entries (fighter id -> (where, the object)), each
    checked: for the fighters re-entering now (returned, to enter at once) and for those that
    enter when this turn ends (kept on their replacement, :attr:`Replacement.place`); any other
    fighter named is refused."""
    reps = {r.id: r for r in state.replacements if r.enters_on_turn <= state.turn + 1}
    now: dict[str, Placement] = {}
    later: dict[str, Placement] = {}
    for fid, (where, raw) in places.items():
        rep = reps.get(fid)
        if rep is None:
            returning = ", ".join(reps) or "none"
            raise RuleError(entry_rule(state), f"{fid!r} is not re-entering this turn or at its end (re-entering: "
                            f"{returning})", unit=fid, field=where)
        placement = parse_placement(raw, where, PLACE_FIELDS)
        check_place(state, rep, placement, where)
        (now if rep.enters_on_turn <= state.turn else later)[fid] = placement
    kept = tuple(replace(r, place=later[r.id]) if r.id in later else r for r in state.replacements)
    return replace(state, replacements=kept), now




def _from_fighter(value: Any, where: str) -> dict[str, Any]:
    """A replacement's ``fighter`` object (format version 2) as the replacement's own fields."""
    data = reading.obj(value, where)
    return {k: data[k] for k in ("id", "cards", "external", "heavy_guns", "hex") if k in data}


def parse_replacements(value: Any, fighters: list[Fighter]) -> tuple[Replacement, ...]:
    """``replacements``: ``{"side", "enters_on_turn"}`` plus this project's optional ``id``,
    ``cards``, ``external``, ``heavy_guns`` and ``hex`` (an id is made up when absent)."""
    out = []
    taken = {f.id for f in fighters}
    for i, raw in enumerate(reading.lst(value, "replacements")):
        where = f"replacements[{i}]"
        raw = reading.obj(raw, where)
        reading.fields(raw, where, allowed=("side", "enters_on_turn", "id", "cards", "external", "heavy_guns", "hex",
                                            "fighter"),
                       required=("side", "enters_on_turn"))
        if "fighter" in raw:  # turn-or-burn/2: the rebuilt fighter itself
            raw = {**_from_fighter(raw["fighter"], f"{where}.fighter"), **{k: v for k, v in raw.items() if k != "fighter"}}
        side = reading.text(raw["side"], f"{where}.side")
        n = 1
        while f"{side[0].upper()}{n}" in taken:
            n += 1
        fid = reading.text(raw.get("id", f"{side[0].upper()}{n}"), f"{where}.id")
        if fid in taken:
            raise FormatError(f"{where}.id", f"fighter id {fid!r} is already in play")
        taken.add(fid)
        out.append(Replacement(
            side=side, id=fid, enters_on_turn=reading.integer(raw["enters_on_turn"], f"{where}.enters_on_turn", low=1),
            cards=tuple(notation.card(c, f"{where}.cards[{j}]") for j, c in enumerate(reading.lst(raw.get("cards", list(
                DEFAULT_REPLACEMENT)), f"{where}.cards"))),
            external=tuple(notation.card(c, f"{where}.external[{j}]") for j, c in enumerate(reading.lst(raw.get("external", []),
                                                                                       f"{where}.external"))),
            heavy_guns=tuple(tuple(notation.card(c, f"{where}.heavy_guns[{j}]") for c in reading.lst(g, f"{where}.heavy_guns[{j}]"))
                             for j, g in enumerate(reading.lst(raw.get("heavy_guns", []), f"{where}.heavy_guns"))),
            hex=notation.hex_at(raw["hex"], f"{where}.hex") if raw.get("hex") is not None else None,
        ))
    return tuple(out)
