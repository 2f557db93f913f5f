"""Turn or Burn for people: event sentences, a view as text, the SVG map, turn reports, and
the guided setup and plot entry of the terminal (the game's presenter, found by name:
:func:`hexfleet.plugins.presenter`).

Everything here reads a seat's :meth:`~hexfleet.engine.ruleset.Ruleset.view`, a position (the
same shape) or events, never a state, so whatever it shows a player that player may know.
Previews ("where will I be after B3S?") reuse the rules' own movement code on the fighter as
the view shows it, under the default slip reading (TOB-AMB-01).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.ruleset import Event, Order, Seat
from ..games.turn_or_burn.cards import (
    GUNS,
    MANEUVERS,
    SYSTEM_MODULE,
    SYSTEMS,
    Gun,
    Maneuver,
)
from ..games.turn_or_burn.experimental import BEAM_ARC, BEAM_RANGE
from ..games.turn_or_burn.movement import move_fighter
from ..games.turn_or_burn.notation import LETTERS
from ..games.turn_or_burn.rules import RULESET
from ..games.turn_or_burn.state import Fighter
from ..hexgrid import DIRECTIONS, RectMap, directions_toward, distance, in_arc
from ..plugins import Form, FormContext
from . import text
from . import turn_or_burn_v2 as v2
from .forms import parse_hex, parse_int
from .svg import (
    HEX_SIZE,
    Canvas,
    Symbol,
    circle_symbol,
    dart,
    dart_symbol,
    document,
    pts,
    side_colour,
    square_symbol,
    trail,
)

RELATIVE = ("ahead", "60° starboard", "120° starboard", "astern", "120° port", "60° port")
"""Bearings relative to a fighter's facing, clockwise from its nose (TOB-GEO-08 sides)."""

_BURN_STEP = {0: "ahead", 1: "starboard", 5: "port"}
ARROWS = "↑↗↘↓↙↖"
"""Facing A..F as arrows on a flat-top map (TOB-GEO-02)."""


def fighter_from_view(data: Mapping[str, Any]) -> Fighter:
    """A :class:`Fighter` as a view shows it (another side's unknown cards stay ``?``)."""
    return Fighter(
        id=data["id"], side=data["side"], hex=tuple(data["hex"]), facing=LETTERS.index(data["facing"]),
        momentum=tuple(data["momentum"]), cards=tuple(data["cards"]),
        destroyed=tuple(data.get("destroyed", ())),
    )


def hex_text(h: Any) -> str:
    return f"[{h[0]},{h[1]}]"


def gun_of(f: Fighter) -> Gun | None:
    """The fighter's working gun, if it has one (a Module 1 fighter has exactly one)."""
    return next((GUNS[c] for c in f.working() if c in GUNS), None)


def bearing(f: Fighter, h: tuple[int, int]) -> str:
    """Compass letter(s) and bearing relative to ``f``'s facing, e.g. ``C (60° starboard)``.

    Two letters when the line runs exactly along a hex spine (TOB-GEO-10).
    """
    dirs = directions_toward((h[0] - f.hex[0], h[1] - f.hex[1]))
    if not dirs:
        return "same hex"
    return " / ".join(f"{LETTERS[d]} ({RELATIVE[(d - f.facing) % 6]})" for d in dirs)


def gun_text(gun: Gun) -> str:
    damage = {"fixed": f"{gun.value} damage", "half_target_speed": "damage half the target's speed, rounded up",
              "neutrino": "damage 6 minus range (1 beyond range 4)"}[gun.damage]
    return f"{SYSTEMS[gun.id]}: {gun.arc}° arc, range {gun.range}, {damage}"


def maneuver_text(card: str) -> str:
    """What a maneuver card does, in words (TOB-GEO-06..08)."""
    m = MANEUVERS[card]
    if m.burn is not None:
        parts = [f"{m.burn.count(k)} {word}" for k, word in _BURN_STEP.items() if m.burn.count(k)]
        return f"burn: momentum marker {', '.join(parts)}; thrust {m.thrust} (+{m.thrust} miss cards against you)"
    turn = m.turn or 0
    if turn == 0:
        return "no turn: coast"
    if abs(turn) == 3:
        return "turn around (180°), then coast"
    return f"turn {abs(turn) * 60}° {'starboard' if turn > 0 else 'port'} after moving"


