"""The Launch Fighters! ruleset on the kernel contract (LF-TURN, LF-IMPL-02/03).

Fleets are submitted by every player at once and in secret (LF-FLEET-08): the only
simultaneous decision. Everything after is sequential: exactly one seat decides at a time,
and that seat is often not the active player's (the defender chooses a stat, a pushed
squadron's owner picks its hex, the defending ship's owner picks interceptors).

The turn runs on the kernel's procedure (``engine/procedure.py``, DESIGN.md "The procedure"):
:data:`KINDS` declares every decision kind once, and :meth:`LaunchFighters.step` either says
who decides now or runs one automatic step (``play.auto_step``). The kernel's driver applies an
order and plays on until somebody must decide again. The open decision and the follow-ups
waiting to resolve (a small task queue) are data in the state, so a state can stop at any
decision and be saved, sent or replayed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.legal import Choices, Legal
from ...engine.procedure import Ask, Kind, Procedure, Then
from ...engine.rng import Rng
from ...engine.ruleset import (
    Event,
    Order,
    Outcome,
    ScenarioInfo,
    Seat,
)
from ...hexgrid import RectMap, distance
from . import orders
from .designer import Design, check_fleet, sample_fleets
from .options import OPTIONS, parse_options
from .play import (
    apply_decision,
    apply_fleets,
    apply_votes,
    auto_step,
    build_ships,
    live_players,
)
from .position import describe, parse_position, position_to_json
from .state import FLEET, VOTE, Config, LfState, Reinforcement, Work

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


# --- the decision kinds ---------------------------------------------------------------------------
# Orders are JSON objects for now; each kind reads the open decision from ``state.decision``.


def _prompt(kind: str) -> Any:
    return lambda state, ask, seat: _PROMPTS[kind]


def _parse_object(kind: str) -> Any:
    def parse(state: LfState, ask: Ask, seat: Seat, raw: Any) -> Any:
        if not isinstance(raw, dict):
            raise FormatError("order", f"expected an object for a {kind} decision")
        return raw
    return parse


def _check_decision(state: LfState, ask: Ask, seat: Seat, order: Any) -> None:
    d = state.decision
    assert d is not None
    if "choices" in d:
        if order not in d["choices"]:
            raise RuleError(_RULE_OF_KIND[d["kind"]], f"{order} is not one of the choices: {d['choices']}",
                            unit=d.get("ship") or d.get("squadron"), field="order")
        return
    getattr(orders, f"check_{d['kind']}")(Work(state, share=True), d, order)


def _legal_decision(state: LfState, ask: Ask, seat: Seat) -> Legal[Any]:
    d = state.decision
    assert d is not None
    if "choices" in d:
        return Choices(list(d["choices"]))
    return Choices(getattr(orders, f"legal_{d['kind']}")(Work(state, share=True), d))


def _apply_decision(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    return apply_decision(state, given[ask.seats[0]])


def _options_decision(state: LfState, ask: Ask, seat: Seat) -> Any:
    return dict(state.decision or {})


def _check_fleet(state: LfState, ask: Ask, seat: Seat, order: Any) -> None:
    orders.check_fleet_order(state, seat, order)


def _legal_fleet(state: LfState, ask: Ask, seat: Seat) -> Legal[Any]:
    return Choices([{}] + [{"ships": [d.name for d in f]} for f in sample_fleets().values()
                           if sum(d.cost for d in f) <= state.config.fleet_limit])


def _apply_fleets(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    w = Work(state)
    apply_fleets(w, given)
    return w.freeze(), w.events


def _parse_vote(state: LfState, ask: Ask, seat: Seat, raw: Any) -> Any:
    if not isinstance(raw, dict) or set(raw) != {"end"} or not isinstance(raw["end"], bool):
        raise FormatError("order", 'a vote is {"end": true} or {"end": false}')
    return raw


def _apply_votes(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    w = Work(state)
    apply_votes(w, given)
    return w.freeze(), w.events


def _identity(order: Any) -> Any:
    return order


def _decision_kind(name: str) -> Kind[LfState, Any]:
    return Kind(name, _RULE_OF_KIND.get(name, "LF-TURN-01"), _prompt(name), _parse_object(name), _check_decision,
                _legal_decision, _apply_decision, _identity, options=_options_decision)


KINDS: dict[str, Kind[LfState, Any]] = {
    "fleet": Kind("fleet", "LF-FLEET-08", _prompt("fleet"), _parse_object("fleet"), _check_fleet, _legal_fleet,
                  _apply_fleets, _identity, default=lambda state, ask, seat: {},
                  options=lambda state, ask, seat: {"limit": state.config.fleet_limit}),
    "vote": Kind("vote", "LF-VIC-01", _prompt("vote"), _parse_vote, lambda state, ask, seat, order: None,
                 lambda state, ask, seat: Choices([{"end": False}, {"end": True}]), _apply_votes, _identity,
                 default=lambda state, ask, seat: {"end": False},
                 options=lambda state, ask, seat: {"turn": state.turn}),
    **{name: _decision_kind(name) for name in (
        "place", "move", "activate", "system", "barrage", "intercept", "stat", "fighter_hit", "push", "land",
        "bay_loss", "advance", "repair", "repair_stat")},
}
"""Every decision of the game, by kind (docs/launch-fighters.md, "Decisions and orders")."""


class LaunchFighters(Procedure[LfState]):
    name = "launch-fighters"
    title = "Launch Fighters!"
    version = "1.0"
    dynamics = "mixed"
    options = OPTIONS
    kinds = KINDS

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {k: ScenarioInfo(k, d["title"], tuple(p["seat"] for p in d["player"]), d.get("description", ""))
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
                       rng=Rng.from_seed(seed))

    def seats(self, state: LfState) -> tuple[Seat, ...]:
        return state.config.seats

    # --- decisions ----------------------------------------------------------------------

    def step(self, state: LfState) -> Ask | tuple[LfState, list[Event]]:
        """Who decides now, or one automatic step (LF-IMPL-02)."""
        d = state.decision
        if d is not None:
            return Ask(d["kind"], (d["seat"],))
        if state.phase == FLEET:
            return Ask("fleet", state.config.seats)
        if state.phase == VOTE:
            return Ask("vote", tuple(live_players(Work(state, share=True))))
        return auto_step(state)

    def legal_orders(self, state: LfState, seat: Seat) -> list[Order]:
        """Every legal order as JSON (none for a seat with no decision open), except: a move
        names its destination (the engine picks the path with fewest asteroids), boosters and
        warp are offered only for a few moves, formations only with every eligible adjacent
        squadron, and launches only the first hosted squadrons; ``validate`` accepts every
        legal variant. :meth:`legal` is the lazy set of order objects."""
        ask = self.asked(state)
        if ask is None or seat not in ask.seats:
            return []
        dump = self.kinds[ask.kind].dump
        return [dump(o) for o in self.legal(state, seat)]

    def default_order(self, state: LfState, seat: Seat) -> Order:
        """Standing orders for a missed deadline: the scenario fleet, or the first legal order
        (the first stat, hex or ship offered; no interceptors; no advance; no vote to end)."""
        return self.order_json(state, seat, super().default_order(state, seat))

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

    def describe_view(self, view: Mapping[str, Any]) -> str:
        return describe(view)

    def outcome(self, state: LfState) -> Outcome | None:
        return state.outcome

    def determinize(self, view: Mapping[str, Any], seat: Seat, rng: int) -> LfState:
        """Perfect information: the view's position is the whole state but for the generator."""
        return parse_position(view["position"], rng=rng)

    # --- serialisation ------------------------------------------------------------------

    def to_json(self, state: LfState) -> dict[str, Any]:
        out = {**position_to_json(state), "rng": state.rng.to_json()}
        if state.then:
            out["then"] = [{"seat": t.seat, "kind": t.kind, "answer": t.answer} for t in state.then]
        return out

    def from_json(self, data: Mapping[str, Any]) -> LfState:
        if "rng" not in data:
            raise FormatError("rng", "a saved state needs its generator value (a position file does not: use resolve)")
        state = parse_position(data, rng=Rng.from_json(data["rng"]))
        if data.get("then"):
            state = replace(state, then=tuple(Then(t["seat"], t["kind"], t["answer"]) for t in data["then"]))
        return state


RULESET = LaunchFighters()
