"""Module 2-3 plots and the Operate Systems phase.

Plot legality (TOB-M1-PLOT-05 with the Module 2-3 restrictions): shields (TOB-M2-PLOT-05,
TOB-M3-MULTI-05), multiple actions (TOB-M3-MULTI-01/02), size bars and thrusters
(TOB-M3-HEAVY-03/04, TOB-M3-SUPER-03/04), ditto (TOB-M2-DITTO-01). Operate Systems applies
eject, shields, repair, scanner and jammer in the order of TOB-M2-OPS-06. Lock-ons are kept or
lost at the end of the turn by TOB-M2-LOCK-02 / TOB-M3-MULTI-06.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from ...engine.errors import FormatError, RuleError
from ...engine.ruleset import Event
from ...hexgrid import distance
from .build import (
    barred_maneuvers,
    count_working,
    external_working,
    heavy_disabled,
    heavy_set,
    internal_working,
    size_class,
    thrusters_needed,
)
from .cards import GUNS, MANEUVERS, SYSTEMS
from .orders import Action
from .state import Fighter, TobState, refit

Plots = Mapping[str, "tuple[Action, ...]"]
CLASS_RULES = {"heavy": ("TOB-M3-HEAVY-03", "TOB-M3-HEAVY-04"), "super": ("TOB-M3-SUPER-03", "TOB-M3-SUPER-04"),
               "ultra": ("TOB-M6-ULTRA-01", "TOB-M6-ULTRA-01"), "freighter": ("TOB-M6-FRT-01", "TOB-M6-FRT-01")}
"""The rules barring a class's turns and setting its thrusters (a standard fighter: TOB-M1-SYS-03)."""


def multiple_actions(state: TobState) -> bool:
    return 3 in state.config.modules and state.config.options.multiple_actions


def action_limit(state: TobState, f: Fighter) -> int:
    """1 action, or 1 per working crew member with multiple actions (TOB-M3-MULTI-01)."""
    return count_working(f, "CM") if multiple_actions(state) else 1


def check_plot(state: TobState, f: Fighter, actions: tuple[Action, ...] | list[Action], where: str) -> None:
    """Raise RuleError unless ``actions`` is a legal Module 2-3 plot for ``f``."""
    multi = multiple_actions(state)
    limit = action_limit(state, f)
    if len(actions) > limit:
        if multi:
            raise RuleError("TOB-M3-MULTI-01", f"the fighter has {limit} working crew, so it plots at most {limit} "
                            f"actions; got {len(actions)}", unit=f.id, field=where)
        raise RuleError("TOB-M1-PLOT-01", f"a fighter plots 1 action per turn; got {len(actions)}",
                        unit=f.id, field=where)
    if sum(1 for a in actions if a.card in MANEUVERS) > 1:
        raise RuleError("TOB-M3-MULTI-02", "at most 1 maneuver card per fighter per turn", unit=f.id, field=where)
    sg_plotted = any(a.card == "SG" for a in actions)
    used: Counter[tuple[str, bool]] = Counter()
    for i, action in enumerate(actions):
        card, at = action.card, f"{where}[{i}]"
        if card in MANEUVERS:
            _check_maneuver(state, f, action, at)
            continue
        if action.of is not None:
            raise RuleError("TOB-M2-DITTO-01", "only the ditto card names a fighter with 'of'", unit=f.id,
                            field=f"{at}.of")
        ext = bool(action.external)
        if ext and card not in f.external:
            raise RuleError("TOB-M3-EXT-01", f"the fighter has no external {SYSTEMS[card]} ({card})",
                            unit=f.id, field=f"{at}.external")
        if card not in f.cards and card not in f.external:
            raise RuleError("TOB-M1-PLOT-03", f"the fighter has no {SYSTEMS[card]} ({card}) card; its cards: "
                            f"{' '.join(f.cards + f.external)}", unit=f.id, field=f"{at}.card")
        if not ext and card not in f.cards:
            raise RuleError("TOB-M3-EXT-03", f"{card} is mounted externally: plot it with \"external\": true",
                            unit=f.id, field=f"{at}.external")
        working = (external_working(f) if ext else internal_working(f)).count(card)
        used[(card, ext)] += 1
        heavy = None if ext else heavy_set(f, card)
        if heavy is not None:
            if heavy_disabled(f, card):
                raise RuleError("TOB-M3-BIGGUN-06", f"a card of the heavy {card} was pulled, so the whole heavy gun "
                                "has stopped working", unit=f.id, field=f"{at}.card")
            if used[(card, ext)] > 1:
                raise RuleError("TOB-M3-MULTI-02", f"the heavy {card} counts as one card: plot it once",
                                unit=f.id, field=f"{at}.card")
        elif used[(card, ext)] > working:
            if working == 0:
                raise RuleError("TOB-M1-PULL-02", f"the fighter's {SYSTEMS[card]} ({card}) was destroyed and may "
                                "not be used again", unit=f.id, field=f"{at}.card")
            raise RuleError("TOB-M3-MULTI-02", f"each card is plotted at most once a turn; the fighter has {working} "
                            f"working {card}", unit=f.id, field=f"{at}.card")
        if not state.config.systems and card not in GUNS:
            raise RuleError("TOB-M1-PLOT-01", f"in Module 1 a fighter plots a maneuver or its gun; "
                            f"{SYSTEMS[card]} ({card}) has no action", unit=f.id, field=f"{at}.card")
        if card == "ARM":
            raise RuleError("TOB-M2-PLOT-04", "armor is never plotted: it works by itself", unit=f.id,
                            field=f"{at}.card")
        if f.shields and card not in ("SG", "BOT"):
            if not (card in GUNS and multi and sg_plotted):
                raise RuleError("TOB-M2-PLOT-05", f"while shields are up a fighter may plot only the shield "
                                f"generator, the repair bot and turns; not {SYSTEMS[card]} ({card})",
                                unit=f.id, field=f"{at}.card")
        if not f.shields and sg_plotted and card in GUNS:
            raise RuleError("TOB-M3-MULTI-05", "a fighter may not raise shields and fire on the same turn",
                            unit=f.id, field=f"{at}.card")
        _check_fields(state, f, action, at)


