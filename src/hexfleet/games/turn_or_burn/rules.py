"""The Turn or Burn ruleset on the kernel's procedure (``engine/procedure.py``).

A game is one table of decision kinds (:data:`KINDS`) and one function, :meth:`TurnOrBurn.step`,
that says who must decide now or runs one automatic step of the turn (``turn.py``):

=========== ============================================ =============================================
kind        who (rule)                                   order (JSON; parsed into ``orders.py`` objects)
=========== ============================================ =============================================
setup       every side (TOB-M1-SETUP-02, TOB-M2-BUILD)   ``{"R1": {"gun", "hex", "facing", "momentum"}}``
                                                         (Modules 2-3 also ``cards``, ``external``,
                                                         ``heavy_guns``, ``shields``); all optional
reentry_hex the team opposing a re-entering fighter      ``{"R1": [q, r]}``: a map-edge hex (TOB-M2-SCEN-04)
reentry     the re-entering fighter's owner              ``{"R1": {"cards", "external", "heavy_guns",
                                                         "facing", "momentum", "shields"}}`` (all optional)
declare     sides with working externals (TOB-SEQ-06)    ``{"R1": [{"card": "NB", "target": "B1"}]}``
plot        every side (TOB-M1-PLOT-01..05)              ``{"R1": [{"card": "B2S"}, {"card": "SCAN",
                                                         "target": "B1"}]}``
fire        sides with guns plotted without a target     ``{"R1": ["B1", null]}``: a target (or null:
            that can hit something (TOB-AMB-19)          hold fire) per untargeted gun, in plot order
end         owners who must lose externals or discard    ``{"R1": {"external": ["THR"], "discard": []}}``
            (TOB-M3-EXT-05, TOB-M3-HEAVY-02)
=========== ============================================ =============================================

Module 1 asks only ``setup`` and ``plot``; the other kinds come with the Module 2-3 steps.
Choices that need no mid-turn information are made in the plot order (scanner target, repair
choice, gun target); each mid-turn decision has a documented default, which a position read for
``hexfleet resolve`` (``Config.phase_decisions`` false) takes without stopping.
"""

from __future__ import annotations

import math
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from importlib import resources
from itertools import product
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.legal import Budget, Choices, Legal, Menu, OneUnit, PerUnit
from ...engine.procedure import Ask, Kind, Procedure, Then, keep
from ...engine.rng import Rng, rng_from_seed
from ...engine.ruleset import Event, OptionInfo, Order, Outcome, ScenarioInfo, Seat
from ...hexgrid import DIRECTIONS, Hex, RectMap, distance
from . import experimental, lockdown, notation, party_scenario, party_setup, spacewar_orders, turn
from .build import check_build, external_working, lost_counts
from .cards import GUNS, M1_GUNS, MANEUVERS
from .end_of_turn import check_end_choice, parse_losses
from .movement import move_fighter
from .notation import LETTERS
from .orders import (
    PLACEMENT_FIELDS,
    Action,
    End,
    EntryHexes,
    Fire,
    Losses,
    Orders,
    Placement,
    Plot,
    Setup,
    Standing,
    parse_actions,
    parse_decision,
    parse_orders,
    parse_placement,
    plain_plot,
)
from .position import (
    check_position,
    fail_safe,
    fighter_to_json,
    parse_options,
    parse_position,
    position_to_json,
)
from .reentry import (
    check_entry_hex,
    check_place,
    default_entry,
    due,
    edge_hexes,
    entry_default,
)
from .scenario_v2 import public_fighter_v2, public_v2, scenario_hockey, scenario_projectiles
from .state import (
    DECLARE,
    END,
    FIRE,
    OVER,
    PLOT,
    REENTRY,
    REENTRY_HEX,
    RESOLVE,
    SETUP,
    STATIONS,
    Config,
    Fighter,
    Hits,
    Kit,
    Options,
    Stage,
    TobState,
)
from .systems import action_limit, check_plot, check_seat_plots

MAX_START_SPEED = 6
"""Momentum marker 0-6 hexes from the fighter at setup (TOB-M1-SETUP-02)."""
MAX_FIGHTERS = 8
"""The box holds 8 fighter sets (counter, momentum, location, lock-on, heavy-gun and shield
markers, TOB-COMP-04), so a scenario played with it fields at most 8 fighters; a Module 2
replacement comes back on its own counters. A component limit, not a rule of play (as
TOB-COMP-05 says of projectiles): positions read for analysis may hold more."""

_M2, _M3, _M4, _M5, _M6 = "module-2", "module-3", "module-4", "module-5", "module-6"
PRESET_OPTIONS = (
    ("players", 2, tuple(range(2, 9)), "the number of players", "Players"),
    ("mode", "dogfight", party_scenario.PRESET_MODES, "the game mode (combination: all but last man standing)", "Mode"),
    ("ships", 4, tuple(range(1, 16)), "ships per player (the default preset fits the box's 8 counter sets, TOB-COMP-04)",
     "Ships per player"),
    ("placement", "preset", ("preset", "players"), "who places the stations: the preset's ring round the centre, or "
     "the players, alternately one at a time (TOB-M6-STN-02)", "Station placement"),
)
"""Options that choose the ``big-party`` preset (``party_scenario.build``), not rules: they are
not part of a position (its ``players`` and ``game`` say what they chose)."""
PRESET_NAMES = tuple(name for name, *_ in PRESET_OPTIONS)
"""Scenario features (:attr:`ScenarioInfo.features`): the rules modules a scenario plays."""

OPTIONS = (
    OptionInfo("slip_model", "minimal", ("minimal", "wide"),
               "Slip burns: minimal (B3S = 2 ahead + 1 starboard) or wide (B3S = 1 ahead + 2 starboard).",
               "TOB-AMB-01", "Slip burns"),
    OptionInfo("arc_boundary", "inclusive", ("inclusive", "exclusive"),
               "Whether hexes exactly on a firing arc's edge are inside it.", "TOB-AMB-02", "Hexes on an arc's edge"),
    OptionInfo("turn_limit", None, (),
               "End the game as a draw after this many turns (a house rule for batch play; none in the book).",
               "TOB-IMPL-01", "Turn limit"),
    OptionInfo("goal", 8, (), "Module 2: points a team needs to win (an agreed goal; null: play to the turn limit).",
               "TOB-M2-SCEN-05", "Points to win", _M2),
    OptionInfo("victory", None, ("points", "elimination"),
               "Module 2-3 victory: team points with replacements (Popcorn), or eliminate every enemy (Module 3 "
               "scenario); default points when Module 2 is in force.", "TOB-M3-SCEN-02", "Victory", _M2),
    OptionInfo("shot_order", "ascending", ("ascending", "random"),
               "Order in which announced shots resolve: ascending shooter id, or a seeded shuffle.", "TOB-AMB-21",
               "Order of shots"),
    OptionInfo("big_fighters", True, (True, False), "Module 3: heavy and super fighters.", "TOB-M3-OPT-01",
               "Heavy and super fighters", _M3),
    OptionInfo("heavy_guns", True, (True, False), "Module 3: heavy guns.", "TOB-M3-OPT-01", "Heavy guns", _M3),
    OptionInfo("multiple_actions", True, (True, False), "Module 3: one action per crew member.", "TOB-M3-OPT-01",
               "One action per crew member", _M3),
    OptionInfo("external_systems", True, (True, False), "Module 3: external systems.", "TOB-M3-OPT-01",
               "External systems", _M3),
    OptionInfo("heavy_db_exact_speed", False, (True, False),
               "A 2-card heavy dust buster does exactly the target's speed (the caption) instead of 2 x ceil(s/2).",
               "TOB-AMB-12", "Heavy dust buster damage = target's speed", _M3),
    OptionInfo("max_systems", 6, tuple(range(4, 16)), "Module 4: the agreed most system cards per SpaceWar fighter.",
               "TOB-M4-BUILD-01", "Most system cards (SpaceWar)", _M4),
    OptionInfo("missile_steering", "any", ("any", "straight"),
               "Module 4: a missile's new marker anywhere within min(3, fuel), or along one direction.", "TOB-AMB-23",
               "Missile steering", _M4),
    OptionInfo("projectile_armor", "ignore", ("ignore", "as_guns"),
               "Module 4: explosions ignore armor and take a shield generator (English), or armor and shields "
               "protect as against guns (German).", "TOB-M4-DET-04", "Explosions and armor", _M4),
    *(OptionInfo(name, True, (True, False), f"Module 5: {text}.", rule, label, _M5) for name, text, rule, label in (
        ("force_beam", "the force beam", "TOB-M5-OPT-01", "Force beam"),
        ("zap_gun", "the zap gun", "TOB-M5-OPT-01", "Zap gun"),
        ("secondary_thrusters", "secondary thrusters", "TOB-M5-OPT-01", "Secondary thrusters"),
        ("ramming", "ramming", "TOB-M5-OPT-01", "Ramming"), ("fuel", "fuel", "TOB-M5-OPT-01", "Fuel"),
        ("lock_down", "lock down", "TOB-M5-OPT-01", "Lock down"))),
    OptionInfo("secondary_thrust_timing", "before_move", ("before_move", "after_move"),
               "Module 5: secondary thrust before moving (English) or after all have moved (German).", "TOB-M5-SEC-04",
               "When secondary thrust acts", _M5),
    OptionInfo("lock_down_extra", "english", ("english", "german"),
               "Module 5: no other turn (burn) beside a locked one (English), or one more allowed (German).",
               "TOB-M5-LOCK-07", "Beside a locked maneuver", _M5),
    OptionInfo("force_beam_puck", "both", ("both", "puck_only"),
               "Module 5: a force beam on the puck moves both markers (English) or the puck's only (German).",
               "TOB-M5-FB-10", "Force beam on the puck", _M5),
    OptionInfo("hit_method", "cards", ("cards", "dice"),
               "Module 6: system hit cards numbered 1-15, or the smallest die with enough sides.", "TOB-M6-HIT-02",
               "Hit cards or dice", _M6),
    OptionInfo("station_hit", "notional", ("notional", "auto"),
               "Module 6: a station is hit like a ship of 15 cards with -3 miss cards, or takes a shot's full damage.",
               "TOB-AMB-45", "Hits on stations", _M6),
    *(OptionInfo(name, default, choices, f"Big Party preset: {text}.", "TOB-M6-OVR-02", label, _M6)
      for name, default, choices, text, label in PRESET_OPTIONS),
)


