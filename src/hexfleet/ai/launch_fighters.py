"""Launch Fighters! for bots: its bots by scenario, ``determinize`` for search, and a bot with
simple tactics, no search (LF-IMPL-09's heuristics).

Found by the game's package name (:func:`hexfleet.plugins.game_bots`). The game has no hidden
information in play (LF-TURN-05): a view's position is the whole state but for the generator,
so :func:`determinize` only reads it back with a generator of the caller's.

The heuristic bot scores every legal order of the open decision and plays the best (ties
broken by its own seeded generator), reading the rules' own geometry on the state rebuilt from
its view. Tactics: ships close to a good range and turn their front toward the nearest enemy
ship, trying to get into its rear arc (flanking doubles the pool); fighters close on enemy
ships and stay within landing range of a friendly bay; nothing ends its move on the board edge
(it would retreat). Barrages are sized by the defense (few dice against low defense, many
against high); hits take away the enemy's most dangerous stat and cost our least useful one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..engine.rng import Rng
from ..engine.ruleset import Order, Ruleset, Seat
from ..games.launch_fighters.combat import MAX_RANGE, flanking, landing_ships, may_attack
from ..games.launch_fighters.notation import dump
from ..games.launch_fighters.play import scores
from ..games.launch_fighters.position import parse_position
from ..games.launch_fighters.state import (
    FIGHTER_MOVE,
    FLEET,
    ON_MAP,
    PLACE,
    RESERVE,
    LfState,
    Ship,
    Work,
    arc,
    edge,
)
from ..hexgrid import FRONT, REAR, Hex, distance
from ..plugins import BotOffer, LegalFilter, Study
from .base import MCTS, RANDOM, LastRead, LegalArg, as_legal, best_order, order_as_json
from .mcts import outcome_values


def determinize(view: Mapping[str, Any], seat: Seat, rng: int) -> LfState:
    """Perfect information (LF-TURN-05): the view's position, with ``rng`` as its generator.
    The position is read once per view (:data:`_parsed`): reading it checks every design and
    builds the map's configuration, half of a search's time when read at every iteration."""
    return replace(_parsed(view["position"]), rng=Rng(rng))


_parsed: LastRead[LfState] = LastRead(lambda position: parse_position(position, rng=0))
"""The view position last read (its generator replaced in every world)."""


EVAL_SCALE = 12.0
"""Victory points of margin that put a side's evaluation at about 0.73 (logistic scale)."""


def evaluate(state: LfState) -> dict[Seat, float]:
    """Each seat's prospects in ``[0, 1]`` (0.5 even), for search leaves, through a logistic of
    its side's :func:`standing`, with :data:`THREAT_WEIGHT` of its :func:`threat_balance`,
    against the best other side's. A finished game is scored by its outcome.

    The standings are measured from where the scenario started each side (:func:`standing`
    less :func:`brought`): an unequal scenario (a breakout of 51 points against 99, a holdout
    whose reinforcements come on turn 4) would otherwise put every leaf of the weaker side at
    the logistic's flat end, where a better trade moves the value by a few thousandths and the
    search, unable to tell its orders apart, plays its prior."""
    seats = state.config.seats
    if state.outcome is not None:
        return outcome_values(seats, state.outcome)
    w = Work(state, share=True)
    now, start, reach = standing(w), brought(w), threat_balance(w)
    half = {p: now[p] - start[p] + 2 * THREAT_WEIGHT * reach[p] for p in seats}
    side = {p: sum(half[m] for m in state.config.side(p)) / 2 for p in seats}
    out = {}
    for p in seats:
        rival = max((side[o] for o in seats if not state.config.allied(p, o)), default=side[p])
        out[p] = 1.0 / (1.0 + math.exp(-(side[p] - rival) / EVAL_SCALE))
    return out


THREAT_WEIGHT = 0.25
"""The share of a side's :func:`threat_balance` its evaluation counts: a threat is what the next
attack could take, were nobody to move or fire first. Between two sides the balance counts each
threat twice, once for each (half of either side's threat, as measured in the duel)."""

MAX_POOL = 20
"""The largest pool of attack dice: a stat's highest level (10) doubled by flanking."""

