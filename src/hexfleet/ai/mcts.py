"""Monte Carlo tree search for any ruleset: decoupled UCT over determinizations.

Each iteration samples a full state from the bot's view (the game's ``determinize``: the
opponent's unseen cards drawn consistently with what was revealed, a fresh generator for
chance), walks the tree and plays out. The tree is *open loop*: a node is the sequence of joint
orders from the root, and states are re-derived along the path every iteration, so one tree
averages over hidden cards and chance alike, and no node ever holds a state.

* Simultaneous decisions use decoupled UCT (Lanctot et al., 2014): at a node every pending
  seat keeps its own statistics and picks its own order by UCB1 on them; the joint order
  selects the child. A sequential decision is the one-seat case of the same code.
* Progressive widening keeps big decisions (a setup of 168 placements, say) tractable:
  a node considers only the first ``1 + widening · visits^0.4`` orders of a fixed shuffled
  (or prior-ranked) list.
* A game's ``prior`` (optional) ranks the orders at nodes above ``prior_depth``, at nodes
  visited ``prior_visits`` times and at large decisions: untried orders are tried best first,
  and UCB1 gets a progressive bias ``bias · prior / (visits + 1)`` (Chaslot et al., 2008) that
  fades as statistics grow.
* A game's ``prune`` (optional) drops orders search need not consider, at the root and below
  it: those that only lead back to states reachable anyway (a choice set a second time before
  its decision ends), so that search never walks in circles, or that the game knows to be poor
  while a better one is there (a shot at a weapon's worst range, where holding fire is an
  order too); a decision with one order left is answered at once.
* Leaves play out ``rollout_depth`` random steps, then score the state with the game's
  ``evaluate`` if it has one, else as a draw.
* The search stops early once its choice is settled (``settle``): when the most visited order
  leads every other by more visits than the rest of the budget could give one of them
  (Leela Zero's "smart pruning"). Under an iteration limit the choice is exactly the one the
  full budget would make; under a time limit the rest of the budget is estimated from the rate
  so far. A decision with one clearly best order ends early (a bot answers sooner, a study
  spends less); a real choice still takes the whole budget.

The game's hooks (:class:`hexfleet.plugins.GameBots`) are found by the ruleset's name, or
given (``search=``) for a ruleset outside the registry. The search uses only ruleset methods:
decision_kinds, deciding, legal (the root's orders are listed once from the set ``choose`` is given, and a
rollout draws each order with ``sample``, nothing listed), search_orders (the nodes below the
root: the game's fastest listing), advance, outcome. A set of more than :data:`LISTED_MAX`
orders (a big fleet's plot) is searched through that many samples, never listed. The order returned is one of the root
set's own objects, which ``Game.submit`` and ``advance`` take as they are.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from ..engine.errors import FormatError, RuleError
from ..engine.legal import Legal
from ..engine.ruleset import Order, Outcome, Ruleset, Seat
from ..plugins import Evaluator, Prior, Pruner, game_bots
from .base import LegalArg, as_legal


class Search(Protocol):
    """What search needs from a game: ``determinize``; ``evaluate``, ``prior``, ``prune`` and
    ``CHECK_ROOT_ORDERS`` are used when the object has them (:class:`hexfleet.plugins.GameBots`
    declares them all)."""

    def determinize(self, view: Mapping[str, Any], seat: Seat, rng: int) -> Any: ...


PRIOR_MIN = 32
"""Decisions with at least this many orders are ranked by the game's prior at any depth."""

WIDENING_POWER = 0.4
"""A node visited ``n`` times considers ``1 + widening · n^0.4`` orders (Couëtoux et al. use 0.25-0.5)."""

PRIOR_SCALE = 4.0
"""A prior score ``s`` becomes the bias ``1 / (1 + exp(-s / PRIOR_SCALE))``."""

DEFAULT_ROLLOUT = 40
"""Random steps played out from a leaf when the game has no evaluator."""

SETTLE_EVERY = 32
"""Iterations between two checks whether the root's choice is settled (a check scans the
root's visit counts)."""


LISTED_MAX = 256
"""Draws a node searches from a legal set too big to list (a Module 6 fleet of fifteen ships has
billions of plots): this many, never listed."""

