"""Launch Fighters! readers for JSON values, on top of :mod:`hexfleet.engine.reading`: the
notation this game adds (a facing, a unit id, a hex or ``null``). Each takes the value and the
path it came from and raises :class:`~hexfleet.engine.errors.FormatError` naming that path.
"""

from __future__ import annotations

from typing import Any

from ...engine import reading
from ...engine.errors import FormatError
from ...hexgrid import Hex


def facing(value: Any, where: str) -> int:
    """A facing 0-5: the digest's direction index, 0 = east, counter-clockwise (LF-MAP-03)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise FormatError(where, f"expected a facing 0-5 (0 = east, counter-clockwise), got {value!r}")
    return value


def unit_id(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise FormatError(where, f"expected a unit id (a string), got {value!r}")
    return value


def hex_or_null(value: Any, where: str) -> Hex | None:
    """A hex ``[q, r]``, or ``null`` (a unit off the map)."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise FormatError(where, f"expected a hex [q, r] or null, got {value!r}")
    return (value[0], value[1])


def count(value: Any, where: str, low: int = 0) -> int:
    """A whole number of at least ``low`` (0 by default: counters, levels, turns)."""
    return reading.integer(value, where, low=low)
