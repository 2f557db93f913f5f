"""The procedure: one way for every game to build a turn that stops wherever somebody decides.

A game declares its **decision kinds** in one table (:class:`Kind`: rule ID, prompt, parse,
check, legal, apply) and one function, :meth:`Procedure.step`, that looks at a state and
either says who must decide now (an :class:`Ask`) or runs one automatic step (movement, a
die roll, a forced result) and returns the next state and its events. The kernel does the rest,
once, for every game (DESIGN.md, "The procedure"):

* :meth:`Procedure.advance` applies the orders of the open decision, then runs automatic steps
  until the next :class:`Ask` or the end of the game. A decision is a state the procedure
  stops in: nothing is re-run and no event is sent twice.
* Several seats asked at once decide secretly and simultaneously (secret plots); one
  seat decides alone, whether or not it is the active player (which stat to lose).
* **Answers in advance** (TOB-SEQ-04; a play-by-mail player's conditional orders): an order may
  carry ``"then": {kind: answer}``. The answers are kept in the state and used when that seat
  is asked that kind, before anyone is asked; an answer the rules refuse by then is dropped and
  the seat is asked (a ``then_refused`` event, visible to that seat, says why).
* **Physical dice**: when the state's :class:`~hexfleet.engine.rng.Rng` is in physical mode, an
  automatic step that rolls raises :class:`~hexfleet.engine.rng.DiceNeeded`; the procedure asks
  the rolling seat for the face (kind ``dice``) and runs the step again, which is safe because
  steps are pure.

Orders reach :meth:`advance` as JSON (from a file, the server or a record) or as the kind's
parsed objects (from :meth:`legal`, bots); :meth:`Kind.parse` turns JSON into the object first,
so every rule check sees one shape (parse first, then check: STYLE §2).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .errors import FormatError, RuleError
from .frozen import record
from .legal import Choices, Legal
from .rng import DiceNeeded, Rng
from .ruleset import Decision, Event, Order, Ruleset, Seat

S = TypeVar("S")
OrderT = TypeVar("OrderT")

class _Generated(Protocol):
    """A state whose generator the kernel may read: procedure states keep it in ``rng``."""

    rng: Rng


DICE = "dice"
"""The kernel's own decision kind: a seat enters the face of a die rolled at the table."""


@record
class Ask:
    """Who must decide now, and what about (a :func:`~hexfleet.engine.frozen.record`: one
    is made at most steps of many games).

    ``about`` is the game's own (hashable) description of the decision — which fighters must
    name targets, which ship loses a stat — read by the kind's functions.
    """

    kind: str
    seats: tuple[Seat, ...]
    about: Any = None


@dataclass(frozen=True, slots=True)
class Kind(Generic[S, OrderT]):
    """One kind of decision, declared once in a game's table.

    Every function takes the state and the open :class:`Ask`. ``parse`` reads a JSON order into
    the order object (a :class:`~hexfleet.engine.errors.FormatError` names the field);
    ``check`` applies the rules to one parsed order (a :class:`RuleError` names the rule);
    ``legal`` is the lazy set of legal orders; ``apply`` resolves the orders of every asked
    seat together; ``dump`` writes an order back as JSON (records, the server). ``default`` is
    the standing order for a seat that says nothing (a deadline passed, a stand-in), the first
    legal order when absent. ``options`` describes the decision for user interfaces (JSON).
    """

    name: str
    rule: str
    prompt: Callable[[S, Ask, Seat], str]
    parse: Callable[[S, Ask, Seat, Any], OrderT]
    check: Callable[[S, Ask, Seat, OrderT], None]
    legal: Callable[[S, Ask, Seat], Legal[OrderT]]
    apply: Callable[[S, Ask, Mapping[Seat, OrderT]], tuple[S, list[Event]]]
    dump: Callable[[OrderT], Any]
    order_type: type | tuple[type, ...] | None = None
    """Orders already of this type are not parsed again (bots hand back what ``legal`` gave)."""
    default: Callable[[S, Ask, Seat], OrderT] | None = None
    options: Callable[[S, Ask, Seat], Any] | None = None


