"""Cold Infinity UvSc for people: events as sentences, a view as text, the SVG map and turn
reports (the game's presenter, found by name: :func:`hexfleet.plugins.presenter`).

Everything reads a view or a ``cold-infinity/1`` position, never a state, so what a seat is
shown has passed its view (other sides' EW and power stay blank until revealed). Vectors are
written in the book's notation (``1+3,2+1``); a decision the house layer ``ci-house-v1`` made
(damage, range, accuracy: the book's chapters are lost) says "house rule".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.ruleset import Event
from ..games.cold_infinity.lost import LOST
from ..games.cold_infinity.notation import read_vector
from ..games.cold_infinity.rules import RULESET
from ..games.cold_infinity.scenarios import ships
from ..hexgrid import DIRECTIONS, Hex, Layout, RectMap, add, from_offset, to_offset
from ..plugins import Form
from . import cold_infinity_forms, text
from .svg import HEX_SIZE, MARGIN, Canvas, Symbol, dart, dart_symbol, document, pts, side_colour, trail

FORMS: dict[str, Form] = dict(cold_infinity_forms.FORMS)
"""Guided entry for power, EW, movement and fire (:mod:`.cold_infinity_forms`); the other
decisions list their legal orders by number (JSON orders accepted)."""

HOUSE = " [house rule ci-house-v1]"


def _parts(parts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in parts.items() if v)


def _attack(e: Mapping[str, Any]) -> str:
    result = "misses" if not e["hit"] else "hits (marginal)" if e["marginal"] else "hits"
    return (f"{e['attacker']} fires {e['weapon']} at {e['target']} (range {e['range']}, "
            f"{'locked on' if e['lock_on'] else 'no lock-on'}, {e['silhouette'].upper()} silhouette "
            f"{e['silhouette_value']}, section {e['section']}): 3d6 {e.get('roll', '?')} "
            f"{e['drm']:+d} = {e['total']}, {result}" + (f" [{_parts(e['parts'])}]" if _parts(e["parts"]) else "")
            + (HOUSE if e.get("house") else ""))


def _damage(e: Mapping[str, Any]) -> str:
    where = ", ".join(f"{h.get('system', h.get('vessel'))} {h['points']}" for h in e["hits"]) or "stopped by armor"
    return (f"{e['target']}'s {e['section']} section takes {e['amount']} damage from {e['weapon']} "
            f"(armor {e['armor']}): {where}{HOUSE}")


def _destroyed(e: Mapping[str, Any]) -> str:
    if "system" in e:
        return f"{e['unit']}'s {e['system']} is destroyed"
    if "section" in e:
        return f"{e['unit']}'s {e['section']} section is destroyed"
    if "vessel" in e:
        return f"a vessel of {e['unit']} is destroyed"
    return f"{e['unit']} is destroyed"


_EVENTS: dict[str, Any] = {
    "phase": lambda e: f"turn {e['turn']}: {e['phase']} phase",
    "roll": lambda e: f"{e['unit'] or 'table'} rolls {e['dice']} for {e['purpose'].replace('_', ' ')}: "
                      f"{e['faces']} = {e['total']}" + (" (table dice)" if e.get("forced") else ""),
    "initiative": lambda e: f"{e['unit']} initiative {e['value']} (base {e['base']}, speed {e['speed']} "
                            f"−{e['penalty']}, die {e['die']}" + (", bridge +5" if e["bridge"] else "") + ")",
    "move_order": lambda e: "movement order: " + (", ".join(e["order"]) or "nobody"),
    "power": lambda e: f"{e['unit']} draws {e['drawn']} of {e['available']} power"
                       + (f", on: {', '.join(e['activated'])}" if e["activated"] else "")
                       + (f", off: {', '.join(e['deactivated'])}" if e["deactivated"] else ""),
    "ess": lambda e: f"{e['unit']} ESS shroud radius {e['radius']}" + (" (negated)" if e["negated"] else ""),
    "ew": lambda e: f"{e['unit']} EW: {e['points']} points, shroud radius {e['radius']}, amplify {e['amplify']}, "
                    f"ECM {e['ecm']}",
    "drift": lambda e: f"{e['unit']} drifts" + (f", begins an involuntary {e['maneuver']}" if e["maneuver"] else ""),
    "moved": lambda e: f"{e['unit']} moves {e['from']} → {e['to']} on vector {e['vector']} (speed {e['speed']}), "
                       f"facing {e['facing']} {e['attitude']}, {e['thrust']} thrust",
    "attack": _attack,
    "attack_void": lambda e: f"{e['attacker']}'s {e['weapon']} attack on {e['target']} is void ({e['reason']})",
    "damage": _damage,
    "destroyed": _destroyed,
    "overthrust": lambda e: f"{e['unit']}'s {e['thruster']} overthrust by {e['amount']}: {e['total']}, "
                            f"{e['damage']} damage",
    "heat": lambda e: f"{e['unit']}'s {e['plant']} heat {e['heat']}" + (" (shut down)" if e["shut_down"] else ""),
    "hd_sensors": lambda e: f"{e['unit']} " + ("switches to its high-density sensors" if e["on"] else
                                               "targets visually (high-density sensors off)"),
    "plots_revealed": lambda e: "starship plots revealed (nimble small vessels plot now): "
                                + ("; ".join(f"{uid} {order or 'nothing'}" for given in e["plots"].values()
                                             for uid, order in given.items()) or "none"),
    "dice_unused": lambda e: f"table dice not used: {e['faces']}",
    "then_refused": lambda e: f"an answer given in advance was refused: {e['error']}",
}


def describe_event(e: Mapping[str, Any]) -> str:
    describe = _EVENTS.get(str(e.get("type")))
    return describe(e) if describe else f"{e.get('type')}: {dict(e)}"


def _unit_line(u: Mapping[str, Any], designs: Mapping[str, Any]) -> str:
    d = designs[u["design"]]
    status = ", ".join(u["status"]) or "ok"
    hull = "/".join(f"{s}:{d['sections'][s]['hull'] - v['hull_lost']}" for s, v in u["sections"].items())
    ew = u["ew"]
    ew_text = "EW hidden" if ew.get("shroud") is None else f"EW {ew['points']} (shroud {ew['shroud']})"
    group = f" ×{u['count']}" if "count" in u else ""
    return (f"  {u['id']:<5} {u['side']:<6} {u['design']}{group} at {u['hex']} z{u['z']} facing {u['facing']} "
            f"{u['attitude']}, vector {u['vector']}, init {u['initiative']}, hull {hull}, {ew_text}, {status}")


def describe_view(view: Mapping[str, Any]) -> str:
    pos = view.get("position", view)
    lines = [f"{RULESET.title} - turn {pos['turn']}, {pos['phase']} phase"]
    if pos["move_order"]:
        lines.append("to move (initiative order): " + ", ".join(pos["move_order"]))
    lines += [_unit_line(u, pos["designs"]) for u in pos["units"]]
    for uid, b in (view.get("budgets") or {}).items():
        power = "" if b["power"] is None else f"power {b['drawn'] or 0} drawn of {b['power']}, "
        lines.append(f"  {uid} this turn: {power}EW {b['ew']} points, thrust {b['thrust']}")
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"{d['seat']} to decide ({d['kind']}): {d['prompt']}")
    elif view.get("waiting_for"):
        lines.append("waiting for: " + ", ".join(view["waiting_for"]))
    if pos.get("outcome"):
        o = pos["outcome"]
        lines.append(f"game over ({o['reason']}): winner(s) {', '.join(o['winners']) or 'none'}")
    return "\n".join(lines)


def turn_report(view: Mapping[str, Any], events: Sequence[Event]) -> str:
    return text.turn_report(RULESET.title, view, events, describe_event, describe_view)


# --- the SVG map: a window around the units -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Window(RectMap):
    """An odd-q rectangle placed at offset ``(col0, row0)``: space has no edges, so the map is
    the rectangle around the units."""

    col0: int = 0
    row0: int = 0

    def contains(self, h: Hex) -> bool:
        c, r = to_offset(h)
        return 0 <= c - self.col0 < self.cols and 0 <= r - self.row0 < self.rows

    def hexes(self) -> Iterator[Hex]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield from_offset(c + self.col0, r + self.row0)


def _window(hexes: Sequence[Sequence[int]]) -> Window:
    cells = [to_offset((h[0], h[1])) for h in hexes] or [(0, 0)]
    c0, r0 = min(c for c, _ in cells) - 2, min(r for _, r in cells) - 2
    c0 -= c0 & 1  # keep the odd-q column parity
    return Window(max(c for c, _ in cells) - c0 + 3, max(r for _, r in cells) - r0 + 3, c0, r0)


def svg(data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
        events: Sequence[Event] | None = None) -> str:
    """Every unit as a dart along its facing, labelled with its vector in the book's notation
    and its attitude; where it came from this turn (``events``' ``moved``, or ``previous``)."""
    pos = data.get("position", data)
    units = [u for u in pos["units"] if "destroyed" not in u["status"]]
    if events is not None:
        starts = {e["unit"]: e["from"] for e in events if e.get("type") == "moved"}
    else:
        before = (previous or {}).get("position", previous or {})
        starts = {u["id"]: u["hex"] for u in before.get("units", [])}
    board = _window([u["hex"] for u in units] + list(starts.values()) + [_next_hex(u) for u in units])
    probe = Layout(HEX_SIZE)
    corners = [c for h in board.hexes() for c in probe.corners(h)]
    min_x, min_y = min(x for x, _ in corners), min(y for _, y in corners)
    canvas = Canvas(board, Layout(HEX_SIZE, (MARGIN - min_x, MARGIN - min_y)),
                    max(x for x, _ in corners) - min_x + 2 * MARGIN, max(y for _, y in corners) - min_y + 2 * MARGIN)
    seats = list(pos["seats"])
    body = [_unit_svg(u, canvas, side_colour(u["side"], seats), starts) for u in units]
    shrouds = [line for u in units for line in _shroud_svg(u, canvas, side_colour(u["side"], seats))]
    if shrouds:  # under the units, cut to the map (a shroud reaches far past the window)
        shrouds = [f'<clipPath id="map-area"><rect width="{canvas.map_width:.1f}" height="{canvas.map_height:.1f}"/>'
                   '</clipPath>', '<g class="shrouds" clip-path="url(#map-area)">', *shrouds, "</g>"]
    legend: list[tuple[Symbol | None, str]] = [(dart_symbol(side_colour(s, seats)), s) for s in seats]
    legend.append((None, "label: id, vector (book notation), attitude; ring: where the vector carries it next "
                         "turn (CI-5.4.6); dashed hexagon: an EW shroud as this view holds it (CI-4.1), solid "
                         "when amplified"))
    heading = f"Cold Infinity, turn {pos['turn']} ({pos['phase']})"
    return document(canvas, body, heading=heading, legend=legend, background=shrouds)


def _next_hex(u: Mapping[str, Any]) -> Hex:
    """Where the unit's vector carries it on its next move if unchanged (CI-5.4.6.a)."""
    v, _ = read_vector(u["vector"], "vector")
    q, r = u["hex"]
    return add((q, r), v)


def _shroud_svg(u: Mapping[str, Any], canvas: Canvas, colour: str) -> list[str]:
    """The unit's EW shroud (10 hexes a point, CI-4.1.b) as the view holds it (another side's
    is blank until revealed): the outline of the hexes within range, solid when amplified."""
    points = u["ew"].get("shroud")
    if not points:
        return []
    r = 10 * points
    cx, cy = canvas.center(u["hex"])
    k = (r + 0.5) / r
    corners = [canvas.center(add((u["hex"][0], u["hex"][1]), (d[0] * r, d[1] * r))) for d in DIRECTIONS]
    outline = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in corners]
    dash = "" if u["ew"].get("amplify") else ' stroke-dasharray="4,3"'
    return [f'<polygon class="shroud" data-id={quoteattr(u["id"])} points="{pts(outline)}" fill="none" '
            f'stroke="{colour}" stroke-width="0.8"{dash}><title>{escape(u["id"])}\'s EW shroud: {r} hexes'
            f'{", amplified" if u["ew"].get("amplify") else ""}</title></polygon>']