def _scenario_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    out = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            out[entry.name[:-5]] = tomllib.loads(entry.read_text(encoding="utf-8"))
    return out


_SCENARIOS = _scenario_files()


def _scenario_options(scenario: str, given: tuple[tuple[str, Any], ...]) -> Options:
    """The scenario's options with ``given`` over them, read once per combination."""
    key = (scenario, given)
    try:
        found = _OPTIONS_READ.get(key)
    except TypeError:  # a value JSON cannot hash (a list): read it, and let the reader refuse it
        return parse_options({**_SCENARIOS[scenario].get("options", {}), **dict(given)})
    if found is None:
        found = parse_options({**_SCENARIOS[scenario].get("options", {}), **dict(given)})
        if len(_OPTIONS_READ) < 256:
            _OPTIONS_READ[key] = found
    return found


_OPTIONS_READ: dict[tuple[str, tuple[tuple[str, Any], ...]], Options] = {}
_PLAIN_STARTS: dict[str, TobState] = {}
"""Each scenario's starting state with its own options (none given): a random playout starts
one per game, so it is found with one look-up (:func:`_initial_state` hashes every option)."""


@lru_cache(maxsize=64)
def _initial_state(scenario: str, options: Options, preset: tuple[Any, ...] = ()) -> TobState:
    """A scenario's starting state (seed aside), built and checked once per options: states are
    frozen, so every new game of it shares the fighters and the config."""
    data = _SCENARIOS[scenario]
    if data.get("rules") == "big_party":
        return _party_state(scenario, options, preset)
    if len(data["fighters"]) > MAX_FIGHTERS:
        raise RuleError("TOB-COMP-04", f"scenario {scenario} fields {len(data['fighters'])} fighters; the game has "
                        f"{MAX_FIGHTERS} fighter counter sets", field="fighters")
    fighters = []
    zones = []
    advanced_rules = any(m in data["modules"] for m in (2, 3, 4, 5))
    for i, raw in enumerate(data["fighters"]):
        where = f"scenario {scenario}: fighters[{i}]"
        cards = tuple(raw["cards"])
        fighters.append(Fighter(
            id=raw["id"], side=raw["side"], hex=notation.hex_at(raw["hex"], f"{where}.hex"),
            facing=notation.facing(raw["facing"], f"{where}.facing"), momentum=notation.hex_at(raw["momentum"], f"{where}.momentum"),
            cards=cards, revealed=() if advanced_rules else tuple(c for c in cards if c not in GUNS),
            kit=Kit(external=tuple(raw.get("external", ())), shields=bool(raw.get("shields", False)),
                    heavy_guns=tuple(tuple(g) for g in raw.get("heavy_guns", ()))),
        ))
        zones.append((raw["id"], raw["zone"]))
    config = Config(
        scenario=scenario, modules=tuple(data["modules"]), map=RectMap(data["map"]["cols"], data["map"]["rows"]),
        sides=tuple(dict.fromkeys(f.side for f in fighters)), options=options, zones=tuple(zones),
        budgets=tuple(data.get("budgets", {}).items()), play=data.get("rules", ""),
        black_holes=tuple((h[0], h[1]) for h in data.get("black_holes", ())),
        hockey=scenario_hockey(data, tuple(dict.fromkeys(f.side for f in fighters))),
    )
    state = TobState(config=config, turn=1, phase=SETUP, fighters=tuple(fighters), rng=Rng(0),
                     scores=tuple((s, 0) for s in config.sides) if advanced_rules else (),
                     projectiles=scenario_projectiles(data))
    check_position(state)
    return state


def _scenario_seats(data: dict[str, Any]) -> tuple[str, ...]:
    """The sides of a scenario file's fighters; a Big Party preset's players (its default count)."""
    if data.get("rules") == "big_party":
        return tuple(f"P{k + 1}" for k in range(data["players"]))
    return tuple(dict.fromkeys(f["side"] for f in data["fighters"]))


def _party_state(scenario: str, options: Options, preset: tuple[Any, ...]) -> TobState:
    """A Big Party preset, its ships already in their start regions: the first decision is
    the plot (the players' set-up is the preset's, TOB-M6-STN-02 stations placed)."""
    data = _SCENARIOS[scenario]
    players, mode, ships, placement = preset
    if (players not in range(2, 9) or mode not in party_scenario.PRESET_MODES or ships not in range(1, 16)
            or placement not in ("preset", "players")):
        raise RuleError("TOB-M6-OVR-02", f"Big Party presets: players 2-8, ships 1-15, mode one of "
                        f"{', '.join(party_scenario.PRESET_MODES)}, placement preset or players; got {players}, "
                        f"{ships}, {mode!r}, {placement!r}", field="options")
    party, fighters, stations = party_scenario.build(players, mode, ships)
    config = Config(scenario=scenario, modules=tuple(data["modules"]), map=party_scenario.MAP,
                    sides=tuple(p.id for p in party.players), options=options, play=data["rules"], party=party)
    state = TobState(config=config, turn=1, phase=PLOT, fighters=fighters, rng=Rng(0),
                     scores=tuple((s, 0) for s in config.sides), stations=stations)
    check_position(state)
    if placement == "players" and stations:  # the players place them (TOB-M6-STN-02)
        return replace(state, phase=STATIONS, stations=(), stations_to_place=len(stations))
    return state


M1_SETUP_FIELDS = ("gun", "hex", "facing", "momentum")


# --- reading orders: whose fighters ----------------------------------------------------------


def _own(state: TobState, seat: Seat, fid: str) -> Fighter:
    f = state.fighter(fid)
    if f is None:
        raise FormatError(f"order.{fid}", f"no fighter {fid!r} in play; yours: "
                          f"{', '.join(g.id for g in state.fighters if g.side == seat)}")
    if f.side != seat:
        raise RuleError("ENGINE-SEAT", f"fighter {fid} belongs to {f.side}, not {seat}", unit=fid)
    return f


def _open_options(state: TobState, seat: Seat) -> dict[str, Any]:
    """What ``seat`` decides at the open fire, end or re-entry decision, per fighter."""
    phase = state.phase
    if phase in (FIRE, END):
        assert state.stage is not None
        return dict(state.stage.decisions).get(seat, {})
    if phase == REENTRY_HEX:
        return _entry_hex_options(state).get(seat, {})
    if phase == REENTRY:
        return _reentry_options(state).get(seat, {})
    return {}


def _listed(state: TobState, seat: Seat, fid: str) -> Any:
    options = _open_options(state, seat)
    if fid not in options:
        raise RuleError("ENGINE-SEAT", f"{fid!r} has no decision open now; open: {', '.join(options)}",
                        unit=seat, field=f"order.{fid}")
    return options[fid]


# --- setup ------------------------------------------------------------------------------------


