"""The RL adapters measured: random playouts per second beside the native engine, and hexfleet's
``mcts`` against OpenSpiel's ``MCTSBot`` playing through the OpenSpiel adapter.

    .venv/bin/python bench/adapters.py --speed 3                       # playouts/s only
    .venv/bin/python bench/adapters.py --games 20 --think 0.2 --speed 0 # plus the match

**Speed**: random games (uniform legal orders; uniform legal sub-actions through the adapters)
for ``--speed`` seconds each: native kernel, the OpenSpiel state, the PettingZoo parallel env.

**Match**: on OpenSpiel's ``convert_to_turn_based`` of the adapter's game (simultaneous
decisions become turns, player 0 first). Our ``mcts`` decides a whole order in ``--think``
seconds at each of its decisions, from its own view, and plays it as sub-actions
(``Table.actions_for``). OpenSpiel's ``MCTSBot`` (UCT c=2, one random rollout per leaf) gets the
same wall-clock time per decision: its simulation count per sub-action is set before each search
from its measured time per simulation (timed first, then kept up to date) so that its
sub-actions of one decision take ``think`` seconds; the time each side actually spent per
decision is printed. Seats alternate between games;
win rate with a Wilson 95 % interval, draws counted as half in the score. Know what it means:
``MCTSBot`` searches the true state, so it sees hidden information, the seed's future dice
and, when it is player 1, the plot player 0 has just committed; ours sees only its view.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

from hexfleet.adapters.openspiel import load_game
from hexfleet.adapters.pettingzoo import parallel_env
from hexfleet.adapters.table import Table
from hexfleet.ai.base import get_bot
from hexfleet.games import get_ruleset
from hexfleet.sim.stats import wilson

CASES = {"turn-or-burn": ("quick-shot", {"turn_limit": 30}), "launch-fighters": ("duel", {})}
"""The scenarios the issue names (a name is fine here: bench/ is not a shared package file)."""

MAX_MOVES = 3000


def _native(game: str, scenario: str, options: dict[str, Any], seconds: float) -> tuple[int, int]:
    ruleset = get_ruleset(game)
    games = decisions = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state, rnd = ruleset.new_game(scenario, seed=games, options=options), random.Random(games)
        while not ruleset.is_over(state):
            ask = ruleset.pending(state)
            state, _ = ruleset.advance(state, {s: ruleset.legal(state, s).sample(rnd) for s in ask})
            decisions += 1
        games += 1
    return games, decisions


def _openspiel(game: str, scenario: str, options: dict[str, Any], seconds: float) -> tuple[int, int]:
    loaded = load_game(game, scenario, options=options, max_moves=MAX_MOVES)
    games = decisions = 0
    rnd = random.Random(1)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rnd.randrange(len(state.chance_outcomes())))
            elif state.is_simultaneous_node():
                state.apply_actions([rnd.choice(a) if (a := state.legal_actions(p)) else 0
                                     for p in range(loaded.num_players())])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
        decisions += state.table.decisions
        games += 1
    return games, decisions


def _pettingzoo(game: str, scenario: str, options: dict[str, Any], seconds: float) -> tuple[int, int]:
    env = parallel_env(game, scenario, options=options, max_moves=MAX_MOVES)
    games = decisions = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        obs, _ = env.reset(seed=games)
        while env.agents:
            obs, *_ = env.step({a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents})
        decisions += env.table.decisions
        games += 1
    return games, decisions


def speed(seconds: float, only: str | None) -> None:
    for game, (scenario, options) in CASES.items():
        if only and game != only:
            continue
        for label, run in (("native", _native), ("openspiel", _openspiel), ("pettingzoo", _pettingzoo)):
            start = time.perf_counter()
            games, decisions = run(game, scenario, options, seconds)
            took = time.perf_counter() - start
            print(f"{game}/{scenario} {label:10s}: {games / took:8.1f} random games/s, {decisions / took:8.0f} decisions/s",
                  flush=True)


def _sub_actions_per_decision(game: str, scenario: str, options: dict[str, Any]) -> float:
    """Sub-actions one seat takes per decision it is asked, over a few random games."""
    table = Table(get_ruleset(game), scenario, options=options)
    rnd = random.Random(3)
    taken = asked = 0
    for seed in range(5):
        table.start(seed)
        while table.deciding():
            for seat in table.deciding():
                if not table.cursors[seat].taken:
                    asked += 1
                taken += 1
                table.act(seat, rnd.choice(table.legal_actions(seat)))
                if not table.deciding():
                    break
    return taken / asked


def _calibrate(turn_based: Any) -> float:
    """Seconds per MCTSBot simulation, timed from the first decision (kept up to date in play)."""
    state = turn_based.new_initial_state()
    state.apply_action(0)
    probe = 100
    bot = MCTSBot(turn_based, 2.0, probe, RandomRolloutEvaluator(1, np.random.RandomState(0)),
                  random_state=np.random.RandomState(0), solve=False)
    start = time.perf_counter()
    bot.step(state)
    return (time.perf_counter() - start) / probe


class _Clock:
    """Think time actually spent per decision by each side, and MCTSBot's simulation rate."""

    def __init__(self, per_simulation: float):
        self.per_simulation = per_simulation
        self.spent = [0.0, 0.0]  # ours, theirs
        self.decisions = [0, 0]
        self.simulations: list[int] = []

    def simulations_for(self, think: float, per_decision: float) -> int:
        n = max(2, int(think / per_decision / self.per_simulation))
        self.simulations.append(n)
        return n

    def observe(self, simulations: int, seconds: float) -> None:
        """Move the rate toward the last search's (rollouts shorten as a game goes on)."""
        self.per_simulation = 0.7 * self.per_simulation + 0.3 * seconds / simulations