def card_rows(view: Mapping[str, Any], fid: str, cards: list[str]) -> list[tuple[str, str, str]]:
    """``(card, what it does, result)`` for each legal card of own fighter ``fid``."""
    fighters = {f["id"]: fighter_from_view(f) for f in view["fighters"]}
    me = fighters[fid]
    enemies = [f for f in fighters.values() if f.side != me.side]
    rows = []
    for card in cards:
        if card in MANEUVERS:
            after, _ = move_fighter(me, card, wide_slips=False)
            result = (f"ends at {hex_text(after.hex)} facing {LETTERS[after.facing]}, speed {after.speed}")
            rows.append((card, maneuver_text(card), result))
        elif card in GUNS:
            rows.append((card, f"fire: {gun_text(GUNS[card])}", _arc_summary(me, GUNS[card], enemies)))
        else:
            rows.append((card, SYSTEMS.get(card, card), ""))
    return rows


def _arc_summary(me: Fighter, gun: Gun, enemies: list[Fighter]) -> str:
    parts = []
    for e in enemies:
        v = (e.hex[0] - me.hex[0], e.hex[1] - me.hex[1])
        r = distance(me.hex, e.hex)
        ok = in_arc(me.facing, v, gun.arc) and 0 < r <= gun.range
        bears = "in arc and range" if ok else "not in arc/range"
        parts.append(f"{e.id} range {r}, {bears} now (shots are after movement)")
    return "; ".join(parts)


def ascii_map(view: Mapping[str, Any], margin: int = 1) -> str:
    """The part of the map around the fighters and their momentum markers, as text.

    Three characters per hex column; each map row takes two lines because odd columns sit half
    a hex lower (odd-q). A fighter shows as its id and a facing arrow (``R1↘``), its momentum
    marker as its id and ``○``, an empty hex as ``·``. Column numbers (``q``) head the map.
    """
    board = RectMap(view["map"]["cols"], view["map"]["rows"])
    marks: dict[tuple[int, int], str] = v2.map_marks(view, board) if "projectiles" in view else {}
    for f in view["fighters"]:
        marks.setdefault(board.to_offset(tuple(f["momentum"])), f"{f['id'][:2]}○")
    for f in view["fighters"]:
        marks[board.to_offset(tuple(f["hex"]))] = f"{f['id'][:2]}{ARROWS[LETTERS.index(f['facing'])]}"
    if not marks:
        return ""
    cols = [c for c, _ in marks]
    rows = [r for _, r in marks]
    c0, c1 = max(min(cols) - margin, 0), min(max(cols) + margin, board.cols - 1)
    r0, r1 = max(min(rows) - margin, 0), min(max(rows) + margin, board.rows - 1)
    lines = ["q " + "".join(f"{c % 100:<3}" for c in range(c0, c1 + 1))]
    for row in range(r0, r1 + 1):
        for parity in (0, 1):
            cells = [marks.get((c, row), " · ").ljust(3) if c % 2 == parity else "   " for c in range(c0, c1 + 1)]
            lines.append(("  " + "".join(cells)).rstrip())
    return "\n".join(lines)


def fighters_table(view: Mapping[str, Any]) -> Table:
    """Every fighter the seat can see: position, speed, cards (``?`` = not known to you)."""
    table = Table(title=f"Turn {view['turn']} ({view['phase']})", title_justify="left")
    for col in ("fighter", "side", "hex", "facing", "speed", "momentum", "cards", "destroyed"):
        table.add_column(col, no_wrap=col not in ("cards", "destroyed"))
    for f in view["fighters"]:
        table.add_row(*plain(f["id"], f["side"], hex_text(f["hex"]), f["facing"], str(f["speed"]), hex_text(f["momentum"]),
                             " ".join(f["cards"]), " ".join(f["destroyed"]) or "-"))
    return table


def plain(*cells: str) -> list[Text]:
    """Table cells as literal text: Rich reads no markup in them, which is most of a big table's
    time (120 Big Party fighters, issue 13's report under 100 ms)."""
    return [Text(c) for c in cells]


