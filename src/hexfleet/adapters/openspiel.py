"""Every hexfleet game as an OpenSpiel game (``pip install 'hexfleet[rl]'``).

``load_game(game, scenario, **options)`` returns a registered Python ``pyspiel.Game``
(short name :data:`SHORT_NAME`; ``pyspiel.load_game("python_hexfleet(game=...,scenario=...)")``
works too), built from the kernel alone by :class:`~hexfleet.adapters.table.Table`:

* **Players** are the scenario's seats, in the scenario's order.
* **Dynamics**: simultaneous for games whose seats decide in secret together (the ruleset's
  ``dynamics`` is not ``"sequential"``): a node where several seats have a sub-action open is a
  simultaneous node, the others being asked nothing (no legal actions); a node where one seat
  decides is an ordinary node of that player. ``pyspiel.convert_to_turn_based`` works on them.
* **Chance**: the first node is chance, drawing the game's seed among ``seeds`` equally likely
  values; every later draw (dice, cards, shuffles) follows from the seed, which no player sees.
* **Actions** are the table's sub-actions: ``range(width)`` for every game and scenario (see
  :mod:`hexfleet.adapters.table` for the encoding).
* **Information**: ``information_state_string`` is the player's own log (every resolved step
  as the kernel shows it to that seat), its view and its own sub-actions at the open decision;
  ``observation_string`` is the view and that progress alone, and ``observation_tensor`` that
  string's bytes / 255, zero-padded to ``obs_bytes``. Nothing else of the state enters.
* **Returns**: zero-sum, +1 shared by the winners and -1 by the losers; a draw is 0 for all. A
  game cut at ``max_moves`` moves (sub-actions and simultaneous rounds) is a draw.
* **Serialisation**: OpenSpiel's own (the game string and the action history).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from ..engine.ruleset import Ruleset, Seat
from ..games import get_ruleset
from .table import DEFAULT_WIDTH, Table

SHORT_NAME = "python_hexfleet"

_PARAMETERS: dict[str, Any] = {
    "game": "",
    "scenario": "",
    "options": "{}",  # the game's rule options, as a JSON object
    "width": DEFAULT_WIDTH,
    "max_moves": 2000,
    "seeds": 16,
    "obs_bytes": 32768,
}


def _game_type(dynamics: Any) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="hexfleet (any registered game and scenario)",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_PARAMETERS,
    )


@dataclass(frozen=True)
class _Spec:
    """What a state needs of its game. OpenSpiel clones states with ``copy.deepcopy``, which
    rebuilds the game object without its Python attributes; this is shared by every copy."""

    ruleset: Ruleset[Any]
    scenario: str
    rule_options: dict[str, Any]
    seats: tuple[Seat, ...]
    width: int
    max_moves: int
    seeds: int
    obs_bytes: int
    simultaneous: bool

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _spec, (self.ruleset.name, self.scenario, self.rule_options, self.width, self.max_moves, self.seeds,
                       self.obs_bytes)


def _spec(game: str, scenario: str | None, rule_options: dict[str, Any], width: int, max_moves: int, seeds: int,
          obs_bytes: int) -> _Spec:
    ruleset = get_ruleset(game)
    scenario = ruleset.scenario(scenario or None)
    return _Spec(ruleset, scenario, rule_options, tuple(ruleset.scenarios()[scenario].seats), width, max_moves, seeds,
                 obs_bytes, ruleset.dynamics != "sequential")


class HexfleetGame(pyspiel.Game):
    """One hexfleet game and scenario (parameters as in :data:`_PARAMETERS`)."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_PARAMETERS, **(params or {})}
        if not params["game"]:
            raise ValueError("python_hexfleet needs a game parameter (a registered hexfleet game name)")
        self.spec = _spec(str(params["game"]), str(params["scenario"]), json.loads(str(params["options"])),
                          int(params["width"]), int(params["max_moves"]), int(params["seeds"]), int(params["obs_bytes"]))
        dynamics = pyspiel.GameType.Dynamics.SIMULTANEOUS if self.spec.simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL
        super().__init__(
            _game_type(dynamics),
            pyspiel.GameInfo(num_distinct_actions=self.spec.width, max_chance_outcomes=self.spec.seeds,
                             num_players=len(self.spec.seats), min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                             max_game_length=self.spec.max_moves + 1),
            {**params, "scenario": self.spec.scenario},
        )

    def new_initial_state(self) -> HexfleetState:
        return HexfleetState(self, self.spec)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return _Observer(iig_obs_type, self.spec.obs_bytes)


