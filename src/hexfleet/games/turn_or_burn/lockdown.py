"""Module 5, Lock Down (TOB-M5-LOCK-01..12): an action that performs itself every turn.

A locked action joins its fighter's plot at the start of each turn (:func:`engage`) without a
crew action, unless the fighter plots ``TNC`` with ``"unlock": true`` (LOCK-04). A plotted
entry with ``"lock": true`` is locked when revealed (LOCK-02, :func:`lock_new`) and performs
normally that turn, its first performance. After each performance the opponent draws from the
card and its remaining miss cards (LOCK-05, :func:`burnout`); a turn in which the action could
not be performed is no performance and has no draw (the format's reading). Locked guns and
scanners choose their own targets (LOCK-10/11, :func:`aim`); a locked turn is applied before
a plotted burn and a locked burn after a plotted turn (LOCK-07..09, :func:`maneuvers`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.errors import RuleError
from ...engine.ruleset import Event
from ...hexgrid import Hex, add, distance, in_arc, in_arc_exclusive, rotate
from .cards import GUNS, MANEUVERS
from .orders import Action
from .position_v2 import LAUNCHERS, LOCKABLE, ammo_of
from .spacewar import ordered
from .state import Fighter, LockedAction, TobState, refit

if TYPE_CHECKING:
    from .turn import Work

LOCK_MISSES = 5
"""Miss cards put beneath a locked card (TOB-M5-LOCK-02)."""
BEAMS = {"FB": (6, 180), "ZG": (6, 360)}
"""Range and arc of the Module 5 guns (TOB-M5-FB-02, TOB-M5-ZAP-02)."""
LOCKED = ("locked", True)
"""Marks an action that comes from the lock, not from the plot."""


def active(w: Work | TobState) -> bool:
    return 5 in w.config.modules and w.config.options.lock_down


def as_action(f: Fighter, lock: LockedAction) -> Action:
    """The locked action as a plot entry: a cannon's thrust, a rocket's marker turned with the
    fighter's facing (the offset is for facing A, TOB-M5-LOCK-12)."""
    more: tuple[tuple[str, object], ...] = (LOCKED,)
    if lock.thrust is not None:
        more += (("thrust", lock.thrust),)
    if lock.offset is not None:
        more += (("momentum", add(f.momentum, rotate(lock.offset, f.facing))),)
    return Action(lock.card, given=tuple(k for k, _ in more), more=more)


def engage(w: Work) -> None:
    """Each locked action joins its fighter's plot, unless unlocked now (TOB-M5-LOCK-04)."""
    if not active(w):
        return
    plots = dict(w.plots)
    for fid, f in sorted(w.fighters.items()):
        lock = f.kit.locked
        if lock is None:
            continue
        if any(a.card == "TNC" and a.field("unlock") for a in plots.get(fid, ())):
            w.fighters[fid] = refit(f, locked=None)
            w.events.append({"type": "unlocked", "id": fid, "card": lock.card})
            continue
        plots[fid] = plots.get(fid, ()) + (as_action(f, lock),)
    w.plots = tuple(plots.items())


def lock_new(w: Work, launches: bool = False) -> None:
    """Entries plotted with ``"lock": true`` are locked as they are revealed, launches in phase
    2 and the rest in phase 5 (TOB-M5-LOCK-02); a cannon keeps its thrust and a rocket its
    marker offset, for facing A (TOB-M5-LOCK-12)."""
    if not active(w):
        return
    for fid, actions in sorted(w.plots):
        f = w.fighters.get(fid)
        start = w.state.fighter(fid)
        for a in actions:
            if f is None or start is None or not a.field("lock") or (a.card in LAUNCHERS) != launches:
                continue
            thrust = a.field("thrust", 0) if a.card == "CAN" else None
            offset = None
            if a.card == "RL":
                marker = a.field("momentum") or start.momentum
                v = (marker[0] - start.momentum[0], marker[1] - start.momentum[1])
                offset = rotate(v, -start.facing)
            w.fighters[fid] = f = refit(f, locked=LockedAction(a.card, LOCK_MISSES, thrust, offset))
            w.events.append({"type": "locked", "id": fid, "card": a.card})


def locked_actions(w: Work, cards: Iterable[str]) -> list[tuple[str, Action]]:
    """The locked (or being locked) actions among ``cards`` in this turn's plots."""
    wanted = set(cards)
    out = []
    for fid, actions in sorted(w.plots):
        f = w.fighters.get(fid)
        lock = f.kit.locked if f is not None else None
        for a in actions:
            if lock is not None and a.card in wanted and lock.card == a.card and (a.field("locked") or a.field("lock")):
                out.append((fid, a))
    return out


# --- maneuvers ----------------------------------------------------------------------------


