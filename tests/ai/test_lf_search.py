"""Launch Fighters! knowledge for search: the leaf evaluator and the prior (ai/launch_fighters.py)."""

from hexfleet.ai import launch_fighters as lf
from hexfleet.ai.base import get_bot
from hexfleet.engine.ruleset import step
from hexfleet.games import get_ruleset
from hexfleet.games.launch_fighters.state import Work
from hexfleet.plugins import game_bots

from ..rules.launch_fighters.helpers import at, play, position, ship, state_of

RS = get_ruleset("launch-fighters")


def test_search_finds_the_evaluator_and_the_prior():
    hooks = game_bots("launch-fighters")
    assert hooks.evaluate is lf.evaluate and hooks.prior is lf.prior and hooks.prune is lf.prune


def test_search_plays_the_scenarios_fleet():
    # the rules offer every sample fleet within the limit; search keeps the scenario's, as the
    # heuristic does (a 97-point fleet taken at random lost a 200-point battle by 277 VP)
    state = RS.new_game("standard", seed=4)
    offered = list(RS.legal(state, "blue"))
    assert len(offered) == 5
    assert [RS.order_json(state, "blue", o) for o in lf.prune(state, "blue", offered)] == [{}]
    assert lf.prune(state, "blue", [RS.order_json(state, "blue", o) for o in offered]) == [{}]
    bot = get_bot("launch-fighters", "mcts", scenario="standard", seed=1, iterations=20)
    view = RS.view(state, "blue")
    assert RS.order_json(state, "blue", bot.choose(RS, "blue", view, RS.legal(state, "blue"))) == {}
    placing, _ = step(RS, state, {"blue": {}, "red": {}})
    assert placing.phase != "fleet" and lf.prune(placing, "blue", ["x", "y"]) == ["x", "y"]  # nothing else pruned


def test_evaluate_favours_the_side_ahead_and_sums_to_one():
    even = state_of(position([ship("X-A", "X", (0, 0), 3), ship("Y-A", "Y", (6, 0), 0)], phase="move", step=3,
                             order=("X", "Y")))
    values = lf.evaluate(even)
    assert abs(values["X"] - 0.5) < 1e-9 and abs(values["Y"] - 0.5) < 1e-9
    damaged = {"cannons": 0, "launchers": 0, "bays": 0, "defense": 1, "move": 3}
    hurt = state_of(position([ship("X-A", "X", (0, 0), 3, current=damaged), ship("Y-A", "Y", (6, 0), 0)],
                             phase="move", step=3, order=("X", "Y")))
    values = lf.evaluate(hurt)
    assert values["X"] < 0.5 < values["Y"] and abs(values["X"] + values["Y"] - 1) < 1e-9


def test_evaluate_scores_a_finished_game_by_its_outcome():
    s = RS.new_game("duel", seed=2, options={"turn_limit": 1})
    while RS.pending(s):
        s, _ = RS.advance(s, {p: RS.legal(s, p).first() for p in RS.pending(s)})
    values = lf.evaluate(s)
    winners = s.outcome.winners
    assert all(values[p] == (0.5 if len(winners) != 1 else float(p in winners)) for p in RS.seats(s))


def test_the_prior_ranks_orders_as_the_heuristic_bot_does():
    """Barrages against a high defense: the prior's best order is the heuristic bot's choice."""
    s = state_of(position([ship("X-A", "X", (0, 0), 3, cannons=4, move=3), ship("Y-A", "Y", (3, 0), 3, defense=9, move=1)],
                          step=3, order=("Y", "X")))
    s, _ = play(s, {"unit": "X-A"})
    s, _ = play(s, {"system": "cannons", "target": "Y-A"})
    orders = list(RS.legal(s, "X"))
    scores = lf.prior(s, "X", orders)
    best = orders[max(range(len(orders)), key=scores.__getitem__)]
    bot = get_bot("launch-fighters", "lf-heuristic", seed=1)
    assert RS.order_json(s, "X", best) == bot.choose(RS, "X", RS.view(s, "X"), RS.legal_orders(s, "X"))
    assert lf.prior(s, "X", RS.legal_orders(s, "X")) == scores  # JSON orders score the same


