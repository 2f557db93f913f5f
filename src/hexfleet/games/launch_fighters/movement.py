"""Movement: paths, passing through, pushes and asteroid entry (LF-MOVE, LF-TER-03).

A move is a path of adjacent hexes no longer than the unit's allowance (Move, +1 with a
booster). Units pass through any hex but planetoids (LF-MOVE-06, LF-TER-02); where they end
is restricted (LF-MAP-09). When an order names only the destination, :func:`best_paths`
picks the shortest path that enters the fewest asteroid hexes.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping
from functools import cache
from typing import Any

from ...engine.errors import RuleError
from ...hexgrid import Hex, distance, ring
from .state import (
    ASTEROID,
    ELIMINATED,
    ON_MAP,
    Config,
    Ship,
    Squadron,
    Work,
    lf_neighbors,
)

PATHS_KEPT = 2048
"""At most this many (start, allowance) path maps are kept per config (about 5 kB each:
10 MB at most). A long run of random duels uses about 500 of them on the duel board: with
512 kept, the map was cleared after some 1,400 games and every search made again."""
REACH_KEPT = 4096
"""At most this many (start, allowance) hex lists are kept per config (about 12 kB each with
their places: 50 MB at most)."""
CLEAR_CHECKED = 7
"""How far around a start hex :func:`_clear` looks for terrain or the board's edge."""


def best_paths(config: Config, start: Hex, allowance: int) -> Mapping[Hex, tuple[Hex, ...]]:
    """Every hex reachable in at most ``allowance`` steps → a path to it (start excluded).

    Among paths within the allowance the one entering the fewest asteroid hexes wins, then
    the shorter, then the first found in direction order: deterministic on every machine.
    Where every hex within ``allowance`` of the start is open space, the answer is the open
    plane's, shifted to the start (:class:`_Shifted`: nothing searched or built); elsewhere
    it is searched once per config for each start and allowance (``Config.paths``). Read only.
    """
    if allowance <= _clear(config, start):
        return _Shifted(start, _open_plane(allowance))
    key = (start, allowance)
    found = config.paths.get(key)
    if found is None:
        if len(config.paths) >= PATHS_KEPT:
            config.paths.clear()
        found = config.paths[key] = _best_paths(config.open_hexes, config.terrain, start, allowance)
    return found


def reachable(config: Config, start: Hex, allowance: int) -> tuple[tuple[Hex, ...], Mapping[Hex, int]]:
    """The hexes of :func:`best_paths` (same order) and each one's place among them, kept per
    config: a move's legal set reads them at every movement decision, and finds where the
    occupied hexes are in the list instead of filtering the list (``orders.legal_move``)."""
    key = (start, allowance)
    found = config.reach.get(key)
    if found is None:
        if len(config.reach) >= REACH_KEPT:
            config.reach.clear()
        hexes = tuple(best_paths(config, start, allowance))
        found = config.reach[key] = (hexes, {h: i for i, h in enumerate(hexes)})
    return found


def _best_paths(open_hexes: Container[Hex], terrain: Mapping[Hex, str], start: Hex,
                allowance: int) -> dict[Hex, tuple[Hex, ...]]:
    best: dict[Hex, tuple[int, int, list[Hex]]] = {start: (0, 0, [])}
    frontier: dict[Hex, tuple[int, list[Hex]]] = {start: (0, [])}
    for steps in range(1, allowance + 1):
        nxt: dict[Hex, tuple[int, list[Hex]]] = {}
        for h, (rocks, path) in frontier.items():
            for n in lf_neighbors(h):
                if n not in open_hexes:
                    continue
                cost = rocks + (terrain.get(n) == ASTEROID)
                if n in best and best[n][0] <= cost:
                    continue  # reached before in fewer steps with no more asteroids: dominated
                if n not in nxt or cost < nxt[n][0]:
                    nxt[n] = (cost, path + [n])
        for h, (rocks, path) in nxt.items():
            if h not in best or (rocks, steps) < best[h][:2]:
                best[h] = (rocks, steps, path)
        frontier = nxt
    return {h: tuple(p) for h, (_, _, p) in best.items() if h != start}


def _clear(config: Config, start: Hex) -> int:
    """The largest radius (up to :data:`CLEAR_CHECKED`) around ``start`` holding only open
    space: every hex on the board, none a planetoid or an asteroid. Found once per hex."""
    found = config.clear.get(start)
    if found is None:
        found = CLEAR_CHECKED
        for radius in range(1, CLEAR_CHECKED + 1):
            if any(h not in config.open_hexes or config.terrain.get(h) == ASTEROID for h in ring(start, radius)):
                found = radius - 1
                break
        config.clear[start] = found
    return found


class _Everywhere:
    """The open plane: every hex is open space."""

    def __contains__(self, h: object) -> bool:
        return True


@cache
def _open_plane(allowance: int) -> dict[Hex, tuple[Hex, ...]]:
    """:func:`_best_paths` from (0, 0) on a board of open space without end."""
    return _best_paths(_Everywhere(), {}, (0, 0), allowance)