def _parse_setup(state: TobState, ask: Ask, seat: Seat, raw: Any) -> Setup:
    allowed = PLACEMENT_FIELDS if state.config.systems else M1_SETUP_FIELDS

    def read(fid: str, value: Any, where: str) -> Placement:
        _own(state, seat, fid)
        return parse_placement(value, where, allowed)

    return parse_orders(Setup, raw, read)


def _check_setup(state: TobState, ask: Ask, seat: Seat, order: Setup) -> None:
    for fid, placement in order.items:
        f = _own(state, seat, fid)
        if state.config.systems:
            built = _built(f, placement, f"order.{fid}")
            check_build(built, state.config.modules, state.config.options)
            f = replace(f, cards=built.cards)
        else:
            gun = placement.gun if "gun" in placement.given else next(c for c in f.cards if c in GUNS)
            if gun not in M1_GUNS:
                raise RuleError("TOB-M1-BUILD-01", f"the gun must be one of {', '.join(M1_GUNS)}, got {gun!r}",
                                unit=f.id, field=f"order.{fid}.gun")
        _check_placement(state, f, placement)
    budget = dict(state.config.budgets).get(seat)
    if budget is not None:  # the scenario's card total for the side (TOB-M3-SCEN-01)
        total = 0
        for g in state.fighters:
            if g.side == seat:
                p = order.get(g.id)
                total += len(p.cards) if p is not None and p.cards is not None else len(g.cards)
        if total > budget:
            raise RuleError("TOB-M3-SCEN-01", f"your side's fighters may total {budget} internal system "
                            f"cards; these builds make {total}", unit=seat, field="order")


def _check_placement(state: TobState, f: Fighter, placement: Placement) -> None:
    where = f"order.{f.id}"
    h = placement.hex if placement.hex is not None else f.hex
    board = state.config.map
    if not board.contains(h):
        raise RuleError("TOB-GEO-01", f"hex {list(h)} is off the map", unit=f.id, field=f"{where}.hex")
    zone = dict(state.config.zones)[f.id]
    if not _in_zone(board, h, zone):
        raise RuleError("TOB-M1-SETUP-02", f"hex {list(h)} is outside your start zone (the {zone} half of the "
                        "map): opposing fighters start on opposite sides", unit=f.id, field=f"{where}.hex")
    mom = placement.momentum
    if mom is None:
        mom = (h[0] + f.momentum[0] - f.hex[0], h[1] + f.momentum[1] - f.hex[1])
    if distance(h, mom) > MAX_START_SPEED:
        raise RuleError("TOB-M1-SETUP-02", f"the momentum marker must be 0-{MAX_START_SPEED} hexes from the "
                        f"fighter; {list(mom)} is {distance(h, mom)} away", unit=f.id, field=f"{where}.momentum")
    if not board.contains(mom):
        raise RuleError("TOB-GEO-13", f"momentum marker {list(mom)} is off the map: the fighter would be out "
                        "of the game at once", unit=f.id, field=f"{where}.momentum")


def _built(f: Fighter, placement: Placement, where: str) -> Fighter:
    """``f`` built as ``placement`` says (Modules 2-3); ``gun`` swaps the first gun."""
    cards = placement.cards if placement.cards is not None else f.cards
    if placement.gun is not None:
        gun = notation.card(placement.gun, f"{where}.gun")
        first = next((i for i, c in enumerate(cards) if c in GUNS), None)
        if gun not in GUNS or first is None:
            raise RuleError("TOB-M2-BUILD-02", f"gun must be one of {', '.join(GUNS)}, got {gun!r}", unit=f.id,
                            field=f"{where}.gun")
        cards = cards[:first] + (gun,) + cards[first + 1:]
    external = placement.external if placement.external is not None else f.external
    heavy = placement.heavy_guns if placement.heavy_guns is not None else f.heavy_guns
    shields = placement.shields if placement.shields is not None else f.shields
    if shields and "SG" not in cards + external:
        raise RuleError("TOB-M2-SHIELD-03", "only a fighter with a shield generator starts with shields up",
                        unit=f.id, field=f"{where}.shields")
    return replace(f, cards=cards, kit=replace(f.kit, external=external, heavy_guns=heavy, shields=shields))


def _legal_setup(state: TobState, ask: Ask, seat: Seat) -> Legal[Setup]:
    """Module 1: each gun at each facing with the momentum marker 0-6 hexes ahead, from the
    default hex (a representative subset: any hex of the zone is legal). Modules 2-3: the
    scenario's builds and places."""
    if state.config.systems:
        return Choices((Setup(()),))
    board = state.config.map
    lone = _lone_fighter(state.fighters, seat)
    if lone is not None:  # a duel: the orders are made once per start hex
        return OneUnit(_setup_menu(board, lone.id, lone.hex), _holds, (KINDS[SETUP], Setup, state, ask, seat))
    own = [f for f in state.fighters if f.side == seat]
    return PerUnit({f.id: _setup_choices(board, f.hex) for f in own}, _setup_of,
                   partial(_holds, KINDS[SETUP], Setup, state, ask, seat))


def _lone_fighter(fighters: tuple[Fighter, ...], seat: Seat) -> Fighter | None:
    """``seat``'s fighter if it has exactly one (a duel), else ``None``: found without a list,
    as the legal sets of a random playout are made at every decision."""
    found = None
    for f in fighters:
        if f.side == seat:
            if found is not None:
                return None
            found = f
    return found


def _setup_of(picks: Mapping[str, Placement]) -> Setup:
    """The setup order of one placement per fighter."""
    return Setup(tuple(picks.items()))


@lru_cache(maxsize=256)
def _setup_menu(board: RectMap, fid: str, h: Hex) -> Menu[Setup]:
    """:func:`_setup_choices`, and the orders they make for a side whose one fighter is ``fid``."""
    choices = _setup_choices(board, h)
    return Menu(fid, choices, tuple(Setup(((fid, p),)) for p in choices), _setup_of)


def _apply_setup(state: TobState, ask: Ask, orders: Mapping[Seat, Setup]) -> tuple[TobState, list[Event]]:
    placements: dict[str, Placement] = {}
    for order in orders.values():
        placements.update(order.items)
    systems = state.config.systems
    fighters = []
    events: list[Event] = []
    for f in state.fighters:
        p = placements.get(f.id, _NO_PLACEMENT)
        if systems:
            built = replace(_built(f, p, f"order.{f.id}"), revealed=())
            cards, kit, revealed = built.cards, built.kit, built.revealed
        else:
            cards = f.cards if p.gun is None else _armed(f.cards, p.gun)
            kit, revealed = f.kit, f.revealed
        h = f.hex if p.hex is None else p.hex
        mom = p.momentum if p.momentum is not None else (h[0] + f.momentum[0] - f.hex[0],
                                                         h[1] + f.momentum[1] - f.hex[1])
        g = Fighter(f.id, f.side, h, f.facing if p.facing is None else p.facing, mom, cards, f.destroyed, revealed, kit)
        fighters.append(g)
        event: Event = {"type": "placed", "id": g.id, "hex": [*h], "facing": LETTERS[g.facing], "momentum": [*mom]}
        if systems:
            event.update(shields=g.shields, external=list(g.external), heavy_guns=len(g.heavy_guns))
        events.append(event)
    placed = TobState(state.config, state.turn, PLOT, tuple(fighters), state.rng, state.outcome, state.scores,
                      state.replacements, None, state.then, state.projectiles, state.stations, state.stations_to_place)
    if not (placed.replacements or placed.config.declare_step):  # nothing comes before the plot
        if not placed.projectiles and ask.seats:  # who set up plots: step()'s decision, kept without the call
            keep(placed, _ask(PLOT, ask.seats))
        return placed, events
    nxt, more = turn.start_turn(placed)
    return nxt, events + more if more else events


_NO_PLACEMENT = Placement()


@lru_cache(maxsize=64)
def _armed(cards: tuple[str, ...], gun: str) -> tuple[str, ...]:
    """Module 1 ``cards`` with ``gun`` for the gun, the one choice of the build (TOB-M1-BUILD-01)."""
    return tuple([gun if c in GUNS else c for c in cards])


def _setup_options(state: TobState, ask: Ask, side: Seat) -> dict[str, Any]:
    build = state.config.systems
    return {"fighters": {f.id: {"guns": list(M1_GUNS), "zone": dict(state.config.zones)[f.id],
                                "max_speed": MAX_START_SPEED,
                                "default": _placement_json(f) | (_build_json(f) if build else {})}
                         for f in state.fighters if f.side == side},
            "budget": dict(state.config.budgets).get(side)}


# --- plot and declare -----------------------------------------------------------------------


