"""One Turn or Burn turn as a pipeline of steps (TOB-SEQ-01..03), switched on per module.

After every side has plotted (the ``plot`` decision), the turn runs these steps in order; each
changes the turn in progress (:class:`Work`) and appends its events; :func:`run`, the
procedure's automatic step, runs them until one needs a decision. Module 1 is the same pipeline with the Module
2-3 steps off (Operate Systems, the fire decision, the end-of-turn choices), so Module 4's
phases are added as more steps. A step that needs a seat's decision sets the state's phase
(``fire``, ``end``) and the procedure stops there; the answers go into the state's
:class:`~.state.Stage` and the next step reads them: nothing is re-run. A Module 1 elimination
turn never stops and has nothing to score, so it runs in one pass (:func:`module_1_turn`, the
hot path of random duels), giving the pipeline's states and events.

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
from functools import partial
from typing import Any

from ...engine.ruleset import Event, Outcome
from ...hexgrid import Hex
from . import experimental, lockdown, party_turn, spacewar
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
)
from .fire import GunPlot, candidates, fire_phase
from .movement import move_phase
from .notation import LETTERS
from .orders import CARD, Action, Placement, Standing
from .position_v2 import LAUNCHERS
from .reentry import REENTRY_DELAY, due, entering_fighter, entry_default
from .state import (
    DECLARE,
    END,
    FIRE,
    ID,
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


class Work:
    """The turn while its automatic steps run: mutable and local to one :func:`run`, so the
    steps change fighters in place and a state is built once, where the run stops (a decision,
    or the next turn). Everything in it comes from, and goes back to, the state and its
    :class:`~.state.Stage`."""

    __slots__ = (
        "config",
        "decided",
        "decisions",
        "declared",
        "done",
        "events",
        "fighters",
        "fire",
        "goal",
        "hits",
        "jammed",
        "losses",
        "needs",
        "out",
        "phase",
        "plots",
        "projectiles",
        "rng",
        "sides",
        "standing",
        "start_locks",
        "state",
        "step",
        "tally",
        "thrust",
    )

    def __init__(self, state: TobState, stage: Stage):
        self.state = state
        self.config = state.config
        self.step = stage.step
        self.phase = RESOLVE
        fighters = state.fighters
        self.fighters = dict(zip(map(ID, fighters), fighters))
        self.rng = state.rng
        self.plots = stage.plots
        self.declared = stage.declared
        self.sides = stage.sides
        self.start_locks = dict(stage.start_locks)
        self.thrust = dict(stage.thrust)
        self.jammed = stage.jammed
        self.out = list(stage.out)
        self.decisions: tuple[tuple[str, Any], ...] = ()
        self.fire = stage.fire
        self.hits = stage.hits
        self.needs = dict(stage.needs)
        self.losses = stage.losses
        self.projectiles = {p.id: p for p in state.projectiles} if state.projectiles else {}
        self.standing = stage.standing
        self.tally = list(stage.tally)
        """Module 6: this turn's points and station hits (``party_turn``)."""
        self.goal = stage.goal
        self.events: list[Event] = []
        self.done: TobState | None = None
        self.decided = False
        """Module 1: the game ended in movement (TOB-M1-SCEN-01): no gun fires."""

    def stopped(self) -> TobState:
        """The state where the run stopped mid-turn (a decision)."""
        stage = Stage(self.step, self.plots, self.declared, self.sides, tuple(self.start_locks.items()),
                      tuple(self.thrust.items()), self.jammed, tuple(self.out), self.decisions, self.fire, self.hits,
                      tuple(self.needs.items()), self.losses, self.standing, tuple(self.tally), self.goal)
        s = self.state
        return TobState(s.config, s.turn, self.phase, tuple(self.fighters.values()), self.rng, s.outcome, s.scores,
                        s.replacements, stage, s.then, tuple(self.projectiles.values()), s.stations)

    def plot(self, fid: str) -> tuple[Action, ...]:
        for key, actions in self.plots:
            if key == fid:
                return actions
        return ()


def reveal(w: Work) -> None:
    """All plots are revealed together (TOB-M1-PLOT-04); played system cards become known."""
    systems = w.config.systems
    events = w.events
    fighters = w.fighters
    plots = dict(w.plots)
    for fid, f in fighters.items():  # only values change: safe while iterating
        actions = plots.get(fid)
        if not actions:
            continue
        cards = list(map(CARD, actions))
        event: Event = {"type": "plotted", "id": fid, "cards": cards}
        if systems:
            event["actions"] = [a.public() for a in actions]
        events.append(event)
        if MANEUVERS.keys() >= set(cards):  # maneuvers alone reveals nothing: the common case
            continue
        fighters[fid] = _shown(f, actions)
    w.sides = w.state.sides_in_play()
    if systems:
        w.start_locks = {f.id: f.lock_on for f in fighters.values() if f.lock_on is not None}


