"""Talon for people: event sentences, a view as text, the SVG map and turn reports (the game's
presenter, found by name: :func:`hexfleet.plugins.presenter`).

Everything reads a view (``{"position": ..., "decision": ...}``), a ``talon/1`` position or
events, never a state. The text view shows what the book keeps on the counters and the Impulse
Display: each ship's written power curve, AP and move this Impulse, Turn Radius count, shields
per arc with reinforcements, charge bars, hull and criticals. The terminal asks each decision
field by field (:mod:`.talon_forms`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.ruleset import Event
from ..games.talon.data import ARCS, IMPULSES, PACKS, ShipClass, pack, schedule, weapons
from ..games.talon.geometry import grid_index, on_board
from ..hexgrid import HexSetMap, disk
from ..plugins import Form
from . import text
from .svg import HEX_SIZE, Canvas, circle_symbol, dart, dart_symbol, document, hex_cell, pts, trail
from .talon_forms import ask_choice, ask_initiative, ask_power, ask_retreat, ask_turn

FORMS: dict[str, Form] = {"turn": ask_turn, "power": ask_power, "retreat": ask_retreat, "initiative": ask_initiative,
                          "choice": ask_choice}
"""Guided entry for every decision (:mod:`.talon_forms`); JSON stays one choice away."""

SIDES = ["terran", "talon"]
COLOURS = {"terran": "#1e63c4", "talon": "#c62828"}
TERRAIN_FILLS = {"planet": "#b9a78f", "asteroid": "#d8d0c0", "nebula": "#d9d2ec", "black_hole": "#333333",
                 "worm_hole": "#7a5ca8"}


# --- events ------------------------------------------------------------------------------------


def _fired(e: Mapping[str, Any]) -> str:
    fighter = f" fighter {e['fighter']}" if e.get("fighter") else ""
    arc = f" on its {e['arc']} shield" if e.get("arc") else ""
    mod = f" {e['modifier']:+d} = {e['modified_roll']}" if e.get("modifier") else ""
    result = f"hits for {e['damage']}{arc}" if e["hit"] else "misses"
    return (f"{e['ship']} fires group {e['group']} ({e['weapon']}) at {e['target']}{fighter}, range {e['range']}: "
            f"rolls {e['roll']}{mod}, {result}.")


def _damaged(e: Mapping[str, Any]) -> str:
    if "result" in e:
        return f"{e['unit']} takes {e['amount']} ({e['source']}) and is {e['result']}."
    who = f"{e['unit']} fighter {e['fighter']}" if e.get("fighter") else e["unit"]
    arc = f" on {e['arc']}" if e.get("arc") else ""
    return (f"{who} takes {e['amount']} {e['source']} damage{arc}: reinforcement {e['reinforcement']}, "
            f"shields {e['shield']}, hull {e['hull']}.")


_SENTENCES: dict[str, Any] = {
    "phase": lambda e: (f"Round {e['round']}, " + (f"Impulse {e['impulse']}, " if e["impulse"] else "")
                        + f"{e['player']}: {e['phase']}" + (f" ({e['step']} step)" if e["step"] else "") + "."),
    "roll": lambda e: f"{e['unit']} rolls {e['faces']} for {e['purpose']}" + (" (table dice)" if e["forced"] else "")
    + ".",
    "ap": lambda e: f"{e['ship']} spends {'its battery' if e['battery'] else 'an AP'} on {e['use']}"
    + "".join(f", {k} {e[k]}" for k in ("group", "arc", "squadron", "effect", "fighter", "missile", "target") if k in e)
    + ".",
    "reinforcement_removed": lambda e: f"{e['ship']}'s {e['arc']} reinforcement is removed ({e['reason']}).",
    "moved": lambda e: f"{e['unit']} moves from {e['from']} to {e['to']}"
    + (" on afterburner" if e["afterburner"] else "") + ".",
    "turned": lambda e: f"{e['unit']} turns {e['side']} into {e['to']}, facing {e['facing']}.",
    "slipped": lambda e: f"{e['unit']} side-slips {e['side']} into {e['to']}.",
    "rotated": lambda e: f"{e['unit']} rotates to facing {e['facing']}.",
    "displaced": lambda e: f"{e['unit']} is knocked from {e['from']} to {e['to']}.",
    "pulled": lambda e: f"{e['unit']} is pulled from {e['from']} to {e['to']}.",
    "collision": lambda e: f"{e['unit']} collides with {e['other']}.",
    "fired": _fired,
    "launched": lambda e: f"{e['ship']} launches {e['missile']} at {e['target']} from {e['hex']}.",
    "detonated": lambda e: f"{e['missile']} detonates on {e['target']}.",
    "damaged": _damaged,
    "critical": lambda e: f"{e['ship']}: critical box {e['box']}, roll {e['roll']}: {e['result']}"
    + ("" if e["applied"] else " (no effect)") + (f", group {e['group']}" if "group" in e else "") + ".",
    "destroyed": lambda e: f"{e['unit']}" + (f" fighter {e['fighter']}" if e.get("fighter") else "")
    + f" is destroyed ({e['cause']}).",
    "exploded": lambda e: f"{e['ship']} explodes at {e['hex']} (rating {e['rating']}).",
    "repair": lambda e: f"{e['ship']} tries to repair {e['critical']}: rolls {e['roll']}, "
    + ("repaired." if e["repaired"] else "not yet."),
    "initiative": lambda e: f"End of Impulse: {e['change']} Change, {e['defend']} Defend; {e['holder']} has the "
    "Initiative.",
    "charged": lambda e: f"{e['ship']} charges group {e['group']}" + (f" (fighter {e['fighter']})" if e.get("fighter")
                                                                       else "") + f": +{e['red']} red, +{e['yellow']} yellow.",
    "curve": lambda e: f"{e['ship']} writes its curve {'-'.join('-' if v is None else str(v) for v in e['curve'])}.",
    "retreated": lambda e: f"{e['unit']} retreats ({e['cause']}).",
    "deployed": lambda e: f"{e['ship']} arrives.",
    "game_over": lambda e: "Game over: " + (", ".join(e["winners"]) + " won." if e["winners"] else "a draw."),
    "dice_unused": lambda e: f"Table dice not used: {e['faces']}.",
}


def describe_event(e: Mapping[str, Any]) -> str:
    say = _SENTENCES.get(e.get("type", ""))
    return say(e) if say else f"{e.get('type')}: {dict(e)}"


# --- text view ------------------------------------------------------------------------------------


def _ship_line(pos: Mapping[str, Any], s: Mapping[str, Any]) -> str:
    cls = pack(pos["data_pack"])[s["class"]]
    imp = pos["impulse"]
    box = schedule()[imp] if imp else frozenset()
    curve = "-".join("-" if v is None else str(v) for v in s["curve"])
    flags = ("AP " if s["curve"][0] in box else "") + ("MOVE " if s["curve"][1] in box else "")
    shields = " ".join(f"{a}{s['shields'][a]}" + ("+" if a in s["reinforcements"] else "") for a in ARCS)
    bars = " ".join(("X" if g["destroyed"] else f"{g['red']}/{p.red}r{g['yellow']}/{p.yellow}y") + f"({p.weapon})"
                    for g, p in zip(s["groups"], cls.groups, strict=True))
    hull = f"hull {s['hull_marked']}/{len(cls.hull)}"
    crits = " ".join(sorted(s["criticals"]))
    tr = f" TR{s['tr_count']}" if s["tr_count"] is not None else ""
    extra = (" slip" if s["side_slip"] else "") + (f" batt{'+' if s['battery'] else '-'}" if "battery" in s else "") \
        + (f" AB{s['afterburners']}" if "afterburners" in s else "")
    return (f"  {s['id']:<10} {s['class']:<11} {s['side']:<6} at {s['hex']} f{s['facing']} curve {curve}{tr} "
            f"{flags}| {shields} | {bars} | {hull} {crits}{extra}")


def _impulse_display(pos: Mapping[str, Any]) -> list[str]:
    """TAL-D-1 as the Impulse Display shows it: for each ship and squadron, the Impulses its
    written Power gives an AP (``A``) and its Speed moves it (``M``); ``*`` marks the current one."""
    chart = schedule()
    head = "".join(f"{i + ('*' if i == pos['impulse'] else ''):<4}" for i in IMPULSES)
    lines = [f"  {'Impulse Display':<16}{head}(A: an AP, M: a move)"]
    for u in [*pos["ships"], *pos["squadrons"]]:
        power, speed = u["curve"][0], u["curve"][1]
        cells = "".join(f"{('A' if power in chart[i] else '') + ('M' if speed in chart[i] else '') or '.':<4}"
                        for i in IMPULSES)
        lines.append(f"  {u['id']:<16}{cells}".rstrip())
    return lines


def describe_view(view: Mapping[str, Any]) -> str:
    pos = view.get("position", view)
    where = f"Impulse {pos['impulse']}, " if pos["impulse"] else ""
    lines = [f"Talon - round {pos['round']}, {where}{pos['phase']}" + (f" ({pos['step']} step)" if pos["step"] else "")
             + f"; initiative {pos['initiative']}, {pos['player']} to act"]
    lines += _impulse_display(pos)
    for s in pos["ships"]:
        lines.append(_ship_line(pos, s))
    for q in pos["squadrons"]:
        fighters = " ".join(f"#{i + 1}:{f['hull_marked']}hit {f['red']}r{f['yellow']}y" for i, f in enumerate(q["fighters"]))
        lines.append(f"  {q['id']:<10} squadron {q['side']} at {q['hex']} f{q['facing']} speed {q['curve'][1]} {fighters}")
    for m in pos["missiles"]:
        lines.append(f"  {m['id']:<10} missile {m['side']} at {m['hex']} f{m['facing']} -> {m['target']}"
                     + (" (damaged)" if m["damaged"] else ""))
    for t in pos["terrain"]:
        lines.append(f"  {t['kind']} at {t['hex']}")
    if pos["removed"]:
        lines.append("  out of play: " + ", ".join(f"{r['id']} ({r['status']})" for r in pos["removed"]))
    held = pos.get("held")
    if held:
        lines.append(f"  {pos['player']}'s order {held['order']['do']} waits for a choice of the other side (TAL-IMP-2)")
    decision = view.get("decision")
    if decision:
        lines.append(f"Your decision: {decision['prompt']}")
    outcome = pos.get("outcome")
    if outcome:
        lines.append("Game over: " + (", ".join(outcome["winners"]) + " won" if outcome["winners"] else "a draw"))
    return "\n".join(lines)


def turn_report(view: Mapping[str, Any], events: Sequence[Event]) -> str:
    return text.turn_report("Talon", view, events, describe_event, describe_view)


# --- SVG ----------------------------------------------------------------------------------------------


def _board(pos: Mapping[str, Any]) -> HexSetMap:
    """The board window (TAL-G-10) or, on an infinite map, the hexes around every unit."""
    units = [tuple(u["hex"]) for g in ("ships", "squadrons", "missiles") for u in pos[g]]
    units += [tuple(t["hex"]) for t in pos["terrain"]]
    cells: set[tuple[int, int]] = set()
    m = pos["map"]
    if m["mode"] == "board":
        cols, rows = (22 if m["extension"] else 16), 12
        q0, r0 = m["origin"]
        cells = {(q, r) for r in range(r0, r0 + rows) for q in range(q0 - rows, q0 + cols + rows)
                 if on_board((q, r), (q0, r0), cols, rows)}
    for h in units:
        cells |= set(disk(h, 1))
    return HexSetMap(frozenset(cells or {(0, 0)}))


def svg(data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
        events: Sequence[Event] | None = None) -> str:
    """The board with terrain, ships as darts along their facing, squadrons as discs, missiles
    as small darts; units that moved this turn show where they came from."""
    pos = data.get("position", data)
    canvas = Canvas.fit(_board(pos), pointy=True)  # TAL-G-1: pointy-top, axial +q east
    if events is not None:
        starts = {e["unit"]: e["from"] for e in events if e.get("type") in ("moved", "turned", "slipped")}
    else:
        before = (previous or {}).get("position", previous or {})
        starts = {u["id"]: u["hex"] for g in ("ships", "squadrons") for u in before.get(g, [])}
    terrain = [hex_cell(canvas, (t["hex"][0], t["hex"][1]), fill=TERRAIN_FILLS[t["kind"]], css=f"terrain {t['kind']}")
               for t in pos["terrain"]]
    body = [_unit_svg(u, canvas, starts, HEX_SIZE if g == "ships" else HEX_SIZE * 0.55, g[:-1])
            for g in ("ships", "squadrons", "missiles") for u in pos[g]]
    legend = [(dart_symbol(COLOURS[s]), s) for s in SIDES] + [(circle_symbol, "fighter squadron")]
    where = f", Impulse {pos['impulse']}" if pos["impulse"] else ""
    return document(canvas, body, heading=f"Talon, round {pos['round']}{where} ({pos['phase']})", legend=legend,
                    background=terrain)


def _unit_svg(u: Mapping[str, Any], canvas: Canvas, starts: Mapping[str, Any], size: float, kind: str) -> str:
    cx, cy = canvas.center(u["hex"])
    colour = COLOURS[u["side"]]
    parts = [f'<g class="{kind}" data-id={quoteattr(u["id"])} data-side={quoteattr(u["side"])}>',
             f"<title>{escape(u['id'])} ({u['side']}) at {u['hex']}, facing {u['facing']}</title>"]
    if u["id"] in starts and list(starts[u["id"]]) != list(u["hex"]):
        parts += trail(canvas.center(starts[u["id"]]), (cx, cy), colour)
    angle = canvas.layout.direction_angle(grid_index(u["facing"]))
    parts.append(f'<polygon points="{pts(dart(cx, cy, angle, size))}" fill="{colour}" stroke="#000000" '
                 'stroke-width="0.6"/>')
    parts.append(f'<text x="{cx:.1f}" y="{cy - HEX_SIZE * 0.62:.1f}" font-size="6" text-anchor="middle">'
                 f'{escape(u["id"])}</text>')
    parts.append("</g>")
    return "\n".join(parts)


# --- glossary ----------------------------------------------------------------------------------------


def glossary() -> dict[str, Any]:
    """Every code the view shows, from the game's own tables; with the Impulse Chart (TAL-D-1),
    each weapon's range (TAL-D-5..10) and each pack's printed classes (curves, shield and hull
    boxes, weapon groups), so the browser draws the Impulse Display, the charge bars and a
    group's field of fire from the same data the rules read."""
    terms: dict[str, dict[str, Any]] = {
        "F": {"name": "Forward arc", "kind": "arc", "effect": "60° ahead, vertex rays included (TAL-G-4)"},
        "L": {"name": "Left arc", "kind": "arc", "effect": "120° on the left (TAL-G-4)"},
        "R": {"name": "Right arc", "kind": "arc", "effect": "120° on the right (TAL-G-4)"},
        "Rear": {"name": "Rear arc", "kind": "arc", "effect": "60° behind, vertex rays included (TAL-G-4)"},
        "AP": {"name": "Available Power", "kind": "term", "effect": "1 AP this Impulse (TAL-4.1.d)"},
        "MOVE": {"name": "Must move", "kind": "term", "effect": "moves 1 hex this Impulse (TAL-7.1)"},
        "TR": {"name": "Turn Radius count", "kind": "term", "effect": "hexes to go before the next turn (TAL-P-4)"},
        "+": {"name": "Shield Reinforcement", "kind": "term", "effect": "absorbs 1 damage first (TAL-6.2.1)"},
    }
    for name, w in weapons().items():
        reach = f"range {w.min_range}-{w.max_range()}" if (w.damage or w.hit_on) else "moves 6, 2 damage"
        terms[name] = {"name": name.replace("_", " ").title(), "kind": "weapon", "effect": reach}
    ranges = {name: [w.min_range, w.max_range()] for name, w in weapons().items() if w.damage or w.hit_on}
    return {"terms": terms, "impulses": {k: sorted(v) for k, v in schedule().items()}, "ranges": ranges,
            "classes": {name: {key: _class_sheet(c) for key, c in pack(name).items()} for name in PACKS}}


def _class_sheet(c: ShipClass) -> dict[str, Any]:
    """A class as its record sheet prints it (TAL-D-14)."""
    return {"side": c.side, "hull_type": c.hull_type, "rows": [[r.power, r.speed, r.tr] for r in c.rows],
            "shields": dict(zip(ARCS, c.shields, strict=True)), "hull": len(c.hull), "critical": sorted(c.critical),
            "groups": [{"weapon": g.weapon, "count": g.count, "red": g.red, "yellow": g.yellow,
                        "arcs": [a for a in ARCS if a in g.arcs]} for g in c.groups],
            "fighter_hull": c.fighter_hull}
