"""Module 5, Experimental: force beam, zap gun, secondary thrusters, ramming, fuel (TOB-M5-*).

Each is a rule switch (option ``force_beam``, ``zap_gun``, ``secondary_thrusters``, ``ramming``,
``fuel``; TOB-M5-OPT-01) and a step or hook of the nine-phase turn (:mod:`.spacewar`):

======================== ===== ==============================================================
step                     phase rules
======================== ===== ==============================================================
:func:`secondary_thrust` 5     TOB-M5-SEC-01..06 (before Move: English; option ``after_move``)
:func:`after_move`       5     TOB-M5-FUEL-01..05, TOB-M5-SEC-06 (fuel spent, thrust 1)
:func:`beams`            7     TOB-M5-FB-01..10, TOB-M5-ZAP-01..07
:func:`rams`             8     TOB-M5-RAM-01..03 (between the blasts and the concussions)
:func:`structure_fuel`   end   TOB-M5-FUEL-02 (18 per structure card lost)
======================== ===== ==============================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import RuleError
from ...engine.ruleset import Event
from ...hexgrid import DIRECTIONS, Hex, add, directions_toward, distance, in_arc, in_arc_exclusive, scale, sub
from .build import barred_maneuvers, count_working
from .cards import MANEUVERS, range_miss_cards
from .fire import MISS, hand, miss_cards
from .notation import LETTERS
from .orders import Action
from .position_v2 import KIND_CARD, class_name, fuel_of
from .reentry import REENTRY_DELAY, edge_hexes
from .spacewar import PROJECTILE_MISSES, off_map_test, ordered, take_out
from .state import Fighter, Projectile, Replacement, TobState, refit

if TYPE_CHECKING:
    from .turn import Work

BEAM_RANGE = 6
"""Force beam and zap gun: range 6, not improved by a scanner (TOB-M5-FB-02, TOB-M5-ZAP-02)."""
BEAM_ARC = {"FB": 180, "ZG": 360}
ALLOWED = {0: 3, 1: 2, 2: 1}
"""Most hexes a force beam moves a marker by miss cards pulled first (TOB-M5-FB-05); 3+: 0."""
CLASS_INDEX = {"standard": 0, "heavy": 1, "super": 2, "ultra": 3, "freighter": 3}
"""Mass for the force beam's difference (TOB-M5-FB-09, TOB-AMB-40); the puck is standard."""
FUEL_FACTOR = {"standard": 1.0, "heavy": 1.5, "super": 2.0, "ultra": 2.5, "freighter": 2.5}
"""Fuel per thrust point (TOB-M5-FUEL-05, TOB-AMB-37)."""
SECONDARY_NEEDED = {"standard": 1, "heavy": 2, "super": 3, "ultra": 4, "freighter": 4}
"""Secondary thruster cards a fighter needs to use one (TOB-M5-SEC-02)."""


def on(w: Work | TobState, name: str) -> bool:
    """A Module 5 system's switch: Module 5 in force and its option on (TOB-M5-OPT-01)."""
    return 5 in w.config.modules and bool(getattr(w.config.options, name))


def fighter_class(f: Fighter) -> str:
    return class_name(f.cards)


def plotted(w: Work, card: str) -> list[tuple[str, Action]]:
    return [(fid, a) for fid, actions in sorted(w.plots) for a in actions if a.card == card and fid in w.fighters]


# --- phase 5: secondary thrusters, fuel ---------------------------------------------------


def secondary_thrust(w: Work, timing: str = "before_move") -> None:
    """Each secondary thruster moves its fighter's marker 1 hex, the faster fighter first (speed
    before the shift), equal speeds in die order (TOB-M5-SEC-01/04/05)."""
    if not on(w, "secondary_thrusters") or w.config.options.secondary_thrust_timing != timing:
        return
    users = [(fid, a) for fid, a in plotted(w, "ST") if a.field("direction") is not None]
    if not users:
        return
    speeds: dict[int, list[str]] = {}
    for fid, _ in users:
        speeds.setdefault(w.fighters[fid].speed, []).append(fid)
    order: list[str] = []
    for speed in sorted(speeds, reverse=True):
        tied = speeds[speed]
        order += ordered(w, tied, "secondary_thrust_order") if len(tied) > 1 else tied
    direction = dict(users)
    for fid in order:
        f = w.fighters.get(fid)
        if f is None:
            continue
        d = direction[fid].field("direction")
        w.fighters[fid] = f = _shift(f, DIRECTIONS[d])
        w.events.append({"type": "secondary_thrust", "id": fid, "direction": LETTERS[d], "momentum": list(f.momentum)})
        off_map_test(w)