def _check_maneuver(state: TobState, f: Fighter, action: Action, at: str) -> None:
    card = action.card
    maneuver = MANEUVERS[card]
    if maneuver.module not in state.config.modules and not (card == "DITTO" and 2 in state.config.modules):
        rule = "TOB-M1-SETUP-01" if card == "DITTO" and not state.config.systems else "TOB-COMP-01"
        raise RuleError(rule, f"the {card} card is not used before Module {maneuver.module}",
                        unit=f.id, field=f"{at}.card")
    for key in ("target", "repair", "external"):
        if key == "target" and card == "RAM":
            continue  # the Module 6 ramming order names its target (TOB-M6-RAM-01)
        if key in action.given and getattr(action, key) is not None:
            raise RuleError("TOB-M1-PLOT-02", f"{card} is a maneuver and takes no {key!r}", unit=f.id,
                            field=f"{at}.{key}")
    if card == "DITTO":
        of = action.of
        partner = state.fighter(of) if isinstance(of, str) else None
        if partner is None or partner.side != f.side or partner.id == f.id:
            raise RuleError("TOB-M2-DITTO-01", "ditto names another fighter of your own side with \"of\"",
                            unit=f.id, field=f"{at}.of")
        return
    if action.of is not None:
        raise RuleError("TOB-M2-DITTO-01", "only the ditto card names a fighter with 'of'", unit=f.id,
                        field=f"{at}.of")
    if card == "RAM" and f.shields:
        raise RuleError("TOB-M2-PLOT-05", "while shields are up a ship may not ram", unit=f.id, field=f"{at}.card")
    if card in barred_maneuvers(f, state.config.options):
        rule = CLASS_RULES.get(size_class(f).name, ("TOB-M3-SUPER-03",))[0]
        raise RuleError(rule, f"a {size_class(f).name} fighter may not make {card}: the card is removed from its "
                        "set", unit=f.id, field=f"{at}.card")
    if maneuver.is_burn:
        if f.shields:
            raise RuleError("TOB-M2-PLOT-05", "while shields are up a fighter may not burn", unit=f.id,
                            field=f"{at}.card")
        need = thrusters_needed(f, maneuver.thrust, state.config.options)
        have = count_working(f, "THR")
        if have < need:
            rule = ("TOB-M6-MAN-01" if maneuver.thrust == 5 else
                    CLASS_RULES.get(size_class(f).name, ("", "TOB-M1-SYS-03"))[1])
            raise RuleError(rule, f"{card} (thrust {maneuver.thrust}) needs {need} working thruster(s); the "
                            f"fighter has {have}", unit=f.id, field=f"{at}.card")


