"""The Turn or Burn interchange format (shared/formats/turn-or-burn-position.md), versions 1 and 2.

Version 1 (Modules 1-3) is still read unchanged, and written for a position that uses no
version-2 field (so Modules 1-3 positions keep their bytes); :mod:`.position_v2` reads and
writes the fields version 2 adds.

Three layers, as python-chess keeps them (STYLE §2): :func:`parse_position` checks the JSON's
shape and names the field that is wrong (:class:`FormatError`); :func:`check_position` checks
the parsed position against the rules and names the rule (:class:`RuleError`); orders are
checked by the ruleset's ``validate``. :func:`position_to_json` writes what the reader reads.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ...engine import reading
from ...engine.errors import FormatError, RuleError
from ...engine.rng import Rng
from ...engine.ruleset import Event
from ...hexgrid import RectMap, distance
from . import big_party, notation, party_format
from . import ship_sheet as sheet
from .build import check_build
from .cards import GUNS, SYSTEM_MODULE, SYSTEMS
from .end_of_turn import elimination_cause
from .notation import LETTERS
from .position_v2 import (
    FIGHTER_FIELDS_V2,
    MODULE_6_FIELDS,
    SCENARIOS,
    TOP_FIELDS_V2,
    V1,
    V2,
    class_name,
    default_scenario,
    fighter_v2_json,
    hockey_json,
    parse_black_holes,
    parse_fighter_v2,
    parse_hockey,
    parse_projectiles,
    projectile_json,
    scenario_of,
)
from .reentry import parse_replacements, read_places
from .state import OPTION_NAMES_V2, PLOT, Config, Fighter, Kit, Options, Projectile, Replacement, TobState
from .turn import start_turn

FORMAT = V2
"""The format this module writes (``turn-or-burn/1`` for a position with no version-2 field)."""
SUPPORTED_MODULES = frozenset({1, 2, 3, 4, 5, 6})
"""Modules whose rules this version implements; a position asking for others is refused."""

_POSITION_FIELDS_V1 = {"format", "modules", "map", "turn", "fighters", "projectiles", "options", "replacements",
                       "scores"}
_POSITION_FIELDS = _POSITION_FIELDS_V1 | set(TOP_FIELDS_V2)
_FIGHTER_FIELDS_V1 = {"id", "side", "hex", "facing", "momentum", "cards", "external", "destroyed", "shields",
                      "lock_on", "heavy_guns", "ammo", "fuel", "locked_action"}
_FIGHTER_FIELDS = _FIGHTER_FIELDS_V1 | set(FIGHTER_FIELDS_V2)
_BOOL = (True, False)
_RANGE = "range"
_OPTION_FIELDS: dict[str, tuple[Any, ...] | None] = {
    "slip_model": ("minimal", "wide"), "arc_boundary": ("inclusive", "exclusive"), "turn_limit": None,
    "goal": None, "victory": ("points", "elimination"), "shot_order": ("ascending", "random"),
    "big_fighters": _BOOL, "heavy_guns": _BOOL, "multiple_actions": _BOOL, "external_systems": _BOOL,
    "heavy_db_exact_speed": _BOOL,
    "max_systems": (_RANGE, 4, 15), "missile_steering": ("any", "straight"), "projectile_armor": ("ignore", "as_guns"),
    "force_beam": _BOOL, "zap_gun": _BOOL, "secondary_thrusters": _BOOL, "ramming": _BOOL, "fuel": _BOOL,
    "lock_down": _BOOL, "secondary_thrust_timing": ("before_move", "after_move"),
    "lock_down_extra": ("english", "german"), "force_beam_puck": ("both", "puck_only"),
    "hit_method": ("cards", "dice"), "station_hit": ("notional", "auto"),
}


# --- options ------------------------------------------------------------------------------


_DEFAULT_OPTIONS = Options()


def parse_options(data: Any, where: str = "options", version: str = V2) -> Options:
    data = reading.obj(data, where)
    reading.fields(data, where, allowed=set(_OPTION_FIELDS))
    if version == V1:
        for name in OPTION_NAMES_V2:
            if name in data:
                raise FormatError(f"{where}.{name}", f"is a {V2} option; a {V1} position cannot carry it")
    values: dict[str, Any] = {}
    for name, choices in _OPTION_FIELDS.items():
        if name not in data:
            continue
        value = data[name]
        if value is None and getattr(_DEFAULT_OPTIONS, name) is None:
            values[name] = None  # "not set" for options whose default is unset (turn_limit, victory)
        elif choices is None:
            values[name] = None if value is None else reading.integer(value, f"{where}.{name}", low=1)
        elif choices[0] == _RANGE:
            values[name] = reading.integer(value, f"{where}.{name}", low=choices[1], high=choices[2])
        elif choices is _BOOL and not isinstance(value, bool):
            raise FormatError(f"{where}.{name}", f"expected true or false, got {reading.describe(value)}")
        elif value not in choices:
            raise FormatError(f"{where}.{name}", f"expected one of {', '.join(map(repr, choices))}, got {value!r}")
        else:
            values[name] = value
    return Options(**values)


# --- position -----------------------------------------------------------------------------


def parse_position(data: Any, *, seed: int | str = 0, phase_decisions: bool = False, check: bool = True,
                   places: dict[str, tuple[str, Any]] | None = None, events: list[Event] | None = None) -> TobState:
    """Read a position object into a state at the start of its turn's Plot phase.

    Modules 2-3: with ``phase_decisions`` false (the default, for ``hexfleet resolve``) every
    mid-turn decision takes its documented default and replacements due enter at once, where
    ``places`` (the orders' ``place`` entries: fighter id -> (where, the object)) put them,
    their events going to ``events``; true makes the turn stop for them as in play.
    """
    data = reading.obj(data, "position")
    reading.fields(data, "position", allowed=_POSITION_FIELDS)
    for key in ("format", "modules", "map", "turn", "fighters"):
        if key not in data:
            raise FormatError(key, "missing; a position needs format, modules, map, turn and fighters")
    version = data["format"]
    if version not in (V1, V2):
        raise FormatError("format", f"expected {V2!r} (or {V1!r}), got {version!r}")
    modules = tuple(reading.integer(m, f"modules[{i}]", low=1) for i, m in enumerate(reading.lst(data["modules"], "modules")))
    for i, m in enumerate(modules):
        if m > 6:
            raise FormatError(f"modules[{i}]", f"Turn or Burn has modules 1-6, got {m}")
        if m > 3 and version == V1:
            raise FormatError(f"modules[{i}]", f"module {m} needs format {V2!r}; {V1!r} covers modules 1-3")
        if m not in SUPPORTED_MODULES:
            raise FormatError(f"modules[{i}]", f"module {m} is not implemented in this version (supported: "
                              f"{', '.join(map(str, sorted(SUPPORTED_MODULES)))})")
    if 1 not in modules:
        raise FormatError("modules", "Module 1's rules underlie every other module: list 1")
    if len(set(modules)) != len(modules):
        raise FormatError("modules", "a module is listed twice")
    for key in TOP_FIELDS_V2:
        if key in data and version == V1:
            raise FormatError(key, f"is a {V2} field; a {V1} position cannot carry it")
    for key in MODULE_6_FIELDS:
        if key in data and 6 not in modules:
            raise FormatError(key, "is a Module 6 field; this position's modules do not include 6")
    scenario = default_scenario(modules)
    if "scenario" in data:
        scenario = reading.choice(data["scenario"], SCENARIOS, "scenario")
    map_data = reading.obj(data["map"], "map")
    reading.fields(map_data, "map", allowed=("cols", "rows"))
    for key in ("cols", "rows"):
        if key not in map_data:
            raise FormatError(f"map.{key}", "missing")
    board = RectMap(reading.integer(map_data["cols"], "map.cols", low=1), reading.integer(map_data["rows"], "map.rows", low=1))
    turn = reading.integer(data["turn"], "turn", low=1)
    options = parse_options(data.get("options", {}), version=version)
    if scenario in ("quick_shot", "bigger") and 2 in modules and options.victory is None:
        options = replace(options, victory="elimination")  # the scenario decides the end (no replacements)
    advanced = any(m in modules for m in (2, 3, 4, 5))
    if not advanced:
        for key in ("replacements", "scores"):
            if data.get(key):
                raise FormatError(key, "is a Module 2 field; this position's modules do not include 2")

    fighters: list[Fighter] = []
    seen: set[str] = set()
    for i, raw in enumerate(reading.lst(data["fighters"], "fighters")):
        f = _parse_fighter(raw, f"fighters[{i}]", modules, version, options.fuel)
        if f.id in seen:
            raise FormatError(f"fighters[{i}].id", f"fighter id {f.id!r} appears twice")
        seen.add(f.id)
        fighters.append(f)
    sides = tuple(dict.fromkeys(f.side for f in fighters))
    if "sides" in data:
        given = tuple(reading.text(s, f"sides[{i}]") for i, s in enumerate(reading.lst(data["sides"], "sides")))
        if len(set(given)) != len(given):
            raise FormatError("sides", "a side is listed twice")
        missing = [s for s in sides if s not in given]
        if missing:
            raise FormatError("sides", f"side {missing[0]!r} has fighters but is not listed")
        sides = given
    extra: dict[str, Any] = {}
    if advanced:
        extra["replacements"] = parse_replacements(data.get("replacements", []), fighters)
        sides = tuple(dict.fromkeys(sides + tuple(r.side for r in extra["replacements"])))
        extra["scores"] = parse_scores(data.get("scores", {}), sides, 6 in modules)
        sides = tuple(dict.fromkeys(sides + tuple(s for s, _ in extra["scores"])))
    taken = set(seen)
    extra["projectiles"] = parse_projectiles(data.get("projectiles", []), modules, sides, board, taken)
    party = None
    if 6 in modules:
        players = party_format.parse_players(data.get("players", [{"id": s, "number": i + 1} for i, s in
                                                                   enumerate(sides)]), sides)
        party = party_format.parse_game(data.get("game", {}), players)
        sides = tuple(dict.fromkeys(sides + tuple(p.id for p in players)))
        extra["stations"] = party_format.parse_stations(data.get("stations", []), players, board,
                                                        taken | {p.id for p in extra["projectiles"]})
        for i, raw in enumerate(reading.lst(data.get("replacements", []), "replacements")):
            if isinstance(raw, dict) and "fighter" in raw:
                ship = _parse_fighter(raw["fighter"], f"replacements[{i}].fighter", modules, version, options.fuel)
                reps = list(extra["replacements"])
                reps[i] = replace(reps[i], hex=None,  # Module 6: the start region decides (TOB-AMB-48)
                                  fighter=replace(ship, kit=replace(ship.kit, marks=sheet.marks_of(ship))))
                extra["replacements"] = tuple(reps)
    config = Config(scenario="position", modules=modules, map=board, sides=sides, options=options,
                    phase_decisions=phase_decisions, play=data["scenario"] if "scenario" in data else "",
                    black_holes=parse_black_holes(data.get("black_holes", []), modules, board),
                    hockey=parse_hockey(data.get("hockey"), scenario, sides, board), party=party)
    state = TobState(config=config, turn=turn, phase=PLOT, fighters=tuple(fighters), rng=Rng.from_seed(seed),
                     **extra)
    if party is not None:
        state = replace(state, fighters=tuple(replace(f, kit=replace(f.kit, marks=sheet.marks_of(f)))
                                              for f in state.fighters))
    if check:  # a turn stopped mid-way (``from_json``) may hold what only its end settles
        check_position(state)
        check_black_holes(state)
    placements = None
    if places:
        state, placements = read_places(state, places)
    if advanced and check:
        state, entered = start_turn(state, placements)
        if events is not None:
            events += entered
    return state


def _parse_fighter(raw: Any, where: str, modules: tuple[int, ...] = (1,), version: str = V1,
                   fuel_on: bool = True) -> Fighter:
    raw = reading.obj(raw, where)
    reading.fields(raw, where, allowed=_FIGHTER_FIELDS if version == V2 else _FIGHTER_FIELDS_V1)
    for key in ("id", "side", "hex", "facing", "momentum", "cards"):
        if key not in raw:
            raise FormatError(f"{where}.{key}", "missing")
    fid = reading.text(raw["id"], f"{where}.id")
    cards = tuple(notation.card(c, f"{where}.cards[{j}]") for j, c in enumerate(reading.lst(raw["cards"], f"{where}.cards")))
    external = tuple(notation.card(c, f"{where}.external[{j}]")
                     for j, c in enumerate(reading.lst(raw.get("external", []), f"{where}.external")))
    if external and 3 not in modules:
        raise FormatError(f"{where}.external", "external systems need Module 3, which this position does not list")
    destroyed = tuple(notation.card(c, f"{where}.destroyed[{j}]")
                      for j, c in enumerate(reading.lst(raw.get("destroyed", []), f"{where}.destroyed")))
    v1_only = {"ammo", "fuel", "locked_action"} if version == V1 else set()
    allowed = v1_only | (set() if any(m in modules for m in (2, 3, 4, 5)) else
                         {"shields", "lock_on"}) | (set() if 3 in modules else {"heavy_guns"})
    for key in sorted(allowed):
        if raw.get(key) not in (None, False, [], {}):
            raise FormatError(f"{where}.{key}", "belongs to a module this position does not list")
    shields = raw.get("shields", False)
    if not isinstance(shields, bool):
        raise FormatError(f"{where}.shields", f"expected true or false, got {reading.describe(shields)}")
    lock_on = raw.get("lock_on")
    if lock_on is not None:
        reading.text(lock_on, f"{where}.lock_on")
    heavy = tuple(tuple(notation.card(c, f"{where}.heavy_guns[{j}][{k}]")
                        for k, c in enumerate(reading.lst(g, f"{where}.heavy_guns[{j}]")))
                  for j, g in enumerate(reading.lst(raw.get("heavy_guns", []), f"{where}.heavy_guns")))
    f = Fighter(
        id=fid,
        side=reading.text(raw["side"], f"{where}.side"),
        hex=notation.hex_at(raw["hex"], f"{where}.hex"),
        facing=notation.facing(raw["facing"], f"{where}.facing"),
        momentum=notation.hex_at(raw["momentum"], f"{where}.momentum"),
        cards=cards,
        destroyed=destroyed,
        revealed=tuple(c for c in cards if c not in GUNS) if not any(m in modules for m in (2, 3, 4, 5)) else (),
        kit=Kit(external=external, shields=shields, lock_on=lock_on, heavy_guns=heavy),
    )
    if version == V2:
        changes = parse_fighter_v2(raw, f, where, modules, fuel_on)
        if changes:
            f = replace(f, kit=replace(f.kit, **changes))
    return f


def check_position(state: TobState) -> None:
    """Rule checks on a parsed position: a legal Module 1 build, on the map, still in play."""
    board = state.config.map
    advanced = state.config.systems
    ids = {f.id: f for f in state.fighters}
    party = state.config.party
    if party is not None:
        big_party.check_fleets(state.fighters, party)
        for p in party.players:
            big_party.check_budget(p.id, (f for f in state.fighters if f.side == p.id), party.budget)
    projectiles = {p.id for p in state.projectiles}
    for f in state.fighters:
        if advanced:
            check_build_v2(f, state.config)
            check_build(f, state.config.modules, state.config.options)
            if f.shields and "SG" not in f.cards + f.external:
                raise RuleError("TOB-M2-SHIELD-03", "shields are up but the fighter has no shield generator",
                                unit=f.id, field="shields")
            if f.lock_on is not None and not (
                    (f.lock_on in ids and ids[f.lock_on].side != f.side)
                    or (f.lock_on in projectiles and 4 in state.config.modules)):
                raise RuleError("TOB-M2-OPS-05", f"lock_on {f.lock_on!r} is not an opposing fighter in play"
                                + (" or a projectile" if 4 in state.config.modules else ""),
                                unit=f.id, field="lock_on")
        built = Counter(f.cards + f.external)
        for card in built:
            if SYSTEM_MODULE[card] not in state.config.modules:
                raise RuleError("TOB-COMP-02", f"{SYSTEMS[card]} ({card}) is a Module {SYSTEM_MODULE[card]} card",
                                unit=f.id, field="cards")
        guns = [c for c in f.cards if c in GUNS]
        if not advanced and (
            len(f.cards) != 4 or built["CM"] != 1 or built["STR"] != 1 or built["THR"] != 1 or len(guns) != 1
        ):
            raise RuleError("TOB-M1-BUILD-01", "a Module 1 fighter has exactly 4 cards: CM, STR, THR and one gun "
                            f"(BG, DB, NB or LT); got {' '.join(f.cards)}", unit=f.id, field="cards")
        lost = Counter(f.destroyed)
        for card, n in lost.items():
            if n > built[card]:
                raise RuleError("TOB-M1-PULL-02", f"destroyed lists {n} × {card} but the fighter was built with "
                                f"{built[card]}", unit=f.id, field="destroyed")
        if not board.contains(f.hex):
            raise RuleError("TOB-GEO-13", f"fighter hex {list(f.hex)} is off the map, so it is out of the game",
                            unit=f.id, field="hex")
        if not board.contains(f.momentum):
            raise RuleError("TOB-GEO-13", f"momentum marker {list(f.momentum)} is off the map, so the fighter is "
                            "out of the game", unit=f.id, field="momentum")
        cause = elimination_cause(f, state.config.modules)
        if cause:
            raise RuleError("TOB-M1-SCEN-02", f"the fighter has lost its {cause} and is already eliminated; "
                            "eliminated fighters are left out of a position", unit=f.id, field="destroyed")


def check_black_holes(state: TobState) -> None:
    """No unit stands in a black hole's hex: entering it destroys the unit (TOB-M4-BH-01,
    TOB-M4-GRAV-04)."""
    holes = set(state.config.black_holes)
    units = [(f.id, f.hex) for f in state.fighters] + [(p.id, p.hex) for p in state.projectiles]
    for uid, h in units:
        if h in holes:
            raise RuleError("TOB-M4-BH-01", f"hex {list(h)} is a black hole's: a unit that enters it is destroyed",
                            unit=uid, field="hex")


def check_build_v2(f: Fighter, config: Config) -> None:
    """The version-2 position rules on a build (the format's "Rejected positions")."""
    scenario = scenario_of(config)
    if scenario == "spacewar" and len(f.cards) + len(f.external) > config.options.max_systems:
        raise RuleError("TOB-M4-BUILD-01", f"SpaceWar fighters carry at most {config.options.max_systems} system "
                        f"cards (option max_systems); got {len(f.cards) + len(f.external)}", unit=f.id, field="cards")
    if any("FB" in g for g in f.heavy_guns):
        raise RuleError("TOB-M5-FB-11", "a force beam cannot be doubled or tripled", unit=f.id, field="heavy_guns")
    if config.party is not None:
        big_party.check_ship(f)
    if scenario == "hockey" and class_name(f.cards) != "standard":
        raise RuleError("TOB-M5-HOCKEY-01", f"Space Hockey teams field standard fighters (4-6 internal cards); "
                        f"got {len(f.cards)}", unit=f.id, field="cards")


def fighter_to_json(f: Fighter, advanced: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": f.id,
        "side": f.side,
        "hex": list(f.hex),
        "facing": LETTERS[f.facing],
        "momentum": list(f.momentum),
        "cards": list(f.cards),
        "external": list(f.external),
        "destroyed": list(f.destroyed),
    }
    if advanced:
        out.update(shields=f.shields, lock_on=f.lock_on, heavy_guns=[list(g) for g in f.heavy_guns])
    return out


def uses_v2(state: TobState) -> bool:
    """Whether the position needs ``turn-or-burn/2``: a module beyond 3, an explicit scenario
    other than the default, or a version-2 option. (A Modules 1-3 game whose side has no fighter
    left is over, and version 1 never named such a side: it is still written as version 1.)"""
    config = state.config
    if any(m > 3 for m in config.modules) or (config.play and config.play != default_scenario(config.modules)):
        return True
    return any(getattr(config.options, k) != getattr(_DEFAULT_OPTIONS, k) for k in OPTION_NAMES_V2)


def position_to_json(state: TobState) -> dict[str, Any]:
    """The state as a position at the start of its turn (secrets included: the whole truth):
    ``turn-or-burn/1``, byte for byte as before, when no version-2 field is needed."""
    config = state.config
    advanced = config.systems
    v2 = uses_v2(state)
    out: dict[str, Any] = {"format": V2 if v2 else V1, "modules": list(config.modules)}
    if v2:
        out["scenario"] = scenario_of(config)
    out["map"] = {"cols": config.map.cols, "rows": config.map.rows}
    out["turn"] = state.turn
    if v2:
        out["sides"] = list(config.sides)
    fighters = [fighter_to_json(f, advanced) for f in state.fighters]
    if v2:
        for data, f in zip(fighters, state.fighters):
            data.update(fighter_v2_json(f, config.modules, config.options.fuel))
    out["fighters"] = fighters
    out["projectiles"] = [projectile_json(p, fail_safe(state, p)) for p in state.projectiles]
    if 4 in config.modules:
        out["black_holes"] = [list(h) for h in config.black_holes]
    if config.hockey is not None:
        out["hockey"] = hockey_json(config.hockey)
    if config.party is not None:
        out.update(party_format.party_json(config.party))
        out["stations"] = [party_format.station_json(s) for s in state.stations]
    if advanced:
        out["scores"] = {side: dict(state.scores).get(side, 0) for side in config.sides}
        out["replacements"] = [_replacement_json(r, config) for r in state.replacements]
    options = {k: v for k, v in config.options.to_json().items() if v != getattr(_DEFAULT_OPTIONS, k)}
    if options:
        out["options"] = options
    return out


def _replacement_json(r: Replacement, config: Config) -> dict[str, Any]:
    """A replacement; Module 6 adds the returning ship itself (``fighter``)."""
    out = r.to_json()
    if isinstance(r.fighter, Fighter):
        ship = fighter_to_json(r.fighter, True)
        ship.update(fighter_v2_json(r.fighter, config.modules, config.options.fuel))
        out["fighter"] = ship
    return out


def fail_safe(state: TobState, p: Projectile) -> bool:
    """A fighter friendly to the projectile within 1 hex: it cannot be detonated now
    (TOB-M4-JAM-03, TOB-M4-DET-02); never for the puck, which has no side."""
    return p.side is not None and any(f.side == p.side and distance(f.hex, p.hex) <= 1 for f in state.fighters)


def parse_scores(value: Any, sides: tuple[str, ...], negative: bool = False) -> tuple[tuple[str, int], ...]:
    """Team or player scores; Module 6 points may go below 0 (eject, TOB-M6-MODE-03)."""
    value = reading.obj(value, "scores")
    scores = {s: 0 for s in sides}
    for side, points in value.items():
        scores[side] = reading.integer(points, f"scores.{side}", low=None if negative else 0)
    return tuple(sorted(scores.items()))
