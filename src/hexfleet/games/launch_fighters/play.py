"""The turn's automatic steps and the application of each decision's order (LF-IMPL-02).

The kernel's procedure drives (``engine/procedure.py``): :func:`auto_step` is one automatic
step — setup (fleets revealed, the placement roll, placement), each turn's initiative, the
movement and attack rotations, follow-up tasks (stat losses, landings, pushes, advances,
repairs), the recovery phase, the end-of-game check and victory points. A step that reaches a
decision records it in the state (``_ask``; a single choice is applied at once, ``_choose``)
and the ruleset's ``step`` then answers with that decision. ``APPLY`` applies each kind's
parsed order; nothing here loops until a decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from ...engine.ruleset import Event, Outcome, Seat
from . import combat
from .designer import SQUADRON_COST, STATS, Design, check_fleet
from .eligibility import damaged, seats_attacking, seats_moving, unplaced, usable_systems
from .movement import allowance, enter_asteroid, move_unit
from .notation import (
    Activate,
    Barrage,
    Fleet,
    Formation,
    Intercept,
    Move,
    Pick,
    Place,
    System,
    Vote,
    dump,
    parse,
    parse_pick,
)
from .orders import order_path
from .state import (
    ASTEROID,
    ATTACK,
    DESTROYED,
    ELIMINATED,
    FIGHTER_MOVE,
    FLEET,
    HOSTED,
    MOVE,
    ON_MAP,
    OVER,
    PLACE,
    RECOVERY,
    RETREATED,
    VOTE,
    LfState,
    Ship,
    Squadron,
    Work,
    edge,
)


def build_ships(seat: Seat, designs: tuple[Design, ...], ships_before: int = 0,
                squadrons_before: int = 0) -> tuple[list[Ship], list[Squadron]]:
    """Ships ``<seat>-A``, ``<seat>-B``…, squadrons ``<seat>-F1``… hosted in their ships
    (LF-UNIT-11, LF-SETUP-05); reinforcements continue the seat's letters and numbers."""
    ships: list[Ship] = []
    sqs: list[Squadron] = []
    for i, d in enumerate(designs, start=ships_before):
        sid = f"{seat}-{chr(ord('A') + i)}"
        ships.append(Ship(id=sid, owner=seat, design=d, stats=d.stats, missiles=d.missiles,
                          repair_left=d.repair, boosters_left=d.boosters, holds=(d.cargo, d.passenger)))
        for _ in range(d.squadrons):
            sqs.append(Squadron(id=f"{seat}-F{squadrons_before + len(sqs) + 1}", owner=seat, origin=sid, host=sid))
    return ships, sqs


def _arrive(w: Work) -> None:
    """Scenario reinforcements due this turn come on at their listed hexes, before the
    end-of-game check, so a force that held out is not counted as gone (LF-SCEN-02)."""
    for r in w.config.reinforcements:
        if r.turn != w.turn:
            continue
        ships, sqs = build_ships(r.seat, r.designs, sum(1 for s in w.ships.values() if s.owner == r.seat),
                                 sum(1 for q in w.sqs.values() if q.owner == r.seat))
        for q in sqs:
            w.add(q)
        for ship in ships:
            w.add(ship)
            taken = {u.hex for u in w.units_on_map()}
            free = [h for h in r.hexes if w.config.passable(h) and h not in taken]
            free += [n for h in r.hexes for n in w.empty_neighbors(h)]
            if not free:
                w.events.append({"type": "reinforcement_blocked", "ship": ship.id})
                continue
            ship.status, ship.hex, ship.facing = ON_MAP, free[0], r.facing
            w.events.append({"type": "arrived", "ship": ship.id, "hex": list(free[0]), "facing": r.facing,
                             "squadrons": [q.id for q in sqs if q.host == ship.id]})



def auto_step(state: LfState) -> tuple[LfState, list[Event]]:
    """One automatic step from a state with no decision open (the kernel's ``Procedure.step``):
    the first follow-up task, the next placement, the next unit offered in the movement or
    attack rotation, the active ship's next system, or the end of the recovery phase. A step
    that finds somebody to ask leaves the decision in the state; a single choice is applied
    at once. Pure: the state is copied into a :class:`Work` (a unit only when changed),
    changed, and frozen out."""
    w = Work(state)
    _auto(w)
    return w.freeze(), w.events


