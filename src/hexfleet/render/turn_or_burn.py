"""Turn or Burn as terminal text: fighter and target tables, card help, readable events.

Everything here reads a seat's :meth:`~hexfleet.engine.ruleset.Ruleset.view` (or a public
event), never a state, so the terminal shows a player exactly what that seat may know.
Previews ("where will I be after B3S?") reuse the rules' own movement code on the fighter as
the view shows it, under the default slip reading (TOB-AMB-01).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rich.table import Table

from ..games.turn_or_burn.cards import GUNS, MANEUVERS, SYSTEMS, Gun
from ..games.turn_or_burn.movement import move_fighter
from ..games.turn_or_burn.state import Fighter
from ..games.turn_or_burn.notation import LETTERS
from ..hexgrid import RectMap, directions_toward, distance, in_arc

RELATIVE = ("ahead", "60° starboard", "120° starboard", "astern", "120° port", "60° port")
"""Bearings relative to a fighter's facing, clockwise from its nose (TOB-GEO-08 sides)."""

_BURN_STEP = {0: "ahead", 1: "starboard", 5: "port"}
ARROWS = "↑↗↘↓↙↖"
"""Facing A..F as arrows on a flat-top map (TOB-GEO-02)."""


def fighter_from_view(data: Mapping[str, Any]) -> Fighter:
    """A :class:`Fighter` as a view shows it (another side's unknown cards stay ``?``)."""
    return Fighter(
        id=data["id"], side=data["side"], hex=tuple(data["hex"]), facing=LETTERS.index(data["facing"]),  # type: ignore[arg-type]
        momentum=tuple(data["momentum"]), cards=tuple(data["cards"]),  # type: ignore[arg-type]
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
    marks: dict[tuple[int, int], str] = {}
    for f in view["fighters"]:
        marks.setdefault(board.to_offset(tuple(f["momentum"])), f"{f['id'][:2]}○")  # type: ignore[arg-type]
    for f in view["fighters"]:
        marks[board.to_offset(tuple(f["hex"]))] = f"{f['id'][:2]}{ARROWS[LETTERS.index(f['facing'])]}"  # type: ignore[arg-type]
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
        table.add_column(col)
    for f in view["fighters"]:
        table.add_row(f["id"], f["side"], hex_text(f["hex"]), f["facing"], str(f["speed"]), hex_text(f["momentum"]),
                      " ".join(f["cards"]), " ".join(f["destroyed"]) or "-")
    return table


def targets_table(view: Mapping[str, Any]) -> Table:
    """For each own fighter and each enemy: range, bearing, and whether its gun bears now."""
    seat = view["seat"]
    fighters = [fighter_from_view(f) for f in view["fighters"]]
    table = Table(title="Enemies from your fighters (now, before movement)", title_justify="left")
    for col in ("from", "to", "range", "bearing", "in your gun's arc"):
        table.add_column(col)
    for me in (f for f in fighters if f.side == seat):
        gun = gun_of(me)
        for e in (f for f in fighters if f.side != seat):
            v = (e.hex[0] - me.hex[0], e.hex[1] - me.hex[1])
            arc = "no gun" if gun is None else (f"yes ({gun.id} {gun.arc}°)" if in_arc(me.facing, v, gun.arc)
                                                else f"no ({gun.id} {gun.arc}°)")
            table.add_row(me.id, e.id, str(distance(me.hex, e.hex)), bearing(me, e.hex), arc)
    return table


def describe_event(e: Mapping[str, Any]) -> str:
    """One event as a sentence; unknown types fall back to their JSON."""
    kind = e.get("type")
    if kind == "placed":
        return (f"{e['id']} placed at {hex_text(e['hex'])} facing {e['facing']}, "
                f"speed {distance(tuple(e['hex']), tuple(e['momentum']))}")  # type: ignore[arg-type]
    if kind == "plotted":
        return f"{e['id']} plotted {' '.join(e['cards'])}"
    if kind == "moved":
        return (f"{e['id']} moved {hex_text(e['from'])} -> {hex_text(e['to'])}, facing {e['facing']}, "
                f"speed {distance(tuple(e['to']), tuple(e['momentum']))}")  # type: ignore[arg-type]
    if kind == "shot":
        return (f"{e['shooter']} fired {e['weapon']} at {e['target']}: range {e['range']}, damage {e['damage']}, "
                f"{e['miss_cards']} miss card(s) in a hand of {e['hand_size']}")
    if kind == "shot_void":
        return f"{e['shooter']}'s {e['weapon']} shot at {e['target']} is void: {e['reason'].replace('_', ' ')}"
    if kind == "pulled":
        return f"{e['target']} pulled {', '.join(e['cards']) or 'nothing'}"
    if kind == "eliminated":
        return f"{e['id']} is eliminated ({e['cause'].replace('_', ' ')})"
    if kind == "game_over":
        return "Game over: draw" if e.get("draw") else f"Game over: {e['winner']} wins"
    return json.dumps(e)
