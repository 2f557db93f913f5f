"""The Launch Fighters! ruleset on the kernel contract (LF-TURN, LF-IMPL-02/03).

Fleets are submitted by every player at once and in secret (LF-FLEET-08): the only
simultaneous decision. Everything after is sequential: exactly one seat decides at a time,
and that seat is often not the active player's (the defender chooses a stat, a pushed
squadron's owner picks its hex, the defending ship's owner picks interceptors).

``advance`` applies the one order, then plays on automatically (dice, forced results, phase
changes) until somebody must decide again. What is waiting to resolve lives in the state as a
small task queue, so a state can stop at any decision and be saved, sent or replayed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from itertools import combinations
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.rng import rng_from_seed
from ...engine.ruleset import Decision, Event, OptionInfo, Order, Outcome, Ruleset, ScenarioInfo, Seat
from ...hexgrid import RectMap, distance, scale, add
from . import combat
from .designer import SQUADRON_COST, STATS, Design, check_fleet, resolve_design, sample_fleets
from .movement import allowance, best_paths, check_path, may_end, move_unit
from .state import (
    ASTEROID,
    ATTACK,
    ELIMINATED,
    FIGHTER_MOVE,
    FLEET,
    HOSTED,
    LF_DIRECTIONS,
    MOVE,
    ON_MAP,
    OVER,
    PLACE,
    RECOVERY,
    RESERVE,
    RETREATED,
    TERRAIN,
    Config,
    LfState,
    Options,
    Ship,
    Squadron,
    Work,
    edge,
)

PLACEMENT_DISTANCE = 10
"""Flagships go exactly 10 spaces in a straight line from an opponent's (LF-SETUP-03)."""

OPTIONS = (
    OptionInfo("launched_fighters_attack_immediately", True, (True, False),
               "Launched squadrons may attack in the step they are launched in (reading B).", "LF-AMB-14"),
    OptionInfo("vp_accounting", "no_double_count", ("no_double_count", "raw"),
               "How a destroyed ship's squadrons are scored.", "LF-AMB-34"),
    OptionInfo("retreated_fighters_score_half", False, (True, False),
               "Squadrons that retreat on their own score half (the book: nothing).", "LF-AMB-27"),
    OptionInfo("stalemate_turns", 3, (), "End the game after this many turns without attack dice.", "LF-AMB-33"),
    OptionInfo("turn_limit", None, (), "End the game after this many turns (a scenario hook).", "LF-SCEN-05"),
    OptionInfo("warp_no_move_fire", False, (True, False),
               "A ship may not move or fire in the turn it engages warp (the book's optional rule).", "LF-ADD-03a"),
)

_RULE_OF_KIND = {
    "stat": "LF-DMG-01", "fighter_hit": "LF-DMG-04", "push": "LF-MOVE-08", "land": "LF-FTR-02",
    "bay_loss": "LF-DMG-06", "advance": "LF-FTR-06", "repair": "LF-ADD-04", "repair_stat": "LF-ADD-04",
    "intercept": "LF-POOL-06",
}
_PROMPTS = {
    "fleet": "Submit your fleet (secret until every fleet is in), or {} for the scenario's fleet.",
    "place": "Place a ship: hex and facing.",
    "move": "Move one of your units in this step.",
    "activate": "Activate one of your units in this attack step.",
    "system": "Choose a weapon system of the active ship, or end its activation.",
    "intercept": "Choose up to 3 squadrons to intercept the incoming missiles.",
    "barrage": "Roll a barrage: how many dice of the pool, or stop.",
    "stat": "Choose the stat your ship loses.",
    "fighter_hit": "The squadron is hit: flip it or force it to return to base.",
    "push": "Your squadron is pushed: choose an empty adjacent hex.",
    "land": "Your squadron returns to base: choose the ship it lands on.",
    "bay_loss": "A bay hit destroys a squadron aboard: choose which.",
    "advance": "Advance a squadron into the vacated hex, or not.",
    "repair": "Attempt a repair roll for this ship (uses one Repair level)?",
    "repair_stat": "Repair succeeded: choose the stat to raise.",
}


def _scenario_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    return {e.name[:-5]: tomllib.loads(e.read_text(encoding="utf-8")) for e in folder.iterdir()
            if e.name.endswith(".toml")}


_SCENARIOS = _scenario_files()


def parse_options(raw: Mapping[str, Any]) -> Options:
    known = {o.name: o for o in OPTIONS}
    for key, value in raw.items():
        if key not in known:
            raise FormatError(f"options.{key}", f"unknown option; known: {', '.join(known)}")
        o = known[key]
        if o.choices and value not in o.choices:
            raise RuleError(o.rule, f"option {key} must be one of {list(o.choices)}, got {value!r}", field=f"options.{key}")
        if key in ("stalemate_turns", "turn_limit") and value is not None and (not isinstance(value, int) or value < 1):
            raise RuleError(o.rule, f"option {key} must be a whole number >= 1", field=f"options.{key}")
    return Options(**raw)


def build_ships(seat: Seat, designs: tuple[Design, ...]) -> tuple[list[Ship], list[Squadron]]:
    """Ships ``<seat>-A``, ``<seat>-B``…, squadrons ``<seat>-F1``… hosted in their ships
    (LF-UNIT-11, LF-SETUP-05)."""
    ships, sqs = [], []
    for i, d in enumerate(designs):
        sid = f"{seat}-{chr(ord('A') + i)}"
        ships.append(Ship(id=sid, owner=seat, design=d, stats=d.stats, missiles=d.missiles,
                          repair_left=d.repair, boosters_left=d.boosters))
        for _ in range(d.squadrons):
            sqs.append(Squadron(id=f"{seat}-F{len(sqs) + 1}", owner=seat, origin=sid, host=sid))
    return ships, sqs