NEAREST_ENEMIES = 4
"""Enemies per own fighter in the targets table: a Big Party fleet of 15 ships among 105 enemies
would otherwise list 1,575 rows in every turn report (issue 13's report under 100 ms)."""


def targets_table(view: Mapping[str, Any]) -> Table:
    """For each own fighter and its :data:`NEAREST_ENEMIES` nearest enemies (nearest first):
    range, bearing, and whether its gun bears now."""
    seat = view["seat"]
    fighters = [fighter_from_view(f) for f in view["fighters"]]
    enemies = [f for f in fighters if f.side != seat]
    few = len(enemies) <= NEAREST_ENEMIES
    title = "Enemies from your fighters" if few else f"The {NEAREST_ENEMIES} nearest enemies of each of your fighters"
    table = Table(title=f"{title} (now, before movement)", title_justify="left")
    for col in ("from", "to", "range", "bearing", "in your gun's arc"):
        table.add_column(col, no_wrap=True)
    for me in (f for f in fighters if f.side == seat):
        gun = gun_of(me)
        nearest = enemies if few else sorted(enemies, key=lambda e: distance(me.hex, e.hex))[:NEAREST_ENEMIES]
        for e in nearest:
            v = (e.hex[0] - me.hex[0], e.hex[1] - me.hex[1])
            arc = "no gun" if gun is None else (f"yes ({gun.id} {gun.arc}°)" if in_arc(me.facing, v, gun.arc)
                                                else f"no ({gun.id} {gun.arc}°)")
            table.add_row(*plain(me.id, e.id, str(distance(me.hex, e.hex)), bearing(me, e.hex), arc))
    return table


def describe_event(e: Mapping[str, Any]) -> str:
    """One event as a sentence; unknown types fall back to their JSON."""
    kind = e.get("type")
    if kind == "placed":
        return (f"{e['id']} placed at {hex_text(e['hex'])} facing {e['facing']}, "
                f"speed {distance(tuple(e['hex']), tuple(e['momentum']))}")
    if kind == "plotted":
        return f"{e['id']} plotted {' '.join(e['cards'])}"
    if kind == "moved":
        return (f"{e['id']} moved {hex_text(e['from'])} -> {hex_text(e['to'])}, facing {e['facing']}, "
                f"speed {distance(tuple(e['to']), tuple(e['momentum']))}")
    if kind == "shot":
        return (f"{e['shooter']} fired {e['weapon']} at {e['target']}: range {e['range']}, damage {e['damage']}, "
                f"{e['miss_cards']} miss card(s) in a hand of {e['hand_size']}")
    if kind == "shot_void":
        return f"{e['shooter']}'s {e['weapon']} shot at {e['target']} is void: {e['reason'].replace('_', ' ')}"
    if kind == "pulled":
        effect = f" ({e['effect'].replace('_', ' ')})" if e.get("effect") else ""
        return f"{e['target']} pulled {', '.join(e['cards']) or 'nothing'}{effect}"
    if kind == "eliminated":
        return f"{e['id']} is eliminated ({e['cause'].replace('_', ' ')})"
    if kind == "game_over":
        return "Game over: draw" if e.get("draw") else f"Game over: {e['winner']} wins"
    sentence = _MODULE_2_3.get(str(kind)) or v2.SENTENCES.get(str(kind))
    return sentence(e) if sentence is not None else json.dumps(e)