def _big_against_small(**kw):
    """X's big gunship against Y's small one: an unequal start (X brought far more points)."""
    big = ship("X-A", "X", (0, 0), 3, cannons=4, defense=4, move=3, **kw)
    return position([big, ship("Y-A", "Y", (6, 0), 0, cannons=1, move=2)], phase="move", step=3, order=("X", "Y"))


def test_evaluate_measures_each_side_from_what_it_brought():
    """At an unequal start each side stands at its own handicap: even, not the weaker side's
    flat loss; the weaker side that hurt the stronger one is ahead though still behind on VP."""
    start = lf.evaluate(state_of(_big_against_small()))
    assert abs(start["X"] - 0.5) < 1e-9
    damaged = {"cannons": 1, "launchers": 0, "bays": 0, "defense": 2, "move": 1}
    hurt = state_of(_big_against_small(current=damaged))
    w = Work(hurt, share=True)
    now = lf.standing(w)
    assert now["X"] > now["Y"]  # X would still win if the game ended here...
    values = lf.evaluate(hurt)
    assert values["Y"] > 0.5 > values["X"]  # ...but Y gained on what it brought, X lost
    assert abs(values["X"] + values["Y"] - 1) < 1e-9


def test_evaluate_counts_kills_where_the_scenario_ranks_by_ships_destroyed():
    """LF-SCEN-05: X destroyed Y's cheap tender while Y shot X's gunship to pieces. By victory
    points Y is ahead; by ships destroyed, X."""
    wreck = {"cannons": 1, "launchers": 0, "bays": 0, "defense": 1, "move": 1}
    tender = ship("Y-B", "Y", (3, 3), 0, defense=0, move=1)  # 1 point
    tender.update(status="destroyed", hex=None)
    ships = [ship("X-A", "X", (0, 0), 3, cannons=4, defense=4, move=3, current=wreck),
             ship("Y-A", "Y", (6, 0), 0, cannons=4, defense=4, move=3), tender]
    pos = position(ships, phase="move", step=3, order=("X", "Y"), ledger=[["X", 2, "Y-B"]])
    by_vp = lf.evaluate(state_of(pos))
    assert by_vp["Y"] > 0.5 > by_vp["X"]
    by_kills = lf.evaluate(state_of({**pos, "options": {"victory": "ships_destroyed"}}))
    assert by_kills["X"] > 0.5 > by_kills["Y"]


def test_evaluate_counts_the_area_to_the_side_holding_it():
    """LF-SCEN-01: of two equal ships, the one in the scenario's area is ahead (it would score
    the area's VP at the turn's end); with both in it, nobody holds it."""
    def values(y_hex):
        ships = [ship("X-A", "X", (0, 0), 3, cannons=2), ship("Y-A", "Y", y_hex, 0, cannons=2)]
        area = {"hexes": [at(0, 0), at(1, 0)], "vp": 5}
        return lf.evaluate(state_of(position(ships, phase="move", step=3, order=("X", "Y"), control=area)))
    assert values((6, 0))["X"] > 0.5
    assert abs(values((1, 0))["X"] - 0.5) < 1e-9


def test_a_world_read_once_per_view_is_the_world_read_every_time():
    """``determinize`` reads a view's position once and only replaces the generator after
    (``LastRead``): each world is the one reading the position with that generator gives, its
    hash and its play alike, at every decision of a random game."""
    import random

    from hexfleet.games.launch_fighters.position import parse_position

    rnd = random.Random(5)
    state = RS.new_game("duel", seed=5)
    for _ in range(40):
        pending = RS.pending(state)
        if not pending:
            break
        seat = next(iter(pending))
        view = RS.view(state, seat)
        for rng in (1, 2, 2**40):
            world, fresh = lf.determinize(view, seat, rng), parse_position(view["position"], rng=rng)
            assert RS.state_hash(world) == RS.state_hash(fresh)
            orders = {p: RS.legal(fresh, p).sample(random.Random(rng)) for p in pending}
            assert RS.advance(world, orders)[1] == RS.advance(fresh, orders)[1]
        state, _ = RS.advance(state, {p: RS.legal(state, p).sample(rnd) for p in pending})