def _marker_svg(u: Mapping[str, Any], canvas: Canvas, colour: str) -> list[str]:
    """The vector marker: a ring on the hex the unit reaches next turn, its layer beside it in 3-D
    (CI-5.4.6.a, CI-6.4.a)."""
    nxt = _next_hex(u)
    if list(nxt) == list(u["hex"]):
        return []
    _, vz = read_vector(u["vector"], "vector")
    x, y = canvas.center(nxt)
    out = [f'<circle class="vector-marker" cx="{x:.1f}" cy="{y:.1f}" r="{HEX_SIZE * 0.35:.1f}" fill="none" '
           f'stroke="{colour}" stroke-dasharray="2,1"/>']
    if vz or u["z"]:
        out.append(f'<text class="layer" x="{x:.1f}" y="{y + 2:.1f}" font-size="5" text-anchor="middle">'
                   f'z{u["z"] + vz:+d}</text>')
    return out


def _unit_svg(u: Mapping[str, Any], canvas: Canvas, colour: str, starts: Mapping[str, Any]) -> str:
    cx, cy = canvas.center(u["hex"])
    info = f"{u['id']} ({u['side']}, {u['design']}): hex {u['hex']} z {u['z']}, facing {u['facing']}, " \
           f"{u['attitude']}, vector {u['vector']}"
    parts = [f'<g class="unit" data-id={quoteattr(u["id"])} data-side={quoteattr(u["side"])}>',
             f"<title>{escape(info)}</title>"]
    if u["id"] in starts and list(starts[u["id"]]) != list(u["hex"]):
        parts += trail(canvas.center(starts[u["id"]]), (cx, cy), colour)
    parts += _marker_svg(u, canvas, colour)
    angle = canvas.layout.direction_angle((u["facing"] - 1) % 6)
    hollow = u["attitude"] != "up"
    parts.append(f'<polygon class="hull" points="{pts(dart(cx, cy, angle))}" fill="{"#ffffff" if hollow else colour}" '
                 f'stroke="{colour if hollow else "#000000"}" stroke-width="1"/>')
    parts.append(f'<text class="label" x="{cx:.1f}" y="{cy - HEX_SIZE * 0.62:.1f}" font-size="6" '
                 f'text-anchor="middle">{escape(u["id"])} {escape(u["vector"])}</text>')
    if u["attitude"] != "up":
        parts.append(f'<text class="attitude" x="{cx:.1f}" y="{cy + HEX_SIZE * 0.85:.1f}" font-size="5" '
                     f'text-anchor="middle">{escape(u["attitude"])}</text>')
    parts.append("</g>")
    return "\n".join(parts)