def _auto(w: Work) -> None:
    """The automatic step :func:`auto_step` runs, on ``w``."""
    if w.queue:
        _task(w, w.queue.pop(0))
    elif w.phase == PLACE:
        _next_placement(w)
    elif w.phase == MOVE:
        _next_mover(w)
    elif w.phase == ATTACK:
        if w.act is None:
            _next_attacker(w)
        else:
            _next_system(w)
    elif w.phase == RECOVERY:
        _end_recovery(w)
    else:  # pragma: no cover - fleet and vote are decisions, over is never stepped
        raise AssertionError(f"no automatic step in the {w.phase} phase")


def play_on(w: Work) -> None:
    """Run automatic steps on ``w`` until somebody must decide or the game is over: what the
    kernel's ``settle`` does step by step, on one working copy instead of a frozen state per
    step (the same steps in the same order, so the same state and events). Only with the
    generator's dice: a table's die (physical dice) must stop the step that rolls it, so then
    the kernel runs the steps one by one."""
    while w.outcome is None and w.decision is None and w.phase != FLEET and w.phase != VOTE:
        _auto(w)


def defer(state: LfState, orders: Mapping[Seat, Any]) -> LfState:
    """With physical dice, an order is applied by the next automatic step, not at once: its
    dice are then rolled at the table, the kernel asking the roller for each face and running
    the (pure) step again. The orders wait at the head of the queue (an ``order`` task)."""
    task = {"kind": "order", "decision": state.decision, "orders": {seat: dump(o) for seat, o in orders.items()}}
    w = Work(state)
    w.queue.insert(0, task)
    return w.freeze()


def apply_later(w: Work, t: Mapping[str, Any]) -> None:
    """Apply orders :func:`defer` left in the queue."""
    d, given = t["decision"], t["orders"]
    if d is None and w.phase == FLEET:
        apply_fleets(w, {seat: parse("fleet", o) for seat, o in given.items()})
    elif d is None:
        apply_votes(w, {seat: parse("vote", o) for seat, o in given.items()})
    else:
        APPLY[d["kind"]](w, dict(d), parse(d["kind"], given[d["seat"]]))


def apply_decision(state: LfState, order: Any) -> tuple[LfState, list[Event]]:
    """Apply ``order`` (parsed and checked) to the decision open in ``state``, close it and
    play on to the next decision (:func:`play_on`; generated dice only)."""
    d = dict(state.decision or {})
    w = Work(state)
    APPLY[d["kind"]](w, d, order)
    play_on(w)
    return w.freeze(), w.events


def _ask(w: Work, kind: str, seat: Seat, **data: Any) -> None:
    w.decision = {"kind": kind, "seat": seat, **data}


def _choose(w: Work, kind: str, seat: Seat, choices: list[dict[str, Any]], task: dict[str, Any], **data: Any) -> None:
    """Ask ``seat`` to pick among ``choices``; a single choice is applied without asking."""
    if len(choices) == 1:
        APPLY[kind](w, {"kind": kind, "seat": seat, "task": task, **data}, parse_pick(kind, choices[0]))
    else:
        _ask(w, kind, seat, choices=choices, task=task, **data)


