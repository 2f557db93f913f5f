"""Cold Infinity UvSc on the kernel's procedure (engine/procedure.py; format: Turn sequence).

:data:`KINDS` declares each decision once: the secret simultaneous power and EW phases and
fire declarations (every seat at once, an :class:`~hexfleet.engine.procedure.Ask` with several
seats), evasion and snap maneuvers, and movement ship by ship in initiative order (or plotted
at once with simultaneous movement). An order is ``{unit id: that unit's order}``; a unit left
out takes the default (nothing changed, no EW, no thrust, no attacks). Applying a phase runs
the automatic work after it (:mod:`.play`) so the state always stands at a decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...engine.errors import FormatError, RuleError
from ...engine.legal import Choices, Legal
from ...engine.procedure import Ask, Kind, Procedure, Then
from ...engine.reading import fields, integer, obj
from ...engine.rng import Rng
from ...engine.ruleset import Event, OptionInfo, Outcome, ScenarioInfo, Seat
from . import ew, fire, movement, play, power
from .identify import hide_unidentified
from .model import alive, engine_output, ew_points, fighter, hd_sensors, plant_power, small, unit_by_id
from .position import BOOK_EXTRAS, OPTION_CHOICES, OPTION_DEFAULTS, OPTION_RULES, read_position, write_position
from .scenarios import new_position, scenario_infos

Pos = dict[str, Any]


@dataclass(frozen=True, slots=True)
class CiState:
    """A position in normal form (never changed once built), the generator, answers in advance."""

    pos: Pos
    rng: Rng
    then: tuple[Then, ...] = ()


class Orders(dict[str, Any]):
    """A seat's parsed order: ``{unit id: that unit's order object}`` (JSON orders are plain
    dicts, so the kernel tells the two apart by this type)."""


def _units_of(state: CiState, seat: Seat, raw: Any, read: Callable[[Any, str], Any],
              allowed: Callable[[Pos, dict[str, Any]], str | None]) -> Orders:
    """A seat's per-unit orders, parsed; a unit of another seat or that may not order now is
    refused with the rule ``allowed`` names."""
    if isinstance(raw, dict) and "@phase" in raw:
        raise FormatError("order.@phase", "@phase belongs to the step, not to one seat's order")
    data = raw if isinstance(raw, dict) else None
    if data is None:
        raise FormatError("order", "expected an object {unit id: order}")
    out = Orders()
    for uid, order in data.items():
        unit = unit_by_id(state.pos, uid)
        if unit is None or unit["side"] != seat:
            raise RuleError("CI-2.0.a", f"{uid!r} is not a unit of {seat}", unit=uid, field=f"order.{uid}")
        rule = allowed(state.pos, unit)
        if rule is not None:
            raise RuleError(rule.split(" ", 1)[0], rule.split(" ", 1)[1], unit=uid, field=f"order.{uid}")
        out[uid] = read(order, f"order.{uid}")
    return out


def _located(uid: str, e: RuleError) -> RuleError:
    """A unit's rule error with its field inside the seat's order (``order.CA1.accel``)."""
    field = e.field or "order"
    if field == "order" or field.startswith("order.") and not field.startswith(f"order.{uid}"):
        field = f"order.{uid}" + field[len("order"):]
    return RuleError(e.rule, e.message, unit=e.unit or uid, field=field)


def _checker(check: Callable[[Pos, dict[str, Any], Any], Any]) -> Callable[[CiState, Ask, Seat, Orders], None]:
    def run(state: CiState, ask: Ask, seat: Seat, order: Orders) -> None:
        for uid, o in order.items():
            unit = unit_by_id(state.pos, uid)
            assert unit is not None
            try:
                check(state.pos, unit, o)
            except RuleError as e:
                raise _located(uid, e) from None
    return run


def _apply(after: Callable[[Pos, Rng, Mapping[str, Orders]], tuple[Rng, list[Event]]]) -> Callable[..., Any]:
    def run(state: CiState, ask: Ask, given: Mapping[Seat, Orders]) -> tuple[CiState, list[Event]]:
        pos = play.copy_pos(state.pos)
        turn = pos["turn"]
        rng, events = after(pos, state.rng, given)
        for e in events:
            e.setdefault("turn", turn)
        return replace(state, pos=pos, rng=rng), events
    return run


def _dump(dump_one: Callable[[Any], Any]) -> Callable[[Orders], Any]:
    return lambda order: {uid: dump_one(o) for uid, o in order.items()}


def _no_rule(pos: Pos, unit: dict[str, Any]) -> str | None:
    return None if alive(unit) else "CI-2.0.a destroyed units take no orders"


def _power_allowed(pos: Pos, unit: dict[str, Any]) -> str | None:
    if small(pos, unit) and not hd_sensors(pos, unit):
        return "CI-2.1.1.b fighters and shuttles take no part in power allocation"
    return _no_rule(pos, unit)


def _mover(pos: Pos, unit: dict[str, Any]) -> str | None:
    if not pos["move_order"] or pos["move_order"][0] != unit["id"]:
        first = pos["move_order"][0] if pos["move_order"] else "nobody"
        return f"CI-2.2.a ships move one at a time in initiative order: {first} moves now"
    return None


def _plotter(pos: Pos, unit: dict[str, Any]) -> str | None:
    if not play.movable(pos, unit):
        return "CI-2.2.1 this unit does not move"
    stage = play.nimble_stage(pos)
    if stage == "starships" and small(pos, unit) and any(play.movable(pos, u) and small(pos, u) for u in pos["units"]):
        return "CI-2.2.1.1 small vessels plot after the starships' plots are revealed"
    if stage == "small" and not small(pos, unit):
        return "CI-2.2.1.1 the starships' plots are already revealed and final"
    return None


def _valid(state: CiState, check: Callable[[Pos, dict[str, Any], Any], Any], orders: dict[str, Any]) -> bool:
    try:
        for uid, order in orders.items():
            unit = unit_by_id(state.pos, uid)
            assert unit is not None
            check(state.pos, unit, order)
    except RuleError:
        return False
    return True


def _choices(state: CiState, ask: Ask, seat: Seat, kind: str, check: Callable[[Pos, dict[str, Any], Any], Any],
             plans: list[dict[str, Any]]) -> Legal[Orders]:
    """The empty order and each plan the rules accept (a plan gives every unit one order);
    ``in`` is the kind's own parse and check, so any legal order is accepted."""
    listed = [Orders()]
    for plan in plans:
        if plan and _valid(state, check, plan) and Orders(plan) not in listed:
            listed.append(Orders(plan))
    return Choices(listed, contains=_contains(kind, state, ask, seat))


