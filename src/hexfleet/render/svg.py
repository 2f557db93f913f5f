"""SVG hex maps: the drawing every game's presenter shares (grid, hex labels, units, legend).

A presenter (``render/<game>.py``) decides what its units look like and what the legend says;
this module only draws: a :class:`Canvas` fitted to the map, darts pointing along a facing,
markers, and a standalone document with a legend under the map. Pixel geometry is
:class:`~hexfleet.hexgrid.Layout`'s; nothing here decides rules or knows a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from ..hexgrid import Hex, Layout, MapShape

HEX_SIZE = 18.0
MARGIN = 12.0
LEGEND_HEIGHT = 54.0
SIDE_COLOURS = {"red": "#c62828", "blue": "#1e63c4", "green": "#2e7d32", "yellow": "#b8860b",
                "purple": "#7b1fa2", "orange": "#e65100", "black": "#222222", "white": "#777777"}
_FALLBACK = ("#00838f", "#6d4c41", "#ad1457", "#558b2f", "#d32f2f", "#1e63c4", "#7b1fa2", "#e65100")
"""Sides not named after a colour, by their place: eight distinct, one per Big Party player
(TOB-M6-OVR-02); the first four are those two- to four-side games always had."""

Symbol = Callable[[float, float], str]
"""A legend symbol: its SVG drawn centred on ``(x, y)``."""


def side_colour(side: str, order: Sequence[str]) -> str:
    """A side's colour: its own name's if it is a colour, else one by its place in ``order``."""
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    return _FALLBACK[list(order).index(side) % len(_FALLBACK)]


def pts(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def dart(cx: float, cy: float, angle: float, size: float = HEX_SIZE) -> list[tuple[float, float]]:
    """A unit's outline: a dart whose nose points ``angle`` degrees (screen, clockwise)."""
    out = []
    for a, k in ((0.0, 0.75), (140.0, 0.55), (180.0, 0.2), (220.0, 0.55)):
        t = math.radians(angle + a)
        out.append((cx + size * k * math.cos(t), cy + size * k * math.sin(t)))
    return out


@dataclass(frozen=True, slots=True)
class Canvas:
    """A map's drawing area: the layout that puts every hex inside the margins."""

    board: MapShape
    layout: Layout
    map_width: float
    map_height: float

    @classmethod
    def fit(cls, board: MapShape, *, pointy: bool = False) -> Canvas:
        """The canvas for ``board``: measured once per map shape (every hex's corners), as a
        Big Party report (40 × 30 hexes) would otherwise spend a tenth of its time here."""
        return _fit(board, pointy)

    def center(self, h: Sequence[int]) -> tuple[float, float]:
        return self.layout.center((h[0], h[1]))


@lru_cache(maxsize=64)
def _fit(board: MapShape, pointy: bool) -> Canvas:
    probe = Layout(HEX_SIZE, pointy=pointy)
    corners = [c for h in board.hexes() for c in probe.corners(h)]
    min_x, min_y = min(x for x, _ in corners), min(y for _, y in corners)
    width = max(x for x, _ in corners) - min_x + 2 * MARGIN
    height = max(y for _, y in corners) - min_y + 2 * MARGIN
    return Canvas(board, Layout(HEX_SIZE, (MARGIN - min_x, MARGIN - min_y), pointy), width, height)


def trail(start: tuple[float, float], end: tuple[float, float], colour: str) -> list[str]:
    """Where a unit came from this turn: a dashed line from its location marker (a square on
    the start hex) to where it stands."""
    (sx, sy), (cx, cy) = start, end
    s = HEX_SIZE * 0.28
    return [(f'<line class="path" x1="{sx:.1f}" y1="{sy:.1f}" x2="{cx:.1f}" y2="{cy:.1f}" '
             f'stroke="{colour}" stroke-width="1" stroke-dasharray="2 2" opacity="0.7"/>'),
            (f'<rect class="location-marker" x="{sx - s:.1f}" y="{sy - s:.1f}" width="{2 * s:.1f}" '
             f'height="{2 * s:.1f}" fill="none" stroke="{colour}" stroke-width="1.2"/>')]


def dart_symbol(colour: str) -> Symbol:
    return lambda x, y: (f'<polygon points="{pts(dart(x, y, 0.0))}" fill="{colour}" '
                         'stroke="#000000" stroke-width="0.6"/>')


def circle_symbol(x: float, y: float) -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HEX_SIZE * 0.3:.1f}" fill="#ffffff" stroke="#555555" '
            'stroke-width="1.5"/>')


def square_symbol(x: float, y: float) -> str:
    r = HEX_SIZE * 0.3
    return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="none" '
            'stroke="#555555" stroke-width="1.2"/>')


def document(canvas: Canvas, body: Sequence[str], *, heading: str,
             legend: Sequence[tuple[Symbol | None, str]], background: Sequence[str] = ()) -> str:
    """A standalone SVG: the grid with hex labels, ``background`` (terrain) above it, ``body``
    (the units) on top, and a legend of ``(symbol, label)`` entries under the heading."""
    height = canvas.map_height + LEGEND_HEIGHT
    legend_svg, legend_width = _legend(legend, canvas.map_height, heading)
    width = max(canvas.map_width, legend_width)
    grid = " ".join(f"M{pts(canvas.layout.corners(h))}Z" for h in canvas.board.hexes())
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
         f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">'),
        f"<title>{escape(heading)}</title>",
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="#fbfaf6"/>',
        *background,
        f'<path class="grid" d="{grid}" fill="none" stroke="#c9c4b8" stroke-width="0.6"/>',
        _hex_labels(canvas),
        *body,
        legend_svg,
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def hex_cell(canvas: Canvas, h: Hex, *, fill: str, css: str) -> str:
    """One hex filled (terrain, an objective), under the grid lines."""
    return f'<polygon class="{css}" points="{pts(canvas.layout.corners(h))}" fill="{fill}" stroke="none"/>'


def _hex_labels(canvas: Canvas) -> str:
    """Each hex's axial ``q,r`` in small grey type, so a map can be read against a position."""
    parts = ['<g class="hex-labels" font-size="4.5" fill="#aaa49a" text-anchor="middle">']
    for h in canvas.board.hexes():
        x, y = canvas.layout.center(h)
        parts.append(f'<text x="{x:.1f}" y="{y - HEX_SIZE * 0.55:.1f}">{h[0]},{h[1]}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _legend(entries: Sequence[tuple[Symbol | None, str]], top: float, heading: str) -> tuple[str, float]:
    """The legend's SVG and its approximate width."""
    y = top + 14
    parts = ['<g class="legend">', (f'<text x="{MARGIN:.1f}" y="{y:.1f}" font-size="11" font-weight="bold">'
                                    f"{escape(heading)}</text>")]
    y += 22
    x = MARGIN
    for symbol, label in entries:
        if symbol is not None:
            parts.append(f'<g transform="translate({x:.1f},0)">{symbol(8, y - 4)}</g>')
        text_x = x + 24 if symbol is not None else x
        parts.append(f'<text x="{text_x:.1f}" y="{y:.1f}" font-size="10">{escape(label)}</text>')
        x = text_x + 5.6 * len(label) + 16  # about the width of 10-px sans-serif text
    parts.append("</g>")
    return "\n".join(parts), x