@dataclass(frozen=True, slots=True)
class Then:
    """An answer given in advance: ``seat`` answers the next ``kind`` decision with ``answer`` (JSON)."""

    seat: Seat
    kind: str
    answer: Any


class Procedure(Ruleset[S]):
    """A ruleset whose turn is built from decision kinds and automatic steps.

    Subclasses provide :attr:`kinds` and :meth:`step`. A state stores where the turn stands (its
    phase and what has been decided so far), its generator in a ``rng`` field
    (:class:`~hexfleet.engine.rng.Rng`), and, for answers in advance, a ``then`` field (a tuple of
    :class:`Then`); the kernel reads and replaces only those two fields.
    """

    kinds: ClassVar[Mapping[str, Kind[Any, Any]]]

    @abstractmethod
    def step(self, state: S) -> Ask | tuple[S, list[Event]]:
        """At a decision: who must decide (an :class:`Ask`). Otherwise run one automatic step and
        return the next state with its events. Never called once :meth:`outcome` is set."""

    # --- the driver ---------------------------------------------------------------------------

    def asked(self, state: S) -> Ask | None:
        """The decision the state stands at (``None``: the game is over)."""
        found = getattr(state, "procedure_ask", None) or self._decision(state)  # kept: no call (the hot path)
        if found is None or found.kind == DICE or not getattr(state, "then", ()):
            return found
        waiting = self._unanswered(state, found)
        return found if waiting == found.seats else replace(found, seats=waiting)

    def _decision(self, state: S) -> Ask | None:
        """The decision the state stands at, every seat it concerns (answered in advance or not).
        A ruleset holds no state (bots are handed it): a state that has a ``procedure_ask``
        slot keeps its own (see :func:`keep`); any other is asked again each time."""
        kept: Ask | None = getattr(state, "procedure_ask", None)
        if kept is not None:
            return kept
        if self.outcome(state) is not None:
            return None
        try:
            found = self.step(state)
        except DiceNeeded as need:
            return keep(state, self._dice_ask(state, need))
        if not isinstance(found, Ask):
            raise AssertionError(f"{self.name}: a settled state must stand at a decision, not an automatic step")
        return keep(state, found)

    def settle(self, state: S, events: list[Event]) -> S:
        """Run automatic steps, and decisions answered in advance, until somebody must decide.
        A state whose decision is kept already (a kind's ``apply`` knew it, :func:`keep`) and
        that has no answer in advance stands at it: nothing is run."""
        if getattr(state, "procedure_ask", None) is not None and not getattr(state, "then", ()):
            return state
        while self.outcome(state) is None:
            try:
                found = self.step(state)
            except DiceNeeded:
                return state
            if not isinstance(found, Ask):
                state, more = found
                events.extend(more)
                continue
            if not getattr(state, "then", ()):  # nothing answered in advance: somebody must decide
                keep(state, found)
                return state
            if self._unanswered(state, found):
                return self._drop_refused(state, found, events)
            state = self._apply(state, found, {}, events)
        return state

    def _drop_refused(self, state: S, ask: Ask, events: list[Event]) -> S:
        """Answers given in advance for ``ask`` that the rules refuse now are dropped, each with
        a ``then_refused`` event only its seat sees, so the seat knows why it is asked after all."""
        then = getattr(state, "then", ())
        kind = self.kinds.get(ask.kind)
        if not then or kind is None:
            return state
        kept = []
        for t in then:
            if t.kind == ask.kind and t.seat in ask.seats:
                try:
                    kind.check(state, ask, t.seat, kind.parse(state, ask, t.seat, t.answer))
                except (RuleError, FormatError) as exc:
                    events.append({"type": "then_refused", "seat": t.seat, "kind": ask.kind, "error": str(exc),
                                   "visible_to": [t.seat]})
                    continue
            kept.append(t)
        return state if len(kept) == len(then) else replace(state, then=tuple(kept))  # type: ignore[type-var]

    def _unanswered(self, state: S, ask: Ask) -> tuple[Seat, ...]:
        """The asked seats with no usable answer given in advance."""
        then = getattr(state, "then", ())
        if not then:
            return ask.seats
        kind = self.kinds[ask.kind]
        waiting = []
        for seat in ask.seats:
            answer = _then_for(then, seat, ask.kind)
            if answer is _NONE:
                waiting.append(seat)
                continue
            try:
                kind.check(state, ask, seat, kind.parse(state, ask, seat, answer))
            except (RuleError, FormatError):
                waiting.append(seat)
        return tuple(waiting)

    def _apply(self, state: S, ask: Ask, given: Mapping[Seat, Any], events: list[Event]) -> S:
        """Apply the asked seats' orders: those ``given`` now (parsed and checked), then answers
        in advance for the rest (checked by :meth:`_unanswered` on this very state)."""
        kind = self.kinds[ask.kind]
        if not getattr(state, "then", ()):  # nothing answered in advance: the common case
            state, more = kind.apply(state, ask, given)
            events.extend(more)
            return state
        orders = dict(given)
        then = list(getattr(state, "then", ()))
        for seat in ask.seats:
            answer = _then_for(then, seat, ask.kind)
            if answer is _NONE:
                continue
            then = [t for t in then if not (t.seat == seat and t.kind == ask.kind)]
            if seat not in orders:
                orders[seat] = kind.parse(state, ask, seat, answer)
        if then != list(getattr(state, "then", ())):
            state = replace(state, then=tuple(then))  # type: ignore[type-var]
        state, more = kind.apply(state, ask, orders)
        events.extend(more)
        return state

    def _dice_ask(self, state: S, need: DiceNeeded) -> Ask:
        roller = need.roller if need.roller is not None else self.seats(state)[0]
        return Ask(DICE, (roller,), (need.sides, need.purpose))

    # --- the kernel contract, once for every procedure game --------------------------------------

    def pending(self, state: S) -> dict[Seat, Decision]:
        ask = self.asked(state)
        if ask is None:
            return {}
        if ask.kind == DICE:
            sides, purpose = ask.about
            seat = ask.seats[0]
            return {seat: Decision(seat, DICE, f"Roll a d{sides} for {purpose} and enter the face.",
                                   {"sides": sides, "purpose": purpose})}
        return {seat: self._seat_decision(state, ask, seat) for seat in ask.seats}

    def deciding(self, state: S) -> tuple[Seat, ...]:
        ask = self.asked(state)
        return () if ask is None else ask.seats

    def decision_kinds(self, state: S) -> dict[Seat, str]:
        ask = self.asked(state)
        if ask is None:
            return {}
        return {ask.seats[0]: DICE} if ask.kind == DICE else dict.fromkeys(ask.seats, ask.kind)

    def decision(self, state: S, seat: Seat | None) -> Decision | None:
        ask = self.asked(state)
        if ask is None or seat is None or seat not in ask.seats:
            return None
        if ask.kind == DICE:
            return self.pending(state).get(seat)
        return self._seat_decision(state, ask, seat)

    def _seat_decision(self, state: S, ask: Ask, seat: Seat) -> Decision:
        kind = self.kinds[ask.kind]
        return Decision(seat, ask.kind, kind.prompt(state, ask, seat),
                        kind.options(state, ask, seat) if kind.options else None)

    def _open(self, state: S, seat: Seat) -> Ask:
        ask = self.asked(state)
        if ask is None:
            raise RuleError("ENGINE-OVER", "the game is over; no more orders are taken")
        if seat not in ask.seats:
            raise RuleError("ENGINE-STALE", f"seat {seat!r} has no decision open now", unit=seat)
        return ask

    def parse_order(self, state: S, seat: Seat, order: Order) -> Any:
        """``order`` as the open decision's order object (a ``"then"`` part left aside)."""
        return self._parse_open(state, self._open(state, seat), seat, order)

    def _parse_open(self, state: S, ask: Ask, seat: Seat, order: Order) -> Any:
        if ask.kind == DICE:
            return _parse_face(order, ask.about[0])
        kind = self.kinds[ask.kind]
        if kind.order_type is not None and isinstance(order, kind.order_type):
            return order
        body, _ = _split_then(order, self.kinds)
        return kind.parse(state, ask, seat, body)

    def validate(self, state: S, seat: Seat, order: Order) -> None:
        self.checked(state, seat, order)

    def checked(self, state: S, seat: Seat, order: Order) -> Order:
        """The order parsed and checked, as :meth:`advance` reads it without parsing again; an
        order with answers in advance (``"then"``) comes back as given, for ``advance`` keeps them."""
        ask = self._open(state, seat)
        parsed = self._parse_open(state, ask, seat, order)
        if ask.kind == DICE:
            return order
        self.kinds[ask.kind].check(state, ask, seat, parsed)
        return order if type(order) is dict and "then" in order else parsed

    def legal(self, state: S, seat: Seat) -> Legal[Any]:
        """The lazy set of ``seat``'s legal orders at the open decision."""
        ask: Ask | None = getattr(state, "procedure_ask", None)  # as asked() finds it, without its calls
        if ask is None or len(getattr(state, "then", ())) or seat not in ask.seats:
            ask = self._open(state, seat)  # not kept yet, answers given in advance, or not this seat's turn
        if ask.kind == DICE:
            return Choices(range(1, ask.about[0] + 1))
        return self.kinds[ask.kind].legal(state, ask, seat)

    def legal_orders(self, state: S, seat: Seat) -> list[Order]:
        return list(self.legal(state, seat))

    def default_order(self, state: S, seat: Seat) -> Order:
        ask = self._open(state, seat)
        kind = self.kinds.get(ask.kind)
        if kind is not None and kind.default is not None:
            return kind.default(state, ask, seat)
        return self.legal(state, seat).first()

    def order_json(self, state: S, seat: Seat, order: Order) -> Any:
        """``order`` (parsed or JSON) as the JSON a record or the server keeps."""
        ask = self._open(state, seat)
        if ask.kind == DICE:
            return _parse_face(order, ask.about[0])
        kind = self.kinds[ask.kind]
        if kind.order_type is not None and isinstance(order, kind.order_type):
            return kind.dump(order)
        return order

    def advance(self, state: S, orders: Mapping[Seat, Order]) -> tuple[S, list[Event]]:
        """Apply the open decision's orders (assumed valid: :func:`~hexfleet.engine.ruleset.step`
        validates), then play on to the next decision."""
        events: list[Event] = []
        full = getattr(state, "procedure_ask", None) or self._decision(state)
        if full is None:
            return state, events
        if full.kind == DICE:
            face = _parse_face(next(iter(orders.values())), full.about[0])
            rng = cast(_Generated, state).rng
            state = replace(state, rng=rng.with_faces((face,)))  # type: ignore[type-var]
            return self.settle(state, events), events
        kind = self.kinds[full.kind]
        if not getattr(state, "then", ()):
            plain = self._advance_plain(state, full, kind, orders, events)
            if plain is not None:
                return plain, events
        waiting = self._unanswered(state, full) if getattr(state, "then", ()) else full.seats
        parsed: dict[Seat, Any] = {}
        before = list(getattr(state, "then", ()))
        then = before
        for seat, order in orders.items():
            if seat not in waiting:
                raise RuleError("ENGINE-STALE", f"seat {seat!r} has no decision open now", unit=seat)
            if kind.order_type is not None and isinstance(order, kind.order_type):
                parsed[seat] = order  # from the legal set: parsed already (the hot path of bots)
                continue
            body, answers = _split_then(order, self.kinds)
            if answers is not None:
                then = [t for t in then if t.seat != seat] + [Then(seat, k, v) for k, v in answers.items()]
            parsed[seat] = kind.parse(state, full, seat, body)
        if then != before:
            state = replace(state, then=tuple(then))  # type: ignore[type-var]
        state = self._apply(state, full, parsed, events)
        return self.settle(state, events), events

    def _advance_plain(self, state: S, ask: Ask, kind: Kind[S, Any], orders: Mapping[Seat, Order],
                       events: list[Event]) -> S | None:
        """:meth:`advance` when no answer in advance is kept or given (``None`` if one is given):
        the hot path of bots and of every ordinary decision, so it reads each order once."""
        parsed: dict[Seat, Any] | None = None  # made only if an order is not an order object yet
        order_type = kind.order_type
        for seat, order in orders.items():
            if seat not in ask.seats:
                raise RuleError("ENGINE-STALE", f"seat {seat!r} has no decision open now", unit=seat)
            if order_type is not None and isinstance(order, order_type):
                continue
            if type(order) is dict and "then" in order:
                return None
            if parsed is None:
                parsed = dict(orders)
            parsed[seat] = kind.parse(state, ask, seat, order)
        state, more = kind.apply(state, ask, orders if parsed is None else parsed)
        events.extend(more)
        return self.settle(state, events)