def _task(w: Work, t: dict[str, Any]) -> None:
    kind = t["kind"]
    if kind == "order":
        apply_later(w, t)
    elif kind == "stat":
        ship = w.ships[t["ship"]]
        if ship.status == ON_MAP:
            choices = [{"stat": s} for s in combat.stat_options(w, ship, t["cause"])]
            _choose(w, "stat", t["chooser"], choices, t, ship=ship.id)
    elif kind == "bay_roll":
        combat.bay_roll(w, w.ships[t["ship"]], t["credit"])
    elif kind == "bay_loss":
        aboard = w.hosted(t["ship"])
        if aboard:
            _choose(w, "bay_loss", t["seat"], [{"squadron": q.id} for q in aboard], t, ship=t["ship"])
    elif kind == "fighter_hit":
        q = w.sqs[t["squadron"]]
        if q.status == ON_MAP:
            _ask(w, "fighter_hit", t["seat"], squadron=q.id, task=t,
                 choices=[{"result": "flip"}, {"result": "rtb"}])
    elif kind == "land":
        q = w.sqs[t["squadron"]]
        ships = combat.landing_ships(w, q, tuple(t["from"]))
        if not ships:
            combat.eliminate(w, q, t["credit"], "no bay to return to")
        else:
            _choose(w, "land", q.owner, [{"ship": s} for s in ships], t, squadron=q.id)
    elif kind == "push":
        q = w.sqs[t["squadron"]]
        hexes = w.empty_neighbors(tuple(t["from"]))
        if hexes:
            _choose(w, "push", q.owner, [{"hex": list(h)} for h in sorted(hexes)], t, squadron=q.id)
        else:
            w.events.append({"type": "pushed", "unit": q.id, "to": None})
            w.queue.insert(0, {"kind": "land", "squadron": q.id, "from": t["from"], "credit": t["credit"]})
    elif kind == "advance":
        cands = combat.advance_candidates(w, t)
        if cands:
            _ask(w, "advance", t["seat"], hex=t["hex"], task=t,
                 choices=[{"squadron": None}] + [{"squadron": c} for c in cands])
    elif kind == "intercept":
        eligible = t["eligible"]
        groups = [{"squadrons": list(c)} for n in range(min(3, len(eligible)) + 1) for c in combinations(eligible, n)]
        _ask(w, "intercept", t["seat"], ship=t["ship"], task=t, choices=groups)
    elif kind == "repair":
        ship = w.ships[t["ship"]]
        if ship.status == ON_MAP and ship.repair_left and damaged(ship):
            _ask(w, "repair", ship.owner, ship=ship.id, task=t, choices=[{"attempt": True}, {"attempt": False}])
    else:  # pragma: no cover - tasks are only made above and in combat/movement
        raise AssertionError(f"unknown task {kind}")




# --- applying decisions -----------------------------------------------------------------------


def apply_fleets(w: Work, orders: Mapping[Seat, Fleet]) -> None:
    """Reveal every fleet together (LF-FLEET-08), then the placement roll (LF-SETUP-01)."""
    reveal = {}
    for seat in w.config.seats:
        order = orders.get(seat) or Fleet()
        if order.ships is not None:
            designs = check_fleet(list(order.ships), w.config.fleet_limit, "order.ships",
                                  warp_flat=w.config.options.warp_flat_cost,
                                  fighter_warp=w.config.options.fighter_warp)
            for sid in [s.id for s in w.ships.values() if s.owner == seat]:
                del w.ships[sid]
            for qid in [q.id for q in w.sqs.values() if q.owner == seat]:
                del w.sqs[qid]
            ships, sqs = build_ships(seat, designs)
            for s in ships:
                w.add(s)
            for q in sqs:
                w.add(q)
        reveal[seat] = [{"ship": s.id, "design": s.design.to_json(), "cost": s.design.cost}
                        for s in w.ships.values() if s.owner == seat]
    w.ships = dict(sorted(w.ships.items()))
    w.sqs = dict(sorted(w.sqs.items(), key=lambda kv: (kv[1].owner, int(kv[0].rsplit("F", 1)[1]))))
    w.events.append({"type": "fleets", "fleets": reveal})
    w.order = rank(w, list(w.config.seats), "setup_roll")
    w.phase = PLACE


def rank(w: Work, seats: list[Seat], kind: str) -> tuple[Seat, ...]:
    """2d6 + the best Sensors in the fleet each; ties rolled off with 1d6 until distinct, the
    higher ranking higher (LF-SETUP-01, LF-INIT-01/02, LF-ADD-02). Lowest first."""
    rolls = {}
    totals = {}
    for p in seats:
        dice = w.dice(2, kind, p)
        bonus = _sensors(w, p)
        rolls[p] = {"dice": dice, "bonus": bonus, "total": sum(dice) + bonus}
        totals[p] = sum(dice) + bonus
    tiebreak = {p: 0 for p in seats}
    rolloffs = []
    for value in sorted(set(totals.values())):
        group = [p for p in seats if totals[p] == value]
        while len(group) > 1:
            dice = [d for p in group for d in w.dice(1, kind, p)]
            rolloffs.append(dict(zip(group, dice)))
            if len(set(dice)) == len(dice):
                tiebreak.update(zip(group, dice))
                break
    order = tuple(sorted(seats, key=lambda p: (totals[p], tiebreak[p])))
    event: dict[str, Any] = {"type": kind, "turn": w.turn, "rolls": rolls, "order": list(order)}
    if rolloffs:
        event["rolloffs"] = rolloffs
    w.log_roll(event)
    return order


