"""Turn or Burn Modules 4-5 on the map and in words: projectiles, black holes, the puck, and
the sentences for the events version 2 of the format adds (shared/formats/turn-or-burn-position.md).

:mod:`.turn_or_burn` calls these only when a view or position carries the Module 4-5 fields,
so Modules 1-3 text and maps are drawn exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from rich.table import Table
from rich.text import Text

from ..hexgrid import DIRECTIONS, RectMap, add
from ..plugins import FormContext
from .forms import InputError, choose, parse_hex, parse_int, yes
from .svg import HEX_SIZE, Canvas

KIND_MARK = {"mine": "m", "shell": "s", "rocket": "r", "missile": "M", "puck": "P"}
"""A projectile's letter on the text map (its id's last character follows)."""


def map_marks(view: Mapping[str, Any], board: RectMap) -> dict[tuple[int, int], str]:
    """Text-map marks: each black hole ``(@)`` with its six arrows pointing in (TOB-M4-MAP-01),
    each projectile as its kind's letter and the end of its id."""
    marks: dict[tuple[int, int], str] = {}
    for bh in view.get("black_holes", []):
        for i, d in enumerate(DIRECTIONS):
            marks[board.to_offset(add((bh[0], bh[1]), d))] = " " + "↓↙↖↑↗↘"[i]  # the arrow points at the hole
        marks[board.to_offset((bh[0], bh[1]))] = "(@)"
    for p in view.get("projectiles", []):
        marks[board.to_offset((p["hex"][0], p["hex"][1]))] = f"{KIND_MARK[p['kind']]}{p['id'][-1]}"
    return marks


def projectiles_table(view: Mapping[str, Any]) -> Table:
    table = Table(title="Projectiles", title_justify="left")
    for col in ("id", "side", "kind", "hex", "momentum", "fuel", "fail-safe"):
        table.add_column(col)
    for p in view["projectiles"]:
        table.add_row(p["id"], str(p["side"] or "-"), p["kind"], _hex(p["hex"]), _hex(p["momentum"]),
                      "-" if p.get("fuel") is None else str(p["fuel"]), "yes" if p.get("fail_safe") else "no")
    return table


def _hex(h: Any) -> str:
    return f"[{h[0]},{h[1]}]"


def svg_parts(data: Mapping[str, Any], canvas: Canvas) -> list[str]:
    """Black holes with their gravity arrows, projectiles with their momentum lines, the puck,
    Module 6 stations (a ringed circle with the owner in its title)."""
    size = HEX_SIZE
    out = []
    for bh in data.get("black_holes", []):
        cx, cy = canvas.center((bh[0], bh[1]))
        out.append(f'<g class="black-hole"><title>black hole [{bh[0]},{bh[1]}]</title>'
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.7:.1f}" fill="#000000"/>')
        for d in DIRECTIONS:
            ax, ay = canvas.center(add((bh[0], bh[1]), d))
            out.append(f'<line class="gravity-arrow" x1="{ax:.1f}" y1="{ay:.1f}" x2="{(ax + cx) / 2:.1f}" '
                       f'y2="{(ay + cy) / 2:.1f}" stroke="#000000" stroke-width="1"/>')
        out.append("</g>")
    for p in data.get("projectiles", []):
        px, py = canvas.center((p["hex"][0], p["hex"][1]))
        mx, my = canvas.center((p["momentum"][0], p["momentum"][1]))
        info = f"{p['id']} ({p['kind']}, {p['side'] or 'no side'}): hex {_hex(p['hex'])}, momentum {_hex(p['momentum'])}"
        if p.get("fuel") is not None:
            info += f", fuel {p['fuel']}"
        r = size * (0.35 if p["kind"] == "puck" else 0.22)
        out.append(f'<g class="projectile" data-id={quoteattr(p["id"])} data-kind={quoteattr(p["kind"])}>'
                   f"<title>{escape(info)}</title>"
                   f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{mx:.1f}" y2="{my:.1f}" stroke="#555555" '
                   f'stroke-dasharray="2,2"/>'
                   f'<rect x="{px - r:.1f}" y="{py - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                   f'transform="rotate(45 {px:.1f} {py:.1f})" fill="#{"222222" if p["kind"] == "puck" else "ffcc00"}" '
                   f'stroke="#000000" stroke-width="0.6"/>'
                   f'<text x="{px:.1f}" y="{py + size * 0.75:.1f}" font-size="6" text-anchor="middle">'
                   f"{escape(p['id'])}</text></g>")
    for st in data.get("stations", []):
        cx, cy = canvas.center((st["hex"][0], st["hex"][1]))
        owner = st.get("owner") or "unowned"
        info = f"station {st['id']} ({owner}): hex {_hex(st['hex'])}"
        out.append(f'<g class="station" data-id={quoteattr(st["id"])} data-owner={quoteattr(owner)}>'
                   f"<title>{escape(info)}</title>"
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.55:.1f}" fill="#ffffff" stroke="#000000" '
                   f'stroke-width="1.5"/><text x="{cx:.1f}" y="{cy + 2:.1f}" font-size="6" text-anchor="middle">'
                   f"{escape(st['id'])}</text></g>")
    return out


