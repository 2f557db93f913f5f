"""The Module 2-3 turn on the kernel: its decision points and the turn runner.

A Module 2-3 turn (TOB-SEQ-02) stops for these decisions (several seats at once = secret and
simultaneous):

========== ============================================ ==============================================
phase      who                                          order
========== ============================================ ==============================================
reentry_hex the team *opposing* a re-entering fighter   ``{"R1": [q, r]}``: a map-edge hex (TOB-M2-SCEN-04)
reentry    the re-entering fighter's owner              ``{"R1": {"cards", "external", "heavy_guns",
                                                         "facing", "momentum", "shields"}}`` (all optional)
declare    sides with working external systems          ``{"R1": [{"card": "NB", "target": "B1"}]}``:
                                                         external plots, public at once (TOB-SEQ-06 A)
plot       every side                                   ``{"R1": [{"card": "B2S"}, {"card": "SCAN",
                                                         "target": "B1"}]}`` (TOB-SEQ-06 B)
fire       sides with guns plotted without a target     ``{"R1": ["B1", null]}``: one target (or null:
           that can hit something after movement        hold fire) per untargeted gun, in plot order
end        owners who must lose externals or discard    ``{"R1": {"external": ["THR"], "discard": [...]}}``
========== ============================================ ==============================================

Choices that need no mid-turn information are made in the plot order (scanner target, repair
choice, gun target); each has a documented default. ``resolve_turn`` (``hexfleet resolve``)
runs a whole turn with the defaults for every mid-turn decision.

The turn after the plot is a pure function of (start state, plots, choices so far): each
decision re-runs it from the start with the choices made, deterministic because the
generator lives in the start state, and emits only the events not sent before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.ruleset import Decision, Event, Order, Outcome, Seat
from ...hexgrid import LETTERS
from .build import check_build, external_working, heavy_set, lost_counts
from .cards import GUNS, MANEUVERS
from .damage import GunPlot, Hits, candidates, fire_phase
from .movement import move_phase
from .position import _facing, _hex, _known_fields, _obj, elimination_cause, fighter_to_json, parse_actions
from .state import OVER, PLOT, SETUP, Fighter, Kit, TobState, refit
from .systems import action_limit, check_plot, check_seat_plots, keep_lock, operate_systems, resolve_maneuvers
from .teams import (
    REENTRY_DELAY,
    Replacement,
    apply_end,
    check_end_choice,
    check_entry_hex,
    default_end_choice,
    default_entry,
    default_entry_hex,
    due,
    elimination_outcome,
    end_needs,
    entering_fighter,
    entry_momentum_ok,
    points_outcome,
    remove_armor,
    score,
    victory_mode,
)

REENTRY_HEX, REENTRY, DECLARE, FIRE, END = "reentry_hex", "reentry", "declare", "fire", "end"
BUILD_FIELDS = {"gun", "cards", "external", "heavy_guns", "hex", "facing", "momentum", "shields"}
"""A setup or re-entry order; ``gun`` swaps the build's first gun, as in Module 1's setup."""


def is_advanced(modules: tuple[int, ...]) -> bool:
    """Whether the Module 2-3 turn applies (checked once per call, never per card)."""
    return 2 in modules or 3 in modules


@dataclass(frozen=True, slots=True)
class Stage:
    """A turn in progress: what was plotted and decided so far, and what the table shows."""

    plots: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    declared: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    """External plots declared in step A, public (TOB-SEQ-06)."""
    choices: Mapping[str, Any] = field(default_factory=dict)
    """``fire:<id>`` → targets, ``end:<id>`` → losses, made at the turn's decisions."""
    emitted: int = 0
    current: tuple[Fighter, ...] = ()
    """The fighters as they stand at the open decision (after movement)."""
    decisions: Mapping[str, Any] = field(default_factory=dict)
    """Seat → what it must decide now (the ``options`` of its Decision)."""

    def to_json(self) -> dict[str, Any]:
        return {"plots": dict(self.plots), "declared": dict(self.declared), "choices": dict(self.choices),
                "emitted": self.emitted, "current": [_fighter_json(f) for f in self.current],
                "decisions": dict(self.decisions)}