_NONE = object()


def keep(state: Any, ask: Ask) -> Ask:
    """Keep ``ask`` on ``state`` if its class has a ``procedure_ask`` slot for it.

    The decision a state stands at follows from the state alone, and the kernel asks for it
    several times a step (``asked``, ``legal``, ``advance``); a game may declare
    ``procedure_ask: Ask | None = field(default=None, init=False, compare=False, repr=False)`` so it
    is found once per state. Writing a derived value into a record is the one write the
    kernel makes, like a frozen dataclass's ``__post_init__``: nothing the rules read changes.

    A kind's ``apply`` that knows the decision its new state stands at (the one it resolved,
    say, when nothing changed who decides) may keep it too, so :meth:`Procedure.settle` runs
    nothing; it must be exactly what :meth:`Procedure.step` would say of that state.
    """
    if hasattr(state, "procedure_ask"):
        object.__setattr__(state, "procedure_ask", ask)
    return ask


def _then_for(then: Any, seat: Seat, kind: str) -> Any:
    for t in then:
        if t.seat == seat and t.kind == kind:
            return t.answer
    return _NONE


def _split_then(order: Order, kinds: Mapping[str, Kind[Any, Any]]) -> tuple[Order, dict[str, Any] | None]:
    """An order's body and its answers in advance (``"then": {kind: answer}``)."""
    if not isinstance(order, dict) or "then" not in order:
        return order, None
    answers = order["then"]
    if not isinstance(answers, dict):
        raise FormatError("order.then", "expected an object: decision kind → answer")
    for name in answers:
        if name not in kinds:
            raise FormatError(f"order.then.{name}", f"no decision kind {name!r}; kinds: {', '.join(kinds)}")
    return {k: v for k, v in order.items() if k != "then"}, answers


def _parse_face(order: Order, sides: int) -> int:
    if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= sides:
        raise RuleError("ENGINE-DICE", f"enter the face of the d{sides}: a whole number from 1 to {sides}",
                        field="order")
    return order


def force_dice(state: S, faces: tuple[int, ...]) -> S:
    """``state`` with ``faces`` queued on its generator: the referee's dice (``--dice``)."""
    if not faces:
        return state
    rng = cast(_Generated, state).rng
    return replace(state, rng=rng.with_faces(faces))  # type: ignore[type-var]


def unused_dice(state: S) -> tuple[S, list[Event]]:
    """Forced faces left over once a resolution is done: cleared from the generator and
    reported in a ``dice_unused`` event (none if every forced face was rolled)."""
    rng = cast(_Generated, state).rng
    if not rng.forced:
        return state, []
    left, cleared = rng.without_faces()
    return replace(state, rng=cleared), [{"type": "dice_unused", "faces": list(left)}]  # type: ignore[type-var]