_MODULE_2_3: dict[str, Any] = {
    "announced": lambda e: "shots announced: " + (
        ", ".join(f"{s['shooter']} {s['weapon']} at {s['target'] or 'nothing'}" for s in e["shots"]) or "none"),
    "declared": lambda e: f"{e['id']} declared external {' '.join(e['cards'])}",
    "ejected": lambda e: f"{e['id']}'s crew ejected",
    "shields": lambda e: f"{e['id']}'s shields are {'up' if e['up'] else 'down'}",
    "repaired": lambda e: (f"{e['id']} repaired {e['card']}" if e["card"]
                           else f"{e['id']}'s repair bot found nothing to repair"),
    "lock_on": lambda e: (f"{e['id']} locked on to {e['target']}" if e["target"]
                          else f"{e['id']} found nothing to lock on to"),
    "lock_lost": lambda e: f"{e['id']} lost its lock on {e['target']}" + (f" ({e['reason']})" if e.get("reason")
                                                                          else ""),
    "jammed": lambda e: f"{e['id']} jams lock-ons on it",
    "armor_removed": lambda e: f"{e['id']}'s armor is gone",
    "external_lost": lambda e: f"{e['id']} lost its external {e['card']}",
    "discarded": lambda e: f"{e['id']} discarded {' '.join(e['cards'])}",
    "replacement": lambda e: f"{e['side']} will bring {e['id']} back on turn {e['enters_on_turn']}",
    "scores": lambda e: "scores: " + ", ".join(f"{side} {points}" for side, points in e["scores"].items()),
    "entry_hex": lambda e: f"{e['id']} will enter at {hex_text(e['hex'])}",
    "entered": lambda e: (f"{e['id']} ({e['side']}) entered at {hex_text(e['hex'])} facing {e['facing']}, "
                          f"speed {distance(tuple(e['hex']), tuple(e['momentum']))}"),
}
"""Sentences for the Modules 2-3 events (TOB-SEQ-02)."""


# --- a view as text ------------------------------------------------------------------------

TEXT_WIDTH = 100
"""Columns of the text a view is drawn in (terminal tables, turn reports)."""


def view_renderables(view: Mapping[str, Any]) -> list[RenderableType]:
    """The text map, every fighter the seat can see, and (for a seat with enemies in sight)
    range and bearing to each, as Rich renderables."""
    out: list[RenderableType] = [Text(ascii_map(view)), fighters_table(view)]
    if view.get("projectiles"):
        out.append(v2.projectiles_table(view))
    if view["seat"] is not None and any(f["side"] != view["seat"] for f in view["fighters"]):
        out.append(targets_table(view))
    if view.get("scores"):
        out.append(Text("Scores: " + ", ".join(f"{side} {points}" for side, points in view["scores"].items())))
    return out


def describe_view(view: Mapping[str, Any]) -> str:
    """A view as plain text (:func:`view_renderables` at :data:`TEXT_WIDTH` columns)."""
    out = io.StringIO()
    console = Console(file=out, width=TEXT_WIDTH, color_system=None, soft_wrap=True)
    for renderable in view_renderables(view):
        fast = text.table_text(renderable, TEXT_WIDTH) if isinstance(renderable, Table) else None
        if fast is None:
            console.print(renderable)
        else:
            out.write(fast)
    return out.getvalue()


def turn_report(view: Mapping[str, Any], events: Sequence[Event]) -> str:
    return text.turn_report(RULESET.title, view, events, describe_event, describe_view)


# --- the SVG map -----------------------------------------------------------------------------


def svg(data: Mapping[str, Any], *, previous: Mapping[str, Any] | None = None,
        events: Sequence[Event] | None = None) -> str:
    """The map, fighters, markers and a legend, from a position or a view (the same shape:
    ``{"map": {"cols", "rows"}, "turn", "fighters": [{"id", "side", "hex", "facing",
    "momentum"}]}``), so the same code draws a bug-report position and what one player may see.

    Each fighter is one ``<g class="fighter" data-id=...>``: its momentum marker with a line from
    the fighter (TOB-GEO-05), its location marker when the hex it started the turn in is known
    (TOB-GEO-06: the marker is the turn-start hex), an arrow along its facing, its id and speed.
    The turn-start hexes come from the turn's ``moved`` events, else from ``previous``.
    """
    canvas = Canvas.fit(RectMap(int(data["map"]["cols"]), int(data["map"]["rows"])))
    if events is not None:
        starts = {e["id"]: e["from"] for e in events if e.get("type") == "moved"}
    else:
        starts = {f["id"]: f["hex"] for f in (previous or {}).get("fighters", [])}
    fighters = list(data.get("fighters", []))
    sides = list(dict.fromkeys(f["side"] for f in fighters))
    body = v2.svg_parts(data, canvas)
    body += [_fighter_svg(f, canvas, side_colour(f["side"], sides), starts.get(f["id"])) for f in fighters]
    legend: list[tuple[Symbol | None, str]] = [(dart_symbol(side_colour(s, sides)), s) for s in sides]
    legend += [(circle_symbol, "momentum marker (line from fighter)"),
               (square_symbol, "location marker (hex at turn start)"), (None, "vN = speed, q,r = hex")]
    return document(canvas, body, heading=_heading(data), legend=legend)