class HexfleetState(pyspiel.State):
    """A game in progress: a :class:`Table` after the opening chance draw of the seed."""

    def __init__(self, game: HexfleetGame, spec: _Spec):
        super().__init__(game)
        self._game = spec
        self.table = Table(spec.ruleset, spec.scenario, options=spec.rule_options, width=spec.width)
        self.moves = 0

    def _seat(self, player: int) -> Seat:
        return self._game.seats[player]

    def current_player(self) -> int:
        if not self.table.started:
            return int(pyspiel.PlayerId.CHANCE)
        deciding = self.table.deciding()
        if not deciding:
            return int(pyspiel.PlayerId.TERMINAL)
        if len(deciding) > 1 and self._game.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._game.seats.index(deciding[0])

    def _legal_actions(self, player: int) -> list[int]:
        if not self.table.started or player < 0:
            return []
        deciding = self.table.deciding()
        current = self.current_player()
        if current >= 0 and player != current or self._seat(player) not in deciding:
            return []
        return self.table.legal_actions(self._seat(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._game.seeds
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if not self.table.started:
            self.table.start(int(action))
        else:
            self.table.act(self._seat(self.current_player()), int(action))
        self._moved()

    def _apply_actions(self, actions: list[int]) -> None:
        deciding = set(self.table.deciding())
        self.table.act_all({seat: int(a) for seat, a in zip(self._game.seats, actions) if seat in deciding})
        self._moved()

    def _moved(self) -> None:
        self.moves += 1
        if self.moves > self._game.max_moves and not self.table.over():
            self.table.cut = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return f"{self._game.seats[player] if player >= 0 else player}:{action}"

    def is_terminal(self) -> bool:
        return self.table.started and self.table.over()

    def returns(self) -> list[float]:
        return self.table.returns() if self.table.started else [0.0] * len(self._game.seats)

    def __str__(self) -> str:
        """A debugging line (OpenSpiel's ``ToString``): how far the game is; the secrets stay out."""
        if not self.table.started:
            return "hexfleet: before the seed is drawn"
        return f"hexfleet {self._game.ruleset.name}/{self._game.scenario}: decision {self.table.decisions}, " \
               f"deciding {self.table.deciding()}, move {self.moves}"


class _Observer:
    """OpenSpiel's Python observer, from one player's view only. The observation tensor is the
    observation string's UTF-8 bytes, each divided by 255, zero-padded to ``obs_bytes`` (what
    OpenSpiel's RL environment feeds a network); an information state has no fixed size, so it
    is a string only."""

    def __init__(self, iig_obs_type: Any, obs_bytes: int):
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        self.tensor = np.zeros(0 if self.perfect_recall else obs_bytes, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: HexfleetState, player: int) -> None:
        if self.perfect_recall:
            return
        data = self.string_from(state, player).encode("utf-8")
        if len(data) > len(self.tensor):
            raise ValueError(f"the observation takes {len(data)} bytes, more than obs_bytes={len(self.tensor)}")
        self.tensor.fill(0.0)
        self.tensor[:len(data)] = np.frombuffer(data, np.uint8) / 255.0

    def string_from(self, state: HexfleetState, player: int) -> str:
        seat = None if self.public_only else state._seat(player)
        if self.perfect_recall:
            return state.table.information_state(seat)
        return state.table.observation(seat)


pyspiel.register_game(_game_type(pyspiel.GameType.Dynamics.SIMULTANEOUS), HexfleetGame)


def load_game(game: str, scenario: str | None = None, **options: Any) -> Any:
    """The OpenSpiel game of hexfleet ``game`` and ``scenario``. ``options`` are the adapter's
    (``width``, ``max_moves``, ``seeds``) and, under ``options``, the game's rule options."""
    unknown = set(options) - set(_PARAMETERS) - {"options"}
    if unknown:
        known = ", ".join(sorted(set(_PARAMETERS) - {"game", "scenario"}))
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; known: {known}")
    params: dict[str, Any] = {"game": game, "scenario": scenario or ""}
    for key, value in options.items():
        params[key] = json.dumps(value, sort_keys=True) if key == "options" else value
    return pyspiel.load_game(SHORT_NAME, params)
