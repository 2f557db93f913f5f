"""Attacks: targets, the pool of attack dice, barrages, dogfights and damage (LF-TGT, LF-POOL,
LF-BAR, LF-DMG, LF-FTR).

Every function works on a :class:`Work` and records what happened (dice included) in its
events. Choices that belong to a player (which stat to lose, flip or return to base, where to
land, whether to advance) are queued as tasks; the ruleset turns a task with more than one
option into that player's decision.
"""

from __future__ import annotations

from typing import Any

from ...hexgrid import FRONT, REAR, Hex, distance
from .designer import HOLDS, SQUADRON_COST, STATS
from .movement import best_paths, enter_asteroid
from .state import (
    ASTEROID,
    DESTROYED,
    ELIMINATED,
    FIGHTER_MOVE,
    HOSTED,
    NEBULA,
    ON_MAP,
    PLANETOID,
    Ship,
    Squadron,
    Work,
    adjacent,
    arc,
    kill_value,
    lf_neighbors,
)

MAX_RANGE = 5
"""Ships fire cannons and missiles at ships up to 5 spaces away (LF-TGT-01)."""
MAX_INTERCEPTORS = 3
LANDING_RANGE = 5
"""A returning squadron lands on a friendly ship up to 5 spaces away (LF-FTR-02)."""


# --- targets ------------------------------------------------------------------------------


def may_attack(w: Work, a: Hex, t: Hex) -> bool:
    """Nebulae: a unit in a nebula attacks and is attacked only when adjacent (LF-TER-05)."""
    terrain = w.config.terrain
    return distance(a, t) == 1 or (terrain.get(a) != NEBULA and terrain.get(t) != NEBULA)


def ship_targets(w: Work, ship: Ship) -> list[str]:
    """Enemy ships 1-5 spaces away and adjacent enemy squadrons (LF-TGT-01, LF-TGT-05)."""
    at = ship.hex
    assert at is not None
    out = []
    config = w.config
    around = best_paths(config, at, MAX_RANGE) if config.options.range_routes_around_planetoids else None
    friends, terrain = config.friends(ship.owner), config.terrain
    for u in w.units_on_map():
        there = u.hex
        if there is None or u.owner in friends:
            continue
        d = distance(at, there)
        if around is not None and d > 1:  # counted as a move would go, around planetoids (LF-AMB-07)
            d = len(around[there]) if there in around else MAX_RANGE + 1
        reach = MAX_RANGE if isinstance(u, Ship) else 1
        if 1 <= d <= reach and (not terrain or may_attack(w, at, there)):
            out.append(u.id)
    return out


def adjacent_enemy_squadrons(w: Work, ship: Ship) -> list[str]:
    return [q.id for q in w.sqs.values() if q.status == ON_MAP and not w.config.allied(q.owner, ship.owner)
            and adjacent(q.hex, ship.hex)]


def flanking(attacker: Ship, target: Ship) -> bool:
    """Firing out of your front arc into the target's rear arc (LF-ARC-05)."""
    assert attacker.hex is not None and target.hex is not None
    return (arc(attacker.hex, attacker.facing, target.hex) == FRONT
            and arc(target.hex, target.facing, attacker.hex) == REAR)


def interceptors(w: Work, defender: Ship, attacker_hex: Hex) -> list[str]:
    """Active squadrons of the defender's owner adjacent to it and not in the arc opposite the
    incoming missiles: front shots are met from the front, rear from the rear, side-line
    shots from anywhere (LF-POOL-06)."""
    assert defender.hex is not None
    incoming = arc(defender.hex, defender.facing, attacker_hex)
    out = []
    for q in w.sqs.values():
        if (q.status != ON_MAP or not q.active or not w.config.allied(q.owner, defender.owner)
                or not adjacent(q.hex, defender.hex)):
            continue
        assert q.hex is not None
        if incoming in (FRONT, REAR) and arc(defender.hex, defender.facing, q.hex) != incoming:
            continue
        out.append(q.id)
    return out


