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

import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
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
from . import notation, orders
from .designer import Design, check_fleet, sample_fleets
from .options import OPTIONS, parse_options, scenario_features
from .play import (
    apply_decision,
    apply_fleets,
    apply_votes,
    auto_step,
    build_ships,
    defer,
    live_players,
    play_on,
)
from .position import parse_position, position_to_json
from .state import FLEET, HOSTED, ON_MAP, OVER, RESERVE, VOTE, Config, LfState, Reinforcement, Work, edge


def _scenario_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    return {e.name[:-5]: tomllib.loads(e.read_text(encoding="utf-8")) for e in folder.iterdir()
            if e.name.endswith(".toml")}


_SCENARIOS = _scenario_files()


_CONFIGS: dict[tuple[str, str], Config] = {}
"""Configs already built, by scenario and options (canonical JSON); see :func:`scenario_config`."""
CONFIGS_KEPT = 64


def scenario_config(scenario: str, options: Mapping[str, Any]) -> Config:
    """The :class:`Config` of a new game of ``scenario`` (known) with ``options``.

    A config is immutable and depends only on these two, so games with the same ones share
    it: a batch of playouts builds the board, fleets and terrain once, and the best paths
    cached in it (``Config.paths``) serve every game, not just one."""
    try:
        key = (scenario, json.dumps(options, sort_keys=True))
    except (TypeError, ValueError):  # not JSON (a caller's own types): built afresh, not kept
        return _build_config(scenario, options)
    found = _CONFIGS.get(key)
    if found is None:
        if len(_CONFIGS) >= CONFIGS_KEPT:
            _CONFIGS.clear()
        found = _CONFIGS[key] = _build_config(scenario, options)
    return found


def _build_config(scenario: str, options: Mapping[str, Any]) -> Config:
    data = _SCENARIOS[scenario]
    limit = int(data["fleet_limit"])
    opts = parse_options({**data.get("options", {}), **options})
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
    middle = board.center() if control else None  # O(hexes): found once, not per hex
    area = frozenset(h for h in board.hexes() if distance(h, middle) <= control["radius"]) \
        if middle is not None else frozenset()
    reinforcements = tuple(
        Reinforcement(r["seat"], int(r["turn"]), check_fleet(r["ships"], 10 ** 6, f"{scenario}: reinforcement[{i}]"),
                      tuple(tuple(h) for h in r["hexes"]), int(r.get("facing", 0)))
        for i, r in enumerate(data.get("reinforcement", [])))
    config = Config(scenario=scenario, map=board, seats=tuple(fleets), exits=exits, exit_full_vp=full_vp,
                    fleet_limit=limit, fleets=fleets, terrain=terrain,
                    options=opts, control=area, control_vp=int(control.get("vp", 0)),
                    protect={p["ship"]: int(p["vp"]) for p in data.get("protect", [])},
                    reinforcements=reinforcements)
    strangers = [p for t in config.options.teams for p in t if p not in config.seats]
    if strangers:
        raise RuleError("LF-AMB-36", f"team member {strangers[0]!r} is not a seat of {scenario}",
                        field="options.teams")
    return config


# --- the decision kinds ---------------------------------------------------------------------------
# One table (KINDS): each kind's rule, prompt, parse (notation.py), check and legal set
# (orders.py), apply (play.py) and dump. The open decision is ``state.decision``.


def _parser(kind: str) -> Callable[[LfState, Ask, Seat, Any], Any]:
    if kind in notation.PICK_FIELD:
        return lambda state, ask, seat, raw: notation.parse_pick(kind, raw)
    read = getattr(notation, f"parse_{kind}")
    return lambda state, ask, seat, raw: read(raw)


