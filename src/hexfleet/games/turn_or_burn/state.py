"""Turn or Burn state: plain frozen data, cheap to copy, shared rules data never copied."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from ...engine.ruleset import Outcome
from ...hexgrid import Hex, RectMap, distance

SETUP, PLOT, OVER = "setup", "plot", "over"


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

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}  # type: ignore[attr-defined]


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


@dataclass(frozen=True, slots=True)
class Kit:
    """A fighter's Module 2-3 fields."""

    external: tuple[str, ...] = ()
    """Externally mounted cards (TOB-M3-EXT-*); ``Fighter.destroyed`` takes external copies first."""
    shields: bool = False
    lock_on: str | None = None
    """Id of the fighter this one has locked on to (TOB-M2-LOCK-*)."""
    heavy_guns: tuple[tuple[str, ...], ...] = ()
    """Announced heavy-gun sets, each all of the fighter's internal copies of one gun."""


NO_KIT = Kit()


def refit(f: Fighter, **changes: Any) -> Fighter:
    """``f`` with some Module 2-3 fields changed (``external``, ``shields``, ``lock_on``, ``heavy_guns``)."""
    return replace(f, kit=replace(f.kit, **changes))


@dataclass(frozen=True, slots=True)
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

    def has(self, card: str) -> bool:
        return self.cards.count(card) > self.destroyed.count(card)


@dataclass(frozen=True, slots=True)
class TobState:
    config: Config
    turn: int
    phase: str
    fighters: tuple[Fighter, ...]
    rng: int
    outcome: Outcome | None = None
    scores: tuple[tuple[str, int], ...] = ()
    """Team points (Module 2, TOB-M2-SCEN-05); empty in Module 1."""
    replacements: tuple[Any, ...] = ()
    """Module 2 fighters still to re-enter (``teams.Replacement``)."""
    stage: Any = None
    """Module 2-3 mid-turn data while a turn waits for a decision (``advanced.Stage``)."""

    def fighter(self, fid: str) -> Fighter | None:
        for f in self.fighters:
            if f.id == fid:
                return f
        return None

    def sides_in_play(self) -> tuple[str, ...]:
        present = {f.side for f in self.fighters}
        return tuple(s for s in self.config.sides if s in present)

    def _repr_svg_(self) -> str:
        """The map in a notebook. Imports the renderer only when called: render imports the
        games, never the reverse (STYLE §1). Shows the whole truth, like ``position_to_json``."""
        from ...render.turn_or_burn import svg
        from .position import position_to_json

        return svg(position_to_json(self))