def _sensors(w: Work, seat: Seat) -> int:
    """Highest Sensors among the player's ships on the map (before placement: his fleet)."""
    ships = [s for s in w.ships.values() if s.owner == seat]
    on_map = [s for s in ships if s.status == ON_MAP]
    pool = on_map if w.phase != FLEET else ships
    return max((s.design.sensors for s in pool), default=0)


def _apply_place(w: Work, d: dict[str, Any], order: Place) -> None:
    ship = w.edit(w.ships[order.ship])
    ship.status, ship.hex, ship.facing, ship.flagship = ON_MAP, order.hex, order.facing, d["flagship"]
    w.events.append({"type": "placed", "ship": ship.id, "hex": list(order.hex), "facing": order.facing,
                     "flagship": d["flagship"]})


def _next_placement(w: Work) -> None:
    """Flagships in ascending setup order, then each player's other ships (LF-SETUP-02..04)."""
    for seat in w.order:
        if unplaced(w, seat) and not any(s.flagship for s in w.ships.values() if s.owner == seat):
            _ask(w, "place", seat, flagship=True)
            return
    for seat in w.order:
        if unplaced(w, seat):
            _ask(w, "place", seat, flagship=False)
            return
    w.turn = 0
    _start_turn(w)


def _start_turn(w: Work) -> None:
    """New Turn: the end-of-game check, then initiative (LF-VIC-01, LF-INIT-01)."""
    w.turn += 1
    _arrive(w)
    reason = _end_reason(w)
    if reason:
        _game_over(w, reason)
        return
    if w.config.options.end_by_agreement and w.turn > 1:
        w.phase = VOTE
        return
    _initiative(w)


def _initiative(w: Work) -> None:
    w.phase = MOVE
    w.order = rank(w, live_players(w), "initiative")
    w.step, w.cursor = 0, 0


def apply_votes(w: Work, orders: Mapping[Seat, Vote]) -> None:
    """The game ends by mutual agreement when every player still in it votes to end
    (LF-VIC-01 condition 3, LF-AMB-33)."""
    votes = {seat: order.end for seat, order in orders.items()}
    w.events.append({"type": "vote", "turn": w.turn, "end": votes})
    if all(votes.values()):
        _game_over(w, "agreement")
    else:
        _initiative(w)


def live_players(w: Work) -> list[Seat]:
    return [p for p in w.config.seats if any(u.owner == p for u in w.units_on_map())]


def _rotation_next(w: Work, order: tuple[Seat, ...], ready: set[Seat]) -> Seat | None:
    """The next player in rotation from the cursor with a unit left in the step (``ready``,
    LF-MOVE-03)."""
    n = len(order)
    for k in range(n):
        i = (w.cursor + k) % n
        if order[i] in ready:
            w.cursor = i
            return order[i]
    return None


def _next_mover(w: Work) -> None:
    seat = _rotation_next(w, w.order, seats_moving(w))
    if seat is not None:
        _ask(w, "move", seat, step=w.step)
        return
    if w.step < FIGHTER_MOVE:
        w.step, w.cursor = w.step + 1, 0
        return
    w.phase, w.step, w.cursor = ATTACK, FIGHTER_MOVE, 0
    w.events.append({"type": "phase", "phase": ATTACK, "turn": w.turn})


def _next_attacker(w: Work) -> None:
    seat = _rotation_next(w, w.order[::-1], seats_attacking(w))
    if seat is not None:
        _ask(w, "activate", seat, step=w.step)
        return
    if w.step > 0:
        w.step, w.cursor = w.step - 1, 0
        return
    _begin_recovery(w)


def _next_system(w: Work) -> None:
    assert w.act is not None
    ship = w.ships[w.act["ship"]]
    if ship.status != ON_MAP:
        w.act = None
    elif w.act["pool"] is not None:
        if combat.pool_targets(w, ship):
            _ask(w, "barrage", ship.owner, ship=ship.id, pool=dict(w.act["pool"]))
        else:  # the target fell to the last barrage: the rest of the pool is forfeited (LF-AMB-18)
            combat.end_pool(w, "no target")
    elif usable_systems(w, ship):
        _ask(w, "system", ship.owner, ship=ship.id)
    else:
        w.act = None


def _apply_move(w: Work, d: dict[str, Any], order: Move) -> None:
    u = w.edit(w.ships.get(order.unit) or w.sqs[order.unit])
    w.cursor += 1
    u.moved = True
    booster = order.booster
    if isinstance(u, Ship) and booster:
        u.boosters_left -= 1
        u.booster_used = True
    if order.warp:
        u.warp_declared = True
        w.events.append({"type": "warp_declared", "unit": u.id})
    path = order_path(w, u, order, allowance(u, booster))
    facing = (u.facing if order.facing is None else order.facing) if isinstance(u, Ship) else None
    move_unit(w, u, path, facing, u.owner)


