"""Module 4, SpaceWar: projectiles, the black hole and the nine-phase turn (TOB-M4-*).

The phases are steps of the turn pipeline (:mod:`.turn`), each working on the turn in
progress (``turn.Work``) and appending its events in the order the format fixes
(shared/formats/turn-or-burn-position.md, "The nine-phase turn"):

===== ====================== ================================================================
phase step                   rules
===== ====================== ================================================================
2     :func:`launch`         TOB-M4-PLOT-01/02, TOB-M4-LAUNCH-01..05, TOB-COMP-08
3     :func:`steer`          TOB-M4-MISSILE-01..03
4     :func:`move_projectiles` TOB-M4-PMOVE-01, TOB-M4-BH-01, TOB-GEO-13
5     :func:`move_fighters`  TOB-M4-FMOVE-01, TOB-M4-BH-01, TOB-M4-SCEN-02 (safe exit)
6     :func:`operate`        TOB-M4-OPS-01, TOB-M4-JAM-01..03, TOB-M4-REPAIR-01/02
7     :func:`fire`           TOB-M4-FIRE-01..03
8     :func:`detonate`       TOB-M4-DET-01..08
9     :func:`gravity`        TOB-M4-GRAV-01..04
===== ====================== ================================================================

Every decision a phase needs comes from the plot: launch parameters on the launch entries,
and the units' standing decisions (steer, detonate, gravity), as ``hexfleet resolve`` takes
them (TOB-SEQ-04); an absent decision takes the format's default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...engine.errors import FormatError, RuleError
from ...engine.rng import roll_off
from ...engine.ruleset import Event, Outcome
from ...hexgrid import DIRECTIONS, Hex, RectMap, add, directions_toward, distance, scale, segment_crosses_hex, sub
from . import big_party
from .build import internal_working
from .cards import GUNS, MANEUVERS, range_miss_cards
from .end_of_turn import elimination_cause
from .fire import MISS, GunPlot, effective_range, hand, shot_damage, void_reason
from .movement import move_fighter
from .notation import LETTERS
from .orders import Action, Decision
from .position_v2 import (
    FULL_LOAD,
    KIND_CARD,
    LAUNCHERS,
    MISSILE_FUEL,
    OPPOSITE_EDGE,
    ammo_of,
    canonical_key,
    launcher_copies,
    scenario_of,
)
from .ship_sheet import draw_hits
from .state import Fighter, Projectile, TobState, refit
from .systems import operate_systems, resolve_maneuvers

if TYPE_CHECKING:
    from .turn import Work

BLAST = (9, 3)
"""Explosion damage in the hex and in each adjacent hex (TOB-M4-DET-03)."""
PROJECTILE_MISSES = 5
"""Base miss cards of a projectile's deck (TOB-M4-FIRE-02)."""
JAMMER_REACH = 12
"""TOB-M4-JAM-01."""
GRAVITY = ((1, 8), (3, 4), (7, 2), (15, 1))
"""(farthest distance, hexes the marker moves) by distance to a black hole (TOB-M4-GRAV-01)."""
TURN_CARDS = ("TNC", "T60S", "T120S", "TR", "T120P", "T60P")
"""A d6 face k is the k-th of these: a turn of k - 1 sixths clockwise (TOB-GEO-15)."""


def die_event(purpose: str, who: str, face: int, forced: bool, sides: int = 6) -> Event:
    return {"type": "die", "purpose": purpose, "for": who, "sides": sides, "face": face, "forced": forced}


def roll(w: Work, purpose: str, who: str) -> int:
    face, forced, w.rng = w.rng.roll(6, purpose=purpose, roller=who)
    w.events.append(die_event(purpose, who, face, forced))
    return face


def ordered(w: Work, parties: list[str], purpose: str) -> list[str]:
    """``parties`` in die order, ties re-rolled (TOB-COMP-08), each roll an event."""
    order, rolls, w.rng = roll_off(w.rng, parties, purpose)
    w.events += [die_event(purpose, r.party, r.face, r.forced) for r in rolls]
    return order


def alternate(queues: dict[str, list[Any]], order: list[str]) -> list[Any]:
    """One item per party in turn, high roller first, until every queue is empty."""
    out = []
    queues = {k: list(v) for k, v in queues.items()}
    while any(queues.values()):
        for party in order:
            if queues.get(party):
                out.append(queues[party].pop(0))
    return out


def decisions(w: Work, uid: str) -> tuple[Decision, ...]:
    for key, found in w.standing:
        if key == uid:
            return found
    return ()


def decided(w: Work, uid: str, name: str) -> Any:
    for d in decisions(w, uid):
        value = getattr(d, name)
        if value not in (None, False):
            return value
    return None


def is_launch(a: Action) -> bool:
    return a.card in LAUNCHERS


# --- phase 2: launch ----------------------------------------------------------------------


