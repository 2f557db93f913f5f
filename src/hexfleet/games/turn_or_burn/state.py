"""Turn or Burn state: plain frozen data, cheap to copy, shared rules data never copied."""

from __future__ import annotations

from collections import Counter
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any

from ...engine.frozen import record
from ...engine.procedure import Ask, Then
from ...engine.rng import Rng
from ...engine.ruleset import Outcome
from ...hexgrid import Hex, RectMap, distance
from .orders import Action, Losses, Placement, Standing

SETUP, REENTRY_HEX, REENTRY, DECLARE, PLOT, FIRE, END, OVER = (
    "setup", "reentry_hex", "reentry", "declare", "plot", "fire", "end", "over")
STATIONS = "stations"
"""Module 6: the players place the stations before turn 1 (``party_setup``)."""
RESOLVE = "resolve"
"""The phase while automatic steps run mid-turn (never the phase of a state that waits)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches; each default is the digest's reading (see ``OPTIONS`` in rules.py)."""

    slip_model: str = "minimal"
    arc_boundary: str = "inclusive"
    turn_limit: int | None = None
    # Module 2-3 switches (documented in rules.OPTIONS; ignored by Module 1 positions).
    goal: int | None = 8
    victory: str | None = None
    shot_order: str = "ascending"
    big_fighters: bool = True
    heavy_guns: bool = True
    multiple_actions: bool = True
    external_systems: bool = True
    heavy_db_exact_speed: bool = False
    # Module 4-6 switches (turn-or-burn/2 "Options (Modules 4-6)"; documented in rules.OPTIONS).
    max_systems: int = 6
    missile_steering: str = "any"
    projectile_armor: str = "ignore"
    force_beam: bool = True
    zap_gun: bool = True
    secondary_thrusters: bool = True
    ramming: bool = True
    fuel: bool = True
    lock_down: bool = True
    secondary_thrust_timing: str = "before_move"
    lock_down_extra: str = "english"
    force_beam_puck: str = "both"
    hit_method: str = "cards"
    station_hit: str = "notional"

    def to_json(self) -> dict[str, Any]:
        """Every Module 1-3 option; a Module 4-6 option only when it differs from its default
        (so Modules 1-3 views and records stay as they were)."""
        out = {name: getattr(self, name) for name in OPTION_NAMES_V1}
        for name in OPTION_NAMES_V2:
            value = getattr(self, name)
            if value != _V2_DEFAULTS[name]:
                out[name] = value
        return out


OPTION_NAMES_V1 = ("slip_model", "arc_boundary", "turn_limit", "goal", "victory", "shot_order", "big_fighters",
                   "heavy_guns", "multiple_actions", "external_systems", "heavy_db_exact_speed")
OPTION_NAMES_V2 = ("max_systems", "missile_steering", "projectile_armor", "force_beam", "zap_gun",
                   "secondary_thrusters", "ramming", "fuel", "lock_down", "secondary_thrust_timing",
                   "lock_down_extra", "force_beam_puck", "hit_method", "station_hit")
"""Options a ``turn-or-burn/1`` position may not carry (they switch rules of Modules 4-6)."""
OPTION_NAMES = OPTION_NAMES_V1 + OPTION_NAMES_V2
_V2_DEFAULTS = {name: getattr(Options(), name) for name in OPTION_NAMES_V2}


@dataclass(frozen=True, slots=True)
class Hockey:
    """Space Hockey's field (TOB-M5-HOCKEY-02/03): each side's own edge, the puck's start."""

    edges: tuple[tuple[str, str], ...]
    puck_start: Hex

    def edge(self, side: str) -> str:
        return dict(self.edges)[side]


@dataclass(frozen=True, slots=True)
class LockedAction:
    """A locked-down action (TOB-M5-LOCK-02): the card, the miss cards still beneath it, and a
    locked cannon's thrust or rocket launcher's marker offset (for facing A)."""

    card: str
    misses: int = 5
    thrust: int | None = None
    offset: Hex | None = None


@dataclass(frozen=True, slots=True)
class Projectile:
    """A launched projectile or the puck (TOB-M4-PROJ-01, TOB-M5-HOCKEY-05). Its location marker
    is its hex at the start of a turn; ``burn`` is this turn's equivalent burn (TOB-M4-FIRE-02)."""

    id: str
    side: str | None
    kind: str
    hex: Hex
    momentum: Hex
    fuel: int | None = None
    by: str | None = None
    burn: int = 0

    @property
    def speed(self) -> int:
        return distance(self.hex, self.momentum)