def _shift(f: Fighter, v: Hex) -> Fighter:
    return Fighter(f.id, f.side, f.hex, f.facing, add(f.momentum, v), f.cards, f.destroyed, f.revealed, f.kit)


def secondary_thrust_after(w: Work) -> None:
    secondary_thrust(w, "after_move")


def after_move(w: Work) -> None:
    """Fuel for the burns just made and for secondary thrusts, each a thrust-1 burn for miss
    cards too (TOB-M5-FUEL-03/05, TOB-M5-SEC-06)."""
    thrusting = {fid for fid, a in plotted(w, "ST") if a.field("direction") is not None} \
        if on(w, "secondary_thrusters") else set()
    for fid in thrusting:
        w.thrust[fid] = w.thrust.get(fid, 0) + 1
    if not on(w, "fuel"):
        return
    for fid in sorted(w.fighters):
        f = w.fighters[fid]
        factor = FUEL_FACTOR[fighter_class(f)]
        burn = w.thrust.get(fid, 0) - (1 if fid in thrusting else 0)
        for amount, reason in ((burn * factor, "burn"), (factor if fid in thrusting else 0.0, "secondary_thrust")):
            if amount:
                spend(w, fid, amount, reason)


def spend(w: Work, fid: str, amount: float, reason: str) -> None:
    f = w.fighters[fid]
    left = max(0.0, fuel_of(f) - amount)
    w.fighters[fid] = refit(f, fuel=left)
    w.events.append({"type": "fuel_spent", "id": fid, "amount": _num(amount), "fuel": _num(left), "reason": reason})


def _num(x: float) -> int | float:
    return int(x) if x == int(x) else x


def structure_fuel(w: Work) -> None:
    """A structure card pulled takes 18 fuel with it, as if it was full (TOB-M5-FUEL-02)."""
    if not on(w, "fuel"):
        return
    before = {f.id: f.destroyed.count("STR") for f in w.state.fighters}
    for fid in sorted(w.fighters):
        lost = w.fighters[fid].destroyed.count("STR") - before.get(fid, 0)
        if lost > 0:
            spend(w, fid, 18.0 * lost, "structure")


# --- phase 7: force beams and zap guns ----------------------------------------------------


def beams(w: Work) -> None:
    """Force beams and zap guns, targets fixed at the start of Fire Guns; several beams on one
    target in die order (TOB-M5-FB-06), each resolved before the next."""
    shots = [(fid, a) for fid, a in plotted(w, "FB") if on(w, "force_beam")]
    shots += [(fid, a) for fid, a in plotted(w, "ZG") if on(w, "zap_gun")]
    fixed = []
    for fid, a in shots:
        target = a.target or default_target(w, fid, a.card)
        if target is not None:
            fixed.append((fid, a, target))
    by_target: dict[str, list[str]] = {}
    for fid, a, target in fixed:
        if a.card == "FB":
            by_target.setdefault(target, []).append(fid)
    rank = {}
    for target, shooters in by_target.items():
        order = ordered(w, shooters, "force_beam_order") if len(shooters) > 1 else shooters
        rank.update({(fid, target): i for i, fid in enumerate(order)})
    fixed.sort(key=lambda s: (s[2], rank.get((s[0], s[2]), 0)) if s[1].card == "FB" else ("", 0))
    for fid, a, target in fixed:
        if fid in w.fighters:
            (force_beam if a.card == "FB" else zap)(w, fid, a, target)


