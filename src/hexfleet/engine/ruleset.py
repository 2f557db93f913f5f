"""The kernel contract every game implements (DESIGN.md, "Kernel contract").

A game is a state machine that stops wherever somebody must decide:

* :meth:`Ruleset.pending` lists the open decisions, one per seat. Several seats pending at once
  decide simultaneously and in secret (secret plots); one seat decides alone (a sequential
  game), including a player who is not the active one.
* :meth:`Ruleset.validate` checks one order without enumerating all of them and raises
  :class:`~hexfleet.engine.errors.RuleError` naming the rule broken.
* :meth:`Ruleset.advance` is pure: the next state and the events, from the state's own seeded
  generator; no I/O, clock or global randomness.
* :meth:`Ruleset.view` is the only way state leaves the engine toward a player.

States are plain frozen data; orders and events are JSON values (dicts, lists, strings,
ints), so records, the server and bots share one spelling.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from .canonical import canonical_json, digest
from .frozen import record
from .legal import ALL, Choices, Legal

Seat = str
Order = Any
"""A JSON value: what one seat decides at one decision."""
Event = dict[str, Any]
"""A JSON object with a ``"type"``; an optional ``"visible_to"`` list restricts it to those seats.

(Not ``"to"``: game events use that name for their own fields, e.g. a ``moved``
event's destination hex in the interchange format.)"""

S = TypeVar("S")


@record
class Decision:
    """A decision open for one seat now (a :func:`~hexfleet.engine.frozen.record`: built at
    every ``pending``, so plain in play and frozen under the tests).

    ``kind`` names the decision (``"setup"``, ``"plot"``, …); ``options`` is a JSON
    description of what is legal, for people and user interfaces (bots use
    :meth:`Ruleset.legal_orders`).
    """

    seat: Seat
    kind: str
    prompt: str
    options: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt, "options": self.options}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winners`` empty means a draw."""

    reason: str
    winners: tuple[Seat, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(str(data["reason"]), tuple(data.get("winners", ())))


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    name: str
    title: str
    seats: tuple[Seat, ...]
    description: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The option values the scenario sets (its file's ``options``): a new game of it plays
    these unless the players change them, and user interfaces show them as the defaults."""
    features: frozenset[str] = frozenset()
    """What of the game the scenario uses (its rules modules, say, as the game names them): an
    option that ``needs`` a feature the scenario lacks changes nothing in it, so it is not
    offered for it (:meth:`OptionInfo.applies`)."""


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A documented rule switch; the default is the rulebook's (or the digest's) reading."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    rule: str = ""
    label: str = ""
    """The option's name for people ("Slip burns"); ``name`` is the one records and requests spell."""
    needs: str = ""
    """The scenario feature the option acts on (``ScenarioInfo.features``); empty: every scenario."""

    def applies(self, scenario: ScenarioInfo) -> bool:
        """Whether the option changes anything in ``scenario`` (user interfaces offer only these)."""
        return not self.needs or self.needs in scenario.features