def _heading(data: Mapping[str, Any]) -> str:
    """``Turn N``, and the result once a view carries an outcome."""
    heading = f"Turn {data['turn']}" if "turn" in data else RULESET.title
    outcome = data.get("outcome")
    if outcome:
        winners = outcome.get("winners") or []
        heading += f", game over: {', '.join(winners)} won" if winners else ", game over: draw"
    return heading


def _fighter_svg(f: Mapping[str, Any], canvas: Canvas, colour: str, start: Any) -> str:
    h, m = tuple(f["hex"]), tuple(f["momentum"])
    size = HEX_SIZE
    speed = distance(h, m)
    cx, cy = canvas.center(h)
    mx, my = canvas.center(m)
    info = (f"{f['id']} ({f['side']}): hex [{h[0]},{h[1]}], facing {f['facing']}, speed {speed}, "
            f"momentum [{m[0]},{m[1]}]")
    parts = [f'<g class="fighter" data-id={quoteattr(f["id"])} data-side={quoteattr(f["side"])}>',
             f"<title>{escape(info)}</title>"]
    if start is not None:
        parts += trail(canvas.center(start), (cx, cy), colour)
    parts.append(f'<line class="momentum-line" x1="{cx:.1f}" y1="{cy:.1f}" x2="{mx:.1f}" y2="{my:.1f}" '
                 f'stroke="{colour}" stroke-width="1.2" opacity="0.8"/>')
    parts.append(f'<circle class="momentum-marker" cx="{mx:.1f}" cy="{my:.1f}" r="{size * 0.3:.1f}" '
                 f'fill="#ffffff" stroke="{colour}" stroke-width="1.5"/>')
    angle = canvas.layout.direction_angle(LETTERS.index(f["facing"]))
    parts.append(f'<polygon class="ship" points="{pts(dart(cx, cy, angle))}" '
                 f'fill="{colour}" stroke="#000000" stroke-width="0.6"/>')
    parts.append(f'<text class="label" x="{cx:.1f}" y="{cy - size * 0.62:.1f}" font-size="8" '
                 f'text-anchor="middle">{escape(f["id"])}</text>')
    parts.append(f'<text class="speed" x="{cx:.1f}" y="{cy + size * 0.85:.1f}" font-size="7" '
                 f'text-anchor="middle">v{speed}</text>')
    parts.append("</g>")
    return "\n".join(parts)


# --- guided entry in the terminal ------------------------------------------------------------


def ask_setup(ui: FormContext, seat: Seat, view: Mapping[str, Any]) -> Order:
    """Gun, hex, facing and speed for each own fighter, each with its default (TOB-M1-BUILD-01,
    TOB-M1-SETUP-02)."""
    options = view["decision"]["options"]["fighters"]
    fighters = {f["id"]: f for f in view["fighters"]}
    guns = Table(title="Guns (TOB-M1-BUILD-01)", title_justify="left")
    guns.add_column("gun")
    guns.add_column("what it does")
    for g in next(iter(options.values()))["guns"]:
        guns.add_row(g, gun_text(GUNS[g]))
    ui.console.print(guns)
    order: dict[str, Any] = {}
    for fid, opt in options.items():
        current = next((c for c in fighters[fid]["cards"] if c in GUNS), opt["guns"][0])
        default = opt["default"]
        ui.console.print(Text(f"{fid}: start zone {opt['zone']} half, speed 0-{opt['max_speed']}"))
        while True:
            gun = ui.ask(f"{fid} gun ({'/'.join(opt['guns'])})", current).strip().upper()
            hex_ = ui.ask_value(f"{fid} hex q,r", f"{default['hex'][0]},{default['hex'][1]}", parse_hex)
            facing = ui.ask(f"{fid} facing (A-F)", default["facing"]).strip().upper()
            speed = ui.ask_value(f"{fid} speed (momentum marker straight ahead)",
                                 str(distance(tuple(default["hex"]), tuple(default["momentum"]))), parse_int)
            placement: dict[str, Any] = {"gun": gun, "hex": hex_, "facing": facing}
            if facing in LETTERS and len(facing) == 1:
                dq, dr = DIRECTIONS[LETTERS.index(facing)]
                placement["momentum"] = [hex_[0] + dq * speed, hex_[1] + dr * speed]
            if ui.check(seat, {fid: placement}):
                order[fid] = placement
                break
    return order