def reveal_launches(w: Work) -> None:
    """Phase 2 opens: the launch plots only are turned face up (TOB-M4-PLOT-02, LAUNCH-01)."""
    w.sides = w.state.sides_in_play()
    w.events.append({"type": "phase", "number": 2, "name": "launch"})
    for fid, actions in sorted(w.plots):
        launches = [a.card for a in actions if is_launch(a) and not a.field("locked")]
        if launches and fid in w.fighters:
            w.events.append({"type": "revealed", "id": fid, "cards": launches, "phase": 2})


def launch(w: Work) -> None:
    """Launch Projectiles: sides in die order, one fighter at a time (TOB-M4-LAUNCH-02)."""
    by_side: dict[str, list[str]] = {}
    for fid, actions in sorted(w.plots):
        f = w.fighters.get(fid)
        if f is not None and any(is_launch(a) for a in actions):
            by_side.setdefault(f.side, []).append(fid)
    if not by_side:
        return
    sides = [s for s in w.config.sides if s in by_side]
    order = ordered(w, sides, "launch_order") if len(sides) > 1 else sides
    for fid in alternate(by_side, order):
        for k, a in enumerate(dict(w.plots)[fid], 1):
            if is_launch(a):
                launch_one(w, fid, a, k)


def projectile_id(w: Work, fid: str, a: Action, k: int) -> str:
    """The entry's ``id``, else ``<fighter>.<turn>.<k>``; a locked launcher's ``<fighter>.<turn>.L``."""
    return a.field("id") or f"{fid}.{w.state.turn}.{'L' if a.field('locked') else k}"


def launch_one(w: Work, fid: str, a: Action, k: int) -> None:
    """One launch (TOB-M4-LAUNCH-03..05): 1 ammo off, counter and location marker in the
    fighter's hex, the momentum marker by weapon, the launch turn's equivalent burn."""
    f = w.fighters[fid]
    key = ammo_key(f, a.card, a.field("copy"))
    ammo = ammo_of(f)
    if key is None or not ammo.get(key):
        destroyed = key is not None and dict((c[0], c[2]) for c in launcher_copies(f))[key]
        w.events.append({"type": "launch_void", "by": fid, "weapon": key or a.card,
                         "reason": "destroyed" if destroyed else "no_ammo"})
        return
    marker, burn = launch_marker(f, a)
    ammo[key] -= 1
    w.fighters[fid] = f = refit(f, ammo=tuple(ammo.items()))
    kind = LAUNCHERS[a.card]
    pid = projectile_id(w, fid, a, k)
    w.projectiles[pid] = Projectile(pid, f.side, kind, f.hex, marker, MISSILE_FUEL if kind == "missile" else None,
                                    fid, burn)
    w.events.append({"type": "launched", "id": pid, "kind": kind, "by": fid, "side": f.side, "weapon": key,
                     "hex": list(f.hex), "momentum": list(marker), "ammo": ammo[key], "equivalent_burn": burn})


def ammo_key(f: Fighter, card: str, copy: int | None) -> str | None:
    """The launcher copy a launch uses: the one named, else the lowest-numbered copy that is
    undestroyed and has ammo (else the first undestroyed copy, for ``launch_void``)."""
    copies = [(key, destroyed) for key, c, destroyed in launcher_copies(f) if c == card]
    if copy is not None:
        return copies[copy - 1][0] if copy <= len(copies) else None
    ammo = ammo_of(f)
    for key, destroyed in copies:
        if not destroyed and ammo.get(key):
            return key
    return next((key for key, destroyed in copies if not destroyed), copies[0][0] if copies else None)


def launch_marker(f: Fighter, a: Action) -> tuple[Hex, int]:
    """The new projectile's momentum marker and equivalent burn (TOB-M4-LAUNCH-04/05)."""
    if a.card == "CAN":
        k = a.field("thrust", 0)
        return add(f.momentum, scale(DIRECTIONS[f.facing], k)), k
    if a.card == "RL":
        marker = a.field("momentum") or f.momentum
        return marker, distance(marker, f.momentum)
    return f.momentum, 0


# --- phase 3: maneuver missiles -----------------------------------------------------------


def steer(w: Work) -> None:
    """Maneuver Missiles: sides in die order when two or more have missiles on the map, one
    missile at a time (TOB-M4-MISSILE-03); each hex of adjustment costs 1 fuel (MISSILE-02)."""
    missiles = [p for p in sorted(w.projectiles.values(), key=lambda p: p.id) if p.kind == "missile"]
    w.events.append({"type": "phase", "number": 3, "name": "maneuver_missiles"})
    if not missiles:
        return
    by_side: dict[str, list[str]] = {}
    for p in missiles:
        by_side.setdefault(p.side or "", []).append(p.id)
    sides = [s for s in w.config.sides if s in by_side]
    order = ordered(w, sides, "missile_order") if len(sides) > 1 else sides
    for pid in alternate(by_side, order):
        target = decided(w, pid, "steer")
        p = w.projectiles[pid]
        if target is None or target == p.momentum:
            continue
        hexes = distance(target, p.momentum)
        fuel = (p.fuel or 0) - hexes
        w.projectiles[pid] = replace(p, momentum=target, fuel=fuel, burn=p.burn + hexes)
        w.events.append({"type": "steered", "id": pid, "from": list(p.momentum), "to": list(target),
                         "hexes": hexes, "fuel": fuel})