def _shown(f: Fighter, actions: tuple[Action, ...]) -> Fighter:
    """``f`` once its plotted system cards are known to all (TOB-M1-PLOT-04), with the rest of
    a heavy gun's set (TOB-M3-BIGGUN-03)."""
    new = [a.card for a in actions if a.card not in MANEUVERS and not a.external]
    if f.kit.heavy_guns:
        for a in actions:
            group = heavy_set(f, a.card) if a.card in GUNS and not a.external else None
            if group:  # TOB-M3-BIGGUN-03: the other cards of the set are shown too
                new += list(group[1:])
    if not new:
        return f
    if len(new) == 1:
        shown: tuple[str, ...] = () if new[0] in f.revealed else (new[0],)
    else:
        shown = tuple((Counter(new) - Counter(f.revealed)).elements())
    return f.showing(shown) if shown else f


def move(w: Work) -> None:
    """Move Fighters; a fighter whose hex or momentum marker leaves the map is out (TOB-GEO-13)."""
    start = w.fighters
    moved, thrust, events = move_phase(w.config, start.values(), resolve_maneuvers(w.state, dict(w.plots)))
    w.events += events
    w.fighters = moved
    w.thrust = thrust
    if len(moved) < len(start):
        w.out += [(f, "off_map") for fid, f in start.items() if fid not in moved]
        w.decided = not w.config.systems and elimination_outcome(w.sides, moved.values()) is not None


def operate(w: Work) -> None:
    """Operate Systems (Modules 2-3): eject, shields, repair, scanner, jammer (TOB-M2-OPS-06)."""
    if not w.config.systems:
        return
    fighters = w.fighters
    ejected, jammed, events = operate_systems(fighters, dict(w.plots))
    for fid in sorted(ejected):
        w.out.append((fighters.pop(fid), "ejected"))
        events.append({"type": "eliminated", "id": fid, "cause": "ejected"})
    w.events += events
    w.jammed = frozenset(jammed)


