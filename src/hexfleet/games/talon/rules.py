"""The Talon ruleset on the kernel's procedure (TAL-P-1, TAL-IMP-2).

Talon is strictly sequential (TAL-4.1.c): exactly one player decides at any time, and a state
always stands at a decision point of the format (a Turn's step, the end-of-Impulse initiative
choice, a Power or Retreat Phase). Each decision point is a kind in :data:`KINDS`; all four read
the same orders (:mod:`.orders`) and resolve them in :mod:`.turn`, which runs the automatic flow
to the next decision point. Talon hides nothing (TAL-AMB-40): a view is the whole position.

A fifth kind, ``choice``, is the interrupt of TAL-IMP-2: a rule gives the side *not* acting a
choice while an order resolves (which fighter an explosion hits, the order of its own units'
area damage, …). By the format those ride on the acting player's order (``choices``), which
``hexfleet resolve`` keeps to; in a game started here (``interrupts`` set) the order is held,
its resolution runs until such a choice comes up, and that side is asked (``choice``); each
answer is kept and the resolution run again from the start — dice included, for the state's
generator is a value — until it completes.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.legal import Choices, Filtered, Legal
from ...engine.procedure import Ask, Kind, Procedure, Then
from ...engine.rng import DiceNeeded, Rng
from ...engine.ruleset import Event, Order, Outcome, ScenarioInfo, Seat
from ...hexgrid import distance
from . import orders as notation
from .data import ARCS
from .fire import charged, group_of, targets
from .geometry import neighbors_in_arc, step
from .movement import HOWS, check_move, missile_moves
from .options import OPTIONS, parse_options
from .position import SIDES, STEPS, parse_position, position_json
from .setup import check_setup
from .turn import apply as apply_order
from .turn import can_retreat, score, speed_choices, start_turn
from .world import ChoiceNeeded, Interrupt, TalState, World

PHASE_KIND = {"impulse": "turn", "initiative": "initiative", "power": "power", "retreat": "retreat"}


def _scenario_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__).joinpath("scenarios")
    return {e.name[:-5]: tomllib.loads(e.read_text(encoding="utf-8")) for e in folder.iterdir()
            if e.name.endswith(".toml")}


_SCENARIOS = _scenario_files()


# --- the kinds ----------------------------------------------------------------------------------


def _parse(state: TalState, ask: Ask, seat: Seat, raw: Any) -> notation.TalonOrder:
    return notation.parse(raw)


def resolve_order(state: TalState, order: notation.TalonOrder,
                  answers: list[Any] | None = None) -> tuple[TalState, list[Event]]:
    """Apply one order to a copy of the state: the next state and its events. With ``answers``
    (interactive play) the side not acting answers its own choices, :class:`ChoiceNeeded` when
    one is still open; without, the order's ``choices`` decide (the format)."""
    w = _resolution(state, order, answers)
    return w.freeze(state.then), w.events


def _resolution(state: TalState, order: notation.TalonOrder, answers: list[Any] | None) -> World:
    w = World(state)
    w.pos.pop("held", None)
    w.answers = None if answers is None else list(answers)
    apply_order(w, order)
    return w


_checked: list[tuple[TalState, dict[str, tuple[TalState, list[Event], bool]]]] = []
"""The state whose orders were last checked, and each order's resolution there: a bot applies an
order the rules have just checked (a draw stops at the first that passes; search lists them
all, then applies one), so applying it takes the resolution instead of resolving it again. A
state never changes once built, so neither does an order's resolution in it."""


def _resolved(state: TalState, order: notation.TalonOrder) -> tuple[TalState, list[Event], bool]:
    """:func:`resolve_order` without answers, once per state and order (:data:`_checked`), and
    whether it met a choice of the side not acting."""
    last = _checked[0] if _checked else None  # one read of the shared slot: another thread may replace it
    if last is None or last[0] is not state:
        last = (state, {})
        _checked[:] = [last]
    done = last[1].get(order.text)
    if done is None:
        w = _resolution(state, order, None)
        done = last[1][order.text] = (w.freeze(state.then), w.events, w.asks_other)
    return done[0], list(done[1]), done[2]


def _hold(state: TalState, order: Any, answers: list[Any]) -> TalState:
    """``state`` with ``order`` (JSON) held until the choices it raises are answered."""
    return TalState({**state.pos, "held": {"order": order, "answers": answers}}, state.rng, state.then)