def ask_plot(ui: FormContext, seat: Seat, view: Mapping[str, Any]) -> Order:
    """One card per own fighter from the legal cards, each shown with what it would do
    (TOB-M1-PLOT-01); a gun asks for its target when there is more than one enemy, a launcher
    its parameters, and a Module 5 card its own fields when they apply."""
    options = view["decision"]["options"]["fighters"]
    order: dict[str, Any] = {}
    for fid, opt in options.items():
        table = Table(title=f"{fid}: legal cards", title_justify="left")
        for col in ("card", "what it does", "result"):
            table.add_column(col)
        for row in card_rows(view, fid, opt["cards"]):
            table.add_row(*row)
        ui.console.print(table)
        while True:
            card = ui.ask(f"{fid} card (Enter = plot nothing)", "").strip().upper()
            actions: list[dict[str, Any]] = []
            if card:
                actions.append({"card": card})
                if card in GUNS and len(opt["targets"]) > 1:
                    target = ui.ask(f"{fid} target ({'/'.join(opt['targets'])}; Enter = nearest)", "").strip()
                    if target:
                        actions[0]["target"] = target.upper()
                actions[0].update(v2.ask_launch(ui, fid, card))
                actions[0].update(v2.ask_experimental(ui, fid, card, opt, DECISION_WORDS))
            if ui.check(seat, {fid: actions}):
                order[fid] = actions
                break
    for p in view.get("projectiles", []):  # Module 4: the side's projectiles, steered or detonated
        if p["side"] == seat:
            while True:
                decisions = v2.ask_projectile(ui, p)
                if not decisions or ui.check(seat, {**order, p["id"]: decisions}):
                    if decisions:
                        order[p["id"]] = decisions
                    break
    return order


FORMS: dict[str, Form] = {"setup": ask_setup, "plot": ask_plot}
"""Guided entry for setup and plot; Modules 2-3's other decisions list their legal orders."""


# --- the glossary: every code with its name and effect, for people (the browser, help texts) ---


_SIDE = {1: "starboard", 5: "port"}

_SYSTEM_EFFECT = {
    "CM": "cockpit and pilot; a fighter with no crew member is eliminated",
    "STR": "structure; a fighter with no structure card breaks up and is eliminated",
    "THR": "thruster; with no thruster a fighter may not burn (it may still turn and fire)",
    "BOT": "repair bot: plot it to add back one system card lost earlier (not armor)",
    "ARM": "armor: absorbs hits automatically, never plotted (bubble guns ignore it)",
    "SG": "shield generator: plot it to raise or lower the shields",
    "SCAN": "scanner: lock on to one enemy; firing at a locked target halves the range",
    "JAM": "jammer: removes lock-ons on your fighter; +2 miss cards against you that turn",
    "MR": "mine rack: lays mines",
    "CAN": "cannon: fires a projectile",
    "RL": "rocket launcher: fires a rocket",
    "ML": "missile launcher: fires a guided missile",
    "FB": "force beam: pushes its target's momentum marker away (or pulls it closer), and its own the other way",
    "ZG": "zap gun: a pulse at range 6 in any direction; the target may lose one of its maneuver cards",
    "ST": "secondary thruster: moves the fighter's momentum marker 1 hex in any direction before moving",
    "CARGO": "cargo: freight carried for the scenario",
}

_SPECIAL = {
    "DITTO": ("Ditto", "plot the same maneuver as your other fighter (each relative to its own facing)"),
    "RAM": ("Ramming", "ram an enemy in the same hex after movement; both ships are damaged"),
}


def _turn_words(turn: int) -> tuple[str, str]:
    if turn == 0:
        return "No turn", "keep the facing and coast: move to the momentum marker, speed unchanged"
    if abs(turn) == 3:
        return "Turn around", "coast to the momentum marker, then turn 180°"
    side = "starboard" if turn > 0 else "port"
    return f"Turn {abs(turn) * 60}° {side}", f"coast to the momentum marker, then turn {abs(turn) * 60}° to {side}"