def _parse_plot(state: TobState, ask: Ask, seat: Seat, raw: Any) -> Plot:
    """The plotted actions per fighter; whose fighters they are is checked with the rules
    (:func:`_check_plot`)."""
    if state.config.nine_phase:
        return spacewar_orders.parse_plot(state, seat, raw, _own)
    plot = plain_plot(raw)
    return plot if plot is not None else parse_orders(Plot, raw, lambda fid, value, where: parse_actions(value, where))


def _check_plot(state: TobState, ask: Ask, seat: Seat, order: Plot) -> None:
    for fid, actions in order.items:
        f = _own(state, seat, fid)
        if not state.config.systems and actions in _module_1_plots(state.config.modules, f.cards, f.destroyed):
            continue  # one of the fighter's Module 1 plots (the gun without a target): legal as listed
        check_plot(state, f, actions, f"order.{fid}")
        if state.config.declare_step and turn.declarers(state):
            extra = Counter(a.card for a in actions if a.external) - Counter(
                a.card for a in (state.stage.declared_by(fid) if state.stage is not None else ()))
            if extra:
                raise RuleError("TOB-SEQ-06", f"external {next(iter(extra))} was not declared in step A: "
                                "external plots may be withdrawn, not added", unit=fid, field=f"order.{fid}")
    if state.config.systems and state.config.party is None:  # one maneuver set per two fighters (TOB-M2-SETUP-01;
        check_seat_plots(state, seat, dict(order.items))  # Module 1: a set each; Module 6: orders are written)
    if state.config.nine_phase:
        spacewar_orders.check_plot(state, order)


def legal_cards(state: TobState, f: Fighter) -> list[str]:
    """The cards ``f`` may plot alone this turn, in maneuver-set then sheet order.

    With Module 1 alone they follow from the thruster (TOB-M1-SYS-03) and the working gun;
    otherwise each card is checked as a one-action plot (``check_plot``)."""
    if not state.config.systems:
        return _module_1_cards(state.config.modules, f)
    out = []
    for card in list(MANEUVERS) + list(dict.fromkeys(f.cards)):
        action = Action(card)
        if card == "DITTO":
            partner = next((g.id for g in state.fighters if g.side == f.side and g.id != f.id), None)
            if partner is None:
                continue
            action = Action(card, of=partner)
        try:
            check_plot(state, f, (action,), "probe")
        except (RuleError, FormatError):
            continue
        if state.config.nine_phase and not spacewar_orders.fighter_ok(state, f, (action,)):
            continue  # Modules 4-5: fuel, a lost maneuver, ditto beside zap guns, a locked turn or burn
        out.append(card)
    return out


def _module_1_cards(modules: tuple[int, ...], f: Fighter) -> list[str]:
    cards = list(_maneuver_cards(modules, f.has("THR")))
    cards += [c for c in dict.fromkeys(f.working()) if c in GUNS]
    return cards


def _fighter_plots(state: TobState, f: Fighter) -> Sequence[tuple[Action, ...]]:
    """Nothing, each legal card alone, and with two or more crew each maneuver paired with each
    legal system card (TOB-M3-MULTI-01/02)."""
    if not state.config.systems:
        return _module_1_plots(state.config.modules, f.cards, f.destroyed)
    single = [_probe_action(state, f, c) for c in legal_cards(state, f)]
    out: list[tuple[Action, ...]] = [(), *((a,) for a in single)]
    if action_limit(state, f) >= 2:
        moves = [a for a in single if a.card in MANEUVERS]
        systems = [a for a in single if a.card not in MANEUVERS]
        for m in moves:
            for sys_action in systems:
                try:
                    check_plot(state, f, (m, sys_action), "probe")
                except RuleError:
                    continue
                out.append((m, sys_action))
    if state.config.nine_phase:  # Modules 4-5 rules on a plot (fuel, lost maneuvers, no ditto with zap guns)
        out = [plot for plot in out if spacewar_orders.fighter_ok(state, f, plot)]
        out += spacewar_orders.puck_plots(state, f, out)
    return out


@lru_cache(maxsize=64)
def _card_action(card: str) -> Action:
    return Action(card)


@lru_cache(maxsize=1024)
def _module_1_plots(modules: tuple[int, ...], cards: tuple[str, ...], destroyed: tuple[str, ...]
                    ) -> tuple[tuple[Action, ...], ...]:
    """Module 1: nothing, or one legal card alone; it follows from the cards built and lost,
    so it is computed once per such fighter (the plots are frozen)."""
    f = Fighter("", "", (0, 0), 0, (0, 0), cards, destroyed)
    return ((),) + tuple((_card_action(c),) for c in _module_1_cards(modules, f))


@lru_cache(maxsize=1024)
def _module_1_plot_cards(modules: tuple[int, ...], cards: tuple[str, ...], destroyed: tuple[str, ...]
                         ) -> tuple[str, ...]:
    """The card of each of :func:`_module_1_plots` after the first (plotting nothing), in its
    order: what its JSON spells."""
    return tuple(plot[0].card for plot in _module_1_plots(modules, cards, destroyed)[1:])


@lru_cache(maxsize=1024)
def _module_1_menu(modules: tuple[int, ...], fid: str, cards: tuple[str, ...], destroyed: tuple[str, ...]
                   ) -> Menu[Plot]:
    """:func:`_module_1_plots`, and the orders they make for a side whose one fighter is ``fid``."""
    plots = _module_1_plots(modules, cards, destroyed)
    return Menu(fid, plots, tuple(Plot(((fid, plot),)) for plot in plots), _plot_of)


def _probe_action(state: TobState, f: Fighter, card: str) -> Action:
    if card == "DITTO":
        return Action(card, of=next(g.id for g in state.fighters if g.side == f.side and g.id != f.id))
    return _card_action(card)


def _legal_plot(state: TobState, ask: Ask, seat: Seat) -> Legal[Plot]:
    """Per fighter: nothing, each legal card alone (the gun at its default target), card pairs
    with several crew. Across the side's fighters (Modules 2-3), the maneuver sets are a
    budget: each card of a set serves one fighter a turn, ditto included (TOB-M2-DITTO-01,
    TOB-IMPL-02), so counting and drawing never build the product."""
    config = state.config
    if not config.systems:  # Module 1: each fighter's own plots, nothing shared, no projectiles
        modules = config.modules
        lone = _lone_fighter(state.fighters, seat)
        if lone is not None:  # a duel: the orders are made once per build and damage
            return OneUnit(_module_1_menu(modules, lone.id, lone.cards, lone.destroyed), _holds,
                           (KINDS[PLOT], Plot, state, ask, seat))
        return PerUnit({f.id: _module_1_plots(modules, f.cards, f.destroyed) for f in state.fighters if f.side == seat},
                       _plot_of, partial(_holds, KINDS[PLOT], Plot, state, ask, seat))
    own = [f for f in state.fighters if f.side == seat]
    budget = None
    if len(own) > 1 and config.party is None:  # Module 6: written orders, no sets
        sets = max(1, math.ceil(len(own) / 2))
        budget = Budget(lambda plot: [a.card for a in plot if isinstance(a, Action) and a.card in MANEUVERS],
                        lambda card: sets)
    units: dict[str, Sequence[Any]] = {f.id: _fighter_plots(state, f) for f in own}
    fuses = spacewar_orders.detonation_choices(state, seat)  # Module 4: each projectile kept or detonated
    units.update(fuses)
    return PerUnit(units, lambda picks: Plot(tuple((k, v) for k, v in picks.items() if k not in fuses),
                                             tuple((k, v) for k, v in picks.items() if k in fuses)),
                   lambda order: _holds(RULESET.kinds["plot"], Plot, state, ask, seat, order), budget=budget)


def _plot_of(picks: Mapping[str, tuple[Action, ...]]) -> Plot:
    """The plot of one choice per fighter (no projectiles: no standing decisions)."""
    return Plot(tuple(picks.items()))


def _plot_orders_json(state: TobState, seat: Seat) -> list[Order]:
    """:func:`_legal_plot` enumerated straight to JSON, in the same order: the product over the
    side's fighters, the first fighter's choice varying slowest. Each call builds new orders
    (within one list, orders share each fighter's choice objects)."""
    own = [f for f in state.fighters if f.side == seat]
    if len(own) == 1 and not state.config.systems:  # a Module 1 duel: nothing, or one bare card
        f = own[0]
        fid = f.id
        return [{fid: []}, *[{fid: [{"card": card}]}
                             for card in _module_1_plot_cards(state.config.modules, f.cards, f.destroyed)]]
    if spacewar_orders.detonation_choices(state, seat):  # Module 4: projectiles are units too
        return [o.to_json() for o in _legal_plot(state, _ask(PLOT, (seat,)), seat)]
    choices = [(f.id, _fighter_plots(state, f)) for f in own]
    if len(choices) == 1:
        fid, plots = choices[0]
        return [{fid: [a.to_json() for a in plot]} for plot in plots]
    joint = state.config.systems and state.config.party is None
    ids = [fid for fid, _ in choices]
    shown = [[[a.to_json() for a in plot] for plot in plots] for _, plots in choices]
    out: list[Order] = []
    for combo in product(*(range(len(plots)) for _, plots in choices)):
        if joint:
            try:
                check_seat_plots(state, seat, {fid: choices[k][1][i] for k, (fid, i) in enumerate(zip(ids, combo))})
            except RuleError:
                continue
        out.append({fid: shown[k][i] for k, (fid, i) in enumerate(zip(ids, combo))})
    return out


