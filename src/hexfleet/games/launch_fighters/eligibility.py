"""Who may act now: units in the step, ships waiting to be placed, usable weapon systems.

Queries on a :class:`Work` shared by order checking (``orders``) and the driver (``play``).
"""

from __future__ import annotations

from ...engine.ruleset import Seat
from ...hexgrid import add, distance, scale
from . import combat
from .designer import STATS
from .state import FIGHTER_MOVE, LF_DIRECTIONS, ON_MAP, RESERVE, Ship, Squadron, Work

PLACEMENT_DISTANCE = 10
"""Flagships go exactly 10 spaces in a straight line from an opponent's (LF-SETUP-03)."""


def unplaced(w: Work, seat: Seat) -> list[Ship]:
    return [s for s in w.ships.values() if s.owner == seat and s.status == RESERVE]


def placement_hexes(w: Work, seat: Seat, flagship: bool) -> list[tuple[int, int]]:
    """Legal hexes for the next ship (LF-SETUP-02..04)."""
    config = w.config
    placed = [s for s in w.ships.values() if s.status == ON_MAP]
    if flagship:
        flags = [s for s in placed if s.flagship]
        if not flags:
            return [config.center]
        out = set()
        for f in flags:
            assert f.hex is not None
            for d in LF_DIRECTIONS:
                p = add(f.hex, scale(d, PLACEMENT_DISTANCE))
                if config.passable(p) and all(distance(p, s.hex) >= PLACEMENT_DISTANCE for s in placed if s.hex):
                    out.add(p)
        if out:
            return sorted(out)
        # No row hex is left on this board: take the hexes farthest from every placed ship
        # (a reading for small boards; LF-AMB-08 asks for a big enough board).
        cands = [h for h in config.map.hexes() if config.passable(h) and w.unit_at(h) is None]
        best = max(min(distance(h, s.hex) for s in placed if s.hex) for h in cands)
        return sorted(h for h in cands if min(distance(h, s.hex) for s in placed if s.hex) == best)
    own = [s for s in placed if s.owner == seat]
    flag = next(s for s in own if s.flagship)
    assert flag.hex is not None
    around = w.empty_neighbors(flag.hex)
    if around:
        return sorted(around)
    out = set()
    for s in own:
        assert s.hex is not None
        out.update(w.empty_neighbors(s.hex))
    return sorted(out)


def movers(w: Work, seat: Seat) -> list[Ship | Squadron]:
    """Units of ``seat`` in this movement step that have not moved (LF-MOVE-01, LF-MOVE-09)."""
    step = w.step
    out: list[Ship | Squadron] = [s for s in w.ships.values()
                                  if s.stats[4] == step and s.owner == seat and s.status == ON_MAP and not s.moved]
    if step == FIGHTER_MOVE:
        out += [q for q in w.sqs.values() if q.owner == seat and q.status == ON_MAP and q.active and not q.moved]
    return out


def attackers(w: Work, seat: Seat) -> list[Ship | Squadron]:
    """Units of ``seat`` in this attack step that have not attacked (LF-ATK-01..03); launched
    squadrons join the step they were launched in (LF-LAUNCH-03)."""
    out: list[Ship | Squadron] = []
    out += attacking_ships(w, seat)
    out += attacking_squadrons(w, seat)
    return out


def attacking_ships(w: Work, seat: Seat) -> list[Ship]:
    """The ships of :func:`attackers`: Move equal to the step (LF-ATK-02)."""
    step = w.step
    return [s for s in w.ships.values() if s.stats[4] == step and s.owner == seat and s.status == ON_MAP
            and not s.activated]


def attacking_squadrons(w: Work, seat: Seat) -> list[Squadron]:
    """The squadrons of :func:`attackers`: active ones in step 5, or launched in this step."""
    step = w.step
    now = w.config.options.launched_fighters_attack_immediately
    return [q for q in w.sqs.values() if q.owner == seat and q.status == ON_MAP and q.active and not q.activated
            and (step == FIGHTER_MOVE or (now and q.launched_step == step))]


def seats_moving(w: Work) -> set[Seat]:
    """The seats with a unit in :func:`movers`, found in one pass over the units (the
    movement rotation asks after every move)."""
    step = w.step
    out = {s.owner for s in w.ships.values() if s.stats[4] == step and s.status == ON_MAP and not s.moved}
    if step == FIGHTER_MOVE:
        out |= {q.owner for q in w.sqs.values() if q.status == ON_MAP and q.active and not q.moved}
    return out


def seats_attacking(w: Work) -> set[Seat]:
    """The seats with a unit in :func:`attackers`, found in one pass over the units."""
    step = w.step
    out = {s.owner for s in w.ships.values() if s.stats[4] == step and s.status == ON_MAP and not s.activated}
    if step == FIGHTER_MOVE:
        out |= {q.owner for q in w.sqs.values() if q.status == ON_MAP and q.active and not q.activated}
    elif w.config.options.launched_fighters_attack_immediately:
        out |= {q.owner for q in w.sqs.values() if q.launched_step == step and q.status == ON_MAP and q.active
                and not q.activated}
    return out


def usable_systems(w: Work, ship: Ship, targets: list[str] | None = None) -> list[str]:
    """Weapon systems the active ship may still use (LF-ATK-04); ``targets``: its
    ``combat.ship_targets`` if the caller has them already."""
    assert w.act is not None and ship.hex is not None
    used = w.act["used"]
    out = []
    holds_fire = ship.warp_declared and w.config.options.warp_no_move_fire  # LF-ADD-03a
    for system in ("cannons", "launchers"):
        if system in used or not ship.stat(system) or (system == "launchers" and not ship.missiles) or holds_fire:
            continue
        targets = combat.ship_targets(w, ship) if targets is None else targets
        if targets:
            out.append(system)
    if ("bays" not in used and ship.stat("bays") > ship.launches and any(q.active for q in w.hosted(ship.id))
            and w.empty_neighbors(ship.hex)):
        out.append("bays")
    return out


def damaged(ship: Ship) -> list[str]:
    return [s for s, now, orig in zip(STATS, ship.stats, ship.design.stats) if now < orig]