def _burn_words(m: Maneuver) -> tuple[str, str]:
    burn = m.burn or ()
    slips = [_SIDE[d] for d in burn if d in _SIDE]
    name = f"Burn {len(burn)}" + (f", slip {slips[0]}" if slips else " ahead")
    moves = f"{burn.count(0)} ahead" + (f" and {len(slips)} {slips[0]}" if slips else "")
    return name, (f"move the momentum marker {moves} (changes speed and course); "
                  f"thrust {m.thrust}: +{m.thrust} miss card{'s' if m.thrust != 1 else ''} against you")


def _gun_effect(gun: Gun) -> str:
    damage = {"fixed": f"{gun.value} damage", "half_target_speed": "damage half the target's speed, rounded up",
              "neutrino": "damage 6 minus the range (1 beyond range 4)"}[gun.damage]
    arc = "0° arc (straight ahead only)" if gun.arc == 0 else f"{gun.arc}° arc ahead"
    return f"gun: {arc}, range {gun.range}, {damage}"


def glossary() -> dict[str, Any]:
    """``{"terms": {code: {"name", "kind", "effect", "module"}}, "notes": {...}}``."""
    terms: dict[str, dict[str, Any]] = {}
    for code, m in MANEUVERS.items():
        if code in _SPECIAL:
            name, effect = _SPECIAL[code]
        elif m.burn is not None:
            name, effect = _burn_words(m)
        else:
            name, effect = _turn_words(m.turn or 0)
        terms[code] = {"name": name, "kind": "maneuver", "effect": effect, "module": m.module}
    for code, name in SYSTEMS.items():
        kind, effect = ("gun", _gun_effect(GUNS[code])) if code in GUNS else ("system", _SYSTEM_EFFECT.get(code, ""))
        terms[code] = {"name": name, "kind": kind, "effect": effect, "module": SYSTEM_MODULE[code]}
        if code in GUNS:
            terms[code] |= {"arc": GUNS[code].arc, "range": GUNS[code].range}
        elif code in BEAM_ARC:  # Module 5's force beam and zap gun aim too (TOB-M5-FB-02, TOB-M5-ZAP-02)
            terms[code] |= {"arc": BEAM_ARC[code], "range": BEAM_RANGE}
    terms["MISS"] = {"name": "Miss card", "kind": "miss", "effect": "shuffled into a target's cards when it is shot: "
                     "drawing it does no damage", "module": 1}
    reasons = {
        "out_of_arc": "the target was outside the gun's arc after movement",
        "out_of_range": "the target was beyond the gun's range after movement",
        "range_0": "the target was in the same hex (range 0 cannot hit)",
        "no_target": "no enemy was in arc and range after movement",
        "target_gone": "the target was already destroyed",
        "shooter_gone": "the shooter was destroyed first",
    }
    causes = {"off_map": "it left the map", "structure": "its last structure card was destroyed (it broke up)",
              "crew": "its crew member was killed", "gun": "its last gun was destroyed", "ejected": "its pilot ejected"}
    outcomes = {"elimination": "the other side's fighters were all destroyed",
                "mutual_elimination": "both sides lost their last fighters in the same turn",
                "turn_limit": "the turn limit was reached", "goal": "a side reached the scenario's goal"}
    return {"terms": terms, "reasons": reasons, "causes": causes, "outcomes": outcomes,
            "words": {"speed": "hexes between the fighter and its momentum marker",
                      "miss": "miss cards shuffled into the target's pull: each one drawn is a miss"},
            "decisions": DECISION_WORDS}


