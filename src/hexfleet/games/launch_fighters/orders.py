"""Launch Fighters! orders: checking one parsed order by the rules (``check_*``) and the lazy
set of legal orders (``legal_*``), per decision kind (docs/launch-fighters.md lists their shapes).

Orders arrive parsed (:mod:`.notation`): shape errors were raised there as
:class:`FormatError` naming the field; here broken rules are :class:`RuleError` naming the
rule. Checking never enumerates: a move checks its one path, a launch its listed squadrons
(STYLE §2). Legal sets are the kernel's :class:`~hexfleet.engine.legal.ByUnit` where one unit
of several acts (placing, moving, activating), :class:`~hexfleet.engine.legal.Choices` for the
short decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import Any, overload

from ...engine.errors import FormatError, RuleError
from ...engine.legal import ByUnit, Choices, Lazy, Legal
from ...engine.ruleset import Seat
from ...hexgrid import Hex, distance
from . import combat
from .designer import check_fleet
from .eligibility import attackers, attacking_ships, attacking_squadrons, movers, placement_hexes, unplaced, usable_systems
from .movement import allowance, best_paths, check_path, may_end, reachable
from .notation import Activate, Barrage, Fleet, Formation, Move, Place, System
from .state import FIGHTER_MOVE, HOSTED, ON_MAP, RESERVE, LfState, Ship, Squadron, Work, lf_neighbors

Contains = Callable[[object], bool]
"""The kind's rule check as a membership test (``order in legal``)."""


def _has_fighter_warp(w: Work, q: Squadron) -> bool:
    origin = w.ships.get(q.origin)
    return bool(w.config.options.fighter_warp and origin is not None and origin.design.fighter_warp)


def _own_unit(w: Work, seat: Seat, uid: str, where: str = "order.unit") -> Ship | Squadron:
    u = w.ships.get(uid) or w.sqs.get(uid)
    if u is None:
        raise FormatError(where, f"no unit {uid!r}")
    if u.owner != seat:
        raise RuleError("ENGINE-SEAT", f"{u.id} belongs to {u.owner}, not {seat}", unit=u.id, field=where)
    return u


def order_path(w: Work, u: Ship | Squadron, order: Move, limit: int) -> list[Hex]:
    """The hexes a move walks: its own path, or the best path to ``to`` (fewest asteroids)."""
    assert u.hex is not None
    if order.path is not None:
        path = list(order.path)
        if order.to is not None and (path[-1] if path else u.hex) != order.to:
            raise RuleError("LF-MOVE-05", "the path does not end at 'to'", unit=u.id, field="order.to")
        return path
    to = order.to
    assert to is not None
    if to == u.hex:
        return []
    paths = best_paths(w.config, u.hex, limit)
    if to not in paths:
        raise RuleError("LF-MOVE-05", f"{list(to)} is not within {limit} spaces of {list(u.hex)} by a path "
                        "around planetoids", unit=u.id, field="order.to")
    return list(paths[to])


def check_fleet_order(state: LfState, seat: Seat, order: Fleet) -> None:
    if order.ships is not None:
        check_fleet(list(order.ships), state.config.fleet_limit, "order.ships",
                    warp_flat=state.config.options.warp_flat_cost, fighter_warp=state.config.options.fighter_warp)


def _check_launch(w: Work, ship: Ship, launch: tuple[tuple[str, Hex], ...]) -> None:
    assert ship.hex is not None
    room = ship.stat("bays") - ship.launches
    if len(launch) > room:
        raise RuleError("LF-LAUNCH-05", f"{ship.id} may launch {room} squadrons now (Bays {ship.stat('bays')})",
                        unit=ship.id, field="order.launch")
    free = w.empty_neighbors(ship.hex)
    seen_q, seen_h = set(), set()
    for i, (qid, h) in enumerate(launch):
        where = f"order.launch[{i}]"
        q = w.sqs.get(qid)
        if q is None or q.status != HOSTED or q.host != ship.id:
            raise RuleError("LF-LAUNCH-01", f"{qid!r} is not aboard {ship.id}", unit=ship.id,
                            field=f"{where}.squadron")
        if not q.active:
            raise RuleError("LF-LAUNCH-04", f"{q.id} is face down (inactive) and cannot be launched this turn",
                            unit=q.id, field=f"{where}.squadron")
        if h not in free or h in seen_h:
            raise RuleError("LF-LAUNCH-02", f"{list(h)} is not an empty hex adjacent to {ship.id}", unit=q.id,
                            field=f"{where}.hex")
        if q.id in seen_q:
            raise FormatError(f"{where}.squadron", "listed twice")
        seen_q.add(q.id)
        seen_h.add(h)