def _setup_orders_json(state: TobState, seat: Seat) -> list[Order]:
    """:func:`_legal_setup` (Module 1) enumerated straight to JSON, in the same order; new
    dicts on every call."""
    board = state.config.map
    own = [f for f in state.fighters if f.side == seat]
    if len(own) == 1:  # one fighter a side, as in every Module 1 duel: one pass
        fid = own[0].id
        return [{fid: {"gun": gun, "facing": letter, "momentum": [q, r]}}
                for gun, letter, q, r in _setup_rows(board, own[0].hex)]
    choices = [(f.id, [{"gun": gun, "facing": letter, "momentum": [q, r]}
                       for gun, letter, q, r in _setup_rows(board, f.hex)]) for f in own]
    ids = [fid for fid, _ in choices]
    return [dict(zip(ids, combo)) for combo in product(*(options for _, options in choices))]


def _apply_plot(state: TobState, ask: Ask, orders: Mapping[Seat, Plot]) -> tuple[TobState, list[Event]]:
    plots: dict[str, tuple[Action, ...]] = {}
    standing: Standing = ()
    for order in orders.values():
        for fid, actions in order.items:
            if actions:
                plots[fid] = actions
        if order.standing:
            standing += order.standing
    if not turn.one_pass(state, standing):
        return turn.pipeline(state, tuple(plots.items()), standing)  # the turn's steps follow at once
    nxt, events = turn.module_1_turn(state, plots)
    if nxt.phase == PLOT and len(nxt.fighters) == len(state.fighters):
        keep(nxt, ask)  # nobody left (Module 1 brings nobody back): the same sides plot again, as step() would say
    return nxt, events


def _plot_options(state: TobState, ask: Ask, side: Seat) -> dict[str, Any]:
    """Per own fighter: the cards it may plot alone and the enemies; from Module 2 its working
    externals (plotted with ``"external": true``), how many actions, its declared externals."""
    targets = [e.id for e in state.fighters if e.side != side]
    if not state.config.systems:
        out = {}
        for f in state.fighters:
            if f.side == side:
                cards = legal_cards(state, f)
                out[f.id] = {"cards": cards, "targeted": [c for c in cards if c in GUNS], "targets": targets}
        return {"fighters": out}
    stage = state.stage
    options: dict[str, Any] = {
        "fighters": {f.id: {"cards": legal_cards(state, f), "externals": external_working(f),
                            "actions": action_limit(state, f), "targets": targets,
                            "declared": [a.to_json() for a in stage.declared_by(f.id)] if stage else []}
                     for f in state.fighters if f.side == side}}
    for fid, o in options["fighters"].items():
        me = state.fighter(fid)
        assert me is not None
        repair = _repairable(me) if "BOT" in o["cards"] else []
        if repair:  # the cards the repair bot may restore (TOB-M2-OPS-02), for the order panel
            o["repair"] = repair
        if state.config.nine_phase:  # Module 4: what each card may name, a jam, a reload, a launcher copy
            o["targets_for"] = _targets_for(state, side, o["cards"], targets)
            o |= spacewar_orders.plot_choices(state, me, o["cards"])
            if 5 in state.config.modules:  # Module 5: a secondary thrust's direction, a ram, lock down
                o |= experimental.plot_choices(state, me, o["cards"], targets) | lockdown.plot_choices(state, me, o["cards"])
    if state.config.nine_phase:  # Module 4: the side's projectiles, to steer, detonate or choose a gravity tie
        options["projectiles"] = {p.id: {"kind": p.kind, "hex": list(p.hex), "momentum": list(p.momentum),
                                         "fuel": p.fuel, "fail_safe": fail_safe(state, p)}
                                  | ({"gravity": list(LETTERS)} if state.config.black_holes else {})
                                  for p in state.projectiles if p.side == side}
    return options


def _repairable(f: Fighter) -> list[str]:
    """The lost cards a repair bot may restore: any destroyed card but armor (TOB-M2-SYS-01,
    TOB-M2-OPS-02), each once, in the order lost."""
    return [c for c in dict.fromkeys(f.destroyed) if c != "ARM"]


def _targets_for(state: TobState, side: Seat, cards: list[str], fighters: list[str]) -> dict[str, list[str]]:
    """Per card that takes a target (Modules 4-5): what it may name. A gun, an opposing fighter
    or projectile (TOB-M4-FIRE-02); a force beam, the puck too (TOB-M5-HOCKEY-04) and any
    projectile (TOB-M5-FB-10); a zap gun, fighters only (its pull is of maneuver cards)."""
    enemy = [p.id for p in state.projectiles if p.side is not None and p.side != side]
    out: dict[str, list[str]] = {}
    for card in cards:
        if card in GUNS:
            out[card] = fighters + enemy
        elif card == "FB":
            out[card] = fighters + [p.id for p in state.projectiles if p.side != side or p.side is None]
        elif card == "ZG":
            out[card] = list(fighters)
    return out


def _parse_declare(state: TobState, ask: Ask, seat: Seat, raw: Any) -> Plot:
    def read(fid: str, value: Any, where: str) -> tuple[Action, ...]:
        _own(state, seat, fid)
        return tuple(replace(a, external=True, given=a.given if "external" in a.given else a.given + ("external",))
                     for a in parse_actions(value, where))

    return parse_orders(Plot, raw, read)


def _check_declare(state: TobState, ask: Ask, seat: Seat, order: Plot) -> None:
    for fid, actions in order.items:
        f = _own(state, seat, fid)
        for i, a in enumerate(actions):
            if a.card not in f.external:
                raise RuleError("TOB-SEQ-06", f"step A declares external systems only; {fid} has no external "
                                f"{a.card}", unit=fid, field=f"order.{fid}[{i}].card")
        check_plot(state, f, actions, f"order.{fid}")


def _apply_declare(state: TobState, ask: Ask, orders: Mapping[Seat, Plot]) -> tuple[TobState, list[Event]]:
    declared: dict[str, tuple[Action, ...]] = {}
    for order in orders.values():
        declared.update((fid, acts) for fid, acts in order.items if acts)
    return turn.declare(state, tuple(declared.items()))


# --- fire and end -----------------------------------------------------------------------------


def _parse_fire(state: TobState, ask: Ask, seat: Seat, raw: Any) -> Fire:
    def read(fid: str, value: Any, where: str) -> tuple[str | None, ...]:
        guns = _listed(state, seat, fid)
        if not isinstance(value, list) or len(value) != len(guns):
            raise FormatError(where, f"expected a list of {len(guns)} target(s) or null")
        return tuple(value)

    return parse_orders(Fire, raw, read)


def _check_fire(state: TobState, ask: Ask, seat: Seat, order: Fire) -> None:
    for fid, picks in order.items:
        guns = _listed(state, seat, fid)
        if len(picks) != len(guns):
            raise FormatError(f"order.{fid}", f"expected a list of {len(guns)} target(s) or null")
        for i, (t, gun) in enumerate(zip(picks, guns)):
            if t is not None and t not in gun["targets"]:
                raise RuleError("TOB-M1-FIRE-01", f"{gun['card']} cannot hit {t!r} now; in range and arc: "
                                f"{', '.join(gun['targets']) or 'none'}", unit=fid, field=f"order.{fid}[{i}]")


def _legal_fire(state: TobState, ask: Ask, seat: Seat) -> Legal[Fire]:
    options = _open_options(state, seat)
    return PerUnit({fid: list(product(*[g["targets"] + [None] for g in guns])) for fid, guns in options.items()},
                   lambda picks: Fire(tuple(picks.items())),
                   lambda order: _holds(RULESET.kinds["fire"], Fire, state, ask, seat, order))


def _apply_fire(state: TobState, ask: Ask, orders: Mapping[Seat, Fire]) -> tuple[TobState, list[Event]]:
    chosen: list[tuple[str, tuple[str | None, ...]]] = []
    for order in orders.values():
        chosen += order.items
    return turn.run(turn.resume(state, fire=tuple(chosen)))


