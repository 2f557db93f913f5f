"""Fire Guns (TOB-M1-FIRE-01..03, TOB-M2-FIRE-01/02, MISS, PULL): one fire phase for every module.

Every shot is fixed, and all targets chosen, from the positions after movement before any card
is pulled (TOB-M1-FIRE-02, TOB-M2-FIRE-01), so a fighter destroyed in this phase still fires.
Shots then resolve one gun at a time, each from the target's current hand with that shot's own
miss cards (TOB-M2-FIRE-02). The order is ascending shooter id, then plot order, or a seeded
shuffle under option ``shot_order = "random"`` (TOB-AMB-21).

Modules 2-3 add lock-ons (effective range), jammers, shields, armor, heavy guns and external
systems; with Module 1 alone none of them can occur, and the announcement and each pull's
``effect`` are not part of its events.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.rng import Rng
from ...engine.ruleset import Event
from ...hexgrid import distance, in_arc, in_arc_exclusive
from .big_party import skill_misses, skill_range
from .build import external_working, heavy_set, internal_working, lost_counts, size_misses
from .cards import GUNS, Gun, gun_damage, range_miss_cards
from .ship_sheet import draw_hits
from .state import NO_HITS, Fighter, Hits, Options

MISS = "MISS"
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


Locks = Mapping[str, "str | None"]


def is_locked(shooter: Fighter, target: Fighter, start_locks: Locks) -> bool:
    """The lock-on helps only its owner, and only if it was on the target at the start of the
    turn and still is (TOB-M2-LOCK-05/06, TOB-M3-MULTI-04; a jammer removed it, TOB-M2-SYS-05)."""
    return start_locks.get(shooter.id) == target.id and shooter.lock_on == target.id


def effective_range(shooter: Fighter, target: Fighter, start_locks: Locks) -> tuple[int, int]:
    """(true range, effective range ⌈r/2⌉ with a lock-on) (TOB-M2-LOCK-03, TOB-SEQ-10)."""
    r = distance(shooter.hex, target.hex)
    return r, (math.ceil(r / 2) if start_locks and is_locked(shooter, target, start_locks) else r)


def void_reason(shooter: Fighter, gun: Gun, target: Fighter, exclusive_arcs: bool,
                start_locks: Locks | None = None, reach: int = 0) -> str | None:
    """Why ``shooter`` cannot hit ``target`` with ``gun`` now, or ``None`` if it can; ``reach``
    is added to the gun's range (the Module 6 long range weapon skill: 2)."""
    v = (target.hex[0] - shooter.hex[0], target.hex[1] - shooter.hex[1])
    if v == (0, 0):
        return "range_0"  # TOB-M1-GUN-01
    r = max(abs(v[0]), abs(v[1]), abs(v[0] + v[1]))
    if start_locks and is_locked(shooter, target, start_locks):
        r = math.ceil(r / 2)
    if r > gun.range + reach:
        return "out_of_range"
    if not (in_arc_exclusive if exclusive_arcs else in_arc)(shooter.facing, v, gun.arc):
        return "out_of_arc"
    return None


def candidates(shooter: Fighter, weapon: str, fighters: Mapping[str, Fighter], start_locks: Locks,
               exclusive_arcs: bool, reach: int = 0) -> list[str]:
    """Opposing fighters ``weapon`` can hit now, nearest (effective range) first, ties by id."""
    gun = GUNS[weapon]
    found = []
    for e in fighters.values():
        if e.side != shooter.side and void_reason(shooter, gun, e, exclusive_arcs, start_locks, reach) is None:
            found.append((effective_range(shooter, e, start_locks)[1], e.id))
    return [fid for _, fid in sorted(found)]


def shot_damage(shooter: Fighter, plot: GunPlot, target: Fighter, r_eff: int, options: Options) -> int:
    """Base damage (TOB-SEQ-14) times the heavy-gun set size (TOB-M3-BIGGUN-04, TOB-AMB-12)."""
    base = gun_damage(GUNS[plot.weapon], r_eff, target.speed)
    group = None if plot.external or not shooter.heavy_guns else heavy_set(shooter, plot.weapon)
    n = len(group) if group else 1
    if n == 2 and plot.weapon == "DB" and options.heavy_db_exact_speed:
        return target.speed
    return n * base


def miss_cards(r_eff: int, thrust: int, target: Fighter, jammed: bool = False) -> int:
    """TOB-SEQ-11: range band + thrust + size class (heavy −1, super −2) + jammer, floor 0."""
    band = range_miss_cards(r_eff)
    assert band is not None, "range checked before"
    return max(0, band + thrust + size_misses(target) + (JAMMER_MISS if jammed else 0))


def hand(target: Fighter, misses: int) -> list[str]:
    """Internal and external systems (disabled heavy-gun cards included) plus miss cards
    (TOB-M3-EXT-04, TOB-IMPL-20)."""
    if not target.external:
        return list(target.working()) + [MISS] * misses
    return internal_working(target) + external_working(target) + [MISS] * misses