# --- legal orders ---------------------------------------------------------------------------


def legal_place(w: Work, d: Mapping[str, Any], contains: Contains) -> Legal[Place]:
    hexes = placement_hexes(w, d["seat"], d["flagship"])

    def orders(sid: str) -> Lazy[Place]:
        return Lazy(6 * len(hexes), lambda i: Place(sid, hexes[i // 6], i % 6))

    return ByUnit({s.id: orders(s.id) for s in unplaced(w, d["seat"])}, contains)


class _Gapped(Sequence[Hex]):
    """``first``, then ``hexes`` without those at the places ``gaps`` (ascending): a mover's
    own hex and the reachable hexes no unit blocks, found by place when read instead of
    filtering a hundred hexes at every movement decision (a few units block a few places)."""

    __slots__ = ("_first", "_hexes", "_gaps")

    def __init__(self, first: Hex, hexes: tuple[Hex, ...], gaps: list[int]):
        self._first, self._hexes, self._gaps = first, hexes, gaps

    def __len__(self) -> int:
        return 1 + len(self._hexes) - len(self._gaps)

    @overload
    def __getitem__(self, i: int) -> Hex: ...

    @overload
    def __getitem__(self, i: slice) -> list[Hex]: ...

    def __getitem__(self, i: int | slice) -> Hex | list[Hex]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i == 0:
            return self._first
        i -= 1
        for g in self._gaps:  # the i-th hex not in a gap: step over each gap at or before it
            if g > i:
                break
            i += 1
        return self._hexes[i]


def _ship_moves(uid: str, plain: Sequence[Hex], extra: list[Hex], facing: int, warp: Hex | None) -> Lazy[Move]:
    """A ship's moves, made when read: every plain destination with each of six facings, then
    booster destinations (keeping the facing), then a warp in place."""
    n, boosted = 6 * len(plain), len(extra)

    def make(i: int) -> Move:
        if i < n:
            return Move(uid, plain[i // 6], None, i % 6)
        if i - n < boosted:
            return Move(uid, extra[i - n], None, facing, True)
        return Move(uid, warp, None, facing, False, True)

    return Lazy(n + boosted + (warp is not None), make)


def _squadron_moves(uid: str, plain: Sequence[Hex], warp: Hex | None) -> Lazy[Move]:
    n = len(plain)
    return Lazy(n + (warp is not None), lambda i: Move(uid, plain[i]) if i < n else Move(uid, warp, warp=True))


def legal_move(w: Work, d: Mapping[str, Any], contains: Contains) -> Legal[Move]:
    """Each mover's destinations (one path each: the engine's best), boosters only for hexes out
    of plain reach, warp only with a 0-space move: ``contains`` accepts every legal variant.
    Orders are made only when read (a bot's draw builds one)."""
    units: dict[str, Lazy[Move]] = {}
    occupied = {x.hex: x for x in w.units_on_map() if x.hex is not None}
    # may_end on every reachable hex, which is open space: a squadron ends in no unit's hex,
    # a ship in no ship's (it pushes a squadron, LF-MOVE-08); a unit is never in its own reach
    by_ships = {h for h, x in occupied.items() if not isinstance(x, Squadron)}
    for u in movers(w, d["seat"]):
        assert u.hex is not None
        taken = by_ships if isinstance(u, Ship) else occupied
        reach, place = reachable(w.config, u.hex, allowance(u, False))
        plain = _Gapped(u.hex, reach, sorted(place[h] for h in taken if h in place))
        if isinstance(u, Squadron):
            units[u.id] = _squadron_moves(u.id, plain, u.hex if _has_fighter_warp(w, u) else None)
            continue
        extra: list[Hex] = []
        if u.boosters_left and u.move:  # the hexes only a booster reaches, none blocked
            further, _ = reachable(w.config, u.hex, u.move + 1)
            extra = [h for h in further if h not in place and h not in taken]
        units[u.id] = _ship_moves(u.id, plain, extra, u.facing, u.hex if u.design.warp and u.move else None)
    return ByUnit(units, contains)


def legal_activate(w: Work, d: Mapping[str, Any], contains: Contains) -> Legal[Activate | Formation]:
    """Each unit's activations; formations only with every eligible adjacent squadron.
    The seat's enemies on the map and its decks (``combat.landing_ships``) are found once."""
    units: dict[str, list[Activate | Formation]] = {}
    seat = d["seat"]
    friends = w.config.friends(seat)
    for s in attacking_ships(w, seat):
        units[s.id] = [Activate(s.id)]
    squadrons = attacking_squadrons(w, seat)
    if not squadrons:  # nothing else to find: no formation, dogfight or return
        return ByUnit(units, contains)
    enemies = [(e, e.hex) for e in w.units_on_map() if e.owner not in friends and e.hex is not None]
    decks = [s.hex for s in w.ships.values() if s.status == ON_MAP and s.owner in friends and s.hex is not None
             and s.stats[2] - s.recoveries >= 1]
    for u in squadrons:
        out: list[Activate | Formation] = [Activate(u.id)]
        h = u.hex
        assert h is not None
        if any(distance(h, x) <= combat.LANDING_RANGE for x in decks):
            out.append(Activate(u.id, rtb=True))
        around = lf_neighbors(h)  # adjacent: distance 1, without computing it
        out += [Activate(u.id, e.id) for e, at in enemies if at in around]
        units[u.id] = out
    for t, at in enemies:
        if isinstance(t, Ship):
            around = lf_neighbors(at)
            group = [q.id for q in squadrons if q.hex in around]
            if len(group) >= 2:
                units["+".join(group) + ">" + t.id] = [Formation(tuple(group), t.id)]
    return ByUnit(units, contains)


def legal_system(w: Work, d: Mapping[str, Any], contains: Contains) -> Legal[System]:
    """Every system's orders; launches only the first active squadrons aboard. Orders are
    made only when read (a random player reads one of them): the launches are counted by
    size (up to 41 sets of hexes around a ship) and listed only for the size read."""
    ship = w.ships[d["ship"]]
    specs: list[tuple[Any, ...]] = []  # each order's System fields, in field order
    targets = combat.ship_targets(w, ship)
    ready: list[str] = []
    free: list[Hex] = []
    sizes: list[int] = []  # how many launches of 1, 2, ... squadrons (the bays' orders come last)
    for system in usable_systems(w, ship, targets):
        if system == "cannons":
            specs += [("cannons", t) for t in targets]
        elif system == "launchers":
            top = min(ship.stat("launchers"), ship.missiles)
            specs += [("launchers", t, k) for t in targets for k in range(1, top + 1)]
        else:
            assert ship.hex is not None
            ready = [q.id for q in w.hosted(ship.id) if q.active]
            free = w.empty_neighbors(ship.hex)
            most = min(ship.stat("bays") - ship.launches, len(ready), len(free))
            sizes = [comb(len(free), n) for n in range(1, most + 1)]
    head, launches = len(specs), sum(sizes)
    listed: dict[int, list[tuple[Hex, ...]]] = {}

    def make(i: int) -> System:
        if i < head:
            return System(*specs[i])
        i -= head
        if i >= launches:
            return System("end")
        for n, size in enumerate(sizes, start=1):
            if i < size:
                if n not in listed:
                    listed[n] = list(combinations(free, n))
                return System("bays", None, None, tuple(zip(ready, listed[n][i])))
            i -= size
        raise AssertionError("unreachable")  # pragma: no cover

    return Choices(Lazy(head + launches + 1, make), contains=contains)


def legal_barrage(w: Work, d: Mapping[str, Any], contains: Contains) -> Legal[Barrage]:
    assert w.act is not None
    pool = w.act["pool"]
    ship = w.ships[w.act["ship"]]
    targets = combat.pool_targets(w, ship)
    out: list[Barrage] = []
    for n in range(1, pool["dice"] + 1):
        if pool["flak"]:
            out += [Barrage(n, t) for t in targets]
        else:
            out.append(Barrage(n))
    return Choices(out + [Barrage(stop=True)], contains=contains)


# --- checks -----------------------------------------------------------------------------------


def check_place(w: Work, d: Mapping[str, Any], order: Place) -> None:
    ship = w.ships.get(order.ship)
    if ship is None or ship.owner != d["seat"] or ship.status != RESERVE:
        raise RuleError("LF-SETUP-04", f"{order.ship!r} is not one of your ships waiting to be placed: "
                        f"{[s.id for s in unplaced(w, d['seat'])]}", field="order.ship")
    h = order.hex
    legal = placement_hexes(w, d["seat"], d["flagship"])
    if h not in legal:
        rule = "LF-SETUP-02" if not any(s.flagship for s in w.ships.values()) else \
            "LF-SETUP-03" if d["flagship"] else "LF-SETUP-04"
        raise RuleError(rule, f"{list(h)} is not a legal placement; legal hexes: {[list(x) for x in legal]}",
                        unit=ship.id, field="order.hex")


def check_move(w: Work, d: Mapping[str, Any], order: Move) -> None:
    u = _own_unit(w, d["seat"], order.unit)
    if u not in movers(w, d["seat"]):
        step = u.move if isinstance(u, Ship) else FIGHTER_MOVE
        raise RuleError("LF-MOVE-01", f"{u.id} cannot move now: step {d['step']}, its step {step}, "
                        f"{'already moved' if u.moved else 'inactive or off the map'}" if u.moved or not u.on_map
                        or isinstance(u, Squadron) and not u.active
                        else f"{u.id} moves in step {step}, not step {d['step']}", unit=u.id, field="order.unit")
    booster, warp = order.booster, order.warp
    if isinstance(u, Squadron):
        if order.facing is not None or booster:
            raise RuleError("LF-UNIT-09", "squadrons have no facing or boosters", unit=u.id, field="order")
        if warp and not _has_fighter_warp(w, u):
            raise RuleError("LF-ADD-03c", f"{u.id} has no warp drive", unit=u.id, field="order.warp")
    else:
        if booster and not (u.boosters_left and u.move):
            raise RuleError("LF-ADD-05", "no booster to use (none left, or Move 0: nothing to boost)", unit=u.id,
                            field="order.booster")
        if warp and not (u.design.warp and u.move):
            raise RuleError("LF-ADD-03", "warp needs a warp drive and Move 1 or more", unit=u.id, field="order.warp")
    assert u.hex is not None
    limit = allowance(u, booster)
    path = order_path(w, u, order, limit)
    check_path(w.config, u.id, u.hex, path, limit, "order.path")
    if warp and path and w.config.options.warp_no_move_fire:
        raise RuleError("LF-ADD-03a", "a ship engaging warp may not move this turn (optional rule in play)",
                        unit=u.id, field="order.to")
    end = path[-1] if path else u.hex
    if not may_end(w, u, end):
        other = w.unit_at(end)
        rule = "LF-MOVE-06" if isinstance(u, Ship) else "LF-MOVE-09"
        raise RuleError(rule, f"{u.id} may not end its move in {list(end)}, occupied by {other.id if other else '?'}",
                        unit=u.id, field="order.to")


def check_activate(w: Work, d: Mapping[str, Any], order: Activate | Formation) -> None:
    eligible = attackers(w, d["seat"])
    if isinstance(order, Formation):
        members = [_own_unit(w, d["seat"], i, "order.units") for i in order.units]
        for q in members:
            if not isinstance(q, Squadron) or q not in eligible:
                raise RuleError("LF-BAR-06", f"{q.id} cannot join a formation now (an active squadron that has "
                                "not attacked this turn)", unit=q.id, field="order.units")
        target = w.ships.get(order.attack)
        if target is None or target.status != ON_MAP or w.config.allied(target.owner, d["seat"]):
            raise RuleError("LF-BAR-06", "formations attack an enemy ship only", field="order.attack")
        for q in members:
            if not (q.hex and target.hex and distance(q.hex, target.hex) == 1):
                raise RuleError("LF-BAR-06", f"{q.id} is not adjacent to {target.id}", unit=q.id, field="order.units")
        return
    u = _own_unit(w, d["seat"], order.unit)
    if u not in eligible:
        raise RuleError("LF-ATK-01", f"{u.id} is not eligible in attack step {d['step']} (its step, already "
                        "attacked, or inactive)", unit=u.id, field="order.unit")
    if isinstance(u, Ship):
        if order.attack is not None or order.rtb:
            raise RuleError("LF-ATK-04", "a ship activates first, then chooses its systems one by one",
                            unit=u.id, field="order")
        return
    assert u.hex is not None
    if order.rtb:
        if order.attack is not None:
            raise RuleError("LF-FTR-05", "a squadron returning to base does not also attack", unit=u.id)
        if not combat.landing_ships(w, u, u.hex):
            raise RuleError("LF-FTR-05", "no friendly ship with a free bay within 5 spaces to return to",
                            unit=u.id, field="order.rtb")
    if order.attack is not None:
        aim: Ship | Squadron | None = w.ships.get(order.attack) or w.sqs.get(order.attack)
        if aim is None or not aim.on_map:
            raise FormatError("order.attack", f"no unit {order.attack!r} on the map")
        if w.config.allied(aim.owner, u.owner):
            raise RuleError("LF-TGT-05", "targets must be enemy units", unit=u.id, field="order.attack")
        if aim.hex is None or distance(u.hex, aim.hex) != 1:
            raise RuleError("LF-TGT-04", "fighter guns attack adjacent units only", unit=u.id, field="order.attack")


def check_system(w: Work, d: Mapping[str, Any], order: System) -> None:
    ship = w.ships[d["ship"]]
    system = order.system
    if system == "end":
        return
    if system in w.act["used"]:  # type: ignore[index]
        raise RuleError("LF-ATK-04", f"{ship.id} has already used its {system} this activation", unit=ship.id,
                        field="order.system")
    if system not in usable_systems(w, ship):
        raise RuleError("LF-ATK-04", f"{ship.id}'s {system} cannot act now (level 0, no missiles, nothing to "
                        "launch, or no target)", unit=ship.id, field="order.system")
    if system == "bays":
        _check_launch(w, ship, order.launch)
        return
    if order.target not in combat.ship_targets(w, ship):
        raise RuleError("LF-TGT-01", f"{order.target!r} is not a target for {ship.id}: an enemy ship 1-5 "
                        "spaces away or an adjacent enemy squadron (adjacent only into or out of a nebula)",
                        unit=ship.id, field="order.target")
    if system == "launchers":
        k = order.missiles
        top = min(ship.stat("launchers"), ship.missiles)
        if k is None or not 1 <= k <= top:
            raise RuleError("LF-POOL-03", f"fire 1 to {top} missiles (Launchers {ship.stat('launchers')}, "
                            f"{ship.missiles} missiles left)", unit=ship.id, field="order.missiles")


def check_barrage(w: Work, d: Mapping[str, Any], order: Barrage) -> None:
    assert w.act is not None
    if order.stop:
        return
    pool = w.act["pool"]
    if pool["flak"] and order.target is None:
        raise FormatError("order.target", "missing")
    n = order.dice
    assert n is not None
    if not 1 <= n <= pool["dice"]:
        raise RuleError("LF-BAR-01", f"a barrage rolls 1 to {pool['dice']} dice of the pool", field="order.dice")
    if pool["flak"]:
        if order.target not in combat.pool_targets(w, w.ships[w.act["ship"]]):
            raise RuleError("LF-BAR-07", "flak may target any adjacent enemy squadron", field="order.target")
    elif order.target is not None and order.target != pool["target"]:
        raise RuleError("LF-TGT-03", "a weapon system may not split its attack between two targets",
                        field="order.target")
