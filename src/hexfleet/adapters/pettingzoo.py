"""Every hexfleet game as a PettingZoo environment (``pip install 'hexfleet[rl]'``).

``parallel_env(game, scenario, **options)`` and ``env(game, scenario, **options)`` (AEC) play
the game in the sub-actions of :class:`~hexfleet.adapters.table.Table`, built from the kernel
alone, so every registered game has both:

* ``possible_agents`` are the scenario's seats. An agent whose units are all gone while the
  others play on (the ruleset's ``seats_out``) is terminated with reward 0 and leaves
  ``agents``; at the end of the game every remaining agent is terminated with its return
  (zero-sum: +1 shared by the winners, -1 by the losers, 0 for a draw). A game cut at
  ``max_moves`` steps is truncated for everyone, a draw.
* ``action_space(agent)`` is ``Discrete(width)``: the table's sub-action encoding.
* ``observation_space(agent)`` is a ``Dict`` of ``"observation"``, the agent's observation
  (its kernel view and its own progress through the open decision, as canonical JSON) in
  UTF-8 bytes zero-padded to ``obs_bytes``, and ``"action_mask"``, 1 for each legal sub-action
  (all 0 while the agent has nothing to decide). ``infos`` hold the agent's own progress only.
* **Parallel**: every live agent sends an action each step; those with a sub-action open have
  it taken (all together: a secret simultaneous decision), the others' are ignored.
  **AEC**: the agent selected is the first (in seat order) with a sub-action open; seats
  deciding together each take their sub-actions unseen by the others.
* ``reset(seed=s)`` starts the game from seed ``s``, so the same seed and actions give the same
  game; ``reset()`` without a seed takes the next seed from the last one given.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..engine.ruleset import Ruleset, Seat
from ..games import get_ruleset
from .table import DEFAULT_WIDTH, Table

OBS_BYTES = 32768
"""Observation bytes: the largest view of the largest scenario (a six-player melee) is about a third of it."""


class _Common:
    """What both kinds of environment share: the table, the spaces, observations and seeding."""

    metadata: dict[str, Any] = {"name": "hexfleet", "render_modes": ["ansi"], "is_parallelizable": True}

    def _setup(self, game: str | Ruleset[Any], scenario: str | None, width: int, max_moves: int, obs_bytes: int,
               options: dict[str, Any] | None, render_mode: str | None) -> None:
        ruleset = game if isinstance(game, Ruleset) else get_ruleset(game)
        self.table = Table(ruleset, ruleset.scenario(scenario), options=options, width=width)
        self.possible_agents: list[Seat] = list(self.table.seats)
        self.max_moves = max_moves
        self.obs_bytes = obs_bytes
        self.render_mode = render_mode
        self.moves = 0
        self._seeder = random.Random()
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0, 255, (obs_bytes,), np.uint8),
            "action_mask": spaces.Box(0, 1, (width,), np.int8),
        }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(width) for a in self.possible_agents}

    def observation_space(self, agent: Seat) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: Seat) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _start(self, seed: int | None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            for i, agent in enumerate(self.possible_agents):
                self._action_spaces[agent].seed(seed + i)
                self._observation_spaces[agent].seed(seed + i)
        self.table.start(seed if seed is not None else self._seeder.getrandbits(63))
        self.moves = 0

    def _observe(self, agent: Seat) -> dict[str, np.ndarray]:
        data = self.table.observation(agent).encode("utf-8")
        if len(data) > self.obs_bytes:
            raise ValueError(f"{agent}'s observation takes {len(data)} bytes, more than obs_bytes={self.obs_bytes}: "
                             f"make the environment with a larger obs_bytes")
        observation = np.zeros(self.obs_bytes, np.uint8)
        observation[:len(data)] = np.frombuffer(data, np.uint8)
        mask = np.zeros(self.table.width, np.int8)
        mask[self.table.legal_actions(agent)] = 1
        return {"observation": observation, "action_mask": mask}

    def _info(self, agent: Seat) -> dict[str, Any]:
        return self.table.own_progress(agent)

    def _moved(self) -> None:
        self.moves += 1
        if self.moves >= self.max_moves and not self.table.over():
            self.table.cut = True

    def _out(self) -> set[Seat]:
        return set() if self.table.over() else set(self.table.ruleset.seats_out(self.table.state))

    def render(self) -> str | None:
        """``"ansi"``: the spectator's view (public information only) as JSON text."""
        return self.table.observation(None) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release: the game is plain data."""

    def state(self) -> np.ndarray:
        """Not provided: a global state would hold every seat's secrets."""
        raise NotImplementedError("hexfleet environments give each agent its own view only")