def _parse_end(state: TobState, ask: Ask, seat: Seat, raw: Any) -> End:
    def read(fid: str, value: Any, where: str) -> Losses:
        _listed(state, seat, fid)
        return parse_losses(fid, value, where)

    return parse_orders(End, raw, read)


def _check_end(state: TobState, ask: Ask, seat: Seat, order: End) -> None:
    for fid, losses in order.items:
        needs = _listed(state, seat, fid)
        f = state.fighter(fid)
        assert f is not None
        check_end_choice(f, needs, losses, f"order.{fid}")


def _legal_end(state: TobState, ask: Ask, seat: Seat) -> Legal[End]:
    options = _open_options(state, seat)
    return Choices((End(tuple((fid, Losses(tuple(o["default"]["external"]), tuple(o["default"]["discard"])))
                              for fid, o in options.items())),))


def _apply_end(state: TobState, ask: Ask, orders: Mapping[Seat, End]) -> tuple[TobState, list[Event]]:
    given: dict[str, Losses] = {}
    for order in orders.values():
        given.update(order.items)
    return turn.run(turn.resume(state, losses=tuple(given.items())))


# --- re-entry ---------------------------------------------------------------------------------


def _entry_hex_options(state: TobState) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for rep in due(state):
        if rep.hex is None:
            for side in state.config.sides:
                if side != rep.side:
                    out.setdefault(side, {})[rep.id] = {
                        "side": rep.side,
                        "default": list(entry_default(state, rep))}
    return out


def _reentry_options(state: TobState) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for rep in due(state):
        assert rep.hex is not None
        out.setdefault(rep.side, {})[rep.id] = {"hex": list(rep.hex), "cards": list(rep.cards),
                                                "default": default_entry(state.config.map, rep.hex)}
        if state.config.hockey is not None:  # the owner picks the hex along its own edge
            edge = edge_hexes(state.config.map, state.config.hockey.edge(rep.side))
            out[rep.side][rep.id]["hexes"] = [list(h) for h in edge]
    return out


def _parse_entry_hex(state: TobState, ask: Ask, seat: Seat, raw: Any) -> EntryHexes:
    def read(fid: str, value: Any, where: str) -> Hex:
        _listed(state, seat, fid)
        return check_entry_hex(state.config.map, value, where)

    return parse_orders(EntryHexes, raw, read)


def _apply_entry_hex(state: TobState, ask: Ask, orders: Mapping[Seat, EntryHexes]) -> tuple[TobState, list[Event]]:
    hexes: dict[str, Hex] = {}
    for order in orders.values():
        hexes.update(order.items)
    nxt, events = turn.choose_entry_hexes(state, hexes)
    nxt, more = turn.start_turn(nxt)
    return nxt, events + more


def _parse_reentry(state: TobState, ask: Ask, seat: Seat, raw: Any) -> Setup:
    """The owner's build, facing and speed; in Space Hockey its hex too (TOB-M5-HOCKEY-06),
    where in Popcorn the enemy has chosen it (TOB-M2-SCEN-04)."""
    allowed = tuple(k for k in PLACEMENT_FIELDS if k != "hex" or state.config.hockey is not None)

    def read(fid: str, value: Any, where: str) -> Placement:
        _listed(state, seat, fid)
        return parse_placement(value, where, allowed)

    return parse_orders(Setup, raw, read)


def _check_reentry(state: TobState, ask: Ask, seat: Seat, order: Setup) -> None:
    reps = {r.id: r for r in due(state)}
    for fid, value in order.items:
        rep = reps[fid]
        where = f"order.{fid}"
        base = Fighter(id=rep.id, side=rep.side, hex=rep.hex or (0, 0), facing=0, momentum=rep.hex or (0, 0),
                       cards=rep.cards, kit=Kit(external=rep.external, heavy_guns=rep.heavy_guns))
        check_build(_built(base, value, where), state.config.modules, state.config.options)
        check_place(state, rep, value, where)


def _apply_reentry(state: TobState, ask: Ask, orders: Mapping[Seat, Setup]) -> tuple[TobState, list[Event]]:
    placements: dict[str, Placement] = {}
    for order in orders.values():
        placements.update(order.items)
    nxt, events = turn.enter(state, placements)
    nxt, more = turn.start_turn(replace(nxt, phase=PLOT))
    return nxt, events + more


# --- the table --------------------------------------------------------------------------------


def _holds(kind: Kind[Any, Any], of: type[Orders[Any]], state: TobState, ask: Ask, seat: Seat, order: object) -> bool:
    """Whether ``order`` is legal: the kind's rule check, nothing enumerated. An order object of
    another decision than ``of`` (losses where a plot is open) is not."""
    if isinstance(order, Orders) and not isinstance(order, of):
        return False
    try:
        parsed = order if isinstance(order, Orders) else kind.parse(state, ask, seat, order)
        kind.check(state, ask, seat, parsed)
    except (RuleError, FormatError):
        return False
    return True


def _dump(order: Orders[Any]) -> Any:
    return order.to_json()


def _nothing(state: TobState, ask: Ask, seat: Seat) -> Any:
    """The standing order: nothing plotted, every choice at its default."""
    return {}


def _prompt(text: str, m1_text: str | None = None) -> Any:
    return lambda state, ask, seat: (m1_text if m1_text is not None and not state.config.systems else text).format(
        turn=state.turn)


KINDS: dict[str, Kind[Any, Any]] = {
    "setup": Kind("setup", "TOB-M1-SETUP-02",
                  _prompt("Build and place your fighters (secret until play).",
                          "Choose your fighter's gun and place it (secret until play)."),
                  _parse_setup, _check_setup, _legal_setup, _apply_setup, _dump, Setup, _nothing, _setup_options),
    REENTRY_HEX: Kind(REENTRY_HEX, "TOB-M2-SCEN-04", _prompt("Choose the map-edge hex where each enemy replacement "
                                                             "enters."),
                      _parse_entry_hex, lambda s, a, seat, o: None,
                      lambda s, a, seat: Choices((EntryHexes(tuple((fid, tuple(o["default"])) for fid, o in
                                                                   _open_options(s, seat).items())),)),
                      _apply_entry_hex, _dump, EntryHexes, _nothing, lambda s, a, seat: _open_options(s, seat)),
    REENTRY: Kind(REENTRY, "TOB-M2-SCEN-04",
                  lambda s, a, seat: "Place your returning fighter: any hex of your own edge, its facing and speed 0-6."
                  if s.config.hockey is not None else "Build your replacement and choose its facing and speed 0-6.",
                  _parse_reentry, _check_reentry, lambda s, a, seat: Choices((Setup(()),)), _apply_reentry, _dump,
                  Setup, _nothing, lambda s, a, seat: _open_options(s, seat)),
    DECLARE: Kind(DECLARE, "TOB-SEQ-06", _prompt("Turn {turn}: declare external-system plots (public)."),
                  _parse_declare, _check_declare, lambda s, a, seat: Choices((Plot(()),)), _apply_declare, _dump,
                  Plot, _nothing,
                  lambda s, a, seat: {"fighters": {f.id: {"externals": external_working(f)} for f in s.fighters
                                                   if f.side == seat and external_working(f)}}),
    PLOT: Kind(PLOT, "TOB-M1-PLOT-01",
               _prompt("Turn {turn}: plot your fighters' actions (secret).",
                       "Turn {turn}: plot one card per fighter (secret)."),
               _parse_plot, _check_plot, _legal_plot, _apply_plot, _dump, Plot, _nothing, _plot_options),
    FIRE: Kind(FIRE, "TOB-AMB-19", _prompt("Announce your targets (null: hold fire)."), _parse_fire, _check_fire,
               _legal_fire, _apply_fire, _dump, Fire, _nothing, lambda s, a, seat: _open_options(s, seat)),
    END: Kind(END, "TOB-SEQ-02", _prompt("Choose the externals you lose and the cards you discard."), _parse_end,
              _check_end, _legal_end, _apply_end, _dump, End, _nothing, lambda s, a, seat: _open_options(s, seat)),
    STATIONS: Kind(STATIONS, party_setup.RULE, party_setup.prompt, party_setup.parse, party_setup.check,
                   party_setup.legal, party_setup.apply, _dump, party_setup.StationHexes, party_setup.default,
                   party_setup.options),
}
"""The decision kinds of Turn or Burn (see the module docstring)."""


_ASKS: dict[tuple[str, tuple[Seat, ...]], Ask] = {}


def _ask(kind: str, seats: tuple[Seat, ...]) -> Ask:
    """The setup or plot decision of these seats: one shared (immutable) Ask per pair, as the
    procedure asks for it several times per decision."""
    found = _ASKS.get((kind, seats))
    if found is None:
        found = Ask(kind, seats)
        if len(_ASKS) < 1024:
            _ASKS[(kind, seats)] = found
    return found


