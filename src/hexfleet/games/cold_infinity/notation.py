"""Cold Infinity's written notation (cold-infinity/1, digest B.1, B.2, B.6): rates as reduced
fractions, vectors in the book's ``1+3,2+1`` form with ``,++n``/``,--n`` for layers, and the
36 attitudes with the pivot, roll and tumble steps between them.

Only notation and the ship-relative bookkeeping of attitudes live here; every piece of hex
geometry comes from :mod:`hexfleet.hexgrid` (direction ``k`` of the book is
``hexgrid.DIRECTIONS[k - 1]``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ...engine.errors import FormatError
from ...engine.reading import describe
from ...hexgrid import DIRECTIONS, Hex, add, length, scale

ATTITUDES = ("up", "flipped", "rolled_port", "rolled_starboard", "tumbled_forward", "tumbled_aft")
ROLL_CYCLE = ("up", "rolled_starboard", "flipped", "rolled_port")
"""Roll +1 (to starboard) steps through these, facing unchanged (format: Attitude)."""

_FRACTION = re.compile(r"^(-?)([1-9][0-9]*)/([1-9][0-9]*)$")
_TERM = re.compile(r"^([1-6])\+([1-9][0-9]*)$")
_Z = re.compile(r"^(\+\+|--)([1-9][0-9]*)$")


def direction(k: int) -> Hex:
    """The map vector of book direction ``k`` (1..6 clockwise from north; any integer wraps)."""
    return DIRECTIONS[(k - 1) % 6]


def wrap(k: int) -> int:
    """A facing or direction brought into 1..6."""
    return (k - 1) % 6 + 1


# --- rates -----------------------------------------------------------------------------------


def read_rate(value: Any, where: str) -> Fraction:
    """An integer or a reduced fraction string (``"1/2"``, ``"-1/3"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        m = _FRACTION.match(value)
        if m:
            num, den = int(m.group(2)), int(m.group(3))
            f = Fraction(num, den)
            if den > 1 and f.numerator == num and f.denominator == den:
                return -f if m.group(1) else f
    raise FormatError(where, f"expected a whole number or a reduced fraction like \"1/2\", got {describe(value)}")


def write_rate(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --- vectors ---------------------------------------------------------------------------------


def decompose(v: Hex) -> list[tuple[int, int]]:
    """``v`` as ``a·d(i) + b·d(i+1)`` with a, b ≥ 1 (or one term): ``[(direction, hexes)]``."""
    if v == (0, 0):
        return []
    for i in range(1, 7):
        d1, d2 = direction(i), direction(i + 1)
        # solve a·d1 + b·d2 = v over the integers (d1, d2 adjacent: determinant ±1)
        det = d1[0] * d2[1] - d1[1] * d2[0]
        a = (v[0] * d2[1] - v[1] * d2[0]) // det
        b = (d1[0] * v[1] - d1[1] * v[0]) // det
        if a >= 1 and b >= 0 and add(scale(d1, a), scale(d2, b)) == v:
            return [(i, a)] if b == 0 else [(i, a), (wrap(i + 1), b)]
    raise AssertionError(f"no decomposition of {v}")


def write_vector(v: Hex, vz: int = 0) -> str:
    """The book's notation: larger speed first, ties the lower direction first; ``"0"`` at rest."""
    terms = sorted(decompose(v), key=lambda t: (-t[1], t[0]))
    parts = [f"{i}+{a}" for i, a in terms]
    if vz:
        parts.append(("++" if vz > 0 else "--") + str(abs(vz)))
    return ",".join(parts) or "0"


def read_vector(value: Any, where: str) -> tuple[Hex, int]:
    """``(planar vector, layers per turn)`` from ``"i+a,j+b"``, ``"i+a"``, ``"--1"``, ``"0"``
    (either term order; the two directions adjacent; a z term last)."""
    if not isinstance(value, str):
        raise FormatError(where, f"expected a vector like \"1+3,2+1\", got {describe(value)}")
    if value == "0":
        return (0, 0), 0
    parts = value.split(",")
    vz = 0
    zm = _Z.match(parts[-1])
    if zm:
        vz = int(zm.group(2)) * (1 if zm.group(1) == "++" else -1)
        parts = parts[:-1]
    terms = []
    for p in parts:
        m = _TERM.match(p)
        if not m:
            raise FormatError(where, f"bad vector {value!r}: {p!r} is not a term like \"1+3\" "
                              "(direction 1-6, then + and hexes ≥ 1), nor a last \"++n\"/\"--n\"")
        terms.append((int(m.group(1)), int(m.group(2))))
    if len(terms) > 2 or (len(terms) == 2 and (terms[0][0] - terms[1][0]) % 6 not in (1, 5)):
        raise FormatError(where, f"bad vector {value!r}: at most two terms, in adjacent directions")
    if not terms and not zm:
        raise FormatError(where, f"bad vector {value!r}")
    v = (0, 0)
    for i, a in terms:
        v = add(v, scale(direction(i), a))
    return v, vz


def speed(v: Hex) -> int:
    """Speed = hexes per turn = the hex length of the planar vector (B.2)."""
    return length(v)


# --- attitude --------------------------------------------------------------------------------


def roll_step(attitude: str, facing: int, sign: int) -> tuple[str, int]:
    """One 90° roll step (+1 to starboard). Tumbled ships roll about the vertical axis: a facing
    step, +1 when tumbled forward, −1 when tumbled aft (format: Attitude)."""
    if attitude in ROLL_CYCLE:
        return ROLL_CYCLE[(ROLL_CYCLE.index(attitude) + sign) % 4], facing
    return attitude, wrap(facing + (sign if attitude == "tumbled_forward" else -sign))


def tumble_step(attitude: str, facing: int, sign: int) -> tuple[str, int]:
    """One 90° tumble step (+1 forward): up → tumbled_forward(F) → flipped(F+3) → tumbled_aft(F)
    → up(F). Rolled ships tumble about the vertical axis: +1 / −1 facing when rolled to port /
    starboard."""
    if attitude in ("rolled_port", "rolled_starboard"):
        return attitude, wrap(facing + (sign if attitude == "rolled_port" else -sign))
    cycle = ("up", "tumbled_forward", "flipped", "tumbled_aft")
    base = wrap(facing - 3) if attitude == "flipped" else facing
    i = (cycle.index(attitude) + sign) % 4
    return cycle[i], wrap(base + 3) if cycle[i] == "flipped" else base


def pivot_step(attitude: str, facing: int, sign: int) -> tuple[str, int]:
    """One pivot step: facing ±1 (+1 clockwise seen from above), attitude kept."""
    return attitude, wrap(facing + sign)


def flipped(attitude: str) -> bool:
    return attitude == "flipped"


def tumbled(attitude: str) -> bool:
    return attitude in ("tumbled_forward", "tumbled_aft")


def rolled(attitude: str) -> bool:
    return attitude in ("rolled_port", "rolled_starboard")