def _check(state: TalState, ask: Ask, seat: Seat, order: notation.TalonOrder) -> None:
    """The rules of one order: resolved on a copy, so every rule the resolution meets is
    checked exactly as it will be applied (a die the table must roll proves nothing wrong)."""
    try:
        _resolved(state, order)
    except DiceNeeded:
        return


def _apply(state: TalState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[TalState, list[Event]]:
    order = given[ask.seats[0]]
    if not state.pos.get("interrupts"):  # the order's ``choices`` decide everything (the format)
        after, events, _ = _resolved(state, order)
        return after, events
    try:
        after, events, asks_other = _resolved(state, order)
    except DiceNeeded:  # the table's own dice: ``Talon.step`` asks for them
        asks_other = True
    if asks_other:  # or the side not acting answers its choices: ``Talon.step`` resolves the order
        return _hold(state, notation.dump(order), []), []
    return after, events


def _prompt(text: str) -> Any:
    return lambda state, ask, seat: text


def _legal(state: TalState, ask: Ask, seat: Seat) -> Legal[notation.TalonOrder]:
    """The candidate orders of :func:`candidates`, each checked by the rules when first needed;
    ``in`` checks any order (JSON or object) by the rules."""
    def contains(order: object) -> bool:
        try:
            parsed = order if isinstance(order, notation.TalonOrder) else notation.parse(order)
            _check(state, ask, seat, parsed)
        except (RuleError, FormatError):
            return False
        return True
    return Filtered([notation.make(data) for data in candidates(state)], contains, contains=contains)


def _kind(name: str, rule: str, prompt: str) -> Kind[TalState, notation.TalonOrder]:
    return Kind(name, rule, _prompt(prompt), _parse, _check, _legal, _apply, notation.dump,
                order_type=notation.TalonOrder, options=lambda state, ask, seat: {"phase": state.pos["phase"],
                                                                                  "step": state.pos["step"]})


# --- the interrupt: a choice of the side not acting (TAL-IMP-2) --------------------------------

CHOICE = "choice"

_QUESTION = {"fighter": "which fighter of squadron {subject} takes it?",
             "order": "which of your units takes its damage next?",
             "first": "which ship takes its collision damage first?",
             "missile_hit": "which missile in the hex takes the damage?",
             "pull": "which hex does {subject} enter?"}


def _choice_prompt(state: TalState, ask: Ask, seat: Seat) -> str:
    i: Interrupt = ask.about
    return f"{i.context}: {_QUESTION[i.key].format(subject=i.subject)} ({i.rule})"


def _json(option: Any) -> Any:
    return list(option) if isinstance(option, tuple) else option


def _answer(option: Any) -> notation.TalonOrder:
    return notation.make({"do": "choose", "pick": _json(option)})


def _choice_check(state: TalState, ask: Ask, seat: Seat, order: notation.TalonOrder) -> None:
    i: Interrupt = ask.about
    if order.do != "choose":
        raise RuleError(i.rule, f'{seat} answers a choice first: {{"do": "choose", "pick": …}}, not {order.do!r}',
                        unit=i.subject, field="order.do")
    pick = order.data["pick"]
    if (tuple(pick) if isinstance(pick, list) else pick) not in i.options:
        raise RuleError(i.rule, f"{pick!r} is not a legal answer; choose one of "
                        f"{', '.join(repr(_json(o)) for o in i.options)}", unit=i.subject, field="order.pick")


def _choice_legal(state: TalState, ask: Ask, seat: Seat) -> Legal[notation.TalonOrder]:
    def contains(order: object) -> bool:
        try:
            parsed = order if isinstance(order, notation.TalonOrder) else notation.parse(order)
            _choice_check(state, ask, seat, parsed)
        except (RuleError, FormatError):
            return False
        return True
    return Choices([_answer(o) for o in ask.about.options], contains=contains)


def _choice_apply(state: TalState, ask: Ask, given: Mapping[Seat, Any]) -> tuple[TalState, list[Event]]:
    held = state.pos["held"]
    return _hold(state, held["order"], [*held["answers"], given[ask.seats[0]].data["pick"]]), []


def _choice_options(state: TalState, ask: Ask, seat: Seat) -> dict[str, Any]:
    """For user interfaces: what is being chosen, by which rule, and the answers."""
    i: Interrupt = ask.about
    return {"phase": state.pos["phase"], "step": state.pos["step"], "choice": i.key, "rule": i.rule,
            "subject": i.subject, "context": i.context, "options": [_json(o) for o in i.options]}


KINDS: dict[str, Kind[TalState, Any]] = {k.name: k for k in (
    _kind("turn", "TAL-3.2", "Your Turn: spend AP, move, fire, repair, then end_turn."),
    _kind("initiative", "TAL-4.2.b", "You placed more Change markers: choose who holds the Initiative."),
    _kind("power", "TAL-9.3", "Your Power Phase: choose each ship's Speed, then end_turn."),
    _kind("retreat", "TAL-11.1.2", "Your Retreat Phase: jump eligible ships to FTL, then end_turn."),
    Kind(CHOICE, "TAL-IMP-2", _choice_prompt, _parse, _choice_check, _choice_legal, _choice_apply, notation.dump,
         order_type=notation.TalonOrder, options=_choice_options),
)}


# --- candidate orders (filtered by the rules in ``_legal``) --------------------------------------


def candidates(state: TalState) -> Iterator[dict[str, Any]]:
    """Orders worth trying at this decision, end_turn first (the standing order)."""
    w = World(state, copy=False)
    p = w.pos
    me = p["player"]
    phase = p["phase"]
    if phase == "initiative":
        yield from ({"do": "initiative", "holder": s} for s in SIDES)
        return
    yield {"do": "end_turn"}
    mine = [u for u in p["ships"] if u["side"] == me]
    if phase == "power":
        for u in mine + [q for q in p["squadrons"] if q["side"] == me]:
            for s in speed_choices(w, u):
                if s != u["curve"][1]:
                    yield {"do": "speed", "ship": u["id"], "speed": s}
        return
    if phase == "retreat":
        yield from ({"do": "retreat", "ship": s["id"]} for s in mine if can_retreat(w, s) is None)
        return
    step = STEPS.index(p["step"])
    if step == 0:
        for s in mine:
            yield from _ap_candidates(w, s)
    if step <= 1:
        for u in mine + [q for q in p["squadrons"] if q["side"] == me]:
            if not u["moved"]:
                for how in HOWS:
                    if _may_move(w, u, how, False):
                        yield {"do": "move", "unit": u["id"], "how": how}
                    if u.get("afterburners") and _may_move(w, u, how, True):
                        yield {"do": "move", "unit": u["id"], "how": how, "afterburner": True}
        for m in p["missiles"]:
            if m["side"] == me and not m["moved"]:
                yield from ({"do": "move", "unit": m["id"], "how": how} for how in missile_moves(w, m))
    if step <= 2:
        for s in mine:
            for number, (printed, bar) in enumerate(zip(w.cls(s).groups, s["groups"], strict=True), start=1):
                if charged(printed, bar):
                    yield from _fire_candidates(w, s, number)
        for q in p["squadrons"]:
            if q["side"] == me:
                for number, f in enumerate(q["fighters"], start=1):
                    if f["hull_marked"] < w.cls(q).fighter_hull and charged(w.cls(q).groups[0], f):
                        yield from _fire_candidates(w, q, number)
    for s in mine:
        for key in ("shields_down", "helm_down", "power_loss"):
            if key in s["criticals"]:
                yield {"do": "repair", "ship": s["id"], "critical": key}


def _may_move(w: World, unit: dict[str, Any], how: str, afterburner: bool) -> bool:
    """Does the move pass its own checks (:func:`check_move`: schedule, Turn Radius, Side Slip,
    afterburners), read here first so that search does not resolve the half of the moves each
    doomed by them? Closing the AP step first turns only Bases, which never move."""
    try:
        check_move(w, unit, how, afterburner)
    except RuleError:
        return False
    return True


def _ap_candidates(w: World, s: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every use of the ship's AP, drawn from the chart or (in an Impulse without one) from its
    charged battery; none once it has spent its AP this Impulse, and none a simple check of its
    own refuses: a second Side Slip marker (TAL-6.1.a), a Power Turn with no Turn Radius marker
    (TAL-6.1.b), a charged or used battery (TAL-6.1.d), a full or destroyed bar (TAL-6.1.c,
    TAL-AMB-42). These checks of TAL-5.1.b, TAL-4.1.d, TAL-10.1 and TAL-6.1 are read here first
    so that search does not resolve a dozen orders each doomed by them."""
    sid = s["id"]
    cls = w.cls(s)
    sources = [] if s["ap_used"] else [False] if w.gets_ap(s) else [True] if cls.battery and s.get("battery") else []
    for battery in sources:
        base = {"do": "ap", "ship": sid, **({"battery": True} if battery else {})}
        open_uses = (("side_slip", not s["side_slip"]), ("power_turn", s["tr_count"] is not None),
                     ("charge_battery", bool(cls.battery) and not s["battery"] and not battery),
                     ("change_initiative", True), ("defend_initiative", True))
        for use, open_ in open_uses:
            if open_:
                yield {**base, "use": use}
        for g, (printed, bar) in enumerate(zip(cls.groups, s["groups"], strict=True), start=1):
            if not bar.get("destroyed") and bar["yellow"] < printed.yellow:  # TAL-AMB-42, TAL-6.1.c
                yield {**base, "use": "charge", "group": g}
        for a in ARCS:
            yield {**base, "use": "reinforce", "arc": a}
        for q in w.pos["squadrons"]:
            if q["side"] == s["side"]:
                yield {**base, "use": "transmit", "squadron": q["id"], "effect": "power_turn"}
                yield {**base, "use": "transmit", "squadron": q["id"], "effect": "side_slip"}
                for k in (1, 2, 3):
                    yield {**base, "use": "transmit", "squadron": q["id"], "effect": "charge", "fighter": k}
        for m in w.pos["missiles"]:
            if m["side"] == s["side"]:
                for t in w.pos["ships"]:
                    if t["side"] != s["side"]:
                        yield {**base, "use": "retarget", "missile": m["id"], "target": t["id"]}
    for a in s["reinforcements"]:
        yield {"do": "drop_reinforcement", "ship": sid, "arc": a}


def _fire_candidates(w: World, s: dict[str, Any], number: int, limit: int = 24) -> Iterator[dict[str, Any]]:
    """Fire orders of one group: each weapon's options, combined (at most ``limit``)."""
    printed = group_of(w, s, number)[0]
    options: list[dict[str, Any]] = []
    for t in targets(w, s, printed):
        if printed.weapon == "missile":
            if w.kind(t) == "missile":
                continue
            for h in neighbors_in_arc(tuple(s["hex"]), s["facing"], printed.arcs, w.opts["arc_model"]):
                there = tuple(t["hex"])
                for f in range(6):
                    if h == there or distance(step(h, f), there) < distance(h, there):
                        options.append({"target": t["id"], "hex": list(h), "facing": f})
                        break
        elif w.kind(t) == "squadron" and printed.weapon != "fusion_cannon":
            options += [{"target": t["id"], "fighter": k + 1} for k, f in enumerate(t["fighters"])
                        if f["hull_marked"] < w.cls(t).fighter_hull]
        elif printed.weapon != "fusion_cannon" or w.kind(t) != "missile":
            options.append({"target": t["id"]})
    if not options:
        return
    combos = itertools.product(options, repeat=printed.count)
    for shots in itertools.islice(combos, limit):
        yield {"do": "fire", "ship": s["id"], "group": number, "shots": list(shots)}


# --- the ruleset ----------------------------------------------------------------------------------


class Talon(Procedure[TalState]):
    name = "talon"
    title = "Talon"
    version = "0.2"  # 0.2: the side not acting answers its own choices (interrupts); 0.1 records refuse to replay
    dynamics = "sequential"
    options = OPTIONS
    kinds = KINDS
    default_scenario = "duel"

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {k: ScenarioInfo(k, d["title"], SIDES, d.get("description", ""), d.get("options", {}))
                for k, d in sorted(_SCENARIOS.items())}

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> TalState:
        name = self.scenario(scenario)
        data = _SCENARIOS[name]
        opts = {**data.get("options", {}), **(options or {})}
        parse_options(opts)
        position = {"format": "talon/1", "data_pack": data.get("data_pack", "talon-ext"), "options": opts,
                    "map": data["map"], "round": 1, "phase": "impulse", "impulse": "A",
                    "initiative": data["first_initiative"], "player": data["first_initiative"], "step": "ap",
                    "ships": data.get("ships", []), "squadrons": data.get("squadrons", []),
                    "terrain": data.get("terrain", []), "round_limit": data.get("round_limit"),
                    "interrupts": True}
        if "scenario" in data:
            position["scenario"] = data["scenario"]
        full = parse_position(position)
        check_setup(full)
        w = World(TalState(full, Rng.from_seed(seed)))
        start_turn(w, w.pos["initiative"])
        return w.freeze()

    def seats(self, state: TalState) -> tuple[Seat, ...]:
        return SIDES

    def step(self, state: TalState) -> Ask | tuple[TalState, list[Event]]:
        """The decision point of the position; with an order held, its resolution, which either
        completes or stops at the next choice of the side not acting."""
        held = state.pos.get("held")
        if held is None:
            return Ask(PHASE_KIND[state.pos["phase"]], (state.pos["player"],))
        try:
            return resolve_order(state, notation.make(held["order"]), held["answers"])
        except ChoiceNeeded as need:
            return Ask(CHOICE, (need.ask.seat,), need.ask)

    def checked(self, state: TalState, seat: Seat, order: Order) -> Order:
        """As the kernel's, but an answer from the side not asked names the interrupt's rule."""
        ask = self.asked(state)
        if ask is not None and ask.kind == CHOICE and seat not in ask.seats:
            i: Interrupt = ask.about
            raise RuleError(i.rule, f"{seat} is not asked: {i.seat} decides this ({i.context}; TAL-IMP-2)",
                            unit=i.subject or seat, field="seat")
        return super().checked(state, seat, order)

    def __init__(self) -> None:
        self._last_legal: tuple[TalState, Seat, Legal[Any]] | None = None

    def legal(self, state: TalState, seat: Seat) -> Legal[Any]:
        """As the kernel's, but the set last built is handed out again for the same state object:
        each candidate is checked by resolving it on a copy, and search asks a set's size, then
        its orders (``legal_orders``), so the set's own memory of its checks is kept between."""
        last = self._last_legal
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        out = super().legal(state, seat)
        self._last_legal = (state, seat, out)
        return out

    def legal_orders(self, state: TalState, seat: Seat) -> list[Order]:
        ask = self.asked(state)
        if ask is None or seat not in ask.seats:
            return []
        return [notation.dump(o) for o in self.legal(state, seat)]

    def default_order(self, state: TalState, seat: Seat) -> Order:
        return self.order_json(state, seat, super().default_order(state, seat))

    def view(self, state: TalState, seat: Seat | None) -> dict[str, Any]:
        """Everything is public (TAL-AMB-40): the position and the open decision; only the
        generator is withheld."""
        pending = self.pending(state)
        outcome = self.outcome(state)
        return {"game": self.name, "seat": seat, "position": position_json(state.pos),
                "decision": pending[seat].to_json() if seat in pending else None,
                "waiting_for": sorted(pending), "outcome": outcome.to_json() if outcome else None}

    def outcome(self, state: TalState) -> Outcome | None:
        out = state.pos.get("outcome")
        return None if out is None else Outcome(out["reason"], tuple(out["winners"]))

    def scores(self, state: TalState) -> dict[Seat, float]:
        """The SP of enemy units each side has destroyed (TAL-SCN-4)."""
        return {side: float(sp) for side, sp in score(World(state, copy=False))["score"].items()}

    def to_json(self, state: TalState) -> dict[str, Any]:
        out = {**position_json(state.pos), "rng": state.rng.to_json()}
        if state.then:
            out["then"] = [{"seat": t.seat, "kind": t.kind, "answer": t.answer} for t in state.then]
        return out

    def from_json(self, data: Mapping[str, Any]) -> TalState:
        if "rng" not in data:
            raise FormatError("rng", "a saved state needs its generator value (a position file does not: use resolve)")
        body = {k: v for k, v in data.items() if k not in ("rng", "then")}
        then = tuple(Then(t["seat"], t["kind"], t["answer"]) for t in data.get("then", []))
        return replace(TalState(parse_position(body), Rng.from_json(data["rng"])), then=then)


RULESET = Talon()