@dataclass(frozen=True, slots=True)
class Station:
    """A Module 6 space station: it never moves and cannot be destroyed (TOB-M6-STN-01)."""

    id: str
    hex: Hex
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed for a whole game: shared by every state of it, never copied."""

    scenario: str
    modules: tuple[int, ...]
    map: RectMap
    sides: tuple[str, ...]
    options: Options = field(default_factory=Options)
    zones: tuple[tuple[str, str], ...] = ()
    """Start zone per fighter id during setup (``west``/``east`` half of the map)."""
    phase_decisions: bool = True
    """Modules 2-3: stop for mid-turn decisions (play), or take every default (a position read
    for ``hexfleet resolve``: the plot order says all, like standing orders, TOB-IMPL-14)."""
    budgets: tuple[tuple[str, int], ...] = ()
    """Internal system cards each side may build in all (TOB-M3-SCEN-01), if the scenario says."""
    play: str = ""
    """The position format's ``scenario`` when given explicitly (``spacewar``, ``hockey``, ...);
    empty: the default by modules (turn-or-burn/2, "Top-level fields")."""
    black_holes: tuple[Hex, ...] = ()
    """Black-hole hexes (TOB-M4-MAP-01); the arrows around each are implied."""
    hockey: Hockey | None = None
    """Space Hockey's edges and puck start (TOB-M5-HOCKEY-02)."""
    party: Any = None
    """Module 6 Big Party: the players and the game (a ``big_party.Party``), or ``None``."""

    systems: bool = field(init=False, repr=False, compare=False)
    """Modules 2-3 in force: free builds, Operate Systems, announced fire, armor, shields,
    lock-ons, team scores (TOB-SEQ-02). Module 1 is the same turn with these steps off.
    Derived from ``modules`` once, as the hot path reads it every step."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", any(m in self.modules for m in (2, 3, 4, 5, 6)))
        object.__setattr__(self, "nine_phase", any(m in self.modules for m in (4, 5, 6)))
        object.__setattr__(self, "declare_step",
                           3 in self.modules and self.options.external_systems and self.phase_decisions)
        object.__setattr__(self, "on_map", frozenset(self.map.hexes()))
        object.__setattr__(self, "points", (self.options.victory or ("points" if 2 in self.modules else
                                                                     "elimination")) == "points")

    declare_step: bool = field(init=False, repr=False, compare=False)
    nine_phase: bool = field(init=False, repr=False, compare=False)
    """Modules 4-6: the nine-phase turn of TOB-M4-SEQ-01 (TOB-M5-OPT-01)."""
    """Module 3 external systems in play: plots of externals are declared first (TOB-SEQ-06 A)."""

    points: bool = field(init=False, repr=False, compare=False)
    """Points victory (Popcorn: scores and replacements, TOB-M2-SCEN-05), not elimination."""

    on_map: frozenset[Hex] = field(init=False, repr=False, compare=False)
    """The map's hexes as a set: every fighter is checked against it every turn (TOB-GEO-13)."""


@record
class Kit:
    """A fighter's Module 2-3 fields."""

    external: tuple[str, ...] = ()
    """Externally mounted cards (TOB-M3-EXT-*); ``Fighter.destroyed`` takes external copies first."""
    shields: bool = False
    lock_on: str | None = None
    """Id of the fighter this one has locked on to (TOB-M2-LOCK-*)."""
    heavy_guns: tuple[tuple[str, ...], ...] = ()
    """Announced heavy-gun sets, each all of the fighter's internal copies of one gun."""
    ammo: tuple[tuple[str, int], ...] = ()
    """Module 4: projectiles left per launcher copy, by ammo key (``MR`` or ``MR#2``)."""
    reloaded: tuple[str, ...] = ()
    """Module 4: ammo keys whose one reload is used (TOB-M4-REPAIR-01/02)."""
    fuel: float | None = None
    """Module 5 option ``fuel``: fuel points left (TOB-M5-FUEL-02); ``None`` when not tracked."""
    lost_maneuvers: tuple[str, ...] = ()
    """Module 5: maneuver cards it may no longer execute (TOB-M5-ZAP-06, TOB-M5-LOCK-05)."""
    locked: LockedAction | None = None
    """Module 5: the locked-down action (TOB-M5-LOCK-02)."""
    marks: tuple[str, ...] = ()
    """Module 6: the ship sheet, one mark per card (``ship_sheet.marks_of`` keeps it exact)."""


NO_KIT = Kit()