def default_target(w: Work, fid: str, card: str) -> str | None:
    """Without a named target: the nearest opposing fighter in range and arc (ties: lowest id)."""
    f = w.fighters[fid]
    found = [(distance(f.hex, e.hex), e.id) for e in w.fighters.values()
             if e.side != f.side and void(w, f, card, e.hex) is None]
    return min(found)[1] if found else None


def void(w: Work, f: Fighter, card: str, h: Hex) -> str | None:
    v = sub(h, f.hex)
    if v == (0, 0):
        return "range_0"
    if distance(f.hex, h) > BEAM_RANGE:
        return "out_of_range"
    arc = in_arc_exclusive if w.config.options.arc_boundary == "exclusive" else in_arc
    if not arc(f.facing, v, BEAM_ARC[card]):
        return "out_of_arc"
    return None


def _target(w: Work, tid: str) -> Fighter | Projectile | None:
    return w.fighters.get(tid) or w.projectiles.get(tid)


def checked(w: Work, f: Fighter, a: Action, tid: str) -> Fighter | Projectile | None:
    t = _target(w, tid)
    base: Event = {"type": "shot_void", "shooter": f.id, "weapon": a.card, "target": tid}
    if t is None:
        w.events.append({**base, "reason": "target_gone"})
        return None
    if f.shields or (isinstance(t, Fighter) and t.shields):
        w.events.append({**base, "reason": "shields"})  # TOB-M5-FB-03, TOB-M5-ZAP-03
        return None
    reason = void(w, f, a.card, t.hex)
    if reason is not None:
        w.events.append({**base, "reason": reason})
        return None
    return t


def deck(w: Work, t: Fighter | Projectile, r: int) -> list[str]:
    """The target's normal hand with its miss cards, or the projectile deck (TOB-M5-FB-05)."""
    if isinstance(t, Projectile):
        band = miss_band(r)
        return [KIND_CARD[t.kind]] + [MISS] * (PROJECTILE_MISSES + band + t.burn)
    return hand(t, miss_cards(r, w.thrust.get(t.id, 0), t, t.id in w.jammed))


def miss_band(r: int) -> int:
    band = range_miss_cards(r)
    assert band is not None
    return band


def force_beam(w: Work, fid: str, a: Action, tid: str) -> None:
    """Pull until a system card; the misses before it allow 3, 2, 1 or 0 hexes; push or pull
    along the line, the larger unit moving less by the class difference (TOB-M5-FB-05..10)."""
    f = w.fighters[fid]
    t = checked(w, f, a, tid)
    if t is None:
        return
    r = distance(f.hex, t.hex)
    cards = deck(w, t, r)
    shuffled, w.rng = w.rng.sample(cards, len(cards))
    m = next((i for i, c in enumerate(shuffled) if c != MISS), len(shuffled))  # a hand of misses only: 0 hexes
    allowed = ALLOWED.get(m, 0)
    wanted = a.field("hexes")
    n = allowed if wanted is None else min(wanted, allowed)
    choices = directions_toward(sub(t.hex, f.hex))
    chosen = a.field("direction")
    d = chosen if chosen in choices else choices[0]
    mode = a.field("mode") or "push"
    puck = isinstance(t, Projectile) and t.kind == "puck"
    own_class = CLASS_INDEX[fighter_class(f)]
    other_class = CLASS_INDEX[fighter_class(t)] if isinstance(t, Fighter) else 0
    both = isinstance(t, Fighter) or (puck and w.config.options.force_beam_puck == "both")
    shooter_n = max(0, n - (own_class - other_class)) if own_class > other_class else n
    target_n = max(0, n - (other_class - own_class)) if other_class > own_class else n
    if not both:
        shooter_n = 0
    toward, away = DIRECTIONS[d], DIRECTIONS[(d + 3) % 6]
    own_v, target_v = (toward, away) if mode == "pull" else (away, toward)
    g = _shift(f, scale(own_v, shooter_n))
    w.fighters[fid] = g
    target_momentum = add(t.momentum, scale(target_v, target_n))
    if isinstance(t, Fighter):
        w.fighters[t.id] = _shift(w.fighters[t.id], scale(target_v, target_n))
    else:
        p = w.projectiles[t.id]
        w.projectiles[t.id] = Projectile(p.id, p.side, p.kind, p.hex, target_momentum, p.fuel, p.by, p.burn)
    event: Event = {"type": "force_beam", "shooter": fid, "target": tid, "range": r, "direction": LETTERS[d]}
    if len(choices) > 1:
        event["tie"] = [LETTERS[c] for c in choices]
    event.update({"misses_pulled": m, "allowed": allowed, "hexes": n, "mode": mode, "shooter_moved": shooter_n,
                  "target_moved": target_n, "shooter_momentum": list(g.momentum),
                  "target_momentum": list(target_momentum)})
    w.events.append(event)
    off_map_test(w)


