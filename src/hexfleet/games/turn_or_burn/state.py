"""Turn or Burn state: plain frozen data, cheap to copy, shared rules data never copied."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
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

    def to_json(self) -> dict[str, Any]:
        return {"slip_model": self.slip_model, "arc_boundary": self.arc_boundary, "turn_limit": self.turn_limit}


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
        from ...render.svg import position_svg
        from .position import position_to_json

        return position_svg(position_to_json(self))