# --- phase 4: move projectiles ------------------------------------------------------------


def crosses_black_hole(w: Work, start: Hex, end: Hex) -> bool:
    """TOB-M4-BH-01 via TOB-GEO-11: the path from the location marker to the new hex."""
    return any(segment_crosses_hex(start, end, bh) for bh in w.config.black_holes)


def move_projectiles(w: Work) -> None:
    """Every projectile moves to its marker, ``M' = 2P' - P``; the black-hole test, then the
    off-map test (TOB-M4-PMOVE-01, TOB-GEO-13)."""
    w.events.append({"type": "phase", "number": 4, "name": "move_projectiles"})
    board = w.config.map
    for pid in sorted(w.projectiles):
        p = w.projectiles[pid]
        to = p.momentum
        mom = sub(scale(to, 2), p.hex)
        w.projectiles[pid] = replace(p, hex=to, momentum=mom)
        w.events.append({"type": "projectile_moved", "id": pid, "from": list(p.hex), "to": list(to),
                         "momentum": list(mom)})
        if p.kind == "puck":
            if not board.contains(to):
                puck_out(w, pid, to)
        elif crosses_black_hole(w, p.hex, to):
            remove_projectile(w, pid, "black_hole")
        elif not (board.contains(to) and board.contains(mom)):
            remove_projectile(w, pid, "off_map")


def edge_of(w: Work, h: Hex) -> str:
    """The map edge a hex off the map lies beyond (the format's Coordinates)."""
    return edge_beyond(w.config.map, h)


def edge_beyond(board: RectMap, h: Hex) -> str:
    """:func:`edge_of` on a map (bots follow the puck's path with it)."""
    q = h[0]
    row = h[1] + (q - (q & 1)) // 2
    if q < 0:
        return "left"
    if q >= board.cols:
        return "right"
    return "top" if row < 0 else "bottom"


def puck_out(w: Work, pid: str, to: Hex) -> None:
    """Space Hockey: the puck leaves the map by the hex it moved to (TOB-M5-HOCKEY-03). Across
    the edge opposite a team's own it is that team's goal; across another edge it returns to
    its start with speed 0. Its marker alone off the map keeps it in play (a force beam may
    still turn it)."""
    hockey = w.config.hockey
    edge = edge_of(w, to)
    scorer = next((side for side, own in hockey.edges if OPPOSITE_EDGE[own] == edge), None) if hockey else None
    if scorer is not None and w.goal is None:
        w.goal = scorer
    p = w.projectiles[pid]
    start = hockey.puck_start if hockey else p.hex
    w.projectiles[pid] = replace(p, hex=start, momentum=start)
    w.events.append({"type": "goal", "side": scorer, "edge": edge} if scorer is not None
                    else {"type": "puck_reset", "edge": edge})


def remove_projectile(w: Work, pid: str, cause: str) -> None:
    del w.projectiles[pid]
    w.events.append({"type": "projectile_destroyed", "id": pid, "cause": cause})


# --- phase 5: move fighters ---------------------------------------------------------------


def reveal_rest(w: Work, reveal: Callable[[Work], None]) -> None:
    """Phase 5 opens: all other plots are turned face up (TOB-M4-PLOT-02, FMOVE-01). The
    Modules 1-3 reveal does the bookkeeping; its ``plotted`` events become ``revealed`` ones
    without the launches already shown."""
    w.events.append({"type": "phase", "number": 5, "name": "move_fighters"})
    start = len(w.events)
    sides = w.sides
    reveal(w)
    w.sides = sides
    for i in range(start, len(w.events)):
        e = w.events[i]
        if e["type"] == "plotted":
            rest = [a for a in dict(w.plots)[e["id"]] if not is_launch(a) and not a.field("locked")]
            w.events[i] = {"type": "revealed", "id": e["id"], "cards": [a.card for a in rest], "phase": 5}
    w.events[start:] = [e for e in w.events[start:] if e["type"] != "revealed" or e["cards"]]


LockedManeuvers = Callable[["Work", str, "str | None"], "tuple[str | None, str | None]"]


def move_fighters(w: Work, locked: LockedManeuvers | None = None) -> None:
    """Move Fighters as in Module 1, then the black-hole test and the off-map test. With Module
    5 lock down, ``locked`` gives a turn applied before the burn (TOB-M5-LOCK-09)."""
    plotted = {fid: tuple(a for a in actions if not a.field("locked")) for fid, actions in w.plots}
    maneuvers = resolve_maneuvers(w.state, plotted)
    wide = w.config.options.slip_model == "wide"
    moved: list[tuple[Fighter, Fighter]] = []
    for fid in list(w.fighters):
        f = start = w.fighters[fid]
        card = maneuvers.get(fid)
        if locked is not None:
            first, card = locked(w, fid, card)
            turn = MANEUVERS[first].turn if first is not None else None
            if turn:
                f = replace(f, facing=(f.facing + turn) % 6)
        g, thrust = move_fighter(f, card, wide)
        f = start
        w.thrust[fid] = thrust
        w.fighters[fid] = g
        moved.append((f, g))
        w.events.append({"type": "moved", "id": fid, "from": list(f.hex), "to": list(g.hex),
                         "facing": LETTERS[g.facing], "momentum": list(g.momentum)})
    for f, g in moved:
        if crosses_black_hole(w, f.hex, g.hex):
            take_out(w, g.id, "black_hole")
    off_map_test(w)