class TurnOrBurn(Procedure[TobState]):
    name = "turn-or-burn"
    title = "Turn or Burn"
    version = "1.0"
    dynamics = "simultaneous"
    options = OPTIONS
    kinds = KINDS
    default_scenario = "quick-shot"
    orders_by_unit = True

    # --- setup --------------------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {
            key: ScenarioInfo(key, data["title"], _scenario_seats(data),
                              data.get("description", ""), data.get("options", {}),
                              frozenset(f"module-{m}" for m in data["modules"]))
            for key, data in sorted(_SCENARIOS.items())
        }

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> TobState:
        if scenario not in _SCENARIOS:
            raise FormatError("scenario", f"unknown Turn or Burn scenario {scenario!r}; "
                              f"known: {', '.join(sorted(_SCENARIOS))}")
        start = None if options else _PLAIN_STARTS.get(scenario)
        if start is None:
            given = dict(options) if options else {}
            data = _SCENARIOS[scenario]
            preset = tuple([given.pop(name, data.get(name)) for name in PRESET_NAMES])
            start = _initial_state(scenario, _scenario_options(scenario, tuple(sorted(given.items()))), preset)
            if not options:
                _PLAIN_STARTS[scenario] = start
        return TobState(start.config, start.turn, start.phase, start.fighters, Rng(rng_from_seed(seed)), start.outcome,
                        start.scores, (), None, (), start.projectiles, start.stations, start.stations_to_place)

    def seats(self, state: TobState) -> tuple[Seat, ...]:
        return state.config.sides

    # --- the procedure ------------------------------------------------------------------

    def step(self, state: TobState) -> Ask | tuple[TobState, list[Event]]:
        phase = state.phase
        if phase == RESOLVE:
            return turn.run(state)
        if phase == PLOT:
            if state.projectiles:  # a side with projectiles still gives them orders (TOB-M4-PROJ-04)
                return _ask(PLOT, spacewar_orders.plotting_sides(state))
            seats = state.sides_in_play() or state.config.sides
            return _ASKS.get((PLOT, seats)) or _ask(PLOT, seats)
        if phase == SETUP:
            return _ask("setup", state.sides_in_play())
        if phase == STATIONS:
            return party_setup.ask(state)
        if phase in (FIRE, END):
            assert state.stage is not None
            return Ask(phase, tuple(seat for seat, _ in state.stage.decisions))
        if phase == DECLARE:
            return Ask(DECLARE, tuple(turn.declarers(state)))
        if phase == REENTRY_HEX:
            return Ask(REENTRY_HEX, tuple(_entry_hex_options(state)))
        if phase == REENTRY:
            return Ask(REENTRY, tuple(_reentry_options(state)))
        raise AssertionError(f"no step from phase {phase!r}")

    def legal_orders(self, state: TobState, seat: Seat) -> list[Order]:
        """Every order of :meth:`legal`, as JSON (records, tools and tests read JSON); none for
        a seat that has no decision open."""
        ask = self.asked(state)
        if ask is None or seat not in ask.seats:
            return []
        if ask.kind == PLOT:
            return _plot_orders_json(state, seat)
        if ask.kind == "setup" and not state.config.systems:
            return _setup_orders_json(state, seat)
        return [order.to_json() for order in self.legal(state, seat)]

    def legal_cards(self, state: TobState, f: Fighter) -> list[str]:
        return legal_cards(state, f)

    def resolve_turn(self, state: TobState, plots: Mapping[str, list[dict[str, Any]]]) -> tuple[TobState, list[Event]]:
        """One whole turn with the documented default for every mid-turn decision (``hexfleet
        resolve``): re-entries due are placed by default first. ``plots`` maps fighter id → its
        (unchecked) actions; fighters absent plot nothing."""
        events: list[Event] = []
        while state.phase in (REENTRY_HEX, REENTRY, DECLARE):
            state, more = self.advance(state, {seat: {} for seat in self.pending(state)})
            events += more
        parsed = tuple((fid, parse_actions(actions, f"order.{fid}")) for fid, actions in plots.items() if actions)
        state, more = turn.start(state, parsed)
        events += more
        while state.phase in (FIRE, END):  # the default: nearest targets, first externals, last cards
            state, more = turn.run(turn.resume(state))
            events += more
        return state, events

    # --- information --------------------------------------------------------------------

    def view(self, state: TobState, seat: Seat | None) -> dict[str, Any]:
        extended = state.config.systems
        fighters = []
        for f in state.fighters:
            own = seat == f.side or state.phase == OVER
            known = _known_cards_m2(f) if extended else _known_cards(f)
            data = {
                "id": f.id, "side": f.side, "hex": list(f.hex), "facing": LETTERS[f.facing],
                "momentum": list(f.momentum), "speed": f.speed, "size": f.size,
                "cards": list(f.cards) if own else known, "destroyed": list(f.destroyed), "known": known,
            }
            if extended:
                data.update({"external": list(f.external), "shields": f.shields, "lock_on": f.lock_on,
                             "heavy_guns": [list(g) for g in f.heavy_guns] if own else len(f.heavy_guns)})
            if state.config.nine_phase:
                data.update(public_fighter_v2(state, f, own, known))
            fighters.append(data)
        decision = self.decision(state, seat)
        extra = _view_extra(state, seat) if extended else {}
        if state.config.nine_phase:
            extra |= public_v2(state)
        return extra | {
            "game": self.name, "scenario": state.config.scenario, "seat": seat, "turn": state.turn,
            "phase": state.phase, "modules": list(state.config.modules),
            "map": {"cols": state.config.map.cols, "rows": state.config.map.rows},
            "sides": list(state.config.sides), "options": state.config.options.to_json(),
            "zones": dict(state.config.zones), "fighters": fighters,
            "decision": decision.to_json() if decision is not None else None,
            "waiting_for": sorted(self.deciding(state)),
            "outcome": state.outcome.to_json() if state.outcome else None,
        }

    def order_view(self, state: TobState, viewer: Seat | None, owner: Seat, order: Order) -> Order | None:
        """Plots are revealed when resolved; the gun chosen at setup stays secret (TOB-M1-BUILD-02)."""
        if isinstance(order, Orders):
            order = order.to_json()
        if viewer == owner or state.phase not in (SETUP, REENTRY):
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
        plot = order if isinstance(order, Plot) else self.parse_order(state, seat, order)
        wide = state.config.options.slip_model == "wide"
        board = state.config.map
        out = {}
        for f in state.fighters:
            if f.side != seat:
                continue
            actions = plot.get(f.id) or ()
            card = next((a.card for a in actions if a.card in MANEUVERS), None)
            shifted, extra = experimental.previewed_shift(state, f, actions)  # Module 5: a secondary thrust
            g, thrust = move_fighter(shifted, card, wide)
            thrust += extra
            out[f.id] = {"card": card, "hex": list(g.hex), "facing": LETTERS[g.facing], "momentum": list(g.momentum),
                         "speed": g.speed, "thrust": thrust,
                         "off_map": not (board.contains(g.hex) and board.contains(g.momentum))}
        return {"fighters": out}

    def outcome(self, state: TobState) -> Outcome | None:
        return state.outcome

    def scores(self, state: TobState) -> dict[Seat, float]:
        """The points each side has scored (Popcorn's, Big Party's; none in a duel)."""
        return {side: float(points) for side, points in state.scores}

    # --- serialisation ------------------------------------------------------------------

    def to_json(self, state: TobState) -> dict[str, Any]:
        out = {
            "position": position_to_json(state),
            "scenario": state.config.scenario,
            "sides": list(state.config.sides),
            "zones": dict(state.config.zones),
            "phase": state.phase,
            "rng": state.rng.to_json(),
            "revealed": {f.id: list(f.revealed) for f in state.fighters},
            "outcome": state.outcome.to_json() if state.outcome else None,
            "budgets": dict(state.config.budgets),
            "phase_decisions": state.config.phase_decisions,
            "stage": _stage_json(state.stage) if state.stage is not None else None,
        }
        if state.then:
            out["then"] = [{"seat": t.seat, "kind": t.kind, "answer": t.answer} for t in state.then]
        burns = {p.id: p.burn for p in state.projectiles if p.burn}
        if burns:  # this turn's equivalent burns (a position at a turn's start holds none)
            out["burns"] = burns
        if state.stations_to_place:
            out["stations_to_place"] = state.stations_to_place
        return out

    def from_json(self, data: Mapping[str, Any]) -> TobState:
        stage = _stage_from_json(data["stage"]) if data.get("stage") else None
        base = parse_position(data["position"], phase_decisions=data.get("phase_decisions", True),
                              check=(stage is None or stage.step == 0) and data["phase"] != OVER)  # over: no entries
        revealed = data.get("revealed", {})
        config = replace(base.config, scenario=data["scenario"], sides=tuple(data["sides"]),
                         zones=tuple(data.get("zones", {}).items()), budgets=tuple(data.get("budgets", {}).items()))
        burns = data.get("burns", {})
        return replace(
            base, config=config, phase=data["phase"], rng=Rng.from_json(data["rng"]), stage=stage,
            projectiles=tuple(replace(p, burn=burns.get(p.id, 0)) for p in base.projectiles),
            fighters=tuple(replace(f, revealed=tuple(revealed.get(f.id, f.revealed))) for f in base.fighters),
            outcome=Outcome.from_json(data["outcome"]) if data.get("outcome") else None,
            then=tuple(Then(t["seat"], t["kind"], t["answer"]) for t in data.get("then", ())),
            stations_to_place=data.get("stations_to_place", 0),
        )