class _Shifted(Mapping[Hex, tuple[Hex, ...]]):
    """The open plane's best paths (:func:`_open_plane`) moved to start at ``start``: the
    same hexes in the same order, each path shifted when read. Equal to what the search
    finds from ``start`` when everything within the allowance is open space, since that
    search never looks further and its order depends only on the steps it takes."""

    __slots__ = ("_q", "_r", "_plane")

    def __init__(self, start: Hex, plane: dict[Hex, tuple[Hex, ...]]):
        self._q, self._r = start
        self._plane = plane

    def __getitem__(self, h: Hex) -> tuple[Hex, ...]:
        if not (isinstance(h, tuple) and len(h) == 2):
            raise KeyError(h)
        q, r = self._q, self._r
        return tuple((q + a, r + b) for a, b in self._plane[(h[0] - q, h[1] - r)])

    def __contains__(self, h: object) -> bool:
        return isinstance(h, tuple) and len(h) == 2 and (h[0] - self._q, h[1] - self._r) in self._plane

    def __iter__(self) -> Iterator[Hex]:
        q, r = self._q, self._r
        return ((q + a, r + b) for a, b in self._plane)

    def __len__(self) -> int:
        return len(self._plane)


def allowance(unit: Ship | Squadron, booster: bool) -> int:
    """Spaces a unit may move: Move (5 for squadrons), +1 with a booster (LF-ADD-05)."""
    if isinstance(unit, Squadron):
        return 5
    return unit.move + (1 if booster else 0)


def may_end(w: Work, unit: Ship | Squadron, h: Hex, occupied: dict[Hex, Ship | Squadron] | None = None) -> bool:
    """Ships may end on a squadron (and push it) but not on a ship; squadrons may not end on
    any unit (LF-MOVE-06, LF-MOVE-08, LF-MOVE-09, LF-MAP-09). ``occupied`` (hex → unit) saves
    a scan of the map when many hexes are checked."""
    if not w.config.passable(h):
        return False
    other = occupied.get(h) if occupied is not None else w.unit_at(h)
    if other is None or other is unit:
        return True
    return isinstance(unit, Ship) and isinstance(other, Squadron)


def check_path(config: Config, unit_id: str, start: Hex, path: list[Hex], limit: int, where: str) -> None:
    if len(path) > limit:
        raise RuleError("LF-MOVE-05", f"a path of {len(path)} spaces is longer than the allowance of {limit}",
                        unit=unit_id, field=where)
    prev = start
    for i, h in enumerate(path):
        if distance(prev, h) != 1:
            raise RuleError("LF-MOVE-05", f"path step {i} {list(h)} is not adjacent to {list(prev)}",
                            unit=unit_id, field=f"{where}[{i}]")
        if not config.map.contains(h):
            raise RuleError("LF-MAP-01", f"path step {i} {list(h)} is off the board", unit=unit_id,
                            field=f"{where}[{i}]")
        if not config.passable(h):
            raise RuleError("LF-TER-02", f"path step {i} {list(h)} is a planetoid: no unit may enter it",
                            unit=unit_id, field=f"{where}[{i}]")
        prev = h


def move_unit(w: Work, unit: Ship | Squadron, path: list[Hex], facing: int | None, credit: str | None) -> None:
    """Walk ``path``: roll for each asteroid hex entered and stop on a hit (LF-TER-03), then
    settle in the last hex the unit may end in (LF-AMB-12), face, and push (LF-MOVE-08)."""
    unit = w.edit(unit)
    start = unit.hex
    assert start is not None
    walked: list[Hex] = [start]
    stopped = False
    terrain = w.config.terrain
    if not terrain:  # open space (most boards): nothing to roll for on the way
        walked += path
    else:
        for h in path:
            walked.append(h)
            if terrain.get(h) == ASTEROID and enter_asteroid(w, unit, h):
                stopped = True
                break
    if unit.status != ON_MAP:
        return
    end = next(h for h in reversed(walked) if h == start or may_end(w, unit, h))
    unit.hex = end
    event: dict[str, Any] = {"type": "moved", "unit": unit.id, "from": list(start), "to": list(end),
                             "path": [list(h) for h in walked[1:]]}
    if stopped:
        event["stopped_by"] = "asteroid"
    if isinstance(unit, Ship) and facing is not None:
        unit.facing = facing
        event["facing"] = facing
    w.events.append(event)
    if isinstance(unit, Ship):
        other = next((q for q in w.sqs.values() if q.status == ON_MAP and q.hex == end), None)
        if other is not None:
            w.queue.insert(0, {"kind": "push", "squadron": other.id, "from": list(end), "credit": credit})


def enter_asteroid(w: Work, unit: Ship | Squadron, h: Hex) -> bool:
    """Roll for a unit entering an asteroid hex; on 4-6 it is hit (LF-TER-03): a ship's owner
    loses a stat of his choice, a squadron is flipped (eliminated if already inactive)."""
    (die,) = w.dice(1, "asteroid", unit.owner)
    hit = die >= 4
    w.log_roll({"type": "asteroid", "unit": unit.id, "hex": list(h), "dice": [die], "hit": hit})
    if not hit:
        return False
    if isinstance(unit, Ship):
        w.queue.insert(0, {"kind": "stat", "ship": unit.id, "chooser": unit.owner, "credit": None, "left": 1,
                           "cause": "asteroid"})
    elif unit.active:
        w.edit(unit).active = False
        w.events.append({"type": "flipped", "unit": unit.id, "cause": "asteroid"})
    else:
        unit = w.edit(unit)
        unit.status = ELIMINATED
        unit.hex = None
        w.events.append({"type": "eliminated", "unit": unit.id, "cause": "asteroid"})
    return True