def take_out(w: Work, fid: str, cause: str) -> None:
    """A fighter leaves play now (TOB-GEO-13, TOB-M4-BH-01), scored at the end of the turn."""
    f = w.fighters.pop(fid)
    w.out.append((f, cause))
    w.events.append({"type": "exited", "id": fid} if cause == "exited"
                    else {"type": "eliminated", "id": fid, "cause": cause})


def off_map_test(w: Work) -> None:
    """Fighters whose hex or marker is off the map are out: eliminated while an opposing side
    still has a fighter, a safe exit once none has (TOB-M4-SCEN-02); projectiles are removed."""
    board = w.config.map
    leaving = [fid for fid, f in sorted(w.fighters.items())
               if not (board.contains(f.hex) and board.contains(f.momentum))]
    staying = [f for fid, f in w.fighters.items() if fid not in leaving]
    for fid in leaving:
        side = w.fighters[fid].side
        safe = scenario_of(w.config) == "spacewar" and not any(g.side != side for g in staying)
        take_out(w, fid, "exited" if safe else "off_map")
    for pid in sorted(w.projectiles):
        p = w.projectiles[pid]
        if p.kind != "puck" and not (board.contains(p.hex) and board.contains(p.momentum)):
            remove_projectile(w, pid, "off_map")


# --- phase 6: operate systems -------------------------------------------------------------


def operate(w: Work) -> None:
    """Operate Systems in the order of TOB-M2-OPS-06: eject, shields, repair / reload, scanner,
    jammer lock-on removal (Module 2), then the jammers' detonation attempts (TOB-M4-OPS-01)."""
    w.events.append({"type": "phase", "number": 6, "name": "operate_systems"})
    plots = dict(w.plots)
    reloading = {fid: [a for a in actions if a.card == "BOT" and a.field("reload")] for fid, actions in plots.items()}
    before = {fid: f for fid, f in w.fighters.items()}
    systems = {fid: tuple(a for a in actions if a not in reloading[fid]) for fid, actions in plots.items()}
    ejected, jammed, events = operate_systems(w.fighters, systems, frozenset(w.projectiles))
    for fid in sorted(ejected):
        w.out.append((w.fighters.pop(fid), "ejected"))
        events.append({"type": "eliminated", "id": fid, "cause": "ejected"})
    w.events += events
    w.jammed = frozenset(jammed)
    for fid, f in list(w.fighters.items()):
        w.fighters[fid] = repaired_launchers(before[fid], f, w.events)
        for a in reloading.get(fid, ()):
            reload(w, fid, a.field("reload"))
    for fid, actions in sorted(plots.items()):
        for a in actions:
            if a.card == "JAM" and a.field("detonate") and fid in w.fighters:
                jam(w, fid, a.field("detonate"))


def repaired_launchers(before: Fighter, after: Fighter, events: list[Event]) -> Fighter:
    """A repaired launcher comes back full if its reload was unused, and that is its reload;
    empty if the reload was used (TOB-M4-REPAIR-02)."""
    if after.destroyed == before.destroyed:
        return after
    was = {key: destroyed for key, _, destroyed in launcher_copies(before)}
    ammo = ammo_of(after)
    reloaded = list(after.kit.reloaded)
    for key, card, destroyed in launcher_copies(after):
        if was.get(key) and not destroyed:
            if key in reloaded:
                ammo[key] = 0
            else:
                ammo[key] = FULL_LOAD[card]
                reloaded.append(key)
                events.append({"type": "reloaded", "id": after.id, "weapon": key, "ammo": ammo[key]})
    return refit(after, ammo=tuple(ammo.items()), reloaded=tuple(reloaded))


def reload(w: Work, fid: str, given: str) -> None:
    """The one reload per launcher, by the repair bot instead of a repair (TOB-M4-REPAIR-01)."""
    f = w.fighters[fid]
    key = canonical_key(f, given, "reload")
    card = key.split("#")[0]
    ammo = ammo_of(f)
    ammo[key] = FULL_LOAD[card]
    w.fighters[fid] = refit(f, ammo=tuple(ammo.items()), reloaded=f.kit.reloaded + (key,))
    w.events.append({"type": "reloaded", "id": fid, "weapon": key, "ammo": ammo[key]})


def nearest_friendly(w: Work, p: Projectile) -> str | None:
    """The fail-safe (TOB-M4-JAM-03, DET-02): the nearest fighter of the projectile's side in
    its hex or an adjacent one, ties lowest id; ``None`` when there is none (or for the puck)."""
    near = [(distance(f.hex, p.hex), fid) for fid, f in w.fighters.items()
            if p.side is not None and f.side == p.side and distance(f.hex, p.hex) <= 1]
    return min(near)[1] if near else None