def maneuvers(w: Work, fid: str, plotted: str | None) -> tuple[str | None, str | None]:
    """``(turn first, then the card moved with)``: with a locked maneuver beside a plotted one,
    the turn is applied before the burn and no turn follows the move (TOB-M5-LOCK-07..09)."""
    f = w.fighters[fid]
    lock = f.kit.locked if active(w) else None
    if lock is None or lock.card not in MANEUVERS or not any(
            a.card == lock.card for a in dict(w.plots).get(fid, ())):
        return None, plotted
    cards = [c for c in (lock.card, plotted) if c is not None and c != "TNC"]
    turns = [c for c in cards if not MANEUVERS[c].is_burn]
    burns = [c for c in cards if MANEUVERS[c].is_burn]
    if turns and burns:
        return turns[0], burns[0]
    return None, (cards[0] if cards else None)


# --- targets ------------------------------------------------------------------------------


def aim(w: Work, cards: Iterable[str] = ("SCAN",)) -> None:
    """A locked gun fires at the closest opposing fighter or projectile in range and arc; a
    locked scanner locks on to the closest ignoring arcs; ties go to the unit whose momentum
    marker is closest to the firer's, then to a die (TOB-M5-LOCK-10/11)."""
    if not active(w):
        return
    plots = dict(w.plots)
    for fid, a in locked_actions(w, cards):
        if not a.field("locked"):
            continue  # locked this turn: it takes effect as plotted (TOB-M5-LOCK-02)
        f = w.fighters[fid]
        target = choose(w, f, a.card)
        new = replace(a, target=target, given=a.given + ("target",)) if target is not None else None
        plots[fid] = tuple(x for x in plots[fid] if x is not a) + ((new,) if new is not None else ())
    w.plots = tuple(plots.items())


def reach(w: Work, f: Fighter, h: Hex, most: int, arc: int) -> bool:
    v = (h[0] - f.hex[0], h[1] - f.hex[1])
    inside = in_arc_exclusive if w.config.options.arc_boundary == "exclusive" else in_arc
    return v != (0, 0) and distance(f.hex, h) <= most and inside(f.facing, v, arc)


def choose(w: Work, f: Fighter, card: str) -> str | None:
    """The target of a locked gun or scanner: the nearest opposing fighter or projectile (the
    puck is nobody's), then the nearest momentum marker, then a die (TOB-M5-LOCK-10/11). A
    scanner passes over a fighter that cannot be locked onto this turn: one ejecting, or one
    operating its jammer (TOB-M2-OPS-01/04: its plot is revealed by now)."""
    plots = dict(w.plots)
    units: list[tuple[str, Hex, Hex]] = [(e.id, e.hex, e.momentum) for e in w.fighters.values() if e.side != f.side
                                         and not (card == "SCAN" and any(a.card in ("CM", "JAM")
                                                                         for a in plots.get(e.id, ())))]
    units += [(p.id, p.hex, p.momentum) for p in w.projectiles.values() if p.side is not None and p.side != f.side]
    if card != "SCAN":
        rng, arc = (GUNS[card].range, GUNS[card].arc) if card in GUNS else BEAMS[card]
        units = [u for u in units if reach(w, f, u[1], rng, arc)]
    if not units:
        return None
    best = min(distance(f.hex, h) for _, h, _ in units)
    near = [u for u in units if distance(f.hex, u[1]) == best]
    closest = min(distance(f.momentum, m) for _, _, m in near)
    tied = sorted(uid for uid, _, m in near if distance(f.momentum, m) == closest)
    if len(tied) == 1:
        return tied[0]
    return ordered(w, tied, "target_tie")[0]


# --- burning out --------------------------------------------------------------------------


def performed(w: Work, fid: str, card: str, since: int) -> bool:
    """Whether the locked ``card`` acted this phase (its events since ``since``)."""
    for e in w.events[since:]:
        t = e["type"]
        if card in LAUNCHERS and t == "launched" and e["by"] == fid:
            return True
        if (card in GUNS or card in BEAMS) and t in ("shot", "force_beam", "zap") and e.get("shooter") == fid:
            return True
        if card == "SCAN" and t == "lock_on" and e["id"] == fid:
            return True
        if card == "JAM" and t in ("jammed", "jam_attempt") and e.get("id", e.get("jammer")) == fid:
            return True
        if card == "BOT" and ((t == "repaired" and e["card"] is not None) or t in ("reloaded", "maneuver_restored")) \
                and e["id"] == fid:
            return True
    return False


