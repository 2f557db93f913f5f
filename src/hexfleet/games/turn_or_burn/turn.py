"""One Turn or Burn turn as a pipeline of steps (TOB-SEQ-01..03), switched on per module.

After every side has plotted (the ``plot`` decision), the turn runs these steps in order; each
is a pure function ``state -> (state, events)``. Module 1 is the same pipeline with the Module
2-3 steps off (Operate Systems, the fire decision, the end-of-turn choices), so Module 4's
phases are added as more steps. A step that needs a seat's decision sets the state's phase
(``fire``, ``end``) and the procedure stops there; the answers go into the state's
:class:`~.state.Stage` and the next step reads them: nothing is re-run.

==== ======================== ===========================================================
step what                     rules
==== ======================== ===========================================================
1    reveal                   TOB-M1-PLOT-04, TOB-M3-BIGGUN-03
2    move fighters            TOB-M1-MOVE-03..08, TOB-GEO-13, ditto TOB-AMB-16
3    operate systems          TOB-M2-OPS-01..06 (Modules 2-3)
4    fire decision            TOB-AMB-19: untargeted guns, after movement (Modules 2-3, in play)
5    fire guns                TOB-M1-FIRE-01..03, TOB-M2-FIRE-01/02
6    end of turn: eliminate,  TOB-M1-SCEN-02, TOB-M2-ARMOR-01, TOB-M3-EXT-05 (decision ``end``)
     armor, losses owed
7    losses, shields, locks   TOB-M3-EXT-05, TOB-M3-HEAVY-02, TOB-M2-SHIELD-04, TOB-M2-LOCK-01/02
8    scores and next turn     TOB-M1-SCEN-01/03, TOB-M2-SCEN-04/05, TOB-M3-SCEN-02
==== ======================== ===========================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ...engine.ruleset import Event, Outcome
from ...hexgrid import Hex
from .build import external_working, heavy_set
from .cards import GUNS, MANEUVERS
from .end_of_turn import (
    apply_end,
    default_end_choice,
    elimination_cause,
    elimination_outcome,
    end_needs,
    points_outcome,
    remove_armor,
    score,
    victory_mode,
)
from .fire import GunPlot, candidates, fire_phase
from .movement import move_phase
from .notation import LETTERS
from .orders import Action, Losses, Placement
from .reentry import REENTRY_DELAY, default_entry_hex, due, entering_fighter
from .state import (
    DECLARE,
    END,
    FIRE,
    OVER,
    PLOT,
    REENTRY,
    REENTRY_HEX,
    RESOLVE,
    Fighter,
    Replacement,
    Stage,
    TobState,
    refit,
)
from .systems import keep_lock, operate_systems, resolve_maneuvers

Step = Callable[[TobState, Stage], tuple[TobState, list[Event]]]


def _go(state: TobState, stage: Stage, events: list[Event], **changes: Any) -> tuple[TobState, list[Event]]:
    """The state after a step: the next step, with ``changes`` to the stage or the state."""
    stage_changes = {k: changes.pop(k) for k in list(changes) if k in Stage.__dataclass_fields__}
    return replace(state, stage=replace(stage, step=stage.step + 1, **stage_changes), **changes), events


def reveal(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """All plots are revealed together (TOB-M1-PLOT-04); played system cards become known."""
    systems = state.config.systems
    events: list[Event] = []
    fighters = []
    for f in state.fighters:
        actions = stage.plot(f.id)
        if not actions:
            fighters.append(f)
            continue
        event: Event = {"type": "plotted", "id": f.id, "cards": [a.card for a in actions]}
        if systems:
            event["actions"] = [a.public() for a in actions]
        events.append(event)
        new = [a.card for a in actions if a.card not in MANEUVERS and not a.external]
        for a in actions:
            group = heavy_set(f, a.card) if f.heavy_guns and a.card in GUNS and not a.external else None
            if group:  # TOB-M3-BIGGUN-03: the other cards of the set are shown too
                new += list(group[1:])
        shown = tuple((Counter(new) - Counter(f.revealed)).elements())
        fighters.append(replace(f, revealed=f.revealed + shown) if shown else f)
    return _go(state, stage, events, fighters=tuple(fighters), sides=state.sides_in_play(),
               start_locks=tuple((f.id, f.lock_on) for f in fighters if f.lock_on is not None))


def move(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Move Fighters; a fighter whose hex or momentum marker leaves the map is out (TOB-GEO-13)."""
    plots = dict(stage.plots)
    moved, thrust, events = move_phase(state, resolve_maneuvers(state, plots))
    still = {g.id for g in moved}
    gone = tuple((f, "off_map") for f in state.fighters if f.id not in still)
    return _go(state, stage, events, fighters=tuple(moved), thrust=tuple(thrust.items()), out=stage.out + gone)


