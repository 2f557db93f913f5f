"""Launch Fighters! state: plain data, and the mutable working copy each step computes in.

A :class:`LfState` is never changed once built. An automatic step, or an order's application,
copies it into a :class:`Work` (units copied when first changed, rules data shared), computes,
and freezes the result into a new state (STYLE §2: immutable state, pure step).

Directions and facings are the digest's indices, counter-clockwise from east (LF-MAP-03);
:data:`LF_TO_HEXGRID` maps them onto :data:`hexfleet.hexgrid.DIRECTIONS` so every piece of
geometry comes from :mod:`hexfleet.hexgrid`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any, TypeVar

from ...engine.frozen import record
from ...engine.procedure import Ask, Then
from ...engine.rng import Rng
from ...engine.ruleset import Event, Outcome, Seat
from ...hexgrid import (
    DIRECTIONS,
    Hex,
    MapShape,
    distance,
    half_plane,
    sub,
)
from .designer import SQUADRON_COST, STATS, Design

_STAT_INDEX = {name: i for i, name in enumerate(STATS)}

LF_TO_HEXGRID = (2, 1, 0, 5, 4, 3)
"""Digest direction i (0 = east, counter-clockwise: E, NE, NW, W, SW, SE) → hexgrid index."""
LF_DIRECTIONS: tuple[Hex, ...] = tuple(DIRECTIONS[i] for i in LF_TO_HEXGRID)
"""The digest's DIR[0..5] as axial vectors: (1,0), (1,-1), (0,-1), (-1,0), (-1,1), (0,1)."""

FIGHTER_MOVE = 5
"""Squadrons always have Move 5: moved and attack in step 5 (LF-UNIT-08, LF-TURN-03)."""
FLEET, PLACE, VOTE, MOVE, ATTACK, RECOVERY, OVER = "fleet", "place", "vote", "move", "attack", "recovery", "over"
PLANETOID, ASTEROID, NEBULA = "planetoid", "asteroid", "nebula"
TERRAIN = (PLANETOID, ASTEROID, NEBULA)
RESERVE, ON_MAP, HOSTED = "reserve", "map", "hosted"
DESTROYED, ELIMINATED, RETREATED = "destroyed", "eliminated", "retreated"


def arc(origin: Hex, facing: int, target: Hex) -> int:
    """Where ``target`` lies for a ship at ``origin`` facing ``facing``: FRONT, REAR or SIDE
    (the side line), by the half-plane through the ship's centre (LF-ARC-02)."""
    return half_plane(LF_TO_HEXGRID[facing % 6], sub(target, origin))


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches; each default is the digest's reading (LF-IMPL-07)."""

    grid: str = "hex"
    """Only ``hex``: the Square Map Rules Addendum is not in the book's text (LF-SQ-01, LF-SQ-03)."""
    launched_fighters_attack_immediately: bool = True
    vp_accounting: str = "no_double_count"
    retreated_fighters_score_half: bool = False
    stalemate_turns: int = 3
    turn_limit: int | None = None
    warp_no_move_fire: bool = False
    end_by_agreement: bool = False
    range_routes_around_planetoids: bool = False
    warp_flat_cost: int | None = None
    fighter_warp: bool = False
    holds_hittable: bool = False
    victory: str = "vp"
    """``vp`` (LF-VIC-09) or ``ships_destroyed``: most enemy ships destroyed wins (LF-SCEN-05)."""
    teams: tuple[tuple[Seat, ...], ...] = ()
    """Allied players (LF-AMB-36); empty: every other player is an enemy."""

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["teams"] = [list(t) for t in self.teams]
        return out


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """Ships a scenario brings in at the start of a later turn (LF-SCEN-02): they arrive in
    the first free hexes of ``hexes`` (else next to them), facing ``facing``."""

    seat: Seat
    turn: int
    designs: tuple[Design, ...]
    hexes: tuple[Hex, ...]
    facing: int = 0