def _match_game(game: str, scenario: str, options: dict[str, Any], think: float, per_decision: float, clock: _Clock,
                ours: int, seed: int) -> float:
    """One game; the result for our bot (1 win, 0.5 draw, 0 loss); ours plays player ``ours``.
    MCTSBot's simulations per sub-action follow its measured rate, so that its sub-actions of
    one decision take ``think`` seconds like ours."""
    ruleset = get_ruleset(game)
    loaded = load_game(game, scenario, options=options, max_moves=MAX_MOVES, seeds=1 << 20)
    turn_based = pyspiel.convert_to_turn_based(loaded)
    mirror = Table(ruleset, scenario, options=options)
    our_seat = mirror.seats[ours]
    bot = get_bot(game, "mcts", scenario=scenario, seed=seed, think=think)
    theirs = MCTSBot(turn_based, 2.0, 2, RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                     random_state=np.random.RandomState(seed), solve=False)
    state = turn_based.new_initial_state()
    plan: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            action = random.Random(seed).randrange(len(state.chance_outcomes()))
            mirror.start(action)
        elif player == ours:
            if not plan:
                start = time.perf_counter()
                legal = ruleset.legal(mirror.state, our_seat)
                plan = mirror.actions_for(our_seat, bot.choose(ruleset, our_seat, mirror.view(our_seat), legal))
                clock.spent[0] += time.perf_counter() - start
                clock.decisions[0] += 1
            action = plan.pop(0)
            mirror.act(our_seat, action)
        else:
            seat = mirror.seats[player]
            clock.decisions[1] += not mirror.cursors[seat].taken
            theirs.max_simulations = clock.simulations_for(think, per_decision)
            start = time.perf_counter()
            action = theirs.step(state)
            took = time.perf_counter() - start
            clock.spent[1] += took
            clock.observe(theirs.max_simulations, took)
            mirror.act(seat, action)
        state.apply_action(action)
    returns = state.returns()
    return 0.5 + 0.5 * (returns[ours] > 0) - 0.5 * (returns[ours] < 0)


def match(games: int, think: float, only: str | None) -> None:
    for game, (scenario, options) in CASES.items():
        if only and game != only:
            continue
        loaded = load_game(game, scenario, options=options, max_moves=MAX_MOVES)
        per_decision = _sub_actions_per_decision(game, scenario, options)
        clock = _Clock(_calibrate(pyspiel.convert_to_turn_based(loaded)))
        start = time.perf_counter()
        results = []
        for g in range(games):
            results.append(_match_game(game, scenario, options, think, per_decision, clock, g % 2, 1000 + g))
            print(f"  game {g + 1}: ours as player {g % 2}: {results[-1]} [{time.perf_counter() - start:.0f} s]", flush=True)
        wins, draws = results.count(1.0), results.count(0.5)
        low, high = wilson(wins, games)
        ours_s, theirs_s = (clock.spent[i] / max(1, clock.decisions[i]) for i in (0, 1))
        print(f"{game}/{scenario} {options}: hexfleet mcts vs OpenSpiel MCTSBot, {games} games, think {think} s/decision "
              f"(spent: ours {ours_s:.2f} s, theirs {theirs_s:.2f} s per decision; MCTSBot "
              f"{np.mean(clock.simulations):.0f} simulations per sub-action on average, {per_decision:.1f} sub-actions "
              f"per decision): {wins}W {draws}D {games - wins - draws}L, win rate {100 * wins / games:.0f}% "
              f"(95% CI {100 * low:.0f}-{100 * high:.0f}), score {100 * sum(results) / games:.0f}% "
              f"[{time.perf_counter() - start:.0f} s]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speed", type=float, default=3.0, help="seconds of random games per engine (0: skip)")
    parser.add_argument("--games", type=int, default=0, help="match games per scenario (0: skip)")
    parser.add_argument("--think", type=float, default=0.2, help="seconds per decision for each bot")
    parser.add_argument("--game", choices=sorted(CASES), help="only this game's scenario")
    args = parser.parse_args()
    if args.speed:
        speed(args.speed, args.game)
    if args.games:
        match(args.games, args.think, args.game)


if __name__ == "__main__":
    main()