def _tie(e: Mapping[str, Any]) -> str:
    return f" (a tie {'/'.join(e['tie'])})" if e.get("tie") else ""


SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "phase": lambda e: f"-- phase {e['number']}: {e['name'].replace('_', ' ')}",
    "revealed": lambda e: f"{e['id']} reveals {' '.join(e['cards'])}",
    "die": lambda e: f"{e['for']} rolls {e['face']} on a d{e['sides']} for {e['purpose'].replace('_', ' ')}"
                     + (" (entered)" if e["forced"] else ""),
    "dice_unused": lambda e: f"dice not needed: {', '.join(map(str, e['faces']))}",
    "launched": lambda e: (f"{e['by']} launched {e['kind']} {e['id']} from {_hex(e['hex'])}, momentum "
                           f"{_hex(e['momentum'])} ({e['ammo']} left)"),
    "launch_void": lambda e: f"{e['by']}'s {e['weapon']} launches nothing ({e['reason'].replace('_', ' ')})",
    "steered": lambda e: f"missile {e['id']} steered {e['hexes']} hex(es) to {_hex(e['to'])}, fuel {e['fuel']}",
    "projectile_moved": lambda e: f"{e['id']} moved {_hex(e['from'])} -> {_hex(e['to'])}",
    "projectile_destroyed": lambda e: f"{e['id']} is destroyed ({e['cause'].replace('_', ' ')})",
    "gravity_shift": lambda e: (f"the black hole pulls {e['id']}'s marker {e['hexes']} hex(es) {e['direction']}"
                                f"{_tie(e)} to {_hex(e['momentum'])}"),
    "jam_attempt": lambda e: f"{e['jammer']} tries to detonate {e['projectile']}: {e['result'].replace('_', ' ')}",
    "fail_safe": lambda e: f"{e['id']} cannot detonate: {e['friendly']} is within 1 hex (fail-safe)",
    "detonated": lambda e: f"{e['id']} explodes at {_hex(e['hex'])}",
    "blast": lambda e: (f"the blast of {e['projectile']} hits {e['target']} for {e['damage']}"
                        + (f" ({e['absorbed']})" if e.get("absorbed") else "")),
    "concussion": lambda e: (f"{e['id']} is thrown: marker 1 hex {e['direction']} to {_hex(e['momentum'])}, "
                             f"now facing {e['facing']}"),
    "force_beam": lambda e: (f"{e['shooter']}'s force beam {e['mode']}es {e['target']} {e['hexes']} hex(es) "
                             f"along {e['direction']}{_tie(e)} ({e['misses_pulled']} miss card(s) first)"),
    "zap": lambda e: (f"{e['shooter']} zaps {e['target']}: " + ("a miss" if e["card"] == "MISS"
                                                                  else f"{e['card']} is lost")),
    "secondary_thrust": lambda e: f"{e['id']}'s secondary thruster shifts its marker {e['direction']}",
    "rammed": lambda e: (f"{e['rammer']} rams {e['target']}: both are destroyed" if e["module"] == 5
                         else f"{e['rammer']} rams {e['target']}: {e['damage']} damage to each"),
    "ram_void": lambda e: f"{e['rammer']}'s ram finds nothing in its hex",
    "ram_hit": lambda e: (f"ramming: {e['ship']} takes {e['damage']} ({e['miss_cards']} miss card(s) in a hand "
                          f"of {e['hand_size']})"),
    "station_placed": lambda e: f"{e['side']} placed station {e['id']} at {_hex(e['hex'])}",
    "station_hit": lambda e: f"{e['shooter']} ({e['side']}) does {e['damage']} damage to station {e['station']}",
    "station_captured": lambda e: (f"station {e['station']} now belongs to {e['owner']}" if e["owner"]
                                   else f"station {e['station']} is unowned again"),
    "delivered": lambda e: (f"{e['id']} delivers {e['cargo']} cargo at {e['station']} for {e['points']} point(s) "
                            "and leaves the map"),
    "scored": lambda e: f"{e['side']} scores {e['points']} ({e['reason'].replace('_', ' ')}), total {e['total']}",
    "fuel_spent": lambda e: f"{e['id']} spends {e['amount']} fuel ({e['reason'].replace('_', ' ')}), {e['fuel']} left",
    "locked": lambda e: f"{e['id']} locks down {e['card']}",
    "unlocked": lambda e: f"{e['id']} unlocks {e['card']}",
    "burnout_draw": lambda e: f"{e['id']}'s locked {e['card']}: " + ("burned out" if e["result"] == "burned_out"
                                                                      else "holds"),
    "reloaded": lambda e: f"{e['id']} reloads {e['weapon']} ({e['ammo']})",
    "maneuver_restored": lambda e: f"{e['id']} gets {e['card']} back",
    "exited": lambda e: f"{e['id']} leaves the map safely",
    "goal": lambda e: f"GOAL for {e['side']}: the puck left by the {e['edge']} edge",
    "puck_reset": lambda e: f"the puck left by the {e['edge']} edge and returns to the centre",
}
"""Sentences for the Module 4-6 events."""