_MAX_DEFENSE = 10


def _sums(dice: int) -> list[int]:
    """How many ways ``dice`` six-sided dice make each sum (index: the sum)."""
    ways = [1]
    for _ in range(dice):
        ways = [sum(ways[t - f] for f in range(1, 7) if 0 <= t - f < len(ways)) for t in range(len(ways) + 6)]
    return ways


def _pool_values(direct: float) -> tuple[tuple[float, ...], ...]:
    """The stat levels a pool of ``n`` dice is expected to take from a ship of Defense ``D``
    (``[n][D]``), its barrages sized for the most (LF-BAR-01, LF-BAR-02): a hit takes one level,
    a direct hit ``direct``; a barrage of all 1s misses. The Defense is held for the whole pool
    (a hit the defender chooses need not lower it)."""
    barrage = [[0.0] * (_MAX_DEFENSE + 1)]
    for j in range(1, MAX_POOL + 1):
        ways, total = _sums(j), 6.0 ** j
        row = []
        for d in range(_MAX_DEFENSE + 1):
            hit = sum(ways[t] for t in range(d + 1, min(2 * d, len(ways) - 1) + 1) if t > j)
            smash = sum(ways[t] for t in range(max(2 * d + 1, j + 1), len(ways)))
            row.append((hit + direct * smash) / total)
        barrage.append(row)
    best = [[0.0] * (_MAX_DEFENSE + 1)]
    for n in range(1, MAX_POOL + 1):
        best.append([max(barrage[j][d] + best[n - j][d] for j in range(1, n + 1)) for d in range(_MAX_DEFENSE + 1)])
    return tuple(tuple(row) for row in best)


_SHOT = _pool_values(1.0)
"""Cannons and guns: a direct hit is still one level (the attacker's choice, LF-DMG-02)."""
_MISSILES = _pool_values(2.0)
"""Missiles: a direct hit takes two levels (LF-DMG-03)."""