def target_projectile(state: TobState, f: Fighter, card: str, target: str, at: str) -> bool:
    """Module 4: a gun may fire at any projectile, a scanner lock on to one (TOB-M4-FIRE-01/02,
    TOB-AMB-58); only a force beam affects the puck (TOB-M5-HOCKEY-04)."""
    p = next((p for p in state.projectiles if p.id == target), None)
    if p is None:
        return False
    if p.kind == "puck" and card != "FB":
        raise RuleError("TOB-M5-HOCKEY-04", "only a force beam affects the puck", unit=f.id, field=f"{at}.target")
    return True


def _check_fields(state: TobState, f: Fighter, action: Action, at: str) -> None:
    card = action.card
    target = action.target
    if target is not None:
        if card not in GUNS and card not in ("SCAN", "FB", "ZG"):
            raise RuleError("TOB-M1-PLOT-03", f"{SYSTEMS[card]} ({card}) takes no target", unit=f.id,
                            field=f"{at}.target")
        enemy = state.fighter(target)
        if enemy is None and state.projectiles and target_projectile(state, f, card, target, at):
            return
        if enemy is None and card in GUNS and any(s.id == target for s in state.stations):
            return  # Module 6: any gun may fire at a station (TOB-M6-STN-03)
        if enemy is None:
            raise FormatError(f"{at}.target", f"no fighter {target!r} in play")
        if enemy.side == f.side:
            raise RuleError("TOB-AMB-58", f"{target} is on your own side: only opposing fighters are targets",
                            unit=f.id, field=f"{at}.target")
    repair = action.repair
    if repair is not None:
        if card != "BOT":
            raise RuleError("TOB-M2-SYS-01", "only the repair bot takes 'repair'", unit=f.id, field=f"{at}.repair")
        if repair == "ARM":
            raise RuleError("TOB-M2-SYS-01", "the repair bot cannot restore armor", unit=f.id, field=f"{at}.repair")
        if repair not in f.cards and repair not in f.external:
            raise RuleError("TOB-M2-SYS-01", f"the fighter did not start with a {repair} card, so it cannot add one",
                            unit=f.id, field=f"{at}.repair")
        if repair not in f.destroyed:
            raise RuleError("TOB-M2-OPS-02", f"the fighter has lost no {repair} card to restore", unit=f.id,
                            field=f"{at}.repair")


def check_seat_plots(state: TobState, seat: str, plots: Plots) -> None:
    """Across one side's fighters: one maneuver set per two fighters, ditto to share a card
    (TOB-M2-SETUP-01, TOB-M2-DITTO-01). Each set holds one ditto card (TOB-COMP-01), so a side
    plots at most one ditto per set, like any other card of it (TOB-IMPL-02)."""
    own = [f for f in state.fighters if f.side == seat]
    sets = max(1, math.ceil(len(own) / 2))
    used = Counter(a.card for fid, actions in plots.items() for a in actions if a.card in MANEUVERS)
    for card, n in used.items():
        if n > sets:
            hint = "one ditto card per set" if card == "DITTO" else "plot ditto to repeat it"
            raise RuleError("TOB-M2-DITTO-01", f"{n} fighters plotted {card} but the side has {sets} maneuver "
                            f"set(s): each card serves one fighter a turn; {hint}", unit=seat,
                            field=f"order.*.{card}")
    if len(own) < 2 and any(a.card == "DITTO" for actions in plots.values() for a in actions):
        raise RuleError("TOB-M2-SETUP-01", "ditto is for a player running two fighters", unit=seat)


def resolve_maneuvers(state: TobState, plots: Plots) -> dict[str, str]:
    """Fighter id → the maneuver it executes; ditto repeats its partner's maneuver card, and does
    nothing when the partner plotted none or the ditto fighter cannot execute it (TOB-AMB-16)."""
    own = {}
    ditto = False
    for fid, actions in plots.items():
        for a in actions:
            if a.card in MANEUVERS:
                if a.card == "DITTO":
                    ditto = True
                else:
                    own[fid] = a.card
    if not ditto:
        return own
    out = dict(own)
    for fid, actions in plots.items():
        for a in actions:
            f = state.fighter(fid)
            card = own.get(a.of) if a.card == "DITTO" and a.of is not None else None
            if card is None or f is None:
                continue
            try:
                _check_maneuver(state, f, Action(card), "ditto")
            except RuleError:
                continue
            out[fid] = card
    return out