def _mine(state: CiState, seat: Seat) -> list[dict[str, Any]]:
    return [u for u in state.pos["units"] if u["side"] == seat and alive(u)]


def _legal_power(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    """As allocated, every inactive weapon switched on, or +1 EW boosted on the first sensor
    that takes it (each where affordable); where a ship's plant overheats (CI-3.6), its weapons
    switched off, or its weapons and sensors (a plant heats by the power drawn: a ship closing
    from afar can keep its plant cool for the fight), and a shut-down plant with no heat left
    restarted (CI-3.6.c), every system still drawing switched off (CI-3.2.e)."""
    pos = state.pos
    ships = [u for u in _mine(state, seat) if not small(pos, u)]
    weapons_on = {u["id"]: power.PowerOrder(activate=tuple(s["id"] for s, st in movement.systems(pos, u, "weapon")
                                                           if not st["active"] and not st["destroyed"]))
                  for u in ships}
    boost = {}
    for u in ships:
        sensor = next((s["id"] for s, st in movement.systems(pos, u, "sensor")
                       if s["sensor"]["boost"] and not st["destroyed"]), None)
        if sensor:
            boost[u["id"]] = power.PowerOrder(extra_ew={sensor: 1})
    hot = [u for u in ships if any(s["reactor"].get("overheating") and not st["destroyed"] and not st["shut_down"]
                                   for s, st in movement.systems(pos, u, "reactor"))]
    cooling = [{u["id"]: power.PowerOrder(deactivate=_ids(power.drawing(pos, u, kinds))) for u in hot}
               for kinds in COOLING]
    restart = {}
    for u in ships:
        cold = tuple(s["id"] for s, st in movement.systems(pos, u, "reactor")
                     if st["shut_down"] and not st["heat"] and not st["destroyed"])
        if cold:  # the plant gives power from the next turn: whatever still draws goes off with it
            restart[u["id"]] = power.PowerOrder(restart=cold, deactivate=_ids(power.drawing(pos, u)))
    plans = [weapons_on, boost, *cooling, restart]
    return _choices(state, ask, seat, "power", power.check,
                    [{k: v for k, v in plan.items() if v != power.PowerOrder()} for plan in plans])


COOLING = (("weapon",), ("weapon", "sensor"))
"""The systems an overheating ship may switch off to draw less, one plan each."""


def _ids(found: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(s["id"] for s in found)


def _legal_ew(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    """No EW; every point on the shroud (lock-on at the widest range); one shroud point and
    the rest amplification; one shroud point and the rest ECM."""
    pos = state.pos
    plans: list[dict[str, Any]] = [{}, {}, {}]
    for u in _mine(state, seat):
        points = ew.ew_points(pos, u)
        if points:
            plans[0][u["id"]] = ew.EwOrder(shroud=points, ess=play.no_ess())
            plans[1][u["id"]] = ew.EwOrder(shroud=1, amplify=points - 1, ess=play.no_ess())
            plans[2][u["id"]] = ew.EwOrder(shroud=1, ecm=points - 1, ess=play.no_ess())
    return _choices(state, ask, seat, "ew", ew.check, plans)


_last_move: tuple[CiState, Seat, Legal[Orders]] | None = None
"""The last state whose moves were listed (held, so its identity stays its own), the seat, the
moves: search asks twice for the same state's moves (how many, then which), and a state never
changes once built."""


def _legal_move(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    """For the ship moving now: drift, accelerate or brake 1–2, pivot ±1, slide, halt a pivot;
    in 3-D also tumble ±1 and halt a tumble, the only way to thrust along z (CI-6: a ship
    tumbled 90° accelerates up or down). Listed once per state: :data:`_last_move`."""
    global _last_move
    last = _last_move  # one read of the shared slot: another thread may replace it meanwhile
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    moves = _list_moves(state, ask, seat)
    _last_move = (state, seat, moves)
    return moves


def _list_moves(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    pos = state.pos
    if not pos["move_order"]:
        return Choices([Orders()])
    uid = pos["move_order"][0]
    unit = unit_by_id(pos, uid)
    assert unit is not None
    candidates = [movement.MoveOrder()]
    for a in (1, 2, -1, -2):
        candidates.append(movement.MoveOrder(accel=Fraction(a)))
    rate = movement.read_rate(unit["rotation"]["pivot"], "rate")
    if rate:
        candidates.append(movement.MoveOrder(pivot=-rate))
    for p in (1, -1):
        candidates.append(movement.MoveOrder(pivot=Fraction(p)))
        candidates.append(movement.MoveOrder(pivot=Fraction(p), accel=Fraction(1)))
    for r in (2, 6):
        candidates.append(movement.MoveOrder(slide=(r,)))
    if pos["options"]["three_d"]:  # without a tumble no ship could ever change its z velocity
        tumbling = movement.read_rate(unit["rotation"]["tumble"], "rate")
        if tumbling:
            candidates.append(movement.MoveOrder(tumble=-tumbling))
        candidates += [movement.MoveOrder(tumble=Fraction(t)) for t in (1, -1)]
    ok = []
    for c in candidates:
        try:
            movement.check(pos, unit, c)
        except RuleError:
            continue
        ok.append(Orders({uid: c}))
    return Choices(ok or [Orders()], contains=_contains("move", state, ask, seat))


def _legal_plot(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    return Choices([Orders()], contains=_contains("plot", state, ask, seat))


def _legal_fire(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    """Hold fire; every armed weapon at the nearest enemy it can hit (one shot each); and for
    each enemy some weapon can hit, every weapon that can hit it at it, the others at their
    nearest. A representative set (a volley may split its weapons any way the rules allow,
    as JSON orders do): without a choice of target, two destroyers whose lances could not get
    through a cruiser's armor fired at it while it stood nearest, and never at the frigate
    behind it."""
    pos = state.pos
    reach: dict[str, list[tuple[str, list[str]]]] = {}  # unit -> each armed weapon's targets, nearest first
    for u in pos["units"]:
        if u["side"] != seat or not alive(u) or u["id"] in pos["plots"].get("no_fire", []):
            continue
        for s, st in movement.systems(pos, u, "weapon"):
            if not st["active"] or st["arming"] or st["destroyed"]:
                continue
            targets = sorted((ew.range_between(pos, u, t), t["id"]) for t in pos["units"]
                             if t["side"] != seat and alive(t) and fire.arc_eligible(pos, u, s["weapon"]["arc"], t)
                             and fire.los_clear(pos, u, t))
            if targets:
                reach.setdefault(u["id"], []).append((s["id"], [tid for _, tid in targets]))

    def volley(focus: str | None) -> Orders:
        return Orders({uid: fire.FireOrder(tuple(fire.Attack(w, focus if focus in ts else ts[0]) for w, ts in weapons))
                       for uid, weapons in reach.items()})

    orders = [Orders()]
    if reach:
        orders.append(volley(None))
        for focus in sorted({t for weapons in reach.values() for _, ts in weapons for t in ts}):
            if (order := volley(focus)) not in orders:
                orders.append(order)
    return Choices(orders, contains=_contains("fire", state, ask, seat))


def _legal_empty(state: CiState, ask: Ask, seat: Seat) -> Legal[Orders]:
    return Choices([Orders()], contains=_contains(ask.kind, state, ask, seat))


def _contains(name: str, state: CiState, ask: Ask, seat: Seat) -> Callable[[object], bool]:
    def contains(order: object) -> bool:
        kind = KINDS[name]
        try:
            parsed = order if isinstance(order, Orders) else kind.parse(state, ask, seat, order)
            kind.check(state, ask, seat, parsed)
        except (RuleError, FormatError):
            return False
        return True
    return contains


def _options(state: CiState, ask: Ask, seat: Seat) -> Any:
    return {"phase": state.pos["phase"], "move_order": state.pos["move_order"]}


def _kind(name: str, rule: str, prompt: str, read: Callable[[Any, str], Any], check: Callable[..., Any],
          allowed: Callable[[Pos, dict[str, Any]], str | None], after: Callable[..., Any],
          dump_one: Callable[[Any], Any], legal: Callable[[CiState, Ask, Seat], Legal[Orders]]) -> Kind[CiState, Orders]:
    return Kind(name, rule, prompt=lambda state, ask, seat: prompt,
                parse=lambda state, ask, seat, raw: _units_of(state, seat, raw, read, allowed),
                check=_checker(check), legal=legal, apply=_apply(after), dump=_dump(dump_one),
                order_type=Orders, default=lambda state, ask, seat: Orders(), options=_options)


def _evasive_read(raw: Any, where: str) -> int:
    data = obj(raw, where)
    fields(data, where, allowed=("level",))
    return integer(data.get("level", 0), f"{where}.level", low=0)


KINDS: dict[str, Kind[CiState, Orders]] = {k.name: k for k in (
    _kind("power", "CI-2.1.1", "Allocate power (secret until every seat has): activate, deactivate, boost, charge.",
          power.parse, power.check, _power_allowed, play.after_power, power.dump, _legal_power),
    _kind("ew", "CI-2.1.3", "Assign EW points (secret until the Weapons Fire Step) and ESS functions.",
          ew.parse, ew.check, _no_rule, play.after_ew, ew.dump, _legal_ew),
    _kind("evasive", "CI-5.5.2", "Announce evasive levels for your fighter groups.",
          _evasive_read, play.check_evasive, _no_rule, play.after_evasive, lambda n: {"level": n}, _legal_empty),
    _kind("move", "CI-2.2.a", "Move the ship whose turn it is: thrust, rotations, slides.",
          movement.parse, movement.check, _mover, play.after_move, movement.dump, _legal_move),
    _kind("plot", "CI-2.2.1", "Plot every ship's movement (simultaneous movement).",
          movement.parse, movement.check, _plotter, play.after_plot, movement.dump, _legal_plot),
    _kind("snap", "CI-5.5.1", "Snap maneuvers for your fighters (one each, paid from thrust left).",
          play.parse_snap, play.check_snap, _no_rule, play.after_snap,
          lambda s: {} if s is None else {s[0]: s[1]}, _legal_empty),
    _kind("fire", "CI-2.3.1", "Declare attacks (secret until every seat has).",
          fire.parse, fire.check, _no_rule, play.after_fire, fire.dump, _legal_fire),
    _kind("defense", "CI-7.2.7", "Allocate your DF weapons to incoming attacks: {weapon: ATTACKER:WEAPON:k} "
          "(house rule ci-house-v1, H-06).",
          play.parse_defense, play.check_defense, _no_rule, play.after_defense, dict, _legal_empty),
    _kind("detector", "CI-4.8.1", "Allocate the EW points you reserved: shroud, amplify, ecm.",
          ew.parse, play.check_detector, _no_rule, play.after_detector, ew.dump, _legal_empty),
)}


def _option_help(key: str) -> str:
    rule = OPTION_RULES.get(key, "")
    if key == "house":
        return "House rule layer for the lost chapters (damage, range, accuracy, DF, fighters): NOT from the book."
    if key == "core_hit_total":
        return "Modified to-hit total that strikes the core (house rule H-05 for the lost 'very good shot' rule)."
    if key in BOOK_EXTRAS:
        return f"The book's rule {rule}, which the format's text leaves out: off by default, so resolve gives what " \
               "the format says; on to play the book."
    if rule.startswith("GAP"):
        return f"The digest's reading of {rule} (the default); alternatives where listed (docs/cold-infinity.md)."
    return f"Optional rule {rule}, off by default (docs/cold-infinity.md)."


_LABELS = {"house": "House rules for the lost chapters", "los_3d_segments": "3-D line-of-sight segments",
           "arming_1_3": "Arming 1-3", "abstract2_facing4": "Abstract 2-D facing 4", "ess_amplify_rate": "ESS amplify rate",
           "ess_strongest": "Strongest ESS only"}
"""People's names for options whose key does not read as one."""


def _option_label(key: str) -> str:
    """The option's name in the lobby: its key in words, and the digest's reading it stands for."""
    words = _LABELS.get(key) or key.replace("_", " ").capitalize()
    rule = OPTION_RULES.get(key, "")
    return f"{words} ({rule})" if rule.startswith("GAP") else words


UI_CHOICES = {"los_3d_segments": (0, 2, 3, 4, 6)}
"""Values offered in user interfaces for options whose format range is open (0 or n ≥ 2)."""
OPTIONS = (OptionInfo("turn_limit", None, (), "End the game after this many turns, most damage inflicted winning "
                      "(house rule ci-house-v1; unset: the scenario's limit).", "GAP-01", "Turn limit"),) + tuple(
    OptionInfo(k, v, OPTION_CHOICES.get(k, UI_CHOICES.get(k, (False, True) if isinstance(v, bool) else ())),
               _option_help(k), OPTION_RULES.get(k, ""), _option_label(k)) for k, v in OPTION_DEFAULTS.items())


class ColdInfinity(Procedure[CiState]):
    name = "cold-infinity"
    title = "Cold Infinity UvSc"
    version = "0.2"  # 0.2: combined maneuvers, unit identification, nimble small vessels (stop 11); 0.1 records refuse to replay
    dynamics = "mixed"
    options = OPTIONS
    kinds = KINDS
    default_scenario = "frigate-duel"
    orders_by_unit = True

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return scenario_infos()

    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> CiState:
        opts = dict(options or {})
        limit = opts.pop("turn_limit", None)
        data = new_position(scenario, opts)  # an unknown option, physical dice too, is refused there
        if limit is not None:
            data["turn_limit"] = limit  # checked with the rest of the position
        pos = read_position(data)
        return CiState(pos, Rng.from_seed(seed))

    def seats(self, state: CiState) -> tuple[Seat, ...]:
        return tuple(state.pos["seats"])

    def step(self, state: CiState) -> Ask | tuple[CiState, list[Event]]:
        pos = state.pos
        phase = pos["phase"]
        seats = tuple(pos["seats"])
        if phase == "move":
            if not pos["move_order"]:
                new = play.copy_pos(pos)
                rng, events = play.after_moves(new, state.rng)
                return replace(state, pos=new, rng=rng), [{**e, "turn": pos["turn"]} for e in events]
            unit = unit_by_id(pos, pos["move_order"][0])
            assert unit is not None
            return Ask("move", (unit["side"],))
        if phase in ("evasive", "snap"):
            owners = tuple(s for s in seats if any(u["side"] == s and alive(u) and fighter(pos, u)
                                                   for u in pos["units"]))
            return Ask(phase, owners or seats)
        return Ask(phase, seats)

    def outcome(self, state: CiState) -> Outcome | None:
        o = state.pos.get("outcome")
        return Outcome.from_json(o) if o else None

    def scores(self, state: CiState) -> dict[Seat, float]:
        """The damage each side has inflicted (hull and structure; a destroyed unit its whole
        hull): what wins at the turn limit by the house rule (``play.settle_outcome``)."""
        pos = state.pos
        return {s: float(sum(play.damage_taken(pos, u) for u in pos["units"] if u["side"] != s)) for s in pos["seats"]}

    def view(self, state: CiState, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` may know: other sides' EW, boosts, power drawn and stores stay hidden
        until the Weapons Fire Step reveals EW (CI-2.1.3.a, CI-3.5, C.3)."""
        pending = self.pending(state)
        return {"game": self.name, "seat": seat, "position": redact(state.pos, seat),
                "decision": pending[seat].to_json() if seat in pending else None,
                "waiting_for": sorted(pending),
                "outcome": state.pos["outcome"],
                "budgets": budgets(state.pos, seat)}

    def order_view(self, state: CiState, viewer: Seat | None, owner: Seat, order: Any) -> Any:
        """Power, EW, plots and fire declarations are secret: only their owner sees them."""
        return order if viewer == owner or state.pos["phase"] in ("move", "evasive", "snap") else None

    def to_json(self, state: CiState) -> dict[str, Any]:
        out = {**write_position(state.pos), "rng": state.rng.to_json()}
        if state.then:
            out["then"] = [{"seat": t.seat, "kind": t.kind, "answer": t.answer} for t in state.then]
        return out

    def from_json(self, data: Mapping[str, Any]) -> CiState:
        if "rng" not in data:
            raise FormatError("rng", "a saved state needs its generator value (a position file does not: use resolve)")
        body = {k: v for k, v in data.items() if k not in ("rng", "then")}
        then = tuple(Then(t["seat"], t["kind"], t["answer"]) for t in data.get("then", ()))
        return CiState(read_position(body), Rng.from_json(data["rng"]), then)


def budgets(pos: Pos, seat: Seat | None) -> dict[str, dict[str, int | None]]:
    """This turn's budgets of ``seat``'s own units, for the order panel and the units table:
    power the plants give (CI-3.1; starships only) and drawn, EW points (CI-4.0, CI-4.4) and
    thrust (CI-5.2: the engines' output, a small vessel's thrust left). Only the owner's while
    the game goes on (a capacitor's store and boosts are secret, CI-3.5); every unit's after."""
    over = pos["outcome"] is not None
    return {u["id"]: {"power": None if small(pos, u) else plant_power(pos, u),
                      "drawn": None if small(pos, u) else u["power_drawn"],
                      "ew": ew_points(pos, u), "thrust": engine_output(pos, u)}
            for u in pos["units"] if (over or u["side"] == seat) and alive(u)}


SECRET_UNIT_FIELDS = ("ew", "extra", "power_drawn", "bridge_transfer", "zero_power_turns")


def redact(pos: Pos, seat: Seat | None) -> dict[str, Any]:
    """The position as ``seat`` sees it: other sides' secret allocations blanked; with unit
    identification, enemy units it cannot identify shown by a generic design (CI-4.9)."""
    out = write_position(pos)
    if pos["outcome"] is not None:  # the game is over: nothing is secret any more
        return out
    hide_unidentified(pos, out, seat)
    for u in out["units"]:
        if u["side"] == seat:
            continue
        u["ew"] = {k: None for k in u["ew"]}
        u["extra"] = None
        u["power_drawn"] = None
        u["bridge_transfer"] = None
        u["zero_power_turns"] = None
        for st in u["systems"].values():
            st["stored"] = None
            st["heat"] = None
    if pos["phase"] not in ("defense", "detector"):  # declared attacks are revealed at CI-7.2.4
        out["plots"] = {k: v for k, v in out["plots"].items() if k == "move"}  # revealed plots (CI-2.2.1.1)
    return out


RULESET = ColdInfinity()