class HexfleetParallelEnv(_Common, ParallelEnv[Seat, dict[str, np.ndarray], int]):
    """The parallel API: one step takes every deciding agent's sub-action together."""

    def __init__(self, game: str | Ruleset[Any], scenario: str | None = None, *, width: int = DEFAULT_WIDTH, max_moves: int = 2000,
                 obs_bytes: int = OBS_BYTES, options: dict[str, Any] | None = None, render_mode: str | None = None):
        self._setup(game, scenario, width, max_moves, obs_bytes, options, render_mode)
        self.agents: list[Seat] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[Seat, dict[str, np.ndarray]], dict[Seat, dict[str, Any]]]:
        self._start(seed)
        out = self._out()
        self.agents = [a for a in self.possible_agents if a not in out]
        return {a: self._observe(a) for a in self.agents}, {a: self._info(a) for a in self.agents}

    def step(self, actions: dict[Seat, int]) -> tuple[dict[Seat, dict[str, np.ndarray]], dict[Seat, float],
                                                      dict[Seat, bool], dict[Seat, bool], dict[Seat, dict[str, Any]]]:
        deciding = self.table.deciding()
        missing = [a for a in deciding if a not in actions]
        if missing:
            raise ValueError(f"no action from {', '.join(missing)}, which must decide now")
        self.table.act_all({a: int(actions[a]) for a in deciding})
        self._moved()
        over, out = self.table.over(), self._out()
        returns = dict(zip(self.table.seats, self.table.returns())) if over else {}
        live = self.agents
        rewards = {a: float(returns.get(a, 0.0)) for a in live}
        terminations = {a: (over and not self.table.cut) or a in out for a in live}
        truncations = {a: self.table.cut for a in live}
        observations = {a: self._observe(a) for a in live}
        infos = {a: self._info(a) for a in live}
        self.agents = [a for a in live if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos


class HexfleetAECEnv(_Common, AECEnv[Seat, dict[str, np.ndarray], int | None]):
    """The AEC API: the selected agent is the first with a sub-action open."""

    def __init__(self, game: str | Ruleset[Any], scenario: str | None = None, *, width: int = DEFAULT_WIDTH, max_moves: int = 4000,
                 obs_bytes: int = OBS_BYTES, options: dict[str, Any] | None = None, render_mode: str | None = None):
        super().__init__()
        self._setup(game, scenario, width, max_moves, obs_bytes, options, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start(seed)
        out = self._out()
        self.agents = [a for a in self.possible_agents if a not in out]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: self._info(a) for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._selected()

    def _selected(self) -> Seat:
        deciding = self.table.deciding()
        return deciding[0] if deciding else self.agents[0]

    def observe(self, agent: Seat) -> dict[str, np.ndarray]:
        return self._observe(agent)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: only a finished agent steps with None")
        self._cumulative_rewards[agent] = 0.0
        self.table.act(agent, int(action))
        self._moved()
        over, out = self.table.over(), self._out()
        returns = dict(zip(self.table.seats, self.table.returns())) if over else {}
        for a in self.agents:
            self.rewards[a] = float(returns.get(a, 0.0))
            self.terminations[a] = (over and not self.table.cut) or a in out
            self.truncations[a] = self.table.cut
            self.infos[a] = self._info(a)
        self._accumulate_rewards()
        self.agent_selection = self._selected()
        self._deads_step_first()


def parallel_env(game: str | Ruleset[Any], scenario: str | None = None, **options: Any) -> HexfleetParallelEnv:
    """The parallel environment of hexfleet ``game`` (a registered name, or a ruleset) and
    ``scenario`` (options: ``width``,
    ``max_moves``, ``obs_bytes``, ``render_mode`` and the game's rule ``options``)."""
    return HexfleetParallelEnv(game, scenario, **options)


def env(game: str | Ruleset[Any], scenario: str | None = None, **options: Any) -> HexfleetAECEnv:
    """The AEC environment of hexfleet ``game`` and ``scenario`` (options as :func:`parallel_env`)."""
    return HexfleetAECEnv(game, scenario, **options)