def _checked(check: Callable[[Work, Mapping[str, Any], Any], None]) -> Callable[[LfState, Ask, Seat, Any], None]:
    """A kind's check: a short choice the engine listed (``decision.choices``) must be one of
    them; otherwise ``check`` (from ``orders``) applies the rules to the one order."""
    def run(state: LfState, ask: Ask, seat: Seat, order: Any) -> None:
        d = state.decision
        assert d is not None
        if "choices" in d:
            if notation.dump(order) not in d["choices"]:
                raise RuleError(KINDS[d["kind"]].rule, f"{notation.dump(order)} is not one of the choices: "
                                f"{d['choices']}", unit=d.get("ship") or d.get("squadron"), field="order")
            return
        check(Work(state, share=True), d, order)
    return run


def _listed(legal: Callable[..., Legal[Any]]) -> Callable[[LfState, Ask, Seat], Legal[Any]]:
    """A kind's lazy legal set: the listed choices, or ``legal`` (from ``orders``); ``in`` is
    the kind's own parse and check."""
    def run(state: LfState, ask: Ask, seat: Seat) -> Legal[Any]:
        d = state.decision
        assert d is not None
        kind = KINDS[d["kind"]]
        contains = _membership(kind, state, ask, seat)
        if "choices" in d:
            return Choices([kind.parse(state, ask, seat, c) for c in d["choices"]], contains=contains)
        return legal(Work(state, share=True), d, contains)
    return run


def _membership(kind: Kind[LfState, Any], state: LfState, ask: Ask, seat: Seat) -> Callable[[object], bool]:
    """``order in legal``: the kind's parse and check on that one order, nothing listed."""
    def contains(order: object) -> bool:
        try:
            parsed = order if isinstance(order, kind.order_type) else kind.parse(state, ask, seat, order)  # type: ignore[arg-type]
            kind.check(state, ask, seat, parsed)
        except (RuleError, FormatError):
            return False
        return True
    return contains


def _unlisted(*args: Any) -> Any:
    """A short-choice decision always lists its choices; a hand-made one without them is refused."""
    raise FormatError("decision.choices", "missing: this decision picks from a list of choices")