LIST_UP_TO = 1024
"""Legal sets of at most this many orders are listed whole: listing costs microseconds an order,
while a draw from a set under a shared budget (Space Hockey's two fighters and one maneuver set,
about 400 plots) costs up to a millisecond, so 256 draws made a node cost more than the rest of
an iteration many times over."""


DRAWN_BELOW_ROOT = 32
"""Draws a node below the root searches from a set too big to list: such a node is visited far
fewer times than the root, and progressive widening would try few more than this."""


def listed(legal: Legal[Any], rng: random.Random, draws: int = LISTED_MAX) -> list[Order]:
    """``legal`` as a list when it has at most :data:`LIST_UP_TO` orders, else ``draws``
    distinct draws from it (the lazy set samples without building the product of its units)."""
    if legal.count() <= LIST_UP_TO:
        return list(legal)
    drawn: dict[str, Order] = {}
    for _ in range(draws):
        order = legal.sample(rng)
        drawn.setdefault(repr(order), order)
    return list(drawn.values())


COMPOSED_ALTERNATIVES = 3
""":func:`composed` adds, per unit, this many of its best other choices to the greedy order."""


def composed(legal: Legal[Any], rank: Callable[[list[Order]], list[float]]) -> list[Order]:
    """Orders of a set too big to list, built unit by unit from the prior ``rank``: starting
    from each unit's first choice, each unit in turn takes the choice that ranks best with the
    others' picks held (two passes, stopping when nothing changes), then each unit's
    :data:`COMPOSED_ALTERNATIVES` runners-up are added with the others held. Where the prior is
    a sum of the units' parts (a fleet's plot scored ship by ship) the first order is its best
    one; random draws (:func:`listed`) of billions of plots almost never hold it. Only orders
    ``in`` the set are kept; where the set counts every combination of the units' choices (no
    rule across units), each is, and none is checked: a fleet plot's check costs as much as
    scoring it."""
    units = legal.per_unit()
    picks = {unit: choices[0] for unit, choices in units.items() if choices}
    if len(picks) < len(units):
        return []
    free = legal.count() == math.prod(len(choices) for choices in units.values())
    ranked: dict[str, list[tuple[float, int]]] = {}
    for _ in range(2):
        changed = False
        for unit, choices in units.items():
            trials = [(k, legal.combine({**picks, unit: c})) for k, c in enumerate(choices)]
            if not free:
                trials = [(k, order) for k, order in trials if order in legal]
            if not trials:
                continue
            scores = rank([order for _, order in trials])
            ranked[unit] = sorted(((s, k) for s, (k, _) in zip(scores, trials)), key=lambda sk: -sk[0])
            best = choices[ranked[unit][0][1]]
            changed |= best != picks[unit]
            picks[unit] = best
        if not changed:
            break
    out = [legal.combine(picks)]
    for unit, order in ranked.items():
        for _, k in order[1:1 + COMPOSED_ALTERNATIVES]:
            out.append(legal.combine({**picks, unit: units[unit][k]}))
    return list({repr(order): order for order in out if free or order in legal}.values())


def drawn_and_composed(legal: Legal[Any], rng: random.Random, draws: int,
                       rank: Callable[[list[Order]], list[float]] | None) -> list[Order]:
    """:func:`listed`, and for a set too big to list the prior's :func:`composed` orders too
    (a seat's own at the root; another seat's below it, so that search meets the plots a
    sensible opponent makes rather than only random ones)."""
    orders = listed(legal, rng, draws)
    if rank is None or len(orders) == legal.count():
        return orders
    known = {repr(o) for o in orders}
    return orders + [o for o in composed(legal, rank) if repr(o) not in known]