# --- helpers ------------------------------------------------------------------------------------


def _plots_json(plots: tuple[tuple[str, tuple[Action, ...]], ...]) -> dict[str, Any]:
    return {fid: [a.to_json() for a in actions] for fid, actions in plots}


def _plots_from_json(data: Mapping[str, Any]) -> tuple[tuple[str, tuple[Action, ...]], ...]:
    return tuple((fid, parse_actions(actions, f"stage.{fid}")) for fid, actions in data.items())


def _fighter_json(f: Fighter) -> dict[str, Any]:
    return fighter_to_json(f, True) | {"revealed": list(f.revealed)}


def _fighter_from_json(d: Mapping[str, Any]) -> Fighter:
    return Fighter(id=d["id"], side=d["side"], hex=(d["hex"][0], d["hex"][1]), facing=LETTERS.index(d["facing"]),
                   momentum=(d["momentum"][0], d["momentum"][1]), cards=tuple(d["cards"]),
                   destroyed=tuple(d["destroyed"]), revealed=tuple(d["revealed"]),
                   kit=Kit(tuple(d["external"]), d["shields"], d["lock_on"], tuple(tuple(g) for g in d["heavy_guns"])))


def _stage_json(stage: Stage) -> dict[str, Any]:
    """A turn in progress, for ``to_json`` (Modules 2-3 decisions and step A's declarations)."""
    hits = stage.hits
    out = {
        "step": stage.step, "plots": _plots_json(stage.plots), "declared": _plots_json(stage.declared),
        "sides": list(stage.sides), "start_locks": dict(stage.start_locks), "thrust": dict(stage.thrust),
        "jammed": sorted(stage.jammed), "out": [[_fighter_json(f), cause] for f, cause in stage.out],
        "decisions": dict(stage.decisions),
        "fire": None if stage.fire is None else {fid: list(t) for fid, t in stage.fire},
        "hits": {"armor": sorted(hits.armor), "shield": sorted(hits.shield), "internal_lost": sorted(hits.internal_lost),
                 "lock_checks": {fid: [list(c) for c in checks] for fid, checks in hits.lock_checks}},
        "needs": {fid: list(n) for fid, n in stage.needs},
        "losses": None if stage.losses is None else {fid: loss.to_json() for fid, loss in stage.losses},
    }
    if stage.standing:  # Modules 4-5 decisions (absent from Modules 1-3 states, whose hashes stay)
        out["standing"] = {uid: [d.to_json() for d in ds] for uid, ds in stage.standing}
    if stage.goal is not None:  # Space Hockey: scored earlier in this turn (absent otherwise, as above)
        out["goal"] = stage.goal
    return out


def _stage_from_json(data: Mapping[str, Any]) -> Stage:
    h = data["hits"]
    return Stage(
        step=data["step"], plots=_plots_from_json(data["plots"]), declared=_plots_from_json(data["declared"]),
        sides=tuple(data["sides"]), start_locks=tuple(data["start_locks"].items()),
        thrust=tuple(data["thrust"].items()), jammed=frozenset(data["jammed"]),
        out=tuple((_fighter_from_json(f), cause) for f, cause in data["out"]),
        decisions=tuple(data["decisions"].items()),
        fire=None if data["fire"] is None else tuple((fid, tuple(t)) for fid, t in data["fire"].items()),
        hits=Hits(frozenset(h["armor"]), frozenset(h["shield"]), frozenset(h["internal_lost"]),
                  tuple((fid, tuple((c[0], c[1]) for c in checks)) for fid, checks in h["lock_checks"].items())),
        needs=tuple((fid, (n[0], n[1])) for fid, n in data["needs"].items()),
        losses=None if data["losses"] is None else tuple(
            (fid, parse_losses(fid, loss, f"stage.losses.{fid}")) for fid, loss in data["losses"].items()),
        standing=tuple((uid, tuple(parse_decision(d, f"stage.standing.{uid}") for d in ds))
                       for uid, ds in data.get("standing", {}).items()),
        goal=data.get("goal"),
    )


def _view_extra(state: TobState, seat: Seat | None) -> dict[str, Any]:
    """Scores, replacements (builds hidden from other seats), declared externals, the plots
    once revealed at an open mid-turn decision."""
    out: dict[str, Any] = {"scores": dict(state.scores)}
    out["replacements"] = [
        {k: v for k, v in r.to_json().items() if seat == r.side or state.phase == OVER or
         k not in ("cards", "external", "heavy_guns")} for r in state.replacements]
    stage = state.stage
    if stage is not None:
        out["declared"] = _plots_json(stage.declared)
        if stage.step > 0:
            out["plots"] = _plots_json(stage.plots)
    return out


def _known_cards_m2(f: Fighter) -> list[str]:
    """Another side's view of ``f``'s internal cards: those played or lost, ``?`` for the rest
    (TOB-M2-BUILD-04). An external loss reveals nothing inside."""
    known = Counter(f.revealed) + Counter({c: lost_counts(f, c)[0] for c in set(f.destroyed)})
    return _mask(f, known)


def _known_cards(f: Fighter) -> list[str]:
    """Another side's view of ``f``'s cards (Module 1): those played or destroyed, ``?`` for the rest."""
    return _mask(f, Counter(f.revealed) | Counter(f.destroyed))


def _mask(f: Fighter, known: Counter[str]) -> list[str]:
    out = []
    for card in f.cards:
        if known[card] > 0:
            known[card] -= 1
            out.append(card)
        else:
            out.append("?")
    return out


@lru_cache(maxsize=16)
def _maneuver_cards(modules: tuple[int, ...], can_burn: bool) -> tuple[str, ...]:
    """The maneuver cards of these modules in maneuver-set order, burns only with a working
    thruster (TOB-M1-SYS-03), ditto left out (TOB-M1-SETUP-01). Computed once per pair."""
    return tuple(m.id for m in MANEUVERS.values()
                 if m.module in modules and m.id != "DITTO" and (can_burn or not m.is_burn))


@lru_cache(maxsize=256)
def _setup_choices(board: RectMap, h: Hex) -> tuple[Placement, ...]:
    """Each gun at each facing with the momentum marker 0-6 hexes ahead and on the map, for a
    fighter set up at ``h`` (TOB-M1-SETUP-02). Computed once per hex: placements are frozen."""
    out = []
    for gun in M1_GUNS:
        for facing in range(6):
            dq, dr = DIRECTIONS[facing]
            for speed in range(MAX_START_SPEED + 1):
                mom = (h[0] + dq * speed, h[1] + dr * speed)
                if board.contains(mom):
                    out.append(Placement(gun=gun, facing=facing, momentum=mom, given=("gun", "facing", "momentum")))
    return tuple(out)


@lru_cache(maxsize=256)
def _setup_rows(board: RectMap, h: Hex) -> tuple[tuple[str, str, int, int], ...]:
    """:func:`_setup_choices` as ``(gun, facing letter, momentum q, r)`` rows, for JSON."""
    return tuple((p.gun, LETTERS[p.facing or 0], *(p.momentum or h)) for p in _setup_choices(board, h))


def _in_zone(board: RectMap, h: tuple[int, int], zone: str) -> bool:
    col = h[0]
    half = board.cols // 2
    return col < half if zone == "west" else col >= board.cols - half


def _build_json(f: Fighter) -> dict[str, Any]:
    return {"cards": list(f.cards), "external": list(f.external), "heavy_guns": [list(g) for g in f.heavy_guns],
            "shields": f.shields}


def _placement_json(f: Fighter) -> dict[str, Any]:
    return {"hex": list(f.hex), "facing": LETTERS[f.facing], "momentum": list(f.momentum)}


RULESET = TurnOrBurn()
