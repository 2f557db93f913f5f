"""The Launch Fighters! position and orders interchange format, version 1 (docs/launch-fighters.md).

A position is one JSON object holding everything public about a game at a decision point:
board, terrain, options, every ship and squadron, the turn, phase, step and rotation, the
activation and follow-ups in progress, and the open decision. The generator value is not in
it: :func:`resolve` takes a seed. As in the Turn or Burn format, shape errors are
:class:`FormatError` naming the field; rule problems found in a parsed position are
:class:`RuleError` naming the rule (:func:`check_position`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.rng import rng_from_seed
from ...engine.ruleset import Event, Outcome, step
from ...hexgrid import RectMap
from .designer import STATS, check_design, resolve_design
from .options import parse_options
from .play import run
from .state import (
    DESTROYED,
    ELIMINATED,
    FLEET,
    HOSTED,
    ON_MAP,
    OVER,
    PLANETOID,
    RESERVE,
    RETREATED,
    TERRAIN,
    VOTE,
    Config,
    LfState,
    Ship,
    Squadron,
    Work,
)

FORMAT = "launch-fighters/1"
PHASES = ("fleet", "place", "vote", "move", "attack", "recovery", "over")
_SHIP_FLAGS = ("moved", "activated", "booster_used", "repair_used", "warp_declared", "exited")
_SQ_FLAGS = ("moved", "activated", "warp_declared")


# --- writing ------------------------------------------------------------------------------


def position_to_json(state: LfState) -> dict[str, Any]:
    c = state.config
    out: dict[str, Any] = {
        "format": FORMAT, "scenario": c.scenario, "map": {"cols": c.map.cols, "rows": c.map.rows},
        "terrain": [{"hex": list(h), "type": t} for h, t in sorted(c.terrain.items())],
        "fleet_limit": c.fleet_limit, "seats": list(c.seats),
        "fleets": {p: [d.to_json() for d in ds] for p, ds in c.fleets.items()},
        "options": c.options.to_json(),
        "exits": [{"seat": p, "hexes": [list(h) for h in sorted(hs)], "full_vp": p in c.exit_full_vp}
                  for p, hs in c.exits.items()],
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


def _obj(v: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(v, dict):
        raise FormatError(where, f"expected an object, got {type(v).__name__}")
    return v


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise FormatError(where, f"expected a list, got {type(v).__name__}")
    return v


def _int(v: Any, where: str, low: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise FormatError(where, f"expected a whole number >= {low}, got {v!r}")
    return v


def _hex(v: Any, where: str) -> tuple[int, int] | None:
    if v is None:
        return None
    if not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise FormatError(where, f"expected a hex [q, r] or null, got {v!r}")
    return (v[0], v[1])


def _choice(v: Any, choices: tuple[str, ...], where: str) -> str:
    if v not in choices:
        raise FormatError(where, f"expected one of {', '.join(choices)}, got {v!r}")
    return v  # type: ignore[no-any-return]


def parse_position(data: Any, *, rng: int) -> LfState:
    """A state from a position object; missing per-turn fields take their start-of-turn values."""
    data = _obj(data, "position")
    if data.get("format", FORMAT) != FORMAT:
        raise FormatError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    m = _obj(data.get("map"), "map")
    board = RectMap(_int(m.get("cols"), "map.cols", 1), _int(m.get("rows"), "map.rows", 1))
    terrain = {}
    for i, t in enumerate(_list(data.get("terrain", []), "terrain")):
        t = _obj(t, f"terrain[{i}]")
        h = _hex(t.get("hex"), f"terrain[{i}].hex")
        if h is None:
            raise FormatError(f"terrain[{i}].hex", "a terrain counter needs a hex")
        terrain[h] = _choice(t.get("type"), TERRAIN, f"terrain[{i}].type")
    seats = tuple(_list(data.get("seats"), "seats"))
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
    config = Config(scenario=str(data.get("scenario", "custom")), map=board, seats=seats, exits=exits,
                    exit_full_vp=frozenset(full_vp),
                    fleet_limit=_int(data.get("fleet_limit", 100), "fleet_limit", 1), fleets=fleets,
                    terrain=terrain, options=parse_options(_obj(data.get("options", {}), "options")))
    ships = tuple(_parse_ship(s, f"ships[{i}]", seats) for i, s in enumerate(_list(data.get("ships"), "ships")))
    sqs = tuple(_parse_sq(q, f"squadrons[{i}]", seats)
                for i, q in enumerate(_list(data.get("squadrons", []), "squadrons")))
    phase = _choice(data.get("phase", "move"), PHASES, "phase")
    outcome = Outcome.from_json(data["outcome"]) if data.get("outcome") else None
    state = LfState(
        config=config, phase=phase, turn=_int(data.get("turn", 1), "turn"), ships=ships, squadrons=sqs, rng=rng,
        order=tuple(_list(data.get("order", list(seats)), "order")), step=_int(data.get("step", 0), "step"),
        cursor=_int(data.get("cursor", 0), "cursor"), act=data.get("activation"),
        queue=tuple(_list(data.get("queue", []), "queue")), decision=data.get("decision"),
        quiet_turns=_int(data.get("quiet_turns", 0), "quiet_turns"), rolled=bool(data.get("rolled", False)),
        ledger=tuple((e[0], e[1], e[2]) for e in _list(data.get("ledger", []), "ledger")), outcome=outcome,
        scores=data.get("scores"),
    )
    check_position(state)
    return state


def _parse_ship(raw: Any, where: str, seats: tuple[str, ...]) -> Ship:
    raw = _obj(raw, where)
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
    pushed = d.get("squadron") if d and d.get("kind") == "push" else None
    for u in [*state.ships, *state.squadrons]:
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


# --- resolve and describe -------------------------------------------------------------------


def settle(state: LfState) -> tuple[LfState, list[Event]]:
    """Play on from a hand-written position with no open decision up to the next one."""
    if state.decision is not None or state.phase in (FLEET, VOTE, OVER):
        return state, []
    w = Work(state)
    run(w)
    return w.freeze(), w.events


def resolve(position: Mapping[str, Any], orders: Any, seed: int | str) -> tuple[dict[str, Any], list[Event]]:
    """Apply ``orders`` to ``position`` with dice from ``seed``: ``hexfleet resolve``.

    ``orders`` is one ``{seat: order}`` step or a list of them, applied in turn; each is
    validated first, and nothing is applied from a step that fails.
    """
    from .rules import RULESET  # the ruleset imports this module

    state, events = settle(parse_position(position, rng=rng_from_seed(seed)))
    steps = orders if isinstance(orders, list) else [orders]
    for i, step_orders in enumerate(steps):
        if not isinstance(step_orders, dict):
            raise FormatError(f"orders[{i}]", "each step is an object {seat: order}")
        state, more = step(RULESET, state, step_orders)
        events += more
    return position_to_json(state), events


def describe(view: Mapping[str, Any]) -> str:
    """A terminal summary of a view: turn, phase, every unit's stats, the open decision."""
    pos = view["position"]
    lines = [f"Launch Fighters! - {pos['scenario']} - turn {pos['turn']}, {pos['phase']}"
             + (f" step {pos['step']}" if pos["phase"] in ("move", "attack") else "")]
    if pos["order"]:
        lines.append("initiative (low to high): " + ", ".join(pos["order"]))
    for s in pos["ships"]:
        if s["status"] == ON_MAP:
            st = s["stats"]
            aboard = [q["id"] + ("" if q["active"] else "*") for q in pos["squadrons"]
                      if q["status"] == HOSTED and q["host"] == s["id"]]
            lines.append(f"  {s['id']:<9} {s['design']['name']:<15} at {s['hex']} facing {s['facing']}  "
                         f"C{st['cannons']} L{st['launchers']} B{st['bays']} D{st['defense']} M{st['move']}  "
                         f"missiles {s['missiles']}" + (f"  aboard {' '.join(aboard)}" if aboard else ""))
        else:
            state = "not yet placed" if s["status"] == RESERVE else s["status"]
            lines.append(f"  {s['id']:<9} {s['design']['name']:<15} {state}")
    for q in pos["squadrons"]:
        if q["status"] == ON_MAP:
            lines.append(f"  {q['id']:<9} squadron        at {q['hex']} {'active' if q['active'] else 'INACTIVE'}")
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"{d['seat']} to decide ({d['kind']}): {d['prompt']}")
    elif view.get("waiting_for"):
        lines.append("waiting for: " + ", ".join(view["waiting_for"]))
    if pos.get("scores"):
        lines.append("victory points: " + ", ".join(f"{p} {v / 2:g}" for p, v in pos["scores"].items()))
    if view.get("outcome"):
        o = view["outcome"]
        lines.append(f"game over ({o['reason']}): winner(s) {', '.join(o['winners']) or 'none'}")
    return "\n".join(lines)