def refit(f: Fighter, **changes: Any) -> Fighter:
    """``f`` with some Module 2-3 fields changed (``external``, ``shields``, ``lock_on``, ``heavy_guns``)."""
    return replace(f, kit=replace(f.kit, **changes))


@record
class Fighter:
    id: str
    side: str
    hex: Hex
    facing: int
    momentum: Hex
    cards: tuple[str, ...]
    """Internal system cards as built, in sheet order; size class follows (TOB-M1-MISS-04/05)."""
    destroyed: tuple[str, ...] = ()
    """Destroyed cards (a multiset), in the order they were lost."""
    revealed: tuple[str, ...] = ()
    """Cards every player has seen (plotted and turned face up, or known from the build)."""
    kit: Kit = NO_KIT
    """Module 2-3 fields in one slot, so a Module 1 fighter stays as cheap to copy as before."""

    @property
    def external(self) -> tuple[str, ...]:
        return self.kit.external

    @property
    def shields(self) -> bool:
        return self.kit.shields

    @property
    def lock_on(self) -> str | None:
        return self.kit.lock_on

    @property
    def heavy_guns(self) -> tuple[tuple[str, ...], ...]:
        return self.kit.heavy_guns

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def speed(self) -> int:
        """Hexes from the fighter to its momentum marker (TOB-GEO-05)."""
        return distance(self.hex, self.momentum)

    def working(self) -> tuple[str, ...]:
        """Cards not destroyed, in sheet order (a destroyed duplicate takes the later copy)."""
        if not self.destroyed:
            return self.cards
        lost = Counter(self.destroyed)
        out = []
        for card in reversed(self.cards):
            if lost[card]:
                lost[card] -= 1
            else:
                out.append(card)
        out.reverse()
        return tuple(out)

    def losing(self, cards: tuple[str, ...]) -> Fighter:
        """This fighter with ``cards`` destroyed too (built directly: ``replace`` costs ten
        times as much, and every hit builds one)."""
        return Fighter(self.id, self.side, self.hex, self.facing, self.momentum, self.cards, self.destroyed + cards,
                       self.revealed, self.kit)

    def showing(self, cards: tuple[str, ...]) -> Fighter:
        """This fighter with ``cards`` revealed too (built directly, as :meth:`losing`)."""
        return Fighter(self.id, self.side, self.hex, self.facing, self.momentum, self.cards, self.destroyed,
                       self.revealed + cards, self.kit)

    def has(self, card: str) -> bool:
        if not self.destroyed:
            return card in self.cards
        return self.cards.count(card) > self.destroyed.count(card)

    def has_any(self, cards: AbstractSet[str]) -> bool:
        """Does a working copy of any of ``cards`` remain?"""
        if not self.destroyed:
            return not cards.isdisjoint(self.cards)
        return any(self.has(c) for c in cards)


@record
class Hits:
    """What the Fire Guns phase did to each fighter, for the end of the turn."""

    armor: frozenset[str] = frozenset()
    """Armor absorbed an actual hit: remove 1 armor (+1 external) at end of turn (TOB-M2-ARMOR-01)."""
    shield: frozenset[str] = frozenset()
    """A bubble gun took a shield generator: shields drop at end of turn (TOB-M2-SHIELD-04)."""
    internal_lost: frozenset[str] = frozenset()
    """Lost at least one internal card this phase: 1 external goes too (TOB-M3-EXT-05)."""
    lock_checks: tuple[tuple[str, tuple[tuple[bool, str | None], ...]], ...] = ()
    """Per shooter, per plotted gun: (its lock-on target in range and arc, target fired at)."""

    def checks(self, fid: str) -> tuple[tuple[bool, str | None], ...]:
        for key, value in self.lock_checks:
            if key == fid:
                return value
        return ()


NO_HITS = Hits()