# --- guided entry --------------------------------------------------------------------------


def ask_launch(ui: FormContext, fid: str, card: str) -> dict[str, Any]:
    """A cannon's thrust 0-3 or a rocket's marker (TOB-M4-LAUNCH-04); nothing for other cards."""
    if card == "CAN":
        thrust = ui.ask_value(f"{fid} cannon: thrust 0-3 in the facing direction", "0", parse_int)
        return {"thrust": thrust} if thrust else {}
    if card == "RL":
        marker = ui.ask_value(f"{fid} rocket: its momentum marker q,r within 3 of yours (Enter = yours)", "",
                              _optional_hex)
        return {"momentum": marker} if marker else {}
    return {}


def ask_experimental(ui: FormContext, fid: str, card: str, opt: Mapping[str, Any],
                     words: Mapping[str, str]) -> dict[str, Any]:
    """A Module 5 plot entry's own fields, each asked only when the plot decision offers it
    (``opt``, from ``experimental.plot_choices`` and ``lockdown.plot_choices``) and explained
    in the presenter's ``words``: a secondary thrust's direction (TOB-M5-SEC-01); the fighter
    the thruster card rams (TOB-M5-RAM-01/02: plotted, it rams; none named, the nearest);
    locking the card down (TOB-M5-LOCK-02/03/06); with TNC, unlocking the locked action
    (TOB-M5-LOCK-04)."""
    out: dict[str, Any] = {}
    if card == "ST" and opt.get("secondary"):
        ui.console.print(Text(words["secondary"]), soft_wrap=True)
        direction = choose(ui, f"{fid} secondary thrust: shift the momentum marker",
                           [(d, f"1 hex {d}") for d in opt["secondary"]], none="no shift")
        if direction is not None:
            out["direction"] = direction
    if card == "THR" and opt.get("rams"):
        ui.console.print(Text(words["ram"]), soft_wrap=True)
        target = choose(ui, f"{fid} rams", [(t, t) for t in opt["rams"]], none="the nearest enemy within 1 hex")
        if target is not None:
            out["ram"] = target
    if card in opt.get("lockable", ()):
        ui.console.print(Text(words["lock"]), soft_wrap=True)
        if yes(ui, f"{fid}: lock {card} down?"):
            out["lock"] = True
    if card == "TNC" and opt.get("unlock"):
        ui.console.print(Text(words["unlock"]), soft_wrap=True)
        if yes(ui, f"{fid}: unlock {opt['locked']}?"):
            out["unlock"] = True
    return out


def _optional_hex(text: str) -> list[int] | None:
    return parse_hex(text) if text.strip() else None


def ask_projectile(ui: FormContext, p: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One projectile's decisions: detonate it (TOB-M4-DET-01) or steer a missile to a hex
    (TOB-M4-MISSILE-01); Enter leaves it alone."""
    steer = " or q,r to steer" if p["kind"] == "missile" and p.get("fuel") else ""
    answer = ui.ask(f"{p['id']} ({p['kind']} at {_hex(p['hex'])}): d to detonate{steer}, Enter = nothing", "")
    answer = answer.strip().lower()
    if not answer:
        return []
    if answer == "d":
        return [{"detonate": True}]
    try:
        return [{"steer": parse_hex(answer)}]
    except InputError as exc:
        ui.console.print(str(exc))
        return ask_projectile(ui, p)