def stage_from_json(data: Mapping[str, Any]) -> Stage:
    return Stage(plots=data["plots"], declared=data["declared"], choices=data["choices"], emitted=data["emitted"],
                 current=tuple(_fighter_from_json(d) for d in data["current"]), decisions=data["decisions"])


def _fighter_json(f: Fighter) -> dict[str, Any]:
    return fighter_to_json(f, True) | {"revealed": list(f.revealed)}


def _fighter_from_json(d: Mapping[str, Any]) -> Fighter:
    return Fighter(id=d["id"], side=d["side"], hex=tuple(d["hex"]), facing=LETTERS.index(d["facing"]),  # type: ignore[arg-type]
                   momentum=tuple(d["momentum"]), cards=tuple(d["cards"]), destroyed=tuple(d["destroyed"]),  # type: ignore[arg-type]
                   revealed=tuple(d["revealed"]),
                   kit=Kit(tuple(d["external"]), d["shields"], d["lock_on"], tuple(tuple(g) for g in d["heavy_guns"])))


class _Stop(Exception):
    def __init__(self, phase: str, decisions: dict[str, Any], fighters: list[Fighter], events: list[Event]):
        super().__init__(phase)
        self.phase, self.decisions, self.fighters, self.events = phase, decisions, fighters, events


# --- the turn -------------------------------------------------------------------------------


def run_turn(state: TobState, plots: Mapping[str, list[dict[str, Any]]], choices: Mapping[str, Any],
             interactive: bool) -> tuple[TobState, list[Event]]:
    """Reveal, Move, Operate Systems, Fire Guns and the end of the turn (TOB-M2-SEQ-01).

    Raises ``_Stop`` when ``interactive`` and a decision has not been made yet.
    """
    config = state.config
    opts = config.options
    events: list[Event] = []
    revealed: dict[str, tuple[str, ...]] = {}
    for f in state.fighters:  # reveal all plots together (TOB-M1-PLOT-04)
        actions = plots.get(f.id)
        if actions:
            events.append({"type": "plotted", "id": f.id, "cards": [a["card"] for a in actions],
                           "actions": [_public_action(a) for a in actions]})
            new = [a["card"] for a in actions if a["card"] not in MANEUVERS and not a.get("external")]
            for a in actions:
                group = heavy_set(f, a["card"]) if a["card"] in GUNS and not a.get("external") else None
                if group:  # TOB-M3-BIGGUN-03: the other cards of the set are shown too
                    new += list(group[1:])
            revealed[f.id] = tuple((Counter(new) - Counter(f.revealed)).elements())
    start = replace(state, fighters=tuple(replace(f, revealed=f.revealed + revealed[f.id]) if revealed.get(f.id)
                                          else f for f in state.fighters))
    start_locks = {f.id: f.lock_on for f in start.fighters}

    moved, thrust, move_events = move_phase(start, resolve_maneuvers(start, plots))
    events += move_events
    out: list[tuple[Fighter, str]] = [(f, "off_map") for f in start.fighters if f.id not in {g.id for g in moved}]
    fighters = {f.id: f for f in moved}

    ejected, jammed, op_events = operate_systems(fighters, plots)
    events += op_events
    for fid in sorted(ejected):
        out.append((fighters.pop(fid), "ejected"))
        events.append({"type": "eliminated", "id": fid, "cause": "ejected"})

    gun_plots = _gun_plots(start, fighters, plots, start_locks, choices, interactive, events)
    rng, fire_events, hits = fire_phase(fighters, gun_plots, start_locks, thrust, jammed, state.rng, opts)
    events += fire_events

    _end_of_turn(config.modules, fighters, hits, choices, interactive, out, events)
    for fid, f in fighters.items():  # lock-ons kept or lost (TOB-M2-LOCK-01/02, TOB-M3-MULTI-06)
        if f.lock_on is not None and not keep_lock(f, plots.get(fid, []), hits.lock_checks.get(fid, []),
                                                   set(fighters)):
            events.append({"type": "lock_lost", "id": fid, "target": f.lock_on})
            fighters[fid] = refit(f, lock_on=None)
    return _next_turn(state, [fighters[f.id] for f in start.fighters if f.id in fighters], out, rng, events)