@record
class Replacement:
    """A fighter still to re-enter (Module 2); its build is secret, like any unrevealed card."""

    side: str
    id: str
    enters_on_turn: int
    cards: tuple[str, ...] = ("CM", "STR", "THR", "NB")
    external: tuple[str, ...] = ()
    heavy_guns: tuple[tuple[str, ...], ...] = ()
    hex: Hex | None = None
    """The map-edge hex the opposing team chose for it (TOB-M2-SCEN-04.3)."""
    fighter: Any = None
    """Module 6: the ship itself as it returns (a delivered freighter keeps its damage,
    TOB-M6-FRT-02), written as the format's ``fighter`` object."""
    place: Placement | None = None
    """``hexfleet resolve``: the ``place`` entry given for it in the turn at whose end it enters;
    never written (it is used up as it enters)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side, "enters_on_turn": self.enters_on_turn, "id": self.id,
                               "cards": list(self.cards), "external": list(self.external),
                               "heavy_guns": [list(g) for g in self.heavy_guns]}
        if self.hex is not None:
            out["hex"] = list(self.hex)
        return out


Plots = tuple[tuple[str, tuple[Action, ...]], ...]

ID = attrgetter("id")
SIDE = attrgetter("side")
"""Field readers for the hot path (a comprehension costs a function call on CPython 3.11)."""


@record
class Stage:
    """A turn in progress (TOB-SEQ-01..03): the next step of the pipeline and what was plotted,
    decided and done so far. The state's fighters are the board as it stands."""

    step: int = 0
    """Index of the next automatic step in ``turn.STEPS`` (0: the plot is still open)."""
    plots: Plots = ()
    declared: Plots = ()
    """External plots declared in step A, public (TOB-SEQ-06)."""
    sides: tuple[str, ...] = ()
    """Sides in play when the turn began (who can win by elimination)."""
    start_locks: tuple[tuple[str, str | None], ...] = ()
    thrust: tuple[tuple[str, int], ...] = ()
    jammed: frozenset[str] = frozenset()
    out: tuple[tuple[Fighter, str], ...] = ()
    """Fighters that left play this turn, with the cause (scored at the end)."""
    decisions: tuple[tuple[str, Any], ...] = ()
    """Seat -> what it must decide at the open fire or end decision (its ``options``)."""
    fire: tuple[tuple[str, tuple[str | None, ...]], ...] | None = None
    """Targets chosen at the fire decision (``None``: not asked, or not yet)."""
    hits: Hits = NO_HITS
    needs: tuple[tuple[str, tuple[int, int]], ...] = ()
    """Per fighter: externals to lose and cards to discard at the end of the turn."""
    losses: tuple[tuple[str, Losses], ...] | None = None
    """The owners' choices at the end decision."""
    standing: Standing = ()
    """Modules 4-5: each unit's decisions for this turn's phases (steer, detonate, gravity)."""
    tally: tuple[tuple[Any, ...], ...] = ()
    """Module 6: this turn's points and station hits so far (``big_party``), kept across a stop."""
    goal: str | None = None
    """Space Hockey: the side that scored in this turn's Move Projectiles (TOB-M5-HOCKEY-03), kept
    across a stop: a fire decision later in the turn must not lose it."""

    def plot(self, fid: str) -> tuple[Action, ...]:
        for key, actions in self.plots:
            if key == fid:
                return actions
        return ()

    def declared_by(self, fid: str) -> tuple[Action, ...]:
        for key, actions in self.declared:
            if key == fid:
                return actions
        return ()


@record
class TobState:
    config: Config
    turn: int
    phase: str
    fighters: tuple[Fighter, ...]
    rng: Rng
    outcome: Outcome | None = None
    scores: tuple[tuple[str, int], ...] = ()
    """Team points (Module 2, TOB-M2-SCEN-05); empty in Module 1."""
    replacements: tuple[Replacement, ...] = ()
    """Module 2 fighters still to re-enter."""
    stage: Stage | None = None
    """The turn in progress after the plot, or step A's declarations (``None`` at a turn's start)."""
    then: tuple[Then, ...] = ()
    """Answers given in advance (TOB-SEQ-04), used by the procedure before it asks."""
    projectiles: tuple[Projectile, ...] = ()
    """Module 4: projectiles on the map (and Module 5's puck), public."""
    stations: tuple[Station, ...] = ()
    """Module 6: the space stations and their owners (TOB-M6-STN-01), public."""
    stations_to_place: int = 0
    """Module 6: stations the players have still to place (phase ``stations``, TOB-M6-STN-02)."""
    procedure_ask: Ask | None = field(default=None, init=False, compare=False, repr=False)
    """The decision this state stands at, kept by the procedure once found (``engine.procedure.keep``)."""

    def fighter(self, fid: str) -> Fighter | None:
        for f in self.fighters:
            if f.id == fid:
                return f
        return None

    def sides_in_play(self) -> tuple[str, ...]:
        sides = self.config.sides
        present = set(map(SIDE, self.fighters))
        if len(present) == len(sides):  # every side still in play (the common case)
            return sides
        return tuple(s for s in sides if s in present)

    def _repr_svg_(self) -> str:
        """The map in a notebook. Imports the renderer only when called: render imports the
        games, never the reverse (STYLE §1). Shows the whole truth, like ``position_to_json``."""
        from ...render.turn_or_burn import svg
        from .position import position_to_json

        return svg(position_to_json(self))
