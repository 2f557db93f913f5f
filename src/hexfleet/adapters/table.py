"""A game as a sequence of small, fixed-size actions: the shared core of the RL adapters.

OpenSpiel and PettingZoo want a fixed action space per game: an action is an integer below a
declared width, and the legal ones are listed (or masked) at every point. A hexfleet seat's
order is often the product of its units' choices, far too many to number. The :class:`Table`
decides that order in **sub-actions**, built for every game from the kernel alone:

* a decision of several units (the kernel's ``PerUnit``) is decided one unit at a time, in
  :meth:`~hexfleet.engine.legal.Legal.per_unit` order, each unit offered the choices some
  legal order still extends (:meth:`~hexfleet.engine.legal.Legal.choices_after`: shared cards
  and other cross-unit rules are respected as the seat goes);
* a decision where one unit of several acts (``ByUnit``) is two sub-actions: which unit, then
  its order (the first is skipped when one unit can act);
* a short list (``Choices``) is one sub-action.

**The encoding.** A sub-action ``a`` picks the ``a``-th candidate (unit or choice) of the list
the kernel gives at that point, in the kernel's order. A list longer than ``width`` is picked in
several sub-actions, its index written in base ``width``, most significant digit first (only
digits that lead to an existing index are legal). So the action space is ``range(width)`` for
every game and scenario, however many units a side has.

Several seats asked at once (secret, simultaneous plots) each decide their own sub-actions;
nobody sees another seat's picks, and the kernel resolves the decision once every asked seat
has completed its order. Nothing here names a game: a game added to the registry gets this.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.canonical import canonical_json
from ..engine.game import redact_step
from ..engine.legal import Legal
from ..engine.ruleset import Ruleset, Seat

DEFAULT_WIDTH = 256
"""Candidates one sub-action can pick from; larger lists take two digits (a ship's moves)."""


@dataclass
class _Cursor:
    """One asked seat's progress through its sub-actions at the open decision."""

    legal: Legal[Any]
    by_unit: bool
    units: list[str]
    picks: dict[str, Any] = field(default_factory=dict)
    unit: str | None = None
    """For a one-unit-acts decision: the unit picked (its order comes next)."""
    digits: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    """The seat's sub-actions at this decision so far (its own information)."""
    order: Any = None
    done: bool = False
    _candidates: Sequence[Any] | None = None

    def candidates(self) -> Sequence[Any]:
        """The list the next sub-action picks from (units, or the next unit's choices)."""
        if self._candidates is None:
            if self.by_unit:
                self._candidates = self.units if self.unit is None else self.legal.per_unit()[self.unit]
            else:
                self._candidates = self.legal.choices_after(self.picks)
            if not self._candidates:
                raise AssertionError(f"no candidates at {self.picks or self.unit}: the legal set left a dead end")
        return self._candidates

    def copy(self) -> _Cursor:
        return _Cursor(self.legal, self.by_unit, self.units, dict(self.picks), self.unit, list(self.digits),
                       list(self.taken), self.order, self.done, self._candidates)

    def pick(self, index: int) -> None:
        """Take candidate ``index``: the next stage, or the seat's order once complete."""
        chosen = self.candidates()[index]
        self._candidates = None
        if self.by_unit:
            if self.unit is None:
                self.unit = chosen
                return
            self.order, self.done = self.legal.combine({self.unit: chosen}), True
            return
        self.picks[self.units[len(self.picks)]] = chosen
        if len(self.picks) == len(self.units):
            self.order, self.done = self.legal.combine(self.picks), True


def _open_cursor(legal: Legal[Any]) -> _Cursor:
    """A seat's cursor over ``legal``; a one-unit-acts decision with one able unit starts at its orders."""
    per_unit = legal.per_unit()
    if legal.one_unit:
        able = [u for u, orders in per_unit.items() if len(orders)]
        cursor = _Cursor(legal, True, able)
        if len(able) == 1:
            cursor.unit = able[0]
        return cursor
    cursor = _Cursor(legal, False, list(per_unit))
    if not cursor.units:  # nothing to decide: the empty combination is the order
        cursor.order, cursor.done = legal.combine({}), True
    return cursor


def digits_needed(n: int, width: int) -> int:
    """How many base-``width`` sub-actions pick one of ``n`` candidates."""
    d, span = 1, width
    while span < n:
        d, span = d + 1, span * width
    return d


class Table:
    """One game in progress, played in sub-actions (see the module docstring).

    ``seats`` are the scenario's seats, fixed for the whole game (players are numbered in this
    order). :meth:`deciding` lists the seats with a sub-action open now; :meth:`legal_actions`
    and :meth:`act` work per seat. ``logs`` keeps, per seat, what that seat has been shown:
    every resolved step as :func:`~hexfleet.engine.game.redact_step` gives it to that seat.
    """

    def __init__(self, ruleset: Ruleset[Any], scenario: str, *, options: Mapping[str, Any] | None = None,
                 width: int = DEFAULT_WIDTH):
        if width < 2:
            raise ValueError(f"width must be at least 2, got {width}")
        self.ruleset = ruleset
        self.scenario = ruleset.scenario(scenario)
        self.options = dict(options or {})
        self.width = width
        self.seats: tuple[Seat, ...] = tuple(ruleset.scenarios()[self.scenario].seats)
        self.state: Any = None
        self.decisions = 0
        self.cut = False
        """Truncated by an adapter's move limit: over, as a draw, without an outcome."""
        self.cursors: dict[Seat, _Cursor] = {}
        self.logs: dict[Seat, list[str]] = {seat: [] for seat in self.seats}
        self._views: dict[Seat | None, Any] = {}
        """Each seat's view of the current state, made once (a new dict for each new state, so
        copies sharing it stay right): OpenSpiel asks every player's strings at every node."""

    # --- life cycle --------------------------------------------------------------------------
    def start(self, seed: int | str) -> None:
        """A new game of the scenario from ``seed`` (the state's generator: every later draw)."""
        self.state = self.ruleset.new_game(self.scenario, seed=seed, options=self.options)
        self._views = {}
        if tuple(self.ruleset.seats(self.state)) != self.seats:
            raise AssertionError(f"{self.ruleset.name}: the game's seats {self.ruleset.seats(self.state)} are not "
                                 f"the scenario's {self.seats}")
        self.decisions, self.cut = 0, False
        self.logs = {seat: [] for seat in self.seats}
        self._open()

    def clone(self) -> Table:
        """An independent copy (states are frozen and shared; cursors and logs are copied)."""
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.cursors = {seat: c.copy() for seat, c in self.cursors.items()}
        other.logs = {seat: list(log) for seat, log in self.logs.items()}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as names, the state's JSON and each seat's sub-actions at the open decision
        (legal sets hold the rules' functions, which do not pickle; they are rebuilt)."""
        return {"game": self.ruleset.name, "scenario": self.scenario, "options": self.options, "width": self.width,
                "state": None if self.state is None else self.ruleset.to_json(self.state), "decisions": self.decisions,
                "cut": self.cut, "logs": self.logs, "taken": {seat: c.taken for seat, c in self.cursors.items()}}

    def __setstate__(self, data: dict[str, Any]) -> None:
        from ..games import get_ruleset

        self.__init__(get_ruleset(data["game"]), data["scenario"], options=data["options"], width=data["width"])  # type: ignore[misc]
        if data["state"] is None:
            return
        self.state = self.ruleset.from_json(data["state"])
        self._views = {}
        self.decisions, self.logs = data["decisions"], data["logs"]
        self._open()
        for seat, taken in data["taken"].items():
            for action in taken:
                self._take(seat, action)
        self.cut = data["cut"]

    @property
    def started(self) -> bool:
        return self.state is not None

    def over(self) -> bool:
        return self.cut or (self.started and self.ruleset.is_over(self.state))

    def returns(self) -> list[float]:
        """Per seat: a win +1 shared among the winners, a loss -1 shared among the losers, so
        every game sums to 0; a draw, an unfinished or a cut game gives everyone 0."""
        outcome = None if self.cut or not self.started else self.ruleset.outcome(self.state)
        if outcome is None or not outcome.winners or len(outcome.winners) == len(self.seats):
            return [0.0] * len(self.seats)
        w = len(outcome.winners)
        return [1.0 / w if s in outcome.winners else -1.0 / (len(self.seats) - w) for s in self.seats]

    # --- sub-actions -------------------------------------------------------------------------
    def deciding(self) -> list[Seat]:
        """Seats with a sub-action open now, in seat order (none once the game is over)."""
        if self.over():
            return []
        return [seat for seat in self.seats if seat in self.cursors and not self.cursors[seat].done]

    def legal_actions(self, seat: Seat) -> list[int]:
        """``seat``'s legal sub-actions now, ascending (empty when it has none open)."""
        cursor = self.cursors.get(seat)
        if cursor is None or cursor.done or self.over():
            return []
        n = len(cursor.candidates())
        d = digits_needed(n, self.width)
        k = len(cursor.digits)
        prefix = 0
        for digit in cursor.digits:
            prefix = prefix * self.width + digit
        scale = self.width ** (d - k - 1)
        top = (n - 1) // scale - prefix * self.width  # the largest digit that still leads to an index < n
        return list(range(min(self.width - 1, top) + 1))

    def act(self, seat: Seat, action: int) -> None:
        """Take ``seat``'s sub-action; once every asked seat has its order, the kernel resolves."""
        self.act_all({seat: action})

    def act_all(self, actions: Mapping[Seat, int]) -> None:
        """Take one sub-action of each seat named (a simultaneous round), then resolve if complete."""
        for seat, action in actions.items():
            if action not in self.legal_actions(seat):
                raise ValueError(f"action {action} is not legal for seat {seat!r} now; legal: "
                                 f"{_ranges(self.legal_actions(seat)) or 'none (no decision open)'}")
        for seat, action in actions.items():
            self._take(seat, action)
        if self.cursors and all(c.done for c in self.cursors.values()):
            self._resolve()

    def _take(self, seat: Seat, action: int) -> None:
        """One digit of ``seat``'s pick; the last digit picks the candidate."""
        cursor = self.cursors[seat]
        cursor.digits.append(action)
        cursor.taken.append(action)
        if len(cursor.digits) == digits_needed(len(cursor.candidates()), self.width):
            index = 0
            for digit in cursor.digits:
                index = index * self.width + digit
            cursor.digits = []
            cursor.pick(index)

    def actions_for(self, seat: Seat, order: Any) -> list[int]:
        """The sub-actions that make ``order`` (an order object from the kernel's legal set, or
        its JSON) at ``seat``'s open decision, none taken yet: how a bot that decides whole
        orders plays through the adapters. Choices are matched by their JSON spelling: the whole
        order for a one-unit decision, the unit's part of it otherwise (per-unit orders are
        ``{unit: choice}``, as :meth:`~hexfleet.engine.ruleset.Ruleset.legal_per_unit` reads them)."""
        cursor = self.cursors.get(seat)
        if cursor is None or cursor.done or cursor.taken:
            raise ValueError(f"seat {seat!r} has no fresh decision open")
        def spell(o: Any) -> str:
            return canonical_json(self.ruleset.order_json(self.state, seat, o))

        target = spell(order)
        walk = cursor.copy()
        out: list[int] = []
        while not walk.done:
            candidates = walk.candidates()
            if walk.by_unit and walk.unit is None:
                index = next((i for i, u in enumerate(candidates)
                              if any(spell(o) == target for o in walk.legal.per_unit()[u])), None)
            elif walk.by_unit:
                index = next((i for i, o in enumerate(candidates) if spell(o) == target), None)
            else:
                unit = walk.units[len(walk.picks)]
                firsts = {u: c[0] for u, c in walk.legal.per_unit().items()}
                part = _part(target, unit, len(walk.units))
                index = next((i for i, c in enumerate(candidates)
                              if _part(spell(walk.legal.combine({**firsts, **walk.picks, unit: c})), unit,
                                       len(walk.units)) == part), None)
            if index is None:
                raise ValueError(f"{order!r} is not among {seat!r}'s legal orders here")
            d = digits_needed(len(candidates), self.width)
            out += [(index // self.width ** (d - 1 - k)) % self.width for k in range(d)]
            walk.pick(index)
        return out

    def _resolve(self) -> None:
        before = self.state
        orders = {seat: c.order for seat, c in self.cursors.items()}
        self.state, events = self.ruleset.advance(before, orders)
        self._views = {}
        self.decisions += 1
        spelled = {seat: self.ruleset.order_json(before, seat, order) for seat, order in orders.items()}
        for seat in self.seats:
            self.logs[seat].append(canonical_json(redact_step(self.ruleset, self.decisions, before, spelled, events, seat)))
        self._open()

    def _open(self) -> None:
        """Cursors for the decision the state stands at; decisions with nothing to choose resolve."""
        self.cursors = {}
        if self.ruleset.is_over(self.state):
            return
        pending = self.ruleset.pending(self.state)
        self.cursors = {seat: _open_cursor(self.ruleset.legal(self.state, seat)) for seat in self.seats if seat in pending}
        if all(c.done for c in self.cursors.values()):
            self._resolve()

    # --- what a seat may know ----------------------------------------------------------------
    def view(self, seat: Seat | None) -> Any:
        """The kernel's view of the current state for ``seat`` (``None``: a spectator); the one
        source of everything the adapters show a seat."""
        if seat not in self._views:
            self._views[seat] = self.ruleset.view(self.state, seat)
        return self._views[seat]

    def own_progress(self, seat: Seat | None) -> dict[str, Any]:
        """``seat``'s own sub-actions at the open decision and what the next one picks."""
        cursor = None if seat is None else self.cursors.get(seat)
        if seat is None or cursor is None or cursor.done or self.over():
            return {"deciding": False}
        decision = self.ruleset.pending(self.state)[seat]
        if cursor.by_unit:
            picking = "unit" if cursor.unit is None else f"order of {cursor.unit}"
        else:
            picking = f"choice of {cursor.units[len(cursor.picks)]}"
        return {"deciding": True, "kind": decision.kind, "picking": picking, "taken": list(cursor.taken),
                "candidates": len(cursor.candidates()), "digits": list(cursor.digits)}

    def observation(self, seat: Seat | None) -> str:
        """What ``seat`` observes now: its view and its own progress through the open decision
        (``None``: a spectator, public information only)."""
        if not self.started:
            return canonical_json({"seat": seat, "started": False})
        return canonical_json({"seat": seat, "view": self.view(seat), "own": self.own_progress(seat),
                               "over": self.over(), "cut": self.cut})

    def information_state(self, seat: Seat | None) -> str:
        """Everything ``seat`` has known, in order: each resolved step as that seat was shown it,
        then its observation now (perfect recall, from the seat's own view only)."""
        return "\n".join([*(self.logs[seat] if seat is not None else []), self.observation(seat)])


def _part(spelled: str, unit: str, units: int) -> Any:
    """A unit's part of an order's canonical JSON (the whole order when one unit decides)."""
    if units == 1:
        return spelled
    data = json.loads(spelled)
    if not isinstance(data, dict) or unit not in data:
        raise ValueError(f"an order of several units must be spelled {{unit: choice}}; no {unit!r} in {spelled}")
    return canonical_json(data[unit])


def _ranges(actions: list[int]) -> str:
    if not actions:
        return ""
    return f"{actions[0]}..{actions[-1]}" if len(actions) > 1 else str(actions[0])
