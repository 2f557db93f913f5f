"""The Launch Fighters! position and orders interchange format, version 1 (docs/launch-fighters.md).

A position is one JSON object holding everything public about a game at a decision point:
board, terrain, options, every ship and squadron, the turn, phase, step and rotation, the
activation and follow-ups in progress, and the open decision. The generator value is not in
it: :func:`resolve` takes a seed. As in the Turn or Burn format, shape errors are
:class:`FormatError` naming the field; rule problems found in a parsed position are
:class:`RuleError` naming the rule (:func:`check_position`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.procedure import Procedure, force_dice, unused_dice
from ...engine.reading import choice as _choice
from ...engine.reading import lst as _list
from ...engine.reading import obj as _obj
from ...engine.rng import Rng
from ...engine.ruleset import Event, Outcome, step
from ...hexgrid import ShapeError, map_from_json
from .. import get_ruleset
from .designer import SQUADRON_COST, STATS, check_design, resolve_design
from .options import parse_options
from .reading import count as _int
from .reading import hex_or_null as _hex
from .state import (
    DESTROYED,
    ELIMINATED,
    FIGHTER_MOVE,
    HOSTED,
    ON_MAP,
    PLANETOID,
    RESERVE,
    RETREATED,
    TERRAIN,
    Config,
    LfState,
    Reinforcement,
    Ship,
    Squadron,
    kill_value,
)

# The readers are the shared ones (engine/reading.py, and .reading for this game's notation),
# bound to the short names the reading code below has always used.

FORMAT = "launch-fighters/1"
PHASES = ("fleet", "place", "vote", "move", "attack", "recovery", "over")
_SHIP_FLAGS = ("moved", "activated", "booster_used", "repair_used", "warp_declared", "exited")
_SQ_FLAGS = ("moved", "activated", "warp_declared")


# --- writing ------------------------------------------------------------------------------


def position_to_json(state: LfState) -> dict[str, Any]:
    c = state.config
    out: dict[str, Any] = {
        "format": FORMAT, "scenario": c.scenario, "map": c.map.to_json(),
        "terrain": [{"hex": list(h), "type": t} for h, t in sorted(c.terrain.items())],
        "fleet_limit": c.fleet_limit, "seats": list(c.seats),
        "fleets": {p: [d.to_json() for d in ds] for p, ds in c.fleets.items()},
        "options": c.options.to_json(),
        "exits": [{"seat": p, "hexes": [list(h) for h in sorted(hs)], "full_vp": p in c.exit_full_vp}
                  for p, hs in c.exits.items()],
        "control": {"hexes": [list(h) for h in sorted(c.control)], "vp": c.control_vp},
        "protect": [{"ship": sid, "vp": vp} for sid, vp in c.protect.items()],
        "reinforcements": [{"seat": r.seat, "turn": r.turn, "ships": [d.to_json() for d in r.designs],
                            "hexes": [list(h) for h in r.hexes], "facing": r.facing} for r in c.reinforcements],
        "phase": state.phase, "turn": state.turn, "step": state.step, "order": list(state.order),
        "cursor": state.cursor,
        "ships": [_ship_json(s) for s in state.ships],
        "squadrons": [_sq_json(q) for q in state.squadrons],
        "activation": state.act, "queue": list(state.queue), "decision": state.decision,
        "quiet_turns": state.quiet_turns, "rolled": state.rolled,
        "ledger": [list(e) for e in state.ledger],
        "outcome": state.outcome.to_json() if state.outcome else None,
        "scores": dict(state.scores) if state.scores is not None else None,
    }
    return out


def _ship_json(s: Ship) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": s.id, "owner": s.owner, "design": s.design.to_json(), "stats": dict(zip(STATS, s.stats)),
        "missiles": s.missiles, "status": s.status, "hex": list(s.hex) if s.hex else None, "facing": s.facing,
    }
    if s.flagship:
        out["flagship"] = True
    for flag in _SHIP_FLAGS:
        if getattr(s, flag):
            out[flag] = True
    for key in ("launches", "recoveries"):
        if getattr(s, key):
            out[key] = getattr(s, key)
    if s.design.repair:
        out["repair_left"] = s.repair_left
    if s.design.boosters:
        out["boosters_left"] = s.boosters_left
    if s.design.cargo or s.design.passenger:
        out["holds"] = {"cargo": s.holds[0], "passenger": s.holds[1]}
    return out


def _sq_json(q: Squadron) -> dict[str, Any]:
    out: dict[str, Any] = {"id": q.id, "owner": q.owner, "origin": q.origin, "status": q.status,
                           "hex": list(q.hex) if q.hex else None, "host": q.host, "active": q.active}
    for flag in _SQ_FLAGS:
        if getattr(q, flag):
            out[flag] = True
    if q.launched_step is not None:
        out["launched_step"] = q.launched_step
    return out


# --- reading ------------------------------------------------------------------------------


def parse_position(data: Any, *, rng: int | Rng) -> LfState:
    """A state from a position object; missing per-turn fields take their start-of-turn values.

    ``rng`` is the generator (a bare value: no forced faces)."""
    if not isinstance(rng, Rng):
        rng = Rng(rng)
    data = _obj(data, "position")
    if data.get("format", FORMAT) != FORMAT:
        raise FormatError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    try:
        board = map_from_json(data.get("map"))
    except ShapeError as err:
        raise FormatError("map" + (f".{err.field}" if err.field else ""), f"{err.message} (LF-MAP-01)") from err
    terrain = {}
    for i, t in enumerate(_list(data.get("terrain", []), "terrain")):
        t = _obj(t, f"terrain[{i}]")
        h = _hex(t.get("hex"), f"terrain[{i}].hex")
        if h is None:
            raise FormatError(f"terrain[{i}].hex", "a terrain counter needs a hex")
        terrain[h] = _choice(t.get("type"), TERRAIN, f"terrain[{i}].type")
    seats = _seats(data.get("seats"))
    fleets = {p: tuple(check_design(d, f"fleets.{p}[{i}]") for i, d in enumerate(_list(ds, f"fleets.{p}")))
              for p, ds in _obj(data.get("fleets", {}), "fleets").items()}
    exits, full_vp = {}, set()
    for i, e in enumerate(_list(data.get("exits", []), "exits")):
        e = _obj(e, f"exits[{i}]")
        seat = _choice(e.get("seat"), seats, f"exits[{i}].seat")
        exits[seat] = frozenset(h for j, x in enumerate(_list(e.get("hexes"), f"exits[{i}].hexes"))
                                if (h := _hex(x, f"exits[{i}].hexes[{j}]")) is not None)
        if e.get("full_vp"):
            full_vp.add(seat)
    control = _obj(data.get("control", {}), "control")
    area = frozenset(h for j, x in enumerate(_list(control.get("hexes", []), "control.hexes"))
                     if (h := _hex(x, f"control.hexes[{j}]")) is not None)
    protect = {}
    for i, p in enumerate(_list(data.get("protect", []), "protect")):
        p = _obj(p, f"protect[{i}]")
        if not isinstance(p.get("ship"), str):
            raise FormatError(f"protect[{i}].ship", f"expected a ship id, got {p.get('ship')!r}")
        protect[p["ship"]] = _int(p.get("vp"), f"protect[{i}].vp")
    reinforcements = []
    for i, r in enumerate(_list(data.get("reinforcements", []), "reinforcements")):
        where = f"reinforcements[{i}]"
        r = _obj(r, where)
        designs = tuple(resolve_design(d, f"{where}.ships[{j}]")
                        for j, d in enumerate(_list(r.get("ships"), f"{where}.ships")))
        hexes = tuple(h for j, x in enumerate(_list(r.get("hexes"), f"{where}.hexes"))
                      if (h := _hex(x, f"{where}.hexes[{j}]")) is not None)
        facing = _int(r.get("facing", 0), f"{where}.facing")
        if facing > 5:
            raise FormatError(f"{where}.facing", "a facing is 0-5 (0 = east, counter-clockwise)")
        reinforcements.append(Reinforcement(_choice(r.get("seat"), seats, f"{where}.seat"),
                                            _int(r.get("turn"), f"{where}.turn", 1), designs, hexes, facing))
    config = Config(scenario=str(data.get("scenario", "custom")), map=board, seats=seats, exits=exits,
                    exit_full_vp=frozenset(full_vp), control=area,
                    control_vp=_int(control.get("vp", 0), "control.vp"), protect=protect,
                    reinforcements=tuple(reinforcements),
                    fleet_limit=_int(data.get("fleet_limit", 100), "fleet_limit", 1), fleets=fleets,
                    terrain=terrain, options=parse_options(_obj(data.get("options", {}), "options")))
    ships = tuple(_parse_ship(s, f"ships[{i}]", seats) for i, s in enumerate(_list(data.get("ships"), "ships")))
    sqs = tuple(_parse_sq(q, f"squadrons[{i}]", seats)
                for i, q in enumerate(_list(data.get("squadrons", []), "squadrons")))
    ledger = _ledger(data.get("ledger", []), seats)
    ledger += _eliminations(data.get("eliminations", []), config, ships, sqs, ledger)
    phase = _choice(data.get("phase", "move"), PHASES, "phase")
    order = tuple(_list(data.get("order", list(seats)), "order"))
    if not all(_named(p, seats) for p in order) or len(set(order)) != len(order):
        raise FormatError("order", f"expected distinct seats of {list(seats)} (lowest initiative first), "
                          f"got {list(order)}")
    step_no = _int(data.get("step", 0), "step")
    if step_no > FIGHTER_MOVE:
        raise RuleError("LF-TURN-04", f"steps run 0 to {FIGHTER_MOVE}, got {step_no}", field="step")
    state = LfState(
        config=config, phase=phase, turn=_int(data.get("turn", 1), "turn"), ships=ships, squadrons=sqs, rng=rng,
        order=order, step=step_no, cursor=_int(data.get("cursor", 0), "cursor"), act=data.get("activation"),
        queue=tuple(_list(data.get("queue", []), "queue")), decision=data.get("decision"),
        quiet_turns=_int(data.get("quiet_turns", 0), "quiet_turns"), rolled=bool(data.get("rolled", False)),
        ledger=ledger, outcome=_outcome(data.get("outcome"), seats),
        scores=_scores(data.get("scores"), seats),
    )
    check_position(state)
    return state


def _named(v: Any, names: Any) -> bool:
    """``v`` is one of ``names`` (ids or seats), without tripping over unhashable junk."""
    return isinstance(v, str) and v in names


def _seats(v: Any) -> tuple[str, ...]:
    """2 to 6 distinct player names (LF-GEN-01)."""
    seats = _list(v, "seats")
    for i, p in enumerate(seats):
        if not isinstance(p, str) or not p:
            raise FormatError(f"seats[{i}]", f"expected a player name (a non-empty string), got {p!r}")
    if len(set(seats)) != len(seats):
        raise FormatError("seats", f"player names must be distinct, got {seats}")
    if not 2 <= len(seats) <= 6:
        raise RuleError("LF-GEN-01", f"Launch Fighters! is for 2 to 6 players, got {len(seats)}", field="seats")
    return tuple(seats)


def _ledger(v: Any, seats: tuple[str, ...]) -> tuple[tuple[str, int, str], ...]:
    out = []
    for i, e in enumerate(_list(v, "ledger")):
        if not (isinstance(e, list) and len(e) == 3 and e[0] in seats and isinstance(e[2], str)):
            raise FormatError(f"ledger[{i}]", f"expected [seat, half-points, unit id], got {e!r}")
        out.append((e[0], _int(e[1], f"ledger[{i}][1]"), e[2]))
    return tuple(out)


def _eliminations(v: Any, config: Config, ships: tuple[Ship, ...], sqs: tuple[Squadron, ...],
                  ledger: tuple[tuple[str, int, str], ...]) -> tuple[tuple[str, int, str], ...]:
    """Ledger entries for earlier eliminations given as facts: the engine works out their
    points (LF-VIC-02, LF-VIC-03, LF-AMB-34) instead of trusting half-points written by hand.

    Each fact is ``{"unit": id, "credit": seat}``, a destroyed ship's also ``"aboard"``: the
    squadrons lost inside it. A unit scores once, so one named by a fact may not also be in the
    ledger or in another fact.
    """
    counted = {e[2]: f"ledger[{i}]" for i, e in enumerate(ledger)}
    ship_of = {s.id: s for s in ships}
    sq_of = {q.id: q for q in sqs}
    out = []
    for i, e in enumerate(_list(v, "eliminations")):
        where = f"eliminations[{i}]"
        e = _obj(e, where)
        for key in e:
            if key not in ("unit", "credit", "aboard"):
                raise FormatError(f"{where}.{key}", "not a field of an elimination (unit, credit, aboard)")
        uid: Any = e.get("unit")
        unit = ship_of[uid] if _named(uid, ship_of) else sq_of[uid] if _named(uid, sq_of) else None
        if unit is None:
            raise FormatError(f"{where}.unit", f"no ship or squadron {uid!r} in this position")
        credit = _choice(e.get("credit"), config.seats, f"{where}.credit")
        if config.allied(credit, unit.owner):
            raise RuleError("LF-VIC-03", f"{credit} cannot score {unit.id}: nobody scores his own side's losses",
                            unit=unit.id, field=f"{where}.credit")
        gone = DESTROYED if isinstance(unit, Ship) else ELIMINATED
        aboard = _list(e.get("aboard", []), f"{where}.aboard")
        if aboard and not isinstance(unit, Ship):
            raise FormatError(f"{where}.aboard", "only a destroyed ship has squadrons lost aboard")
        for j, qid in enumerate(aboard):
            if not _named(qid, sq_of):
                raise FormatError(f"{where}.aboard[{j}]", f"no squadron {qid!r} in this position")
        named: list[tuple[Ship | Squadron, str, str]] = [(unit, gone, f"{where}.unit")]
        named += [(sq_of[q], ELIMINATED, f"{where}.aboard[{k}]") for k, q in enumerate(aboard)]
        for x, status, field in named:
            if x.status != status:
                raise RuleError("LF-VIC-02", f"{x.id} is credited as {status} but its status is {x.status}",
                                unit=x.id, field=field)
            if x.id in counted:
                raise RuleError("LF-VIC-02", f"{x.id} is already counted in {counted[x.id]}: a unit scores once",
                                unit=x.id, field=field)
            counted[x.id] = field
        value = (kill_value(unit, len(aboard), config.options.vp_accounting) if isinstance(unit, Ship)
                 else 2 * SQUADRON_COST)
        out.append((credit, value, unit.id))
    return tuple(out)


def _outcome(v: Any, seats: tuple[str, ...]) -> Outcome | None:
    if not v:
        return None
    v = _obj(v, "outcome")
    winners = _list(v.get("winners", []), "outcome.winners")
    if not isinstance(v.get("reason"), str) or not all(_named(p, seats) for p in winners):
        raise FormatError("outcome", f"expected {{\"reason\": text, \"winners\": [seats]}}, got {v!r}")
    return Outcome.from_json(v)


def _scores(v: Any, seats: tuple[str, ...]) -> Mapping[str, int] | None:
    if v is None:
        return None
    v = _obj(v, "scores")
    for p, x in v.items():
        _choice(p, seats, "scores")
        _int(x, f"scores.{p}")
    return v


def _parse_ship(raw: Any, where: str, seats: tuple[str, ...]) -> Ship:
    raw = _obj(raw, where)
    if not isinstance(raw.get("id"), str) or not raw["id"]:
        raise FormatError(f"{where}.id", f"expected a unit id (a non-empty string), got {raw.get('id')!r}")
    design = resolve_design(raw.get("design"), f"{where}.design")
    owner = _choice(raw.get("owner"), seats, f"{where}.owner")
    stats_raw = _obj(raw.get("stats", dict(zip(STATS, design.stats))), f"{where}.stats")
    stats = tuple(_int(stats_raw.get(s, getattr(design, s)), f"{where}.stats.{s}") for s in STATS)
    status = _choice(raw.get("status", ON_MAP), (RESERVE, ON_MAP, DESTROYED, RETREATED), f"{where}.status")
    ship = Ship(id=str(raw.get("id")), owner=owner, design=design, stats=stats,  # type: ignore[arg-type]
                missiles=_int(raw.get("missiles", design.missiles), f"{where}.missiles"), status=status,
                hex=_hex(raw.get("hex"), f"{where}.hex"), facing=_int(raw.get("facing", 0), f"{where}.facing"),
                flagship=bool(raw.get("flagship", False)),
                launches=_int(raw.get("launches", 0), f"{where}.launches"),
                recoveries=_int(raw.get("recoveries", 0), f"{where}.recoveries"),
                repair_left=_int(raw.get("repair_left", design.repair), f"{where}.repair_left"),
                boosters_left=_int(raw.get("boosters_left", design.boosters), f"{where}.boosters_left"))
    holds = _obj(raw.get("holds", {}), f"{where}.holds")
    ship.holds = (_int(holds.get("cargo", design.cargo), f"{where}.holds.cargo"),
                  _int(holds.get("passenger", design.passenger), f"{where}.holds.passenger"))
    for flag in _SHIP_FLAGS:
        setattr(ship, flag, bool(raw.get(flag, False)))
    if ship.facing > 5:
        raise FormatError(f"{where}.facing", "a facing is 0-5 (0 = east, counter-clockwise)")
    return ship


def _parse_sq(raw: Any, where: str, seats: tuple[str, ...]) -> Squadron:
    raw = _obj(raw, where)
    if not isinstance(raw.get("id"), str) or not raw["id"]:
        raise FormatError(f"{where}.id", f"expected a unit id (a non-empty string), got {raw.get('id')!r}")
    for key in ("host", "origin"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise FormatError(f"{where}.{key}", f"expected a ship id or null, got {raw[key]!r}")
    launched = raw.get("launched_step")
    if launched is not None and _int(launched, f"{where}.launched_step") > FIGHTER_MOVE:
        raise FormatError(f"{where}.launched_step", f"expected an attack step 0-{FIGHTER_MOVE}")
    q = Squadron(id=str(raw.get("id")), owner=_choice(raw.get("owner"), seats, f"{where}.owner"),
                 origin=str(raw.get("origin", raw.get("host") or "")),
                 status=_choice(raw.get("status", ON_MAP if raw.get("hex") else HOSTED),
                                (HOSTED, ON_MAP, ELIMINATED, RETREATED), f"{where}.status"),
                 hex=_hex(raw.get("hex"), f"{where}.hex"), host=raw.get("host"),
                 active=bool(raw.get("active", True)), launched_step=raw.get("launched_step"))
    for flag in _SQ_FLAGS:
        setattr(q, flag, bool(raw.get(flag, False)))
    return q


def check_position(state: LfState) -> None:
    """Rule problems in a parsed position, naming the rule (LF-IMPL-08 invariants)."""
    config = state.config
    strangers = [p for t in config.options.teams for p in t if p not in config.seats]
    if strangers:
        raise RuleError("LF-AMB-36", f"team member {strangers[0]!r} is not a seat of this game", field="options.teams")
    seen: dict[tuple[int, int], str] = {}
    ids = [s.id for s in state.ships] + [q.id for q in state.squadrons]
    if len(set(ids)) != len(ids):
        raise FormatError("ships", "unit ids must be unique")
    ships = {s.id: s for s in state.ships}
    d = state.decision
    pushed = d.get("squadron") if isinstance(d, dict) and d.get("kind") == "push" else None
    units: list[Ship | Squadron] = [*state.ships, *state.squadrons]
    for u in units:
        if u.status != ON_MAP or u.id == pushed:  # a pushed squadron shares the pusher's hex until it moves
            continue
        if u.hex is None:
            raise FormatError(f"{u.id}.hex", "a unit on the map needs a hex")
        if not config.map.contains(u.hex):
            raise RuleError("LF-MAP-01", f"{u.id} at {list(u.hex)} is off the board", unit=u.id)
        if config.terrain.get(u.hex) == PLANETOID:
            raise RuleError("LF-MAP-09", f"{u.id} is in a planetoid hex", unit=u.id)
        if u.hex in seen:
            raise RuleError("LF-MAP-09", f"{u.id} and {seen[u.hex]} share hex {list(u.hex)}: one unit per hex",
                            unit=u.id)
        seen[u.hex] = u.id
    for s in state.ships:
        for name, now, orig in zip(STATS, s.stats, s.design.stats):
            if now > orig:
                raise RuleError("LF-ADD-04", f"{s.id}'s {name} {now} is above its design level {orig}", unit=s.id)
        if s.status == ON_MAP and not any(s.stats):
            raise RuleError("LF-DMG-08", f"{s.id} has every stat at 0 and so is destroyed", unit=s.id)
    for q in state.squadrons:
        if q.status == HOSTED and (q.host not in ships or ships[q.host].owner != q.owner):
            raise RuleError("LF-UNIT-02", f"{q.id} is hosted in {q.host!r}, not one of its owner's ships", unit=q.id)
    _check_records(state)


# The engine's own records of a turn in progress (activation, follow-up queue, open decision):
# a position written by the engine copies them through; a hand-written or edited one may break
# them, and these checks say where instead of failing deep inside the engine.
_DECISION_FIELDS = {
    "place": ("flagship",), "move": ("step",), "activate": ("step",), "system": ("ship",),
    "barrage": ("ship", "pool"), "intercept": ("ship", "task", "choices"), "stat": ("ship", "task"),
    "fighter_hit": ("squadron", "task", "choices"), "push": ("squadron", "task"), "land": ("squadron", "task"),
    "bay_loss": ("ship", "task"), "advance": ("hex", "task", "choices"), "repair": ("ship", "task", "choices"),
    "repair_stat": ("ship", "task"),
}
_TASK_FIELDS = {
    "stat": ("ship", "chooser", "credit", "left", "cause"), "bay_roll": ("ship", "credit"),
    "bay_loss": ("ship", "seat", "credit"), "fighter_hit": ("squadron", "seat", "credit"),
    "land": ("squadron", "from", "credit"), "push": ("squadron", "from", "credit"),
    "advance": ("hex", "victor", "seat"), "intercept": ("ship", "seat", "eligible"), "repair": ("ship",),
    "repair_stat": (), "order": ("decision", "orders"),
}
_PHASE_OF = {"place": ("place",), "move": ("move",), "activate": ("attack",), "system": ("attack",),
             "barrage": ("attack",), "intercept": ("attack",), "repair": ("recovery",),
             "repair_stat": ("recovery",)}


def _check_records(state: LfState) -> None:
    ships = {s.id for s in state.ships}
    sqs = {q.id for q in state.squadrons}
    seats = state.config.seats

    def value(key: str, v: Any, where: str) -> None:
        if key == "ship" and not _named(v, ships):
            raise FormatError(where, f"no ship {v!r} in this position")
        if key in ("squadron", "victor") and not _named(v, sqs):
            raise FormatError(where, f"no squadron {v!r} in this position")
        if key in ("seat", "chooser") and not _named(v, seats):
            raise FormatError(where, f"expected one of the seats {list(seats)}, got {v!r}")
        if key == "credit" and v is not None and not _named(v, seats):
            raise FormatError(where, f"expected a seat or null, got {v!r}")
        if key in ("from", "hex") and _hex(v, where) is None:
            raise FormatError(where, "expected a hex [q, r]")
        if key in ("left", "step"):
            _int(v, where, 1 if key == "left" else 0)
        if key == "flagship" and not isinstance(v, bool):
            raise FormatError(where, f"expected true or false, got {v!r}")
        if key == "eligible" and not (isinstance(v, list) and all(_named(x, sqs) for x in v)):
            raise FormatError(where, f"expected a list of squadron ids, got {v!r}")
        if key == "choices" and not (isinstance(v, list) and v and all(isinstance(x, dict) for x in v)):
            raise FormatError(where, f"expected a non-empty list of orders, got {v!r}")
        if key == "task":
            task(v, where)
        if key == "pool":
            pool(v, where)

    def record(data: Any, fields: Mapping[str, tuple[str, ...]], where: str, what: str) -> Mapping[str, Any]:
        data = _obj(data, where)
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in fields:
            raise FormatError(f"{where}.kind", f"expected a {what} kind: {', '.join(fields)}; got {kind!r}")
        for key in fields[kind]:
            if key not in data:
                raise FormatError(f"{where}.{key}", f"missing (a {kind} {what} needs {', '.join(fields[kind])})")
            value(key, data[key], f"{where}.{key}")
        return data

    def task(v: Any, where: str) -> None:
        record(v, _TASK_FIELDS, where, "task")

    def pool(v: Any, where: str) -> None:
        v = _obj(v, where)
        _choice(v.get("system"), ("cannons", "launchers"), f"{where}.system")
        if not _named(v.get("target"), ships | sqs):
            raise FormatError(f"{where}.target", f"no unit {v.get('target')!r} in this position")
        _int(v.get("dice"), f"{where}.dice")
        for flag in ("flak", "flank"):
            if not isinstance(v.get(flag), bool):
                raise FormatError(f"{where}.{flag}", f"expected true or false, got {v.get(flag)!r}")

    for i, sid in enumerate(state.config.protect):
        if sid not in ships:
            raise FormatError(f"protect[{i}].ship", f"no ship {sid!r} in this position")
    if state.act is not None:
        act = _obj(state.act, "activation")
        if not _named(act.get("ship"), ships):
            raise FormatError("activation.ship", f"no ship {act.get('ship')!r} in this position")
        used = act.get("used")
        if not isinstance(used, list) or not all(_named(x, ("cannons", "launchers", "bays")) for x in used):
            raise FormatError("activation.used", f"expected a list of weapon systems used, got {used!r}")
        if "pool" not in act:
            raise FormatError("activation.pool", "missing (null when no pool is being rolled)")
        if act["pool"] is not None:
            pool(act["pool"], "activation.pool")
        if state.phase != "attack":
            raise RuleError("LF-ATK-05", f"an attack is in progress but the phase is {state.phase}",
                            field="activation")
    for i, t in enumerate(state.queue):
        task(t, f"queue[{i}]")
    if state.decision is not None:
        d = record(state.decision, _DECISION_FIELDS, "decision", "decision")
        value("seat", d.get("seat"), "decision.seat")
        if "choices" in d:
            value("choices", d["choices"], "decision.choices")
        if state.phase not in _PHASE_OF.get(d["kind"], (state.phase,)):
            raise RuleError("LF-TURN-01", f"a {d['kind']} decision cannot be open in the {state.phase} phase",
                            field="decision.kind")
        if d["kind"] in ("system", "barrage", "intercept") and state.act is None:
            raise FormatError("activation", f"a {d['kind']} decision needs the activation in progress")
        if d["kind"] in ("barrage", "intercept") and (state.act or {}).get("pool") is None:
            raise FormatError("activation.pool", f"a {d['kind']} decision needs the pool being rolled")


# --- resolve -------------------------------------------------------------------


def _ruleset() -> Procedure[LfState]:
    """The Launch Fighters! ruleset, found by name as every way in finds a game: the ruleset
    reads and writes positions with this module, which never imports it (no import cycle)."""
    ruleset = get_ruleset("launch-fighters")
    assert isinstance(ruleset, Procedure)
    return ruleset


def settle(state: LfState) -> tuple[LfState, list[Event]]:
    """Play on from a hand-written position with no open decision up to the next one."""
    events: list[Event] = []
    return _ruleset().settle(state, events), events


def resolve(position: Mapping[str, Any], orders: Any, seed: int | str,
            dice: Sequence[int] = ()) -> tuple[dict[str, Any], list[Event]]:
    """Apply ``orders`` to ``position`` with dice from ``seed``: ``hexfleet resolve``.

    ``dice`` are die faces forced first, in order (``--dice 4,2,6``, a referee's table dice);
    each event whose dice used one says ``"forced": true``, a face that does not fit its die
    is refused (``ENGINE-DICE``), and faces left over are reported in a ``dice_unused`` event.

    ``orders`` is one ``{seat: order}`` step or a list of them, applied in turn; each is
    validated before it is applied. Nothing is applied unless every step is legal: an error
    says what is wrong, which rule it breaks, and where (``orders[2].blue.dice``; a bad
    position names its own field), and ``position`` is never modified.
    """
    ruleset = _ruleset()
    state, events = settle(force_dice(parse_position(position, rng=Rng.from_seed(seed)), tuple(dice)))
    steps = orders if isinstance(orders, list) else [orders]
    for i, step_orders in enumerate(steps):
        if not isinstance(step_orders, dict):
            raise FormatError(f"orders[{i}]", "each step is an object {seat: order}")
        pending = ruleset.pending(state)
        for seat, order in step_orders.items():
            if seat in pending:
                try:
                    ruleset.validate(state, seat, order)
                except (RuleError, FormatError) as e:
                    raise _located(e, f"orders[{i}].{seat}") from e
        try:
            state, more = step(ruleset, state, step_orders)
        except (RuleError, FormatError) as e:  # no decision open, a missing or a stale seat
            raise _located(e, f"orders[{i}]") from e
        events += more
    state, unused = unused_dice(state)
    return position_to_json(state), events + unused


def _located(e: RuleError | FormatError, where: str) -> RuleError | FormatError:
    """The same error with its field placed inside the orders file (``order.dice`` of step 2's
    blue order becomes ``orders[2].blue.dice``)."""
    field = e.field or ""
    field = where + field[len("order"):] if field == "order" or field.startswith("order.") else \
        f"{where}: {field}" if field else where
    if isinstance(e, RuleError):
        return RuleError(e.rule, e.message, unit=e.unit, field=field)
    return FormatError(field, e.message, source=e.source)

