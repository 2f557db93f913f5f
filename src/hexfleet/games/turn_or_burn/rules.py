"""The Turn or Burn ruleset: Module 1 (Quick Shot) on the kernel contract.

One turn is one simultaneous decision: every side plots in secret (TOB-M1-PLOT-01..04), then
:meth:`TurnOrBurn.advance` reveals the plots, moves every fighter, fires every gun and removes
the eliminated (TOB-M1-SEQ-01). Before the first turn each side builds and places its fighter
in secret (TOB-M1-BUILD-01, TOB-M1-SETUP-02).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from itertools import product
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.rng import rng_from_seed
from ...engine.ruleset import Decision, Event, OptionInfo, Order, Outcome, Ruleset, ScenarioInfo, Seat
from ...hexgrid import DIRECTIONS, LETTERS, Hex, RectMap, distance
from . import advanced
from .cards import GUNS, M1_GUNS, MANEUVERS, SYSTEMS
from .combat import fire_phase
from .movement import move_fighter, move_phase
from .position import (
    _facing,
    _hex,
    _known_fields,
    _obj,
    check_position,
    elimination_cause,
    fighter_to_json,
    parse_actions,
    parse_options,
    parse_position,
    position_to_json,
)
from .state import OVER, PLOT, SETUP, Config, Fighter, Kit, Options, TobState

MAX_START_SPEED = 6
"""Momentum marker 0-6 hexes from the fighter at setup (TOB-M1-SETUP-02)."""
MAX_FIGHTERS = 8
"""The box holds 8 fighter sets (counter, momentum, location, lock-on, heavy-gun and shield
markers, TOB-COMP-04), so a scenario played with it fields at most 8 fighters; a Module 2
replacement comes back on its own counters. A component limit, not a rule of play (as
TOB-COMP-05 says of projectiles): positions read for analysis may hold more."""

OPTIONS = (
    OptionInfo("slip_model", "minimal", ("minimal", "wide"),
               "Slip burns: minimal (B3S = 2 ahead + 1 starboard) or wide (B3S = 1 ahead + 2 starboard).",
               "TOB-AMB-01"),
    OptionInfo("arc_boundary", "inclusive", ("inclusive", "exclusive"),
               "Whether hexes exactly on a firing arc's edge are inside it.", "TOB-AMB-02"),
    OptionInfo("turn_limit", None, (),
               "End the game as a draw after this many turns (a house rule for batch play; none in the book).",
               "TOB-IMPL-01"),
    OptionInfo("goal", 8, (), "Module 2: points a team needs to win (an agreed goal; null: play to the turn limit).",
               "TOB-M2-SCEN-05"),
    OptionInfo("victory", None, ("points", "elimination"),
               "Module 2-3 victory: team points with replacements (Popcorn), or eliminate every enemy (Module 3 "
               "scenario); default points when Module 2 is in force.", "TOB-M3-SCEN-02"),
    OptionInfo("shot_order", "ascending", ("ascending", "random"),
               "Order in which announced shots resolve: ascending shooter id, or a seeded shuffle.", "TOB-AMB-21"),
    OptionInfo("big_fighters", True, (True, False), "Module 3: heavy and super fighters.", "TOB-M3-OPT-01"),
    OptionInfo("heavy_guns", True, (True, False), "Module 3: heavy guns.", "TOB-M3-OPT-01"),
    OptionInfo("multiple_actions", True, (True, False), "Module 3: one action per crew member.", "TOB-M3-OPT-01"),
    OptionInfo("external_systems", True, (True, False), "Module 3: external systems.", "TOB-M3-OPT-01"),
    OptionInfo("heavy_db_exact_speed", False, (True, False),
               "A 2-card heavy dust buster does exactly the target's speed (the caption) instead of 2 x ceil(s/2).",
               "TOB-AMB-12"),
)


def _scenario_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    out = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            out[entry.name[:-5]] = tomllib.loads(entry.read_text(encoding="utf-8"))
    return out


_SCENARIOS = _scenario_files()


@lru_cache(maxsize=64)
def _initial_state(scenario: str, options: Options) -> TobState:
    """A scenario's starting state (seed aside), built and checked once per options: states are
    frozen, so every new game of it shares the fighters and the config."""
    data = _SCENARIOS[scenario]
    if len(data["fighters"]) > MAX_FIGHTERS:
        raise RuleError("TOB-COMP-04", f"scenario {scenario} fields {len(data['fighters'])} fighters; the game has "
                        f"{MAX_FIGHTERS} fighter counter sets", field="fighters")
    fighters = []
    zones = []
    advanced_rules = advanced.is_advanced(tuple(data["modules"]))
    for i, raw in enumerate(data["fighters"]):
        where = f"scenario {scenario}: fighters[{i}]"
        cards = tuple(raw["cards"])
        fighters.append(Fighter(
            id=raw["id"], side=raw["side"], hex=_hex(raw["hex"], f"{where}.hex"),
            facing=_facing(raw["facing"], f"{where}.facing"), momentum=_hex(raw["momentum"], f"{where}.momentum"),
            cards=cards, revealed=() if advanced_rules else tuple(c for c in cards if c not in GUNS),
            kit=Kit(external=tuple(raw.get("external", ())), shields=bool(raw.get("shields", False)),
                    heavy_guns=tuple(tuple(g) for g in raw.get("heavy_guns", ()))),
        ))
        zones.append((raw["id"], raw["zone"]))
    config = Config(
        scenario=scenario, modules=tuple(data["modules"]), map=RectMap(data["map"]["cols"], data["map"]["rows"]),
        sides=tuple(dict.fromkeys(f.side for f in fighters)), options=options, zones=tuple(zones),
        budgets=tuple(data.get("budgets", {}).items()),
    )
    state = TobState(config=config, turn=1, phase=SETUP, fighters=tuple(fighters), rng=0,
                     scores=tuple((s, 0) for s in config.sides) if advanced_rules else ())
    check_position(state)
    return state


class TurnOrBurn(Ruleset[TobState]):
    name = "turn-or-burn"
    title = "Turn or Burn"
    version = "1.0"
    dynamics = "simultaneous"
    options = OPTIONS
    default_scenario = "quick-shot"
    orders_by_unit = True

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {
            key: ScenarioInfo(key, data["title"], tuple(dict.fromkeys(f["side"] for f in data["fighters"])),
                              data.get("description", ""), data.get("options", {}))
            for key, data in sorted(_SCENARIOS.items())
        }

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> TobState:
        if scenario not in _SCENARIOS:
            raise FormatError("scenario", f"unknown Turn or Burn scenario {scenario!r}; "
                              f"known: {', '.join(sorted(_SCENARIOS))}")
        merged = {**_SCENARIOS[scenario].get("options", {}), **(options or {})}
        return replace(_initial_state(scenario, parse_options(merged)), rng=rng_from_seed(seed))

    def seats(self, state: TobState) -> tuple[Seat, ...]:
        return state.config.sides

    # --- decisions ----------------------------------------------------------------------

    def pending(self, state: TobState) -> dict[Seat, Decision]:
        if advanced.is_advanced(state.config.modules):
            return advanced.pending(self, state)
        if state.phase == OVER:
            return {}
        if state.phase == SETUP:
            return {side: Decision(side, "setup", "Choose your fighter's gun and place it (secret until play).",
                                   self._setup_options(state, side))
                    for side in state.sides_in_play()}
        return {side: Decision(side, "plot", f"Turn {state.turn}: plot one card per fighter (secret).",
                               self._plot_options(state, side))
                for side in state.sides_in_play()}

    def _setup_options(self, state: TobState, side: Seat) -> dict[str, Any]:
        build = advanced.is_advanced(state.config.modules)
        return {"fighters": {f.id: {"guns": list(M1_GUNS), "zone": dict(state.config.zones)[f.id],
                                    "max_speed": MAX_START_SPEED,
                                    "default": _placement_json(f) | (_build_json(f) if build else {})}
                             for f in state.fighters if f.side == side},
                "budget": dict(state.config.budgets).get(side)}

    def _plot_options(self, state: TobState, side: Seat) -> dict[str, Any]:
        return {"fighters": {f.id: {"cards": self.legal_cards(state, f),
                                    "targeted": [c for c in self.legal_cards(state, f) if c in GUNS],
                                    "targets": [e.id for e in state.fighters if e.side != side]}
                             for f in state.fighters if f.side == side}}

    def legal_cards(self, state: TobState, f: Fighter) -> list[str]:
        """The cards ``f`` may plot this turn, in maneuver-set then sheet order."""
        cards = list(_maneuver_cards(state.config.modules, f.has("THR")))
        cards += [c for c in dict.fromkeys(f.working()) if c in GUNS]
        return cards

    def legal_orders(self, state: TobState, seat: Seat) -> list[Order]:
        """Setup: each gun at each facing with the momentum marker 0-6 hexes ahead, from the
        default hex (a representative subset: any hex of the zone is legal). Plot: every card
        (the gun at its default target), and plotting nothing; the product over fighters."""
        if advanced.is_advanced(state.config.modules):
            return advanced.legal_orders(self, state, seat)
        own = [f for f in state.fighters if f.side == seat]
        if state.phase == SETUP:
            board = state.config.map
            choices = [(f.id, [{"gun": gun, "facing": facing, "momentum": [q, r]}
                               for gun, facing, q, r in _setup_choices(board, f.hex)]) for f in own]
        elif state.phase == PLOT:
            choices = [(f.id, [[]] + [[{"card": c}] for c in self.legal_cards(state, f)]) for f in own]
        else:
            return []
        return _combinations(choices)

    def default_order(self, state: TobState, seat: Seat) -> Order:
        return {}

    def validate(self, state: TobState, seat: Seat, order: Order) -> None:
        if advanced.is_advanced(state.config.modules):
            return advanced.validate(self, state, seat, order)
        if state.phase == OVER:
            raise RuleError("TOB-M1-END-01", "the game is over")
        if seat not in state.sides_in_play():
            raise RuleError("ENGINE-SEAT", f"seat {seat!r} has no fighters in play", unit=seat)
        order = _obj(order, "order")
        for fid in order:
            f = state.fighter(fid)
            if f is None:
                raise FormatError(f"order.{fid}", f"no fighter {fid!r} in play; yours: "
                                  f"{', '.join(g.id for g in state.fighters if g.side == seat)}")
            if f.side != seat:
                raise RuleError("ENGINE-SEAT", f"fighter {fid} belongs to {f.side}, not {seat}", unit=fid)
        if state.phase == SETUP:
            for fid, placement in order.items():
                self._check_setup(state, state.fighter(fid), placement)  # type: ignore[arg-type]
        else:
            for fid, actions in order.items():
                self._check_plot(state, state.fighter(fid), parse_actions(actions, f"order.{fid}"))  # type: ignore[arg-type]

    def _check_setup(self, state: TobState, f: Fighter, placement: Any) -> None:
        where = f"order.{f.id}"
        placement = _obj(placement, where)
        _known_fields(placement, {"gun", "hex", "facing", "momentum"}, where)
        gun = placement.get("gun", next(c for c in f.cards if c in GUNS))
        if gun not in M1_GUNS:
            raise RuleError("TOB-M1-BUILD-01", f"the gun must be one of {', '.join(M1_GUNS)}, got {gun!r}",
                            unit=f.id, field=f"{where}.gun")
        h = _hex(placement["hex"], f"{where}.hex") if "hex" in placement else f.hex
        if "facing" in placement:
            _facing(placement["facing"], f"{where}.facing")
        mom = _hex(placement["momentum"], f"{where}.momentum") if "momentum" in placement else None
        board = state.config.map
        if not board.contains(h):
            raise RuleError("TOB-GEO-01", f"hex {list(h)} is off the map", unit=f.id, field=f"{where}.hex")
        zone = dict(state.config.zones)[f.id]
        if not _in_zone(board, h, zone):
            raise RuleError("TOB-M1-SETUP-02", f"hex {list(h)} is outside your start zone (the {zone} half of the "
                            "map): opposing fighters start on opposite sides", unit=f.id, field=f"{where}.hex")
        if mom is None:
            mom = (h[0] + f.momentum[0] - f.hex[0], h[1] + f.momentum[1] - f.hex[1])
        if distance(h, mom) > MAX_START_SPEED:
            raise RuleError("TOB-M1-SETUP-02", f"the momentum marker must be 0-{MAX_START_SPEED} hexes from the "
                            f"fighter; {list(mom)} is {distance(h, mom)} away", unit=f.id, field=f"{where}.momentum")
        if not board.contains(mom):
            raise RuleError("TOB-GEO-13", f"momentum marker {list(mom)} is off the map: the fighter would be out "
                            "of the game at once", unit=f.id, field=f"{where}.momentum")

    def _check_plot(self, state: TobState, f: Fighter, actions: list[dict[str, Any]]) -> None:
        where = f"order.{f.id}"
        if len(actions) > 1:
            raise RuleError("TOB-M1-PLOT-01", f"a fighter plots 1 action per turn; got {len(actions)}",
                            unit=f.id, field=where)
        for i, action in enumerate(actions):
            card, at = action["card"], f"{where}[{i}]"
            maneuver = MANEUVERS.get(card)
            if maneuver is not None:
                if maneuver.module not in state.config.modules:
                    rule = "TOB-M1-SETUP-01" if card == "DITTO" else "TOB-COMP-01"
                    raise RuleError(rule, f"the {card} card is not used before Module {maneuver.module}",
                                    unit=f.id, field=f"{at}.card")
                if maneuver.is_burn and not f.has("THR"):
                    raise RuleError("TOB-M1-SYS-03", f"{card} is a burn and the fighter has no working thruster",
                                    unit=f.id, field=f"{at}.card")
                if action.get("target") is not None:
                    raise RuleError("TOB-M1-PLOT-02", f"{card} is a maneuver; only a gun takes a target",
                                    unit=f.id, field=f"{at}.target")
                continue
            if card not in f.cards:
                raise RuleError("TOB-M1-PLOT-03", f"the fighter has no {SYSTEMS[card]} ({card}) card; "
                                f"its cards: {' '.join(f.cards)}", unit=f.id, field=f"{at}.card")
            if not f.has(card):
                raise RuleError("TOB-M1-PULL-02", f"the fighter's {SYSTEMS[card]} ({card}) was destroyed and may "
                                "not be used again", unit=f.id, field=f"{at}.card")
            if card not in GUNS:
                raise RuleError("TOB-M1-PLOT-01", f"in Module 1 a fighter plots a maneuver or its gun; "
                                f"{SYSTEMS[card]} ({card}) has no action", unit=f.id, field=f"{at}.card")
            target = action.get("target")
            if target is not None:
                enemy = state.fighter(target)
                if enemy is None:
                    raise FormatError(f"{at}.target", f"no fighter {target!r} in play")
                if enemy.side == f.side:
                    raise RuleError("TOB-AMB-58", f"{target} is on your own side: guns fire only at opposing fighters",
                                    unit=f.id, field=f"{at}.target")

    # --- resolution ---------------------------------------------------------------------

    def advance(self, state: TobState, orders: Mapping[Seat, Order]) -> tuple[TobState, list[Event]]:
        if advanced.is_advanced(state.config.modules):
            return advanced.advance(self, state, orders)
        if state.phase == SETUP:
            return self._advance_setup(state, orders)
        plots: dict[str, list[dict[str, Any]]] = {}
        for seat_order in orders.values():
            for fid, actions in seat_order.items():
                if actions:
                    plots[fid] = actions
        return self.resolve_turn(state, plots)

    def _advance_setup(self, state: TobState, orders: Mapping[Seat, Order]) -> tuple[TobState, list[Event]]:
        placements: dict[str, Any] = {}
        for seat_order in orders.values():
            placements.update(seat_order)
        fighters = []
        events: list[Event] = []
        for f in state.fighters:
            p = placements.get(f.id, {})
            gun = p.get("gun")
            cards = tuple(gun if c in GUNS else c for c in f.cards) if gun else f.cards
            h = tuple(p["hex"]) if "hex" in p else f.hex
            mom = tuple(p["momentum"]) if "momentum" in p else (h[0] + f.momentum[0] - f.hex[0],
                                                                h[1] + f.momentum[1] - f.hex[1])
            facing = LETTERS.index(p["facing"]) if "facing" in p else f.facing
            g = replace(f, cards=cards, hex=h, momentum=mom, facing=facing)  # type: ignore[arg-type]
            fighters.append(g)
            events.append({"type": "placed", "id": g.id, "hex": list(g.hex), "facing": LETTERS[g.facing],
                           "momentum": list(g.momentum)})
        return replace(state, phase=PLOT, fighters=tuple(fighters)), events

    def resolve_turn(self, state: TobState, plots: Mapping[str, list[dict[str, Any]]]) -> tuple[TobState, list[Event]]:
        """Reveal, Move Fighters, Fire Guns and the end-of-turn checks for one turn.

        ``plots`` maps fighter id → its (validated) actions; fighters absent plot nothing.
        Modules 2-3 take every mid-turn decision's documented default (``advanced``).
        """
        if advanced.is_advanced(state.config.modules):
            return advanced.resolve_turn(state, plots)
        events: list[Event] = []
        maneuvers: dict[str, str] = {}
        gun_plots: dict[str, tuple[str, str | None]] = {}
        revealed: dict[str, str] = {}
        for f in state.fighters:  # reveal all plots together (TOB-M1-PLOT-04)
            actions = plots.get(f.id)
            if not actions:
                continue
            events.append({"type": "plotted", "id": f.id, "cards": [a["card"] for a in actions]})
            for a in actions:
                card = a["card"]
                if card in MANEUVERS:
                    maneuvers[f.id] = card
                else:
                    revealed[f.id] = card
                    if card in GUNS:
                        gun_plots[f.id] = (card, a.get("target"))
        fighters = list(state.fighters)
        if revealed:
            fighters = [replace(f, revealed=f.revealed + (revealed[f.id],))
                        if f.id in revealed and revealed[f.id] not in f.revealed else f for f in fighters]
            state = replace(state, fighters=tuple(fighters))

        fighters, thrust, move_events = move_phase(state, maneuvers)
        events += move_events
        rng = state.rng
        outcome = _decided(state, fighters)
        if outcome is None:
            fighters, rng, fire_events = fire_phase(fighters, gun_plots, thrust, rng,
                                                    state.config.options.arc_boundary == "exclusive")
            events += fire_events
            survivors = []
            for f in fighters:
                cause = elimination_cause(f, state.config.modules)
                if cause:
                    events.append({"type": "eliminated", "id": f.id, "cause": cause})
                else:
                    survivors.append(f)
            fighters = survivors
            outcome = _decided(state, fighters)
        limit = state.config.options.turn_limit
        if outcome is None and limit is not None and state.turn >= limit:
            outcome = Outcome("turn_limit", ())
        if outcome is not None:
            events.append({"type": "game_over", "winner": outcome.winners[0]} if outcome.winners
                          else {"type": "game_over", "draw": True})
        next_state = TobState(config=state.config, turn=state.turn + 1, phase=OVER if outcome else PLOT,
                              fighters=tuple(fighters), rng=rng, outcome=outcome)
        return next_state, events

    # --- information --------------------------------------------------------------------

    def view(self, state: TobState, seat: Seat | None) -> dict[str, Any]:
        extended = advanced.is_advanced(state.config.modules)
        shown = state.stage.current if extended and state.stage is not None and state.stage.current else state.fighters
        fighters = []
        for f in shown:
            own = seat == f.side or state.phase == OVER
            known = advanced.known_cards(f) if extended else _known_cards(f)
            data = {
                "id": f.id, "side": f.side, "hex": list(f.hex), "facing": LETTERS[f.facing],
                "momentum": list(f.momentum), "speed": f.speed, "size": f.size,
                "cards": list(f.cards) if own else known, "destroyed": list(f.destroyed), "known": known,
            }
            if extended:
                data.update(advanced.view_fighter(state, f, own))
            fighters.append(data)
        pending = self.pending(state)
        extra = advanced.view_extra(state, seat) if extended else {}
        return extra | {
            "game": self.name, "scenario": state.config.scenario, "seat": seat, "turn": state.turn,
            "phase": state.phase, "modules": list(state.config.modules),
            "map": {"cols": state.config.map.cols, "rows": state.config.map.rows},
            "sides": list(state.config.sides), "options": state.config.options.to_json(),
            "zones": dict(state.config.zones), "fighters": fighters,
            "decision": pending[seat].to_json() if seat in pending else None,
            "waiting_for": sorted(pending),
            "outcome": state.outcome.to_json() if state.outcome else None,
        }

    def order_view(self, state: TobState, viewer: Seat | None, owner: Seat, order: Order) -> Order | None:
        """Plots are revealed when resolved; the gun chosen at setup stays secret (TOB-M1-BUILD-02)."""
        if viewer == owner or state.phase not in (SETUP, advanced.REENTRY):
            return order
        return {fid: {k: v for k, v in placement.items() if k not in ("gun", "cards", "heavy_guns")}
                for fid, placement in order.items()}

    def preview(self, state: TobState, seat: Seat, order: Order) -> dict[str, Any] | None:
        """Where each of ``seat``'s fighters ends its move under a (validated) plot order.

        Movement depends only on the fighter's own hex, facing, momentum and card
        (TOB-M1-MOVE-08: fighters move independently), so this reveals nothing hidden.
        """
        if state.phase != PLOT:
            return None
        wide = state.config.options.slip_model == "wide"
        board = state.config.map
        out = {}
        for f in state.fighters:
            if f.side != seat:
                continue
            actions = order.get(f.id) or []
            card = next((a["card"] for a in actions if a["card"] in MANEUVERS), None)
            g, thrust = move_fighter(f, card, wide)
            out[f.id] = {"card": card, "hex": list(g.hex), "facing": LETTERS[g.facing], "momentum": list(g.momentum),
                         "speed": g.speed, "thrust": thrust,
                         "off_map": not (board.contains(g.hex) and board.contains(g.momentum))}
        return {"fighters": out}

    def outcome(self, state: TobState) -> Outcome | None:
        return state.outcome

    # --- serialisation ------------------------------------------------------------------

    def to_json(self, state: TobState) -> dict[str, Any]:
        return {
            "position": position_to_json(state),
            "scenario": state.config.scenario,
            "sides": list(state.config.sides),
            "zones": dict(state.config.zones),
            "phase": state.phase,
            "rng": format(state.rng, "016x"),
            "revealed": {f.id: list(f.revealed) for f in state.fighters},
            "outcome": state.outcome.to_json() if state.outcome else None,
            "budgets": dict(state.config.budgets),
            "phase_decisions": state.config.phase_decisions,
            "stage": state.stage.to_json() if state.stage is not None else None,
        }

    def from_json(self, data: Mapping[str, Any]) -> TobState:
        base = parse_position(data["position"], phase_decisions=data.get("phase_decisions", True))
        revealed = data.get("revealed", {})
        config = replace(base.config, scenario=data["scenario"], sides=tuple(data["sides"]),
                         zones=tuple(data.get("zones", {}).items()), budgets=tuple(data.get("budgets", {}).items()))
        stage = advanced.stage_from_json(data["stage"]) if data.get("stage") else None
        return replace(
            base, config=config, phase=data["phase"], rng=int(data["rng"], 16), stage=stage,
            fighters=tuple(replace(f, revealed=tuple(revealed.get(f.id, f.revealed))) for f in base.fighters),
            outcome=Outcome.from_json(data["outcome"]) if data.get("outcome") else None,
        )


@lru_cache(maxsize=16)
def _maneuver_cards(modules: tuple[int, ...], can_burn: bool) -> tuple[str, ...]:
    """The maneuver cards of these modules in maneuver-set order, burns only with a working
    thruster (TOB-M1-SYS-03), ditto left out (TOB-M1-SETUP-01). Computed once per pair."""
    return tuple(m.id for m in MANEUVERS.values()
                 if m.module in modules and m.id != "DITTO" and (can_burn or not m.is_burn))


@lru_cache(maxsize=256)
def _setup_choices(board: RectMap, h: Hex) -> tuple[tuple[str, str, int, int], ...]:
    """``(gun, facing letter, momentum q, r)`` for a fighter set up at ``h``: each gun at each
    facing with the momentum marker 0-6 hexes ahead and on the map (TOB-M1-SETUP-02)."""
    out = []
    for gun in M1_GUNS:
        for facing in range(6):
            dq, dr = DIRECTIONS[facing]
            for speed in range(MAX_START_SPEED + 1):
                mom = (h[0] + dq * speed, h[1] + dr * speed)
                if board.contains(mom):
                    out.append((gun, LETTERS[facing], *mom))
    return tuple(out)


def _combinations(choices: list[tuple[str, list[Any]]]) -> list[Order]:
    """Every order taking one choice per fighter: the product, the first fighter's choice varying
    slowest. Nothing is cached between calls, so a caller may keep or change the orders it gets
    (within one list, orders share each fighter's choice objects)."""
    if len(choices) == 1:  # one fighter a side, as in every Module 1 duel
        fid, options = choices[0]
        return [{fid: option} for option in options]
    ids = [fid for fid, _ in choices]
    return [dict(zip(ids, combo)) for combo in product(*(options for _, options in choices))]


def _decided(state: TobState, fighters: list[Fighter]) -> Outcome | None:
    """Game over when at most one side has fighters left (TOB-M1-SCEN-01/03)."""
    before = state.sides_in_play()
    if len(before) < 2:
        return None
    left = [s for s in before if any(f.side == s for f in fighters)]
    if len(left) == 1:
        return Outcome("elimination", (left[0],))
    if not left:
        return Outcome("mutual_elimination", ())
    return None


def _in_zone(board: RectMap, h: tuple[int, int], zone: str) -> bool:
    col = h[0]
    half = board.cols // 2
    return col < half if zone == "west" else col >= board.cols - half


def _known_cards(f: Fighter) -> list[str]:
    """Another side's view of ``f``'s cards: those played or destroyed, ``?`` for the rest."""
    known = Counter(f.revealed) | Counter(f.destroyed)
    out = []
    for card in f.cards:
        if known[card]:
            known[card] -= 1
            out.append(card)
        else:
            out.append("?")
    return out


def _build_json(f: Fighter) -> dict[str, Any]:
    return {"cards": list(f.cards), "external": list(f.external), "heavy_guns": [list(g) for g in f.heavy_guns],
            "shields": f.shields}


def _placement_json(f: Fighter) -> dict[str, Any]:
    data = fighter_to_json(f)
    return {"hex": data["hex"], "facing": data["facing"], "momentum": data["momentum"]}


RULESET = TurnOrBurn()