def _eliminate(modules: tuple[int, ...], fighters: dict[str, Fighter], ids: list[str],
               out: list[tuple[Fighter, str]], events: list[Event]) -> None:
    """Remove fighters with no structure or crew (TOB-M2-SCEN-03; losing the gun is no loss)."""
    for fid in ids:
        cause = elimination_cause(fighters[fid], modules)
        if cause:
            out.append((fighters.pop(fid), cause))
            events.append({"type": "eliminated", "id": fid, "cause": cause})


def _end_of_turn(modules: tuple[int, ...], fighters: dict[str, Fighter], hits: Hits, choices: Mapping[str, Any],
                 interactive: bool, out: list[tuple[Fighter, str]], events: list[Event]) -> None:
    """Eliminations, armor, external losses, big-fighter discards, shields down (TOB-SEQ-02).
    Raises ``_Stop`` for the owners' choices when ``interactive`` and not made yet."""
    _eliminate(modules, fighters, list(fighters), out, events)
    needs: dict[str, dict[str, int]] = {}
    for fid, f in fighters.items():
        f, armor_events = remove_armor(f, hits)
        events += armor_events
        fighters[fid] = f
        n = end_needs(f, hits)
        if n["external"] or n["discard"]:
            needs[fid] = n
    missing = [fid for fid in needs if f"end:{fid}" not in choices]
    if interactive and missing:
        decisions: dict[str, Any] = {}
        for fid in missing:
            f, n = fighters[fid], needs[fid]
            decisions.setdefault(f.side, {})[fid] = {**n, "externals": external_working(f),
                                                     "default": default_end_choice(f, n)}
        raise _Stop(END, decisions, list(fighters.values()), events)
    for fid in sorted(set(needs) | (hits.shield & set(fighters))):
        given = choices.get(f"end:{fid}")
        if fid not in needs:
            choice: dict[str, list[str]] = {"external": [], "discard": []}
        elif given is None:
            choice = default_end_choice(fighters[fid], needs[fid])
        else:
            choice = {"external": list(given.get("external", [])), "discard": list(given.get("discard", []))}
        fighters[fid], end_events = apply_end(fighters[fid], hits, choice)
        events += end_events
    _eliminate(modules, fighters, list(needs), out, events)  # an owner may discard a crew card


def _next_turn(state: TobState, survivors: list[Fighter], out: list[tuple[Fighter, str]], rng: int,
               events: list[Event]) -> tuple[TobState, list[Event]]:
    """Scores and replacements (Popcorn) or elimination (Module 3), the outcome, and the next
    turn's first decision."""
    config, opts = state.config, state.config.options
    scores = dict(state.scores)
    replacements = list(state.replacements)
    mode = victory_mode(config.modules, opts)
    if mode == "points":
        for f, _cause in out:
            score(scores, config.sides, f.side)
            replacements.append(Replacement(f.side, f.id, state.turn + REENTRY_DELAY, f.cards, f.external,
                                            f.heavy_guns))
            events.append({"type": "replacement", "side": f.side, "id": f.id,
                           "enters_on_turn": state.turn + REENTRY_DELAY})
        if out:
            events.append({"type": "scores", "scores": dict(sorted(scores.items()))})
        outcome = points_outcome(scores, opts, state.turn)
    else:
        outcome = elimination_outcome(state.sides_in_play(), survivors)
        if outcome is None and opts.turn_limit is not None and state.turn >= opts.turn_limit:
            outcome = Outcome("turn_limit", ())
    if outcome is not None:
        events.append({"type": "game_over", "winner": outcome.winners[0]} if outcome.winners
                      else {"type": "game_over", "draw": True})
    nxt = replace(state, turn=state.turn + 1, fighters=tuple(survivors), rng=rng, outcome=outcome,
                  scores=tuple(sorted(scores.items())), replacements=tuple(replacements), stage=None,
                  phase=OVER if outcome else PLOT)
    if outcome:
        return nxt, events
    nxt, more = start_phase(nxt)
    return nxt, events + more


def _public_action(a: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in a.items() if v is not None}