def burnout(w: Work, cards: Iterable[str], since_phase: int) -> None:
    """After each performance the opponent draws from the card and its miss cards: the card
    burns out (a system destroyed as in combat, a maneuver lost), a miss is discarded
    (TOB-M5-LOCK-05); a launcher at 0 ammo unlocks (TOB-M5-LOCK-12)."""
    if not active(w):
        return
    since = next((i for i, e in enumerate(w.events) if e["type"] == "phase" and e["number"] == since_phase), 0)
    wanted = set(cards)
    for fid in sorted(w.fighters):
        f = w.fighters[fid]
        lock = f.kit.locked
        if lock is None or lock.card not in wanted:
            continue
        is_maneuver = lock.card in MANEUVERS
        if not is_maneuver and not performed(w, fid, lock.card, since):
            continue
        deck = 1 + lock.misses
        i, w.rng = w.rng.draw(deck)
        event: Event = {"type": "burnout_draw", "id": fid, "card": lock.card, "deck": deck}
        if i == 0:
            event["result"] = "burned_out"
            if is_maneuver:
                f = refit(f, locked=None, lost_maneuvers=f.kit.lost_maneuvers + (lock.card,))
            else:
                f = refit(replace(f, destroyed=f.destroyed + (lock.card,)), locked=None)
        else:
            event["result"] = "miss"
            f = refit(f, locked=replace(lock, misses=lock.misses - 1))
        w.events.append(event)
        if f.kit.locked is not None and lock.card in LAUNCHERS and not any(
                n for k, n in ammo_of(f).items() if k.split("#")[0] == lock.card):
            f = refit(f, locked=None)
            w.events.append({"type": "unlocked", "id": fid, "card": lock.card})
        w.fighters[fid] = f


# --- plots --------------------------------------------------------------------------------


def plot_choices(state: TobState, f: Fighter, cards: list[str]) -> dict[str, object]:
    """For an order panel: which of the legal ``cards`` may be plotted with ``"lock": true``
    as the fighter's one entry (TOB-M5-LOCK-02/03/06, probed with :func:`check_orders`), the
    card locked now and whether ``TNC`` may unlock it (TOB-M5-LOCK-04). Empty without lock down."""
    if not active(state):
        return {}
    lock = f.kit.locked
    lockable = []
    for card in cards:
        try:
            check_orders(state, f, (Action(card, given=("lock",), more=(("lock", True),)),), "probe")
        except RuleError:
            continue
        lockable.append(card)
    return {"lockable": lockable, "locked": lock.card if lock is not None else None,
            "unlock": lock is not None and "TNC" in cards}


def check_orders(state: TobState, f: Fighter, actions: tuple[Action, ...], where: str) -> None:
    """TOB-M5-LOCK-03/06/07/08 on a plot."""
    lock = f.kit.locked if active(state) else None
    for i, a in enumerate(actions):
        if a.field("locked") is not None:
            raise RuleError("TOB-M5-LOCK-02", "a locked action performs by itself: it is not plotted", unit=f.id,
                            field=f"{where}[{i}].locked")
    unlocking = any(a.card == "TNC" and a.field("unlock") for a in actions)
    locking = [i for i, a in enumerate(actions) if a.field("lock")]
    for i in locking:
        a = actions[i]
        at = f"{where}[{i}]"
        if a.card == "TNC" or not (a.card in MANEUVERS and a.card != "DITTO" or a.card in LOCKABLE):
            raise RuleError("TOB-M5-LOCK-06" if a.card != "TNC" else "TOB-M5-LOCK-03",
                            f"{a.card} may not be locked down", unit=f.id, field=f"{at}.lock")
        if len(locking) > 1 or (lock is not None and not unlocking):
            raise RuleError("TOB-M5-LOCK-03", "only one action may be locked at a time: unlock the locked "
                            f"{lock.card if lock else actions[locking[0]].card} first", unit=f.id, field=f"{at}.lock")
    for i, a in enumerate(actions):
        if a.field("unlock") and (a.card != "TNC" or lock is None):
            raise RuleError("TOB-M5-LOCK-04", "unlock with TNC, when an action is locked", unit=f.id,
                            field=f"{where}[{i}].unlock")
    if lock is None or unlocking or lock.card not in MANEUVERS:
        return
    english = state.config.options.lock_down_extra == "english"
    locked_burn = MANEUVERS[lock.card].is_burn
    for i, a in enumerate(actions):
        if a.card not in MANEUVERS or a.card == "TNC" or not english:
            continue
        if not locked_burn and not MANEUVERS[a.card].is_burn:
            raise RuleError("TOB-M5-LOCK-07", f"{lock.card} is locked: no other turn but TNC may be plotted",
                            unit=f.id, field=f"{where}[{i}].card")
        if locked_burn and MANEUVERS[a.card].is_burn:
            raise RuleError("TOB-M5-LOCK-08", f"{lock.card} is locked: no other burn may be plotted",
                            unit=f.id, field=f"{where}[{i}].card")