def _apply_activate(w: Work, d: dict[str, Any], order: Activate | Formation) -> None:
    w.cursor += 1
    if isinstance(order, Formation):
        members = [w.edit(w.sqs[i]) for i in order.units]
        for q in members:
            q.activated = True
        combat.formation(w, members, w.ships[order.attack])
        return
    u = w.edit(w.ships.get(order.unit) or w.sqs[order.unit])
    u.activated = True
    w.events.append({"type": "activated", "unit": u.id, "step": w.step})
    if isinstance(u, Ship):
        w.act = {"ship": u.id, "used": [], "pool": None}
        return
    assert u.hex is not None
    if order.rtb:
        w.queue.insert(0, {"kind": "land", "squadron": u.id, "from": list(u.hex), "credit": None})
    elif order.attack is not None:
        target = w.unit(order.attack)
        if isinstance(target, Ship):
            combat.formation(w, [u], target)
        else:
            combat.dogfight(w, u, target)


def _apply_system(w: Work, d: dict[str, Any], order: System) -> None:
    assert w.act is not None
    ship = w.ships[w.act["ship"]]
    system = order.system
    if system == "end":
        w.act = None
    elif system == "bays":
        w.act["used"].append("bays")
        for qid, h in order.launch:
            combat.launch(w, ship, w.sqs[qid], h)
    else:
        assert order.target is not None
        combat.gather(w, ship, system, order.target, order.missiles or 0)


def _apply_barrage(w: Work, d: dict[str, Any], order: Barrage) -> None:
    assert w.act is not None
    if order.stop:
        combat.end_pool(w, "stopped")
        return
    pool = w.act["pool"]
    assert order.dice is not None
    combat.barrage(w, w.ships[w.act["ship"]], order.dice, pool["target"] if order.target is None else order.target)


def _apply_intercept(w: Work, d: dict[str, Any], order: Intercept) -> None:
    combat.intercept(w, list(order.squadrons))


def _apply_stat(w: Work, d: dict[str, Any], order: Pick) -> None:
    combat.reduce_stat(w, w.ships[d["ship"]], order.value, d["task"])


def _apply_fighter_hit(w: Work, d: dict[str, Any], order: Pick) -> None:
    q = w.sqs[d["squadron"]]
    if order.value == "flip":
        q = w.edit(q)
        q.active = False
        w.events.append({"type": "flipped", "unit": q.id, "by": d["seat"]})
    else:
        assert q.hex is not None
        w.events.append({"type": "return_to_base", "unit": q.id, "by": d["seat"]})
        w.queue.insert(0, {"kind": "land", "squadron": q.id, "from": list(q.hex), "credit": d["task"]["credit"]})


def _apply_push(w: Work, d: dict[str, Any], order: Pick) -> None:
    q = w.edit(w.sqs[d["squadron"]])
    h = order.value
    w.events.append({"type": "pushed", "unit": q.id, "from": list(q.hex or h), "to": list(h)})
    q.hex = h
    if w.config.terrain.get(h) == ASTEROID:
        enter_asteroid(w, q, h)


def _apply_land(w: Work, d: dict[str, Any], order: Pick) -> None:
    combat.land(w, w.sqs[d["squadron"]], w.ships[order.value])


def _apply_bay_loss(w: Work, d: dict[str, Any], order: Pick) -> None:
    combat.eliminate(w, w.sqs[order.value], d["task"]["credit"], "bay hit")


def _apply_advance(w: Work, d: dict[str, Any], order: Pick) -> None:
    if order.value is not None:
        combat.advance(w, w.sqs[order.value], tuple(d["hex"]))


def _apply_repair(w: Work, d: dict[str, Any], order: Pick) -> None:
    """One roll per ship per turn, a level used either way; 4-6 raises a damaged stat
    (LF-ADD-04, LF-REC-03)."""
    if not order.value:
        return
    ship = w.edit(w.ships[d["ship"]])
    ship.repair_left -= 1
    ship.repair_used = True
    (die,) = w.dice(1, "repair", ship.owner)
    ok = die >= 4
    w.log_roll({"type": "repair", "ship": ship.id, "dice": [die], "success": ok})
    if ok:
        _choose(w, "repair_stat", ship.owner, [{"stat": s} for s in damaged(ship)], {"kind": "repair_stat"},
                ship=ship.id)