def _apply_decision(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    if state.rng.physical:
        return defer(state, given), []
    return apply_decision(state, given[ask.seats[0]])


def _options_decision(state: LfState, ask: Ask, seat: Seat) -> Any:
    return dict(state.decision or {})


def _check_fleet(state: LfState, ask: Ask, seat: Seat, order: notation.Fleet) -> None:
    orders.check_fleet_order(state, seat, order)


def _legal_fleet(state: LfState, ask: Ask, seat: Seat) -> Legal[notation.Fleet]:
    """The scenario's fleet and the sample fleets within the limit; ``in`` accepts any fleet."""
    return Choices(_fleet_choices(state.config.fleet_limit), contains=_membership(KINDS["fleet"], state, ask, seat))


@cache
def _fleet_choices(limit: int) -> tuple[notation.Fleet, ...]:
    return (notation.Fleet(), *(notation.Fleet(tuple(d.name for d in f)) for f in sample_fleets().values()
                                if sum(d.cost for d in f) <= limit))


def _apply_fleets(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    if state.rng.physical:
        return defer(state, given), []
    w = Work(state)
    apply_fleets(w, given)
    play_on(w)
    return w.freeze(), w.events


def _apply_votes(state: LfState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[LfState, list[Event]]:
    if state.rng.physical:
        return defer(state, given), []
    w = Work(state)
    apply_votes(w, given)
    play_on(w)
    return w.freeze(), w.events


def _kind(name: str, rule: str, prompt: str, **more: Any) -> Kind[LfState, Any]:
    """A decision kind: parsed by ``notation``, applied by ``play``, its choices listed in
    ``state.decision``; ``more`` overrides any of these (a rule check and legal set from
    ``orders`` for the kinds that are not a short list)."""
    parts: dict[str, Any] = {
        "prompt": lambda state, ask, seat: prompt, "parse": _parser(name), "check": _checked(_unlisted),
        "legal": _listed(_unlisted), "apply": _apply_decision, "dump": notation.dump,
        "order_type": notation.ORDER_TYPE.get(name, notation.Pick),
        "options": _options_decision, **more}
    return Kind(name, rule, **parts)


KINDS: dict[str, Kind[LfState, Any]] = {kind.name: kind for kind in (
    _kind("fleet", "LF-FLEET-08",
          "Submit your fleet (secret until every fleet is in), or {} for the scenario's fleet.",
          check=_check_fleet, legal=_legal_fleet, apply=_apply_fleets,
          default=lambda state, ask, seat: notation.Fleet(),
          options=lambda state, ask, seat: {"limit": state.config.fleet_limit}),
    _kind("vote", "LF-VIC-01", "End the game now by mutual agreement? (ends only if every player votes to end)",
          check=lambda state, ask, seat, order: None,
          legal=lambda state, ask, seat: Choices([notation.Vote(False), notation.Vote(True)],
                                                 contains=_membership(KINDS["vote"], state, ask, seat)),
          apply=_apply_votes, default=lambda state, ask, seat: notation.Vote(False),
          options=lambda state, ask, seat: {"turn": state.turn}),
    _kind("place", "LF-SETUP-02", "Place a ship: hex and facing.",
          check=_checked(orders.check_place), legal=_listed(orders.legal_place)),
    _kind("move", "LF-MOVE-01", "Move one of your units in this step.",
          check=_checked(orders.check_move), legal=_listed(orders.legal_move)),
    _kind("activate", "LF-ATK-01", "Activate one of your units in this attack step.",
          check=_checked(orders.check_activate), legal=_listed(orders.legal_activate)),
    _kind("system", "LF-ATK-04", "Choose a weapon system of the active ship, or end its activation.",
          check=_checked(orders.check_system), legal=_listed(orders.legal_system)),
    _kind("intercept", "LF-POOL-06", "Choose up to 3 squadrons to intercept the incoming missiles."),
    _kind("barrage", "LF-BAR-01", "Roll a barrage: how many dice of the pool, or stop.",
          check=_checked(orders.check_barrage), legal=_listed(orders.legal_barrage)),
    _kind("stat", "LF-DMG-01", "Choose the stat your ship loses."),
    _kind("fighter_hit", "LF-DMG-04", "The squadron is hit: flip it or force it to return to base."),
    _kind("push", "LF-MOVE-08", "Your squadron is pushed: choose an empty adjacent hex."),
    _kind("land", "LF-FTR-02", "Your squadron returns to base: choose the ship it lands on."),
    _kind("bay_loss", "LF-DMG-06", "A bay hit destroys a squadron aboard: choose which."),
    _kind("advance", "LF-FTR-06", "Advance a squadron into the vacated hex, or not."),
    _kind("repair", "LF-ADD-04", "Attempt a repair roll for this ship (uses one Repair level)?"),
    _kind("repair_stat", "LF-ADD-04", "Repair succeeded: choose the stat to raise."),
)}
"""Every decision of the game, by kind (docs/launch-fighters.md, "Decisions and orders")."""


@cache
def _one_seat_ask(kind: str, seat: Seat) -> Ask:
    """The (immutable) :class:`Ask` of one seat's decision: made once per kind and seat, not
    at each of the several times the kernel asks where a state stands."""
    return Ask(kind, (seat,))


class LaunchFighters(Procedure[LfState]):
    name = "launch-fighters"
    title = "Launch Fighters!"
    version = "1.0"
    dynamics = "mixed"
    options = OPTIONS
    kinds = KINDS
    default_scenario = "duel"

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {k: ScenarioInfo(k, d["title"], tuple(p["seat"] for p in d["player"]), d.get("description", ""),
                                 d.get("options", {}), scenario_features(len(d["player"])))
                for k, d in sorted(_SCENARIOS.items())}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> LfState:
        if scenario not in _SCENARIOS:
            raise FormatError("scenario", f"unknown Launch Fighters scenario {scenario!r}; "
                              f"known: {', '.join(sorted(_SCENARIOS))}")
        options = dict(options or {})
        physical = options.pop("physical", False)  # the table rolls every die (the server's option)
        if not isinstance(physical, bool):
            raise FormatError("options.physical", "expected true or false")
        config = scenario_config(scenario, options)
        ships, sqs = [], []
        for seat, designs in config.fleets.items():
            a, b = build_ships(seat, designs)
            ships += a
            sqs += b
        return LfState(config=config, phase=FLEET, turn=0, ships=tuple(ships), squadrons=tuple(sqs),
                       rng=Rng.from_seed(seed, physical=physical))

    def seats(self, state: LfState) -> tuple[Seat, ...]:
        return state.config.seats

    # --- decisions ----------------------------------------------------------------------

    def step(self, state: LfState) -> Ask | tuple[LfState, list[Event]]:
        """Who decides now, or one automatic step (LF-IMPL-02)."""
        d = state.decision
        if d is not None:
            return _one_seat_ask(d["kind"], d["seat"])
        if state.queue and state.queue[0]["kind"] == "order":  # orders waiting for table dice
            return auto_step(state)
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
        kind = self.kinds.get(ask.kind)
        if kind is None:  # the kernel's own decision: a die's face to enter (option ``physical``)
            return super().legal_orders(state, seat)
        return [kind.dump(o) for o in self.legal(state, seat)]

    def search_orders(self, state: LfState, seat: Seat) -> list[Order]:
        """The order objects :meth:`legal_orders` dumps: search applies them as they are
        (dumping every listed order, to parse the one applied back, cost search about a sixth
        of its time)."""
        ask = self.asked(state)
        if ask is None or seat not in ask.seats:
            return []
        if ask.kind not in self.kinds:
            return super().legal_orders(state, seat)
        return list(self.legal(state, seat))

    def default_order(self, state: LfState, seat: Seat) -> Order:
        """Standing orders for a missed deadline: the scenario fleet, or the first legal order
        (the first stat, hex or ship offered; no interceptors; no advance; no vote to end)."""
        return self.order_json(state, seat, super().default_order(state, seat))

    # --- information --------------------------------------------------------------------

    def view(self, state: LfState, seat: Seat | None) -> dict[str, Any]:
        """Everything on the map and the record sheets is public (LF-UNIT-07, LF-TURN-05);
        only the generator's value is withheld. Fleets are not state until all are in.
        ``edge_units`` warns of the units that would retreat at recovery where they stand, and
        ``edge_hexes`` lists the board's edge hexes (LF-MAP-10, LF-REC-04)."""
        pending = self.pending(state)
        return {
            "game": self.name, "seat": seat, "position": position_to_json(state),
            "decision": pending[seat].to_json() if seat in pending else None,
            "waiting_for": sorted(pending),
            "outcome": state.outcome.to_json() if state.outcome else None,
            "edge_units": edge_units(state),
            "edge_hexes": [list(h) for h in state.config.map.edge_hexes()],
        }

    def outcome(self, state: LfState) -> Outcome | None:
        return state.outcome

    def scores(self, state: LfState) -> dict[Seat, float]:
        """Each player's victory points (LF-VIC-10), once the game is over."""
        return {seat: half / 2 for seat, half in (state.scores or {}).items()}

    def seats_out(self, state: LfState) -> tuple[Seat, ...]:
        """Seats with no unit left in play, once fleets are chosen: every ship destroyed or
        retreated and every squadron eliminated or retreated (LF-VIC-01: the others play on
        until one fleet is left)."""
        if state.phase in (FLEET, OVER):
            return ()
        in_play = (RESERVE, ON_MAP, HOSTED)
        playing = {s.owner for s in state.ships if s.status in in_play} | {q.owner for q in state.squadrons
                                                                           if q.status in in_play}
        return tuple(seat for seat in state.config.seats if seat not in playing)

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


def edge_units(state: LfState) -> list[str]:
    """Units on the map standing in an edge hex that would retreat at recovery: ships with
    Move 1 or more and every squadron (LF-REC-04, LF-MAP-10). Public, like the map."""
    out = [s.id for s in state.ships if s.status == ON_MAP and s.hex is not None
           and s.move >= 1 and edge(state.config, s.hex)]
    out += [q.id for q in state.squadrons if q.status == ON_MAP and q.hex is not None
            and edge(state.config, q.hex)]
    return out