def _gun_plots(state: TobState, fighters: dict[str, Fighter], plots: Mapping[str, list[dict[str, Any]]],
               start_locks: dict[str, str | None], choices: Mapping[str, Any], interactive: bool,
               events: list[Event]) -> list[GunPlot]:
    """Every plotted gun, with targets from the plot or the fire decision (TOB-AMB-19)."""
    exclusive = state.config.options.arc_boundary == "exclusive"
    out: list[GunPlot] = []
    decisions: dict[str, Any] = {}
    for fid in sorted(plots):
        f = fighters.get(fid)
        guns = [a for a in plots[fid] if a["card"] in GUNS]
        if f is None or not guns:
            continue
        open_guns = [a for a in guns if a.get("target") is None]
        chosen = choices.get(f"fire:{fid}")
        options = [candidates(f, a["card"], fighters, start_locks, exclusive) for a in open_guns]
        if interactive and chosen is None and not f.shields and any(options):
            decisions.setdefault(f.side, {})[fid] = [
                {"card": a["card"], "external": bool(a.get("external")), "targets": c}
                for a, c in zip(open_guns, options)]
        picks = iter(chosen) if chosen is not None else None
        for a in guns:
            if a.get("target") is not None:
                out.append(GunPlot(fid, a["card"], bool(a.get("external")), a["target"]))
            elif picks is not None:
                t = next(picks, None)
                out.append(GunPlot(fid, a["card"], bool(a.get("external")), t, hold=t is None))
            else:
                out.append(GunPlot(fid, a["card"], bool(a.get("external"))))
    if decisions:
        raise _Stop(FIRE, decisions, list(fighters.values()), events)
    return out


def start_phase(state: TobState) -> tuple[TobState, list[Event]]:
    """The first decision of a turn: re-entry placement, external declarations, or the plot.

    Without phase decisions (a position read for ``hexfleet resolve``) replacements due enter
    at their defaults now and external plots are part of the plot order (no step A).
    """
    if due(state):
        if not state.config.phase_decisions:
            chosen, events = _choose_entry_hexes(state, {})
            placed, more = _enter(chosen, {})
            return replace(placed, phase=PLOT), events + more
        if any(r.hex is None for r in due(state)):
            return replace(state, phase=REENTRY_HEX), []
        return replace(state, phase=REENTRY), []
    if state.config.phase_decisions and _declarers(state):
        return replace(state, phase=DECLARE, stage=Stage()), []
    return replace(state, phase=PLOT), []


def _declarers(state: TobState) -> list[str]:
    if 3 not in state.config.modules or not state.config.options.external_systems:
        return []
    return list(dict.fromkeys(f.side for f in state.fighters if external_working(f)))


# --- the kernel contract --------------------------------------------------------------------


def pending(rs: Any, state: TobState) -> dict[Seat, Decision]:
    phase = state.phase
    if phase == OVER:
        return {}
    if phase == SETUP:
        return {side: Decision(side, "setup", "Build and place your fighters (secret until play).",
                               rs._setup_options(state, side)) for side in state.sides_in_play()}
    if phase == REENTRY_HEX:
        out: dict[Seat, dict[str, Any]] = {}
        for rep in due(state):
            if rep.hex is None:
                for side in state.config.sides:
                    if side != rep.side:
                        out.setdefault(side, {})[rep.id] = {
                            "side": rep.side,
                            "default": list(default_entry_hex(state.config.map, state.config.sides.index(rep.side)))}
        return {s: Decision(s, REENTRY_HEX, "Choose the map-edge hex where each enemy replacement enters.", o)
                for s, o in out.items()}
    if phase == REENTRY:
        out = {}
        for rep in due(state):
            out.setdefault(rep.side, {})[rep.id] = {"hex": list(rep.hex or ()), "cards": list(rep.cards),
                                                    "default": default_entry(state.config.map, rep.hex)}  # type: ignore[arg-type]
        return {s: Decision(s, REENTRY, "Build your replacement and choose its facing and speed 0-6.", o)
                for s, o in out.items()}
    if phase == DECLARE:
        return {s: Decision(s, DECLARE, f"Turn {state.turn}: declare external-system plots (public).",
                            {"fighters": {f.id: {"externals": external_working(f)} for f in state.fighters
                                          if f.side == s and external_working(f)}})
                for s in _declarers(state)}
    if phase == PLOT:
        sides = state.sides_in_play() or state.config.sides
        return {s: Decision(s, "plot", f"Turn {state.turn}: plot your fighters' actions (secret).",
                            _plot_options(state, s)) for s in sides}
    stage = state.stage
    prompt = {FIRE: "Announce your targets (null: hold fire).",
              END: "Choose the externals you lose and the cards you discard."}[phase]
    return {s: Decision(s, phase, prompt, o) for s, o in stage.decisions.items()}


