"""MCTS: generic over rulesets (sequential and simultaneous), limits, Turn or Burn sanity."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from hexfleet.ai import get_bot
from hexfleet.ai.mcts import Limit, MctsBot, outcome_values
from hexfleet.engine.errors import RuleError
from hexfleet.engine.ruleset import Outcome, step
from hexfleet.games import get_ruleset

from .toy_games import Counter, Duel, Race


def test_a_limit_needs_time_or_iterations():
    with pytest.raises(ValueError):
        Limit()
    assert Limit(iterations=5).time is None


def test_the_think_budget_counts_cpu_time_or_wall_time():
    """``clock="cpu"`` counts the search thread's processor time: a study's strength then does
    not depend on what else the machine runs; an unknown clock is refused."""
    race = Race()
    state = race.new_game("from", seed=0, options={"start": 8})
    for clock in ("cpu", "wall"):
        bot = MctsBot(seed=1, think=0.05, search=race, clock=clock, settle=False)
        assert bot.choose(race, "a", race.view(state, "a"), race.legal(state, "a")) == 2
        assert bot.info.iterations > 1 and bot.info.seconds >= 0.05
    with pytest.raises(ValueError, match="unknown clock 'sundial'"):
        MctsBot(clock="sundial")


@pytest.mark.parametrize("start,best", [(8, 2), (9, 1), (6, 1), (5, 2)])
def test_sequential_search_finds_the_winning_move(start, best):
    race = Race()
    state = race.new_game("from", seed=0, options={"start": start})
    bot = MctsBot(seed=1, think=None, iterations=600, search=race)
    assert bot.choose(race, "a", race.view(state, "a"), race.legal(state, "a")) == best


def test_simultaneous_search_plays_the_dominant_pick():
    duel = Duel()
    state = duel.new_game("once", seed=0)
    for seat in ("a", "b"):
        bot = MctsBot(seed=2, think=None, iterations=400, search=duel, settle=False)
        assert bot.choose(duel, seat, duel.view(state, seat), duel.legal(state, seat)) == 3
        assert bot.info.iterations == 400


@pytest.mark.parametrize("start", [8, 6, 5, 0])
def test_a_settled_choice_stops_the_search_with_the_same_pick(start):
    """Under an iteration limit, stopping once no order can overtake the leader picks exactly
    what the full budget picks, in fewer iterations. (From 9 both orders win: the visits stay
    even, nothing settles, and the full budget runs.)"""
    race = Race()
    state = race.new_game("from", seed=0, options={"start": start})
    view, legal = race.view(state, "a"), race.legal(state, "a")
    full = MctsBot(seed=1, think=None, iterations=3000, search=race, settle=False)
    early = MctsBot(seed=1, think=None, iterations=3000, search=race)
    assert early.choose(race, "a", view, legal) == full.choose(race, "a", view, legal)
    assert full.info.iterations == 3000
    assert early.info.iterations < 3000 and early.info.iterations % 32 == 0


def test_a_settled_choice_stops_a_timed_search_before_its_deadline():
    """Under a time limit the rest of the budget is estimated from the rate so far: an obvious
    move (the winning one of the race) is settled long before 5 s of thinking."""
    race = Race()
    state = race.new_game("from", seed=0, options={"start": 8})
    bot = MctsBot(seed=1, think=5.0, search=race)
    assert bot.choose(race, "a", race.view(state, "a"), race.legal(state, "a")) == 2
    assert bot.info.seconds < 5.0


def test_the_tree_grows_below_the_root():
    """Each iteration expands one node under the one it came from (not a detached one)."""
    race = Race()
    state = race.new_game("from", seed=0, options={"start": 0})
    bot = MctsBot(seed=1, think=None, iterations=600, search=race)
    bot.choose(race, "a", race.view(state, "a"), race.legal(state, "a"))
    assert bot.info.depth >= 3
    tob = get_ruleset("turn-or-burn")
    state = tob.new_game("quick-shot", seed=5, options={"turn_limit": 20})
    bot = MctsBot(seed=1, think=None, iterations=1500)
    bot.choose(tob, "red", tob.view(state, "red"), tob.legal(state, "red"))
    assert bot.info.depth >= 2


def test_the_iteration_limit_makes_a_seeded_bot_reproducible():
    tob = get_ruleset("turn-or-burn")
    state = tob.new_game("quick-shot", seed=5, options={"turn_limit": 20})
    view, legal = tob.view(state, "red"), tob.legal(state, "red")
    bot = get_bot("turn-or-burn", "mcts", seed=9, think=None, iterations=150)
    picks = {repr(bot.choose(tob, "red", view, legal))}
    picks.add(repr(get_bot("turn-or-burn", "mcts", seed=9, think=None, iterations=150).choose(tob, "red", view, legal)))
    assert len(picks) == 1


def test_mcts_plays_a_whole_turn_or_burn_game_legally():
    tob = get_ruleset("turn-or-burn")
    state = tob.new_game("quick-shot", seed=11, options={"turn_limit": 8})
    bots = {s: get_bot("turn-or-burn", "mcts", seed=s, think=None, iterations=60) for s in ("red", "blue")}
    while not tob.is_over(state):
        orders = {s: bots[s].choose(tob, s, tob.view(state, s), tob.legal(state, s)) for s in tob.pending(state)}
        state, _ = step(tob, state, orders)  # validates every order
    assert tob.outcome(state) is not None


def test_the_setup_prior_puts_the_preferred_gun_first():
    tob = get_ruleset("turn-or-burn")
    state = tob.new_game("quick-shot", seed=5)
    bot = MctsBot(seed=3, think=None, iterations=40)
    order = bot.choose(tob, "red", tob.view(state, "red"), tob.legal(state, "red"))
    assert tob.order_json(state, "red", order)["R1"]["gun"] == "DB"


def test_a_game_every_seat_won_is_a_draw_to_search():
    """A tie ranked as shared winners (Launch Fighters! equal VP) is worth a draw, not a win;
    a win shared by some seats of a melee stays a win for them."""
    seats = ("a", "b", "c")
    assert outcome_values(seats[:2], Outcome("turn_limit", ("a", "b"))) == {"a": 0.5, "b": 0.5}
    assert outcome_values(seats, Outcome("turn_limit", ("a", "b"))) == {"a": 1.0, "b": 1.0, "c": 0.0}
    assert outcome_values(seats, Outcome("draw", ())) == {"a": 0.5, "b": 0.5, "c": 0.5}


def test_a_set_too_big_to_list_gets_the_priors_own_best_order():
    """Six units of ten choices (a million orders, far more than are listed): random draws would
    hold the best one by chance only, while :func:`composed` builds it unit by unit from a prior
    that sums the units' parts, and adds each unit's runners-up beside it."""
    import random

    from hexfleet.ai.mcts import COMPOSED_ALTERNATIVES, LIST_UP_TO, composed
    from hexfleet.engine.legal import PerUnit

    rnd = random.Random(7)
    units = {f"u{i}": [f"c{j}" for j in range(10)] for i in range(6)}
    part = {(u, c): rnd.random() for u, cs in units.items() for c in cs}
    legal = PerUnit(units, lambda picks: tuple(sorted(picks.items())), lambda order: True)
    assert legal.count() > LIST_UP_TO

    def rank(orders):
        return [sum(part[pick] for pick in order) for order in orders]

    best = tuple(sorted((u, max(cs, key=lambda c: part[(u, c)])) for u, cs in units.items()))
    orders = composed(legal, rank)
    assert orders[0] == best
    assert len(orders) == 1 + len(units) * COMPOSED_ALTERNATIVES
    assert all(sum(a != b for a, b in zip(order, best)) == 1 for order in orders[1:])


def test_composed_checks_orders_only_where_a_rule_spans_units():
    """A set whose every combination of the units' choices is legal (it counts their product)
    has no order checked by :func:`composed`: a fleet plot's check costs as much as scoring it.
    Under a shared budget (a card two units cannot both use) each order is checked, and those
    the budget refuses are dropped: from every unit's first choice (c0, which three may use),
    the first unit takes its best other one."""
    from hexfleet.ai.mcts import composed
    from hexfleet.engine.legal import Budget, PerUnit

    units = {f"u{i}": [f"c{j}" for j in range(6)] for i in range(4)}
    checked: list[object] = []

    def contains(order):
        checked.append(order)
        return True

    def rank(orders):
        return [-sum(int(c[1:]) for _, c in order) for order in orders]  # c0 best for every unit

    free = PerUnit(units, lambda picks: tuple(sorted(picks.items())), contains)
    orders = composed(free, rank)
    assert orders[0] == tuple((u, "c0") for u in units)
    assert checked == []

    def fits(order):
        checked.append(order)
        return sum(c == "c0" for _, c in order) <= 3  # c0 is a card three units may use

    shared = PerUnit(units, lambda picks: tuple(sorted(picks.items())), fits,
                     budget=Budget(lambda c: [c] if c == "c0" else [], lambda card: 3))
    orders = composed(shared, rank)
    assert checked
    assert orders[0] == (("u0", "c1"), ("u1", "c0"), ("u2", "c0"), ("u3", "c0"))
    assert all(sum(c == "c0" for _, c in order) <= 3 for order in orders)


@dataclass(frozen=True, slots=True)
class _Gated(Counter):
    two_refused: bool = False


class _Flaky(Race):
    """Race where adding 2 is refused in half the worlds search imagines: as in a game whose
    order meets dice before its own checks (a Talon order resolves the end of a step first),
    an order legal in the true state may not be in a world drawn for search."""

    CHECK_ROOT_ORDERS = True

    def determinize(self, view, seat, rng):
        return _Gated(view["total"], view["to_move"], view["winner"], two_refused=rng % 2 == 0)

    def legal_orders(self, state, seat):
        orders = super().legal_orders(state, seat)
        return [1] if getattr(state, "two_refused", False) and orders else orders

    def validate(self, state, seat, order):
        if order not in self.legal_orders(state, seat):
            raise RuleError("FLAKY-1", "adding 2 is refused in this world")

    def advance(self, state, orders):
        (seat, add), = orders.items()
        self.validate(state, seat, add)
        return super().advance(state, orders)


class _Unchecked(_Flaky):
    CHECK_ROOT_ORDERS = False


def test_root_orders_are_checked_in_each_world_when_the_game_asks():
    """The root's orders are listed once, in the true state; a game whose orders' legality can
    differ between the worlds search draws (``CHECK_ROOT_ORDERS``) has each pick checked in its
    world, and another picked where it is refused. Unchecked, search applies a refused order."""
    state = Counter(8, "a")
    flaky = _Flaky()
    bot = MctsBot(seed=1, think=None, iterations=300, search=flaky, settle=False)
    assert bot.choose(flaky, "a", flaky.view(state, "a"), [1, 2]) in (1, 2)
    assert bot.info.iterations == 300
    unchecked = _Unchecked()
    with pytest.raises(RuleError, match="FLAKY-1"):
        MctsBot(seed=1, think=None, iterations=300, search=unchecked, settle=False).choose(
            unchecked, "a", unchecked.view(state, "a"), [1, 2])


class _Costly(Race):
    """Race whose legal set lists a third candidate, adding 3, that the rules refuse, and whose
    check is what search should spare (it counts them): as in Talon, where checking an order
    resolves it."""

    def __init__(self, listed_unchecked: bool = True):
        self.checks = 0
        self.listed_unchecked = listed_unchecked

    def legal(self, state, seat):
        from hexfleet.engine.legal import Filtered

        def check(order):
            self.checks += 1
            return order in (1, 2)

        unchecked = self.listed_unchecked

        class _Set(Filtered):
            def unchecked(self):
                return super().unchecked() if unchecked else None

        return _Set([1, 2, 3] if seat == state.to_move and not state.winner else [], check)

    def advance(self, state, orders):
        (seat, add), = orders.items()
        self.validate(state, seat, add)  # adding 3 would stop the search with RACE-1
        return super().advance(state, orders)

    @staticmethod
    def evaluate(state):  # leaves scored here: no random rollouts, whose draws check too
        return {s: 1.0 if s == state.winner else 0.0 if state.winner else 0.5 for s in ("a", "b")}


def test_below_the_root_search_checks_only_the_orders_it_picks():
    """A set whose check costs what applying the order does (:meth:`Legal.unchecked`) is listed
    unchecked below the root, and only the orders search picks are checked, a refused one
    dropped: the same best move, a refused order never applied, far fewer checks than checking
    every candidate of every node."""
    state = Counter(0, "a")
    lazy, listed = _Costly(), _Costly(listed_unchecked=False)
    picks = [MctsBot(seed=1, think=None, iterations=400, search=game, settle=False).choose(
        game, "a", game.view(state, "a"), [1, 2]) for game in (lazy, listed)]
    assert picks[0] == picks[1]
    assert lazy.checks < listed.checks / 2


class _Grudging(Race):
    """Race whose evaluator, asked of finished games too (``EVALUATE_OUTCOMES``), scores the
    win at 10 as worth nothing to its winner: search must then avoid it."""

    EVALUATE_OUTCOMES = True

    @staticmethod
    def evaluate(state):
        if state.winner is not None:
            return {s: 0.0 if s == state.winner else 0.2 for s in ("a", "b")}
        return {"a": 0.5, "b": 0.5}


class _Plain(_Grudging):
    EVALUATE_OUTCOMES = False


def test_a_game_may_score_its_finished_games_by_its_evaluator():
    """Search scores an end by win 1, draw ½, loss 0 unless the game's bots ask otherwise
    (``EVALUATE_OUTCOMES``, Talon: a draw no side fought for is worth less than an even fight
    not yet joined)."""
    state = Counter(8, "a")
    for game, best in ((_Grudging(), 1), (_Plain(), 2)):
        bot = MctsBot(seed=1, think=None, iterations=300, search=game, settle=False)
        assert bot.choose(game, "a", game.view(state, "a"), [1, 2]) == best