def _below_root(ruleset: Ruleset[Any], state: Any, seat: Seat, stats: _SeatStats, rng: random.Random,
                rank: Callable[[list[Order]], list[float]] | None,
                prune: Pruner | None) -> tuple[list[Order], Legal[Any] | None, bool]:
    """A seat's orders at a node below the root, less what the game prunes: the set's
    :meth:`~Legal.unchecked` orders where it has them, else the game's fastest listing
    (:meth:`~Ruleset.search_orders`), or a sample of a set too big to list
    (:func:`drawn_and_composed`); then the set itself where the pick must be checked, and
    whether the orders hold every legal one (an unchecked listing: a pick the rules refuse is
    only dropped).

    Unchecked orders are for a game whose check resolves the order on a copy: listing a node's
    set checked every candidate, about 14 resolutions for the one an iteration applies, and cost
    40 % of such a search; checking the pick alone costs nothing more where the game keeps the
    resolution for applying it.

    A sample (:data:`DRAWN_BELOW_ROOT` draws) is kept at the node (``stats.drawn``) and reused
    while its picks are legal in the world at hand (:meth:`MctsBot._iterate` checks the one it
    picks): counting and drawing 256 plots of three fighters under a shared budget cost 100 ms,
    against about 1 ms for the rest of an iteration, and every fresh draw brought orders the
    node would never see again. A set too big once is taken as too big at that node in every
    world (counting it costs as much as a draw)."""
    lazy = ruleset.legal(state, seat)
    if stats.drawn is None:
        unchecked = lazy.unchecked()
        if unchecked is not None and len(unchecked) <= LIST_UP_TO:
            orders = list(unchecked)
            return (prune(state, seat, orders) if prune is not None else orders), lazy, True
        if lazy.count() <= LIST_UP_TO:
            orders = ruleset.search_orders(state, seat)
            return (prune(state, seat, orders) if prune is not None else orders), None, True
        stats.drawn = drawn_and_composed(lazy, rng, DRAWN_BELOW_ROOT, rank)
    return (prune(state, seat, stats.drawn) if prune is not None else stats.drawn), lazy, False


def _allowed(ruleset: Ruleset[Any], state: Any, seat: Seat, order: Order) -> bool:
    """Do the rules allow ``order`` in ``state``? (A ruleset's check is what applying it costs
    anyway; a game may keep the resolution for :meth:`~Ruleset.advance`.)"""
    try:
        ruleset.validate(state, seat, order)
    except (RuleError, FormatError):
        return False
    return True


PICK_TRIES = 4
"""Picks from a node's kept sample (:func:`_below_root`) that may prove illegal in the world at
hand before the sample is drawn again from this world's set."""


@dataclass(frozen=True, slots=True)
class Limit:
    """When to stop searching: after ``time`` seconds or ``iterations`` iterations, whichever
    comes first (python-chess's ``engine.Limit``). A time limit makes play depend on the
    machine; an iteration limit alone keeps a seeded bot reproducible."""

    time: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.time is None and self.iterations is None:
            raise ValueError("a search limit needs a time or an iteration count")


@dataclass(slots=True)
class SearchInfo:
    """What the last search did: for benchmarks and curious people."""

    iterations: int = 0
    seconds: float = 0.0
    root_visits: dict[str, int] | None = None
    depth: int = 0
    """The most steps below the root any iteration walked in the tree."""

    @property
    def rate(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0


def _settled(visits: dict[str, int], left: float) -> bool:
    """True when the most visited order leads the next by more than ``left`` visits: even if
    every remaining iteration went to the runner-up, the choice (most visits) would not change."""
    first = second = 0
    for n in visits.values():
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


class _SeatStats:
    """One seat's order statistics at one node.

    The legal orders may differ between visits (a determinization gave the opponent another
    gun, a chance outcome destroyed a thruster): every order ever seen keeps its statistics,
    and selection runs over those legal now. Recent legal lists are cached with their keys,
    since building the keys (``repr``) costs more than comparing lists.
    """

    __slots__ = ("orders", "perm", "visits", "wins", "recent", "bias", "ranked", "drawn", "refused")

    def __init__(self) -> None:
        self.orders: dict[str, Order] = {}
        self.perm: list[str] = []
        """Keys in a random order fixed on first sight: the order progressive widening adds them."""
        self.visits: dict[str, int] = {}
        self.wins: dict[str, float] = {}
        self.recent: list[tuple[list[Order], frozenset[str]]] = []
        self.bias: dict[str, float] = {}
        """Prior in ``(0, 1)`` per key where the game's prior was asked (progressive bias)."""
        self.ranked = False
        self.drawn: list[Order] | None = None
        """Draws from a set too big to list (:func:`_below_root`)."""
        self.refused: set[str] = set()
        """Unchecked orders the rules refused here once (:func:`_below_root`): not picked again,
        or an untried one would be picked, and refused, first at every visit."""

    def legal_keys(self, legal: list[Order], rng: random.Random,
                   rank: Callable[[list[Order]], list[float]] | None = None) -> frozenset[str]:
        for seen, known in self.recent:
            if seen is legal or seen == legal:
                return known
        keys = [repr(o) for o in legal]
        new = [i for i, k in enumerate(keys) if k not in self.orders]
        rng.shuffle(new)
        if rank is not None and new:
            scores = rank([legal[i] for i in new])
            self._set_bias([keys[i] for i in new], scores)
            new = [i for _, i in sorted(zip(scores, new), key=lambda pair: -pair[0])]
        for k, o in zip(keys, legal):
            self.orders.setdefault(k, o)
        self.perm.extend(keys[i] for i in new)
        frozen = frozenset(keys)
        self.recent.insert(0, (legal, frozen))
        del self.recent[6:]
        return frozen


    def rank(self, legal: list[Order], scores: list[float]) -> None:
        """Bias and re-order every order of ``legal`` by the prior ``scores`` (once per node)."""
        self._set_bias([repr(o) for o in legal], scores)
        ranked = sorted((k for k in self.perm if k in self.bias), key=lambda k: -self.bias[k])
        self.perm = ranked + [k for k in self.perm if k not in self.bias]
        self.ranked = True

    def _set_bias(self, keys: list[str], scores: list[float]) -> None:
        for key, score in zip(keys, scores):
            self.bias[key] = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score)) / PRIOR_SCALE))