def _plot_options(state: TobState, side: Seat) -> dict[str, Any]:
    """Per own fighter: the cards it may plot alone, its working externals (plotted with
    ``"external": true``), how many actions, the enemies, and its declared external plots."""
    declared = state.stage.declared if state.stage else {}
    return {"fighters": {f.id: {"cards": legal_cards(state, f), "externals": external_working(f),
                                "actions": action_limit(state, f),
                                "targets": [e.id for e in state.fighters if e.side != side],
                                "declared": declared.get(f.id, [])}
                         for f in state.fighters if f.side == side}}


def legal_cards(state: TobState, f: Fighter) -> list[str]:
    """Cards ``f`` may plot alone this turn (a single-action plot passes ``check_plot``)."""
    out = []
    for card in list(MANEUVERS) + list(dict.fromkeys(f.cards)):
        action: dict[str, Any] = {"card": card}
        if card == "DITTO":
            partner = next((g.id for g in state.fighters if g.side == f.side and g.id != f.id), None)
            if partner is None:
                continue
            action["of"] = partner
        try:
            check_plot(state, f, [action], "probe")
        except (RuleError, FormatError):
            continue
        out.append(card)
    return out


def validate(rs: Any, state: TobState, seat: Seat, order: Order) -> None:
    if state.phase == OVER:
        raise RuleError("TOB-M2-SCEN-05", "the game is over")
    decisions = pending(rs, state)
    if seat not in decisions:
        raise RuleError("ENGINE-SEAT", f"seat {seat!r} has no decision open now", unit=seat)
    order = _obj(order, "order")
    options = decisions[seat].options or {}
    phase = state.phase
    if phase in (SETUP, PLOT, DECLARE):
        for fid in order:
            f = state.fighter(fid)
            if f is None or f.side != seat:
                raise RuleError("ENGINE-SEAT", f"{fid!r} is not one of your fighters in play", unit=seat,
                                field=f"order.{fid}")
    if phase == SETUP:
        for fid, placement in order.items():
            _check_setup(rs, state, state.fighter(fid), placement)  # type: ignore[arg-type]
        budget = dict(state.config.budgets).get(seat)
        if budget is not None:  # the scenario's card total for the side (TOB-M3-SCEN-01)
            total = sum(len(order[g.id].get("cards", g.cards)) if g.id in order else len(g.cards)
                        for g in state.fighters if g.side == seat)
            if total > budget:
                raise RuleError("TOB-M3-SCEN-01", f"your side's fighters may total {budget} internal system "
                                f"cards; these builds make {total}", unit=seat, field="order")
        return
    if phase == DECLARE:
        for fid, actions in order.items():
            f = state.fighter(fid)
            parsed = [{**a, "external": True} for a in parse_actions(actions, f"order.{fid}")]
            for i, a in enumerate(parsed):
                if a["card"] not in f.external:  # type: ignore[union-attr]
                    raise RuleError("TOB-SEQ-06", f"step A declares external systems only; {fid} has no external "
                                    f"{a['card']}", unit=fid, field=f"order.{fid}[{i}].card")
            check_plot(state, f, parsed, f"order.{fid}")  # type: ignore[arg-type]
        return
    if phase == PLOT:
        plots = {fid: parse_actions(actions, f"order.{fid}") for fid, actions in order.items()}
        declared = state.stage.declared if state.stage else {}
        for fid, actions in plots.items():
            f = state.fighter(fid)
            check_plot(state, f, actions, f"order.{fid}")  # type: ignore[arg-type]
            if state.config.phase_decisions and _declarers(state):
                extra = Counter(a["card"] for a in actions if a.get("external")) - Counter(
                    a["card"] for a in declared.get(fid, []))
                if extra:
                    raise RuleError("TOB-SEQ-06", f"external {next(iter(extra))} was not declared in step A: "
                                    "external plots may be withdrawn, not added", unit=fid, field=f"order.{fid}")
        check_seat_plots(state, seat, plots)
        return
    for key in order:
        if key not in options:
            raise RuleError("ENGINE-SEAT", f"{key!r} has no decision open now; open: {', '.join(options)}",
                            unit=seat, field=f"order.{key}")
    if phase == REENTRY_HEX:
        for fid, value in order.items():
            check_entry_hex(state.config.map, value, f"order.{fid}")
    elif phase == REENTRY:
        for fid, value in order.items():
            _check_reentry(state, next(r for r in due(state) if r.id == fid), value)
    elif phase == FIRE:
        for fid, picks in order.items():
            guns = options[fid]
            if not isinstance(picks, list) or len(picks) != len(guns):
                raise FormatError(f"order.{fid}", f"expected a list of {len(guns)} target(s) or null")
            for i, (t, gun) in enumerate(zip(picks, guns)):
                if t is not None and t not in gun["targets"]:
                    raise RuleError("TOB-M1-FIRE-01", f"{gun['card']} cannot hit {t!r} now; in range and arc: "
                                    f"{', '.join(gun['targets']) or 'none'}", unit=fid, field=f"order.{fid}[{i}]")
    elif phase == END:
        for fid, choice in order.items():
            f = next(g for g in state.stage.current if g.id == fid)
            check_end_choice(f, options[fid], choice, f"order.{fid}")