def fire_phase(fighters: dict[str, Fighter], plots: list[GunPlot], start_locks: Locks, thrust: Mapping[str, int],
               jammed: frozenset[str], rng: Rng, options: Options, announce: bool,
               immune: frozenset[str] = frozenset(), party: Any = None) -> tuple[Rng, list[Event], Hits]:
    """Fix, announce and resolve every shot; updates ``fighters`` in place. ``announce``: the
    Module 2 announcement (TOB-M2-FIRE-01) and each pull's effect are part of the events.
    ``immune``: fighters that already lost a shield generator this turn, to an explosion in
    Operate Systems (TOB-M4-DET-05); like a bubble-gun hit, nothing more damages them.
    ``party``: Module 6's players, whose skills change range and miss cards (TOB-M6-SKILL-01)."""
    exclusive = options.arc_boundary == "exclusive"
    events: list[Event] = []
    armor_hit: set[str] = set()
    shield_hit: set[str] = set()
    internal_lost: set[str] = set()
    lock_checks: dict[str, list[tuple[bool, str | None]]] = {}
    shots: list[tuple[GunPlot, str, int, int, int, int]] = []
    for plot in plots:
        shooter = fighters.get(plot.shooter)
        if shooter is None:
            continue  # ejected or off the map: it does not fire (TOB-GEO-13)
        gun = GUNS[plot.weapon]
        skills: tuple[str, ...] = party.skills(shooter.side) if party is not None else ()
        reach = 2 if "long_range_weapon" in skills else 0
        # Per plotted gun of a locked-on shooter: for keeping the lock (TOB-M2-LOCK-02); a
        # lock-on is set by now (a scan operates before Fire Guns), so others need no record.
        checks = lock_checks.setdefault(plot.shooter, []) if shooter.lock_on else []
        lock_ok = False
        if shooter.lock_on:
            lock_target = fighters.get(shooter.lock_on)
            lock_ok = lock_target is not None and void_reason(
                shooter, gun, lock_target, exclusive, {shooter.id: shooter.lock_on}) is None
        if shooter.shields:
            events.append({"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon,
                           "target": plot.target, "reason": "shields_up"})  # TOB-M2-SHIELD-01
            checks.append((lock_ok, None))
            continue
        if plot.hold:
            checks.append((lock_ok, None))
            continue
        if plot.target is not None:
            named = fighters.get(plot.target)
            reason = "target_gone" if named is None else void_reason(shooter, gun, named, exclusive, start_locks,
                                                                     reach)
            if reason is not None:
                events.append({"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon,
                               "target": plot.target, "reason": reason})
                checks.append((lock_ok, None))
                continue
            target_id = plot.target
        else:
            found = candidates(shooter, plot.weapon, fighters, start_locks, exclusive, reach)
            if not found:
                checks.append((lock_ok, None))
                continue  # nothing in range and arc: the gun cannot fire (TOB-M1-FIRE-01)
            target_id = found[0]
        target = fighters[target_id]
        r, r_eff = effective_range(shooter, target, start_locks)
        checks.append((lock_ok, target_id))
        jam = target_id in jammed
        extra = 0
        if party is not None:
            r_eff = skill_range(r_eff, plot.weapon, skills)
            extra = skill_misses(skills, party.skills(target.side), jam)
        shots.append((plot, target_id, r, r_eff, shot_damage(shooter, plot, target, r_eff, options),
                      max(0, miss_cards(r_eff, thrust.get(target_id, 0), target, jam) + extra)))
    if shots:
        if announce:
            events.append({"type": "announced", "shots": [  # TOB-M2-FIRE-01
                {"shooter": p.shooter, "weapon": p.weapon, "target": t} for p, t, *_ in shots]})
        if options.shot_order == "random":
            shuffled, rng = rng.sample(shots, len(shots))
            shots = shuffled
        rng = _resolve(fighters, shots, rng, announce, armor_hit, shield_hit, internal_lost, events, immune,
                       options.hit_method)
    if not (armor_hit or shield_hit or internal_lost or lock_checks):
        return rng, events, NO_HITS
    return rng, events, Hits(frozenset(armor_hit), frozenset(shield_hit), frozenset(internal_lost),
                             tuple((fid, tuple(c)) for fid, c in lock_checks.items()))


def _resolve(fighters: dict[str, Fighter], shots: list[tuple[GunPlot, str, int, int, int, int]], rng: Rng,
             effects: bool, armor_hit: set[str], shield_hit: set[str], internal_lost: set[str],
             events: list[Event], already_immune: frozenset[str], hit_method: str = "cards") -> Rng:
    armored = {fid for fid, f in fighters.items() if "ARM" in f.cards and "ARM" in internal_working(f)}  # TOB-M2-ARMOR-04
    immune = set(already_immune)  # TOB-M2-SHIELD-04, TOB-M4-DET-05: until the next turn
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
        sheet: tuple[list[int | str], list[int]] | None = None
        hit = target
        if target.kit.marks:  # Module 6: numbered system hit cards (TOB-M6-HIT-01/02)
            hit, drawn, slots, pulled, rng, dice = draw_hits(target, misses, damage, rng, hit_method)
            events += dice
            sheet = (drawn, slots)
        else:
            pulled, rng = rng.sample(cards, damage)
        systems = tuple(c for c in pulled if c != MISS)
        if not systems:
            effect = "miss"
        elif target.shields:  # a bubble gun actually hit a shielded fighter (TOB-M2-SHIELD-04)
            effect = "shield_generator"
            fighters[target_id] = target.losing(("SG",))
            immune.add(target_id)
            shield_hit.add(target_id)
            if lost_counts(fighters[target_id], "SG")[0] > lost_counts(target, "SG")[0]:
                internal_lost.add(target_id)
        elif target_id in armored and not bubble:  # TOB-M2-ARMOR-01/02: the cards go back
            effect = "armor"
            armor_hit.add(target_id)
        else:
            effect = "destroyed"
            after = hit if sheet is not None else target.losing(systems)
            if effects and any(lost_counts(after, c)[0] > lost_counts(target, c)[0] for c in set(systems)):
                internal_lost.add(target_id)
            fighters[target_id] = after
        event: Event = ({"type": "pulled", "target": target_id, "cards": pulled, "effect": effect} if effects
                        else {"type": "pulled", "target": target_id, "cards": pulled})
        if sheet is not None:
            event["hit_cards"], event["slots"] = sheet[0], sheet[1] if effect == "destroyed" else []
        events.append(event)
    return rng