DECISION_WORDS = {
    "launch": "plot a launcher to launch (its card is turned up before anyone moves): the projectile starts in "
              "your hex, and 1 ammo is used",
    "MR": "the mine keeps your momentum marker: it drifts where you would have coasted",
    "CAN": "the shell's marker is yours moved 0-3 hexes straight ahead; each hex is 1 miss card against a shot at "
           "it this turn",
    "RL": "the rocket's marker is any hex within 3 of yours (tap it on the map or type q,r; empty = yours)",
    "ML": "the missile starts with your momentum marker and steers up to 3 hexes a turn with its fuel",
    "steer": "move the missile's momentum marker to a hex within 3 (and within its fuel); 1 fuel per hex",
    "detonate": "explode it in phase 8: 9 damage in its hex and 3 next to it, no miss cards, other projectiles "
                "there destroyed; it will not explode while a fighter of its side is within 1 hex (fail-safe)",
    "keep": "leave it flying",
    "push": "push: the target's marker moves away along the line of fire, yours the other way",
    "pull": "pull: the target's marker moves toward you, yours toward it",
    "ammo": "projectiles left per launcher (one reload per launcher, by the repair bot)",
    "fuel": "a fighter's fuel: each burn uses its thrust (more for big fighters); a missile's: hexes it can still steer",
    "fail_safe": "a fighter of its side is within 1 hex: it cannot explode now",
    "black_hole": "entering or crossing its hex destroys anything; every unit's marker is pulled toward it at the "
                  "end of the turn (8 hexes at distance 1, 4 at 2-3, 2 at 4-7, 1 at 8-15)",
    "gravity": "a gravity arrow: the direction the black hole pulls a unit whose line to it passes here",
    "puck": "the puck: only a force beam moves it; a team scores when it leaves by the far edge",
    "secondary": "secondary thruster: your momentum marker moves 1 hex the way chosen before anyone moves (the "
                 "faster fighter first); it counts as a thrust-1 burn (+1 miss card against you) and uses fuel; "
                 "no direction: no shift",
    "ram": "ram with the thruster card instead of a maneuver: after the projectiles explode, an enemy fighter in "
           "your hex or next to it (the one named, else the nearest) is rammed and both fighters are destroyed",
    "lock": "lock it down: it performs by itself every turn from now, with no plot and no crew action; 5 miss "
            "cards go beneath it and after each performance the opponent draws one of them or the card, which "
            "then burns out",
    "unlock": "unlock the locked action now, before it takes effect this turn",
    "beam_hexes": "the hexes you want the markers moved: the beam pulls the target's cards until a system card, and "
                  "0, 1 or 2 miss cards first allow at most 3, 2 or 1 (3 or more: none); it never moves more than you ask",
    "beam_tie": "when the line of fire runs exactly between two hexes, the one of the two directions to use "
                "(another letter, or none: the first of the two)",
    "restore": "the repair bot gives back one of the maneuver cards lost to a zap gun or a burn-out, drawn at random, "
               "instead of repairing a system",
    "locked": "locked down: it performs by itself every turn until it burns out or is unlocked with TNC",
    "actions": "one action per working crew member, each in its own row: at most one of them a maneuver card, the "
               "others system cards; an empty row is no action",
    "external": "an external card declared in step A: plotted again in a row it acts this turn; left out, it is "
                "withdrawn",
    "launch_id": "the new projectile's name on the map and in later orders (empty: the fighter, the turn and the "
                 "action's place, as R1.3.1)",
    "copy": "which of your launchers of this kind fires (each has its own ammo); none chosen: the first one with ammo",
    "jam": "the jammer tries to set off this projectile, yours or the enemy's, within 12 hexes: one card is drawn from "
           "the projectile card and a miss card per hex between you; it will not explode while a fighter of its side "
           "is within 1 hex (fail-safe); the jammer's own effects apply either way",
    "repair": "the repair bot restores a card lost earlier (not armor); none chosen: the first card lost",
    "reload": "the repair bot fully reloads this launcher instead of repairing: once per launcher per game, used up or not",
    "gravity_tie": "when the line from the unit to the black hole at the end of the turn runs exactly between two "
                   "hexes, the direction its marker is pulled (another letter, or none: the first of the two)",
}
"""What each Module 4-5 decision does, for the order panel (TOB-M4-LAUNCH-04, TOB-M4-MISSILE-01,
TOB-M4-DET-01..03, TOB-M4-GRAV-01/03, TOB-M4-JAM-01, TOB-M4-REPAIR-01, TOB-M4-PROJ-01, TOB-M2-OPS-02,
TOB-M3-MULTI-01/02, TOB-M5-HOCKEY-03/04, TOB-M5-SEC-01/05/06, TOB-M5-RAM-01..03,
TOB-M5-LOCK-02..05, TOB-M5-FB-05/07, TOB-M5-ZAP-08)."""