def _check_setup(rs: Any, state: TobState, f: Fighter, placement: Any) -> None:
    where = f"order.{f.id}"
    placement = _obj(placement, where)
    _known_fields(placement, BUILD_FIELDS, where)
    built = _built(f, placement, where)
    check_build(built, state.config.modules, state.config.options)
    rs._check_setup(state, replace(f, cards=built.cards),
                    {k: placement[k] for k in ("hex", "facing", "momentum") if k in placement})


def _built(f: Fighter, placement: Mapping[str, Any], where: str) -> Fighter:
    from .position import _card
    cards = tuple(_card(c, f"{where}.cards[{i}]") for i, c in enumerate(placement.get("cards", f.cards)))
    if placement.get("gun") is not None:
        gun = _card(placement["gun"], f"{where}.gun")
        first = next((i for i, c in enumerate(cards) if c in GUNS), None)
        if gun not in GUNS or first is None:
            raise RuleError("TOB-M2-BUILD-02", f"gun must be one of {', '.join(GUNS)}, got {gun!r}", unit=f.id,
                            field=f"{where}.gun")
        cards = cards[:first] + (gun,) + cards[first + 1:]
    external = tuple(_card(c, f"{where}.external[{i}]") for i, c in enumerate(placement.get("external", f.external)))
    heavy = tuple(tuple(_card(c, f"{where}.heavy_guns[{i}]") for c in g)
                  for i, g in enumerate(placement.get("heavy_guns", f.heavy_guns)))
    shields = placement.get("shields", f.shields)
    if not isinstance(shields, bool):
        raise FormatError(f"{where}.shields", "expected true or false")
    if shields and "SG" not in cards + external:
        raise RuleError("TOB-M2-SHIELD-03", "only a fighter with a shield generator starts with shields up",
                        unit=f.id, field=f"{where}.shields")
    return replace(f, cards=cards, kit=replace(f.kit, external=external, heavy_guns=heavy, shields=shields))


def _check_reentry(state: TobState, rep: Replacement, value: Any) -> None:
    where = f"order.{rep.id}"
    value = _obj(value, where)
    _known_fields(value, BUILD_FIELDS - {"hex"}, where)
    base = Fighter(id=rep.id, side=rep.side, hex=rep.hex or (0, 0), facing=0, momentum=rep.hex or (0, 0),
                   cards=rep.cards, kit=Kit(external=rep.external, heavy_guns=rep.heavy_guns))
    check_build(_built(base, value, where), state.config.modules, state.config.options)
    if "facing" in value:
        _facing(value["facing"], f"{where}.facing")
    if "momentum" in value:
        problem = entry_momentum_ok(state.config.map, rep.hex, _hex(value["momentum"], f"{where}.momentum"))  # type: ignore[arg-type]
        if problem:
            raise RuleError("TOB-M2-SCEN-04", problem, unit=rep.id, field=f"{where}.momentum")


