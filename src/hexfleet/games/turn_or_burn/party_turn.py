"""Module 6 in the nine-phase turn (TOB-SEQ-04): rams at the start of Fire Guns, shots at
stations, the turn's points, and the end of the turn (station ownership, deliveries, station
points, returns, the end of the game).

Points go to the side whose hit destroyed the card or ship (the format's "Scoring"): each
damaging step is wrapped by :func:`tallied`, which reads the step's events (a ``shot``,
``blast`` or ``ram_hit`` and the ``pulled`` after it) into the turn's tally, kept in the
turn's :class:`~.state.Stage` across a decision. A ship eliminated at the end of the turn
counts for the side that last destroyed one of its cards this turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.ruleset import Event, Outcome
from ...hexgrid import distance
from . import big_party
from . import ship_sheet as sheet
from .big_party import Party, StationHit
from .cards import GUNS, range_miss_cards
from .fire import GunPlot, effective_range, shot_damage, void_reason
from .notation import LETTERS
from .orders import Placement
from .reentry import party_entry_hex
from .state import Fighter, Replacement, Station, TobState
from .systems import resolve_maneuvers

if TYPE_CHECKING:
    from .turn import Work

HIT = "HIT"
ELIMINATING = ("structure", "crew", "gun")


def party_of(w: Work) -> Party:
    party = w.config.party
    assert isinstance(party, Party)
    return party


def side_of(w: Work, uid: str) -> str | None:
    f = w.fighters.get(uid) or w.state.fighter(uid)
    if f is not None:
        return f.side
    for g, _ in w.out:
        if g.id == uid:
            return g.side
    p = w.projectiles.get(uid) or next((q for q in w.state.projectiles if q.id == uid), None)
    return p.side if p is not None else None


def add_points(w: Work, side: str, reason: str, n: int = 1) -> None:
    value = party_of(w).value(reason) * n
    if value:
        w.tally.append(("points", side, reason, value))


# --- station hits ---------------------------------------------------------------------------


def hit_station(w: Work, station: Station, by: str, side: str, damage: int, misses: int, dist: int,
                speed: int) -> None:
    """Pull ``damage`` of the station's 15 notional hit cards and ``misses`` miss cards; the
    hit cards pulled are the damage done (TOB-AMB-45; option ``station_hit: auto``: all of it)."""
    deck = [HIT] * big_party.STATION_HIT_CARDS + [sheet.MISS] * misses
    if w.config.options.station_hit == "auto":
        done = min(damage, big_party.STATION_HIT_CARDS)
    else:
        pulled, w.rng = w.rng.sample(deck, damage)
        done = pulled.count(HIT)
    w.events.append({"type": "station_hit", "station": station.id, "shooter": by, "side": side, "damage": done,
                     "miss_cards": misses, "hand_size": len(deck)})
    w.tally.append(("station", StationHit(station.id, side, done, dist, speed)))


def shoot_station(w: Work, shooters: dict[str, Fighter], plot: GunPlot) -> None:
    """A gun at a station: in range and arc like a shot at a ship at rest; the range row, -3
    and the target computer; damage by the gun against a speed-0 target (TOB-M6-STN-03)."""
    shooter = shooters.get(plot.shooter)
    station = next(s for s in w.state.stations if s.id == plot.target)
    if shooter is None:
        return
    base: Event = {"type": "shot_void", "shooter": plot.shooter, "weapon": plot.weapon, "target": station.id}
    if shooter.shields:
        w.events.append({**base, "reason": "shields_up"})
        return
    skills = party_of(w).skills(shooter.side)
    dummy = Fighter(station.id, "", station.hex, 0, station.hex, ())
    reach = 2 if "long_range_weapon" in skills else 0
    reason = void_reason(shooter, GUNS[plot.weapon], dummy, w.config.options.arc_boundary == "exclusive",
                         w.start_locks, reach)
    if reason is not None:
        w.events.append({**base, "reason": reason})
        return
    r, r_eff = effective_range(shooter, dummy, w.start_locks)
    r_eff = big_party.skill_range(r_eff, plot.weapon, skills)
    band = range_miss_cards(r_eff)
    assert band is not None
    misses = big_party.station_misses(band, skills)
    damage = shot_damage(shooter, plot, dummy, r_eff, w.config.options)
    w.events.append({"type": "shot", "shooter": plot.shooter, "weapon": plot.weapon, "target": station.id,
                     "range": r, "effective_range": r_eff, "damage": damage, "miss_cards": misses,
                     "hand_size": big_party.STATION_HIT_CARDS + misses})
    hit_station(w, station, shooter.id, shooter.side, damage, misses, r, shooter.speed)


# --- rams (TOB-M6-RAM-01..04) ---------------------------------------------------------------


def ram_pairs(w: Work) -> list[tuple[str, str]]:
    """(rammer, target) at the start of Fire Guns: each ship that ordered Ramming and shares its
    hex with the ship (or station) it named, else with an opposing ship (lowest id). A mutual
    ram is one collision (TOB-AMB-44)."""
    out: list[tuple[str, str]] = []
    met: set[frozenset[str]] = set()
    stations = {s.id: s for s in w.state.stations}
    for fid, actions in sorted(w.plots):
        f = w.fighters.get(fid)
        ram = next((a for a in actions if a.card == "RAM"), None)
        if f is None or ram is None:
            continue
        here = [g.id for g in sorted(w.fighters.values(), key=lambda g: g.id) if g.hex == f.hex and g.side != f.side]
        named = ram.target
        if named is not None:
            ok = named in here or (named in stations and stations[named].hex == f.hex)
            target = named if ok else None
        else:
            target = here[0] if here else None
        if target is None:
            w.events.append({"type": "ram_void", "rammer": fid, "target": named, "reason": "not_in_hex"})
            continue
        pair = frozenset((fid, target))
        if pair not in met:
            met.add(pair)
            out.append((fid, target))
    return out


def rams(w: Work) -> None:
    """Both ships take the distance between their momentum markers, each with its own miss
    cards; shields do not stop it and armor is an ordinary card (TOB-M6-RAM-02..04). Damages
    are fixed before any pull, so the collision is mutual."""
    if w.config.party is None:
        return
    pairs = ram_pairs(w)
    if not pairs:
        return
    turned = resolve_maneuvers(w.state, dict(w.plots))
    ordered = {fid for fid, actions in w.plots if any(a.card == "RAM" for a in actions)}
    stations = {s.id: s for s in w.state.stations}
    for rammer, target in pairs:
        f = w.fighters[rammer]
        other = stations[target].hex if target in stations else w.fighters[target].momentum
        damage = big_party.ram_damage(f.momentum, other)
        w.events.append({"type": "rammed", "rammer": rammer, "target": target, "module": 6, "damage": damage})
        ships = [rammer] if target in stations else [rammer, target]
        if target in stations:  # the station takes it with no miss cards (it ordered no ram: +2, size -3)
            hit_station(w, stations[target], rammer, f.side, damage, 0, 0, f.speed)
        for ship in ships:
            g = w.fighters[ship]
            misses = big_party.ram_misses(ship in ordered, g.shields, turned.get(ship))
            pull(w, ship, target if ship == rammer else rammer, damage, misses, "ram_hit")


def pull(w: Work, fid: str, other: str, damage: int, misses: int, kind: str) -> None:
    """Hit cards pulled from a ship (TOB-M6-HIT-01/02), with its cause event first."""
    f = w.fighters[fid]
    hand = len(sheet.intact_slots(f)) + misses
    w.events.append({"type": kind, "ship": fid, "other": other, "damage": damage, "miss_cards": misses,
                     "hand_size": hand})
    after, drawn, slots, pulled, w.rng, dice = sheet.draw_hits(f, misses, damage, w.rng, w.config.options.hit_method)
    w.events += dice
    w.fighters[fid] = after
    w.events.append({"type": "pulled", "target": fid, "cards": pulled, "hit_cards": drawn, "slots": slots,
                     "effect": "destroyed" if slots else "miss"})


# --- the tally ------------------------------------------------------------------------------


def tallied(step: Callable[[Work], None]) -> Callable[[Work], None]:
    """``step`` with its damage read into the turn's points (see the module's docstring)."""

    def run(w: Work) -> None:
        start = len(w.events)
        sides = {p.id: p.side for p in w.projectiles.values()}
        step(w)
        if w.config.party is not None:
            tally_events(w, w.events[start:], sides)

    run.__name__ = run.__qualname__ = f"tallied_{getattr(step, '__name__', 'step')}"
    return run


def tally_events(w: Work, events: list[Event], projectile_sides: dict[str, str | None]) -> None:
    cause: tuple[str, str | None] | None = None
    for e in events:
        kind = e["type"]
        if kind == "shot":
            cause = (e["target"], side_of(w, e["shooter"]))
        elif kind == "blast":
            cause = (e["target"], projectile_sides.get(e["projectile"]) or side_of(w, e["projectile"]))
            if e.get("absorbed") == "shields":
                credit(w, e["target"], cause[1], 1)
        elif kind == "ram_hit":
            cause = (e["ship"], side_of(w, e["other"]))
        elif kind == "pulled" and cause is not None and cause[0] == e["target"]:
            effect = e.get("effect")
            lost = (len(e["slots"]) if "slots" in e else
                    1 if effect == "shield_generator" else
                    sum(c != sheet.MISS for c in e["cards"]) if effect in (None, "destroyed") else 0)
            credit(w, e["target"], cause[1], lost)
        elif kind == "ejected":
            side = side_of(w, e["id"])
            if side is not None:
                add_points(w, side, "eject")
        elif kind == "detonated":
            blast_stations(w, e, projectile_sides.get(e["id"]))


def credit(w: Work, target: str, side: str | None, lost: int) -> None:
    victim = side_of(w, target)
    if side is None or lost <= 0 or victim is None or victim == side:
        return
    add_points(w, side, "system", lost)
    w.tally.append(("hit", target, side))


def blast_stations(w: Work, e: Event, side: str | None) -> None:
    """An explosion damages the stations in its area with no miss cards (TOB-M6-STN-03)."""
    if side is None:
        return
    centre = (e["hex"][0], e["hex"][1])
    for s in w.state.stations:
        d = distance(s.hex, centre)
        if d <= 1:
            dmg = e["damage"]["hex" if d == 0 else "adjacent"]
            hit_station(w, s, e["id"], side, dmg, 0, d, 0)


# --- the end of the turn --------------------------------------------------------------------


def end(w: Work) -> tuple[tuple[tuple[str, int], ...], tuple[Replacement, ...], Outcome | None, tuple[Station, ...]]:
    """Ship points, station ownership and points, deliveries, returns, scores and the end of
    the game (TOB-M6-MODE-*, TOB-M6-STN-03, TOB-M6-FRT-02)."""
    party = party_of(w)
    state = w.state
    hits = [t for t in w.tally if t[0] == "hit"]
    for f, cause in w.out:
        killer = next((side for _, fid, side in reversed(hits) if fid == f.id), None)
        if killer is not None and cause in ELIMINATING:
            add_points(w, killer, "ship")
            if party.special_enemy(killer) == f.side:
                add_points(w, killer, "special_enemy")
    stations = settle_stations(w)
    returning = list(state.replacements)
    for fid in sorted(w.fighters):
        f = w.fighters[fid]
        station = big_party.delivery_station(f, stations)
        if station is None:
            continue
        cargo = big_party.cargo_left(f)
        points = party.value("cargo") * cargo
        w.events.append({"type": "delivered", "id": fid, "station": station.id, "cargo": cargo, "points": points})
        if points:
            w.tally.append(("points", f.side, "cargo", points))
        del w.fighters[fid]
        returning.append(Replacement(f.side, fid, state.turn + 1, f.cards, fighter=f))
    if party.returns:
        for f, _cause in w.out:
            fresh = Fighter(f.id, f.side, f.hex, 0, f.hex, f.cards, kit=replace(f.kit, marks=(), shields=False,
                                                                                 lock_on=None))
            returning.append(Replacement(f.side, f.id, state.turn + big_party.RETURN_DELAY, f.cards, fighter=fresh))
            w.events.append({"type": "replacement", "side": f.side, "id": f.id,
                             "enters_on_turn": state.turn + big_party.RETURN_DELAY})
    scores = dict(state.scores)
    summed: dict[tuple[str, str], int] = {}
    for entry in w.tally:
        if entry[0] == "points":
            _, side, reason, value = entry
            summed[(side, reason)] = summed.get((side, reason), 0) + value
    for s in stations:
        if s.owner is not None and party.value("station"):
            summed[(s.owner, "station")] = summed.get((s.owner, "station"), 0) + party.value("station")
    for (side, reason), value in sorted(summed.items()):
        scores[side] = scores.get(side, 0) + value
        w.events.append({"type": "scored", "side": side, "points": value, "reason": reason, "total": scores[side]})
    with_ships = {f.side for f in w.fighters.values()} | {r.side for r in returning}
    outcome = big_party.outcome(party, scores, state.turn, with_ships)
    return tuple(sorted(scores.items())), tuple(returning), outcome, stations


def settle_stations(w: Work) -> tuple[Station, ...]:
    hits = [t[1] for t in w.tally if t[0] == "station"]
    out = []
    for s in w.state.stations:
        owner = big_party.capture(s.owner, (h for h in hits if h.station == s.id))
        if owner != s.owner:
            w.events.append({"type": "station_captured", "station": s.id, "owner": owner, "previous": s.owner})
            s = replace(s, owner=owner)
        out.append(s)
    return tuple(out)


# --- returns --------------------------------------------------------------------------------


def enter(state: TobState, placements: Mapping[str, Placement] | None = None) -> tuple[TobState, list[Event]]:
    """Ships due return in their player's start region: where their ``place`` entry says
    (checked by ``reentry.check_place``), else its first hex, facing A at speed 0 (TOB-AMB-48;
    TOB-M6-FRT-02: a delivered freighter keeps its damage)."""
    fighters = list(state.fighters)
    events: list[Event] = []
    rest = []
    for r in state.replacements:
        if r.enters_on_turn > state.turn:
            rest.append(r)
            continue
        base = r.fighter if isinstance(r.fighter, Fighter) else Fighter(r.id, r.side, (0, 0), 0, (0, 0), r.cards)
        p = (placements or {}).get(r.id) or r.place or Placement()
        h = p.hex if p.hex is not None else party_entry_hex(state, r.side)
        mom = p.momentum if p.momentum is not None else h
        shields = bool(p.shields) and base.has("SG")
        g = replace(base, hex=h, momentum=mom, facing=p.facing or 0, revealed=(),
                    kit=replace(base.kit, shields=shields, lock_on=None))
        fighters.append(g)
        events.append({"type": "entered", "id": g.id, "side": g.side, "hex": list(h), "facing": LETTERS[g.facing],
                       "momentum": list(mom), "shields": shields, "external": [], "heavy_guns": len(g.heavy_guns)})
    return replace(state, fighters=tuple(fighters), replacements=tuple(rest)), events