def jam(w: Work, fid: str, pid: str) -> None:
    """A jammer's detonation attempt: a deck of the projectile card and ``d`` misses, one draw
    (TOB-M4-JAM-01/02); the fail-safe is checked first (JAM-03)."""
    p = w.projectiles.get(pid)
    f = w.fighters[fid]
    if p is None:
        w.events.append({"type": "jam_attempt", "jammer": fid, "projectile": pid, "distance": None, "deck": 0,
                         "result": "out_of_range"})
        return
    d = distance(f.hex, p.hex)
    skills = w.config.party.skills(f.side) if w.config.party is not None else ()
    misses = big_party.jam_misses(d, skills)  # Module 6 long range jammer, precision jam (TOB-M6-SKILL-01)
    deck = d + 1 if misses is None else misses + 1
    event: Event = {"type": "jam_attempt", "jammer": fid, "projectile": pid, "distance": d, "deck": deck}
    friendly = nearest_friendly(w, p)
    if d > (big_party.jammer_reach(skills) if skills else JAMMER_REACH):
        event["result"] = "out_of_range"
    elif friendly is not None:
        event["result"] = "fail_safe"
    else:
        card, w.rng = w.rng.draw(deck)
        event["result"] = "detonated" if card == 0 else "failed"
    w.events.append(event)
    if event["result"] == "fail_safe":
        w.events.append({"type": "fail_safe", "id": pid, "friendly": friendly, "source": "jammer"})
    if event["result"] == "detonated":
        explode(w, [pid], "jammer")


# --- explosions ---------------------------------------------------------------------------


def area(h: Hex) -> list[Hex]:
    """The blast area: the hex, then its neighbours A-F (TOB-GEO-12)."""
    return [h] + [add(h, d) for d in DIRECTIONS]


def explode(w: Work, pids: list[str], cause: str, between: Callable[[], None] | None = None) -> None:
    """Detonations, all at once (TOB-M4-DET-07): the other projectiles within 1 hex are
    destroyed, then each explosion's damage in ascending projectile id, then the concussions
    of the surviving fighters caught (TOB-M4-DET-03..06)."""
    blasts = {pid: w.projectiles[pid] for pid in sorted(pids)}
    for pid in sorted(w.projectiles):
        q = w.projectiles[pid]
        if pid not in blasts and q.kind != "puck" and any(distance(q.hex, b.hex) <= 1 for b in blasts.values()):
            remove_projectile(w, pid, "fratricide")
    for pid in blasts:
        del w.projectiles[pid]
    caught: list[tuple[str, str]] = []
    party = w.config.party
    for pid, p in blasts.items():
        hexes = area(p.hex)
        damage = big_party.blast_damage(party.skills(p.side)) if party is not None else BLAST  # TOB-M6-SKILL-01
        w.events.append({"type": "detonated", "id": pid, "hex": list(p.hex), "cause": cause,
                         "area": [list(h) for h in hexes], "damage": {"hex": damage[0], "adjacent": damage[1]}})
        for fid in sorted(fid for fid, f in w.fighters.items() if distance(f.hex, p.hex) <= 1):
            blast(w, pid, fid, damage[0] if w.fighters[fid].hex == p.hex else damage[1])  # ascending fighter id
            caught.append((pid, fid))
    if between is not None:  # Module 5 rams, simultaneous with the explosions
        between()
    for pid, fid in caught:
        f = w.fighters.get(fid)
        if f is not None and elimination_cause(f, w.config.modules) is None:
            concuss(w, pid, fid)
    off_map_test(w)


def blast(w: Work, pid: str, fid: str, damage: int) -> None:
    """Explosion damage: no miss cards, armor pulled like any card; a shielded fighter loses a
    shield generator instead and takes nothing more this turn (TOB-M4-DET-03..05); option
    ``projectile_armor = as_guns``: armor and shields protect as against guns (the German)."""
    f = w.fighters[fid]
    cards = hand(f, 0)
    event: Event = {"type": "blast", "projectile": pid, "target": fid, "damage": damage, "miss_cards": 0,
                    "hand_size": len(cards)}
    hits = w.hits
    as_guns = w.config.options.projectile_armor == "as_guns"
    if fid in hits.shield:
        event["absorbed"] = "immune"
        w.events.append(event)
        return
    if f.shields:
        if as_guns:
            event["absorbed"] = "shields"
            w.events.append(event)
            return
        event["absorbed"] = "shields"
        w.events.append(event)
        w.fighters[fid] = replace(f, destroyed=f.destroyed + ("SG",))
        w.hits = replace(hits, shield=hits.shield | {fid})
        return
    w.events.append(event)
    if f.kit.marks:  # Module 6: numbered system hit cards (TOB-M6-HIT-01/02)
        hit, drawn, slots, pulled, w.rng, dice = draw_hits(f, 0, damage, w.rng, w.config.options.hit_method)
        w.events += dice
    else:
        pulled, w.rng = w.rng.sample(cards, min(damage, len(cards)))
        hit, drawn, slots = replace(f, destroyed=f.destroyed + tuple(c for c in pulled if c != MISS)), [], []
    if as_guns and "ARM" in internal_working(f):
        w.hits = replace(hits, armor=hits.armor | {fid})
        w.events.append({"type": "pulled", "target": fid, "cards": pulled, "effect": "armor"})
        return
    w.fighters[fid] = hit
    w.events.append({"type": "pulled", "target": fid, "cards": pulled, "hit_cards": drawn, "slots": slots}
                    if f.kit.marks else {"type": "pulled", "target": fid, "cards": pulled})


