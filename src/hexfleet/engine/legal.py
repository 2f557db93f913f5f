"""Legal orders as lazy sets: check one order, count, list per unit, draw one at random.

A side with fifteen ships must never be enumerated as the product of its ships' choices
(DESIGN.md, "Legal orders are lazy and per unit"; python-chess's ``board.legal_moves``):

* ``order in legal`` checks that one order (the decision kind's rule check, nothing listed);
* :meth:`Legal.count` multiplies the per-unit counts where the units choose independently;
* :meth:`Legal.per_unit` gives each unit's own choices, what a user interface or a bot that
  decides unit by unit needs;
* :meth:`Legal.sample` draws a uniformly random legal order from a bot's generator without
  building the product;
* iteration enumerates, for bots and small decisions only.

Orders are whatever the game's decision kind parses to (frozen objects, or JSON values for
kinds that have no object of their own).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice, product
from random import Random
from typing import Any, ClassVar, Generic, TypeVar

OrderT = TypeVar("OrderT")

ALL = "*"
"""The :meth:`Legal.per_unit` key of a decision that is not made unit by unit."""


class Legal(ABC, Generic[OrderT]):
    """The legal orders of one seat at one decision."""

    one_unit: ClassVar[bool] = False
    """Whether one unit of several acts (:class:`ByUnit`: a unit's choices are whole orders and
    :meth:`combine` takes one unit's pick) rather than every unit choosing (:class:`PerUnit`)."""

    @abstractmethod
    def __contains__(self, order: object) -> bool: ...

    @abstractmethod
    def __iter__(self) -> Iterator[OrderT]: ...

    @abstractmethod
    def count(self) -> int:
        """How many legal orders there are (computed, not enumerated, where units are independent)."""

    @abstractmethod
    def sample(self, rnd: Random) -> OrderT:
        """One legal order drawn uniformly at random from ``rnd``."""

    @abstractmethod
    def per_unit(self) -> dict[str, list[Any]]:
        """Each unit's choices (unit id → its choices); :data:`ALL` for a whole-seat decision."""

    @abstractmethod
    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        """The order made of one choice per unit, each taken from :meth:`per_unit` (what a user
        interface asking unit by unit hands back). It is not checked: test it with ``in``.
        A :class:`ValueError` says which units are missing or unknown."""

    def choices_after(self, picks: Mapping[str, Any]) -> list[Any]:
        """The next unit's choices once the units before it (in :meth:`per_unit` order) have
        chosen ``picks``: those some legal order still extends, so a seat deciding one unit at
        a time never paints itself into a corner (the adapters' sub-actions, a unit-by-unit
        bot). With no cross-unit rule that is simply the next unit's choices."""
        units = self.per_unit()
        following = [u for u in units if u not in picks]
        if not following:
            raise ValueError("every unit has chosen already")
        return units[following[0]]

    def unchecked(self) -> Sequence[OrderT] | None:
        """Orders that include every legal one but may hold some the rules refuse, each to be
        tested with ``in`` before use, where checking an order costs about what applying it
        does (search then checks only the orders it picks); ``None`` (the default) where the
        set itself is cheap to list."""
        return None

    def first(self) -> OrderT:
        """The first legal order in enumeration order (a cheap standing order)."""
        return next(iter(self))

    def __len__(self) -> int:
        return self.count()

    def head(self, n: int) -> list[OrderT]:
        """The first ``n`` legal orders, enumerating no further (paged listings)."""
        return list(islice(self, n))

    def page(self, offset: int, limit: int) -> list[OrderT]:
        """Orders ``offset`` to ``offset + limit`` in enumeration order, building nothing beyond."""
        return list(islice(self, offset, offset + limit))


class Choices(Legal[OrderT]):
    """A short explicit list: a decision among a few answers (which stat, which hex).

    ``contains`` (optional) is the decision kind's check, so ``in`` also accepts an order as
    JSON or any legal variant the list does not spell out; by default ``in`` looks in the list.
    ``orders`` may be a :class:`Lazy` sequence: kept as it is, each order is made when read.
    """

    __slots__ = ("_contains", "_orders", "_unit")

    def __init__(self, orders: Sequence[OrderT], unit: str = ALL, contains: Callable[[object], bool] | None = None):
        self._orders: Sequence[OrderT] = orders if isinstance(orders, Lazy) else tuple(orders)
        self._unit = unit
        self._contains = contains

    def __contains__(self, order: object) -> bool:
        return self._contains(order) if self._contains is not None else order in self._orders

    def __iter__(self) -> Iterator[OrderT]:
        return iter(self._orders)

    def count(self) -> int:
        return len(self._orders)

    def sample(self, rnd: Random) -> OrderT:
        return rnd.choice(self._orders)  # the draw of randrange(len(orders)) (both take _randbelow), a call fewer

    def first(self) -> OrderT:
        return self._orders[0]

    def per_unit(self) -> dict[str, list[Any]]:
        return {self._unit: list(self._orders)}

    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        """The one pick, under this decision's unit (:data:`ALL` unless given)."""
        _expect(picks, [self._unit], every=True)
        pick: OrderT = picks[self._unit]
        return pick

    def __repr__(self) -> str:
        return f"Choices({list(self._orders)!r})"


class Filtered(Legal[OrderT]):
    """Candidate orders filtered by a rule check, lazily: for a sequential decision whose
    candidates are easy to list but costly to check (each check resolves the order).

    Iteration, :meth:`count` and :meth:`first` check candidates in order, each at most once;
    :meth:`sample` checks candidates in random order and returns the first legal one, which is a
    uniform draw over the legal orders without checking them all. ``contains`` (optional)
    answers ``in`` for orders the candidates do not spell out (JSON, variants); by default an
    order is in the set when it is a candidate that passes the check.
    """

    __slots__ = ("_candidates", "_check", "_contains", "_known", "_unit")

    def __init__(self, candidates: Sequence[OrderT], check: Callable[[OrderT], bool], unit: str = ALL,
                 contains: Callable[[object], bool] | None = None):
        self._candidates = tuple(candidates)
        self._check = check
        self._contains = contains
        self._known: dict[int, bool] = {}
        self._unit = unit

    def _legal(self, i: int) -> bool:
        if i not in self._known:
            self._known[i] = self._check(self._candidates[i])
        return self._known[i]

    def __contains__(self, order: object) -> bool:
        if self._contains is not None:
            return self._contains(order)
        return any(c == order and self._legal(i) for i, c in enumerate(self._candidates))

    def __iter__(self) -> Iterator[OrderT]:
        return (c for i, c in enumerate(self._candidates) if self._legal(i))

    def count(self) -> int:
        return sum(1 for _ in self)

    def unchecked(self) -> Sequence[OrderT]:
        """The candidates, checked or not: a check here is the expensive part."""
        return self._candidates

    def sample(self, rnd: Random) -> OrderT:
        left = list(range(len(self._candidates)))
        while left:
            k = rnd.randrange(len(left))
            i = left[k]
            left[k] = left[-1]
            left.pop()
            if self._legal(i):
                return self._candidates[i]
        raise ValueError("no legal order to draw")

    def per_unit(self) -> dict[str, list[Any]]:
        return {self._unit: list(self)}

    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        """The one pick, under this decision's unit (:data:`ALL` unless given)."""
        _expect(picks, [self._unit], every=True)
        pick: OrderT = picks[self._unit]
        return pick

    def __repr__(self) -> str:
        return f"Filtered({list(self)!r})"


class Budget:
    """A side's shared resources: the cross-unit rule "together the units use each resource at
    most ``limit(resource)`` times" (e.g. each card of a shared set serves one unit
    a turn, TOB-M2-DITTO-01, TOB-IMPL-02; a fleet's points; a squadron's shared ammunition).

    ``uses(choice)`` lists the resources one unit's choice uses (a resource may repeat). A
    :class:`PerUnit` with a budget counts and samples its orders by dynamic programming over
    the resources used so far, never building the product of the units' choices.
    """

    __slots__ = ("uses", "limit")

    def __init__(self, uses: Callable[[Any], Iterable[str]], limit: Callable[[str], int]):
        self.uses = uses
        self.limit = limit


_Usage = tuple[tuple[str, int], ...]


class PerUnit(Legal[OrderT]):
    """One choice per unit, combined into a seat's order.

    ``units`` lists each unit's choices; ``combine`` turns ``{unit: choice}`` into the seat's
    order. ``contains`` checks one order by the rules (the decision kind's check), so ``in`` never
    enumerates. A :class:`Budget` (optional) is a cross-unit rule on shared resources:
    :meth:`count` and :meth:`sample` stay exact and never enumerate. ``joint`` (optional) is any
    other cross-unit rule, a predicate on ``{unit: choice}``: with it, :meth:`count` and
    :meth:`sample` fall back to filtering the product, which is exact but slower.
    """

    __slots__ = ("_units", "_combine", "_contains", "_joint", "_budget", "_table")

    def __init__(
        self,
        units: Mapping[str, Sequence[Any]],
        combine: Callable[[Mapping[str, Any]], OrderT],
        contains: Callable[[object], bool],
        joint: Callable[[Mapping[str, Any]], bool] | None = None,
        budget: Budget | None = None,
    ):
        self._units = tuple([(unit, tuple(choices)) for unit, choices in units.items()])
        self._combine = combine
        self._contains = contains
        self._joint = joint
        self._budget = budget
        self._table: tuple[list[list[tuple[str, ...]]], Callable[[int, _Usage], int]] | None = None

    def __contains__(self, order: object) -> bool:
        return self._contains(order)

    def _fits(self, picks: Mapping[str, Any]) -> bool:
        if self._budget is not None:
            used: dict[str, int] = {}
            for choice in picks.values():
                for r in self._budget.uses(choice):
                    used[r] = used.get(r, 0) + 1
            if any(n > self._budget.limit(r) for r, n in used.items()):
                return False
        return self._joint is None or self._joint(picks)

    def _picks(self) -> Iterator[dict[str, Any]]:
        ids = [unit for unit, _ in self._units]
        free = self._joint is None and self._budget is None
        for combo in product(*(choices for _, choices in self._units)):
            picks = dict(zip(ids, combo))
            if free or self._fits(picks):
                yield picks

    def __iter__(self) -> Iterator[OrderT]:
        return (self._combine(picks) for picks in self._picks())

    # --- budgets: counting and drawing by resources used, not by combinations -------------

    def _spend(self, usage: _Usage, uses: tuple[str, ...]) -> _Usage | None:
        """``usage`` after one more choice using ``uses``; ``None`` if that breaks the budget."""
        if not uses:
            return usage
        assert self._budget is not None
        counts = dict(usage)
        for r in uses:
            counts[r] = counts.get(r, 0) + 1
            if counts[r] > self._budget.limit(r):
                return None
        return tuple(sorted(counts.items()))

    def _completions(self) -> tuple[list[list[tuple[str, ...]]], Callable[[int, _Usage], int]]:
        """Each choice's resources, and ``ways(i, usage)``: how many ways units ``i..`` can
        choose given what the units before them used (memoised, and kept with the set: every
        draw of a search's sample reads the same table, which took 18 ms to build for three
        fighters sharing a maneuver set)."""
        assert self._budget is not None
        if self._table is not None:
            return self._table
        uses = [[tuple(self._budget.uses(c)) for c in choices] for _, choices in self._units]
        memo: dict[tuple[int, _Usage], int] = {}

        def ways(i: int, usage: _Usage) -> int:
            if i == len(self._units):
                return 1
            key = (i, usage)
            found = memo.get(key)
            if found is None:
                found = 0
                for u in uses[i]:
                    after = self._spend(usage, u)
                    if after is not None:
                        found += ways(i + 1, after)
                memo[key] = found
            return found

        self._table = uses, ways
        return self._table

    def count(self) -> int:
        if self._joint is not None:
            return sum(1 for _ in self._picks())
        if self._budget is not None:
            return self._completions()[1](0, ())
        n = 1
        for _, choices in self._units:
            n *= len(choices)
        return n

    def sample(self, rnd: Random) -> OrderT:
        """Each unit's choice drawn independently (uniform over the product); with a budget,
        one draw picks the k-th legal order in enumeration order, found unit by unit from the
        ways to complete it (exactly uniform, the product never built); with a joint rule,
        draws are retried a few times, then one is drawn from the filtered list."""
        if self._joint is None and len(self._units) == 1 and self._budget is None:  # one draw
            unit, choices = self._units[0]
            return self._combine({unit: choices[rnd.randrange(len(choices))]})
        if self._joint is None and self._budget is not None:
            uses, ways = self._completions()
            total = ways(0, ())
            if total == 0:
                raise IndexError("no legal order to draw")
            usage: _Usage = ()
            picks: dict[str, Any] = {}
            k = rnd.randrange(total)  # the k-th legal order in enumeration order: one draw
            for i, (unit, choices) in enumerate(self._units):
                for choice, u in zip(choices, uses[i]):
                    after = self._spend(usage, u)
                    if after is None:
                        continue
                    n = ways(i + 1, after)
                    if k < n:
                        picks[unit], usage = choice, after
                        break
                    k -= n
            return self._combine(picks)
        for _ in range(1 if self._joint is None and self._budget is None else 8):
            picks = {unit: choices[rnd.randrange(len(choices))] for unit, choices in self._units}
            if self._fits(picks):
                return self._combine(picks)
        every = list(self._picks())
        return self._combine(every[rnd.randrange(len(every))])

    def per_unit(self) -> dict[str, list[Any]]:
        return {unit: list(choices) for unit, choices in self._units}

    def choices_after(self, picks: Mapping[str, Any]) -> list[Any]:
        """The next unit's choices that a legal order extends: with a budget, those that leave
        the later units a way to complete (the counting table of :meth:`count`); with a joint
        rule, those some completion of the later units satisfies (the product is filtered)."""
        ids = [unit for unit, _ in self._units]
        i = len(picks)
        if ids[:i] != list(picks) or i == len(ids):
            raise ValueError(f"picks must be for the first units in order ({', '.join(ids)}), got {', '.join(picks)}")
        choices = self._units[i][1]
        if self._joint is None and self._budget is None:
            return list(choices)
        if self._joint is None:
            assert self._budget is not None
            uses, ways = self._completions()
            usage: _Usage | None = ()
            for unit in ids[:i]:
                assert usage is not None
                usage = self._spend(usage, tuple(self._budget.uses(picks[unit])))
            if usage is None:
                return []
            return [c for c, u in zip(choices, uses[i]) if (after := self._spend(usage, u)) is not None
                    and ways(i + 1, after) > 0]
        later = self._units[i + 1:]
        return [c for c in choices
                if any(self._fits({**picks, ids[i]: c, **dict(zip((u for u, _ in later), rest))})
                       for rest in product(*(cs for _, cs in later)))]

    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        """``combine`` of one choice for every unit (a budget or joint rule is left to ``in``)."""
        _expect(picks, [unit for unit, _ in self._units], every=True)
        return self._combine({unit: picks[unit] for unit, _ in self._units})

    def __repr__(self) -> str:
        return f"PerUnit({ {u: len(c) for u, c in self._units} })"


class Menu(Generic[OrderT]):
    """One unit's choices and the whole orders they make, one per choice in the same order:
    made once per unit build (a duel's fighter with the cards it has lost, say) and shared by
    every :class:`OneUnit` drawn from it, so each of those is made without a check or a copy."""

    __slots__ = ("combine", "orders", "units")

    def __init__(self, unit: str, choices: Sequence[Any], orders: Sequence[OrderT],
                 combine: Callable[[Mapping[str, Any]], OrderT]):
        if len(orders) != len(choices):
            raise ValueError(f"{len(orders)} orders for {len(choices)} choices of {unit!r}")
        self.units: tuple[tuple[str, tuple[Any, ...]], ...] = ((unit, tuple(choices)),)
        self.orders = orders
        self.combine = combine


class OneUnit(Legal[OrderT]):
    """The legal set of a seat of one unit (a duel's fighter) whose orders the game has made
    already (its :class:`Menu`): it answers as :class:`PerUnit` over that one unit would, but
    listing and drawing build nothing, and a draw takes the same value from ``rnd``.

    ``in`` is ``check(*about, order)``, the decision kind's rule check on the state: the set is
    made at every decision of a playout and asked ``in`` almost never, so it keeps the check's
    arguments rather than building a closure over them."""

    __slots__ = ("_about", "_check", "_menu")

    def __init__(self, menu: Menu[OrderT], check: Callable[..., bool], about: tuple[Any, ...]):
        self._menu = menu
        self._check = check
        self._about = about

    def __contains__(self, order: object) -> bool:
        return self._check(*self._about, order)

    def __iter__(self) -> Iterator[OrderT]:
        return iter(self._menu.orders)

    def count(self) -> int:
        return len(self._menu.orders)

    def sample(self, rnd: Random) -> OrderT:
        return rnd.choice(self._menu.orders)  # PerUnit's draw: choice and randrange(n) both take _randbelow(n)

    def first(self) -> OrderT:
        return self._menu.orders[0]

    def per_unit(self) -> dict[str, list[Any]]:
        unit, choices = self._menu.units[0]
        return {unit: list(choices)}

    def choices_after(self, picks: Mapping[str, Any]) -> list[Any]:
        unit, choices = self._menu.units[0]
        if picks:
            raise ValueError(f"picks must be for the first units in order ({unit}), got {', '.join(picks)}")
        return list(choices)

    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        unit = self._menu.units[0][0]
        _expect(picks, [unit], every=True)
        return self._menu.combine({unit: picks[unit]})

    def __repr__(self) -> str:
        unit, choices = self._menu.units[0]
        return f"OneUnit({ {unit: len(choices)} })"


class Lazy(Sequence[OrderT]):
    """``n`` orders made one at a time by ``make(i)``, only when read: a unit's choices for
    :class:`ByUnit` when there are many of them (a ship's destinations times six facings) and
    a bot draws one."""

    __slots__ = ("_n", "_make")

    def __init__(self, n: int, make: Callable[[int], OrderT]):
        self._n = n
        self._make = make

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self._make(j) for j in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        return self._make(i)

    def __iter__(self) -> Iterator[OrderT]:
        return map(self._make, range(self._n))


class ByUnit(Legal[OrderT]):
    """One unit of several acts: the seat's legal orders are the union of each unit's own.

    Where a seat picks one unit and tells it what to do ("move one of your units in this
    step", one ship's activation), the orders are not a product over units but a
    sum: ``units`` maps each unit to its own complete orders, :meth:`count` adds them up, and
    :meth:`sample` draws uniformly over every order (the draw ``random.choice`` would make on
    the full list, without building it). ``contains`` checks one order by the rules. A
    unit's orders may be a :class:`Lazy` sequence: nothing is built until it is read.
    """

    __slots__ = ("_units", "_contains")
    one_unit = True

    def __init__(self, units: Mapping[str, Sequence[OrderT]], contains: Callable[[object], bool]):
        self._units = tuple(units.items())
        self._contains = contains

    def __contains__(self, order: object) -> bool:
        return self._contains(order)

    def __iter__(self) -> Iterator[OrderT]:
        for _, orders in self._units:
            yield from orders

    def count(self) -> int:
        return sum(len(orders) for _, orders in self._units)

    def sample(self, rnd: Random) -> OrderT:
        i = rnd.randrange(self.count())
        for _, orders in self._units:
            if i < len(orders):
                return orders[i]
            i -= len(orders)
        raise AssertionError("unreachable")  # pragma: no cover

    def per_unit(self) -> dict[str, list[Any]]:
        return {unit: list(orders) for unit, orders in self._units}

    def combine(self, picks: Mapping[str, Any]) -> OrderT:
        """The one unit's pick: here a unit's choices are already whole orders."""
        _expect(picks, [unit for unit, _ in self._units], every=False)
        pick: OrderT = next(iter(picks.values()))
        return pick

    def __repr__(self) -> str:
        return f"ByUnit({ {u: len(o) for u, o in self._units} })"


def _expect(picks: Mapping[str, Any], units: Sequence[str], *, every: bool) -> None:
    """Check the units of ``picks``: each of ``units`` (``every``) or exactly one of them."""
    unknown = [u for u in picks if u not in units]
    if unknown:
        raise ValueError(f"no unit {', '.join(map(repr, unknown))} decides here; units: {', '.join(units)}")
    if every:
        missing = [u for u in units if u not in picks]
        if missing:
            raise ValueError(f"no choice for {', '.join(missing)}: every unit chooses")
    elif len(picks) != 1:
        raise ValueError(f"one unit acts here, not {len(picks)}: pick one of {', '.join(units)}")