def operate(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Operate Systems (Modules 2-3): eject, shields, repair, scanner, jammer (TOB-M2-OPS-06)."""
    if not state.config.systems:
        return _go(state, stage, [])
    fighters = {f.id: f for f in state.fighters}
    ejected, jammed, events = operate_systems(fighters, dict(stage.plots))
    out = stage.out
    for fid in sorted(ejected):
        out += ((fighters.pop(fid), "ejected"),)
        events.append({"type": "eliminated", "id": fid, "cause": "ejected"})
    return _go(state, stage, events, fighters=tuple(fighters.values()), jammed=frozenset(jammed), out=out)


def fire_options(state: TobState, stage: Stage) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Per seat, per fighter: its guns plotted without a target that can hit something now."""
    exclusive = state.config.options.arc_boundary == "exclusive"
    fighters = {f.id: f for f in state.fighters}
    locks = dict(stage.start_locks)
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for fid, actions in sorted(stage.plots):
        f = fighters.get(fid)
        open_guns = [a for a in actions if a.card in GUNS and a.target is None]
        if f is None or not open_guns or f.shields:
            continue
        options = [candidates(f, a.card, fighters, locks, exclusive) for a in open_guns]
        if any(options):
            out.setdefault(f.side, {})[fid] = [{"card": a.card, "external": a.external, "targets": c}
                                               for a, c in zip(open_guns, options)]
    return out


def fire_decision(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Targets for untargeted guns are chosen after movement, by all shooters at once
    (TOB-AMB-19); a position read for ``hexfleet resolve`` takes the nearest (the default)."""
    if not (state.config.systems and state.config.phase_decisions):
        return _go(state, stage, [])
    decisions = fire_options(state, stage)
    if not decisions:
        return _go(state, stage, [])
    return _go(state, stage, [], phase=FIRE, decisions=tuple(decisions.items()))


def fire(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Fire Guns: every plotted gun, targets from the plot or the fire decision."""
    config = state.config
    if not config.systems and elimination_outcome(stage.sides, list(state.fighters)) is not None:
        return _go(state, stage, [])  # Module 1: the game ended in movement (TOB-M1-SCEN-01)
    chosen = dict(stage.fire or ())
    plots: list[GunPlot] = []
    for fid, actions in sorted(stage.plots):
        picks = iter(chosen[fid]) if fid in chosen else None
        for a in actions:
            if a.card not in GUNS:
                continue
            if a.target is not None:
                plots.append(GunPlot(fid, a.card, a.external, a.target))
            elif picks is not None:
                t = next(picks, None)
                plots.append(GunPlot(fid, a.card, a.external, t, hold=t is None))
            else:
                plots.append(GunPlot(fid, a.card, a.external))
    if not plots:
        return _go(state, stage, [])
    fighters = {f.id: f for f in state.fighters}
    rng, events, hits = fire_phase(fighters, plots, dict(stage.start_locks), dict(stage.thrust), stage.jammed,
                                   state.rng, config.options, config.systems)
    return _go(state, stage, events, fighters=tuple(fighters.values()), rng=rng, hits=hits)


def _eliminate(modules: tuple[int, ...], fighters: dict[str, Fighter], ids: list[str],
               out: list[tuple[Fighter, str]], events: list[Event]) -> None:
    for fid in ids:
        cause = elimination_cause(fighters[fid], modules)
        if cause:
            out.append((fighters.pop(fid), cause))
            events.append({"type": "eliminated", "id": fid, "cause": cause})


def end_of_turn(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Eliminations, armor removed, and what each fighter owes: externals to lose and cards to
    discard (TOB-SEQ-02); the owners choose at the ``end`` decision when the turn stops for it."""
    if not state.config.systems and elimination_outcome(stage.sides, list(state.fighters)) is not None:
        return _go(state, stage, [])
    events: list[Event] = []
    out = list(stage.out)
    fighters = {f.id: f for f in state.fighters}
    _eliminate(state.config.modules, fighters, list(fighters), out, events)
    needs: dict[str, tuple[int, int]] = {}
    if state.config.systems:
        for fid, f in fighters.items():
            f, armor_events = remove_armor(f, stage.hits)
            events += armor_events
            fighters[fid] = f
            n = end_needs(f, stage.hits)
            if n["external"] or n["discard"]:
                needs[fid] = (n["external"], n["discard"])
    changes: dict[str, Any] = {}
    if needs and state.config.phase_decisions:
        decisions: dict[str, dict[str, Any]] = {}
        for fid, (ext, disc) in needs.items():
            f, n = fighters[fid], {"external": ext, "discard": disc}
            decisions.setdefault(f.side, {})[fid] = {**n, "externals": external_working(f),
                                                     "default": default_end_choice(f, n)}
        changes = {"phase": END, "decisions": tuple(decisions.items())}
    return _go(state, stage, events, fighters=tuple(fighters.values()), out=tuple(out),
               needs=tuple(needs.items()), **changes)


def losses(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Externals lost, cards discarded, shields down, then lock-ons kept or lost
    (TOB-M2-LOCK-01/02, TOB-M3-MULTI-06)."""
    if not state.config.systems:
        return _go(state, stage, [])
    events: list[Event] = []
    fighters = {f.id: f for f in state.fighters}
    needs = dict(stage.needs)
    given = dict(stage.losses or ())
    for fid in sorted(set(needs) | (stage.hits.shield & set(fighters))):
        if fid not in needs:
            choice: dict[str, list[str]] = {"external": [], "discard": []}
        elif fid in given:
            choice = {"external": list(given[fid].external), "discard": list(given[fid].discard)}
        else:
            ext, disc = needs[fid]
            choice = default_end_choice(fighters[fid], {"external": ext, "discard": disc})
        fighters[fid], end_events = apply_end(fighters[fid], stage.hits, choice)
        events += end_events
    out = list(stage.out)
    _eliminate(state.config.modules, fighters, list(needs), out, events)  # an owner may discard a crew card
    plots = dict(stage.plots)
    for fid, f in fighters.items():
        if f.lock_on is not None and not keep_lock(f, plots.get(fid, ()), stage.hits.checks(fid), set(fighters)):
            events.append({"type": "lock_lost", "id": fid, "target": f.lock_on})
            fighters[fid] = refit(f, lock_on=None)
    return _go(state, stage, events, fighters=tuple(fighters.values()), out=tuple(out))


def next_turn(state: TobState, stage: Stage) -> tuple[TobState, list[Event]]:
    """Scores and replacements (Popcorn) or elimination, the outcome, and the next turn's first
    decision."""
    config, opts = state.config, state.config.options
    events: list[Event] = []
    scores = dict(state.scores)
    replacements = list(state.replacements)
    survivors = list(state.fighters)
    if victory_mode(config.modules, opts) == "points":
        for f, _cause in stage.out:
            score(scores, config.sides, f.side)
            replacements.append(Replacement(f.side, f.id, state.turn + REENTRY_DELAY, f.cards, f.external,
                                            f.heavy_guns))
            events.append({"type": "replacement", "side": f.side, "id": f.id,
                           "enters_on_turn": state.turn + REENTRY_DELAY})
        if stage.out:
            events.append({"type": "scores", "scores": dict(sorted(scores.items()))})
        outcome = points_outcome(scores, opts, state.turn)
    else:
        outcome = elimination_outcome(stage.sides, survivors)
        if outcome is None and opts.turn_limit is not None and state.turn >= opts.turn_limit:
            outcome = Outcome("turn_limit", ())
    if outcome is not None:
        events.append({"type": "game_over", "winner": outcome.winners[0]} if outcome.winners
                      else {"type": "game_over", "draw": True})
    nxt = replace(state, turn=state.turn + 1, fighters=tuple(survivors), outcome=outcome,
                  scores=tuple(sorted(scores.items())), replacements=tuple(replacements), stage=None,
                  phase=OVER if outcome else PLOT)
    if outcome:
        return nxt, events
    nxt, more = start_turn(nxt)
    return nxt, events + more


STEPS: tuple[Step, ...] = (reveal, move, operate, fire_decision, fire, end_of_turn, losses, next_turn)
"""The turn after the plot, in order (``Stage.step`` counts from 1 = ``STEPS[0]``)."""


def begin(state: TobState, plots: tuple[tuple[str, tuple[Action, ...]], ...]) -> TobState:
    """The state once every side has plotted: the pipeline starts at its first step."""
    declared = state.stage.declared if state.stage is not None else ()
    return replace(state, phase=RESOLVE, stage=Stage(step=1, plots=plots, declared=declared))


def resume(state: TobState, **answers: Any) -> TobState:
    """Back into the pipeline after the fire or end decision, with the answers kept."""
    assert state.stage is not None
    return replace(state, phase=RESOLVE, stage=replace(state.stage, decisions=(), **answers))


# --- the start of a turn ------------------------------------------------------------------


def declarers(state: TobState) -> list[str]:
    """Sides with working external systems, who declare external plots first (TOB-SEQ-06 A)."""
    if not state.config.declare_step:
        return []
    return list(dict.fromkeys(f.side for f in state.fighters if f.external and external_working(f)))


def start_turn(state: TobState) -> tuple[TobState, list[Event]]:
    """The first decision of a turn: re-entry placement, external declarations, or the plot.

    Without phase decisions (a position read for ``hexfleet resolve``) replacements due enter
    at their defaults now and external plots are part of the plot order (no step A).
    """
    if state.replacements and due(state):
        if not state.config.phase_decisions:
            chosen, events = choose_entry_hexes(state, {})
            placed, more = enter(chosen, {})
            return replace(placed, phase=PLOT), events + more
        if any(r.hex is None for r in due(state)):
            return replace(state, phase=REENTRY_HEX), []
        return replace(state, phase=REENTRY), []
    if declarers(state):
        return replace(state, phase=DECLARE, stage=Stage()), []
    return replace(state, phase=PLOT), []


def choose_entry_hexes(state: TobState, hexes: Mapping[str, Hex]) -> tuple[TobState, list[Event]]:
    """The opposing team's edge hexes for the replacements due (TOB-M2-SCEN-04.3)."""
    reps = []
    events: list[Event] = []
    now = due(state)
    for r in state.replacements:
        if r in now and r.hex is None:
            h = hexes.get(r.id) or default_entry_hex(state.config.map, state.config.sides.index(r.side))
            r = replace(r, hex=h)
            events.append({"type": "entry_hex", "id": r.id, "hex": list(h)})
        reps.append(r)
    return replace(state, replacements=tuple(reps)), events


def enter(state: TobState, placements: Mapping[str, Placement]) -> tuple[TobState, list[Event]]:
    """The owners' builds, facings and speeds: the replacements due enter play."""
    entering = due(state)
    fighters = list(state.fighters)
    events: list[Event] = []
    for r in entering:
        g = entering_fighter(r, placements.get(r.id) or Placement(), state.config.map)
        fighters.append(g)
        events.append({"type": "entered", "id": g.id, "side": g.side, "hex": list(g.hex),
                       "facing": LETTERS[g.facing], "momentum": list(g.momentum), "shields": g.shields,
                       "external": list(g.external), "heavy_guns": len(g.heavy_guns)})
    rest = tuple(r for r in state.replacements if r not in entering)
    return replace(state, fighters=tuple(fighters), replacements=rest), events


def declare(state: TobState, declared: tuple[tuple[str, tuple[Action, ...]], ...]) -> tuple[TobState, list[Event]]:
    """Step A: external plots, public at once (TOB-SEQ-06)."""
    events: list[Event] = [{"type": "declared", "id": fid, "cards": [a.card for a in acts],
                            "actions": [a.public() for a in acts]} for fid, acts in sorted(declared)]
    return replace(state, phase=PLOT, stage=Stage(declared=declared)), events


def losses_answer(state: TobState, given: Mapping[str, Losses]) -> TobState:
    assert state.stage is not None
    return resume(state, losses=tuple(state.stage.losses or ()) + tuple(given.items()))
