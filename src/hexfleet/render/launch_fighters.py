"""Launch Fighters! for people: event sentences, a view as text, the SVG map and turn reports
(the game's presenter, found by name: :func:`hexfleet.plugins.presenter`).

Everything reads a view (``{"position": ..., "decision": ...}``), a position
(``launch-fighters/1``, docs/launch-fighters.md) or events, never a state. Facings are the
book's direction indices (0 = east, counter-clockwise, LF-MAP-03), drawn through
:data:`~hexfleet.games.launch_fighters.state.LF_TO_HEXGRID`. The terminal has no guided forms
for this game: it lists the legal orders of each decision by number.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.ruleset import Event
from ..games.launch_fighters.designer import ADDONS, HOLDS, MAX_LEVEL, STATS
from ..games.launch_fighters.rules import RULESET
from ..games.launch_fighters.state import (
    ASTEROID,
    HOSTED,
    LF_TO_HEXGRID,
    NEBULA,
    ON_MAP,
    PLANETOID,
    RESERVE,
)
from ..hexgrid import RectMap
from ..plugins import Form
from . import text
from .svg import (
    HEX_SIZE,
    Canvas,
    Symbol,
    circle_symbol,
    dart,
    dart_symbol,
    document,
    hex_cell,
    pts,
    side_colour,
    trail,
)

FORMS: dict[str, Form] = {}
"""No guided entry: every decision lists its legal orders (they are few: one unit at a time)."""

_RESULTS = {"auto_miss": "an automatic miss (all 1s)", "miss": "a miss", "hit": "a hit", "direct": "a direct hit",
            "draw": "a draw"}
"""Barrage and dogfight results in words (LF-BAR-02, LF-FTR-04)."""


# --- events ----------------------------------------------------------------------------------


def describe_event(e: Mapping[str, Any]) -> str:
    """One event as a sentence, dice included (every die of the game shows in an event);
    unknown types fall back to their JSON."""
    sentence = _SENTENCES.get(str(e.get("type")))
    return sentence(e) if sentence is not None else json.dumps(e)


def _roll(e: Mapping[str, Any], what: str) -> str:
    rolls = ", ".join(f"{seat} {r['total']} ({'+'.join(map(str, r['dice']))}"
                      + (f" +{r['bonus']} sensors" if r["bonus"] else "") + ")" for seat, r in e["rolls"].items())
    return f"{what}: {rolls}; order (low to high) {', '.join(e['order'])}"


def _barrage(e: Mapping[str, Any]) -> str:
    who = e.get("unit") or " and ".join(e["units"])
    defense = f"defense roll {e['defense_roll'][0]}" if "defense_roll" in e else f"defense {e['defense']}"
    modifier = f", terrain {e['modifier']}" if e.get("modifier") else ""
    return (f"{who} fired {e['system']} at {e['target']}: dice {' '.join(map(str, e['dice']))}{modifier} "
            f"against {defense}: {_RESULTS.get(e['result'], e['result'])}")


def _dogfight(e: Mapping[str, Any]) -> str:
    a, d = e["totals"]
    won = f", {e['winner']} wins" if e.get("winner") else ""
    return f"{e['attacker']} dogfights {e['defender']}: {a} against {d}, {_RESULTS[e['result']]}{won}"


def _moved(e: Mapping[str, Any]) -> str:
    facing = f", facing {e['facing']}" if "facing" in e else ""
    stopped = " (stopped by an asteroid)" if e.get("stopped_by") else ""
    return f"{e['unit']} moved {e['from']} -> {e['to']}{facing}{stopped}"


def _over(e: Mapping[str, Any]) -> str:
    points = ", ".join(f"{seat} {vp:g}" for seat, vp in e["vp"].items())
    winners = ", ".join(e["winners"]) or "nobody (a draw)"
    return f"Game over ({e['reason'].replace('_', ' ')}): {winners} wins; victory points {points}"


_SENTENCES: dict[str, Any] = {
    "fleets": lambda e: "fleets revealed: " + "; ".join(
        f"{seat} {', '.join(s['design']['name'] for s in ships)}" for seat, ships in e["fleets"].items()),
    "setup_roll": lambda e: _roll(e, "placement roll"),
    "initiative": lambda e: _roll(e, f"turn {e['turn']} initiative"),
    "placed": lambda e: f"{e['ship']} placed at {e['hex']} facing {e['facing']}"
                        + (" (flagship)" if e.get("flagship") else ""),
    "vote": lambda e: "vote to end: " + ", ".join(f"{s} {'yes' if v else 'no'}" for s, v in e["end"].items()),
    "phase": lambda e: f"turn {e['turn']}: {e['phase']} phase",
    "moved": _moved,
    "warp_declared": lambda e: f"{e['unit']} declares a warp-out",
    "activated": lambda e: f"{e['unit']} activates in step {e['step']}",
    "pool": lambda e: f"{e['unit']} aims its {e['system']} at {e['target']}"
                      + (f" ({e['missiles']} missiles)" if "missiles" in e else "")
                      + (" at half strength: the target is faster" if e.get("halved") else ""),
    "intercept": lambda e: f"{', '.join(e['squadrons']) or 'nobody'} intercepts missiles at {e['target']}: "
                           f"dice {' '.join(map(str, e['dice']))}, {e['removed']} removed, {e['pool']} left",
    "flank": lambda e: f"{e['target']} is flanked: the pool doubles to {e['pool']}",
    "pool_forfeited": lambda e: f"{e['unit']} forfeits {e['forfeited']} dice ({e['reason'].replace('_', ' ')})",
    "barrage": _barrage,
    "dogfight": _dogfight,
    "stat_lost": lambda e: f"{e['ship']} loses {e['stat']} (now {e['level']}; chosen by {e['chooser']})",
    "bay_roll": lambda e: f"{e['ship']}'s bay roll {e['dice'][0]}: "
                          + ("a squadron aboard is lost" if e["squadron_lost"] else "the squadrons aboard are safe"),
    "destroyed": lambda e: f"{e['ship']} is destroyed" + (f", with {', '.join(e['squadrons'])} aboard"
                                                          if e["squadrons"] else ""),
    "eliminated": lambda e: f"{e['unit']} is eliminated ({e['cause'].replace('_', ' ')})",
    "flipped": lambda e: f"{e['unit']} is flipped (inactive)",
    "return_to_base": lambda e: f"{e['unit']} must return to base",
    "pushed": lambda e: f"{e['unit']} is pushed to {e['to']}" if e["to"] else f"{e['unit']} is pushed off: it lands",
    "advanced": lambda e: f"{e['unit']} advances {e['from']} -> {e['to']}",
    "landed": lambda e: f"{e['unit']} lands on {e['ship']}",
    "launched": lambda e: f"{e['unit']} launches from {e['ship']} to {e['hex']}",
    "asteroid": lambda e: f"{e['unit']} enters the asteroids at {e['hex']}: rolls {e['dice'][0]}, "
                          + ("hit" if e["hit"] else "safe"),
    "repair": lambda e: f"{e['ship']} repair roll {e['dice'][0]}: {'success' if e['success'] else 'failure'}",
    "repaired": lambda e: f"{e['ship']} repairs {e['stat']} (now {e['level']})",
    "retreated": lambda e: f"{e['unit']} retreats ({e['cause'].replace('_', ' ')})",
    "arrived": lambda e: f"{e['ship']} arrives at {e['hex']} facing {e['facing']}",
    "reinforcement_blocked": lambda e: f"{e['ship']} cannot arrive: its entry hexes are taken",
    "control": lambda e: f"{e['seat']} controls the objective on turn {e['turn']}: {e['vp']} victory points",
    "game_over": _over,
}
"""Every event type of the game (LF-TURN, LF-BAR, LF-FTR, LF-DMG, LF-SCEN), as a sentence."""


# --- a view as text --------------------------------------------------------------------------


def describe_view(view: Mapping[str, Any]) -> str:
    """A view as text: turn, phase, every unit's stats, the open decision, the score."""
    pos = view["position"]
    lines = [f"{RULESET.title} - {pos['scenario']} - turn {pos['turn']}, {pos['phase']}"
             + (f" step {pos['step']}" if pos["phase"] in ("move", "attack") else "")]
    if pos["order"]:
        lines.append("initiative (low to high): " + ", ".join(pos["order"]))
    for s in pos["ships"]:
        if s["status"] == ON_MAP:
            st = s["stats"]
            aboard = [q["id"] + ("" if q["active"] else "*") for q in pos["squadrons"]
                      if q["status"] == HOSTED and q["host"] == s["id"]]
            lines.append(f"  {s['id']:<9} {s['design']['name']:<15} at {s['hex']} facing {s['facing']}  "
                         f"C{st['cannons']} L{st['launchers']} B{st['bays']} D{st['defense']} M{st['move']}  "
                         f"missiles {s['missiles']}" + (f"  aboard {' '.join(aboard)}" if aboard else ""))
        else:
            state = "not yet placed" if s["status"] == RESERVE else s["status"]
            lines.append(f"  {s['id']:<9} {s['design']['name']:<15} {state}")
    for q in pos["squadrons"]:
        if q["status"] == ON_MAP:
            lines.append(f"  {q['id']:<9} squadron        at {q['hex']} {'active' if q['active'] else 'INACTIVE'}")
    if view.get("edge_units"):
        lines.append("in an edge hex, retreats at recovery: " + ", ".join(view["edge_units"]))
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"{d['seat']} to decide ({d['kind']}): {d['prompt']}")
    elif view.get("waiting_for"):
        lines.append("waiting for: " + ", ".join(view["waiting_for"]))
    if pos.get("scores"):
        lines.append("victory points: " + ", ".join(f"{p} {v / 2:g}" for p, v in pos["scores"].items()))
    if view.get("outcome"):
        o = view["outcome"]
        lines.append(f"game over ({o['reason']}): winner(s) {', '.join(o['winners']) or 'none'}")
    return "\n".join(lines)


