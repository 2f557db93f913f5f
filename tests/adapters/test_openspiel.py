"""Every game and scenario as an OpenSpiel game, passing OpenSpiel's own tests (issue 16)."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from hexfleet.adapters.openspiel import SHORT_NAME, load_game  # noqa: E402
from hexfleet.games import get_ruleset  # noqa: E402

from .cases import CASES, IDS  # noqa: E402

SHORT = {"max_moves": 80, "seeds": 4}
"""Random games are cut (a draw) after 80 moves, keeping the whole file to seconds."""


def _simultaneous(game: str) -> bool:
    return get_ruleset(game).dynamics != "sequential"


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_random_sim_test_with_serialisation(game: str, scenario: str) -> None:
    """OpenSpiel's RandomSimTest: legal actions, chance, strings, returns, clone, serialisation."""
    pyspiel.random_sim_test(load_game(game, scenario, **SHORT), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "scenario"), [c for c in CASES if _simultaneous(c[0])],
                         ids=[i for c, i in zip(CASES, IDS) if _simultaneous(c[0])])
def test_turn_based_conversion(game: str, scenario: str) -> None:
    turn_based = pyspiel.convert_to_turn_based(load_game(game, scenario, **SHORT))
    assert turn_based.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turn_based, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", sorted({g for g, _ in CASES}))
def test_game_shape(game: str) -> None:
    """Players are the scenario's seats; the action space is the declared width; dynamics follow the ruleset."""
    ruleset = get_ruleset(game)
    scenario = ruleset.scenario()
    loaded = load_game(game, scenario, width=64)
    assert loaded.num_players() == len(ruleset.scenarios()[scenario].seats)
    assert loaded.num_distinct_actions() == 64
    expected = pyspiel.GameType.Dynamics.SIMULTANEOUS if _simultaneous(game) else pyspiel.GameType.Dynamics.SEQUENTIAL
    assert loaded.get_type().dynamics == expected
    assert loaded.get_type().short_name == SHORT_NAME
    again = pyspiel.load_game(str(loaded))  # the game string names the game, scenario and options
    assert str(again) == str(loaded) and again.num_distinct_actions() == 64
    assert (loaded.min_utility(), loaded.max_utility(), loaded.utility_sum()) == (-1.0, 1.0, 0.0)


def _play(state, rnd: random.Random, moves: int):
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rnd.choice([a for a, _ in state.chance_outcomes()]))
        elif state.is_simultaneous_node():
            state.apply_actions([rnd.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                                 for p in range(state.num_players())])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "scenario"), CASES[::5], ids=IDS[::5])
def test_serialised_and_pickled_states_continue_identically(game: str, scenario: str) -> None:
    loaded = load_game(game, scenario, **SHORT)
    state = _play(loaded.new_initial_state(), random.Random(3), 12)
    text = pyspiel.serialize_game_and_state(loaded, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    unpickled = pickle.loads(pickle.dumps(state))
    players = range(loaded.num_players())
    for copy in (back, unpickled, state.clone()):
        assert [copy.information_state_string(p) for p in players] == [state.information_state_string(p) for p in players]
        assert [copy.observation_string(p) for p in players] == [state.observation_string(p) for p in players]
        assert copy.history() == state.history()
    ends = [_play(s, random.Random(8), 60) for s in (state, back, unpickled)]
    assert len({tuple(s.history()) for s in ends}) == 1
    assert len({tuple(s.returns()) for s in ends}) == 1


def test_chance_draws_the_seed_and_nobody_sees_it() -> None:
    """The first node is chance over the seeds; the generator it starts appears in no string."""
    game, scenario = CASES[0]
    loaded = load_game(game, scenario, seeds=5)
    state = loaded.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(i, 0.2) for i in range(5)]
    games = set()
    for seed in range(5):
        child = _play(state.child(seed), random.Random(seed), 6)
        generator = format(child.table.state.rng.value, "016x")
        for p in range(child.num_players()):
            assert generator not in child.information_state_string(p)
            assert generator not in child.observation_string(p)
        games.add(child.table.ruleset.state_hash(child.table.state))
    assert len(games) == 5  # each seed is another game


def test_cut_games_are_draws_within_the_declared_length() -> None:
    game, scenario = CASES[0]
    loaded = load_game(game, scenario, max_moves=3)
    state = _play(loaded.new_initial_state(), random.Random(1), 100)
    assert state.is_terminal() and state.returns() == [0.0] * loaded.num_players()
    assert state.moves <= loaded.max_game_length()


def test_unknown_option_is_named() -> None:
    with pytest.raises(ValueError, match="unknown option.*widht"):
        load_game(*CASES[0], widht=3)


@pytest.mark.parametrize(("game", "scenario"), CASES[::4], ids=IDS[::4])
def test_strings_are_the_tables_per_seat_strings(game: str, scenario: str) -> None:
    """OpenSpiel's strings are the table's (tested for hidden information in test_hidden.py)."""
    loaded = load_game(game, scenario, **SHORT)
    state = loaded.new_initial_state()
    rnd = random.Random(6)
    for _ in range(20):
        state = _play(state, rnd, 1)
        if state.is_terminal() or state.is_chance_node():
            continue
        for p, seat in enumerate(state.table.seats):
            assert state.information_state_string(p) == state.table.information_state(seat)
            assert state.observation_string(p) == state.table.observation(seat)


def test_observation_tensor_is_the_observation_strings_bytes() -> None:
    game, scenario = CASES[0]
    loaded = load_game(game, scenario, obs_bytes=20000)
    assert loaded.observation_tensor_shape() == [20000]
    state = _play(loaded.new_initial_state(), random.Random(2), 5)
    for p in range(loaded.num_players()):
        tensor = np.asarray(state.observation_tensor(p))
        data = state.observation_string(p).encode()
        assert np.allclose(tensor[:len(data)] * 255, np.frombuffer(data, np.uint8)) and not tensor[len(data):].any()
    tiny = load_game(game, scenario, obs_bytes=10)
    with pytest.raises(Exception, match="obs_bytes=10"):
        tiny.new_initial_state().child(0).observation_tensor(0)


def test_openspiel_rl_environment_trains() -> None:
    """OpenSpiel's RL loop (tabular Q-learning on the turn-based game) runs to the end of games."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    game, scenario = CASES[-1]
    env = rl_environment.Environment(pyspiel.convert_to_turn_based(load_game(game, scenario, **SHORT)))
    agents = [tabular_qlearner.QLearner(p, env.action_spec()["num_actions"]) for p in range(env.num_players)]
    for _ in range(3):
        ts = env.reset()
        while not ts.last():
            ts = env.step([agents[ts.observations["current_player"]].step(ts).action])
        for agent in agents:
            agent.step(ts)
        assert abs(sum(ts.rewards)) < 1e-9
