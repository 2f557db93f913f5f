"""Fire Guns for Modules 2-3: announced targets, lock-on range, armor, shields, heavy guns,
external systems.

Every shot is fixed, and all targets announced, before any card is pulled (TOB-M2-FIRE-01,
TOB-M3-MULTI-03); shots then resolve one gun at a time, each from the target's current hand
with that shot's own miss cards (TOB-M2-FIRE-02). The order is ascending shooter id, then plot
order, or a seeded shuffle under option ``shot_order = "random"`` (TOB-AMB-21).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ...engine import rng as rng_mod
from ...engine.ruleset import Event
from ...hexgrid import distance, in_arc, in_arc_exclusive
from .build import external_working, heavy_set, internal_working, lost_counts
from .cards import GUNS, gun_damage, range_miss_cards, size_miss_cards
from .combat import MISS
from .state import Fighter, Options

JAMMER_MISS = 2
"""Miss cards a jamming fighter adds against every shot at it (TOB-M2-JAM-01)."""


@dataclass(frozen=True, slots=True)
class GunPlot:
    """One plotted gun action; ``target`` named in the plot or the fire decision, ``hold``
    when its owner chose not to fire."""

    shooter: str
    weapon: str
    external: bool = False
    target: str | None = None
    hold: bool = False


@dataclass(slots=True)
class Hits:
    """What the Fire Guns phase did to each fighter, for the end of the turn."""

    armor: set[str] = field(default_factory=set)
    """Armor absorbed an actual hit: remove 1 armor (+1 external) at end of turn (TOB-M2-ARMOR-01)."""
    shield: set[str] = field(default_factory=set)
    """A bubble gun took a shield generator: shields drop at end of turn (TOB-M2-SHIELD-04)."""
    internal_lost: set[str] = field(default_factory=set)
    """Lost at least one internal card this phase: 1 external goes too (TOB-M3-EXT-05)."""
    lock_checks: dict[str, list[tuple[bool, str | None]]] = field(default_factory=dict)
    """Per shooter, per plotted gun: (its lock-on target in range and arc, target fired at)."""


def is_locked(shooter: Fighter, target: Fighter, start_locks: dict[str, str | None]) -> bool:
    """The lock-on helps only its owner, and only if it was on the target at the start of the
    turn and still is (TOB-M2-LOCK-05/06, TOB-M3-MULTI-04; a jammer removed it, TOB-M2-SYS-05)."""
    return start_locks.get(shooter.id) == target.id and shooter.lock_on == target.id


def effective_range(shooter: Fighter, target: Fighter, start_locks: dict[str, str | None]) -> tuple[int, int]:
    """(true range, effective range ⌈r/2⌉ with a lock-on) (TOB-M2-LOCK-03, TOB-SEQ-10)."""
    r = distance(shooter.hex, target.hex)
    return r, (math.ceil(r / 2) if is_locked(shooter, target, start_locks) else r)


def void_reason(shooter: Fighter, weapon: str, target: Fighter, start_locks: dict[str, str | None],
                exclusive_arcs: bool) -> str | None:
    gun = GUNS[weapon]
    r, r_eff = effective_range(shooter, target, start_locks)
    if r == 0:
        return "range_0"
    if r_eff > gun.range:
        return "out_of_range"
    v = (target.hex[0] - shooter.hex[0], target.hex[1] - shooter.hex[1])
    if not (in_arc_exclusive if exclusive_arcs else in_arc)(shooter.facing, v, gun.arc):
        return "out_of_arc"
    return None


def candidates(shooter: Fighter, weapon: str, fighters: dict[str, Fighter], start_locks: dict[str, str | None],
               exclusive_arcs: bool) -> list[str]:
    """Opposing fighters ``weapon`` can hit now, nearest (effective range) first, ties by id."""
    found = []
    for e in fighters.values():
        if e.side != shooter.side and void_reason(shooter, weapon, e, start_locks, exclusive_arcs) is None:
            found.append((effective_range(shooter, e, start_locks)[1], e.id))
    return [fid for _, fid in sorted(found)]


def shot_damage(shooter: Fighter, plot: GunPlot, target: Fighter, r_eff: int, options: Options) -> int:
    """Base damage (TOB-SEQ-14) times the heavy-gun set size (TOB-M3-BIGGUN-04, TOB-AMB-12)."""
    gun = GUNS[plot.weapon]
    base = gun_damage(gun, r_eff, target.speed)
    group = None if plot.external else heavy_set(shooter, plot.weapon)
    n = len(group) if group else 1
    if n == 2 and plot.weapon == "DB" and options.heavy_db_exact_speed:
        return target.speed
    return n * base


def miss_cards(r_eff: int, thrust: int, target: Fighter, jammed: bool) -> int:
    """TOB-SEQ-11: range band + thrust + size class (heavy −1, super −2) + jammer, floor 0."""
    band = range_miss_cards(r_eff)
    assert band is not None
    return max(0, band + thrust + size_miss_cards(target.size) + (JAMMER_MISS if jammed else 0))


def hand(target: Fighter, misses: int) -> list[str]:
    """Internal and external systems (disabled heavy-gun cards included) plus miss cards
    (TOB-M3-EXT-04, TOB-IMPL-20)."""
    return internal_working(target) + external_working(target) + [MISS] * misses


def fire_phase(fighters: dict[str, Fighter], plots: list[GunPlot], start_locks: dict[str, str | None],
               thrust: dict[str, int], jammed: set[str], rng: int, options: Options) -> tuple[int, list[Event], Hits]:
    """Fix, announce and resolve every shot; updates ``fighters`` in place."""
    exclusive = options.arc_boundary == "exclusive"
    events: list[Event] = []
    hits = Hits()
    shots: list[tuple[GunPlot, str, int, int, int, int]] = []
    for plot in plots:
        shooter = fighters.get(plot.shooter)
        if shooter is None:
            continue  # ejected or off the map: it does not fire
        checks = hits.lock_checks.setdefault(plot.shooter, [])
        lock_target = fighters.get(shooter.lock_on) if shooter.lock_on else None
        lock_ok = lock_target is not None and void_reason(shooter, plot.weapon, lock_target, {
            shooter.id: shooter.lock_on}, exclusive) is None
        if shooter.shields:
            events.append({"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon,
                           "target": plot.target, "reason": "shields_up"})  # TOB-M2-SHIELD-01
            checks.append((lock_ok, None))
            continue
        if plot.hold:
            checks.append((lock_ok, None))
            continue
        if plot.target is not None:
            target = fighters.get(plot.target)
            reason = "target_gone" if target is None else void_reason(shooter, plot.weapon, target, start_locks,
                                                                      exclusive)
            if reason is not None:
                events.append({"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon,
                               "target": plot.target, "reason": reason})
                checks.append((lock_ok, None))
                continue
            target_id = plot.target
        else:
            found = candidates(shooter, plot.weapon, fighters, start_locks, exclusive)
            if not found:
                checks.append((lock_ok, None))
                continue
            target_id = found[0]
        target = fighters[target_id]
        r, r_eff = effective_range(shooter, target, start_locks)
        checks.append((lock_ok, target_id))
        shots.append((plot, target_id, r, r_eff, shot_damage(shooter, plot, target, r_eff, options),
                      miss_cards(r_eff, thrust.get(target_id, 0), target, target_id in jammed)))
    if not shots:
        return rng, events, hits
    events.append({"type": "announced", "shots": [  # TOB-M2-FIRE-01
        {"shooter": p.shooter, "weapon": p.weapon, "target": t} for p, t, *_ in shots]})
    if options.shot_order == "random":
        shots, rng = rng_mod.shuffle(rng, shots)
    armored = {fid for fid, f in fighters.items() if "ARM" in internal_working(f)}  # TOB-M2-ARMOR-04
    immune: set[str] = set()
    for plot, target_id, r, r_eff, damage, misses in shots:
        target = fighters[target_id]
        cards = hand(target, misses)
        events.append({"type": "shot", "shooter": plot.shooter, "weapon": plot.weapon, "target": target_id,
                       "range": r, "effective_range": r_eff, "damage": damage, "miss_cards": misses,
                       "hand_size": len(cards)})
        bubble = plot.weapon == "BG"
        if target_id in immune:
            events.append({"type": "pulled", "target": target_id, "cards": [], "effect": "immune"})
            continue
        if target.shields and not bubble:
            events.append({"type": "pulled", "target": target_id, "cards": [], "effect": "shields"})
            continue
        pulled, rng = rng_mod.sample(rng, cards, damage)
        systems = tuple(c for c in pulled if c != MISS)
        if not systems:
            effect = "miss"
        elif target.shields:  # a bubble gun actually hit a shielded fighter (TOB-M2-SHIELD-04)
            effect = "shield_generator"
            fighters[target_id] = replace(target, destroyed=target.destroyed + ("SG",))
            immune.add(target_id)
            hits.shield.add(target_id)
            if lost_counts(fighters[target_id], "SG")[0] > lost_counts(target, "SG")[0]:
                hits.internal_lost.add(target_id)
        elif target_id in armored and not bubble:  # TOB-M2-ARMOR-01/02: the cards go back
            effect = "armor"
            hits.armor.add(target_id)
        else:
            effect = "destroyed"
            after = replace(target, destroyed=target.destroyed + systems)
            if any(lost_counts(after, c)[0] > lost_counts(target, c)[0] for c in set(systems)):
                hits.internal_lost.add(target_id)
            fighters[target_id] = after
        events.append({"type": "pulled", "target": target_id, "cards": pulled, "effect": effect})
    return rng, events, hits