def advance(rs: Any, state: TobState, orders: Mapping[Seat, Order]) -> tuple[TobState, list[Event]]:
    phase = state.phase
    merged: dict[str, Any] = {}
    for seat_order in orders.values():
        merged.update(seat_order)
    if phase == SETUP:
        fighters, events = [], []
        for f in state.fighters:
            p = merged.get(f.id, {})
            g = _built(f, p, f"order.{f.id}")
            h = tuple(p["hex"]) if "hex" in p else f.hex
            mom = tuple(p["momentum"]) if "momentum" in p else (h[0] + f.momentum[0] - f.hex[0],
                                                                h[1] + f.momentum[1] - f.hex[1])
            facing = LETTERS.index(p["facing"]) if "facing" in p else f.facing
            g = replace(g, hex=h, momentum=mom, facing=facing, revealed=())  # type: ignore[arg-type]
            fighters.append(g)
            events.append({"type": "placed", "id": g.id, "hex": list(g.hex), "facing": LETTERS[g.facing],
                           "momentum": list(g.momentum), "shields": g.shields,
                           "external": list(g.external), "heavy_guns": len(g.heavy_guns)})
        nxt, more = start_phase(replace(state, fighters=tuple(fighters)))
        return nxt, events + more
    if phase in (REENTRY_HEX, REENTRY):
        nxt, events = (_choose_entry_hexes if phase == REENTRY_HEX else _enter)(state, merged)
        nxt, more = start_phase(nxt)
        return nxt, events + more
    if phase == DECLARE:
        declared = {fid: [{**a, "external": True} for a in actions] for fid, actions in merged.items() if actions}
        events = [{"type": "declared", "id": fid, "cards": [a["card"] for a in acts],
                   "actions": [_public_action(a) for a in acts]}
                  for fid, acts in sorted(declared.items())]
        return replace(state, phase=PLOT, stage=Stage(declared=declared)), events
    if phase == PLOT:
        plots = {fid: list(actions) for fid, actions in merged.items() if actions}
        return _run(replace(state, stage=None), Stage(plots=plots), {})
    stage = state.stage
    prefix = "fire" if phase == FIRE else "end"
    choices = {**stage.choices, **{f"{prefix}:{fid}": v for fid, v in merged.items()}}
    return _run(replace(state, phase=PLOT, stage=None), stage, choices)


def _choose_entry_hexes(state: TobState, merged: Mapping[str, Any]) -> tuple[TobState, list[Event]]:
    """The opposing team's edge hexes for the replacements due (TOB-M2-SCEN-04.3)."""
    reps = []
    events: list[Event] = []
    for r in state.replacements:
        if r in due(state) and r.hex is None:
            side_index = state.config.sides.index(r.side)
            r = replace(r, hex=tuple(merged.get(r.id, default_entry_hex(state.config.map, side_index))))  # type: ignore[arg-type]
            events.append({"type": "entry_hex", "id": r.id, "hex": list(r.hex)})  # type: ignore[arg-type]
        reps.append(r)
    return replace(state, replacements=tuple(reps)), events


def _enter(state: TobState, merged: Mapping[str, Any]) -> tuple[TobState, list[Event]]:
    """The owners' builds, facings and speeds: the replacements due enter play."""
    entering = [r for r in state.replacements if r in due(state)]
    fighters = list(state.fighters)
    events: list[Event] = []
    for r in entering:
        placement = {**default_entry(state.config.map, r.hex), **merged.get(r.id, {})}  # type: ignore[arg-type]
        g = entering_fighter(r, placement)
        fighters.append(g)
        events.append({"type": "entered", "id": g.id, "side": g.side, "hex": list(g.hex),
                       "facing": LETTERS[g.facing], "momentum": list(g.momentum), "shields": g.shields,
                       "external": list(g.external), "heavy_guns": len(g.heavy_guns)})
    rest = tuple(r for r in state.replacements if r not in entering)
    return replace(state, fighters=tuple(fighters), replacements=rest), events


def _run(start: TobState, stage: Stage, choices: dict[str, Any]) -> tuple[TobState, list[Event]]:
    try:
        nxt, events = run_turn(start, stage.plots, choices, interactive=start.config.phase_decisions)
    except _Stop as stop:
        new_stage = replace(stage, choices=choices, emitted=len(stop.events), current=tuple(stop.fighters),
                            decisions=stop.decisions)
        return replace(start, phase=stop.phase, stage=new_stage), stop.events[stage.emitted:]
    return nxt, events[stage.emitted:]