def _apply_repair_stat(w: Work, d: dict[str, Any], order: Pick) -> None:
    ship = w.edit(w.ships[d["ship"]])
    stats = list(ship.stats)
    i = STATS.index(order.value)
    stats[i] += 1
    ship.stats = tuple(stats)  # type: ignore[assignment]
    w.events.append({"type": "repaired", "ship": ship.id, "stat": order.value, "level": stats[i]})


APPLY: dict[str, Callable[[Work, dict[str, Any], Any], None]] = {
    "place": _apply_place, "move": _apply_move, "activate": _apply_activate, "system": _apply_system,
    "barrage": _apply_barrage, "intercept": _apply_intercept, "stat": _apply_stat, "fighter_hit": _apply_fighter_hit,
    "push": _apply_push, "land": _apply_land, "bay_loss": _apply_bay_loss, "advance": _apply_advance,
    "repair": _apply_repair, "repair_stat": _apply_repair_stat,
}


# --- recovery and the end ------------------------------------------------------------------------


def _begin_recovery(w: Work) -> None:
    """Flip every face-down squadron, on the map and aboard (LF-REC-02); queue repairs in
    ascending initiative, each player's ships together (LF-REC-03)."""
    w.phase = RECOVERY
    flipped = [q.id for q in w.sqs.values() if q.status in (ON_MAP, HOSTED) and not q.active]
    for qid in flipped:
        w.edit(w.sqs[qid]).active = True
    w.events.append({"type": "phase", "phase": RECOVERY, "turn": w.turn, "flipped": flipped})
    for seat in w.order:
        for s in w.ships.values():
            if s.owner == seat and s.status == ON_MAP and s.repair_left and damaged(s):
                w.queue.append({"kind": "repair", "ship": s.id})


def _end_recovery(w: Work) -> None:
    """Retreat, warp, then clear the turn's flags (LF-REC-04..06)."""
    config = w.config
    for s in list(w.ships.values()):
        at = s.hex
        if s.status == ON_MAP and s.move >= 1 and at is not None:
            if at in config.exits.get(s.owner, ()):
                w.edit(s).exited = True
                _retreat(w, s, "exit")
            elif edge(config, at):
                _retreat(w, s, "edge")
    for q in list(w.sqs.values()):
        if q.status == ON_MAP and q.hex is not None:
            cause = "exit" if q.hex in config.exits.get(q.owner, ()) else "edge" if edge(config, q.hex) else None
            if cause:
                q = w.edit(q)
                q.status, q.hex = RETREATED, None
                w.events.append({"type": "retreated", "unit": q.id, "cause": cause})
    for s in list(w.ships.values()):
        if s.status == ON_MAP and s.warp_declared and s.move >= 1:
            _retreat(w, s, "warp")
    for q in list(w.sqs.values()):
        if q.status == ON_MAP and q.warp_declared:  # LF-ADD-03c: squadrons warp out too
            q = w.edit(q)
            q.status, q.hex = RETREATED, None
            w.events.append({"type": "retreated", "unit": q.id, "cause": "warp"})
    if config.control:
        _score_control(w)
    for s in list(w.ships.values()):  # only units with a flag up are copied to clear it
        if s.moved or s.activated or s.booster_used or s.repair_used or s.warp_declared or s.launches or s.recoveries:
            s = w.edit(s)
            s.moved = s.activated = s.booster_used = s.repair_used = s.warp_declared = False
            s.launches = s.recoveries = 0
    for q in list(w.sqs.values()):
        if q.moved or q.activated or q.warp_declared or q.launched_step is not None:
            q = w.edit(q)
            q.moved = q.activated = q.warp_declared = False
            q.launched_step = None
    w.quiet_turns = 0 if w.rolled else w.quiet_turns + 1
    w.rolled = False
    _start_turn(w)


def _score_control(w: Work) -> None:
    """LF-SCEN-01: at the end of the turn, a player whose units (with his teammates') are the
    only ones in the scenario's area holds it and scores its VP (credited to the first of
    them in seat order)."""
    there = [p for p in w.config.seats if any(u.owner == p and u.hex in w.config.control for u in w.units_on_map())]
    if there and all(w.config.allied(there[0], p) for p in there):
        w.ledger.append((there[0], 2 * w.config.control_vp, f"control:{w.turn}"))
        w.events.append({"type": "control", "turn": w.turn, "seat": there[0], "vp": w.config.control_vp})