class _Node:
    __slots__ = ("visits", "seats", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.seats: dict[tuple[Seat, str], _SeatStats] = {}
        """Each deciding seat's statistics by the kind of its decision here: another world may
        open another decision at the same node (a chance outcome brought losses to take before
        the plot), whose orders are not comparable."""
        self.children: dict[tuple[str, ...], _Node] = {}

    def own(self, seat: Seat) -> _SeatStats:
        """The searching seat's statistics at the root, where its decision is the true one in
        every world."""
        return next(stats for (s, _), stats in self.seats.items() if s == seat)


def outcome_values(seats: tuple[Seat, ...], outcome: Outcome) -> dict[Seat, float]:
    """Win 1, loss 0, draw ½ for everybody. A game every seat won (a tie on points a game
    ranks as shared winners) is a draw to search: were it a win, a side would take an even end
    for as good as winning it."""
    if outcome.is_draw or set(seats) <= set(outcome.winners):
        return {s: 0.5 for s in seats}
    return {s: 1.0 if s in outcome.winners else 0.0 for s in seats}


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""How ``think`` seconds are counted: ``wall`` (what a person waiting sees: the server's bots) or
``cpu``, the searching thread's own processor time, so that a study's strength does not depend
on what else the machine is running (the arena's default)."""


class MctsBot:
    """Simultaneous-move MCTS, generic over rulesets (see the module docstring).

    ``think`` seconds per decision (counted by ``clock``, one of :data:`CLOCKS`) and/or
    ``iterations``; ``c`` the UCB1 exploration constant
    on values in ``[0, 1]``; ``max_depth`` caps the steps below the root an iteration walks;
    ``rollout_depth`` random steps before a leaf is scored (default: none where the game has an
    evaluator, :data:`DEFAULT_ROLLOUT` otherwise); ``settle`` stops the search once no other
    order can overtake the most visited one within the budget.
    """

    name = "mcts"

    def __init__(self, seed: int | str = 0, think: float | None = 1.0, iterations: int | None = None,
                 c: float = 0.3, widening: float = 1.5, rollout_depth: int | None = None, max_depth: int = 12,
                 prior_depth: int = 1, prior_visits: int = 10, bias: float = 2.0, search: Search | None = None,
                 clock: str = "wall", settle: bool = True):
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}: one of {', '.join(CLOCKS)}")
        self._clock = CLOCKS[clock]
        self._rng = random.Random(f"mcts:{seed}")
        self.limit = Limit(time=think, iterations=iterations)
        self.c = c
        self.widening = widening
        self.rollout_depth = rollout_depth
        self.max_depth = max_depth
        self.prior_depth = prior_depth
        self.prior_visits = prior_visits
        self.bias = bias
        self.settle = settle
        self.info = SearchInfo()
        self.search = search
        """The game's hooks; ``None``: found by the ruleset's name when a decision comes."""
        self._prior: Prior | None = None
        self._prune: Pruner | None = None
        self._check_root = False
        self._ends: Evaluator | None = None

    def choose(self, ruleset: Ruleset[Any], seat: Seat, view: dict[str, Any], legal: LegalArg) -> Order:
        self.info = SearchInfo()
        given = as_legal(legal)
        if given.count() == 1:
            return given.first()
        search: Search = self.search or game_bots(ruleset.name)
        evaluator: Evaluator | None = getattr(search, "evaluate", None)
        self._prior = getattr(search, "prior", None)
        self._prune = getattr(search, "prune", None)
        self._check_root = bool(getattr(search, "CHECK_ROOT_ORDERS", False))
        self._ends = evaluator if getattr(search, "EVALUATE_OUTCOMES", False) else None
        rank = None
        if self._prior is not None and given.count() > LIST_UP_TO:  # drawn: the prior composes some too
            rank = partial(self._prior, search.determinize(view, seat, self._rng.getrandbits(64)), seat)
        mine_now = drawn_and_composed(given, self._rng, LISTED_MAX, rank)  # listed once for the whole search
        if self._prune is not None:
            mine_now = self._prune(search.determinize(view, seat, self._rng.getrandbits(64)), seat, mine_now)
            if len(mine_now) == 1:
                return mine_now[0]
        depth = self.rollout_depth if self.rollout_depth is not None else (0 if evaluator else DEFAULT_ROLLOUT)
        root = _Node()
        now = self._clock
        start = now()
        deadline = start + self.limit.time if self.limit.time is not None else math.inf
        budget = self.limit.iterations if self.limit.iterations is not None else math.inf
        done = deepest = 0
        while done < budget and (done == 0 or now() < deadline):  # at least one; then the clock
            state = search.determinize(view, seat, self._rng.getrandbits(64))
            deepest = max(deepest, self._iterate(ruleset, root, state, seat, mine_now, evaluator, depth))
            done += 1
            if self.settle and done % SETTLE_EVERY == 0:
                left = budget - done
                if deadline != math.inf:
                    left = min(left, done * (deadline - now()) / max(now() - start, 1e-9))
                if _settled(root.own(seat).visits, left):
                    break
        mine = root.own(seat)
        best = max(mine.visits, key=lambda k: (mine.visits[k], mine.wins[k]))
        self.info = SearchInfo(done, now() - start,
                               dict(sorted(mine.visits.items(), key=lambda kv: -kv[1])[:10]), deepest)
        return mine.orders[best]

    def _iterate(self, ruleset: Ruleset[Any], root: _Node, state: Any, me: Seat, my_legal: list[Order],
                 evaluator: Callable[[Any], dict[Seat, float]] | None, rollout_depth: int) -> int:
        """One iteration: select down the tree, expand one node, score it, back up; returns the
        number of tree steps walked."""
        path: list[tuple[_Node, list[tuple[Seat, _SeatStats, str]]]] = []
        node = root
        values: dict[Seat, float] | None = None
        for depth in range(self.max_depth):
            outcome = ruleset.outcome(state)
            if outcome is not None:
                values = self._ended(ruleset, state, outcome)
                break
            orders: dict[Seat, Order] = {}
            picks: list[tuple[Seat, _SeatStats, str]] = []
            for seat, kind in ruleset.decision_kinds(state).items():
                # below the root, the game's fastest listing (as JSON or as order objects)
                slot = (seat, kind)
                stats = node.seats.get(slot)
                if stats is None:
                    stats = node.seats[slot] = _SeatStats()
                lazy = None
                complete = True
                composer = None if self._prior is None else partial(self._prior, state, seat)
                if node is root and seat == me:
                    legal = my_legal  # listed in the true state
                else:
                    legal, lazy, complete = _below_root(ruleset, state, seat, stats, self._rng, composer,
                                                        self._prune)
                rank = None
                if self._prior is not None and (depth < self.prior_depth or len(legal) >= PRIOR_MIN
                                                or node.visits >= self.prior_visits):
                    rank = partial(self._prior, state, seat)
                legal_now = stats.legal_keys(legal, self._rng, rank if stats.ranked else None)
                if rank is not None and not stats.ranked:
                    stats.rank(legal, rank(legal))
                if lazy is not None and complete and stats.refused and not legal_now <= stats.refused:
                    legal_now = legal_now - stats.refused
                key = self._select(stats, legal_now, node.visits)
                if node is root and seat == me and self._check_root:  # and checked in this world
                    while not _allowed(ruleset, state, seat, stats.orders[key]):
                        legal_now = legal_now - {key}
                        if not legal_now:
                            return depth  # no root order is legal in this world: the iteration is lost
                        key = self._select(stats, legal_now, node.visits)
                tries = 0
                while lazy is not None and stats.orders[key] not in lazy:  # unchecked, or drawn in another world
                    tries += 1
                    legal_now = legal_now - {key}
                    if complete and legal_now:  # every legal order is listed: drop the refused one
                        stats.refused.add(key)
                        key = self._select(stats, legal_now, node.visits)
                        continue
                    if tries == PICK_TRIES or not legal_now:
                        stats.drawn = drawn_and_composed(lazy, self._rng, DRAWN_BELOW_ROOT, composer)
                        legal_now = stats.legal_keys(stats.drawn, self._rng, rank if stats.ranked else None)
                        lazy = None  # drawn from this world's set: legal
                    key = self._select(stats, legal_now, node.visits)
                orders[seat] = stats.orders[key]
                picks.append((seat, stats, key))
            path.append((node, picks))
            state, _ = ruleset.advance(state, orders)
            joint = tuple(k for _, _, k in picks)
            child = node.children.get(joint)
            if child is None:  # expand one node per iteration
                child = _Node()
                node.children[joint] = child
                node = child
                break
            node = child
        if values is None:
            values = self._rollout(ruleset, state, evaluator, rollout_depth)
        node.visits += 1
        for n, picks in path:
            n.visits += 1
            for seat, stats, key in picks:
                stats.visits[key] = stats.visits.get(key, 0) + 1
                stats.wins[key] = stats.wins.get(key, 0.0) + values[seat]
        return len(path)

    def _select(self, stats: _SeatStats, legal: frozenset[str], parent_visits: int) -> str:
        """UCB1 over the widened candidates legal now; an untried candidate first."""
        width = 1 + int(self.widening * parent_visits ** WIDENING_POWER)
        visits, wins, prior, bias = stats.visits, stats.wins, stats.bias, self.bias
        log_n = math.log(parent_visits + 1)
        best, best_value = "", -1.0
        for key in stats.perm:
            if key not in legal:
                continue
            n = visits.get(key, 0)
            if n == 0:
                return key
            value = wins[key] / n + self.c * math.sqrt(log_n / n) + bias * prior.get(key, 0.0) / (n + 1)
            if value > best_value:
                best, best_value = key, value
            width -= 1
            if width == 0:
                break
        return best

    def _rollout(self, ruleset: Ruleset[Any], state: Any, evaluator: Callable[[Any], dict[Seat, float]] | None,
                 depth: int) -> dict[Seat, float]:
        for _ in range(depth):
            outcome = ruleset.outcome(state)
            if outcome is not None:
                return self._ended(ruleset, state, outcome)
            orders = {seat: ruleset.legal(state, seat).sample(self._rng) for seat in ruleset.deciding(state)}
            state, _ = ruleset.advance(state, orders)
        outcome = ruleset.outcome(state)
        if outcome is not None:
            return self._ended(ruleset, state, outcome)
        if evaluator is not None:
            return evaluator(state)
        return {s: 0.5 for s in ruleset.seats(state)}

    def _ended(self, ruleset: Ruleset[Any], state: Any, outcome: Outcome) -> dict[Seat, float]:
        """A finished game's values: the game's evaluator's where it scores outcomes
        (``EVALUATE_OUTCOMES``), else :func:`outcome_values`."""
        if self._ends is not None:
            return self._ends(state)
        return outcome_values(ruleset.seats(state), outcome)