def resolve_turn(state: TobState, plots: Mapping[str, list[dict[str, Any]]]) -> tuple[TobState, list[Event]]:
    """One whole turn with the documented default for every mid-turn decision (``hexfleet
    resolve``): re-entries due are placed by default first."""
    events: list[Event] = []
    while state.phase in (REENTRY_HEX, REENTRY, DECLARE):
        state, more = advance(None, state, {})
        events += more
    nxt, more = run_turn(replace(state, phase=PLOT, stage=None), plots, {}, interactive=False)
    return nxt, events + more


def legal_orders(rs: Any, state: TobState, seat: Seat) -> list[Order]:
    """Representative orders for bots: single-card plots (every gun at its default target),
    each candidate target, the default end-of-turn choice, the default re-entry."""
    decisions = pending(rs, state)
    if seat not in decisions:
        return []
    opts = decisions[seat].options
    phase = state.phase
    if phase == SETUP:
        return [{}]
    if phase == PLOT:
        per = [[(f.id, p) for p in _fighter_plots(state, f)] for f in state.fighters if f.side == seat]
        out = []
        for combo in product(*per):
            order = dict(combo)
            try:
                check_seat_plots(state, seat, order)
            except RuleError:
                continue
            out.append(order)
        return out
    if phase == DECLARE:
        return [{}]
    if phase == FIRE:
        per = [[(fid, list(p)) for p in product(*[g["targets"] + [None] for g in guns])]
               for fid, guns in opts.items()]
        return [dict(combo) for combo in product(*per)]
    if phase == END:
        return [{fid: o["default"] for fid, o in opts.items()}]
    if phase == REENTRY_HEX:
        return [{fid: o["default"] for fid, o in opts.items()}]
    return [{}]


def _fighter_plots(state: TobState, f: Fighter) -> list[list[dict[str, Any]]]:
    """Nothing, each legal card alone, and with two or more crew each maneuver paired with each
    legal system card (TOB-M3-MULTI-01/02)."""
    single = [[_probe_action(state, f, c)] for c in legal_cards(state, f)]
    out: list[list[dict[str, Any]]] = [[], *single]
    if action_limit(state, f) >= 2:
        moves = [p[0] for p in single if p[0]["card"] in MANEUVERS]
        systems = [p[0] for p in single if p[0]["card"] not in MANEUVERS]
        for m in moves:
            for sys_action in systems:
                try:
                    check_plot(state, f, [m, sys_action], "probe")
                except RuleError:
                    continue
                out.append([m, sys_action])
    return out


def _probe_action(state: TobState, f: Fighter, card: str) -> dict[str, Any]:
    if card == "DITTO":
        return {"card": card, "of": next(g.id for g in state.fighters if g.side == f.side and g.id != f.id)}
    return {"card": card}


def known_cards(f: Fighter) -> list[str]:
    """Another side's view of ``f``'s internal cards: those played or lost, ``?`` for the rest
    (TOB-M2-BUILD-04). An external loss reveals nothing inside."""
    known = Counter(f.revealed) + Counter({c: lost_counts(f, c)[0] for c in set(f.destroyed)})
    out = []
    for card in f.cards:
        if known[card] > 0:
            known[card] -= 1
            out.append(card)
        else:
            out.append("?")
    return out


def view_fighter(state: TobState, f: Fighter, own: bool) -> dict[str, Any]:
    """The Module 2-3 fields of a fighter as ``seat`` may see them (TOB-AMB-55): shields,
    lock-ons and externals are public; heavy-gun existence is public, its type private."""
    return {"external": list(f.external), "shields": f.shields, "lock_on": f.lock_on,
            "heavy_guns": [list(g) for g in f.heavy_guns] if own else len(f.heavy_guns)}


def view_extra(state: TobState, seat: Seat | None) -> dict[str, Any]:
    """Scores, replacements (builds hidden from other seats), declared externals, the board
    at an open mid-turn decision."""
    out: dict[str, Any] = {"scores": dict(state.scores)}
    out["replacements"] = [
        {k: v for k, v in r.to_json().items() if seat == r.side or state.phase == OVER or
         k not in ("cards", "external", "heavy_guns")} for r in state.replacements]
    stage = state.stage
    if stage is not None:
        out["declared"] = dict(stage.declared)
        if stage.current:
            out["plots"] = dict(stage.plots)
    return out