def turn_report(view: Mapping[str, Any], events: Sequence[Event]) -> str:
    return text.turn_report(RULESET.title, view, events, describe_event, describe_view)


# --- the SVG map -----------------------------------------------------------------------------

TERRAIN_FILLS = {PLANETOID: "#b9a78f", ASTEROID: "#d8d0c0", NEBULA: "#d9d2ec"}
"""Terrain hexes (LF-TER): planetoids solid, asteroid fields and nebulae lighter."""


def svg(data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
        events: Sequence[Event] | None = None) -> str:
    """The board with its terrain, every ship on the map as a dart along its facing (id and
    stats under it) and every squadron as a small disc (hollow when inactive), from a view or
    a position. Units that moved this turn (``events``: ``moved``, ``pushed`` and ``advanced``;
    else their hex in ``previous``) show where they came from."""
    pos = data.get("position", data)
    canvas = Canvas.fit(RectMap(int(pos["map"]["cols"]), int(pos["map"]["rows"])))
    if events is not None:
        starts = {e["unit"]: e["from"] for e in events
                  if e.get("type") in ("moved", "pushed", "advanced") and e.get("from") is not None}
    else:
        before = (previous or {}).get("position", previous or {})
        starts = {u["id"]: u["hex"] for u in [*before.get("ships", []), *before.get("squadrons", [])] if u.get("hex")}
    seats = list(pos["seats"])
    terrain = [hex_cell(canvas, (t["hex"][0], t["hex"][1]), fill=TERRAIN_FILLS.get(t["type"], "#dddddd"),
                        css=f"terrain {t['type']}") for t in pos.get("terrain", [])]
    body = [_ship_svg(s, canvas, side_colour(s["owner"], seats), starts) for s in pos["ships"]
            if s["status"] == ON_MAP and s["hex"]]
    body += [_squadron_svg(q, canvas, side_colour(q["owner"], seats), starts) for q in pos["squadrons"]
             if q["status"] == ON_MAP and q["hex"]]
    legend: list[tuple[Symbol | None, str]] = [(dart_symbol(side_colour(s, seats)), s) for s in seats]
    legend += [(circle_symbol, "squadron (hollow: inactive)"),
               (None, "C L B D M = cannons launchers bays defense move")]
    return document(canvas, body, heading=_heading(pos), legend=legend, background=terrain)