# --- Operate Systems ----------------------------------------------------------------------


def operate_systems(fighters: dict[str, Fighter], plots: Plots, projectiles: frozenset[str] = frozenset()
                    ) -> tuple[set[str], set[str], list[Event]]:
    """Apply TOB-M2-OPS-01..06 in place on ``fighters``; returns (ejected ids, jamming ids, events).
    ``projectiles``: those in play, which a scanner may lock onto by name from Module 4 (the
    format's ``lock_on``; TOB-M5-LOCK-11)."""
    events: list[Event] = []
    ejected: set[str] = set()
    jammed: set[str] = set()

    def plotted(fid: str, card: str) -> list[Action]:
        return [a for a in plots.get(fid, ()) if a.card == card]

    for fid in list(fighters):  # 1. eject (TOB-M2-OPS-01, TOB-AMB-18)
        if plotted(fid, "CM"):
            ejected.add(fid)
            events.append({"type": "ejected", "id": fid})
    for fid, f in fighters.items():  # 2. shields (TOB-M2-OPS-03)
        if fid not in ejected and plotted(fid, "SG"):
            fighters[fid] = f = refit(f, shields=not f.shields)
            events.append({"type": "shields", "id": fid, "up": f.shields})
    for fid, f in fighters.items():  # 3. repair (TOB-M2-OPS-02, TOB-AMB-60)
        for a in plotted(fid, "BOT") if fid not in ejected else ():
            card = a.repair or next((c for c in f.destroyed if c != "ARM"), None)
            if card is None or card not in f.destroyed or card == "ARM":
                events.append({"type": "repaired", "id": fid, "card": None})
                continue
            lost = list(f.destroyed)
            lost.remove(card)
            fighters[fid] = f = replace(f, destroyed=tuple(lost))
            events.append({"type": "repaired", "id": fid, "card": card})
    for fid, f in fighters.items():  # 4. scanner (TOB-M2-OPS-05)
        if fid in ejected or not plotted(fid, "SCAN"):
            continue
        named = next((a.target for a in plotted(fid, "SCAN") if a.target), None)
        lockable = (named in fighters and named not in ejected) or named in projectiles
        target = named if lockable else _default_scan(f, fighters, ejected)
        fighters[fid] = refit(f, lock_on=target)
        events.append({"type": "lock_on", "id": fid, "target": target})
    for fid in fighters:  # 5. jammer (TOB-M2-OPS-04, TOB-M2-SYS-05)
        if fid not in ejected and plotted(fid, "JAM"):
            jammed.add(fid)
            events.append({"type": "jammed", "id": fid})
    for fid, f in fighters.items():
        if f.lock_on in jammed:
            fighters[fid] = refit(f, lock_on=None)
            events.append({"type": "lock_lost", "id": fid, "target": f.lock_on, "reason": "jammed"})
    return ejected, jammed, events


def _default_scan(f: Fighter, fighters: dict[str, Fighter], ejected: set[str]) -> str | None:
    """Without a named target: keep the lock-on, else the nearest enemy (ties: lowest id)."""
    enemies = [e for e in fighters.values() if e.side != f.side and e.id not in ejected]
    if f.lock_on in {e.id for e in enemies}:
        return f.lock_on
    best = min(enemies, key=lambda e: (distance(f.hex, e.hex), e.id), default=None)
    return best.id if best else None


def keep_lock(f: Fighter, actions: tuple[Action, ...] | list[Action], gun_checks: tuple[tuple[bool, str | None], ...],
              in_play: set[str]) -> bool:
    """Whether ``f`` keeps its lock-on at the end of the turn (TOB-M2-LOCK-01/02, TOB-M3-MULTI-06).

    ``gun_checks``: per plotted gun, (locked target was in range and arc, target fired at).
    A jammer already removed the lock in Operate Systems; a target out of play loses it
    (TOB-AMB-64). Holding fire with the target in range and arc keeps it (TOB-AMB-67).
    """
    if f.lock_on is None or f.lock_on not in in_play:
        return False
    cards = [a.card for a in actions]
    if "SCAN" in cards:
        return True
    if not gun_checks:
        return False
    return any(ok for ok, _ in gun_checks) and all(t in (None, f.lock_on) for _, t in gun_checks)