def modifier(w: Work, attacker_hex: Hex, target_hex: Hex) -> int:
    """Terrain penalty on a barrage or dogfight roll against the target (LF-TER-02, LF-TER-04)."""
    terrain = w.config.terrain
    mod = 0
    if terrain.get(target_hex) == ASTEROID:
        mod += 1
    if distance(attacker_hex, target_hex) > 1 and any(terrain.get(n) == PLANETOID for n in lf_neighbors(target_hex)):
        mod += 1
    return mod


def barrage_result(dice: list[int], mod: int, defense: int) -> str:
    """``auto_miss`` (all 1s), ``miss`` (sum <= D), ``direct`` (sum > 2D) or ``hit``
    (LF-BAR-02); terrain lowers the sum, never below 1 (LF-TER-07)."""
    if all(d == 1 for d in dice):
        return "auto_miss"
    total = max(1, sum(dice) - mod)
    if total <= defense:
        return "miss"
    return "direct" if total > 2 * defense else "hit"


# --- the pool -----------------------------------------------------------------------------


def gather(w: Work, ship: Ship, system: str, target_id: str, missiles: int) -> None:
    """Start a cannon or launcher pool (LF-ATK-05 steps 2-5, LF-POOL-08)."""
    target = w.unit(target_id)
    assert w.act is not None and target.hex is not None and ship.hex is not None
    flak = isinstance(target, Squadron)
    event: dict[str, Any] = {"type": "pool", "unit": ship.id, "system": system, "target": target_id}
    if system == "cannons":
        n = ship.stat("cannons")
        speed = FIGHTER_MOVE if flak else target.move  # type: ignore[union-attr]
        if speed > ship.stat("cannons"):
            n = -(-n // 2)
            event["halved"] = True
    else:
        n = missiles
        ship = w.edit(ship)
        ship.missiles -= missiles
        event["missiles"] = missiles
    pool = {"system": system, "target": target_id, "dice": n, "flak": flak,
            "flank": not flak and flanking(ship, target)}  # type: ignore[arg-type]
    w.act["pool"] = pool
    event["pool"] = n
    w.events.append(event)
    if system == "launchers" and not flak:
        eligible = interceptors(w, target, ship.hex)  # type: ignore[arg-type]
        if eligible:
            w.queue.insert(0, {"kind": "intercept", "ship": target_id, "seat": target.owner, "eligible": eligible})
            return
    finish_pool(w)


def intercept(w: Work, squadrons: list[str]) -> None:
    """Each interceptor rolls 1d6; each 4-6 removes a die from the pool (LF-POOL-06)."""
    assert w.act is not None
    pool = w.act["pool"]
    rolls = w.dice(len(squadrons), "intercept", w.unit(pool["target"]).owner)
    stopped = sum(1 for r in rolls if r >= 4)
    if squadrons:
        w.rolled = True
    pool["dice"] = max(0, pool["dice"] - stopped)
    w.log_roll({"type": "intercept", "target": pool["target"], "squadrons": squadrons, "dice": rolls,
                     "removed": stopped, "pool": pool["dice"]})
    finish_pool(w)


def finish_pool(w: Work) -> None:
    """Double a flanking pool, after halving and interception (LF-POOL-07)."""
    assert w.act is not None
    pool = w.act["pool"]
    if pool["flank"] and pool["dice"]:
        pool["dice"] *= 2
        w.events.append({"type": "flank", "target": pool["target"], "pool": pool["dice"]})
    if not pool["dice"]:
        end_pool(w, "empty")


def end_pool(w: Work, reason: str) -> None:
    assert w.act is not None
    pool = w.act["pool"]
    w.act["used"].append(pool["system"])
    if pool["dice"]:
        w.events.append({"type": "pool_forfeited", "unit": w.act["ship"], "forfeited": pool["dice"], "reason": reason})
    w.act["pool"] = None


def pool_targets(w: Work, ship: Ship) -> list[str]:
    """What the next barrage may be aimed at: the pool's target, or for flak any adjacent
    enemy squadron (LF-BAR-07)."""
    assert w.act is not None
    pool = w.act["pool"]
    if pool["flak"]:
        return adjacent_enemy_squadrons(w, ship)
    target = w.ships.get(pool["target"])
    return [target.id] if target is not None and target.status == ON_MAP else []


def barrage(w: Work, ship: Ship, n: int, target_id: str) -> None:
    """Roll ``n`` dice of the pool at ``target_id`` and apply the result (LF-BAR-01..05)."""
    assert w.act is not None and ship.hex is not None
    pool = w.act["pool"]
    pool["dice"] -= n
    w.rolled = True
    dice = w.dice(n, "barrage", ship.owner)
    target = w.unit(target_id)
    assert target.hex is not None
    mod = modifier(w, ship.hex, target.hex)
    event: dict[str, Any] = {"type": "barrage", "unit": ship.id, "system": pool["system"], "target": target_id,
                             "dice": dice}
    if mod:
        event["modifier"] = -mod
    if isinstance(target, Squadron):
        (defense,) = w.dice(1, "defense", target.owner)
        event["defense_roll"] = [defense]
    else:
        defense = target.stat("defense")
        event["defense"] = defense
    result = barrage_result(dice, mod, defense)
    event["result"] = result
    w.log_roll(event)
    if isinstance(target, Squadron):
        hit_squadron(w, target, result, ship.owner)
    else:
        hit_ship(w, target, result, pool["system"], ship.owner)
    if pool["dice"] == 0:
        end_pool(w, "empty")


# --- fighters attacking -------------------------------------------------------------------


def formation(w: Work, squadrons: list[Squadron], target: Ship) -> None:
    """Squadrons adjacent to a ship attack it together: one barrage, one die each (LF-BAR-06)."""
    assert target.hex is not None
    dice = w.dice(len(squadrons), "barrage", squadrons[0].owner)
    w.rolled = True
    mod = modifier(w, target.hex, target.hex)  # adjacent: only the target's asteroid cover applies
    defense = target.stat("defense")
    result = barrage_result(dice, mod, defense)
    event: dict[str, Any] = {"type": "barrage", "units": [q.id for q in squadrons], "system": "guns",
                             "target": target.id, "dice": dice, "defense": defense, "result": result}
    if mod:
        event["modifier"] = -mod
    w.log_roll(event)
    hit_ship(w, target, result, "guns", squadrons[0].owner)


def dogfight(w: Work, attacker: Squadron, defender: Squadron) -> None:
    """Each side rolls 1d6; the higher hits the lower, directly if more than double; equal is
    a draw (LF-BAR-08). The winner chooses the result and may advance (LF-FTR-06)."""
    assert attacker.hex is not None and defender.hex is not None
    (a,) = w.dice(1, "dogfight", attacker.owner)
    (d,) = w.dice(1, "dogfight", defender.owner)
    w.rolled = True
    terrain = w.config.terrain
    a2 = max(1, a - 1) if terrain.get(defender.hex) == ASTEROID else a
    d2 = max(1, d - 1) if terrain.get(attacker.hex) == ASTEROID else d
    event: dict[str, Any] = {"type": "dogfight", "attacker": attacker.id, "defender": defender.id,
                             "dice": [a, d], "totals": [a2, d2]}
    if a2 == d2:
        event["result"] = "draw"
        w.log_roll(event)
        return
    winner, loser, hi, lo = (attacker, defender, a2, d2) if a2 > d2 else (defender, attacker, d2, a2)
    result = "direct" if hi > 2 * lo else "hit"
    event.update(winner=winner.id, result=result)
    w.log_roll(event)
    vacated = loser.hex
    assert vacated is not None, "a squadron in a dogfight is on the map"
    hit_squadron(w, loser, result, winner.owner)
    loser = w.sqs[loser.id]  # as the hit left it
    w.queue.insert(1 if result == "hit" and loser.status == ON_MAP and loser.active else 0,
                   {"kind": "advance", "hex": list(vacated), "victor": winner.id, "seat": winner.owner})


# --- damage -------------------------------------------------------------------------------


def hit_ship(w: Work, ship: Ship, result: str, system: str, attacker: str) -> None:
    """Queue the stat losses of a hit (LF-DMG-02): the defender chooses for a cannon or gun
    hit, the attacker for a direct hit and for every missile hit; a missile direct hit
    costs two levels (LF-DMG-03)."""
    if result not in ("hit", "direct"):
        return
    chooser = ship.owner if result == "hit" and system != "launchers" else attacker
    left = 2 if result == "direct" and system == "launchers" else 1
    w.queue.insert(0, {"kind": "stat", "ship": ship.id, "chooser": chooser, "credit": attacker, "left": left,
                       "cause": system})


def stat_options(w: Work, ship: Ship, cause: str) -> list[str]:
    """Stats the chooser may reduce: those at 1 or more (LF-DMG-01, LF-AMB-19), and with the
    optional ``holds_hittable`` rule its cargo and passenger holds in combat (LF-ADD-06)."""
    out = [s for s in STATS if ship.stat(s) >= 1]
    if w.config.options.holds_hittable and cause != "asteroid":
        out += [h for h, n in zip(HOLDS, ship.holds) if n >= 1]
    return out


def reduce_stat(w: Work, ship: Ship, stat: str, task: dict[str, Any]) -> None:
    """Lower one stat by one level, now (LF-DMG-01, LF-DMG-07); bays lost with squadrons
    aboard roll for them (LF-DMG-06); all five at zero destroys the ship (LF-DMG-08)."""
    follow: list[dict[str, Any]] = []
    ship = w.edit(ship)
    if stat in HOLDS:  # never one of the five stats: it cannot destroy the ship
        holds = list(ship.holds)
        holds[HOLDS.index(stat)] -= 1
        ship.holds = (holds[0], holds[1])
        w.events.append({"type": "stat_lost", "ship": ship.id, "stat": stat, "level": holds[HOLDS.index(stat)],
                         "chooser": task["chooser"]})
        if task["left"] > 1:
            w.queue.insert(0, {**task, "left": task["left"] - 1})
        return
    i = STATS.index(stat)
    stats = list(ship.stats)
    stats[i] -= 1
    ship.stats = tuple(stats)  # type: ignore[assignment]
    w.events.append({"type": "stat_lost", "ship": ship.id, "stat": stat, "level": stats[i], "chooser": task["chooser"]})
    if stat == "bays" and w.hosted(ship.id):
        follow.append({"kind": "bay_roll", "ship": ship.id, "credit": task["credit"]})
    if not any(ship.stats):
        destroy_ship(w, ship, task["credit"])
        return
    if task["left"] > 1:
        follow.append({**task, "left": task["left"] - 1})
    w.queue[0:0] = follow


def bay_roll(w: Work, ship: Ship, credit: str | None) -> None:
    (die,) = w.dice(1, "bay", ship.owner)
    lost = die >= 4
    w.log_roll({"type": "bay_roll", "ship": ship.id, "dice": [die], "squadron_lost": lost})
    if lost and w.hosted(ship.id):
        w.queue.insert(0, {"kind": "bay_loss", "ship": ship.id, "seat": ship.owner, "credit": credit})


def destroy_ship(w: Work, ship: Ship, credit: str | None) -> None:
    """Remove a ship with all stats at zero; its hosted squadrons are lost with it and the
    player who rolled the final barrage scores it (LF-DMG-08, LF-DMG-09, LF-VIC-02/03)."""
    aboard = [w.edit(q) for q in w.hosted(ship.id)]
    for q in aboard:
        q.status, q.host = ELIMINATED, None
    ship = w.edit(ship)
    ship.status, ship.hex = DESTROYED, None
    w.events.append({"type": "destroyed", "ship": ship.id, "squadrons": [q.id for q in aboard], "credit": credit})
    if credit is None or w.config.allied(credit, ship.owner):
        return
    w.ledger.append((credit, kill_value(ship, len(aboard), w.config.options.vp_accounting), ship.id))


def hit_squadron(w: Work, q: Squadron, result: str, chooser: str) -> None:
    """A direct hit, or any hit on an inactive squadron, eliminates it; otherwise the attacker
    (the dogfight's winner) chooses flip or return to base (LF-DMG-04, LF-DMG-05)."""
    if result not in ("hit", "direct"):
        return
    if result == "direct" or not q.active:
        eliminate(w, q, chooser, "direct hit" if result == "direct" else "hit while inactive")
        return
    w.queue.insert(0, {"kind": "fighter_hit", "squadron": q.id, "seat": chooser, "credit": chooser})


def eliminate(w: Work, q: Squadron, credit: str | None, cause: str) -> None:
    q = w.edit(q)
    q.status, q.hex, q.host = ELIMINATED, None, None
    w.events.append({"type": "eliminated", "unit": q.id, "cause": cause, "credit": credit})
    if credit is not None and not w.config.allied(credit, q.owner):
        w.ledger.append((credit, 2 * SQUADRON_COST, q.id))


def landing_ships(w: Work, q: Squadron, origin: Hex) -> list[str]:
    """Friendly ships within 5 spaces with a bay free this turn (LF-FTR-02, LF-FTR-03)."""
    return [s.id for s in w.ships.values()
            if s.status == ON_MAP and w.config.allied(s.owner, q.owner) and s.hex is not None
            and distance(origin, s.hex) <= LANDING_RANGE
            and s.stat("bays") - s.recoveries >= 1]


def land(w: Work, q: Squadron, ship: Ship) -> None:
    """Land face down on ``ship``: inactive until the recovery phase (LF-FTR-02)."""
    q, ship = w.edit(q), w.edit(ship)
    q.status, q.host, q.hex, q.active = HOSTED, ship.id, None, False
    ship.recoveries += 1
    w.events.append({"type": "landed", "unit": q.id, "ship": ship.id})


def advance_candidates(w: Work, task: dict[str, Any]) -> list[str]:
    """The victor, or another active squadron of its owner adjacent to both the victor and the
    vacated hex (LF-FTR-06)."""
    h = tuple(task["hex"])
    victor = w.sqs[task["victor"]]
    if w.unit_at(h) is not None or victor.status != ON_MAP:
        return []
    out = [victor.id] if victor.active else []
    out += [q.id for q in w.sqs.values() if q is not victor and q.status == ON_MAP and q.active
            and w.config.allied(q.owner, task["seat"]) and adjacent(q.hex, victor.hex) and adjacent(q.hex, h)]
    return out


def advance(w: Work, q: Squadron, h: Hex) -> None:
    q = w.edit(q)
    start = q.hex
    q.hex = h
    w.events.append({"type": "advanced", "unit": q.id, "from": list(start or h), "to": list(h)})
    if w.config.terrain.get(h) == ASTEROID:
        enter_asteroid(w, q, h)


def launch(w: Work, ship: Ship, q: Squadron, h: Hex) -> None:
    """Place a hosted squadron next to its ship, active at once (LF-LAUNCH-02, LF-LAUNCH-03)."""
    q, ship = w.edit(q), w.edit(ship)
    q.status, q.host, q.hex = ON_MAP, None, h
    q.launched_step = w.step
    q.moved = True
    ship.launches += 1
    w.events.append({"type": "launched", "unit": q.id, "ship": ship.id, "hex": list(h)})
    if w.config.terrain.get(h) == ASTEROID:
        enter_asteroid(w, q, h)