# --- the glossary ---------------------------------------------------------------------------------

_TERMS = {
    "vector": ("Vector", "hexes per turn as the book writes them: 1+3,2+1 = 3 hexes in direction 1 and 1 in "
                         "direction 2 each turn; ,++n / ,--n climb or dive n layers (CI-5.4.1, CI-6.2)"),
    "initiative": ("Initiative", "ships move highest initiative first; speed lowers it (CI-2.1.2)"),
    "shroud": ("EW shroud", "10 hexes per EW point: lock-on and amplification against enemies inside (CI-4.1)"),
    "ecm": ("ECM", "−1 to hit the unit per point (CI-4.2)"),
    "silhouette": ("Silhouette", "F/A or P/S rating added to hit, by the attacker's angle (CI-7.3.2)"),
    "marginal": ("Marginal hit", "a modified 11 or 12: half damage (CI-7.3.1)"),
    "scale": ("Scale", "hexes and turns have no fixed size; the book's default is 1 hex = 1 km and 1 turn = "
                       "15 s, so Speed 1 from rest is about 1 g (CI-1.4)"),
    "drm": ("DRM", "die roll modifier: added to the 3d6 to-hit roll, which hits on 11 or more (CI-1.3.a)"),
    "layer": ("Layer", "3-D movement: z is the layer, + above the map plane and − below; up and down are "
                       "relative (CI-6.1.d, CI-6.4)"),
    "house": ("House rule ci-house-v1", "the book's damage, range and design chapters are lost; these "
                                         "placeholders are NOT from the book (H-01…H-08)"),
}


def glossary() -> dict[str, Any]:
    terms = {code: {"name": name, "kind": "term", "effect": effect} for code, (name, effect) in _TERMS.items()}
    terms |= {rule: {"name": what, "kind": "lost rule", "effect": f"{rule}, not in the surviving book: {done}"}
              for rule, (what, done) in LOST.items()}
    designs = {name: f"{d['hull']}, Mass {d['mass']}, silhouette F/A {d['silhouette']['fa']} P/S "
                     f"{d['silhouette']['ps']} (house design)" for name, d in ships()["designs"].items()}
    return {"terms": terms, "designs": designs}