def fire_options(w: Work) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Per seat, per fighter: its guns plotted without a target that can hit something now."""
    exclusive = w.config.options.arc_boundary == "exclusive"
    fighters = w.fighters
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for fid, actions in sorted(w.plots):
        f = fighters.get(fid)
        open_guns = [a for a in actions if a.card in GUNS and a.target is None]
        if f is None or not open_guns or f.shields:
            continue
        options = [candidates(f, a.card, fighters, w.start_locks, exclusive) for a in open_guns]
        if any(options):
            out.setdefault(f.side, {})[fid] = [{"card": a.card, "external": a.external, "targets": c}
                                               for a, c in zip(open_guns, options)]
    return out


def fire_decision(w: Work) -> None:
    """Targets for untargeted guns are chosen after movement, by all shooters at once
    (TOB-AMB-19); a position read for ``hexfleet resolve`` takes the nearest (the default)."""
    if not (w.config.systems and w.config.phase_decisions):
        return
    decisions = fire_options(w)
    if decisions:
        w.phase = FIRE
        w.decisions = tuple(decisions.items())


def fire(w: Work) -> None:
    """Fire Guns: every plotted gun, targets from the plot or the fire decision."""
    if w.decided:
        return
    chosen = dict(w.fire or ())
    plots: list[GunPlot] = []
    for fid, actions in sorted(w.plots):
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
        return
    config = w.config
    w.rng, events, w.hits = fire_phase(w.fighters, plots, w.start_locks, w.thrust, w.jammed, w.rng,
                                       config.options, config.systems, w.hits.shield, config.party)
    w.events += events


def _eliminate(w: Work, ids: list[str]) -> None:
    modules = w.config.modules
    for fid in ids:
        cause = elimination_cause(w.fighters[fid], modules)
        if cause:
            w.out.append((w.fighters.pop(fid), cause))
            w.events.append({"type": "eliminated", "id": fid, "cause": cause})


def end_of_turn(w: Work) -> None:
    """Eliminations, armor removed, and what each fighter owes: externals to lose and cards to
    discard (TOB-SEQ-02); the owners choose at the ``end`` decision when the turn stops for it."""
    if w.decided:
        return
    _eliminate(w, list(w.fighters))
    if not w.config.systems:
        return
    fighters = w.fighters
    for fid, f in fighters.items():
        f, armor_events = remove_armor(f, w.hits)
        w.events += armor_events
        fighters[fid] = f
        n = end_needs(f, w.hits)
        if n["external"] or n["discard"]:
            w.needs[fid] = (n["external"], n["discard"])
    if w.needs and w.config.phase_decisions:
        decisions: dict[str, dict[str, Any]] = {}
        for fid, (ext, disc) in w.needs.items():
            f, needs = fighters[fid], {"external": ext, "discard": disc}
            decisions.setdefault(f.side, {})[fid] = {**needs, "externals": external_working(f),
                                                     "default": default_end_choice(f, needs)}
        w.phase = END
        w.decisions = tuple(decisions.items())


def losses(w: Work) -> None:
    """Externals lost, cards discarded, shields down, then lock-ons kept or lost
    (TOB-M2-LOCK-01/02, TOB-M3-MULTI-06)."""
    if not w.config.systems:
        return
    fighters = w.fighters
    needs = w.needs
    given = dict(w.losses or ())
    for fid in sorted(set(needs) | (w.hits.shield & set(fighters))):
        if fid not in needs:
            choice: dict[str, list[str]] = {"external": [], "discard": []}
        elif fid in given:
            choice = {"external": list(given[fid].external), "discard": list(given[fid].discard)}
        else:
            ext, disc = needs[fid]
            choice = default_end_choice(fighters[fid], {"external": ext, "discard": disc})
        fighters[fid], end_events = apply_end(fighters[fid], w.hits, choice)
        w.events += end_events
    _eliminate(w, list(needs))  # an owner may discard a crew card
    plots = dict(w.plots)
    for fid, f in fighters.items():
        if f.lock_on is not None and not keep_lock(f, plots.get(fid, ()), w.hits.checks(fid),
                                                   set(fighters) | set(w.projectiles)):
            w.events.append({"type": "lock_lost", "id": fid, "target": f.lock_on})
            fighters[fid] = refit(f, lock_on=None)


def next_turn(w: Work) -> None:
    """Scores and replacements (Popcorn) or elimination, the outcome, and the next turn's first
    decision."""
    state, config = w.state, w.config
    opts = config.options
    events = w.events
    scores = tuple(sorted(state.scores)) if state.scores else ()  # team points in side order (as a position writes them)
    replacements = state.replacements
    stations = state.stations
    if config.party is not None:
        scores, replacements, outcome, stations = party_turn.end(w)
    elif config.nine_phase and spacewar.decides_outcome(config):
        replacements += tuple(experimental.hockey_returns(w))
        outcome = spacewar.outcome(w)
    elif config.points:
        points = dict(scores)
        added = []
        for f, _cause in w.out:
            score(points, config.sides, f.side)
            added.append(Replacement(f.side, f.id, state.turn + REENTRY_DELAY, f.cards, f.external, f.heavy_guns))
            events.append({"type": "replacement", "side": f.side, "id": f.id,
                           "enters_on_turn": state.turn + REENTRY_DELAY})
        if w.out:
            events.append({"type": "scores", "scores": dict(sorted(points.items()))})
        scores = tuple(sorted(points.items()))
        replacements += tuple(added)
        outcome = points_outcome(points, opts, state.turn)
    else:
        outcome = elimination_outcome(w.sides, w.fighters.values())
        if outcome is None and opts.turn_limit is not None and state.turn >= opts.turn_limit:
            outcome = Outcome("turn_limit", ())
    if outcome is not None:
        events.append({"type": "game_over", "winner": outcome.winners[0]} if outcome.winners
                      else {"type": "game_over", "draw": True})
    projectiles = tuple(replace(p, burn=0) for p in w.projectiles.values()) if w.projectiles else ()
    survivors = tuple(w.fighters.values())  # after the end of turn: Module 6 returns ships to their start
    nxt = TobState(config, state.turn + 1, OVER if outcome else PLOT, survivors, w.rng, outcome, scores,
                   replacements, None, state.then, projectiles, stations)
    if outcome is None and (replacements or config.declare_step):  # otherwise the plot is next
        nxt, more = start_turn(nxt)
        events += more
    w.done = nxt


STEPS: tuple[Callable[[Work], None], ...] = (reveal, move, operate, fire_decision, fire, end_of_turn, losses,
                                              next_turn)
"""The turn after the plot, in order (``Stage.step`` counts from 1 = ``STEPS[0]``). A step
that needs a decision sets ``Work.phase``; the run stops after it."""



_SYSTEM_LOCKS = ("SCAN", "JAM", "BOT")
_GUN_LOCKS = (*GUNS, "FB", "ZG")
NINE_PHASE_STEPS: tuple[Callable[[Work], None], ...] = (
    lockdown.engage,
    # 2 launch
    spacewar.reveal_launches, partial(lockdown.lock_new, launches=True), spacewar.launch,
    partial(lockdown.burnout, cards=LAUNCHERS, since_phase=2),
    # 3 maneuver missiles, 4 move projectiles
    spacewar.steer, spacewar.move_projectiles,
    # 5 move fighters
    partial(spacewar.reveal_rest, reveal=reveal), lockdown.lock_new, experimental.secondary_thrust,
    partial(spacewar.move_fighters, locked=lockdown.maneuvers), experimental.secondary_thrust_after,
    experimental.after_move, partial(lockdown.burnout, cards=MANEUVERS, since_phase=5),
    # 6 operate systems
    lockdown.aim, party_turn.tallied(spacewar.operate), experimental.restore,
    partial(lockdown.burnout, cards=_SYSTEM_LOCKS, since_phase=6),
    # 7 fire guns
    partial(lockdown.aim, cards=_GUN_LOCKS), fire_decision,
    party_turn.tallied(partial(spacewar.fire, fire_fighters=fire, rams=party_turn.rams,
                               at_station=party_turn.shoot_station)),
    experimental.beams, partial(lockdown.burnout, cards=_GUN_LOCKS, since_phase=7),
    # 8 detonate, 9 gravity
    party_turn.tallied(partial(spacewar.detonate, ram_plan=experimental.ram_targets, ram=experimental.rams)),
    spacewar.gravity,
    # the end of the turn
    experimental.structure_fuel, end_of_turn, losses, next_turn)
"""Modules 4-6: the nine phases of TOB-M4-SEQ-01 (:mod:`.spacewar`), then the end of the turn."""


def resume_step(nine_phase: bool, phase: str) -> int:
    """``Stage.step`` of a turn standing at its fire or end decision: the step after it."""
    steps = NINE_PHASE_STEPS if nine_phase else STEPS
    return steps.index(fire_decision if phase == FIRE else end_of_turn) + 2


def run(state: TobState) -> tuple[TobState, list[Event]]:
    """The procedure's automatic step: the turn's steps from ``state.stage.step`` on, until one
    needs a decision (the state then stands at it) or the turn is over (the next turn's first
    decision). Pure: ``state`` is left alone."""
    assert state.stage is not None
    return _run(Work(state, state.stage))


def start(state: TobState, plots: tuple[tuple[str, tuple[Action, ...]], ...], standing: Standing = ()
          ) -> tuple[TobState, list[Event]]:
    """Every side has plotted: the turn's steps run from the first, as :func:`run` does (a
    Module 1 elimination game in one pass, :func:`module_1_turn`)."""
    if one_pass(state, standing):
        return module_1_turn(state, dict(plots))
    return pipeline(state, plots, standing)


def one_pass(state: TobState, standing: Standing = ()) -> bool:
    """Whether the turn that starts now is a Module 1 elimination turn (:func:`module_1_turn`):
    no Module 2-6 step, nothing to score or bring back, no projectile. Fighters only leave it."""
    config = state.config
    return not (config.systems or config.points or state.replacements or state.projectiles or standing)


def pipeline(state: TobState, plots: tuple[tuple[str, tuple[Action, ...]], ...], standing: Standing = ()
             ) -> tuple[TobState, list[Event]]:
    """The turn's steps from the first, whatever the modules (:func:`start` without the Module 1
    pass; tests compare the two)."""
    declared = state.stage.declared if state.stage is not None else ()
    return _run(Work(state, Stage(1, plots, declared, standing=standing)))


def module_1_turn(state: TobState, by_id: Mapping[str, tuple[Action, ...]]) -> tuple[TobState, list[Event]]:
    """A Module 1 elimination turn in one pass: the pipeline's reveal, move, fire, end of turn
    and next turn with every Module 2-3 step off and nothing to score or bring back, so no
    :class:`Work` is built. ``by_id``: each fighter's plotted actions (none: it plots nothing).
    Random duels are made of these turns; the same states and events as :func:`pipeline`
    (tests/rules/turn_or_burn/test_turn_module_1.py)."""
    config = state.config
    events: list[Event] = []
    fighters = state.fighters
    shown: list[Fighter] | None = None  # the fighters once plotted system cards are known, if any is
    for i, f in enumerate(fighters):  # reveal (TOB-M1-PLOT-04)
        actions = by_id.get(f.id)
        if actions:
            # Module 1 plots one card (TOB-M1-PLOT-01): spelled out, as map() and set() cost more than
            # the work on one item
            one = len(actions) == 1
            cards = [actions[0].card] if one else list(map(CARD, actions))
            events.append({"type": "plotted", "id": f.id, "cards": cards})
            if not (cards[0] in MANEUVERS if one else MANEUVERS.keys() >= set(cards)):  # in Module 1, a gun
                if shown is None:
                    shown = list(fighters)
                shown[i] = _shown(f, actions)
    moved, thrust, more = move_phase(config, fighters if shown is None else shown, resolve_maneuvers(state, by_id))
    events += more
    rng = state.rng
    outcome = elimination_outcome(state.sides_in_play(), moved.values()) if len(moved) < len(fighters) else None
    # Decided in movement: no gun fires (TOB-M1-SCEN-01). No gun plotted: no card is lost, nobody eliminated.
    if shown is not None and outcome is None:
        guns = [GunPlot(fid, a.card, a.external, a.target) for fid, actions in sorted(by_id.items()) for a in actions
                if a.card in GUNS]
        rng, more, _ = fire_phase(moved, guns, {}, thrust, frozenset(), rng, config.options, False)
        events += more
        for fid, f in list(moved.items()):  # end of turn (TOB-M1-SCEN-02)
            cause = elimination_cause(f, config.modules)
            if cause:
                del moved[fid]
                events.append({"type": "eliminated", "id": fid, "cause": cause})
        outcome = elimination_outcome(state.sides_in_play(), moved.values())
    limit = config.options.turn_limit
    if outcome is None and limit is not None and state.turn >= limit:
        outcome = Outcome("turn_limit", ())
    if outcome is not None:
        events.append({"type": "game_over", "winner": outcome.winners[0]} if outcome.winners
                      else {"type": "game_over", "draw": True})
    return TobState(config, state.turn + 1, OVER if outcome else PLOT, tuple(moved.values()), rng, outcome,
                    tuple(sorted(state.scores)) if state.scores else (), (), None, state.then, (),
                    state.stations), events


def _run(w: Work) -> tuple[TobState, list[Event]]:
    config = w.config
    if not config.systems and not config.nine_phase:  # Module 1: without Modules 2-3's steps, no stop
        reveal(w)
        move(w)
        fire(w)
        end_of_turn(w)
        next_turn(w)
        assert w.done is not None
        return w.done, w.events
    steps = NINE_PHASE_STEPS if config.nine_phase else STEPS
    for i in range(w.step - 1, len(steps)):
        steps[i](w)
        if w.phase != RESOLVE:
            w.step = i + 2
            return w.stopped(), w.events
    assert w.done is not None, "the last step starts the next turn"
    return w.done, w.events


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


def start_turn(state: TobState, placements: Mapping[str, Placement] | None = None) -> tuple[TobState, list[Event]]:
    """The first decision of a turn: re-entry placement, external declarations, or the plot.

    Without phase decisions (a position read for ``hexfleet resolve``) replacements due enter
    now, as ``placements`` (the orders' ``place`` entries, checked) say, else at their
    defaults, and external plots are part of the plot order (no step A).
    """
    if state.replacements and due(state):
        if state.config.party is not None:  # Module 6: back in the start region (TOB-AMB-48)
            entered, events = party_turn.enter(state, placements)
            more_state, more = start_turn(entered)
            return more_state, events + more
        if not state.config.phase_decisions:
            placements = {**{r.id: r.place for r in due(state) if r.place is not None}, **(placements or {})}
            chosen, events = choose_entry_hexes(state, {fid: p.hex for fid, p in placements.items()
                                                        if p.hex is not None})
            placed, more = enter(chosen, placements)
            return replace(placed, phase=PLOT), events + more
        if any(r.hex is None for r in due(state)):
            if state.config.hockey is not None:  # no enemy choice: the owner places it (TOB-M5-HOCKEY-06)
                chosen, events = choose_entry_hexes(state, {})
                return replace(chosen, phase=REENTRY), events
            return replace(state, phase=REENTRY_HEX), []
        return replace(state, phase=REENTRY), []
    if declarers(state):
        return replace(state, phase=DECLARE, stage=Stage()), []
    if state.phase == PLOT and state.stage is None:
        return state, []
    return replace(state, phase=PLOT, stage=None), []


def choose_entry_hexes(state: TobState, hexes: Mapping[str, Hex]) -> tuple[TobState, list[Event]]:
    """The opposing team's edge hexes for the replacements due (TOB-M2-SCEN-04.3)."""
    reps = []
    events: list[Event] = []
    now = due(state)
    for r in state.replacements:
        if r in now and r.hex is None:
            h = hexes.get(r.id) or entry_default(state, r)
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