@dataclass(frozen=True, slots=True)
class Config:
    """Fixed for a whole game and shared by every state of it."""

    scenario: str
    map: MapShape
    """The board: an odd-q rectangle, a hexagon or an explicit hex set (LF-MAP-01); edges and
    retreat follow its outline (LF-MAP-10, LF-REC-04)."""
    seats: tuple[Seat, ...]
    fleet_limit: int
    fleets: Mapping[Seat, tuple[Design, ...]]
    """Each seat's scenario fleet: what a seat gets when it submits no fleet of its own."""
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    exits: Mapping[Seat, frozenset[Hex]] = field(default_factory=dict)
    """Scenario "designated areas": a seat's units able to move retreat from them (LF-REC-04)."""
    exit_full_vp: frozenset[Seat] = frozenset()
    """Seats whose ships leaving by their exit area score full value (a LF-VIC-08 scenario hook)."""
    control: frozenset[Hex] = frozenset()
    """A scenario's area to hold, e.g. a wormhole (LF-SCEN-01): see ``control_vp``."""
    control_vp: int = 0
    """VP scored at the end of each turn by the one side with units in ``control`` (LF-VIC-08)."""
    protect: Mapping[str, int] = field(default_factory=dict)
    """Vulnerable ships (id → VP): their owner scores the VP if the ship is on the map at the
    end, and its destruction ends the game at the next turn start (LF-SCEN-04, LF-VIC-01 #4)."""
    reinforcements: tuple[Reinforcement, ...] = ()
    open_hexes: frozenset[Hex] = field(init=False, repr=False, compare=False)
    """Board hexes that are not planetoids, computed once: the movement hot path."""
    center: Hex = field(init=False, repr=False, compare=False)
    paths: dict[tuple[Hex, int], Mapping[Hex, tuple[Hex, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """``movement.best_paths`` by (start, allowance): they depend only on the board and its
    terrain, fixed for the game, and a bot asks for the same ones at every decision."""
    clear: dict[Hex, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    """``movement._clear`` by hex: how far open space reaches around it (fixed for the game)."""
    reach: dict[tuple[Hex, int], tuple[tuple[Hex, ...], Mapping[Hex, int]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """``movement.reachable`` by (start, allowance)."""
    friend_sets: dict[Seat, frozenset[Seat]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """:meth:`friends` by seat."""
    edges: dict[Hex, bool] = field(default_factory=dict, init=False, repr=False, compare=False)
    """:func:`edge` by hex (fixed for the game)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "open_hexes", frozenset(h for h in self.map.hexes()
                                                         if self.terrain.get(h) != PLANETOID))
        object.__setattr__(self, "center", _center(self.map))

    def allied(self, a: Seat, b: Seat) -> bool:
        """Same player or teammates: not a target, a friendly landing deck, a fellow interceptor
        (LF-TGT-05, LF-AMB-36)."""
        if a == b:
            return True
        teams = self.options.teams
        return bool(teams) and any(a in t and b in t for t in teams)

    def friends(self, seat: Seat) -> frozenset[Seat]:
        """Every seat :meth:`allied` with ``seat`` (itself included): for scans that test many
        units' owners. Found once per seat."""
        found = self.friend_sets.get(seat)
        if found is None:
            found = self.friend_sets[seat] = frozenset({seat}.union(*(t for t in self.options.teams if seat in t)))
        return found

    def side(self, seat: Seat) -> tuple[Seat, ...]:
        """The team ``seat`` plays on (just itself without teams)."""
        return next((t for t in self.options.teams if seat in t), (seat,))

    def passable(self, h: Hex) -> bool:
        """On the board and not a planetoid: a unit may enter it (LF-MAP-09, LF-TER-02)."""
        return h in self.open_hexes


@dataclass(slots=True)
class Ship:
    """One ship (LF-UNIT-04): design values, current stats, position and per-turn flags."""

    id: str
    owner: Seat
    design: Design
    stats: tuple[int, int, int, int, int]
    missiles: int
    status: str = RESERVE
    hex: Hex | None = None
    facing: int = 0
    flagship: bool = False
    moved: bool = False
    activated: bool = False
    launches: int = 0
    recoveries: int = 0
    repair_left: int = 0
    boosters_left: int = 0
    booster_used: bool = False
    repair_used: bool = False
    warp_declared: bool = False
    exited: bool = False
    """Retreated through its scenario exit area (LF-REC-04)."""
    holds: tuple[int, int] = (0, 0)
    """Current cargo and passenger holds (hittable only under the optional LF-ADD-06 rule)."""

    def stat(self, name: str) -> int:
        return self.stats[_STAT_INDEX[name]]

    @property
    def move(self) -> int:
        return self.stats[4]

    @property
    def on_map(self) -> bool:
        return self.status == ON_MAP


@dataclass(slots=True)
class Squadron:
    """One fighter squadron (LF-UNIT-08): no facing, Move 5, active or inactive (LF-FTR-01)."""

    id: str
    owner: Seat
    origin: str
    """The ship that bought it (for victory points, LF-VIC-02)."""
    status: str = HOSTED
    hex: Hex | None = None
    host: str | None = None
    active: bool = True
    moved: bool = False
    activated: bool = False
    launched_step: int | None = None
    """The attack step it was launched in this turn (LF-LAUNCH-03), else ``None``."""
    warp_declared: bool = False

    @property
    def on_map(self) -> bool:
        return self.status == ON_MAP


@record
class LfState:
    config: Config
    phase: str
    turn: int
    ships: tuple[Ship, ...]
    squadrons: tuple[Squadron, ...]
    rng: Rng
    """The generator, with any die faces forced on it (``hexfleet resolve --dice``)."""
    order: tuple[Seat, ...] = ()
    """This turn's initiative, lowest first (LF-INIT-03); the setup order during placement."""
    step: int = 0
    cursor: int = 0
    """Index (in this phase's rotation order) of the next player to be offered a unit."""
    act: Mapping[str, Any] | None = None
    """The ship activation in progress: ship, systems used, the pool being rolled."""
    queue: tuple[Mapping[str, Any], ...] = ()
    """Follow-ups waiting to resolve (stat losses, landings, pushes, advances, repairs)."""
    decision: Mapping[str, Any] | None = None
    quiet_turns: int = 0
    rolled: bool = False
    """Whether any attack, dogfight or interception dice were rolled this turn (LF-AMB-33)."""
    ledger: tuple[tuple[Seat, int, str], ...] = ()
    """Elimination credits ``(seat, half-points, unit id)`` (LF-VIC-02, LF-VIC-03)."""
    outcome: Outcome | None = None
    scores: Mapping[Seat, int] | None = None
    """Final victory points in half-points (LF-VIC-10), once the game is over."""
    then: tuple[Then, ...] = ()
    """Answers given in advance (the kernel's ``"then"``), used before the seat is asked."""
    procedure_ask: Ask | None = field(default=None, init=False, compare=False, repr=False)
    """The decision the state stands at, kept by the kernel once found (``engine.procedure.keep``)."""
    by_id: tuple[dict[str, Ship], dict[str, Squadron]] | None = field(
        default=None, init=False, compare=False, repr=False)
    """``ships`` and ``squadrons`` by id, in the same order, as the :class:`Work` that froze the
    state held them (never changed after): the next Works start from them instead of indexing
    the tuples again (two per decision). ``None`` on a state built otherwise."""


U = TypeVar("U", bound="Ship | Squadron")

_SHIP_FIELDS = attrgetter(*(f.name for f in fields(Ship)))
_SQUADRON_FIELDS = attrgetter(*(f.name for f in fields(Squadron)))
"""A unit's fields read in one C call, passed to its constructor: a shallow copy several times
cheaper than ``copy.copy`` or a loop over slots (a Work copies every unit, once per decision)."""


_PLAIN_FIELDS = attrgetter("config", "phase", "turn", "rng", "order", "step", "cursor", "quiet_turns", "rolled",
                           "outcome", "scores", "then")
"""The state's fields a :class:`Work` takes as they are, read in one C call (two Works a decision)."""


def _copy_act(act: Mapping[str, Any]) -> dict[str, Any]:
    """The activation record, its mutable parts copied (the systems used, the pool)."""
    out = dict(act)
    if isinstance(out.get("used"), list):
        out["used"] = list(out["used"])
    if isinstance(out.get("pool"), dict):
        out["pool"] = dict(out["pool"])
    return out


class Work:
    """A mutable copy of a state for one ``advance``: units by id, queue, events, generator.

    Units are copied on write: the dicts hold the state's own units until a step changes one,
    and a step changes a unit only through :meth:`edit`, which swaps in the Work's own copy
    (once) and hands it back; the code then reads and writes that copy. A decision changes one
    or two units, so the others are never copied. New units are the Work's own (:meth:`add`).

    ``share=True`` is for read-only use (legal orders, checks, bots): the activation and
    queue are the state's own too, and nothing may be changed through it.
    """

    __slots__ = ("config", "phase", "turn", "ships", "sqs", "rng", "order", "step", "cursor", "act", "queue",
                 "decision", "quiet_turns", "rolled", "ledger", "outcome", "scores", "then", "events", "forced",
                 "mine")
    config: Config
    phase: str
    turn: int
    rng: Rng
    order: tuple[Seat, ...]
    step: int
    cursor: int
    quiet_turns: int
    rolled: bool
    outcome: Outcome | None
    scores: Mapping[Seat, int] | None
    then: tuple[Then, ...]

    def __init__(self, s: LfState, *, share: bool = False):
        (self.config, self.phase, self.turn, self.rng, self.order, self.step, self.cursor, self.quiet_turns,
         self.rolled, self.outcome, self.scores, self.then) = _PLAIN_FIELDS(s)
        by_id = s.by_id
        if by_id is None:
            self.ships = {x.id: x for x in s.ships}
            self.sqs = {x.id: x for x in s.squadrons}
        elif share:  # read only: the state's own dicts
            self.ships, self.sqs = by_id
        else:
            self.ships, self.sqs = by_id[0].copy(), by_id[1].copy()
        self.mine: set[str] = set()
        """Ids of the units copied (or made) by this Work, which it may change."""
        if share:
            self.act: dict[str, Any] | None = s.act  # type: ignore[assignment]
            self.queue: list[dict[str, Any]] = list(s.queue)  # type: ignore[arg-type]
        else:
            self.act = _copy_act(s.act) if s.act is not None else None
            self.queue = [dict(t) for t in s.queue]
        self.decision: dict[str, Any] | None = None
        self.ledger = list(s.ledger)
        self.events: list[Event] = []
        self.forced = False
        """Whether a forced die face was used since the last roll event was logged."""

    def edit(self, unit: U) -> U:
        """``unit`` as this Work may change it: on the first change, a copy replaces the state's
        unit in the dicts; after that, the copy. Call it before changing a unit, and use what
        it returns (a reference taken before is the state's unit, which never changes)."""
        uid = unit.id
        ship = type(unit) is Ship
        units: dict[str, Any] = self.ships if ship else self.sqs
        if uid not in self.mine:
            units[uid] = type(unit)(*(_SHIP_FIELDS if ship else _SQUADRON_FIELDS)(unit))
            self.mine.add(uid)
        own: U = units[uid]
        return own

    def add(self, unit: Ship | Squadron) -> None:
        """Put a new unit (reinforcements, a submitted fleet) in the dicts, as this Work's own."""
        if isinstance(unit, Ship):
            self.ships[unit.id] = unit
        else:
            self.sqs[unit.id] = unit
        self.mine.add(unit.id)

    def freeze(self) -> LfState:
        """The state this Work has computed. Its unit dicts go with it (``LfState.by_id``), so
        the Work is done: nothing may change through it afterwards."""
        # positional, in LfState's field order: a quarter cheaper than 18 keywords (once per decision)
        state = LfState(
            self.config, self.phase, self.turn, tuple(self.ships.values()), tuple(self.sqs.values()), self.rng,
            self.order, self.step, self.cursor, self.act, tuple(self.queue), self.decision, self.quiet_turns,
            self.rolled, tuple(self.ledger), self.outcome, self.scores, self.then,
        )
        object.__setattr__(state, "by_id", (self.ships, self.sqs))  # a derived value, as engine.procedure.keep
        return state

    # --- dice ---------------------------------------------------------------------------
    def dice(self, n: int, purpose: str = "roll", roller: Seat | None = None) -> list[int]:
        """``n`` d6 from the state's generator, forced faces first (``--dice``); the caller logs
        them with :meth:`log_roll` in an event that says what they were for (LF-IMPL-04).

        ``roller`` is the seat that rolls at the table (physical dice ask that seat)."""
        out = []
        for _ in range(n):
            v, forced, self.rng = self.rng.roll(6, purpose=purpose, roller=roller)
            self.forced = self.forced or forced
            out.append(v)
        return out

    def log_roll(self, event: Event) -> None:
        """Log an event carrying dice; ``"forced": true`` marks one that used a forced face."""
        if self.forced:
            event["forced"] = True
            self.forced = False
        self.events.append(event)

    # --- lookups ------------------------------------------------------------------------
    def unit(self, uid: str) -> Ship | Squadron:
        return self.ships[uid] if uid in self.ships else self.sqs[uid]

    def units_on_map(self) -> list[Ship | Squadron]:
        """Ships, then squadrons, on the map (a list: cheaper than a generator for a few units)."""
        out: list[Ship | Squadron] = [s for s in self.ships.values() if s.status == ON_MAP]
        out += [q for q in self.sqs.values() if q.status == ON_MAP]
        return out

    def unit_at(self, h: Hex) -> Ship | Squadron | None:
        for s in self.ships.values():
            if s.hex == h and s.status == ON_MAP:
                return s
        for q in self.sqs.values():
            if q.hex == h and q.status == ON_MAP:
                return q
        return None

    def hosted(self, ship_id: str) -> list[Squadron]:
        return [q for q in self.sqs.values() if q.host == ship_id and q.status == HOSTED]

    def empty_neighbors(self, h: Hex) -> list[Hex]:
        """Adjacent hexes a unit may be put in: on the board, no unit, not a planetoid."""
        taken = {s.hex for s in self.ships.values() if s.status == ON_MAP}
        taken |= {q.hex for q in self.sqs.values() if q.status == ON_MAP}
        board = self.config.open_hexes
        return [n for n in lf_neighbors(h) if n in board and n not in taken]


@cache
def _center(board: MapShape) -> Hex:
    return board.center()


@lru_cache(maxsize=1 << 16)
def lf_neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours in the digest's direction order (E, NE, NW, W, SW, SE); kept per
    hex (a board has a few thousand at most), as every search and adjacency test asks."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in LF_DIRECTIONS)


def adjacent(a: Hex | None, b: Hex | None) -> bool:
    return a is not None and b is not None and distance(a, b) == 1


def edge(config: Config, h: Hex) -> bool:
    """An edge hex: on the board with some neighbour off it, whatever the board's shape
    (LF-MAP-10); units able to move retreat from there (LF-REC-04). Found once per hex."""
    found = config.edges.get(h)
    if found is None:
        found = config.edges[h] = config.map.is_edge(h)
    return found


def kill_value(ship: Ship, lost_aboard: int, accounting: str) -> int:
    """Half-points credited for destroying ``ship`` with ``lost_aboard`` squadrons inside it
    (LF-VIC-02, LF-AMB-34). ``no_double_count``: its hull value plus 5 per squadron lost aboard.
    ``raw``: its whole cost; the game's scoring then takes off its original squadrons that
    survive. One function for play and for elimination facts read from a position."""
    if accounting == "raw":
        return 2 * ship.design.cost
    return 2 * (ship.design.hull_value + SQUADRON_COST * lost_aboard)
