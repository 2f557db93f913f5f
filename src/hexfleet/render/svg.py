"""SVG hex maps of Turn or Burn positions and views.

Draws from the JSON shape that positions (shared/formats/turn-or-burn-position.md) and seat
views share: ``{"map": {"cols", "rows"}, "turn", "fighters": [{"id", "side", "hex", "facing",
"momentum"}]}``. So the same code draws a bug-report position and what one player may see.

Each fighter is one ``<g class="fighter" data-id=...>``: its momentum marker with a line from
the fighter (TOB-GEO-05), its location marker when the hex it started the turn in is known
(TOB-GEO-06: the marker is the turn-start hex), an arrow pointing along its facing, its id
and speed. Pixel geometry is :class:`~hexfleet.hexgrid.Layout`'s; nothing here decides rules.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..games.turn_or_burn.notation import LETTERS
from ..hexgrid import Layout, RectMap, distance

HEX_SIZE = 18.0
MARGIN = 12.0
LEGEND_HEIGHT = 54.0
SIDE_COLOURS = {"red": "#c62828", "blue": "#1e63c4", "green": "#2e7d32", "yellow": "#b8860b",
                "purple": "#7b1fa2", "orange": "#e65100", "black": "#222222", "white": "#777777"}
_FALLBACK = ("#00838f", "#6d4c41", "#ad1457", "#558b2f")


def side_colour(side: str, order: list[str]) -> str:
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    return _FALLBACK[order.index(side) % len(_FALLBACK)]


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _arrow(cx: float, cy: float, angle: float, size: float) -> list[tuple[float, float]]:
    """A fighter's outline: a dart whose nose points ``angle`` degrees (screen, clockwise)."""
    out = []
    for a, k in ((0.0, 0.75), (140.0, 0.55), (180.0, 0.2), (220.0, 0.55)):
        t = math.radians(angle + a)
        out.append((cx + size * k * math.cos(t), cy + size * k * math.sin(t)))
    return out


def position_svg(data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
                 title: str | None = None) -> str:
    """The map, fighters, markers and a legend as a standalone SVG document.

    ``previous`` maps fighter id → the hex it started the turn in (its location marker), e.g.
    from the turn's ``moved`` events; fighters not in it are drawn without one.
    """
    board = RectMap(int(data["map"]["cols"]), int(data["map"]["rows"]))
    probe = Layout(HEX_SIZE)
    corners = [c for h in board.hexes() for c in probe.corners(h)]
    min_x, min_y = min(x for x, _ in corners), min(y for _, y in corners)
    map_height = max(y for _, y in corners) - min_y + 2 * MARGIN
    layout = Layout(HEX_SIZE, (MARGIN - min_x, MARGIN - min_y))
    height = map_height + LEGEND_HEIGHT
    previous = previous or {}
    fighters = list(data.get("fighters", []))
    sides = list(dict.fromkeys(f["side"] for f in fighters))
    heading = title or _heading(data)
    legend, legend_width = _legend(sides, map_height, heading)
    width = max(max(x for x, _ in corners) - min_x + 2 * MARGIN, legend_width)

    grid = " ".join(f"M{_pts(layout.corners(h))}Z" for h in board.hexes())
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">',
        f"<title>{escape(heading)}</title>",
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="#fbfaf6"/>',
        f'<path class="grid" d="{grid}" fill="none" stroke="#c9c4b8" stroke-width="0.6"/>',
        _hex_labels(board, layout),
    ]
    for f in fighters:
        out.append(_fighter(f, layout, side_colour(f["side"], sides), previous.get(f["id"])))
    out.append(legend)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _heading(data: Mapping[str, Any]) -> str:
    """``Turn N``, and the result once a view carries an outcome."""
    heading = f"Turn {data['turn']}" if "turn" in data else "Turn or Burn"
    outcome = data.get("outcome")
    if outcome:
        winners = outcome.get("winners") or []
        heading += f", game over: {', '.join(winners)} won" if winners else ", game over: draw"
    return heading


