"""Guided terminal entry for Talon's five decisions (the presenter's ``FORMS``).

Talon decides one order at a time (TAL-4.1.c), so each form builds one order, field by field,
from what the view shows: the action the step allows (TAL-3.2: AP, move, fire, repair, then
end_turn), then the ship or unit, then the fields that action needs, each offered as a numbered
list in words (ships with an AP this Impulse, units the Impulse Display says must move, charged
weapon groups with each enemy's range and arc). The rules check the whole order (``ui.check``):
a refused order is shown with its rule ID and the form starts again, so nothing is applied
until the order is legal. Whichever seat the kernel asks decides, so the end-of-Impulse
Initiative choice comes to the side that placed the Change markers (TAL-4.2.b), and a choice a
rule gives the side not acting while an order resolves (TAL-IMP-2: a fighter, a ship's turn
for area damage, a missile, a pull hex, a collision's first ship) comes to that side.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from ..engine.ruleset import Order, Seat
from ..games.talon.data import ARCS, pack, schedule
from ..games.talon.fire import charged
from ..games.talon.geometry import arc, direction_of, neighbors_in_arc, step
from ..games.talon.movement import HOWS
from ..games.talon.position import SIDES, STEPS
from ..hexgrid import distance
from ..plugins import FormContext
from .forms import InputError, choose, guided, yes

Pos = Mapping[str, Any]
Unit = Mapping[str, Any]

HOW_WORDS = {"straight": "straight ahead", "turn_left": "turn left", "turn_right": "turn right",
             "slip_left": "side-slip left", "slip_right": "side-slip right"}
USES = {"side_slip": "prepare a side slip (TAL-6.1.a)", "power_turn": "power turn: clear the TR count (TAL-6.1.b)",
        "charge": "charge a weapon group (TAL-6.1.c)", "charge_battery": "charge the battery (TAL-10.1.1)",
        "reinforce": "reinforce a shield arc (TAL-6.1.e)", "change_initiative": "Change Initiative marker (TAL-6.1.f)",
        "defend_initiative": "Defend Initiative marker (TAL-6.1.g)", "transmit": "transmit power to a squadron (TAL-12.2.2)",
        "retarget": "retarget a missile (TAL-13.7)"}
CRITICALS = ("shields_down", "helm_down", "power_loss")


# --- asking ----------------------------------------------------------------------------------


def _json(ui: FormContext, seat: Seat, view: Mapping[str, Any]) -> Order:
    def parse(answer: str) -> Any:
        try:
            return json.loads(answer)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON: {exc.msg}") from None
    return ui.ask_value(f"{seat}: the whole order as JSON", '{"do": "end_turn"}', parse)


# --- what the view says ----------------------------------------------------------------------


def _cls(pos: Pos, u: Unit) -> Any:
    return pack(pos["data_pack"])[u["class"]]


def _in_box(pos: Pos, value: int | None) -> bool:
    return bool(pos["impulse"]) and value is not None and value in schedule()[pos["impulse"]]


def _own(pos: Pos, seat: Seat, *groups: str) -> list[Unit]:
    return [u for g in groups for u in pos[g] if u["side"] == seat]


def _enemies(pos: Pos, seat: Seat) -> list[Unit]:
    return [u for g in ("ships", "squadrons", "missiles") for u in pos[g] if u["side"] != seat]


def _unit_words(pos: Pos, u: Unit) -> str:
    curve = "-".join("-" if v is None else str(v) for v in u["curve"])
    tr = f", TR count {u['tr_count']}" if u.get("tr_count") is not None else ""
    flags = (" [AP]" if _in_box(pos, u["curve"][0]) else "") + (" [MOVE]" if _in_box(pos, u["curve"][1]) else "")
    return f"{u['id']} ({u['class']}) at {u['hex']} facing {u['facing']}, curve {curve}{tr}{flags}"


def _groups(pos: Pos, u: Unit) -> list[tuple[int, str, bool]]:
    """(number, words, charged) of each weapon group (a squadron: each fighter's phaser)."""
    cls = _cls(pos, u)
    if "fighters" in u:
        printed = cls.groups[0]
        return [(k, f"fighter {k}: {printed.weapon} {f['red']}/{printed.red}r {f['yellow']}/{printed.yellow}y",
                 f["hull_marked"] < cls.fighter_hull and charged(printed, f))
                for k, f in enumerate(u["fighters"], start=1)]
    out = []
    for k, (printed, bar) in enumerate(zip(cls.groups, u["groups"], strict=True), start=1):
        state = "destroyed" if bar["destroyed"] else f"{bar['red']}/{printed.red}r {bar['yellow']}/{printed.yellow}y"
        arcs = "".join(a for a in ARCS if a in printed.arcs)
        out.append((k, f"group {k}: {printed.count}x {printed.weapon} [{arcs}] {state}", charged(printed, bar)))
    return out


# --- the Turn ----------------------------------------------------------------------------------


def _actions(pos: Pos, seat: Seat) -> list[tuple[str, str]]:
    """The actions the step still allows (TAL-3.2: steps cannot be re-entered, TAL-6.1)."""
    at = STEPS.index(pos["step"])
    ships = _own(pos, seat, "ships")
    out: list[tuple[str, str]] = []
    if at == 0 and any(_can_spend(pos, s) for s in ships):
        out.append(("ap", "spend an AP (or the battery)"))
    if at == 0 and any(s["reinforcements"] for s in ships):
        out.append(("drop_reinforcement", "drop a shield reinforcement"))
    if at <= 1 and any(not u["moved"] for u in _own(pos, seat, "ships", "squadrons", "missiles")):
        out.append(("move", "move a ship, squadron or missile"))
    if at <= 2 and any(ok for u in _own(pos, seat, "ships", "squadrons") for _, _, ok in _groups(pos, u)):
        out.append(("fire", "fire a charged weapon group"))
    if any(c in s["criticals"] for s in ships for c in CRITICALS):
        out.append(("repair", "try a repair"))
    out += [("end_turn", "end the Turn"), ("json", "type the whole order as JSON")]
    return out


def _default_action(pos: Pos, seat: Seat, actions: Sequence[tuple[str, str]], refused: int) -> int:
    """Spend the AP first, then the moves the Impulse Display asks for, else end the Turn; after
    a refused order, the next of these."""
    names = [a for a, _ in actions]
    must_move = [u for u in _own(pos, seat, "ships", "squadrons") if not u["moved"] and _in_box(pos, u["curve"][1])]
    ap_left = [s for s in _own(pos, seat, "ships") if _ap_left(pos, s)]
    order = [a for a, why in (("ap", ap_left), ("move", must_move), ("end_turn", True)) if why and a in names]
    return names.index(order[refused % len(order)])


def _ap_left(pos: Pos, s: Unit) -> bool:
    """The written Power gives an AP this Impulse and it is not spent (TAL-4.1.d, TAL-5.1.b)."""
    return _in_box(pos, s["curve"][0]) and not s["ap_used"]


def _can_spend(pos: Pos, s: Unit) -> bool:
    return _ap_left(pos, s) or bool(s.get("battery"))


def _ap(ui: FormContext, seat: Seat, pos: Pos) -> Order:
    ships = [s for s in _own(pos, seat, "ships") if _can_spend(pos, s)]
    first = next((i for i, s in enumerate(ships) if _ap_left(pos, s)), 0)
    ship = choose(ui, f"{seat}: which ship spends", [(s["id"], _unit_words(pos, s)) for s in ships], first)
    s = next(x for x in ships if x["id"] == ship)
    order: dict[str, Any] = {"do": "ap", "ship": ship}
    if s.get("battery") and (not _ap_left(pos, s) or yes(ui, f"{ship}: use the battery's AP")):
        order["battery"] = True
    uses = list(USES.items())
    empty = [(k, w) for k, w, ok in _groups(pos, s) if not ok]  # bars not yet full
    likely = "charge" if empty else "charge_battery" if s.get("battery") is False else \
        "reinforce" if not s["reinforcements"] else "change_initiative"
    use = choose(ui, f"{ship}: spend it on", uses, [u for u, _ in uses].index(likely))
    order["use"] = use
    if use == "charge":
        order["group"] = choose(ui, f"{ship}: which group", empty or [(k, w) for k, w, _ in _groups(pos, s)])
    elif use == "reinforce":
        free = [a for a in ARCS if a not in s["reinforcements"]]
        order["arc"] = choose(ui, f"{ship}: which shield arc",
                              [(a, f"{a}: {s['shields'][a]} boxes" + (" (reinforced)" if a in s["reinforcements"] else ""))
                               for a in ARCS], ARCS.index(free[0]) if free else 0)
    elif use == "transmit":
        squadrons = _own(pos, seat, "squadrons")
        order["squadron"] = choose(ui, f"{ship}: to which squadron", [(q["id"], _unit_words(pos, q)) for q in squadrons])
        order["effect"] = choose(ui, "the effect", [("charge", "charge a fighter's phaser"), ("power_turn", "power turn"),
                                                    ("side_slip", "side slip")])
        if order["effect"] == "charge":
            order["fighter"] = choose(ui, "which fighter", [(k, f"fighter {k}") for k in (1, 2, 3)])
    elif use == "retarget":
        order["missile"] = choose(ui, f"{ship}: which missile",
                                  [(m["id"], f"{m['id']} at {m['hex']} -> {m['target']}") for m in _own(pos, seat, "missiles")])
        order["target"] = choose(ui, "its new target", [(t["id"], t["id"]) for t in pos["ships"] if t["side"] != seat])
    return order


def _drop(ui: FormContext, seat: Seat, pos: Pos) -> Order:
    ships = [s for s in _own(pos, seat, "ships") if s["reinforcements"]]
    ship = choose(ui, f"{seat}: which ship", [(s["id"], _unit_words(pos, s)) for s in ships])
    arcs = next(s for s in ships if s["id"] == ship)["reinforcements"]
    return {"do": "drop_reinforcement", "ship": ship, "arc": choose(ui, f"{ship}: which arc", [(a, a) for a in arcs])}


def _move(ui: FormContext, seat: Seat, pos: Pos) -> Order:
    units = [u for u in _own(pos, seat, "ships", "squadrons", "missiles") if not u["moved"]]
    must = [i for i, u in enumerate(units) if "curve" in u and _in_box(pos, u["curve"][1])]
    words = [(u["id"], _unit_words(pos, u) if "curve" in u else f"missile {u['id']} at {u['hex']} -> {u['target']}")
             for u in units]
    unit_id = choose(ui, f"{seat}: which unit moves", words, must[0] if must else 0)
    u = next(x for x in units if x["id"] == unit_id)
    hows = [h for h in HOWS if "curve" in u or not h.startswith("slip")]  # missiles never slip (TAL-13.3)
    order: dict[str, Any] = {"do": "move", "unit": unit_id,
                             "how": choose(ui, f"{unit_id}: how", [(h, HOW_WORDS[h]) for h in hows])}
    if "curve" in u and not _in_box(pos, u["curve"][1]) and u.get("afterburners"):  # TAL-10.2.2
        ui.console.print(Text(f"{unit_id} is not scheduled to move this Impulse: it moves on an afterburner "
                              f"({u['afterburners']} left, TAL-10.2.2)"))
        order["afterburner"] = True
    return order


def _target_words(pos: Pos, u: Unit, t: Unit) -> str:
    where = arc(tuple(u["hex"]), u["facing"], tuple(t["hex"]), pos["options"].get("arc_model", "hexside_sectors"))
    return f"{t['id']} at {t['hex']}: range {distance(tuple(u['hex']), tuple(t['hex']))}, in {where or 'the same hex'} arc"


def _fire(ui: FormContext, seat: Seat, pos: Pos) -> Order:
    shooters = [u for u in _own(pos, seat, "ships", "squadrons") if any(ok for _, _, ok in _groups(pos, u))]
    ship = choose(ui, f"{seat}: which ship fires", [(u["id"], _unit_words(pos, u)) for u in shooters])
    u = next(x for x in shooters if x["id"] == ship)
    group = choose(ui, f"{ship}: which group", [(k, w) for k, w, ok in _groups(pos, u) if ok])
    printed = _cls(pos, u).groups[0 if "fighters" in u else group - 1]
    enemies = _enemies(pos, seat)
    shots = []
    for n in range(1, printed.count + 1):
        target = choose(ui, f"{ship} group {group}, {printed.weapon} {n}: target",
                        [(t["id"], _target_words(pos, u, t)) for t in enemies], none="no eligible target")
        shot: dict[str, Any] = {"target": target}
        t = next((x for x in enemies if x["id"] == target), None)
        if t is not None and "fighters" in t and printed.weapon != "fusion_cannon":
            shot["fighter"] = choose(ui, f"{target}: which fighter", [(k, f"fighter {k}: {f['hull_marked']} hits")
                                                                     for k, f in enumerate(t["fighters"], start=1)])
        if t is not None and printed.weapon == "missile":
            shot.update(_launch(ui, pos, u, printed.arcs, t))
        shots.append(shot)
    return {"do": "fire", "ship": ship, "group": group, "shots": shots}


def _launch(ui: FormContext, pos: Pos, u: Unit, arcs: frozenset[str], t: Unit) -> dict[str, Any]:
    """A missile's launch hex (adjacent, in the group's arc) and a facing toward the target
    (TAL-13.2.a)."""
    model = pos["options"].get("arc_model", "hexside_sectors")
    hexes = sorted(neighbors_in_arc(tuple(u["hex"]), u["facing"], arcs, model),
                   key=lambda h: distance(h, tuple(t["hex"])))
    h = choose(ui, "launch hex", [(list(x), f"{list(x)}: {distance(x, tuple(t['hex']))} from {t['id']}") for x in hexes])
    there = tuple(t["hex"])
    toward = [f for f in range(6) if tuple(h) == there or distance(step(tuple(h), f), there) < distance(tuple(h), there)]
    facing = choose(ui, "the missile's facing", [(f, f"{f}{' (toward the target)' if f in toward else ''}") for f in range(6)],
                    toward[0] if toward else direction_of(tuple(u["hex"]), tuple(h)))
    return {"hex": h, "facing": facing}


def _repair(ui: FormContext, seat: Seat, pos: Pos) -> Order:
    ships = [s for s in _own(pos, seat, "ships") if any(c in s["criticals"] for c in CRITICALS)]
    ship = choose(ui, f"{seat}: which ship repairs", [(s["id"], _unit_words(pos, s)) for s in ships])
    marks = [c for c in CRITICALS if c in next(s for s in ships if s["id"] == ship)["criticals"]]
    return {"do": "repair", "ship": ship, "critical": choose(ui, f"{ship}: which critical", [(c, c) for c in marks])}


_TURN: dict[str, Callable[[FormContext, Seat, Pos], Order]] = {
    "ap": _ap, "drop_reinforcement": _drop, "move": _move, "fire": _fire, "repair": _repair}


@guided
def ask_turn(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """One order of the player's Turn: the action, then its fields."""
    pos = view["position"]
    actions = _actions(pos, seat)
    action = choose(ui, f"{seat}: {pos['step']} step, what now", actions, _default_action(pos, seat, actions, refused))
    if action == "end_turn":
        return {"do": "end_turn"}
    if action == "json":
        return _json(ui, seat, view)
    return _TURN[action](ui, seat, pos)


@guided
def ask_power(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The Power Phase (TAL-9.3): one unit's new Speed (a row of its power curve), or the end."""
    pos = view["position"]
    units = _own(pos, seat, "ships", "squadrons")
    unit_id = choose(ui, f"{seat}: which unit changes Speed", [(u["id"], _unit_words(pos, u)) for u in units],
                     none="end the Power Phase")
    if unit_id is None:
        return {"do": "end_turn"}
    u = next(x for x in units if x["id"] == unit_id)
    rows = _cls(pos, u).rows
    now = next((i for i, r in enumerate(rows) if r.speed == u["curve"][1]), 0)
    speed = choose(ui, f"{unit_id}: Speed (one row up or down)",
                   [(r.speed, f"Speed {r.speed}: Power {r.power}" + ("" if r.tr is None else f", Turn Radius {r.tr}")
                     + (" (now)" if i == now else "")) for i, r in enumerate(rows)], now)
    return {"do": "speed", "ship": unit_id, "speed": speed}


@guided
def ask_retreat(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The Retreat Phase (TAL-11.1.2): one ship jumps to FTL, or the end."""
    pos = view["position"]
    ship = choose(ui, f"{seat}: which ship jumps to FTL", [(s["id"], _unit_words(pos, s)) for s in _own(pos, seat, "ships")],
                  none="end the Retreat Phase")
    return {"do": "end_turn"} if ship is None else {"do": "retreat", "ship": ship}


@guided
def ask_initiative(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """The end-of-Impulse choice of the side that placed more Change markers (TAL-4.2.b)."""
    holder = choose(ui, f"{seat}: who holds the Initiative", [(s, s) for s in SIDES], SIDES.index(seat))
    return {"do": "initiative", "holder": holder}


def _pick_words(pos: Pos, about: Mapping[str, Any], pick: Any) -> str:
    """One answer to an interrupt, in words: the fighter's hits, the unit, what is in the hex."""
    if about["choice"] == "fighter":
        squadron = next(q for q in pos["squadrons"] if q["id"] == about["subject"])
        return f"fighter {pick}: {squadron['fighters'][pick - 1]['hull_marked']} hits"
    if isinstance(pick, list):
        there = [u["id"] for g in ("ships", "squadrons") for u in pos[g] if u["hex"] == pick]
        return f"hex {pick}" + (f" (with {', '.join(there)})" if there else "")
    unit = next((u for g in ("ships", "squadrons", "missiles") for u in pos[g] if u["id"] == pick), None)
    if unit is None or "curve" not in unit:
        return f"missile {pick}" + (" (damaged)" if unit is not None and unit["damaged"] else "")
    shields = " ".join(f"{a}{unit['shields'][a]}" for a in ARCS) if "shields" in unit else ""
    return f"{_unit_words(pos, unit)}{', shields ' + shields if shields else ''}"


@guided
def ask_choice(ui: FormContext, seat: Seat, view: Mapping[str, Any], refused: int) -> Order:
    """A choice the rules give this side while the other side's order resolves (TAL-IMP-2);
    the first answer is the format's default."""
    pos, about = view["position"], view["decision"]["options"]
    pick = choose(ui, f"{seat}: your choice ({about['rule']})",
                  [(p, _pick_words(pos, about, p)) for p in about["options"]])
    return {"do": "choose", "pick": pick}
