"""Every game and scenario as PettingZoo environments, passing PettingZoo's own API tests (issue 16)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from hexfleet.adapters.pettingzoo import env, parallel_env  # noqa: E402
from hexfleet.games import get_ruleset  # noqa: E402

from .cases import CASES, IDS  # noqa: E402
from .dropout import Dropout  # noqa: E402

SHORT = {"max_moves": 60}
"""Random games are truncated after 60 steps, keeping the file to seconds."""


@pytest.fixture(autouse=True)
def _quiet():
    """The API tests warn about what every masked Dict observation does (not a bare array)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_parallel_api(game: str, scenario: str) -> None:
    pettingzoo_test.parallel_api_test(parallel_env(game, scenario, **SHORT), num_cycles=80)


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=IDS)
def test_aec_api(game: str, scenario: str) -> None:
    pettingzoo_test.api_test(env(game, scenario, **SHORT), num_cycles=80)


def _rollout(par, seed: int, steps: int) -> list:
    """A random game from ``reset(seed)``: actions drawn from the seeded action spaces with the mask."""
    obs, _ = par.reset(seed=seed)
    trace = []
    for _ in range(steps):
        if not par.agents:
            break
        actions = {a: par.action_space(a).sample(mask=obs[a]["action_mask"]) for a in par.agents}
        obs, rewards, terms, truncs, _ = par.step(actions)
        trace.append((sorted(actions.items()), {a: o["observation"].tobytes() for a, o in obs.items()}, rewards, terms))
    return trace


@pytest.mark.parametrize(("game", "scenario"), CASES[::4], ids=IDS[::4])
def test_seeded_reset_reproduces_the_game(game: str, scenario: str) -> None:
    first = _rollout(parallel_env(game, scenario), 7, 40)
    again = _rollout(parallel_env(game, scenario), 7, 40)
    assert first == again
    other = _rollout(parallel_env(game, scenario), 8, 40)
    assert other != first  # another seed: another game (or at least other sampled actions)


@pytest.mark.parametrize(("game", "scenario"), CASES[::4], ids=IDS[::4])
def test_spaces_and_masks(game: str, scenario: str) -> None:
    par = parallel_env(game, scenario, width=32)
    assert par.possible_agents == list(get_ruleset(game).scenarios()[scenario].seats)
    obs, infos = par.reset(seed=1)
    deciding = par.table.deciding()
    for agent in par.agents:
        assert par.observation_space(agent).contains(obs[agent])
        assert par.action_space(agent).n == 32
        mask = obs[agent]["action_mask"]
        assert list(np.flatnonzero(mask)) == par.table.legal_actions(agent)
        assert mask.any() == (agent in deciding) == infos[agent]["deciding"]
        text = obs[agent]["observation"].tobytes().rstrip(b"\0").decode()
        assert text == par.table.observation(agent)


def test_an_illegal_or_missing_action_is_refused() -> None:
    game, scenario = CASES[0]
    par = parallel_env(game, scenario)
    obs, _ = par.reset(seed=2)
    deciding = par.table.deciding()
    with pytest.raises(ValueError, match="no action from"):
        par.step({})
    bad = {a: int(np.flatnonzero(obs[a]["action_mask"] == 0)[0]) for a in deciding}
    with pytest.raises(ValueError, match="not legal"):
        par.step(bad)


def test_dropped_out_agents_are_terminated_and_removed() -> None:
    """b leaves first: it is terminated with reward 0 and leaves ``agents``; a and c play on
    until a leaves: c wins (+1) and a and b share the loss (a gets its -0.5 at the end)."""
    par = parallel_env(Dropout(), "three")
    par.reset(seed=1)
    stay, leave = 0, 1
    _, rewards, terms, truncs, _ = par.step({"a": stay, "b": leave, "c": stay})
    assert terms == {"a": False, "b": True, "c": False} and not any(truncs.values())
    assert rewards["b"] == 0.0 and par.agents == ["a", "c"]
    _, rewards, terms, _, _ = par.step({"a": leave, "c": stay})
    assert set(terms) == {"a", "c"} and all(terms.values()) and par.agents == []
    assert rewards == {"a": -0.5, "c": 1.0}


def test_dropped_out_agents_in_the_aec_api() -> None:
    aec = env(Dropout(), "three")
    aec.reset(seed=1)
    for action in (0, 1, 0):  # a stays, b leaves, c stays (each unseen by the others)
        aec.step(action)
    assert aec.terminations["b"] and aec.agent_selection == "b"  # the dead agent steps first
    aec.step(None)
    assert aec.agents == ["a", "c"] and aec.agent_selection == "a"
    pettingzoo_test.api_test(env(Dropout(), "three"), num_cycles=50)
    pettingzoo_test.parallel_api_test(parallel_env(Dropout(), "three"), num_cycles=50)


def test_truncation_is_a_draw_for_everyone() -> None:
    game, scenario = CASES[0]
    par = parallel_env(game, scenario, max_moves=1)
    obs, _ = par.reset(seed=4)
    _, rewards, terms, truncs, _ = par.step({a: par.action_space(a).sample(mask=obs[a]["action_mask"]) for a in par.agents})
    assert not any(terms.values())  # one step never ends this game: it is cut
    assert all(truncs.values()) and set(rewards.values()) == {0.0} and par.agents == []