def concuss(w: Work, pid: str, fid: str) -> None:
    """The marker 1 hex in a random direction, a random new facing: two d6 (TOB-M4-DET-06,
    TOB-GEO-15: face k turns k - 1 sixths clockwise from the facing before)."""
    f = w.fighters[fid]
    k1 = roll(w, "concussion_direction", fid)
    k2 = roll(w, "concussion_facing", fid)
    direction = (f.facing + k1 - 1) % 6
    facing = (f.facing + k2 - 1) % 6
    momentum = add(f.momentum, DIRECTIONS[direction])
    w.fighters[fid] = replace(f, facing=facing, momentum=momentum)
    w.events.append({"type": "concussion", "id": fid, "projectile": pid, "direction": LETTERS[direction],
                     "facing": LETTERS[facing], "momentum": list(momentum)})


# --- phase 7: fire guns -------------------------------------------------------------------


def fire(w: Work, fire_fighters: Callable[[Work], None], rams: Callable[[Work], None] | None = None,
         at_station: Callable[[Work, dict[str, Fighter], GunPlot], None] | None = None) -> None:
    """Fire Guns: Module 6 rams first (``rams``), shots at fighters as before
    (``fire_fighters``), shots at projectiles with the projectile deck (TOB-M4-FIRE-02/03),
    then Module 6 shots at stations (``at_station``)."""
    w.events.append({"type": "phase", "number": 7, "name": "fire_guns"})
    if rams is not None:
        rams(w)
    at_projectiles: list[GunPlot] = []
    at_stations: list[GunPlot] = []
    stations = {s.id for s in w.state.stations}
    fighter_plots = []
    for fid, actions in w.plots:
        kept = []
        for a in actions:
            if a.card in GUNS and a.target is not None and a.target in w.projectiles:
                at_projectiles.append(GunPlot(fid, a.card, a.external, a.target))
            elif a.card in GUNS and a.target is not None and a.target in stations:
                at_stations.append(GunPlot(fid, a.card, a.external, a.target))
            else:
                kept.append(a)
        fighter_plots.append((fid, tuple(kept)))
    shooters = dict(w.fighters)
    plots, w.plots = w.plots, tuple(fighter_plots)
    before = w.hits
    fire_fighters(w)
    w.plots = plots
    if before is not w.hits:  # what explosions did in Operate Systems stays (shields, armor)
        w.hits = replace(w.hits, armor=w.hits.armor | before.armor, shield=w.hits.shield | before.shield,
                         internal_lost=w.hits.internal_lost | before.internal_lost)
    for plot in at_projectiles:
        shoot_projectile(w, shooters, plot)
    if at_station is not None:
        for plot in at_stations:
            at_station(w, shooters, plot)