def maneuver_hand(state_modules: tuple[int, ...], f: Fighter, w: Work) -> list[str]:
    """The maneuver cards the fighter still has: its set less ditto, the cards its size class
    removes and those already lost; TNC included (TOB-M5-ZAP-06, TOB-AMB-39)."""
    barred = barred_maneuvers(f, w.config.options)
    return [m.id for m in MANEUVERS.values() if m.module in state_modules and m.id != "DITTO"
            and m.id not in barred and m.id not in f.kit.lost_maneuvers]


def zap(w: Work, fid: str, a: Action, tid: str) -> None:
    """One pull from the target's maneuver cards and its normal miss cards; a maneuver pulled is
    lost; armor has no effect (TOB-M5-ZAP-01..07)."""
    f = w.fighters[fid]
    t = checked(w, f, a, tid)
    if t is None:
        return
    r = distance(f.hex, t.hex)
    if isinstance(t, Fighter):
        misses = miss_cards(r, w.thrust.get(t.id, 0), t, t.id in w.jammed)
        cards = maneuver_hand(w.config.modules, t, w) + [MISS] * misses
    else:
        misses = PROJECTILE_MISSES + miss_band(r) + t.burn
        cards = [MISS] * misses
    if cards:
        (card,), w.rng = w.rng.sample(cards, 1)
    else:  # nothing left to pull
        card = MISS
    w.events.append({"type": "zap", "shooter": fid, "target": tid, "range": r, "miss_cards": misses,
                     "hand_size": len(cards), "card": card})
    if card != MISS and isinstance(t, Fighter):
        g = w.fighters[t.id]
        w.fighters[t.id] = refit(g, lost_maneuvers=g.kit.lost_maneuvers + (card,))


def restore(w: Work) -> None:
    """A repair bot may restore one lost maneuver card, drawn at random (TOB-M5-ZAP-08)."""
    for fid, a in plotted(w, "BOT"):
        f = w.fighters[fid]
        if a.field("restore") and f.kit.lost_maneuvers:
            i, w.rng = w.rng.draw(len(f.kit.lost_maneuvers))
            card = f.kit.lost_maneuvers[i]
            lost = f.kit.lost_maneuvers[:i] + f.kit.lost_maneuvers[i + 1:]
            w.fighters[fid] = refit(f, lost_maneuvers=lost)
            w.events.append({"type": "maneuver_restored", "id": fid, "card": card})


# --- phase 8: rams ------------------------------------------------------------------------


def ram_targets(w: Work) -> list[tuple[str, str]]:
    """Rams fixed at the start of Detonate Projectiles: the named fighter, else the nearest
    opposing fighter, within 1 hex (ties: lowest id) (TOB-M5-RAM-02)."""
    if not on(w, "ramming") or w.config.party is not None:  # Module 6's ramming card replaces it (TOB-M6-RAM-01)
        return []
    out = []
    for fid, a in plotted(w, "THR"):
        f = w.fighters[fid]
        near = sorted((distance(f.hex, e.hex), e.id) for e in w.fighters.values()
                      if e.side != f.side and distance(f.hex, e.hex) <= 1)
        named = a.field("ram")
        target = named if named in {e for _, e in near} else (near[0][1] if near and named is None else None)
        if target is not None:
            out.append((fid, target))
    return out


