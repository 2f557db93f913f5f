"""Turn or Burn notation: facing letters, card names, and the typed readers for them.

Everything a Turn or Burn position or order writes beyond plain JSON is read here, on top of
the kernel's readers (``engine/reading.py``): a facing is one of the letters ``A``-``F``
(TOB-GEO-02, clockwise from north), a card is a system id from ``data/cards.toml``.
"""

from __future__ import annotations

from typing import Any

from ...engine import reading
from ...engine.errors import FormatError
from ...hexgrid import Hex
from .cards import MANEUVERS, SYSTEMS

LETTERS = "ABCDEF"
"""Turn or Burn's names for :data:`hexfleet.hexgrid.DIRECTIONS` (TOB-GEO-02)."""


def facing(value: Any, where: str) -> int:
    """A facing letter ``A``-``F`` as a direction index 0-5."""
    if not isinstance(value, str) or len(value) != 1 or value not in LETTERS:
        raise FormatError(where, f"expected a facing letter A-F, got {value!r}")
    return LETTERS.index(value)


def hex_at(value: Any, where: str) -> Hex:
    """A hex ``[q, r]``, each coordinate a whole number."""
    if not isinstance(value, list) or len(value) != 2:
        raise FormatError(where, f"expected a hex [q, r], got {reading.describe(value)}")
    return (reading.integer(value[0], f"{where}[0]"), reading.integer(value[1], f"{where}[1]"))


def card(value: Any, where: str) -> str:
    """A system card id (``CM``, ``NB``, ...)."""
    name = reading.text(value, where)
    if name not in SYSTEMS:
        raise FormatError(where, f"unknown system card {name!r}; system cards: {' '.join(SYSTEMS)}")
    return name


def cards(value: Any, where: str) -> tuple[str, ...]:
    return tuple(card(c, f"{where}[{i}]") for i, c in enumerate(reading.lst(value, where)))


def any_card(value: Any, where: str) -> str:
    """A maneuver or system card id (what a plotted action names)."""
    name = reading.text(value, where)
    if name not in MANEUVERS and name not in SYSTEMS:
        raise FormatError(where, f"unknown card {name!r}; maneuvers: {' '.join(MANEUVERS)}; "
                          f"systems: {' '.join(SYSTEMS)}")
    return name