def _hex_labels(board: RectMap, layout: Layout) -> str:
    """Each hex's axial ``q,r`` in small grey type, so a map can be read against a position."""
    parts = ['<g class="hex-labels" font-size="4.5" fill="#aaa49a" text-anchor="middle">']
    for h in board.hexes():
        x, y = layout.center(h)
        parts.append(f'<text x="{x:.1f}" y="{y - HEX_SIZE * 0.55:.1f}">{h[0]},{h[1]}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _fighter(f: Mapping[str, Any], layout: Layout, colour: str, start: Any) -> str:
    h, m = tuple(f["hex"]), tuple(f["momentum"])
    facing = LETTERS.index(f["facing"])
    speed = distance(h, m)  # type: ignore[arg-type]
    cx, cy = layout.center(h)  # type: ignore[arg-type]
    mx, my = layout.center(m)  # type: ignore[arg-type]
    info = (f"{f['id']} ({f['side']}): hex [{h[0]},{h[1]}], facing {f['facing']}, speed {speed}, "
            f"momentum [{m[0]},{m[1]}]")
    parts = [f'<g class="fighter" data-id={quoteattr(f["id"])} data-side={quoteattr(f["side"])}>',
             f"<title>{escape(info)}</title>"]
    if start is not None:
        sx, sy = layout.center(tuple(start))  # type: ignore[arg-type]
        s = HEX_SIZE * 0.28
        parts.append(f'<line class="path" x1="{sx:.1f}" y1="{sy:.1f}" x2="{cx:.1f}" y2="{cy:.1f}" '
                     f'stroke="{colour}" stroke-width="1" stroke-dasharray="2 2" opacity="0.7"/>')
        parts.append(f'<rect class="location-marker" x="{sx - s:.1f}" y="{sy - s:.1f}" width="{2 * s:.1f}" '
                     f'height="{2 * s:.1f}" fill="none" stroke="{colour}" stroke-width="1.2"/>')
    parts.append(f'<line class="momentum-line" x1="{cx:.1f}" y1="{cy:.1f}" x2="{mx:.1f}" y2="{my:.1f}" '
                 f'stroke="{colour}" stroke-width="1.2" opacity="0.8"/>')
    parts.append(f'<circle class="momentum-marker" cx="{mx:.1f}" cy="{my:.1f}" r="{HEX_SIZE * 0.3:.1f}" '
                 f'fill="#ffffff" stroke="{colour}" stroke-width="1.5"/>')
    parts.append(f'<polygon class="ship" points="{_pts(_arrow(cx, cy, layout.direction_angle(facing), HEX_SIZE))}" '
                 f'fill="{colour}" stroke="#000000" stroke-width="0.6"/>')
    parts.append(f'<text class="label" x="{cx:.1f}" y="{cy - HEX_SIZE * 0.62:.1f}" font-size="8" '
                 f'text-anchor="middle">{escape(f["id"])}</text>')
    parts.append(f'<text class="speed" x="{cx:.1f}" y="{cy + HEX_SIZE * 0.85:.1f}" font-size="7" '
                 f'text-anchor="middle">v{speed}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _legend(sides: list[str], top: float, heading: str) -> tuple[str, float]:
    """The legend's SVG and its approximate width."""
    y = top + 14
    parts = ['<g class="legend">', f'<text x="{MARGIN:.1f}" y="{y:.1f}" font-size="11" font-weight="bold">'
             f"{escape(heading)}</text>"]
    y += 22
    r = HEX_SIZE * 0.3
    symbols = [(f'<polygon points="{_pts(_arrow(8, y - 4, 0.0, HEX_SIZE))}" fill="{side_colour(side, sides)}" '
                'stroke="#000000" stroke-width="0.6"/>', side) for side in sides]
    symbols.append((f'<circle cx="8" cy="{y - 4:.1f}" r="{r:.1f}" fill="#ffffff" stroke="#555555" '
                    'stroke-width="1.5"/>', "momentum marker (line from fighter)"))
    symbols.append((f'<rect x="{8 - r:.1f}" y="{y - 4 - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                    'fill="none" stroke="#555555" stroke-width="1.2"/>', "location marker (hex at turn start)"))
    symbols.append(("", "vN = speed, q,r = hex"))
    x = MARGIN
    for symbol, label in symbols:
        if symbol:
            parts.append(f'<g transform="translate({x:.1f},0)">{symbol}</g>')
        text_x = x + 24 if symbol else x
        parts.append(f'<text x="{text_x:.1f}" y="{y:.1f}" font-size="10">{escape(label)}</text>')
        x = text_x + 5.6 * len(label) + 16  # about the width of 10-px sans-serif text
    parts.append("</g>")
    return "\n".join(parts), x