def _heading(pos: Mapping[str, Any]) -> str:
    heading = f"{pos['scenario']}, turn {pos['turn']} ({pos['phase']})"
    outcome = pos.get("outcome")
    if outcome:
        winners = outcome.get("winners") or []
        heading += f", game over: {', '.join(winners)} won" if winners else ", game over: draw"
    return heading


def _ship_svg(s: Mapping[str, Any], canvas: Canvas, colour: str, starts: Mapping[str, Any]) -> str:
    cx, cy = canvas.center(s["hex"])
    st = s["stats"]
    stats = f"C{st['cannons']} L{st['launchers']} B{st['bays']} D{st['defense']} M{st['move']}"
    info = f"{s['id']} ({s['owner']}, {s['design']['name']}): hex {s['hex']}, facing {s['facing']}, {stats}"
    parts = [f'<g class="ship" data-id={quoteattr(s["id"])} data-side={quoteattr(s["owner"])}>',
             f"<title>{escape(info)}</title>"]
    if s["id"] in starts and list(starts[s["id"]]) != list(s["hex"]):
        parts += trail(canvas.center(starts[s["id"]]), (cx, cy), colour)
    angle = canvas.layout.direction_angle(LF_TO_HEXGRID[s["facing"] % 6])
    parts.append(f'<polygon class="hull" points="{pts(dart(cx, cy, angle))}" fill="{colour}" '
                 f'stroke="#000000" stroke-width="{1.8 if s.get("flagship") else 0.6}"/>')
    parts.append(f'<text class="label" x="{cx:.1f}" y="{cy - HEX_SIZE * 0.62:.1f}" font-size="7" '
                 f'text-anchor="middle">{escape(s["id"])}</text>')
    parts.append(f'<text class="stats" x="{cx:.1f}" y="{cy + HEX_SIZE * 0.85:.1f}" font-size="5" '
                 f'text-anchor="middle">{stats}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _squadron_svg(q: Mapping[str, Any], canvas: Canvas, colour: str, starts: Mapping[str, Any]) -> str:
    cx, cy = canvas.center(q["hex"])
    state = "active" if q["active"] else "inactive"
    info = f"{q['id']} ({q['owner']}): hex {q['hex']}, {state}"
    parts = [f'<g class="squadron" data-id={quoteattr(q["id"])} data-side={quoteattr(q["owner"])}>',
             f"<title>{escape(info)}</title>"]
    if q["id"] in starts and list(starts[q["id"]]) != list(q["hex"]):
        parts += trail(canvas.center(starts[q["id"]]), (cx, cy), colour)
    parts.append(f'<circle class="{state}" cx="{cx:.1f}" cy="{cy:.1f}" r="{HEX_SIZE * 0.3:.1f}" '
                 f'fill="{colour if q["active"] else "#ffffff"}" stroke="{colour}" stroke-width="1.5"/>')
    parts.append(f'<text class="label" x="{cx:.1f}" y="{cy - HEX_SIZE * 0.45:.1f}" font-size="5" '
                 f'text-anchor="middle">{escape(q["id"])}</text>')
    parts.append("</g>")
    return "\n".join(parts)


# --- the glossary: every code with its name and effect, for people (the browser, help texts) ---


_STAT_EFFECT = {
    "cannons": "attack dice a ship rolls at a target (each hit costs the target a stat level)",
    "launchers": "missiles fired per attack (each uses one missile from the ship's stock)",
    "bays": "fighter squadrons launched per turn; a bay hit may destroy a squadron aboard",
    "defense": "a barrage hits only if its dice sum beats Defense; over twice Defense is a direct hit",
    "move": "hexes the ship may move per turn, in any direction; at Move 0 it can only turn",
}
_ADDON_EFFECT = {
    "sensors": "+ the fleet's best Sensors level to every initiative roll",
    "repair": "one repair attempt per turn in Recovery (1d6, 4–6 raises a stat one level); each level is used up",
    "boosters": "+1 hex of movement when used",
    "warp": "declare warp while moving: at the end of the turn the ship leaves the board (scores as retreated)",
    "cargo": "a cargo hold (scenario freight)",
    "passenger": "a passenger hold (scenario passengers)",
}
_TERMS = {
    "squadron": ("Fighter squadron", "Guns 1 (one attack die), Defense special (1d6 when attacked), Move 5"),
    "guns": ("Squadron guns", "a squadron's one attack die"),
    "missiles": ("Missiles", "ammunition for launchers; interceptors can shoot them down"),
    "flipped": ("Flipped", "a squadron that has acted this turn (hollow on the map); a hit on it eliminates it"),
    "rtb": ("Return to base", "the squadron lands on a carrier with free bays"),
    "flagship": ("Flagship ★", "the fleet's command ship"),
}
_OUTCOMES = {
    "last_fleet": "only one fleet was left able to move or fight",
    "protected_ship_lost": "the ship the scenario protects was destroyed",
    "stalemate": "no attack dice were rolled for several turns (stalemate)",
    "turn_limit": "the turn limit was reached; victory points decide",
    "agreement": "the players voted to end the game; victory points decide",
}
_CAUSES = {"exit": "left through its fleet's exit area", "edge": "left the map at its edge",
           "warp": "jumped away by warp drive"}


def _designs() -> dict[str, str]:
    path = resources.files("hexfleet.games.launch_fighters").joinpath("data/catalogue.toml")
    out = {}
    for d in tomllib.loads(path.read_text(encoding="utf-8")).get("design", []):
        stats = " ".join(f"{s[0].upper()}{d.get(s, 0)}" for s in STATS)
        extra = [f"{d[k]} missiles" if k == "missiles" else f"{d[k]} squadrons" for k in ("missiles", "squadrons")
                 if d.get(k)]
        extra += [f"{a} {d[a]}" for a in (*ADDONS, *HOLDS) if d.get(a)]
        out[d["name"]] = f"{stats}" + (f"; {', '.join(extra)}" if extra else "") + (f"; cost {d['cost']}" if "cost" in d else "")
    return out


def glossary() -> dict[str, Any]:
    """``{"terms": {code: {"name", "kind", "effect"}}, "outcomes", "causes", "designs"}``."""
    terms: dict[str, dict[str, Any]] = {}
    for s in STATS:
        entry = {"name": s.capitalize(), "kind": "stat", "effect": f"{_STAT_EFFECT[s]} (levels 0–{MAX_LEVEL})"}
        terms[s] = entry
        terms[s[0].upper()] = entry
    for a in (*ADDONS, *HOLDS):
        terms[a] = {"name": a.capitalize(), "kind": "add-on", "effect": _ADDON_EFFECT[a]}
    for code, (name, effect) in _TERMS.items():
        terms[code] = {"name": name, "kind": "term", "effect": effect}
    return {"terms": terms, "outcomes": _OUTCOMES, "causes": _CAUSES, "designs": _designs()}