def threats(w: Work) -> list[tuple[Seat, Seat, float]]:
    """What each seat's units could take in one attack from where they stand, as ``(attacking
    seat, target's seat, victory points)``: every armed ship's cannons and launchers at the
    enemy ship each would hurt most (range, flanking, a fast target halving cannons, the
    target's Defense: LF-TGT-01, LF-POOL-05, LF-POOL-07), and a seat's active squadrons within a
    move and an attack of an enemy ship (a formation, LF-BAR-06), each stat level lost worth the
    target's hull value over its design levels, as :func:`standing` counts damage. Damage then
    gives each stat its worth: a lost Defense or Move opens a ship to more fire, lost Cannons
    take fire away, and a fighter launched within reach threatens where one aboard does not.
    Search's leaves, a few orders deep, otherwise see no difference between two moves until the
    dice roll."""
    out: list[tuple[Seat, Seat, float]] = []
    ships = [(s, s.hex, _level_value(s), min(s.stat("defense"), _MAX_DEFENSE))
             for s in w.ships.values() if s.status == ON_MAP and s.hex is not None]
    terrain, config = w.config.terrain, w.config
    for a, at, _, _ in ships:
        cannons, launchers = a.stat("cannons"), min(a.stat("launchers"), a.missiles)
        if not (cannons or launchers):
            continue
        shot: tuple[float, Seat] = (0.0, a.owner)
        missiles = shot
        for t, there, level, defense in ships:
            if config.allied(a.owner, t.owner) or not 1 <= distance(at, there) <= MAX_RANGE:
                continue
            if terrain and not may_attack(w, at, there):
                continue
            double = 2 if flanking(a, t) else 1
            if cannons:
                n = cannons if t.move <= cannons else -(-cannons // 2)
                shot = max(shot, (level * _SHOT[min(double * n, MAX_POOL)][defense], t.owner))
            if launchers:
                missiles = max(missiles, (level * _MISSILES[min(double * launchers, MAX_POOL)][defense], t.owner))
        out += [(a.owner, on, vp) for vp, on in (shot, missiles) if vp]
    squadrons = [(q.owner, q.hex) for q in w.sqs.values() if q.status == ON_MAP and q.active and q.hex is not None]
    for p in config.seats:
        mine = [h for owner, h in squadrons if owner == p]
        if not mine:
            continue
        best: tuple[float, Seat] = (0.0, p)
        for t, there, level, defense in ships:
            if config.allied(p, t.owner):
                continue
            n = sum(1 for h in mine if distance(h, there) <= FIGHTER_MOVE + 1)
            if n:
                best = max(best, (level * _SHOT[min(n, MAX_POOL)][defense], t.owner))
        if best[0]:
            out.append((p, best[1], best[0]))
    return out


def threat_balance(w: Work) -> dict[Seat, float]:
    """Each seat's :func:`threats`, what it could take less what could be taken from it: at a
    table of more than two, a seat every other seat is aiming at is worse off than one the
    others aim at each other past."""
    out = {p: 0.0 for p in w.config.seats}
    for by, on, vp in threats(w):
        out[by] += vp
        out[on] -= vp
    return out


def _level_value(ship: Ship) -> float:
    """Victory points one stat level of ``ship`` is worth: its hull value over its design levels."""
    return ship.design.hull_value / max(1, sum(ship.design.stats))


def standing(w: Work) -> dict[Seat, int]:
    """Each seat's standing in half victory points, by what the scenario ranks (LF-VIC-10,
    LF-SCEN-05): :func:`_vp_standing`, or for a ranking by ships destroyed, the seat's kills,
    each worth a ship's average value, less its ships' damage as shares of a kill (a damaged
    ship is closer to being the enemy's kill; the points the ranking ignores count nothing)."""
    if w.config.options.victory != "ships_destroyed":
        return _vp_standing(w)
    kill = 2 * sum(s.design.cost for s in w.ships.values()) // max(1, len(w.ships))
    half = {p: 0 for p in w.config.seats}
    for seat, _, uid in w.ledger:
        if uid in w.ships:
            half[seat] += kill
    for s in w.ships.values():
        full = sum(s.design.stats)
        if s.status == ON_MAP and full:
            half[s.owner] -= kill * (full - sum(s.stats)) // full
    return half


def _vp_standing(w: Work) -> dict[Seat, int]:
    """Half victory points a seat would score if the game ended now (LF-VIC-02..10:
    elimination credits, escapes, a protected ship's VP), less the value of its ships' lost stat
    levels (a damaged ship still scores whole while it can fight, but it fights worse). In the
    setup, ships still to be placed count whole: they will be on the map. A scenario's area
    (LF-SCEN-01) counts its VP to the side holding it now, as the turn's end would."""
    half = scores(w)
    if w.config.control:  # the rule of play._score_control, read ahead of the turn's end
        there = [p for p in w.config.seats if any(u.owner == p and u.hex in w.config.control for u in w.units_on_map())]
        if there and all(w.config.allied(there[0], p) for p in there):
            half[there[0]] += 2 * w.config.control_vp
    for s in w.ships.values():
        if s.status == RESERVE and w.phase in (FLEET, PLACE):
            half[s.owner] += 2 * s.design.cost + 2 * w.config.protect.get(s.id, 0)
        elif s.status == ON_MAP:
            full = sum(s.design.stats)
            if full:
                half[s.owner] -= round(s.design.hull_value * (full - sum(s.stats)) / full)
    return half


def brought(w: Work) -> dict[Seat, int]:
    """What each seat brought to the game, in the units of :func:`standing`, which evaluation
    measures from: by victory points, its ships at full value and its protected ships' VP
    (LF-SCEN-04); by ships destroyed, nothing (no kills yet). Equal fleets bring equal values;
    an unequal scenario's difference is its handicap. Reinforcements count from their arrival,
    in both (LF-SCEN-02)."""
    half = {p: 0 for p in w.config.seats}
    if w.config.options.victory == "ships_destroyed":
        return half
    for s in w.ships.values():
        half[s.owner] += 2 * s.design.cost + 2 * w.config.protect.get(s.id, 0)
    return half


def prior(state: LfState, seat: Seat, orders: list[Order]) -> list[float]:
    """``orders`` scored as the heuristic bot scores them (:class:`LaunchFightersHeuristicBot`),
    so search tries the sensible moves, targets and barrages first."""
    d = state.decision
    score = getattr(LaunchFightersHeuristicBot, f"_score_{d['kind']}", None) if d is not None else None
    if score is None:
        return [0.0] * len(orders)
    w = Work(state, share=True)
    options = dict(d)  # type: ignore[arg-type]
    return [float(score(_SCORER, w, seat, options, o if isinstance(o, dict) else dump(o))) for o in orders]


def prune(state: LfState, seat: Seat, orders: list[Order]) -> list[Order]:
    """At the fleet decision, the scenario's own fleet only (``{}``), as the heuristic bot keeps
    it. The rules offer every sample fleet within the limit besides, and search, whose leaves
    measure each side from what it brought (:func:`evaluate`), could not tell them apart: it
    took one at random (a 200-point battle: 97 points against the heuristic's 190, lost by 277
    VP), and in a breakout could take 99 points for the 51 the scenario gives the side that
    must escape, so the scenario measured was not the one described. Choosing a fleet is a
    design question a search a few steps deep cannot weigh; the scenario's fleet is the game
    its data describe."""
    if state.phase != FLEET:
        return orders
    kept = [o for o in orders if o == {} or getattr(o, "ships", ()) is None]
    return kept or orders


_ATTACKER_STAT_ORDER = ("cannons", "launchers", "bays", "defense", "move")
_DEFENDER_STAT_ORDER = ("move", "bays", "launchers", "cannons", "defense")


class LaunchFightersHeuristicBot:
    """Scores every legal order of the open decision by the tactics above and plays the best."""

    name = "lf-heuristic"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(str(seed))
        self._sides: tuple[Work, Seat, list[Ship], list[Hex]] | None = None

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        """The best-scoring order of ``legal`` (enumerated; each scored as JSON); it hands back
        the set's own order."""
        orders = list(as_legal(legal))
        if len(orders) == 1:
            return orders[0]
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        if kind == "fleet":
            return {}
        state = determinize(view, seat, 0)
        w = Work(state, share=True)
        score = getattr(self, f"_score_{kind}", None)
        if score is None:
            return orders[0]
        options = decision.get("options") or {}
        return best_order(orders, lambda o: score(w, seat, options, order_as_json(ruleset, view, o)), self._rng)

    # --- helpers ------------------------------------------------------------------------

    def _sides_of(self, w: Work, seat: Seat) -> tuple[list[Ship], list[Hex]]:
        """The enemy ships on the map, and where ``seat``'s side has ships with bays: read once
        for every order of a decision scored on the same Work (a move has about 200). The pair is
        read once into a local: a bot answering in two threads keeps each its own."""
        sides = self._sides
        if sides is None or sides[0] is not w or sides[1] != seat:
            foes = [s for s in w.ships.values() if s.on_map and not w.config.allied(s.owner, seat)]
            bays = [x.hex for x in w.ships.values()
                    if x.on_map and x.hex is not None and w.config.allied(x.owner, seat) and x.stat("bays")]
            sides = self._sides = (w, seat, foes, bays)
        return sides[2], sides[3]

    # --- decisions ----------------------------------------------------------------------

    def _score_place(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        h = tuple(o["hex"])
        foes = [s for s in w.ships.values() if s.on_map and not w.config.allied(s.owner, seat) and s.hex]
        s = -5.0 if edge(w.config, h) else 0.0
        if foes:
            near = min(foes, key=lambda f: distance(h, f.hex))  # type: ignore[arg-type]
            s += 1.0 if arc(h, o["facing"], near.hex) == FRONT else 0.0  # type: ignore[arg-type]
            s += 0.1 * distance(h, near.hex)  # type: ignore[arg-type]
        return s

    def _score_move(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        u = w.unit(o["unit"])
        h = tuple(o["to"])
        s = -10.0 if edge(w.config, h) else 0.0
        foes, bays = self._sides_of(w, seat)
        if not foes:
            return s
        near = min(foes, key=lambda f: distance(h, f.hex))  # type: ignore[arg-type]
        dist = distance(h, near.hex)  # type: ignore[arg-type]
        if isinstance(u, Ship):
            armed = u.stat("cannons") or (u.stat("launchers") and u.missiles)
            want = 2 if u.stat("cannons") >= u.stat("launchers") else 4
            if not armed:
                want = 6
            s -= abs(dist - want)
            facing = o.get("facing", u.facing)
            if arc(h, facing, near.hex) == FRONT:  # type: ignore[arg-type]
                s += 1.5
                if arc(near.hex, near.facing, h) == REAR:  # type: ignore[arg-type]
                    s += 1.0
            if o.get("booster"):
                s -= 0.5
            if o.get("warp"):
                s -= 20
        else:
            s -= dist
            if bays and min(distance(h, b) for b in bays) <= 5:
                s += 0.5
        return s

    def _score_activate(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        if "units" in o:
            return 10.0 + len(o["units"])
        u = w.unit(o["unit"])
        if isinstance(u, Ship):
            return 5.0
        if "attack" in o:
            return 8.0 if isinstance(w.unit(o["attack"]), Ship) else 6.0
        if o.get("rtb"):
            return 1.0 if not u.active else -1.0
        return 0.0

    def _score_system(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        ship = w.ships[d["ship"]]
        system = o["system"]
        if system == "end":
            return 0.0
        if system == "bays":
            return 20.0 + len(o["launch"])
        target = w.unit(o["target"])
        s = 10.0
        if isinstance(target, Ship):
            s += 3.0 / (1 + target.stat("defense"))
            if arc(ship.hex, ship.facing, target.hex) == FRONT and arc(target.hex, target.facing, ship.hex) == REAR:  # type: ignore[arg-type]
                s += 3.0
            if system == "cannons" and target.move > ship.stat("cannons"):
                s -= 1.0
        else:
            s -= 2.0
        if system == "launchers":
            s += o["missiles"] * 0.5 - 1.0
            if isinstance(target, Ship):
                s += target.stat("defense") * 0.3
        return s

    def _score_barrage(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        if o.get("stop"):
            return -100.0
        assert w.act is not None
        pool = w.act["pool"]
        if pool["flak"]:
            return -o["dice"]  # one die a time against a 1d6 defense gives the most hits
        target = w.ships[pool["target"]]
        want = min(pool["dice"], max(1, -(-(target.stat("defense") + 1) * 2 // 7)))
        return -abs(o["dice"] - want)

    def _score_stat(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        ship = w.ships[d["ship"]]
        stat = o["stat"]
        if ship.owner == seat:
            useless = (stat == "launchers" and not ship.missiles) or (stat == "bays" and not w.hosted(ship.id))
            return (10.0 if useless else 0.0) - _DEFENDER_STAT_ORDER.index(stat)
        return -_ATTACKER_STAT_ORDER.index(stat)

    def _score_fighter_hit(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        q = w.sqs[d["squadron"]]
        doomed = not landing_ships(w, q, q.hex)  # type: ignore[arg-type]
        return 1.0 if (o["result"] == "rtb") == doomed else 0.0

    def _score_intercept(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        return len(o["squadrons"])

    def _score_push(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        return -10.0 if edge(w.config, tuple(o["hex"])) else 0.0

    def _score_advance(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        if o["squadron"] is None:
            return 0.0
        return -10.0 if edge(w.config, tuple(d["hex"])) else 1.0

    def _score_repair(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        return 1.0 if o["attempt"] else 0.0

    def _score_repair_stat(self, w: Work, seat: Seat, d: dict[str, Any], o: Order) -> float:
        return -("defense", "cannons", "launchers", "move", "bays").index(o["stat"])


_SCORER = LaunchFightersHeuristicBot()
"""The heuristic's scoring functions read no state of the bot: one instance serves the prior."""

BOTS: dict[str, BotOffer] = {
    "random": RANDOM,
    "mcts": MCTS,
    "lf-heuristic": BotOffer(f"{__name__}:LaunchFightersHeuristicBot"),
}
"""Every bot plays every scenario, any number of seats. (The heuristic keeps the name it had
when bot names were global, so games recorded with it still find it.)"""

FILTERS: dict[str, LegalFilter] = {}
STUDIES: dict[str, Study] = {}
