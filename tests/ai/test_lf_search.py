"""Launch Fighters! knowledge for search: the leaf evaluator and the prior (ai/launch_fighters.py)."""

from hexfleet.ai import launch_fighters as lf
from hexfleet.ai.base import get_bot
from hexfleet.games import get_ruleset
from hexfleet.plugins import game_bots

from ..rules.launch_fighters.helpers import play, position, ship, state_of

RS = get_ruleset("launch-fighters")


def test_search_finds_the_evaluator_and_the_prior():
    hooks = game_bots("launch-fighters")
    assert hooks.evaluate is lf.evaluate and hooks.prior is lf.prior


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