class LaunchFighters(Ruleset[LfState]):
    name = "launch-fighters"
    title = "Launch Fighters!"
    version = "1.0"
    dynamics = "mixed"
    options = OPTIONS

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {k: ScenarioInfo(k, d["title"], tuple(p["seat"] for p in d["player"]), d.get("description", ""))
                for k, d in sorted(_SCENARIOS.items())}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> LfState:
        if scenario not in _SCENARIOS:
            raise FormatError("scenario", f"unknown Launch Fighters scenario {scenario!r}; known: {', '.join(sorted(_SCENARIOS))}")
        data = _SCENARIOS[scenario]
        limit = int(data["fleet_limit"])
        fleets: dict[Seat, tuple[Design, ...]] = {}
        for i, p in enumerate(data["player"]):
            where = f"scenario {scenario}: player[{i}]"
            if "fleet" in p:
                fleets[p["seat"]] = sample_fleets()[p["fleet"]]
            else:
                fleets[p["seat"]] = check_fleet(p["ships"], limit, f"{where}.ships")
        terrain = {tuple(t["hex"]): t["type"] for t in data.get("terrain", [])}
        config = Config(scenario=scenario, map=RectMap(data["map"]["cols"], data["map"]["rows"]), seats=tuple(fleets),
                        fleet_limit=limit, fleets=fleets, terrain=terrain,  # type: ignore[arg-type]
                        options=parse_options({**data.get("options", {}), **(options or {})}))
        ships, sqs = [], []
        for seat, designs in fleets.items():
            a, b = build_ships(seat, designs)
            ships += a
            sqs += b
        return LfState(config=config, phase=FLEET, turn=0, ships=tuple(ships), squadrons=tuple(sqs),
                       rng=rng_from_seed(seed))

    def seats(self, state: LfState) -> tuple[Seat, ...]:
        return state.config.seats

    # --- decisions ----------------------------------------------------------------------

    def pending(self, state: LfState) -> dict[Seat, Decision]:
        if state.phase == FLEET:
            return {s: Decision(s, "fleet", _PROMPTS["fleet"], {"limit": state.config.fleet_limit})
                    for s in state.config.seats}
        d = state.decision
        if d is None:
            return {}
        return {d["seat"]: Decision(d["seat"], d["kind"], _PROMPTS[d["kind"]], dict(d))}

    def legal_orders(self, state: LfState, seat: Seat) -> list[Order]:
        """Every legal order, except: a move names its destination (the engine picks the path
        with fewest asteroids), boosters and warp are offered only for a few moves, formations
        only with every eligible adjacent squadron, and launches only the first hosted
        squadrons; ``validate`` accepts every legal variant."""
        if state.phase == FLEET:
            return [{}] + [{"ships": [d.name for d in f]} for f in sample_fleets().values()
                           if sum(d.cost for d in f) <= state.config.fleet_limit]
        d = state.decision
        if d is None or d["seat"] != seat:
            return []
        w = Work(state)
        kind = d["kind"]
        if "choices" in d:
            return list(d["choices"])
        return getattr(self, f"_legal_{kind}")(w, d)

    def _legal_place(self, w: Work, d: Mapping[str, Any]) -> list[Order]:
        out = []
        for s in _unplaced(w, d["seat"]):
            for h in _placement_hexes(w, d["seat"], d["flagship"]):
                out += [{"ship": s.id, "hex": list(h), "facing": f} for f in range(6)]
        return out

    def _legal_move(self, w: Work, d: Mapping[str, Any]) -> list[Order]:
        out: list[Order] = []
        for u in _movers(w, d["seat"]):
            assert u.hex is not None
            plain = [u.hex] + [h for h in best_paths(w.config, u.hex, allowance(u, False)) if may_end(w, u, h)]
            if isinstance(u, Squadron):
                out += [{"unit": u.id, "to": list(h)} for h in plain]
                continue
            out += [{"unit": u.id, "to": list(h), "facing": f} for h in plain for f in range(6)]
            if u.boosters_left and u.move:
                extra = [h for h in best_paths(w.config, u.hex, u.move + 1) if h not in plain and may_end(w, u, h)]
                out += [{"unit": u.id, "to": list(h), "facing": u.facing, "booster": True} for h in extra]
            if u.design.warp and u.move:
                out.append({"unit": u.id, "to": list(u.hex), "facing": u.facing, "warp": True})
        return out

    def _legal_activate(self, w: Work, d: Mapping[str, Any]) -> list[Order]:
        out: list[Order] = []
        units = _attackers(w, d["seat"])
        for u in units:
            if isinstance(u, Ship):
                out.append({"unit": u.id})
                continue
            out.append({"unit": u.id})
            assert u.hex is not None
            if combat.landing_ships(w, u, u.hex):
                out.append({"unit": u.id, "rtb": True})
            out += [{"unit": u.id, "attack": e.id} for e in w.units_on_map()
                    if e.owner != u.owner and e.hex is not None and distance(e.hex, u.hex) == 1]
        squadrons = [u for u in units if isinstance(u, Squadron)]
        for t in w.ships.values():
            if t.status == ON_MAP and t.owner != d["seat"]:
                group = [q.id for q in squadrons if q.hex is not None and t.hex is not None and distance(q.hex, t.hex) == 1]
                if len(group) >= 2:
                    out.append({"units": group, "attack": t.id})
        return out

    def _legal_system(self, w: Work, d: Mapping[str, Any]) -> list[Order]:
        ship = w.ships[d["ship"]]
        out: list[Order] = []
        for system in _usable_systems(w, ship):
            if system == "cannons":
                out += [{"system": "cannons", "target": t} for t in combat.ship_targets(w, ship)]
            elif system == "launchers":
                top = min(ship.stat("launchers"), ship.missiles)
                out += [{"system": "launchers", "target": t, "missiles": k}
                        for t in combat.ship_targets(w, ship) for k in range(1, top + 1)]
            else:
                assert ship.hex is not None
                ready = [q.id for q in w.hosted(ship.id) if q.active]
                free = w.empty_neighbors(ship.hex)
                most = min(ship.stat("bays") - ship.launches, len(ready), len(free))
                for n in range(1, most + 1):
                    for hexes in combinations(free, n):
                        out.append({"system": "bays", "launch": [{"squadron": q, "hex": list(h)}
                                                                 for q, h in zip(ready, hexes)]})
        out.append({"system": "end"})
        return out

    def _legal_barrage(self, w: Work, d: Mapping[str, Any]) -> list[Order]:
        assert w.act is not None
        pool = w.act["pool"]
        ship = w.ships[w.act["ship"]]
        targets = combat.pool_targets(w, ship)
        out: list[Order] = []
        for n in range(1, pool["dice"] + 1):
            if pool["flak"]:
                out += [{"dice": n, "target": t} for t in targets]
            else:
                out.append({"dice": n})
        return out + [{"stop": True}]

    def default_order(self, state: LfState, seat: Seat) -> Order:
        """Standing orders for a missed deadline: the scenario fleet, or the first legal order
        (the first stat, hex or ship offered; no interceptors; no advance)."""
        if state.phase == FLEET:
            return {}
        return self.legal_orders(state, seat)[0]

    # --- validation ---------------------------------------------------------------------

    def validate(self, state: LfState, seat: Seat, order: Order) -> None:
        if state.phase == OVER:
            raise RuleError("LF-VIC-01", "the game is over")
        if state.phase == FLEET:
            _check_fleet_order(state, seat, order)
            return
        d = state.decision
        if d is None or d["seat"] != seat:
            raise RuleError("ENGINE-STALE", f"seat {seat!r} has no decision open now", unit=seat)
        if not isinstance(order, dict):
            raise FormatError("order", f"expected an object for a {d['kind']} decision")
        if "choices" in d:
            if order not in d["choices"]:
                raise RuleError(_RULE_OF_KIND[d["kind"]], f"{order} is not one of the choices: {d['choices']}",
                                unit=d.get("ship") or d.get("squadron"), field="order")
            return
        getattr(self, f"_check_{d['kind']}")(Work(state), d, order)

    def _check_place(self, w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
        _fields(order, {"ship", "hex", "facing"}, {"ship", "hex", "facing"})
        ship = w.ships.get(order["ship"])
        if ship is None or ship.owner != d["seat"] or ship.status != RESERVE:
            raise RuleError("LF-SETUP-04", f"{order['ship']!r} is not one of your ships waiting to be placed: "
                            f"{[s.id for s in _unplaced(w, d['seat'])]}", field="order.ship")
        h = _hex(order["hex"], "order.hex")
        _facing(order["facing"], "order.facing")
        legal = _placement_hexes(w, d["seat"], d["flagship"])
        if h not in legal:
            rule = "LF-SETUP-02" if not any(s.flagship for s in w.ships.values()) else \
                "LF-SETUP-03" if d["flagship"] else "LF-SETUP-04"
            raise RuleError(rule, f"{list(h)} is not a legal placement; legal hexes: {[list(x) for x in legal]}",
                            unit=ship.id, field="order.hex")

    def _check_move(self, w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
        _fields(order, {"unit"}, {"unit", "to", "path", "facing", "booster", "warp"})
        u = _own_unit(w, d["seat"], order["unit"])
        if u not in _movers(w, d["seat"]):
            step = u.move if isinstance(u, Ship) else FIGHTER_MOVE
            raise RuleError("LF-MOVE-01", f"{u.id} cannot move now: step {d['step']}, its step {step}, "
                            f"{'already moved' if u.moved else 'inactive or off the map'}" if u.moved or not u.on_map
                            or isinstance(u, Squadron) and not u.active
                            else f"{u.id} moves in step {step}, not step {d['step']}", unit=u.id, field="order.unit")
        booster = order.get("booster", False)
        warp = order.get("warp", False)
        if isinstance(u, Squadron):
            if "facing" in order or booster or warp:
                raise RuleError("LF-UNIT-09", "squadrons have no facing, boosters or warp drive", unit=u.id, field="order")
        else:
            if "facing" in order:
                _facing(order["facing"], "order.facing")
            if booster and not (u.boosters_left and u.move):
                raise RuleError("LF-ADD-05", "no booster to use (none left, or Move 0: nothing to boost)", unit=u.id,
                                field="order.booster")
            if warp and not (u.design.warp and u.move):
                raise RuleError("LF-ADD-03", "warp needs a warp drive and Move 1 or more", unit=u.id, field="order.warp")
        assert u.hex is not None
        limit = allowance(u, bool(booster))
        path = _order_path(w, u, order, limit)
        check_path(w.config, u.id, u.hex, path, limit, "order.path")
        if warp and path and w.config.options.warp_no_move_fire:
            raise RuleError("LF-ADD-03a", "a ship engaging warp may not move this turn (optional rule in play)",
                            unit=u.id, field="order.to")
        end = path[-1] if path else u.hex
        if not may_end(w, u, end):
            other = w.unit_at(end)
            rule = "LF-MOVE-06" if isinstance(u, Ship) else "LF-MOVE-09"
            raise RuleError(rule, f"{u.id} may not end its move in {list(end)}, occupied by {other.id if other else '?'}",
                            unit=u.id, field="order.to")

    def _check_activate(self, w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
        eligible = _attackers(w, d["seat"])
        if "units" in order:
            _fields(order, {"units", "attack"}, {"units", "attack"})
            ids = order["units"]
            if not isinstance(ids, list) or not ids or len(set(ids)) != len(ids):
                raise FormatError("order.units", "a formation is a list of distinct squadron ids")
            members = [_own_unit(w, d["seat"], i) for i in ids]
            for q in members:
                if not isinstance(q, Squadron) or q not in eligible:
                    raise RuleError("LF-BAR-06", f"{q.id} cannot join a formation now (an active squadron that has "
                                    "not attacked this turn)", unit=q.id, field="order.units")
            target = w.ships.get(order["attack"])
            if target is None or target.status != ON_MAP or target.owner == d["seat"]:
                raise RuleError("LF-BAR-06", "formations attack an enemy ship only", field="order.attack")
            for q in members:
                if not (q.hex and target.hex and distance(q.hex, target.hex) == 1):
                    raise RuleError("LF-BAR-06", f"{q.id} is not adjacent to {target.id}", unit=q.id, field="order.units")
            return
        _fields(order, {"unit"}, {"unit", "attack", "rtb"})
        u = _own_unit(w, d["seat"], order["unit"])
        if u not in eligible:
            raise RuleError("LF-ATK-01", f"{u.id} is not eligible in attack step {d['step']} (its step, already "
                            "attacked, or inactive)", unit=u.id, field="order.unit")
        if isinstance(u, Ship):
            if set(order) != {"unit"}:
                raise RuleError("LF-ATK-04", "a ship activates first, then chooses its systems one by one",
                                unit=u.id, field="order")
            return
        assert u.hex is not None
        if order.get("rtb"):
            if "attack" in order:
                raise RuleError("LF-FTR-05", "a squadron returning to base does not also attack", unit=u.id)
            if not combat.landing_ships(w, u, u.hex):
                raise RuleError("LF-FTR-05", "no friendly ship with a free bay within 5 spaces to return to",
                                unit=u.id, field="order.rtb")
        if "attack" in order:
            target = w.ships.get(order["attack"]) or w.sqs.get(order["attack"])
            if target is None or not target.on_map:
                raise FormatError("order.attack", f"no unit {order['attack']!r} on the map")
            if target.owner == u.owner:
                raise RuleError("LF-TGT-05", "targets must be enemy units", unit=u.id, field="order.attack")
            if target.hex is None or distance(u.hex, target.hex) != 1:
                raise RuleError("LF-TGT-04", "fighter guns attack adjacent units only", unit=u.id, field="order.attack")

    def _check_system(self, w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
        ship = w.ships[d["ship"]]
        system = order.get("system")
        if system == "end":
            _fields(order, {"system"}, {"system"})
            return
        if system not in ("cannons", "launchers", "bays"):
            raise FormatError("order.system", "expected cannons, launchers, bays or end")
        if system in w.act["used"]:  # type: ignore[index]
            raise RuleError("LF-ATK-04", f"{ship.id} has already used its {system} this activation", unit=ship.id,
                            field="order.system")
        if system not in _usable_systems(w, ship):
            raise RuleError("LF-ATK-04", f"{ship.id}'s {system} cannot act now (level 0, no missiles, nothing to "
                            "launch, or no target)", unit=ship.id, field="order.system")
        if system == "bays":
            _fields(order, {"system", "launch"}, {"system", "launch"})
            _check_launch(w, ship, order["launch"])
            return
        allowed = {"system", "target", "missiles"} if system == "launchers" else {"system", "target"}
        _fields(order, {"system", "target"} | ({"missiles"} if system == "launchers" else set()), allowed)
        if order["target"] not in combat.ship_targets(w, ship):
            raise RuleError("LF-TGT-01", f"{order['target']!r} is not a target for {ship.id}: an enemy ship 1-5 "
                            "spaces away or an adjacent enemy squadron (adjacent only into or out of a nebula)",
                            unit=ship.id, field="order.target")
        if system == "launchers":
            k = order["missiles"]
            top = min(ship.stat("launchers"), ship.missiles)
            if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= top:
                raise RuleError("LF-POOL-03", f"fire 1 to {top} missiles (Launchers {ship.stat('launchers')}, "
                                f"{ship.missiles} missiles left)", unit=ship.id, field="order.missiles")

    def _check_barrage(self, w: Work, d: Mapping[str, Any], order: Mapping[str, Any]) -> None:
        assert w.act is not None
        if order.get("stop"):
            _fields(order, {"stop"}, {"stop"})
            return
        pool = w.act["pool"]
        _fields(order, {"dice"} | ({"target"} if pool["flak"] else set()), {"dice", "target"})
        n = order["dice"]
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= pool["dice"]:
            raise RuleError("LF-BAR-01", f"a barrage rolls 1 to {pool['dice']} dice of the pool", field="order.dice")
        if pool["flak"]:
            if order["target"] not in combat.pool_targets(w, w.ships[w.act["ship"]]):
                raise RuleError("LF-BAR-07", "flak may target any adjacent enemy squadron", field="order.target")
        elif "target" in order and order["target"] != pool["target"]:
            raise RuleError("LF-TGT-03", "a weapon system may not split its attack between two targets",
                            field="order.target")

    # --- resolution ---------------------------------------------------------------------

    def advance(self, state: LfState, orders: Mapping[Seat, Order]) -> tuple[LfState, list[Event]]:
        w = Work(state)
        if state.phase == FLEET:
            _apply_fleets(w, orders)
        else:
            d = dict(state.decision or {})
            _APPLY[d["kind"]](w, d, orders[d["seat"]])
        run(w)
        return w.freeze(), w.events

    # --- information --------------------------------------------------------------------

    def view(self, state: LfState, seat: Seat | None) -> dict[str, Any]:
        """Everything on the map and the record sheets is public (LF-UNIT-07, LF-TURN-05);
        only the generator's value is withheld. Fleets are not state until all are in."""
        from .position import position_to_json

        pending = self.pending(state)
        return {
            "game": self.name, "seat": seat, "position": position_to_json(state),
            "decision": pending[seat].to_json() if seat in pending else None,
            "waiting_for": sorted(pending),
            "outcome": state.outcome.to_json() if state.outcome else None,
        }

    def outcome(self, state: LfState) -> Outcome | None:
        return state.outcome

    def determinize(self, view: Mapping[str, Any], seat: Seat, rng: int) -> LfState:
        """Perfect information: the view's position is the whole state but for the generator."""
        from .position import parse_position

        return parse_position(view["position"], rng=rng)

    # --- serialisation ------------------------------------------------------------------

    def to_json(self, state: LfState) -> dict[str, Any]:
        from .position import position_to_json

        return {**position_to_json(state), "rng": format(state.rng, "016x")}

    def from_json(self, data: Mapping[str, Any]) -> LfState:
        from .position import parse_position

        if "rng" not in data:
            raise FormatError("rng", "a saved state needs its generator value (a position file does not: use resolve)")
        return parse_position(data, rng=int(data["rng"], 16))


# --- order helpers ------------------------------------------------------------------------


def _fields(order: Mapping[str, Any], required: set[str], allowed: set[str]) -> None:
    missing = sorted(required - set(order))
    if missing:
        raise FormatError(f"order.{missing[0]}", "missing")
    unknown = sorted(set(order) - allowed)
    if unknown:
        raise FormatError(f"order.{unknown[0]}", f"unknown field; allowed: {', '.join(sorted(allowed))}")


def _hex(value: Any, where: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise FormatError(where, f"expected a hex [q, r], got {value!r}")
    return (value[0], value[1])


def _facing(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise FormatError(where, f"expected a facing 0-5 (0 = east, counter-clockwise), got {value!r}")
    return value


def _own_unit(w: Work, seat: Seat, uid: Any) -> Ship | Squadron:
    u = w.ships.get(uid) if isinstance(uid, str) else None
    u = u or (w.sqs.get(uid) if isinstance(uid, str) else None)
    if u is None:
        raise FormatError("order.unit", f"no unit {uid!r}")
    if u.owner != seat:
        raise RuleError("ENGINE-SEAT", f"{u.id} belongs to {u.owner}, not {seat}", unit=u.id, field="order.unit")
    return u


def _order_path(w: Work, u: Ship | Squadron, order: Mapping[str, Any], limit: int) -> list[tuple[int, int]]:
    assert u.hex is not None
    if "path" in order:
        if not isinstance(order["path"], list):
            raise FormatError("order.path", "expected a list of hexes")
        path = [_hex(h, f"order.path[{i}]") for i, h in enumerate(order["path"])]
        if "to" in order and (path[-1] if path else u.hex) != _hex(order["to"], "order.to"):
            raise RuleError("LF-MOVE-05", "the path does not end at 'to'", unit=u.id, field="order.to")
        return path
    if "to" not in order:
        raise FormatError("order.to", "a move needs 'to' (a destination) or 'path'")
    to = _hex(order["to"], "order.to")
    if to == u.hex:
        return []
    paths = best_paths(w.config, u.hex, limit)
    if to not in paths:
        raise RuleError("LF-MOVE-05", f"{list(to)} is not within {limit} spaces of {list(u.hex)} by a path "
                        "around planetoids", unit=u.id, field="order.to")
    return paths[to]


def _check_fleet_order(state: LfState, seat: Seat, order: Any) -> None:
    if not isinstance(order, dict):
        raise FormatError("order", "a fleet order is an object: {} or {\"ships\": [...]}")
    _fields(order, set(), {"ships"})
    if "ships" in order:
        check_fleet(order["ships"], state.config.fleet_limit, "order.ships")


def _check_launch(w: Work, ship: Ship, launch: Any) -> None:
    assert ship.hex is not None
    if not isinstance(launch, list) or not launch:
        raise FormatError("order.launch", "a list of {squadron, hex} to launch")
    room = ship.stat("bays") - ship.launches
    if len(launch) > room:
        raise RuleError("LF-LAUNCH-05", f"{ship.id} may launch {room} squadrons now (Bays {ship.stat('bays')})",
                        unit=ship.id, field="order.launch")
    free = w.empty_neighbors(ship.hex)
    seen_q, seen_h = set(), set()
    for i, item in enumerate(launch):
        where = f"order.launch[{i}]"
        if not isinstance(item, dict) or set(item) != {"squadron", "hex"}:
            raise FormatError(where, "expected {\"squadron\": id, \"hex\": [q, r]}")
        q = w.sqs.get(item["squadron"])
        if q is None or q.status != HOSTED or q.host != ship.id:
            raise RuleError("LF-LAUNCH-01", f"{item['squadron']!r} is not aboard {ship.id}", unit=ship.id,
                            field=f"{where}.squadron")
        if not q.active:
            raise RuleError("LF-LAUNCH-04", f"{q.id} is face down (inactive) and cannot be launched this turn",
                            unit=q.id, field=f"{where}.squadron")
        h = _hex(item["hex"], f"{where}.hex")
        if h not in free or h in seen_h:
            raise RuleError("LF-LAUNCH-02", f"{list(h)} is not an empty hex adjacent to {ship.id}", unit=q.id,
                            field=f"{where}.hex")
        if q.id in seen_q:
            raise FormatError(f"{where}.squadron", "listed twice")
        seen_q.add(q.id)
        seen_h.add(h)


# --- eligibility ----------------------------------------------------------------------------


def _unplaced(w: Work, seat: Seat) -> list[Ship]:
    return [s for s in w.ships.values() if s.owner == seat and s.status == RESERVE]


def _placement_hexes(w: Work, seat: Seat, flagship: bool) -> list[tuple[int, int]]:
    """Legal hexes for the next ship (LF-SETUP-02..04)."""
    config = w.config
    placed = [s for s in w.ships.values() if s.status == ON_MAP]
    if flagship:
        flags = [s for s in placed if s.flagship]
        if not flags:
            return [config.map.center()]
        out = set()
        for f in flags:
            assert f.hex is not None
            for d in LF_DIRECTIONS:
                p = add(f.hex, scale(d, PLACEMENT_DISTANCE))
                if config.passable(p) and all(distance(p, s.hex) >= PLACEMENT_DISTANCE for s in placed if s.hex):
                    out.add(p)
        if out:
            return sorted(out)
        # No row hex is left on this board: take the hexes farthest from every placed ship
        # (a reading for small boards; LF-AMB-08 asks for a big enough board).
        cands = [h for h in config.map.hexes() if config.passable(h) and w.unit_at(h) is None]
        best = max(min(distance(h, s.hex) for s in placed if s.hex) for h in cands)
        return sorted(h for h in cands if min(distance(h, s.hex) for s in placed if s.hex) == best)
    own = [s for s in placed if s.owner == seat]
    flag = next(s for s in own if s.flagship)
    assert flag.hex is not None
    around = w.empty_neighbors(flag.hex)
    if around:
        return sorted(around)
    out = set()
    for s in own:
        assert s.hex is not None
        out.update(w.empty_neighbors(s.hex))
    return sorted(out)


def _movers(w: Work, seat: Seat) -> list[Ship | Squadron]:
    """Units of ``seat`` in this movement step that have not moved (LF-MOVE-01, LF-MOVE-09)."""
    out: list[Ship | Squadron] = [s for s in w.ships.values()
                                  if s.owner == seat and s.status == ON_MAP and not s.moved and s.move == w.step]
    if w.step == FIGHTER_MOVE:
        out += [q for q in w.sqs.values() if q.owner == seat and q.status == ON_MAP and q.active and not q.moved]
    return out


def _attackers(w: Work, seat: Seat) -> list[Ship | Squadron]:
    """Units of ``seat`` in this attack step that have not attacked (LF-ATK-01..03); launched
    squadrons join the step they were launched in (LF-LAUNCH-03)."""
    out: list[Ship | Squadron] = [s for s in w.ships.values()
                                  if s.owner == seat and s.status == ON_MAP and not s.activated and s.move == w.step]
    now = w.config.options.launched_fighters_attack_immediately
    out += [q for q in w.sqs.values() if q.owner == seat and q.status == ON_MAP and q.active and not q.activated
            and (w.step == FIGHTER_MOVE or (now and q.launched_step == w.step))]
    return out


def _usable_systems(w: Work, ship: Ship) -> list[str]:
    """Weapon systems the active ship may still use (LF-ATK-04)."""
    assert w.act is not None and ship.hex is not None
    used = w.act["used"]
    out = []
    targets = None
    holds_fire = ship.warp_declared and w.config.options.warp_no_move_fire  # LF-ADD-03a
    for system in ("cannons", "launchers"):
        if system in used or not ship.stat(system) or (system == "launchers" and not ship.missiles) or holds_fire:
            continue
        targets = combat.ship_targets(w, ship) if targets is None else targets
        if targets:
            out.append(system)
    if ("bays" not in used and ship.stat("bays") > ship.launches and any(q.active for q in w.hosted(ship.id))
            and w.empty_neighbors(ship.hex)):
        out.append("bays")
    return out


# --- the driver -----------------------------------------------------------------------------


def run(w: Work) -> None:
    """Play on until a player must decide or the game ends."""
    while w.decision is None and w.phase != OVER:
        if w.queue:
            _task(w, w.queue.pop(0))
        elif w.phase == PLACE:
            _next_placement(w)
        elif w.phase == MOVE:
            _next_mover(w)
        elif w.phase == ATTACK:
            if w.act is None:
                _next_attacker(w)
            else:
                _next_system(w)
        elif w.phase == RECOVERY:
            _end_recovery(w)


def _ask(w: Work, kind: str, seat: Seat, **data: Any) -> None:
    w.decision = {"kind": kind, "seat": seat, **data}


def _choose(w: Work, kind: str, seat: Seat, choices: list[dict[str, Any]], task: dict[str, Any], **data: Any) -> None:
    """Ask ``seat`` to pick among ``choices``; a single choice is applied without asking."""
    if len(choices) == 1:
        _APPLY[kind](w, {"kind": kind, "seat": seat, "task": task, **data}, choices[0])
    else:
        _ask(w, kind, seat, choices=choices, task=task, **data)


def _task(w: Work, t: dict[str, Any]) -> None:
    kind = t["kind"]
    if kind == "stat":
        ship = w.ships[t["ship"]]
        if ship.status == ON_MAP:
            _choose(w, "stat", t["chooser"], [{"stat": s} for s in combat.stat_options(ship)], t, ship=ship.id)
    elif kind == "bay_roll":
        combat.bay_roll(w, w.ships[t["ship"]], t["credit"])
    elif kind == "bay_loss":
        aboard = w.hosted(t["ship"])
        if aboard:
            _choose(w, "bay_loss", t["seat"], [{"squadron": q.id} for q in aboard], t, ship=t["ship"])
    elif kind == "fighter_hit":
        q = w.sqs[t["squadron"]]
        if q.status == ON_MAP:
            _ask(w, "fighter_hit", t["seat"], squadron=q.id, task=t,
                 choices=[{"result": "flip"}, {"result": "rtb"}])
    elif kind == "land":
        q = w.sqs[t["squadron"]]
        ships = combat.landing_ships(w, q, tuple(t["from"]))  # type: ignore[arg-type]
        if not ships:
            combat.eliminate(w, q, t["credit"], "no bay to return to")
        else:
            _choose(w, "land", q.owner, [{"ship": s} for s in ships], t, squadron=q.id)
    elif kind == "push":
        q = w.sqs[t["squadron"]]
        hexes = w.empty_neighbors(tuple(t["from"]))  # type: ignore[arg-type]
        if hexes:
            _choose(w, "push", q.owner, [{"hex": list(h)} for h in sorted(hexes)], t, squadron=q.id)
        else:
            w.events.append({"type": "pushed", "unit": q.id, "to": None})
            w.queue.insert(0, {"kind": "land", "squadron": q.id, "from": t["from"], "credit": t["credit"]})
    elif kind == "advance":
        cands = combat.advance_candidates(w, t)
        if cands:
            _ask(w, "advance", t["seat"], hex=t["hex"], task=t,
                 choices=[{"squadron": None}] + [{"squadron": c} for c in cands])
    elif kind == "intercept":
        eligible = t["eligible"]
        choices = [{"squadrons": list(c)} for n in range(min(3, len(eligible)) + 1) for c in combinations(eligible, n)]
        _ask(w, "intercept", t["seat"], ship=t["ship"], task=t, choices=choices)
    elif kind == "repair":
        ship = w.ships[t["ship"]]
        if ship.status == ON_MAP and ship.repair_left and _damaged(ship):
            _ask(w, "repair", ship.owner, ship=ship.id, task=t, choices=[{"attempt": True}, {"attempt": False}])
    else:  # pragma: no cover - tasks are only made above and in combat/movement
        raise AssertionError(f"unknown task {kind}")


def _damaged(ship: Ship) -> list[str]:
    return [s for s, now, orig in zip(STATS, ship.stats, ship.design.stats) if now < orig]


# --- applying decisions -----------------------------------------------------------------------


def _apply_fleets(w: Work, orders: Mapping[Seat, Order]) -> None:
    """Reveal every fleet together (LF-FLEET-08), then the placement roll (LF-SETUP-01)."""
    reveal = {}
    for seat in w.config.seats:
        order = orders.get(seat) or {}
        if "ships" in order:
            designs = check_fleet(order["ships"], w.config.fleet_limit, "order.ships")
            for sid in [s.id for s in w.ships.values() if s.owner == seat]:
                del w.ships[sid]
            for qid in [q.id for q in w.sqs.values() if q.owner == seat]:
                del w.sqs[qid]
            ships, sqs = build_ships(seat, designs)
            w.ships.update({s.id: s for s in ships})
            w.sqs.update({q.id: q for q in sqs})
        reveal[seat] = [{"ship": s.id, "design": s.design.to_json(), "cost": s.design.cost}
                        for s in w.ships.values() if s.owner == seat]
    w.ships = dict(sorted(w.ships.items()))
    w.sqs = dict(sorted(w.sqs.items(), key=lambda kv: (kv[1].owner, int(kv[0].rsplit("F", 1)[1]))))
    w.events.append({"type": "fleets", "fleets": reveal})
    w.order = _rank(w, list(w.config.seats), "setup_roll")
    w.phase = PLACE


def _rank(w: Work, seats: list[Seat], kind: str) -> tuple[Seat, ...]:
    """2d6 + the best Sensors in the fleet each; ties rolled off with 1d6 until distinct, the
    higher ranking higher (LF-SETUP-01, LF-INIT-01/02, LF-ADD-02). Lowest first."""
    rolls = {}
    totals = {}
    for p in seats:
        dice = w.dice(2)
        bonus = _sensors(w, p)
        rolls[p] = {"dice": dice, "bonus": bonus, "total": sum(dice) + bonus}
        totals[p] = sum(dice) + bonus
    tiebreak = {p: 0 for p in seats}
    rolloffs = []
    for value in sorted(set(totals.values())):
        group = [p for p in seats if totals[p] == value]
        while len(group) > 1:
            dice = w.dice(len(group))
            rolloffs.append(dict(zip(group, dice)))
            if len(set(dice)) == len(dice):
                tiebreak.update(zip(group, dice))
                break
    order = tuple(sorted(seats, key=lambda p: (totals[p], tiebreak[p])))
    event: dict[str, Any] = {"type": kind, "turn": w.turn, "rolls": rolls, "order": list(order)}
    if rolloffs:
        event["rolloffs"] = rolloffs
    w.events.append(event)
    return order


def _sensors(w: Work, seat: Seat) -> int:
    """Highest Sensors among the player's ships on the map (before placement: his fleet)."""
    ships = [s for s in w.ships.values() if s.owner == seat]
    on_map = [s for s in ships if s.status == ON_MAP]
    pool = on_map if w.phase != FLEET else ships
    return max((s.design.sensors for s in pool), default=0)


def _apply_place(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    ship = w.ships[order["ship"]]
    ship.status, ship.hex, ship.facing, ship.flagship = ON_MAP, tuple(order["hex"]), order["facing"], d["flagship"]
    w.events.append({"type": "placed", "ship": ship.id, "hex": order["hex"], "facing": order["facing"],
                     "flagship": d["flagship"]})


def _next_placement(w: Work) -> None:
    """Flagships in ascending setup order, then each player's other ships (LF-SETUP-02..04)."""
    for seat in w.order:
        if not any(s.flagship for s in w.ships.values() if s.owner == seat):
            _ask(w, "place", seat, flagship=True)
            return
    for seat in w.order:
        if _unplaced(w, seat):
            _ask(w, "place", seat, flagship=False)
            return
    w.turn = 0
    _start_turn(w)


def _start_turn(w: Work) -> None:
    """New Turn: the end-of-game check, then initiative (LF-VIC-01, LF-INIT-01)."""
    w.turn += 1
    reason = _end_reason(w)
    if reason:
        _game_over(w, reason)
        return
    w.phase = MOVE
    w.order = _rank(w, _live_players(w), "initiative")
    w.step, w.cursor = 0, 0


def _live_players(w: Work) -> list[Seat]:
    return [p for p in w.config.seats if any(u.owner == p for u in w.units_on_map())]


def _rotation_next(w: Work, order: tuple[Seat, ...], eligible: Any) -> Seat | None:
    """The next player in rotation from the cursor with a unit left in the step (LF-MOVE-03)."""
    n = len(order)
    for k in range(n):
        i = (w.cursor + k) % n
        if eligible(w, order[i]):
            w.cursor = i
            return order[i]
    return None


def _next_mover(w: Work) -> None:
    seat = _rotation_next(w, w.order, _movers)
    if seat is not None:
        _ask(w, "move", seat, step=w.step)
        return
    if w.step < FIGHTER_MOVE:
        w.step, w.cursor = w.step + 1, 0
        return
    w.phase, w.step, w.cursor = ATTACK, FIGHTER_MOVE, 0
    w.events.append({"type": "phase", "phase": ATTACK, "turn": w.turn})


def _next_attacker(w: Work) -> None:
    seat = _rotation_next(w, tuple(reversed(w.order)), _attackers)
    if seat is not None:
        _ask(w, "activate", seat, step=w.step)
        return
    if w.step > 0:
        w.step, w.cursor = w.step - 1, 0
        return
    _begin_recovery(w)


def _next_system(w: Work) -> None:
    assert w.act is not None
    ship = w.ships[w.act["ship"]]
    if ship.status != ON_MAP:
        w.act = None
    elif w.act["pool"] is not None:
        if combat.pool_targets(w, ship):
            _ask(w, "barrage", ship.owner, ship=ship.id, pool=dict(w.act["pool"]))
        else:  # the target fell to the last barrage: the rest of the pool is forfeited (LF-AMB-18)
            combat.end_pool(w, "no target")
    elif _usable_systems(w, ship):
        _ask(w, "system", ship.owner, ship=ship.id)
    else:
        w.act = None


def _apply_move(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    u = w.ships.get(order["unit"]) or w.sqs[order["unit"]]
    w.cursor += 1
    u.moved = True
    booster = bool(order.get("booster"))
    if isinstance(u, Ship):
        if booster:
            u.boosters_left -= 1
            u.booster_used = True
        if order.get("warp"):
            u.warp_declared = True
            w.events.append({"type": "warp_declared", "ship": u.id})
    path = _order_path(w, u, order, allowance(u, booster))
    facing = order.get("facing", u.facing) if isinstance(u, Ship) else None
    move_unit(w, u, path, facing, u.owner)


def _apply_activate(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    w.cursor += 1
    if "units" in order:
        members = [w.sqs[i] for i in order["units"]]
        for q in members:
            q.activated = True
        combat.formation(w, members, w.ships[order["attack"]])
        return
    u = w.ships.get(order["unit"]) or w.sqs[order["unit"]]
    u.activated = True
    w.events.append({"type": "activated", "unit": u.id, "step": w.step})
    if isinstance(u, Ship):
        w.act = {"ship": u.id, "used": [], "pool": None}
        return
    assert u.hex is not None
    if order.get("rtb"):
        w.queue.insert(0, {"kind": "land", "squadron": u.id, "from": list(u.hex), "credit": None})
    elif "attack" in order:
        target = w.unit(order["attack"])
        if isinstance(target, Ship):
            combat.formation(w, [u], target)
        else:
            combat.dogfight(w, u, target)


def _apply_system(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    assert w.act is not None
    ship = w.ships[w.act["ship"]]
    system = order["system"]
    if system == "end":
        w.act = None
    elif system == "bays":
        w.act["used"].append("bays")
        for item in order["launch"]:
            combat.launch(w, ship, w.sqs[item["squadron"]], tuple(item["hex"]))  # type: ignore[arg-type]
    else:
        combat.gather(w, ship, system, order["target"], order.get("missiles", 0))


def _apply_barrage(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    assert w.act is not None
    if order.get("stop"):
        combat.end_pool(w, "stopped")
        return
    pool = w.act["pool"]
    combat.barrage(w, w.ships[w.act["ship"]], order["dice"], order.get("target", pool["target"]))


def _apply_intercept(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    combat.intercept(w, order["squadrons"])


def _apply_stat(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    combat.reduce_stat(w, w.ships[d["ship"]], order["stat"], d["task"])


def _apply_fighter_hit(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    q = w.sqs[d["squadron"]]
    if order["result"] == "flip":
        q.active = False
        w.events.append({"type": "flipped", "unit": q.id, "by": d["seat"]})
    else:
        assert q.hex is not None
        w.events.append({"type": "return_to_base", "unit": q.id, "by": d["seat"]})
        w.queue.insert(0, {"kind": "land", "squadron": q.id, "from": list(q.hex), "credit": d["task"]["credit"]})


def _apply_push(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    q = w.sqs[d["squadron"]]
    h = tuple(order["hex"])
    w.events.append({"type": "pushed", "unit": q.id, "from": list(q.hex or h), "to": list(h)})
    q.hex = h  # type: ignore[assignment]
    if w.config.terrain.get(h) == ASTEROID:  # type: ignore[arg-type]
        from .movement import enter_asteroid

        enter_asteroid(w, q, h)  # type: ignore[arg-type]


def _apply_land(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    combat.land(w, w.sqs[d["squadron"]], w.ships[order["ship"]])


def _apply_bay_loss(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    combat.eliminate(w, w.sqs[order["squadron"]], d["task"]["credit"], "bay hit")


def _apply_advance(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    if order["squadron"] is not None:
        combat.advance(w, w.sqs[order["squadron"]], tuple(d["hex"]))  # type: ignore[arg-type]


def _apply_repair(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    """One roll per ship per turn, a level used either way; 4-6 raises a damaged stat
    (LF-ADD-04, LF-REC-03)."""
    if not order["attempt"]:
        return
    ship = w.ships[d["ship"]]
    ship.repair_left -= 1
    ship.repair_used = True
    (die,) = w.dice(1)
    ok = die >= 4
    w.events.append({"type": "repair", "ship": ship.id, "dice": [die], "success": ok})
    if ok:
        _choose(w, "repair_stat", ship.owner, [{"stat": s} for s in _damaged(ship)], {"kind": "repair_stat"},
                ship=ship.id)


def _apply_repair_stat(w: Work, d: dict[str, Any], order: dict[str, Any]) -> None:
    ship = w.ships[d["ship"]]
    stats = list(ship.stats)
    i = STATS.index(order["stat"])
    stats[i] += 1
    ship.stats = tuple(stats)  # type: ignore[assignment]
    w.events.append({"type": "repaired", "ship": ship.id, "stat": order["stat"], "level": stats[i]})


_APPLY = {
    "place": _apply_place, "move": _apply_move, "activate": _apply_activate, "system": _apply_system,
    "barrage": _apply_barrage, "intercept": _apply_intercept, "stat": _apply_stat, "fighter_hit": _apply_fighter_hit,
    "push": _apply_push, "land": _apply_land, "bay_loss": _apply_bay_loss, "advance": _apply_advance,
    "repair": _apply_repair, "repair_stat": _apply_repair_stat,
}


# --- recovery and the end ------------------------------------------------------------------------


def _begin_recovery(w: Work) -> None:
    """Flip every face-down squadron, on the map and aboard (LF-REC-02); queue repairs in
    ascending initiative, each player's ships together (LF-REC-03)."""
    w.phase = RECOVERY
    flipped = [q.id for q in w.sqs.values() if q.status in (ON_MAP, HOSTED) and not q.active]
    for qid in flipped:
        w.sqs[qid].active = True
    w.events.append({"type": "phase", "phase": RECOVERY, "turn": w.turn, "flipped": flipped})
    for seat in w.order:
        for s in w.ships.values():
            if s.owner == seat and s.status == ON_MAP and s.repair_left and _damaged(s):
                w.queue.append({"kind": "repair", "ship": s.id})


def _end_recovery(w: Work) -> None:
    """Retreat, warp, then clear the turn's flags (LF-REC-04..06)."""
    config = w.config
    for s in list(w.ships.values()):
        if s.status == ON_MAP and s.move >= 1 and s.hex is not None and edge(config, s.hex):
            _retreat(w, s, "edge")
    for q in w.sqs.values():
        if q.status == ON_MAP and q.hex is not None and edge(config, q.hex):
            q.status, q.hex = RETREATED, None
            w.events.append({"type": "retreated", "unit": q.id, "cause": "edge"})
    for s in list(w.ships.values()):
        if s.status == ON_MAP and s.warp_declared and s.move >= 1:
            _retreat(w, s, "warp")
    for s in w.ships.values():
        s.moved = s.activated = s.booster_used = s.repair_used = s.warp_declared = False
        s.launches = s.recoveries = 0
    for q in w.sqs.values():
        q.moved = q.activated = False
        q.launched_step = None
    w.quiet_turns = 0 if w.rolled else w.quiet_turns + 1
    w.rolled = False
    _start_turn(w)


def _retreat(w: Work, s: Ship, cause: str) -> None:
    aboard = w.hosted(s.id)
    for q in aboard:
        q.status = RETREATED
    s.status, s.hex = RETREATED, None
    w.events.append({"type": "retreated", "unit": s.id, "cause": cause, "squadrons": [q.id for q in aboard]})


def _can_fight(w: Work, s: Ship) -> bool:
    return bool(s.stat("cannons") or (s.stat("launchers") and s.missiles))


def _end_reason(w: Work) -> str | None:
    """LF-VIC-01 made computable (LF-AMB-33): one fleet left able to act, a stalemate of
    ``stalemate_turns`` turns without attack dice, or the scenario's turn limit."""
    able = set()
    for s in w.ships.values():
        if s.status == ON_MAP and (s.move or _can_fight(w, s) or (s.stat("bays") and w.hosted(s.id))):
            able.add(s.owner)
    able.update(q.owner for q in w.sqs.values() if q.status == ON_MAP)
    if len(able) <= 1:
        return "last_fleet"
    opts = w.config.options
    if w.quiet_turns >= opts.stalemate_turns:
        return "stalemate"
    if opts.turn_limit is not None and w.turn > opts.turn_limit:
        return "turn_limit"
    return None


def scores(w: Work) -> dict[Seat, int]:
    """Victory points in half-points (LF-VIC-02..10): elimination credits, full value for
    capable units on the map, half for incapable ones and for retreated ships."""
    half = {p: 0 for p in w.config.seats}
    raw = w.config.options.vp_accounting == "raw"
    for seat, value, uid in w.ledger:
        if raw and uid in w.ships:  # the book's formula: original value less surviving originals
            value -= 2 * SQUADRON_COST * sum(1 for q in w.sqs.values() if q.origin == uid and q.status != ELIMINATED)
        half[seat] += value
    fighters_half = w.config.options.retreated_fighters_score_half
    for s in w.ships.values():
        h = s.design.hull_value
        if s.status == ON_MAP:
            capable = s.move >= 1 and (_can_fight(w, s) or s.stat("bays") >= 1)
            half[s.owner] += 2 * h if capable else h
            per = 2 * SQUADRON_COST if s.stat("bays") >= 1 else SQUADRON_COST
            half[s.owner] += per * len(w.hosted(s.id))
        elif s.status == RETREATED:
            half[s.owner] += h + SQUADRON_COST * sum(1 for q in w.sqs.values()
                                                     if q.status == RETREATED and q.host == s.id)
    for q in w.sqs.values():
        if q.status == ON_MAP:
            half[q.owner] += 2 * SQUADRON_COST
        elif q.status == RETREATED and q.host is None and fighters_half:
            half[q.owner] += SQUADRON_COST
    return half


def _game_over(w: Work, reason: str) -> None:
    final = scores(w)
    best = max(final.values())
    winners = tuple(p for p in w.config.seats if final[p] == best)
    w.phase, w.scores, w.decision = OVER, final, None
    w.outcome = Outcome(reason, winners)
    w.events.append({"type": "game_over", "reason": reason, "vp": {p: v / 2 for p, v in final.items()},
                     "winners": list(winners)})


RULESET = LaunchFighters()
__all__ = ["RULESET", "LaunchFighters", "TERRAIN", "run", "scores"]