def _retreat(w: Work, s: Ship, cause: str) -> None:
    aboard = [w.edit(q) for q in w.hosted(s.id)]
    for q in aboard:
        q.status = RETREATED
    s = w.edit(s)
    s.status, s.hex = RETREATED, None
    w.events.append({"type": "retreated", "unit": s.id, "cause": cause, "squadrons": [q.id for q in aboard]})


def _can_fight(w: Work, s: Ship) -> bool:
    return bool(s.stat("cannons") or (s.stat("launchers") and s.missiles))


def _end_reason(w: Work) -> str | None:
    """LF-VIC-01 made computable (LF-AMB-33): one fleet left able to act, a stalemate of
    ``stalemate_turns`` turns without attack dice, or the scenario's turn limit."""
    able = set()
    for s in w.ships.values():
        if s.status == ON_MAP and (s.move or _can_fight(w, s) or (s.stat("bays") and w.hosted(s.id))):
            able.add(w.config.side(s.owner))
    able.update(w.config.side(q.owner) for q in w.sqs.values() if q.status == ON_MAP)
    if len(able) <= 1:
        return "last_fleet"
    if any(w.ships[sid].status == DESTROYED for sid in w.config.protect if sid in w.ships):
        return "protected_ship_lost"  # the scenario's special condition (LF-SCEN-04)
    opts = w.config.options
    if w.quiet_turns >= opts.stalemate_turns:
        return "stalemate"
    if opts.turn_limit is not None and w.turn > opts.turn_limit:
        return "turn_limit"
    return None


def scores(w: Work) -> dict[Seat, int]:
    """Victory points in half-points (LF-VIC-02..10): elimination credits, full value for
    capable units on the map, half for incapable ones and for retreated ships."""
    half = {p: 0 for p in w.config.seats}
    raw = w.config.options.vp_accounting == "raw"
    for seat, value, uid in w.ledger:
        if raw and uid in w.ships:  # the book's formula: original value less surviving originals
            value -= 2 * SQUADRON_COST * sum(1 for q in w.sqs.values() if q.origin == uid and q.status != ELIMINATED)
        half[seat] += value
    fighters_half = w.config.options.retreated_fighters_score_half
    for s in w.ships.values():
        h = s.design.hull_value
        if s.status == ON_MAP:
            capable = s.move >= 1 and (_can_fight(w, s) or s.stat("bays") >= 1)
            half[s.owner] += 2 * h if capable else h
            per = 2 * SQUADRON_COST if s.stat("bays") >= 1 else SQUADRON_COST
            half[s.owner] += per * len(w.hosted(s.id))
        elif s.status == RETREATED:
            full = s.exited and s.owner in w.config.exit_full_vp  # the scenario's escape condition
            half[s.owner] += (2 * h if full else h) + SQUADRON_COST * sum(1 for q in w.sqs.values()
                                                     if q.status == RETREATED and q.host == s.id)
    for sid, vp in w.config.protect.items():  # the vulnerable ship survived (LF-SCEN-04)
        if sid in w.ships and w.ships[sid].status == ON_MAP:
            half[w.ships[sid].owner] += 2 * vp
    for q in w.sqs.values():
        if q.status == ON_MAP:
            half[q.owner] += 2 * SQUADRON_COST
        elif q.status == RETREATED and q.host is None and fighters_half:
            half[q.owner] += SQUADRON_COST
    return half


def _game_over(w: Work, reason: str) -> None:
    final = scores(w)
    if w.config.options.victory == "ships_destroyed":  # LF-SCEN-05: kills, regardless of losses
        kills = {p: sum(1 for seat, _, uid in w.ledger if seat == p and uid in w.ships) for p in w.config.seats}
        final_rank = kills
    else:
        final_rank = final
    team_vp = {p: sum(final_rank[m] for m in w.config.side(p)) for p in w.config.seats}  # summed per team
    best = max(team_vp.values())
    winners = tuple(p for p in w.config.seats if team_vp[p] == best)
    w.phase, w.scores, w.decision = OVER, final, None
    w.outcome = Outcome(reason, winners)
    w.events.append({"type": "game_over", "reason": reason, "vp": {p: v / 2 for p, v in final.items()},
                     "winners": list(winners)})
