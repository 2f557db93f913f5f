"""The Launch Fighters! heuristic bot: registered, sees only views, beats random play."""

from hexfleet.ai.base import get_bot
from hexfleet.engine.game import Game
from hexfleet.games import get_ruleset

RS = get_ruleset("launch-fighters")


def duel(seed: int, blue: str, red: str) -> tuple[str, ...]:
    g = Game(RS, "duel", seed=seed, options={"turn_limit": 12})
    bots = {"blue": get_bot(RS.name, blue, seed=seed), "red": get_bot(RS.name, red, seed=seed)}
    while not g.over:
        g.submit({s: bots[s].choose(RS, s, g.view(s), RS.legal(g.state, s)) for s in g.pending()})
    return RS.outcome(g.state).winners


def test_heuristic_beats_random():
    wins = 0
    for seed in range(4):
        heuristic = "blue" if seed % 2 else "red"
        seats = ("lf-heuristic", "random") if heuristic == "blue" else ("random", "lf-heuristic")
        winners = duel(seed, *seats)
        wins += winners == (heuristic,)
    assert wins >= 3