def rams(w: Work, planned: list[tuple[str, str]]) -> None:
    """Both fighters destroyed, whatever their armor, shields or size; simultaneous with the
    explosions, so a ram on a fighter blasted this phase still happens (TOB-M5-RAM-03)."""
    for rammer, target in planned:
        w.events.append({"type": "rammed", "rammer": rammer, "target": target, "module": 5})
    for fid in sorted({fid for pair in planned for fid in pair}):
        if fid in w.fighters:
            take_out(w, fid, "rammed")


# --- Space Hockey's returns ---------------------------------------------------------------


def hockey_returns(w: Work) -> list[Replacement]:
    """An eliminated Space Hockey fighter is rebuilt, skips the next turn and re-enters along its
    own team's edge (TOB-M5-HOCKEY-06): the first free hex of the edge, the owner choosing
    facing and speed 0-6 as a Module 2 replacement does."""
    hockey = w.config.hockey
    if hockey is None:
        return []
    taken = {f.hex for f in w.fighters.values()} | {r.hex for r in w.state.replacements}
    out = []
    for f, _ in w.out:
        h = next(h for h in edge_hexes(w.config.map, hockey.edge(f.side)) if h not in taken)
        taken.add(h)
        out.append(Replacement(f.side, f.id, w.state.turn + REENTRY_DELAY, f.cards, f.external, f.heavy_guns, h))
        w.events.append({"type": "replacement", "side": f.side, "id": f.id,
                         "enters_on_turn": w.state.turn + REENTRY_DELAY})
    return out


# --- plots --------------------------------------------------------------------------------


def check_orders(state: TobState, f: Fighter, actions: tuple[Action, ...], where: str) -> None:
    """Module 5 rules on a fighter's plot (the format's "Illegal orders added in version 2")."""
    maneuvers = [a for a in actions if a.card in MANEUVERS]
    for i, a in enumerate(actions):
        at = f"{where}[{i}]"
        if a.card in MANEUVERS and a.card in f.kit.lost_maneuvers:
            raise RuleError("TOB-M5-ZAP-06", f"{a.card} was lost to a zap gun: the fighter may no longer make it",
                            unit=f.id, field=f"{at}.card")
        if a.card == "DITTO" and on(state, "zap_gun") and any("ZG" in g.cards + g.external for g in state.fighters):
            raise RuleError("TOB-M5-ZAP-04", "zap guns are in use: every fighter plots its own maneuver",
                            unit=f.id, field=f"{at}.card")
        if a.card == "ST" and on(state, "secondary_thrusters"):
            need = SECONDARY_NEEDED[fighter_class(f)]
            if count_working(f, "ST") < need:
                raise RuleError("TOB-M5-SEC-02", f"a {fighter_class(f)} fighter needs {need} working secondary "
                                f"thrusters to use one; it has {count_working(f, 'ST')}", unit=f.id,
                                field=f"{at}.card")
        if a.card == "THR" and on(state, "ramming") and maneuvers:
            raise RuleError("TOB-M5-RAM-01", "a fighter that rams makes no maneuver that turn", unit=f.id,
                            field=f"{at}.card")
        if a.field("ram") is not None and a.card != "THR":
            raise RuleError("TOB-M5-RAM-01", "a ram is plotted with the thruster card", unit=f.id,
                            field=f"{at}.ram")
    if on(state, "fuel"):
        factor = FUEL_FACTOR[fighter_class(f)]
        thrust = sum(MANEUVERS[a.card].thrust for a in maneuvers)
        extra = 1 if any(a.card == "ST" and a.field("direction") is not None for a in actions) else 0
        cost = (thrust + extra) * factor
        fuel = fuel_of(f)
        if cost > fuel:
            rule = "TOB-M5-FUEL-04" if factor == 1 else "TOB-M5-FUEL-05"
            raise RuleError(rule, f"the plot costs {_num(cost)} fuel ({thrust + extra} thrust x {_num(factor)}); "
                            f"the fighter has {_num(fuel)} left", unit=f.id, field=where)
