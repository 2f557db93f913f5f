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
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.rng import rng_from_seed
from ...engine.ruleset import (
    Decision,
    Event,
    Order,
    Outcome,
    Ruleset,
    ScenarioInfo,
    Seat,
)
from ...hexgrid import RectMap, distance
from . import orders
from .designer import Design, check_fleet, sample_fleets
from .options import OPTIONS, parse_options
from .play import APPLY, apply_fleets, apply_votes, build_ships, live_players, run
from .position import parse_position, position_to_json
from .state import FLEET, OVER, VOTE, Config, LfState, Reinforcement, Work

_RULE_OF_KIND = {
    "stat": "LF-DMG-01", "fighter_hit": "LF-DMG-04", "push": "LF-MOVE-08", "land": "LF-FTR-02",
    "bay_loss": "LF-DMG-06", "advance": "LF-FTR-06", "repair": "LF-ADD-04", "repair_stat": "LF-ADD-04",
    "intercept": "LF-POOL-06",
}
_PROMPTS = {
    "fleet": "Submit your fleet (secret until every fleet is in), or {} for the scenario's fleet.",
    "place": "Place a ship: hex and facing.",
    "vote": "End the game now by mutual agreement? (ends only if every player votes to end)",
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





class LaunchFighters(Ruleset[LfState]):
    name = "launch-fighters"
    title = "Launch Fighters!"
    version = "1.0"
    dynamics = "mixed"
    options = OPTIONS
    default_scenario = "duel"

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {k: ScenarioInfo(k, d["title"], tuple(p["seat"] for p in d["player"]), d.get("description", ""),
                                 d.get("options", {}))
                for k, d in sorted(_SCENARIOS.items())}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> LfState:
        if scenario not in _SCENARIOS:
            raise FormatError("scenario", f"unknown Launch Fighters scenario {scenario!r}; "
                              f"known: {', '.join(sorted(_SCENARIOS))}")
        data = _SCENARIOS[scenario]
        limit = int(data["fleet_limit"])
        opts = parse_options({**data.get("options", {}), **(options or {})})
        fleets: dict[Seat, tuple[Design, ...]] = {}
        for i, p in enumerate(data["player"]):
            where = f"scenario {scenario}: player[{i}]"
            entries = [d.name for d in sample_fleets()[p["fleet"]]] if "fleet" in p else p["ships"]
            arriving = any(r["seat"] == p["seat"] for r in data.get("reinforcement", []))
            # a seat whose whole force arrives later (a raid, LF-SCEN-06) starts with no ships
            fleets[p["seat"]] = () if not entries and arriving else check_fleet(
                entries, limit, f"{where}.ships", warp_flat=opts.warp_flat_cost, fighter_warp=opts.fighter_warp)
        terrain = {tuple(t["hex"]): t["type"] for t in data.get("terrain", [])}
        board = RectMap(data["map"]["cols"], data["map"]["rows"])
        exits = {e["seat"]: frozenset(board.from_offset(c, r) for c in e["columns"] for r in range(board.rows))
                 for e in data.get("exit", [])}
        full_vp = frozenset(e["seat"] for e in data.get("exit", []) if e.get("full_vp"))
        control = data.get("control", {})
        area = frozenset(h for h in board.hexes() if distance(h, board.center()) <= control["radius"]) \
            if control else frozenset()
        reinforcements = tuple(
            Reinforcement(r["seat"], int(r["turn"]), check_fleet(r["ships"], 10 ** 6, f"{scenario}: reinforcement[{i}]"),
                          tuple(tuple(h) for h in r["hexes"]), int(r.get("facing", 0)))  # type: ignore[misc]
            for i, r in enumerate(data.get("reinforcement", [])))
        config = Config(scenario=scenario, map=board, seats=tuple(fleets), exits=exits, exit_full_vp=full_vp,
                        fleet_limit=limit, fleets=fleets, terrain=terrain,  # type: ignore[arg-type]
                        options=opts, control=area, control_vp=int(control.get("vp", 0)),
                        protect={p["ship"]: int(p["vp"]) for p in data.get("protect", [])},
                        reinforcements=reinforcements)
        strangers = [p for t in config.options.teams for p in t if p not in config.seats]
        if strangers:
            raise RuleError("LF-AMB-36", f"team member {strangers[0]!r} is not a seat of {scenario}",
                            field="options.teams")
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
        if state.phase == VOTE:
            voters = live_players(Work(state, share=True))
            return {s: Decision(s, "vote", _PROMPTS["vote"], {"turn": state.turn}) for s in voters}
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
        if state.phase == VOTE:
            return [{"end": False}, {"end": True}] if seat in self.pending(state) else []
        d = state.decision
        if d is None or d["seat"] != seat:
            return []
        w = Work(state, share=True)
        kind = d["kind"]
        if "choices" in d:
            return list(d["choices"])
        return getattr(orders, f"legal_{kind}")(w, d)

    def default_order(self, state: LfState, seat: Seat) -> Order:
        """Standing orders for a missed deadline: the scenario fleet, or the first legal order
        (the first stat, hex or ship offered; no interceptors; no advance)."""
        if state.phase in (FLEET, VOTE):
            return {} if state.phase == FLEET else {"end": False}
        return self.legal_orders(state, seat)[0]

    # --- validation ---------------------------------------------------------------------

    def validate(self, state: LfState, seat: Seat, order: Order) -> None:
        if state.phase == OVER:
            raise RuleError("LF-VIC-01", "the game is over")
        if state.phase == FLEET:
            orders.check_fleet_order(state, seat, order)
            return
        if state.phase == VOTE:
            if seat not in self.pending(state):
                raise RuleError("ENGINE-STALE", f"seat {seat!r} has no unit left and does not vote", unit=seat)
            if not isinstance(order, dict) or set(order) != {"end"} or not isinstance(order["end"], bool):
                raise FormatError("order", 'a vote is {"end": true} or {"end": false}')
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
        getattr(orders, f"check_{d['kind']}")(Work(state, share=True), d, order)

    # --- resolution ---------------------------------------------------------------------

    def advance(self, state: LfState, orders: Mapping[Seat, Order]) -> tuple[LfState, list[Event]]:
        w = Work(state)
        if state.phase == FLEET:
            apply_fleets(w, orders)
        elif state.phase == VOTE:
            apply_votes(w, orders)
        else:
            d = dict(state.decision or {})
            APPLY[d["kind"]](w, d, orders[d["seat"]])
        run(w)
        return w.freeze(), w.events

    # --- information --------------------------------------------------------------------

    def view(self, state: LfState, seat: Seat | None) -> dict[str, Any]:
        """Everything on the map and the record sheets is public (LF-UNIT-07, LF-TURN-05);
        only the generator's value is withheld. Fleets are not state until all are in."""
        pending = self.pending(state)
        return {
            "game": self.name, "seat": seat, "position": position_to_json(state),
            "decision": pending[seat].to_json() if seat in pending else None,
            "waiting_for": sorted(pending),
            "outcome": state.outcome.to_json() if state.outcome else None,
        }

    def outcome(self, state: LfState) -> Outcome | None:
        return state.outcome

    # --- serialisation ------------------------------------------------------------------

    def to_json(self, state: LfState) -> dict[str, Any]:
        return {**position_to_json(state), "rng": format(state.rng, "016x")}

    def from_json(self, data: Mapping[str, Any]) -> LfState:
        if "rng" not in data:
            raise FormatError("rng", "a saved state needs its generator value (a position file does not: use resolve)")
        return parse_position(data, rng=int(data["rng"], 16))


RULESET = LaunchFighters()
