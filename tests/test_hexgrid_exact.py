"""The integer ``line`` and ``segment_crosses_hex`` agree with the plain rational definitions.

The references below are the straightforward :class:`fractions.Fraction` forms these functions
had before they were rewritten for speed (tests/golden covers the game; this covers the
geometry): the lerp rounded against 16 candidate centres, and Liang–Barsky clipping.
"""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hexfleet.hexgrid import cube, distance, line, segment_crosses_hex, sub


def reference_line(a, b):
    n = distance(a, b)
    if n == 0:
        return [(a,)]
    out = []
    for i in range(n + 1):
        t = Fraction(i, n)
        q = a[0] + (b[0] - a[0]) * t
        r = a[1] + (b[1] - a[1]) * t
        s = -q - r
        fq, fr = math.floor(q), math.floor(r)
        scored = []
        for cq in range(fq - 1, fq + 3):
            for cr in range(fr - 1, fr + 3):
                dq, dr, ds = q - cq, r - cr, s + cq + cr
                scored.append((max(abs(dq - dr), abs(dr - ds), abs(ds - dq)), (cq, cr)))
        best = min(d for d, _ in scored)
        out.append(tuple(sorted(h for d, h in scored if d == best)))
    return out


def reference_crosses(a, b, h, closed):
    A, B = cube(sub(a, h)), cube(sub(b, h))
    lo, hi = Fraction(0), Fraction(1)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        c0 = A[i] - A[j]
        c1 = (B[i] - B[j]) - c0
        for sign in (1, -1):
            a0, a1 = sign * c0, sign * c1
            if a1 == 0:
                if a0 > 1 or (not closed and a0 == 1):
                    return False
            elif a1 > 0:
                hi = min(hi, Fraction(1 - a0, a1))
            else:
                lo = max(lo, Fraction(1 - a0, a1))
    return hi > lo


coord = st.integers(-15, 15)
hexes = st.tuples(coord, coord)


@settings(max_examples=400, deadline=None)
@given(hexes, hexes)
def test_line_matches_rational_reference(a, b):
    assert line(a, b) == reference_line(a, b)


@settings(max_examples=600, deadline=None)
@given(hexes, hexes, st.tuples(st.integers(-4, 4), st.integers(-4, 4)), st.booleans())
def test_segment_crosses_hex_matches_rational_reference(a, b, dh, closed):
    # Probe hexes near the segment, where crossing and not crossing both occur.
    h = (a[0] + (b[0] - a[0]) // 2 + dh[0], a[1] + (b[1] - a[1]) // 2 + dh[1])
    assert segment_crosses_hex(a, b, h, closed=closed) == reference_crosses(a, b, h, closed)


def test_spines_and_edges_exhaustively_near_the_origin():
    """Every segment from the origin to a hex within 6, against every hex within 7: the ties
    (lines along spines, segments along sides or through vertices) are where rounding bites."""
    near = [(q, r) for q in range(-7, 8) for r in range(-7, 8) if distance((0, 0), (q, r)) <= 7]
    for b in near:
        if distance((0, 0), b) > 6:
            continue
        assert line((0, 0), b) == reference_line((0, 0), b)
        for h in near:
            for closed in (True, False):
                assert segment_crosses_hex((0, 0), b, h, closed=closed) == reference_crosses((0, 0), b, h, closed)
