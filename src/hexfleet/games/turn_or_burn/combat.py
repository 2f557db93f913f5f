"""Fire Guns (TOB-M1-FIRE-01..03, MISS, PULL): targets, miss cards, card pulls.

All fire is simultaneous (TOB-M1-FIRE-02): every shot is fixed from the positions after
movement before any card is pulled, so a fighter destroyed in this phase still fires. Shots are
then resolved one at a time in ascending shooter id (TOB-AMB-21), each from a fresh hand of the
target's remaining systems plus its miss cards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine import rng as rng_mod
from ...engine.ruleset import Event
from ...hexgrid import in_arc, in_arc_exclusive
from .cards import GUNS, Gun, gun_damage, range_miss_cards, size_miss_cards
from .state import Fighter

MISS = "MISS"


@dataclass(frozen=True, slots=True)
class Shot:
    shooter: str
    weapon: str
    target: str
    range: int
    damage: int
    miss_cards: int


def void_reason(shooter: Fighter, gun: Gun, target: Fighter, exclusive_arcs: bool) -> str | None:
    """Why ``shooter`` cannot hit ``target`` with ``gun`` now, or ``None`` if it can."""
    v = (target.hex[0] - shooter.hex[0], target.hex[1] - shooter.hex[1])
    if v == (0, 0):
        return "range_0"  # TOB-M1-GUN-01
    r = max(abs(v[0]), abs(v[1]), abs(v[0] + v[1]))
    if r > gun.range:
        return "out_of_range"
    arc_test = in_arc_exclusive if exclusive_arcs else in_arc
    if not arc_test(shooter.facing, v, gun.arc):
        return "out_of_arc"
    return None


def choose_target(shooter: Fighter, gun: Gun, enemies: list[Fighter], exclusive_arcs: bool) -> Fighter | None:
    """The nearest enemy in range and arc, ties to the lowest id (the format's default)."""
    best: Fighter | None = None
    best_key: tuple[int, str] | None = None
    for e in enemies:
        if void_reason(shooter, gun, e, exclusive_arcs) is None:
            dq, dr = e.hex[0] - shooter.hex[0], e.hex[1] - shooter.hex[1]
            key = (max(abs(dq), abs(dr), abs(dq + dr)), e.id)
            if best_key is None or key < best_key:
                best, best_key = e, key
    return best


def miss_cards(r: int, target_thrust: int, target: Fighter) -> int:
    """TOB-SEQ-11 for Module 1: range band + thrust executed + size, never below 0."""
    band = range_miss_cards(r)
    assert band is not None, "range checked before"
    return max(0, band + target_thrust + size_miss_cards(target.size))


def fire_phase(
    fighters: list[Fighter],
    gun_plots: dict[str, tuple[str, str | None]],
    thrust: dict[str, int],
    rng: int,
    exclusive_arcs: bool,
) -> tuple[list[Fighter], int, list[Event]]:
    """Fix every shot, then pull cards shot by shot. ``gun_plots``: shooter → (gun, named target)."""
    by_id = {f.id: f for f in fighters}
    events: list[Event] = []
    shots: list[Shot] = []
    for shooter_id in sorted(gun_plots):
        shooter = by_id.get(shooter_id)
        if shooter is None:
            continue  # left the map this turn (TOB-GEO-13): it does not fire
        weapon, named = gun_plots[shooter_id]
        gun = GUNS[weapon]
        if named is not None:
            target = by_id.get(named)
            reason = "target_gone" if target is None else void_reason(shooter, gun, target, exclusive_arcs)
            if reason is not None:
                events.append({"type": "shot_void", "shooter": shooter_id, "weapon": weapon, "target": named,
                               "reason": reason})
                continue
        else:
            enemies = [f for f in fighters if f.side != shooter.side]
            target = choose_target(shooter, gun, enemies, exclusive_arcs)
            if target is None:
                continue  # nothing in range and arc: the gun cannot fire (TOB-M1-FIRE-01)
        assert target is not None
        r = max(abs(target.hex[0] - shooter.hex[0]), abs(target.hex[1] - shooter.hex[1]),
                abs(target.hex[0] - shooter.hex[0] + target.hex[1] - shooter.hex[1]))
        shots.append(Shot(shooter_id, weapon, target.id, r, gun_damage(gun, r, target.speed),
                          miss_cards(r, thrust.get(target.id, 0), target)))

    for shot in shots:
        target = by_id[shot.target]
        hand = list(target.working()) + [MISS] * shot.miss_cards
        events.append({"type": "shot", "shooter": shot.shooter, "weapon": shot.weapon, "target": shot.target,
                       "range": shot.range, "effective_range": shot.range, "damage": shot.damage,
                       "miss_cards": shot.miss_cards, "hand_size": len(hand)})
        pulled, rng = rng_mod.sample(rng, hand, shot.damage)
        events.append({"type": "pulled", "target": shot.target, "cards": pulled})
        lost = tuple(c for c in pulled if c != MISS)
        if lost:
            by_id[shot.target] = replace(target, destroyed=target.destroyed + lost)
    return [by_id[f.id] for f in fighters], rng, events