def shoot_projectile(w: Work, shooters: dict[str, Fighter], plot: GunPlot) -> None:
    shooter = shooters.get(plot.shooter)
    p = w.projectiles.get(plot.target or "")
    if shooter is None:
        return
    base: Event = {"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon, "target": plot.target}
    if shooter.shields:
        w.events.append({**base, "reason": "shields_up"})
        return
    if p is None:
        w.events.append({**base, "reason": "target_gone"})
        return
    dummy = Fighter(p.id, p.side or "", p.hex, 0, p.momentum, ())
    exclusive = w.config.options.arc_boundary == "exclusive"
    reason = void_reason(shooter, GUNS[plot.weapon], dummy, exclusive, w.start_locks)
    if reason is not None:
        w.events.append({**base, "reason": reason})
        return
    r, r_eff = effective_range(shooter, dummy, w.start_locks)
    band = range_miss_cards(r_eff)
    assert band is not None
    misses = PROJECTILE_MISSES + band + p.burn
    deck = [KIND_CARD[p.kind]] + [MISS] * misses
    damage = shot_damage(shooter, plot, dummy, r_eff, w.config.options)
    w.events.append({"type": "shot", "shooter": plot.shooter, "weapon": plot.weapon, "target": p.id, "range": r,
                     "effective_range": r_eff, "damage": damage, "miss_cards": misses, "hand_size": len(deck)})
    pulled, w.rng = w.rng.sample(deck, min(damage, len(deck)))
    w.events.append({"type": "pulled", "target": p.id, "cards": pulled})
    if KIND_CARD[p.kind] in pulled and p.kind != "puck":
        remove_projectile(w, p.id, "shot")


# --- phase 8: detonate --------------------------------------------------------------------


RamPlan = Callable[["Work"], list[tuple[str, str]]]
Rams = Callable[["Work", list[tuple[str, str]]], None]


def detonate(w: Work, ram_plan: RamPlan | None = None, ram: Rams | None = None) -> None:
    """Detonate Projectiles: the ordered detonations that pass the fail-safe, all at once
    (TOB-M4-DET-01/02/07); Module 5 rams (``ram_plan`` fixes them at the start of the phase,
    ``ram`` resolves them) between the blasts and the concussions."""
    w.events.append({"type": "phase", "number": 8, "name": "detonate"})
    planned = ram_plan(w) if ram_plan is not None else []
    between = (lambda: ram(w, planned)) if ram is not None and planned else None
    going = []
    for pid in sorted(w.projectiles):
        if not decided(w, pid, "detonate"):
            continue
        friendly = nearest_friendly(w, w.projectiles[pid])
        if friendly is not None:
            w.events.append({"type": "fail_safe", "id": pid, "friendly": friendly, "source": "order"})
        else:
            going.append(pid)
    automatic = [pid for pid in automatic_detonations(w) if pid not in going]
    if going or automatic:
        explode(w, going + automatic, "order" if going else "automatic", between)
    elif between is not None:
        between()


def automatic_detonations(w: Work) -> list[str]:
    """Module 6 automatic ammo and automatic missiles: this side's projectiles that explode by
    themselves now, an enemy ship close and no friendly one within 1 hex (TOB-M6-SKILL-01)."""
    party = w.config.party
    if party is None:
        return []
    out = []
    for pid, p in sorted(w.projectiles.items()):
        skills = party.skills(p.side)
        if not {"automatic_ammo", "automatic_missile"} & set(skills):
            continue
        enemy = min((distance(f.hex, p.hex) for f in w.fighters.values() if f.side != p.side), default=None)
        if big_party.automatic(p.kind, skills, enemy, nearest_friendly(w, p) is not None):
            out.append(pid)
    return out


# --- phase 9: gravity ---------------------------------------------------------------------


def pull_hexes(g: int) -> int:
    for far, hexes in GRAVITY:
        if g <= far:
            return hexes
    return 0


def gravity(w: Work) -> None:
    """Every fighter and projectile (not the puck) shifts its marker toward each black hole by
    distance (TOB-M4-GRAV-01); the line's direction, a tie by the unit's ``gravity`` decision,
    else the first letter (GRAV-02/03); then the off-map test."""
    w.events.append({"type": "phase", "number": 9, "name": "gravity"})
    if not w.config.black_holes:
        return
    units: list[tuple[str, Hex, Hex]] = [(fid, f.hex, f.momentum) for fid, f in sorted(w.fighters.items())]
    units += [(pid, p.hex, p.momentum) for pid, p in sorted(w.projectiles.items()) if p.kind != "puck"]
    for uid, h, _ in units:
        for bh in w.config.black_holes:
            g = distance(h, bh)
            assert g > 0, "a unit in a black hole's hex was destroyed (TOB-M4-GRAV-04)"
            n = pull_hexes(g)
            if not n:
                continue
            choices = directions_toward(sub(bh, h))
            chosen = decided(w, uid, "gravity")
            d = chosen if chosen in choices else choices[0]
            event: Event = {"type": "gravity_shift", "id": uid, "black_hole": list(bh), "distance": g,
                            "direction": LETTERS[d], "hexes": n}
            mom = shift(w, uid, scale(DIRECTIONS[d], n))
            event["momentum"] = list(mom)
            if len(choices) > 1:
                event["tie"] = [LETTERS[c] for c in choices]
            w.events.append(event)
    off_map_test(w)


def shift(w: Work, uid: str, v: Hex) -> Hex:
    if uid in w.fighters:
        f = w.fighters[uid]
        w.fighters[uid] = replace(f, momentum=add(f.momentum, v))
        return w.fighters[uid].momentum
    p = w.projectiles[uid]
    w.projectiles[uid] = replace(p, momentum=add(p.momentum, v))
    return w.projectiles[uid].momentum


# --- the end of the game ------------------------------------------------------------------


def decides_outcome(config: Any) -> bool:
    """SpaceWar and Space Hockey end their own way; other scenarios played with Modules 4-5
    keep theirs (TOB-M5-OPT-01)."""
    return scenario_of(config) in ("spacewar", "hockey")


def outcome(w: Work) -> Outcome | None:
    if scenario_of(w.config) == "hockey":
        return hockey_outcome(w)
    return spacewar_outcome(w)


def hockey_outcome(w: Work) -> Outcome | None:
    """The first goal wins (TOB-M5-HOCKEY-03); the turn limit, if any, is a draw."""
    if w.goal is not None:  # scored this turn, maybe before a stop (the events are this run's only)
        return Outcome("goal", (w.goal,))
    limit = w.config.options.turn_limit
    if limit is not None and w.state.turn >= limit:
        return Outcome("turn_limit", ())
    returning = w.state.replacements or any(e["type"] == "replacement" for e in w.events)
    return None if w.fighters or returning else Outcome("draw", ())


def spacewar_outcome(w: Work) -> Outcome | None:
    """SpaceWar is side against side (TOB-M4-SCEN-01/02): while two sides have fighters the
    game goes on; when the last side's fighters are all out, it wins if they left by a safe
    exit, and it is a draw if they were destroyed or several sides went out together."""
    in_play = {f.side for f in w.fighters.values()}
    if in_play:
        limit = w.config.options.turn_limit
        if limit is not None and w.state.turn >= limit:
            return Outcome("turn_limit", ())
        return None
    gone = list(dict.fromkeys(f.side for f, _ in w.out))
    if len(gone) == 1 and all(cause == "exited" for _, cause in w.out):
        return Outcome("safe_exit", (gone[0],))
    return Outcome("draw", ())


def check_orders(state: TobState, f: Fighter, actions: tuple[Action, ...], where: str) -> None:
    """The Module 4 rules on a fighter's plot (the format's "Illegal orders added in version
    2"), on top of the Module 2-3 checks."""
    ids = {g.id for g in state.fighters} | {p.id for p in state.projectiles}
    for i, a in enumerate(actions):
        at = f"{where}[{i}]"
        if a.card in LAUNCHERS:
            copy = a.field("copy")
            copies = [c for c in launcher_copies(f) if c[1] == a.card]
            if copy is not None and copy > len(copies):
                raise RuleError("TOB-M4-PROJ-01", f"the fighter has {len(copies)} {a.card}", unit=f.id,
                                field=f"{at}.copy")
            if a.card == "CAN" and not 0 <= a.field("thrust", 0) <= 3:
                raise RuleError("TOB-M4-LAUNCH-04", f"a cannon imparts a burn of thrust 0-3; got {a.field('thrust')}",
                                unit=f.id, field=f"{at}.thrust")
            if a.card == "RL" and a.field("momentum") is not None and distance(a.field("momentum"), f.momentum) > 3:
                raise RuleError("TOB-M4-LAUNCH-04", "a rocket's momentum marker is at most 3 hexes from the "
                                f"fighter's momentum marker {list(f.momentum)}", unit=f.id, field=f"{at}.momentum")
            pid = a.field("id")
            if pid is not None and pid in ids:
                raise RuleError("TOB-M4-PROJ-01", f"projectile id {pid!r} is already in use", unit=f.id,
                                field=f"{at}.id")
        else:
            for key in ("thrust", "momentum", "copy", "id"):
                if a.field(key) is not None:
                    raise RuleError("TOB-M4-LAUNCH-04", f"{key} belongs on a launch (MR, CAN, RL, ML), not {a.card}",
                                    unit=f.id, field=f"{at}.{key}")
        if a.card == "BOT" and a.field("reload") is not None:
            try:
                canon = canonical_key(f, a.field("reload"), f"{at}.reload")
            except FormatError as e:
                raise RuleError("TOB-M4-REPAIR-01", e.message, unit=f.id, field=f"{at}.reload") from None
            known = {k: destroyed for k, _, destroyed in launcher_copies(f)}
            if known[canon] or canon in f.kit.reloaded:
                why = "is destroyed (repair it instead)" if known[canon] else "has had its one reload"
                raise RuleError("TOB-M4-REPAIR-01", f"launcher {canon} {why}", unit=f.id, field=f"{at}.reload")
        if a.card == "JAM" and a.field("detonate") is not None and a.field("detonate") not in ids:
            raise RuleError("TOB-M4-JAM-01", f"no projectile {a.field('detonate')!r} in play", unit=f.id,
                            field=f"{at}.detonate")


def check_steer(state: TobState, p: Projectile, d: Decision, where: str) -> None:
    """TOB-M4-MISSILE-01/02: only missiles steer, at most ``min(3, fuel)`` hexes (option
    ``missile_steering = straight``: along one direction)."""
    if d.steer is None:
        return
    if p.kind != "missile":
        raise RuleError("TOB-M4-MISSILE-01", f"only a missile steers; {p.id} is a {p.kind}", unit=p.id,
                        field=f"{where}.steer")
    n = distance(d.steer, p.momentum)
    most = min(3, p.fuel or 0)
    if n > most:
        rule = "TOB-M4-MISSILE-02" if (p.fuel or 0) < 3 else "TOB-M4-MISSILE-01"
        raise RuleError(rule, f"a missile moves its marker at most min(3, fuel {p.fuel}) = {most} hexes; "
                        f"{list(d.steer)} is {n} from {list(p.momentum)}", unit=p.id, field=f"{where}.steer")
    if state.config.options.missile_steering == "straight" and n:
        v = sub(d.steer, p.momentum)
        if not any(scale(DIRECTIONS[i], n) == v for i in range(6)):
            raise RuleError("TOB-M4-MISSILE-01", "option missile_steering straight: the marker moves along one "
                            "direction", unit=p.id, field=f"{where}.steer")