class Ruleset(ABC, Generic[S]):
    """One game's rules on top of the kernel. Subclasses declare the metadata below."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    """Bumped whenever behaviour changes: a record made under another version fails replay."""
    dynamics: ClassVar[Literal["simultaneous", "sequential", "mixed"]]
    options: ClassVar[tuple[OptionInfo, ...]] = ()
    default_scenario: ClassVar[str | None] = None
    """The scenario played when none is named (``hexfleet play``, ``arena``); ``None``: the
    first one :meth:`scenarios` lists."""
    orders_by_unit: ClassVar[bool] = False
    """Whether every order is ``{unit id: that unit's choice}`` (a plot per fighter, say), so the
    legal orders can be listed unit by unit (:meth:`legal_per_unit`); otherwise an order is one
    choice of the whole seat."""

    # --- setup --------------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> dict[str, ScenarioInfo]: ...

    @abstractmethod
    def new_game(self, scenario: str, *, seed: int | str, options: Mapping[str, Any] | None = None) -> S:
        """The state before the first decision. Raises ``RuleError`` for a bad option."""

    def scenario(self, name: str | None = None) -> str:
        """``name`` if this game has that scenario, or the default scenario when ``name`` is
        ``None``; an unknown name is a :class:`FormatError` listing the known ones."""
        from .errors import FormatError

        known = self.scenarios()
        if name is None:
            return self.default_scenario or next(iter(known))
        if name not in known:
            raise FormatError("scenario", f"unknown {self.name} scenario {name!r}; known: {', '.join(known)}")
        return name

    @abstractmethod
    def seats(self, state: S) -> tuple[Seat, ...]: ...

    # --- decisions ----------------------------------------------------------------------
    @abstractmethod
    def pending(self, state: S) -> dict[Seat, Decision]:
        """The decisions open now, by seat; empty once the game is over."""

    def deciding(self, state: S) -> tuple[Seat, ...]:
        """The seats with a decision open now: :meth:`pending`'s keys, which a ruleset may give
        without building every seat's options (eight Big Party fleets' plots)."""
        return tuple(self.pending(state))

    def decision_kinds(self, state: S) -> dict[Seat, str]:
        """The kind of each open decision, by seat: :meth:`pending` without the prompts and
        options, which search (``ai/mcts.py``) never reads and a ruleset may skip building
        (a fleet's plot options cost more than the rest of a search step)."""
        return {seat: decision.kind for seat, decision in self.pending(state).items()}

    def decision(self, state: S, seat: Seat | None) -> Decision | None:
        """``seat``'s open decision (``None``: it has none), as :meth:`pending` gives it; a
        ruleset may build it without the other seats' (a view needs one seat's)."""
        return self.pending(state).get(seat) if seat is not None else None

    @abstractmethod
    def legal_orders(self, state: S, seat: Seat) -> list[Order]:
        """Every legal order for ``seat`` now, for bots and previews; may be a representative
        subset where the full set is astronomically large (the ruleset documents which)."""

    def search_orders(self, state: S, seat: Seat) -> list[Order]:
        """The orders :meth:`legal_orders` lists, in the form this ruleset lists and applies
        fastest, for search below its root (``ai/mcts.py``). JSON by default: a ruleset that
        builds its listing straight as JSON lists it fastest so. A ruleset whose legal set
        holds order objects lists the objects, which :meth:`advance` takes as they are."""
        return self.legal_orders(state, seat)

    @abstractmethod
    def validate(self, state: S, seat: Seat, order: Order) -> None:
        """Raise :class:`RuleError` (or ``FormatError``) when ``order`` is not legal for ``seat``."""

    def checked(self, state: S, seat: Seat, order: Order) -> Order:
        """:meth:`validate`, then ``order`` in the form :meth:`advance` reads fastest (a ruleset
        that parses orders into objects returns the object, so :func:`step` parses once)."""
        self.validate(state, seat, order)
        return order

    def legal(self, state: S, seat: Seat) -> Legal[Order]:
        """The lazy set of legal orders (``in``, ``count()``, ``per_unit()``, ``sample(rnd)``).

        Procedure games answer per unit without enumerating; this default wraps
        :meth:`legal_orders` for rulesets that list their orders."""
        return Choices(self.legal_orders(state, seat))

    def order_json(self, state: S, seat: Seat, order: Order) -> Any:
        """``order`` as JSON for records and the server (rulesets with order objects dump them)."""
        return order

    def legal_per_unit(self, state: S, seat: Seat) -> dict[str, list[Order]]:
        """Each of ``seat``'s units → its distinct legal choices as JSON (``hexfleet legal``),
        where orders are per unit (:attr:`orders_by_unit`); otherwise every legal order of the
        seat under the key ``"*"``.

        Read from the lazy set unit by unit, never as the product of the units' choices: a
        unit's choice is spelled by combining it with the other units' first choices and taking
        that unit's part of the order's JSON.
        """
        legal = self.legal(state, seat)
        units = legal.per_unit()
        if not self.orders_by_unit or legal.one_unit or list(units) == [ALL]:
            return {ALL: [self.order_json(state, seat, order) for order in legal]}
        firsts = {unit: choices[0] for unit, choices in units.items() if choices}
        out: dict[str, list[Order]] = {}
        for unit, choices in units.items():
            seen: set[str] = set()
            for choice in choices:
                spelled = self.order_json(state, seat, legal.combine({**firsts, unit: choice}))[unit]
                key = canonical_json(spelled)
                if key not in seen:
                    seen.add(key)
                    out.setdefault(unit, []).append(spelled)
        return out

    def default_order(self, state: S, seat: Seat) -> Order:
        """The standing order for a seat that missed its deadline (do nothing, by default)."""
        return self.legal_orders(state, seat)[0]

    @abstractmethod
    def advance(self, state: S, orders: Mapping[Seat, Order]) -> tuple[S, list[Event]]:
        """Apply one order per pending seat. Pure; assumes the orders were validated."""

    # --- information --------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator, public information only)."""

    def event_visible(self, event: Event, seat: Seat | None) -> bool:
        """Events carry an optional ``visible_to`` list of the seats allowed to see them."""
        to = event.get("visible_to")
        return to is None or (seat is not None and seat in to)

    def order_view(self, state: S, viewer: Seat | None, owner: Seat, order: Order) -> Order | None:
        """What ``viewer`` may see of ``owner``'s resolved ``order`` (``None``: hidden).

        ``state`` is the state the order was given in. By default orders are revealed once
        resolved; a ruleset hides what stays secret (a gun chosen in secret at setup).
        """
        return order

    def preview(self, state: S, seat: Seat, order: Order) -> dict[str, Any] | None:
        """Where ``seat``'s own pieces would be after ``order``, for order-entry screens.

        Computed from ``seat``'s own data only (no other seat's hidden orders or chance), so a
        user interface can show "where will my fighter be after B3S?" without knowing any rules.
        ``None``: this ruleset offers no preview for the decision open now.
        """
        return None

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def scores(self, state: S) -> dict[Seat, float]:
        """Each seat's score so far as the game counts it (victory points, SP destroyed, damage
        inflicted): what a study reads a game's margin from beside its :meth:`outcome`, a draw
        by 0-0 or by 115-115 alike. Empty where the game keeps no score (the default)."""
        return {}

    def seats_out(self, state: S) -> tuple[Seat, ...]:
        """Seats that have dropped out while the others play on (every unit of theirs gone):
        never asked again, still ranked by :meth:`outcome` at the end. Multi-agent interfaces
        retire them (PettingZoo's terminated agents). By default nobody drops out early."""
        return ()

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    # --- serialisation ------------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state, secrets included, as canonical-JSON-able data."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S: ...

    def state_hash(self, state: S) -> str:
        """``sha256`` of the canonical JSON of :meth:`to_json`: equal on every machine."""
        return digest(self.to_json(state))

    def info(self) -> dict[str, Any]:
        """The game for a catalogue: each scenario with the values of the options that apply to
        it (only those), and every option with its label, help and rule."""
        return {
            "name": self.name,
            "title": self.title,
            "version": self.version,
            "dynamics": self.dynamics,
            "default_scenario": self.scenario(),
            "scenarios": {k: {"title": s.title, "seats": list(s.seats), "description": s.description,
                              "options": {o.name: s.options.get(o.name, o.default) for o in self.options
                                          if o.applies(s)}}
                          for k, s in self.scenarios().items()},
            "options": [{"name": o.name, "label": o.label or o.name, "default": o.default, "choices": list(o.choices),
                         "help": o.help, "rule": o.rule} for o in self.options],
        }


def step(ruleset: Ruleset[S], state: S, orders: Mapping[Seat, Order]) -> tuple[S, list[Event]]:
    """Validate one order per pending seat, then advance: nothing is applied on any error.

    Every pending seat must have an order (a seat that plots nothing sends the empty order);
    orders for seats that are not pending are rejected as stale.
    """
    from .errors import RuleError

    pending = ruleset.pending(state)
    if not pending:
        raise RuleError("ENGINE-OVER", "the game is over; no more orders are taken")
    for seat in orders:
        if seat not in pending:
            raise RuleError("ENGINE-STALE", f"seat {seat!r} has no decision open now", unit=seat)
    checked = {}
    for seat in pending:
        if seat not in orders:
            raise RuleError("ENGINE-MISSING", f"no order from seat {seat!r}, which must decide now", unit=seat)
        checked[seat] = ruleset.checked(state, seat, orders[seat])
    return ruleset.advance(state, {seat: checked[seat] for seat in orders})  # in the order given
